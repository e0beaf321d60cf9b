//! Where a field of a document lies in the stream's text, as `line:column` (both 1-based, the
//! column in characters), for messages that editors and CI link to the source: the key of the
//! deepest entry of the field's path that the text has (a pruned or refused field: its own key;
//! an added one: the key of the mapping it goes into), a sequence item where the path ends at
//! or inside an item the text has without a key, and the document's first node for an empty
//! path.
//!
//! It reads the `super::positions` of the text (the reading `rewrite` uses) and
//! walks them beside the documents as read: a field path (`spec.a[0].b`, `metadata.labels[k]`)
//! is matched entry by entry against the keys of the document, so keys holding dots or brackets
//! are found as written.

use super::positions::{self, Kind, Positions};
use crate::yaml::keys::key_text;
use crate::yaml::Node;

/// A place in the text: 1-based line and column (in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Place {
    pub line: usize,
    pub column: usize,
}

/// The positions of a stream's nodes, to turn field paths into places.
pub struct Locator<'t> {
    text: &'t str,
    pos: Positions,
    /// Byte offset of each line's start.
    lines: Vec<usize>,
}

impl<'t> Locator<'t> {
    /// Reads the positions of `text`, whose documents read as `docs`. `None` when the text does
    /// not read or its documents do not pair with `docs`.
    pub fn new(text: &'t str, docs: &[Node]) -> Option<Self> {
        let pos = positions::read(text).ok()?;
        if pos.docs.len() != docs.len() {
            return None;
        }
        let lines = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Some(Locator { text, pos, lines })
    }

    /// The place of byte offset `at`.
    pub fn place(&self, at: usize) -> Place {
        let line = self.lines.partition_point(|&s| s <= at).max(1);
        let start = self.lines[line - 1];
        let at = at.min(self.text.len());
        let column = self.text.get(start..at).map_or(0, |s| s.chars().count()) + 1;
        Place { line, column }
    }

    /// The place of `path` in document `doc` (whose tree is `root`): see the module docs.
    pub fn field(&self, doc: usize, root: &Node, path: &str) -> Place {
        self.place(self.offset(self.pos.docs[doc], root, path))
    }

    /// The byte offset of the deepest node of `path` the text has.
    fn offset(&self, mut id: usize, mut node: &Node, path: &str) -> usize {
        let mut at = self.pos.nodes[id].start;
        let mut rest = path;
        let mut first = true;
        while !rest.is_empty() {
            let p = &self.pos.nodes[id];
            match (node, p.kind) {
                (_, Kind::Alias) => break,
                (Node::Map(m), Kind::Map { .. }) if p.children.len() == 2 * m.entries.len() => {
                    let Some((i, after)) = entry(m.entries.iter().map(|e| &e.0), rest, first)
                    else {
                        break;
                    };
                    at = self.pos.nodes[p.children[2 * i]].start;
                    id = p.children[2 * i + 1];
                    node = &m.entries[i].1;
                    rest = after;
                }
                (Node::Seq(s), Kind::Seq { .. }) if p.children.len() == s.items.len() => {
                    let Some((i, after)) = index(rest).filter(|(i, _)| *i < s.items.len()) else {
                        break;
                    };
                    id = p.children[i];
                    at = self.pos.nodes[id].start;
                    node = &s.items[i];
                    rest = after;
                }
                _ => break,
            }
            first = false;
        }
        at
    }
}

/// The entry of a mapping whose key starts `rest` (`key`, `.key` or `[key]`, followed by the
/// end, `.` or `[`): its index and what follows; the longest key wins, and of a repeated key the
/// last entry (the one kubectl reads).
fn entry<'k, 'r>(
    keys: impl Iterator<Item = &'k Node>,
    rest: &'r str,
    first: bool,
) -> Option<(usize, &'r str)> {
    let mut best: Option<(usize, &'r str, usize)> = None;
    for (i, k) in keys.enumerate() {
        let Some(k) = key_text(k) else { continue };
        let after = if first {
            rest.strip_prefix(k.as_ref())
        } else {
            rest.strip_prefix('.')
                .and_then(|r| r.strip_prefix(k.as_ref()))
        };
        let after = after.filter(|a| a.is_empty() || a.starts_with(['.', '[']));
        let after = after.or_else(|| {
            rest.strip_prefix('[')
                .and_then(|r| r.strip_prefix(k.as_ref()))
                .and_then(|r| r.strip_prefix(']'))
                .filter(|a| a.is_empty() || a.starts_with(['.', '[']))
        });
        if let Some(after) = after {
            if best.is_none_or(|(_, _, len)| k.len() >= len) {
                best = Some((i, after, k.len()));
            }
        }
    }
    best.map(|(i, after, _)| (i, after))
}

/// `[i]` at the start of `rest`: the index and what follows.
fn index(rest: &str) -> Option<(usize, &str)> {
    let inner = rest.strip_prefix('[')?;
    let close = inner.find(']')?;
    let i = inner[..close].parse().ok()?;
    let after = &inner[close + 1..];
    (after.is_empty() || after.starts_with(['.', '['])).then_some((i, after))
}
