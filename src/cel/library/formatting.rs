//! `string.format(list)` as cel-go's strings extension version 2 runs it (`ext/formatting.go`,
//! the en_US locale): the clauses `%s %d %f %e %b %x %X %o` with an optional precision, `%%`,
//! values printed as cel-go prints them (lists and maps with quoted strings, doubles in lists
//! as `%.6f`, map entries sorted, timestamps and durations as `timestamp("…")`/`duration("…")`
//! inside lists), and its error texts (`error during formatting: decimal clause can only be
//! used on integers, was given string`). [`check_format`] is cel-go's compile-time check of a
//! literal format string over a list literal.

use super::conv::{duration_text, timestamp_text};
use super::Bind::Overloads;
use super::{no_overload, Bindings};
use crate::cel::val::{Error, Ext, Key, Map, Res, Val};
use crate::field::go_float;
use crate::go::strconv::{quote, NumError, NumErrorKind};
use std::any::Any;

/// Each overload behind its type guard (`cel.UnaryBinding` and the like).
pub(super) const BINDINGS: Bindings = &[(Overloads(&["string_format"]), format_call)];

/// `f.format(args)` (cel-go's `string_format` overload).
fn format_call(args: &[Val]) -> Res {
    match args {
        [Val::String(f), Val::List(l)] => format(f, l.items())
            .map(|s| Val::String(s.into()))
            .map_err(|e| Error::text(super::error_text(e.to_string()))),
        _ => no_overload(),
    }
}

/// A value standing for a `format()` argument of a type no clause takes, known only by its type
/// (cel-go's checker refuses such an argument by the kind of its type: a schema object, a
/// library type, an optional), named as cel-go's `TypeName()` names it. For [`check_format`].
#[derive(Debug, PartialEq, Eq)]
pub struct TypeOnly(pub String);

impl Ext for TypeOnly {
    fn type_name(&self) -> &str {
        &self.0
    }

    fn equal(&self, other: &Val) -> Result<bool, Error> {
        Ok(other.as_ext::<TypeOnly>() == Some(self))
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// Why `f.format(args)` fails: cel-go's error texts (`index 1 out of range`, `could not parse
/// formatting clause: …`, `error during formatting: …`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    /// A clause past the arguments.
    #[error("index {0} out of range")]
    IndexOutOfRange(usize),
    /// A `%` at the end.
    #[error("unexpected end of string")]
    UnexpectedEnd,
    #[error("could not parse formatting clause: {0}")]
    Clause(ClauseError),
    /// A clause over an argument it does not take.
    #[error("error during formatting: {0}")]
    Value(ValueError),
}

/// A clause cel-go's `parseFormattingClause` cannot read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClauseError {
    #[error("error while parsing precision: could not find end of precision specifier")]
    PrecisionEnd,
    /// The precision's digits are no int (Go's `strconv.Atoi` error).
    #[error("error while parsing precision: error while converting precision to integer: {0}")]
    Precision(NumError),
    /// The verb, taken as a code point.
    #[error("unrecognized formatting clause \"{0}\"")]
    Unrecognized(char),
}

/// A value a clause cannot print (the `stringFormatter`'s errors).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ValueError {
    /// The clause's text of the types it takes (`decimal clause can only be used on integers`)
    /// and the type it was given.
    #[error("{takes}, was given {type_name}")]
    WrongType {
        takes: &'static str,
        type_name: String,
    },
    /// A scalar `string()` does not convert: the conversion's error text.
    #[error("could not convert argument {} to string", quote(.0))]
    NotString(String),
    /// A list or map member of a type no clause prints.
    #[error("no formatting function for {0}")]
    NoFunction(String),
}

