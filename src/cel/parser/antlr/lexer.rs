//! The tokens of a rule as the lexer ANTLR generates from cel-go's grammar (`CELLexer`, cel-go
//! v0.26.0's `parser/gen/CEL.g4`) makes them when antlr4-go runs it: the same token types,
//! offsets and channels, and the same `token recognition error`s, each reported when the token
//! after it is fetched.
//!
//! ANTLR's lexer (`LexerATNSimulator`) runs every token rule at once over the text from where
//! the previous token ended, one code point at a time, until none of them can take the next
//! character. The token is then the longest text some rule accepted on the way (a tie goes to
//! the rule listed first in the grammar: `in`, `true`, `false`, `null` are keywords, not
//! names); the text after it is read again for the next token (`r"` unterminated is the name
//! `r`, then the refused `"…`). When no rule accepted anything, the lexer reports the text from
//! the token's start through the character every rule failed at (none at the end of the text),
//! and goes on after that character.
//!
//! Here each rule is run on its own over the bytes ([`Run`]: where it fails and the longest
//! text it accepts), and the runs are combined as the simulator's one pass combines them
//! ([`next`]). Every character a rule tests is ASCII, so a rule fails at a character boundary
//! and a refused non-ASCII character is one character, as Go's runes are.

/// One token (ANTLR's `CommonToken`), on the default or the hidden channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::cel) struct Token {
    /// ANTLR token type (the grammar's `CEL.tokens` numbering); [`EOF`] is -1.
    pub kind: i32,
    /// Byte offset of its first character.
    pub start: usize,
    /// Byte offset just past it (`start == end` for [`EOF`], at the text's length).
    pub end: usize,
    /// Whether it is on the hidden channel: [`WHITESPACE`] or [`COMMENT`].
    pub hidden: bool,
}

/// A `token recognition error` of the lexer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::cel) struct LexError {
    /// Byte offset where the refused text starts (ANTLR's `_tokenStartCharIndex`).
    pub at: usize,
    /// The refused text as antlr4-go's lexer writes it in its message (`token recognition
    /// error at: '` + text + `'`): as it stands in the rule, line breaks and tabs unescaped
    /// (ANTLR's Java runtime escapes them, Go's does not).
    pub text: String,
    /// Index in the token vector of the token whose fetching reports it: the next token the
    /// lexer emits after the error, hidden or not, [`EOF`] included.
    pub before: usize,
}

/// ANTLR's end-of-input token type.
pub(in crate::cel) const EOF: i32 = -1;

/// The token types' symbolic names (`CEL.tokens`), by type from 1.
pub(in crate::cel) const SYMBOLIC_NAMES: [&str; 37] = [
    "EQUALS",
    "NOT_EQUALS",
    "IN",
    "LESS",
    "LESS_EQUALS",
    "GREATER_EQUALS",
    "GREATER",
    "LOGICAL_AND",
    "LOGICAL_OR",
    "LBRACKET",
    "RPRACKET",
    "LBRACE",
    "RBRACE",
    "LPAREN",
    "RPAREN",
    "DOT",
    "COMMA",
    "MINUS",
    "EXCLAM",
    "QUESTIONMARK",
    "COLON",
    "PLUS",
    "STAR",
    "SLASH",
    "PERCENT",
    "CEL_TRUE",
    "CEL_FALSE",
    "NUL",
    "WHITESPACE",
    "COMMENT",
    "NUM_FLOAT",
    "NUM_INT",
    "NUM_UINT",
    "STRING",
    "BYTES",
    "IDENTIFIER",
    "ESC_IDENTIFIER",
];

