//! CEL rules against ground truth: every object of `../shared/generated-valid` (objects that
//! pass OpenAPI validation, so that only CEL rules fail them), as the apiserver stores it, run
//! through the compiled rules of its CRD version; the error messages must be the apiserver's
//! (`validation` in `expected.json`). In `../shared/generated`, the objects that pass OpenAPI
//! validation (empty `validationNoCel`) are checked the same way. And no CEL rule of a corpus
//! CRD is refused (the apiserver accepts them all).

use crate::support::{ground, shared};

use crd_schema_fn::cel::Compiled;
use crd_schema_fn::crd::load::load_crd;
use crd_schema_fn::schema::VersionSchema;
use crd_schema_fn::yaml::{json::to_json, parse_stream};
use serde_json::Value;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// `(apiVersion, kind)` → the version's schema and its compiled rules.
type Versions = HashMap<(String, String), (VersionSchema, Arc<Compiled>)>;

fn load_crds(set: &Path) -> Versions {
    let mut docs: HashMap<String, Vec<Value>> = HashMap::new();
    let mut out = Versions::new();
    let list = std::fs::read_to_string(set.join("crds.txt")).unwrap();
    for line in list.split_whitespace() {
        let (file, index) = line.rsplit_once('#').unwrap();
        let parsed = docs.entry(file.to_string()).or_insert_with(|| {
            let mut text = std::fs::read_to_string(shared().join(file)).unwrap();
            if !text.ends_with('\n') {
                text.push('\n');
            }
            let nodes = parse_stream(&text).unwrap();
            nodes
                .iter()
                .map(|n| to_json(n).unwrap_or(Value::Null))
                .collect()
        });
        let crd = &parsed[index.parse::<usize>().unwrap()];
        let versions = load_crd(crd, file).unwrap();
        let shared_schema = versions
            .windows(2)
            .all(|w| match (&w[0].schema, &w[1].schema) {
                (Some(a), Some(b)) => Arc::ptr_eq(a, b),
                _ => false,
            });
        for (i, vs) in versions.iter().enumerate() {
            let Some(schema) = &vs.schema else { continue };
            let path = if shared_schema {
                "spec.validation.openAPIV3Schema".to_string()
            } else {
                format!("spec.versions[{i}].schema.openAPIV3Schema")
            };
            let compiled = Arc::new(Compiled::new(schema, &path));
            let gv = format!("{}/{}", vs.group, vs.version);
            out.insert((gv, vs.kind.clone()), (vs.clone(), compiled));
        }
    }
    out
}

fn run_set(name: &str) -> (usize, usize, Vec<String>) {
    let set = shared().join(name);
    let versions = load_crds(&set);
    let expected: Value =
        serde_json::from_str(&std::fs::read_to_string(set.join("expected.json")).unwrap()).unwrap();
    let items = expected["items"].as_array().unwrap();
    let want_all = expected["validation"].as_array().unwrap();
    let (mut same, mut total, mut diffs) = (0, 0, Vec::new());
    for (i, (obj, want)) in items.iter().zip(want_all).enumerate() {
        let openapi_errors = expected["validationNoCel"][i]
            .as_array()
            .is_some_and(|a| !a.is_empty());
        if !expected["refused"][i].is_null() || openapi_errors {
            continue;
        }
        total += 1;
        let key = (
            obj["apiVersion"].as_str().unwrap_or("").to_string(),
            obj["kind"].as_str().unwrap_or("").to_string(),
        );
        let mut have: Vec<String> = match versions.get(&key) {
            Some((_, c)) => c.validate(obj).iter().map(|e| e.to_string()).collect(),
            None => Vec::new(),
        };
        have.sort();
        let want: Vec<String> = want
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect();
        if have == want {
            same += 1;
        } else {
            let missing: Vec<_> = want.iter().filter(|m| !have.contains(m)).collect();
            let extra: Vec<_> = have.iter().filter(|m| !want.contains(m)).collect();
            diffs.push(format!(
                "object {i} {key:?}: missing {missing:?} extra {extra:?}"
            ));
        }
    }
    (same, total, diffs)
}

#[test]
fn generated_valid_cel_messages_are_the_apiservers() {
    if !ground::present("generated_valid_cel_messages_are_the_apiservers") {
        return;
    }
    let (same, total, diffs) = run_set("generated-valid");
    for d in diffs.iter().take(40) {
        eprintln!("{d}");
    }
    eprintln!("generated-valid CEL identical: {same}/{total}");
    assert!(diffs.is_empty(), "{} objects differ", diffs.len());
}

#[test]
fn generated_cel_messages_are_the_apiservers() {
    if !ground::present("generated_cel_messages_are_the_apiservers") {
        return;
    }
    let (same, total, diffs) = run_set("generated");
    for d in diffs.iter().take(40) {
        eprintln!("{d}");
    }
    eprintln!("generated (objects valid for OpenAPI) CEL identical: {same}/{total}");
    assert!(diffs.is_empty(), "{} objects differ", diffs.len());
}

