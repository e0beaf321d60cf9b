//! Parsing a YAML stream into lossless [`Node`] trees (saphyr-parser events).
//!
//! Every scalar keeps its content, style and tag; maps keep their key order; collections
//! remember whether they were written in flow style. Aliases are expanded into copies of their
//! anchored node (anchor names are not kept). Comments, directives and document markers are
//! dropped: the emitter writes none of them back.
//!
//! [`Documents`] yields one document at a time, so a caller can process and write a long stream
//! without holding every tree in memory; [`parse_stream`] collects them all.

use super::{Node, Scalar, ScalarStyle, YamlError};
use saphyr_parser::{Event, Marker, Parser, ScanError, Span, StrInput};
use spans::{OnItem, Spans};
pub use tree::ItemsSeen;
use tree::{format_tag, make_scalar, Built, Tree};

/// Parses every document of a YAML stream. Empty documents (a lone `---`) come back as a plain
/// empty scalar (null); an empty stream gives no document. Aliases are expanded into copies of
/// their anchored node. Comments are dropped.
pub fn parse_stream(text: &str) -> Result<Vec<Node>, YamlError> {
    Documents::new(text).collect()
}

/// A streaming reader: yields the documents of a YAML stream one at a time. After an error it
/// yields nothing more. Under-indented flow content that kubectl accepts is accepted (the stream
/// is then re-parsed with the offending lines padded; see `relax`).
pub struct Documents<'a> {
    parser: Parser<'a, StrInput<'a>>,
    text: &'a str,
    ascii: bool,
    /// Char index → byte index cursor for non-ASCII text.
    cursor: (usize, usize),
    /// Index of the next document.
    index: usize,
    done: bool,
    /// No libyaml-style indentation leniency (used while relaxing).
    strict: bool,
    /// The fix for the last error, when padding can fix it, and the error's char index.
    fix: Option<(relax::Fix, usize)>,
    /// Where the current document starts: char index and line of its first line.
    doc_start: (usize, usize),
    /// Char index of the last DocumentEnd event.
    doc_end: usize,
    /// Whether the text has directive lines (`%TAG`, `%YAML`): then documents get no span.
    directives: bool,
    /// Lines of the original text before `text` (after a relaxed document, parsing resumes
    /// on the rest of the text).
    line_offset: usize,
    /// Documents of a relaxed re-parse, not yet yielded.
    pending: std::collections::VecDeque<Node>,
    /// Flow collections read by [`deep::FlowReader`] (see [`deep`]).
    cuts: Option<deep::Cuts<'a>>,
    /// Byte offset of the opening bracket of the last outermost flow collection opened (kept
    /// while cutting, see [`deep`]).
    flow_root: usize,
    /// Char index of the last syntax error.
    err_at: usize,
    /// Byte offset of the first character kubectl refuses (see [`control`]), not yet reported.
    control: Option<usize>,
    /// Whether the text was tried as one flow mapping (see [`flowdoc`]).
    tried_flow: bool,
    /// Bytes that padding may still re-read in this stream (see `relax::work_budget`).
    relax_budget: usize,
}

impl<'a> Documents<'a> {
    /// Reads `text` with kubectl's leniency for under-indented flow content (see `relax`).
    pub fn new(text: &'a str) -> Self {
        Documents {
            parser: Parser::new_from_str(text),
            text,
            ascii: text.is_ascii(),
            cursor: (0, 0),
            index: 0,
            done: false,
            strict: false,
            fix: None,
            doc_start: (0, 1),
            doc_end: 0,
            directives: text.starts_with('%') || text.contains("\n%"),
            line_offset: 0,
            pending: std::collections::VecDeque::new(),
            cuts: None,
            flow_root: 0,
            err_at: 0,
            control: control::first_control(text),
            tried_flow: false,
            relax_budget: relax::work_budget(text.len()),
        }
    }

