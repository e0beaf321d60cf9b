//! libyaml-style leniency for under-indented flow content.
//!
//! kubectl's reader (libyaml's design, via go-yaml) does not check the indentation of lines
//! inside flow collections and quoted scalars; saphyr-parser follows the YAML 1.2 rule and
//! rejects, for instance, a closing `]` at its key's column or a quoted scalar whose continuation
//! lines sit at the key's column. Both are common in real manifests. When the parser reports such
//! an error, the offending lines get more leading spaces (which inside flow content and quoted
//! scalars changes nothing: separation space and folded line prefixes are not content) and the
//! stream is parsed again. Errors in block structure are never touched.

use super::Documents;
use crate::yaml::{Node, YamlError};
use std::collections::HashMap;

/// An indentation error that padding can fix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fix {
    /// A quoted scalar starting at this char index and (0-based) column.
    Quoted { index: usize, col: usize },
    /// A line (1-based) inside flow content.
    Line(usize),
    /// A double-quoted scalar starting at this char index holding UTF-16 surrogate escapes
    /// (`\\ud83d\\ude00`, as JSON writes characters beyond the BMP), which YAML rejects.
    Surrogates(usize),
}

/// At most this many re-parses per document.
const MAX_ATTEMPTS: usize = 5000;

/// Padding re-reads a document once per fix (a line, or a quoted scalar), so a document with
/// many under-indented lines costs lines × length. The re-reads of a whole stream may read at
/// most this many times its length (plus [`MIN_WORK`] bytes); past that the original error
/// stands, so hostile input costs time linear in its size.
const WORK_PER_BYTE: usize = 64;

/// Bytes of re-reading allowed on top of [`WORK_PER_BYTE`] times the stream's length.
const MIN_WORK: usize = 4 << 20;

/// The bytes that padding may re-read over a stream of `len` bytes.
pub(super) fn work_budget(len: usize) -> usize {
    len.saturating_mul(WORK_PER_BYTE).saturating_add(MIN_WORK)
}

/// Re-parses one document's text with fixes applied until it parses; `None` when some error
/// remains that padding cannot fix, or when the next re-read would take more than `budget`
/// bytes (each re-read is taken from it).
pub(super) fn parse_relaxed(text: &str, first: Fix, budget: &mut usize) -> Option<Vec<Node>> {
    let mut pads = Pads::default();
    let mut cur = apply(text, first, &mut pads)?;
    for _ in 0..MAX_ATTEMPTS {
        *budget = budget.checked_sub(cur.len())?;
        let mut docs = Documents::strict(&cur);
        let results: Result<Vec<Node>, YamlError> = docs.by_ref().collect();
        match results {
            Ok(nodes) => return Some(nodes),
            Err(_) => cur = docs.fix.and_then(|(f, _)| apply(&cur, f, &mut pads))?,
        }
    }
    None
}

/// Where the document holding byte `from` ends: the start of the next line that is a `---` or
/// `...` marker, else the end of the text. Returns (end of this document, start of the rest).
pub(super) fn document_end(text: &str, from: usize) -> (usize, usize) {
    let mut pos = text[from..].find('\n').map_or(text.len(), |i| from + i + 1);
    while pos < text.len() {
        let line = &text[pos..];
        let next = line.find('\n').map_or(text.len(), |i| pos + i + 1);
        let marker = |m: &str| {
            line.starts_with(m) && line[3..].starts_with([' ', '\t', '\r', '\n']) || line == m
        };
        if marker("---") {
            return (pos, pos);
        }
        if marker("...") {
            return (pos, next);
        }
        pos = next;
    }
    (text.len(), text.len())
}

/// The spaces added so far to each line (1-based), and to the line padded last.
#[derive(Default)]
struct Pads {
    by_line: HashMap<usize, usize>,
    last: usize,
}

/// The text with one more fix applied, or `None` when the fix changes nothing. A line's
/// padding doubles until the line reads, up to 64 spaces; a line not padded yet starts with
/// the padding of the line padded last, since the lines of one flow collection usually sit
/// at one column (spaces before flow content change nothing in it).
fn apply(text: &str, fix: Fix, pads: &mut Pads) -> Option<String> {
    match fix {
        Fix::Quoted { index, col } => pad_quoted(text, index, col + 1),
        Fix::Surrogates(index) => join_surrogates(text, index),
        Fix::Line(line) => {
            let pad = pads.by_line.entry(line).or_insert(0);
            let add = if *pad == 0 { pads.last.max(1) } else { *pad };
            *pad += add;
            if *pad > 64 {
                return None;
            }
            pads.last = *pad;
            let start = line_start(text, line)?;
            let mut out = String::with_capacity(text.len() + add);
            out.push_str(&text[..start]);
            out.extend(std::iter::repeat_n(' ', add));
            out.push_str(&text[start..]);
            Some(out)
        }
    }
}

