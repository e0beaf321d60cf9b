//! CRD updates: a CRD of the input that the previous objects also hold is an update of it
//! (`ValidateCustomResourceDefinitionUpdate` after the strategy's `PrepareForUpdate`). The
//! checks here are the ones only an update has: the immutable fields (`spec.group` and
//! `spec.names.plural` always; `spec.scope` and `spec.names.kind` once the CRD is established,
//! as a stored CRD is taken to be) and the stored versions (the old CRD's
//! `status.storedVersions`, else its storage version, plus the new storage version) that must
//! remain in `spec.versions`. The checks a CRD create also has are reported where CRDs are
//! loaded.

use crate::field::{BadValue, ErrorType, FieldError};
use serde_json::Value;

/// The update-only causes of the 422 an update of the CRD `old` (as the cluster holds it) to
/// `new` gets, in the apiserver's order.
pub fn crd_update_errors(old: &Value, new: &Value) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let text = |v: &Value, path: &[&str]| -> String {
        let mut at = v;
        for k in path {
            match at.get(k) {
                Some(x) => at = x,
                None => return String::new(),
            }
        }
        at.as_str().unwrap_or("").to_string()
    };
    let immutable = |path: &[&str], field: &str, errs: &mut Vec<FieldError>| {
        let (n, o) = (text(new, path), text(old, path));
        if n != o {
            errs.push(FieldError::new(
                ErrorType::Invalid,
                field.to_string(),
                BadValue::Json(Value::String(n)),
                "field is immutable",
            ));
        }
    };
    // A stored CRD is established: its scope and kind are fixed.
    immutable(&["spec", "scope"], "spec.scope", &mut errs);
    immutable(&["spec", "names", "kind"], "spec.names.kind", &mut errs);
    immutable(&["spec", "group"], "spec.group", &mut errs);
    immutable(&["spec", "names", "plural"], "spec.names.plural", &mut errs);
    stored_versions(old, new, &mut errs);
    errs
}

/// A CRD's versions: `(name, storage)` of `spec.versions`, or v1beta1's `spec.version`.
fn versions(crd: &Value) -> Vec<(String, bool)> {
    let spec = crd.get("spec");
    let listed = spec
        .and_then(|s| s.get("versions"))
        .and_then(Value::as_array);
    match listed {
        Some(list) if !list.is_empty() => list
            .iter()
            .map(|v| {
                let name = v.get("name").and_then(Value::as_str).unwrap_or("");
                let storage = v.get("storage").and_then(Value::as_bool) == Some(true);
                (name.to_string(), storage)
            })
            .collect(),
        _ => spec
            .and_then(|s| s.get("version"))
            .and_then(Value::as_str)
            .map(|v| vec![(v.to_string(), true)])
            .unwrap_or_default(),
    }
}

/// The stored versions after `PrepareForUpdate`, each still in `spec.versions`.
fn stored_versions(old: &Value, new: &Value, errs: &mut Vec<FieldError>) {
    let mut stored: Vec<String> = old
        .get("status")
        .and_then(|s| s.get("storedVersions"))
        .and_then(Value::as_array)
        .map(|l| {
            l.iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default();
    if stored.is_empty() {
        stored.extend(
            versions(old)
                .into_iter()
                .filter(|(_, s)| *s)
                .map(|(n, _)| n)
                .take(1),
        );
    }
    let new_versions = versions(new);
    if let Some((storage, _)) = new_versions.iter().find(|(_, s)| *s) {
        if !stored.contains(storage) {
            stored.push(storage.clone());
        }
    }
    for (i, v) in stored.iter().enumerate() {
        if new_versions.iter().any(|(n, _)| n == v) {
            continue;
        }
        let detail = format!("missing from spec.versions; {v} was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in {v} and removes {v} from status.storedVersions");
        errs.push(FieldError::new(
            ErrorType::Invalid,
            format!("status.storedVersions[{i}]"),
            BadValue::Json(Value::String(v.clone())),
            &detail,
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn crd(group: &str, scope: &str, kind: &str, versions: Value) -> Value {
        json!({"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
               "metadata": {"name": format!("things.{group}")},
               "spec": {"group": group, "scope": scope,
                        "names": {"kind": kind, "plural": "things"}, "versions": versions}})
    }

    fn msgs(old: &Value, new: &Value) -> Vec<String> {
        crd_update_errors(old, new)
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn immutable_fields_and_stored_versions() {
        let v1 = json!([{"name": "v1", "served": true, "storage": true}]);
        let v2 = json!([{"name": "v2", "served": true, "storage": true}]);
        let base = crd("a.test", "Namespaced", "Thing", v1.clone());
        let cases: Vec<(Value, Vec<&str>)> = vec![
            (base.clone(), vec![]),
            (
                crd("a.test", "Cluster", "Other", v1.clone()),
                vec![
                    "spec.scope: Invalid value: \"Cluster\": field is immutable",
                    "spec.names.kind: Invalid value: \"Other\": field is immutable",
                ],
            ),
            (
                crd("b.test", "Namespaced", "Thing", v1.clone()),
                vec!["spec.group: Invalid value: \"b.test\": field is immutable"],
            ),
            (
                crd("a.test", "Namespaced", "Thing", v2),
                vec!["status.storedVersions[0]: Invalid value: \"v1\": missing from spec.versions; v1 was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in v1 and removes v1 from status.storedVersions"],
            ),
        ];
        for (new, want) in cases {
            assert_eq!(msgs(&base, &new), want, "{new}");
        }
        // The old CRD's status.storedVersions count, not only its storage version.
        let mut old = crd(
            "a.test",
            "Namespaced",
            "Thing",
            json!([{"name": "v1", "storage": true}, {"name": "v1beta1", "storage": false}]),
        );
        old["status"] = json!({"storedVersions": ["v1beta1", "v1"]});
        let got = msgs(&old, &base);
        assert_eq!(got.len(), 1);
        assert!(got[0].starts_with("status.storedVersions[0]: Invalid value: \"v1beta1\""));
    }
}
