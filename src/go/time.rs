//! `time`: durations, and times in the layouts the apiserver reads them in.

use std::fmt;

pub mod zoneinfo;

/// Nanoseconds per unit of `time.ParseDuration`.
fn unit(u: &str) -> Option<u64> {
    Some(match u {
        "ns" => 1,
        "us" | "\u{b5}s" | "\u{3bc}s" => 1_000,
        "ms" => 1_000_000,
        "s" => 1_000_000_000,
        "m" => 60_000_000_000,
        "h" => 3_600_000_000_000,
        _ => return None,
    })
}

const LIMIT: u64 = 1 << 63;

/// Go's `time.ParseDuration`: `[-+]?([0-9]*(\.[0-9]*)?[a-z]+)+` or `0`, in nanoseconds; `None`
/// where Go returns an error (invalid, or beyond int64). As Go does, a fraction's digits past
/// what a uint64 holds are dropped, and a fraction is added through float64
/// (`float64(f) * (float64(unit) / scale)`, truncated): `0.9999999999999999999h` is exactly
/// one hour.
pub fn parse_duration(s: &str) -> Option<i64> {
    let (neg, mut s) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if s == "0" {
        return Some(0);
    }
    if s.is_empty() {
        return None;
    }
    let mut d: u64 = 0;
    while !s.is_empty() {
        if !s.starts_with(|c: char| c == '.' || c.is_ascii_digit()) {
            return None;
        }
        let (mut v, rest) = leading_int(s)?;
        let pre = rest.len() != s.len();
        s = rest;
        let (mut f, mut scale, mut post) = (0u64, 1f64, false);
        if let Some(rest) = s.strip_prefix('.') {
            let (x, sc, after) = leading_fraction(rest);
            (f, scale, post) = (x, sc, after.len() != rest.len());
            s = after;
        }
        if !pre && !post {
            return None;
        }
        let end = s
            .find(|c: char| c == '.' || c.is_ascii_digit())
            .unwrap_or(s.len());
        if end == 0 {
            return None;
        }
        let u = unit(&s[..end])?;
        s = &s[end..];
        if v > LIMIT / u {
            return None;
        }
        v *= u;
        if f > 0 {
            v += (f as f64 * (u as f64 / scale)) as u64;
            if v > LIMIT {
                return None;
            }
        }
        d = d.checked_add(v).filter(|&d| d <= LIMIT)?;
    }
    match neg {
        true => Some((d as i64).wrapping_neg()),
        false if d < LIMIT => Some(d as i64),
        false => None,
    }
}

/// `leadingInt`: the leading digits' value and the rest; `None` past 1<<63.
fn leading_int(s: &str) -> Option<(u64, &str)> {
    let n = s.bytes().take_while(u8::is_ascii_digit).count();
    let mut x: u64 = 0;
    for b in s[..n].bytes() {
        if x > LIMIT / 10 {
            return None;
        }
        x = x * 10 + u64::from(b - b'0');
        if x > LIMIT {
            return None;
        }
    }
    Some((x, &s[n..]))
}

/// `leadingFraction`: the leading digits as an integer, the power of ten they were scaled by
/// and the rest; digits past what the integer holds are consumed and dropped.
fn leading_fraction(s: &str) -> (u64, f64, &str) {
    let n = s.bytes().take_while(u8::is_ascii_digit).count();
    let (mut x, mut scale, mut overflow) = (0u64, 1f64, false);
    for b in s[..n].bytes() {
        if overflow {
            continue;
        }
        if x > (LIMIT - 1) / 10 {
            overflow = true;
            continue;
        }
        let y = x * 10 + u64::from(b - b'0');
        if y > LIMIT {
            overflow = true;
            continue;
        }
        x = y;
        scale *= 10.0;
    }
    (x, scale, &s[n..])
}

/// A layout of Go's `time.Parse`, as its parser walks it: the layout text and its literal text
/// and elements.
pub struct Layout {
    text: &'static str,
    elems: &'static [Elem],
}

/// The elements of `2006-01-02T15:04:05Z07:00`; the other layouts are its beginnings.
const DATE_TIME: [Elem; 12] = [
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

/// `time.RFC3339`.
pub const RFC3339: Layout = Layout {
    text: "2006-01-02T15:04:05Z07:00",
    elems: &DATE_TIME,
};

/// kube-openapi strfmt's `ISO8601LocalTime` (no zone: UTC).
pub const ISO8601_LOCAL_TIME: Layout = Layout {
    text: "2006-01-02T15:04:05",
    elems: DATE_TIME.split_at(11).0,
};

/// strfmt's `RFC3339FullDate` (`format: date`).
pub const FULL_DATE: Layout = Layout {
    text: "2006-01-02",
    elems: DATE_TIME.split_at(5).0,
};

/// A time `time.Parse` read: seconds since 1970-01-01T00:00:00Z, the nanoseconds, and the
/// zone's offset in seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parsed {
    pub unix: i64,
    pub nanos: u32,
    pub offset: i64,
}

