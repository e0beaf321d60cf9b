//! The optional library's cases (cel-go `cel/cel_test.go` optional tests and the library's
//! examples), called by name.

use super::super::testing::call;
use crate::cel::val::{Error, List, Res, Val};
use std::collections::BTreeMap;

fn assert_res(got: Res, want: Res, what: &str) {
    assert_eq!(format!("{got:?}"), format!("{want:?}"), "{what}");
}

fn ts(s: &str) -> Val {
    Val::Timestamp(chrono::DateTime::parse_from_rfc3339(s).unwrap())
}

#[test]
fn optional_cases() {
    let i = Val::Int;
    let some = Val::some;
    let none = Val::none;
    let cases: Vec<(&str, Vec<Val>, Res)> = vec![
        ("optional.none", vec![], Ok(none())),
        ("optional.of", vec![i(1)], Ok(some(i(1)))),
        ("optional.of", vec![Val::Null], Ok(some(Val::Null))),
        ("optional.of", vec![none()], Ok(some(none()))),
        ("value", vec![some(i(1))], Ok(i(1))),
        (
            "value",
            vec![none()],
            Err(Error::text("optional.none() dereference")),
        ),
        ("value", vec![i(1)], Err(Error::NoSuchOverload)),
        (
            "hasValue",
            vec![some(Val::list(vec![]))],
            Ok(Val::Bool(true)),
        ),
        ("hasValue", vec![none()], Ok(Val::Bool(false))),
        (
            "optional.unwrap",
            vec![Val::list(vec![some(i(42)), none()])],
            Ok(Val::list(vec![i(42)])),
        ),
        (
            "unwrapOpt",
            vec![Val::list(vec![some(i(1)), none(), some(i(3))])],
            Ok(Val::list(vec![i(1), i(3)])),
        ),
        ("unwrapOpt", vec![Val::list(vec![])], Ok(Val::list(vec![]))),
        (
            "unwrapOpt",
            vec![Val::list(vec![none()])],
            Ok(Val::list(vec![])),
        ),
        (
            "unwrapOpt",
            vec![Val::list(vec![i(1)])],
            Err(Error::NoSuchOverload),
        ),
        (
            "optional.unwrap",
            vec![Val::list(vec![none(), Val::str("a")])],
            Err(Error::text("value a is not optional")),
        ),
        (
            "optional.unwrap",
            vec![Val::list(vec![
                some(i(1)),
                Val::list(vec![i(1), Val::Double(2.5)]),
            ])],
            Err(Error::text("value [1, 2.5] is not optional")),
        ),
    ];
    for (name, args, want) in cases {
        let what = format!("{name}{args:?}");
        assert_res(call(name, &args), want, &what);
    }
}

#[test]
fn of_non_zero_value_knows_cel_go_zero_values() {
    let mut entries = BTreeMap::new();
    entries.insert(crate::cel::val::Key::str("a"), Val::Int(1));
    let zeros = [
        Val::Null,
        Val::Bool(false),
        Val::Int(0),
        Val::Uint(0),
        Val::Double(0.0),
        Val::Double(-0.0),
        Val::str(""),
        Val::bytes(b""),
        Val::Duration(chrono::Duration::zero()),
        ts("0001-01-01T00:00:00Z"),
        ts("0001-01-01T01:00:00+01:00"),
        Val::list(vec![]),
        Val::Map(crate::cel::val::Map::new(BTreeMap::new())),
    ];
    for z in zeros {
        let what = format!("{z:?}");
        assert_res(
            call("optional.ofNonZeroValue", &[z]),
            Ok(Val::none()),
            &what,
        );
    }
    let values = [
        Val::Bool(true),
        Val::Int(-1),
        Val::Uint(1),
        Val::Double(f64::NAN),
        Val::str("hello"),
        Val::bytes(b"\0"),
        Val::Duration(chrono::Duration::nanoseconds(1)),
        ts("1970-01-01T00:00:00Z"),
        ts("0001-01-01T00:00:00.000000001Z"),
        Val::list(vec![Val::Null]),
        Val::Map(crate::cel::val::Map::new(entries)),
        Val::none(),
        Val::type_of("int"),
    ];
    for v in values {
        let what = format!("{v:?}");
        assert_res(
            call("optional.ofNonZeroValue", std::slice::from_ref(&v)),
            Ok(Val::some(v.clone())),
            &what,
        );
    }
}

/// The apiserver's value of an object's empty list has no `IsZeroValue`.
#[test]
fn an_objects_empty_list_is_a_value() {
    use crate::cel::decl::{Decl, Kind, ListType, Sizes};
    let int = Decl {
        kind: Kind::Int,
        nullable: false,
        type_name: "integer",
        size: Sizes::default(),
    };
    let decl = Decl {
        kind: Kind::List(std::sync::Arc::new(int), ListType::Atomic),
        nullable: false,
        type_name: "array",
        size: Sizes::default(),
    };
    let mut l = List::new(vec![]);
    l.origin = Some(std::sync::Arc::new(decl));
    let v = Val::List(l);
    match call("optional.ofNonZeroValue", std::slice::from_ref(&v)) {
        Ok(Val::Optional(Some(_))) => {}
        other => panic!("{other:?}"),
    }
}
