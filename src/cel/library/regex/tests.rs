//! `matches` (cel-go's standard tests), `find` and `findAll` (the examples of the Kubernetes
//! regex library's documentation), and the error texts of bad patterns.

use super::super::testing::call;
use crate::cel::val::Val;

fn s(x: &str) -> Val {
    Val::str(x)
}

fn strs(xs: &[&str]) -> Val {
    Val::list(xs.iter().map(|x| s(x)).collect())
}

#[test]
fn regex_functions_answer_as_go_regexp() {
    let cases: &[(&str, Vec<Val>, Result<Val, &str>)] = &[
        ("matches", vec![s("hubba"), s("ubb")], Ok(Val::Bool(true))),
        ("matches", vec![s("hubba"), s("^ubb")], Ok(Val::Bool(false))),
        (
            "matches",
            vec![s("k8s.io"), s(r"^[a-z0-9]+\.io$")],
            Ok(Val::Bool(true)),
        ),
        (
            "matches",
            vec![s("ab"), s(r"(?i)^AB$")],
            Ok(Val::Bool(true)),
        ),
        ("matches", vec![s("é"), s(r"^\w$")], Ok(Val::Bool(false))),
        ("matches", vec![s(""), s("")], Ok(Val::Bool(true))),
        (
            "matches",
            vec![s("a"), s("[")],
            Err("error parsing regexp: missing closing ]: `[`"),
        ),
        (
            "matches",
            vec![s("a"), s("(?=x)")],
            Err("error parsing regexp: invalid or unsupported Perl syntax: `(?=`"),
        ),
        (
            "matches",
            vec![s("a"), Val::Int(1)],
            Err("no such overload"),
        ),
        ("find", vec![s("abc 123"), s("[0-9]+")], Ok(s("123"))),
        ("find", vec![s("abc 123"), s("xyz")], Ok(s(""))),
        (
            "find",
            vec![s("abc"), s("[")],
            Err("Illegal regex: error parsing regexp: missing closing ]: `[`"),
        ),
        (
            "findAll",
            vec![s("123 abc 456"), s("[0-9]+")],
            Ok(strs(&["123", "456"])),
        ),
        (
            "findAll",
            vec![s("123 abc 456"), s("[0-9]+"), Val::Int(1)],
            Ok(strs(&["123"])),
        ),
        (
            "findAll",
            vec![s("123 abc 456"), s("[0-9]+"), Val::Int(-1)],
            Ok(strs(&["123", "456"])),
        ),
        (
            "findAll",
            vec![s("123 abc 456"), s("[0-9]+"), Val::Int(0)],
            Ok(strs(&[])),
        ),
        ("findAll", vec![s("123 abc 456"), s("xyz")], Ok(strs(&[]))),
        (
            "findAll",
            vec![s("abc"), s("*")],
            Err(
                "Illegal regex: error parsing regexp: missing argument to repetition operator: `*`",
            ),
        ),
        (
            "findAll",
            vec![s("abc"), s("a"), s("1")],
            Err("no such overload"),
        ),
    ];
    for (name, args, want) in cases {
        let got = call(name, args);
        match (&got, want) {
            (Ok(g), Ok(w)) => assert!(g.equals(w), "{name}{args:?}: got {g:?}, want {w:?}"),
            (Err(e), Err(w)) => assert_eq!(e.to_string(), *w, "{name}{args:?}"),
            _ => panic!("{name}{args:?}: got {got:?}, want {want:?}"),
        }
    }
    // A bad pattern fails again from the cache, with the same text.
    assert_eq!(
        call("matches", &[s("a"), s("[")]).unwrap_err().to_string(),
        "error parsing regexp: missing closing ]: `[`"
    );
}