/// `f.format(args)` (cel-go's `parseFormatString` with its `stringFormatter`); the error is
/// cel-go's.
pub fn format(f: &str, args: &[Val]) -> Result<String, FormatError> {
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
            return Err(FormatError::IndexOutOfRange(arg));
        };
        if i + 1 >= b.len() {
            return Err(FormatError::UnexpectedEnd);
        }
        let (read, clause, precision) = parse_clause(&b[i + 1..]).map_err(FormatError::Clause)?;
        let text = apply(clause, precision, val).map_err(FormatError::Value)?;
        out.extend_from_slice(text.as_bytes());
        i += 1 + read;
        arg += 1;
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// cel-go's compile-time check of a literal format string over a list literal
/// (`stringFormatValidator`): each clause against the static type of its argument (`None`:
/// not known, not checked), represented by a value of that type (a [`TypeOnly`] for a type no
/// clause takes), the format's syntax and the count of arguments; see [`validate`].
pub fn check_format(f: &str, args: &[Option<Val>]) -> Result<(), (Option<usize>, String)> {
    validate(f, args).map_err(|(at, msg)| (at, super::error_text(msg)))
}

/// cel-go's `stringFormatValidator` of `'<literal>'.format([<list literal>])` (it runs in
/// every environment of cel-go v0.26's strings extension, at compile time): the clauses in
/// order, each against the static type of its argument as [`check_format`] takes them, and
/// the format's syntax (`could not parse formatting clause: …`, `unexpected end of string`,
/// `index 1 out of range`) and the count of arguments (`too many arguments supplied to
/// string.format (expected 1, got 2)`). The error: the index of the argument it is at
/// (`None`: at the call) and the text.
pub fn validate(f: &str, args: &[Option<Val>]) -> Result<(), (Option<usize>, String)> {
    let b = f.as_bytes();
    let (mut i, mut arg) = (0, 0);
    let at_call = |e: FormatError| (None, e.to_string());
    while i < b.len() {
        if b[i] != b'%' {
            i += 1;
            continue;
        }
        if b.get(i + 1) == Some(&b'%') {
            i += 2;
            continue;
        }
        if i + 1 >= b.len() {
            return Err(at_call(FormatError::UnexpectedEnd));
        }
        let Some(val) = args.get(arg) else {
            return Err(at_call(FormatError::IndexOutOfRange(arg)));
        };
        let (read, clause, _) =
            parse_clause(&b[i + 1..]).map_err(|e| at_call(FormatError::Clause(e)))?;
        if let Some(v) = val {
            check_clause(clause, v).map_err(|e| (Some(arg), FormatError::Value(e).to_string()))?;
        }
        i += 1 + read;
        arg += 1;
    }
    if args.len() > arg {
        return Err((
            None,
            format!(
                "too many arguments supplied to string.format (expected {arg}, got {})",
                args.len()
            ),
        ));
    }
    Ok(())
}

/// Whether the clause `verb` takes an argument of `v`'s type (cel-go's `stringFormatChecker`:
/// by the kind of the type only, so `%f` and `%e` take any string as they take `NaN`; `%s`
/// looks into the elements of a list or map given by its elements).
fn check_clause(verb: u8, v: &Val) -> Result<(), ValueError> {
    use Val::*;
    let ok = match verb {
        b's' => match v {
            List(l) => return l.items().iter().try_for_each(|x| check_clause(b's', x)),
            Map(m) => {
                return m.entries().iter().try_for_each(|(k, x)| {
                    check_clause(b's', &Val::from(k))?;
                    check_clause(b's', x)
                })
            }
            Int(_) | Uint(_) | Double(_) | Bool(_) | String(_) | Timestamp(_) | Bytes(_)
            | Duration(_) | Type(_) | Null => true,
            Optional(_) | Ext(_) => false,
        },
        b'd' | b'o' => matches!(v, Int(_) | Uint(_)),
        b'f' | b'e' => matches!(v, Double(_) | String(_)),
        b'b' => matches!(v, Int(_) | Uint(_) | Bool(_)),
        _ => matches!(v, Int(_) | Uint(_) | String(_) | Bytes(_)),
    };
    if ok {
        return Ok(());
    }
    // The runtime clause over the value has the checker's text.
    apply(verb, None, v).map(|_| ())
}

