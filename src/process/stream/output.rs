//! The streamed run's output: one segment per item, either its text in the output buffer or,
//! for an item passed through unchanged, its span of the input, so the run holds the input once
//! plus only what it changed. A span that is already the emitter's text for its item (see
//! `reads_as`) is copied as it is when written; any other is kept with a fingerprint of the
//! item (checked when it is read again to be written). A changed item's text is kept but for
//! the start and the end it shares with its span of the input, which are copied from it
//! ([`Output::push_processed`]): up to three segments.
//!
//! A run whose input is JSON writes each item as JSON text instead ([`Format::Json`]): the
//! separator before an item is a segment of its own, so an item's segment holds its JSON value
//! only (read back, as YAML reads JSON, when a deferred item is processed).

use super::Placement;
use crate::packed::{Spool, Unpacked};
use crate::resourcelist::json::{write_node, write_node_from, Layout, ELEMENT_INDENT};
use crate::resourcelist::pieces::{fingerprint, Piece};
use crate::yaml::json::written_as_read;
use crate::yaml::{emit_document, emit_seq_item, Node};
use std::borrow::Cow;
use std::ops::Range;

/// How the items are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    #[default]
    Yaml,
    /// As JSON, laid out as the input's first value was (see [`crate::resourcelist::json`]).
    Json(Layout),
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Segment {
    Own(Range<usize>),
    /// Own text of a processed item after a copy of its input's start (see
    /// [`Output::push_processed`]): it differs from the input where it stands, so it is not
    /// compared with it to extend that copy.
    Between(Range<usize>),
    Input(Range<usize>, u64),
    InputDocument(Range<usize>, u64),
    Verbatim(Range<usize>),
    /// The separator before an item that follows a copy of the input (see [`Output::open`]):
    /// not in the buffer, so that whether the input holds it after that copy is told without
    /// reading the buffer back.
    Separator(&'static str),
}

/// How many segments ahead [`Output::into_pieces`] asks for the input it will read.
const PREFETCH_AHEAD: usize = 8;

/// The items written so far.
#[derive(Debug, Default)]
pub struct Output {
    /// The items' own text (compressed as it fills: a long list's changed items).
    text: Spool,
    segments: Vec<Segment>,
    format: Format,
    /// An item had no JSON form ([`Format::Json`]): the output cannot be JSON.
    no_json: bool,
    /// The last segment is a [`Segment::Verbatim`] that the next unchanged item's may extend
    /// (see [`Output::push_kept`]).
    open_verbatim: bool,
}

/// An unchanged item ready to be appended ([`Output::push_kept`]): its span, or its text when it
/// has none (`None`: it has no JSON form).
#[derive(Debug)]
pub struct Kept(Result<Segment, Option<String>>);

/// What [`Output::push_kept`] appends for an unchanged item, made on any thread. A `span` of
/// `input` holding exactly the text the writer writes for the item is kept to be copied; in
/// YAML, any other with the item's [`fingerprint`], to be read again and written; without a
/// span, or in JSON when the input's text is not the writer's, the item's text. `straight`: the
/// span is a JSON list element the straight reading read `node` from, whose text the writer's
/// is when [`written_as_read`] says so, without writing it.
pub fn kept(
    node: &Node,
    placement: Placement,
    span: Option<Range<usize>>,
    input: &str,
    format: Format,
    straight: bool,
) -> Kept {
    if let (Some(span), Format::Json(Layout::Compact), Placement::SeqItem, true) =
        (&span, format, placement, straight)
    {
        if input
            .get(span.clone())
            .is_some_and(|t| written_as_read(t, node))
        {
            return Kept(Ok(Segment::Verbatim(span.clone())));
        }
    }
    // Made only to be compared with the item's input, which it most often is: sized as that
    // (a CRD's text grew by doubling). A text that is kept is then that size too.
    let room = match (format, &span) {
        (Format::Yaml, Some(s)) => s.len() + s.len() / 16,
        (Format::Json(_), Some(s)) => s.len(),
        _ => 0,
    };
    let text = text_sized(node, placement, format, room);
    match (span, &text, format) {
        (Some(span), Some(text), Format::Yaml) => Kept(Ok(
            if input.get(span.clone()).is_some_and(|t| reads_as(t, text)) {
                Segment::Verbatim(span)
            } else if placement == Placement::SeqItem {
                Segment::Input(span, fingerprint(node))
            } else {
                Segment::InputDocument(span, fingerprint(node))
            },
        )),
        // A JSON element written in the layout it was read in, byte for byte (a list that
        // the writer, or Go's encoding/json, wrote).
        (Some(span), Some(text), Format::Json(_)) if input.get(span.clone()) == Some(text) => {
            Kept(Ok(Segment::Verbatim(span)))
        }
        _ => Kept(Err(text)),
    }
}

/// An unchanged item kept as its `span` of the input, which is known to be the writer's text
/// for it (a JSON element [`written_as_read`] passes).
pub fn kept_as_read(span: Range<usize>) -> Kept {
    Kept(Ok(Segment::Verbatim(span)))
}

/// An unchanged item kept as `text`, the writer's text for it (made without its tree).
pub fn kept_text(text: String) -> Kept {
    Kept(Err(Some(text)))
}

impl Output {
    /// No item yet, the items written in `format`.
    pub fn new(format: Format) -> Self {
        Output {
            text: Spool::default(),
            format,
            ..Output::default()
        }
    }

    pub fn format(&self) -> Format {
        self.format
    }

    /// Leaves the text's full blocks to be packed on the run's threads (see
    /// [`crate::packed::Blocks::defer_packing`]).
    pub fn defer_packing(&mut self) {
        self.text.defer_packing();
    }

    /// The text's blocks waiting to be packed, their bytes moved out (see
    /// [`crate::packed::Blocks::take_waiting`]): packed on the threads beside a batch's items
    /// (while the last batch's answers are written, in a batch read and processed in one
    /// step).
    pub fn take_waiting(&mut self) -> Vec<(usize, Box<[u8]>)> {
        self.text.take_waiting()
    }

    /// See [`crate::packed::Blocks::set_packed`].
    pub fn set_packed(&mut self, i: usize, packed: Box<[u8]>) {
        self.text.set_packed(i, packed);
    }

    /// Whether an item had no JSON form (the output cannot be JSON).
    pub fn no_json(&self) -> bool {
        self.no_json
    }

    /// What goes before an item: a document's `---`, or in JSON an element's separator.
    fn separator(&self, placement: Placement) -> &'static str {
        match (self.format, placement) {
            (Format::Yaml, Placement::Document { first: false }) => "---\n",
            (Format::Json(layout), Placement::SeqItem) => layout.element_separator(),
            _ => "",
        }
    }

    /// Writes what goes before an item ([`Self::separator`]).
    ///
    /// After a copy of the input, the separator is a segment of its own ([`Segment::Separator`]):
    /// the copy takes it in when the input holds it there ([`Self::into_pieces`]), and the
    /// buffer, packed as it fills, is not unpacked to tell: on the 100k list as JSON, where
    /// most items follow a copy, `into_pieces` went from 0.70% to 0.38% of the run's samples.
    fn open(&mut self, placement: Placement) {
        self.open_verbatim = false;
        let text = self.separator(placement);
        if text.is_empty() {
            return;
        }
        if matches!(self.segments.last(), Some(Segment::Verbatim(_))) {
            self.segments.push(Segment::Separator(text));
            return;
        }
        let start = self.text.len();
        self.text.push_str(text);
        self.segments.push(Segment::Own(start..self.text.len()));
    }

    /// Appends an item's text; returns its segment.
    #[cfg(test)]
    pub fn push(&mut self, node: &Node, placement: Placement) -> usize {
        let text = text(node, placement, self.format, None);
        self.push_text(text.as_deref(), placement)
    }

    /// Appends an item's text already made (`None`: it has no JSON form); returns its segment.
    pub fn push_text(&mut self, text: Option<&str>, placement: Placement) -> usize {
        self.open(placement);
        self.no_json |= text.is_none();
        let start = self.text.len();
        self.text.push_str(text.unwrap_or_default());
        self.segments.push(Segment::Own(start..self.text.len()));
        self.segments.len() - 1
    }

    /// Appends a processed item's text (`None`: it has no JSON form), `span` the input it was
    /// read from, `copies` the lengths of the start and end of the text that span holds byte
    /// for byte (as the function `copies` gives them): those are written as copies of the
    /// input, so that only the text between them is kept (and packed). A pruned field or a
    /// default most often changes a few bytes of a long item: on the bench's one-line JSON
    /// lists the copies hold five sixths of the changed items' text.
    pub fn push_processed(
        &mut self,
        text: Option<&str>,
        placement: Placement,
        span: Option<Range<usize>>,
        copies: Option<(usize, usize)>,
    ) {
        let (Some(text), Some(span), Some((head, tail))) = (text, span, copies) else {
            self.push_text(text, placement);
            return;
        };
        self.push_between(
            &text[head..text.len() - tail],
            placement,
            span,
            (head, tail),
        );
    }

    /// [`Self::push_processed`] for a text given by what lies between the start and end
    /// (`head` and `tail` bytes long) that its `span` of the input holds.
    pub fn push_between(
        &mut self,
        middle: &str,
        placement: Placement,
        span: Range<usize>,
        (head, tail): (usize, usize),
    ) {
        self.open(placement);
        if head > 0 {
            self.segments
                .push(Segment::Verbatim(span.start..span.start + head));
        }
        if !middle.is_empty() {
            let start = self.text.len();
            self.text.push_str(middle);
            let r = start..self.text.len();
            self.segments.push(match head {
                0 => Segment::Own(r),
                _ => Segment::Between(r),
            });
        }
        if tail > 0 {
            self.segments
                .push(Segment::Verbatim(span.end - tail..span.end));
        }
        // The next unchanged item's copy may extend the end's (see `push_kept`).
        self.open_verbatim = tail > 0;
    }

    /// Appends an unchanged item (of a split `items:` sequence, or a document of a stream): as
    /// its `span` of `input` when it has one, else as text (see `kept`).
    pub fn keep(
        &mut self,
        node: &Node,
        placement: Placement,
        span: Option<Range<usize>>,
        input: &str,
    ) -> usize {
        let kept = kept(node, placement, span, input, self.format, false);
        self.push_kept(kept, placement, input, false)
    }

    /// Appends an unchanged item made ready by `kept` (with a document's `---`). When the item
    /// is copied from `input` and the one before it was too, with exactly the separator
    /// between them in the input, the two are one segment (a stream of unchanged documents is
    /// one copy of the input, not a segment and a `---` each): `alone` keeps the item's own
    /// segment, to be replaced later ([`Self::replace`]).
    pub fn push_kept(
        &mut self,
        kept: Kept,
        placement: Placement,
        input: &str,
        alone: bool,
    ) -> usize {
        match kept.0 {
            Ok(Segment::Verbatim(r)) if !alone && self.extend_verbatim(&r, placement, input) => {
                self.segments.len() - 1
            }
            Ok(segment) => self.push_segment(segment, placement, alone),
            Err(text) => self.push_text(text.as_deref(), placement),
        }
    }

    /// Extends the last segment over `r` when it is a copy the next one may extend and the
    /// input holds exactly the separator between the two; whether it did.
    fn extend_verbatim(&mut self, r: &Range<usize>, placement: Placement, input: &str) -> bool {
        let sep = self.separator(placement);
        match self.segments.last_mut() {
            Some(Segment::Verbatim(p))
                if self.open_verbatim && input.get(p.end..r.start) == Some(sep) =>
            {
                p.end = r.end;
                true
            }
            _ => false,
        }
    }

    /// Appends an item's segment (after its separator).
    fn push_segment(&mut self, segment: Segment, placement: Placement, alone: bool) -> usize {
        self.open(placement);
        self.open_verbatim = !alone && matches!(segment, Segment::Verbatim(_));
        self.segments.push(segment);
        self.segments.len() - 1
    }

    /// The text of segment `seg`.
    pub fn text_of<'s>(&'s self, seg: usize, input: &'s str) -> Cow<'s, str> {
        match &self.segments[seg] {
            Segment::Own(r) | Segment::Between(r) => self.text.get(r.clone()),
            Segment::Input(r, _) | Segment::InputDocument(r, _) | Segment::Verbatim(r) => {
                Cow::Borrowed(&input[r.clone()])
            }
            Segment::Separator(text) => Cow::Borrowed(text),
        }
    }

    /// Writes `node` in place of segment `seg` (its text goes at the end of the buffer).
    pub fn replace(&mut self, seg: usize, node: &Node, placement: Placement) {
        self.open_verbatim &= seg + 1 != self.segments.len();
        let start = self.text.len();
        let format = self.format;
        self.no_json |= self
            .text
            .append(|text| write(node, placement, format, text, None))
            .is_none();
        self.segments[seg] = Segment::Own(start..self.text.len());
    }

    /// The buffer and the pieces to write, in order (input ranges shifted by `input_offset`).
    /// Adjacent pieces that write one run of bytes are one: buffer ranges that follow each
    /// other, and copies of `input` that follow each other there, with any buffer text between
    /// them that the input holds at that place (a `---` line between two unchanged documents,
    /// each kept as its own segment because it could have been replaced). A stream of 100k
    /// unchanged documents is one piece, not 200k.
    pub fn into_pieces(mut self, input: &str, input_offset: usize) -> (Spool, Vec<Piece>) {
        let text = &self.text;
        let mut unpacked = Unpacked::default();
        let mut kept: usize = 0;
        for at in 0..self.segments.len() {
            // The input after a copy is read to join what follows it: asked for a few
            // segments ahead (a long list's input is long out of the caches by now).
            if let Some(Segment::Verbatim(r)) = self.segments.get(at + PREFETCH_AHEAD) {
                crate::yaml::parse::ahead::prefetch_at(input.as_bytes(), r.end);
            }
            // (Own text either way, once it is placed.)
            let (seg, after_copy) = match self.segments[at].clone() {
                Segment::Between(r) => (Segment::Own(r), true),
                seg => (seg, false),
            };
            let joined = match (kept.checked_sub(1).map(|k| &mut self.segments[k]), &seg) {
                (Some(Segment::Own(last)), Segment::Own(r)) if last.end == r.start => {
                    last.end = r.end;
                    true
                }
                (Some(Segment::Verbatim(last)), Segment::Verbatim(r)) if last.end == r.start => {
                    last.end = r.end;
                    true
                }
                (Some(Segment::Verbatim(last)), Segment::Separator(sep))
                    if input[last.end..].starts_with(sep) =>
                {
                    last.end += sep.len();
                    true
                }
                (Some(Segment::Verbatim(last)), Segment::Own(r))
                    if !after_copy
                        && input[last.end..].starts_with(&*text.read(r.clone(), &mut unpacked)) =>
                {
                    last.end += r.len();
                    true
                }
                _ => false,
            };
            if !joined {
                self.segments[kept] = seg;
                kept += 1;
            }
        }
        self.segments.truncate(kept);
        let shift = |r: Range<usize>| r.start + input_offset..r.end + input_offset;
        let pieces = self
            .segments
            .into_iter()
            .map(|seg| match seg {
                Segment::Own(r) | Segment::Between(r) => Piece::Own(r),
                Segment::Input(r, print) => Piece::Input(shift(r), print),
                Segment::InputDocument(r, print) => Piece::InputDocument(shift(r), print),
                Segment::Verbatim(r) => Piece::Verbatim(shift(r)),
                Segment::Separator(text) => Piece::Text(text.to_string()),
            })
            .collect();
        (self.text, pieces)
    }
}

