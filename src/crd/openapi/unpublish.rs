//! Undoes what the apiserver's OpenAPI publishing does to a CRD's schema, where that can be
//! done safely, so a published schema prunes and defaults as the CRD's own schema would:
//!
//! - The root: `x-kubernetes-group-version-kind` is document metadata, not schema, and is
//!   removed. A root without `properties`/`additionalProperties` is what the apiserver publishes
//!   for a version without a (structural) schema, or (swagger 2.0) one that preserves unknown
//!   fields: it becomes `x-kubernetes-preserve-unknown-fields: true`, so nothing is pruned.
//! - Swagger 2.0 only: publishing clears `type` (and `properties`/`items`) of nullable fields,
//!   of `x-kubernetes-preserve-unknown-fields` objects and of arrays left without items. A
//!   field left with no type and no structure becomes "anything": `nullable: true` plus
//!   `x-kubernetes-preserve-unknown-fields: true` (its value is kept, nulls included). An
//!   embedded resource that lost its `type` gets `type: object` back.

use serde_json::{Map, Value};

const PRESERVE: &str = "x-kubernetes-preserve-unknown-fields";

/// Applies the repairs above to a resolved root schema.
pub(super) fn undo(root: &mut Value, swagger2: bool) {
    let Value::Object(map) = root else {
        return;
    };
    map.remove("x-kubernetes-group-version-kind");
    if !map.contains_key("properties") && !map.contains_key("additionalProperties") {
        map.insert(PRESERVE.to_string(), Value::Bool(true));
    }
    if swagger2 {
        for key in ["properties", "additionalProperties", "items"] {
            if let Some(child) = map.get_mut(key) {
                repair_children(key, child);
            }
        }
    }
}

/// Repairs every schema below a `properties`/`items`/`additionalProperties` keyword.
fn repair_children(keyword: &str, child: &mut Value) {
    match (keyword, child) {
        ("properties", Value::Object(props)) => props.values_mut().for_each(repair),
        ("items", Value::Array(items)) => items.iter_mut().for_each(repair),
        (_, node @ Value::Object(_)) => repair(node),
        _ => {}
    }
}

/// Repairs one swagger 2.0 schema node and everything below it.
fn repair(node: &mut Value) {
    let Value::Object(map) = node else {
        return;
    };
    if is_true(map, "x-kubernetes-embedded-resource") && type_of(map).is_empty() {
        map.insert("type".to_string(), Value::String("object".to_string()));
    }
    let structureless = !["properties", "items", "additionalProperties"]
        .iter()
        .any(|k| map.contains_key(*k));
    let untyped = type_of(map).is_empty()
        && !is_true(map, PRESERVE)
        && !is_true(map, "x-kubernetes-int-or-string");
    if untyped && structureless {
        map.insert("nullable".to_string(), Value::Bool(true));
        map.insert(PRESERVE.to_string(), Value::Bool(true));
    }
    for key in ["properties", "additionalProperties", "items"] {
        if let Some(child) = map.get_mut(key) {
            repair_children(key, child);
        }
    }
}

fn type_of(map: &Map<String, Value>) -> &str {
    map.get("type").and_then(Value::as_str).unwrap_or("")
}

fn is_true(map: &Map<String, Value>, key: &str) -> bool {
    map.get(key) == Some(&Value::Bool(true))
}
