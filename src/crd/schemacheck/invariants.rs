//! The structural-schema check (the apiserver's `ValidateStructural`): every specified field has a
//! type outside junctors, junctors only carry value validations (except the two int-or-string
//! patterns), arrays have items, embedded resources are objects with properties or
//! preserve-unknown-fields, root metadata only restricts name and generateName.

use crate::field::{FieldError, Path};
use crate::go::strconv::quote;
use crate::schema::structural::{
    Generic, NestedValueValidation, Structural, StructuralOrBool, ValueValidation,
};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Level {
    Root,
    Item,
    Field,
}

/// The unsorted `ValidateStructural` errors of `s` at `path`.
pub(super) fn validate(s: &Structural, path: &str) -> Vec<FieldError> {
    let mut errs = Vec::new();
    node(s, Level::Root, &Path::Root(path), &mut errs);
    super::complete::validate(s, &Path::Root(path), &mut errs);
    errs
}

fn node(s: &Structural, lvl: Level, path: &Path<'_>, errs: &mut Vec<FieldError>) {
    if s.generic.type_ == "array" && s.items.is_none() {
        errs.push(FieldError::required(
            path.child("items"),
            "must be specified",
        ));
    }
    if let Some(items) = &s.items {
        node(items, Level::Item, &path.child("items"), errs);
    }
    let props = path.child("properties");
    for (k, v) in &s.properties {
        node(v, Level::Field, &props.key(k), errs);
    }
    if let Some(ap) = &s.additional_properties {
        let ap_path = path.child("additionalProperties");
        if lvl == Level::Root {
            errs.push(FieldError::forbidden(
                ap_path,
                "must not be used at the root",
            ));
        }
        if let StructuralOrBool::Schema(sub) = ap {
            node(sub, Level::Field, &ap_path, errs);
        }
    }
    extensions(s, path, errs);
    let default_vv = ValueValidation::default();
    let vv = s.value_validation.as_deref().unwrap_or(&default_vv);
    let skip_any_of = is_int_or_string_pattern(&vv.any_of);
    let skip_first_all_of_any_of = vv
        .all_of
        .first()
        .is_some_and(|first| is_int_or_string_pattern(&first.value_validation.any_of));
    value_validation(vv, skip_any_of, skip_first_all_of_any_of, path, errs);
    types(s, lvl, path, errs);
}

fn extensions(s: &Structural, path: &Path<'_>, errs: &mut Vec<FieldError>) {
    let x = &s.extensions;
    if x.x_int_or_string && x.x_preserve_unknown_fields {
        let p = path.child("x-kubernetes-preserve-unknown-fields");
        errs.push(FieldError::invalid(
            p,
            "true",
            "must be false if x-kubernetes-int-or-string is true",
        ));
    }
    if x.x_int_or_string && x.x_embedded_resource {
        let p = path.child("x-kubernetes-embedded-resource");
        errs.push(FieldError::invalid(
            p,
            "true",
            "must be false if x-kubernetes-int-or-string is true",
        ));
    }
}

/// Type, embedded-resource and metadata rules of one node.
fn types(s: &Structural, lvl: Level, path: &Path<'_>, errs: &mut Vec<FieldError>) {
    let t: &str = &s.generic.type_;
    let x = &s.extensions;
    let type_path = path.child("type");
    if x.x_embedded_resource && t != "object" {
        let detail = "must be object if x-kubernetes-embedded-resource is true";
        if t.is_empty() {
            errs.push(FieldError::required(type_path, detail));
        } else {
            errs.push(FieldError::invalid(type_path, &quote(t), detail));
        }
    } else if t.is_empty() && !x.x_int_or_string && !x.x_preserve_unknown_fields {
        let detail = match lvl {
            Level::Root => "must not be empty at the root",
            Level::Item => "must not be empty for specified array items",
            Level::Field => "must not be empty for specified object fields",
        };
        errs.push(FieldError::required(type_path, detail));
    }
    if x.x_embedded_resource && s.additional_properties.is_some() {
        let detail = "must not be used if x-kubernetes-embedded-resource is set";
        errs.push(FieldError::forbidden(
            path.child("additionalProperties"),
            detail,
        ));
    }
    if lvl == Level::Root && !t.is_empty() && t != "object" {
        errs.push(FieldError::invalid(
            type_path,
            &quote(t),
            "must be object at the root",
        ));
    }
    let check_metadata = lvl == Level::Root || x.x_embedded_resource;
    let props = path.child("properties");
    for name in ["kind", "apiVersion"] {
        match s.properties.get(name) {
            Some(p) if check_metadata && p.generic.type_ != "string" => {
                let prop = props.key(name);
                let at = prop.child("type");
                errs.push(FieldError::invalid(
                    at,
                    &quote(&p.generic.type_),
                    "must be string",
                ));
            }
            _ => {}
        }
    }
    if let Some(md) = s.properties.get("metadata") {
        metadata(md, check_metadata, lvl, &props.key("metadata"), errs);
    }
    if x.x_embedded_resource && !x.x_preserve_unknown_fields && s.properties.is_empty() {
        let detail = "must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields";
        errs.push(FieldError::required(props, detail));
    }
}

