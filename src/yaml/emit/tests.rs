//! Emitter layout and per-style writing, checked as text and by re-parsing.

use super::*;
use crate::yaml::{parse_stream, Props, Scalar};

/// The documents but empty ones (an empty document is written as nothing after its `---`,
/// which kubectl's splitting drops, as it drops every empty document).
fn non_empty(docs: Vec<Node>) -> Vec<Node> {
    docs.into_iter()
        .filter(|d| d.scalar_str() != Some("") || d.as_str().is_some())
        .collect()
}

fn round(text: &str) -> String {
    let docs = parse_stream(text).unwrap();
    let out = emit_stream(&docs);
    let (docs, back) = (non_empty(docs), non_empty(parse_stream(&out).unwrap()));
    assert_eq!(back.len(), docs.len(), "{out}");
    for (a, b) in back.iter().zip(&docs) {
        assert!(a.content_eq(b), "re-parse of:\n{out}\n{a:?}\n{b:?}");
    }
    out
}

#[test]
fn kyaml_layout() {
    let src = "apiVersion: v1\nkind: X\nspec:\n  list:\n  - a\n  - b: 1\n    c: [x, y]\n  - - n\n  empty: {}\n  none: []\n  nil:\n";
    assert_eq!(round(src), src);
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
    let out = round("? |\n  block key\n: w\n!!str x: !!int 5\n? ''\n: e\n");
    assert!(
        out.starts_with("? |\n  block key\n: w\n!!str x: !!int 5\n''"),
        "{out}"
    );
    round("!!map\na: !foo\n  b: 1\nc: !!seq\n- 1\nd: !!set {}\n");
    round("---\n# nothing\n---\nx\n---\n|\n  root\n---\n- !!null\n- ! a\n");
    round("a: 'multi\n\n  line'\nb: \"x\\n y\\u0001\"\nc: plain\n  folded\n\n  more\n");
    let mut m = Mapping::default();
    m.entries
        .push((Node::string("k"), Node::Scalar(Scalar::plain(" padded"))));
    let mut out = String::new();
    emit_document(&Node::Map(m), &mut out);
    assert_eq!(out, "k: \" padded\"\n");
}

/// A small deterministic generator (xorshift) for the round-trip property test.
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        crate::test_support::xorshift(&mut self.0)
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[(self.next() % items.len() as u64) as usize]
    }

    fn text(&mut self) -> String {
        const PARTS: &[&str] = &[
            "a", "b", "1", "0x1F", " ", "  ", "\n", "\n\n", "\t", ":", ": ", "#", " #", "-", "- ",
            "'", "\"", "\\", "é", "\u{85}", "\u{2028}", "[", "]", "{", "}", ",", "?", "|", ">",
            "*", "&", "!", "%", "@", "`", "...", "---", "yes", "~", "null", "\r", "\u{1}", "😀",
        ];
        let n = self.next() % 6;
        (0..n).map(|_| *self.pick(PARTS)).collect()
    }

    fn node(&mut self, depth: u32) -> Node {
        const STYLES: &[ScalarStyle] = &[
            ScalarStyle::Plain,
            ScalarStyle::SingleQuoted,
            ScalarStyle::DoubleQuoted,
            ScalarStyle::Literal,
            ScalarStyle::Folded,
        ];
        const TAGS: &[Option<&str>] = &[None, None, None, Some("!!str"), Some("!local")];
        let tag = self.pick(TAGS).map(str::to_string);
        let flow = self.next().is_multiple_of(2);
        match if depth == 0 {
            self.next() % 2 * 3
        } else {
            self.next() % 4
        } {
            3 => Node::string(&self.text()),
            0 => Node::Scalar(Scalar {
                value: self.text(),
                style: *self.pick(STYLES),
                json: false,
                props: Props::tagged(tag.clone().map(Into::into)),
            }),
            1 => Node::Seq(Sequence {
                items: (0..self.next() % 4).map(|_| self.node(depth - 1)).collect(),
                flow,
                one_line: flow,
                props: Props::tagged(tag.clone().map(Into::into)),
                span: crate::yaml::Span::NONE,
            }),
            _ => Node::Map(Mapping {
                entries: (0..self.next() % 4)
                    .map(|_| (self.node(depth - 1), self.node(depth - 1)))
                    .collect(),
                flow,
                one_line: flow,
                props: Props::tagged(tag.clone().map(Into::into)),
                span: crate::yaml::Span::NONE,
            }),
        }
    }
}

