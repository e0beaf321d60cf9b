//! cel-go's answers for the conversions (`common/types/*_test.go`, the conformance tests'
//! `conversions.textproto`, and today's pipeline tests).

use super::super::super::val::{Error, Val};
use super::super::call_by_name;

fn call(name: &str, args: &[Val]) -> Result<Val, Error> {
    call_by_name(name, args)
}

fn text(s: &str) -> Error {
    Error::text(s)
}

fn ok_string(r: Result<Val, Error>) -> String {
    match r {
        Ok(Val::String(s)) => s.to_string(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn int_conversions() {
    let cases: &[(Val, Result<i64, Error>)] = &[
        (Val::Int(-5), Ok(-5)),
        (Val::Uint(u64::MAX), Err(text("integer overflow"))),
        (Val::Uint(i64::MAX as u64), Ok(i64::MAX)),
        (Val::Double(-1.9), Ok(-1)),
        (Val::Double(2.9), Ok(2)),
        (
            Val::Double(9.223372036854776e18),
            Err(text("integer overflow")),
        ),
        (
            Val::Double(-9.223372036854776e18),
            Err(text("integer overflow")),
        ),
        (Val::Double(f64::NAN), Err(text("integer overflow"))),
        (Val::Double(f64::INFINITY), Err(text("integer overflow"))),
        (Val::str("-42"), Ok(-42)),
        (Val::str("+42"), Ok(42)),
        (Val::str("1.0"), Err(Error::conversion("string", "int"))),
        (Val::str(" 1"), Err(Error::conversion("string", "int"))),
        (
            Val::str("9223372036854775808"),
            Err(Error::conversion("string", "int")),
        ),
        (Val::str(""), Err(Error::conversion("string", "int"))),
        (
            Val::Duration(chrono::Duration::seconds(1)),
            Ok(1_000_000_000),
        ),
        (Val::Bool(true), Err(Error::NoSuchOverload)),
    ];
    for (v, want) in cases {
        let got = call("int", std::slice::from_ref(v)).map(|v| match v {
            Val::Int(i) => i,
            other => panic!("{other:?}"),
        });
        assert_eq!(&got, want, "int({v:?})");
    }
    let t = call("timestamp", &[Val::str("1970-01-01T00:00:01Z")]).unwrap();
    assert!(matches!(call("int", &[t]), Ok(Val::Int(1))));
}

#[test]
fn uint_conversions() {
    let cases: &[(Val, Result<u64, Error>)] = &[
        (Val::Int(-1), Err(text("unsigned integer overflow"))),
        (Val::Int(7), Ok(7)),
        (Val::Double(-0.5), Err(text("unsigned integer overflow"))),
        (
            Val::Double(1.8446744073709552e19),
            Err(text("unsigned integer overflow")),
        ),
        (
            Val::Double(f64::NAN),
            Err(text("unsigned integer overflow")),
        ),
        (Val::Double(3.7), Ok(3)),
        (Val::str("18446744073709551615"), Ok(u64::MAX)),
        (
            Val::str("18446744073709551616"),
            Err(Error::conversion("string", "uint")),
        ),
        // Go's `strconv.ParseUint` takes no sign.
        (Val::str("+1"), Err(Error::conversion("string", "uint"))),
        (Val::str("-1"), Err(Error::conversion("string", "uint"))),
        (Val::Bool(false), Err(Error::NoSuchOverload)),
    ];
    for (v, want) in cases {
        let got = call("uint", std::slice::from_ref(v)).map(|v| match v {
            Val::Uint(u) => u,
            other => panic!("{other:?}"),
        });
        assert_eq!(&got, want, "uint({v:?})");
    }
}

#[test]
fn double_conversions() {
    let cases: &[(Val, Result<f64, Error>)] = &[
        (Val::Int(-3), Ok(-3.0)),
        (Val::Uint(u64::MAX), Ok(1.8446744073709552e19)),
        (Val::str("1.5e3"), Ok(1500.0)),
        (Val::str("-Inf"), Ok(f64::NEG_INFINITY)),
        (Val::str("+infinity"), Ok(f64::INFINITY)),
        (
            Val::str("1e400"),
            Err(Error::conversion("string", "double")),
        ),
        (Val::str("1_0"), Err(Error::conversion("string", "double"))),
        (Val::str("abc"), Err(Error::conversion("string", "double"))),
        // Go's `special` takes a sign before `inf`, not before `nan`.
        (Val::str("-nan"), Err(Error::conversion("string", "double"))),
        (Val::str("+NaN"), Err(Error::conversion("string", "double"))),
        (Val::str("-INF"), Ok(f64::NEG_INFINITY)),
        (Val::str(".5"), Ok(0.5)),
        (Val::str("5."), Ok(5.0)),
        (Val::str("1e"), Err(Error::conversion("string", "double"))),
        (Val::str("0x10"), Err(Error::conversion("string", "double"))),
        (Val::Bool(true), Err(Error::NoSuchOverload)),
    ];
    for (v, want) in cases {
        let got = call("double", std::slice::from_ref(v)).map(|v| match v {
            Val::Double(d) => d,
            other => panic!("{other:?}"),
        });
        assert_eq!(&got, want, "double({v:?})");
    }
    assert!(matches!(call("double", &[Val::str("NaN")]), Ok(Val::Double(d)) if d.is_nan()));
    assert!(matches!(call("double", &[Val::str("nAn")]), Ok(Val::Double(d)) if d.is_nan()));
}

#[test]
fn bool_bytes_duration_conversions() {
    for (s, want) in [
        ("t", Some(true)),
        ("FALSE", Some(false)),
        ("1", Some(true)),
        ("yes", None),
        ("tRUE", None),
    ] {
        let got = call("bool", &[Val::str(s)]);
        match want {
            Some(b) => assert!(matches!(got, Ok(Val::Bool(x)) if x == b), "bool({s})"),
            None => assert_eq!(got.unwrap_err(), Error::conversion("string", "bool")),
        }
    }
    assert!(
        matches!(call("bytes", &[Val::str("é")]), Ok(Val::Bytes(b)) if &b[..] == "é".as_bytes())
    );
    assert_eq!(
        call("bytes", &[Val::Int(1)]).unwrap_err(),
        Error::NoSuchOverload
    );
    let d = call("duration", &[Val::str("1h30m")]).unwrap();
    assert!(matches!(d, Val::Duration(d) if d == chrono::Duration::seconds(5400)));
    assert_eq!(
        call("duration", &[Val::str("1d")]).unwrap_err(),
        Error::conversion("string", "google.protobuf.Duration")
    );
    // `duration(int)` (`int64_to_duration`) is declared, and `Int.ConvertToType(DurationType)`
    // has no case for it (cel-go v0.22 to v0.26, `common/types/int.go`).
    for i in [0, 1, -5, i64::MAX] {
        assert_eq!(
            call("duration", &[Val::Int(i)]).unwrap_err(),
            Error::conversion("int", "google.protobuf.Duration"),
            "duration({i})"
        );
    }
    assert_eq!(
        call("duration", &[Val::Uint(1)]).unwrap_err(),
        Error::NoSuchOverload
    );
    assert_eq!(
        call("duration", &[Val::Double(1.0)]).unwrap_err(),
        Error::NoSuchOverload
    );
}

#[test]
fn timestamp_conversions() {
    let t = call("timestamp", &[Val::str("2024-03-03T23:30:00.25-05:00")]).unwrap();
    assert_eq!(
        ok_string(call("string", &[t])),
        "2024-03-03T23:30:00.25-05:00"
    );
    let t = call("timestamp", &[Val::Int(0)]).unwrap();
    assert_eq!(ok_string(call("string", &[t])), "1970-01-01T00:00:00Z");
    let cases: &[(Val, Error)] = &[
        (
            Val::str("2024-01-01"),
            Error::conversion("string", "google.protobuf.Timestamp"),
        ),
        (Val::str("0000-01-01T00:00:00Z"), text("timestamp overflow")),
        (Val::Int(253_402_300_800), text("timestamp overflow")),
        (Val::Int(-62_135_596_801), text("timestamp overflow")),
        (Val::Double(0.0), Error::NoSuchOverload),
    ];
    for (v, want) in cases {
        assert_eq!(
            &call("timestamp", std::slice::from_ref(v)).unwrap_err(),
            want,
            "{v:?}"
        );
    }
    assert!(call("timestamp", &[Val::Int(253_402_300_799)]).is_ok());
    assert!(timestamp_literal_ok(&Val::Int(0)));
    assert!(!timestamp_literal_ok(&Val::str("x")));
}

use super::timestamp_literal_ok;

#[test]
fn string_conversions() {
    let cases: &[(Val, &str)] = &[
        (Val::Int(-123), "-123"),
        (Val::Uint(123), "123"),
        (Val::Double(-1.23e4), "-12300"),
        (Val::Double(1.5e-7), "1.5e-07"),
        (Val::Double(f64::NAN), "NaN"),
        (Val::Double(f64::NEG_INFINITY), "-Inf"),
        (Val::Double(1e21), "1e+21"),
        (Val::Bool(true), "true"),
        (Val::bytes(b"hello"), "hello"),
        (Val::Duration(chrono::Duration::seconds(5400)), "5400s"),
        (
            Val::Duration(chrono::Duration::milliseconds(-1500)),
            "-1.5s",
        ),
        (
            Val::Duration(chrono::Duration::nanoseconds(17_236_799_999_999_999)),
            "17236800s",
        ),
    ];
    for (v, want) in cases {
        assert_eq!(
            ok_string(call("string", std::slice::from_ref(v))),
            *want,
            "{v:?}"
        );
    }
    assert_eq!(
        call("string", &[Val::bytes(&[0xff])]).unwrap_err(),
        text("invalid UTF-8 in bytes, cannot convert to string")
    );
    assert_eq!(
        call("string", &[Val::list(vec![])]).unwrap_err(),
        Error::NoSuchOverload
    );
    assert_eq!(
        call("string", &[Val::Null]).unwrap_err(),
        Error::NoSuchOverload
    );
}
