//! Turning [`Change`]s into [`Edit`]s of the original text: each change's node is found in the
//! positioned text by its path, then
//!
//! - a removed entry of a block map loses its lines (from its key's line to the end of its
//!   value's last line, line comment included; comment lines around it stay); the first entry
//!   of a compact `- key: v` item is cut from the `- ` line;
//! - a removed entry of a flow map loses its `key: value` and one comma;
//! - appended entries go after the map's last entry: whole lines at the keys' column in a
//!   block map, `, k: v` in a one-line flow map, one member per line in a multi-line one;
//! - a replaced node is rewritten where it stands (a scalar in place, a new collection on the
//!   lines after its key or dash).

use super::diff::{Change, ChangeKind, Step};
use super::positions::{Kind, PNode, Positions};
use super::render;
use super::text::{
    break_before, colon_after, dash_before, indentation, line_end, line_start, Edit,
};
use super::EditError;
use crate::yaml::keys::key_text;
use crate::yaml::{Mapping, Node};

/// One document being edited: the text, its positions, the document's root node id and its
/// tree as read (`orig`) and with keys normalized (`norm`, the tree the changes refer to).
pub(super) struct Doc<'a> {
    pub text: &'a str,
    pub pos: &'a Positions,
    pub root: usize,
    pub orig: &'a Node,
    pub norm: &'a Node,
    /// New flow content is written as JSON (a `.json` file).
    pub json: bool,
}

/// Where a node hangs.
#[derive(Clone, Copy, Debug)]
enum Ctx {
    Root,
    /// The value of entry `entry` of map node `map`.
    Value {
        map: usize,
        entry: usize,
    },
    /// An item of sequence node `seq`.
    Item {
        seq: usize,
    },
}

/// The node a change is about, and its trees as read and normalized.
struct Target<'n> {
    id: usize,
    ctx: Ctx,
    depth: usize,
    orig: &'n Node,
    norm: &'n Node,
}

impl<'a> Doc<'a> {
    fn node(&self, id: usize) -> &PNode {
        &self.pos.nodes[id]
    }

    /// The edits for one change.
    pub(super) fn edits(&self, change: &Change) -> Result<Vec<Edit>, EditError> {
        let target = self.locate(&change.path)?;
        match &change.kind {
            ChangeKind::Replace(new) => self.replace(&target, new),
            ChangeKind::Map { removed, added } => self.map_edits(&target, removed, added),
        }
    }

