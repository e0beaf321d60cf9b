//! The thread count changes nothing but the time: every example (`examples/*/run.sh`, which
//! compares the binary's stdout, stderr and exit code with the files committed beside it) passes
//! at `CRD_SCHEMA_FN_JOBS=1` and at `4`, and every CEL library batch (`../shared/cel-library`,
//! skipped without `../shared`) gives byte-identical stdout, stderr and exit code at `--jobs 1`
//! and `--jobs 4`, streamed and read whole.

use crate::support::ground;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// The example folders (every folder of `examples/` with a `run.sh`), sorted.
fn examples() -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(root().join("examples"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("run.sh").is_file())
        .map(|p| p.file_name().unwrap().to_string_lossy().to_string())
        .collect();
    out.sort();
    out
}

/// `examples/<name>/run.sh` with `CRD_SCHEMA_FN_JOBS=jobs`: its transcript and exit status.
fn run_example(name: &str, jobs: &str) -> (String, bool) {
    let script = root().join("examples").join(name).join("run.sh");
    let output = Command::new("bash")
        .arg(&script)
        .env("CRD_SCHEMA_FN", env!("CARGO_BIN_EXE_crd-schema-fn"))
        .env("CRD_SCHEMA_FN_JOBS", jobs)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", script.display()));
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (text, output.status.success())
}

#[test]
fn every_example_gives_its_expected_output_at_one_and_four_threads() {
    let names = examples();
    assert!(names.len() >= 13, "examples: {names:?}");
    for name in names {
        let (one, ok_one) = run_example(&name, "1");
        assert!(ok_one, "examples/{name} at --jobs 1:\n{one}");
        let (four, ok_four) = run_example(&name, "4");
        assert!(ok_four, "examples/{name} at --jobs 4:\n{four}");
        assert!(
            one.contains(&format!("example {name}: ok")),
            "examples/{name}: {one}"
        );
        // The transcripts (each case's exit code, skips) are the same too.
        assert_eq!(one, four, "examples/{name}: transcripts differ");
    }
}

/// One run of the binary on `input` with `args`.
fn run(args: &[&str], input: &[u8]) -> Output {
    run_in(&root(), args, input)
}

/// [`run`] in the folder `dir`.
fn run_in(dir: &Path, args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_crd-schema-fn"))
        .current_dir(dir)
        .args(args)
        .env_remove("CRD_SCHEMA_FN_JOBS")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    out
}

/// Asserts that `input` gives the same stdout, stderr and exit code at 1 and 4 threads, and
/// some output.
fn same_at_one_and_four(what: &str, input: &[u8]) {
    let one = one_and_four(what, input);
    assert!(!one.stdout.is_empty(), "{what}: no output");
}

/// Asserts that `input` gives the same stdout, stderr and exit code at 1 and 4 threads; the
/// run at 1.
fn one_and_four(what: &str, input: &[u8]) -> Output {
    one_and_four_in(&root(), what, input)
}

/// [`one_and_four`] in the folder `dir`.
fn one_and_four_in(dir: &Path, what: &str, input: &[u8]) -> Output {
    let one = run_in(dir, &["--jobs", "1"], input);
    let four = run_in(dir, &["--jobs", "4"], input);
    assert_eq!(one.status.code(), four.status.code(), "{what}: exit codes");
    assert!(one.stdout == four.stdout, "{what}: stdout differs");
    assert_eq!(
        String::from_utf8_lossy(&one.stderr),
        String::from_utf8_lossy(&four.stderr),
        "{what}: stderr differs"
    );
    one
}

#[test]
fn cel_library_batches_are_the_same_at_one_and_four_threads() {
    if !ground::present("cel_library_batches_are_the_same_at_one_and_four_threads") {
        return;
    }
    let dir = ground::shared_dir().join("cel-library");
    let mut batches: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            name.starts_with("batch-") && name.ends_with(".json") && !name.contains("expected")
        })
        .collect();
    batches.sort();
    assert_eq!(batches.len(), 15);
    for path in batches {
        let input = std::fs::read(&path).unwrap();
        let name = path.display().to_string();
        same_at_one_and_four(&name, &input);
        // As a YAML document (`---` first) ended by a `...` line, the input is read whole
        // (kubectl drops what follows the line): the whole-input path is threaded too. After
        // JSON the line would be refused, as kubectl refuses it there.
        let mut whole = b"---\n".to_vec();
        whole.extend_from_slice(&input);
        whole.extend_from_slice(b"\n...\n");
        same_at_one_and_four(&format!("{name} (read whole)"), &whole);
    }
}

