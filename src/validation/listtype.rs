//! `x-kubernetes-list-type` invariants (the apiserver's `listtype` package): a `set` holds no
//! value twice, a `map` holds only objects (or nulls) and no two with the same values of the
//! `x-kubernetes-list-map-keys`. Each second occurrence is a `Duplicate value` error. Only the
//! paths to list types are walked.

use super::compile::{ListType, Side};
use super::data::Data;
use crate::field::{go_json, BadValue, ErrorType, FieldError, Path};
use crate::schema::Structural;
use serde_json::{Map, Value};
use std::collections::HashMap;

/// Walks `x` (schema `s`, side `side`).
pub(super) fn validate(
    s: &Structural,
    side: &Side,
    x: &Data<'_>,
    path: &Path<'_>,
    errs: &mut Vec<FieldError>,
) {
    if !side.lists_below {
        return;
    }
    match x {
        Data::Object(m) => {
            side.each_child(s, m, path, |p, child, v, at| {
                validate(p, child, v, at, errs)
            });
        }
        Data::Array(items) => {
            let list_type = side.checks.as_ref().and_then(|c| c.list_type.as_deref());
            match list_type {
                Some(ListType::Set) => {
                    for i in non_unique(items.iter().map(Key::of)) {
                        errs.push(duplicate(path, i, items[i].to_value()));
                    }
                }
                Some(ListType::Map(keys)) => list_map(keys, items, path, errs),
                None => {}
            }
            if let (Some(item), Some(child)) = (s.items.as_deref(), side.items.as_deref()) {
                for (i, v) in items.iter().enumerate() {
                    validate(item, child, v, &path.index(i), errs);
                }
            }
        }
        _ => {}
    }
}

fn duplicate(path: &Path<'_>, i: usize, value: Value) -> FieldError {
    let at = path.index(i).to_string();
    FieldError::new(ErrorType::Duplicate, at, BadValue::Json(value), "")
}

/// How Go compares the elements: scalars as typed values (an int64 is not a float64), compound
/// values by their JSON text, and an unspecified map key as its own value; a key of several
/// fields by the fields present and their values.
#[derive(PartialEq, Eq, Hash)]
enum Key<'a> {
    Null,
    Unspecified,
    Bool(bool),
    Int(i64),
    Float(u64),
    Str(&'a str),
    Json(String),
}

impl<'a> Key<'a> {
    fn of(v: &'a Data<'_>) -> Key<'a> {
        match v {
            Data::Null => Key::Null,
            Data::Bool(b) => Key::Bool(*b),
            Data::Int(i) => Key::Int(*i),
            Data::Float(f) => Key::Float(f.to_bits()),
            Data::Str(s) => Key::Str(s),
            compound => Key::Json(go_json(&compound.to_value())),
        }
    }
}

/// The index of each element that is the second occurrence of its value.
fn non_unique<'a>(keys: impl Iterator<Item = Key<'a>>) -> Vec<usize> {
    let mut seen: HashMap<Key<'a>, usize> = HashMap::new();
    let mut out = Vec::new();
    for (i, k) in keys.enumerate() {
        let times = seen.entry(k).or_insert(0);
        *times += 1;
        if *times == 2 {
            out.push(i);
        }
    }
    out
}

/// The field `k` of a list-map element (`None` for a null element or an absent field).
fn field<'a, 'b>(x: &'a Data<'b>, k: &str) -> Option<&'a Data<'b>> {
    x.as_object()?.get(k)
}

fn list_map(keys: &[String], items: &[Data<'_>], path: &Path<'_>, errs: &mut Vec<FieldError>) {
    if let Some((i, x)) = items
        .iter()
        .enumerate()
        .find(|(_, x)| !matches!(x, Data::Null | Data::Object(_)))
    {
        let at = path.index(i).to_string();
        let detail = "must be an object for an array of list-type map";
        let value = BadValue::Json(x.to_value());
        errs.push(FieldError::new(ErrorType::Invalid, at, value, detail));
        return;
    }
    // One key: its value, compared as Go compares an `interface{}` (`1` and `1.0` differ).
    // More: the object of the keys present, compared by its `json.Marshal` text (keys sorted;
    // `1` and `1.0` are both `1` there).
    let compare = items.iter().map(|x| match keys {
        [single] => field(x, single).map_or(Key::Unspecified, Key::of),
        _ => {
            let mut present: Vec<(&String, Value)> = keys
                .iter()
                .filter_map(|k| Some((k, field(x, k)?.to_value())))
                .collect();
            present.sort_by(|a, b| a.0.cmp(b.0));
            let object = present.into_iter().map(|(k, v)| (k.clone(), v));
            Key::Json(go_json(&Value::Object(object.collect())))
        }
    });
    for i in non_unique(compare) {
        let present: Map<String, Value> = keys
            .iter()
            .filter_map(|k| Some((k.clone(), field(&items[i], k)?.to_value())))
            .collect();
        errs.push(duplicate(path, i, Value::Object(present)));
    }
}
