//! `fix` on the whole corpus of `../shared`: for each project, its CRD files and sample files are
//! copied into a temporary folder and fixed in place; then every sample document must read as
//! kube-apiserver v1.36 stores it (`../shared/conformance`, compared as JSON values), every file
//! without a changing resource must be byte-identical, and `check` must find nothing left to
//! change. Real manifests (comments, flow maps, block scalars, lists, odd indentation) so go
//! through the in-place editor, whose own check (the edited text reads back right) must hold
//! everywhere.

use crate::support;

use crd_schema_fn::yaml::{edit::value_eq, json::to_json};
use serde_json::Value;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use support::{norm, pretty_diff, shared};

fn run(dir: &Path, args: &[String]) -> (String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_crd-schema-fn"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert_ne!(
        out.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8(out.stdout).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

/// A file's documents as JSON, read as it stands in a stream (with a final line break).
fn values(text: &str) -> Vec<Value> {
    let mut text = text.to_string();
    if !text.ends_with('\n') {
        text.push('\n');
    }
    let docs = support::stream_docs(&text).unwrap();
    docs.iter()
        .map(|d| norm(&to_json(d).unwrap_or(Value::Null)))
        .collect()
}

/// Checks one project; returns its failures and how many files it changed.
fn check_project(conf: &Value, work: &Path) -> (Vec<String>, usize) {
    let rel = |v: &Value| v.as_str().unwrap().to_string();
    let crd_files: Vec<String> = conf["crdFiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(rel)
        .collect();
    let resources = conf["resources"].as_array().unwrap();
    let mut files: Vec<String> = resources.iter().map(|r| rel(&r["file"])).collect();
    files.dedup();
    let mut before = BTreeMap::new();
    for f in crd_files.iter().chain(&files) {
        let text = fs::read_to_string(shared().join(f)).unwrap();
        fs::create_dir_all(work.join(f).parent().unwrap()).unwrap();
        fs::write(work.join(f), &text).unwrap();
        before.insert(f.clone(), text);
    }
    let mut args = vec!["fix".to_string()];
    args.extend(crd_files.iter().chain(&files).cloned());
    let (stdout, _) = run(work, &args);
    let mut failures: Vec<String> = stdout
        .lines()
        .filter(|l| l.contains("cannot edit"))
        .map(str::to_string)
        .collect();
    let mut changing = BTreeMap::new();
    for r in resources {
        let file = rel(&r["file"]);
        let index = r["document"].as_u64().unwrap() as usize;
        let after = fs::read_to_string(work.join(&file)).unwrap();
        let got = &values(&after)[index];
        let original = &values(&before[&file])[index];
        let refused = r.get("apiserverError").is_some() || r.get("crd").is_none();
        let want = if refused {
            original.clone()
        } else {
            norm(&r["expected"])
        };
        *changing.entry(file.clone()).or_insert(false) |= want != *original;
        if *got != want {
            failures.push(format!("{file}#{index}:\n{}", pretty_diff(got, &want)));
        }
    }
    let changed = changing.values().filter(|c| **c).count();
    for (file, changes) in changing {
        let after = fs::read_to_string(work.join(&file)).unwrap();
        if !changes && after != before[&file] {
            failures.push(format!(
                "{file}: changed, though none of its resources does"
            ));
        }
        let docs = |t: &str| support::stream_docs(t).unwrap();
        let same = docs(&after)
            .iter()
            .zip(docs(&before[&file]))
            .all(|(a, b)| value_eq(a, &b));
        if changes && same {
            failures.push(format!("{file}: left unchanged"));
        }
    }
    for f in crd_files.iter().filter(|f| !files.contains(f)) {
        if fs::read_to_string(work.join(f)).unwrap() != before[f] {
            failures.push(format!("{f}: a CRD file changed"));
        }
    }
    args[0] = "check".to_string();
    let (stdout, _) = run(work, &args);
    if !stdout.contains(": nothing would change") {
        failures.push(format!(
            "check after fix: {}",
            stdout.lines().last().unwrap_or("")
        ));
    }
    (failures, changed)
}

#[test]
fn fix_gives_every_corpus_file_the_stored_shape() {
    if !support::ground::present("fix_gives_every_corpus_file_the_stored_shape") {
        return;
    }
    let mut paths: Vec<PathBuf> = fs::read_dir(shared().join("conformance"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    let root =
        std::env::temp_dir().join(format!("crd-schema-fn-repo-corpus-{}", std::process::id()));
    let mut failed = Vec::new();
    let mut changed = 0;
    for p in &paths {
        let conf: Value = serde_json::from_str(&fs::read_to_string(p).unwrap()).unwrap();
        let work = root.join(conf["project"].as_str().unwrap());
        let (failures, n) = check_project(&conf, &work);
        changed += n;
        fs::remove_dir_all(&work).ok();
        if !failures.is_empty() {
            let shown: Vec<&String> = failures.iter().take(5).collect();
            eprintln!(
                "=== {}: {} failures\n{shown:#?}",
                p.display(),
                failures.len()
            );
            failed.push(p.file_name().unwrap().to_string_lossy().to_string());
        }
    }
    fs::remove_dir_all(&root).ok();
    eprintln!("files changed by fix: {changed}");
    assert!(paths.len() >= 30, "conformance files: {}", paths.len());
    assert!(changed >= 100, "only {changed} files changed");
    assert!(failed.is_empty(), "projects with failures: {failed:?}");
}
