//! The scalars of [`FlowReader`]: double-quoted (YAML escapes, JSON's surrogate pairs),
//! single-quoted and plain (flow context), multi-line ones folded as YAML folds them.

use super::{Fail, FlowReader};

impl FlowReader<'_, '_> {
    /// A double-quoted scalar at `pos` (its opening quote): its content.
    pub(super) fn double_quoted(&mut self) -> Result<String, Fail> {
        self.pos += 1;
        let mut out = String::new();
        // Where the blanks at the end of `out` start (dropped before a line break).
        let mut blanks: Option<usize> = None;
        loop {
            let c = self.peek().ok_or("an unterminated double-quoted scalar")?;
            match c {
                b'"' => {
                    self.pos += 1;
                    return Ok(out);
                }
                b'\\' if matches!(self.peek_at(1), Some(b'\n' | b'\r')) => {
                    self.pos += 1;
                    self.fold(&mut out, true);
                    blanks = None;
                }
                b'\\' => {
                    self.pos += 1;
                    let e = self.escape()?;
                    out.push(e);
                    blanks = None;
                }
                b'\n' | b'\r' => {
                    out.truncate(blanks.unwrap_or(out.len()));
                    self.fold(&mut out, false);
                    blanks = None;
                }
                b' ' | b'\t' => {
                    blanks.get_or_insert(out.len());
                    out.push(c as char);
                    self.pos += 1;
                }
                _ => {
                    self.run_of(&mut out, |b| {
                        !matches!(b, b'"' | b'\\' | b'\n' | b'\r' | b' ' | b'\t')
                    });
                    blanks = None;
                }
            }
        }
    }

    /// A single-quoted scalar at `pos`: its content (`''` is a quote).
    pub(super) fn single_quoted(&mut self) -> Result<String, Fail> {
        self.pos += 1;
        let mut out = String::new();
        let mut blanks: Option<usize> = None;
        loop {
            let c = self.peek().ok_or("an unterminated single-quoted scalar")?;
            match c {
                b'\'' if self.peek_at(1) == Some(b'\'') => {
                    out.push('\'');
                    self.pos += 2;
                    blanks = None;
                }
                b'\'' => {
                    self.pos += 1;
                    return Ok(out);
                }
                b'\n' | b'\r' => {
                    out.truncate(blanks.unwrap_or(out.len()));
                    self.fold(&mut out, false);
                    blanks = None;
                }
                b' ' | b'\t' => {
                    blanks.get_or_insert(out.len());
                    out.push(c as char);
                    self.pos += 1;
                }
                _ => {
                    self.run_of(&mut out, |b| {
                        !matches!(b, b'\'' | b'\n' | b'\r' | b' ' | b'\t')
                    });
                    blanks = None;
                }
            }
        }
    }

    /// A plain scalar in flow context at `pos`: up to a flow indicator, a `: `, a ` #`, or a
    /// line whose content cannot continue it.
    pub(super) fn plain(&mut self) -> Result<String, Fail> {
        let mut out = String::new();
        loop {
            let start = self.pos;
            while let Some(c) = self.peek() {
                let ends = match c {
                    b',' | b'[' | b']' | b'{' | b'}' | b'\n' | b'\r' => true,
                    b':' => self.peek_at(1).is_none_or(blank_or_flow_indicator),
                    b'#' => {
                        self.pos > start
                            && matches!(self.text.as_bytes()[self.pos - 1], b' ' | b'\t')
                    }
                    _ => false,
                };
                if ends {
                    break;
                }
                self.pos += 1;
            }
            out.push_str(self.text[start..self.pos].trim_end_matches([' ', '\t']));
            if !matches!(self.peek(), Some(b'\n' | b'\r')) || !self.plain_continues() {
                return Ok(out);
            }
            self.fold(&mut out, false);
        }
    }

