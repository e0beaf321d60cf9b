//! Unit tests for document detection, `$ref` inlining (chains, v3 `allOf` wrapping, cycles,
//! dangling and external references), metadata handling and the swagger 2.0 repairs.

use super::refs::{lookup_pointer, Resolver};
use super::*;
use serde_json::json;

fn resolve(doc: &Value, name: &str) -> Result<Value, SchemaError> {
    let def = &doc["definitions"][name];
    let pointer = format!("#/definitions/{name}");
    Resolver::new(doc, "doc.json").resolve_root(def, &pointer, &format!("definitions[{name}]"))
}

#[test]
fn detects_document_kinds() {
    let cases = [
        (
            json!({"swagger": "2.0", "definitions": {}}),
            Some(DocumentKind::Swagger2),
        ),
        (json!({"swagger": 2.0}), Some(DocumentKind::Swagger2)),
        (
            json!({"openapi": "3.0.0", "components": {}}),
            Some(DocumentKind::OpenApiV3),
        ),
        (json!({"openapi": "3.1.0"}), Some(DocumentKind::OpenApiV3)),
        (
            json!({"definitions": {"a": {}}}),
            Some(DocumentKind::Swagger2),
        ),
        (
            json!({"components": {"schemas": {}}}),
            Some(DocumentKind::OpenApiV3),
        ),
        (json!({"swagger": "1.2"}), None),
        (json!({"kind": "Kustomization", "definitions": {}}), None),
        (json!({"apiVersion": "v1", "kind": "ConfigMap"}), None),
        (json!(["a"]), None),
    ];
    for (doc, want) in cases {
        assert_eq!(document_kind(&doc), want, "{doc}");
    }
}

#[test]
fn inlines_ref_chains_with_siblings_over_targets() {
    let doc = json!({"definitions": {
        "W": {"type": "object", "properties": {
            "spec": {"$ref": "#/definitions/Spec", "description": "the spec"}}},
        "Spec": {"$ref": "#/definitions/Base", "default": {"size": 1}},
        "Base": {"type": "object", "description": "base", "properties": {
            "size": {"type": "integer"}}}
    }});
    let got = resolve(&doc, "W").unwrap();
    assert_eq!(
        got,
        json!({"type": "object", "properties": {"spec": {
            "type": "object", "description": "the spec",
            "properties": {"size": {"type": "integer"}}, "default": {"size": 1}}}})
    );
}

#[test]
fn unwraps_v3_allof_refs_and_keeps_real_junctors() {
    let doc = json!({"definitions": {
        "W": {"type": "object", "properties": {
            "a": {"allOf": [{"$ref": "#/definitions/S"}], "default": "x"},
            "b": {"allOf": [{"$ref": "#/definitions/S"}, {"minLength": 1}]}}},
        "S": {"type": "string"}
    }});
    let got = resolve(&doc, "W").unwrap();
    assert_eq!(
        got["properties"]["a"],
        json!({"type": "string", "default": "x"})
    );
    assert_eq!(
        got["properties"]["b"],
        json!({"allOf": [{"type": "string"}, {"minLength": 1}]})
    );
}

#[test]
fn follows_refs_in_every_schema_position_but_not_in_values() {
    let s = json!({"$ref": "#/definitions/S"});
    let doc = json!({"definitions": {
        "W": {"type": "object", "properties": {
            "list": {"type": "array", "items": s},
            "map": {"type": "object", "additionalProperties": s},
            "neg": {"not": s},
            "any": {"anyOf": [s]},
            "dflt": {"type": "object", "default": {"$ref": "#/definitions/S"}},
            "ext": {"type": "object", "x-kubernetes-validations": [{"rule": "$ref"}]}}},
        "S": {"type": "string"}
    }});
    let got = resolve(&doc, "W").unwrap();
    let p = &got["properties"];
    assert_eq!(p["list"]["items"], json!({"type": "string"}));
    assert_eq!(p["map"]["additionalProperties"], json!({"type": "string"}));
    assert_eq!(p["neg"]["not"], json!({"type": "string"}));
    assert_eq!(p["any"]["anyOf"][0], json!({"type": "string"}));
    assert_eq!(p["dflt"]["default"], json!({"$ref": "#/definitions/S"}));
    assert_eq!(p["ext"], doc["definitions"]["W"]["properties"]["ext"]);
}

#[test]
fn the_same_definition_twice_is_not_a_cycle() {
    let doc = json!({"definitions": {
        "W": {"type": "object", "properties": {
            "a": {"$ref": "#/definitions/S"}, "b": {"$ref": "#/definitions/S"}}},
        "S": {"type": "object", "properties": {"c": {"$ref": "#/definitions/T"}}},
        "T": {"type": "string"}
    }});
    let got = resolve(&doc, "W").unwrap();
    assert_eq!(
        got["properties"]["b"]["properties"]["c"],
        json!({"type": "string"})
    );
}