/// Whether `input`, the span an item was read from, can be written in place of `emitted`, the
/// emitter's text for that item: the same lines, except that a line the emitter leaves empty
/// may hold spaces only (and end with its line break). Such a line is an empty line wherever it
/// stands (in a block scalar below its indentation, as a fold in a multi-line scalar): had its
/// spaces been content, the item would hold them and the emitter would have written them.
fn reads_as(input: &str, emitted: &str) -> bool {
    let (a, b) = (input.as_bytes(), emitted.as_bytes());
    let (mut i, mut j) = (0, 0);
    loop {
        let same = common_prefix(&a[i..], &b[j..]);
        (i, j) = (i + same, j + same);
        if i == a.len() && j == b.len() {
            return true;
        }
        // Where they differ, the emitter's line must be empty and the input's spaces only.
        let empty_line = b.get(j) == Some(&b'\n') && (j == 0 || b[j - 1] == b'\n');
        if !empty_line || a.get(i) != Some(&b' ') {
            return false;
        }
        while a.get(i) == Some(&b' ') {
            i += 1;
        }
        if a.get(i) != Some(&b'\n') {
            return false;
        }
    }
}

/// The fewest bytes of a processed item's text worth copying from the input instead of keeping
/// them (a segment or two more to hold and write).
const MIN_COPY: usize = 64;

