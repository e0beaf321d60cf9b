//! A JSON value as CEL sees it at a schema node (the apiserver's `UnstructuredToVal`): objects
//! show only their declared properties, under their escaped names, and a `nullable` null reads
//! as absent; maps keep their keys (and null values); `number` is always a double; `format: duration`, `date`,
//! `date-time` and `byte` strings become durations, timestamps and bytes.
//!
//! Values that do not fit their schema (which OpenAPI validation refuses before CEL runs) are
//! converted as plain JSON.

use super::decl::{Decl, Kind};
use super::gotime::parse_strfmt_duration;
use kube_cel::cel::objects::{Key, Map};
use kube_cel::cel::Value as Cel;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::Arc;

/// `v` at a node of type `d`.
pub fn to_cel(v: &Value, d: &Decl) -> Cel {
    match (&d.kind, v) {
        (_, Value::Null) => Cel::Null,
        (Kind::Object(fields), Value::Object(m)) => {
            let mut out: HashMap<Key, Cel> = HashMap::with_capacity(fields.len());
            for f in fields {
                match m.get(&*f.name) {
                    None | Some(Value::Null) => {}
                    Some(x) => {
                        out.insert(Key::from(&*f.cel), to_cel(x, &f.decl));
                    }
                }
            }
            Cel::Map(Map { map: Arc::new(out) })
        }
        (Kind::Map(elem), Value::Object(m)) => {
            let out: HashMap<Key, Cel> = m
                .iter()
                .map(|(k, x)| (Key::from(k.as_str()), to_cel(x, elem)))
                .collect();
            Cel::Map(Map { map: Arc::new(out) })
        }
        (Kind::List(elem, _), Value::Array(items)) => {
            Cel::List(Arc::new(items.iter().map(|x| to_cel(x, elem)).collect()))
        }
        (Kind::Double, Value::Number(n)) => Cel::Float(n.as_f64().unwrap_or(0.0)),
        (Kind::Duration, Value::String(s)) => match parse_strfmt_duration(s) {
            Some(ns) => Cel::Duration(chrono::Duration::nanoseconds(ns)),
            None => plain(v),
        },
        (Kind::Timestamp(date_only), Value::String(s)) => match parse_timestamp(s, *date_only) {
            Some(t) => Cel::Timestamp(t),
            None => plain(v),
        },
        (Kind::Bytes, Value::String(s)) => match decode_base64(s) {
            Some(b) => Cel::Bytes(Arc::new(b)),
            None => plain(v),
        },
        _ => plain(v),
    }
}

/// A JSON value without a schema: integers as int, other numbers as double.
pub fn plain(v: &Value) -> Cel {
    match v {
        Value::Null => Cel::Null,
        Value::Bool(b) => Cel::Bool(*b),
        Value::Number(n) => match n.as_i64() {
            Some(i) => Cel::Int(i),
            None => Cel::Float(n.as_f64().unwrap_or(0.0)),
        },
        Value::String(s) => Cel::String(Arc::new(s.clone())),
        Value::Array(items) => Cel::List(Arc::new(items.iter().map(plain).collect())),
        Value::Object(m) => {
            let out: HashMap<Key, Cel> = m
                .iter()
                .map(|(k, x)| (Key::from(k.as_str()), plain(x)))
                .collect();
            Cel::Map(Map { map: Arc::new(out) })
        }
    }
}

/// RFC 3339 date-time (`strfmt.ParseDateTime`), or a full date at midnight UTC.
fn parse_timestamp(s: &str, date_only: bool) -> Option<chrono::DateTime<chrono::FixedOffset>> {
    if date_only {
        let d = chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d").ok()?;
        let t = d.and_hms_opt(0, 0, 0)?.and_utc();
        return Some(t.fixed_offset());
    }
    chrono::DateTime::parse_from_rfc3339(s).ok()
}

/// Standard base64 with padding (Go's `base64.StdEncoding`).
fn decode_base64(s: &str) -> Option<Vec<u8>> {
    let b = s.as_bytes();
    if !b.len().is_multiple_of(4) {
        return None;
    }
    let mut out = Vec::with_capacity(b.len() / 4 * 3);
    for (i, chunk) in b.chunks(4).enumerate() {
        let last = i + 1 == b.len() / 4;
        let mut n: u32 = 0;
        let mut pad = 0;
        for &c in chunk {
            let v = match c {
                b'A'..=b'Z' => c - b'A',
                b'a'..=b'z' => c - b'a' + 26,
                b'0'..=b'9' => c - b'0' + 52,
                b'+' => 62,
                b'/' => 63,
                b'=' if last => {
                    pad += 1;
                    0
                }
                _ => return None,
            };
            if pad > 0 && c != b'=' {
                return None;
            }
            n = n << 6 | u32::from(v);
        }
        let bytes = n.to_be_bytes();
        out.extend_from_slice(&bytes[1..4 - pad.min(2)]);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::decode_base64;

    #[test]
    fn base64() {
        assert_eq!(decode_base64("aGVsbG8=").as_deref(), Some(&b"hello"[..]));
        assert_eq!(decode_base64("aGk=").as_deref(), Some(&b"hi"[..]));
        assert_eq!(decode_base64("YQ==").as_deref(), Some(&b"a"[..]));
        assert_eq!(decode_base64("").as_deref(), Some(&b""[..]));
        assert_eq!(decode_base64("a"), None);
        assert_eq!(decode_base64("a=bc"), None);
    }
}
