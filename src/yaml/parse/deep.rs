//! Flow collections nested deeper than saphyr-parser reads (255 levels), up to kubectl's limit,
//! or indented less than it wants.
//!
//! kubectl reads flow YAML and JSON nested up to 10,000 levels; saphyr-parser stops at 256
//! flow levels (`recursion limit exceeded`). kubectl does not check the indentation of flow
//! content; saphyr-parser does (`invalid indentation in flow construct`). When a document fails
//! so, it is read again with
//! each outermost flow collection that went too deep cut out of the text (replaced by `[]` or
//! `{}` and spaces, line breaks kept, so every other position stays the same) and read by
//! [`FlowReader`] instead, straight into the same tree (so depth and alias limits apply as
//! everywhere). The reader takes the flow syntax JSON and hand-written flow YAML use: nested
//! `[...]`/`{...}`, double-quoted, single-quoted and plain scalars (multi-line ones folded),
//! comments, anchors, aliases to anchors of the same collection, and tags; anything else
//! (explicit `?` keys, pairs inside sequences, collection keys, aliases across the cut) is
//! refused with the original error.

use super::spans::OnItem;
use super::tree::{Built, Tree};
use super::Documents;
use crate::yaml::{Node, Scalar, ScalarStyle, YamlError};
use std::collections::HashMap;

/// saphyr-parser's message for flow content nested too deep for it.
pub(super) const SAPHYR_LIMIT: &str = "recursion limit exceeded";

/// At most this many collections are cut out of one document (each costs a re-read of it).
const MAX_CUTS: usize = 64;

/// The flow collections of a document read by [`FlowReader`]: the original text and the byte
/// offsets of their opening brackets (the text being parsed has them blanked out).
#[derive(Clone, Default)]
pub(super) struct Cuts<'a> {
    pub original: &'a str,
    pub at: Vec<usize>,
}

/// Reads `doc` (one document's text) with every too-deep flow collection read by
/// [`FlowReader`]; `Err(None)` when that cannot be done (the caller keeps its first error).
pub(super) fn parse_deep(doc: &str) -> Result<Vec<Node>, Option<YamlError>> {
    let mut cut_at: Vec<usize> = Vec::new();
    let mut text = doc.to_string();
    for _ in 0..=MAX_CUTS {
        let mut docs = Documents::strict(&text);
        docs.cuts = Some(Cuts {
            original: doc,
            at: cut_at.clone(),
        });
        let read: Result<Vec<Node>, YamlError> = docs.by_ref().collect();
        let err = match read {
            Ok(nodes) => return Ok(nodes),
            Err(e) if e.message == SAPHYR_LIMIT => e,
            Err(e) if matches!(docs.fix, Some((super::relax::Fix::Line(_), _))) => e,
            Err(e) => return Err(Some(e)),
        };
        let at = docs.flow_root;
        if cut_at.contains(&at) || !matches!(doc.as_bytes().get(at), Some(b'[' | b'{')) {
            return Err(None);
        }
        let end = FlowReader::new(doc, at).skip().map_err(|_| Some(err))?;
        blank(&mut text, at, end);
        cut_at.push(at);
    }
    Err(None)
}

/// Replaces `text[at..end]` (a flow collection) with its brackets and blanks, line breaks kept.
fn blank(text: &mut String, at: usize, end: usize) {
    let mut bytes = std::mem::take(text).into_bytes();
    let close = if bytes[at] == b'[' { b']' } else { b'}' };
    for b in &mut bytes[at + 1..end] {
        if *b != b'\n' && *b != b'\r' {
            *b = b' ';
        }
    }
    bytes[at + 1] = close;
    *text = String::from_utf8(bytes).expect("ASCII replaced by ASCII, whole characters");
}

/// Where the reader is inside one open collection.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// A sequence before an item, or a mapping before a key.
    Entry,
    /// A mapping after a key.
    Colon,
    /// A mapping after `key:`.
    Value,
    /// After an item or a value.
    Next,
}

/// A reader of one flow collection (see the module doc), from its opening bracket.
pub(super) struct FlowReader<'t, 'f> {
    text: &'t str,
    pos: usize,
    line: usize,
    anchors: HashMap<&'t str, usize>,
    /// The next anchor id to give out (above saphyr-parser's, see [`FlowReader::read`]).
    next_id: usize,
    /// Open collections: whether a mapping, the state, the line of the opening bracket, and
    /// for a mapping the line of a comma after its last entry.
    stack: Vec<(bool, State, usize, Option<usize>)>,
    /// Where the items a splitting tree hands out go (see [`Tree::add`]).
    sink: Option<&'f mut OnItem<'f>>,
}

