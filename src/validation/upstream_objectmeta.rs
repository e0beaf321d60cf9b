//! apiextensions-apiserver's tables for embedded resources and ObjectMeta
//! (`pkg/apiserver/schema/objectmeta`, v0.36.3), ported as facts: `TestValidateEmbeddedResource`
//! and `TestValidate` (`validation_test.go`), `TestCoerce` (`algorithm_test.go`),
//! `TestGetObjectMetaWithOptions`, `TestGetObjectMetaNils`, `TestGetObjectMeta`,
//! `TestRoundtripObjectMeta` and `TestMalformedObjectMetaFields` (`coerce_test.go`).
//!
//! How a row runs here (schemas are written in YAML or JSON and read with
//! [`crate::test_support::schema`]; objects are JSON):
//! - `TestValidateEmbeddedResource` (upstream calls `validateEmbeddedResource` on the object,
//!   nil path): [`crate::validation::validate_value`] with the schema
//!   `{x-kubernetes-embedded-resource: true}` and the object as a resource — the object's own
//!   TypeMeta and ObjectMeta checks; the schema has nothing below it. Upstream's rows name each
//!   error's type and path; the rendered error here adds the value and detail
//!   `validateEmbeddedResource` gives (apimachinery's name-rule messages).
//! - `TestValidate` (`Validate(nil, obj, schema, includeRoot)`, as the strategy calls it with
//!   `false` and the defaults check with `true`): [`crate::validation::validate_value`] with
//!   `embedded` = `includeRoot`. Errors are compared as sorted lists (Go walks maps at random).
//! - `TestCoerce` (`CoerceWithOptions` with unknown paths returned): by the options the row uses,
//!   the code that answers for the apiserver's call with those options:
//!   - malformed fields kept (`dropInvalidFields` false): [`crate::validation::coerce_value`]
//!     (upstream's `Coerce(..., false)`, the defaults check) must give no error and the
//!     expected object; and the request path's coercion, whose unknown paths are returned —
//!     [`crate::objectmeta::coerce_embedded`] below the root (`CoerceWithOptions(nil, obj, schema, false,
//!     ...)`), preceded by [`crate::objectmeta::coerce_root`] for the row run with `includeRoot` (the
//!     request path reads the root's ObjectMeta with `GetObjectMetaWithOptions`, its unknown
//!     paths first) — must give the expected object and unknown paths.
//!   - malformed fields dropped (the storage decoder's `CoerceWithOptions(nil, obj, schema,
//!     false, {DropInvalidFields})`): [`crate::objectmeta::coerce_embedded`], object and unknown paths.
//!     Upstream runs these rows with unknown paths returned too, a pairing the apiserver never
//!     uses; they expect none, which is also what the storage decoder's call returns, so they
//!     are ported (ours must report none either).
//!
//!   Upstream's nil schema (row `empty`) is given as the empty schema `{}` (Go answers the same:
//!   a scalar is not walked).
//! - `TestGetObjectMetaWithOptions`, by its options: malformed fields kept (the request
//!   decoders): [`crate::objectmeta::decode_error`] must give upstream's error text, or none; then the
//!   ObjectMeta is [`crate::objectmeta::round_tripped`] and, when unknown paths are returned,
//!   [`crate::objectmeta::coerce_root`]'s unknown paths are compared. Malformed fields dropped without
//!   unknown paths (the storage decoder): [`crate::objectmeta::coerce_root`]'s metadata. The expected
//!   `metav1.ObjectMeta` is written as the JSON it encodes to (empty fields omitted).
//! - `TestGetObjectMetaNils` and `TestGetObjectMeta` (`GetObjectMeta(obj, true)`):
//!   [`crate::objectmeta::coerce_root`]; the Pod decoding `TestGetObjectMetaNils` checks against is
//!   [`crate::objectmeta::decode_error`] (no error).
//! - `TestRoundtripObjectMeta` and `TestMalformedObjectMetaFields` fill an ObjectMeta at random
//!   (gofuzz): here one fixed, fully filled ObjectMeta stands for it ([`FULL_META`]). Round trip:
//!   it decodes ([`crate::objectmeta::decode_error`]) and [`crate::objectmeta::round_tripped`] gives it back. Malformed
//!   fields: every path in it (as upstream's `jsonPaths`) set to each of upstream's spurious
//!   values whose Go type differs; when Go's decoding fails ([`crate::objectmeta::decode_error`], our model
//!   of it) [`crate::objectmeta::coerce_root`] must give the metadata with the whole top-level field dropped
//!   (and report that field), else it must drop nothing.
//!
//! Left out, unreachable: the three `TestGetObjectMetaWithOptions` rows run with both
//! `dropMalformedFields` and `returnUnknownFieldPaths`: the apiserver never uses both (the
//! storage decoder drops malformed fields and returns no unknown paths; the request decoders
//! return unknown paths and keep malformed fields, refusing them).
//!
//! Every other row is ported, and every one answers as upstream expects.

