//! The parser: tokens into events, libyaml's state machine as go-yaml v2 runs it (YAML 1.1
//! documents: a `%YAML` directive other than 1.1 is refused; `!` and `!!` are the default tag
//! handles; a `%TAG` handle holds for its document).

use super::scanner::{split_handle, Mark, Problem, Scanner, Stage, Style, Tok};

#[derive(Clone, Debug, PartialEq)]
pub enum Ev {
    StreamStart,
    StreamEnd,
    DocumentStart,
    DocumentEnd,
    Alias(String),
    Scalar {
        value: String,
        style: Style,
        /// Plain and untagged (or tagged `!`): resolved from its text.
        plain_implicit: bool,
        props: Option<Box<Props>>,
    },
    SequenceStart {
        props: Option<Box<Props>>,
        flow: bool,
    },
    SequenceEnd,
    MappingStart {
        props: Option<Box<Props>>,
        flow: bool,
    },
    MappingEnd,
}

/// A node's anchor and tag, when it has either: few nodes have one, so an event holds them
/// boxed rather than room for both.
#[derive(Clone, Debug, PartialEq)]
pub struct Props {
    pub anchor: Option<String>,
    /// The resolved tag (`tag:yaml.org,2002:int`, `!local`, `!`), if any.
    pub tag: Option<String>,
    /// Where a scalar's own text starts (after its anchor and tag). A scalar without props
    /// starts there: its text starts at its event's start.
    pub text_start: Mark,
}

impl Props {
    /// The props of a node with this anchor and tag (`None` when it has neither).
    fn of(anchor: Option<String>, tag: Option<String>, text_start: Mark) -> Option<Box<Props>> {
        (anchor.is_some() || tag.is_some()).then(|| {
            Box::new(Props {
                anchor,
                tag,
                text_start,
            })
        })
    }
}

/// The next token as the parser looks at it: what it is and where, without its text.
#[derive(Clone, Copy, Debug)]
struct Head {
    tok: Tok,
    start: Mark,
    end: Mark,
}

#[derive(Clone, Debug)]
pub struct Event {
    pub ev: Ev,
    pub start: Mark,
    pub end: Mark,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    StreamStart,
    ImplicitDocumentStart,
    DocumentStart,
    DocumentContent,
    DocumentEnd,
    BlockNode,
    BlockSequenceFirstEntry,
    BlockSequenceEntry,
    IndentlessSequenceEntry,
    BlockMappingFirstKey,
    BlockMappingKey,
    BlockMappingValue,
    FlowSequenceFirstEntry,
    FlowSequenceEntry,
    FlowSequenceEntryMappingKey,
    FlowSequenceEntryMappingValue,
    FlowSequenceEntryMappingEnd,
    FlowMappingFirstKey,
    FlowMappingKey,
    FlowMappingValue,
    FlowMappingEmptyValue,
    End,
}

pub struct Parser<'a> {
    pub scanner: Scanner<'a>,
    state: State,
    states: Vec<State>,
    marks: Vec<Mark>,
    tag_directives: Vec<(String, String)>,
}

type Res<T> = Result<T, Problem>;

fn perr<T>(problem: &str, mark: Mark, context: Mark) -> Res<T> {
    Err(Problem {
        stage: Stage::Parser,
        problem: problem.to_string(),
        mark,
        context,
    })
}

fn ev(ev: Ev, start: Mark, end: Mark) -> Event {
    Event { ev, start, end }
}

impl<'a> Parser<'a> {
    pub fn new(text: &'a str) -> Self {
        Parser {
            scanner: Scanner::new(text),
            state: State::StreamStart,
            states: Vec::new(),
            marks: Vec::new(),
            tag_directives: Vec::new(),
        }
    }

    /// The next token without its text (a scalar's value, a name, a tag): copying that text
    /// at every look would cost more than the read. [`Parser::take`] gives it.
    #[inline]
    fn peek(&mut self) -> Res<Head> {
        let t = self.scanner.peek()?;
        Ok(Head {
            tok: t.tok,
            start: t.start,
            end: t.end,
        })
    }

