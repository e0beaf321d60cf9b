//! kubectl's splitting of a stream into documents (apimachinery's YAMLOrJSONDecoder).
//!
//! YAML: lines are read one at a time; a line starting with `---` ends the document being
//! gathered (when it holds anything) and is dropped; after the `---` only blanks or a comment
//! may follow (else `invalid Yaml document separator: <rest>`). JSON (the first non-space
//! character is `{`): each JSON value is a document, read as Go's `json.Decoder` reads it
//! ([`super::gojson`]). When one does not read after two or more did, the stream is refused
//! with Go's cause; after none or one, the rest is read as YAML (from the end of the last
//! value, white space up to the first line break skipped), and when its first document does
//! not read either, the refusal is the JSON one (`json: offset N: <cause>`).

use super::gojson;

/// One document's text: `range` in the stream, and the line (0-based) it starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunk {
    pub range: std::ops::Range<usize>,
    pub line: usize,
    /// A JSON value (read with encoding/json's grammar).
    pub json: bool,
    /// A JSON object or array that the YAML grammar reads as JSON does: read straight into its
    /// tree ([`super::jsontree`]) instead of by the YAML reader (see [`gojson::Read::Value`]).
    pub direct: bool,
    /// A JSON value the YAML reader cannot read as encoding/json does (an escape the YAML
    /// grammar refuses; a NEL, LS or PS in a string, which it folds): encoding/json's reading
    /// of it stands (see [`gojson::Read::Value`]).
    pub json_only: bool,
    /// The refusal to give instead of this document's own when it does not read: the first
    /// YAML document after JSON that did not read (see the module's doc).
    pub instead: Option<Box<SplitError>>,
}

/// A refused separator line (the chunks after it can still be read, as apimachinery's reader
/// goes on after it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl SplitError {
    pub fn at(self, document: usize) -> super::Refusal {
        super::Refusal {
            document,
            line: self.line,
            column: self.column,
            message: self.message,
        }
    }
}

#[derive(Clone)]
pub struct Chunks<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    /// The JSON values of a stream read as JSON, then what comes after them.
    json: Option<(std::vec::IntoIter<Chunk>, After)>,
    /// Whether `json` is known: Go's scanner goes over the text when the first chunk is asked
    /// for, not when the chunks are made (a reader made and not used scans nothing: the
    /// streamed run of a JSON list reads its items apart).
    scanned: bool,
    /// For the first YAML document after JSON values, the JSON refusal (see the module doc).
    instead: Option<Box<SplitError>>,
}

/// What follows a stream's JSON values.
#[derive(Clone)]
enum After {
    /// Nothing but white space.
    End,
    /// A value that does not read, after two or more: the stream's refusal.
    Refused(SplitError),
    /// YAML from this byte and line, and the refusal of its first document if it does not
    /// read.
    Yaml(usize, usize, SplitError),
}

impl<'a> Chunks<'a> {
    pub fn new(text: &'a str) -> Self {
        Chunks {
            scanned: false,
            ..Chunks::of_json(text, None)
        }
    }

    /// The chunks of `text`, given its JSON values and what follows them, if it is JSON.
    fn of_json(text: &'a str, json: Option<(Vec<Chunk>, After)>) -> Self {
        Chunks {
            text,
            pos: 0,
            line: 0,
            json: json.map(|(chunks, after)| (chunks.into_iter(), after)),
            scanned: true,
            instead: None,
        }
    }

    /// The chunks of `text`, one JSON object with nothing around it, that the caller knows
    /// to read as encoding/json reads it, with what [`gojson::read_value`] would say of it
    /// (`direct`, `json_only`): as [`Self::new`] gives them, without Go's scanner going
    /// over the text again (checked in debug builds).
    pub fn json_object(text: &'a str, direct: bool, json_only: bool) -> Self {
        let chunk = Chunk {
            range: 0..text.len(),
            line: 0,
            json: true,
            direct,
            json_only,
            instead: None,
        };
        debug_assert!(
            matches!(json_chunks(text), Some((c, After::End)) if c == [chunk.clone()]),
            "{text:?} is not one JSON object read so"
        );
        Chunks::of_json(text, Some((vec![chunk], After::End)))
    }
}

/// Go's `unicode.IsSpace`: what apimachinery's `hasJSONPrefix` trims off a stream before it looks
/// for the `{` that makes kubectl read it as JSON (the emitter keeps a document from starting
/// with one of these outside ASCII for that reason).
pub(crate) fn go_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{85}' | '\u{a0}'
    ) || (c > '\u{ff}' && c.is_whitespace())
}

