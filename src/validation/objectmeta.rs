//! ObjectMeta validation on create (apimachinery's `ValidateObjectMetaAccessor`): generateName and
//! name with the kind's name rule, namespace, generation, labels, annotations (keys and total
//! size), ownerReferences and finalizers. `managedFields` is not checked.

use super::data::{Data, Obj};
use crate::field::{BadValue, ErrorType, FieldError};
use crate::go::strconv::quote;
use crate::names;
use serde_json::Value;
use std::fmt::Write;

/// A name rule: `(name, is_prefix) -> messages`.
pub(super) type NameRule = fn(&str, bool) -> Vec<String>;

/// The largest total size of annotation keys and values.
const ANNOTATIONS_LIMIT: i64 = 256 * 1024;

fn text<'a>(m: &'a Obj<'_>, k: &str) -> &'a str {
    m.get(k).and_then(Data::as_str).unwrap_or("")
}

fn invalid(path: String, value: &str, detail: &str) -> FieldError {
    FieldError::new(
        ErrorType::Invalid,
        path,
        BadValue::Json(Value::String(value.to_string())),
        detail,
    )
}

/// Validates the ObjectMeta `meta` found at `path` (`metadata`, `spec.template.metadata`).
/// Field paths are only rendered for an error.
pub(super) fn validate(
    meta: &Obj<'_>,
    namespaced: bool,
    name_rule: NameRule,
    path: &str,
    errs: &mut Vec<FieldError>,
) {
    names(meta, name_rule, path, errs);
    let at = |k: &str| format!("{path}.{k}");
    namespace(text(meta, "namespace"), namespaced, path, errs);
    if let Some(g) = meta
        .get("generation")
        .and_then(Data::as_i64)
        .filter(|g| *g < 0)
    {
        let v = BadValue::Json(Value::from(g));
        let detail = "must be greater than or equal to 0";
        errs.push(FieldError::new(
            ErrorType::Invalid,
            at("generation"),
            v,
            detail,
        ));
    }
    labels(meta.get("labels"), path, errs);
    annotations(meta.get("annotations"), path, errs);
    if let Some(Data::Array(refs)) = meta.get("ownerReferences") {
        owner_references(refs, &at("ownerReferences"), errs);
    }
    if let Some(Data::Array(list)) = meta.get("finalizers") {
        finalizers(list, &at("finalizers"), errs);
    }
}

/// The ObjectMeta update checks (apimachinery's `ValidateObjectMetaAccessorUpdate`) of a
/// new object whose name and namespace are its old object's (how updates are matched), whose
/// generation, uid and creationTimestamp `BeforeUpdate` made the old one's, and whose old
/// object has no deletion fields (its create cleared them): a deletion field set is a change
/// of an immutable field; its labels, annotations and ownerReferences, checked again.
pub(super) fn update(meta: &Obj<'_>, path: &str, errs: &mut Vec<FieldError>) {
    let immutable = "field is immutable";
    if let Some(Data::Str(t)) = meta.get("deletionTimestamp") {
        let value = crate::go::time::parse_rfc3339(t)
            .ok()
            .and_then(|p| meta_time(&p))
            .map(BadValue::Text);
        let value = value.unwrap_or_else(|| BadValue::Json(Value::String(t.to_string())));
        let at = format!("{path}.deletionTimestamp");
        errs.push(FieldError::new(ErrorType::Invalid, at, value, immutable));
    }
    if let Some(g) = meta
        .get("deletionGracePeriodSeconds")
        .and_then(Data::as_i64)
    {
        let at = format!("{path}.deletionGracePeriodSeconds");
        let value = BadValue::Json(Value::from(g));
        errs.push(FieldError::new(ErrorType::Invalid, at, value, immutable));
    }
    labels(meta.get("labels"), path, errs);
    annotations(meta.get("annotations"), path, errs);
    if let Some(Data::Array(refs)) = meta.get("ownerReferences") {
        owner_references(refs, &format!("{path}.ownerReferences"), errs);
    }
}

