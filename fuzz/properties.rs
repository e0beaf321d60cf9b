#![allow(dead_code)]
//! The properties the fuzz targets check, shared with the regression test of the normal test
//! suite (`tests/fuzz_regressions.rs`, `tests/yaml_kubectl.rs` and `tests/yaml_suite.rs` include
//! this file): each function panics when its property does not hold for `data`.

use crd_schema_fn::cli::{run, Flags};
use crd_schema_fn::crd::load::load_crd;
use crd_schema_fn::engine::{self, Options};
use crd_schema_fn::resourcelist::envelope_form;
use crd_schema_fn::versions::KubeVersion;
use crd_schema_fn::yaml::json::{from_json, to_json};
use crd_schema_fn::yaml::read::{decode, read_stream};
use crd_schema_fn::yaml::{emit_stream, parse_stream, Node, Scalar, ScalarStyle};

/// The YAML reader never panics, and what it reads is written so that it reads back as the
/// same documents: the same scalars (text and tag; the style too, unless the emitter chose
/// double quotes, which it does when a style cannot hold a text the reader took), the same key
/// order and collection tags. An empty document (only comments) is written as nothing, which
/// kubectl's splitting drops as it drops every empty document, so only the others are compared.
pub fn yaml_roundtrip(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(docs) = parse_stream(text) else {
        return;
    };
    let written = emit_stream(&docs);
    let docs = non_empty(docs);
    let again = match parse_stream(&written) {
        Ok(again) => non_empty(again),
        Err(e) => panic!(
            "written text does not read back: {e}\n--- input\n{text}\n--- written\n{written}"
        ),
    };
    let same =
        docs.len() == again.len() && docs.iter().zip(&again).all(|(a, b)| same_reading(a, b));
    assert!(
        same,
        "the documents read back differently\n--- input\n{text}\n--- written\n{written}"
    );
}

/// The documents but empty ones (a plain empty root scalar: a document without a node).
fn non_empty(docs: Vec<Node>) -> Vec<Node> {
    docs.into_iter()
        .filter(|d| !matches!(d, Node::Scalar(s) if s.value.is_empty() && s.tag().is_none() && s.style == ScalarStyle::Plain))
        .collect()
}

/// `written` reads as `read` (see [`yaml_roundtrip`]): the same scalars (text and tag; the
/// style too, unless the writer chose double quotes for a text the style cannot hold there),
/// key order and tags. Also used by `tests/yaml_suite.rs`.
pub fn same_reading(read: &Node, written: &Node) -> bool {
    match (read, written) {
        (Node::Scalar(a), Node::Scalar(b)) => {
            a.value == b.value
                && a.tag() == b.tag()
                && (a.style == b.style || b.style == ScalarStyle::DoubleQuoted)
        }
        (Node::Seq(a), Node::Seq(b)) => {
            a.tag() == b.tag()
                && a.items.len() == b.items.len()
                && a.items
                    .iter()
                    .zip(&b.items)
                    .all(|(x, y)| same_reading(x, y))
        }
        (Node::Map(a), Node::Map(b)) => {
            a.tag() == b.tag()
                && a.entries.len() == b.entries.len()
                && a.entries
                    .iter()
                    .zip(&b.entries)
                    .all(|((k1, v1), (k2, v2))| same_reading(k1, k2) && same_reading(v1, v2))
        }
        _ => false,
    }
}

fn same_documents(a: &[Node], b: &[Node]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.content_eq(y))
}

/// One run through the library entry the binary uses, on `jobs` threads: exit code, stdout and
/// stderr.
fn answer(
    input: &str,
    jobs: usize,
    kubernetes_version: Option<KubeVersion>,
) -> (i32, String, String) {
    answer_with(
        input,
        &Flags {
            config_file: None,
            diff: false,
            previous: Vec::new(),
            jobs: Some(jobs),
            kubernetes_version,
        },
    )
}

/// [`answer`] with any command line.
fn answer_with(input: &str, flags: &Flags) -> (i32, String, String) {
    let exec = run(flags, input, None);
    let mut out = Vec::new();
    if let Err(e) = exec.stdout.write_to(input, &mut out) {
        panic!("writing the output failed: {e}\n{input}");
    }
    let out = String::from_utf8(out).expect("UTF-8 output");
    (exec.code, out, exec.stderr)
}

/// A path of its own in the temporary folder for one run of a property (`what` names it), for a
/// file or folder the property writes and removes.
fn scratch_path(what: &str) -> std::path::PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static RUN: AtomicUsize = AtomicUsize::new(0);
    std::env::temp_dir().join(format!(
        "crd-schema-fn-fuzz-{what}-{}-{}",
        std::process::id(),
        RUN.fetch_add(1, Ordering::Relaxed)
    ))
}

/// [`answer`] on one thread: exit code and stdout.
fn stdout_of(input: &str) -> (i32, String) {
    let (code, out, _) = answer(input, 1, None);
    (code, out)
}

/// The objects of an output: a ResourceList's or List's items, else the documents.
fn objects(mut docs: Vec<Node>) -> Vec<Node> {
    if docs.len() == 1 && envelope_form(&docs[0]).is_some() {
        if let Some(Node::Seq(s)) = docs[0].as_map_mut().and_then(|m| m.remove("items")) {
            return s.items;
        }
    }
    docs
}

/// The whole function on arbitrary input: no panic; the same answer (output, stderr, exit code)
/// at `--jobs 1` and `--jobs 3` (a batch's items read, processed and packed on the threads);
/// exit 0, 1 or 2; exit 2 writes nothing;
/// exit 0 or 1 writes output that reads back (all of it at an older Kubernetes version too, see
/// [`answered_at_an_older_version`]); an output of exit 0, run again, gives the same
/// objects (pruning and defaulting again change nothing): the same trees, or, where the output
/// run again is answered in the other form (a YAML answer whose first document is a flow map,
/// which kubectl reads as JSON first, also when the input began with `{` but was read as YAML),
/// the same values as kubectl holds them.
pub fn function(data: &[u8]) {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    let Some((code, out, stderr, docs)) = answered(input, None) else {
        return;
    };
    answered_at_an_older_version(input);
    answers_alike_as_json(input, code, &docs);
    answers_alike_as_stream(input, code, &stderr, &docs);
    stream_alike_as_json(input, code, &stderr, &docs);
    fixed_as_answered(input, &docs);
    updated_alike(input, &stderr, &docs);
    if code != 0 {
        return;
    }
    let (code2, again) = stdout_of(&out);
    assert_eq!(code2, 0, "the output is refused when run again\n{out}");
    let (once, twice) = (
        objects(docs),
        objects(parse_stream(&again).expect("reads back")),
    );
    // Answered in YAML (a JSON-first input kubectl reads as YAML after all is too: its
    // documents stand between `---` lines, which a JSON answer never writes).
    let in_yaml = !json_first(input) || out.lines().any(|l| l == "---");
    let other_form = json_first(&out) && in_yaml;
    assert!(
        same_documents(&once, &twice) || (other_form && held(&once) == held(&twice)),
        "running twice differs from once\n--- input\n{input}\n--- once\n{out}\n--- twice\n{again}"
    );
}

