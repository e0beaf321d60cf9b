//! Reading on after a syntax error: a document whose flow content is indented less than
//! saphyr-parser wants, or nested deeper than it reads, is read again (by the flow reader of
//! [`super::deep`], or padded by [`super::relax`]), and the stream resumes after it.

use super::tree::{Built, Tree};
use super::{deep, relax, Documents};
use crate::yaml::{Node, YamlError};
use saphyr_parser::{Event, Marker, Parser, ScanError, Span};

impl Documents<'_> {
    /// Remembers how to fix `e` by padding, if it is a flow-content indentation error.
    pub(super) fn classify(&mut self, e: &ScanError, in_flow: bool) {
        let m = e.marker();
        self.err_at = m.index();
        let fix = match e.info() {
            "invalid indentation in quoted scalar" => Some(relax::Fix::Quoted {
                index: m.index(),
                col: m.col(),
            }),
            "invalid indentation in flow construct" => Some(relax::Fix::Line(m.line())),
            "while parsing a quoted scalar, found invalid Unicode character escape code" => {
                Some(relax::Fix::Surrogates(m.index()))
            }
            "invalid indentation"
                if in_flow || matches!(self.char_at(m.index()), Some(']' | '}' | ',')) =>
            {
                Some(relax::Fix::Line(m.line()))
            }
            _ => None,
        };
        self.fix = fix.map(|f| (f, m.index()));
    }

    /// After an error: when padding fixes the failing document, its relaxed parse, and parsing
    /// resumes after it; else the error.
    pub(super) fn relaxed(&mut self, err: YamlError) -> Option<Result<Node, YamlError>> {
        self.done = true;
        let flow_fix = matches!(self.fix, Some((relax::Fix::Line(_), _)));
        if !self.strict && (err.message == deep::SAPHYR_LIMIT || flow_fix) {
            match self.deepened(&err) {
                Ok(done) => return done,
                Err(e) if !flow_fix => return Some(Err(e.unwrap_or(err))),
                Err(_) => {}
            }
        }
        let (false, Some((fix, at))) = (self.strict, self.fix) else {
            return Some(Err(err));
        };
        let (start_char, start_line) = self.doc_start;
        let start = self.byte_of(start_char);
        let (end, rest) = relax::document_end(self.text, self.byte_of(at).max(start));
        let fix = match fix {
            relax::Fix::Quoted { index, col } => relax::Fix::Quoted {
                index: index - start_char,
                col,
            },
            relax::Fix::Line(l) => relax::Fix::Line(l + 1 - start_line),
            relax::Fix::Surrogates(index) => relax::Fix::Surrogates(index - start_char),
        };
        let Some(docs) = relax::parse_relaxed(&self.text[start..end], fix, &mut self.relax_budget)
        else {
            return Some(Err(err));
        };
        self.resume(docs, err.document, rest)
    }

    /// After a document nested deeper than saphyr-parser reads, or with flow content indented
    /// less than saphyr-parser wants: its re-read with those flow collections read by
    /// [`deep::FlowReader`] (see [`deep`]; it reads flow content as go-yaml does, whatever its
    /// indentation, in one pass where padding would re-read the document once per line), and
    /// parsing resumes after it. `Err(None)`: the reader cannot take them.
    pub(super) fn deepened(
        &mut self,
        err: &YamlError,
    ) -> Result<Option<Result<Node, YamlError>>, Option<YamlError>> {
        let (start_char, start_line) = self.doc_start;
        let start = self.byte_of(start_char);
        let at = self.byte_of(self.err_at).max(start);
        let (end, rest) = relax::document_end(self.text, at);
        match deep::parse_deep(&self.text[start..end]) {
            Ok(docs) => Ok(self.resume(docs, err.document, rest)),
            Err(None) => Err(None),
            Err(Some(mut e)) => {
                e.document += err.document;
                e.line += start_line - 1 + self.line_offset;
                Err(Some(e))
            }
        }
    }

    /// Yields `docs` (documents `first`.. of a re-read), then reads on from byte `rest`.
    pub(super) fn resume(
        &mut self,
        docs: Vec<Node>,
        first: usize,
        rest: usize,
    ) -> Option<Result<Node, YamlError>> {
        self.index = first + docs.len();
        self.pending.extend(docs);
        self.line_offset += self.text[..rest].matches('\n').count();
        self.control = self.control.and_then(|c| c.checked_sub(rest));
        self.text = &self.text[rest..];
        self.parser = Parser::new_from_str(self.text);
        self.cursor = (0, 0);
        self.done = false;
        self.next()
    }

    /// Whether the collection starting at `span` is an outermost flow collection (remembered
    /// in `flow_root`) that is to be read by [`deep::FlowReader`].
    pub(super) fn cut_here(&mut self, span: Span, parent_flow: bool) -> bool {
        if parent_flow || self.cuts.is_none() {
            return false;
        }
        let Some((i, '[' | '{', _)) = self.content_start(span) else {
            return false;
        };
        if span.end.index() <= i {
            return false;
        }
        self.flow_root = self.byte_of(i);
        let at = self.flow_root;
        self.cuts.as_ref().is_some_and(|c| c.at.contains(&at))
    }

    /// Reads the cut-out collection at `flow_root` from the original text into `tree`, then
    /// the end event of its `[]`/`{}` stand-in.
    pub(super) fn read_cut(
        &mut self,
        tree: &mut Tree,
        tag: Option<String>,
        anchor: usize,
    ) -> Result<Built, YamlError> {
        let original = self.cuts.as_ref().map_or(self.text, |c| c.original);
        let reader = deep::FlowReader::new(original, self.flow_root);
        let fail = |this: &mut Self, m: &str, lines: usize| {
            let line = original[..this.flow_root].matches('\n').count() + 1 + lines;
            Err(this.limit(Marker::new(this.flow_root, line, 0), m))
        };
        let built = match reader.read(tree, tag, anchor) {
            Ok((built, _)) => built,
            Err((m, lines)) => return fail(self, m, lines),
        };
        match self.parser.next_event() {
            Some(Ok((Event::SequenceEnd | Event::MappingEnd, _))) => Ok(built),
            _ => fail(self, "unbalanced collection end", 0),
        }
    }
}
