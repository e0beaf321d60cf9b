//! The impact of a CRD change on a stored object, one change per row: the old CRD's and the
//! new CRD's `spec` properties, the previous object's spec, and the results (severity, tag,
//! field, message).

use super::super::{process_update, Previous};
use super::{diff, same_object, Change, TAG};
use crate::config::Config;
use crate::results::{ResourceRef, Severity};
use crate::yaml::parse_stream;
use serde_json::json;

/// A Widget CRD: `extra` goes into the schema of `spec` (properties and rules), `version`
/// into the version's entry.
fn crd(spec: &str, version: &str) -> String {
    format!(
        r#"apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {{name: widgets.impact.test}}
spec:
  group: impact.test
  names: {{kind: Widget, plural: widgets}}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true{version}
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            {spec}
---
"#
    )
}

fn widget(spec: &str) -> String {
    format!("apiVersion: impact.test/v1\nkind: Widget\nmetadata: {{name: w, namespace: ns}}\nspec: {spec}\n---\n")
}

type Row = (Severity, String, String, String);

/// The impact results of changing `old` to `new` (each a CRD) for the previous `objects`.
fn impact(old: &str, new: &str, objects: &str) -> Vec<Row> {
    let config = Config::default();
    let labelled = parse_stream(&(old.to_string() + objects))
        .unwrap()
        .into_iter()
        .enumerate()
        .map(|(i, n)| (n, format!("old {i}")));
    let previous = Previous::from_items(labelled, &config).unwrap();
    let mut items = parse_stream(new).unwrap();
    let labels: Vec<String> = (0..items.len()).map(|i| format!("items[{i}]")).collect();
    let report = process_update(&mut items, &labels, &config, false, Some(&previous)).unwrap();
    report
        .results
        .iter()
        .filter_map(|r| {
            let (_, what) = r.tags.iter().find(|(k, _)| *k == TAG)?;
            assert_eq!(r.resource_ref.as_ref().unwrap().name, "w");
            Some((
                r.severity,
                what.clone(),
                r.field.clone().unwrap_or_default(),
                r.message.clone(),
            ))
        })
        .collect()
}

fn row(severity: Severity, what: &str, field: &str, message: &str) -> Row {
    (severity, what.into(), field.into(), message.into())
}

const PROPS: &str =
    "properties: {size: {type: integer}, color: {type: string}, legacy: {type: string}}";

