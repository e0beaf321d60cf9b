//! The ObjectMeta round trip of one `metadata` map, edited in place: what the apiserver's
//! JSON decoding into `metav1.ObjectMeta` (case-sensitive, unknown fields dropped, a field of the
//! wrong type dropped whole) and encoding back (empty fields omitted) leaves of it.

use super::time;
use crate::yaml::scalar::{resolve, Resolved};
use crate::yaml::{Mapping, Node, Scalar, Span};

/// How one ObjectMeta field decodes and encodes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// `string`, omitted when empty.
    Str,
    /// `int64`, omitted when 0.
    Int,
    /// `*int64`, omitted when null.
    IntPtr,
    /// `metav1.Time` (creationTimestamp: a zero time is removed).
    Time,
    /// `*metav1.Time`, omitted when null.
    TimePtr,
    /// `map[string]string`, omitted when empty.
    StrMap,
    /// `[]string`, omitted when empty.
    StrList,
    OwnerRefs,
    ManagedFields,
    /// `*bool` (in ownerReferences), omitted when null.
    BoolPtr,
    /// Any JSON value (`fieldsV1` in managedFields).
    Any,
}

fn kind_of(key: &str) -> Option<Kind> {
    Some(match key {
        "name" | "generateName" | "namespace" | "selfLink" | "uid" | "resourceVersion" => Kind::Str,
        "generation" => Kind::Int,
        "deletionGracePeriodSeconds" => Kind::IntPtr,
        "creationTimestamp" => Kind::Time,
        "deletionTimestamp" => Kind::TimePtr,
        "labels" | "annotations" => Kind::StrMap,
        "finalizers" => Kind::StrList,
        "ownerReferences" => Kind::OwnerRefs,
        "managedFields" => Kind::ManagedFields,
        _ => return None,
    })
}

/// Round-trips the map `m` as ObjectMeta. Unknown fields (also inside ownerReferences and
/// managedFields items) are removed and their paths, relative to the metadata, added to
/// `unknown` in the apiserver's (sorted) order; fields of the wrong type are removed (as the
/// apiserver's storage decoding does) and their names added to `invalid` (a request carrying
/// them is rejected). Returns whether it changed `m`; each collection it changed (`m` among
/// them) forgets its span (see [`crate::yaml::Span`]).
pub fn round_trip(m: &mut Mapping, unknown: &mut Vec<String>, invalid: &mut Vec<String>) -> bool {
    let mut found = Vec::new();
    let mut changed = false;
    m.entries.retain_mut(|(k, v)| {
        let Some(key) = k.scalar_str() else {
            changed = true;
            return false;
        };
        let keep = match kind_of(key) {
            None => {
                found.push(key.to_string());
                false
            }
            Some(kind) if valid(kind, v) => normalize(kind, key, v, &mut found, &mut changed),
            Some(_) => {
                invalid.push(key.to_string());
                false
            }
        };
        changed |= !keep;
        keep
    });
    found.sort();
    unknown.extend(found);
    if changed {
        m.span = Span::NONE;
    }
    changed
}

/// Whether `v` decodes as a field of `kind` (else the apiserver drops the whole field).
fn valid(kind: Kind, v: &Node) -> bool {
    if v.is_null() {
        return true;
    }
    match kind {
        Kind::Str => is_str(v),
        Kind::Int | Kind::IntPtr => int_value(v).is_some(),
        Kind::Time | Kind::TimePtr => v.as_str().and_then(time::parse).is_some(),
        Kind::StrMap => v
            .as_map()
            .is_some_and(|m| m.entries.iter().all(|(_, x)| is_str(x) || x.is_null())),
        Kind::StrList => v
            .as_seq()
            .is_some_and(|s| s.items.iter().all(|x| is_str(x) || x.is_null())),
        Kind::OwnerRefs => items_valid(v, owner_ref_field),
        Kind::ManagedFields => items_valid(v, managed_field),
        Kind::BoolPtr => matches!(v, Node::Scalar(s) if matches!(resolve(s), Resolved::Bool(_))),
        Kind::Any => true,
    }
}

fn is_str(v: &Node) -> bool {
    v.as_str().is_some()
}

/// The int64 a JSON number decodes to (a float with an integral value, as Go writes it back).
fn int_value(v: &Node) -> Option<i64> {
    let Node::Scalar(s) = v else { return None };
    match resolve(s) {
        Resolved::Int(i) => Some(i),
        Resolved::Float(f) if f.fract() == 0.0 && f.abs() < 9.2e18 => Some(f as i64),
        _ => None,
    }
}

/// A list whose items are null or maps whose known fields (by `field`) all decode.
fn items_valid(v: &Node, field: fn(&str) -> Option<Kind>) -> bool {
    let Some(seq) = v.as_seq() else { return false };
    seq.items.iter().all(|item| match item {
        Node::Map(m) => m.entries.iter().all(|(k, x)| {
            let kind = k.scalar_str().and_then(field);
            kind.is_none_or(|kind| valid(kind, x))
        }),
        other => other.is_null(),
    })
}

/// OwnerReference fields: the four strings are always written (even empty).
fn owner_ref_field(key: &str) -> Option<Kind> {
    match key {
        "apiVersion" | "kind" | "name" | "uid" => Some(Kind::Str),
        "controller" | "blockOwnerDeletion" => Some(Kind::BoolPtr),
        _ => None,
    }
}

/// ManagedFieldsEntry fields (all omitted when empty); `fieldsV1` takes any JSON value.
fn managed_field(key: &str) -> Option<Kind> {
    match key {
        "manager" | "operation" | "apiVersion" | "fieldsType" | "subresource" => Some(Kind::Str),
        "time" => Some(Kind::TimePtr),
        "fieldsV1" => Some(Kind::Any),
        _ => None,
    }
}

