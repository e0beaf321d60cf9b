//! Text kept LZ4-compressed until it is read: a run holds the text it will write (the changed
//! items' text of a long list, tens of megabytes at 100k objects) and the previous revision's
//! objects to the end, and most of it is read once, in order. One block format for both: the
//! text's length (4 bytes, little-endian), then its LZ4 block.

use std::borrow::Cow;
use std::io::{self, Write};
use std::ops::Range;

thread_local! {
    /// Room to compress into, kept from one text to the next (each thread its own): the
    /// crate's own buffer would be allocated and zeroed for every text.
    static ROOM: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// `text` compressed, into a box of its size.
pub fn pack(text: &[u8]) -> Box<[u8]> {
    ROOM.with_borrow_mut(|room| pack_into(text, room))
}

fn pack_into(text: &[u8], room: &mut Vec<u8>) -> Box<[u8]> {
    let worst = 4 + lz4_flex::block::get_maximum_output_size(text.len());
    if room.len() < worst {
        room.resize(worst, 0);
    }
    let size = u32::try_from(text.len()).expect("a block under 4 GB");
    room[..4].copy_from_slice(&size.to_le_bytes());
    let n = lz4_flex::block::compress_into(text, &mut room[4..]).expect("room for the worst case");
    room[..4 + n].into()
}

/// The text [`pack`] packed, into `out` (in place of what it held; only bytes it did not hold
/// before are zeroed first: blocks of a size unpacked one after the other into one buffer).
pub fn unpack_into(packed: &[u8], out: &mut Vec<u8>) {
    let (size, block) = lz4_flex::block::uncompressed_size(packed).expect("packed by this run");
    out.resize(size, 0);
    let n = lz4_flex::block::decompress_into(block, out).expect("packed by this run");
    out.truncate(n);
}

/// Bytes written in order and read back by range or block, compressed a block at a time once
/// [`Blocks::BLOCK`] bytes have gathered (at the end of a write: a block ends where a write
/// does). Less than a block is never compressed (a kustomize run's output costs nothing more).
/// Where the blocks are packed on other threads ([`Blocks::defer_packing`]), a sealed block
/// waits unpacked until [`Blocks::take_waiting`] hands it out and [`Blocks::set_packed`] takes
/// its packed form back; what it holds reads the same either way.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Blocks {
    /// The sealed blocks, in order, each with the offset its bytes start at.
    sealed: Vec<(usize, Block)>,
    /// The bytes after the last block.
    open: Vec<u8>,
    /// Where `open` starts.
    open_at: usize,
    /// Sealed blocks are left for other threads to pack (see [`Blocks::take_waiting`]).
    defer: bool,
    /// The places in `sealed` of the blocks waiting to be packed, in order.
    waiting: Vec<usize>,
}

/// A sealed block: packed, or its bytes waiting to be packed on another thread.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Block {
    Packed(Box<[u8]>),
    Waiting(Box<[u8]>),
}

impl Blocks {
    /// How much is compressed as one block: about as much as LZ4 gains from (its window is
    /// 64 kB), held once uncompressed.
    pub const BLOCK: usize = 64 << 10;

    /// How many sealed blocks may wait to be packed: past that, the next is packed where it
    /// is sealed (the text held unpacked stays within a few blocks whatever the threads do).
    const WAITING: usize = 4;

