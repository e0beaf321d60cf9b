//! One manifest file: its text, its documents, and where its resources are in them. A resource
//! is a document with a string `apiVersion` and `kind`, or an item of a `kind: List` document's
//! `items`; any other document (empty ones, a kustomization's non-KRM neighbours) is not read
//! further and never changes.

use super::walk::is_json;
use crate::yaml::edit::locate::Place;
use crate::yaml::{parse_stream, Node, YamlError};
use std::path::{Path, PathBuf};

/// A file as read.
pub(super) struct SourceFile {
    pub path: PathBuf,
    /// The path as given (without a leading `./`), for messages.
    pub name: String,
    /// The text, without a leading byte order mark.
    pub text: String,
    pub bom: bool,
    pub json: bool,
    /// The documents, or why the file cannot be read.
    pub docs: Result<Vec<Node>, DocsError>,
    /// Where the YAML syntax error is, when `docs` is one.
    pub error_place: Option<Place>,
}

/// Why a file's documents cannot be read (its finding's message).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(super) enum DocsError {
    #[error("not UTF-8 text")]
    NotUtf8,
    #[error("malformed YAML: {0}")]
    Malformed(YamlError),
}

/// Reads and parses a file; a file that is not UTF-8 or not YAML gets `docs` = the error.
pub(super) fn read(path: &Path) -> Result<SourceFile, std::io::Error> {
    let bytes = std::fs::read(path)?;
    let name = path.strip_prefix(".").unwrap_or(path).display().to_string();
    let mut error_place = None;
    let (text, docs) = match String::from_utf8(bytes) {
        Ok(text) => {
            let docs = parse_stream(text.strip_prefix('\u{feff}').unwrap_or(&text)).map_err(|e| {
                error_place = Some(Place {
                    line: e.line.max(1),
                    column: e.column.max(1),
                });
                DocsError::Malformed(e)
            });
            (text, docs)
        }
        Err(_) => (String::new(), Err(DocsError::NotUtf8)),
    };
    let bom = text.starts_with('\u{feff}');
    let text = if bom { text[3..].to_string() } else { text };
    Ok(SourceFile {
        json: is_json(path),
        path: path.to_path_buf(),
        name,
        text,
        bom,
        docs,
        error_place,
    })
}

/// Where a resource is: its document and, in a `kind: List`, its index in `items`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct At {
    pub doc: usize,
    pub item: Option<usize>,
}

/// The resources of a file's documents, in order.
pub(super) fn resources(docs: &[Node]) -> Vec<At> {
    let mut out = Vec::new();
    for (doc, node) in docs.iter().enumerate() {
        match list_items(node) {
            Some(items) => out.extend(
                items
                    .iter()
                    .enumerate()
                    .filter(|(_, item)| is_object(item))
                    .map(|(i, _)| At { doc, item: Some(i) }),
            ),
            None if is_object(node) => out.push(At { doc, item: None }),
            None => {}
        }
    }
    out
}

/// A `kind: List` document's items.
fn list_items(doc: &Node) -> Option<&[Node]> {
    if doc.get("kind").and_then(Node::scalar_str) != Some("List") {
        return None;
    }
    doc.get("items")?.as_seq().map(|s| s.items.as_slice())
}

/// A map with non-empty string `apiVersion` and `kind`.
fn is_object(node: &Node) -> bool {
    let s = |k: &str| {
        node.get(k)
            .and_then(Node::as_str)
            .is_some_and(|v| !v.is_empty())
    };
    s("apiVersion") && s("kind")
}

/// The resource at `at`.
pub(super) fn resource(docs: &[Node], at: At) -> &Node {
    let doc = &docs[at.doc];
    match at.item {
        None => doc,
        Some(i) => &list_items(doc).expect("a List document")[i],
    }
}

/// The resource at `at`, to change in place.
pub(super) fn resource_mut(docs: &mut [Node], at: At) -> &mut Node {
    let doc = &mut docs[at.doc];
    match at.item {
        None => doc,
        Some(i) => {
            let items = doc
                .as_map_mut()
                .and_then(|m| m.get_mut("items"))
                .and_then(Node::as_seq_mut)
                .expect("a List document");
            &mut items.items[i]
        }
    }
}

/// How messages name a resource's place: the file, then the document when the file has more
/// than one, then the List item.
pub(super) fn label(name: &str, docs: usize, at: At) -> String {
    let mut label = name.to_string();
    if docs > 1 {
        label.push_str(&format!(", document {}", at.doc));
    }
    if let Some(i) = at.item {
        label.push_str(&format!(", items[{i}]"));
    }
    label
}
