//! Conversion between the lossless tree and `serde_json::Value`, reading scalars the YAML 1.1 way.
//!
//! [`to_json`] follows sigs.k8s.io/yaml's YAML→JSON conversion on go-yaml v2: scalars resolve as
//! in [`super::scalar`]; map keys that are not strings become their string form (`true`, `493`,
//! `1.5`); merge keys (`<<`) merge their map(s) in; integers keep every digit (i64, u64); floats
//! with an integral value become integers (Go's JSON writes `1.0` as `1`); NaN and infinities
//! cannot be JSON and fail.

use super::keys::is_merge_key;
use super::scalar::{resolve_checked, resolve_plain, Resolved};
use super::{Mapping, Node, Scalar, YamlError};
use serde_json::{Map, Number, Value};
use std::collections::BTreeMap;

fn err(message: String) -> YamlError {
    YamlError {
        document: 0,
        line: 0,
        column: 0,
        message,
    }
}

/// The JSON value a YAML 1.1 reader (kubectl) makes of this node. Fails on keys that are not
/// scalars, and on floats JSON cannot hold.
pub fn to_json(node: &Node) -> Result<Value, YamlError> {
    match node {
        Node::Scalar(s) => scalar_to_json(s),
        Node::Seq(seq) => seq
            .items
            .iter()
            .map(to_json)
            .collect::<Result<_, _>>()
            .map(Value::Array),
        Node::Map(m) => {
            let mut out = Map::with_capacity(m.entries.len());
            let mut unwritable = BTreeMap::new();
            map_into(m, &mut out, &mut unwritable)?;
            // JSON cannot hold a NaN, an infinity or a null key, but a value a later entry of
            // the same key (or a later merge) replaces is never converted: go-yaml decodes the
            // whole map, the last one set wins, then JSON is written, in key order.
            match unwritable.into_values().next() {
                Some(e) => Err(e),
                None => Ok(Value::Object(out)),
            }
        }
    }
}

/// The entries of `m` set into `out` in order, the last one set winning; `unwritable` holds
/// the keys whose value is (so far) one JSON cannot hold, with the error.
fn map_into(
    m: &Mapping,
    out: &mut Map<String, Value>,
    unwritable: &mut BTreeMap<String, YamlError>,
) -> Result<(), YamlError> {
    for (k, v) in &m.entries {
        if is_merge_key(k) {
            merge_into(v, out, unwritable)?;
            continue;
        }
        let key = key_string(k)?;
        let value = match to_json(v) {
            Ok(value) => {
                unwritable.remove(&key);
                value
            }
            Err(e) if converting(&e) => {
                unwritable.insert(key.clone(), e);
                Value::Null
            }
            Err(e) => return Err(e),
        };
        out.insert(key, value);
    }
    Ok(())
}

/// Whether `e` is a refusal of sigs.k8s.io/yaml's conversion to JSON (a NaN or an infinity,
/// a null key), which a value that is replaced never reaches; go-yaml's own refusals stand
/// wherever they are.
fn converting(e: &YamlError) -> bool {
    e.message.starts_with(UNSUPPORTED) || e.message.starts_with(NULL_KEY)
}

const UNSUPPORTED: &str = "json: unsupported value";
const NULL_KEY: &str = "unsupported map key: null";

/// go-yaml v2 merges: a map's entries are set into the target; for a list of maps, the first map
/// wins (they are applied last to first).
fn merge_into(
    v: &Node,
    out: &mut Map<String, Value>,
    unwritable: &mut BTreeMap<String, YamlError>,
) -> Result<(), YamlError> {
    match v {
        Node::Map(m) => map_into(m, out, unwritable),
        Node::Seq(s) => s.items.iter().rev().try_for_each(|item| match item {
            Node::Map(m) => map_into(m, out, unwritable),
            _ => Err(err(
                "map merge requires map or sequence of maps as the value".into(),
            )),
        }),
        Node::Scalar(_) => Err(err(
            "map merge requires map or sequence of maps as the value".into(),
        )),
    }
}