/// The input answered at `version` (`None`: the default): the same answer (exit code, output,
/// stderr) at `--jobs 1` and `--jobs 3`; exit 0, 1 or 2; exit 2 writes nothing (`None`
/// then); exit 0 or 1 writes output that reads back, given with its documents.
fn answered(input: &str, version: Option<KubeVersion>) -> Option<(i32, String, String, Vec<Node>)> {
    let at = version.unwrap_or(KubeVersion::DEFAULT);
    let once = answer(input, 1, version);
    assert!(
        once == answer(input, 3, version),
        "at {at}, --jobs 3 answers otherwise than --jobs 1\n{input}"
    );
    let (code, out, stderr) = once;
    match code {
        2 => {
            assert!(out.is_empty(), "at {at}, exit 2 with output:\n{out}");
            None
        }
        0 | 1 => match parse_stream(&out) {
            Ok(docs) => Some((code, out, stderr, docs)),
            Err(e) => panic!("at {at}, the output does not read back: {e}\n{out}"),
        },
        other => panic!("at {at}, exit code {other}"),
    }
}

/// The input answered as an older Kubernetes version's apiserver answers it (1.32 to 1.35, the
/// one the input's length picks), so that the version-gated paths get the fuzzer's inputs too:
/// [`answered`]'s checks.
fn answered_at_an_older_version(input: &str) {
    let older: Vec<KubeVersion> = KubeVersion::all()
        .filter(|v| *v != KubeVersion::DEFAULT)
        .collect();
    answered(input, Some(older[input.len() % older.len()]));
}

/// Whether kubectl reads `text` as JSON first: its first character, after a byte order mark
/// and white space, is `{`.
fn json_first(text: &str) -> bool {
    text.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}')
        .starts_with('{')
}

/// Whether `node` is an object a stream holds as it is: a mapping of another kind than `List` or
/// `ResourceList` (which the function opens).
fn plain_object(node: &Node) -> bool {
    matches!(node, Node::Map(_))
        && !matches!(
            node.get("kind").and_then(Node::scalar_str),
            Some("List" | "ResourceList")
        )
}

/// The documents of `input` where it is a YAML stream of objects ([`plain_object`]), at least
/// one; `None` for any other input.
fn objects_stream(input: &str) -> Option<Vec<Node>> {
    if json_first(input) {
        return None;
    }
    let docs = parse_stream(input).ok()?;
    (!docs.is_empty() && docs.iter().all(plain_object)).then_some(docs)
}

/// Each document as kubectl holds it (`None` where JSON cannot hold it).
fn held(docs: &[Node]) -> Vec<Option<serde_json::Value>> {
    docs.iter()
        .map(|d| to_json(d).ok().map(as_kubectl_holds))
        .collect()
}

/// A ResourceList read from YAML (`input`, one document, answered with `code` 0 or 1 and the
/// output documents `out`) and kubectl's JSON of it (the document as kubectl holds it, written
/// on one line, and indented as `kubectl get -o json` lays it out: the reading the apiserver
/// gets either way) are answered alike: the same exit code, the same items and the same
/// results, as the values kubectl holds. The JSON form takes the JSON reader's own paths
/// (elements read straight into the trees, CRDs loaded from serde_json's value, keys left as
/// they are), which must mean what the YAML reader's do.
fn answers_alike_as_json(input: &str, code: i32, out: &[Node]) {
    let Ok(docs) = parse_stream(input) else {
        return;
    };
    let [doc] = docs.as_slice() else {
        return;
    };
    let Ok(value) = to_json(doc) else {
        return;
    };
    let value = as_kubectl_holds(value);
    if value["kind"] != "ResourceList" {
        return;
    }
    let all = |docs: &[Node]| held(docs).into_iter().collect::<Option<Vec<_>>>();
    let part = |docs: &[serde_json::Value], key: &str| -> Vec<serde_json::Value> {
        docs.iter().map(|d| d[key].clone()).collect()
    };
    for json in [compact_json(&value), indented_json(&value)] {
        let (json_code, json_out) = stdout_of(&json);
        assert_eq!(
            json_code, code,
            "exit code as JSON\n--- input\n{input}\n--- as JSON\n{json}\n--- its output\n{json_out}"
        );
        let json_docs = parse_stream(&json_out).expect("the JSON output reads back");
        let (Some(yaml_held), Some(json_held)) = (all(out), all(&json_docs)) else {
            return;
        };
        for key in ["items", "results"] {
            assert_eq!(
                part(&yaml_held, key),
                part(&json_held, key),
                "{key} differ as JSON\n--- input\n{input}\n--- as JSON\n{json}"
            );
        }
    }
}

/// `value` written by serde_json on one line.
fn compact_json(value: &serde_json::Value) -> String {
    serde_json::to_string(value).expect("a value is written")
}

/// `value` written by serde_json a member a line, indented (as `kubectl get -o json` lays it
/// out, with two spaces a level instead of four).
fn indented_json(value: &serde_json::Value) -> String {
    serde_json::to_string_pretty(value).expect("a value is written")
}

/// A plain YAML stream of objects (`input`: mappings, none of kind `List` or `ResourceList`,
/// answered with `code` 0 or 1, `stderr` and the documents `out`) and kubectl's JSON of each
/// of its documents, one a line (a JSON stream, as `kubectl get -o json` of each object piped
/// together): the same exit code, the same stderr, and the same objects, as the values kubectl
/// holds.
fn stream_alike_as_json(input: &str, code: i32, stderr: &str, out: &[Node]) {
    let Some(docs) = objects_stream(input) else {
        return;
    };
    let Some(values) = docs
        .iter()
        .map(|d| to_json(d).ok().map(as_kubectl_holds))
        .collect::<Option<Vec<_>>>()
    else {
        return;
    };
    let json: String = values.iter().map(|v| compact_json(v) + "\n").collect();
    let (json_code, json_out, json_err) = answer(&json, 1, None);
    let context =
        format!("--- input\n{input}\n--- as JSON\n{json}\n--- its output\n{json_out}{json_err}");
    assert_eq!(json_code, code, "exit code as a JSON stream\n{context}");
    assert_eq!(json_err, stderr, "stderr as a JSON stream\n{context}");
    let json_docs = parse_stream(&json_out).expect("the JSON stream's output reads back");
    assert_eq!(
        held(out),
        held(&json_docs),
        "objects differ as a JSON stream\n{context}"
    );
}

