//! Table tests for null pruning and defaulting: every rule of today's apiserver, and the examples
//! of the defaulting KEP (example 3's null case as today's apiserver treats it: a non-nullable
//! null with a default is defaulted).

use super::{default, prune_nulls};
use crate::test_support::{doc, json, json_of, schema};
use crate::yaml::{Node, ScalarStyle};

struct Case {
    name: &'static str,
    schema: &'static str,
    input: &'static str,
    expected: &'static str,
    defaulted: &'static [&'static str],
}

/// Runs null pruning then defaulting, as the engine does.
fn run(c: &Case) {
    let s = schema(c.schema);
    let mut obj = doc(c.input);
    prune_nulls(&mut obj, &s);
    let defaulted = default(&mut obj, &s);
    assert_eq!(json(&obj), json_of(c.expected), "{}", c.name);
    assert_eq!(defaulted, c.defaulted, "{}", c.name);
}

const FOO_ABC: &str = "type: object\nproperties:\n  foo: {type: string, default: abc}";

const CASES: &[Case] = &[
    Case {
        name: "KEP 1: default in the undefined case",
        schema: FOO_ABC,
        input: "{}",
        expected: "foo: abc",
        defaulted: &["foo"],
    },
    Case {
        name: "KEP 2: a set value is not defaulted",
        schema: FOO_ABC,
        input: "foo: def",
        expected: "foo: def",
        defaulted: &[],
    },
    Case {
        name: "KEP 3: array default in the undefined case",
        schema: "type: object\nproperties:\n  foo: {type: array, items: {type: integer}, default: [1]}",
        input: "{}",
        expected: "foo: [1]",
        defaulted: &["foo"],
    },
    Case {
        name: "KEP 3 today: a non-nullable null with a default is defaulted",
        schema: "type: object\nproperties:\n  foo: {type: array, items: {type: integer}, default: [1]}",
        input: "foo: null",
        expected: "foo: [1]",
        defaulted: &["foo"],
    },
    Case {
        name: "KEP 3: empty lists stay empty",
        schema: "type: object\nproperties:\n  foo: {type: array, items: {type: integer}, default: [1]}",
        input: "foo: []",
        expected: "foo: []",
        defaulted: &[],
    },
    Case {
        name: "KEP 4: top-down, defaulting goes on inside the default",
        schema: "type: object\nproperties:\n  foo:\n    type: object\n    default: {b: def}\n    properties:\n      a: {type: string, default: abc}\n      b: {type: string}",
        input: "{}",
        expected: "foo: {a: abc, b: def}",
        defaulted: &["foo", "foo.a"],
    },
    Case {
        name: "empty map, zero, false and empty string are values",
        schema: "type: object\nproperties:\n  m: {type: object, default: {a: 1}}\n  num: {type: integer, default: 5}\n  b: {type: boolean, default: true}\n  s: {type: string, default: x}",
        input: "{m: {}, num: 0, b: false, s: ''}",
        expected: "{m: {}, num: 0, b: false, s: ''}",
        defaulted: &[],
    },
    Case {
        name: "a nullable null stays null",
        schema: "type: object\nproperties:\n  foo: {type: string, nullable: true, default: abc}",
        input: "foo: null",
        expected: "foo: null",
        defaulted: &[],
    },
    Case {
        name: "non-nullable nulls without default are dropped, others kept",
        schema: "type: object\nproperties:\n  a: {type: string}\n  b: {type: string, nullable: true}\n  c: {type: string, default: null}\n  d: {type: object, x-kubernetes-preserve-unknown-fields: true}",
        input: "{a: ~, b: null, c: Null, d: {free: null}}",
        expected: "{b: null, d: {free: null}}",
        defaulted: &[],
    },
    Case {
        name: "null list items are kept; items default replaces a non-nullable null item",
        schema: "type: object\nproperties:\n  l: {type: array, items: {type: string}}\n  d: {type: array, items: {type: string, default: x}}\n  nl: {type: array, items: {type: string, nullable: true, default: x}}",
        input: "{l: [a, null], d: [a, null], nl: [null]}",
        expected: "{l: [a, null], d: [a, x], nl: [null]}",
        defaulted: &["d[1]"],
    },
    Case {
        name: "additionalProperties: default only replaces null values, nulls without default dropped",
        schema: "type: object\nproperties:\n  m: {type: object, additionalProperties: {type: string, default: x}}\n  k: {type: object, additionalProperties: {type: string}}",
        input: "{m: {a: null, b: bb}, k: {a: null, b: bb}}",
        expected: "{m: {a: x, b: bb}, k: {b: bb}}",
        defaulted: &["m.a"],
    },
    Case {
        name: "defaults inside list items and additionalProperties objects",
        schema: "type: object\nproperties:\n  l:\n    type: array\n    items: {type: object, properties: {p: {type: integer, default: 80}}}\n  m:\n    type: object\n    additionalProperties: {type: object, properties: {q: {type: boolean, default: true}}}",
        input: "{l: [{}, {p: 1}], m: {k: {}}}",
        expected: "{l: [{p: 80}, {p: 1}], m: {k: {q: true}}}",
        defaulted: &["l[0].p", "m.k.q"],
    },
    Case {
        name: "defaults apply inside preserve-unknown-fields subtrees and embedded resources",
        schema: "type: object\nproperties:\n  spec:\n    type: object\n    x-kubernetes-preserve-unknown-fields: true\n    properties:\n      r: {type: integer, default: 1}\n      t:\n        type: object\n        x-kubernetes-embedded-resource: true\n        properties: {spec: {type: object, properties: {s: {type: string, default: z}}}}",
        input: "spec: {other: 1, t: {apiVersion: v1, kind: K, spec: {}}}",
        expected: "spec: {other: 1, t: {apiVersion: v1, kind: K, spec: {s: z}}, r: 1}",
        defaulted: &["spec.r", "spec.t.spec.s"],
    },
    Case {
        name: "no default where the object is no map",
        schema: "type: object\nproperties:\n  spec: {type: object, properties: {a: {type: string, default: x}}}",
        input: "spec: [1]",
        expected: "spec: [1]",
        defaulted: &[],
    },
    Case {
        name: "an object default that is missing: no deeper default without the parent",
        schema: "type: object\nproperties:\n  spec: {type: object, properties: {a: {type: string, default: x}}}",
        input: "{}",
        expected: "{}",
        defaulted: &[],
    },
];

