//! Choosing the style of a new string scalar so that every common reader reads the same string:
//! go-yaml v2 (kubectl), a PyYAML-style YAML 1.1 reader (sexagesimal numbers, `=`, timestamps,
//! `<<`...) and a YAML 1.2 core-schema reader.

use super::{resolve_plain, Resolved};
use crate::yaml::ScalarStyle;

/// The style for a new string: plain when YAML 1.1 and YAML 1.2 readers both read it back as this
/// same string and it is safe as a block plain scalar; double-quoted when it holds line breaks or
/// characters that need escapes; single-quoted otherwise.
pub fn string_style(s: &str) -> ScalarStyle {
    // A word of letters, digits and `-._/` starting with a letter (most names, kinds and
    // severities): plain-safe, and read as another type only as a boolean or null word, which
    // is what the checks below find for it.
    if s.as_bytes().first().is_some_and(u8::is_ascii_alphabetic) && as_is_text(s) {
        return match is_special_word(s) {
            true => ScalarStyle::SingleQuoted,
            false => ScalarStyle::Plain,
        };
    }
    checked_style(s)
}

/// [`string_style`] by its checks alone.
fn checked_style(s: &str) -> ScalarStyle {
    if needs_escapes(s) {
        ScalarStyle::DoubleQuoted
    } else if plain_safe(s) && !reads_as_non_string(s) {
        ScalarStyle::Plain
    } else {
        ScalarStyle::SingleQuoted
    }
}

/// Whether `s` starts with a letter or a digit and holds only letters, digits and `-._/`: a
/// text no YAML reader takes for anything but plain text of its own (no blank, indicator, line
/// break, marker or byte order mark), whatever it means. One pass without an early exit (which
/// the compiler runs on many bytes at once).
pub(crate) fn as_is_text(s: &str) -> bool {
    // A letter (either case, by its lower-case bit), a digit, `-`, `.`, `/` (three in a row)
    // or `_`.
    let as_is = |c: u8| {
        ((c | 0x20).wrapping_sub(b'a') < 26)
            | (c.wrapping_sub(b'0') < 10)
            | (c.wrapping_sub(b'-') < 3)
            | (c == b'_')
    };
    let b = s.as_bytes();
    b.first().is_some_and(u8::is_ascii_alphanumeric) && b.iter().fold(true, |ok, &c| ok & as_is(c))
}

/// Line breaks, tabs, control and non-printable characters: only double quotes hold them safely.
pub(crate) fn needs_escapes(s: &str) -> bool {
    let b = s.as_bytes();
    // Printable ASCII throughout, checked without an early exit (which the compiler runs on
    // many bytes at once).
    if b.iter().fold(true, |ok, c| ok & (0x20..0x7f).contains(c)) {
        return false;
    }
    b.iter().enumerate().any(|(i, &c)| match c {
        0..=0x1f | 0x7f => true,
        // U+0080..U+009F (C1 controls, NEL)
        0xc2 => matches!(b.get(i + 1), Some(0x80..=0x9f)),
        // U+2028, U+2029
        0xe2 => b.get(i + 1) == Some(&0x80) && matches!(b.get(i + 2), Some(0xa8 | 0xa9)),
        // U+FEFF, U+FFFE, U+FFFF
        0xef => matches!(
            (b.get(i + 1), b.get(i + 2)),
            (Some(0xbb), Some(0xbf)) | (Some(0xbf), Some(0xbe | 0xbf))
        ),
        _ => false,
    })
}

/// Whether `s`, which [`needs_escapes`] passes, can be written as a plain scalar in block
/// context (and as a flow key) without changing its text: no leading indicator, no `: ` or ` #`,
/// no surrounding blanks, no markers.
fn plain_safe(s: &str) -> bool {
    let Some(first) = s.chars().next() else {
        return false;
    };
    if s.starts_with(' ') || s.ends_with(' ') || s.ends_with(':') {
        return false;
    }
    if s.starts_with("---") || s.starts_with("...") || comment_value_or_flow(s) {
        return false;
    }
    match first {
        '-' | '?' | ':' => s[1..].starts_with(|c: char| c.is_alphanumeric()),
        '!' | '&' | '*' | '|' | '>' | '\'' | '"' | '%' | '@' | '`' | '#' => false,
        _ => true,
    }
}

