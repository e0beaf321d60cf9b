//! The apiserver's `quantity_test.go` cases (v0.36.0), the quantity library's examples,
//! today's library tests (`tests/library.rs`, `tests.rs`), and the shared comparisons on
//! semvers, called through the library's table.

use super::super::testing::{assert_res, call, err};
use super::{parse, Amount, Quantity, MAX_DIGITS};
use crate::cel::val::{Error, Ext, Res, Val};

fn q(v: &str) -> Val {
    call("quantity", &[Val::str(v)]).unwrap_or_else(|e| panic!("quantity({v:?}): {e}"))
}

fn semver(v: &str) -> Val {
    call("semver", &[Val::str(v)]).unwrap_or_else(|e| panic!("semver({v:?}): {e}"))
}

fn method(recv: Val, name: &str, args: &[Val]) -> Res {
    let mut all = vec![recv];
    all.extend_from_slice(args);
    call(name, &all)
}

const FORMAT_WRONG: &str =
    "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

#[test]
fn parse_and_errors() {
    let table: &[(&str, Res)] = &[
        (
            "12Mi",
            Ok(Val::ext(Quantity::new(Amount::Int {
                value: 12 << 20,
                scale: 0,
            }))),
        ),
        ("10Mo", err(FORMAT_WRONG)),
        ("abc", err(FORMAT_WRONG)),
        ("", err(FORMAT_WRONG)),
        ("10Mm", err("unable to parse quantity's suffix")),
        ("1iK", err("unable to parse quantity's suffix")),
        ("1e", err("unable to parse quantity's suffix")),
        // More digits than an int64 holds, no exact form to fall back on at this scale.
        ("1e-99999999", Ok(q("1n"))),
        (
            "12345678901234567890e100000",
            err("unable to parse numeric part of quantity"),
        ),
        // The fast form holds any scale.
        (
            "1e99999999",
            Ok(Val::ext(Quantity::new(Amount::Int {
                value: 1,
                scale: 99999999,
            }))),
        ),
    ];
    for (v, want) in table {
        assert_res(
            &format!("quantity({v:?})"),
            call("quantity", &[Val::str(v)]),
            want.clone(),
        );
    }
    for (v, want) in [
        ("20", true),
        ("20M", true),
        ("20Mi", true),
        ("1e3", true),
        ("-1.5Ki", true),
        (".5", true),
        ("20Mo", false),
        ("10Mm", false),
        ("1Gb", false),
        ("", false),
    ] {
        assert_res(
            &format!("isQuantity({v:?})"),
            call("isQuantity", &[Val::str(v)]),
            Ok(Val::Bool(want)),
        );
    }
    assert_eq!(q("1").type_name(), "kubernetes.Quantity");
}

#[test]
fn equality_is_cmp() {
    let table: &[(&str, &str, bool)] = &[
        ("200M", "200M", true),
        ("200M", "0.2G", true),
        ("0.2G", "200M", true),
        ("2M", "0.002G", true),
        ("2000k", "2M", true),
        ("0.002G", "2000k", true),
        ("200M", "0.3G", false),
        ("1Ki", "1024", true),
        ("1e3", "1k", true),
        ("1.0", "1", true),
        ("0", "-0", true),
        ("1m", "0.001", true),
        ("1e4294967296", "1", true),
        ("2e4294967299", "2k", true),
        ("12345678901234567890e5000", "1e5018", false),
    ];
    for (a, b, want) in table {
        assert_eq!(q(a).equals(&q(b)), *want, "{a} == {b}");
    }
    assert!(!q("1").equals(&Val::Int(1)));
    assert!(!q("1").equals(&semver("1.0.0")));
}

