//! cel-go `ext/lists_test.go` (`TestLists`), the Kubernetes lists library's behaviour
//! (`isSorted`, `sum`, `min`, `max`, with today's tests' error texts) and the optional
//! library's `first`/`last`, called by name.

use super::go_sort_slice;
use crate::cel::val::{Error, Res, Val};

fn call(name: &str, args: &[Val]) -> Res {
    super::super::lookup(name).unwrap_or_else(|| panic!("{name} is registered"))(args)
}

fn i(n: i64) -> Val {
    Val::Int(n)
}

fn s(x: &str) -> Val {
    Val::str(x)
}

fn l(items: Vec<Val>) -> Val {
    Val::list(items)
}

fn ints(xs: &[i64]) -> Val {
    l(xs.iter().copied().map(Val::Int).collect())
}

fn strs(xs: &[&str]) -> Val {
    l(xs.iter().map(|x| s(x)).collect())
}

fn err(t: &str) -> Res {
    Err(Error::text(t))
}

/// The same value, of the same types (`1` is not `1.0`).
fn assert_res(got: Res, want: Res, what: &str) {
    assert_eq!(format!("{got:?}"), format!("{want:?}"), "{what}");
}

#[test]
fn ext_lists_cases() {
    let dur = |s: i64| Val::Duration(chrono::Duration::seconds(s));
    let cases: Vec<(&str, Vec<Val>, Res)> = vec![
        ("lists.range", vec![i(4)], Ok(ints(&[0, 1, 2, 3]))),
        ("lists.range", vec![i(0)], Ok(ints(&[]))),
        ("lists.range", vec![i(-3)], Ok(ints(&[]))),
        ("reverse", vec![ints(&[5, 1, 2, 3])], Ok(ints(&[3, 2, 1, 5]))),
        ("reverse", vec![ints(&[])], Ok(ints(&[]))),
        ("reverse", vec![ints(&[1])], Ok(ints(&[1]))),
        (
            "reverse",
            vec![strs(&["are", "you", "as", "bored", "as", "I", "am"])],
            Ok(strs(&["am", "I", "as", "bored", "as", "you", "are"])),
        ),
        ("slice", vec![ints(&[1, 2, 3, 4]), i(0), i(4)], Ok(ints(&[1, 2, 3, 4]))),
        ("slice", vec![ints(&[1, 2, 3, 4]), i(0), i(0)], Ok(ints(&[]))),
        ("slice", vec![ints(&[1, 2, 3, 4]), i(1), i(1)], Ok(ints(&[]))),
        ("slice", vec![ints(&[1, 2, 3, 4]), i(4), i(4)], Ok(ints(&[]))),
        ("slice", vec![ints(&[1, 2, 3, 4]), i(1), i(3)], Ok(ints(&[2, 3]))),
        (
            "slice",
            vec![ints(&[1, 2, 3, 4]), i(3), i(0)],
            err("cannot slice(3, 0), start index must be less than or equal to end index"),
        ),
        (
            "slice",
            vec![ints(&[1, 2, 3, 4]), i(0), i(10)],
            err("cannot slice(0, 10), list is length 4"),
        ),
        (
            "slice",
            vec![ints(&[1, 2, 3, 4]), i(-5), i(10)],
            err("cannot slice(-5, 10), negative indexes not supported"),
        ),
        (
            "slice",
            vec![ints(&[1, 2, 3, 4]), i(-5), i(-3)],
            err("cannot slice(-5, -3), negative indexes not supported"),
        ),
        ("slice", vec![ints(&[1]), s("0"), i(1)], Err(Error::NoSuchOverload)),
        ("flatten", vec![ints(&[])], Ok(ints(&[]))),
        ("flatten", vec![ints(&[1, 2, 3, 4])], Ok(ints(&[1, 2, 3, 4]))),
        (
            "flatten",
            vec![l(vec![i(1), l(vec![i(2), ints(&[3, 4])])])],
            Ok(l(vec![i(1), i(2), ints(&[3, 4])])),
        ),
        (
            "flatten",
            vec![l(vec![i(1), i(2), ints(&[]), ints(&[]), ints(&[3, 4])])],
            Ok(ints(&[1, 2, 3, 4])),
        ),
        (
            "flatten",
            vec![l(vec![i(1), l(vec![i(2), ints(&[3, 4])])]), i(2)],
            Ok(ints(&[1, 2, 3, 4])),
        ),
        (
            "flatten",
            vec![l(vec![i(1), l(vec![i(2), ints(&[3, 4])])]), i(0)],
            Ok(l(vec![i(1), l(vec![i(2), ints(&[3, 4])])])),
        ),
        (
            "flatten",
            vec![l(vec![i(1), l(vec![i(2), l(vec![i(3), ints(&[4])])])]), i(-1)],
            err("level must be non-negative"),
        ),
        ("flatten", vec![i(1)], err("no such overload: int.flatten()")),
        (
            "flatten",
            vec![ints(&[1]), s("x")],
            err("no such overload: list(dyn).flatten(string)"),
        ),
        ("sort", vec![ints(&[])], Ok(ints(&[]))),
        ("sort", vec![ints(&[1])], Ok(ints(&[1]))),
        ("sort", vec![ints(&[4, 3, 2, 1])], Ok(ints(&[1, 2, 3, 4]))),
        ("sort", vec![strs(&["d", "a", "b", "c"])], Ok(strs(&["a", "b", "c", "d"]))),
        (
            "sort",
            vec![l(vec![s("d"), i(3), i(2), s("c")])],
            err("list elements must have the same type"),
        ),
        ("sort", vec![l(vec![i(1), Val::Double(2.0)])], err("list elements must have the same type")),
        ("sort", vec![l(vec![ints(&[1, 2, 3])])], err("list elements must be comparable")),
        ("sort", vec![l(vec![dur(3), dur(-1)])], Ok(l(vec![dur(-1), dur(3)]))),
        ("sort", vec![i(1)], Err(Error::NoSuchOverload)),
        (
            "@sortByAssociatedKeys",
            vec![ints(&[-3, 1, -5, -2, 4]), ints(&[-9, -1, -25, -4, -16])],
            Ok(ints(&[-5, 4, -3, -2, 1])),
        ),
        (
            "@sortByAssociatedKeys",
            vec![ints(&[0, 1, 2]), ints(&[0, -1, -2])],
            Ok(ints(&[2, 1, 0])),
        ),
        (
            "@sortByAssociatedKeys",
            vec![strs(&["a", "c", "b", "first"]), strs(&["a", "c", "b", ""])],
            Ok(strs(&["first", "a", "b", "c"])),
        ),
        (
            "@sortByAssociatedKeys",
            vec![strs(&["foo", "bar", "baz"]), ints(&[3, 1, 2])],
            Ok(strs(&["bar", "baz", "foo"])),
        ),
        (
            "@sortByAssociatedKeys",
            vec![ints(&[1, 2, 3]), l(vec![Val::bytes(b"b"), Val::bytes(b"c"), Val::bytes(b"a")])],
            Ok(ints(&[3, 1, 2])),
        ),
        (
            "@sortByAssociatedKeys",
            vec![ints(&[1, 2]), ints(&[1])],
            err("@sortByAssociatedKeys() expected a list of the same size as the associated keys list, but got 2 and 1 elements respectively"),
        ),
        ("distinct", vec![ints(&[])], Ok(ints(&[]))),
        ("distinct", vec![ints(&[1])], Ok(ints(&[1]))),
        ("distinct", vec![ints(&[-2, 5, -2, 1, 1, 5, -2, 1])], Ok(ints(&[-2, 5, 1]))),
        (
            "distinct",
            vec![strs(&["c", "a", "a", "b", "a", "b", "c", "c"])],
            Ok(strs(&["c", "a", "b"])),
        ),
        (
            "distinct",
            vec![l(vec![i(1), Val::Double(2.0), s("c"), i(3), s("c"), i(1)])],
            Ok(l(vec![i(1), Val::Double(2.0), s("c"), i(3)])),
        ),
        ("distinct", vec![l(vec![i(1), Val::Double(1.0), i(2)])], Ok(ints(&[1, 2]))),
        (
            "distinct",
            vec![l(vec![ints(&[1]), ints(&[1]), ints(&[2])])],
            Ok(l(vec![ints(&[1]), ints(&[2])])),
        ),
        ("first", vec![ints(&[])], Ok(Val::none())),
        ("first", vec![ints(&[1, 2, 3])], Ok(Val::some(i(1)))),
        ("last", vec![ints(&[])], Ok(Val::none())),
        ("last", vec![ints(&[1, 2, 3])], Ok(Val::some(i(3)))),
        ("first", vec![s("abc")], Err(Error::NoSuchOverload)),
    ];
    for (name, args, want) in cases {
        let what = format!("{name}{args:?}");
        assert_res(call(name, &args), want, &what);
    }
}

