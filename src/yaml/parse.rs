//! Reading a YAML stream into lossless [`Node`] trees, exactly as kubectl reads it: the
//! documents come from the reader with go-yaml v2's grammar ([`super::read`]), each converted
//! to the crate's tree ([`super::read::to_node`]).
//!
//! Every scalar keeps its content, style and tag; maps keep their key order; collections
//! remember whether they were written in flow style. Anchors are kept, and aliases are expanded
//! into copies of their anchored node that remember the alias (see [`super::Anchor`]).
//! Comments, directives and document markers are
//! dropped: the emitter writes none of them back. A stream kubectl refuses is refused with
//! go-yaml's cause, its document, line and column.
//!
//! [`Documents`] yields one document at a time, so a caller can process and write a long stream
//! without holding every tree in memory; [`parse_stream`] collects them all.

use super::read::{self, compose::ItemSink, decode, Document, RNode};
use super::{Node, Scalar, YamlError};
use std::ops::Range;

pub mod ahead;

/// Parses every document of a YAML stream as kubectl splits and reads it. A document holding
/// no node (only comments) comes back as a plain empty scalar (null); an empty stream gives no
/// document. Aliases are expanded into copies of their anchored node (which remember the
/// alias). Comments are dropped.
pub fn parse_stream(text: &str) -> Result<Vec<Node>, YamlError> {
    Documents::new(text).collect()
}

/// A streaming reader: yields the documents of a YAML stream one at a time. After an error it
/// yields nothing more.
pub struct Documents<'a> {
    text: &'a str,
    reader: read::Reader<'a>,
}

/// What a split document's root `items:` key held (see [`Documents::next_split`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ItemsSeen {
    /// Block or flow sequences opened as the value of a root `items` key (their items were
    /// handed out; each stays in the tree as an empty sequence).
    pub sequences: usize,
    /// One of them carried an anchor (an alias to it would see the empty sequence).
    pub anchored: bool,
}

/// What receives a split document's items: the item and its span of the input, if it has one.
pub type OnItem<'f> = dyn FnMut(Node, Option<Range<usize>>) + 'f;

/// A document and its span of the input, if it has one.
pub type Spanned = (Node, Option<Range<usize>>);

impl<'a> Documents<'a> {
    pub fn new(text: &'a str) -> Self {
        Documents {
            text,
            reader: read::Reader::new(text),
        }
    }

    /// The documents of `text`, one JSON object known to read (see
    /// [`read::Reader::json_object`]).
    pub fn json_object(text: &'a str, direct: bool, json_only: bool) -> Self {
        Documents {
            text,
            reader: read::Reader::json_object(text, direct, json_only),
        }
    }

    /// The next document, with every item of its root mapping's `items:` sequence handed to
    /// `on_item` in order instead of kept, with its span in the input when it has one: from
    /// the start of the line of its `- ` indicator (only indentation before it) to the start of
    /// the next item's line, or of the line that ends the sequence. A caller can so keep an
    /// unchanged item as that slice of the input instead of a copy (it checks that the slice
    /// reads back as the same item). Items not alone after their `- `, or holding an alias, get
    /// no span. The tree comes back with that sequence empty, and [`ItemsSeen`] tells whether
    /// (and how) it was split. So a long list can be processed one item at a time.
    pub fn next_split(
        &mut self,
        on_item: &mut OnItem<'_>,
    ) -> Option<Result<(Node, ItemsSeen), YamlError>> {
        let mut splitter = Splitter {
            text: self.text,
            on_item,
            held: None,
            flow: false,
            spanned: true,
            seen: ItemsSeen::default(),
        };
        let doc = self.reader.next_split(Some(&mut splitter))?;
        let seen = splitter.seen;
        Some(doc.map(|d| (root_node(d), seen)).map_err(YamlError::from))
    }

    /// The next document and its span of the input: the part of the stream kubectl read it
    /// from (without its `---` line). No span for a document of a JSON stream.
    pub fn next_spanned(&mut self) -> Option<Result<Spanned, YamlError>> {
        let doc = self.reader.next()?;
        Some(doc.map(spanned).map_err(YamlError::from))
    }

    /// The documents left, found ahead by their separator lines, when each can be read alone
    /// ([`read::Reader::yaml_ahead`]): each is read by [`document_ahead`] (given as an
    /// [`ahead::Item::document`]) as [`Self::next_spanned`] would read it. This reader is left
    /// as it was.
    pub fn ahead(&self) -> Option<Vec<(usize, read::split::Chunk)>> {
        self.reader.yaml_ahead()
    }
}

/// A document read and its span of the input (see [`Documents::next_spanned`]).
fn spanned(d: Document) -> Spanned {
    let span = (!d.json && !d.range.is_empty()).then(|| d.range.clone());
    (root_node(d), span)
}

