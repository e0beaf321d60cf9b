//! `check --format` and `fix --format`: the findings ([`super::findings`]) written for the tools
//! CI runs them in. Every format carries the same findings in the same order (the order of the
//! files, then of their resources), each with its file (the path as given, relative to the
//! working directory: run from the repository root), line, column, level and rule id:
//!
//! - `text`: `FILE:LINE:COL: LEVEL: MESSAGE`, GNU style (editors and terminals link it), with the
//!   diffs and the summary line (written by `super::report`).
//! - `json`: an array of plain records (`file`, `line`, `column`, `severity`, `rule`,
//!   `resource`, `field`, `message`).
//! - `sarif`: a SARIF 2.1.0 log (GitHub code scanning and other SARIF viewers), one rule per
//!   kind of finding, levels `error`/`warning`/`note`, the place as a `physicalLocation`.
//! - `github`: GitHub Actions workflow commands (`::error file=F,line=L,col=C,title=T::MESSAGE`),
//!   which annotate the lines of a pull request.
//! - `gitlab`: GitLab's code quality report (a JSON array of issues with `description`,
//!   `check_name`, `fingerprint`, `severity` and `location`).
//! - `junit`: JUnit XML, a `testsuite` per file, a `testcase` per resource (and one for the
//!   file itself when a finding is about no resource of it), a `failure` per error; warnings
//!   and notes in the test case's `system-out`.
//!
//! In every format but `text`, stdout holds the report alone; the diffs and the summary line go
//! to stderr. The exit code is the same in every format.

use super::findings::{FileReport, Finding, Level, Rule};
use super::Mode;
use serde_json::{json, Map, Value};
use std::collections::HashMap;
use std::fmt::Write;

/// An output format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// `FILE:LINE:COL: LEVEL: MESSAGE` lines, the diffs, the summary.
    #[default]
    Text,
    /// A JSON array of findings.
    Json,
    /// SARIF 2.1.0 (GitHub code scanning).
    Sarif,
    /// GitHub Actions workflow commands (annotations).
    Github,
    /// GitLab code quality report.
    Gitlab,
    /// JUnit XML.
    Junit,
}

/// The findings of `reports` (the first one: about no file) in `format`.
pub fn render(format: Format, mode: Mode, reports: &[FileReport]) -> String {
    match format {
        Format::Text => {
            let mut out = String::new();
            for r in reports {
                super::report::text_lines(r, &mut out);
            }
            out
        }
        Format::Json => pretty(&json_records(reports)),
        Format::Sarif => pretty(&sarif(reports)),
        Format::Github => github(reports),
        Format::Gitlab => pretty(&gitlab(reports)),
        Format::Junit => junit(mode, reports),
    }
}

fn pretty(v: &Value) -> String {
    let mut s = serde_json::to_string_pretty(v).expect("JSON values serialize");
    s.push('\n');
    s
}

/// Every finding with its file's report, in order.
fn all(reports: &[FileReport]) -> impl Iterator<Item = (&FileReport, &Finding)> {
    reports
        .iter()
        .flat_map(|r| r.findings.iter().map(move |f| (r, f)))
}

fn json_records(reports: &[FileReport]) -> Value {
    let records = all(reports)
        .map(|(r, f)| {
            let resource = r.resource_of(f).map(|rr| {
                json!({
                    "apiVersion": rr.api_version,
                    "kind": rr.kind,
                    "namespace": rr.namespace,
                    "name": rr.name,
                })
            });
            json!({
                "file": r.name,
                "line": f.place.map(|p| p.line),
                "column": f.place.map(|p| p.column),
                "severity": f.level.as_str(),
                "rule": f.rule.id(),
                "resource": resource,
                "field": f.field,
                "message": f.message,
            })
        })
        .collect();
    Value::Array(records)
}

/// The SARIF schema's URI, as `$schema`.
const SARIF_SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

