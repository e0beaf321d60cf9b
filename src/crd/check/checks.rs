//! The checks themselves, in `ValidateCustomResourceDefinition`'s order: metadata, spec, stored
//! versions, API approval, `preserveUnknownFields`. [`Opts`] holds what an update relaxes.

use super::{gostruct, has_status, lists, Spec};
use crate::field::{BadValue, ErrorType, FieldError};
use crate::go::strconv::quote;
use crate::names::{dns1035_label, dns1123_subdomain};
use serde_json::{Map, Value};

/// What the checks require: everything on create; an update keeps a rule off when the old CRD
/// already broke it.
#[derive(Clone, Debug)]
pub(crate) struct Opts {
    pub require_recognized_review_version: bool,
    pub require_open_api_schema: bool,
    pub require_atomic_set_type: bool,
    pub require_map_list_keys: bool,
    /// Versions (`""`: the top level) whose too many selectable fields are unchanged.
    pub allow_too_many_selectable: Vec<String>,
    /// The old CRD's API-approval state (update only).
    pub old_approval: Option<Approval>,
    /// The old CRD had `preserveUnknownFields: true` (update only).
    pub old_preserve_unknown_fields: bool,
    /// A conversion webhook's `caBundle` is not checked (`allowInvalidCABundle`): on create (the
    /// CRD is not established yet), and on an update when the old bundle is set and invalid.
    pub allow_invalid_ca_bundle: bool,
}

impl Default for Opts {
    fn default() -> Self {
        Opts {
            require_recognized_review_version: true,
            require_open_api_schema: true,
            require_atomic_set_type: true,
            require_map_list_keys: true,
            allow_too_many_selectable: Vec::new(),
            old_approval: None,
            old_preserve_unknown_fields: false,
            allow_invalid_ca_bundle: true,
        }
    }
}

const APPROVAL: &str = "api-approved.kubernetes.io";
const MAX_SELECTABLE: usize = 8;

fn fe(t: ErrorType, path: impl Into<String>, value: BadValue, detail: &str) -> FieldError {
    FieldError::new(t, path, value, detail)
}

fn string(s: &str) -> BadValue {
    BadValue::Json(Value::String(s.to_string()))
}

fn required(path: impl Into<String>, detail: &str) -> FieldError {
    fe(ErrorType::Required, path, BadValue::Omit, detail)
}

fn forbidden(path: impl Into<String>, detail: &str) -> FieldError {
    fe(ErrorType::Forbidden, path, BadValue::Omit, detail)
}

fn invalid(path: impl Into<String>, value: BadValue, detail: &str) -> FieldError {
    fe(ErrorType::Invalid, path, value, detail)
}

fn not_supported(path: impl Into<String>, value: &str, allowed: &[&str]) -> FieldError {
    let list: Vec<String> = allowed.iter().map(|a| quote(a)).collect();
    let detail = format!("supported values: {}", list.join(", "));
    fe(ErrorType::NotSupported, path, string(value), &detail)
}

fn text<'a>(m: &'a Map<String, Value>, k: &str) -> &'a str {
    m.get(k).and_then(Value::as_str).unwrap_or("")
}

/// Every check, with `stored` the `status.storedVersions` the request ends up with.
/// On update, `old` is the old CRD's spec: the name rule is not run again, and what must not
/// change is checked after the spec.
pub(super) fn all(
    meta: &Value,
    spec: &Spec<'_>,
    stored: &[String],
    opts: &Opts,
    old: Option<&Spec<'_>>,
) -> Vec<FieldError> {
    let mut errs = match old {
        None => metadata(meta, spec),
        Some(_) => crate::validation::cluster_object_meta_errors(meta)
            .into_iter()
            .filter(|e| e.field != "metadata.namespace")
            .filter(|e| e.field != "metadata.name")
            .collect(),
    };
    spec_checks(spec, opts, &mut errs);
    if let Some(old) = old {
        immutable(spec, old, &mut errs);
    }
    stored_versions(stored, spec, &mut errs);
    approval(meta, spec, opts, &mut errs);
    if spec.preserve_unknown_fields && !opts.old_preserve_unknown_fields {
        let detail = "cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead";
        errs.push(invalid(
            "spec.preserveUnknownFields",
            BadValue::Json(Value::Bool(true)),
            detail,
        ));
    }
    errs
}

/// `ValidateImmutableField` of scope and kind (the old CRD is established), group and plural.
fn immutable(spec: &Spec<'_>, old: &Spec<'_>, errs: &mut Vec<FieldError>) {
    let name = |s: &Spec<'_>, k: &str| s.names.map_or("", |n| text(n, k)).to_string();
    let pairs = [
        ("spec.scope", spec.scope.to_string(), old.scope.to_string()),
        ("spec.names.kind", name(spec, "kind"), name(old, "kind")),
        ("spec.group", spec.group.to_string(), old.group.to_string()),
        (
            "spec.names.plural",
            name(spec, "plural"),
            name(old, "plural"),
        ),
    ];
    for (at, new, old) in pairs {
        if new != old {
            errs.push(invalid(at, string(&new), "field is immutable"));
        }
    }
}

