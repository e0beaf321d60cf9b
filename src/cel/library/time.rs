//! Timestamps and durations as cel-go has them (`common/types/timestamp.go`, `duration.go`,
//! `overflow.go`): `+` and `-` with its overflow checks (int64 nanosecond durations,
//! `timestamp overflow` outside years 1–9999, `integer overflow` otherwise), and the
//! accessors: on a timestamp with an optional time zone, an IANA name (Go's
//! `time.LoadLocation`, from the database built in) or `[+-]hh:mm` read as cel-go reads it
//! (hours and minutes by `strconv.Atoi`, any size); without a zone a timestamp is read in the
//! offset it was written with. On a duration the accessors give totals, as Go's
//! `Duration.Hours()` and friends compute them (through float64, truncated).
//!
//! `+` and `-` themselves are [`super::std_ops`]'s; they call [`add`] and [`sub`] here.

use super::super::val::{Error, Res, Timestamp, Val};
use super::conv::{MAX_UNIX, MIN_UNIX};
use super::Bind::Overloads;
use super::{no_overload, Bindings};
use crate::go::strconv::quote;
use crate::go::time::zoneinfo;
use chrono::{DateTime, Datelike, NaiveDateTime, Timelike};

const NANOS: i64 = 1_000_000_000;

/// The accessors, each overload behind its type guard (cel-go binds the UTC form of each
/// timestamp accessor to its zone form with `UTC`, as [`in_zone`] does).
pub(super) const BINDINGS: Bindings = &[
    (
        Overloads(&["timestamp_to_year", "timestamp_to_year_with_tz"]),
        get_full_year,
    ),
    (
        Overloads(&["timestamp_to_month", "timestamp_to_month_with_tz"]),
        get_month,
    ),
    (
        Overloads(&[
            "timestamp_to_day_of_year",
            "timestamp_to_day_of_year_with_tz",
        ]),
        get_day_of_year,
    ),
    (
        Overloads(&[
            "timestamp_to_day_of_month",
            "timestamp_to_day_of_month_with_tz",
        ]),
        get_day_of_month,
    ),
    (
        Overloads(&[
            "timestamp_to_day_of_month_1_based",
            "timestamp_to_day_of_month_1_based_with_tz",
        ]),
        get_date,
    ),
    (
        Overloads(&[
            "timestamp_to_day_of_week",
            "timestamp_to_day_of_week_with_tz",
        ]),
        get_day_of_week,
    ),
    (
        Overloads(&[
            "timestamp_to_hours",
            "timestamp_to_hours_with_tz",
            "duration_to_hours",
        ]),
        get_hours,
    ),
    (
        Overloads(&[
            "timestamp_to_minutes",
            "timestamp_to_minutes_with_tz",
            "duration_to_minutes",
        ]),
        get_minutes,
    ),
    (
        Overloads(&[
            "timestamp_to_seconds",
            "timestamp_to_seconds_tz",
            "duration_to_seconds",
        ]),
        get_seconds,
    ),
    (
        Overloads(&[
            "timestamp_to_milliseconds",
            "timestamp_to_milliseconds_with_tz",
            "duration_to_milliseconds",
        ]),
        get_milliseconds,
    ),
];

fn int_overflow() -> Error {
    Error::text("integer overflow")
}

fn timestamp_overflow() -> Error {
    Error::text("timestamp overflow")
}

fn nanos(d: &chrono::Duration) -> Result<i64, Error> {
    d.num_nanoseconds().ok_or_else(int_overflow)
}

fn duration(ns: i64) -> Val {
    Val::Duration(chrono::Duration::nanoseconds(ns))
}

/// cel-go's `addTimeDurationChecked`: seconds and nanoseconds added apart, the result within
/// years 1–9999, in the timestamp's offset.
fn add_time(t: &Timestamp, d: i64) -> Res {
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
        return Err(timestamp_overflow());
    }
    let utc = DateTime::from_timestamp(sec, nsec as u32).ok_or_else(timestamp_overflow)?;
    Ok(Val::Timestamp(utc.with_timezone(t.offset())))
}

