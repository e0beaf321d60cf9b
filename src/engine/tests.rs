//! Tests of the stage order and of the options of [`super::apply`].

use super::{apply, Options, Outcome};
use crate::schema::VersionSchema;
use crate::test_support::{doc, json, json_of, schema, version_schema};
use std::sync::Arc;

const SCHEMA: &str = "type: object
properties:
  spec:
    type: object
    properties:
      replicas: {type: integer, default: 1}
      mode: {type: string}
      tmpl:
        type: object
        x-kubernetes-embedded-resource: true
        x-kubernetes-preserve-unknown-fields: true
        properties:
          port: {type: integer, default: 80}";

const INPUT: &str = "apiVersion: g.io/v1
kind: K
metadata: {name: nm, creationTimestamp: null, labels: {}, bogus: 1}
spec:
  mode: null
  extra: 1
  tmpl: {apiVersion: v1, kind: Pod, metadata: {name: p, junk: 2}, free: 3}
status: {phase: x}";

fn version(prune: bool) -> VersionSchema {
    VersionSchema {
        prune,
        ..version_schema(schema(SCHEMA), true, Default::default())
    }
}

fn run(vs: &VersionSchema, opts: Options) -> (serde_json::Value, Outcome) {
    let mut obj = doc(INPUT);
    let out = apply(&mut obj, vs, &opts);
    (json(&obj), out)
}

#[test]
fn all_stages_in_the_apiservers_order() {
    let (got, out) = run(&version(true), Options::default());
    let want = "apiVersion: g.io/v1
kind: K
metadata: {name: nm}
spec:
  tmpl: {apiVersion: v1, kind: Pod, metadata: {name: p}, free: 3, port: 80}
  replicas: 1";
    assert_eq!(got, json_of(want));
    assert_eq!(
        out.pruned,
        [
            "metadata.bogus",
            "spec.extra",
            "status",
            "spec.tmpl.metadata.junk"
        ]
    );
    assert_eq!(out.defaulted, ["spec.replicas", "spec.tmpl.port"]);
}

#[test]
fn a_version_that_does_not_prune_keeps_unknown_fields_and_nulls() {
    let (got, out) = run(&version(false), Options::default());
    let want = "apiVersion: g.io/v1
kind: K
metadata: {name: nm}
spec:
  mode: null
  extra: 1
  tmpl: {apiVersion: v1, kind: Pod, metadata: {name: p}, free: 3, port: 80}
  replicas: 1
status: {phase: x}";
    assert_eq!(got, json_of(want));
    assert_eq!(out.pruned, ["metadata.bogus", "spec.tmpl.metadata.junk"]);
    assert_eq!(out.defaulted, ["spec.replicas", "spec.tmpl.port"]);
}

#[test]
fn prune_off_is_like_a_version_that_does_not_prune() {
    let opts = Options {
        prune: false,
        default: true,
    };
    assert_eq!(
        run(&version(true), opts),
        run(&version(false), Options::default())
    );
}

#[test]
fn default_off_applies_no_default() {
    let opts = Options {
        prune: true,
        default: false,
    };
    let (got, out) = run(&version(true), opts);
    let want = "apiVersion: g.io/v1
kind: K
metadata: {name: nm}
spec:
  tmpl: {apiVersion: v1, kind: Pod, metadata: {name: p}, free: 3}";
    assert_eq!(got, json_of(want));
    assert!(out.defaulted.is_empty());
}

#[test]
fn without_a_schema_only_metadata_is_round_tripped() {
    let mut vs = version(true);
    vs.schema = None;
    let (got, out) = run(&vs, Options::default());
    let mut want = json_of(INPUT);
    want["metadata"] = json_of("{name: nm}");
    assert_eq!(got, want);
    assert_eq!(out.pruned, ["metadata.bogus"]);
}

#[test]
fn defaults_are_applied_after_pruning_and_not_pruned() {
    let s = "type: object\nproperties:\n  spec: {type: object, default: {a: 1, zz: 2}, properties: {a: {type: integer}}}";
    let mut vs = version(true);
    vs.schema = Some(Arc::new(schema(s)));
    let mut obj = doc("spec: null\n");
    let out = apply(&mut obj, &vs, &Options::default());
    assert_eq!(json(&obj), json_of("spec: {a: 1, zz: 2}"));
    assert_eq!(out.defaulted, ["spec"]);
    assert!(out.pruned.is_empty());
}

#[test]
fn merge_keys_are_resolved_before_pruning() {
    let s = "type: object\nproperties:\n  spec: {type: object, properties: {a: {type: integer}, b: {type: integer}}}";
    let mut vs = version(true);
    vs.schema = Some(Arc::new(schema(s)));
    let mut obj = doc("base: &b {a: 1, b: 2, c: 3}\nspec:\n  <<: *b\n  b: 20\n");
    let out = apply(&mut obj, &vs, &Options::default());
    assert_eq!(json(&obj), json_of("spec: {a: 1, b: 20}"));
    assert_eq!(out.pruned, ["base", "spec.c"]);
}

