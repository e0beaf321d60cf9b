//! Unit tests for the stream → tree reader.

use super::*;
use crate::yaml::{Mapping, ScalarStyle};

fn plain(s: &str) -> Node {
    Node::Scalar(Scalar::plain(s))
}

fn styled(s: &str, style: ScalarStyle) -> Node {
    Node::Scalar(Scalar {
        value: s.to_string(),
        style,
        props: crate::yaml::Props::NONE,
        json: false,
    })
}

#[test]
fn keeps_styles_order_and_tags() {
    let docs =
        parse_stream("b: 'yes'\na: \"x\\ty\"\nc: |\n  l1\n  l2\nd: >-\n  f1\n  f2\ne: !!str 12\n")
            .unwrap();
    assert_eq!(docs.len(), 1);
    let m = docs[0].as_map().unwrap();
    let keys: Vec<_> = m
        .entries
        .iter()
        .map(|(k, _)| k.scalar_str().unwrap())
        .collect();
    assert_eq!(keys, ["b", "a", "c", "d", "e"]);
    assert_eq!(m.get("b"), Some(&styled("yes", ScalarStyle::SingleQuoted)));
    assert_eq!(m.get("a"), Some(&styled("x\ty", ScalarStyle::DoubleQuoted)));
    assert_eq!(m.get("c"), Some(&styled("l1\nl2\n", ScalarStyle::Literal)));
    assert_eq!(m.get("d"), Some(&styled("f1 f2", ScalarStyle::Folded)));
    let Some(Node::Scalar(e)) = m.get("e") else {
        panic!()
    };
    assert_eq!((e.value.as_str(), e.tag()), ("12", Some("!!str")));
}

#[test]
fn flow_flags_and_aliases() {
    let docs = parse_stream("a: &x [1, {k: v}]\nb: *x\nc:\n- z\n").unwrap();
    let m = docs[0].as_map().unwrap();
    let a = m.get("a").unwrap().as_seq().unwrap();
    assert!(a.flow);
    assert!(a.items[1].as_map().unwrap().flow);
    assert_eq!(m.get("b"), m.get("a"));
    assert!(!m.get("c").unwrap().as_seq().unwrap().flow);
}

#[test]
fn documents_and_empty_documents() {
    // kubectl's splitting: a document of only a comment is null; `...` ends a document.
    let docs = parse_stream("---\n# c\n---\na: 1\n...\n---\nx\n").unwrap();
    assert_eq!(
        docs,
        vec![
            plain(""),
            Node::Map(Mapping {
                entries: vec![(plain("a"), plain("1"))],
                flow: false,
                one_line: false,
                props: crate::yaml::Props::NONE,
                span: crate::yaml::Span::NONE,
            }),
            plain("x")
        ]
    );
    assert!(parse_stream("").unwrap().is_empty());
    assert_eq!(parse_stream("# only a comment\n").unwrap(), vec![plain("")]);
    let err = parse_stream("a: 1\n--- x\n").unwrap_err();
    assert_eq!(err.message, "invalid Yaml document separator: x");
}

#[test]
fn non_ascii_flow_detection() {
    let docs = parse_stream("é: ü\nl: [ä]\nm:\n  - ö\n").unwrap();
    let m = docs[0].as_map().unwrap();
    assert!(m.get("l").unwrap().as_seq().unwrap().flow);
    assert!(!m.get("m").unwrap().as_seq().unwrap().flow);
}

#[test]
fn local_and_verbatim_tags() {
    let docs =
        parse_stream("- !foo a\n- !<tag:example.com,2000:x> b\n- ! c\n- !!map {}\n").unwrap();
    let s = docs[0].as_seq().unwrap();
    let tag = |i: usize| match &s.items[i] {
        Node::Scalar(x) => x.tag().map(String::from),
        Node::Map(x) => x.tag().map(String::from),
        Node::Seq(x) => x.tag().map(String::from),
    };
    assert_eq!(tag(0).as_deref(), Some("!foo"));
    assert_eq!(tag(1).as_deref(), Some("!<tag:example.com,2000:x>"));
    assert_eq!(tag(2).as_deref(), Some("!"));
    assert_eq!(tag(3).as_deref(), Some("!!map"));
}

#[test]
fn errors_carry_document_and_position() {
    let err = parse_stream("a: 1\n---\nb: [1, 2\n").unwrap_err();
    assert_eq!(err.document, 1);
    assert!(err.line >= 3, "{err}");
    let err = parse_stream("a: b: c\n").unwrap_err();
    assert_eq!((err.document, err.line), (0, 1), "{err}");
}

#[test]
fn streaming_iterator_stops_after_error() {
    let mut it = Documents::new("a: 1\n---\n[\n---\nb: 2\n");
    assert!(it.next().unwrap().is_ok());
    assert!(it.next().unwrap().is_err());
    assert!(it.next().is_none());
}

#[test]
fn block_scalar_at_end_of_stream_without_line_break() {
    // kubectl's line reader gives the last line its line break back.
    for (text, want) in [
        ("a: >\n  x", "x\n"),
        ("a: |+\n  x", "x\n"),
        ("- |\n  x\n  y", "x\ny\n"),
        ("a: |\n  x\n", "x\n"),
        ("a: |-\n  x", "x"),
    ] {
        let docs = parse_stream(text).unwrap();
        let node = match &docs[0] {
            Node::Map(m) => m.entries[0].1.clone(),
            Node::Seq(s) => s.items[0].clone(),
            n => n.clone(),
        };
        assert_eq!(node.scalar_str(), Some(want), "{text:?}");
    }
}

