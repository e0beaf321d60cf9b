//! Writing a collection that was read as one-line flow (`[a, b]`, `{k: v}`) back in flow style
//! on one line, when everything inside it can be: single-line plain scalars without flow
//! indicators, single-line quoted scalars, no block scalars, scalar keys, tags without flow
//! indicators. Nested collections are written in flow style too.

use super::scalar::{key_text_fits, plain_ok, single_ok, source, write_styled, MAX_KEY_TEXT};
use super::{push_anchor, Anchors};
use crate::yaml::{Node, Scalar, ScalarStyle};

/// Whether `node` is a collection read as one-line flow whose content can all be written in flow.
pub(super) fn keeps_flow(node: &Node) -> bool {
    let one_line = match node {
        Node::Map(m) => m.flow && m.one_line,
        Node::Seq(s) => s.flow && s.one_line,
        Node::Scalar(_) => false,
    };
    one_line && safe(node)
}

/// Whether `node` (and all it holds) can be written in flow context on one line.
fn safe(node: &Node) -> bool {
    match node {
        Node::Scalar(s) => scalar_style(s, false).is_some(),
        Node::Seq(s) => tag_ok(s.tag()) && s.items.iter().all(safe),
        Node::Map(m) => {
            tag_ok(m.tag())
                && m.entries.iter().all(|(k, v)| match k {
                    Node::Scalar(k) => scalar_style(k, true).is_some() && safe(v),
                    _ => false,
                })
        }
    }
}

fn tag_ok(tag: Option<&str>) -> bool {
    tag.is_none_or(|t| !t.contains([',', '[', ']', '{', '}']))
}

/// The style a scalar is written in inside a flow collection, if it can be written there.
fn scalar_style(s: &Scalar, key: bool) -> Option<ScalarStyle> {
    if !tag_ok(s.tag()) || (key && s.value.len() > MAX_KEY_TEXT) {
        return None;
    }
    let ok = source(s, true).is_some()
        || match s.style {
            ScalarStyle::Plain => flow_plain_ok(&s.value),
            ScalarStyle::SingleQuoted => !s.value.contains('\n') && single_ok(&s.value),
            ScalarStyle::DoubleQuoted => true,
            ScalarStyle::Literal | ScalarStyle::Folded => false,
        };
    // (A key's text on one line within the implicit key's limit: `write_flow` writes every
    // scalar on the line it is on, at no indentation of its own.)
    (ok && (!key || key_text_fits(s, s.style, 0, true))).then_some(s.style)
}

/// A plain scalar that reads back as exactly this text inside a flow collection: plain-safe in
/// block context, not empty, one line, no flow indicators (nor `?`, which ends a plain scalar
/// in a flow collection for go-yaml v2, kubectl's reader), not starting with `:`, not
/// ending with an indicator that a flow indicator after it would turn into one (`1 -` + `]`).
fn flow_plain_ok(s: &str) -> bool {
    plain_ok(s, false, false)
        && !s.contains([',', '[', ']', '{', '}', '?', '\n', '\r'])
        && !s.starts_with(':')
        && !s.ends_with(['-', '?', ':'])
}

/// Writes `node` (a collection for which [`keeps_flow`] holds, or anything inside one) in flow
/// style, without a line break, after `anchor` (opened by the caller in `anchors`); the nodes
/// inside it with their anchors, and as aliases where they can be (see [`Anchors`]).
pub(super) fn write_flow<'n>(
    out: &mut String,
    node: &'n Node,
    anchor: Option<&str>,
    anchors: &mut Anchors<'n>,
) {
    if let Some(name) = anchor {
        push_anchor(out, name);
    }
    match node {
        Node::Scalar(s) => {
            let style = scalar_style(s, false).unwrap_or(ScalarStyle::DoubleQuoted);
            write_styled(out, s, style, 0, true);
        }
        Node::Seq(s) => {
            push_tag(out, s.tag());
            out.push('[');
            for (i, item) in s.items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                inner(out, item, anchors);
            }
            out.push(']');
        }
        Node::Map(m) => {
            push_tag(out, m.tag());
            out.push('{');
            for (i, (k, v)) in m.entries.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                if let Some(name) = anchors.alias(k) {
                    out.push('*');
                    out.push_str(name);
                    out.push(' ');
                } else if let Node::Scalar(s) = k {
                    if let Some(name) = anchors.open(k) {
                        push_anchor(out, name);
                    }
                    let style = scalar_style(s, true).unwrap_or(ScalarStyle::DoubleQuoted);
                    write_styled(out, s, style, 0, true);
                    anchors.close(k);
                }
                out.push_str(": ");
                inner(out, v, anchors);
            }
            out.push('}');
        }
    }
}

/// A node inside a flow collection: its alias, or the node with its anchor.
fn inner<'n>(out: &mut String, node: &'n Node, anchors: &mut Anchors<'n>) {
    if let Some(name) = anchors.alias(node) {
        out.push('*');
        out.push_str(name);
        return;
    }
    let anchor = anchors.open(node);
    write_flow(out, node, anchor, anchors);
    anchors.close(node);
}

fn push_tag(out: &mut String, tag: Option<&str>) {
    if let Some(t) = tag {
        out.push_str(t);
        out.push(' ');
    }
}
