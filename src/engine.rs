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
use crate::yaml::scalar::{resolve, Resolved};
use crate::yaml::{Mapping, Node};
use crate::{defaulting, pruning};
use std::borrow::Cow;

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
/// strings a YAML 1.1 reader reads, see [`normalize_keys`]).
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

/// The JSON object key a YAML 1.1 reader makes of a mapping key (`on` → `true`, `1` → `1`).
pub fn key_text(key: &Node) -> Option<Cow<'_, str>> {
    let Node::Scalar(s) = key else {
        return None;
    };
    Some(match resolve(s) {
        Resolved::Str | Resolved::BigInt(_) => Cow::Borrowed(s.value.as_str()),
        Resolved::Bool(b) => Cow::Borrowed(if b { "true" } else { "false" }),
        Resolved::Null => Cow::Borrowed("null"),
        Resolved::Int(i) => Cow::Owned(i.to_string()),
        Resolved::Float(_) => Cow::Owned(float_key(key)?),
    })
}

/// The JSON key of a float key, as the YAML layer writes it (Go's formatting).
fn float_key(key: &Node) -> Option<String> {
    let map = Node::Map(Mapping {
        entries: vec![(key.clone(), Node::string(""))],
        ..Mapping::default()
    });
    let json = crate::yaml::json::to_json(&map).ok()?;
    json.as_object()?.keys().next().cloned()
}

/// Makes map keys what the apiserver stores: YAML merge keys (`<<: *base`) are resolved the way
/// kubectl reads them (go-yaml v2: entries apply in order, a later key wins; of a list of maps,
/// the first wins), and keys that YAML 1.1 reads as no string (`8080`, `on`) become the string
/// JSON has for them (`'8080'`, `'true'`), so every reader of the output sees string keys.
pub fn normalize_keys(node: &mut Node) {
    match node {
        Node::Map(m) => {
            if m.entries.iter().any(|(k, _)| is_merge_key(k)) {
                for (k, v) in std::mem::take(&mut m.entries) {
                    if is_merge_key(&k) && merge_into(m, v.clone()) {
                        continue;
                    }
                    upsert(m, k, v);
                }
            }
            for (k, v) in m.entries.iter_mut() {
                stringify_key(k);
                normalize_keys(v);
            }
        }
        Node::Seq(s) => s.items.iter_mut().for_each(normalize_keys),
        Node::Scalar(_) => {}
    }
}

/// A bool/int/float key becomes its JSON string (null keys are left as they are).
fn stringify_key(k: &mut Node) {
    let Node::Scalar(s) = k else { return };
    if matches!(resolve(s), Resolved::Str | Resolved::Null) {
        return;
    }
    if let Some(text) = key_text(k).map(Cow::into_owned) {
        *k = Node::string(&text);
    }
}

fn is_merge_key(k: &Node) -> bool {
    matches!(k, Node::Scalar(s) if s.value == "<<" && match s.tag.as_deref() {
        Some(t) => t == "!!merge" || t == "tag:yaml.org,2002:merge",
        None => s.style == crate::yaml::ScalarStyle::Plain,
    })
}

/// Merges a map (or a list of maps) into `m`; false when `v` is neither.
fn merge_into(m: &mut Mapping, mut v: Node) -> bool {
    normalize_keys(&mut v);
    match v {
        Node::Map(src) => src.entries.into_iter().for_each(|(k, x)| upsert(m, k, x)),
        Node::Seq(s) if s.items.iter().all(|i| matches!(i, Node::Map(_))) => {
            s.items.into_iter().rev().for_each(|i| {
                merge_into(m, i);
            });
        }
        _ => return false,
    }
    true
}

/// Sets entry `k` of `m` (same JSON key) in place, else appends it.
fn upsert(m: &mut Mapping, k: Node, v: Node) {
    let text = key_text(&k).map(Cow::into_owned);
    match m
        .entries
        .iter_mut()
        .find(|(x, _)| key_text(x).map(Cow::into_owned) == text)
    {
        Some(slot) => slot.1 = v,
        None => m.entries.push((k, v)),
    }
}

#[cfg(test)]
#[path = "engine/tests.rs"]
mod tests;
