//! cel-go's `ext/strings_test.go` (v0.26.0, the version 2 functions), Go's `strings` tests for
//! `SplitN`, and the Kubernetes lists library's `indexOf`/`lastIndexOf`, through the library's
//! lookup.

use super::super::testing::call;
use super::go_split_n;
use crate::cel::val::{Error, Val};

fn s(x: &str) -> Val {
    Val::str(x)
}

fn i(x: i64) -> Val {
    Val::Int(x)
}

fn strs(xs: &[&str]) -> Val {
    Val::list(xs.iter().map(|x| s(x)).collect())
}

/// Asserts each call's value (by cel-go's equality and type) or error text.
fn table(cases: &[(&str, Vec<Val>, Result<Val, &str>)]) {
    for (name, args, want) in cases {
        let got = call(name, args);
        match (&got, want) {
            (Ok(g), Ok(w)) => assert!(
                g.equals(w) && g.type_name() == w.type_name(),
                "{name}{args:?}: got {g:?}, want {w:?}"
            ),
            (Err(e), Err(w)) => assert_eq!(e.to_string(), *w, "{name}{args:?}"),
            _ => panic!("{name}{args:?}: got {got:?}, want {want:?}"),
        }
    }
}

#[test]
fn char_at_and_index_of_as_cel_go() {
    table(&[
        ("charAt", vec![s("tacocat"), i(3)], Ok(s("o"))),
        ("charAt", vec![s("tacocat"), i(7)], Ok(s(""))),
        ("charAt", vec![s("©αT"), i(0)], Ok(s("©"))),
        ("charAt", vec![s("©αT"), i(1)], Ok(s("α"))),
        ("charAt", vec![s("©αT"), i(2)], Ok(s("T"))),
        (
            "charAt",
            vec![s("tacocat"), i(30)],
            Err("index out of range: 30"),
        ),
        (
            "charAt",
            vec![s("tacocat"), i(-1)],
            Err("index out of range: -1"),
        ),
        ("charAt", vec![i(42), i(2)], Err("no such overload")),
        (
            "charAt",
            vec![s("hello"), Val::Bool(true)],
            Err("no such overload"),
        ),
        ("indexOf", vec![s("tacocat"), s("")], Ok(i(0))),
        ("indexOf", vec![s("tacocat"), s("ac")], Ok(i(1))),
        ("indexOf", vec![s("tacocat"), s("none")], Ok(i(-1))),
        ("indexOf", vec![s("tacocat"), s(""), i(3)], Ok(i(3))),
        ("indexOf", vec![s("tacocat"), s("a"), i(3)], Ok(i(5))),
        ("indexOf", vec![s("tacocat"), s("at"), i(3)], Ok(i(5))),
        ("indexOf", vec![s("ta©o©αT"), s("©")], Ok(i(2))),
        ("indexOf", vec![s("ta©o©αT"), s("©"), i(3)], Ok(i(4))),
        ("indexOf", vec![s("ta©o©αT"), s("©αT"), i(3)], Ok(i(4))),
        ("indexOf", vec![s("ta©o©αT"), s("©α"), i(5)], Ok(i(-1))),
        ("indexOf", vec![s("ijk"), s("k")], Ok(i(2))),
        (
            "indexOf",
            vec![s("hello wello"), s("hello wello")],
            Ok(i(0)),
        ),
        ("indexOf", vec![s("hello wello"), s("ello"), i(6)], Ok(i(7))),
        (
            "indexOf",
            vec![s("hello wello"), s("elbo room!!")],
            Ok(i(-1)),
        ),
        (
            "indexOf",
            vec![s("hello wello"), s("elbo room!!!")],
            Ok(i(-1)),
        ),
        ("indexOf", vec![s("tacocat"), s("a"), i(30)], Ok(i(-1))),
        (
            "indexOf",
            vec![s("tacocat"), s("a"), i(-1)],
            Err("index out of range: -1"),
        ),
        // cel-go answers the offset for an empty string, before checking it.
        ("indexOf", vec![s("tacocat"), s(""), i(-1)], Ok(i(-1))),
        ("indexOf", vec![s("tacocat"), s(""), i(30)], Ok(i(30))),
        ("indexOf", vec![i(24), s("2")], Err("no such overload")),
        (
            "indexOf",
            vec![s("hello"), Val::Bool(true)],
            Err("no such overload"),
        ),
        (
            "indexOf",
            vec![s("42"), i(4), i(0)],
            Err("no such overload"),
        ),
        (
            "indexOf",
            vec![s("42"), s("4"), s("0")],
            Err("no such overload"),
        ),
        (
            "indexOf",
            vec![s("42"), s("4"), i(0), i(1)],
            Err("no such overload"),
        ),
        ("lastIndexOf", vec![s(""), s("@@")], Ok(i(-1))),
        ("lastIndexOf", vec![s("tacocat"), s("")], Ok(i(7))),
        ("lastIndexOf", vec![s("tacocat"), s("at")], Ok(i(5))),
        ("lastIndexOf", vec![s("tacocat"), s("none")], Ok(i(-1))),
        ("lastIndexOf", vec![s("tacocat"), s(""), i(3)], Ok(i(3))),
        ("lastIndexOf", vec![s("tacocat"), s("a"), i(3)], Ok(i(1))),
        ("lastIndexOf", vec![s("ta©o©αT"), s("©")], Ok(i(4))),
        ("lastIndexOf", vec![s("ta©o©αT"), s("©"), i(3)], Ok(i(2))),
        ("lastIndexOf", vec![s("ta©o©αT"), s("©α"), i(4)], Ok(i(4))),
        (
            "lastIndexOf",
            vec![s("hello wello"), s("ello"), i(6)],
            Ok(i(1)),
        ),
        ("lastIndexOf", vec![s("hello wello"), s("low")], Ok(i(-1))),
        (
            "lastIndexOf",
            vec![s("hello wello"), s("elbo room!!")],
            Ok(i(-1)),
        ),
        (
            "lastIndexOf",
            vec![s("hello wello"), s("elbo room!!!")],
            Ok(i(-1)),
        ),
        (
            "lastIndexOf",
            vec![s("hello wello"), s("hello wello")],
            Ok(i(0)),
        ),
        (
            "lastIndexOf",
            vec![s("bananananana"), s("nana"), i(7)],
            Ok(i(6)),
        ),
        (
            "lastIndexOf",
            vec![s("tacocat"), s("a"), i(-1)],
            Err("index out of range: -1"),
        ),
        ("lastIndexOf", vec![s("tacocat"), s("a"), i(30)], Ok(i(-1))),
        // Longer in bytes than the string: not found, without looking.
        ("lastIndexOf", vec![s("©"), s("ab")], Ok(i(-1))),
    ]);
}

