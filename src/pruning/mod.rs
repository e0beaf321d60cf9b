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

/// Prunes `x` with schema `s`; `root` marks the resource root (treated as embedded). Returns
/// whether it changed anything (the collections it changed forget their spans, see
/// [`crate::yaml::Span`]).
fn node(
    x: &mut Node,
    s: Option<&Structural>,
    root: bool,
    path: &Path,
    out: &mut Vec<String>,
) -> bool {
    if let Some(s) = s {
        if s.extensions.x_preserve_unknown_fields {
            return keep_unknown(x, s, root, path, out);
        }
    }
    let changed = match x {
        Node::Map(m) => {
            let embedded = root || s.is_some_and(|s| s.extensions.x_embedded_resource);
            let mut changed = false;
            m.entries
                .retain_mut(|(k, v)| match entry(k, v, s, embedded, path, out) {
                    Some(below) => {
                        changed |= below;
                        true
                    }
                    None => {
                        changed = true;
                        false
                    }
                });
            changed
        }
        Node::Seq(seq) => {
            let items = s.and_then(|s| s.items.as_deref());
            let mut changed = false;
            for (i, v) in seq.items.iter_mut().enumerate() {
                changed |= node(v, items, false, &path.index(i), out);
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

/// One map entry under a pruning schema: `None` to drop it, else whether its value changed.
fn entry(
    k: &Node,
    v: &mut Node,
    s: Option<&Structural>,
    embedded: bool,
    path: &Path,
    out: &mut Vec<String>,
) -> Option<bool> {
    let key = k.scalar_str()?;
    let Some(s) = s else {
        out.push(path.child(key).render());
        return None;
    };
    if embedded && is_meta_field(key) {
        return Some(false);
    }
    let child = match s.properties.get(key) {
        Some(p) => Some(p),
        None => match s.additional() {
            Some(a) => a,
            None => {
                if !is_meta_field(key) || !path.is_empty() {
                    out.push(path.child(key).render());
                }
                return None;
            }
        },
    };
    Some(node(v, child, false, &path.child(key), out))
}

/// Under `x-kubernetes-preserve-unknown-fields`: unknown keys stay, specified ones are pruned.
/// As in the apiserver, list items below such a node are walked the same way, whatever their own
/// schema says. A scalar entry stays and has nothing below it: its schema is not looked up.
fn keep_unknown(
    x: &mut Node,
    s: &Structural,
    root: bool,
    path: &Path,
    out: &mut Vec<String>,
) -> bool {
    let mut changed = false;
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
                changed |= node(v, child, false, &path.child(key), out);
            }
        }
        Node::Seq(seq) => {
            let Some(items) = s.items.as_deref() else {
                return false;
            };
            for (i, v) in seq.items.iter_mut().enumerate() {
                changed |= keep_unknown(v, items, false, &path.index(i), out);
            }
        }
        Node::Scalar(_) => {}
    }
    if changed {
        x.forget_span();
    }
    changed
}

#[cfg(test)]
mod tests;
