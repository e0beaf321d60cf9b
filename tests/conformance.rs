//! Conformance: every sample resource of `../shared/corpus`, run through the engine with its CRD
//! version's schema, must come out as kube-apiserver v1.36 stores it (`../shared/conformance`),
//! compared as JSON values (numbers as numbers), with the same pruned paths. Each file is read as
//! it stands in a stream, with a final line break.

use crate::support;

use crd_schema_fn::crd::load::load_crd;
use crd_schema_fn::engine::{self, Options};
use crd_schema_fn::schema::VersionSchema;
use crd_schema_fn::yaml::{json::to_json, Node};
use serde_json::Value;
use std::collections::HashMap;
use std::path::PathBuf;
use support::{norm, pretty_diff, shared};

/// Parsed files, by path relative to `shared/` (a parse error is kept as its message).
struct Files(HashMap<String, Result<Vec<Node>, String>>);

impl Files {
    fn docs(&mut self, rel: &str) -> Result<&Vec<Node>, &String> {
        let parsed = self.0.entry(rel.to_string()).or_insert_with(|| {
            // Each file as it stands in a stream: with a final line break.
            let mut text = std::fs::read_to_string(shared().join(rel)).unwrap();
            if !text.ends_with('\n') {
                text.push('\n');
            }
            support::stream_docs(&text).map_err(|e| format!("{rel}: {e}"))
        });
        parsed.as_ref()
    }
}

/// The CRDs of one project, by name: their versions as `crd::load::load_crd` loads them.
fn load_crds(files: &mut Files, conf: &Value) -> HashMap<String, Vec<VersionSchema>> {
    let mut crds = HashMap::new();
    for f in conf["crdFiles"].as_array().unwrap() {
        let docs = match files.docs(f.as_str().unwrap()) {
            Ok(d) => d,
            Err(e) => panic!("CRD file does not parse: {e}"),
        };
        for doc in docs {
            let Ok(v) = to_json(doc) else { continue };
            if v["kind"] == "CustomResourceDefinition" {
                let name = v["metadata"]["name"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string();
                let mut versions = load_crd(&v, &name).unwrap_or_else(|e| panic!("{name}: {e}"));
                engine::prepare(&mut versions);
                crds.insert(name, versions);
            }
        }
    }
    crds
}

struct Tally {
    same: usize,
    total: usize,
    shown: usize,
}

impl Tally {
    /// Shows the first mismatches in full.
    fn fail(&mut self, msg: String) {
        self.shown += 1;
        if self.shown <= 20 {
            eprintln!("{msg}");
        }
    }
}

fn check_resource(
    files: &mut Files,
    crds: &HashMap<String, Vec<VersionSchema>>,
    r: &Value,
    t: &mut Tally,
) {
    let file = r["file"].as_str().unwrap();
    let index = r["document"].as_u64().unwrap() as usize;
    t.total += 1;
    let mut obj = match files.docs(file) {
        Ok(docs) => docs[index].clone(),
        Err(e) => return t.fail(format!("=== {file}#{index}\nparse error: {e}")),
    };
    let mut pruned: Vec<String> = Vec::new();
    if let Some(crd_name) = r["crd"].as_str() {
        if let Some(vs) = version_for(&crds[crd_name], &obj) {
            let out = engine::apply(&mut obj, vs, &Options::default());
            pruned = out.pruned;
        }
    }
    let got = norm(&to_json(&obj).unwrap());
    let want = norm(&r["expected"]);
    let want_pruned: Vec<String> = r["prunedPaths"]
        .as_array()
        .map(|a| a.iter().map(|p| p.as_str().unwrap().to_string()).collect())
        .unwrap_or_default();
    if got == want && pruned == want_pruned {
        t.same += 1;
        return;
    }
    let mut msg = format!("=== {file}#{index}\n");
    if pruned != want_pruned {
        msg += &format!("pruned paths: got {pruned:?}\n              want {want_pruned:?}\n");
    }
    if got != want {
        msg += &pretty_diff(&got, &want);
    }
    t.fail(msg);
}

/// The version of `obj` among its CRD's versions, or None when the apiserver would not touch it
/// (unknown or unserved version, no schema, non-structural).
fn version_for<'a>(versions: &'a [VersionSchema], obj: &Node) -> Option<&'a VersionSchema> {
    let api_version = obj.get("apiVersion")?.as_str()?;
    let version = api_version.rsplit('/').next()?;
    let vs = versions.iter().find(|v| v.version == version)?;
    (vs.served && vs.schema.is_some() && vs.structural_errors.is_empty()).then_some(vs)
}

#[test]
fn every_corpus_resource_as_the_apiserver_stores_it() {
    if !support::ground::present("every_corpus_resource_as_the_apiserver_stores_it") {
        return;
    }
    let mut paths: Vec<PathBuf> = std::fs::read_dir(shared().join("conformance"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    let mut t = Tally {
        same: 0,
        total: 0,
        shown: 0,
    };
    for p in paths {
        let conf: Value = serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
        let mut files = Files(HashMap::new());
        let crds = load_crds(&mut files, &conf);
        for r in conf["resources"].as_array().unwrap() {
            check_resource(&mut files, &crds, r, &mut t);
        }
    }
    println!("identical: {}/{}", t.same, t.total);
    eprintln!("identical: {}/{}", t.same, t.total);
    assert_eq!(t.same, t.total, "identical: {}/{}", t.same, t.total);
}
