//! Where a JSON string's plain run of bytes ends: the searches every JSON pass of the reader
//! makes once per string (Go's scanner check, the list's split into its elements, the
//! written-as-read check, the straight reading into trees), and the JSON writer's check for
//! anything to escape.
//!
//! Most strings of a manifest are shorter than 16 bytes (the bench's 10k list as JSON: 84% of
//! its 1.35 million), where `memchr`'s setup costs more than the search. On x86-64 sixteen
//! bytes are compared at once with SSE2, which every x86-64 processor has; elsewhere eight at
//! a time in a word.

/// The offset in `b` of its first `"` or `\`.
pub(crate) fn quote_or_backslash(b: &[u8]) -> Option<usize> {
    first_special(b, false)
}

/// [`quote_or_backslash`], and whether every byte before the one found is printable ASCII
/// (U+0020 to U+007E, which a YAML emitter writes without an escape).
pub(crate) fn quote_or_backslash_printable(b: &[u8]) -> Option<(usize, bool)> {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE2 is part of every x86-64 processor (the target's baseline).
    return unsafe { first_special_sse2::<true>(b, false) };
    #[cfg(not(target_arch = "x86_64"))]
    return quote_or_backslash_printable_bytes(b);
}

/// [`quote_or_backslash_printable`] from [`quote_or_backslash`] and a byte at a time.
#[cfg(any(test, not(target_arch = "x86_64")))]
fn quote_or_backslash_printable_bytes(b: &[u8]) -> Option<(usize, bool)> {
    let n = first_special_words(b, false)?;
    Some((n, b[..n].iter().all(|c| (0x20..0x7f).contains(c))))
}

/// How many bytes `b` starts with that are neither `"` nor `\` nor a control character
/// (below U+0020): all of it when there is none.
pub(crate) fn plain_bytes(b: &[u8]) -> usize {
    first_special(b, true).unwrap_or(b.len())
}

/// Whether `c` is one [`first_special`] looks for.
#[cfg(any(test, not(target_arch = "x86_64")))]
fn special(c: u8, control: bool) -> bool {
    c == b'"' || c == b'\\' || (control && c < 0x20)
}

/// The first byte of `b` that is a `"` or a `\`, or with `control` a control character too.
fn first_special(b: &[u8], control: bool) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE2 is part of every x86-64 processor (the target's baseline).
    return unsafe { first_special_sse2::<false>(b, control) }.map(|(n, _)| n);
    #[cfg(not(target_arch = "x86_64"))]
    return first_special_words(b, control);
}

/// [`first_special`] sixteen bytes at a time, with `PRINTABLE` also whether every byte before
/// the one found is printable ASCII (else that answer is `false`).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn first_special_sse2<const PRINTABLE: bool>(b: &[u8], control: bool) -> Option<(usize, bool)> {
    use std::arch::x86_64::{
        __m128i, _mm_andnot_si128, _mm_cmpeq_epi8, _mm_cmpgt_epi8, _mm_loadu_si128, _mm_max_epu8,
        _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
    };
    let quote = _mm_set1_epi8(b'"' as i8);
    let backslash = _mm_set1_epi8(b'\\' as i8);
    let below = _mm_set1_epi8(0x1f);
    let del = _mm_set1_epi8(0x7f);
    // A block of 16 bytes: the bits of the bytes searched for, and (with `PRINTABLE`) of its
    // bytes that are not printable ASCII.
    let masks = |block: &[u8]| {
        // SAFETY: `block` is 16 readable bytes, and `_mm_loadu_si128` takes any alignment.
        let x = unsafe { _mm_loadu_si128(block.as_ptr().cast::<__m128i>()) };
        let mut hits = _mm_or_si128(_mm_cmpeq_epi8(x, quote), _mm_cmpeq_epi8(x, backslash));
        if control {
            // max(x, 0x1f) == 0x1f exactly where x <= 0x1f (unsigned).
            hits = _mm_or_si128(hits, _mm_cmpeq_epi8(_mm_max_epu8(x, below), below));
        }
        let odd = match PRINTABLE {
            // Compared as signed bytes, 0x20..=0x7f are above 0x1f and the bytes from 0x80
            // below.
            true => {
                let printable = _mm_andnot_si128(_mm_cmpeq_epi8(x, del), _mm_cmpgt_epi8(x, below));
                !_mm_movemask_epi8(printable) & 0xffff
            }
            false => 0,
        };
        (_mm_movemask_epi8(hits), odd)
    };
    // The first hit of a block at `at`; `clean`: every byte before the block is printable.
    let found = |at: usize, hits: i32, odd: i32, clean: bool| {
        let n = hits.trailing_zeros();
        let printable = PRINTABLE && clean && odd & ((1 << n) - 1) == 0;
        (at + n as usize, printable)
    };
    // A short string (a key, a value written): one block, filled out after it with a byte
    // neither search looks for.
    if b.len() < 16 {
        let mut block = [b'a'; 16];
        block[..b.len()].copy_from_slice(b);
        let (hits, odd) = masks(&block);
        return (hits != 0).then(|| found(0, hits, odd, true));
    }
    let (mut at, mut clean) = (0, true);
    while let Some(block) = b.get(at..at + 16) {
        let (hits, odd) = masks(block);
        if hits != 0 {
            return Some(found(at, hits, odd, clean));
        }
        clean &= odd == 0;
        at += 16;
    }
    // The last bytes, as the last 16 of `b` (those before them were searched, and counted).
    let last = b.len() - 16;
    let (hits, odd) = masks(&b[last..]);
    (hits != 0).then(|| found(last, hits, odd, clean))
}

