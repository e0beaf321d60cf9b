//! The CRD API validation rules (the apiserver's `ValidateCustomResourceDefinitionOpenAPISchema`)
//! about structure and defaults that the model can express: valid types, no `uniqueItems`, no
//! nullable root, properties and additionalProperties mutually exclusive, no defaults in top-level
//! metadata/apiVersion/kind or in additionalProperties applying to metadata, no embedded resources
//! inside resource meta. (The list-type/map-type and CEL rules are not checked: the apiserver's
//! structural check, which decides how objects are stored, does not depend on them.)

use crate::field::{FieldError, Path};
use crate::go::strconv::quote;
use crate::schema::structural::{NestedValueValidation, Structural, StructuralOrBool};

const TYPES: [&str; 6] = ["array", "boolean", "integer", "number", "object", "string"];

/// What the walk knows about the position of a node.
#[derive(Clone, Default)]
struct Ctx {
    is_root: bool,
    /// `Some(reason)` when defaults are forbidden here.
    no_defaults: Option<String>,
    inside_meta: bool,
}

/// The unsorted API validation errors of `s` at `path` (the `openAPIV3Schema` root).
pub(super) fn validate(s: &Structural, path: &str) -> Vec<FieldError> {
    let path = &Path::Root(path);
    let mut errs = Vec::new();
    if s.generic.nullable {
        errs.push(FieldError::forbidden(
            path.child("nullable"),
            "nullable cannot be true at the root",
        ));
    }
    let ctx = Ctx {
        is_root: true,
        ..Ctx::default()
    };
    node(s, &ctx, path, &mut errs);
    errs
}

fn node(s: &Structural, ctx: &Ctx, path: &Path<'_>, errs: &mut Vec<FieldError>) {
    let has_default = s.generic.default.as_ref().is_some_and(|d| !d.is_null());
    common(&s.generic.type_, has_default, ctx, path, errs);
    if ctx.inside_meta && s.extensions.x_embedded_resource {
        let p = path.child("x-kubernetes-embedded-resource");
        errs.push(FieldError::forbidden(
            p,
            "must not be used inside of resource meta",
        ));
    }
    if s.value_validation.as_ref().is_some_and(|v| v.unique_items) {
        let detail =
            "uniqueItems cannot be set to true since the runtime complexity becomes quadratic";
        errs.push(FieldError::forbidden(path.child("uniqueItems"), detail));
    }
    let sub = Ctx {
        is_root: false,
        ..ctx.clone()
    };
    if let Some(ap) = &s.additional_properties {
        let ap_path = path.child("additionalProperties");
        let exclusive = !matches!(ap, StructuralOrBool::Bool(true));
        if !s.properties.is_empty() && exclusive {
            let detail = "additionalProperties and properties are mutual exclusive";
            errs.push(FieldError::forbidden(ap_path, detail));
        }
        if let StructuralOrBool::Schema(ap_schema) = ap {
            let mut ap_ctx = sub.clone();
            if ctx.inside_meta {
                let reason = "inside additionalProperties applying to object metadata";
                ap_ctx.no_defaults = Some(reason.to_string());
            }
            node(ap_schema, &ap_ctx, &ap_path, errs);
        }
    }
    let props = path.child("properties");
    for (k, p) in &s.properties {
        let mut p_ctx = sub.clone();
        if (ctx.is_root || s.extensions.x_embedded_resource)
            && matches!(k.as_str(), "metadata" | "kind" | "apiVersion")
        {
            p_ctx.inside_meta = true;
            if ctx.is_root {
                p_ctx.no_defaults = Some(format!("in top-level {k}"));
            }
        }
        node(p, &p_ctx, &props.key(k), errs);
    }
    if let Some(vv) = &s.value_validation {
        junctors(
            &vv.all_of,
            &vv.any_of,
            &vv.one_of,
            vv.not.as_deref(),
            &sub,
            path,
            errs,
        );
    }
    if let Some(items) = &s.items {
        node(items, &sub, &path.child("items"), errs);
    }
}

/// Rules that apply to every schema, inside junctors too.
fn common(t: &str, has_default: bool, ctx: &Ctx, path: &Path<'_>, errs: &mut Vec<FieldError>) {
    if !t.is_empty() && !TYPES.contains(&t) {
        errs.push(FieldError::not_supported(
            path.child("type"),
            &quote(t),
            &TYPES,
        ));
    }
    if t == "null" {
        let detail = "type cannot be set to null, use nullable as an alternative";
        errs.push(FieldError::forbidden(path.child("type"), detail));
    }
    if let (true, Some(reason)) = (has_default, &ctx.no_defaults) {
        errs.push(FieldError::forbidden(
            path.child("default"),
            &format!("must not be set {reason}"),
        ));
    }
}

fn junctors(
    all_of: &[NestedValueValidation],
    any_of: &[NestedValueValidation],
    one_of: &[NestedValueValidation],
    not: Option<&NestedValueValidation>,
    ctx: &Ctx,
    path: &Path<'_>,
    errs: &mut Vec<FieldError>,
) {
    for (name, list) in [("allOf", all_of), ("oneOf", one_of), ("anyOf", any_of)] {
        let p = path.child(name);
        for (i, n) in list.iter().enumerate() {
            nested(n, ctx, &p.index(i), errs);
        }
    }
    if let Some(n) = not {
        nested(n, ctx, &path.child("not"), errs);
    }
}

fn nested(n: &NestedValueValidation, ctx: &Ctx, path: &Path<'_>, errs: &mut Vec<FieldError>) {
    let g = &n.forbidden_generic;
    let has_default = g.default.as_ref().is_some_and(|d| !d.is_null());
    common(&g.type_, has_default, ctx, path, errs);
    if n.value_validation.unique_items {
        let detail =
            "uniqueItems cannot be set to true since the runtime complexity becomes quadratic";
        errs.push(FieldError::forbidden(path.child("uniqueItems"), detail));
    }
    let vv = &n.value_validation;
    junctors(
        &vv.all_of,
        &vv.any_of,
        &vv.one_of,
        vv.not.as_deref(),
        ctx,
        path,
        errs,
    );
    let props = path.child("properties");
    for (k, p) in &n.properties {
        nested(p, ctx, &props.key(k), errs);
    }
    if let Some(items) = &n.items {
        nested(items, ctx, &path.child("items"), errs);
    }
}
