//! The CRD API validation rules (the apiserver's `ValidateCustomResourceDefinitionOpenAPISchema`)
//! that the structural model can express: valid types, no `uniqueItems`, no nullable root,
//! properties and additionalProperties mutually exclusive, no defaults in top-level
//! metadata/apiVersion/kind or in additionalProperties applying to metadata, no embedded resources
//! inside resource meta, and the list-type/map-type rules.

use super::field::{
    child, forbidden, go_quote, go_string_slice, index, invalid, key, not_supported, required,
};
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
pub(super) fn validate(s: &Structural, path: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if s.generic.nullable {
        errs.push(forbidden(
            &child(path, "nullable"),
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

fn node(s: &Structural, ctx: &Ctx, path: &str, errs: &mut Vec<String>) {
    let has_default = s.generic.default.as_ref().is_some_and(|d| !d.is_null());
    common(&s.generic.type_, has_default, ctx, path, errs);
    if ctx.inside_meta && s.extensions.x_embedded_resource {
        let p = child(path, "x-kubernetes-embedded-resource");
        errs.push(forbidden(&p, "must not be used inside of resource meta"));
    }
    if s.value_validation.as_ref().is_some_and(|v| v.unique_items) {
        let detail =
            "uniqueItems cannot be set to true since the runtime complexity becomes quadratic";
        errs.push(forbidden(&child(path, "uniqueItems"), detail));
    }
    let sub = Ctx {
        is_root: false,
        ..ctx.clone()
    };
    if let Some(ap) = &s.additional_properties {
        let ap_path = child(path, "additionalProperties");
        let exclusive = !matches!(ap.as_ref(), StructuralOrBool::Bool(true));
        if !s.properties.is_empty() && exclusive {
            let detail = "additionalProperties and properties are mutual exclusive";
            errs.push(forbidden(&ap_path, detail));
        }
        if let StructuralOrBool::Schema(ap_schema) = ap.as_ref() {
            let mut ap_ctx = sub.clone();
            if ctx.inside_meta {
                let reason = "inside additionalProperties applying to object metadata";
                ap_ctx.no_defaults = Some(reason.to_string());
            }
            node(ap_schema, &ap_ctx, &ap_path, errs);
        }
    }
    let props = child(path, "properties");
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
        node(p, &p_ctx, &key(&props, k), errs);
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
        node(items, &sub, &child(path, "items"), errs);
    }
    map_type(s, path, errs);
    list_type(s, path, errs);
    list_map_keys(s, path, errs);
}

/// Rules that apply to every schema, inside junctors too.
fn common(t: &str, has_default: bool, ctx: &Ctx, path: &str, errs: &mut Vec<String>) {
    if !t.is_empty() && !TYPES.contains(&t) {
        errs.push(not_supported(&child(path, "type"), &go_quote(t), &TYPES));
    }
    if t == "null" {
        let detail = "type cannot be set to null, use nullable as an alternative";
        errs.push(forbidden(&child(path, "type"), detail));
    }
    if let (true, Some(reason)) = (has_default, &ctx.no_defaults) {
        errs.push(forbidden(
            &child(path, "default"),
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
    path: &str,
    errs: &mut Vec<String>,
) {
    for (name, list) in [("allOf", all_of), ("oneOf", one_of), ("anyOf", any_of)] {
        let p = child(path, name);
        for (i, n) in list.iter().enumerate() {
            nested(n, ctx, &index(&p, i), errs);
        }
    }
    if let Some(n) = not {
        nested(n, ctx, &child(path, "not"), errs);
    }
}

fn nested(n: &NestedValueValidation, ctx: &Ctx, path: &str, errs: &mut Vec<String>) {
    let g = &n.forbidden_generic;
    let has_default = g.default.as_ref().is_some_and(|d| !d.is_null());
    common(&g.type_, has_default, ctx, path, errs);
    if n.value_validation.unique_items {
        let detail =
            "uniqueItems cannot be set to true since the runtime complexity becomes quadratic";
        errs.push(forbidden(&child(path, "uniqueItems"), detail));
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
    let props = child(path, "properties");
    for (k, p) in &n.properties {
        nested(p, ctx, &key(&props, k), errs);
    }
    if let Some(items) = &n.items {
        nested(items, ctx, &child(path, "items"), errs);
    }
}

fn map_type(s: &Structural, path: &str, errs: &mut Vec<String>) {
    let Some(mt) = &s.extensions.x_map_type else {
        return;
    };
    let t = &s.generic.type_;
    let detail = "must be object if x-kubernetes-map-type is specified";
    if t.is_empty() {
        errs.push(required(&child(path, "type"), detail));
    } else if t != "object" {
        errs.push(invalid(&child(path, "type"), &go_quote(t), detail));
    }
    if mt != "atomic" && mt != "granular" {
        let p = child(path, "x-kubernetes-map-type");
        errs.push(not_supported(&p, &go_quote(mt), &["atomic", "granular"]));
    }
}

fn list_type(s: &Structural, path: &str, errs: &mut Vec<String>) {
    let Some(lt) = &s.extensions.x_list_type else {
        return;
    };
    let t = &s.generic.type_;
    let detail = "must be array if x-kubernetes-list-type is specified";
    let items_path = child(path, "items");
    if t.is_empty() {
        errs.push(required(&child(path, "type"), detail));
    } else if t != "array" {
        errs.push(invalid(&child(path, "type"), &go_quote(t), detail));
    } else if let (true, Some(is)) = (lt == "set", &s.items) {
        let detail = "must be atomic as item of a list with x-kubernetes-list-type=set";
        let item_lt = is.extensions.x_list_type.as_deref();
        let shown = item_lt.map_or("null".to_string(), go_quote);
        match is.generic.type_.as_str() {
            "array" if item_lt.is_some_and(|l| l != "atomic") => {
                let p = child(&items_path, "x-kubernetes-list-type");
                errs.push(invalid(&p, &shown, detail));
            }
            "object" if is.extensions.x_map_type.as_deref() != Some("atomic") => {
                let p = child(&items_path, "x-kubernetes-map-type");
                errs.push(invalid(&p, &shown, detail));
            }
            _ => {}
        }
    }
    if !matches!(lt.as_str(), "atomic" | "set" | "map") {
        let p = child(path, "x-kubernetes-list-type");
        errs.push(not_supported(&p, &go_quote(lt), &["atomic", "set", "map"]));
    }
    if let (true, Some(is)) = (lt == "set" || lt == "map", &s.items) {
        if is.generic.nullable {
            let p = child(&items_path, "nullable");
            errs.push(forbidden(
                &p,
                &format!("cannot be nullable when x-kubernetes-list-type is {lt}"),
            ));
        }
    }
}

fn list_map_keys(s: &Structural, path: &str, errs: &mut Vec<String>) {
    let keys = &s.extensions.x_list_map_keys;
    let lt = s.extensions.x_list_type.as_deref();
    let lt_path = child(path, "x-kubernetes-list-type");
    let detail = "must be map if x-kubernetes-list-map-keys is non-empty";
    match lt {
        None if !keys.is_empty() => errs.push(required(&lt_path, detail)),
        Some(l) if !keys.is_empty() && l != "map" => {
            errs.push(invalid(&lt_path, &go_quote(l), detail))
        }
        _ => {}
    }
    if lt != Some("map") {
        return;
    }
    let keys_path = child(path, "x-kubernetes-list-map-keys");
    if keys.is_empty() {
        let detail = "must not be empty if x-kubernetes-list-type is map";
        errs.push(required(&keys_path, detail));
    }
    let items_path = child(path, "items");
    let Some(is) = &s.items else {
        let detail = "must have a schema if x-kubernetes-list-type is map";
        errs.push(required(&items_path, detail));
        return;
    };
    let it = &is.generic.type_;
    if it != "object" {
        let detail = "must be object if parent array's x-kubernetes-list-type is map";
        errs.push(invalid(&child(&items_path, "type"), &go_quote(it), detail));
        return;
    }
    let props = child(&items_path, "properties");
    let mut seen = std::collections::HashSet::new();
    for k in keys {
        match is.properties.get(k) {
            Some(p) => {
                if matches!(p.generic.type_.as_str(), "array" | "object") {
                    let detail =
                        "must be a scalar type if parent array's x-kubernetes-list-type is map";
                    errs.push(invalid(
                        &child(&key(&props, k), "type"),
                        &go_quote(it),
                        detail,
                    ));
                }
                key_must_be_set(is, p, k, &key(&props, k), errs);
            }
            None => {
                let detail = "entries must all be names of item properties";
                errs.push(invalid(&keys_path, &go_string_slice(keys), detail));
            }
        }
        if !seen.insert(k) {
            let detail = "must not contain duplicate entries";
            errs.push(invalid(&keys_path, &go_string_slice(keys), detail));
        }
    }
}

/// A map-list key must be required or defaulted, and not nullable.
fn key_must_be_set(item: &Structural, p: &Structural, k: &str, path: &str, errs: &mut Vec<String>) {
    let is_required = item
        .value_validation
        .as_ref()
        .is_some_and(|v| v.required.iter().any(|r| r == k));
    let has_default = p.generic.default.as_ref().is_some_and(|d| !d.is_null());
    if !is_required && !has_default {
        let detail = "this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property";
        errs.push(required(&child(path, "default"), detail));
    }
    if p.generic.nullable {
        let detail = "this property is in x-kubernetes-list-map-keys, so it cannot be nullable";
        errs.push(forbidden(&child(path, "nullable"), detail));
    }
}
