//! Go's `encoding/json` reading of a stream of JSON values, one value at a time as
//! `json.Decoder` reads them: where each value ends, or why it does not read, worded as Go's
//! scanner words it (`invalid character '9' after object key:value pair`, `unexpected EOF`).
//! kubectl reads a stream that starts with `{` so (see [`super::split`]).
//!
//! The same pass tells whether the YAML reader reads the value as JSON reads it, so that it can
//! be read straight into its tree ([`super::jsontree`]): see [`Read::Value`].

/// What reading one value from a position gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Read {
    /// A value, ending at this byte offset. `direct`: the YAML grammar reads its text as the
    /// JSON grammar does, so its tree can be read without the YAML reader
    /// ([`super::jsontree`]): no `\/` escape and no `\u` escape of a surrogate (which the YAML
    /// grammar refuses), no NEL, LS or PS character (a line break in YAML, folded in a string),
    /// and every object key's `:` on the key's line within 1,000 bytes of its start (else the
    /// YAML scanner no longer takes the key for a simple key). `json_only`: the YAML reader
    /// cannot read the value as encoding/json does, whatever else it holds: it holds an escape
    /// the YAML grammar refuses (`\/`, a surrogate's `\u`), or a NEL, LS or PS character in a
    /// string, which the YAML grammar folds as a line break and encoding/json keeps; so
    /// encoding/json's reading stands (see [`super::compose::document_split`]).
    Value {
        end: usize,
        direct: bool,
        json_only: bool,
    },
    /// Only white space is left.
    End,
    /// The value does not read: Go's message, and the byte offset of the byte it names (of
    /// the end of the input for `unexpected EOF`). `offset` is Go's `SyntaxError.Offset`: the
    /// bytes read for this value, leading space and the refused byte included (0 for
    /// `unexpected EOF`, which is not a syntax error).
    Refused {
        at: usize,
        offset: usize,
        message: String,
    },
}

/// Go's nesting limit (`maxNestingDepth`).
const MAX_DEPTH: usize = 10_000;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Frame {
    ObjectKey,
    ObjectValue,
    ArrayValue,
}

#[derive(Clone, Copy)]
enum State {
    BeginValue,
    BeginValueOrEmpty,
    BeginStringOrEmpty,
    BeginString,
    EndValue,
    InString,
    InStringEsc,
    /// After `\u` and this many hex digits.
    InStringEscU(u8),
    Neg,
    One,
    Zero,
    Dot,
    Dot0,
    E,
    ESign,
    E0,
    /// In the literal `word`, at this byte of it.
    Literal(&'static str, usize),
}

/// What one byte does.
enum Step {
    Continue,
    /// The value ended before this byte.
    End,
    /// The value ends with this byte (an object's or an array's last).
    EndWith,
}

fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\r' | b'\n')
}

/// Go's `quoteChar`: the byte in single quotes, escaped as `strconv.Quote` escapes the rune
/// of that value.
fn quote_char(c: u8) -> String {
    match c {
        b'\'' => r"'\''".to_string(),
        b'"' => "'\"'".to_string(),
        _ => {
            let r = char::from(c);
            let inner = match r {
                '\u{7}' => r"\a".to_string(),
                '\u{8}' => r"\b".to_string(),
                '\u{c}' => r"\f".to_string(),
                '\n' => r"\n".to_string(),
                '\r' => r"\r".to_string(),
                '\t' => r"\t".to_string(),
                '\u{b}' => r"\v".to_string(),
                '\\' => r"\\".to_string(),
                c if (c as u32) < 0x20 || c == '\u{7f}' => format!(r"\x{:02x}", c as u32),
                // Go's IsPrint: of U+0080..U+00FF, the C1 controls, the no-break space and
                // the soft hyphen are not printable.
                c if (c as u32) < 0xa1 && (c as u32) >= 0x80 || c == '\u{ad}' => {
                    format!(r"\u{:04x}", c as u32)
                }
                c => c.to_string(),
            };
            format!("'{inner}'")
        }
    }
}

/// encoding/json's `SyntaxError` from its scanner: the character and what was being read.
#[derive(Debug)]
struct SyntaxError {
    c: u8,
    context: String,
}

impl std::fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "invalid character {} {}",
            quote_char(self.c),
            self.context
        )
    }
}

struct Scanner {
    state: State,
    stack: Vec<Frame>,
    /// See [`Read::Value`]: nothing seen so far that the YAML grammar reads its own way.
    direct: bool,
    /// See [`Read::Value`]: an escape seen that the YAML grammar refuses.
    json_only: bool,
    /// The `\u` escape being read started with `d` (it may be a surrogate's).
    escape_d: bool,
}

impl Scanner {
    fn err(c: u8, context: &str) -> SyntaxError {
        SyntaxError {
            c,
            context: context.to_string(),
        }
    }