/// The longest start and end of a processed item's `text` that its `span` of `input` holds byte
/// for byte (each a whole number of characters, not overlapping), for
/// [`Output::push_processed`]; `None` where they hold fewer than [`MIN_COPY`] bytes together,
/// or where the item has no text or no span. Pure, so worked out on the thread that made the
/// text.
pub fn copies(
    text: Option<&str>,
    span: Option<&Range<usize>>,
    input: &str,
) -> Option<(usize, usize)> {
    let read = input.get(span?.clone())?;
    let (head, tail) = shared_ends(text?, read);
    (head + tail >= MIN_COPY).then_some((head, tail))
}

/// How many bytes `text` starts with and ends with that `read` does too, each a whole number of
/// characters, not overlapping in either.
fn shared_ends(text: &str, read: &str) -> (usize, usize) {
    let (a, b) = (text.as_bytes(), read.as_bytes());
    let mut head = common_prefix(a, b);
    // The bytes before `head` are the same in both, so a character that starts there has the
    // same length in both: `head` is a boundary in one exactly when it is in the other.
    while !(text.is_char_boundary(head) && read.is_char_boundary(head)) {
        head -= 1;
    }
    let mut tail = common_suffix(&a[head..], &b[head..]);
    // (Equal bytes, so a boundary in one is one in the other.)
    while !text.is_char_boundary(text.len() - tail) {
        tail -= 1;
    }
    (head, tail)
}