#[derive(Clone, Copy)]
pub enum Elem {
    Lit(&'static str),
    Year,
    Month,
    Day,
    Hour,
    Minute,
    Second,
    Zone,
}

/// The parsed fields, and the rest of the text still to read.
#[derive(Default)]
struct Fields {
    year: i64,
    month: i64,
    day: i64,
    hour: i64,
    min: i64,
    sec: i64,
    nanos: u32,
    offset: i64,
}

impl Parsed {
    /// The time in its zone as chrono holds it; `None` past chrono's range or for an offset of a
    /// day or more (which Go accepts, up to 24:60).
    pub fn date_time(&self) -> Option<chrono::DateTime<chrono::FixedOffset>> {
        let zone = chrono::FixedOffset::east_opt(i32::try_from(self.offset).ok()?)?;
        Some(chrono::DateTime::from_timestamp(self.unix, self.nanos)?.with_timezone(&zone))
    }
}

/// An element's failure: a field out of range, or text that is not the element.
enum Fail {
    Range(&'static str),
    Bad,
}

/// Go's `*time.ParseError`: the layout and the text, the element of each where reading failed,
/// and Go's `Message` (empty for an element that does not read, else `: month out of range`,
/// `: extra text: "…"`). Its text is Go's (`parsing time "a" as "2006-01-02T15:04:05Z07:00":
/// cannot parse "a" as "2006"`, `parsing time "2006-13-02T15:04:05Z": month out of range`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub layout: &'static str,
    pub value: String,
    pub layout_elem: &'static str,
    pub value_elem: String,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let value = quote(self.value.as_bytes());
        if self.message.is_empty() {
            write!(
                f,
                "parsing time {value} as {}: cannot parse {} as {}",
                quote(self.layout.as_bytes()),
                quote(self.value_elem.as_bytes()),
                quote(self.layout_elem.as_bytes())
            )
        } else {
            write!(f, "parsing time {value}{}", self.message)
        }
    }
}

impl std::error::Error for ParseError {}

/// Go's `time.Parse(time.RFC3339, s)`: the time, or Go's error (`parsing time "a" as
/// "2006-01-02T15:04:05Z07:00": cannot parse "a" as "2006"`, `…: month out of range`).
pub fn parse_rfc3339(s: &str) -> Result<Parsed, ParseError> {
    parse(&RFC3339, s)
}

/// kube-openapi's `strfmt.ParseDateTime`, which `format: date-time` values reach CEL through:
/// its layouts (RFC 3339 with 6 or 3 fraction digits, RFC 3339, RFC 3339 with nanoseconds,
/// then `2006-01-02T15:04:05` in UTC) tried in turn, the last one's error when none reads it;
/// the empty string is the Unix epoch. (The first four read the same texts as RFC 3339 does:
/// Go's parser takes a fraction after the seconds where the layout has none.)
pub fn parse_strfmt_date_time(s: &str) -> Result<Parsed, ParseError> {
    if s.is_empty() {
        return Ok(Parsed {
            unix: 0,
            nanos: 0,
            offset: 0,
        });
    }
    parse(&RFC3339, s).or_else(|_| parse(&ISO8601_LOCAL_TIME, s))
}