    fn push(&mut self, c: u8, frame: Frame, next: State) -> Result<Step, SyntaxError> {
        self.stack.push(frame);
        if self.stack.len() > MAX_DEPTH {
            return Err(Self::err(c, "exceeded max depth"));
        }
        self.state = next;
        Ok(Step::Continue)
    }

    fn step(&mut self, c: u8) -> Result<Step, SyntaxError> {
        match self.state {
            State::BeginValueOrEmpty if is_space(c) => Ok(Step::Continue),
            State::BeginValueOrEmpty if c == b']' => self.end_value(c),
            State::BeginValueOrEmpty | State::BeginValue => self.begin_value(c),
            State::BeginStringOrEmpty if is_space(c) => Ok(Step::Continue),
            State::BeginStringOrEmpty if c == b'}' => {
                *self.stack.last_mut().expect("in an object") = Frame::ObjectValue;
                self.end_value(c)
            }
            State::BeginStringOrEmpty | State::BeginString => match c {
                _ if is_space(c) => Ok(Step::Continue),
                b'"' => self.go(State::InString),
                _ => Err(Self::err(c, "looking for beginning of object key string")),
            },
            State::EndValue => self.end_value(c),
            State::InString => match c {
                b'"' => self.go(State::EndValue),
                b'\\' => self.go(State::InStringEsc),
                _ if c < 0x20 => Err(Self::err(c, "in string literal")),
                _ => Ok(Step::Continue),
            },
            State::InStringEsc => match c {
                b'/' => {
                    (self.direct, self.json_only) = (false, true);
                    self.go(State::InString)
                }
                b'b' | b'f' | b'n' | b'r' | b't' | b'\\' | b'"' => self.go(State::InString),
                b'u' => self.go(State::InStringEscU(0)),
                _ => Err(Self::err(c, "in string escape code")),
            },
            State::InStringEscU(n) => match c {
                _ if c.is_ascii_hexdigit() && n == 3 => self.go(State::InString),
                _ if c.is_ascii_hexdigit() && n < 2 => {
                    // U+D800..U+DFFF: `d` then `8` to `f`.
                    match n {
                        0 => self.escape_d = c.eq_ignore_ascii_case(&b'd'),
                        _ if self.escape_d && !matches!(c, b'0'..=b'7') => {
                            (self.direct, self.json_only) = (false, true);
                        }
                        _ => {}
                    }
                    self.go(State::InStringEscU(n + 1))
                }
                _ if c.is_ascii_hexdigit() => self.go(State::InStringEscU(n + 1)),
                _ => Err(Self::err(c, "in \\u hexadecimal character escape")),
            },
            State::Neg => match c {
                b'0' => self.go(State::Zero),
                b'1'..=b'9' => self.go(State::One),
                _ => Err(Self::err(c, "in numeric literal")),
            },
            State::One if c.is_ascii_digit() => Ok(Step::Continue),
            State::One | State::Zero => match c {
                b'.' => self.go(State::Dot),
                b'e' | b'E' => self.go(State::E),
                _ => self.end_value(c),
            },
            State::Dot if c.is_ascii_digit() => self.go(State::Dot0),
            State::Dot => Err(Self::err(c, "after decimal point in numeric literal")),
            State::Dot0 => match c {
                _ if c.is_ascii_digit() => Ok(Step::Continue),
                b'e' | b'E' => self.go(State::E),
                _ => self.end_value(c),
            },
            State::E if c == b'+' || c == b'-' => self.go(State::ESign),
            State::E | State::ESign if c.is_ascii_digit() => self.go(State::E0),
            State::E | State::ESign => Err(Self::err(c, "in exponent of numeric literal")),
            State::E0 if c.is_ascii_digit() => Ok(Step::Continue),
            State::E0 => self.end_value(c),
            State::Literal(word, i) => {
                let want = word.as_bytes()[i];
                if c != want {
                    let context = format!("in literal {word} (expecting '{}')", want as char);
                    return Err(Self::err(c, &context));
                }
                match i + 1 == word.len() {
                    true => self.go(State::EndValue),
                    false => self.go(State::Literal(word, i + 1)),
                }
            }
        }
    }

    fn go(&mut self, next: State) -> Result<Step, SyntaxError> {
        self.state = next;
        Ok(Step::Continue)
    }

    fn begin_value(&mut self, c: u8) -> Result<Step, SyntaxError> {
        match c {
            _ if is_space(c) => Ok(Step::Continue),
            b'{' => self.push(c, Frame::ObjectKey, State::BeginStringOrEmpty),
            b'[' => self.push(c, Frame::ArrayValue, State::BeginValueOrEmpty),
            b'"' => self.go(State::InString),
            b'-' => self.go(State::Neg),
            b'0' => self.go(State::Zero),
            b'1'..=b'9' => self.go(State::One),
            b't' => self.go(State::Literal("true", 1)),
            b'f' => self.go(State::Literal("false", 1)),
            b'n' => self.go(State::Literal("null", 1)),
            _ => Err(Self::err(c, "looking for beginning of value")),
        }
    }