// The token types, numbered and named as ANTLR numbers and names them (`CEL.tokens`).
pub(in crate::cel) const EQUALS: i32 = 1;
pub(in crate::cel) const NOT_EQUALS: i32 = 2;
pub(in crate::cel) const IN: i32 = 3;
pub(in crate::cel) const LESS: i32 = 4;
pub(in crate::cel) const LESS_EQUALS: i32 = 5;
pub(in crate::cel) const GREATER_EQUALS: i32 = 6;
pub(in crate::cel) const GREATER: i32 = 7;
pub(in crate::cel) const LOGICAL_AND: i32 = 8;
pub(in crate::cel) const LOGICAL_OR: i32 = 9;
pub(in crate::cel) const LBRACKET: i32 = 10;
/// `]`, spelled as the grammar spells it.
pub(in crate::cel) const RPRACKET: i32 = 11;
pub(in crate::cel) const LBRACE: i32 = 12;
pub(in crate::cel) const RBRACE: i32 = 13;
pub(in crate::cel) const LPAREN: i32 = 14;
pub(in crate::cel) const RPAREN: i32 = 15;
pub(in crate::cel) const DOT: i32 = 16;
pub(in crate::cel) const COMMA: i32 = 17;
pub(in crate::cel) const MINUS: i32 = 18;
pub(in crate::cel) const EXCLAM: i32 = 19;
pub(in crate::cel) const QUESTIONMARK: i32 = 20;
pub(in crate::cel) const COLON: i32 = 21;
pub(in crate::cel) const PLUS: i32 = 22;
pub(in crate::cel) const STAR: i32 = 23;
pub(in crate::cel) const SLASH: i32 = 24;
pub(in crate::cel) const PERCENT: i32 = 25;
pub(in crate::cel) const CEL_TRUE: i32 = 26;
pub(in crate::cel) const CEL_FALSE: i32 = 27;
pub(in crate::cel) const NUL: i32 = 28;
/// Hidden channel.
pub(in crate::cel) const WHITESPACE: i32 = 29;
/// Hidden channel.
pub(in crate::cel) const COMMENT: i32 = 30;
pub(in crate::cel) const NUM_FLOAT: i32 = 31;
pub(in crate::cel) const NUM_INT: i32 = 32;
pub(in crate::cel) const NUM_UINT: i32 = 33;
pub(in crate::cel) const STRING: i32 = 34;
pub(in crate::cel) const BYTES: i32 = 35;
pub(in crate::cel) const IDENTIFIER: i32 = 36;
/// A backtick-quoted name (cel-go v0.23 on).
pub(in crate::cel) const ESC_IDENTIFIER: i32 = 37;

/// The token rules that if one fixed text (operators, punctuation, keywords), in the
/// grammar's order, which decides a tie ([`next`]).
const FIXED: [(i32, &[u8]); 28] = [
    (EQUALS, b"=="),
    (NOT_EQUALS, b"!="),
    (IN, b"in"),
    (LESS, b"<"),
    (LESS_EQUALS, b"<="),
    (GREATER_EQUALS, b">="),
    (GREATER, b">"),
    (LOGICAL_AND, b"&&"),
    (LOGICAL_OR, b"||"),
    (LBRACKET, b"["),
    (RPRACKET, b"]"),
    (LBRACE, b"{"),
    (RBRACE, b"}"),
    (LPAREN, b"("),
    (RPAREN, b")"),
    (DOT, b"."),
    (COMMA, b","),
    (MINUS, b"-"),
    (EXCLAM, b"!"),
    (QUESTIONMARK, b"?"),
    (COLON, b":"),
    (PLUS, b"+"),
    (STAR, b"*"),
    (SLASH, b"/"),
    (PERCENT, b"%"),
    (CEL_TRUE, b"true"),
    (CEL_FALSE, b"false"),
    (NUL, b"null"),
];

/// All tokens of `src` (hidden ones included, [`EOF`] last) and the lexer's errors in order.
/// `escaped_names`: whether the grammar has `ESC_IDENTIFIER` (cel-go v0.23 on); when false a
/// backtick is refused like any character no token starts with.
///
/// Mirrors ANTLR's `Lexer.nextToken` loop: a match, or on a failed one the error reported and
/// the failing character skipped (`Lexer.recover`), until the end of the text gives `EOF`.
pub(in crate::cel) fn lex(src: &str, escaped_names: bool) -> (Vec<Token>, Vec<LexError>) {
    let mut tokens = Vec::new();
    let mut errors = Vec::new();
    let mut at = 0;
    while at < src.len() {
        match next(src.as_bytes(), at, escaped_names) {
            Ok((kind, end)) => {
                let hidden = kind == WHITESPACE || kind == COMMENT;
                tokens.push(Token {
                    kind,
                    start: at,
                    end,
                    hidden,
                });
                at = end;
            }
            Err(fail) => {
                // The text through the failing character, which is then consumed; at the
                // end of the text there is none (ANTLR's `getText` stops at the last one).
                let end = src[fail..]
                    .chars()
                    .next()
                    .map_or(src.len(), |c| fail + c.len_utf8());
                errors.push(LexError {
                    at,
                    text: src[at..end].to_string(),
                    before: tokens.len(),
                });
                at = end;
            }
        }
    }
    tokens.push(Token {
        kind: EOF,
        start: src.len(),
        end: src.len(),
        hidden: false,
    });
    (tokens, errors)
}

