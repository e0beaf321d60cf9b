//! The reader against kubectl's own reading of `../shared/kubectl-yaml/streams.jsonl` (1,000
//! streams biased to where YAML readers disagree): every stream kubectl reads must be read to
//! the same JSON documents (integers as int64, else float64; empty documents left out), every
//! stream kubectl refuses must be refused, with go-yaml's cause for the first document kubectl
//! cannot read (kubectl stops there, and so does the reader).

use crate::support::ground;

use crate::properties;

use crd_schema_fn::yaml::json::to_json;
use crd_schema_fn::yaml::read::{decode, read_stream};
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
        match (want_err, got) {
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

/// A scalar's text written again as it was: the same characters, but for the indentation of the
/// lines after its first (the document's layout: the emitter indents by two).
fn same_text(src: &str, dst: &str) -> bool {
    let base = |t: &str| {
        t.lines()
            .skip(1)
            .filter(|l| !l.trim().is_empty())
            .map(|l| l.len() - l.trim_start_matches(' ').len())
            .min()
            .unwrap_or(0)
    };
    let dedent = |t: &str| -> Vec<String> {
        let b = base(t);
        t.lines()
            .enumerate()
            .map(|(i, l)| match i {
                0 => l.to_string(),
                _ => l.get(b..).unwrap_or(l.trim_start_matches(' ')).to_string(),
            })
            .collect()
    };
    src == dst || (src.ends_with('\n') == dst.ends_with('\n') && dedent(src) == dedent(dst))
}

/// How many scalars a passthrough writes with their source text (quotes, escapes, folding,
/// block indicators; see [`same_text`]), counted over every stream kubectl reads; each scalar
/// an alias stands for counts as kept when the output holds the same alias there. Reports
/// what changes, by kind, and requires every one kept.
#[test]
fn untouched_scalars_keep_their_text() {
    use crd_schema_fn::yaml::read::{Kind, RNode, Style};
    use std::collections::BTreeMap;
    let Some(records) = records("untouched_scalars_keep_their_text") else {
        return;
    };
    fn walk<'a>(
        a: &RNode,
        a_text: &'a str,
        b: &RNode,
        b_text: &'a str,
        out: &mut Vec<(String, std::borrow::Cow<'a, str>, &'a str)>,
    ) {
        // An alias written again as the same alias keeps the text of all it stands for.
        if a.alias().is_some() && b.alias() == a.alias() {
            let mut same = a.clone();
            if let Some(names) = same.names.as_deref_mut() {
                names.alias = None;
            }
            return walk(&same, a_text, &same, a_text, out);
        }
        match (&a.kind, &b.kind) {
            (Kind::Scalar { style, .. }, Kind::Scalar { .. }) => {
                let (text_start, bs) = (a.text_start(), b.text_start());
                let mut src =
                    std::borrow::Cow::Borrowed(&a_text[text_start.offset..a.span.end.offset]);
                // The stream's missing last line break is not the scalar's: kubectl reads a
                // last line with one, and the output (which goes on) has one there.
                let block = matches!(style, Style::Literal | Style::Folded);
                if block && a.span.end.offset == a_text.len() && !src.ends_with('\n') {
                    src.to_mut().push('\n');
                }
                let dst = &b_text[bs.offset..b.span.end.offset];
                let kind = if a.alias().is_some() {
                    "alias".to_string()
                } else if src.contains('\n') {
                    format!("{style:?} on several lines")
                } else {
                    format!("{style:?}")
                };
                out.push((kind, src, dst));
            }
            (Kind::Seq { items: x, .. }, Kind::Seq { items: y, .. }) => {
                for (p, q) in x.iter().zip(y) {
                    walk(p, a_text, q, b_text, out);
                }
            }
            (Kind::Map { entries: x, .. }, Kind::Map { entries: y, .. }) => {
                for ((k1, v1), (k2, v2)) in x.iter().zip(y) {
                    walk(k1, a_text, k2, b_text, out);
                    walk(v1, a_text, v2, b_text, out);
                }
            }
            _ => {}
        }
    }
    let (mut total, mut kept) = (0usize, 0usize);
    let mut changed: BTreeMap<String, (usize, String)> = BTreeMap::new();
    for rec in records {
        if rec.get("kubectl_error").is_some() {
            continue;
        }
        let Ok(text) = String::from_utf8(base64(rec["input_base64"].as_str().unwrap())) else {
            continue;
        };
        let written = emit_stream(&parse_stream(&text).unwrap());
        let before: Vec<_> = read_stream(&text).unwrap();
        let after: Vec<_> = read_stream(&written).unwrap();
        let before = before.iter().filter_map(|d| d.root.as_ref());
        let after = after.iter().filter_map(|d| d.root.as_ref());
        let mut pairs = Vec::new();
        for (a, b) in before
            .filter(|r| !matches!(&r.kind, Kind::Scalar { value, .. } if value.is_empty()))
            .zip(after)
        {
            walk(a, &text, b, &written, &mut pairs);
        }
        for (kind, src, dst) in pairs {
            total += 1;
            if same_text(&src, dst) {
                kept += 1;
            } else {
                let e = changed.entry(kind).or_default();
                e.0 += 1;
                if e.1.is_empty() {
                    e.1 = format!("{src:?} -> {dst:?}");
                }
            }
        }
    }
    for (kind, (n, example)) in &changed {
        let cut: String = example.chars().take(160).collect();
        eprintln!("changed {kind}: {n} (e.g. {cut})");
    }
    eprintln!("untouched scalars with their source text: {kept}/{total}");
    assert!(total > 5000, "only {total} scalars");
    assert_eq!(kept, total, "untouched scalars whose text changed");
}