#[test]
fn every_corpus_rule_compiles() {
    if !ground::present("every_corpus_rule_compiles") {
        return;
    }
    let mut refused = Vec::new();
    let mut rules = 0;
    let mut costliest = (0, String::new());
    for entry in walk(&shared().join("corpus")) {
        let Ok(mut text) = std::fs::read_to_string(&entry) else {
            continue;
        };
        if !text.contains("x-kubernetes-validations") {
            continue;
        }
        text.push('\n');
        let Ok(nodes) = parse_stream(&text) else {
            continue;
        };
        for n in &nodes {
            let Ok(doc) = to_json(n) else { continue };
            if doc["kind"] != "CustomResourceDefinition" {
                continue;
            }
            let Ok(versions) = load_crd(&doc, "corpus") else {
                continue;
            };
            for vs in versions.iter().filter(|v| v.structural_errors.is_empty()) {
                let Some(schema) = &vs.schema else { continue };
                let c = Compiled::new(schema, "openAPIV3Schema");
                rules += usize::from(c.has_rules());
                if c.estimated_cost > costliest.0 {
                    let at = format!(
                        "{} ({}/{} {})",
                        entry.display(),
                        vs.group,
                        vs.version,
                        vs.kind
                    );
                    costliest = (c.estimated_cost, at);
                }
                refused.extend(c.errors.iter().map(|e| format!("{}: {e}", entry.display())));
            }
        }
    }
    eprintln!("{rules} CRD versions with rules");
    // The margin below the apiserver's per-rule limit of 10,000,000.
    eprintln!(
        "largest estimated rule cost: {} ({:.1}% of the limit), in {}",
        costliest.0,
        costliest.0 as f64 / 100_000.0,
        costliest.1
    );
    assert!(costliest.0 > 0, "no rule cost estimated");
    assert!(rules > 100, "only {rules} CRD versions with rules found");
    assert!(refused.is_empty(), "{}", refused.join("\n"));
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else if p.extension().is_some_and(|x| x == "yaml" || x == "yml") {
            out.push(p);
        }
    }
    out.sort();
    out
}

/// The corpus samples (`../shared/conformance`): for each stored object of a CRD version with
/// rules, whose create was not cut short by a blocking OpenAPI error, every CEL message is one
/// of the apiserver's validation errors for it.
#[test]
fn corpus_sample_cel_messages_are_among_the_apiservers() {
    if !ground::present("corpus_sample_cel_messages_are_among_the_apiservers") {
        return;
    }
    let mut checked = 0;
    let mut wrong = Vec::new();
    let not_checked = "some validation rules were not checked";
    for entry in std::fs::read_dir(shared().join("conformance"))
        .unwrap()
        .flatten()
    {
        let p = entry.path();
        if p.extension().is_none_or(|x| x != "json") {
            continue;
        }
        let project: Value = serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
        let versions = project_versions(&project);
        for r in project["resources"].as_array().into_iter().flatten() {
            let obj = &r["expected"];
            if r.get("crd").is_none() {
                continue;
            }
            let key = (
                obj["apiVersion"].as_str().unwrap_or("").to_string(),
                obj["kind"].as_str().unwrap_or("").to_string(),
            );
            let Some(compiled) = versions.get(&key) else {
                continue;
            };
            let want: Vec<&str> = r["validationErrors"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .collect();
            if !compiled.has_rules() || want.iter().any(|m| m.contains(not_checked)) {
                continue;
            }
            checked += 1;
            for e in compiled.validate(obj) {
                let m = e.to_string();
                if !want.contains(&m.as_str()) {
                    wrong.push(format!("{}: {m}", r["file"]));
                }
            }
        }
    }
    eprintln!("corpus samples checked: {checked}");
    assert!(checked > 20, "only {checked} samples with rules");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// `(apiVersion, kind)` → compiled rules, for the CRD files of a conformance project.
fn project_versions(project: &Value) -> HashMap<(String, String), Compiled> {
    let mut out = HashMap::new();
    for file in project["crdFiles"].as_array().into_iter().flatten() {
        let Some(file) = file.as_str() else { continue };
        let Ok(mut text) = std::fs::read_to_string(shared().join(file)) else {
            continue;
        };
        text.push('\n');
        let Ok(nodes) = parse_stream(&text) else {
            continue;
        };
        for n in &nodes {
            let Ok(doc) = to_json(n) else { continue };
            let Ok(versions) = load_crd(&doc, file) else {
                continue;
            };
            for vs in versions.iter().filter(|v| v.structural_errors.is_empty()) {
                let Some(schema) = &vs.schema else { continue };
                let gv = format!("{}/{}", vs.group, vs.version);
                out.insert(
                    (gv, vs.kind.clone()),
                    Compiled::new(schema, "openAPIV3Schema"),
                );
            }
        }
    }
    out
}