/// ObjectMeta, with the CRD's name rule (a DNS subdomain that is `<plural>.<group>`).
fn metadata(meta: &Value, spec: &Spec<'_>) -> Vec<FieldError> {
    // a cluster-scoped create drops the namespace first
    let mut meta = meta.clone();
    if let Some(m) = meta.as_object_mut() {
        m.remove("namespace");
    }
    let mut errs = crate::validation::cluster_object_meta_errors(&meta);
    let name = meta.get("name").and_then(Value::as_str).unwrap_or("");
    let plural = spec.names.map_or("", |n| text(n, "plural"));
    if !name.is_empty() && name != format!("{plural}.{}", spec.group) {
        let detail = "must be spec.names.plural+\".\"+spec.group";
        errs.push(invalid("metadata.name", string(name), detail));
    }
    errs
}

fn spec_checks(spec: &Spec<'_>, opts: &Opts, errs: &mut Vec<FieldError>) {
    group(spec.group, errs);
    if spec.scope.is_empty() {
        errs.push(required("spec.scope", ""));
    } else if !matches!(spec.scope, "Cluster" | "Namespaced") {
        errs.push(not_supported(
            "spec.scope",
            spec.scope,
            &["Cluster", "Namespaced"],
        ));
    }
    let top_schema = spec
        .validation
        .and_then(|v| v.get("openAPIV3Schema"))
        .filter(|s| !s.is_null());
    if opts.require_open_api_schema && top_schema.is_none() {
        for (i, v) in spec.versions.iter().enumerate() {
            let has = v
                .schema
                .and_then(|s| s.get("openAPIV3Schema"))
                .is_some_and(|s| !s.is_null());
            if !has {
                let wording = crate::versions::current().wording("", "schemas are required");
                errs.push(required(
                    format!("spec.versions[{i}].schema.openAPIV3Schema"),
                    wording,
                ));
            }
        }
    }
    if !spec.preserve_unknown_fields {
        // with pruning on, every schema must be structural (the loader checks that)
    } else if has_defaults(spec) {
        let detail = "must be false in order to use defaults in the schema";
        errs.push(invalid(
            "spec.preserveUnknownFields",
            BadValue::Json(Value::Bool(true)),
            detail,
        ));
    }
    let mut storage = 0;
    let mut names: Vec<&str> = Vec::new();
    let mut unique = true;
    for (i, v) in spec.versions.iter().enumerate() {
        storage += usize::from(v.storage);
        if names.contains(&v.name) {
            unique = false;
        } else {
            names.push(v.name);
        }
        let at = format!("spec.versions[{i}]");
        let bad = dns1035_label(v.name);
        if !bad.is_empty() {
            errs.push(invalid(
                format!("{at}.name"),
                string(v.name),
                &bad.join(","),
            ));
        }
        version(spec, i, &at, opts, errs);
    }
    if !unique || storage != 1 {
        let shown = BadValue::Text(match spec.versions_nil {
            true => gostruct::nil_versions(),
            false => gostruct::versions(&spec.versions),
        });
        if !unique {
            errs.push(invalid(
                "spec.versions",
                shown.clone(),
                "must contain unique version names",
            ));
        }
        if storage != 1 {
            let detail = "must have exactly one version marked as storage version";
            errs.push(invalid("spec.versions", shown, detail));
        }
    }
    let first = spec.version();
    if !first.is_empty() {
        let bad = dns1035_label(first);
        if !bad.is_empty() {
            errs.push(invalid("spec.version", string(first), &bad.join(",")));
        }
    }
    names_checks(spec, errs);
    if let Some(validation) = spec.validation {
        schema_root(validation, "spec.validation", spec.any_status(), opts, errs);
    }
    subresources(spec.subresources, "spec.subresources", errs);
    columns(spec.columns, "spec.additionalPrinterColumns", errs);
    if let Some(sel) = spec
        .selectable
        .and_then(Value::as_array)
        .filter(|a| !a.is_empty())
    {
        match spec.validation {
            None => {
                let detail = crate::versions::current().wording(
                    "may only be set when validations.schema is included",
                    "selectableFields may only be set when validations.schema is included",
                );
                errs.push(invalid("spec.selectableFields", string(""), detail));
            }
            Some(v) => {
                let schema = v.get("openAPIV3Schema").unwrap_or(&Value::Null);
                selectable(sel, schema, "spec.selectableFields", "", opts, errs);
            }
        }
    }
    let strategy = spec.conversion.map_or("None", |c| text(c, "strategy"));
    if strategy != "None" && spec.preserve_unknown_fields {
        let detail = "must be None if spec.preserveUnknownFields is true";
        errs.push(invalid(
            "spec.conversion.strategy",
            string(strategy),
            detail,
        ));
    }
    if let Some(c) = spec.conversion {
        conversion(c, opts, errs);
    }
}

