//! kubectl's splitting of a stream into documents (apimachinery's YAMLOrJSONDecoder).
//!
//! YAML: lines are read one at a time; a line starting with `---` ends the document being
//! gathered (when it holds anything) and is dropped; after the `---` only blanks or a comment
//! may follow (else `invalid Yaml document separator: <rest>`). JSON (the first non-space
//! character is `{`): each JSON value is a document; when the first value cannot be read as
//! JSON, the stream is read as YAML after all (as apimachinery falls back).

/// One document's text: `range` in the stream, and the line (0-based) it starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunk {
    pub range: std::ops::Range<usize>,
    pub line: usize,
    /// A JSON value (read with encoding/json's grammar).
    pub json: bool,
}

/// A refused separator line (the chunks after it can still be read, as apimachinery's reader
/// goes on after it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitError {
    pub line: usize,
    pub message: String,
}

impl SplitError {
    pub fn at(self, document: usize) -> super::Refusal {
        super::Refusal {
            document,
            line: self.line,
            column: 1,
            message: self.message,
        }
    }
}

pub struct Chunks<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    json: Option<std::vec::IntoIter<Chunk>>,
}

impl<'a> Chunks<'a> {
    pub fn new(text: &'a str) -> Self {
        let json = json_chunks(text).map(Vec::into_iter);
        Chunks {
            text,
            pos: 0,
            line: 0,
            json,
        }
    }
}

/// Go's `unicode.IsSpace`.
fn go_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{85}' | '\u{a0}'
    ) || (c > '\u{ff}' && c.is_whitespace())
}

/// The JSON values of a stream that kubectl reads as JSON: `None` when it is not one (its first
/// non-space character is not `{`), or when its first value cannot be read (apimachinery then
/// reads it as YAML). A stream of several values that later fails is cut where it fails: the
/// values before it, then a chunk of the rest (refused by the YAML reader in JSON mode).
fn json_chunks(text: &str) -> Option<Vec<Chunk>> {
    let body = text.trim_start_matches(go_space);
    if !body.starts_with('{') {
        return None;
    }
    let mut out = Vec::new();
    let mut stream = serde_json::Deserializer::from_str(text).into_iter::<serde::de::IgnoredAny>();
    let mut start = 0;
    loop {
        match stream.next() {
            None => break,
            Some(Ok(_)) => {
                let end = stream.byte_offset();
                let value_start = start + text[start..end].len()
                    - text[start..end].trim_start_matches(go_space).len();
                out.push(Chunk {
                    range: value_start..end,
                    line: text[..value_start].matches('\n').count(),
                    json: true,
                });
                start = end;
            }
            Some(Err(_)) if out.len() <= 1 => return None,
            Some(Err(_)) => {
                out.push(Chunk {
                    range: start..text.len(),
                    line: text[..start].matches('\n').count(),
                    json: true,
                });
                break;
            }
        }
    }
    Some(out)
}

impl Iterator for Chunks<'_> {
    type Item = Result<Chunk, SplitError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(json) = &mut self.json {
            return json.next().map(Ok);
        }
        let start = self.pos;
        let start_line = self.line;
        let mut chunk_start = start;
        let mut chunk_line = start_line;
        while self.pos < self.text.len() {
            // Only a line starting with `---` can end a chunk: skip to the next one.
            let rest = &self.text[self.pos..];
            let skip = if rest.starts_with("---") {
                0
            } else {
                memchr::memmem::find(rest.as_bytes(), b"\n---").map_or(rest.len(), |i| i + 1)
            };
            let skipped = &rest[..skip];
            self.line += memchr::memchr_iter(b'\n', skipped.as_bytes()).count();
            self.line += usize::from(!skipped.is_empty() && !skipped.ends_with('\n'));
            self.pos += skip;
            if self.pos == self.text.len() {
                break;
            }
            let rest = &self.text[self.pos..];
            let len = rest.find('\n').map_or(rest.len(), |i| i + 1);
            let line = &rest[..len];
            let line_start = self.pos;
            self.pos += len;
            self.line += 1;
            if let Some(after) = line.strip_prefix("---") {
                let trimmed = after.trim_matches(go_space);
                if !trimmed.is_empty() && !trimmed.starts_with('#') {
                    return Some(Err(SplitError {
                        line: self.line,
                        message: format!("invalid Yaml document separator: {trimmed}"),
                    }));
                }
                if line_start > chunk_start {
                    self.pos = line_start + len;
                    return Some(Ok(Chunk {
                        range: chunk_start..line_start,
                        line: chunk_line,
                        json: false,
                    }));
                }
                chunk_start = self.pos;
                chunk_line = self.line;
            }
        }
        if self.pos > chunk_start {
            return Some(Ok(Chunk {
                range: chunk_start..self.pos,
                line: chunk_line,
                json: false,
            }));
        }
        None
    }
}
