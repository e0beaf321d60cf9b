//! Tables for YAML → JSON (as sigs.k8s.io/yaml reads) and JSON → new nodes.

use super::*;
use crate::yaml::parse_stream;
use crate::yaml::{Mapping, Scalar, ScalarStyle, Sequence};
use serde_json::json;

fn yj(text: &str) -> Value {
    to_json(&parse_stream(text).unwrap()[0]).unwrap()
}

#[test]
fn scalars_read_the_yaml_1_1_way() {
    let v = yj(
        "a: yes\nb: 'yes'\nc: 0755\nd: \"0755\"\ne: 1_000\nf: ~\ng: y\nh: 12:30:00\n\
                i: 9223372036854775808\nj: 1.0\nk: 1.5\nl: 2001-12-14\nm: !!str 12\nnn: |\n  x\n\
                o: 99999999999999999999\ny: p\np: 1e3\nq: Null\nr:\n",
    );
    assert_eq!(
        v,
        json!({"a": true, "b": "yes", "c": 493, "d": "0755", "e": 1000, "f": null, "g": true,
               "h": "12:30:00", "i": 9223372036854775808u64, "j": 1, "k": 1.5, "l": "2001-12-14",
               "m": "12", "nn": "x\n", "true": "p", "o": 1e20, "p": 1000, "q": null, "r": null})
    );
}

#[test]
fn json_numbers_keep_go_json_decoder_types() {
    // encoding/json (with the apiserver's number conversion) holds a number with a fraction, an
    // exponent or beyond int64 as a float64; YAML's integral floats become integers.
    let text =
        r#"{"a": 9007199254740992.0, "b": 1e3, "c": 2, "d": 18446744073709551615, "e": 1.5}"#;
    let v = yj(text);
    assert!(v["a"].is_f64() && v["b"].is_f64() && v["d"].is_f64(), "{v}");
    assert_eq!(
        v,
        json!({"a": 9007199254740992.0, "b": 1000.0, "c": 2, "d": 1.8446744073709552e19, "e": 1.5})
    );
    let y = yj("a: 9007199254740992.0\nb: 1e3\nc: 2\nd: 18446744073709551615\n");
    assert_eq!(
        y,
        json!({"a": 9007199254740992u64, "b": 1000, "c": 2, "d": 18446744073709551615u64})
    );
    assert!(y["a"].is_i64());
}

#[test]
fn keys_become_strings_like_sigs_yaml() {
    let v = yj("on: 1\n0755: 2\n1.5: 3\nno: 4\nplain: 5\n1e7: 6\n");
    let keys: Vec<_> = v.as_object().unwrap().keys().cloned().collect();
    assert_eq!(keys, ["true", "493", "1.5", "false", "plain", "1e+07"]);
    // The reader refuses what sigs.k8s.io/yaml refuses; a tree built so is refused here.
    let e = parse_stream("~: 1\n").unwrap_err();
    assert_eq!(e.message, "unsupported map key of type: %!s(<nil>)");
    let null_key = Node::Map(Mapping {
        entries: vec![(Node::Scalar(Scalar::plain("~")), Node::string("x"))],
        ..Mapping::default()
    });
    assert!(to_json(&null_key).unwrap_err().message.contains("null"));
    let seq_key = Node::Map(Mapping {
        entries: vec![(Node::Seq(Sequence::default()), Node::string("x"))],
        ..Mapping::default()
    });
    assert!(to_json(&seq_key).is_err());
}

