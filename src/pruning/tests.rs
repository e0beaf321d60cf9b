//! Table tests for pruning: every rule, and the examples of the pruning KEP as today's apiserver
//! (structural schemas: junctors do not specify fields; preserve-unknown-fields replaces
//! `x-kubernetes-no-prune`) treats them.

use super::prune;
use crate::test_support::{doc, json, json_of, schema};
use crate::yaml::{Node, ScalarStyle};

struct Case {
    name: &'static str,
    schema: &'static str,
    input: &'static str,
    expected: &'static str,
    pruned: &'static [&'static str],
}

const CASES: &[Case] = &[
    Case {
        name: "unknown fields dropped at every level, paths sorted",
        schema: "type: object\nproperties:\n  spec:\n    type: object\n    properties:\n      a: {type: string}\n      b: {type: object, properties: {x: {type: integer}}}",
        input: "apiVersion: g/v1\nkind: K\nmetadata: {name: nm, foo: bar}\nspec: {z: 1, a: s, b: {x: 1, w: 2}}\nstatus: {phase: x}",
        expected: "apiVersion: g/v1\nkind: K\nmetadata: {name: nm, foo: bar}\nspec: {a: s, b: {x: 1}}",
        pruned: &["spec.b.w", "spec.z", "status"],
    },
    Case {
        name: "root keeps apiVersion, kind, metadata without them in the schema",
        schema: "type: object",
        input: "apiVersion: g/v1\nkind: K\nmetadata: {name: nm}\nspec: {a: 1}",
        expected: "apiVersion: g/v1\nkind: K\nmetadata: {name: nm}",
        pruned: &["spec"],
    },
    Case {
        name: "list items pruned with index paths",
        schema: "type: object\nproperties:\n  l:\n    type: array\n    items: {type: object, properties: {a: {type: string}}}",
        input: "l: [{a: x, b: 1}, {c: 2}, null, 3]",
        expected: "l: [{a: x}, {}, null, 3]",
        pruned: &["l[0].b", "l[1].c"],
    },
    Case {
        name: "nested lists",
        schema: "type: object\nproperties:\n  l:\n    type: array\n    items: {type: array, items: {type: object, properties: {a: {type: string}}}}",
        input: "l: [[{a: x, b: 1}]]",
        expected: "l: [[{a: x}]]",
        pruned: &["l[0][0].b"],
    },
    Case {
        name: "additionalProperties schema prunes map values",
        schema: "type: object\nproperties:\n  m:\n    type: object\n    additionalProperties: {type: object, properties: {a: {type: string}}}",
        input: "m: {k1: {a: x, b: bb}, k2: {}}",
        expected: "m: {k1: {a: x}, k2: {}}",
        pruned: &["m.k1.b"],
    },
    Case {
        name: "additionalProperties true keeps keys but empties nested objects (no schema below)",
        schema: "type: object\nproperties:\n  m: {type: object, additionalProperties: true}",
        input: "m: {k1: v, k2: {a: 1}}",
        expected: "m: {k1: v, k2: {}}",
        pruned: &["m.k2.a"],
    },
    Case {
        name: "preserve-unknown-fields keeps unknown keys, prunes inside specified properties",
        schema: "type: object\nproperties:\n  spec:\n    type: object\n    x-kubernetes-preserve-unknown-fields: true\n    properties:\n      known: {type: object, properties: {a: {type: string}}}",
        input: "spec: {free: {deep: 1}, known: {a: x, b: bb}}",
        expected: "spec: {free: {deep: 1}, known: {a: x}}",
        pruned: &["spec.known.b"],
    },
    Case {
        name: "KEP nested no-prune: pruning resumes in a property below preserve-unknown-fields",
        schema: "type: object\nproperties:\n  x:\n    type: object\n    x-kubernetes-preserve-unknown-fields: true\n    properties:\n      'y': {type: object, properties: {z: {type: integer}}}",
        input: "{a: 1, x: {b: 2, 'y': {c: 3, z: 42}}}",
        expected: "{x: {b: 2, 'y': {z: 42}}}",
        pruned: &["a", "x.y.c"],
    },
    Case {
        name: "items below preserve-unknown-fields are walked as preserving too",
        schema: "type: object\nproperties:\n  l:\n    type: array\n    x-kubernetes-preserve-unknown-fields: true\n    items: {type: object, properties: {a: {type: object, properties: {b: {type: string}}}}}",
        input: "l: [{a: {b: x, c: cc}, d: z}]",
        expected: "l: [{a: {b: x}, d: z}]",
        pruned: &["l[0].a.c"],
    },
    Case {
        name: "embedded resource keeps its TypeMeta and ObjectMeta, prunes the rest",
        schema: "type: object\nproperties:\n  t:\n    type: object\n    x-kubernetes-embedded-resource: true\n    properties:\n      spec: {type: object, properties: {a: {type: string}}}",
        input: "t: {apiVersion: v1, kind: Pod, metadata: {name: p, x: 1}, spec: {a: s, b: t}, status: {}}",
        expected: "t: {apiVersion: v1, kind: Pod, metadata: {name: p, x: 1}, spec: {a: s}}",
        pruned: &["t.spec.b", "t.status"],
    },
    Case {
        name: "apiVersion/kind/metadata are ordinary fields outside embedded resources",
        schema: "type: object\nproperties:\n  items:\n    type: array\n    items: {type: object, properties: {name: {type: string}}}",
        input: "items: [{name: a, apiVersion: v1, kind: K, metadata: {}}]",
        expected: "items: [{name: a}]",
        pruned: &["items[0].apiVersion", "items[0].kind", "items[0].metadata"],
    },
    Case {
        name: "embedded resource with preserve-unknown-fields keeps everything",
        schema: "type: object\nproperties:\n  t: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}",
        input: "t: {apiVersion: v1, kind: Pod, spec: {any: thing}}",
        expected: "t: {apiVersion: v1, kind: Pod, spec: {any: thing}}",
        pruned: &[],
    },
    Case {
        name: "a field without items schema loses the keys of its object items",
        schema: "type: object\nproperties:\n  l: {type: array}",
        input: "l: [{a: 1}, x]",
        expected: "l: [{}, x]",
        pruned: &["l[0].a"],
    },
    Case {
        name: "scalars and type mismatches are left to validation",
        schema: "type: object\nproperties:\n  s: {type: object, properties: {a: {type: string}}}\n  num: {type: integer}",
        input: "s: just-a-string\nnum: {a: 1}",
        expected: "s: just-a-string\nnum: {}",
        pruned: &["num.a"],
    },
    Case {
        name: "KEP example 1: only properties outside junctors specify fields",
        schema: "properties:\n  a: {}\n  b: {type: string}\n  c: {not: {}}",
        input: "{a: 1, c: 3, d: 4}",
        expected: "{a: 1, c: 3}",
        pruned: &["d"],
    },
    Case {
        name: "KEP example 2: fields only named inside anyOf are not specified (such a schema is not structural)",
        schema: "anyOf:\n- properties: {a: {}}\n- properties: {b: {}}",
        input: "{a: 1, b: 2, c: 3}",
        expected: "{}",
        pruned: &["a", "b", "c"],
    },
    Case {
        name: "KEP example 4: value validations (pattern, format) do not affect pruning",
        schema: "properties:\n  a: {type: string, pattern: '^[0-9.]+$', format: ip}\n  b: {type: object, properties: {x: {}, 'y': {}}}",
        input: "{a: not-an-ip, b: {x: 1, 'y': 2, z: 3}}",
        expected: "{a: not-an-ip, b: {x: 1, 'y': 2}}",
        pruned: &["b.z"],
    },
    Case {
        name: "KEP example 3: properties inside anyOf do not count (structural: they repeat outside)",
        schema: "properties:\n  a: {}\n  b: {type: object, properties: {x: {}}}\n  c: {}\nanyOf:\n- properties: {c: {}}\n- properties: {d: {not: {}}}",
        input: "{a: 1, b: {x: 1, 'y': 2}, c: 3, d: 4, e: 5}",
        expected: "{a: 1, b: {x: 1}, c: 3}",
        pruned: &["b.y", "d", "e"],
    },
    Case {
        name: "KEP example 5: skeleton of anyOf branches is the outer properties",
        schema: "properties:\n  a: {}\n  b: {type: string}\n  c: {}\nanyOf:\n- properties: {a: {type: string}}\n- properties: {a: {type: integer}, b: {type: string}}",
        input: "{a: 1, b: x, c: {deep: 1}, d: 2}",
        expected: "{a: 1, b: x, c: {}}",
        pruned: &["c.deep", "d"],
    },
];

