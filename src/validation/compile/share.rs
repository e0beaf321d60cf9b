//! Equal side trees, one node ([`Sides`]): a run holds every CRD's validators, and most of
//! their nodes repeat, within a CRD (its versions, a Pod template's three container lists) and
//! across CRDs (`format: int32` leaves, ObjectMeta, resource requirements, affinity). On the
//! 10k bench list the validators of the 334 CRDs took 11.1 MB built one per version, more than
//! the stripped structural schemas (`benches/REPORT.md`).

use super::{Branch, Checks, ListType, Rare, Side};
use crate::intern::{self, count, option, Interner};
use std::sync::Arc;

/// The side nodes built so far, to hand out the first equal one again ([`Interner`]). Two
/// nodes are equal when their checks are (every keyword as written: `1` and `"1"` are two enum
/// values, a `-0.0` bound differs from `0.0`) and their children are the same nodes, which
/// they are once shared, as sides are built bottom-up. The nodes are held for the run, as the
/// validators that use them are.
#[derive(Default)]
pub(super) struct Sides(Interner<Arc<Side>>);

impl Sides {
    /// The first node seen equal to `side`, or `side` itself, kept.
    pub fn share(&mut self, side: Side) -> Arc<Side> {
        if let Some(first) = self.0.first_equal(&side, encode_side) {
            return first;
        }
        let side = Arc::new(side);
        self.0.keep(Arc::clone(&side));
        side
    }
}

/// Writes what makes a side node equal to another: its checks, and its children by address.
/// Each part is tagged or length-prefixed, so two nodes write the same bytes exactly when they
/// are equal.
fn encode_side(s: &Side, b: &mut Vec<u8>) {
    encode_checks(s.checks.as_deref(), b);
    b.push(u8::from(s.lists_below));
    count(b, s.properties.len());
    for (i, child) in s.properties.iter() {
        b.extend_from_slice(&i.to_le_bytes());
        intern::addr(b, &**child);
    }
    option(b, s.items.as_deref(), intern::addr);
    option(b, s.additional.as_deref(), intern::addr);
}

fn encode_checks(c: Option<&Checks>, b: &mut Vec<u8>) {
    option(b, c, |b, c| {
        intern::text(b, &c.format);
        b.push(c.string_format.map_or(0xff, |f| f as u8));
        match c.list_type.as_deref() {
            None => b.push(0),
            Some(ListType::Set) => b.push(1),
            Some(ListType::Map(keys)) => {
                b.push(2);
                texts(b, keys);
            }
        }
        option(b, c.max_length, int);
        option(b, c.min_length, int);
        option(b, c.pattern.as_deref(), |b, p| intern::text(b, &p.text));
        count(b, c.enum_.len());
        c.enum_.iter().for_each(|v| intern::json(b, v));
        texts(b, &c.required);
        option(b, c.rare.as_deref(), encode_rare);
    });
}

fn encode_rare(b: &mut Vec<u8>, r: &Rare) {
    for x in [r.maximum, r.minimum, r.multiple_of] {
        option(b, x, |b, x| b.extend_from_slice(&x.to_bits().to_le_bytes()));
    }
    for x in [r.max_items, r.min_items, r.max_properties, r.min_properties] {
        option(b, x, int);
    }
    b.extend_from_slice(&[
        u8::from(r.exclusive_maximum),
        u8::from(r.exclusive_minimum),
        u8::from(r.unique_items),
    ]);
    for list in [&r.all_of, &r.any_of, &r.one_of] {
        count(b, list.len());
        list.iter().for_each(|x| encode_branch(b, x));
    }
    option(b, r.not.as_deref(), encode_branch);
}

fn encode_branch(b: &mut Vec<u8>, x: &Branch) {
    intern::text(b, &x.type_);
    b.extend_from_slice(&[u8::from(x.int_or_string), u8::from(x.nullable)]);
    encode_checks(x.checks.as_deref(), b);
    count(b, x.properties.len());
    for (name, p) in x.properties.iter() {
        intern::text(b, name);
        encode_branch(b, p);
    }
    option(b, x.items.as_deref(), encode_branch);
}

fn int(b: &mut Vec<u8>, x: i64) {
    b.extend_from_slice(&x.to_le_bytes());
}

fn texts(b: &mut Vec<u8>, list: &[String]) {
    count(b, list.len());
    list.iter().for_each(|t| intern::text(b, t));
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
            false => at(s.properties.get(first).unwrap(), child, rest),
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
