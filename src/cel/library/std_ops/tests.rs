//! cel-go's answers for the standard operators (`common/types/int_test.go`, `uint_test.go`,
//! `double_test.go`, `list_test.go`, `map_test.go`, the conformance tests' `integer_math`,
//! `fp_math`, `comparisons`, `lists` and `dynamic` files).

use super::super::super::val::{Error, Key, Map, Val};
use super::super::call_by_name;
use std::collections::BTreeMap;

fn call(name: &str, args: &[Val]) -> Result<Val, Error> {
    call_by_name(name, args)
}

fn text(s: &str) -> Error {
    Error::text(s)
}

fn ok(r: Result<Val, Error>) -> Val {
    r.unwrap_or_else(|e| panic!("{e}"))
}

/// `want` as the value `got` should equal (cel-go's `Equal`, and the same type).
fn check(name: &str, args: &[Val], want: Result<Val, Error>) {
    let got = call(name, args);
    match (&got, &want) {
        (Ok(g), Ok(w)) => assert!(
            g.type_name() == w.type_name()
                && (g.equals(w)
                    || matches!((g, w), (Val::Double(a), Val::Double(b)) if a.is_nan() && b.is_nan())),
            "{name}{args:?}: {g:?}, want {w:?}"
        ),
        _ => assert_eq!(
            got.as_ref().err(),
            want.as_ref().err(),
            "{name}{args:?}: {got:?}"
        ),
    }
}

#[test]
fn integer_math() {
    use Val::{Double as D, Int as I, Uint as U};
    let overflow = || Err(text("integer overflow"));
    let uoverflow = || Err(text("unsigned integer overflow"));
    let table: Vec<(&str, Vec<Val>, Result<Val, Error>)> = vec![
        ("_+_", vec![I(1), I(2)], Ok(I(3))),
        ("_+_", vec![I(i64::MAX), I(1)], overflow()),
        ("_+_", vec![I(i64::MIN), I(-1)], overflow()),
        ("_-_", vec![I(i64::MIN), I(1)], overflow()),
        ("_-_", vec![I(-1), I(i64::MAX)], Ok(I(i64::MIN))),
        ("_*_", vec![I(i64::MAX), I(2)], overflow()),
        ("_*_", vec![I(i64::MIN), I(-1)], overflow()),
        ("_/_", vec![I(i64::MIN), I(-1)], overflow()),
        ("_/_", vec![I(-7), I(2)], Ok(I(-3))),
        ("_/_", vec![I(1), I(0)], Err(text("division by zero"))),
        ("_%_", vec![I(-7), I(2)], Ok(I(-1))),
        ("_%_", vec![I(7), I(-2)], Ok(I(1))),
        ("_%_", vec![I(1), I(0)], Err(text("modulus by zero"))),
        ("_%_", vec![I(i64::MIN), I(-1)], overflow()),
        ("-_", vec![I(i64::MIN)], overflow()),
        ("-_", vec![I(5)], Ok(I(-5))),
        ("_+_", vec![U(u64::MAX), U(1)], uoverflow()),
        ("_-_", vec![U(0), U(1)], uoverflow()),
        ("_*_", vec![U(u64::MAX), U(2)], uoverflow()),
        ("_/_", vec![U(7), U(2)], Ok(U(3))),
        ("_/_", vec![U(1), U(0)], Err(text("division by zero"))),
        ("_%_", vec![U(7), U(0)], Err(text("modulus by zero"))),
        ("_%_", vec![U(7), U(4)], Ok(U(3))),
        ("-_", vec![U(1)], Err(Error::NoSuchOverload)),
        // No arithmetic across numeric types.
        ("_+_", vec![I(1), U(1)], Err(Error::NoSuchOverload)),
        ("_*_", vec![D(1.0), I(1)], Err(Error::NoSuchOverload)),
        // Doubles never error.
        ("_/_", vec![D(1.0), D(0.0)], Ok(D(f64::INFINITY))),
        ("_/_", vec![D(0.0), D(0.0)], Ok(D(f64::NAN))),
        ("_+_", vec![D(f64::MAX), D(f64::MAX)], Ok(D(f64::INFINITY))),
        ("_-_", vec![D(0.5), D(1.0)], Ok(D(-0.5))),
        ("_*_", vec![D(1.5), D(2.0)], Ok(D(3.0))),
        ("-_", vec![D(0.5)], Ok(D(-0.5))),
        ("_%_", vec![D(5.0), D(2.0)], Err(Error::NoSuchOverload)),
        ("!_", vec![Val::Bool(true)], Ok(Val::Bool(false))),
        ("!_", vec![I(0)], Err(Error::NoSuchOverload)),
    ];
    for (name, args, want) in table {
        check(name, &args, want);
    }
}

