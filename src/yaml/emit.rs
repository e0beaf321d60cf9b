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
//! as the same string. Tags are written back. The output re-parses to
//! the same tree.

mod flow;
mod scalar;
#[cfg(test)]
mod tests;

use super::{Mapping, Node, Scalar, ScalarStyle, Sequence};
pub(crate) use scalar::{block_header, block_indicators, single_ok};
use scalar::{write_scalar, Placement};

/// Appends one document (without a `---` marker) to `out`.
pub fn emit_document(node: &Node, out: &mut String) {
    let mut e = Emitter { out };
    match node {
        Node::Scalar(s) => {
            if write_scalar(e.out, s, 0, Placement::Root) {
                e.out.push('\n');
            } else if matches!(s.style, ScalarStyle::Literal | ScalarStyle::Folded)
                && s.value.bytes().all(|b| b == b'\n')
            {
                // A root block scalar without content lines: saphyr-parser would run it into a
                // following `---`; an explicit document end stops it.
                e.out.push_str("...\n");
            }
        }
        _ if is_empty_collection(node) => {
            e.write_empty(node);
            e.out.push('\n');
        }
        _ if flow::keeps_flow(node) => {
            flow::write_flow(e.out, node);
            e.out.push('\n');
        }
        Node::Map(m) => {
            if e.write_tag_line(m.tag.as_deref()) {
                e.out.push('\n');
            }
            e.map(m, 0, false);
        }
        Node::Seq(s) => {
            if e.write_tag_line(s.tag.as_deref()) {
                e.out.push('\n');
            }
            e.seq(s, 0, false);
        }
    }
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
    let mut e = Emitter { out };
    e.out.push('-');
    e.after_indicator(node, 0);
}

fn needs_marker(doc: &Node) -> bool {
    matches!(doc, Node::Scalar(s) if s.value.is_empty() && s.tag.is_none() && s.style == ScalarStyle::Plain)
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
        Node::Map(m) => m.tag.as_deref(),
        Node::Seq(s) => s.tag.as_deref(),
        Node::Scalar(s) => s.tag.as_deref(),
    }
}

struct Emitter<'o> {
    out: &'o mut String,
}

const SPACES: &str = "                                                                ";

impl Emitter<'_> {
    fn indent(&mut self, n: usize) {
        let mut n = n;
        while n > 0 {
            let k = n.min(SPACES.len());
            self.out.push_str(&SPACES[..k]);
            n -= k;
        }
    }

    /// Writes the tag (no newline); returns whether there was one.
    fn write_tag_line(&mut self, tag: Option<&str>) -> bool {
        match tag {
            Some(t) => {
                self.out.push_str(t);
                true
            }
            None => false,
        }
    }

    /// `{}` / `[]` with the collection's tag, if any.
    fn write_empty(&mut self, node: &Node) {
        if let Some(t) = node_tag(node) {
            self.out.push_str(t);
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
    fn map(&mut self, m: &Mapping, indent: usize, inline_first: bool) {
        for (i, (k, v)) in m.entries.iter().enumerate() {
            if i > 0 || !inline_first {
                self.indent(indent);
            }
            if let Some((s, style)) = scalar::simple_key(k, indent) {
                scalar::write_styled(self.out, s, style, indent, false);
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
    fn seq(&mut self, s: &Sequence, indent: usize, inline_first: bool) {
        for (i, item) in s.items.iter().enumerate() {
            if i > 0 || !inline_first {
                self.indent(indent);
            }
            self.out.push('-');
            self.after_indicator(item, indent);
        }
    }

    /// The value after `key:` (key at column `indent`), through its final newline.
    fn map_value(&mut self, v: &Node, indent: usize) {
        match v {
            Node::Scalar(s) => self.inline_scalar(s, indent),
            _ if is_empty_collection(v) => {
                self.out.push(' ');
                self.write_empty(v);
                self.out.push('\n');
            }
            _ if flow::keeps_flow(v) => self.inline_flow(v),
            Node::Map(m) => {
                self.tag_then_newline(m.tag.as_deref());
                self.map(m, indent + 2, false);
            }
            Node::Seq(s) => {
                self.tag_then_newline(s.tag.as_deref());
                self.seq(s, indent, false);
            }
        }
    }

    /// The node after an indicator (`-`, `?`, `:`) written at column `indent`, through its
    /// final newline; collections go compact (`- a: 1`) unless tagged.
    fn after_indicator(&mut self, node: &Node, indent: usize) {
        match node {
            Node::Scalar(s) => self.inline_scalar(s, indent),
            _ if is_empty_collection(node) => {
                self.out.push(' ');
                self.write_empty(node);
                self.out.push('\n');
            }
            _ if flow::keeps_flow(node) => self.inline_flow(node),
            Node::Map(m) if m.tag.is_some() => {
                self.tag_then_newline(m.tag.as_deref());
                self.map(m, indent + 2, false);
            }
            Node::Seq(s) if s.tag.is_some() => {
                self.tag_then_newline(s.tag.as_deref());
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
    }

    /// ` [a, b]\n` / ` {k: v}\n` after an indicator or key.
    fn inline_flow(&mut self, node: &Node) {
        self.out.push(' ');
        flow::write_flow(self.out, node);
        self.out.push('\n');
    }

    fn tag_then_newline(&mut self, tag: Option<&str>) {
        if let Some(t) = tag {
            self.out.push(' ');
            self.out.push_str(t);
        }
        self.out.push('\n');
    }

    /// ` value\n` after an indicator or key; nothing but the newline for an untagged empty plain.
    fn inline_scalar(&mut self, s: &Scalar, indent: usize) {
        if !(s.value.is_empty() && s.style == ScalarStyle::Plain && s.tag.is_none()) {
            self.out.push(' ');
            if !write_scalar(self.out, s, indent, Placement::Value) {
                return;
            }
        }
        self.out.push('\n');
    }
}