/// [`first_special`] eight bytes at a time in a word.
#[cfg(any(test, not(target_arch = "x86_64")))]
fn first_special_words(b: &[u8], control: bool) -> Option<usize> {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    // A byte of `x` below `n` (n <= 0x80) sets the high bit of its byte in the result (bytes
    // after it may be set too: only whether any is set is used).
    let below = |x: u64, n: u8| x.wrapping_sub(ONES * u64::from(n)) & !x & HIGH;
    let mut at = 0;
    while let Some(word) = b.get(at..at + 8) {
        let x = u64::from_ne_bytes(word.try_into().expect("eight bytes"));
        let quote = x ^ (ONES * u64::from(b'"'));
        let backslash = x ^ (ONES * u64::from(b'\\'));
        let control = match control {
            true => below(x, 0x20),
            false => 0,
        };
        if control | below(quote, 1) | below(backslash, 1) != 0 {
            break;
        }
        at += 8;
    }
    b[at..]
        .iter()
        .position(|&c| special(c, control))
        .map(|n| at + n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The search that also tells whether the bytes before its hit are printable ASCII gives
    /// what a byte at a time gives: for a hit at each place of runs up to three blocks long,
    /// with one byte of each kind (printable or not, at the edges of the range too) at each
    /// place before, at or after it, and for runs without a hit.
    #[test]
    fn the_printable_search_agrees_with_a_byte_at_a_time() {
        let odd = [0x00, 0x1f, 0x20, b'~', 0x7f, 0x80, 0xc3, 0xff, b'a'];
        for len in 0..50 {
            for hit in (0..len).map(Some).chain([None]) {
                for at in 0..len {
                    for &c in &odd {
                        let mut b = vec![b'x'; len];
                        b[at] = c;
                        if let Some(h) = hit {
                            b[h] = if h % 2 == 0 { b'"' } else { b'\\' };
                        }
                        assert_eq!(
                            quote_or_backslash_printable(&b),
                            quote_or_backslash_printable_bytes(&b),
                            "{len} {hit:?} {at} {c}"
                        );
                    }
                }
            }
        }
        assert_eq!(quote_or_backslash_printable(b"ab\"c"), Some((2, true)));
        assert_eq!(quote_or_backslash_printable(b"a\tb\"c"), Some((3, false)));
        assert_eq!(
            quote_or_backslash_printable("caf\u{e9}\"".as_bytes()),
            Some((5, false))
        );
        assert_eq!(quote_or_backslash_printable(b"abc"), None);
    }

    /// Both searches, and the word-at-a-time one of other processors, stop where a byte at a
    /// time stops, for each special byte at each place of a run longer than two blocks, after
    /// bytes of every other kind (UTF-8's high bytes, DEL, the space).
    #[test]
    fn searches_stop_where_a_byte_at_a_time_stops() {
        let filler = [b'a', 0xc3, 0xa9, 0x7f, 0x80, 0xff, b' ', b'~'];
        for len in 0..40 {
            let base: Vec<u8> = (0..len).map(|i| filler[i % filler.len()]).collect();
            assert_eq!(quote_or_backslash(&base), None, "{len}");
            assert_eq!(plain_bytes(&base), len, "{len}");
            assert_eq!(first_special_words(&base, true), None, "{len}");
            for at in 0..len {
                for c in [b'"', b'\\', 0x00, 0x1f, b'\n', b'\t'] {
                    let mut b = base.clone();
                    b[at] = c;
                    let control = c < 0x20;
                    let want_any = (!control).then_some(at);
                    assert_eq!(quote_or_backslash(&b), want_any, "{len} {at} {c}");
                    assert_eq!(plain_bytes(&b), at, "{len} {at} {c}");
                    assert_eq!(first_special_words(&b, false), want_any, "{len} {at} {c}");
                    assert_eq!(first_special_words(&b, true), Some(at), "{len} {at} {c}");
                    // A later one does not hide it.
                    if at + 1 < len {
                        b[at + 1] = b'"';
                        assert_eq!(plain_bytes(&b), at, "{len} {at} {c}");
                        assert_eq!(first_special_words(&b, true), Some(at), "{len} {at} {c}");
                    }
                }
            }
        }
    }
}
