//! apiextensions-apiserver's tables for pruning (`TestPrune`,
//! `pkg/apiserver/schema/pruning/algorithm_test.go`), defaulting (`TestDefault`,
//! `pkg/apiserver/schema/defaulting/algorithm_test.go`) and null pruning
//! (`TestPruneNonNullableNullsWithoutDefaults`, `…/defaulting/prunenulls_test.go`), v0.36.3,
//! ported as facts: each row's JSON input, schema and expected JSON output.
//!
//! How a row runs here: the row's schema, written as the JSON schema it stands for, goes
//! through [`crate::schema::convert::convert`]; the input is read with
//! [`crate::yaml::json::from_json_str`]; the one function runs in place and the tree, back as
//! JSON, is compared with the expected value (key order does not count, as in Go's maps).
//! - `TestPrune`: [`crate::pruning::prune`] (upstream's `PruneWithOptions` with path tracking on,
//!   as the apiserver calls it for a resource: `isResourceRoot` true). The pruned paths must be
//!   upstream's, sorted. Upstream then prunes again with tracking off and expects the object
//!   unchanged: the second run is checked here too (our pruning always returns its paths, so
//!   upstream's "no paths without tracking" has no counterpart).
//! - `TestDefault`: [`super::default`] alone (upstream checks no defaulted paths; neither do we).
//! - `TestPruneNonNullableNullsWithoutDefaults`: [`super::prune_nulls`] alone.
//!
//! Upstream's nil schema (`empty` in all three tables, `object array with nil schema`, and
//! `scalar array` of the null table) is given as the empty schema `{}`: our functions take a
//! schema, and on these rows' inputs Go answers the same for nil and for an empty schema (the
//! nil-schema walks and the empty schema's walks both reach no property, additionalProperties or
//! items schema; for a resource root `PruneWithOptions` itself puts an empty schema in place of
//! nil).
//!
//! Our pruning has no `isResourceRoot` switch: it always prunes a resource root, as the
//! apiserver's handler does. Upstream's flag only marks the top-level schema as an embedded
//! resource, which matters only for the top-level keys `apiVersion`, `kind` and `metadata`;
//! the rows run with `false` whose top level holds none of them answer the same either way and
//! are ported. Left out, unreachable: `x-kubernetes-embedded-resource` (the row run with
//! `isResourceRoot` false): its top level holds `apiVersion`, `kind` and `metadata`, which
//! upstream drops there (unrecorded) and a resource root keeps. The apiserver prunes that way
//! only a default value under a non-embedded node, when it checks a CRD's defaults
//! (`defaulting/validation.go`, "must not have unknown fields"), which answers yes or no and not
//! through [`crate::pruning::prune`].
//!
//! Every other row of the three tables is ported. Numbers compare as Go compares them after
//! reading JSON into `interface{}`: all as floats (`42.0` and `42` are one value).
//!
//! Every ported row answers as upstream expects (null pruning given a list as the whole value
//! too, which the apiserver never does: it gives it the resource object).

use super::{default, prune_nulls};
use crate::pruning::prune;
use crate::schema::convert::convert;
use crate::schema::Structural;
use crate::yaml::json::{from_json_str, to_json};
use crate::yaml::Node;
use serde_json::Value;

/// One row of `TestPrune`.
struct PruneRow {
    name: &'static str,
    input: &'static str,
    /// The JSON schema of upstream's `Structural` (`{}` for nil).
    schema: &'static str,
    expected: &'static str,
    /// The pruned paths, sorted.
    pruned: &'static [&'static str],
}

/// One row of `TestDefault` or `TestPruneNonNullableNullsWithoutDefaults`.
struct Row {
    name: &'static str,
    input: &'static str,
    /// The JSON schema of upstream's `Structural` (`{}` for nil).
    schema: &'static str,
    expected: &'static str,
}

fn schema_of(text: &str) -> Structural {
    let v: Value = serde_json::from_str(text).expect("row schema is JSON");
    convert(&v, "").expect("row schema converts")
}

fn tree(text: &str) -> Node {
    from_json_str(text).expect("row input is JSON")
}

fn value(text: &str) -> Value {
    go_numbers(serde_json::from_str(text).expect("row output is JSON"))
}

fn json(n: &Node) -> Value {
    go_numbers(to_json(n).expect("tree reads as JSON"))
}

/// `v` with every number a float, as Go reads JSON into `interface{}`: upstream compares
/// `42.0` and `42` as the same value, and so do we.
fn go_numbers(v: Value) -> Value {
    match v {
        Value::Number(n) => n.as_f64().map_or(Value::Number(n), Value::from),
        Value::Array(items) => Value::Array(items.into_iter().map(go_numbers).collect()),
        Value::Object(m) => Value::Object(m.into_iter().map(|(k, v)| (k, go_numbers(v))).collect()),
        other => other,
    }
}