/// The clause at the start of `b` (after `%`; not empty): bytes read, verb, precision
/// (cel-go's `parseFormattingClause`, `parsePrecision`).
fn parse_clause(b: &[u8]) -> Result<(usize, u8, Option<usize>), ClauseError> {
    let mut i = 0;
    let mut precision = None;
    if b[0] == b'.' {
        i = 1;
        let start = i;
        loop {
            if i >= b.len() {
                return Err(ClauseError::PrecisionEnd);
            }
            if !b[i].is_ascii_digit() {
                break;
            }
            i += 1;
        }
        let digits = std::str::from_utf8(&b[start..i]).unwrap_or("");
        precision = Some(parse_precision(digits)?);
    }
    let verb = b[i];
    match verb {
        b's' | b'd' | b'f' | b'e' | b'b' | b'x' | b'X' | b'o' => Ok((i + 1, verb, precision)),
        // cel-go names the clause by its first byte taken as a code point.
        _ => Err(ClauseError::Unrecognized(char::from(verb))),
    }
}

/// Go's `strconv.Atoi` of the precision's digits, with its error.
fn parse_precision(digits: &str) -> Result<usize, ClauseError> {
    let error = |kind| ClauseError::Precision(NumError::new("Atoi", digits, kind));
    if digits.is_empty() {
        return Err(error(NumErrorKind::Syntax));
    }
    // Atoi takes an int64; beyond it the precision is out of range.
    digits
        .parse::<i64>()
        .map(|p| p as usize)
        .map_err(|_| error(NumErrorKind::Range))
}

/// A number for `%f` and `%e`: a double, or one of the strings cel-go converts.
fn float_of(v: &Val) -> Option<f64> {
    match v {
        Val::Double(f) => Some(*f),
        Val::String(s) => match &**s {
            "NaN" => Some(f64::NAN),
            "Infinity" => Some(f64::INFINITY),
            "-Infinity" => Some(f64::NEG_INFINITY),
            _ => None,
        },
        _ => None,
    }
}

