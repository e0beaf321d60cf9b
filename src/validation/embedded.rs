//! Embedded resources (`x-kubernetes-embedded-resource`): TypeMeta and ObjectMeta of each object
//! the schema marks as one (the apiserver's `objectmeta.Validate`): `apiVersion` and `kind`
//! required, a kind that reads as a DNS-1035 label in lower case, and the ObjectMeta rules with
//! path-segment names (a namespace is validated when given). Only the paths to embedded
//! resources are walked.

use super::compile::Side;
use super::data::{Data, Obj};
use super::objectmeta;
use crate::field::{BadValue, ErrorType, FieldError, Path};
use crate::names;
use crate::schema::Structural;
use serde_json::Value;

/// Walks `x` (schema `s`, side `side`) below the root.
pub(super) fn validate(
    s: &Structural,
    side: &Side,
    x: &Data<'_>,
    path: &Path<'_>,
    errs: &mut Vec<FieldError>,
) {
    if !s.embedded_below {
        return;
    }
    match x {
        Data::Object(m) => {
            if s.extensions.x_embedded_resource {
                resource(m, path, errs);
            }
            side.each_child(s, m, path, |p, child, v, at| {
                validate(p, child, v, at, errs)
            });
        }
        Data::Array(items) => {
            if let (Some(item), Some(child)) = (s.items.as_deref(), side.items.as_deref()) {
                for (i, v) in items.iter().enumerate() {
                    validate(item, child, v, &path.index(i), errs);
                }
            }
        }
        _ => {}
    }
}

fn invalid(path: String, value: &Data<'_>, detail: &str) -> FieldError {
    FieldError::new(
        ErrorType::Invalid,
        path,
        BadValue::Json(value.to_value()),
        detail,
    )
}

fn resource(m: &Obj<'_>, path: &Path<'_>, errs: &mut Vec<FieldError>) {
    // Reworded in 1.34 (`must not be empty` before; see `crate::versions`).
    let detail = crate::versions::current().wording("", "must not be empty");
    for k in ["apiVersion", "kind"] {
        if !m.contains_key(k) {
            let at = path.child(k).render();
            errs.push(FieldError::new(
                ErrorType::Required,
                at,
                BadValue::Omit,
                detail,
            ));
        }
    }
    if let Some(v) = m.get("apiVersion") {
        let at = path.child("apiVersion").render();
        match v.as_str() {
            None => errs.push(invalid(at, v, "must be a string")),
            Some("") => errs.push(invalid(at, v, "must not be empty")),
            Some(s) if s.matches('/').count() > 1 => {
                errs.push(invalid(
                    at,
                    v,
                    &format!("unexpected GroupVersion string: {s}"),
                ));
            }
            Some(_) => {}
        }
    }
    if let Some(v) = m.get("kind") {
        let at = path.child("kind").render();
        match v.as_str() {
            None => errs.push(invalid(at, v, "must be a string")),
            Some("") => errs.push(invalid(at, v, "must not be empty")),
            Some(kind) => {
                let msgs = names::dns1035_label(&kind.to_lowercase());
                if !msgs.is_empty() {
                    let detail = format!(
                        "may have mixed case, but should otherwise match: {}",
                        msgs.join(",")
                    );
                    errs.push(invalid(at, v, &detail));
                }
            }
        }
    }
    if let Some(Data::Object(meta)) = m.get("metadata") {
        let mut meta = meta.clone();
        if meta
            .get("name")
            .and_then(Data::as_str)
            .unwrap_or("")
            .is_empty()
        {
            meta.insert("name", Data::Str("fakename".into()));
        }
        let namespaced = !meta
            .get("namespace")
            .and_then(Data::as_str)
            .unwrap_or("")
            .is_empty();
        let at = path.child("metadata").render();
        objectmeta::validate(&meta, namespaced, names::path_segment, &at, errs);
    }
}

/// `objectmeta.Coerce` with malformed fields kept (apiextensions-apiserver
/// `pkg/apiserver/schema/objectmeta/coerce.go`) of the JSON value `x` under `s` at `path`,
/// `embedded` when `x` is a resource (the root of its check, or an embedded resource): the first
/// error, an `apiVersion`/`kind` that is not a string or a `metadata` that does not decode
/// (keys taken in sorted order where Go's map order picks one at random). Like Coerce, it
/// rewrites each decoded `metadata` in place, round-tripped through ObjectMeta.
pub(crate) fn coerce_value(
    x: &mut Value,
    s: &Structural,
    embedded: bool,
    path: &Path<'_>,
) -> Option<FieldError> {
    match x {
        Value::Object(m) => {
            let mut keys: Vec<String> = m.keys().cloned().collect();
            keys.sort();
            for k in &keys {
                if embedded {
                    let v = &m[k];
                    match k.as_str() {
                        "apiVersion" | "kind" if !v.is_string() => {
                            let at = path.child(k).render();
                            return Some(json_invalid(at, v, "must be a string"));
                        }
                        "metadata" => {
                            if let Some(e) = crate::objectmeta::decode_error(v) {
                                let at = path.child("metadata").render();
                                return Some(json_invalid(at, v, &e.message));
                            }
                            if !v.is_null() {
                                let again = crate::objectmeta::round_tripped(v);
                                m.insert(k.clone(), again);
                            }
                        }
                        _ => {}
                    }
                }
                let v = m.get_mut(k).expect("a key of the map");
                let found = match (s.properties.get(k.as_str()), s.additional()) {
                    (Some(p), _) => {
                        coerce_value(v, p, p.extensions.x_embedded_resource, &path.child(k))
                    }
                    (None, Some(Some(a))) => {
                        coerce_value(v, a, a.extensions.x_embedded_resource, &path.key(k))
                    }
                    _ => None,
                };
                if found.is_some() {
                    return found;
                }
            }
            None
        }
        Value::Array(items) => {
            let is = s.items.as_deref()?;
            items.iter_mut().enumerate().find_map(|(i, v)| {
                coerce_value(v, is, is.extensions.x_embedded_resource, &path.index(i))
            })
        }
        _ => None,
    }
}

/// `objectmeta.Validate` (apiextensions-apiserver `pkg/apiserver/schema/objectmeta/validation.go`)
/// of the JSON value `x` under `s` at `path` (`embedded`: `x` is a resource): TypeMeta and
/// ObjectMeta of every resource the schema reaches.
pub(crate) fn validate_value(
    x: &Value,
    s: &Structural,
    embedded: bool,
    path: &Path<'_>,
    errs: &mut Vec<FieldError>,
) {
    match x {
        Value::Object(m) => {
            if embedded {
                if let Data::Object(o) = Data::of_value(x) {
                    resource(&o, path, errs);
                }
            }
            for (k, v) in m {
                match (s.properties.get(k.as_str()), s.additional()) {
                    (Some(p), _) => {
                        validate_value(v, p, p.extensions.x_embedded_resource, &path.child(k), errs)
                    }
                    (None, Some(Some(a))) => {
                        validate_value(v, a, a.extensions.x_embedded_resource, &path.key(k), errs)
                    }
                    _ => {}
                }
            }
        }
        Value::Array(items) => {
            if let Some(is) = s.items.as_deref() {
                for (i, v) in items.iter().enumerate() {
                    validate_value(
                        v,
                        is,
                        is.extensions.x_embedded_resource,
                        &path.index(i),
                        errs,
                    );
                }
            }
        }
        _ => {}
    }
}

fn json_invalid(path: String, value: &Value, detail: &str) -> FieldError {
    FieldError::new(
        ErrorType::Invalid,
        path,
        BadValue::Json(value.clone()),
        detail,
    )
}
