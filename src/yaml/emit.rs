//! Writing [`Node`] trees back as block-style YAML, each scalar in its own style.

use super::Node;

/// Appends one document (without a `---` marker) to `out`.
pub fn emit_document(node: &Node, out: &mut String) {
    let _ = (node, out);
    todo!("yaml::emit_document")
}

/// Writes documents separated by `---` lines.
pub fn emit_stream(docs: &[Node]) -> String {
    let _ = docs;
    todo!("yaml::emit_stream")
}
