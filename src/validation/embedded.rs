//! Embedded resources (`x-kubernetes-embedded-resource`): TypeMeta and ObjectMeta of each object
//! the schema marks as one (the apiserver's `objectmeta.Validate`): `apiVersion` and `kind`
//! required, a kind that reads as a DNS-1035 label in lower case, and the ObjectMeta rules with
//! path-segment names (a namespace is validated when given). Only the paths to embedded
//! resources are walked.

use super::compile::Side;
use super::data::{Data, Obj};
use super::{names, objectmeta};
use crate::field::{BadValue, ErrorType, FieldError, Path};
use crate::schema::Structural;

/// Walks `x` (schema `s`, side `side`) below the root.
pub(super) fn validate(
    s: &Structural,
    side: &Side,
    x: &Data<'_>,
    path: &Path<'_>,
    errs: &mut Vec<FieldError>,
) {
    if !side.embedded_below {
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
    for k in ["apiVersion", "kind"] {
        if !m.contains_key(k) {
            let at = path.child(k).to_string();
            errs.push(FieldError::new(ErrorType::Required, at, BadValue::Omit, ""));
        }
    }
    if let Some(v) = m.get("apiVersion") {
        let at = path.child("apiVersion").to_string();
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
        let at = path.child("kind").to_string();
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
        let at = path.child("metadata").to_string();
        objectmeta::validate(&meta, namespaced, names::path_segment, &at, errs);
    }
}
