//! The parse itself: the ATN walked as the code ANTLR's tool generates for cel-go's grammar
//! walks it (`cel_parser.go`: a test of the next token at an LL(1) decision, `adaptivePredict`
//! at any other, `Sync` before each decision and loop iteration, the left-recursive rules'
//! precedence stack and contexts), with antlr4-go's `DefaultErrorStrategy` (report, single
//! token deletion and insertion, recovery to the rule's follow set) and what cel-go puts
//! around it (`parser/parser.go`): its `recoveryLimitErrorStrategy` (30 recovery attempts,
//! 256 tokens consumed by one recovery), its `SyntaxError` listener (the reserved-word
//! rewrite, 100 reports) and its `recursionListener` (250 invocations of one rule open).

use super::atn::{self, has, Atn, Edge, Kind, Toks};
use super::lexer::{self, LexError, Token, EOF};
use super::tree::{Child, Node, Tree};

/// cel-go's `errorRecoveryLimit` (its default, which the apiserver keeps).
pub(super) const RECOVERY_LIMIT: u32 = 30;
/// cel-go's `errorRecoveryTokenLookaheadLimit`.
pub(super) const LOOKAHEAD_LIMIT: u32 = 256;
/// cel-go's `errorReportingLimit`.
pub(super) const REPORT_LIMIT: u32 = 100;

/// What ends a rule's parse early.
#[derive(Debug)]
pub(super) enum Fail {
    /// A `RecognitionException`: the rule that raised it reports it and recovers.
    Rec(Rec),
    /// One of cel-go's panics: the parse stops.
    Stop,
}

/// A `RecognitionException`.
#[derive(Debug)]
pub(super) struct Rec {
    kind: RecKind,
    /// The offending token (its position in the default channel's tokens).
    offending: usize,
}

#[derive(Debug)]
enum RecKind {
    /// `NoViableAltException` from the token at `start`.
    NoViable { start: usize },
    /// `InputMismatchException`, with the tokens expected then.
    Mismatch { expected: Toks },
    /// `FailedPredicateException` of `precpred(_ctx, p)`.
    Predicate(u32),
}

/// The token stream (`CommonTokenStream` over the lexer): every token, the default
/// channel's positions among them, and how far the lexer has read, whose errors are
/// reported as it reads.
pub(super) struct Stream {
    tokens: Vec<Token>,
    on: Vec<usize>,
    /// The parser's position among the default channel's tokens.
    p: usize,
    /// How many tokens the lexer has made.
    fetched: usize,
    errors: Vec<LexError>,
    next_error: usize,
}

impl Stream {
    /// `index()` (the position among the default channel's tokens).
    pub(super) fn index(&self) -> usize {
        self.p
    }

    /// `seek(index)`.
    pub(super) fn seek(&mut self, p: usize) {
        self.p = p;
    }

    fn token(&self, p: usize) -> &Token {
        &self.tokens[self.on[p.min(self.on.len() - 1)]]
    }
}

/// A syntax error: where (a byte offset; `None` for cel-go's internal errors, at no place)
/// and its message as cel-go reports it.
pub(in crate::cel) type Reported = (Option<usize>, String);

pub(super) struct Parser<'a> {
    pub(super) atn: &'a Atn,
    src: &'a str,
    pub(super) stream: Stream,
    /// The return state of each rule invocation open, outermost first (the start rule's
    /// context has none): the parser's context as prediction and error recovery read it.
    pub(super) returns: Vec<usize>,
    pub(super) precedence: Vec<u32>,
    state: usize,
    recovering: bool,
    last_error_index: Option<usize>,
    last_error_states: Option<Vec<usize>>,
    attempts: u32,
    /// Tokens consumed by the recovery under way (cel-go's `lookaheadConsumer`).
    consumes: Option<u32>,
    reports: u32,
    depth: Vec<u32>,
    limit: u32,
    out: Vec<Reported>,
    /// The contexts open, outermost first (`_ctx` and its parents), each with the children
    /// it has so far.
    nodes: Vec<Node>,
}

