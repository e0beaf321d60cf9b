//! Character classes and escapes of Go's regexp syntax: `[...]` with ranges, POSIX names,
//! Perl classes (`\d`, ASCII in Go) and Unicode classes (`\pL`, `\p{Greek}`), and the escapes of
//! single characters (`\n`, `\x41`, `\x{263a}`, octal `\101`, escaped punctuation).

use super::{
    error, push_literal, GoRegexError, INVALID_ESCAPE, INVALID_RANGE, MISSING_BRACKET,
    TRAILING_BACKSLASH,
};

/// A Perl class escape in the `regex` crate's syntax, as Go defines it (ASCII only; `\s`
/// without `\v`), standalone or as the inside of a class.
fn perl_class(c: char, in_class: bool) -> Option<&'static str> {
    Some(match (c, in_class) {
        ('d', false) => "[0-9]",
        ('d', true) => "0-9",
        ('D', _) => "[^0-9]",
        ('s', false) => "[\\t\\n\\x0C\\r ]",
        ('s', true) => "\\t\\n\\x0C\\r\\x20",
        ('S', _) => "[^\\t\\n\\x0C\\r ]",
        ('w', false) => "[0-9A-Za-z_]",
        ('w', true) => "0-9A-Za-z_",
        ('W', _) => "[^0-9A-Za-z_]",
        _ => return None,
    })
}

/// The general categories Go knows by their short names (and `LC`), plus its special names.
const CATEGORIES: &[&str] = &[
    "C", "Cc", "Cf", "Co", "Cs", "L", "Ll", "Lm", "Lo", "Lt", "Lu", "M", "Mc", "Me", "Mn", "N",
    "Nd", "Nl", "No", "P", "Pc", "Pd", "Pe", "Pf", "Pi", "Po", "Ps", "S", "Sc", "Sk", "Sm", "So",
    "Z", "Zl", "Zp", "Zs", "LC", "Any", "Assigned", "ASCII",
];

/// `\pN`, `\p{Name}`, `\PN`, `\P{^Name}` at the start of `s` (which starts with `\p` or `\P`):
/// the class in the `regex` crate's syntax and the rest.
fn unicode_class(s: &str) -> Result<(String, &str), GoRegexError> {
    let negated = s.as_bytes()[1] == b'P';
    let (seq, name, rest) = match s[2..].chars().next() {
        None => return Err(error(INVALID_RANGE, s)),
        Some('{') => {
            let Some(end) = s.find('}') else {
                return Err(error(INVALID_RANGE, s));
            };
            (&s[..=end], &s[3..end], &s[end + 1..])
        }
        Some(c) => {
            let end = 2 + c.len_utf8();
            (&s[..end], &s[2..end], &s[end..])
        }
    };
    let (negated, name) = match name.strip_prefix('^') {
        Some(n) => (!negated, n),
        None => (negated, name),
    };
    let p = if negated { 'P' } else { 'p' };
    let class = match CATEGORIES.iter().find(|c| c.eq_ignore_ascii_case(name)) {
        Some(cat) => format!("\\{p}{{{cat}}}"),
        None if is_script_name(name) => format!("\\{p}{{sc={name}}}"),
        None => return Err(error(INVALID_RANGE, seq)),
    };
    Ok((class, rest))
}

/// Whether the `regex` crate knows `name` as a script (Go's other names).
fn is_script_name(name: &str) -> bool {
    !name.is_empty()
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && regex::Regex::new(&format!("\\p{{sc={name}}}")).is_ok()
}

/// A Perl or Unicode class escape at the start of `s` (outside a class), if it is one.
pub(super) fn perl_or_unicode(s: &str) -> Result<Option<(String, &str)>, GoRegexError> {
    match s[1..].chars().next() {
        Some('p' | 'P') => unicode_class(s).map(Some),
        Some(c) => Ok(perl_class(c, false).map(|t| (t.to_string(), &s[2..]))),
        None => Ok(None),
    }
}

/// Go's `parseEscape`: one escaped character at the start of `s` (which starts with `\`).
pub(super) fn parse_escape(s: &str) -> Result<(char, &str), GoRegexError> {
    let mut chars = s[1..].char_indices();
    let Some((_, c)) = chars.next() else {
        return Err(error(TRAILING_BACKSLASH, ""));
    };
    let t = &s[1 + c.len_utf8()..];
    let invalid = |rest: &str| error(INVALID_ESCAPE, &s[..s.len() - rest.len()]);
    match c {
        '1'..='7' if !t.starts_with(|d: char| ('0'..='7').contains(&d)) => Err(invalid(t)),
        '0'..='7' => {
            let digits = t
                .bytes()
                .take(2)
                .take_while(|b| (b'0'..=b'7').contains(b))
                .count();
            let value = s[1..2 + digits]
                .bytes()
                .fold(0u32, |n, b| n * 8 + u32::from(b - b'0'));
            Ok((char::from_u32(value).unwrap_or('\u{fffd}'), &t[digits..]))
        }
        'x' => hex_escape(s, t),
        'a' => Ok(('\u{7}', t)),
        'f' => Ok(('\u{c}', t)),
        'n' => Ok(('\n', t)),
        'r' => Ok(('\r', t)),
        't' => Ok(('\t', t)),
        'v' => Ok(('\u{b}', t)),
        c if c.is_ascii() && !c.is_ascii_alphanumeric() => Ok((c, t)),
        _ => Err(invalid(t)),
    }
}