/// The token starting at byte `start` (`start` < the text's length) as ANTLR's
/// `LexerATNSimulator.match` finds it: `Ok((type, end))`, or `Err(at)`, the byte offset of the
/// character every rule failed at (the text's length when they ran to its end).
///
/// The simulator reads on while any rule can take the next character, and remembers the last
/// place some rule accepted (`prevAccept`), with the first of the accepting rules in the
/// grammar's order (its DFA state's prediction is the first configuration in a rule's stop
/// state, and configurations keep the rules' order). Its input stops where the last rule
/// fails; the token is the longest accepted text, and with none the error runs to that place.
fn next(b: &[u8], start: usize, escaped_names: bool) -> Result<(i32, usize), usize> {
    let runs = FIXED
        .iter()
        .map(|&(kind, text)| (kind, fixed(b, start, text)))
        .chain([
            (WHITESPACE, whitespace(b, start)),
            (COMMENT, comment(b, start)),
            (NUM_FLOAT, float(b, start)),
            (NUM_INT, int(b, start)),
            (NUM_UINT, uint(b, start)),
            (STRING, string(b, start)),
            (BYTES, bytes(b, start)),
            (IDENTIFIER, identifier(b, start)),
            (
                ESC_IDENTIFIER,
                if escaped_names {
                    escaped_identifier(b, start)
                } else {
                    Run::dead(start)
                },
            ),
        ]);
    let mut best: Option<(i32, usize)> = None;
    let mut fail = start;
    for (kind, run) in runs {
        fail = fail.max(run.fail);
        if let Some(end) = run.accept {
            // Strictly longer only: on a tie the rule listed first keeps it.
            if best.is_none_or(|(_, e)| end > e) {
                best = Some((kind, end));
            }
        }
    }
    best.ok_or(fail)
}

/// One token rule run alone from a token's start: where it fails (the byte offset of the
/// first character none of its paths can take, or the text's length), and the end of the
/// longest text it accepts on the way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Run {
    fail: usize,
    accept: Option<usize>,
}

impl Run {
    /// Fails at `at`, having accepted nothing.
    fn dead(at: usize) -> Run {
        Run {
            fail: at,
            accept: None,
        }
    }

    /// Accepts the text up to `end`, and can take nothing more.
    fn accepted(end: usize) -> Run {
        Run {
            fail: end,
            accept: Some(end),
        }
    }

    /// Two alternatives (or a text accepted and what may follow it) run side by side: the
    /// rule goes on while either does, and accepts the longer.
    fn or(self, other: Run) -> Run {
        Run {
            fail: self.fail.max(other.fail),
            accept: self.accept.max(other.accept),
        }
    }
}

/// The end of the run of bytes from `from` that `ok` takes (each an ASCII character).
fn take(b: &[u8], from: usize, ok: fn(&u8) -> bool) -> usize {
    from + b
        .get(from..)
        .map_or(0, |r| r.iter().take_while(|x| ok(x)).count())
}

/// Whether the byte at `at` is one of `set`.
fn is(b: &[u8], at: usize, set: &[u8]) -> bool {
    b.get(at).is_some_and(|x| set.contains(x))
}

/// A rule of one fixed text: it fails at the first character that differs.
fn fixed(b: &[u8], start: usize, text: &[u8]) -> Run {
    let same = b[start..]
        .iter()
        .zip(text)
        .take_while(|(x, y)| x == y)
        .count();
    if same == text.len() {
        Run::accepted(start + same)
    } else {
        Run::dead(start + same)
    }
}

