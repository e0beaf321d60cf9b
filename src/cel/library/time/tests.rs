//! cel-go's answers for time arithmetic and accessors (`common/types/timestamp_test.go`,
//! `duration_test.go`, and today's pipeline tests in `src/cel/tests/library.rs`).

use super::super::super::val::{Error, Val};
use super::super::call_by_name;

fn call(name: &str, args: &[Val]) -> Result<Val, Error> {
    call_by_name(name, args)
}

fn ts(s: &str) -> Val {
    call("timestamp", &[Val::str(s)]).unwrap()
}

fn dur(s: &str) -> Val {
    call("duration", &[Val::str(s)]).unwrap()
}

fn text(s: &str) -> Error {
    Error::text(s)
}

fn int(r: Result<Val, Error>) -> Result<i64, Error> {
    r.map(|v| match v {
        Val::Int(i) => i,
        other => panic!("{other:?}"),
    })
}

fn same(a: &Result<Val, Error>, b: &Val) -> bool {
    matches!(a, Ok(a) if a.equals(b))
}

#[test]
fn arithmetic() {
    let add = |a: Val, b: Val| call("_+_", &[a, b]);
    let sub = |a: Val, b: Val| call("_-_", &[a, b]);
    assert!(same(
        &add(ts("1970-01-01T00:58:26Z"), dur("3599.999s")),
        &ts("1970-01-01T01:58:25.999Z")
    ));
    assert!(same(
        &add(dur("3600.000000001s"), ts("1970-01-01T00:58:26Z")),
        &ts("1970-01-01T01:58:26.000000001Z")
    ));
    assert!(same(
        &add(ts("1970-01-01T00:00:01.000000001Z"), dur("-0.999999999s")),
        &ts("1970-01-01T00:00:00.000000002Z")
    ));
    // The sum keeps the timestamp's offset.
    let r = add(ts("2024-01-01T10:00:00+02:00"), dur("1h")).unwrap();
    let Val::Timestamp(t) = r else { panic!() };
    assert_eq!(t.offset().local_minus_utc(), 7200);
    let cases: Vec<(Result<Val, Error>, Error)> = vec![
        (
            add(ts("9999-12-31T23:59:59Z"), dur("1s")),
            text("timestamp overflow"),
        ),
        (
            sub(ts("0001-01-01T00:00:00Z"), dur("1ns")),
            text("timestamp overflow"),
        ),
        (
            sub(ts("9999-12-31T23:59:59Z"), ts("0001-01-01T00:00:00Z")),
            text("integer overflow"),
        ),
        (
            add(dur("2562047h47m16.854775807s"), dur("1ns")),
            text("integer overflow"),
        ),
        (
            add(dur("-2562047h47m16.854775808s"), dur("-1s")),
            text("integer overflow"),
        ),
        (
            sub(dur("2562047h47m16.854775807s"), dur("-1ns")),
            text("integer overflow"),
        ),
        (
            sub(dur("-2562047h47m16.854775808s"), dur("1ns")),
            text("integer overflow"),
        ),
        (
            sub(ts("2024-01-01T00:00:00Z"), dur("-2562047h47m16.854775808s")),
            text("integer overflow"),
        ),
        (
            call("-_", &[dur("-2562047h47m16.854775808s")]),
            text("integer overflow"),
        ),
        (
            sub(dur("1s"), ts("2024-01-01T00:00:00Z")),
            Error::NoSuchOverload,
        ),
        (
            add(ts("2024-01-01T00:00:00Z"), ts("2024-01-01T00:00:00Z")),
            Error::NoSuchOverload,
        ),
    ];
    for (i, (got, want)) in cases.into_iter().enumerate() {
        assert_eq!(got.unwrap_err(), want, "case {i}");
    }
    assert!(same(
        &sub(ts("2024-01-01T00:00:01Z"), ts("2024-01-01T00:00:00.5Z")),
        &dur("0.5s")
    ));
    assert!(same(&sub(dur("1s"), dur("1.5s")), &dur("-0.5s")));
    assert!(same(&call("-_", &[dur("1s")]), &dur("-1s")));
}

