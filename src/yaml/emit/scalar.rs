//! Writing one scalar in its own style: plain as-is, single-quoted with `''`, double-quoted with
//! escapes, literal/folded with chomping and indentation indicators. A style that cannot hold the
//! content falls back to double-quoted.

use crate::yaml::read::split::go_space;
use crate::yaml::scalar::string_style;
use crate::yaml::scalar::style::{as_is_text, needs_escapes};
use crate::yaml::{Node, Scalar, ScalarStyle};

/// Where a scalar is written.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Placement {
    Root,
    Key,
    Value,
}

/// The style the scalar is actually written in.
/// `col0`: the scalar starts at column 0 (root scalar or top-level key), where `---` and `...`
/// would be document markers.
fn effective_style(s: &Scalar, key: bool, col0: bool) -> ScalarStyle {
    let kept = source(s, false).is_some();
    style_written(&s.value, s.style, kept, key, col0)
}

/// [`effective_style`] of a scalar holding `value` in `style`, `kept` when its source text is
/// written.
fn style_written(
    value: &str,
    style: ScalarStyle,
    kept: bool,
    key: bool,
    col0: bool,
) -> ScalarStyle {
    // A plain scalar starting with U+FEFF at column 0 may start the stream, where a reader
    // takes it for a byte order mark and drops it; one starting with `---` or `...` there is
    // a document marker, its source text (kept from a column past 0) too. One starting with a
    // space Go knows outside ASCII (NBSP, U+2000...) may start the stream too, where
    // kubectl looks past such spaces for a `{` and then reads the stream as JSON, which refuses
    // them.
    let marker = value.starts_with('\u{feff}')
        || is_marker(value)
        || value.starts_with(|c: char| !c.is_ascii() && go_space(c));
    if style == ScalarStyle::Plain && col0 && marker {
        return ScalarStyle::DoubleQuoted;
    }
    let ok = kept
        || match style {
            ScalarStyle::Plain => value.is_empty() || plain_lines_ok(value, key, col0),
            ScalarStyle::SingleQuoted => single_ok(value),
            ScalarStyle::DoubleQuoted => true,
            ScalarStyle::Literal | ScalarStyle::Folded => block_ok(value),
        };
    if ok {
        style
    } else {
        ScalarStyle::DoubleQuoted
    }
}

/// ` value` and its line break for a new string (a [`crate::yaml::Node::string`]: no tag, no
/// source text, [`string_style`]'s style) as the value of a block mapping key at column
/// `indent`: what the emitter writes after the key's `:`, without the string's scalar made.
pub(crate) fn write_new_string_value(out: &mut String, v: &str, indent: usize) {
    let style = string_style(v);
    if v.is_empty() && style == ScalarStyle::Plain {
        out.push('\n');
        return;
    }
    out.push(' ');
    // `string_style`'s choice is one `style_written` keeps (not at column 0, not a key): a
    // plain one is plain-safe, a single-quoted one has nothing to escape.
    match style {
        ScalarStyle::Plain => write_flow_lines(out, v, indent + 2, |o, p| o.push_str(p)),
        ScalarStyle::SingleQuoted => write_single(out, v, indent + 2),
        ScalarStyle::DoubleQuoted => write_double(out, v),
        ScalarStyle::Literal | ScalarStyle::Folded => {
            unreachable!("a new string is plain or quoted")
        }
    }
    out.push('\n');
}

/// Whether `s` is a plain scalar written as its value as it is, wherever it goes (a key or a
/// value, at any column, in any context): untagged, with no source text, its value starting
/// with a letter or a digit and holding only letters, digits and `-._/`. Such a value is no
/// marker, no byte order mark, holds no blank, indicator or line break, and does not end with
/// `:`: [`plain_ok`] passes it everywhere and [`write_styled`] writes it as is. Most scalars
/// of a manifest are such: one pass over the bytes answers for them ([`as_is_text`]).
fn plain_as_is(s: &Scalar) -> bool {
    s.style == ScalarStyle::Plain
        && s.tag().is_none()
        && s.source().is_none()
        && as_is_text(&s.value)
}