/// A ResourceList read from YAML (`input`: one document, its keys `apiVersion`, `kind` and a
/// non-empty `items` alone, each item a mapping of another kind than `List` or
/// `ResourceList`; answered with `code` 0 or 1, `stderr` and the output documents `out`) and
/// the plain stream of its items, each written as a document (`kustomize build | crd-schema-fn`
/// instead of a KRM run), are answered alike: the same exit code, the same stderr, and the
/// stream's documents are the ResourceList's items, as the values kubectl holds. So are the same
/// items in a `List` (the same stderr too).
fn answers_alike_as_stream(input: &str, code: i32, stderr: &str, out: &[Node]) {
    let Ok(docs) = parse_stream(input) else {
        return;
    };
    let [Node::Map(list)] = docs.as_slice() else {
        return;
    };
    let keys: Vec<&str> = list
        .entries
        .iter()
        .filter_map(|(k, _)| k.scalar_str())
        .collect();
    let envelope = keys.len() == list.entries.len()
        && keys.len() == 3
        && ["apiVersion", "kind", "items"]
            .iter()
            .all(|k| keys.iter().filter(|x| *x == k).count() == 1);
    if !envelope || list.get("kind").and_then(Node::scalar_str) != Some("ResourceList") {
        return;
    }
    let Some(Node::Seq(items)) = list.get("items") else {
        return;
    };
    if items.items.is_empty() || !items.items.iter().all(plain_object) {
        return;
    }
    let stream = emit_stream(&items.items);
    let (stream_code, stream_out, stream_err) = answer(&stream, 1, None);
    let context = format!(
        "--- input\n{input}\n--- as a stream\n{stream}\n--- its output\n{stream_out}{stream_err}"
    );
    assert_eq!(stream_code, code, "exit code as a stream\n{context}");
    assert_eq!(
        stream_err,
        items_as_documents(stderr),
        "stderr as a stream\n{context}"
    );
    let stream_docs = parse_stream(&stream_out).expect("the stream's output reads back");
    let items_out = held(&objects(out.to_vec()));
    assert_eq!(
        items_out,
        held(&stream_docs),
        "items differ as a stream\n{context}"
    );
    // The same items in a `List` (kubectl's envelope, answered as a List).
    let mut as_list = docs[0].clone();
    if let Some(m) = as_list.as_map_mut() {
        m.insert("apiVersion", Node::Scalar(Scalar::plain("v1")));
        m.insert("kind", Node::Scalar(Scalar::plain("List")));
    }
    let list_text = emit_stream(&[as_list]);
    let (list_code, list_out, list_err) = answer(&list_text, 1, None);
    let context = format!(
        "--- input\n{input}\n--- as a List\n{list_text}\n--- its output\n{list_out}{list_err}"
    );
    assert_eq!(list_code, code, "exit code as a List\n{context}");
    assert_eq!(list_err, stderr, "stderr as a List\n{context}");
    let list_docs = parse_stream(&list_out).expect("the List's output reads back");
    assert_eq!(
        items_out,
        held(&objects(list_docs)),
        "items differ as a List\n{context}"
    );
}

/// A YAML stream of objects (`input`: mappings, none of kind `List` or `ResourceList`, none
/// refused by the function, whose output documents are `out`) kept as a file in a repository:
/// `crd-schema-fn fix` edits it in place (comments, styles and layout kept) into the objects the
/// function answers, as the values kubectl holds, unless it reports the file as one it cannot
/// edit (then the file is left as it was); fixed again, the file stays as it is.
fn fixed_as_answered(input: &str, out: &[Node]) {
    use crd_schema_fn::repo::{self, Format, Mode};
    if objects_stream(input).is_none() {
        return;
    }
    let dir = scratch_path("fix");
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let file = dir.join("objects.yaml");
    std::fs::write(&file, input).expect("the file written");
    let fix = || {
        repo::run(&repo::Options {
            mode: Mode::Fix,
            paths: vec![file.clone()],
            schemas: Vec::new(),
            config: None,
            diff: false,
            format: Format::Text,
            base: None,
            jobs: Some(1),
            kubernetes_version: None,
        })
    };
    let outcome = fix();
    let fixed = std::fs::read_to_string(&file).expect("the file read back");
    // Fixed once, a file is what fix leaves as it is.
    let again = fix().is_ok().then(|| std::fs::read_to_string(&file));
    std::fs::remove_dir_all(&dir).ok();
    if let Some(Ok(again)) = again {
        assert_eq!(
            again, fixed,
            "fix changes its own answer\n--- input\n{input}"
        );
    }
    let outcome = match outcome {
        Ok(o) => o,
        Err(e) => panic!("fix refused a stream the function answers: {e}\n{input}"),
    };
    let context = format!(
        "--- input\n{input}\n--- fixed\n{fixed}\n--- fix said\n{}{}",
        outcome.stdout, outcome.stderr
    );
    if outcome.stdout.contains("cannot edit this file in place") {
        assert_eq!(fixed, input, "a file fix cannot edit changed\n{context}");
        return;
    }
    let fixed_docs = match parse_stream(&fixed) {
        Ok(d) => d,
        Err(e) => panic!("the fixed file does not read: {e}\n{context}"),
    };
    assert_eq!(
        held(&fixed_docs),
        held(out),
        "fix differs from the function\n{context}"
    );
}

/// The input judged as an update of itself (`--previous` naming a file that holds it, as
/// `check --base` and a CI run over an unchanged file do): the objects the function answers are
/// the ones it answers for a create (`out`), as the values kubectl holds: an update prunes and
/// defaults the same, whatever its checks then say. Left alone: an input whose previous
/// revision cannot be used (exit 2), and one with a CRD refused on a create (`stderr` says so),
/// which an update of itself may accept (the apiserver's CRD update checks let an old CRD's
/// faults stand: a version without a schema, say), and one whose CRD update of itself is
/// refused (the update keeps the previous revision's status, which a create resets).
fn updated_alike(input: &str, stderr: &str, out: &[Node]) {
    if stderr.contains("is refused by the apiserver (") || stderr.contains("is not structural") {
        return;
    }
    let file = scratch_path("previous").with_extension("yaml");
    std::fs::write(&file, input).expect("the previous revision written");
    let flags = Flags {
        config_file: None,
        diff: false,
        previous: vec![file.clone()],
        jobs: Some(1),
        kubernetes_version: None,
    };
    let (code, text, update_err) = answer_with(input, &flags);
    std::fs::remove_file(&file).ok();
    // A CRD whose update of itself is refused: the previous revision's status stands on an
    // update (a create resets it), and a status no cluster could hold (a stored version the
    // CRD no longer lists) is refused there, as the apiserver refuses it.
    let crd_update_refused = update_err.contains("the update of CustomResourceDefinition")
        && update_err.contains("is refused by the apiserver (");
    if code == 2 || crd_update_refused {
        return;
    }
    let docs = match parse_stream(&text) {
        Ok(d) => d,
        Err(e) => panic!("the update's output does not read back: {e}\n{text}"),
    };
    assert_eq!(
        held(&objects(docs)),
        held(&objects(out.to_vec())),
        "an update of itself answers other objects than a create\n--- input\n{input}\n--- as an update\n{text}{update_err}"
    );
}