/// The length of the longest common prefix of `a` and `b` (compared a kilobyte, then 32
/// bytes, at a time).
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    let n = a.len().min(b.len());
    let mut k = 0;
    // (Each comparison is a call: a kilobyte at a time first.)
    while k + 1024 <= n && a[k..k + 1024] == b[k..k + 1024] {
        k += 1024;
    }
    while k + 32 <= n && a[k..k + 32] == b[k..k + 32] {
        k += 32;
    }
    while k < n && a[k] == b[k] {
        k += 1;
    }
    k
}

/// The length of the longest common suffix of `a` and `b` (compared a kilobyte, then 32
/// bytes, at a time).
fn common_suffix(a: &[u8], b: &[u8]) -> usize {
    let n = a.len().min(b.len());
    let (a, b) = (&a[a.len() - n..], &b[b.len() - n..]);
    let mut k = 0;
    while k + 1024 <= n && a[n - k - 1024..n - k] == b[n - k - 1024..n - k] {
        k += 1024;
    }
    while k + 32 <= n && a[n - k - 32..n - k] == b[n - k - 32..n - k] {
        k += 32;
    }
    while k < n && a[n - k - 1] == b[n - k - 1] {
        k += 1;
    }
    k
}

/// The text an item is written as (without a document's `---` or a JSON element's separator);
/// `None` when it has no JSON form. With `source`, the text a JSON element was read from by
/// the JSON item reader (see [`crate::resourcelist::json::write_node_from`], whose terms the
/// caller meets): in the compact layout, what it holds as read is copied from there.
pub fn text(
    node: &Node,
    placement: Placement,
    format: Format,
    source: Option<&str>,
) -> Option<String> {
    let mut out = String::new();
    write(node, placement, format, &mut out, source)?;
    Some(out)
}