#[test]
fn table() {
    for c in CASES {
        let s = schema(c.schema);
        let mut obj = doc(c.input);
        let pruned = prune(&mut obj, &s);
        assert_eq!(json(&obj), json_of(c.expected), "{}", c.name);
        assert_eq!(pruned, c.pruned, "{}", c.name);
    }
}

#[test]
fn kept_scalars_keep_their_text_and_style() {
    let s = schema("type: object\nproperties:\n  a: {type: string}\n  b: {type: integer}");
    let mut obj = doc("a: 'yes'\nb: 0755\nc: drop\n");
    prune(&mut obj, &s);
    let m = obj.as_map().unwrap();
    assert_eq!(m.len(), 2);
    let Some(Node::Scalar(a)) = m.get("a") else {
        panic!()
    };
    assert_eq!(
        (a.value.as_str(), a.style),
        ("yes", ScalarStyle::SingleQuoted)
    );
    let Some(Node::Scalar(b)) = m.get("b") else {
        panic!()
    };
    assert_eq!((b.value.as_str(), b.style), ("0755", ScalarStyle::Plain));
}

#[test]
fn keys_are_read_as_yaml_1_1() {
    // A plain `on` key is the JSON key "true" for kubectl; the property "on" does not match it.
    let s =
        schema("type: object\nproperties:\n  \"true\": {type: string}\n  \"on\": {type: string}");
    let mut obj = doc("on: a\n'on': b\n");
    crate::yaml::keys::normalize_keys(&mut obj);
    let pruned = prune(&mut obj, &s);
    assert_eq!(json(&obj), json_of("'true': a\n'on': b"));
    assert!(pruned.is_empty());
}