    /// Takes the next token and gives its text (after [`Parser::peek`]).
    fn take(&mut self) -> String {
        self.scanner
            .skip_token()
            .map(|t| t.text)
            .unwrap_or_default()
    }

    fn skip(&mut self) {
        self.scanner.skip_token();
    }

    fn pop_state(&mut self) {
        self.state = self.states.pop().unwrap_or(State::End);
    }

    /// The next event; `None` after the stream's end.
    pub fn next_event(&mut self) -> Res<Option<Event>> {
        if self.state == State::End {
            return Ok(None);
        }
        self.step().map(Some)
    }

    fn step(&mut self) -> Res<Event> {
        match self.state {
            State::StreamStart => {
                let t = self.peek()?;
                if t.tok != Tok::StreamStart {
                    return perr("did not find expected <stream-start>", t.start, t.start);
                }
                self.state = State::ImplicitDocumentStart;
                self.skip();
                Ok(ev(Ev::StreamStart, t.start, t.end))
            }
            State::ImplicitDocumentStart => self.document_start(true),
            State::DocumentStart => self.document_start(false),
            State::DocumentContent => {
                let t = self.peek()?;
                if matches!(
                    t.tok,
                    Tok::VersionDirective(..)
                        | Tok::TagDirective
                        | Tok::DocumentStart
                        | Tok::DocumentEnd
                        | Tok::StreamEnd
                ) {
                    self.pop_state();
                    return Ok(empty(t.start));
                }
                self.node(true, false)
            }
            State::DocumentEnd => {
                let t = self.peek()?;
                let start = t.start;
                let mut end = t.start;
                if t.tok == Tok::DocumentEnd {
                    end = t.end;
                    self.skip();
                }
                self.tag_directives.clear();
                self.state = State::DocumentStart;
                Ok(ev(Ev::DocumentEnd, start, end))
            }
            State::BlockNode => self.node(true, false),
            State::BlockSequenceFirstEntry => self.block_sequence_entry(true),
            State::BlockSequenceEntry => self.block_sequence_entry(false),
            State::IndentlessSequenceEntry => self.indentless_entry(),
            State::BlockMappingFirstKey => self.block_mapping_key(true),
            State::BlockMappingKey => self.block_mapping_key(false),
            State::BlockMappingValue => self.block_mapping_value(),
            State::FlowSequenceFirstEntry => self.flow_sequence_entry(true),
            State::FlowSequenceEntry => self.flow_sequence_entry(false),
            State::FlowSequenceEntryMappingKey => {
                let t = self.peek()?;
                if !matches!(t.tok, Tok::Value | Tok::FlowEntry | Tok::FlowSequenceEnd) {
                    self.states.push(State::FlowSequenceEntryMappingValue);
                    return self.node(false, false);
                }
                self.skip();
                self.state = State::FlowSequenceEntryMappingValue;
                Ok(empty(t.end))
            }
            State::FlowSequenceEntryMappingValue => {
                let t = self.peek()?;
                if t.tok == Tok::Value {
                    self.skip();
                    let t = self.peek()?;
                    if !matches!(t.tok, Tok::FlowEntry | Tok::FlowSequenceEnd) {
                        self.states.push(State::FlowSequenceEntryMappingEnd);
                        return self.node(false, false);
                    }
                    self.state = State::FlowSequenceEntryMappingEnd;
                    return Ok(empty(t.start));
                }
                self.state = State::FlowSequenceEntryMappingEnd;
                Ok(empty(t.start))
            }
            State::FlowSequenceEntryMappingEnd => {
                let t = self.peek()?;
                self.state = State::FlowSequenceEntry;
                Ok(ev(Ev::MappingEnd, t.start, t.start))
            }
            State::FlowMappingFirstKey => self.flow_mapping_key(true),
            State::FlowMappingKey => self.flow_mapping_key(false),
            State::FlowMappingValue => self.flow_mapping_value(false),
            State::FlowMappingEmptyValue => self.flow_mapping_value(true),
            State::End => perr("no more events", Mark::default(), Mark::default()),
        }
    }