/// A map key as sigs.k8s.io/yaml writes it into JSON.
fn key_string(k: &Node) -> Result<String, YamlError> {
    let Node::Scalar(s) = k else {
        return Err(err(
            "unsupported map key: a collection cannot be a JSON object key".into(),
        ));
    };
    match resolve_checked(s).map_err(|e| err(e.to_string()))? {
        Resolved::Str => Ok(super::scalar::string_text(s).into_owned()),
        Resolved::Bool(b) => Ok(b.to_string()),
        Resolved::Int(i) => Ok(i.to_string()),
        Resolved::BigInt(d) => Ok(d),
        Resolved::Float(f) => Ok(go_float_key(f)),
        Resolved::Null => Err(err(format!("{NULL_KEY} (`{}`)", s.value))),
    }
}

/// A float map key as sigs.k8s.io/yaml writes it into JSON (`convertToJSONableObject`, the way
/// go-yaml writes a float): Go's `strconv.FormatFloat(f, 'g', -1, 32)`
/// ([`crate::go::strconv::format_float`]), with `.inf`, `-.inf` and `.nan` for the specials.
pub(crate) fn go_float_key(f: f64) -> String {
    match crate::go::strconv::format_float(f, 32) {
        s if s == "+Inf" => ".inf".into(),
        s if s == "-Inf" => "-.inf".into(),
        s if s == "NaN" => ".nan".into(),
        s => s,
    }
}

fn scalar_to_json(s: &Scalar) -> Result<Value, YamlError> {
    match resolve_checked(s).map_err(|e| err(e.to_string()))? {
        Resolved::Str => Ok(Value::String(super::scalar::string_text(s).into_owned())),
        r => resolved_to_json(r, &s.value, s.json),
    }
}

/// The JSON value of a scalar whose text `value` resolves to `r` (`json`: read from JSON).
fn resolved_to_json(r: Resolved, value: &str, json: bool) -> Result<Value, YamlError> {
    Ok(match r {
        Resolved::Null => Value::Null,
        Resolved::Bool(b) => Value::Bool(b),
        Resolved::Int(i) => Value::from(i),
        Resolved::BigInt(d) => match d.parse::<u64>() {
            Ok(u) if !json => Value::from(u),
            _ => float_value(d.parse().unwrap_or(f64::NAN), value, json)?,
        },
        Resolved::Float(f) => float_value(f, value, json)?,
        Resolved::Str => Value::String(value.to_string()),
    })
}

/// A tree [`write_plain_json`] writes: the crate's [`Node`] or the reader's tree as read
/// ([`super::read::RNode`]), seen one node at a time.
pub trait PlainTree: Sized {
    fn view(&self) -> View<'_, Self>;

    /// A collection's [`crate::yaml::Span`]: where the text it holds is in its item's text.
    fn span(&self) -> Option<std::ops::Range<usize>> {
        None
    }
}

/// One node as [`write_plain_json`] sees it; `tagged`: a tag is written on it.
pub enum View<'a, T> {
    Scalar {
        value: &'a str,
        /// Plain style: its meaning comes from its text (else it is a string).
        plain: bool,
        /// Read from a JSON document ([`Scalar::json`]).
        json: bool,
        tagged: bool,
    },
    Seq {
        items: &'a [T],
        tagged: bool,
    },
    Map {
        entries: &'a [(T, T)],
        tagged: bool,
    },
}

impl PlainTree for Node {
    fn span(&self) -> Option<std::ops::Range<usize>> {
        Node::span(self)
    }

    fn view(&self) -> View<'_, Node> {
        match self {
            Node::Scalar(s) => View::Scalar {
                value: &s.value,
                plain: s.style == super::ScalarStyle::Plain,
                json: s.json,
                tagged: s.tag().is_some(),
            },
            Node::Seq(seq) => View::Seq {
                items: &seq.items,
                tagged: seq.tag().is_some(),
            },
            Node::Map(m) => View::Map {
                entries: &m.entries,
                tagged: m.tag().is_some(),
            },
        }
    }
}

