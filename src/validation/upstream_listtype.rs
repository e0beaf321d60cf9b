//! apiextensions-apiserver's table for list types (`TestValidateListSetsAndMaps`,
//! `pkg/apiserver/schema/listtype/validation_test.go`), v0.36.3, ported as facts: each row's
//! schema, object and expected errors.
//!
//! How a row runs here: the row's schema, written as the JSON schema upstream's `Structural`
//! stands for, goes through [`crate::schema::convert::convert`] and is compiled
//! ([`super::Compiler`]); the object (JSON, so that `1.0` stays a float64 as in the row) is read
//! as the apiserver holds it ([`super::data::Data::of_value`]); [`super::listtype::validate`]
//! walks it from the root path `root` (upstream's `field.NewPath("root")`; the apiserver passes
//! a nil path). The errors, rendered as `field.Error` renders them, are compared as a sorted
//! list (upstream matches them regardless of order: Go walks maps in random order).
//!
//! Upstream's rows name only each error's type and path; the value each carries is filled in
//! here from the function upstream tests (`listtype/validation.go`): a set's duplicate is the
//! element itself, a map's the key fields present in the element (`{}` when none is), and a
//! list-map element that is no object is `Invalid` with the detail `must be an object for an
//! array of list-type map`.
//!
//! Upstream's nil schema (rows `no schema`, `list without schema`) is given as the empty schema
//! `{}`: Go answers the same for both (only properties and additionalProperties are walked, and
//! the empty schema has neither).
//!
//! Left out, unreachable: `nil` and `no object`, whose object is nil — the apiserver always
//! validates a decoded object (`strategy.go` passes `u.Object`, a map).
//!
//! Every other row is ported, and every one answers as upstream expects.

use super::data::Data;
use super::listtype::validate;
use super::Compiler;
use crate::field::Path;
use crate::schema::convert::convert;
use serde_json::Value;

/// One row of `TestValidateListSetsAndMaps`.
struct Row {
    name: &'static str,
    /// The JSON schema of upstream's `Structural` (`{}` for nil).
    schema: &'static str,
    /// The object, JSON.
    object: &'static str,
    /// The errors, rendered, in any order.
    errors: &'static [&'static str],
}

