//! Pruning: drops object fields the structural schema does not specify, in place.
//!
//! A map's key is kept when it is a property, or when the schema has additionalProperties; else
//! it is dropped. A field without any schema (below `additionalProperties: true`, or below a
//! dropped branch's items) loses all its keys. `x-kubernetes-preserve-unknown-fields` keeps
//! unknown keys, but pruning goes on inside specified properties, additionalProperties and items.
//! At the resource root and in `x-kubernetes-embedded-resource` objects, `apiVersion`, `kind`
//! and `metadata` are kept as they are (ObjectMeta is handled by [`crate::objectmeta`]).
//! Pruned paths come back sorted, in the apiserver's `spec.a[0].b` form.

use crate::engine::{additional, is_meta_field, key, FieldPath};
use crate::schema::Structural;
use crate::yaml::Node;

/// Prunes the root object `obj` (a resource root: its TypeMeta/ObjectMeta fields are kept) with
/// schema `s`; returns the pruned paths, sorted.
pub fn prune(obj: &mut Node, s: &Structural) -> Vec<String> {
    let mut p = Pruner {
        path: FieldPath::new(),
        pruned: Vec::new(),
    };
    p.node(obj, Some(s), true);
    p.pruned.sort();
    p.pruned
}

struct Pruner {
    path: FieldPath,
    pruned: Vec<String>,
}

impl Pruner {
    /// Prunes `x` with schema `s`; `root` marks the resource root (treated as embedded).
    fn node(&mut self, x: &mut Node, s: Option<&Structural>, root: bool) {
        if let Some(s) = s {
            if s.extensions.x_preserve_unknown_fields {
                self.keep_unknown(x, s, root);
                return;
            }
        }
        match x {
            Node::Map(m) => {
                let embedded = root || s.is_some_and(|s| s.extensions.x_embedded_resource);
                m.entries.retain_mut(|(k, v)| self.entry(k, v, s, embedded));
            }
            Node::Seq(seq) => {
                let items = s.and_then(|s| s.items.as_deref());
                for (i, v) in seq.items.iter_mut().enumerate() {
                    let len = self.path.push_index(i);
                    self.node(v, items, false);
                    self.path.truncate(len);
                }
            }
            Node::Scalar(_) => {}
        }
    }

    /// One map entry under a pruning schema: returns whether to keep it.
    fn entry(&mut self, k: &Node, v: &mut Node, s: Option<&Structural>, embedded: bool) -> bool {
        let Some(key) = key(k) else {
            return false;
        };
        let Some(s) = s else {
            self.pruned.push(self.path.child(key));
            return false;
        };
        if embedded && is_meta_field(key) {
            return true;
        }
        let child = match s.properties.get(key) {
            Some(p) => Some(p),
            None => match additional(s) {
                Some(a) => a,
                None => {
                    if !is_meta_field(key) || !self.path.as_str().is_empty() {
                        self.pruned.push(self.path.child(key));
                    }
                    return false;
                }
            },
        };
        let len = self.path.push_key(key);
        self.node(v, child, false);
        self.path.truncate(len);
        true
    }

    /// Under `x-kubernetes-preserve-unknown-fields`: unknown keys stay, specified ones are pruned.
    /// As in the apiserver, list items below such a node are walked the same way, whatever their
    /// own schema says.
    fn keep_unknown(&mut self, x: &mut Node, s: &Structural, root: bool) {
        match x {
            Node::Map(m) => {
                let embedded = root || s.extensions.x_embedded_resource;
                for (k, v) in m.entries.iter_mut() {
                    let Some(key) = key(k) else { continue };
                    if embedded && is_meta_field(key) {
                        continue;
                    }
                    let child = match s.properties.get(key) {
                        Some(p) => Some(p),
                        None => match additional(s) {
                            Some(a) => a,
                            None => continue,
                        },
                    };
                    let len = self.path.push_key(key);
                    self.node(v, child, false);
                    self.path.truncate(len);
                }
            }
            Node::Seq(seq) => {
                let Some(items) = s.items.as_deref() else {
                    return;
                };
                for (i, v) in seq.items.iter_mut().enumerate() {
                    let len = self.path.push_index(i);
                    self.keep_unknown(v, items, false);
                    self.path.truncate(len);
                }
            }
            Node::Scalar(_) => {}
        }
    }
}

#[cfg(test)]
mod tests;