    /// How many bytes it holds.
    pub fn len(&self) -> usize {
        self.open_at + self.open.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Leaves the blocks it seals from now on for [`Self::take_waiting`] (up to a few at a
    /// time), instead of packing each as it is sealed: a run on several threads packs them
    /// there.
    pub fn defer_packing(&mut self) {
        self.defer = true;
    }

    /// Appends what `write` appends to the bytes (given the last, open part).
    pub fn append<R>(&mut self, write: impl FnOnce(&mut Vec<u8>) -> R) -> R {
        let r = write(&mut self.open);
        let n = self.open.len();
        if n >= Self::BLOCK {
            let block = match self.defer && self.waiting.len() < Self::WAITING {
                true => {
                    self.waiting.push(self.sealed.len());
                    let bytes = std::mem::replace(&mut self.open, Vec::with_capacity(Self::BLOCK));
                    Block::Waiting(bytes.into_boxed_slice())
                }
                false => Block::Packed(pack(&self.open)),
            };
            self.sealed.push((self.open_at, block));
            self.open_at += n;
            self.open.clear();
            if self.open.capacity() > 2 * Self::BLOCK {
                // One long write (a large CRD's text) made it large: not held to the end.
                self.open.shrink_to(Self::BLOCK);
            }
        }
        r
    }

    /// The sealed blocks waiting to be packed: each one's place (for [`Self::set_packed`])
    /// and its bytes (the tests' view: the run takes them, [`Self::take_waiting`]).
    #[cfg(test)]
    pub fn waiting(&self) -> Vec<(usize, &[u8])> {
        let waiting = self
            .waiting
            .iter()
            .filter_map(|&i| match &self.sealed[i].1 {
                Block::Waiting(bytes) => Some((i, &bytes[..])),
                Block::Packed(_) => None,
            });
        waiting.collect()
    }

    /// The sealed blocks waiting to be packed, each one's place (for [`Self::set_packed`]) and
    /// its bytes moved out: each block stays waiting, empty, until [`Self::set_packed`] gives
    /// it its packed form, and nothing reads it before that. The blocks can then be packed on
    /// other threads while more is appended.
    pub fn take_waiting(&mut self) -> Vec<(usize, Box<[u8]>)> {
        let sealed = &mut self.sealed;
        let waiting = self.waiting.iter().filter_map(|&i| match &mut sealed[i].1 {
            Block::Waiting(bytes) if !bytes.is_empty() => Some((i, std::mem::take(bytes))),
            _ => None,
        });
        waiting.collect()
    }

    /// Block `i`, which was waiting, as [`pack`] packed it.
    pub fn set_packed(&mut self, i: usize, packed: Box<[u8]>) {
        let at = self.waiting.iter().position(|&w| w == i);
        debug_assert!(at.is_some(), "block {i} was waiting");
        if let Some(at) = at {
            self.sealed[i].1 = Block::Packed(packed);
            self.waiting.remove(at);
        }
    }

    /// Writes the bytes at `range` to `w`; `last` keeps the block unpacked last, for the next
    /// range (an output's ranges are mostly read in order).
    pub fn write_range(
        &self,
        range: Range<usize>,
        last: &mut Unpacked,
        w: &mut dyn Write,
    ) -> io::Result<()> {
        let mut at = range.start;
        // The last block that starts at or before `at`.
        let mut block = self
            .sealed
            .partition_point(|(start, _)| *start <= at)
            .saturating_sub(1);
        while at < range.end.min(self.open_at) {
            let (start, sealed) = &self.sealed[block];
            let bytes = match sealed {
                Block::Waiting(bytes) => bytes,
                Block::Packed(packed) => {
                    if last.block != Some(block) {
                        unpack_into(packed, &mut last.bytes);
                        last.block = Some(block);
                    }
                    &last.bytes[..]
                }
            };
            let end = range.end.min(start + bytes.len());
            w.write_all(&bytes[at - start..end - start])?;
            at = end;
            block += 1;
        }
        if at < range.end {
            w.write_all(&self.open[at - self.open_at..range.end - self.open_at])?;
        }
        Ok(())
    }

    /// Each block's bytes and then the open part's, in order, with the offset each starts at.
    pub fn chunks(&self) -> impl Iterator<Item = (usize, Cow<'_, [u8]>)> + '_ {
        self.held().map(|(start, held)| (start, held.bytes()))
    }

    /// [`Self::chunks`] as they are held, each unpacked only when its bytes are asked for
    /// ([`Held::bytes`]): on whichever thread reads it.
    pub fn held(&self) -> impl Iterator<Item = (usize, Held<'_>)> + '_ {
        let sealed = self.sealed.iter().map(|(start, block)| match block {
            Block::Waiting(bytes) => (*start, Held::Bytes(&bytes[..])),
            Block::Packed(packed) => (*start, Held::Packed(&packed[..])),
        });
        sealed.chain(std::iter::once((self.open_at, Held::Bytes(&self.open[..]))))
    }
}

/// A part of [`Blocks`] as it is held: its bytes, or packed.
#[derive(Clone, Copy, Debug)]
pub enum Held<'a> {
    Bytes(&'a [u8]),
    Packed(&'a [u8]),
}

impl<'a> Held<'a> {
    /// The part's bytes (unpacked here when it is packed).
    pub fn bytes(self) -> Cow<'a, [u8]> {
        match self {
            Held::Bytes(bytes) => Cow::Borrowed(bytes),
            Held::Packed(packed) => {
                let mut bytes = Vec::new();
                unpack_into(packed, &mut bytes);
                Cow::Owned(bytes)
            }
        }
    }
}

/// The block of [`Blocks`] unpacked last, kept for the next read.
#[derive(Default)]
pub struct Unpacked {
    block: Option<usize>,
    bytes: Vec<u8>,
}

/// Text written in order and read back by range (an output's own text), kept in [`Blocks`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Spool(Blocks);

impl From<String> for Spool {
    /// All of `text`, not compressed (a whole-input run's output, written at once).
    fn from(text: String) -> Self {
        Spool(Blocks {
            open: text.into_bytes(),
            ..Blocks::default()
        })
    }
}

impl From<&str> for Spool {
    fn from(text: &str) -> Self {
        Spool::from(text.to_string())
    }
}

impl Spool {
    /// How much text it holds.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// See [`Blocks::defer_packing`].
    pub fn defer_packing(&mut self) {
        self.0.defer_packing();
    }

    /// See [`Blocks::waiting`].
    #[cfg(test)]
    pub fn waiting(&self) -> Vec<(usize, &[u8])> {
        self.0.waiting()
    }

    /// See [`Blocks::take_waiting`].
    pub fn take_waiting(&mut self) -> Vec<(usize, Box<[u8]>)> {
        self.0.take_waiting()
    }

    /// See [`Blocks::set_packed`].
    pub fn set_packed(&mut self, i: usize, packed: Box<[u8]>) {
        self.0.set_packed(i, packed);
    }

    /// Appends `text`.
    pub fn push_str(&mut self, text: &str) {
        self.0
            .append(|open| open.extend_from_slice(text.as_bytes()));
    }

    /// Appends what `write` appends to a text.
    pub fn append<R>(&mut self, write: impl FnOnce(&mut String) -> R) -> R {
        self.0.append(|open| {
            let mut text = String::from_utf8(std::mem::take(open)).expect("spooled from str");
            let r = write(&mut text);
            *open = text.into_bytes();
            r
        })
    }

    /// The text at `range`: borrowed when it is all in the open part, else unpacked.
    pub fn get(&self, range: Range<usize>) -> Cow<'_, str> {
        self.read(range, &mut Unpacked::default())
    }

    /// [`Self::get`], `last` keeping the block unpacked last for the next read.
    pub fn read(&self, range: Range<usize>, last: &mut Unpacked) -> Cow<'_, str> {
        let b = &self.0;
        if range.start >= b.open_at {
            let bytes = &b.open[range.start - b.open_at..range.end - b.open_at];
            return Cow::Borrowed(std::str::from_utf8(bytes).expect("spooled from str"));
        }
        let mut out = Vec::with_capacity(range.len());
        self.write_range(range, last, &mut out)
            .expect("writing to memory");
        Cow::Owned(String::from_utf8(out).expect("spooled from str"))
    }

    /// Writes the text at `range` to `w` (see [`Blocks::write_range`]).
    pub fn write_range(
        &self,
        range: Range<usize>,
        last: &mut Unpacked,
        w: &mut dyn Write,
    ) -> io::Result<()> {
        self.0.write_range(range, last, w)
    }
}

/// A spool is equal to the text it holds (tests compare an output's text with its expected).
impl PartialEq<str> for Spool {
    fn eq(&self, other: &str) -> bool {
        self.get(0..self.len()) == other
    }
}

impl PartialEq<&str> for Spool {
    fn eq(&self, other: &&str) -> bool {
        self == *other
    }
}

impl PartialEq<String> for Spool {
    fn eq(&self, other: &String) -> bool {
        self == other.as_str()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Texts of every length around the block size, read back by every kind of range: within
    /// the open part, within one block, across blocks and into the open part; the same text as
    /// a plain string holds.
    #[test]
    fn a_spool_gives_back_what_was_written() {
        let mut spool = Spool::default();
        let mut plain = String::new();
        let mut i = 0;
        while plain.len() < 5 * Blocks::BLOCK + 123 {
            let piece = format!("item {i}: {}\n", "é".repeat(i % 97));
            spool.push_str(&piece);
            plain.push_str(&piece);
            i += 1;
        }
        assert_eq!(spool.len(), plain.len());
        assert!(spool.0.sealed.len() >= 4, "{} blocks", spool.0.sealed.len());
        let ends: Vec<usize> = (0..plain.len())
            .filter(|&b| plain.is_char_boundary(b))
            .step_by(4099)
            .chain([plain.len()])
            .collect();
        let mut last = Unpacked::default();
        for (k, &a) in ends.iter().enumerate() {
            for &b in &ends[k..] {
                assert_eq!(spool.get(a..b), plain[a..b], "{a}..{b}");
                let mut out = Vec::new();
                spool.write_range(a..b, &mut last, &mut out).unwrap();
                assert_eq!(out, &plain.as_bytes()[a..b], "{a}..{b}");
            }
        }
    }

    /// A spool of less than a block is not compressed; one of more holds less than its text.
    #[test]
    fn only_a_full_block_is_compressed() {
        let mut spool = Spool::default();
        spool.push_str(&"apiVersion: v1\nkind: ConfigMap\n".repeat(100));
        assert!(spool.0.sealed.is_empty());
        let text = "apiVersion: v1\nkind: ConfigMap\n".repeat(10_000);
        spool.push_str(&text);
        assert_eq!(spool.0.sealed.len(), 1);
        let Block::Packed(packed) = &spool.0.sealed[0].1 else {
            panic!("packed as it was sealed")
        };
        assert!(packed.len() < text.len() / 10);
        assert_eq!(
            spool.get(0..spool.len()),
            "apiVersion: v1\nkind: ConfigMap\n".repeat(10_100)
        );
    }

    /// Blocks left for other threads: at most a few wait at once (the next are packed as they
    /// are sealed), they read the same waiting and packed, and [`Blocks::waiting`] hands out
    /// only the ones not packed yet.
    #[test]
    fn deferred_blocks_wait_a_few_at_a_time_and_read_the_same() {
        let mut spool = Spool::default();
        spool.defer_packing();
        let mut plain = String::new();
        let mut i = 0;
        while plain.len() < (Blocks::WAITING + 3) * Blocks::BLOCK {
            let piece = format!("- item {i}: {}\n", "x".repeat(i % 301));
            spool.push_str(&piece);
            plain.push_str(&piece);
            i += 1;
        }
        let sealed = spool.0.sealed.len();
        assert!(sealed > Blocks::WAITING, "{sealed} blocks");
        let waiting: Vec<usize> = spool.waiting().iter().map(|(i, _)| *i).collect();
        assert_eq!(waiting, (0..Blocks::WAITING).collect::<Vec<_>>());
        assert!(spool.0.sealed[Blocks::WAITING..]
            .iter()
            .all(|(_, b)| matches!(b, Block::Packed(_))));
        let whole = |spool: &Spool, plain: &str| {
            let mut out = Vec::new();
            let mut last = Unpacked::default();
            spool
                .write_range(0..spool.len(), &mut last, &mut out)
                .unwrap();
            assert_eq!(
                spool.get(1000..spool.len() - 1000),
                plain[1000..plain.len() - 1000]
            );
            let chunks: Vec<u8> = spool.0.chunks().flat_map(|(_, c)| c.into_owned()).collect();
            assert_eq!(chunks, out);
            out
        };
        assert_eq!(whole(&spool, &plain), plain.as_bytes());
        // Two packed on other threads: the other two still wait.
        let packed: Vec<(usize, Box<[u8]>)> = spool.waiting()[..2]
            .iter()
            .map(|(i, bytes)| (*i, pack(bytes)))
            .collect();
        for (i, p) in packed {
            spool.set_packed(i, p);
        }
        let waiting: Vec<usize> = spool.waiting().iter().map(|(i, _)| *i).collect();
        assert_eq!(waiting, [2, 3]);
        assert_eq!(whole(&spool, &plain), plain.as_bytes());
        // Room again: the next block sealed waits.
        spool.push_str(&"y".repeat(Blocks::BLOCK));
        let waiting: Vec<usize> = spool.waiting().iter().map(|(i, _)| *i).collect();
        assert_eq!(waiting, [2, 3, sealed]);
        // The run's way: the waiting blocks' bytes taken out, packed, given back.
        let taken = spool.take_waiting();
        let places: Vec<usize> = taken.iter().map(|(i, _)| *i).collect();
        assert_eq!(places, [2, 3, sealed]);
        assert!(spool.take_waiting().is_empty(), "taken once");
        spool.push_str("z");
        plain.push_str(&"y".repeat(Blocks::BLOCK));
        plain.push('z');
        for (i, bytes) in taken {
            spool.set_packed(i, pack(&bytes));
        }
        assert!(spool.waiting().is_empty());
        assert_eq!(whole(&spool, &plain), plain.as_bytes());
    }

    /// A packed text unpacks to itself, the empty one too.
    #[test]
    fn packed_text_unpacks() {
        for text in ["", "a", "abcabcabcabcabcabcabc", "ünïcödé"] {
            let mut out = vec![1, 2, 3];
            unpack_into(&pack(text.as_bytes()), &mut out);
            assert_eq!(out, text.as_bytes());
        }
    }
}
