//! Each format on one set of findings (one of each kind that matters, a file name that needs
//! escaping, a finding about no file), read back with a real parser: SARIF as JSON and compared
//! with its golden file (`testdata/sarif/check.sarif.json`, which `testdata/sarif/check/`
//! validates against the SARIF 2.1.0 JSON schema), JUnit through an XML parser, JSON and GitLab's
//! report as JSON, GitHub's workflow commands compared as text.

use super::super::findings::{FileReport, Finding, Level, Rule};
use super::super::Mode;
use super::{render, Format};
use crate::results::ResourceRef;
use crate::yaml::edit::locate::Place;
use serde_json::{json, Value};

const ODD: &str = "odd, 100%: name.yaml";

fn at(line: usize, column: usize) -> Option<Place> {
    Some(Place { line, column })
}

fn finding(
    rule: Rule,
    level: Level,
    place: Option<Place>,
    field: Option<&str>,
    msg: &str,
) -> Finding {
    Finding {
        rule,
        level,
        place,
        resource: None,
        field: field.map(str::to_string),
        message: msg.to_string(),
        note: None,
    }
}

fn reports() -> Vec<FileReport> {
    let order = ResourceRef {
        api_version: "example.com/v1".into(),
        kind: "Order".into(),
        name: "orders".into(),
        namespace: "shop".into(),
    };
    let of_order = |mut f: Finding| {
        f.resource = Some(0);
        f
    };
    let mut refused = of_order(finding(
        Rule::Refused,
        Level::Error,
        at(8, 3),
        Some("spec.engine"),
        "spec.engine: Unsupported value: \"postgress\": supported values: \"postgres\", \"mysql\"",
    ));
    refused.note = Some("The Order \"orders\" is invalid: 1 error".into());
    vec![
        FileReport {
            name: None,
            resources: Vec::new(),
            findings: vec![finding(
                Rule::SchemaConflict,
                Level::Warning,
                None,
                None,
                "Order.example.com/v1 is defined twice",
            )],
        },
        FileReport {
            name: Some("apps/orders.yaml".into()),
            resources: vec![(order, Place { line: 2, column: 1 })],
            findings: vec![
                refused,
                of_order(finding(
                    Rule::UpdateRefused,
                    Level::Error,
                    at(8, 3),
                    Some("spec.engine"),
                    "spec.engine: Invalid value: \"string\": engine is immutable",
                )),
                of_order(finding(
                    Rule::PrunedField,
                    Level::Warning,
                    at(10, 3),
                    Some("spec.colour"),
                    "unknown field \"spec.colour\"",
                )),
                of_order(finding(
                    Rule::DefaultAdded,
                    Level::Note,
                    at(7, 1),
                    Some("spec.replicas"),
                    "added: 1",
                )),
            ],
        },
        FileReport {
            name: Some(ODD.into()),
            resources: Vec::new(),
            findings: vec![finding(
                Rule::ParseError,
                Level::Error,
                at(3, 5),
                None,
                "malformed YAML: <line 3>\r\nnext & last",
            )],
        },
    ]
}

fn json_of(format: Format) -> Value {
    serde_json::from_str(&render(format, Mode::Check, &reports())).unwrap()
}

#[test]
fn text_is_gnu_style_with_kubectls_line_at_the_object() {
    assert_eq!(
        render(Format::Text, Mode::Check, &reports()),
        "crd-schema-fn: warning: Order.example.com/v1 is defined twice\n\
         apps/orders.yaml:8:3: error: Order shop/orders (example.com/v1): spec.engine: Unsupported value: \"postgress\": supported values: \"postgres\", \"mysql\"\n\
         apps/orders.yaml:2:1: error: Order shop/orders (example.com/v1): The Order \"orders\" is invalid: 1 error\n\
         apps/orders.yaml:8:3: error: Order shop/orders (example.com/v1): spec.engine: Invalid value: \"string\": engine is immutable\n\
         apps/orders.yaml:10:3: warning: Order shop/orders (example.com/v1): spec.colour: unknown field \"spec.colour\"\n\
         apps/orders.yaml:7:1: note: Order shop/orders (example.com/v1): spec.replicas: added: 1\n\
         odd, 100%: name.yaml:3:5: error: malformed YAML: <line 3>\r\nnext & last\n"
    );
}

#[test]
fn json_records() {
    let v = json_of(Format::Json);
    let records = v.as_array().unwrap();
    assert_eq!(records.len(), 6);
    assert_eq!(
        records[0],
        json!({"file": null, "line": null, "column": null, "severity": "warning",
               "rule": "schema-conflict", "resource": null, "field": null,
               "message": "Order.example.com/v1 is defined twice"})
    );
    assert_eq!(
        records[2],
        json!({"file": "apps/orders.yaml", "line": 8, "column": 3, "severity": "error",
               "rule": "update-refused",
               "resource": {"apiVersion": "example.com/v1", "kind": "Order",
                            "namespace": "shop", "name": "orders"},
               "field": "spec.engine",
               "message": "spec.engine: Invalid value: \"string\": engine is immutable"})
    );
    let rules: Vec<&str> = records
        .iter()
        .map(|r| r["rule"].as_str().unwrap())
        .collect();
    assert_eq!(
        rules,
        [
            "schema-conflict",
            "refused",
            "update-refused",
            "pruned-field",
            "default-added",
            "parse-error"
        ]
    );
}