/// Our answer to a pruning row: the object, the pruned paths, and the object pruned again.
fn prune_answer(r: &PruneRow) -> (Value, Vec<String>, Value) {
    let s = schema_of(r.schema);
    let mut obj = tree(r.input);
    let pruned = prune(&mut obj, &s);
    let once = json(&obj);
    prune(&mut obj, &s);
    (once, pruned, json(&obj))
}

/// How our answer to a pruning row differs from upstream's, if it does.
fn prune_mismatch(r: &PruneRow) -> Option<String> {
    let (obj, pruned, again) = prune_answer(r);
    let want = value(r.expected);
    let mut out = Vec::new();
    if obj != want {
        out.push(format!("object {obj}, want {want}"));
    }
    if pruned != r.pruned {
        out.push(format!("pruned {pruned:?}, want {:?}", r.pruned));
    }
    if again != want {
        out.push(format!("pruned again {again}, want {want}"));
    }
    (!out.is_empty()).then(|| format!("{}: {}", r.name, out.join("; ")))
}

/// How `f`'s answer to a row differs from upstream's, if it does.
fn mismatch(r: &Row, f: fn(&mut Node, &Structural)) -> Option<String> {
    let s = schema_of(r.schema);
    let mut obj = tree(r.input);
    f(&mut obj, &s);
    let got = json(&obj);
    let want = value(r.expected);
    (got != want).then(|| format!("{}: got {got}, want {want}", r.name))
}

fn run_default(obj: &mut Node, s: &Structural) {
    default(obj, s);
}

fn run_prune_nulls(obj: &mut Node, s: &Structural) {
    prune_nulls(obj, s);
}

/// Asserts that every row not named in `different` answers as upstream expects.
fn check_all<R>(table: &str, rows: &[R], f: impl Fn(&R) -> Option<String>) {
    let wrong: Vec<String> = rows.iter().filter_map(f).collect();
    eprintln!("{table}: {} rows", rows.len());
    for w in &wrong {
        eprintln!("{w}");
    }
    assert!(
        wrong.is_empty(),
        "{table}: {} of {} rows differ",
        wrong.len(),
        rows.len()
    );
}

