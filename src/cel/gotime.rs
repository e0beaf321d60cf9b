//! Go's duration parsing, which CEL's `duration()` (Go's `time.ParseDuration`) and the
//! `format: duration` conversion (kube-openapi's `strfmt.ParseDuration`, which also accepts
//! `3d`, `1 week`, …) follow; the cel crate's own parser accepts other strings.

/// Go's `time.ParseDuration` ([`crate::go::time::parse_duration`]).
pub fn parse_go_duration(s: &str) -> Option<i64> {
    crate::go::time::parse_duration(s)
}

/// kube-openapi's `strfmt.ParseDuration`: Go's form first; else the whole text must be
/// `\s*(\d+\s*[A-Za-zµ]+\s*)+` (Go's ASCII `\s`, `\d`), and every `<digits><unit>` term whose
/// unit (lowercased) is a unit's name, or starts with its longest name (`days`, `weeks`), adds
/// `digits × unit` (wrapping as Go's `time.Duration` does); `None` when no term has a known unit
/// or a number is out of int64 range.
pub fn parse_strfmt_duration(s: &str) -> Option<i64> {
    if let Some(d) = parse_go_duration(s) {
        return Some(d);
    }
    let terms = strfmt_terms(s)?;
    let mut total: i64 = 0;
    let mut found = false;
    for (digits, unit) in terms {
        let factor: i64 = digits.parse().ok()?;
        let unit = unit.to_lowercase();
        for names in STRFMT_UNITS {
            let last = names.len() - 1;
            for (i, name) in names.iter().enumerate() {
                if (i == last && unit.starts_with(name)) || name.eq_ignore_ascii_case(&unit) {
                    found = true;
                    total = total.wrapping_add(factor.wrapping_mul(strfmt_nanos(names[0])));
                }
            }
        }
    }
    found.then_some(total)
}

/// Go's `\s`: ASCII space, tab, newline, form feed, carriage return.
fn go_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0C' | '\r')
}

fn unit_char(c: char) -> bool {
    c.is_ascii_alphabetic() || c == 'µ'
}

/// The `(digits, unit)` terms of a text that is all `\s*(\d+\s*[A-Za-zµ]+\s*)+`, else `None`.
fn strfmt_terms(s: &str) -> Option<Vec<(&str, &str)>> {
    let mut rest = s.trim_start_matches(go_space);
    let mut out = Vec::new();
    while !rest.is_empty() {
        let d = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        if d == 0 {
            return None;
        }
        let (digits, after) = rest.split_at(d);
        let after = after.trim_start_matches(go_space);
        let u = after.find(|c: char| !unit_char(c)).unwrap_or(after.len());
        if u == 0 {
            return None;
        }
        out.push((digits, &after[..u]));
        rest = after[u..].trim_start_matches(go_space);
    }
    (!out.is_empty()).then_some(out)
}

/// strfmt's unit names, each group's first name keying its length.
const STRFMT_UNITS: &[&[&str]] = &[
    &["ns", "nano"],
    &["us", "µs", "micro"],
    &["ms", "milli"],
    &["s", "sec"],
    &["m", "min"],
    &["h", "hr", "hour"],
    &["d", "day"],
    &["w", "wk", "week"],
];

fn strfmt_nanos(unit: &str) -> i64 {
    match unit {
        "ns" => 1,
        "us" => 1_000,
        "ms" => 1_000_000,
        "s" => 1_000_000_000,
        "m" => 60_000_000_000,
        "h" => 3_600_000_000_000,
        "d" => 86_400_000_000_000,
        _ => 604_800_000_000_000,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_durations() {
        let cases: &[(&str, Option<i64>)] = &[
            ("0", Some(0)),
            ("1h30m", Some(5_400_000_000_000)),
            ("1.5s", Some(1_500_000_000)),
            ("-2ms", Some(-2_000_000)),
            (".5us", Some(500)),
            ("300ms", Some(300_000_000)),
            ("1d", None),
            ("", None),
            ("string", None),
            ("5", None),
            ("1.s", Some(1_000_000_000)),
            ("9999999999h", None),
        ];
        for (s, want) in cases {
            assert_eq!(parse_go_duration(s), *want, "{s:?}");
        }
    }

    #[test]
    fn strfmt_durations() {
        assert_eq!(parse_strfmt_duration("3d"), Some(3 * 86_400_000_000_000));
        assert_eq!(parse_strfmt_duration("1 week"), Some(604_800_000_000_000));
        assert_eq!(parse_strfmt_duration("2h"), Some(7_200_000_000_000));
        assert_eq!(parse_strfmt_duration("abc"), None);
        // kube-openapi's duration_test.go and the long unit names.
        assert_eq!(
            parse_strfmt_duration("3 days"),
            Some(3 * 86_400_000_000_000)
        );
        assert_eq!(
            parse_strfmt_duration(" 1 hours 2 MINUTES "),
            Some(3_720_000_000_000)
        );
        assert_eq!(
            parse_strfmt_duration("2 weeks"),
            Some(2 * 604_800_000_000_000)
        );
        assert_eq!(parse_strfmt_duration("5 seconds"), Some(5_000_000_000));
        assert_eq!(parse_strfmt_duration("1 ms"), Some(1_000_000));
        assert_eq!(parse_strfmt_duration("x 3d"), None);
        assert_eq!(parse_strfmt_duration("3d x"), None);
        assert_eq!(parse_strfmt_duration("3 fortnights"), None);
        assert_eq!(parse_strfmt_duration("1 hr 1 xx"), Some(3_600_000_000_000));
    }
}