/// Whether `s` holds `: `, ` #` or a flow indicator (`{}[],`): one pass over its bytes (none
/// of them is part of a multi-byte character).
fn comment_value_or_flow(s: &str) -> bool {
    let mut prev = 0u8;
    s.bytes().any(|b| {
        let found = matches!(b, b'{' | b'}' | b'[' | b']' | b',')
            || (prev == b':' && b == b' ')
            || (prev == b' ' && b == b'#');
        prev = b;
        found
    })
}

/// Whether any of go-yaml v2, a YAML 1.1 (PyYAML-style) or a YAML 1.2 core reader would read the
/// plain scalar `s` as something other than this string. Deliberately conservative: anything
/// number-like is quoted.
fn reads_as_non_string(s: &str) -> bool {
    if resolve_plain(s) != Resolved::Str {
        return true;
    }
    if matches!(s, "=" | "<<") || is_special_word(s) {
        return true;
    }
    looks_numeric(s) || looks_like_timestamp(s)
}

/// YAML 1.1/1.2 words for booleans, nulls, infinities and not-a-number in any casing that some
/// reader accepts.
fn is_special_word(s: &str) -> bool {
    let core = s.trim_start_matches(['+', '-']).as_bytes();
    // The longest word is 8 bytes: lowercased on the stack.
    let mut lower = [0u8; 8];
    let Some(lower) = lower.get_mut(..core.len()) else {
        return false;
    };
    for (l, c) in lower.iter_mut().zip(core) {
        *l = c.to_ascii_lowercase();
    }
    matches!(
        &*lower,
        b"y" | b"n"
            | b"yes"
            | b"no"
            | b"true"
            | b"false"
            | b"on"
            | b"off"
            | b"null"
            | b"~"
            | b".inf"
            | b".nan"
            | b"inf"
            | b"nan"
            | b"infinity"
    )
}

/// Starts like a number (digit, or sign/dot then digit or dot) and only holds characters that
/// numbers of some YAML reader use (digits, hex digits, `x o b e`, `_`, `.`, `:`, signs).
fn looks_numeric(s: &str) -> bool {
    let b = s.as_bytes();
    let starts = match b[0] {
        b'0'..=b'9' => true,
        b'+' | b'-' | b'.' => b.len() > 1 && (b[1].is_ascii_digit() || b[1] == b'.'),
        _ => false,
    };
    starts
        && b.iter().all(|c| {
            c.is_ascii_hexdigit()
                || matches!(
                    c,
                    b'x' | b'X' | b'o' | b'O' | b'_' | b'.' | b':' | b'+' | b'-'
                )
        })
}

/// `YYYY-` followed by a digit: a YAML 1.1 timestamp shape.
fn looks_like_timestamp(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() > 5 && b[..4].iter().all(u8::is_ascii_digit) && b[4] == b'-' && b[5].is_ascii_digit()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The quick answer for a word of letters, digits and `-._/` is the checks' answer.
    #[test]
    fn words_get_the_style_the_checks_give() {
        let words = [
            "a",
            "nginx",
            "Error",
            "warning",
            "example.com/v1",
            "apps/v1",
            "ConfigMap",
            "y",
            "Y",
            "n",
            "yes",
            "No",
            "ON",
            "off",
            "true",
            "False",
            "null",
            "NULL",
            "nan",
            "inf",
            "Infinity",
            "infinity-1",
            "e1",
            "x0",
            "b.c",
            "a-",
            "a.",
            "a/",
            "a_b",
            "a..b",
        ];
        for w in words {
            assert!(as_is_text(w), "{w:?}");
            assert_eq!(string_style(w), checked_style(w), "{w:?}");
        }
        for w in ["", "-a", ".a", "1a", "a b", "a:", "a,b", "é", "a\n"] {
            assert!(
                !as_is_text(w) || !w.starts_with(|c: char| c.is_ascii_alphabetic()),
                "{w:?}"
            );
            assert_eq!(string_style(w), checked_style(w), "{w:?}");
        }
    }
}
