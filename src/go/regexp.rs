//! Go's regular expressions (`regexp.Compile`, RE2 syntax with Perl extensions) on the `regex`
//! crate: a pattern is parsed with Go's rules — its errors are Go's, word for word
//! (`error parsing regexp: missing closing ): `(a``) — and written out in the `regex` crate's
//! syntax with Go's meaning kept where the two differ:
//! - `\d`, `\s`, `\w`, `\b`, `\B` are ASCII in Go (and `\s` has no `\v`);
//! - a `{` that does not start a valid `{n}`, `{n,}`, `{n,m}` is a literal;
//! - `[` inside a class is a literal (the `regex` crate nests classes), as are `&&`, `--`, `~~`;
//! - `\<`, `\>` are literals (word boundaries in the `regex` crate), octal escapes are allowed;
//! - groups never capture (only matching is asked), flags are written once each.
//!
//! Counted repetitions are limited as Go limits them (1000, also for nested products).

mod class;
mod repeat;
#[cfg(test)]
mod tests;

use repeat::parse_repeat;
use std::fmt;

/// A pattern Go's `regexp.Compile` refuses: ``error parsing regexp: <code>: `<expr>` `` (code and expression).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoRegexError {
    pub code: &'static str,
    pub expr: String,
}

impl fmt::Display for GoRegexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "error parsing regexp: {}: `{}`", self.code, self.expr)
    }
}

pub(crate) const MISSING_PAREN: &str = "missing closing )";
pub(crate) const UNEXPECTED_PAREN: &str = "unexpected )";
pub(crate) const MISSING_BRACKET: &str = "missing closing ]";
pub(crate) const INVALID_ESCAPE: &str = "invalid escape sequence";
pub(crate) const INVALID_RANGE: &str = "invalid character class range";
pub(crate) const INVALID_PERL_OP: &str = "invalid or unsupported Perl syntax";
pub(crate) const INVALID_NAMED_CAPTURE: &str = "invalid named capture";
pub(crate) const INVALID_REPEAT_OP: &str = "invalid nested repetition operator";
pub(crate) const INVALID_REPEAT_SIZE: &str = "invalid repeat count";
pub(crate) const MISSING_REPEAT_ARG: &str = "missing argument to repetition operator";
pub(crate) const TRAILING_BACKSLASH: &str = "trailing backslash at end of expression";

pub(crate) fn error(code: &'static str, expr: &str) -> GoRegexError {
    GoRegexError {
        code,
        expr: expr.to_string(),
    }
}

/// Go's limit on counted repetitions (also on the product of nested ones).
const MAX_REPEAT: u64 = 1000;

/// Compiles a Go pattern; `Err` is Go's parse error (a pattern Go accepts but the `regex` crate
/// cannot build, e.g. over its size limit, reports the crate's message under Go's prefix).
pub fn compile(pattern: &str) -> Result<regex::Regex, GoRegexError> {
    let translated = translate(pattern)?;
    regex::Regex::new(&translated).map_err(|e| GoRegexError {
        code: "expression too large",
        expr: e.to_string().lines().last().unwrap_or_default().to_string(),
    })
}

/// Checks a pattern with Go's parser only (no compilation): `Err` is Go's error.
pub fn check(pattern: &str) -> Result<(), GoRegexError> {
    translate(pattern).map(|_| ())
}

/// One atom written to the output: where it starts, and the smallest repetition budget its
/// nested counted repetitions need (Go's `repeatIsValid`).
#[derive(Clone, Copy)]
struct Atom {
    start: usize,
    need: u64,
    /// An empty-width assertion, wrapped in a group before it is repeated.
    assertion: bool,
}

/// One open group (the outermost is the whole pattern).
struct Frame {
    /// The budget needed by what was parsed in this group so far (all alternatives).
    need: u64,
    last: Option<Atom>,
}

/// The parse state: the rest of the pattern, the output, the open groups.
struct Translator<'a> {
    whole: &'a str,
    rest: &'a str,
    out: String,
    frames: Vec<Frame>,
    /// The text from the previous repetition operator on, when the last item was one.
    last_repeat: Option<&'a str>,
}

