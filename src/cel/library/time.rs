//! Timestamps and durations as cel-go has them (`common/types/timestamp.go`, `duration.go`):
//! `+` and `-` with its overflow checks (int64 nanosecond durations, `timestamp overflow`
//! outside years 1–9999, `integer overflow` otherwise), and the accessors with an optional
//! time zone: an IANA name (Go's `time.LoadLocation`, from the database built in), or
//! `[+-]hh:mm` read as cel-go's `timeZone` reads it (hours and minutes by `strconv.Atoi`, any
//! size). Without a zone a timestamp accessor reads the time in UTC... as written: in the
//! offset it was read with. Duration accessors give totals.

use super::super::val::{Error, Res, Timestamp, Val};
use super::{no_overload, Func};
use crate::go::strconv::quote;
use chrono::{DateTime, Datelike, NaiveDateTime, Timelike};

pub(super) const FUNCS: &[(&str, Func)] = &[
    ("getFullYear", |a| accessor(Field::FullYear, a)),
    ("getMonth", |a| accessor(Field::Month, a)),
    ("getDayOfYear", |a| accessor(Field::DayOfYear, a)),
    ("getDayOfMonth", |a| accessor(Field::DayOfMonth, a)),
    ("getDate", |a| accessor(Field::Date, a)),
    ("getDayOfWeek", |a| accessor(Field::DayOfWeek, a)),
    ("getHours", |a| accessor(Field::Hours, a)),
    ("getMinutes", |a| accessor(Field::Minutes, a)),
    ("getSeconds", |a| accessor(Field::Seconds, a)),
    ("getMilliseconds", |a| accessor(Field::Milliseconds, a)),
];

/// Seconds from the Unix epoch of `0001-01-01T00:00:00Z` and `9999-12-31T23:59:59Z`.
pub(super) const MIN_UNIX: i64 = -62_135_596_800;
pub(super) const MAX_UNIX: i64 = 253_402_300_799;
const NANOS: i64 = 1_000_000_000;

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

/// `+` on times (`add_timestamp_duration`, `add_duration_timestamp`,
/// `add_duration_duration`); `None` when neither operand is a time.
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
        (Val::Timestamp(_) | Val::Duration(_), _) | (_, Val::Timestamp(_) | Val::Duration(_)) => {
            no_overload()
        }
        _ => return None,
    })
}

