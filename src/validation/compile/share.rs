//! Equal side trees, one node ([`Sides`]): a run holds every CRD's validators, and most of
//! their nodes repeat, within a CRD (its versions, a Pod template's three container lists) and
//! across CRDs (`format: int32` leaves, ObjectMeta, resource requirements, affinity). On the
//! 10k bench list the validators of the 334 CRDs took 11.1 MB built one per version, more than
//! the stripped structural schemas (`benches/REPORT.md`).

use super::{Branch, Checks, ListType, Rare, Side};
use crate::schema::structural::{encode_json, encode_text};
use std::collections::hash_map::RandomState;
use std::collections::HashMap;
use std::hash::BuildHasher;
use std::sync::Arc;

/// The side nodes built so far, to hand out the first equal one again. Two nodes are equal when
/// their checks are (every keyword as written: `1` and `1.0` are two enum values here, a
/// `-0.0` bound differs from `0.0`) and their children are the same nodes, which they are once
/// shared, as sides are built bottom-up. A node is found by the seeded hash of its encoding
/// (the names and values come from the input), then compared by encoding. The nodes are held
/// for the run, as the validators that use them are.
#[derive(Default)]
pub(super) struct Sides {
    by_hash: HashMap<u64, Vec<Arc<Side>>>,
    state: RandomState,
    /// The encoding of the node being looked up, and of a candidate.
    bytes: Vec<u8>,
    other: Vec<u8>,
}

impl Sides {
    /// The first node seen equal to `side`, or `side` itself, kept.
    pub fn share(&mut self, side: Side) -> Arc<Side> {
        self.bytes.clear();
        encode_side(&side, &mut self.bytes);
        let hash = self.state.hash_one(&self.bytes[..]);
        let bucket = self.by_hash.entry(hash).or_default();
        for seen in bucket.iter() {
            self.other.clear();
            encode_side(seen, &mut self.other);
            if self.other == self.bytes {
                return Arc::clone(seen);
            }
        }
        let side = Arc::new(side);
        bucket.push(Arc::clone(&side));
        side
    }
}

/// Writes what makes a side node equal to another: its checks, and its children by address.
/// Each part is tagged or length-prefixed, so two nodes write the same bytes exactly when they
/// are equal.
fn encode_side(s: &Side, b: &mut Vec<u8>) {
    encode_checks(s.checks.as_deref(), b);
    b.push(u8::from(s.lists_below));
    b.extend_from_slice(&s.properties.len().to_le_bytes());
    for (i, child) in s.properties.iter() {
        b.extend_from_slice(&i.to_le_bytes());
        addr(b, child);
    }
    for child in [&s.items, &s.additional] {
        match child {
            Some(c) => {
                b.push(1);
                addr(b, c);
            }
            None => b.push(0),
        }
    }
}

fn addr(b: &mut Vec<u8>, s: &Arc<Side>) {
    b.extend_from_slice(&(Arc::as_ptr(s) as usize).to_le_bytes());
}

fn encode_checks(c: Option<&Checks>, b: &mut Vec<u8>) {
    let Some(c) = c else {
        b.push(0);
        return;
    };
    b.push(1);
    encode_text(b, &c.format);
    b.push(c.string_format.map_or(0xff, |f| f as u8));
    match c.list_type.as_deref() {
        None => b.push(0),
        Some(ListType::Set) => b.push(1),
        Some(ListType::Map(keys)) => {
            b.push(2);
            texts(b, keys);
        }
    }
    int(b, c.max_length);
    int(b, c.min_length);
    match &c.pattern {
        Some(p) => {
            b.push(1);
            encode_text(b, &p.text);
        }
        None => b.push(0),
    }
    b.extend_from_slice(&c.enum_.len().to_le_bytes());
    c.enum_.iter().for_each(|v| encode_json(v, b));
    texts(b, &c.required);
    match c.rare.as_deref() {
        Some(r) => {
            b.push(1);
            encode_rare(r, b);
        }
        None => b.push(0),
    }
}

fn encode_rare(r: &Rare, b: &mut Vec<u8>) {
    for x in [r.maximum, r.minimum, r.multiple_of] {
        match x {
            Some(x) => {
                b.push(1);
                b.extend_from_slice(&x.to_bits().to_le_bytes());
            }
            None => b.push(0),
        }
    }
    for x in [r.max_items, r.min_items, r.max_properties, r.min_properties] {
        int(b, x);
    }
    b.extend_from_slice(&[
        u8::from(r.exclusive_maximum),
        u8::from(r.exclusive_minimum),
        u8::from(r.unique_items),
    ]);
    for list in [&r.all_of, &r.any_of, &r.one_of] {
        b.extend_from_slice(&list.len().to_le_bytes());
        list.iter().for_each(|x| encode_branch(x, b));
    }
    match r.not.as_deref() {
        Some(n) => {
            b.push(1);
            encode_branch(n, b);
        }
        None => b.push(0),
    }
}

