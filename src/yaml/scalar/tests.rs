//! Tables for YAML 1.1 resolution (go-yaml v2) and the style of new strings.

use super::*;

fn plain(v: &str) -> Resolved {
    resolve(&Scalar::plain(v))
}

fn tagged(v: &str, tag: &str, style: ScalarStyle) -> Result<Resolved, DecodeError> {
    resolve_checked(&Scalar {
        value: v.to_string(),
        style,
        json: false,
        props: crate::yaml::Props::tagged(Some(tag.into())),
    })
}

#[test]
fn nulls_and_bools() {
    for v in ["", "~", "null", "Null", "NULL"] {
        assert_eq!(plain(v), Resolved::Null, "{v}");
    }
    for v in [
        "y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON",
    ] {
        assert_eq!(plain(v), Resolved::Bool(true), "{v}");
    }
    for v in [
        "n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF",
    ] {
        assert_eq!(plain(v), Resolved::Bool(false), "{v}");
    }
    for v in ["nULL", "yES", "tRUE", "oN", "NUll", "nil", "None"] {
        assert_eq!(plain(v), Resolved::Str, "{v}");
    }
}

#[test]
fn integers() {
    let table: &[(&str, i64)] = &[
        ("0", 0),
        ("12", 12),
        ("-12", -12),
        ("+12", 12),
        ("1_000", 1000),
        ("0755", 493),
        ("-0755", -493),
        ("0x1F", 31),
        ("0XfF", 255),
        ("-0x10", -16),
        ("0b101", 5),
        ("-0b11", -3),
        ("0o17", 15),
        ("9223372036854775807", i64::MAX),
        ("-9223372036854775808", i64::MIN),
    ];
    for (v, want) in table {
        assert_eq!(plain(v), Resolved::Int(*want), "{v}");
    }
    assert_eq!(
        plain("9223372036854775808"),
        Resolved::BigInt("9223372036854775808".into())
    );
    assert_eq!(
        plain("18446744073709551615"),
        Resolved::BigInt("18446744073709551615".into())
    );
    assert_eq!(
        plain("18446744073709551616"),
        Resolved::Float(18446744073709551616.0)
    );
    assert_eq!(
        plain("-9223372036854775809"),
        Resolved::Float(-9223372036854775809.0)
    );
    assert_eq!(
        plain("+9223372036854775808"),
        Resolved::Float(9223372036854775808.0)
    );
}

#[test]
fn floats_and_strings() {
    let table: &[(&str, f64)] = &[
        ("1.5", 1.5),
        ("-1.5", -1.5),
        (".5", 0.5),
        ("1.", 1.0),
        ("1e3", 1000.0),
        ("1E-2", 0.01),
        ("1_000.5", 1000.5),
        ("09", 9.0),
        ("0755.5", 755.5),
        (".inf", f64::INFINITY),
        ("-.Inf", f64::NEG_INFINITY),
        ("+.INF", f64::INFINITY),
    ];
    for (v, want) in table {
        assert_eq!(plain(v), Resolved::Float(*want), "{v}");
    }
    assert!(matches!(plain(".NaN"), Resolved::Float(f) if f.is_nan()));
    for v in [
        "12:30:00",
        "2001-12-14",
        "2001-12-14t21:59:43.10-05:00",
        "1.2.3",
        "0x",
        "1e999",
        ".",
        "-",
        "+",
        "=",
        "<<",
        "_1",
        "inf",
        "nan",
        "1e",
        "0b2",
        "0xg",
        "abc",
        "1 2",
        "-.5x",
        "0o8",
    ] {
        assert_eq!(plain(v), Resolved::Str, "{v}");
    }
}

#[test]
fn quoted_and_tagged() {
    let q = |v: &str, style| {
        resolve(&Scalar {
            value: v.into(),
            style,
            props: crate::yaml::Props::NONE,
            json: false,
        })
    };
    assert_eq!(q("yes", ScalarStyle::SingleQuoted), Resolved::Str);
    assert_eq!(q("0755", ScalarStyle::DoubleQuoted), Resolved::Str);
    assert_eq!(q("~", ScalarStyle::Literal), Resolved::Str);
    assert_eq!(tagged("12", "!!str", ScalarStyle::Plain), Ok(Resolved::Str));
    assert_eq!(
        tagged("12", "!!int", ScalarStyle::DoubleQuoted),
        Ok(Resolved::Int(12))
    );
    assert_eq!(
        tagged("12", "!!float", ScalarStyle::Plain),
        Ok(Resolved::Float(12.0))
    );
    assert_eq!(
        tagged("yes", "!!bool", ScalarStyle::SingleQuoted),
        Ok(Resolved::Bool(true))
    );
    assert_eq!(
        tagged("~", "!!null", ScalarStyle::Plain),
        Ok(Resolved::Null)
    );
    assert_eq!(
        tagged("true", "!foo", ScalarStyle::Plain),
        Ok(Resolved::Str)
    );
    assert_eq!(tagged("1", "!", ScalarStyle::Plain), Ok(Resolved::Str));
    assert_eq!(
        tagged("2001-12-14", "!!timestamp", ScalarStyle::Plain),
        Ok(Resolved::Str)
    );
    assert_eq!(
        tagged("abc", "!!int", ScalarStyle::Plain).map_err(|e| e.to_string()),
        Err("cannot decode !!str `abc` as a !!int".to_string())
    );
    assert_eq!(
        tagged("1.5", "!!int", ScalarStyle::Plain).map_err(|_| ()),
        Err(())
    );
    assert_eq!(
        tagged("12", "!<tag:yaml.org,2002:int>", ScalarStyle::Plain),
        Ok(Resolved::Int(12))
    );
    // `!!!!int` is the tag `tag:yaml.org,2002:!!int`, held as its verbatim form: not a core
    // tag, so the text is a string (the fuzzer's `tag-of-bangs`).
    for tag in [
        "!<tag:yaml.org,2002:!!int>",
        "!!!!int",
        "!<tag:yaml.org,2002:int>>",
    ] {
        assert_eq!(
            tagged("", tag, ScalarStyle::Plain),
            Ok(Resolved::Str),
            "{tag}"
        );
    }
}