/// The syntax errors of `src` as cel-go v0.26's parser reports them (each message with its
/// `Syntax error: ` prefix, but the internal errors), in the order it reports them, and
/// whether the parse stopped early (then the tree is not visited). `escaped_names`: the
/// grammar of cel-go v0.23 on; `limit`: its `MaxRecursionDepth`.
#[cfg(test)]
pub(in crate::cel) fn syntax_errors(
    src: &str,
    escaped_names: bool,
    limit: u32,
) -> (Vec<Reported>, bool) {
    let (errors, tree) = parse(src, escaped_names, limit);
    (errors, tree.is_none())
}

/// The parse of `src` as cel-go's parser makes it (see [`syntax_errors`]): the syntax errors,
/// and the tree unless one of cel-go's limits stopped the parse.
pub(in crate::cel) fn parse(
    src: &str,
    escaped_names: bool,
    limit: u32,
) -> (Vec<Reported>, Option<Tree<'_>>) {
    use std::sync::OnceLock;
    static ATNS: [OnceLock<Atn>; 2] = [OnceLock::new(), OnceLock::new()];
    let atn = ATNS[usize::from(escaped_names)].get_or_init(|| atn::cel(escaped_names));
    let (tokens, errors) = lexer::lex(src, escaped_names);
    let on = (0..tokens.len()).filter(|&i| !tokens[i].hidden).collect();
    let mut p = Parser {
        atn,
        src,
        stream: Stream {
            tokens,
            on,
            p: 0,
            fetched: 0,
            errors,
            next_error: 0,
        },
        returns: Vec::new(),
        precedence: vec![0],
        state: 0,
        recovering: false,
        last_error_index: None,
        last_error_states: None,
        attempts: 0,
        consumes: None,
        reports: 0,
        depth: vec![0; atn.rule_start.len()],
        limit,
        out: Vec::new(),
        nodes: Vec::new(),
    };
    let root = p.start().ok();
    let tree = root.map(|root| {
        let s = &p.stream;
        let tokens = s.on.iter().map(|&i| s.tokens[i]).collect();
        Tree {
            root,
            src,
            tokens,
            escaped_names,
        }
    });
    (p.out, tree)
}

impl<'a> Parser<'a> {
    /// Makes sure the lexer has read through the default channel's token `p`, reporting its
    /// errors on the way (`BufferedTokenStream.sync`).
    fn fetch(&mut self, p: usize) -> Result<(), Fail> {
        let s = &self.stream;
        let through = s.on[p.min(s.on.len() - 1)];
        while self.stream.fetched <= through {
            let i = self.stream.fetched;
            self.stream.fetched += 1;
            while let Some(e) = self.stream.errors.get(self.stream.next_error) {
                if e.before != i {
                    break;
                }
                self.stream.next_error += 1;
                let (at, msg) = (e.at, format!("token recognition error at: '{}'", e.text));
                self.notify(Some(at), msg)?;
            }
        }
        Ok(())
    }

    /// `LA(k)`.
    pub(super) fn stream_la(&mut self, k: usize) -> Result<i32, Fail> {
        let p = self.stream.p + k - 1;
        self.fetch(p)?;
        Ok(self.stream.token(p).kind)
    }

    /// The token stream's `consume()` (in prediction).
    pub(super) fn stream_consume(&mut self) -> Result<(), Fail> {
        if self.stream.token(self.stream.p).kind != EOF {
            self.stream.p += 1;
        }
        self.fetch(self.stream.p)
    }

    /// `precpred(_ctx, p)`.
    pub(super) fn precpred(&self, p: u32) -> bool {
        p >= *self.precedence.last().expect("the start's precedence")
    }

    /// A `NoViableAltException` from the token at `start` to the current one.
    pub(super) fn no_viable(&self, start: usize) -> Fail {
        Fail::Rec(Rec {
            kind: RecKind::NoViable { start },
            offending: self.stream.p,
        })
    }

