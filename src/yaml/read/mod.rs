//! The YAML reader: a stream read exactly as `kubectl apply -f` reads it, in one pass, every
//! node carrying where it lies in the text.
//!
//! kubectl reads a stream in three stages, and so does this module:
//! - **Splitting** ([`split`], apimachinery's YAML reader): the stream is cut into documents at
//!   lines that start with `---`; such a line may hold nothing else but blanks and a comment
//!   (`--- !!map` or `--- |` is `invalid Yaml document separator: ...`). Each line is read
//!   without its line break and given back a `\n` (so a last line without one gets it). A stream
//!   whose first non-blank character is `{` is JSON: its values are the documents. An object
//!   or array that the YAML grammar reads as JSON does is read straight into the same tree
//!   ([`jsontree`]), at JSON speed.
//! - **Syntax** ([`scanner`], [`parser`]): each document is read with libyaml's grammar as
//!   go-yaml v2 runs it (YAML 1.1 line breaks, tabs after indicators, a comment right after a
//!   quoted scalar, `...` ending the document and everything after it ignored, `%YAML 1.1`
//!   only), and composed into a [`RNode`] tree ([`compose`]): anchors are remembered when their
//!   node starts, an alias becomes a copy of its anchored node (`unknown anchor 'x' referenced`;
//!   an alias inside its own anchor's node is `anchor 'x' value contains itself`), kubectl's
//!   limits apply (see [`limits`]: depth, alias ratio, control characters).
//! - **Meaning** ([`decode`]): each tree is converted to JSON as sigs.k8s.io/yaml converts
//!   go-yaml v2's value: YAML 1.1 resolution, core tags checked against the text, `!!binary`
//!   decoded, merge keys, non-string keys written as strings (a null or collection key refused),
//!   integers as int64 (else float64) and no NaN or infinity.
//!
//! A refusal ([`Refusal`]) names the document (0-based), line and column (1-based, in the
//! stream) and go-yaml's cause. Positions ([`Pos`]) are byte offsets into the stream with
//! 1-based lines and columns (in characters); every node has its [`Span`], so its source text
//! is `&text[span.start.offset..span.end.offset]`.

pub(crate) mod brackets;
pub mod compose;
pub mod decode;
pub mod gojson;
pub mod jsontree;
pub mod jsonvalue;
pub mod limits;
pub mod parser;
pub mod scanner;
pub mod split;
pub(crate) mod strings;
#[cfg(test)]
mod tests;

pub use scanner::Style;

/// A position in the stream: byte offset, 1-based line and column (in characters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pos {
    pub offset: usize,
    pub line: usize,
    pub column: usize,
}

/// Where a node lies: from its first character (its anchor or tag, if any) to just after its
/// last one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Span {
    pub start: Pos,
    pub end: Pos,
}

impl Span {
    /// The node's source text.
    pub fn text<'a>(&self, stream: &'a str) -> &'a str {
        stream
            .get(self.start.offset..self.end.offset.min(stream.len()))
            .unwrap_or("")
    }
}

/// A node as read, with its span and its properties.
#[derive(Clone, Debug, PartialEq)]
pub struct RNode {
    pub span: Span,
    /// Its anchor, alias and tag, when it has one of them (few nodes have: boxed, so that
    /// the nodes a read moves are small).
    pub names: Option<Box<Names>>,
    pub kind: Kind,
}

/// The names a node may carry.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Names {
    /// The anchor it was given (`&name`).
    pub anchor: Option<Box<str>>,
    /// When this node is the copy an alias (`*name`) stands for: the alias name (the span is
    /// the alias's).
    pub alias: Option<Box<str>>,
    /// The resolved tag (`tag:yaml.org,2002:str`, `!local`, `!`), if written.
    pub tag: Option<Box<str>>,
    /// Where a scalar's text starts when it is not where the node starts (after its anchor
    /// and tag; an alias's copy: where its anchored scalar's text starts).
    pub text_start: Option<Pos>,
}

impl RNode {
    /// A node without anchor, alias or tag.
    pub(super) fn bare(span: Span, kind: Kind) -> RNode {
        RNode {
            span,
            names: None,
            kind,
        }
    }

    /// A node with these names (boxed only when there is one).
    pub fn named(
        span: Span,
        anchor: Option<Box<str>>,
        alias: Option<Box<str>>,
        tag: Option<Box<str>>,
        kind: Kind,
    ) -> RNode {
        let names = (anchor.is_some() || alias.is_some() || tag.is_some()).then(|| {
            Box::new(Names {
                anchor,
                alias,
                tag,
                text_start: None,
            })
        });
        RNode { span, names, kind }
    }

    /// Where its text starts: after its anchor and tag (a scalar's).
    pub fn text_start(&self) -> Pos {
        self.names
            .as_deref()
            .and_then(|n| n.text_start)
            .unwrap_or(self.span.start)
    }

    /// The anchor it was given (`&name`).
    pub fn anchor(&self) -> Option<&str> {
        self.names.as_deref()?.anchor.as_deref()
    }

    /// The alias it is the copy of (`*name`).
    pub fn alias(&self) -> Option<&str> {
        self.names.as_deref()?.alias.as_deref()
    }