/// `WHITESPACE`: one or more of tab, space, CR, LF, form feed.
fn whitespace(b: &[u8], start: usize) -> Run {
    let end = take(b, start, |x| {
        matches!(x, b'\t' | b' ' | b'\r' | b'\n' | b'\x0c')
    });
    if end > start {
        Run::accepted(end)
    } else {
        Run::dead(start)
    }
}

/// `COMMENT`: `//` and every character up to a line feed (a CR is part of it).
fn comment(b: &[u8], start: usize) -> Run {
    match fixed(b, start, b"//") {
        Run {
            accept: Some(from), ..
        } => Run::accepted(memchr::memchr(b'\n', &b[from..]).map_or(b.len(), |n| from + n)),
        partial => partial,
    }
}

fn digits(b: &[u8], from: usize) -> usize {
    take(b, from, u8::is_ascii_digit)
}

/// `EXPONENT` at `at`, after the text accepted so far: `e` or `E`, an optional sign, digits.
fn exponent(b: &[u8], at: usize) -> Run {
    if !is(b, at, b"eE") {
        return Run::dead(at);
    }
    let from = at + 1 + usize::from(is(b, at + 1, b"+-"));
    let end = digits(b, from);
    if end > from {
        Run::accepted(end)
    } else {
        Run::dead(from)
    }
}

/// A `.` at `at` then digits, then an optional exponent (both forms of `NUM_FLOAT` with a
/// fraction).
fn fraction(b: &[u8], at: usize) -> Run {
    if !is(b, at, b".") {
        return Run::dead(at);
    }
    let end = digits(b, at + 1);
    if end > at + 1 {
        Run::accepted(end).or(exponent(b, end))
    } else {
        Run::dead(at + 1)
    }
}

/// `NUM_FLOAT`: digits with a fraction, an exponent or both, or a fraction alone.
fn float(b: &[u8], start: usize) -> Run {
    let whole = digits(b, start);
    if whole > start {
        fraction(b, whole).or(exponent(b, whole))
    } else {
        fraction(b, start)
    }
}

/// `0x` (lowercase only) and hex digits, where [`int`] and [`uint`] have it: `Ok(end)` of the
/// digits, or `Err` where it fails.
fn hex(b: &[u8], start: usize) -> Result<usize, usize> {
    let prefix = fixed(b, start, b"0x");
    let from = prefix.accept.ok_or(prefix.fail)?;
    let end = take(b, from, u8::is_ascii_hexdigit);
    if end > from {
        Ok(end)
    } else {
        Err(from)
    }
}

/// `NUM_INT`: digits, or `0x` and hex digits.
fn int(b: &[u8], start: usize) -> Run {
    let decimal = match digits(b, start) {
        end if end > start => Run::accepted(end),
        _ => Run::dead(start),
    };
    decimal.or(hex(b, start).map_or_else(Run::dead, Run::accepted))
}

/// `NUM_UINT`: either form of [`int`] followed by `u` or `U`.
fn uint(b: &[u8], start: usize) -> Run {
    let suffix = |end: usize| {
        if is(b, end, b"uU") {
            Run::accepted(end + 1)
        } else {
            Run::dead(end)
        }
    };
    let decimal = match digits(b, start) {
        end if end > start => suffix(end),
        _ => Run::dead(start),
    };
    decimal.or(hex(b, start).map_or_else(Run::dead, suffix))
}

/// `IDENTIFIER`: a letter or `_`, then letters, digits and `_`.
fn identifier(b: &[u8], start: usize) -> Run {
    if !(b[start] == b'_' || b[start].is_ascii_alphabetic()) {
        return Run::dead(start);
    }
    Run::accepted(take(b, start + 1, |x| {
        *x == b'_' || x.is_ascii_alphanumeric()
    }))
}

/// `ESC_IDENTIFIER`: a backtick, one or more letters, digits, `_`, `.`, `-`, `/` or spaces,
/// a backtick.
fn escaped_identifier(b: &[u8], start: usize) -> Run {
    if b[start] != b'`' {
        return Run::dead(start);
    }
    let end = take(b, start + 1, |x| {
        x.is_ascii_alphanumeric() || b"_.-/ ".contains(x)
    });
    if end > start + 1 && is(b, end, b"`") {
        Run::accepted(end + 1)
    } else {
        Run::dead(end)
    }
}

