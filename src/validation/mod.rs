//! Validation of a custom resource as kube-apiserver (v1.36) validates a create request, after
//! the object was pruned and defaulted: the rest of the request's path up to storage, with the
//! apiserver's messages byte for byte. In its order:
//!
//! 1. `PrepareForCreate`: `status` is dropped when the version has the status subresource; the
//!    object has metadata (the server fills in its system fields); the request's namespace
//!    (`default`) applies to a namespaced object without one, a cluster-scoped object loses its
//!    namespace; a `generateName` gets its generated name.
//! 2. ObjectMeta (`objectmeta`): names as DNS subdomains, namespace, labels, annotations, ...
//! 3. OpenAPI value validation (`openapi`) of the whole object with the version's schema.
//! 4. The scale subresource's paths (`scale`).
//! 5. Embedded resources' TypeMeta and ObjectMeta (`embedded`).
//! 6. List types (`listtype`).
//! 7. CEL rules, when the schema has any: skipped after a blocking error, which is reported
//!    as `some validation rules were not checked ...`; else run by the caller's evaluator.
//! 8. Only when nothing failed: the generic name check (path-segment names).
//!
//! A CRD version's schema is compiled once ([`Compiler::compile`], from the full schema: patterns
//! are shared between all the schemas of a run); its [`Validator`] pairs that with the version's
//! slimmed structural schema (the one processing holds) and its scope and subresources. Nothing
//! is compiled per object.

mod compile;
mod data;
mod embedded;
mod listtype;
mod objectmeta;
mod openapi;
mod scale;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod upstream_listtype;
#[cfg(test)]
mod upstream_objectmeta;
#[cfg(test)]
mod upstream_objectmeta_api;

pub use compile::{Compiled, Compiler};

use crate::field::{BadValue, ErrorType, FieldError, Path};
use crate::names;
use crate::schema::{Scale, Structural, VersionSchema};
use crate::yaml::Node as Item;
pub(crate) use data::Data;
use data::Obj;
use openapi::errors::OPath;
use openapi::view::Node;
use serde_json::Value;
use std::collections::HashSet;
use std::sync::Arc;

pub(crate) use embedded::{coerce_value, validate_value};

/// Everything the apiserver checks on create for one CRD version (cheap to clone: the schemas
/// are shared).
#[derive(Clone, Debug)]
pub struct Validator {
    schema: Arc<Structural>,
    compiled: Compiled,
    namespaced: bool,
    status_subresource: bool,
    scale: Option<Scale>,
}

/// Runs the CEL rules (`rules`) unless `errs` already holds an error that blocks them, as the
/// apiserver does; a blocked run is one error saying so ([`RULES_NOT_CHECKED`]).
fn rules_unless_blocked(errs: &mut Vec<FieldError>, rules: impl FnOnce() -> Vec<FieldError>) {
    if errs.iter().any(is_blocking) {
        errs.push(FieldError::new(
            ErrorType::Invalid,
            "",
            BadValue::Json(Value::Null),
            RULES_NOT_CHECKED,
        ));
    } else {
        errs.extend(rules());
    }
}

/// The message of the error that stands for the CEL rules skipped after a blocking error.
pub const RULES_NOT_CHECKED: &str = "some validation rules were not checked because the object was invalid; correct the existing errors to complete validation";

/// A CRD's `default` value checked as `ValidateDefaults` checks it once it survives pruning:
/// the OpenAPI validation of the value with the schema node `s` (`ValidateCustomResource`,
/// each field under `at`, the default's path). Its CEL rules, checked only when this passes,
/// are the CRD layer's (`crd::schemacheck`).
pub fn default_value_errors(s: &Structural, v: &Value, at: &str) -> Vec<FieldError> {
    let compiled = Compiler::new().compile(s);
    let root = Node {
        s,
        side: Some(&compiled.side),
    };
    let res = openapi::validate(root, &Data::of_value(v), &OPath::Root);
    let mut seen = HashSet::new();
    res.errs
        .iter()
        .map(openapi::errors::OErr::to_field_error)
        .filter(|e| seen.insert(e.to_string()))
        .map(|mut e| {
            e.field = match e.field.is_empty() {
                true => at.to_string(),
                false => format!("{at}.{}", e.field),
            };
            e
        })
        .collect()
}

/// The ObjectMeta checks of a cluster-scoped object's `metadata` on create (a CRD's), with
/// DNS-subdomain names: what `ValidateObjectMeta` gives before the kind's own name rule.
pub fn cluster_object_meta_errors(meta: &Value) -> Vec<FieldError> {
    let mut errs = Vec::new();
    if let Data::Object(meta) = Data::of_value(meta) {
        let rule = names::name_is_dns_subdomain;
        objectmeta::validate(&meta, false, rule, "metadata", &mut errs);
    }
    errs
}

impl Validator {
    /// The validator of a version with a schema (`None` without one): `compiled` is its schema
    /// compiled before it was slimmed ([`Compiler::compile`]), `vs` the version as processing
    /// holds it.
    pub fn new(vs: &VersionSchema, compiled: Compiled) -> Option<Validator> {
        Some(Validator {
            schema: vs.schema.clone()?,
            compiled,
            namespaced: vs.namespaced,
            status_subresource: vs.subresources.status,
            scale: vs.subresources.scale.clone(),
        })
    }