use crate::field::Path;
use crate::objectmeta::{coerce_embedded, coerce_root, decode_error, round_tripped};
use crate::schema::Structural;
use crate::test_support::schema;
use crate::validation::{coerce_value, validate_value};
use crate::yaml::json::{from_json, from_json_str, to_json};
use serde_json::{json, Value};

fn value(text: &str) -> Value {
    serde_json::from_str(text).expect("row JSON")
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// Collects a failed row's report.
fn check<T: PartialEq + std::fmt::Debug>(
    failed: &mut Vec<String>,
    row: &str,
    what: &str,
    got: T,
    want: T,
) {
    if got != want {
        failed.push(format!("{row} ({what}):\n  want {want:?}\n  got  {got:?}"));
    }
}

// ---------------------------------------------------------------------------------------------
// TestValidateEmbeddedResource

/// One row of `TestValidateEmbeddedResource` or `TestValidate`.
struct ValidateRow {
    name: &'static str,
    object: &'static str,
    /// `includeRoot` (always true for `TestValidateEmbeddedResource`: the object is the resource).
    include_root: bool,
    /// The errors, rendered, in any order.
    errors: &'static [&'static str],
}

const EMBEDDED_RESOURCE_ROWS: &[ValidateRow] = &[
    ValidateRow {
        name: "empty",
        object: "{}",
        include_root: true,
        errors: &["apiVersion: Required value", "kind: Required value"],
    },
    ValidateRow {
        name: "version and kind",
        object: r#"{"apiVersion": "foo/v1", "kind": "Foo"}"#,
        include_root: true,
        errors: &[],
    },
    ValidateRow {
        name: "invalid kind",
        object: r#"{"apiVersion": "foo/v1", "kind": "foo.bar-com"}"#,
        include_root: true,
        errors: &[concat!(
            r#"kind: Invalid value: "foo.bar-com": may have mixed case, but should otherwise match: "#,
            "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')"
        )],
    },
    ValidateRow {
        name: "no name",
        object: r#"{"apiVersion": "foo/v1", "kind": "Foo", "metadata": {"namespace": "kube-system"}}"#,
        include_root: true,
        errors: &[],
    },
    ValidateRow {
        name: "no namespace",
        object: r#"{"apiVersion": "foo/v1", "kind": "Foo", "metadata": {"name": "foo"}}"#,
        include_root: true,
        errors: &[],
    },
    ValidateRow {
        name: "invalid",
        object: r##"{"apiVersion": "foo/v1", "kind": "Foo", "metadata": {"name": "..", "namespace": "$$$", "labels": {"#": "#"}, "annotations": {"#": "#"}}}"##,
        include_root: true,
        errors: &[
            r#"metadata.name: Invalid value: "..": may not be '..'"#,
            r#"metadata.namespace: Invalid value: "$$$": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"#,
            // the key
            r##"metadata.labels: Invalid value: "#": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"##,
            // the value
            r##"metadata.labels: Invalid value: "#": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"##,
            // the key
            r##"metadata.annotations: Invalid value: "#": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"##,
        ],
    },
];

