//! The binary's command line: help, version, flag errors, and the config file of the legacy
//! plugin form (missing, malformed), each with its exit code and nothing on stdout on failure;
//! and one `--previous` update answered by the binary as built (a float read back exactly).

use std::io::Write;
use std::process::{Command, Stdio};

fn run(args: &[&str], stdin: &str) -> (String, String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_crd-schema-fn"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).ok();
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn version_and_help() {
    let (out, _, code) = run(&["--version"], "");
    assert_eq!(
        (out.as_str(), code),
        (
            concat!("crd-schema-fn ", env!("CARGO_PKG_VERSION"), "\n"),
            0
        )
    );
    let (out, _, code) = run(&["--help"], "");
    assert_eq!(code, 0);
    for word in ["[CONFIG_FILE]", "--diff", "--version", "Exit codes"] {
        assert!(out.contains(word), "--help lacks {word}:\n{out}");
    }
}

#[test]
fn unknown_flag_is_a_usage_error() {
    let (out, err, code) = run(&["--bogus"], "");
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(err.contains("--bogus"), "{err}");
}

#[test]
fn missing_config_file_exits_2_naming_it() {
    let (out, err, code) = run(
        &["no-such-config.yaml"],
        "apiVersion: v1\nkind: ConfigMap\n",
    );
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(
        err.starts_with("crd-schema-fn: error: reading config file no-such-config.yaml: "),
        "{err}"
    );
}

#[test]
fn malformed_config_file_exits_2_naming_it() {
    let dir = std::env::temp_dir().join(format!("crd-schema-fn-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cfg = dir.join("bad.yaml");
    std::fs::write(&cfg, "apiVersion: v1\nkind: ConfigMap\ndata: {prune: [\n").unwrap();
    let (out, err, code) = run(
        &[cfg.to_str().unwrap()],
        "apiVersion: v1\nkind: ConfigMap\n",
    );
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(
        err.starts_with(&format!(
            "crd-schema-fn: error: config file {}: malformed YAML: ",
            cfg.display()
        )),
        "{err}"
    );
}

#[test]
fn passthrough_of_a_native_object_is_exact() {
    let text = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  answer: 'yes'\n  mode: \"0755\"\n";
    let (out, err, code) = run(&[], text);
    assert_eq!((out.as_str(), err.as_str(), code), (text, "", 0));
}

#[test]
fn a_stream_document_without_apiversion_and_kind_passes_through() {
    // As kubectl reads it (its ground truth's stream 502): streamed, and whole (`...` at the end
    // makes the binary read the whole input), the same output.
    let text = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n---\nd1: 1\nd2: [x]\n";
    for input in [text.to_string(), format!("{text}...\n")] {
        let (out, err, code) = run(&[], &input);
        assert_eq!((out.as_str(), err.as_str(), code), (text, "", 0), "{input}");
    }
}

#[test]
fn check_and_fix_have_their_own_help() {
    for sub in ["check", "fix"] {
        let (out, _, code) = run(&[sub, "--help"], "");
        assert_eq!(code, 0);
        for word in ["PATH", "--schemas", "--config", "--diff", "Exit codes"] {
            assert!(out.contains(word), "{sub} --help lacks {word}:\n{out}");
        }
    }
    let (out, _, _) = run(&["--help"], "");
    assert!(out.contains("crd-schema-fn check PATH..."), "{out}");
    let (out, err, code) = run(&["check"], "");
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(err.contains("<PATH>..."), "{err}");
}

/// `crd-schema-fn check` with a file named `check` in the working directory is the legacy
/// plugin form, as it was before the subcommands existed.
#[test]
fn a_config_file_named_check_keeps_the_legacy_form() {
    let dir = std::env::temp_dir().join(format!("crd-schema-fn-cli-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("check"),
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {prune: \"false\"}\n",
    )
    .unwrap();
    let stream = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n";
    let mut child = Command::new(env!("CARGO_BIN_EXE_crd-schema-fn"))
        .arg("check")
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stream.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(
        (
            String::from_utf8_lossy(&out.stdout).as_ref(),
            out.status.code()
        ),
        (stream, Some(0)),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// An update whose object did not change: a number its CRD's new `maximum` refuses is ratcheted
/// (accepted) as the apiserver accepts it. `1.9941414234139934` is a float64's shortest digits
/// that serde_json's default reading misses by one unit (1.9941414234139936): the shipped
/// binary read the stored old object so until it was built with `float_roundtrip`, saw a
/// changed value and refused the update.
#[test]
fn an_unchanged_float_with_seventeen_digits_is_ratcheted_on_update() {
    let crd = |schema: &str| {
        format!(
            "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\n\
             metadata: {{name: widgets.example.com}}\nspec:\n  group: example.com\n  \
             names: {{kind: Widget, plural: widgets}}\n  scope: Namespaced\n  versions:\n  \
             - name: v1\n    served: true\n    storage: true\n    schema:\n      \
             openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            \
             type: object\n            properties:\n              ratio: {schema}\n"
        )
    };
    let widget = "---\napiVersion: example.com/v1\nkind: Widget\n\
                  metadata: {name: w, namespace: default}\nspec: {ratio: 1.9941414234139934}\n";
    let dir = std::env::temp_dir().join(format!("crd-schema-fn-ratchet-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let old = dir.join("old.yaml");
    std::fs::write(&old, crd("{type: number}") + widget).unwrap();
    let new = crd("{type: number, maximum: 1}") + widget;
    let (_, err, code) = run(&["--previous", old.to_str().unwrap()], &new);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!((err.as_str(), code), ("", 0));
    // Without the previous revision it is a create, and refused.
    let (_, err, code) = run(&[], &new);
    assert!(
        err.contains("spec.ratio: Invalid value: 1.9941414234139934: spec.ratio in body should be less than or equal to 1"),
        "{err}"
    );
    assert_eq!(code, 1);
}

/// kubectl decodes a JSON document with encoding/json, which keeps a NEL, LS or PS character in
/// a string as it is; the YAML grammar would take each for a line break and fold it (with the
/// spaces around it). A JSON stream, a JSON List and a JSON ResourceList whose object gains a
/// default keep such strings whole, and so does the same object read from one line.
#[test]
fn json_strings_keep_nel_ls_and_ps() {
    let crd = r#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"foos.ex.io"},"spec":{"group":"ex.io","names":{"kind":"Foo","plural":"foos","singular":"foo","listKind":"FooList"},"scope":"Namespaced","versions":[{"name":"v1","served":true,"storage":true,"schema":{"openAPIV3Schema":{"type":"object","properties":{"spec":{"type":"object","properties":{"s":{"type":"string"},"d":{"type":"string","default":"x"}}}}}}}]}}"#;
    let text = "a \u{85} b\u{2028}c \u{2029} d";
    let object = format!(
        r#"{{"apiVersion":"ex.io/v1","kind":"Foo","metadata":{{"name":"f"}},"spec":{{"s":"{text}"}}}}"#
    );
    let want = format!(r#""spec":{{"s":"{text}","d":"x"}}"#);
    let inputs = [
        format!("{crd}\n{object}\n"),
        format!(r#"{{"apiVersion":"v1","kind":"List","items":[{crd},{object}]}}"#),
        format!(
            r#"{{"apiVersion":"config.kubernetes.io/v1","kind":"ResourceList","items":[{crd},{object}]}}"#
        ),
    ];
    for input in inputs {
        let (out, err, code) = run(&[], &input);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains(&want), "{input}\n--- gave\n{out}");
        let (out3, _, _) = run(&["--jobs", "3"], &input);
        assert_eq!(out3, out, "--jobs 3");
    }
}

/// The binary with stdin a file (mapped when it is 1 MiB or more, `src/stdin.rs`) whose
/// descriptor stands at `offset`.
fn run_file(path: &std::path::Path, offset: u64) -> (String, String, i32) {
    use std::io::{Seek, SeekFrom};
    let mut file = std::fs::File::open(path).unwrap();
    file.seek(SeekFrom::Start(offset)).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_crd-schema-fn"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::from(file))
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn stdin_as_a_file_reads_as_a_pipe() {
    // A list of ConfigMaps over 1 MiB.
    let mut text =
        String::from("apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n");
    for i in 0..6000 {
        text.push_str(&format!(
            "- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: cm-{i}\n  data:\n    answer: 'yes'\n    padding: \"{}\"\n",
            "x".repeat(150)
        ));
    }
    assert!(text.len() > 1 << 20);
    let piped = run(&[], &text);
    assert_eq!(piped.2, 0, "{}", piped.1);
    assert!(piped.0.contains("name: cm-5999"));
    let dir = std::env::temp_dir().join(format!("crd-schema-fn-stdin-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // From its start; and after 5,000 bytes that are not UTF-8 (the descriptor's offset is where
    // the input starts, not a page boundary).
    let plain = dir.join("list.yaml");
    std::fs::write(&plain, &text).unwrap();
    assert_eq!(run_file(&plain, 0), piped);
    let after = dir.join("after.yaml");
    let mut bytes = vec![0xffu8; 5000];
    bytes.extend_from_slice(text.as_bytes());
    std::fs::write(&after, &bytes).unwrap();
    assert_eq!(run_file(&after, 5000), piped);
    // Text that is not UTF-8: refused as a pipe's is, nothing written.
    let refused = (
        String::new(),
        "crd-schema-fn: error: reading stdin: stream did not contain valid UTF-8\n".to_string(),
        2,
    );
    assert_eq!(run_file(&after, 0), refused);
    // Nothing after the offset: an empty input, as a pipe that gives nothing.
    assert_eq!(run_file(&plain, text.len() as u64), run(&[], ""));
    std::fs::remove_dir_all(&dir).ok();
}
