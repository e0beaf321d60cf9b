//! Text edits by byte range, and the line arithmetic they are located with.

use super::EditError;

/// Replace `start..end` of the original text by `text` (an insertion when the range is empty).
/// `depth`: how deep in the document the edited node is; of insertions at one place, the
/// deeper goes first (a nested map's new entries before its parent's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Edit {
    pub start: usize,
    pub end: usize,
    pub text: String,
    pub depth: usize,
}

impl Edit {
    pub(super) fn insert(at: usize, text: String, depth: usize) -> Self {
        Edit {
            start: at,
            end: at,
            text,
            depth,
        }
    }

    pub(super) fn delete(start: usize, end: usize, depth: usize) -> Self {
        Edit {
            start,
            end,
            text: String::new(),
            depth,
        }
    }
}

/// Applies non-overlapping edits to `text`. New text is written with `\n` line breaks; with
/// `crlf` they become `\r\n`. A text that does not end with a line break still does not: lines
/// inserted at its end go after a new line break, and the last one goes.
pub(super) fn apply(text: &str, mut edits: Vec<Edit>, crlf: bool) -> Result<String, EditError> {
    edits.sort_by(|a, b| {
        (a.start, a.end, std::cmp::Reverse(a.depth)).cmp(&(
            b.start,
            b.end,
            std::cmp::Reverse(b.depth),
        ))
    });
    let open_end = !text.is_empty() && !text.ends_with('\n');
    let mut out = String::with_capacity(text.len() + 256);
    let mut at = 0;
    for e in &edits {
        if e.start < at || e.end < e.start || e.end > text.len() {
            return Err(EditError::Overlap);
        }
        out.push_str(&text[at..e.start]);
        let mut new = e.text.clone();
        if open_end && e.start == text.len() && !new.is_empty() && !out.ends_with('\n') {
            new.insert(0, '\n');
        }
        if crlf {
            new = new.replace('\n', "\r\n");
        }
        out.push_str(&new);
        at = e.end;
    }
    out.push_str(&text[at..]);
    if open_end && out.ends_with('\n') {
        out.pop();
        if out.ends_with('\r') {
            out.pop();
        }
    }
    Ok(out)
}

/// The start of the line holding byte `p`.
pub(super) fn line_start(text: &str, p: usize) -> usize {
    text[..p].rfind('\n').map_or(0, |i| i + 1)
}

/// The end of the line holding byte `p`, after its line break (or the end of the text). A
/// position at the start of a line (just after a line break) is its own line end: the node
/// that ends there took its line break with it.
pub(super) fn line_end(text: &str, p: usize) -> usize {
    if p > 0 && text.as_bytes()[p - 1] == b'\n' {
        return p;
    }
    text[p..].find('\n').map_or(text.len(), |i| p + i + 1)
}

/// The line break just before byte `p` (which starts a line): its length (`\n` 1, `\r\n` 2).
pub(super) fn break_before(text: &str, p: usize) -> usize {
    if text[..p].ends_with("\r\n") {
        2
    } else {
        usize::from(text[..p].ends_with('\n'))
    }
}

/// Whether the text uses `\r\n` line breaks (judged by its first line break).
pub(super) fn is_crlf(text: &str) -> bool {
    text.find('\n')
        .is_some_and(|i| i > 0 && text.as_bytes()[i - 1] == b'\r')
}

/// Byte offset of the `:` after a map key ending at `key_end`, past blanks; `None` when
/// something else comes first.
pub(super) fn colon_after(text: &str, key_end: usize) -> Option<usize> {
    let rest = &text[key_end..];
    let skip = rest.len() - rest.trim_start_matches([' ', '\t']).len();
    rest[skip..].starts_with(':').then_some(key_end + skip)
}

/// Byte offset of the `-` of the block sequence item starting at `item_start`: the item is
/// alone after its `- ` on that line.
pub(super) fn dash_before(text: &str, item_start: usize) -> Option<usize> {
    let before = text[..item_start].trim_end_matches(' ');
    before.ends_with('-').then(|| before.len() - 1)
}

/// Leading spaces of the line holding byte `p`.
pub(super) fn indentation(text: &str, p: usize) -> usize {
    let s = line_start(text, p);
    text[s..].len() - text[s..].trim_start_matches(' ').len()
}
