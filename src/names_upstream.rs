//! apimachinery's name-check tables (`k8s.io/apimachinery`, tag v0.36.3,
//! `pkg/util/validation/validation_test.go`), ported as facts: each row's input and outcome.
//!
//! Ported (the Go function, and our counterpart each row runs through):
//! - `TestIsDNS1123Label` (47 rows): `IsDNS1123Label` — [`crate::names::dns1123_label`].
//! - `TestIsDNS1123Subdomain` (101 rows): `IsDNS1123Subdomain` —
//!   [`crate::names::dns1123_subdomain`].
//! - `TestIsDNS1035Label` (47 rows): `IsDNS1035Label` — [`crate::names::dns1035_label`].
//! - `TestIsQualifiedName` (27 rows): `IsQualifiedName` (= `content.IsLabelKey`) —
//!   [`crate::names::qualified_name`].
//! - `TestIsValidLabelValue` (15 rows): `IsValidLabelValue` (= `content.IsLabelValue`) —
//!   [`crate::names::label_value`] (1.36's behaviours: lengths in bytes).
//! - `TestIsValidPortNum` (10 rows): `IsValidPortNum`, whose one caller on our side is the CRD
//!   check of a conversion webhook's service (apiserver's `webhook.ValidateWebhookService`, which
//!   reports `port is not valid: ` + the message): [`crate::crd::check::validate_create`] of a
//!   valid CRD whose `spec.conversion` is a webhook with a service on the row's port.
//!
//! Upstream asserts only valid/invalid. Every Go function above returns messages fully
//! determined by its input, so each row here also holds the exact list apimachinery returns
//! (read from `validation.go`, and from `pkg/api/validate/content/kube.go`, `dns.go` and
//! `errors.go` for the two `content` functions): `MaxLenError` says `characters` in
//! util/validation and `bytes` in `content` (so a qualified name's prefix, checked by
//! `content.IsDNS1123Subdomain`, is `no more than 253 bytes`); `RegexError` writes each example as
//! `'x', ` joined with ` or ` (hence the double spaces). A row answers as upstream when our list
//! equals that list, in order (valid rows: empty).
//!
//! Ported: 6 of the file's 20 tests, 247 of its 523 rows, all of theirs.
//!
//! Left out (14 tests, 276 rows): their Go function has no counterpart here because nothing the
//! apiserver does with a custom resource (create/update validation, the CRD's own checks, the
//! CEL format library) calls it: `TestIsInRange` (6 rows), `TestIsValidGroupID` (9),
//! `TestIsValidUserID` (9), `TestIsValidPortName` (17), `TestIsHTTPHeaderName` (56),
//! `TestIsValidPercent` (18), `TestIsConfigMapKey` (13), `TestIsWildcardDNS1123Subdomain` (8),
//! `TestIsFullyQualifiedDomainName` (26), `TestIsFullyQualifiedName` (19 rows and 5 message
//! rows), `TestIsDomainPrefixedPath` (29), `TestIsRelaxedEnvVarName` (38),
//! `TestIsDNS1123SubdomainWithUnderscore` (13), `TestIsDomainPrefixedKey` (10). (`IsCIdentifier`
//! has no table in this file: it is tested in `content/identifier_test.go`.)
//!
//! Every ported row answers as upstream, except those listed in [`DIFFERENT`] (none).

use crate::names::{dns1035_label, dns1123_label, dns1123_subdomain, label_value, qualified_name};
use serde_json::{json, Value};

/// One row: what it is called in a report, the input, apimachinery's messages (empty: valid).
struct Row {
    id: String,
    input: String,
    want: Vec<&'static str>,
}