fn group(g: &str, errs: &mut Vec<FieldError>) {
    if g.is_empty() {
        errs.push(required("spec.group", ""));
        return;
    }
    let bad = dns1123_subdomain(g);
    if !bad.is_empty() {
        errs.push(invalid("spec.group", string(g), &bad.join(",")));
    } else if g.split('.').count() < 2 {
        errs.push(invalid(
            "spec.group",
            string(g),
            "should be a domain with at least one dot",
        ));
    }
}

/// One version's own fields.
fn version(spec: &Spec<'_>, i: usize, at: &str, opts: &Opts, errs: &mut Vec<FieldError>) {
    let v = &spec.versions[i];
    for msg in deprecation_warning(v.deprecated, v.deprecation_warning) {
        let shown = v
            .deprecation_warning
            .map_or(BadValue::Json(Value::Null), string);
        errs.push(invalid(format!("{at}.deprecationWarning"), shown, &msg));
    }
    if let Some(schema) = v.schema {
        let status = has_status(spec.subresources_of(i));
        schema_root(schema, &format!("{at}.schema"), status, opts, errs);
    }
    subresources(v.subresources, &format!("{at}.subresources"), errs);
    columns(v.columns, &format!("{at}.additionalPrinterColumns"), errs);
    if let Some(sel) = v
        .selectable
        .and_then(Value::as_array)
        .filter(|a| !a.is_empty())
    {
        match v
            .schema
            .and_then(|s| s.get("openAPIV3Schema"))
            .filter(|s| !s.is_null())
        {
            None => {
                let detail =
                    "may only be set when `version.schema.openAPIV3Schema` is not included";
                errs.push(invalid(
                    format!("{at}.selectableFields"),
                    string(""),
                    detail,
                ));
            }
            Some(schema) => {
                selectable(
                    sel,
                    schema,
                    &format!("{at}.selectableFields"),
                    v.name,
                    opts,
                    errs,
                );
            }
        }
    }
}

fn deprecation_warning(deprecated: bool, warning: Option<&str>) -> Vec<String> {
    if !deprecated && warning.is_some() {
        return vec!["can only be set for deprecated versions".into()];
    }
    let Some(w) = warning else { return Vec::new() };
    let mut out = Vec::new();
    if w.len() > 256 {
        out.push("must be <= 256 characters long".into());
    }
    if w.is_empty() {
        out.push("must not be an empty string".into());
    }
    for (i, c) in w.char_indices() {
        if !crate::go::strconv::is_print(c) {
            let m = format!("must only contain printable UTF-8 characters; non-printable character found at index {i}");
            out.push(m);
            break;
        }
    }
    out
}

fn names_checks(spec: &Spec<'_>, errs: &mut Vec<FieldError>) {
    let empty = Map::new();
    let n = spec.names.unwrap_or(&empty);
    let kind = text(n, "kind");
    let plural = text(n, "plural");
    // v1 defaulting: singular is the lowercase kind, listKind is kind + "List".
    let singular = match text(n, "singular") {
        "" => kind.to_lowercase(),
        s => s.to_string(),
    };
    let list_kind = match (text(n, "listKind"), kind) {
        ("", "") => String::new(),
        ("", k) => format!("{k}List"),
        (l, _) => l.to_string(),
    };
    for (k, v) in [
        ("plural", plural),
        ("singular", &singular),
        ("kind", kind),
        ("listKind", &list_kind),
    ] {
        if v.is_empty() {
            errs.push(required(format!("spec.names.{k}"), ""));
        }
    }
    let at = |k: &str| format!("spec.names.{k}");
    for (k, v) in [("plural", plural), ("singular", singular.as_str())] {
        let bad = dns1035_label(v);
        if !v.is_empty() && !bad.is_empty() {
            errs.push(invalid(at(k), string(v), &bad.join(",")));
        }
    }
    for (k, v) in [("kind", kind), ("listKind", list_kind.as_str())] {
        let bad = dns1035_label(&v.to_lowercase());
        if !v.is_empty() && !bad.is_empty() {
            let detail = format!(
                "may have mixed case, but should otherwise match: {}",
                bad.join(",")
            );
            errs.push(invalid(at(k), string(v), &detail));
        }
    }
    let strings = |k: &str| -> Vec<&str> {
        n.get(k)
            .and_then(Value::as_array)
            .map(|a| a.iter().map(|v| v.as_str().unwrap_or("")).collect())
            .unwrap_or_default()
    };
    for (i, s) in strings("shortNames").into_iter().enumerate() {
        let bad = dns1035_label(s);
        if !bad.is_empty() {
            errs.push(invalid(
                format!("spec.names.shortNames[{i}]"),
                string(s),
                &bad.join(","),
            ));
        }
    }
    if !kind.is_empty() && kind == list_kind {
        errs.push(invalid(
            at("listKind"),
            string(&list_kind),
            "kind and listKind may not be the same",
        ));
    }
    for (i, s) in strings("categories").into_iter().enumerate() {
        let bad = dns1035_label(s);
        if !bad.is_empty() {
            errs.push(invalid(
                format!("spec.names.categories[{i}]"),
                string(s),
                &bad.join(","),
            ));
        }
    }
}