/// Whether `k` can be written as an implicit (simple) key: a single-line scalar.
/// Returns the scalar and the style to write it in.
pub(super) fn simple_key(k: &Node, indent: usize) -> Option<(&Scalar, ScalarStyle)> {
    let Node::Scalar(s) = k else {
        return None;
    };
    if s.value.len() > MAX_KEY_TEXT || s.source().is_some_and(spans_lines) {
        return None;
    }
    if plain_as_is(s) {
        return Some((s, ScalarStyle::Plain));
    }
    let style = effective_style(s, true, indent == 0);
    let simple = source(s, false).is_some()
        || match style {
            ScalarStyle::Plain => !s.value.is_empty() && !s.value.contains('\n'),
            ScalarStyle::SingleQuoted => !s.value.contains('\n'),
            ScalarStyle::DoubleQuoted => true,
            ScalarStyle::Literal | ScalarStyle::Folded => false,
        };
    (simple && key_text_fits(s, style, indent, false)).then_some((s, style))
}

/// The longest value [`key_text_fits`] takes without writing it: each byte written as at most
/// six characters (a control character's `\uXXXX`), its quotes, within [`MAX_KEY_TEXT`].
const SHORT_KEY: usize = 160;

/// The most characters a key is written in (YAML takes a key for an implicit one only within
/// 1,024 characters of its start: go-yaml's `yaml_parser_stale_simple_keys`).
pub(super) const MAX_KEY_TEXT: usize = 1000;

/// Whether `s`, written in `style` (inside a flow collection when `flow`), is written on one
/// line within [`MAX_KEY_TEXT`] characters, as an implicit key must be: a value of at most
/// [`MAX_KEY_TEXT`] bytes may be written longer, its escapes (`\n`, `\e`, `\uFEFF`), its
/// kept source or its tag taking more.
pub(super) fn key_text_fits(s: &Scalar, style: ScalarStyle, indent: usize, flow: bool) -> bool {
    if s.value.len() <= SHORT_KEY && s.tag().is_none() && s.source().is_none() {
        return true;
    }
    let mut text = String::new();
    write_styled(&mut text, s, style, indent, flow);
    !text.contains(['\n', '\r']) && text.chars().count() <= MAX_KEY_TEXT
}

/// Writes the scalar (tag first) at a node whose container sits at column `indent`. Returns
/// whether the caller must end the line (block scalars end their own lines).
pub(super) fn write_scalar(out: &mut String, s: &Scalar, indent: usize, place: Placement) -> bool {
    if plain_as_is(s) {
        out.push_str(&s.value);
        return true;
    }
    let col0 = place == Placement::Root || (place == Placement::Key && indent == 0);
    let style = effective_style(s, place == Placement::Key, col0);
    if s.tag().is_none() && style == ScalarStyle::Plain && s.value.is_empty() {
        return place != Placement::Root;
    }
    write_styled(out, s, style, indent, false)
}

/// The scalar's source text (see [`Scalar::source`]) where it can be written as read: on one
/// line anywhere, on several lines in block context (its lines after the first indented anew,
/// which changes nothing a reader sees: a quoted or plain scalar's line breaks are folded and
/// the spaces that start a line dropped).
pub(super) fn source(s: &Scalar, flow: bool) -> Option<&str> {
    let block = matches!(s.style, ScalarStyle::Literal | ScalarStyle::Folded);
    s.source().filter(|t| !block && (!flow || !spans_lines(t)))
}

/// Whether a source text breaks a line: at a line feed, or at a NEL, LS or PS, which YAML 1.1
/// readers also count (a text with a lone `\r` is not kept, see [`Scalar::source`]).
fn spans_lines(t: &str) -> bool {
    t.contains(['\n', '\u{85}', '\u{2028}', '\u{2029}'])
}

/// Writes a scalar's source text, its lines after the first moved together so that the least
/// indented starts at column `indent` (a reader drops the spaces that start them; lines of
/// blanks are written empty).
fn write_source(out: &mut String, text: &str, indent: usize) {
    let spaces = |l: &str| l.len() - l.trim_start_matches(' ').len();
    let blank = |l: &str| l.trim_start_matches([' ', '\t']).is_empty();
    let mut lines = text.split('\n');
    out.push_str(lines.next().unwrap_or(""));
    let base = lines.clone().filter(|l| !blank(l)).map(spaces).min();
    for line in lines {
        out.push('\n');
        if !blank(line) {
            out.extend(std::iter::repeat_n(' ', indent));
            out.push_str(&line[base.unwrap_or(0)..]);
        }
    }
}