/// Our errors for a validation row under schema `s`, rendered and sorted.
fn validate_answer(row: &ValidateRow, s: &Structural) -> Vec<String> {
    let obj = value(row.object);
    let mut errs = Vec::new();
    validate_value(&obj, s, row.include_root, &Path::Root(""), &mut errs);
    sorted(errs.iter().map(ToString::to_string).collect())
}

fn run_validate_rows(rows: &[ValidateRow], s: &Structural) {
    let mut failed = Vec::new();
    for row in rows {
        let got = validate_answer(row, s);
        let want = sorted(strings(row.errors));
        println!("{}:\n  want {want:?}\n  got  {got:?}", row.name);
        check(&mut failed, row.name, "errors", got, want);
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn validate_embedded_resource() {
    run_validate_rows(
        EMBEDDED_RESOURCE_ROWS,
        &schema("{x-kubernetes-embedded-resource: true}"),
    );
}

// ---------------------------------------------------------------------------------------------
// TestValidate

/// The schema all `TestValidate` rows use.
const VALIDATE_SCHEMA: &str = r#"{"properties": {
    "embedded": {"x-kubernetes-embedded-resource": true},
    "nested": {"x-kubernetes-embedded-resource": true, "properties": {"embedded": {"x-kubernetes-embedded-resource": true}}},
    "items": {"items": {"x-kubernetes-embedded-resource": true}},
    "additionalProperties": {"additionalProperties": {"x-kubernetes-embedded-resource": true}}
}}"#;

const VALIDATE_ROWS: &[ValidateRow] = &[
    ValidateRow {
        name: "empty",
        object: "{}",
        include_root: false,
        errors: &[],
    },
    ValidateRow {
        name: "include root",
        object: "{}",
        include_root: true,
        errors: &["apiVersion: Required value", "kind: Required value"],
    },
    ValidateRow {
        name: "embedded",
        object: r#"{"embedded": {}}"#,
        include_root: false,
        errors: &[
            "embedded.apiVersion: Required value",
            "embedded.kind: Required value",
        ],
    },
    ValidateRow {
        name: "nested",
        object: r#"{"nested": {"embedded": {}}}"#,
        include_root: false,
        errors: &[
            "nested.apiVersion: Required value",
            "nested.kind: Required value",
            "nested.embedded.apiVersion: Required value",
            "nested.embedded.kind: Required value",
        ],
    },
    ValidateRow {
        name: "items",
        object: r#"{"items": [{}]}"#,
        include_root: false,
        errors: &[
            "items[0].apiVersion: Required value",
            "items[0].kind: Required value",
        ],
    },
    ValidateRow {
        name: "additionalProperties",
        object: r#"{"additionalProperties": {"foo": {}}}"#,
        include_root: false,
        errors: &[
            "additionalProperties[foo].apiVersion: Required value",
            "additionalProperties[foo].kind: Required value",
        ],
    },
];

#[test]
fn validate() {
    run_validate_rows(VALIDATE_ROWS, &schema(VALIDATE_SCHEMA));
}

// ---------------------------------------------------------------------------------------------
// TestCoerce

/// One row of `TestCoerce` (no row expects an error).
struct CoerceRow {
    name: &'static str,
    input: &'static str,
    include_root: bool,
    drop_invalid_fields: bool,
    /// The schema (`{}` for upstream's nil).
    schema: &'static str,
    expected: &'static str,
    /// The unknown paths, sorted.
    unknown: &'static [&'static str],
}

/// The schema of the `x-kubernetes-embedded-resource` rows.
const EMBEDDED_SCHEMA: &str = r#"{"type": "object", "properties": {
    "pruned": {"type": "object", "x-kubernetes-embedded-resource": true, "properties": {"spec": {"type": "object"}}},
    "preserving": {"type": "object", "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true},
    "nested": {"type": "object", "x-kubernetes-embedded-resource": true, "properties": {"spec": {"type": "object", "properties": {
        "embedded": {"type": "object", "x-kubernetes-embedded-resource": true, "properties": {"spec": {"type": "object"}}}
    }}}}
}}"#;

