//! cel-go's `parser.unescape` (`parser/unescape.go`): the value of a string or bytes literal
//! from its text, with its errors.

/// The value of a string literal's text (quotes and an `r`/`R` prefix included; a bytes
/// literal's without its `b`), or cel-go's error. A string's value is Go's string of the
/// bytes read: `\x`, octal and `\u` escapes are code points, written in UTF-8; in a bytes
/// literal (`bytes`) `\x` and octal escapes are bytes, and `\u` is refused.
///
/// `valid_runes`: from cel-go v0.23 an escaped code point must be a valid rune (`invalid
/// unicode code point`); before, only one past U+10FFFF is refused (`unable to unescape
/// string`), and a surrogate is written as Go writes it, U+FFFD
/// ([`crate::versions::Change::ValidRuneEscapes`]).
pub fn unescape(text: &str, bytes: bool, valid_runes: bool) -> Result<Vec<u8>, &'static str> {
    const FAILED: &str = "unable to unescape string";
    // Every line break is `\n` (`newlineNormalizer`).
    let normal;
    let mut value = match text.contains('\r') {
        true => {
            normal = text.replace("\r\n", "\n").replace('\r', "\n");
            normal.as_str()
        }
        false => text,
    };
    if value.len() < 2 {
        return Err(FAILED);
    }
    let raw = value.starts_with(['r', 'R']);
    if raw {
        value = &value[1..];
    }
    // (Go would slice past the end here; the lexer makes no such literal.)
    if value.len() < 2 {
        return Err(FAILED);
    }
    let b = value.as_bytes();
    let (first, last) = (b[0], b[b.len() - 1]);
    if first != last || (first != b'"' && first != b'\'') {
        return Err(FAILED);
    }
    let n = value.len();
    let body = if n >= 6 && (value.starts_with("'''") || value.starts_with("\"\"\"")) {
        if !value.ends_with(&value[..3]) {
            return Err(FAILED);
        }
        &value[3..n - 3]
    } else {
        &value[1..n - 1]
    };
    if raw || !body.contains('\\') {
        return Ok(body.as_bytes().to_vec());
    }
    let mut out = Vec::with_capacity(body.len());
    let mut rest = body;
    while !rest.is_empty() {
        rest = unescape_char(rest, bytes, valid_runes, &mut out)?;
    }
    Ok(out)
}

/// cel-go's `unescapeChar`: reads the character or escape at the start of `s` into `out`,
/// and gives what follows it.
fn unescape_char<'s>(
    s: &'s str,
    bytes: bool,
    valid_runes: bool,
    out: &mut Vec<u8>,
) -> Result<&'s str, &'static str> {
    const FAILED: &str = "unable to unescape string";
    let push = |out: &mut Vec<u8>, c: char| {
        out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
    };
    let c = s.chars().next().expect("a character");
    if c != '\\' {
        push(out, c);
        return Ok(&s[c.len_utf8()..]);
    }
    let b = s.as_bytes();
    if b.len() <= 1 {
        return Err("unable to unescape string, found '\\' as last character");
    }
    // Every escape is of an ASCII character (the lexer allows no other).
    let e = b[1];
    if !e.is_ascii() {
        return Err(FAILED);
    }
    let s = &s[2..];
    let simple = match e {
        b'a' => Some(0x07),
        b'b' => Some(0x08),
        b'f' => Some(0x0C),
        b'n' => Some(b'\n'),
        b'r' => Some(b'\r'),
        b't' => Some(b'\t'),
        b'v' => Some(0x0B),
        b'\\' | b'\'' | b'"' | b'`' | b'?' => Some(e),
        _ => None,
    };
    if let Some(v) = simple {
        out.push(v);
        return Ok(s);
    }
    // A code point escaped: written as one byte (a bytes literal's `\x` and octal) or in
    // UTF-8 (Go's `utf8.EncodeRune`, a surrogate or a value past U+10FFFF as U+FFFD).
    let code_point = |out: &mut Vec<u8>, v: u32, as_byte: bool| -> Result<(), &'static str> {
        if !bytes && valid_runes && (v > 0x10FFFF || (0xD800..=0xDFFF).contains(&v)) {
            return Err("invalid unicode code point");
        }
        if !bytes && !valid_runes && v > 0x10FFFF {
            return Err(FAILED);
        }
        match as_byte {
            true => out.push(v as u8),
            false => push(out, char::from_u32(v).unwrap_or('\u{FFFD}')),
        }
        Ok(())
    };
    match e {
        b'x' | b'X' | b'u' | b'U' => {
            let n = match e {
                b'x' | b'X' => 2,
                _ if bytes => return Err(FAILED),
                b'u' => 4,
                _ => 8,
            };
            let digits = s.as_bytes().get(..n).ok_or(FAILED)?;
            let mut v: u32 = 0;
            for &d in digits {
                let x = char::from(d).to_digit(16).ok_or(FAILED)?;
                v = v << 4 | x;
            }
            // A value below 0x80 is one byte either way.
            code_point(out, v, bytes && n == 2)?;
            Ok(&s[n..])
        }
        b'0'..=b'3' => {
            const OCTAL: &str = "unable to unescape octal sequence in string";
            let digits = s.as_bytes().get(..2).ok_or(OCTAL)?;
            let mut v = u32::from(e - b'0');
            for &d in digits {
                if !(b'0'..=b'7').contains(&d) {
                    return Err(OCTAL);
                }
                v = v * 8 + u32::from(d - b'0');
            }
            code_point(out, v, bytes)?;
            Ok(&s[2..])
        }
        _ => Err(FAILED),
    }
}

