//! Golden tests: each `testdata/<case>/` folder is one run of the built binary.
//!
//! A folder holds `input.yaml` or `input.json` (stdin), optionally `args` (command-line arguments,
//! whitespace-separated, e.g. `config.yaml` for the legacy plugin form or `--diff`) and any file
//! the arguments or the config name; and the expectations: `expected.yaml` (stdout; absent or
//! empty when nothing may be written), `expected-stderr.txt` (exact stderr) and `exit-code`
//! (default 0). The binary runs with the case folder as working directory.
//!
//! stdout is compared as values (both parsed the YAML 1.1 way) and then exactly (fidelity), with a
//! `similar` diff on failure. `UPDATE_GOLDEN=1 cargo test --release --test integration golden::`
//! rewrites the expected files from the binary's output: review every change by hand before
//! committing it.
//! `GOLDEN_CASE=a,b` limits a run (and an update) to those case folders.

use crd_schema_fn::yaml::{json::to_json, parse_stream};
use similar::TextDiff;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata")
}

/// What one run of the binary produced.
struct Run {
    stdout: String,
    stderr: String,
    code: i32,
}

fn run_case(dir: &Path) -> Run {
    let input = ["input.yaml", "input.json"]
        .iter()
        .map(|f| dir.join(f))
        .find(|p| p.exists())
        .unwrap_or_else(|| panic!("{}: no input.yaml or input.json", dir.display()));
    let stdin = fs::read(&input).unwrap();
    let args = fs::read_to_string(dir.join("args")).unwrap_or_default();
    let mut child = Command::new(env!("CARGO_BIN_EXE_crd-schema-fn"))
        .args(args.split_whitespace())
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start crd-schema-fn");
    child.stdin.take().unwrap().write_all(&stdin).unwrap();
    let out = child.wait_with_output().unwrap();
    Run {
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
        code: out.status.code().unwrap_or(-1),
    }
}

fn diff(name: &str, want: &str, got: &str) -> String {
    let d = TextDiff::from_lines(want, got)
        .unified_diff()
        .header(&format!("{name} (expected)"), &format!("{name} (got)"))
        .to_string();
    format!("{name} differs:\n{d}")
}

/// The stream's documents as JSON values, read the YAML 1.1 way.
fn values(text: &str) -> Result<Vec<serde_json::Value>, String> {
    let docs = parse_stream(text).map_err(|e| e.to_string())?;
    docs.iter()
        .map(|d| to_json(d).map_err(|e| e.to_string()))
        .collect()
}

/// Compares one case; returns the failures.
fn check_case(dir: &Path, run: &Run) -> Vec<String> {
    let mut failures = Vec::new();
    let want_code: i32 = fs::read_to_string(dir.join("exit-code"))
        .map(|s| s.trim().parse().expect("exit-code holds a number"))
        .unwrap_or(0);
    if run.code != want_code {
        failures.push(format!(
            "exit code {} (want {want_code}); stderr:\n{}",
            run.code, run.stderr
        ));
    }
    let want_out = fs::read_to_string(dir.join("expected.yaml")).unwrap_or_default();
    if want_out != run.stdout {
        match (values(&want_out), values(&run.stdout)) {
            (Ok(w), Ok(g)) if w != g => failures.push(format!(
                "stdout values differ: {}",
                diff("stdout", &want_out, &run.stdout)
            )),
            (_, Err(e)) => failures.push(format!(
                "stdout does not re-parse ({e}): {}",
                diff("stdout", &want_out, &run.stdout)
            )),
            _ => failures.push(format!(
                "same values, different text: {}",
                diff("stdout", &want_out, &run.stdout)
            )),
        }
    }
    if let Ok(want_err) = fs::read_to_string(dir.join("expected-stderr.txt")) {
        if want_err != run.stderr {
            failures.push(diff("stderr", &want_err, &run.stderr));
        }
    }
    failures
}

fn update_case(dir: &Path, run: &Run) {
    fs::write(dir.join("expected.yaml"), &run.stdout).unwrap();
    fs::write(dir.join("expected-stderr.txt"), &run.stderr).unwrap();
    if run.code == 0 {
        let _ = fs::remove_file(dir.join("exit-code"));
    } else {
        fs::write(dir.join("exit-code"), format!("{}\n", run.code)).unwrap();
    }
}

#[test]
fn golden_cases() {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1");
    let mut dirs: Vec<PathBuf> = fs::read_dir(testdata())
        .expect("testdata/ exists")
        .map(|e| e.unwrap().path())
        // testdata/repo: tests/repo.rs; testdata/sarif: the SARIF log and schema
        // (src/repo/formats/tests.rs, testdata/sarif/check)
        .filter(|p| p.is_dir() && !p.ends_with("repo") && !p.ends_with("sarif"))
        .collect();
    dirs.sort();
    assert!(
        dirs.len() >= 20,
        "expected the golden cases in testdata/, found {}",
        dirs.len()
    );
    let mut failed = Vec::new();
    for dir in &dirs {
        let run = run_case(dir);
        if update {
            update_case(dir, &run);
            continue;
        }
        let failures = check_case(dir, &run);
        if !failures.is_empty() {
            let name = dir.file_name().unwrap().to_string_lossy().to_string();
            eprintln!("=== {name}\n{}", failures.join("\n"));
            failed.push(name);
        }
    }
    assert!(
        failed.is_empty(),
        "{} golden case(s) failed: {failed:?}",
        failed.len()
    );
}

/// A case with exit code 2 must write nothing on stdout (nothing half-written).
#[test]
fn fatal_cases_write_nothing() {
    for entry in fs::read_dir(testdata()).unwrap() {
        let dir = entry.unwrap().path();
        let code = fs::read_to_string(dir.join("exit-code")).unwrap_or_default();
        if code.trim() == "2" {
            let run = run_case(&dir);
            assert_eq!(run.stdout, "", "{}", dir.display());
            assert!(
                run.stderr.starts_with("crd-schema-fn: error: "),
                "{}: {}",
                dir.display(),
                run.stderr
            );
        }
    }
}
