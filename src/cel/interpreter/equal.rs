//! Whether a value equals its old value for CEL ratcheting: the apiserver's
//! `CorrelatedObject.CachedDeepEqual` (k8s.io/apiserver `pkg/cel/common/equality.go`). It walks
//! the schema with the values:
//! - a map list (`x-kubernetes-list-type: map`) is equal when every new item has an old item
//!   with the same keys and equal to it (a reordered map list is unchanged);
//! - any other list is compared whole (`reflect.DeepEqual`);
//! - an object is equal when it has the same keys and each key's value, by the key's schema
//!   (a property, else `additionalProperties`), is equal; a key with no schema (kept by
//!   `x-kubernetes-preserve-unknown-fields`, or `metadata`'s and an embedded resource's
//!   fields) is not correlatable, so the object is not equal;
//! - anything else is `reflect.DeepEqual` (an integer is not equal to the same float).
//!
//! The schema is kept as a [`Shape`] holding only what can make the answer differ from plain
//! equality.

use super::input::Input;
use crate::schema::{Structural, StructuralOrBool};

/// The schema below a node, as [`equal`] reads it.
#[derive(Debug, PartialEq)]
pub enum Shape {
    /// Plain equality gives the answer (no map list, no key without a schema below).
    Plain,
    Object(Box<Object>),
    MapList {
        keys: Box<[String]>,
        item: Box<Shape>,
    },
}

/// An object whose keys are read one by one.
#[derive(Debug, PartialEq)]
pub struct Object {
    /// The properties whose shape is not [`Shape::Plain`].
    props: Box<[(Box<str>, Shape)]>,
    /// Every property name, where a key may have no schema (see [`open`]); `None`: every key
    /// present has one (the object is pruned).
    declared: Option<Box<[Box<str>]>>,
    /// `additionalProperties` with a schema, and its shape.
    additional: Option<Shape>,
}

/// Whether the object `s` may hold keys its schema does not name: unknown fields kept, the
/// `apiVersion`, `kind` and `metadata` of the resource root or an embedded resource, or the
/// fields of a `metadata`.
fn open(s: &Structural, resource: bool, metadata: bool) -> bool {
    s.extensions.x_preserve_unknown_fields
        || resource
        || s.extensions.x_embedded_resource
        || metadata
}

/// The shape of `s`; `root`: the resource root (its `metadata` is ObjectMeta).
pub fn shape(s: &Structural, root: bool) -> Shape {
    shape_at(s, root, false)
}

fn shape_at(s: &Structural, resource: bool, metadata: bool) -> Shape {
    if s.items.is_some() || s.generic.type_ == "array" {
        return match (s.extensions.x_list_type(), s.items.as_deref()) {
            (Some("map"), Some(items)) => Shape::MapList {
                keys: s.extensions.x_list_map_keys().into(),
                item: Box::new(shape_at(items, false, false)),
            },
            // Compared whole.
            _ => Shape::Plain,
        };
    }
    let embedded = resource || s.extensions.x_embedded_resource;
    let props: Box<[(Box<str>, Shape)]> = s
        .properties
        .iter()
        .map(|(k, p)| {
            (
                k.as_str().into(),
                shape_at(p, false, embedded && k == "metadata"),
            )
        })
        .filter(|(_, sh)| *sh != Shape::Plain)
        .collect();
    let additional = match s.additional_properties.as_ref() {
        Some(StructuralOrBool::Schema(a)) => Some(shape_at(a, false, false)),
        _ => None,
    };
    let declared = open(s, resource, metadata).then(|| {
        s.properties
            .keys()
            .map(|k| k.as_str().into())
            .collect::<Box<[Box<str>]>>()
    });
    if props.is_empty() && declared.is_none() && matches!(additional, None | Some(Shape::Plain)) {
        return Shape::Plain;
    }
    Shape::Object(Box::new(Object {
        props,
        declared,
        additional,
    }))
}

/// `CachedDeepEqual` of `new` and `old` under `shape`.
pub fn equal<V: Input>(shape: &Shape, new: &V, old: &V) -> bool {
    match shape {
        Shape::Plain => new.same(old),
        Shape::MapList { keys, item } => match (new.items(), old.items()) {
            (Some(n), Some(o)) => {
                n.len() == o.len()
                    && n.iter()
                        .all(|x| correlated_item(keys, x, o).is_some_and(|was| equal(item, x, was)))
            }
            _ => new.same(old),
        },
        Shape::Object(obj) => match (new.object_len(), old.object_len()) {
            (Some(n), Some(o)) => {
                n == o
                    && new.members().all(|(k, x)| {
                        let Some(was) = old.member(k) else {
                            return false;
                        };
                        match obj.child(k) {
                            Some(sh) => equal(sh, x, was),
                            None => false,
                        }
                    })
            }
            _ => new.same(old),
        },
    }
}

const PLAIN: Shape = Shape::Plain;

impl Object {
    /// The shape of the key `k`'s schema; `None` when it has none.
    fn child(&self, k: &str) -> Option<&Shape> {
        if let Some((_, sh)) = self.props.iter().find(|(name, _)| &**name == k) {
            return Some(sh);
        }
        let declared = match &self.declared {
            Some(names) => names.iter().any(|n| &**n == k),
            None => self.additional.is_none(),
        };
        match (declared, &self.additional) {
            (true, _) => Some(&PLAIN),
            (false, Some(a)) => Some(a),
            (false, None) => None,
        }
    }
}

/// The item of the old map list `old` with the same values of `keys` as `item`.
pub fn correlated_item<'o, V: Input>(keys: &[String], item: &V, old: &'o [V]) -> Option<&'o V> {
    correlated_index(keys, item, old).map(|i| &old[i])
}

/// The index of [`correlated_item`] in `old`.
pub fn correlated_index<V: Input>(keys: &[String], item: &V, old: &[V]) -> Option<usize> {
    item.object_len()?;
    old.iter().position(|o| {
        o.object_len().is_some()
            && keys.iter().all(|k| match (item.member(k), o.member(k)) {
                (Some(a), Some(b)) => a.same(b),
                (a, b) => a.is_none() && b.is_none(),
            })
    })
}

#[cfg(test)]
#[path = "equal/tests.rs"]
mod tests;