    fn document_start(&mut self, implicit: bool) -> Res<Event> {
        let mut t = self.peek()?;
        if !implicit {
            while t.tok == Tok::DocumentEnd {
                self.skip();
                t = self.peek()?;
            }
        }
        let directive = matches!(t.tok, Tok::VersionDirective(..) | Tok::TagDirective);
        if implicit && !directive && t.tok != Tok::DocumentStart && t.tok != Tok::StreamEnd {
            self.process_directives()?;
            self.states.push(State::DocumentEnd);
            self.state = State::BlockNode;
            return Ok(ev(Ev::DocumentStart, t.start, t.end));
        }
        if t.tok == Tok::StreamEnd {
            self.state = State::End;
            self.skip();
            return Ok(ev(Ev::StreamEnd, t.start, t.end));
        }
        let start = t.start;
        self.process_directives()?;
        let t = self.peek()?;
        if t.tok != Tok::DocumentStart {
            return perr("did not find expected <document start>", t.start, t.start);
        }
        self.states.push(State::DocumentEnd);
        self.state = State::DocumentContent;
        self.skip();
        Ok(ev(Ev::DocumentStart, start, t.end))
    }

    fn process_directives(&mut self) -> Res<()> {
        let mut version = false;
        loop {
            let t = self.peek()?;
            match t.tok {
                Tok::VersionDirective(major, minor) => {
                    if version {
                        return perr("found duplicate %YAML directive", t.start, t.start);
                    }
                    if major != 1 || minor != 1 {
                        return perr("found incompatible YAML document", t.start, t.start);
                    }
                    version = true;
                }
                Tok::TagDirective => {
                    let text = self.take();
                    let (handle, prefix) = split_handle(&text);
                    if self.tag_directives.iter().any(|(h, _)| h == handle) {
                        return perr("found duplicate %TAG directive", t.start, t.start);
                    }
                    let directive = (handle.to_string(), prefix.to_string());
                    self.tag_directives.push(directive);
                    continue;
                }
                _ => break,
            }
            self.skip();
        }
        for (h, p) in [("!", "!"), ("!!", "tag:yaml.org,2002:")] {
            if !self.tag_directives.iter().any(|(x, _)| x == h) {
                self.tag_directives.push((h.to_string(), p.to_string()));
            }
        }
        Ok(())
    }

