//! Applies one version's schema to one object, in the apiserver's order (its unstructured schema
//! coercer, then its defaulter): root ObjectMeta round trip → prune unknown fields → drop
//! non-nullable nulls without default → embedded ObjectMeta/TypeMeta coercion → default. An
//! object whose metadata the apiserver cannot decode is refused first and left unchanged.
//!
//! Pruning and null dropping only run when the version prunes (`VersionSchema::prune`, false for
//! v1beta1 CRDs that preserve unknown fields) and [`Options::prune`] is on; the ObjectMeta round
//! trip runs regardless, as the apiserver's does.
//!
//! [`run`] is the one entry for a request: those stages ([`apply`]), then the apiserver's
//! validation of the create or of the update against the stored old object (OpenAPI with
//! ratcheting on update, list types, ObjectMeta, then the CEL rules unless a blocking error came
//! first) with the version's compiled [`Checks`].

use crate::field::FieldError;
use crate::objectmeta::{self, Refusal};
use crate::schema::registry::Entry;
use crate::schema::{map_schemas, VersionSchema};
use crate::validation::Validator;
use crate::yaml::keys::{drop_shadowed, json_decoded, normalize_keys};
use crate::yaml::Node;
use crate::{defaulting, pruning};
use serde_json::Value;
use std::sync::Arc;

/// What a version checks beyond pruning and defaulting, compiled once when its CRD is loaded
/// (from the whole schema, before it is slimmed for processing).
#[derive(Clone, Debug, Default)]
pub struct Checks {
    /// The OpenAPI, list-type and ObjectMeta validation (`None` when validation is off, or
    /// without a usable schema).
    pub validator: Option<Validator>,
    /// The compiled `x-kubernetes-validations` rules (`None` without any).
    pub rules: Option<Arc<crate::cel::Compiled>>,
    /// Set when the CRD is an update the apiserver refuses only because rules do not compile:
    /// its objects are then validated under it as sent, each such rule an error on them
    /// (`rule compile error: ...`, as the validator of a CRD holding the rule reports it),
    /// instead of being left unchanged.
    pub uncompiled_rules_reported: bool,
}

impl Checks {
    /// The errors of the version's CEL rules for `obj` (called only where the apiserver runs
    /// them).
    pub fn cel_errors<V: crate::cel::Input>(&self, obj: &V) -> Vec<FieldError> {
        self.rules
            .as_ref()
            .map_or_else(Vec::new, |r| r.validate(obj))
    }

    /// The errors of the version's CEL rules for an update of `old` to `obj`.
    pub fn cel_update_errors(&self, obj: &Value, old: &Value) -> Vec<FieldError> {
        self.rules
            .as_ref()
            .map_or_else(Vec::new, |r| r.validate_update(obj, old))
    }

    /// The causes of the 422 for `obj` (pruned and defaulted), on `request`; none without a
    /// validator.
    pub fn validate(&self, obj: &Node, request: Request<'_>) -> Vec<FieldError> {
        let Some(validator) = &self.validator else {
            return Vec::new();
        };
        match request {
            Request::Create => validator.validate(obj, |o| self.cel_errors(o)),
            Request::Stored => validator.validate_until_refused(obj, |o| self.cel_errors(o)),
            Request::Update { old } => {
                validator.validate_update(obj, old, |o, old| self.cel_update_errors(o, old))
            }
        }
    }
}

/// What the apiserver is asked to do with an object.
#[derive(Clone, Copy, Debug)]
pub enum Request<'a> {
    Create,
    /// A create of which only one thing is asked: whether the apiserver stores the object
    /// (no errors). Validation stops after the first stage that finds an error, so the errors
    /// are not all of them (see [`crate::process::previous`]).
    Stored,
    /// An update of `old`: the object as the cluster stored it, read back through the new
    /// object's version (see [`crate::process::previous`]).
    Update {
        old: &'a Node,
    },
}

/// Which stages run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub prune: bool,
    pub default: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            prune: true,
            default: true,
        }
    }
}

/// What was done to one object: field paths in `spec.a[0].b` style. `pruned` is in the
/// apiserver's order (unknown root metadata fields, then pruned fields sorted, then unknown
/// embedded metadata fields sorted); `defaulted` is in the order defaults were applied (top-down).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Outcome {
    pub pruned: Vec<String>,
    pub defaulted: Vec<String>,
    /// Set when the apiserver refuses a create request of the object outright (metadata that
    /// does not decode): the object was left as it came.
    pub refused: Option<Refusal>,
    /// The causes of the apiserver's 422 ([`run`] with validation on; never with `refused`).
    pub errors: Vec<FieldError>,
}

/// Every stage for one object of `entry`'s version on `request`: [`apply`], then (when
/// `validate`, and the object was not refused outright) the validation of the create or update.
pub fn run(
    obj: &mut Node,
    entry: &Entry<Checks>,
    request: Request<'_>,
    opts: &Options,
    validate: bool,
) -> Outcome {
    let mut out = apply(obj, entry, opts);
    // An object the apiserver cannot decode is refused before it is validated.
    if validate && out.refused.is_none() {
        out.errors = entry.attached.validate(obj, request);
    }
    out
}

/// Applies `vs` to `obj` in place (a root custom resource object). The caller has checked that
/// `vs` has a schema and no structural errors; without a schema only the ObjectMeta round trip
/// runs. An object the apiserver would refuse is left unchanged (but for map keys made the
/// strings a YAML 1.1 reader reads, see
/// [`normalize_keys`]).
pub fn apply(obj: &mut Node, vs: &VersionSchema, opts: &Options) -> Outcome {
    let schema = vs.schema.as_deref();
    let mut out = Outcome::default();
    // A JSON document's keys are already strings, and it has no merge key; a repeated one is
    // read as kubectl reads it in both.
    if !json_decoded(obj) {
        normalize_keys(obj);
        // (Only the JSON reader gives spans: none is left to keep.)
        obj.forget_spans();
    }
    drop_shadowed(obj);
    let prunes = opts.prune && vs.prune;
    if let Some(r) = objectmeta::refusal(obj, schema, prunes) {
        out.refused = Some(r);
        return out;
    }
    out.pruned = objectmeta::coerce_root(obj).unknown;
    if let Some(s) = schema {
        if prunes {
            out.pruned.extend(pruning::prune(obj, s));
            defaulting::prune_nulls(obj, s);
        }
        out.pruned
            .extend(objectmeta::coerce_embedded(obj, s).unknown);
        if opts.default {
            out.defaulted = defaulting::default(obj, s);
        }
    }
    out
}

/// Readies loaded versions for [`apply`] as the apiserver readies a CRD's schemas: the
/// defaults of every version that prunes are pruned ([`defaulting::prune_defaults`]).
pub fn prepare(versions: &mut [VersionSchema]) {
    map_schemas(versions, |s, prune| {
        if prune {
            defaulting::prune_defaults(s);
        }
    });
}

mod input;

#[cfg(test)]
#[path = "engine/tests.rs"]
mod tests;
