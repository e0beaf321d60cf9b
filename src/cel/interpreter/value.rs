//! A JSON value as CEL sees it at a schema node (the apiserver's `UnstructuredToVal`): objects
//! show only their declared properties, under their escaped names, and a `nullable` null reads
//! as absent; maps keep their keys (and null values); `number` is always a double;
//! `format: duration`, `date`, `date-time` and `byte` strings become durations, timestamps and
//! bytes.
//!
//! A `byte` string that is not URL-safe base64 (kube-openapi's `strfmt.Base64`, which
//! validation's standard-alphabet check lets through) and a `duration` strfmt cannot read become
//! [`Invalid`] values: reading one fails with the apiserver's `Invalid byte formatted string …`
//! (the planner's `StrFmt` step). Other values that do not fit their schema (which
//! OpenAPI validation refuses before CEL runs) are converted as plain JSON.
//!
//! Conversion is lazy, as the apiserver's wrappers are: the object's JSON is copied once into
//! a [`Json`] tree of shared parts (where the walk first meets a node with rules; the nodes
//! with rules below it share that tree, `self` and `oldSelf` alike), and an object's, map's or
//! list's value ([`Map::of_json`], [`List::of_json`]) holds its part of the tree with its schema
//! type, converting a property, entry or item only when a rule reads it. A rule reading one
//! field of a large object thus converts that field, and nested nodes with rules do not
//! convert their subtrees again. The values are the same as converting eagerly would give
//! (sizes, key order, set elements, format errors), each read converting anew what it reads
//! unless the whole object, map or list has been read (then kept, see [`crate::cel::val`]).
//!
//! The tree is copied rather than borrowed because values are `'static` (`Arc`s the
//! interpreter and libraries pass around freely) while the object is the caller's borrow.

use crate::cel::decl::{Decl, Kind, ListType};
use crate::cel::gokeys::{of_json, Held};
use crate::cel::val::{Ext, Key, List, Map, Timestamp, Val};
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::Arc;

/// The object's JSON as shared parts: any part of it is held by cloning an `Arc`, so that the
/// lazy values of the object (`JsonMap`, `JsonList`) can outlive the walk's borrow.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Number(serde_json::Number),
    String(Arc<str>),
    Array(Arc<[Json]>),
    /// Members sorted by name (a map's entries are in key order, as CEL maps are, and a member
    /// is found by binary search).
    Object(Arc<[(Arc<str>, Json)]>),
}

impl Json {
    /// `v` copied (once per object for all the rules below the node it is at).
    pub fn of(v: &Value) -> Json {
        match v {
            Value::Null => Json::Null,
            Value::Bool(b) => Json::Bool(*b),
            Value::Number(n) => Json::Number(n.clone()),
            Value::String(s) => Json::String(s.as_str().into()),
            Value::Array(items) => Json::Array(items.iter().map(Json::of).collect()),
            Value::Object(m) => Json::object(m.iter().map(|(k, x)| (k.as_str(), Json::of(x)))),
        }
    }

    /// The object of `members` (each name once), sorted by name as [`Json::Object`] holds them.
    pub fn object<'k>(members: impl Iterator<Item = (&'k str, Json)>) -> Json {
        let mut members: Vec<(Arc<str>, Json)> = members.map(|(k, x)| (k.into(), x)).collect();
        members.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        Json::Object(members.into())
    }

    /// The member `name` of an object.
    pub fn member(&self, name: &str) -> Option<&Json> {
        match self {
            Json::Object(members) => member(members, name),
            _ => None,
        }
    }

    /// The item `i` of an array.
    pub fn item(&self, i: usize) -> Option<&Json> {
        match self {
            Json::Array(items) => items.get(i),
            _ => None,
        }
    }
}

fn member<'a>(members: &'a [(Arc<str>, Json)], name: &str) -> Option<&'a Json> {
    members
        .binary_search_by(|(k, _)| (**k).cmp(name))
        .ok()
        .map(|i| &members[i].1)
}

/// `v` at a node of type `d` (tests: a walk copies each object once, see [`crate::cel::eval`]).
#[cfg(test)]
pub fn to_cel(v: &Value, d: &Arc<Decl>) -> Val {
    to_val(&Json::of(v), d)
}