#[test]
fn concatenation() {
    check("_+_", &[Val::str("ab"), Val::str("c")], Ok(Val::str("abc")));
    check(
        "_+_",
        &[Val::bytes(b"a"), Val::bytes(b"b")],
        Ok(Val::bytes(b"ab")),
    );
    check(
        "_+_",
        &[Val::list(vec![Val::Int(1)]), Val::list(vec![Val::str("a")])],
        Ok(Val::list(vec![Val::Int(1), Val::str("a")])),
    );
    check(
        "_+_",
        &[Val::str("a"), Val::bytes(b"b")],
        Err(Error::NoSuchOverload),
    );
    check(
        "_+_",
        &[Val::list(vec![]), Val::Int(1)],
        Err(Error::NoSuchOverload),
    );
}

#[test]
fn comparisons() {
    let ip = call("ip", &[Val::str("1.2.3.4")]).expect("an IP");
    use Val::{Bool as B, Double as D, Int as I, Uint as U};
    let t = || Ok(B(true));
    let f = || Ok(B(false));
    let nan = || Err(text("NaN values cannot be ordered"));
    let table: Vec<(&str, Vec<Val>, Result<Val, Error>)> = vec![
        ("_<_", vec![I(-1), U(0)], t()),
        ("_<_", vec![U(u64::MAX), I(i64::MAX)], f()),
        ("_>_", vec![U(u64::MAX), I(i64::MAX)], t()),
        ("_<=_", vec![D(1.0), I(1)], t()),
        ("_>=_", vec![I(2), D(1.5)], t()),
        ("_<_", vec![D(-1e19), I(i64::MIN)], t()),
        ("_<_", vec![I(1), D(f64::NAN)], nan()),
        ("_<=_", vec![D(f64::NAN), D(f64::NAN)], nan()),
        ("_>_", vec![U(1), D(f64::NAN)], nan()),
        ("_<_", vec![Val::str("a"), Val::str("b")], t()),
        ("_<_", vec![Val::str("Z"), Val::str("a")], t()),
        ("_>=_", vec![Val::bytes(b"b"), Val::bytes(b"a")], t()),
        ("_<_", vec![B(false), B(true)], t()),
        ("_<_", vec![Val::str("a"), I(1)], Err(Error::NoSuchOverload)),
        (
            "_<_",
            vec![Val::Null, Val::Null],
            Err(Error::NoSuchOverload),
        ),
        (
            "_<_",
            vec![Val::list(vec![]), Val::list(vec![])],
            Err(Error::NoSuchOverload),
        ),
        ("_==_", vec![I(1), D(1.0)], t()),
        ("_==_", vec![I(1), U(1)], t()),
        ("_==_", vec![I(1), Val::str("1")], f()),
        ("_==_", vec![D(f64::NAN), D(f64::NAN)], f()),
        ("_!=_", vec![D(f64::NAN), D(f64::NAN)], t()),
        ("_!=_", vec![Val::Null, I(0)], t()),
        (
            "_==_",
            vec![Val::list(vec![I(1)]), Val::list(vec![D(1.0)])],
            t(),
        ),
        // A library type's `Equal` with another type (cel-go's `evalEq` returns the error,
        // `evalNe` is true for it).
        (
            "_==_",
            vec![ip.clone(), Val::str("1.2.3.4")],
            Err(Error::NoSuchOverload),
        ),
        ("_!=_", vec![ip.clone(), Val::str("1.2.3.4")], t()),
        ("_==_", vec![Val::str("1.2.3.4"), ip.clone()], f()),
        ("_==_", vec![ip.clone(), ip], t()),
    ];
    for (name, args, want) in table {
        check(name, &args, want);
    }
}

fn map(entries: &[(Key, Val)]) -> Val {
    Val::Map(Map::new(
        entries.iter().cloned().collect::<BTreeMap<_, _>>(),
    ))
}

#[test]
fn membership() {
    use Val::{Bool as B, Double as D, Int as I, Uint as U};
    let l = Val::list(vec![I(1), Val::str("a")]);
    let m = map(&[(Key::Int(1), Val::str("one")), (Key::str("k"), I(2))]);
    let table: Vec<(Vec<Val>, Result<Val, Error>)> = vec![
        (vec![D(1.0), l.clone()], Ok(B(true))),
        (vec![U(1), l.clone()], Ok(B(true))),
        (vec![Val::str("b"), l.clone()], Ok(B(false))),
        (vec![D(1.0), m.clone()], Ok(B(true))),
        (vec![U(1), m.clone()], Ok(B(true))),
        (vec![Val::str("k"), m.clone()], Ok(B(true))),
        (vec![D(1.5), m.clone()], Ok(B(false))),
        (vec![I(1), Val::str("1")], Err(Error::NoSuchOverload)),
    ];
    for (args, want) in table {
        check("@in", &args, want);
    }
}

