//! The pieces of a streamed run's input and output: the ResourceList or List *shell* (the root
//! document without its items, which were processed and written one at a time), the speculative
//! pre-scan for a block-style `functionConfig:`, and the output assembled from the shell and the
//! items' text without copying that text (written as chunks).

use super::json::{close_root, push_root_key, write_element, write_value, Layout};
use super::pieces::{Piece, Stdout};
use super::Form;
use crate::packed::Spool;
use crate::results::{Entries, KrmResult, Log};
use crate::yaml::json::to_json;
use crate::yaml::{emit_document, emit_seq_item, parse_stream, Mapping, Node};
use serde_json::Value;
use std::sync::Arc;

/// The form of a root document read with its items split out, when it is a ResourceList or a
/// List whose output can be written around the streamed items text: a mapping without tag,
/// with at most one `items` key (a sequence, possibly empty, or null) and valid `results`.
pub fn shell_form(shell: &Node) -> Option<Form> {
    let map = shell.as_map()?;
    if map.tag().is_some() {
        return None;
    }
    let count = |key: &str| {
        map.entries
            .iter()
            .filter(|(k, _)| k.scalar_str() == Some(key))
            .count()
    };
    if count("items") > 1 || count("results") > 1 || count("apiVersion") > 1 {
        return None;
    }
    let items = map.get("items");
    match items {
        None => {}
        Some(Node::Seq(s)) if s.items.is_empty() => {}
        Some(n) if n.is_null() => {}
        Some(_) => return None,
    }
    let form = super::envelope_form(shell)?;
    match map.get("results") {
        Some(r) if !r.is_null() && r.as_seq().is_none() => None,
        _ => Some(form),
    }
}

/// The value of a column-0 `functionConfig:` key in block-style input, parsed on its own (the
/// key's line through the line before the next column-0 key or document marker). A guess: the
/// caller checks it against the real root's `functionConfig` once that has been read.
pub fn prescan_function_config(text: &str) -> Option<Node> {
    let at = if text.starts_with("functionConfig:") {
        0
    } else {
        memchr::memmem::find(text.as_bytes(), b"\nfunctionConfig:")? + 1
    };
    let rest = &text[at..];
    let mut end = rest.len();
    let mut offset = rest.find('\n').map_or(rest.len(), |i| i + 1);
    while offset < rest.len() {
        let line = &rest[offset..];
        let first = line.as_bytes()[0];
        if !matches!(first, b' ' | b'\t' | b'\r' | b'\n' | b'#' | b'-') || line.starts_with("---") {
            end = offset;
            break;
        }
        offset += line.find('\n').map_or(line.len(), |i| i + 1);
    }
    let mut docs = parse_stream(&rest[..end]).ok()?;
    if docs.len() != 1 {
        return None;
    }
    docs.pop()?.as_map_mut()?.remove("functionConfig")
}

