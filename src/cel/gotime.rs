//! Go's duration parsing, which CEL's `duration()` (Go's `time.ParseDuration`) and the
//! `format: duration` conversion (kube-openapi's `strfmt.ParseDuration`, which also accepts
//! `3d`, `1 week`, …) follow; the cel crate's own parser accepts other strings.

/// Nanoseconds per unit of Go's `time.ParseDuration`.
fn go_unit(u: &str) -> Option<u64> {
    Some(match u {
        "ns" => 1,
        "us" | "µs" | "μs" => 1_000,
        "ms" => 1_000_000,
        "s" => 1_000_000_000,
        "m" => 60_000_000_000,
        "h" => 3_600_000_000_000,
        _ => return None,
    })
}

/// Go's `time.ParseDuration`: `[-+]?([0-9]*(\.[0-9]*)?[a-z]+)+`, or `0`; `None` when invalid
/// or out of the int64 nanosecond range.
pub fn parse_go_duration(s: &str) -> Option<i64> {
    let (neg, mut rest) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if rest == "0" {
        return Some(0);
    }
    if rest.is_empty() {
        return None;
    }
    let mut total: u128 = 0;
    while !rest.is_empty() {
        let int_end = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        let (int_part, after) = rest.split_at(int_end);
        let (frac_part, after) = match after.strip_prefix('.') {
            Some(a) => {
                let end = a.find(|c: char| !c.is_ascii_digit()).unwrap_or(a.len());
                a.split_at(end)
            }
            None => ("", after),
        };
        if int_part.is_empty() && frac_part.is_empty() {
            return None;
        }
        let unit_end = after
            .find(|c: char| c == '.' || c.is_ascii_digit())
            .unwrap_or(after.len());
        let (unit, next) = after.split_at(unit_end);
        let scale = u128::from(go_unit(unit)?);
        let whole: u128 = if int_part.is_empty() {
            0
        } else {
            int_part.parse().ok()?
        };
        let mut value = whole.checked_mul(scale)?;
        let mut div = 1u128;
        for d in frac_part.bytes().take(30) {
            div *= 10;
            value += u128::from(d - b'0') * scale / div;
        }
        total = total.checked_add(value)?;
        if total > 1u128 << 63 {
            return None;
        }
        rest = next;
    }
    match (neg, total) {
        (true, t) => Some((t as i128).wrapping_neg() as i64),
        (false, t) if t < 1u128 << 63 => Some(t as i64),
        _ => None,
    }
}

/// kube-openapi's `strfmt.ParseDuration`: Go's form first, else every `<digits> <unit>` found
/// with its long units (`d`, `day`, `w`, `week`, `sec`, …) summed; `None` when none is found.
pub fn parse_strfmt_duration(s: &str) -> Option<i64> {
    if let Some(d) = parse_go_duration(s) {
        return Some(d);
    }
    let mut total: i64 = 0;
    let mut found = false;
    let mut rest = s;
    while let Some(start) = rest.find(|c: char| c.is_ascii_digit()) {
        let r = &rest[start..];
        let digits_end = r.find(|c: char| !c.is_ascii_digit()).unwrap_or(r.len());
        let (digits, after) = r.split_at(digits_end);
        let trimmed = after.trim_start_matches(char::is_whitespace);
        let unit_end = trimmed
            .find(|c: char| !(c.is_ascii_alphabetic() || c == 'µ'))
            .unwrap_or(trimmed.len());
        let unit = trimmed[..unit_end].to_lowercase();
        rest = &trimmed[unit_end..];
        if unit.is_empty() {
            continue;
        }
        let factor: i64 = digits.parse().ok()?;
        if let Some(m) = strfmt_unit(&unit) {
            found = true;
            total = total.wrapping_add(factor.wrapping_mul(m));
        }
    }
    found.then_some(total)
}

fn strfmt_unit(u: &str) -> Option<i64> {
    Some(match u {
        "ns" | "nano" => 1,
        "us" | "µs" | "micro" => 1_000,
        "ms" | "milli" => 1_000_000,
        "s" | "sec" => 1_000_000_000,
        "m" | "min" => 60_000_000_000,
        "h" | "hr" | "hour" => 3_600_000_000_000,
        "d" | "day" => 86_400_000_000_000,
        "w" | "wk" | "week" => 604_800_000_000_000,
        _ => return None,
    })
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
    }
}
