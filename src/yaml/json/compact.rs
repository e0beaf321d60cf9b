//! A compact JSON text read in one pass into the `serde_json::Value` the reader's trees would
//! give it ([`super::value_as_read`]): a CRD element of a one-line JSON list is loaded from it.
//!
//! What it takes is what `serde_json::from_str` reads (RFC 8259's grammar, no control
//! character in a string, at most 127 levels of nesting: serde_json's recursion limit) narrowed
//! to the text the straight reading reads as the YAML reader would: no white space; strings
//! with serde_json's own escapes (`\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`) and `\u` escapes of
//! no surrogate (the YAML grammar refuses `\/` and those); numbers that are int64s as Go's
//! `strconv.FormatInt` writes them (both readings give them the same value); keys that are
//! unique (serde_json would keep one of two), none `<<` (a merge key to the YAML reader), none
//! longer than `LONG_KEY` bytes read nor its text longer than `2 * LONG_KEY + 2` bytes (so
//! that the YAML scanner takes it for a simple key however it is escaped). Anything else gives
//! `None`, and the text is then read by the reader.
//!
//! Made for speed, as the CRDs of a JSON list are most of its reading: each container's
//! members wait on one stack until it closes, so that its vector or map is made at its size
//! (serde_json's grows them as they fill), and a string without an escape is copied at once.

use serde_json::{Map, Number, Value};

/// The longest key taken, in bytes read: written with serde_json's escapes (two bytes for one
/// at most) and its quotes, within [`crate::yaml::read::gojson::KEY_SPAN`] bytes, so that the
/// YAML scanner takes it for a simple key.
pub(super) const LONG_KEY: usize = 400;

/// serde_json's recursion limit: the levels it reads (it refuses the 128th).
const DEPTH: usize = 127;

/// `text`'s value, and whether it holds a `\u` escape; `None` for a text this reading does not
/// take (see the module's doc).
pub fn read(text: &str) -> Option<(Value, bool)> {
    let mut r = Reader {
        b: text.as_bytes(),
        text,
        at: 0,
        depth: 0,
        escaped: false,
        items: Vec::new(),
        members: Vec::new(),
    };
    let value = r.value()?;
    (r.at == r.b.len()).then_some((value, r.escaped))
}

struct Reader<'a> {
    b: &'a [u8],
    text: &'a str,
    at: usize,
    depth: usize,
    /// Whether a `\u` escape was read.
    escaped: bool,
    /// The items of the arrays open, innermost last.
    items: Vec<Value>,
    /// The members of the objects open, innermost last.
    members: Vec<(String, Value)>,
}

