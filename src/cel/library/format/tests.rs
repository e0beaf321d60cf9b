//! apiserver `library/format_test.go` (`TestFormat`) and today's table's format cases,
//! called by name.

use super::super::testing::call;
use super::{mask_trailing_dash, max_regex_size, NamedFormat, FORMATS};
use crate::cel::val::{Error, Val};

/// `format.<name>().validate(s)`: `None` when valid, else the errors.
fn validate(name: &str, s: &str) -> Option<Vec<String>> {
    let f = call(&format!("format.{name}"), &[]).expect("a format");
    match call("validate", &[f, Val::str(s)]) {
        Ok(Val::Optional(None)) => None,
        Ok(Val::Optional(Some(l))) => match &*l {
            Val::List(l) => Some(
                l.items()
                    .iter()
                    .map(|e| match e {
                        Val::String(s) => s.to_string(),
                        other => panic!("{other:?}"),
                    })
                    .collect(),
            ),
            other => panic!("{other:?}"),
        },
        other => panic!("format.{name}().validate({s:?}): {other:?}"),
    }
}

const LABEL: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const SUBDOMAIN: &str = r"a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const DNS1035: &str = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";

#[test]
fn upstream_validate_cases() {
    let cases: &[(&str, &str, Option<&str>)] = &[
        ("dns1123Label", "my-label-name", None),
        ("dns1123Subdomain", "apiextensions.k8s.io", None),
        ("qualifiedName", "apiextensions.k8s.io/v1beta1", None),
        ("dns1123LabelPrefix", "my-label-prefix-", None),
        ("dns1123SubdomainPrefix", "mysubdomain.prefix.-", None),
        ("dns1035LabelPrefix", "my-label-prefix-", None),
        ("uri", "http://example.com", None),
        ("uuid", "123e4567-e89b-12d3-a456-426614174000", None),
        ("byte", "aGVsbG8=", None),
        ("date", "2021-01-01", None),
        ("datetime", "2021-01-01T00:00:00Z", None),
        ("dns1123Label", "contains a space", Some(LABEL)),
        ("dns1123Subdomain", "contains a space", Some(SUBDOMAIN)),
        ("dns1035Label", "contains a space", Some(DNS1035)),
        (
            "qualifiedName",
            "contains a space",
            Some("name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"),
        ),
        ("dns1123LabelPrefix", "contains a space-", Some(LABEL)),
        ("dns1123SubdomainPrefix", "contains a space-", Some(SUBDOMAIN)),
        ("dns1035LabelPrefix", "contains a space-", Some(DNS1035)),
        ("dns1123Label", "my-label-name", None),
        ("dns1123Subdomain", "example.com", None),
        ("dns1035Label", "my-label-name", None),
        ("qualifiedName", "my.name", None),
        ("byte", "aGVsbG8", Some("invalid base64")),
        ("date", "2020-01-01", None),
        ("date", "2020-01-32", Some("invalid date")),
        ("datetime", "2020-01-01T00:00:00Z", None),
        ("datetime", "2020-01-32T00:00:00Z", Some("invalid datetime")),
        ("labelValue", "my-cool-label-Value", None),
        (
            "labelValue",
            "my-cool-label-Value!!\n\n!!!",
            Some("a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"),
        ),
        // Today's table.
        ("dns1123Label", "my-name", None),
        ("uuid", "x", Some("does not match the UUID format")),
        ("byte", "a", Some("invalid base64")),
        ("date", "2024-13-01", Some("invalid date")),
        (
            "uri",
            "../x",
            Some("parse \"../x\": invalid URI for request"),
        ),
        // A prefix's last two bytes are masked: a character cut in two is not a name.
        ("dns1123LabelPrefix", "aé-", Some(LABEL)),
        ("dns1123LabelPrefix", "é-", Some(LABEL)),
        ("dns1123LabelPrefix", "a-", None),
    ];
    for (name, s, want) in cases {
        let want = want.map(|w| vec![w.to_string()]);
        assert_eq!(validate(name, s), want, "format.{name}().validate({s:?})");
    }
}

#[test]
fn named_formats_and_their_equality() {
    assert!(matches!(
        call("format.named", &[Val::str("unknown")]),
        Ok(Val::Optional(None))
    ));
    for lhs in FORMATS {
        let Ok(Val::Optional(Some(named))) = call("format.named", &[Val::str(lhs)]) else {
            panic!("format.named({lhs:?}) has a value");
        };
        let constant = call(&format!("format.{lhs}"), &[]).expect("a format");
        assert!(named.equals(&constant), "{lhs}");
        assert_eq!(constant.type_name(), "kubernetes.NamedFormat");
        for rhs in FORMATS.iter().filter(|r| *r != lhs) {
            let other = call(&format!("format.{rhs}"), &[]).expect("a format");
            assert!(!constant.equals(&other), "{lhs} == {rhs}");
        }
    }
    assert_eq!(
        call("validate", &[Val::str("x"), Val::str("a")]).unwrap_err(),
        Error::NoSuchOverload
    );
    assert_eq!(
        call("format.uuid", &[Val::Int(1)]).unwrap_err(),
        Error::NoSuchOverload
    );
}

#[test]
fn masks_and_sizes() {
    assert_eq!(mask_trailing_dash("ab-"), "aa");
    assert_eq!(mask_trailing_dash("-"), "-");
    assert_eq!(mask_trailing_dash("aé-"), "a_a");
    assert_eq!(max_regex_size(&Val::ext(NamedFormat("uri"))), Some(1103));
    assert_eq!(max_regex_size(&Val::ext(NamedFormat("date"))), Some(71));
    assert_eq!(max_regex_size(&Val::Int(1)), None);
}