/// A JSON list holding an escape the YAML grammar refuses (a surrogate pair's, `\/`) is read by
/// encoding/json's reading, its items handed out as they are read: the same at 1 and 4
/// threads, and the same text as the list holding the characters themselves.
#[test]
fn a_json_list_with_escapes_yaml_refuses_is_the_same_at_one_and_four_threads() {
    let test = "a_json_list_with_escapes_yaml_refuses_is_the_same_at_one_and_four_threads";
    if !ground::present(test) {
        return;
    }
    let input =
        std::fs::read_to_string(ground::shared_dir().join("cel-library/batch-000.json")).unwrap();
    let head = "\"kind\": \"ResourceList\",";
    assert!(input.contains(head), "the batch's root");
    let escaped = input.replacen(head, &format!("{head} \"x\": \"\\ud83d\\udd53\\/\","), 1);
    let raw = input.replacen(head, &format!("{head} \"x\": \"\u{1f553}/\","), 1);
    let escaped = one_and_four("escaped", escaped.as_bytes());
    let raw = one_and_four("raw", raw.as_bytes());
    assert_eq!(escaped.status.code(), raw.status.code());
    assert!(
        escaped.stdout == raw.stdout,
        "escaped and raw: stdout differs"
    );
    let out = String::from_utf8_lossy(&escaped.stdout);
    assert!(
        out.contains("\"x\": \"\u{1f553}/\""),
        "the root's value: {out:.300}"
    );
    assert_eq!(
        String::from_utf8_lossy(&escaped.stderr),
        String::from_utf8_lossy(&raw.stderr)
    );
}

/// `check` over the corpus samples with the corpus CRD folders as schema files: the schema
/// files are read and compiled on the threads, the output is the same as on one.
#[test]
fn a_repository_check_with_schema_folders_is_the_same_at_one_and_four_threads() {
    if !ground::present(
        "a_repository_check_with_schema_folders_is_the_same_at_one_and_four_threads",
    ) {
        return;
    }
    let corpus = ground::shared_dir().join("corpus");
    let (resources, crds) = (corpus.join("resources"), corpus.join("crds"));
    let args = |jobs| {
        vec![
            "check".to_string(),
            "--jobs".into(),
            jobs,
            resources.display().to_string(),
            "--schemas".into(),
            crds.display().to_string(),
        ]
    };
    let outputs: Vec<Output> = ["1", "4"]
        .iter()
        .map(|jobs| {
            let a = args(jobs.to_string());
            let a: Vec<&str> = a.iter().map(String::as_str).collect();
            run(&a, b"")
        })
        .collect();
    let (one, four) = (&outputs[0], &outputs[1]);
    assert!(
        one.stdout.len() > 100_000,
        "{}",
        String::from_utf8_lossy(&one.stderr)
    );
    assert_eq!(one.status.code(), four.status.code());
    assert!(one.stdout == four.stdout, "stdout differs");
    assert_eq!(
        String::from_utf8_lossy(&one.stderr),
        String::from_utf8_lossy(&four.stderr)
    );
}

