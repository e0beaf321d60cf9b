//! The object validated, as the apiserver holds it after decoding kubectl's JSON: integers that
//! fit int64 are int64, other numbers float64. It is read straight from the processed YAML tree
//! (the same values [`crate::yaml::json::to_json`] gives, without copying any string), and made
//! a `serde_json::Value` only where one is needed (an error's value, CEL).

use crate::yaml::json::{integral, to_json};
use crate::yaml::keys::is_merge_key;
use crate::yaml::scalar::{resolve_checked, Resolved};
use crate::yaml::Node;
use serde_json::{Number, Value};
use std::borrow::Cow;
use std::collections::HashMap;

fn is_string(s: &crate::yaml::Scalar) -> bool {
    matches!(resolve_checked(s), Ok(Resolved::Str))
}

/// A decoded JSON value.
#[derive(Clone, Debug)]
pub enum Data<'a> {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(Cow<'a, str>),
    Array(Vec<Data<'a>>),
    Object(Obj<'a>),
}

/// A JSON object: its members in order, each key once.
#[derive(Clone, Debug, Default)]
pub struct Obj<'a> {
    entries: Vec<(Cow<'a, str>, Data<'a>)>,
}

/// A number as the apiserver decodes it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Num {
    Int(i64),
    Float(f64),
}

impl Num {
    pub fn as_f64(self) -> f64 {
        match self {
            Num::Int(i) => i as f64,
            Num::Float(f) => f,
        }
    }

    pub fn to_value(self) -> Value {
        match self {
            Num::Int(i) => Value::from(i),
            Num::Float(f) => Number::from_f64(f).map_or(Value::Null, Value::Number),
        }
    }

    /// A serde number as the apiserver decodes it.
    pub fn of(n: &Number) -> Num {
        match n.as_i64() {
            Some(i) => Num::Int(i),
            None => Num::Float(n.as_f64().unwrap_or(0.0)),
        }
    }
}

impl<'a> Obj<'a> {
    pub fn get(&self, key: &str) -> Option<&Data<'a>> {
        self.entries.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &Data<'a>)> {
        self.entries.iter().map(|(k, v)| (&**k, v))
    }

    pub fn get_mut(&mut self, key: &str) -> Option<&mut Data<'a>> {
        self.entries
            .iter_mut()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
    }

    /// Sets `key` (in place when present, else appended).
    pub fn insert(&mut self, key: impl Into<Cow<'a, str>>, value: Data<'a>) {
        let key = key.into();
        match self.get_mut(&key) {
            Some(slot) => *slot = value,
            None => self.entries.push((key, value)),
        }
    }

    pub fn remove(&mut self, key: &str) -> Option<Data<'a>> {
        let i = self.entries.iter().position(|(k, _)| k == key)?;
        Some(self.entries.remove(i).1)
    }

    /// The place of a member read from a map whose keys may repeat (the last value wins, at
    /// the first key's place, as a JSON decoder keeps it): the one of an earlier `key`, else a
    /// new member's (null until written); `index` finds keys in big maps.
    fn member_slot(
        &mut self,
        key: Cow<'a, str>,
        index: &mut Option<HashMap<Cow<'a, str>, usize>>,
    ) -> &mut Data<'a> {
        const LINEAR: usize = 16;
        if self.entries.len() == LINEAR && index.is_none() {
            let map = self
                .entries
                .iter()
                .enumerate()
                .map(|(i, (k, _))| (k.clone(), i));
            *index = Some(map.collect());
        }
        let found = match index {
            Some(map) => map.get(&key).copied(),
            None => self.entries.iter().position(|(k, _)| *k == key),
        };
        let i = match found {
            Some(i) => i,
            None => {
                if let Some(map) = index {
                    map.insert(key.clone(), self.entries.len());
                }
                self.entries.push((key, Data::Null));
                self.entries.len() - 1
            }
        };
        &mut self.entries[i].1
    }
}