impl PlainTree for super::read::RNode {
    fn view(&self) -> View<'_, Self> {
        use super::read::{Kind, Style};
        let tagged = self.tag().is_some();
        match &self.kind {
            Kind::Scalar {
                value, style, json, ..
            } => View::Scalar {
                value,
                plain: *style == Style::Plain,
                json: *json,
                tagged,
            },
            Kind::Seq { items, .. } => View::Seq { items, tagged },
            Kind::Map { entries, .. } => View::Map { entries, tagged },
        }
    }
}

/// Writes the compact JSON text of `node` (the text `to_json(node)?.to_string()` gives for
/// the same tree) into `out`, when that text reads back as the same object: no tags, every map
/// key a string scalar (not a merge key), no key twice, and every value one JSON can hold.
/// `false` otherwise, with `out` holding part of the text. No [`Value`] is made on the way.
/// What it appends is UTF-8 (whole strings, cut only before an ASCII byte it escapes).
///
/// Also `false` for what kubectl's reader must decode to be sure of (an integer beyond
/// int64, a `<<` key however quoted): a tree as read that this writes is one that
/// [`super::read::decode::check`] passes without a look.
pub fn write_plain_json<T: PlainTree>(node: &T, out: &mut Vec<u8>) -> bool {
    write_plain(node, out, None, None)
}

/// [`write_plain_json`] of an item read from `text` by the JSON item reader, copying from
/// `text` each collection that still has its [`crate::yaml::Span`] instead of writing it. The
/// same bytes: the reader gives a span only to a collection whose text the writer writes for
/// what it holds (no white space, no escape, every number an int64 as Go writes it) where its
/// objects' keys are unique, and the caller makes sure of that: no object left with a span
/// holds a key twice ([`crate::yaml::keys::drop_shadowed`] ran on the tree; the reader reads
/// no `<<` key).
pub fn write_plain_json_copying(node: &Node, out: &mut Vec<u8>, text: &str) -> bool {
    // (Where debug assertions are on, as in fuzzing: what is copied is what is written.)
    #[cfg(debug_assertions)]
    let from = out.len();
    let wrote = write_plain(node, out, None, Some(text.as_bytes()));
    #[cfg(debug_assertions)]
    if wrote {
        let mut written = Vec::new();
        assert!(write_plain_json(node, &mut written));
        assert!(
            out[from..] == written[..],
            "a span no longer holds its text"
        );
    }
    wrote
}

/// The text of `node` in its item's `text` (see [`write_plain_json_copying`]), where it has a
/// span that holds its kind of collection.
#[inline]
fn copied<'t, T: PlainTree>(node: &T, text: &'t [u8], open: u8, close: u8) -> Option<&'t [u8]> {
    let t = text.get(node.span()?)?;
    (t.first() == Some(&open) && t.last() == Some(&close)).then_some(t)
}

/// [`write_plain_json`] in the layout of `serde_json::to_string_pretty` (two spaces a level),
/// every line after the first indented by `indent` more spaces: the text
/// `crate::resourcelist::json::write_value` writes of `to_json(node)?` in its pretty layout.
pub fn write_plain_json_pretty<T: PlainTree>(node: &T, out: &mut Vec<u8>, indent: usize) -> bool {
    write_plain(node, out, Some(indent), None)
}

/// A line break and `n` spaces.
fn new_line(out: &mut Vec<u8>, n: usize) {
    out.push(b'\n');
    out.resize(out.len() + n, b' ');
}