#[test]
fn kubernetes_lists_cases() {
    let d = Val::Double;
    let u = Val::Uint;
    let cases: Vec<(&str, Vec<Val>, Res)> = vec![
        ("isSorted", vec![ints(&[])], Ok(Val::Bool(true))),
        ("isSorted", vec![ints(&[1, 2, 3])], Ok(Val::Bool(true))),
        ("isSorted", vec![ints(&[1, 3, 2])], Ok(Val::Bool(false))),
        (
            "isSorted",
            vec![strs(&["a", "b", "b"])],
            Ok(Val::Bool(true)),
        ),
        (
            "isSorted",
            vec![l(vec![i(1), d(1.5), u(2)])],
            Ok(Val::Bool(true)),
        ),
        (
            "isSorted",
            vec![l(vec![i(3), d(1.5)])],
            Ok(Val::Bool(false)),
        ),
        // cel-go's `Compare` of an int and a string is an error, not "greater".
        ("isSorted", vec![l(vec![i(3), s("a")])], Ok(Val::Bool(true))),
        (
            "isSorted",
            vec![l(vec![d(f64::NAN), d(1.0)])],
            Ok(Val::Bool(true)),
        ),
        (
            "isSorted",
            vec![l(vec![i(1), Val::Null])],
            Err(Error::NoSuchOverload),
        ),
        (
            "isSorted",
            vec![l(vec![ints(&[1])])],
            Err(Error::NoSuchOverload),
        ),
        ("sum", vec![ints(&[])], Ok(i(0))),
        ("sum", vec![ints(&[1, 2, 3])], Ok(i(6))),
        ("sum", vec![l(vec![u(1), u(2)])], Ok(u(3))),
        ("sum", vec![l(vec![d(1.5), d(2.0)])], Ok(d(3.5))),
        (
            "sum",
            vec![l(vec![
                Val::Duration(chrono::Duration::seconds(1)),
                Val::Duration(chrono::Duration::milliseconds(500)),
            ])],
            Ok(Val::Duration(chrono::Duration::milliseconds(1500))),
        ),
        ("sum", vec![ints(&[i64::MAX, 1])], err("integer overflow")),
        (
            "sum",
            vec![l(vec![u(u64::MAX), u(1)])],
            err("unsigned integer overflow"),
        ),
        (
            "sum",
            vec![l(vec![
                Val::Duration(chrono::Duration::nanoseconds(i64::MAX)),
                Val::Duration(chrono::Duration::nanoseconds(1)),
            ])],
            err("integer overflow"),
        ),
        (
            "sum",
            vec![l(vec![i(1), d(2.0)])],
            Err(Error::NoSuchOverload),
        ),
        ("sum", vec![strs(&["a"])], Err(Error::NoSuchOverload)),
        ("min", vec![ints(&[3, 1, 2])], Ok(i(1))),
        ("max", vec![ints(&[3, 1, 2])], Ok(i(3))),
        ("min", vec![strs(&["b", "a", "c"])], Ok(s("a"))),
        ("max", vec![l(vec![i(1), d(2.5), u(2)])], Ok(d(2.5))),
        // The first of equal elements stays.
        ("min", vec![l(vec![i(1), d(1.0)])], Ok(i(1))),
        ("max", vec![l(vec![u(1), i(1)])], Ok(u(1))),
        ("min", vec![ints(&[])], err("min called on empty list")),
        ("max", vec![ints(&[])], err("max called on empty list")),
        ("min", vec![l(vec![Val::Null])], Err(Error::NoSuchOverload)),
        (
            "max",
            vec![l(vec![i(1), ints(&[])])],
            Err(Error::NoSuchOverload),
        ),
        (
            "max",
            vec![l(vec![Val::Bool(false), Val::Bool(true)])],
            Ok(Val::Bool(true)),
        ),
    ];
    for (name, args, want) in cases {
        let what = format!("{name}{args:?}");
        assert_res(call(name, &args), want, &what);
    }
}

