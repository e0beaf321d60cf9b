//! A ResourceList's items found ahead by their lines, so that each can be read on its own (on
//! the run's threads) instead of in one pass over the whole document. (A plain stream's
//! documents need no guess: kubectl splits a stream by its separator lines before it reads
//! each document, so each read alone is read as kubectl reads it; see [`Item::document`].)
//!
//! In the block style kustomize and kpt write (`items:` at column 0, each item a `- ` line at
//! column 0 and lines indented under it), an item ends where the next `- ` line at column 0
//! starts. That is only a guess about the text (a quoted scalar may hold such a line), so every
//! part is checked by reading it: each item is read as the document `items:` + its lines and
//! must give exactly that one item, spanning all of its lines; the rest of the document (the
//! *shell*, without the item lines) must read as one mapping whose `items` key is the one found.
//! A line break inside a scalar at a guessed boundary leaves a part unreadable, so a wrong guess
//! is never taken. When any part does not read so, the caller reads the whole document in one
//! pass, which gives the answer (and the error) kubectl gives.
//!
//! The same tree comes out as from [`super::Documents::next_split`]: an item is read with the
//! same nesting (a root mapping, its `items` sequence, the item), checked by the same rules and
//! converted the same way. An item holding an alias is not taken (go-yaml counts aliases over
//! the whole document), nor is a document with directives or with a byte order mark anywhere
//! (the scanner skips one at the start of a line as it skips spaces, so a line starting with it
//! is not the column-0 line it looks like).

use super::Documents;
use crate::yaml::read::gojson::{self, json_space};
use crate::yaml::read::split::Chunk;
use crate::yaml::{Anchor, Node, Sequence};
use std::ops::Range;

/// Where the parts of a document are: its text before the items (through the `items:` line and
/// the empty and comment lines after it), each item's lines, and the text after them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Split {
    pub head: Range<usize>,
    pub items: Vec<Item>,
    pub tail: Range<usize>,
    /// Whether the text between the head and the tail holds a line feed or a carriage return,
    /// where the split was told ([`gojson::RootItems::breaks`]); `None`: not told.
    pub breaks: Option<bool>,
}

/// Asks the processor to bring the start of `item`'s text (in `text`) into its caches, where it
/// can (x86-64's `prefetcht0`; elsewhere nothing): a hint, which reads nothing and changes no
/// result.
#[inline]
pub fn prefetch(text: &str, item: &Item) {
    prefetch_at(text.as_bytes(), item.lines.start);
}

/// Asks memory for the cache line of `bytes[at]` (when there is such a byte), to be read
/// soon: a hint that changes no result.
pub fn prefetch_at(bytes: &[u8], at: usize) {
    #[cfg(target_arch = "x86_64")]
    if let Some(b) = bytes.get(at) {
        // SAFETY: a prefetch of an address inside `bytes`; SSE is part of every x86-64
        // processor (the target's baseline).
        unsafe {
            std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                std::ptr::from_ref(b).cast(),
            )
        };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (bytes, at);
}

/// One item's lines, and what one pass knows of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    pub lines: Range<usize>,
    /// Its node starts on its `- ` line: one pass finds where it starts.
    starts: bool,
    /// One pass gives it a span: it and the next item (if any) start on their `- ` lines.
    spanned: bool,
    /// An element of a JSON document's root `items` array (see [`split_json`]).
    json: Option<JsonRead>,
    /// A document of a stream (its index and first line), not an item (see
    /// [`Item::document`]).
    document: Option<(usize, usize)>,
}

/// How one pass reads a JSON document, and so each of its elements read alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum JsonRead {
    /// The straight reading of the YAML grammar's tree.
    Straight,
    /// [`JsonRead::Straight`], of an element found by its brackets and not read yet
    /// ([`gojson::read_value_items_unchecked`]): it is read only where it is JSON that reads
    /// straight ([`crate::yaml::read::jsontree::item_checked`]).
    Unchecked,
    /// encoding/json's reading ([`crate::yaml::read::jsonvalue`]): a string of the document
    /// holds an escape the YAML grammar refuses (`\/`, a surrogate's `\u`).
    Refused,
}

impl Item {
    /// Where an element of a JSON document's root `items` array is written in the text (its
    /// value alone); `None` for an item of a YAML list. One pass gives it no span.
    pub fn json_text(&self) -> Option<Range<usize>> {
        self.json.map(|_| self.lines.clone())
    }

    /// An element of a JSON document's root `items` array that one pass reads straight
    /// ([`crate::yaml::read::jsontree`]): its node holds every key as written, its numbers as
    /// their text.
    pub fn read_straight(&self) -> bool {
        matches!(self.json, Some(JsonRead::Straight | JsonRead::Unchecked))
    }

