//! Table tests for config loading: both forms, defaults, every key, and the error for each
//! unknown key or bad value.

use super::*;
use serde_json::json;

fn base() -> PathBuf {
    PathBuf::from("/base")
}

fn own(spec: Value) -> Value {
    json!({"apiVersion": API_VERSION, "kind": KIND, "metadata": {"name": "x"}, "spec": spec})
}

fn cm(data: Value) -> Value {
    json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "function-input"}, "data": data})
}

#[test]
fn missing_or_empty_config_gives_defaults() {
    assert_eq!(
        load_value(&own(json!(null)), &base()).unwrap(),
        Config::default()
    );
    assert_eq!(
        load_value(&cm(json!({})), &base()).unwrap(),
        Config::default()
    );
    let d = Config::default();
    assert!(d.prune && d.default);
    assert_eq!(d.field_validation, FieldValidation::Warn);
    assert_eq!(d.validation, Validation::Error);
}

/// The paths a config names stay inside its folder (kustomize's default load restrictor).
#[test]
fn config_paths_are_restricted_to_the_folder() {
    let cases = [
        ("/abs/openapi.json", "functionConfig: spec.schemas[0]: path \"/abs/openapi.json\" is absolute: a config may only name paths inside its folder (set CRD_SCHEMA_FN_LOAD_RESTRICTOR=LoadRestrictionsNone to allow it)"),
        ("a/../../x.yaml", "functionConfig: spec.schemas[0]: path \"a/../../x.yaml\" resolves to /base/a/../../x.yaml, outside the config's folder /base (set CRD_SCHEMA_FN_LOAD_RESTRICTOR=LoadRestrictionsNone to allow it)"),
    ];
    for (path, want) in cases {
        let got = load_value_with(
            &own(json!({"schemas": [path]})),
            &base(),
            LoadRestrictor::RootOnly,
        );
        assert_eq!(got.unwrap_err().to_string(), want);
    }
    let ok = load_value_with(
        &own(json!({"previous": ["a/../b/", "./c.yaml"]})),
        &base(),
        LoadRestrictor::RootOnly,
    )
    .unwrap();
    assert_eq!(
        ok.previous,
        [
            PathBuf::from("/base/a/../b/"),
            PathBuf::from("/base/./c.yaml")
        ]
    );
}

#[test]
fn own_kind_reads_every_key() {
    let c = load_value_with(
        &own(json!({"prune": false, "default": true, "fieldValidation": "Strict", "validation": "Warn",
                    "schemas": ["crds/", "/abs/openapi.json"], "skipKinds": ["Widget", "example.com/Gadget"]})),
        &base(),
        LoadRestrictor::None,
    )
    .unwrap();
    assert!(!c.prune);
    assert!(c.default);
    assert_eq!(c.field_validation, FieldValidation::Strict);
    assert_eq!(c.validation, Validation::Warn);
    assert_eq!(
        c.schemas,
        vec![
            PathBuf::from("/base/crds/"),
            PathBuf::from("/abs/openapi.json")
        ]
    );
    assert_eq!(
        c.skip_kinds,
        vec![
            SkipKind {
                group: None,
                kind: "Widget".into()
            },
            SkipKind {
                group: Some("example.com".into()),
                kind: "Gadget".into()
            },
        ]
    );
}

#[test]
fn configmap_reads_strings() {
    let c = load_value(
        &cm(
            json!({"prune": "false", "default": "False", "fieldValidation": "ignore", "validation": "ignore",
                   "schemas": "a.yaml, crds/ ,", "skipKinds": "Widget,example.com/Gadget"}),
        ),
        &base(),
    )
    .unwrap();
    assert!(!c.prune && !c.default);
    assert_eq!(c.field_validation, FieldValidation::Ignore);
    assert_eq!(c.validation, Validation::Ignore);
    assert_eq!(
        c.schemas,
        vec![PathBuf::from("/base/a.yaml"), PathBuf::from("/base/crds/")]
    );
    assert_eq!(c.skip_kinds.len(), 2);
}

#[test]
fn the_kubernetes_version_comes_from_the_config_unless_the_flag_says() {
    use crate::versions::KubeVersion;
    let v = |m| KubeVersion::of_minor(m);
    let c = load_value(&own(json!({"kubernetesVersion": "v1.33.4"})), &base()).unwrap();
    assert_eq!(c.kubernetes_version, v(33));
    assert_eq!(c.behaviours().version, v(33).unwrap());
    let c = load_value(&cm(json!({"kubernetesVersion": "1.34"})), &base()).unwrap();
    assert_eq!(c.kubernetes_version, v(34));
    let c = load_value(&own(json!({"kubernetesVersion": 1.35})), &base()).unwrap();
    assert_eq!(c.kubernetes_version, v(35));
    if std::env::var_os(crate::versions::VERSION_ENV).is_none() {
        assert_eq!(
            c.clone()
                .with_kubernetes_version(v(32))
                .unwrap()
                .kubernetes_version,
            v(32)
        );
        assert_eq!(
            c.with_kubernetes_version(None).unwrap().kubernetes_version,
            v(35)
        );
    }
    let d = load_value(&own(json!({})), &base()).unwrap();
    assert_eq!(d.kubernetes_version, None);
    assert_eq!(d.behaviours(), crate::versions::Behaviours::DEFAULT);
    assert_eq!(
        load_value(&own(json!({"kubernetesVersion": "1.31"})), &base()).unwrap_err().to_string(),
        "functionConfig: spec.kubernetesVersion: Kubernetes version \"1.31\" is not supported: the supported versions are 1.32 to 1.36"
    );
    assert_eq!(
        load_value(&own(json!({"kubernetesVersion": true})), &base()).unwrap_err().to_string(),
        "functionConfig: spec.kubernetesVersion: expected a Kubernetes version such as \"1.34\", found a boolean"
    );
}

