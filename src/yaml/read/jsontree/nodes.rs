//! An item of a JSON list read straight into the tree the pipeline works on ([`Node`]), for a
//! sink that takes such trees ([`ItemSink::takes_nodes`](super::super::compose::ItemSink)).
//!
//! The reader's tree of an item ([`RNode`](super::super::RNode)) is only ever checked by the
//! meaning's quick check ([`plainly_fine_unnamed`](super::super::decode::plainly_fine_unnamed))
//! and converted ([`to_node_in`](super::super::to_node_in)) within a flow sequence. This reads
//! the same [`Node`] in one pass: objects and arrays as flow collections (never `one_line`,
//! being inside the flow `items` sequence), strings double-quoted with their text kept as
//! [`super::compose`] keeps it, numbers and literals plain, every one `json`. Where the quick
//! check would not pass (its own rules, [`plain_value_fine`] and [`key_fine`]: an integer between
//! int64 and uint64, a `<<` key) or the item nests deeper than [`DEPTH`], it gives up: the caller reads the item again its own way,
//! which finds the same meaning's error, or Go's nesting limit, at the same place.

use super::super::decode::{key_fine, plain_value_fine};
use super::super::gojson::{number_end, KEY_SPAN};
use super::Cursor;
use crate::yaml::json::written_as_is;
use crate::yaml::{Mapping, Node, Scalar, ScalarStyle, Sequence, Span};

/// The nesting an item may have here (its root at 1); a deeper one is left to the caller,
/// which counts Go's limit on an explicit stack.
const DEPTH: usize = 128;

/// The children of the open collections, on one stack each for items and entries, so that a
/// collection's vector is made at its length when it closes (see [`super::Children`]).
#[derive(Default)]
pub(super) struct Scratch {
    items: Vec<Node>,
    entries: Vec<(Node, Node)>,
}

impl Scratch {
    /// Frees the stacks (empty) where they hold room for more than `most` children.
    pub(super) fn bound(&mut self, most: usize) {
        if self.items.capacity() > most {
            self.items = Vec::new();
        }
        if self.entries.capacity() > most {
            self.entries = Vec::new();
        }
    }
}

/// Reads the item that starts at `r` (a JSON value whose chunk is `direct`: the text is JSON
/// that encoding/json's scanner passed) to its end; `None`, with `r` somewhere inside it, where
/// the caller must read it its own way.
/// With `CHECK`, also `None` where the text is not JSON that reads straight (see
/// [`super::item_checked`]).
/// With `base`, each collection gets its [`Span`] in the text from there (the item's first
/// byte), for the JSON writer to copy it from the item's text.
pub(super) fn item<const CHECK: bool>(
    r: &mut Cursor,
    scratch: &mut Scratch,
    base: Option<usize>,
) -> Option<Node> {
    let node = value::<CHECK>(r, scratch, DEPTH, base);
    if node.is_none() {
        scratch.items.clear();
        scratch.entries.clear();
    }
    node
}