fn sarif(reports: &[FileReport]) -> Value {
    let rules: Vec<Value> = Rule::ALL
        .iter()
        .map(|rule| {
            json!({
                "id": rule.id(),
                "shortDescription": {"text": rule.description()},
                "defaultConfiguration": {"level": default_level(*rule).as_str()},
            })
        })
        .collect();
    let prints = fingerprints(reports);
    let results: Vec<Value> = all(reports)
        .zip(&prints)
        .map(|((r, f), print)| {
            let mut result = Map::new();
            result.insert("ruleId".into(), f.rule.id().into());
            result.insert("ruleIndex".into(), rule_index(f.rule).into());
            result.insert("level".into(), f.level.as_str().into());
            result.insert("message".into(), json!({"text": r.full_message(f)}));
            if let Some(name) = &r.name {
                let mut location = json!({
                    "physicalLocation": {
                        "artifactLocation": {"uri": uri(name), "uriBaseId": "%SRCROOT%"},
                    }
                });
                if let Some(p) = f.place {
                    location["physicalLocation"]["region"] =
                        json!({"startLine": p.line, "startColumn": p.column});
                }
                result.insert("locations".into(), json!([location]));
            }
            result.insert(
                "partialFingerprints".into(),
                json!({"crdSchemaFnFinding/v1": print}),
            );
            Value::Object(result)
        })
        .collect();
    json!({
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "crd-schema-fn",
                "version": env!("CARGO_PKG_VERSION"),
                "informationUri": "https://github.com/crd-schema-fn/crd-schema-fn",
                "rules": rules,
            }},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    })
}

/// The level a rule's findings usually have.
fn default_level(rule: Rule) -> Level {
    match rule {
        Rule::DefaultAdded | Rule::ValueChanged => Level::Note,
        Rule::PrunedField
        | Rule::VersionUnavailable
        | Rule::CrdChange
        | Rule::SchemaConflict
        | Rule::NotEditable => Level::Warning,
        Rule::Refused | Rule::UpdateRefused | Rule::CrdRefused | Rule::ParseError => Level::Error,
    }
}

fn rule_index(rule: Rule) -> usize {
    Rule::ALL.iter().position(|r| *r == rule).unwrap_or(0)
}

/// A relative path as a URI reference: `/` separators, and every byte but the unreserved ones
/// and `/` percent-encoded.
fn uri(path: &str) -> String {
    let mut out = String::new();
    for b in path.replace('\\', "/").bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// A stable fingerprint per finding: a hash of its file, rule, resource, field and message (not
/// its line, so that it survives edits above it), and its rank among identical findings.
fn fingerprints(reports: &[FileReport]) -> Vec<String> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    all(reports)
        .map(|(r, f)| {
            let resource = r.resource_of(f).map(ToString::to_string);
            let key = [
                r.name.as_deref().unwrap_or(""),
                f.rule.id(),
                resource.as_deref().unwrap_or(""),
                f.field.as_deref().unwrap_or(""),
                &f.message,
            ]
            .join("\0");
            let rank = seen.entry(key.clone()).or_default();
            *rank += 1;
            let key = format!("{key}\0{rank}");
            format!("{:016x}{:016x}", fnv1a(&key, 0), fnv1a(&key, 1))
        })
        .collect()
}

/// 64-bit FNV-1a of `text`, the offset basis varied by `seed`.
fn fnv1a(text: &str, seed: u64) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ seed.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

fn github(reports: &[FileReport]) -> String {
    let mut out = String::new();
    for (r, f) in all(reports) {
        let command = match f.level {
            Level::Error => "error",
            Level::Warning => "warning",
            Level::Note => "notice",
        };
        let mut props = Vec::new();
        if let Some(name) = &r.name {
            props.push(format!("file={}", gh_property(name)));
            if let Some(p) = f.place {
                props.push(format!("line={}", p.line));
                props.push(format!("col={}", p.column));
            }
        }
        props.push(format!(
            "title={}",
            gh_property(&format!("crd-schema-fn: {}", f.rule.id()))
        ));
        let _ = writeln!(
            out,
            "::{command} {}::{}",
            props.join(","),
            gh_data(&r.full_message(f))
        );
    }
    out
}

