//! The output of a run as pieces written one after the other: text of the output buffer, other
//! text, and unchanged items of the input written again. A streamed run keeps an item that it
//! passes through unchanged as its span of the input (checked, when it was read, to read back as
//! that same item) instead of a copy, so memory holds the input once and only the changed output.

use crate::yaml::{emit_seq_item, parse_stream, Node};
use std::io::{self, Write};
use std::ops::Range;

/// One piece of stdout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    /// A range of [`Stdout::text`].
    Own(Range<usize>),
    Text(String),
    /// A range of the input holding one block sequence item (`- ...` lines), written again as
    /// the emitter writes that item.
    Input(Range<usize>),
}

/// A run's stdout.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stdout {
    pub text: String,
    pub pieces: Vec<Piece>,
}

impl Stdout {
    /// All of `text`.
    pub fn of(text: String) -> Self {
        let pieces = vec![Piece::Own(0..text.len())];
        Stdout { text, pieces }
    }

    pub fn is_empty(&self) -> bool {
        self.pieces.iter().all(|p| match p {
            Piece::Own(r) | Piece::Input(r) => r.is_empty(),
            Piece::Text(t) => t.is_empty(),
        })
    }

    /// Writes every piece (`input`: the text the run read).
    pub fn write_to(&self, input: &str, w: &mut dyn Write) -> io::Result<()> {
        let mut scratch = String::new();
        for p in &self.pieces {
            match p {
                Piece::Own(r) => w.write_all(self.text[r.clone()].as_bytes())?,
                Piece::Text(t) => w.write_all(t.as_bytes())?,
                Piece::Input(r) => {
                    scratch.clear();
                    let item = read_item(&input[r.clone()])
                        .expect("an input item span was checked to read back when it was read");
                    emit_seq_item(&item, &mut scratch);
                    w.write_all(scratch.as_bytes())?;
                }
            }
        }
        Ok(())
    }

    /// The whole stdout as one string.
    pub fn to_string(&self, input: &str) -> String {
        let mut out = Vec::new();
        self.write_to(input, &mut out).expect("writing to memory");
        String::from_utf8(out).expect("UTF-8 pieces")
    }
}

/// The one item of a block sequence text (`- ...`), if it is exactly that.
pub fn read_item(text: &str) -> Option<Node> {
    let mut docs = parse_stream(text).ok()?;
    if docs.len() != 1 {
        return None;
    }
    match docs.pop()? {
        Node::Seq(mut s) if s.items.len() == 1 && !s.flow && s.tag.is_none() => s.items.pop(),
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
            text: "head\nxx".into(),
            pieces: vec![
                Piece::Own(0..5),
                Piece::Input(7..input.len()),
                Piece::Text("tail\n".into()),
            ],
        };
        assert_eq!(out.to_string(input), "head\n- a: 1\n  b:\n  - x\ntail\n");
        assert!(!out.is_empty());
        assert!(Stdout::default().is_empty());
        assert_eq!(read_item("- a\n- b\n"), None);
    }
}
