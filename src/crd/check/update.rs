//! A CRD update (`ValidateCustomResourceDefinitionUpdate` after `PrepareForUpdate`): the old CRD
//! is taken as established; the new one gets the old `status` (its `storedVersions`, or the old
//! storage version when it has none) plus its own storage version. Rules the old CRD already
//! broke stay off (ratcheting): a missing schema, non-atomic set items, map-list keys neither
//! required nor defaulted, unrecognized conversion review versions, too many unchanged
//! selectable fields, an unchanged API-approval state, `preserveUnknownFields: true`.

use super::checks::{self, approval_state, Opts};
use super::{lists, Spec};
use crate::field::FieldError;
use serde_json::{Map, Value};

/// The causes of a 422 for updating the CRD `old` to `new` that the loader does not give (the
/// schemas' structural, default and CEL checks are the create's), in the apiserver's order.
/// Empty when either is not a v1 CRD.
pub fn validate_update(old: &Value, new: &Value) -> Vec<FieldError> {
    let v1 =
        |c: &Value| c.get("apiVersion").and_then(Value::as_str) == Some("apiextensions.k8s.io/v1");
    if !v1(old) || !v1(new) {
        return Vec::new();
    }
    let spec_of = |c: &'_ Value| -> Map<String, Value> {
        c.get("spec")
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default()
    };
    let (old_map, new_map) = (spec_of(old), spec_of(new));
    if !super::versions_decode(&new_map) {
        return Vec::new();
    }
    let old_spec = Spec::of(&old_map);
    let spec = Spec::of(&new_map);
    let stored = stored_on_update(old, &old_spec, &spec);
    let opts = options(old, &old_spec, &spec);
    let meta = new.get("metadata").unwrap_or(&Value::Null);
    checks::all(meta, &spec, &stored, &opts, Some(&old_spec))
}

/// The new CRD's `status.storedVersions`: the old ones (or the old storage version), then the
/// new storage version when it is not among them.
fn stored_on_update(old: &Value, old_spec: &Spec<'_>, spec: &Spec<'_>) -> Vec<String> {
    let listed: Vec<String> = old
        .get("status")
        .and_then(|s| s.get("storedVersions"))
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default();
    let mut stored = match listed.is_empty() {
        false => listed,
        true => old_spec
            .versions
            .iter()
            .find(|v| v.storage)
            .map(|v| vec![v.name.to_string()])
            .unwrap_or_default(),
    };
    if let Some(v) = spec.versions.iter().find(|v| v.storage) {
        if !stored.iter().any(|s| s == v.name) {
            stored.push(v.name.to_string());
        }
    }
    stored
}

/// Every schema of a spec (top level and per version).
fn schemas<'a>(spec: &Spec<'a>) -> Vec<&'a Value> {
    std::iter::once(spec.validation)
        .chain(spec.versions.iter().map(|v| v.schema))
        .flatten()
        .filter_map(|v| v.get("openAPIV3Schema"))
        .filter(|s| !s.is_null())
        .collect()
}

fn options(old: &Value, old_spec: &Spec<'_>, spec: &Spec<'_>) -> Opts {
    let review = old_spec
        .conversion
        .and_then(|c| c.get("webhook"))
        .and_then(|w| w.get("conversionReviewVersions"))
        .and_then(Value::as_array);
    let recognized = match review {
        None => true,
        Some(list) if list.is_empty() => true,
        Some(list) => list
            .iter()
            .any(|v| matches!(v.as_str(), Some("v1" | "v1beta1"))),
    };
    let all_have_schema = old_spec
        .validation
        .and_then(|v| v.get("openAPIV3Schema"))
        .is_some_and(|s| !s.is_null())
        || old_spec.versions.iter().all(|v| {
            v.schema
                .and_then(|s| s.get("openAPIV3Schema"))
                .is_some_and(|s| !s.is_null())
        });
    let old_schemas = schemas(old_spec);
    let mut allow = Vec::new();
    let count = |v: Option<&Value>| v.and_then(Value::as_array).map_or(0, Vec::len);
    let same = |a: Option<&Value>, b: Option<&Value>| a == b || (count(a) == 0 && count(b) == 0);
    if count(old_spec.selectable) > 8 && same(old_spec.selectable, spec.selectable) {
        allow.push(String::new());
    }
    for v in &spec.versions {
        if let Some(o) = old_spec.versions.iter().find(|o| o.name == v.name) {
            if count(o.selectable) > 8 && same(o.selectable, v.selectable) {
                allow.push(v.name.to_string());
            }
        }
    }
    // Before 1.35 the limit held on every update (`Change::SelectableFieldsRatcheting`).
    if !crate::versions::current().selectable_fields_ratcheting {
        allow.clear();
    }
    Opts {
        require_recognized_review_version: recognized,
        require_open_api_schema: all_have_schema,
        require_atomic_set_type: !old_schemas.iter().any(|s| lists::has_non_atomic_set(s)),
        require_map_list_keys: !old_schemas
            .iter()
            .any(|s| lists::has_invalid_map_list_keys(s)),
        allow_too_many_selectable: allow,
        old_approval: Some(approval_state(old.get("metadata").unwrap_or(&Value::Null)).0),
        old_preserve_unknown_fields: old_spec.preserve_unknown_fields,
        // The old CRD is established (a stored one is): its bundle decides.
        allow_invalid_ca_bundle: old_spec
            .conversion
            .and_then(|c| c.get("webhook"))
            .and_then(|w| w.get("clientConfig"))
            .and_then(|cc| cc.get("caBundle"))
            .and_then(super::cabundle::loads)
            == Some(false),
    }
}

#[cfg(test)]
#[path = "update/tests.rs"]
mod tests;
