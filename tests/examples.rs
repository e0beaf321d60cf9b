//! One test per folder of `examples/`: runs the folder's `run.sh` (which compares what the
//! binary prints with the expected files committed beside it) against the binary cargo built
//! for this test run. A last test makes sure no example folder is left without a test.
//!
//! `UPDATE_EXPECTED=1 cargo test --release --test integration examples::` rewrites the expected files (then
//! read the diff before committing it).

use crd_schema_fn::config::LoadRestrictor;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The example folders this file runs, in the order they are documented.
const EXAMPLES: [&str; 13] = [
    "standalone",
    "refused-resource",
    "kustomize-exec",
    "kustomize-container",
    "kustomize-legacy-plugin",
    "kpt",
    "argocd-cmp",
    "gateway-api",
    "gateway-api-cel",
    "ci",
    "helm-post-renderer",
    "update-base",
    "crd-change",
];

fn examples_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples")
}

/// Runs `examples/<name>/run.sh` with the binary under test and fails with its output.
fn run_example(name: &str) {
    let script = examples_dir().join(name).join("run.sh");
    let output = Command::new("bash")
        .arg(&script)
        .env("CRD_SCHEMA_FN", env!("CARGO_BIN_EXE_crd-schema-fn"))
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", script.display()));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    print!("{stdout}");
    eprint!("{stderr}");
    assert!(
        output.status.success(),
        "examples/{name}/run.sh failed ({}):\n{stdout}\n{stderr}",
        output.status
    );
    assert!(
        stdout.contains(&format!("example {name}: ok")),
        "examples/{name}/run.sh did not report success:\n{stdout}"
    );
}

#[test]
fn update_base() {
    run_example("update-base");
}

#[test]
fn crd_change() {
    run_example("crd-change");
}

#[test]
fn standalone() {
    run_example("standalone");
}

#[test]
fn refused_resource() {
    run_example("refused-resource");
}

#[test]
fn kustomize_exec() {
    run_example("kustomize-exec");
}

#[test]
fn kustomize_container() {
    run_example("kustomize-container");
}

#[test]
fn kustomize_legacy_plugin() {
    run_example("kustomize-legacy-plugin");
}

#[test]
fn kpt() {
    run_example("kpt");
}

#[test]
fn argocd_cmp() {
    run_example("argocd-cmp");
}

#[test]
fn gateway_api() {
    run_example("gateway-api");
}

#[test]
fn gateway_api_cel() {
    run_example("gateway-api-cel");
}

#[test]
fn ci() {
    run_example("ci");
}

#[test]
fn helm_post_renderer() {
    run_example("helm-post-renderer");
}

#[test]
fn every_example_folder_has_a_test_a_readme_and_a_check() {
    let mut found: Vec<String> = std::fs::read_dir(examples_dir())
        .expect("examples/ exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.is_dir())
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    found.sort();
    let mut listed: Vec<String> = EXAMPLES.iter().map(|s| s.to_string()).collect();
    listed.sort();
    assert_eq!(found, listed, "examples/ folders and EXAMPLES differ");
    for name in EXAMPLES {
        for file in ["README.md", "run.sh"] {
            let path = examples_dir().join(name).join(file);
            assert!(path.is_file(), "missing {}", path.display());
        }
    }
}

#[test]
fn readme_diff_snippet_is_the_standalone_examples_output() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    let command = "--diff < examples/standalone/input.yaml > /dev/null\n";
    let start = readme
        .find(command)
        .expect("README shows the --diff command")
        + command.len();
    let end = start + readme[start..].find("```").expect("code block ends");
    let expected = std::fs::read_to_string(root.join("examples/standalone/expected-diff.stderr"))
        .expect("expected-diff.stderr");
    assert_eq!(
        &readme[start..end],
        expected,
        "README.md's --diff output is stale: copy examples/standalone/expected-diff.stderr into it"
    );
}

/// Every config shown to users (catalog samples, example configs) is accepted as written.
#[test]
fn sample_and_example_configs_are_valid() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = [
        "functions/crd-schema-fn/samples/crd-schema-fn.yaml",
        "functions/crd-schema-fn/samples/configmap.yaml",
        "functions/crd-schema-fn/samples/strict-validator.yaml",
        "examples/standalone/strict.yaml",
        "examples/refused-resource/warn.yaml",
        "examples/kustomize-exec/crd-schema-fn.yaml",
        "examples/kustomize-container/crd-schema-fn.yaml",
        // Run where paths are not restricted (the container image; a documented escape).
        "!examples/kustomize-container/mounted-schemas/crd-schema-fn.yaml",
        "examples/kustomize-legacy-plugin/own-kind/crd-schema-fn.yaml",
        "examples/kustomize-legacy-plugin/configmap/crd-schema-fn.yaml",
        "examples/kpt/package/crd-schema-fn.yaml",
        "!examples/argocd-cmp/app/crd-schema-fn.yaml",
        "examples/gateway-api/crd-schema-fn.yaml",
        "examples/helm-post-renderer/chart/crd-schema-fn.yaml",
        "tests/fixtures/helm/umbrella/crd-schema-fn.yaml",
    ];
    for file in files {
        let (file, restrictor) = match file.strip_prefix('!') {
            Some(f) => (f, LoadRestrictor::None),
            None => (file, LoadRestrictor::RootOnly),
        };
        let path = root.join(file);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
        let docs =
            crd_schema_fn::yaml::parse_stream(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(docs.len(), 1, "{file}: one document");
        let dir = path.parent().unwrap();
        if let Err(e) = crd_schema_fn::config::load_with(Some(&docs[0]), dir, restrictor) {
            panic!("{file}: {e}");
        }
    }
}
