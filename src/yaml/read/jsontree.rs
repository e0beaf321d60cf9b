//! A JSON value read straight into the tree the YAML reader builds for its text, at JSON
//! speed: one pass over the bytes, no tokens or events in between.
//!
//! Only for a value the YAML grammar reads as JSON does ([`super::split::Chunk::direct`]: an
//! object or an array that encoding/json's scanner passed, without a `\/` escape, a surrogate
//! escape, a NEL/LS/PS character, or a key whose `:` the YAML scanner would not take for its
//! value indicator). For such a text the YAML reader gives, and so this gives:
//! - objects and arrays as flow collections, spanning from their `{`/`[` to after their
//!   `}`/`]`; every key kept in order, a repeated one too (the meaning decides later which wins);
//! - strings as double-quoted scalars holding their unescaped content (JSON's escapes are YAML's
//!   too), their text kept as their `source` where the emitter would write it otherwise (escapes, or characters it escapes) and the YAML reader reads it (no control
//!   character);
//! - numbers, `true`, `false` and `null` as plain scalars holding their text;
//! - positions counted as the YAML scanner counts them: lines broken at LF, CR or CRLF,
//!   columns in characters from the start of the line, on the value's first line from the
//!   start of the value (the scanner reads the value on its own).
//!
//! The items of a root `items:` array go to the [`ItemSink`] as they are finished, exactly
//! when the YAML reader hands them out, and an item it refuses stops the reading with the same
//! problem, at the same place.
//! A sink that takes the pipeline's trees ([`ItemSink::takes_nodes`]) is handed each item read
//! straight into one (`jsontree::nodes`), the reader's tree, its meaning check and its conversion
//! skipped where the item's meaning passes the quick check.

use super::compose::{decoder_problem, first_control, ItemSink, Locator};
use super::limits::{DEPTH_MESSAGE, MAX_DEPTH};
use super::scanner::{Mark, Problem};
use super::{Kind, Pos, RNode, Span, Style};
use crate::yaml::scalar::style::needs_escapes;

/// An element of a JSON list's `items` array, `text` its value alone (JSON that encoding/json's
/// scanner passed, in a list whose reading is straight: see [`super::split::Chunk::direct`]),
/// read straight into the pipeline's tree: what [`compose`] hands a sink that takes such trees
/// for the element read within its list, without the list around it. `None` where that reading
/// gives up (the caller then reads the element within its list, its own way).
pub(crate) fn item_alone(text: &str) -> Option<crate::yaml::Node> {
    alone::<false>(text)
}

/// [`item_alone`] for an element found by its brackets, not read
/// ([`super::gojson::read_value_items_unchecked`]): the same tree, where the text is one JSON
/// value that encoding/json's scanner reads, straight (see [`super::split::Chunk::direct`]: no
/// `\/` escape, no surrogate's `\u`, no NEL, LS or PS, every key's `:` on its line within
/// [`super::gojson::KEY_SPAN`] bytes of its quote). `None` where it is not, or where that
/// reading gives up.
pub(crate) fn item_checked(text: &str) -> Option<crate::yaml::Node> {
    alone::<true>(text)
}

/// [`item_alone`], with `CHECK` [`item_checked`].
fn alone<const CHECK: bool>(text: &str) -> Option<crate::yaml::Node> {
    let at = Locator::alone_json(text);
    let mut r = Cursor::new(text, &at);
    // The stacks of each thread, kept from one element to the next (grown once, not for each).
    thread_local! {
        static SCRATCH: std::cell::RefCell<nodes::Scratch> = Default::default();
    }
    let node = SCRATCH.with_borrow_mut(|scratch| {
        let node = nodes::item::<CHECK>(&mut r, scratch, Some(0));
        // (Not kept at the size of an uncommon element: at most a few hundred kilobytes.)
        scratch.bound(1 << 10);
        node
    })?;
    r.skip_space();
    (r.i == text.len()).then_some(node)
}

/// A collection being read, and its key waiting for a value; its children so far are the
/// shared stack's ([`Children`]) from `from` on.
struct Frame {
    node: RNode,
    pending_key: Option<RNode>,
    from: usize,
}

