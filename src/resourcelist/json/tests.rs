//! JSON detection as kubectl decides it, and the JSON written of trees.

use super::*;
use serde_json::json;

/// Each non-null document of `yaml` written as JSON and a line break, as the whole-input run
/// writes its output documents; `None` when one has no JSON form.
fn json_text(yaml: &str, layout: Layout) -> Option<String> {
    let mut out = String::new();
    for doc in crate::yaml::parse_stream(yaml).unwrap() {
        if !doc.is_null() {
            write_node(&mut out, &doc, layout, 0)?;
            out.push('\n');
        }
    }
    Some(out)
}

#[test]
fn json_is_what_kubectl_reads_as_json() {
    for (text, json) in [
        (r#"{"kind":"ResourceList","items":[]}"#, true),
        ("\u{feff}  \n {\"a\": 1}\n", true),
        (r#"{"a": 1}{"b": 2}"#, true),
        // Not JSON after all: read as YAML (a flow mapping), as apimachinery falls back.
        ("{a: 1}\n", false),
        ("kind: ResourceList\n", false),
        ("[1, 2]\n", false),
        ("", false),
    ] {
        assert_eq!(json_layout(text).is_some(), json, "{text:?}");
    }
    assert_eq!(json_layout("{\"a\": 1}\n{\n}"), Some(Layout::Compact));
    assert_eq!(json_layout("{\n  \"a\": 1\n}\n"), Some(Layout::Pretty));
}

#[test]
fn a_resource_list_becomes_one_json_line_items_in_place() {
    let yaml = "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n\
                - apiVersion: v1\n  kind: ConfigMap\n  data:\n    a: \"1\"\n    b: yes\n    c: 0755\n    d: 1.0\n\
                - {\"apiVersion\": \"v1\", \"kind\": \"Secret\"}\n\
                results:\n- message: m\n  severity: error\nfunctionConfig: {}\n";
    let out = json_text(yaml, Layout::Compact).unwrap();
    assert!(out.ends_with("}\n") && out.lines().count() == 1, "{out}");
    let got: Value = serde_json::from_str(&out).unwrap();
    let want = json!({
        "apiVersion": "config.kubernetes.io/v1", "kind": "ResourceList",
        "items": [
            {"apiVersion": "v1", "kind": "ConfigMap", "data": {"a": "1", "b": true, "c": 493, "d": 1}},
            {"apiVersion": "v1", "kind": "Secret"}
        ],
        "results": [{"message": "m", "severity": "error"}],
        "functionConfig": {}
    });
    assert_eq!(got, want);
    // Key order is the YAML's.
    let keys: Vec<&str> = got
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        ["apiVersion", "kind", "items", "results", "functionConfig"]
    );
    // Indented, it is the same value, laid out as serde_json (and kubectl) indent it.
    let pretty = json_text(yaml, Layout::Pretty).unwrap();
    let want_text = format!("{}\n", serde_json::to_string_pretty(&want).unwrap());
    assert_eq!(pretty, want_text);
    let empty = json_text("kind: List\nitems: []\n", Layout::Pretty).unwrap();
    assert_eq!(empty, "{\n  \"kind\": \"List\",\n  \"items\": []\n}\n");
}

#[test]
fn a_stream_becomes_one_line_per_document() {
    let out = json_text(
        "a: 1\n---\n# nothing\n---\n- x\n---\nitems: []\n",
        Layout::Compact,
    );
    let out = out.unwrap();
    assert_eq!(out, "{\"a\":1}\n[\"x\"]\n{\"items\":[]}\n");
}

#[test]
fn what_json_cannot_hold_has_no_json_text() {
    use crate::yaml::{Mapping, Scalar, Sequence};
    let map = |k: Node, v: Node| {
        Node::Map(Mapping {
            entries: vec![(k, v)],
            ..Mapping::default()
        })
    };
    let inf = map(Node::string("a"), Node::Scalar(Scalar::plain(".inf")));
    let seq_key = Node::Seq(Sequence {
        items: vec![Node::string("k")],
        ..Sequence::default()
    });
    for layout in [Layout::Compact, Layout::Pretty] {
        for node in [&inf, &map(seq_key.clone(), Node::string("v"))] {
            assert_eq!(write_node(&mut String::new(), node, layout, 0), None);
        }
    }
}

/// A node is written straight from its tree as from its JSON value, in both layouts at any
/// indentation; what has no plain JSON form is written from its value, what has no JSON form
/// not at all.
#[test]
fn nodes_are_written_as_their_values_print() {
    let texts = [
        "a: 1\nb: [x, 'y', \"z\\n\\u0001\\u007f\", null, ~, true, off, 0755, 0x1F, 1.5, 2.0, 1e3]\n",
        "a: {b: {c: [], d: {}}}\nq: \"caf\\u00e9 \\\" \\\\ \\t \\b \\f \\r \\u001f \\u2028\"\n",
        "big: 99999999999999999999\nneg: -12\nf: -.5\nk: 'yes'\n",
        "- 1\n- - 2\n  - {x: y}\n  - []\n  - {}\n",
        "{\"json\": 1.0, \"n\": 9007199254740992.0, \"e\": 1e300, \"s\": -0.0}\n",
        "plain string\n",
        "[]\n",
        "{}\n",
        "a: 1\nb: 2\na: 3\n",
        "1: one\ntrue: yes\n",
        "base: &b {x: 1}\nc:\n  <<: *b\n",
        "a: !!str 1\nb: !!binary aGk=\n",
    ];
    // A value JSON cannot hold (the reader refuses it; a tree may be made by hand).
    let inf = Node::Seq(crate::yaml::Sequence {
        items: vec![Node::Scalar(crate::yaml::Scalar::plain(".inf"))],
        ..Default::default()
    });
    let collection_key = Node::Map(crate::yaml::Mapping {
        entries: vec![(
            Node::empty_map(),
            Node::Scalar(crate::yaml::Scalar::plain("1")),
        )],
        ..Default::default()
    });
    let docs: Vec<Node> = texts
        .iter()
        .map(|t| crate::yaml::parse_stream(t).unwrap().remove(0))
        .chain(
            crate::yaml::parse_stream(
                "{\"a\": [1.0, 1e2, -0, 12345678901234567890, \"\\u00e9\"], \"b\": {}}",
            )
            .unwrap(),
        )
        .chain([inf, collection_key])
        .collect();
    for node in &docs {
        for layout in [Layout::Compact, Layout::Pretty] {
            for indent in [0, 2, ELEMENT_INDENT] {
                let mut got = String::from("x");
                let wrote = write_node(&mut got, node, layout, indent);
                let mut want = String::from("x");
                let value = to_json(node).ok();
                if let Some(v) = &value {
                    write_value(&mut want, v, layout, indent);
                }
                assert_eq!(wrote.is_some(), value.is_some(), "{node:?}");
                assert_eq!(got, want, "{node:?} {layout:?} {indent}");
            }
        }
    }
}

/// Where the walk that finds a list's elements tells whether they hold a line break, the
/// layout read from the text around them and the shell read without searching them are the
/// ones searched for: line feeds and carriage returns in an element, between elements, before
/// the list, after it, after the value, and none.
#[test]
fn line_breaks_told_by_the_walk_give_the_layout_and_shell_searched_for() {
    use crate::yaml::parse::ahead::{shell_json, split_json_with};
    let texts = [
        r#"{"apiVersion":"v1","kind":"List","items":[{"a":1},{"b":[2,{"c":"}"}]}]}"#,
        "{\"kind\":\"List\",\"items\":[{\"a\":1},{\"b\":\n2}]}",
        "{\"kind\":\"List\",\"items\":[{\"a\":1},{\"b\":\r2}]}",
        "{\"kind\":\"List\",\"items\":[{\"a\":1}\n,{\"b\":2}]}",
        "{\"kind\":\"List\",\"items\":[\r\n{\"a\":1},{\"b\":2}]}",
        "{\"kind\":\"List\",\n\"items\":[{\"a\":1},{\"b\":2}]}",
        "{\"kind\":\"List\",\"items\":[{\"a\":1},{\"b\":2}]\n}",
        "{\"kind\":\"List\",\"items\":[{\"a\":1},{\"b\":2}]}\n",
        "{\"kind\":\"List\",\"items\":[{\"a\":1},{\"b\":2}],\r\"x\":1}",
    ];
    for text in texts {
        let (layout, items) = json_reading(text, false).expect("read");
        let items = items.expect("elements found");
        assert!(items.unchecked, "{text:?}");
        let within = &text[items.open..=items.close];
        assert_eq!(
            items.breaks,
            Some(within.contains(['\n', '\r'])),
            "{text:?}"
        );
        assert_eq!(Some(layout), json_layout(text), "{text:?}");
        let told = split_json_with(text, Some(&items)).expect("split");
        let searched = crate::yaml::parse::ahead::Split {
            breaks: None,
            ..told.clone()
        };
        let shell = shell_json(text, &told).expect("shell");
        assert_eq!(Some(shell), shell_json(text, &searched), "{text:?}");
    }
}
