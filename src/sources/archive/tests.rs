use super::*;
use flate2::{write::GzEncoder, Compression};

/// A file of an archive: its name (as written) and bytes.
type Entry<'a> = (&'a str, &'a [u8]);

/// A gzipped tar of `(name, bytes)` entries, names written as they are (no check).
fn tgz(entries: &[Entry]) -> Vec<u8> {
    let mut b = tar::Builder::new(GzEncoder::new(Vec::new(), Compression::fast()));
    for (name, data) in entries {
        let mut h = tar::Header::new_gnu();
        h.as_old_mut().name[..name.len()].copy_from_slice(name.as_bytes());
        h.set_size(data.len() as u64);
        h.set_mode(0o644);
        h.set_entry_type(tar::EntryType::Regular);
        h.set_cksum();
        b.append(&h, *data).unwrap();
    }
    b.into_inner().unwrap().finish().unwrap()
}

fn names(r: Result<Vec<CrdFile>, ArchiveError>) -> Vec<String> {
    r.unwrap().into_iter().map(|f| f.name).collect()
}

#[test]
fn the_crds_of_a_chart_and_its_subcharts_in_helms_order() {
    let inner = tgz(&[
        ("inner/Chart.yaml", b"name: inner"),
        ("inner/crds/i.yaml", b"i"),
    ]);
    let chart = tgz(&[
        ("app/Chart.yaml", b"name: app"),
        ("app/crds/z.yaml", b"z"),
        ("app/crds/A.YML", b"a"),
        ("app/crds/notes.txt", b"n"),
        ("app/crds/nested/n.json", b"n"),
        ("app/templates/t.yaml", b"t"),
        ("app/values.yaml", b"v"),
        ("app/charts/sub/Chart.yaml", b"name: sub"),
        ("app/charts/sub/crds/s.yaml", b"s"),
        ("app/charts/sub/charts/deep/crds/d.yaml", b"d"),
        ("app/charts/inner-1.0.0.tgz", &inner),
        ("app/charts/inner-1.0.0.tgz.prov", b"p"),
        ("app/charts/_skipped/crds/h.yaml", b"h"),
        ("app/charts/.hidden/crds/h.yaml", b"h"),
    ]);
    assert_eq!(
        names(crd_files("app-1.0.0.tgz", &chart)),
        [
            // The chart's own, in the archive's order.
            "app-1.0.0.tgz!/app/crds/z.yaml",
            "app-1.0.0.tgz!/app/crds/A.YML",
            "app-1.0.0.tgz!/app/crds/nested/n.json",
            // Then the subcharts by name: the packaged one, then the folder (and its own).
            "app-1.0.0.tgz!/app/charts/inner-1.0.0.tgz!/inner/crds/i.yaml",
            "app-1.0.0.tgz!/app/charts/sub/crds/s.yaml",
            "app-1.0.0.tgz!/app/charts/sub/charts/deep/crds/d.yaml",
        ]
    );
}

#[test]
fn a_files_bytes_lose_a_byte_order_mark() {
    let chart = tgz(&[("c/crds/a.yaml", b"\xef\xbb\xbfkind: X\n")]);
    let files = crd_files("c.tgz", &chart).unwrap();
    assert_eq!(files[0].data, b"kind: X\n");
}

#[test]
fn archives_helm_refuses_are_refused() {
    let cases: &[(&[Entry], &str)] = &[
        (
            &[("c/../x/crds/a.yaml", b"a")],
            "c.tgz: chart illegally references parent directory",
        ),
        (
            &[("c//etc/crds/a.yaml", b"a")],
            "c.tgz: chart illegally contains absolute paths",
        ),
        (
            &[("c/", b"")],
            "c.tgz: chart illegally contains content outside the base directory: \"c/\"",
        ),
        (
            &[("c/C:/x.yaml", b"a")],
            "c.tgz: chart contains illegally named files",
        ),
        (
            &[("Chart.yaml", b"a")],
            "c.tgz: chart illegally contains content outside the base directory: \"Chart.yaml\"",
        ),
        (
            &[("Chart.yaml/x", b"a")],
            "c.tgz: chart yaml not in base directory",
        ),
        (&[], "c.tgz: no files in chart archive"),
    ];
    for (entries, want) in cases {
        assert_eq!(
            crd_files("c.tgz", &tgz(entries))
                .map_err(|e| format!("{}: {}", e.archive, e.message))
                .unwrap_err(),
            *want,
            "{entries:?}"
        );
    }
    assert_eq!(
        crd_files("c.tgz", b"kind: List\n")
            .map_err(|e| format!("{}: {}", e.archive, e.message))
            .unwrap_err(),
        "c.tgz: cannot read the chart archive: not a gzip file"
    );
    let mut cut = tgz(&[("c/crds/a.yaml", b"a")]);
    cut.truncate(cut.len() / 2);
    let err = crd_files("c.tgz", &cut)
        .map_err(|e| format!("{}: {}", e.archive, e.message))
        .unwrap_err();
    assert!(
        err.starts_with("c.tgz: cannot read the chart archive: "),
        "{err}"
    );
}

