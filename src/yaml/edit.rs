//! Surgical edits of YAML text: given a stream's text, the documents read from it and the
//! documents they are to become, [`rewrite`] changes only what differs, in place, so that
//! everything else — comments, blank lines, key order, quoting and scalar styles, indentation,
//! flow collections, document markers, line breaks (`\n` or `\r\n`), a missing final line break —
//! stays byte for byte.
//!
//! The differences ([`diff::changes`]) must be what processing an object makes: map entries
//! removed or appended, nodes replaced. They are located in the text by where the reader found
//! every node (`positions`, the spans of [`super::read`], the reader `parse_stream` uses), turned into byte-range edits (`plan`), with
//! new content written by the emitter's rules (`render`). The edited text is then read again
//! and must give exactly the wanted documents (as values), or [`rewrite`] fails: it never returns
//! text that does not read back right.

pub mod diff;
pub mod locate;
mod plan;
mod positions;
mod render;
#[cfg(test)]
mod tests;
mod text;

use super::json::to_json;
use super::keys::normalize_keys;
use super::{parse_stream, Node, YamlError};

/// Why a text could not be edited in place.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    #[error("the text does not read as YAML: {0}")]
    Unreadable(YamlError),
    #[error("the text has {found} documents where {expected} were read")]
    Documents { expected: usize, found: usize },
    #[error("a change falls inside an alias (`*name`)")]
    Alias,
    #[error("a change falls inside a map with merge keys (`<<`)")]
    Unaligned,
    #[error("cannot edit {0} in place")]
    Unsupported(&'static str),
    #[error("edits overlap")]
    Overlap,
    #[error("the edited text does not read back as the expected document {document}{detail}")]
    Verify { document: usize, detail: String },
}

/// Rewrites `text`, whose documents read as `before`, so that they read as `after` (same number
/// of documents; a document whose value does not change is left alone). `json`: new flow
/// content is written as JSON (the text is a JSON file). Returns the text unchanged when no
/// document changes.
pub fn rewrite(
    text: &str,
    before: &[Node],
    after: &[Node],
    json: bool,
) -> Result<String, EditError> {
    let changed: Vec<usize> = (0..before.len().min(after.len()))
        .filter(|&i| !value_eq(&before[i], &after[i]))
        .collect();
    if before.len() != after.len() {
        return Err(EditError::Documents {
            expected: after.len(),
            found: before.len(),
        });
    }
    if changed.is_empty() {
        return Ok(text.to_string());
    }
    let pos = positions::read(text).map_err(EditError::Unreadable)?;
    if pos.docs.len() != before.len() {
        return Err(EditError::Documents {
            expected: before.len(),
            found: pos.docs.len(),
        });
    }
    let mut edits = Vec::new();
    for i in changed {
        let (norm_before, norm_after) = (normalized(&before[i]), normalized(&after[i]));
        let doc = plan::Doc {
            text,
            pos: &pos,
            root: pos.docs[i],
            orig: &before[i],
            norm: &norm_before,
            json,
        };
        for change in diff::changes(&norm_before, &norm_after) {
            edits.extend(doc.edits(&change)?);
        }
    }
    let edited = text::apply(text, edits, text::is_crlf(text))?;
    verify(&edited, after)?;
    Ok(edited)
}

/// Whether two documents read as the same value (keys and merge keys as kubectl reads them);
/// documents JSON cannot hold are compared as trees.
pub fn value_eq(a: &Node, b: &Node) -> bool {
    match (to_json(a), to_json(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => a.content_eq(b),
    }
}

fn normalized(node: &Node) -> Node {
    let mut n = node.clone();
    normalize_keys(&mut n);
    n
}

/// The edited text reads back as `after`.
fn verify(edited: &str, after: &[Node]) -> Result<(), EditError> {
    let docs = parse_stream(edited).map_err(|e| EditError::Verify {
        document: e.document,
        detail: format!(": {e}"),
    })?;
    if docs.len() != after.len() {
        return Err(EditError::Documents {
            expected: after.len(),
            found: docs.len(),
        });
    }
    match docs.iter().zip(after).position(|(d, a)| !value_eq(d, a)) {
        Some(document) => Err(EditError::Verify {
            document,
            detail: String::new(),
        }),
        None => Ok(()),
    }
}