    /// Its resolved tag, if written.
    pub fn tag(&self) -> Option<&str> {
        self.names.as_deref()?.tag.as_deref()
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    Scalar {
        /// The content (escapes resolved, lines folded).
        value: String,
        style: Style,
        /// Plain and untagged (or tagged `!`): its meaning comes from its text.
        implicit: bool,
        /// Read from a JSON document (see [`crate::yaml::Scalar::json`]).
        json: bool,
        /// Its text, where a passthrough must write it so (see [`crate::yaml::Scalar::source`]).
        source: Option<Box<str>>,
    },
    Seq {
        items: Vec<RNode>,
        flow: bool,
    },
    Map {
        entries: Vec<(RNode, RNode)>,
        flow: bool,
    },
}

/// One document of a stream as kubectl reads it.
#[derive(Clone, Debug, PartialEq)]
pub struct Document {
    /// Its place among the stream's documents (empty ones included).
    pub index: usize,
    /// The part of the stream it was read from (without its `---` line).
    pub range: std::ops::Range<usize>,
    /// Read as a JSON value (a stream whose first character is `{`).
    pub json: bool,
    /// Its root node; `None` when the document holds no node (only comments, or nothing).
    pub root: Option<RNode>,
}

/// A stream kubectl refuses: where and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub document: usize,
    /// 1-based line and column in the stream (0 when go-yaml names no position).
    pub line: usize,
    pub column: usize,
    /// go-yaml's (or apimachinery's, or encoding/json's) cause, as it words it.
    pub message: String,
}

impl From<Refusal> for super::YamlError {
    fn from(r: Refusal) -> Self {
        super::YamlError {
            document: r.document,
            line: r.line,
            column: r.column,
            message: r.message,
        }
    }
}

/// Reads every document of a stream, as kubectl does: syntax and meaning. The first refusal
/// ends the reading.
pub fn read_stream(text: &str) -> Result<Vec<Document>, Refusal> {
    let mut docs = Vec::new();
    for doc in Reader::new(text) {
        docs.push(doc?);
    }
    Ok(docs)
}

/// The documents of a stream one at a time (see [`read_stream`]). After a refusal it yields
/// nothing more.
pub struct Reader<'a> {
    text: &'a str,
    chunks: split::Chunks<'a>,
    index: usize,
    done: bool,
    /// Whether each document's meaning is checked ([`decode::check`]) before it is handed out.
    check: bool,
}

impl<'a> Reader<'a> {
    pub fn new(text: &'a str) -> Self {
        Reader::of_chunks(text, split::Chunks::new(text))
    }

    fn of_chunks(text: &'a str, chunks: split::Chunks<'a>) -> Self {
        Reader {
            text,
            chunks,
            index: 0,
            done: false,
            check: true,
        }
    }

    /// A reader of `text`, one JSON object known to read (see [`split::Chunks::json_object`]).
    pub fn json_object(text: &'a str, direct: bool, json_only: bool) -> Self {
        Reader::of_chunks(text, split::Chunks::json_object(text, direct, json_only))
    }

    /// A reader that hands out documents without checking their meaning: only the syntax
    /// refuses. The caller checks each document ([`decode::check`]) that it cannot show
    /// to be fine otherwise.
    pub fn unchecked(self) -> Self {
        Reader {
            check: false,
            ..self
        }
    }
}

impl Reader<'_> {
    /// The next document, the items of its root `items:` sequence handed to `sink` (see
    /// [`compose::document_split`]): each item is checked as kubectl decodes it before it is
    /// handed out, the rest of the document after it is read.
    pub fn next_split(
        &mut self,
        sink: Option<&mut dyn compose::ItemSink>,
    ) -> Option<Result<Document, Refusal>> {
        if self.done {
            return None;
        }
        let index = self.index;
        let result = match self.chunks.next()? {
            Err(e) => Err(e.at(index)),
            Ok(mut chunk) => {
                self.index += 1;
                let instead = chunk.instead.take();
                let read = read_chunk(self.text, &chunk, index, self.check, sink);
                read.map_err(|refusal| instead.map_or(refusal, |e| e.at(index)))
            }
        };
        if result.is_err() {
            self.done = true;
        }
        Some(result)
    }

    /// The documents left, as the next calls would take them (each with its index), when
    /// each is YAML (not a JSON value, not after one) and no separator line is refused: each
    /// can then be read alone ([`read_chunk`]), as kubectl decodes each document it split
    /// off. The reader is left as it was. `None` otherwise, or once a document was refused.
    pub fn yaml_ahead(&self) -> Option<Vec<(usize, split::Chunk)>> {
        if self.done {
            return None;
        }
        let found = self.chunks.clone().zip(self.index..);
        let yaml = |(chunk, index): (Result<split::Chunk, _>, usize)| {
            chunk
                .ok()
                .filter(|c| !c.json && c.instead.is_none())
                .map(|c| (index, c))
        };
        found.map(yaml).collect()
    }
}

