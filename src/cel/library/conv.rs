//! cel-go's type conversions (`common/types/*.go` `ConvertToType`, the standard library's
//! conversion overloads): `int`, `uint`, `double`, `bool`, `string`, `bytes`, `duration`,
//! `timestamp`, `dyn` and `type`, with cel-go's range checks and error texts.

use super::super::val::{Error, Res, Timestamp, Val};
use super::time::{MAX_UNIX, MIN_UNIX};
use super::{no_overload, Func};
use crate::field::go_float;
use chrono::DateTime;

pub(super) const FUNCS: &[(&str, Func)] = &[
    ("int", to_int),
    ("uint", to_uint),
    ("double", to_double),
    ("bool", to_bool),
    ("string", |a| match a {
        [v] => to_string(v).map(|s| Val::String(s.into())),
        _ => no_overload(),
    }),
    ("bytes", to_bytes),
    ("duration", to_duration),
    ("timestamp", to_timestamp),
    ("dyn", |a| match a {
        [v] => Ok(v.clone()),
        _ => no_overload(),
    }),
    ("type", |a| match a {
        [v] => Ok(Val::type_of(v.type_name())),
        _ => no_overload(),
    }),
];

fn int_overflow() -> Error {
    Error::text("integer overflow")
}

fn uint_overflow() -> Error {
    Error::text("unsigned integer overflow")
}

/// `int(v)` (`Uint.ConvertToType`, `Double.ConvertToType`, `String.ConvertToType`…): cel-go's
/// range checks, timestamps as Unix seconds, durations as nanoseconds.
fn to_int(args: &[Val]) -> Res {
    let [v] = args else {
        return no_overload();
    };
    Ok(Val::Int(match v {
        Val::Int(i) => *i,
        Val::Uint(u) => i64::try_from(*u).map_err(|_| int_overflow())?,
        Val::Double(f) => {
            if f.is_nan() || *f <= i64::MIN as f64 || *f >= i64::MAX as f64 {
                return Err(int_overflow());
            }
            *f as i64
        }
        Val::String(s) => s
            .parse::<i64>()
            .map_err(|_| Error::conversion("string", "int"))?,
        Val::Timestamp(t) => t.timestamp(),
        Val::Duration(d) => d.num_nanoseconds().ok_or_else(int_overflow)?,
        _ => return no_overload(),
    }))
}

/// `uint(v)` (`unsigned integer overflow` out of range).
fn to_uint(args: &[Val]) -> Res {
    let [v] = args else {
        return no_overload();
    };
    Ok(Val::Uint(match v {
        Val::Uint(u) => *u,
        Val::Int(i) => u64::try_from(*i).map_err(|_| uint_overflow())?,
        Val::Double(f) => {
            if f.is_nan() || *f < 0.0 || *f >= u64::MAX as f64 {
                return Err(uint_overflow());
            }
            *f as u64
        }
        Val::String(s) => s
            .parse::<u64>()
            .map_err(|_| Error::conversion("string", "uint"))?,
        _ => return no_overload(),
    }))
}

/// `double(v)`: a string as Go's `strconv.ParseFloat` reads it (out of range is an error).
fn to_double(args: &[Val]) -> Res {
    let [v] = args else {
        return no_overload();
    };
    Ok(Val::Double(match v {
        Val::Double(f) => *f,
        Val::Int(i) => *i as f64,
        Val::Uint(u) => *u as f64,
        Val::String(s) => parse_go_float(s).ok_or_else(|| Error::conversion("string", "double"))?,
        _ => return no_overload(),
    }))
}

/// Go's `strconv.ParseFloat(s, 64)` for decimal input: `inf`, `infinity` and `nan` in any
/// case with an optional sign; finite text that overflows is an error.
fn parse_go_float(s: &str) -> Option<f64> {
    let body = s.strip_prefix(['+', '-']).unwrap_or(s).to_ascii_lowercase();
    let special = matches!(body.as_str(), "inf" | "infinity" | "nan");
    if !special
        && !body
            .bytes()
            .all(|c| c.is_ascii_digit() || matches!(c, b'.' | b'e' | b'+' | b'-'))
    {
        return None;
    }
    let f = s.parse::<f64>().ok()?;
    (special || f.is_finite()).then_some(f)
}

