//! Null pruning, the step between pruning and defaulting: a map entry whose value is null, whose
//! schema (property or additionalProperties) is not nullable and has no default (or
//! `default: null`) is removed. Nulls without a schema, nullable nulls, nulls that a default will
//! replace, and list items are kept. The root `metadata` is left to the ObjectMeta round trip.

use super::default_of;
use crate::schema::Structural;
use crate::yaml::Node;

/// Removes the non-nullable nulls without default from the root object `obj`.
/// (Any other root is walked as `PruneNonNullableNullsWithoutDefaults` walks it; the
/// apiserver only hands it objects.) The collections it changes forget their spans (see
/// [`crate::yaml::Span`]).
pub fn prune_nulls(obj: &mut Node, s: &Structural) {
    match obj {
        Node::Map(m) => {
            let mut changed = false;
            m.entries.retain_mut(|(k, v)| {
                let key = k.scalar_str();
                if key == Some("metadata") {
                    return true;
                }
                keep(entry(key, v, Some(s)), &mut changed)
            });
            if changed {
                obj.forget_span();
            }
        }
        other => {
            walk(other, Some(s));
        }
    }
}

/// Whether an entry stays, given what [`entry`] says of it; `changed` is set where it does not
/// stay or its value changed.
fn keep(entry: Option<bool>, changed: &mut bool) -> bool {
    *changed |= entry != Some(false);
    entry.is_some()
}

/// Walks `x` (schema `s`, if any) and drops its droppable nulls; returns whether it changed.
fn walk(x: &mut Node, s: Option<&Structural>) -> bool {
    let changed = match x {
        Node::Map(m) => {
            let mut changed = false;
            m.entries
                .retain_mut(|(k, v)| keep(entry(k.scalar_str(), v, s), &mut changed));
            changed
        }
        Node::Seq(seq) => {
            let items = s.and_then(|s| s.items.as_deref());
            let mut changed = false;
            for v in seq.items.iter_mut() {
                changed |= walk(v, items);
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

/// One entry of a map with schema `s`: `None` where it goes, else whether its value changed.
/// A scalar other than null stays, and has nothing below it: its schema is not looked up.
fn entry(key: Option<&str>, v: &mut Node, s: Option<&Structural>) -> Option<bool> {
    if matches!(v, Node::Scalar(_)) && !v.is_null() {
        return Some(false);
    }
    let child = match (key, s) {
        (Some(k), Some(s)) => s.field_schema(k),
        _ => None,
    };
    if let Some(c) = child {
        if v.is_null() && !c.generic.nullable && default_of(c).is_none() {
            return None;
        }
    }
    Some(walk(v, child))
}