fn value<const CHECK: bool>(
    r: &mut Cursor,
    s: &mut Scratch,
    depth: usize,
    base: Option<usize>,
) -> Option<Node> {
    r.skip_space();
    let (start, unwritten) = (r.i, r.unwritten);
    // A collection's span, where the writer writes what it holds as its text (see `Span`).
    let span = |r: &Cursor| match base {
        Some(b) if r.unwritten == unwritten => Span::new(start - b, r.i - start),
        _ => Span::NONE,
    };
    match *r.bytes.get(r.i)? {
        b'{' => {
            let depth = depth.checked_sub(1)?;
            let from = s.entries.len();
            elements(r, b'}', |r| {
                if r.bytes.get(r.i) != Some(&b'"') {
                    return None;
                }
                let (start, line) = (r.i, r.line);
                let key = string::<CHECK>(r)?;
                if !key_fine(&key.value, false) {
                    return None;
                }
                r.skip_space();
                if r.bytes.get(r.i) != Some(&b':') {
                    return None;
                }
                // The YAML scanner takes the key for a simple key (see `gojson::Read::Value`).
                if CHECK && (r.i - start > KEY_SPAN || r.line != line) {
                    return None;
                }
                r.i += 1;
                let v = value::<CHECK>(r, s, depth, base)?;
                s.entries.push((Node::Scalar(key), v));
                Some(())
            })?;
            Some(Node::Map(Mapping {
                entries: take_from(&mut s.entries, from),
                flow: true,
                one_line: false,
                props: crate::yaml::Props::NONE,
                span: span(r),
            }))
        }
        b'[' => {
            let depth = depth.checked_sub(1)?;
            let from = s.items.len();
            elements(r, b']', |r| {
                let v = value::<CHECK>(r, s, depth, base)?;
                s.items.push(v);
                Some(())
            })?;
            Some(Node::Seq(Sequence {
                items: take_from(&mut s.items, from),
                flow: true,
                one_line: false,
                props: crate::yaml::Props::NONE,
                span: span(r),
            }))
        }
        b'"' => Some(Node::Scalar(string::<CHECK>(r)?)),
        b'}' | b']' | b',' | b':' => None,
        c => {
            if CHECK && !matches!(c, b'-' | b'0'..=b'9' | b't' | b'f' | b'n') {
                return None;
            }
            let value = r.plain();
            if CHECK && !json_literal(value) {
                return None;
            }
            if !plain_value_fine(value) {
                return None;
            }
            if !written_as_is(value.as_bytes()) {
                r.unwritten += 1;
            }
            Some(Node::Scalar(Scalar {
                value: value.to_string(),
                style: ScalarStyle::Plain,
                props: crate::yaml::Props::NONE,
                json: true,
            }))
        }
    }
}

/// The elements of the stack `v` from `from` on, moved into a vector of their length (one copy
/// of them all; `Vec::split_off` would hand over the stack's own buffer for `from` 0).
pub(super) fn take_from<T>(v: &mut Vec<T>, from: usize) -> Vec<T> {
    let n = v.len() - from;
    let mut out = Vec::with_capacity(n);
    // SAFETY: the `n` elements from `from` are initialized and, `v`'s length set below them,
    // no longer `v`'s: they are moved (copied once, then owned by `out` alone) into `out`'s
    // `n` free places, which do not overlap `v`'s buffer.
    unsafe {
        v.set_len(from);
        std::ptr::copy_nonoverlapping(v.as_ptr().add(from), out.as_mut_ptr(), n);
        out.set_len(n);
    }
    out
}

/// Whether a number's or literal's text (as [`Cursor::plain`] reads it) is JSON's: `true`,
/// `false`, `null`, or a number as encoding/json's scanner reads one.
fn json_literal(text: &str) -> bool {
    matches!(text, "true" | "false" | "null") || number_end(text.as_bytes(), 0) == Some(text.len())
}

/// Reads the elements of the collection whose opening bracket is at `r`, each with `element`
/// (at its first byte), to after its `close` bracket: elements one after the other, a comma
/// between each two (JSON's, which a JSON text that was read has).
fn elements(
    r: &mut Cursor,
    close: u8,
    mut element: impl FnMut(&mut Cursor) -> Option<()>,
) -> Option<()> {
    r.i += 1;
    r.skip_space();
    if *r.bytes.get(r.i)? == close {
        r.i += 1;
        return Some(());
    }
    loop {
        element(r)?;
        r.skip_space();
        match *r.bytes.get(r.i)? {
            b',' => {
                r.i += 1;
                r.skip_space();
            }
            b if b == close => {
                r.i += 1;
                return Some(());
            }
            _ => return None,
        }
    }
}

/// The string whose opening quote is at `r`, as [`super::compose`] reads it (with `CHECK`, see
/// [`Cursor::quoted_as`]).
#[inline(always)]
fn string<const CHECK: bool>(r: &mut Cursor) -> Option<Scalar> {
    let (value, source, escaped) = r.quoted_as::<CHECK>()?;
    // (An escape may be one the writer writes otherwise.)
    if escaped {
        r.unwritten += 1;
    }
    Some(Scalar {
        value,
        style: ScalarStyle::DoubleQuoted,
        json: true,
        props: crate::yaml::Props::new(None, source, None),
    })
}