impl Reader<'_> {
    fn value(&mut self) -> Option<Value> {
        match *self.b.get(self.at)? {
            b'{' => self.object(),
            b'[' => self.array(),
            b'"' => self.string().map(Value::String),
            _ => self.scalar(),
        }
    }

    fn open(&mut self) -> Option<()> {
        self.depth += 1;
        self.at += 1;
        (self.depth <= DEPTH).then_some(())
    }

    /// After a container's member: whether another follows (its `,` passed), or the container
    /// ends (`close`, passed with its level); `None` for anything else.
    fn more(&mut self, close: u8) -> Option<bool> {
        match *self.b.get(self.at)? {
            b',' => self.at += 1,
            c if c == close => {
                self.at += 1;
                self.depth -= 1;
                return Some(false);
            }
            _ => return None,
        }
        Some(true)
    }

    fn array(&mut self) -> Option<Value> {
        self.open()?;
        let first = self.items.len();
        // (Empty: closed at once.)
        let mut more = self.b.get(self.at) != Some(&b']') || self.more(b']')?;
        while more {
            let item = self.value()?;
            self.items.push(item);
            more = self.more(b']')?;
        }
        Some(Value::Array(self.items.drain(first..).collect()))
    }

    fn object(&mut self) -> Option<Value> {
        self.open()?;
        let first = self.members.len();
        // (Empty: closed at once.)
        let mut more = self.b.get(self.at) != Some(&b'}') || self.more(b'}')?;
        while more {
            let start = self.at;
            if self.b.get(start) != Some(&b'"') {
                return None;
            }
            let key = self.string()?;
            let long = key.len() > LONG_KEY || self.at - start > 2 * LONG_KEY + 2;
            if long || key == "<<" || self.b.get(self.at) != Some(&b':') {
                return None;
            }
            self.at += 1;
            let value = self.value()?;
            self.members.push((key, value));
            more = self.more(b'}')?;
        }
        let n = self.members.len() - first;
        let mut map = Map::with_capacity(n);
        for (k, v) in self.members.drain(first..) {
            if map.insert(k, v).is_some() {
                return None;
            }
        }
        Some(Value::Object(map))
    }

    /// The string whose `"` is at `self.at`, read; `self.at` then after its closing quote.
    fn string(&mut self) -> Option<String> {
        let start = self.at + 1;
        let n = crate::yaml::read::strings::plain_bytes(&self.b[start..]);
        let mut at = start + n;
        if *self.b.get(at)? == b'"' {
            self.at = at + 1;
            return Some(self.text[start..at].to_string());
        }
        let mut s = String::with_capacity(n + 16);
        s.push_str(&self.text[start..at]);
        loop {
            match *self.b.get(at)? {
                b'"' => break,
                b'\\' => {
                    let c = match *self.b.get(at + 1)? {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let c = u_char(self.b.get(at + 2..at + 6)?)?;
                            self.escaped = true;
                            at += 4;
                            c
                        }
                        _ => return None,
                    };
                    s.push(c);
                    at += 2;
                }
                // A control character, which JSON refuses in a string.
                _ => return None,
            }
            let n = crate::yaml::read::strings::plain_bytes(&self.b[at..]);
            s.push_str(&self.text[at..at + n]);
            at += n;
        }
        self.at = at + 1;
        Some(s)
    }

    /// `true`, `false`, `null` or an int64 as Go writes it; the token is every byte that could
    /// continue one, so that `truex` or `1.5` is refused whole.
    fn scalar(&mut self) -> Option<Value> {
        let len = super::token_len(&self.b[self.at..]);
        let value = match &self.b[self.at..self.at + len] {
            b"true" => Value::Bool(true),
            b"false" => Value::Bool(false),
            b"null" => Value::Null,
            t => Value::Number(Number::from(super::int64_of(t)?)),
        };
        self.at += len;
        Some(value)
    }
}

/// The character of a `\u` escape's four bytes: `None` unless they are hex digits, or where
/// they name a surrogate (which the YAML grammar refuses).
fn u_char(hex: &[u8]) -> Option<char> {
    if crate::yaml::read::gojson::u_escape(hex)? {
        return None;
    }
    // Four hex digits, of no surrogate: a character.
    let code = u32::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()?;
    char::from_u32(code)
}

/// The text the writer writes for the value [`read`] reads from `text` (compact, as
/// `serde_json` writes a value: [`crate::resourcelist::json::write_value`]), made from `text`
/// without the value: `text` itself but for its `\u` escapes, each written as the writer writes
/// its character (the character itself; `\"`, `\\`, `\b`, `\f`, `\n`, `\r` or `\t`; `\u00xx`
/// for another control character). Every other byte of such a text is the writer's already:
/// its keys in their order, no white space, its other escapes `serde_json`'s own, its numbers
/// as Go and `serde_json` write an int64. Only for a text [`read`] takes.
pub fn written(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut at = 0;
    while let Some(n) = memchr::memchr(b'\\', &b[at..]) {
        let escape = at + n;
        out.extend_from_slice(&b[at..escape]);
        if b.get(escape + 1) != Some(&b'u') {
            // Another escape: two bytes, the writer's own.
            out.extend_from_slice(&b[escape..(escape + 2).min(b.len())]);
            at = escape + 2;
            continue;
        }
        let c = b.get(escape + 2..escape + 6).and_then(u_char);
        let c = c.expect("a \\u escape of a character, as `read` takes");
        match u8::try_from(c) {
            Ok(byte) if byte == b'"' || byte == b'\\' || byte < 0x20 => {
                super::escape_into(byte, &mut out)
            }
            _ => out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
        }
        at = escape + 6;
    }
    out.extend_from_slice(&b[at.min(b.len())..]);
    String::from_utf8(out).expect("UTF-8 in, UTF-8 out")
}