/// Parses `pattern` with Go's rules and writes it in the `regex` crate's syntax.
pub fn translate(pattern: &str) -> Result<String, GoRegexError> {
    let mut t = Translator {
        whole: pattern,
        rest: pattern,
        out: String::with_capacity(pattern.len() + 8),
        frames: vec![Frame {
            need: 0,
            last: None,
        }],
        last_repeat: None,
    };
    while !t.rest.is_empty() {
        t.step()?;
    }
    if t.frames.len() != 1 {
        return Err(error(MISSING_PAREN, pattern));
    }
    Ok(t.out)
}

impl<'a> Translator<'a> {
    fn frame(&mut self) -> &mut Frame {
        self.frames
            .last_mut()
            .expect("the outermost frame is never popped")
    }

    /// Ends the current atom (folding its budget into the group) and starts a new one.
    fn atom(&mut self, need: u64, assertion: bool) {
        let start = self.out.len();
        let f = self.frame();
        if let Some(prev) = f.last {
            f.need = f.need.max(prev.need);
        }
        f.last = Some(Atom {
            start,
            need,
            assertion,
        });
    }

    /// One item of the pattern.
    fn step(&mut self) -> Result<(), GoRegexError> {
        let c = self.rest.chars().next().expect("not empty");
        let mut repeat = None;
        match c {
            '(' => self.open()?,
            '|' => {
                self.close_atom();
                self.frame().last = None;
                self.out.push('|');
                self.rest = &self.rest[1..];
            }
            ')' => self.close()?,
            '^' | '$' | '.' => {
                self.atom(0, c != '.');
                self.out.push(c);
                self.rest = &self.rest[1..];
            }
            '[' => {
                self.atom(0, false);
                let (text, rest) = class::parse(self.rest)?;
                self.out.push_str(&text);
                self.rest = rest;
            }
            '*' | '+' | '?' => {
                let before = self.rest;
                self.repeat(before, 1, None)?;
                repeat = Some(before);
            }
            '{' => match parse_repeat(self.rest) {
                Some((min, max, after)) => {
                    let before = self.rest;
                    let op = &before[..before.len() - after.len()];
                    let too_big = |n: i64| !(0..=MAX_REPEAT as i64).contains(&n);
                    if too_big(min) || max.is_some_and(|m| too_big(m) || min > m) {
                        return Err(error(INVALID_REPEAT_SIZE, op));
                    }
                    self.repeat(before, op.len(), Some((min as u64, max.map(|m| m as u64))))?;
                    repeat = Some(before);
                }
                None => {
                    self.literal('{');
                    self.rest = &self.rest[1..];
                }
            },
            '\\' => self.escape()?,
            _ => {
                self.literal(c);
                self.rest = &self.rest[c.len_utf8()..];
            }
        }
        self.last_repeat = repeat;
        Ok(())
    }

    fn close_atom(&mut self) {
        let f = self.frame();
        if let Some(prev) = f.last.take() {
            f.need = f.need.max(prev.need);
        }
    }

    fn literal(&mut self, c: char) {
        self.atom(0, false);
        push_literal(&mut self.out, c, false);
    }

    /// `(`, `(?:`, `(?P<name>`, `(?<name>`, `(?flags)`, `(?flags:`.
    fn open(&mut self) -> Result<(), GoRegexError> {
        let s = self.rest;
        if !s.starts_with("(?") {
            return self.push_group(1);
        }
        let named_p = s.len() > 4 && s[2..].starts_with("P<");
        let named = s.len() > 3 && s[2..].starts_with('<');
        if named_p || named {
            let Some(end) = s.find('>') else {
                return Err(error(INVALID_NAMED_CAPTURE, s));
            };
            let name = &s[if named_p { 4 } else { 3 }..end];
            if name.is_empty() || !name.chars().all(|c| c == '_' || c.is_ascii_alphanumeric()) {
                return Err(error(INVALID_NAMED_CAPTURE, &s[..=end]));
            }
            return self.push_group(end + 1);
        }
        self.flags()
    }

    /// Opens a group whose opening text is `len` bytes long.
    fn push_group(&mut self, len: usize) -> Result<(), GoRegexError> {
        self.atom(0, false);
        self.out.push_str("(?:");
        self.rest = &self.rest[len..];
        self.frames.push(Frame {
            need: 0,
            last: None,
        });
        Ok(())
    }

