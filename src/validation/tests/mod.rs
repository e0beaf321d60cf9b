//! Table tests per rule family: a schema (the `spec` property of a root object schema, in YAML),
//! an object, and the apiserver's messages for it, sorted.

mod junctors;
mod meta;
mod values;

use super::{Compiler, Validator};
use crate::schema::convert::convert;
use crate::schema::{Subresources, VersionSchema};
use crate::test_support::{doc, json_of, version_schema};

/// A version whose root schema has `spec: <spec>` (and `status`, untyped object).
pub(super) fn version(root: &str, namespaced: bool, subresources: Subresources) -> VersionSchema {
    let schema = convert(&json_of(root), "openAPIV3Schema").expect("schema converts");
    version_schema(schema, namespaced, subresources)
}

/// The validator of a version (compiled from its full schema).
pub(super) fn validator(vs: &VersionSchema) -> Validator {
    let compiled = Compiler::new().compile(vs.schema.as_deref().expect("has a schema"));
    Validator::new(vs, compiled).expect("has a schema")
}

/// The root schema with `spec` given.
pub(super) fn root(spec: &str) -> String {
    format!("{{type: object, properties: {{spec: {spec}, status: {{type: object, x-kubernetes-preserve-unknown-fields: true}}}}}}")
}

/// The sorted messages for `object` (a YAML document) under `root_schema`.
pub(super) fn messages_for(vs: &VersionSchema, object: &str) -> Vec<String> {
    let v = validator(vs);
    let mut got: Vec<String> = v
        .validate(&doc(object), |_| Vec::new())
        .iter()
        .map(ToString::to_string)
        .collect();
    got.sort();
    // The same from the JSON value kubectl sends.
    let mut from_json: Vec<String> = v
        .validate_value(&json_of(object), |_| Vec::new())
        .iter()
        .map(ToString::to_string)
        .collect();
    from_json.sort();
    assert_eq!(got, from_json, "{object}");
    got
}

/// Runs `(name, spec schema, spec value, messages)` cases on `apiVersion: g.io/v1, kind: K`
/// objects named `n`.
pub(super) fn run_spec_cases(cases: &[(&str, &str, &str, &[&str])]) {
    let mut failed = Vec::new();
    for (name, spec, value, want) in cases {
        let vs = version(&root(spec), true, Subresources::default());
        let object =
            format!("{{apiVersion: g.io/v1, kind: K, metadata: {{name: w1}}, spec: {value}}}");
        let got = messages_for(&vs, &object);
        let mut want: Vec<String> = want.iter().map(|s| s.to_string()).collect();
        want.sort();
        if got != want {
            failed.push(format!("{name}:\n  want {want:#?}\n  got  {got:#?}"));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}