    fn end_value(&mut self, c: u8) -> Result<Step, SyntaxError> {
        let Some(&top) = self.stack.last() else {
            // A value at the top level ends at the first byte after it.
            return Ok(Step::End);
        };
        if is_space(c) {
            self.state = State::EndValue;
            return Ok(Step::Continue);
        }
        match (top, c) {
            (Frame::ObjectKey, b':') => {
                *self.stack.last_mut().expect("in an object") = Frame::ObjectValue;
                self.go(State::BeginValue)
            }
            (Frame::ObjectKey, _) => Err(Self::err(c, "after object key")),
            (Frame::ObjectValue, b',') => {
                *self.stack.last_mut().expect("in an object") = Frame::ObjectKey;
                self.go(State::BeginString)
            }
            (Frame::ObjectValue, b'}') | (Frame::ArrayValue, b']') => {
                self.stack.pop();
                self.state = State::EndValue;
                Ok(match self.stack.is_empty() {
                    true => Step::EndWith,
                    false => Step::Continue,
                })
            }
            (Frame::ObjectValue, _) => Err(Self::err(c, "after object key:value pair")),
            (Frame::ArrayValue, b',') => self.go(State::BeginValue),
            (Frame::ArrayValue, _) => Err(Self::err(c, "after array element")),
        }
    }
}

/// The four bytes after a `\u` escape's `u`: `None` unless they are hex digits, else whether
/// they name a surrogate (U+D800..U+DFFF: `d` then `8` to `f`), which the YAML grammar refuses.
#[inline(always)]
pub(crate) fn u_escape(hex: &[u8]) -> Option<bool> {
    if !hex.iter().all(u8::is_ascii_hexdigit) {
        return None;
    }
    Some(hex[0].eq_ignore_ascii_case(&b'd') && !matches!(hex[1], b'0'..=b'7'))
}

/// Where the JSON string starting at `b[at]` (its `"`) ends: after its closing quote (`None`
/// when there is none). For text already known to be JSON: escapes are skipped, not checked
/// (see [`plain_string_end`], which checks them as it goes: used for this one's callers, which
/// read the list's elements a second time, its checks and its call took 131 M more instructions
/// on the bench's 10k list as JSON). `refused` is set when the string holds an escape the YAML grammar refuses
/// (`\/`, a surrogate's `\u`: see [`Read::Value`]).
pub(crate) fn string_end(b: &[u8], at: usize, refused: &mut bool) -> Option<usize> {
    let mut i = at + 1;
    loop {
        i += super::strings::quote_or_backslash(b.get(i..)?)?;
        if b[i] == b'"' {
            return Some(i + 1);
        }
        match b.get(i + 1)? {
            b'/' => *refused = true,
            b'u' if matches!(b.get(i + 2), Some(b'd' | b'D'))
                && matches!(b.get(i + 3), Some(b'8'..=b'9' | b'a'..=b'f' | b'A'..=b'F')) =>
            {
                *refused = true
            }
            _ => {}
        }
        i += 2;
    }
}

/// Whether `b` holds a `\n` or a `\r` (between a key's string and its colon, the YAML
/// scanner then does not take the key for a simple key).
pub(crate) fn has_line_break(b: &[u8]) -> bool {
    b.iter().any(|&c| c == b'\n' || c == b'\r')
}

/// Where the white space from `i` ends (Go's scanner's `isSpace`).
pub(crate) fn json_space(b: &[u8], mut i: usize) -> usize {
    while b.get(i).is_some_and(|&c| is_space(c)) {
        i += 1;
    }
    i
}

/// A value's reading ([`Read::Value`]) ending at `end`, its text `text`, from what the scan
/// found (`direct`, `json_only`) and whether a string holds a NEL, LS or PS character: the YAML
/// grammar takes one for a line break (folding it, and the spaces around it, in a quoted
/// string), where encoding/json, which kubectl decodes a JSON document with, keeps it as it is.
fn value_read(end: usize, direct: bool, json_only: bool, text: &[u8]) -> Read {
    let breaks = has_yaml_break(text);
    Read::Value {
        end,
        direct: direct && !breaks,
        json_only: json_only || breaks,
    }
}

/// Whether `b` holds a character the YAML reader takes for a line break where JSON does not:
/// NEL (U+0085), LS (U+2028) or PS (U+2029).
pub(crate) fn has_yaml_break(b: &[u8]) -> bool {
    memchr::memchr2_iter(0xc2, 0xe2, b).any(|i| match b[i] {
        0xc2 => b.get(i + 1) == Some(&0x85),
        _ => b.get(i + 1) == Some(&0x80) && matches!(b.get(i + 2), Some(0xa8 | 0xa9)),
    })
}