fn encode_branch(x: &Branch, b: &mut Vec<u8>) {
    encode_text(b, &x.type_);
    b.extend_from_slice(&[u8::from(x.int_or_string), u8::from(x.nullable)]);
    encode_checks(x.checks.as_deref(), b);
    b.extend_from_slice(&x.properties.len().to_le_bytes());
    for (name, p) in x.properties.iter() {
        encode_text(b, name);
        encode_branch(p, b);
    }
    match x.items.as_deref() {
        Some(i) => {
            b.push(1);
            encode_branch(i, b);
        }
        None => b.push(0),
    }
}

fn int(b: &mut Vec<u8>, x: Option<i64>) {
    match x {
        Some(x) => {
            b.push(1);
            b.extend_from_slice(&x.to_le_bytes());
        }
        None => b.push(0),
    }
}

fn texts(b: &mut Vec<u8>, list: &[String]) {
    b.extend_from_slice(&list.len().to_le_bytes());
    list.iter().for_each(|t| encode_text(b, t));
}

#[cfg(test)]
mod tests {
    use super::super::{Compiler, Side};
    use crate::schema::convert::convert;
    use crate::schema::Structural;
    use crate::test_support::json_of;
    use std::sync::Arc;

    fn schema(text: &str) -> Structural {
        convert(&json_of(text), "openAPIV3Schema").expect("schema converts")
    }

    /// The side of the property at `path` (property names) below `side`, for `s`.
    fn at<'a>(s: &Structural, side: &'a Side, path: &[&str]) -> &'a Arc<Side> {
        let (first, rest) = path.split_first().unwrap();
        let i = s.properties.keys().position(|k| k == first).unwrap() as u32;
        let child = &side.properties.iter().find(|(j, _)| *j == i).unwrap().1;
        match rest.is_empty() {
            true => child,
            false => at(s.properties.get(*first).unwrap(), child, rest),
        }
    }

    /// Equal subtrees are one node, within a schema and across the schemas a compiler compiles
    /// (the run's CRDs); a keyword written otherwise keeps two apart, whatever it is: a bound, an
    /// enum value's type, a format, a list type, a required name, a pattern, a junctor.
    #[test]
    fn equal_sides_are_one_node() {
        let text = r#"{type: object, properties: {
            a: {type: object, required: [x], properties: {x: {type: integer, format: int32, maximum: 3}}},
            b: {type: object, required: [x], properties: {x: {type: integer, format: int32, maximum: 3}}},
            c: {type: object, required: [x], properties: {x: {type: integer, format: int32, maximum: 4}}},
            d: {type: string, enum: [a, b]},
            e: {type: integer, enum: [1]},
            f: {type: integer, enum: ["1"]},
            g: {type: string, pattern: "^a$"},
            h: {type: string, pattern: "^b$"},
            i: {type: array, x-kubernetes-list-type: set, items: {type: string}},
            j: {type: array, maxItems: 2, items: {type: string}},
            k: {type: object, required: [yy], properties: {yy: {type: string}}},
            l: {type: object, required: [zz], properties: {zz: {type: string}}},
            m: {type: string, anyOf: [{format: email}]},
            nn: {type: string, anyOf: [{format: uri}]},
            o: {type: string, format: date},
            p: {type: string, format: date-time}}}"#;
        let s = schema(text);
        let mut compiler = Compiler::new();
        let one = compiler.compile(&s);
        let other = compiler.compile(&schema(text));
        let side = |c: &super::super::Compiled, p: &[&str]| Arc::clone(at(&s, &c.side, p));
        assert!(Arc::ptr_eq(&side(&one, &["a"]), &side(&one, &["b"])));
        assert!(Arc::ptr_eq(
            &side(&one, &["a", "x"]),
            &side(&one, &["b", "x"])
        ));
        for (x, y) in [
            ("a", "c"),
            ("d", "e"),
            ("e", "f"),
            ("g", "h"),
            ("i", "j"),
            ("k", "l"),
            ("m", "nn"),
            ("o", "p"),
        ] {
            assert!(
                !Arc::ptr_eq(&side(&one, &[x]), &side(&one, &[y])),
                "{x} {y}"
            );
        }
        // The second schema's nodes are the first's, its root too.
        assert!(Arc::ptr_eq(&one.side, &other.side));
        // A compiler of its own shares nothing with another's.
        let apart = Compiler::new().compile(&s);
        assert!(!Arc::ptr_eq(&one.side, &apart.side));
        assert_eq!(format!("{:?}", one.side), format!("{:?}", apart.side));
    }
}