fn row(input: &str, want: &[&'static str]) -> Row {
    Row {
        id: format!("{input:?}"),
        input: input.to_string(),
        want: want.to_vec(),
    }
}

/// A row whose input is `s` repeated `n` times (upstream's `strings.Repeat`).
fn rep(s: &str, n: usize, want: &[&'static str]) -> Row {
    Row {
        id: format!("{s:?}x{n}"),
        input: s.repeat(n),
        want: want.to_vec(),
    }
}

fn good(inputs: &[&str]) -> Vec<Row> {
    inputs.iter().map(|i| row(i, &[])).collect()
}

fn bad(inputs: &[&str], msg: &'static str) -> Vec<Row> {
    inputs.iter().map(|i| row(i, &[msg])).collect()
}

// apimachinery's messages, written out.

macro_rules! subdomain_re {
    () => {
        "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"
    };
}
const SUBDOMAIN_RE: &str = subdomain_re!();
const LABEL_RE: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const DOTS: &str = "must not contain dots";
const MAX_63_CHARS: &str = "must be no more than 63 characters";
const MAX_253_CHARS: &str = "must be no more than 253 characters";
const DNS1035_RE: &str = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
const NAME_PART_RE: &str = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const NAME_PART_EMPTY: &str = "name part must be non-empty";
const NAME_PART_MAX_63: &str = "name part must be no more than 63 bytes";
const PREFIX_PART_RE: &str = concat!("prefix part ", subdomain_re!());
const PREFIX_PART_EMPTY: &str = "prefix part must be non-empty";
const PREFIX_PART_MAX_253: &str = "prefix part must be no more than 253 bytes";
const KEY_SLASHES: &str = "a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')";
const VALUE_RE: &str = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const MAX_63_BYTES: &str = "must be no more than 63 bytes";
/// `InclusiveRangeError(1, 65535)`.
const PORT_RANGE: &str = "must be between 1 and 65535, inclusive";

/// The rows upstream's tests share: bad for labels and subdomains alike (`""`…`"1 2"` but the
/// dotted ones).
const BAD_COMMON: &[&str] = &[
    "", "A", "ABC", "aBc", "A1", "A-1", "1-A", "-", "a-", "-a", "1-", "-1", "_", "a_", "_a", "a_b",
    "1_", "_1", "1_2",
];
const BAD_SPACES: &[&str] = &[" ", "a ", " a", "a b", "1 ", " 1", "1 2"];
const GOOD_LABELS: &[&str] = &["a", "ab", "abc", "a1", "a-1", "a--1--2--b"];
const GOOD_DIGIT_FIRST: &[&str] = &["0", "01", "012", "1a", "1-a", "1--a--b--2"];

fn dns1123_label_rows() -> Vec<Row> {
    let mut rows = good(GOOD_LABELS);
    rows.extend(good(GOOD_DIGIT_FIRST));
    rows.push(rep("a", 63, &[]));
    rows.extend(bad(BAD_COMMON, LABEL_RE));
    rows.extend(bad(&[".", "a.", ".a"], LABEL_RE));
    // A valid subdomain that is no label: dots.
    rows.push(row("a.b", &[DOTS]));
    rows.extend(bad(&["1.", ".1"], LABEL_RE));
    rows.push(row("1.2", &[DOTS]));
    rows.extend(bad(BAD_SPACES, LABEL_RE));
    rows.push(rep("a", 64, &[MAX_63_CHARS]));
    rows
}

fn dns1123_subdomain_rows() -> Vec<Row> {
    let mut rows = good(GOOD_LABELS);
    rows.extend(good(GOOD_DIGIT_FIRST));
    rows.extend(good(&[
        "a.a",
        "ab.a",
        "abc.a",
        "a1.a",
        "a-1.a",
        "a--1--2--b.a",
        "a.1",
        "ab.1",
        "abc.1",
        "a1.1",
        "a-1.1",
        "a--1--2--b.1",
        "0.a",
        "01.a",
        "012.a",
        "1a.a",
        "1-a.a",
        "1--a--b--2",
        "0.1",
        "01.1",
        "012.1",
        "1a.1",
        "1-a.1",
        "1--a--b--2.1",
        "a.b.c.d.e",
        "aa.bb.cc.dd.ee",
        "1.2.3.4.5",
        "11.22.33.44.55",
    ]));
    rows.push(rep("a", 253, &[]));
    rows.extend(bad(BAD_COMMON, SUBDOMAIN_RE));
    rows.extend(bad(
        &[".", "a.", ".a", "a..b", "1.", ".1", "1..2"],
        SUBDOMAIN_RE,
    ));
    rows.extend(bad(BAD_SPACES, SUBDOMAIN_RE));
    rows.extend(bad(
        &[
            "A.a",
            "aB.a",
            "ab.A",
            "A1.a",
            "a1.A",
            "A.1",
            "aB.1",
            "A1.1",
            "1A.1",
            "0.A",
            "01.A",
            "012.A",
            "1A.a",
            "1a.A",
            "A.B.C.D.E",
            "AA.BB.CC.DD.EE",
            "a.B.c.d.e",
            "aa.bB.cc.dd.ee",
            "a@b",
            "a,b",
            "a_b",
            "a;b",
            "a:b",
            "a%b",
            "a?b",
            "a$b",
        ],
        SUBDOMAIN_RE,
    ));
    rows.push(rep("a", 254, &[MAX_253_CHARS]));
    rows
}

fn dns1035_label_rows() -> Vec<Row> {
    let mut rows = good(GOOD_LABELS);
    rows.push(rep("a", 63, &[]));
    rows.extend(bad(GOOD_DIGIT_FIRST, DNS1035_RE));
    rows.extend(bad(BAD_COMMON, DNS1035_RE));
    // No `must not contain dots` here: IsDNS1035Label has no such case.
    rows.extend(bad(
        &[".", "a.", ".a", "a.b", "1.", ".1", "1.2"],
        DNS1035_RE,
    ));
    rows.extend(bad(BAD_SPACES, DNS1035_RE));
    rows.push(rep("a", 64, &[MAX_63_CHARS]));
    rows
}

fn qualified_name_rows() -> Vec<Row> {
    let mut rows = good(&[
        "simple",
        "now-with-dashes",
        "1-starts-with-num",
        "1234",
        "simple/simple",
        "now-with-dashes/simple",
        "now-with-dashes/now-with-dashes",
        "now.with.dots/simple",
        "now-with.dashes-and.dots/simple",
        "1-num.2-num/3-num",
        "1234/5678",
        "1.2.3.4/5678",
        "Uppercase_Is_OK_123",
        "example.com/Uppercase_Is_OK_123",
        "requests.storage-foo",
    ]);
    rows.push(rep("a", 63, &[]));
    rows.push(Row {
        id: "\"a\"x253 + \"/\" + \"b\"x63".into(),
        input: format!("{}/{}", "a".repeat(253), "b".repeat(63)),
        want: vec![],
    });
    rows.extend([
        row("nospecialchars%^=@", &[NAME_PART_RE]),
        row("cantendwithadash-", &[NAME_PART_RE]),
        row("-cantstartwithadash-", &[NAME_PART_RE]),
        // Three parts: one message, nothing else checked.
        row("only/one/slash", &[KEY_SLASHES]),
        row("Example.com/abc", &[PREFIX_PART_RE]),
        row("example_com/abc", &[PREFIX_PART_RE]),
        // An empty name part fails both the emptiness and the regex checks.
        row("example.com/", &[NAME_PART_EMPTY, NAME_PART_RE]),
        row("/simple", &[PREFIX_PART_EMPTY]),
        rep("a", 64, &[NAME_PART_MAX_63]),
        Row {
            id: "\"a\"x254 + \"/abc\"".into(),
            input: format!("{}/abc", "a".repeat(254)),
            want: vec![PREFIX_PART_MAX_253],
        },
    ]);
    rows
}

fn label_value_rows() -> Vec<Row> {
    let mut rows = good(&[
        "simple",
        "now-with-dashes",
        "1-starts-with-num",
        "end-with-num-1",
        "1234",
    ]);
    rows.push(rep("a", 63, &[]));
    rows.push(row("", &[]));
    rows.extend(bad(
        &[
            "nospecialchars%^=@",
            "Tama-nui-te-rā.is.Māori.sun",
            "\\backslashes\\are\\bad",
            "-starts-with-dash",
            "ends-with-dash-",
            ".starts.with.dot",
            "ends.with.dot.",
        ],
        VALUE_RE,
    ));
    rows.push(rep("a", 64, &[MAX_63_BYTES]));
    rows
}

/// A valid CRD (the Widget CRD) whose conversion webhook is a service on `port`.
fn crd_with_webhook_port(port: i64) -> Value {
    let mut crd =
        crate::test_support::json_of(crate::test_support::widget_crd!(["a: {type: string}"]));
    crd["spec"]["conversion"] = json!({"strategy": "Webhook", "webhook": {
        "clientConfig": {"service": {"name": "s", "namespace": "n", "port": port}},
        "conversionReviewVersions": ["v1"]
    }});
    crd
}

/// `IsValidPortNum` as the CRD check answers it: the `port is not valid: ` details of the
/// errors, with that prefix cut (any other error is kept whole, to be seen).
fn port_num(port: &str) -> Vec<String> {
    let port: i64 = port.parse().expect("a port");
    crate::crd::check::validate_create(&crd_with_webhook_port(port))
        .iter()
        .map(|e| {
            let at_port = e.field == "spec.conversion.webhookClientConfig.service.port"
                && e.to_string() == format!("{}: Invalid value: {port}: {}", e.field, e.detail);
            match e.detail.strip_prefix("port is not valid: ") {
                Some(m) if at_port => m.to_string(),
                _ => e.to_string(),
            }
        })
        .collect()
}

fn port_num_rows() -> Vec<Row> {
    let mut rows = good(&["1", "2", "1000", "16384", "32768", "65535"]);
    rows.extend(bad(&["0", "-1", "65536", "100000"], PORT_RANGE));
    rows
}

type Check = fn(&str) -> Vec<String>;

/// Every table: upstream's test name, its rows, our counterpart.
fn tables() -> Vec<(&'static str, Vec<Row>, Check)> {
    vec![
        ("TestIsDNS1123Label", dns1123_label_rows(), dns1123_label),
        (
            "TestIsDNS1123Subdomain",
            dns1123_subdomain_rows(),
            dns1123_subdomain,
        ),
        ("TestIsDNS1035Label", dns1035_label_rows(), dns1035_label),
        ("TestIsQualifiedName", qualified_name_rows(), qualified_name),
        ("TestIsValidLabelValue", label_value_rows(), label_value),
        ("TestIsValidPortNum", port_num_rows(), port_num),
    ]
}

/// The rows that answer otherwise than upstream: (test, row id). None.
const DIFFERENT: &[(&str, &str)] = &[];

/// Runs the table `test`; returns the reports of rows that differ and are not in `DIFFERENT`.
fn run(test: &str) -> Vec<String> {
    let (_, rows, check) = tables()
        .into_iter()
        .find(|(t, _, _)| *t == test)
        .expect("a table");
    let mut failed = Vec::new();
    for r in &rows {
        let got = check(&r.input);
        let listed = DIFFERENT.contains(&(test, r.id.as_str()));
        println!(
            "{test} {}: want {:?} got {got:?}{}",
            r.id,
            r.want,
            if listed { " (DIFFERENT)" } else { "" }
        );
        if got != r.want && !listed {
            failed.push(format!(
                "{test} {}:\n  want {:?}\n  got  {got:?}",
                r.id, r.want
            ));
        }
    }
    failed
}

fn assert_table(test: &str) {
    let failed = run(test);
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn is_dns1123_label() {
    assert_table("TestIsDNS1123Label");
}

#[test]
fn is_dns1123_subdomain() {
    assert_table("TestIsDNS1123Subdomain");
}

#[test]
fn is_dns1035_label() {
    assert_table("TestIsDNS1035Label");
}

#[test]
fn is_qualified_name() {
    assert_table("TestIsQualifiedName");
}

#[test]
fn is_valid_label_value() {
    assert_table("TestIsValidLabelValue");
}

#[test]
fn is_valid_port_num() {
    assert_table("TestIsValidPortNum");
}

/// The row counts the module documentation gives.
#[test]
fn row_counts() {
    let counts: Vec<(&str, usize)> = tables().iter().map(|(t, r, _)| (*t, r.len())).collect();
    assert_eq!(
        counts,
        [
            ("TestIsDNS1123Label", 47),
            ("TestIsDNS1123Subdomain", 101),
            ("TestIsDNS1035Label", 47),
            ("TestIsQualifiedName", 27),
            ("TestIsValidLabelValue", 15),
            ("TestIsValidPortNum", 10),
        ]
    );
}

/// Each entry of `DIFFERENT` names a row that still answers otherwise than upstream.
#[test]
fn different_rows_still_differ() {
    let tables = tables();
    for (test, id) in DIFFERENT {
        let (_, rows, check) = tables.iter().find(|(t, _, _)| t == test).expect("a table");
        let r = rows.iter().find(|r| r.id == *id).expect("a row");
        assert_ne!(
            check(&r.input),
            r.want,
            "{test} {id} now answers as upstream"
        );
    }
}