/// `v` at a node of type `d`: its lists and maps carry `d`'s types ([`List::origin`]), a set
/// list its elements as the apiserver decodes them from the JSON; an object, map or list is
/// converted as it is read.
pub fn to_val(v: &Json, d: &Arc<Decl>) -> Val {
    match (&d.kind, v) {
        (_, Json::Null) => Val::Null,
        (Kind::Object(_) | Kind::Map(_), Json::Object(m)) => Val::Map(Map::of_json(JsonMap {
            members: m.clone(),
            decl: d.clone(),
        })),
        (Kind::List(..), Json::Array(items)) => Val::List(List::of_json(JsonList {
            items: items.clone(),
            decl: d.clone(),
        })),
        (Kind::Double, Json::Number(n)) => Val::Double(n.as_f64().unwrap_or(0.0)),
        (Kind::Duration, Json::String(s)) => match crate::go::strfmt::parse_duration(s) {
            Some(ns) => Val::Duration(chrono::Duration::nanoseconds(ns)),
            None => invalid(format!(
                "Invalid duration {s}: unable to parse {s} as duration"
            )),
        },
        (Kind::Timestamp(date_only), Json::String(s)) => match parse_timestamp(s, *date_only) {
            Ok(t) => Val::Timestamp(t),
            Err(e) => invalid(e.to_string()),
        },
        (Kind::Bytes, Json::String(s)) => match decode_base64_url(s) {
            Ok(b) => Val::Bytes(b.into()),
            Err(at) => invalid(format!(
                "Invalid byte formatted string {s}: illegal base64 data at input byte {at}"
            )),
        },
        _ => plain(v),
    }
}

/// An object or map of the object (its type `decl`, a [`Kind::Object`] or [`Kind::Map`]) as
/// a [`Map`] reads it: an object's declared properties under their CEL names (nulls absent), a
/// map's entries (nulls kept).
#[derive(Debug)]
pub struct JsonMap {
    members: Arc<[(Arc<str>, Json)]>,
    decl: Arc<Decl>,
}

impl JsonMap {
    pub fn decl(&self) -> &Arc<Decl> {
        &self.decl
    }

    /// The same JSON read as a value of type `decl` (an item of another list of the object:
    /// the apiserver keeps the raw map and reads it with that list's item schema).
    pub fn retyped(&self, decl: Arc<Decl>) -> JsonMap {
        JsonMap {
            members: self.members.clone(),
            decl,
        }
    }

    /// Every member of the JSON object, sorted by name: its declared properties (null ones
    /// too), those CEL cannot name and unknown fields kept by
    /// `x-kubernetes-preserve-unknown-fields`.
    pub fn members(&self) -> &[(Arc<str>, Json)] {
        &self.members
    }

    /// The member `name` of the JSON object (any of [`JsonMap::members`]).
    pub fn member(&self, name: &str) -> Option<&Json> {
        member(&self.members, name)
    }

    /// The entries, converted (their objects, maps and lists lazy in turn).
    pub fn entries(&self) -> BTreeMap<Key, Val> {
        match &self.decl.kind {
            Kind::Object(fields) => fields
                .iter()
                .filter_map(|f| match member(&self.members, &f.name) {
                    None | Some(Json::Null) => None,
                    Some(x) => Some((Key::str(f.cel()), to_val(x, &f.decl))),
                })
                .collect(),
            Kind::Map(elem) => self
                .members
                .iter()
                .map(|(k, x)| (Key::String(k.clone()), to_val(x, elem)))
                .collect(),
            _ => BTreeMap::new(),
        }
    }

    /// How many entries [`JsonMap::entries`] has.
    pub fn len(&self) -> usize {
        match &self.decl.kind {
            Kind::Object(fields) => fields
                .iter()
                .filter(|f| !matches!(member(&self.members, &f.name), None | Some(Json::Null)))
                .count(),
            Kind::Map(_) => self.members.len(),
            _ => 0,
        }
    }

