//! The kube adapter: schemas from typed CRDs and JSON values, objects as JSON values,
//! `DynamicObject`s and typed resources; results checked against the function's own run
//! ([`crate::process::process`]) on the same CRD and object.

use super::*;
use crate::results::ResourceRef;
use crate::test_support::widget_crd;
use kube_core::DynamicObject;
use serde::Deserialize;
use serde_json::json;

const CRD: &str = widget_crd!(
    [
        "size: {type: integer, default: 3}",
        "mode: {type: string, default: 'on'}",
        "ports:",
        "  type: array",
        "  items:",
        "    type: object",
        "    properties:",
        "      port: {type: integer}",
        "      protocol: {type: string, default: TCP}",
    ],
    unserved v0
);

fn crd_value() -> Value {
    serde_yaml::from_str(CRD).unwrap()
}

fn typed_crd() -> CustomResourceDefinition {
    serde_json::from_value(crd_value()).unwrap()
}

fn widget(spec: Value) -> Value {
    json!({
        "apiVersion": "example.com/v1",
        "kind": "Widget",
        "metadata": {"name": "w", "namespace": "demo", "creationTimestamp": null},
        "spec": spec,
    })
}

/// The function's results for `obj` processed beside the CRD, without the summary.
fn function_results(obj: &Value, config: &Config) -> Vec<KrmResult> {
    let mut items = vec![from_json(&crd_value()), from_json(obj)];
    let labels = vec!["items[0]".to_string(), "items[1]".to_string()];
    let mut report = process::process(&mut items, &labels, config, false).unwrap();
    report.results.pop();
    report.results
}

#[test]
fn typed_crd_prunes_and_defaults_a_json_object_like_the_function() {
    let schemas = Schemas::from_crds([&typed_crd()]).unwrap();
    assert_eq!(schemas.results(), []);
    let input = widget(json!({"colour": "red", "ports": [{"port": 80, "name": "http"}]}));
    let mut obj = input.clone();
    let report = schemas.normalize_value(&mut obj).unwrap();
    // Compared as text: key order matters (defaults are appended to their map, by name).
    let expected = json!({
        "apiVersion": "example.com/v1",
        "kind": "Widget",
        "metadata": {"name": "w", "namespace": "demo"},
        "spec": {"ports": [{"port": 80, "protocol": "TCP"}], "mode": "on", "size": 3},
    });
    assert_eq!(obj.to_string(), expected.to_string());
    assert!(report.applied);
    assert_eq!((report.pruned, report.defaulted), (2, 3));
    let paths: Vec<_> = report.results.iter().map(|r| r.field.as_deref()).collect();
    assert_eq!(paths, [Some("spec.colour"), Some("spec.ports[0].name")]);
    assert!(!report.has_errors());
    assert_eq!(report.results, function_results(&input, &Config::default()));
}

#[test]
fn typed_crds_and_json_values_give_the_same_text() {
    let typed = Schemas::from_crds([&typed_crd()]).unwrap();
    let values = Schemas::from_values(&[crd_value()], Config::default()).unwrap();
    let input = widget(json!({"colour": "red", "ports": [{}]}));
    let (mut a, mut b) = (input.clone(), input);
    assert_eq!(
        typed.normalize_value(&mut a).unwrap(),
        values.normalize_value(&mut b).unwrap()
    );
    assert_eq!(a.to_string(), b.to_string());
}

#[test]
fn strict_field_validation_makes_pruned_fields_errors() {
    let config = Config {
        field_validation: FieldValidation::Strict,
        ..Config::default()
    };
    let schemas = Schemas::from_values(&[crd_value()], config.clone()).unwrap();
    let input = widget(json!({"colour": "red"}));
    let report = schemas.normalize_value(&mut input.clone()).unwrap();
    assert!(report.has_errors());
    assert_eq!(report.results[0].severity, Severity::Error);
    assert_eq!(report.results[0].stderr_line(), "crd-schema-fn: error: Widget demo/w (example.com/v1): spec.colour: unknown field \"spec.colour\"");
    assert_eq!(report.results, function_results(&input, &config));
}