/// The input of the `x-kubernetes-embedded-resource` rows.
const EMBEDDED_INPUT: &str = r#"{
  "apiVersion": "foo/v1", "kind": "Foo", "metadata": {"name": "instance", "unspecified": "bar"},
  "unspecified": "bar",
  "pruned": {"apiVersion": "foo/v1", "kind": "Foo", "unspecified": "bar", "metadata": {"name": "instance", "unspecified": "bar"}, "spec": {"unspecified": "bar"}},
  "preserving": {"apiVersion": "foo/v1", "kind": "Foo", "unspecified": "bar", "metadata": {"name": "instance", "unspecified": "bar"}, "spec": {"unspecified": "bar"}},
  "nested": {"apiVersion": "foo/v1", "kind": "Foo", "unspecified": "bar", "metadata": {"name": "instance", "unspecified": "bar"}, "spec": {"unspecified": "bar",
    "embedded": {"apiVersion": "foo/v1", "kind": "Foo", "unspecified": "bar", "metadata": {"name": "instance", "unspecified": "bar"}, "spec": {"unspecified": "bar"}}}}
}"#;

/// The output of the `x-kubernetes-embedded-resource` rows below the root.
macro_rules! embedded_output {
    ($root_meta:literal) => {
        concat!(
            r#"{"apiVersion": "foo/v1", "kind": "Foo", "metadata": "#,
            $root_meta,
            r#", "unspecified": "bar",
  "pruned": {"apiVersion": "foo/v1", "kind": "Foo", "unspecified": "bar", "metadata": {"name": "instance"}, "spec": {"unspecified": "bar"}},
  "preserving": {"apiVersion": "foo/v1", "kind": "Foo", "unspecified": "bar", "metadata": {"name": "instance"}, "spec": {"unspecified": "bar"}},
  "nested": {"apiVersion": "foo/v1", "kind": "Foo", "unspecified": "bar", "metadata": {"name": "instance"}, "spec": {"unspecified": "bar",
    "embedded": {"apiVersion": "foo/v1", "kind": "Foo", "unspecified": "bar", "metadata": {"name": "instance"}, "spec": {"unspecified": "bar"}}}}
}"#
        )
    };
}

