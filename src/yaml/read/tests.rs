//! The reader against go-yaml v2 and kubectl: what is read, what is refused (with go-yaml's
//! cause), where every node lies.

use super::{compose, decode, read_stream, Kind, RNode};
use serde_json::{json, Value};

/// Texts made from `seeds` by changing each byte to each of `swaps`, and every prefix of each.
pub(super) fn one_byte_changes<S: AsRef<str>>(seeds: &[S], swaps: &[u8]) -> Vec<Vec<u8>> {
    let mut texts = Vec::new();
    for seed in seeds {
        let b = seed.as_ref().as_bytes();
        texts.extend((0..=b.len()).map(|n| b[..n].to_vec()));
        for at in 0..b.len() {
            for &c in swaps {
                let mut m = b.to_vec();
                m[at] = c;
                texts.push(m);
            }
        }
    }
    texts
}

/// Each document's JSON as kubectl holds it (empty documents left out).
fn read(text: &str) -> Result<Vec<Value>, String> {
    let docs = read_stream(text).map_err(|r| r.message)?;
    Ok(docs
        .iter()
        .filter_map(|d| d.root.as_ref())
        .map(|r| decode::to_json(r).unwrap())
        .filter(|v| !v.is_null())
        .collect())
}

fn one(text: &str) -> Value {
    let mut v = read(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
    assert_eq!(v.len(), 1, "{text:?}");
    v.remove(0)
}

fn refused(text: &str) -> String {
    read(text).expect_err(text)
}

#[test]
fn read_as_kubectl_reads() {
    let cases: &[(&str, Value)] = &[
        ("a: 1\n", json!({"a": 1})),
        ("a:\tvalue\n", json!({"a": "value"})),
        ("a: \"v\"# c\n", json!({"a": "v"})),
        ("a: 1\n...\nb: [\n", json!({"a": 1})),
        ("a: b\u{feff}c\n", json!({"a": "b\u{feff}c"})),
        ("a: |\n  text", json!({"a": "text\n"})),
        ("a: |-\n  text\n", json!({"a": "text"})),
        ("a: |+\n  text\n\n", json!({"a": "text\n\n"})),
        ("a: >\n  x\n  y\n\n  z\n", json!({"a": "x y\nz\n"})),
        ("a: \"x\u{85}y\"\n", json!({"a": "x y"})),
        ("a: 'x\u{2028}y'\n", json!({"a": "x\u{2028}y"})),
        ("a: \"caf\\u00e9 \\x41\"\n", json!({"a": "café A"})),
        (
            "a: yes\nb: 0755\nc: 1_000\nd: ~\ne: 0x1F\n",
            json!({"a": true, "b": 493, "c": 1000, "d": null, "e": 31}),
        ),
        ("a: 2001-12-14\n", json!({"a": "2001-12-14"})),
        (
            "a: !!timestamp 2001-12-14t21:59:43.10-05:00\n",
            json!({"a": "2001-12-14t21:59:43.10-05:00"}),
        ),
        (
            "a: 18446744073709551615\n",
            json!({"a": 18446744073709551615.0f64}),
        ),
        (
            "a: 1.0\nb: 1e3\nc: 0.5\n",
            json!({"a": 1, "b": 1000, "c": 0.5}),
        ),
        (
            "b: &x {k: v}\nc: *x\n",
            json!({"b": {"k": "v"}, "c": {"k": "v"}}),
        ),
        (
            "b: &x {k: v, l: 1}\nc:\n  <<: *x\n  l: 2\n",
            json!({"b": {"k": "v", "l": 1}, "c": {"k": "v", "l": 2}}),
        ),
        ("c:\n  l: 2\n  <<: {l: 3}\n", json!({"c": {"l": 3}})),
        (
            "1: a\ntrue: b\n1.5: c\n",
            json!({"1": "a", "true": "b", "1.5": "c"}),
        ),
        (
            "{a: [1, 2], b: {c: d}}\n",
            json!({"a": [1, 2], "b": {"c": "d"}}),
        ),
        ("a: {b:c}\n", json!({"a": {"b:c": null}})),
        (
            "a: !!float 1\nb: !!str 1\nc: !!binary aGk=\n",
            json!({"a": 1, "b": "1", "c": "hi"}),
        ),
        ("a: ! 12\n", json!({"a": "12"})),
        ("- a\n- - b\n  - c\n", json!(["a", ["b", "c"]])),
        ("a:\n- b\n- c\n", json!({"a": ["b", "c"]})),
        ("a: x\n  y\n", json!({"a": "x y"})),
        ("\u{feff}a: 1\n", json!({"a": 1})),
        ("a: 1\r\nb: 2\r\n", json!({"a": 1, "b": 2})),
        ("---\n---\na: 1\n--- # c\n", json!({"a": 1})),
        ("{\"a\": \"\\/\"}", json!({"a": "/"})),
        ("? a\n: b\n", json!({"a": "b"})),
    ];
    for (text, want) in cases {
        assert_eq!(&one(text), want, "{text:?}");
    }
}

#[test]
fn refused_as_kubectl_refuses() {
    let cases: &[(&str, &str)] = &[
        ("~: x\n", "unsupported map key of type: %!s(<nil>)"),
        ("? [a, b]\n: c\n", "invalid map key: []interface {}"),
        ("a: .inf\n", "json: unsupported value: +Inf"),
        ("a: -.inf\n", "json: unsupported value: -Inf"),
        ("a: .nan\n", "json: unsupported value: NaN"),
        ("a: \"\\/\"\n", "found unknown escape character"),
        (
            "a: \"\\uD83D\"\n",
            "found invalid Unicode character escape code",
        ),
        (
            "%YAML 1.1\n---\na: 1\n",
            "did not find expected <document start>",
        ),
        (
            "--- !!map\na: 1\n",
            "invalid Yaml document separator: !!map",
        ),
        (
            "a: !!binary x\n",
            "!!binary value contains invalid base64 data",
        ),
        ("a: !!int ~\n", "cannot decode !!null `~` as a !!int"),
        ("a: !!bool yess\n", "cannot decode !!str `yess` as a !!bool"),
        ("a: *nowhere\n", "unknown anchor 'nowhere' referenced"),
        ("a: &x [*x]\n", "anchor 'x' value contains itself"),
        (
            "a: b: c\n",
            "mapping values are not allowed in this context",
        ),
        ("a: [b\n", "did not find expected ',' or ']'"),
        (
            "a: 1\n b: 2\n",
            "mapping values are not allowed in this context",
        ),
        ("a: 1\nb\nc: 2\n", "could not find expected ':'"),
        ("- a\nb: c\n", "did not find expected '-' indicator"),
        ("a:\n  - b\n c: d\n", "did not find expected key"),
        ("a: `x\n", "found character that cannot start any token"),
        ("a: 'x\n", "found unexpected end of stream"),
        ("a: x\u{1}\n", "control characters are not allowed"),
        ("a: |0\n  x\n", "found an indentation indicator equal to 0"),
        (
            "a: 18446744073709551615\n18446744073709551615: x\n",
            "unsupported map key of type: uint64",
        ),
        (
            "a: [1]\n<<: 1\n",
            "map merge requires map or sequence of maps as the value",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(&refused(text), want, "{text:?}");
    }
}

#[test]
fn control_characters_are_found_where_gos_reader_reads() {
    // After `...` nothing more is scanned, but the 512-byte block being read is checked.
    assert_eq!(
        refused("a: 1\n...\nb\u{1}\n"),
        "control characters are not allowed"
    );
    let far = format!("a: 1\n...\n{}\u{1}\n", "x".repeat(600));
    assert_eq!(one(&far), json!({"a": 1}));
    // A syntax error found before the block holding the character is reached wins.
    let late = format!("a: b: c\n{}\u{1}\n", "#".repeat(600));
    assert_eq!(
        refused(&late),
        "mapping values are not allowed in this context"
    );
    assert_eq!(
        refused("a: b: c\u{1}\n"),
        "control characters are not allowed"
    );
}

#[test]
fn a_last_line_ending_in_cr_takes_the_added_line_feed_as_crlf() {
    // Found by the fuzzer (`-\r` scanned forever): kubectl's line reader adds `\n` after the
    // last line, so a final CR becomes one CRLF break.
    assert_eq!(one("-\r"), json!([null]));
    assert_eq!(one("a: b\r"), json!({"a": "b"}));
    assert_eq!(one("a: |\n  x\r"), json!({"a": "x\n"}));
    assert_eq!(refused("a: 'x\r"), "found unexpected end of stream");
}

#[test]
fn a_nul_character_ends_scanning_with_the_readers_refusal() {
    // Found by the fuzzer: a block scalar header followed by NUL used to scan forever.
    for text in [">\0", "a: >\0", "a: |\n  x\0y\n", "a: 'x\0", "[a, \0", "\0"] {
        assert_eq!(
            refused(text),
            "control characters are not allowed",
            "{text:?}"
        );
    }
    // After one JSON value, the rest is read as YAML; when that fails too, apimachinery's
    // decoder gives the JSON refusal.
    assert_eq!(
        refused("{\"a\": 1}\0"),
        r"json: offset 1: invalid character '\x00' looking for beginning of value"
    );
    // As for any control character, a NUL in a block the reader never reached is not seen.
    let far = format!("a: 1\n...\n{}\0\n", "x".repeat(600));
    assert_eq!(one(&far), json!({"a": 1}));
}

#[test]
fn refusals_name_document_line_and_column() {
    let r = read_stream("a: 1\n---\nb: 2\nc: d: e\n").unwrap_err();
    assert_eq!((r.document, r.line, r.column), (1, 4, 5));
    assert_eq!(r.message, "mapping values are not allowed in this context");
    let r = read_stream("a: 1\n---\nb: x\u{1d}y\n").unwrap_err();
    assert_eq!((r.document, r.line, r.column), (1, 3, 5));
}

fn scalar_at<'a>(n: &'a RNode, key: &str) -> &'a RNode {
    let Kind::Map { entries, .. } = &n.kind else {
        panic!("not a map")
    };
    &entries
        .iter()
        .find(|(k, _)| matches!(&k.kind, Kind::Scalar { value, .. } if value == key))
        .unwrap()
        .1
}

