//! Each format against valid and invalid values, as Go's implementations judge them.

use super::Format::{self, *};

#[test]
fn formats_judge_like_go() {
    let cases: &[(Format, &str, bool)] = &[
        (Date, "2021-12-31", true),
        (Date, "2021-2-03", false),
        (Date, "2021-02-30", false),
        (Date, "2000-02-29", true),
        (Date, "1900-02-29", false),
        (Date, "2021-00-10", false),
        (Date, "2021-01-01x", false),
        (DateTime, "2021-01-01T10:00:00Z", true),
        (DateTime, "2021-01-01t10:00:00.123456+02:00", true),
        (DateTime, "2021-01-01T24:00:00Z", false),
        (DateTime, "2021-01-01T10:00:00", false),
        (DateTime, "2021-01-01 10:00:00Z", false),
        (Duration, "1h30m", true),
        (Duration, "-1.5s", true),
        (Duration, "0", true),
        (Duration, "3 days", true),
        (Duration, "P1D", true),
        (Duration, "1y", false),
        (Duration, "", false),
        (Byte, "aGVsbG8=", true),
        (Byte, "aGVsbG8", false),
        (Byte, "", false),
        (Uuid, "123e4567-e89b-12d3-a456-426614174000", true),
        (Uuid, "123E4567E89B12D3A456426614174000", true),
        (Uuid3, "123e4567-e89b-32d3-a456-426614174000", true),
        (Uuid4, "123e4567-e89b-42d3-c456-426614174000", false),
        (Ipv4, "192.168.0.1", true),
        (Ipv4, "192.168.000.001", true),
        (Ipv4, "256.1.1.1", false),
        (Ipv4, "::ffff:1.2.3.4", true),
        (Ipv6, "2001:db8::1", true),
        (Ipv6, "::1", true),
        (Ipv6, "2001:db8::00001", false),
        (Ipv6, "1:2:3:4:5:6:7::8", false),
        (Ipv6, "fe80::1%eth0", false),
        (Cidr, "10.0.0.0/8", true),
        (Cidr, "2001:db8::/129", false),
        (Cidr, "10.0.0.0", false),
        (Mac, "00:00:5e:00:53:01", true),
        (Mac, "0000.5e00.5301", true),
        (Mac, "00-00-5e-00-53", false),
        (Uri, "https://example.com/a%20b?x=1", true),
        (Uri, "/relative/path", true),
        (Uri, "mailto:someone", true),
        (Uri, "example.com", false),
        (Uri, "http://ex ample.com/", false),
        (Uri, "http://example.com:80a/", false),
        (Email, "a@example.com", true),
        (Email, "Ann <ann@example.com>", true),
        (Email, "\"a b\"@example.com", true),
        (Email, "a@[192.168.0.1]", true),
        (Email, "a..b@example.com", false),
        (Email, "no-at-sign", false),
        (Hostname, "example.com", true),
        (Hostname, "a-b.c", false),
        (Hostname, "localhost", true),
        (Hostname, "-bad.example.com", false),
        (Isbn10, "0-306-40615-2", true),
        (Isbn13, "978-0-306-40615-7", true),
        (Isbn, "0306406153", false),
        (CreditCard, "4111 1111 1111 1111", true),
        (CreditCard, "4111111111111112", false),
        (Ssn, "123-45-6789", true),
        (Ssn, "123456789", false),
        (HexColor, "#fff", true),
        (HexColor, "#ffff", false),
        (RgbColor, "rgb(255, 0, 10)", true),
        (RgbColor, "rgb(256,0,0)", false),
        (BsonObjectId, "507f1f77bcf86cd799439011", true),
        (BsonObjectId, "507f1f77bcf86cd79943901", false),
        (Password, "anything", true),
        (K8sShortName, "my-name", true),
        (K8sShortName, "my.name", false),
        (K8sLongName, "my.name", true),
        (K8sLongName, "My.name", false),
    ];
    let failed: Vec<String> = cases
        .iter()
        .filter(|(f, s, want)| f.validates(s) != *want)
        .map(|(f, s, want)| format!("{f:?} {s:?}: want {want}"))
        .collect();
    assert!(failed.is_empty(), "{failed:#?}");
}

#[test]
fn names_normalize_dashes() {
    assert_eq!(Format::parse("datetime"), Some(DateTime));
    assert_eq!(Format::parse("k8sshortname"), Some(K8sShortName));
    assert_eq!(Format::parse("int32"), None);
}

/// kube-openapi's duration_test.go and the long unit names.
#[test]
fn parse_duration_as_strfmt_does() {
    assert_eq!(super::parse_duration("3d"), Some(3 * 86_400_000_000_000));
    assert_eq!(super::parse_duration("1 week"), Some(604_800_000_000_000));
    assert_eq!(super::parse_duration("2h"), Some(7_200_000_000_000));
    assert_eq!(super::parse_duration("abc"), None);
    // kube-openapi's duration_test.go and the long unit names.
    assert_eq!(
        super::parse_duration("3 days"),
        Some(3 * 86_400_000_000_000)
    );
    assert_eq!(
        super::parse_duration(" 1 hours 2 MINUTES "),
        Some(3_720_000_000_000)
    );
    assert_eq!(
        super::parse_duration("2 weeks"),
        Some(2 * 604_800_000_000_000)
    );
    assert_eq!(super::parse_duration("5 seconds"), Some(5_000_000_000));
    assert_eq!(super::parse_duration("1 ms"), Some(1_000_000));
    // Terms are found anywhere (FindAllStringSubmatch), whatever lies between them.
    assert_eq!(super::parse_duration("x 3d"), Some(3 * 86_400_000_000_000));
    assert_eq!(super::parse_duration("3d x"), Some(3 * 86_400_000_000_000));
    assert_eq!(super::parse_duration("3 fortnights"), None);
    assert_eq!(super::parse_duration("1 hr 1 xx"), Some(3_600_000_000_000));
    // kube-openapi's duration_test.go: TestDuration's refusals, the _Failed tests and
    // TestDurationParser's table (spaces or none between number and unit).
    for bad in [
        "yada",
        "three week",
        "9999999999999999999999999999999999999999999999999999999 weeks",
        "12 parsecs",
        "12 y",
        "45 wekk",
        "45 weeekks",
    ] {
        assert_eq!(super::parse_duration(bad), None, "{bad}");
        assert!(!Format::Duration.validates(bad), "{bad}");
    }
    let (ns, us, ms, sec) = (1, 1_000, 1_000_000, 1_000_000_000);
    let (min, hour) = (60 * sec, 3_600 * sec);
    let (day, week) = (24 * hour, 7 * 24 * hour);
    let table: &[(&str, i64)] = &[
        ("1ns", ns),
        ("1us", us),
        ("1µs", us),
        ("1ms", ms),
        ("1s", sec),
        ("1m", min),
        ("1h", hour),
        ("1hr", hour),
        ("1d", day),
        ("1w", week),
        ("1wk", week),
        ("1nanoseconds", ns),
        ("1nanos", ns),
        ("1microseconds", us),
        ("1micros", us),
        ("1millis", ms),
        ("1milliseconds", ms),
        ("1second", sec),
        ("1sec", sec),
        ("1min", min),
        ("1minute", min),
        ("1hour", hour),
        ("1day", day),
        ("1week", week),
    ];
    for (text, want) in table {
        assert_eq!(super::parse_duration(text), Some(*want), "{text}");
        let spaced = text.replacen('1', "1  ", 1);
        assert_eq!(super::parse_duration(&spaced), Some(*want), "{spaced}");
        assert!(Format::Duration.validates(&spaced), "{spaced}");
    }
}
