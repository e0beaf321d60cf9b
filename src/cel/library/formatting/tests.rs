//! cel-go's `ext/formatting_test.go` (v0.26.0, `TestStringFormat` with the en_US locale or
//! none, `TestStringFormatHeterogeneousLiterals`), today's `format()` facts, and the
//! compile-time check ([`check_format`]).

// cel-go's cases print 2.71828 and 3.14, not Rust's constants.
#![allow(clippy::approx_constant)]

use super::{check_format, TypeOnly};
use crate::cel::val::{Error, Key, Map, Val};
use std::collections::BTreeMap;

fn s(x: &str) -> Val {
    Val::str(x)
}

fn d(x: f64) -> Val {
    Val::Double(x)
}

fn i(x: i64) -> Val {
    Val::Int(x)
}

fn ts(x: &str) -> Val {
    Val::Timestamp(chrono::DateTime::parse_from_rfc3339(x).unwrap())
}

fn dur(secs: i64, nanos: i64) -> Val {
    Val::Duration(chrono::Duration::seconds(secs) + chrono::Duration::nanoseconds(nanos))
}

fn map(entries: Vec<(Key, Val)>) -> Val {
    Val::Map(Map::new(entries.into_iter().collect::<BTreeMap<_, _>>()))
}

/// `f.format(args)` through the registered function: the string, or the error.
fn run(f: &str, args: Vec<Val>) -> Result<String, Error> {
    let call = |args: &[Val]| super::super::call_by_name("format", args);
    match call(&[s(f), Val::list(args)]) {
        Ok(Val::String(out)) => Ok(out.to_string()),
        Ok(other) => panic!("{f}: not a string: {other:?}"),
        Err(e) => Err(e),
    }
}

fn table(cases: Vec<(&str, Vec<Val>, Result<&str, &str>)>) {
    for (f, args, want) in cases {
        let want = want.map(str::to_string).map_err(str::to_string);
        let got = run(f, args.clone()).map_err(|e| e.to_string());
        assert_eq!(got, want, "{f:?} {args:?}");
    }
}

/// cel-go's error for a `%s` argument of a type no clause takes.
macro_rules! any_clause {
    ($t:literal) => {
        concat!(
            "error during formatting: string clause can only be used on strings, bools, bytes, ",
            "ints, doubles, maps, lists, types, durations, and timestamps, was given ",
            $t
        )
    };
}