/// Writes the scalar (tag first) in `style`, which can hold its content; inside a flow
/// collection when `flow`.
pub(super) fn write_styled(
    out: &mut String,
    s: &Scalar,
    style: ScalarStyle,
    indent: usize,
    flow: bool,
) -> bool {
    if let Some(t) = s.tag() {
        out.push_str(t);
        if style == ScalarStyle::Plain && s.value.is_empty() {
            return true;
        }
        out.push(' ');
    }
    if let Some(text) = source(s, flow).filter(|_| style == s.style) {
        write_source(out, text, indent + 2);
        return true;
    }
    match style {
        ScalarStyle::Plain => write_flow_lines(out, &s.value, indent + 2, |o, p| o.push_str(p)),
        ScalarStyle::SingleQuoted => write_single(out, &s.value, indent + 2),
        ScalarStyle::DoubleQuoted => write_double(out, &s.value),
        ScalarStyle::Literal | ScalarStyle::Folded => {
            let header = s.source().filter(|_| style == s.style);
            let folded = style == ScalarStyle::Folded;
            write_block(out, &s.value, indent, folded, header);
            return false;
        }
    }
    true
}

/// A plain scalar that reads back as exactly this text in block context.
/// A key (followed by `:`) may end with `:` itself.
pub(crate) fn plain_ok(s: &str, key: bool, col0: bool) -> bool {
    let Some(first) = s.chars().next() else {
        return false;
    };
    // Tabs inside a plain scalar are content (but not at its ends).
    if s.starts_with([' ', '\t']) || s.ends_with([' ', '\t']) || !plain_inside(s) {
        return false;
    }
    if (s.ends_with(':') && !key) || (col0 && is_marker(s)) {
        return false;
    }
    match first {
        '-' | '?' | ':' => {
            s[1..].starts_with(|c: char| c != ' ' && c != '\t') || (key && s.len() == 1)
        }
        ',' | '[' | ']' | '{' | '}' | '#' | '&' | '*' | '!' | '|' | '>' | '\'' | '"' | '%'
        | '@' | '`' => false,
        _ => true,
    }
}

/// A plain scalar, possibly over several lines: each line plain-safe, no leading or trailing
/// line break.
fn plain_lines_ok(s: &str, key: bool, col0: bool) -> bool {
    if !s.contains('\n') {
        return plain_ok(s, key, col0);
    }
    !s.starts_with('\n')
        && !s.ends_with('\n')
        && s.split('\n')
            .all(|l| l.is_empty() || plain_ok(l, false, col0))
}

/// Nothing but tabs that needs escapes, and no `: ` or ` #` (or the same with a tab): one
/// pass over ASCII text, the two checks on any other.
pub(super) fn plain_inside(s: &str) -> bool {
    // Most scalars hold no blank, control or non-ASCII character at all: checked first without
    // an early exit, which the compiler runs on many bytes at once.
    if s.bytes().fold(true, |ok, b| ok & (0x21..0x7f).contains(&b)) {
        return true;
    }
    let mut prev = 0u8;
    for &c in s.as_bytes() {
        let bad = match c {
            b'\t' | b' ' => prev == b':',
            b'#' => matches!(prev, b' ' | b'\t'),
            0..=0x1f | 0x7f => true,
            0x80.. => {
                return !s.split('\t').any(needs_escapes) && !has_comment_or_value_indicator(s)
            }
            _ => false,
        };
        if bad {
            return false;
        }
        prev = c;
    }
    true
}

/// `: ` or ` #` anywhere (or the same with a tab).
fn has_comment_or_value_indicator(s: &str) -> bool {
    s.as_bytes()
        .windows(2)
        .any(|w| matches!(w, b": " | b":\t" | b" #" | b"\t#"))
}

/// A document marker at column 0: `---` followed by anything (kubectl's splitting cuts the
/// stream at every line starting with `---`), or `...` followed by a blank or the end.
fn is_marker(s: &str) -> bool {
    s.starts_with("---")
        || (s.starts_with("...") && s[3..].chars().next().is_none_or(|c| c == ' ' || c == '\t'))
}

/// Single quotes hold anything printable; line breaks only between non-blank characters.
pub(crate) fn single_ok(s: &str) -> bool {
    if !s.contains('\n') {
        return !needs_escapes(s);
    }
    if blank_near_break(s) {
        return false;
    }
    !s.split('\n').any(needs_escapes)
}

fn blank_near_break(s: &str) -> bool {
    let b = s.as_bytes();
    b.iter().enumerate().any(|(i, &c)| {
        c == b'\n'
            && (i > 0 && matches!(b[i - 1], b' ' | b'\t' | b'\r')
                || matches!(b.get(i + 1), Some(b' ' | b'\t')))
    })
}

