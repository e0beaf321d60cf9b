//! What changed between two trees of the same document, as a list of [`Change`]s: entries
//! removed from a map, entries appended to it, nodes replaced. Both trees are compared with
//! their keys read as kubectl reads them (the caller normalizes them, see
//! [`normalize_keys`](crate::yaml::keys::normalize_keys)); scalars are equal when they are the
//! same text and style or read as the same value.
//!
//! Maps are matched in order: an entry of the first map whose key is the next unmatched key of
//! the second is kept (and compared further), any other is removed; the second map's entries left
//! after the last match are appended. That is exactly what pruning (removes), defaulting (appends)
//! and the ObjectMeta round trip (removes) do to an object; a reordering shows as a removal plus an
//! append. Sequences of the same length are compared item by item; any other difference replaces
//! the node. The walk is iterative: depth costs heap, not stack.

use crate::yaml::json::to_json;
use crate::yaml::keys::key_text;
use crate::yaml::{Mapping, Node, Scalar};

/// One step of a path from a document's root: the entry at this index of a map (index in the
/// first tree), or the item at this index of a sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Entry(usize),
    Item(usize),
}

/// One change, at the node `path` leads to (in the first tree).
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    pub path: Vec<Step>,
    pub kind: ChangeKind,
}

/// What changed at a node.
#[derive(Clone, Debug, PartialEq)]
pub enum ChangeKind {
    /// In a map: the entries at these indices are removed, these entries appended after the
    /// last one.
    Map {
        removed: Vec<usize>,
        added: Vec<(Node, Node)>,
    },
    /// The node is replaced by this one.
    Replace(Node),
}

/// The changes that turn `before` into `after`, parents before their children, in document order.
pub fn changes(before: &Node, after: &Node) -> Vec<Change> {
    // Paths as a parent-linked arena: (parent index + 1, or 0 at the root; step).
    let mut trail: Vec<(usize, Step)> = Vec::new();
    let mut stack: Vec<(&Node, &Node, usize)> = vec![(before, after, 0)];
    let mut out = Vec::new();
    while let Some((b, a, at)) = stack.pop() {
        match (b, a) {
            (Node::Map(mb), Node::Map(ma)) => {
                let (kept, change) = map_changes(mb, ma);
                if let Some(kind) = change {
                    out.push(Change {
                        path: path_of(&trail, at),
                        kind,
                    });
                }
                for (i, vb, va) in kept.into_iter().rev() {
                    trail.push((at, Step::Entry(i)));
                    stack.push((vb, va, trail.len()));
                }
            }
            (Node::Seq(sb), Node::Seq(sa)) if sb.items.len() == sa.items.len() => {
                for (i, (vb, va)) in sb.items.iter().zip(&sa.items).enumerate().rev() {
                    trail.push((at, Step::Item(i)));
                    stack.push((vb, va, trail.len()));
                }
            }
            (Node::Scalar(sb), Node::Scalar(sa)) if scalar_eq(sb, sa) => {}
            _ => out.push(Change {
                path: path_of(&trail, at),
                kind: ChangeKind::Replace(a.clone()),
            }),
        }
    }
    out
}

/// Kept entries (index in `mb`, both values) and the change of the map itself, if any.
type MapDiff<'n> = (Vec<(usize, &'n Node, &'n Node)>, Option<ChangeKind>);

/// An entry of `mb` whose key a later entry repeats is removed (the processing drops it: see
/// [`crate::yaml::keys::drop_shadowed`]); the others pair in order with the entries of `ma`.
fn map_changes<'n>(mb: &'n Mapping, ma: &'n Mapping) -> MapDiff<'n> {
    let mut kept = Vec::new();
    let mut removed = Vec::new();
    let mut j = 0;
    for (i, (k, v)) in mb.entries.iter().enumerate() {
        let shadowed = || {
            mb.entries[i + 1..]
                .iter()
                .any(|(later, _)| same_key(k, later))
        };
        match ma.entries.get(j) {
            Some((ka, va)) if same_key(k, ka) && !shadowed() => {
                kept.push((i, v, va));
                j += 1;
            }
            _ => removed.push(i),
        }
    }
    let added = ma.entries[j..].to_vec();
    let change =
        (!removed.is_empty() || !added.is_empty()).then_some(ChangeKind::Map { removed, added });
    (kept, change)
}

fn same_key(a: &Node, b: &Node) -> bool {
    match (key_text(a), key_text(b)) {
        (Some(x), Some(y)) => x == y,
        _ => a.content_eq(b),
    }
}

/// Same text and style, or the same value for a YAML 1.1 reader (`1` and `'1'` are not).
fn scalar_eq(a: &Scalar, b: &Scalar) -> bool {
    if a == b {
        return true;
    }
    match (
        to_json(&Node::Scalar(a.clone())),
        to_json(&Node::Scalar(b.clone())),
    ) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

fn path_of(trail: &[(usize, Step)], mut at: usize) -> Vec<Step> {
    let mut path = Vec::new();
    while at > 0 {
        let (parent, step) = trail[at - 1];
        path.push(step);
        at = parent;
    }
    path.reverse();
    path
}