#[cfg(test)]
mod tests {
    use super::unescape;

    /// cel-go's `unescape_test.go` cases, and the corners of the versions.
    #[test]
    fn literals_read_as_cel_go_reads_them() {
        let ok = |text: &str, bytes: bool, want: &[u8]| {
            assert_eq!(unescape(text, bytes, true).as_deref(), Ok(want), "{text}");
        };
        ok(r#""hello""#, false, b"hello");
        ok(r#"'''x''x'''"#, false, b"x''x");
        ok(r#""""x""x""""#, false, b"x\"\"x");
        ok(
            r#""\a\b\f\n\r\t\v\\\'\"\`\?""#,
            false,
            b"\x07\x08\x0c\n\r\t\x0b\\'\"`?",
        );
        ok(
            r#""\x41\X42\u00e9\U0001F600\101""#,
            false,
            "ABé😀A".as_bytes(),
        );
        ok(r#""\xff""#, false, "\u{ff}".as_bytes());
        ok(r#""\377""#, false, "\u{ff}".as_bytes());
        ok(r#""\xff\377""#, true, b"\xff\xff");
        ok(r#"r"\n""#, false, b"\\n");
        ok(r#"R'\x'"#, false, b"\\x");
        ok("'a\r\nb'", false, b"a\nb");
        ok("\"é\\t\"", true, "é\t".as_bytes());
        let err = |text: &str, bytes: bool, valid: bool, want: &str| {
            assert_eq!(unescape(text, bytes, valid), Err(want), "{text}");
        };
        err(r#""\u00e9""#, true, true, "unable to unescape string");
        err(r#""\q""#, false, true, "unable to unescape string");
        err(r#""\x4""#, false, true, "unable to unescape string");
        err(r#""\4""#, false, true, "unable to unescape string");
        err(
            r#""\18""#,
            false,
            true,
            "unable to unescape octal sequence in string",
        );
        err(
            r#""\1""#,
            false,
            true,
            "unable to unescape octal sequence in string",
        );
        err(r#""\ud800""#, false, true, "invalid unicode code point");
        err(r#""\U00110000""#, false, true, "invalid unicode code point");
        err(r#""\U00110000""#, false, false, "unable to unescape string");
        err(r#"'abc""#, false, true, "unable to unescape string");
        err("'''ab'", false, true, "unable to unescape string");
        err("\"\\", false, true, "unable to unescape string");
        err(
            "\"a\\\"",
            false,
            true,
            "unable to unescape string, found '\\' as last character",
        );
        // Not from the lexer: a non-ASCII escape, a raw prefix and one quote.
        err("\"\\\u{e9}\"", false, true, "unable to unescape string");
        err("r'", false, true, "unable to unescape string");
        // Before v0.23 a surrogate is written as U+FFFD.
        assert_eq!(
            unescape(r#""\ud800""#, false, false).as_deref(),
            Ok("\u{FFFD}".as_bytes())
        );
    }
}
