//! ObjectMeta and TypeMeta coercion, as the apiserver does it for custom resources.
//!
//! A create request whose root `metadata`, or an embedded resource's TypeMeta/ObjectMeta, does
//! not decode (a number as a label value, a list as the namespace) is refused: [`refusal`]
//! finds that before anything is changed. Otherwise the root `metadata` (and the `metadata` of
//! every `x-kubernetes-embedded-resource` object the schema reaches) comes out as a round trip
//! through `metav1.ObjectMeta` leaves it: unknown fields dropped (and reported as
//! `metadata.foo`), fields ObjectMeta omits when empty dropped (`labels: {}`, `name: ""`,
//! `creationTimestamp: null`), timestamps in UTC, ownerReferences with their four string
//! fields. A `metadata: null` becomes `{}`.
//!
//! The round trip itself drops fields of the wrong type (and an embedded `apiVersion`/`kind`
//! that is not a string), as the apiserver's decoding with malformed fields dropped does: that
//! is what it does to the `default:` values of a schema when it loads a CRD.

mod decode;
mod fields;
mod refuse;
#[cfg(test)]
mod tests;
mod time;

pub use decode::{decode_error, DecodeError};
pub use refuse::{refusal, Refusal};

use crate::field::Path;
use crate::schema::Structural;
use crate::yaml::{Mapping, Node};

/// What the coercion found, as field paths.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Findings {
    /// Unknown ObjectMeta fields, dropped (the apiserver's `unknown field` warnings).
    pub unknown: Vec<String>,
    /// Fields of the wrong type (ObjectMeta fields, embedded apiVersion/kind), dropped as the
    /// apiserver's storage decoding drops them; a create or update request carrying them fails.
    pub invalid: Vec<String>,
}

/// Round-trips the root object's `metadata`; where that changes it, it and the root forget
/// their spans (see [`crate::yaml::Span`]), as do the collections it changed in it.
pub fn coerce_root(obj: &mut Node) -> Findings {
    let mut f = Findings::default();
    let changed = obj
        .as_map_mut()
        .is_some_and(|m| coerce_metadata(m, "metadata", &mut f));
    if changed {
        obj.forget_span();
    }
    f
}

/// Coerces TypeMeta/ObjectMeta of the embedded resources below `obj` (schema `s`); the unknown
/// field paths come back sorted.
pub fn coerce_embedded(obj: &mut Node, s: &Structural) -> Findings {
    let mut found = Findings::default();
    node(obj, s, &Path::Root(""), &mut found);
    found.unknown.sort();
    found
}

/// Coerces `obj` as a resource root (its own TypeMeta/ObjectMeta, then the embedded resources
/// below it by schema `s`), malformed fields dropped: what the apiserver does to a default value
/// placed in its surrounding object when it loads a schema.
pub fn coerce_resource(obj: &mut Node, s: &Structural) -> Findings {
    let mut found = Findings::default();
    if let Node::Map(m) = obj {
        embedded(m, &Path::Root(""), &mut found);
    }
    node(obj, s, &Path::Root(""), &mut found);
    found
}

/// A `metadata` value (one that decodes) as `objectmeta.Coerce` writes it back: decoded into
/// ObjectMeta and encoded again (`SetObjectMeta`), unknown and empty fields gone.
pub fn round_tripped(meta: &serde_json::Value) -> serde_json::Value {
    let mut node = crate::yaml::json::from_json(meta);
    if let Some(m) = node.as_map_mut() {
        fields::round_trip(m, &mut Vec::new(), &mut Vec::new());
    }
    crate::yaml::json::to_json(&node).unwrap_or_else(|_| meta.clone())
}

/// Round-trips `m["metadata"]` (if any) as ObjectMeta; `prefix` is its path. Returns whether
/// it changed it (see [`fields::round_trip`]); `m` is the caller's to forget its span.
fn coerce_metadata(m: &mut Mapping, prefix: &str, f: &mut Findings) -> bool {
    let Some(meta) = m.get_mut("metadata") else {
        return false;
    };
    let null = meta.is_null();
    if null {
        *meta = Node::empty_map();
    }
    let Node::Map(mm) = meta else {
        f.invalid.push(prefix.to_string());
        return false;
    };
    let (mut unknown, mut invalid) = (Vec::new(), Vec::new());
    let changed = fields::round_trip(mm, &mut unknown, &mut invalid) || null;
    f.unknown
        .extend(unknown.into_iter().map(|r| format!("{prefix}.{r}")));
    f.invalid
        .extend(invalid.into_iter().map(|r| format!("{prefix}.{r}")));
    changed
}

/// Coerces the embedded resources below `x`; returns whether it changed one, having forgotten
/// the spans of the collections it changed and of those around them (see
/// [`crate::yaml::Span`]).
fn node(x: &mut Node, s: &Structural, path: &Path, f: &mut Findings) -> bool {
    if !s.embedded_below {
        return false;
    }
    let changed = match x {
        Node::Map(m) => {
            let mut changed = false;
            if s.extensions.x_embedded_resource {
                changed |= embedded(m, path, f);
            }
            for (k, v) in m.entries.iter_mut() {
                let Some(key) = k.scalar_str() else { continue };
                if let Some(p) = s.properties.get(key) {
                    changed |= node(v, p, &path.child(key), f);
                } else if let Some(Some(a)) = s.additional() {
                    changed |= node(v, a, &path.key(key), f);
                }
            }
            changed
        }
        Node::Seq(seq) => {
            let Some(items) = s.items.as_deref() else {
                return false;
            };
            let mut changed = false;
            for (i, v) in seq.items.iter_mut().enumerate() {
                changed |= node(v, items, &path.index(i), f);
            }
            changed
        }
        Node::Scalar(_) => false,
    };
    if changed {
        x.forget_span();
    }
    changed
}

/// TypeMeta and ObjectMeta of one embedded resource; returns whether it changed `m` (the
/// caller forgets its span).
fn embedded(m: &mut Mapping, path: &Path, f: &mut Findings) -> bool {
    let before = m.entries.len();
    m.entries.retain(|(k, v)| match k.scalar_str() {
        Some(name @ ("apiVersion" | "kind")) if v.as_str().is_none() => {
            f.invalid.push(path.child(name).render());
            false
        }
        _ => true,
    });
    let dropped = m.entries.len() < before;
    coerce_metadata(m, &path.child("metadata").to_string(), f) || dropped
}