/// A workflow command's message: `%`, CR and LF escaped.
fn gh_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A workflow command's property value: as a message, and `:` and `,` escaped.
fn gh_property(s: &str) -> String {
    gh_data(s).replace(':', "%3A").replace(',', "%2C")
}

fn gitlab(reports: &[FileReport]) -> Value {
    let prints = fingerprints(reports);
    let issues = all(reports)
        .zip(prints)
        .map(|((r, f), print)| {
            let place = f.place.unwrap_or(super::findings::START);
            let severity = match f.level {
                Level::Error => "major",
                Level::Warning => "minor",
                Level::Note => "info",
            };
            json!({
                "type": "issue",
                "description": r.full_message(f),
                "check_name": f.rule.id(),
                "fingerprint": print,
                "severity": severity,
                "location": {
                    "path": r.name.as_deref().unwrap_or("."),
                    "positions": {
                        "begin": {"line": place.line, "column": place.column},
                        "end": {"line": place.line, "column": place.column},
                    },
                },
            })
        })
        .collect();
    Value::Array(issues)
}

fn junit(mode: Mode, reports: &[FileReport]) -> String {
    let command = match mode {
        Mode::Check => "check",
        Mode::Fix => "fix",
    };
    let mut suites = String::new();
    let (mut tests, mut failures) = (0, 0);
    for r in reports {
        let mut cases: Vec<(String, Option<usize>)> = Vec::new();
        if r.findings.iter().any(|f| f.resource.is_none()) {
            let name = r.name.clone().unwrap_or_else(|| "schemas".to_string());
            cases.push((name, None));
        }
        for (i, (rr, _)) in r.resources.iter().enumerate() {
            cases.push((rr.to_string(), Some(i)));
        }
        if r.name.is_none() && cases.is_empty() {
            continue;
        }
        let suite_name = r.name.as_deref().unwrap_or("crd-schema-fn");
        let mut body = String::new();
        let mut suite_failures = 0;
        for (name, index) in &cases {
            let of_case = r.findings.iter().filter(|f| f.resource == *index);
            let line = index.map(|i| r.resources[i].1.line).unwrap_or(1);
            let _ = write!(
                body,
                "    <testcase name=\"{}\" classname=\"{}\"",
                xml(name),
                xml(suite_name)
            );
            if let Some(file) = &r.name {
                let _ = write!(body, " file=\"{}\" line=\"{line}\"", xml(file));
            }
            let (mut inner, mut out) = (String::new(), String::new());
            for f in of_case {
                let line = super::report::finding_line(r, f);
                if f.level == Level::Error {
                    suite_failures += 1;
                    let _ = writeln!(
                        inner,
                        "      <failure type=\"{}\" message=\"{}\">{}</failure>",
                        f.rule.id(),
                        xml(&r.full_message(f)),
                        xml(&line)
                    );
                } else {
                    out.push_str(&line);
                    out.push('\n');
                }
            }
            if !out.is_empty() {
                let _ = writeln!(inner, "      <system-out>{}</system-out>", xml(&out));
            }
            if inner.is_empty() {
                body.push_str("/>\n");
            } else {
                let _ = write!(body, ">\n{inner}    </testcase>\n");
            }
        }
        tests += cases.len();
        failures += suite_failures;
        let _ = write!(
            suites,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{suite_failures}\" errors=\"0\" skipped=\"0\">\n{body}  </testsuite>\n",
            xml(suite_name),
            cases.len(),
        );
    }
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"crd-schema-fn {command}\" tests=\"{tests}\" failures=\"{failures}\" errors=\"0\">\n{suites}</testsuites>\n"
    )
}

/// Text for XML content and attribute values: markup characters as references, line breaks
/// and tabs as character references (attribute values keep them), and characters XML 1.0
/// cannot hold replaced by U+FFFD.
fn xml(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            '\t' => out.push_str("&#9;"),
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests;
