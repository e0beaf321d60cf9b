//! The JSON reader against the YAML reader: the same documents (trees, spans, styles, kept
//! texts), the same items handed out, the same refusals, for every JSON text it reads.

use super::super::compose::{document_split, ItemSink};
use super::super::split::{Chunk, Chunks};
use super::super::{read_chunk, to_node_in, Document, RNode, Reader, Refusal};
use crate::yaml::Node;

/// What a sink is told, in order.
#[derive(Debug, PartialEq)]
enum Told {
    Opened(bool, bool),
    Item(RNode),
    /// An item read straight into the pipeline's tree, and where it starts.
    Node(Node, usize),
    End(usize),
}

#[derive(Default)]
struct Recorder {
    told: Vec<Told>,
    /// Refuse the item with this index.
    refuse: Option<usize>,
    items: usize,
    /// Take items as the pipeline's trees where they can be read so.
    nodes: bool,
}

impl ItemSink for Recorder {
    fn opened(&mut self, anchored: bool, flow: bool, _spanned: bool) {
        self.told.push(Told::Opened(anchored, flow));
    }

    fn item(&mut self, item: RNode) -> Result<(), super::super::decode::DecodeError> {
        self.told.push(Told::Item(item));
        self.items += 1;
        match self.refuse == Some(self.items - 1) {
            true => Err(super::super::decode::DecodeError::Merge),
            false => Ok(()),
        }
    }

    fn end(&mut self, at: usize) {
        self.told.push(Told::End(at));
    }

    fn takes_nodes(&self) -> bool {
        self.nodes
    }

    fn item_node(&mut self, item: Node, start: usize) {
        self.told.push(Told::Node(item, start));
        self.items += 1;
    }
}

/// What a sink that takes the pipeline's trees is told, where `told` is what a sink of the
/// reader's trees is: each item as [`to_node_in`] converts it in its sequence.
fn as_nodes(told: &[Told]) -> Vec<Told> {
    let mut flow = false;
    told.iter()
        .map(|t| match t {
            Told::Opened(a, f) => {
                flow = *f;
                Told::Opened(*a, *f)
            }
            Told::Item(r) => Told::Node(to_node_in(r.clone(), flow), r.span.start.offset),
            Told::Node(n, at) => Told::Node(n.clone(), *at),
            Told::End(at) => Told::End(*at),
        })
        .collect()
}

/// Each chunk of `stream` read straight, items taken as the pipeline's trees, against the
/// YAML reader's reading with its items converted: (the direct reading, the YAML reader's).
fn both_nodes(stream: &str) -> Vec<(Read, Read)> {
    readings(stream, None, true)
        .into_iter()
        .map(|(_, fast, (doc, told))| (fast, (doc, as_nodes(&told))))
        .collect()
}

type Read = (Result<Document, Refusal>, Vec<Told>);

/// Each chunk of `stream` read with its `direct` flag as given, and with the YAML reader.
fn both(stream: &str, refuse: Option<usize>) -> Vec<(bool, Read, Read)> {
    readings(stream, refuse, false)
}

/// Each chunk of `stream` read with its `direct` flag as given (items taken as the pipeline's
/// trees where they can be, with `nodes`) and with the YAML reader: (whether it is direct, the
/// first reading, the YAML reader's).
fn readings(stream: &str, refuse: Option<usize>, nodes: bool) -> Vec<(bool, Read, Read)> {
    let read = |chunk: &Chunk, index: usize, nodes: bool| {
        let mut sink = Recorder {
            refuse,
            nodes,
            ..Recorder::default()
        };
        let doc = document_split(stream, chunk, index, Some(&mut sink));
        (doc, sink.told)
    };
    Chunks::new(stream)
        .enumerate()
        .map(|(index, chunk)| {
            let chunk = chunk.expect("a stream of JSON values");
            let yaml = Chunk {
                direct: false,
                ..chunk.clone()
            };
            (
                chunk.direct,
                read(&chunk, index, nodes),
                read(&yaml, index, false),
            )
        })
        .collect()
}