    /// Reads `text` exactly as saphyr-parser does (YAML 1.2 indentation rules).
    pub fn strict(text: &'a str) -> Self {
        Documents {
            strict: true,
            ..Documents::new(text)
        }
    }

    /// Byte offset of char index `idx` (the text's length past the end).
    fn byte_of(&mut self, idx: usize) -> usize {
        if self.ascii {
            return idx.min(self.text.len());
        }
        match self.char_at(idx) {
            Some(_) => self.cursor.1,
            None => self.text.len(),
        }
    }

    fn error(&self, mark: Marker, message: impl Into<String>) -> YamlError {
        YamlError {
            document: self.index,
            line: mark.line() + self.line_offset,
            column: mark.col() + 1,
            message: message.into(),
        }
    }

    /// A document refused by one of kubectl's limits (never relaxed: padding cannot fix it).
    fn limit(&mut self, mark: Marker, message: &str) -> YamlError {
        self.fix = None;
        self.error(mark, message)
    }

    fn scan_error(&self, e: &ScanError) -> YamlError {
        self.error(*e.marker(), e.info())
    }

    /// The character at char index `idx` of the input.
    fn char_at(&mut self, idx: usize) -> Option<char> {
        if self.ascii {
            return self.text.as_bytes().get(idx).map(|&b| b as char);
        }
        let (mut ci, mut bi) = self.cursor;
        // Back to `idx` from the cursor (never from the start: that would make reading a long
        // one-line flow text quadratic).
        while ci > idx {
            bi -= 1;
            while !self.text.is_char_boundary(bi) {
                bi -= 1;
            }
            ci -= 1;
        }
        let rest = &self.text[bi..];
        let mut chars = rest.char_indices();
        for _ in ci..idx {
            chars.next()?;
        }
        let (off, c) = chars.next()?;
        self.cursor = (idx, bi + off);
        Some(c)
    }

    /// Whether the collection whose event spans `span` is written in flow style: its content
    /// (after anchors, tags, blanks and comments) starts with `[` or `{` and the start token is
    /// not empty (block-collection start tokens are empty, even when the first key is `[a]`).
    fn starts_flow(&mut self, span: Span, parent_flow: bool) -> bool {
        if parent_flow {
            return true;
        }
        self.content_start(span)
            .is_some_and(|(i, c, _)| (c == '[' || c == '{') && span.end.index() > i)
    }

    /// The first content character of the node whose event spans `span` (after anchors, tags,
    /// blanks and comments): its char index, the character and its line.
    fn content_start(&mut self, span: Span) -> Option<(usize, char, usize)> {
        let mut i = span.start.index();
        let mut line = span.start.line();
        let mut in_token = false;
        let mut in_comment = false;
        while let Some(c) = self.char_at(i) {
            match c {
                '\n' => (in_token, in_comment, line) = (false, false, line + 1),
                '\r' => (in_token, in_comment) = (false, false),
                ' ' | '\t' => in_token = false,
                _ if in_token || in_comment => {}
                '&' | '!' => in_token = true,
                '#' => in_comment = true,
                _ => return Some((i, c, line)),
            }
            i += 1;
        }
        None
    }

    /// The line where the content of a flow collection starting at `span` begins (`None` for a
    /// block collection).
    fn flow_line(&mut self, span: Span, flow: bool) -> Option<usize> {
        if !flow {
            return None;
        }
        Some(
            self.content_start(span)
                .map_or(span.start.line(), |(_, _, l)| l),
        )
    }

    /// A literal/folded scalar whose last line is text ending the stream without a line break:
    /// saphyr-parser adds a final line break there; the YAML spec, libyaml and kubectl do not, so
    /// it is taken off. (A stream ending in blanks after a block scalar is left as saphyr reads
    /// it, which is what the YAML test suite expects.)
    fn fix_unterminated_block(&mut self, s: &mut Scalar, span: Span) {
        if !matches!(s.style, ScalarStyle::Literal | ScalarStyle::Folded)
            || !s.value.ends_with('\n')
        {
            return;
        }
        let tail = self.text.rsplit('\n').next().unwrap_or("");
        if tail.trim_matches([' ', '\t', '\r']).is_empty() {
            return;
        }
        let total = if self.ascii {
            self.text.len()
        } else {
            self.text.chars().count()
        };
        if span.end.index() == total {
            s.value.pop();
        }
    }