#[test]
fn table() {
    for c in CASES {
        run(c);
    }
}

#[test]
fn defaults_are_appended_and_deep_copied() {
    let s = schema(
        "type: object\nproperties:\n  a: {type: object, default: {x: [1]}}\n  b: {type: string}",
    );
    let mut one = doc("b: s\n");
    let mut two = doc("{}");
    default(&mut one, &s);
    default(&mut two, &s);
    let keys: Vec<_> = one
        .as_map()
        .unwrap()
        .entries
        .iter()
        .map(|(k, _)| k.scalar_str().unwrap())
        .collect();
    assert_eq!(keys, ["b", "a"]);
    assert_eq!(
        json(&one.as_map().unwrap().entries[1].1),
        json(two.get("a").unwrap())
    );
}

#[test]
fn new_strings_read_back_the_same_in_yaml_1_1() {
    let s = schema("type: object\nproperties:\n  a: {type: string, default: 'yes'}\n  b: {type: string, default: '0755'}\n  c: {type: string, default: plain}");
    let mut obj = doc("{}");
    default(&mut obj, &s);
    let style = |k: &str| match obj.get(k) {
        Some(Node::Scalar(sc)) => sc.style,
        _ => panic!("{k}"),
    };
    assert_ne!(style("a"), ScalarStyle::Plain);
    assert_ne!(style("b"), ScalarStyle::Plain);
    assert_eq!(style("c"), ScalarStyle::Plain);
    assert_eq!(json(&obj), json_of("{a: 'yes', b: '0755', c: plain}"));
}

#[test]
fn a_null_with_default_in_place_keeps_key_order() {
    let s =
        schema("type: object\nproperties:\n  a: {type: string, default: x}\n  b: {type: string}");
    let mut obj = doc("a: null\nb: bb\n");
    prune_nulls(&mut obj, &s);
    default(&mut obj, &s);
    let keys: Vec<_> = obj
        .as_map()
        .unwrap()
        .entries
        .iter()
        .map(|(k, _)| k.scalar_str().unwrap())
        .collect();
    assert_eq!(keys, ["a", "b"]);
    assert_eq!(json(&obj), json_of("{a: x, b: bb}"));
}

#[test]
fn defaults_are_pruned_with_the_root_schema_when_loaded() {
    let mut s = schema(
        "type: object
properties:
  spec:
    type: object
    properties:
      tmpl:
        type: object
        x-kubernetes-embedded-resource: true
        properties: {foo: {type: string}}
        default: {apiVersion: v1, kind: Pod, foo: x, metadata: {name: nm, unknown: u, creationTimestamp: null, labels: {a: 1}}}
      list:
        type: array
        items:
          type: object
          x-kubernetes-embedded-resource: true
          x-kubernetes-preserve-unknown-fields: true
          default: {kind: Pod, extra: kept, metadata: {junk: 1}}
      byName:
        type: object
        additionalProperties:
          type: object
          x-kubernetes-embedded-resource: true
          x-kubernetes-preserve-unknown-fields: true
        default: {one: {apiVersion: 5, metadata: {x: 1}}}
      plain: {type: string, default: keep}",
    );
    super::prune_defaults(&mut s);
    let spec = s.properties.get("spec").unwrap();
    let def = |k: &str| {
        spec.properties
            .get(k)
            .unwrap()
            .generic
            .default
            .as_deref()
            .cloned()
    };
    let items = spec
        .properties
        .get("list")
        .unwrap()
        .items
        .as_deref()
        .unwrap();
    assert_eq!(
        def("tmpl").unwrap(),
        json_of("{apiVersion: v1, kind: Pod, foo: x, metadata: {name: nm}}")
    );
    assert_eq!(
        items.generic.default.as_deref().cloned().unwrap(),
        json_of("{kind: Pod, extra: kept, metadata: {}}")
    );
    assert_eq!(def("byName").unwrap(), json_of("{one: {metadata: {}}}"));
    assert_eq!(def("plain").unwrap(), json_of("keep"));
}
