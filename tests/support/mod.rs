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