/// A `metav1.Time` as a bad value shows it: from 1.34 as JSON (`MarshalJSON`: RFC 3339 in
/// UTC, whole seconds, quoted), before as its `String()` (Go's `time.Time.String` in the
/// apiserver's zone, UTC). `None` for a time chrono cannot hold (none RFC 3339 reads).
fn meta_time(t: &crate::go::time::Parsed) -> Option<String> {
    let t = chrono::DateTime::from_timestamp(t.unix, t.nanos)?;
    Some(match crate::versions::current().json_bad_values {
        true => format!("\"{}\"", crate::go::time::format_rfc3339_utc(&t)),
        false => crate::go::time::utc_string(&t),
    })
}

/// The name and generateName checks alone (with `name_rule`): the rest of the ObjectMeta rules
/// do not depend on the name rule.
pub(super) fn names(meta: &Obj<'_>, name_rule: NameRule, path: &str, errs: &mut Vec<FieldError>) {
    let at = |k: &str| format!("{path}.{k}");
    let generate_name = text(meta, "generateName");
    if !generate_name.is_empty() {
        for m in name_rule(generate_name, true) {
            errs.push(invalid(at("generateName"), generate_name, &m));
        }
    }
    let name = text(meta, "name");
    if name.is_empty() {
        let detail = "name or generateName is required";
        let required = ErrorType::Required;
        errs.push(FieldError::new(
            required,
            at("name"),
            BadValue::Omit,
            detail,
        ));
    } else {
        for m in name_rule(name, false) {
            errs.push(invalid(at("name"), name, &m));
        }
    }
}

fn namespace(ns: &str, namespaced: bool, meta_path: &str, errs: &mut Vec<FieldError>) {
    let path = || format!("{meta_path}.namespace");
    if !namespaced {
        if !ns.is_empty() {
            let detail = "not allowed on this type";
            errs.push(FieldError::new(
                ErrorType::Forbidden,
                path(),
                BadValue::Omit,
                detail,
            ));
        }
        return;
    }
    if ns.is_empty() {
        errs.push(FieldError::new(
            ErrorType::Required,
            path(),
            BadValue::Omit,
            "",
        ));
        return;
    }
    for m in names::namespace_name(ns) {
        errs.push(invalid(path(), ns, &m));
    }
}

fn string_map<'a>(v: Option<&'a Data<'_>>) -> impl Iterator<Item = (&'a str, &'a str)> {
    v.and_then(Data::as_object)
        .into_iter()
        .flat_map(Obj::iter)
        .map(|(k, v)| (k, v.as_str().unwrap_or("")))
}

fn labels(v: Option<&Data<'_>>, meta_path: &str, errs: &mut Vec<FieldError>) {
    let path = || format!("{meta_path}.labels");
    for (k, value) in string_map(v) {
        for m in names::qualified_name(k) {
            errs.push(invalid(path(), k, &m));
        }
        for m in names::label_value(value) {
            errs.push(invalid(path(), value, &m));
        }
    }
}

fn annotations(v: Option<&Data<'_>>, meta_path: &str, errs: &mut Vec<FieldError>) {
    let path = || format!("{meta_path}.annotations");
    let mut size: i64 = 0;
    for (k, value) in string_map(v) {
        let lower = match k.chars().any(char::is_uppercase) {
            true => std::borrow::Cow::Owned(k.to_lowercase()),
            false => std::borrow::Cow::Borrowed(k),
        };
        for m in names::qualified_name(&lower) {
            errs.push(invalid(path(), k, &m));
        }
        size += (k.len() + value.len()) as i64;
    }
    if size > ANNOTATIONS_LIMIT {
        let detail = format!("may not be more than {ANNOTATIONS_LIMIT} bytes");
        errs.push(FieldError::new(
            ErrorType::TooLong,
            path(),
            BadValue::Omit,
            &detail,
        ));
    }
}

