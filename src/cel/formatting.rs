//! `string.format(list)` as cel-go's strings extension version 2 runs it (`ext/formatting.go`,
//! the en_US locale): the clauses `%s %d %f %e %b %x %X %o` with an optional precision, `%%`,
//! values printed as cel-go prints them (lists and maps with quoted strings, doubles in lists
//! as `%.6f`, map entries sorted, timestamps and durations as `timestamp("…")`/`duration("…")`
//! inside lists), and its error texts (`error during formatting: decimal clause can only be
//! used on integers, was given string`).

use super::conv::{duration_text, timestamp_text, to_string};
use crate::field::go_float;
use crate::go::strconv::quote;
use kube_cel::cel::extractors::This;
use kube_cel::cel::objects::Key;
use kube_cel::cel::{Context, ExecutionError, ResolveResult, Value};
use std::sync::Arc;

/// Registers `format` over kube-cel's.
pub fn register(ctx: &mut Context<'_>) {
    ctx.add_function(
        "format",
        |This(f): This<Arc<String>>, args: Arc<Vec<Value>>| -> ResolveResult {
            format(&f, &args)
                .map(|s| Value::String(Arc::new(s)))
                .map_err(|e| ExecutionError::function_error("@text", e))
        },
    );
}

/// cel-go's name of a value's type in the format errors.
/// A value standing for a `format()` argument of a type no clause takes, known only by its type
/// (cel-go's checker refuses such an argument by the kind of its type: a schema object, a
/// library type, an optional), named as `TypeName()` names it.
#[derive(Debug, PartialEq, Eq)]
pub struct TypeOnly(pub String);

impl kube_cel::cel::objects::Opaque for TypeOnly {
    fn runtime_type_name(&self) -> &str {
        &self.0
    }
}

fn type_name(v: &Value) -> String {
    match v {
        Value::List(_) => "list".into(),
        Value::Map(_) => "map".into(),
        Value::Int(_) => "int".into(),
        Value::UInt(_) => "uint".into(),
        Value::Float(_) => "double".into(),
        Value::String(_) => "string".into(),
        Value::Bytes(_) => "bytes".into(),
        Value::Bool(_) => "bool".into(),
        Value::Null => "null_type".into(),
        Value::Timestamp(_) => "google.protobuf.Timestamp".into(),
        Value::Duration(_) => "google.protobuf.Duration".into(),
        Value::Opaque(o) => o.runtime_type_name().to_string(),
        _ => "function".into(),
    }
}