/// JSONSchemaProps fields in declaration order: (v1 key, Go name).
const FIELDS: [(&str, &str); 44] = [
    ("id", "ID"),
    ("$schema", "Schema"),
    ("$ref", "Ref"),
    ("description", "Description"),
    ("type", "Type"),
    ("nullable", "Nullable"),
    ("format", "Format"),
    ("title", "Title"),
    ("default", "Default"),
    ("maximum", "Maximum"),
    ("exclusiveMaximum", "ExclusiveMaximum"),
    ("minimum", "Minimum"),
    ("exclusiveMinimum", "ExclusiveMinimum"),
    ("maxLength", "MaxLength"),
    ("minLength", "MinLength"),
    ("pattern", "Pattern"),
    ("maxItems", "MaxItems"),
    ("minItems", "MinItems"),
    ("uniqueItems", "UniqueItems"),
    ("multipleOf", "MultipleOf"),
    ("enum", "Enum"),
    ("maxProperties", "MaxProperties"),
    ("minProperties", "MinProperties"),
    ("required", "Required"),
    ("items", "Items"),
    ("allOf", "AllOf"),
    ("oneOf", "OneOf"),
    ("anyOf", "AnyOf"),
    ("not", "Not"),
    ("properties", "Properties"),
    ("additionalProperties", "AdditionalProperties"),
    ("patternProperties", "PatternProperties"),
    ("dependencies", "Dependencies"),
    ("additionalItems", "AdditionalItems"),
    ("definitions", "Definitions"),
    ("externalDocs", "ExternalDocs"),
    ("example", "Example"),
    (
        "x-kubernetes-preserve-unknown-fields",
        "XPreserveUnknownFields",
    ),
    ("x-kubernetes-embedded-resource", "XEmbeddedResource"),
    ("x-kubernetes-int-or-string", "XIntOrString"),
    ("x-kubernetes-list-map-keys", "XListMapKeys"),
    ("x-kubernetes-list-type", "XListType"),
    ("x-kubernetes-map-type", "XMapType"),
    ("x-kubernetes-validations", "XValidations"),
];

const ROOT_ALLOWED: [&str; 22] = [
    "Description",
    "Type",
    "Format",
    "Title",
    "Maximum",
    "ExclusiveMaximum",
    "Minimum",
    "ExclusiveMinimum",
    "MaxLength",
    "MinLength",
    "Pattern",
    "MaxItems",
    "MinItems",
    "UniqueItems",
    "MultipleOf",
    "Required",
    "Items",
    "Properties",
    "ExternalDocs",
    "Example",
    "XPreserveUnknownFields",
    "XValidations",
];

/// A schema's rules beyond the loader's (`validation`: a `CustomResourceValidation` at `at`).
fn schema_root(
    validation: &Map<String, Value>,
    at: &str,
    status: bool,
    opts: &Opts,
    errs: &mut Vec<FieldError>,
) {
    let Some(schema @ Value::Object(root)) = validation.get("openAPIV3Schema") else {
        return;
    };
    let path = format!("{at}.openAPIV3Schema");
    if status {
        for (key, name) in FIELDS {
            let set = match root.get(key) {
                None | Some(Value::Null) | Some(Value::Bool(false)) => false,
                Some(Value::String(s)) => !s.is_empty(),
                Some(_) => true,
            };
            if !set {
                continue;
            }
            if name == "Type" {
                let t = text(root, "type");
                if t != "object" {
                    let detail = "only \"object\" is allowed as the type at the root of the schema if the status subresource is enabled";
                    errs.push(invalid(format!("{path}.type"), string(t), detail));
                    break;
                }
                continue;
            }
            if !ROOT_ALLOWED.contains(&name) {
                let detail = format!(
                    "only [{}] fields are allowed at the root of the schema if the status subresource is enabled",
                    ROOT_ALLOWED.join(" ")
                );
                errs.push(invalid(
                    path.clone(),
                    BadValue::Text(gostruct::schema(schema)),
                    &detail,
                ));
                break;
            }
        }
    }
    lists::validate(schema, &path, opts, errs);
}

