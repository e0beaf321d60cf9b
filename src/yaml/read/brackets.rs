//! Where a JSON collection ends, found by its brackets outside its strings, 64 bytes at a
//! time: how a long JSON list is cut into its elements before they are read (each of them then
//! read and checked on its own, see [`super::gojson::read_value_items_unchecked`]).
//!
//! Nothing is checked here but where brackets, strings and escapes are: on a JSON value the
//! end found is its end; on any other text it is some byte (or none), and the reading of the
//! part so cut refuses it. On x86-64 a chunk of 64 bytes costs a few dozen SSE2 instructions:
//! a bit per byte for its backslashes, quotes and brackets; the bytes escaped from the runs of
//! backslashes (by carries, as simdjson finds them); the bytes inside strings as a running
//! parity of the quotes left; and the depth counted, its brackets walked one by one only in a
//! chunk where it may reach 0. The bytes after the last whole chunk are walked one at a time,
//! as is every byte elsewhere.

/// Where the collection whose opening bracket (`{` or `[`) is at `b[at]` ends: the offset after
/// its closing bracket, when the text has one at its depth.
pub(crate) fn collection_end(b: &[u8], at: usize) -> Option<usize> {
    collection_end_breaks(b, at).map(|(end, _)| end)
}

/// [`collection_end`], and whether the collection's text holds a line feed or a carriage
/// return (in a string or not: found in the same pass, by two more comparisons a block).
pub(crate) fn collection_end_breaks(b: &[u8], at: usize) -> Option<(usize, bool)> {
    let mut walk = Walk {
        i: at,
        ..Walk::default()
    };
    let end = walk_to_end(&mut walk, b)?;
    Some((end, walk.breaks))
}

