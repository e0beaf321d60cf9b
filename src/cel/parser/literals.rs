//! String and bytes literals as cel-go reads them (`parser.unescape`), where the `cel` crate
//! reads them otherwise, each read again from its text:
//! - a quote of the other kind escaped (`"\'"` and `'\"'`) keeps its backslash in the crate,
//!   and is the quote alone in cel-go;
//! - a bytes literal: the crate reads only its `\x` and octal escapes (it refuses `b'\t'`,
//!   `b'\\'`, `b"\'"`), and takes one quote of each end of a triple-quoted one.
//!
//! And the crate refuses the escapes cel-go reads and it does not (the hex escape written
//! `\X`, a bytes literal's simple escapes): it is given the text with those written as it
//! reads them ([`for_the_crate`]), of the same length, so that every place in it is the
//! same.

use std::borrow::Cow;

use crate::cel::locate::string_end;
use ::cel::common::ast::{Expr, IdedExpr, LiteralValue};

/// Sets the value of each string and bytes literal of `e` (parsed from `src`) whose text the
/// crate reads otherwise than cel-go. A literal is matched with its text by position: the
/// parser numbers the literals in the order of the text; where the literals of the tree and
/// of the text do not pair up (a literal the parser made itself, `x.?f`'s name), nothing is
/// changed.
pub fn as_cel_go(src: &str, e: &mut IdedExpr) {
    // No escape and no triple quote, nothing to read again (most rules).
    if !src.contains('\\') && !src.contains("\"\"\"") && !src.contains("'''") {
        return;
    }
    let texts = literal_texts(src);
    if !texts.iter().any(|t| read_again(t)) {
        return;
    }
    let mut nodes = Vec::new();
    collect(e, &mut nodes);
    if nodes.len() != texts.len() {
        return;
    }
    nodes.sort_by_key(|(id, _)| *id);
    for ((_, lit), text) in nodes.into_iter().zip(texts) {
        if !read_again(text) {
            continue;
        }
        let bytes = matches!(lit, LiteralValue::Bytes(_));
        let Some(value) = unescape(text, bytes) else {
            continue;
        };
        *lit = match bytes {
            true => LiteralValue::Bytes(value.into()),
            false => match String::from_utf8(value) {
                Ok(s) => LiteralValue::String(s.into()),
                Err(_) => continue,
            },
        };
    }
}

/// Whether the crate may read a literal's text otherwise than cel-go: it escapes the quote of
/// the other kind, or it is a bytes literal with an escape or triple quotes.
fn read_again(text: &str) -> bool {
    let prefix = prefix_of(text);
    let bytes = prefix.contains(['b', 'B']);
    let body = &text[prefix.len()..];
    cross_quoted(text)
        || (bytes && (body.contains('\\') || body.starts_with("\"\"\"") || body.starts_with("'''")))
}

/// A literal's prefix letters (`r`, `b` and their capitals).
fn prefix_of(text: &str) -> &str {
    let n = text
        .bytes()
        .take_while(|b| matches!(b, b'r' | b'R' | b'b' | b'B'))
        .count();
    &text[..n]
}

/// `src` with the escapes the crate refuses and cel-go reads written as the crate reads them:
/// `\X` as `\x` in every literal, and in a bytes literal each simple escape (`\t`, `\\`,
/// `\'`…) as two letters, its value being read again from `src` ([`as_cel_go`]). The same
/// length, so that every place in it is the same.
pub fn for_the_crate(src: &str) -> Cow<'_, str> {
    if !src.contains('\\') {
        return Cow::Borrowed(src);
    }
    let mut out = src.as_bytes().to_vec();
    let mut changed = false;
    for (kind, at) in crate::cel::locate::tokens(src) {
        let Some(end) = (kind == "lit")
            .then(|| string_end(src.as_bytes(), at))
            .flatten()
        else {
            continue;
        };
        let prefix = prefix_of(&src[at..end]);
        if prefix.contains(['r', 'R']) {
            continue;
        }
        let bytes = prefix.contains(['b', 'B']);
        let mut i = at + prefix.len();
        while i + 1 < end {
            if out[i] != b'\\' {
                i += 1;
                continue;
            }
            match out[i + 1] {
                b'X' => {
                    out[i + 1] = b'x';
                    changed = true;
                }
                // Before cel-go v0.23 a surrogate's escape is U+FFFD (`utf8.EncodeRune`).
                b'u' | b'U' if !bytes && !crate::versions::current().valid_rune_escapes => {
                    let n = if out[i + 1] == b'u' { 4 } else { 8 };
                    let hex = src.get(i + 2..i + 2 + n).filter(|_| i + 2 + n <= end);
                    let code = hex.and_then(|h| u32::from_str_radix(h, 16).ok());
                    if code.is_some_and(|c| (0xD800..=0xDFFF).contains(&c)) {
                        let fffd = if n == 4 { "FFFD" } else { "0000FFFD" };
                        out[i + 2..i + 2 + n].copy_from_slice(fffd.as_bytes());
                        changed = true;
                    }
                }
                b'a' | b'b' | b'f' | b'n' | b'r' | b't' | b'v' | b'\\' | b'\'' | b'"' | b'`'
                | b'?'
                    if bytes =>
                {
                    out[i] = b'a';
                    out[i + 1] = b'a';
                    changed = true;
                }
                _ => {}
            }
            i += 2;
        }
    }
    match changed {
        // Only ASCII bytes changed, for ASCII bytes.
        true => Cow::Owned(String::from_utf8(out).unwrap_or_else(|_| src.to_string())),
        false => Cow::Borrowed(src),
    }
}

