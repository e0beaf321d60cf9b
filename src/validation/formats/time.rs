//! `date` (Go's `time.Parse("2006-01-02")`), `date-time` (strfmt's `IsDateTime`) and `duration`
//! (Go's `time.ParseDuration`, then strfmt's looser `<number> <unit>` reading).

use regex::Regex;
use std::sync::OnceLock;

/// `time.Parse("2006-01-02", s)` succeeds: a 4-character year (an optional sign and digits), a
/// 2-digit month 01–12 and a 2-digit day that exists in that month, nothing else.
pub(super) fn is_date(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let Some(year) = go_atoi(&s[..4]) else {
        return false;
    };
    let two = |i: usize| -> Option<u32> {
        (b[i].is_ascii_digit() && b[i + 1].is_ascii_digit())
            .then(|| u32::from(b[i] - b'0') * 10 + u32::from(b[i + 1] - b'0'))
    };
    let (Some(month), Some(day)) = (two(5), two(8)) else {
        return false;
    };
    (1..=12).contains(&month) && day >= 1 && day <= days_in(month, year)
}

/// Go's `atoi` on the year field: an optional sign, then only digits.
fn go_atoi(s: &str) -> Option<i64> {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: i64 = digits.parse().ok()?;
    Some(if s.starts_with('-') { -n } else { n })
}

fn days_in(month: u32, year: i64) -> u32 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// strfmt's `IsDateTime`: lowercased and split at each `t`, the first part a date and the second
/// `hh:mm:ss[.frac](z|±hh:mm)` with hours to 23 and minutes and seconds to 59.
pub(super) fn is_date_time(s: &str) -> bool {
    if s.len() < 4 {
        return false;
    }
    let lower = s.to_lowercase();
    let mut parts = lower.split('t');
    let (Some(date), Some(time)) = (parts.next(), parts.next()) else {
        return false;
    };
    if !is_date(date) {
        return false;
    }
    static TIME: OnceLock<Regex> = OnceLock::new();
    // The same pattern in both syntaxes; written for the `regex` crate to keep its groups.
    let re = TIME.get_or_init(|| {
        Regex::new(r"^([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$")
            .expect("fixed pattern")
    });
    re.captures(time)
        .is_some_and(|m| &m[1] <= "23" && &m[2] <= "59" && &m[3] <= "59")
}

/// strfmt's `IsDuration`: Go's duration syntax, else any `<digits> <unit>` in the text with a
/// unit it knows (`5 minutes`, `1d`, `2 weeks`).
pub(super) fn is_duration(s: &str) -> bool {
    crate::go::time::parse_duration(s).is_some() || loose_duration(s)
}

/// strfmt's fallback: some `(\d+)\s*([A-Za-zµ]+)` in the text whose unit (lowercased) is one it
/// knows, or starts with the longest name of one.
fn loose_duration(s: &str) -> bool {
    const UNITS: &[&[&str]] = &[
        &["ns", "nano"],
        &["us", "\u{b5}s", "micro"],
        &["ms", "milli"],
        &["s", "sec"],
        &["m", "min"],
        &["h", "hr", "hour"],
        &["d", "day"],
        &["w", "wk", "week"],
    ];
    static TERM: OnceLock<Regex> = OnceLock::new();
    // `((\d+)\s*([A-Za-zµ]+))` with Go's ASCII classes, written for the `regex` crate.
    let re = TERM.get_or_init(|| {
        Regex::new(r"(([0-9]+)[\t\n\x0C\r ]*([A-Za-zµ]+))").expect("fixed pattern")
    });
    let mut ok = false;
    for m in re.captures_iter(s) {
        if m[2].parse::<i64>().is_err() {
            return false;
        }
        let unit = m[3].trim().to_lowercase();
        ok |= UNITS.iter().any(|variants| {
            let last = variants.len() - 1;
            variants
                .iter()
                .enumerate()
                .any(|(i, v)| (i == last && unit.starts_with(v)) || v.eq_ignore_ascii_case(&unit))
        });
    }
    ok
}
