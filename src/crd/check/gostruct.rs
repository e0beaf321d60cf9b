//! Values printed as the apiserver prints the internal (`apiextensions`) Go structs it puts in a
//! `field.Invalid`: `json.Marshal` of a struct without JSON tags, so every field in declaration
//! order under its Go name, nil pointers and slices as `null`, maps with sorted keys, and the
//! encoder's HTML escapes. Inputs are the v1 JSON forms of the CRD's parts. Up to 1.33 the
//! apiserver prints them with Go's `%#v` instead: [`super::gosharp`].

use crate::field::go_json;
use serde_json::{Map, Value};

/// A JSON string (Go's encoder: `<`, `>`, `&` escaped).
fn s(v: &str) -> String {
    go_json(&Value::String(v.to_string()))
}

fn text<'a>(m: &'a Map<String, Value>, k: &str) -> &'a str {
    m.get(k).and_then(Value::as_str).unwrap_or("")
}

fn boolean(m: &Map<String, Value>, k: &str) -> &'static str {
    match m.get(k).and_then(Value::as_bool) {
        Some(true) => "true",
        _ => "false",
    }
}

/// A pointer to a scalar: `null` when absent.
fn ptr(m: &Map<String, Value>, k: &str) -> String {
    match m.get(k) {
        None | Some(Value::Null) => "null".into(),
        Some(v) => go_json(v),
    }
}

/// A Go struct literal from (name, rendered value) pairs.
fn object(fields: &[(&str, String)]) -> String {
    let parts: Vec<String> = fields
        .iter()
        .map(|(k, v)| format!("{}:{v}", s(k)))
        .collect();
    format!("{{{}}}", parts.join(","))
}

/// A slice: `null` when absent, else each element rendered by `each`.
fn list(v: Option<&Value>, each: impl Fn(&Value) -> String) -> String {
    match v {
        Some(Value::Array(items)) => {
            let parts: Vec<String> = items.iter().map(each).collect();
            format!("[{}]", parts.join(","))
        }
        _ => "null".into(),
    }
}

/// A map with sorted keys: `null` when absent.
fn map(v: Option<&Value>, each: impl Fn(&Value) -> String) -> String {
    match v {
        Some(Value::Object(m)) => {
            let mut keys: Vec<&String> = m.keys().collect();
            keys.sort();
            let parts: Vec<String> = keys
                .iter()
                .map(|k| format!("{}:{}", s(k), each(&m[k.as_str()])))
                .collect();
            format!("{{{}}}", parts.join(","))
        }
        _ => "null".into(),
    }
}

fn opt_schema(v: Option<&Value>) -> String {
    match v {
        Some(v @ Value::Object(_)) => schema(v),
        _ => "null".into(),
    }
}

/// `JSONSchemaPropsOrBool`: `true`/`false` or a schema (which allows).
fn or_bool(v: Option<&Value>) -> String {
    match v {
        None | Some(Value::Null) => "null".into(),
        Some(Value::Bool(b)) => object(&[("Allows", b.to_string()), ("Schema", "null".into())]),
        Some(other) => object(&[("Allows", "true".into()), ("Schema", schema(other))]),
    }
}

/// `JSONSchemaPropsOrArray`: one schema or a list of them.
fn or_array(v: Option<&Value>) -> String {
    match v {
        None | Some(Value::Null) => "null".into(),
        Some(Value::Array(_)) => {
            object(&[("Schema", "null".into()), ("JSONSchemas", list(v, schema))])
        }
        Some(other) => object(&[("Schema", schema(other)), ("JSONSchemas", "null".into())]),
    }
}

/// `JSONSchemaPropsOrStringArray`.
fn or_strings(v: &Value) -> String {
    match v {
        Value::Array(_) => object(&[("Schema", "null".into()), ("Property", go_json(v))]),
        other => object(&[("Schema", schema(other)), ("Property", "null".into())]),
    }
}

/// One `x-kubernetes-validations` entry (`ValidationRule`).
pub fn rule(v: &Value) -> String {
    if !crate::versions::current().json_bad_values {
        return super::gosharp::rule(v);
    }
    let empty = Map::new();
    let m = v.as_object().unwrap_or(&empty);
    object(&[
        ("Rule", s(text(m, "rule"))),
        ("Message", s(text(m, "message"))),
        ("MessageExpression", s(text(m, "messageExpression"))),
        ("Reason", ptr(m, "reason")),
        ("FieldPath", s(text(m, "fieldPath"))),
        ("OptionalOldSelf", ptr(m, "optionalOldSelf")),
    ])
}

