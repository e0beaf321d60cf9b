//! Results kept compact until written: a long list's items have a few results each (222,278 on
//! the bench's 100k list), and their `results` entries, written out as YAML, took 50 MB held to
//! the end of the run. A [`Log`] holds each result's fields as length-prefixed bytes (27 MB for
//! those), compressed a block at a time ([`Blocks`]), and its entries are written from it as
//! stdout is written ([`Log::write_entries`]), its stderr lines (33 MB more) as stderr is
//! written ([`Log::write_stderr`]).

use super::{FileRef, KrmResult, ResourceRef, Severity};
use crate::packed::Blocks;
use crate::resourcelist::json::Layout;
use std::borrow::Cow;
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

    /// The results, in order.
    pub fn iter(&self) -> impl Iterator<Item = KrmResult> + '_ {
        let mut chunks = self.bytes.chunks();
        // The chunk being read and where its next result starts.
        let mut current = None;
        std::iter::from_fn(move || loop {
            if let Some((bytes, at)) = &mut current {
                let bytes: &Cow<'_, [u8]> = bytes;
                let mut r = Reader(&bytes[*at..]);
                if let Some(result) = r.result() {
                    *at = bytes.len() - r.0.len();
                    return Some(result);
                }
            }
            current = Some((chunks.next()?.1, 0));
        })
    }

    /// Writes the results as entries of a `results` list.
    pub fn write_entries(&self, entries: Entries, w: &mut dyn Write) -> io::Result<()> {
        let (mut text, mut bytes) = (String::new(), Vec::new());
        for (i, r) in self.iter().enumerate() {
            match entries {
                Entries::Yaml => {
                    text.clear();
                    r.write_yaml_item(&mut text);
                    w.write_all(text.as_bytes())?;
                }
                Entries::Json { layout, first } => {
                    bytes.clear();
                    r.write_json_element(&mut bytes, layout, first && i == 0);
                    w.write_all(&bytes)?;
                }
            }
        }
        Ok(())
    }
}

impl Log {
    /// Writes the stderr line of each result that is not `info` ([`KrmResult::stderr_line`]).
    pub fn write_stderr(&self, w: &mut dyn Write) -> io::Result<()> {
        let mut line = String::new();
        for r in self.iter() {
            line.clear();
            r.push_stderr(&mut line);
            w.write_all(line.as_bytes())?;
        }
        Ok(())
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
            b.extend_from_slice(&i.to_le_bytes());
        }
    }
    if let Some(note) = &r.stderr_note {
        put_str(b, note);
    }
    if !r.tags.is_empty() {
        put_len(b, r.tags.len());
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

/// A length as LEB128: 7 bits a byte, the high bit set on all but the last.
fn put_len(b: &mut Vec<u8>, mut n: usize) {
    while n >= 0x80 {
        b.push((n as u8 & 0x7f) | 0x80);
        n >>= 7;
    }
    b.push(n as u8);
}

fn put_str(b: &mut Vec<u8>, s: &str) {
    put_len(b, s.len());
    b.extend_from_slice(s.as_bytes());
}

/// Reads a log's bytes back, a field at a time.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn byte(&mut self) -> u8 {
        let (first, rest) = self.0.split_first().expect("a result's byte");
        self.0 = rest;
        *first
    }

    fn len(&mut self) -> usize {
        let (mut n, mut shift) = (0usize, 0);
        loop {
            let b = self.byte();
            n |= usize::from(b & 0x7f) << shift;
            if b < 0x80 {
                return n;
            }
            shift += 7;
        }
    }

    fn str(&mut self) -> &'a str {
        let n = self.len();
        let (s, rest) = self.0.split_at(n);
        self.0 = rest;
        std::str::from_utf8(s).expect("a log holds strings")
    }

    fn string(&mut self) -> String {
        self.str().to_string()
    }

    fn result(&mut self) -> Option<KrmResult> {
        if self.0.is_empty() {
            return None;
        }
        let severity = match self.byte() {
            0 => Severity::Error,
            1 => Severity::Warning,
            _ => Severity::Info,
        };
        let flags = self.byte();
        let on = |bit: u8| flags & bit != 0;
        let message = self.string();
        let resource_ref = on(REF).then(|| ResourceRef {
            api_version: self.string(),
            kind: self.string(),
            name: self.string(),
            namespace: match on(NAMESPACE) {
                true => self.string(),
                false => String::new(),
            },
        });
        let field = on(FIELD).then(|| self.string());
        let file = on(FILE).then(|| {
            let path = self.string();
            let index = on(FILE_INDEX).then(|| {
                let (i, rest) = self.0.split_at(8);
                self.0 = rest;
                i64::from_le_bytes(i.try_into().expect("8 bytes"))
            });
            FileRef { path, index }
        });
        let stderr_note = on(NOTE).then(|| self.string());
        let mut tags = Vec::new();
        if on(TAGS) {
            for _ in 0..self.len() {
                let key = tag_key(self.str());
                tags.push((key, self.string()));
            }
        }
        Some(KrmResult {
            message,
            severity,
            resource_ref,
            field,
            file,
            stderr_note,
            tags,
        })
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