const COERCE_ROWS: &[CoerceRow] = &[
    CoerceRow {
        name: "empty",
        input: "null",
        include_root: false,
        drop_invalid_fields: false,
        schema: "{}",
        expected: "null",
        unknown: &[],
    },
    CoerceRow {
        name: "scalar",
        input: "4",
        include_root: false,
        drop_invalid_fields: false,
        schema: "{}",
        expected: "4",
        unknown: &[],
    },
    CoerceRow {
        name: "scalar array",
        input: "[1,2]",
        include_root: false,
        drop_invalid_fields: false,
        schema: r#"{"items": {}}"#,
        expected: "[1,2]",
        unknown: &[],
    },
    CoerceRow {
        name: "x-kubernetes-embedded-resource",
        input: EMBEDDED_INPUT,
        include_root: false,
        drop_invalid_fields: false,
        schema: EMBEDDED_SCHEMA,
        expected: embedded_output!(r#"{"name": "instance", "unspecified": "bar"}"#),
        unknown: &[
            "nested.metadata.unspecified",
            "nested.spec.embedded.metadata.unspecified",
            "preserving.metadata.unspecified",
            "pruned.metadata.unspecified",
        ],
    },
    CoerceRow {
        name: "x-kubernetes-embedded-resource, with includeRoot=true",
        input: EMBEDDED_INPUT,
        include_root: true,
        drop_invalid_fields: false,
        schema: EMBEDDED_SCHEMA,
        expected: embedded_output!(r#"{"name": "instance"}"#),
        unknown: &[
            "metadata.unspecified",
            "nested.metadata.unspecified",
            "nested.spec.embedded.metadata.unspecified",
            "preserving.metadata.unspecified",
            "pruned.metadata.unspecified",
        ],
    },
    CoerceRow {
        name: "without name",
        input: r#"{"apiVersion": "foo/v1", "kind": "Foo", "metadata": {"name": "instance"},
            "pruned": {"apiVersion": "foo/v1", "kind": "Foo", "metadata": {"namespace": "kube-system"}}}"#,
        include_root: false,
        drop_invalid_fields: false,
        schema: r#"{"type": "object", "properties": {"pruned": {"type": "object", "x-kubernetes-embedded-resource": true}}}"#,
        expected: r#"{"apiVersion": "foo/v1", "kind": "Foo", "metadata": {"name": "instance"},
            "pruned": {"apiVersion": "foo/v1", "kind": "Foo", "metadata": {"namespace": "kube-system"}}}"#,
        unknown: &[],
    },
    CoerceRow {
        name: "x-kubernetes-embedded-resource, with dropInvalidFields=true",
        input: r#"{"apiVersion": "foo/v1", "kind": "Foo", "metadata": {"name": "instance"},
            "pruned": {"apiVersion": 42, "kind": 42, "metadata": {"name": "instance", "namespace": ["abc"], "labels": {"foo": 42}}}}"#,
        include_root: false,
        drop_invalid_fields: true,
        schema: r#"{"type": "object", "properties": {"pruned": {"type": "object", "x-kubernetes-embedded-resource": true, "properties": {"spec": {"type": "object"}}}}}"#,
        expected: r#"{"apiVersion": "foo/v1", "kind": "Foo", "metadata": {"name": "instance"},
            "pruned": {"metadata": {"name": "instance"}}}"#,
        unknown: &[],
    },
    CoerceRow {
        name: "invalid metadata type, with dropInvalidFields=true",
        input: r#"{"apiVersion": "foo/v1", "kind": "Foo", "metadata": {"name": "instance"},
            "pruned": {"apiVersion": 42, "kind": 42, "metadata": [42]}}"#,
        include_root: false,
        drop_invalid_fields: true,
        schema: r#"{"type": "object", "properties": {"pruned": {"type": "object", "x-kubernetes-embedded-resource": true}}}"#,
        expected: r#"{"apiVersion": "foo/v1", "kind": "Foo", "metadata": {"name": "instance"},
            "pruned": {"metadata": [42]}}"#,
        unknown: &[],
    },
];

/// Checks one `TestCoerce` row, adding what differs to `failed`.
fn coerce_row(row: &CoerceRow, failed: &mut Vec<String>) {
    let s = schema(row.schema);
    let want = value(row.expected);
    if !row.drop_invalid_fields {
        // Coerce(pth, obj, s, includeRoot, false): no error, the object coerced in place.
        let mut x = value(row.input);
        let err = coerce_value(&mut x, &s, row.include_root, &Path::Root(""));
        let err = err.map(|e| e.to_string());
        println!("{} (Coerce):\n  error {err:?}\n  got   {x}", row.name);
        check(failed, row.name, "Coerce error", err, None);
        check(failed, row.name, "Coerce object", x, want.clone());
    }
    // The request path (malformed fields kept) or the storage decoder (dropped): the root's
    // ObjectMeta read first when the row includes the root, then the embedded resources.
    let mut node = from_json_str(row.input).expect("row JSON");
    let mut unknown = Vec::new();
    if row.include_root {
        unknown.extend(coerce_root(&mut node).unknown);
    }
    unknown.extend(coerce_embedded(&mut node, &s).unknown);
    let got = to_json(&node).expect("JSON");
    println!(
        "{} (coercion):\n  want {} {:?}\n  got  {got} {unknown:?}",
        row.name, want, row.unknown
    );
    check(failed, row.name, "object", got, want);
    check(
        failed,
        row.name,
        "unknown paths",
        unknown,
        strings(row.unknown),
    );
}