/// [`write_plain_json`], or with `pretty` its pretty layout at that indentation; with `source`,
/// [`write_plain_json_copying`] from that text.
fn write_plain<T: PlainTree>(
    node: &T,
    out: &mut Vec<u8>,
    pretty: Option<usize>,
    source: Option<&[u8]>,
) -> bool {
    // What goes before an element (after the first's comma) and after the last one.
    let open = |out: &mut Vec<u8>, i: usize| {
        if i > 0 {
            out.push(b',');
        }
        if let Some(n) = pretty {
            new_line(out, n + 2);
        }
    };
    let close = |out: &mut Vec<u8>, len: usize, end: u8| {
        if let Some(n) = pretty.filter(|_| len > 0) {
            new_line(out, n);
        }
        out.push(end);
    };
    let inner = pretty.map(|n| n + 2);
    match node.view() {
        View::Scalar {
            value,
            plain,
            json,
            tagged,
        } => {
            if tagged {
                return false;
            }
            // A plain `true`, `false`, `null`, or an int64 as Go writes it, is written as it
            // reads (what its value's writing would give).
            if plain && (matches!(value, "true" | "false" | "null") || int64_text(value.as_bytes()))
            {
                out.extend_from_slice(value.as_bytes());
                return true;
            }
            match plain.then(|| resolve_plain(value)) {
                None | Some(Resolved::Str) => write_str(value, out),
                Some(Resolved::BigInt(_)) => false,
                Some(r) => resolved_to_json(r, value, json).is_ok_and(|v| scalar_into(&v, out)),
            }
        }
        View::Seq { items, tagged } => {
            if tagged {
                return false;
            }
            if let Some(t) = source.and_then(|text| copied(node, text, b'[', b']')) {
                out.extend_from_slice(t);
                return true;
            }
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                open(out, i);
                if !write_plain(item, out, inner, source) {
                    return false;
                }
            }
            close(out, items.len(), b']');
            true
        }
        View::Map { entries, tagged } => {
            if tagged {
                return false;
            }
            if let Some(t) = source.and_then(|text| copied(node, text, b'{', b'}')) {
                out.extend_from_slice(t);
                return true;
            }
            if !unique_string_keys(entries) {
                return false;
            }
            out.push(b'{');
            for (i, (k, v)) in entries.iter().enumerate() {
                open(out, i);
                let View::Scalar { value, .. } = k.view() else {
                    return false;
                };
                if !write_str(value, out) {
                    return false;
                }
                // (Each a constant: copied in place, not by a call.)
                match pretty {
                    Some(_) => out.extend_from_slice(b": "),
                    None => out.push(b':'),
                }
                if !write_plain(v, out, inner, source) {
                    return false;
                }
            }
            close(out, entries.len(), b'}');
            true
        }
    }
}

/// Whether [`write_plain_json`] writes `node` as exactly `text`, the JSON value the straight
/// reading read `node` from ([`super::read::jsontree`]): then an unchanged item is kept as its
/// text without being written to be compared with it. One pass over the bytes: no white space,
/// every string's escapes the ones `serde_json` writes (`\"`, `\\`, `\b`, `\f`, `\n`, `\r`,
/// `\t`; a `\u` escape is left to the comparison), every number an int64 written as Go's
/// `strconv.FormatInt` writes it; and every object's keys unique, none `<<` (the straight
/// reading keeps a repeated key, which the writer refuses).
pub fn written_as_read(text: &str, node: &Node) -> bool {
    compact_as_written(text.as_bytes()).is_some() && plain_keys(node)
}

/// The JSON value [`to_json`] gives of the tree the straight reading reads from `text`, made
/// without the tree ([`compact`]), where [`written_as_read`] holds for the text: its strings
/// hold only `serde_json`'s own escapes and its numbers are int64s as Go writes them, so both
/// readings give the same strings and the same numbers; its keys are unique and none is `<<`.
/// `None` otherwise (the tree is then read).
///
/// Where it gives a value, the text is also one that encoding/json's scanner reads (RFC 8259's
/// grammar, as Go's scanner reads it, and no control character in a string), without an
/// escape the YAML grammar refuses (it has none but serde_json's own) and without a key too
/// long for the YAML scanner's simple keys (see [`compact`]): what the straight reading needs
/// but for a NEL, LS or PS character.
pub fn json_as_read(text: &str) -> Option<Value> {
    match value_as_read(text)? {
        (value, true) => Some(value),
        (_, false) => None,
    }
}