const ROWS: &[Row] = &[
    Row {
        name: "no schema",
        schema: "{}",
        object: "{}",
        errors: &[],
    },
    Row {
        name: "list without schema",
        schema: "{}",
        object: r#"{"array": ["a", "b", "a"]}"#,
        errors: &[],
    },
    Row {
        name: "list without items",
        schema: r#"{"type": "object", "properties": {"array": {"type": "array"}}}"#,
        object: r#"{"array": ["a", "b", "a"]}"#,
        errors: &[],
    },
    Row {
        name: "set list with one item",
        schema: r#"{"type": "object", "properties": {"array": {"type": "array", "x-kubernetes-list-type": "set"}}}"#,
        object: r#"{"array": ["a"]}"#,
        errors: &[],
    },
    Row {
        name: "set list with two equal items",
        schema: r#"{"type": "object", "properties": {"array": {"type": "array", "x-kubernetes-list-type": "set"}}}"#,
        object: r#"{"array": ["a", "a"]}"#,
        errors: &[r#"root.array[1]: Duplicate value: "a""#],
    },
    Row {
        name: "set list with two different items",
        schema: r#"{"type": "object", "properties": {"array": {"type": "array", "x-kubernetes-list-type": "set"}}}"#,
        object: r#"{"array": ["a", "b"]}"#,
        errors: &[],
    },
    Row {
        name: "set list with multiple duplicated items",
        schema: r#"{"type": "object", "properties": {"array": {"type": "array", "x-kubernetes-list-type": "set"}}}"#,
        object: r#"{"array": ["a", "a", "b", "c", "d", "c"]}"#,
        errors: &[
            r#"root.array[1]: Duplicate value: "a""#,
            r#"root.array[5]: Duplicate value: "c""#,
        ],
    },
    Row {
        name: "normal list with items",
        schema: r#"{"type": "object", "properties": {"array": {"type": "array", "items": {"type": "string"}}}}"#,
        object: r#"{"array": ["a", "b", "a"]}"#,
        errors: &[],
    },
    Row {
        name: "set list with items",
        schema: r#"{"type": "object", "properties": {"array": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "string"}}}}"#,
        object: r#"{"array": ["a", "b", "a"]}"#,
        errors: &[r#"root.array[2]: Duplicate value: "a""#],
    },
    Row {
        name: "set list with items under additionalProperties",
        schema: r#"{"type": "object", "additionalProperties": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "string"}}}"#,
        object: r#"{"array": ["a", "b", "a"]}"#,
        errors: &[r#"root[array][2]: Duplicate value: "a""#],
    },
    Row {
        name: "set list with items under items",
        schema: r#"{"type": "object", "properties": {"array": {"type": "array", "items": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "string"}}}}}"#,
        object: r#"{"array": [["a", "b", "a"], ["b", "b", "a"]]}"#,
        errors: &[
            r#"root.array[0][2]: Duplicate value: "a""#,
            r#"root.array[1][1]: Duplicate value: "b""#,
        ],
    },
    Row {
        name: "nested set lists",
        schema: r#"{"type": "object", "properties": {"array": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "array", "x-kubernetes-list-type": "set"}}}}"#,
        object: r#"{"array": ["a", "b", "a", ["b", "b", "a"]]}"#,
        errors: &[
            r#"root.array[2]: Duplicate value: "a""#,
            r#"root.array[3][1]: Duplicate value: "b""#,
        ],
    },
    Row {
        name: "set list with compound map items",
        schema: r#"{"type": "object", "properties": {
            "strings": {"type": "array", "items": {"type": "string"}, "x-kubernetes-list-type": "set"},
            "integers": {"type": "array", "items": {"type": "integer"}, "x-kubernetes-list-type": "set"},
            "booleans": {"type": "array", "items": {"type": "boolean"}, "x-kubernetes-list-type": "set"},
            "float64": {"type": "array", "items": {"type": "number"}, "x-kubernetes-list-type": "set"},
            "nil": {"type": "array", "items": {"type": "string", "nullable": true}, "x-kubernetes-list-type": "set"},
            "empty maps": {"type": "array", "items": {"type": "object", "additionalProperties": {"type": "string"}}, "x-kubernetes-list-type": "set"},
            "map values": {"type": "array", "items": {"type": "object", "additionalProperties": {"type": "string"}}, "x-kubernetes-list-type": "set"},
            "nil values": {"type": "array", "items": {"type": "object", "additionalProperties": {"type": "string", "nullable": true}}, "x-kubernetes-list-type": "set"},
            "array": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}, "x-kubernetes-list-type": "set"},
            "nil array": {"type": "array", "items": {"type": "array", "items": {"type": "string", "nullable": true}}, "x-kubernetes-list-type": "set"},
            "multiple duplicates": {"type": "array", "items": {"type": "object", "additionalProperties": {"type": "string"}}, "x-kubernetes-list-type": "set"}
        }}"#,
        object: r#"{
            "strings": ["a", "b", "a"],
            "integers": [1, 2, 1],
            "booleans": [false, true, true],
            "float64": [1.0, 2.0, 2.0],
            "nil": ["a", null, null],
            "empty maps": [{"a": "b"}, {}, {}],
            "map values": [{"a": "b"}, {"a": "c"}, {"a": "b"}],
            "nil values": [{"a": null}, {"b": "c", "a": null}],
            "array": [[], ["a"], ["b"], ["a"]],
            "nil array": [[], [null], [null, null], [null], ["a"]],
            "multiple duplicates": [{"a": "b"}, {"a": "c"}, {"a": "b"}, {"a": "c"}, {"a": "c"}]
        }"#,
        errors: &[
            r#"root.strings[2]: Duplicate value: "a""#,
            "root.integers[2]: Duplicate value: 1",
            "root.booleans[2]: Duplicate value: true",
            "root.float64[2]: Duplicate value: 2",
            "root.nil[2]: Duplicate value: null",
            "root.empty maps[2]: Duplicate value: {}",
            r#"root.map values[2]: Duplicate value: {"a":"b"}"#,
            r#"root.array[3]: Duplicate value: ["a"]"#,
            "root.nil array[3]: Duplicate value: [null]",
            r#"root.multiple duplicates[2]: Duplicate value: {"a":"b"}"#,
            r#"root.multiple duplicates[3]: Duplicate value: {"a":"c"}"#,
        ],
    },
    Row {
        name: "set list with compound array items",
        schema: r#"{"type": "object", "properties": {"array": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "string"}}}}"#,
        object: r#"{"array": [[], ["a"], ["a"]]}"#,
        errors: &[r#"root.array[2]: Duplicate value: ["a"]"#],
    },
    Row {
        name: "map list with compound map items",
        schema: r#"{"type": "object", "properties": {
            "strings": {"type": "array", "items": {"type": "string"}, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["a"]},
            "integers": {"type": "array", "items": {"type": "integer"}, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["a"]},
            "booleans": {"type": "array", "items": {"type": "boolean"}, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["a"]},
            "float64": {"type": "array", "items": {"type": "number"}, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["a"]},
            "nil": {"type": "array", "items": {"type": "string", "nullable": true}, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["a"]},
            "array": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["a"]},
            "one key": {"type": "array", "items": {"type": "object", "additionalProperties": {"type": "string"}}, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["a"]},
            "two keys": {"type": "array", "items": {"type": "object", "additionalProperties": {"type": "string"}}, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["a", "b"]},
            "undefined key": {"type": "array", "items": {"type": "object", "additionalProperties": {"type": "string"}}, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["a", "b"]},
            "compound key": {"type": "array", "items": {"type": "object", "additionalProperties": {"type": "string", "nullable": true}}, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["a"]},
            "nil key": {"type": "array", "items": {"type": "object", "properties": {"a": {"type": "array", "nullable": true, "items": {"type": "string"}}, "c": {"type": "string"}}}, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["a"]},
            "nil item": {"type": "array", "items": {"type": "object", "properties": {"a": {"type": "array", "nullable": true, "items": {"type": "string"}}, "c": {"type": "string"}}}, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["a"]},
            "nil item multiple keys": {"type": "array", "items": {"type": "object", "properties": {"a": {"type": "array", "nullable": true, "items": {"type": "string"}}, "b": {"type": "string"}, "c": {"type": "string"}}}, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["a", "b"]},
            "multiple duplicates": {"type": "array", "items": {"type": "object", "additionalProperties": {"type": "string", "nullable": true}}, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["a"]}
        }}"#,
        object: r#"{
            "strings": ["a"],
            "integers": [1],
            "booleans": [false],
            "float64": [1.0],
            "nil": [null],
            "array": [["a"]],
            "one key": [{"a": "0", "c": "2"}, {"a": "1", "c": "1"}, {"a": "1", "c": "2"}, {}],
            "two keys": [{"a": "1", "b": "1", "c": "1"}, {"a": "1", "b": "2", "c": "2"}, {"a": "1", "b": "2", "c": "3"}, {}],
            "undefined key": [{"a": "1", "b": "1", "c": "1"}, {"a": "1", "c": "2"}, {"a": "1", "c": "3"}, {}],
            "compound key": [{"a": [], "c": "1"}, {"a": null, "c": "1"}, {"a": ["a"], "c": "1"}, {"a": ["a", 42], "c": "2"}, {"a": ["a", 42], "c": ["3"]}],
            "nil key": [{"a": [], "c": "1"}, {"a": null, "c": "1"}, {"c": "1"}, {"a": null}],
            "nil item": [null, {"a": "0", "c": "1"}, {"a": null}, {"c": "1"}],
            "nil item multiple keys": [null, {"b": "0", "c": "1"}, {"a": null}, {"c": "1"}],
            "multiple duplicates": [
                {"a": [], "c": "1"},
                {"a": null, "c": "1"},
                {"a": ["a"], "c": "1"},
                {"a": ["a", 42], "c": "2"},
                {"a": ["a", 42], "c": ["3"]},
                {"a": ["a"], "c": "1", "d": "1"},
                {"a": ["a"], "c": "1", "d": "2"}
            ]
        }"#,
        errors: &[
            r#"root.strings[0]: Invalid value: "a": must be an object for an array of list-type map"#,
            "root.integers[0]: Invalid value: 1: must be an object for an array of list-type map",
            "root.booleans[0]: Invalid value: false: must be an object for an array of list-type map",
            "root.float64[0]: Invalid value: 1: must be an object for an array of list-type map",
            r#"root.array[0]: Invalid value: ["a"]: must be an object for an array of list-type map"#,
            r#"root.one key[2]: Duplicate value: {"a":"1"}"#,
            r#"root.two keys[2]: Duplicate value: {"a":"1","b":"2"}"#,
            r#"root.undefined key[2]: Duplicate value: {"a":"1"}"#,
            r#"root.compound key[4]: Duplicate value: {"a":["a",42]}"#,
            r#"root.nil key[3]: Duplicate value: {"a":null}"#,
            "root.nil item[3]: Duplicate value: {}",
            "root.nil item multiple keys[3]: Duplicate value: {}",
            r#"root.multiple duplicates[4]: Duplicate value: {"a":["a",42]}"#,
            r#"root.multiple duplicates[5]: Duplicate value: {"a":["a"]}"#,
        ],
    },
];

/// Our errors for a row, rendered and sorted.
fn answer(row: &Row) -> Vec<String> {
    let schema: Value = serde_json::from_str(row.schema).expect("row schema is JSON");
    let s = convert(&schema, "").expect("row schema converts");
    let compiled = Compiler::new().compile(&s);
    let object: Value = serde_json::from_str(row.object).expect("row object is JSON");
    let mut errs = Vec::new();
    let data = Data::of_value(&object);
    validate(&s, &compiled.side, &data, &Path::Root("root"), &mut errs);
    let mut got: Vec<String> = errs.iter().map(ToString::to_string).collect();
    got.sort();
    got
}

fn expected(row: &Row) -> Vec<String> {
    let mut want: Vec<String> = row.errors.iter().map(|e| e.to_string()).collect();
    want.sort();
    want
}

#[test]
fn validate_list_sets_and_maps() {
    let mut failed = Vec::new();
    for row in ROWS {
        let (got, want) = (answer(row), expected(row));
        println!("{}:\n  want {want:?}\n  got  {got:?}", row.name);
        if got != want {
            failed.push(format!("{}:\n  want {want:#?}\n  got  {got:#?}", row.name));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}