/// One ownerReference as Go's `json.Marshal` writes the struct (fields in declaration order).
fn owner_json(r: &Obj<'_>) -> String {
    let mut out = String::from("{");
    for (i, k) in ["apiVersion", "kind", "name", "uid"].iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(
            out,
            "{}:{}",
            quote(k),
            crate::field::go_json(&Value::String(text(r, k).into()))
        );
    }
    for k in ["controller", "blockOwnerDeletion"] {
        if let Some(Data::Bool(b)) = r.get(k) {
            let _ = write!(out, ",{}:{b}", quote(k));
        }
    }
    out.push('}');
    out
}

fn owner_references(refs: &[Data<'_>], path: &str, errs: &mut Vec<FieldError>) {
    let mut first_controller: Option<String> = None;
    for r in refs.iter().filter_map(Data::as_object) {
        let (api_version, kind) = (text(r, "apiVersion"), text(r, "kind"));
        let version = match api_version.matches('/').count() {
            _ if api_version.is_empty() || api_version == "/" => "",
            0 => api_version,
            1 => api_version.split_once('/').map_or("", |(_, v)| v),
            _ => "",
        };
        let b = crate::versions::current();
        let checks = [
            (
                "apiVersion",
                version.is_empty(),
                api_version,
                "version must not be empty",
            ),
            (
                "kind",
                kind.is_empty(),
                kind,
                b.wording("must not be empty", "kind must not be empty"),
            ),
            (
                "name",
                text(r, "name").is_empty(),
                "",
                b.wording("must not be empty", "name must not be empty"),
            ),
            (
                "uid",
                text(r, "uid").is_empty(),
                "",
                b.wording("must not be empty", "uid must not be empty"),
            ),
        ];
        for (field, bad, value, detail) in checks {
            if bad {
                errs.push(invalid(format!("{path}.{field}"), value, detail));
            }
        }
        if api_version == "v1" && kind == "Event" {
            let v = BadValue::Text(owner_json(r));
            let detail = "/v1, Kind=Event is disallowed from being an owner";
            errs.push(FieldError::new(ErrorType::Invalid, path, v, detail));
        }
        if matches!(r.get("controller"), Some(Data::Bool(true))) {
            let current = format!("{kind}/{}", text(r, "name"));
            match &first_controller {
                Some(first) => {
                    let all: Vec<String> = refs
                        .iter()
                        .filter_map(Data::as_object)
                        .map(owner_json)
                        .collect();
                    let v = BadValue::Text(format!("[{}]", all.join(",")));
                    let detail = format!("Only one reference can have Controller set to true. Found \"true\" in references for {first} and {current}");
                    errs.push(FieldError::new(ErrorType::Invalid, path, v, &detail));
                }
                None => first_controller = Some(current),
            }
        }
    }
}

fn finalizers(list: &[Data<'_>], path: &str, errs: &mut Vec<FieldError>) {
    let names: Vec<&str> = list.iter().filter_map(Data::as_str).collect();
    for f in &names {
        for m in names::qualified_name(f) {
            errs.push(invalid(path.to_string(), f, &m));
        }
    }
    if names.contains(&"orphan") && names.contains(&"foregroundDeletion") {
        let v = BadValue::Json(Value::from(names.clone()));
        let detail = "finalizer orphan and foregroundDeletion cannot be both set";
        errs.push(FieldError::new(ErrorType::Invalid, path, v, detail));
    }
}

#[cfg(test)]
mod tests {
    use super::meta_time;
    use crate::versions::{enter, Behaviours, KubeVersion};

    #[test]
    fn a_deletion_timestamp_is_shown_as_each_version_shows_a_meta_time() {
        let t = crate::go::time::parse_rfc3339("1970-01-01T02:16:40.250+02:00").unwrap();
        let at = |minor| {
            let _v = enter(Behaviours::of(KubeVersion::of_minor(minor).unwrap()));
            meta_time(&t).unwrap()
        };
        // From 1.34 as JSON (`MarshalJSON`: UTC, whole seconds), before as `String()`.
        assert_eq!(at(36), "\"1970-01-01T00:16:40Z\"");
        assert_eq!(at(34), "\"1970-01-01T00:16:40Z\"");
        assert_eq!(at(33), "1970-01-01 00:16:40.25 +0000 UTC");
    }
}