#[test]
fn timestamp_accessors() {
    let t = ts("1970-01-01T02:05:06.001Z");
    let table: &[(&str, Option<&str>, Result<i64, Error>)] = &[
        ("getFullYear", None, Ok(1970)),
        ("getMonth", None, Ok(0)),
        ("getDayOfYear", None, Ok(0)),
        ("getDayOfMonth", None, Ok(0)),
        ("getDate", None, Ok(1)),
        ("getDayOfWeek", None, Ok(4)),
        ("getHours", None, Ok(2)),
        ("getMinutes", None, Ok(5)),
        ("getSeconds", None, Ok(6)),
        ("getMilliseconds", None, Ok(1)),
        ("getFullYear", Some("-07:30"), Ok(1969)),
        ("getDayOfYear", Some("-07:30"), Ok(364)),
        ("getMonth", Some("-07:30"), Ok(11)),
        ("getDayOfMonth", Some("-07:30"), Ok(30)),
        ("getDate", Some("-07:30"), Ok(31)),
        ("getDayOfWeek", Some("-07:30"), Ok(3)),
        ("getHours", Some("-07:30"), Ok(18)),
        ("getMinutes", Some("-07:30"), Ok(35)),
        ("getSeconds", Some("-07:30"), Ok(6)),
        ("getMilliseconds", Some("-07:30"), Ok(1)),
        ("getDayOfYear", Some("23:15"), Ok(1)),
        ("getDate", Some("23:15"), Ok(2)),
        ("getDayOfWeek", Some("23:15"), Ok(5)),
        ("getHours", Some("23:15"), Ok(1)),
        ("getMinutes", Some("23:15"), Ok(20)),
        ("getHours", Some("utc"), Err(text("unknown time zone utc"))),
        (
            "getHours",
            Some("Invalid/Zone"),
            Err(text("unknown time zone Invalid/Zone")),
        ),
        (
            "getHours",
            Some("../etc"),
            Err(text("time: invalid location name")),
        ),
        (
            "getHours",
            Some("x:00"),
            Err(text("strconv.Atoi: parsing \"x\": invalid syntax")),
        ),
        (
            "getHours",
            Some("01:"),
            Err(text("strconv.Atoi: parsing \"\": invalid syntax")),
        ),
        (
            "getHours",
            Some("99999999999999999999:00"),
            Err(text(
                "strconv.Atoi: parsing \"99999999999999999999\": value out of range",
            )),
        ),
    ];
    for (name, tz, want) in table {
        let mut args = vec![t.clone()];
        args.extend(tz.map(Val::str));
        assert_eq!(&int(call(name, &args)), want, "{name}({tz:?})");
    }
    let t = ts("2024-03-03T23:30:00-05:00");
    assert_eq!(int(call("getDayOfMonth", std::slice::from_ref(&t))), Ok(2));
    assert_eq!(
        int(call("getDayOfMonth", &[t.clone(), Val::str("")])),
        Ok(3)
    );
    assert_eq!(
        int(call("getDayOfMonth", &[t.clone(), Val::str("UTC")])),
        Ok(3)
    );
    assert_eq!(int(call("getDate", &[t.clone(), Val::str("25:00")])), Ok(5));
    // Past 153722867 minutes Go's offset wraps as int64 nanoseconds (`time.Duration`).
    let epoch = ts("1970-01-01T00:00:00Z");
    for (name, want) in [
        ("getFullYear", 1677),
        ("getMonth", 8),
        ("getDate", 21),
        ("getMinutes", 25),
        ("getSeconds", 27),
    ] {
        assert_eq!(
            int(call(name, &[epoch.clone(), Val::str("2562048:00")])),
            Ok(want),
            "{name}"
        );
    }
    let summer = ts("2024-06-15T12:00:00Z");
    let winter = ts("2024-01-15T12:00:00Z");
    assert_eq!(
        int(call(
            "getHours",
            &[summer.clone(), Val::str("America/New_York")]
        )),
        Ok(8)
    );
    assert_eq!(
        int(call("getHours", &[winter, Val::str("America/New_York")])),
        Ok(7)
    );
    assert_eq!(
        int(call(
            "getMinutes",
            &[summer.clone(), Val::str("Asia/Kolkata")]
        )),
        Ok(30)
    );
    // Past the data's last transition, the zone's POSIX rule (Go's tzset): daylight saving
    // time in an American summer of 2100, an Australian one in January of 2090.
    assert_eq!(
        int(call(
            "getHours",
            &[ts("2100-07-01T12:00:00Z"), Val::str("America/Los_Angeles")]
        )),
        Ok(5)
    );
    assert_eq!(
        int(call(
            "getHours",
            &[ts("2100-12-01T12:00:00Z"), Val::str("America/Los_Angeles")]
        )),
        Ok(4)
    );
    assert_eq!(
        int(call(
            "getHours",
            &[ts("2090-01-15T00:00:00Z"), Val::str("Australia/Sydney")]
        )),
        Ok(11)
    );
    // A name as Go finds a file: with its case, and never outside the database's folder.
    for (zone, want) in [
        ("america/new_york", "unknown time zone america/new_york"),
        ("../../etc/passwd", "time: invalid location name"),
    ] {
        assert_eq!(
            call("getHours", &[summer.clone(), Val::str(zone)]).unwrap_err(),
            Error::text(want),
            "{zone}"
        );
    }
    assert_eq!(
        call("getHours", &[summer.clone(), Val::Int(1)]).unwrap_err(),
        Error::NoSuchOverload
    );
    assert_eq!(
        call("getFullYear", &[dur("1h")]).unwrap_err(),
        Error::NoSuchOverload
    );
    assert_eq!(
        call("getHours", &[Val::Int(1)]).unwrap_err(),
        Error::NoSuchOverload
    );
}

#[test]
fn duration_accessors() {
    let table: &[(&str, &str, i64)] = &[
        ("getHours", "25h", 25),
        ("getHours", "-90m", -1),
        ("getMinutes", "1h30m59s", 90),
        ("getSeconds", "-1.5s", -1),
        ("getMilliseconds", "1.5s", 1500),
        ("getMilliseconds", "-1.9999ms", -1),
        // Go's `Duration.Seconds()` is a float64: the fraction rounds up to the next second.
        ("getSeconds", "1000000000.999999999s", 1_000_000_001),
        ("getSeconds", "2562047h47m16.854775807s", 9_223_372_036),
    ];
    for (name, d, want) in table {
        assert_eq!(int(call(name, &[dur(d)])), Ok(*want), "{d}.{name}()");
    }
    assert_eq!(
        call("getHours", &[dur("1h"), Val::str("UTC")]).unwrap_err(),
        Error::NoSuchOverload
    );
}
