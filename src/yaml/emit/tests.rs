//! Emitter layout and per-style writing, checked as text and by re-parsing.

use super::*;
use crate::yaml::parse_stream;

fn round(text: &str) -> String {
    let docs = parse_stream(text).unwrap();
    let out = emit_stream(&docs);
    let back = parse_stream(&out).unwrap();
    assert_eq!(back.len(), docs.len(), "{out}");
    for (a, b) in back.iter().zip(&docs) {
        assert!(a.content_eq(b), "re-parse of:\n{out}\n{a:?}\n{b:?}");
    }
    out
}

#[test]
fn kyaml_layout() {
    let src = "apiVersion: v1\nkind: X\nspec:\n  list:\n  - a\n  - b: 1\n    c: [x, y]\n  - - n\n  empty: {}\n  none: []\n  nil:\n";
    let want = "apiVersion: v1\nkind: X\nspec:\n  list:\n  - a\n  - b: 1\n    c:\n    - x\n    - y\n  - - n\n  empty: {}\n  none: []\n  nil:\n";
    assert_eq!(round(src), want);
}

#[test]
fn scalars_keep_their_style_and_text() {
    let src = "a: 'yes'\nb: \"on\"\nc: 0755\nd: 1_000\ne: ~\nf: 12:30:00\ng: y\nh: n\n\
               i: 123456789012345678901234567890\nj: \"12\"\nk: 'it''s'\nl: \"tab\\there\"\n";
    assert_eq!(round(src), src);
}

#[test]
fn block_scalars() {
    for src in [
        "a: |\n  l1\n  l2\n",
        "a: |-\n  l1\n  l2\n",
        "a: |+\n  l1\n\n",
        "a: >\n  f1 f2\n\n  f3\n",
        "a: >-\n  f1\n\n   more\n  f2\n",
        "a: |2\n   lead\n  x\n",
        "- |\n  in seq\n- k: >+\n    v\n\n",
    ] {
        assert_eq!(round(src), src);
    }
}

#[test]
fn unusual_keys_tags_and_fallbacks() {
    let out = round("? [a, b]\n: v\n? |\n  block key\n: w\n!!str x: !!int 5\n? ''\n: e\n");
    assert!(
        out.starts_with("? - a\n  - b\n: v\n? |\n  block key\n: w\n!!str x: !!int 5\n''"),
        "{out}"
    );
    round("--- !!map\na: !foo\n  b: 1\nc: !!seq\n- 1\nd: !!set {}\n");
    round("---\n--- x\n--- |\n  root\n---\n- !!null\n- ! a\n");
    round("a: 'multi\n\n  line'\nb: \"x\\n y\\u0001\"\nc: plain\n  folded\n\n  more\n");
    let mut m = Mapping::default();
    m.entries
        .push((Node::string("k"), Node::Scalar(Scalar::plain(" padded"))));
    let mut out = String::new();
    emit_document(&Node::Map(m), &mut out);
    assert_eq!(out, "k: \" padded\"\n");
}
