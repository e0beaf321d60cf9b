//! [`Props`]: the `properties` of a schema node, a map from property name to sub-schema kept as
//! one sorted vector. It reads like the `BTreeMap` it replaces (same methods, same sorted
//! iteration order), but holds exactly its entries: a B-tree leaf reserves eleven value slots,
//! and with sub-schemas of a few hundred bytes that waste was most of a run's schema memory.

use super::Shared;
use std::ops::Index;

/// Property name → sub-schema, sorted by name, no duplicates. Each sub-schema is [`Shared`]
/// (equal subtrees may be one node): read it as a `&T`; a `&mut T` is the node's own copy.
#[derive(Clone, PartialEq)]
pub struct Props<T> {
    /// Each name's [`head`], in the entries' order. The search reads this one array; a name's
    /// own bytes (elsewhere on the heap, a cache miss each) only where the heads are equal.
    heads: Vec<u128>,
    entries: Vec<(String, Shared<T>)>,
}

/// Up to how many heads [`Props::find`] scans in order rather than by halves.
const LINEAR: usize = 16;

/// A name's first 15 bytes as a big-endian integer, zero-padded, over one byte holding its
/// length (16 for any longer). Where two names' heads differ they order as the names do: the
/// first differing byte decides both; where the bytes agree, the shorter name is the smaller
/// (the longer one goes on past it) and so is its length. Equal heads with a length under 16
/// are equal names; only longer names need their bytes compared.
#[inline]
fn head(name: &[u8]) -> u128 {
    let n = name.len();
    let be8 = |at: usize| u64::from_be_bytes(name[at..at + 8].try_into().expect("8 bytes"));
    let be4 = |at: usize| u32::from_be_bytes(name[at..at + 4].try_into().expect("4 bytes"));
    // The first 8 bytes (`hi`) and the next 7 over the length (`lo`), made in registers from
    // loads that may overlap (bytes loaded twice land on the same place with the same value):
    // a head assembled in memory a byte at a time and read back whole made each search wait
    // on the processor's store forwarding.
    let (hi, lo) = match n {
        16.. => (be8(0), be8(8) & !0xff),
        9..=15 => (be8(0), be8(n - 8) << (8 * (16 - n))),
        8 => (be8(0), 0),
        4..=7 => (
            u64::from(be4(0)) << 32 | u64::from(be4(n - 4)) << (8 * (8 - n)),
            0,
        ),
        _ => {
            let mut hi = 0u64;
            for (k, &c) in name.iter().enumerate() {
                hi |= u64::from(c) << (56 - 8 * k);
            }
            (hi, 0)
        }
    };
    u128::from(hi) << 64 | u128::from(lo | n.min(16) as u64)
}

impl<T> Default for Props<T> {
    fn default() -> Self {
        Props {
            heads: Vec::new(),
            entries: Vec::new(),
        }
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for Props<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Props")
            .field("entries", &self.entries)
            .finish()
    }
}

impl<T> Props<T> {
    pub fn new() -> Self {
        Self::default()
    }

    /// The binary search for `key`, over the heads: names are compared only where their head
    /// is `key`'s and they are longer than 15 bytes.
    #[inline(always)]
    fn find(&self, key: &str) -> Result<usize, usize> {
        let key = key.as_bytes();
        let h = head(key);
        // A few heads are scanned in order: their loads do not wait on one another, as a
        // binary search's do (a schema most often met cold, once per object).
        let mut i = match self.heads.len() {
            0..=LINEAR => self
                .heads
                .iter()
                .position(|&x| x >= h)
                .unwrap_or(self.heads.len()),
            _ => self.heads.partition_point(|&x| x < h),
        };
        if key.len() < 16 {
            return if self.heads.get(i) == Some(&h) {
                Ok(i)
            } else {
                Err(i)
            };
        }
        while self.heads.get(i) == Some(&h) {
            match self.entries[i].0.as_bytes().cmp(key) {
                std::cmp::Ordering::Less => i += 1,
                std::cmp::Ordering::Equal => return Ok(i),
                std::cmp::Ordering::Greater => break,
            }
        }
        Err(i)
    }

