//! `date` (Go's `time.Parse("2006-01-02")`), `date-time` (strfmt's `IsDateTime`) and `duration`
//! (Go's `time.ParseDuration`, then strfmt's looser `<number> <unit>` reading).

use regex::Regex;
use std::sync::OnceLock;

/// strfmt's `IsDate`: Go's `time.Parse("2006-01-02", s)` succeeds
/// ([`crate::go::time::FULL_DATE`]).
pub(super) fn is_date(s: &str) -> bool {
    crate::go::time::parse(&crate::go::time::FULL_DATE, s).is_ok()
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
/// unit it knows (`5 minutes`, `1d`, `2 weeks`). In Go this is `ParseDuration` succeeding, but
/// [`super::parse_duration`] (what CEL reads the value with) also requires the whole text to be
/// such terms (`x 3d` passes here and fails there): the two follow different kube-openapi
/// versions, and are kept apart until which one v1.36 vendors is settled.
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