    /// An element of a JSON document found by its brackets, not read yet (see
    /// `JsonRead::Unchecked`).
    pub fn unchecked(&self) -> bool {
        self.json == Some(JsonRead::Unchecked)
    }

    /// Document `index` of a YAML stream, found ahead as `chunk` ([`Documents::ahead`]); read
    /// by [`item`] as the stream's reader reads it ([`super::document_ahead`]).
    pub fn document(index: usize, chunk: &Chunk) -> Item {
        Item {
            lines: chunk.range.clone(),
            starts: false,
            spanned: false,
            json: None,
            document: Some((index, chunk.line)),
        }
    }
}

const KEY: &str = "items:\n";

/// The parts of `text` (a whole stream), when its first document is a block mapping with an
/// `items:` line at column 0 followed by at least one `- ` item at column 0 and nothing else
/// but such items, their indented lines, empty lines and comments. `None` when the text is not
/// in that shape (then it is read in one pass).
pub fn split(text: &str) -> Option<Split> {
    let bytes = text.as_bytes();
    if matches!(
        bytes.first(),
        None | Some(b'%' | b'-' | b'{' | b'[' | b' ' | b'\t')
    ) || memchr::memchr(b'\r', bytes).is_some()
        || memchr::memmem::find(bytes, "\u{feff}".as_bytes()).is_some()
    {
        return None;
    }
    let head_end = if text.starts_with(KEY) {
        KEY.len()
    } else {
        memchr::memmem::find(bytes, b"\nitems:\n")? + 1 + KEY.len()
    };
    // The root must be a mapping starting at column 0: go-yaml reads no further than the
    // first document's root node, so a root indented (or a flow one, see [`shell`]) ends
    // before the `items:` line, which is then never read. Lines end at `\n` only in the
    // head, and no document marker is there (a root may follow one on its line).
    let head = &text[..head_end];
    let first = head.split('\n').find(|l| {
        let l = l.trim_start_matches([' ', '\t']);
        !l.is_empty() && !l.starts_with('#')
    })?;
    let marker = |m: &str| head.starts_with(m) || head.contains(&format!("\n{m}"));
    if first.starts_with([' ', '\t'])
        || head.contains(['\u{85}', '\u{2028}', '\u{2029}'])
        || marker("---")
        || marker("...")
    {
        return None;
    }
    let mut items: Vec<Item> = Vec::new();
    let mut at = head_end;
    let mut tail = text.len();
    while at < text.len() {
        let end = memchr::memchr(b'\n', &bytes[at..]).map_or(text.len(), |i| at + i + 1);
        let line = &bytes[at..end];
        match line {
            [b'-', b' ', ..] | [b'-', b'\n'] | [b'-'] => {
                if let Some(last) = items.last_mut() {
                    last.lines.end = at;
                }
                // Where the node starts, as one pass finds it: after `- ` and spaces on this
                // line, unless only a comment or nothing follows. An anchor or a tag there
                // is left to one pass.
                let after = line[1..]
                    .iter()
                    .position(|&b| b != b' ')
                    .map(|i| line[1 + i]);
                let starts = match after {
                    None | Some(b'\n' | b'#') => false,
                    Some(b'&' | b'!') => return None,
                    Some(_) => line.get(1) == Some(&b' '),
                };
                items.push(Item {
                    lines: at..end,
                    starts,
                    spanned: false,
                    json: None,
                    document: None,
                });
            }
            [b' ', ..] | [b'\n'] | [b'#', ..] => {
                // Indented lines before the first item are not this shape.
                if items.is_empty() && line.first() == Some(&b' ') {
                    return None;
                }
            }
            [b'\t', ..] => return None,
            _ => {
                tail = at;
                break;
            }
        }
        at = end;
    }
    items.last_mut()?.lines.end = tail;
    // One pass never looks past a `...` line (its scanner stops there, and a control character
    // after it counts only in the block of text it read): such a document is read in one pass.
    let rest = &bytes[tail..];
    if rest.starts_with(b"...") || memchr::memmem::find(rest, b"\n...").is_some() {
        return None;
    }
    let next_starts: Vec<bool> = items
        .iter()
        .skip(1)
        .map(|i| i.starts)
        .chain([true])
        .collect();
    for (item, next) in items.iter_mut().zip(next_starts) {
        item.spanned = item.starts && next;
    }
    // The empty and comment lines before the first item are read with the head.
    let head_end = items[0].lines.start;
    Some(Split {
        head: 0..head_end,
        items,
        tail: tail..text.len(),
        breaks: None,
    })
}

