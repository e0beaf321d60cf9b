//! The internal (`apiextensions`) Go structs of [`super::gostruct`] as the apiserver up to 1.33
//! prints them in a `field.Invalid`: Go's `%#v` (see [`crate::versions`]). A struct is
//! `apiextensions.T{Field:value, …}` with every field in declaration order; a string field
//! `%q`; a nil pointer `(*T)(nil)` and a set one `(*T)(0x…)` (its address: the apiserver's
//! changes from run to run, any stands in); a nil slice or map `[]T(nil)`, a set one
//! `[]T{…}`, maps with sorted keys; a JSON value (`interface{}`) as its decoded Go value.

use crate::field::{go_sharp_v, GO_POINTER};
use crate::go::strconv::quote;
use serde_json::{Map, Value};

fn text<'a>(m: &'a Map<String, Value>, k: &str) -> &'a str {
    m.get(k).and_then(Value::as_str).unwrap_or("")
}

fn q(m: &Map<String, Value>, k: &str) -> String {
    quote(text(m, k))
}

fn boolean(m: &Map<String, Value>, k: &str) -> String {
    (m.get(k).and_then(Value::as_bool) == Some(true)).to_string()
}

/// A pointer of Go type `*ty`: nil when absent or null.
fn ptr(ty: &str, v: Option<&Value>) -> String {
    match v {
        None | Some(Value::Null) => format!("(*{ty})(nil)"),
        Some(_) => format!("(*{ty})({GO_POINTER})"),
    }
}

/// A struct literal of type `ty` from (name, rendered value) pairs.
fn object(ty: &str, fields: &[(&str, String)]) -> String {
    let parts: Vec<String> = fields.iter().map(|(k, v)| format!("{k}:{v}")).collect();
    format!("{ty}{{{}}}", parts.join(", "))
}

/// A slice of type `ty` (`[]T` or a named slice type): nil when absent.
fn list(ty: &str, v: Option<&Value>, each: impl Fn(&Value) -> String) -> String {
    match v {
        Some(Value::Array(items)) => {
            let parts: Vec<String> = items.iter().map(each).collect();
            format!("{ty}{{{}}}", parts.join(", "))
        }
        _ => format!("{ty}(nil)"),
    }
}

/// A map of type `ty` with sorted keys: nil when absent.
fn map(ty: &str, v: Option<&Value>, each: impl Fn(&Value) -> String) -> String {
    match v {
        Some(Value::Object(m)) => {
            let mut keys: Vec<&String> = m.keys().collect();
            keys.sort();
            let parts: Vec<String> = keys
                .iter()
                .map(|k| format!("{}:{}", quote(k), each(&m[k.as_str()])))
                .collect();
            format!("{ty}{{{}}}", parts.join(", "))
        }
        _ => format!("{ty}(nil)"),
    }
}

/// A JSON value held in an `interface{}` (an element of `Enum`).
fn any(v: &Value) -> String {
    match v {
        Value::Null => "interface {}(nil)".into(),
        other => go_sharp_v(other),
    }
}

/// Stands for a set pointer.
static SET: Value = Value::Bool(true);

const PROPS: &str = "apiextensions.JSONSchemaProps";

/// `JSONSchemaProps` from its v1 JSON.
pub fn schema(v: &Value) -> String {
    let empty = Map::new();
    let m = v.as_object().unwrap_or(&empty);
    let schemas = |k: &str| list(&format!("[]{PROPS}"), m.get(k), schema);
    let props = |k: &str| map(&format!("map[string]{PROPS}"), m.get(k), schema);
    object(
        PROPS,
        &[
            ("ID", q(m, "id")),
            ("Schema", q(m, "$schema")),
            ("Ref", ptr("string", m.get("$ref"))),
            ("Description", q(m, "description")),
            ("Type", q(m, "type")),
            ("Nullable", boolean(m, "nullable")),
            ("Format", q(m, "format")),
            ("Title", q(m, "title")),
            ("Default", ptr("apiextensions.JSON", m.get("default"))),
            ("Maximum", ptr("float64", m.get("maximum"))),
            ("ExclusiveMaximum", boolean(m, "exclusiveMaximum")),
            ("Minimum", ptr("float64", m.get("minimum"))),
            ("ExclusiveMinimum", boolean(m, "exclusiveMinimum")),
            ("MaxLength", ptr("int64", m.get("maxLength"))),
            ("MinLength", ptr("int64", m.get("minLength"))),
            ("Pattern", q(m, "pattern")),
            ("MaxItems", ptr("int64", m.get("maxItems"))),
            ("MinItems", ptr("int64", m.get("minItems"))),
            ("UniqueItems", boolean(m, "uniqueItems")),
            ("MultipleOf", ptr("float64", m.get("multipleOf"))),
            ("Enum", list("[]apiextensions.JSON", m.get("enum"), any)),
            ("MaxProperties", ptr("int64", m.get("maxProperties"))),
            ("MinProperties", ptr("int64", m.get("minProperties"))),
            ("Required", list("[]string", m.get("required"), go_sharp_v)),
            (
                "Items",
                ptr("apiextensions.JSONSchemaPropsOrArray", m.get("items")),
            ),
            ("AllOf", schemas("allOf")),
            ("OneOf", schemas("oneOf")),
            ("AnyOf", schemas("anyOf")),
            ("Not", ptr(PROPS, m.get("not"))),
            ("Properties", props("properties")),
            (
                "AdditionalProperties",
                ptr(
                    "apiextensions.JSONSchemaPropsOrBool",
                    m.get("additionalProperties"),
                ),
            ),
            ("PatternProperties", props("patternProperties")),
            (
                "Dependencies",
                map(
                    "apiextensions.JSONSchemaDependencies",
                    m.get("dependencies"),
                    or_strings,
                ),
            ),
            (
                "AdditionalItems",
                ptr(
                    "apiextensions.JSONSchemaPropsOrBool",
                    m.get("additionalItems"),
                ),
            ),
            (
                "Definitions",
                map(
                    "apiextensions.JSONSchemaDefinitions",
                    m.get("definitions"),
                    schema,
                ),
            ),
            (
                "ExternalDocs",
                ptr("apiextensions.ExternalDocumentation", m.get("externalDocs")),
            ),
            ("Example", ptr("apiextensions.JSON", m.get("example"))),
            (
                "XPreserveUnknownFields",
                ptr("bool", m.get("x-kubernetes-preserve-unknown-fields")),
            ),
            (
                "XEmbeddedResource",
                boolean(m, "x-kubernetes-embedded-resource"),
            ),
            ("XIntOrString", boolean(m, "x-kubernetes-int-or-string")),
            (
                "XListMapKeys",
                list("[]string", m.get("x-kubernetes-list-map-keys"), go_sharp_v),
            ),
            ("XListType", ptr("string", m.get("x-kubernetes-list-type"))),
            ("XMapType", ptr("string", m.get("x-kubernetes-map-type"))),
            (
                "XValidations",
                list(
                    "apiextensions.ValidationRules",
                    m.get("x-kubernetes-validations"),
                    rule,
                ),
            ),
        ],
    )
}

