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
        let (y, m, d) = civil_from_days(days - DAYS_TO_UNIX);
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
    let b = s.as_bytes();
    if b.len() < 20 || b[4] != b'-' || b[7] != b'-' || b[10] != b'T' || b[13] != b':' {
        return None;
    }
    if b[16] != b':' {
        return None;
    }
    let year = digits(&b[0..4])?;
    let month = digits(&b[5..7])?;
    let day = digits(&b[8..10])?;
    let (hour, min, sec) = (
        digits(&b[11..13])?,
        digits(&b[14..16])?,
        digits(&b[17..19])?,
    );
    if !(1..=12).contains(&month) || day < 1 || day > days_in_month(year, month) {
        return None;
    }
    if hour > 23 || min > 59 || sec > 59 {
        return None;
    }
    let mut rest = &b[19..];
    let mut has_nanos = false;
    if matches!(rest.first(), Some(b'.' | b',')) {
        let n = rest[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        if n == 0 {
            return None;
        }
        has_nanos = rest[1..=n].iter().any(|&c| c != b'0');
        rest = &rest[1 + n..];
    }
    let offset = zone(rest)?;
    let days = days_from_civil(year, month, day) + DAYS_TO_UNIX;
    let secs = days * 86_400 + hour * 3600 + min * 60 + sec - offset;
    Some(Time { secs, has_nanos })
}

/// The zone suffix: `Z` or `±hh:mm`, as seconds east of UTC.
fn zone(b: &[u8]) -> Option<i64> {
    match b {
        [b'Z'] => Some(0),
        [sign @ (b'+' | b'-'), h1, h2, b':', m1, m2] => {
            let (h, m) = (digits(&[*h1, *h2])?, digits(&[*m1, *m2])?);
            if h > 23 || m > 59 {
                return None;
            }
            let off = h * 3600 + m * 60;
            Some(if *sign == b'-' { -off } else { off })
        }
        _ => None,
    }
}

fn digits(b: &[u8]) -> Option<i64> {
    b.iter().try_fold(0i64, |acc, c| {
        c.is_ascii_digit().then(|| acc * 10 + i64::from(c - b'0'))
    })
}

fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        2 if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date.
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The proleptic Gregorian date of a day count since 1970-01-01.
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
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
    fn zero_time() {
        assert!(parse("0001-01-01T00:00:00Z").unwrap().is_zero());
        assert!(!parse("0001-01-01T00:00:00.5Z").unwrap().is_zero());
        assert!(!parse("1970-01-01T00:00:00Z").unwrap().is_zero());
    }
}