/// Every chunk of `stream` is read directly and gives what the YAML reader gives.
fn same(stream: &str) {
    for refuse in [None, Some(0), Some(1)] {
        for (direct, fast, yaml) in both(stream, refuse) {
            assert!(direct, "not read directly: {stream:?}");
            assert_eq!(fast, yaml, "{stream:?} (refusing item {refuse:?})");
        }
    }
    for (nodes, yaml) in both_nodes(stream) {
        assert_eq!(nodes.0, yaml.0, "{stream:?} (items as trees)");
        assert_eq!(as_nodes(&nodes.1), yaml.1, "{stream:?} (items as trees)");
    }
}

#[test]
fn json_reads_as_the_yaml_reader_reads_it() {
    let texts = [
        "{}",
        "[]",
        "{\"a\": 1}",
        "{\"a\":1,\"b\":[1,2,{}],\"c\":{\"d\":[]}}",
        "{\"a\": 1, \"a\": 2, \"b\": {\"x\": 1, \"x\": [true]}}",
        "{\"n\": [0, -0, 1.0, -0.0, 1e400, -1e400, 1E+2, 2.5e-3, 9223372036854775807, 9223372036854775808, 18446744073709551616, -9223372036854775809, 123456789012345678901234567890]}",
        "{\"l\": [true, false, null], \"t\": \"true\", \"nl\": \"null\", \"y\": \"yes\"}",
        r#"{"e": "\b\f\n\r\t\"\\ \u0000\u001f\u007f\u0085\u00a0\u00e9\u2028\u2029\ufeff\ufffe\uffff\uD7FF\uE000"}"#,
        "{\"raw\": \"caf\u{e9} \u{1f600} \u{7f} \u{80} \u{9f} \u{a0} \u{ad} \u{feff} \u{fffe} \u{ffff} \u{e000}\"}",
        "{\"k\u{e9}y\": \"v\u{1f600}\", \"\u{1f600}\": [\"\u{e9}\", 1, \"\u{4e2d}\u{6587}\"]}",
        "{\n  \"a\": {\n    \"b\": [\n      1,\n      \"x\"\n    ]\n  },\n  \"c\": \"\u{e9}\u{e9}\"\n}",
        "{\r\n\t\"a\":\t[\r\n\t\t1\r\n\t],\r\"b\"\t:\t\"\u{e9}\"\r}",
        "{ \"a\" : 1 , \"b\" : [ ] , \"c\" : { } }",
        "{\"\": \"\", \" \": \" \", \"a b\": \" x \", \"#\": \"# c\", \"k\": \"a: b\"}",
        "{\"s\": \"- x\", \"t\": \"--- x\", \"u\": \"...\", \"v\": \"&a *b !c |d >e %f @g `h\"}",
        "{\"s\": \"'\\\"'\", \"b\": \"\\\\\\\\\", \"q\": \"\\\"\"}",
        "[1, [2, [3, [4, []]]], {\"a\": [{}]}]",
        "[\"a\", \"b\"]",
        "{\"items\": []}",
        "{\"items\": [1, \"two\", {\"three\": 3}, [4]], \"kind\": \"List\"}",
        "{\"kind\": \"List\", \"items\": [{\"a\": 1e400}, {\"b\": 2}], \"items\": [3]}",
        "{\"a\": {\"items\": [1, 2]}, \"items\": {\"x\": [1]}}",
        "{\"it\\u0065ms\": [{\"a\": 1}, {\"b\": 2}]}",
        "{\"items\":\n  [\n    {\"a\": 1},\n    {\"b\": 1e999}\n  ]\n}",
    ];
    for text in texts {
        // A stream is JSON when it starts with an object.
        match text.starts_with('[') {
            true => same(&format!("{{}} {text}")),
            false => same(text),
        }
    }
    // Several values in a stream, on one line and on several: positions from each start.
    same("{\"a\": 1} {\"b\": [2]}\n[3] [\"\u{e9}\", {}]\n  {\"c\"\t: 3}");
    same("{\"\u{e9}\": 1} \r\n\t{\"b\": \"\u{e9}\"}  [\"\u{e9}\"]");
}

