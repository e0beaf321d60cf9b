//! The output of a run as pieces written one after the other: text of the output buffer, other
//! text, and unchanged items of the input written again. A streamed run keeps an item that it
//! passes through unchanged as its span of the input instead of a copy, so memory holds the input
//! once and only the changed output (of a changed item, only what lies between the start and the
//! end that its text shares with its span of the input, which are copies of the input). A span
//! whose text is already what the emitter writes for its item (but for lines of spaces where
//! the emitter writes empty lines) is copied as it is ([`Piece::Verbatim`]: the run compared
//! the two when it kept it). Any other span is read again when it is written, and the item it
//! reads is checked against the fingerprint of the item read the first time: a span that read
//! differently on its own would be an internal error, reported, never written.

use crate::fxhash::Fx;
use crate::packed::{Spool, Unpacked};
use crate::results::{Entries, Log};
use crate::yaml::{emit_document, emit_seq_item, parse_stream, Anchor, Node};
use std::io::{self, IoSlice, Write};
use std::ops::Range;
use std::sync::Arc;

/// One piece of stdout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    /// A range of [`Stdout::text`].
    Own(Range<usize>),
    Text(String),
    /// A range of the input holding one block sequence item (`- ...` lines), written again as
    /// the emitter writes that item, and the [`fingerprint`] of the item it held when read.
    Input(Range<usize>, u64),
    /// The same for a range holding one document of a stream (with its `---` line, if any).
    InputDocument(Range<usize>, u64),
    /// A range of the input written as it is: it was found to be the text the emitter writes
    /// for the item or document it holds, byte for byte but for lines of spaces where the
    /// emitter writes empty lines (they read the same); or the start or the end of a processed
    /// item's text, which the input holds byte for byte where the item was read.
    Verbatim(Range<usize>),
    /// Results kept compact until written, written as the entries of a `results` list (the
    /// log is shared with the stderr lines written from it).
    Results(Arc<Log>, Entries),
}

/// A run's stdout.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stdout {
    pub text: Spool,
    pub pieces: Vec<Piece>,
    /// On how many threads the pieces read again from the input are remade when written (0 or
    /// 1: on the writing thread).
    pub threads: usize,
}

/// How much input the pieces remade at once may span (see [`Stdout::write_to`]): their texts
/// are held until written.
const REMAKE_BYTES: usize = 4 << 20;

