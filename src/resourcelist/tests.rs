//! Tests for input-form detection, bad input messages and output envelopes.

use super::*;
use crate::results::Severity;
use crate::yaml::json::to_json;
use serde_json::json;

const W: &str = "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w1\n";

#[test]
fn detects_resource_list_any_api_version() {
    let text = format!(
        "apiVersion: config.kubernetes.io/v1alpha1\nkind: ResourceList\nitems:\n- {}\nfunctionConfig:\n  apiVersion: v1\n  kind: ConfigMap\n",
        W.trim_end().replace('\n', "\n  ")
    );
    let input = read(&text).unwrap();
    assert_eq!(input.form, Form::ResourceList);
    assert_eq!(input.items.len(), 1);
    assert_eq!(input.labels, vec!["items[0]"]);
    assert!(input.function_config.is_some());
}

#[test]
fn detects_json_resource_list() {
    let text = r#"{"apiVersion":"config.kubernetes.io/v1","kind":"ResourceList","items":[{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a"}}]}"#;
    let input = read(text).unwrap();
    assert_eq!(input.form, Form::ResourceList);
    assert_eq!(input.items.len(), 1);
    assert!(input.function_config.is_none());
}

#[test]
fn detects_list_and_stream_and_skips_null_documents() {
    let list =
        read("apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n").unwrap();
    assert_eq!(list.form, Form::List);
    assert_eq!(list.items.len(), 1);
    let stream = read(&format!("---\n{W}---\n---\n# only a comment\n---\n{W}")).unwrap();
    assert_eq!(stream.form, Form::Stream);
    assert_eq!(stream.items.len(), 2);
    // As kubectl splits: the empty chunk between two `---` lines is no document; the one
    // holding only a comment is (a null one, skipped).
    assert_eq!(stream.labels, vec!["document 0", "document 2"]);
    let single = read(W).unwrap();
    assert_eq!(single.form, Form::Stream);
    assert_eq!(read("").unwrap().items.len(), 0);
}

#[test]
fn bad_input_names_document_and_field() {
    let cases = [
        (
            "apiVersion: v1\nkind: ResourceList\nitems: {a: 1}\n",
            "document 0 (ResourceList): items: expected a list, found a mapping",
        ),
        (
            "apiVersion: v1\nkind: ResourceList\nitems: []\nresults: 3\n",
            "document 0 (ResourceList): results: expected a list, found the scalar \"3\"",
        ),
        (
            "apiVersion: v1\nkind: ResourceList\nitems:\n- kind: A\n",
            "items[0]: apiVersion: missing: every item needs apiVersion and kind",
        ),
        (
            "apiVersion: v1\nkind: ResourceList\nitems:\n- apiVersion: v1\n  kind: ''\n",
            "items[0]: kind: expected a non-empty string, found the scalar \"\"",
        ),
        (
            "apiVersion: v1\nkind: ResourceList\nitems:\n- ~\n",
            "items[0]: : expected an object (mapping), found null",
        ),
        (
            "apiVersion: v1\nkind: A\n---\n- 1\n",
            "document 1: : expected an object (mapping), found a list",
        ),
        (
            "apiVersion: v1\nkind: A\n---\napiVersion: v1\nkind: [x]\n",
            "document 1: kind: expected a non-empty string, found a list",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(read(text).unwrap_err().to_string(), want, "{text}");
    }
    // A document of a plain stream may lack them (kubectl reads it): it is passed through.
    let stream = read("apiVersion: v1\nkind: A\n---\nd1: 1\n---\nkind: B\n").unwrap();
    assert_eq!(stream.labels, ["document 0", "document 1", "document 2"]);
    let err = read("d1: 1\n---\nkind: ''\n").unwrap_err().to_string();
    assert_eq!(
        err,
        "document 1: kind: expected a non-empty string, found the scalar \"\""
    );
    let err = read("a: [1\n").unwrap_err();
    assert!(matches!(err, InputError::Yaml(_)), "{err}");
    assert!(
        err.to_string()
            .starts_with("malformed YAML or JSON: document 0: line"),
        "{err}"
    );
}

#[test]
fn writes_resource_list_with_results_appended() {
    let text = "apiVersion: config.kubernetes.io/v1alpha1\nkind: ResourceList\nitems:\n- apiVersion: v1\n  kind: ConfigMap\nfunctionConfig: {apiVersion: v1, kind: ConfigMap}\nresults:\n- message: earlier\n  severity: info\nextra: kept\n";
    let input = read(text).unwrap();
    let out = write(input, &[KrmResult::new(Severity::Warning, "ours")]);
    let v = to_json(&parse_stream(&out).unwrap()[0]).unwrap();
    assert_eq!(
        v,
        json!({"apiVersion": "config.kubernetes.io/v1", "kind": "ResourceList",
               "items": [{"apiVersion": "v1", "kind": "ConfigMap"}],
               "functionConfig": {"apiVersion": "v1", "kind": "ConfigMap"},
               "results": [{"message": "earlier", "severity": "info"}, {"message": "ours", "severity": "warning"}],
               "extra": "kept"})
    );
}

#[test]
fn writes_list_and_stream_in_their_form() {
    let list = read(
        "apiVersion: v1\nkind: List\nmetadata: {}\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n",
    )
    .unwrap();
    let out = write(list, &[KrmResult::new(Severity::Info, "x")]);
    let v = to_json(&parse_stream(&out).unwrap()[0]).unwrap();
    assert_eq!(
        v,
        json!({"apiVersion": "v1", "kind": "List", "metadata": {}, "items": [{"apiVersion": "v1", "kind": "ConfigMap"}]})
    );
    let stream = read(&format!("{W}---\n{W}")).unwrap();
    let out = write(stream, &[]);
    assert_eq!(parse_stream(&out).unwrap().len(), 2);
}

#[test]
fn a_byte_order_mark_is_ignored() {
    let input = read(&format!("\u{feff}{W}")).unwrap();
    assert_eq!(input.items.len(), 1);
}
