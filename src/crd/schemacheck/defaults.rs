//! Default values as the apiserver checks them when it loads a CRD (`ValidateDefaults`): a
//! default must not contain fields that pruning would drop (the root and embedded resources keep
//! apiVersion/kind/metadata), and it must validate against its own schema (type, nullable, enum,
//! required).

use crate::field::{BadValue, ErrorType, FieldError, Path};
use crate::schema::structural::{Structural, StructuralOrBool};
use serde_json::Value;

const META_FIELDS: [&str; 3] = ["apiVersion", "kind", "metadata"];

/// The unsorted default-value errors of the structural schema `s` at `path`.
pub(super) fn validate(s: &Structural, path: &str) -> Vec<FieldError> {
    let mut errs = Vec::new();
    walk(s, &Path::Root(path), true, false, (s, &[]), &mut errs);
    errs
}

/// One step from a resource root down to a node: a property, or a list's items.
#[derive(Clone)]
enum Step<'s> {
    Key(&'s str),
    Index,
}

/// The resource a node's value sits in for the metadata checks (`SurroundingObjectFunc`): the
/// nearest resource root's schema and the steps from it.
type Around<'a, 's> = (&'s Structural, &'a [Step<'s>]);

fn walk<'s>(
    s: &'s Structural,
    path: &Path<'_>,
    root: bool,
    inside_meta: bool,
    around: Around<'_, 's>,
    errs: &mut Vec<FieldError>,
) {
    let embedded = root || s.extensions.x_embedded_resource;
    let inside_meta = inside_meta && !embedded;
    let around = if embedded { (s, &[][..]) } else { around };
    if let Some(d) = s.generic.default.as_ref().filter(|d| !d.is_null()) {
        let at = path.child("default");
        let node = path.render();
        match inside_meta {
            true => in_meta(s, d, &at.render(), &node, around, errs),
            false => resource_default(s, d, &at.render(), &node, embedded, errs),
        }
    }
    // additionalProperties is not followed: defaults are not applied there.
    if let Some(items) = &s.items {
        let trail: Vec<Step<'s>> = around.1.iter().cloned().chain([Step::Index]).collect();
        let sub = (around.0, trail.as_slice());
        walk(items, &path.child("items"), false, inside_meta, sub, errs);
    }
    let props = path.child("properties");
    for (k, sub) in &s.properties {
        let sub_inside = inside_meta || (embedded && META_FIELDS.contains(&k.as_str()));
        let trail: Vec<Step<'s>> = around.1.iter().cloned().chain([Step::Key(k)]).collect();
        let next = (around.0, trail.as_slice());
        walk(sub, &props.key(k), false, sub_inside, next, errs);
    }
}

/// A default outside any metadata (`validate` in apiextensions-apiserver
/// `pkg/apiserver/schema/defaulting/validation.go`): nothing pruning would drop, then
/// `objectmeta.Coerce`'s error, else `objectmeta.Validate`'s, else the value against its schema.
/// Coerce rewrites the default's metadata in place, so the pruning error, recorded before it
/// and printed after, shows the metadata round-tripped.
fn resource_default(
    s: &Structural,
    d: &Value,
    at: &str,
    node: &str,
    embedded: bool,
    errs: &mut Vec<FieldError>,
) {
    let mut coerced = d.clone();
    let coerce_error = crate::validation::coerce_value(&mut coerced, s, embedded, &Path::Root(at));
    if would_prune(d, Some(s), embedded) {
        errs.push(FieldError::invalid(
            at,
            &json_value(&coerced),
            "must not have unknown fields",
        ));
    }
    if let Some(e) = coerce_error {
        errs.push(e);
        return;
    }
    let mut meta = Vec::new();
    crate::validation::validate_value(&coerced, s, embedded, &Path::Root(at), &mut meta);
    if !meta.is_empty() {
        errs.extend(meta);
        return;
    }
    let found = value_errors(s, &coerced, at, node);
    errs.extend(found);
}

/// A default inside the metadata or TypeMeta of a resource: placed in its surrounding object
/// (the resource, `apiVersion: validation/v1`, `kind: Validation` where it sets neither),
/// which must coerce and validate as a resource (`must result in valid metadata: …`); then the
/// value against its schema.
fn in_meta(
    s: &Structural,
    d: &Value,
    at: &str,
    node: &str,
    (resource, trail): Around<'_, '_>,
    errs: &mut Vec<FieldError>,
) {
    let mut obj = d.clone();
    for step in trail.iter().rev() {
        obj = match step {
            Step::Key(k) => Value::Object([(k.to_string(), obj)].into_iter().collect()),
            Step::Index => Value::Array(vec![obj]),
        };
    }
    if let Value::Object(m) = &mut obj {
        m.entry("kind").or_insert_with(|| Value::from("Validation"));
        m.entry("apiVersion")
            .or_insert_with(|| Value::from("validation/v1"));
    }
    let detail = match crate::validation::coerce_value(&mut obj, resource, true, &Path::Root("")) {
        Some(e) => Some(e.to_string()),
        None => {
            let mut meta = Vec::new();
            crate::validation::validate_value(&obj, resource, true, &Path::Root(""), &mut meta);
            (!meta.is_empty()).then(|| aggregate(&meta))
        }
    };
    match detail {
        Some(detail) => {
            let detail = format!("must result in valid metadata: {detail}");
            errs.push(FieldError::invalid(at, &json_value(d), &detail));
        }
        None => {
            let found = value_errors(s, d, at, node);
            errs.extend(found);
        }
    }
}

/// `utilerrors.NewAggregate(errs).Error()`: one message as it is, several (each once) in
/// brackets, comma-separated.
fn aggregate(errs: &[crate::field::FieldError]) -> String {
    let mut seen: Vec<String> = Vec::new();
    for e in errs {
        let m = e.to_string();
        if !seen.contains(&m) {
            seen.push(m);
        }
    }
    match seen.len() {
        1 => seen.remove(0),
        _ => format!("[{}]", seen.join(", ")),
    }
}

fn additional(s: &Structural) -> Option<Option<&Structural>> {
    s.additional_properties.as_ref().map(|ap| match ap {
        StructuralOrBool::Schema(sub) => Some(&**sub),
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

/// A default value against its schema node `s` (`node`: where the node sits in the CRD): the
/// OpenAPI validation of the value ([`crate::validation::default_value_errors`]), then, only when
/// that passes and the node has rules that compile, its CEL rules on it.
fn value_errors(s: &Structural, v: &Value, at: &str, node: &str) -> Vec<FieldError> {
    let errs = crate::validation::default_value_errors(s, v, at);
    if !errs.is_empty() || !crate::cel::has_rules(s) {
        return errs;
    }
    let rules = crate::cel::Compiled::new(s, node);
    if !rules.errors.is_empty() {
        return Vec::new();
    }
    let scalar = !v.is_object() && !v.is_array();
    // Up to 1.34 a failed rule's bad value is its node's schema type (`crate::versions`): here
    // the default's own, not the object type the rules' root is given.
    let schema_type = match s.extensions.x_int_or_string {
        true => "",
        false => &*s.generic.type_,
    };
    let value_is_type = !crate::versions::current().failed_rule_value;
    let root_type = BadValue::Json(Value::String("object".into()));
    rules
        .validate(v)
        .into_iter()
        .map(|mut e| {
            // the node is the root of the rules here: a scalar default prints as itself
            let at_root = scalar && e.field.is_empty() && e.type_ == ErrorType::Invalid;
            if at_root && e.value == BadValue::Omit {
                e.value = BadValue::Json(v.clone());
            } else if at_root && value_is_type && e.value == root_type {
                e.value = BadValue::Json(Value::String(schema_type.to_string()));
            }
            under(e, at)
        })
        .collect()
}

/// `e` with its field under `at` (the default's path).
fn under(mut e: FieldError, at: &str) -> FieldError {
    e.field = match e.field.is_empty() {
        true => at.to_string(),
        false => format!("{at}.{}", e.field),
    };
    e
}
