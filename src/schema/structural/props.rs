//! [`Props`]: the `properties` of a schema node, a map from property name to sub-schema kept as
//! one sorted vector. It reads like the `BTreeMap` it replaces (same methods, same sorted
//! iteration order), but holds exactly its entries: a B-tree leaf reserves eleven value slots,
//! and with sub-schemas of a few hundred bytes that waste was most of a run's schema memory.

use super::Shared;
use std::ops::Index;

/// Property name → sub-schema, sorted by name, no duplicates. Each sub-schema is [`Shared`]
/// (equal subtrees may be one node): read it as a `&T`; a `&mut T` is the node's own copy.
#[derive(Clone, Debug, PartialEq)]
pub struct Props<T> {
    entries: Vec<(String, Shared<T>)>,
}

impl<T> Default for Props<T> {
    fn default() -> Self {
        Props {
            entries: Vec::new(),
        }
    }
}

impl<T> Props<T> {
    pub fn new() -> Self {
        Self::default()
    }

    /// The binary search for `key`. Property names mostly differ in their first byte: that
    /// byte is compared inline, the rest (`memcmp`) only where it is the same.
    #[inline]
    fn find(&self, key: &str) -> Result<usize, usize> {
        let key = key.as_bytes();
        let first = key.first().copied();
        self.entries.binary_search_by(|(k, _)| {
            let k = k.as_bytes();
            match (k.first().copied(), first) {
                (Some(a), Some(b)) if a != b => a.cmp(&b),
                _ => k.cmp(key),
            }
        })
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
                self.entries.insert(i, (key, value));
                None
            }
        }
    }

    pub fn remove(&mut self, key: &str) -> Option<T> {
        self.find(key)
            .ok()
            .map(|i| self.entries.remove(i).1.into_inner())
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
}