#[test]
fn next_split_hands_out_root_items_one_at_a_time() {
    let text =
        "kind: ResourceList\nitems:\n- a: 1\n- [x]\nother:\n  items:\n  - 2\n---\nitems: []\n";
    let mut docs = Documents::new(text);
    let mut got = Vec::new();
    let (shell, seen) = docs
        .next_split(&mut |n, s| got.push((n, s)))
        .unwrap()
        .unwrap();
    assert_eq!(got.len(), 2);
    assert_eq!(seen.sequences, 1);
    assert!(!seen.anchored);
    assert_eq!(
        shell
            .get("items")
            .and_then(Node::as_seq)
            .map(|s| s.items.len()),
        Some(0)
    );
    let nested = shell
        .get("other")
        .and_then(|o| o.get("items"))
        .and_then(Node::as_seq);
    assert_eq!(nested.map(|s| s.items.len()), Some(1));
    assert_eq!(&text[got[0].1.clone().unwrap()], "- a: 1\n");
    assert_eq!(&text[got[1].1.clone().unwrap()], "- [x]\n");
    let (_, seen) = docs
        .next_split(&mut |n, s| got.push((n, s)))
        .unwrap()
        .unwrap();
    assert_eq!((seen.sequences, got.len()), (1, 2));
    assert!(docs.next_split(&mut |_, _| {}).is_none());
    let mut anchored = Documents::new("items: &a\n- 1\n");
    let (_, seen) = anchored.next_split(&mut |_, _| {}).unwrap().unwrap();
    assert!(seen.anchored);
    assert!(Documents::new("items: [")
        .next_split(&mut |_, _| {})
        .unwrap()
        .is_err());
}

/// The spans [`Documents::next_split`] gives the items of `text`'s first document, as text.
fn item_spans(text: &str) -> Vec<Option<&str>> {
    let mut got = Vec::new();
    Documents::new(text)
        .next_split(&mut |_, s| got.push(s.map(|r| &text[r])))
        .unwrap()
        .unwrap();
    got
}

#[test]
fn item_spans_cover_each_block_item_through_the_next_one() {
    let text = "kind: ResourceList\nitems:\n- a: 1\n  # note\n  b: &x [2]\n-   c\n- *x\n-\n  d: 1\n- e: 'é'\nfunctionConfig: {}\n";
    assert_eq!(
        item_spans(text),
        vec![
            Some("- a: 1\n  # note\n  b: &x [2]\n"),
            Some("-   c\n"),
            None, // an alias
            None, // `-` alone on its line
            Some("- e: 'é'\n"),
        ]
    );
    assert_eq!(
        item_spans("items:\n- a\n- b"),
        vec![Some("- a\n"), Some("- b")]
    );
    // A CR (and NEL, LS, PS) breaks lines as an LF does: the sequence ending at `...` after
    // one ends the last item there, not at the LF before.
    for brk in ["\r", "\u{85}", "\u{2028}"] {
        let text = format!("items:\n- a: 1\n  b: 2{brk}...{brk}junk\n");
        let want = format!("- a: 1\n  b: 2{brk}");
        assert_eq!(item_spans(&text), vec![Some(want.as_str())]);
    }
    assert_eq!(
        item_spans("items:\n- a\r- b\n"),
        vec![Some("- a\r"), Some("- b\n")]
    );
}

#[test]
fn document_spans_are_the_parts_kubectl_reads() {
    let text = "# c\na: 1\n---\nb: [2]\n# end\n...\n---\n|\n  x\n---\n---\nc: 3";
    let mut docs = Documents::new(text);
    let mut got = Vec::new();
    while let Some(d) = docs.next_spanned() {
        let (node, span) = d.unwrap();
        got.push((node.is_null(), span.map(|r| &text[r])));
    }
    assert_eq!(
        got,
        vec![
            (false, Some("# c\na: 1\n")),
            (false, Some("b: [2]\n# end\n...\n")),
            (false, Some("|\n  x\n")),
            (false, Some("c: 3")),
        ]
    );
    let mut json = Documents::new("{\"a\": 1} {\"b\": 2}");
    assert_eq!(json.next_spanned().unwrap().unwrap().1, None);
}

#[test]
fn tags_keep_what_they_stand_for() {
    let tag = |text: &str| match parse_stream(text).unwrap().remove(0) {
        Node::Map(m) => match &m.entries[0].1 {
            Node::Scalar(s) => s.tag().map(String::from),
            Node::Map(x) => x.tag().map(String::from),
            Node::Seq(x) => x.tag().map(String::from),
        },
        n => panic!("{n:?}"),
    };
    assert_eq!(tag("{a: !<!m%41> 1}\n").as_deref(), Some("!mA"));
    assert_eq!(tag("a: !<!m%C3%A9> 1\n").as_deref(), Some("!<!m%C3%A9>"));
    assert_eq!(tag("a: !!str [1]\n").as_deref(), Some("!!str"));
}