    /// Whether the schema has CEL rules (which run only when no blocking error was found).
    pub fn has_rules(&self) -> bool {
        self.compiled.has_rules
    }

    /// The causes of the 422 a create request of the processed (pruned, defaulted) `item` gets,
    /// in the apiserver's order; empty when it would be stored, or when kubectl could not send
    /// it (a NaN). `cel` is called where the apiserver evaluates the CEL rules (the schema has
    /// some, and no blocking error was found) with the object as validated, and gives their
    /// errors.
    pub fn validate(
        &self,
        item: &Item,
        cel: impl FnOnce(&Data<'_>) -> Vec<FieldError>,
    ) -> Vec<FieldError> {
        self.validate_item(item, cel, false)
    }

    /// [`Validator::validate`] up to the first stage that finds an error: the same answer to
    /// whether the create is refused, not all its causes.
    pub fn validate_until_refused(
        &self,
        item: &Item,
        cel: impl FnOnce(&Data<'_>) -> Vec<FieldError>,
    ) -> Vec<FieldError> {
        self.validate_item(item, cel, true)
    }

    fn validate_item(
        &self,
        item: &Item,
        cel: impl FnOnce(&Data<'_>) -> Vec<FieldError>,
        until_refused: bool,
    ) -> Vec<FieldError> {
        let mut fallback = None;
        match Data::of_item(item, &mut fallback) {
            Some(obj) => self.validate_data(obj, cel, until_refused),
            None => Vec::new(),
        }
    }

    /// [`Validator::validate`] of a JSON value (as kubectl sends it).
    pub fn validate_value(
        &self,
        obj: &Value,
        cel: impl FnOnce(&Data<'_>) -> Vec<FieldError>,
    ) -> Vec<FieldError> {
        self.validate_data(Data::of_value(obj), cel, false)
    }

    fn validate_data(
        &self,
        mut obj: Data<'_>,
        cel: impl FnOnce(&Data<'_>) -> Vec<FieldError>,
        until_refused: bool,
    ) -> Vec<FieldError> {
        let Data::Object(root) = &mut obj else {
            return Vec::new();
        };
        self.prepare_for_create(root);
        let mut errs = Vec::new();
        if let Some(Data::Object(meta)) = root.get("metadata") {
            let rule = names::name_is_dns_subdomain;
            objectmeta::validate(meta, self.namespaced, rule, "metadata", &mut errs);
        }
        if until_refused && !errs.is_empty() {
            return errs;
        }
        errs.extend(self.openapi(&obj));
        if let Some(scale) = &self.scale {
            scale::validate(&obj, scale, &mut errs);
        }
        let side = &self.compiled.side;
        embedded::validate(&self.schema, side, &obj, &Path::Root(""), &mut errs);
        listtype::validate(&self.schema, side, &obj, &Path::Root(""), &mut errs);
        if until_refused && !errs.is_empty() {
            return errs;
        }
        if self.compiled.has_rules {
            rules_unless_blocked(&mut errs, || cel(&obj));
        }
        // The generic check repeats the ObjectMeta rules with path-segment names; all but the
        // name rules are the ones that just passed.
        if errs.is_empty() {
            if let Some(Data::Object(meta)) = obj.as_object().and_then(|o| o.get("metadata")) {
                objectmeta::names(meta, names::path_segment, "metadata", &mut errs);
            }
        }
        errs
    }

    /// The causes of the 422 an update request of the processed `item` gets, the old object
    /// being `old` (as the apiserver reads it back: converted, pruned and defaulted with this
    /// version), in the apiserver's order (`rest.BeforeUpdate`, then the strategy's
    /// `ValidateUpdate`): the ObjectMeta checks (labels, annotations and ownerReferences three
    /// times), OpenAPI validation with ratcheting, scale, embedded resources, list types (only
    /// when the old object has no list-type error), then `cel` with the new and old objects
    /// (unless a blocking error was found).
    pub fn validate_update(
        &self,
        item: &Item,
        old: &Item,
        cel: impl FnOnce(&Value, &Value) -> Vec<FieldError>,
    ) -> Vec<FieldError> {
        let (mut fallback, mut old_fallback) = (None, None);
        let (Some(mut obj), Some(mut old)) = (
            Data::of_item(item, &mut fallback),
            Data::of_item(old, &mut old_fallback),
        ) else {
            return Vec::new();
        };
        let (Data::Object(root), Data::Object(old_root)) = (&mut obj, &mut old) else {
            return Vec::new();
        };
        self.prepare_for_update(root, old_root);
        let mut errs = Vec::new();
        if let Some(Data::Object(meta)) = root.get("metadata") {
            objectmeta::validate(
                meta,
                self.namespaced,
                names::path_segment,
                "metadata",
                &mut errs,
            );
            objectmeta::update(meta, "metadata", &mut errs);
            objectmeta::update(meta, "metadata", &mut errs);
        }
        errs.extend(self.openapi_update(&obj, &old));
        if let Some(scale) = &self.scale {
            scale::validate(&obj, scale, &mut errs);
        }
        let side = &self.compiled.side;
        embedded::validate(&self.schema, side, &obj, &Path::Root(""), &mut errs);
        let mut old_list_errs = Vec::new();
        listtype::validate(
            &self.schema,
            side,
            &old,
            &Path::Root(""),
            &mut old_list_errs,
        );
        if old_list_errs.is_empty() {
            listtype::validate(&self.schema, side, &obj, &Path::Root(""), &mut errs);
        }
        if self.compiled.has_rules {
            rules_unless_blocked(&mut errs, || cel(&obj.to_value(), &old.to_value()));
        }
        errs
    }

    /// What the apiserver does to both objects of an update before validating it: each has
    /// metadata and the request's namespace (as on create), and with the status subresource
    /// the new object's `status` is the old one's (`PrepareForUpdate`).
    fn prepare_for_update<'a>(&self, root: &mut Obj<'a>, old: &mut Obj<'a>) {
        self.prepare_meta(old);
        self.prepare_meta(root);
        // The old object as its create stored it (`BeforeCreate` clears the deletion fields;
        // `PrepareForCreate` sets the generation to 1), and the new one with the old one's
        // generation (`BeforeUpdate`). With no deletion fields on the old object,
        // `BeforeUpdate` keeps the new one's.
        if let Some(Data::Object(meta)) = old.get_mut("metadata") {
            meta.remove("deletionTimestamp");
            meta.remove("deletionGracePeriodSeconds");
        }
        for o in [&mut *old, &mut *root] {
            first_generation(o);
        }
        let status = old.get("status").cloned();
        if self.status_subresource {
            match status {
                Some(s) => root.insert("status", s),
                None => {
                    root.remove("status");
                }
            }
        }
    }

    /// [`Validator::openapi`] of an update, with ratcheting against `old`.
    fn openapi_update(&self, obj: &Data<'_>, old: &Data<'_>) -> Vec<FieldError> {
        let root = Node {
            s: &self.schema,
            side: Some(&self.compiled.side),
        };
        let res = openapi::validate_update(root, obj, Some(old), &OPath::Root);
        let mut seen = HashSet::new();
        res.errs
            .iter()
            .map(openapi::errors::OErr::to_field_error)
            .filter(|e| seen.insert(e.to_string()))
            .collect()
    }

    /// What the apiserver does to the object before validating it.
    fn prepare_for_create(&self, root: &mut Obj<'_>) {
        if self.status_subresource {
            root.remove("status");
        }
        self.prepare_meta(root);
        first_generation(root);
    }

    /// The metadata the server fills in on create: the object's, its namespace, its name.
    fn prepare_meta(&self, root: &mut Obj<'_>) {
        // The server fills in system metadata: the object always has some.
        match root.get("metadata") {
            None | Some(Data::Null) => root.insert("metadata", Data::Object(Obj::default())),
            Some(Data::Object(_)) => {}
            Some(_) => return,
        }
        let Some(Data::Object(meta)) = root.get_mut("metadata") else {
            return;
        };
        let text = |m: &Obj<'_>, k: &str| m.get(k).and_then(Data::as_str).unwrap_or("").to_string();
        if !self.namespaced {
            meta.remove("namespace");
        } else if text(meta, "namespace").is_empty() {
            meta.insert("namespace", Data::Str("default".into()));
        }
        let generate_name = text(meta, "generateName");
        if !generate_name.is_empty() && text(meta, "name").is_empty() {
            meta.insert("name", Data::Str(generated_name(&generate_name).into()));
        }
    }

    /// kube-openapi's errors for the object, translated, without repeats.
    fn openapi(&self, obj: &Data<'_>) -> Vec<FieldError> {
        let root = Node {
            s: &self.schema,
            side: Some(&self.compiled.side),
        };
        let res = openapi::validate(root, obj, &OPath::Root);
        let mut seen = HashSet::new();
        res.errs
            .iter()
            .map(openapi::errors::OErr::to_field_error)
            .filter(|e| seen.insert(e.to_string()))
            .collect()
    }
}

/// The generation a custom resource's create gives it (`customResourceStrategy.
/// PrepareForCreate`): 1, whatever the object says.
fn first_generation(root: &mut Obj<'_>) {
    if let Some(Data::Object(meta)) = root.get_mut("metadata") {
        meta.insert("generation", Data::Int(1));
    }
}

/// The name the apiserver generates from `generateName`: at most 58 characters of it and five
/// random ones (here always `xxxxx`, one of the characters it picks from).
fn generated_name(base: &str) -> String {
    let mut end = base.len().min(58);
    while !base.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}xxxxx", &base[..end])
}

/// The error types after which the apiserver does not run CEL rules.
fn is_blocking(e: &FieldError) -> bool {
    matches!(
        e.type_,
        ErrorType::NotSupported
            | ErrorType::Required
            | ErrorType::TooLong
            | ErrorType::TooMany
            | ErrorType::TypeInvalid
    )
}