    /// The JSON and type of the entry under `key`.
    fn find(&self, key: &Key) -> Option<(&Json, &Arc<Decl>)> {
        let Key::String(name) = key else {
            return None;
        };
        match &self.decl.kind {
            Kind::Object(_) => {
                let f = self.decl.field(name)?;
                match member(&self.members, &f.name)? {
                    Json::Null => None,
                    x => Some((x, &f.decl)),
                }
            }
            Kind::Map(elem) => Some((member(&self.members, name)?, elem)),
            _ => None,
        }
    }

    /// The entry under `key`, converted.
    pub fn get(&self, key: &Key) -> Option<Val> {
        self.find(key).map(|(x, d)| to_val(x, d))
    }

    pub fn contains_key(&self, key: &Key) -> bool {
        self.find(key).is_some()
    }
}

/// A list of the object (its type `decl`, a [`Kind::List`]) as a [`List`] reads it.
#[derive(Debug)]
pub struct JsonList {
    items: Arc<[Json]>,
    decl: Arc<Decl>,
}

impl JsonList {
    pub fn decl(&self) -> &Arc<Decl> {
        &self.decl
    }

    fn elem(&self) -> &Arc<Decl> {
        match &self.decl.kind {
            Kind::List(elem, _) => elem,
            _ => &self.decl,
        }
    }