impl Stdout {
    /// All of `text`.
    pub fn of(text: String) -> Self {
        let pieces = vec![Piece::Own(0..text.len())];
        Stdout {
            text: text.into(),
            pieces,
            threads: 1,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.pieces.iter().all(|p| match p {
            Piece::Own(r)
            | Piece::Input(r, _)
            | Piece::InputDocument(r, _)
            | Piece::Verbatim(r) => r.is_empty(),
            Piece::Text(t) => t.is_empty(),
            Piece::Results(log, _) => log.is_empty(),
        })
    }

    /// Writes every piece (`input`: the text the run read). The pieces read again from the input
    /// are remade on [`Self::threads`] a window at a time (up to `REMAKE_BYTES` of input),
    /// then written in order with the rest. Spans of the input and texts held are handed to
    /// `w` where they lie, many to a vectored write, not copied first.
    pub fn write_to(&self, input: &str, w: &mut dyn Write) -> io::Result<()> {
        let mut at = 0;
        let mut unpacked = Unpacked::default();
        let mut out = Gather::default();
        while at < self.pieces.len() {
            let (mut end, mut bytes, mut remade) = (at, 0, Vec::new());
            while end < self.pieces.len() && bytes < REMAKE_BYTES {
                if let Piece::Input(r, _) | Piece::InputDocument(r, _) = &self.pieces[end] {
                    bytes += r.len();
                    remade.push(&self.pieces[end]);
                }
                end += 1;
            }
            let threads = self.threads.clamp(1, remade.len().max(1));
            let mut remade =
                crate::jobs::map_ordered(threads, remade, |p| remake(p, input)).into_iter();
            for p in &self.pieces[at..end] {
                match p {
                    Piece::Own(r) => {
                        self.text
                            .write_range(r.clone(), &mut unpacked, &mut out.copied)?;
                        out.copied_up_to(w)?;
                    }
                    Piece::Text(t) => out.borrowed(t.as_bytes(), w)?,
                    Piece::Results(log, entries) => {
                        out.write(w)?;
                        log.write_entries(*entries, self.threads, w)?;
                    }
                    Piece::Verbatim(r) => out.borrowed(input[r.clone()].as_bytes(), w)?,
                    Piece::Input(..) | Piece::InputDocument(..) => {
                        // (What comes before a piece that did not remake is written.)
                        let text = match remade.next().expect("a text per piece remade") {
                            Ok(text) => text,
                            Err(e) => return out.write(w).and(Err(e)),
                        };
                        out.copied.extend_from_slice(text.as_bytes());
                        out.copied_up_to(w)?;
                    }
                }
            }
            at = end;
        }
        out.write(w)
    }

    /// The whole stdout as one string.
    pub fn to_string(&self, input: &str) -> String {
        let mut out = Vec::new();
        self.write_to(input, &mut out).expect("writing to memory");
        String::from_utf8(out).expect("UTF-8 pieces")
    }
}

/// Output gathered for one vectored write: texts borrowed where they lie (the input, the
/// pieces' own strings), and between them bytes copied into one buffer (the output's own text
/// as it is unpacked, items remade). A run's output is mostly spans of its input: written so,
/// they go from the input's pages to the descriptor with no copy in between.
#[derive(Default)]
struct Gather<'a> {
    /// The texts in order: borrowed, or the next so many bytes of `copied`.
    parts: Vec<Part<'a>>,
    copied: Vec<u8>,
    /// How much of `copied` the parts name (the rest is the part being copied).
    named: usize,
    /// How many bytes the parts hold.
    bytes: usize,
}

enum Part<'a> {
    Borrowed(&'a [u8]),
    Copied(usize),
}

impl<'a> Gather<'a> {
    /// Up to how many bytes, and how many parts, are gathered for one write (a vectored write
    /// takes up to 1,024 parts on Linux).
    const BYTES: usize = 1 << 20;
    const PARTS: usize = 1024;

    fn borrowed(&mut self, text: &'a [u8], w: &mut dyn Write) -> io::Result<()> {
        self.name_copied();
        if !text.is_empty() {
            self.parts.push(Part::Borrowed(text));
            self.bytes += text.len();
        }
        self.write_when_full(w)
    }

    /// What was appended to `copied` since the last part is one part.
    fn copied_up_to(&mut self, w: &mut dyn Write) -> io::Result<()> {
        self.name_copied();
        self.write_when_full(w)
    }

    fn name_copied(&mut self) {
        let n = self.copied.len() - self.named;
        if n > 0 {
            self.parts.push(Part::Copied(n));
            self.named += n;
            self.bytes += n;
        }
    }

    fn write_when_full(&mut self, w: &mut dyn Write) -> io::Result<()> {
        match self.bytes >= Self::BYTES || self.parts.len() >= Self::PARTS - 1 {
            true => self.write(w),
            false => Ok(()),
        }
    }

