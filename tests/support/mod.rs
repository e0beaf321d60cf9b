//! What the tests that compare with `../shared` ground truth share: where it is, and JSON values
//! compared as the apiserver's are (numbers as numbers), with a readable diff.

use serde_json::Value;
use std::path::PathBuf;

pub mod ground;

/// The shared data folder beside the repository.
pub fn shared() -> PathBuf {
    ground::shared_dir()
}

/// Numbers compared as numbers: integral floats become integers.
pub fn norm(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(m.iter().map(|(k, x)| (k.clone(), norm(x))).collect()),
        Value::Array(a) => Value::Array(a.iter().map(norm).collect()),
        Value::Number(n) => match n.as_f64() {
            Some(f) if n.is_f64() && f.fract() == 0.0 && f.abs() < 9e15 => Value::from(f as i64),
            _ => v.clone(),
        },
        _ => v.clone(),
    }
}

/// Keys sorted, so that a diff shows only real differences (maps compare regardless of order).
fn sorted(v: &Value) -> Value {
    match v {
        Value::Object(m) => {
            let mut entries: Vec<_> = m.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            Value::Object(
                entries
                    .into_iter()
                    .map(|(k, x)| (k.clone(), sorted(x)))
                    .collect(),
            )
        }
        Value::Array(a) => Value::Array(a.iter().map(sorted).collect()),
        _ => v.clone(),
    }
}

/// A unified diff (expected → got) of two values, keys sorted.
pub fn pretty_diff(got: &Value, want: &Value) -> String {
    let (g, w) = (
        serde_json::to_string_pretty(&sorted(got)).unwrap(),
        serde_json::to_string_pretty(&sorted(want)).unwrap(),
    );
    similar::TextDiff::from_lines(&w, &g)
        .unified_diff()
        .context_radius(3)
        .header("expected", "got")
        .to_string()
}

/// The documents of a file numbered as the shared ground truth numbers them (a YAML stream's
/// documents): comments before the first `---` line are not a document of their own, where
/// kubectl's splitting reads them as one holding no node.
#[allow(dead_code)] // not every test binary that shares this module reads streams
pub fn stream_docs(
    text: &str,
) -> Result<Vec<crd_schema_fn::yaml::Node>, crd_schema_fn::yaml::YamlError> {
    let mut docs = crd_schema_fn::yaml::parse_stream(text)?;
    let first = text.lines().position(|l| l.starts_with("---"));
    let only_comments = |n: usize| {
        text.lines()
            .take(n)
            .all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'))
    };
    if let Some(n) = first.filter(|&n| n > 0 && only_comments(n)) {
        if !docs.is_empty()
            && (0..n).any(|i| text.lines().nth(i).is_some_and(|l| !l.trim().is_empty()))
        {
            docs.remove(0);
        }
    }
    Ok(docs)
}