impl<'a> Data<'a> {
    /// The object kubectl sends for a processed item; `None` when it cannot send one (a NaN, a
    /// null or collection map key).
    pub fn of_item(item: &'a Node, fallback: &'a mut Option<Value>) -> Option<Data<'a>> {
        if let Some(d) = Data::of_node(item) {
            return Some(d);
        }
        // What the direct reading leaves to the JSON conversion (merge keys, keys that are no
        // strings): convert, then read that.
        *fallback = Some(to_json(item).ok()?);
        fallback.as_ref().map(Data::of_value)
    }

    /// Reads a tree whose keys are strings and without merge keys; `None` otherwise, or for a
    /// value JSON cannot hold.
    fn of_node(n: &'a Node) -> Option<Data<'a>> {
        let mut d = Data::Null;
        Data::of_node_into(n, &mut d)?;
        Some(d)
    }

    /// A scalar's value; `None` for one JSON cannot hold.
    fn of_scalar(s: &'a crate::yaml::Scalar) -> Option<Data<'a>> {
        Some(match resolve_checked(s).ok()? {
            Resolved::Null => Data::Null,
            Resolved::Bool(b) => Data::Bool(b),
            Resolved::Int(i) => Data::Int(i),
            Resolved::BigInt(d) => Data::Float(d.parse().ok()?),
            Resolved::Float(f) if !f.is_finite() => return None,
            Resolved::Float(f) => integral(f, s.json).map_or(Data::Float(f), Data::Int),
            Resolved::Str => Data::Str(crate::yaml::scalar::string_text(s)),
        })
    }

    /// [`Self::of_node`] written in place: each member and item where it stays, not returned
    /// and moved there (a value returned through memory and read back whole made each member
    /// wait on the processor's store forwarding).
    fn of_node_into(n: &'a Node, out: &mut Data<'a>) -> Option<()> {
        *out = match n {
            Node::Scalar(s) => Data::of_scalar(s)?,
            Node::Seq(seq) => {
                let mut items = Vec::with_capacity(seq.items.len());
                for item in &seq.items {
                    items.push(Data::Null);
                    Data::of_node_into(item, items.last_mut().expect("pushed"))?;
                }
                Data::Array(items)
            }
            Node::Map(m) => {
                let mut obj = Obj {
                    entries: Vec::with_capacity(m.entries.len()),
                };
                let mut index = None;
                for (k, v) in &m.entries {
                    let key = match k {
                        Node::Scalar(s) if !is_merge_key(k) && is_string(s) => &s.value,
                        _ => return None,
                    };
                    let slot = obj.member_slot(Cow::Borrowed(key.as_str()), &mut index);
                    Data::of_node_into(v, slot)?;
                }
                Data::Object(obj)
            }
        };
        Some(())
    }

    /// Reads a JSON value.
    pub fn of_value(v: &'a Value) -> Data<'a> {
        match v {
            Value::Null => Data::Null,
            Value::Bool(b) => Data::Bool(*b),
            Value::Number(n) => match Num::of(n) {
                Num::Int(i) => Data::Int(i),
                Num::Float(f) => Data::Float(f),
            },
            Value::String(s) => Data::Str(Cow::Borrowed(s)),
            Value::Array(items) => Data::Array(items.iter().map(Data::of_value).collect()),
            Value::Object(m) => Data::Object(Obj {
                entries: m
                    .iter()
                    .map(|(k, v)| (Cow::Borrowed(k.as_str()), Data::of_value(v)))
                    .collect(),
            }),
        }
    }

    /// The same value as a `serde_json::Value`.
    pub fn to_value(&self) -> Value {
        match self {
            Data::Null => Value::Null,
            Data::Bool(b) => Value::Bool(*b),
            Data::Int(i) => Value::from(*i),
            Data::Float(f) => Num::Float(*f).to_value(),
            Data::Str(s) => Value::String(s.to_string()),
            Data::Array(items) => Value::Array(items.iter().map(Data::to_value).collect()),
            Data::Object(o) => Value::Object(
                o.iter()
                    .map(|(k, v)| (k.to_string(), v.to_value()))
                    .collect(),
            ),
        }
    }

    pub fn is_null(&self) -> bool {
        matches!(self, Data::Null)
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Data::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Data::Int(i) => Some(*i),
            _ => None,
        }
    }

    pub fn as_object(&self) -> Option<&Obj<'a>> {
        match self {
            Data::Object(o) => Some(o),
            _ => None,
        }
    }

    /// The number, if it is one.
    pub(crate) fn num(&self) -> Option<Num> {
        match self {
            Data::Int(i) => Some(Num::Int(*i)),
            Data::Float(f) => Some(Num::Float(*f)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reading [`Data::of_node_into`] replaced: each value returned and moved into place.
    fn of_node_moved(n: &Node) -> Option<Data<'_>> {
        Some(match n {
            Node::Scalar(s) => Data::of_scalar(s)?,
            Node::Seq(seq) => {
                Data::Array(seq.items.iter().map(of_node_moved).collect::<Option<_>>()?)
            }
            Node::Map(m) => {
                let mut obj = Obj::default();
                let mut index = None;
                for (k, v) in &m.entries {
                    let key = match k {
                        Node::Scalar(s) if !is_merge_key(k) && is_string(s) => &s.value,
                        _ => return None,
                    };
                    let value = of_node_moved(v)?;
                    *obj.member_slot(Cow::Borrowed(key.as_str()), &mut index) = value;
                }
                Data::Object(obj)
            }
        })
    }

    /// A tree read in place is the one read by returning each value: scalars of every kind,
    /// nesting, repeated keys (the last value at the first key's place), maps past the size
    /// where keys are indexed, and trees JSON cannot hold (none either way).
    #[test]
    fn a_tree_read_in_place_is_the_tree_read_by_moves() {
        let mut big = String::from("{");
        for i in 0..40 {
            big.push_str(&format!("k{}: {i}, ", i % 23));
        }
        big.push_str("z: [1, {a: b}]}");
        let docs = [
            "a: 1\nb: [x, 2.5, true, null, ~, '3', 1e3, 0x1f, 0o17, -0]\nc: {d: {e: [[]]}}\n",
            "a: 1\nb: 2\na: 3\nc: {x: 1, x: [2]}\n",
            "n: 18446744073709551616\n",
            "f: 1.0\ng: 2.50\ns: 'a\\nb'\n",
            &big,
            "[1, [2, [3, {k: v}]]]",
            "1: 2\n",
            "<<: {a: 1}\n",
        ];
        let mut some = 0;
        for doc in docs {
            let node = crate::yaml::parse_stream(doc).unwrap().remove(0);
            let got = Data::of_node(&node).map(|d| d.to_value());
            assert_eq!(got, of_node_moved(&node).map(|d| d.to_value()), "{doc}");
            some += usize::from(got.is_some());
        }
        assert_eq!(some, 5);
    }
}