fn subresources(sub: Option<&Value>, at: &str, errs: &mut Vec<FieldError>) {
    let Some(scale) = sub.and_then(|s| s.get("scale")).and_then(Value::as_object) else {
        return;
    };
    let path = |k: &str| format!("{at}.scale.{k}");
    for (k, under, detail) in [
        (
            "specReplicasPath",
            &[".spec."][..],
            "should be a json path under .spec",
        ),
        (
            "statusReplicasPath",
            &[".status."][..],
            "should be a json path under .status",
        ),
    ] {
        let p = text(scale, k);
        if p.is_empty() {
            errs.push(required(path(k), ""));
        } else if let Some(e) = simple_json_path(p, &path(k)) {
            errs.push(e);
        } else if !under.iter().any(|u| p.starts_with(u)) {
            errs.push(invalid(path(k), string(p), detail));
        }
    }
    let p = text(scale, "labelSelectorPath");
    if !p.is_empty() {
        if let Some(e) = simple_json_path(p, &path("labelSelectorPath")) {
            errs.push(e);
        } else if !p.starts_with(".spec.") && !p.starts_with(".status.") {
            let detail = "should be a json path under either .spec or .status";
            errs.push(invalid(path("labelSelectorPath"), string(p), detail));
        }
    }
}

/// `validateSimpleJSONPath` (non-empty input).
fn simple_json_path(p: &str, at: &str) -> Option<FieldError> {
    (!p.starts_with('.'))
        .then(|| invalid(at, string(p), "must be a simple json path starting with ."))
}

fn columns(cols: Option<&Value>, at: &str, errs: &mut Vec<FieldError>) {
    const TYPES: &str = "boolean,date,integer,number,string";
    const FORMATS: &str = "byte,date,date-time,double,float,int32,int64,password";
    let Some(list) = cols.and_then(Value::as_array) else {
        return;
    };
    for (i, c) in list.iter().enumerate() {
        let empty = Map::new();
        let c = c.as_object().unwrap_or(&empty);
        let path = |k: &str| format!("{at}[{i}].{k}");
        if text(c, "name").is_empty() {
            errs.push(required(path("name"), ""));
        }
        let t = text(c, "type");
        let detail = format!("must be one of {TYPES}");
        if t.is_empty() {
            errs.push(required(path("type"), &detail));
        } else if !TYPES.split(',').any(|x| x == t) {
            errs.push(invalid(path("type"), string(t), &detail));
        }
        let f = text(c, "format");
        if !f.is_empty() && !FORMATS.split(',').any(|x| x == f) {
            errs.push(invalid(
                path("format"),
                string(f),
                &format!("must be one of {FORMATS}"),
            ));
        }
        let jp = text(c, "jsonPath");
        if jp.is_empty() {
            errs.push(required(path("JSONPath"), ""));
        } else if let Some(e) = simple_json_path(jp, &path("JSONPath")) {
            errs.push(e);
        }
    }
}

/// `ValidateCustomResourceSelectableFields` over the v1 JSON schema.
fn selectable(
    list: &[Value],
    schema: &Value,
    at: &str,
    version: &str,
    opts: &Opts,
    errs: &mut Vec<FieldError>,
) {
    let mut unique: Vec<String> = Vec::new();
    for (i, f) in list.iter().enumerate() {
        let jp = f.get("jsonPath").and_then(Value::as_str).unwrap_or("");
        let p = format!("{at}[{i}].jsonPath");
        if jp.is_empty() {
            errs.push(required(p, ""));
            continue;
        }
        let (path, found) = match field_path(jp, schema) {
            Ok(x) => x,
            Err(e) => {
                errs.push(invalid(p, string(jp), &format!("is an invalid path: {e}")));
                continue;
            }
        };
        if path.first().map(String::as_str) == Some("metadata") {
            errs.push(invalid(
                p.clone(),
                string(jp),
                "must not point to fields in metadata",
            ));
        }
        let t = found.and_then(|s| s.get("type")).and_then(Value::as_str);
        if !matches!(t, Some("string" | "boolean" | "integer")) {
            let detail = "must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed.";
            errs.push(invalid(p.clone(), string(jp), detail));
        }
        let key = path.join("\u{0}");
        if unique.contains(&key) {
            errs.push(fe(ErrorType::Duplicate, p, string(jp), ""));
        } else {
            unique.push(key);
        }
    }
    if unique.len() > MAX_SELECTABLE && !opts.allow_too_many_selectable.iter().any(|v| v == version)
    {
        let detail = format!("must have at most {MAX_SELECTABLE} items");
        errs.push(fe(
            ErrorType::TooMany,
            at,
            BadValue::Json(Value::from(unique.len())),
            &detail,
        ));
    }
}