#[test]
fn coerce() {
    let mut failed = Vec::new();
    for row in COERCE_ROWS {
        coerce_row(row, &mut failed);
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// TestGetObjectMetaWithOptions, TestGetObjectMetaNils, TestGetObjectMeta

const UNKNOWN_AND_MALFORMED: &str = r#"{"kind": "Pod", "apiVersion": "v1", "metadata": {"name": "my-meta", "unknownField": "foo", "generateName": null, "generation": null, "labels": {"foo": "bar"}, "annotations": 11}}"#;
const UNKNOWN_ONLY: &str = r#"{"kind": "Pod", "apiVersion": "v1", "metadata": {"name": "my-meta", "unknownField": "foo", "generateName": null, "generation": null, "labels": {"foo": "bar"}}}"#;
const MALFORMED_ONLY: &str = r#"{"kind": "Pod", "apiVersion": "v1", "metadata": {"name": "my-meta", "generateName": null, "generation": null, "labels": {"foo": "bar"}, "annotations": 11}}"#;

/// The ObjectMeta every row that decodes expects, as JSON.
const MY_META: &str = r#"{"name": "my-meta", "labels": {"foo": "bar"}}"#;

const ANNOTATIONS_ERROR: &str =
    "json: cannot unmarshal number into Go struct field ObjectMeta.annotations of type map[string]string";

/// One row of `TestGetObjectMetaWithOptions` (rows with both options set are left out).
struct MetaRow {
    name: &'static str,
    obj: &'static str,
    drop_malformed_fields: bool,
    return_unknown_field_paths: bool,
    /// The ObjectMeta as JSON (`None`: nil, with an error).
    expected_object: Option<&'static str>,
    expected_unknown: &'static [&'static str],
    expected_err: Option<&'static str>,
}

const META_ROWS: &[MetaRow] = &[
    MetaRow {
        name: "unknownAndMalformed, keep malformed",
        obj: UNKNOWN_AND_MALFORMED,
        drop_malformed_fields: false,
        return_unknown_field_paths: false,
        expected_object: None,
        expected_unknown: &[],
        expected_err: Some(ANNOTATIONS_ERROR),
    },
    MetaRow {
        name: "unknownAndMalformed, drop malformed",
        obj: UNKNOWN_AND_MALFORMED,
        drop_malformed_fields: true,
        return_unknown_field_paths: false,
        expected_object: Some(MY_META),
        expected_unknown: &[],
        expected_err: None,
    },
    MetaRow {
        name: "unknownAndMalformed, keep malformed, unknown paths",
        obj: UNKNOWN_AND_MALFORMED,
        drop_malformed_fields: false,
        return_unknown_field_paths: true,
        expected_object: None,
        expected_unknown: &[],
        expected_err: Some(ANNOTATIONS_ERROR),
    },
    MetaRow {
        name: "unknownOnly, keep malformed",
        obj: UNKNOWN_ONLY,
        drop_malformed_fields: false,
        return_unknown_field_paths: false,
        expected_object: Some(MY_META),
        expected_unknown: &[],
        expected_err: None,
    },
    MetaRow {
        name: "unknownOnly, drop malformed",
        obj: UNKNOWN_ONLY,
        drop_malformed_fields: true,
        return_unknown_field_paths: false,
        expected_object: Some(MY_META),
        expected_unknown: &[],
        expected_err: None,
    },
    MetaRow {
        name: "unknownOnly, keep malformed, unknown paths",
        obj: UNKNOWN_ONLY,
        drop_malformed_fields: false,
        return_unknown_field_paths: true,
        expected_object: Some(MY_META),
        expected_unknown: &["metadata.unknownField"],
        expected_err: None,
    },
    MetaRow {
        name: "malformedOnly, keep malformed",
        obj: MALFORMED_ONLY,
        drop_malformed_fields: false,
        return_unknown_field_paths: false,
        expected_object: None,
        expected_unknown: &[],
        expected_err: Some(ANNOTATIONS_ERROR),
    },
    MetaRow {
        name: "malformedOnly, drop malformed",
        obj: MALFORMED_ONLY,
        drop_malformed_fields: true,
        return_unknown_field_paths: false,
        expected_object: Some(MY_META),
        expected_unknown: &[],
        expected_err: None,
    },
    MetaRow {
        name: "malformedOnly, keep malformed, unknown paths",
        obj: MALFORMED_ONLY,
        drop_malformed_fields: false,
        return_unknown_field_paths: true,
        expected_object: None,
        expected_unknown: &[],
        expected_err: Some(ANNOTATIONS_ERROR),
    },
];

/// The root `metadata` after [`coerce_root`] of `obj`, and the unknown paths.
fn coerced_root(obj: &Value) -> (Value, Vec<String>) {
    let mut node = from_json(obj);
    let found = coerce_root(&mut node);
    let out = to_json(&node).expect("JSON");
    (out["metadata"].clone(), found.unknown)
}

fn meta_row(row: &MetaRow, failed: &mut Vec<String>) {
    let obj = value(row.obj);
    let meta = &obj["metadata"];
    let want_object = row.expected_object.map(value);
    let want_unknown = strings(row.expected_unknown);
    if row.drop_malformed_fields {
        // The storage decoder: no error, malformed fields dropped, no unknown paths returned.
        let (got, _) = coerced_root(&obj);
        println!("{}:\n  want {want_object:?}\n  got  {got}", row.name);
        check(failed, row.name, "object", Some(got), want_object);
        return;
    }
    let err = decode_error(meta).map(|e| e.message);
    println!(
        "{}:\n  want error {:?}\n  got  error {err:?}",
        row.name, row.expected_err
    );
    check(failed, row.name, "error", err.as_deref(), row.expected_err);
    if row.expected_err.is_some() {
        return;
    }
    check(
        failed,
        row.name,
        "object",
        Some(round_tripped(meta)),
        want_object,
    );
    if row.return_unknown_field_paths {
        let (_, unknown) = coerced_root(&obj);
        check(failed, row.name, "unknown paths", unknown, want_unknown);
    }
}

#[test]
fn get_object_meta_with_options() {
    let mut failed = Vec::new();
    for row in META_ROWS {
        meta_row(row, &mut failed);
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn get_object_meta_nils() {
    let obj = json!({"kind": "Pod", "apiVersion": "v1", "metadata": {
        "generateName": null, "generation": null, "labels": {"foo": null}}});
    // generateName "", generation 0, labels {foo: ""}: as ObjectMeta encodes it.
    let (got, _) = coerced_root(&obj);
    assert_eq!(got, json!({"labels": {"foo": ""}}));
    // The Pod decoder reads it without an error, to the same.
    assert_eq!(decode_error(&obj["metadata"]).map(|e| e.message), None);
    assert_eq!(round_tripped(&obj["metadata"]), got);
}

#[test]
fn get_object_meta() {
    let obj = json!({"metadata": {
        "name": "good", "Name": "bad1", "nAme": "bad2", "naMe": "bad3", "namE": "bad4",
        "namespace": "good", "Namespace": "bad1", "nAmespace": "bad2", "naMespace": "bad3", "namEspace": "bad4",
        "creationTimestamp": "a"}});
    let (got, _) = coerced_root(&obj);
    assert_eq!(got["name"], "good", "{got}");
    assert_eq!(got["namespace"], "good", "{got}");
}

// ---------------------------------------------------------------------------------------------
// TestRoundtripObjectMeta, TestMalformedObjectMetaFields

/// A fully filled ObjectMeta as `ToUnstructured` writes it (standing for the fuzzed one).
const FULL_META: &str = r#"{
  "name": "n", "generateName": "g", "namespace": "ns", "selfLink": "/apis/x", "uid": "u-1",
  "resourceVersion": "7", "generation": 3,
  "creationTimestamp": "2020-01-02T03:04:05Z", "deletionTimestamp": "2021-01-02T03:04:05Z",
  "deletionGracePeriodSeconds": 30,
  "labels": {"a": "1", "b": "2"}, "annotations": {"x": "y"},
  "ownerReferences": [{"apiVersion": "v1", "kind": "Pod", "name": "p", "uid": "u-2", "controller": true, "blockOwnerDeletion": false}],
  "finalizers": ["f1", "f2"],
  "managedFields": [{"manager": "m", "operation": "Apply", "apiVersion": "v1", "time": "2020-01-02T03:04:05Z",
    "fieldsType": "FieldsV1", "fieldsV1": {"f:metadata": {"f:name": {}}}, "subresource": "status"}]
}"#;

/// Upstream's spurious values, JSON.
const SPURIOUS: &[&str] = &[
    "null",
    "1",
    "1.5",
    "true",
    r#""a""#,
    r#"["a", "b"]"#,
    r#"{"a": "1", "b": "2"}"#,
    "[1, 2]",
    "[1.5, 2.5]",
    r#"{"a": "1", "b": null}"#,
    r#"{"a": "1", "b": ["nested"]}"#,
    r#"["a", 1, 1.5, true, ["nested"]]"#,
];

#[derive(Clone, Debug)]
enum Step {
    Key(String),
    Index(usize),
}

/// Every path in `v`, intermediate ones too (upstream's `jsonPaths`).
fn paths(v: &Value, base: &[Step], out: &mut Vec<Vec<Step>>) {
    let mut visit = |step: Step, x: &Value| {
        let mut p = base.to_vec();
        p.push(step);
        out.push(p.clone());
        paths(x, &p, out);
    };
    match v {
        Value::Object(m) => m.iter().for_each(|(k, x)| visit(Step::Key(k.clone()), x)),
        Value::Array(a) => a
            .iter()
            .enumerate()
            .for_each(|(i, x)| visit(Step::Index(i), x)),
        _ => {}
    }
}

fn at<'a>(v: &'a mut Value, path: &[Step]) -> &'a mut Value {
    path.iter().fold(v, |x, step| match step {
        Step::Key(k) => &mut x[k.as_str()],
        Step::Index(i) => &mut x[*i],
    })
}

