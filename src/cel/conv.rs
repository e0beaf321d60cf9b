//! cel-go's type conversions where the cel crate's differ: `string()` of every type (doubles
//! as Go's `%g`, timestamps as RFC 3339 with the shortest fraction and `Z` for UTC, durations
//! in seconds, IPs and CIDRs), and the texts the format library prints values with.

use super::ip;
use crate::field::go_float;
use chrono::{DateTime, FixedOffset};
use kube_cel::cel::{Context, ExecutionError, ResolveResult, Value};
use std::sync::Arc;

/// Registers the conversions over the cel crate's and kube-cel's.
pub fn register(ctx: &mut Context<'_>) {
    // Global functions take their argument plainly: `This` would turn its error into
    // `no such overload`.
    ctx.add_function("string", |v: Value| -> ResolveResult {
        Ok(Value::String(Arc::new(to_string(&v)?)))
    });
    ctx.add_function("int", to_int);
    ctx.add_function("uint", to_uint);
    ctx.add_function("double", to_double);
    ctx.add_function("bool", to_bool);
    ctx.add_function("timestamp", to_timestamp);
}

fn text(msg: &str) -> ExecutionError {
    ExecutionError::function_error("@text", msg)
}

fn conversion_error(to: &str) -> ExecutionError {
    text(&format!("type conversion error from 'string' to '{to}'"))
}

/// `int(v)`: cel-go's range checks (`integer overflow`), timestamps as Unix seconds,
/// durations as nanoseconds.
fn to_int(v: Value) -> ResolveResult {
    Ok(Value::Int(match v {
        Value::Int(i) => i,
        Value::UInt(u) => i64::try_from(u).map_err(|_| text("integer overflow"))?,
        Value::Float(f) => {
            if f.is_nan() || f <= i64::MIN as f64 || f >= i64::MAX as f64 {
                return Err(text("integer overflow"));
            }
            f as i64
        }
        Value::String(s) => s.parse::<i64>().map_err(|_| conversion_error("int"))?,
        Value::Timestamp(t) => t.timestamp(),
        Value::Duration(d) => d
            .num_nanoseconds()
            .ok_or_else(|| text("integer overflow"))?,
        _ => return Err(ExecutionError::NoSuchOverload),
    }))
}

/// `uint(v)` (`unsigned integer overflow` out of range).
fn to_uint(v: Value) -> ResolveResult {
    Ok(Value::UInt(match v {
        Value::UInt(u) => u,
        Value::Int(i) => u64::try_from(i).map_err(|_| text("unsigned integer overflow"))?,
        Value::Float(f) => {
            if f.is_nan() || f < 0.0 || f >= u64::MAX as f64 {
                return Err(text("unsigned integer overflow"));
            }
            f as u64
        }
        Value::String(s) => s.parse::<u64>().map_err(|_| conversion_error("uint"))?,
        _ => return Err(ExecutionError::NoSuchOverload),
    }))
}

/// `double(v)`: a string as Go's `strconv.ParseFloat` reads it (out of range is an error).
fn to_double(v: Value) -> ResolveResult {
    Ok(Value::Float(match v {
        Value::Float(f) => f,
        Value::Int(i) => i as f64,
        Value::UInt(u) => u as f64,
        Value::String(s) => parse_go_float(&s).ok_or_else(|| conversion_error("double"))?,
        _ => return Err(ExecutionError::NoSuchOverload),
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
fn to_bool(v: Value) -> ResolveResult {
    Ok(Value::Bool(match v {
        Value::Bool(b) => b,
        Value::String(s) => match s.as_str() {
            "1" | "t" | "T" | "TRUE" | "true" | "True" => true,
            "0" | "f" | "F" | "FALSE" | "false" | "False" => false,
            _ => return Err(conversion_error("bool")),
        },
        _ => return Err(ExecutionError::NoSuchOverload),
    }))
}

/// The earliest and latest Unix seconds of a CEL timestamp (years 1 to 9999).
const MIN_UNIX: i64 = -62_135_596_800;
const MAX_UNIX: i64 = 253_402_300_799;

/// `timestamp(v)`: RFC 3339 text, or Unix seconds (`timestamp overflow` past the years 1 to
/// 9999).
fn to_timestamp(v: Value) -> ResolveResult {
    let t = match v {
        Value::Timestamp(t) => t,
        // cel-go reads the text with Go's `time.Parse(time.RFC3339, s)`.
        Value::String(s) => crate::go::time::parse_rfc3339(&s)
            .ok()
            .and_then(|p| p.date_time())
            .ok_or_else(|| conversion_error("google.protobuf.Timestamp"))?,
        Value::Int(i) => {
            if !(MIN_UNIX..=MAX_UNIX).contains(&i) {
                return Err(text("timestamp overflow"));
            }
            match DateTime::from_timestamp(i, 0) {
                Some(t) => t.fixed_offset(),
                None => return Err(text("timestamp overflow")),
            }
        }
        _ => return Err(ExecutionError::NoSuchOverload),
    };
    if !(MIN_UNIX..=MAX_UNIX).contains(&t.timestamp()) {
        return Err(text("timestamp overflow"));
    }
    Ok(Value::Timestamp(t))
}

/// `string(v)`.
pub fn to_string(v: &Value) -> Result<String, ExecutionError> {
    Ok(match v {
        Value::String(s) => s.to_string(),
        Value::Int(i) => i.to_string(),
        Value::UInt(u) => u.to_string(),
        Value::Float(f) => go_float(*f),
        Value::Bool(b) => b.to_string(),
        Value::Bytes(b) => match std::str::from_utf8(b) {
            Ok(s) => s.to_string(),
            Err(_) => {
                let msg = "invalid UTF-8 in bytes, cannot convert to string";
                return Err(ExecutionError::function_error("@text", msg));
            }
        },
        Value::Timestamp(t) => timestamp_text(t),
        Value::Duration(d) => duration_text(d),
        other => match ip::to_string(other) {
            Some(s) => s,
            None => return Err(ExecutionError::NoSuchOverload),
        },
    })
}

/// Go's `t.Format(time.RFC3339Nano)`: the fraction without trailing zeros, `Z` for UTC.
pub fn timestamp_text(t: &DateTime<FixedOffset>) -> String {
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
pub fn duration_text(d: &chrono::Duration) -> String {
    let nanos = d.num_nanoseconds().unwrap_or(i64::MAX);
    let secs = (nanos / 1_000_000_000) as f64 + (nanos % 1_000_000_000) as f64 / 1e9;
    format!("{secs}s")
}
/// Whether `timestamp(<literal>)` evaluates (cel-go's timestamp literal validator).
pub fn timestamp_literal_ok(l: &kube_cel::cel::common::ast::LiteralValue) -> bool {
    use kube_cel::cel::common::ast::LiteralValue as L;
    let v = match l {
        L::String(s) => Value::String(Arc::new(s.inner().to_string())),
        L::Int(i) => Value::Int(*i.inner()),
        _ => return true,
    };
    to_timestamp(v).is_ok()
}
