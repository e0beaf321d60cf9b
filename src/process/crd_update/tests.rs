//! A CRD of the input judged against the previous revision, as the loader reports it: the
//! results on the CRD (severity, message, tags) and whether its objects are processed.

use super::super::{process_update, Previous};
use crate::config::Config;
use crate::results::Severity;
use crate::yaml::{parse_stream, Node};

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

/// The stream `new` processed as an update of the stream `old`: its report and items.
fn processed(old: &str, new: &str, config: &Config) -> (crate::process::Report, Vec<Node>) {
    let labelled = parse_stream(old)
        .unwrap()
        .into_iter()
        .enumerate()
        .map(|(i, n)| (n, format!("old {i}")));
    let previous = Previous::from_items(labelled, config).unwrap();
    let mut items = parse_stream(new).unwrap();
    let labels: Vec<String> = (0..items.len()).map(|i| format!("items[{i}]")).collect();
    let report = process_update(&mut items, &labels, config, false, Some(&previous)).unwrap();
    (report, items)
}

/// The messages of the error results of `report`.
fn errors(report: &crate::process::Report) -> Vec<String> {
    report
        .results
        .iter()
        .filter(|r| r.severity == Severity::Error)
        .map(|r| r.message.clone())
        .collect()
}

/// The results about the CRD (not the summary), and whether the object was pruned.
fn run(old: &str, new: &str) -> (Got, bool) {
    let (report, items) = processed(old, &(new.to_string() + OBJECT), &Config::default());
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
    // Refused for a rule that does not compile alone: the objects are validated under it as
    // sent (the ground truth's `rule compile error` on them, see the test below).
    assert_eq!(got[1], (Severity::Warning, "the update of CustomResourceDefinition rules.update.test is refused by the apiserver (1 cause): rules do not compile; the cluster keeps the previous one, and its objects are validated under it as sent (each rule that does not compile is an error on them)".to_string(), update()));
    assert!(pruned);
    // Without the CRD in the previous revision it is a create: the name rule runs, no tag.
    let (got, _) = run(OBJECT, &moved);
    assert_eq!(got[0], (
        Severity::Error,
        r#"metadata.name: Invalid value: "rules.update.test": must be spec.names.plural+"."+spec.group"#.to_string(),
        vec![]
    ));
    // A previous CRD a create of which is refused today is still the one the cluster stores:
    // the new one is an update of it (here accepted).
    let (got, pruned) = run(&bad_rule, &good);
    assert_eq!(got, vec![]);
    assert!(pruned);
}

/// A CRD `plural.group.com` as the rows of `TestValidateCustomResourceDefinitionUpdate` build
/// it (converted to v1): `spec` is the rest of its spec, `status` its status (old CRDs).
fn upstream_crd(spec: &str, status: &str) -> String {
    format!(
        "apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {{name: plural.group.com}}
spec:
  group: group.com
  scope: Cluster
  names: {{plural: plural, singular: singular, kind: Plural, listKind: PluralList}}
{spec}
{status}
---
"
    )
}

/// The error messages about the CRD (`operation: update` causes), sorted.
fn update_causes(old: &str, new: &str) -> Vec<String> {
    let (got, _) = run(old, new);
    let mut causes: Vec<String> = got
        .into_iter()
        .filter(|(sev, _, _)| *sev == Severity::Error)
        .map(|(_, m, _)| m)
        .collect();
    causes.sort();
    causes
}

