//! Default values as the apiserver checks them when it loads a CRD (`ValidateDefaults`): a
//! default must not contain fields that pruning would drop (the root and embedded resources keep
//! apiVersion/kind/metadata), and it must validate against its own schema (type, nullable, enum,
//! required).

use crate::field::{invalid, required, Path};
use crate::schema::structural::{Structural, StructuralOrBool};
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
            errs.push(invalid(at, &json_value(d), "must not have unknown fields"));
        }
        let at = at.to_string();
        if !root || type_meta_errors(d, &at, errs) {
            let node = path.to_string();
            let found = crate::validation::default_value_errors(s, d, &at, &node);
            errs.extend(found.iter().map(ToString::to_string));
        }
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

/// A value as a field error prints it: strings quoted, scalars plain, the rest as JSON.
fn json_value(v: &Value) -> String {
    crate::field::go_bad_value(v)
}

/// The default of a resource root must name its apiVersion and kind (it is an embedded
/// resource for this check); `false` when it does not, and the other checks are skipped.
fn type_meta_errors(d: &Value, at: &str, errs: &mut Vec<String>) -> bool {
    let Value::Object(m) = d else { return true };
    let mut ok = true;
    let detail = crate::versions::current().wording("", "must not be empty");
    for k in ["apiVersion", "kind"] {
        if m.get(k).and_then(Value::as_str).is_none_or(str::is_empty) {
            errs.push(required(format!("{at}.{k}"), detail));
            ok = false;
        }
    }
    ok
}