/// Document `index` of `text`, `chunk` its part (split off the stream by [`split::Chunks`]),
/// read as a [`Reader`] reads it (`check`: its meaning checked too), its root `items:`
/// sequence handed to `sink` if any.
pub fn read_chunk(
    text: &str,
    chunk: &split::Chunk,
    index: usize,
    check: bool,
    sink: Option<&mut dyn compose::ItemSink>,
) -> Result<Document, Refusal> {
    let doc = compose::document_split(text, chunk, index, sink)?;
    if let Some(root) = doc.root.as_ref().filter(|_| check) {
        decode::check(root).map_err(|m| Refusal {
            document: index,
            line: 0,
            column: 0,
            message: m.to_string(),
        })?;
    }
    Ok(doc)
}

impl Iterator for Reader<'_> {
    type Item = Result<Document, Refusal>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_split(None)
    }
}

/// The crate's lossless tree for a node as read (aliases already copies; anchors dropped).
/// A flow collection written on one line, outside any other flow collection and not empty, is
/// marked `one_line` (the emitter writes it in flow style again).
pub fn to_node(n: RNode) -> super::Node {
    to_node_in(n, false)
}

/// [`to_node`] for a node inside a flow collection when `in_flow`.
pub fn to_node_in(n: RNode, in_flow: bool) -> super::Node {
    convert(n, in_flow, false)
}

/// [`to_node_in`]; `in_copy` for the nodes inside the copy an alias stands for, whose anchors
/// are not their own (written out, they would name the copy's nodes a second time).
fn convert(n: RNode, in_flow: bool, in_copy: bool) -> super::Node {
    use super::{Anchor, Mapping, Node, Props, Scalar, ScalarStyle, Sequence};
    let Names {
        anchor, alias, tag, ..
    } = n.names.map(|b| *b).unwrap_or_default();
    let tag = tag.as_deref().map(tag_text);
    let one_line = |flow: bool, empty: bool| {
        flow && !in_flow && !empty && n.span.start.line == n.span.end.line
    };
    let anchor = match (alias, anchor) {
        (Some(name), _) => Some(Anchor::AliasOf(name)),
        (None, Some(name)) if !in_copy => Some(Anchor::Named(name)),
        _ => None,
    };
    let in_copy = in_copy || matches!(anchor, Some(Anchor::AliasOf(_)));
    match n.kind {
        Kind::Scalar {
            value,
            style,
            json,
            source,
            ..
        } => Node::Scalar(Scalar {
            value,
            style: match style {
                Style::Plain => ScalarStyle::Plain,
                Style::Single => ScalarStyle::SingleQuoted,
                Style::Double => ScalarStyle::DoubleQuoted,
                Style::Literal => ScalarStyle::Literal,
                Style::Folded => ScalarStyle::Folded,
            },
            json,
            props: Props::new(tag.map(Into::into), source, anchor),
        }),
        Kind::Seq { items, flow } => Node::Seq(Sequence {
            one_line: one_line(flow, items.is_empty()),
            items: fresh(items, |i| convert(i, flow, in_copy)),
            flow,
            props: Props::new(tag.map(Into::into), None, anchor),
            span: crate::yaml::Span::NONE,
        }),
        Kind::Map { entries, flow } => Node::Map(Mapping {
            one_line: one_line(flow, entries.is_empty()),
            entries: fresh(entries, |(k, v)| {
                (convert(k, flow, in_copy), convert(v, flow, in_copy))
            }),
            flow,
            props: Props::new(tag.map(Into::into), None, anchor),
            span: crate::yaml::Span::NONE,
        }),
    }
}

/// `from`'s items converted into a new vector of their length. Collected straight, the result
/// would reuse `from`'s buffer in place (std's in-place iteration), sized for the reader's
/// larger nodes: a tree read held 2.3 times the memory its nodes take.
fn fresh<T, U>(from: Vec<T>, f: impl FnMut(T) -> U) -> Vec<U> {
    let mut to = Vec::with_capacity(from.len());
    to.extend(from.into_iter().map(f));
    to
}

/// A resolved tag as the emitter writes it: `!!suffix` for the YAML tags, `!suffix` for local
/// ones, `!` for the non-specific one, `!<uri>` (escaped) otherwise.
fn tag_text(tag: &str) -> String {
    let uri = |c: char| c.is_ascii_alphanumeric() || "-;/?:@&=+$,_.!~*'()[]".contains(c);
    let short =
        |rest: &str| !rest.is_empty() && rest.chars().all(|c| uri(c) && !"!,[]{}".contains(c));
    if tag == "!" {
        return tag.to_string();
    }
    match tag.strip_prefix("tag:yaml.org,2002:") {
        Some(rest) if short(rest) => format!("!!{rest}"),
        _ if tag.starts_with('!') && short(&tag[1..]) => tag.to_string(),
        _ => {
            let mut out = String::from("!<");
            for c in tag.chars() {
                if uri(c) {
                    out.push(c);
                } else {
                    let mut buf = [0u8; 4];
                    for b in c.encode_utf8(&mut buf).bytes() {
                        out.push_str(&format!("%{b:02X}"));
                    }
                }
            }
            out.push('>');
            out
        }
    }
}