/// Document `index` of `text`, found ahead as `chunk` ([`Documents::ahead`]), read alone:
/// what [`Documents::next_spanned`] gives of it; `None` when it does not read.
pub fn document_ahead(text: &str, chunk: &read::split::Chunk, index: usize) -> Option<Spanned> {
    read::read_chunk(text, chunk, index, true, None)
        .ok()
        .map(spanned)
}

impl Iterator for Documents<'_> {
    type Item = Result<Node, YamlError>;

    fn next(&mut self) -> Option<Self::Item> {
        let doc = self.reader.next()?;
        Some(doc.map(root_node).map_err(YamlError::from))
    }
}

/// A document's tree; one holding no node is a plain empty scalar.
fn root_node(doc: Document) -> Node {
    match doc.root {
        Some(r) => read::to_node(r),
        None => Node::Scalar(Scalar::plain("")),
    }
}

/// Hands out the items of a root `items:` sequence with their spans (see
/// [`Documents::next_split`]). An item is held until where it ends is known.
struct Splitter<'t, 'f, 'g> {
    text: &'t str,
    on_item: &'f mut OnItem<'g>,
    /// The item finished last and the start of its line (when it may have a span).
    held: Option<(Node, Option<usize>)>,
    /// The sequence being split is a flow one.
    flow: bool,
    /// Its items' marks are their own (see [`ItemSink::opened`]).
    spanned: bool,
    seen: ItemsSeen,
}

impl Splitter<'_, '_, '_> {
    fn flush(&mut self, end: Option<usize>) {
        if let Some((node, start)) = self.held.take() {
            let span = start.zip(end).filter(|(s, e)| s < e).map(|(s, e)| s..e);
            (self.on_item)(node, span);
        }
    }
}

impl ItemSink for Splitter<'_, '_, '_> {
    fn opened(&mut self, anchored: bool, flow: bool, spanned: bool) {
        self.seen.sequences += 1;
        self.seen.anchored |= anchored;
        self.flow = flow;
        self.spanned = spanned;
    }

    fn item(&mut self, item: RNode) -> Result<(), decode::DecodeError> {
        // Most items have no anchor, alias or tag: one walk says they pass and hold no alias.
        let unnamed = decode::plainly_fine_unnamed(&item);
        if !unnamed {
            decode::check(&item)?;
        }
        let start = match self.spanned {
            true => item_line_start(self.text, item.span.start.offset),
            false => None,
        };
        self.flush(start);
        let clean = unnamed || !has_alias(&item);
        let node = read::to_node_in(item, self.flow);
        self.held = Some((node, start.filter(|_| clean)));
        Ok(())
    }

    fn takes_nodes(&self) -> bool {
        true
    }

    fn item_node(&mut self, item: Node, start: usize) {
        let start = match self.spanned {
            true => item_line_start(self.text, start),
            false => None,
        };
        self.flush(start);
        self.held = Some((item, start));
    }

    fn end(&mut self, at: usize) {
        // Where the sequence ends matters only to a held item with a start (finding the start
        // of its line looks back over the line, all of a one-line JSON text).
        let spanned = self.held.as_ref().is_some_and(|(_, start)| start.is_some());
        let end = match at >= self.text.len() {
            true => self.text.len(),
            false if spanned => line_start(self.text, at),
            false => at,
        };
        self.flush(Some(end));
    }
}

fn has_alias(n: &RNode) -> bool {
    n.alias().is_some()
        || match &n.kind {
            read::Kind::Scalar { .. } => false,
            read::Kind::Seq { items, .. } => items.iter().any(has_alias),
            read::Kind::Map { entries, .. } => {
                entries.iter().any(|(k, v)| has_alias(k) || has_alias(v))
            }
        }
}

/// The start of the line holding `at`: after the last line break before it, any of YAML 1.1's
/// (CR, LF, NEL, LS, PS), as the scanner counts lines.
fn line_start(text: &str, at: usize) -> usize {
    text[..at]
        .char_indices()
        .rev()
        .find(|&(_, c)| read::scanner::is_break(c))
        .map_or(0, |(i, c)| i + c.len_utf8())
}

/// Whether `text` ends with a line break (any of YAML 1.1's).
fn ends_with_break(text: &str) -> bool {
    text.chars()
        .next_back()
        .is_some_and(read::scanner::is_break)
}

/// The start of the line of an item that starts at `at`, when only indentation and a `- `
/// indicator precede it there.
fn item_line_start(text: &str, at: usize) -> Option<usize> {
    // Backwards from `at` over what may precede it (never further: on a long line, such as
    // one-line JSON, looking for the line start of every item would be quadratic).
    let bytes = text.as_bytes();
    let spaces = |mut i: usize| {
        while i > 0 && bytes[i - 1] == b' ' {
            i -= 1;
        }
        i
    };
    let dash = spaces(at);
    if dash == at || dash == 0 || bytes[dash - 1] != b'-' {
        return None;
    }
    let start = spaces(dash - 1);
    (start == 0 || ends_with_break(&text[..start])).then_some(start)
}

#[cfg(test)]
mod tests;