/// `add` and `sub` return a pointer (`&cel.Quantity`), `quantity()` a value, and
/// `Quantity.Equal` takes a value: `q.add(x) == y` compares, `y == q.add(x)` and
/// `q.add(x) == q.sub(y)` are `no such overload` in the apiserver.
#[test]
fn equality_of_arithmetic_results_is_the_apiservers() {
    let of = |v: &Val| v.as_ext::<Quantity>().unwrap().clone();
    let sum = method(q("500m"), "add", &[q("500m")]).unwrap();
    let diff = method(q("2"), "sub", &[Val::Int(1)]).unwrap();
    assert_res(
        "sum == 1",
        of(&sum).equal(&q("1")).map(Val::Bool),
        Ok(Val::Bool(true)),
    );
    assert_res(
        "sum == 2",
        of(&sum).equal(&q("2")).map(Val::Bool),
        Ok(Val::Bool(false)),
    );
    assert_res(
        "1 == sum",
        of(&q("1")).equal(&sum).map(Val::Bool),
        Err(Error::NoSuchOverload),
    );
    assert_res(
        "sum == diff",
        of(&sum).equal(&diff).map(Val::Bool),
        Err(Error::NoSuchOverload),
    );
    assert_res(
        "1 == 1",
        of(&q("1")).equal(&q("1.0")).map(Val::Bool),
        Ok(Val::Bool(true)),
    );
    assert_res(
        "1 == '1'",
        of(&q("1")).equal(&Val::str("1")).map(Val::Bool),
        Err(Error::NoSuchOverload),
    );
    // Where an error is not a match (`in`, the sets library), those are not equal.
    assert!(sum.equals(&q("1")) && !q("1").equals(&sum) && !sum.equals(&diff));
}

#[test]
fn comparisons() {
    // (a, b, compareTo)
    let table: &[(&str, &str, i64)] = &[
        ("50M", "50Mi", -1),
        ("50M", "100M", -1),
        ("100M", "50M", 1),
        ("50Mi", "50M", 1),
        ("150Mi", "100Mi", 1),
        ("200M", "0.2G", 0),
        ("1.5", "1", 1),
        ("8Ei", "9223372036854775808", -1),
        ("9999999999999999999999999999999999999G", "8Ei", 1),
        ("12345678901234567890e5000", "1e5018", 1),
        ("-1", "1", -1),
        ("-2", "-1", -1),
        ("-1e5000", "1", -1),
        ("1n", "0", 1),
    ];
    for (a, b, want) in table {
        let what = format!("quantity({a:?}) vs quantity({b:?})");
        assert_res(
            &what,
            method(q(a), "compareTo", &[q(b)]),
            Ok(Val::Int(*want)),
        );
        assert_res(
            &what,
            method(q(a), "isGreaterThan", &[q(b)]),
            Ok(Val::Bool(*want == 1)),
        );
        assert_res(
            &what,
            method(q(a), "isLessThan", &[q(b)]),
            Ok(Val::Bool(*want == -1)),
        );
    }
    for (v, want) in [
        ("-1", -1),
        ("0", 0),
        ("1", 1),
        ("-0.5n", -1),
        ("1e5000", 1),
        ("-1Ei", -1),
    ] {
        assert_res(
            &format!("sign({v})"),
            call("sign", &[q(v)]),
            Ok(Val::Int(want)),
        );
    }
}

#[test]
fn the_shared_comparisons_take_semvers() {
    let table: &[(&str, &str, i64)] = &[
        ("1.2.3", "1.2.2", 1),
        ("1.2.3-alpha", "1.2.3", -1),
        ("1.2.3-alpha.1", "1.2.3-alpha.beta", -1),
        ("1.0.0", "1.1.0", -1),
        ("1.0.0", "1.2.3", -1),
        ("1.2.3", "1.0.0", 1),
        ("1.2.3", "1.2.3", 0),
        ("1.2.3", "1.10.0", -1),
        ("1.0.0", "1.0.0", 0),
    ];
    for (a, b, want) in table {
        let what = format!("semver({a:?}) vs semver({b:?})");
        assert_res(
            &what,
            method(semver(a), "compareTo", &[semver(b)]),
            Ok(Val::Int(*want)),
        );
        assert_res(
            &what,
            method(semver(a), "isGreaterThan", &[semver(b)]),
            Ok(Val::Bool(*want == 1)),
        );
        assert_res(
            &what,
            method(semver(a), "isLessThan", &[semver(b)]),
            Ok(Val::Bool(*want == -1)),
        );
    }
    let none = Err(Error::NoSuchOverload);
    for f in ["compareTo", "isGreaterThan", "isLessThan"] {
        assert_res(f, method(semver("1.0.0"), f, &[q("1")]), none.clone());
        assert_res(f, method(q("1"), f, &[semver("1.0.0")]), none.clone());
        assert_res(f, method(Val::Int(1), f, &[Val::Int(1)]), none.clone());
        assert_res(f, method(q("1"), f, &[]), none.clone());
        assert_res(f, method(q("1"), f, &[q("1"), q("1")]), none.clone());
    }
}