/// The Go type a decoded JSON value has (`reflect.TypeOf`).
fn go_type(v: &Value) -> &'static str {
    match v {
        Value::Null => "nil",
        Value::Bool(_) => "bool",
        Value::Number(n) if n.is_i64() => "int64",
        Value::Number(_) => "float64",
        Value::String(_) => "string",
        Value::Array(_) => "[]interface{}",
        Value::Object(_) => "map[string]interface{}",
    }
}

#[test]
fn roundtrip_object_meta() {
    let meta = value(FULL_META);
    assert_eq!(decode_error(&meta).map(|e| e.message), None);
    assert_eq!(round_tripped(&meta), meta);
    assert_eq!(coerced_root(&json!({ "metadata": meta })).0, meta);
}

#[test]
fn malformed_object_meta_fields() {
    let good = value(FULL_META);
    let mut all = Vec::new();
    paths(&good, &[], &mut all);
    let mut failed = Vec::new();
    let (mut cases, mut malformed) = (0, 0);
    for path in &all {
        let Step::Key(top) = &path[0] else {
            unreachable!("a top-level path is a key")
        };
        for text in SPURIOUS {
            let spurious_value = value(text);
            let mut spurious = good.clone();
            let slot = at(&mut spurious, path);
            if go_type(slot) == go_type(&spurious_value) {
                continue;
            }
            *slot = spurious_value;
            cases += 1;
            let (got, _) = coerced_root(&json!({ "metadata": spurious }));
            let mut node = from_json(&json!({ "metadata": spurious }));
            let invalid = coerce_root(&mut node).invalid;
            let name = format!("{path:?}={text}");
            if decode_error(&spurious).is_some() {
                malformed += 1;
                let mut truncated = good.clone();
                truncated.as_object_mut().expect("an object").remove(top);
                let (want, _) = coerced_root(&json!({ "metadata": truncated }));
                check(&mut failed, &name, "object", got, want);
                check(
                    &mut failed,
                    &name,
                    "dropped",
                    invalid,
                    vec![format!("metadata.{top}")],
                );
            } else {
                check(&mut failed, &name, "dropped", invalid, Vec::new());
            }
        }
    }
    println!(
        "{cases} cases over {} paths, {malformed} of them malformed",
        all.len()
    );
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}