/// YAML 1.1 reads `1e400` as a string (a float needs a dot), `1.0e+400` too (out of float64's
/// range) and an integer beyond uint64 as a float: they pass the meaning's quick check; an
/// integer between int64 and uint64, a `<<` key and a deep item do not, and are read as the
/// reader's trees.
#[test]
fn items_are_read_straight_into_trees_unless_their_meaning_needs_the_check() {
    let deep = format!("{}1{}", "[".repeat(130), "]".repeat(130));
    let stream = format!(
        "{{\"items\": [{{\"a\": [1, \"x\\n\", {{}}]}}, {{\"n\": 1.0e+400}}, [9223372036854775808], \
         {deep}, {{\"<<\": {{}}}}, {{\"b\": 1e400, \"c\": 18446744073709551616}}, \"s\", 7]}}"
    );
    same(&stream);
    let reads = both_nodes(&stream);
    let kinds: Vec<&str> = reads[0]
        .0
         .1
        .iter()
        .map(|t| match t {
            Told::Opened(..) => "opened",
            Told::Item(_) => "item",
            Told::Node(..) => "node",
            Told::End(_) => "end",
        })
        .collect();
    assert_eq!(
        kinds,
        ["opened", "node", "node", "item", "item", "item", "node", "node", "node", "end"]
    );
}

/// An element read alone ([`super::item_alone`]) is the tree the reading of its list hands
/// out, and gives up where that reading does (which then reads it as the reader's tree).
#[test]
fn an_element_read_alone_is_the_element_read_in_its_list() {
    let deep = format!("{}1{}", "[".repeat(130), "]".repeat(130));
    let elements = [
        "{\"a\": [1, \"x\\n\", {}]}",
        "{\"n\": 1.0e+400}",
        "[9223372036854775808]",
        &deep,
        "{\"<<\": {}}",
        "{\"b\": 1e400, \"c\": 18446744073709551616}",
        "\"s\"",
        "7",
        " {\"a\": \"caf\u{e9}\", \"e\": \"\\u00e9\\t\", \"q\": \"\\\"\"}\n",
        "{\"apiVersion\": \"v1\", \"kind\": \"ConfigMap\", \"data\": {\"k\": \"\u{7f}\", \"t\": \"\u{feff}\"}}",
    ];
    for e in elements {
        let reads = both_nodes(&format!("{{\"items\": [{e}]}}"));
        let in_list = reads[0].0 .1.iter().find_map(|t| match t {
            Told::Node(n, _) => Some(Some(n.clone())),
            Told::Item(_) => Some(None),
            _ => None,
        });
        assert_eq!(Some(super::item_alone(e)), in_list, "{e}");
    }
}

#[test]
fn deep_and_long_json_reads_as_the_yaml_reader_reads_it() {
    let deep = format!("{}1{}", "[".repeat(500), "]".repeat(500));
    same(&format!("{{\"a\": {deep}}}"));
    same(&format!("{}1{}", "{\"a\": ".repeat(300), "}".repeat(300)));
    let long = "\u{e9}x".repeat(5000);
    same(&format!(
        "{{\"a\": \"{long}\", \"{}\": [\"{long}\"]}}",
        "k".repeat(998)
    ));
}

#[test]
fn json_the_yaml_grammar_reads_its_own_way_is_left_to_it() {
    let texts = [
        r#"{"a": "x\/y"}"#,
        r#"{"a": "\ud83d\ude00"}"#,
        r#"{"a": "\udc00"}"#,
        "{\"a\": \"x\u{85}y\"}",
        "{\"a\": \"x\u{2028}y\"}",
        "{\"a\"\n: 1}",
        "12",
        "\"s\"",
    ];
    for text in texts {
        let stream = format!("{{}} {text}");
        let reads = both(&stream, None);
        assert_eq!(reads.len(), 2, "{stream}");
        assert!(reads[0].0, "{stream}");
        assert!(!reads[1].0, "{stream}");
    }
    let key = format!("{{\"{}\": 1}}", "k".repeat(999));
    assert!(!both(&key, None)[0].0);
}