/// The document without its items, as [`super::Documents::next_split`] gives it (its `items`
/// key holding an empty block sequence): read from the head and tail text, which must hold the
/// whole stream but the items, without an alias, and the `items` key must be the head's last
/// key.
pub fn shell(text: &str, split: &Split) -> Option<Node> {
    let head = &text[split.head.clone()];
    let mut head_docs = Documents::new(head);
    let head_doc = head_docs.next()?.ok()?;
    if head_docs.next().is_some() {
        return None;
    }
    let head_map = head_doc.as_map().filter(|m| !m.flow)?;
    let key_at = head_map.entries.len().checked_sub(1)?;
    let mut whole = String::with_capacity(head.len() + split.tail.len());
    whole.push_str(head);
    whole.push_str(&text[split.tail.clone()]);
    let mut docs = Documents::new(&whole);
    let mut none = |_: Node, _: Option<Range<usize>>| {};
    let (mut doc, seen) = docs.next_split(&mut none)?.ok()?;
    if seen.sequences != 0 || docs.next().is_some() {
        return None;
    }
    // go-yaml counts aliases over the whole document, the items' nodes too: a shell with an
    // alias is read in one pass.
    if has_alias(&doc) {
        return None;
    }
    let map = doc.as_map_mut()?;
    match map.entries.get_mut(key_at) {
        Some((k, v)) if k.scalar_str() == Some("items") && v.is_null() => {
            *v = Node::Seq(Sequence::default());
        }
        _ => return None,
    }
    Some(doc)
}

/// `item` (one of `text`'s [`Split::items`]) read on its own, with its span as one pass gives
/// it: `None` unless it reads as exactly one item, without an alias, starting where
/// [`split`] found. A document found ahead ([`Item::document`]) is read as the stream's reader
/// reads it (`None` where it is refused).
pub fn item(text: &str, item: &Item) -> Option<(Node, Option<Range<usize>>)> {
    if let Some(read) = item.json {
        return json_item(text, item, read);
    }
    if let Some((index, line)) = item.document {
        let chunk = Chunk {
            range: item.lines.clone(),
            line,
            json: false,
            direct: false,
            json_only: false,
            instead: None,
        };
        return super::document_ahead(text, &chunk, index);
    }
    let range = item.lines.clone();
    let mut doc = String::with_capacity(KEY.len() + range.len());
    doc.push_str(KEY);
    doc.push_str(&text[range.clone()]);
    let mut found = Vec::with_capacity(1);
    let mut docs = Documents::new(&doc);
    let mut on_item = |n: Node, span: Option<Range<usize>>| found.push((n, span));
    let (root, seen) = docs.next_split(&mut on_item)?.ok()?;
    let alone = root.as_map().is_some_and(|m| m.entries.len() == 1);
    if !alone || seen.sequences != 1 || seen.anchored || docs.next().is_some() || found.len() != 1 {
        return None;
    }
    let (node, span) = found.pop()?;
    // Read alone, the item's span ends at the end of the text: it has one when it starts.
    let as_found = match span {
        Some(span) => item.starts && span == (KEY.len()..doc.len()),
        None => !item.starts,
    };
    (as_found && !has_alias(&node)).then(|| (node, item.spanned.then_some(range)))
}

/// The parts of `text` when its first value is a JSON object (as a stream read as JSON is: see
/// [`crate::resourcelist::json::json_layout`]) whose root `items` key holds a non-empty array:
/// `head` through that array's `[`, each element's text, `tail` from its `]`. `None` when the
/// text is not in that shape, when it holds a NEL, LS or PS character or a key too long for a
/// simple key (see [`gojson::Read::Value`]: one pass may then read the document with the YAML
/// reader, or with encoding/json's reading where that one refuses it), or when a root key is
/// written with an escape (it may spell `items`). A document with a string holding an escape
/// the YAML grammar refuses is read by encoding/json's reading in one pass (see
/// [`crate::yaml::read::compose::document_split`]), which writes numbers otherwise than the
/// straight reading: each part is then read so too (`JsonRead::Refused`).
///
/// The elements are found by their brackets and strings, which is exact on a value that is
/// JSON; each is read on its own, as the element of `{"items":[` + its text + `]}` (see
/// [`item`]), the same nesting one pass reads it at, and the shell as the text without the
/// elements (see [`shell_json`]).
pub fn split_json(text: &str) -> Option<Split> {
    split_json_with(text, None)
}