/// The longest run of bytes from a key's opening quote to its `:` that the YAML scanner still
/// takes for a simple key (it allows 1,024 characters; a byte is at most one).
pub(crate) const KEY_SPAN: usize = 1000;

/// What [`read_plain`] is reading next.
#[derive(Clone, Copy)]
enum Next {
    Value,
    /// After a value: a `,`, or the end of its object or array.
    After,
    /// An object's key, after its `{` or `,`.
    Key,
}

/// Where the elements of an object's root `items` array are (its first `"items"` key written
/// without an escape, holding an array), as [`read_value_items`] finds them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RootItems {
    /// Where its `[` and its `]` are.
    pub open: usize,
    pub close: usize,
    /// Each element's text: from its first byte to after its last.
    pub elements: Vec<std::ops::Range<usize>>,
    /// Found by their brackets, not read: see [`read_value_items_unchecked`].
    pub unchecked: bool,
    /// Whether the text from the `[` to the `]` holds a line feed or a carriage return, where
    /// the reading that found the elements tells (`None`: not told).
    pub breaks: Option<bool>,
}

/// What [`read_plain`] records of the root `items` array as it reads.
#[derive(Default)]
struct ItemsSeen {
    /// The last key read was the root object's `"items"`.
    key: bool,
    /// The collection open at depth 2 is that array; where the element being read starts.
    within: bool,
    start: usize,
    found: Option<RootItems>,
}

/// [`read_value`] for the value that it most often reads, in one pass of a few instructions a
/// byte: an object or an array that reads, nested less than Go's limit. `None` for any other
/// value, and for one that does not read: the scanner, a byte at a time, then says where and
/// why, as Go does. Where it gives a value, it gives what the scanner gives. `seen` (when
/// asked for) records the root `items` array's elements.
fn read_plain(b: &[u8], from: usize, mut seen: Option<&mut ItemsSeen>) -> Option<Read> {
    let space = |i: usize| json_space(b, i);
    let mut i = space(from);
    if !matches!(b.get(i), Some(b'{' | b'[')) {
        return None;
    }
    // Whether each open collection is an object.
    let mut open: Vec<bool> = Vec::new();
    let (mut direct, mut json_only) = (true, false);
    let mut next = Next::Value;
    loop {
        match next {
            Next::Value => {
                let c = *b.get(i)?;
                next = Next::After;
                // (Only the root and the array's own depth are of interest.)
                if let Some(seen) = seen.as_deref_mut().filter(|_| open.len() <= 2) {
                    match open.len() {
                        1 if seen.key && c == b'[' && seen.found.is_none() => {
                            seen.within = true;
                            seen.found = Some(RootItems {
                                open: i,
                                ..RootItems::default()
                            });
                        }
                        2 if seen.within => seen.start = i,
                        _ => {}
                    }
                    seen.key = false;
                }
                match c {
                    b'{' | b'[' => {
                        if open.len() + 1 >= MAX_DEPTH {
                            return None;
                        }
                        open.push(c == b'{');
                        i = space(i + 1);
                        match (c, *b.get(i)?) {
                            (b'{', b'}') | (b'[', b']') => {}
                            (b'{', _) => next = Next::Key,
                            _ => next = Next::Value,
                        }
                        // An empty one's end is the next byte, read as after a value.
                    }
                    b'"' => i = plain_string_end(b, i, &mut direct, &mut json_only)?,
                    b'-' | b'0'..=b'9' => i = number_end(b, i)?,
                    b't' | b'f' | b'n' => {
                        let word: &[u8] = match c {
                            b't' => b"true",
                            b'f' => b"false",
                            _ => b"null",
                        };
                        if !b[i..].starts_with(word) {
                            return None;
                        }
                        i += word.len();
                    }
                    _ => return None,
                }
                // A scalar element ends here.
                if open.len() == 2 && !matches!(c, b'{' | b'[') {
                    if let Some(seen) = seen.as_deref_mut().filter(|s| s.within) {
                        seen.element(i);
                    }
                }
            }
            Next::After => {
                i = space(i);
                let object = *open.last()?;
                match (object, *b.get(i)?) {
                    (_, b',') => {
                        i = space(i + 1);
                        next = if object { Next::Key } else { Next::Value };
                    }
                    (true, b'}') | (false, b']') => {
                        open.pop();
                        i += 1;
                        let at_items = open.len() <= 2;
                        if let Some(seen) = seen.as_deref_mut().filter(|s| at_items && s.within) {
                            match open.len() {
                                // An element that is a collection ends here.
                                2 => seen.element(i),
                                // The array itself.
                                1 => {
                                    seen.within = false;
                                    if let Some(found) = &mut seen.found {
                                        found.close = i - 1;
                                    }
                                }
                                _ => {}
                            }
                        }
                        if open.is_empty() {
                            return Some(value_read(i, direct, json_only, &b[from..i]));
                        }
                    }
                    _ => return None,
                }
            }
            Next::Key => {
                if b.get(i) != Some(&b'"') {
                    return None;
                }
                let key_start = i;
                let end = plain_string_end(b, i, &mut direct, &mut json_only)?;
                // (A key's value resets it: at the root, the next value read.)
                if let Some(seen) = seen.as_deref_mut().filter(|_| open.len() == 1) {
                    seen.key = &b[key_start..end] == b"\"items\"";
                }
                i = space(end);
                if b.get(i) != Some(&b':') {
                    return None;
                }
                // A string holds no line break: only the space after it may.
                if i - key_start > KEY_SPAN || has_line_break(&b[end..i]) {
                    direct = false;
                }
                i = space(i + 1);
                next = Next::Value;
            }
        }
    }
}

