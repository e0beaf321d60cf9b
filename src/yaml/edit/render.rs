//! Writing new content (defaulted entries, replaced values) into existing text: in block style
//! with the emitter's rules ([`emit_document`]: new strings quoted so YAML 1.1 and 1.2 agree,
//! kyaml's layout) shifted to the column where it goes, or in flow style (the emitter's flow
//! writer, or JSON inside JSON).

use super::EditError;
use crate::yaml::json::to_json;
use crate::yaml::keys::key_text;
use crate::yaml::{emit_document, Mapping, Node, Sequence};

/// New map entries in block style, keys at column `col`, one or more whole lines.
pub(super) fn block_entries(entries: &[(Node, Node)], col: usize) -> String {
    let map = Node::Map(Mapping {
        entries: entries.to_vec(),
        ..Mapping::default()
    });
    let mut out = String::new();
    emit_document(&map, &mut out);
    shift(&out, col)
}

/// A value written after `key:` (the key at column `col`): the rest of the key's line (with
/// its leading space, or empty when the value starts on the next line) and the lines after it.
pub(super) fn after_key(value: &Node, col: usize) -> (String, String) {
    let map = Node::Map(Mapping {
        entries: vec![(Node::string("x"), value.clone())],
        ..Mapping::default()
    });
    let mut out = String::new();
    emit_document(&map, &mut out);
    split_head(out.strip_prefix("x:").unwrap_or(&out), col)
}

/// An item written after `-` (the dash at column `col`): the rest of the dash's line and the
/// lines after it, as for [`after_key`].
pub(super) fn after_dash(value: &Node, col: usize) -> (String, String) {
    let seq = Node::Seq(Sequence {
        items: vec![value.clone()],
        ..Sequence::default()
    });
    let mut out = String::new();
    emit_document(&seq, &mut out);
    split_head(out.strip_prefix('-').unwrap_or(&out), col)
}

fn split_head(rest: &str, col: usize) -> (String, String) {
    match rest.split_once('\n') {
        Some((head, tail)) => (head.to_string(), shift(tail, col)),
        None => (rest.to_string(), String::new()),
    }
}

/// Every non-empty line moved right by `col` spaces (empty lines stay empty: inside block
/// scalars they are content either way).
fn shift(text: &str, col: usize) -> String {
    let pad = " ".repeat(col);
    let mut out = String::with_capacity(text.len() + 8 * col);
    for line in text.split_inclusive('\n') {
        if line != "\n" && line != "\r\n" {
            out.push_str(&pad);
        }
        out.push_str(line);
    }
    out
}

/// New map entries in flow style (`k: v, k2: v2`), or as JSON members (`"k": v`) with `json`.
/// With `json_indent`, nested JSON objects and arrays are written over several lines, their
/// closing bracket at that column (for a JSON file written one member per line).
pub(super) fn flow_entries(
    entries: &[(Node, Node)],
    json: bool,
    json_indent: Option<usize>,
) -> Result<Vec<String>, EditError> {
    entries
        .iter()
        .map(|(k, v)| {
            if !json {
                if let Some(s) = yaml_flow(Node::Map(Mapping {
                    entries: vec![(k.clone(), v.clone())],
                    flow: true,
                    one_line: true,
                    props: crate::yaml::Props::NONE,
                    span: crate::yaml::Span::NONE,
                })) {
                    return Ok(s);
                }
            }
            let key = key_text(k).ok_or(EditError::Unsupported("a map key that is no scalar"))?;
            let key = serde_json::to_string(&*key).unwrap_or_default();
            Ok(format!("{key}: {}", json_value(v, json_indent)?))
        })
        .collect()
}

/// A value in flow style, or JSON with `json`.
pub(super) fn flow_value(value: &Node, json: bool) -> Result<String, EditError> {
    if !json {
        let seq = Node::Seq(Sequence {
            items: vec![value.clone()],
            flow: true,
            one_line: true,
            props: crate::yaml::Props::NONE,
            span: crate::yaml::Span::NONE,
        });
        if let Some(s) = yaml_flow(seq) {
            return Ok(s);
        }
    }
    json_value(value, None)
}

/// A one-item flow collection written by the emitter, without its brackets; `None` when the
/// emitter cannot write it in flow style.
fn yaml_flow(node: Node) -> Option<String> {
    let mut out = String::new();
    emit_document(&node, &mut out);
    let inner = out.strip_suffix('\n')?;
    let inner = inner
        .strip_prefix('{')
        .and_then(|s| s.strip_suffix('}'))
        .or_else(|| inner.strip_prefix('[').and_then(|s| s.strip_suffix(']')))?;
    Some(inner.to_string())
}

fn json_value(value: &Node, indent: Option<usize>) -> Result<String, EditError> {
    let v = to_json(value).map_err(|_| EditError::Unsupported("a value JSON cannot hold"))?;
    let text = match indent {
        Some(_) => serde_json::to_string_pretty(&v),
        None => serde_json::to_string(&v),
    }
    .map_err(|_| EditError::Unsupported("a value JSON cannot hold"))?;
    Ok(match indent {
        Some(col) => text.replace('\n', &format!("\n{}", " ".repeat(col))),
        None => text,
    })
}