    /// At a line break after plain text: whether the next content line continues the scalar.
    fn plain_continues(&self) -> bool {
        let rest = &self.text.as_bytes()[self.pos..];
        let Some(i) = rest
            .iter()
            .position(|b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
        else {
            return false;
        };
        let c = rest[i];
        let next = rest.get(i + 1).copied();
        !(matches!(c, b',' | b'[' | b']' | b'{' | b'}' | b'#')
            || (c == b':' && next.is_none_or(blank_or_flow_indicator)))
    }

    /// At a line break (after an escaping `\` when `escaped`): consumes it, the empty lines
    /// after it and the next line's leading blanks, and appends what YAML folds them into: a
    /// space for a lone break, a line feed for each empty line (nothing for an escaped lone
    /// break).
    fn fold(&mut self, out: &mut String, escaped: bool) {
        self.line_break();
        let mut empty = 0;
        loop {
            while matches!(self.peek(), Some(b' ' | b'\t')) {
                self.pos += 1;
            }
            if !matches!(self.peek(), Some(b'\n' | b'\r')) {
                break;
            }
            self.line_break();
            empty += 1;
        }
        if empty == 0 && !escaped {
            out.push(' ');
        }
        for _ in 0..empty {
            out.push('\n');
        }
    }

    fn line_break(&mut self) {
        if self.peek() == Some(b'\r') {
            self.pos += 1;
        }
        if self.peek() == Some(b'\n') {
            self.pos += 1;
        }
        self.line += 1;
    }

    /// Appends the run of bytes from `pos` for which `keep` holds (whole characters: the
    /// stopping bytes are ASCII).
    fn run_of(&mut self, out: &mut String, keep: impl Fn(u8) -> bool) {
        let start = self.pos;
        while self.peek().is_some_and(&keep) {
            self.pos += 1;
        }
        out.push_str(&self.text[start..self.pos]);
    }

    /// The escape after a `\` at `pos - 1`.
    fn escape(&mut self) -> Result<char, Fail> {
        let c = self.peek().ok_or("an unterminated escape")?;
        self.pos += 1;
        Ok(match c {
            b'0' => '\0',
            b'a' => '\x07',
            b'b' => '\x08',
            b't' | b'\t' => '\t',
            b'n' => '\n',
            b'v' => '\x0b',
            b'f' => '\x0c',
            b'r' => '\r',
            b'e' => '\x1b',
            b' ' => ' ',
            b'"' => '"',
            b'/' => '/',
            b'\\' => '\\',
            b'N' => '\u{85}',
            b'_' => '\u{a0}',
            b'L' => '\u{2028}',
            b'P' => '\u{2029}',
            b'x' => char::from_u32(self.hex(2)?).ok_or("an invalid escape")?,
            b'U' => char::from_u32(self.hex(8)?).ok_or("an invalid escape")?,
            b'u' => self.utf16()?,
            _ => return Err("an unknown escape"),
        })
    }

    /// A `\u` escape, with the low half of a surrogate pair when it is a high half (as JSON
    /// writes characters beyond the BMP).
    fn utf16(&mut self) -> Result<char, Fail> {
        let hi = self.hex(4)?;
        if !(0xD800..0xDC00).contains(&hi) {
            return char::from_u32(hi).ok_or("an invalid escape");
        }
        if self.peek() != Some(b'\\') || self.peek_at(1) != Some(b'u') {
            return Err("an unpaired surrogate escape");
        }
        self.pos += 2;
        let lo = self.hex(4)?;
        if !(0xDC00..0xE000).contains(&lo) {
            return Err("an unpaired surrogate escape");
        }
        char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)).ok_or("an invalid escape")
    }

    fn hex(&mut self, digits: usize) -> Result<u32, Fail> {
        let s = self
            .text
            .get(self.pos..self.pos + digits)
            .ok_or("a short escape")?;
        let v = u32::from_str_radix(s, 16).map_err(|_| "an invalid escape")?;
        if !s.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err("an invalid escape");
        }
        self.pos += digits;
        Ok(v)
    }
}

/// A blank, a line break or a flow indicator: what ends an anchor or a tag, follows a verbatim
/// tag, and, after a `:`, ends a plain scalar in flow context.
pub(super) fn blank_or_flow_indicator(next: u8) -> bool {
    matches!(
        next,
        b' ' | b'\t' | b'\r' | b'\n' | b',' | b'[' | b']' | b'{' | b'}'
    )
}

/// Whether a `:` or `?` followed by `next` starts a plain scalar (in flow context).
pub(super) fn starts_plain_after(next: u8) -> bool {
    !blank_or_flow_indicator(next)
}