/// Where the JSON string starting at `b[at]` (its `"`) ends, after its closing quote, checking
/// it as the scanner does (`None` where it does not read), and marking an escape the YAML
/// grammar reads otherwise as the scanner marks it (see [`Read::Value`]). Inlined in its two
/// callers: most strings are a few bytes, and the call cost more than their search.
#[inline(always)]
fn plain_string_end(b: &[u8], at: usize, direct: &mut bool, json_only: &mut bool) -> Option<usize> {
    let mut i = at + 1;
    loop {
        i += super::strings::plain_bytes(b.get(i..)?);
        match *b.get(i)? {
            b'"' => return Some(i + 1),
            b'\\' => match *b.get(i + 1)? {
                b'"' | b'\\' | b'b' | b'f' | b'n' | b'r' | b't' => i += 2,
                b'/' => {
                    (*direct, *json_only) = (false, true);
                    i += 2;
                }
                b'u' => {
                    if u_escape(b.get(i + 2..i + 6)?)? {
                        (*direct, *json_only) = (false, true);
                    }
                    i += 6;
                }
                _ => return None,
            },
            // A control character.
            _ => return None,
        }
    }
}

/// Where the JSON number starting at `b[at]` ends (`None` where it does not read as one: what
/// follows it is checked by the caller).
pub(crate) fn number_end(b: &[u8], at: usize) -> Option<usize> {
    let digits = |i: usize| b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
    let mut i = at + usize::from(b[at] == b'-');
    match *b.get(i)? {
        b'0' => i += 1,
        b'1'..=b'9' => i += digits(i),
        _ => return None,
    }
    if b.get(i) == Some(&b'.') {
        let n = digits(i + 1);
        if n == 0 {
            return None;
        }
        i += 1 + n;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let n = digits(i);
        if n == 0 {
            return None;
        }
        i += n;
    }
    Some(i)
}

impl ItemsSeen {
    /// The element being read ends before byte `end`.
    fn element(&mut self, end: usize) {
        if let Some(found) = &mut self.found {
            found.elements.push(self.start..end);
        }
    }
}

/// Reads one value of `text` from byte `from`, as `json.Decoder.Decode` does.
pub fn read_value(text: &str, from: usize) -> Read {
    read_plain(text.as_bytes(), from, None).unwrap_or_else(|| read_stepwise(text, from))
}

/// [`read_value`], and where the elements of the value's root `items` array are when it is
/// an object that has one and reads straight (`direct`, without an escape the YAML grammar
/// refuses): then a split of it into its items ([`crate::yaml::parse::ahead::split_json_with`])
/// need not look for them.
pub fn read_value_items(text: &str, from: usize) -> (Read, Option<RootItems>) {
    let mut seen = ItemsSeen::default();
    match read_plain(text.as_bytes(), from, Some(&mut seen)) {
        Some(read) => {
            let straight = matches!(
                read,
                Read::Value {
                    direct: true,
                    json_only: false,
                    ..
                }
            );
            (read, seen.found.filter(|_| straight))
        }
        None => (read_stepwise(text, from), None),
    }
}

