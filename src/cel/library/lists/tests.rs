//! cel-go `ext/lists_test.go` (`TestLists`), the Kubernetes lists library's behaviour
//! (`isSorted`, `sum`, `min`, `max`, with today's tests' error texts) and the optional
//! library's `first`/`last`, called by name.

use super::super::testing::{call, err};
use super::go_sort_slice;
use crate::cel::val::{Error, Res, Val};

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
        assert!(out.shares_items(inp), "{name}");
    }
}

/// Go's `sort.Slice` is insertion sort up to 12 elements (stable), pattern-defeating
/// quicksort beyond (equal keys end in pdqsort's order, see [`GO_ORDERS`]): every path sorts.
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

/// The orders Go 1.19's `sort.Slice` gives (the same algorithm as since, pdqsort) for the
/// indices of these keys, `keys[a] < keys[b]`, NaN keys included (printed by a Go program).
const GO_ORDERS: [&str; 7] = [
    "9,18,15,3,12,0,6,10,7,4,13,16,1,19,8,5,11,14,2,17",
    "40,30,55,10,20,5,50,0,35,45,15,25,38,13,58,23,8,33,18,48,53,43,28,3,31,36,26,1,56,51,21,6,46,11,41,16,49,24,14,39,59,34,54,4,44,9,29,19,47,7,37,32,52,17,42,2,22,57,27,12",
    "68,34,0,51,17,38,89,21,55,72,59,8,93,42,25,46,12,63,97,29,80,16,50,84,33,88,3,20,54,37,71,24,41,75,7,92,28,79,62,11,45,96,83,32,66,15,2,36,53,70,87,19,6,57,74,23,91,78,27,61,95,44,10,14,82,99,65,48,86,40,47,67,9,73,64,13,76,77,49,43,26,81,60,69,39,85,52,58,5,4,90,56,35,30,94,22,31,1,98,18",
    "12,11,10,8,9,6,7,5,4,3,2,0,1",
    "51,199,195,3,191,187,183,7,179,175,171,11,167,163,159,15,155,151,147,19,143,139,135,23,131,127,123,27,119,115,111,31,107,103,99,35,95,91,87,39,83,79,75,43,71,67,63,47,59,55,150,102,198,2,54,194,190,186,58,6,182,178,62,46,174,10,66,170,166,162,70,14,158,154,74,42,18,146,78,142,138,22,82,134,130,126,86,38,50,26,90,122,118,114,94,30,110,106,98,34,125,17,1,33,197,105,97,53,49,109,193,189,5,113,93,29,57,117,185,181,61,121,37,89,177,9,85,25,173,129,65,45,169,133,165,81,13,137,69,21,161,141,41,157,73,145,77,153,101,149,148,88,152,76,144,16,156,20,72,44,160,140,80,136,164,40,68,12,168,132,24,84,172,128,64,0,176,124,120,8,180,28,60,48,184,92,116,112,188,36,56,4,192,96,108,32,196,104,52,100",
    "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63",
    "264,198,143,297,77,132,209,88,220,66,187,11,286,231,0,99,55,242,176,44,154,275,22,121,253,110,165,33,40,282,117,161,114,268,260,26,257,37,271,158,202,169,172,249,125,246,106,18,48,279,103,51,238,180,235,29,15,183,150,59,95,227,62,224,128,92,147,290,139,191,70,216,213,73,194,7,293,4,136,84,205,81,68,200,79,207,86,196,75,211,90,218,222,189,64,229,185,97,57,233,53,101,178,240,244,174,46,42,108,251,255,167,112,35,262,163,31,266,24,119,156,273,20,123,152,277,284,13,288,9,130,145,295,2,134,141,299,151,69,3,140,135,294,8,289,14,146,129,283,278,19,272,124,25,267,30,261,157,118,36,256,41,162,250,245,113,47,239,168,52,234,58,107,173,228,63,223,217,102,179,212,74,206,80,184,96,201,85,195,91,190,93,192,193,137,5,6,292,94,291,83,148,82,203,204,16,182,281,280,17,149,181,127,72,214,215,71,126,138,270,269,27,28,104,259,225,226,61,105,60,258,171,159,160,170,38,236,237,39,116,50,115,49,248,247,164,177,166,243,43,241,111,252,109,254,54,56,232,230,175,34,120,32,263,155,265,65,122,221,67,219,153,45,23,274,21,276,100,210,76,208,78,98,186,131,285,12,287,10,144,133,199,197,87,142,188,296,89,298,1",
];

#[test]
fn go_sort_slice_orders_as_go_does() {
    let mk = |n: usize, f: &dyn Fn(usize) -> f64| (0..n).map(f).collect::<Vec<f64>>();
    let vectors = [
        mk(20, &|i| (i % 3) as f64),
        mk(60, &|i| ((i * 7) % 5) as f64),
        mk(100, &|i| {
            if i % 9 == 4 {
                f64::NAN
            } else {
                ((i * 13) % 17) as f64
            }
        }),
        mk(13, &|i| ((13 - i) / 2) as f64),
        mk(200, &|i| ((199 - i) % 4) as f64),
        mk(64, &|_| 1.0),
        mk(300, &|i| ((i * i * 31) % 11) as f64),
    ];
    for (keys, want) in vectors.iter().zip(GO_ORDERS) {
        let mut idx: Vec<usize> = (0..keys.len()).collect();
        go_sort_slice(&mut idx, |a, b| keys[*a] < keys[*b]);
        let got: Vec<String> = idx.iter().map(|i| i.to_string()).collect();
        assert_eq!(got.join(","), want, "n = {}", keys.len());
    }
}
