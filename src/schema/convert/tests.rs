//! Table tests for the conversion: the model built for each keyword, junctor contents recorded
//! for the structural check, unsupported keywords, and malformed input naming the field.

use super::*;
use serde_json::json;

const ROOT: &str = "spec.versions[0].schema.openAPIV3Schema";

fn conv(v: Value) -> Structural {
    convert(&v, ROOT).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn builds_the_model() {
    let s = conv(json!({
        "type": "object",
        "description": "d",
        "properties": {
            "spec": {
                "type": "object",
                "nullable": true,
                "default": {"replicas": 1},
                "properties": {
                    "replicas": {"type": "integer", "minimum": 0, "maximum": 10},
                    "tags": {"type": "array", "items": {"type": "string"}, "x-kubernetes-list-type": "set"},
                    "labels": {"type": "object", "additionalProperties": {"type": "string"}},
                    "any": {"x-kubernetes-preserve-unknown-fields": true},
                    "port": {"x-kubernetes-int-or-string": true},
                    "raw": {"type": "object", "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true},
                    "open": {"type": "object", "additionalProperties": true}
                },
                "required": ["replicas"]
            }
        }
    }));
    assert_eq!(s.generic.type_, "object");
    assert_eq!(&*s.generic.description, "d");
    let spec = &s.properties["spec"];
    assert!(spec.generic.nullable);
    assert_eq!(
        spec.generic.default.as_deref(),
        Some(&json!({"replicas": 1}))
    );
    let vv = spec.value_validation.as_deref().unwrap();
    assert_eq!(vv.required, vec!["replicas".to_string()]);
    let replicas = &spec.properties["replicas"];
    let rvv = replicas.value_validation.as_deref().unwrap();
    assert_eq!((rvv.minimum, rvv.maximum), (Some(0.0), Some(10.0)));
    let tags = &spec.properties["tags"];
    assert_eq!(tags.items.as_ref().unwrap().generic.type_, "string");
    assert_eq!(tags.extensions.x_list_type(), Some("set"));
    match spec.properties["labels"].additional_properties.as_ref() {
        Some(StructuralOrBool::Schema(ap)) => assert_eq!(ap.generic.type_, "string"),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        spec.properties["open"].additional_properties.as_ref(),
        Some(&StructuralOrBool::Bool(true))
    );
    assert!(spec.properties["any"].extensions.x_preserve_unknown_fields);
    assert!(spec.properties["port"].extensions.x_int_or_string);
    assert!(spec.properties["raw"].extensions.x_embedded_resource);
    // No value validation at all → no allocation.
    assert!(spec.properties["any"].value_validation.is_none());
}

#[test]
fn records_what_junctors_forbid() {
    let s = conv(json!({
        "type": "object",
        "anyOf": [{"type": "integer"}, {"type": "string"}],
        "allOf": [{
            "description": "x", "title": "t", "nullable": true, "default": 1,
            "additionalProperties": false, "externalDocs": {"url": "u"},
            "x-kubernetes-preserve-unknown-fields": true, "x-kubernetes-list-type": "atomic",
            "properties": {"a": {"pattern": "^a$"}},
            "items": {"minLength": 1}
        }],
        "not": {"required": ["a"]},
        "oneOf": [{"required": ["b"]}]
    }));
    let vv = s.value_validation.as_deref().unwrap();
    assert_eq!(vv.any_of[0].forbidden_generic.type_, "integer");
    assert_eq!(vv.any_of[1].forbidden_generic.type_, "string");
    let a = &vv.all_of[0];
    assert_eq!(&*a.forbidden_generic.description, "x");
    assert_eq!(&*a.forbidden_generic.title, "t");
    assert!(a.forbidden_generic.nullable);
    assert_eq!(a.forbidden_generic.default.as_deref(), Some(&json!(1)));
    assert!(a.forbidden_additional_properties);
    assert!(a.forbidden_extensions.x_preserve_unknown_fields);
    assert_eq!(a.forbidden_extensions.x_list_type(), Some("atomic"));
    assert_eq!(a.properties["a"].value_validation.pattern, "^a$");
    assert_eq!(
        a.items.as_ref().unwrap().value_validation.min_length,
        Some(1)
    );
    assert_eq!(
        vv.not.as_ref().unwrap().value_validation.required,
        vec!["a"]
    );
    assert_eq!(vv.one_of[0].value_validation.required, vec!["b"]);
}

#[test]
fn default_null_and_null_keywords() {
    let s = conv(
        json!({"type": "object", "description": null, "properties": {
            "a": {"type": "string", "default": null},
            "b": null
        }}),
    );
    assert_eq!(
        s.properties["a"].generic.default.as_deref(),
        Some(&Value::Null)
    );
    assert_eq!(s.properties["b"], Structural::default());
}

#[test]
fn malformed_input_names_the_field() {
    let cases = [
        (
            json!({"properties": []}),
            "properties",
            "must be a map, not a list",
        ),
        (json!({"type": 1}), "type", "must be a string, not a number"),
        (
            json!({"properties": {"a": "x"}}),
            "properties[a]",
            "must be a schema object, not a string",
        ),
        (
            json!({"nullable": "yes"}),
            "nullable",
            "must be a boolean, not a string",
        ),
        (
            json!({"items": 3}),
            "items",
            "must be a schema or a list of schemas, not a number",
        ),
        (
            json!({"required": ["a", 1]}),
            "required[1]",
            "must be a string, not a number",
        ),
        (
            json!({"maxLength": 1.5}),
            "maxLength",
            "must be an integer, not a number",
        ),
        (
            json!({"anyOf": {}}),
            "anyOf",
            "must be a list, not a mapping",
        ),
        (
            json!({"allOf": [{"type": true}]}),
            "allOf[0].type",
            "must be a string, not a boolean",
        ),
        (
            json!({"additionalProperties": "no"}),
            "additionalProperties",
            "must be a boolean or a schema, not a string",
        ),
        (
            json!({"x-kubernetes-validations": {}}),
            "x-kubernetes-validations",
            "must be a list, not a mapping",
        ),
        (json!([]), "", "must be a schema object, not a list"),
    ];
    for (schema, field, message) in cases {
        let e = convert(&schema, ROOT).unwrap_err();
        let want = if field.is_empty() {
            ROOT.to_string()
        } else {
            format!("{ROOT}.{field}")
        };
        assert_eq!(
            (e.field.as_str(), e.message.as_str()),
            (want.as_str(), message),
            "{schema}"
        );
    }
}

#[test]
fn unsupported_keywords() {
    let cases = [
        (
            json!({"$ref": "#/x"}),
            "$ref",
            "$ref: Forbidden: $ref is not supported",
            "OpenAPIV3Schema '$ref' is not supported",
        ),
        (
            json!({"id": "x"}),
            "id",
            "id: Forbidden: id is not supported",
            "OpenAPIV3Schema 'id' is not supported",
        ),
        (
            json!({"patternProperties": {"a": {}}}),
            "patternProperties",
            "patternProperties: Forbidden: patternProperties is not supported",
            "OpenAPIV3Schema 'patternProperties' is not supported",
        ),
        (
            json!({"definitions": {"a": {}}}),
            "definitions",
            "definitions: Forbidden: definitions is not supported",
            "OpenAPIV3Schema 'definitions' is not supported",
        ),
        (
            json!({"additionalItems": false}),
            "additionalItems",
            "additionalItems: Forbidden: additionalItems is not supported",
            "OpenAPIV3Schema 'additionalItems' is not supported",
        ),
        (
            json!({"items": [{"type": "string"}]}),
            "items",
            "items: Forbidden: items must be a schema object and not an array",
            "OpenAPIV3Schema 'items' must be a schema, but is an array",
        ),
        (
            json!({"x-kubernetes-preserve-unknown-fields": false}),
            "x-kubernetes-preserve-unknown-fields",
            "x-kubernetes-preserve-unknown-fields: Invalid value: false: must be true or undefined",
            "internal error: 'x-kubernetes-preserve-unknown-fields' must be true or undefined",
        ),
    ];
    for (schema, field, message, init) in cases {
        let c = convert_detailed(&json!({"properties": {"a": schema}}), ROOT).unwrap();
        let at = format!("{ROOT}.properties[a].{field}");
        assert_eq!(
            c.unsupported
                .iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>(),
            vec![format!("{ROOT}.properties[a].{message}")]
        );
        assert_eq!(c.init_error, Some((at.clone(), init.to_string())));
        let e = convert(&json!({"properties": {"a": schema}}), ROOT).unwrap_err();
        assert_eq!((e.field, e.message), (at, init.to_string()));
    }
    let c = convert_detailed(&json!({"$schema": "http://x"}), ROOT).unwrap();
    assert!(c.unsupported.is_empty());
    assert_eq!(
        c.init_error,
        Some((
            format!("{ROOT}.$schema"),
            "OpenAPIV3Schema 'schema' is not supported".into()
        ))
    );
}

/// What a node derives from its subtree: whether an embedded resource, and whether a default,
/// lies at or below it (through properties, items and additionalProperties alike), so that
/// the walks looking for them can skip a subtree.
#[test]
fn nodes_know_what_lies_below_them() {
    let s = conv(json!({
        "type": "object",
        "properties": {
            "plain": {"type": "object", "properties": {"a": {"type": "string"}}},
            "listed": {"type": "array", "items": {"type": "object", "properties": {
                "inner": {"type": "object", "x-kubernetes-embedded-resource": true,
                          "x-kubernetes-preserve-unknown-fields": true}}}},
            "mapped": {"type": "object", "additionalProperties": {"type": "object",
                "properties": {"n": {"type": "integer", "default": 1}}}},
            "own": {"type": "string", "default": "x"}
        }
    }));
    let flags = |s: &Structural| (s.embedded_below, s.defaults_below);
    assert_eq!(flags(&s), (true, true));
    assert_eq!(flags(&s.properties["plain"]), (false, false));
    assert_eq!(flags(&s.properties["listed"]), (true, false));
    let items = s.properties["listed"].items.as_deref().unwrap();
    assert_eq!(flags(items), (true, false));
    assert_eq!(flags(&items.properties["inner"]), (true, false));
    assert_eq!(flags(&s.properties["mapped"]), (false, true));
    assert_eq!(flags(&s.properties["own"]), (false, true));
}
