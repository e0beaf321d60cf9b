//! The schema rules of `ValidateCustomResourceDefinitionOpenAPISchema` the structural check
//! does not give: `x-kubernetes-map-type` and `x-kubernetes-list-type` with the type they need,
//! a set's items atomic, a map list's keys (item properties, scalar, required or defaulted, not
//! nullable), a map list's items a single object schema. Walked over the v1 JSON schema the way
//! the apiserver walks it (properties, additionalProperties, not, allOf, oneOf, anyOf,
//! definitions, items, dependencies).

use super::checks::Opts;
use crate::field::{BadValue, ErrorType, FieldError, Path};
use crate::go::strconv::quote;
use serde_json::{Map, Value};

fn err(t: ErrorType, path: String, value: BadValue, detail: &str) -> FieldError {
    FieldError::new(t, path, value, detail)
}

fn not_supported(path: String, value: &str, allowed: &[&str]) -> FieldError {
    let list: Vec<String> = allowed.iter().map(|a| quote(a)).collect();
    let detail = format!("supported values: {}", list.join(", "));
    err(
        ErrorType::NotSupported,
        path,
        BadValue::Json(Value::String(value.to_string())),
        &detail,
    )
}

fn text<'a>(m: &'a Map<String, Value>, k: &str) -> Option<&'a str> {
    m.get(k).and_then(Value::as_str)
}

/// The errors of the schema `s` at `path` and below.
pub(super) fn validate(s: &Value, path: &str, opts: &Opts, errs: &mut Vec<FieldError>) {
    walk(s, &Path::Root(path), opts, errs);
}

/// [`validate`] at `path` (written out only at a node with rules to check).
fn walk(s: &Value, path: &Path<'_>, opts: &Opts, errs: &mut Vec<FieldError>) {
    let Some(m) = s.as_object() else { return };
    // One pass over the node's keys (a lookup hashes its key), then the walk in the
    // apiserver's order.
    let mut sub: [Option<&Value>; 9] = Default::default();
    let mut rules = false;
    for (k, v) in m {
        let slot = match k.as_str() {
            "additionalProperties" => 0,
            "properties" => 1,
            "not" => 2,
            "allOf" => 3,
            "oneOf" => 4,
            "anyOf" => 5,
            "definitions" => 6,
            "dependencies" => 7,
            "items" => 8,
            "x-kubernetes-map-type"
            | "x-kubernetes-list-type"
            | "x-kubernetes-list-map-keys"
            | "x-kubernetes-validations" => {
                rules = true;
                continue;
            }
            _ => continue,
        };
        sub[slot] = Some(v);
    }
    let [ap, props, not, all_of, one_of, any_of, defs, deps, items] = sub;
    if let Some(ap @ Value::Object(_)) = ap {
        walk(ap, &path.child("additionalProperties"), opts, errs);
    }
    if let Some(Value::Object(props)) = props {
        let mut entries: Vec<(&String, &Value)> = props.iter().collect();
        entries.sort_unstable_by_key(|(k, _)| *k);
        let properties = path.child("properties");
        for (k, v) in entries {
            walk(v, &properties.key(k), opts, errs);
        }
    }
    if let Some(not) = not {
        walk(not, &path.child("not"), opts, errs);
    }
    for (j, list) in [("allOf", all_of), ("oneOf", one_of), ("anyOf", any_of)] {
        if let Some(Value::Array(list)) = list {
            let junctor = path.child(j);
            for (i, sub) in list.iter().enumerate() {
                walk(sub, &junctor.index(i), opts, errs);
            }
        }
    }
    for (j, defs) in [("definitions", defs), ("dependencies", deps)] {
        if let Some(Value::Object(defs)) = defs {
            let mut entries: Vec<(&String, &Value)> = defs.iter().collect();
            entries.sort_unstable_by_key(|(k, _)| *k);
            let named = path.child(j);
            for (k, v) in entries {
                walk(v, &named.key(k), opts, errs);
            }
        }
    }
    match items {
        Some(Value::Array(list)) => {
            let items = path.child("items");
            for (i, sub) in list.iter().enumerate() {
                walk(sub, &items.index(i), opts, errs);
            }
        }
        Some(items @ Value::Object(_)) => walk(items, &path.child("items"), opts, errs),
        _ => {}
    }
    // Every rule of `node` is about one of those four keywords.
    if rules {
        node(m, &path.render(), opts, errs);
    }
}