#[test]
fn keys_become_the_strings_json_has_for_them() {
    let s =
        "type: object\nproperties:\n  spec: {type: object, additionalProperties: {type: string}}";
    let mut vs = version(true);
    vs.schema = Some(Arc::new(schema(s)));
    let mut obj = doc("spec: {8080: a, on: b, 'x': c, 1e3: d, 0o17: e}\n");
    apply(&mut obj, &vs, &Options::default());
    let spec = obj.get("spec").unwrap().as_map().unwrap();
    let keys: Vec<_> = spec
        .entries
        .iter()
        .map(|(k, _)| k.as_str().unwrap())
        .collect();
    assert_eq!(keys, ["8080", "true", "x", "1000", "15"]);
}

#[test]
fn objects_with_metadata_that_does_not_decode_are_refused_unchanged() {
    let cases = [
        (
            "apiVersion: g.io/v1\nkind: K\nmetadata: {name: nm, labels: {v: 1.5}}\nspec:\n  extra: 1\n",
            "metadata.labels.v",
            "json: cannot unmarshal number into Go struct field ObjectMeta.labels of type string",
        ),
        (
            "apiVersion: g.io/v1\nkind: K\nmetadata: {name: nm}\nspec:\n  tmpl: {apiVersion: 1, kind: Pod}\n",
            "spec.tmpl.apiVersion",
            "spec.tmpl.apiVersion: Invalid value: 1: must be a string",
        ),
        (
            "apiVersion: g.io/v1\nkind: K\nmetadata: {name: nm}\nspec:\n  tmpl: {kind: Pod, metadata: {name: p, namespace: [a]}}\n",
            "spec.tmpl.metadata.namespace",
            r#"spec.tmpl.metadata: Invalid value: {"name":"p","namespace":["a"]}: json: cannot unmarshal array into Go struct field ObjectMeta.namespace of type string"#,
        ),
    ];
    for (input, path, message) in cases {
        let mut obj = doc(input);
        let out = apply(&mut obj, &version(true), &Options::default());
        let refused = out.refused.expect(input);
        assert_eq!(
            (refused.path.as_str(), refused.message.as_str()),
            (path, message)
        );
        assert_eq!((out.pruned.len(), out.defaulted.len()), (0, 0));
        assert_eq!(json(&obj), json_of(input), "left unchanged");
    }
}

