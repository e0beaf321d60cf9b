//! Where every node of a YAML stream lies in its text: a second reading of the stream's
//! saphyr-parser events that keeps, for each node, its byte range, its column and its shape,
//! in an arena parallel to the [`Node`](crate::yaml::Node) trees that
//! [`parse_stream`](crate::yaml::parse_stream) builds (same documents, same entries and items,
//! in the same order; an alias is one leaf here where the tree holds a copy).
//!
//! The reading is iterative (an explicit stack of open collections), so nesting depth costs heap,
//! not stack. It reads the text as saphyr-parser does (YAML 1.2 indentation rules), without the
//! leniency `parse_stream` has for under-indented flow content: such a stream has no positions.

use saphyr_parser::{Event, Parser, ScalarStyle, Span};

/// What a positioned node is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// A scalar. `empty`: a plain scalar with no text (`key:` with nothing after it), located
    /// where the parser saw it (right after the key or the `-`). `block`: literal or folded.
    Scalar {
        empty: bool,
        block: bool,
        double_quoted: bool,
    },
    /// A mapping; `flow`: written `{...}`.
    Map { flow: bool },
    /// A sequence; `flow`: written `[...]`.
    Seq { flow: bool },
    /// An alias (`*name`).
    Alias,
}

/// One node of the text.
#[derive(Clone, Debug)]
pub(super) struct PNode {
    pub kind: Kind,
    /// Byte offset of the node's first character: its tag or anchor if it has one; for a block
    /// collection, its first key or item; for a block scalar, its first content line.
    pub start: usize,
    /// Byte offset just after the node: after a flow collection's closing bracket, after a
    /// block collection's last descendant, after the line breaks a block scalar keeps.
    pub end: usize,
    /// Column (in characters) of `start`.
    pub col: usize,
    /// A mapping's keys and values, alternating (`k0, v0, k1, v1, ...`); a sequence's items.
    pub children: Vec<usize>,
}

impl PNode {
    pub(super) fn is_flow(&self) -> bool {
        matches!(
            self.kind,
            Kind::Map { flow: true } | Kind::Seq { flow: true }
        )
    }
}

/// The positioned nodes of a stream: an arena, and the root node of each document.
#[derive(Debug, Default)]
pub(super) struct Positions {
    pub nodes: Vec<PNode>,
    pub docs: Vec<usize>,
}

/// Why a stream has no positions: the parser's message and position (1-based line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct PositionsError {
    pub line: usize,
    pub message: String,
}

/// Reads the positions of every node of `text`.
pub(super) fn read(text: &str) -> Result<Positions, PositionsError> {
    let bytes = ByteIndex::new(text);
    let mut reader = Reader {
        text,
        bytes,
        pos: Positions::default(),
        open: Vec::new(),
        root: None,
    };
    let mut parser = Parser::new_from_str(text);
    while let Some(next) = parser.next_event() {
        let (event, span) = next.map_err(|e| PositionsError {
            line: e.marker().line(),
            message: e.info().to_string(),
        })?;
        reader.event(event, span);
    }
    Ok(reader.pos)
}

/// Char index → byte offset (saphyr-parser markers count characters).
struct ByteIndex {
    /// Byte offset of each char, for non-ASCII text (empty when the text is ASCII).
    offsets: Vec<usize>,
    len: usize,
}

impl ByteIndex {
    fn new(text: &str) -> Self {
        let offsets = if text.is_ascii() {
            Vec::new()
        } else {
            text.char_indices().map(|(b, _)| b).collect()
        };
        ByteIndex {
            offsets,
            len: text.len(),
        }
    }

    fn of(&self, char_index: usize) -> usize {
        if self.offsets.is_empty() {
            return char_index.min(self.len);
        }
        self.offsets.get(char_index).copied().unwrap_or(self.len)
    }
}

struct Reader<'t> {
    text: &'t str,
    bytes: ByteIndex,
    pos: Positions,
    /// Open collections, innermost last.
    open: Vec<usize>,
    /// The current document's root, once started.
    root: Option<usize>,
}