/// The rules about one schema node.
fn node(m: &Map<String, Value>, path: &str, opts: &Opts, errs: &mut Vec<FieldError>) {
    let t = text(m, "type").unwrap_or("");
    let map_type = text(m, "x-kubernetes-map-type");
    let list_type = text(m, "x-kubernetes-list-type");
    let listed = m
        .get("x-kubernetes-list-map-keys")
        .and_then(Value::as_array);
    let keys: Vec<&str> = listed
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    // The keys as a Go `[]string` (nil when the list is absent).
    let keys_json = || {
        let owned: Option<Vec<String>> =
            listed.map(|_| keys.iter().map(|k| k.to_string()).collect());
        BadValue::Text(crate::field::go_bad_strings(owned.as_deref()))
    };
    let items = m.get("items").filter(|v| !v.is_null());
    let item = items.and_then(Value::as_object);
    let at = |k: &str| format!("{path}.{k}");
    if map_type.is_some() && t != "object" {
        let detail = "must be object if x-kubernetes-map-type is specified";
        errs.push(type_error(at("type"), t, detail));
    }
    if let Some(mt) = map_type.filter(|mt| !matches!(*mt, "atomic" | "granular")) {
        errs.push(not_supported(
            at("x-kubernetes-map-type"),
            mt,
            &["atomic", "granular"],
        ));
    }
    if list_type.is_some() && t != "array" {
        let detail = "must be array if x-kubernetes-list-type is specified";
        errs.push(type_error(at("type"), t, detail));
    } else if let (true, Some("set"), Some(is)) = (opts.require_atomic_set_type, list_type, item) {
        let detail = "must be atomic as item of a list with x-kubernetes-list-type=set";
        // The apiserver prints the items' list type in both cases.
        let shown = BadValue::Text(crate::field::go_bad_string_ptr(
            is.get("x-kubernetes-list-type").and_then(Value::as_str),
        ));
        match text(is, "type") {
            Some("array") if text(is, "x-kubernetes-list-type").is_some_and(|l| l != "atomic") => {
                let p = format!("{path}.items.x-kubernetes-list-type");
                errs.push(err(ErrorType::Invalid, p, shown, detail));
            }
            Some("object") if text(is, "x-kubernetes-map-type") != Some("atomic") => {
                let p = format!("{path}.items.x-kubernetes-map-type");
                errs.push(err(ErrorType::Invalid, p, shown, detail));
            }
            _ => {}
        }
    }
    if let Some(lt) = list_type.filter(|lt| !matches!(*lt, "atomic" | "set" | "map")) {
        errs.push(not_supported(
            at("x-kubernetes-list-type"),
            lt,
            &["atomic", "set", "map"],
        ));
    }
    if !keys.is_empty() {
        let detail = "must be map if x-kubernetes-list-map-keys is non-empty";
        match list_type {
            None => errs.push(err(
                ErrorType::Required,
                at("x-kubernetes-list-type"),
                BadValue::Omit,
                detail,
            )),
            Some("map") => {}
            Some(lt) => errs.push(err(
                ErrorType::Invalid,
                at("x-kubernetes-list-type"),
                BadValue::Json(Value::String(lt.to_string())),
                detail,
            )),
        }
    }
    if list_type == Some("map") {
        if keys.is_empty() {
            let detail = "must not be empty if x-kubernetes-list-type is map";
            errs.push(err(
                ErrorType::Required,
                at("x-kubernetes-list-map-keys"),
                BadValue::Omit,
                detail,
            ));
        }
        if items.is_none() {
            let detail = "must have a schema if x-kubernetes-list-type is map";
            errs.push(err(
                ErrorType::Required,
                at("items"),
                BadValue::Omit,
                detail,
            ));
        }
        if let Some(Value::Array(list)) = items {
            let shown = super::gostruct::or_array_list(list);
            let detail = "must only have a single schema if x-kubernetes-list-type is map";
            errs.push(err(
                ErrorType::Invalid,
                at("items"),
                BadValue::Text(shown),
                detail,
            ));
        }
        if let Some(is) = item {
            let it = text(is, "type").unwrap_or("");
            if it != "object" {
                let detail = "must be object if parent array's x-kubernetes-list-type is map";
                let v = BadValue::Json(Value::String(it.to_string()));
                errs.push(err(
                    ErrorType::Invalid,
                    format!("{path}.items.type"),
                    v,
                    detail,
                ));
            } else {
                let props = is.get("properties").and_then(Value::as_object);
                let mut seen: Vec<&str> = Vec::new();
                for k in &keys {
                    match props.and_then(|p| p.get(*k)).and_then(Value::as_object) {
                        Some(p) => {
                            if matches!(text(p, "type"), Some("array" | "object")) {
                                let detail = "must be a scalar type if parent array's x-kubernetes-list-type is map";
                                let v = BadValue::Json(Value::String(it.to_string()));
                                let at = format!("{path}.items.properties[{k}].type");
                                errs.push(err(ErrorType::Invalid, at, v, detail));
                            }
                        }
                        None => {
                            let detail = "entries must all be names of item properties";
                            errs.push(err(
                                ErrorType::Invalid,
                                at("x-kubernetes-list-map-keys"),
                                keys_json(),
                                detail,
                            ));
                        }
                    }
                    if seen.contains(k) {
                        let detail = "must not contain duplicate entries";
                        errs.push(err(
                            ErrorType::Invalid,
                            at("x-kubernetes-list-map-keys"),
                            keys_json(),
                            detail,
                        ));
                    }
                    seen.push(k);
                }
            }
        }
    }
    if opts.require_map_list_keys {
        map_list_keys_map_set(m, path, errs);
    }
    if let Some(Value::Array(rules)) = m.get("x-kubernetes-validations") {
        for (i, r) in rules.iter().enumerate() {
            rule_fields(r, &format!("{path}.x-kubernetes-validations[{i}]"), errs);
        }
    }
}

