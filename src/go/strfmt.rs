//! The string formats the apiserver checks in CRD schemas (kube-openapi's `strfmt` registry,
//! limited to the formats the apiserver supports for CRDs at v1.36), each with the check Go's
//! implementation makes: `date-time`, `date`, `duration`, `byte`, `uuid`, `ipv4`, `cidr`, ...

mod net;
#[cfg(test)]
mod tests;
mod time;

use regex::Regex;
use std::sync::OnceLock;

/// A checked string format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    BsonObjectId,
    Uri,
    Email,
    Hostname,
    Ipv4,
    Ipv6,
    Cidr,
    Mac,
    Uuid,
    Uuid3,
    Uuid4,
    Uuid5,
    Isbn,
    Isbn10,
    Isbn13,
    CreditCard,
    Ssn,
    HexColor,
    RgbColor,
    Byte,
    Password,
    Date,
    Duration,
    DateTime,
    K8sShortName,
    K8sLongName,
}

impl Format {
    /// The format of a (dash-less) name, if the apiserver checks it.
    pub fn parse(normalized: &str) -> Option<Format> {
        use Format::*;
        Some(match normalized {
            "bsonobjectid" => BsonObjectId,
            "uri" => Uri,
            "email" => Email,
            "hostname" => Hostname,
            "ipv4" => Ipv4,
            "ipv6" => Ipv6,
            "cidr" => Cidr,
            "mac" => Mac,
            "uuid" => Uuid,
            "uuid3" => Uuid3,
            "uuid4" => Uuid4,
            "uuid5" => Uuid5,
            "isbn" => Isbn,
            "isbn10" => Isbn10,
            "isbn13" => Isbn13,
            "creditcard" => CreditCard,
            "ssn" => Ssn,
            "hexcolor" => HexColor,
            "rgbcolor" => RgbColor,
            "byte" => Byte,
            "password" => Password,
            "date" => Date,
            "duration" => Duration,
            "datetime" => DateTime,
            "k8sshortname" => K8sShortName,
            "k8slongname" => K8sLongName,
            _ => return None,
        })
    }

    /// `k8s-short-name` or `k8s-long-name` (checked from Kubernetes 1.35: the versions table).
    pub fn is_k8s_name(self) -> bool {
        matches!(self, Format::K8sShortName | Format::K8sLongName)
    }

    /// Whether `s` is valid in this format.
    pub fn validates(self, s: &str) -> bool {
        use Format::*;
        match self {
            BsonObjectId => s.len() == 24 && s.bytes().all(|b| b.is_ascii_hexdigit()),
            Uri => net::is_request_uri(s),
            Email => net::is_email(s),
            Hostname => net::is_hostname(s),
            Ipv4 => net::is_ipv4(s),
            Ipv6 => net::is_ipv6(s),
            Cidr => net::is_cidr(s),
            Mac => net::is_mac(s),
            Uuid | Uuid3 | Uuid4 | Uuid5 => is_uuid(self, s),
            Isbn => is_isbn10(s) || is_isbn13(s),
            Isbn10 => is_isbn10(s),
            Isbn13 => is_isbn13(s),
            CreditCard => is_credit_card(s),
            Ssn => s.len() == 11 && fixed(SSN).is_match(s),
            HexColor => fixed(HEX_COLOR).is_match(s),
            RgbColor => fixed(RGB_COLOR).is_match(s),
            Byte => fixed(BASE64).is_match(s),
            Password => true,
            Date => time::is_date(s),
            Duration => parse_duration(s).is_some(),
            DateTime => time::is_date_time(s),
            K8sShortName => is_k8s_short_name(s),
            K8sLongName => s.len() <= 253 && s.split('.').all(is_k8s_short_name_segment),
        }
    }
}

