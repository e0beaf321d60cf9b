//! The whole corpus through the binary in all three input forms.
//!
//! For every project of `../shared/conformance` (its CRD files, then its sample files in the
//! order the conformance file lists them), the built binary runs on: a plain YAML stream, the same
//! objects as a `ResourceList`, and the legacy exec plugin form (`crd-schema-fn CONFIG_FILE`,
//! stream on stdin); and the ResourceList as one-line JSON, whose items must be the same values
//! (its processed items copy from their input text what they hold as read: a collection a
//! stage changed without forgetting its span shows here). Asserted: the three runs give the same
//! resources (as YAML 1.1 values), one per input object, every output re-parses, and no error is reported except for the corpus's
//! deliberately invalid files (`INVALID` in the file name, resources named `error_*`),
//! non-structural CRDs, and the validation errors the apiserver gives (`validationErrors` of the
//! conformance file), with one `... is invalid: N errors` line per refused object. Every CRD
//! comes out as it went in, and the ResourceList is answered byte for byte alike on one thread
//! and on three.

use crate::support::{ground, norm, shared};

use crd_schema_fn::yaml::{emit_document, json::to_json, parse_stream, Mapping, Node, Sequence};
use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

struct Run {
    stdout: String,
    stderr: String,
    code: i32,
}

