//! The flow reader against saphyr-parser: every flow collection both can read gives the same
//! tree (styles, tags, flow and one-line flags included); deeper ones only the reader reads.

use super::super::tree::Tree;
use super::*;
use crate::yaml::parse_stream;

/// What [`FlowReader`] reads of the flow collection `text` starts with.
fn read(text: &str) -> Result<Node, (Fail, usize)> {
    let mut tree = Tree::default();
    FlowReader::new(text, 0)
        .read(&mut tree, None, 0)
        .map(|(b, _)| b.node)
}

#[test]
fn reads_what_saphyr_reads() {
    let cases = [
        "[]",
        "{}",
        "[a, b, c]",
        "[a, b, ]",
        "{a: 1, b: [x, y], c: {d: e}}",
        r#"{"apiVersion":"v1","kind":"ConfigMap","data":{"k":"v\n\"q\"\t\u00e9\ud83d\ude00"}}"#,
        "{a, b: , c: ~}",
        "[ 'it''s', \"two\\\n   lines\", 'fold\n   ed\n\n   twice' ]",
        "[plain words here, 'x' , -1, 1.5, :x, a:b, http://x.y/z]",
        "{a: &x [1, 2], b: *x, c: !!str 3, d: !local {e: f}, g: ! h, i: !<tag:x> j}",
        "[a # comment\n , b]",
        "[multi\n  line\n\n  plain, next]",
        "{\n  \"a\": [\n    1,\n    2\n  ]\n}",
        "[\"\\x41\\u0042\\U00000043\\N\\_\\L\\P\\0\\e\\ \\/\"]",
        "[[[[[[deep]]]]]]",
        "{a: {b: {c: [1, {d: [2]}]}}}",
        "[\"trailing   \n   space\", 'tab\t\n x']",
        "[é, 'ü', \"ß\"]",
    ];
    for text in cases {
        let want = parse_stream(text).unwrap().remove(0);
        assert_eq!(read(text).map_err(|e| e.0), Ok(want), "{text}");
    }
}

#[test]
fn refuses_what_it_does_not_take() {
    for text in [
        "[a: 1]",
        "{? a : b}",
        "[*unknown]",
        "[a, , b]",
        "{[a]: b}",
        "[\"open",
        "[a, b",
        "[\"\\ud800\"]",
        "[|, x]",
        // Tags saphyr-parser refuses or reads otherwise: it reads these, or refuses them, itself.
        "[!m\"x 1]",
        "[!m\u{e9} 1]",
        "[!<!m\u{e9}> 1]",
        "[!<!m>x]",
        "[!! 1]",
        "[!!a!b 1]",
        "[!<!m%C3%A9> 1]",
    ] {
        assert!(read(text).is_err(), "{text}");
    }
}

#[test]
fn deep_flow_and_json_read_up_to_the_limit() {
    let depth = 5_000;
    let flow = format!("a: {}x{}\n", "[".repeat(depth), "]".repeat(depth));
    let docs = parse_stream(&flow).unwrap();
    let mut node = docs[0].get("a").unwrap();
    for _ in 0..depth {
        node = &node.as_seq().unwrap().items[0];
    }
    assert_eq!(node.scalar_str(), Some("x"));
    let json = format!("{}1{}", r#"{"a":"#.repeat(depth), "}".repeat(depth));
    assert_eq!(parse_stream(&json).unwrap().len(), 1);
    let deeper = format!("{}{}", "[".repeat(10_001), "]".repeat(10_001));
    let err = parse_stream(&deeper).unwrap_err();
    assert_eq!(err.message, "exceeded max depth of 10000");
}

#[test]
fn several_deep_collections_in_block_content() {
    let deep = |x: &str| format!("{}{x}{}", "[".repeat(300), "]".repeat(300));
    let text = format!(
        "a: {}\nb:\n  c: {}\n---\nd: {}\n",
        deep("1"),
        deep("2"),
        deep("3")
    );
    let docs = parse_stream(&text).unwrap();
    assert_eq!(docs.len(), 2);
    let leaf = |mut n: &Node| {
        while let Node::Seq(s) = n {
            n = &s.items[0];
        }
        n.scalar_str().unwrap().to_string()
    };
    assert_eq!(leaf(docs[0].get("a").unwrap()), "1");
    assert_eq!(leaf(docs[0].get("b").unwrap().get("c").unwrap()), "2");
    assert_eq!(leaf(docs[1].get("d").unwrap()), "3");
}

#[test]
fn json_documents_read_by_the_flow_reader_as_saphyr_reads_them() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata");
    let mut texts = vec![
        "{\"a\": [1, {\"b\": null}], \"c\": \"d\\u00e9\\n\"}\n# trailing comment\n".to_string(),
        "{\"items\": [{\"a\": 1},\n  {\"b\": [true, false]}\n], \"kind\": \"List\"}".to_string(),
        "{a: b, items: [x, 'y', \"z\"]}\n".to_string(),
        // A lone carriage return ends a comment line: the `---` after it starts a document.
        "{}\n#\r---\rM\n".to_string(),
        "{}\r\n# c\r\n\r\n".to_string(),
    ];
    for case in std::fs::read_dir(root).unwrap() {
        if let Ok(t) = std::fs::read_to_string(case.unwrap().path().join("input.json")) {
            texts.push(t);
        }
    }
    for text in &texts {
        let fast = parse_stream(text).unwrap();
        let slow: Vec<Node> = Documents::strict(text).collect::<Result<_, _>>().unwrap();
        assert_eq!(fast, slow, "{text}");
    }
}