    fn mismatch(&self) -> Fail {
        Fail::Rec(Rec {
            kind: RecKind::Mismatch {
                expected: self.atn.expected(self.state, &self.returns),
            },
            offending: self.stream.p,
        })
    }

    // ---- cel-go's listeners ----

    /// cel-go's `SyntaxError`: at most 100 reports, then `More than 100 syntax errors` and a
    /// stop.
    fn notify(&mut self, at: Option<usize>, msg: String) -> Result<(), Fail> {
        let msg = reserved_rewrite(msg);
        if self.reports < REPORT_LIMIT {
            self.reports += 1;
            self.out.push((at, format!("Syntax error: {msg}")));
            Ok(())
        } else {
            let msg = format!("Syntax error: More than {REPORT_LIMIT} syntax errors");
            self.out.push((at, msg));
            Err(Fail::Stop)
        }
    }

    /// A report at the default channel's token `p`.
    fn notify_at(&mut self, p: usize, msg: String) -> Result<(), Fail> {
        let at = self.stream.token(p).start;
        self.notify(Some(at), msg)
    }

    /// cel-go's `recursionListener.EnterEveryRule`.
    fn enter_event(&mut self, rule: usize) -> Result<(), Fail> {
        self.depth[rule] += 1;
        if self.depth[rule] > self.limit {
            let msg = format!("expression recursion limit exceeded: {}", self.limit);
            self.out.push((None, msg));
            return Err(Fail::Stop);
        }
        Ok(())
    }

    /// `ExitEveryRule`.
    fn exit_event(&mut self, rule: usize) {
        if self.depth[rule] > 0 {
            self.depth[rule] -= 1;
        }
    }

    // ---- the parser ----

    /// `Parser.consume()`, counted by cel-go's `lookaheadConsumer` during a recovery.
    fn consume(&mut self) -> Result<(), Fail> {
        if let Some(n) = self.consumes {
            if n >= LOOKAHEAD_LIMIT {
                let msg =
                    format!("error recovery token lookahead limit exceeded: {LOOKAHEAD_LIMIT}");
                self.out.push((None, msg));
                return Err(Fail::Stop);
            }
            self.consumes = Some(n + 1);
        }
        // `AddErrorNode` while recovering, else `AddTokenNode`.
        let child = match self.recovering {
            true => Child::Skipped(self.stream.p),
            false => Child::Token(self.stream.p),
        };
        self.add(child);
        self.stream_consume()
    }

    /// Adds a child to the context open.
    fn add(&mut self, child: Child) {
        self.nodes
            .last_mut()
            .expect("a context")
            .children
            .push(child);
    }

    /// `EnterRule`: a new context for `rule`, starting at the next token.
    fn open(&mut self, rule: usize) {
        let alt = match self.atn.left_recursive[rule] {
            // `EnterOuterAlt(localctx, 1)` of the primary part.
            true => 1,
            false => 0,
        };
        self.nodes.push(Node {
            rule,
            alt,
            start: self.stream.p,
            children: Vec::new(),
        });
    }

    /// `match(ttype)` (or a set's match, as the generated code writes it).
    fn match_(&mut self, edge: Edge) -> Result<(), Fail> {
        let la = self.stream_la(1)?;
        if edge.matches(la) {
            self.report_match();
            return self.consume();
        }
        self.recover_inline()
    }

    fn start(&mut self) -> Result<Node, Fail> {
        self.fetch(0)?;
        self.state = self.atn.rule_start[atn::START];
        self.open(atn::START);
        self.enter_event(atn::START)?;
        self.rule_body(atn::START, None)?;
        Ok(self.nodes.pop().expect("the start's context"))
    }