const PRUNE: &[PruneRow] = &[
    PruneRow {
        name: "empty",
        input: "null",
        schema: "{}",
        expected: "null",
        pruned: &[],
    },
    PruneRow {
        name: "scalar",
        input: "4",
        schema: "{}",
        expected: "4",
        pruned: &[],
    },
    PruneRow {
        name: "scalar array",
        input: "[1,2]",
        schema: r#"{"items": {}}"#,
        expected: "[1,2]",
        pruned: &[],
    },
    PruneRow {
        name: "object array",
        input: r#"[{"a":1},{"b":1},{"a":1,"b":2,"c":3}]"#,
        schema: r#"{"items": {"properties": {"a": {}, "c": {}}}}"#,
        expected: r#"[{"a":1},{},{"a":1,"c":3}]"#,
        pruned: &["[1].b", "[2].b"],
    },
    PruneRow {
        name: "object array with nil schema",
        input: r#"[{"a":1},{"b":1},{"a":1,"b":2,"c":3}]"#,
        schema: "{}",
        expected: "[{},{},{}]",
        pruned: &["[0].a", "[1].b", "[2].a", "[2].b", "[2].c"],
    },
    PruneRow {
        name: "object array object",
        input: r#"{"array":[{"a":1},{"b":1},{"a":1,"b":2,"c":3}],"unspecified":{"a":1},"specified":{"a":1,"b":2,"c":3}}"#,
        schema: r#"{"properties": {
            "array": {"items": {"properties": {"a": {}, "c": {}}}},
            "specified": {"properties": {"a": {}, "c": {}}}
        }}"#,
        expected: r#"{"array":[{"a":1},{},{"a":1,"c":3}],"specified":{"a":1,"c":3}}"#,
        pruned: &["array[1].b", "array[2].b", "specified.b", "unspecified"],
    },
    PruneRow {
        name: "nested x-kubernetes-preserve-unknown-fields",
        input: r#"{
            "unspecified": "bar",
            "alpha": "abc",
            "beta": 42.0,
            "unspecifiedObject": {"unspecified": "bar"},
            "pruning": {
                "unspecified": "bar",
                "unspecifiedObject": {"unspecified": "bar"},
                "pruning": {"unspecified": "bar"},
                "apiVersion": "unknown",
                "preserving": {"unspecified": "bar"}
            },
            "preserving": {
                "unspecified": "bar",
                "unspecifiedObject": {"unspecified": "bar"},
                "pruning": {"unspecified": "bar"},
                "preserving": {"unspecified": "bar"},
                "preservingUnknownType": [{"foo": true}, {"bar": true}]
            },
            "preservingAdditionalPropertiesNotInheritingXPreserveUnknownFields": {
                "foo": {"specified": {"unspecified": "bar"}, "unspecified": "bar"}
            },
            "preservingAdditionalPropertiesKeyPruneValues": {
                "foo": {"specified": {"unspecified": "bar"}, "unspecified": "bar"}
            }
        }"#,
        schema: r#"{
            "type": "object",
            "x-kubernetes-preserve-unknown-fields": true,
            "properties": {
                "alpha": {"type": "string"},
                "beta": {"type": "number"},
                "pruning": {
                    "type": "object",
                    "properties": {
                        "preserving": {"type": "object", "x-kubernetes-preserve-unknown-fields": true},
                        "pruning": {"type": "object"}
                    }
                },
                "preserving": {
                    "type": "object",
                    "x-kubernetes-preserve-unknown-fields": true,
                    "properties": {
                        "preserving": {"type": "object", "x-kubernetes-preserve-unknown-fields": true},
                        "preservingUnknownType": {"x-kubernetes-preserve-unknown-fields": true},
                        "pruning": {"type": "object"}
                    }
                },
                "preservingAdditionalPropertiesNotInheritingXPreserveUnknownFields": {
                    "type": "object",
                    "x-kubernetes-preserve-unknown-fields": true,
                    "additionalProperties": {
                        "type": "object",
                        "properties": {"specified": {"type": "object"}}
                    }
                },
                "preservingAdditionalPropertiesKeyPruneValues": {
                    "type": "object",
                    "additionalProperties": {
                        "type": "object",
                        "properties": {"specified": {"type": "object"}}
                    }
                }
            }
        }"#,
        expected: r#"{
            "unspecified": "bar",
            "alpha": "abc",
            "beta": 42.0,
            "unspecifiedObject": {"unspecified": "bar"},
            "pruning": {
                "pruning": {},
                "preserving": {"unspecified": "bar"}
            },
            "preserving": {
                "unspecified": "bar",
                "unspecifiedObject": {"unspecified": "bar"},
                "pruning": {},
                "preserving": {"unspecified": "bar"},
                "preservingUnknownType": [{"foo": true}, {"bar": true}]
            },
            "preservingAdditionalPropertiesNotInheritingXPreserveUnknownFields": {
                "foo": {"specified": {}}
            },
            "preservingAdditionalPropertiesKeyPruneValues": {
                "foo": {"specified": {}}
            }
        }"#,
        pruned: &[
            "preserving.pruning.unspecified",
            "preservingAdditionalPropertiesKeyPruneValues.foo.specified.unspecified",
            "preservingAdditionalPropertiesKeyPruneValues.foo.unspecified",
            "preservingAdditionalPropertiesNotInheritingXPreserveUnknownFields.foo.specified.unspecified",
            "preservingAdditionalPropertiesNotInheritingXPreserveUnknownFields.foo.unspecified",
            "pruning.apiVersion",
            "pruning.pruning.unspecified",
            "pruning.unspecified",
            "pruning.unspecifiedObject",
        ],
    },
    PruneRow {
        name: "additionalProperties with schema",
        input: r#"{"a":1,"b":1,"c":{"a":1,"b":2,"c":{"a":1}}}"#,
        schema: r#"{"properties": {
            "a": {},
            "c": {"additionalProperties": {"type": "integer"}}
        }}"#,
        expected: r#"{"a":1,"c":{"a":1,"b":2,"c":{}}}"#,
        pruned: &["b", "c.c.a"],
    },
    PruneRow {
        name: "additionalProperties with bool",
        input: r#"{"a":1,"b":1,"c":{"a":1,"b":2,"c":{"a":1, "apiVersion": "unknown"}}}"#,
        schema: r#"{"properties": {
            "a": {},
            "c": {"additionalProperties": false}
        }}"#,
        expected: r#"{"a":1,"c":{"a":1,"b":2,"c":{}}}"#,
        pruned: &["b", "c.c.a", "c.c.apiVersion"],
    },
    PruneRow {
        name: "x-kubernetes-embedded-resource, with root=true",
        input: r#"{
            "apiVersion": "foo/v1",
            "kind": "Foo",
            "metadata": {
                "name": "instance",
                "namespace": "myns",
                "labels": {"foo": "bar"},
                "unspecified": "bar"
            },
            "unspecified": "bar",
            "pruned": {
                "apiVersion": "foo/v1",
                "kind": "Foo",
                "unspecified": "bar",
                "metadata": {
                    "name": "instance",
                    "namespace": "myns",
                    "labels": {"foo": "bar"},
                    "unspecified": "bar"
                },
                "spec": {"unspecified": "bar"}
            },
            "preserving": {
                "apiVersion": "foo/v1",
                "kind": "Foo",
                "unspecified": "bar",
                "metadata": {
                    "name": "instance",
                    "namespace": "myns",
                    "labels": {"foo": "bar"},
                    "unspecified": "bar"
                },
                "spec": {"unspecified": "bar"}
            },
            "nested": {
                "apiVersion": "foo/v1",
                "kind": "Foo",
                "unspecified": "bar",
                "metadata": {
                    "name": "instance",
                    "namespace": "myns",
                    "labels": {"foo": "bar"},
                    "unspecified": "bar"
                },
                "spec": {
                    "unspecified": "bar",
                    "embedded": {
                        "apiVersion": "foo/v1",
                        "kind": "Foo",
                        "unspecified": "bar",
                        "metadata": {
                            "name": "instance",
                            "namespace": "myns",
                            "labels": {"foo": "bar"},
                            "unspecified": "bar"
                        },
                        "spec": {"unspecified": "bar"}
                    }
                }
            }
        }"#,
        schema: r#"{
            "type": "object",
            "properties": {
                "metadata": {"type": "object"},
                "pruned": {
                    "type": "object",
                    "x-kubernetes-embedded-resource": true,
                    "properties": {
                        "metadata": {"type": "object"},
                        "spec": {"type": "object"}
                    }
                },
                "preserving": {
                    "type": "object",
                    "x-kubernetes-embedded-resource": true,
                    "x-kubernetes-preserve-unknown-fields": true
                },
                "nested": {
                    "type": "object",
                    "x-kubernetes-embedded-resource": true,
                    "properties": {
                        "spec": {
                            "type": "object",
                            "properties": {
                                "embedded": {
                                    "type": "object",
                                    "x-kubernetes-embedded-resource": true,
                                    "properties": {
                                        "metadata": {"type": "object"},
                                        "spec": {"type": "object"}
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }"#,
        expected: r#"{
            "apiVersion": "foo/v1",
            "kind": "Foo",
            "metadata": {
                "name": "instance",
                "namespace": "myns",
                "labels": {"foo": "bar"},
                "unspecified": "bar"
            },
            "pruned": {
                "apiVersion": "foo/v1",
                "kind": "Foo",
                "metadata": {
                    "name": "instance",
                    "namespace": "myns",
                    "labels": {"foo": "bar"},
                    "unspecified": "bar"
                },
                "spec": {}
            },
            "preserving": {
                "apiVersion": "foo/v1",
                "kind": "Foo",
                "unspecified": "bar",
                "metadata": {
                    "name": "instance",
                    "namespace": "myns",
                    "labels": {"foo": "bar"},
                    "unspecified": "bar"
                },
                "spec": {"unspecified": "bar"}
            },
            "nested": {
                "apiVersion": "foo/v1",
                "kind": "Foo",
                "metadata": {
                    "name": "instance",
                    "namespace": "myns",
                    "labels": {"foo": "bar"},
                    "unspecified": "bar"
                },
                "spec": {
                    "embedded": {
                        "apiVersion": "foo/v1",
                        "kind": "Foo",
                        "metadata": {
                            "name": "instance",
                            "namespace": "myns",
                            "labels": {"foo": "bar"},
                            "unspecified": "bar"
                        },
                        "spec": {}
                    }
                }
            }
        }"#,
        pruned: &[
            "nested.spec.embedded.spec.unspecified",
            "nested.spec.embedded.unspecified",
            "nested.spec.unspecified",
            "nested.unspecified",
            "pruned.spec.unspecified",
            "pruned.unspecified",
            "unspecified",
        ],
    },
];

const DEFAULT: &[Row] = &[
    Row {
        name: "empty",
        input: "null",
        schema: "{}",
        expected: "null",
    },
    Row {
        name: "scalar",
        input: "4",
        schema: r#"{"default": "foo"}"#,
        expected: "4",
    },
    Row {
        name: "scalar array",
        input: "[1,2]",
        schema: r#"{"items": {"default": "foo"}}"#,
        expected: "[1,2]",
    },
    Row {
        name: "object array",
        input: r#"[{"a":1},{"b":1},{"c":1}]"#,
        schema: r#"{"items": {"properties": {
            "a": {"default": "A"},
            "b": {"default": "B"},
            "c": {"default": "C"}
        }}}"#,
        expected: r#"[{"a":1,"b":"B","c":"C"},{"a":"A","b":1,"c":"C"},{"a":"A","b":"B","c":1}]"#,
    },
    Row {
        name: "object array object",
        input: r#"{"array":[{"a":1},{"b":2}],"object":{"a":1},"additionalProperties":{"x":{"a":1},"y":{"b":2}}}"#,
        schema: r#"{"properties": {
            "array": {"items": {"properties": {"a": {"default": "A"}, "b": {"default": "B"}}}},
            "object": {"properties": {"a": {"default": "N"}, "b": {"default": "O"}}},
            "additionalProperties": {"additionalProperties": {"properties": {
                "a": {"default": "alpha"},
                "b": {"default": "beta"}
            }}},
            "foo": {"default": "bar"}
        }}"#,
        expected: r#"{"array":[{"a":1,"b":"B"},{"a":"A","b":2}],"object":{"a":1,"b":"O"},"additionalProperties":{"x":{"a":1,"b":"beta"},"y":{"a":"alpha","b":2}},"foo":"bar"}"#,
    },
    Row {
        name: "empty and null",
        input: r#"[{},{"a":1},{"a":0},{"a":0.0},{"a":""},{"a":null},{"a":[]},{"a":{}}]"#,
        schema: r#"{"items": {"properties": {"a": {"default": "A"}}}}"#,
        expected: r#"[{"a":"A"},{"a":1},{"a":0},{"a":0.0},{"a":""},{"a":"A"},{"a":[]},{"a":{}}]"#,
    },
    Row {
        name: "null in nullable list",
        input: "[null]",
        schema: r#"{"nullable": true, "items": {"properties": {"a": {"default": "A"}}}}"#,
        expected: "[null]",
    },
    Row {
        name: "null in non-nullable list",
        input: "[null]",
        schema: r#"{"nullable": false, "items": {"default": "A"}}"#,
        expected: r#"["A"]"#,
    },
    Row {
        name: "null in nullable object",
        input: r#"{"a": null}"#,
        schema: r#"{"properties": {"a": {"nullable": true, "default": "A"}}}"#,
        expected: r#"{"a": null}"#,
    },
    Row {
        name: "null in non-nullable object",
        input: r#"{"a": null}"#,
        schema: r#"{"properties": {"a": {"nullable": false, "default": "A"}}}"#,
        expected: r#"{"a": "A"}"#,
    },
    Row {
        name: "null in nullable object with additionalProperties",
        input: r#"{"a": null}"#,
        schema: r#"{"additionalProperties": {"nullable": true, "default": "A"}}"#,
        expected: r#"{"a": null}"#,
    },
    Row {
        name: "null in non-nullable object with additionalProperties",
        input: r#"{"a": null}"#,
        schema: r#"{"additionalProperties": {"nullable": false, "default": "A"}}"#,
        expected: r#"{"a": "A"}"#,
    },
    Row {
        name: "null unknown field",
        input: r#"{"a": null}"#,
        schema: r#"{"additionalProperties": true}"#,
        expected: r#"{"a": null}"#,
    },
];