    #[inline]
    pub fn get(&self, key: &str) -> Option<&T> {
        self.find(key).ok().map(|i| &*self.entries[i].1)
    }

    /// The entry for `key` with its position in name order.
    pub fn get_indexed(&self, key: &str) -> Option<(usize, &T)> {
        self.find(key).ok().map(|i| (i, &*self.entries[i].1))
    }

    /// The entry at position `i` in name order.
    pub fn entry_at(&self, i: usize) -> Option<(&String, &T)> {
        self.entries.get(i).map(|(k, v)| (k, &**v))
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.find(key).is_ok()
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Entries in name order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&String, &T)> + ExactSizeIterator {
        self.entries.iter().map(|(k, v)| (k, &**v))
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &String> + ExactSizeIterator {
        self.entries.iter().map(|(k, _)| k)
    }

    pub fn values(&self) -> impl DoubleEndedIterator<Item = &T> + ExactSizeIterator {
        self.entries.iter().map(|(_, v)| &**v)
    }

    /// The sub-schemas as they are held, to share equal ones ([`super::Sharing`]).
    pub(super) fn shared_mut(&mut self) -> impl Iterator<Item = &mut Shared<T>> {
        self.entries.iter_mut().map(|(_, v)| v)
    }

    /// The sub-schemas as they are held.
    pub(super) fn shared(&self) -> impl Iterator<Item = (&String, &Shared<T>)> {
        self.entries.iter().map(|(k, v)| (k, v))
    }

    /// Gives back spare capacity (after building).
    pub fn shrink_to_fit(&mut self) {
        self.heads.shrink_to_fit();
        self.entries.shrink_to_fit();
    }
}

impl<T: Clone> Props<T> {
    /// The sub-schema of `key`, to write (its own copy, when it was shared).
    pub fn get_mut(&mut self, key: &str) -> Option<&mut T> {
        self.find(key).ok().map(|i| &mut *self.entries[i].1)
    }

    /// Sets `key`; returns the value it replaces.
    pub fn insert(&mut self, key: String, value: T) -> Option<T> {
        let value = Shared::new(value);
        match self.find(key.as_str()) {
            Ok(i) => Some(std::mem::replace(&mut self.entries[i].1, value).into_inner()),
            Err(i) => {
                self.heads.insert(i, head(key.as_bytes()));
                self.entries.insert(i, (key, value));
                None
            }
        }
    }

    pub fn remove(&mut self, key: &str) -> Option<T> {
        let i = self.find(key).ok()?;
        self.heads.remove(i);
        Some(self.entries.remove(i).1.into_inner())
    }

    pub fn values_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut T> + ExactSizeIterator {
        self.entries.iter_mut().map(|(_, v)| &mut **v)
    }
}

impl<T> Index<&str> for Props<T> {
    type Output = T;

    fn index(&self, key: &str) -> &T {
        self.get(key).expect("no such property")
    }
}

impl<'a, T> IntoIterator for &'a Props<T> {
    type Item = (&'a String, &'a T);
    type IntoIter = std::iter::Map<
        std::slice::Iter<'a, (String, Shared<T>)>,
        fn(&'a (String, Shared<T>)) -> (&'a String, &'a T),
    >;

    fn into_iter(self) -> Self::IntoIter {
        self.entries.iter().map(|(k, v)| (k, &**v))
    }
}

impl<T: Clone> FromIterator<(String, T)> for Props<T> {
    /// Later duplicates win, as with `BTreeMap`.
    fn from_iter<I: IntoIterator<Item = (String, T)>>(iter: I) -> Self {
        let mut props = Props::new();
        for (k, v) in iter {
            props.insert(k, v);
        }
        props.shrink_to_fit();
        props
    }
}

#[cfg(test)]
mod tests {
    use super::Props;