#[test]
fn integers() {
    let table: &[(&str, Res)] = &[
        ("50k", Ok(Val::Int(50000))),
        ("1k", Ok(Val::Int(1000))),
        ("50", Ok(Val::Int(50))),
        ("1Ki", Ok(Val::Int(1024))),
        ("-3", Ok(Val::Int(-3))),
        ("0e2000000000", Ok(Val::Int(0))),
        ("0e-5", err("cannot convert value to integer")),
        ("8E", Ok(Val::Int(8_000_000_000_000_000_000))),
        ("10E", err("cannot convert value to integer")),
        ("1.5", err("cannot convert value to integer")),
        ("1.0", err("cannot convert value to integer")),
        ("1Ei", err("cannot convert value to integer")),
        ("1.5Ki", err("cannot convert value to integer")),
        ("1m", err("cannot convert value to integer")),
        (
            "9999999999999999999999999999999999999G",
            err("cannot convert value to integer"),
        ),
    ];
    for (v, want) in table {
        assert_res(
            &format!("quantity({v:?}).asInteger()"),
            method(q(v), "asInteger", &[]),
            want.clone(),
        );
        assert_res(
            &format!("quantity({v:?}).isInteger()"),
            method(q(v), "isInteger", &[]),
            Ok(Val::Bool(want.is_ok())),
        );
    }
}

#[test]
fn approximate_floats() {
    let table: &[(&str, f64)] = &[
        ("50.703k", 50703.0),
        ("1.5", 1.5),
        ("1Ki", 1024.0),
        ("1m", 0.001),
        ("-2", -2.0),
        ("0", 0.0),
        ("1e400", f64::INFINITY),
        ("1Ei", 1152921504606846976.0),
    ];
    for (v, want) in table {
        assert_res(
            &format!("quantity({v:?}).asApproximateFloat()"),
            method(q(v), "asApproximateFloat", &[]),
            Ok(Val::Double(*want)),
        );
    }
}