/// A JSON item read straight, processed: whatever [`apply`] changes forgets its span (and the
/// spans around it), so that the writer copying the collections left with one from the item's
/// text writes what writing the tree writes; a collection left as read keeps its span, one
/// whose text the writer writes otherwise (white space, an escape, a float) never has one.
#[test]
fn the_spans_left_after_processing_hold_what_they_were_read_as() {
    use crate::yaml::json::{write_plain_json, write_plain_json_copying};
    const SCHEMA: &str = "type: object
properties:
  spec:
    type: object
    properties:
      kept: {type: object, properties: {a: {type: object, additionalProperties: {type: integer}}}}
      replicas: {type: integer, default: 1}
      mode: {type: string}
      list:
        type: array
        items: {type: object, properties: {x: {type: integer, default: 7}, y: {type: integer}}}
      nulls:
        type: array
        items: {type: object, default: {z: 1}, properties: {z: {type: integer}}}
      free:
        type: object
        x-kubernetes-preserve-unknown-fields: true
        properties:
          inner: {type: object, properties: {known: {type: string}}}
      tmpl:
        type: object
        x-kubernetes-embedded-resource: true
        x-kubernetes-preserve-unknown-fields: true";
    // (item, the paths of collections left with a span after processing)
    let cases: &[(&str, &[&str])] = &[
        // Nothing to change: everything keeps its span ("" is the root).
        (
            r#"{"apiVersion":"g.io/v1","kind":"K","metadata":{"name":"n","labels":{"a":"b"}},"spec":{"replicas":2,"kept":{"a":{"b":1}},"list":[{"x":1}]}}"#,
            &[
                "",
                "metadata",
                "metadata.labels",
                "spec",
                "spec.kept",
                "spec.kept.a",
                "spec.list",
                "spec.list[0]",
            ],
        ),
        // The ObjectMeta round trip: an unknown field and a null time dropped, a null label
        // filled, an owner reference completed; the annotations and the spec left as read.
        (
            r#"{"apiVersion":"g.io/v1","kind":"K","metadata":{"name":"n","bogus":{"a":1},"creationTimestamp":null,"labels":{"a":null},"annotations":{"b":"c"},"ownerReferences":[{"name":"o","kind":"K","apiVersion":"v1","uid":"u"},{"name":"p"}]},"spec":{"replicas":2}}"#,
            &[
                "metadata.annotations",
                "metadata.ownerReferences[0]",
                "spec",
            ],
        ),
        // A time rewritten as the encoder writes it.
        (
            r#"{"apiVersion":"g.io/v1","kind":"K","metadata":{"name":"n","creationTimestamp":"2024-01-01T01:00:00+01:00","labels":{"a":"b"}},"spec":{"replicas":2}}"#,
            &["metadata.labels", "spec"],
        ),
        // Managed fields: an empty manager dropped, a time kept as the encoder writes it.
        (
            r#"{"apiVersion":"g.io/v1","kind":"K","metadata":{"name":"n","managedFields":[{"manager":"m","time":"2024-01-01T00:00:00Z","fieldsV1":{"f:a":{}}},{"manager":"","fieldsV1":{"f:b":{}}}]},"spec":{"replicas":2}}"#,
            &[
                "metadata.managedFields[0]",
                "metadata.managedFields[0].fieldsV1",
                "metadata.managedFields[0].fieldsV1.f:a",
                "metadata.managedFields[1].fieldsV1",
                "metadata.managedFields[1].fieldsV1.f:b",
                "spec",
            ],
        ),
        // A default set at the top of spec: spec is written, what is below it copied.
        (
            r#"{"apiVersion":"g.io/v1","kind":"K","metadata":{"name":"n"},"spec":{"kept":{"a":{"b":1}},"list":[{"x":1},{"y":2}]}}"#,
            &["metadata", "spec.kept", "spec.kept.a", "spec.list[0]"],
        ),
        // Pruned deep down, kept beside it.
        (
            r#"{"apiVersion":"g.io/v1","kind":"K","metadata":{"name":"n"},"spec":{"replicas":1,"kept":{"a":{"b":1},"gone":{"c":[1]}},"list":[{"x":1,"q":{"r":1}},{"x":2}]}}"#,
            &["metadata", "spec.kept.a", "spec.list[1]"],
        ),
        // A null pruned, a null item defaulted, unknown fields kept and pruned.
        (
            r#"{"apiVersion":"g.io/v1","kind":"K","metadata":{"name":"n"},"spec":{"replicas":1,"mode":null,"nulls":[null,{"z":2}],"free":{"any":{"b":[1,2]},"inner":{"known":"k","drop":{"d":1}}}}}"#,
            &[
                "metadata",
                "spec.nulls[1]",
                "spec.free.any",
                "spec.free.any.b",
            ],
        ),
        // A repeated key dropped deep down; an embedded resource's metadata coerced.
        (
            r#"{"apiVersion":"g.io/v1","kind":"K","metadata":{"name":"n"},"spec":{"replicas":1,"kept":{"a":{"b":1,"b":2}},"tmpl":{"apiVersion":"v1","kind":"P","metadata":{"name":"p","junk":1},"x":{"y":1}}}}"#,
            &["metadata", "spec.tmpl.x"],
        ),
        // An embedded resource left as read.
        (
            r#"{"apiVersion":"g.io/v1","kind":"K","metadata":{"name":"n"},"spec":{"replicas":1,"tmpl":{"apiVersion":"v1","kind":"P","metadata":{"name":"p"},"x":{"y":1}}}}"#,
            &[
                "",
                "metadata",
                "spec",
                "spec.tmpl",
                "spec.tmpl.metadata",
                "spec.tmpl.x",
            ],
        ),
        // White space, an escape, a float: written, not copied.
        (
            r#"{"apiVersion":"g.io/v1","kind":"K","metadata":{"name":"n"},"spec":{"replicas":1,"kept":{"a":{"b":1},"z":{"d":2}},"free":{"e":"a\nb","f":{"g":1.5}, "h":{"i":1},"j":{"k": 1},"l":{"m":"\u00e9"}}}}"#,
            &["metadata", "spec.kept.a", "spec.free.h"],
        ),
    ];
    fn spanned(node: &crate::yaml::Node, path: String, out: &mut Vec<String>) {
        use crate::yaml::Node;
        if node.span().is_some() {
            out.push(path.clone());
        }
        let join = |k: &str| match path.is_empty() {
            true => k.to_string(),
            false => format!("{path}.{k}"),
        };
        match node {
            Node::Map(m) => m.entries.iter().for_each(|(k, v)| {
                spanned(v, join(k.scalar_str().unwrap()), out);
            }),
            Node::Seq(s) => s.items.iter().enumerate().for_each(|(i, v)| {
                spanned(v, format!("{path}[{i}]"), out);
            }),
            Node::Scalar(_) => {}
        }
    }
    let vs = version_schema(schema(SCHEMA), true, Default::default());
    for (text, want) in cases {
        let mut obj = crate::yaml::read::jsontree::item_alone(text).unwrap();
        // (Only the last item has a collection with white space in it.)
        let root = (!text.contains(' ')).then_some(0..text.len());
        assert_eq!(obj.span(), root, "{text}");
        apply(&mut obj, &vs, &Options::default());
        let mut left = Vec::new();
        spanned(&obj, String::new(), &mut left);
        assert_eq!(&left, want, "{text}");
        let (mut copied, mut written) = (Vec::new(), Vec::new());
        assert!(write_plain_json_copying(&obj, &mut copied, text));
        assert!(write_plain_json(&obj, &mut written));
        assert_eq!(
            String::from_utf8(copied).unwrap(),
            String::from_utf8(written).unwrap(),
            "{text}"
        );
    }
}