/// A small deterministic generator of JSON texts biased to what the two grammars could read
/// differently.
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        crate::test_support::xorshift(&mut self.0)
    }

    fn below(&mut self, n: u64) -> usize {
        (self.next() % n) as usize
    }

    fn space(&mut self, out: &mut String) {
        const SPACES: [&str; 8] = ["", "", "", " ", "\n  ", "\t", "\r\n", "\r"];
        out.push_str(SPACES[self.below(SPACES.len() as u64)]);
    }

    fn string(&mut self, out: &mut String) {
        const PARTS: [&str; 24] = [
            "a",
            "key",
            " ",
            "\u{e9}",
            "\u{1f600}",
            "\u{4e2d}",
            "\u{7f}",
            "\u{80}",
            "\u{9f}",
            "\u{a0}",
            "\u{feff}",
            "\u{fffe}",
            "\\n",
            "\\t",
            "\\\"",
            "\\\\",
            "\\u00e9",
            "\\u0000",
            "\\u2028",
            "\\u0085",
            "\\b",
            "#",
            ": ",
            "\\r",
        ];
        out.push('"');
        for _ in 0..self.below(5) {
            out.push_str(PARTS[self.below(PARTS.len() as u64)]);
        }
        out.push('"');
    }

    fn value(&mut self, out: &mut String, depth: usize) {
        const SCALARS: [&str; 12] = [
            "0",
            "-0",
            "1.5",
            "1e400",
            "-2E-3",
            "true",
            "false",
            "null",
            "42",
            "18446744073709551616",
            "1.0",
            "-7",
        ];
        match self.below(if depth > 4 { 2 } else { 5 }) {
            0 => out.push_str(SCALARS[self.below(SCALARS.len() as u64)]),
            1 => self.string(out),
            2 => {
                out.push('[');
                for i in 0..self.below(4) {
                    if i > 0 {
                        out.push(',');
                    }
                    self.space(out);
                    self.value(out, depth + 1);
                    self.space(out);
                }
                out.push(']');
            }
            _ => self.object(out, depth),
        }
    }

    fn object(&mut self, out: &mut String, depth: usize) {
        const KEYS: [&str; 4] = ["\"items\"", "\"a\"", "\"a\"", "\"\u{e9}\""];
        out.push('{');
        for i in 0..self.below(5) {
            if i > 0 {
                out.push(',');
            }
            self.space(out);
            match self.below(3) {
                0 => self.string(out),
                _ => out.push_str(KEYS[self.below(KEYS.len() as u64)]),
            }
            if self.below(3) == 0 {
                out.push(' ');
            }
            out.push(':');
            self.space(out);
            self.value(out, depth + 1);
            self.space(out);
        }
        out.push('}');
    }
}

#[test]
fn generated_json_reads_as_the_yaml_reader_reads_it() {
    let mut gen = Gen(0x9e37_79b9_7f4a_7c15);
    for _ in 0..3000 {
        let mut text = String::new();
        for _ in 0..1 + gen.below(3) {
            gen.object(&mut text, 0);
            gen.space(&mut text);
        }
        same(&text);
    }
}

/// Through the whole reader (meaning checked): the same documents and refusals as when every
/// chunk is left to the YAML reader.
#[test]
fn streams_read_the_same() {
    let streams = [
        "{\"a\": 1e400}",
        "{\"a\": 1} {\"b\": -1e400}",
        "{\"a\": [18446744073709551616, 9223372036854775808]}",
        "{\"a\": 1} {\"b\": 2}\n{\"c\": \"\\u00e9\"}",
    ];
    for stream in streams {
        let fast: Vec<_> = Reader::new(stream).collect();
        assert!(
            Chunks::new(stream).all(|c| c.is_ok_and(|c| c.direct)),
            "{stream}"
        );
        let yaml: Vec<_> = Chunks::new(stream)
            .enumerate()
            .map(|(index, chunk)| {
                let chunk = Chunk {
                    direct: false,
                    ..chunk.unwrap()
                };
                read_chunk(stream, &chunk, index, true, None)
            })
            .collect();
        let fast_until_refused: Vec<_> = fast.into_iter().collect();
        let mut yaml_until_refused = Vec::new();
        for doc in yaml {
            let refused = doc.is_err();
            yaml_until_refused.push(doc);
            if refused {
                break;
            }
        }
        assert_eq!(fast_until_refused, yaml_until_refused, "{stream}");
    }
}

/// Texts made from `seeds` by changing one byte to each of the bytes that matter to JSON's
/// grammar or the YAML one's, and every prefix (those that are UTF-8).
fn changed(seeds: &[String]) -> Vec<String> {
    let swaps = b" \t\r\n,:{}[]\"\\/-+.019eEtrufalsnu\x00\x1fx";
    super::super::tests::one_byte_changes(seeds, swaps)
        .into_iter()
        .filter_map(|b| String::from_utf8(b).ok())
        .collect()
}