/// Every scalar reads back with its text and either its style or (when that style cannot hold
/// the text) double quotes; structure and tags are unchanged.
fn same_modulo_fallback(got: &Node, want: &Node) -> bool {
    match (got, want) {
        (Node::Scalar(a), Node::Scalar(b)) => {
            let plain_empty = b.style == ScalarStyle::Plain && b.value.is_empty();
            a.value == b.value
                && a.tag() == b.tag()
                && (a.style == b.style || (a.style == ScalarStyle::DoubleQuoted && !plain_empty))
        }
        (Node::Seq(a), Node::Seq(b)) => {
            a.tag() == b.tag()
                && a.items.len() == b.items.len()
                && a.items
                    .iter()
                    .zip(&b.items)
                    .all(|(x, y)| same_modulo_fallback(x, y))
        }
        (Node::Map(a), Node::Map(b)) => {
            a.tag() == b.tag()
                && a.entries.len() == b.entries.len()
                && a.entries
                    .iter()
                    .zip(&b.entries)
                    .all(|((k1, v1), (k2, v2))| {
                        same_modulo_fallback(k1, k2) && same_modulo_fallback(v1, v2)
                    })
        }
        _ => false,
    }
}

#[test]
fn random_trees_round_trip() {
    let seed = std::env::var("RT_SEED").ok().and_then(|v| v.parse().ok());
    let mut g = Gen(seed.unwrap_or(0x9e37_79b9_7f4a_7c15));
    let n = std::env::var("RT_N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000);
    for i in 0..n {
        let docs: Vec<Node> = (0..1 + g.next() % 3).map(|_| g.node(3)).collect();
        // Trees kubectl cannot hold (a collection or null key, `.inf`) are written, but the
        // reader refuses them as kubectl does.
        if docs.iter().any(|d| crate::yaml::json::to_json(d).is_err()) {
            continue;
        }
        let out = emit_stream(&docs);
        let back = parse_stream(&out).unwrap_or_else(|e| panic!("case {i}: {e}\n{out}\n{docs:?}"));
        let (docs, back) = (non_empty(docs), non_empty(back));
        assert_eq!(back.len(), docs.len(), "case {i}:\n{out}");
        for (a, b) in back.iter().zip(&docs) {
            assert!(same_modulo_fallback(a, b), "case {i}:\n{out}\n{a:?}\n{b:?}");
        }
    }
}

/// Emits `text` re-parsed; checks the round trip and that emitting again gives the same text.
fn stable(text: &str) -> String {
    let out = round(text);
    assert_eq!(round(&out), out, "emitting again changes the text");
    out
}

#[test]
fn one_line_flow_collections_are_kept() {
    for src in [
        "required: [schedule]\n",
        "data: {x: \"1\"}\n",
        "names: {kind: Widget, plural: widgets}\n",
        "a: {b: [1, 2], c: {d: e}, f: [], g: {}}\n",
        "- [a, b]\n- {k: v}\n- x\n",
        "[a, [b, c]]\n",
        "!!set {a: null}\n",
        "a: !!seq [!!str 1, !local x, ! y]\nb: !t {k: !!int 2}\n",
        "a: ['x, y', \"[z]\", 'it''s', \"tab\\tq\"]\n",
        "a: {'k, 1': v, \"k: 2\": w}\n",
        "a: [nginx:1.2, -1, a#b, http://x/y]\n",
        "a: ['http://x/y?z=1']\n",
    ] {
        assert_eq!(stable(src), src);
    }
    // `?` ends a plain scalar inside a flow collection (go-yaml v2): such a text is quoted there.
    let mut docs = parse_stream("a: [x]\n").unwrap();
    let Some(Node::Seq(s)) = docs[0].as_map_mut().and_then(|m| m.get_mut("a")) else {
        panic!("a flow sequence")
    };
    s.items[0] = Node::Scalar(Scalar::plain("http://x/y?z=1"));
    let out = emit_stream(&docs);
    assert_eq!(out, "a:\n- http://x/y?z=1\n");
    assert_eq!(stable("a: [ x ,y ]  # c\nb: {  }\n"), "a: [x, y]\nb: {}\n");
    assert_eq!(stable("a: [x, {y: z}]\n"), "a: [x, {y: z}]\n");
    // An implicit single-pair map inside a flow sequence becomes an explicit flow map.
    assert_eq!(stable("a: [k: v]\n"), "a: [{k: v}]\n");
}

#[test]
fn flow_collections_that_cannot_stay_flow_become_block() {
    let cases = [
        // Written over several lines (JSON input, for instance).
        ("a: [x,\n  y]\n", "a:\n- x\n- y\n"),
        (
            "{\"a\": {\"b\": 1},\n \"c\": [1]}\n",
            "\"a\":\n  \"b\": 1\n\"c\":\n- 1\n",
        ),
        // A quoted multi-line scalar, a plain scalar that needs a flow indicator after an edit.
        ("a: ['x\n\n  y']\n", "a:\n- 'x\n\n  y'\n"),
        // An empty (null) plain value.
        ("a: {k: }\n", "a:\n  k:\n"),
        ("a: [!!str ]\n", "a:\n- !!str\n"),
    ];
    for (src, want) in cases {
        assert_eq!(stable(src), want, "{src}");
    }
    // Content that cannot be written in flow context after an edit: the collection goes block
    // (and so does what it holds).
    let mut docs = parse_stream("a: {k: v, l: [x]}\nb: [x]\n").unwrap();
    let m = docs[0].get("a").cloned().unwrap();
    let Node::Map(mut m) = m else { panic!() };
    m.insert("c", Node::Scalar(Scalar::plain("x, y")));
    m.insert("d", Node::string("plain"));
    docs[0].as_map_mut().unwrap().insert("a", Node::Map(m));
    let mut b = docs[0].get("b").cloned().unwrap();
    if let Node::Seq(s) = &mut b {
        s.items.push(Node::Scalar(Scalar {
            value: "l1\nl2\n".into(),
            style: ScalarStyle::Literal,
            props: crate::yaml::Props::NONE,
            json: false,
        }));
    }
    docs[0].as_map_mut().unwrap().insert("b", b);
    let out = emit_stream(&docs);
    assert_eq!(
        out,
        "a:\n  k: v\n  l:\n  - x\n  c: x, y\n  d: plain\nb:\n- x\n- |\n  l1\n  l2\n"
    );
    // A default added into a flow map that stays flow-safe keeps it flow.
    let mut docs = parse_stream("a: {k: v}\n").unwrap();
    let a = docs[0].as_map_mut().unwrap().get_mut("a").unwrap();
    a.as_map_mut().unwrap().insert("n", Node::string("1"));
    a.as_map_mut().unwrap().insert(
        "j",
        crate::yaml::json::from_json(&serde_json::json!({"x": [1]})),
    );
    assert_eq!(emit_stream(&docs), "a: {k: v, 'n': '1', j: {x: [1]}}\n");
    // An empty flow collection that gets content (defaults into `spec: {}`) is written block.
    let mut docs = parse_stream("spec: {}\n").unwrap();
    let spec = docs[0].as_map_mut().unwrap().get_mut("spec").unwrap();
    spec.as_map_mut().unwrap().insert("size", Node::string("1"));
    assert_eq!(emit_stream(&docs), "spec:\n  size: '1'\n");
}

#[test]
fn quoted_scalars_on_one_line_keep_their_text() {
    // Escapes, a raw NEL (read as a line break, folded), a tab in single quotes: written as
    // read, as keys, values, items and inside a flow collection.
    let src = "\"k\\x41\": \"caf\\u00e9 \\x41\"\nb: 'a\tb'\nc:\n- \"\\t\"\n- \"x\u{85}y\"\nd: {e: \"\\u00e9\"}\n";
    assert_eq!(round(src), src);
    // A new scalar with the same content is written the emitter's way.
    let mut docs = parse_stream(src).unwrap();
    let m = docs[0].as_map_mut().unwrap();
    let b = m.get("b").unwrap().clone();
    let Node::Scalar(s) = &b else { panic!() };
    assert!(s.source().is_some());
    m.insert(
        "b",
        Node::Scalar(Scalar {
            props: crate::yaml::Props::NONE,
            ..s.clone()
        }),
    );
    assert!(emit_stream(&docs).contains("b: \"a\\tb\"\n"));
}

#[test]
fn multi_line_flow_scalars_keep_their_lines() {
    // Folded plain and quoted scalars keep their lines, moved together under their key (the
    // least indented at the writer's column; a flow collection over several lines is written
    // in block style), as a key in the `?` form.
    let src = "a:\n    b: first\n       second\n    c: \"x\\\n         y\n\n      z\"\n    d:\n    - 'p\n\n       q'\n";
    assert_eq!(
        round(src),
        "a:\n  b: first\n    second\n  c: \"x\\\n       y\n\n    z\"\n  d:\n  - 'p\n\n    q'\n"
    );
    assert_eq!(round("e: [\"m\n  n\"]\n"), "e:\n- \"m\n  n\"\n");
    assert_eq!(round("? \"k\n  l\"\n: v\n"), "? \"k\n  l\"\n: v\n");
    // Lines broken by a lone CR are written anew from the value: the writer's lines end at a
    // line feed (found by the yaml_roundtrip fuzz target).
    assert_eq!(round("a: x\r  y\n"), "a: x y\n");
    let texts = [
        // A JSON string holding a DEL, which YAML readers refuse: written escaped.
        "{\"a\": \"x\u{7f}\\u00e9\"}",
        "- {\"k\r\r l\"}\n",
        "- {\"k\u{85}l\"}\n",
        "- {'k\u{2028}l'}\n",
    ];
    for text in texts {
        let written = round(text);
        let json = |t: &str| crate::yaml::json::to_json(&parse_stream(t).unwrap()[0]).unwrap();
        assert_eq!(json(&written), json(text), "{written:?}");
    }
}

#[test]
fn block_scalars_keep_headers_that_hold_the_same_value() {
    // `+` where the writer clips, `2` where it needs none or writes it after the chomping
    // indicator, a comment: kept. Another indentation indicator is kept, the lines written at
    // the holding node's column plus it, wherever the node moves.
    let src = "a: |+\n  x\nb: >-2\n   y\nc: | # note\n  z\n";
    assert_eq!(round(src), src);
    assert_eq!(round("d: |1\n   w\n"), "d: |1\n   w\n");
    let moved = "l:\n    - |4\n          x\n        y\n    - k: |3-\n            z\n";
    let want = "l:\n- |4\n      x\n    y\n- k: |3-\n        z\n";
    assert_eq!(round(moved), want);
    assert_eq!(round("|3\n    r\n"), "|3\n    r\n");
    for text in [moved, "|3\n    r\n", "d: |1\n   w\n"] {
        assert_eq!(
            parse_stream(&round(text)).unwrap(),
            parse_stream(text).unwrap(),
            "{text:?}"
        );
    }
    // `+` with trailing blank lines is the writer's header too.
    assert_eq!(round("e: |+\n  v\n\nf: 1\n"), "e: |+\n  v\n\nf: 1\n");
}

#[test]
fn folded_block_scalars_keep_their_lines() {
    // The lines fold as written (a more-indented line, an empty one, a line of spaces), moved
    // to the writer's column; with an indentation indicator, to its column there.
    let src =
        "a:\n    b: >-\n         one\n         two\n           more\n      \n\n         three\n";
    let want = "a:\n  b: >-\n    one\n    two\n      more\n\n\n    three\n";
    assert_eq!(round(src), want);
    let kept = "- >+ # c\n  x\n  y\n\n";
    assert_eq!(round(kept), kept);
    assert_eq!(round("c: >1\n   x\n   y\n"), "c: >1\n   x\n   y\n");
    let indicated = "c:\n   d: >3\n\n         x\n        y\n\n        z\n";
    let at_two = "c:\n  d: >3\n\n        x\n       y\n\n       z\n";
    assert_eq!(round(indicated), at_two);
    // Lines broken by CR, CR LF or NEL (each a LF to a YAML 1.1 reader) are kept, with LF.
    let cr = "d:\n    e: >\r       x\r       y\r";
    let nel = "d:\n    e: >\u{85}       x\u{85}       y\n";
    let crlf = "d:\r\n    e: > # c\r\n       x\r\n         y\r\n       z\r\n";
    assert_eq!(round(cr), "d:\n  e: >\n    x\n    y\n");
    assert_eq!(round(nel), "d:\n  e: >\n    x\n    y\n");
    assert_eq!(round(crlf), "d:\n  e: > # c\n    x\n      y\n    z\n");

    for text in [src, kept, cr, nel, crlf, indicated] {
        let docs = parse_stream(text).unwrap();
        assert_eq!(parse_stream(&round(text)).unwrap(), docs, "{text:?}");
    }
}
#[test]
fn a_plain_scalar_starting_with_a_byte_order_mark_is_quoted_at_column_0() {
    // Found by the fuzzer: written plain at the start of the stream, the reader dropped it.
    for text in ["\u{feff}\n \u{feff}-{\n!!io\n", " \u{feff}x\n"] {
        let docs = parse_stream(text).unwrap();
        let out = emit_stream(&docs);
        assert!(out.starts_with('"'), "{out:?}");
        let json = |d: &[Node]| {
            d.iter()
                .map(|n| crate::yaml::json::to_json(n).unwrap())
                .collect::<Vec<_>>()
        };
        assert_eq!(json(&parse_stream(&out).unwrap()), json(&docs), "{out:?}");
    }
}

/// Found by the fuzzer: a document's first key or root scalar starting with a space Go knows
/// outside ASCII, written plain at the start of the stream, made kubectl look past it for a `{`,
/// read the stream as JSON and refuse it. Such a scalar is quoted at column 0 (only there: a
/// value or a nested key keeps its plain style), and the stream reads back as it was read.
#[test]
fn a_plain_scalar_starting_with_a_wide_go_space_is_quoted_at_column_0() {
    for space in ['\u{a0}', '\u{2003}', '\u{3000}'] {
        for text in [
            format!("# c\n{space}{{x: 1\nb: {space}{{y\nc:\n  {space}{{z: 2\n"),
            format!("# c\n{space}{{x\n"),
        ] {
            let docs = parse_stream(&text).unwrap();
            let out = emit_stream(&docs);
            assert!(out.starts_with('"'), "{out:?}");
            assert!(
                !out[1..].contains(&format!("\"{space}")),
                "only column 0 is quoted: {out:?}"
            );
            let json = |d: &[Node]| {
                d.iter()
                    .map(|n| crate::yaml::json::to_json(n).unwrap())
                    .collect::<Vec<_>>()
            };
            assert_eq!(json(&parse_stream(&out).unwrap()), json(&docs), "{out:?}");
            let read = crate::yaml::read::read_stream(&out);
            assert!(read.is_ok(), "kubectl refuses {out:?}");
        }
    }
}

#[test]
fn anchors_and_aliases_are_written_as_read() {
    for src in [
        "a: &v one\nb: *v\nc: &m [x, *v]\nd: *m\n",
        "base: &b\n  k: 1\nother:\n  <<: *b\n  k: 2\n",
        "- &i\n  n: 1\n- *i\n- &e\n- *e\n- &l\n  - 1\n- *l\n",
        "k: &k key\n*k : 3\n",
        "a: &t !!str 1\nb: *t\nc: &s !!map\n  x: 1\nd: *s\ne: &n {}\nf: *n\n",
        "&r\na: {x: &y [1], z: *y}\n",
        "&r [1, &s {a: *r0}]\n",
        "a: &x 1\nb: *x\nc: &x 2\nd: *x\n",
        "a: &f |\n  text\nb: *f\nc: &p [&q a, *q]\n",
    ] {
        let src = src.replace("*r0", "b");
        assert_eq!(round(&src), src);
    }
}

#[test]
fn an_anchored_block_scalar_at_a_documents_root_ends_its_own_last_line() {
    // Found by the yaml_roundtrip fuzzer: a line break was added after the block, which a
    // keep-chomped (`|+`) scalar reads as one more of its own.
    for (src, written) in [
        ("&en |+\n 3Vfp", "&en |+\n  3Vfp\n"),
        ("&en |+\n 3Vfp\n\n", "&en |+\n  3Vfp\n\n"),
        ("&en |\n 3Vfp\n", "&en |\n  3Vfp\n"),
        ("&en >+\n a\n", "&en >+\n  a\n"),
        ("&en\n", "---\n&en \n"),
        ("&en 1\n", "&en 1\n"),
    ] {
        let docs = parse_stream(src).unwrap();
        let out = emit_stream(&docs);
        assert_eq!(out, written, "{src:?}");
        assert_eq!(parse_stream(&out).unwrap(), docs, "{src:?} -> {out:?}");
    }
}

#[test]
fn an_alias_whose_copy_or_anchor_changed_is_written_out() {
    let mut docs = parse_stream("a: &m {x: 1}\nb: *m\nc: *m\n").unwrap();
    let b = docs[0].as_map_mut().unwrap().get_mut("b").unwrap();
    b.as_map_mut()
        .unwrap()
        .insert("z", Node::Scalar(Scalar::plain("2")));
    assert_eq!(emit_stream(&docs), "a: &m {x: 1}\nb: {x: 1, z: 2}\nc: *m\n");
    // The anchored node changed: copies that still hold the old value are written out; one
    // changed the same way is an alias again.
    let a = docs[0].as_map_mut().unwrap().get_mut("a").unwrap();
    a.as_map_mut()
        .unwrap()
        .insert("z", Node::Scalar(Scalar::plain("2")));
    assert_eq!(emit_stream(&docs), "a: &m {x: 1, z: 2}\nb: *m\nc: {x: 1}\n");
    // Nodes inside a copy written out do not name their anchors again.
    let mut docs = parse_stream("a: &m\n  k: &v 1\nb: *m\nc: *v\n").unwrap();
    let b = docs[0].as_map_mut().unwrap().get_mut("b").unwrap();
    b.as_map_mut()
        .unwrap()
        .insert("l", Node::Scalar(Scalar::plain("2")));
    assert_eq!(
        emit_stream(&docs),
        "a: &m\n  k: &v 1\nb:\n  k: 1\n  l: 2\nc: *v\n"
    );
    // Each call of the emitter stands alone: an alias to an anchor another call wrote is
    // written out.
    let docs = parse_stream("a: &v 1\nb: *v\n").unwrap();
    let mut out = String::new();
    for (k, v) in &docs[0].as_map().unwrap().entries {
        let one = Node::Map(Mapping {
            entries: vec![(k.clone(), v.clone())],
            ..Mapping::default()
        });
        emit_document(&one, &mut out);
    }
    assert_eq!(out, "a: &v 1\nb: 1\n");
}

#[test]
fn plain_ok_reads_ascii_in_one_pass_as_the_two_checks_read_it() {
    use crate::yaml::scalar::style::needs_escapes;
    // The definition: no character but tabs that needs escapes, no `: `, ` #` (or tabs).
    let slow = |s: &str| {
        !s.split('\t').any(needs_escapes)
            && !s
                .as_bytes()
                .windows(2)
                .any(|w| matches!(w, b": " | b":\t" | b" #" | b"\t#"))
    };
    let cases = [
        "a",
        "a b",
        "a:b",
        "a: b",
        "a:\tb",
        "a #b",
        "a\t#b",
        "a#b",
        "#a",
        "a\tb",
        "a\u{1}b",
        "a\u{7f}",
        "é: b",
        "é #",
        "é\tb",
        "a\u{85}b",
        "ü\u{2028}",
        "x:",
        "x: ",
        "a  #",
        "::",
        "http://x#y",
        "a\rb",
        "a\nb",
    ];
    for s in cases {
        assert_eq!(scalar::plain_inside(s), slow(s), "{s:?}");
    }
}

/// A key whose text is longer than an implicit key may be (1,024 characters from its start, as
/// go-yaml reads) though its value is not (a folded multi-line flow key read so, found by the
/// fuzzer): its escapes make it so. It is written as an explicit key (`? `), also where its
/// mapping was read as one-line flow, and it reads back; a short one stays implicit.
#[test]
fn a_key_written_longer_than_an_implicit_key_is_explicit() {
    let key = |value: String| {
        Node::Scalar(Scalar {
            style: ScalarStyle::DoubleQuoted,
            ..Scalar::plain(value)
        })
    };
    let map = |k: Node, flow: bool| {
        Node::Map(Mapping {
            entries: vec![(k, Node::Scalar(Scalar::plain("v")))],
            flow,
            one_line: flow,
            ..Default::default()
        })
    };
    for value in [
        "a\n".repeat(400),
        "\u{feff}".repeat(200),
        "\u{1}".repeat(300),
    ] {
        for flow in [false, true] {
            let doc = map(key(value.clone()), flow);
            let out = emit_stream(std::slice::from_ref(&doc));
            assert!(out.starts_with("? \""), "{out}");
            let back = parse_stream(&out).unwrap_or_else(|e| panic!("{e}\n{out}"));
            assert!(back.len() == 1 && back[0].content_eq(&doc), "{out}");
        }
    }
    let short = map(key("a\nb".into()), false);
    assert_eq!(emit_stream(&[short]), "\"a\\nb\": v\n");
}
