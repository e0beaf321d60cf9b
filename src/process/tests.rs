//! Tests for processing: matching, skipping, warnings for unknown/unserved versions, the
//! non-structural error, results per fieldValidation level, and the summary.

use super::*;
use crate::test_support::widget_crd;
use crate::yaml::json::to_json;
use crate::yaml::parse_stream;
use serde_json::json;

const CRD: &str = widget_crd!(
    [
        "size: {type: integer, default: 1}",
        "color: {type: string}",
    ],
    unserved v0
);

fn run(docs: &str, config: &Config) -> (Vec<serde_json::Value>, Report) {
    let mut items = parse_stream(docs).unwrap();
    let labels: Vec<String> = (0..items.len()).map(|i| format!("items[{i}]")).collect();
    let report = process(&mut items, &labels, config, false).unwrap();
    (items.iter().map(|i| to_json(i).unwrap()).collect(), report)
}

fn messages(r: &Report) -> Vec<String> {
    r.results.iter().map(|r| r.stderr_line()).collect()
}

const W1: &str = "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1, namespace: demo}\nspec: {colour: red}\n";

#[test]
fn prunes_defaults_and_reports_per_level() {
    let docs = format!("{CRD}---\n{W1}");
    let (out, report) = run(&docs, &Config::default());
    assert_eq!(
        out[1],
        json!({"apiVersion": "example.com/v1", "kind": "Widget",
        "metadata": {"name": "w1", "namespace": "demo"}, "spec": {"size": 1}})
    );
    assert_eq!(messages(&report), vec![
        "crd-schema-fn: warning: Widget demo/w1 (example.com/v1): spec.colour: unknown field \"spec.colour\"",
        "crd-schema-fn: info: crd-schema-fn: 1 resources processed, 1 fields pruned, 1 defaults applied",
    ]);
    let strict = Config {
        field_validation: FieldValidation::Strict,
        ..Config::default()
    };
    assert_eq!(run(&docs, &strict).1.results[0].severity, Severity::Error);
    let ignore = Config {
        field_validation: FieldValidation::Ignore,
        ..Config::default()
    };
    assert_eq!(run(&docs, &ignore).1.results.len(), 1);
}

#[test]
fn prune_and_default_switches() {
    let docs = format!("{CRD}---\n{W1}");
    let no_prune = Config {
        prune: false,
        ..Config::default()
    };
    assert_eq!(
        run(&docs, &no_prune).0[1]["spec"],
        json!({"colour": "red", "size": 1})
    );
    let no_default = Config {
        default: false,
        ..Config::default()
    };
    assert_eq!(run(&docs, &no_default).0[1]["spec"], json!({}));
}

#[test]
fn unknown_and_unserved_versions_warn_and_leave_items() {
    let docs = format!("{CRD}---\napiVersion: example.com/v9\nkind: Widget\nmetadata: {{name: a}}\nspec: {{x: 1}}\n---\napiVersion: example.com/v0\nkind: Widget\nmetadata: {{name: b}}\nspec: {{x: 1}}\n");
    let (out, report) = run(&docs, &Config::default());
    assert_eq!(out[1]["spec"], json!({"x": 1}));
    assert_eq!(out[2]["spec"], json!({"x": 1}));
    assert_eq!(messages(&report)[..2], [
        "crd-schema-fn: warning: Widget a (example.com/v9): version v9 is not defined by widgets.example.com; left unchanged".to_string(),
        "crd-schema-fn: warning: Widget b (example.com/v0): version v0 of widgets.example.com is not served; left unchanged".to_string(),
    ]);
}

#[test]
fn skip_kinds_and_native_kinds_are_untouched() {
    let docs = format!("{CRD}---\n{W1}---\napiVersion: v1\nkind: ConfigMap\ndata: {{a: 'yes'}}\n");
    let skip = Config {
        skip_kinds: vec![crate::config::SkipKind {
            group: Some("example.com".into()),
            kind: "Widget".into(),
        }],
        ..Config::default()
    };
    let (out, report) = run(&docs, &skip);
    assert_eq!(out[1]["spec"], json!({"colour": "red"}));
    assert_eq!(out[2]["data"], json!({"a": "yes"}));
    assert_eq!(report.results.len(), 1);
}

#[test]
fn non_structural_crd_is_one_error_per_cause_and_items_stay() {
    let bad = CRD.replace("color: {type: string}", "color: {}");
    let docs = format!("{bad}---\n{W1}");
    let (out, report) = run(&docs, &Config::default());
    assert_eq!(out[1]["spec"], json!({"colour": "red"}));
    let msgs = messages(&report);
    let at = "spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[color].type";
    assert_eq!(msgs[..3], [
        format!("crd-schema-fn: error: CustomResourceDefinition widgets.example.com (apiextensions.k8s.io/v1): {at}: Required value: must not be empty for specified object fields"),
        "crd-schema-fn: warning: CustomResourceDefinition widgets.example.com (apiextensions.k8s.io/v1): CustomResourceDefinition widgets.example.com is refused by the apiserver (1 cause); its objects are left unchanged".to_string(),
        "crd-schema-fn: warning: Widget demo/w1 (example.com/v1): CustomResourceDefinition widgets.example.com is refused by the apiserver; left unchanged".to_string(),
    ]);
    assert_eq!(report.results[0].field.as_deref(), Some(at));
}