/// `JSONSchemaPropsOrStringArray`.
fn or_strings(v: &Value) -> String {
    let (schema, property) = match v {
        Value::Array(_) => (None, Some(v)),
        other => (Some(other), None),
    };
    object(
        "apiextensions.JSONSchemaPropsOrStringArray",
        &[
            ("Schema", ptr(PROPS, schema)),
            ("Property", list("[]string", property, go_sharp_v)),
        ],
    )
}

/// One `x-kubernetes-validations` entry (`ValidationRule`).
pub fn rule(v: &Value) -> String {
    let empty = Map::new();
    let m = v.as_object().unwrap_or(&empty);
    object(
        "apiextensions.ValidationRule",
        &[
            ("Rule", q(m, "rule")),
            ("Message", q(m, "message")),
            ("MessageExpression", q(m, "messageExpression")),
            (
                "Reason",
                ptr("apiextensions.FieldValueErrorReason", m.get("reason")),
            ),
            ("FieldPath", q(m, "fieldPath")),
            ("OptionalOldSelf", ptr("bool", m.get("optionalOldSelf"))),
        ],
    )
}

fn column(v: &Value) -> String {
    let empty = Map::new();
    let m = v.as_object().unwrap_or(&empty);
    let priority = m.get("priority").map_or("0".to_string(), go_sharp_v);
    object(
        "apiextensions.CustomResourceColumnDefinition",
        &[
            ("Name", q(m, "name")),
            ("Type", q(m, "type")),
            ("Format", q(m, "format")),
            ("Description", q(m, "description")),
            ("Priority", priority),
            ("JSONPath", q(m, "jsonPath")),
        ],
    )
}

fn selectable(v: &Value) -> String {
    let empty = Map::new();
    let m = v.as_object().unwrap_or(&empty);
    object(
        "apiextensions.SelectableField",
        &[("JSONPath", q(m, "jsonPath"))],
    )
}

/// The internal `spec.versions` (see [`super::gostruct::versions`]).
pub fn versions(list_: &[super::Version<'_>]) -> String {
    const TY: &str = "apiextensions.CustomResourceDefinitionVersion";
    let parts: Vec<String> = list_
        .iter()
        .map(|v| {
            let warning = v.deprecation_warning.map(|_| &SET);
            object(
                TY,
                &[
                    ("Name", quote(v.name)),
                    ("Served", v.served.to_string()),
                    ("Storage", v.storage.to_string()),
                    ("Deprecated", v.deprecated.to_string()),
                    ("DeprecationWarning", ptr("string", warning)),
                    (
                        "Schema",
                        ptr(
                            "apiextensions.CustomResourceValidation",
                            v.schema.map(|_| &SET),
                        ),
                    ),
                    (
                        "Subresources",
                        ptr("apiextensions.CustomResourceSubresources", v.subresources),
                    ),
                    (
                        "AdditionalPrinterColumns",
                        list(
                            "[]apiextensions.CustomResourceColumnDefinition",
                            v.columns,
                            column,
                        ),
                    ),
                    (
                        "SelectableFields",
                        list("[]apiextensions.SelectableField", v.selectable, selectable),
                    ),
                ],
            )
        })
        .collect();
    format!("[]{TY}{{{}}}", parts.join(", "))
}

/// `JSONSchemaPropsOrArray` holding a list of schemas.
pub fn or_array_list(items: &[Value]) -> String {
    let parts: Vec<String> = items.iter().map(schema).collect();
    object(
        "apiextensions.JSONSchemaPropsOrArray",
        &[
            ("Schema", ptr(PROPS, None)),
            ("JSONSchemas", format!("[]{PROPS}{{{}}}", parts.join(", "))),
        ],
    )
}