/// Go's `time.Parse(layout, s)` for the layouts here.
pub fn parse(layout: &Layout, s: &str) -> Result<Parsed, ParseError> {
    let whole = s.as_bytes();
    let mut rest = whole;
    // Go's error with a `Message` (the elements are left empty, as Go leaves them).
    let message = |message: String| ParseError {
        layout: layout.text,
        value: s.to_string(),
        layout_elem: "",
        value_elem: String::new(),
        message,
    };
    let mut f = Fields::default();
    for &elem in layout.elems {
        let hold = rest;
        let (name, outcome) = match elem {
            Elem::Lit(lit) => (lit, rest.strip_prefix(lit.as_bytes()).ok_or(Fail::Bad)),
            _ => (elem_text(elem), read(elem, rest, &mut f)),
        };
        match outcome {
            Ok(r) => rest = r,
            Err(Fail::Range(what)) => return Err(message(format!(": {what} out of range"))),
            Err(Fail::Bad) => {
                return Err(ParseError {
                    layout: layout.text,
                    value: s.to_string(),
                    layout_elem: name,
                    // The elements read before are ASCII: `hold` starts on a character.
                    value_elem: String::from_utf8_lossy(hold).into_owned(),
                    message: String::new(),
                });
            }
        }
    }
    if !rest.is_empty() {
        return Err(message(format!(": extra text: {}", quote(rest))));
    }
    if f.day < 1 || f.day > days_in_month(f.year, f.month) {
        return Err(message(": day out of range".to_string()));
    }
    let days = days_from_civil(f.year, f.month, f.day);
    let unix = days * 86_400 + f.hour * 3600 + f.min * 60 + f.sec - f.offset;
    Ok(Parsed {
        unix,
        nanos: f.nanos,
        offset: f.offset,
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
        // Nanoseconds: the first nine digits (Go's `parseNanoseconds`).
        let nine: Vec<u8> = r[1..n]
            .iter()
            .copied()
            .chain(std::iter::repeat(b'0'))
            .take(9)
            .collect();
        f.nanos = digits(&nine).unwrap_or(0) as u32;
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

/// Go's `time.quote` (the time package's own, not `strconv.Quote`): double quotes, `\` before
/// `"` and `\`, every byte of a character outside ASCII or below U+0020 as `\xNN`.
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

/// Whether a proleptic Gregorian year is a leap year (Go's `isLeap`).
fn is_leap(y: i64) -> bool {
    y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)
}

fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        2 if is_leap(y) => 29,
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

/// Go's `.999999999` layout element: the fraction of a second without its trailing zeros,
/// nothing for a whole second.
fn trimmed_fraction(nanos: u32) -> String {
    match nanos {
        0 => String::new(),
        n => format!(".{}", format!("{n:09}").trim_end_matches('0')),
    }
}

/// Go's `t.Format(time.RFC3339Nano)`: the fraction without trailing zeros, `Z` for UTC.
pub fn format_rfc3339_nano(t: &chrono::DateTime<chrono::FixedOffset>) -> String {
    let mut out = t.format("%Y-%m-%dT%H:%M:%S").to_string();
    out.push_str(&trimmed_fraction(t.timestamp_subsec_nanos()));
    let offset = t.offset().local_minus_utc();
    if offset == 0 {
        out.push('Z');
    } else {
        let sign = if offset < 0 { '-' } else { '+' };
        let a = offset.abs();
        out.push_str(&format!("{sign}{:02}:{:02}", a / 3600, a / 60 % 60));
    }
    out
}

/// Go's `t.UTC().Format(time.RFC3339)`: whole seconds, `Z`.
pub fn format_rfc3339_utc<Z: chrono::TimeZone>(t: &chrono::DateTime<Z>) -> String {
    t.naive_utc().format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// Go's `t.String()` of a time in UTC (`2006-01-02 15:04:05.999999999 -0700 MST`): the
/// fraction without trailing zeros.
pub fn utc_string<Z: chrono::TimeZone>(t: &chrono::DateTime<Z>) -> String {
    let utc = t.naive_utc();
    let fraction = trimmed_fraction(utc.and_utc().timestamp_subsec_nanos());
    format!("{}{fraction} +0000 UTC", utc.format("%Y-%m-%d %H:%M:%S"))
}

/// The proleptic Gregorian date of a day count since 1970-01-01.
pub fn civil_from_days(z: i64) -> (i64, i64, i64) {
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

    /// Go's `parseDurationTests` and `parseDurationErrorTests` (time_test.go), and the case of
    /// the CEL runtime issue.
    #[test]
    fn parse_duration_as_go_does() {
        let ok: &[(&str, i64)] = &[
            ("0", 0),
            ("5s", 5_000_000_000),
            ("30s", 30_000_000_000),
            ("1478s", 1_478_000_000_000),
            ("-5s", -5_000_000_000),
            ("+5s", 5_000_000_000),
            ("-0", 0),
            ("+0", 0),
            ("5.0s", 5_000_000_000),
            ("5.6s", 5_600_000_000),
            ("5.s", 5_000_000_000),
            (".5s", 500_000_000),
            ("1.0s", 1_000_000_000),
            ("1.00s", 1_000_000_000),
            ("1.004s", 1_004_000_000),
            ("1.0040s", 1_004_000_000),
            ("100.00100s", 100_001_000_000),
            ("10ns", 10),
            ("11us", 11_000),
            ("12\u{b5}s", 12_000),
            ("12\u{3bc}s", 12_000),
            ("13ms", 13_000_000),
            ("14s", 14_000_000_000),
            ("15m", 900_000_000_000),
            ("16h", 57_600_000_000_000),
            ("3h30m", 12_600_000_000_000),
            ("10.5s4m", 250_500_000_000),
            ("-2m3.4s", -123_400_000_000),
            ("1h2m3s4ms5us6ns", 3_723_004_005_006),
            ("39h9m14.425s", 140_954_425_000_000),
            ("52763797000ns", 52_763_797_000),
            ("0.3333333333333333333h", 1_200_000_000_000),
            ("9007199254740993ns", 9_007_199_254_740_993),
            ("9223372036854775807ns", i64::MAX),
            ("9223372036854775.807us", i64::MAX),
            ("9223372036s854ms775us807ns", i64::MAX),
            ("-9223372036854775808ns", i64::MIN),
            ("-9223372036854775.808us", i64::MIN),
            ("-9223372036s854ms775us808ns", i64::MIN),
            ("-2562047h47m16.854775808s", i64::MIN),
            ("0.100000000000000000000h", 360_000_000_000),
            ("0.830103483285477580700h", 2_988_372_539_827),
            ("0.9999999999999999999h", 3_600_000_000_000),
        ];
        for (s, want) in ok {
            assert_eq!(parse_duration(s), Some(*want), "{s:?}");
        }
        for s in [
            "",
            "3",
            "-",
            "s",
            ".",
            "-.",
            ".s",
            "+.s",
            "1d",
            "\u{85}\u{85}",
            "\u{ffd}",
            "9223372036854775810ns",
            "9223372036854775808ns",
            "-9223372036854775809ns",
            "9223372036854776us",
            "3000000h",
            "9223372036854775.808us",
            "9223372036854ms775us808ns",
        ] {
            assert_eq!(parse_duration(s), None, "{s:?}");
        }
    }

    /// Go's `time.Parse` results and error texts for these texts (format_test.go's
    /// `parseTests` and `parseErrorTests` where they have the case).
    #[test]
    fn parse_as_go_does() {
        let ok: &[(&Layout, &str, i64, u32, i64)] = &[
            (
                &RFC3339,
                "2010-02-04T21:00:57-08:00",
                1_265_346_057,
                0,
                -28_800,
            ),
            (
                &RFC3339,
                "2010-02-04T21:00:57.012345678-08:00",
                1_265_346_057,
                12_345_678,
                -28_800,
            ),
            (
                &RFC3339,
                "2010-02-04T21:00:57,5-08:00",
                1_265_346_057,
                500_000_000,
                -28_800,
            ),
            (&RFC3339, "2006-01-02T15:04:05Z", 1_136_214_245, 0, 0),
            (
                &RFC3339,
                "2006-01-02T15:04:05.1234567891Z",
                1_136_214_245,
                123_456_789,
                0,
            ),
            (&FULL_DATE, "2012-02-29", 1_330_473_600, 0, 0),
            (&FULL_DATE, "0001-01-01", -62_135_596_800, 0, 0),
            (
                &ISO8601_LOCAL_TIME,
                "2006-01-02T15:04:05",
                1_136_214_245,
                0,
                0,
            ),
        ];
        for &(layout, s, unix, nanos, offset) in ok {
            let want = Parsed {
                unix,
                nanos,
                offset,
            };
            assert_eq!(parse(layout, s), Ok(want), "{s:?}");
        }
        let errs: &[(&Layout, &str, &str)] = &[
            (
                &RFC3339,
                "a",
                r#"parsing time "a" as "2006-01-02T15:04:05Z07:00": cannot parse "a" as "2006""#,
            ),
            (
                &RFC3339,
                "2006-01-02T15:04_abc",
                r#"parsing time "2006-01-02T15:04_abc" as "2006-01-02T15:04:05Z07:00": cannot parse "_abc" as ":""#,
            ),
            (
                &RFC3339,
                "2006-01-02T15:04:05_abc",
                r#"parsing time "2006-01-02T15:04:05_abc" as "2006-01-02T15:04:05Z07:00": cannot parse "_abc" as "Z07:00""#,
            ),
            (
                &RFC3339,
                "2006-01-02T15:04:05Z_abc",
                r#"parsing time "2006-01-02T15:04:05Z_abc": extra text: "_abc""#,
            ),
            (
                &RFC3339,
                "2006-13-02T15:04:05Z",
                r#"parsing time "2006-13-02T15:04:05Z": month out of range"#,
            ),
            (
                &FULL_DATE,
                "2013-02-29",
                r#"parsing time "2013-02-29": day out of range"#,
            ),
            (
                &FULL_DATE,
                "+001-01-01",
                r#"parsing time "+001-01-01" as "2006-01-02": cannot parse "+001-01-01" as "2006""#,
            ),
        ];
        for &(layout, s, want) in errs {
            let got = parse(layout, s).map_err(|e| e.to_string());
            assert_eq!(got, Err(want.to_string()), "{s:?}");
        }
    }
}
