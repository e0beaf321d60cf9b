//! cel-go `ext/sets_test.go` (`TestSets`), called by name: each case is true.

use crate::cel::val::{Error, Val};

fn call(name: &str, a: Val, b: Val) -> Result<Val, Error> {
    super::super::call_by_name(name, &[a, b])
}

fn l(items: Vec<Val>) -> Val {
    Val::list(items)
}

fn i(n: i64) -> Val {
    Val::Int(n)
}

fn u(n: u64) -> Val {
    Val::Uint(n)
}

fn d(x: f64) -> Val {
    Val::Double(x)
}

#[test]
fn ext_sets_cases() {
    let s = Val::str;
    // (function, a, b, expected)
    let cases: Vec<(&str, Val, Val, bool)> = vec![
        (
            "sets.contains",
            l(vec![i(5), i(4), i(3), i(2), i(1)]),
            l(vec![i(1), i(2), i(3)]),
            true,
        ),
        (
            "sets.contains",
            l(vec![i(5), i(4), i(3), i(2), i(1)]),
            l(vec![i(1); 5]),
            true,
        ),
        ("sets.contains", l(vec![]), l(vec![]), true),
        ("sets.contains", l(vec![i(1)]), l(vec![]), true),
        ("sets.contains", l(vec![i(1)]), l(vec![i(1)]), true),
        ("sets.contains", l(vec![i(1)]), l(vec![i(1), i(1)]), true),
        ("sets.contains", l(vec![i(1), i(1)]), l(vec![i(1)]), true),
        ("sets.contains", l(vec![i(2), i(1)]), l(vec![i(1)]), true),
        (
            "sets.contains",
            l(vec![i(1), i(2), i(3), i(4)]),
            l(vec![i(2), i(3)]),
            true,
        ),
        ("sets.contains", l(vec![i(1)]), l(vec![d(1.0), i(1)]), true),
        (
            "sets.contains",
            l(vec![i(1), i(2)]),
            l(vec![u(2), d(2.0)]),
            true,
        ),
        (
            "sets.contains",
            l(vec![i(1), u(2)]),
            l(vec![i(2), d(2.0)]),
            true,
        ),
        (
            "sets.contains",
            l(vec![i(1), d(2.0), u(3)]),
            l(vec![d(1.0), u(2), i(3)]),
            true,
        ),
        (
            "sets.contains",
            l(vec![l(vec![i(1)]), l(vec![i(2), i(3)])]),
            l(vec![l(vec![i(2), d(3.0)])]),
            true,
        ),
        ("sets.contains", l(vec![i(1)]), l(vec![i(2)]), false),
        ("sets.contains", l(vec![i(1)]), l(vec![i(1), i(2)]), false),
        ("sets.contains", l(vec![i(1)]), l(vec![s("1"), i(1)]), false),
        ("sets.contains", l(vec![i(1)]), l(vec![d(1.1), u(1)]), false),
        ("sets.equivalent", l(vec![]), l(vec![]), true),
        ("sets.equivalent", l(vec![i(1)]), l(vec![i(1)]), true),
        ("sets.equivalent", l(vec![i(1)]), l(vec![i(1), i(1)]), true),
        ("sets.equivalent", l(vec![i(1), i(1)]), l(vec![i(1)]), true),
        (
            "sets.equivalent",
            l(vec![i(1)]),
            l(vec![u(1), d(1.0)]),
            true,
        ),
        (
            "sets.equivalent",
            l(vec![i(1), i(2), i(3)]),
            l(vec![u(3), d(2.0), i(1)]),
            true,
        ),
        (
            "sets.equivalent",
            l(vec![l(vec![d(1.0)]), l(vec![i(2), i(3)])]),
            l(vec![l(vec![i(1)]), l(vec![i(2), d(3.0)])]),
            true,
        ),
        ("sets.equivalent", l(vec![i(2), i(1)]), l(vec![i(1)]), false),
        ("sets.equivalent", l(vec![i(1)]), l(vec![i(1), i(2)]), false),
        (
            "sets.equivalent",
            l(vec![i(1), i(2)]),
            l(vec![u(2), i(2), d(2.0)]),
            false,
        ),
        (
            "sets.equivalent",
            l(vec![i(1), i(2)]),
            l(vec![u(1), i(2), d(2.3)]),
            false,
        ),
        ("sets.intersects", l(vec![i(1)]), l(vec![i(1)]), true),
        ("sets.intersects", l(vec![i(1)]), l(vec![i(1), i(1)]), true),
        ("sets.intersects", l(vec![i(1), i(1)]), l(vec![i(1)]), true),
        ("sets.intersects", l(vec![i(2), i(1)]), l(vec![i(1)]), true),
        ("sets.intersects", l(vec![i(1)]), l(vec![i(1), i(2)]), true),
        (
            "sets.intersects",
            l(vec![i(1)]),
            l(vec![d(1.0), i(2)]),
            true,
        ),
        (
            "sets.intersects",
            l(vec![i(1), i(2)]),
            l(vec![u(2), i(2), d(2.0)]),
            true,
        ),
        (
            "sets.intersects",
            l(vec![i(1), i(2)]),
            l(vec![u(1), i(2), d(2.3)]),
            true,
        ),
        (
            "sets.intersects",
            l(vec![l(vec![i(1)]), l(vec![i(2), i(3)])]),
            l(vec![l(vec![i(1), i(2)]), l(vec![i(2), d(3.0)])]),
            true,
        ),
        ("sets.intersects", l(vec![]), l(vec![]), false),
        ("sets.intersects", l(vec![i(1)]), l(vec![]), false),
        ("sets.intersects", l(vec![i(1)]), l(vec![i(2)]), false),
        (
            "sets.intersects",
            l(vec![i(1)]),
            l(vec![s("1"), i(2)]),
            false,
        ),
        (
            "sets.intersects",
            l(vec![i(1)]),
            l(vec![d(1.1), u(2)]),
            false,
        ),
    ];
    for (name, a, b, want) in cases {
        let what = format!("{name}({a:?}, {b:?})");
        match call(name, a, b) {
            Ok(Val::Bool(got)) => assert_eq!(got, want, "{what}"),
            other => panic!("{what}: {other:?}"),
        }
    }
}

#[test]
fn not_lists_are_no_overload() {
    for name in ["sets.contains", "sets.equivalent", "sets.intersects"] {
        assert_eq!(
            call(name, i(1), l(vec![])).unwrap_err(),
            Error::NoSuchOverload
        );
    }
}