/// [`split_json`], the elements of the root `items` array taken from `known` (where Go's
/// scanner found them reading the text, straight: see [`gojson::read_value_items`]) instead of
/// looked for again.
pub fn split_json_with(text: &str, known: Option<&gojson::RootItems>) -> Option<Split> {
    let b = text.as_bytes();
    let mut i = json_space(b, 0);
    // (Where the scanner found the elements, it found no NEL, LS or PS in the value, or they
    // are checked as they are read: only the text after it is left.)
    if b.get(i) != Some(&b'{') || (known.is_none() && gojson::has_yaml_break(b)) {
        return None;
    }
    let unchecked = known.is_some_and(|k| k.unchecked);
    i = json_space(b, i + 1);
    let mut found: Option<(usize, Vec<Item>, usize)> = None;
    let mut refused = false;
    while b.get(i) != Some(&b'}') {
        let key_start = i;
        let key_end = json_key_string(b, i, &mut refused)?;
        let key = &b[i + 1..key_end - 1];
        if key.contains(&b'\\') || key == FORCE_KEY {
            return None;
        }
        i = json_space(b, key_end);
        if b.get(i) != Some(&b':') || !simple_key(b, key_start, key_end, i) {
            return None;
        }
        i = json_space(b, i + 1);
        if key == b"items" {
            if found.is_some() || b.get(i) != Some(&b'[') {
                return None;
            }
            let open = i;
            let mut items = Vec::new();
            i = json_space(b, i + 1);
            // Read straight, the text holds no key the loop below would stop at, nor an
            // escape that would make it `refused`: the elements it would find are these.
            if let Some(known) = known.filter(|k| k.open == open) {
                let read = match known.unchecked {
                    true => JsonRead::Unchecked,
                    false => JsonRead::Straight,
                };
                let item = |r: &Range<usize>| Item {
                    lines: r.clone(),
                    starts: false,
                    spanned: false,
                    json: Some(read),
                    document: None,
                };
                items = known.elements.iter().map(item).collect();
                i = known.close;
            } else if unchecked {
                // Elements not read are taken only as found.
                return None;
            }
            while b.get(i) != Some(&b']') {
                let end = json_value(b, i, &mut refused)?;
                items.push(Item {
                    lines: i..end,
                    starts: false,
                    spanned: false,
                    json: Some(JsonRead::Straight),
                    document: None,
                });
                i = json_space(b, end);
                match b.get(i) {
                    Some(b',') => i = json_space(b, i + 1),
                    Some(b']') => {}
                    _ => return None,
                }
            }
            if items.is_empty() {
                return None;
            }
            found = Some((open, items, i));
            i += 1;
        } else {
            i = json_value(b, i, &mut refused)?;
        }
        i = json_space(b, i);
        match b.get(i) {
            Some(b',') => i = json_space(b, i + 1),
            Some(b'}') => {}
            _ => return None,
        }
    }
    let (open, mut items, close) = found?;
    if known.is_some() && gojson::has_yaml_break(&b[i..]) {
        return None;
    }
    if refused && unchecked {
        return None;
    }
    if refused {
        for item in &mut items {
            item.json = Some(JsonRead::Refused);
        }
    }
    Some(Split {
        head: 0..open + 1,
        items,
        tail: close..text.len(),
        breaks: known.filter(|k| k.open == open).and_then(|k| k.breaks),
    })
}

/// Whether the YAML scanner takes a key (from its `"` at `start`, the string ending at `end`,
/// to its `:` at `colon`) for a simple key, as a value's straight reading requires (see
/// [`gojson::Read::Value`]). The text is JSON (Go's scanner read it), whose strings hold no
/// line break: only the space after one may.
fn simple_key(b: &[u8], start: usize, end: usize, colon: usize) -> bool {
    colon - start <= gojson::KEY_SPAN && !gojson::has_line_break(&b[end..colon])
}

/// A key's string at `i`: where it ends (see [`gojson::string_end`]).
fn json_key_string(b: &[u8], i: usize, refused: &mut bool) -> Option<usize> {
    if b.get(i) != Some(&b'"') {
        return None;
    }
    gojson::string_end(b, i, refused)
}

