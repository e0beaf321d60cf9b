//! JSON in, JSON out: input that kubectl reads as JSON (its first value is a JSON object) is
//! answered in JSON, one JSON value per output document: on one line when the input's first
//! value was on one line, else indented by two spaces (as `kubectl get -o json` writes). A JSON
//! ResourceList from a script so gets a JSON ResourceList back, read by any JSON parser (a YAML
//! reader is slower on tens of megabytes, and some refuse JSON's surrogate-pair escapes).
//!
//! A streamed run writes JSON as it goes: each item's JSON text as it is made, then the shell
//! around them ([`crate::resourcelist::stream::write_json_shell`]), so the run never holds the
//! output twice. The whole-input run writes each output document from its tree
//! ([`crate::resourcelist::write_json`]). Both give the same text, and neither writes YAML to
//! read it back. Every scalar is written as what kubectl reads it as ([`to_json`]): a JSON
//! input's scalars come back as they came (`100.0` stays a double); a default the function
//! added is written as its JSON value.

use crate::yaml::json::{
    to_json, write_plain_json, write_plain_json_copying, write_plain_json_pretty, write_str,
};
use crate::yaml::read::gojson::RootItems;
use crate::yaml::read::split::{
    first_json_value, first_json_value_items, first_json_value_items_unchecked,
};
use crate::yaml::Fields;
use crate::yaml::Node;
use serde_json::Value;

/// How JSON output is laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Each document on one line.
    Compact,
    /// Indented by two spaces.
    Pretty,
}

/// Whether kubectl reads `text` as JSON (after a byte order mark): its first non-space
/// character is `{` and its first value is JSON. Then the layout of that first value.
pub fn json_layout(text: &str) -> Option<Layout> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let first = first_json_value(text)?;
    Some(layout_of(&text[first]))
}

/// [`json_layout`], and where the elements of the first value's root `items` array are (in the
/// text after its byte order mark), when Go's scanner finds them as it reads it (see
/// [`crate::yaml::read::gojson::read_value_items`]). Without `check`, first where they are
/// found by their brackets, the scanner reading only the root around them
/// ([`crate::yaml::read::gojson::read_value_items_unchecked`]): an answer that stands only
/// once each element is read and checked on its own.
pub fn json_reading(text: &str, check: bool) -> Option<(Layout, Option<RootItems>)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if !check {
        if let Some((first, items)) = first_json_value_items_unchecked(text) {
            let layout = match items.breaks {
                // The walk that found the elements saw no line break from `[` to `]`: only
                // the text around them is searched.
                Some(false) => layout_of_parts(&[
                    &text[first.start..items.open],
                    &text[items.close..first.end],
                ]),
                _ => layout_of(&text[first]),
            };
            return Some((layout, Some(items)));
        }
    }
    let (first, items) = first_json_value_items(text)?;
    Some((layout_of(&text[first]), items))
}

/// The layout of a value written so.
fn layout_of(value: &str) -> Layout {
    layout_of_parts(&[value])
}

/// The layout of a value written as these parts (and text with no line feed between them).
fn layout_of_parts(parts: &[&str]) -> Layout {
    match parts
        .iter()
        .any(|p| memchr::memchr(b'\n', p.as_bytes()).is_some())
    {
        true => Layout::Pretty,
        false => Layout::Compact,
    }
}

impl Layout {
    /// What goes before each element of a list that is a value of the root mapping (a
    /// ResourceList's `items` and `results`): a comma, and in the pretty layout a line break
    /// and the element's indentation ([`ELEMENT_INDENT`]). The list's first element is written
    /// without the comma ([`crate::resourcelist::stream::write_json_shell`]).
    pub fn element_separator(self) -> &'static str {
        match self {
            Layout::Compact => ",",
            Layout::Pretty => ",\n    ",
        }
    }

    /// What closes such a list after its last element.
    pub fn element_close(self) -> &'static str {
        match self {
            Layout::Compact => "]",
            Layout::Pretty => "\n  ]",
        }
    }
}

/// The indentation of an element of a list in the root mapping, in the pretty layout.
pub const ELEMENT_INDENT: usize = 4;

/// Appends `node` as an element of a list in the root mapping: its separator
/// ([`Layout::element_separator`]), then its JSON; `None` when it has no JSON form.
pub fn write_element(out: &mut String, node: &Node, layout: Layout) -> Option<()> {
    out.push_str(layout.element_separator());
    write_node(out, node, layout, ELEMENT_INDENT)
}

/// A JSON object written entry by entry: the text [`write_node`] writes, in `layout` at
/// indentation `indent`, for the mapping of the same entries (string values, integers,
/// objects), with no tree made. It is closed when dropped.
pub struct JsonRecord<'a> {
    out: &'a mut Vec<u8>,
    /// The object's indentation, in the pretty layout.
    pretty: Option<usize>,
    entries: usize,
}

impl<'a> JsonRecord<'a> {
    pub fn new(out: &'a mut Vec<u8>, layout: Layout, indent: usize) -> Self {
        Self::open(out, (layout == Layout::Pretty).then_some(indent))
    }

    /// Its `{`, at indentation `pretty` in the pretty layout.
    fn open(out: &'a mut Vec<u8>, pretty: Option<usize>) -> Self {
        out.push(b'{');
        JsonRecord {
            out,
            pretty,
            entries: 0,
        }
    }

