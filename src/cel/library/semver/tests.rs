//! The apiserver's `semver_test.go` cases (v0.36.0, library version 1) and today's library
//! tests, called through the library's table; the comparisons are [`super::compare`]'s (the
//! shared `compareTo` and its siblings are tested in the quantity library).

use super::super::ordering;
use super::super::testing::{assert_res, call, err, s};
use crate::cel::val::{Error, Ext, Res, Val};
use std::cmp::Ordering;

fn semver(v: &str) -> Val {
    call("semver", &[s(v)]).unwrap_or_else(|e| panic!("semver({v:?}): {e}"))
}

fn normalized(v: &str) -> Val {
    call("semver", &[s(v), Val::Bool(true)]).unwrap_or_else(|e| panic!("semver({v:?}, true): {e}"))
}

#[test]
fn is_semver() {
    // (input, normalize, is a semver)
    let table: &[(&str, bool, bool)] = &[
        ("1.2.3-beta.1+build.1", false, true),
        ("1.0.0", false, true),
        ("", false, false),
        ("v1.0.0", false, false),
        (" 1.0.0", false, false),
        ("1. 0.0", false, false),
        ("1.0.0 ", false, false),
        ("01.01.01", false, false),
        ("1", false, false),
        ("1.1", false, false),
        ("1.2", false, false),
        ("1234.56789012345.67890123456789", false, true),
        ("1.2.99999999999999999999", false, false),
        ("", true, false),
        (" 1.0.0", true, false),
        ("1. 0.0", true, false),
        ("1.0.0 ", true, false),
        ("v1.0.0", true, true),
        ("01.01.01", true, true),
        ("1", true, true),
        ("1.1", true, true),
        ("v1.2-alpha", true, false),
        ("1.2.3-alpha", true, true),
        ("1.2.3", true, true),
    ];
    for (v, normalize, want) in table {
        let args: Vec<Val> = match normalize {
            true => vec![s(v), Val::Bool(true)],
            false => vec![s(v)],
        };
        assert_res(
            &format!("isSemver({v:?}, {normalize})"),
            call("isSemver", &args),
            Ok(Val::Bool(*want)),
        );
        // `isSemver(s, false)` is `isSemver(s)`.
        if !normalize {
            assert_res(
                v,
                call("isSemver", &[s(v), Val::Bool(false)]),
                Ok(Val::Bool(*want)),
            );
        }
    }
}

#[test]
fn parse_errors_are_blangs() {
    let table: &[(&str, Res)] = &[
        ("v1.0", err("No Major.Minor.Patch elements found")),
        ("1.2", err("No Major.Minor.Patch elements found")),
        ("", err("Version string empty")),
        (
            "v1.2.3",
            err("Invalid character(s) found in major number \"v1\""),
        ),
        (
            "1.x.3",
            err("Invalid character(s) found in minor number \"x\""),
        ),
        (
            "1.2.x",
            err("Invalid character(s) found in patch number \"x\""),
        ),
        (
            "01.2.3",
            err("Major number must not contain leading zeroes \"01\""),
        ),
        (
            "1.02.3",
            err("Minor number must not contain leading zeroes \"02\""),
        ),
        (
            "1.2.03",
            err("Patch number must not contain leading zeroes \"03\""),
        ),
        ("1.2.3-", err("Prerelease is empty")),
        ("1.2.3-a..b", err("Prerelease is empty")),
        (
            "1.2.3-01",
            err("Numeric PreRelease version must not contain leading zeroes \"01\""),
        ),
        (
            "1.2.3-a_b",
            err("Invalid character(s) found in prerelease \"a_b\""),
        ),
        ("1.2.3+", err("Build meta data is empty")),
        (
            "1.2.3+a_b",
            err("Invalid character(s) found in build meta data \"a_b\""),
        ),
        (
            ".2.3",
            err("strconv.ParseUint: parsing \"\": invalid syntax"),
        ),
        (
            "99999999999999999999.2.3",
            err("strconv.ParseUint: parsing \"99999999999999999999\": value out of range"),
        ),
    ];
    for (v, want) in table {
        assert_res(
            &format!("semver({v:?})"),
            call("semver", &[s(v)]),
            want.clone(),
        );
    }
    assert_res(
        "semver('v1.2-alpha', true)",
        call("semver", &[s("v1.2-alpha"), Val::Bool(true)]),
        err("short version cannot contain PreRelease/Build meta data"),
    );
}

