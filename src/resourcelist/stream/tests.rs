//! Tests of the streamed run's shell, pre-scan and output pieces.

use super::*;
use crate::resourcelist::json::Layout;
use crate::results::Severity;

#[test]
fn prescan_finds_a_json_function_config_at_the_root() {
    let text = r#"{"kind":"ResourceList","items":[{"functionConfig":{"x":"}"}},"functionConfig"],
      "functionConfig" : {"data": {"a\"": "b]", "n": 1.0}}, "z": 1}"#;
    let fc = prescan_json_function_config(text).unwrap();
    let want = parse_stream(r#"{"data": {"a\"": "b]", "n": 1.0}}"#)
        .unwrap()
        .remove(0);
    assert!(fc.content_eq(&want));
    // Not at the root, not an object, or not there at all.
    for text in [
        r#"{"items":[{"functionConfig":{"a":1}}]}"#,
        r#"{"functionConfig":null}"#,
        r#"{"functionConfig":"x"}"#,
        r#"{"kind":"ResourceList"}{"functionConfig":{"a":1}}"#,
        r#"{"a":""functionConfig":{}"}"#,
        "{\"functionConfig\":{\"a\":1",
    ] {
        assert!(prescan_json_function_config(text).is_none(), "{text}");
    }
}

#[test]
fn prescan_finds_a_block_function_config_after_the_items() {
    let text = "kind: ResourceList\nitems:\n- a: 1\nfunctionConfig:\n  kind: ConfigMap\n  data:\n    x: 'yes'\n# c\nresults: []\n";
    let fc = prescan_function_config(text).unwrap();
    assert_eq!(fc.get("kind").and_then(Node::as_str), Some("ConfigMap"));
    assert_eq!(
        fc.get("data")
            .and_then(|d| d.get("x"))
            .and_then(Node::as_str),
        Some("yes")
    );
    let first = "functionConfig: {kind: X}\nitems: []\n";
    assert!(prescan_function_config(first).is_some());
    assert!(prescan_function_config("kind: ResourceList\nitems: []\n").is_none());
    // Indented (inside an item) does not count.
    assert!(prescan_function_config("items:\n- functionConfig:\n    a: 1\n").is_none());
}

#[test]
fn shell_form_accepts_only_writable_envelopes() {
    let parse = |t: &str| parse_stream(t).unwrap().remove(0);
    let rl = parse("apiVersion: v1\nkind: ResourceList\nitems: []\n");
    assert_eq!(shell_form(&rl), Some(Form::ResourceList));
    let list = parse("kind: List\nitems: ~\n");
    assert_eq!(shell_form(&list), Some(Form::List));
    for bad in [
        "kind: ResourceList\nitems: {a: 1}\n",
        "kind: ResourceList\nitems: []\nitems: []\n",
        "kind: ResourceList\nresults: 3\n",
        "kind: List\n",
        "!!map\nkind: ResourceList\n",
    ] {
        assert_eq!(shell_form(&parse(bad)), None, "{bad}");
    }
}

#[test]
fn write_shell_places_items_and_results_like_the_whole_writer() {
    let shell = parse_stream(
        "kind: ResourceList\napiVersion: v1\nitems: []\nresults:\n- message: old\nz: 1\n",
    )
    .unwrap()
    .remove(0);
    let items = ("- a: 1\n".into(), vec![Piece::Own(0..7)]);
    let tail = [KrmResult::new(Severity::Info, "new")];
    let mut logged = Log::default();
    logged.push(&KrmResult::new(Severity::Warning, "mid"));
    let results = Results {
        head: &[],
        items: logged.clone().into(),
        tail: &tail,
    };
    let out = write_shell(shell, Form::ResourceList, items, results).to_string("");
    assert_eq!(
        out,
        "kind: ResourceList\napiVersion: config.kubernetes.io/v1\nitems:\n- a: 1\nresults:\n- message: old\n- message: mid\n  severity: warning\n- message: new\n  severity: info\nz: 1\n"
    );
    let shell = parse_stream("{\"kind\": \"List\"}").unwrap().remove(0);
    let none = Results {
        head: &[],
        items: Log::default().into(),
        tail: &[],
    };
    let out = write_shell(shell, Form::List, (Spool::default(), vec![]), none).to_string("");
    assert_eq!(out, "\"kind\": \"List\"\nitems: []\n");
    // In JSON the items' results open the list when nothing comes before them: the first
    // one's separator is left out.
    for layout in [Layout::Compact, Layout::Pretty] {
        let shell = parse_stream("{\"kind\": \"ResourceList\", \"items\": []}")
            .unwrap()
            .remove(0);
        let results = Results {
            head: &[],
            items: logged.clone().into(),
            tail: &tail,
        };
        let items = (Spool::default(), vec![]);
        let out = write_json_shell(shell, Form::ResourceList, items, results, layout).unwrap();
        let out: serde_json::Value = serde_json::from_str(&out.to_string("")).unwrap();
        let want = serde_json::json!([
            {"message": "mid", "severity": "warning"},
            {"message": "new", "severity": "info"}
        ]);
        assert_eq!(out["results"], want);
    }
}
