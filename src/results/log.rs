//! Results kept compact until written: a long list's items have a few results each (222,278 on
//! the bench's 100k list), and their `results` entries, written out as YAML, took 50 MB held to
//! the end of the run. A [`Log`] holds each result's fields as length-prefixed bytes (27 MB for
//! those), compressed a block at a time ([`Blocks`]), and its entries are written from it as
//! stdout is written ([`Log::write_entries`]), its stderr lines (33 MB more) as stderr is
//! written ([`Log::write_stderr`]). Every byte that is not a string's is ASCII (the numbers are
//! written six bits a byte, [`put_num`]), so a block is UTF-8 as a whole, checked once when it is
//! read rather than string by string.

use super::{FileRef, KrmResult, ResourceRef, Severity};
use crate::packed::Blocks;
use crate::resourcelist::json::Layout;
use std::io::{self, Write};

/// Results in order, encoded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Log {
    /// The results' bytes; a block ends where a result does.
    bytes: Blocks,
    /// Whether one of them is an error.
    error: bool,
}

/// Which optional fields a result has (the byte after its severity).
const REF: u8 = 1;
const FIELD: u8 = 2;
const FILE: u8 = 4;
const FILE_INDEX: u8 = 8;
const NOTE: u8 = 16;
const TAGS: u8 = 32;
const NAMESPACE: u8 = 64;

/// How a log's results are written as entries of a `results` list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entries {
    /// `- message: ...` items at column 0 ([`KrmResult::write_yaml_item`]).
    Yaml,
    /// JSON elements, each after its separator
    /// ([`crate::resourcelist::json::write_element`]); `first`: the first one's comma is left
    /// out (it opens the list).
    Json { layout: Layout, first: bool },
}

impl Log {
    /// The log of `results`.
    pub fn of(results: &[KrmResult]) -> Self {
        let mut log = Log::default();
        results.iter().for_each(|r| log.push(r));
        log
    }

    /// Whether one of the results is an error.
    pub fn has_error(&self) -> bool {
        self.error
    }

    /// Appends `r`.
    pub fn push(&mut self, r: &KrmResult) {
        self.error |= r.severity == Severity::Error;
        self.bytes.append(|b| encode(r, b));
    }

    /// Its results' bytes, appended to `out`: [`Self::append_encoded`] appends them to a log.
    pub fn encode_into(&self, out: &mut Vec<u8>) {
        for (_, bytes) in self.bytes.chunks() {
            out.extend_from_slice(&bytes);
        }
    }

    /// Appends the results whose bytes [`Self::encode_into`] gave (`error`: one of them is an
    /// error, as [`Self::has_error`] told).
    pub fn append_encoded(&mut self, bytes: &[u8], error: bool) {
        if !bytes.is_empty() {
            self.bytes.append(|b| b.extend_from_slice(bytes));
        }
        self.error |= error;
    }

    /// Appends every result of `other`.
    pub fn append(&mut self, other: &Log) {
        for (_, bytes) in other.bytes.chunks() {
            self.bytes.append(|b| b.extend_from_slice(&bytes));
        }
        self.error |= other.error;
    }

    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// Where the next result goes: a place to insert results at later ([`Self::insert`]).
    pub fn end(&self) -> usize {
        self.bytes.len()
    }

    /// The log with each `(at, results)` inserted at `at`, a place [`Self::end`] gave (in
    /// order).
    pub fn insert(&self, parts: &[(usize, Log)]) -> Log {
        let mut out = Log {
            error: self.error,
            ..Log::default()
        };
        let mut parts = parts.iter().peekable();
        for (start, bytes) in self.bytes.chunks() {
            let mut from = start;
            while let Some((at, log)) = parts.next_if(|(at, _)| *at <= start + bytes.len()) {
                out.bytes
                    .append(|b| b.extend_from_slice(&bytes[from - start..at - start]));
                out.append(log);
                from = *at;
            }
            out.bytes
                .append(|b| b.extend_from_slice(&bytes[from - start..]));
        }
        out
    }

    /// The results, in order (the tests' view of a log; the writers read it block by block,
    /// [`Self::write_made`]).
    #[cfg(test)]
    pub fn iter(&self) -> impl Iterator<Item = KrmResult> {
        let mut all = Vec::new();
        for (_, bytes) in self.bytes.chunks() {
            for_each_in(&bytes, |r| all.push(r.clone()));
        }
        all.into_iter()
    }

