//! The scanner: one document's text into tokens, with libyaml's grammar as go-yaml v2 runs it.
//!
//! Tokens are produced lazily, when the parser asks for one, exactly as libyaml queues them:
//! a possible simple key (a scalar, a flow collection, an anchor or a tag that may turn out to
//! be a mapping key) holds the queue until a `:` makes it a key, or a new line or 1,024
//! characters make it impossible; indentation changes insert block-start and block-end tokens.
//! So errors are found at the same point of the text as go-yaml finds them.
//!
//! Positions: `index` is the byte offset, `line` and `column` are 0-based, in characters (go-yaml's
//! simple-key distance counts characters: on one line, that is the distance between columns).
//! Line breaks are YAML 1.1's: LF, CR, CRLF, NEL (U+0085), LS (U+2028), PS (U+2029); in scalar
//! text CR, CRLF and NEL read as LF, LS and PS as themselves.

use crate::fxhash::FxHashMap;
use std::collections::VecDeque;

/// A position in the text. Every token carries two and every event two, so it holds only what
/// a node's position needs (a document may be larger than 4 GiB: the fields stay `usize`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mark {
    /// Byte offset.
    pub index: usize,
    /// 0-based line.
    pub line: usize,
    /// 0-based column, in characters.
    pub column: usize,
}

/// How a scalar is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Plain,
    Single,
    Double,
    Literal,
    Folded,
}

/// What a token is. Its text, if it has one, is the token's [`Token::text`]: the kind alone is
/// small and `Copy`, so the parser looks at the next token as often as it needs without copying
/// or dropping any text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok {
    StreamStart,
    StreamEnd,
    VersionDirective(u8, u8),
    /// Handle and prefix in the text (see [`Token::text`]).
    TagDirective,
    DocumentStart,
    DocumentEnd,
    BlockSequenceStart,
    BlockMappingStart,
    BlockEnd,
    FlowSequenceStart,
    FlowSequenceEnd,
    FlowMappingStart,
    FlowMappingEnd,
    BlockEntry,
    FlowEntry,
    Key,
    Value,
    /// The name in the text.
    Alias,
    /// The name in the text.
    Anchor,
    /// Handle and suffix in the text (see [`Token::text`]; a verbatim tag has an empty handle).
    Tag,
    /// The value in the text.
    Scalar(Style),
}

#[derive(Clone, Debug)]
pub struct Token {
    pub tok: Tok,
    pub start: Mark,
    pub end: Mark,
    /// A scalar's value, an alias's or anchor's name; a tag's handle and suffix, a `%TAG`
    /// directive's handle and prefix, as the handle, a NUL, then the rest (no handle holds a
    /// NUL: the first one parts them, see [`split_handle`]). Empty for the other tokens.
    pub text: String,
}

/// The handle and the rest of a tag's or `%TAG` directive's [`Token::text`].
pub fn split_handle(text: &str) -> (&str, &str) {
    text.split_once('\0').unwrap_or((text, ""))
}

/// A tag's or `%TAG` directive's [`Token::text`] for its handle and the rest.
fn join_handle(handle: &str, rest: &str) -> String {
    let mut text = String::with_capacity(handle.len() + 1 + rest.len());
    text.push_str(handle);
    text.push('\0');
    text.push_str(rest);
    text
}

/// Who found a problem: go-yaml words scanner and parser errors differently (see
/// [`super::Refusal`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    Scanner,
    Parser,
    /// The composer and the conversion to JSON (no position in go-yaml's message).
    Decoder,
}

/// A syntax error: go-yaml's problem, where it was found, and the mark of its context.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub stage: Stage,
    pub problem: String,
    pub mark: Mark,
    pub context: Mark,
}

#[derive(Clone, Copy, Debug)]
struct SimpleKey {
    possible: bool,
    required: bool,
    token_number: usize,
    mark: Mark,
}

const MAX_FLOW_LEVEL: usize = 10_000;
const MAX_INDENTS: usize = 10_000;

pub struct Scanner<'a> {
    text: &'a str,
    bytes: &'a [u8],
    /// The text ends without a line break: one is read after it (kubectl's line reader adds it).
    virtual_break: bool,
    /// The text had a NUL character where it now ends: go-yaml's reader refuses it before its
    /// scanner could read it, so scanning stops there with that refusal.
    cut_at_nul: bool,
    mark: Mark,
    tokens: VecDeque<Token>,
    tokens_parsed: usize,
    token_available: bool,
    stream_start_produced: bool,
    stream_end_produced: bool,
    indent: isize,
    indents: Vec<isize>,
    simple_key_allowed: bool,
    simple_keys: Vec<SimpleKey>,
    /// The possible keys of the flow levels by their token's number, to their index in
    /// `simple_keys` (an entry may be stale: its key is checked). The block context's key
    /// (index 0) is in it only while a flow collection is open: outside them it is the only
    /// key, looked at directly.
    keys_by_token: FxHashMap<usize, usize>,
    flow_level: usize,
    error: Option<Problem>,
}

type Res<T> = Result<T, Problem>;