/// Block scalars hold any printable text with tabs and line feeds.
fn block_ok(s: &str) -> bool {
    // Most block scalars (descriptions) are printable ASCII, line feeds and tabs throughout:
    // one pass without an early exit, which the compiler runs on many bytes at once; the
    // character-by-character split only for the others.
    let plain = |b: u8| (0x20..0x7f).contains(&b) | (b == b'\n') | (b == b'\t');
    s.bytes().fold(true, |ok, b| ok & plain(b)) || !s.split(['\n', '\t']).any(needs_escapes)
}

fn write_single(out: &mut String, v: &str, cont_indent: usize) {
    out.push('\'');
    write_flow_lines(out, v, cont_indent, |out, mut seg| {
        // Each quote doubled: the text up to and with it, then the second.
        while let Some(i) = memchr::memchr(b'\'', seg.as_bytes()) {
            out.push_str(&seg[..=i]);
            out.push('\'');
            seg = &seg[i + 1..];
        }
        out.push_str(seg);
    });
    out.push('\'');
}

/// Multi-line flow scalar text: a run of `k` line breaks in the content is written as `k + 1`
/// breaks (line folding), the following line indented by `cont_indent`; a run at the very end
/// is followed by an indented line for the closing quote.
fn write_flow_lines(
    out: &mut String,
    v: &str,
    cont_indent: usize,
    seg: impl Fn(&mut String, &str),
) {
    if !v.as_bytes().contains(&b'\n') {
        if !v.is_empty() {
            seg(out, v);
        }
        return;
    }
    let mut breaks = 0;
    for (i, part) in v.split('\n').enumerate() {
        if i > 0 {
            breaks += 1;
        }
        if part.is_empty() {
            continue;
        }
        flush_breaks(out, &mut breaks, cont_indent);
        seg(out, part);
    }
    flush_breaks(out, &mut breaks, cont_indent);
}

fn flush_breaks(out: &mut String, breaks: &mut usize, cont_indent: usize) {
    if *breaks > 0 {
        out.extend(std::iter::repeat_n('\n', *breaks + 1));
        push_indent(out, cont_indent);
        *breaks = 0;
    }
}