    /// `(?flags)` or `(?flags:` (Go: i, m, s, U, one `-`).
    fn flags(&mut self) -> Result<(), GoRegexError> {
        let s = self.rest;
        let (mut on, mut off) = (String::new(), String::new());
        let mut negated = false;
        let mut saw_flag = false;
        for (i, c) in s[2..].char_indices() {
            let consumed = &s[..2 + i + c.len_utf8()];
            match c {
                'i' | 'm' | 's' | 'U' => {
                    let set = if negated { &mut off } else { &mut on };
                    if !set.contains(c) {
                        set.push(c);
                    }
                    saw_flag = true;
                }
                '-' if !negated => {
                    negated = true;
                    saw_flag = false;
                }
                ':' | ')' if !negated || saw_flag => {
                    let flags = if off.is_empty() {
                        on
                    } else {
                        format!("{on}-{off}")
                    };
                    self.rest = &s[consumed.len()..];
                    if c == ')' {
                        if !flags.is_empty() {
                            self.out.push_str(&format!("(?{flags})"));
                        }
                        return Ok(());
                    }
                    self.atom(0, false);
                    self.out.push_str(&format!("(?{flags}:"));
                    self.frames.push(Frame {
                        need: 0,
                        last: None,
                    });
                    return Ok(());
                }
                _ => return Err(error(INVALID_PERL_OP, consumed)),
            }
        }
        Err(error(INVALID_PERL_OP, s))
    }

    fn close(&mut self) -> Result<(), GoRegexError> {
        if self.frames.len() < 2 {
            return Err(error(UNEXPECTED_PAREN, self.whole));
        }
        self.close_atom();
        let inner = self.frames.pop().expect("checked").need;
        self.out.push(')');
        self.rest = &self.rest[1..];
        // The group is the atom that started with its opening text.
        if let Some(a) = self.frame().last.as_mut() {
            a.need = inner;
        }
        Ok(())
    }

    /// A backslash outside a class.
    fn escape(&mut self) -> Result<(), GoRegexError> {
        let s = self.rest;
        let next = s[1..].chars().next();
        let (text, assertion) = match next {
            Some('A') => ("\\A", true),
            Some('z') => ("\\z", true),
            Some('b') => ("(?-u:\\b)", true),
            Some('B') => ("(?-u:\\B)", true),
            Some('C') => return Err(error(INVALID_ESCAPE, &s[..2])),
            Some('Q') => return self.quoted(),
            _ => ("", false),
        };
        if !text.is_empty() {
            self.atom(0, assertion);
            self.out.push_str(text);
            self.rest = &s[2..];
            return Ok(());
        }
        if let Some((class, rest)) = class::perl_or_unicode(s)? {
            self.atom(0, false);
            self.out.push_str(&class);
            self.rest = rest;
            return Ok(());
        }
        let (c, rest) = class::parse_escape(s)?;
        self.literal(c);
        self.rest = rest;
        Ok(())
    }

    /// `\Q...\E`: literal text (to the end when there is no `\E`).
    fn quoted(&mut self) -> Result<(), GoRegexError> {
        let body = &self.rest[2..];
        let (lit, rest) = match body.find("\\E") {
            Some(i) => (&body[..i], &body[i + 2..]),
            None => (body, ""),
        };
        for c in lit.chars() {
            self.literal(c);
        }
        self.rest = rest;
        Ok(())
    }
}

/// Writes `c` as a literal in the `regex` crate's syntax (`in_class`: inside `[...]`).
pub(crate) fn push_literal(out: &mut String, c: char, in_class: bool) {
    let special = if in_class {
        matches!(c, '[' | ']' | '\\' | '^' | '-' | '&' | '~')
    } else {
        regex_syntax_meta(c)
    };
    if special {
        out.push('\\');
        out.push(c);
    } else if c.is_control() {
        out.push_str(&format!("\\x{{{:X}}}", c as u32));
    } else {
        out.push(c);
    }
}

/// The `regex` crate's meta characters (escaped when meant literally).
fn regex_syntax_meta(c: char) -> bool {
    matches!(
        c,
        '\\' | '.'
            | '+'
            | '*'
            | '?'
            | '('
            | ')'
            | '|'
            | '['
            | ']'
            | '{'
            | '}'
            | '^'
            | '$'
            | '#'
            | '&'
            | '-'
            | '~'
    )
}