/// [`json_as_read`]'s value, also of a text whose strings hold `\u` escapes (of no surrogate:
/// the YAML grammar refuses those), as Go's encoding/json writes `<`, `>` and `&`: the reader's
/// trees decode such an escape as serde_json does. With it, whether the text is the writer's
/// ([`written_as_read`]): it is not where it holds a `\u` escape (the writer writes the
/// character itself, or `\u00XX` for a control character); the writer's text is then the
/// value's, as [`crate::resourcelist::json::write_value`] writes it.
pub fn value_as_read(text: &str) -> Option<(Value, bool)> {
    compact::read(text).map(|(value, escaped)| (value, !escaped))
}

/// [`value_as_read`] as `serde_json` reads the text, checked first by [`compact_scan`] and its
/// keys counted after: the reading [`compact`] replaced, which its tests compare it with.
#[cfg(test)]
pub(crate) fn value_as_read_by_serde(text: &str) -> Option<(Value, bool)> {
    fn keys(v: &Value) -> Option<usize> {
        match v {
            Value::Array(items) => items.iter().map(keys).sum(),
            Value::Object(m) => {
                let mut n = m.len();
                for (k, v) in m {
                    if k == "<<" || k.len() > LONG_KEY {
                        return None;
                    }
                    n += keys(v)?;
                }
                Some(n)
            }
            _ => Some(0),
        }
    }
    let (count, escaped) = compact_scan(text.as_bytes())?;
    let value: Value = serde_json::from_str(text).ok()?;
    (keys(&value)? == count).then_some((value, !escaped))
}

/// The byte half of [`written_as_read`]: how many keys the text writes (its `:` outside
/// strings), when it is written so.
fn compact_as_written(b: &[u8]) -> Option<usize> {
    match compact_scan(b)? {
        (keys, false) => Some(keys),
        (_, true) => None,
    }
}

/// [`compact_as_written`], also of a text whose strings hold `\u` escapes of no surrogate:
/// how many keys it writes, and whether it holds such an escape. A key's text, its quotes
/// included, is at most `2 * LONG_KEY + 2` bytes (what [`compact`] allows a key written
/// with serde_json's escapes), so that the YAML scanner takes it for a simple key however it
/// is escaped.
fn compact_scan(b: &[u8]) -> Option<(usize, bool)> {
    let (mut i, mut keys, mut escaped) = (0, 0, false);
    while let Some(&c) = b.get(i) {
        match c {
            b':' => {
                keys += 1;
                i += 1;
            }
            b'{' | b'}' | b'[' | b']' | b',' => i += 1,
            b'"' => {
                let start = i;
                i += 1;
                loop {
                    i += crate::yaml::read::strings::quote_or_backslash(&b[i..])?;
                    if b[i] == b'"' {
                        i += 1;
                        break;
                    }
                    match b.get(i + 1) {
                        Some(b'"' | b'\\' | b'b' | b'f' | b'n' | b'r' | b't') => i += 2,
                        Some(b'u') => {
                            if crate::yaml::read::gojson::u_escape(b.get(i + 2..i + 6)?)? {
                                return None;
                            }
                            escaped = true;
                            i += 6;
                        }
                        _ => return None,
                    }
                }
                if b.get(i) == Some(&b':') && i - start > 2 * LONG_KEY + 2 {
                    return None;
                }
            }
            _ => {
                let len = token_len(&b[i..]);
                if !written_as_is(&b[i..i + len]) {
                    return None;
                }
                i += len;
            }
        }
    }
    Some((keys, escaped))
}

/// Whether a plain scalar's text `t` is the writer's text for it: `true`, `false`, `null`, or
/// an int64 as Go writes it ([`int64_text`]).
pub(crate) fn written_as_is(t: &[u8]) -> bool {
    matches!(t, b"true" | b"false" | b"null") || int64_text(t)
}