/// `stderr` of a ResourceList's run with each source `from items[N] (` named as the stream of its
/// items names it, `from document N (` (the CRDs' conflict warnings).
fn items_as_documents(stderr: &str) -> String {
    let mut out = String::new();
    let mut rest = stderr;
    while let Some(at) = rest.find("from items[") {
        let after = &rest[at + "from items[".len()..];
        let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        out.push_str(&rest[..at]);
        match after[digits..].starts_with("] (") && digits > 0 {
            true => {
                out.push_str("from document ");
                out.push_str(&after[..digits]);
                rest = &after[digits + 1..];
            }
            false => {
                out.push_str("from items[");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The CRD loader on arbitrary JSON never panics, and every structural schema it loads prunes
/// and defaults an object (the CRD's own `spec` under an object's `spec`, so that field names
/// meet the schema's) idempotently.
pub fn schema_loader(data: &[u8]) {
    let Ok(value) = serde_json::from_slice::<serde_json::Value>(data) else {
        return;
    };
    let Ok(versions) = load_crd(&value, "fuzz") else {
        return;
    };
    let mut object = parse_stream("apiVersion: x/v1\nkind: X\nmetadata: {name: x}\n")
        .expect("an object")
        .remove(0);
    if let (Some(spec), Some(map)) = (value.get("spec"), object.as_map_mut()) {
        map.insert("spec", from_json(spec));
    }
    for vs in &versions {
        if vs.schema.is_none() || !vs.structural_errors.is_empty() {
            continue;
        }
        let mut obj = object.clone();
        let opts = Options {
            prune: vs.prune,
            default: true,
        };
        engine::apply(&mut obj, vs, &opts);
        let once = obj.clone();
        engine::apply(&mut obj, vs, &opts);
        assert!(obj.content_eq(&once), "prune + default is not idempotent");
    }
}

/// The reader (kubectl's grammar, `yaml::read`) never panics, and every document it reads
/// means in the crate's tree what kubectl makes of it: the tree's JSON is the JSON of
/// sigs.k8s.io/yaml's conversion of the same document, and the edit planner's positions pair
/// with the trees. The text is tried as it is and, starting with `{`, as kubectl's JSON form.
pub fn reader(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    reads_as_kubectl(text);
    reads_as_kubectl(&format!("{{{}", text.trim_start_matches('{')));
    reads_ahead_as_in_one_pass(text);
    reads_ahead_as_in_one_pass(&format!("items:\n{text}"));
    reads_ahead_as_in_one_pass(&format!("{{\"items\":[{text}]}}"));
}

/// A ResourceList's items found ahead by their lines, or in JSON by their brackets
/// (`yaml::parse::ahead`, read on the threads): when every part reads, the document without its items and each item with its
/// span are what one pass gives, and one pass reads that document too.
fn reads_ahead_as_in_one_pass(text: &str) {
    use crd_schema_fn::yaml::parse::{ahead, Documents};
    // A text is split by its brackets when the run reads it as JSON (its first value is one).
    let json = crd_schema_fn::resourcelist::json::json_layout(text).is_some();
    let split = match json {
        true => ahead::split_json(text),
        false => ahead::split(text),
    };
    if json {
        // The elements Go's scanner check found as it read the text split it as looking for
        // them does.
        let reading = crd_schema_fn::resourcelist::json::json_reading(text, true);
        let known = reading.clone().and_then(|(_, known)| known);
        assert_eq!(
            ahead::split_json_with(text, known.as_ref()),
            split,
            "split with the scanner's elements\n{text}"
        );
        // Found by their brackets, elements that all read (checked) are the scanner's, and
        // read as its split reads them.
        let fast = crd_schema_fn::resourcelist::json::json_reading(text, false);
        if let Some((layout, Some(found))) =
            fast.filter(|(_, k)| k.as_ref().is_some_and(|k| k.unchecked))
        {
            let read = |s: &ahead::Split| -> Option<Vec<_>> {
                s.items.iter().map(|i| ahead::item(text, i)).collect()
            };
            if let Some(nodes) = ahead::split_json_with(text, Some(&found))
                .as_ref()
                .and_then(read)
            {
                let parts = |k: &crd_schema_fn::yaml::read::gojson::RootItems| {
                    (k.open, k.close, k.elements.clone())
                };
                assert_eq!(
                    reading.map(|(l, k)| (l, k.as_ref().map(parts))),
                    Some((layout, Some(parts(&found)))),
                    "elements found unchecked and read\n{text}"
                );
                assert_eq!(
                    Some(nodes),
                    split.as_ref().and_then(read),
                    "read unchecked\n{text}"
                );
            }
        }
    }
    let Some(split) = split else {
        return;
    };
    let shell = match json {
        true => ahead::shell_json(text, &split),
        false => ahead::shell(text, &split),
    };
    let Some(shell) = shell else {
        return;
    };
    let items: Option<Vec<_>> = split.items.iter().map(|i| ahead::item(text, i)).collect();
    let Some(items) = items else {
        return;
    };
    let mut one = Vec::new();
    let mut on_item = |n: Node, span: Option<std::ops::Range<usize>>| one.push((n, span));
    let mut docs = Documents::new(text);
    let first = docs.next_split(&mut on_item);
    let Some(Ok((doc, seen))) = first else {
        panic!("read ahead, refused in one pass\n{text}");
    };
    assert!(docs.next().is_none(), "read ahead, more documents\n{text}");
    assert_eq!(
        (seen.sequences, seen.anchored),
        (1, false),
        "items seen\n{text}"
    );
    assert_eq!(doc, shell, "the document without its items\n{text}");
    assert_eq!(one, items, "the items\n{text}");
}

/// The tree's JSON keeps every digit of an integer beyond int64 (so that an untouched value is
/// written as it came); kubectl holds such a number as the float64 nearest to it. A number of a
/// JSON document that reads as an integral float stays a float in the tree (Go's JSON decoder
/// holds a float64, which CEL sees as a double); kubectl's JSON of it, which the reader's
/// decoding gives, writes it as an integer.
fn as_kubectl_holds(value: serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match value {
        Value::Number(n) if n.is_u64() && !n.is_i64() => {
            let f = n.as_u64().expect("a u64") as f64;
            Value::Number(serde_json::Number::from_f64(f).expect("finite"))
        }
        Value::Number(n) if n.is_f64() => {
            let f = n.as_f64().expect("an f64");
            let int64 = -9.223_372_036_854_776e18..9.223_372_036_854_776e18;
            match f.fract() == 0.0 && int64.contains(&f) {
                true => Value::from(f as i64),
                false => Value::Number(n),
            }
        }
        Value::Array(items) => Value::Array(items.into_iter().map(as_kubectl_holds).collect()),
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| (k, as_kubectl_holds(v)))
                .collect(),
        ),
        other => other,
    }
}

fn reads_as_kubectl(text: &str) {
    let Ok(docs) = read_stream(text) else {
        assert!(
            parse_stream(text).is_err(),
            "a refused stream was read\n{text}"
        );
        return;
    };
    let nodes = parse_stream(text).expect("the trees are read from the same documents");
    assert_eq!(docs.len(), nodes.len(), "documents\n{text}");
    for (doc, node) in docs.iter().zip(&nodes) {
        let Some(root) = &doc.root else {
            assert!(node.is_null(), "an empty document is null\n{text}");
            continue;
        };
        let want = decode::to_json(root).expect("a document read is one kubectl holds");
        let got = as_kubectl_holds(to_json(node).unwrap_or_else(|e| panic!("{e}\n{text}")));
        assert_eq!(got, want, "the tree means something else\n{text}");
    }
    if let Some(loc) = crd_schema_fn::yaml::edit::locate::Locator::new(text, &nodes) {
        for (i, node) in nodes.iter().enumerate() {
            loc.field(i, node, "");
        }
    } else {
        panic!("no positions for a stream the reader reads\n{text}");
    }
}

/// CEL rules (`x-kubernetes-validations`) drawn from the bytes ([`cel_case`]: rules over a
/// fixed schema of string, number, list, set, map-list and map fields, with an object or a few
/// of that schema) through the function: no panic; exit 0, 1 or 2, exit 2 writing nothing;
/// the same answer (output, stderr, exit code) twice and at any `--jobs`. And the cost figure
/// the library exposes (`cel::Compiled::estimated_cost`, the largest estimated cost of one
/// expression) against its limit: over 10 million exactly when the CRD is refused for an
/// expression's estimated cost; and when the rules are accepted and all of them together are
/// estimated within the per-call limit (1 million), no evaluation on an object of the schema's
/// bounds runs out of its runtime cost (cel-go's estimate bounds the runtime cost).
pub fn cel(data: &[u8]) {
    let case = cel_case(data);
    let input = serde_json::to_string(&case.input).expect("JSON");
    let answer = |jobs: usize| answer(&input, jobs, case.version);
    let once = answer(1);
    match once.0 {
        0 | 1 => {}
        2 => assert!(
            once.1.is_empty(),
            "exit 2 with output:\n{input}\n{}",
            once.1
        ),
        other => panic!("exit code {other}\n{input}"),
    }
    assert!(once == answer(1), "a second run answers otherwise\n{input}");
    assert!(
        once == answer(3),
        "--jobs 3 answers otherwise than --jobs 1\n{input}"
    );
    cel_costs(&case, &input);
}

/// The estimated cost against its limit, and the runtime cost of accepted rules (see [`cel`]).
fn cel_costs(case: &CelCase, input: &str) {
    use crd_schema_fn::cel::{Compiled, Source};
    const PER_EXPRESSION_LIMIT: u64 = 10_000_000;
    const PER_CALL_LIMIT: u64 = 1_000_000;
    let Ok(versions) = load_crd(&case.crd, "fuzz") else {
        return;
    };
    let Some(schema) = versions.first().and_then(|v| v.schema.clone()) else {
        return;
    };
    if !versions[0].structural_errors.is_empty() {
        return;
    }
    let compiled = Compiled::new(&schema, "spec.versions[0].schema.openAPIV3Schema");
    let over = compiled
        .errors
        .iter()
        .any(|e| matches!(e.source, Source::ExpressionCost(_)));
    assert_eq!(
        compiled.estimated_cost > PER_EXPRESSION_LIMIT,
        over,
        "estimated cost {} against the errors {:?}\n{input}",
        compiled.estimated_cost,
        compiled.errors
    );
    let estimated_all = compiled
        .estimated_cost
        .saturating_mul(case.expressions as u64);
    if !compiled.errors.is_empty() || estimated_all > PER_CALL_LIMIT {
        return;
    }
    for obj in &case.objects {
        for e in compiled.validate(obj) {
            let e = e.to_string();
            assert!(
                !e.contains("actual cost limit exceeded") && !e.contains("out of cost budget"),
                "runtime cost over the limit, estimated at most {estimated_all}: {e}\n{input}"
            );
        }
    }
}

/// What [`cel_case`] draws.
pub struct CelCase {
    /// The ResourceList: the CRD, then the objects.
    pub input: serde_json::Value,
    pub crd: serde_json::Value,
    pub objects: Vec<serde_json::Value>,
    /// How many rules and message expressions the CRD has.
    pub expressions: usize,
    pub version: Option<KubeVersion>,
}

/// The bytes read as choices, one byte each (zeros once they run out).
struct Choices<'a> {
    data: &'a [u8],
    at: usize,
}

impl Choices<'_> {
    fn byte(&mut self) -> u8 {
        let b = self.data.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b
    }
    fn pick(&mut self, n: usize) -> usize {
        self.byte() as usize % n
    }
    fn one<'s>(&mut self, of: &[&'s str]) -> &'s str {
        of[self.pick(of.len())]
    }
    /// True with a chance of `n` in 256.
    fn chance(&mut self, n: u8) -> bool {
        self.byte() < n
    }
    /// The next bytes (a length byte, then at most `max` bytes) as text.
    fn raw(&mut self, max: usize) -> String {
        let n = self.pick(max + 1);
        let start = self.at.min(self.data.len());
        let end = (start + n).min(self.data.len());
        self.at += n;
        String::from_utf8_lossy(&self.data[start..end]).into_owned()
    }
}

