//! Applies one version's schema to one object, in the apiserver's order (its unstructured schema
//! coercer, then its defaulter): root ObjectMeta round trip → prune unknown fields → drop
//! non-nullable nulls without default → embedded ObjectMeta/TypeMeta coercion → default. An
//! object whose metadata the apiserver cannot decode is refused first and left unchanged.
//!
//! Pruning and null dropping only run when the version prunes (`VersionSchema::prune`, false for
//! v1beta1 CRDs that preserve unknown fields) and [`Options::prune`] is on; the ObjectMeta round
//! trip runs regardless, as the apiserver's does.

use crate::objectmeta::{self, Refusal};
use crate::schema::{map_schemas, VersionSchema};
use crate::yaml::keys::normalize_keys;
use crate::yaml::Node;
use crate::{defaulting, pruning};

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
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    pub pruned: Vec<String>,
    pub defaulted: Vec<String>,
    /// Set when the apiserver refuses a create request of the object outright (metadata that
    /// does not decode): the object was left as it came.
    pub refused: Option<Refusal>,
}

/// Applies `vs` to `obj` in place (a root custom resource object). The caller has checked that
/// `vs` has a schema and no structural errors; without a schema only the ObjectMeta round trip
/// runs. An object the apiserver would refuse is left unchanged (but for map keys made the
/// strings a YAML 1.1 reader reads, see
/// [`normalize_keys`]).
pub fn apply(obj: &mut Node, vs: &VersionSchema, opts: &Options) -> Outcome {
    let schema = vs.schema.as_deref();
    let mut out = Outcome::default();
    normalize_keys(obj);
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

#[cfg(test)]
#[path = "engine/tests.rs"]
mod tests;
