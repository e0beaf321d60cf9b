//! `check --format sarif`'s log (`../check.sarif.json`, kept equal to what the function writes
//! by `src/repo/formats/tests.rs`) is valid against the SARIF 2.1.0 JSON schema
//! (`../sarif-2.1.0-rtm.5.json`), and the schema does refuse a broken copy of it.

use serde_json::{json, Value};

fn parse(name: &str, text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{name}: not JSON: {e}"))
}

#[test]
fn sarif_log_is_valid_against_the_sarif_2_1_0_schema() {
    let mut schema = parse(
        "sarif-2.1.0-rtm.5.json",
        include_str!("../sarif-2.1.0-rtm.5.json"),
    );
    // A pattern of the schema (`language`, which the log does not use) has a stray `]` that an
    // ECMA-262 regex in Unicode mode rejects, so the schema itself does not pass draft-04's
    // meta-schema with regex formats checked: the `]` is escaped here.
    assert_eq!(escape_stray_bracket(&mut schema), 2);
    let validator = jsonschema::validator_for(&schema).unwrap();
    let log = parse("check.sarif.json", include_str!("../check.sarif.json"));
    let errors: Vec<String> = validator
        .iter_errors(&log)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    // The schema does catch a broken log.
    let mut broken = log.clone();
    broken["runs"][0]["results"][1]["level"] = json!("fatal");
    assert!(!validator.is_valid(&broken));
}

/// Escapes the stray `]` of the schema's language patterns; returns how many it changed.
fn escape_stray_bracket(v: &mut Value) -> usize {
    const STRAY: &str = "^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$";
    match v {
        Value::Object(m) => m
            .iter_mut()
            .map(|(k, x)| {
                if k == "pattern" && x == STRAY {
                    *x = json!("^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}\\]?$");
                    1
                } else {
                    escape_stray_bracket(x)
                }
            })
            .sum(),
        Value::Array(a) => a.iter_mut().map(escape_stray_bracket).sum(),
        _ => 0,
    }
}