/// Double-quoted on one line, with escapes for everything that is not printable.
pub(crate) fn write_double(out: &mut String, v: &str) {
    out.push('"');
    for c in v.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\0' => out.push_str("\\0"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\u{b}' => out.push_str("\\v"),
            '\u{c}' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            '\u{1b}' => out.push_str("\\e"),
            '\u{85}' => out.push_str("\\N"),
            '\u{2028}' => out.push_str("\\L"),
            '\u{2029}' => out.push_str("\\P"),
            c if c.is_control() => out.push_str(&format!("\\x{:02X}", c as u32)),
            '\u{feff}' | '\u{fffe}' | '\u{ffff}' => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

fn push_indent(out: &mut String, n: usize) {
    out.extend(std::iter::repeat_n(' ', n));
}

/// `|`/`>` header (indentation indicator when the text starts with a blank, chomping from the
/// trailing line breaks), then the lines at column `indent`.
/// The header the writer gives a block scalar holding `v`: `|` or `>`, `2` when its first line
/// starts with a blank, `-` without a final line break, `+` with more than one.
pub(crate) fn block_header(v: &str, folded: bool) -> String {
    let mut h = String::from(if folded { '>' } else { '|' });
    if v.trim_start_matches('\n').starts_with([' ', '\t']) {
        h.push('2');
    }
    match v.strip_suffix('\n') {
        None => h.push('-'),
        Some(rest) if rest.is_empty() || rest.ends_with('\n') => h.push('+'),
        Some(_) => {}
    }
    h
}

/// The indicators of a block scalar's header (`4-` of `|4- # c`).
pub(crate) fn block_indicators(header: &str) -> Option<&str> {
    let indicators = header.get(1..)?;
    let end = indicators
        .find(|c: char| !c.is_ascii_digit() && c != '+' && c != '-')
        .unwrap_or(indicators.len());
    Some(&indicators[..end])
}

/// The indentation indicator of a block scalar's header (`4` of `|4-`), if it has one.
fn indentation_indicator(header: &str) -> Option<usize> {
    block_indicators(header)?
        .chars()
        .find_map(|c| c.to_digit(10))
        .map(|d| d as usize)
}

/// Writes a block scalar holding `v` under the header it was read with (`header`, see
/// [`Scalar::source`]) or else under [`block_header`]. Its lines are at column `parent` (the
/// column of the node that holds it: its map key, its sequence's `-`) plus the header's
/// indentation indicator, or plus two (the writer's own header has `2` or none).
fn write_block(out: &mut String, v: &str, parent: usize, folded: bool, header: Option<&str>) {
    let step = header.and_then(indentation_indicator).unwrap_or(2);
    let indent = parent + step;
    if let Some((header, lines)) = header.and_then(|h| h.split_once('\n')) {
        // A folded scalar's own lines (see `Scalar::source`), moved to this column.
        out.push_str(header);
        for line in lines.split('\n') {
            out.push('\n');
            if !line.is_empty() {
                push_indent(out, indent);
                out.push_str(line);
            }
        }
        out.push('\n');
        return;
    }
    out.push_str(&header.map_or_else(|| block_header(v, folded), str::to_string));
    let body = v.strip_suffix('\n').unwrap_or(v);
    out.push('\n');
    let mut lines = body.split('\n');
    while let Some(line) = lines.next() {
        if !line.is_empty() {
            push_indent(out, indent);
            out.push_str(line);
        }
        out.push('\n');
        if folded && is_text_line(line) {
            let next = lines.clone().find(|l| !l.is_empty());
            if next.is_some_and(is_text_line) {
                out.push('\n');
            }
        }
    }
}

/// A folded-scalar line whose line breaks fold: not empty, not starting with a blank.
fn is_text_line(line: &str) -> bool {
    !line.is_empty() && !line.starts_with([' ', '\t'])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one-pass check of a block scalar answers as the check of each of its lines: for
    /// printable ASCII with line feeds and tabs, and for every character that needs escapes or
    /// only looks like one (a C1 control, U+2028, U+FEFF beside U+00E9, U+2027, U+FEFE).
    #[test]
    fn block_scalars_are_checked_as_their_lines() {
        let by_lines = |s: &str| !s.split(['\n', '\t']).any(needs_escapes);
        let odd = [
            "\u{85}", "\u{9f}", "\u{2028}", "\u{2029}", "\u{feff}", "\u{fffe}", "\r", "\u{7f}",
            "\u{0}", "\u{e9}", "\u{2027}", "\u{fefe}", "\t", "\n", " ",
        ];
        for base in ["", "a", "line one\nline two\n", "\tindented\n\nx"] {
            assert_eq!(block_ok(base), by_lines(base), "{base:?}");
            for c in odd {
                for s in [
                    format!("{c}{base}"),
                    format!("{base}{c}"),
                    format!("a{c}b\n{base}"),
                ] {
                    assert_eq!(block_ok(&s), by_lines(&s), "{s:?}");
                }
            }
        }
    }

    /// A scalar [`plain_as_is`] passes is one the full checks write plain, as its value, as a
    /// key or a value at any column and in flow context; the others are left to them.
    #[test]
    fn scalars_written_as_is_are_plain_everywhere() {
        let values = [
            "a",
            "nginx",
            "app.kubernetes.io/name",
            "v1",
            "1",
            "0755",
            "1e3",
            "true",
            "y",
            "null",
            "a-b_c.d/e",
            "9-",
            "x.",
            "...",
            "---",
            "-a",
            ".a",
            "_a",
            "/a",
            "a:",
            "a b",
            "a#",
            "a,b",
            "a\tb",
            "é",
            "",
            "a\nb",
            "~",
            "a@b",
            "a[b",
            "a`b",
            "a{b",
            "a:b",
            "a+b",
            "Z-z_0/9.",
            "aé",
            "a\u{7f}",
            "a\u{0}",
        ];
        for v in values {
            let s = Scalar::plain(v);
            let fast = plain_as_is(&s);
            let first = v.bytes().next();
            assert_eq!(
                fast,
                first.is_some_and(|c| c.is_ascii_alphanumeric())
                    && v.bytes()
                        .all(|c| c.is_ascii_alphanumeric() || b"-._/".contains(&c)),
                "{v:?}"
            );
            if !fast {
                continue;
            }
            for (key, col0) in [(false, false), (true, false), (true, true), (false, true)] {
                let style = style_written(&s.value, s.style, false, key, col0);
                assert_eq!(style, ScalarStyle::Plain, "{v:?} {key} {col0}");
            }
            let mut out = String::new();
            write_flow_lines(&mut out, v, 2, |o, p| o.push_str(p));
            assert_eq!(out, v);
        }
        // Tagged, quoted or with a source text: not as is.
        let mut tagged = Scalar::plain("a");
        tagged.props.set_tag(Some("!!str".into()));
        let mut quoted = Scalar::plain("a");
        quoted.style = ScalarStyle::SingleQuoted;
        let mut kept = Scalar::plain("a");
        kept.props.set_source(Some("a".into()));
        for s in [tagged, quoted, kept] {
            assert!(!plain_as_is(&s), "{s:?}");
        }
    }
}
