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
    parse_go(s).ok()
}

/// The RFC 3339 layout, as Go's parser walks it: literal text and elements.
const LAYOUT: &str = "2006-01-02T15:04:05Z07:00";

#[derive(Clone, Copy)]
enum Elem {
    Lit(&'static str),
    Year,
    Month,
    Day,
    Hour,
    Minute,
    Second,
    Zone,
}

const ELEMS: [Elem; 12] = [
    Elem::Year,
    Elem::Lit("-"),
    Elem::Month,
    Elem::Lit("-"),
    Elem::Day,
    Elem::Lit("T"),
    Elem::Hour,
    Elem::Lit(":"),
    Elem::Minute,
    Elem::Lit(":"),
    Elem::Second,
    Elem::Zone,
];

/// The parsed fields, and the rest of the text still to read.
#[derive(Default)]
struct Fields {
    year: i64,
    month: i64,
    day: i64,
    hour: i64,
    min: i64,
    sec: i64,
    nanos: bool,
    offset: i64,
}

/// An element's failure: a field out of range, or text that is not the element.
enum Fail {
    Range(&'static str),
    Bad,
}

/// Go's `time.Parse(time.RFC3339, s)`: the time, or Go's error text (`parsing time "a" as
/// "2006-01-02T15:04:05Z07:00": cannot parse "a" as "2006"`, `…: month out of range`).
pub fn parse_go(s: &str) -> Result<Time, String> {
    let whole = s.as_bytes();
    let mut rest = whole;
    let mut f = Fields::default();
    for elem in ELEMS {
        let hold = rest;
        let (name, outcome) = match elem {
            Elem::Lit(lit) => (lit, rest.strip_prefix(lit.as_bytes()).ok_or(Fail::Bad)),
            _ => (elem_text(elem), read(elem, rest, &mut f)),
        };
        match outcome {
            Ok(r) => rest = r,
            Err(Fail::Range(what)) => {
                return Err(format!(
                    "parsing time {}: {what} out of range",
                    quote(whole)
                ))
            }
            Err(Fail::Bad) => {
                return Err(format!(
                    "parsing time {} as {}: cannot parse {} as {}",
                    quote(whole),
                    quote(LAYOUT.as_bytes()),
                    quote(hold),
                    quote(name.as_bytes())
                ))
            }
        }
    }
    if !rest.is_empty() {
        let (q, extra) = (quote(whole), quote(rest));
        return Err(format!("parsing time {q}: extra text: {extra}"));
    }
    if f.day < 1 || f.day > days_in_month(f.year, f.month) {
        return Err(format!("parsing time {}: day out of range", quote(whole)));
    }
    let days = days_from_civil(f.year, f.month, f.day) + DAYS_TO_UNIX;
    let secs = days * 86_400 + f.hour * 3600 + f.min * 60 + f.sec - f.offset;
    Ok(Time {
        secs,
        has_nanos: f.nanos,
    })
}

fn elem_text(elem: Elem) -> &'static str {
    match elem {
        Elem::Lit(l) => l,
        Elem::Year => "2006",
        Elem::Month => "01",
        Elem::Day => "02",
        Elem::Hour => "15",
        Elem::Minute => "04",
        Elem::Second => "05",
        Elem::Zone => "Z07:00",
    }
}

/// Reads one element from `v` into `f`; the rest of the text.
fn read<'a>(elem: Elem, v: &'a [u8], f: &mut Fields) -> Result<&'a [u8], Fail> {
    let in_range = |x: i64, lo: i64, hi: i64, what| {
        if (lo..=hi).contains(&x) {
            Ok(())
        } else {
            Err(Fail::Range(what))
        }
    };
    match elem {
        Elem::Year => {
            if v.len() < 4 || !v[0].is_ascii_digit() {
                return Err(Fail::Bad);
            }
            f.year = digits(&v[..4]).ok_or(Fail::Bad)?;
            Ok(&v[4..])
        }
        Elem::Month => {
            let (m, r) = getnum(v, true)?;
            in_range(m, 1, 12, "month")?;
            f.month = m;
            Ok(r)
        }
        Elem::Day => getnum(v, true).map(|(d, r)| {
            f.day = d;
            r
        }),
        Elem::Hour => {
            let (h, r) = getnum(v, false)?;
            in_range(h, 0, 23, "hour")?;
            f.hour = h;
            Ok(r)
        }
        Elem::Minute => {
            let (m, r) = getnum(v, true)?;
            in_range(m, 0, 59, "minute")?;
            f.min = m;
            Ok(r)
        }
        Elem::Second => second(v, f),
        Elem::Zone => zone(v, f),
        Elem::Lit(_) => Ok(v),
    }
}

/// Seconds, and a fraction after them (`.5`, `,5`) that Go accepts though the layout has none.
fn second<'a>(v: &'a [u8], f: &mut Fields) -> Result<&'a [u8], Fail> {
    let (s, mut r) = getnum(v, true)?;
    if s > 59 {
        return Err(Fail::Range("second"));
    }
    f.sec = s;
    if r.len() >= 2 && matches!(r[0], b'.' | b',') && r[1].is_ascii_digit() {
        let n = 1 + r[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        f.nanos = r[1..n.min(10)].iter().any(|&c| c != b'0');
        r = &r[n..];
    }
    Ok(r)
}

/// `Z`, or `±hh:mm` (Go allows up to 24 hours and 60 minutes).
fn zone<'a>(v: &'a [u8], f: &mut Fields) -> Result<&'a [u8], Fail> {
    if v.first() == Some(&b'Z') {
        return Ok(&v[1..]);
    }
    if v.len() < 6 || v[3] != b':' {
        return Err(Fail::Bad);
    }
    let h = getnum(&v[1..3], true)?.0;
    let m = getnum(&v[4..6], true)?.0;
    if m > 60 {
        return Err(Fail::Range("time zone offset minute"));
    }
    if h > 24 {
        return Err(Fail::Range("time zone offset hour"));
    }
    let off = h * 3600 + m * 60;
    f.offset = match v[0] {
        b'+' => off,
        b'-' => -off,
        _ => return Err(Fail::Bad),
    };
    Ok(&v[6..])
}

/// Go's `getnum`: one or two digits (two when `fixed`).
fn getnum(v: &[u8], fixed: bool) -> Result<(i64, &[u8]), Fail> {
    let d = |i: usize| {
        v.get(i)
            .filter(|c| c.is_ascii_digit())
            .map(|c| i64::from(c - b'0'))
    };
    let first = d(0).ok_or(Fail::Bad)?;
    match d(1) {
        Some(second) => Ok((first * 10 + second, &v[2..])),
        None if fixed => Err(Fail::Bad),
        None => Ok((first, &v[1..])),
    }
}

/// Go's `time` package quoting: double quotes, `\` before `"` and `\`, other bytes outside
/// printable ASCII as `\xNN` each.
fn quote(b: &[u8]) -> String {
    let mut out = String::from('"');
    for &c in b {
        match c {
            b'"' | b'\\' => {
                out.push('\\');
                out.push(c as char);
            }
            0x20..=0x7f => out.push(c as char),
            _ => out.push_str(&format!("\\x{c:02x}")),
        }
    }
    out.push('"');
    out
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
            assert_eq!(parse_go(input).err().as_deref(), Some(want), "{input}");
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