    /// A call of `rule` from the state `invoking`, returning to `follow`.
    fn invoke(
        &mut self,
        rule: usize,
        precedence: u32,
        invoking: usize,
        follow: usize,
    ) -> Result<(), Fail> {
        let recursive = self.atn.left_recursive[rule];
        self.returns.push(follow);
        self.state = self.atn.rule_start[rule];
        if recursive {
            self.precedence.push(precedence);
        }
        self.open(rule);
        self.enter_event(rule)?;
        self.rule_body(rule, Some(invoking))?;
        self.returns.pop();
        // The context (a left-recursive rule's outermost, `UnrollRecursionContexts`) joins
        // its parent's children.
        let node = self.nodes.pop().expect("the rule's context");
        self.add(Child::Rule(node));
        Ok(())
    }

    /// The rule's body, its errors reported and recovered from, and its exit.
    fn rule_body(&mut self, rule: usize, invoking: Option<usize>) -> Result<(), Fail> {
        match self.walk(rule) {
            Ok(()) => {}
            Err(Fail::Stop) => return Err(Fail::Stop),
            Err(Fail::Rec(e)) => {
                self.report_error(&e)?;
                self.recover()?;
            }
        }
        if self.atn.left_recursive[rule] {
            // `unrollRecursionContexts`: the state stays.
            self.precedence.pop();
            self.exit_event(rule);
        } else {
            // `exitRule`.
            self.exit_event(rule);
            if let Some(s) = invoking {
                self.state = s;
            }
        }
        Ok(())
    }

    /// The alternative of decision `d`: a test of the next token where the tool found the
    /// decision LL(1), else `adaptivePredict`.
    fn decide(&mut self, d: usize) -> Result<usize, Fail> {
        let Some(looks) = &self.atn.ll1[d] else {
            return self.adaptive_predict(d);
        };
        let la = self.stream_la(1)?;
        if let Some(i) = looks.iter().position(|&l| has(l, la)) {
            return Ok(i + 1);
        }
        let s = &self.atn.states[self.atn.decisions[d]];
        let exit = match s.kind {
            Kind::StarLoopEntry | Kind::PlusLoopBack => Some(2),
            _ => s
                .out
                .iter()
                .position(|t| t.target == s.partner)
                .map(|i| i + 1),
        };
        exit.ok_or_else(|| self.no_viable(self.stream.p))
    }

    /// Walks the rule's network from its start to its stop state.
    fn walk(&mut self, rule: usize) -> Result<(), Fail> {
        let atn = self.atn;
        let mut s = atn.states[atn.rule_start[rule]].out[0].target;
        // A left-recursive rule's loop entered, its new context not pushed yet.
        let mut push = false;
        loop {
            let st = &atn.states[s];
            match st.kind {
                Kind::RuleStop => return Ok(()),
                Kind::RuleStart => unreachable!("rule starts are entered by calls"),
                Kind::Basic => {
                    let tr = st.out[0];
                    match tr.edge {
                        Edge::Epsilon { .. } | Edge::Action => {}
                        Edge::Atom(_) | Edge::Set(_) => {
                            self.state = s;
                            self.match_(tr.edge)?;
                        }
                        Edge::Rule {
                            rule: r,
                            precedence,
                            follow,
                        } => {
                            self.state = s;
                            self.invoke(r, precedence, s, follow)?;
                            s = follow;
                            continue;
                        }
                        Edge::Precedence(p) => {
                            self.state = s;
                            if !self.precpred(p) {
                                return Err(Fail::Rec(Rec {
                                    kind: RecKind::Predicate(p),
                                    offending: self.stream.p,
                                }));
                            }
                        }
                    }
                    s = tr.target;
                }
                Kind::BlockStart | Kind::StarBlockStart => {
                    let alt = match st.decision {
                        Some(d) => {
                            self.state = s;
                            self.sync()?;
                            self.decide(d)?
                        }
                        None => 1,
                    };
                    if push {
                        // `pushNewRecursionContext`: the context so far becomes the first
                        // child of the alternative's.
                        push = false;
                        let previous = self.nodes.pop().expect("the rule's context");
                        self.nodes.push(Node {
                            rule,
                            alt: alt + 1,
                            start: previous.start,
                            children: vec![Child::Rule(previous)],
                        });
                        self.enter_event(rule)?;
                    } else if atn::LABELLED.contains(&rule)
                        && s == atn.states[atn.rule_start[rule]].out[0].target
                    {
                        // The labelled context of the alternative chosen (`EnterOuterAlt`).
                        self.nodes.last_mut().expect("the rule's context").alt = alt;
                    }
                    s = st.out[alt - 1].target;
                }
                Kind::PlusBlockStart => {
                    self.state = s;
                    self.sync()?;
                    s = st.out[0].target;
                }
                Kind::BlockEnd | Kind::LoopEnd => s = st.out[0].target,
                Kind::StarLoopEntry | Kind::StarLoopBack => {
                    self.state = s;
                    self.sync()?;
                    let entry = match st.kind {
                        Kind::StarLoopEntry => s,
                        _ => st.out[0].target,
                    };
                    let es = &atn.states[entry];
                    let alt = self.decide(es.decision.expect("a loop entry decides"))?;
                    if alt == 1 {
                        if es.precedence_decision {
                            self.exit_event(rule);
                            push = true;
                        }
                        s = es.out[0].target;
                    } else {
                        s = es.out[1].target;
                    }
                }
                Kind::PlusLoopBack => {
                    self.state = s;
                    self.sync()?;
                    let alt = self.decide(st.decision.expect("a plus loop decides"))?;
                    s = match alt {
                        // Into the block again, past its start's `Sync`.
                        1 => atn.states[st.out[0].target].out[0].target,
                        _ => st.out[1].target,
                    };
                }
            }
        }
    }

