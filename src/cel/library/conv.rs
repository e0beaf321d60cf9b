//! cel-go's type conversions (`int`, `uint`, `double`, `string`, `bool`, `bytes`,
//! `duration`, `timestamp`: each type's `ConvertToType` in `common/types`): range checks with
//! cel-go's texts (`integer overflow`, `timestamp overflow`), strings read as Go's `strconv`
//! and `time` packages read them, and `string()` of every type (doubles as Go's `%g`,
//! timestamps as RFC 3339 with the shortest fraction and `Z` for UTC, durations in seconds,
//! the Kubernetes library types that convert, IP and CIDR).
//!
//! A conversion no overload takes (`int(true)` through `dyn`) is `no such overload`, as
//! cel-go's dynamic dispatch answers.

use super::super::val::{Error, Res, Timestamp, Val};
use super::Bind::Overloads;
use super::{no_overload, Bindings};
use crate::field::go_float;
use chrono::DateTime;

/// The conversions, bound as cel-go's standard library binds them: each target type's
/// overloads to its `convertToType` (the value's own `ConvertToType`), behind their type guards.
pub(super) const BINDINGS: Bindings = &[
    (
        Overloads(&[
            "int64_to_int64",
            "double_to_int64",
            "duration_to_int64",
            "string_to_int64",
            "timestamp_to_int64",
            "uint64_to_int64",
        ]),
        to_int,
    ),
    (
        Overloads(&[
            "uint64_to_uint64",
            "double_to_uint64",
            "int64_to_uint64",
            "string_to_uint64",
        ]),
        to_uint,
    ),
    (
        Overloads(&[
            "double_to_double",
            "int64_to_double",
            "string_to_double",
            "uint64_to_double",
        ]),
        to_double,
    ),
    (
        Overloads(&[
            "string_to_string",
            "bool_to_string",
            "bytes_to_string",
            "double_to_string",
            "duration_to_string",
            "int64_to_string",
            "timestamp_to_string",
            "uint64_to_string",
        ]),
        to_string_fn,
    ),
    (Overloads(&["bool_to_bool", "string_to_bool"]), to_bool),
    (Overloads(&["bytes_to_bytes", "string_to_bytes"]), to_bytes),
    (
        Overloads(&[
            "duration_to_duration",
            "int64_to_duration",
            "string_to_duration",
        ]),
        to_duration,
    ),
    (
        Overloads(&[
            "timestamp_to_timestamp",
            "int64_to_timestamp",
            "string_to_timestamp",
        ]),
        to_timestamp,
    ),
];

/// The earliest and latest Unix seconds of a CEL timestamp (years 1 to 9999).
pub(crate) const MIN_UNIX: i64 = -62_135_596_800;
pub(crate) const MAX_UNIX: i64 = 253_402_300_799;

fn arg(args: &[Val]) -> Result<&Val, Error> {
    match args {
        [v] => Ok(v),
        _ => Err(Error::NoSuchOverload),
    }
}

fn int_overflow() -> Error {
    Error::text("integer overflow")
}

fn uint_overflow() -> Error {
    Error::text("unsigned integer overflow")
}

/// `int(v)`: cel-go's `Uint`, `Double`, `String`, `Timestamp` and `Duration`
/// `ConvertToType(IntType)`: range checks (`integer overflow`), timestamps as Unix seconds,
/// durations as nanoseconds, strings as `strconv.ParseInt(s, 10, 64)`.
fn to_int(args: &[Val]) -> Res {
    Ok(Val::Int(match arg(args)? {
        Val::Int(i) => *i,
        Val::Uint(u) => i64::try_from(*u).map_err(|_| int_overflow())?,
        Val::Double(f) => double_to_int(*f)?,
        Val::String(s) => parse_go_int(s).ok_or_else(|| Error::conversion("string", "int"))?,
        Val::Timestamp(t) => t.timestamp(),
        Val::Duration(d) => d.num_nanoseconds().ok_or_else(int_overflow)?,
        _ => return no_overload(),
    }))
}

/// cel-go's `doubleToInt64Checked`.
pub(crate) fn double_to_int(f: f64) -> Result<i64, Error> {
    if f.is_nan() || f <= i64::MIN as f64 || f >= i64::MAX as f64 {
        return Err(int_overflow());
    }
    Ok(f as i64)
}

/// Go's `strconv.ParseInt(s, 10, 64)`: an optional sign and decimal digits.
fn parse_go_int(s: &str) -> Option<i64> {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// `uint(v)`: cel-go's `ConvertToType(UintType)` (`unsigned integer overflow` out of range;
/// strings as `strconv.ParseUint(s, 10, 64)`, which takes no sign).
fn to_uint(args: &[Val]) -> Res {
    Ok(Val::Uint(match arg(args)? {
        Val::Uint(u) => *u,
        Val::Int(i) => u64::try_from(*i).map_err(|_| uint_overflow())?,
        Val::Double(f) => {
            if f.is_nan() || *f < 0.0 || *f >= u64::MAX as f64 {
                return Err(uint_overflow());
            }
            *f as u64
        }
        Val::String(s) => {
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(Error::conversion("string", "uint"));
            }
            s.parse::<u64>()
                .map_err(|_| Error::conversion("string", "uint"))?
        }
        _ => return no_overload(),
    }))
}

/// `double(v)`: cel-go's `ConvertToType(DoubleType)`; a string as Go's `strconv.ParseFloat`
/// reads it (out of range is an error).
fn to_double(args: &[Val]) -> Res {
    Ok(Val::Double(match arg(args)? {
        Val::Double(f) => *f,
        Val::Int(i) => *i as f64,
        Val::Uint(u) => *u as f64,
        Val::String(s) => parse_go_float(s).ok_or_else(|| Error::conversion("string", "double"))?,
        _ => return no_overload(),
    }))
}

