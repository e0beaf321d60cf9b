//! cel-go's type conversions where the cel crate's differ: `string()` of every type (doubles
//! as Go's `%g`, timestamps as RFC 3339 with the shortest fraction and `Z` for UTC, durations
//! in seconds, IPs and CIDRs), and the texts the format library prints values with.

use super::ip;
use crate::field::go_float;
use chrono::{DateTime, FixedOffset};
use kube_cel::cel::extractors::This;
use kube_cel::cel::{Context, ExecutionError, ResolveResult, Value};
use std::sync::Arc;

/// Registers the conversions over the cel crate's and kube-cel's.
pub fn register(ctx: &mut Context<'_>) {
    ctx.add_function("string", |This(v): This<Value>| -> ResolveResult {
        Ok(Value::String(Arc::new(to_string(&v)?)))
    });
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

/// cel-go's duration text: the seconds with the shortest fraction and `s` (`5400s`, `1.5s`).
pub fn duration_text(d: &chrono::Duration) -> String {
    let nanos = d.num_nanoseconds().unwrap_or(i64::MAX);
    let neg = nanos < 0;
    let n = nanos.unsigned_abs();
    let (secs, frac) = (n / 1_000_000_000, n % 1_000_000_000);
    let mut out = String::new();
    if neg {
        out.push('-');
    }
    out.push_str(&secs.to_string());
    if frac > 0 {
        let f = format!("{frac:09}");
        out.push('.');
        out.push_str(f.trim_end_matches('0'));
    }
    out.push('s');
    out
}
