//! Composing one document's events into a [`RNode`] tree, as go-yaml v2's parser builds its
//! nodes: anchors are remembered when their node starts (a later one of the same name wins),
//! an alias becomes a copy of its anchored node, kubectl's limits are checked as the tree grows
//! (nesting depth with aliases expanded, the alias ratio before any copy is made, control
//! characters). Only the first document of a chunk is read, as go-yaml's `Unmarshal` reads
//! only the first: after its end (`...`) nothing more is looked at.

use super::limits::{Budget, DEPTH_MESSAGE, MAX_DEPTH};
use super::parser::{Ev, Event, Parser};
use super::scanner::{is_break, Mark, Problem, Stage};
use super::split::Chunk;
use super::{Document, Kind, Names, Pos, RNode, Refusal, Span, Style};
use crate::yaml::emit::{block_header, block_indicators, single_ok};
use crate::yaml::scalar::style::needs_escapes;
use std::collections::HashMap;

/// go-yaml's reader's message for a character YAML does not allow.
pub const CONTROL_MESSAGE: &str = "control characters are not allowed";

/// The size of the blocks go-yaml's reader reads and checks the text in.
const READ_BLOCK: usize = 512;

/// Where the items of a document's root `items:` sequence go when they are handed out one at a
/// time instead of kept in the tree (see [`crate::yaml::parse::Documents::next_split`]).
pub trait ItemSink {
    /// A sequence (`flow`: written `[...]`) was opened as the value of a root mapping's `items`
    /// key. `spanned`: its items' marks are their own (not so in encoding/json's reading of a
    /// value, whose nodes all span the whole value: see [`super::jsonvalue`]).
    fn opened(&mut self, anchored: bool, flow: bool, spanned: bool);
    /// An item of that sequence, finished (`Err`: the reading stops with this cause).
    fn item(&mut self, item: RNode) -> Result<(), super::decode::DecodeError>;
    /// That sequence ends at byte offset `at` of the stream (where its end event is).
    fn end(&mut self, at: usize);
    /// Whether it takes an item of a JSON list as the tree the pipeline works on, read
    /// straight from the text ([`Self::item_node`]) where it can be.
    fn takes_nodes(&self) -> bool {
        false
    }
    /// An item of that sequence read straight into the pipeline's tree (only for a sink that
    /// [`Self::takes_nodes`]), starting at byte offset `start` of the stream: what
    /// [`super::to_node_in`] makes, within the flow sequence, of the item [`Self::item`] would
    /// be given, whose meaning passes [`super::decode::plainly_fine_unnamed`].
    fn item_node(&mut self, item: crate::yaml::Node, start: usize) {
        let _ = (item, start);
    }
}

/// Reads the document of `chunk` (a part of `stream`).
pub fn document(stream: &str, chunk: &Chunk, index: usize) -> Result<Document, Refusal> {
    document_split(stream, chunk, index, None)
}

