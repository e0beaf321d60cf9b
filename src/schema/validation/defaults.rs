//! Default values as the apiserver checks them when it loads a CRD (`ValidateDefaults`): a
//! default must not contain fields that pruning would drop (the root and embedded resources keep
//! apiVersion/kind/metadata), and it must validate against its own schema (type, nullable, enum,
//! required).

use crate::field::{child, go_quote, go_value, invalid, not_supported, required, Path};
use crate::schema::structural::{Structural, StructuralOrBool, ValueValidation};
use serde_json::Value;

const META_FIELDS: [&str; 3] = ["apiVersion", "kind", "metadata"];

/// The unsorted default-value errors of the structural schema `s` at `path`.
pub(super) fn validate(s: &Structural, path: &str) -> Vec<String> {
    let mut errs = Vec::new();
    walk(s, &Path::Root(path), true, false, &mut errs);
    errs
}

fn walk(s: &Structural, path: &Path<'_>, root: bool, inside_meta: bool, errs: &mut Vec<String>) {
    let embedded = root || s.extensions.x_embedded_resource;
    let inside_meta = inside_meta && !embedded;
    if let Some(d) = s.generic.default.as_ref().filter(|d| !d.is_null()) {
        let at = path.child("default");
        if !inside_meta && would_prune(d, Some(s), embedded) {
            errs.push(invalid(at, &go_value(d), "must not have unknown fields"));
        }
        check_value(d, s, &at.to_string(), "", errs);
    }
    // additionalProperties is not followed: defaults are not applied there.
    if let Some(items) = &s.items {
        walk(items, &path.child("items"), false, inside_meta, errs);
    }
    let props = path.child("properties");
    for (k, sub) in &s.properties {
        let sub_inside = inside_meta || (embedded && META_FIELDS.contains(&k.as_str()));
        walk(sub, &props.key(k), false, sub_inside, errs);
    }
}

fn additional(s: &Structural) -> Option<Option<&Structural>> {
    s.additional_properties.as_deref().map(|ap| match ap {
        StructuralOrBool::Schema(sub) => Some(sub),
        StructuralOrBool::Bool(_) => None,
    })
}

/// Whether the apiserver's pruning would remove anything from `v` under `s` (`embedded`: the
/// value is a resource root whose apiVersion/kind/metadata are kept untouched).
pub(crate) fn would_prune(v: &Value, s: Option<&Structural>, embedded: bool) -> bool {
    if let Some(s) = s.filter(|s| s.extensions.x_preserve_unknown_fields) {
        return would_prune_preserving(v, s, embedded || s.extensions.x_embedded_resource);
    }
    match v {
        Value::Object(m) => {
            let Some(s) = s else {
                return !m.is_empty();
            };
            let embedded = embedded || s.extensions.x_embedded_resource;
            m.iter().any(|(k, v)| {
                if embedded && META_FIELDS.contains(&k.as_str()) {
                    return false;
                }
                match (s.properties.get(k), additional(s)) {
                    (Some(p), _) => would_prune(v, Some(p), false),
                    (None, Some(ap)) => would_prune(v, ap, false),
                    (None, None) => true,
                }
            })
        }
        Value::Array(items) => {
            let item_schema = s.and_then(|s| s.items.as_deref());
            items.iter().any(|v| would_prune(v, item_schema, false))
        }
        _ => false,
    }
}

/// Under `x-kubernetes-preserve-unknown-fields`: unknown keys stay, specified ones are pruned.
fn would_prune_preserving(v: &Value, s: &Structural, embedded: bool) -> bool {
    match v {
        Value::Object(m) => m.iter().any(|(k, v)| {
            if embedded && META_FIELDS.contains(&k.as_str()) {
                return false;
            }
            match (s.properties.get(k), additional(s)) {
                (Some(p), _) => would_prune(v, Some(p), false),
                (None, Some(ap)) => would_prune(v, ap, false),
                (None, None) => false,
            }
        }),
        Value::Array(items) => match s.items.as_deref() {
            Some(is) => items
                .iter()
                .any(|v| would_prune_preserving(v, is, is.extensions.x_embedded_resource)),
            None => false,
        },
        _ => false,
    }
}

/// `enum` and `required` of one value.
fn enum_and_required(
    v: &Value,
    vv: &ValueValidation,
    at: &str,
    name: &str,
    err_path: &str,
    errs: &mut Vec<String>,
) {
    if !vv.enum_.is_empty() && !vv.enum_.contains(v) {
        let allowed: Vec<String> = vv
            .enum_
            .iter()
            .map(|e| match e {
                Value::String(text) => text.clone(),
                other => other.to_string(),
            })
            .collect();
        let allowed: Vec<&str> = allowed.iter().map(String::as_str).collect();
        errs.push(not_supported(err_path, &go_value(v), &allowed));
    }
    if let Value::Object(m) = v {
        for r in vv.required.iter().filter(|r| !m.contains_key(*r)) {
            errs.push(required(child(at, &sub_name(name, r)), ""));
        }
    }
}

fn type_matches(t: &str, v: &Value) -> bool {
    match t {
        "string" => v.is_string(),
        "boolean" => v.is_boolean(),
        "object" => v.is_object(),
        "array" => v.is_array(),
        "number" => v.is_number(),
        "integer" => match v {
            Value::Number(n) => {
                n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f == f.trunc())
            }
            _ => false,
        },
        _ => true,
    }
}

fn sub_name(name: &str, k: &str) -> String {
    if name.is_empty() {
        k.to_string()
    } else {
        format!("{name}.{k}")
    }
}

/// The schema validation of a default value (kube-openapi's validator, as the apiserver reports
/// it): `name` is the path inside the value, `at` the schema path of the `default`.
fn check_value(v: &Value, s: &Structural, at: &str, name: &str, errs: &mut Vec<String>) {
    let err_path = if name.is_empty() {
        at.to_string()
    } else {
        child(at, name)
    };
    let t: &str = &s.generic.type_;
    if v.is_null() {
        if !t.is_empty() && !s.generic.nullable {
            let detail = format!("{name} in body must be of type {t}: \"null\"");
            errs.push(invalid(err_path, "\"null\"", &detail));
        }
        return;
    }
    if !type_matches(t, v) {
        let detail = match v {
            Value::String(text) => {
                format!("{name} in body must be of type {t}: {}", go_quote(text))
            }
            _ => format!("{name} in body must be of type {t}"),
        };
        errs.push(invalid(err_path, &go_value(v), &detail));
        return;
    }
    if let Some(vv) = s.value_validation.as_deref() {
        enum_and_required(v, vv, at, name, &err_path, errs);
    }
    match v {
        Value::Object(m) => {
            for (k, sub) in m {
                let schema = match (s.properties.get(k), additional(s)) {
                    (Some(p), _) => p,
                    (None, Some(Some(ap))) => ap,
                    _ => continue,
                };
                check_value(sub, schema, at, &sub_name(name, k), errs);
            }
        }
        Value::Array(items) => {
            if let Some(is) = s.items.as_deref() {
                for (i, item) in items.iter().enumerate() {
                    check_value(item, is, at, &format!("{name}[{i}]"), errs);
                }
            }
        }
        _ => {}
    }
}
