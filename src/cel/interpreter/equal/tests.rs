//! `CachedDeepEqual`'s answers (k8s.io/apiserver `pkg/cel/common/equality_test.go`'s cases as
//! facts: reordered map lists, lists compared whole, keys with no schema, numbers by type).

use super::{equal, shape, Shape};
use crate::schema::convert::convert;
use crate::test_support::json_of;

fn eq(schema: &str, new: &str, old: &str) -> bool {
    let s = convert(&json_of(schema), "openAPIV3Schema").unwrap();
    equal(&shape(&s, false), &json_of(new), &json_of(old))
}

const MAP_LIST: &str = "type: object\nproperties:\n  l:\n    type: array\n    x-kubernetes-list-type: map\n    x-kubernetes-list-map-keys: [k]\n    items: {type: object, properties: {k: {type: string}, v: {type: integer}}}\n";
const SET: &str = "type: object\nproperties:\n  l:\n    type: array\n    x-kubernetes-list-type: set\n    items: {type: string}\n";

#[test]
fn map_lists_correlate_by_keys() {
    let a = "{l: [{k: a, v: 1}, {k: b, v: 2}]}";
    assert!(eq(MAP_LIST, a, a));
    // Reordered: each item has its old one.
    assert!(eq(MAP_LIST, "{l: [{k: b, v: 2}, {k: a, v: 1}]}", a));
    assert!(!eq(MAP_LIST, "{l: [{k: b, v: 3}, {k: a, v: 1}]}", a));
    assert!(!eq(MAP_LIST, "{l: [{k: c, v: 2}, {k: a, v: 1}]}", a));
    assert!(!eq(MAP_LIST, "{l: [{k: a, v: 1}]}", a));
}

#[test]
fn other_lists_compare_whole() {
    assert!(eq(SET, "{l: [a, b]}", "{l: [a, b]}"));
    assert!(!eq(SET, "{l: [b, a]}", "{l: [a, b]}"));
    let s = convert(&json_of(SET), "openAPIV3Schema").unwrap();
    assert_eq!(shape(&s, false), Shape::Plain);
}

#[test]
fn keys_without_a_schema_are_not_correlatable() {
    let open = "type: object\nx-kubernetes-preserve-unknown-fields: true\nproperties: {a: {type: integer}}\n";
    assert!(eq(open, "{a: 1}", "{a: 1}"));
    // `b` has no schema: the object is not equal to its old value, even unchanged.
    assert!(!eq(open, "{a: 1, b: 2}", "{a: 1, b: 2}"));
    let additional = "type: object\nadditionalProperties: {type: integer}\n";
    assert!(eq(additional, "{x: 1, y: 2}", "{y: 2, x: 1}"));
    assert!(!eq(additional, "{x: 1}", "{y: 1}"));
    // The root's metadata fields have none either.
    let root = "type: object\nproperties: {metadata: {type: object}, spec: {type: object, properties: {a: {type: integer}}}}\n";
    let s = convert(&json_of(root), "openAPIV3Schema").unwrap();
    let (new, old) = (json_of("{metadata: {name: x}, spec: {a: 1}}"), new_old());
    assert!(!equal(&shape(&s, true), &new, &old));
    assert!(equal(&shape(&s, false), &new, &old));
}

fn new_old() -> serde_json::Value {
    json_of("{metadata: {name: x}, spec: {a: 1}}")
}

#[test]
fn numbers_compare_by_type() {
    // (A YAML 1.0 reaches the apiserver as the JSON 1, an int64; a float comes from 1.5 etc.)
    let n = "type: object\nproperties: {n: {type: number}}\n";
    let s = convert(&json_of(n), "openAPIV3Schema").unwrap();
    let sh = shape(&s, false);
    let (int, float) = (serde_json::json!({"n": 1}), serde_json::json!({"n": 1.0}));
    assert!(equal(&sh, &int, &int.clone()));
    assert!(!equal(&sh, &float, &int));
}