/// `_+_` on times: cel-go's `Timestamp.Add` and `Duration.Add` (`addDurationChecked`,
/// `addTimeDurationChecked`); `None` for operands that are not times.
pub(super) fn add(a: &Val, b: &Val) -> Option<Res> {
    Some(match (a, b) {
        (Val::Timestamp(t), Val::Duration(d)) | (Val::Duration(d), Val::Timestamp(t)) => {
            nanos(d).and_then(|d| add_time(t, d))
        }
        (Val::Duration(x), Val::Duration(y)) => (|| {
            nanos(x)?
                .checked_add(nanos(y)?)
                .map(duration)
                .ok_or_else(int_overflow)
        })(),
        _ => return None,
    })
}

/// `_-_` on times: cel-go's `Timestamp.Subtract` (`subtractTimeDurationChecked`,
/// `subtractTimeChecked`) and `Duration.Subtract`; `None` for operands that are not times.
pub(super) fn sub(a: &Val, b: &Val) -> Option<Res> {
    Some(match (a, b) {
        (Val::Timestamp(t), Val::Duration(d)) => {
            (|| add_time(t, nanos(d)?.checked_neg().ok_or_else(int_overflow)?))()
        }
        (Val::Timestamp(x), Val::Timestamp(y)) => (|| {
            // Seconds, scaled to nanoseconds, then nanoseconds.
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
        })(),
        (Val::Duration(x), Val::Duration(y)) => (|| {
            nanos(x)?
                .checked_sub(nanos(y)?)
                .map(duration)
                .ok_or_else(int_overflow)
        })(),
        _ => return None,
    })
}

/// `-d`: cel-go's `Duration.Negate` (`negateDurationChecked`).
pub(super) fn negate(d: &chrono::Duration) -> Res {
    nanos(d)?
        .checked_neg()
        .map(duration)
        .ok_or_else(int_overflow)
}

/// A timestamp accessor: the timestamp read in its own offset, or in the zone of the
/// argument (cel-go's `timestamp.Receive` and `timeZone`).
fn on_timestamp(args: &[Val], read: fn(&NaiveDateTime) -> i64) -> Option<Res> {
    Some(match args {
        [Val::Timestamp(t)] => Ok(Val::Int(read(&t.naive_local()))),
        [Val::Timestamp(t), Val::String(tz)] => in_zone(t, tz).map(|t| Val::Int(read(&t))),
        _ => return None,
    })
}

/// A duration accessor: cel-go's `durationZeroArgOverloads`.
fn on_duration(args: &[Val], read: fn(i64) -> i64) -> Option<Res> {
    match args {
        [Val::Duration(d)] => Some(nanos(d).map(|ns| Val::Int(read(ns)))),
        _ => None,
    }
}

/// `getFullYear`: cel-go's `timestampGetFullYear`.
fn get_full_year(args: &[Val]) -> Res {
    on_timestamp(args, |t| t.year().into()).unwrap_or_else(no_overload)
}

/// `getMonth`: cel-go's `timestampGetMonth` (0-based).
fn get_month(args: &[Val]) -> Res {
    on_timestamp(args, |t| t.month0().into()).unwrap_or_else(no_overload)
}

/// `getDayOfYear`: cel-go's `timestampGetDayOfYear` (0-based).
fn get_day_of_year(args: &[Val]) -> Res {
    on_timestamp(args, |t| t.ordinal0().into()).unwrap_or_else(no_overload)
}

/// `getDayOfMonth`: cel-go's `timestampGetDayOfMonthZeroBased`.
fn get_day_of_month(args: &[Val]) -> Res {
    on_timestamp(args, |t| t.day0().into()).unwrap_or_else(no_overload)
}

/// `getDate`: cel-go's `timestampGetDayOfMonthOneBased`.
fn get_date(args: &[Val]) -> Res {
    on_timestamp(args, |t| t.day().into()).unwrap_or_else(no_overload)
}

/// `getDayOfWeek`: cel-go's `timestampGetDayOfWeek` (Sunday is 0).
fn get_day_of_week(args: &[Val]) -> Res {
    on_timestamp(args, |t| t.weekday().num_days_from_sunday().into()).unwrap_or_else(no_overload)
}

