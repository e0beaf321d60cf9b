//! Building one document's tree from parser events: open collections on a stack, finished
//! nodes attached to their parent, anchored nodes remembered for aliases (which become copies).
//! kubectl's limits (see [`super::limits`]) are checked as the tree grows: nesting depth, and
//! alias expansion before any copy is made.

use super::limits::{Budget, DEPTH_MESSAGE, MAX_DEPTH};
use crate::yaml::{Mapping, Node, Scalar, ScalarStyle, Sequence};
use saphyr_parser::Tag;
use std::borrow::Cow;

/// A collection being built, with its anchor id (0: none).
enum Frame {
    Seq(Sequence, usize),
    Map(Mapping, usize, Option<Node>),
}

/// What an open collection has cost so far (beside its [`Frame`]).
#[derive(Clone, Copy)]
struct Open {
    /// The decode count before the collection's own node.
    start: usize,
    /// Collection levels of its deepest child so far.
    height: usize,
}

/// A finished node, with what decoding it costs (nodes, aliases expanded) and its height (the
/// collection levels it holds, itself included; 0 for a scalar).
pub(super) struct Built {
    pub node: Node,
    pub cost: usize,
    pub height: usize,
}

impl Built {
    pub(super) fn scalar(node: Node) -> Self {
        Built {
            node,
            cost: 1,
            height: 0,
        }
    }
}

/// The document under construction.
#[derive(Default)]
pub(super) struct Tree {
    stack: Vec<Frame>,
    open: Vec<Open>,
    /// Finished anchored nodes by anchor id, with their cost and height.
    anchors: std::collections::HashMap<usize, Built>,
    root: Option<Node>,
    /// The document's decode counts (kubectl's alias rule).
    pub(super) budget: Budget,
    /// Hand the items of the root mapping's `items:` sequence out instead of attaching them.
    split: bool,
    /// How the root `items:` sequence(s) looked when `split` is on.
    pub(super) items: ItemsSeen,
}

/// What a split document's root `items:` key held (see [`super::Documents::next_split`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ItemsSeen {
    /// Block or flow sequences opened as the value of a root `items` key (their items were
    /// handed out; each stays in the tree as an empty sequence).
    pub sequences: usize,
    /// One of them carried an anchor (an alias to it would see the empty sequence).
    pub anchored: bool,
}

impl Tree {
    /// A tree that hands out the items of the root `items:` sequence (see [`Tree::add`]).
    pub(super) fn splitting() -> Self {
        Tree {
            split: true,
            ..Tree::default()
        }
    }

    /// Whether the innermost open collection is a flow collection.
    pub(super) fn in_flow(&self) -> bool {
        match self.stack.last() {
            Some(Frame::Seq(s, _)) => s.flow,
            Some(Frame::Map(m, _, _)) => m.flow,
            None => false,
        }
    }

