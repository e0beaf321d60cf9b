//! Writing [`Node`] trees back as block-style YAML (one-line flow collections kept), each scalar
//! in its own style.
//!
//! The layout is kustomize/kyaml's: two-space indentation, a sequence under a map key at the
//! key's own column (`key:\n- a`), compact nested entries (`- a: 1`), `{}`/`[]` for empty
//! collections, `? ` for keys that cannot be simple keys. A collection read as flow on one line
//! (`[a, b]`, `{k: v}`) is written back that way when all its content can be written in flow
//! style (see `flow`); other flow collections are written in block style. Every scalar keeps
//! its style and its exact content; when a style cannot hold the content (for instance a plain
//! scalar with a leading space after an edit), the scalar is written double-quoted, which reads
//! as the same string. Tags and anchors are written back, and aliases where the copy still
//! holds what its anchor names in the output (see `Anchors`). The output re-parses to the
//! same tree.

mod flow;
mod scalar;
#[cfg(test)]
mod tests;

use super::{Anchor, Mapping, Node, Scalar, ScalarStyle, Sequence};
pub(crate) use scalar::{block_header, block_indicators, single_ok};
use scalar::{write_scalar, Placement};

/// Appends one document (without a `---` marker) to `out`.
pub fn emit_document(node: &Node, out: &mut String) {
    let mut e = Emitter {
        out,
        anchors: Anchors::default(),
    };
    let anchor = e.anchors.open(node);
    match node {
        Node::Scalar(s) => {
            if let Some(name) = anchor {
                push_anchor(e.out, name);
            }
            // A block scalar ends its own last line; an anchor before nothing needs one.
            let anchor_alone = |out: &String| anchor.is_some() && !out.ends_with('\n');
            if write_scalar(e.out, s, 0, Placement::Root) || anchor_alone(e.out) {
                e.out.push('\n');
            } else if matches!(s.style, ScalarStyle::Literal | ScalarStyle::Folded)
                && s.value.bytes().all(|b| b == b'\n')
            {
                // A root block scalar without content lines: an explicit document end shows
                // where it stops (YAML readers other than kubectl's splitting differ there).
                e.out.push_str("...\n");
            }
        }
        _ if is_empty_collection(node) => {
            e.write_empty(node, anchor);
            e.out.push('\n');
        }
        _ if flow::keeps_flow(node) => {
            flow::write_flow(e.out, node, anchor, &mut e.anchors);
            e.out.push('\n');
        }
        Node::Map(m) => {
            if e.write_properties(anchor, m.tag()) {
                e.out.push('\n');
            }
            e.map(m, 0, false);
        }
        Node::Seq(s) => {
            if e.write_properties(anchor, s.tag()) {
                e.out.push('\n');
            }
            e.seq(s, 0, false);
        }
    }
    e.anchors.close(node);
}

/// Writes documents separated by `---` lines (the first one gets a marker too when it is an
/// empty scalar, so that it stays a document).
pub fn emit_stream(docs: &[Node]) -> String {
    let mut out = String::new();
    for (i, doc) in docs.iter().enumerate() {
        if i > 0 || needs_marker(doc) {
            out.push_str("---\n");
        }
        emit_document(doc, &mut out);
    }
    out
}

/// Appends `node` as one item of a block sequence whose dashes sit at column 0 (the value of a
/// root mapping key such as `items:`), exactly as [`emit_document`] writes each item of such a
/// sequence: a long list can so be written one item at a time.
pub fn emit_seq_item(node: &Node, out: &mut String) {
    let mut e = Emitter {
        out,
        anchors: Anchors::default(),
    };
    e.out.push('-');
    e.after_indicator(node, 0);
}

/// Writes a block mapping of new strings under plain keys (each value a
/// [`Node::string`](super::Node::string), a nested mapping of them, or an integer) exactly as
/// [`emit_seq_item`] writes that tree, without making it: for the many small records of a run's
/// results. The keys are the caller's own words, which the emitter writes plain.
pub struct Record<'o> {
    out: &'o mut String,
    /// The keys' column.
    indent: usize,
    /// The next key follows the `- ` already written.
    inline: bool,
}

impl<'o> Record<'o> {
    /// A record as an item of a block sequence whose dashes sit at column 0.
    pub fn seq_item(out: &'o mut String) -> Self {
        out.push_str("- ");
        Record {
            out,
            indent: 2,
            inline: true,
        }
    }

    fn key(&mut self, key: &str) {
        debug_assert!(
            super::scalar::string_style(key) == ScalarStyle::Plain
                && scalar::plain_ok(key, true, false)
        );
        if !std::mem::take(&mut self.inline) {
            self.out.extend(std::iter::repeat_n(' ', self.indent));
        }
        self.out.push_str(key);
        self.out.push(':');
    }
}