/// Rewrites a valid field as the encoder writes it back; returns whether it is written at all.
/// Sets `changed` where it rewrites `v` (a collection it changes forgets its span).
fn normalize(
    kind: Kind,
    key: &str,
    v: &mut Node,
    unknown: &mut Vec<String>,
    changed: &mut bool,
) -> bool {
    if v.is_null() {
        return false;
    }
    match kind {
        Kind::Str => v.as_str().is_some_and(|s| !s.is_empty()),
        Kind::Int => int_value(v).is_some_and(|i| i != 0) && set_int(v, changed),
        Kind::IntPtr => set_int(v, changed),
        Kind::Time => set_time(v, true, changed),
        Kind::TimePtr => set_time(v, false, changed),
        Kind::StrMap => fill_nulls(v, changed),
        Kind::StrList => fill_nulls(v, changed),
        Kind::OwnerRefs => items(v, key, unknown, owner_ref, changed),
        Kind::ManagedFields => items(v, key, unknown, managed_entry, changed),
        Kind::BoolPtr | Kind::Any => true,
    }
}

/// Writes an integral float as an integer; always true.
fn set_int(v: &mut Node, changed: &mut bool) -> bool {
    if let (Some(i), Node::Scalar(s)) = (int_value(v), &*v) {
        if !matches!(resolve(s), Resolved::Int(_)) {
            *v = Node::Scalar(Scalar::plain(i.to_string()));
            *changed = true;
        }
    }
    true
}

/// Rewrites a timestamp in the encoder's form; false for a zero `creationTimestamp`.
fn set_time(v: &mut Node, drop_zero: bool, changed: &mut bool) -> bool {
    let Some(t) = v.as_str().and_then(time::parse) else {
        return false;
    };
    if t.is_zero() {
        if drop_zero {
            return false;
        }
        *v = Node::Scalar(Scalar::plain("null"));
        *changed = true;
        return true;
    }
    let text = t.format();
    if v.as_str() != Some(text.as_str()) {
        *v = Node::string(&text);
        *changed = true;
    }
    true
}

/// Null values of a string map or list become ""; false when it is empty (omitted).
fn fill_nulls(v: &mut Node, changed: &mut bool) -> bool {
    let mut filled = false;
    let mut fill = |x: &mut Node| {
        if x.is_null() {
            *x = Node::string("");
            filled = true;
        }
    };
    let written = match v {
        Node::Map(m) => {
            m.entries.iter_mut().for_each(|(_, x)| fill(x));
            !m.entries.is_empty()
        }
        Node::Seq(s) => {
            s.items.iter_mut().for_each(fill);
            !s.items.is_empty()
        }
        Node::Scalar(_) => false,
    };
    if filled {
        v.forget_span();
        *changed = true;
    }
    written
}

/// Normalizes each item of ownerReferences/managedFields with `item`; false when empty.
fn items(
    v: &mut Node,
    key: &str,
    unknown: &mut Vec<String>,
    item: ItemFn,
    changed: &mut bool,
) -> bool {
    let Node::Seq(seq) = v else { return false };
    let mut any = false;
    for (i, x) in seq.items.iter_mut().enumerate() {
        if x.is_null() {
            *x = Node::empty_map();
            any = true;
        }
        if let Node::Map(m) = x {
            if item(m, &format!("{key}[{i}]"), unknown) {
                m.span = Span::NONE;
                any = true;
            }
        }
    }
    if any {
        seq.span = Span::NONE;
        *changed = true;
    }
    !seq.items.is_empty()
}

/// Normalizes one item of a list; returns whether it changed it.
type ItemFn = fn(&mut Mapping, &str, &mut Vec<String>) -> bool;

/// An OwnerReference: unknown fields dropped, the four strings always present.
fn owner_ref(m: &mut Mapping, path: &str, unknown: &mut Vec<String>) -> bool {
    let mut changed = drop_unknown(m, path, unknown, owner_ref_field);
    m.entries.retain_mut(|(k, x)| {
        if !x.is_null() {
            return true;
        }
        let string = k
            .scalar_str()
            .is_some_and(|k| owner_ref_field(k) == Some(Kind::Str));
        *x = Node::string("");
        changed = true;
        string
    });
    for name in ["apiVersion", "kind", "name", "uid"] {
        if m.get(name).is_none() {
            m.entries.push((Node::string(name), Node::string("")));
            changed = true;
        }
    }
    changed
}

/// A ManagedFieldsEntry: unknown fields dropped, empty ones omitted, times normalized.
fn managed_entry(m: &mut Mapping, path: &str, unknown: &mut Vec<String>) -> bool {
    let mut changed = drop_unknown(m, path, unknown, managed_field);
    m.entries.retain_mut(|(k, x)| {
        let keep = match k.scalar_str() {
            _ if x.is_null() => false,
            Some("time") => set_time(x, false, &mut changed),
            Some("fieldsV1") => true,
            _ => x.as_str().is_some_and(|s| !s.is_empty()),
        };
        changed |= !keep;
        keep
    });
    changed
}

/// Drops the fields `field` does not know; returns whether there was one.
fn drop_unknown(
    m: &mut Mapping,
    path: &str,
    unknown: &mut Vec<String>,
    field: fn(&str) -> Option<Kind>,
) -> bool {
    let before = m.entries.len();
    m.entries.retain(|(k, _)| {
        let known = k.scalar_str().is_some_and(|k| field(k).is_some());
        if !known {
            if let Some(k) = k.scalar_str() {
                unknown.push(format!("{path}.{k}"));
            }
        }
        known
    });
    m.entries.len() < before
}