/// An element read checked ([`super::item_checked`]) is one that encoding/json's scanner reads
/// to its end and the YAML grammar reads as it does, read as [`super::item_alone`] reads it;
/// and every such element that reading reads is read so.
#[test]
fn an_element_checked_is_one_the_scanner_reads_straight() {
    use super::super::gojson::{read_value, Read};
    let mut gen = Gen(0x2545_f491_4f6c_dd1d);
    let mut seeds: Vec<String> = (0..40)
        .map(|_| {
            let mut text = String::new();
            gen.object(&mut text, 0);
            text
        })
        .collect();
    seeds.push(format!("{{\"{}\": 1}}", "k".repeat(997)));
    seeds.push(format!("{{\"{}\" :1}}", "k".repeat(997)));
    seeds.push("{\"a\": \"x\\/y\", \"b\": \"\\ud83d\\ude00\", \"c\": \"\u{2028}\u{85}\"}".into());
    seeds.push("{\"a\"\n: 1, \"b\": [01, 1., .5, -, 1e, tru, nul, 1.5e+3]}".into());
    let (mut read, mut refused) = (0, 0);
    for text in changed(&seeds) {
        let scanned = matches!(
            read_value(&text, 0),
            Read::Value { end, direct: true, json_only: false } if end == text.len()
        );
        // (Read unchecked, only a text the scanner read.)
        let alone = scanned.then(|| super::item_alone(&text)).flatten();
        let checked = super::item_checked(&text);
        match &checked {
            Some(node) => {
                assert!(scanned, "{text:?}");
                assert_eq!(alone.as_ref(), Some(node), "{text:?}");
                read += 1;
            }
            None => {
                refused += 1;
                assert!(
                    !(scanned && alone.is_some() && text.starts_with('{')),
                    "{text:?}"
                );
            }
        }
    }
    assert!(read > 500 && refused > 5000, "{read} {refused}");
}