#[test]
fn new_string_styles() {
    use ScalarStyle::*;
    let table: &[(&str, ScalarStyle)] = &[
        ("hello", Plain),
        ("nginx:1.25", Plain),
        ("a b", Plain),
        ("-foo", Plain),
        ("ünïcode", Plain),
        ("a#b", Plain),
        ("yes", SingleQuoted),
        ("on", SingleQuoted),
        ("y", SingleQuoted),
        ("n", SingleQuoted),
        ("~", SingleQuoted),
        ("null", SingleQuoted),
        ("0755", SingleQuoted),
        ("1_000", SingleQuoted),
        ("12:30:00", SingleQuoted),
        ("1e3", SingleQuoted),
        ("0o17", SingleQuoted),
        (".inf", SingleQuoted),
        (".5", SingleQuoted),
        ("=", SingleQuoted),
        ("<<", SingleQuoted),
        ("2001-12-14", SingleQuoted),
        ("", SingleQuoted),
        (" lead", SingleQuoted),
        ("trail ", SingleQuoted),
        ("a: b", SingleQuoted),
        ("a #b", SingleQuoted),
        ("key:", SingleQuoted),
        ("- x", SingleQuoted),
        ("---", SingleQuoted),
        ("*ref", SingleQuoted),
        ("[x]", SingleQuoted),
        ("it's", Plain),
        ("'q'", SingleQuoted),
        ("two\nlines", DoubleQuoted),
        ("tab\there", DoubleQuoted),
        ("bell\u{7}", DoubleQuoted),
    ];
    for (s, want) in table {
        assert_eq!(string_style(s), *want, "{s:?}");
    }
}

#[test]
fn new_string_styles_by_the_words_and_indicators_anywhere() {
    use ScalarStyle::*;
    let table: &[(&str, ScalarStyle)] = &[
        ("YES", SingleQuoted),
        ("+Infinity", SingleQuoted),
        ("-.NaN", SingleQuoted),
        ("oFf", SingleQuoted),
        ("infinity1", Plain),
        ("infinityx", Plain),
        ("yés", Plain),
        ("a,b", SingleQuoted),
        ("a}", SingleQuoted),
        ("é: x", SingleQuoted),
        ("é #x", SingleQuoted),
        ("x:é", Plain),
        ("x#é", Plain),
        ("a:\tb", DoubleQuoted),
    ];
    for (s, want) in table {
        assert_eq!(string_style(s), *want, "{s:?}");
    }
}

#[test]
fn binary_scalars_mean_their_decoded_bytes() {
    let s = |tag: Option<&str>, v: &str| Scalar {
        value: v.to_string(),
        style: ScalarStyle::Plain,
        props: crate::yaml::Props::tagged(tag.map(Into::into)),
        json: false,
    };
    assert_eq!(string_text(&s(Some("!!binary"), "aGk=")), "hi");
    assert_eq!(
        string_text(&s(Some("!<tag:yaml.org,2002:binary>"), "aGk=")),
        "hi"
    );
    assert_eq!(string_text(&s(Some("!!binary"), "/w==")), "\u{fffd}");
    assert_eq!(string_text(&s(Some("!!str"), "aGk=")), "aGk=");
    assert_eq!(string_text(&s(None, "aGk=")), "aGk=");
}

/// A short decimal read without the general path is the int64 Go's `ParseInt` (base 0) reads;
/// every other text is left to that path.
#[test]
fn short_decimals_read_as_go_parses_them() {
    let mut texts: Vec<String> = [
        "0", "-0", "7", "-7", "10", "0755", "08", "-08", "1_0", "+5", "1e3", "1.0", "-", "", "12a",
        "0x1f", "0o7", "0b1", "-9", "٣",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for n in 1..=20 {
        texts.push("9".repeat(n));
        texts.push(format!("-{}", "9".repeat(n)));
        texts.push(format!("1{}", "0".repeat(n - 1)));
    }
    texts.push(i64::MAX.to_string());
    texts.push(i64::MIN.to_string());
    for t in &texts {
        match super::short_decimal(t.as_bytes()) {
            Some(i) => {
                assert!(
                    matches!(go_parse_int(t), Some(GoInt::Signed(j)) if j == i),
                    "{t}"
                );
                assert_eq!(resolve_plain(t), Resolved::Int(i), "{t}");
            }
            None => {
                let d = t.strip_prefix('-').unwrap_or(t);
                let short = (1..=18).contains(&d.len())
                    && d.bytes().all(|c| c.is_ascii_digit())
                    && (d.len() == 1 || !d.starts_with('0'));
                assert!(!short, "{t} is a short decimal");
            }
        }
    }
}