/// Walks from `walk`'s place to the end of the collection: by blocks, then a byte at a time.
fn walk_to_end(walk: &mut Walk, b: &[u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    {
        let avx2 = std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("popcnt");
        let found = match avx2 {
            // SAFETY: the processor has AVX2 and POPCNT.
            true => unsafe { walk.chunks_avx2(b) },
            // SAFETY: SSE2 is part of every x86-64 processor (the target's baseline).
            false => unsafe { walk.chunks_sse2(b) },
        };
        if found.is_some() {
            return found;
        }
    }
    walk.bytes(b, b.len())
}

/// Where the walk is: the byte it reads next, the collections open, whether that byte is
/// inside a string (after its opening quote) and whether it is escaped (after a backslash that
/// is not: JSON has backslashes only in strings, and any other text is refused anyway).
#[derive(Default)]
struct Walk {
    i: usize,
    depth: usize,
    in_string: bool,
    escaped: bool,
    /// A line feed or a carriage return was walked.
    breaks: bool,
}

/// The bits of the even positions of a chunk.
const EVEN: u64 = 0x5555_5555_5555_5555;

impl Walk {
    /// Walks the bytes up to `to` one at a time: the end of the collection when it is there.
    fn bytes(&mut self, b: &[u8], to: usize) -> Option<usize> {
        while self.i < to {
            let c = b[self.i];
            self.i += 1;
            self.breaks |= matches!(c, b'\n' | b'\r');
            if self.escaped {
                self.escaped = false;
                continue;
            }
            match c {
                b'\\' => self.escaped = true,
                b'"' => self.in_string = !self.in_string,
                _ if self.in_string => {}
                b'{' | b'[' => self.depth += 1,
                b'}' | b']' => {
                    self.depth = self.depth.checked_sub(1)?;
                    if self.depth == 0 {
                        return Some(self.i);
                    }
                }
                _ => {}
            }
        }
        None
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,popcnt")]
    fn chunks_avx2(&mut self, b: &[u8]) -> Option<usize> {
        self.chunks(b, |chunk| {
            use std::arch::x86_64::{
                __m256i, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8,
                _mm256_or_si256, _mm256_set1_epi8,
            };
            let mut bits = [0u64; 5];
            for k in 0..2 {
                // SAFETY: AVX2 is enabled; the block is 32 readable bytes of `chunk`, and
                // `_mm256_loadu_si256` takes any alignment.
                let found = unsafe {
                    let x = _mm256_loadu_si256(chunk.as_ptr().add(32 * k).cast::<__m256i>());
                    let lower = _mm256_or_si256(x, _mm256_set1_epi8(0x20));
                    let each = |y: __m256i, c: u8| {
                        _mm256_movemask_epi8(_mm256_cmpeq_epi8(y, _mm256_set1_epi8(c as i8))) as u32
                            as u64
                    };
                    [
                        each(x, b'\\'),
                        each(x, b'"'),
                        each(lower, b'{'),
                        each(lower, b'}'),
                        each(x, b'\n') | each(x, b'\r'),
                    ]
                };
                for (all, one) in bits.iter_mut().zip(found) {
                    *all |= one << (32 * k);
                }
            }
            bits
        })
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "sse2")]
    fn chunks_sse2(&mut self, b: &[u8]) -> Option<usize> {
        self.chunks(b, |chunk| {
            use std::arch::x86_64::{
                __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128,
                _mm_set1_epi8,
            };
            let mut bits = [0u64; 5];
            for k in 0..4 {
                // SAFETY: SSE2 is the target's baseline; the block is 16 readable bytes of
                // `chunk`, and `_mm_loadu_si128` takes any alignment.
                let found = unsafe {
                    let x = _mm_loadu_si128(chunk.as_ptr().add(16 * k).cast::<__m128i>());
                    let lower = _mm_or_si128(x, _mm_set1_epi8(0x20));
                    let each = |y: __m128i, c: u8| {
                        _mm_movemask_epi8(_mm_cmpeq_epi8(y, _mm_set1_epi8(c as i8))) as u16 as u64
                    };
                    [
                        each(x, b'\\'),
                        each(x, b'"'),
                        each(lower, b'{'),
                        each(lower, b'}'),
                        each(x, b'\n') | each(x, b'\r'),
                    ]
                };
                for (all, one) in bits.iter_mut().zip(found) {
                    *all |= one << (16 * k);
                }
            }
            bits
        })
    }

    /// The whole chunks of 64 bytes from the walk's place: the end of the collection when it is
    /// in one of them (else the walk is left after the last). `masks`: a chunk's bit per byte
    /// for its backslashes, quotes, opening and closing brackets (`{` and `[` differ only in
    /// bit 5, as do `}` and `]`), and line breaks (`\n`, `\r`).
    #[inline(always)]
    fn chunks(&mut self, b: &[u8], masks: impl Fn(&[u8]) -> [u64; 5]) -> Option<usize> {
        while let Some(chunk) = b.get(self.i..self.i + 64) {
            let [backslashes, quotes, opens, closes, breaks] = masks(chunk);
            // The bytes a backslash escapes: after each run of backslashes (the first byte
            // escaped by the last chunk's, a backslash there not escaping), the byte after an
            // odd run. A run starting at an even bit ends with an odd one after it when its
            // length is odd, and one starting at an odd bit with an even one; adding a run's
            // first bit to it carries past its end.
            let escaped = match (backslashes, self.escaped) {
                (0, false) => 0,
                _ => {
                    let carried = u64::from(self.escaped);
                    let escaping = backslashes & !carried;
                    let starts = escaping & !(escaping << 1);
                    let (even_carries, _) = escaping.overflowing_add(starts & EVEN);
                    let (odd_carries, odd_out) = escaping.overflowing_add(starts & !EVEN);
                    // A run reaching the chunk's end escapes the next byte when it started at
                    // an odd bit (its length then odd).
                    self.escaped = odd_out;
                    (even_carries & !escaping & !EVEN) | (odd_carries & !escaping & EVEN) | carried
                }
            };
            let quotes = quotes & !escaped;
            // Bit k: an odd number of quotes up to byte k (a string opened at or before it,
            // not closed before it), flipped when the chunk starts in a string.
            let mut inside = quotes ^ (quotes << 1);
            inside ^= inside << 2;
            inside ^= inside << 4;
            inside ^= inside << 8;
            inside ^= inside << 16;
            inside ^= inside << 32;
            if self.in_string {
                inside = !inside;
            }
            self.in_string = inside >> 63 != 0;
            let outside = !inside & !escaped;
            let (opens, closes) = (opens & outside, closes & outside);
            let shut = closes.count_ones() as usize;
            // Where the depth may reach 0 in the chunk: at a closing bracket, the depth before
            // the chunk and the brackets opened before it as many as those closed to it.
            if self.depth <= shut {
                let mut left = closes;
                let mut seen = 0;
                while left != 0 {
                    let bit = left & left.wrapping_neg();
                    seen += 1;
                    if self.depth + (opens & (bit - 1)).count_ones() as usize == seen {
                        // (The breaks up to the end, not after it.)
                        self.breaks |= breaks & (bit | (bit - 1)) != 0;
                        return Some(self.i + bit.trailing_zeros() as usize + 1);
                    }
                    left &= left - 1;
                }
            }
            self.depth = self.depth + opens.count_ones() as usize - shut;
            self.breaks |= breaks != 0;
            self.i += 64;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The end a byte at a time, as [`Walk::bytes`] alone finds it.
    fn bytewise(b: &[u8], at: usize) -> Option<usize> {
        let mut walk = Walk {
            i: at,
            ..Walk::default()
        };
        walk.bytes(b, b.len())
    }

    #[test]
    fn a_collection_ends_at_its_closing_bracket() {
        let table: &[(&str, Option<usize>)] = &[
            ("{}", Some(2)),
            ("[]  ", Some(2)),
            (r#"{"a":[1,{"b":"}]"}],"c":"\"}"}, 1"#, Some(30)),
            (r#"{"a":"\\"} x"#, Some(10)),
            (r#"{"a":"\\\"}"} x"#, Some(13)),
            ("[[[", None),
            (r#"{"a":"}"#, None),
            ("]", None),
        ];
        for (text, end) in table {
            assert_eq!(collection_end(text.as_bytes(), 0), *end, "{text}");
        }
    }

    #[test]
    fn blocks_find_what_bytes_find() {
        // Every mix of the bytes that matter, at every place of runs over several blocks, with
        // escapes across a block's end.
        let alphabet = b"{}[]\"\\a \n\r";
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || crate::test_support::xorshift(&mut seed);
        for round in 0..30_000u64 {
            // Specials every other byte to one in nine.
            let seed_density = round % 8;
            let len = (next() % 300) as usize;
            let mut text = vec![b'['];
            for _ in 0..len {
                let r = next();
                // Mostly plain bytes, so that collections close late.
                let c = match r % (2 + seed_density) {
                    0 => alphabet[(r >> 8) as usize % alphabet.len()],
                    _ => b'x',
                };
                text.push(c);
            }
            let expected = bytewise(&text, 0);
            let shown = String::from_utf8_lossy(&text);
            assert_eq!(collection_end(&text, 0), expected, "{shown}");
            // The breaks are the collection's, not those after it.
            let breaks = expected.map(|end| super::super::gojson::has_line_break(&text[..end]));
            assert_eq!(
                collection_end_breaks(&text, 0).map(|(_, b)| b),
                breaks,
                "{shown}"
            );
            #[cfg(target_arch = "x86_64")]
            {
                let mut walk = Walk::default();
                // SAFETY: SSE2 is the target's baseline.
                let found =
                    unsafe { walk.chunks_sse2(&text) }.or_else(|| walk.bytes(&text, text.len()));
                assert_eq!(found, expected, "SSE2: {shown}");
                if let Some(breaks) = breaks {
                    assert_eq!(walk.breaks, breaks, "SSE2: {shown}");
                }
            }
        }
    }

    #[test]
    fn long_values_end_where_they_end() {
        let item = r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a\"]}"},"data":{"k":"[{\\"}}"#;
        let list = format!("[{item},{item}]");
        assert_eq!(collection_end(item.as_bytes(), 0), Some(item.len()));
        assert_eq!(collection_end(list.as_bytes(), 0), Some(list.len()));
        assert_eq!(collection_end(list.as_bytes(), 1), Some(item.len() + 1));
    }
}