/// `bool(v)`: a string as Go's `strconv.ParseBool` reads it.
fn to_bool(args: &[Val]) -> Res {
    let [v] = args else {
        return no_overload();
    };
    Ok(Val::Bool(match v {
        Val::Bool(b) => *b,
        Val::String(s) => match &**s {
            "1" | "t" | "T" | "TRUE" | "true" | "True" => true,
            "0" | "f" | "F" | "FALSE" | "false" | "False" => false,
            _ => return Err(Error::conversion("string", "bool")),
        },
        _ => return no_overload(),
    }))
}

/// `bytes(v)`: a string's UTF-8.
fn to_bytes(args: &[Val]) -> Res {
    match args {
        [Val::Bytes(b)] => Ok(Val::Bytes(b.clone())),
        [Val::String(s)] => Ok(Val::bytes(s.as_bytes())),
        _ => no_overload(),
    }
}

/// `duration(string)`, with Go's syntax (`1h30m`, `1.5s`, `0`); other strings are the
/// conversion error.
fn to_duration(args: &[Val]) -> Res {
    match args {
        [Val::String(s)] => match crate::go::time::parse_duration(s) {
            Some(ns) => Ok(Val::Duration(chrono::Duration::nanoseconds(ns))),
            None => Err(Error::conversion("string", "google.protobuf.Duration")),
        },
        [v @ Val::Duration(_)] => Ok(v.clone()),
        _ => no_overload(),
    }
}

/// `timestamp(v)`: RFC 3339 text (Go's `time.Parse(time.RFC3339, s)`), or Unix seconds
/// (`timestamp overflow` past the years 1 to 9999).
fn to_timestamp(args: &[Val]) -> Res {
    let [v] = args else {
        return no_overload();
    };
    let overflow = || Error::text("timestamp overflow");
    let t: Timestamp = match v {
        Val::Timestamp(t) => *t,
        Val::String(s) => crate::go::time::parse_rfc3339(s)
            .ok()
            .and_then(|p| p.date_time())
            .ok_or_else(|| Error::conversion("string", "google.protobuf.Timestamp"))?,
        Val::Int(i) => {
            if !(MIN_UNIX..=MAX_UNIX).contains(i) {
                return Err(overflow());
            }
            DateTime::from_timestamp(*i, 0)
                .ok_or_else(overflow)?
                .fixed_offset()
        }
        _ => return no_overload(),
    };
    if !(MIN_UNIX..=MAX_UNIX).contains(&t.timestamp()) {
        return Err(overflow());
    }
    Ok(Val::Timestamp(t))
}

/// `string(v)`: doubles as Go's `strconv.FormatFloat(f, 'g', -1, 64)` (cel-go's), timestamps
/// as RFC 3339 with the shortest fraction, durations in seconds, the library types that
/// convert (IP, CIDR).
pub(crate) fn to_string(v: &Val) -> Result<String, Error> {
    Ok(match v {
        Val::String(s) => s.to_string(),
        Val::Int(i) => i.to_string(),
        Val::Uint(u) => u.to_string(),
        Val::Double(f) => go_float(*f),
        Val::Bool(b) => b.to_string(),
        Val::Bytes(b) => match std::str::from_utf8(b) {
            Ok(s) => s.to_string(),
            Err(_) => {
                return Err(Error::text(
                    "invalid UTF-8 in bytes, cannot convert to string",
                ))
            }
        },
        Val::Timestamp(t) => timestamp_text(t),
        Val::Duration(d) => duration_text(d),
        Val::Ext(e) => match e.to_cel_string() {
            Some(s) => s,
            None => return Err(Error::NoSuchOverload),
        },
        _ => return Err(Error::NoSuchOverload),
    })
}