    /// Reads one document's events (after its DocumentStart) into a tree.
    fn read_document(&mut self) -> Result<Node, YamlError> {
        self.read_into(Tree::default(), &mut |_, _| {})
            .map(|(n, _)| n)
    }

    /// Reads one document's events into `tree`; items the tree hands out go to `on_item`.
    fn read_into(
        &mut self,
        mut tree: Tree,
        on_item: &mut OnItem<'_>,
    ) -> Result<(Node, ItemsSeen), YamlError> {
        let mut spans = Spans::default();
        // For each open collection: the line of its opening bracket when it is a flow one.
        let mut opened: Vec<Option<usize>> = Vec::new();
        loop {
            let (event, span) = match self.parser.next_event() {
                Some(Ok(ev)) => ev,
                Some(Err(e)) => {
                    self.classify(&e, tree.in_flow());
                    return Err(self.scan_error(&e));
                }
                None => return Err(self.error(Marker::new(0, 0, 0), "unexpected end of stream")),
            };
            if self.control.is_some() {
                let end = self.byte_of(span.end.index());
                self.control_before(end + 1)?;
            }
            if tree.at_split_items() {
                let at = self.byte_of(span.start.index());
                match event {
                    Event::SequenceEnd => spans.end(self.text, at, on_item),
                    Event::Scalar(..)
                    | Event::Alias(_)
                    | Event::SequenceStart(..)
                    | Event::MappingStart(..) => spans.begin(self.text, at, on_item),
                    _ => {}
                }
            }
            if matches!(event, Event::Alias(_)) {
                spans.taint();
            }
            if let Event::Scalar(_, _, _, Some(tag))
            | Event::SequenceStart(_, Some(tag))
            | Event::MappingStart(_, Some(tag)) = &event
            {
                if !tag.suffix.is_ascii() {
                    return Err(self.error(span.start, NON_ASCII_TAG));
                }
            }
            let (node, anchor) = match event {
                Event::DocumentEnd => {
                    // Until the next DocumentStart, a failing document starts here.
                    self.doc_start = (span.start.index() - span.start.col(), span.start.line());
                    self.doc_end = span.start.index();
                    let seen = tree.items;
                    return Ok((tree.into_root(), seen));
                }
                Event::Scalar(value, style, anchor, tag) => {
                    let mut scalar = make_scalar(value, style, tag);
                    self.fix_unterminated_block(&mut scalar, span);
                    tree.budget.node();
                    (Built::scalar(Node::Scalar(scalar)), anchor)
                }
                Event::Alias(id) => match tree.alias(id) {
                    Ok(Some(n)) => (n, 0),
                    Ok(None) => {
                        let msg = "alias to an unknown or unfinished anchor";
                        return Err(self.error(span.start, msg));
                    }
                    Err(limit) => return Err(self.limit(span.start, limit)),
                },
                Event::SequenceStart(anchor, tag) | Event::MappingStart(anchor, tag)
                    if self.cut_here(span, tree.in_flow()) =>
                {
                    let tag = tag.map(format_tag);
                    let built = self.read_cut(&mut tree, tag, anchor)?;
                    (built, anchor)
                }
                Event::SequenceStart(anchor, tag) => {
                    let flow = self.starts_flow(span, tree.in_flow());
                    opened.push(self.flow_line(span, flow));
                    let tag = tag.map(format_tag);
                    if let Err(limit) = tree.open_seq(flow, tag, anchor) {
                        return Err(self.limit(span.start, limit));
                    }
                    continue;
                }
                Event::MappingStart(anchor, tag) => {
                    let flow = self.starts_flow(span, tree.in_flow());
                    opened.push(self.flow_line(span, flow));
                    let tag = tag.map(format_tag);
                    if let Err(limit) = tree.open_map(flow, tag, anchor) {
                        return Err(self.limit(span.start, limit));
                    }
                    continue;
                }
                Event::SequenceEnd | Event::MappingEnd => {
                    let line = opened.pop().flatten();
                    match tree.close(line == Some(span.start.line())) {
                        Some(done) => done,
                        None => return Err(self.error(span.start, "unbalanced collection end")),
                    }
                }
                _ => return Err(self.error(span.start, "unexpected event inside a document")),
            };
            if let Some(item) = tree.add(node, anchor) {
                spans.finished(item);
            }
        }
    }