/// The checks of a rule's own fields, which run whether or not its expressions compile.
fn rule_fields(r: &Value, at: &str, errs: &mut Vec<FieldError>) {
    let f = |k: &str| r.get(k).and_then(Value::as_str).unwrap_or("");
    let p = |k: &str| format!("{at}.{k}");
    let newline = |s: &str| s.contains(['\n', '\r']);
    let (rule, message) = (f("rule").trim(), f("message"));
    let shown = |s: &str| BadValue::Json(Value::String(s.to_string()));
    if rule.is_empty() {
        errs.push(err(
            ErrorType::Required,
            p("rule"),
            BadValue::Omit,
            "rule is not specified",
        ));
    } else if !message.is_empty() && message.trim().is_empty() {
        errs.push(err(
            ErrorType::Invalid,
            p("message"),
            shown(message),
            "must be non-empty if specified",
        ));
    } else if newline(message.trim()) {
        errs.push(err(
            ErrorType::Invalid,
            p("message"),
            shown(message),
            "must not contain line breaks",
        ));
    } else if newline(rule) && message.trim().is_empty() {
        let detail = "message must be specified if rule contains line breaks";
        errs.push(err(
            ErrorType::Required,
            p("message"),
            BadValue::Omit,
            detail,
        ));
    }
    let me = f("messageExpression");
    if !me.is_empty() && me.trim().is_empty() {
        let detail = "messageExpression must be non-empty if specified";
        errs.push(err(
            ErrorType::Required,
            p("messageExpression"),
            BadValue::Omit,
            detail,
        ));
    }
    const REASONS: [&str; 4] = [
        "FieldValueDuplicate",
        "FieldValueForbidden",
        "FieldValueInvalid",
        "FieldValueRequired",
    ];
    if let Some(reason) = r
        .get("reason")
        .and_then(Value::as_str)
        .filter(|x| !REASONS.contains(x))
    {
        errs.push(not_supported(p("reason"), reason, &REASONS));
    }
    let fp = f("fieldPath");
    if !fp.is_empty() && fp.trim().is_empty() {
        errs.push(err(
            ErrorType::Invalid,
            p("fieldPath"),
            shown(fp),
            "must be non-empty if specified",
        ));
    }
    if newline(fp) {
        errs.push(err(
            ErrorType::Invalid,
            p("fieldPath"),
            shown(fp),
            "must not contain line breaks",
        ));
    }
}

