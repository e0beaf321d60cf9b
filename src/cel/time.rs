//! Timestamps and durations as cel-go has them: `+` and `-` with its overflow checks (int64
//! nanosecond durations, `timestamp overflow` outside years 1–9999, `integer overflow`
//! otherwise), and the timestamp accessors with an optional time zone: an IANA name (Go's
//! `time.LoadLocation`, from the database built in), or `[+-]hh:mm` read as cel-go reads it
//! (hours and minutes by `strconv.Atoi`, any size). Without a zone an accessor reads the
//! timestamp in the offset it was written with. Duration accessors give totals.

use crate::go::strconv::quote;
use chrono::{DateTime, Datelike, FixedOffset, NaiveDateTime, Timelike};
use kube_cel::cel::extractors::{Arguments, This};
use kube_cel::cel::{Context, ExecutionError, ResolveResult, Value};

/// Seconds from the Unix epoch of `0001-01-01T00:00:00Z` and `9999-12-31T23:59:59Z`.
const MIN_UNIX: i64 = -62_135_596_800;
const MAX_UNIX: i64 = 253_402_300_799;
const NANOS: i64 = 1_000_000_000;

fn text(msg: impl Into<String>) -> ExecutionError {
    ExecutionError::function_error("@text", msg.into())
}

fn int_overflow() -> ExecutionError {
    text("integer overflow")
}

/// Registers the operators the planner calls for `+` and `-` on times (`@add`, `@sub`) and
/// the accessors.
pub fn register(ctx: &mut Context<'_>) {
    ctx.add_function("@add", |a: Value, b: Value| add(a, b));
    ctx.add_function("@sub", |a: Value, b: Value| sub(a, b));
    for (name, field) in ACCESSORS {
        let field = *field;
        ctx.add_function(
            name,
            move |This(v): This<Value>, Arguments(args): Arguments| accessor(field, &v, &args),
        );
    }
}

/// A read of a `byte`, `duration`, `date` or `date-time` string: its conversion's error when it did not convert.
pub(super) fn strfmt(v: Value) -> ResolveResult {
    if let Value::Opaque(o) = &v {
        if let Some(bad) = o.downcast_ref::<super::value::Invalid>() {
            return Err(text(bad.0.clone()));
        }
    }
    Ok(v)
}

/// The recovered panic of a list library cost tracker given an error for a list.
pub(super) fn lister_error() -> ExecutionError {
    text(
        "internal error: interface conversion: *types.Err is not traits.Lister: missing method Add",
    )
}

fn nanos(d: &chrono::Duration) -> Result<i64, ExecutionError> {
    d.num_nanoseconds().ok_or_else(int_overflow)
}

fn duration(ns: i64) -> Value {
    Value::Duration(chrono::Duration::nanoseconds(ns))
}

/// cel-go's `addTimeDurationChecked`: seconds and nanoseconds added apart, the result within
/// years 1–9999, in the timestamp's offset.
fn add_time(t: &DateTime<FixedOffset>, d: i64) -> ResolveResult {
    let sec = t
        .timestamp()
        .checked_add(d / NANOS)
        .ok_or_else(int_overflow)?;
    let nsec = i64::from(t.timestamp_subsec_nanos()) + d % NANOS;
    let (sec, nsec) = match nsec {
        n if n < 0 => (sec.checked_sub(1).ok_or_else(int_overflow)?, n + NANOS),
        n if n >= NANOS => (sec.checked_add(1).ok_or_else(int_overflow)?, n - NANOS),
        n => (sec, n),
    };
    if !(MIN_UNIX..=MAX_UNIX).contains(&sec) {
        return Err(text("timestamp overflow"));
    }
    let utc =
        DateTime::from_timestamp(sec, nsec as u32).ok_or_else(|| text("timestamp overflow"))?;
    Ok(Value::Timestamp(utc.with_timezone(t.offset())))
}

fn add(a: Value, b: Value) -> ResolveResult {
    match (&a, &b) {
        (Value::Timestamp(t), Value::Duration(d)) | (Value::Duration(d), Value::Timestamp(t)) => {
            add_time(t, nanos(d)?)
        }
        (Value::Duration(x), Value::Duration(y)) => nanos(x)?
            .checked_add(nanos(y)?)
            .map(duration)
            .ok_or_else(int_overflow),
        _ => a + b,
    }
}

