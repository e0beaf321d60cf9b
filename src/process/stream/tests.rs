//! Tests of the streamed run's pieces (the whole runs are compared in `cli::stream`).

use super::*;
use crate::yaml::parse_stream;

#[test]
fn splice_replaces_ranges_in_order() {
    let parts = vec![(1, 2, "BB".to_string()), (3, 3, "+".to_string())];
    assert_eq!(splice("abcd", &parts), "aBBc+d");
    assert_eq!(splice("abcd", &[]), "abcd");
}

#[test]
fn read_back_gives_the_written_item() {
    let node = parse_stream("a: 'yes'\nb: [1, 2]\n").unwrap().remove(0);
    for placement in [Placement::SeqItem, Placement::Document { first: false }] {
        let mut out = Output::default();
        let seg = out.push(&node, placement);
        let back = read_back(out.text_of(seg, ""), placement).unwrap();
        assert!(back.content_eq(&node), "{placement:?}");
    }
}

#[test]
fn items_lookup_wins_over_files_and_falls_back_to_them() {
    let (items, files) = (Schemas::default(), Schemas::default());
    assert!(matches!(
        lookup(&items, Some(&files), "example.com/v1", "Widget"),
        Lookup::NotFound
    ));
}