#[test]
fn jobs_come_from_the_config_unless_the_flag_says() {
    let c = load_value(&own(json!({"jobs": 3})), &base()).unwrap();
    assert_eq!(c.jobs, Some(3));
    assert_eq!(c.threads(), 3);
    let c = load_value(&cm(json!({"jobs": "2"})), &base()).unwrap();
    assert_eq!(c.jobs, Some(2));
    assert_eq!(c.clone().with_jobs(Some(5)).unwrap().jobs, Some(5));
    let d = Config::default();
    assert_eq!(d.jobs, None);
    assert_eq!(d.threads(), crate::jobs::available());
    assert_eq!(load_value(&own(json!({"jobs": null})), &base()).unwrap(), d);
}

#[test]
fn configmap_accepts_yaml_booleans_too() {
    let c = load_value(&cm(json!({"prune": false})), &base()).unwrap();
    assert!(!c.prune);
}

#[test]
fn kustomize_annotations_on_metadata_are_fine() {
    let mut v = own(json!({"prune": true}));
    v["metadata"]["annotations"] = json!({"config.kubernetes.io/local-config": "true",
        "config.kubernetes.io/function": "exec:\n  path: ./fn\n"});
    assert!(load_value(&v, &base()).is_ok());
}

#[test]
fn errors_name_the_key() {
    let cases: Vec<(&str, Value, &str)> = vec![
        ("unknown spec key", own(json!({"prunee": true})),
         "functionConfig: spec.prunee: unknown field (known: prune, default, fieldValidation, validation, schemas, skipKinds, previous, jobs, kubernetesVersion)"),
        ("unknown data key", cm(json!({"key": "value"})),
         "functionConfig: data.key: unknown field (known: prune, default, fieldValidation, validation, schemas, skipKinds, previous, jobs, kubernetesVersion)"),
        ("unknown top key", json!({"apiVersion": API_VERSION, "kind": KIND, "data": {}}),
         "functionConfig: data: unknown field (known: apiVersion, kind, metadata, spec)"),
        ("bad bool string", cm(json!({"prune": "maybe"})),
         "functionConfig: data.prune: expected true or false, found \"maybe\""),
        ("bad bool type", own(json!({"default": 3})),
         "functionConfig: spec.default: expected true or false, found a number"),
        ("bad level", own(json!({"fieldValidation": "Loud"})),
         "functionConfig: spec.fieldValidation: unsupported value \"Loud\": expected Ignore, Warn or Strict"),
        ("bad validation level", own(json!({"validation": "Strict"})),
         "functionConfig: spec.validation: unsupported value \"Strict\": expected Error, Warn or Ignore"),
        ("schemas not list", own(json!({"schemas": "a.yaml"})),
         "functionConfig: spec.schemas: expected a list of strings, found a string"),
        ("schemas item", own(json!({"schemas": ["a", 1]})),
         "functionConfig: spec.schemas[1]: expected a string, found a number"),
        ("skipKinds cm list", cm(json!({"skipKinds": ["A"]})),
         "functionConfig: data.skipKinds: expected a comma-separated string, found a list"),
        ("skipKinds bad", own(json!({"skipKinds": ["a/b/C"]})),
         "functionConfig: spec.skipKinds[0]: invalid entry \"a/b/C\": expected Kind or group/Kind"),
        ("spec not map", own(json!([1])),
         "functionConfig: spec: expected a mapping, found a list"),
        ("other kind", json!({"apiVersion": "example.com/v1", "kind": "MyTransformer"}),
         "functionConfig: unsupported kind \"MyTransformer\" (apiVersion \"example.com/v1\"); expected fn.crd-schema-fn.dev/v1alpha1 CRDSchemaFn or v1 ConfigMap"),
        ("not a map", json!("x"), "functionConfig: expected a mapping, found a string"),
        ("jobs zero", own(json!({"jobs": 0})),
         "functionConfig: spec.jobs: expected a whole number of threads, 1 or more, found 0"),
        ("jobs negative", own(json!({"jobs": -2})),
         "functionConfig: spec.jobs: expected a whole number of threads, 1 or more, found \"-2\""),
        ("jobs fraction", own(json!({"jobs": 1.5})),
         "functionConfig: spec.jobs: expected a whole number of threads, 1 or more, found \"1.5\""),
        ("jobs cm word", cm(json!({"jobs": "all"})),
         "functionConfig: data.jobs: expected a whole number of threads, 1 or more, found \"all\""),
        ("jobs list", own(json!({"jobs": [2]})),
         "functionConfig: spec.jobs: expected a whole number of threads, 1 or more, found a list"),
    ];
    for (name, v, want) in cases {
        let err = load_value(&v, &base()).expect_err(name);
        assert_eq!(err.to_string(), want, "{name}");
    }
}

#[test]
fn skip_kinds_match_group_and_kind() {
    let c = load_value(
        &own(json!({"skipKinds": ["Widget", "example.com/Gadget", "Service"]})),
        &base(),
    )
    .unwrap();
    assert!(c.skips("example.com/v1", "Widget"));
    assert!(c.skips("other.io/v2", "Widget"));
    assert!(c.skips("example.com/v1beta1", "Gadget"));
    assert!(!c.skips("other.io/v1", "Gadget"));
    assert!(c.skips("v1", "Service"));
    assert!(!c.skips("example.com/v1", "Thing"));
}