/// [`read_value_items`]'s answer, for the value it is most often asked about, without the
/// scanner reading the elements of the root `items` array: the root object with that array
/// emptied is read by the scanner (it must read straight: `direct`, without an escape the YAML
/// grammar refuses), and the elements, each an object, are found by their brackets
/// (`brackets.rs`) between the array's `[`, commas and `]`. The answer is `unchecked`:
/// it stands only once every element, read on its own, is JSON that reads straight (see
/// `jsontree::item_checked`), for then the scanner reads the whole value as it reads
/// the root without them (each element is one value where the root had none; nested 128 deep
/// at most, far within Go's limit). `None` where the text is not so (the caller reads it all).
pub fn read_value_items_unchecked(text: &str, from: usize) -> Option<(Read, RootItems)> {
    let b = text.as_bytes();
    let root = json_space(b, from);
    if b.get(root) != Some(&b'{') {
        return None;
    }
    let open = root_items_open(b, root)?;
    let mut elements = Vec::new();
    // The white space skipped, and whether it held a line break.
    let mut breaks = false;
    let mut space = |from: usize| {
        let to = json_space(b, from);
        breaks |= has_line_break(&b[from..to]);
        to
    };
    let mut i = space(open + 1);
    let mut within = false;
    let close = loop {
        if b.get(i) != Some(&b'{') {
            return None;
        }
        let (end, held) = super::brackets::collection_end_breaks(b, i)?;
        within |= held;
        elements.push(i..end);
        i = space(end);
        match *b.get(i)? {
            b',' => i = space(i + 1),
            b']' => break i,
            _ => return None,
        }
    };
    let breaks = breaks || within;
    let mut shell = Vec::with_capacity(open + 1 + b.len() - close);
    shell.extend_from_slice(&b[..=open]);
    shell.extend_from_slice(&b[close..]);
    let mut seen = ItemsSeen::default();
    let Some(Read::Value {
        end,
        direct: true,
        json_only: false,
    }) = read_plain(&shell, from, Some(&mut seen))
    else {
        return None;
    };
    // The array the scanner takes for the root's `items` is the one emptied.
    let found = seen.found?;
    if found.open != open || found.close != open + 1 || end <= open + 1 {
        return None;
    }
    let read = Read::Value {
        end: end + (close - open - 1),
        direct: true,
        json_only: false,
    };
    let items = RootItems {
        open,
        close,
        elements,
        unchecked: true,
        breaks: Some(breaks),
    };
    Some((read, items))
}

/// Where the array of the first `"items"` key (written so) of the root object at `b[root]`
/// opens, found without reading the values before it (their collections by their brackets).
/// `None` when that key's value is not an array, or the text is not so.
fn root_items_open(b: &[u8], root: usize) -> Option<usize> {
    let mut i = json_space(b, root + 1);
    loop {
        if b.get(i) != Some(&b'"') {
            return None;
        }
        let key_end = i + 1 + super::strings::quote_or_backslash(b.get(i + 1..)?)?;
        if b[key_end] != b'"' {
            return None;
        }
        let key = &b[i..=key_end];
        i = json_space(b, key_end + 1);
        if b.get(i) != Some(&b':') {
            return None;
        }
        i = json_space(b, i + 1);
        if key == b"\"items\"" {
            return (b.get(i) == Some(&b'[')).then_some(i);
        }
        i = match *b.get(i)? {
            b'{' | b'[' => super::brackets::collection_end(b, i)?,
            b'"' => string_end(b, i, &mut false)?,
            _ => {
                i + b[i..]
                    .iter()
                    .take_while(|c| !matches!(c, b',' | b'}'))
                    .count()
            }
        };
        i = json_space(b, i);
        if b.get(i) != Some(&b',') {
            return None;
        }
        i = json_space(b, i + 1);
    }
}