/// Why a selectable field's `jsonPath` names no field (`ValidFieldPath`'s errors).
#[derive(Debug, thiserror::Error)]
enum BadPath {
    #[error("unexpected end of JSON path")]
    End,
    #[error("does not refer to a valid field")]
    NoField,
    #[error("array notation is not allowed")]
    Array,
    /// What follows where a `.` or `[` was expected.
    #[error("expected [ or . but got: {0}")]
    Unexpected(String),
}

/// `ValidFieldPath` without array notation: the path's segments and the schema found there.
fn field_path<'a>(
    jp: &str,
    schema: &'a Value,
) -> Result<(Vec<String>, Option<&'a Value>), BadPath> {
    let mut cur = Some(schema);
    let mut out = Vec::new();
    let mut rest = jp;
    while !rest.is_empty() {
        let c = rest.as_bytes()[0];
        match c {
            b'.' => {
                rest = &rest[1..];
                let end = rest.find(['.', '[', ']']).unwrap_or(rest.len());
                let (tok, after) = rest.split_at(end);
                if tok.is_empty() && after.is_empty() {
                    return Err(BadPath::End);
                }
                let s = cur.and_then(Value::as_object);
                let props = s
                    .and_then(|s| s.get("properties"))
                    .and_then(Value::as_object)
                    .filter(|p| !p.is_empty());
                let ap = s
                    .and_then(|s| s.get("additionalProperties"))
                    .filter(|a| !a.is_null());
                cur = match (props, ap) {
                    (Some(p), _) => Some(p.get(tok).ok_or(BadPath::NoField)?),
                    (None, Some(ap)) => Some(ap).filter(|a| a.is_object()),
                    _ => return Err(BadPath::NoField),
                };
                out.push(tok.to_string());
                rest = after;
            }
            b'[' => return Err(BadPath::Array),
            _ => {
                let end = rest[1..]
                    .find(['.', '[', ']'])
                    .map_or(rest.len(), |e| e + 1);
                return Err(BadPath::Unexpected(rest[..end].to_string()));
            }
        }
    }
    Ok((out, cur))
}

fn conversion(c: &Map<String, Value>, opts: &Opts, errs: &mut Vec<FieldError>) {
    let strategy = text(c, "strategy");
    if strategy.is_empty() {
        errs.push(required("spec.conversion.strategy", ""));
    } else if !matches!(strategy, "None" | "Webhook") {
        errs.push(not_supported(
            "spec.conversion.strategy",
            strategy,
            &["None", "Webhook"],
        ));
    }
    let webhook = c.get("webhook").and_then(Value::as_object);
    let client = webhook
        .and_then(|w| w.get("clientConfig"))
        .and_then(Value::as_object);
    let review = webhook
        .and_then(|w| w.get("conversionReviewVersions"))
        .and_then(Value::as_array);
    if strategy == "Webhook" {
        match client {
            None => errs.push(required(
                "spec.conversion.webhookClientConfig",
                "required when strategy is set to Webhook",
            )),
            Some(cc) => {
                client_config(cc, errs);
                let bundle = cc.get("caBundle").unwrap_or(&Value::Null);
                if !opts.allow_invalid_ca_bundle && super::cabundle::loads(bundle) == Some(false) {
                    let at = "spec.conversion.webhookClientConfig.caBundle";
                    let v = BadValue::Json(bundle.clone());
                    let detail = super::cabundle::UNLOADABLE;
                    errs.push(fe(ErrorType::Invalid, at, v, detail));
                }
            }
        }
        review_versions(review.map_or(&[][..], Vec::as_slice), opts, errs);
    } else {
        if client.is_some() {
            let detail = "should not be set when strategy is not set to Webhook";
            errs.push(forbidden("spec.conversion.webhookClientConfig", detail));
        }
        if review.is_some_and(|r| !r.is_empty()) {
            let detail = "should not be set when strategy is not set to Webhook";
            errs.push(forbidden(
                "spec.conversion.conversionReviewVersions",
                detail,
            ));
        }
    }
}

fn client_config(cc: &Map<String, Value>, errs: &mut Vec<FieldError>) {
    let at = "spec.conversion.webhookClientConfig";
    let url = cc.get("url").and_then(Value::as_str);
    let service = cc.get("service").and_then(Value::as_object);
    match (url, service) {
        (Some(_), Some(_)) | (None, None) => {
            errs.push(required(at, "exactly one of url or service is required"));
        }
        (Some(u), None) => webhook_url(u, &format!("{at}.url"), errs),
        (None, Some(s)) => webhook_service(s, &format!("{at}.service"), errs),
    }
}

