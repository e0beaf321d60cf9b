//! Tests for result nodes and stderr lines.

use super::*;
use crate::yaml::{emit_document, parse_stream};

fn obj(text: &str) -> Node {
    parse_stream(text).unwrap().remove(0)
}

const WIDGET: &str = "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w1\n  namespace: demo\n  annotations:\n    config.kubernetes.io/path: 'widget.yaml'\n    config.kubernetes.io/index: '2'\n";

#[test]
fn resource_ref_and_file_come_from_the_object() {
    let w = obj(WIDGET);
    let r = ResourceRef::of(&w);
    assert_eq!(
        r,
        ResourceRef {
            api_version: "example.com/v1".into(),
            kind: "Widget".into(),
            name: "w1".into(),
            namespace: "demo".into()
        }
    );
    assert_eq!(r.to_string(), "Widget demo/w1 (example.com/v1)");
    assert_eq!(
        FileRef::of(&w),
        Some(FileRef {
            path: "widget.yaml".into(),
            index: Some(2)
        })
    );
    assert_eq!(FileRef::of(&obj("kind: A\n")), None);
}

#[test]
fn stderr_line_names_resource_and_field() {
    let r = KrmResult::about(
        Severity::Warning,
        "unknown field \"spec.colour\"",
        &obj(WIDGET),
    )
    .with_field("spec.colour");
    assert_eq!(
        r.stderr_line(),
        "crd-schema-fn: warning: Widget demo/w1 (example.com/v1): spec.colour: unknown field \"spec.colour\""
    );
    assert_eq!(
        KrmResult::new(Severity::Error, "boom").stderr_line(),
        "crd-schema-fn: error: boom"
    );
}

#[test]
fn stderr_line_does_not_repeat_the_field_and_adds_the_note() {
    let mut r = KrmResult::about(Severity::Error, "spec.size: Required value", &obj(WIDGET))
        .with_field("spec.size");
    r.stderr_note = Some("The Widget \"w1\" is invalid: 1 error".into());
    assert_eq!(
        r.stderr_line(),
        "crd-schema-fn: error: Widget demo/w1 (example.com/v1): spec.size: Required value\n\
         crd-schema-fn: error: Widget demo/w1 (example.com/v1): The Widget \"w1\" is invalid: 1 error"
    );
    // The note is not part of the result written to the list.
    let mut out = String::new();
    crate::yaml::emit_document(&r.to_node(), &mut out);
    assert!(!out.contains("invalid: 1 error"), "{out}");
}

#[test]
fn result_node_has_kyaml_fields() {
    let r = KrmResult::about(
        Severity::Error,
        "unknown field \"spec.colour\"",
        &obj(WIDGET),
    )
    .with_field("spec.colour");
    let mut out = String::new();
    emit_document(&r.to_node(), &mut out);
    let back = crate::yaml::json::to_json(&parse_stream(&out).unwrap()[0]).unwrap();
    assert_eq!(
        back,
        serde_json::json!({
            "message": "unknown field \"spec.colour\"",
            "severity": "error",
            "resourceRef": {"apiVersion": "example.com/v1", "kind": "Widget", "name": "w1", "namespace": "demo"},
            "field": {"path": "spec.colour"},
            "file": {"path": "widget.yaml", "index": 2}
        })
    );
}

#[test]
fn summary_text_and_error_detection() {
    let s = Summary {
        processed: 2,
        pruned: 1,
        defaulted: 3,
    }
    .to_result();
    assert_eq!(
        s.message,
        "crd-schema-fn: 2 resources processed, 1 fields pruned, 3 defaults applied"
    );
    assert_eq!(s.severity, Severity::Info);
    assert!(!has_error(std::slice::from_ref(&s)));
    assert!(has_error(&[s, KrmResult::new(Severity::Error, "x")]));
}

/// A result written straight as a `results` item is the emitter's text for its tree, and as a
/// JSON element the JSON writer's text for it in either layout, whatever its strings hold (words YAML reads as other types, indicators, line breaks, escapes, empty
/// strings, long ones), with and without each optional part.
#[test]
fn a_result_written_straight_is_the_emitter_text_of_its_tree() {
    let strings = [
        "spec.replicas: Invalid value: 0: spec.replicas in body should be greater than or equal to 1",
        "",
        "yes",
        "0755",
        "- a",
        "a: b",
        "x #y",
        "'q'",
        "\"d\"",
        "line one\nline two\n",
        "\n",
        " lead",
        "trail ",
        "tab\there",
        "nel\u{85}",
        "é ✓ \u{feff}",
        "---",
        "...",
        "@at",
        "%p",
        "{a}",
        "[a]",
        "null",
        "~",
        "1.5",
        "a:",
        ":a",
        "?",
        "-",
        &"long ".repeat(300),
    ];
    let mut checked = 0;
    for (i, s) in strings.iter().enumerate() {
        let other = strings[(i + 7) % strings.len()];
        let mut r = KrmResult::new(Severity::Error, *s);
        let mut versions = vec![r.clone()];
        r.field = Some(other.to_string());
        versions.push(r.clone());
        r.resource_ref = Some(ResourceRef {
            api_version: other.to_string(),
            kind: s.to_string(),
            name: other.to_string(),
            namespace: if i % 2 == 0 {
                s.to_string()
            } else {
                String::new()
            },
        });
        versions.push(r.clone());
        r.file = Some(FileRef {
            path: s.to_string(),
            index: (i % 3 > 0).then_some(i as i64 - 1),
        });
        versions.push(r.clone());
        r.tags = vec![("operation", s.to_string()), ("other", other.to_string())];
        versions.push(r.clone());
        r.tags.push(("operation", "again".into()));
        versions.push(r.clone());
        for r in versions {
            let mut want = String::new();
            crate::yaml::emit_seq_item(&r.to_node(), &mut want);
            let mut got = String::from("x\n");
            r.write_yaml_item(&mut got);
            assert_eq!(got.strip_prefix("x\n").unwrap(), want, "{r:?}");
            for layout in [Layout::Compact, Layout::Pretty] {
                let mut want = String::new();
                write_element(&mut want, &r.to_node(), layout).unwrap();
                let mut got = Vec::new();
                r.write_json_element(&mut got, layout, false);
                assert_eq!(String::from_utf8(got).unwrap(), want, "{r:?}");
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 6 * strings.len());
}