    /// Counts a new collection's node; refuses one nested deeper than [`MAX_DEPTH`].
    fn open(&mut self) -> Result<(), &'static str> {
        if self.stack.len() >= MAX_DEPTH {
            return Err(DEPTH_MESSAGE);
        }
        self.open.push(Open {
            start: self.budget.decoded,
            height: 0,
        });
        self.budget.node();
        Ok(())
    }

    pub(super) fn open_seq(
        &mut self,
        flow: bool,
        tag: Option<String>,
        anchor: usize,
    ) -> Result<(), &'static str> {
        self.open()?;
        if self.split && self.stack.len() == 1 && self.pending_root_key_is_items() {
            self.items.sequences += 1;
            self.items.anchored |= anchor > 0;
        }
        let items = Vec::new();
        self.stack.push(Frame::Seq(
            Sequence {
                items,
                flow,
                one_line: false,
                tag,
            },
            anchor,
        ));
        Ok(())
    }

    pub(super) fn open_map(
        &mut self,
        flow: bool,
        tag: Option<String>,
        anchor: usize,
    ) -> Result<(), &'static str> {
        self.open()?;
        let entries = Vec::new();
        self.stack.push(Frame::Map(
            Mapping {
                entries,
                flow,
                one_line: false,
                tag,
            },
            anchor,
            None,
        ));
        Ok(())
    }

    /// Closes the innermost collection: the node and its anchor id. `one_line`: the collection
    /// is a flow one whose closing bracket is on the line of its opening one; it is recorded
    /// only for an outermost flow collection (one inside a flow collection is written as its
    /// parent is, so a multi-line flow collection is written in block style all through) that
    /// is not empty (an empty one is written `{}`/`[]` anyway, and what defaulting fills into
    /// `spec: {}` is new content, written in block style).
    pub(super) fn close(&mut self, one_line: bool) -> Option<(Built, usize)> {
        let frame = self.stack.pop()?;
        let open = self.open.pop()?;
        let one_line = one_line && !self.in_flow();
        let (node, a) = match frame {
            Frame::Seq(mut s, a) => {
                s.one_line = s.flow && one_line && !s.items.is_empty();
                (Node::Seq(s), a)
            }
            Frame::Map(mut m, a, _) => {
                m.one_line = m.flow && one_line && !m.entries.is_empty();
                (Node::Map(m), a)
            }
        };
        let built = Built {
            node,
            cost: self.budget.decoded - open.start,
            height: open.height + 1,
        };
        Some((built, a))
    }

    /// A copy of the finished node anchored with `id` (`Ok(None)`: no such anchor), once
    /// kubectl's limits allow it: the depth it reaches here, and the alias rule.
    pub(super) fn alias(&mut self, id: usize) -> Result<Option<Built>, &'static str> {
        let Some(target) = self.anchors.get(&id) else {
            return Ok(None);
        };
        let (cost, height) = (target.cost, target.height);
        if self.stack.len() + height > MAX_DEPTH {
            return Err(DEPTH_MESSAGE);
        }
        self.budget.alias(cost)?;
        Ok(Some(Built {
            node: target.node.clone(),
            cost: cost + 1,
            height,
        }))
    }

    /// Whether the next node is an item of the root `items:` sequence being split.
    pub(super) fn at_split_items(&self) -> bool {
        self.split
            && self.stack.len() == 2
            && matches!(self.stack[1], Frame::Seq(..))
            && self.pending_root_key_is_items()
    }

    /// Whether the root mapping is waiting for the value of an `items` key.
    fn pending_root_key_is_items(&self) -> bool {
        matches!(self.stack.first(), Some(Frame::Map(_, _, Some(k))) if k.scalar_str() == Some("items"))
    }

    /// Adds a finished node to its parent collection (or makes it the root); remembers it
    /// when anchored. In split mode an item of the root `items:` sequence is given back
    /// instead of attached.
    pub(super) fn add(&mut self, built: Built, anchor: usize) -> Option<Node> {
        if let Some(parent) = self.open.last_mut() {
            parent.height = parent.height.max(built.height);
        }
        let node = if anchor > 0 {
            let node = built.node.clone();
            self.anchors.insert(anchor, built);
            node
        } else {
            built.node
        };
        if self.at_split_items() {
            return Some(node);
        }
        match self.stack.last_mut() {
            Some(Frame::Seq(s, _)) => s.items.push(node),
            Some(Frame::Map(m, _, key)) => match key.take() {
                Some(k) => m.entries.push((k, node)),
                None => *key = Some(node),
            },
            None => self.root = Some(node),
        }
        None
    }

    /// The document's root; an empty document is a plain empty scalar.
    pub(super) fn into_root(self) -> Node {
        self.root.unwrap_or_else(|| Node::Scalar(Scalar::plain("")))
    }
}

pub(super) fn make_scalar(
    value: Cow<'_, str>,
    style: saphyr_parser::ScalarStyle,
    tag: Option<Cow<'_, Tag>>,
) -> Scalar {
    use saphyr_parser::ScalarStyle as S;
    let style = match style {
        S::Plain => ScalarStyle::Plain,
        S::SingleQuoted => ScalarStyle::SingleQuoted,
        S::DoubleQuoted => ScalarStyle::DoubleQuoted,
        S::Literal => ScalarStyle::Literal,
        S::Folded => ScalarStyle::Folded,
    };
    Scalar {
        value: value.into_owned(),
        style,
        tag: tag.map(format_tag),
    }
}

/// The tag as it is written back: `!!suffix` for the YAML core tags, `!suffix` for local tags,
/// `!` for the non-specific tag, `!<uri>` otherwise.
pub(super) fn format_tag(tag: Cow<'_, Tag>) -> String {
    let t: &Tag = &tag;
    if t.handle.is_empty() && t.suffix == "!" {
        return "!".to_string();
    }
    let full = format!("{}{}", t.handle, t.suffix);
    let short_ok =
        |rest: &str| !rest.is_empty() && rest.chars().all(|c| is_tag_char(c) && c != '%');
    match full.strip_prefix("tag:yaml.org,2002:") {
        Some(rest) if short_ok(rest) => format!("!!{rest}"),
        _ if full.starts_with('!') && short_ok(&full[1..]) => full,
        _ => format!("!<{}>", uri_escaped(&full)),
    }
}

/// A tag as the text of a verbatim tag: URI characters as they are, anything else (and `%`)
/// `%`-escaped byte by byte, which the reader decodes back (a tag read from `%00` holds a NUL).
fn uri_escaped(tag: &str) -> String {
    let mut out = String::with_capacity(tag.len());
    for c in tag.chars() {
        if is_uri_char(c) && c != '%' {
            out.push(c);
        } else {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        }
    }
    out
}

/// saphyr-parser's URI characters (the text of a verbatim tag; `%` starts an escape). The
/// writer takes them but `%` as they are; the flow reader takes only them.
pub(super) fn is_uri_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "-#;/?:@&=+$,_.!~*'()[]%".contains(c)
}

/// saphyr-parser's tag characters (the suffix of a tag shorthand): URI characters but `!` and
/// the flow indicators. A tag holding `%` is written verbatim, escaped.
pub(super) fn is_tag_char(c: char) -> bool {
    is_uri_char(c) && !"!,[]{}".contains(c)
}