/// `-` on times (`subtract_timestamp_duration`, `subtract_timestamp_timestamp`,
/// `subtract_duration_duration`); `None` when neither operand is a time.
pub(super) fn sub(a: &Val, b: &Val) -> Option<Res> {
    Some(match (a, b) {
        (Val::Timestamp(t), Val::Duration(d)) => (|| {
            let d = nanos(d)?.checked_neg().ok_or_else(int_overflow)?;
            add_time(t, d)
        })(),
        // cel-go's `subtractTimeChecked`: seconds, scaled to nanoseconds, then nanoseconds.
        (Val::Timestamp(x), Val::Timestamp(y)) => (|| {
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
        (Val::Timestamp(_) | Val::Duration(_), _) | (_, Val::Timestamp(_) | Val::Duration(_)) => {
            no_overload()
        }
        _ => return None,
    })
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

/// A timestamp accessor (`timestamp_to_year`, `timestamp_to_year_with_tz`, …) or a duration's
/// (`duration_to_hours`, …).
fn accessor(field: Field, args: &[Val]) -> Res {
    match args {
        [Val::Timestamp(t)] => Ok(Val::Int(read(field, &t.naive_local()))),
        [Val::Timestamp(t), Val::String(tz)] => Ok(Val::Int(read(field, &in_zone(t, tz)?))),
        [Val::Duration(d)] => {
            let ns = nanos(d)?;
            Ok(Val::Int(match field {
                Field::Hours => ns / 3_600_000_000_000,
                Field::Minutes => ns / 60_000_000_000,
                Field::Seconds => ns / NANOS,
                Field::Milliseconds => ns / 1_000_000,
                _ => return no_overload(),
            }))
        }
        _ => no_overload(),
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
fn in_zone(t: &Timestamp, tz: &str) -> Result<NaiveDateTime, Error> {
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
    let shift =
        chrono::Duration::try_seconds(offset.wrapping_mul(60)).ok_or_else(timestamp_overflow)?;
    t.naive_utc()
        .checked_add_signed(shift)
        .ok_or_else(timestamp_overflow)
}

/// Go's `time.LoadLocation` for a name other than `""`, `UTC` and `Local`.
fn load_location(name: &str) -> Result<chrono_tz::Tz, Error> {
    if name.contains("..") || name.starts_with(['/', '\\']) {
        return Err(Error::text("time: invalid location name"));
    }
    name.parse::<chrono_tz::Tz>()
        .map_err(|_| Error::text(format!("unknown time zone {name}")))
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
mod tests {
    use super::super::lookup;
    use super::*;

    fn ts(s: &str) -> Val {
        let p = crate::go::time::parse_rfc3339(s).expect("RFC 3339");
        Val::Timestamp(p.date_time().expect("in range"))
    }

    fn call(name: &str, args: &[Val]) -> Res {
        lookup(name).expect(name)(args)
    }

    /// cel-go's `TestTimestampGetters`-style answers, with zones.
    #[test]
    fn accessors_read_in_the_zone_asked() {
        let t = ts("2009-02-13T23:31:30Z");
        assert_eq!(
            call("getFullYear", std::slice::from_ref(&t)),
            Ok(Val::Int(2009))
        );
        assert_eq!(call("getMonth", std::slice::from_ref(&t)), Ok(Val::Int(1)));
        assert_eq!(call("getDate", std::slice::from_ref(&t)), Ok(Val::Int(13)));
        assert_eq!(
            call("getDayOfMonth", std::slice::from_ref(&t)),
            Ok(Val::Int(12))
        );
        assert_eq!(
            call("getDayOfWeek", std::slice::from_ref(&t)),
            Ok(Val::Int(5))
        );
        assert_eq!(
            call("getDayOfYear", std::slice::from_ref(&t)),
            Ok(Val::Int(43))
        );
        assert_eq!(
            call("getHours", &[t.clone(), Val::str("Australia/Sydney")]),
            Ok(Val::Int(10))
        );
        assert_eq!(
            call("getHours", &[t.clone(), Val::str("-02:30")]),
            Ok(Val::Int(21))
        );
        assert_eq!(
            call("getHours", &[t.clone(), Val::str("Invalid/Zone")]),
            Err(Error::text("unknown time zone Invalid/Zone"))
        );
        assert_eq!(
            call("getHours", &[t, Val::str("x:00")]),
            Err(Error::text("strconv.Atoi: parsing \"x\": invalid syntax"))
        );
        let d = Val::Duration(chrono::Duration::seconds(5400));
        assert_eq!(call("getHours", std::slice::from_ref(&d)), Ok(Val::Int(1)));
        assert_eq!(call("getMinutes", &[d]), Ok(Val::Int(90)));
    }

    #[test]
    fn arithmetic_checks_ranges_as_cel_go() {
        let max = ts("9999-12-31T23:59:59Z");
        let one = Val::Duration(chrono::Duration::seconds(1));
        assert_eq!(add(&max, &one), Some(Err(timestamp_overflow())));
        let big = Val::Duration(chrono::Duration::nanoseconds(i64::MAX));
        assert_eq!(add(&big, &one), Some(Err(int_overflow())));
        assert_eq!(
            sub(&ts("2000-01-01T00:00:01Z"), &ts("2000-01-01T00:00:00Z")),
            Some(Ok(one))
        );
        assert_eq!(add(&Val::Int(1), &Val::Int(2)), None);
        assert_eq!(add(&max, &Val::Int(2)), Some(Err(Error::NoSuchOverload)));
    }
}
