//! `metav1.Time` as the apiserver reads and writes it: parsed as RFC 3339 (Go's `time.RFC3339`
//! layout, fractional seconds accepted), written back in UTC without fractional seconds.

/// A parsed timestamp, in UTC.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Time {
    /// Seconds since 0001-01-01T00:00:00Z.
    secs: i64,
    /// Whether the text had a non-zero fraction of a second.
    has_nanos: bool,
}

const DAYS_TO_UNIX: i64 = 719_162; // days from 0001-01-01 to 1970-01-01

impl Time {
    /// Go's `Time.IsZero`: 0001-01-01T00:00:00Z exactly.
    pub fn is_zero(&self) -> bool {
        self.secs == 0 && !self.has_nanos
    }

    /// The text `metav1.Time` is written as: `2006-01-02T15:04:05Z`, in UTC.
    pub fn format(&self) -> String {
        let days = self.secs.div_euclid(86_400);
        let rem = self.secs.rem_euclid(86_400);
        let (y, m, d) = crate::go::time::civil_from_days(days - DAYS_TO_UNIX);
        format!(
            "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
            rem / 3600,
            rem / 60 % 60,
            rem % 60
        )
    }
}

/// Parses `s` like Go's `time.Parse(time.RFC3339, s)`; `None` when Go would fail.
pub fn parse(s: &str) -> Option<Time> {
    parse_go(s).ok()
}

/// Go's `time.Parse(time.RFC3339, s)` ([`crate::go::time::parse_rfc3339`]): the time, or Go's
/// error.
pub fn parse_go(s: &str) -> Result<Time, crate::go::time::ParseError> {
    let t = crate::go::time::parse_rfc3339(s)?;
    Ok(Time {
        secs: t.unix + DAYS_TO_UNIX * 86_400,
        has_nanos: t.nanos != 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_in_utc_without_fraction() {
        let cases = [
            ("2020-01-01T00:00:00Z", Some("2020-01-01T00:00:00Z")),
            ("2020-01-01T01:30:00+02:00", Some("2019-12-31T23:30:00Z")),
            (
                "2024-02-29T23:59:59.999-00:30",
                Some("2024-03-01T00:29:59Z"),
            ),
            ("2019-06-10T12:00:00,5Z", Some("2019-06-10T12:00:00Z")),
            ("2023-02-29T00:00:00Z", None),
            ("2020-01-01 00:00:00Z", None),
            ("2020-01-01T00:00:00", None),
            ("2020-01-01T24:00:00Z", None),
            ("2020-01-01T00:00:00z", None),
            ("2020-01-01", None),
        ];
        for (input, want) in cases {
            assert_eq!(parse(input).map(|t| t.format()).as_deref(), want, "{input}");
        }
    }

    #[test]
    fn errors_read_like_gos() {
        let cases = [
            (
                "a",
                r#"parsing time "a" as "2006-01-02T15:04:05Z07:00": cannot parse "a" as "2006""#,
            ),
            (
                "2020-13-01T00:00:00Z",
                r#"parsing time "2020-13-01T00:00:00Z": month out of range"#,
            ),
            (
                "2023-02-29T00:00:00Z",
                r#"parsing time "2023-02-29T00:00:00Z": day out of range"#,
            ),
            (
                "2020-01-01 00:00:00Z",
                r#"parsing time "2020-01-01 00:00:00Z" as "2006-01-02T15:04:05Z07:00": cannot parse " 00:00:00Z" as "T""#,
            ),
            (
                "2020-01-01T00:00:00",
                r#"parsing time "2020-01-01T00:00:00" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "Z07:00""#,
            ),
            (
                "2020-01-01T24:00:00Z",
                r#"parsing time "2020-01-01T24:00:00Z": hour out of range"#,
            ),
            (
                "2020-01-01T00:00:00Zx",
                r#"parsing time "2020-01-01T00:00:00Zx": extra text: "x""#,
            ),
            (
                "2020-01-01T00:00:00+25:00",
                r#"parsing time "2020-01-01T00:00:00+25:00": time zone offset hour out of range"#,
            ),
            (
                "2020-1-01T00:00:00Z",
                r#"parsing time "2020-1-01T00:00:00Z" as "2006-01-02T15:04:05Z07:00": cannot parse "1-01T00:00:00Z" as "01""#,
            ),
            (
                "é\"",
                r#"parsing time "\xc3\xa9\"" as "2006-01-02T15:04:05Z07:00": cannot parse "\xc3\xa9\"" as "2006""#,
            ),
        ];
        for (input, want) in cases {
            let got = parse_go(input).err().map(|e| e.to_string());
            assert_eq!(got.as_deref(), Some(want), "{input}");
        }
        assert!(parse_go("2020-01-01T1:00:00+24:00").is_ok());
    }

    #[test]
    fn zero_time() {
        assert!(parse("0001-01-01T00:00:00Z").unwrap().is_zero());
        assert!(!parse("0001-01-01T00:00:00.5Z").unwrap().is_zero());
        assert!(!parse("1970-01-01T00:00:00Z").unwrap().is_zero());
    }
}