/// How long the token that starts `b` (outside a string of a compact JSON text) is: every
/// byte that could continue a literal or a number, so that `truex` or `1.5` is one token.
fn token_len(b: &[u8]) -> usize {
    b.iter()
        .position(|&b| !matches!(b, b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z' | b'.' | b'+' | b'-'))
        .unwrap_or(b.len())
}

/// Whether `t` is an int64 as `strconv.FormatInt` writes it (no `+`, no leading zero, no
/// `-0`): the text the writer gives the number the reader reads from it.
fn int64_text(t: &[u8]) -> bool {
    int64_of(t).is_some()
}

/// The int64 `t` writes, where it is written as [`int64_text`] says.
fn int64_of(t: &[u8]) -> Option<i64> {
    let form = match t.strip_prefix(b"-").unwrap_or(t) {
        [b'0'] => t.len() == 1,
        [b'1'..=b'9', rest @ ..] => rest.iter().all(u8::is_ascii_digit),
        _ => false,
    };
    if !form {
        return None;
    }
    std::str::from_utf8(t).ok()?.parse().ok()
}

/// The key half of [`written_as_read`]: every object's keys unique strings, none `<<`.
fn plain_keys(node: &Node) -> bool {
    match node {
        Node::Scalar(_) => true,
        Node::Seq(s) => s.items.iter().all(plain_keys),
        Node::Map(m) => {
            unique_string_keys(&m.entries) && m.entries.iter().all(|(_, v)| plain_keys(v))
        }
    }
}

/// Whether every key is a string scalar without a tag (not a merge key), none twice.
fn unique_string_keys<T: PlainTree>(entries: &[(T, T)]) -> bool {
    fn string_key<T: PlainTree>(k: &T) -> Option<&str> {
        match k.view() {
            View::Scalar {
                value,
                plain,
                tagged: false,
                ..
            } if value != "<<" => match plain {
                false => Some(value),
                true => matches!(resolve_plain(value), Resolved::Str).then_some(value),
            },
            _ => None,
        }
    }
    let n = entries.len();
    if n <= 16 {
        let mut keys: [&str; 16] = [""; 16];
        for (i, (k, _)) in entries.iter().enumerate() {
            let Some(k) = string_key(k) else { return false };
            if keys[..i].contains(&k) {
                return false;
            }
            keys[i] = k;
        }
        return true;
    }
    let mut seen = std::collections::HashSet::with_capacity(n);
    entries
        .iter()
        .all(|(k, _)| string_key(k).is_some_and(|k| seen.insert(k)))
}

/// `s` as a JSON string, escaped as `serde_json` escapes it (as every string is written);
/// whether it was written (always, into memory).
#[inline(always)]
pub(crate) fn write_str(s: &str, out: &mut Vec<u8>) -> bool {
    // What serde_json escapes: `"`, `\\` and the control characters (`\b`, `\t`, `\n`, `\f`,
    // `\r` by name, the others as `\u00xx`). Most strings hold none: one search, one copy.
    let b = s.as_bytes();
    out.reserve(b.len() + 2);
    out.push(b'"');
    let mut at = 0;
    loop {
        let n = crate::yaml::read::strings::plain_bytes(&b[at..]);
        out.extend_from_slice(&b[at..at + n]);
        at += n;
        let Some(&c) = b.get(at) else { break };
        escape_into(c, out);
        at += 1;
    }
    out.push(b'"');
    true
}

/// How `serde_json` writes the byte `c` of a string where it escapes it (see [`write_str`]):
/// `"`, `\\` or a control character.
pub(crate) fn escape_into(c: u8, out: &mut Vec<u8>) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    match c {
        b'"' => out.extend_from_slice(b"\\\""),
        b'\\' => out.extend_from_slice(b"\\\\"),
        0x08 => out.extend_from_slice(b"\\b"),
        b'\t' => out.extend_from_slice(b"\\t"),
        b'\n' => out.extend_from_slice(b"\\n"),
        0x0c => out.extend_from_slice(b"\\f"),
        b'\r' => out.extend_from_slice(b"\\r"),
        _ => out.extend_from_slice(&[
            b'\\',
            b'u',
            b'0',
            b'0',
            HEX[usize::from(c >> 4)],
            HEX[usize::from(c & 15)],
        ]),
    }
}

/// A scalar `v` as serde_json writes it (a number as its `Display`, which is serde_json's own
/// writing of it), appended to `out` without serializing; whether it was written.
fn scalar_into(v: &Value, out: &mut Vec<u8>) -> bool {
    match v {
        Value::Null => out.extend_from_slice(b"null"),
        Value::Bool(b) => out.extend_from_slice(if *b { b"true" } else { b"false" }),
        Value::Number(n) => {
            use std::io::Write;
            return write!(out, "{n}").is_ok();
        }
        Value::String(s) => return write_str(s, out),
        _ => return json_into(v, out),
    }
    true
}

/// `v` as serde_json writes it, appended to `out`; whether it was written. (serde_json is
/// built without its `std` feature, for the hasher of its maps, see Cargo.toml: it writes to
/// no `io::Write` then.)
fn json_into<T: serde::Serialize + ?Sized>(v: &T, out: &mut Vec<u8>) -> bool {
    serde_json::to_vec(v)
        .map(|b| out.extend_from_slice(&b))
        .is_ok()
}

/// The int64 the apiserver holds for a float read from YAML: sigs.k8s.io/yaml's JSON round trip
/// writes an integral one within int64's range as an integer. `None` for one read from JSON
/// (`json`: Go's decoder keeps a float64) and for any other.
pub(crate) fn integral(f: f64, json: bool) -> Option<i64> {
    let int64 = -9.223_372_036_854_776e18..9.223_372_036_854_776e18;
    (!json && f.fract() == 0.0 && int64.contains(&f)).then_some(f as i64)
}

/// A float as the apiserver holds it: from JSON a float64; from YAML an integer when integral.
fn float_value(f: f64, value: &str, json: bool) -> Result<Value, YamlError> {
    if !f.is_finite() {
        return Err(err(format!("{UNSUPPORTED}: {value} (NaN or infinity)")));
    }
    if let Some(i) = integral(f, json) {
        return Ok(Value::from(i));
    }
    Ok(Number::from_f64(f).map_or(Value::Null, Value::Number))
}

/// A new node for a JSON value (defaults): strings styled to read back the same in YAML 1.1 and
/// 1.2, numbers written with every digit, null as `null`, empty collections as `{}`/`[]`.
pub fn from_json(value: &Value) -> Node {
    match value {
        Value::Null => Node::Scalar(Scalar::plain("null")),
        Value::Bool(b) => Node::Scalar(Scalar::plain(if *b { "true" } else { "false" })),
        Value::Number(n) => Node::Scalar(Scalar::plain(number_text(n))),
        Value::String(s) => Node::string(s),
        Value::Array(items) => Node::Seq(super::Sequence {
            items: items.iter().map(from_json).collect(),
            flow: false,
            one_line: false,
            props: crate::yaml::Props::NONE,
            span: crate::yaml::Span::NONE,
        }),
        Value::Object(map) => Node::Map(Mapping {
            entries: map
                .iter()
                .map(|(k, v)| (Node::string(k), from_json(v)))
                .collect(),
            flow: false,
            one_line: false,
            props: crate::yaml::Props::NONE,
            span: crate::yaml::Span::NONE,
        }),
    }
}

/// The tree of the JSON text `text` (no [`Value`] in between), to be read rather than written:
/// [`from_json`]'s nodes but for the strings, each double-quoted instead of in the style that
/// writes it best (choosing that style costs as much as reading the text). Every scalar
/// resolves as in [`from_json`]'s tree, so [`to_json`] gives back the text's value.
pub fn from_json_str(text: &str) -> serde_json::Result<Node> {
    use serde::de::DeserializeSeed;
    let mut de = serde_json::Deserializer::from_str(text);
    let node = JsonNode.deserialize(&mut de)?;
    de.end()?;
    Ok(node)
}

/// A double-quoted string scalar (see [`from_json_str`]).
fn quoted(s: &str) -> Node {
    Node::Scalar(Scalar {
        style: super::ScalarStyle::DoubleQuoted,
        ..Scalar::plain(s)
    })
}

/// Reads one JSON value as [`from_json_str`] makes its node.
#[derive(Clone, Copy)]
struct JsonNode;

impl<'de> serde::de::DeserializeSeed<'de> for JsonNode {
    type Value = Node;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Node, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for JsonNode {
    type Value = Node;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_unit<E>(self) -> Result<Node, E> {
        Ok(Node::Scalar(Scalar::plain("null")))
    }

    fn visit_bool<E>(self, b: bool) -> Result<Node, E> {
        Ok(Node::Scalar(Scalar::plain(if b {
            "true"
        } else {
            "false"
        })))
    }

    fn visit_i64<E>(self, i: i64) -> Result<Node, E> {
        Ok(Node::Scalar(Scalar::plain(i.to_string())))
    }

    fn visit_u64<E>(self, u: u64) -> Result<Node, E> {
        Ok(Node::Scalar(Scalar::plain(u.to_string())))
    }

    fn visit_f64<E: serde::de::Error>(self, f: f64) -> Result<Node, E> {
        let n = Number::from_f64(f).ok_or_else(|| E::custom("a number JSON cannot hold"))?;
        Ok(Node::Scalar(Scalar::plain(number_text(&n))))
    }

    fn visit_str<E>(self, s: &str) -> Result<Node, E> {
        Ok(quoted(s))
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Node, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(item) = seq.next_element_seed(self)? {
            items.push(item);
        }
        Ok(Node::Seq(super::Sequence {
            items,
            flow: false,
            one_line: false,
            props: crate::yaml::Props::NONE,
            span: crate::yaml::Span::NONE,
        }))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Node, A::Error> {
        let mut entries: Vec<(Node, Node)> = Vec::new();
        // Where each key is, once there are too many to look through.
        let mut index: std::collections::HashMap<String, usize> = Default::default();
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            let value = map.next_value_seed(self)?;
            if entries.len() == 16 && index.is_empty() {
                index = entries
                    .iter()
                    .enumerate()
                    .map(|(i, (k, _))| (k.scalar_str().unwrap_or("").to_string(), i))
                    .collect();
            }
            // A repeated key keeps its first place and takes the last value, as in a `Value`.
            let at = match index.is_empty() {
                true => entries
                    .iter()
                    .position(|(k, _)| k.scalar_str() == Some(&key)),
                false => index.get(key.as_ref()).copied(),
            };
            match at {
                Some(at) => entries[at].1 = value,
                None => {
                    if !index.is_empty() {
                        index.insert(key.to_string(), entries.len());
                    }
                    entries.push((quoted(&key), value));
                }
            }
        }
        Ok(Node::Map(Mapping {
            entries,
            flow: false,
            one_line: false,
            props: crate::yaml::Props::NONE,
            span: crate::yaml::Span::NONE,
        }))
    }
}

/// Every digit of an integer; a float in plain decimal notation (never an exponent, which some
/// YAML 1.1 readers take for a string).
fn number_text(n: &Number) -> String {
    if let Some(i) = n.as_i64() {
        i.to_string()
    } else if let Some(u) = n.as_u64() {
        u.to_string()
    } else {
        format!("{}", n.as_f64().unwrap_or(0.0))
    }
}

/// What a JSON value is, for messages (`a list`, `a string`, `a mapping`...).
pub fn kind_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "a mapping",
    }
}

#[cfg(test)]
mod tests;

pub mod compact;
use compact::LONG_KEY;
