//! The paths a config names (`schemas:`, `previous:`) as kustomize's default load restrictor
//! allows them: inside the config's folder, symbolic links followed; absolute paths and
//! escapes are refused at once (exit 2, nothing on stdout, a message naming the path) unless
//! `CRD_SCHEMA_FN_LOAD_RESTRICTOR=LoadRestrictionsNone`. Only regular files are read (a device
//! or a FIFO would hang the run). Command-line paths (`--previous`) are not restricted.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const CRD: &str = "apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  names: {kind: Widget, plural: widgets}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec: {type: object, properties: {size: {type: integer, default: 1}}}
";

/// A fresh folder under the target directory: `root/pkg` (the config's folder) and `root/out`.
fn workspace(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("paths-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("pkg")).unwrap();
    std::fs::create_dir_all(dir.join("out")).unwrap();
    std::fs::write(dir.join("out/crd.yaml"), CRD).unwrap();
    std::fs::write(dir.join("pkg/crd.yaml"), CRD).unwrap();
    dir
}

/// Runs the legacy plugin form (`crd-schema-fn CONFIG < stream`) in `dir`, with `env` set.
fn run(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> (String, String, i32, Duration) {
    let start = Instant::now();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_crd-schema-fn"));
    cmd.args(args)
        .current_dir(dir)
        .env_remove("CRD_SCHEMA_FN_LOAD_RESTRICTOR")
        .env_remove("KUSTOMIZE_PLUGIN_CONFIG_ROOT")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().unwrap();
    let input = "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {}\n";
    child.stdin.take().unwrap().write_all(input.as_bytes()).ok();
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
        start.elapsed(),
    )
}

fn config(dir: &Path, key: &str, path: &str) {
    let text = format!(
        "apiVersion: fn.crd-schema-fn.dev/v1alpha1\nkind: CRDSchemaFn\nmetadata: {{name: f}}\nspec:\n  {key}: [{path:?}]\n"
    );
    std::fs::write(dir.join("pkg/fn.yaml"), text).unwrap();
}

/// (what the config names, the words the error must hold): each refused at once with exit 2.
#[test]
fn config_paths_out_of_the_folder_are_refused() {
    let dir = workspace("refused");
    std::os::unix::fs::symlink(dir.join("out"), dir.join("pkg/link")).unwrap();
    std::fs::create_dir_all(dir.join("pkg/mixed")).unwrap();
    std::os::unix::fs::symlink(dir.join("out/crd.yaml"), dir.join("pkg/mixed/crd.yaml")).unwrap();
    let out_crd = dir.join("out/crd.yaml").display().to_string();
    let cases: Vec<(&str, &str, Vec<&str>)> = vec![
        (
            "schemas",
            "/etc/passwd",
            vec!["spec.schemas[0]", "\"/etc/passwd\" is absolute"],
        ),
        (
            "schemas",
            "/dev/zero",
            vec!["spec.schemas[0]", "\"/dev/zero\" is absolute"],
        ),
        (
            "schemas",
            "../out/crd.yaml",
            vec!["spec.schemas[0]", "\"../out/crd.yaml\"", "outside"],
        ),
        (
            "schemas",
            "../../../../etc",
            vec!["spec.schemas[0]", "\"../../../../etc\"", "outside"],
        ),
        (
            "schemas",
            "link/crd.yaml",
            vec!["spec.schemas[0]", "\"link/crd.yaml\"", "outside"],
        ),
        (
            "schemas",
            "mixed",
            vec!["spec.schemas[0]", "\"mixed\"", "outside"],
        ),
        (
            "previous",
            "../out",
            vec!["spec.previous[0]", "\"../out\"", "outside"],
        ),
        (
            "previous",
            &out_crd,
            vec!["spec.previous[0]", "is absolute"],
        ),
    ];
    for (key, path, words) in cases {
        config(&dir, key, path);
        let (out, err, code, took) = run(&dir.join("pkg"), &["fn.yaml"], &[]);
        assert_eq!((out.as_str(), code), ("", 2), "{key}: {path}: {err}");
        for w in words {
            assert!(err.contains(w), "{key}: {path}: no {w:?} in {err}");
        }
        assert!(err.contains("CRD_SCHEMA_FN_LOAD_RESTRICTOR"), "{err}");
        assert!(took < Duration::from_secs(10), "{path} took {took:?}");
    }
}

#[test]
fn config_paths_inside_the_folder_and_the_escape_hatch() {
    let dir = workspace("allowed");
    config(&dir, "schemas", "crd.yaml");
    let (out, err, code, _) = run(&dir.join("pkg"), &["fn.yaml"], &[]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("size: 1"), "{out}");
    // The same escape is allowed with the variable the container image sets.
    config(&dir, "schemas", "../out/crd.yaml");
    let none = [("CRD_SCHEMA_FN_LOAD_RESTRICTOR", "LoadRestrictionsNone")];
    let (out, err, code, _) = run(&dir.join("pkg"), &["fn.yaml"], &none);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("size: 1"), "{out}");
    // Paths given on the command line are the user's own.
    let abs = dir.join("out/crd.yaml").display().to_string();
    let (_, err, code, _) = run(&dir.join("pkg"), &["--previous", &abs], &[]);
    assert_eq!(code, 0, "{err}");
}

/// Devices and FIFOs are never opened, even where paths are not restricted; the error names the
/// path at once.
#[test]
fn only_regular_files_are_read() {
    let dir = workspace("special");
    let fifo = dir.join("pkg/fifo.yaml");
    let made = Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let none = [("CRD_SCHEMA_FN_LOAD_RESTRICTOR", "LoadRestrictionsNone")];
    for (key, path) in [
        ("schemas", "/dev/zero"),
        ("schemas", "fifo.yaml"),
        ("previous", "/dev/zero"),
        ("previous", "fifo.yaml"),
    ] {
        config(&dir, key, path);
        let (out, err, code, took) = run(&dir.join("pkg"), &["fn.yaml"], &none);
        assert_eq!((out.as_str(), code), ("", 2), "{path}: {err}");
        let name = Path::new(path).file_name().unwrap().to_str().unwrap();
        assert!(
            err.contains(name) && err.contains("not a regular file"),
            "{path}: {err}"
        );
        assert!(took < Duration::from_secs(10), "{path} took {took:?}");
    }
    // A FIFO in a folder that is read is refused the same way.
    config(&dir, "schemas", ".");
    let (_, err, code, _) = run(&dir.join("pkg"), &["fn.yaml"], &[]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("fifo.yaml: cannot read: not a regular file"),
        "{err}"
    );
    // On the command line too.
    let (_, err, code, _) = run(&dir.join("pkg"), &["--previous", "/dev/zero"], &[]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("/dev/zero: cannot read: not a regular file"),
        "{err}"
    );
}