#[test]
fn prune_and_default_can_be_turned_off() {
    for (prune, default, want) in [
        (
            false,
            true,
            json!({"colour": "red", "size": 3, "mode": "on"}),
        ),
        (true, false, json!({})),
    ] {
        let config = Config {
            prune,
            default,
            ..Config::default()
        };
        let schemas = Schemas::from_values(&[crd_value()], config).unwrap();
        let mut obj = widget(json!({"colour": "red"}));
        schemas.normalize_value(&mut obj).unwrap();
        assert_eq!(obj["spec"], want, "prune {prune}, default {default}");
    }
}

#[test]
fn objects_left_unchanged_say_why() {
    let schemas = Schemas::from_crds([&typed_crd()]).unwrap();
    let cases = [
        (
            "example.com/v0",
            "Widget",
            Some("version v0 of widgets.example.com is not served; left unchanged"),
        ),
        (
            "example.com/v2",
            "Widget",
            Some("version v2 is not defined by widgets.example.com; left unchanged"),
        ),
        ("example.com/v1", "Gadget", None),
        ("v1", "ConfigMap", None),
    ];
    for (api_version, kind, warning) in cases {
        let input = json!({"apiVersion": api_version, "kind": kind, "metadata": {"name": "x"}, "spec": {"colour": 1}});
        let mut obj = input.clone();
        let report = schemas.normalize_value(&mut obj).unwrap();
        assert_eq!(obj, input, "{api_version} {kind}");
        assert!(!report.applied);
        let messages: Vec<_> = report.results.iter().map(|r| r.message.as_str()).collect();
        assert_eq!(messages, warning.into_iter().collect::<Vec<_>>());
        assert_eq!(report.results, function_results(&input, &Config::default()));
    }
}

#[test]
fn an_object_the_apiserver_refuses_comes_back_unchanged_with_an_error() {
    let schemas = Schemas::from_crds([&typed_crd()]).unwrap();
    let mut input = widget(json!({"colour": "red"}));
    input["metadata"]["labels"] = json!({"tier": 1});
    let mut obj = input.clone();
    let report = schemas.normalize_value(&mut obj).unwrap();
    assert_eq!(obj, input);
    assert!(report.applied && report.has_errors());
    assert_eq!((report.pruned, report.defaulted), (0, 0));
    assert_eq!(
        report.results[0].field.as_deref(),
        Some("metadata.labels.tier")
    );
    assert_eq!(report.results, function_results(&input, &Config::default()));
}

#[test]
fn skipped_kinds_are_left_unchanged() {
    let config = Config {
        skip_kinds: vec![SkipKind {
            group: Some("example.com".into()),
            kind: "Widget".into(),
        }],
        ..Config::default()
    };
    let schemas = Schemas::from_values(&[crd_value()], config).unwrap();
    let input = widget(json!({"colour": "red"}));
    let mut obj = input.clone();
    assert_eq!(
        schemas.normalize_value(&mut obj).unwrap(),
        Report::default()
    );
    assert_eq!(obj, input);
}

#[test]
fn a_non_structural_crd_is_reported_and_its_objects_left_unchanged() {
    let mut crd = crd_value();
    crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"]
        .as_object_mut()
        .unwrap()
        .remove("type");
    let schemas = Schemas::from_values(&[crd], Config::default()).unwrap();
    // One error per cause, with its field, then one warning saying what follows.
    let [error, warning] = schemas.results() else {
        panic!("two results: {:?}", schemas.results());
    };
    assert_eq!(error.severity, Severity::Error);
    assert_eq!(
        error.message,
        "spec.versions[0].schema.openAPIV3Schema.properties[spec].type: Required value: must not be empty for specified object fields"
    );
    assert_eq!(
        error.field.as_deref(),
        Some("spec.versions[0].schema.openAPIV3Schema.properties[spec].type")
    );
    assert_eq!(warning.severity, Severity::Warning);
    assert_eq!(
        warning.message,
        "CustomResourceDefinition widgets.example.com is refused by the apiserver (1 cause); its objects are left unchanged"
    );
    let input = widget(json!({"colour": "red"}));
    let mut obj = input.clone();
    assert!(!schemas.normalize_value(&mut obj).unwrap().applied);
    assert_eq!(obj, input);
}