/// `f.format(args)`; the error is cel-go's text.
pub fn format(f: &str, args: &[Value]) -> Result<String, String> {
    let b = f.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(f.len());
    let (mut i, mut arg) = (0, 0);
    while i < b.len() {
        if b[i] != b'%' {
            out.push(b[i]);
            i += 1;
            continue;
        }
        if b.get(i + 1) == Some(&b'%') {
            out.push(b'%');
            i += 2;
            continue;
        }
        let Some(val) = args.get(arg) else {
            return Err(format!("index {arg} out of range"));
        };
        if i + 1 >= b.len() {
            return Err("unexpected end of string".into());
        }
        let (read, clause, precision) = parse_clause(&b[i + 1..])
            .map_err(|e| format!("could not parse formatting clause: {e}"))?;
        let text =
            apply(clause, precision, val).map_err(|e| format!("error during formatting: {e}"))?;
        out.extend_from_slice(text.as_bytes());
        i += 1 + read;
        arg += 1;
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// cel-go's compile-time check of a literal format string over a list literal: each clause
/// against the static type of its argument (`None`: not known, not checked), represented by a
/// value of that type. The error: the index of the argument and the text.
pub fn check_static(f: &str, args: &[Option<Value>]) -> Result<(), (usize, String)> {
    let b = f.as_bytes();
    let (mut i, mut arg) = (0, 0);
    while i < b.len() {
        if b[i] != b'%' {
            i += 1;
            continue;
        }
        if b.get(i + 1) == Some(&b'%') {
            i += 2;
            continue;
        }
        let Some(val) = args.get(arg) else {
            return Ok(());
        };
        let Ok((read, clause, precision)) = parse_clause(&b[i + 1..]) else {
            return Ok(());
        };
        if let Some(v) = val {
            apply(clause, precision, v)
                .map_err(|e| (arg, format!("error during formatting: {e}")))?;
        }
        i += 1 + read;
        arg += 1;
    }
    Ok(())
}

/// The clause at the start of `b` (after `%`): bytes read, verb, precision.
fn parse_clause(b: &[u8]) -> Result<(usize, u8, Option<usize>), String> {
    let mut i = 0;
    let mut precision = None;
    if b[0] == b'.' {
        i = 1;
        let start = i;
        loop {
            if i >= b.len() {
                return Err(
                    "error while parsing precision: could not find end of precision specifier"
                        .into(),
                );
            }
            if !b[i].is_ascii_digit() {
                break;
            }
            i += 1;
        }
        let digits = std::str::from_utf8(&b[start..i]).unwrap_or("");
        precision = Some(digits.parse::<usize>().map_err(|_| {
            format!("error while parsing precision: error while converting precision to integer: strconv.Atoi: parsing {}: invalid syntax", quote(digits))
        })?);
    }
    let verb = b[i];
    match verb {
        b's' | b'd' | b'f' | b'e' | b'b' | b'x' | b'X' | b'o' => Ok((i + 1, verb, precision)),
        _ => {
            let c = std::str::from_utf8(&b[i..])
                .ok()
                .and_then(|s| s.chars().next())
                .unwrap_or(char::from(verb));
            Err(format!("unrecognized formatting clause \"{c}\""))
        }
    }
}

fn apply(verb: u8, precision: Option<usize>, v: &Value) -> Result<String, String> {
    let special = |v: &Value| match v {
        Value::Float(f) => Some(*f),
        Value::String(s) => match s.as_str() {
            "NaN" => Some(f64::NAN),
            "Infinity" => Some(f64::INFINITY),
            "-Infinity" => Some(f64::NEG_INFINITY),
            _ => None,
        },
        _ => None,
    };
    let p = precision.unwrap_or(6);
    match verb {
        b's' => string_clause(v),
        b'd' => match v {
            Value::Int(i) => Ok(i.to_string()),
            Value::UInt(u) => Ok(u.to_string()),
            _ => Err(format!(
                "decimal clause can only be used on integers, was given {}",
                type_name(v)
            )),
        },
        b'f' => match special(v) {
            Some(f) => Ok(grouped_fixed(f, p)),
            None => Err(format!(
                "fixed-point clause can only be used on doubles, was given {}",
                type_name(v)
            )),
        },
        // cel-go builds the verb as `%<precision>e`: the precision is the printer's width
        // (spaces before the number, counted in characters), and six digits always follow
        // the point.
        b'e' => match special(v) {
            Some(f) => Ok(padded(go_exp(f, 6), precision.filter(|_| f.is_finite()))),
            None => Err(format!(
                "scientific clause can only be used on doubles, was given {}",
                type_name(v)
            )),
        },
        b'b' => match v {
            Value::Int(i) => Ok(signed(*i, |u| format!("{u:b}"))),
            Value::UInt(u) => Ok(format!("{u:b}")),
            Value::Bool(b) => Ok(if *b { "1" } else { "0" }.into()),
            _ => Err(format!(
                "only integers and bools can be formatted as binary, was given {}",
                type_name(v)
            )),
        },
        b'x' | b'X' => {
            let s = match v {
                Value::String(s) => s.bytes().map(|b| format!("{b:02x}")).collect(),
                Value::Bytes(b) => b.iter().map(|b| format!("{b:02x}")).collect(),
                Value::Int(i) => signed(*i, |u| format!("{u:x}")),
                Value::UInt(u) => format!("{u:x}"),
                _ => {
                    return Err(format!("only integers, byte buffers, and strings can be formatted as hex, was given {}", type_name(v)));
                }
            };
            Ok(if verb == b'X' { s.to_uppercase() } else { s })
        }
        _ => match v {
            Value::Int(i) => Ok(signed(*i, |u| format!("{u:o}"))),
            Value::UInt(u) => Ok(format!("{u:o}")),
            _ => Err(format!(
                "octal clause can only be used on integers, was given {}",
                type_name(v)
            )),
        },
    }
}

/// Go's `%b`/`%x`/`%o` of an int64: the magnitude with a minus sign.
fn signed(i: i64, f: impl Fn(u64) -> String) -> String {
    if i < 0 {
        format!("-{}", f(i.unsigned_abs()))
    } else {
        f(i as u64)
    }
}

/// `%.pf` as golang.org/x/text's en_US printer writes it: digits grouped by commas.
fn grouped_fixed(f: f64, p: usize) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "∞".into() } else { "-∞".into() };
    }
    let s = format!("{:.*}", p, f.abs());
    let (int, frac) = match s.split_once('.') {
        Some((a, b)) => (a, Some(b)),
        None => (s.as_str(), None),
    };
    let mut out = String::new();
    if f.is_sign_negative() && s.bytes().any(|c| c.is_ascii_digit() && c != b'0') {
        out.push('-');
    }
    for (k, c) in int.chars().enumerate() {
        if k > 0 && (int.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if let Some(frac) = frac {
        out.push('.');
        out.push_str(frac);
    }
    out
}

/// `%.pe` as golang.org/x/text's en_US printer writes it: `1.500000×10⁰¹` (the exponent in
/// superscript digits, at least two, with `⁻` when negative).
/// `text` with spaces before it up to `width` characters (x/text's number formatter padding).
fn padded(text: String, width: Option<usize>) -> String {
    let count = text.chars().count();
    match width {
        Some(w) if w > count => format!("{}{text}", " ".repeat(w - count)),
        _ => text,
    }
}

fn go_exp(f: f64, p: usize) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 {
            "+Inf".into()
        } else {
            "-Inf".into()
        };
    }
    let s = format!("{:.*e}", p, f);
    let Some((m, e)) = s.split_once('e') else {
        return s;
    };
    let e: i32 = e.parse().unwrap_or(0);
    const SUP: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let digits: String = format!("{:02}", e.abs())
        .bytes()
        .map(|d| SUP[usize::from(d - b'0')])
        .collect();
    let sign = if e < 0 { "⁻" } else { "" };
    // Up to 1.32 the printer puts narrow no-break spaces around `×` (`crate::versions`).
    let times = match crate::versions::current().exponent_without_spaces {
        true => "×",
        false => "\u{202f}×\u{202f}",
    };
    format!("{m}{times}10{sign}{digits}")
}

