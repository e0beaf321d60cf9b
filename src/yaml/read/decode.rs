//! A document's meaning, as kubectl holds it: go-yaml v2 decodes the tree into Go values
//! (YAML 1.1 resolution, core tags checked against the text, `!!binary` decoded, merge keys),
//! sigs.k8s.io/yaml turns map keys into strings (a null, unsigned-64 or collection key is
//! refused) and encoding/json writes the result (no NaN or infinity). Numbers come back as
//! kubectl reads that JSON: integers as int64, anything else as float64.

use super::{Kind, RNode, Style};
use crate::yaml::scalar::{resolve_plain, Resolved};
use serde_json::{Map, Number, Value};
use std::collections::HashMap;

const TAG: &str = "tag:yaml.org,2002:";

/// A Go value as go-yaml v2 decodes it into `interface{}`.
#[derive(Clone, Debug, PartialEq)]
enum Go {
    Null,
    Bool(bool),
    Int(i64),
    Uint(u64),
    Float(f64),
    Str(String),
    Seq(Vec<Go>),
    Map(Vec<(Go, Go)>),
}

/// Why kubectl cannot hold a document: go-yaml v2's decoding (`yaml: ...` is added by the
/// reader's caller), sigs.k8s.io/yaml's conversion of keys, or encoding/json's refusal of a
/// float, each as its code words it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// go-yaml's `resolve` of a `!!binary` scalar that is not base64.
    #[error("!!binary value contains invalid base64 data")]
    Binary,
    /// go-yaml's `resolve`: a scalar whose text is not of its tag's kind.
    #[error("cannot decode !!{found} `{value}` as a {tag}")]
    Tag {
        found: &'static str,
        value: String,
        /// The tag as written short (`!!int`), or whole.
        tag: String,
    },
    /// go-yaml's decoder: a sequence or a mapping as a key (Go's type named).
    #[error("invalid map key: {0}")]
    Key(&'static str),
    /// go-yaml's `merge`: `<<` with anything but a mapping or a sequence of mappings.
    #[error("map merge requires map or sequence of maps as the value")]
    Merge,
    /// sigs.k8s.io/yaml's `convertToJSONableObject`: a null or uint64 key (Go's `%s` of it, or
    /// its type).
    #[error("unsupported map key of type: {0}")]
    KeyType(&'static str),
    /// encoding/json's `UnsupportedValueError` for a NaN or an infinity (`NaN`, `+Inf`).
    #[error("json: unsupported value: {0}")]
    Float(&'static str),
}

/// Whether kubectl can hold this document (its refusal's cause if not).
pub fn check(root: &RNode) -> Result<(), DecodeError> {
    if plainly_fine(root) {
        return Ok(());
    }
    converted(root).map(drop)
}

/// Whether a tree certainly decodes and converts without a refusal, seen without decoding it
/// (most documents): no tag, no merge key, every key a scalar that is not null and not an
/// integer beyond int64, and no plain value that is an integer beyond int64 (a float in Go past
/// uint64, maybe infinite) or a float JSON cannot hold (`.nan`, `.inf`). Untagged scalars always
/// resolve, so nothing else can refuse. `false` sends the tree to the full decoding, which
/// passes it or names the cause.
pub(super) fn plainly_fine(n: &RNode) -> bool {
    plainly(n, false)
}

/// Whether a tree none of whose nodes has a name (an anchor, an alias, a tag) passes the quick
/// check [`check`] makes first: then [`check`] passes it and it holds no alias, seen in one walk.
/// `false` leaves both to be asked.
pub fn plainly_fine_unnamed(n: &RNode) -> bool {
    plainly(n, true)
}

/// [`plainly_fine`]; with `unnamed`, also no node has a name.
fn plainly(n: &RNode, unnamed: bool) -> bool {
    let named = |n: &RNode| match unnamed {
        true => n.names.is_some(),
        false => n.tag().is_some(),
    };
    if named(n) {
        return false;
    }
    match &n.kind {
        Kind::Scalar {
            value, implicit, ..
        } => !implicit || plain_value_fine(value),
        Kind::Seq { items, .. } => items.iter().all(|i| plainly(i, unnamed)),
        Kind::Map { entries, .. } => entries.iter().all(|(k, v)| {
            let Kind::Scalar {
                value, implicit, ..
            } = &k.kind
            else {
                return false;
            };
            !named(k) && key_fine(value, *implicit) && plainly(v, unnamed)
        }),
    }
}

/// Whether a plain untagged value `value` passes [`plainly_fine`]'s check: not an integer
/// between int64 and uint64, nor a float that is not finite.
pub(super) fn plain_value_fine(value: &str) -> bool {
    if !value.starts_with(|c: char| matches!(c, '.' | '+' | '-' | '0'..='9')) {
        return true;
    }
    match resolve_plain(value) {
        Resolved::BigInt(_) => false,
        Resolved::Float(f) => f.is_finite(),
        _ => true,
    }
}

/// Whether an untagged scalar key `value` (plain when `implicit`) passes [`plainly_fine`]'s
/// check: not a merge key `<<`, nor a plain null or integer between int64 and uint64.
pub(super) fn key_fine(value: &str, implicit: bool) -> bool {
    let resolved = implicit.then(|| resolve_plain(value));
    value != "<<" && !matches!(resolved, Some(Resolved::Null | Resolved::BigInt(_)))
}

/// The JSON value kubectl makes of this document.
pub fn to_json(root: &RNode) -> Result<Value, DecodeError> {
    converted(root).map(json)
}

/// The document decoded as go-yaml decodes it and converted as sigs.k8s.io/yaml converts it,
/// ready to be written as JSON, or the first refusal of the three.
fn converted(root: &RNode) -> Result<Go, DecodeError> {
    let go = decode(root)?;
    check_keys(&go)?;
    let go = by_json_key(go);
    check_floats(&go)?;
    Ok(go)
}

fn short(tag: &str) -> String {
    match tag.strip_prefix(TAG) {
        Some(rest) => format!("!!{rest}"),
        None => tag.to_string(),
    }
}

/// go-yaml v2's `resolve` for a scalar with a tag (long form; "" for none).
fn resolve(tag: &str, value: &str) -> Result<Go, DecodeError> {
    let resolvable = tag.is_empty()
        || tag
            .strip_prefix(TAG)
            .is_some_and(|t| matches!(t, "str" | "bool" | "int" | "float" | "null" | "timestamp"));
    if !resolvable {
        if tag == "tag:yaml.org,2002:binary" {
            return base64(value)
                .map(|b| Go::Str(String::from_utf8_lossy(&b).into_owned()))
                .ok_or(DecodeError::Binary);
        }
        return Ok(Go::Str(value.to_string()));
    }
    let want = tag.strip_prefix(TAG).unwrap_or("");
    if want == "str" {
        return Ok(Go::Str(value.to_string()));
    }
    let digit_or_sign = value.starts_with(|c: char| c.is_ascii_digit() || c == '+' || c == '-');
    let (rtag, go) = match resolve_plain(value) {
        Resolved::Null => ("null", Go::Null),
        Resolved::Bool(b) => ("bool", Go::Bool(b)),
        _ if (want.is_empty() || want == "timestamp") && digit_or_sign && is_timestamp(value) => {
            ("timestamp", Go::Str(value.to_string()))
        }
        Resolved::Int(i) => ("int", Go::Int(i)),
        Resolved::BigInt(d) => match d.parse::<u64>() {
            Ok(u) => ("int", Go::Uint(u)),
            Err(_) => ("float", Go::Float(d.parse().unwrap_or(f64::NAN))),
        },
        Resolved::Float(f) => ("float", Go::Float(f)),
        Resolved::Str if value == "<<" => ("merge", Go::Str(value.to_string())),
        Resolved::Str => ("str", Go::Str(value.to_string())),
    };
    if want.is_empty() || want == rtag {
        return Ok(go);
    }
    if want == "float" {
        if let Go::Int(i) = go {
            return Ok(Go::Float(i as f64));
        }
    }
    Err(DecodeError::Tag {
        found: rtag,
        value: value.to_string(),
        tag: short(tag),
    })
}

/// go-yaml v2's timestamp forms (`2006-1-2`, with a time, with a zone).
fn is_timestamp(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() < 8 || !b[..4].iter().all(u8::is_ascii_digit) || b[4] != b'-' {
        return false;
    }
    let rest = &s[5..];
    let (date, time) = match rest.find(['T', 't', ' ']) {
        Some(i) => (&rest[..i], Some((&rest[i..i + 1], &rest[i + 1..]))),
        None => (rest, None),
    };
    let mut parts = date.split('-');
    let (Some(m), Some(d), None) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    let num = |x: &str, max: u32| {
        (1..=2).contains(&x.len())
            && x.bytes().all(|c| c.is_ascii_digit())
            && x.parse::<u32>().is_ok_and(|v| v <= max)
    };
    let year: u32 = s[..4].parse().unwrap_or(0);
    if !num(m, 12) || !num(d, 31) || m.parse::<u32>() == Ok(0) || d.parse::<u32>() == Ok(0) {
        return false;
    }
    let (mo, da): (u32, u32) = (m.parse().unwrap_or(0), d.parse().unwrap_or(0));
    let leap = year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400));
    let days = [
        31,
        if leap { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    if da > days[(mo - 1) as usize] {
        return false;
    }
    let Some((sep, t)) = time else {
        return true;
    };
    let (clock, zone) = if sep == " " {
        (t, None)
    } else {
        match t.find(['Z', '+', '-']) {
            Some(i) => (&t[..i], Some(&t[i..])),
            None => return false,
        }
    };
    let (hms, frac) = match clock.split_once('.') {
        Some((a, f)) => (a, Some(f)),
        None => (clock, None),
    };
    if frac.is_some_and(|f| f.is_empty() || f.len() > 9 || !f.bytes().all(|c| c.is_ascii_digit())) {
        return false;
    }
    let mut hp = hms.split(':');
    let (Some(h), Some(mi), Some(se), None) = (hp.next(), hp.next(), hp.next(), hp.next()) else {
        return false;
    };
    if !num(h, 23) || !num(mi, 59) || !num(se, 59) {
        return false;
    }
    match zone {
        None | Some("Z") => true,
        Some(z) => {
            let zb = z.as_bytes();
            zb.len() == 6
                && zb[3] == b':'
                && num(&z[1..3], 23)
                && num(&z[4..6], 59)
                && z[1..3].len() == 2
                && z[4..6].len() == 2
        }
    }
}

/// Go's `base64.StdEncoding.DecodeString` after go-yaml's reading (line breaks ignored).
pub(crate) fn base64(s: &str) -> Option<Vec<u8>> {
    let clean: Vec<u8> = s.bytes().filter(|&b| b != b'\n' && b != b'\r').collect();
    if !clean.len().is_multiple_of(4) {
        return None;
    }
    let val = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let mut out = Vec::with_capacity(clean.len() / 4 * 3);
    for (i, q) in clean.chunks(4).enumerate() {
        let last = i + 1 == clean.len() / 4;
        let pad = q.iter().rev().take_while(|&&c| c == b'=').count();
        if pad > 2 || (pad > 0 && !last) {
            return None;
        }
        let mut n = 0u32;
        for &c in &q[..4 - pad] {
            n = (n << 6) | val(c)?;
        }
        n <<= 6 * pad as u32;
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        // Go refuses non-zero bits in the padding.
        if pad == 1 && bytes[2] != 0 || pad == 2 && (bytes[1] != 0 || bytes[2] != 0) {
            return None;
        }
        out.extend_from_slice(&bytes[..3 - pad]);
    }
    Some(out)
}

fn is_merge(k: &RNode) -> bool {
    match (&k.kind, k.tag()) {
        (
            Kind::Scalar {
                value, implicit, ..
            },
            tag,
        ) => value == "<<" && (*implicit || tag == Some("tag:yaml.org,2002:merge")),
        _ => false,
    }
}

/// A map key's identity in a Go map.
#[derive(Hash, PartialEq, Eq)]
enum KeyId {
    Null,
    Bool(bool),
    Int(i64),
    Uint(u64),
    Float(u64),
    Str(String),
}

fn key_id(k: &Go) -> Option<KeyId> {
    Some(match k {
        Go::Null => KeyId::Null,
        Go::Bool(b) => KeyId::Bool(*b),
        Go::Int(i) => KeyId::Int(*i),
        Go::Uint(u) => KeyId::Uint(*u),
        Go::Float(f) => KeyId::Float(f.to_bits()),
        Go::Str(s) => KeyId::Str(s.clone()),
        Go::Seq(_) | Go::Map(_) => return None,
    })
}

/// A Go map being decoded, its entries in the order they were last set (an entry set again
/// leaves a hole where it was).
#[derive(Default)]
struct GoMap {
    entries: Vec<Option<(Go, Go)>>,
    index: HashMap<KeyId, usize>,
}

impl GoMap {
    fn set(&mut self, k: Go, v: Go) -> Result<(), DecodeError> {
        let Some(id) = key_id(&k) else {
            let what = if matches!(k, Go::Seq(_)) {
                "[]interface {}"
            } else {
                "map[interface {}]interface {}"
            };
            return Err(DecodeError::Key(what));
        };
        if let Some(i) = self.index.insert(id, self.entries.len()) {
            self.entries[i] = None;
        }
        self.entries.push(Some((k, v)));
        Ok(())
    }

    fn into_go(self) -> Go {
        Go::Map(self.entries.into_iter().flatten().collect())
    }
}

fn decode(n: &RNode) -> Result<Go, DecodeError> {
    match &n.kind {
        Kind::Scalar {
            value,
            style,
            implicit,
            ..
        } => {
            let tag = match n.tag() {
                None if !*implicit || *style != Style::Plain => "tag:yaml.org,2002:str",
                None => "",
                Some(t) => t,
            };
            resolve(tag, value)
        }
        Kind::Seq { items, .. } => items
            .iter()
            .map(decode)
            .collect::<Result<_, _>>()
            .map(Go::Seq),
        Kind::Map { .. } => {
            let mut out = GoMap::default();
            map_into(n, &mut out)?;
            Ok(out.into_go())
        }
    }
}

fn map_into(n: &RNode, out: &mut GoMap) -> Result<(), DecodeError> {
    let Kind::Map { entries, .. } = &n.kind else {
        return Ok(());
    };
    for (k, v) in entries {
        if is_merge(k) {
            merge(v, out)?;
            continue;
        }
        let key = decode(k)?;
        if matches!(key, Go::Seq(_) | Go::Map(_)) {
            return out.set(key, Go::Null);
        }
        let value = decode(v)?;
        out.set(key, value)?;
    }
    Ok(())
}

fn merge(v: &RNode, out: &mut GoMap) -> Result<(), DecodeError> {
    match &v.kind {
        Kind::Map { .. } => map_into(v, out),
        Kind::Seq { items, .. } => items.iter().rev().try_for_each(|item| match item.kind {
            Kind::Map { .. } => map_into(item, out),
            _ => Err(DecodeError::Merge),
        }),
        Kind::Scalar { .. } => Err(DecodeError::Merge),
    }
}

/// sigs.k8s.io/yaml's key conversion: what cannot be a JSON key is refused.
fn check_keys(v: &Go) -> Result<(), DecodeError> {
    match v {
        Go::Seq(items) => items.iter().try_for_each(check_keys),
        Go::Map(entries) => entries.iter().try_for_each(|(k, v)| {
            let ty = match k {
                Go::Null => Some("%!s(<nil>)"),
                Go::Uint(_) => Some("uint64"),
                _ => None,
            };
            if let Some(ty) = ty {
                return Err(DecodeError::KeyType(ty));
            }
            check_keys(v)
        }),
        _ => Ok(()),
    }
}

/// The maps of `v` as sigs.k8s.io/yaml converts them for JSON, each key written as a string:
/// where keys of different types write the same (`0` and `0.`), Go's map order decides which
/// value the JSON holds; here it is the one set last, as the tree's JSON has it
/// ([`crate::yaml::json::to_json`]).
fn by_json_key(v: Go) -> Go {
    match v {
        Go::Seq(items) => Go::Seq(items.into_iter().map(by_json_key).collect()),
        Go::Map(entries) => {
            let mut seen = std::collections::HashSet::with_capacity(entries.len());
            let mut kept: Vec<(Go, Go)> = entries
                .into_iter()
                .rev()
                .filter(|(k, _)| seen.insert(key_string(k)))
                .map(|(k, v)| (k, by_json_key(v)))
                .collect();
            kept.reverse();
            Go::Map(kept)
        }
        other => other,
    }
}

/// encoding/json refuses NaN and infinities.
fn check_floats(v: &Go) -> Result<(), DecodeError> {
    match v {
        Go::Float(f) if f.is_nan() => Err(DecodeError::Float("NaN")),
        Go::Float(f) if f.is_infinite() => {
            Err(DecodeError::Float(if *f > 0.0 { "+Inf" } else { "-Inf" }))
        }
        Go::Seq(items) => items.iter().try_for_each(check_floats),
        Go::Map(entries) => entries.iter().try_for_each(|(_, v)| check_floats(v)),
        _ => Ok(()),
    }
}

fn key_string(k: &Go) -> String {
    match k {
        Go::Str(s) => s.clone(),
        Go::Int(i) => i.to_string(),
        Go::Bool(b) => b.to_string(),
        Go::Float(f) => crate::yaml::json::go_float_key(*f),
        Go::Uint(u) => u.to_string(),
        _ => String::new(),
    }
}

fn float_json(f: f64) -> Value {
    if let Some(i) = crate::yaml::json::integral(f, false) {
        return Value::from(i);
    }
    Number::from_f64(f).map_or(Value::Null, Value::Number)
}

fn json(v: Go) -> Value {
    match v {
        Go::Null => Value::Null,
        Go::Bool(b) => Value::Bool(b),
        Go::Int(i) => Value::from(i),
        Go::Uint(u) => float_json(u as f64),
        Go::Float(f) => float_json(f),
        Go::Str(s) => Value::String(s),
        Go::Seq(items) => Value::Array(items.into_iter().map(json).collect()),
        Go::Map(entries) => {
            let mut m = Map::with_capacity(entries.len());
            for (k, v) in entries {
                m.insert(key_string(&k), json(v));
            }
            Value::Object(m)
        }
    }
}
