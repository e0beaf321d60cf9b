//! The `kube` feature on the examples' real inputs: objects normalized through
//! `crd_schema_fn::kube` come out as the function writes them (`expected.yaml`, compared as
//! JSON text, key order included), and their results are the lines the function prints on
//! stderr (`expected.stderr`). CRDs go in as k8s-openapi's `CustomResourceDefinition`.
//! Without the feature this file holds no test.
#![cfg(feature = "kube")]

use crd_schema_fn::kube::Schemas;
use crd_schema_fn::yaml::{json::to_json, parse_stream};
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn example(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(path)
}

/// Every document of a YAML file, as the JSON value kubectl reads.
fn documents(path: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    parse_stream(&text)
        .unwrap()
        .iter()
        .map(|d| to_json(d).unwrap())
        .collect()
}

fn is_crd(v: &Value) -> bool {
    v["kind"] == "CustomResourceDefinition"
}

fn typed(crds: &[Value]) -> Vec<CustomResourceDefinition> {
    crds.iter()
        .map(|c| serde_json::from_value(c.clone()).unwrap())
        .collect()
}

/// Normalizes the objects of `input` (CRDs pass through, as the function leaves them) and
/// checks them against `expected` and the stderr lines against `stderr`.
fn check(schemas: &Schemas, input: Vec<Value>, expected: &Path, stderr: &Path) {
    let want = documents(expected);
    assert_eq!(input.len(), want.len(), "{expected:?}: document count");
    let mut lines = Vec::new();
    for (i, (mut obj, want)) in input.into_iter().zip(want).enumerate() {
        if !is_crd(&obj) {
            let report = schemas.normalize_value(&mut obj).unwrap();
            lines.extend(report.results.iter().map(|r| r.stderr_line()));
        }
        assert_eq!(
            obj.to_string(),
            want.to_string(),
            "{expected:?}: document {i}"
        );
    }
    let want_stderr = std::fs::read_to_string(stderr).unwrap();
    assert_eq!(lines, want_stderr.lines().collect::<Vec<_>>());
}

#[test]
fn standalone_example_as_the_function_writes_it() {
    let input = documents(&example("standalone/input.yaml"));
    let crds: Vec<Value> = input.iter().filter(|d| is_crd(d)).cloned().collect();
    let schemas = Schemas::from_crds(&typed(&crds)).unwrap();
    assert_eq!(schemas.results(), []);
    check(
        &schemas,
        input,
        &example("standalone/expected.yaml"),
        &example("standalone/expected.stderr"),
    );
}

#[test]
fn gateway_api_example_as_the_function_writes_it() {
    let mut crds = Vec::new();
    for name in ["gatewayclasses", "gateways", "httproutes"] {
        let file = format!("gateway-api/crds/gateway.networking.k8s.io_{name}.yaml");
        crds.extend(documents(&example(&file)));
    }
    let schemas = Schemas::from_crds(&typed(&crds)).unwrap();
    assert_eq!(schemas.results(), []);
    check(
        &schemas,
        documents(&example("gateway-api/input.yaml")),
        &example("gateway-api/expected.yaml"),
        &example("gateway-api/expected.stderr"),
    );
}