    /// The separator before an entry, its key and its colon. Inlined where the fields are
    /// written, so that the look at a key the results name (a constant) is made at compile time.
    #[inline(always)]
    fn key(&mut self, key: &str) {
        if self.entries > 0 {
            self.out.push(b',');
        }
        self.entries += 1;
        if let Some(n) = self.pretty {
            self.out.push(b'\n');
            self.out.resize(self.out.len() + n + 2, b' ');
        }
        // The results' own keys are ASCII letters: written as they are, without the search for
        // what to escape (a tag's may be anything).
        if key.len() <= 16 && key.bytes().all(|c| c.is_ascii_alphabetic()) {
            self.out.reserve(key.len() + 4);
            self.out.push(b'"');
            self.out.extend_from_slice(key.as_bytes());
            self.out.push(b'"');
        } else {
            write_str(key, self.out);
        }
        // (Each a constant: copied in place, not by a call.)
        match self.pretty {
            Some(_) => self.out.extend_from_slice(b": "),
            None => self.out.push(b':'),
        }
    }
}

impl Fields for JsonRecord<'_> {
    type Child<'c>
        = JsonRecord<'c>
    where
        Self: 'c;

    #[inline(always)]
    fn string(&mut self, key: &str, value: &str) {
        self.key(key);
        write_str(value, self.out);
    }

    fn integer(&mut self, key: &str, n: i64) {
        self.key(key);
        self.out.extend_from_slice(n.to_string().as_bytes());
    }

    #[inline(always)]
    fn child(&mut self, key: &str) -> JsonRecord<'_> {
        self.key(key);
        JsonRecord::open(&mut *self.out, self.pretty.map(|n| n + 2))
    }
}

impl Drop for JsonRecord<'_> {
    fn drop(&mut self) {
        if let Some(n) = self.pretty.filter(|_| self.entries > 0) {
            self.out.push(b'\n');
            self.out.resize(self.out.len() + n, b' ');
        }
        self.out.push(b'}');
    }
}

/// Appends what comes before the value of entry `i` of the root mapping (after its `{`): the
/// separator from the entry before, or the opening, then the key and its colon.
pub fn push_root_key(out: &mut String, i: usize, key: &str, layout: Layout) {
    let (open, sep, colon) = match layout {
        Layout::Compact => ("", ",", ":"),
        Layout::Pretty => ("\n  ", ",\n  ", ": "),
    };
    out.push_str(if i > 0 { sep } else { open });
    out.push_str(&Value::String(key.to_string()).to_string());
    out.push_str(colon);
}

/// Appends the end of a root mapping of `entries` entries.
pub fn close_root(out: &mut String, entries: usize, layout: Layout) {
    if entries > 0 && layout == Layout::Pretty {
        out.push('\n');
    }
    out.push('}');
}

/// Appends `node` as JSON, its lines after the first indented by `indent` spaces (pretty);
/// `None` when it has no JSON form (nothing is appended then). Written straight from the tree
/// when it can be ([`write_plain_json`]), else from its [`Value`]: the same text.
pub fn write_node(out: &mut String, node: &Node, layout: Layout, indent: usize) -> Option<()> {
    write_node_from(out, node, layout, indent, None)
}

/// [`write_node`] of an item read from `source` by the JSON item reader, in the compact layout
/// copying from it what it holds as read (see
/// [`crate::yaml::json::write_plain_json_copying`], whose terms the caller meets).
pub fn write_node_from(
    out: &mut String,
    node: &Node,
    layout: Layout,
    indent: usize,
    source: Option<&str>,
) -> Option<()> {
    // Room for most objects' text (the bench's lists: 765 bytes on average), which would
    // otherwise grow by copies from a few bytes.
    const ROOM: usize = 1 << 10;
    let mut text = Vec::with_capacity(ROOM);
    let plain = match (layout, source) {
        (Layout::Compact, Some(source)) => write_plain_json_copying(node, &mut text, source),
        (Layout::Compact, None) => write_plain_json(node, &mut text),
        (Layout::Pretty, _) => write_plain_json_pretty(node, &mut text, indent),
    };
    if plain {
        // SAFETY: the writer appends whole strings of the tree (cut only before an ASCII byte
        // it escapes), serde_json's and a number's text, ASCII between them, and text of
        // `source` from a bracket to after a bracket (ASCII): UTF-8.
        let text = unsafe { String::from_utf8_unchecked(text) };
        match out.is_empty() {
            true => *out = text,
            false => out.push_str(&text),
        }
        return Some(());
    }
    let v = to_json(node).ok()?;
    write_value(out, &v, layout, indent);
    Some(())
}

/// `v` as JSON text, its lines after the first indented by `indent` (pretty) spaces.
pub fn write_value(out: &mut String, v: &Value, layout: Layout, indent: usize) {
    match layout {
        Layout::Compact => {
            // serde_json's serializer into bytes: `Value::to_string` goes through `fmt`, a
            // piece at a time (four times the instructions on a CRD's long descriptions).
            let text = serde_json::to_string(v).expect("a Value is always JSON");
            match out.is_empty() {
                true => *out = text,
                false => out.push_str(&text),
            }
        }
        Layout::Pretty => {
            let text = serde_json::to_string_pretty(v).expect("a Value is always JSON");
            let mut lines = text.split('\n');
            out.push_str(lines.next().unwrap_or_default());
            for line in lines {
                out.push('\n');
                out.extend(std::iter::repeat_n(' ', indent));
                out.push_str(line);
            }
        }
    }
}

#[cfg(test)]
mod tests;
