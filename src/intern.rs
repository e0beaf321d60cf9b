//! One table for making equal values one ([`Interner`]), and the encoding its users write
//! their values in: the structural schemas' equal subtrees (`schema::structural::Sharing`) and
//! the validators' equal side trees (`validation::compile`) are found by it.

use crate::fxhash::{FxHashMap, Seeded};
use serde_json::Value;
use std::hash::BuildHasher;
use std::ops::Deref;

/// The values kept so far, as handles (`H`: an `Arc` or the like), to hand out the first one
/// equal to a value looked up. Two values are equal when their encodings are (each user's
/// encoding writes the same bytes exactly when two values are equal, sub-values by address
/// once they are shared). A value is found by the seeded hash of its encoding (the names and
/// values come from the input), then compared by encoding: no encoding is held. The values
/// are held until the table is dropped.
pub struct Interner<H> {
    /// The values by the seeded hash of their encoding: a key is already a hash no input can
    /// aim at, which the table only mixes ([`crate::fxhash`]) instead of hashing it again.
    by_hash: FxHashMap<u64, Vec<H>>,
    state: Seeded,
    /// The hash of the value looked up last (where [`Interner::keep`] puts it).
    last: u64,
    /// The encoding of the value looked up, and of a candidate.
    bytes: Vec<u8>,
    other: Vec<u8>,
}

impl<H> Default for Interner<H> {
    fn default() -> Self {
        Interner {
            by_hash: FxHashMap::default(),
            state: Seeded::default(),
            last: 0,
            bytes: Vec::new(),
            other: Vec::new(),
        }
    }
}

impl<H: Clone + Deref> Interner<H> {
    /// The first value kept that `encode` writes as it writes `value`; `None` when there is
    /// none, and then [`Interner::keep`] keeps `value`'s handle.
    pub fn first_equal(
        &mut self,
        value: &H::Target,
        encode: impl Fn(&H::Target, &mut Vec<u8>),
    ) -> Option<H> {
        self.bytes.clear();
        encode(value, &mut self.bytes);
        self.last = self.state.hash_one(&self.bytes[..]);
        let bucket = self.by_hash.get(&self.last)?;
        bucket.iter().find_map(|seen| {
            self.other.clear();
            encode(seen, &mut self.other);
            (self.other == self.bytes).then(|| seen.clone())
        })
    }

    /// Keeps the handle of the value [`Interner::first_equal`] found no equal of.
    pub fn keep(&mut self, handle: H) {
        self.by_hash.entry(self.last).or_default().push(handle);
    }
}

/// Writes a text to `b` with its length.
pub fn text(b: &mut Vec<u8>, t: &str) {
    b.extend_from_slice(&t.len().to_le_bytes());
    b.extend_from_slice(t.as_bytes());
}

/// Writes a count to `b`.
pub fn count(b: &mut Vec<u8>, n: usize) {
    b.extend_from_slice(&n.to_le_bytes());
}

/// Writes whether `x` is there and, when it is, what `f` writes of it.
pub fn option<T>(b: &mut Vec<u8>, x: Option<T>, f: impl FnOnce(&mut Vec<u8>, T)) {
    match x {
        Some(x) => {
            b.push(1);
            f(b, x);
        }
        None => b.push(0),
    }
}

/// Writes the address of `x`, a value shared by the table's user (equal exactly when the
/// values are, once shared).
pub fn addr<T>(b: &mut Vec<u8>, x: &T) {
    b.extend_from_slice(&(std::ptr::from_ref(x) as usize).to_le_bytes());
}

/// Writes a JSON value to `b`, tagged by kind, its maps' keys in their order (a number as
/// serde_json writes it: `1` and `1.0` differ).
pub fn json(b: &mut Vec<u8>, v: &Value) {
    match v {
        Value::Null => b.push(0),
        Value::Bool(x) => b.push(1 + u8::from(*x)),
        Value::Number(n) => {
            b.push(3);
            text(b, &n.to_string());
        }
        Value::String(s) => {
            b.push(4);
            text(b, s);
        }
        Value::Array(a) => {
            b.push(5);
            count(b, a.len());
            a.iter().for_each(|x| json(b, x));
        }
        Value::Object(m) => {
            b.push(6);
            count(b, m.len());
            for (k, x) in m {
                text(b, k);
                json(b, x);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Interner;
    use std::sync::Arc;

    fn encode(s: &str, b: &mut Vec<u8>) {
        super::text(b, s);
    }

    /// A value equal to one kept is handed out as that one; another is not found, and once
    /// kept is found in turn.
    #[test]
    fn the_first_equal_value_is_handed_out() {
        let mut t: Interner<Arc<str>> = Interner::default();
        assert!(t.first_equal("a", encode).is_none());
        let a: Arc<str> = "a".into();
        t.keep(a.clone());
        let found = t.first_equal("a", encode).expect("kept");
        assert!(Arc::ptr_eq(&found, &a));
        assert!(t.first_equal("b", encode).is_none());
        let b: Arc<str> = "b".into();
        t.keep(b.clone());
        assert!(Arc::ptr_eq(&t.first_equal("b", encode).unwrap(), &b));
        assert!(Arc::ptr_eq(&t.first_equal("a", encode).unwrap(), &a));
    }
}
