//! YAML 1.1 scalar resolution, as kubectl and the apiserver read YAML (sigs.k8s.io/yaml on
//! go-yaml v2): plain `yes`/`no`/`on`/`off`/`y`/`n` are booleans, `0755` is octal, `1_000` is an
//! integer, `~`/`null`/`Null`/`NULL`/empty are null; timestamps stay strings.
//!
//! Rules (go-yaml v2 `resolve`): quoted and block scalars are strings unless tagged. A plain
//! scalar is looked up in the table of booleans, nulls, `.inf`/`.nan` and `<<`; then, when it
//! starts with a digit or sign, underscores are removed and it is read as a Go integer literal
//! (decimal, `0` octal, `0x`, `0o`, `0b`; within i64, else u64), else as a float when it matches
//! `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`; when it starts with `.`, as a float.
//! Floats out of range stay strings. A core tag (`!!int`, `!!bool`...) forces that type (and
//! fails when the text does not fit it); `!!str`, `!!binary`, `!!timestamp` and other tags give
//! strings.

pub(crate) mod style;
#[cfg(test)]
mod tests;

pub use style::string_style;

use super::read::decode::DecodeError;
use super::{Scalar, ScalarStyle};

/// What a scalar means to a YAML 1.1 reader.
#[derive(Clone, Debug, PartialEq)]
pub enum Resolved {
    Null,
    Bool(bool),
    Int(i64),
    /// An integer above i64::MAX that fits u64 (kept as its decimal digits). Integers beyond
    /// u64 (or below i64::MIN) resolve as [`Resolved::Float`], as go-yaml reads them.
    BigInt(String),
    Float(f64),
    Str,
}

/// The string a scalar that resolves to one means: its text, or for a `!!binary` scalar the
/// bytes its base64 decodes to (go-yaml v2 resolves it to `string(bytes)`, which JSON then
/// writes with U+FFFD for invalid UTF-8). What the JSON conversion and validation both read.
pub fn string_text(s: &Scalar) -> std::borrow::Cow<'_, str> {
    let binary = matches!(s.tag(), Some("!!binary" | "!<tag:yaml.org,2002:binary>"));
    match binary
        .then(|| super::read::decode::base64(&s.value))
        .flatten()
    {
        Some(bytes) => std::borrow::Cow::Owned(String::from_utf8_lossy(&bytes).into_owned()),
        None => std::borrow::Cow::Borrowed(&s.value),
    }
}

/// Resolves a scalar the YAML 1.1 way. A core tag that does not fit the text (`!!int abc`) is
/// read as a string here; [`resolve_checked`] reports it.
pub fn resolve(s: &Scalar) -> Resolved {
    resolve_checked(s).unwrap_or(Resolved::Str)
}

/// Whether `s` resolves to null. An untagged scalar is null only when plain and written as
/// one of YAML 1.1's nulls: what else it would resolve to (a number, parsed) is not looked at.
pub fn is_null(s: &Scalar) -> bool {
    match (&s.tag(), s.style) {
        (None, ScalarStyle::Plain) => is_plain_null(&s.value),
        (None, _) => false,
        (Some(_), _) => resolve(s) == Resolved::Null,
    }
}

/// The plain scalars go-yaml v2 reads as null.
fn is_plain_null(v: &str) -> bool {
    matches!(v, "" | "~" | "null" | "Null" | "NULL")
}

pub fn is_string(s: &Scalar) -> bool {
    resolve(s) == Resolved::Str
}

/// Resolves a scalar; fails (with go-yaml's message) when a core tag does not fit the text.
/// Inlined where it is called: an untagged scalar (most) is a string when quoted, a call for
/// its text when plain.
#[inline]
pub fn resolve_checked(s: &Scalar) -> Result<Resolved, DecodeError> {
    match s.tag() {
        None if s.style == ScalarStyle::Plain => Ok(resolve_plain(&s.value)),
        None => Ok(Resolved::Str),
        Some(tag) => resolve_tagged(s, tag),
    }
}

/// [`resolve_checked`] for a scalar with a tag.
fn resolve_tagged(s: &Scalar, tag: &str) -> Result<Resolved, DecodeError> {
    // The suffix after the `!!` handle, or of the verbatim form: `!!!!int` is the tag
    // `tag:yaml.org,2002:!!int`, which go-yaml does not resolve.
    let suffix = tag
        .strip_prefix("!<tag:yaml.org,2002:")
        .and_then(|r| r.strip_suffix('>'))
        .or_else(|| tag.strip_prefix("!!"));
    let want = match suffix {
        Some(core @ ("null" | "bool" | "int" | "float")) => core,
        _ => return Ok(Resolved::Str),
    };
    let got = resolve_plain(&s.value);
    match (&got, want) {
        (Resolved::Null, "null") | (Resolved::Bool(_), "bool") => Ok(got),
        (Resolved::Int(_) | Resolved::BigInt(_), "int") | (Resolved::Float(_), "float") => Ok(got),
        (Resolved::Int(i), "float") => Ok(Resolved::Float(*i as f64)),
        (Resolved::BigInt(b), "float") => Ok(Resolved::Float(b.parse().unwrap_or(f64::NAN))),
        _ => Err(DecodeError::Tag {
            found: type_name(&got),
            value: s.value.clone(),
            tag: format!("!!{want}"),
        }),
    }
}