/// The types the rule generator keeps apart (so that most rules compile).
#[derive(Clone, Copy, PartialEq)]
enum Ty {
    Bool,
    Int,
    Str,
    Double,
    Strs,
    Ints,
    Map,
}

const TYS: [Ty; 7] = [
    Ty::Bool,
    Ty::Int,
    Ty::Str,
    Ty::Double,
    Ty::Strs,
    Ty::Ints,
    Ty::Map,
];

/// One rule's surroundings: what `self` is and the comprehension variables in scope.
struct Scope {
    self_ty: Option<Ty>,
    vars: Vec<(String, Ty)>,
}

/// Tokens and pieces of CEL dropped in at random: most make a rule that does not compile.
const CEL_NOISE: &[&str] = &[
    ")",
    "(",
    ".",
    "[",
    "]",
    "{",
    "}",
    "'",
    "\"",
    "\\",
    "?",
    ":",
    ",",
    "in",
    "null",
    "dyn(",
    "type(",
    "self",
    "oldSelf",
    "has(",
    "!",
    "-",
    "&&",
    "||",
    "==",
    "size",
    "all",
    "0u",
    "b'x'",
    "r'\\d'",
    "'''a'''",
    "1e400",
    "0x7fffffffffffffff",
    "9223372036854775808",
    "duration('1h')",
    "timestamp('2020-01-01T00:00:00Z')",
    "self.?s",
    "[?self.?s]",
    "optional.none()",
    "__x__",
    "int",
    "uint(1)",
    "bytes('a')",
    "google.protobuf.Int64Value",
    "self.l.all(x, x.all(y, y))",
    "cel.bind(a, 1, a + a)",
    "\u{0}",
    "\u{feff}",
    "é",
];

const STR_LITS: &[&str] = &[
    "''",
    "'a'",
    "'abc'",
    "'a,b'",
    "'é'",
    "'\\u00e9x'",
    "\"x\\ny\"",
    "r'\\d+'",
    "'10Mi'",
    "'1.2.3'",
    "'10.0.0.1'",
    "'::1'",
    "'10.0.0.0/8'",
    "'https://x.y/z?q=1'",
    "'2020-01-01T00:00:00Z'",
    "'1h30m'",
    "'%s-%d'",
    "'日本'",
    "' a '",
    "'-1'",
    "'0x1F'",
];

const REGEXES: &[&str] = &[
    "'^a'",
    "'b$'",
    "'[a-z]+'",
    "'(a|b)*c'",
    "'\\\\d+'",
    "'.'",
    "'['",
    "'(a'",
    "'a{2,3}'",
    "'(?i)A'",
    "'\\\\pL'",
    "''",
    "'a**'",
];