#[test]
fn index_of_on_lists_uses_cel_equality() {
    let l = Val::list(vec![i(1), Val::Double(2.0), s("a"), i(1), Val::Uint(2)]);
    table(&[
        ("indexOf", vec![l.clone(), Val::Uint(1)], Ok(i(0))),
        ("lastIndexOf", vec![l.clone(), Val::Double(1.0)], Ok(i(3))),
        ("indexOf", vec![l.clone(), i(2)], Ok(i(1))),
        ("lastIndexOf", vec![l.clone(), i(2)], Ok(i(4))),
        ("indexOf", vec![l.clone(), s("b")], Ok(i(-1))),
        ("lastIndexOf", vec![Val::list(vec![]), s("b")], Ok(i(-1))),
        (
            "indexOf",
            vec![Val::list(vec![strs(&["a"]), strs(&["b"])]), strs(&["b"])],
            Ok(i(1)),
        ),
        // The string overloads take no list item, nor the list ones a string receiver's.
        ("indexOf", vec![s("abc"), i(1)], Err("no such overload")),
    ]);
}

#[test]
fn case_replace_split_substring_trim_as_cel_go() {
    table(&[
        ("lowerAscii", vec![s("TacoCat")], Ok(s("tacocat"))),
        ("lowerAscii", vec![s("TacoCÆt")], Ok(s("tacocÆt"))),
        ("lowerAscii", vec![s("TacoCÆt Xii")], Ok(s("tacocÆt xii"))),
        ("upperAscii", vec![s("tacoCat")], Ok(s("TACOCAT"))),
        ("upperAscii", vec![s("tacoCαt")], Ok(s("TACOCαT"))),
        (
            "replace",
            vec![s("12 days 12 hours"), s("{0}"), s("2")],
            Ok(s("12 days 12 hours")),
        ),
        (
            "replace",
            vec![s("{0} days {0} hours"), s("{0}"), s("2")],
            Ok(s("2 days 2 hours")),
        ),
        (
            "replace",
            vec![s("{0} days {0} hours"), s("{0}"), s("2"), i(1)],
            Ok(s("2 days {0} hours")),
        ),
        (
            "replace",
            vec![s("{0} days {0} hours"), s("{0}"), s("2"), i(-1)],
            Ok(s("2 days 2 hours")),
        ),
        (
            "replace",
            vec![s("{0} days {0} hours"), s("{0}"), s("2"), i(0)],
            Ok(s("{0} days {0} hours")),
        ),
        (
            "replace",
            vec![s("1 ©αT taco"), s("αT"), s("o©α")],
            Ok(s("1 ©o©α taco")),
        ),
        (
            "replace",
            vec![s("hello hello"), s(""), s("_")],
            Ok(s("_h_e_l_l_o_ _h_e_l_l_o_")),
        ),
        ("replace", vec![s("héllo"), s(""), s("_"), i(3)], Ok(s("_h_é_llo"))),
        ("replace", vec![s("hello hello"), s("h"), s("")], Ok(s("ello ello"))),
        ("replace", vec![i(42), s("2"), s("1")], Err("no such overload")),
        ("replace", vec![s("42"), i(2), s("1")], Err("no such overload")),
        ("replace", vec![s("42"), s("2"), s("1"), s("1")], Err("no such overload")),
        ("split", vec![s("hello world"), s(" ")], Ok(strs(&["hello", "world"]))),
        ("split", vec![s("hello world events!"), s(" "), i(0)], Ok(strs(&[]))),
        (
            "split",
            vec![s("hello world events!"), s(" "), i(1)],
            Ok(strs(&["hello world events!"])),
        ),
        (
            "split",
            vec![s("o©o©o©o"), s("©"), i(-1)],
            Ok(strs(&["o", "o", "o", "o"])),
        ),
        ("split", vec![s("abc"), s("")], Ok(strs(&["a", "b", "c"]))),
        ("split", vec![s(""), s(",")], Ok(strs(&[""]))),
        ("split", vec![i(42), s("2")], Err("no such overload")),
        ("substring", vec![s("tacocat"), i(4)], Ok(s("cat"))),
        ("substring", vec![s("tacocat"), i(7)], Ok(s(""))),
        ("substring", vec![s("tacocat"), i(0), i(4)], Ok(s("taco"))),
        ("substring", vec![s("tacocat"), i(4), i(4)], Ok(s(""))),
        ("substring", vec![s("ta©o©αT"), i(2), i(6)], Ok(s("©o©α"))),
        ("substring", vec![s("ta©o©αT"), i(7), i(7)], Ok(s(""))),
        ("substring", vec![s("tacocat"), i(40)], Err("index out of range: 40")),
        ("substring", vec![s("tacocat"), i(-1)], Err("index out of range: -1")),
        ("substring", vec![s("tacocat"), i(1), i(50)], Err("index out of range: 50")),
        ("substring", vec![s("tacocat"), i(49), i(50)], Err("index out of range: 49")),
        (
            "substring",
            vec![s("tacocat"), i(4), i(3)],
            Err("invalid substring range. start: 4, end: 3"),
        ),
        ("trim", vec![s(" \u{c}\n\r\t\u{b}text  ")], Ok(s("text"))),
        ("trim", vec![s("\u{85}\u{a0}\u{1680}text")], Ok(s("text"))),
        (
            "trim",
            vec![s("text\u{2000}\u{2001}\u{2002}\u{2003}\u{2004}\u{2004}\u{2006}\u{2007}\u{2008}\u{2009}")],
            Ok(s("text")),
        ),
        (
            "trim",
            vec![s("\u{200a}text\u{2028}\u{2029}\u{202F}\u{205F}\u{3000}")],
            Ok(s("text")),
        ),
        (
            "trim",
            vec![s("\u{180e}text\u{200b}\u{200c}\u{200d}\u{2060}\u{feff}")],
            Ok(s("\u{180e}text\u{200b}\u{200c}\u{200d}\u{2060}\u{feff}")),
        ),
    ]);
}