#[test]
fn cel_go_format_outputs() {
    table(vec![
        ("no substitution", vec![], Ok("no substitution")),
        (
            "str is %s and some more",
            vec![s("filler")],
            Ok("str is filler and some more"),
        ),
        ("%% and also %%", vec![], Ok("% and also %")),
        ("%%%s%%", vec![s("text")], Ok("%text%")),
        (
            "%s%%",
            vec![s("percent on the right")],
            Ok("percent on the right%"),
        ),
        (
            "%%%s",
            vec![s("percent on the left")],
            Ok("%percent on the left"),
        ),
        (
            "%d %d %d, %s %s %s, %d %d %d, %s %s %s",
            vec![
                i(1),
                i(2),
                i(3),
                s("A"),
                s("B"),
                s("C"),
                i(4),
                i(5),
                i(6),
                s("D"),
                s("E"),
                s("F"),
            ],
            Ok("1 2 3, A B C, 4 5 6, D E F"),
        ),
        ("%.3f", vec![d(1.2345)], Ok("1.234")),
        (
            "this is 5 in binary: %b",
            vec![i(5)],
            Ok("this is 5 in binary: 101"),
        ),
        (
            "this is -5 in binary: %b",
            vec![i(-5)],
            Ok("this is -5 in binary: -101"),
        ),
        (
            "unsigned 64 in binary: %b",
            vec![Val::Uint(64)],
            Ok("unsigned 64 in binary: 1000000"),
        ),
        (
            "bit set from bool: %b",
            vec![Val::Bool(true)],
            Ok("bit set from bool: 1"),
        ),
        ("%o", vec![i(11)], Ok("13")),
        ("%o", vec![i(-11)], Ok("-13")),
        (
            "this is an unsigned octal: %o",
            vec![Val::Uint(65535)],
            Ok("this is an unsigned octal: 177777"),
        ),
        (
            "%x is 30 in hexadecimal",
            vec![i(30)],
            Ok("1e is 30 in hexadecimal"),
        ),
        (
            "%X is 20 in hexadecimal",
            vec![i(30)],
            Ok("1E is 20 in hexadecimal"),
        ),
        (
            "%x is -30 in hexadecimal",
            vec![i(-30)],
            Ok("-1e is -30 in hexadecimal"),
        ),
        (
            "%X is 6000 in hexadecimal",
            vec![Val::Uint(6000)],
            Ok("1770 is 6000 in hexadecimal"),
        ),
        (
            "%x",
            vec![s("Hello world!")],
            Ok("48656c6c6f20776f726c6421"),
        ),
        (
            "%X",
            vec![s("Hello world!")],
            Ok("48656C6C6F20776F726C6421"),
        ),
        (
            "%x",
            vec![Val::bytes(b"byte string")],
            Ok("6279746520737472696e67"),
        ),
        (
            "%x",
            vec![Val::bytes(b"\x00\x00byte string\x00")],
            Ok("00006279746520737472696e6700"),
        ),
        (
            "%X",
            vec![Val::bytes(b"byte string")],
            Ok("6279746520737472696E67"),
        ),
        ("%.6e", vec![d(1052.032911275)], Ok("1.052033×10⁰³")),
        ("%f", vec![d(2.71828)], Ok("2.718280")),
        ("%e", vec![d(2.71828)], Ok("2.718280×10⁰⁰")),
        ("%s", vec![d(2.71)], Ok("2.71")),
        ("%s", vec![Val::list(vec![d(2.71)])], Ok("[2.710000]")),
        ("%s", vec![d(0.000000002)], Ok("2e-09")),
        (
            "%s",
            vec![Val::list(vec![d(0.000000002)])],
            Ok("[0.000000]"),
        ),
        ("%f", vec![s("NaN")], Ok("NaN")),
        ("%f", vec![s("Infinity")], Ok("∞")),
        ("%f", vec![s("-Infinity")], Ok("-∞")),
        ("%s", vec![d(f64::NAN)], Ok("NaN")),
        ("%s", vec![d(f64::INFINITY)], Ok("+Inf")),
        ("%s", vec![d(f64::NEG_INFINITY)], Ok("-Inf")),
        (
            "%s",
            vec![Val::list(vec![
                d(f64::NAN),
                d(f64::INFINITY),
                d(f64::NEG_INFINITY),
            ])],
            Ok(r#"["NaN", "+Inf", "-Inf"]"#),
        ),
        ("%d", vec![Val::Uint(64)], Ok("64")),
        ("null: %s", vec![Val::Null], Ok("null: null")),
        ("%s", vec![i(999999999999)], Ok("999999999999")),
        (
            "some bytes: %s",
            vec![Val::bytes(b"xyz")],
            Ok("some bytes: xyz"),
        ),
        (
            "type is %s",
            vec![Val::type_of("string")],
            Ok("type is string"),
        ),
        (
            "%s",
            vec![ts("2023-02-03T23:31:20+00:00")],
            Ok("2023-02-03T23:31:20Z"),
        ),
        ("%s", vec![dur(6347, 0)], Ok("6347s")),
        ("%s", vec![dur(0, 2)], Ok("0.000000002s")),
        (
            "%s",
            vec![Val::list(vec![
                s("abc"),
                d(3.14),
                Val::Null,
                Val::list(vec![i(9), i(8), i(7), i(6)]),
                ts("2023-02-03T23:31:20Z"),
            ])],
            Ok(r#"["abc", 3.140000, null, [9, 8, 7, 6], timestamp("2023-02-03T23:31:20Z")]"#),
        ),
        (
            "%s",
            vec![map(vec![
                (Key::str("key1"), Val::bytes(b"xyz")),
                (Key::str("key5"), Val::Null),
                (Key::str("key2"), dur(7200, 0)),
                (Key::str("key4"), Val::Bool(true)),
                (Key::str("key3"), d(2.71828)),
            ])],
            Ok(
                r#"{"key1":b"xyz", "key2":duration("7200s"), "key3":2.718280, "key4":true, "key5":null}"#,
            ),
        ),
        (
            "map with multiple key types: %s",
            vec![map(vec![
                (Key::Int(1), s("value1")),
                (Key::Uint(2), s("value2")),
                (Key::Bool(true), d(f64::NAN)),
            ])],
            Ok(r#"map with multiple key types: {1:"value1", 2:"value2", true:"NaN"}"#),
        ),
        (
            "true bool: %s, false bool: %s",
            vec![Val::Bool(true), Val::Bool(false)],
            Ok("true bool: true, false bool: false"),
        ),
        (
            "dynIntStr: %s dynDoubleStr: %s",
            vec![i(32), d(56.8)],
            Ok("dynIntStr: 32 dynDoubleStr: 56.8"),
        ),
        (
            "dynamic hex int: %X (uppercase)",
            vec![i(26)],
            Ok("dynamic hex int: 1A (uppercase)"),
        ),
        (
            "dynamic hex int: %x (unsigned)",
            vec![Val::Uint(500)],
            Ok("dynamic hex int: 1f4 (unsigned)"),
        ),
        (
            "dynamic double: %.3f",
            vec![d(4.5)],
            Ok("dynamic double: 4.500"),
        ),
        (
            "NaN: %f, infinity: %f",
            vec![d(f64::NAN), d(f64::INFINITY)],
            Ok("NaN: NaN, infinity: ∞"),
        ),
        (
            "dyntype timestamp: %s",
            vec![ts("2009-11-10T23:00:00Z")],
            Ok("dyntype timestamp: 2009-11-10T23:00:00Z"),
        ),
        (
            "dyntype list: %s",
            vec![Val::list(vec![i(6), d(4.2), s("a string")])],
            Ok(r#"dyntype list: [6, 4.200000, "a string"]"#),
        ),
        (
            "dyntype map: %s",
            vec![map(vec![
                (Key::str("strKey"), s("x")),
                (Key::Bool(true), i(42)),
                (Key::Int(6), dur(422, 0)),
            ])],
            Ok(r#"dyntype map: {"strKey":"x", 6:duration("422s"), true:42}"#),
        ),
        (
            "message field msg.single_int32: %d, msg.single_double: %.1f",
            vec![i(2), d(1.0)],
            Ok("message field msg.single_int32: 2, msg.single_double: 1.0"),
        ),
        // TestStringFormatHeterogeneousLiterals.
        (
            "list: %s",
            vec![Val::list(vec![Val::list(vec![
                i(1),
                i(2),
                Val::list(vec![d(3.0), i(4)]),
            ])])],
            Ok("list: [[1, 2, [3.000000, 4]]]"),
        ),
        // TestLiteralOutput: the text reads back as the same CEL value.
        (
            "%s",
            vec![Val::list(vec![
                Val::Uint(32),
                Val::bytes(b"def"),
                Val::type_of("string"),
                dur(420, 0),
                ts("2019-10-12T07:20:50.52Z"),
            ])],
            Ok(r#"[32, b"def", string, duration("420s"), timestamp("2019-10-12T07:20:50.52Z")]"#),
        ),
    ]);
}

#[test]
fn cel_go_format_errors() {
    table(vec![
        ("%a", vec![i(1)], Err("could not parse formatting clause: unrecognized formatting clause \"a\"")),
        ("%d %d %d", vec![i(0), i(1)], Err("index 2 out of range")),
        ("string is %b", vec![s("abc")], Err("error during formatting: only integers and bools can be formatted as binary, was given string")),
        ("%d", vec![dur(1802, 0)], Err("error during formatting: decimal clause can only be used on integers, was given google.protobuf.Duration")),
        ("octal: %o", vec![s("a string")], Err("error during formatting: octal clause can only be used on integers, was given string")),
        ("double is %x", vec![d(0.5)], Err("error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given double")),
        ("double is %E", vec![d(0.5)], Err(r#"could not parse formatting clause: unrecognized formatting clause "E""#)),
        ("null: %d", vec![Val::Null], Err("error during formatting: decimal clause can only be used on integers, was given null_type")),
        ("null: %e", vec![Val::Null], Err("error during formatting: scientific clause can only be used on doubles, was given null_type")),
        ("null: %f", vec![Val::Null], Err("error during formatting: fixed-point clause can only be used on doubles, was given null_type")),
        ("null: %x", vec![Val::Null], Err("error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given null_type")),
        ("null: %X", vec![Val::Null], Err("error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given null_type")),
        ("null: %b", vec![Val::Null], Err("error during formatting: only integers and bools can be formatted as binary, was given null_type")),
        ("null: %o", vec![Val::Null], Err("error during formatting: octal clause can only be used on integers, was given null_type")),
        ("%s %s", vec![s("abc")], Err("index 1 out of range")),
        ("filler %", vec![], Err("index 0 out of range")),
        ("filler %", vec![i(1)], Err("unexpected end of string")),
        ("%j", vec![i(123)], Err(r#"could not parse formatting clause: unrecognized formatting clause "j""#)),
        ("double is %.34", vec![d(5.0)], Err("could not parse formatting clause: error while parsing precision: could not find end of precision specifier")),
        ("%.f", vec![d(5.0)], Err(r#"could not parse formatting clause: error while parsing precision: error while converting precision to integer: strconv.Atoi: parsing "": invalid syntax"#)),
        // The clause is named by its first byte as a code point, as cel-go does.
        ("%é", vec![i(1)], Err("could not parse formatting clause: unrecognized formatting clause \"Ã\"")),
        // Values of no clause's type (a library type, an optional), alone or in a list.
        ("%s", vec![Val::ext(TypeOnly("net.IP".into()))], Err(any_clause!("net.IP"))),
        ("%s", vec![Val::some(i(1))], Err(any_clause!("optional_type"))),
        ("%s", vec![Val::list(vec![i(1), Val::none()])], Err("error during formatting: no formatting function for optional_type")),
        ("%s", vec![Val::bytes(b"\xff")], Err(r#"error during formatting: could not convert argument "invalid UTF-8 in bytes, cannot convert to string" to string"#)),
    ]);
}

/// Today's facts (src/cel/tests/library.rs's FORMAT table).
#[test]
fn todays_format_facts() {
    table(vec![
        ("%s %s", vec![s("hello"), s("world")], Ok("hello world")),
        ("%.2f", vec![d(1234567.891)], Ok("1,234,567.89")),
        ("%f", vec![d(-0.0000001)], Ok("0.000000")),
        ("%f", vec![d(-1.5)], Ok("-1.500000")),
        ("%s", vec![Val::list(vec![s("a"), s("b")])], Ok(r#"["a", "b"]"#)),
        ("%s", vec![map(vec![(Key::str("b"), i(2)), (Key::str("a"), i(1))])], Ok(r#"{"a":1, "b":2}"#)),
        ("%s", vec![d(2.0)], Ok("2")),
        ("%s", vec![d(1e21)], Ok("1e+21")),
        ("%s", vec![dur(3600, 0)], Ok("3600s")),
        ("%s", vec![ts("2024-03-01T12:00:00.5Z")], Ok("2024-03-01T12:00:00.5Z")),
        ("%s", vec![ts("2024-03-01T12:00:00.5+05:30")], Ok("2024-03-01T12:00:00.5+05:30")),
        ("%s", vec![Val::list(vec![dur(1, 0)])], Ok(r#"[duration("1s")]"#)),
        ("%s", vec![Val::list(vec![s("q\"\n")])], Ok(r#"["q\"\n"]"#)),
        ("%%", vec![], Ok("%")),
        ("%d", vec![s("a")], Err("error during formatting: decimal clause can only be used on integers, was given string")),
        ("%f", vec![i(1)], Err("error during formatting: fixed-point clause can only be used on doubles, was given int")),
        ("%z", vec![i(1)], Err("could not parse formatting clause: unrecognized formatting clause \"z\"")),
    ]);
    let call = |args: &[Val]| super::super::call_by_name("format", args);
    assert_eq!(
        call(&[s("%s"), s("x")]).unwrap_err().to_string(),
        "no such overload"
    );
}

/// cel-go v0.26's `%e` (`Scientific`): `fmt.Sprintf("%%%de", precision)` makes the precision
/// a width, so six digits always follow the point and a precision wider than the number pads
/// it with spaces (x/text's printer counts characters); cel-go's test `%.6e` of
/// 1052.032911275 reads `1.052033 × 10⁰³`, six digits however wide.
#[test]
fn scientific_precision_is_a_width() {
    let e = |f: &str, x: f64| run(f, vec![d(x)]).unwrap();
    assert_eq!(e("%e", -3.0), "-3.000000×10⁰⁰");
    assert_eq!(e("%.3e", -3.0), "-3.000000×10⁰⁰");
    assert_eq!(e("%.0e", 1234.5678), "1.234568×10⁰³");
    assert_eq!(e("%.16e", 1.0), "   1.000000×10⁰⁰");
    assert_eq!(e("%.2e", 0.000123), "1.230000×10⁻⁰⁴");
    assert_eq!(e("%.8e", f64::INFINITY), "+Inf");
    assert_eq!(run("%e", vec![s("NaN")]).unwrap(), "NaN");
}

/// Up to 1.32 (golang.org/x/text before v0.23) narrow no-break spaces surround `×`, as
/// cel-go's own test expects.
#[test]
fn scientific_before_1_33_has_spaces() {
    use crate::versions::{enter, Behaviours, KubeVersion};
    let _v = enter(Behaviours::of(KubeVersion::of_minor(32).unwrap()));
    assert_eq!(
        run("unescaped unicode: %e", vec![d(2.71828)]).unwrap(),
        "unescaped unicode: 2.718280\u{202f}\u{d7}\u{202f}10\u{2070}\u{2070}"
    );
}

/// The compile-time check: the argument's static type stands for it (a sample value, or a
/// [`TypeOnly`] for a type no clause takes); an unknown type is not checked.
#[test]
fn static_check_refuses_the_types_no_clause_takes() {
    let object = || Some(Val::ext(TypeOnly("io.k8s.Thing".into())));
    assert_eq!(
        check_format("object is %s", &[object()]),
        Err((Some(0), any_clause!("io.k8s.Thing").to_string()))
    );
    assert_eq!(
        check_format("%d and %s", &[Some(i(0)), object()]),
        Err((Some(1), any_clause!("io.k8s.Thing").to_string()))
    );
    assert_eq!(
        check_format("int is %d", &[Some(d(0.0))]),
        Err((Some(0), "error during formatting: decimal clause can only be used on integers, was given double".into()))
    );
    assert_eq!(
        check_format("double is %e", &[Some(Val::Bool(false))]),
        Err((Some(0), "error during formatting: scientific clause can only be used on doubles, was given bool".into()))
    );
    assert_eq!(
        check_format("%x", &[Some(d(0.0))]),
        Err((Some(0), "error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given double".into()))
    );
    // Strings are allowed where a double is (`NaN`, `Infinity`) and checked by kind only.
    assert_eq!(check_format("%f %e", &[Some(s("")), Some(s(""))]), Ok(()));
    assert_eq!(check_format("%.3e", &[Some(d(0.0))]), Ok(()));
    assert_eq!(check_format("%s", &[None]), Ok(()));
    assert_eq!(check_format("%d %s", &[None, Some(Val::Null)]), Ok(()));
    assert_eq!(check_format("%s", &[Some(Val::Null)]), Ok(()));
    // The syntax and the count of arguments are checked too (at the call).
    assert_eq!(
        check_format("%s %s %j", &[Some(s(""))]),
        Err((None, "index 1 out of range".into()))
    );
    assert_eq!(check_format("%%", &[]), Ok(()));
}

/// cel-go's whole compile-time check (`formatting_test.go`'s compile-time cases): the syntax
/// and the count of arguments at the call, a clause's type at its argument, in the order of
/// the clauses.
#[test]
fn validate_as_cel_go_validator() {
    use super::validate;
    let str_ = || Some(s(""));
    type Case<'a> = (
        &'a str,
        Vec<Option<Val>>,
        Result<(), (Option<usize>, &'a str)>,
    );
    let cases: Vec<Case> = vec![
        ("%s %s", vec![str_()], Err((None, "index 1 out of range"))),
        (
            "%s %s",
            vec![str_(), str_(), str_()],
            Err((None, "too many arguments supplied to string.format (expected 2, got 3)")),
        ),
        ("filler %", vec![], Err((None, "unexpected end of string"))),
        (
            "%j",
            vec![Some(i(0))],
            Err((None, r#"could not parse formatting clause: unrecognized formatting clause "j""#)),
        ),
        (
            "double is %.34",
            vec![Some(d(0.0))],
            Err((None, "could not parse formatting clause: error while parsing precision: could not find end of precision specifier")),
        ),
        (
            "int is %d",
            vec![Some(d(0.0))],
            Err((Some(0), "error during formatting: decimal clause can only be used on integers, was given double")),
        ),
        (
            "%s %b %j",
            vec![None, str_(), None],
            Err((Some(1), "error during formatting: only integers and bools can be formatted as binary, was given string")),
        ),
        (
            "list is %s",
            vec![Some(Val::list(vec![i(1), Val::ext(TypeOnly("ext.TestAllTypes".into()))]))],
            Err((Some(0), any_clause!("ext.TestAllTypes"))),
        ),
        ("%s and %d and %%", vec![None, None], Ok(())),
        ("no clauses", vec![], Ok(())),
    ];
    for (f, args, want) in cases {
        let want = want.map_err(|(at, m)| (at, m.to_string()));
        assert_eq!(validate(f, &args), want, "{f:?}");
    }
}