    /// The items, converted (their objects, maps and lists lazy in turn).
    pub fn items(&self) -> Vec<Val> {
        let elem = self.elem();
        self.items.iter().map(|x| to_val(x, elem)).collect()
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// The item `i`, converted.
    pub fn get(&self, i: usize) -> Option<Val> {
        self.items.get(i).map(|x| to_val(x, self.elem()))
    }

    /// For a set list, its elements as the apiserver decodes them from the JSON.
    pub fn held(&self) -> Option<Arc<[Held]>> {
        matches!(self.decl.kind, Kind::List(_, ListType::Set))
            .then(|| self.items.iter().map(of_json).collect())
    }
}

/// A value whose conversion from its string format failed: the error reading it gives.
#[derive(Debug, PartialEq, Eq)]
pub struct Invalid(pub String);

impl Ext for Invalid {
    fn type_name(&self) -> &str {
        "strfmt.Invalid"
    }
    fn equal(&self, other: &Val) -> Result<bool, crate::cel::val::Error> {
        Ok(other.as_ext::<Invalid>() == Some(self))
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

fn invalid(msg: String) -> Val {
    Val::ext(Invalid(msg))
}

/// A read of an object's value that may have failed its format: the error, else the value
/// (the planner's `StrFmt` step).
pub fn strfmt(v: Val) -> crate::cel::val::Res {
    match v.as_ext::<Invalid>() {
        Some(bad) => Err(crate::cel::val::Error::text(bad.0.as_str())),
        None => Ok(v),
    }
}

/// A JSON value without a schema: integers as int, other numbers as double.
pub fn plain(v: &Json) -> Val {
    match v {
        Json::Null => Val::Null,
        Json::Bool(b) => Val::Bool(*b),
        Json::Number(n) => match n.as_i64() {
            Some(i) => Val::Int(i),
            None => Val::Double(n.as_f64().unwrap_or(0.0)),
        },
        Json::String(s) => Val::String(s.clone()),
        Json::Array(items) => Val::list(items.iter().map(plain).collect()),
        Json::Object(m) => Val::Map(Map::new(
            m.iter()
                .map(|(k, x)| (Key::String(k.clone()), plain(x)))
                .collect(),
        )),
    }
}

/// Why a `date` or `date-time` string is no timestamp: the apiserver's conversion's text
/// (`UnstructuredToVal`: `Invalid date-time formatted string <s>: <Go's parse error>`).
#[derive(Debug, thiserror::Error)]
#[error("Invalid {what} formatted string {value}: {reason}")]
struct TimestampError {
    /// The format: `date` or `date-time`.
    what: &'static str,
    value: String,
    reason: TimestampReason,
}

#[derive(Debug, thiserror::Error)]
enum TimestampReason {
    #[error("{0}")]
    Parse(Box<crate::go::time::ParseError>),
    /// Go reads it, but the time is past what a CEL timestamp holds.
    #[error("out of range")]
    OutOfRange,
}

/// A `date-time` (`strfmt.ParseDateTime`) or `date` (`time.Parse(strfmt.RFC3339FullDate, …)`)
/// string as a timestamp, or why the apiserver's conversion gives an error value for it.
fn parse_timestamp(s: &str, date_only: bool) -> Result<Timestamp, TimestampError> {
    use crate::go::time;
    let (parsed, what) = match date_only {
        true => (time::parse(&time::FULL_DATE, s), "date"),
        false => (time::parse_strfmt_date_time(s), "date-time"),
    };
    let error = |reason| TimestampError {
        what,
        value: s.to_string(),
        reason,
    };
    let p = parsed.map_err(|e| error(TimestampReason::Parse(Box::new(e))))?;
    p.date_time()
        .ok_or_else(|| error(TimestampReason::OutOfRange))
}

/// Go's `base64.URLEncoding.Decode` (URL-safe alphabet, `=` padding, `\r` and `\n` skipped,
/// non-strict): the bytes, or the offset of the first illegal input byte.
fn decode_base64_url(s: &str) -> Result<Vec<u8>, usize> {
    let src = s.as_bytes();
    let value = |c: u8| -> Option<u32> {
        Some(u32::from(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'-' => 62,
            b'_' => 63,
            _ => return None,
        }))
    };
    let newline = |c: u8| c == b'\n' || c == b'\r';
    let mut out = Vec::with_capacity(src.len() / 4 * 3);
    let mut si = 0;
    loop {
        // One quantum of up to four symbols.
        let mut buf = [0u32; 4];
        let mut len = 4;
        let mut j = 0;
        let mut end = false;
        while j < 4 {
            if si == src.len() {
                if j == 0 {
                    return Ok(out);
                }
                // Padding is required: a short quantum is corrupt where it started.
                return Err(si - j);
            }
            let c = src[si];
            si += 1;
            if let Some(v) = value(c) {
                buf[j] = v;
                j += 1;
                continue;
            }
            if newline(c) {
                continue;
            }
            if c != b'=' || j < 2 {
                return Err(si - 1);
            }
            if j == 2 {
                // A second `=` must follow.
                while si < src.len() && newline(src[si]) {
                    si += 1;
                }
                if si == src.len() {
                    return Err(src.len());
                }
                if src[si] != b'=' {
                    return Err(si - 1);
                }
                si += 1;
            }
            while si < src.len() && newline(src[si]) {
                si += 1;
            }
            if si < src.len() {
                return Err(si);
            }
            len = j;
            end = true;
            break;
        }
        let n = buf[0] << 18 | buf[1] << 12 | buf[2] << 6 | buf[3];
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&bytes[..len - 1]);
        if end {
            return Ok(out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::decode_base64_url as decode;
    use super::*;
    use crate::test_support::json_of;

    /// A value of `value` (YAML) under `schema` (YAML), and another of the same, so that one
    /// can be read lazily and the other converted whole.
    fn twice(schema: &str, value: &str) -> (Val, Val) {
        let s =
            crate::schema::convert::convert(&json_of(schema), "openAPIV3Schema").expect("a schema");
        let decl = crate::cel::decl::decl_of(&s, true).expect("a CEL type");
        let json = json_of(value);
        (to_cel(&json, &decl), to_cel(&json, &decl))
    }

    /// Looking up, counting and testing an object's or map's entries without converting
    /// them gives what converting them all gives: declared properties under their CEL
    /// names, nulls absent from objects and kept in maps, formats converted or `Invalid`.
    #[test]
    fn lazy_lookups_agree_with_the_converted_entries() {
        let schema = "{type: object, properties: {
            a: {type: string}, b: {type: string, nullable: true}, x-y: {type: integer},
            when: {type: string, format: date-time}, dur: {type: string, format: duration},
            m: {type: object, additionalProperties: {type: string, nullable: true}},
            s: {type: array, x-kubernetes-list-type: set, items: {type: number}},
            l: {type: array, items: {type: object, properties: {k: {type: string}}}}}}";
        let value = "{a: x, b: null, x-y: 3, when: '2024-01-02T03:04:05Z', dur: 5 parsecs,
            m: {q: '1', p: null}, s: [1, 2.5], l: [{k: a}, {k: b, other: 1}], extra: 1}";
        let (lazy, whole) = twice(schema, value);
        let (Val::Map(lazy), Val::Map(whole)) = (&lazy, &whole) else {
            panic!("objects are maps");
        };
        let entries = whole.entries();
        let names: Vec<String> = entries.keys().map(ToString::to_string).collect();
        assert_eq!(names, ["a", "dur", "l", "m", "s", "when", "x__dash__y"]);
        assert_eq!(lazy.len(), entries.len());
        for k in ["a", "b", "x-y", "extra", "nope"].map(Key::str) {
            assert!(!lazy.contains_key(&k) || entries.contains_key(&k), "{k}");
            assert_eq!(lazy.get_key(&k).as_ref(), entries.get(&k), "{k}");
        }
        for (k, x) in entries {
            assert!(lazy.contains_key(k), "{k}");
            assert_eq!(lazy.get_key(k).as_ref(), Some(x), "{k}");
        }
        assert!(strfmt(entries[&Key::str("dur")].clone()).is_err());
        assert!(matches!(entries[&Key::str("when")], Val::Timestamp(_)));
        let Some(Val::Map(m)) = lazy.get_key(&Key::str("m")) else {
            panic!("a map");
        };
        assert_eq!(m.len(), 2);
        assert_eq!(m.get_key(&Key::str("p")), Some(Val::Null));
        assert_eq!(m.get(&Val::Int(1)), None);
        let names: Vec<String> = m.entries().keys().map(ToString::to_string).collect();
        assert_eq!(names, ["p", "q"]);
    }

