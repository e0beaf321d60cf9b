//! Where each item of a split root `items:` sequence, or each document of a stream, lies in the
//! input text.
//!
//! An item: from the start of
//! the line of its `- ` indicator to the start of the next item's line (or of the line that
//! ends the sequence). A caller can so keep an unchanged item as that slice of the input instead
//! of a copy (it checks that the slice parses back to the same item). Items written in flow
//! style, or not alone after their `- `, or containing an alias, get no span.

use super::Documents;
use crate::yaml::{Node, YamlError};
use std::ops::Range;

/// The item handed out last, held until where it ends is known.
#[derive(Default)]
pub(super) struct Spans {
    held: Option<(Node, Option<usize>)>,
    start: Option<usize>,
    clean: bool,
}

pub(super) type OnItem<'f> = dyn FnMut(Node, Option<Range<usize>>) + 'f;

/// A document and its span of the input, if it has one.
pub type Spanned = (Node, Option<Range<usize>>);

impl Spans {
    /// A new item's first event is at byte `at`: the held item ends on this line.
    pub(super) fn begin(&mut self, text: &str, at: usize, on_item: &mut OnItem<'_>) {
        let start = item_line_start(text, at);
        self.flush(start, on_item);
        self.start = start;
        self.clean = true;
    }

    /// The current item holds an alias (its text alone would not read the same).
    pub(super) fn taint(&mut self) {
        self.clean = false;
    }

    /// The current item is complete.
    pub(super) fn finished(&mut self, node: Node) {
        self.held = Some((node, self.start.filter(|_| self.clean)));
    }

    /// The sequence ends at byte `at` (its end event): the held item ends before that line.
    pub(super) fn end(&mut self, text: &str, at: usize, on_item: &mut OnItem<'_>) {
        let end = if at >= text.len() {
            text.len()
        } else {
            line_start(text, at)
        };
        self.flush(Some(end), on_item);
    }

    fn flush(&mut self, end: Option<usize>, on_item: &mut OnItem<'_>) {
        if let Some((node, start)) = self.held.take() {
            let span = start.zip(end).filter(|(s, e)| s < e).map(|(s, e)| s..e);
            on_item(node, span);
        }
    }
}

fn line_start(text: &str, at: usize) -> usize {
    text[..at].rfind('\n').map_or(0, |i| i + 1)
}

/// The start of the line of an item whose first event is at `at`, when only indentation and
/// a `- ` indicator precede it there.
fn item_line_start(text: &str, at: usize) -> Option<usize> {
    // Backwards from `at` over what may precede it (never further: on a long line, such as
    // one-line JSON, looking for the line start of every item would be quadratic).
    let bytes = text.as_bytes();
    let spaces = |mut i: usize| {
        while i > 0 && bytes[i - 1] == b' ' {
            i -= 1;
        }
        i
    };
    let dash = spaces(at);
    if dash == at || dash == 0 || bytes[dash - 1] != b'-' {
        return None;
    }
    let start = spaces(dash - 1);
    (start == 0 || bytes[start - 1] == b'\n').then_some(start)
}

impl Documents<'_> {
    /// The next document and its span of the input: from the start of its first line (its
    /// `---` line, if any) to the start of the line that ends it (the next `---` or `...`), or
    /// the end of the text. No span in a stream with directives (`%TAG` changes how a document
    /// reads on its own). No relaxed re-parse here: a syntax error is returned as it is and ends
    /// the reading.
    pub fn next_spanned(&mut self) -> Option<Result<Spanned, YamlError>> {
        if let Some(doc) = self.pending.pop_front() {
            return Some(Ok((doc, None)));
        }
        if self.done {
            return None;
        }
        let doc = self.next_start()?.and_then(|()| {
            let start = self.byte_of(self.doc_start.0);
            let doc = self.read_document()?;
            let at = self.byte_of(self.doc_end);
            let end = if at >= self.text.len() {
                self.text.len()
            } else {
                line_start(self.text, at)
            };
            let span = (start < end && !self.directives).then_some(start..end);
            Ok((doc, span))
        });
        self.index += 1;
        if doc.is_err() {
            self.done = true;
        }
        Some(doc)
    }
}