/// A mapping written entry by entry without a tree, as its writer writes the tree of the same
/// entries (new strings, integers, non-empty mappings of them): a YAML item ([`Record`]) or a
/// JSON element (`crate::resourcelist::json::JsonRecord`).
pub trait Fields {
    type Child<'c>: Fields
    where
        Self: 'c;
    /// `key` and a new string.
    fn string(&mut self, key: &str, value: &str);
    /// `key` and an integer.
    fn integer(&mut self, key: &str, n: i64);
    /// `key` and the (non-empty) mapping under it, written until it is dropped.
    fn child(&mut self, key: &str) -> Self::Child<'_>;
}

impl Fields for Record<'_> {
    type Child<'c>
        = Record<'c>
    where
        Self: 'c;

    fn string(&mut self, key: &str, value: &str) {
        self.key(key);
        scalar::write_new_string_value(self.out, value, self.indent);
    }

    fn integer(&mut self, key: &str, n: i64) {
        self.key(key);
        self.out.push(' ');
        self.out.push_str(&n.to_string());
        self.out.push('\n');
    }

    fn child(&mut self, key: &str) -> Record<'_> {
        self.key(key);
        self.out.push('\n');
        Record {
            out: &mut *self.out,
            indent: self.indent + 2,
            inline: false,
        }
    }
}

/// `&name ` before the node it names.
fn push_anchor(out: &mut String, name: &str) {
    out.push('&');
    out.push_str(name);
    out.push(' ');
}

fn needs_marker(doc: &Node) -> bool {
    matches!(doc, Node::Scalar(s) if s.value.is_empty() && s.tag().is_none() && s.style == ScalarStyle::Plain)
}

fn is_empty_collection(node: &Node) -> bool {
    match node {
        Node::Map(m) => m.entries.is_empty(),
        Node::Seq(s) => s.items.is_empty(),
        Node::Scalar(_) => false,
    }
}

fn node_tag(node: &Node) -> Option<&str> {
    match node {
        Node::Map(m) => m.tag(),
        Node::Seq(s) => s.tag(),
        Node::Scalar(s) => s.tag(),
    }
}

struct Emitter<'o, 'n> {
    out: &'o mut String,
    anchors: Anchors<'n>,
}

/// The anchors written so far by one call of the emitter (whose output is contiguous, so a
/// reader resolves its aliases to the anchors it wrote): each name and the node written under
/// it last (`None` while that node is being written).
#[derive(Default)]
pub(super) struct Anchors<'n> {
    written: Vec<(&'n str, Option<&'n Node>)>,
}