    /// Moves to the next DocumentStart: `Some(Ok)` there, `None` at the end of the stream.
    fn next_start(&mut self) -> Option<Result<(), YamlError>> {
        loop {
            match self.parser.next_event() {
                Some(Ok((Event::DocumentStart(_), span))) => {
                    let m = span.start;
                    self.doc_start = (m.index() - m.col(), m.line());
                    return Some(Ok(()));
                }
                Some(Ok((Event::StreamEnd, _))) | None => {
                    self.done = true;
                    if let Err(e) = self.control_before(usize::MAX) {
                        return Some(Err(e));
                    }
                    return None;
                }
                Some(Ok(_)) => continue,
                Some(Err(e)) => {
                    self.classify(&e, false);
                    return Some(Err(self.scan_error(&e)));
                }
            }
        }
    }

    /// The next document, with every item of its root mapping's `items:` sequence handed to
    /// `on_item` in order instead of kept, with its span in the input when it has one (see
    /// `spans`): the tree comes back with that sequence empty, and [`ItemsSeen`] tells whether
    /// (and how) it was split. So a long list can be processed one
    /// item at a time. No relaxed re-parse here: a syntax error is returned as it is and ends
    /// the reading (callers then read the input again with [`parse_stream`]).
    pub fn next_split(
        &mut self,
        on_item: &mut OnItem<'_>,
    ) -> Option<Result<(Node, ItemsSeen), YamlError>> {
        if let Some(doc) = self.pending.pop_front() {
            return Some(Ok((doc, ItemsSeen::default())));
        }
        if let Some(doc) = self.flow_document(true, on_item) {
            return Some(doc);
        }
        if self.done {
            return None;
        }
        let started = self.next_start()?;
        let doc = started.and_then(|()| self.read_into(Tree::splitting(), on_item));
        self.index += 1;
        if doc.is_err() {
            self.done = true;
        }
        Some(doc)
    }
}

impl Iterator for Documents<'_> {
    type Item = Result<Node, YamlError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(doc) = self.pending.pop_front() {
            return Some(Ok(doc));
        }
        if let Some(doc) = self.flow_document(false, &mut |_, _| {}) {
            return Some(doc.map(|(node, _)| node));
        }
        if self.done {
            return None;
        }
        match self.next_start()? {
            Ok(()) => {
                let doc = self.read_document();
                self.index += 1;
                match doc {
                    Err(e) => self.relaxed(e),
                    ok => Some(ok),
                }
            }
            Err(err) => self.relaxed(err),
        }
    }
}

mod control;
mod deep;
mod flowdoc;

/// Tags are read as ASCII: a `%`-escape that stands for a byte above 0x7F is refused, by both
/// readers. saphyr-parser joins the bytes of a multi-byte escape into one number instead of
/// decoding UTF-8 (`%C3%A9` reads as U+C3A9, not `é`), and no tag such a reader reads back
/// could be written for most characters.
pub(super) const NON_ASCII_TAG: &str = "a %-escape in a tag stands for a non-ASCII character";
pub mod limits;
mod recover;
mod relax;
mod spans;
#[cfg(test)]
mod tests;
mod tree;