/// Rows of apiextensions-apiserver v0.36 `pkg/apis/apiextensions/validation/validation_test.go`
/// `TestValidateCustomResourceDefinitionUpdate` where the old CRD decides what the update may
/// keep (`validationOptions` derived from it), answered as the apiserver's create or update
/// request answers them (an old CRD is established, as a stored one is).
#[test]
fn upstream_crd_update_options_from_the_old_crd() {
    let version = |schema: &str| {
        format!("  versions:\n  - name: version\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n{schema}")
    };
    let typed = "        type: object\n        properties:\n          foo: {type: integer}";
    let untyped = "        type: object\n        properties:\n          foo: {description: b}";
    let stored = "status: {storedVersions: [version]}";
    let keep = "  preserveUnknownFields: true";
    let webhook = |bundle: &str| {
        format!("  conversion:\n    strategy: Webhook\n    webhook:\n      conversionReviewVersions: [v1]\n      clientConfig:\n        url: https://example.com/webhook\n        caBundle: {bundle}")
    };
    // A bundle holding one PEM block whose DER outline is a certificate's.
    let valid = "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1BY3dBREFBQXdFQQotLS0tLUVORCBDRVJUSUZJQ0FURS0tLS0tCg==";
    let invalid = "Q2c9PQ==";
    let bundle_error = "spec.conversion.webhookClientConfig.caBundle: Invalid value: \"Q2c9PQ==\": unable to load root certificates: unable to parse bytes as PEM block";
    let untyped_error = "spec.validation.openAPIV3Schema.properties[foo].type: Required value: must not be empty for specified object fields";
    let rows: Vec<(&str, String, String, Vec<&str>)> = vec![
        (
            "structural to non-structural updates not allowed",
            upstream_crd(&format!("{}\n{keep}", version(typed)), stored),
            upstream_crd(&format!("{}\n{keep}", version(untyped)), ""),
            vec![untyped_error],
        ),
        (
            "non-structural updates allowed if old object has non-structural schema",
            upstream_crd(&format!("{}\n{keep}", version(untyped)), stored),
            upstream_crd(
                &format!("{}\n{keep}", version(&untyped.replace(": b", ": a"))),
                "",
            ),
            vec![],
        ),
        (
            "non-structural updates need pruning off: with preserveUnknownFields false the schema must be structural",
            upstream_crd(&format!("{}\n{keep}", version(untyped)), stored),
            upstream_crd(&version(untyped), ""),
            vec![untyped_error],
        ),
        (
            "webhookconfig: existing invalid CABundle update should pass",
            upstream_crd(&format!("{}\n{}", version(typed), webhook(invalid)), stored),
            upstream_crd(&format!("{}\n{}", version(typed), webhook(invalid)), ""),
            vec![],
        ),
        (
            "webhookconfig: update to invalid CABundle should fail if existing is valid",
            upstream_crd(&format!("{}\n{}", version(typed), webhook(valid)), stored),
            upstream_crd(&format!("{}\n{}", version(typed), webhook(invalid)), ""),
            vec![bundle_error],
        ),
        (
            "webhookconfig: a bundle set by the update is checked (none before)",
            upstream_crd(&version(typed), stored),
            upstream_crd(&format!("{}\n{}", version(typed), webhook(invalid)), ""),
            vec![bundle_error],
        ),
    ];
    for (name, old, new, want) in rows {
        assert_eq!(update_causes(&old, &new), want, "{name}");
    }
    // On create the bundle is not checked (the CRD is not established yet).
    let created = update_causes(
        OBJECT,
        &upstream_crd(&format!("{}\n{}", version(typed), webhook(invalid)), ""),
    );
    assert_eq!(created, Vec::<String>::new());
}

/// `suppress per-expression cost limit in new object during top-level schema to Versions
/// extraction` (same test): a version whose schema the update leaves unchanged keeps its costly
/// expression; a new version with the same expression is refused for it.
#[test]
fn upstream_unchanged_versions_keep_costly_expressions() {
    // `terms` items concatenated: over the limit from 9 on (an unbounded list of strings).
    let v = |name: &str, storage: bool, terms: usize| {
        let sum: Vec<String> = (0..terms).map(|i| format!("self[{i}]")).collect();
        format!("  - name: {name}\n    served: {storage}\n    storage: {storage}\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          f:\n            type: array\n            items: {{type: string}}\n            x-kubernetes-validations:\n            - rule: 'true'\n              messageExpression: {}", sum.join(" + "))
    };
    let old = upstream_crd(
        &format!("  versions:\n{}", v("v1", true, 9)),
        "status: {storedVersions: [v1]}",
    );
    let new = upstream_crd(
        &format!("  versions:\n{}\n{}", v("v1", true, 9), v("v2", false, 10)),
        "",
    );
    let causes = update_causes(&old, &new);
    assert_eq!(causes.len(), 1, "{causes:?}");
    assert!(causes[0].starts_with("spec.versions[1].schema.openAPIV3Schema.properties[f].x-kubernetes-validations[0].messageExpression: Forbidden: estimated messageExpression cost exceeds budget by factor of "), "{causes:?}");
    // As a create both versions are refused for it.
    assert_eq!(update_causes(OBJECT, &new).len(), 2);
}

