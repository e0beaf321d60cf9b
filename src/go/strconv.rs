//! `strconv` and the `unicode` class it quotes by.

use std::fmt::Write;
use unicode_general_category::{get_general_category, GeneralCategory as G};

/// Go's `unicode.IsPrint`: letters, marks, numbers, punctuation and symbols (categories L, M,
/// N, P, S), and the ASCII space; no other space, no control, format, surrogate, private-use
/// or unassigned character. (The tables are Unicode 16's; Go 1.24's are Unicode 15's, which
/// differ only in characters assigned since.)
pub fn is_print(c: char) -> bool {
    if c == ' ' {
        return true;
    }
    !matches!(
        get_general_category(c),
        G::SpaceSeparator
            | G::LineSeparator
            | G::ParagraphSeparator
            | G::Control
            | G::Format
            | G::Surrogate
            | G::PrivateUse
            | G::Unassigned
    )
}

/// Go's `strconv.Quote` (`%q` of a string): double quotes; `"` and `\` escaped; a printable
/// character ([`is_print`]) as it is; `\a \b \f \n \r \t \v`; other characters below U+0020
/// and DEL as `\xXX`, the rest as `\uXXXX` or `\UXXXXXXXX`.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if is_print(c) => out.push(c),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{b}' => out.push_str("\\v"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c if (c as u32) < 0x10000 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => {
                let _ = write!(out, "\\U{:08x}", c as u32);
            }
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Go's own outputs (strconv's `quotetests` and `unicode.IsPrint` on these characters).
    #[test]
    fn quote_as_go_quotes() {
        let cases = [
            ("\u{7}\u{8}\u{c}\r\n\t\u{b}", r#""\a\b\f\r\n\t\v""#),
            ("\\", r#""\\""#),
            ("abc\u{ff}def", "\"abc\u{ff}def\""),
            ("\u{263a}", "\"\u{263a}\""),
            ("\u{10ffff}", r#""\U0010ffff""#),
            ("\u{4}", r#""\x04""#),
            ("!\u{a0}!\u{2000}!\u{3000}!", r#""!\u00a0!\u2000!\u3000!""#),
            ("\u{7f}", r#""\x7f""#),
            ("a\u{200b}b\u{ad}c", r#""a\u200bb\u00adc""#),
            ("\u{a0}x\u{2003}", r#""\u00a0x\u2003""#),
            ("\u{85}", r#""\u0085""#),
            ("\u{e000}", r#""\ue000""#),
            ("\u{feff}", r#""\ufeff""#),
            ("say \"hi\"", r#""say \"hi\"""#),
            ("\u{301}e\u{301}", "\"\u{301}e\u{301}\""),
        ];
        for (s, want) in cases {
            assert_eq!(quote(s), want, "{s:?}");
        }
    }
}
