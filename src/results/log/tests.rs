use super::*;
use crate::resourcelist::json::{write_element, Layout};

/// Results with every field present and absent, with strings a length prefix must carry
/// (empty, multi-byte, longer than 127 bytes).
fn samples() -> Vec<KrmResult> {
    let about = ResourceRef {
        api_version: "example.com/v1".into(),
        kind: "Widget".into(),
        name: "w1".into(),
        namespace: String::new(),
    };
    let mut full = KrmResult::new(Severity::Error, "spec.x: Invalid value: \"é\": ü".repeat(9));
    full.resource_ref = Some(ResourceRef {
        namespace: "demo".into(),
        ..about.clone()
    });
    full.field = Some("spec.x".into());
    full.file = Some(FileRef {
        path: "a/b.yaml".into(),
        index: Some(-3),
    });
    full.stderr_note = Some("a note".into());
    full.tags = vec![("operation", "update".into()), ("operation", String::new())];
    let mut no_index = KrmResult::new(Severity::Info, "");
    no_index.file = Some(FileRef {
        path: String::new(),
        index: None,
    });
    let mut warning = KrmResult::new(Severity::Warning, "unknown field \"x\"");
    warning.resource_ref = Some(about);
    vec![
        full,
        no_index,
        warning,
        KrmResult::new(Severity::Error, "x".repeat(20_000)),
    ]
}

#[test]
fn a_log_gives_back_the_results_pushed() {
    let mut log = Log::default();
    assert!(log.is_empty());
    for r in samples() {
        log.push(&r);
    }
    assert_eq!(log.iter().collect::<Vec<_>>(), samples());
    assert_eq!(Log::of(&samples()), log);
    let mut twice = log.clone();
    twice.append(&log);
    assert_eq!(twice.iter().count(), 8);
    // Whether one is an error, through pushes, appends and inserts.
    assert!(log.has_error() && twice.has_error());
    let warnings = Log::of(&samples()[1..3]);
    assert!(!warnings.has_error());
    let mut appended = warnings.clone();
    appended.append(&Log::of(&samples()[..1]));
    assert!(appended.has_error());
    assert!(warnings
        .insert(&[(0, Log::of(&samples()[3..]))])
        .has_error());
    assert!(!warnings.insert(&[(0, warnings.clone())]).has_error());
}

#[test]
fn results_kept_as_bytes_append_as_their_log_would() {
    let (errors, warnings) = (Log::of(&samples()), Log::of(&samples()[1..3]));
    let mut bytes = Vec::new();
    errors.encode_into(&mut bytes);
    let split = bytes.len();
    warnings.encode_into(&mut bytes);
    let mut log = Log::of(&samples()[1..2]);
    let mut want = log.clone();
    log.append_encoded(&bytes[split..], warnings.has_error());
    want.append(&warnings);
    assert_eq!(log, want);
    assert!(!log.has_error());
    log.append_encoded(&bytes[..split], errors.has_error());
    want.append(&errors);
    assert_eq!(log, want);
    assert!(log.has_error());
    assert_eq!(log.iter().count(), 7);
    // Nothing kept: nothing appended.
    log.append_encoded(&[], false);
    assert_eq!(log, want);
}

#[test]
fn stderr_has_a_line_for_each_result_but_info() {
    let mut want = String::new();
    for r in samples() {
        r.push_stderr(&mut want);
    }
    assert_eq!(
        want.lines().count(),
        4,
        "the error's note is a line of its own"
    );
    let mut got = Vec::new();
    Log::of(&samples()).write_stderr(1, &mut got).unwrap();
    assert_eq!(String::from_utf8(got).unwrap(), want);
}

#[test]
fn results_inserted_later_go_where_their_place_was() {
    let s = samples();
    let (mut log, mut places) = (Log::default(), Vec::new());
    for r in &s[..3] {
        places.push(log.end());
        log.push(r);
    }
    let mut late = Log::default();
    late.push(&s[3]);
    let joined = log.insert(&[(places[0], late.clone()), (places[2], late)]);
    let want = [&s[3], &s[0], &s[1], &s[3], &s[2]];
    assert_eq!(joined.iter().collect::<Vec<_>>(), want.map(Clone::clone));
}