/// The value of the root object's `"functionConfig"` key in JSON input (the first value of
/// `text`, which kubectl reads as JSON), when it is an object: found by a scan of the JSON's
/// strings and brackets, then read on its own (as JSON, as the whole document is). A guess, as
/// [`prescan_function_config`]'s: kustomize and kpt put `functionConfig` after `items`, and
/// the run stands only if the real one is the same node.
pub fn prescan_json_function_config(text: &str) -> Option<Node> {
    let b = text.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => {
                let start = i;
                i = json_string_end(b, i)?;
                if depth == 1 && &b[start..i] == b"\"functionConfig\"" {
                    let colon = i + b[i..].iter().position(|c| !c.is_ascii_whitespace())?;
                    if b[colon] == b':' {
                        let value = colon + 1;
                        let end = json_value_end(b, value)?;
                        let fragment = text[value..end].trim_start();
                        if !fragment.starts_with('{') {
                            return None;
                        }
                        let mut docs = parse_stream(fragment).ok()?;
                        return (docs.len() == 1).then(|| docs.pop()).flatten();
                    }
                }
                continue;
            }
            b'{' | b'[' => depth += 1,
            b'}' | b']' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return None;
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The index after the JSON string starting at `b[at]` (a `"`).
fn json_string_end(b: &[u8], at: usize) -> Option<usize> {
    crate::yaml::read::gojson::string_end(b, at, &mut false)
}

/// The end of the JSON value starting at `b[at]` in an object or array: the next `,`, `}` or
/// `]` outside strings and nested brackets.
fn json_value_end(b: &[u8], at: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = at;
    while i < b.len() {
        match b[i] {
            b'"' => {
                i = json_string_end(b, i)?;
                continue;
            }
            b'{' | b'[' => depth += 1,
            b'}' | b']' if depth == 0 => return Some(i),
            b'}' | b']' => depth -= 1,
            b',' if depth == 0 => return Some(i),
            _ => {}
        }
        i += 1;
    }
    None
}

/// A ResourceList's own results: `head`, then the already rendered item results (`- ...`
/// entries at column 0, or JSON elements each after its separator), then `tail`.
pub struct Results<'r> {
    pub head: &'r [KrmResult],
    /// The items' results.
    pub items: Arc<Log>,
    pub tail: &'r [KrmResult],
}

impl Results<'_> {
    fn is_empty(&self) -> bool {
        self.head.is_empty() && self.items.is_empty() && self.tail.is_empty()
    }
}

/// Writes a ResourceList or List around its already written items text (`items`, each a
/// `- ...` entry at column 0, as the pieces of a buffer), exactly as [`super::write`] writes the whole document: the
/// ResourceList's apiVersion set, the items in the `items` key's place (appended when absent),
/// earlier results kept and `results` appended. Returns the output as chunks.
pub fn write_shell(
    mut shell: Node,
    form: Form,
    items: (Spool, Vec<Piece>),
    results: Results<'_>,
) -> Stdout {
    let map = shell.as_map_mut().expect("checked by shell_form");
    let mut earlier = super::prepare_envelope(map, form);
    let (text, item_pieces) = items;
    let mut chunks = Vec::new();
    let mut cur = String::new();
    let mut items = Some(item_pieces);
    let mut results = Some(results);
    for (k, v) in std::mem::take(&mut map.entries) {
        let key = k.scalar_str();
        let entry = Node::Map(Mapping {
            entries: vec![(k.clone(), v)],
            ..Mapping::default()
        });
        let ours = results
            .as_ref()
            .filter(|r| !(earlier.is_empty() && r.is_empty()));
        if key == Some("items") && items.as_ref().is_some_and(|t| !t.is_empty()) {
            key_line(&entry, &mut cur);
            chunks.push(Piece::Text(std::mem::take(&mut cur)));
            chunks.extend(items.take().into_iter().flatten());
        } else if key == Some("results") && form == Form::ResourceList && ours.is_some() {
            let r = results.take().expect("checked");
            key_line(&entry, &mut cur);
            for e in earlier.drain(..) {
                emit_seq_item(&e, &mut cur);
            }
            for e in r.head {
                emit_seq_item(&e.to_node(), &mut cur);
            }
            chunks.push(Piece::Text(std::mem::take(&mut cur)));
            chunks.push(Piece::Results(r.items, Entries::Yaml));
            for e in r.tail {
                emit_seq_item(&e.to_node(), &mut cur);
            }
        } else {
            emit_document(&entry, &mut cur);
        }
    }
    chunks.push(Piece::Text(cur));
    Stdout {
        text,
        pieces: chunks,
        threads: 1,
    }
}