#[test]
fn merges_and_errors() {
    let v = yj("base: &b {x: 1, z: 2}\nm:\n  <<: *b\n  z: 3\n");
    assert_eq!(v["m"], json!({"x": 1, "z": 3}));
    let v = yj("m:\n  <<: [{a: 1}, {a: 2, b: 2}]\n");
    assert_eq!(v["m"], json!({"a": 1, "b": 2}));
    assert!(parse_stream("a: .inf\n").is_err());
    assert!(parse_stream("a: !!int x\n").is_err());
    assert!(to_json(&Node::Scalar(Scalar::plain(".inf"))).is_err());
    let bad_int = Node::Scalar(Scalar {
        value: "x".into(),
        style: ScalarStyle::Plain,
        json: false,
        props: crate::yaml::Props::tagged(Some("!!int".into())),
    });
    assert!(to_json(&bad_int).is_err());
    // A NaN that a later entry of the same key replaces is never written (kubectl-yaml stream
    // 104): the entry keeps its place with the last value. One that stays is refused.
    let v = yj("m: {k: 1, q: {x: .nan}, q: 2}\n");
    assert_eq!(serde_json::to_string(&v["m"]).unwrap(), r#"{"k":1,"q":2}"#);
    let mut doc = parse_stream("{n: {x: .nan}, n: 2}\n").unwrap().remove(0);
    if let Node::Map(m) = &mut doc {
        m.entries.reverse();
    }
    assert!(to_json(&doc).is_err());
    // A later merge or a key of another type written the same replaces it too; the last one
    // set wins (found by the reader fuzz target).
    let v = yj("m:\n  <<: {b: .nan}\n  b: 1\nk: {0: 1, 0.: 2, 0: 3}\n");
    assert_eq!(v, json!({"m": {"b": 1}, "k": {"0": 3}}));
    assert!(parse_stream("m: {b: 1, <<: {b: .nan}}\n").is_err());
    // So does a null key in a value replaced later.
    assert_eq!(yj("a: {~: 1}\na: 2\n"), json!({"a": 2}));
    assert!(parse_stream("a: 2\na: {~: 1}\n").is_err());
}

#[test]
fn from_json_builds_nodes_that_read_back() {
    let value = json!({"s": "yes", "t": "plain", "n": null, "i": -5, "u": 18446744073709551615u64,
                       "f": 0.1, "g": 1e300, "b": false, "e": {}, "l": [], "x": "0755"});
    let node = from_json(&value);
    let m = node.as_map().unwrap();
    let style = |k: &str| match m.get(k).unwrap() {
        Node::Scalar(s) => (s.value.clone(), s.style),
        _ => panic!(),
    };
    assert_eq!(style("s"), ("yes".into(), ScalarStyle::SingleQuoted));
    assert_eq!(style("t"), ("plain".into(), ScalarStyle::Plain));
    assert_eq!(style("n"), ("null".into(), ScalarStyle::Plain));
    assert_eq!(
        style("u"),
        ("18446744073709551615".into(), ScalarStyle::Plain)
    );
    assert_eq!(style("f"), ("0.1".into(), ScalarStyle::Plain));
    assert_eq!(style("x"), ("0755".into(), ScalarStyle::SingleQuoted));
    let back = to_json(&node).unwrap();
    assert_eq!(back, value);
}

/// JSON text read straight into a tree gives the tree `from_json` makes of its `Value` but for
/// the strings' styles (double-quoted): the same values, key order and JSON, a repeated key in
/// its first place with its last value (in a small map and past the 16 keys where a key index
/// takes over).
#[test]
fn json_text_reads_into_the_tree_from_json_makes() {
    let many: String = (0..40).map(|i| format!("\"k{i}\": {i}, ")).collect();
    let cases = [
        r#"null"#.to_string(),
        r#"{"a": "yes", "b": "0755", "c": 1, "d": -7, "e": 1.5, "f": 1.0, "g": 1e21}"#.to_string(),
        r#"{"h": 18446744073709551615, "i": 9223372036854775808, "j": 0.1, "k": -0.0}"#.to_string(),
        r#"{"l": [true, false, null, "", "a\nb", "\u00e9"], "m": {}, "n": [], "o": {"p": [{}]}}"#
            .to_string(),
        r#"{"a": 1, "b": 2, "a": 3}"#.to_string(),
        format!("{{{many}\"k3\": \"again\", \"k39\": [1], \"last\": null}}"),
    ];
    for text in cases {
        let value: Value = serde_json::from_str(&text).unwrap();
        let got = from_json_str(&text).unwrap();
        fn keys(n: &Node, out: &mut Vec<String>) {
            match n {
                Node::Map(m) => m.entries.iter().for_each(|(k, v)| {
                    out.push(k.scalar_str().unwrap().to_string());
                    keys(v, out);
                }),
                Node::Seq(s) => s.items.iter().for_each(|i| keys(i, out)),
                Node::Scalar(_) => {}
            }
        }
        let (mut a, mut b) = (Vec::new(), Vec::new());
        keys(&got, &mut a);
        keys(&from_json(&value), &mut b);
        assert_eq!(a, b, "{text}: the keys in the same order");
        let want = to_json(&from_json(&value)).unwrap();
        assert_eq!(to_json(&got).unwrap(), want, "{text}");
        let written = crate::yaml::emit_stream(std::slice::from_ref(&got));
        let again = parse_stream(&written).unwrap();
        assert_eq!(
            to_json(&again[0]).unwrap(),
            want,
            "{text}: written and read back"
        );
    }
    assert!(
        from_json_str("{\"a\": 1} x").is_err(),
        "text after the value"
    );
    assert!(from_json_str("{\"a\": ").is_err());
}

/// `write_plain_json` writes what `to_json` gives, as `serde_json` prints it, for every object
/// that reads back the same from JSON, and refuses the others.
#[test]
fn plain_json_is_written_as_serde_json_prints_the_value() {
    let write = |text: &str| {
        let node = crate::yaml::parse_stream(text).unwrap().remove(0);
        let mut out = Vec::new();
        write_plain_json(&node, &mut out).then(|| String::from_utf8(out).unwrap())
    };
    let plain = [
        "a: 1\nb: [x, 'y', \"z\\n\\u0001\", null, ~, true, off, 0755, 0x1F, 1.5, 2.0, 1e3]\n",
        "a: {b: {c: [], d: {}}}\nq: \"caf\\u00e9 \\\" \\\\ \\t\"\n",
        "big: 99999999999999999999\nneg: -12\nf: -.5\nk: 'yes'\n",
        "- 1\n- - 2\n  - {x: y}\n",
        "{\"json\": 1.0, \"n\": 9007199254740992.0}\n",
        "plain string\n",
        &(0..20).map(|i| format!("k{i}: {i}\n")).collect::<String>(),
    ];
    for text in plain {
        let node = crate::yaml::parse_stream(text).unwrap().remove(0);
        let want = to_json(&node).unwrap().to_string();
        assert_eq!(write(text).as_deref(), Some(want.as_str()), "{text}");
    }
    let refused = [
        "a: !!str 1\n",
        "a: !custom {b: 1}\n",
        "a: !!seq [1]\n",
        "base: &b {x: 1}\nc:\n  <<: *b\n",
        "a: 1\nb: 2\na: 3\n",
        "1: one\n",
        "true: yes\n",
        &((0..20).map(|i| format!("k{i}: {i}\n")).collect::<String>() + "k3: again\n"),
    ];
    for text in refused {
        assert_eq!(write(text), None, "{text}");
    }
    // Values JSON cannot hold (the reader refuses them; a tree may be made by hand).
    for special in [".nan", "-.inf"] {
        let node = Node::Seq(Sequence {
            items: vec![
                Node::Scalar(Scalar::plain("1")),
                Node::Scalar(Scalar::plain(special)),
            ],
            flow: false,
            one_line: false,
            props: crate::yaml::Props::NONE,
            span: crate::yaml::Span::NONE,
        });
        assert!(!write_plain_json(&node, &mut Vec::new()), "{special}");
    }
}

/// A string is written as serde_json writes it, with or without anything to escape.
#[test]
fn strings_are_written_as_serde_json_writes_them() {
    let table = [
        "",
        "plain",
        "a long plain string with spaces, UTF-8 é 日本 and \u{2028}\u{7f}<>&",
        "quote \" inside",
        "back\\slash",
        "tab\tline\nbreak\r",
        "\u{0}\u{1f}",
        "seventeen bytes!\"",
    ];
    for s in table {
        let mut out = Vec::new();
        assert!(super::write_str(s, &mut out));
        assert_eq!(
            String::from_utf8(out).unwrap(),
            serde_json::to_string(s).unwrap(),
            "{s:?}"
        );
    }
}

#[test]
fn scalars_are_written_as_serde_json_writes_them() {
    let values = [
        json!(null),
        json!(true),
        json!(false),
        json!(0),
        json!(-1),
        json!(i64::MIN),
        json!(u64::MAX),
        json!(0.1),
        json!(-0.0),
        json!(1e300),
        json!(1.5e-7),
        json!(123456789012345680.0),
        json!(2.5),
        json!("a\"b\\c\u{1}"),
    ];
    // Every ASCII character, alone and between others, and some beyond.
    let mut strings: Vec<Value> = (0u8..0x80)
        .map(|c| json!(format!("{}", c as char)))
        .chain((0u8..0x80).map(|c| json!(format!("a{}b\u{e9}", c as char))))
        .collect();
    strings.push(json!("\u{2028}\u{feff}\"\\\n\u{1f}"));
    for v in values.into_iter().chain(strings) {
        let mut out = Vec::new();
        assert!(scalar_into(&v, &mut out));
        assert_eq!(
            String::from_utf8(out).unwrap(),
            serde_json::to_string(&v).unwrap()
        );
    }
}

/// A text with `\u` escapes, as Go's encoding/json writes `<`, `>` and `&` (and any character
/// a writer escapes), gives the trees' own value without them, said not to be the writer's
/// text; the writer's text is then the value's, as the trees' writer writes it. An escape of
/// a surrogate, a malformed one, or a key too long for the YAML scanner once escaped, gives
/// none.
#[test]
fn a_value_read_through_u_escapes_is_the_trees_own() {
    let escaped = [
        r#"{"d":"a \u003cb\u003e \u0026 c"}"#,
        r#"{"\u006b":"\u00e9\u20ac","x":["\u0000","\u001f","\u007f"]}"#,
        r#"{"nel":"\u0085","ls":"\u2028","ps":"\u2029","bom":"\ufeff"}"#,
        r#"{"a":"\"\\\n\u005c"}"#,
    ];
    for text in escaped {
        let (value, written) = value_as_read(text).unwrap_or_else(|| panic!("{text}"));
        assert!(!written, "{text}");
        let node = &parse_stream(text).unwrap()[0];
        assert_eq!(Some(&value), to_json(node).ok().as_ref(), "{text}");
        let mut tree_text = String::new();
        crate::resourcelist::json::write_node(
            &mut tree_text,
            node,
            crate::resourcelist::json::Layout::Compact,
            0,
        )
        .unwrap();
        let mut value_text = String::new();
        crate::resourcelist::json::write_value(
            &mut value_text,
            &value,
            crate::resourcelist::json::Layout::Compact,
            0,
        );
        assert_eq!(value_text, tree_text, "{text}");
        assert_eq!(value_text, value.to_string(), "{text}");
        assert_eq!(json_as_read(text), None, "{text}");
    }
    let plain = r#"{"d":"a <b> & c"}"#;
    assert_eq!(value_as_read(plain).map(|(_, w)| w), Some(true));
    let long = |escape: &str, n: usize| format!(r#"{{"{}":1}}"#, escape.repeat(n));
    for text in [
        r#"{"a":"\ud83d\ude00"}"#.to_string(),
        r#"{"a":"\udc00"}"#.to_string(),
        r#"{"a":"\u00g1"}"#.to_string(),
        r#"{"a":"\u+0ab"}"#.to_string(),
        r#"{"a":"\u12"}"#.to_string(),
        long("\\u0061", 134),
    ] {
        assert_eq!(value_as_read(&text), None, "{text}");
    }
    // A key of 400 characters is taken written plainly, or with serde_json's escapes.
    assert!(value_as_read(&long("a", 400)).is_some());
    assert!(value_as_read(&long("\\n", 400)).is_some());
    assert!(value_as_read(&long("a", 401)).is_none());
}
