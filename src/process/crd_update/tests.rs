//! A CRD of the input judged against the previous revision, as the loader reports it: the
//! results on the CRD (severity, message, tags) and whether its objects are processed.

use super::super::{process_update, Previous};
use crate::config::Config;
use crate::results::Severity;
use crate::yaml::parse_stream;

/// The Rule CRD of `../shared/updates/cases/17`, its spec rules as given.
fn crd(group: &str, rules: &str) -> String {
    format!(
        r#"apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {{name: rules.update.test}}
spec:
  group: {group}
  names: {{kind: Rule, plural: rules}}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            x-kubernetes-validations: [{rules}]
            properties:
              a: {{type: integer}}
---
"#
    )
}

const OBJECT: &str = "apiVersion: update.test/v1\nkind: Rule\nmetadata: {name: r, namespace: ns}\nspec: {a: 1, junk: 2}\n";

type Got = Vec<(Severity, String, Vec<(&'static str, String)>)>;

/// The results about the CRD (not the summary), and whether the object was pruned.
fn run(old: &str, new: &str) -> (Got, bool) {
    let config = Config::default();
    let labelled = parse_stream(old)
        .unwrap()
        .into_iter()
        .enumerate()
        .map(|(i, n)| (n, format!("old {i}")));
    let previous = Previous::from_items(labelled, &config).unwrap();
    let mut items = parse_stream(&(new.to_string() + OBJECT)).unwrap();
    let labels: Vec<String> = (0..items.len()).map(|i| format!("items[{i}]")).collect();
    let report = process_update(&mut items, &labels, &config, false, Some(&previous)).unwrap();
    let got = report
        .results
        .iter()
        .filter(|r| {
            r.resource_ref
                .as_ref()
                .is_some_and(|r| r.kind == "CustomResourceDefinition")
        })
        .map(|r| (r.severity, r.message.clone(), r.tags.clone()))
        .collect();
    let pruned = items[1]
        .get("spec")
        .is_some_and(|s| s.get("junk").is_none());
    (got, pruned)
}

fn update() -> Vec<(&'static str, String)> {
    vec![("operation", "update".to_string())]
}

#[test]
fn crd_updates_as_the_loader_reports_them() {
    let good = crd("update.test", "{rule: 'self.a >= 0'}");
    let bad_rule = crd(
        "update.test",
        "{rule: 'self.a >= 0'}, {rule: 'self.nosuchfield > 0'}",
    );
    let moved = crd("other.update.test", "{rule: 'self.a >= 0'}");
    let refused = |n: usize| {
        format!("the update of CustomResourceDefinition rules.update.test is refused by the apiserver ({n} cause{}); the cluster keeps the previous one, and its objects are left unchanged", if n == 1 { "" } else { "s" })
    };
    // An unchanged CRD: no result, its objects are processed.
    assert_eq!(run(&good, &good), (vec![], true));
    // A group change: the update's cause only (the create's name rule is not run), tagged.
    let (got, pruned) = run(&good, &moved);
    assert_eq!(
        got,
        [
            (
                Severity::Error,
                r#"spec.group: Invalid value: "other.update.test": field is immutable"#.to_string(),
                update()
            ),
            (Severity::Warning, refused(1), update()),
        ]
    );
    assert!(!pruned);
    // A new rule that does not compile refuses the update too.
    let (got, pruned) = run(&good, &bad_rule);
    assert_eq!(got.len(), 2, "{got:?}");
    assert!(got[0].1.starts_with("spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[1].rule: Invalid value: "), "{}", got[0].1);
    assert!(
        got[0]
            .1
            .contains("compilation failed: ERROR: <input>:1:5: undefined field 'nosuchfield'"),
        "{}",
        got[0].1
    );
    assert_eq!((got[0].0, &got[0].2), (Severity::Error, &update()));
    assert_eq!(got[1], (Severity::Warning, refused(1), update()));
    assert!(!pruned);
    // Without the CRD in the previous revision it is a create: the name rule runs, no tag.
    let (got, _) = run(OBJECT, &moved);
    assert_eq!(got[0], (
        Severity::Error,
        r#"metadata.name: Invalid value: "rules.update.test": must be spec.names.plural+"."+spec.group"#.to_string(),
        vec![]
    ));
    // A previous CRD the apiserver refuses was never stored: the new one is a create.
    let (got, pruned) = run(&bad_rule, &good);
    assert_eq!(got, vec![]);
    assert!(pruned);
}