    /// Writes the results as entries of a `results` list, made on up to `threads` threads a
    /// block of the log at a time, the same bytes at any thread count.
    pub fn write_entries(
        &self,
        entries: Entries,
        threads: usize,
        w: &mut dyn Write,
    ) -> io::Result<()> {
        self.write_made(threads, w, |r, first_one, text, out| match entries {
            Entries::Yaml => {
                r.write_yaml_item(text);
                out.extend_from_slice(text.as_bytes());
            }
            Entries::Json { layout, first } => {
                r.write_json_element(out, layout, first && first_one);
            }
        })
    }

    /// Writes the stderr line of each result that is not `info` ([`KrmResult::stderr_line`]),
    /// made on up to `threads` threads a block of the log at a time, the same bytes at any
    /// thread count.
    pub fn write_stderr(&self, threads: usize, w: &mut dyn Write) -> io::Result<()> {
        self.write_made(threads, w, |r, _, line, out| {
            r.push_stderr(line);
            out.extend_from_slice(line.as_bytes());
        })
    }

    /// Writes, in order, what `make` appends for each result (with whether it is the log's
    /// first, and an empty text to make it in first where it is made as a string). A block of
    /// the log ends where a result does, so each block's text is made on its own: up to
    /// `threads` of them at once, [`WINDOW`] blocks a thread at a time (the text held waiting
    /// to be written stays within a few megabytes), then written in order. The same bytes at
    /// any thread count.
    fn write_made(
        &self,
        threads: usize,
        w: &mut dyn Write,
        make: impl Fn(&KrmResult, bool, &mut String, &mut Vec<u8>) + Sync,
    ) -> io::Result<()> {
        let made = |(first, held): (bool, crate::packed::Held<'_>)| {
            let bytes = held.bytes();
            let mut out = Vec::with_capacity(2 * bytes.len());
            let mut text = String::new();
            let mut first = first;
            for_each_in(&bytes, |r| {
                text.clear();
                make(r, first, &mut text, &mut out);
                first = false;
            });
            out
        };
        let threads = threads.max(1);
        // (Each block unpacked where its text is made.)
        let mut blocks = (self.bytes.held().enumerate()).map(|(i, (_, b))| (i == 0, b));
        loop {
            let window: Vec<_> = blocks.by_ref().take(WINDOW * threads).collect();
            if window.is_empty() {
                return Ok(());
            }
            for text in crate::jobs::map_ordered(threads, window, made) {
                w.write_all(&text)?;
            }
        }
    }
}

/// How many blocks of a log each thread makes the text of at once ([`Log::write_made`]): the
/// threads meet once a window, and a window's text is held until it is written (4 blocks of
/// 64 kB of log, about half a megabyte of text a thread).
const WINDOW: usize = 4;

/// Calls `f` with each result of a block of a log's bytes in order, all read into one
/// [`KrmResult`] (see [`Reader::result_into`]): no allocation for each result.
fn for_each_in(block: &[u8], mut f: impl FnMut(&KrmResult)) {
    let text = std::str::from_utf8(block).expect("a log holds text");
    let (mut reader, mut r) = (Reader(text), KrmResult::new(Severity::Info, String::new()));
    while reader.result_into(&mut r) {
        f(&r);
    }
}

/// Appends `r`'s bytes to `b`.
fn encode(r: &KrmResult, b: &mut Vec<u8>) {
    b.push(severity_byte(r.severity));
    let namespaced = r
        .resource_ref
        .as_ref()
        .is_some_and(|r| !r.namespace.is_empty());
    let flags = [
        (r.resource_ref.is_some(), REF),
        (r.field.is_some(), FIELD),
        (r.file.is_some(), FILE),
        (
            r.file.as_ref().is_some_and(|f| f.index.is_some()),
            FILE_INDEX,
        ),
        (r.stderr_note.is_some(), NOTE),
        (!r.tags.is_empty(), TAGS),
        (namespaced, NAMESPACE),
    ];
    b.push(
        flags
            .iter()
            .filter(|(on, _)| *on)
            .fold(0, |f, (_, bit)| f | bit),
    );
    put_str(b, &r.message);
    if let Some(rr) = &r.resource_ref {
        put_str(b, &rr.api_version);
        put_str(b, &rr.kind);
        put_str(b, &rr.name);
        if namespaced {
            put_str(b, &rr.namespace);
        }
    }
    if let Some(f) = &r.field {
        put_str(b, f);
    }
    if let Some(file) = &r.file {
        put_str(b, &file.path);
        if let Some(i) = file.index {
            // Zigzag: a small index of either sign in few bytes.
            put_num(b, ((i << 1) ^ (i >> 63)) as u64);
        }
    }
    if let Some(note) = &r.stderr_note {
        put_str(b, note);
    }
    if !r.tags.is_empty() {
        put_num(b, r.tags.len() as u64);
        for (k, v) in &r.tags {
            put_str(b, k);
            put_str(b, v);
        }
    }
}

