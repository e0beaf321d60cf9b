//! The streamed run's output: one segment per item, either its text in the output buffer or,
//! for an item passed through unchanged, its span of the input with a fingerprint of the item
//! (checked when it is read again to be written), so the run holds the input once plus only
//! what it changed.

use super::Placement;
use crate::resourcelist::pieces::{fingerprint, Piece};
use crate::yaml::{emit_document, emit_seq_item, Node};
use std::ops::Range;

#[derive(Clone, Debug, PartialEq, Eq)]
enum Segment {
    Own(Range<usize>),
    Input(Range<usize>, u64),
    InputDocument(Range<usize>, u64),
}

/// The items written so far.
#[derive(Debug, Default)]
pub struct Output {
    text: String,
    segments: Vec<Segment>,
}

impl Output {
    pub fn with_capacity(bytes: usize) -> Self {
        Output {
            text: String::with_capacity(bytes),
            ..Output::default()
        }
    }

    /// Appends an item's text; returns its segment.
    pub fn push(&mut self, node: &Node, placement: Placement) -> usize {
        if placement == (Placement::Document { first: false }) {
            let start = self.text.len();
            self.text.push_str("---\n");
            self.segments.push(Segment::Own(start..self.text.len()));
        }
        let start = self.text.len();
        write(node, placement, &mut self.text);
        self.segments.push(Segment::Own(start..self.text.len()));
        self.segments.len() - 1
    }

    /// [`Self::push`] with the item's text already made (`text`).
    pub fn push_text(&mut self, text: &str, placement: Placement) -> usize {
        if placement == (Placement::Document { first: false }) {
            let start = self.text.len();
            self.text.push_str("---\n");
            self.segments.push(Segment::Own(start..self.text.len()));
        }
        let start = self.text.len();
        self.text.push_str(text);
        self.segments.push(Segment::Own(start..self.text.len()));
        self.segments.len() - 1
    }

    /// Appends an unchanged item (of a split `items:` sequence, or a document of a stream): as
    /// its `span` of the input (with the item's [`fingerprint`]) when it has one, else as text.
    pub fn keep(&mut self, node: &Node, placement: Placement, span: Option<Range<usize>>) -> usize {
        let Some(span) = span else {
            return self.push(node, placement);
        };
        let print = fingerprint(node);
        let segment = match placement {
            Placement::SeqItem => Segment::Input(span, print),
            Placement::Document { first } => {
                if !first {
                    let start = self.text.len();
                    self.text.push_str("---\n");
                    self.segments.push(Segment::Own(start..self.text.len()));
                }
                Segment::InputDocument(span, print)
            }
        };
        self.segments.push(segment);
        self.segments.len() - 1
    }

    /// The text of segment `seg`.
    pub fn text_of<'s>(&'s self, seg: usize, input: &'s str) -> &'s str {
        match &self.segments[seg] {
            Segment::Own(r) => &self.text[r.clone()],
            Segment::Input(r, _) | Segment::InputDocument(r, _) => &input[r.clone()],
        }
    }

    /// Writes `node` in place of segment `seg` (its text goes at the end of the buffer).
    pub fn replace(&mut self, seg: usize, node: &Node, placement: Placement) {
        let start = self.text.len();
        write(node, placement, &mut self.text);
        self.segments[seg] = Segment::Own(start..self.text.len());
    }

    /// The buffer and the pieces to write, in order (adjacent buffer ranges merged; input
    /// ranges shifted by `input_offset`).
    pub fn into_pieces(self, input_offset: usize) -> (String, Vec<Piece>) {
        let mut pieces: Vec<Piece> = Vec::new();
        for seg in self.segments {
            match seg {
                Segment::Own(r) => match pieces.last_mut() {
                    Some(Piece::Own(last)) if last.end == r.start => last.end = r.end,
                    _ => pieces.push(Piece::Own(r)),
                },
                Segment::Input(r, print) => pieces.push(Piece::Input(
                    r.start + input_offset..r.end + input_offset,
                    print,
                )),
                Segment::InputDocument(r, print) => pieces.push(Piece::InputDocument(
                    r.start + input_offset..r.end + input_offset,
                    print,
                )),
            }
        }
        (self.text, pieces)
    }
}

/// The text [`Output::push`] writes for `node` (without a document's `---`).
pub fn text(node: &Node, placement: Placement) -> String {
    let mut out = String::new();
    write(node, placement, &mut out);
    out
}

/// Appends `node` in its placement (a document's `---` is written by [`Output::push`]).
fn write(node: &Node, placement: Placement, out: &mut String) {
    match placement {
        Placement::SeqItem => emit_seq_item(node, out),
        Placement::Document { .. } => emit_document(node, out),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resourcelist::pieces::read_item;
    use crate::yaml::parse_stream;

    #[test]
    fn segments_become_pieces() {
        let input = "items:\n-   a: 1\n";
        let node = read_item(&input[7..]).unwrap();
        let mut out = Output::default();
        let first = out.push(&node, Placement::SeqItem);
        let kept = out.keep(&node, Placement::SeqItem, Some(7..input.len()));
        let other = parse_stream("b: 2\n").unwrap().remove(0);
        let no_span = out.keep(&other, Placement::SeqItem, None);
        assert_eq!(out.text_of(kept, input), "-   a: 1\n");
        assert_eq!(out.text_of(no_span, input), "- b: 2\n");
        out.replace(first, &other, Placement::SeqItem);
        let (text, pieces) = out.into_pieces(1);
        assert_eq!(text, "- a: 1\n- b: 2\n- b: 2\n");
        let print = fingerprint(&node);
        assert_eq!(
            pieces,
            vec![
                Piece::Own(14..21),
                Piece::Input(8..17, print),
                Piece::Own(7..14)
            ]
        );
    }
}