const PRUNE_NULLS: &[Row] = &[
    Row {
        name: "empty",
        input: "null",
        schema: "{}",
        expected: "null",
    },
    Row {
        name: "scalar",
        input: "4",
        schema: r#"{"default": "foo"}"#,
        expected: "4",
    },
    Row {
        name: "scalar array",
        input: "[1,null]",
        schema: "{}",
        expected: "[1,null]",
    },
    Row {
        name: "object array",
        input: r#"[{"a":null},{"b":null},{"c":null},{"d":null},{"e":null}]"#,
        schema: r#"{"items": {"properties": {
            "a": {"default": "A"},
            "b": {"nullable": true},
            "c": {"default": "C", "nullable": true},
            "d": {}
        }}}"#,
        expected: r#"[{"a":null},{"b":null},{"c":null},{},{"e":null}]"#,
    },
];

#[test]
fn upstream_prune() {
    check_all("TestPrune", PRUNE, prune_mismatch);
}

#[test]
fn upstream_default() {
    check_all("TestDefault", DEFAULT, |r| mismatch(r, run_default));
}

#[test]
fn upstream_prune_nulls() {
    check_all(
        "TestPruneNonNullableNullsWithoutDefaults",
        PRUNE_NULLS,
        |r| mismatch(r, run_prune_nulls),
    );
}