/// `BYTES`: `b` or `B`, then a [`string`].
fn bytes(b: &[u8], start: usize) -> Run {
    if is(b, start, b"bB") {
        string(b, start + 1)
    } else {
        Run::dead(start)
    }
}

/// `STRING` at `at`: an optional `r` or `R` (raw: backslashes are plain characters), then a
/// literal quoted with `"` or `'`, once or three times.
///
/// Two quotes are the empty literal, which the rule accepts even when a third opens a
/// triple-quoted one (`"""` unterminated reads as `""` then a refused `"…`). A triple-quoted
/// literal ends at the first three quotes outside an escape sequence: its loop is non-greedy,
/// and once a path of the rule reaches its end the simulator drops every path of the same
/// rule after it (`getReachableConfigSet`'s `skipAlt`), which are the ones still inside.
fn string(b: &[u8], at: usize) -> Run {
    let raw = is(b, at, b"rR");
    let open = at + usize::from(raw);
    let Some(&quote @ (b'"' | b'\'')) = b.get(open) else {
        return Run::dead(open);
    };
    if !is(b, open + 1, &[quote]) {
        return single(b, open + 1, quote, raw);
    }
    let empty = Run::accepted(open + 2);
    if is(b, open + 2, &[quote]) {
        empty.or(triple(b, open + 3, quote, raw))
    } else {
        empty
    }
}

/// The rest of a literal quoted once, from `at`: no line break in it.
fn single(b: &[u8], mut at: usize, quote: u8, raw: bool) -> Run {
    loop {
        match b.get(at) {
            None => return Run::dead(b.len()),
            Some(&c) if c == quote => return Run::accepted(at + 1),
            Some(b'\n' | b'\r') => return Run::dead(at),
            Some(b'\\') if !raw => match escape(b, at) {
                Ok(end) => at = end,
                Err(fail) => return Run::dead(fail),
            },
            Some(_) => at += 1,
        }
    }
}

/// The rest of a triple-quoted literal, from `at` (see [`string`]): anything but a backslash
/// outside an escape sequence, line breaks included.
fn triple(b: &[u8], mut at: usize, quote: u8, raw: bool) -> Run {
    loop {
        if b[at.min(b.len())..].starts_with(&[quote; 3]) {
            return Run::accepted(at + 3);
        }
        match b.get(at) {
            None => return Run::dead(b.len()),
            Some(b'\\') if !raw => match escape(b, at) {
                Ok(end) => at = end,
                Err(fail) => return Run::dead(fail),
            },
            Some(_) => at += 1,
        }
    }
}

/// The escape sequence (`ESC_SEQ`) whose backslash is at `at`: `Ok(end)`, or `Err` where it
/// fails. After the backslash, one of `abfnrtv"'\?` and a backtick, an octal byte (`0`-`3`
/// and two octal digits), `x` or `X` and two hex digits, `u` and four, or `U` and eight.
fn escape(b: &[u8], at: usize) -> Result<usize, usize> {
    let need = |count: usize, ok: fn(&u8) -> bool| {
        let from = at + 2;
        let end = take(b, from, ok).min(from + count);
        if end == from + count {
            Ok(end)
        } else {
            Err(end)
        }
    };
    match b.get(at + 1) {
        Some(
            b'a' | b'b' | b'f' | b'n' | b'r' | b't' | b'v' | b'"' | b'\'' | b'\\' | b'?' | b'`',
        ) => Ok(at + 2),
        Some(b'0'..=b'3') => need(2, |x| matches!(x, b'0'..=b'7')),
        Some(b'x' | b'X') => need(2, u8::is_ascii_hexdigit),
        Some(b'u') => need(4, u8::is_ascii_hexdigit),
        Some(b'U') => need(8, u8::is_ascii_hexdigit),
        _ => Err((at + 1).min(b.len())),
    }
}

#[cfg(test)]
mod tests;