#[test]
fn helms_size_limits_hold_nested_archives_too() {
    let big = vec![0u8; MAX_FILE_BYTES as usize + 1];
    assert_eq!(
        crd_files("c.tgz", &tgz(&[("c/crds/a.yaml", &big)]))
            .map_err(|e| format!("{}: {}", e.archive, e.message))
            .unwrap_err(),
        format!(
            "c.tgz: decompressed chart file \"c/crds/a.yaml\" is larger than the maximum file \
             size {MAX_FILE_BYTES}"
        )
    );
    // 21 files of 5 MiB: more than the archive may hold.
    let full = vec![b'x'; MAX_FILE_BYTES as usize];
    let many: Vec<(String, &[u8])> = (0..21)
        .map(|i| (format!("c/crds/{i}.yaml"), &full[..]))
        .collect();
    let many: Vec<(&str, &[u8])> = many.iter().map(|(n, d)| (n.as_str(), *d)).collect();
    let too_large = format!("decompressed chart is larger than the maximum size {MAX_CHART_BYTES}");
    assert_eq!(
        crd_files("c.tgz", &tgz(&many))
            .map_err(|e| format!("{}: {}", e.archive, e.message))
            .unwrap_err(),
        format!("c.tgz: {too_large}")
    );
    // Each archive inside under the limit, together over it: 4 × 30 MiB.
    let part = tgz(&many[..6]);
    let outer = tgz(&[
        ("c/charts/a.tgz", &part),
        ("c/charts/b.tgz", &part),
        ("c/charts/c.tgz", &part),
        ("c/charts/d.tgz", &part),
    ]);
    assert_eq!(
        crd_files("c.tgz", &outer)
            .map_err(|e| format!("{}: {}", e.archive, e.message))
            .unwrap_err(),
        format!("c.tgz!/c/charts/d.tgz: {too_large}")
    );
}

#[test]
fn a_packaged_subchart_is_one_file() {
    let sub = tgz(&[("s/crds/a.yaml", b"a")]);
    let chart = tgz(&[("c/charts/s.tgz", &sub), ("c/charts/s.tgz/x", b"x")]);
    assert_eq!(
        crd_files("c.tgz", &chart)
            .map_err(|e| format!("{}: {}", e.archive, e.message))
            .unwrap_err(),
        "c.tgz: subchart s.tgz: expected one file s.tgz, got 2"
    );
}

#[test]
fn path_clean_as_go() {
    // Go's path.Clean test table (cleantests), a selection.
    for (input, want) in [
        ("", "."),
        ("abc", "abc"),
        ("abc/def", "abc/def"),
        ("a/b/c", "a/b/c"),
        (".", "."),
        ("..", ".."),
        ("../..", "../.."),
        ("../../abc", "../../abc"),
        ("/abc", "/abc"),
        ("/", "/"),
        ("abc/", "abc"),
        ("abc/def/", "abc/def"),
        ("/abc/", "/abc"),
        ("abc//def//ghi", "abc/def/ghi"),
        ("//abc", "/abc"),
        ("abc//", "abc"),
        ("abc/./def", "abc/def"),
        ("/./abc/def", "/abc/def"),
        ("abc/.", "abc"),
        ("abc/def/ghi/../jkl", "abc/def/jkl"),
        ("abc/def/../ghi/../jkl", "abc/jkl"),
        ("abc/def/..", "abc"),
        ("abc/def/../..", "."),
        ("/abc/def/../..", "/"),
        ("abc/def/../../..", ".."),
        ("/abc/def/../../..", "/"),
        ("abc/def/../../../ghi/jkl/../../../mno", "../../mno"),
        ("abc/./../def", "def"),
        ("abc//./../def", "def"),
        ("abc/../../././../def", "../../def"),
    ] {
        assert_eq!(clean(input), want, "{input:?}");
    }
}
