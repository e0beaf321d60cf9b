//! The apiserver's own unit-test tables and integration fixtures (`../shared/upstream-cases`,
//! from k8s.io/apiextensions-apiserver v0.36.3): each case, a ResourceList, goes through the
//! binary; its items must equal what the apiserver's code makes of them (as values, numbers as
//! numbers), each object it refuses must have an error result with the apiserver's message, and
//! the unknown-field warnings must name exactly the fields the apiserver prunes.

use crate::support;

use crd_schema_fn::yaml::{json::to_json, parse_stream};
use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};
use support::{norm, pretty_diff, shared};

/// Runs the binary on a ResourceList; the output list as JSON.
fn run(input: &str) -> Value {
    let mut child = Command::new(env!("CARGO_BIN_EXE_crd-schema-fn"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let docs = parse_stream(&stdout).unwrap_or_else(|e| panic!("output does not parse: {e}"));
    to_json(&docs[0]).unwrap()
}

/// What the results say about item `item`: refusals and unknown-field paths. (The cases pin
/// down the decoding path; validation errors, which the apiserver would add on create, are not
/// part of them.)
fn results_for(list: &Value, item: &Value) -> (Vec<String>, Vec<String>) {
    let (mut errors, mut pruned) = (Vec::new(), Vec::new());
    let empty = Vec::new();
    for r in list["results"].as_array().unwrap_or(&empty) {
        let rr = &r["resourceRef"];
        let same = |k: &str, v: &Value| rr[k].as_str().unwrap_or("") == v.as_str().unwrap_or("");
        let meta = &item["metadata"];
        if !(same("kind", &item["kind"]) && same("name", &meta["name"])) {
            continue;
        }
        let message = r["message"].as_str().unwrap().to_string();
        match r["severity"].as_str() {
            Some("error") if message.starts_with("the apiserver refuses the object") => {
                errors.push(message)
            }
            Some("warning") if message.starts_with("unknown field") => {
                pruned.push(r["field"]["path"].as_str().unwrap().to_string())
            }
            _ => {}
        }
    }
    pruned.sort();
    (errors, pruned)
}

/// Checks one case; the differences, if any.
fn check(name: &str) -> Option<String> {
    let dir = shared().join("upstream-cases");
    let input = std::fs::read_to_string(dir.join(format!("cases/{name}.yaml"))).unwrap();
    let expected: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join(format!("expected/{name}.json"))).unwrap(),
    )
    .unwrap();
    let out = run(&input);
    let mut diffs = String::new();
    let (got, want) = (norm(&out["items"]), norm(&expected["items"]));
    if got != want {
        diffs += &pretty_diff(&got, &want);
    }
    for r in expected["results"].as_array().unwrap() {
        let i = r["index"].as_u64().unwrap() as usize;
        let (errors, mut pruned) = results_for(&out, &want[i]);
        let want_errors: Vec<String> = r["error"]
            .as_str()
            .map(str::to_string)
            .into_iter()
            .collect();
        if errors != want_errors {
            diffs += &format!("item {i}: error results {errors:?}, want {want_errors:?}\n");
        }
        let mut want_pruned: Vec<String> = r["pruned"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().unwrap().to_string())
            .collect();
        want_pruned.sort();
        pruned.dedup();
        if pruned != want_pruned {
            diffs += &format!("item {i}: pruned {pruned:?}, want {want_pruned:?}\n");
        }
    }
    (!diffs.is_empty()).then_some(diffs)
}

#[test]
fn every_upstream_case_as_the_apiserver_makes_it() {
    if !support::ground::present("every_upstream_case_as_the_apiserver_makes_it") {
        return;
    }
    let mut names: Vec<String> = std::fs::read_dir(shared().join("upstream-cases/cases"))
        .unwrap()
        .filter_map(|e| {
            let p = e.unwrap().path();
            let stem = p.file_stem()?.to_str()?.to_string();
            (p.extension()? == "yaml").then_some(stem)
        })
        .collect();
    names.sort();
    let mut failed = Vec::new();
    for name in &names {
        if let Some(d) = check(name) {
            eprintln!("=== {name}\n{d}");
            failed.push(name.clone());
        }
    }
    println!(
        "upstream cases identical: {}/{}",
        names.len() - failed.len(),
        names.len()
    );
    assert!(names.len() >= 50, "expected the 50 upstream cases");
    assert!(failed.is_empty(), "differing: {failed:?}");
}
