//! Output fidelity (issue 3 point 6): scalars of the input come back with their own style and
//! text, so kubectl (YAML 1.1) reads the same values; new strings are written so that a YAML 1.1
//! reader (go-yaml rules here, PyYAML with the kubectl settings of `../shared/tools/kyaml11.py`
//! when python3 has PyYAML) and a YAML 1.2 reader (serde_yaml) all read the same string.

use crate::support::ground;

use crd_schema_fn::yaml::json::{from_json, to_json};
use crd_schema_fn::yaml::scalar::{resolve, Resolved};
use crd_schema_fn::yaml::{emit_stream, parse_stream, Mapping, Node};
use serde_json::json;
use std::io::Write;
use std::process::{Command, Stdio};

const PASSTHROUGH: &str = "\
apiVersion: example.com/v1
kind: Widget
metadata:
  name: w
  annotations:
    a: 'yes'
    b: \"on\"
spec:
  mode: 0755
  count: 1_000
  nothing: ~
  time: 12:30:00
  yes_short: y
  no_short: n
  big: 123456789012345678901234567890
  u64: 18446744073709551615
  quotedNumber: \"42\"
  quotedOctal: '0755'
  float: 1.50
  exp: 1e3
  literal: |
    line one
      indented
  folded: >-
    folded
    text
  keep: |+
    kept

  empty: ''
  nul:
  list:
  - 'no'
  - off
  - \"y\"
  - 0x1F
  - !!str 12
  - ''
";

#[test]
fn passthrough_keeps_every_scalar_as_written() {
    let docs = parse_stream(PASSTHROUGH).unwrap();
    // Every scalar as written, a folded scalar's lines included.
    assert_eq!(emit_stream(&docs), PASSTHROUGH);
}

#[test]
fn passthrough_reads_as_kubectl_reads() {
    let v = to_json(&parse_stream(PASSTHROUGH).unwrap()[0]).unwrap();
    assert_eq!(v["metadata"]["annotations"], json!({"a": "yes", "b": "on"}));
    let spec = &v["spec"];
    assert_eq!(spec["mode"], json!(493));
    assert_eq!(spec["count"], json!(1000));
    assert_eq!(spec["nothing"], json!(null));
    assert_eq!(spec["time"], json!("12:30:00"));
    assert_eq!(
        (&spec["yes_short"], &spec["no_short"]),
        (&json!(true), &json!(false))
    );
    assert_eq!(spec["big"], json!(1.2345678901234568e29));
    assert_eq!(spec["u64"], json!(18446744073709551615u64));
    assert_eq!(
        (&spec["quotedNumber"], &spec["quotedOctal"]),
        (&json!("42"), &json!("0755"))
    );
    assert_eq!((&spec["float"], &spec["exp"]), (&json!(1.5), &json!(1000)));
    assert_eq!(spec["literal"], json!("line one\n  indented\n"));
    assert_eq!(spec["folded"], json!("folded text"));
    assert_eq!(spec["keep"], json!("kept\n\n"));
    assert_eq!((&spec["empty"], &spec["nul"]), (&json!(""), &json!(null)));
    assert_eq!(spec["list"], json!(["no", false, "y", 31, "12", ""]));
}

/// Strings that some YAML reader would take for something else, or that need quoting.
const TRICKY: &[&str] = &[
    "yes",
    "Yes",
    "YES",
    "no",
    "on",
    "On",
    "off",
    "OFF",
    "y",
    "Y",
    "n",
    "N",
    "true",
    "False",
    "~",
    "null",
    "Null",
    "NULL",
    "",
    "0755",
    "0o17",
    "0x1F",
    "0b101",
    "1_000",
    "12:30:00",
    "1:20",
    "190:20:30.15",
    "1e3",
    "1.5",
    "-1",
    "+1",
    ".5",
    ".inf",
    "-.Inf",
    ".NaN",
    "2001-12-14",
    "2001-12-14t21:59:43.10-05:00",
    "=",
    "<<",
    " lead",
    "trail ",
    "a: b",
    "a #b",
    "#x",
    "-",
    "- x",
    "---",
    "...",
    "*x",
    "&x",
    "!x",
    "%x",
    "@x",
    "`x",
    "|",
    ">",
    "[a]",
    "{a}",
    "a,b",
    "'q'",
    "\"q\"",
    "two\nlines",
    "tab\there",
    "ünïcode",
    "plain text",
    "nginx:1.25",
    "it's",
    "9223372036854775808",
    "123456789012345678901234567890",
];

fn new_strings_doc() -> (Vec<Node>, String) {
    let mut docs = Vec::new();
    for s in TRICKY {
        let mut m = Mapping::default();
        m.insert("value", Node::string(s));
        m.entries.push((Node::string(s), Node::string("key")));
        docs.push(Node::Map(m));
    }
    let text = emit_stream(&docs);
    (docs, text)
}

#[test]
fn new_strings_read_back_by_go_yaml_rules() {
    let (docs, text) = new_strings_doc();
    let back = parse_stream(&text).unwrap();
    assert_eq!(back, docs, "{text}");
    for (s, doc) in TRICKY.iter().zip(&back) {
        let Some(Node::Scalar(v)) = doc.get("value") else {
            panic!()
        };
        assert_eq!(
            (resolve(v), v.value.as_str()),
            (Resolved::Str, *s),
            "{text}"
        );
        let j = to_json(doc).unwrap();
        assert_eq!(j, json!({"value": s, (*s): "key"}), "{text}");
    }
}