/// Go's `strconv.ParseFloat(s, 64)` for decimal input: `inf` and `infinity` in any case with
/// an optional sign, `nan` in any case without one; finite text that overflows is an error.
/// (Go's hexadecimal floats, `0x1p-2`, are not read.)
fn parse_go_float(s: &str) -> Option<f64> {
    let signed = s.starts_with(['+', '-']);
    let body = s.strip_prefix(['+', '-']).unwrap_or(s).to_ascii_lowercase();
    let special = match body.as_str() {
        "inf" | "infinity" => true,
        "nan" if signed => return None,
        "nan" => true,
        _ => false,
    };
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

/// `bool(v)`: cel-go's `String.ConvertToType(BoolType)`, Go's `strconv.ParseBool`.
fn to_bool(args: &[Val]) -> Res {
    Ok(Val::Bool(match arg(args)? {
        Val::Bool(b) => *b,
        Val::String(s) => match &**s {
            "1" | "t" | "T" | "TRUE" | "true" | "True" => true,
            "0" | "f" | "F" | "FALSE" | "false" | "False" => false,
            _ => return Err(Error::conversion("string", "bool")),
        },
        _ => return no_overload(),
    }))
}

/// `bytes(v)`: cel-go's `String.ConvertToType(BytesType)` (the UTF-8 encoding).
fn to_bytes(args: &[Val]) -> Res {
    match arg(args)? {
        v @ Val::Bytes(_) => Ok(v.clone()),
        Val::String(s) => Ok(Val::bytes(s.as_bytes())),
        _ => no_overload(),
    }
}

/// `duration(v)`: cel-go's `String.ConvertToType(DurationType)`, Go's `time.ParseDuration`
/// (`1h30m`, `1.5s`, `0`). The standard library declares `duration(int)` too
/// (`overloads.IntToDuration`, bound to `convertToType(DurationType)`), but `Int.ConvertToType`
/// has no case for durations in the cel-go versions the apiserver uses (v0.22 to v0.26): it
/// is always `type conversion error from 'int' to 'google.protobuf.Duration'`.
fn to_duration(args: &[Val]) -> Res {
    match arg(args)? {
        v @ Val::Duration(_) => Ok(v.clone()),
        Val::String(s) => match crate::go::time::parse_duration(s) {
            Some(ns) => Ok(Val::Duration(chrono::Duration::nanoseconds(ns))),
            None => Err(Error::conversion("string", "google.protobuf.Duration")),
        },
        Val::Int(_) => Err(Error::conversion("int", "google.protobuf.Duration")),
        _ => no_overload(),
    }
}

/// `timestamp(v)`: cel-go's `String.ConvertToType(TimestampType)` (Go's
/// `time.Parse(time.RFC3339, s)`) and `Int.ConvertToType(TimestampType)` (Unix seconds);
/// `timestamp overflow` past the years 1 to 9999.
fn to_timestamp(args: &[Val]) -> Res {
    let t = match arg(args)? {
        Val::Timestamp(t) => *t,
        Val::String(s) => crate::go::time::parse_rfc3339(s)
            .ok()
            .and_then(|p| p.date_time())
            .ok_or_else(|| Error::conversion("string", "google.protobuf.Timestamp"))?,
        Val::Int(i) => {
            if !(MIN_UNIX..=MAX_UNIX).contains(i) {
                return Err(Error::text("timestamp overflow"));
            }
            match DateTime::from_timestamp(*i, 0) {
                Some(t) => t.fixed_offset(),
                None => return Err(Error::text("timestamp overflow")),
            }
        }
        _ => return no_overload(),
    };
    if !(MIN_UNIX..=MAX_UNIX).contains(&t.timestamp()) {
        return Err(Error::text("timestamp overflow"));
    }
    Ok(Val::Timestamp(t))
}

/// Whether `timestamp(<literal>)` evaluates (cel-go's timestamp literal validator), for a
/// string or int literal.
pub fn timestamp_literal_ok(literal: &Val) -> bool {
    match literal {
        Val::String(_) | Val::Int(_) => to_timestamp(std::slice::from_ref(literal)).is_ok(),
        _ => true,
    }
}

fn to_string_fn(args: &[Val]) -> Res {
    to_string(arg(args)?).map(|s| Val::String(s.into()))
}

/// `string(v)`: each type's `ConvertToType(StringType)` in cel-go (and the Kubernetes
/// library types' that convert: `string(ip)`, `string(cidr)`).
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
        Val::Ext(e) => e.to_cel_string().ok_or(Error::NoSuchOverload)?,
        _ => return Err(Error::NoSuchOverload),
    })
}

/// Go's `t.Format(time.RFC3339Nano)` (see [`crate::go::time::format_rfc3339_nano`]).
pub(crate) fn timestamp_text(t: &Timestamp) -> String {
    crate::go::time::format_rfc3339_nano(t)
}

/// cel-go's duration text: Go's `d.Seconds()` as the shortest decimal and `s` (`5400s`,
/// `1.5s`; a float64, so `17236799.999999999s` reads `17236800s`).
pub(crate) fn duration_text(d: &chrono::Duration) -> String {
    let nanos = d.num_nanoseconds().unwrap_or(i64::MAX);
    let secs = (nanos / 1_000_000_000) as f64 + (nanos % 1_000_000_000) as f64 / 1e9;
    format!("{secs}s")
}

#[cfg(test)]
#[path = "conv/tests.rs"]
mod tests;
