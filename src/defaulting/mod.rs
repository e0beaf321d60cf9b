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
mod prune;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod upstream;

pub use nulls::prune_nulls;
pub use prune::prune_defaults;

use crate::field::Path;
use crate::schema::Structural;
use crate::yaml::json::from_json;
use crate::yaml::Node;
use serde_json::Value;

/// Defaults `obj` with schema `s`; returns the defaulted paths, in the order applied.
pub fn default(obj: &mut Node, s: &Structural) -> Vec<String> {
    let mut defaulted = Vec::new();
    node(obj, s, &Path::Root(""), &mut defaulted);
    defaulted
}

/// The schema's default, unless absent or `null`.
fn default_of(s: &Structural) -> Option<&Value> {
    s.generic.default.as_deref().filter(|v| !v.is_null())
}

/// A null the schema neither allows nor can fill: the apiserver's "non-nullable null".
fn non_nullable_null(x: &Node, s: &Structural) -> bool {
    x.is_null() && !s.generic.nullable
}

/// Defaults `x`; the collections it changes forget their spans (see [`crate::yaml::Span`]):
/// whatever it changes pushes its path to `out`, so it changed `x` where `out` grew.
fn node(x: &mut Node, s: &Structural, path: &Path, out: &mut Vec<String>) {
    if !s.defaults_below {
        return;
    }
    let before = out.len();
    match x {
        Node::Map(_) => {
            fill_properties(x, s, path, out);
            map_children(x, s, path, out);
        }
        Node::Seq(seq) => {
            let Some(items) = s.items.as_deref() else {
                return;
            };
            for (i, v) in seq.items.iter_mut().enumerate() {
                let path = path.index(i);
                replace_null(v, items, &path, out);
                node(v, items, &path, out);
            }
        }
        Node::Scalar(_) => {}
    }
    if out.len() > before {
        x.forget_span();
    }
}
/// Sets each property with a default that is missing or a non-nullable null.
fn fill_properties(x: &mut Node, s: &Structural, path: &Path, out: &mut Vec<String>) {
    let Node::Map(m) = x else { return };
    for (name, prop) in &s.properties {
        let Some(def) = default_of(prop) else {
            continue;
        };
        let slot = m
            .entries
            .iter_mut()
            .find(|(k, _)| k.scalar_str() == Some(name.as_str()));
        match slot {
            Some((_, v)) if non_nullable_null(v, prop) => *v = from_json(def),
            Some(_) => continue,
            None => m.entries.push((Node::string(name), from_json(def))),
        }
        out.push(path.child(name).render());
    }
}

/// Recurses into every entry that has a schema (a property or additionalProperties). A
/// scalar other than null is neither replaced nor defaulted inside: its schema is not looked up.
fn map_children(x: &mut Node, s: &Structural, path: &Path, out: &mut Vec<String>) {
    let Node::Map(m) = x else { return };
    for (k, v) in m.entries.iter_mut() {
        if matches!(v, Node::Scalar(_)) && !v.is_null() {
            continue;
        }
        let Some(key) = k.scalar_str() else { continue };
        let path = path.child(key);
        if let Some(prop) = s.properties.get(key) {
            node(v, prop, &path, out);
        } else if let Some(Some(a)) = s.additional() {
            replace_null(v, a, &path, out);
            node(v, a, &path, out);
        }
    }
}

/// Replaces a non-nullable null additionalProperties value or list item by its default.
fn replace_null(v: &mut Node, s: &Structural, path: &Path, out: &mut Vec<String>) {
    if non_nullable_null(v, s) {
        if let Some(def) = default_of(s) {
            *v = from_json(def);
            out.push(path.render());
        }
    }
}