/// The children of the open collections, on one stack each for items and entries: a
/// collection's vector is made at its length when it closes (grown as it was read, every
/// vector doubled its slack and its copies; a large CRD's tree held a third more).
#[derive(Default)]
struct Children {
    items: Vec<RNode>,
    entries: Vec<(RNode, RNode)>,
}

/// Reads the JSON value `text` (a chunk's text, placed in the stream by `at`): its root, or the
/// problem that stops the reading (an item `sink` refuses, or one nested too deep).
pub(super) fn compose(
    text: &str,
    at: &Locator,
    mut sink: Option<&mut dyn ItemSink>,
) -> Result<Option<RNode>, Problem> {
    let mut r = Cursor::new(text, at);
    let mut stack: Vec<Frame> = Vec::new();
    let mut children = Children::default();
    let mut scratch = nodes::Scratch::default();
    loop {
        r.skip_space();
        let Some(&c) = r.bytes.get(r.i) else {
            // Not reached for a whole value: its root ends it.
            return Ok(None);
        };
        let start = r.i;
        // An item for a sink that takes the pipeline's trees is read straight into one, unless
        // its reading gives up (then it is read below, from where it starts).
        if let Some(sink) = sink
            .as_deref_mut()
            .filter(|s| s.takes_nodes() && !matches!(c, b',' | b':' | b'}' | b']'))
            .filter(|_| at_root_items(&stack))
        {
            let saved = r.clone();
            if let Some(node) = nodes::item::<false>(&mut r, &mut scratch, None) {
                sink.item_node(node, at.offset(start));
                continue;
            }
            r = saved;
        }
        let (built, mark) = match c {
            b',' | b':' => {
                r.i += 1;
                continue;
            }
            b'{' | b'[' => {
                let mark = r.mark(start);
                if stack.len() >= MAX_DEPTH {
                    return Err(decoder_problem(DEPTH_MESSAGE.into(), mark));
                }
                let is_seq = c == b'[';
                if let Some(sink) = sink.as_deref_mut() {
                    if is_seq && stack.len() == 1 && root_key_is_items(&stack) {
                        sink.opened(false, true, true);
                    }
                }
                let (kind, from) = match is_seq {
                    true => (
                        Kind::Seq {
                            items: Vec::new(),
                            flow: true,
                        },
                        children.items.len(),
                    ),
                    false => (
                        Kind::Map {
                            entries: Vec::new(),
                            flow: true,
                        },
                        children.entries.len(),
                    ),
                };
                let span_start = r.pos_of(mark);
                r.i += 1;
                let span = Span {
                    start: span_start,
                    end: span_start,
                };
                stack.push(Frame {
                    node: RNode::bare(span, kind),
                    pending_key: None,
                    from,
                });
                continue;
            }
            b'}' | b']' => {
                let mark = r.mark(start);
                if let Some(sink) = sink.as_deref_mut() {
                    if at_root_items(&stack) {
                        sink.end(r.pos_of(mark).offset);
                    }
                }
                let Some(frame) = stack.pop() else {
                    return Err(decoder_problem("unbalanced collection end".into(), mark));
                };
                r.i += 1;
                let mut node = frame.node;
                match &mut node.kind {
                    Kind::Seq { items, .. } => {
                        *items = nodes::take_from(&mut children.items, frame.from)
                    }
                    Kind::Map { entries, .. } => {
                        *entries = nodes::take_from(&mut children.entries, frame.from)
                    }
                    Kind::Scalar { .. } => {}
                }
                node.span.end = r.pos(r.i);
                (node, mark)
            }
            b'"' => {
                let mark = r.mark(start);
                let (value, source) = r.quoted();
                let span = Span {
                    start: r.pos_of(mark),
                    end: r.pos(r.i),
                };
                let kind = Kind::Scalar {
                    value,
                    style: Style::Double,
                    implicit: false,
                    json: true,
                    source,
                };
                (RNode::bare(span, kind), mark)
            }
            _ => {
                let mark = r.mark(start);
                let value = r.plain().to_string();
                let span = Span {
                    start: r.pos_of(mark),
                    end: r.pos(r.i),
                };
                let kind = Kind::Scalar {
                    value,
                    style: Style::Plain,
                    implicit: true,
                    json: true,
                    source: None,
                };
                (RNode::bare(span, kind), mark)
            }
        };
        if let Some(sink) = sink.as_deref_mut().filter(|_| at_root_items(&stack)) {
            sink.item(built)
                .map_err(|e| decoder_problem(e.to_string(), mark))?;
            continue;
        }
        let Some(parent) = stack.last_mut() else {
            return Ok(Some(built));
        };
        match &parent.node.kind {
            Kind::Seq { .. } => children.items.push(built),
            Kind::Map { .. } => match parent.pending_key.take() {
                Some(k) => children.entries.push((k, built)),
                None => parent.pending_key = Some(built),
            },
            Kind::Scalar { .. } => {}
        }
    }
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

/// Where the reading is, and the line and column of what was read last.
#[derive(Clone)]
struct Cursor<'t, 'a> {
    text: &'t str,
    bytes: &'t [u8],
    at: &'a Locator,
    /// The next byte to read.
    i: usize,
    /// The 0-based line of the text the reading is on, and the byte it starts at.
    line: usize,
    line_start: usize,
    /// The characters from `line_start` to `counted` (a byte not after `i`).
    column: usize,
    counted: usize,
    /// The text is ASCII: a column is a count of bytes.
    ascii: bool,
    /// How many places read so far the JSON writer would write otherwise: white space
    /// between tokens, a string with an escape, a number that is no int64 as Go writes it
    /// (a collection is copied where none is within it, see `nodes`).
    unwritten: usize,
}

impl<'t, 'a> Cursor<'t, 'a> {
    fn new(text: &'t str, at: &'a Locator) -> Self {
        Cursor {
            text,
            bytes: text.as_bytes(),
            at,
            i: 0,
            line: 0,
            line_start: 0,
            column: 0,
            counted: 0,
            ascii: text.is_ascii(),
            unwritten: 0,
        }
    }

    /// Moves past white space, counting its line breaks (CR LF as one).
    #[inline(always)]
    fn skip_space(&mut self) {
        // (A one-line text has none between most tokens.)
        if matches!(self.bytes.get(self.i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.skip_some_space();
        }
    }

    /// [`Self::skip_space`] where there is some.
    fn skip_some_space(&mut self) {
        self.unwritten += 1;
        while let Some(&b) = self.bytes.get(self.i) {
            match b {
                b' ' | b'\t' => self.i += 1,
                b'\n' | b'\r' => {
                    self.i += 1;
                    if b == b'\r' && self.bytes.get(self.i) == Some(&b'\n') {
                        self.i += 1;
                    }
                    self.line += 1;
                    self.line_start = self.i;
                    self.column = 0;
                    self.counted = self.i;
                }
                _ => return,
            }
        }
    }

    /// The mark of byte `i` (on the current line, not before the last one asked for).
    fn mark(&mut self, i: usize) -> Mark {
        let column = match self.ascii {
            true => i - self.line_start,
            false => {
                // Every byte but a UTF-8 continuation byte starts a character.
                let chars = self.bytes[self.counted..i]
                    .iter()
                    .filter(|&&b| (b as i8) >= -0x40)
                    .count();
                self.column += chars;
                self.counted = i;
                self.column
            }
        };
        Mark {
            index: i,
            line: self.line,
            column,
        }
    }

    fn pos_of(&self, m: Mark) -> Pos {
        self.at.pos(m)
    }

    fn pos(&mut self, i: usize) -> Pos {
        let m = self.mark(i);
        self.pos_of(m)
    }

    /// Reads the number or literal (`true`, `false`, `null`) at the reading place: its text.
    fn plain(&mut self) -> &'t str {
        let start = self.i;
        let len = self.bytes[start..]
            .iter()
            .position(
                |&b| !matches!(b, b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z' | b'.' | b'+' | b'-'),
            )
            .unwrap_or(self.bytes.len() - start);
        self.i += len.max(1);
        &self.text[start..self.i]
    }

    /// Reads the string whose opening quote is at the reading place, to after its closing
    /// quote: its content, and its text where the scalar keeps it as its source (where the
    /// emitter would write it otherwise, and the YAML reader reads it: no control character).
    fn quoted(&mut self) -> (String, Option<Box<str>>) {
        let Some((value, source, _)) = self.quoted_as::<false>() else {
            unreachable!("a string read unchecked is read")
        };
        (value, source)
    }

    /// [`Self::quoted`], with `CHECK` only a string that encoding/json's scanner reads and the
    /// YAML grammar reads as it does (see [`item_checked`]): `None` for any other. Also whether
    /// it held an escape.
    #[inline(always)]
    fn quoted_as<const CHECK: bool>(&mut self) -> Option<(String, Option<Box<str>>, bool)> {
        let start = self.i;
        let (value, escaped, printable) = self.string::<CHECK>()?;
        let src = &self.text[start..self.i];
        // Printable ASCII needs no escape: `needs_escapes` would pass it.
        let kept =
            (escaped || (!printable && needs_escapes(&value))) && first_control(src).is_none();
        Some((value, kept.then(|| src.into()), escaped))
    }

    /// Reads the string whose opening quote is at the reading place, to after its closing
    /// quote: its content, whether it held an escape, and whether it is printable ASCII
    /// (U+0020 to U+007E) without an escape. With `CHECK`, `None` where the scanner or the
    /// YAML grammar reads it otherwise (see [`Self::quoted_as`]).
    fn string<const CHECK: bool>(&mut self) -> Option<(String, bool, bool)> {
        let (text, bytes) = (self.text, self.bytes);
        let mut i = self.i + 1;
        let mut value = String::new();
        let (mut escaped, mut printable) = (false, false);
        loop {
            // The quote and the backslash are ASCII: `text` may be cut before them.
            let found = match escaped {
                false => super::strings::quote_or_backslash_printable(&bytes[i..]),
                true => super::strings::quote_or_backslash(&bytes[i..]).map(|n| (n, false)),
            };
            let Some((n, run_printable)) = found else {
                // Not reached unchecked: the text is a whole JSON value.
                if CHECK {
                    return None;
                }
                i = text.len();
                break;
            };
            let run = &text[i..i + n];
            if CHECK && !run_printable && !plain_run(run) {
                return None;
            }
            i += n;
            if bytes[i] == b'"' {
                match escaped {
                    false => (value, printable) = (run.to_string(), run_printable),
                    true => value.push_str(run),
                }
                i += 1;
                break;
            }
            escaped = true;
            value.push_str(run);
            let c = match bytes.get(i + 1) {
                Some(b'b') => '\u{8}',
                Some(b'f') => '\u{c}',
                Some(b'n') => '\n',
                Some(b'r') => '\r',
                Some(b't') => '\t',
                Some(b'u') => {
                    let hex = text.get(i + 2..i + 6).unwrap_or("");
                    if CHECK && !(hex.len() == 4 && hex.bytes().all(|c| c.is_ascii_hexdigit())) {
                        return None;
                    }
                    let code = u32::from_str_radix(hex, 16).unwrap_or(0xfffd);
                    i += 4;
                    // Not a surrogate: the chunk is direct (checked, the YAML grammar refuses
                    // one).
                    match char::from_u32(code) {
                        Some(c) => c,
                        None if CHECK => return None,
                        None => '\u{fffd}',
                    }
                }
                // (`\/` is JSON's, which the YAML grammar refuses.)
                Some(&c) if !CHECK || matches!(c, b'"' | b'\\') => char::from(c),
                _ if CHECK => return None,
                Some(&c) => char::from(c),
                None => break,
            };
            value.push(c);
            i += 2;
        }
        self.i = i;
        Some((value, escaped, printable))
    }
}

/// Whether a run of a string's bytes (without a quote or a backslash) is one encoding/json's
/// scanner reads, as the YAML grammar does: no control character, no NEL, LS or PS.
fn plain_run(run: &str) -> bool {
    !run.bytes().any(|c| c < 0x20) && !super::gojson::has_yaml_break(run.as_bytes())
}

mod nodes;
#[cfg(test)]
mod tests;