    // ---- antlr4-go's DefaultErrorStrategy, with cel-go's limits ----

    /// `ReportError`.
    fn report_error(&mut self, e: &Rec) -> Result<(), Fail> {
        if self.recovering {
            return Ok(());
        }
        self.recovering = true;
        let msg = match e.kind {
            RecKind::NoViable { start } => {
                let input = match self.stream.token(start).kind {
                    EOF => "<EOF>".to_string(),
                    // antlr4-go's `GetTextFromInterval` reads the stream only to the
                    // offending token, already read (Java's fills it).
                    _ => self.text(start, e.offending),
                };
                format!("no viable alternative at input {}", quote(&input))
            }
            RecKind::Mismatch { expected } => format!(
                "mismatched input {} expecting {}",
                self.display(e.offending),
                names(expected)
            ),
            RecKind::Predicate(p) => format!(
                "rule {} failed predicate: {{p.Precpred(p.GetParserRuleContext(), {p})}}?",
                atn::RULE_NAMES[self.current_rule()]
            ),
        };
        self.notify_at(e.offending, msg)
    }

    /// The rule whose invocation is innermost.
    fn current_rule(&self) -> usize {
        self.atn.states[self.state].rule
    }

    /// `BufferedTokenStream.getText(start, stop)`: every token's text between them, the
    /// hidden ones included, `EOF` not.
    fn text(&self, start: usize, stop: usize) -> String {
        let (a, b) = (
            self.stream.on[start],
            self.stream.on[stop.min(self.stream.on.len() - 1)],
        );
        let mut out = String::new();
        for t in self.stream.tokens.iter().take(b + 1).skip(a) {
            if t.kind == EOF {
                break;
            }
            out.push_str(&self.src[t.start..t.end]);
        }
        out
    }

    /// `GetTokenErrorDisplay`.
    fn display(&self, p: usize) -> String {
        let t = self.stream.token(p);
        match t.kind {
            EOF => quote("<EOF>"),
            _ => quote(&self.src[t.start..t.end]),
        }
    }

    /// `Recover`, after cel-go's count of the attempt.
    fn recover(&mut self) -> Result<(), Fail> {
        self.attempt(Self::recover_)
    }

    /// One of cel-go's recovery attempts (`recoveryLimitErrorStrategy`): counted, then
    /// `recovery` run with its consumes counted (`lookaheadConsumer`).
    fn attempt(&mut self, recovery: fn(&mut Self) -> Result<(), Fail>) -> Result<(), Fail> {
        self.check_attempts()?;
        self.consumes = Some(0);
        let r = recovery(self);
        self.consumes = None;
        r
    }

