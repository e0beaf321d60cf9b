//! Pruning: drops object fields the structural schema does not specify, in place.
//!
//! A map's key is kept when it is a property, or when the schema has additionalProperties; else
//! it is dropped. A field without any schema (below `additionalProperties: true`, or below a
//! dropped branch's items) loses all its keys. `x-kubernetes-preserve-unknown-fields` keeps
//! unknown keys, but pruning goes on inside specified properties, additionalProperties and items.
//! At the resource root and in `x-kubernetes-embedded-resource` objects, `apiVersion`, `kind`
//! and `metadata` are kept as they are (ObjectMeta is handled by [`crate::objectmeta`]).
//! Pruned paths come back sorted, in the apiserver's `spec.a[0].b` form.

use crate::field::Path;
use crate::schema::{is_meta_field, Structural};
use crate::yaml::Node;

/// Prunes the root object `obj` (a resource root: its TypeMeta/ObjectMeta fields are kept) with
/// schema `s`; returns the pruned paths, sorted.
pub fn prune(obj: &mut Node, s: &Structural) -> Vec<String> {
    let mut pruned = Vec::new();
    node(obj, Some(s), true, &Path::Root(""), &mut pruned);
    pruned.sort();
    pruned
}

/// Prunes `x` with schema `s`; `root` marks the resource root (treated as embedded).
fn node(x: &mut Node, s: Option<&Structural>, root: bool, path: &Path, out: &mut Vec<String>) {
    if let Some(s) = s {
        if s.extensions.x_preserve_unknown_fields {
            keep_unknown(x, s, root, path, out);
            return;
        }
    }
    match x {
        Node::Map(m) => {
            let embedded = root || s.is_some_and(|s| s.extensions.x_embedded_resource);
            m.entries
                .retain_mut(|(k, v)| entry(k, v, s, embedded, path, out));
        }
        Node::Seq(seq) => {
            let items = s.and_then(|s| s.items.as_deref());
            for (i, v) in seq.items.iter_mut().enumerate() {
                node(v, items, false, &path.index(i), out);
            }
        }
        Node::Scalar(_) => {}
    }
}

/// One map entry under a pruning schema: returns whether to keep it.
fn entry(
    k: &Node,
    v: &mut Node,
    s: Option<&Structural>,
    embedded: bool,
    path: &Path,
    out: &mut Vec<String>,
) -> bool {
    let Some(key) = k.scalar_str() else {
        return false;
    };
    let Some(s) = s else {
        out.push(path.child(key).render());
        return false;
    };
    if embedded && is_meta_field(key) {
        return true;
    }
    let child = match s.properties.get(key) {
        Some(p) => Some(p),
        None => match s.additional() {
            Some(a) => a,
            None => {
                if !is_meta_field(key) || !path.is_empty() {
                    out.push(path.child(key).render());
                }
                return false;
            }
        },
    };
    node(v, child, false, &path.child(key), out);
    true
}

/// Under `x-kubernetes-preserve-unknown-fields`: unknown keys stay, specified ones are pruned.
/// As in the apiserver, list items below such a node are walked the same way, whatever their own
/// schema says. A scalar entry stays and has nothing below it: its schema is not looked up.
fn keep_unknown(x: &mut Node, s: &Structural, root: bool, path: &Path, out: &mut Vec<String>) {
    match x {
        Node::Map(m) => {
            let embedded = root || s.extensions.x_embedded_resource;
            for (k, v) in m.entries.iter_mut() {
                if matches!(v, Node::Scalar(_)) {
                    continue;
                }
                let Some(key) = k.scalar_str() else { continue };
                if embedded && is_meta_field(key) {
                    continue;
                }
                let child = match s.properties.get(key) {
                    Some(p) => Some(p),
                    None => match s.additional() {
                        Some(a) => a,
                        None => continue,
                    },
                };
                node(v, child, false, &path.child(key), out);
            }
        }
        Node::Seq(seq) => {
            let Some(items) = s.items.as_deref() else {
                return;
            };
            for (i, v) in seq.items.iter_mut().enumerate() {
                keep_unknown(v, items, false, &path.index(i), out);
            }
        }
        Node::Scalar(_) => {}
    }
}

#[cfg(test)]
mod tests;