#[test]
fn malformed_crd_schema_is_fatal_and_names_item() {
    let bad = CRD.replace("type: integer, default: 1", "type: 5");
    let mut items = parse_stream(&bad).unwrap();
    let err = process(&mut items, &["items[0]".into()], &Config::default(), false).unwrap_err();
    assert!(
        err.to_string().starts_with(
            "items[0] (CustomResourceDefinition widgets.example.com): spec.versions[0]"
        ),
        "{err}"
    );
}

#[test]
fn diff_shows_the_change() {
    let mut items = parse_stream(&format!("{CRD}---\n{W1}")).unwrap();
    let labels = vec!["items[0]".to_string(), "items[1]".to_string()];
    let report = process(&mut items, &labels, &Config::default(), true).unwrap();
    assert_eq!(report.diffs.len(), 1);
    assert!(
        report.diffs[0].starts_with(
            "--- a/example.com/v1/Widget/demo/w1\n+++ b/example.com/v1/Widget/demo/w1\n"
        ),
        "{}",
        report.diffs[0]
    );
    assert!(
        report.diffs[0].contains("\n-  colour: red\n") || report.diffs[0].contains("colour"),
        "{}",
        report.diffs[0]
    );
}

#[test]
fn validation_results_per_level_and_not_for_refused_objects() {
    let bad = "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w2}\nspec: {size: big}\n";
    let docs = format!("{CRD}---\n{bad}");
    let (out, report) = run(&docs, &Config::default());
    // Still pruned and defaulted (here: nothing to do), and written.
    assert_eq!(out[1]["spec"], json!({"size": "big"}));
    let errors: Vec<&KrmResult> = report
        .results
        .iter()
        .filter(|r| r.severity == Severity::Error)
        .collect();
    assert_eq!(errors.len(), 1);
    assert_eq!(
        errors[0].message,
        "spec.size: Invalid value: \"string\": spec.size in body must be of type integer: \"string\""
    );
    assert_eq!(errors[0].field.as_deref(), Some("spec.size"));
    assert_eq!(
        errors[0].stderr_note.as_deref(),
        Some("The Widget \"w2\" is invalid: 1 error")
    );
    let warn = Config {
        validation: crate::config::Validation::Warn,
        ..Config::default()
    };
    let (_, report) = run(&docs, &warn);
    assert!(report.results.iter().all(|r| r.severity != Severity::Error));
    assert!(report
        .results
        .iter()
        .any(|r| r.message.starts_with("spec.size: Invalid value")));
    let ignore = Config {
        validation: crate::config::Validation::Ignore,
        ..Config::default()
    };
    let (_, report) = run(&docs, &ignore);
    assert!(!report
        .results
        .iter()
        .any(|r| r.message.starts_with("spec.size")));
    // An object the apiserver refuses outright (malformed metadata) is not validated.
    let refused = "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w3, labels: {a: 1}}\nspec: {size: big}\n";
    let (_, report) = run(&format!("{CRD}---\n{refused}"), &Config::default());
    let messages = messages(&report);
    assert!(
        messages
            .iter()
            .any(|m| m.contains("the apiserver refuses the object")),
        "{messages:?}"
    );
    assert!(
        !messages.iter().any(|m| m.contains("spec.size")),
        "{messages:?}"
    );
}

#[test]
fn a_crd_whose_rules_do_not_compile_is_refused() {
    let crd = CRD.replace(
        "              color: {type: string}\n",
        "              color: {type: string}\n            x-kubernetes-validations: [{rule: 'self.colour == \"red\"'}]\n",
    );
    let docs = format!("{crd}---\n{W1}");
    let (out, report) = run(&docs, &Config::default());
    assert_eq!(out[1], to_json(&parse_stream(W1).unwrap()[0]).unwrap());
    assert_eq!(messages(&report)[..3], [
        "crd-schema-fn: error: CustomResourceDefinition widgets.example.com (apiextensions.k8s.io/v1): spec.versions[0].schema.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule: Invalid value: {\"Rule\":\"self.colour == \\\"red\\\"\",\"Message\":\"\",\"MessageExpression\":\"\",\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":null}: compilation failed: ERROR: <input>:1:5: undefined field 'colour'\n | self.colour == \"red\"\n | ....^",
        "crd-schema-fn: warning: CustomResourceDefinition widgets.example.com (apiextensions.k8s.io/v1): CustomResourceDefinition widgets.example.com is refused by the apiserver (1 cause); its objects are left unchanged",
        "crd-schema-fn: warning: Widget demo/w1 (example.com/v1): CustomResourceDefinition widgets.example.com is refused by the apiserver; left unchanged",
    ]);
}