#[test]
fn what_a_crd_change_does_to_a_stored_object() {
    let old = crd(PROPS, "");
    let w = widget("{size: 1, color: blue, legacy: x}");
    let name = "the new CustomResourceDefinition widgets.impact.test";
    let cases: Vec<(&str, String, String, Vec<Row>)> = vec![
        ("unchanged: nothing", old.clone(), w.clone(), vec![]),
        (
            "a property dropped: pruned",
            crd("properties: {size: {type: integer}, color: {type: string}}", ""),
            w.clone(),
            vec![row(Severity::Warning, "pruned", "spec.legacy", &format!("spec.legacy: pruned by {name}: reads of the stored object no longer show it, and its next update drops it from storage"))],
        ),
        (
            "a default added",
            crd("properties: {size: {type: integer}, color: {type: string}, legacy: {type: string}, mode: {type: string, default: fast}}", ""),
            w.clone(),
            vec![row(Severity::Info, "defaulted", "spec.mode", &format!("spec.mode: defaulted to \"fast\" by {name}: reads of the stored object show it, and its next update stores it"))],
        ),
        (
            "an enum tightened: ratcheted",
            crd("properties: {size: {type: integer}, color: {type: string, enum: [red]}, legacy: {type: string}}", ""),
            w.clone(),
            vec![row(Severity::Info, "ratcheted", "spec.color", &format!("spec.color: Unsupported value: \"blue\": supported values: \"red\" (ratcheted under {name}: an update that leaves this value unchanged is accepted; one that changes it, or a create of the object, is refused)"))],
        ),
        (
            "a required field added: ratcheted",
            crd(&format!("required: [owner]\n            {PROPS}"), "").replace("legacy: {type: string}}", "legacy: {type: string}, owner: {type: string}}"),
            w.clone(),
            vec![row(Severity::Info, "ratcheted", "spec.owner", &format!("spec.owner: Required value (ratcheted under {name}: an update that leaves this value unchanged is accepted; one that changes it, or a create of the object, is refused)"))],
        ),
        (
            "a rule added that the object breaks: ratcheted",
            crd(&format!("x-kubernetes-validations: [{{rule: 'self.size > 5', message: too small}}]\n            {PROPS}"), ""),
            w.clone(),
            vec![row(Severity::Info, "ratcheted", "spec", &format!("spec: Invalid value: too small (ratcheted under {name}: an update that leaves this value unchanged is accepted; one that changes it, or a create of the object, is refused)"))],
        ),
        (
            "the version no longer served",
            crd(PROPS, "").replace("served: true", "served: false"),
            w.clone(),
            vec![row(Severity::Warning, "version", "", &format!("version v1 is not served by {name}: the stored object can no longer be read or written as impact.test/v1"))],
        ),
        (
            "a refused CRD change: the cluster keeps the old CRD",
            crd(&format!("x-kubernetes-validations: [{{rule: 'self.nope > 5'}}]\n            {PROPS}"), ""),
            w.clone(),
            vec![],
        ),
        (
            "an object the old CRD refuses was never stored",
            crd("properties: {size: {type: integer}, color: {type: string}}", ""),
            widget("{size: one, legacy: x}"),
            vec![],
        ),
    ];
    for (name, new, objects, want) in cases {
        assert_eq!(impact(&old, &new, &objects), want, "case {name}");
    }
    // An embedded resource declared: refused even unchanged (its checks are not ratcheted).
    let open = "properties: {template: {type: object, x-kubernetes-preserve-unknown-fields: true}}";
    let embedded = open.replace("true}", "true, x-kubernetes-embedded-resource: true}");
    let refused = |at: &str| {
        row(Severity::Warning, "refused", at, &format!("{at}: Required value (refused under {name}: the next update of the stored object fails, even one that changes nothing)"))
    };
    assert_eq!(
        impact(
            &crd(open, ""),
            &crd(&embedded, ""),
            &widget("{template: {metadata: {name: x}}}")
        ),
        [
            refused("spec.template.apiVersion"),
            refused("spec.template.kind")
        ]
    );
}

#[test]
fn changes_between_the_stored_and_the_read_object() {
    let mut out = Vec::new();
    diff(
        &json!({"a": 1, "b": {"c": null, "d": [1, {"e": 2}]}, "f": [1]}),
        &json!({"b": {"c": "x", "d": [1, {"e": 3, "g": true}]}, "f": [1, 2]}),
        "spec",
        &mut out,
    );
    assert_eq!(
        out,
        [
            ("spec.a".to_string(), Change::Removed),
            ("spec.b.c".to_string(), Change::Added("\"x\"".into())),
            (
                "spec.b.d[1].e".to_string(),
                Change::Changed("2".into(), "3".into())
            ),
            ("spec.b.d[1].g".to_string(), Change::Added("true".into())),
            (
                "spec.f".to_string(),
                Change::Changed("[1]".into(), "[1,2]".into())
            ),
        ]
    );
}

#[test]
fn objects_are_the_same_across_versions_and_default_namespace() {
    let r = |v: &str, ns: &str, name: &str| ResourceRef {
        api_version: v.into(),
        kind: "Widget".into(),
        name: name.into(),
        namespace: ns.into(),
    };
    assert!(same_object(
        &r("impact.test/v1", "", "w"),
        &r("impact.test/v2", "default", "w")
    ));
    assert!(!same_object(
        &r("impact.test/v1", "a", "w"),
        &r("impact.test/v1", "b", "w")
    ));
    assert!(!same_object(
        &r("impact.test/v1", "a", "w"),
        &r("other.test/v1", "a", "w")
    ));
    assert!(!same_object(
        &r("impact.test/v1", "a", "w"),
        &r("impact.test/v1", "a", "x")
    ));
}