    #[test]
    fn reads_like_a_sorted_map() {
        let mut p: Props<i32> = [
            ("b".to_string(), 2),
            ("a".to_string(), 1),
            ("b".to_string(), 3),
        ]
        .into_iter()
        .collect();
        assert_eq!(p.len(), 2);
        assert_eq!(p["b"], 3);
        assert_eq!(p.get("a"), Some(&1));
        assert_eq!(p.get_indexed("b"), Some((1, &3)));
        assert_eq!(p.entry_at(0), Some((&"a".to_string(), &1)));
        assert!(p.contains_key("a") && !p.contains_key("c"));
        assert_eq!(p.insert("c".into(), 4), None);
        assert_eq!(p.insert("a".into(), 5), Some(1));
        let keys: Vec<&String> = p.keys().collect();
        assert_eq!(keys, ["a", "b", "c"]);
        let pairs: Vec<(&String, &i32)> = (&p).into_iter().collect();
        assert_eq!(pairs[0], (&"a".to_string(), &5));
        *p.get_mut("c").unwrap() += 1;
        assert_eq!(p.remove("c"), Some(5));
        for v in p.values_mut() {
            *v = 0;
        }
        assert_eq!(p.values().sum::<i32>(), 0);
        assert!(!p.is_empty());
    }

    /// Found at every size, below and above the ones scanned in order ([`super::LINEAR`]).
    #[test]
    fn find_gives_the_place_a_sorted_map_gives_at_every_size() {
        let mut names: Vec<String> = (0..40).map(|i| format!("f{:02}", 3 * i)).collect();
        names.sort();
        let probes: Vec<String> = (0..125).map(|i| format!("f{i:02}")).collect();
        for n in 0..=names.len() {
            let p: Props<usize> = names[..n].iter().cloned().zip(0..).collect();
            for probe in &probes {
                let found = names[..n].binary_search(probe);
                assert_eq!(p.find(probe), found, "{n} {probe}");
            }
        }
    }

    /// Names that agree in their first 15 or 16 bytes, or differ only by trailing NULs, are
    /// found and ordered as a `BTreeMap` finds and orders them.
    #[test]
    fn heads_order_and_find_as_the_names_do() {
        let stems = ["", "a", "terminationMessa", "terminationMess", "x"];
        let tails = ["", "\0", "\0\0", "a", "Path", "Policy", "\0a", "z"];
        let names: Vec<String> = stems
            .iter()
            .flat_map(|s| tails.iter().map(move |t| format!("{s}{t}")))
            .collect();
        let mut map = std::collections::BTreeMap::new();
        let mut p = Props::new();
        for (i, n) in names.iter().enumerate().step_by(2) {
            map.insert(n.clone(), i);
            p.insert(n.clone(), i);
        }
        let keys: Vec<&String> = p.keys().collect();
        assert_eq!(keys, map.keys().collect::<Vec<_>>());
        for n in &names {
            assert_eq!(p.get(n), map.get(n), "{n:?}");
            let below = map.range::<String, _>(..n.clone()).count();
            assert_eq!(p.find(n).unwrap_or_else(|i| i), below, "{n:?}");
        }
        for n in names.iter().step_by(4) {
            assert_eq!(p.remove(n), map.remove(n));
        }
        assert_eq!(p.keys().collect::<Vec<_>>(), map.keys().collect::<Vec<_>>());
        for n in &names {
            assert_eq!(p.get(n), map.get(n), "{n:?}");
        }
    }
    /// The head made in registers is the one the definition gives: a name's first 15 bytes,
    /// zero-padded, over its length (16 for any longer), at every length and for any bytes.
    #[test]
    fn heads_are_first_bytes_over_the_length() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for round in 0..4000 {
            let len = round % 40;
            let name: Vec<u8> = (0..len)
                .map(|_| {
                    let x = crate::test_support::xorshift(&mut seed);
                    match x % 4 {
                        0 => 0,
                        1 => 0xff,
                        _ => (x >> 8) as u8,
                    }
                })
                .collect();
            let mut b = [0u8; 16];
            for (d, s) in b.iter_mut().zip(name.iter().take(15)) {
                *d = *s;
            }
            b[15] = len.min(16) as u8;
            assert_eq!(super::head(&name), u128::from_be_bytes(b), "{name:?}");
        }
    }
}