/// The texts of the string and bytes literals of `src`, in order.
fn literal_texts(src: &str) -> Vec<&str> {
    crate::cel::locate::tokens(src)
        .into_iter()
        .filter(|(kind, _)| kind == "lit")
        .filter_map(|(_, at)| Some(&src[at..string_end(src.as_bytes(), at)?]))
        .collect()
}

/// Whether a literal's text escapes the quote of the other kind (not in a raw literal).
fn cross_quoted(text: &str) -> bool {
    let body = text.trim_start_matches(['b', 'B']);
    if body.starts_with(['r', 'R']) {
        return false;
    }
    let other = match body.starts_with('"') {
        true => b'\'',
        false => b'"',
    };
    let b = body.as_bytes();
    let mut i = 0;
    while i + 1 < b.len() {
        if b[i] == b'\\' {
            if b[i + 1] == other {
                return true;
            }
            i += 2;
        } else {
            i += 1;
        }
    }
    false
}

/// The string and bytes literals of `e`, with their ids.
fn collect<'a>(e: &'a mut IdedExpr, out: &mut Vec<(u64, &'a mut LiteralValue)>) {
    let id = e.id;
    if matches!(
        e.expr,
        Expr::Literal(LiteralValue::String(_) | LiteralValue::Bytes(_))
    ) {
        if let Expr::Literal(lit) = &mut e.expr {
            out.push((id, lit));
        }
        return;
    }
    for child in super::locate::children_mut(e) {
        collect(child, out);
    }
}

/// cel-go's `parser.unescape`: the value of a string (or, `bytes`, a bytes) literal's text,
/// its prefix, quotes and escapes read (`\xHH` and octal are bytes in a bytes literal, code
/// points in a string); `None` where cel-go fails.
fn unescape(text: &str, bytes: bool) -> Option<Vec<u8>> {
    let text = text.trim_start_matches(['b', 'B']);
    let (raw, text) = match text.strip_prefix(['r', 'R']) {
        Some(t) => (true, t),
        None => (false, text),
    };
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let quote = text.chars().next()?;
    let triple = text.len() >= 6 && text.starts_with(&quote.to_string().repeat(3));
    let q = if triple { 3 } else { 1 };
    if text.len() < 2 * q || !text.ends_with(quote) {
        return None;
    }
    let body = &text[q..text.len() - q];
    if raw || !body.contains('\\') {
        return Some(body.as_bytes().to_vec());
    }
    let mut out = Vec::with_capacity(body.len());
    let mut chars = body.chars().peekable();
    let push =
        |out: &mut Vec<u8>, c: char| out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
    while let Some(c) = chars.next() {
        if c != '\\' {
            push(&mut out, c);
            continue;
        }
        let e = chars.next()?;
        let simple = match e {
            'a' => Some('\u{07}'),
            'b' => Some('\u{08}'),
            'f' => Some('\u{0C}'),
            'n' => Some('\n'),
            'r' => Some('\r'),
            't' => Some('\t'),
            'v' => Some('\u{0B}'),
            '\\' | '\'' | '"' | '`' | '?' => Some(e),
            _ => None,
        };
        if let Some(v) = simple {
            push(&mut out, v);
            continue;
        }
        let (digits, radix) = match e {
            'x' | 'X' => (2, 16),
            'u' if !bytes => (4, 16),
            'U' if !bytes => (8, 16),
            '0'..='3' => (2, 8),
            _ => return None,
        };
        let mut v = if radix == 8 { e.to_digit(8)? } else { 0 };
        for _ in 0..digits {
            v = v * radix + chars.next()?.to_digit(radix)?;
        }
        match bytes && matches!(e, 'x' | 'X' | '0'..='3') {
            true => out.push(u8::try_from(v).ok()?),
            false => push(&mut out, char::from_u32(v)?),
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// cel-go's values of literal texts (its `unescape_test.go` cases and the quotes of the
    /// other kind).
    #[test]
    fn literals_read_as_cel_go_reads_them() {
        let s = |t: &str| unescape(t, false).map(|v| String::from_utf8(v).unwrap());
        assert_eq!(s(r#""\'""#).as_deref(), Some("'"));
        assert_eq!(s(r#"'\"'"#).as_deref(), Some("\""));
        assert_eq!(s(r#""a\'-\'b""#).as_deref(), Some("a'-'b"));
        assert_eq!(s(r#"r"\'""#).as_deref(), Some(r"\'"));
        assert_eq!(s(r#"'''a\'b'''"#).as_deref(), Some("a'b"));
        assert_eq!(s(r#""\u00e9\x41\101\n""#).as_deref(), Some("éAA\n"));
        assert_eq!(s(r#""\q""#), None);
        assert_eq!(
            unescape(r#"b"\xff\377\'""#, true),
            Some(vec![0xff, 0xff, b'\''])
        );
        assert!(cross_quoted(r#""\'""#) && cross_quoted(r#"b'\"'"#));
        assert_eq!(s(r#""\xC3\XBF""#), s(r#""\xC3\xBF""#));
        assert_eq!(
            for_the_crate(r#"'\X41' + b"\X41" + r'\X41' + "\\X" + x.X"#),
            r#"'\x41' + b"\x41" + r'\X41' + "\\X" + x.X"#
        );
        assert_eq!(
            for_the_crate(r#"b'\t\\\x41\101' + "\t" + b"\u0041""#),
            r#"b'aaaa\x41\101' + "\t" + b"\u0041""#
        );
        assert_eq!(unescape(r#"b"""a"b""""#, true), Some(b"a\"b".to_vec()));
        assert!(read_again(r#"b'\t'"#) && read_again("b'''x'''") && !read_again("'''x'''"));
        assert!(!cross_quoted(r#""\\'""#) && !cross_quoted(r#"r"\'""#) && !cross_quoted("'\\''"));
    }
}