/// Byte offset of the start of 1-based line `line`, counting lines as saphyr-parser does
/// (`\r\n`, `\n` and a lone `\r` each end one).
fn line_start(text: &str, line: usize) -> Option<usize> {
    let b = text.as_bytes();
    let mut at = 1;
    let mut i = 0;
    while at < line {
        let brk = i + b.get(i..)?.iter().position(|&c| c == b'\n' || c == b'\r')?;
        i = brk + if b[brk..].starts_with(b"\r\n") { 2 } else { 1 };
        at += 1;
    }
    Some(i)
}

/// Pads every continuation line of the quoted scalar starting at char `index` to column `want`.
fn pad_quoted(text: &str, index: usize, want: usize) -> Option<String> {
    let (start, quote) = text.char_indices().nth(index)?;
    if quote != '\'' && quote != '"' {
        return None;
    }
    let end = closing_quote(text, start, quote)?;
    let mut out = String::with_capacity(text.len() + 64);
    let mut last = 0;
    let mut changed = false;
    for (i, _) in text[start..end].match_indices('\n') {
        let line = start + i + 1;
        let spaces = text[line..].bytes().take_while(|&b| b == b' ').count();
        if spaces < want && !text[line + spaces..].starts_with('\n') {
            out.push_str(&text[last..line]);
            out.extend(std::iter::repeat_n(' ', want - spaces));
            last = line;
            changed = true;
        }
    }
    out.push_str(&text[last..]);
    changed.then_some(out)
}

/// Rewrites the surrogate escapes of the double-quoted scalar at char `index`: a pair becomes
/// one `\\U` escape, a lone surrogate `\\uFFFD` (as Go's JSON decoder reads it).
fn join_surrogates(text: &str, index: usize) -> Option<String> {
    let (start, '"') = text.char_indices().nth(index)? else {
        return None;
    };
    let end = closing_quote(text, start, '"')?;
    let mut out = String::with_capacity(text.len());
    out.push_str(&text[..start]);
    let body = &text[start..end];
    let mut i = 0;
    let mut changed = false;
    while let Some(off) = body[i..].find('\\') {
        out.push_str(&body[i..i + off]);
        i += off;
        let unit = |at: usize| {
            let hex = body.get(at + 2..at + 6)?;
            let esc = body[at..].starts_with("\\u");
            esc.then(|| u32::from_str_radix(hex, 16).ok()).flatten()
        };
        match unit(i) {
            Some(hi @ 0xd800..=0xdbff) => match unit(i + 6) {
                Some(lo @ 0xdc00..=0xdfff) => {
                    let c = 0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00);
                    out.push_str(&format!("\\U{c:08X}"));
                    i += 12;
                }
                _ => {
                    out.push_str("\\uFFFD");
                    i += 6;
                }
            },
            Some(0xdc00..=0xdfff) => {
                out.push_str("\\uFFFD");
                i += 6;
            }
            _ => {
                let len = body[i + 1..].chars().next().map_or(1, |c| 1 + c.len_utf8());
                out.push_str(&body[i..i + len]);
                i += len;
                continue;
            }
        }
        changed = true;
    }
    out.push_str(&body[i..]);
    out.push_str(&text[end..]);
    changed.then_some(out)
}