impl Reader<'_> {
    fn event(&mut self, event: Event<'_>, span: Span) {
        match event {
            Event::DocumentEnd => {
                let root = match self.root.take() {
                    Some(r) => r,
                    None => self.add_empty_root(span),
                };
                self.pos.docs.push(root);
            }
            Event::Scalar(value, style, _, _) => {
                let kind = Kind::Scalar {
                    empty: span.start.index() == span.end.index(),
                    block: matches!(style, ScalarStyle::Literal | ScalarStyle::Folded),
                    double_quoted: style == ScalarStyle::DoubleQuoted,
                };
                let start = self.bytes.of(span.start.index());
                let mut end = self.bytes.of(span.end.index());
                if matches!(style, ScalarStyle::Literal | ScalarStyle::Folded) {
                    end = block_scalar_end(self.text, start, end, &value);
                }
                self.attach(kind, start, end, span.start.col());
            }
            Event::Alias(_) => {
                let (start, end) = (
                    self.bytes.of(span.start.index()),
                    self.bytes.of(span.end.index()),
                );
                self.attach(Kind::Alias, start, end, span.start.col());
            }
            Event::MappingStart(..) | Event::SequenceStart(..) => {
                let flow = self.starts_flow(span);
                let kind = if matches!(event, Event::MappingStart(..)) {
                    Kind::Map { flow }
                } else {
                    Kind::Seq { flow }
                };
                let start = self.bytes.of(span.start.index());
                let id = self.attach(kind, start, start, span.start.col());
                self.open.push(id);
            }
            Event::MappingEnd | Event::SequenceEnd => self.close(span),
            _ => {}
        }
    }

    /// A flow collection's start event spans its tag/anchor and its opening bracket; a block
    /// collection's spans nothing or only its tag/anchor.
    fn starts_flow(&self, span: Span) -> bool {
        let (s, e) = (
            self.bytes.of(span.start.index()),
            self.bytes.of(span.end.index()),
        );
        self.text[s..e]
            .trim_end_matches([' ', '\t', '\r', '\n'])
            .ends_with(['[', '{'])
    }

    /// Adds a node, as a child of the innermost open collection or as the document's root.
    fn attach(&mut self, kind: Kind, start: usize, end: usize, col: usize) -> usize {
        let id = self.pos.nodes.len();
        self.pos.nodes.push(PNode {
            kind,
            start,
            end,
            col,
            children: Vec::new(),
        });
        match self.open.last() {
            Some(&parent) => self.pos.nodes[parent].children.push(id),
            None => self.root = Some(id),
        }
        id
    }

    /// Closes the innermost collection: a flow one ends after its closing bracket, a block one after
    /// its last child (it starts at its first child).
    fn close(&mut self, span: Span) {
        let Some(id) = self.open.pop() else { return };
        let flow = self.pos.nodes[id].is_flow();
        if flow {
            // The end event spans the bracket and whatever blanks and comment follow it.
            self.pos.nodes[id].end = self.bytes.of(span.start.index()) + 1;
            return;
        }
        let children = &self.pos.nodes[id].children;
        let first = children
            .first()
            .map(|&c| (self.pos.nodes[c].start, self.pos.nodes[c].col));
        let end = children
            .iter()
            .rev()
            .take(2)
            .map(|&c| self.pos.nodes[c].end)
            .max();
        let node = &mut self.pos.nodes[id];
        if let Some((start, col)) = first {
            node.start = start;
            node.col = col;
        }
        node.end = end.unwrap_or(node.start);
    }

    /// An empty document (a lone `---`): an empty scalar, as `parse_stream` makes it.
    fn add_empty_root(&mut self, span: Span) -> usize {
        let at = self.bytes.of(span.start.index());
        let kind = Kind::Scalar {
            empty: true,
            block: false,
            double_quoted: false,
        };
        self.attach(kind, at, at, span.start.col());
        self.root.take().unwrap_or(0)
    }
}

/// Where a literal or folded scalar ends: the parser's span runs on to the next token, over
/// blank lines and indentation that are not content. The scalar owns its text up to its last
/// non-blank character, then as many line breaks as its value ends with (none when stripped,
/// one when clipped, all its trailing ones when kept).
fn block_scalar_end(text: &str, start: usize, span_end: usize, value: &str) -> usize {
    let content = text[start..span_end].trim_end_matches([' ', '\t', '\r', '\n']);
    let mut end = start + content.len();
    let mut breaks = value.len() - value.trim_end_matches('\n').len();
    while breaks > 0 {
        match text[end..span_end].find('\n') {
            Some(i) => end += i + 1,
            None => break,
        }
        breaks -= 1;
    }
    end
}