#[test]
fn indexing() {
    use Val::{Double as D, Int as I, Uint as U};
    let l = Val::list(vec![Val::str("a"), Val::str("b")]);
    let m = map(&[(Key::Int(1), Val::str("one")), (Key::str("k"), I(2))]);
    let table: Vec<(Vec<Val>, Result<Val, Error>)> = vec![
        (vec![l.clone(), I(1)], Ok(Val::str("b"))),
        (vec![l.clone(), U(0)], Ok(Val::str("a"))),
        (vec![l.clone(), D(1.0)], Ok(Val::str("b"))),
        (vec![l.clone(), I(2)], Err(text("index out of bounds: 2"))),
        (vec![l.clone(), I(-1)], Err(text("index out of bounds: -1"))),
        (vec![l.clone(), D(3.0)], Err(text("index out of bounds: 3"))),
        (
            vec![l.clone(), D(0.5)],
            Err(text("unsupported index value 0.5 in list")),
        ),
        (
            vec![l.clone(), U(u64::MAX)],
            Err(text("unsupported index value 18446744073709551615 in list")),
        ),
        (
            vec![l.clone(), Val::str("0")],
            Err(text("unsupported index type 'string' in list")),
        ),
        (vec![m.clone(), D(1.0)], Ok(Val::str("one"))),
        (vec![m.clone(), U(1)], Ok(Val::str("one"))),
        (vec![m.clone(), Val::str("k")], Ok(I(2))),
        (
            vec![m.clone(), Val::str("x")],
            Err(Error::NoSuchKey(Key::str("x"))),
        ),
        (vec![m.clone(), I(2)], Err(Error::NoSuchKey(Key::Int(2)))),
        (vec![m.clone(), D(2.5)], Err(text("no such key: 2.5"))),
        (
            vec![Val::str("abc"), I(0)],
            Err(Error::NoSuchKey(Key::Int(0))),
        ),
        (
            vec![Val::some(l.clone()), I(1)],
            Ok(Val::some(Val::str("b"))),
        ),
        (vec![Val::some(l.clone()), I(5)], Ok(Val::none())),
        (
            vec![Val::some(l.clone()), Val::str("x")],
            Err(text("unsupported index type 'string' in list")),
        ),
        (vec![Val::none(), I(0)], Ok(Val::none())),
        (
            vec![Val::some(m.clone()), Val::str("k")],
            Ok(Val::some(I(2))),
        ),
    ];
    for (args, want) in table {
        check("_[_]", &args, want);
    }
}

#[test]
fn size_type_dyn() {
    use Val::Int as I;
    let table: Vec<(Val, Result<Val, Error>)> = vec![
        (Val::str("héllo"), Ok(I(5))),
        (Val::bytes("héllo".as_bytes()), Ok(I(6))),
        (Val::list(vec![I(1), I(2)]), Ok(I(2))),
        (map(&[(Key::str("a"), I(1))]), Ok(I(1))),
        (I(1), Err(Error::NoSuchOverload)),
    ];
    for (v, want) in table {
        check("size", &[v], want);
    }
    for (v, name) in [
        (I(1), "int"),
        (Val::Uint(1), "uint"),
        (Val::Null, "null_type"),
        (
            Val::Duration(chrono::Duration::seconds(1)),
            "google.protobuf.Duration",
        ),
        (Val::type_of("int"), "type"),
        (Val::none(), "optional_type"),
        (map(&[]), "map"),
    ] {
        check("type", &[v], Ok(Val::type_of(name)));
    }
    let v = ok(call("dyn", &[Val::str("x")]));
    assert!(v.equals(&Val::str("x")));
}

/// In a list built by the rule, an item's error does not make the lists unequal (cel-go's
/// `baseList.Equal`: only a false item decides), whether `==` runs here or in `lists.rs`.
#[test]
fn an_items_error_is_not_unequal() {
    let ip = call("ip", &[Val::str("1.2.3.4")]).expect("an IP");
    let l = Val::list(vec![ip]);
    let r = Val::list(vec![Val::str("x")]);
    check("_==_", &[l.clone(), r.clone()], Ok(Val::Bool(true)));
    let via_lists = crate::cel::lists::apply(crate::cel::lists::ListOp::Eq, &l, &r);
    assert_eq!(via_lists, Some(Ok(Val::Bool(true))));
}