/// Reads the document of `chunk`, the items of its root `items:` sequence handed to `sink`
/// (when there is one) instead of kept: that sequence stays in the tree, empty.
pub fn document_split(
    stream: &str,
    chunk: &Chunk,
    index: usize,
    sink: Option<&mut dyn ItemSink>,
) -> Result<Document, Refusal> {
    let text = &stream[chunk.range.clone()];
    let at = Locator {
        offset: chunk.range.start,
        end: chunk.range.end,
        line: chunk.line,
        json: chunk.json,
    };
    let control = if chunk.json {
        None
    } else {
        first_control(text)
    };
    if chunk.json && chunk.json_only {
        // The YAML reader stops at the escape it refuses, if not before, or folds a NEL, LS or
        // PS: encoding/json's reading stands, and the YAML reader's refusal only when that one
        // fails too.
        if let Some(doc) = json_fallback(stream, chunk, index, sink) {
            return Ok(doc);
        }
        return document_split(
            stream,
            &Chunk {
                json_only: false,
                ..chunk.clone()
            },
            index,
            None,
        );
    }
    let composed = match chunk.direct {
        true => super::jsontree::compose(text, &at, sink)
            .map(|root| (root, text.len()))
            .map_err(|p| (p, text.len())),
        false => compose(text, &at, sink),
    };
    let refusal = |p: Problem| Refusal {
        document: index,
        line: at.pos(p.mark).line,
        column: at.pos(p.mark).column,
        message: p.problem,
    };
    let control_refusal = |i: usize| {
        let line_start = text[..i].rfind('\n').map_or(0, |j| j + 1);
        Refusal {
            document: index,
            line: chunk.line + text[..i].matches('\n').count() + 1,
            column: text[line_start..i].chars().count() + 1,
            message: CONTROL_MESSAGE.to_string(),
        }
    };
    // go-yaml's reader checks the text in blocks of 512 bytes, as the scanner (looking up to
    // 3 characters ahead) first needs a character of the block: a refused character is found
    // when its block was read before the scanner stopped.
    let seen = |c: usize, scanned: usize| c / READ_BLOCK <= (scanned + 3) / READ_BLOCK;
    match (composed, control) {
        (Err((_, scanned)), Some(c)) if seen(c, scanned) => Err(control_refusal(c)),
        (Err((p, _)), _) if chunk.json => {
            json_fallback(stream, chunk, index, None).ok_or(refusal(p))
        }
        (Err((p, _)), _) => Err(refusal(p)),
        (Ok((_, scanned)), Some(c)) if seen(c, scanned) => Err(control_refusal(c)),
        (Ok((root, _)), _) => Ok(Document {
            index,
            range: chunk.range.clone(),
            json: chunk.json,
            root,
        }),
    }
}

/// A JSON value the YAML reader cannot read as encoding/json does (`"\/"`, a NEL in a
/// string: see [`super::split::Chunk::json_only`]): read by encoding/json
/// ([`super::jsonvalue`]), every node spanning the whole value. With a `sink`, the items of the
/// root's `items` array go to it as they are read (with no spans of their own). `None` when
/// encoding/json refuses the value too, or the sink refused an item.
fn json_fallback(
    stream: &str,
    chunk: &Chunk,
    index: usize,
    sink: Option<&mut dyn ItemSink>,
) -> Option<Document> {
    let text = &stream[chunk.range.clone()];
    let span = Span {
        start: Pos {
            offset: chunk.range.start,
            line: chunk.line + 1,
            column: 1,
        },
        end: Pos {
            offset: chunk.range.end,
            line: chunk.line + 1 + text.matches('\n').count(),
            column: 1,
        },
    };
    let root = super::jsonvalue::read(text, span, sink, chunk.range.end).ok()?;
    Some(Document {
        index,
        range: chunk.range.clone(),
        json: true,
        root: Some(root),
    })
}

/// Converts a chunk's marks to stream positions.
pub(super) struct Locator {
    offset: usize,
    end: usize,
    line: usize,
    /// The chunk is a JSON value.
    json: bool,
}

impl Locator {
    /// The place of a JSON text read on its own: a stream of its own, whose only chunk it is.
    pub(super) fn alone_json(text: &str) -> Self {
        Locator {
            offset: 0,
            end: text.len(),
            line: 0,
            json: true,
        }
    }

    /// The byte offset in the stream of byte `index` of the chunk.
    pub(super) fn offset(&self, index: usize) -> usize {
        (self.offset + index).min(self.end)
    }

    pub(super) fn pos(&self, m: Mark) -> Pos {
        Pos {
            offset: self.offset(m.index),
            line: self.line + m.line + 1,
            column: m.column + 1,
        }
    }
}