/// [`text`] made in a buffer with room for `room` bytes.
fn text_sized(node: &Node, placement: Placement, format: Format, room: usize) -> Option<String> {
    let mut out = String::with_capacity(room);
    write(node, placement, format, &mut out, None)?;
    Some(out)
}

/// Appends `node` in its placement (what goes before it is written by [`Output::open`]): in
/// JSON, an item of the root `items` as a list element, a document as a value and a line break;
/// a list element from `source` as [`text`] does.
fn write(
    node: &Node,
    placement: Placement,
    format: Format,
    out: &mut String,
    source: Option<&str>,
) -> Option<()> {
    match (format, placement) {
        (Format::Yaml, Placement::SeqItem) => emit_seq_item(node, out),
        (Format::Yaml, Placement::Document { .. }) => emit_document(node, out),
        (Format::Json(layout), Placement::SeqItem) => {
            write_node_from(out, node, layout, ELEMENT_INDENT, source)?
        }
        (Format::Json(layout), Placement::Document { .. }) => {
            write_node(out, node, layout, 0)?;
            out.push('\n');
        }
    }
    Some(())
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
        let kept = out.keep(&node, Placement::SeqItem, Some(7..input.len()), input);
        let other = parse_stream("b: 2\n").unwrap().remove(0);
        let no_span = out.keep(&other, Placement::SeqItem, None, input);
        assert_eq!(out.text_of(kept, input), "-   a: 1\n");
        assert_eq!(out.text_of(no_span, input), "- b: 2\n");
        out.replace(first, &other, Placement::SeqItem);
        let (text, pieces) = out.into_pieces(input, 1);
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

    #[test]
    fn a_span_already_written_as_the_emitter_writes_it_is_copied() {
        // Items: the second is the emitter's text but for a line of spaces in its block
        // scalar; the third is not (the emitter writes one space after `-` and `:`).
        let input = "items:\n- a: 1\n- b: |\n    x\n  \n    y\n-   a:  1\n";
        let spans = [7..14, 14..36, 36..input.len()];
        let mut out = Output::default();
        for span in &spans {
            let node = read_item(&input[span.clone()]).unwrap();
            out.keep(&node, Placement::SeqItem, Some(span.clone()), input);
        }
        let (text, pieces) = out.into_pieces(input, 0);
        assert_eq!(text, "");
        let print = fingerprint(&read_item(&input[36..]).unwrap());
        // The first two are copied as one span of the input.
        assert_eq!(
            pieces,
            vec![Piece::Verbatim(7..36), Piece::Input(36..input.len(), print)]
        );
        // Documents: the spans start after their `---`; two copied documents with exactly
        // the writer's `---` line between them are one copy, else the `---` is written as it is.
        for (input, one) in [("a: 1\n---\nb: 2\n", true), ("a: 1\n--- \nb: 2\n", false)] {
            let second = input.len() - 5..input.len();
            let mut out = Output::default();
            for (span, first) in [(0..5, true), (second.clone(), false)] {
                let node = parse_stream(&input[span.clone()]).unwrap().remove(0);
                out.keep(&node, Placement::Document { first }, Some(span), input);
            }
            let (text, pieces) = out.into_pieces(input, 0);
            match one {
                true => {
                    assert_eq!(text, "");
                    assert_eq!(pieces, vec![Piece::Verbatim(0..input.len())]);
                }
                // (A separator after a copy is not the buffer's: see `Output::open`.)
                false => {
                    assert_eq!(text, "");
                    let want = vec![
                        Piece::Verbatim(0..5),
                        Piece::Text("---\n".into()),
                        Piece::Verbatim(second),
                    ];
                    assert_eq!(pieces, want);
                }
            }
        }
    }

    /// The bytes `pieces` write (ranges of `text`, copies of `input`).
    fn written(text: &Spool, pieces: &[Piece], input: &str) -> String {
        let mut unpacked = Unpacked::default();
        let mut s = String::new();
        for piece in pieces {
            match piece {
                Piece::Own(r) => s.push_str(&text.read(r.clone(), &mut unpacked)),
                Piece::Verbatim(r) => s.push_str(&input[r.clone()]),
                other => panic!("not made here: {other:?}"),
            }
        }
        s
    }

    /// What an output of one JSON document, processed to `text` from `span` of `input`, writes.
    fn processed_alone(text: &str, input: &str, span: Range<usize>) -> String {
        let mut out = Output::new(Format::Json(Layout::Compact));
        let placement = Placement::Document { first: true };
        let copied = copies(Some(text), Some(&span), input);
        out.push_processed(Some(text), placement, Some(span), copied);
        let (text, pieces) = out.into_pieces(input, 0);
        written(&text, &pieces, input)
    }

    #[test]
    fn a_processed_items_ends_that_its_input_holds_are_copied_from_it() {
        // A one-line JSON list: the first item lost a field in its middle (its start and end
        // copied, the text between them kept), the second is short, the third unchanged.
        let long = "x".repeat(80);
        let first = format!(r#"{{"a":"{long}","drop":1,"b":"{long}"}}"#);
        let first_out = format!(r#"{{"a":"{long}","b":"{long}"}}"#);
        let (second, second_out) = (r#"{"a":1,"drop":2}"#, r#"{"a":1}"#);
        let third = format!(r#"{{"c":"{long}"}}"#);
        let input = format!(r#"{{"items":[{first},{second},{third}]}}"#);
        let at = |item: &str| {
            let start = input.find(item).unwrap();
            start..start + item.len()
        };
        let json = Format::Json(Layout::Compact);
        let mut out = Output::new(json);
        let texts = [&first_out, second_out, &third];
        for (text, span) in texts.iter().zip([at(&first), at(second), at(&third)]) {
            let copied = copies(Some(text), Some(&span), &input);
            out.push_processed(Some(text), Placement::SeqItem, Some(span), copied);
        }
        let (text, pieces) = out.into_pieces(&input, 0);
        // The first item's start (to `"xxx…",`), and its end (`"b":"xxx…"}`, which is also
        // what follows `,"drop":1`) with the input's `,` after it: nothing of it is kept.
        let (f, head, tail) = (at(&first), 6 + long.len() + 3, 4 + long.len() + 2);
        assert_eq!(&input[f.end - tail..f.end], &first_out[head..]);
        assert_eq!(
            pieces,
            vec![
                Piece::Own(0..1),
                Piece::Verbatim(f.start..f.start + head),
                Piece::Verbatim(f.end - tail..f.end + 1),
                Piece::Own(1..2 + second_out.len()),
                Piece::Verbatim(at(&third)),
            ]
        );
        // (The second item's separator follows a copy: not the buffer's.)
        let mut unpacked = Unpacked::default();
        assert_eq!(text.read(0..text.len(), &mut unpacked), r#",{"a":1},"#);
        let out = texts.map(|t| format!(",{t}")).concat();
        assert_eq!(written(&text, &pieces, &input), out);
    }

    #[test]
    fn the_copied_ends_of_a_processed_item_hold_whole_characters() {
        // `é` and `è` share their first byte, `ü` and `ö` theirs: the copies stop before.
        let pad = "y".repeat(70);
        for (read, text) in [
            (format!("{pad}é{pad}"), format!("{pad}è{pad}")),
            (format!("{pad}éü{pad}"), format!("{pad}ö{pad}")),
            (format!("{pad}{pad}"), format!("{pad}ä{pad}")),
            (format!("{pad}ä{pad}"), format!("{pad}{pad}")),
            (format!("{pad}ää"), format!("{pad}ää")),
            (format!("ü{pad}"), format!("ö{pad}")),
        ] {
            let input = format!("[{read}]");
            let out = processed_alone(&text, &input, 1..1 + read.len());
            assert_eq!(out, text, "{read:?} → {text:?}");
        }
        let (head, tail) = shared_ends("aéb", "aèb");
        assert_eq!((head, tail), (1, 1));
        assert_eq!(shared_ends("aaaa", "aa"), (2, 0));
        assert_eq!(shared_ends("abab", "ab"), (2, 0));
        assert_eq!(shared_ends("xab", "ab"), (0, 2));
    }

    #[test]
    fn any_processed_text_is_written_as_it_is() {
        // Texts made of a few letters, so that they share long starts and ends with the
        // input in every way: the pieces write the text, whatever the input holds.
        struct Rng(u64);
        impl Rng {
            fn below(&mut self, n: u64) -> u64 {
                crate::test_support::xorshift(&mut self.0) % n
            }
            fn word(&mut self, max: u64) -> String {
                let len = self.below(max);
                (0..len)
                    .map(|_| ['a', 'b', 'é', 'ü', '"'][self.below(5) as usize])
                    .collect()
            }
        }
        let cut = |s: &str, k: u64| s.char_indices().nth(k as usize).map_or(s.len(), |c| c.0);
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for _ in 0..2000 {
            let base = rng.word(200);
            let (i, j) = (cut(&base, rng.below(200)), cut(&base, rng.below(200)));
            let (i, j) = (i.min(j), i.max(j));
            let text = format!("{}{}{}", &base[..i], rng.word(8), &base[j..]);
            let before = rng.word(3);
            let input = format!("{before}{base}{}", rng.word(3));
            let out = processed_alone(&text, &input, before.len()..before.len() + base.len());
            assert_eq!(out, text, "{input:?} {text:?}");
        }
    }

    #[test]
    fn an_item_kept_alone_is_its_own_segment() {
        // A deferred item (replaced later, by its segment) is not joined to its neighbours,
        // and the item after it starts a segment of its own.
        let input = "items:\n- a: 1\n- b: 2\n- c: 3\n- d: 4\n";
        let spans = [7..14, 14..21, 21..28, 28..35];
        let mut out = Output::default();
        let mut segments = Vec::new();
        for (i, span) in spans.iter().enumerate() {
            let node = read_item(&input[span.clone()]).unwrap();
            let kept = kept(
                &node,
                Placement::SeqItem,
                Some(span.clone()),
                input,
                Format::Yaml,
                false,
            );
            segments.push(out.push_kept(kept, Placement::SeqItem, input, i == 1));
        }
        assert_eq!(segments, [0, 1, 2, 2]);
        let replaced = read_item("- b: 5\n").unwrap();
        out.replace(1, &replaced, Placement::SeqItem);
        let (text, pieces) = out.into_pieces(input, 0);
        assert_eq!(text, "- b: 5\n");
        let want = vec![
            Piece::Verbatim(7..14),
            Piece::Own(0..7),
            Piece::Verbatim(21..35),
        ];
        assert_eq!(pieces, want);
    }

    /// An output of the documents at `spans` of `input`, each kept alone (deferred).
    fn kept_alone(input: &str, spans: [Range<usize>; 3]) -> Output {
        let mut out = Output::default();
        for (i, span) in spans.into_iter().enumerate() {
            let placement = Placement::Document { first: i == 0 };
            let node = parse_stream(&input[span.clone()]).unwrap().remove(0);
            let kept = kept(&node, placement, Some(span), input, Format::Yaml, false);
            out.push_kept(kept, placement, input, true);
        }
        out
    }

    #[test]
    fn pieces_that_write_one_run_of_the_input_are_one() {
        // Documents each kept alone (deferred, never replaced), with the writer's `---` line
        // between them in the input: one copy of the input, separators and all.
        let input = "a: 1\n---\nb: 2\n---\nc: 3\n";
        let out = kept_alone(input, [0..5, 9..14, 18..23]);
        assert_eq!(out.segments.len(), 5);
        let (text, pieces) = out.into_pieces(input, 3);
        assert_eq!(text, "");
        assert_eq!(pieces, vec![Piece::Verbatim(3..26)]);
        // A `---` the input does not hold there is written as it is; one replaced document
        // splits the copy.
        let input = "a: 1\n--- \nb: 2\n---\nc: 3\n";
        let mut out = kept_alone(input, [0..5, 10..15, 19..24]);
        let last = Placement::Document { first: false };
        out.replace(4, &parse_stream("c: 4\n").unwrap().remove(0), last);
        let (text, pieces) = out.into_pieces(input, 0);
        assert_eq!(text, "c: 4\n");
        let want = vec![
            Piece::Verbatim(0..5),
            Piece::Text("---\n".into()),
            Piece::Verbatim(10..19),
            Piece::Own(0..5),
        ];
        assert_eq!(pieces, want);
    }

    #[test]
    fn only_lines_of_spaces_may_stand_for_empty_lines() {
        let emitted = "- a: |\n    x\n\n    y\n";
        assert!(reads_as(emitted, emitted));
        assert!(reads_as("- a: |\n    x\n      \n    y\n", emitted));
        // A tab, a different line, a line more or less, or a last line without its break.
        assert!(!reads_as("- a: |\n    x\n \t\n    y\n", emitted));
        assert!(!reads_as("- a: |\n    x\n\n    z\n", emitted));
        assert!(!reads_as("- a: |\n    x\n\n\n    y\n", emitted));
        assert!(!reads_as("- a: 1\n  ", "- a: 1\n"));
        assert!(!reads_as("- a: 1\r\n", "- a: 1\n"));
        assert!(!reads_as("- a: 1\n", "- a: 1\n  b: 2\n"));
    }
}