impl<'n> Anchors<'n> {
    /// For the copy an alias stands for: the alias to write, when the node last written under
    /// its name holds the same (else the copy is written out).
    pub(super) fn alias(&self, node: &'n Node) -> Option<&'n str> {
        let Some(Anchor::AliasOf(name)) = node.anchor() else {
            return None;
        };
        let (_, last) = self.written.iter().rev().find(|(n, _)| *n == &**name)?;
        last.filter(|w| w.content_eq(node)).map(|_| &**name)
    }

    /// The anchor to write before `node`, if it has one (the node is being written from now).
    pub(super) fn open(&mut self, node: &'n Node) -> Option<&'n str> {
        let Some(Anchor::Named(name)) = node.anchor() else {
            return None;
        };
        self.written.push((name, None));
        Some(name)
    }

    /// `node` is written: later aliases to its anchor may stand for it.
    pub(super) fn close(&mut self, node: &'n Node) {
        if let Some(Anchor::Named(name)) = node.anchor() {
            let open = self
                .written
                .iter_mut()
                .rev()
                .find(|(n, w)| *n == &**name && w.is_none());
            if let Some(entry) = open {
                entry.1 = Some(node);
            }
        }
    }
}

const SPACES: &str = "                                                                ";

impl<'n> Emitter<'_, 'n> {
    fn indent(&mut self, n: usize) {
        let mut n = n;
        while n > 0 {
            let k = n.min(SPACES.len());
            self.out.push_str(&SPACES[..k]);
            n -= k;
        }
    }

    /// Writes the anchor and the tag (no newline); returns whether there was either.
    fn write_properties(&mut self, anchor: Option<&str>, tag: Option<&str>) -> bool {
        if let Some(name) = anchor {
            self.out.push('&');
            self.out.push_str(name);
            if tag.is_some() {
                self.out.push(' ');
            }
        }
        if let Some(t) = tag {
            self.out.push_str(t);
        }
        anchor.is_some() || tag.is_some()
    }

    /// `{}` / `[]` with the collection's anchor and tag, if any.
    fn write_empty(&mut self, node: &Node, anchor: Option<&str>) {
        if self.write_properties(anchor, node_tag(node)) {
            self.out.push(' ');
        }
        self.out.push_str(if matches!(node, Node::Map(_)) {
            "{}"
        } else {
            "[]"
        });
    }

    /// A block mapping whose keys sit at column `indent`; with `inline_first`, the first key
    /// follows an indicator already written on the current line.
    fn map(&mut self, m: &'n Mapping, indent: usize, inline_first: bool) {
        for (i, (k, v)) in m.entries.iter().enumerate() {
            if i > 0 || !inline_first {
                self.indent(indent);
            }
            if let Some(name) = self.anchors.alias(k) {
                self.out.push_str(&format!("*{name} :"));
                self.map_value(v, indent);
            } else if let Some((s, style)) = scalar::simple_key(k, indent) {
                if let Some(name) = self.anchors.open(k) {
                    push_anchor(self.out, name);
                }
                scalar::write_styled(self.out, s, style, indent, false);
                self.anchors.close(k);
                self.out.push(':');
                self.map_value(v, indent);
            } else {
                self.out.push('?');
                self.after_indicator(k, indent);
                self.indent(indent);
                self.out.push(':');
                self.after_indicator(v, indent);
            }
        }
    }

    /// A block sequence whose dashes sit at column `indent`.
    fn seq(&mut self, s: &'n Sequence, indent: usize, inline_first: bool) {
        for (i, item) in s.items.iter().enumerate() {
            if i > 0 || !inline_first {
                self.indent(indent);
            }
            self.out.push('-');
            self.after_indicator(item, indent);
        }
    }

    /// The value after `key:` (key at column `indent`), through its final newline.
    fn map_value(&mut self, v: &'n Node, indent: usize) {
        if let Some(name) = self.anchors.alias(v) {
            self.out.push_str(&format!(" *{name}\n"));
            return;
        }
        let anchor = self.anchors.open(v);
        match v {
            Node::Scalar(s) => self.inline_scalar(s, indent, anchor),
            _ if is_empty_collection(v) => {
                self.out.push(' ');
                self.write_empty(v, anchor);
                self.out.push('\n');
            }
            _ if flow::keeps_flow(v) => self.inline_flow(v, anchor),
            Node::Map(m) => {
                self.properties_then_newline(anchor, m.tag());
                self.map(m, indent + 2, false);
            }
            Node::Seq(s) => {
                self.properties_then_newline(anchor, s.tag());
                self.seq(s, indent, false);
            }
        }
        self.anchors.close(v);
    }

    /// The node after an indicator (`-`, `?`, `:`) written at column `indent`, through its
    /// final newline; collections go compact (`- a: 1`) unless anchored or tagged.
    fn after_indicator(&mut self, node: &'n Node, indent: usize) {
        if let Some(name) = self.anchors.alias(node) {
            self.out.push_str(&format!(" *{name}\n"));
            return;
        }
        let anchor = self.anchors.open(node);
        match node {
            Node::Scalar(s) => self.inline_scalar(s, indent, anchor),
            _ if is_empty_collection(node) => {
                self.out.push(' ');
                self.write_empty(node, anchor);
                self.out.push('\n');
            }
            _ if flow::keeps_flow(node) => self.inline_flow(node, anchor),
            Node::Map(m) if m.tag().is_some() || anchor.is_some() => {
                self.properties_then_newline(anchor, m.tag());
                self.map(m, indent + 2, false);
            }
            Node::Seq(s) if s.tag().is_some() || anchor.is_some() => {
                self.properties_then_newline(anchor, s.tag());
                self.seq(s, indent + 2, false);
            }
            Node::Map(m) => {
                self.out.push(' ');
                self.map(m, indent + 2, true);
            }
            Node::Seq(s) => {
                self.out.push(' ');
                self.seq(s, indent + 2, true);
            }
        }
        self.anchors.close(node);
    }

    /// ` [a, b]\n` / ` {k: v}\n` after an indicator or key.
    fn inline_flow(&mut self, node: &'n Node, anchor: Option<&str>) {
        self.out.push(' ');
        flow::write_flow(self.out, node, anchor, &mut self.anchors);
        self.out.push('\n');
    }

    fn properties_then_newline(&mut self, anchor: Option<&str>, tag: Option<&str>) {
        if anchor.is_some() || tag.is_some() {
            self.out.push(' ');
            self.write_properties(anchor, tag);
        }
        self.out.push('\n');
    }

    /// ` value\n` after an indicator or key; nothing but the newline for an untagged empty
    /// plain (its anchor, if any).
    fn inline_scalar(&mut self, s: &Scalar, indent: usize, anchor: Option<&str>) {
        if let Some(name) = anchor {
            self.out.push_str(&format!(" &{name}"));
        }
        if !(s.value.is_empty() && s.style == ScalarStyle::Plain && s.tag().is_none()) {
            self.out.push(' ');
            if !write_scalar(self.out, s, indent, Placement::Value) {
                return;
            }
        }
        self.out.push('\n');
    }
}