/// `../shared/upstream-tests/updates/093`: an update refused because a rule does not compile
/// still has its objects validated under it, each value at the rule's node an error
/// (`rule compile error: <the compile error's detail>`, never ratcheted, the schema type as the
/// bad value), as the validator of a CRD holding the rule reports it.
#[test]
fn objects_of_an_update_refused_for_rules_that_do_not_compile() {
    let good = crd("update.test", "{rule: 'self.a >= 0'}");
    let bad_rule = crd("update.test", "{rule: 'self.a >= 0'}, {rule: 'nosuch'}");
    let (report, _) = processed(
        &(good.clone() + OBJECT),
        &(bad_rule + OBJECT),
        &Config::default(),
    );
    let on_object: Vec<(Severity, String)> = report
        .results
        .iter()
        .filter(|r| r.resource_ref.as_ref().is_some_and(|r| r.kind == "Rule"))
        .map(|r| (r.severity, r.message.clone()))
        .collect();
    let compile_error = "spec: Invalid value: \"object\": rule compile error: compilation failed: ERROR: <input>:1:1: undeclared reference to 'nosuch' (in container '')\n | nosuch\n | ^";
    assert!(
        on_object
            .iter()
            .any(|(sev, m)| *sev == Severity::Error && m == compile_error),
        "{on_object:#?}"
    );
}

/// OpenAPI ratcheting (`ratchetingValueValidator`) keeps a value's errors only when it is not
/// `CachedDeepEqual` to its old value; a key with no schema (a field kept by
/// `x-kubernetes-preserve-unknown-fields`) does not correlate, so an unchanged object holding
/// one is not equal and its `maxProperties` error stays, while a declared field's does not.
#[test]
fn openapi_ratcheting_and_keys_without_a_schema() {
    let crd = "apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: rules.update.test}
spec:
  group: update.test
  names: {kind: Rule, plural: rules}
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
            properties:
              open: {type: object, maxProperties: 1, x-kubernetes-preserve-unknown-fields: true}
              closed: {type: object, maxProperties: 1, properties: {a: {type: integer}, b: {type: integer}}}
---
";
    let object = "apiVersion: update.test/v1\nkind: Rule\nmetadata: {name: r, namespace: ns}\nspec: {open: {x: 1, y: 2}, closed: {a: 1, b: 2}}\n";
    // The old CRD had no bounds: the object was stored.
    let old_crd = crd.replace("maxProperties: 1, ", "");
    let (report, _) = processed(
        &format!("{old_crd}{object}"),
        &format!("{crd}{object}"),
        &Config::default(),
    );
    assert_eq!(
        errors(&report),
        ["spec.open: Too many: 2: must have at most 1 item"],
        "{:#?}",
        report.results
    );
}

/// `findPreexistingExpressions`: on a CRD update a rule whose text the old CRD already held is
/// compiled with the environment for stored expressions. At 1.33 `isSemver` (semver library,
/// 1.33) is in that environment but not yet in the one for new expressions (1.32's): the rule
/// kept as it was passes, the same call in a new rule refuses the update.
#[test]
fn preexisting_rules_compile_with_the_stored_environment() {
    let config = Config {
        kubernetes_version: crate::versions::KubeVersion::of_minor(33),
        ..Config::default()
    };
    let with = |rules: &str, description: &str| {
        crd("update.test", rules).replace(
            "            properties:\n              a:",
            &format!(
                "            description: {description}\n            properties:\n              a:"
            ),
        )
    };
    let old = with("{rule: 'isSemver(\"1.2.3\")'}", "old");
    let kept = with("{rule: 'isSemver(\"1.2.3\")'}", "new");
    let added = with(
        "{rule: 'isSemver(\"1.2.3\")'}, {rule: 'isSemver(\"1.2.3\") && self.a > 0'}",
        "new",
    );
    let errors_of = |new: &str| errors(&processed(&old, new, &config).0);
    assert_eq!(errors_of(&kept), Vec::<String>::new());
    let got = errors_of(&added);
    assert_eq!(got.len(), 1, "{got:#?}");
    assert!(
        got[0].starts_with("spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[1].rule: Invalid value: ")
            && got[0].contains("undeclared reference to 'isSemver'"),
        "{}",
        got[0]
    );
}
