use super::*;

#[test]
fn parses_versions_and_ignores_the_patch() {
    for (s, minor) in [
        ("1.34", 34),
        ("v1.34", 34),
        ("1.34.2", 34),
        (" v1.32.13 ", 32),
        ("1.36", 36),
        ("1.35.0", 35),
    ] {
        assert_eq!(
            KubeVersion::parse(s).map(KubeVersion::minor),
            Ok(minor),
            "{s}"
        );
    }
}

#[test]
fn refuses_versions_outside_the_range_naming_it() {
    for s in ["1.31", "1.37", "2.34", "0.34", "v1.31.9"] {
        assert_eq!(
            KubeVersion::parse(s).map_err(|e| e.to_string()),
            Err(format!(
                "Kubernetes version {s:?} is not supported: the supported versions are 1.32 to 1.36"
            )),
            "{s}"
        );
    }
    for s in [
        "", "1", "latest", "1.34.x", "1.34.2.1", "v", "1..34", "1.034x",
    ] {
        assert_eq!(
            KubeVersion::parse(s).map_err(|e| e.to_string()),
            Err(format!("{s:?} is not a Kubernetes version: expected 1.MINOR (or v1.MINOR, 1.MINOR.PATCH), the supported versions are 1.32 to 1.36")),
            "{s}"
        );
    }
}

#[test]
fn the_default_is_the_newest_and_has_every_behaviour() {
    assert_eq!(KubeVersion::default().to_string(), "1.36");
    let b = Behaviours::default();
    assert_eq!(b, Behaviours::of(KubeVersion::of_minor(36).unwrap()));
    assert_eq!(b.cel_new, CelEnv::ALL);
    assert_eq!(b.cel_stored, CelEnv::ALL);
    assert!(b.failed_rule_value && b.label_value_bytes);
    // 1.35 answers every behaviour of the table as 1.36 does but kube-openapi's number
    // validator.
    let b35 = Behaviours::of(KubeVersion::of_minor(35).unwrap());
    assert!(!b35.numeric_ranges);
    assert_eq!(
        Behaviours {
            version: b.version,
            numeric_ranges: true,
            structural_keeps_docs: true,
            ..b35
        },
        b
    );
}

/// Per version: (minor, new expressions' two-variable comprehensions, semver, lists v3,
/// the optional library v2, the `existsOne` macro; the same for stored expressions;
/// failed-rule value; label bytes).
#[test]
fn behaviours_per_version() {
    let table = [
        (
            32,
            [false, false, false, false, false],
            [true, false, false, false, false],
            false,
            false,
        ),
        (
            33,
            [true, false, false, true, true],
            [true, true, false, true, true],
            false,
            false,
        ),
        (
            34,
            [true, true, false, true, true],
            [true, true, true, true, true],
            false,
            false,
        ),
        (
            35,
            [true, true, true, true, true],
            [true, true, true, true, true],
            true,
            true,
        ),
        (
            36,
            [true, true, true, true, true],
            [true, true, true, true, true],
            true,
            true,
        ),
    ];
    let env = |e: CelEnv| {
        [
            e.two_var_comprehensions,
            e.semver,
            e.lists_v3,
            e.optional_v2,
            e.exists_one_macro,
        ]
    };
    for (minor, new, stored, value, bytes) in table {
        let b = Behaviours::of(KubeVersion::of_minor(minor).unwrap());
        assert_eq!(env(b.cel_new), new, "1.{minor} new");
        assert_eq!(env(b.cel_stored), stored, "1.{minor} stored");
        assert_eq!(b.failed_rule_value, value, "1.{minor}");
        assert_eq!(b.label_value_bytes, bytes, "1.{minor}");
    }
    assert_eq!(KubeVersion::all().count(), 5);
}

#[test]
fn entered_behaviours_last_as_long_as_the_guard() {
    let b34 = Behaviours::of(KubeVersion::of_minor(34).unwrap());
    assert_eq!(current(), Behaviours::DEFAULT);
    {
        let _g = enter(b34);
        assert_eq!(current(), b34);
        let got = crate::jobs::map_ordered(3, (0..20).collect(), |_: i32| current().version);
        assert!(got.iter().all(|v| *v == b34.version));
    }
    assert_eq!(current(), Behaviours::DEFAULT);
}

fn at(minor: u8) -> Entered {
    enter(Behaviours::of(KubeVersion::of_minor(minor).unwrap()))
}

/// Bad values: JSON from 1.34, Go's `%#v` before (strings and numbers alike in both).
#[test]
fn bad_values_per_version() {
    use crate::field::{go_bad_string_ptr, go_bad_strings, go_bad_value};
    use serde_json::json;
    let v1 = ["v1".to_string()];
    let cases: [(u8, [&str; 8]); 2] = [
        (
            33,
            [
                "\"x\"",
                "5",
                "\"null\"",
                "[]interface {}{\"a\"}",
                "map[string]interface {}{\"notAField\":\"x\"}",
                "[]string{\"v1\"}",
                "[]string(nil)",
                "\"null\"",
            ],
        ),
        (
            34,
            [
                "\"x\"",
                "5",
                "null",
                "[\"a\"]",
                "{\"notAField\":\"x\"}",
                "[\"v1\"]",
                "null",
                "null",
            ],
        ),
    ];
    for (minor, want) in cases {
        let _v = at(minor);
        let got = [
            go_bad_value(&json!("x")),
            go_bad_value(&json!(5)),
            go_bad_value(&json!(null)),
            go_bad_value(&json!(["a"])),
            go_bad_value(&json!({"notAField": "x"})),
            go_bad_strings(Some(&v1)),
            go_bad_strings(None),
            go_bad_string_ptr(None),
        ];
        assert_eq!(got, want, "1.{minor}");
    }
}

#[test]
fn label_value_message_per_version() {
    let long = "a".repeat(64);
    for (minor, unit) in [
        (32, "characters"),
        (34, "characters"),
        (35, "bytes"),
        (36, "bytes"),
    ] {
        let _v = at(minor);
        assert_eq!(
            crate::names::label_value(&long),
            [format!("must be no more than 63 {unit}")],
            "1.{minor}"
        );
    }
}

#[test]
fn reworded_causes_per_version() {
    for (minor, want) in [(33, "schemas are required"), (34, "")] {
        let _v = at(minor);
        assert_eq!(current().wording("", "schemas are required"), want);
    }
}