    fn recover_(&mut self) -> Result<(), Fail> {
        let index = self.stream.index();
        if self.last_error_index == Some(index)
            && self
                .last_error_states
                .as_ref()
                .is_some_and(|s| s.contains(&self.state))
        {
            self.consume()?;
        }
        self.last_error_index = Some(self.stream.index());
        self.last_error_states
            .get_or_insert_with(Vec::new)
            .push(self.state);
        let follow = self.recovery_set();
        self.consume_until(follow)
    }

    /// cel-go's `checkAttempts`.
    fn check_attempts(&mut self) -> Result<(), Fail> {
        if self.attempts == RECOVERY_LIMIT {
            self.attempts += 1;
            let msg = format!("error recovery attempt limit exceeded: {RECOVERY_LIMIT}");
            self.notify_at(self.stream.p, msg)?;
            return Err(Fail::Stop);
        }
        self.attempts += 1;
        Ok(())
    }

    /// `RecoverInline`, after cel-go's count of the attempt.
    fn recover_inline(&mut self) -> Result<(), Fail> {
        self.attempt(Self::recover_inline_)
    }

    fn recover_inline_(&mut self) -> Result<(), Fail> {
        if self.single_token_deletion()? {
            return self.consume();
        }
        if self.single_token_insertion()? {
            // `GetMissingSymbol`: the first type expected, at the next token's place (the
            // one before, at the end).
            let expected = self.atn.expected(self.state, &self.returns);
            let kind = atn::members(expected).next().unwrap_or(EOF);
            let mut p = self.stream.p;
            if self.stream.token(p).kind == EOF && p > 0 {
                p -= 1;
            }
            let at = self.stream.token(p).start;
            self.add(Child::Missing { kind, at });
            return Ok(());
        }
        Err(self.mismatch())
    }

    /// `SingleTokenDeletion`: the token after the current one is expected; the current one
    /// is reported and skipped.
    fn single_token_deletion(&mut self) -> Result<bool, Fail> {
        let next = self.stream_la(2)?;
        let expecting = self.atn.expected(self.state, &self.returns);
        if has(expecting, next) {
            self.report_unwanted()?;
            self.consume()?;
            self.report_match();
            return Ok(true);
        }
        Ok(false)
    }

    /// `SingleTokenInsertion`: the current token could follow the one expected.
    fn single_token_insertion(&mut self) -> Result<bool, Fail> {
        let la = self.stream_la(1)?;
        let next = self.atn.states[self.state].out[0].target;
        let after = self.atn.look(next, atn::Look::Stack(&self.returns));
        if has(after, la) {
            self.report_missing()?;
            return Ok(true);
        }
        Ok(false)
    }

    /// `ReportUnwantedToken`.
    fn report_unwanted(&mut self) -> Result<(), Fail> {
        if self.recovering {
            return Ok(());
        }
        self.recovering = true;
        let expecting = self.atn.expected(self.state, &self.returns);
        let msg = format!(
            "extraneous input {} expecting {}",
            self.display(self.stream.p),
            names(expecting)
        );
        self.notify_at(self.stream.p, msg)
    }

    /// `ReportMissingToken`.
    fn report_missing(&mut self) -> Result<(), Fail> {
        if self.recovering {
            return Ok(());
        }
        self.recovering = true;
        let expecting = self.atn.expected(self.state, &self.returns);
        let msg = format!(
            "missing {} at {}",
            names(expecting),
            self.display(self.stream.p)
        );
        self.notify_at(self.stream.p, msg)
    }

    /// `ReportMatch` (`endErrorCondition`).
    fn report_match(&mut self) {
        self.recovering = false;
        self.last_error_states = None;
        self.last_error_index = None;
    }

