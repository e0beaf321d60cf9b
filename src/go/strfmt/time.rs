//! `date` (Go's `time.Parse("2006-01-02")`) and `date-time` (strfmt's `IsDateTime`); `duration`
//! is [`super::parse_duration`] succeeding.

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
