//! Characters YAML does not allow in a stream, refused as kubectl's reader refuses them.
//!
//! go-yaml (libyaml's reader) accepts only printable characters: tab, line feed, carriage
//! return, U+0020–U+007E, U+0085, U+00A0–U+D7FF, U+E000–U+FFFD (but a byte order mark only at
//! the start) and U+10000 and above; anything else, anywhere in the stream, is `control
//! characters are not allowed`. saphyr-parser takes them in plain and quoted scalars, where the
//! emitter could not write them back in the same style. JSON input (text starting with `{`,
//! which kubectl decodes with encoding/json) is not checked: JSON escapes its control
//! characters, and the parser refuses raw ones below U+0020 itself.

use super::Documents;
use crate::yaml::YamlError;
use saphyr_parser::Marker;

/// go-yaml's message.
pub(super) const MESSAGE: &str = "control characters are not allowed";

/// The byte offset of the first character go-yaml (or, for JSON, encoding/json) refuses.
pub(super) fn first_control(text: &str) -> Option<usize> {
    let body = text.strip_prefix('\u{feff}').unwrap_or(text);
    let skip = text.len() - body.len();
    let json = body
        .trim_start_matches([' ', '\t', '\r', '\n'])
        .starts_with('{');
    if json || body.is_ascii() {
        let at = body.bytes().position(|b| {
            (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r')) || (b == 0x7f && !json)
        })?;
        return Some(skip + at);
    }
    body.char_indices()
        .find(|&(_, c)| !printable(c))
        .map(|(i, _)| skip + i)
}

fn printable(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{7e}' | '\u{85}' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
        && c != '\u{feff}'
}

impl Documents<'_> {
    /// The error for a refused character at or before byte `upto` of the text, if any.
    pub(super) fn control_before(&mut self, upto: usize) -> Result<(), YamlError> {
        match self.control {
            Some(at) if at < upto => {
                let line_start = self.text[..at].rfind('\n').map_or(0, |i| i + 1);
                let line = self.text[..at].matches('\n').count() + 1;
                let col = self.text[line_start..at].chars().count();
                self.control = None;
                Err(self.limit(Marker::new(at, line, col), MESSAGE))
            }
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::yaml::parse_stream;

    #[test]
    fn control_characters_are_refused_where_they_are() {
        let err = parse_stream("a: 1\n---\nb: x\u{1d}y\n").unwrap_err();
        assert_eq!(
            (err.document, err.line, err.column, err.message.as_str()),
            (1, 3, 5, super::MESSAGE)
        );
        let err = parse_stream("a: 1 # \u{7f}\n").unwrap_err();
        assert_eq!(err.message, super::MESSAGE);
        assert!(parse_stream("a: \"\\x1d\"\nb: \u{e9}\u{1f600}\tc\n").is_ok());
        assert!(parse_stream("{\"a\": \"x\u{7f}\u{85}\"}").is_ok());
        assert!(parse_stream("{\"a\": \"x\u{1}\"}").is_err());
    }
}