#[test]
fn join_quote_and_the_standard_functions() {
    table(&[
        ("join", vec![strs(&["x", "y"])], Ok(s("xy"))),
        ("join", vec![strs(&["x", "y"]), s("-")], Ok(s("x-y"))),
        ("join", vec![strs(&[])], Ok(s(""))),
        ("join", vec![strs(&[]), s("-")], Ok(s(""))),
        (
            "join",
            vec![Val::list(vec![s("a"), i(1)]), s("-")],
            Err("join: invalid input: 1"),
        ),
        (
            "join",
            vec![Val::list(vec![s("a"), Val::Double(1e21)])],
            Err("join: invalid input: 1e+21"),
        ),
        // The overload's type guard looks at the first element: not a string, no overload.
        (
            "join",
            vec![Val::list(vec![Val::Double(1e21)])],
            Err("no such overload"),
        ),
        (
            "join",
            vec![Val::list(vec![s("a"), Val::bytes(b"hi")])],
            Err("join: invalid input: [104 105]"),
        ),
        ("join", vec![s("x")], Err("no such overload")),
        (
            "strings.quote",
            vec![s("first\nsecond")],
            Ok(s("\"first\\nsecond\"")),
        ),
        ("strings.quote", vec![s("bell\u{7}")], Ok(s("\"bell\\a\""))),
        (
            "strings.quote",
            vec![s("\u{8}backspace")],
            Ok(s("\"\\bbackspace\"")),
        ),
        (
            "strings.quote",
            vec![s("\u{c}form feed")],
            Ok(s("\"\\fform feed\"")),
        ),
        (
            "strings.quote",
            vec![s("carriage \r return")],
            Ok(s("\"carriage \\r return\"")),
        ),
        (
            "strings.quote",
            vec![s("horizontal tab\t")],
            Ok(s("\"horizontal tab\\t\"")),
        ),
        (
            "strings.quote",
            vec![s("vertical \u{b} tab")],
            Ok(s("\"vertical \\v tab\"")),
        ),
        (
            "strings.quote",
            vec![s("double \\\\ slash")],
            Ok(s("\"double \\\\\\\\ slash\"")),
        ),
        (
            "strings.quote",
            vec![s("two escape sequences \u{7}\n")],
            Ok(s("\"two escape sequences \\a\\n\"")),
        ),
        ("strings.quote", vec![s("verbatim")], Ok(s("\"verbatim\""))),
        (
            "strings.quote",
            vec![s("ends with \\")],
            Ok(s("\"ends with \\\\\"")),
        ),
        (
            "strings.quote",
            vec![s("\\ starts with")],
            Ok(s("\"\\\\ starts with\"")),
        ),
        (
            "strings.quote",
            vec![s("printable unicode😀")],
            Ok(s("\"printable unicode😀\"")),
        ),
        (
            "strings.quote",
            vec![s("mid string \" quote")],
            Ok(s("\"mid string \\\" quote\"")),
        ),
        (
            "strings.quote",
            vec![s("size('πέντε')")],
            Ok(s("\"size('πέντε')\"")),
        ),
        ("strings.quote", vec![s("завтра")], Ok(s("\"завтра\""))),
        // Control characters other than CEL's escapes stay as they are (not Go's %q).
        ("strings.quote", vec![s("\u{1}")], Ok(s("\"\u{1}\""))),
        ("strings.quote", vec![s("")], Ok(s("\"\""))),
        ("contains", vec![s("hello"), s("ell")], Ok(Val::Bool(true))),
        ("contains", vec![s("hello"), s("")], Ok(Val::Bool(true))),
        ("contains", vec![s("hello"), s("elo")], Ok(Val::Bool(false))),
        (
            "contains",
            vec![Val::bytes(b"hello"), s("ell")],
            Err("no such overload"),
        ),
        ("startsWith", vec![s("hello"), s("he")], Ok(Val::Bool(true))),
        (
            "startsWith",
            vec![s("hello"), s("lo")],
            Ok(Val::Bool(false)),
        ),
        ("endsWith", vec![s("hello"), s("lo")], Ok(Val::Bool(true))),
        ("endsWith", vec![s("hello"), s("he")], Ok(Val::Bool(false))),
        ("endsWith", vec![s("hello"), i(1)], Err("no such overload")),
    ]);
}