/// A `JSONSchemaProps` from its v1 JSON.
pub fn schema(v: &Value) -> String {
    if !crate::versions::current().json_bad_values {
        return super::gosharp::schema(v);
    }
    let empty = Map::new();
    let m = v.as_object().unwrap_or(&empty);
    let docs = match m.get("externalDocs") {
        Some(Value::Object(d)) => object(&[
            ("Description", s(text(d, "description"))),
            ("URL", s(text(d, "url"))),
        ]),
        _ => "null".into(),
    };
    object(&[
        ("ID", s(text(m, "id"))),
        ("Schema", s(text(m, "$schema"))),
        ("Ref", ptr(m, "$ref")),
        ("Description", s(text(m, "description"))),
        ("Type", s(text(m, "type"))),
        ("Nullable", boolean(m, "nullable").into()),
        ("Format", s(text(m, "format"))),
        ("Title", s(text(m, "title"))),
        ("Default", ptr(m, "default")),
        ("Maximum", ptr(m, "maximum")),
        ("ExclusiveMaximum", boolean(m, "exclusiveMaximum").into()),
        ("Minimum", ptr(m, "minimum")),
        ("ExclusiveMinimum", boolean(m, "exclusiveMinimum").into()),
        ("MaxLength", ptr(m, "maxLength")),
        ("MinLength", ptr(m, "minLength")),
        ("Pattern", s(text(m, "pattern"))),
        ("MaxItems", ptr(m, "maxItems")),
        ("MinItems", ptr(m, "minItems")),
        ("UniqueItems", boolean(m, "uniqueItems").into()),
        ("MultipleOf", ptr(m, "multipleOf")),
        ("Enum", list(m.get("enum"), go_json)),
        ("MaxProperties", ptr(m, "maxProperties")),
        ("MinProperties", ptr(m, "minProperties")),
        ("Required", list(m.get("required"), go_json)),
        ("Items", or_array(m.get("items"))),
        ("AllOf", list(m.get("allOf"), schema)),
        ("OneOf", list(m.get("oneOf"), schema)),
        ("AnyOf", list(m.get("anyOf"), schema)),
        ("Not", opt_schema(m.get("not"))),
        ("Properties", map(m.get("properties"), schema)),
        (
            "AdditionalProperties",
            or_bool(m.get("additionalProperties")),
        ),
        ("PatternProperties", map(m.get("patternProperties"), schema)),
        ("Dependencies", map(m.get("dependencies"), or_strings)),
        ("AdditionalItems", or_bool(m.get("additionalItems"))),
        ("Definitions", map(m.get("definitions"), schema)),
        ("ExternalDocs", docs),
        ("Example", ptr(m, "example")),
        (
            "XPreserveUnknownFields",
            ptr(m, "x-kubernetes-preserve-unknown-fields"),
        ),
        (
            "XEmbeddedResource",
            boolean(m, "x-kubernetes-embedded-resource").into(),
        ),
        (
            "XIntOrString",
            boolean(m, "x-kubernetes-int-or-string").into(),
        ),
        (
            "XListMapKeys",
            list(m.get("x-kubernetes-list-map-keys"), go_json),
        ),
        ("XListType", ptr(m, "x-kubernetes-list-type")),
        ("XMapType", ptr(m, "x-kubernetes-map-type")),
        (
            "XValidations",
            list(m.get("x-kubernetes-validations"), rule),
        ),
    ])
}

fn subresources(v: Option<&Value>) -> String {
    let Some(Value::Object(m)) = v else {
        return "null".into();
    };
    let status = match m.get("status") {
        Some(Value::Object(_)) => "{}".to_string(),
        _ => "null".into(),
    };
    let scale = match m.get("scale") {
        Some(Value::Object(sc)) => object(&[
            ("SpecReplicasPath", s(text(sc, "specReplicasPath"))),
            ("StatusReplicasPath", s(text(sc, "statusReplicasPath"))),
            ("LabelSelectorPath", ptr(sc, "labelSelectorPath")),
        ]),
        _ => "null".into(),
    };
    object(&[("Status", status), ("Scale", scale)])
}

fn column(v: &Value) -> String {
    let empty = Map::new();
    let m = v.as_object().unwrap_or(&empty);
    let priority = m.get("priority").map_or("0".to_string(), go_json);
    object(&[
        ("Name", s(text(m, "name"))),
        ("Type", s(text(m, "type"))),
        ("Format", s(text(m, "format"))),
        ("Description", s(text(m, "description"))),
        ("Priority", priority),
        ("JSONPath", s(text(m, "jsonPath"))),
    ])
}

fn selectable(v: &Value) -> String {
    let empty = Map::new();
    let m = v.as_object().unwrap_or(&empty);
    object(&[("JSONPath", s(text(m, "jsonPath")))])
}

/// The internal `spec.versions` (after the fields identical in every version moved to the top
/// level: those are printed as null).
/// A nil `[]CustomResourceDefinitionVersion` (a CRD without `spec.versions`).
pub fn nil_versions() -> String {
    match crate::versions::current().json_bad_values {
        true => "null".into(),
        false => "[]apiextensions.CustomResourceDefinitionVersion(nil)".into(),
    }
}

pub fn versions(list_: &[super::Version<'_>]) -> String {
    if !crate::versions::current().json_bad_values {
        return super::gosharp::versions(list_);
    }
    let parts: Vec<String> = list_
        .iter()
        .map(|v| {
            let schema_ = match v.schema {
                Some(sch) => object(&[("OpenAPIV3Schema", opt_schema(sch.get("openAPIV3Schema")))]),
                None => "null".into(),
            };
            object(&[
                ("Name", s(v.name)),
                ("Served", v.served.to_string()),
                ("Storage", v.storage.to_string()),
                ("Deprecated", v.deprecated.to_string()),
                (
                    "DeprecationWarning",
                    v.deprecation_warning.map_or("null".into(), s),
                ),
                ("Schema", schema_),
                ("Subresources", subresources(v.subresources)),
                ("AdditionalPrinterColumns", list(v.columns, column)),
                ("SelectableFields", list(v.selectable, selectable)),
            ])
        })
        .collect();
    format!("[{}]", parts.join(","))
}

/// `JSONSchemaPropsOrArray` holding a list of schemas.
pub fn or_array_list(items: &[Value]) -> String {
    if !crate::versions::current().json_bad_values {
        return super::gosharp::or_array_list(items);
    }
    let parts: Vec<String> = items.iter().map(schema).collect();
    object(&[
        ("Schema", "null".into()),
        ("JSONSchemas", format!("[{}]", parts.join(","))),
    ])
}