/// Go's `t.Format(time.RFC3339Nano)`: the fraction without trailing zeros, `Z` for UTC.
pub(crate) fn timestamp_text(t: &Timestamp) -> String {
    let mut out = t.format("%Y-%m-%dT%H:%M:%S").to_string();
    let nanos = t.timestamp_subsec_nanos();
    if nanos > 0 {
        let frac = format!("{nanos:09}");
        out.push('.');
        out.push_str(frac.trim_end_matches('0'));
    }
    let offset = t.offset().local_minus_utc();
    if offset == 0 {
        out.push('Z');
    } else {
        let sign = if offset < 0 { '-' } else { '+' };
        let a = offset.abs();
        out.push_str(&format!("{sign}{:02}:{:02}", a / 3600, a / 60 % 60));
    }
    out
}

/// cel-go's duration text: Go's `d.Seconds()` as the shortest decimal and `s` (`5400s`,
/// `1.5s`; a float64, so `17236799.999999999s` reads `17236800s`).
pub(crate) fn duration_text(d: &chrono::Duration) -> String {
    let nanos = d.num_nanoseconds().unwrap_or(i64::MAX);
    let secs = (nanos / 1_000_000_000) as f64 + (nanos % 1_000_000_000) as f64 / 1e9;
    format!("{secs}s")
}

#[cfg(test)]
mod tests {
    use super::super::lookup;
    use super::*;

    fn call(name: &str, args: &[Val]) -> Res {
        lookup(name).expect(name)(args)
    }

    /// cel-go's conversion answers and texts.
    #[test]
    fn conversions() {
        assert_eq!(call("int", &[Val::Double(1.9)]), Ok(Val::Int(1)));
        assert_eq!(call("int", &[Val::Double(-1.9)]), Ok(Val::Int(-1)));
        assert_eq!(call("int", &[Val::Double(9.3e18)]), Err(int_overflow()));
        assert_eq!(call("int", &[Val::Uint(u64::MAX)]), Err(int_overflow()));
        assert_eq!(
            call("int", &[Val::str("1.0")]),
            Err(Error::text("type conversion error from 'string' to 'int'"))
        );
        assert_eq!(call("uint", &[Val::Int(-1)]), Err(uint_overflow()));
        assert_eq!(
            call("double", &[Val::str("-Inf")]),
            Ok(Val::Double(f64::NEG_INFINITY))
        );
        assert_eq!(
            call("double", &[Val::str("1e400")]),
            Err(Error::text(
                "type conversion error from 'string' to 'double'"
            ))
        );
        assert_eq!(call("bool", &[Val::str("T")]), Ok(Val::Bool(true)));
        assert_eq!(call("string", &[Val::Double(1e21)]), Ok(Val::str("1e+21")));
        assert_eq!(
            call("string", &[Val::Double(f64::INFINITY)]),
            Ok(Val::str("+Inf"))
        );
        assert_eq!(
            call("string", &[Val::bytes(&[0xff])]),
            Err(Error::text(
                "invalid UTF-8 in bytes, cannot convert to string"
            ))
        );
        assert_eq!(
            call(
                "string",
                &[Val::Duration(chrono::Duration::milliseconds(1500))]
            ),
            Ok(Val::str("1.5s"))
        );
        assert_eq!(
            call("timestamp", &[Val::Int(MAX_UNIX + 1)]),
            Err(Error::text("timestamp overflow"))
        );
        let t = call("timestamp", &[Val::str("2009-02-13T23:31:30.5+01:00")]).unwrap();
        assert_eq!(
            call("string", std::slice::from_ref(&t)),
            Ok(Val::str("2009-02-13T23:31:30.5+01:00"))
        );
        assert_eq!(call("int", &[t]), Ok(Val::Int(1_234_564_290)));
        assert_eq!(
            call("duration", &[Val::str("1h")]),
            Ok(Val::Duration(chrono::Duration::hours(1)))
        );
        assert_eq!(call("type", &[Val::Int(1)]), Ok(Val::type_of("int")));
        assert_eq!(
            call("type", &[Val::type_of("int")]),
            Ok(Val::type_of("type"))
        );
    }
}
