//! JSON detection as kubectl decides it, and the JSON lines written for a YAML output.

use super::*;
use serde_json::json;

#[test]
fn json_is_what_kubectl_reads_as_json() {
    for (text, json) in [
        (r#"{"kind":"ResourceList","items":[]}"#, true),
        ("\u{feff}  \n {\"a\": 1}\n", true),
        (r#"{"a": 1}{"b": 2}"#, true),
        // Not JSON after all: read as YAML (a flow mapping), as apimachinery falls back.
        ("{a: 1}\n", false),
        ("kind: ResourceList\n", false),
        ("[1, 2]\n", false),
        ("", false),
    ] {
        assert_eq!(json_layout(text).is_some(), json, "{text:?}");
    }
    assert_eq!(json_layout("{\"a\": 1}\n{\n}"), Some(Layout::Compact));
    assert_eq!(json_layout("{\n  \"a\": 1\n}\n"), Some(Layout::Pretty));
}

#[test]
fn a_resource_list_becomes_one_json_line_items_in_place() {
    let yaml = "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n\
                - apiVersion: v1\n  kind: ConfigMap\n  data:\n    a: \"1\"\n    b: yes\n    c: 0755\n    d: 1.0\n\
                - {\"apiVersion\": \"v1\", \"kind\": \"Secret\"}\n\
                results:\n- message: m\n  severity: error\nfunctionConfig: {}\n";
    let out = to_json_text(yaml, Layout::Compact).unwrap().concat();
    assert!(out.ends_with("}\n") && out.lines().count() == 1, "{out}");
    let got: Value = serde_json::from_str(&out).unwrap();
    let want = json!({
        "apiVersion": "config.kubernetes.io/v1", "kind": "ResourceList",
        "items": [
            {"apiVersion": "v1", "kind": "ConfigMap", "data": {"a": "1", "b": true, "c": 493, "d": 1}},
            {"apiVersion": "v1", "kind": "Secret"}
        ],
        "results": [{"message": "m", "severity": "error"}],
        "functionConfig": {}
    });
    assert_eq!(got, want);
    // Key order is the YAML's.
    let keys: Vec<&str> = got
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        ["apiVersion", "kind", "items", "results", "functionConfig"]
    );
    // Indented, it is the same value, laid out as serde_json (and kubectl) indent it.
    let pretty = to_json_text(yaml, Layout::Pretty).unwrap().concat();
    let want_text = format!("{}\n", serde_json::to_string_pretty(&want).unwrap());
    assert_eq!(pretty, want_text);
    let empty = to_json_text("kind: List\nitems: []\n", Layout::Pretty).unwrap();
    assert_eq!(
        empty.concat(),
        "{\n  \"kind\": \"List\",\n  \"items\": []\n}\n"
    );
}

#[test]
fn a_stream_becomes_one_line_per_document() {
    let out = to_json_text(
        "a: 1\n---\n# nothing\n---\n- x\n---\nitems: []\n",
        Layout::Compact,
    );
    let out = out.unwrap().concat();
    assert_eq!(out, "{\"a\":1}\n[\"x\"]\n{\"items\":[]}\n");
}

#[test]
fn what_json_cannot_hold_keeps_the_yaml() {
    for layout in [Layout::Compact, Layout::Pretty] {
        assert_eq!(to_json_text("items:\n- a: .inf\n", layout), None);
        assert_eq!(to_json_text("? [k]\n: v\n", layout), None);
    }
}
