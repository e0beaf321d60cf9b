//! Tests of the streamed run's pieces (the whole runs are compared in `cli::stream`).

use super::*;
use crate::test_support::widget_crd;
use crate::yaml::parse_stream;

#[test]
fn read_back_gives_the_written_item() {
    let node = parse_stream("a: 'yes'\nb: [1, 2]\n").unwrap().remove(0);
    for placement in [Placement::SeqItem, Placement::Document { first: false }] {
        let mut out = Output::default();
        let seg = out.push(&node, placement);
        let back = read_back(&out.text_of(seg, ""), placement).unwrap();
        assert!(back.content_eq(&node), "{placement:?}");
    }
}

#[test]
fn in_json_an_item_is_its_value_after_a_separator_of_its_own() {
    use crate::resourcelist::json::Layout;
    let node = parse_stream("a: 'yes'\nb: [1, 0755]\n").unwrap().remove(0);
    let mut out = Output::new(Format::Json(Layout::Pretty));
    out.push(&node, Placement::SeqItem);
    let seg = out.push(&node, Placement::SeqItem);
    let item = "{\n      \"a\": \"yes\",\n      \"b\": [\n        1,\n        493\n      ]\n    }";
    assert_eq!(out.text_of(seg, ""), item);
    let (text, _) = out.into_pieces("", 0);
    assert_eq!(text, format!(",\n    {item},\n    {item}"));
    let mut out = Output::new(Format::Json(Layout::Compact));
    out.push(&node, Placement::Document { first: true });
    out.push(&node, Placement::Document { first: false });
    let (text, _) = out.into_pieces("", 0);
    assert_eq!(text, "{\"a\":\"yes\",\"b\":[1,493]}\n".repeat(2));
    // A value JSON cannot hold (no input that reads has one: kubectl refuses them): nothing
    // written, and the output cannot be JSON.
    let nan = Node::Scalar(crate::yaml::Scalar::plain(".nan"));
    let mut out = Output::new(Format::Json(Layout::Compact));
    out.push(&node, Placement::SeqItem);
    assert!(!out.no_json());
    out.push(&nan, Placement::Document { first: false });
    assert!(out.no_json());
}

#[test]
fn items_lookup_wins_over_files_and_falls_back_to_them() {
    let (items, files) = (Schemas::default(), Schemas::default());
    assert!(matches!(
        lookup(&items, Some(&files), "example.com/v1", "Widget"),
        Lookup::NotFound
    ));
}

#[test]
fn an_items_results_are_kept_for_the_output_and_stderr() {
    let crd = widget_crd!(["replicas: {type: integer, minimum: 1}"]);
    let widget =
        "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  replicas: 0\n";
    let config = Config::default();
    let mut streamer = Streamer::new(&config, "", false, Format::Yaml).unwrap();
    for (i, text) in [crd, widget].into_iter().enumerate() {
        let node = parse_stream(text).unwrap().remove(0);
        let placement = Placement::Document { first: i == 0 };
        streamer.item(node, i, placement, None);
    }
    let (report, _) = streamer.finish().ok().unwrap();
    let line = "spec.replicas: Invalid value: 0: spec.replicas in body should be greater than or equal to 1";
    let mut stderr = Vec::new();
    report.items.write_stderr(1, &mut stderr).unwrap();
    let stderr = String::from_utf8(stderr).unwrap();
    assert!(stderr.contains(line), "{stderr}");
    assert!(report.items.has_error());
    let kept = report.items.iter().any(|r| r.message.contains(line));
    assert!(kept);
}

/// An item without a span counts about its JSON text towards its batch's size: a CRD of the
/// corpus's size and a small object both within a factor of two of their one-line JSON.
#[test]
fn an_unspanned_item_counts_about_its_text() {
    let crd = parse_stream(widget_crd!([
        "replicas: {type: integer, minimum: 1}",
        "name: {type: string, maxLength: 8}"
    ]))
    .unwrap()
    .remove(0);
    let small = parse_stream("kind: Widget\nspec: {a: [1, 'two'], b: {c: null}}\n")
        .unwrap()
        .remove(0);
    for node in [crd, small] {
        let json = crate::yaml::json::to_json(&node)
            .expect("a JSON form")
            .to_string();
        let size = text_size(&node);
        assert!(
            json.len() / 2 <= size && size <= json.len() * 2,
            "{size} against {}: {json}",
            json.len()
        );
    }
}
