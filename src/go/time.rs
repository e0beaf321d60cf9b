//! `time`: durations.

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
}