/// An error is cel-go's text, not `no such overload`.
#[test]
fn errors_are_cel_go_texts() {
    assert_eq!(
        call("substring", &[s("x"), i(2)]).unwrap_err(),
        Error::text("index out of range: 2")
    );
}

/// Go's `splittests` (strings_test.go) with `Split` as `SplitN(s, sep, -1)`.
#[test]
fn split_n_as_go_splits() {
    let cases: &[(&str, &str, i64, &[&str])] = &[
        ("", "", -1, &[]),
        ("abcd", "", 2, &["a", "bcd"]),
        ("abcd", "", 4, &["a", "b", "c", "d"]),
        ("abcd", "", -1, &["a", "b", "c", "d"]),
        ("abcd", "", 0, &[]),
        (
            "\u{263a}\u{263b}\u{2639}",
            "",
            -1,
            &["\u{263a}", "\u{263b}", "\u{2639}"],
        ),
        ("1 2 3 4", " ", 3, &["1", "2", "3 4"]),
        ("1 2", " ", 3, &["1", "2"]),
        ("abcd", "a", 0, &[]),
        ("abcd", "a", -1, &["", "bcd"]),
        ("abcd", "z", -1, &["abcd"]),
        ("1,2,3,", ",", -1, &["1", "2", "3", ""]),
        ("", ",", -1, &[""]),
        ("", "T", -1, &[""]),
    ];
    for (s, sep, n, want) in cases {
        assert_eq!(go_split_n(s, sep, *n), *want, "{s:?} {sep:?} {n}");
    }
}