/// `\xHH` or `\x{H...}` (`t` follows the `x`).
fn hex_escape<'a>(s: &'a str, t: &'a str) -> Result<(char, &'a str), GoRegexError> {
    let invalid = |rest: &str| error(INVALID_ESCAPE, &s[..s.len() - rest.len()]);
    if let Some(body) = t.strip_prefix('{') {
        let mut value: u32 = 0;
        for (i, c) in body.char_indices() {
            if c == '}' {
                return match (i, char::from_u32(value)) {
                    (0, _) | (_, None) => Err(invalid(&body[i + 1..])),
                    (_, Some(ch)) => Ok((ch, &body[i + 1..])),
                };
            }
            let Some(d) = c.to_digit(16) else {
                return Err(invalid(&body[i + c.len_utf8()..]));
            };
            value = value * 16 + d;
            if value > 0x10FFFF {
                return Err(invalid(&body[i + 1..]));
            }
        }
        return Err(invalid(""));
    }
    let mut it = t.chars();
    let (Some(a), Some(b)) = (it.next(), it.next()) else {
        return Err(invalid(it.as_str()));
    };
    match (a.to_digit(16), b.to_digit(16)) {
        (Some(x), Some(y)) => Ok((char::from_u32(x * 16 + y).expect("< 256"), it.as_str())),
        _ => Err(invalid(it.as_str())),
    }
}

/// Go's `parseClass`: the class at the start of `s` (which starts with `[`) in the `regex`
/// crate's syntax, and the rest of the pattern.
pub(super) fn parse(s: &str) -> Result<(String, &str), GoRegexError> {
    let mut t = &s[1..];
    let mut out = String::from("[");
    if let Some(rest) = t.strip_prefix('^') {
        out.push('^');
        t = rest;
    }
    let mut first = true;
    loop {
        if t.starts_with(']') && !first {
            break;
        }
        first = false;
        if t.starts_with("[:") {
            if let Some((text, rest)) = named_class(t)? {
                out.push_str(text);
                t = rest;
                continue;
            }
        }
        if t.starts_with("\\p") || t.starts_with("\\P") {
            let (class, rest) = unicode_class(t)?;
            out.push_str(&class);
            t = rest;
            continue;
        }
        if let Some(class) = t.strip_prefix('\\').and_then(|r| r.chars().next()) {
            if let Some(text) = perl_class(class, true) {
                out.push_str(text);
                t = &t[2..];
                continue;
            }
        }
        t = range(t, s, &mut out)?;
    }
    out.push(']');
    Ok((out, &t[1..]))
}

/// `[:alpha:]`, `[:^digit:]` at the start of `t`: `None` when there is no `:]` after it.
fn named_class(t: &str) -> Result<Option<(&str, &str)>, GoRegexError> {
    const NAMES: &[&str] = &[
        "alnum", "alpha", "ascii", "blank", "cntrl", "digit", "graph", "lower", "print", "punct",
        "space", "upper", "word", "xdigit",
    ];
    let Some(i) = t[2..].find(":]") else {
        return Ok(None);
    };
    let name = &t[..i + 4];
    let inner = &name[2..name.len() - 2];
    if !NAMES.contains(&inner.strip_prefix('^').unwrap_or(inner)) {
        return Err(error(INVALID_RANGE, name));
    }
    Ok(Some((name, &t[i + 4..])))
}

/// One character or range `a-z` at the start of `t` (inside the class `whole`), written to `out`.
fn range<'a>(t: &'a str, whole: &str, out: &mut String) -> Result<&'a str, GoRegexError> {
    let (lo, mut rest) = class_char(t, whole)?;
    let mut hi = lo;
    if rest.len() >= 2 && rest.starts_with('-') && !rest[1..].starts_with(']') {
        let (h, r) = class_char(&rest[1..], whole)?;
        if h < lo {
            return Err(error(INVALID_RANGE, &t[..t.len() - r.len()]));
        }
        hi = h;
        rest = r;
    }
    push_literal(out, lo, true);
    if hi != lo {
        out.push('-');
        push_literal(out, hi, true);
    }
    Ok(rest)
}

/// One character of a class (an escape or a plain character).
fn class_char<'a>(t: &'a str, whole: &str) -> Result<(char, &'a str), GoRegexError> {
    match t.chars().next() {
        None => Err(error(MISSING_BRACKET, whole)),
        Some('\\') => parse_escape(t),
        Some(c) => Ok((c, &t[c.len_utf8()..])),
    }
}
