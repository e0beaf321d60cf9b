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

/// `Config::kubernetes_version`: a CRD loaded through the library is judged as that version's
/// apiserver judges it. `isSemver` (the semver library, 1.33) is available to a new rule from
/// 1.34 on (the environment for new expressions is the compatibility version, one minor back):
/// a 1.33 apiserver refuses the CRD, 1.34 and the default (1.36) accept it.
#[test]
fn kubernetes_version_decides_what_a_crd_rule_may_call() {
    use crd_schema_fn::config::Config;
    use crd_schema_fn::versions::KubeVersion;
    let crd: Value = serde_json::from_str(
        r#"{"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
        "metadata": {"name": "apps.version.test"},
        "spec": {"group": "version.test", "scope": "Namespaced",
          "names": {"kind": "App", "plural": "apps"},
          "versions": [{"name": "v1", "served": true, "storage": true,
            "schema": {"openAPIV3Schema": {"type": "object", "properties": {"spec": {
              "type": "object",
              "x-kubernetes-validations": [{"rule": "isSemver(self.v)"}],
              "properties": {"v": {"type": "string", "maxLength": 64}}}}}}}]}}"#,
    )
    .unwrap();
    let load = |minor: Option<u8>| {
        let config = Config {
            kubernetes_version: minor.map(|m| KubeVersion::of_minor(m).unwrap()),
            ..Config::default()
        };
        let schemas = Schemas::from_values(std::slice::from_ref(&crd), config).unwrap();
        let messages: Vec<String> = schemas
            .results()
            .iter()
            .map(|r| r.message.clone())
            .collect();
        (schemas, messages)
    };
    // The bad value of a failed rule is the field's value from 1.35 on (an object's is left
    // out), the schema type before.
    let failed = [
        (None, "spec: Invalid value: failed rule: isSemver(self.v)"),
        (
            Some(34),
            r#"spec: Invalid value: "object": failed rule: isSemver(self.v)"#,
        ),
    ];
    for (minor, want) in failed {
        let (schemas, messages) = load(minor);
        assert_eq!(messages, Vec::<String>::new(), "{minor:?}");
        let mut bad: Value = serde_json::from_str(
            r#"{"apiVersion": "version.test/v1", "kind": "App", "metadata": {"name": "a", "namespace": "n"}, "spec": {"v": "1.2"}}"#,
        )
        .unwrap();
        let report = schemas.normalize_value(&mut bad).unwrap();
        let lines: Vec<String> = report.results.iter().map(|r| r.message.clone()).collect();
        assert_eq!(lines, [want], "{minor:?}");
    }
    // 1.33 prints the rule with Go's %#v (1.34 made bad values JSON).
    let (_, messages) = load(Some(33));
    assert!(
        messages.iter().any(|m| m.contains(
            "compilation failed: ERROR: <input>:1:9: undeclared reference to 'isSemver' (in container '')"
        )),
        "{messages:#?}"
    );
}