#[test]
fn a_crd_whose_rules_cost_too_much_is_refused() {
    let crd = CRD.replace(
        "              color: {type: string}\n",
        "              color: {type: string}\n            x-kubernetes-validations: [{rule: 'self.color.matches(self.color)'}]\n",
    );
    let docs = format!("{crd}---\n{W1}");
    let (out, report) = run(&docs, &Config::default());
    assert_eq!(out[1], to_json(&parse_stream(W1).unwrap()[0]).unwrap());
    let at = "spec.versions[0].schema.openAPIV3Schema";
    let rule = format!("{at}.properties[spec].x-kubernetes-validations[0].rule");
    let tail = "exceeds budget by factor of more than 100x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)";
    let head = "crd-schema-fn: error: CustomResourceDefinition widgets.example.com (apiextensions.k8s.io/v1)";
    assert_eq!(messages(&report)[..5], [
        format!("{head}: {rule}: Forbidden: contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema"),
        format!("{head}: {rule}: Forbidden: estimated rule cost {tail}"),
        format!("{head}: {at}: Forbidden: x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema {tail}"),
        "crd-schema-fn: warning: CustomResourceDefinition widgets.example.com (apiextensions.k8s.io/v1): CustomResourceDefinition widgets.example.com is refused by the apiserver (3 causes); its objects are left unchanged".to_string(),
        "crd-schema-fn: warning: Widget demo/w1 (example.com/v1): CustomResourceDefinition widgets.example.com is refused by the apiserver; left unchanged".to_string(),
    ]);
}

/// A `!!binary` string is validated as the text its base64 decodes to, the string kubectl sends
/// (go-yaml v2 resolves the tag to `string(bytes)`); the manifest keeps its tag.
#[test]
fn binary_strings_are_validated_as_kubectl_sends_them() {
    let crd = CRD.replace(
        "color: {type: string}",
        "color: {type: string, maxLength: 2}",
    );
    let obj = |v: &str| {
        format!("---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {{name: w, namespace: demo}}\nspec: {{color: {v}}}\n")
    };
    let (items, report) = run(
        &format!("{crd}{}", obj("!!binary aGk=")),
        &Config::default(),
    );
    assert!(
        messages(&report).iter().all(|m| !m.contains("Too long")),
        "{:?}",
        messages(&report)
    );
    assert_eq!(items[1]["spec"]["color"], json!("hi"));
    let (_, report) = run(
        &format!("{crd}{}", obj("!!binary aGkh")),
        &Config::default(),
    );
    assert!(
        messages(&report)
            .iter()
            .any(|m| m.contains("spec.color: Too long: may not be more than 2 bytes")),
        "{:?}",
        messages(&report)
    );
}

/// The CRDs a run loads share their equal schema subtrees, whichever CRD they come from; a
/// subtree written otherwise is not shared.
#[test]
fn crds_of_a_run_share_equal_subtrees() {
    let template = "template: {type: object, properties: {image: {type: string, maxLength: 9}, ports: {type: array, items: {type: integer}}}}";
    let other = "template: {type: object, properties: {image: {type: string, maxLength: 9}, ports: {type: array, items: {type: number}}}}";
    let gadget = |t: &str| {
        widget_crd!(["{}"])
            .replace("widgets.example.com", "gadgets.other.io")
            .replace("group: example.com", "group: other.io")
            .replace(
                "kind: Widget, plural: widgets",
                "kind: Gadget, plural: gadgets",
            )
            .replace("{}", t)
    };
    let docs = format!(
        "{}---\n{}---\n{}",
        widget_crd!(["{}"]).replace("{}", template),
        gadget(template),
        gadget(other)
            .replace("gadgets", "gizmos")
            .replace("Gadget", "Gizmo")
    );
    let items = parse_stream(&docs).unwrap();
    let labels: Vec<String> = (0..items.len()).map(|i| format!("items[{i}]")).collect();
    let config = Config {
        jobs: Some(1),
        ..Config::default()
    };
    let mut results = Vec::new();
    let schemas = schemas::collect_schemas(&items, &labels, &config, &mut results).unwrap();
    assert!(results.is_empty(), "{results:?}");
    let template_of = |api_version: &str, kind: &str| {
        let crate::schema::registry::Lookup::Found(e) = schemas.lookup(api_version, kind) else {
            panic!("{kind} not found");
        };
        let root = e.vs.schema.as_deref().unwrap();
        let spec = root.properties.get("spec").unwrap();
        spec.properties.get("template").unwrap() as *const crate::schema::Structural
    };
    let widget = template_of("example.com/v1", "Widget");
    assert_eq!(widget, template_of("other.io/v1", "Gadget"));
    assert_ne!(widget, template_of("other.io/v1", "Gizmo"));
}

/// The unknown field's message quotes its path as `{:?}` does, on the direct path and off it.
#[test]
fn unknown_field_quotes_as_debug_does() {
    for path in [
        "",
        "spec.benchTypo",
        "metadata.labels[a b]",
        "spec.~x",
        "spec.\"q\"",
        "spec.a\\b",
        "spec.tab\there",
        "spec.\u{7f}",
        "spec.café",
        "spec.\u{200b}",
    ] {
        assert_eq!(
            unknown_field(path),
            format!("unknown field {path:?}"),
            "{path}"
        );
    }
}