/// The value starting at `i`: where it ends (see [`split_json`]).
fn json_value(b: &[u8], mut i: usize, refused: &mut bool) -> Option<usize> {
    match b.get(i)? {
        b'"' => gojson::string_end(b, i, refused),
        b'{' | b'[' => {
            let mut depth = 0usize;
            loop {
                match b.get(i)? {
                    b'"' => {
                        let start = i;
                        i = gojson::string_end(b, i, refused)?;
                        let after = json_space(b, i);
                        if b.get(after) == Some(&b':') && !simple_key(b, start, i, after) {
                            return None;
                        }
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(i + 1);
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
        }
        _ => {
            let start = i;
            while !matches!(
                b.get(i),
                None | Some(b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r')
            ) {
                i += 1;
            }
            (i > start).then_some(i)
        }
    }
}

/// The root key a part read alone is given to be read as one pass reads the document in
/// [`JsonRead::Refused`]: `"\/"`, an escape the YAML grammar refuses (a raw `/` key at the
/// root leaves the document to one pass).
const FORCE_KEY: &[u8] = b"/";

/// The part `text`, read as one pass reads its document (`read`): with [`FORCE_KEY`] first in
/// the root object (`open` is where the root's `{` is) for [`JsonRead::Refused`].
fn json_part(text: &str, open: usize, read: JsonRead) -> String {
    let mut doc = String::with_capacity(text.len() + 8);
    match read {
        JsonRead::Straight | JsonRead::Unchecked => doc.push_str(text),
        JsonRead::Refused => {
            doc.push_str(&text[..=open]);
            doc.push_str("\"\\/\":0,");
            doc.push_str(&text[open + 1..]);
        }
    }
    doc
}

/// Takes [`FORCE_KEY`]'s entry out of the root read for [`JsonRead::Refused`] (it is first).
fn unforce(root: &mut Node, read: JsonRead) -> Option<()> {
    if read == JsonRead::Refused {
        let map = root.as_map_mut()?;
        let first = map.entries.first()?;
        if first.0.scalar_str().map(str::as_bytes) != Some(FORCE_KEY) {
            return None;
        }
        map.entries.remove(0);
    }
    Some(())
}

/// The document without its items, as [`super::Documents::next_split`] gives it for a JSON
/// text (its `items` key holding an empty flow sequence): read from the head and tail of
/// [`split_json`], as one pass reads the document, which must be one JSON document, its root
/// `items` array the only one the reader hands out.
pub fn shell_json(text: &str, split: &Split) -> Option<Node> {
    let read = split.items.first()?.json?;
    let mut whole = String::with_capacity(split.head.len() + split.tail.len());
    whole.push_str(&text[split.head.clone()]);
    whole.push_str(&text[split.tail.clone()]);
    let open = json_space(whole.as_bytes(), 0);
    let whole = json_part(&whole, open, read);
    let mut docs = Documents::new(&whole);
    let mut none = |_: Node, _: Option<Range<usize>>| {};
    let (mut doc, seen) = docs.next_split(&mut none)?.ok()?;
    if seen.sequences != 1 || seen.anchored || docs.next().is_some() || has_alias(&doc) {
        return None;
    }
    unforce(&mut doc, read)?;
    // The root spans the elements' lines too: on one line only if they hold no line break
    // (any of YAML 1.1's as the straight reading counts lines, a line feed as encoding/json's
    // reading does).
    if let Node::Map(m) = &mut doc {
        let elements = &text[split.head.end..split.tail.start];
        // (`split_json` found no NEL, LS or PS.)
        let breaks = match read {
            // Told by the walk that found the elements.
            _ if split.breaks == Some(false) => false,
            JsonRead::Straight | JsonRead::Unchecked => {
                memchr::memchr2(b'\n', b'\r', elements.as_bytes()).is_some()
            }
            JsonRead::Refused => memchr::memchr(b'\n', elements.as_bytes()).is_some(),
        };
        if m.one_line && breaks {
            m.one_line = false;
        }
    }
    Some(doc)
}

/// An element of a JSON document's root `items` array read alone (see [`split_json`]), as one
/// pass reads its document (`read`): it has no span, as in one pass (see
/// [`super::Documents::next_split`]).
fn json_item(text: &str, item: &Item, read: JsonRead) -> Option<(Node, Option<Range<usize>>)> {
    const OPEN: &str = "{\"items\":[";
    let element = &text[item.lines.clone()];
    // Not read yet: read only where it is JSON that reads straight (else the run has the text
    // checked, and reads it again).
    if read == JsonRead::Unchecked {
        return crate::yaml::read::jsontree::item_checked(element).map(|node| (node, None));
    }
    // Read straight, the element within its list is read straight into its tree when it can
    // be: so it is here alone, without the list around it (and no copy of its text).
    if read == JsonRead::Straight {
        if let Some(node) = crate::yaml::read::jsontree::item_alone(element) {
            return Some((node, None));
        }
    }
    let mut doc = String::with_capacity(OPEN.len() + element.len() + 2);
    doc.push_str(OPEN);
    doc.push_str(element);
    doc.push_str("]}");
    let doc = json_part(&doc, 0, read);
    let mut found = Vec::with_capacity(1);
    // Go's scanner read the whole document, and `split_json` found no key, break or escape
    // that would make a part read otherwise: the part is JSON, read straight unless it holds
    // the forced key.
    let refused = read == JsonRead::Refused;
    let mut docs = Documents::json_object(&doc, !refused, refused);
    let mut on_item = |n: Node, span: Option<Range<usize>>| found.push((n, span));
    let (mut root, seen) = docs.next_split(&mut on_item)?.ok()?;
    unforce(&mut root, read)?;
    let alone = root.as_map().is_some_and(|m| m.entries.len() == 1);
    if !alone || seen.sequences != 1 || seen.anchored || docs.next().is_some() || found.len() != 1 {
        return None;
    }
    let (node, span) = found.pop()?;
    // (JSON has no alias.)
    span.is_none().then_some((node, None))
}

/// Whether `n` holds an alias (expanded: its copy remembers it).
fn has_alias(n: &Node) -> bool {
    let own = |a: Option<&Anchor>| matches!(a, Some(Anchor::AliasOf(_)));
    match n {
        Node::Scalar(s) => own(s.props.anchor()),
        Node::Seq(s) => own(s.props.anchor()) || s.items.iter().any(has_alias),
        Node::Map(m) => {
            own(m.props.anchor()) || m.entries.iter().any(|(k, v)| has_alias(k) || has_alias(v))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::parse::{Documents, Spanned};

    /// A document without its items, and its items.
    type Read = (Node, Vec<Spanned>);

    /// What one pass gives: the shell and each item with its span.
    fn one_pass(text: &str) -> Read {
        let mut items = Vec::new();
        let mut on_item = |n: Node, s: Option<Range<usize>>| items.push((n, s));
        let (doc, _) = Documents::new(text)
            .next_split(&mut on_item)
            .unwrap()
            .unwrap();
        (doc, items)
    }

    /// What reading ahead gives: the parts `split` finds, the shell as `shell` reads it, each
    /// item read alone.
    fn parts(
        text: &str,
        split: fn(&str) -> Option<Split>,
        shell: fn(&str, &Split) -> Option<Node>,
    ) -> Option<Read> {
        let split = split(text)?;
        let shell = shell(text, &split)?;
        let items = split
            .items
            .iter()
            .map(|i| item(text, i))
            .collect::<Option<Vec<_>>>()?;
        Some((shell, items))
    }

    fn ahead(text: &str) -> Option<Read> {
        parts(text, split, shell)
    }

    #[test]
    fn items_read_ahead_are_those_of_one_pass() {
        let texts = [
            "apiVersion: v1\nkind: List\nitems:\n- a: 1\n  b: [1,\n    2]\n# c\n\n- |\n  x\n\n  y\n- \"q\n  r\"\nfunctionConfig:\n  x: 1\n",
            "items:\n# first\n\n- kind: A\n  s: >\n    folded\n    text\n-\n- - 1\n  - 2\n- \n  a: 1\n",
            "kind: ResourceList\nitems:\n- a: &x 1\n  b: 2\nresults: []\n",
            "items:\n- # c\n  a: 1\n-   x: 2\n- y\n",
        ];
        for text in texts {
            let got = ahead(text).unwrap_or_else(|| panic!("not split: {text:?}"));
            assert_eq!(got, one_pass(text), "{text:?}");
        }
    }

    fn ahead_json(text: &str) -> Option<Read> {
        parts(text, split_json, shell_json)
    }

    /// JSON lists whose elements read straight, split by both tests below.
    const STRAIGHT: [&str; 4] = [
        r#"{"apiVersion":"v1","kind":"List","items":[{"a":1,"b":[1,{"c":"]}"}]},"x",2.50,null,[],{}],"z":{"items":[1]}}"#,
        "{\n  \"kind\": \"ResourceList\",\n  \"items\": [\n    {\n      \"s\": \"\\\"q\\\\\",\n      \"n\": -1e+3\n    },\n    true\n  ],\n  \"functionConfig\": {\"a\": \"\\u00e9\"}\n}\n",
        // A string with a character the emitter escapes, a line break in an element of a
        // one-line value.
        "{\"items\":[{\"b\":\"\\u0001\"},\r1],\"k\":1}",
        "{\"items\": [\"a\"]}\n",
    ];

    #[test]
    fn json_elements_read_ahead_are_those_of_one_pass() {
        let refused = [
            // Escapes the YAML grammar refuses, in an element or in the rest of the document:
            // every part read by encoding/json's reading (its numbers as serde_json writes
            // them), as one pass reads the document.
            r#"{"items":[{"a":"\/","n":[1e2,-0,1.50]},{"b":1E+2}],"c":0.10}"#,
            r#"{"c":[1.0e1,"\ud83d\udd53"],"items":[{"n":1e2},[],{}]}"#,
            "{\n \"items\": [\n  {\"n\": 1e2},\n  [], {}\n ],\n \"k\": \"\\/\"\n}\n",
            "{\"items\": [1e2, {\"a\": [\n]}], \"k\": \"\\/\"}",
        ];
        for text in STRAIGHT.iter().chain(&refused) {
            let got = ahead_json(text).unwrap_or_else(|| panic!("not split: {text:?}"));
            assert_eq!(got, one_pass(text), "{text:?}");
        }
        // A key just near enough its colon.
        let key = format!("{{\"items\":[{{\"{}\" :1}}]}}", "k".repeat(997));
        assert_eq!(ahead_json(&key).unwrap(), one_pass(&key));
    }

    /// Where Go's scanner found the root `items` array's elements, the split takes them as
    /// they are: the same split as looking for them (and none are found in a text the split
    /// does not read straight).
    #[test]
    fn json_elements_the_scanner_found_split_as_those_looked_for() {
        let nested = [
            r#"{"items":[[[]],{"items":[5]},-0,"x"] ,"items2":[1]}"#,
            r#"{"k":{"items":[9,9]},"items":[ 7 , {} ]}"#,
        ];
        for text in STRAIGHT.iter().chain(&nested) {
            let (_, known) = crate::yaml::read::gojson::read_value_items(text, 0);
            let known = known.unwrap_or_else(|| panic!("none found: {text:?}"));
            assert_eq!(&text[known.open..=known.open], "[", "{text:?}");
            assert_eq!(&text[known.close..=known.close], "]", "{text:?}");
            let want = split_json(text).unwrap();
            assert_eq!(
                split_json_with(text, Some(&known)).unwrap(),
                want,
                "{text:?}"
            );
            let lines: Vec<_> = want.items.iter().map(|i| i.lines.clone()).collect();
            assert_eq!(known.elements, lines, "{text:?}");
        }
        assert_eq!(
            crate::yaml::read::gojson::read_value_items(r#"{"items":[1,{"a":[2]}, "s"]}"#, 0).1,
            Some(crate::yaml::read::gojson::RootItems {
                open: 9,
                close: 26,
                elements: vec![10..11, 12..21, 23..26],
                unchecked: false,
                breaks: None,
            })
        );
        for text in [
            r#"{"items":[{"a":"\/","n":[1e2,-0,1.50]},{"b":1E+2}],"c":0.10}"#,
            r#"{"c":[1.0e1,"\ud83d\udd53"],"items":[{"n":1e2},[],{}]}"#,
            "{\"items\":[{\"a\":\"x\u{85}y\"}]}",
            &format!("{{\"items\":[{{\"{}\" :1}}]}}", "k".repeat(998)),
            "{\"items\":[{\"k\"\n:1}]}",
            r#"{"items":{"a":1}}"#,
            r#"{"\u0069tems":[1]}"#,
            "[1]",
        ] {
            let (_, known) = crate::yaml::read::gojson::read_value_items(text, 0);
            assert_eq!(known, None, "{text:?}");
        }
        // The first `items` is the one found: a second one makes no split.
        let twice = r#"{"items":[1],"items":[2]}"#;
        let (_, known) = crate::yaml::read::gojson::read_value_items(twice, 0);
        assert_eq!(known.as_ref().map(|k| k.open), Some(9));
        assert_eq!(split_json_with(twice, known.as_ref()), None);
    }

    #[test]
    fn json_not_in_that_shape_is_read_in_one_pass() {
        for text in [
            // No items, empty ones, two `items` keys, a key with an escape, not an array.
            r#"{"kind":"List"}"#,
            r#"{"items":[]}"#,
            r#"{"items":[1],"items":[2]}"#,
            r#"{"\u0069tems":[1]}"#,
            r#"{"items":{"a":1}}"#,
            // A root key `/` (see `FORCE_KEY`).
            r#"{"/":1,"items":[1]}"#,
            // What the YAML grammar does not read as JSON: a NEL, a key too far from its
            // colon or on another line.
            "{\"items\":[{\"a\":\"x\u{85}y\"}]}",
            "{\"items\":[{\"a\":\"\u{2028}\"}]}",
            &format!("{{\"items\":[{{\"{}\" :1}}]}}", "k".repeat(998)),
            "{\"items\":[{\"k\"\n:1}]}",
            "{\"k\"\n:1,\"items\":[1]}",
            // Not JSON after an element.
            r#"{"items":[1 2]}"#,
            "[1]",
            "items:\n- a\n",
        ] {
            assert!(split_json(text).is_none(), "split: {text:?}");
        }
        // A second document after the value.
        let text = "{\"items\":[1]}\n---\na: 1\n";
        let split = split_json(text).unwrap();
        assert!(shell_json(text, &split).is_none());
    }

    #[test]
    fn a_guess_that_does_not_read_is_not_taken() {
        let texts = [
            // A quoted scalar holding a `- ` line at column 0.
            "items:\n- a: \"x\n- y\"\n",
            // An alias to an anchor of an earlier item.
            "items:\n- &a x\n- *a\n",
            // An alias within one item (go-yaml counts aliases over the document).
            "items:\n- a: &x 1\n  b: *x\n",
            "items:\n- \n  a: &x 1\n  b: *x\n",
            // The items line inside a quoted scalar.
            "kind: \"a\nitems:\n- x\nb\"\n",
            "kind: \"a\nitems:\n- x\nb\"\nitems: null\n",
            // A second document after the items.
            "items:\n- a\n---\nb: 1\n",
            // An alias in the rest of the document: go-yaml's alias limit counts the items'
            // nodes too.
            "a: &x [1]\nitems:\n- a\nb: *x\n",
            // A control character in a comment before the first item (found by the fuzzer).
            "items:\n# \u{0}\n- a\n",
            // A plain scalar continued at column 0 is a new key, read in one pass.
            "items:\n- a\nb: 1\nitems: []\n",
            // A line break (NEL) inside a line.
            "items:\n- a: 1\u{85}- b\n",
            // A root indented or in flow style ends before the `items:` line, and go-yaml
            // reads no further (found by the fuzzer).
            "\n   items:\n- a: 1\nitems:\n- b\n",
            "# c\n{items: }\nitems:\n- b\n",
            "&x\n{items: }\nitems:\n- b\n",
            "\u{85}  items:\n- a: 1\nitems:\n- b\n",
            "\n---\n   items:\n- a: 1\nitems:\n- b\n",
            "\n--- {items: }\nitems:\n- b\n",
        ];
        for text in texts {
            assert!(ahead(text).is_none(), "taken: {text:?}");
        }
        for text in [
            "items: []\n",
            "items:\n  - a\n",
            "items:\nkind: x\n",
            "items:\n- &a x\n",
            "a: 1\r\nitems:\n- x\n",
            // A byte order mark at the start of a line is skipped as spaces are, so that line
            // need not end the items (found by the fuzzer).
            "items:\n- a:}\n\u{feff}",
            "items:\n- a\n\u{feff}b: 1\n",
        ] {
            assert!(split(text).is_none(), "split: {text:?}");
        }
    }

    /// An element read straight is kept as its text without being written exactly where the
    /// writer writes that text for it (`written_as_read`): every element said so is written so,
    /// byte for byte; the others are left to the comparison with what the writer writes. Its
    /// JSON value is made without the trees (`json_as_read`) for exactly those elements, and is
    /// the trees' own.
    #[test]
    fn json_elements_kept_unwritten_are_written_so() {
        use crate::yaml::json::{json_as_read, to_json, write_plain_json, written_as_read};
        let elements = [
            (
                r#"{"a":1,"b":[-2,0,true,false,null,"x",""],"c":{},"d":[]}"#,
                true,
            ),
            (r#"{"q":"\"\\\b\f\n\r\t","e":"é€ ","<":"<<"}"#, true),
            (
                r#"{"i":9223372036854775807,"j":-9223372036854775808}"#,
                true,
            ),
            (r#"[1,[2,{"k":"v"}]]"#, true),
            (r#""s""#, true),
            ("7", true),
            // White space, numbers written otherwise, escapes left to the comparison.
            (r#"{"a": 1}"#, false),
            (r#"{"a":1 }"#, false),
            (r#"{"a":1.0}"#, false),
            (r#"{"a":1e3}"#, false),
            (r#"{"a":-0}"#, false),
            (r#"{"a":9223372036854775808}"#, false),
            (r#"{"a":-9223372036854775809}"#, false),
            (r#"{"a":"\u00e9"}"#, false),
            (r#"{"a":"\u0001"}"#, false),
            // Keys the writer refuses: it writes another text or none.
            (r#"{"a":1,"b":{"c":1,"c":2}}"#, false),
            (r#"{"<<":{"b":1}}"#, false),
        ];
        for (element, yes) in elements {
            let text = format!(r#"{{"kind":"List","items":[{element},1]}}"#);
            let split = split_json(&text).unwrap();
            assert!(split.items.iter().all(Item::read_straight), "{text}");
            let (node, _) = item(&text, &split.items[0]).unwrap();
            assert_eq!(written_as_read(element, &node), yes, "{element}");
            let mut out = Vec::new();
            let written = write_plain_json(&node, &mut out).then_some(out);
            if yes {
                assert_eq!(written.as_deref(), Some(element.as_bytes()), "{element}");
            }
            // The same text's JSON value made without the trees is the trees' own, where it is
            // made.
            let json = json_as_read(element);
            assert_eq!(json.is_some(), yes, "{element}");
            if let Some(json) = json {
                assert_eq!(Some(json), to_json(&node).ok(), "{element}");
            }
        }
        // A `\/` anywhere: each element is read as encoding/json reads it, which keeps one of
        // two repeated keys.
        let text = r#"{"kind":"List","items":[{"a":1,"a":2},"\/"]}"#;
        let split = split_json(text).unwrap();
        assert!(!split.items.iter().any(Item::read_straight));
    }
}