fn cel_expr(c: &mut Choices, scope: &mut Scope, ty: Ty, depth: u32) -> String {
    if c.chance(3) {
        return c.one(CEL_NOISE).to_string();
    }
    if c.chance(1) {
        return c.raw(12);
    }
    if depth == 0 || c.chance(70) {
        return cel_leaf(c, scope, ty);
    }
    let d = depth - 1;
    let e = |c: &mut Choices, scope: &mut Scope, ty: Ty| cel_expr(c, scope, ty, d);
    match ty {
        Ty::Bool => match c.pick(24) {
            0 => {
                let t = TYS[c.pick(TYS.len())];
                let op = c.one(&["==", "!="]);
                format!("{} {op} {}", e(c, scope, t), e(c, scope, t))
            }
            1 => {
                let t = [Ty::Int, Ty::Str, Ty::Double][c.pick(3)];
                let op = c.one(&["<", "<=", ">", ">="]);
                format!("{} {op} {}", e(c, scope, t), e(c, scope, t))
            }
            2 => format!("{} && {}", e(c, scope, Ty::Bool), e(c, scope, Ty::Bool)),
            3 => format!("({} || {})", e(c, scope, Ty::Bool), e(c, scope, Ty::Bool)),
            4 => format!("!{}", e(c, scope, Ty::Bool)),
            5 => format!(
                "({} ? {} : {})",
                e(c, scope, Ty::Bool),
                e(c, scope, Ty::Bool),
                e(c, scope, Ty::Bool)
            ),
            6 => {
                let f = c.one(&["startsWith", "endsWith", "contains"]);
                format!("{}.{f}({})", e(c, scope, Ty::Str), e(c, scope, Ty::Str))
            }
            7 => format!("{}.matches({})", e(c, scope, Ty::Str), c.one(REGEXES)),
            8 => format!("{} in {}", e(c, scope, Ty::Str), e(c, scope, Ty::Strs)),
            9 => format!("{} in {}", e(c, scope, Ty::Str), e(c, scope, Ty::Map)),
            10 => format!("{} in {}", e(c, scope, Ty::Int), e(c, scope, Ty::Ints)),
            11 | 12 => {
                let (list, item) = match c.pick(3) {
                    0 => (Ty::Strs, Ty::Str),
                    1 => (Ty::Ints, Ty::Int),
                    _ => (Ty::Map, Ty::Str),
                };
                let f = c.one(&["all", "exists", "exists_one"]);
                let l = e(c, scope, list);
                let v = format!("v{}", scope.vars.len());
                scope.vars.push((v.clone(), item));
                let body = e(c, scope, Ty::Bool);
                scope.vars.pop();
                format!("{l}.{f}({v}, {body})")
            }
            13 => c
                .one(&[
                    "has(self.s)",
                    "has(self.o.a)",
                    "has(self.l)",
                    "has(self.m.a)",
                    "has(self.nope)",
                    "self.?o.?a.hasValue()",
                ])
                .to_string(),
            14 => {
                let f = c.one(&["isURL", "isIP", "isCIDR", "isQuantity", "isSemver"]);
                format!("{f}({})", e(c, scope, Ty::Str))
            }
            15 => format!("{}.isSorted()", {
                let t = [Ty::Strs, Ty::Ints][c.pick(2)];
                e(c, scope, t)
            }),
            16 => {
                let f = c.one(&["contains", "intersects", "equivalent"]);
                format!(
                    "sets.{f}({}, {})",
                    e(c, scope, Ty::Strs),
                    e(c, scope, Ty::Strs)
                )
            }
            17 => {
                let f = c.one(&[
                    "dns1123Label",
                    "dns1123Subdomain",
                    "qualifiedName",
                    "uuid",
                    "uri",
                    "labelValue",
                ]);
                format!(
                    "!format.{f}().validate({}).hasValue()",
                    e(c, scope, Ty::Str)
                )
            }
            18 => format!("ip({}).family() == 4", e(c, scope, Ty::Str)),
            19 => format!("quantity({}).isInteger()", e(c, scope, Ty::Str)),
            20 => format!(
                "url({}).getHost() == {}",
                e(c, scope, Ty::Str),
                e(c, scope, Ty::Str)
            ),
            21 => format!("type({}) == string", {
                let t = TYS[c.pick(TYS.len())];
                e(c, scope, t)
            }),
            22 => format!(
                "cidr({}).containsIP({})",
                e(c, scope, Ty::Str),
                e(c, scope, Ty::Str)
            ),
            _ => format!(
                "semver({}).isLessThan(semver({}))",
                e(c, scope, Ty::Str),
                e(c, scope, Ty::Str)
            ),
        },
        Ty::Int => match c.pick(14) {
            0 => {
                let op = c.one(&["+", "-", "*", "/", "%"]);
                format!("({} {op} {})", e(c, scope, Ty::Int), e(c, scope, Ty::Int))
            }
            1 => format!("-{}", e(c, scope, Ty::Int)),
            2 => format!("size({})", {
                let t = [Ty::Str, Ty::Strs, Ty::Map, Ty::Ints][c.pick(4)];
                e(c, scope, t)
            }),
            3 => format!("{}.size()", e(c, scope, Ty::Str)),
            4 => format!(
                "{}.{}()",
                e(c, scope, Ty::Ints),
                c.one(&["sum", "min", "max"])
            ),
            5 => format!("int({})", {
                let t = [Ty::Str, Ty::Double][c.pick(2)];
                e(c, scope, t)
            }),
            6 => {
                let f = c.one(&["indexOf", "lastIndexOf"]);
                format!("{}.{f}({})", e(c, scope, Ty::Str), e(c, scope, Ty::Str))
            }
            7 => format!(
                "{}.indexOf({})",
                e(c, scope, Ty::Strs),
                e(c, scope, Ty::Str)
            ),
            8 => format!("{}[{}]", e(c, scope, Ty::Ints), e(c, scope, Ty::Int)),
            9 => format!(
                "({} ? {} : {})",
                e(c, scope, Ty::Bool),
                e(c, scope, Ty::Int),
                e(c, scope, Ty::Int)
            ),
            10 => format!("quantity({}).asInteger()", e(c, scope, Ty::Str)),
            11 => format!("duration({}).getSeconds()", e(c, scope, Ty::Str)),
            12 => format!("timestamp({}).getFullYear()", e(c, scope, Ty::Str)),
            _ => format!(
                "math.greatest({}, {})",
                e(c, scope, Ty::Int),
                e(c, scope, Ty::Int)
            ),
        },
        Ty::Str => match c.pick(16) {
            0 => format!("{} + {}", e(c, scope, Ty::Str), e(c, scope, Ty::Str)),
            1 => {
                let f = c.one(&["lowerAscii", "upperAscii", "trim"]);
                format!("{}.{f}()", e(c, scope, Ty::Str))
            }
            2 => format!(
                "{}.replace({}, {})",
                e(c, scope, Ty::Str),
                e(c, scope, Ty::Str),
                e(c, scope, Ty::Str)
            ),
            3 => format!(
                "{}.substring({})",
                e(c, scope, Ty::Str),
                e(c, scope, Ty::Int)
            ),
            4 => format!(
                "{}.substring({}, {})",
                e(c, scope, Ty::Str),
                e(c, scope, Ty::Int),
                e(c, scope, Ty::Int)
            ),
            5 => format!("{}.charAt({})", e(c, scope, Ty::Str), e(c, scope, Ty::Int)),
            6 => format!("string({})", {
                let t = [Ty::Int, Ty::Double, Ty::Bool][c.pick(3)];
                e(c, scope, t)
            }),
            7 => format!("{}.join({})", e(c, scope, Ty::Strs), e(c, scope, Ty::Str)),
            8 => format!("{}[{}]", e(c, scope, Ty::Strs), e(c, scope, Ty::Int)),
            9 => format!("{}[{}]", e(c, scope, Ty::Map), e(c, scope, Ty::Str)),
            10 => format!(
                "{}.split({})[{}]",
                e(c, scope, Ty::Str),
                e(c, scope, Ty::Str),
                e(c, scope, Ty::Int)
            ),
            11 => format!(
                "'%s-%d'.format([{}, {}])",
                e(c, scope, Ty::Str),
                e(c, scope, Ty::Int)
            ),
            12 => format!("strings.quote({})", e(c, scope, Ty::Str)),
            13 => format!("{}.find({})", e(c, scope, Ty::Str), c.one(REGEXES)),
            14 => format!(
                "({} ? {} : {})",
                e(c, scope, Ty::Bool),
                e(c, scope, Ty::Str),
                e(c, scope, Ty::Str)
            ),
            _ => format!("{}.reverse()", e(c, scope, Ty::Str)),
        },
        Ty::Double => match c.pick(3) {
            0 => {
                let op = c.one(&["+", "-", "*", "/"]);
                format!(
                    "({} {op} {})",
                    e(c, scope, Ty::Double),
                    e(c, scope, Ty::Double)
                )
            }
            1 => format!("double({})", {
                let t = [Ty::Int, Ty::Str][c.pick(2)];
                e(c, scope, t)
            }),
            _ => format!("quantity({}).asApproximateFloat()", e(c, scope, Ty::Str)),
        },
        Ty::Strs | Ty::Ints => {
            let item = if ty == Ty::Strs { Ty::Str } else { Ty::Int };
            match c.pick(8) {
                0 => format!("{} + {}", e(c, scope, ty), e(c, scope, ty)),
                1 | 2 => {
                    let (list, from) = match c.pick(3) {
                        0 => (Ty::Strs, Ty::Str),
                        1 => (Ty::Ints, Ty::Int),
                        _ => (Ty::Map, Ty::Str),
                    };
                    let l = e(c, scope, list);
                    let v = format!("v{}", scope.vars.len());
                    scope.vars.push((v.clone(), from));
                    let out = if from == item && c.chance(128) {
                        format!("{l}.filter({v}, {})", e(c, scope, Ty::Bool))
                    } else {
                        format!("{l}.map({v}, {})", e(c, scope, item))
                    };
                    scope.vars.pop();
                    out
                }
                3 => format!("[{}, {}]", e(c, scope, item), e(c, scope, item)),
                4 if ty == Ty::Strs => {
                    format!("{}.split({})", e(c, scope, Ty::Str), e(c, scope, Ty::Str))
                }
                4 => "self.ml.map(x, x.v)".to_string(),
                5 if ty == Ty::Strs => {
                    format!("{}.findAll({})", e(c, scope, Ty::Str), c.one(REGEXES))
                }
                5 => format!("lists.range({})", e(c, scope, Ty::Int)),
                6 => format!("{}.sort()", e(c, scope, ty)),
                _ => format!(
                    "{}.slice({}, {})",
                    e(c, scope, ty),
                    e(c, scope, Ty::Int),
                    e(c, scope, Ty::Int)
                ),
            }
        }
        Ty::Map => match c.pick(2) {
            0 => format!("{{{}: {}}}", e(c, scope, Ty::Str), e(c, scope, Ty::Str)),
            _ => format!(
                "({} ? {} : {})",
                e(c, scope, Ty::Bool),
                e(c, scope, Ty::Map),
                e(c, scope, Ty::Map)
            ),
        },
    }
}