#[test]
fn every_node_has_its_span_and_source_text() {
    let text =
        "a: 1\n---\nb: &x \"caf\\u00e9\"\nc: [1, {d: e}]\nf: |\n  l1\n  l2\ng:\n  - h\n  - *x\n";
    let docs = read_stream(text).unwrap();
    assert_eq!(docs.len(), 2);
    assert_eq!(docs[1].range.start, 9);
    let root = docs[1].root.as_ref().unwrap();
    let b = scalar_at(root, "b");
    assert_eq!(b.span.text(text), "&x \"caf\\u00e9\"");
    assert_eq!((b.span.start.line, b.span.start.column), (3, 4));
    assert_eq!(b.anchor(), Some("x"));
    let c = scalar_at(root, "c");
    assert_eq!(c.span.text(text), "[1, {d: e}]");
    let f = scalar_at(root, "f");
    assert_eq!(f.span.text(text), "|\n  l1\n  l2\n");
    let g = scalar_at(root, "g");
    assert_eq!(g.span.text(text), "- h\n  - *x");
    let Kind::Seq { items, .. } = &g.kind else {
        panic!()
    };
    assert_eq!(items[1].alias(), Some("x"));
    assert_eq!(items[1].span.text(text), "*x");
    assert!(matches!(&items[1].kind, Kind::Scalar { value, .. } if value == "café"));
}