fn severity_byte(s: Severity) -> u8 {
    match s {
        Severity::Error => 0,
        Severity::Warning => 1,
        Severity::Info => 2,
    }
}

/// A number six bits a byte, low bits first, `0x40` set on all bytes but the last: ASCII bytes
/// only (see the module's text).
fn put_num(b: &mut Vec<u8>, mut n: u64) {
    while n >= 0x40 {
        b.push((n as u8 & 0x3f) | 0x40);
        n >>= 6;
    }
    b.push(n as u8);
}

fn put_str(b: &mut Vec<u8>, s: &str) {
    put_num(b, s.len() as u64);
    b.extend_from_slice(s.as_bytes());
}

/// Reads a log's text back, a field at a time.
struct Reader<'a>(&'a str);

impl<'a> Reader<'a> {
    /// The next byte: an ASCII one (a severity, flags or a number's).
    fn byte(&mut self) -> u8 {
        let b = *self.0.as_bytes().first().expect("a result's byte");
        self.0 = &self.0[1..];
        b
    }

    fn num(&mut self) -> u64 {
        let (mut n, mut shift) = (0u64, 0);
        loop {
            let b = self.byte();
            n |= u64::from(b & 0x3f) << shift;
            if b & 0x40 == 0 {
                return n;
            }
            shift += 6;
        }
    }

    fn len(&mut self) -> usize {
        usize::try_from(self.num()).expect("a length in memory")
    }

    fn str(&mut self) -> &'a str {
        let n = self.len();
        let (s, rest) = self.0.split_at(n);
        self.0 = rest;
        s
    }

    /// Reads the next result into `r`, its strings written over `r`'s (a run writes its results
    /// one after the other through one: no allocation for each); `false` at the end.
    fn result_into(&mut self, r: &mut KrmResult) -> bool {
        if self.0.is_empty() {
            return false;
        }
        r.severity = match self.byte() {
            0 => Severity::Error,
            1 => Severity::Warning,
            _ => Severity::Info,
        };
        let flags = self.byte();
        let on = |bit: u8| flags & bit != 0;
        set(&mut r.message, self.str());
        if on(REF) {
            let rr = r.resource_ref.get_or_insert_with(|| ResourceRef {
                api_version: String::new(),
                kind: String::new(),
                name: String::new(),
                namespace: String::new(),
            });
            set(&mut rr.api_version, self.str());
            set(&mut rr.kind, self.str());
            set(&mut rr.name, self.str());
            match on(NAMESPACE) {
                true => set(&mut rr.namespace, self.str()),
                false => rr.namespace.clear(),
            }
        } else {
            r.resource_ref = None;
        }
        set_option(&mut r.field, on(FIELD).then(|| self.str()));
        if on(FILE) {
            let path = self.str();
            let index = on(FILE_INDEX).then(|| {
                let z = self.num();
                (z >> 1) as i64 ^ -((z & 1) as i64)
            });
            match &mut r.file {
                Some(file) => {
                    set(&mut file.path, path);
                    file.index = index;
                }
                None => {
                    r.file = Some(FileRef {
                        path: path.to_string(),
                        index,
                    })
                }
            }
        } else {
            r.file = None;
        }
        set_option(&mut r.stderr_note, on(NOTE).then(|| self.str()));
        r.tags.clear();
        if on(TAGS) {
            for _ in 0..self.len() {
                let key = tag_key(self.str());
                r.tags.push((key, self.str().to_string()));
            }
        }
        true
    }
}

/// `to` holding `text` (in its own buffer).
fn set(to: &mut String, text: &str) {
    to.clear();
    to.push_str(text);
}

/// `to` holding `text`, if any (in its own buffer, if it has one).
fn set_option(to: &mut Option<String>, text: Option<&str>) {
    match (to.as_mut(), text) {
        (Some(s), Some(text)) => set(s, text),
        (None, Some(text)) => *to = Some(text.to_string()),
        (_, None) => *to = None,
    }
}

/// A tag's key as a result holds it (a `'static` name: the results' tags are a fixed few).
fn tag_key(key: &str) -> &'static str {
    const KEYS: &[&str] = &["operation"];
    match KEYS.iter().find(|k| **k == key) {
        Some(k) => k,
        None => Box::leak(key.to_string().into_boxed_str()),
    }
}

#[cfg(test)]
mod tests;
