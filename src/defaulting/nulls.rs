//! Null pruning, the step between pruning and defaulting: a map entry whose value is null, whose
//! schema (property or additionalProperties) is not nullable and has no default (or
//! `default: null`) is removed. Nulls without a schema, nullable nulls, nulls that a default will
//! replace, and list items are kept. The root `metadata` is left to the ObjectMeta round trip.

use super::default_of;
use crate::schema::Structural;
use crate::yaml::Node;

/// Removes the non-nullable nulls without default from the root object `obj`.
/// (Any other root is walked as `PruneNonNullableNullsWithoutDefaults` walks it; the
/// apiserver only hands it objects.)
pub fn prune_nulls(obj: &mut Node, s: &Structural) {
    match obj {
        Node::Map(m) => m.entries.retain_mut(|(k, v)| {
            let key = k.scalar_str();
            if key == Some("metadata") {
                return true;
            }
            entry(key, v, Some(s))
        }),
        other => walk(other, Some(s)),
    }
}

/// Walks `x` (schema `s`, if any) and drops its droppable nulls.
fn walk(x: &mut Node, s: Option<&Structural>) {
    match x {
        Node::Map(m) => m.entries.retain_mut(|(k, v)| entry(k.scalar_str(), v, s)),
        Node::Seq(seq) => {
            let items = s.and_then(|s| s.items.as_deref());
            for v in seq.items.iter_mut() {
                walk(v, items);
            }
        }
        Node::Scalar(_) => {}
    }
}

/// One entry of a map with schema `s`: returns whether it stays. A scalar other than null
/// stays, and has nothing below it: its schema is not looked up.
fn entry(key: Option<&str>, v: &mut Node, s: Option<&Structural>) -> bool {
    if matches!(v, Node::Scalar(_)) && !v.is_null() {
        return true;
    }
    let child = match (key, s) {
        (Some(k), Some(s)) => s.field_schema(k),
        _ => None,
    };
    if let Some(c) = child {
        if v.is_null() && !c.generic.nullable && default_of(c).is_none() {
            return false;
        }
    }
    walk(v, child);
    true
}