/// `docs` (YAML documents) as the items of a block-style ResourceList, as kustomize writes it.
fn resource_list(docs: &[String]) -> String {
    let mut out = String::from("apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n");
    for doc in docs {
        for (i, line) in doc.lines().enumerate() {
            let lead = if i == 0 { "- " } else { "  " };
            out.push_str(if line.is_empty() { "" } else { lead });
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// The documents of `examples/standalone/input.yaml` (its CRD, then its four objects), without
/// their comment lines.
fn example_documents() -> Vec<String> {
    let stream = std::fs::read_to_string(root().join("examples/standalone/input.yaml")).unwrap();
    stream
        .split("\n---\n")
        .map(|d| {
            let body: Vec<&str> = d.lines().filter(|l| !l.starts_with('#')).collect();
            body.join("\n")
        })
        .filter(|d| !d.trim().is_empty())
        .collect()
}

/// A ResourceList's items are found by their lines and read on the threads (more than one):
/// the answer is the one-pass read's, also where a part does not read on its own (an alias
/// across items, an item broken by a quoted scalar) and where the input is refused.
#[test]
fn a_resource_list_read_ahead_on_the_threads_is_the_same_as_read_in_one_pass() {
    let docs = example_documents();
    assert!(docs.len() >= 3, "the example's documents");
    // Enough items for several batches, and a comment and an empty line between items.
    let mut many = Vec::new();
    for i in 0..150 {
        many.extend(
            docs.iter()
                .skip(1)
                .map(|d| d.replacen("name: ", &format!("name: n{i}-"), 1)),
        );
    }
    many.insert(0, docs[0].clone());
    let plain = resource_list(&many).replace(
        "\n- apiVersion: example.com",
        "\n# c\n\n- apiVersion: example.com",
    );
    same_at_one_and_four("read ahead", plain.as_bytes());
    let cases = [
        // The item's node starts on the line after its `- `.
        (
            "node on the next line",
            plain.replacen(
                "\n- apiVersion: example.com",
                "\n- \n  apiVersion: example.com",
                3,
            ),
        ),
        // An alias across items: read in one pass.
        (
            "alias",
            plain
                .replacen("kind: ResourceList\n", "kind: ResourceList\nx: &k v\n", 1)
                .replacen("\n    name: n3-", "\n    labels: {a: *k}\n    name: n3-", 1),
        ),
        // A quoted scalar holding an item line: read in one pass.
        (
            "quoted",
            plain.replacen(
                "\n    name: n5-",
                "\n    annotations: {a: \"x\n- y\"}\n    name: n5-",
                1,
            ),
        ),
        // Refused (a tab where an indentation is): the same error.
        (
            "refused",
            plain.replacen("\n    name: n7-", "\n\tname: n7-", 1),
        ),
    ];
    for (what, input) in cases {
        assert_ne!(input, plain, "{what}: the case changes the input");
        let one = one_and_four(what, input.as_bytes());
        let refused = what == "refused";
        assert_eq!(
            one.status.code(),
            Some(if refused { 2 } else { 0 }),
            "{what}: {}",
            String::from_utf8_lossy(&one.stderr)
        );
    }
}

/// A batch of items with no CRD among them is read and processed in one step on each thread,
/// and a batch with a CRD the usual way (see `Streamer::fused`): either way the answer is the
/// one-thread run's. Objects after their CRD; objects of a kind whose CRD comes later, between
/// batches of other objects (written unchanged, processed at the end); the CRD of a kind
/// already processed coming again (a second pass); a kind the config skips; an item refused in
/// the middle of a batch (the run stops there); each as a block-style ResourceList, as
/// one-line JSON and (without a config) as a plain stream, whose documents after the first are
/// found ahead and read on the threads too.
#[test]
fn batches_read_and_processed_in_one_step_are_the_same_as_on_one_thread() {
    let docs = example_documents();
    assert_eq!(docs.len(), 5, "the example's CRD and its four objects");
    let (crd, objects) = (&docs[0], &docs[1..]);
    let renamed = |d: &str, kind: &str| {
        d.replace("backups.", &format!("{}s.", kind.to_lowercase()))
            .replace("Backup", kind)
            .replace("backup", &kind.to_lowercase())
    };
    let widget = |d: &str| renamed(d, "Widget");
    // A CRD with its metadata first, holding a note of 5,000 bytes, and its kind after them.
    let unseen = |d: &str| {
        let (head, rest) = d.split_once("metadata:\n").unwrap();
        let (name, rest) = rest.split_once('\n').unwrap();
        let note = "x".repeat(5000);
        format!("metadata:\n{name}\n  annotations:\n    note: {note}\n{head}{rest}")
    };
    let gadgets = |n: usize, from: usize| -> Vec<String> {
        let named = |i: usize, d: &String| d.replacen("name: ", &format!("name: g{i}-"), 1);
        (from..from + n)
            .flat_map(|i| objects.iter().map(move |d| renamed(&named(i, d), "Gadget")))
            .collect()
    };
    // `n` copies of the objects (each named apart), every fifth of them a Widget. The batches
    // of the first CRD and the one after it are read the usual way, the rest in one step: 150
    // copies are enough batches at four threads.
    let copies = |n: usize, from: usize| -> Vec<String> {
        let mut out = Vec::new();
        for i in from..from + n {
            for d in objects {
                let d = d.replacen("name: ", &format!("name: n{i}-"), 1);
                out.push(if i % 5 == 0 { widget(&d) } else { d });
            }
        }
        out
    };
    let joined = |parts: Vec<Vec<String>>| parts.concat();
    let config = |spec: &str| {
        format!("apiVersion: fn.crd-schema-fn.dev/v1alpha1\nkind: CRDSchemaFn\nmetadata:\n  name: c\nspec:\n  {spec}\n")
    };
    // A schema file for Gadgets, which a CRD among the items replaces: the whole input's
    // answer is the items' CRD's for every Gadget (a second pass), also for the Gadgets of a
    // batch before the CRD's.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("jobs-batches");
    std::fs::create_dir_all(&dir).unwrap();
    let gadget = renamed(crd, "Gadget");
    std::fs::write(dir.join("gadget.yaml"), &gadget).unwrap();
    let refused = "not an object".to_string();
    let cases: Vec<(&str, Vec<String>, Option<String>, i32)> = vec![
        (
            "objects after their CRDs",
            joined(vec![vec![crd.clone(), widget(crd)], copies(120, 0)]),
            None,
            0,
        ),
        (
            "a CRD after objects of its kind",
            joined(vec![
                vec![crd.clone()],
                copies(150, 0),
                vec![widget(crd)],
                copies(30, 150),
            ]),
            None,
            0,
        ),
        // A CRD whose kind is written after its long annotations: one thread's window (see
        // `window::type_of`) does not see it coming, holds it among objects, reads it and is
        // read again the usual way, a batch at a time.
        (
            "a CRD after objects of its kind, not seen coming",
            joined(vec![
                vec![crd.clone()],
                copies(150, 0),
                vec![unseen(&widget(crd))],
                copies(30, 150),
            ]),
            None,
            0,
        ),
        // More objects than a window takes (1,024 at the least), their kinds interleaved, at
        // one thread and at four: the second window holds the CRD not seen coming, and then an
        // item refused.
        (
            "windows of objects, then a CRD not seen coming",
            joined(vec![
                vec![crd.clone()],
                copies(300, 0),
                vec![unseen(&widget(crd))],
                copies(30, 300),
            ]),
            None,
            0,
        ),
        (
            "windows of objects, one refused in the second",
            joined(vec![
                vec![crd.clone(), widget(crd)],
                copies(300, 0),
                vec![refused.clone()],
                copies(30, 300),
            ]),
            None,
            2,
        ),
        (
            "the CRD of a kind processed, again",
            joined(vec![
                vec![crd.clone()],
                copies(150, 0),
                vec![crd.clone()],
                copies(30, 150),
            ]),
            None,
            0,
        ),
        (
            "a CRD among the items for a kind processed with a schema file",
            joined(vec![
                vec![crd.clone()],
                copies(150, 0),
                gadgets(20, 0),
                copies(40, 150),
                vec![gadget.replace("default: 7", "default: 9")],
                copies(10, 190),
            ]),
            Some(config("schemas: [gadget.yaml]")),
            0,
        ),
        (
            "a kind the config skips",
            joined(vec![vec![crd.clone()], copies(120, 0)]),
            Some(config("skipKinds: [Pod]")),
            0,
        ),
        (
            "an item refused in the middle of a batch",
            joined(vec![
                vec![crd.clone()],
                copies(150, 0),
                vec![refused.clone()],
                copies(30, 150),
            ]),
            None,
            2,
        ),
        (
            "items refused in two batches one after the other",
            joined(vec![
                vec![crd.clone()],
                copies(150, 0),
                vec![refused.clone()],
                copies(130, 150),
                vec!["neither an object".to_string()],
                copies(30, 280),
            ]),
            None,
            2,
        ),
    ];
    for (what, items, config, code) in cases {
        let mut list = resource_list(&items);
        if let Some(config) = &config {
            list.push_str("functionConfig:\n");
            for line in config.lines() {
                list.push_str(&format!("  {line}\n"));
            }
        }
        let value: serde_json::Value = serde_yaml::from_str(&list).unwrap();
        let json = serde_json::to_string(&value).unwrap();
        let mut forms = vec![("YAML", list), ("JSON", json)];
        if config.is_none() {
            forms.push(("a plain stream", items.join("\n---\n")));
        }
        for (form, input) in forms {
            let what = format!("{what}, {form}");
            let one = one_and_four_in(&dir, &what, input.as_bytes());
            assert_eq!(
                one.status.code(),
                Some(code),
                "{what}: {}",
                String::from_utf8_lossy(&one.stderr)
            );
            if code == 0 {
                let out = String::from_utf8_lossy(&one.stdout);
                let keep_last = |s: &str| s.matches("keepLast").count();
                assert!(
                    keep_last(&out) > keep_last(&input),
                    "{what}: defaults applied"
                );
            }
        }
    }
    // A plain stream's documents after the first are found by their separator lines and read
    // on the threads: empty documents and documents of only a comment among them (left out),
    // a separator with a comment, and a document that does not read (the stream then read one
    // document after the other: the same refusal).
    let stream = |docs: &[String], every: usize, between: &str| {
        let mut out = String::new();
        for (i, d) in docs.iter().enumerate() {
            if i > 0 {
                out.push_str("\n---\n");
                if i % every == 0 {
                    out.push_str(between);
                }
            }
            out.push_str(d);
        }
        out.push('\n');
        out
    };
    let docs = joined(vec![vec![crd.clone(), widget(crd)], copies(150, 0)]);
    let cases = [
        ("empty documents", stream(&docs, 37, "---\n---\n"), 0),
        (
            "documents of a comment",
            stream(&docs, 41, "# only this\n---\n"),
            0,
        ),
        (
            "separators with comments",
            stream(&docs, 43, "--- # next\n"),
            0,
        ),
        (
            "a document that does not read",
            stream(&docs, 300, "a: [b\n---\n"),
            2,
        ),
    ];
    for (what, input, code) in cases {
        let one = one_and_four_in(&dir, what, input.as_bytes());
        assert_eq!(
            one.status.code(),
            Some(code),
            "{what}: {}",
            String::from_utf8_lossy(&one.stderr)
        );
    }
}
