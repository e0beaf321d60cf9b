//! Real CRDs of the corpus, published the way the apiserver serves them at
//! `/openapi/v3/apis/<group>/<version>` (root and embedded `metadata` as `allOf` references to
//! ObjectMeta, `x-kubernetes-group-version-kind`, a `<Kind>List` definition, ObjectMeta itself),
//! load from that OpenAPI v3 document into the same structural schema the CRD itself gives.

use crd_schema_fn::crd::load::load_crd;
use crd_schema_fn::crd::openapi::{load_document, DocumentKind};
use crd_schema_fn::schema::{Structural, StructuralOrBool, VersionSchema};
use crd_schema_fn::yaml::{json::to_json, parse_stream};
use serde_json::{json, Map, Value};

const OBJECT_META: &str = "#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta";

/// `metadata` of the root and of every embedded resource, as the apiserver publishes it.
fn publish_metadata(schema: &mut Value, resource: bool) {
    let Value::Object(map) = schema else { return };
    let resource = resource || map.get("x-kubernetes-embedded-resource") == Some(&json!(true));
    if let Some(Value::Object(props)) = map.get_mut("properties") {
        for (name, child) in props.iter_mut() {
            if resource && name == "metadata" {
                *child = json!({"description": "Standard object's metadata.", "allOf": [{"$ref": OBJECT_META}]});
            } else {
                publish_metadata(child, false);
            }
        }
    }
    for key in ["items", "additionalProperties"] {
        if let Some(child) = map.get_mut(key) {
            publish_metadata(child, false);
        }
    }
}

/// The OpenAPI v3 document of one CRD version.
fn publish_v3(group: &str, version: &str, kind: &str, schema: &Value) -> Value {
    let mut root = schema.clone();
    publish_metadata(&mut root, true);
    root["x-kubernetes-group-version-kind"] =
        json!([{"group": group, "version": version, "kind": kind}]);
    let reversed: Vec<&str> = group.split('.').rev().collect();
    let name = format!("{}.{version}.{kind}", reversed.join("."));
    let list = json!({"type": "object", "required": ["items"],
        "properties": {"items": {"type": "array", "items": {"$ref": format!("#/components/schemas/{name}")}},
                       "metadata": {"allOf": [{"$ref": "#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta"}]}},
        "x-kubernetes-group-version-kind": [{"group": group, "version": version, "kind": format!("{kind}List")}]});
    let mut schemas = Map::new();
    schemas.insert(name.clone(), root);
    schemas.insert(format!("{name}List"), list);
    schemas.insert(
        "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta".to_string(),
        json!({"type": "object", "properties": {"name": {"type": "string"}}}),
    );
    json!({"openapi": "3.0.0", "info": {"title": "Kubernetes CRD Swagger", "version": "v0.1.0"},
           "components": {"schemas": schemas}})
}

/// The schema without root or embedded `metadata` (which publishing replaces by ObjectMeta).
fn without_metadata(s: &Structural, resource: bool) -> Structural {
    let mut out = s.clone();
    let resource = resource || s.extensions.x_embedded_resource;
    if resource {
        out.properties.remove("metadata");
    }
    for child in out.properties.values_mut() {
        *child = without_metadata(child, false);
    }
    if let Some(items) = out.items.as_mut() {
        **items = without_metadata(items, false);
    }
    if let Some(StructuralOrBool::Schema(ap)) = out.additional_properties.as_mut() {
        **ap = without_metadata(ap, false);
    }
    out
}

fn check_version(crd: &Value, vs: &VersionSchema, file: &str) {
    let path = format!("/spec/versions/{}", version_index(crd, &vs.version));
    let schema = crd
        .pointer(&format!("{path}/schema/openAPIV3Schema"))
        .unwrap();
    let doc = publish_v3(&vs.group, &vs.version, &vs.kind, schema);
    let published = load_document(&doc, DocumentKind::OpenApiV3, "published.json")
        .unwrap_or_else(|e| panic!("{file} {}: {e}", vs.crd_name));
    assert_eq!(published.len(), 1, "{file}: only the kind, not its list");
    let p = &published[0];
    assert_eq!(
        (&p.group, &p.version, &p.kind),
        (&vs.group, &vs.version, &vs.kind)
    );
    assert!(p.served && p.prune);
    assert!(
        p.structural_errors.is_empty(),
        "{file} {}: {:?}",
        vs.crd_name,
        p.structural_errors
    );
    let want = without_metadata(vs.schema.as_deref().unwrap(), true);
    let got = without_metadata(p.schema.as_deref().unwrap(), true);
    assert!(
        want == got,
        "{file} {} {}: schemas differ",
        vs.crd_name,
        vs.version
    );
}

fn version_index(crd: &Value, version: &str) -> usize {
    let versions = crd
        .pointer("/spec/versions")
        .and_then(Value::as_array)
        .unwrap();
    versions.iter().position(|v| v["name"] == version).unwrap()
}

#[test]
fn published_v3_documents_match_their_crds() {
    if !super::ground::present("published_v3_documents_match_their_crds") {
        return;
    }
    let mut checked = 0;
    for project in [
        "gateway-api",
        "cert-manager",
        "crossplane-provider-kubernetes",
        "open-cluster-management",
    ] {
        let dir = super::shared().join("corpus/crds").join(project);
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            for node in parse_stream(&text).unwrap() {
                let crd = to_json(&node).unwrap();
                if crd["kind"] != "CustomResourceDefinition"
                    || crd["apiVersion"] != "apiextensions.k8s.io/v1"
                {
                    continue;
                }
                for vs in load_crd(&crd, "crd").unwrap() {
                    if vs.schema.is_some() && vs.structural_errors.is_empty() {
                        check_version(&crd, &vs, &file.display().to_string());
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked >= 40, "checked {checked} versions");
}
