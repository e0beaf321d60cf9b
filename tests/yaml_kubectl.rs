//! The reader against kubectl's own reading of `../shared/kubectl-yaml/streams.jsonl` (1,000
//! streams biased to where YAML readers disagree): every stream kubectl reads must be read to
//! the same JSON documents (integers as int64, else float64; empty documents left out), every
//! stream kubectl refuses must be refused, with go-yaml's cause. (The data's refusal is the
//! last one of the stream: apimachinery's decoder goes on with the next document after a
//! refusal; the reader stops at the first, so the causes are compared over every document.)

use crate::support::ground;

use crate::properties;

use crd_schema_fn::yaml::json::to_json;
use crd_schema_fn::yaml::read::{compose, decode, read_stream, split};
use crd_schema_fn::yaml::{emit_stream, parse_stream};
use serde_json::Value;

fn base64(s: &str) -> Vec<u8> {
    let val = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    } as u32;
    let mut out = Vec::new();
    for q in s.as_bytes().chunks(4) {
        let pad = q.iter().filter(|&&c| c == b'=').count();
        let n = q.iter().take(4 - pad).fold(0u32, |n, &c| (n << 6) | val(c)) << (6 * pad);
        out.extend_from_slice(&[(n >> 16) as u8, (n >> 8) as u8, n as u8][..3 - pad]);
    }
    out
}

/// Numbers compared as kubectl holds them: integral values as integers.
fn norm(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(m.iter().map(|(k, x)| (k.clone(), norm(x))).collect()),
        Value::Array(a) => Value::Array(a.iter().map(norm).collect()),
        Value::Number(n) => match n.as_f64() {
            Some(f) if f.fract() == 0.0 && f.abs() < 9.2e18 && n.is_f64() => Value::from(f as i64),
            Some(f) if f.fract() == 0.0 && f.abs() >= 9.2e18 => serde_json::json!(f),
            _ => v.clone(),
        },
        _ => v.clone(),
    }
}

/// go-yaml's cause in kubectl's message (`error converting YAML to JSON: yaml: line 3: CAUSE`).
fn cause(kubectl: &str) -> &str {
    let m = kubectl
        .strip_prefix("error converting YAML to JSON: ")
        .unwrap_or(kubectl);
    let m = m.strip_prefix("yaml: ").unwrap_or(m);
    match m.strip_prefix("line ") {
        Some(rest) => rest.split_once(": ").map_or(rest, |(_, c)| c),
        None => m,
    }
}

/// The cause of the last document of `text` kubectl refuses, reading on after each refusal.
fn last_refusal(text: &str) -> Option<String> {
    let mut last = None;
    for (i, chunk) in split::Chunks::new(text).enumerate() {
        let r = chunk.map_err(|e| e.message).and_then(|c| {
            let doc = compose::document(text, &c, i).map_err(|r| r.message)?;
            doc.root.as_ref().map_or(Ok(()), decode::check)
        });
        if let Err(e) = r {
            last = Some(e);
        }
    }
    last
}

/// The records of `../shared/kubectl-yaml/streams.jsonl` (`None`, said, without the ground truth).
fn records(test: &str) -> Option<Vec<Value>> {
    if !ground::present(test) {
        return None;
    }
    let path = ground::shared_dir().join("kubectl-yaml/streams.jsonl");
    let data = std::fs::read_to_string(path).unwrap();
    Some(
        data.lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect(),
    )
}

#[test]
fn streams_read_as_kubectl_reads_them() {
    let Some(records) = records("streams_read_as_kubectl_reads_them") else {
        return;
    };
    let (mut total, mut same, mut causes) = (0, 0, 0);
    let mut shown = Vec::new();
    for rec in records {
        total += 1;
        let id = &rec["id"];
        let bytes = base64(rec["input_base64"].as_str().unwrap());
        let want_err = rec.get("kubectl_error").and_then(Value::as_str);
        let got_text = String::from_utf8(bytes.clone()).unwrap_or_default();
        let got = match String::from_utf8(bytes) {
            // The function reads UTF-8 text only: a stream that is not is refused before reading.
            Err(_) => Err("not UTF-8".to_string()),
            Ok(text) => read_stream(&text).map_err(|r| r.message).map(|docs| {
                docs.iter()
                    .filter_map(|d| d.root.as_ref())
                    .map(|r| decode::to_json(r).unwrap())
                    .filter(|v| !v.is_null())
                    .map(|v| norm(&v))
                    .collect::<Vec<_>>()
            }),
        };
        let last = last_refusal(&got_text);
        match (want_err, got.map_err(|first| last.unwrap_or(first))) {
            (Some(want), Err(got)) => {
                same += 1;
                if cause(want).starts_with(&got) || got == "not UTF-8" {
                    causes += 1;
                } else if shown.len() < 100 {
                    shown.push(format!("stream {id}: cause {got:?}, kubectl {want:?}"));
                }
            }
            (None, Ok(docs)) => {
                let want: Vec<Value> = rec["kubectl_documents"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(norm)
                    .collect();
                if docs == want {
                    same += 1;
                    causes += 1;
                } else if shown.len() < 100 {
                    shown.push(format!("stream {id}: read {docs:?}\n  kubectl {want:?}"));
                }
            }
            (Some(want), Ok(_)) => {
                shown.push(format!("stream {id}: read, kubectl refuses: {want}"))
            }
            (None, Err(e)) => shown.push(format!("stream {id}: refused ({e}), kubectl reads it")),
        }
    }
    for s in &shown {
        let cut: String = s.chars().take(400).collect();
        eprintln!("{cut}");
    }
    eprintln!("kubectl-yaml: same reading {same}/{total}, same cause {causes}/{total}");
    assert_eq!((same, causes), (total, total));
}

/// Every stream kubectl reads, written by the emitter and read again: the same JSON per
/// document, and the same scalars (text and tag; the style too, unless the emitter chose double
/// quotes), key order and collection tags (`properties::yaml_roundtrip`, the fuzz property).
#[test]
fn written_streams_read_back_the_same() {
    let Some(records) = records("written_streams_read_back_the_same") else {
        return;
    };
    let mut written = 0;
    for rec in records {
        if rec.get("kubectl_error").is_some() {
            continue;
        }
        let Ok(text) = String::from_utf8(base64(rec["input_base64"].as_str().unwrap())) else {
            continue;
        };
        let id = &rec["id"];
        let docs = parse_stream(&text).unwrap_or_else(|e| panic!("stream {id}: {e}"));
        let again = parse_stream(&emit_stream(&docs)).unwrap();
        let json = |docs: &[crd_schema_fn::yaml::Node]| -> Vec<Value> {
            docs.iter()
                .map(|d| to_json(d).unwrap_or_else(|e| panic!("stream {id}: {e}")))
                .filter(|v| !v.is_null())
                .collect()
        };
        assert_eq!(json(&again), json(&docs), "stream {id}");
        properties::yaml_roundtrip(text.as_bytes());
        written += 1;
    }
    assert!(written > 500, "only {written} streams kubectl reads");
}