/// Byte offset of the quote closing the scalar opened at `start`.
fn closing_quote(text: &str, start: usize, quote: char) -> Option<usize> {
    let b = text.as_bytes();
    let mut i = start + 1;
    while i < b.len() {
        match b[i] {
            b'\\' if quote == '"' => i += 2,
            b'\'' if quote == '\'' && b.get(i + 1) == Some(&b'\'') => i += 2,
            c if c == quote as u8 => return Some(i),
            _ => i += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::yaml::parse_stream;

    #[test]
    fn closing_bracket_at_key_column() {
        let docs = parse_stream("a:\n  args: [\n    \"x\",\n  \"y\"\n  ]\n  b: 1\n").unwrap();
        let args = docs[0]
            .get("a")
            .unwrap()
            .get("args")
            .unwrap()
            .as_seq()
            .unwrap();
        assert_eq!(args.items.len(), 2);
        assert!(args.flow);
    }

    #[test]
    fn quoted_scalar_continuation_at_key_column() {
        let docs = parse_stream("p:\n  d: 'one\n  two'\n  t: x\n---\nq: \"a\n b\"\n").unwrap();
        assert_eq!(
            docs[0].get("p").unwrap().get("d").unwrap().scalar_str(),
            Some("one two")
        );
        assert_eq!(docs[1].get("q").unwrap().scalar_str(), Some("a b"));
    }

    #[test]
    fn relaxed_document_after_others_is_not_repeated() {
        for text in [
            "a: 1\n---\nb: [\n1]\n",
            "a: 1\n...\nb: [\n1]\n",
            "a: 1\nb: [\n1]\n",
        ] {
            let docs = parse_stream(text).unwrap();
            let keys: Vec<_> = docs
                .iter()
                .flat_map(|d| d.as_map().unwrap().entries.iter())
                .map(|(k, _)| k.scalar_str().unwrap())
                .collect();
            assert_eq!(keys, ["a", "b"], "{text:?}");
        }
    }

    #[test]
    fn json_surrogate_escapes() {
        let docs =
            parse_stream("{\"a\": \"x\\ud83d\\ude00\\\\ud83d y\", \"b\": \"\\udc00\"}").unwrap();
        assert_eq!(
            docs[0].get("a").unwrap().scalar_str(),
            Some("x\u{1f600}\\ud83d y")
        );
        assert_eq!(docs[0].get("b").unwrap().scalar_str(), Some("\u{fffd}"));
    }

    #[test]
    fn block_indentation_errors_stay_errors() {
        assert!(parse_stream("a:\n  b: 1\n c: 2\n").is_err());
        let err = parse_stream("ok: 1\n---\nx: [\n").unwrap_err();
        assert_eq!(err.document, 1);
        let err = parse_stream("a: [\n1]\n---\nb: 1\n---\nc: [\n").unwrap_err();
        assert_eq!((err.document, err.line), (2, 7), "{err}");
    }

    /// A flow mapping the flow reader refuses (an explicit `?` key), with `n` lines indented
    /// at its key's column: only padding reads it, one re-read per line.
    fn under_indented_lines(n: usize) -> String {
        let mut text = String::from("a:\n  b: {? x: 1,\n");
        for i in 0..n {
            text.push_str(&format!("  k{i}: {i},\n"));
        }
        text + "  }\n"
    }

    #[test]
    fn padding_reads_within_its_work_budget() {
        let docs = parse_stream(&under_indented_lines(300)).unwrap();
        let b = docs[0]
            .get("a")
            .unwrap()
            .get("b")
            .unwrap()
            .as_map()
            .unwrap();
        assert_eq!(b.entries.len(), 301);
        // 3,000 lines would take 3,000 re-reads of 37 KB: past 64 times the text (plus 4 MiB),
        // the original error stands.
        let err = parse_stream(&under_indented_lines(3000)).unwrap_err();
        assert_eq!(
            (err.line, err.message.as_str()),
            (3, "invalid indentation in flow construct")
        );
    }

    #[test]
    fn lone_carriage_returns_end_lines_when_padding() {
        let docs = parse_stream("a:\r  b: {? x: 1,\r  k: 2\r  }\r").unwrap();
        let b = docs[0].get("a").unwrap().get("b").unwrap();
        assert_eq!(b.get("k").unwrap().scalar_str(), Some("2"));
        assert_eq!(b.get("x").unwrap().scalar_str(), Some("1"));
    }

    #[test]
    fn relaxed_documents_in_a_stream() {
        let text = "a: 1\n---\nb: [\n1,\n  2]\n---\nc: 'x\ny'\n...\n---\nd: |\n  z\n";
        let docs = parse_stream(text).unwrap();
        assert_eq!(docs.len(), 4);
        let b = docs[1].get("b").unwrap().as_seq().unwrap();
        assert_eq!(b.items.len(), 2);
        assert_eq!(docs[2].get("c").unwrap().scalar_str(), Some("x y"));
        assert_eq!(docs[3].get("d").unwrap().scalar_str(), Some("z\n"));
    }
}