fn run(args: &[&Path], stdin: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_crd-schema-fn"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start crd-schema-fn");
    let mut pipe = child.stdin.take().unwrap();
    let text = stdin.to_string();
    let writer = std::thread::spawn(move || pipe.write_all(text.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    Run {
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
        code: out.status.code().unwrap_or(-1),
    }
}

/// The files of one project: CRD files, then sample files in first-listed order.
fn project_files(conf: &Value) -> Vec<String> {
    let mut files: Vec<String> = conf["crdFiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap().to_string())
        .collect();
    for r in conf["resources"].as_array().unwrap() {
        let f = r["file"].as_str().unwrap().to_string();
        if !files.contains(&f) {
            files.push(f);
        }
    }
    files
}

/// The values of a YAML stream's non-null documents.
fn values(text: &str, what: &str) -> Vec<Value> {
    parse_stream(text)
        .unwrap_or_else(|e| panic!("{what}: output does not re-parse: {e}"))
        .iter()
        .filter(|d| !d.is_null())
        .map(|d| to_json(d).unwrap_or_else(|e| panic!("{what}: {e}")))
        .collect()
}

/// The same objects as a ResourceList document.
fn as_resource_list(stream: &str) -> String {
    let items: Vec<Node> = parse_stream(stream)
        .unwrap()
        .into_iter()
        .filter(|d| !d.is_null())
        .collect();
    let mut m = Mapping::default();
    m.insert("apiVersion", Node::string("config.kubernetes.io/v1"));
    m.insert("kind", Node::string("ResourceList"));
    m.insert(
        "items",
        Node::Seq(Sequence {
            items,
            ..Sequence::default()
        }),
    );
    let mut out = String::new();
    emit_document(&Node::Map(m), &mut out);
    out
}

/// Whether a stderr error line is one the corpus deliberately provokes.
fn expected_error(line: &str) -> bool {
    // a CRD the corpus ships deliberately broken (not structural, or a v1 CRD preserving
    // unknown fields) is refused, one line a cause
    let about_crd =
        line.starts_with("crd-schema-fn: error: CustomResourceDefinition ") && crd_cause(line);
    line.contains("INVALID") || line.contains(" error_") || about_crd
}

/// Whether a message is one of the causes for which the apiserver refuses the corpus's broken CRDs.
fn crd_cause(message: &str) -> bool {
    message.contains(".openAPIV3Schema") || message.contains("spec.preserveUnknownFields: ")
}

/// The apiserver's validation messages for the project's samples.
fn validation_messages(conf: &Value) -> Vec<String> {
    conf["resources"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| {
            r["validationErrors"]
                .as_array()
                .cloned()
                .unwrap_or_default()
        })
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

/// Whether a stderr error line is one of the apiserver's validation messages, or the line
/// that sums up a refused object.
fn validation_line(line: &str, allowed: &[String]) -> bool {
    let refusal =
        line.contains(" is invalid: ") && (line.ends_with(" error") || line.ends_with(" errors"));
    refusal || allowed.iter().any(|m| line.ends_with(&format!(": {m}")))
}

fn check_errors(project: &str, form: &str, r: &Run, allowed: &[String]) {
    assert!(
        r.code == 0 || r.code == 1,
        "{project} ({form}): exit {}: {}",
        r.code,
        r.stderr
    );
    for line in r
        .stderr
        .lines()
        .filter(|l| l.starts_with("crd-schema-fn: error:"))
    {
        assert!(
            expected_error(line) || validation_line(line, allowed),
            "{project} ({form}): unexpected error: {line}"
        );
    }
    assert_eq!(
        r.code == 1,
        r.stderr.contains("crd-schema-fn: error:"),
        "{project} ({form}): exit {} vs stderr {}",
        r.code,
        r.stderr
    );
}

fn check_project(conf_path: &Path, config_file: &Path) {
    let conf: Value = serde_json::from_str(&std::fs::read_to_string(conf_path).unwrap()).unwrap();
    let project = conf["project"].as_str().unwrap().to_string();
    let texts: Vec<String> = project_files(&conf)
        .iter()
        .map(|f| std::fs::read_to_string(shared().join(f)).unwrap())
        .collect();
    let stream = texts.join("\n---\n");
    let input_count = values(&stream, &project).len();
    let allowed = validation_messages(&conf);

    let s = run(&[], &stream);
    check_errors(&project, "stream", &s, &allowed);
    let stream_out = values(&s.stdout, &format!("{project} (stream)"));
    assert_eq!(
        stream_out.len(),
        input_count,
        "{project}: one output object per input object"
    );
    let samples = stream_out
        .iter()
        .filter(|v| v["kind"] != "CustomResourceDefinition")
        .count();
    assert_eq!(
        samples,
        conf["resources"].as_array().unwrap().len(),
        "{project}: sample count"
    );

    let l = run(&[config_file], &stream);
    check_errors(&project, "legacy plugin", &l, &allowed);
    assert!(
        stream_out == values(&l.stdout, &project),
        "{project}: legacy plugin output differs from stream output"
    );

    let r = run(&[], &as_resource_list(&stream));
    check_errors(&project, "ResourceList", &r, &allowed);
    let list = values(&r.stdout, &format!("{project} (ResourceList)"));
    assert_eq!(list.len(), 1, "{project}: one ResourceList out");
    assert_eq!(list[0]["apiVersion"], "config.kubernetes.io/v1");
    let items = list[0]["items"].as_array().expect("items");
    assert!(
        &stream_out == items,
        "{project}: ResourceList items differ from stream output"
    );
    for res in list[0]["results"].as_array().expect("results") {
        if res["severity"] == "error" {
            let text = res.to_string();
            let message = res["message"].as_str().unwrap_or_default().to_string();
            assert!(
                expected_error(&text)
                    || (res["resourceRef"]["kind"] == "CustomResourceDefinition"
                        && crd_cause(&message))
                    || allowed.contains(&message)
                    || res["resourceRef"]["name"]
                        .as_str()
                        .is_some_and(|n| n.starts_with("error_")),
                "{project}: unexpected error result {text}"
            );
        }
    }
    assert_eq!(r.code, s.code, "{project}: exit codes differ between forms");

    // The same list as one-line JSON: the JSON answer holds the same items, its processed items
    // written from their trees, copying from their input what they hold as read.
    let list_value = to_json(&parse_stream(&as_resource_list(&stream)).unwrap()[0]).unwrap();
    let j = run(&[], &serde_json::to_string(&list_value).unwrap());
    check_errors(&project, "JSON ResourceList", &j, &allowed);
    let answer: Value = serde_json::from_str(&j.stdout)
        .unwrap_or_else(|e| panic!("{project} (JSON ResourceList): output is no JSON: {e}"));
    let json_items: Vec<Value> = answer["items"].as_array().expect("items").to_vec();
    assert!(
        stream_out.iter().map(norm).eq(json_items.iter().map(norm)),
        "{project}: JSON ResourceList items differ from stream output"
    );
    assert_eq!(j.code, s.code, "{project}: exit codes differ between forms");

    // A CRD among the objects is answered as it came (the function checks it, never changes
    // it), and the answer is the same bytes on one thread and on three.
    let inputs = values(&stream, &project);
    for (read, out) in inputs.iter().zip(&stream_out) {
        if read["kind"] == "CustomResourceDefinition" {
            assert!(
                read == out,
                "{project}: CRD {} changed",
                read["metadata"]["name"]
            );
        }
    }
    let list_text = as_resource_list(&stream);
    let jobs = |n: &str| run(&[Path::new("--jobs"), Path::new(n)], &list_text);
    let (one, three) = (jobs("1"), jobs("3"));
    assert!(
        one.stdout == three.stdout && one.stderr == three.stderr && one.code == three.code,
        "{project}: --jobs 3 answers otherwise than --jobs 1"
    );
}

#[test]
fn every_corpus_project_in_all_three_forms() {
    if !ground::present("every_corpus_project_in_all_three_forms") {
        return;
    }
    let dir = shared().join("conformance");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        panic!(
            "{} is missing: this test needs ../shared beside the repository",
            dir.display()
        );
    };
    let mut confs: Vec<PathBuf> = entries
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    confs.sort();
    let tmp = std::env::temp_dir().join(format!("crd-schema-fn-corpus-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let config_file = tmp.join("config.yaml");
    std::fs::write(
        &config_file,
        "apiVersion: fn.crd-schema-fn.dev/v1alpha1\nkind: CRDSchemaFn\nmetadata:\n  name: corpus\nspec:\n  fieldValidation: Warn\n",
    )
    .unwrap();
    let mut failed = Vec::new();
    for conf in &confs {
        if std::panic::catch_unwind(|| check_project(conf, &config_file)).is_err() {
            failed.push(conf.file_stem().unwrap().to_string_lossy().to_string());
        }
    }
    std::fs::remove_dir_all(&tmp).ok();
    assert!(
        confs.len() >= 30,
        "found {} conformance projects",
        confs.len()
    );
    assert!(
        failed.is_empty(),
        "{} of {} projects failed: {failed:?}",
        failed.len(),
        confs.len()
    );
}