    /// A list of the object reads an item without converting the others, and a set list
    /// holds its elements as decoded from the JSON (an integer as an int).
    #[test]
    fn lazy_lists_agree_with_their_converted_items() {
        let schema = "{type: object, properties: {
            s: {type: array, x-kubernetes-list-type: set, items: {type: number}},
            l: {type: array, items: {type: object, properties: {k: {type: string}}}}}}";
        let (lazy, whole) = twice(schema, "{s: [1, 2.5], l: [{k: a}, {k: b}]}");
        let (Val::Map(lazy), Val::Map(whole)) = (&lazy, &whole) else {
            panic!("objects are maps");
        };
        for name in ["s", "l"] {
            let (Some(Val::List(a)), Some(Val::List(b))) = (
                lazy.get_key(&Key::str(name)),
                whole.get_key(&Key::str(name)),
            ) else {
                panic!("lists");
            };
            assert_eq!(a.len(), b.items().len());
            for (i, x) in b.items().iter().enumerate() {
                assert_eq!(a.get(i).as_ref(), Some(x), "{name}[{i}]");
            }
            assert_eq!(a.get(2), None);
            assert!(a.origin.is_some());
        }
        let Some(Val::List(s)) = lazy.get_key(&Key::str("s")) else {
            panic!("a list");
        };
        let held: Vec<_> = s.held().expect("a set").iter().map(Held::key).collect();
        use crate::cel::gokeys::Native;
        assert_eq!(
            held,
            [Ok(Native::Int(1)), Ok(Native::Float(2.5f64.to_bits()))]
        );
        assert_eq!(s.items(), [Val::Double(1.0), Val::Double(2.5)]);
    }

    /// Go's `base64.URLEncoding.DecodeString` results (and `CorruptInputError` offsets).
    #[test]
    fn base64_url() {
        assert_eq!(decode("aGVsbG8="), Ok(b"hello".to_vec()));
        assert_eq!(decode("aGk="), Ok(b"hi".to_vec()));
        assert_eq!(decode("YQ=="), Ok(b"a".to_vec()));
        assert_eq!(decode(""), Ok(Vec::new()));
        assert_eq!(decode("_-8="), Ok(vec![0xff, 0xef]));
        assert_eq!(decode("YQ==\n"), Ok(b"a".to_vec()));
        assert_eq!(decode("a"), Err(0));
        assert_eq!(decode("abc"), Err(0));
        assert_eq!(decode("abcdY"), Err(4));
        assert_eq!(decode("a=bc"), Err(1));
        assert_eq!(decode("a+b/"), Err(1));
        assert_eq!(decode("/w=="), Err(0));
        assert_eq!(decode("YQ="), Err(3));
        assert_eq!(decode("YQ=x"), Err(2));
        assert_eq!(decode("YQ==YQ=="), Err(4));
    }
}