/// `must be object/array if ...`: Required without a type, else Invalid with it.
fn type_error(path: String, t: &str, detail: &str) -> FieldError {
    match t {
        "" => err(ErrorType::Required, path, BadValue::Omit, detail),
        _ => err(
            ErrorType::Invalid,
            path,
            BadValue::Json(Value::String(t.to_string())),
            detail,
        ),
    }
}

/// `validateMapListKeysMapSet`: set and map items not nullable; map keys required or
/// defaulted, and not nullable.
pub(super) fn map_list_keys_map_set(
    m: &Map<String, Value>,
    path: &str,
    errs: &mut Vec<FieldError>,
) {
    let Some(is) = m.get("items").and_then(Value::as_object) else {
        return;
    };
    let lt = match text(m, "x-kubernetes-list-type") {
        Some(lt @ ("set" | "map")) => lt,
        _ => return,
    };
    if is.get("nullable").and_then(Value::as_bool) == Some(true) {
        let detail = format!("cannot be nullable when x-kubernetes-list-type is {lt}");
        errs.push(err(
            ErrorType::Forbidden,
            format!("{path}.items.nullable"),
            BadValue::Omit,
            &detail,
        ));
    }
    if lt != "map" {
        return;
    }
    let required: Vec<&str> = is
        .get("required")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let props = is.get("properties").and_then(Value::as_object);
    let keys = m
        .get("x-kubernetes-list-map-keys")
        .and_then(Value::as_array);
    for k in keys.into_iter().flatten().filter_map(Value::as_str) {
        let Some(p) = props.and_then(|p| p.get(k)).and_then(Value::as_object) else {
            continue;
        };
        let has_default = p.get("default").is_some_and(|d| !d.is_null());
        if !required.contains(&k) && !has_default {
            let detail = "this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property";
            let at = format!("{path}.items.properties[{k}].default");
            errs.push(err(ErrorType::Required, at, BadValue::Omit, detail));
        }
        if p.get("nullable").and_then(Value::as_bool) == Some(true) {
            let detail = "this property is in x-kubernetes-list-map-keys, so it cannot be nullable";
            let at = format!("{path}.items.properties[{k}].nullable");
            errs.push(err(ErrorType::Forbidden, at, BadValue::Omit, detail));
        }
    }
}

/// Whether any node of the schema has invalid map-list keys or a nullable set/map item (an old
/// CRD with one keeps the rule off on update).
pub(super) fn has_invalid_map_list_keys(s: &Value) -> bool {
    any_node(s, &mut |m| {
        let mut errs = Vec::new();
        map_list_keys_map_set(m, "", &mut errs);
        !errs.is_empty()
    })
}

/// Whether any node of the schema has a set whose items are not atomic.
pub(super) fn has_non_atomic_set(s: &Value) -> bool {
    any_node(s, &mut |m| {
        let Some(is) = m.get("items").and_then(Value::as_object) else {
            return false;
        };
        if text(m, "x-kubernetes-list-type") != Some("set") {
            return false;
        }
        match text(is, "type") {
            Some("array") => text(is, "x-kubernetes-list-type").is_some_and(|l| l != "atomic"),
            Some("object") => text(is, "x-kubernetes-map-type") != Some("atomic"),
            _ => false,
        }
    })
}

/// `SchemaHas`: `pred` on every node of the schema.
pub(super) fn any_node(s: &Value, pred: &mut dyn FnMut(&Map<String, Value>) -> bool) -> bool {
    let Some(m) = s.as_object() else { return false };
    if pred(m) {
        return true;
    }
    let mut subs: Vec<&Value> = Vec::new();
    match m.get("items") {
        Some(Value::Array(list)) => subs.extend(list),
        Some(v @ Value::Object(_)) => subs.push(v),
        _ => {}
    }
    for j in ["allOf", "anyOf", "oneOf"] {
        if let Some(Value::Array(list)) = m.get(j) {
            subs.extend(list);
        }
    }
    for j in ["not", "additionalProperties", "additionalItems"] {
        if let Some(v @ Value::Object(_)) = m.get(j) {
            subs.push(v);
        }
    }
    for j in [
        "properties",
        "patternProperties",
        "definitions",
        "dependencies",
    ] {
        if let Some(Value::Object(map)) = m.get(j) {
            subs.extend(map.values());
        }
    }
    subs.into_iter().any(|v| any_node(v, pred))
}