#[test]
fn limits_stay_kubectls() {
    let deep = "[".repeat(10_001) + &"]".repeat(10_001);
    assert_eq!(refused(&deep), "exceeded max depth of 10000");
    let mut bomb = String::from("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
    for (i, prev) in ["b", "c", "d", "e", "f"]
        .iter()
        .zip(["a", "b", "c", "d", "e"])
    {
        bomb += &format!("{i}: &{i} [*{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}]\n");
    }
    assert_eq!(refused(&bomb), "document contains excessive aliasing");
}

#[test]
fn the_quick_check_passes_only_trees_that_decode() {
    // (document, passed by the quick check); a tree it does not pass goes to the full decoding.
    let cases: &[(&str, bool)] = &[
        (
            "a: 1\nb: [x, 'y', -2.5e3, .5, 9223372036854775807]\nc: {d: ~}\n",
            true,
        ),
        // Beyond int64: left to the full decoding (a uint64 there, a float beyond that).
        ("a: 18446744073709551615\n", false),
        ("1: one\ntrue: yes\n'': quoted\n", true),
        ("a: .nan\n", false),
        ("a: [-.inf]\n", false),
        ("a: 18446744073709551616\n", true),
        // Past float64's range: Go's parsing fails, so a string.
        (&*format!("a: 1{}\n", "0".repeat(400)), true),
        ("~: x\n", false),
        (": x\n", false),
        ("18446744073709551615: x\n", false),
        ("a: !!str 1\n", false),
        ("!!map {a: 1}\n", false),
        ("b: &x {a: 1}\nc: {<<: *x}\n", false),
        ("'<<': x\n", false),
        ("? [a]\n: x\n", false),
    ];
    for (text, quick) in cases {
        let docs = super::read_stream(text).map_err(|r| r.message);
        let root = docs.as_ref().ok().and_then(|d| d[0].root.as_ref());
        let root = match (root, *quick) {
            (Some(r), _) => r.clone(),
            // Refused by the reader itself: the quick check must not have passed it.
            (None, q) => {
                assert!(!q, "{text:?}: {docs:?}");
                continue;
            }
        };
        assert_eq!(decode::plainly_fine(&root), *quick, "{text:?}");
        if *quick {
            assert!(decode::to_json(&root).is_ok(), "{text:?}");
        }
        // No case but the merge key's has a name besides a tag: the one-walk check of a tree
        // without names answers as the quick check.
        assert_eq!(decode::plainly_fine_unnamed(&root), *quick, "{text:?}");
    }
    // A name alone (an anchor, an alias) sends the tree to both checks.
    for text in [
        "a: &x 1
b: 2
",
        "a: &x 1
b: *x
",
        "&x a: 1
",
    ] {
        let root = super::read_stream(text).unwrap()[0].root.clone().unwrap();
        assert!(decode::plainly_fine(&root), "{text:?}");
        assert!(!decode::plainly_fine_unnamed(&root), "{text:?}");
    }
}

#[test]
fn a_json_stream_is_split_as_apimachinerys_decoder_splits_it() {
    // Values one by one, in any layout.
    assert_eq!(
        read("{\"a\": 1}{\"b\": 2}\n {\"c\": 3}").unwrap(),
        vec![json!({"a": 1}), json!({"b": 2}), json!({"c": 3})]
    );
    // After one value, what JSON does not read is read as YAML (go-yaml's `09` is 9): the
    // second object is not dropped.
    assert_eq!(
        read("{\"a\": 1}\n{\"a\": 09, b: x}\n").unwrap(),
        vec![json!({"a": 1}), json!({"a": 9, "b": "x"})]
    );
    // With no value read, the whole stream is YAML.
    assert_eq!(
        read("{a: 1}\n---\nb: 2\n").unwrap(),
        vec![json!({"a": 1}), json!({"b": 2})]
    );
    // After two values, the stream is JSON: Go's cause, as it is.
    assert_eq!(
        refused("{\"a\": 1}\n{\"b\": 2}\n{\"a\": 09}\n"),
        "invalid character '9' after object key:value pair"
    );
    // After one, when the YAML does not read either, the JSON refusal with its offset.
    assert_eq!(
        refused("{\"a\": 1}\n...\n"),
        "json: offset 2: invalid character '.' looking for beginning of value"
    );
    assert_eq!(
        refused("{\"a\": 1}\n{\"a\": ]}"),
        "json: offset 8: invalid character ']' looking for beginning of value"
    );
    // A first value JSON refuses, YAML may read (a flow sequence's trailing comma).
    assert_eq!(one("{\"a\": [1,]}\n"), json!({"a": [1]}));
}

#[test]
fn first_control_is_the_first_character_go_yaml_refuses() {
    // The definition, a character at a time.
    let slow = |t: &str| {
        t.char_indices()
            .find(|&(_, c)| {
                !matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{7e}' | '\u{85}' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
            })
            .map(|(i, _)| i)
    };
    let cases = [
        "",
        "a: b\n",
        "a:\tb\r\n",
        "\u{7f}",
        "x\u{1}",
        "é: ü\n",
        "é\u{7f}",
        "ü\u{84}",
        "ü\u{85}",
        "a\u{9f}b",
        "a\u{a0}",
        "a\u{d7ff}\u{e000}",
        "a\u{fffe}",
        "a\u{ffff}b",
        "a\u{fffd}\u{10000}\u{10ffff}",
        "中文\u{0}",
        "\u{feff}a",
        "a\u{2028}b",
        "😀\u{1b}",
    ];
    for t in cases {
        assert_eq!(compose::first_control(t), slow(t), "{t:?}");
        // Behind whole blocks of printable ASCII, and across a block's end.
        for pad in [31, 32, 33, 64, 95] {
            let t = format!("{}{t}{}", "a\tb\n".repeat(pad / 4), "x".repeat(pad % 7));
            assert_eq!(compose::first_control(&t), slow(&t), "{t:?}");
        }
    }
}

#[test]
fn scalars_read_in_runs_keep_their_folding() {
    // Read a run at a time: blanks inside a line kept, a line break folded to a space, more
    // line breaks kept, an escaped line break joining its lines, LS kept as itself.
    let cases: &[(&str, &str)] = &[
        ("a: \"x  y\tz\"\n", "x  y\tz"),
        ("a: \"x  \\\n   y\"\n", "x  y"),
        ("a: \"x \\\n\n  y\"\n", "x \ny"),
        ("a: \"x\\\n  \\ y\"\n", "x y"),
        ("a: 'x  \n\n\n  y'\n", "x\n\ny"),
        ("a: 'it''s \u{2028} z'\n", "it's\u{2028}z"),
        ("a: x  y\n  z  \n\n  w\n", "x  y z\nw"),
        ("a: x:y  #c\n", "x:y"),
        ("a: |\n    x\n      y\n\n    z\n", "x\n  y\n\nz\n"),
        ("a: >2\n     x\n   y\n", "   x\n y\n"),
    ];
    for (text, want) in cases {
        assert_eq!(one(text)["a"], json!(want), "{text:?}");
    }
}

/// Every token, event and node is moved from stage to stage (the scanner's queue, the parser's
/// looks at the next token, the composer's stacks): they stay small, their rare parts (anchors,
/// aliases, tags) boxed or in the token's text.
#[test]
#[cfg(target_pointer_width = "64")]
fn tokens_events_and_nodes_stay_small() {
    use super::{parser::Event, scanner::Token, RNode};
    assert!(std::mem::size_of::<Token>() <= 80);
    assert!(std::mem::size_of::<Event>() <= 88);
    assert!(
        std::mem::size_of::<RNode>() <= 104,
        "{}",
        std::mem::size_of::<RNode>()
    );
}
