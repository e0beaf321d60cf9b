//! Where every node of a YAML stream lies in its text, in an arena parallel to the
//! [`Node`](crate::yaml::Node) trees that [`parse_stream`](crate::yaml::parse_stream) builds
//! (same documents, same entries and items, in the same order; an alias is one leaf here where
//! the tree holds a copy). Both come from the same reader ([`crate::yaml::read`]): the positions
//! are its nodes' spans, so every stream `parse_stream` reads has them.

use crate::yaml::read::{self, Kind as RKind, RNode, Style};
use crate::yaml::YamlError;

/// What a positioned node is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// A scalar. `empty`: a plain scalar with no text (`key:` with nothing after it), located
    /// right after the `:` or the `-`. `block`: literal or folded.
    Scalar {
        empty: bool,
        block: bool,
        double_quoted: bool,
    },
    /// A mapping; `flow`: written `{...}`.
    Map { flow: bool },
    /// A sequence; `flow`: written `[...]`.
    Seq { flow: bool },
    /// An alias (`*name`).
    Alias,
}

/// One node of the text.
#[derive(Clone, Debug)]
pub(super) struct PNode {
    pub kind: Kind,
    /// Byte offset of the node's first character: its tag or anchor if it has one; for a block
    /// collection, its first key or item; for a block scalar, its `|` or `>` indicator.
    pub start: usize,
    /// Byte offset just after the node: after a flow collection's closing bracket, after a
    /// block collection's last descendant, after the line breaks a block scalar keeps.
    pub end: usize,
    /// Column (in characters) of `start`.
    pub col: usize,
    /// A mapping's keys and values, alternating (`k0, v0, k1, v1, ...`); a sequence's items.
    pub children: Vec<usize>,
}

impl PNode {
    pub(super) fn is_flow(&self) -> bool {
        matches!(
            self.kind,
            Kind::Map { flow: true } | Kind::Seq { flow: true }
        )
    }
}

/// The positioned nodes of a stream: an arena, and the root node of each document.
#[derive(Debug, Default)]
pub(super) struct Positions {
    pub nodes: Vec<PNode>,
    pub docs: Vec<usize>,
}

/// Reads the positions of every node of `text` (its refusal when kubectl refuses it).
pub(super) fn read(text: &str) -> Result<Positions, YamlError> {
    let mut pos = Positions::default();
    for doc in read::Reader::new(text) {
        let doc = doc?;
        let root = match &doc.root {
            Some(r) => add(&mut pos, text, r),
            None => {
                let at = doc.range.start;
                let empty = Kind::Scalar {
                    empty: true,
                    block: false,
                    double_quoted: false,
                };
                push(&mut pos, empty, at, at, 0)
            }
        };
        pos.docs.push(root);
    }
    Ok(pos)
}

fn push(pos: &mut Positions, kind: Kind, start: usize, end: usize, col: usize) -> usize {
    pos.nodes.push(PNode {
        kind,
        start,
        end,
        col,
        children: Vec::new(),
    });
    pos.nodes.len() - 1
}

/// Adds `n` and what it holds; returns its id.
fn add(pos: &mut Positions, text: &str, n: &RNode) -> usize {
    let (start, end, col) = (
        n.span.start.offset,
        n.span.end.offset,
        n.span.start.column - 1,
    );
    if n.alias().is_some() {
        return push(pos, Kind::Alias, start, end, col);
    }
    let (kind, flow) = match &n.kind {
        RKind::Scalar { value, style, .. } => {
            let block = matches!(style, Style::Literal | Style::Folded);
            let kind = Kind::Scalar {
                empty: start == end,
                block,
                double_quoted: *style == Style::Double,
            };
            let end = if block {
                block_scalar_end(text, start, end, value)
            } else {
                end
            };
            return push(pos, kind, start, end, col);
        }
        RKind::Map { flow, .. } => (Kind::Map { flow: *flow }, *flow),
        RKind::Seq { flow, .. } => (Kind::Seq { flow: *flow }, *flow),
    };
    let id = push(pos, kind, start, end, col);
    let mut children = Vec::new();
    match &n.kind {
        RKind::Map { entries, .. } => {
            for (k, v) in entries {
                children.push(add(pos, text, k));
                children.push(add(pos, text, v));
            }
        }
        RKind::Seq { items, .. } => children.extend(items.iter().map(|i| add(pos, text, i))),
        RKind::Scalar { .. } => {}
    }
    if !flow {
        // A block collection starts at its first key or item and ends after its last node.
        let first = children
            .first()
            .map(|&c| (pos.nodes[c].start, pos.nodes[c].col));
        let last = children
            .iter()
            .rev()
            .take(2)
            .map(|&c| pos.nodes[c].end)
            .max();
        let node = &mut pos.nodes[id];
        if let Some((s, c)) = first {
            node.start = s;
            node.col = c;
        }
        node.end = last.unwrap_or(node.start);
    }
    pos.nodes[id].children = children;
    id
}

/// Where a literal or folded scalar ends: a span may run on over blank lines and indentation
/// that are not content. The scalar owns its text up to its last
/// non-blank character, then as many line breaks as its value ends with (none when stripped,
/// one when clipped, all its trailing ones when kept).
fn block_scalar_end(text: &str, start: usize, span_end: usize, value: &str) -> usize {
    let content = text[start..span_end].trim_end_matches([' ', '\t', '\r', '\n']);
    let mut end = start + content.len();
    let mut breaks = value.len() - value.trim_end_matches('\n').len();
    while breaks > 0 {
        match text[end..span_end].find('\n') {
            Some(i) => end += i + 1,
            None => break,
        }
        breaks -= 1;
    }
    end
}
