//! Parsing a YAML stream into lossless [`Node`] trees (saphyr-parser events).

use super::{Node, YamlError};

/// Parses every document of a YAML stream. Empty documents come back as a plain empty scalar
/// (null); aliases are expanded into copies of their anchored node.
pub fn parse_stream(text: &str) -> Result<Vec<Node>, YamlError> {
    let _ = text;
    todo!("yaml::parse_stream")
}