/// A list whose elements are found by their brackets
/// ([`super::super::gojson::read_value_items_unchecked`]) and each read checked is one Go's
/// scanner reads as found: the same value, the same elements.
#[test]
fn a_list_found_unchecked_and_read_checked_is_the_scanners() {
    use super::super::gojson::{read_value_items, read_value_items_unchecked, RootItems};
    let mut gen = Gen(0x9e37_79b9_7f4a_7c15);
    let mut seeds = Vec::new();
    for _ in 0..6 {
        let mut elements = Vec::new();
        for _ in 0..2 {
            let mut e = String::new();
            gen.object(&mut e, 1);
            elements.push(e);
        }
        let mut config = String::new();
        gen.object(&mut config, 1);
        seeds.push(format!(
            "{{\"apiVersion\": \"v1\",\"items\":[{}] , \"functionConfig\": {config}}}\n",
            elements.join(",")
        ));
    }
    seeds.push(r#" {"kind":"List","items":[{"a":"]}\"{"},{"b":[{}]}]} {"x":1}"#.into());
    let mut found = 0;
    for text in changed(&seeds) {
        let Some((read, items)) = read_value_items_unchecked(&text, 0) else {
            continue;
        };
        assert!(items.unchecked);
        if !items
            .elements
            .iter()
            .all(|e| super::item_checked(&text[e.clone()]).is_some())
        {
            continue;
        }
        let expected = RootItems {
            unchecked: false,
            breaks: None,
            ..items
        };
        assert_eq!(
            read_value_items(&text, 0),
            (read, Some(expected)),
            "{text:?}"
        );
        found += 1;
    }
    assert!(found > 200, "{found}");
}

/// `n` generated objects that are JSON, each written compactly by serde_json.
fn compact_objects(gen: &mut Gen, n: usize) -> Vec<String> {
    let mut objects = Vec::new();
    while objects.len() < n {
        let mut text = String::new();
        gen.object(&mut text, 0);
        if let Ok(v) = serde_json::from_str::<serde_json::Value>(&text) {
            objects.push(v.to_string());
        }
    }
    objects
}

/// A value `json_as_read` makes (a CRD element of a list found unchecked is loaded from it) is
/// one encoding/json's scanner reads straight, where the text holds no NEL, LS or PS.
#[test]
fn a_value_made_without_the_tree_is_one_the_scanner_reads_straight() {
    use super::super::gojson::{has_yaml_break, read_value, Read};
    let mut seeds = compact_objects(&mut Gen(0x1234_5678_9abc_def1), 40);
    seeds.push(format!("{{\"{}\":1}}", "k".repeat(401)));
    let mut made = 0;
    for text in changed(&seeds) {
        if crate::yaml::json::json_as_read(&text).is_none() || has_yaml_break(text.as_bytes()) {
            continue;
        }
        assert!(
            matches!(
                read_value(&text, 0),
                Read::Value { end, direct: true, json_only: false } if end == text.len()
            ),
            "{text:?}"
        );
        made += 1;
    }
    assert!(made > 300, "{made}");
}

/// The one-pass reading of a compact text (`value_as_read`, a CRD element of a JSON list) takes
/// exactly the texts the reading it replaced took (`serde_json` after a scan of the bytes, its
/// keys counted after), with the same value and the same verdict on `\u` escapes: generated
/// values written compactly, with Go's `\u` escapes, and every one-byte change of them; and
/// texts nested at serde_json's limit and past it.
#[test]
fn a_compact_value_read_in_one_pass_is_the_one_serde_json_reads() {
    use crate::yaml::json::{value_as_read, value_as_read_by_serde};
    let mut seeds = Vec::new();
    for compact in compact_objects(&mut Gen(0x9e37_79b9_7f4a_7c15), 20) {
        // Go's encoding/json escapes `<`, `>` and `&`.
        let go = compact
            .replace('<', "\\u003c")
            .replace('>', "\\u003e")
            .replace('&', "\\u0026");
        seeds.push(compact);
        seeds.push(go);
    }
    seeds.push(format!("{{\"{}\":1}}", "k".repeat(400)));
    seeds.push(format!("{{\"{}\":1}}", "\\n".repeat(400)));
    seeds.push(format!("{{\"{}\":1}}", "\\u0061".repeat(133)));
    seeds.push(r#"{"a":1,"b":{"a":2,"<<":3},"c":[1,-2,9223372036854775807,true,null]}"#.into());
    seeds.push(r#"{"a":"\u00e9\u20ac\u0000\u001f","b":"x\ty","c":{"a":1,"a":2}}"#.into());
    // Written out, so that the keys' order counts (maps compare regardless of it).
    let written = |read: Option<(serde_json::Value, bool)>| read.map(|(v, w)| (v.to_string(), w));
    let (mut taken, mut refused) = (0, 0);
    let compact = crate::resourcelist::json::Layout::Compact;
    for text in changed(&seeds) {
        let read = value_as_read(&text);
        // The writer's text, made from the text without the value, is the value's.
        if let Some((value, _)) = &read {
            let mut of_value = String::new();
            crate::resourcelist::json::write_value(&mut of_value, value, compact, 0);
            assert_eq!(
                crate::yaml::json::compact::written(&text),
                of_value,
                "{text:?}"
            );
        }
        let one_pass = written(read);
        assert_eq!(one_pass, written(value_as_read_by_serde(&text)), "{text:?}");
        match one_pass {
            Some(_) => taken += 1,
            None => refused += 1,
        }
    }
    assert!(taken > 2000 && refused > 20000, "{taken} {refused}");
    for depth in [1, 126, 127, 128, 129, 300] {
        for (open, close, inner) in [
            ("[", "]", "1"),
            ("{\"a\":", "}", "1"),
            ("[{\"a\":", "}]", "[]"),
        ] {
            let text = format!("{}{inner}{}", open.repeat(depth), close.repeat(depth));
            let one_pass = written(value_as_read(&text));
            assert_eq!(
                one_pass,
                written(value_as_read_by_serde(&text)),
                "{depth} {open}"
            );
        }
    }
    assert!(value_as_read(&format!("{}1{}", "[".repeat(127), "]".repeat(127))).is_some());
    assert!(value_as_read(&format!("{}1{}", "[".repeat(128), "]".repeat(128))).is_none());
}