/// `metadata` must be an object where checked; at the root it may only restrict name and
/// generateName (type and default aside), nothing else.
fn metadata(md: &Structural, check: bool, lvl: Level, path: &Path<'_>, errs: &mut Vec<FieldError>) {
    if check && md.generic.type_ != "object" {
        let at = path.child("type");
        errs.push(FieldError::invalid(
            at,
            &quote(&md.generic.type_),
            "must be object",
        ));
    }
    if lvl != Level::Root {
        return;
    }
    let has_name = md.properties.contains_key("name");
    let has_generate_name = md.properties.contains_key("generateName");
    let n = md.properties.len();
    let properties_ok = n == 0
        || (has_name && has_generate_name && n == 2)
        || ((has_name || has_generate_name) && n == 1);
    let Generic {
        description,
        type_: _,
        title,
        default: _,
        nullable,
        documented,
    } = &md.generic;
    let only_name = properties_ok
        && md.items.is_none()
        && md.additional_properties.is_none()
        && description.is_empty()
        && title.is_empty()
        && !nullable
        && !documented
        && md.extensions == Default::default()
        && md
            .value_validation
            .as_deref()
            .is_none_or(ValueValidation::is_unset);
    if !only_name {
        let detail = "must not specify anything other than name and generateName, but metadata is implicitly specified";
        errs.push(FieldError::forbidden(path, detail));
    }
}

fn is_int_or_string_pattern(any_of: &[NestedValueValidation]) -> bool {
    let branch = |t: &str| NestedValueValidation {
        forbidden_generic: Generic {
            type_: t.to_string().into(),
            ..Generic::default()
        },
        ..NestedValueValidation::default()
    };
    any_of.len() == 2 && any_of[0] == branch("integer") && any_of[1] == branch("string")
}

fn value_validation(
    v: &ValueValidation,
    skip_any_of: bool,
    skip_first_all_of_any_of: bool,
    path: &Path<'_>,
    errs: &mut Vec<FieldError>,
) {
    if !skip_any_of {
        let p = path.child("anyOf");
        for (i, n) in v.any_of.iter().enumerate() {
            nested(n, false, false, &p.index(i), errs);
        }
    }
    let p = path.child("allOf");
    for (i, n) in v.all_of.iter().enumerate() {
        nested(
            n,
            skip_first_all_of_any_of && i == 0,
            false,
            &p.index(i),
            errs,
        );
    }
    let p = path.child("oneOf");
    for (i, n) in v.one_of.iter().enumerate() {
        nested(n, false, false, &p.index(i), errs);
    }
    if let Some(not) = &v.not {
        nested(not, false, false, &path.child("not"), errs);
    }
    if !v.pattern.is_empty() {
        if let Err(e) = crate::go::regexp::check(&v.pattern) {
            let detail = format!("must be a valid regular expression, but isn't: {e}");
            errs.push(FieldError::invalid(
                path.child("pattern"),
                &quote(&v.pattern),
                &detail,
            ));
        }
    }
}

fn nested(
    v: &NestedValueValidation,
    skip_any_of: bool,
    skip_all_of_any_of: bool,
    path: &Path<'_>,
    errs: &mut Vec<FieldError>,
) {
    value_validation(
        &v.value_validation,
        skip_any_of,
        skip_all_of_any_of,
        path,
        errs,
    );
    if let Some(items) = &v.items {
        nested(items, false, false, &path.child("items"), errs);
    }
    let props = path.child("properties");
    for (k, p) in &v.properties {
        nested(p, false, false, &props.key(k), errs);
    }
    forbidden_in_junctor(v, path, errs);
    if v.properties.contains_key("metadata") {
        let at = props.key("metadata");
        errs.push(FieldError::forbidden(
            at,
            "must not be specified in a nested context",
        ));
    }
}

/// Generic keywords and extensions are not allowed inside junctors.
fn forbidden_in_junctor(v: &NestedValueValidation, path: &Path<'_>, errs: &mut Vec<FieldError>) {
    const EMPTY: &str = "must be empty to be structural";
    const UNDEFINED: &str = "must be undefined to be structural";
    const FALSE: &str = "must be false to be structural";
    let g = &v.forbidden_generic;
    let x = &v.forbidden_extensions;
    let has_validations = x
        .x_validations()
        .is_some_and(|r| r.as_array().is_some_and(|a| !a.is_empty()));
    let checks: [(bool, &str, &str); 13] = [
        (!g.type_.is_empty(), "type", EMPTY),
        (
            v.forbidden_additional_properties,
            "additionalProperties",
            UNDEFINED,
        ),
        (
            g.default.as_ref().is_some_and(|d| !d.is_null()),
            "default",
            UNDEFINED,
        ),
        (!g.title.is_empty(), "title", EMPTY),
        (!g.description.is_empty(), "description", EMPTY),
        (g.nullable, "nullable", FALSE),
        (
            x.x_preserve_unknown_fields,
            "x-kubernetes-preserve-unknown-fields",
            FALSE,
        ),
        (
            x.x_embedded_resource,
            "x-kubernetes-embedded-resource",
            FALSE,
        ),
        (x.x_int_or_string, "x-kubernetes-int-or-string", FALSE),
        (
            !x.x_list_map_keys().is_empty(),
            "x-kubernetes-list-map-keys",
            EMPTY,
        ),
        (
            x.x_list_type().is_some(),
            "x-kubernetes-list-type",
            UNDEFINED,
        ),
        (x.x_map_type().is_some(), "x-kubernetes-map-type", UNDEFINED),
        (has_validations, "x-kubernetes-validations", EMPTY),
    ];
    for (set, name, detail) in checks {
        if set {
            errs.push(FieldError::forbidden(path.child(name), detail));
        }
    }
}