/// kube-openapi's `strfmt.ParseDuration` (the same at v1.32 to v1.36): Go's
/// `time.ParseDuration` first; else every `(\d+)\s*([A-Za-zµ]+)` found anywhere in the text
/// (Go's ASCII `\d` and `\s`; what lies between the terms does not matter, so `x 3d` is three
/// days) whose unit, lowercased, is a unit's name, or starts with the longest name of its unit
/// (`days`, `weeks`, `nanos`), adds `digits × unit`, wrapping as Go's `time.Duration` does;
/// `None` when no term has a known unit, or a term's number is beyond `int64` (`strconv.Atoi`).
/// strfmt's `IsDuration` is this succeeding.
pub fn parse_duration(s: &str) -> Option<i64> {
    if let Some(d) = crate::go::time::parse_duration(s) {
        return Some(d);
    }
    static TERM: OnceLock<Regex> = OnceLock::new();
    // `((\d+)\s*([A-Za-zµ]+))` with Go's ASCII classes, written for the `regex` crate.
    let term = TERM
        .get_or_init(|| Regex::new(r"([0-9]+)[\t\n\x0C\r ]*([A-Za-zµ]+)").expect("fixed pattern"));
    let mut total: i64 = 0;
    let mut found = false;
    for m in term.captures_iter(s) {
        let factor: i64 = m[1].parse().ok()?;
        let unit = m[2].to_lowercase();
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

const SSN: usize = 0;
const HEX_COLOR: usize = 1;
const RGB_COLOR: usize = 2;
const BASE64: usize = 3;
const UUID: usize = 4;

/// The fixed patterns of the registry's checks (Go syntax), compiled once.
const PATTERNS: [&str; 8] = [
    r"^\d{3}[- ]?\d{2}[- ]?\d{4}$",
    r"^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$",
    r"^rgb\(\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*,\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*,\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*\)$",
    r"^(?:[A-Za-z0-9+\/]{4})*(?:[A-Za-z0-9+\/]{2}==|[A-Za-z0-9+\/]{3}=|[A-Za-z0-9+\/]{4})$",
    r"(?i)^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$",
    r"(?i)^[0-9a-f]{8}-?[0-9a-f]{4}-?3[0-9a-f]{3}-?[0-9a-f]{4}-?[0-9a-f]{12}$",
    r"(?i)^[0-9a-f]{8}-?[0-9a-f]{4}-?4[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$",
    r"(?i)^[0-9a-f]{8}-?[0-9a-f]{4}-?5[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$",
];

fn fixed(i: usize) -> &'static Regex {
    static COMPILED: OnceLock<Vec<Regex>> = OnceLock::new();
    &COMPILED.get_or_init(|| {
        PATTERNS
            .iter()
            .map(|p| crate::go::regexp::compile(p).expect("fixed pattern"))
            .collect()
    })[i]
}

fn is_uuid(f: Format, s: &str) -> bool {
    let i = match f {
        Format::Uuid3 => UUID + 1,
        Format::Uuid4 => UUID + 2,
        Format::Uuid5 => UUID + 3,
        _ => UUID,
    };
    fixed(i).is_match(s)
}

/// govalidator's ISBN sanitizing: whitespace (Go's ASCII `\s`) and dashes removed.
fn isbn_digits(s: &str) -> Vec<u8> {
    s.bytes()
        .filter(|b| !matches!(b, b'\t' | b'\n' | b'\x0c' | b'\r' | b' ' | b'-'))
        .collect()
}

fn is_isbn10(s: &str) -> bool {
    let d = isbn_digits(s);
    let shape = d.len() == 10
        && d[..9].iter().all(u8::is_ascii_digit)
        && (d[9].is_ascii_digit() || d[9] == b'X');
    if !shape {
        return false;
    }
    let mut sum: u32 = (0..9)
        .map(|i| (i as u32 + 1) * u32::from(d[i] - b'0'))
        .sum();
    sum += 10
        * if d[9] == b'X' {
            10
        } else {
            u32::from(d[9] - b'0')
        };
    sum.is_multiple_of(11)
}

fn is_isbn13(s: &str) -> bool {
    let d = isbn_digits(s);
    if d.len() != 13 || !d.iter().all(u8::is_ascii_digit) {
        return false;
    }
    let sum: u32 = (0..12)
        .map(|i| [1, 3][i % 2] * u32::from(d[i] - b'0'))
        .sum();
    u32::from(d[12] - b'0') == (10 - sum % 10) % 10
}

/// govalidator's credit card check: the digits (everything else dropped) match one of the known
/// number shapes and pass Luhn's checksum.
fn is_credit_card(s: &str) -> bool {
    const SHAPES: &str = r"^(?:4[0-9]{12}(?:[0-9]{3})?|5[1-5][0-9]{14}|6(?:011|5[0-9][0-9])[0-9]{12}|3[47][0-9]{13}|3(?:0[0-5]|[68][0-9])[0-9]{11}|(?:2131|1800|35\d{3})\d{11})$";
    static SHAPE: OnceLock<Regex> = OnceLock::new();
    let digits: String = s.chars().filter(char::is_ascii_digit).collect();
    let shape = SHAPE.get_or_init(|| crate::go::regexp::compile(SHAPES).expect("fixed pattern"));
    if !shape.is_match(&digits) {
        return false;
    }
    let mut sum = 0;
    for (i, b) in digits.bytes().rev().enumerate() {
        let mut n = u32::from(b - b'0');
        if i % 2 == 1 {
            n *= 2;
            if n >= 10 {
                n = n % 10 + 1;
            }
        }
        sum += n;
    }
    sum % 10 == 0
}

/// `[a-z0-9]([-a-z0-9]*[a-z0-9])?`, at most 63 characters.
fn is_k8s_short_name(s: &str) -> bool {
    s.len() <= 63 && is_k8s_short_name_segment(s)
}

fn is_k8s_short_name_segment(s: &str) -> bool {
    let b = s.as_bytes();
    let alnum = |c: &u8| c.is_ascii_lowercase() || c.is_ascii_digit();
    !b.is_empty()
        && alnum(&b[0])
        && alnum(&b[b.len() - 1])
        && b.iter().all(|c| alnum(c) || *c == b'-')
}