fn is_alpha(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

/// YAML 1.1's line breaks (CRLF is a CR then an LF).
pub(crate) fn is_break(c: char) -> bool {
    matches!(c, '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t'
}

fn is_breakz(c: char) -> bool {
    is_break(c) || c == '\0'
}

fn is_blankz(c: char) -> bool {
    is_blank(c) || is_breakz(c)
}

impl<'a> Scanner<'a> {
    /// A scanner over `text`, a document as kubectl hands it to go-yaml. A byte order mark at
    /// its start is skipped (go-yaml's encoding detection), without counting as a column.
    pub fn new(text: &'a str) -> Self {
        let skip = if text.starts_with('\u{feff}') { 3 } else { 0 };
        // A NUL byte is U+0000 and nothing else in UTF-8: the SIMD byte search finds it.
        let nul = memchr::memchr(0, text.as_bytes());
        let text = &text[..nul.unwrap_or(text.len())];
        Scanner {
            text,
            bytes: text.as_bytes(),
            virtual_break: nul.is_none() && !text.is_empty() && !text.ends_with('\n'),
            cut_at_nul: nul.is_some(),
            mark: Mark {
                index: skip,
                ..Mark::default()
            },
            tokens: VecDeque::new(),
            tokens_parsed: 0,
            token_available: false,
            stream_start_produced: false,
            stream_end_produced: false,
            indent: -1,
            indents: Vec::new(),
            simple_key_allowed: false,
            simple_keys: Vec::new(),
            keys_by_token: FxHashMap::default(),
            flow_level: 0,
            error: None,
        }
    }

    /// The mark where scanning stands.
    pub fn mark(&self) -> Mark {
        self.mark
    }

    // ---- characters ----

    /// The character `k` characters ahead ('\0' past the end; the virtual final line break
    /// reads as '\n').
    #[inline]
    fn ch(&self, k: usize) -> char {
        // The commonest look-ahead: the character after an ASCII one, itself ASCII.
        if k == 1 {
            let i = self.mark.index;
            if let Some(&[b0, b1]) = self.bytes.get(i..i + 2) {
                if b0 < 0x80 && b1 < 0x80 {
                    return b1 as char;
                }
            }
        }
        self.ch_any(k)
    }

    /// [`Self::ch`] of any character.
    fn ch_any(&self, k: usize) -> char {
        let mut i = self.mark.index;
        for _ in 0..k {
            match self.bytes.get(i) {
                None => return '\0',
                Some(&b) if b < 0x80 => i += 1,
                Some(_) => i += self.text[i..].chars().next().map_or(1, char::len_utf8),
            }
        }
        match self.bytes.get(i) {
            Some(&b) if b < 0x80 => b as char,
            Some(_) => self.text[i..].chars().next().unwrap_or('\0'),
            None if self.virtual_break && i == self.bytes.len() => '\n',
            None => '\0',
        }
    }

    fn cur(&self) -> char {
        match self.bytes.get(self.mark.index) {
            Some(&b) if b < 0x80 => b as char,
            _ => self.ch(0),
        }
    }

    fn at_virtual_break(&self) -> bool {
        self.virtual_break && self.mark.index == self.bytes.len()
    }

    /// Moves past one (non-break) character.
    fn skip(&mut self) {
        if self.mark.index >= self.bytes.len() {
            return;
        }
        let c = self.cur();
        self.mark.index += c.len_utf8();
        self.mark.column += 1;
    }

    /// Moves past a line break (CRLF as one).
    fn skip_line(&mut self) {
        if self.at_virtual_break() {
            self.virtual_break = false;
            self.mark.line += 1;
            self.mark.column = 0;
            return;
        }
        let c = self.cur();
        if c == '\r' && self.ch(1) == '\n' {
            // CRLF as one break; the LF may be the virtual one after a last line ending in CR.
            if self.bytes.get(self.mark.index + 1) == Some(&b'\n') {
                self.mark.index += 2;
            } else {
                self.mark.index += 1;
                self.virtual_break = false;
            }
        } else if is_break(c) {
            self.mark.index += c.len_utf8();
        } else {
            return;
        }
        self.mark.line += 1;
        self.mark.column = 0;
    }

    /// The length of the run of ASCII bytes from here that `take` takes (no line break is
    /// taken: the caller's `take` refuses them).
    fn ascii_run(&self, take: impl Fn(u8) -> bool) -> usize {
        let from = self.mark.index;
        self.bytes[from..]
            .iter()
            .position(|&b| !take(b))
            .unwrap_or(self.bytes.len() - from)
    }

    /// Moves past `n` ASCII characters, none a line break.
    fn skip_ascii(&mut self, n: usize) {
        self.mark.index += n;
        self.mark.column += n;
    }

    /// Reads one character into `s`.
    fn read(&mut self, s: &mut String) {
        let c = self.cur();
        s.push(c);
        self.skip();
    }

    /// Reads this character (not a line break) and the run of ASCII after it that `take`
    /// takes (see [`Self::ascii_run`]) into `s`: as [`Self::read`] one at a time, in one go.
    fn read_with_run(&mut self, s: &mut String, take: impl Fn(u8) -> bool) {
        let from = self.mark.index;
        self.skip();
        self.skip_ascii(self.ascii_run(take));
        s.push_str(&self.text[from..self.mark.index]);
    }

    /// Reads a line break into `s`: CR, CRLF, LF and NEL as LF; LS and PS as themselves.
    fn read_line(&mut self, s: &mut String) {
        if let Some(c) = self.take_line() {
            s.push(c);
        }
    }

    /// Moves past a line break and gives what [`Self::read_line`] reads for it; `None` (and
    /// no move) when no line break is here.
    fn take_line(&mut self) -> Option<char> {
        let c = if self.at_virtual_break() {
            '\n'
        } else {
            self.cur()
        };
        let read = match c {
            '\r' | '\n' | '\u{85}' => '\n',
            '\u{2028}' | '\u{2029}' => c,
            _ => return None,
        };
        self.skip_line();
        Some(read)
    }

    fn err<T>(&mut self, problem: &str, context: Mark) -> Res<T> {
        let p = Problem {
            stage: Stage::Scanner,
            problem: problem.to_string(),
            mark: self.mark,
            context,
        };
        self.error = Some(p.clone());
        Err(p)
    }

    // ---- the token queue ----

    /// The next token, without taking it.
    #[inline]
    pub fn peek(&mut self) -> Res<&Token> {
        if self.token_available && !self.tokens.is_empty() {
            return Ok(&self.tokens[0]);
        }
        self.peek_fetched()
    }

    /// [`Self::peek`] of a token that may have to be fetched first.
    fn peek_fetched(&mut self) -> Res<&Token> {
        if !self.token_available {
            self.fetch_more_tokens()?;
        }
        self.tokens.front().ok_or_else(|| Problem {
            stage: Stage::Scanner,
            problem: "no more tokens".into(),
            mark: self.mark,
            context: self.mark,
        })
    }

    /// Takes the next token (after [`Scanner::peek`]).
    pub fn skip_token(&mut self) -> Option<Token> {
        self.token_available = false;
        self.tokens_parsed += 1;
        let t = self.tokens.pop_front();
        if matches!(
            t,
            Some(Token {
                tok: Tok::StreamEnd,
                ..
            })
        ) {
            self.stream_end_produced = true;
        }
        t
    }

    pub fn stream_ended(&self) -> bool {
        self.stream_end_produced
    }

    #[inline]
    fn insert(&mut self, at: Option<usize>, token: Token) {
        match at {
            Some(i) if i <= self.tokens.len() => self.tokens.insert(i, token),
            _ => self.tokens.push_back(token),
        }
    }

    fn fetch_more_tokens(&mut self) -> Res<()> {
        if let Some(e) = &self.error {
            return Err(e.clone());
        }
        loop {
            if !self.tokens.is_empty() {
                // Outside flow collections (most of a manifest) there is one possible key, the
                // block context's, looked at directly; inside them, the key of the head token
                // is found by its number (see [`Scanner::keys_by_token`]).
                let i = match self.simple_keys.len() {
                    1 => 0,
                    _ => match self.keys_by_token.get(&self.tokens_parsed) {
                        Some(&i) => i,
                        None => break,
                    },
                };
                // The entry may be stale (its key dropped with its flow level): only a possible
                // key of the head token asks for more tokens, as go-yaml checks.
                let Some(&key) = self.simple_keys.get(i) else {
                    break;
                };
                if !key.possible || key.token_number != self.tokens_parsed {
                    break;
                }
                let mut key = key;
                let valid = self.key_valid(&mut key)?;
                self.simple_keys[i] = key;
                if !valid {
                    break;
                }
            }
            self.fetch_next_token()?;
        }
        self.token_available = true;
        Ok(())
    }

    /// Whether a possible simple key can still be one (same line, within 1,024 characters).
    fn key_valid(&mut self, key: &mut SimpleKey) -> Res<bool> {
        if !key.possible {
            return Ok(false);
        }
        // On one line, the character distance is the distance between the columns.
        if key.mark.line < self.mark.line || key.mark.column + 1024 < self.mark.column {
            if key.required {
                return self.err("could not find expected ':'", key.mark);
            }
            key.possible = false;
            return Ok(false);
        }
        Ok(true)
    }

    fn fetch_next_token(&mut self) -> Res<()> {
        if !self.stream_start_produced {
            self.indent = -1;
            self.simple_keys.push(SimpleKey {
                possible: false,
                required: false,
                token_number: 0,
                mark: self.mark,
            });
            self.simple_key_allowed = true;
            self.stream_start_produced = true;
            let m = self.mark;
            self.insert(None, tok(Tok::StreamStart, m, m));
            return Ok(());
        }
        self.scan_to_next_token();
        self.unroll_indent(self.mark.column as isize);
        let c = if self.at_virtual_break() {
            '\n'
        } else {
            self.cur()
        };
        if c == '\0' && self.mark.index >= self.bytes.len() {
            if self.cut_at_nul {
                let m = self.mark;
                return self.err(super::compose::CONTROL_MESSAGE, m);
            }
            return self.fetch_stream_end();
        }
        let col0 = self.mark.column == 0;
        if col0 && c == '%' {
            return self.fetch_directive();
        }
        let c1 = self.ch(1);
        if col0 && matches!(c, '-' | '.') && c1 == c && self.ch(2) == c && is_blankz(self.ch(3)) {
            let t = match c {
                '-' => Tok::DocumentStart,
                _ => Tok::DocumentEnd,
            };
            return self.fetch_document_indicator(t);
        }
        match c {
            '[' => return self.fetch_flow_start(Tok::FlowSequenceStart),
            '{' => return self.fetch_flow_start(Tok::FlowMappingStart),
            ']' => return self.fetch_flow_end(Tok::FlowSequenceEnd),
            '}' => return self.fetch_flow_end(Tok::FlowMappingEnd),
            ',' => return self.fetch_flow_entry(),
            '-' if is_blankz(c1) => return self.fetch_block_entry(),
            '?' if self.flow_level > 0 || is_blankz(c1) => return self.fetch_key(),
            ':' if self.flow_level > 0 || is_blankz(c1) => return self.fetch_value(),
            '*' => return self.fetch_anchor(true),
            '&' => return self.fetch_anchor(false),
            '!' => return self.fetch_tag(),
            '|' if self.flow_level == 0 => return self.fetch_block_scalar(true),
            '>' if self.flow_level == 0 => return self.fetch_block_scalar(false),
            '\'' => return self.fetch_flow_scalar(true),
            '"' => return self.fetch_flow_scalar(false),
            _ => {}
        }
        let indicator =
            is_blankz(c) || (c.is_ascii() && b"-?:,[]{}#&*!|>'\"%@`".contains(&(c as u8)));
        if !indicator
            || (c == '-' && !is_blank(c1))
            || (self.flow_level == 0 && (c == '?' || c == ':') && !is_blankz(c1))
        {
            return self.fetch_plain_scalar();
        }
        let m = self.mark;
        self.err("found character that cannot start any token", m)
    }

    fn save_simple_key(&mut self) -> Res<()> {
        let required = self.flow_level == 0 && self.indent == self.mark.column as isize;
        if self.simple_key_allowed {
            let key = SimpleKey {
                possible: true,
                required,
                token_number: self.tokens_parsed + self.tokens.len(),
                mark: self.mark,
            };
            self.remove_simple_key()?;
            let i = self.simple_keys.len() - 1;
            self.simple_keys[i] = key;
            if i > 0 {
                self.keys_by_token.insert(key.token_number, i);
            }
        }
        Ok(())
    }

    fn remove_simple_key(&mut self) -> Res<()> {
        let i = self.simple_keys.len() - 1;
        let key = self.simple_keys[i];
        if key.possible {
            if key.required {
                return self.err("could not find expected ':'", key.mark);
            }
            self.simple_keys[i].possible = false;
            self.keys_by_token.remove(&key.token_number);
        }
        Ok(())
    }

    fn increase_flow_level(&mut self) -> Res<()> {
        // The block context's key enters the table as the first flow collection opens: it
        // stays possible while the collection is open (a flow collection may be a key).
        if let [key] = self.simple_keys[..] {
            if key.possible {
                self.keys_by_token.insert(key.token_number, 0);
            }
        }
        self.simple_keys.push(SimpleKey {
            possible: false,
            required: false,
            token_number: self.tokens_parsed + self.tokens.len(),
            mark: self.mark,
        });
        self.flow_level += 1;
        if self.flow_level > MAX_FLOW_LEVEL {
            let m = self.mark;
            return self.err("exceeded max depth of 10000", m);
        }
        Ok(())
    }

    fn decrease_flow_level(&mut self) {
        if self.flow_level > 0 {
            self.flow_level -= 1;
            // The key of this level shares its token number with the `[`/`{` token, which may
            // be the possible key of the level around it: only this level's entry goes.
            let i = self.simple_keys.len() - 1;
            if let Some(k) = self.simple_keys.pop() {
                if self.keys_by_token.get(&k.token_number) == Some(&i) {
                    self.keys_by_token.remove(&k.token_number);
                }
            }
        }
    }

    /// Opens a block collection at `column` when it is deeper than the current indentation;
    /// the start token goes before token `number` (absolute), or at the end.
    fn roll_indent(&mut self, column: usize, number: Option<usize>, t: Tok, mark: Mark) -> Res<()> {
        if self.flow_level > 0 {
            return Ok(());
        }
        if self.indent < column as isize {
            self.indents.push(self.indent);
            self.indent = column as isize;
            if self.indents.len() > MAX_INDENTS {
                let m = self.mark;
                return self.err("exceeded max depth of 10000", m);
            }
            let at = number.map(|n| n - self.tokens_parsed);
            self.insert(at, tok(t, mark, mark));
        }
        Ok(())
    }

    fn unroll_indent(&mut self, column: isize) {
        if self.flow_level > 0 {
            return;
        }
        while self.indent > column {
            let m = self.mark;
            self.insert(None, tok(Tok::BlockEnd, m, m));
            self.indent = self.indents.pop().unwrap_or(-1);
        }
    }

    fn fetch_stream_end(&mut self) -> Res<()> {
        if self.mark.column != 0 {
            self.mark.column = 0;
            self.mark.line += 1;
        }
        self.unroll_indent(-1);
        self.remove_simple_key()?;
        self.simple_key_allowed = false;
        let m = self.mark;
        self.insert(None, tok(Tok::StreamEnd, m, m));
        Ok(())
    }

    fn fetch_directive(&mut self) -> Res<()> {
        self.unroll_indent(-1);
        self.remove_simple_key()?;
        self.simple_key_allowed = false;
        let t = self.scan_directive()?;
        self.insert(None, t);
        Ok(())
    }

    fn fetch_document_indicator(&mut self, t: Tok) -> Res<()> {
        self.unroll_indent(-1);
        self.remove_simple_key()?;
        self.simple_key_allowed = false;
        let start = self.mark;
        self.skip();
        self.skip();
        self.skip();
        let end = self.mark;
        self.insert(None, tok(t, start, end));
        Ok(())
    }

    #[inline]
    fn single(&mut self, t: Tok) {
        let start = self.mark;
        self.skip();
        let end = self.mark;
        self.insert(None, tok(t, start, end));
    }

    fn fetch_flow_start(&mut self, t: Tok) -> Res<()> {
        self.save_simple_key()?;
        self.increase_flow_level()?;
        self.simple_key_allowed = true;
        self.single(t);
        Ok(())
    }

    fn fetch_flow_end(&mut self, t: Tok) -> Res<()> {
        self.remove_simple_key()?;
        self.decrease_flow_level();
        self.simple_key_allowed = false;
        self.single(t);
        Ok(())
    }

    fn fetch_flow_entry(&mut self) -> Res<()> {
        self.remove_simple_key()?;
        self.simple_key_allowed = true;
        self.single(Tok::FlowEntry);
        Ok(())
    }

    fn fetch_block_entry(&mut self) -> Res<()> {
        if self.flow_level == 0 {
            if !self.simple_key_allowed {
                let m = self.mark;
                return self.err("block sequence entries are not allowed in this context", m);
            }
            let (col, m) = (self.mark.column, self.mark);
            self.roll_indent(col, None, Tok::BlockSequenceStart, m)?;
        }
        self.remove_simple_key()?;
        self.simple_key_allowed = true;
        self.single(Tok::BlockEntry);
        Ok(())
    }

    fn fetch_key(&mut self) -> Res<()> {
        if self.flow_level == 0 {
            if !self.simple_key_allowed {
                let m = self.mark;
                return self.err("mapping keys are not allowed in this context", m);
            }
            let (col, m) = (self.mark.column, self.mark);
            self.roll_indent(col, None, Tok::BlockMappingStart, m)?;
        }
        self.remove_simple_key()?;
        self.simple_key_allowed = self.flow_level == 0;
        self.single(Tok::Key);
        Ok(())
    }

    fn fetch_value(&mut self) -> Res<()> {
        let i = self.simple_keys.len() - 1;
        let mut key = self.simple_keys[i];
        let valid = self.key_valid(&mut key)?;
        self.simple_keys[i] = key;
        if valid {
            let at = key.token_number - self.tokens_parsed;
            self.insert(Some(at), tok(Tok::Key, key.mark, key.mark));
            self.roll_indent(
                key.mark.column,
                Some(key.token_number),
                Tok::BlockMappingStart,
                key.mark,
            )?;
            self.simple_keys[i].possible = false;
            self.keys_by_token.remove(&key.token_number);
            self.simple_key_allowed = false;
        } else {
            if self.flow_level == 0 {
                if !self.simple_key_allowed {
                    let m = self.mark;
                    return self.err("mapping values are not allowed in this context", m);
                }
                let (col, m) = (self.mark.column, self.mark);
                self.roll_indent(col, None, Tok::BlockMappingStart, m)?;
            }
            self.simple_key_allowed = self.flow_level == 0;
        }
        self.single(Tok::Value);
        Ok(())
    }

    fn fetch_anchor(&mut self, alias: bool) -> Res<()> {
        self.save_simple_key()?;
        self.simple_key_allowed = false;
        let t = self.scan_anchor(alias)?;
        self.insert(None, t);
        Ok(())
    }

    fn fetch_tag(&mut self) -> Res<()> {
        self.save_simple_key()?;
        self.simple_key_allowed = false;
        let t = self.scan_tag()?;
        self.insert(None, t);
        Ok(())
    }

    fn fetch_block_scalar(&mut self, literal: bool) -> Res<()> {
        self.remove_simple_key()?;
        self.simple_key_allowed = true;
        let t = self.scan_block_scalar(literal)?;
        self.insert(None, t);
        Ok(())
    }

    fn fetch_flow_scalar(&mut self, single: bool) -> Res<()> {
        self.save_simple_key()?;
        self.simple_key_allowed = false;
        let t = self.scan_flow_scalar(single)?;
        self.insert(None, t);
        Ok(())
    }

    fn fetch_plain_scalar(&mut self) -> Res<()> {
        self.save_simple_key()?;
        self.simple_key_allowed = false;
        let t = self.scan_plain_scalar()?;
        self.insert(None, t);
        Ok(())
    }

    /// Skips blanks, comments and line breaks up to the next token. Tabs are skipped only
    /// where no simple key may start (in flow context, or after a key or indicator).
    fn scan_to_next_token(&mut self) {
        loop {
            if self.mark.column == 0 && self.cur() == '\u{feff}' {
                self.skip();
            }
            let tabs = self.flow_level > 0 || !self.simple_key_allowed;
            self.skip_ascii(self.ascii_run(|b| b == b' ' || (tabs && b == b'\t')));
            if self.cur() == '#' {
                // The comment's ASCII in one go, then any other character one at a time.
                loop {
                    self.skip_ascii(self.ascii_run(|b| b < 0x80 && b != b'\n' && b != b'\r'));
                    if is_breakz(self.cur()) {
                        break;
                    }
                    self.skip();
                }
            }
            if is_break(self.cur()) || self.at_virtual_break() {
                self.skip_line();
                if self.flow_level == 0 {
                    self.simple_key_allowed = true;
                }
            } else {
                break;
            }
        }
    }

    // ---- directives, anchors, tags ----

    fn scan_directive(&mut self) -> Res<Token> {
        let start = self.mark;
        self.skip();
        let mut name = String::new();
        while is_alpha(self.cur()) {
            self.read(&mut name);
        }
        if name.is_empty() {
            return self.err("could not find expected directive name", start);
        }
        if !is_blankz(self.cur()) {
            return self.err("found unexpected non-alphabetical character", start);
        }
        let (t, text) = match name.as_str() {
            "YAML" => {
                self.skip_blanks();
                let major = self.version_number(start)?;
                if self.cur() != '.' {
                    return self.err("did not find expected digit or '.' character", start);
                }
                self.skip();
                let minor = self.version_number(start)?;
                (Tok::VersionDirective(major, minor), String::new())
            }
            "TAG" => {
                self.skip_blanks();
                let handle = self.scan_tag_handle(true, start)?;
                if !is_blank(self.cur()) {
                    return self.err("did not find expected whitespace", start);
                }
                self.skip_blanks();
                let prefix = self.scan_tag_uri(true, "", start)?;
                if !is_blankz(self.cur()) {
                    return self.err("did not find expected whitespace or line break", start);
                }
                (Tok::TagDirective, join_handle(&handle, &prefix))
            }
            _ => return self.err("found unknown directive name", start),
        };
        let end = self.mark;
        self.skip_blanks();
        if self.cur() == '#' {
            while !is_breakz(self.cur()) {
                self.skip();
            }
        }
        if !is_breakz(self.cur()) && !self.at_virtual_break() {
            return self.err("did not find expected comment or line break", start);
        }
        self.skip_line();
        Ok(text_tok(t, text, start, end))
    }

    fn skip_blanks(&mut self) {
        while is_blank(self.cur()) {
            self.skip();
        }
    }

    fn version_number(&mut self, start: Mark) -> Res<u8> {
        let mut value = 0u8;
        let mut len = 0;
        while let Some(d) = self.cur().to_digit(10) {
            len += 1;
            if len > 2 {
                return self.err("found extremely long version number", start);
            }
            value = value * 10 + d as u8;
            self.skip();
        }
        if len == 0 {
            return self.err("did not find expected version number", start);
        }
        Ok(value)
    }

    fn scan_anchor(&mut self, alias: bool) -> Res<Token> {
        let start = self.mark;
        self.skip();
        let mut name = String::new();
        while is_alpha(self.cur()) {
            self.read(&mut name);
        }
        let end = self.mark;
        let c = self.cur();
        if name.is_empty() || !(is_blankz(c) || "?:,]}%@`".contains(c)) {
            return self.err(
                "did not find expected alphabetic or numeric character",
                start,
            );
        }
        let t = if alias { Tok::Alias } else { Tok::Anchor };
        Ok(text_tok(t, name, start, end))
    }

    fn scan_tag(&mut self) -> Res<Token> {
        let start = self.mark;
        let (handle, suffix);
        if self.ch(1) == '<' {
            self.skip();
            self.skip();
            suffix = self.scan_tag_uri(false, "", start)?;
            if self.cur() != '>' {
                return self.err("did not find the expected '>'", start);
            }
            self.skip();
            handle = String::new();
        } else {
            let h = self.scan_tag_handle(false, start)?;
            if h.len() > 1 && h.starts_with('!') && h.ends_with('!') {
                handle = h;
                suffix = self.scan_tag_uri(false, "", start)?;
            } else {
                let s = self.scan_tag_uri(false, &h, start)?;
                if s.is_empty() {
                    (handle, suffix) = (String::new(), "!".to_string());
                } else {
                    (handle, suffix) = ("!".to_string(), s);
                }
            }
        }
        if !is_blankz(self.cur()) && !self.at_virtual_break() {
            return self.err("did not find expected whitespace or line break", start);
        }
        let end = self.mark;
        let text = join_handle(&handle, &suffix);
        Ok(text_tok(Tok::Tag, text, start, end))
    }

    fn tag_err<T>(&mut self, directive: bool, start: Mark, problem: &str) -> Res<T> {
        let _ = directive;
        self.err(problem, start)
    }

    fn scan_tag_handle(&mut self, directive: bool, start: Mark) -> Res<String> {
        if self.cur() != '!' {
            return self.tag_err(directive, start, "did not find expected '!'");
        }
        let mut s = String::new();
        self.read(&mut s);
        while is_alpha(self.cur()) {
            self.read(&mut s);
        }
        if self.cur() == '!' {
            self.read(&mut s);
        } else if directive && s != "!" {
            return self.tag_err(directive, start, "did not find expected '!'");
        }
        Ok(s)
    }

    /// A tag's URI characters; `head` is a handle read before that turned out to be part of
    /// the suffix (its `!` is dropped).
    fn scan_tag_uri(&mut self, directive: bool, head: &str, start: Mark) -> Res<String> {
        let mut bytes: Vec<u8> = head.get(1..).unwrap_or("").as_bytes().to_vec();
        let mut has = !head.is_empty();
        loop {
            let c = self.cur();
            if !(is_alpha(c) || ";/?:@&=+$,.!~*'()[]%".contains(c)) || c == '\0' {
                break;
            }
            if c == '%' {
                self.scan_uri_escapes(directive, start, &mut bytes)?;
            } else {
                bytes.push(c as u8);
                self.skip();
            }
            has = true;
        }
        if !has {
            return self.tag_err(directive, start, "did not find expected tag URI");
        }
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

    fn scan_uri_escapes(&mut self, directive: bool, start: Mark, out: &mut Vec<u8>) -> Res<()> {
        let mut width = 0usize;
        let mut first = true;
        while first || width > 0 {
            let (h1, h2) = (self.ch(1).to_digit(16), self.ch(2).to_digit(16));
            let (Some(h1), Some(h2), '%') = (h1, h2, self.cur()) else {
                return self.tag_err(directive, start, "did not find URI escaped octet");
            };
            let octet = (h1 * 16 + h2) as u8;
            if first {
                width = match octet {
                    o if o & 0x80 == 0 => 1,
                    o if o & 0xE0 == 0xC0 => 2,
                    o if o & 0xF0 == 0xE0 => 3,
                    o if o & 0xF8 == 0xF0 => 4,
                    _ => {
                        return self.tag_err(
                            directive,
                            start,
                            "found an incorrect leading UTF-8 octet",
                        )
                    }
                };
                first = false;
            } else if octet & 0xC0 != 0x80 {
                return self.tag_err(directive, start, "found an incorrect trailing UTF-8 octet");
            }
            out.push(octet);
            self.skip();
            self.skip();
            self.skip();
            width -= 1;
        }
        Ok(())
    }

    // ---- scalars ----

    fn scan_block_scalar(&mut self, literal: bool) -> Res<Token> {
        let start = self.mark;
        self.skip();
        let mut chomping = 0i8;
        let mut increment = 0usize;
        let chomp = |c: char| match c {
            '+' => Some(1i8),
            '-' => Some(-1),
            _ => None,
        };
        if let Some(ch) = chomp(self.cur()) {
            chomping = ch;
            self.skip();
            if let Some(d) = self.cur().to_digit(10) {
                if d == 0 {
                    return self.err("found an indentation indicator equal to 0", start);
                }
                increment = d as usize;
                self.skip();
            }
        } else if let Some(d) = self.cur().to_digit(10) {
            if d == 0 {
                return self.err("found an indentation indicator equal to 0", start);
            }
            increment = d as usize;
            self.skip();
            if let Some(ch) = chomp(self.cur()) {
                chomping = ch;
                self.skip();
            }
        }
        self.skip_blanks();
        if self.cur() == '#' {
            while !is_breakz(self.cur()) {
                self.skip();
            }
        }
        if !is_breakz(self.cur()) && !self.at_virtual_break() {
            return self.err("did not find expected comment or line break", start);
        }
        if is_break(self.cur()) || self.at_virtual_break() {
            self.skip_line();
        }
        let mut end = self.mark;
        let mut indent = 0usize;
        if increment > 0 {
            indent = if self.indent >= 0 {
                self.indent as usize + increment
            } else {
                increment
            };
        }
        let (mut s, mut leading_break, mut trailing) =
            (String::new(), String::new(), String::new());
        self.block_breaks(&mut indent, &mut trailing, start, &mut end)?;
        let (mut leading_blank, mut trailing_blank);
        leading_blank = false;
        while self.mark.column == indent && !self.at_end() {
            trailing_blank = is_blank(self.cur());
            if !literal && !leading_blank && !trailing_blank && leading_break.starts_with('\n') {
                if trailing.is_empty() {
                    s.push(' ');
                }
            } else {
                s.push_str(&leading_break);
            }
            leading_break.clear();
            s.push_str(&trailing);
            trailing.clear();
            leading_blank = is_blank(self.cur());
            while !(is_breakz(self.cur()) || self.at_virtual_break()) {
                self.read_with_run(&mut s, |b| !matches!(b, b'\n' | b'\r' | 0 | 0x80..));
            }
            self.read_line(&mut leading_break);
            self.block_breaks(&mut indent, &mut trailing, start, &mut end)?;
        }
        if chomping != -1 {
            s.push_str(&leading_break);
        }
        if chomping == 1 {
            s.push_str(&trailing);
        }
        let style = if literal {
            Style::Literal
        } else {
            Style::Folded
        };
        Ok(text_tok(Tok::Scalar(style), s, start, end))
    }

    fn at_end(&self) -> bool {
        self.mark.index >= self.bytes.len() && !self.at_virtual_break()
    }

    fn block_breaks(
        &mut self,
        indent: &mut usize,
        breaks: &mut String,
        start: Mark,
        end: &mut Mark,
    ) -> Res<()> {
        *end = self.mark;
        let mut max_indent = 0;
        loop {
            let spaces = self.ascii_run(|b| b == b' ');
            let room = match *indent {
                0 => spaces,
                n => n.saturating_sub(self.mark.column),
            };
            self.skip_ascii(spaces.min(room));
            max_indent = max_indent.max(self.mark.column);
            if (*indent == 0 || self.mark.column < *indent) && self.cur() == '\t' {
                return self.err(
                    "found a tab character where an indentation space is expected",
                    start,
                );
            }
            if !(is_break(self.cur()) || self.at_virtual_break()) {
                break;
            }
            self.read_line(breaks);
            *end = self.mark;
        }
        if *indent == 0 {
            *indent = max_indent.max((self.indent + 1).max(0) as usize).max(1);
        }
        Ok(())
    }

    fn at_document_indicator(&self) -> bool {
        self.mark.column == 0 && {
            let (c0, c1, c2) = (self.cur(), self.ch(1), self.ch(2));
            ((c0 == '-' && c1 == '-' && c2 == '-') || (c0 == '.' && c1 == '.' && c2 == '.'))
                && is_blankz(self.ch(3))
        }
    }

    fn scan_flow_scalar(&mut self, single: bool) -> Res<Token> {
        let start = self.mark;
        self.skip();
        // The line break that ended the last line read (none after an escaped one), and the
        // ones after it.
        let (mut s, mut leading_break, mut trailing) = (String::new(), None, String::new());
        let quote = if single { b'\'' } else { b'"' };
        loop {
            if self.at_document_indicator() {
                return self.err("found unexpected document indicator", start);
            }
            if self.at_end() {
                return self.err("found unexpected end of stream", start);
            }
            let mut leading_blanks = false;
            while !is_blankz(self.cur()) && !self.at_virtual_break() {
                let c = self.cur();
                if single && c == '\'' && self.ch(1) == '\'' {
                    s.push('\'');
                    self.skip();
                    self.skip();
                } else if (single && c == '\'') || (!single && c == '"') {
                    break;
                } else if !single && c == '\\' && is_break(self.ch(1)) {
                    self.skip();
                    self.skip_line();
                    leading_blanks = true;
                    break;
                } else if !single && c == '\\' {
                    let mut code_len = 0;
                    match self.ch(1) {
                        '0' => s.push('\0'),
                        'a' => s.push('\x07'),
                        'b' => s.push('\x08'),
                        't' | '\t' => s.push('\t'),
                        'n' => s.push('\n'),
                        'v' => s.push('\x0b'),
                        'f' => s.push('\x0c'),
                        'r' => s.push('\r'),
                        'e' => s.push('\x1b'),
                        ' ' => s.push(' '),
                        '"' => s.push('"'),
                        '\'' => s.push('\''),
                        '\\' => s.push('\\'),
                        'N' => s.push('\u{85}'),
                        '_' => s.push('\u{a0}'),
                        'L' => s.push('\u{2028}'),
                        'P' => s.push('\u{2029}'),
                        'x' => code_len = 2,
                        'u' => code_len = 4,
                        'U' => code_len = 8,
                        _ => return self.err("found unknown escape character", start),
                    }
                    self.skip();
                    self.skip();
                    if code_len > 0 {
                        let mut value: u32 = 0;
                        for k in 0..code_len {
                            let Some(d) = self.ch(k).to_digit(16) else {
                                return self.err("did not find expected hexdecimal number", start);
                            };
                            value = (value << 4) + d;
                        }
                        let Some(c) = char::from_u32(value) else {
                            return self.err("found invalid Unicode character escape code", start);
                        };
                        s.push(c);
                        for _ in 0..code_len {
                            self.skip();
                        }
                    }
                } else {
                    // This character and the ordinary ASCII after it, in one go.
                    self.read_with_run(&mut s, |b| {
                        let special =
                            matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\\' | 0 | 0x80..);
                        !special && b != quote
                    });
                }
            }
            let c = self.cur();
            if (single && c == '\'') || (!single && c == '"') {
                break;
            }
            // Blanks up to the next text are content unless a line break comes first.
            let blanks = self.mark.index;
            loop {
                let c = self.cur();
                if is_blank(c) {
                    // The run of blanks in one go.
                    self.skip_ascii(self.ascii_run(|b| b == b' ' || b == b'\t'));
                } else if is_break(c) || self.at_virtual_break() {
                    if leading_blanks {
                        self.read_line(&mut trailing);
                    } else {
                        leading_break = self.take_line();
                        leading_blanks = true;
                    }
                } else {
                    break;
                }
            }
            if leading_blanks {
                if leading_break == Some('\n') {
                    if trailing.is_empty() {
                        s.push(' ');
                    } else {
                        s.push_str(&trailing);
                    }
                } else {
                    s.extend(leading_break);
                    s.push_str(&trailing);
                }
                trailing.clear();
                leading_break = None;
            } else {
                s.push_str(&self.text[blanks..self.mark.index]);
            }
        }
        self.skip();
        let end = self.mark;
        let style = if single { Style::Single } else { Style::Double };
        Ok(text_tok(Tok::Scalar(style), s, start, end))
    }

    fn scan_plain_scalar(&mut self) -> Res<Token> {
        let mut s = String::new();
        // The line break that ended the last line read (`leading_blanks`), the ones after it,
        // and where the blanks after the last text on a line start.
        let (mut leading_break, mut trailing, mut spaces) = ('\n', String::new(), None);
        let mut leading_blanks = false;
        let indent = self.indent + 1;
        let start = self.mark;
        let mut end = self.mark;
        let flow = self.flow_level > 0;
        loop {
            if self.at_document_indicator() || self.cur() == '#' {
                break;
            }
            while !is_blankz(self.cur()) && !self.at_virtual_break() {
                let c = self.cur();
                if (c == ':' && is_blankz(self.ch(1))) || (flow && ",?[]{}".contains(c)) {
                    break;
                }
                if leading_blanks {
                    if leading_break == '\n' {
                        if trailing.is_empty() {
                            s.push(' ');
                        } else {
                            s.push_str(&trailing);
                        }
                    } else {
                        s.push(leading_break);
                        s.push_str(&trailing);
                    }
                    trailing.clear();
                    leading_blanks = false;
                } else if let Some(from) = spaces.take() {
                    s.push_str(&self.text[from..self.mark.index]);
                }
                // This character and the ones after it that cannot end the scalar or start a
                // comment, in one go.
                self.read_with_run(&mut s, |b| {
                    let ends = matches!(b, b' ' | b'\t' | b':' | b'\n' | b'\r' | 0 | 0x80..);
                    !(ends || (flow && b",?[]{}".contains(&b)))
                });
                end = self.mark;
            }
            let c = self.cur();
            if !(is_blank(c) || is_break(c) || self.at_virtual_break()) {
                break;
            }
            loop {
                let c = self.cur();
                if is_blank(c) {
                    if leading_blanks && (self.mark.column as isize) < indent && c == '\t' {
                        return self.err("found a tab character that violates indentation", start);
                    }
                    if !leading_blanks && spaces.is_none() {
                        spaces = Some(self.mark.index);
                    }
                    // This blank and the spaces after it in one go: only a tab is looked at
                    // (where it stands), and the next turn takes it.
                    self.skip_ascii(self.ascii_run(|b| b == b' ').max(1));
                } else if is_break(c) || self.at_virtual_break() {
                    if leading_blanks {
                        self.read_line(&mut trailing);
                    } else {
                        spaces = None;
                        leading_break = self.take_line().unwrap_or('\n');
                        leading_blanks = true;
                    }
                } else {
                    break;
                }
            }
            if self.flow_level == 0 && (self.mark.column as isize) < indent {
                break;
            }
        }
        if leading_blanks {
            self.simple_key_allowed = true;
        }
        Ok(text_tok(Tok::Scalar(Style::Plain), s, start, end))
    }
}

/// A token without text.
fn tok(tok: Tok, start: Mark, end: Mark) -> Token {
    text_tok(tok, String::new(), start, end)
}

fn text_tok(tok: Tok, text: String, start: Mark, end: Mark) -> Token {
    Token {
        tok,
        start,
        end,
        text,
    }
}