    /// Writes what is gathered, all of it.
    fn write(&mut self, w: &mut dyn Write) -> io::Result<()> {
        self.name_copied();
        let mut at = 0;
        let mut slices: Vec<IoSlice<'_>> = self
            .parts
            .iter()
            .map(|p| match *p {
                Part::Borrowed(text) => IoSlice::new(text),
                Part::Copied(n) => {
                    at += n;
                    IoSlice::new(&self.copied[at - n..at])
                }
            })
            .collect();
        let mut left = &mut slices[..];
        while !left.is_empty() {
            match w.write_vectored(left) {
                Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
                Ok(n) => IoSlice::advance_slices(&mut left, n),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        self.parts.clear();
        self.copied.clear();
        (self.named, self.bytes) = (0, 0);
        Ok(())
    }
}

/// The text of a piece read again from the input: its item (or document) read and checked
/// against its fingerprint, then emitted.
fn remake(piece: &Piece, input: &str) -> io::Result<String> {
    let mut text = String::new();
    match piece {
        Piece::Input(r, print) => {
            let item = checked(read_item(&input[r.clone()]), *print, r)?;
            emit_seq_item(&item, &mut text);
        }
        Piece::InputDocument(r, print) => {
            let doc = checked(read_document(&input[r.clone()]), *print, r)?;
            emit_document(&doc, &mut text);
        }
        _ => unreachable!("only input pieces are remade"),
    }
    Ok(text)
}

/// A fingerprint of an item: a hash of everything the emitter writes of it (each scalar's text,
/// style and tag; collections' tags, lengths, order and whether they were one-line flow). Two
/// items with the same fingerprint write the same text (up to hash collisions).
pub fn fingerprint(node: &Node) -> u64 {
    use std::hash::Hasher;
    fn walk(n: &Node, h: &mut Fx) {
        let text = |h: &mut Fx, t: Option<&str>| match t {
            Some(t) => {
                h.write_u8(1);
                h.write(t.as_bytes());
                h.write_usize(t.len());
            }
            None => h.write_u8(0),
        };
        // The tag, and the anchor or alias name (both written).
        let tag = |h: &mut Fx, t: Option<&str>| {
            text(h, t);
            match n.anchor() {
                Some(Anchor::Named(a)) => text(h, Some(&format!("&{a}"))),
                Some(Anchor::AliasOf(a)) => text(h, Some(&format!("*{a}"))),
                None => h.write_u8(0),
            }
        };
        match n {
            Node::Scalar(s) => {
                h.write_u8(b's');
                h.write(s.value.as_bytes());
                h.write_usize(s.value.len());
                h.write_u8(s.style as u8);
                tag(h, s.tag());
            }
            Node::Seq(s) => {
                h.write_u8(b'q');
                h.write_u8(u8::from(s.flow && s.one_line));
                h.write_usize(s.items.len());
                tag(h, s.tag());
                s.items.iter().for_each(|i| walk(i, h));
            }
            Node::Map(m) => {
                h.write_u8(b'm');
                h.write_u8(u8::from(m.flow && m.one_line));
                h.write_usize(m.entries.len());
                tag(h, m.tag());
                for (k, v) in &m.entries {
                    walk(k, h);
                    walk(v, h);
                }
            }
        }
    }
    let mut h = Fx::default();
    walk(node, &mut h);
    h.finish()
}

/// `node` when it has the fingerprint `print`; else an internal error naming the input range.
fn checked(node: Option<Node>, print: u64, r: &Range<usize>) -> io::Result<Node> {
    match node {
        Some(n) if fingerprint(&n) == print => Ok(n),
        _ => {
            let at = format!("bytes {}..{} of the input", r.start, r.end);
            let msg = format!(
                "internal error: the item at {at} reads differently on its own; stdout is incomplete"
            );
            Err(io::Error::other(msg))
        }
    }
}

/// The one document of a text, if it holds exactly one.
pub fn read_document(text: &str) -> Option<Node> {
    let mut docs = parse_stream(text).ok()?;
    (docs.len() == 1).then(|| docs.pop()).flatten()
}

/// The one item of a block sequence text (`- ...`), if it is exactly that.
pub fn read_item(text: &str) -> Option<Node> {
    let mut docs = parse_stream(text).ok()?;
    if docs.len() != 1 {
        return None;
    }
    match docs.pop()? {
        Node::Seq(mut s) if s.items.len() == 1 && !s.flow && s.tag().is_none() => s.items.pop(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_write_in_order_and_input_items_as_emitted() {
        let input = "items:\n-   a:   1\n    # c\n    b: [x]\n";
        let out = Stdout {
            threads: 1,
            text: "head\nxx".into(),
            pieces: vec![
                Piece::Own(0..5),
                Piece::Input(
                    7..input.len(),
                    fingerprint(&read_item(&input[7..]).unwrap()),
                ),
                Piece::Text("tail\n".into()),
                Piece::Verbatim(0..7),
            ],
        };
        assert_eq!(
            out.to_string(input),
            "head\n- a: 1\n  b: [x]\ntail\nitems:\n"
        );
        assert!(!out.is_empty());
        assert!(Stdout::default().is_empty());
        assert_eq!(read_item("- a\n- b\n"), None);
        let wrong = Stdout {
            threads: 1,
            text: Spool::default(),
            pieces: vec![Piece::Input(7..input.len(), 0)],
        };
        let mut sink = Vec::new();
        let err = wrong.write_to(input, &mut sink).unwrap_err();
        assert!(err.to_string().starts_with("internal error"), "{err}");
    }

    /// The pieces read again are remade on the threads: the same text as on one, in order, and
    /// a piece that reads differently still stops the writing where it stands.
    #[test]
    fn pieces_remade_on_threads_write_as_on_one() {
        let mut input = String::from("items:\n");
        let mut pieces = Vec::new();
        for i in 0..40 {
            let start = input.len();
            input.push_str(&format!("-   n:   {i}\n    l: [a,   b]\n"));
            let print = fingerprint(&read_item(&input[start..]).unwrap());
            pieces.push(Piece::Input(start..input.len(), print));
            pieces.push(Piece::Text("# between\n".into()));
        }
        let on = |pieces: &[Piece], threads| Stdout {
            text: Spool::default(),
            pieces: pieces.to_vec(),
            threads,
        };
        let one = on(&pieces, 1).to_string(&input);
        assert!(
            one.starts_with("- n: 0\n  l: [a, b]\n# between\n- n: 1\n"),
            "{one}"
        );
        assert_eq!(on(&pieces, 4).to_string(&input), one);
        let Piece::Input(r, _) = pieces[10].clone() else {
            unreachable!()
        };
        pieces[10] = Piece::Input(r, 0);
        let mut sink = Vec::new();
        let err = on(&pieces, 4).write_to(&input, &mut sink).unwrap_err();
        assert!(err.to_string().starts_with("internal error"), "{err}");
        let written = String::from_utf8(sink).unwrap();
        assert_eq!(written, one[..written.len()]);
        assert!(
            written.ends_with("- n: 4\n  l: [a, b]\n# between\n"),
            "{written}"
        );
    }
    /// A writer that takes a few bytes of a vectored write at a time, as a pipe may.
    struct Trickle(Vec<u8>, usize);

    impl Write for Trickle {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            let n = buf.len().min(self.1);
            self.0.extend_from_slice(&buf[..n]);
            Ok(n)
        }

        fn write_vectored(&mut self, bufs: &[IoSlice<'_>]) -> io::Result<usize> {
            let mut left = self.1;
            for b in bufs {
                let n = b.len().min(left);
                self.0.extend_from_slice(&b[..n]);
                left -= n;
            }
            Ok(self.1 - left)
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// Spans of the input, texts and own text (packed blocks among it) gathered for vectored
    /// writes come out whole and in order however little each write takes, and more parts
    /// than one write holds are written in several.
    #[test]
    fn gathered_pieces_write_whole_through_short_writes() {
        let input: String = (0..3000).map(|i| format!("<{i}>")).collect();
        let mut text = Spool::default();
        let mut pieces = Vec::new();
        let mut want = String::new();
        for i in 0..3000 {
            let own = format!("[{i:04}]").repeat(i % 40);
            let start = text.len();
            text.push_str(&own);
            pieces.push(Piece::Own(start..text.len()));
            want.push_str(&own);
            let r = (i * 7) % (input.len() - 20)..(i * 7) % (input.len() - 20) + i % 13;
            want.push_str(&input[r.clone()]);
            pieces.push(Piece::Verbatim(r));
            pieces.push(Piece::Text(format!("{i}\n")));
            want.push_str(&format!("{i}\n"));
        }
        let out = Stdout {
            text,
            pieces,
            threads: 1,
        };
        assert!(
            want.len() > crate::packed::Blocks::BLOCK * 4,
            "packed blocks among the own text"
        );
        for step in [1, 7, 4096, usize::MAX] {
            let mut w = Trickle(Vec::new(), step);
            out.write_to(&input, &mut w).unwrap();
            assert!(w.0 == want.as_bytes(), "step {step}");
        }
    }
}