    /// Follows `path` through the positions and both trees, checking at each step that they
    /// agree (same entries with the same keys, same items).
    fn locate(&self, path: &[Step]) -> Result<Target<'a>, EditError> {
        let (mut id, mut orig, mut norm) = (self.root, self.orig, self.norm);
        let mut ctx = Ctx::Root;
        for step in path {
            let p = self.node(id);
            match (step, orig, norm, p.kind) {
                (_, _, _, Kind::Alias) => return Err(EditError::Alias),
                (Step::Entry(i), Node::Map(o), Node::Map(n), Kind::Map { .. }) => {
                    aligned_map(o, n, p, *i)?;
                    ctx = Ctx::Value { map: id, entry: *i };
                    (id, orig, norm) = (p.children[2 * i + 1], &o.entries[*i].1, &n.entries[*i].1);
                }
                (Step::Item(i), Node::Seq(o), Node::Seq(n), Kind::Seq { .. })
                    if o.items.len() == n.items.len() && p.children.len() == o.items.len() =>
                {
                    ctx = Ctx::Item { seq: id };
                    (id, orig, norm) = (p.children[*i], &o.items[*i], &n.items[*i]);
                }
                _ => return Err(EditError::Unaligned),
            }
        }
        if self.node(id).kind == Kind::Alias {
            return Err(EditError::Alias);
        }
        Ok(Target {
            id,
            ctx,
            depth: path.len(),
            orig,
            norm,
        })
    }

    /// Entries removed from and appended to the map `target`.
    fn map_edits(
        &self,
        target: &Target,
        removed: &[usize],
        added: &[(Node, Node)],
    ) -> Result<Vec<Edit>, EditError> {
        let m = self.node(target.id);
        let n = m.children.len() / 2;
        match (target.orig, target.norm) {
            (Node::Map(o), Node::Map(nm)) if (0..n).all(|i| aligned_map(o, nm, m, i).is_ok()) => {}
            _ => return Err(EditError::Unaligned),
        }
        if removed.len() == n {
            let new = Node::Map(Mapping {
                entries: added.to_vec(),
                ..Mapping::default()
            });
            return self.replace(target, &new);
        }
        if m.is_flow() {
            self.flow_map_edits(target, removed, added)
        } else {
            self.block_map_edits(target, removed, added)
        }
    }

    /// Key and value node of entry `i` of map `m`.
    fn entry(&self, m: &PNode, i: usize) -> (&PNode, &PNode) {
        (
            self.node(m.children[2 * i]),
            self.node(m.children[2 * i + 1]),
        )
    }

    /// Where entry `i` of map `m` ends (an empty value sits at its key's end).
    fn entry_end(&self, m: &PNode, i: usize) -> usize {
        let (k, v) = self.entry(m, i);
        k.end.max(v.end)
    }

    fn block_map_edits(
        &self,
        target: &Target,
        removed: &[usize],
        added: &[(Node, Node)],
    ) -> Result<Vec<Edit>, EditError> {
        let m = self.node(target.id);
        let mut edits = Vec::new();
        for &i in removed {
            edits.push(self.remove_block_entry(m, i, removed, target.depth)?);
        }
        if !added.is_empty() {
            let last = m.children.len() / 2 - 1;
            let at = line_end(self.text, self.entry_end(m, last));
            let col = self.entry(m, 0).0.col;
            edits.push(Edit::insert(
                at,
                render::block_entries(added, col),
                target.depth,
            ));
        }
        Ok(edits)
    }

    /// Removes entry `i` of block map `m` (`removed`: all entries removed from `m`).
    fn remove_block_entry(
        &self,
        m: &PNode,
        i: usize,
        removed: &[usize],
        depth: usize,
    ) -> Result<Edit, EditError> {
        let text = self.text;
        let key = self.entry(m, i).0;
        let ls = line_start(text, key.start);
        let prefix = &text[ls..key.start];
        let end = line_end(text, self.entry_end(m, i));
        if prefix.bytes().all(|b| b == b' ') {
            return Ok(Edit::delete(ls, end, depth));
        }
        let dash = dash_before(text, key.start)
            .filter(|_| i == 0 && prefix.bytes().all(|b| b == b' ' || b == b'-'))
            .ok_or(EditError::Unsupported("a complex (`? `) map key"))?;
        let next = self.entry(m, 1).0;
        let between = &text[end..next.start];
        if !removed.contains(&1) && between.bytes().all(|b| b == b' ') {
            // `- a: 1\n  b: 2` → `- b: 2`
            return Ok(Edit::delete(key.start, next.start, depth));
        }
        // `- a: 1  # c\n  # about b\n  b: 2` → `-\n  # about b\n  b: 2`
        let line_break = if end > 0 && text.as_bytes()[end - 1] == b'\n' {
            break_before(text, end)
        } else {
            0
        };
        Ok(Edit::delete(dash + 1, end - line_break, depth))
    }

    fn flow_map_edits(
        &self,
        target: &Target,
        removed: &[usize],
        added: &[(Node, Node)],
    ) -> Result<Vec<Edit>, EditError> {
        let m = self.node(target.id);
        let n = m.children.len() / 2;
        let mut edits = Vec::new();
        let mut i = 0;
        while i < n {
            if !removed.contains(&i) {
                i += 1;
                continue;
            }
            let mut j = i;
            while j + 1 < n && removed.contains(&(j + 1)) {
                j += 1;
            }
            let (start, end) = if j + 1 < n {
                (self.entry(m, i).0.start, self.entry(m, j + 1).0.start)
            } else {
                (self.entry_end(m, i - 1), self.entry_end(m, j))
            };
            edits.push(Edit::delete(start, end, target.depth));
            i = j + 1;
        }
        if !added.is_empty() {
            let last = (0..n).rev().find(|i| !removed.contains(i)).unwrap_or(0);
            let at = self.entry_end(m, last);
            let text = self.flow_additions(m, last, added)?;
            edits.push(Edit::insert(at, text, target.depth));
        }
        Ok(edits)
    }

    /// `, k: v` for each new entry of flow map `m` (after its entry `last`), or one per line at
    /// the indentation of that entry when the map is written over several lines.
    fn flow_additions(
        &self,
        m: &PNode,
        last: usize,
        added: &[(Node, Node)],
    ) -> Result<String, EditError> {
        let json = self.json || self.json_keys(m);
        let multi_line = self.text[m.start..m.end].contains('\n');
        let indent = indentation(self.text, self.entry(m, last).0.start);
        let entries = render::flow_entries(added, json, multi_line.then_some(indent))?;
        let sep = if multi_line {
            format!(",\n{}", " ".repeat(indent))
        } else {
            ", ".to_string()
        };
        Ok(entries.iter().map(|e| format!("{sep}{e}")).collect())
    }

    /// Whether every key of flow map `m` is double-quoted (JSON).
    fn json_keys(&self, m: &PNode) -> bool {
        m.children.iter().step_by(2).all(|&k| {
            matches!(
                self.node(k).kind,
                Kind::Scalar {
                    double_quoted: true,
                    ..
                }
            )
        })
    }

    /// Rewrites the node `target` as `new`.
    fn replace(&self, target: &Target, new: &Node) -> Result<Vec<Edit>, EditError> {
        let t = self.node(target.id);
        let (parent, anchor, (head, tail)) = match target.ctx {
            Ctx::Root => return Err(EditError::Unsupported("a whole document")),
            Ctx::Value { map, entry } => {
                let (key, _) = self.entry(self.node(map), entry);
                let colon = colon_after(self.text, key.end)
                    .ok_or(EditError::Unsupported("a map entry without `:`"))?;
                (map, colon + 1, render::after_key(new, key.col))
            }
            Ctx::Item { seq } if !self.node(seq).is_flow() => {
                let dash = dash_before(self.text, t.start)
                    .ok_or(EditError::Unsupported("an item not on its `-` line"))?;
                let col = dash - line_start(self.text, dash);
                (seq, dash + 1, render::after_dash(new, col))
            }
            Ctx::Item { seq } => (seq, 0, (String::new(), String::new())),
        };
        if self.node(parent).is_flow() {
            return self.replace_in_flow(target, parent, new);
        }
        Ok(self.replace_block(t, anchor, head, tail, target.depth))
    }

    fn replace_in_flow(
        &self,
        target: &Target,
        parent: usize,
        new: &Node,
    ) -> Result<Vec<Edit>, EditError> {
        let t = self.node(target.id);
        if matches!(t.kind, Kind::Scalar { empty: true, .. }) {
            return Err(EditError::Unsupported(
                "an empty value in a flow collection",
            ));
        }
        let json = self.json
            || matches!(self.node(parent).kind, Kind::Map { .. })
                && self.json_keys(self.node(parent));
        let text = render::flow_value(new, json)?;
        Ok(vec![Edit {
            start: t.start,
            end: t.end,
            text,
            depth: target.depth,
        }])
    }

    /// Rewrites node `t` of a block collection whose `:` or `-` ends at `anchor` with `head` (the
    /// rest of that line) and `tail` (whole lines after it).
    fn replace_block(
        &self,
        t: &PNode,
        anchor: usize,
        head: String,
        tail: String,
        depth: usize,
    ) -> Vec<Edit> {
        let multi_line = matches!(
            t.kind,
            Kind::Map { flow: false }
                | Kind::Seq { flow: false }
                | Kind::Scalar { block: true, .. }
        );
        if multi_line {
            let end = line_end(self.text, t.end);
            return vec![Edit {
                start: anchor,
                end,
                text: format!("{head}\n{tail}"),
                depth,
            }];
        }
        let mut edits = Vec::new();
        let empty = matches!(t.kind, Kind::Scalar { empty: true, .. });
        if empty {
            edits.push(Edit::insert(anchor, head, depth));
        } else if head.is_empty() {
            edits.push(Edit::delete(anchor, t.end, depth));
        } else {
            edits.push(Edit {
                start: t.start,
                end: t.end,
                text: head.trim_start().to_string(),
                depth,
            });
        }
        if !tail.is_empty() {
            edits.push(Edit::insert(
                line_end(self.text, t.end.max(anchor)),
                tail,
                depth,
            ));
        }
        edits
    }
}

/// Checks that entry `i` of the read map `o`, of the normalized map `n` and of the positioned map
/// `p` is the same entry (a merge key `<<` makes them differ).
fn aligned_map(o: &Mapping, n: &Mapping, p: &PNode, i: usize) -> Result<(), EditError> {
    let same_len = o.entries.len() == n.entries.len() && p.children.len() == 2 * o.entries.len();
    if !same_len || i >= o.entries.len() {
        return Err(EditError::Unaligned);
    }
    if key_text(&o.entries[i].0) != key_text(&n.entries[i].0) {
        return Err(EditError::Unaligned);
    }
    Ok(())
}