fn sub(a: Value, b: Value) -> ResolveResult {
    match (&a, &b) {
        (Value::Timestamp(t), Value::Duration(d)) => {
            add_time(t, nanos(d)?.checked_neg().ok_or_else(int_overflow)?)
        }
        (Value::Timestamp(x), Value::Timestamp(y)) => {
            // cel-go's `subtractTimeChecked`: seconds, scaled to nanoseconds, then nanoseconds.
            let sec = x
                .timestamp()
                .checked_sub(y.timestamp())
                .ok_or_else(int_overflow)?;
            let nsec =
                i64::from(x.timestamp_subsec_nanos()) - i64::from(y.timestamp_subsec_nanos());
            sec.checked_mul(NANOS)
                .and_then(|s| s.checked_add(nsec))
                .map(duration)
                .ok_or_else(int_overflow)
        }
        (Value::Duration(x), Value::Duration(y)) => nanos(x)?
            .checked_sub(nanos(y)?)
            .map(duration)
            .ok_or_else(int_overflow),
        _ => a - b,
    }
}

/// What an accessor reads.
#[derive(Clone, Copy)]
enum Field {
    FullYear,
    Month,
    DayOfYear,
    DayOfMonth,
    Date,
    DayOfWeek,
    Hours,
    Minutes,
    Seconds,
    Milliseconds,
}

const ACCESSORS: &[(&str, Field)] = &[
    ("getFullYear", Field::FullYear),
    ("getMonth", Field::Month),
    ("getDayOfYear", Field::DayOfYear),
    ("getDayOfMonth", Field::DayOfMonth),
    ("getDate", Field::Date),
    ("getDayOfWeek", Field::DayOfWeek),
    ("getHours", Field::Hours),
    ("getMinutes", Field::Minutes),
    ("getSeconds", Field::Seconds),
    ("getMilliseconds", Field::Milliseconds),
];

fn accessor(field: Field, v: &Value, args: &[Value]) -> ResolveResult {
    match (v, args) {
        (Value::Timestamp(t), []) => Ok(Value::Int(read(field, &t.naive_local()))),
        (Value::Timestamp(t), [Value::String(tz)]) => Ok(Value::Int(read(field, &in_zone(t, tz)?))),
        (Value::Duration(d), []) => {
            let ns = nanos(d)?;
            Ok(Value::Int(match field {
                Field::Hours => ns / 3_600_000_000_000,
                Field::Minutes => ns / 60_000_000_000,
                Field::Seconds => ns / NANOS,
                Field::Milliseconds => ns / 1_000_000,
                _ => return Err(ExecutionError::NoSuchOverload),
            }))
        }
        _ => Err(ExecutionError::NoSuchOverload),
    }
}

fn read(field: Field, t: &NaiveDateTime) -> i64 {
    i64::from(match field {
        Field::FullYear => t.year(),
        Field::Month => t.month0() as i32,
        Field::DayOfYear => t.ordinal0() as i32,
        Field::DayOfMonth => t.day0() as i32,
        Field::Date => t.day() as i32,
        Field::DayOfWeek => t.weekday().num_days_from_sunday() as i32,
        Field::Hours => t.hour() as i32,
        Field::Minutes => t.minute() as i32,
        Field::Seconds => t.second() as i32,
        Field::Milliseconds => (t.nanosecond() / 1_000_000) as i32,
    })
}

/// The wall clock of `t` in zone `tz` (cel-go's `timeZone`).
fn in_zone(t: &DateTime<FixedOffset>, tz: &str) -> Result<NaiveDateTime, ExecutionError> {
    let Some((hours, minutes)) = tz.split_once(':') else {
        return Ok(match tz {
            "" | "UTC" | "Local" => t.naive_utc(),
            _ => t.with_timezone(&load_location(tz)?).naive_local(),
        });
    };
    let hr = go_atoi(hours)?;
    let min = go_atoi(minutes)?;
    let offset = match tz.starts_with('-') {
        true => hr.wrapping_mul(60).wrapping_sub(min),
        false => hr.wrapping_mul(60).wrapping_add(min),
    };
    let shift = chrono::Duration::try_seconds(offset.wrapping_mul(60))
        .ok_or_else(|| text("timestamp overflow"))?;
    t.naive_utc()
        .checked_add_signed(shift)
        .ok_or_else(|| text("timestamp overflow"))
}

/// Go's `time.LoadLocation` for a name other than `""`, `UTC` and `Local`.
fn load_location(name: &str) -> Result<chrono_tz::Tz, ExecutionError> {
    if name.contains("..") || name.starts_with(['/', '\\']) {
        return Err(text("time: invalid location name"));
    }
    name.parse::<chrono_tz::Tz>()
        .map_err(|_| text(format!("unknown time zone {name}")))
}

/// Go's `strconv.Atoi`: an optional sign and decimal digits, within int64.
fn go_atoi(s: &str) -> Result<i64, ExecutionError> {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(text(format!(
            "strconv.Atoi: parsing {}: invalid syntax",
            quote(s)
        )));
    }
    s.parse::<i64>().map_err(|_| {
        text(format!(
            "strconv.Atoi: parsing {}: value out of range",
            quote(s)
        ))
    })
}