/// The SARIF log of [`reports`], kept as a golden file: the separate package beside it
/// (`testdata/sarif/check/`, run by `.ci/run`) validates that file against the SARIF 2.1.0 JSON
/// schema, so the schema validator is no dev-dependency of this crate (it would turn on
/// serde_json's `std` feature, and with it std's hasher, in every test and bench build: see
/// Cargo.toml). The driver's `version` is the crate's: a new version rewrites the file.
const SARIF_GOLDEN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/testdata/sarif/check.sarif.json"
);

/// The log equals the golden file as a JSON value, with a `similar` diff when it does not.
/// `UPDATE_GOLDEN=1 cargo test --release --lib repo::formats` rewrites the file from the log:
/// review the change before committing it.
#[test]
fn sarif_is_the_golden_log_with_a_rule_per_kind_of_finding() {
    let log = json_of(Format::Sarif);
    let text = serde_json::to_string_pretty(&log).unwrap() + "\n";
    if std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1") {
        std::fs::write(SARIF_GOLDEN, &text).unwrap();
    }
    let golden = std::fs::read_to_string(SARIF_GOLDEN)
        .unwrap_or_else(|e| panic!("{SARIF_GOLDEN}: {e} (UPDATE_GOLDEN=1 writes it)"));
    let want: Value =
        serde_json::from_str(&golden).unwrap_or_else(|e| panic!("{SARIF_GOLDEN}: not JSON: {e}"));
    if want != log {
        let want_text = serde_json::to_string_pretty(&want).unwrap() + "\n";
        let d = similar::TextDiff::from_lines(&want_text, &text)
            .unified_diff()
            .header("check.sarif.json (expected)", "check.sarif.json (got)")
            .to_string();
        panic!("the SARIF log differs from {SARIF_GOLDEN} (UPDATE_GOLDEN=1 rewrites it):\n{d}");
    }

    let run = &log["runs"][0];
    let ids: Vec<&str> = run["tool"]["driver"]["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, Rule::ALL.map(Rule::id));
    for id in [
        "pruned-field",
        "default-added",
        "refused",
        "update-refused",
        "crd-refused",
        "parse-error",
    ] {
        assert!(ids.contains(&id), "{id}");
    }
    let results = run["results"].as_array().unwrap();
    assert_eq!(results.len(), 6);
    let update = &results[2];
    assert_eq!(update["ruleId"], "update-refused");
    assert_eq!(
        ids[update["ruleIndex"].as_u64().unwrap() as usize],
        "update-refused"
    );
    assert_eq!(update["level"], "error");
    assert_eq!(
        update["message"]["text"],
        "Order shop/orders (example.com/v1): spec.engine: Invalid value: \"string\": engine is immutable"
    );
    assert_eq!(
        update["locations"][0]["physicalLocation"],
        json!({"artifactLocation": {"uri": "apps/orders.yaml", "uriBaseId": "%SRCROOT%"},
               "region": {"startLine": 8, "startColumn": 3}})
    );
    assert_eq!(results[4]["level"], "note");
    assert_eq!(results[3]["level"], "warning");
    // A finding about no file has no location; a file name is a URI reference.
    assert!(results[0].get("locations").is_none());
    assert_eq!(
        results[5]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        "odd%2C%20100%25%3A%20name.yaml"
    );
}

#[test]
fn github_workflow_commands_escape_data_and_properties() {
    assert_eq!(
        render(Format::Github, Mode::Check, &reports()),
        "::warning title=crd-schema-fn%3A schema-conflict::Order.example.com/v1 is defined twice\n\
         ::error file=apps/orders.yaml,line=8,col=3,title=crd-schema-fn%3A refused::Order shop/orders (example.com/v1): spec.engine: Unsupported value: \"postgress\": supported values: \"postgres\", \"mysql\"\n\
         ::error file=apps/orders.yaml,line=8,col=3,title=crd-schema-fn%3A update-refused::Order shop/orders (example.com/v1): spec.engine: Invalid value: \"string\": engine is immutable\n\
         ::warning file=apps/orders.yaml,line=10,col=3,title=crd-schema-fn%3A pruned-field::Order shop/orders (example.com/v1): spec.colour: unknown field \"spec.colour\"\n\
         ::notice file=apps/orders.yaml,line=7,col=1,title=crd-schema-fn%3A default-added::Order shop/orders (example.com/v1): spec.replicas: added: 1\n\
         ::error file=odd%2C 100%25%3A name.yaml,line=3,col=5,title=crd-schema-fn%3A parse-error::malformed YAML: <line 3>%0D%0Anext & last\n"
    );
}