/// [`read_value`] a byte at a time, as Go's scanner steps.
fn read_stepwise(text: &str, from: usize) -> Read {
    let bytes = text.as_bytes();
    let mut scanner = Scanner {
        state: State::BeginValue,
        stack: Vec::new(),
        direct: true,
        json_only: false,
        escape_d: false,
    };
    // Where the last object key started.
    let mut key_start = from;
    let value = |end: usize, scanner: &Scanner| {
        value_read(end, scanner.direct, scanner.json_only, &bytes[from..end])
    };
    let mut i = from;
    while i < bytes.len() {
        let c = bytes[i];
        // Fast paths over what changes no state: a string's plain bytes, white space between
        // tokens (but after a top-level value, which the next byte ends).
        let skip = match scanner.state {
            State::InString => {
                let n = super::strings::plain_bytes(&bytes[i..]);
                // The closing quote (what a string most often stops at), as `step` takes it.
                if bytes.get(i + n) == Some(&b'"') {
                    scanner.state = State::EndValue;
                    i += n + 1;
                    continue;
                }
                n
            }
            State::EndValue if scanner.stack.is_empty() => 0,
            State::EndValue
            | State::BeginValue
            | State::BeginValueOrEmpty
            | State::BeginString
            | State::BeginStringOrEmpty => bytes[i..].iter().take_while(|&&b| is_space(b)).count(),
            _ => 0,
        };
        if skip > 0 {
            i += skip;
            continue;
        }
        let at = i;
        i += 1;
        match (scanner.state, c) {
            (State::BeginString | State::BeginStringOrEmpty, b'"') => key_start = at,
            (State::EndValue, b':') if scanner.stack.last() == Some(&Frame::ObjectKey) => {
                let key = &bytes[key_start..at];
                if key.len() > KEY_SPAN || memchr::memchr2(b'\n', b'\r', key).is_some() {
                    scanner.direct = false;
                }
            }
            _ => {}
        }
        match scanner.step(c) {
            Ok(Step::Continue) => {}
            Ok(Step::End) => return value(at, &scanner),
            Ok(Step::EndWith) => return value(at + 1, &scanner),
            Err(e) => {
                return Read::Refused {
                    at,
                    offset: at + 1 - from,
                    message: e.to_string(),
                }
            }
        }
    }
    // At the end of the input: a value ends there if one more space would end it.
    if let Ok(Step::End) = scanner.step(b' ') {
        return value(bytes.len(), &scanner);
    }
    match bytes[from.min(bytes.len())..].iter().all(|&c| is_space(c)) {
        true => Read::End,
        false => Read::Refused {
            at: bytes.len(),
            offset: 0,
            message: "unexpected EOF".to_string(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(text: &str) -> String {
        match read_value(text, 0) {
            Read::Refused { message, .. } => message,
            other => panic!("{text:?} read: {other:?}"),
        }
    }

    /// Each of Go's scanner states, refused as Go words it.
    #[test]
    fn refusals_read_as_gos() {
        let table = [
            (
                r#"{"a": 09}"#,
                "invalid character '9' after object key:value pair",
            ),
            (
                r#"{"a": }"#,
                "invalid character '}' looking for beginning of value",
            ),
            (
                r#"{"a": 1,}"#,
                "invalid character '}' looking for beginning of object key string",
            ),
            (
                "{a: 1}",
                "invalid character 'a' looking for beginning of object key string",
            ),
            (r#"{"a" 1}"#, "invalid character '1' after object key"),
            (
                r#"{"a": yes}"#,
                "invalid character 'y' looking for beginning of value",
            ),
            (
                r#"{"a": 1 "b": 2}"#,
                "invalid character '\"' after object key:value pair",
            ),
            ("[1 2]", "invalid character '2' after array element"),
            (
                r#"{"a": "x\q"}"#,
                "invalid character 'q' in string escape code",
            ),
            (
                r#"{"a": "\u12g4"}"#,
                "invalid character 'g' in \\u hexadecimal character escape",
            ),
            (
                "{\"a\": \"x\ty\"}",
                r"invalid character '\t' in string literal",
            ),
            (r#"{"a": -x}"#, "invalid character 'x' in numeric literal"),
            (
                r#"{"a": 1.}"#,
                "invalid character '}' after decimal point in numeric literal",
            ),
            (
                r#"{"a": 1e}"#,
                "invalid character '}' in exponent of numeric literal",
            ),
            (
                r#"{"a": tru}"#,
                "invalid character '}' in literal true (expecting 'e')",
            ),
            (
                r#"{"a": nul}"#,
                "invalid character '}' in literal null (expecting 'l')",
            ),
            (
                r#"{"a": fx}"#,
                "invalid character 'x' in literal false (expecting 'a')",
            ),
            (
                r#"{'a': 1}"#,
                r"invalid character '\'' looking for beginning of object key string",
            ),
            (
                "{\"a\": \u{e9}}",
                "invalid character '\u{c3}' looking for beginning of value",
            ),
            (
                "{\"a\": \u{1}}",
                r"invalid character '\x01' looking for beginning of value",
            ),
            (r#"{"a": [1, 2"#, "unexpected EOF"),
            (r#"{"a""#, "unexpected EOF"),
        ];
        for (text, want) in table {
            assert_eq!(refusal(text), want, "{text}");
        }
    }

    /// Values end where Go's decoder ends them; the offset counts the value's bytes read.
    #[test]
    fn values_end_where_the_decoder_ends_them() {
        let text = " {\"a\": [1, {}]}\n[] 12 -0.5e+3 \"s\" true\nnull ";
        let mut ends = Vec::new();
        let mut at = 0;
        while let Read::Value { end, .. } = read_value(text, at) {
            ends.push(text[at..end].trim());
            at = end;
        }
        assert_eq!(
            ends,
            [
                "{\"a\": [1, {}]}",
                "[]",
                "12",
                "-0.5e+3",
                "\"s\"",
                "true",
                "null"
            ]
        );
        assert_eq!(read_value(text, at), Read::End);
        let bad = "{}\n {\"a\": 09}";
        assert_eq!(
            read_value(bad, 0),
            Read::Value {
                end: 2,
                direct: true,
                json_only: false,
            }
        );
        assert_eq!(
            read_value(bad, 2),
            Read::Refused {
                at: 11,
                offset: 10,
                message: "invalid character '9' after object key:value pair".into()
            }
        );
        let deep = "[".repeat(MAX_DEPTH + 1);
        assert_eq!(refusal(&deep), "invalid character '[' exceeded max depth");
    }

    /// Whether a value is one the YAML grammar reads as JSON does (see [`Read::Value`]).
    #[test]
    fn direct_values_are_those_yaml_reads_as_json() {
        // From its quote to its colon: KEY_SPAN + 1 bytes, then KEY_SPAN.
        let long_key = format!("{{\"{}\": 1}}", "k".repeat(KEY_SPAN - 1));
        // Each: whether the YAML grammar reads it as JSON does, and whether only encoding/json
        // reads it as kubectl does (an escape the YAML grammar refuses, `\/` or a surrogate's
        // `\u`; a NEL, LS or PS, which the YAML grammar folds).
        let table: &[(&str, bool, bool)] = &[
            (
                r#"{"a": "b\n\"\\\t\u00e9\uD7FF\uE000", "c": [1, -0.5e3, true, null]}"#,
                true,
                false,
            ),
            (r#"{"a": "x\/y"}"#, false, true),
            (r#"{"a": "\ud83d\ude00"}"#, false, true),
            (r#"{"a": "\uDC00"}"#, false, true),
            (r#"{"a": "\uD800"}"#, false, true),
            (r#"{"a": "x\ud7ff", "b": "\udbff"}"#, false, true),
            (r#"{"a\/b": 1}"#, false, true),
            (r#"{"a": "\ud7ff\u0d80\u8d00"}"#, true, false),
            ("{\"a\": \"x\u{85}y\"}", false, true),
            ("{\"a\": \"x\u{2028}y\"}", false, true),
            ("{\"a\": \"x\u{2029}y\"}", false, true),
            ("{\"a\": \"x\u{2027}\u{a0}\u{c5}y\"}", true, false),
            ("{\"a\"\n: 1}", false, false),
            ("{\"a\"\r: 1}", false, false),
            ("{\"a\"  :\n 1,\n\"b\":\r\n2}", true, false),
            (&long_key, false, false),
            (&long_key.replacen('k', "", 1), true, false),
        ];
        for (text, direct, json_only) in table {
            let read = read_value(text, 0);
            let want = Read::Value {
                end: text.len(),
                direct: *direct,
                json_only: *json_only,
            };
            assert_eq!(read, want, "{text}");
        }
    }

    /// The one-pass reading gives what the scanner gives wherever it gives anything, and it
    /// gives it for the objects and arrays that read: every prefix of a set of values, and
    /// every value with one byte replaced by each byte that matters to JSON.
    #[test]
    fn the_plain_reading_is_the_scanners() {
        let long_key = format!("{{\"{}\" : 1}}", "k".repeat(KEY_SPAN - 2));
        let seeds = [
            r#"{"a": "b\n\"\\\t\u00e9\uD7FF\uE000", "c": [1, -0.5e3, true, null, false, 0, 10E+2, 2e-1]}"#,
            r#" [ {"a\/b": "x\/y"}, "\ud83d\ude00", {}, [], [[]], {"":{"":[{}]}} ] "#,
            "{\"a\"\r\n:\t1, \"b\" :\n\"x\u{2028}\u{85}y\"}  {}",
            r#"{"apiVersion":"v1","kind":"List","items":[{"metadata":{"name":"a","labels":{"x":"1"}},"spec":{"replicas":3,"ratio":0.25}}]}"#,
            &long_key,
        ];
        let swaps = b" \t\r\n,:{}[]\"\\/-+.0123456789eEtrufalsnbdD\x00\x1fx";
        let texts = super::super::tests::one_byte_changes(&seeds, swaps);
        let mut plain = 0;
        for b in &texts {
            let Ok(text) = std::str::from_utf8(b) else {
                continue;
            };
            for from in [0, 1] {
                if let Some(read) = read_plain(b, from, None) {
                    assert_eq!(read, read_stepwise(text, from), "{text:?} from {from}");
                    plain += 1;
                }
            }
        }
        // Each seed whole (the third's first value), and many of the changed ones.
        for seed in seeds {
            assert!(read_plain(seed.as_bytes(), 0, None).is_some(), "{seed:?}");
        }
        assert!(plain > 1000, "{plain}");
        assert_eq!(read_plain(b"12", 0, None), None);
        // Go's limit is left to the scanner.
        let nested = |n: usize| "[".repeat(n) + &"]".repeat(n);
        let (deep, deeper) = (nested(MAX_DEPTH - 1), nested(MAX_DEPTH));
        assert_eq!(
            read_plain(deep.as_bytes(), 0, None),
            Some(read_stepwise(&deep, 0))
        );
        assert_eq!(read_plain(deeper.as_bytes(), 0, None), None);
        assert!(matches!(read_value(&deeper, 0), Read::Value { .. }));
    }
}