    /// `getErrorRecoverySet`: what may follow each rule invocation open.
    fn recovery_set(&self) -> Toks {
        let set = self
            .returns
            .iter()
            .fold(0, |s, &r| s | self.atn.next_tokens(r));
        set & !atn::bit(atn::EPSILON)
    }

    /// `consumeUntil`.
    fn consume_until(&mut self, set: Toks) -> Result<(), Fail> {
        loop {
            let la = self.stream_la(1)?;
            if la == EOF || has(set, la) {
                return Ok(());
            }
            self.consume()?;
        }
    }

    /// antlr4-go's `Sync`.
    fn sync(&mut self) -> Result<(), Fail> {
        if self.recovering {
            return Ok(());
        }
        let la = self.stream_la(1)?;
        let next = self.atn.next_tokens(self.state);
        if has(next, atn::EPSILON) || has(next, la) {
            return Ok(());
        }
        match self.atn.states[self.state].kind {
            Kind::BlockStart
            | Kind::StarBlockStart
            | Kind::PlusBlockStart
            | Kind::StarLoopEntry => {
                if self.single_token_deletion()? {
                    return Ok(());
                }
                Err(self.mismatch())
            }
            Kind::PlusLoopBack | Kind::StarLoopBack => {
                self.report_unwanted()?;
                let expecting = self.atn.expected(self.state, &self.returns);
                let set = expecting | self.recovery_set();
                self.consume_until(set)
            }
            _ => Ok(()),
        }
    }
}

/// `escapeWSAndQuote`.
fn quote(s: &str) -> String {
    let s = s
        .replace('\n', "\\n")
        .replace('\r', "\\r")
        .replace('\t', "\\t");
    format!("'{s}'")
}

/// `IntervalSet.StringVerbose` with the grammar's vocabulary: each token's literal name, or
/// its symbolic one; in braces when there is more than one.
fn names(set: Toks) -> String {
    let items: Vec<&str> = atn::members(set).map(display_name).collect();
    match items.len() {
        0 => "{}".into(),
        1 => items[0].into(),
        _ => format!("{{{}}}", items.join(", ")),
    }
}

/// A token type's display name (`Vocabulary.getDisplayName`): its literal name (the
/// grammar's `'=='` …, for the types up to `NUL`), else its symbolic name.
fn display_name(tok: i32) -> &'static str {
    const LITERAL_NAMES: [&str; 28] = [
        "'=='", "'!='", "'in'", "'<'", "'<='", "'>='", "'>'", "'&&'", "'||'", "'['", "']'", "'{'",
        "'}'", "'('", "')'", "'.'", "','", "'-'", "'!'", "'?'", "':'", "'+'", "'*'", "'/'", "'%'",
        "'true'", "'false'", "'null'",
    ];
    match tok {
        EOF => "<EOF>",
        atn::EPSILON => "<EPSILON>",
        t => usize::try_from(t - 1)
            .ok()
            .and_then(|i| LITERAL_NAMES.get(i).or(lexer::SYMBOLIC_NAMES.get(i)))
            .copied()
            .unwrap_or("<INVALID>"),
    }
}

/// cel-go's `reservedIdentifier` rewrite: a failed prediction at one character (not a line
/// break) and `true`, `false` or `null` is worded as a failed match of a name.
fn reserved_rewrite(msg: String) -> String {
    const HEAD: &str = "no viable alternative at input '";
    let Some(i) = msg.find(HEAD) else {
        return msg;
    };
    let rest = &msg[i + HEAD.len()..];
    let mut chars = rest.chars();
    if chars.next().is_none_or(|c| c == '\n') {
        return msg;
    }
    let after = chars.as_str();
    for word in ["true", "false", "null"] {
        if let Some(tail) = after.strip_prefix(word).and_then(|t| t.strip_prefix('\'')) {
            let end = msg.len() - tail.len();
            let mut out = msg[..i].to_string();
            out.push_str(&format!("mismatched input '{word}' expecting IDENTIFIER"));
            out.push_str(&msg[end..]);
            return out;
        }
    }
    msg
}

#[cfg(test)]
mod tests;
