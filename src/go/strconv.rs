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

/// Go's `*strconv.NumError`: the function, the text it was given and why it failed; its text
/// is Go's (`strconv.Atoi: parsing "x": invalid syntax`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("strconv.{func}: parsing {}: {err}", quote(.num))]
pub struct NumError {
    /// The function's name: `ParseUint`, `Atoi`.
    pub func: &'static str,
    pub num: String,
    pub err: NumErrorKind,
}

/// The `Err` of a [`NumError`]: Go's `ErrSyntax` or `ErrRange`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NumErrorKind {
    #[error("invalid syntax")]
    Syntax,
    #[error("value out of range")]
    Range,
}

impl NumError {
    pub fn new(func: &'static str, num: &str, err: NumErrorKind) -> NumError {
        NumError {
            func,
            num: num.to_string(),
            err,
        }
    }
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

/// Go's `strconv.FormatFloat(f, 'g', -1, bit_size)` (`bit_size` 32 or 64; 32 rounds `f` to a
/// float32 first): the shortest digits that read back as the same float, in exponent form
/// (`1e+06`, `1.5e-07`, at least two exponent digits) when the decimal exponent is below -4 or
/// at least 6, plain otherwise; `NaN`, `+Inf`, `-Inf` for the specials.
pub fn format_float(f: f64, bit_size: u32) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "+Inf" } else { "-Inf" }.into();
    }
    let (plain, exp_form) = if bit_size == 32 {
        let g = f as f32;
        (format!("{g}"), format!("{g:e}"))
    } else {
        (format!("{f}"), format!("{f:e}"))
    };
    let (mantissa, exp) = exp_form.split_once('e').unwrap_or((&exp_form, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if (-4..6).contains(&exp) {
        return plain;
    }
    let sign = if exp < 0 { '-' } else { '+' };
    format!("{mantissa}e{sign}{:02}", exp.abs())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Go's own outputs of `strconv.FormatFloat(f, 'g', -1, 64)` and `(…, 32)` (strconv's
    /// `ftoatests` where they have the case).
    #[test]
    fn format_float_as_go_formats() {
        let cases: &[(f64, u32, &str)] = &[
            (1.0, 64, "1"),
            (0.0, 64, "0"),
            (-0.0, 64, "-0"),
            (20.0, 64, "20"),
            (1e23, 64, "1e+23"),
            (-1e23, 64, "-1e+23"),
            (100000.0, 64, "100000"),
            (1000000.0, 64, "1e+06"),
            (123456.5, 64, "123456.5"),
            (1234567.5, 64, "1.2345675e+06"),
            (0.0001, 64, "0.0001"),
            (0.00001, 64, "1e-05"),
            (1e-7, 64, "1e-07"),
            (2.5e22, 64, "2.5e+22"),
            (-0.5, 64, "-0.5"),
            (5e-324, 64, "5e-324"),
            (1.7976931348623157e308, 64, "1.7976931348623157e+308"),
            (0.1, 64, "0.1"),
            (f64::from(0.1f32), 64, "0.10000000149011612"),
            (f64::from(0.1f32), 32, "0.1"),
            (1.5, 32, "1.5"),
            (1e23, 32, "1e+23"),
            (3.4028234663852886e38, 32, "3.4028235e+38"),
            (16777216.0, 32, "1.6777216e+07"),
            (f64::NAN, 64, "NaN"),
            (f64::INFINITY, 64, "+Inf"),
            (f64::NEG_INFINITY, 32, "-Inf"),
        ];
        for &(f, bits, want) in cases {
            assert_eq!(format_float(f, bits), want, "{f:?} ({bits})");
        }
    }

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