fn cel_leaf(c: &mut Choices, scope: &Scope, ty: Ty) -> String {
    let vars: Vec<&String> = scope
        .vars
        .iter()
        .filter(|v| v.1 == ty)
        .map(|v| &v.0)
        .collect();
    if !vars.is_empty() && c.chance(128) {
        return vars[c.pick(vars.len())].clone();
    }
    if scope.self_ty == Some(ty) && c.chance(128) {
        return c.one(&["self", "self", "self", "oldSelf"]).to_string();
    }
    // `self` the spec: its fields.
    let spec = scope.self_ty.is_none() && c.chance(160);
    match ty {
        Ty::Bool if spec => c.one(&["self.b", "self.o.c"]).to_string(),
        Ty::Bool => c.one(&["true", "false"]).to_string(),
        Ty::Int if spec => c
            .one(&["self.n", "self.o.b", "self.li[0]", "self.ml[0].v", "self.q"])
            .to_string(),
        Ty::Int => c
            .one(&[
                "0",
                "1",
                "-1",
                "2",
                "7",
                "100",
                "9223372036854775807",
                "-9223372036854775807 - 1",
            ])
            .to_string(),
        Ty::Str if spec => c
            .one(&[
                "self.s",
                "self.o.a",
                "self.l[0]",
                "self.m['a']",
                "self.ml[0].k",
                "self.t",
                "self.e",
            ])
            .to_string(),
        Ty::Str => c.one(STR_LITS).to_string(),
        Ty::Double if spec => "self.f".to_string(),
        Ty::Double => c.one(&["0.0", "1.5", "-2.25", "1e300", "3.0"]).to_string(),
        Ty::Strs if spec => c
            .one(&["self.l", "self.set", "self.u", "self.ml.map(x, x.k)"])
            .to_string(),
        Ty::Strs => c.one(&["[]", "['a', 'b']", "['b', 'a', 'b']"]).to_string(),
        Ty::Ints if spec => "self.li".to_string(),
        Ty::Ints => c.one(&["[]", "[1, 2, 3]", "[3, 1]"]).to_string(),
        Ty::Map if spec => "self.m".to_string(),
        Ty::Map => c.one(&["{}", "{'a': 'b'}"]).to_string(),
    }
}

/// A rule (with, at times, a message, a `messageExpression`, a `fieldPath` and a `reason`) on
/// a node whose `self` is `self_ty` (`None`: the spec object); the count of expressions added.
fn cel_rule(c: &mut Choices, self_ty: Option<Ty>) -> (serde_json::Value, usize) {
    let mut scope = Scope {
        self_ty,
        vars: Vec::new(),
    };
    let depth = 1 + c.pick(4) as u32;
    let rule = cel_expr(c, &mut scope, Ty::Bool, depth);
    let mut r = serde_json::json!({ "rule": rule });
    let mut n = 1;
    if c.chance(40) {
        r["message"] = c.one(&["bad", "", " ", "a\nb"]).into();
    }
    if c.chance(40) {
        r["messageExpression"] = cel_expr(c, &mut scope, Ty::Str, 2).into();
        n += 1;
    }
    if c.chance(30) && self_ty.is_none() {
        r["fieldPath"] = c
            .one(&[
                ".s", ".l[0]", ".m.a", ".m['a']", ".nope", "s", ".o.a", ".ml",
            ])
            .into();
    }
    if c.chance(20) {
        r["reason"] = c
            .one(&[
                "FieldValueInvalid",
                "FieldValueForbidden",
                "FieldValueRequired",
                "FieldValueDuplicate",
                "Bogus",
            ])
            .into();
    }
    (r, n)
}

/// A short string of the schema's bounds (at most `max` characters).
fn cel_str(c: &mut Choices, max: usize) -> String {
    let s = if c.chance(24) {
        c.raw(max)
    } else {
        c.one(&[
            "",
            "a",
            "b",
            "abc",
            "é",
            "hello world",
            "1.2.3",
            "10.0.0.1",
            "::1",
            "10.0.0.0/8",
            "https://x.y/z?q=1",
            "10Mi",
            "-1",
            "2020-01-01T00:00:00Z",
            "1h",
            "a,b,c",
            "日本",
            "A",
            "0",
            "1.5",
            "v1.0.0-rc.1",
            "x/y",
            "%",
            "\u{0}",
        ])
        .to_string()
    };
    s.chars().take(max).collect()
}

fn cel_int(c: &mut Choices) -> serde_json::Value {
    let n: i64 = [0, 1, -1, 2, 7, 100, -100, i64::MAX, i64::MIN, 1 << 32][c.pick(10)];
    n.into()
}