fn type_name(r: &Resolved) -> &'static str {
    match r {
        Resolved::Null => "null",
        Resolved::Bool(_) => "bool",
        Resolved::Int(_) | Resolved::BigInt(_) => "int",
        Resolved::Float(_) => "float",
        Resolved::Str => "str",
    }
}

/// What go-yaml v2 makes of an untagged plain scalar.
pub fn resolve_plain(v: &str) -> Resolved {
    if is_plain_null(v) {
        return Resolved::Null;
    }
    match v {
        "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => {
            return Resolved::Bool(true)
        }
        "n" | "N" | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => {
            return Resolved::Bool(false)
        }
        ".nan" | ".NaN" | ".NAN" => return Resolved::Float(f64::NAN),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => {
            return Resolved::Float(f64::INFINITY)
        }
        "-.inf" | "-.Inf" | "-.INF" => return Resolved::Float(f64::NEG_INFINITY),
        _ => {}
    }
    match v.as_bytes()[0] {
        b'.' => parse_float(v).map_or(Resolved::Str, Resolved::Float),
        b'0'..=b'9' | b'+' | b'-' => resolve_number(v),
        _ => Resolved::Str,
    }
}

/// Numbers starting with a digit or sign: Go integer literal, else YAML-style float.
fn resolve_number(v: &str) -> Resolved {
    if let Some(i) = short_decimal(v.as_bytes()) {
        return Resolved::Int(i);
    }
    let owned;
    let plain = if v.as_bytes().contains(&b'_') {
        owned = v.replace('_', "");
        owned.as_str()
    } else {
        v
    };
    match go_parse_int(plain) {
        Some(GoInt::Signed(i)) => return Resolved::Int(i),
        Some(GoInt::Unsigned(u)) => return Resolved::BigInt(u.to_string()),
        None => {}
    }
    if is_yaml_style_float(plain) {
        if let Some(f) = parse_float(plain) {
            return Resolved::Float(f);
        }
    }
    Resolved::Str
}

/// Most numbers: a decimal of at most 18 digits without a leading zero (or `0`), optionally
/// negative, which Go's `ParseInt` with base 0 reads as that int64 (no base prefix, no
/// underscore, within range), read without the general path.
fn short_decimal(b: &[u8]) -> Option<i64> {
    let (negative, digits) = match b {
        [b'-', rest @ ..] => (true, rest),
        _ => (false, b),
    };
    if digits.is_empty() || digits.len() > 18 || (digits[0] == b'0' && digits.len() > 1) {
        return None;
    }
    let mut n: i64 = 0;
    for &c in digits {
        if !c.is_ascii_digit() {
            return None;
        }
        n = n * 10 + i64::from(c - b'0');
    }
    Some(if negative { -n } else { n })
}

/// A Go `strconv.ParseFloat` of a YAML-style float: fails when out of range.
fn parse_float(s: &str) -> Option<f64> {
    let f: f64 = s.parse().ok()?;
    f.is_finite().then_some(f)
}

/// `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`
fn is_yaml_style_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    let digits = |i: &mut usize| {
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i - start
    };
    if b.get(i) == Some(&b'.') {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    } else {
        if digits(&mut i) == 0 {
            return false;
        }
        if b.get(i) == Some(&b'.') {
            i += 1;
            digits(&mut i);
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

/// An integer read by Go's `strconv.ParseInt(s, 0, 64)`, else `ParseUint(s, 0, 64)`.
#[derive(Debug, PartialEq)]
pub(crate) enum GoInt {
    Signed(i64),
    Unsigned(u64),
}

/// Go's base-0 integer syntax: optional sign (ParseInt only), then `0x`/`0X` hex, `0o`/`0O` or a
/// leading `0` octal, `0b`/`0B` binary, or decimal. Underscores were removed by the caller.
pub(crate) fn go_parse_int(s: &str) -> Option<GoInt> {
    let (neg, signed, body) = match s.as_bytes().first()? {
        b'-' => (true, true, &s[1..]),
        b'+' => (false, true, &s[1..]),
        _ => (false, false, s),
    };
    let lower = body.get(..2).map(str::to_ascii_lowercase);
    let (radix, digits) = match lower.as_deref() {
        Some("0x") => (16, &body[2..]),
        Some("0o") => (8, &body[2..]),
        Some("0b") => (2, &body[2..]),
        _ if body.len() > 1 && body.starts_with('0') => (8, &body[1..]),
        _ => (10, body),
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    let mag = u64::from_str_radix(digits, radix).ok()?;
    if neg {
        if mag <= i64::MAX as u64 + 1 {
            return Some(GoInt::Signed((mag as i64).wrapping_neg()));
        }
        return None;
    }
    match i64::try_from(mag) {
        Ok(i) => Some(GoInt::Signed(i)),
        Err(_) if !signed => Some(GoInt::Unsigned(mag)),
        Err(_) => None,
    }
}