#[test]
fn new_strings_read_back_by_a_yaml_1_2_reader() {
    let (_, text) = new_strings_doc();
    for (s, doc) in TRICKY.iter().zip(text.split("---\n")) {
        let v: serde_yaml::Value = serde_yaml::from_str(doc).unwrap();
        assert_eq!(
            v["value"],
            serde_yaml::Value::String(s.to_string()),
            "{doc}"
        );
        let key = serde_yaml::Value::String(s.to_string());
        assert_eq!(
            v.get(&key),
            Some(&serde_yaml::Value::String("key".into())),
            "{doc}"
        );
    }
}

fn has_pyyaml() -> bool {
    Command::new("python3")
        .args(["-c", "import yaml"])
        .status()
        .is_ok_and(|s| s.success())
}

#[test]
fn new_strings_read_back_by_pyyaml_as_kubectl() {
    if !has_pyyaml() {
        println!("skipped: python3 with PyYAML not available");
        return;
    }
    let (_, text) = new_strings_doc();
    let script = "import sys, json, os; sys.path.insert(0, os.environ['SHARED_TOOLS'])\n\
                  try:\n    import kyaml11\nexcept ImportError:\n    pass\n\
                  import yaml\n\
                  print(json.dumps(list(yaml.safe_load_all(sys.stdin.read()))))";
    let mut child = Command::new("python3")
        .args(["-c", script])
        .env("SHARED_TOOLS", ground::shared_dir().join("tools"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let got: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    let want: Vec<_> = TRICKY
        .iter()
        .map(|s| json!({"value": s, (*s): "key"}))
        .collect();
    assert_eq!(got, want, "{text}");
}

#[test]
fn defaults_from_json_round_trip() {
    let value = json!({
        "s": "yes", "o": "0755", "t": "12:30:00", "e": "", "n": null, "i": 493,
        "u": 18446744073709551615u64, "neg": -9223372036854775808i64, "f": 0.25, "b": true,
        "m": {}, "l": [], "nested": {"list": ["on", 1, {"k": "~"}]}
    });
    let node = from_json(&value);
    let text = emit_stream(std::slice::from_ref(&node));
    let back = parse_stream(&text).unwrap();
    assert_eq!(to_json(&back[0]).unwrap(), value, "{text}");
    assert!(
        text.contains("s: 'yes'\n") && text.contains("o: '0755'\n"),
        "{text}"
    );
    assert!(
        text.contains("u: 18446744073709551615\n") && text.contains("m: {}\n"),
        "{text}"
    );
    assert!(
        text.contains("nested:\n  list:\n  - 'on'\n  - 1\n  - k: '~'\n"),
        "{text}"
    );
}

/// Every YAML file under the corpus's resources folder.
fn corpus_resources() -> Vec<std::path::PathBuf> {
    fn walk(d: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        let Ok(entries) = std::fs::read_dir(d) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "yaml" || x == "yml") {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(&ground::shared_dir().join("corpus/resources"), &mut out);
    out.sort();
    out
}

/// Integral floats as integers (as the conformance comparison does).
fn norm(v: serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match v {
        Value::Array(a) => Value::Array(a.into_iter().map(norm).collect()),
        Value::Object(m) => Value::Object(m.into_iter().map(|(k, v)| (k, norm(v))).collect()),
        Value::Number(n) => match n.as_f64() {
            Some(f) if n.is_f64() && f.fract() == 0.0 && f.abs() < 9e15 => json!(f as i64),
            _ => Value::Number(n),
        },
        v => v,
    }
}

#[test]
fn corpus_round_trips_and_reads_as_pyyaml_reads_it() {
    let files = corpus_resources();
    if files.is_empty() {
        ground::skipped(
            "corpus_round_trips_and_reads_as_pyyaml_reads_it",
            "../shared/corpus/resources is not there",
        );
        return;
    }
    let (mut outputs, mut expected) = (Vec::new(), Vec::new());
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let docs = parse_stream(&text).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let out = emit_stream(&docs);
        let back = parse_stream(&out).unwrap();
        // An empty document is written as a lone `---`, which kubectl's splitting drops (as it
        // drops every empty document).
        let non_null = |d: &Vec<Node>| {
            d.iter()
                .filter(|n| !n.is_null())
                .cloned()
                .collect::<Vec<_>>()
        };
        let (back, kept) = (non_null(&back), non_null(&docs));
        assert_eq!(back.len(), kept.len(), "{}", f.display());
        for (a, b) in back.iter().zip(&kept) {
            assert!(a.content_eq(b), "{}: round trip differs", f.display());
        }
        let vals: Vec<_> = docs.iter().map(|d| norm(to_json(d).unwrap())).collect();
        expected.push(serde_json::Value::Array(vals));
        outputs.push(out);
    }
    let script = "import sys, json, os; sys.path.insert(0, os.environ['SHARED_TOOLS'])\n\
                  import kyaml11, yaml\n\
                  L = getattr(yaml, 'CSafeLoader', yaml.SafeLoader)\n\
                  print(json.dumps([list(yaml.load_all(t, Loader=L)) for t in json.load(sys.stdin)]))";
    if !has_pyyaml() {
        println!("skipped PyYAML comparison: python3 with PyYAML not available");
        return;
    }
    let mut child = Command::new("python3")
        .args(["-c", script])
        .env("SHARED_TOOLS", ground::shared_dir().join("tools"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let input = serde_json::to_vec(&outputs).unwrap();
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let got: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    for ((f, g), w) in files.iter().zip(got).zip(&expected) {
        assert_eq!(
            &norm(g),
            w,
            "{}: emitted YAML reads differently",
            f.display()
        );
    }
    println!(
        "corpus: {} files round-tripped and read back identically by PyYAML-as-kubectl",
        files.len()
    );
}