#[test]
fn values_and_fields() {
    let v = semver("1.2.3");
    assert_eq!(v.type_name(), "kubernetes.Semver");
    assert_res(
        "major",
        call("major", std::slice::from_ref(&v)),
        Ok(Val::Int(1)),
    );
    assert_res(
        "minor",
        call("minor", std::slice::from_ref(&v)),
        Ok(Val::Int(2)),
    );
    assert_res("patch", call("patch", &[v]), Ok(Val::Int(3)));
    let big = semver("1234.56789012345.67890123456789");
    assert_res("patch", call("patch", &[big]), Ok(Val::Int(67890123456789)));
    // Go's `types.Int(v.Major)` wraps a uint64 past int64.
    let huge = semver("18446744073709551615.0.0");
    assert_res("major", call("major", &[huge]), Ok(Val::Int(-1)));
    assert_res(
        "semver(s, false)",
        call("semver", &[s("1.2.3"), Val::Bool(false)]),
        Ok(semver("1.2.3")),
    );
}

#[test]
fn equality_ignores_build_metadata() {
    assert!(semver("1.2.3").equals(&semver("1.2.3")));
    assert!(!semver("1.2.3").equals(&semver("1.0.0")));
    assert!(semver("1.2.3+build").equals(&semver("1.2.3")));
    assert!(!semver("1.2.3-alpha").equals(&semver("1.2.3")));
    assert!(normalized("v01.01").equals(&semver("1.1.0")));
    assert!(normalized("v1.2").equals(&semver("1.2.0")));
    assert!(normalized("01.2.3").equals(&semver("1.2.3")));
    assert!(normalized("1").equals(&semver("1.0.0")));
    assert!(normalized("v1.0.0-0a").equals(&semver("1.0.0-0a")));
    assert!(!semver("1.2.3").equals(&Val::str("1.2.3")));
    // cel-go's `==` with another type is the left operand's `Equal`: no such overload.
    let v = semver("1.2.3+x");
    let v = v.as_ext::<super::Semver>().unwrap();
    assert_res(
        "==",
        v.equal(&semver("1.2.3")).map(Val::Bool),
        Ok(Val::Bool(true)),
    );
    assert_res(
        "==",
        v.equal(&semver("1.2.4")).map(Val::Bool),
        Ok(Val::Bool(false)),
    );
    assert_res(
        "==",
        v.equal(&Val::str("1.2.3")).map(Val::Bool),
        Err(Error::NoSuchOverload),
    );
}

#[test]
fn ordering_is_blangs() {
    let table: &[(&str, &str, Ordering)] = &[
        ("1.0.0", "1.2.3", Ordering::Less),
        ("1.0.0", "1.0.0", Ordering::Equal),
        ("1.2.3", "1.0.0", Ordering::Greater),
        ("1.2.3", "1.2.3", Ordering::Equal),
        ("1.2.3", "1.2.2", Ordering::Greater),
        ("1.2.3", "1.10.0", Ordering::Less),
        ("1.2.3-alpha", "1.2.3", Ordering::Less),
        ("1.2.3-alpha.1", "1.2.3-alpha.beta", Ordering::Less),
        ("1.2.3-alpha", "1.2.3-alpha.1", Ordering::Less),
        ("1.2.3-alpha.2", "1.2.3-alpha.10", Ordering::Less),
        ("1.2.3-beta", "1.2.3-alpha", Ordering::Greater),
        ("1.2.3-B", "1.2.3-a", Ordering::Less),
        ("1.2.3+a", "1.2.3+b", Ordering::Equal),
    ];
    for (a, b, want) in table {
        assert_eq!(
            ordering::<super::Semver>(&[semver(a), semver(b)]),
            Ok(*want),
            "{a} vs {b}"
        );
    }
    let no = Err(Error::NoSuchOverload);
    assert_eq!(
        ordering::<super::Semver>(&[semver("1.0.0"), Val::str("1.0.0")]),
        no
    );
    assert_eq!(
        ordering::<super::Semver>(&[Val::str("1.0.0"), semver("1.0.0")]),
        no
    );
}

#[test]
fn wrong_types_are_no_overload() {
    let none = Err(Error::NoSuchOverload);
    for f in ["semver", "isSemver"] {
        assert_res(f, call(f, &[Val::Int(1)]), none.clone());
        assert_res(f, call(f, &[]), none.clone());
        assert_res(f, call(f, &[s("1.0.0"), s("true")]), none.clone());
        assert_res(
            f,
            call(f, &[s("1.0.0"), Val::Bool(true), Val::Bool(true)]),
            none.clone(),
        );
    }
    for f in ["major", "minor", "patch"] {
        assert_res(f, call(f, &[s("1.2.3")]), none.clone());
        assert_res(f, call(f, &[semver("1.2.3"), Val::Int(1)]), none.clone());
    }
}
