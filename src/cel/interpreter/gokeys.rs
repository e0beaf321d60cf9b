//! Go's map-key identity of the values the apiserver holds for CEL list elements and
//! map-list keys (see [`crate::cel::lists`]): the JSON value of an element of the data, or a CEL
//! value's `Value()`. Objects, lists and bytes cannot be Go map keys: hashing them panics in
//! the apiserver, which cel-go reports as an internal error.

use crate::cel::decl::{Decl, Kind};
use crate::cel::escape::escape;
use crate::cel::val::{Error, Val as Value};
use crate::cel::value::Json;
use std::sync::Arc;

/// 2^63: the whole numbers below it in size (and -2^63) are an `int64` in Go.
const TWO_63: f64 = 9_223_372_036_854_775_808.0;

/// A panic of the apiserver's evaluation, which cel-go reports as an internal error.
pub type Panic = Error;

/// A value as a Go map key: what the apiserver holds for it (`interface{}` of a JSON value,
/// or a CEL value's `Value()`).
#[derive(Hash, PartialEq, Eq, Clone, Debug)]
pub enum Native {
    Nil,
    Bool(bool),
    Int(i64),
    Uint(u64),
    /// The bits of a float (`-0` as `0`); NaN is never equal, as [`Native::Unique`].
    Float(u64),
    Str(Arc<str>),
    Duration(i64),
    Timestamp(i64, u32),
    /// Equal to nothing else.
    Unique(usize),
}

/// A map list's key: its key fields' values (Go formats four or more into one string).
#[derive(Hash, PartialEq, Eq)]
pub enum MapKey {
    Fields(Vec<Native>),
    Printed(String),
    Unique(usize),
}

/// What the apiserver holds for an element of a set list of the object: a map key, or a
/// value that cannot be one (its Go type), whose hashing panics when the set is built.
#[derive(Clone, Debug)]
pub enum Held {
    Key(Native),
    Unhashable(&'static str),
}

impl Held {
    /// The key, or the panic of hashing it.
    pub fn key(&self) -> Result<Native, Panic> {
        match self {
            Held::Key(n) => Ok(n.clone()),
            Held::Unhashable(t) => Err(unhashable(t)),
        }
    }
}

/// A number for a [`Native::Unique`] or [`MapKey::Unique`]: never the same twice (across all
/// runs, so that keys kept with a value stay unique).
fn unique() -> usize {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// An element of a set list as the apiserver decodes it from the object's JSON: an
/// integer literal that fits is an `int64`, any other number a `float64` (`1.0` too,
/// where YAML's `1.0` reaches it as `1`), a string its text.
pub fn of_json(v: &Json) -> Held {
    Held::Key(match v {
        Json::Null => Native::Nil,
        Json::Bool(b) => Native::Bool(*b),
        Json::Number(n) => match n.as_i64() {
            Some(i) => Native::Int(i),
            None => {
                let f = n.as_f64().unwrap_or(0.0);
                Native::Float(if f == 0.0 { 0 } else { f.to_bits() })
            }
        },
        Json::String(s) => Native::Str(s.clone()),
        Json::Array(_) => return Held::Unhashable("[]interface {}"),
        Json::Object(_) => return Held::Unhashable("map[string]interface {}"),
    })
}

/// An element of a set as the apiserver holds it: the JSON value. Strings with a format
/// are held as text, which no CEL value equals. A whole `number` is an `int64` there (the
/// object's YAML reaches the apiserver as JSON, which writes it without a fraction, and
/// its decoder keeps an integer as `int64`), which no CEL double equals.
pub fn of_data(v: &Value, elem: &Decl) -> Result<Native, Panic> {
    match (v, &elem.kind) {
        (Value::Duration(_) | Value::Timestamp(_) | Value::Bytes(_), _) => {
            Ok(Native::Unique(unique()))
        }
        // Within int64: Go's JSON writes larger ones as integers too, but its decoder reads
        // those as float64.
        (Value::Double(f), Kind::Double) if f.fract() == 0.0 && (-TWO_63..TWO_63).contains(f) => {
            Ok(Native::Int(*f as i64))
        }
        (Value::Map(_), _) => Err(unhashable("map[string]interface {}")),
        (Value::List(_), _) => Err(unhashable("[]interface {}")),
        _ => of_value(v),
    }
}

/// A CEL value's `Value()`.
pub fn of_value(v: &Value) -> Result<Native, Panic> {
    Ok(match v {
        Value::Bool(b) => Native::Bool(*b),
        Value::Int(i) => Native::Int(*i),
        Value::Uint(u) => Native::Uint(*u),
        Value::Double(f) if f.is_nan() => Native::Unique(unique()),
        Value::Double(f) => Native::Float(if *f == 0.0 { 0 } else { f.to_bits() }),
        Value::String(s) => Native::Str(s.clone()),
        Value::Duration(d) => Native::Duration(d.num_nanoseconds().unwrap_or(i64::MAX)),
        Value::Timestamp(t) => Native::Timestamp(t.timestamp(), t.timestamp_subsec_nanos()),
        Value::Bytes(_) => return Err(unhashable("[]uint8")),
        Value::Map(_) => return Err(unhashable("map[string]interface {}")),
        Value::List(_) => return Err(unhashable("[]interface {}")),
        // `null`'s `Value()` is not the JSON null an element can be.
        _ => Native::Unique(unique()),
    })
}

/// The key of a map-list entry: its key fields looked up by their escaped names (a name CEL
/// cannot escape as it is) among its JSON's names, as the apiserver does (`toMapKey` on the
/// element's JSON: a key named `namespace` is never found, one named `k!` is). `toMapKey` keys
/// only a map of the object's JSON (a `map[string]interface{}`): any other value, a map a rule
/// built (`[{'name': 'a'}]`) too, is an error value, a key no other has; such an item is never
/// found in a map list, and `+` appends it.
pub fn key_of(v: &Value, keys: &[String]) -> MapKey {
    let Some(j) = (match v {
        Value::Map(m) => m.json(),
        _ => None,
    }) else {
        return MapKey::Unique(unique());
    };
    let fields: Vec<Native> = keys
        .iter()
        .map(|k| {
            let name = escape(k).unwrap_or_else(|| k.clone());
            match j.member(&name) {
                None | Some(Json::Null) => Native::Nil,
                Some(x) => match of_json(x) {
                    Held::Key(n) => n,
                    Held::Unhashable(_) => Native::Unique(unique()),
                },
            }
        })
        .collect();
    if fields.len() <= 3 {
        return MapKey::Fields(fields);
    }
    let printed: Vec<String> = fields.iter().map(go_print).collect();
    MapKey::Printed(format!("[{}]", printed.join(" ")))
}

/// Go's `%v` of a key value (for four or more key fields).
fn go_print(n: &Native) -> String {
    match n {
        Native::Nil => "<nil>".into(),
        Native::Bool(b) => b.to_string(),
        Native::Int(i) => i.to_string(),
        Native::Uint(u) => u.to_string(),
        Native::Float(bits) => f64::from_bits(*bits).to_string(),
        Native::Str(s) => s.to_string(),
        Native::Duration(ns) => format!("{ns}ns"),
        Native::Timestamp(s, ns) => format!("{s}.{ns:09}"),
        Native::Unique(i) => format!("#{i}"),
    }
}

/// The panic of hashing a Go value that cannot be a map key.
fn unhashable(go_type: &str) -> Panic {
    let text = format!("internal error: runtime error: hash of unhashable type {go_type}");
    Error::text(text)
}
