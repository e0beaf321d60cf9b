//! All YAML reading and writing of the crate: a lossless tree ([`Node`]) that keeps every
//! scalar's text and style and every map's key order, YAML 1.1 interpretation of scalars as
//! kubectl reads them ([`scalar`]), conversion to and from JSON values ([`json`]), and an emitter
//! that writes untouched scalars exactly as they came and new ones so that YAML 1.1 and 1.2
//! readers agree on them.

pub mod edit;
pub mod emit;
pub mod json;
pub mod keys;
pub mod node;
pub mod parse;
pub mod read;
pub mod scalar;

pub use emit::{emit_document, emit_seq_item, emit_stream, Fields, Record};
pub use node::{Anchor, Mapping, Node, Props, Scalar, ScalarStyle, Sequence, Span};
pub use parse::parse_stream;

/// A YAML syntax error, located by document index (0-based, in the stream) and position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("document {document}: line {line}, column {column}: {message}")]
pub struct YamlError {
    pub document: usize,
    pub line: usize,
    pub column: usize,
    pub message: String,
}