/// `ValidateWebhookURL` with https required, over Go's `url.Parse` parts.
fn webhook_url(u: &str, at: &str, errs: &mut Vec<FieldError>) {
    const FORM: &str = "; desired format: https://host[/path]";
    let (rest, fragment) = u.split_once('#').unwrap_or((u, ""));
    let (scheme, rest) = match rest.split_once(':') {
        Some((s, r))
            if !s.is_empty()
                && s.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
                && s.as_bytes()[0].is_ascii_alphabetic() =>
        {
            (s.to_ascii_lowercase(), r)
        }
        _ => (String::new(), rest),
    };
    let (rest, query) = rest.split_once('?').unwrap_or((rest, ""));
    let (host, user) = match rest.strip_prefix("//") {
        Some(auth) => {
            let auth = auth.split('/').next().unwrap_or("");
            match auth.rsplit_once('@') {
                Some((user, host)) => (host.to_string(), Some(user.to_string())),
                None => (auth.to_string(), None),
            }
        }
        None => (String::new(), None),
    };
    if scheme != "https" {
        errs.push(invalid(
            at,
            string(&scheme),
            &format!("'https' is the only allowed URL scheme{FORM}"),
        ));
    }
    if host.is_empty() {
        errs.push(invalid(
            at,
            string(""),
            &format!("host must be specified{FORM}"),
        ));
    }
    if let Some(user) = user {
        errs.push(invalid(
            at,
            string(&user),
            "user information is not permitted in the URL",
        ));
    }
    if !fragment.is_empty() {
        errs.push(invalid(
            at,
            string(fragment),
            "fragments are not permitted in the URL",
        ));
    }
    if !query.is_empty() {
        errs.push(invalid(
            at,
            string(query),
            "query parameters are not permitted in the URL",
        ));
    }
}

/// `ValidateWebhookService`, called by the CRD checks with name and namespace swapped (as the
/// apiserver calls it; both must be set, so only the order of the two errors differs).
fn webhook_service(s: &Map<String, Value>, at: &str, errs: &mut Vec<FieldError>) {
    let b = crate::versions::current();
    if text(s, "namespace").is_empty() {
        let detail = b.wording("", "service name is required");
        errs.push(required(format!("{at}.name"), detail));
    }
    if text(s, "name").is_empty() {
        let detail = b.wording("", "service namespace is required");
        errs.push(required(format!("{at}.namespace"), detail));
    }
    let port = s.get("port").and_then(Value::as_i64).unwrap_or(443);
    if !(1..=65535).contains(&port) {
        let detail = "port is not valid: must be between 1 and 65535, inclusive";
        errs.push(invalid(
            format!("{at}.port"),
            BadValue::Json(Value::from(port)),
            detail,
        ));
    }
    let Some(p) = s.get("path").and_then(Value::as_str) else {
        return;
    };
    if p == "/" || p.is_empty() {
        return;
    }
    let at = format!("{at}.path");
    if p == "//" {
        errs.push(invalid(at, string(p), "segment[0] may not be empty"));
        return;
    }
    if !p.starts_with('/') {
        errs.push(invalid(at.clone(), string(p), "must start with a '/'"));
    }
    let mut check = &p[1.min(p.len())..];
    if let Some(stripped) = check.strip_suffix('/') {
        check = stripped;
    }
    for (i, step) in check.split('/').enumerate() {
        if step.is_empty() {
            errs.push(invalid(
                at.clone(),
                string(p),
                &format!("segment[{i}] may not be empty"),
            ));
            continue;
        }
        for m in dns1123_subdomain(step) {
            errs.push(invalid(
                at.clone(),
                string(p),
                &format!("segment[{i}]: {m}"),
            ));
        }
    }
}

fn review_versions(list: &[Value], opts: &Opts, errs: &mut Vec<FieldError>) {
    let at = "spec.conversion.conversionReviewVersions";
    if list.is_empty() {
        errs.push(required(at, ""));
        return;
    }
    let mut seen: Vec<&str> = Vec::new();
    let mut accepted = false;
    for (i, v) in list.iter().enumerate() {
        let v = v.as_str().unwrap_or("");
        if seen.contains(&v) {
            errs.push(invalid(
                format!("{at}[{i}]"),
                string(v),
                "duplicate version",
            ));
            continue;
        }
        seen.push(v);
        for m in dns1035_label(v) {
            errs.push(invalid(format!("{at}[{i}]"), string(v), &m));
        }
        accepted |= matches!(v, "v1" | "v1beta1");
    }
    if opts.require_recognized_review_version && !accepted {
        let shown = BadValue::Text(crate::field::go_json(&Value::Array(list.to_vec())));
        errs.push(invalid(
            at,
            shown,
            "must include at least one of v1, v1beta1",
        ));
    }
}

