#![allow(dead_code)]
//! The properties the fuzz targets check, shared with the regression test of the normal test
//! suite (`tests/fuzz_regressions.rs`, `tests/yaml_kubectl.rs` and `tests/yaml_suite.rs` include
//! this file): each function panics when its property does not hold for `data`.

use crd_schema_fn::cli::{run, Flags};
use crd_schema_fn::engine::{self, Options};
use crd_schema_fn::resourcelist::envelope_form;
use crd_schema_fn::schema::crd::load_crd;
use crd_schema_fn::yaml::json::{from_json, to_json};
use crd_schema_fn::yaml::read::{decode, read_stream};
use crd_schema_fn::yaml::{emit_stream, parse_stream, Node, ScalarStyle};

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
        .filter(|d| !matches!(d, Node::Scalar(s) if s.value.is_empty() && s.tag.is_none() && s.style == ScalarStyle::Plain))
        .collect()
}

/// `written` reads as `read` (see [`yaml_roundtrip`]): the same scalars (text and tag; the
/// style too, unless the writer chose double quotes for a text the style cannot hold there),
/// key order and tags. Also used by `tests/yaml_suite.rs`.
pub fn same_reading(read: &Node, written: &Node) -> bool {
    match (read, written) {
        (Node::Scalar(a), Node::Scalar(b)) => {
            a.value == b.value
                && a.tag == b.tag
                && (a.style == b.style || b.style == ScalarStyle::DoubleQuoted)
        }
        (Node::Seq(a), Node::Seq(b)) => {
            a.tag == b.tag
                && a.items.len() == b.items.len()
                && a.items
                    .iter()
                    .zip(&b.items)
                    .all(|(x, y)| same_reading(x, y))
        }
        (Node::Map(a), Node::Map(b)) => {
            a.tag == b.tag
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

/// One run through the library entry the binary uses: exit code and stdout.
fn stdout_of(input: &str) -> (i32, String) {
    let flags = Flags {
        config_file: None,
        diff: false,
        previous: Vec::new(),
        jobs: None,
        kubernetes_version: None,
    };
    let exec = run(&flags, input, None);
    let mut out = Vec::new();
    if let Err(e) = exec.stdout.write_to(input, &mut out) {
        panic!("writing the output failed: {e}");
    }
    (exec.code, String::from_utf8(out).expect("UTF-8 output"))
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

/// The whole function on arbitrary input: no panic; exit 0, 1 or 2; exit 2 writes nothing;
/// exit 0 or 1 writes output that reads back; an output of exit 0, run again, gives the same
/// objects (pruning and defaulting again change nothing).
pub fn function(data: &[u8]) {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    let (code, out) = stdout_of(input);
    let docs = match code {
        2 => {
            assert!(out.is_empty(), "exit 2 with output:\n{out}");
            return;
        }
        0 | 1 => match parse_stream(&out) {
            Ok(docs) => docs,
            Err(e) => panic!("the output does not read back: {e}\n{out}"),
        },
        other => panic!("exit code {other}"),
    };
    if code != 0 {
        return;
    }
    let (code2, again) = stdout_of(&out);
    assert_eq!(code2, 0, "the output is refused when run again\n{out}");
    let (once, twice) = (
        objects(docs),
        objects(parse_stream(&again).expect("reads back")),
    );
    assert!(
        same_documents(&once, &twice),
        "running twice differs from once\n--- input\n{input}\n--- once\n{out}\n--- twice\n{again}"
    );
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
}

/// A ResourceList's items found ahead by their lines (`yaml::parse::ahead`, read on the
/// threads): when every part reads, the document without its items and each item with its
/// span are what one pass gives, and one pass reads that document too.
fn reads_ahead_as_in_one_pass(text: &str) {
    use crd_schema_fn::yaml::parse::{ahead, Documents};
    let Some(split) = ahead::split(text) else {
        return;
    };
    let Some(shell) = ahead::shell(text, &split) else {
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
