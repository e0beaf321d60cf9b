//! Every CRD version of `../shared/conformance/*.json` loaded with `crd::load::load_crd` must
//! match what kube-apiserver v1.36 reports: served, has a schema, structural, preserveUnknownFields
//! and the exact structural error strings. Every `apiextensions.k8s.io/v1` CRD of
//! `../shared/corpus/crds` must convert and check without a single structural error.

use crate::support::{ground, shared};

use crd_schema_fn::crd::load::load_crd;
use crd_schema_fn::schema::VersionSchema;
use crd_schema_fn::yaml::{json::to_json, parse_stream};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The CRD documents of one YAML file, as kubectl reads them (a `kind: List` is unpacked).
fn crd_documents(path: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = Vec::new();
    for v in documents(path, &text) {
        match v.get("kind").and_then(Value::as_str) {
            Some("CustomResourceDefinition") => out.push(v),
            Some("List") | Some("CustomResourceDefinitionList") => {
                let items = v.get("items").and_then(Value::as_array).cloned();
                out.extend(items.unwrap_or_default().into_iter().filter(|i| {
                    i.get("kind").and_then(Value::as_str) == Some("CustomResourceDefinition")
                }));
            }
            _ => {}
        }
    }
    out
}

/// The documents as JSON values: with the crate's YAML reader, or with serde_yaml for the few
/// files it rejects (reported, so a reader regression is visible).
fn documents(path: &Path, text: &str) -> Vec<Value> {
    match parse_stream(text) {
        Ok(docs) => docs
            .iter()
            .map(|d| to_json(d).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
            .collect(),
        Err(e) => {
            println!(
                "note: {}: yaml::parse_stream: {e}; read with serde_yaml",
                path.display()
            );
            serde_yaml::Deserializer::from_str(text)
                .map(|d| serde::Deserialize::deserialize(d).unwrap())
                .filter(|v: &Value| !v.is_null())
                .collect()
        }
    }
}

fn load_file(path: &Path) -> Vec<VersionSchema> {
    let mut out = Vec::new();
    for (i, crd) in crd_documents(path).iter().enumerate() {
        let source = format!("{} document {i}", path.display());
        match load_crd(crd, &source) {
            Ok(vs) => out.extend(vs),
            Err(e) => panic!("{e}"),
        }
    }
    out
}

/// The conformance entry's fields, in the same shape as ours for a readable diff.
fn expected_fields(e: &Value) -> String {
    let errs: Vec<&str> = e["structuralErrors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    format!(
        "{} {} served={} hasSchema={} structural={} preserveUnknownFields={} errors={:#?}",
        e["name"].as_str().unwrap(),
        e["version"].as_str().unwrap(),
        e["served"],
        e["hasSchema"],
        e["structural"],
        e["preserveUnknownFields"],
        errs
    )
}

fn actual_fields(v: &VersionSchema) -> String {
    format!(
        "{} {} served={} hasSchema={} structural={} preserveUnknownFields={} errors={:#?}",
        v.crd_name,
        v.version,
        v.served,
        v.schema.is_some(),
        v.schema.is_some(),
        !v.prune,
        v.structural_errors
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
    )
}

#[test]
fn conformance_crd_versions_match_the_apiserver() {
    if !ground::present("conformance_crd_versions_match_the_apiserver") {
        return;
    }
    let dir = shared().join("conformance");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let (mut total, mut with_errors, mut mismatches) = (0, 0, Vec::new());
    for file in &files {
        let data: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        let mut ours = Vec::new();
        for crd_file in data["crdFiles"].as_array().unwrap() {
            ours.extend(load_file(&shared().join(crd_file.as_str().unwrap())));
        }
        let expected = data["crdVersions"].as_array().unwrap();
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        assert_eq!(ours.len(), expected.len(), "{name}: number of CRD versions");
        for (e, v) in expected.iter().zip(&ours) {
            total += 1;
            with_errors += usize::from(!v.structural_errors.is_empty());
            let (want, got) = (expected_fields(e), actual_fields(v));
            if want != got {
                mismatches.push(format!("{name}:\n  want {want}\n  got  {got}"));
            }
        }
    }
    println!(
        "crd_versions: {} conformance files, {total} CRD versions, {with_errors} with structural errors, {} mismatches",
        files.len(),
        mismatches.len()
    );
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
    assert_eq!(total, 442, "CRD versions in the conformance data");
    assert_eq!(with_errors, 2, "versions with structural errors");
}

fn yaml_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            yaml_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "yaml" || x == "yml") {
            out.push(p);
        }
    }
}

#[test]
fn every_v1_corpus_crd_is_structural() {
    if !ground::present("every_v1_corpus_crd_is_structural") {
        return;
    }
    let mut files = Vec::new();
    yaml_files(&shared().join("corpus/crds"), &mut files);
    files.sort();
    let (mut crds, mut versions, mut failures) = (0, 0, Vec::new());
    let (mut read_time, mut load_time) = (Duration::ZERO, Duration::ZERO);
    for file in &files {
        let start = Instant::now();
        let docs = crd_documents(file);
        read_time += start.elapsed();
        for (i, crd) in docs.iter().enumerate() {
            if crd.get("apiVersion").and_then(Value::as_str) != Some("apiextensions.k8s.io/v1") {
                continue;
            }
            let source = format!("{} document {i}", file.display());
            if file.to_string_lossy().contains("INVALID") {
                continue;
            }
            crds += 1;
            let start = Instant::now();
            let loaded = load_crd(crd, &source);
            load_time += start.elapsed();
            match loaded {
                Ok(vs) => {
                    for v in vs {
                        versions += 1;
                        if !v.structural_errors.is_empty() {
                            failures.push(format!(
                                "{source} {}: {:#?}",
                                v.version,
                                v.structural_errors
                                    .iter()
                                    .map(ToString::to_string)
                                    .collect::<Vec<_>>()
                            ));
                        }
                    }
                }
                Err(e) => failures.push(e.to_string()),
            }
        }
    }
    println!(
        "crd_versions: {crds} v1 corpus CRDs, {versions} versions, {} with errors \
         (reading YAML {read_time:?}, converting and checking {load_time:?})",
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        crds > 300,
        "expected the whole corpus, found {crds} v1 CRDs"
    );
}