#[test]
fn gitlab_code_quality_report() {
    let v = json_of(Format::Gitlab);
    let issues = v.as_array().unwrap();
    assert_eq!(issues.len(), 6);
    assert_eq!(
        issues[2],
        json!({
            "type": "issue",
            "description": "Order shop/orders (example.com/v1): spec.engine: Invalid value: \"string\": engine is immutable",
            "check_name": "update-refused",
            "fingerprint": issues[2]["fingerprint"],
            "severity": "major",
            "location": {"path": "apps/orders.yaml",
                         "positions": {"begin": {"line": 8, "column": 3},
                                       "end": {"line": 8, "column": 3}}},
        })
    );
    let severities: Vec<&str> = issues
        .iter()
        .map(|i| i["severity"].as_str().unwrap())
        .collect();
    assert_eq!(
        severities,
        ["minor", "major", "major", "minor", "info", "major"]
    );
    let prints: Vec<&str> = issues
        .iter()
        .map(|i| i["fingerprint"].as_str().unwrap())
        .collect();
    let unique: std::collections::HashSet<_> = prints.iter().collect();
    assert_eq!(unique.len(), prints.len(), "fingerprints are unique");
    assert!(prints
        .iter()
        .all(|p| p.len() == 32 && p.bytes().all(|b| b.is_ascii_hexdigit())));
    // The same finding on another line keeps its fingerprint (it is not about the line).
    let mut moved = reports();
    moved[1].findings[1].place = at(9, 3);
    let again: Value = serde_json::from_str(&render(Format::Gitlab, Mode::Check, &moved)).unwrap();
    assert_eq!(again[2]["fingerprint"], issues[2]["fingerprint"]);
    assert_eq!(again[2]["location"]["positions"]["begin"]["line"], 9);
    // A finding about no file is placed at the repository itself.
    assert_eq!(issues[0]["location"]["path"], ".");
}

#[test]
fn junit_has_a_suite_per_file_a_case_per_resource_a_failure_per_error() {
    let xml = render(Format::Junit, Mode::Check, &reports());
    let doc = roxmltree::Document::parse(&xml).unwrap();
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "testsuites");
    assert_eq!(root.attribute("name"), Some("crd-schema-fn check"));
    assert_eq!(root.attribute("tests"), Some("3"));
    assert_eq!(root.attribute("failures"), Some("3"));
    let suites: Vec<_> = root
        .children()
        .filter(|n| n.has_tag_name("testsuite"))
        .collect();
    let names: Vec<_> = suites
        .iter()
        .map(|s| s.attribute("name").unwrap())
        .collect();
    assert_eq!(names, ["crd-schema-fn", "apps/orders.yaml", ODD]);

    let cases = |s: &roxmltree::Node| -> Vec<String> {
        s.children()
            .filter(|n| n.has_tag_name("testcase"))
            .map(|c| c.attribute("name").unwrap().to_string())
            .collect()
    };
    assert_eq!(cases(&suites[0]), ["schemas"]);
    assert_eq!(cases(&suites[1]), ["Order shop/orders (example.com/v1)"]);
    assert_eq!(cases(&suites[2]), [ODD]);

    let order = suites[1]
        .children()
        .find(|n| n.has_tag_name("testcase"))
        .unwrap();
    assert_eq!(order.attribute("file"), Some("apps/orders.yaml"));
    assert_eq!(order.attribute("line"), Some("2"));
    let failures: Vec<_> = order
        .children()
        .filter(|n| n.has_tag_name("failure"))
        .collect();
    assert_eq!(failures.len(), 2);
    assert_eq!(failures[1].attribute("type"), Some("update-refused"));
    assert_eq!(
        failures[1].text(),
        Some("apps/orders.yaml:8:3: error: Order shop/orders (example.com/v1): spec.engine: Invalid value: \"string\": engine is immutable")
    );
    let out = order
        .children()
        .find(|n| n.has_tag_name("system-out"))
        .unwrap();
    assert_eq!(
        out.text(),
        Some("apps/orders.yaml:10:3: warning: Order shop/orders (example.com/v1): spec.colour: unknown field \"spec.colour\"\n\
              apps/orders.yaml:7:1: note: Order shop/orders (example.com/v1): spec.replicas: added: 1\n")
    );
    // Markup and line breaks in a message come back as written.
    let broken = suites[2]
        .descendants()
        .find(|n| n.has_tag_name("failure"))
        .unwrap();
    assert_eq!(
        broken.attribute("message"),
        Some("malformed YAML: <line 3>\r\nnext & last")
    );
    assert_eq!(suites[2].attribute("failures"), Some("1"));
}
