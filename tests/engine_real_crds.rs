//! The engine on real CRDs of the corpus (gateway-api, cert-manager, prometheus-operator,
//! cluster-api: the Gateway API CRDs from `examples/gateway-api/crds`, the others from
//! `../shared/corpus/crds`, skipped without it). Each expected output was written by hand from
//! the CRD's schema: which fields it specifies (pruning), where it has `default:` values, which
//! subtrees preserve unknown fields.

use crate::support::ground;

use crd_schema_fn::crd::load::load_crd;
use crd_schema_fn::engine::{self, Options};
use crd_schema_fn::schema::VersionSchema;
use crd_schema_fn::yaml::{self, json::to_json, Node};
use std::path::Path;

mod cases;

use cases::*;

fn load_version(crd_file: &str, api_version: &str) -> VersionSchema {
    // The Gateway API CRDs are in the repository too (examples/gateway-api/crds, the same files):
    // that test runs without the shared corpus.
    let path = match crd_file.strip_prefix("gateway-api/") {
        Some(name) => Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("examples/gateway-api/crds")
            .join(name),
        None => ground::shared_dir().join("corpus/crds").join(crd_file),
    };
    let text = std::fs::read_to_string(&path).unwrap();
    let crd = to_json(&yaml::parse_stream(&text).unwrap()[0]).unwrap();
    let version = api_version.rsplit('/').next().unwrap();
    let mut versions = load_crd(&crd, crd_file).unwrap();
    engine::prepare(&mut versions);
    let vs = versions.into_iter().find(|v| v.version == version).unwrap();
    assert!(
        vs.structural_errors.is_empty(),
        "{crd_file}: {:?}",
        vs.structural_errors
    );
    vs
}

fn doc(text: &str) -> Node {
    yaml::parse_stream(text).unwrap().remove(0)
}

fn run(c: &Case) -> Node {
    let mut obj = doc(c.input);
    let api_version = obj
        .get("apiVersion")
        .and_then(Node::as_str)
        .unwrap()
        .to_string();
    let vs = load_version(c.crd, &api_version);
    let out = engine::apply(&mut obj, &vs, &Options::default());
    assert_eq!(
        to_json(&obj).unwrap(),
        to_json(&doc(c.expected)).unwrap(),
        "{}",
        c.name
    );
    assert_eq!(out.pruned, c.pruned, "{}: pruned", c.name);
    assert_eq!(out.defaulted, c.defaulted, "{}: defaulted", c.name);
    obj
}

#[test]
fn gateway_api_httproute() {
    run(&HTTPROUTE);
}

#[test]
fn cert_manager_clusterissuer() {
    if !ground::present("cert_manager_clusterissuer") {
        return;
    }
    run(&CLUSTERISSUER);
}

#[test]
fn prometheus_operator_servicemonitor() {
    if !ground::present("prometheus_operator_servicemonitor") {
        return;
    }
    let obj = run(&SERVICEMONITOR);
    // The new empty-string defaults are quoted, so every YAML reader sees "".
    let ep = &obj
        .get("spec")
        .unwrap()
        .get("endpoints")
        .unwrap()
        .as_seq()
        .unwrap()
        .items[0];
    let Some(Node::Scalar(name)) = ep.get("bearerTokenSecret").and_then(|b| b.get("name")) else {
        panic!("no default name");
    };
    assert_ne!(name.style, yaml::ScalarStyle::Plain);
}

#[test]
fn cluster_api_cluster() {
    if !ground::present("cluster_api_cluster") {
        return;
    }
    run(&CLUSTER);
}

#[test]
fn cluster_api_kubeadmcontrolplane() {
    if !ground::present("cluster_api_kubeadmcontrolplane") {
        return;
    }
    let obj = run(&KCP);
    // An untouched quoted scalar keeps its quotes ("1" is a string, not the integer 1).
    let env = obj.get("spec").unwrap().get("kubeadmConfigSpec").unwrap();
    let api = env
        .get("clusterConfiguration")
        .unwrap()
        .get("apiServer")
        .unwrap();
    let plain = &api.get("extraEnvs").unwrap().as_seq().unwrap().items[1];
    let Some(Node::Scalar(v)) = plain.get("value") else {
        panic!()
    };
    assert_eq!(
        (v.value.as_str(), v.style),
        ("1", yaml::ScalarStyle::DoubleQuoted)
    );
}