    fn node(&mut self, block: bool, indentless: bool) -> Res<Event> {
        let mut t = self.peek()?;
        if t.tok == Tok::Alias {
            self.pop_state();
            let name = self.take();
            return Ok(ev(Ev::Alias(name), t.start, t.end));
        }
        let start = t.start;
        let mut end = t.start;
        let mut anchor = None;
        let mut tag_token: Option<(String, Mark)> = None;
        for _ in 0..2 {
            match t.tok {
                Tok::Anchor if anchor.is_none() => anchor = Some(self.take()),
                Tok::Tag if tag_token.is_none() => tag_token = Some((self.take(), t.start)),
                _ => break,
            }
            end = t.end;
            t = self.peek()?;
        }
        let mut tag = None;
        if let Some((text, tag_mark)) = tag_token {
            let (handle, suffix) = split_handle(&text);
            if handle.is_empty() {
                tag = Some(suffix.to_string());
            } else {
                match self.tag_directives.iter().find(|(h, _)| h == handle) {
                    Some((_, prefix)) => tag = Some(format!("{prefix}{suffix}")),
                    None => return perr("found undefined tag handle", tag_mark, start),
                }
            }
        }
        let tag = tag.filter(|t| !t.is_empty());
        if indentless && t.tok == Tok::BlockEntry {
            self.state = State::IndentlessSequenceEntry;
            let e = Ev::SequenceStart {
                props: Props::of(anchor, tag, t.start),
                flow: false,
            };
            return Ok(ev(e, start, t.end));
        }
        match t.tok {
            Tok::Scalar(style) => {
                let plain_implicit =
                    (tag.is_none() && style == Style::Plain) || tag.as_deref() == Some("!");
                self.pop_state();
                let value = self.take();
                let e = Ev::Scalar {
                    value,
                    style,
                    plain_implicit,
                    props: Props::of(anchor, tag, t.start),
                };
                Ok(ev(e, start, t.end))
            }
            Tok::FlowSequenceStart => {
                self.state = State::FlowSequenceFirstEntry;
                let e = Ev::SequenceStart {
                    props: Props::of(anchor, tag, t.start),
                    flow: true,
                };
                Ok(ev(e, start, t.end))
            }
            Tok::FlowMappingStart => {
                self.state = State::FlowMappingFirstKey;
                let e = Ev::MappingStart {
                    props: Props::of(anchor, tag, t.start),
                    flow: true,
                };
                Ok(ev(e, start, t.end))
            }
            Tok::BlockSequenceStart if block => {
                self.state = State::BlockSequenceFirstEntry;
                let e = Ev::SequenceStart {
                    props: Props::of(anchor, tag, t.start),
                    flow: false,
                };
                Ok(ev(e, start, t.end))
            }
            Tok::BlockMappingStart if block => {
                self.state = State::BlockMappingFirstKey;
                let e = Ev::MappingStart {
                    props: Props::of(anchor, tag, t.start),
                    flow: false,
                };
                Ok(ev(e, start, t.end))
            }
            _ if anchor.is_some() || tag.is_some() => {
                self.pop_state();
                let plain_implicit = tag.is_none() || tag.as_deref() == Some("!");
                let e = Ev::Scalar {
                    value: String::new(),
                    style: Style::Plain,
                    plain_implicit,
                    props: Props::of(anchor, tag, end),
                };
                Ok(ev(e, start, end))
            }
            _ => perr("did not find expected node content", t.start, start),
        }
    }

    fn block_sequence_entry(&mut self, first: bool) -> Res<Event> {
        if first {
            let t = self.peek()?;
            self.marks.push(t.start);
            self.skip();
        }
        let t = self.peek()?;
        match t.tok {
            Tok::BlockEntry => {
                let mark = t.end;
                self.skip();
                let t = self.peek()?;
                if !matches!(t.tok, Tok::BlockEntry | Tok::BlockEnd) {
                    self.states.push(State::BlockSequenceEntry);
                    return self.node(true, false);
                }
                self.state = State::BlockSequenceEntry;
                Ok(empty(mark))
            }
            Tok::BlockEnd => {
                self.pop_state();
                self.marks.pop();
                self.skip();
                Ok(ev(Ev::SequenceEnd, t.start, t.end))
            }
            _ => {
                let context = self.marks.pop().unwrap_or_default();
                perr("did not find expected '-' indicator", t.start, context)
            }
        }
    }

    fn indentless_entry(&mut self) -> Res<Event> {
        let t = self.peek()?;
        if t.tok == Tok::BlockEntry {
            let mark = t.end;
            self.skip();
            let t = self.peek()?;
            if !matches!(
                t.tok,
                Tok::BlockEntry | Tok::Key | Tok::Value | Tok::BlockEnd
            ) {
                self.states.push(State::IndentlessSequenceEntry);
                return self.node(true, false);
            }
            self.state = State::IndentlessSequenceEntry;
            return Ok(empty(mark));
        }
        self.pop_state();
        Ok(ev(Ev::SequenceEnd, t.start, t.start))
    }

    fn block_mapping_key(&mut self, first: bool) -> Res<Event> {
        if first {
            let t = self.peek()?;
            self.marks.push(t.start);
            self.skip();
        }
        let t = self.peek()?;
        match t.tok {
            Tok::Key => {
                let mark = t.end;
                self.skip();
                let t = self.peek()?;
                if !matches!(t.tok, Tok::Key | Tok::Value | Tok::BlockEnd) {
                    self.states.push(State::BlockMappingValue);
                    return self.node(true, true);
                }
                self.state = State::BlockMappingValue;
                Ok(empty(mark))
            }
            Tok::BlockEnd => {
                self.pop_state();
                self.marks.pop();
                self.skip();
                Ok(ev(Ev::MappingEnd, t.start, t.end))
            }
            _ => {
                let context = self.marks.pop().unwrap_or_default();
                perr("did not find expected key", t.start, context)
            }
        }
    }