/// A long log is compressed a block at a time: its results read back in order across blocks,
/// results inserted at places inside compressed blocks and at their ends go there, and a log
/// appended whole keeps its order.
#[test]
fn a_long_log_is_compressed_and_reads_back_across_blocks() {
    let s = samples();
    let (mut log, mut places, mut want) = (Log::default(), Vec::new(), Vec::new());
    for i in 0..6000 {
        places.push(log.end());
        let r = &s[i % s.len()];
        log.push(r);
        want.push(r.clone());
    }
    let bytes: usize = log.bytes.chunks().map(|(_, b)| b.len()).sum();
    assert_eq!(bytes, log.end());
    assert!(
        log.end() > 4 * crate::packed::Blocks::BLOCK,
        "{}",
        log.end()
    );
    assert_eq!(log.iter().collect::<Vec<_>>(), want);
    let mut late = Log::default();
    late.push(&s[3]);
    late.push(&s[0]);
    let at = [0, 1, 777, 2500, 2501, 5999];
    let parts: Vec<(usize, Log)> = at.iter().map(|&i| (places[i], late.clone())).collect();
    let parts = [parts, vec![(log.end(), late.clone())]].concat();
    let mut expected = Vec::new();
    for (i, r) in want.iter().enumerate() {
        if at.contains(&i) {
            expected.extend(late.iter());
        }
        expected.push(r.clone());
    }
    expected.extend(late.iter());
    assert_eq!(log.insert(&parts).iter().collect::<Vec<_>>(), expected);
    let mut whole = Log::default();
    whole.push(&s[1]);
    whole.append(&log);
    assert_eq!(whole.iter().count(), want.len() + 1);
    assert_eq!(whole.iter().skip(1).collect::<Vec<_>>(), want);
}

/// Entries and stderr lines, of a log of a few blocks (each block's text made on its own, on
/// up to three threads), are each result's own text in order, the first entry alone without
/// its comma.
#[test]
fn entries_are_written_as_each_result_writes_itself() {
    let results: Vec<KrmResult> = (0..600).flat_map(|_| samples()).collect();
    let log = Log::of(&results);
    assert!(log.bytes.chunks().count() >= 3, "a log of several blocks");
    for threads in [1, 2, 3] {
        let written = |entries| {
            let mut out = Vec::new();
            log.write_entries(entries, threads, &mut out).unwrap();
            String::from_utf8(out).unwrap()
        };
        let mut yaml = String::new();
        for r in &results {
            r.write_yaml_item(&mut yaml);
        }
        assert_eq!(written(Entries::Yaml), yaml, "threads {threads}");
        for layout in [Layout::Compact, Layout::Pretty] {
            let mut json = String::new();
            for r in &results {
                write_element(&mut json, &r.to_node(), layout).unwrap();
            }
            let all = Entries::Json {
                layout,
                first: false,
            };
            assert_eq!(written(all), json, "threads {threads}");
            let opening = Entries::Json {
                layout,
                first: true,
            };
            assert_eq!(written(opening), json[1..], "threads {threads}");
        }
        let mut stderr = Vec::new();
        log.write_stderr(threads, &mut stderr).unwrap();
        let mut want = String::new();
        results.iter().for_each(|r| r.push_stderr(&mut want));
        assert_eq!(
            String::from_utf8(stderr).unwrap(),
            want,
            "threads {threads}"
        );
    }
}

/// Results read one after the other into one result (the writers' way) come out as pushed,
/// whatever fields the one before had: each sample after each other sample, twice over.
#[test]
fn results_read_into_one_result_are_the_results_pushed() {
    let samples = samples();
    let mut order = Vec::new();
    for a in &samples {
        for b in &samples {
            order.extend([a.clone(), b.clone()]);
        }
    }
    let log = Log::of(&order);
    assert_eq!(log.iter().collect::<Vec<_>>(), order);
    // The writers give each result's own text, in order.
    let mut stderr = Vec::new();
    log.write_stderr(1, &mut stderr).unwrap();
    let mut want = String::new();
    order.iter().for_each(|r| r.push_stderr(&mut want));
    assert_eq!(String::from_utf8(stderr).unwrap(), want);
    let mut entries = Vec::new();
    log.write_entries(Entries::Yaml, 1, &mut entries).unwrap();
    let mut want = String::new();
    order.iter().for_each(|r| r.write_yaml_item(&mut want));
    assert_eq!(String::from_utf8(entries).unwrap(), want);
}

#[test]
fn numbers_at_their_edges_read_back_and_a_block_is_text() {
    let mut log = Log::default();
    let mut want = Vec::new();
    for (i, index) in [
        0,
        1,
        -1,
        31,
        32,
        -32,
        -33,
        63,
        64,
        4095,
        4096,
        i64::MAX,
        i64::MIN,
    ]
    .into_iter()
    .enumerate()
    {
        let mut r = KrmResult::new(Severity::Warning, "é".repeat(i * 40));
        r.file = Some(FileRef {
            path: "ü".repeat(i * 7),
            index: Some(index),
        });
        r.tags = vec![("operation", "x".repeat(i))];
        log.push(&r);
        want.push(r);
    }
    assert_eq!(log.iter().collect::<Vec<_>>(), want);
    for (_, bytes) in log.bytes.chunks() {
        assert!(std::str::from_utf8(&bytes).is_ok());
    }
    let mut b = Vec::new();
    for n in [0, 63, 64, 4095, 4096, u64::MAX] {
        b.clear();
        put_num(&mut b, n);
        assert!(b.is_ascii(), "{n}");
        let text = std::str::from_utf8(&b).expect("ASCII");
        assert_eq!(Reader(text).num(), n);
    }
}