#[test]
fn reports_cycles_with_their_path() {
    let doc = json!({"definitions": {
        "W": {"type": "object", "properties": {"spec": {"$ref": "#/definitions/A"}}},
        "A": {"type": "object", "properties": {"b": {"$ref": "#/definitions/B"}}},
        "B": {"type": "object", "properties": {"items": {"type": "array", "items": {"$ref": "#/definitions/A"}}}}
    }});
    let err = resolve(&doc, "W").unwrap_err();
    assert_eq!(err.source_name, "doc.json");
    assert_eq!(
        err.field,
        "definitions[W].properties[spec].properties[b].properties[items].items"
    );
    assert_eq!(
        err.message,
        "$ref cycle: #/definitions/A -> #/definitions/B -> #/definitions/A"
    );
}

#[test]
fn reports_self_reference_of_the_root() {
    let doc = json!({"definitions": {
        "W": {"type": "object", "properties": {"child": {"$ref": "#/definitions/W"}}}
    }});
    let err = resolve(&doc, "W").unwrap_err();
    assert_eq!(err.field, "definitions[W].properties[child]");
    assert_eq!(
        err.message,
        "$ref cycle: #/definitions/W -> #/definitions/W"
    );
}

#[test]
fn reports_dangling_external_and_malformed_refs() {
    let doc = json!({"definitions": {
        "W": {"type": "object", "properties": {"spec": {"$ref": "#/definitions/Missing"}}},
        "X": {"type": "object", "properties": {"spec": {"$ref": "other.json#/definitions/S"}}},
        "Y": {"type": "object", "properties": {"spec": {"$ref": 3}}},
        "Z": {"type": "object", "properties": {"spec": {"$ref": "#/definitions/W/type"}}}
    }});
    let cases = [
        ("W", "$ref \"#/definitions/Missing\" points to nothing in this document"),
        ("X", "$ref \"other.json#/definitions/S\" is not supported: only references inside the document (\"#/...\") are"),
        ("Y", "$ref must be a string"),
        ("Z", "$ref \"#/definitions/W/type\" does not point to a schema"),
    ];
    for (name, message) in cases {
        let err = resolve(&doc, name).unwrap_err();
        assert_eq!(err.field, format!("definitions[{name}].properties[spec]"));
        assert_eq!(err.message, message);
    }
}

#[test]
fn root_and_embedded_metadata_refs_become_plain_objects() {
    let meta = json!({"$ref": "#/definitions/ObjectMeta", "description": "m"});
    let doc = json!({"definitions": {
        "W": {"type": "object", "properties": {
            "metadata": meta,
            "spec": {"type": "object", "properties": {
                "template": {"type": "object", "x-kubernetes-embedded-resource": true,
                             "properties": {"metadata": {"allOf": [meta]}}},
                "other": {"type": "object", "properties": {"metadata": {"$ref": "#/definitions/Small"}}}}}}},
        "Small": {"type": "object", "properties": {"x": {"type": "string"}}}
    }});
    // ObjectMeta is not in the document: it is never looked up.
    let got = resolve(&doc, "W").unwrap();
    assert_eq!(got["properties"]["metadata"], json!({"type": "object"}));
    let spec = &got["properties"]["spec"]["properties"];
    assert_eq!(
        spec["template"]["properties"]["metadata"],
        json!({"type": "object"})
    );
    assert_eq!(
        spec["other"]["properties"]["metadata"],
        doc["definitions"]["Small"]
    );
}

#[test]
fn json_pointers_unescape_tokens() {
    let doc = json!({"a/b": {"c~d": [1, {"e": 2}]}});
    assert_eq!(lookup_pointer(&doc, "/a~1b/c~0d/1/e"), Some(&json!(2)));
    assert_eq!(lookup_pointer(&doc, ""), Some(&doc));
    assert_eq!(lookup_pointer(&doc, "/a~1b/c~0d/7"), None);
    assert_eq!(lookup_pointer(&doc, "x"), None);
}