    fn block_mapping_value(&mut self) -> Res<Event> {
        let t = self.peek()?;
        if t.tok == Tok::Value {
            let mark = t.end;
            self.skip();
            let t = self.peek()?;
            if !matches!(t.tok, Tok::Key | Tok::Value | Tok::BlockEnd) {
                self.states.push(State::BlockMappingKey);
                return self.node(true, true);
            }
            self.state = State::BlockMappingKey;
            return Ok(empty(mark));
        }
        self.state = State::BlockMappingKey;
        Ok(empty(t.start))
    }

    fn flow_sequence_entry(&mut self, first: bool) -> Res<Event> {
        if first {
            let t = self.peek()?;
            self.marks.push(t.start);
            self.skip();
        }
        let mut t = self.peek()?;
        if t.tok != Tok::FlowSequenceEnd {
            if !first {
                if t.tok == Tok::FlowEntry {
                    self.skip();
                    t = self.peek()?;
                } else {
                    let context = self.marks.pop().unwrap_or_default();
                    return perr("did not find expected ',' or ']'", t.start, context);
                }
            }
            if t.tok == Tok::Key {
                self.state = State::FlowSequenceEntryMappingKey;
                self.skip();
                let e = Ev::MappingStart {
                    props: None,
                    flow: true,
                };
                return Ok(ev(e, t.start, t.end));
            }
            if t.tok != Tok::FlowSequenceEnd {
                self.states.push(State::FlowSequenceEntry);
                return self.node(false, false);
            }
        }
        self.pop_state();
        self.marks.pop();
        self.skip();
        Ok(ev(Ev::SequenceEnd, t.start, t.end))
    }

    fn flow_mapping_key(&mut self, first: bool) -> Res<Event> {
        if first {
            let t = self.peek()?;
            self.marks.push(t.start);
            self.skip();
        }
        let mut t = self.peek()?;
        if t.tok != Tok::FlowMappingEnd {
            if !first {
                if t.tok == Tok::FlowEntry {
                    self.skip();
                    t = self.peek()?;
                } else {
                    let context = self.marks.pop().unwrap_or_default();
                    return perr("did not find expected ',' or '}'", t.start, context);
                }
            }
            if t.tok == Tok::Key {
                self.skip();
                let t = self.peek()?;
                if !matches!(t.tok, Tok::Value | Tok::FlowEntry | Tok::FlowMappingEnd) {
                    self.states.push(State::FlowMappingValue);
                    return self.node(false, false);
                }
                self.state = State::FlowMappingValue;
                return Ok(empty(t.start));
            }
            if t.tok != Tok::FlowMappingEnd {
                self.states.push(State::FlowMappingEmptyValue);
                return self.node(false, false);
            }
        }
        self.pop_state();
        self.marks.pop();
        self.skip();
        Ok(ev(Ev::MappingEnd, t.start, t.end))
    }

    fn flow_mapping_value(&mut self, empty_value: bool) -> Res<Event> {
        let t = self.peek()?;
        if empty_value {
            self.state = State::FlowMappingKey;
            return Ok(empty(t.start));
        }
        if t.tok == Tok::Value {
            self.skip();
            let t = self.peek()?;
            if !matches!(t.tok, Tok::FlowEntry | Tok::FlowMappingEnd) {
                self.states.push(State::FlowMappingKey);
                return self.node(false, false);
            }
            self.state = State::FlowMappingKey;
            return Ok(empty(t.start));
        }
        self.state = State::FlowMappingKey;
        Ok(empty(t.start))
    }
}

/// An empty plain scalar at `mark` (a missing key or value).
fn empty(mark: Mark) -> Event {
    let e = Ev::Scalar {
        value: String::new(),
        style: Style::Plain,
        plain_implicit: true,
        props: None,
    };
    ev(e, mark, mark)
}