/// [`write_shell`] for a run written as JSON (`layout`): `items` and `results.items` are JSON
/// elements, each after its separator ([`Layout::element_separator`]). The text is the one
/// [`super::write_json`] writes of the whole document: the shell's keys in its order, `items`
/// and `results` written in their place. `None` when the shell has no JSON form.
pub fn write_json_shell(
    mut shell: Node,
    form: Form,
    items: (Spool, Vec<Piece>),
    results: Results<'_>,
    layout: Layout,
) -> Option<Stdout> {
    let map = shell.as_map_mut().expect("checked by shell_form");
    let earlier = super::prepare_envelope(map, form);
    let Value::Object(root) = to_json(&shell).ok()? else {
        return None;
    };
    let (text, item_pieces) = items;
    let mut results = Some(results);
    let mut chunks = Vec::new();
    let mut cur = String::from("{");
    let mut items = Some(item_pieces);
    for (i, (key, v)) in root.iter().enumerate() {
        push_root_key(&mut cur, i, key, layout);
        if key == "items" {
            let pieces = items.take().unwrap_or_default();
            json_list(pieces, &text, layout, &mut cur, &mut chunks);
        } else if key == "results" && form == Form::ResourceList && results.is_some() {
            let r = results.take().expect("checked");
            let mut head = String::new();
            let entries = earlier
                .iter()
                .cloned()
                .chain(r.head.iter().map(KrmResult::to_node));
            for e in entries {
                write_element(&mut head, &e, layout)?;
            }
            let mut tail = String::new();
            for e in r.tail {
                write_element(&mut tail, &e.to_node(), layout)?;
            }
            let pieces = vec![
                Piece::Text(head),
                Piece::Results(
                    r.items,
                    Entries::Json {
                        layout,
                        first: false,
                    },
                ),
                Piece::Text(tail),
            ];
            json_list(pieces, &text, layout, &mut cur, &mut chunks);
        } else {
            write_value(&mut cur, v, layout, 2);
        }
    }
    close_root(&mut cur, root.len(), layout);
    cur.push('\n');
    chunks.push(Piece::Text(cur));
    Some(Stdout {
        text,
        pieces: chunks,
        threads: 1,
    })
}

/// A JSON list of `elements` (pieces, each element after its separator) in the root mapping:
/// `[]` when there is none, else `[`, the elements, the first one's comma left out, and the
/// closing. `cur` is the text being written, `chunks` the pieces before it.
fn json_list(
    mut elements: Vec<Piece>,
    text: &Spool,
    layout: Layout,
    cur: &mut String,
    chunks: &mut Vec<Piece>,
) {
    let first = elements.iter_mut().find(|p| match p {
        Piece::Own(r) => !r.is_empty(),
        Piece::Text(t) => !t.is_empty(),
        Piece::Results(log, _) => !log.is_empty(),
        _ => unreachable!("JSON elements are text"),
    });
    match first {
        None => return cur.push_str("[]"),
        Some(Piece::Own(r)) => {
            debug_assert_eq!(text.get(r.start..r.start + 1), ",");
            r.start += 1;
        }
        Some(Piece::Text(t)) => {
            debug_assert!(t.starts_with(','));
            t.remove(0);
        }
        Some(Piece::Results(_, entries)) => {
            if let Entries::Json { first, .. } = entries {
                *first = true;
            }
        }
        Some(_) => unreachable!("JSON elements are text"),
    }
    cur.push('[');
    let head = Piece::Text(std::mem::take(cur));
    if chunks.is_empty() {
        // The first list (a long one's pieces are not copied to a new vector).
        elements.insert(0, head);
        *chunks = elements;
    } else {
        chunks.push(head);
        chunks.extend(elements);
    }
    cur.push_str(layout.element_close());
}

/// `key:` and a line break for a one-entry mapping whose value is an empty sequence (written
/// `key: []`), to be followed by `- ...` entries at column 0.
fn key_line(entry: &Node, out: &mut String) {
    let mut text = String::new();
    emit_document(entry, &mut text);
    let head = text.strip_suffix(" []\n").unwrap_or(&text);
    out.push_str(head);
    out.push('\n');
}

#[cfg(test)]
mod tests;