/// `getHours`: cel-go's `timestampGetHours`, or `DurationGetHours` (`Duration.Hours()`).
fn get_hours(args: &[Val]) -> Res {
    on_timestamp(args, |t| t.hour().into())
        .or_else(|| on_duration(args, |ns| go_total(ns, 3_600 * NANOS)))
        .unwrap_or_else(no_overload)
}

/// `getMinutes`: cel-go's `timestampGetMinutes`, or `DurationGetMinutes`
/// (`Duration.Minutes()`).
fn get_minutes(args: &[Val]) -> Res {
    on_timestamp(args, |t| t.minute().into())
        .or_else(|| on_duration(args, |ns| go_total(ns, 60 * NANOS)))
        .unwrap_or_else(no_overload)
}

/// `getSeconds`: cel-go's `timestampGetSeconds`, or `DurationGetSeconds`
/// (`Duration.Seconds()`).
fn get_seconds(args: &[Val]) -> Res {
    on_timestamp(args, |t| t.second().into())
        .or_else(|| on_duration(args, |ns| go_total(ns, NANOS)))
        .unwrap_or_else(no_overload)
}

/// `getMilliseconds`: cel-go's `timestampGetMilliseconds`, or `DurationGetMilliseconds`
/// (`Duration.Milliseconds()`, an integer division).
fn get_milliseconds(args: &[Val]) -> Res {
    on_timestamp(args, |t| (t.nanosecond() / 1_000_000).into())
        .or_else(|| on_duration(args, |ns| ns / 1_000_000))
        .unwrap_or_else(no_overload)
}

/// Go's `Duration.Hours()`, `Minutes()`, `Seconds()` (whole units plus the rest as a
/// fraction, in float64) converted to an int as cel-go's `Int(float64)` does (truncated): the
/// float can round up to the next whole unit (`1000000000.999999999s` is `1000000001`
/// seconds).
fn go_total(ns: i64, unit: i64) -> i64 {
    let whole = ns / unit;
    let rest = ns % unit;
    (whole as f64 + rest as f64 / unit as f64) as i64
}

/// The wall clock of `t` in zone `tz` (cel-go's `timeZone`); its error's text as the
/// version's cel-go shows it ([`super::error_text`]).
fn in_zone(t: &Timestamp, tz: &str) -> Result<NaiveDateTime, Error> {
    in_zone_as_go(t, tz).map_err(|e| match e {
        Error::Text(t) => Error::text(super::error_text(t.to_string())),
        e => e,
    })
}

fn in_zone_as_go(t: &Timestamp, tz: &str) -> Result<NaiveDateTime, Error> {
    let Some((hours, minutes)) = tz.split_once(':') else {
        return match tz {
            "" | "UTC" | "Local" => Ok(t.naive_utc()),
            _ => {
                let location =
                    zoneinfo::load_location(tz).map_err(|e| Error::text(e.to_string()))?;
                let offset = location.offset(t.timestamp());
                t.naive_utc()
                    .checked_add_signed(chrono::Duration::seconds(offset.into()))
                    .ok_or_else(timestamp_overflow)
            }
        };
    };
    let hr = go_atoi(hours)?;
    let min = go_atoi(minutes)?;
    let offset = match tz.starts_with('-') {
        true => hr.wrapping_mul(60).wrapping_sub(min),
        false => hr.wrapping_mul(60).wrapping_add(min),
    };
    // Go: `int((time.Duration(offset) * time.Minute).Seconds())`, the nanoseconds wrapping.
    let seconds = go_total(offset.wrapping_mul(60 * NANOS), NANOS);
    let shift = chrono::Duration::try_seconds(seconds).ok_or_else(timestamp_overflow)?;
    t.naive_utc()
        .checked_add_signed(shift)
        .ok_or_else(timestamp_overflow)
}

/// Go's `strconv.Atoi`: an optional sign and decimal digits, within int64.
fn go_atoi(s: &str) -> Result<i64, Error> {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Error::text(format!(
            "strconv.Atoi: parsing {}: invalid syntax",
            quote(s)
        )));
    }
    s.parse::<i64>().map_err(|_| {
        Error::text(format!(
            "strconv.Atoi: parsing {}: value out of range",
            quote(s)
        ))
    })
}

#[cfg(test)]
#[path = "time/tests.rs"]
mod tests;
