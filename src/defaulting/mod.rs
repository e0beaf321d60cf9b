//! Defaulting: applies the schema's `default:` values in place, top-down, as the apiserver does.
//!
//! In an object, a property with a default is set when the key is missing, or when its value is
//! null and the property is not nullable; the default is a deep copy, appended at the end of the
//! map, and defaulting then goes on inside it. Values of additionalProperties and list items are
//! never added, only a non-nullable null one is replaced by that schema's default. Empty lists,
//! empty maps, zero numbers and empty strings are values, never defaulted. `default: null`
//! counts as no default. Defaulting follows the schema inside preserve-unknown-fields subtrees
//! and embedded resources too.
//!
//! [`prune_nulls`] (in `nulls.rs`) runs before it: it drops the nulls defaulting cannot fix.

mod nulls;
#[cfg(test)]
mod tests;

pub use nulls::prune_nulls;

use crate::engine::{additional, key, FieldPath};
use crate::schema::Structural;
use crate::yaml::json::from_json;
use crate::yaml::Node;
use serde_json::Value;

/// Defaults `obj` with schema `s`; returns the defaulted paths, in the order applied.
pub fn default(obj: &mut Node, s: &Structural) -> Vec<String> {
    let mut d = Defaulter {
        path: FieldPath::new(),
        defaulted: Vec::new(),
    };
    d.node(obj, s);
    d.defaulted
}

/// The schema's default, unless absent or `null`.
fn default_of(s: &Structural) -> Option<&Value> {
    s.generic.default.as_ref().filter(|v| !v.is_null())
}

/// A null the schema neither allows nor can fill: the apiserver's "non-nullable null".
fn non_nullable_null(x: &Node, s: &Structural) -> bool {
    x.is_null() && !s.generic.nullable
}

struct Defaulter {
    path: FieldPath,
    defaulted: Vec<String>,
}

impl Defaulter {
    fn node(&mut self, x: &mut Node, s: &Structural) {
        match x {
            Node::Map(_) => {
                self.fill_properties(x, s);
                self.map_children(x, s);
            }
            Node::Seq(seq) => {
                let Some(items) = s.items.as_deref() else {
                    return;
                };
                for (i, v) in seq.items.iter_mut().enumerate() {
                    let len = self.path.push_index(i);
                    self.replace_null(v, items);
                    self.node(v, items);
                    self.path.truncate(len);
                }
            }
            Node::Scalar(_) => {}
        }
    }

    /// Sets each property with a default that is missing or a non-nullable null.
    fn fill_properties(&mut self, x: &mut Node, s: &Structural) {
        let Node::Map(m) = x else { return };
        for (name, prop) in &s.properties {
            let Some(def) = default_of(prop) else {
                continue;
            };
            let slot = m
                .entries
                .iter_mut()
                .find(|(k, _)| key(k) == Some(name.as_str()));
            match slot {
                Some((_, v)) if non_nullable_null(v, prop) => *v = from_json(def),
                Some(_) => continue,
                None => m.entries.push((Node::string(name), from_json(def))),
            }
            self.defaulted.push(self.path.child(name));
        }
    }

    /// Recurses into every entry that has a schema (a property or additionalProperties).
    fn map_children(&mut self, x: &mut Node, s: &Structural) {
        let Node::Map(m) = x else { return };
        for (k, v) in m.entries.iter_mut() {
            let Some(key) = key(k) else { continue };
            let len = self.path.push_key(key);
            if let Some(prop) = s.properties.get(key) {
                self.node(v, prop);
            } else if let Some(Some(a)) = additional(s) {
                self.replace_null(v, a);
                self.node(v, a);
            }
            self.path.truncate(len);
        }
    }

    /// Replaces a non-nullable null additionalProperties value or list item by its default.
    fn replace_null(&mut self, v: &mut Node, s: &Structural) {
        if non_nullable_null(v, s) {
            if let Some(def) = default_of(s) {
                *v = from_json(def);
                self.defaulted.push(self.path.as_str().to_string());
            }
        }
    }
}