/// The JSON values of a stream that kubectl reads as JSON, and what follows them (see the
/// module doc); `None` when it is not one (its first non-space character is not `{`).
fn json_chunks(text: &str) -> Option<(Vec<Chunk>, After)> {
    let body = text.trim_start_matches(go_space);
    if !body.starts_with('{') {
        return None;
    }
    let mut out = Vec::new();
    let (mut at, mut line, mut counted) = (0, 0, 0);
    // The 0-based line of byte `to` (counting on from the last one asked).
    let mut line_of = |to: usize| {
        line += memchr::memchr_iter(b'\n', &text.as_bytes()[counted..to]).count();
        counted = to;
        line
    };
    loop {
        match gojson::read_value(text, at) {
            gojson::Read::End => return Some((out, After::End)),
            gojson::Read::Value {
                end,
                direct,
                json_only,
            } => {
                let start = end - text[at..end].trim_start_matches(go_space).len();
                out.push(Chunk {
                    range: start..end,
                    line: line_of(start),
                    json: true,
                    direct: direct && matches!(text.as_bytes()[start], b'{' | b'['),
                    json_only,
                    instead: None,
                });
                at = end;
            }
            gojson::Read::Refused {
                at: bad,
                offset,
                message,
            } => {
                let line = line_of(bad.min(text.len()));
                let line_start = text[..bad].rfind('\n').map_or(0, |i| i + 1);
                let error = |message: String| SplitError {
                    line: line + 1,
                    column: text[line_start..bad].chars().count() + 1,
                    message,
                };
                if out.len() > 1 {
                    return Some((out, After::Refused(error(message))));
                }
                // A syntax error is worded with its offset (`unexpected EOF` is not one).
                let message = match offset {
                    0 => message,
                    n => format!("json: offset {n}: {message}"),
                };
                let from = after_space(text, at);
                let from_line = text[..from].matches('\n').count();
                return Some((out, After::Yaml(from, from_line, error(message))));
            }
        }
    }
}

/// The range of the first value of a stream that kubectl reads as JSON, when it reads (the
/// first chunk [`Chunks`] gives then), found without reading the values after it.
pub fn first_json_value(text: &str) -> Option<std::ops::Range<usize>> {
    first_value(text, |t| Some((gojson::read_value(t, 0), ()))).map(|(range, _)| range)
}

/// [`first_json_value`], and where its root `items` array's elements are, when
/// [`gojson::read_value_items`] finds them.
pub fn first_json_value_items(
    text: &str,
) -> Option<(std::ops::Range<usize>, Option<gojson::RootItems>)> {
    first_value(text, |t| Some(gojson::read_value_items(t, 0)))
}

/// [`first_json_value_items`] where [`gojson::read_value_items_unchecked`] gives it: its
/// elements found, not read (each must be checked as it is read).
pub fn first_json_value_items_unchecked(
    text: &str,
) -> Option<(std::ops::Range<usize>, gojson::RootItems)> {
    first_value(text, |t| gojson::read_value_items_unchecked(t, 0))
}

/// The range of the first value of `text` (a stream that starts with `{` past its white
/// space) as `read` reads it from the start, and what else `read` gives of it.
fn first_value<T>(
    text: &str,
    read: impl FnOnce(&str) -> Option<(gojson::Read, T)>,
) -> Option<(std::ops::Range<usize>, T)> {
    if !text.trim_start_matches(go_space).starts_with('{') {
        return None;
    }
    match read(text)? {
        (gojson::Read::Value { end, .. }, found) => Some((
            end - text[..end].trim_start_matches(go_space).len()..end,
            found,
        )),
        _ => None,
    }
}

/// Where apimachinery's switch from JSON to YAML goes on: past the white space at `at`, up to
/// and including the first line break.
fn after_space(text: &str, at: usize) -> usize {
    let mut end = at;
    for c in text[at..].chars() {
        if !go_space(c) {
            break;
        }
        end += c.len_utf8();
        if c == '\n' {
            break;
        }
    }
    end
}

impl Iterator for Chunks<'_> {
    type Item = Result<Chunk, SplitError>;

    fn next(&mut self) -> Option<Self::Item> {
        if !self.scanned {
            // Nothing was taken yet: the chunks as if scanned when made.
            *self = Chunks::of_json(self.text, json_chunks(self.text));
        }
        if let Some((chunks, after)) = &mut self.json {
            if let Some(chunk) = chunks.next() {
                return Some(Ok(chunk));
            }
            match std::mem::replace(after, After::End) {
                After::End => return None,
                After::Refused(e) => return Some(Err(e)),
                After::Yaml(from, line, e) => {
                    (self.pos, self.line) = (from, line);
                    self.instead = Some(Box::new(e));
                    self.json = None;
                }
            }
        }
        let next = self.yaml_next();
        match (next, self.instead.take()) {
            (Some(Ok(chunk)), instead) => Some(Ok(Chunk { instead, ..chunk })),
            (Some(Err(_)), Some(instead)) => Some(Err(*instead)),
            (next, _) => next,
        }
    }
}

impl Chunks<'_> {
    /// The next YAML document (see the module doc).
    fn yaml_next(&mut self) -> Option<Result<Chunk, SplitError>> {
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
                        column: 1,
                        message: format!("invalid Yaml document separator: {trimmed}"),
                    }));
                }
                if line_start > chunk_start {
                    self.pos = line_start + len;
                    return Some(Ok(Chunk {
                        range: chunk_start..line_start,
                        line: chunk_line,
                        json: false,
                        direct: false,
                        json_only: false,
                        instead: None,
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
                direct: false,
                json_only: false,
                instead: None,
            }));
        }
        None
    }
}
