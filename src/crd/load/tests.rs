//! CRD loading: v1 and v1beta1 versions, the apiserver's error paths (hoisted identical schemas),
//! preserveUnknownFields defaults, and malformed CRDs naming the field.

use super::*;
use crate::schema::{Scale, Subresources};
use crate::test_support::WIDGET_CRD_HEAD;
use crate::yaml::{json::to_json, parse_stream};

fn crd(yaml: &str) -> Value {
    to_json(&parse_stream(yaml).unwrap()[0]).unwrap()
}

/// A version's structural errors as the apiserver writes them.
fn texts(v: &VersionSchema) -> Vec<String> {
    v.structural_errors
        .iter()
        .map(ToString::to_string)
        .collect()
}

fn load(yaml: &str) -> Vec<VersionSchema> {
    load_crd(&crd(yaml), "test.yaml").unwrap_or_else(|e| panic!("{e}"))
}

const HEAD_V1: &str = WIDGET_CRD_HEAD;
const HEAD_V1BETA1: &str = "apiVersion: apiextensions.k8s.io/v1beta1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets}\n  scope: Namespaced\n";
const GOOD: &str =
    "{type: object, properties: {spec: {type: object, properties: {a: {type: string}}}}}";
const BAD: &str = "{type: object, properties: {spec: {type: object, properties: {a: {}}}}}";
const BAD_ERR: &str = "openAPIV3Schema.properties[spec].properties[a].type: Required value: must not be empty for specified object fields";

fn version(name: &str, served: bool, schema: Option<&str>) -> String {
    let schema = schema.map_or(String::new(), |s| {
        format!(", schema: {{openAPIV3Schema: {s}}}")
    });
    format!("  - {{name: {name}, served: {served}, storage: {served}{schema}}}\n")
}

#[test]
fn v1_single_version() {
    let yaml = format!("{HEAD_V1}  versions:\n{}", version("v1", true, Some(BAD)));
    let vs = load(&yaml);
    assert_eq!(vs.len(), 1);
    let v = &vs[0];
    assert_eq!(
        (
            v.crd_name.as_str(),
            v.group.as_str(),
            v.version.as_str(),
            v.kind.as_str(),
            v.source.as_str()
        ),
        (
            "widgets.example.com",
            "example.com",
            "v1",
            "Widget",
            "test.yaml"
        )
    );
    assert!(v.served && v.prune && v.schema.is_some());
    assert_eq!(texts(v), vec![format!("spec.validation.{BAD_ERR}")]);
}

#[test]
fn v1_identical_schemas_are_hoisted_and_shared() {
    let yaml = format!(
        "{HEAD_V1}  versions:\n{}{}",
        version("v1", true, Some(BAD)),
        version("v2", false, Some(BAD))
    );
    let vs = load(&yaml);
    let want = vec![format!("spec.validation.{BAD_ERR}")];
    assert_eq!((texts(&vs[0]), texts(&vs[1])), (want.clone(), want));
    assert!(vs[0].served && !vs[1].served);
    let (a, b) = (
        vs[0].schema.as_ref().unwrap(),
        vs[1].schema.as_ref().unwrap(),
    );
    assert!(Arc::ptr_eq(a, b), "one model shared by both versions");
}

#[test]
fn v1_different_schemas_use_version_paths() {
    let yaml = format!(
        "{HEAD_V1}  versions:\n{}{}{}",
        version("v1", true, Some(GOOD)),
        version("v2", true, Some(BAD)),
        version("v3", true, None)
    );
    let vs = load(&yaml);
    assert!(vs[0].structural_errors.is_empty());
    assert_eq!(
        texts(&vs[1]),
        vec![format!("spec.versions[1].schema.{BAD_ERR}")]
    );
    assert!(vs[2].schema.is_none() && vs[2].structural_errors.is_empty());
}

#[test]
fn v1_preserve_unknown_fields() {
    let yaml = format!(
        "{HEAD_V1}  preserveUnknownFields: true\n  versions:\n{}",
        version("v1", true, None)
    );
    let v = &load(&yaml)[0];
    assert!(!v.prune && v.schema.is_none());
}

#[test]
fn v1beta1_forms() {
    let top = format!("{HEAD_V1BETA1}  version: v1\n  validation: {{openAPIV3Schema: {BAD}}}\n");
    let vs = load(&top);
    assert_eq!(
        (vs.len(), vs[0].version.as_str(), vs[0].served),
        (1, "v1", true)
    );
    assert!(!vs[0].prune, "v1beta1 preserves unknown fields by default");
    assert_eq!(texts(&vs[0]), vec![format!("spec.validation.{BAD_ERR}")]);

    let pruning = format!("{top}  preserveUnknownFields: false\n");
    assert!(load(&pruning)[0].prune);

    let per_version = format!(
        "{HEAD_V1BETA1}  preserveUnknownFields: false\n  versions:\n{}{}",
        version("v1alpha1", false, Some(BAD)),
        version("v1", true, Some(BAD))
    );
    let vs = load(&per_version);
    assert_eq!(
        texts(&vs[0]),
        vec![format!("spec.versions[0].schema.{BAD_ERR}")]
    );
    assert_eq!(
        texts(&vs[1]),
        vec![format!("spec.versions[1].schema.{BAD_ERR}")]
    );
    assert!(!vs[0].served && vs[1].served);

    let top_and_list = format!(
        "{HEAD_V1BETA1}  validation: {{openAPIV3Schema: {GOOD}}}\n  versions:\n{}{}",
        version("v1alpha1", true, None),
        version("v1", true, None)
    );
    let vs = load(&top_and_list);
    assert!(Arc::ptr_eq(
        vs[0].schema.as_ref().unwrap(),
        vs[1].schema.as_ref().unwrap()
    ));
}