type Fail = &'static str;

impl<'t, 'f> FlowReader<'t, 'f> {
    pub(super) fn new(text: &'t str, at: usize) -> Self {
        FlowReader {
            text,
            pos: at,
            line: 0,
            anchors: HashMap::new(),
            next_id: usize::MAX / 2,
            stack: Vec::new(),
            sink: None,
        }
    }

    /// The same, handing the items a splitting tree gives back to `sink` (without a span).
    pub(super) fn splitting(text: &'t str, at: usize, sink: &'f mut OnItem<'f>) -> Self {
        FlowReader {
            sink: Some(sink),
            ..FlowReader::new(text, at)
        }
    }

    /// Adds a finished node to `tree`; an item the tree hands out goes to the sink.
    fn add(&mut self, tree: &mut Tree, built: Built, anchor: usize) {
        if let (Some(item), Some(sink)) = (tree.add(built, anchor), self.sink.as_mut()) {
            sink(item, None);
        }
    }

    /// Finds the end (the byte after the closing bracket) without building anything.
    pub(super) fn skip(mut self) -> Result<usize, Fail> {
        self.run(None, None, 0)?;
        Ok(self.pos)
    }

    /// Reads the collection into `tree` (its tag and anchor id from the parser's start event).
    /// An error comes with the line (counted from the opening bracket's) where it was found.
    pub(super) fn read(
        mut self,
        tree: &mut Tree,
        tag: Option<String>,
        anchor: usize,
    ) -> Result<(Built, usize), (Fail, usize)> {
        match self.run(Some(tree), tag, anchor) {
            Ok(Some(built)) => Ok((built, self.pos)),
            Ok(None) => Err(("nothing read", self.line)),
            Err(m) => Err((m, self.line)),
        }
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    fn peek_at(&self, n: usize) -> Option<u8> {
        self.text.as_bytes().get(self.pos + n).copied()
    }

    fn run(
        &mut self,
        mut tree: Option<&mut Tree>,
        tag: Option<String>,
        anchor: usize,
    ) -> Result<Option<Built>, Fail> {
        self.open(tree.as_deref_mut(), tag, anchor)?;
        loop {
            self.blanks()?;
            let c = self.peek().ok_or("unterminated flow collection")?;
            let &(is_map, state, _, _) = self.stack.last().expect("an open collection");
            match (is_map, state, c) {
                (false, State::Entry | State::Next, b']')
                | (true, State::Entry | State::Next, b'}') => {
                    self.pos += 1;
                    if let Some(done) = self.close(tree.as_deref_mut())? {
                        return Ok(done);
                    }
                }
                (true, State::Colon | State::Value, b',' | b'}') => {
                    self.set(State::Next);
                    self.empty(tree.as_deref_mut(), None, 0)?;
                }
                (_, State::Next, b',') => {
                    self.pos += 1;
                    self.set(State::Entry);
                    let line = self.line;
                    if let Some(top) = self.stack.last_mut().filter(|t| t.0) {
                        top.3 = Some(line);
                    }
                }
                (true, State::Colon, b':') => {
                    self.pos += 1;
                    self.set(State::Value);
                }
                (_, State::Entry, b',') => return Err("an empty entry in a flow collection"),
                (_, State::Entry | State::Value, _) => {
                    let next = match (is_map, state) {
                        (true, State::Entry) => State::Colon,
                        _ => State::Next,
                    };
                    self.set(next);
                    let key = is_map && state == State::Entry;
                    self.node(tree.as_deref_mut(), key)?;
                    if !is_map && self.pair_follows()? {
                        return Err("a key: value pair inside a flow sequence");
                    }
                }
                _ => return Err("unexpected character in a flow collection"),
            }
        }
    }

    fn set(&mut self, state: State) {
        if let Some(top) = self.stack.last_mut() {
            top.1 = state;
        }
    }

    /// After a sequence item: whether a `:` follows (an implicit pair, not read here).
    fn pair_follows(&mut self) -> Result<bool, Fail> {
        self.blanks()?;
        Ok(self.peek() == Some(b':'))
    }

    /// Opens the collection at `pos` (`[` or `{`).
    fn open(
        &mut self,
        tree: Option<&mut Tree>,
        tag: Option<String>,
        anchor: usize,
    ) -> Result<(), Fail> {
        let is_map = self.peek() == Some(b'{');
        self.pos += 1;
        if let Some(top) = self.stack.last_mut() {
            top.3 = None;
        }
        self.stack.push((is_map, State::Entry, self.line, None));
        if let Some(tree) = tree {
            if is_map {
                tree.open_map(true, tag, anchor)?;
            } else {
                tree.open_seq(true, tag, anchor)?;
            }
        }
        Ok(())
    }

    /// Closes the innermost collection (its closing bracket read): the outermost one is given
    /// back, any other is added to its parent.
    fn close(&mut self, tree: Option<&mut Tree>) -> Result<Option<Option<Built>>, Fail> {
        let (is_map, state, line, comma) = self.stack.pop().expect("an open collection");
        // saphyr-parser ends a mapping closed after a trailing comma on the comma's line.
        let end = match (is_map, state, comma) {
            (true, State::Entry, Some(at)) => at,
            _ => self.line,
        };
        let Some(tree) = tree else {
            return Ok(self.stack.is_empty().then_some(None));
        };
        let (built, anchor) = tree.close(line == end).ok_or("unbalanced")?;
        if self.stack.is_empty() {
            return Ok(Some(Some(built)));
        }
        self.add(tree, built, anchor);
        Ok(None)
    }

    /// An empty plain scalar (a missing key or value), with properties if any.
    fn empty(
        &mut self,
        tree: Option<&mut Tree>,
        tag: Option<String>,
        anchor: usize,
    ) -> Result<(), Fail> {
        self.leaf(
            tree,
            Scalar {
                value: String::new(),
                style: ScalarStyle::Plain,
                tag,
            },
            anchor,
        )
    }

    fn leaf(&mut self, tree: Option<&mut Tree>, s: Scalar, anchor: usize) -> Result<(), Fail> {
        if let Some(tree) = tree {
            tree.budget.node();
            self.add(tree, Built::scalar(Node::Scalar(s)), anchor);
        }
        Ok(())
    }

    /// One node: properties, then an alias, a collection (opened), a scalar or nothing.
    fn node(&mut self, mut tree: Option<&mut Tree>, key: bool) -> Result<(), Fail> {
        if let Some(top) = self.stack.last_mut() {
            top.3 = None;
        }
        let (tag, anchor) = self.properties()?;
        match self.peek() {
            Some(b'*') if tag.is_none() && anchor == 0 => {
                self.pos += 1;
                let name = self.name();
                let id = *self
                    .anchors
                    .get(name)
                    .ok_or("an alias to an anchor outside the collection")?;
                if let Some(tree) = tree {
                    let built = tree.alias(id)?.ok_or("an alias to an unfinished anchor")?;
                    self.add(tree, built, 0);
                }
                Ok(())
            }
            Some(b'[' | b'{') if key => Err("a collection as a mapping key"),
            Some(b'[' | b'{') => self.open(tree, tag, anchor),
            Some(b'"') => {
                let value = self.double_quoted()?;
                self.leaf(
                    tree,
                    Scalar {
                        value,
                        style: ScalarStyle::DoubleQuoted,
                        tag,
                    },
                    anchor,
                )
            }
            Some(b'\'') => {
                let value = self.single_quoted()?;
                self.leaf(
                    tree,
                    Scalar {
                        value,
                        style: ScalarStyle::SingleQuoted,
                        tag,
                    },
                    anchor,
                )
            }
            Some(b':' | b'?') if !self.peek_at(1).is_some_and(scalars::starts_plain_after) => {
                if self.peek() == Some(b'?') {
                    return Err("an explicit key");
                }
                self.empty(tree.take(), tag, anchor)
            }
            Some(b',' | b']' | b'}') | None => self.empty(tree.take(), tag, anchor),
            Some(b'|' | b'>' | b'@' | b'`' | b'%' | b'!' | b'&' | b'#') => {
                Err("an indicator this reader does not take")
            }
            Some(_) => {
                let value = self.plain()?;
                self.leaf(
                    tree,
                    Scalar {
                        value,
                        style: ScalarStyle::Plain,
                        tag,
                    },
                    anchor,
                )
            }
        }
    }
}

mod scalars;
#[cfg(test)]
mod tests;
mod tokens;