#[test]
fn unusable_crds_and_objects_are_errors() {
    let err = Schemas::from_values(
        &[
            crd_value(),
            json!({"apiVersion": "v1", "kind": "ConfigMap"}),
        ],
        Config::default(),
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "crds[1]: not an apiextensions.k8s.io/v1 or v1beta1 CustomResourceDefinition"
    );

    let mut crd = crd_value();
    crd["spec"]["versions"] = json!("v1");
    let err = Schemas::from_values(&[crd], Config::default()).unwrap_err();
    assert!(matches!(err, Error::Schema(_)), "{err:?}");
    assert!(
        err.to_string()
            .starts_with("crds[0] (CustomResourceDefinition widgets.example.com): spec.versions: "),
        "{err}"
    );

    let schemas = Schemas::from_crds([&typed_crd()]).unwrap();
    for (obj, field) in [
        (json!({"kind": "Widget"}), "apiVersion"),
        (json!({"apiVersion": "example.com/v1", "kind": ""}), "kind"),
    ] {
        let err = schemas.normalize_value(&mut obj.clone()).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("object has no {field}: its schema cannot be looked up")
        );
    }
}

#[test]
fn dynamic_objects_are_normalized() {
    let schemas = Schemas::from_crds([&typed_crd()]).unwrap();
    let mut obj: DynamicObject =
        serde_json::from_value(widget(json!({"size": 5, "extra": true}))).unwrap();
    let report = schemas.normalize(&mut obj).unwrap();
    assert!(report.applied);
    assert_eq!(obj.metadata.name.as_deref(), Some("w"));
    assert_eq!(obj.data["spec"], json!({"size": 5, "mode": "on"}));
    assert_eq!(
        report.results[0].resource_ref,
        Some(ResourceRef {
            api_version: "example.com/v1".into(),
            kind: "Widget".into(),
            name: "w".into(),
            namespace: "demo".into(),
        })
    );

    let mut untyped = obj.clone();
    untyped.types = None;
    let err = schemas.normalize(&mut untyped).unwrap_err();
    assert!(
        matches!(
            err,
            Error::MissingTypeMeta {
                field: "apiVersion"
            }
        ),
        "{err:?}"
    );
}

/// A typed custom resource as kopium generates them: optional fields, no defaults.
#[derive(Serialize, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
struct Widget {
    api_version: String,
    kind: String,
    metadata: k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta,
    spec: WidgetSpec,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Default)]
struct WidgetSpec {
    #[serde(skip_serializing_if = "Option::is_none")]
    size: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mode: Option<String>,
}

#[test]
fn typed_resources_get_their_defaults() {
    let schemas = Schemas::from_crds([&typed_crd()]).unwrap();
    let mut w = Widget {
        api_version: "example.com/v1".into(),
        kind: "Widget".into(),
        metadata: Default::default(),
        spec: WidgetSpec::default(),
    };
    let report = schemas.normalize(&mut w).unwrap();
    assert_eq!(report.defaulted, 2);
    assert_eq!(
        w.spec,
        WidgetSpec {
            size: Some(3),
            mode: Some("on".into())
        }
    );
}

#[test]
fn schemas_can_be_shared_between_threads() {
    fn shared<T: Send + Sync>(_: &T) {}
    shared(&Schemas::from_crds([&typed_crd()]).unwrap());
}

#[test]
fn validation_causes_come_in_the_same_report() {
    let schemas = Schemas::from_crds([&typed_crd()]).unwrap();
    let mut obj = widget(json!({"size": "big"}));
    let report = schemas.normalize_value(&mut obj).unwrap();
    assert!(report.applied && report.has_errors());
    assert_eq!(obj["spec"], json!({"size": "big", "mode": "on"}));
    let errors: Vec<&str> = report
        .results
        .iter()
        .filter(|r| r.severity == Severity::Error)
        .map(|r| r.message.as_str())
        .collect();
    assert_eq!(
        errors,
        ["spec.size: Invalid value: \"string\": spec.size in body must be of type integer: \"string\""]
    );
    assert_eq!(
        report.results,
        function_results(&widget(json!({"size": "big"})), &Config::default())
    );
}
