//! A JSON value as CEL sees it at a schema node (the apiserver's `UnstructuredToVal`): objects
//! show only their declared properties, under their escaped names, and a `nullable` null reads
//! as absent; maps keep their keys (and null values); `number` is always a double; `format: duration`, `date`,
//! `date-time` and `byte` strings become durations, timestamps and bytes.
//!
//! A `byte` string that is not URL-safe base64 (kube-openapi's `strfmt.Base64`, which
//! validation's standard-alphabet check lets through) and a `duration` strfmt cannot read become
//! [`Invalid`] values: reading one fails with the apiserver's `Invalid byte formatted string …`
//! (the planner's `StrFmt` step). Other values that do not fit their schema (which
//! OpenAPI validation refuses before CEL runs) are converted as plain JSON.

use super::decl::{Decl, Kind, ListType};
use super::gokeys::of_json;
use super::val::{Ext, Key, List, Map, Timestamp, Val};
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::Arc;

/// `v` at a node of type `d`: its lists and maps carry `d`'s types ([`List::origin`]), a set
/// list its elements as the apiserver decodes them from the JSON.
pub fn to_cel(v: &Value, d: &Arc<Decl>) -> Val {
    match (&d.kind, v) {
        (_, Value::Null) => Val::Null,
        (Kind::Object(fields), Value::Object(m)) => {
            let mut out = BTreeMap::new();
            for f in fields {
                match m.get(&*f.name) {
                    None | Some(Value::Null) => {}
                    Some(x) => {
                        out.insert(Key::str(&f.cel), to_cel(x, &f.decl));
                    }
                }
            }
            Val::Map(Map {
                entries: Arc::new(out),
                origin: Some(d.clone()),
            })
        }
        (Kind::Map(elem), Value::Object(m)) => {
            let out = m
                .iter()
                .map(|(k, x)| (Key::str(k), to_cel(x, elem)))
                .collect();
            Val::Map(Map {
                entries: Arc::new(out),
                origin: Some(d.clone()),
            })
        }
        (Kind::List(elem, ty), Value::Array(items)) => Val::List(List {
            items: Arc::new(items.iter().map(|x| to_cel(x, elem)).collect()),
            origin: Some(d.clone()),
            held: matches!(ty, ListType::Set).then(|| items.iter().map(of_json).collect()),
        }),
        (Kind::Double, Value::Number(n)) => Val::Double(n.as_f64().unwrap_or(0.0)),
        (Kind::Duration, Value::String(s)) => match crate::go::strfmt::parse_duration(s) {
            Some(ns) => Val::Duration(chrono::Duration::nanoseconds(ns)),
            None => invalid(format!(
                "Invalid duration {s}: unable to parse {s} as duration"
            )),
        },
        (Kind::Timestamp(date_only), Value::String(s)) => match parse_timestamp(s, *date_only) {
            Ok(t) => Val::Timestamp(t),
            Err(e) => invalid(e.to_string()),
        },
        (Kind::Bytes, Value::String(s)) => match decode_base64_url(s) {
            Ok(b) => Val::Bytes(b.into()),
            Err(at) => invalid(format!(
                "Invalid byte formatted string {s}: illegal base64 data at input byte {at}"
            )),
        },
        _ => plain(v),
    }
}

/// A value whose conversion from its string format failed: the error reading it gives.
#[derive(Debug, PartialEq, Eq)]
pub struct Invalid(pub String);

impl Ext for Invalid {
    fn type_name(&self) -> &str {
        "strfmt.Invalid"
    }
    fn equal(&self, other: &Val) -> Result<bool, super::val::Error> {
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
pub fn strfmt(v: Val) -> super::val::Res {
    match v.as_ext::<Invalid>() {
        Some(bad) => Err(super::val::Error::text(bad.0.as_str())),
        None => Ok(v),
    }
}

/// A JSON value without a schema: integers as int, other numbers as double.
pub fn plain(v: &Value) -> Val {
    match v {
        Value::Null => Val::Null,
        Value::Bool(b) => Val::Bool(*b),
        Value::Number(n) => match n.as_i64() {
            Some(i) => Val::Int(i),
            None => Val::Double(n.as_f64().unwrap_or(0.0)),
        },
        Value::String(s) => Val::str(s),
        Value::Array(items) => Val::list(items.iter().map(plain).collect()),
        Value::Object(m) => Val::Map(Map::new(
            m.iter().map(|(k, x)| (Key::str(k), plain(x))).collect(),
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