/// `ValidateCustomResourceDefinitionStoredVersions`.
fn stored_versions(stored: &[String], spec: &Spec<'_>, errs: &mut Vec<FieldError>) {
    let at = "status.storedVersions";
    if stored.is_empty() {
        let detail = "must have at least one stored version";
        let shown = BadValue::Text(crate::field::go_bad_strings(None));
        errs.push(invalid(at, shown, detail));
        return;
    }
    let shown = BadValue::Text(crate::field::go_bad_strings(Some(stored)));
    // name -> its last index, as a Go map filled in order holds it
    let mut left: Vec<(&str, usize)> = Vec::new();
    for (i, s) in stored.iter().enumerate() {
        match left.iter_mut().find(|(n, _)| *n == s.as_str()) {
            Some(slot) => slot.1 = i,
            None => left.push((s, i)),
        }
    }
    for v in &spec.versions {
        let known = left.iter().position(|(n, _)| *n == v.name);
        if v.storage && known.is_none() {
            let detail = format!("must have the storage version {}", v.name);
            errs.push(invalid(at, shown.clone(), &detail));
        }
        if let Some(k) = known {
            left.remove(k);
        }
    }
    let migration = crate::versions::current().stored_version_migration_message;
    for (v, i) in left {
        let detail = match migration {
            true => format!("missing from spec.versions; {v} was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in {v} and removes {v} from status.storedVersions"),
            false => "must appear in spec.versions".to_string(),
        };
        errs.push(invalid(format!("{at}[{i}]"), string(v), &detail));
    }
}

/// The API-approval states of `apihelpers.GetAPIApprovalState`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Approval {
    Invalid,
    Approved,
    Bypassed,
    Missing,
}

pub(crate) fn approval_state(meta: &Value) -> (Approval, String) {
    let a = meta
        .get("annotations")
        .and_then(|a| a.get(APPROVAL))
        .and_then(Value::as_str)
        .unwrap_or("");
    if a.is_empty() {
        let m = format!("protected groups must have approval annotation {}, see https://github.com/kubernetes/enhancements/pull/1111", quote(APPROVAL));
        return (Approval::Missing, m);
    }
    if a.starts_with("unapproved") {
        return (Approval::Bypassed, format!("not approved: {}", quote(a)));
    }
    if is_request_uri_with_host(a) {
        return (Approval::Approved, format!("approved in {a}"));
    }
    let m = format!("protected groups must have approval annotation {} with either a URL or a reason starting with \"unapproved\", see https://github.com/kubernetes/enhancements/pull/1111", quote(APPROVAL));
    (Approval::Invalid, m)
}

/// `url.ParseRequestURI` succeeds with a scheme and a host.
fn is_request_uri_with_host(a: &str) -> bool {
    let Some((scheme, rest)) = a.split_once("://") else {
        return false;
    };
    let scheme_ok = scheme
        .as_bytes()
        .first()
        .is_some_and(u8::is_ascii_alphabetic)
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c));
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    let host = host.rsplit_once('@').map_or(host, |(_, h)| h);
    scheme_ok && !host.is_empty() && !a.contains(' ')
}

fn approval(meta: &Value, spec: &Spec<'_>, opts: &Opts, errs: &mut Vec<FieldError>) {
    let g = spec.group;
    let protected = g == "k8s.io"
        || g.ends_with(".k8s.io")
        || g == "kubernetes.io"
        || g.ends_with(".kubernetes.io");
    if !protected {
        return;
    }
    let (state, reason) = approval_state(meta);
    if opts.old_approval == Some(state) {
        return;
    }
    let at = format!("metadata.annotations[{APPROVAL}]");
    let value = || {
        let a = meta
            .get("annotations")
            .and_then(|a| a.get(APPROVAL))
            .and_then(Value::as_str)
            .unwrap_or("");
        string(a)
    };
    match state {
        Approval::Approved | Approval::Bypassed => {}
        Approval::Missing => errs.push(required(at, &reason)),
        Approval::Invalid => errs.push(invalid(at, value(), &reason)),
    }
}

/// `specHasDefaults`: a non-null `default` in any schema.
fn has_defaults(spec: &Spec<'_>) -> bool {
    let schemas = std::iter::once(spec.validation)
        .chain(spec.versions.iter().map(|v| v.schema))
        .flatten()
        .filter_map(|v| v.get("openAPIV3Schema"));
    schemas
        .into_iter()
        .any(|s| lists::any_node(s, &mut |m| m.get("default").is_some_and(|d| !d.is_null())))
}