/// One clause of `verb` over `v` (the `stringFormatter`'s methods).
fn apply(verb: u8, precision: Option<usize>, v: &Val) -> Result<String, ValueError> {
    let wrong = |takes| ValueError::WrongType {
        takes,
        type_name: v.type_name().to_string(),
    };
    match verb {
        b's' => string_clause(v),
        b'd' => match v {
            Val::Int(i) => Ok(i.to_string()),
            Val::Uint(u) => Ok(u.to_string()),
            _ => Err(wrong("decimal clause can only be used on integers")),
        },
        b'f' => match float_of(v) {
            Some(f) => Ok(grouped_fixed(f, precision.unwrap_or(6))),
            None => Err(wrong("fixed-point clause can only be used on doubles")),
        },
        // cel-go builds the verb as `%<precision>e`: the precision is the printer's width
        // (spaces before the number, counted in characters), and six digits always follow
        // the point.
        b'e' => match float_of(v) {
            Some(f) => Ok(padded(go_exp(f), precision.filter(|_| f.is_finite()))),
            None => Err(wrong("scientific clause can only be used on doubles")),
        },
        b'b' => match v {
            Val::Int(i) => Ok(signed(*i, |u| format!("{u:b}"))),
            Val::Uint(u) => Ok(format!("{u:b}")),
            Val::Bool(b) => Ok(if *b { "1" } else { "0" }.into()),
            _ => Err(wrong("only integers and bools can be formatted as binary")),
        },
        b'x' | b'X' => {
            let s = match v {
                Val::String(s) => s.bytes().map(|b| format!("{b:02x}")).collect(),
                Val::Bytes(b) => b.iter().map(|b| format!("{b:02x}")).collect(),
                Val::Int(i) => signed(*i, |u| format!("{u:x}")),
                Val::Uint(u) => format!("{u:x}"),
                _ => {
                    return Err(wrong(
                        "only integers, byte buffers, and strings can be formatted as hex",
                    ));
                }
            };
            Ok(if verb == b'X' { s.to_uppercase() } else { s })
        }
        _ => match v {
            Val::Int(i) => Ok(signed(*i, |u| format!("{u:o}"))),
            Val::Uint(u) => Ok(format!("{u:o}")),
            _ => Err(wrong("octal clause can only be used on integers")),
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

/// `%.pf` as golang.org/x/text's en_US printer writes it: digits grouped by commas, `NaN`,
/// `∞` and `-∞`.
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

/// `text` with spaces before it up to `width` characters (x/text's number formatter padding).
fn padded(text: String, width: Option<usize>) -> String {
    let count = text.chars().count();
    match width {
        Some(w) if w > count => format!("{}{text}", " ".repeat(w - count)),
        _ => text,
    }
}

/// `%e` as golang.org/x/text's en_US printer writes it: `1.500000×10⁰¹` (six digits after the
/// point, the exponent in superscript digits, at least two, with `⁻` when negative).
fn go_exp(f: f64) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "+Inf" } else { "-Inf" }.into();
    }
    let s = format!("{f:.6e}");
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
fn string_clause(v: &Val) -> Result<String, ValueError> {
    match v {
        Val::List(l) => list_text(l.items()),
        Val::Map(m) => map_text(m),
        Val::Null => Ok("null".into()),
        Val::Int(_)
        | Val::Uint(_)
        | Val::Double(_)
        | Val::Bool(_)
        | Val::String(_)
        | Val::Timestamp(_)
        | Val::Bytes(_)
        | Val::Duration(_)
        | Val::Type(_) => to_string(v).map_err(|e| ValueError::NotString(e.to_string())),
        _ => Err(ValueError::WrongType {
            takes: "string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps",
            type_name: v.type_name().to_string(),
        }),
    }
}

/// cel-go's conversion of a scalar to a string (`string(x)`, [`super::conv::to_string`]; a
/// type as its name), or its error (`no such overload` naming the type, as cel-go's text has it).
fn to_string(v: &Val) -> Result<String, Error> {
    match v {
        Val::Type(name) => Ok(name.to_string()),
        _ => super::conv::to_string(v).map_err(|e| match e {
            Error::NoSuchOverload => Error::text(format!("no such overload: {}", v.type_name())),
            e => e,
        }),
    }
}

/// A list or map member as cel-go's `clauseForType` prints it, quoted for CEL
/// (`quoteForCEL`).
fn member_text(v: &Val) -> Result<String, ValueError> {
    Ok(match v {
        Val::Int(i) => i.to_string(),
        Val::Uint(u) => u.to_string(),
        Val::String(s) => quote(s),
        Val::Bytes(_) => format!("b{}", quote(&string_clause(v)?)),
        Val::Bool(_) | Val::Null | Val::Type(_) => string_clause(v)?,
        Val::Timestamp(t) => format!("timestamp({})", quote(&timestamp_text(t))),
        Val::Duration(d) => format!("duration({})", quote(&duration_text(d))),
        Val::List(l) => list_text(l.items())?,
        Val::Map(m) => map_text(m)?,
        Val::Double(f) => {
            let s = format!("{f:.6}");
            if f.is_finite() {
                s
            } else {
                quote(&go_float(*f))
            }
        }
        _ => return Err(ValueError::NoFunction(v.type_name().to_string())),
    })
}

/// cel-go's `formatList`.
fn list_text(l: &[Val]) -> Result<String, ValueError> {
    let parts: Result<Vec<String>, ValueError> = l.iter().map(member_text).collect();
    Ok(format!("[{}]", parts?.join(", ")))
}

/// cel-go's `formatMap`: the entries sorted by their keys' texts.
fn map_text(m: &Map) -> Result<String, ValueError> {
    let mut pairs = Vec::with_capacity(m.entries().len());
    for (k, v) in m.entries().iter() {
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
#[path = "formatting/tests.rs"]
mod tests;

/// A stand-in for an argument of type `name` that no `format()` clause takes, for
/// [`check_format`].
pub fn type_only(name: String) -> Val {
    Val::ext(TypeOnly(name))
}