#[test]
fn unpublish_repairs_swagger2_fields() {
    let mut root = json!({"type": "object", "x-kubernetes-group-version-kind": [{}], "properties": {
        "spec": {"type": "object", "properties": {
            "nullableField": {"description": "was nullable"},
            "free": {"x-kubernetes-preserve-unknown-fields": true},
            "port": {"x-kubernetes-int-or-string": true},
            "emb": {"x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true},
            "list": {"type": "array", "items": {"description": "untyped item"}}}}}});
    unpublish::undo(&mut root, true);
    let spec = &root["properties"]["spec"]["properties"];
    assert!(root.get("x-kubernetes-group-version-kind").is_none());
    assert!(root.get("x-kubernetes-preserve-unknown-fields").is_none());
    assert_eq!(
        spec["nullableField"],
        json!({"description": "was nullable", "nullable": true, "x-kubernetes-preserve-unknown-fields": true})
    );
    assert_eq!(
        spec["free"],
        json!({"x-kubernetes-preserve-unknown-fields": true})
    );
    assert_eq!(spec["port"], json!({"x-kubernetes-int-or-string": true}));
    assert_eq!(spec["emb"]["type"], json!("object"));
    assert_eq!(spec["list"]["items"]["nullable"], json!(true));
}

#[test]
fn unpublish_v3_keeps_fields_and_opens_empty_roots() {
    let mut root = json!({"type": "object", "properties": {"spec": {"description": "x"}}});
    unpublish::undo(&mut root, false);
    assert_eq!(root["properties"]["spec"], json!({"description": "x"}));
    let mut bare = json!({"type": "object", "x-kubernetes-group-version-kind": [{}]});
    unpublish::undo(&mut bare, false);
    assert_eq!(
        bare,
        json!({"type": "object", "x-kubernetes-preserve-unknown-fields": true})
    );
}

#[test]
fn gvks_skip_builtin_groups_meta_types_and_lists() {
    let gvk = |g: &str, k: &str| json!({"group": g, "version": "v1", "kind": k});
    let def = json!({"x-kubernetes-group-version-kind": [
        gvk("example.com", "Widget"), gvk("apps", "Deployment"), gvk("", "Pod"),
        gvk("gateway.networking.k8s.io", "Gateway"), gvk("autoscaling.k8s.io", "VerticalPodAutoscaler")]});
    let got = resource_gvks("x", &def, "f", "definitions[x]").unwrap();
    let kinds: Vec<_> = got.iter().map(|(g, _, k)| format!("{g}/{k}")).collect();
    assert_eq!(
        kinds,
        [
            "example.com/Widget",
            "gateway.networking.k8s.io/Gateway",
            "autoscaling.k8s.io/VerticalPodAutoscaler"
        ]
    );
    let meta = json!({"x-kubernetes-group-version-kind": [gvk("example.com", "DeleteOptions")]});
    assert!(resource_gvks(
        "io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions",
        &meta,
        "f",
        "p"
    )
    .unwrap()
    .is_empty());
    let list = json!({"x-kubernetes-group-version-kind": [gvk("example.com", "WidgetList")],
                      "properties": {"items": {"type": "array"}}});
    assert!(resource_gvks("l", &list, "f", "p").unwrap().is_empty());
    let not_list = json!({"x-kubernetes-group-version-kind": [gvk("example.com", "PlayList")],
                          "properties": {"items": {"type": "string"}}});
    assert_eq!(resource_gvks("l", &not_list, "f", "p").unwrap().len(), 1);
}

#[test]
fn gvk_errors_name_the_field() {
    let def = json!({"x-kubernetes-group-version-kind": [{"group": "example.com", "kind": "W"}]});
    let err = resource_gvks("W", &def, "f.json", "definitions[W]").unwrap_err();
    assert_eq!(err.source_name, "f.json");
    assert_eq!(
        err.field,
        "definitions[W].x-kubernetes-group-version-kind[0].version"
    );
    assert_eq!(err.message, "must be a non-empty string");
    let def = json!({"x-kubernetes-group-version-kind": "W"});
    let err = resource_gvks("W", &def, "f.json", "definitions[W]").unwrap_err();
    assert_eq!(err.field, "definitions[W].x-kubernetes-group-version-kind");
}

#[test]
fn inline_root_metadata_keeps_only_name_and_generate_name() {
    let doc = json!({"definitions": {
        "W": {"type": "object", "properties": {
            "metadata": {"description": "meta", "properties": {
                "name": {"$ref": "#/definitions/Name"},
                "labels": {"type": "object", "additionalProperties": {"type": "string"}},
                "generateName": {"type": "string"}}},
            "spec": {"type": "object", "x-kubernetes-embedded-resource": true, "properties": {
                "metadata": {"type": "object", "properties": {"labels": {"type": "object"}}}}}}},
        "Name": {"type": "string", "maxLength": 63}
    }});
    let got = resolve(&doc, "W").unwrap();
    assert_eq!(
        got["properties"]["metadata"],
        json!({"type": "object", "properties": {
            "name": {"type": "string", "maxLength": 63}, "generateName": {"type": "string"}}})
    );
    // an embedded resource's inline metadata is kept as written
    assert_eq!(
        got["properties"]["spec"]["properties"]["metadata"],
        doc["definitions"]["W"]["properties"]["spec"]["properties"]["metadata"]
    );
}

#[test]
fn exponential_ref_expansion_is_an_error() {
    // L0 -> 2 x L1 -> 4 x L2 ... -> 2^24 leaves: far past the limit.
    let mut defs = serde_json::Map::new();
    for i in 0..24 {
        let next = json!({"$ref": format!("#/definitions/L{}", i + 1)});
        defs.insert(
            format!("L{i}"),
            json!({"type": "object", "properties": {"a": next, "b": next}}),
        );
    }
    defs.insert("L24".to_string(), json!({"type": "string"}));
    let doc = json!({ "definitions": defs });
    let err = resolve(&doc, "L0").unwrap_err();
    assert_eq!(
        err.message,
        format!(
            "inlining $refs makes more than {} schemas",
            refs::MAX_SCHEMAS
        )
    );
}
