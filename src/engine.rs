//! Applies one version's schema to one object, in the apiserver's order (its unstructured schema
//! coercer, then its defaulter): root ObjectMeta round trip → prune unknown fields → drop
//! non-nullable nulls without default → embedded ObjectMeta/TypeMeta coercion → default.
//!
//! Pruning and null dropping only run when the version prunes (`VersionSchema::prune`, false for
//! v1beta1 CRDs that preserve unknown fields) and [`Options::prune`] is on; the ObjectMeta round
//! trip runs regardless, as the apiserver's does.

use crate::schema::VersionSchema;
use crate::yaml::scalar::{resolve, Resolved};
use crate::yaml::{Mapping, Node};
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
    /// Fields of the wrong type the apiserver cannot decode (an ObjectMeta field such as
    /// `metadata.labels` with a number in it, an embedded resource's non-string `apiVersion`):
    /// dropped here as the apiserver's storage decoding drops them, but a create or update
    /// request carrying them is rejected, so callers should report them as errors.
    pub invalid: Vec<String>,
}

/// Applies `vs` to `obj` in place (a root custom resource object). The caller has checked that
/// `vs` has a schema and no structural errors; without a schema only the ObjectMeta round trip
/// runs.
pub fn apply(obj: &mut Node, vs: &VersionSchema, opts: &Options) -> Outcome {
    let schema = vs.schema.as_deref();
    let mut out = Outcome::default();
    normalize_keys(obj);
    let root = crate::objectmeta::coerce_root(obj);
    out.pruned = root.unknown;
    out.invalid = root.invalid;
    if let Some(s) = schema {
        if opts.prune && vs.prune {
            out.pruned.extend(crate::pruning::prune(obj, s));
            crate::defaulting::prune_nulls(obj, s);
        }
        let embedded = crate::objectmeta::coerce_embedded(obj, s);
        out.pruned.extend(embedded.unknown);
        out.invalid.extend(embedded.invalid);
        if opts.default {
            out.defaulted = crate::defaulting::default(obj, s);
        }
    }
    out
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