#[test]
fn v1beta1_defaults_need_pruning() {
    let schema = "{type: object, properties: {a: {type: string, default: x}}}";
    let yaml =
        format!("{HEAD_V1BETA1}  version: v1\n  validation: {{openAPIV3Schema: {schema}}}\n");
    assert_eq!(
        texts(&load(&yaml)[0]),
        vec!["spec.preserveUnknownFields: Invalid value: true: must be false in order to use defaults in the schema"]
    );
    let pruned = format!("{yaml}  preserveUnknownFields: false\n");
    assert!(load(&pruned)[0].structural_errors.is_empty());
}

#[test]
fn malformed_crds_name_the_field() {
    let v1 = |rest: &str| format!("{HEAD_V1}{rest}");
    let cases = [
        ("apiVersion: v1\nkind: CustomResourceDefinition\n".to_string(), "apiVersion", "must be apiextensions.k8s.io/v1 or apiextensions.k8s.io/v1beta1, not \"v1\""),
        ("apiVersion: apiextensions.k8s.io/v1\nkind: Widget\n".to_string(), "kind", "must be CustomResourceDefinition, not \"Widget\""),
        ("apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {}\n".to_string(), "metadata.name", "name is required"),
        (HEAD_V1.replace("  group: example.com\n", ""), "spec.group", "group is required"),
        (HEAD_V1.replace("{kind: Widget, plural: widgets}", "{plural: widgets}"), "spec.names.kind", "kind is required"),
        (v1("  versions: {}\n"), "spec.versions", "must be a list, not a mapping"),
        (v1("  versions: []\n"), "spec.versions", "must have at least one version"),
        (v1("  versions:\n  - {served: true}\n"), "spec.versions[0].name", "name is required"),
        (v1("  versions:\n  - {name: v1, served: 'yes'}\n"), "spec.versions[0].served", "must be a boolean, not a string"),
        (v1("  versions:\n  - {name: v1, served: true, schema: {openAPIV3Schema: []}}\n"), "spec.versions[0].schema.openAPIV3Schema", "must be a map, not a list"),
        (v1("  versions:\n  - {name: v1, served: true, schema: {openAPIV3Schema: {properties: x}}}\n"), "spec.validation.openAPIV3Schema.properties", "must be a map, not a string"),
        (v1("  preserveUnknownFields: 1\n  versions:\n  - {name: v1, served: true}\n"), "spec.preserveUnknownFields", "must be a boolean, not a number"),
    ];
    for (yaml, field, message) in cases {
        let e = load_crd(&crd(&yaml), "item 3").unwrap_err();
        assert_eq!(
            (e.source_name.as_str(), e.field.as_str(), e.message.as_str()),
            ("item 3", field, message),
            "{yaml}"
        );
    }
}

#[test]
fn scope_and_subresources() {
    let v1 = "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets}\n  scope: Cluster\n  versions:\n  - {name: v1, served: true, storage: true, subresources: {status: {}, scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas, labelSelectorPath: .status.selector}}}\n  - {name: v2, served: true, storage: false}\n";
    let vs = load(v1);
    assert!(!vs[0].namespaced && !vs[1].namespaced);
    let scale = Scale {
        spec_replicas_path: ".spec.replicas".into(),
        status_replicas_path: ".status.replicas".into(),
        label_selector_path: Some(".status.selector".into()),
    };
    assert_eq!(
        vs[0].subresources,
        Subresources {
            status: true,
            scale: Some(scale)
        }
    );
    assert_eq!(vs[1].subresources, Subresources::default());
    // v1beta1: the top-level subresources apply to every version; the scope defaults to Namespaced.
    let v1beta1 = "apiVersion: apiextensions.k8s.io/v1beta1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets}\n  version: v1\n  subresources: {status: {}}\n";
    let vs = load(v1beta1);
    assert!(vs[0].namespaced && vs[0].subresources.status);
}

#[test]
fn which_documents_are_crds() {
    let cases = [
        (
            "apiextensions.k8s.io/v1",
            "CustomResourceDefinition",
            true,
            true,
        ),
        (
            "apiextensions.k8s.io/v1beta1",
            "CustomResourceDefinition",
            true,
            true,
        ),
        // No version of the group the apiserver knows: no CRD, but a schema file that
        // holds one is refused by the loader rather than skipped.
        (
            "apiextensions.k8s.io/v2",
            "CustomResourceDefinition",
            false,
            true,
        ),
        (
            "apiextensions.k8s.io",
            "CustomResourceDefinition",
            false,
            false,
        ),
        ("example.com/v1", "CustomResourceDefinition", false, false),
        (
            "apiextensions.k8s.io/v1",
            "CustomResourceDefinitionList",
            false,
            false,
        ),
    ];
    for (api_version, kind, is_crd, claims) in cases {
        let v = serde_json::json!({"apiVersion": api_version, "kind": kind});
        assert_eq!(is_crd_value(&v), is_crd, "{api_version} {kind}");
        assert_eq!(claims_crd(&v), claims, "{api_version} {kind}");
    }
}
