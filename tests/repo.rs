//! Golden tests of `crd-schema-fn check` and `crd-schema-fn fix`: each `testdata/repo/<case>/`
//! folder is one run of the built binary on a copy of the case's `input/` folder (the working
//! directory of the run).
//!
//! A case holds `args` (the command line after the binary, whitespace-separated, e.g.
//! `fix --diff .`), `input/` (the files), and the expectations: `expected-stdout.txt` (exact),
//! `expected-stderr.txt` (exact; absent: empty), `exit-code` (default 0), and `expected/`: the
//! files the run changes, byte for byte. Every input file missing from `expected/` must come out
//! byte-identical, and no file may appear or vanish. `UPDATE_GOLDEN=1 cargo test --release --test integration
//! repo::` rewrites the expectations from the binary's run: review every change before committing it.
//! `GOLDEN_CASE=a,b` limits a run (and an update) to those cases.

use similar::TextDiff;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn cases() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/repo");
    let only = std::env::var("GOLDEN_CASE").ok();
    let mut dirs: Vec<PathBuf> = fs::read_dir(&root)
        .expect("testdata/repo exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            only.as_ref()
                .is_none_or(|o| o.split(',').any(|c| c == name))
        })
        .collect();
    dirs.sort();
    dirs
}

/// Every file below `dir`, by relative path (`/`-separated).
fn tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(d) = pending.pop() {
        for entry in fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else {
                let rel = path
                    .strip_prefix(dir)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                out.insert(rel, fs::read(&path).unwrap());
            }
        }
    }
    out
}

fn write_tree(dir: &Path, files: &BTreeMap<String, Vec<u8>>) {
    for (rel, bytes) in files {
        let path = dir.join(rel);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, bytes).unwrap();
    }
}

struct Run {
    stdout: String,
    stderr: String,
    code: i32,
    after: BTreeMap<String, Vec<u8>>,
}

fn run_case(case: &Path) -> Run {
    let name = case.file_name().unwrap().to_string_lossy().to_string();
    let work =
        std::env::temp_dir().join(format!("crd-schema-fn-repo-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&work);
    fs::create_dir_all(&work).unwrap();
    write_tree(&work, &tree(&case.join("input")));
    let args = fs::read_to_string(case.join("args")).expect("args");
    let out = Command::new(env!("CARGO_BIN_EXE_crd-schema-fn"))
        .args(args.split_whitespace())
        .current_dir(&work)
        .output()
        .expect("start crd-schema-fn");
    let after = tree(&work);
    fs::remove_dir_all(&work).ok();
    Run {
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
        code: out.status.code().unwrap_or(-1),
        after,
    }
}

fn diff(name: &str, want: &[u8], got: &[u8]) -> String {
    let (want, got) = (String::from_utf8_lossy(want), String::from_utf8_lossy(got));
    let d = TextDiff::from_lines(want.as_ref(), got.as_ref())
        .unified_diff()
        .header(&format!("{name} (expected)"), &format!("{name} (got)"))
        .to_string();
    format!("{name} differs:\n{d}")
}

/// The case's failures.
fn check_case(case: &Path, run: &Run) -> Vec<String> {
    let mut failures = Vec::new();
    let read = |f: &str| fs::read(case.join(f)).unwrap_or_default();
    let want_code: i32 = String::from_utf8(read("exit-code"))
        .unwrap()
        .trim()
        .parse()
        .unwrap_or(0);
    if run.code != want_code {
        failures.push(format!("exit code {} (want {want_code})", run.code));
    }
    for (name, got) in [
        ("expected-stdout.txt", &run.stdout),
        ("expected-stderr.txt", &run.stderr),
    ] {
        if read(name) != got.as_bytes() {
            failures.push(diff(name, &read(name), got.as_bytes()));
        }
    }
    let mut want = tree(&case.join("input"));
    if case.join("expected").exists() {
        want.extend(tree(&case.join("expected")));
    }
    for (rel, bytes) in &want {
        match run.after.get(rel) {
            Some(got) if got == bytes => {}
            Some(got) => failures.push(diff(rel, bytes, got)),
            None => failures.push(format!("{rel}: gone")),
        }
    }
    for rel in run.after.keys().filter(|r| !want.contains_key(*r)) {
        failures.push(format!("{rel}: appeared"));
    }
    failures
}

fn update_case(case: &Path, run: &Run) {
    fs::write(case.join("expected-stdout.txt"), &run.stdout).unwrap();
    if run.stderr.is_empty() {
        let _ = fs::remove_file(case.join("expected-stderr.txt"));
    } else {
        fs::write(case.join("expected-stderr.txt"), &run.stderr).unwrap();
    }
    if run.code == 0 {
        let _ = fs::remove_file(case.join("exit-code"));
    } else {
        fs::write(case.join("exit-code"), format!("{}\n", run.code)).unwrap();
    }
    let input = tree(&case.join("input"));
    let changed: BTreeMap<String, Vec<u8>> = run
        .after
        .iter()
        .filter(|(rel, bytes)| input.get(*rel) != Some(*bytes))
        .map(|(r, b)| (r.clone(), b.clone()))
        .collect();
    let _ = fs::remove_dir_all(case.join("expected"));
    write_tree(&case.join("expected"), &changed);
}

#[test]
fn repo_golden_cases() {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1");
    let cases = cases();
    assert!(!cases.is_empty(), "no case in testdata/repo");
    let mut failed = Vec::new();
    for case in &cases {
        let run = run_case(case);
        if update {
            update_case(case, &run);
            continue;
        }
        let failures = check_case(case, &run);
        if !failures.is_empty() {
            let name = case.file_name().unwrap().to_string_lossy().to_string();
            eprintln!("=== {name}\n{}", failures.join("\n"));
            failed.push(name);
        }
    }
    assert!(
        failed.is_empty(),
        "{} case(s) failed: {failed:?}",
        failed.len()
    );
}

/// `check` never changes a file, whatever it finds.
#[test]
fn check_changes_nothing() {
    for case in cases() {
        let args = fs::read_to_string(case.join("args")).unwrap();
        if args.split_whitespace().next() == Some("check") {
            assert!(
                !case.join("expected").exists(),
                "{}: a check case with expected/ files",
                case.display()
            );
        }
    }
}
