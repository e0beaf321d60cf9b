//! A fast word-mixing hasher (FxHash's step: rotate, xor, multiply) for the crate's own numbers
//! and for fingerprints: maps keyed by counters the reader makes or by a seeded hash, and hashes
//! that only tell one reading of a text from another. Never for text from the input, whose keys
//! could be chosen to collide: those are hashed with a seed the input cannot know ([`Seeded`]).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// FxHash's word step over the bytes or numbers written to it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fx(u64);

/// A `HashMap` with [`Fx`] (for keys the crate makes, see the module doc).
pub type FxHashMap<K, V> = HashMap<K, V, BuildHasherDefault<Fx>>;

/// The seeded hasher for keys from the input: foldhash's, seeded per process from the address
/// space's layout and the clock (serde_json's maps use it too, see Cargo.toml). Its seed is not
/// in the input's reach, so no input is written to collide; SipHash's stronger guarantee is
/// against an attacker who sees the timings of many runs, which a pull request's author does not.
pub type Seeded = foldhash::fast::RandomState;

/// A `HashMap` with [`Seeded`] (for keys read from the input).
pub type SeededHashMap<K, V> = HashMap<K, V, Seeded>;

impl Fx {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
        let mut last = [0u8; 8];
        let rest = chunks.remainder();
        last[..rest.len()].copy_from_slice(rest);
        self.add(u64::from_le_bytes(last) ^ (rest.len() as u64) << 59);
    }

    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hash(f: impl Fn(&mut Fx)) -> u64 {
        let mut h = Fx::default();
        f(&mut h);
        h.finish()
    }

    #[test]
    fn tells_texts_and_numbers_apart() {
        // The remainder's length is mixed in: trailing zero bytes change the hash.
        assert_ne!(hash(|h| h.write(b"ab")), hash(|h| h.write(b"ab\0")));
        assert_ne!(
            hash(|h| h.write(b"abcdefgh")),
            hash(|h| h.write(b"abcdefg"))
        );
        assert_ne!(hash(|h| h.write_usize(1)), hash(|h| h.write_usize(2)));
        assert_eq!(hash(|h| h.write(b"same")), hash(|h| h.write(b"same")));
        let mut m: FxHashMap<usize, usize> = FxHashMap::default();
        m.extend((0..1000).map(|i| (i, i * 2)));
        assert_eq!((0..1000).filter(|i| m[i] == i * 2).count(), 1000);
    }
}