/// An empty list's `distinct()` and `sort()` are the receiver itself (cel-go returns it), so
/// that an object's list keeps its schema type.
#[test]
fn empty_distinct_and_sort_are_the_receiver() {
    let mut empty = crate::cel::val::List::new(Vec::new());
    empty.origin = None;
    let v = Val::List(empty);
    for name in ["distinct", "sort"] {
        let Ok(Val::List(out)) = call(name, std::slice::from_ref(&v)) else {
            panic!("{name} gives a list");
        };
        let Val::List(inp) = &v else { unreachable!() };
        assert!(std::sync::Arc::ptr_eq(&out.items, &inp.items), "{name}");
    }
}

/// Go's `sort.Slice` is insertion sort up to 12 elements (stable), pattern-defeating
/// quicksort beyond (equal keys end in pdqsort's order; not checked against Go here, which
/// this machine does not have): every path sorts.
#[test]
fn go_sort_matches_go_for_equal_keys() {
    // Up to 12 elements: insertion sort, stable.
    let mut v: Vec<(i32, usize)> = (0..12).map(|i| (i % 2, i as usize)).collect();
    go_sort_slice(&mut v, |a, b| a.0 < b.0);
    let order: Vec<usize> = v.iter().map(|x| x.1).collect();
    assert_eq!(order, vec![0, 2, 4, 6, 8, 10, 1, 3, 5, 7, 9, 11]);
    // Larger inputs are sorted whatever the order of equal keys.
    for n in [13usize, 50, 51, 100, 1000] {
        let mut v: Vec<(u64, usize)> = (0..n)
            .map(|i| (((i as u64).wrapping_mul(2654435761)) % 7, i))
            .collect();
        go_sort_slice(&mut v, |a, b| a.0 < b.0);
        assert!(v.windows(2).all(|w| w[0].0 <= w[1].0), "sorted, n = {n}");
        let mut seen: Vec<usize> = v.iter().map(|x| x.1).collect();
        seen.sort();
        assert_eq!(seen, (0..n).collect::<Vec<_>>());
        // Descending and all-equal inputs (the reversing and partition-equal paths).
        let mut desc: Vec<usize> = (0..n).rev().collect();
        go_sort_slice(&mut desc, |a, b| a < b);
        assert_eq!(desc, (0..n).collect::<Vec<_>>());
    }
}

/// The apiserver's recovered panic when `distinct()`'s or `sort()`'s receiver is an error.
#[test]
fn lister_error_is_the_recovered_panic() {
    assert_eq!(
        super::lister_error().to_string(),
        "internal error: interface conversion: *types.Err is not traits.Lister: missing method Add"
    );
}

#[test]
fn index_of_by_cel_go_equality() {
    let items = [i(1), Val::Double(2.0), s("a"), Val::Uint(2), i(1)];
    assert_eq!(super::index_of(&items, &i(2), false), 1);
    assert_eq!(super::index_of(&items, &i(2), true), 3);
    assert_eq!(super::index_of(&items, &i(1), true), 4);
    assert_eq!(super::index_of(&items, &s("b"), false), -1);
    assert_eq!(super::index_of(&[], &s("b"), true), -1);
}