/// A `spec` of the schema's bounds: each field there or not.
fn cel_spec(c: &mut Choices) -> serde_json::Value {
    use serde_json::{json, Map, Value};
    let mut spec = Map::new();
    let mut field = |c: &mut Choices, name: &str, make: &dyn Fn(&mut Choices) -> Value| {
        if c.chance(200) {
            spec.insert(name.to_string(), make(c));
        }
    };
    let strs = |c: &mut Choices, max_items: usize, unique: bool| {
        let mut out: Vec<String> = Vec::new();
        for _ in 0..c.pick(max_items + 1) {
            let s = cel_str(c, 16);
            if !unique || !out.contains(&s) {
                out.push(s);
            }
        }
        Value::from(out)
    };
    field(c, "s", &|c| cel_str(c, 64).into());
    field(c, "t", &|c| cel_str(c, 64).into());
    field(c, "e", &|c| c.one(&["a", "b", "c"]).into());
    field(c, "n", &cel_int);
    field(c, "q", &cel_int);
    field(c, "f", &|c| [0.0, 1.5, -2.25, 1e300, 3.0][c.pick(5)].into());
    field(c, "b", &|c| c.chance(128).into());
    field(c, "l", &|c| strs(c, 8, false));
    field(c, "set", &|c| strs(c, 8, true));
    field(c, "u", &|c| strs(c, 12, false));
    field(c, "li", &|c| (0..c.pick(9)).map(|_| cel_int(c)).collect());
    field(c, "m", &|c| {
        let mut m = Map::new();
        for _ in 0..c.pick(9) {
            m.insert(cel_str(c, 8), cel_str(c, 16).into());
        }
        Value::Object(m)
    });
    field(c, "ml", &|c| {
        let mut keys: Vec<String> = Vec::new();
        for _ in 0..c.pick(9) {
            let k = cel_str(c, 8);
            if !keys.contains(&k) {
                keys.push(k);
            }
        }
        keys.into_iter()
            .map(|k| json!({"k": k, "v": cel_int(c)}))
            .collect()
    });
    field(c, "o", &|c| {
        let mut o = Map::new();
        if c.chance(128) {
            o.insert("a".into(), cel_str(c, 16).into());
        }
        if c.chance(128) {
            o.insert("b".into(), cel_int(c));
        }
        if c.chance(128) {
            o.insert("c".into(), c.chance(128).into());
        }
        Value::Object(o)
    });
    Value::Object(spec)
}

/// The CRD (a fixed schema, rules drawn from the bytes) and one to three objects.
pub fn cel_case(data: &[u8]) -> CelCase {
    use serde_json::{json, Value};
    let mut c = Choices { data, at: 0 };
    let c = &mut c;
    let mut expressions = 0;
    let mut rules = |c: &mut Choices, self_ty: Option<Ty>, most: usize| {
        let n = if self_ty.is_none() {
            1 + c.pick(most)
        } else {
            c.pick(most + 1)
        };
        let rules: Vec<Value> = (0..n)
            .map(|_| {
                let (r, k) = cel_rule(c, self_ty);
                expressions += k;
                r
            })
            .collect();
        Value::from(rules)
    };
    let spec_rules = rules(c, None, 3);
    let item_rules = rules(c, Some(Ty::Str), 1);
    let map_rules = rules(c, Some(Ty::Map), 1);
    let ints_rules = rules(c, Some(Ty::Ints), 1);
    let s16 = json!({"type": "string", "maxLength": 16});
    let mut l = json!({"type": "array", "maxItems": 8, "items": s16});
    if item_rules.as_array().is_some_and(|r| !r.is_empty()) {
        l["items"]["x-kubernetes-validations"] = item_rules;
    }
    let mut m = json!({"type": "object", "maxProperties": 8, "additionalProperties": s16});
    if map_rules.as_array().is_some_and(|r| !r.is_empty()) {
        m["x-kubernetes-validations"] = map_rules;
    }
    let mut li = json!({"type": "array", "maxItems": 8, "items": {"type": "integer"}});
    if ints_rules.as_array().is_some_and(|r| !r.is_empty()) {
        li["x-kubernetes-validations"] = ints_rules;
    }
    let spec = json!({
        "type": "object",
        "properties": {
            "s": {"type": "string", "maxLength": 64},
            "t": {"type": "string", "maxLength": 64, "format": "date-time"},
            "e": {"type": "string", "enum": ["a", "b", "c"]},
            "n": {"type": "integer"},
            "q": {"x-kubernetes-int-or-string": true},
            "f": {"type": "number"},
            "b": {"type": "boolean"},
            "l": l,
            "set": {"type": "array", "maxItems": 8, "x-kubernetes-list-type": "set", "items": s16},
            "u": {"type": "array", "items": {"type": "string"}},
            "li": li,
            "m": m,
            "ml": {
                "type": "array", "maxItems": 8,
                "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k"],
                "items": {"type": "object", "required": ["k"], "properties": {
                    "k": {"type": "string", "maxLength": 8},
                    "v": {"type": "integer"},
                }},
            },
            "o": {"type": "object", "properties": {
                "a": {"type": "string", "maxLength": 16},
                "b": {"type": "integer"},
                "c": {"type": "boolean"},
            }},
        },
        "x-kubernetes-validations": spec_rules,
    });
    let crd = json!({
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "CustomResourceDefinition",
        "metadata": {"name": "widgets.example.com"},
        "spec": {
            "group": "example.com",
            "names": {"kind": "Widget", "plural": "widgets"},
            "scope": "Namespaced",
            "versions": [{
                "name": "v1", "served": true, "storage": true,
                "schema": {"openAPIV3Schema": {"type": "object", "properties": {"spec": spec}}},
            }],
        },
    });
    let version = match c.pick(8) {
        n @ 0..=3 => KubeVersion::parse(&format!("1.{}", 32 + n)).ok(),
        _ => None,
    };
    let objects: Vec<Value> = (0..1 + c.pick(3))
        .map(|i| {
            json!({
                "apiVersion": "example.com/v1",
                "kind": "Widget",
                "metadata": {"name": format!("w{i}"), "namespace": "ns"},
                "spec": cel_spec(c),
            })
        })
        .collect();
    let mut items = vec![crd.clone()];
    items.extend(objects.iter().cloned());
    CelCase {
        input: json!({"apiVersion": "config.kubernetes.io/v1", "kind": "ResourceList", "items": items}),
        crd,
        objects,
        expressions,
        version,
    }
}

/// A chart archive (`sources::archive`, read as Helm's loader reads a packaged subchart) never
/// panics, and what it hands out keeps Helm's limits: no file over 5 MiB, 100 MiB in all, each
/// named inside the archive it came from.
pub fn chart_archive(data: &[u8]) {
    use crd_schema_fn::sources::archive::{crd_files, MAX_CHART_BYTES, MAX_FILE_BYTES};
    let Ok(files) = crd_files("fuzz.tgz", data) else {
        return;
    };
    let mut total = 0;
    for f in &files {
        assert!(f.data.len() as u64 <= MAX_FILE_BYTES, "{}", f.name);
        assert!(f.name.starts_with("fuzz.tgz!/"), "{}", f.name);
        total += f.data.len() as u64;
    }
    assert!(total <= MAX_CHART_BYTES);
}