/// `%s` (cel-go's `FormatString`).
fn string_clause(v: &Value) -> Result<String, String> {
    match v {
        Value::List(l) => list_text(l),
        Value::Map(m) => map_text(m),
        Value::Null => Ok("null".into()),
        Value::Int(_)
        | Value::UInt(_)
        | Value::Float(_)
        | Value::Bool(_)
        | Value::String(_)
        | Value::Timestamp(_)
        | Value::Bytes(_)
        | Value::Duration(_) => to_string(v).map_err(|_| {
            format!(
                "could not convert argument {} to string",
                quote(&type_name(v))
            )
        }),
        _ => Err(format!("string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given {}", type_name(v))),
    }
}

/// A list or map member as cel-go's `clauseForType` prints it, quoted for CEL.
fn member_text(v: &Value) -> Result<String, String> {
    Ok(match v {
        Value::Int(i) => i.to_string(),
        Value::UInt(u) => u.to_string(),
        Value::String(s) => quote(s),
        Value::Bytes(_) => format!("b{}", quote(&string_clause(v)?)),
        Value::Bool(_) | Value::Null => string_clause(v)?,
        Value::Timestamp(t) => format!("timestamp({})", quote(&timestamp_text(t))),
        Value::Duration(d) => format!("duration({})", quote(&duration_text(d))),
        Value::List(l) => list_text(l)?,
        Value::Map(m) => map_text(m)?,
        Value::Float(f) => {
            let s = format!("{f:.6}");
            if f.is_finite() {
                s
            } else {
                quote(&go_float(*f))
            }
        }
        _ => return Err(format!("no formatting function for {}", type_name(v))),
    })
}

fn list_text(l: &[Value]) -> Result<String, String> {
    let parts: Result<Vec<String>, String> = l.iter().map(member_text).collect();
    Ok(format!("[{}]", parts?.join(", ")))
}

fn map_text(m: &kube_cel::cel::objects::Map) -> Result<String, String> {
    let mut pairs = Vec::with_capacity(m.map.len());
    for (k, v) in m.map.iter() {
        let key = match k {
            Key::String(s) => quote(s),
            Key::Bool(b) => b.to_string(),
            Key::Int(i) => i.to_string(),
            Key::Uint(u) => u.to_string(),
        };
        pairs.push((key, member_text(v)?));
    }
    pairs.sort_by(|a, b| a.0.cmp(&b.0));
    let parts: Vec<String> = pairs.into_iter().map(|(k, v)| format!("{k}:{v}")).collect();
    Ok(format!("{{{}}}", parts.join(", ")))
}

#[cfg(test)]
mod scientific_tests {
    use super::*;

    /// cel-go v0.26's `%e` (`ext/formatting.go` `Scientific`): `fmt.Sprintf("%%%de", precision)`
    /// makes the precision a width, so six digits always follow the point and a precision
    /// wider than the number pads it with spaces (x/text's printer counts characters).
    #[test]
    fn scientific_precision_is_a_width() {
        let run = |f: &str, x: f64| format(f, &[Value::Float(x)]).unwrap();
        assert_eq!(run("%e", -3.0), "-3.000000×10⁰⁰");
        assert_eq!(run("%.3e", -3.0), "-3.000000×10⁰⁰");
        assert_eq!(run("%.0e", 1234.5678), "1.234568×10⁰³");
        assert_eq!(run("%.16e", 1.0), "   1.000000×10⁰⁰");
        assert_eq!(run("%.2e", 0.000123), "1.230000×10⁻⁰⁴");
    }
}