/// The byte offset of the first character go-yaml's reader refuses: anything but tab, line
/// feed, carriage return, U+0020–U+007E, U+0085, U+00A0–U+D7FF, U+E000–U+FFFD and U+10000 up.
pub fn first_control(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut at = 0;
    loop {
        // Whole blocks of printable ASCII are passed over first (a check without an early
        // exit, which the compiler runs on many bytes at once); the byte-at-a-time search
        // starts in the first block holding anything else.
        while let Some(block) = bytes.get(at..at + 32) {
            if !block.iter().fold(true, |ok, &b| ok & printable_ascii(b)) {
                break;
            }
            at += 32;
        }
        let n = bytes[at..].iter().position(|&b| !printable_ascii(b))?;
        at += n;
        if bytes[at] < 0x80 {
            return Some(at);
        }
        let c = text[at..].chars().next()?;
        if !matches!(c, '\u{85}' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
        {
            return Some(at);
        }
        at += c.len_utf8();
    }
}

/// Tab, line feed, carriage return and U+0020–U+007E: the ASCII go-yaml's reader takes.
fn printable_ascii(b: u8) -> bool {
    (0x20..0x7f).contains(&b) | (b == b'\t') | (b == b'\n') | (b == b'\r')
}

/// A finished node with what decoding it costs (see [`Budget`]) and its height.
#[derive(Clone)]
struct Built {
    node: RNode,
    cost: usize,
    height: usize,
}

enum Anchor {
    /// Started, not finished (an alias to it would be inside it).
    Open(usize),
    Done(Box<Built>),
}

/// An open collection. Its finished children wait on the composer's stacks of children (a
/// sequence's items on one, a mapping's entries on the other, from `first` on) and are moved
/// into the collection's own `Vec` when it ends, in one copy into one allocation of its final
/// size, where a `Vec` grown child by child would be allocated and copied again at each
/// doubling.
struct Frame {
    node: RNode,
    /// Where its children start on their stack.
    first: usize,
    pending_key: Option<RNode>,
    start_cost: usize,
    height: usize,
    /// Its anchor and the id it was opened with.
    anchor: Option<(String, usize)>,
}

pub(super) fn decoder_problem(problem: String, mark: Mark) -> Problem {
    Problem {
        stage: Stage::Decoder,
        problem,
        mark,
        context: mark,
    }
}

/// Composes the first document of `text`: its root (`None` when the text holds no document)
/// and the byte offset (in `text`) up to which the scanner read, or the problem and that
/// offset.
fn compose(
    text: &str,
    at: &Locator,
    sink: Option<&mut dyn ItemSink>,
) -> Result<(Option<RNode>, usize), (Problem, usize)> {
    let mut parser = Parser::new(text);
    let result = compose_events(&mut parser, text, at, sink);
    let scanned = parser.scanner.mark().index;
    result.map(|root| (root, scanned)).map_err(|p| (p, scanned))
}

/// The text of a scalar from `start` to `end`, when the emitter would not write it back so (see
/// [`crate::yaml::Scalar::source`]); `in_flow`: it is inside a flow collection.
fn kept_source(
    text: &str,
    style: Style,
    value: &str,
    start: Mark,
    end: Mark,
    in_flow: bool,
) -> Option<Box<str>> {
    let src = text.get(start.index..end.index)?;
    // Most scalars are short: a byte loop costs less there than the SIMD search's set-up.
    let lines = match src.len() {
        0..32 => src.bytes().any(|b| b == b'\n'),
        _ => memchr::memchr(b'\n', src.as_bytes()).is_some(),
    };
    let keep = match style {
        // Escapes or folding (the content differs from the text), or characters the emitter
        // escapes.
        Style::Double => {
            let inner = src.get(1..src.len().saturating_sub(1)).unwrap_or("");
            lines || inner != value || needs_escapes(inner)
        }
        Style::Single => lines || !single_ok(value),
        // Its lines are folded: the emitter would fold them its own way. Not from a flow
        // collection (written in block style when it spans lines): there a plain scalar may
        // end with `:` (before `}`), which in block context would start a value.
        Style::Plain => lines && !in_flow,
        Style::Literal | Style::Folded => return block_source(src, value, style == Style::Folded),
    };
    // The emitter writes a text's lines as ending at `\n` (or `\r\n`): one with a lone `\r`
    // is written anew from its value (looked for only in a text that would be kept).
    if !keep || lone_cr(src) {
        return None;
    }
    // A JSON string may hold characters a YAML reader refuses (DEL, C1 controls): it is written
    // anew, escaped.
    first_control(src).is_none().then(|| src.into())
}

/// Whether `src` holds a `\r` that is not part of a `\r\n`.
fn lone_cr(src: &str) -> bool {
    let bytes = src.as_bytes();
    memchr::memchr_iter(b'\r', bytes).any(|i| bytes.get(i + 1) != Some(&b'\n'))
}

/// A block scalar's header line (indicators and comment), when it is not the writer's own but
/// holds the same value under the writer's lines: an indentation indicator (the writer
/// indents the lines by it, see `emit::scalar::write_block`), `+` where the writer clips (it
/// writes no trailing blank line), a comment.
fn block_source(src: &str, value: &str, folded: bool) -> Option<Box<str>> {
    // The header line ends at the first line break, of any kind YAML 1.1 has.
    let cut = src.find(is_break).unwrap_or(src.len());
    let header = src[..cut].trim_end();
    let indicators = block_indicators(header)?;
    let indicated = indicators.contains(|c: char| c.is_ascii_digit());
    if folded {
        // The lines as the scanner reads them: CR LF, CR and NEL are each a LF.
        let body = match src[cut..].contains(['\r', '\u{85}']) {
            true => src[cut..]
                .replace("\r\n", "\n")
                .replace(['\r', '\u{85}'], "\n")
                .into(),
            false => std::borrow::Cow::Borrowed(&src[cut..]),
        };
        let body = body.strip_prefix('\n').unwrap_or(&body);
        if let Some(kept) = folded_source(header, body, value, indicated) {
            return Some(kept);
        }
    }
    let own = block_header(value, folded);
    if header == own {
        return None;
    }
    let chomp = |h: &str| h.chars().find(|&c| c == '+' || c == '-');
    let (read, written) = (chomp(indicators), chomp(&own));
    let chomp_ok = read == written || (read == Some('+') && written.is_none());
    ((indicated || !own.contains('2')) && chomp_ok).then(|| header.into())
}

/// A folded scalar's header and its lines as written, moved to column 0 (the lines of spaces
/// below their indentation left empty): the writer would fold the value its own way. Only for
/// lines broken by LF (or what reads as one); none when no line holds text. Without an indentation indicator
/// the lines find their indentation at the writer's column; with one (`indicated`) they are
/// moved from the column it gives (the first text line's, less the spaces that start `value`)
/// and written at the column it gives there.
fn folded_source(header: &str, body: &str, value: &str, indicated: bool) -> Option<Box<str>> {
    // Only lines broken by LF: LS and PS (see `is_break`) would not be moved to the column.
    if body.contains(|c: char| c != '\n' && is_break(c)) {
        return None;
    }
    let lines: Vec<&str> = body
        .strip_suffix('\n')
        .unwrap_or(body)
        .split('\n')
        .collect();
    let spaces = |l: &str| l.len() - l.trim_start_matches(' ').len();
    let first = lines
        .iter()
        .find(|l| !l.trim_start_matches(' ').is_empty())
        .map(|l| spaces(l))?;
    let column = match indicated {
        false => first,
        true => {
            // The value's first line is the first text line (the lines before it are empty).
            let line = value.trim_start_matches('\n').split('\n').next()?;
            if line.trim_start_matches(' ').is_empty() {
                return None;
            }
            first.checked_sub(spaces(line))?
        }
    };
    let mut kept = String::from(header);
    for line in lines {
        kept.push('\n');
        kept.push_str(line.get(column..).unwrap_or(""));
    }
    Some(kept.into())
}

/// Whether the root mapping (the first open frame) waits for the value of an `items` key.
fn root_key_is_items(stack: &[Frame]) -> bool {
    matches!(
        stack.first(),
        Some(Frame { pending_key: Some(RNode { kind: Kind::Scalar { value, .. }, .. }), node: RNode { kind: Kind::Map { .. }, .. }, .. }) if value == "items"
    )
}

/// Whether the next finished node is an item of the root `items:` sequence.
fn at_root_items(stack: &[Frame]) -> bool {
    stack.len() == 2 && matches!(stack[1].node.kind, Kind::Seq { .. }) && root_key_is_items(stack)
}

fn compose_events(
    parser: &mut Parser<'_>,
    text: &str,
    at: &Locator,
    mut sink: Option<&mut dyn ItemSink>,
) -> Result<Option<RNode>, Problem> {
    let mut stack: Vec<Frame> = Vec::new();
    let mut items: Vec<RNode> = Vec::new();
    let mut entries: Vec<(RNode, RNode)> = Vec::new();
    let mut anchors: HashMap<String, Anchor> = HashMap::new();
    let mut budget = Budget::default();
    let mut root: Option<RNode> = None;
    let mut next_id = 0usize;
    loop {
        let Some(Event { ev, start, end }) = parser.next_event()? else {
            return Ok(root);
        };
        let span = Span {
            start: at.pos(start),
            end: at.pos(end),
        };
        let is_seq = matches!(ev, Ev::SequenceStart { .. });
        let built = match ev {
            Ev::StreamStart | Ev::DocumentStart => continue,
            Ev::StreamEnd | Ev::DocumentEnd => return Ok(root),
            Ev::Alias(name) => {
                let target = match anchors.get(&name) {
                    None => {
                        let msg = format!("unknown anchor '{name}' referenced");
                        return Err(decoder_problem(msg, start));
                    }
                    Some(Anchor::Open(_)) => {
                        let msg = format!("anchor '{name}' value contains itself");
                        return Err(decoder_problem(msg, start));
                    }
                    Some(Anchor::Done(b)) => b,
                };
                if stack.len() + target.height > MAX_DEPTH {
                    return Err(decoder_problem(DEPTH_MESSAGE.into(), start));
                }
                budget
                    .alias(target.cost)
                    .map_err(|m| decoder_problem(m.into(), start))?;
                let mut node = target.node.clone();
                let text_start = node.text_start();
                node.span = span;
                let tag = node.names.take().and_then(|n| n.tag);
                node.names = Some(Box::new(Names {
                    anchor: None,
                    alias: Some(name.into()),
                    tag,
                    text_start: Some(text_start),
                }));
                Built {
                    node,
                    cost: target.cost + 1,
                    height: target.height,
                }
            }
            Ev::Scalar {
                value,
                style,
                plain_implicit,
                props,
            } => {
                let text_start = props.as_ref().map_or(start, |p| p.text_start);
                budget.node();
                let in_flow = stack.last().is_some_and(|f| {
                    matches!(
                        f.node.kind,
                        Kind::Seq { flow: true, .. } | Kind::Map { flow: true, .. }
                    )
                });
                let source = kept_source(text, style, &value, text_start, end, in_flow);
                // Only a scalar with an anchor or a tag has names, and its text starts after
                // them.
                let names = props.map(|p| {
                    Box::new(Names {
                        anchor: p.anchor.map(Into::into),
                        alias: None,
                        tag: p.tag.map(Into::into),
                        text_start: Some(at.pos(text_start)),
                    })
                });
                let anchor = names.as_deref().and_then(|n| n.anchor.clone());
                let node = RNode {
                    span,
                    names,
                    kind: Kind::Scalar {
                        value,
                        style,
                        implicit: plain_implicit,
                        json: at.json,
                        source,
                    },
                };
                let built = Built {
                    node,
                    cost: 1,
                    height: 0,
                };
                if let Some(a) = anchor {
                    anchors.insert(a.into(), Anchor::Done(Box::new(built.clone())));
                }
                built
            }
            Ev::SequenceStart { props, flow } | Ev::MappingStart { props, flow } => {
                if stack.len() >= MAX_DEPTH {
                    return Err(decoder_problem(DEPTH_MESSAGE.into(), start));
                }
                let (anchor, tag) = props.map_or((None, None), |p| (p.anchor, p.tag));
                let kind = if is_seq {
                    Kind::Seq {
                        items: Vec::new(),
                        flow,
                    }
                } else {
                    Kind::Map {
                        entries: Vec::new(),
                        flow,
                    }
                };
                if let Some(sink) = sink.as_deref_mut() {
                    if is_seq && stack.len() == 1 && root_key_is_items(&stack) {
                        sink.opened(anchor.is_some(), flow, true);
                    }
                }
                let start_cost = budget.decoded;
                budget.node();
                let anchor_id = anchor.clone().map(|a| {
                    next_id += 1;
                    anchors.insert(a.clone(), Anchor::Open(next_id));
                    (a, next_id)
                });
                stack.push(Frame {
                    node: RNode::named(
                        span,
                        anchor.map(Into::into),
                        None,
                        tag.map(Into::into),
                        kind,
                    ),
                    first: if is_seq { items.len() } else { entries.len() },
                    pending_key: None,
                    start_cost,
                    height: 0,
                    anchor: anchor_id,
                });
                continue;
            }
            Ev::SequenceEnd | Ev::MappingEnd => {
                if let Some(sink) = sink.as_deref_mut() {
                    if at_root_items(&stack) {
                        sink.end(at.pos(start).offset);
                    }
                }
                let Some(frame) = stack.pop() else {
                    return Err(decoder_problem("unbalanced collection end".into(), start));
                };
                let mut node = frame.node;
                match &mut node.kind {
                    Kind::Seq { items: own, .. } => *own = take_from(&mut items, frame.first),
                    Kind::Map { entries: own, .. } => *own = take_from(&mut entries, frame.first),
                    Kind::Scalar { .. } => {}
                }
                let flow = matches!(
                    node.kind,
                    Kind::Seq { flow: true, .. } | Kind::Map { flow: true, .. }
                );
                node.span.end = if flow { span.end } else { last_end(&node) };
                let built = Built {
                    node,
                    cost: budget.decoded - frame.start_cost,
                    height: frame.height + 1,
                };
                if let Some((name, id)) = frame.anchor {
                    if matches!(anchors.get(&name), Some(Anchor::Open(i)) if *i == id) {
                        anchors.insert(name, Anchor::Done(Box::new(built.clone())));
                    }
                }
                built
            }
        };
        if let Some(sink) = sink.as_deref_mut().filter(|_| at_root_items(&stack)) {
            stack[1].height = stack[1].height.max(built.height);
            sink.item(built.node)
                .map_err(|e| decoder_problem(e.to_string(), start))?;
            continue;
        }
        if let Some(parent) = stack.last_mut() {
            parent.height = parent.height.max(built.height);
            match &mut parent.node.kind {
                Kind::Seq { .. } => items.push(built.node),
                Kind::Map { .. } => match parent.pending_key.take() {
                    Some(k) => entries.push((k, built.node)),
                    None => parent.pending_key = Some(built.node),
                },
                Kind::Scalar { .. } => {}
            }
        } else {
            root = Some(built.node);
        }
    }
}

/// The elements of `stack` from `first` on, moved in one copy into a `Vec` of their number
/// (`split_off` at 0 would hand over the stack's whole allocation instead).
fn take_from<T>(stack: &mut Vec<T>, first: usize) -> Vec<T> {
    if first > 0 {
        return stack.split_off(first);
    }
    let mut own = Vec::with_capacity(stack.len());
    own.append(stack);
    own
}

/// The end of a block collection: the end of its last node (its start when empty).
fn last_end(node: &RNode) -> Pos {
    let last = match &node.kind {
        Kind::Seq { items, .. } => items.last().map(|n| n.span.end),
        Kind::Map { entries, .. } => entries.last().map(|(_, v)| v.span.end),
        Kind::Scalar { .. } => None,
    };
    last.unwrap_or(node.span.end).max_by_offset(node.span.end)
}

impl Pos {
    fn max_by_offset(self, other: Pos) -> Pos {
        if other.offset > self.offset {
            other
        } else {
            self
        }
    }
}