#[test]
fn arithmetic() {
    // (receiver, method, argument, result as a quantity, or its asInteger)
    enum Arg {
        Q(&'static str),
        I(i64),
    }
    use Arg::*;
    let table: &[(&str, &str, Arg, &str)] = &[
        ("50k", "add", Q("20"), "50.02k"),
        ("50k", "add", Q("20k"), "70k"),
        ("50k", "add", I(20), "50020"),
        ("500m", "add", Q("500m"), "1"),
        ("50k", "sub", Q("20"), "49.98k"),
        ("50k", "sub", I(20), "49980"),
        ("50k", "sub", I(20000), "30k"),
        ("10", "sub", I(3), "7"),
        ("0", "sub", Q("5"), "-5"),
        ("1e5000", "add", Q("1"), "1e5000"),
        ("1Ei", "add", Q("1"), "1152921504606846977"),
        ("9223372036854775807", "add", I(1), "9223372036854775808"),
        ("-9223372036854775807", "sub", I(2), "-9223372036854775809"),
        ("1.5", "add", Q("1.5"), "3"),
        ("1n", "sub", Q("1n"), "0"),
    ];
    for (a, f, arg, want) in table {
        let arg = match arg {
            Q(s) => q(s),
            I(i) => Val::Int(*i),
        };
        let what = format!("quantity({a:?}).{f}({arg:?})");
        let got = method(q(a), f, &[arg]).unwrap_or_else(|e| panic!("{what}: {e}"));
        if *a == "1e5000" {
            assert_res(
                &what,
                method(got, "isGreaterThan", &[q(want)]),
                Ok(Val::Bool(true)),
            );
        } else {
            assert!(got.equals(&q(want)), "{what}: {got:?}");
        }
    }
    let chain = method(q("50k"), "add", &[Val::Int(20)]).unwrap();
    let chain = method(chain, "sub", &[q("100k")]).unwrap();
    assert_res(
        "arith_chain_1",
        method(chain.clone(), "asInteger", &[]),
        Ok(Val::Int(-49980)),
    );
    let chain = method(chain, "sub", &[Val::Int(-50000)]).unwrap();
    assert_res(
        "arith_chain",
        method(chain, "asInteger", &[]),
        Ok(Val::Int(20)),
    );
    // `add(20).isLessThan(quantity("50020"))` is false.
    let sum = method(q("50k"), "add", &[Val::Int(20)]).unwrap();
    assert_res(
        "add_int",
        method(sum, "isLessThan", &[q("50020")]),
        Ok(Val::Bool(false)),
    );
    // An amount that leaves the fast form is no longer an integer (`AsInt64` of an
    // `inf.Dec` fails), whatever its value.
    let big = method(q("9223372036854775807"), "add", &[Val::Int(1)]).unwrap();
    let back = method(big, "sub", &[Val::Int(1)]).unwrap();
    assert!(back.equals(&q("9223372036854775807")));
    assert_res(
        "dec isInteger",
        method(back, "isInteger", &[]),
        Ok(Val::Bool(false)),
    );
    // The sub of 1e5000 and 1 is below 1e5000.
    let less = method(q("1e5000"), "sub", &[q("1")]).unwrap();
    assert_res(
        "1e5000 - 1",
        method(less, "isLessThan", &[q("1e5000")]),
        Ok(Val::Bool(true)),
    );
    // Go's `-b.value` wraps: 0 - (-2⁶³) is -2⁶³ in the fast form.
    let wrapped = method(q("0"), "sub", &[Val::Int(i64::MIN)]).unwrap();
    assert_res(
        "0 - MinInt64",
        method(wrapped, "asInteger", &[]),
        Ok(Val::Int(i64::MIN)),
    );
}

#[test]
fn digits_are_bounded() {
    // Aligning two scales past the bound drops the smaller operand.
    let huge = format!("1e{}", MAX_DIGITS + 10);
    let sum = method(q(&huge), "add", &[q("1n")]).unwrap();
    assert!(sum.equals(&q(&huge)));
    let diff = method(q("1n"), "sub", &[q(&huge)]).unwrap();
    assert!(diff.equals(&q(&format!("-{huge}"))));
    assert_res("sign", call("sign", &[diff]), Ok(Val::Int(-1)));
    assert!(parse(&format!("12345678901234567890e{}", MAX_DIGITS)).is_err());
    assert!(parse(&format!("12345678901234567890e{}", MAX_DIGITS - 100)).is_ok());
    // Scales far apart compare without overflow, and without walking the padding.
    let table: &[(&str, &str, i64)] = &[
        ("1e2147483647", "1n", 1),
        ("1n", "1e2147483647", -1),
        ("1e2147483647", "1e2147483647", 0),
        ("-1e2147483647", "1e2147483646", -1),
        ("1e2000000000", "1e2000000000", 0),
    ];
    for (a, b, want) in table {
        assert_res(
            &format!("{a} vs {b}"),
            method(q(a), "compareTo", &[q(b)]),
            Ok(Val::Int(*want)),
        );
    }
    // Go's scale difference wraps in `int32`: the fast form adds the values unscaled.
    let sum = method(q("1e2147483647"), "add", &[q("1n")]).unwrap();
    assert!(sum.equals(&q("2n")), "{sum:?}");
    let sum = method(q("1e2147483647"), "add", &[q("1k")]).unwrap();
    assert!(sum.equals(&q("1e2147483647")), "{sum:?}");
}

#[test]
fn wrong_types_are_no_overload() {
    let none = Err(Error::NoSuchOverload);
    for f in ["quantity", "isQuantity"] {
        assert_res(f, call(f, &[Val::Int(1)]), none.clone());
        assert_res(f, call(f, &[]), none.clone());
    }
    for f in ["isInteger", "asInteger", "asApproximateFloat", "sign"] {
        assert_res(f, call(f, &[Val::str("1")]), none.clone());
        assert_res(f, call(f, &[semver("1.0.0")]), none.clone());
        assert_res(f, call(f, &[q("1"), q("1")]), none.clone());
    }
    for f in ["add", "sub"] {
        assert_res(f, method(q("1"), f, &[Val::Uint(1)]), none.clone());
        assert_res(f, method(q("1"), f, &[Val::Double(1.0)]), none.clone());
        assert_res(f, method(Val::Int(1), f, &[Val::Int(1)]), none.clone());
        assert_res(f, method(q("1"), f, &[]), none.clone());
    }
}
