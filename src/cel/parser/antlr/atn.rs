//! The CEL grammar's ATN (augmented transition network), built as ANTLR's tool builds it
//! from cel-go's `CEL.g4` (`ParserATNFactory`: a state pair per token or rule reference, a
//! block's start and end around its alternatives, `*` and `+` loops with their entry, back
//! and end states, left-recursive rules rewritten into a primary part and a loop guarded by
//! precedence predicates), and ANTLR's LL(1) analysis over it (`LL1Analyzer.LOOK`).
//!
//! Only what ANTLR's runtime can observe is kept: the states' kinds, decisions and
//! transitions. ANTLR's numbering of the states is not reproduced (a state reached only by
//! an epsilon edge may exist here where the tool removed it); nothing the parser reports
//! depends on it.

use super::lexer as t;

/// A set of token types: bit `type + 2` (so `EPSILON`, -2, and `EOF`, -1, fit).
pub(super) type Toks = u64;

/// ANTLR's `Token.EPSILON`: the end of a rule reached in a lookahead without a context.
pub(super) const EPSILON: i32 = -2;
/// ANTLR's `LL1Analyzer.HIT_PRED` (`Token.INVALID_TYPE`): a predicate met where the
/// analysis does not see through predicates.
pub(super) const HIT_PRED: i32 = 0;

/// The set holding `tok` alone.
pub(super) const fn bit(tok: i32) -> Toks {
    1 << (tok + 2)
}

/// Whether `set` holds `tok`.
pub(super) fn has(set: Toks, tok: i32) -> bool {
    (-2..=61).contains(&tok) && set & bit(tok) != 0
}

/// The token types of `set`, ascending.
pub(super) fn members(set: Toks) -> impl Iterator<Item = i32> {
    (0..64).filter(move |b| set & (1 << b) != 0).map(|b| b - 2)
}

/// ANTLR's `ATNState` subclasses (`getStateType()`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Basic,
    RuleStart,
    BlockStart,
    PlusBlockStart,
    StarBlockStart,
    RuleStop,
    BlockEnd,
    StarLoopBack,
    StarLoopEntry,
    PlusLoopBack,
    LoopEnd,
}

/// A transition's kind and label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Edge {
    /// `EpsilonTransition`; on a rule's stop state, `outermost` is the rule whose outermost
    /// invocation it returns from (`outermostPrecedenceReturn`), for a left-recursive rule
    /// called at precedence 0.
    Epsilon { outermost: Option<usize> },
    /// `ActionTransition` (epsilon; the left-recursive rules' context bookkeeping).
    Action,
    /// `AtomTransition`.
    Atom(i32),
    /// `SetTransition`.
    Set(Toks),
    /// `RuleTransition`: a call of `rule` at `precedence`, returning to `follow`.
    Rule {
        rule: usize,
        precedence: u32,
        follow: usize,
    },
    /// `PrecedencePredicateTransition`: `{precpred(_ctx, p)}?`.
    Precedence(u32),
}

impl Edge {
    /// ANTLR's `Transition.isEpsilon()`.
    pub(super) fn is_epsilon(self) -> bool {
        !matches!(self, Edge::Atom(_) | Edge::Set(_))
    }

    /// ANTLR's `Transition.matches(symbol, …)`.
    pub(super) fn matches(self, tok: i32) -> bool {
        match self {
            Edge::Atom(a) => a == tok,
            Edge::Set(s) => has(s, tok),
            _ => false,
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub(super) struct Transition {
    pub edge: Edge,
    pub target: usize,
}

#[derive(Clone, Debug)]
pub(super) struct State {
    pub kind: Kind,
    pub rule: usize,
    pub out: Vec<Transition>,
    /// Its decision number, if it is a decision (`DecisionState.decision`).
    pub decision: Option<usize>,
    /// A block start's end state; a loop entry's, loop end's or plus block start's loop
    /// back state; a block end's start state.
    pub partner: usize,
    /// A star loop entry of a left-recursive rule's loop (`isPrecedenceDecision`).
    pub precedence_decision: bool,
}

impl State {
    /// ANTLR's `onlyHasEpsilonTransitions()` (false for a state without transitions).
    pub(super) fn epsilon_only(&self) -> bool {
        self.out.first().is_some_and(|t| t.edge.is_epsilon())
    }
}

/// The grammar's rules, by ANTLR's rule index.
pub(in crate::cel) const RULE_NAMES: [&str; 17] = [
    "start",
    "expr",
    "conditionalOr",
    "conditionalAnd",
    "relation",
    "calc",
    "unary",
    "member",
    "primary",
    "exprList",
    "listInit",
    "fieldInitializerList",
    "optField",
    "mapInitializerList",
    "escapeIdent",
    "optExpr",
    "literal",
];
pub(in crate::cel) const START: usize = 0;
pub(in crate::cel) const EXPR: usize = 1;
pub(in crate::cel) const OR: usize = 2;
pub(in crate::cel) const AND: usize = 3;
pub(in crate::cel) const RELATION: usize = 4;
pub(in crate::cel) const CALC: usize = 5;
pub(in crate::cel) const UNARY: usize = 6;
pub(in crate::cel) const MEMBER: usize = 7;
pub(in crate::cel) const PRIMARY: usize = 8;
pub(in crate::cel) const EXPR_LIST: usize = 9;
pub(in crate::cel) const LIST_INIT: usize = 10;
pub(in crate::cel) const FIELD_INIT: usize = 11;
pub(in crate::cel) const OPT_FIELD: usize = 12;
pub(in crate::cel) const MAP_INIT: usize = 13;
pub(in crate::cel) const ESCAPE_IDENT: usize = 14;
pub(in crate::cel) const OPT_EXPR: usize = 15;
pub(in crate::cel) const LITERAL: usize = 16;
/// `relation`'s operators (`op=('<'|'<='|'>='|'>'|'=='|'!='|'in')`).
pub(in crate::cel) const RELATION_OPS: [i32; 7] = [
    t::LESS,
    t::LESS_EQUALS,
    t::GREATER_EQUALS,
    t::GREATER,
    t::EQUALS,
    t::NOT_EQUALS,
    t::IN,
];
/// `calc`'s operators (`op=('*'|'/'|'%')`, `op=('+'|'-')`).
pub(in crate::cel) const CALC_OPS: [i32; 5] = [t::STAR, t::SLASH, t::PERCENT, t::PLUS, t::MINUS];
/// The rules whose alternatives are labelled (a context of their own for each).
pub(super) const LABELLED: [usize; 4] = [UNARY, PRIMARY, ESCAPE_IDENT, LITERAL];

/// The ATN, with what the parser needs to know of each decision.
pub(super) struct Atn {
    /// v0.23's grammar on (see [`cel`]).
    pub escaped_names: bool,
    pub states: Vec<State>,
    pub rule_start: Vec<usize>,
    pub rule_stop: Vec<usize>,
    pub left_recursive: Vec<bool>,
    /// Each decision's state (`decisionToState`).
    pub decisions: Vec<usize>,
    /// Each decision's lookahead per alternative when it is LL(1) (the tool then writes a
    /// test of the next token, not a call of `adaptivePredict`): `None` otherwise.
    pub ll1: Vec<Option<Vec<Toks>>>,
    /// `nextTokens(s)` of each state (within its rule, `EPSILON` for the rule's end).
    pub within_rule: Vec<Toks>,
}

/// A piece of the network under construction: where it is entered and left.
#[derive(Clone, Copy)]
struct Frag {
    left: usize,
    right: usize,
}

struct Builder {
    states: Vec<State>,
    removed: Vec<bool>,
    rule: usize,
    decisions: Vec<usize>,
}

impl Builder {
    fn state(&mut self, kind: Kind) -> usize {
        self.states.push(State {
            kind,
            rule: self.rule,
            out: Vec::new(),
            decision: None,
            partner: usize::MAX,
            precedence_decision: false,
        });
        self.removed.push(false);
        self.states.len() - 1
    }

    fn edge(&mut self, from: usize, edge: Edge, target: usize) {
        self.states[from].out.push(Transition { edge, target });
    }

    fn eps(&mut self, from: usize, to: usize) {
        self.edge(from, Edge::Epsilon { outermost: None }, to);
    }

    fn decision(&mut self, s: usize) {
        self.states[s].decision = Some(self.decisions.len());
        self.decisions.push(s);
    }

    /// `left --label--> right`, for a token, a set, a predicate or an action.
    fn simple(&mut self, edge: Edge) -> Frag {
        let left = self.state(Kind::Basic);
        let right = self.state(Kind::Basic);
        self.edge(left, edge, right);
        Frag { left, right }
    }

    fn tok(&mut self, tok: i32) -> Frag {
        self.simple(Edge::Atom(tok))
    }

    fn set(&mut self, toks: &[i32]) -> Frag {
        self.simple(Edge::Set(toks.iter().fold(0, |s, &t| s | bit(t))))
    }

    fn prec(&mut self, p: u32) -> Frag {
        self.simple(Edge::Precedence(p))
    }

    fn action(&mut self) -> Frag {
        self.simple(Edge::Action)
    }

    /// A call of `rule`; its start state is the rule's (states `2r`), made first.
    fn call(&mut self, rule: usize, precedence: u32) -> Frag {
        let left = self.state(Kind::Basic);
        let right = self.state(Kind::Basic);
        self.edge(
            left,
            Edge::Rule {
                rule,
                precedence,
                follow: right,
            },
            2 * rule,
        );
        Frag { left, right }
    }

    /// Elements in sequence (`elemList`): an element whose right state is a plain one is
    /// joined to the next element directly, as the tool joins them.
    fn seq(&mut self, parts: &[Frag]) -> Frag {
        for w in parts.windows(2) {
            let (el, next) = (w[0], w[1]);
            let (l, r) = (&self.states[el.left], &self.states[el.right]);
            let plain = l.kind == Kind::Basic
                && r.kind == Kind::Basic
                && l.out.len() == 1
                && match l.out[0].edge {
                    Edge::Rule { follow, .. } => follow == el.right,
                    _ => l.out[0].target == el.right,
                };
            if plain {
                let tr = &mut self.states[el.left].out[0];
                match &mut tr.edge {
                    Edge::Rule { follow, .. } => *follow = next.left,
                    _ => tr.target = next.left,
                }
                self.removed[el.right] = true;
            } else {
                self.eps(el.right, next.left);
            }
        }
        Frag {
            left: parts[0].left,
            right: parts[parts.len() - 1].right,
        }
    }

    /// A block of alternatives between `start` (of `kind`) and a block end.
    fn block_of(&mut self, kind: Kind, alts: &[Frag]) -> Frag {
        let start = self.state(kind);
        let end = self.state(Kind::BlockEnd);
        self.states[start].partner = end;
        self.states[end].partner = start;
        for a in alts {
            self.eps(start, a.left);
            self.eps(a.right, end);
            let mut visited = vec![false; self.states.len()];
            self.tail_epsilon(a.left, &mut visited);
        }
        Frag {
            left: start,
            right: end,
        }
    }

    /// The tool's `TailEpsilonRemover`, over the states reached from an alternative's start
    /// by transitions (a rule call's target, not its follow state): a token, set, predicate
    /// or call whose next state only leads by an epsilon edge to a block's end leads there
    /// itself. Which return states a rule call has shows in prediction: two alternatives
    /// returning to one state meet there.
    fn tail_epsilon(&mut self, p: usize, visited: &mut Vec<bool>) {
        if visited[p] {
            return;
        }
        visited[p] = true;
        let ps = &self.states[p];
        if ps.kind == Kind::Basic && ps.out.len() == 1 {
            let q = match ps.out[0].edge {
                Edge::Rule { follow, .. } => follow,
                _ => ps.out[0].target,
            };
            let qs = &self.states[q];
            if qs.kind == Kind::Basic
                && qs.out.len() == 1
                && matches!(qs.out[0].edge, Edge::Epsilon { .. })
                && self.states[qs.out[0].target].kind == Kind::BlockEnd
            {
                let end = qs.out[0].target;
                let tr = &mut self.states[p].out[0];
                match &mut tr.edge {
                    Edge::Rule { follow, .. } => *follow = end,
                    _ => tr.target = end,
                }
                self.states[q].out.clear();
                self.removed[q] = true;
            }
        }
        let targets: Vec<usize> = self.states[p].out.iter().map(|t| t.target).collect();
        for t in targets {
            self.tail_epsilon(t, visited);
        }
    }

    /// `( a | b | … )`: a decision when there is more than one alternative.
    fn block(&mut self, alts: &[Frag]) -> Frag {
        let f = self.block_of(Kind::BlockStart, alts);
        if alts.len() > 1 {
            self.decision(f.left);
        }
        f
    }

    /// `( … )?`: the block with a bypass, always a decision.
    fn opt(&mut self, alts: &[Frag]) -> Frag {
        let f = self.block_of(Kind::BlockStart, alts);
        self.decision(f.left);
        self.eps(f.left, f.right);
        f
    }

    /// `( … )*`: the block a decision when it has alternatives, then the loop's entry (a
    /// decision: enter or leave), end and back states.
    fn star(&mut self, alts: &[Frag], precedence: bool) -> Frag {
        let blk = self.block_of(Kind::StarBlockStart, alts);
        if alts.len() > 1 {
            self.decision(blk.left);
        }
        let entry = self.state(Kind::StarLoopEntry);
        self.decision(entry);
        self.states[entry].precedence_decision = precedence;
        let end = self.state(Kind::LoopEnd);
        let back = self.state(Kind::StarLoopBack);
        self.states[entry].partner = back;
        self.states[end].partner = back;
        self.eps(entry, blk.left);
        self.eps(entry, end);
        self.eps(blk.right, back);
        self.eps(back, entry);
        Frag {
            left: entry,
            right: end,
        }
    }

    /// `( … )+`: the block (a decision when it has alternatives), then the loop back state
    /// (a decision: again or leave) and the loop's end.
    fn plus(&mut self, alts: &[Frag]) -> Frag {
        let blk = self.block_of(Kind::PlusBlockStart, alts);
        if alts.len() > 1 {
            self.decision(blk.left);
        }
        let back = self.state(Kind::PlusLoopBack);
        self.decision(back);
        let end = self.state(Kind::LoopEnd);
        self.states[blk.left].partner = back;
        self.states[end].partner = back;
        self.eps(blk.right, back);
        self.eps(back, blk.left);
        self.eps(back, end);
        Frag {
            left: blk.left,
            right: end,
        }
    }

    /// A rule's body: from its start state through `body` to its stop state.
    fn rule(&mut self, rule: usize, body: Frag) {
        let start = 2 * rule;
        self.eps(start, body.left);
        self.eps(body.right, start + 1);
    }
}

/// The ATN of cel-go's grammar; `escaped_names`: v0.23's on, with backtick-quoted names
/// (`ESC_IDENTIFIER`, the rule `escapeIdent`) and `primary`'s `Ident` and `GlobalCall`
/// apart; else v0.22's, where a name is `IDENTIFIER` and `IdentOrGlobalCall` one
/// alternative.
pub(super) fn cel(escaped_names: bool) -> Atn {
    let mut b = Builder {
        states: Vec::new(),
        removed: Vec::new(),
        rule: 0,
        decisions: Vec::new(),
    };
    let rules = RULE_NAMES.len();
    for r in 0..rules {
        b.rule = r;
        b.state(Kind::RuleStart);
        b.state(Kind::RuleStop);
    }
    for r in 0..rules {
        b.rule = r;
        let body = match r {
            START => {
                let (e, eof) = (b.call(EXPR, 0), b.tok(t::EOF));
                b.seq(&[e, eof])
            }
            EXPR => {
                let e = b.call(OR, 0);
                let parts = [b.tok(t::QUESTIONMARK), b.call(OR, 0), b.tok(t::COLON)];
                let e2 = b.call(EXPR, 0);
                let alt = b.seq(&[parts[0], parts[1], parts[2], e2]);
                let o = b.opt(&[alt]);
                b.seq(&[e, o])
            }
            OR | AND => {
                let (next, op) = match r {
                    OR => (AND, t::LOGICAL_OR),
                    _ => (RELATION, t::LOGICAL_AND),
                };
                let e = b.call(next, 0);
                let (o, e1) = (b.tok(op), b.call(next, 0));
                let alt = b.seq(&[o, e1]);
                let s = b.star(&[alt], false);
                b.seq(&[e, s])
            }
            RELATION => {
                let (a, c) = (b.action(), b.call(CALC, 0));
                let (p, op, rhs) = (b.prec(1), b.set(&RELATION_OPS), b.call(RELATION, 2));
                let alt = b.seq(&[p, op, rhs]);
                let s = b.star(&[alt], true);
                let primary = b.seq(&[a, c]);
                b.seq(&[primary, s])
            }
            CALC => {
                let (a, u) = (b.action(), b.call(UNARY, 0));
                let (p, op, rhs) = (
                    b.prec(2),
                    b.set(&[t::STAR, t::SLASH, t::PERCENT]),
                    b.call(CALC, 3),
                );
                let mul = b.seq(&[p, op, rhs]);
                let (p, op, rhs) = (b.prec(1), b.set(&[t::MINUS, t::PLUS]), b.call(CALC, 2));
                let add = b.seq(&[p, op, rhs]);
                let s = b.star(&[mul, add], true);
                let primary = b.seq(&[a, u]);
                b.seq(&[primary, s])
            }
            UNARY => {
                let m = b.call(MEMBER, 0);
                let not = b.tok(t::EXCLAM);
                let nots = b.plus(&[not]);
                let m2 = b.call(MEMBER, 0);
                let alt2 = b.seq(&[nots, m2]);
                let neg = b.tok(t::MINUS);
                let negs = b.plus(&[neg]);
                let m3 = b.call(MEMBER, 0);
                let alt3 = b.seq(&[negs, m3]);
                b.block(&[m, alt2, alt3])
            }
            MEMBER => {
                let (a, p) = (b.action(), b.call(PRIMARY, 0));
                // Select: `.` `?`? a name.
                let (pr, dot) = (b.prec(3), b.tok(t::DOT));
                let q = b.tok(t::QUESTIONMARK);
                let q = b.opt(&[q]);
                let id = match escaped_names {
                    true => b.call(ESCAPE_IDENT, 0),
                    false => b.tok(t::IDENTIFIER),
                };
                let select = b.seq(&[pr, dot, q, id]);
                // MemberCall: `.` name `(` args? `)`.
                let (pr, dot, id, open) = (
                    b.prec(2),
                    b.tok(t::DOT),
                    b.tok(t::IDENTIFIER),
                    b.tok(t::LPAREN),
                );
                let args = b.call(EXPR_LIST, 0);
                let args = b.opt(&[args]);
                let close = b.tok(t::RPAREN);
                let call = b.seq(&[pr, dot, id, open, args, close]);
                // Index: `[` `?`? expr `]`.
                let (pr, open) = (b.prec(1), b.tok(t::LBRACKET));
                let q = b.tok(t::QUESTIONMARK);
                let q = b.opt(&[q]);
                let (e, close) = (b.call(EXPR, 0), b.tok(t::RPRACKET));
                let index = b.seq(&[pr, open, q, e, close]);
                let s = b.star(&[select, call, index], true);
                let primary = b.seq(&[a, p]);
                b.seq(&[primary, s])
            }
            PRIMARY => {
                let mut names = Vec::new();
                if escaped_names {
                    // Ident, then GlobalCall.
                    let dot = b.tok(t::DOT);
                    let dot = b.opt(&[dot]);
                    let id = b.tok(t::IDENTIFIER);
                    names.push(b.seq(&[dot, id]));
                    let dot = b.tok(t::DOT);
                    let dot = b.opt(&[dot]);
                    let (id, open) = (b.tok(t::IDENTIFIER), b.tok(t::LPAREN));
                    let args = b.call(EXPR_LIST, 0);
                    let args = b.opt(&[args]);
                    let close = b.tok(t::RPAREN);
                    names.push(b.seq(&[dot, id, open, args, close]));
                } else {
                    // cel-go v0.22's IdentOrGlobalCall: the call's parentheses optional.
                    let dot = b.tok(t::DOT);
                    let dot = b.opt(&[dot]);
                    let id = b.tok(t::IDENTIFIER);
                    let open = b.tok(t::LPAREN);
                    let args = b.call(EXPR_LIST, 0);
                    let args = b.opt(&[args]);
                    let close = b.tok(t::RPAREN);
                    let call = b.seq(&[open, args, close]);
                    let call = b.opt(&[call]);
                    names.push(b.seq(&[dot, id, call]));
                }
                let (open, e, close) = (b.tok(t::LPAREN), b.call(EXPR, 0), b.tok(t::RPAREN));
                let nested = b.seq(&[open, e, close]);
                // `open` items? `,`? `close`: a list's, a map's and a message's braces.
                let items = |b: &mut Builder, open, items, close| {
                    let open = b.tok(open);
                    let items = b.call(items, 0);
                    let items = b.opt(&[items]);
                    let comma = b.tok(t::COMMA);
                    let comma = b.opt(&[comma]);
                    let close = b.tok(close);
                    b.seq(&[open, items, comma, close])
                };
                let list = items(&mut b, t::LBRACKET, LIST_INIT, t::RPRACKET);
                let map = items(&mut b, t::LBRACE, MAP_INIT, t::RBRACE);
                let dot = b.tok(t::DOT);
                let dot = b.opt(&[dot]);
                let id = b.tok(t::IDENTIFIER);
                let (d, i) = (b.tok(t::DOT), b.tok(t::IDENTIFIER));
                let more = b.seq(&[d, i]);
                let more = b.star(&[more], false);
                let fields = items(&mut b, t::LBRACE, FIELD_INIT, t::RBRACE);
                let message = b.seq(&[dot, id, more, fields]);
                let lit = b.call(LITERAL, 0);
                names.extend([nested, list, map, message, lit]);
                b.block(&names)
            }
            EXPR_LIST | LIST_INIT => {
                let item = match r {
                    EXPR_LIST => EXPR,
                    _ => OPT_EXPR,
                };
                let e = b.call(item, 0);
                let (c, e1) = (b.tok(t::COMMA), b.call(item, 0));
                let alt = b.seq(&[c, e1]);
                let s = b.star(&[alt], false);
                b.seq(&[e, s])
            }
            FIELD_INIT | MAP_INIT => {
                let key = match r {
                    FIELD_INIT => OPT_FIELD,
                    _ => OPT_EXPR,
                };
                let (k, c, v) = (b.call(key, 0), b.tok(t::COLON), b.call(EXPR, 0));
                let (comma, k1, c1, v1) = (
                    b.tok(t::COMMA),
                    b.call(key, 0),
                    b.tok(t::COLON),
                    b.call(EXPR, 0),
                );
                let alt = b.seq(&[comma, k1, c1, v1]);
                let s = b.star(&[alt], false);
                b.seq(&[k, c, v, s])
            }
            OPT_FIELD | OPT_EXPR => {
                let q = b.tok(t::QUESTIONMARK);
                let q = b.opt(&[q]);
                let e = match (r, escaped_names) {
                    (OPT_EXPR, _) => b.call(EXPR, 0),
                    (_, true) => b.call(ESCAPE_IDENT, 0),
                    (_, false) => b.tok(t::IDENTIFIER),
                };
                b.seq(&[q, e])
            }
            ESCAPE_IDENT => {
                if !escaped_names {
                    // Not in the grammar: a rule never called, with an empty body.
                    let s = b.state(Kind::Basic);
                    b.rule(r, Frag { left: s, right: s });
                    continue;
                }
                let (id, esc) = (b.tok(t::IDENTIFIER), b.tok(t::ESC_IDENTIFIER));
                b.block(&[id, esc])
            }
            LITERAL => {
                let signed = |b: &mut Builder, tok| {
                    let m = b.tok(t::MINUS);
                    let m = b.opt(&[m]);
                    let n = b.tok(tok);
                    b.seq(&[m, n])
                };
                let int = signed(&mut b, t::NUM_INT);
                let uint = b.tok(t::NUM_UINT);
                let double = signed(&mut b, t::NUM_FLOAT);
                let alts = [
                    int,
                    uint,
                    double,
                    b.tok(t::STRING),
                    b.tok(t::BYTES),
                    b.tok(t::CEL_TRUE),
                    b.tok(t::CEL_FALSE),
                    b.tok(t::NUL),
                ];
                b.block(&alts)
            }
            _ => unreachable!("17 rules"),
        };
        b.rule(r, body);
    }
    finish(b, rules, escaped_names)
}

/// Drops the states the sequences joined over, renumbers, adds each rule stop state's
/// return edges (as ANTLR's deserializer does: one per call of the rule, in state order),
/// and analyses the decisions.
fn finish(b: Builder, rules: usize, escaped_names: bool) -> Atn {
    let mut map = vec![usize::MAX; b.states.len()];
    let mut n = 0;
    for (i, r) in b.removed.iter().enumerate() {
        if !r {
            map[i] = n;
            n += 1;
        }
    }
    let mut states: Vec<State> = Vec::with_capacity(n);
    for (i, mut s) in b.states.into_iter().enumerate() {
        if b.removed[i] {
            continue;
        }
        for tr in &mut s.out {
            tr.target = map[tr.target];
            if let Edge::Rule { follow, .. } = &mut tr.edge {
                *follow = map[*follow];
            }
        }
        if s.partner != usize::MAX {
            s.partner = map[s.partner];
        }
        states.push(s);
    }
    let left_recursive: Vec<bool> = (0..rules)
        .map(|r| matches!(r, RELATION | CALC | MEMBER))
        .collect();
    let mut returns = Vec::new();
    for s in &states {
        for tr in &s.out {
            if let Edge::Rule {
                rule,
                precedence,
                follow,
            } = tr.edge
            {
                let outermost = (left_recursive[rule] && precedence == 0).then_some(rule);
                returns.push((2 * rule + 1, follow, outermost));
            }
        }
    }
    for (stop, follow, outermost) in returns {
        states[stop].out.push(Transition {
            edge: Edge::Epsilon { outermost },
            target: follow,
        });
    }
    let decisions: Vec<usize> = b.decisions.iter().map(|&s| map[s]).collect();
    let mut atn = Atn {
        escaped_names,
        rule_start: (0..rules).map(|r| 2 * r).collect(),
        rule_stop: (0..rules).map(|r| 2 * r + 1).collect(),
        left_recursive,
        decisions,
        ll1: Vec::new(),
        within_rule: Vec::new(),
        states,
    };
    atn.within_rule = (0..atn.states.len())
        .map(|s| atn.look(s, Look::Within))
        .collect();
    atn.ll1 = atn
        .decisions
        .iter()
        .map(|&s| atn.decision_lookahead(s))
        .collect();
    atn
}

/// The context a lookahead starts in (`LL1Analyzer`'s `ctx` argument).
#[derive(Clone, Debug)]
pub(super) enum Look<'a> {
    /// `null`: within the rule; its end is `EPSILON`.
    Within,
    /// `PredictionContext.EMPTY`, the rule's callers unknown: every caller's follow (the
    /// stop states' return edges), as the tool analyses a decision.
    Anywhere,
    /// The parser's stack of return states (innermost last), below it the start rule's
    /// caller: `EOF` there.
    Stack(&'a [usize]),
}

impl Atn {
    /// ANTLR's `LL1Analyzer.LOOK(s, null, ctx)` (`seeThruPreds` and `addEOF` as the
    /// runtime's `nextTokens` sets them) for [`Look::Within`] and [`Look::Stack`], and
    /// `getDecisionLookahead`'s call for [`Look::Anywhere`] (predicates not seen through, no
    /// `EOF` added).
    pub(super) fn look(&self, s: usize, ctx: Look) -> Toks {
        let (bottom, stack): (Bottom, Vec<usize>) = match ctx {
            Look::Within => (Bottom::Null, Vec::new()),
            Look::Anywhere => (Bottom::Empty, Vec::new()),
            Look::Stack(s) => (Bottom::Empty, s.to_vec()),
        };
        let mut walk = Lookahead {
            atn: self,
            bottom,
            stack,
            out: 0,
            busy: std::collections::HashSet::new(),
            called: vec![false; self.rule_start.len()],
            see_through: !matches!(ctx, Look::Anywhere),
            add_eof: !matches!(ctx, Look::Anywhere),
        };
        walk.look(s);
        walk.out
    }

    /// ANTLR's `getDecisionLookahead` and the tool's `disjoint` test: the lookahead of each
    /// alternative of the decision at `s` when they are disjoint, no predicate met.
    fn decision_lookahead(&self, s: usize) -> Option<Vec<Toks>> {
        let mut seen = 0;
        let mut looks = Vec::new();
        for tr in &self.states[s].out {
            let look = self.look(tr.target, Look::Anywhere);
            if look == 0 || has(look, HIT_PRED) || look & seen != 0 {
                return None;
            }
            seen |= look;
            looks.push(look);
        }
        Some(looks)
    }

    /// ANTLR's `ATN.nextTokens(s)`.
    pub(super) fn next_tokens(&self, s: usize) -> Toks {
        self.within_rule[s]
    }

    /// ANTLR's `ATN.getExpectedTokens(state, ctx)`: the tokens that may follow `s` within its
    /// rule and, where the rule may end, after each caller's return state (`stack`,
    /// innermost last); `EOF` if every rule may end.
    pub(super) fn expected(&self, s: usize, stack: &[usize]) -> Toks {
        let mut following = self.next_tokens(s);
        if !has(following, EPSILON) {
            return following;
        }
        let mut expected = following & !bit(EPSILON);
        for &ret in stack.iter().rev() {
            if !has(following, EPSILON) {
                break;
            }
            following = self.next_tokens(ret);
            expected |= following & !bit(EPSILON);
        }
        if has(following, EPSILON) {
            expected |= bit(t::EOF);
        }
        expected
    }
}

/// One `LOOK` walk (`LL1Analyzer._LOOK`): what it is given and what it has found so far.
struct Lookahead<'a> {
    atn: &'a Atn,
    /// The context below the stack.
    bottom: Bottom,
    /// The return states of the rules the walk has entered, innermost last.
    stack: Vec<usize>,
    out: Toks,
    /// The configurations met (`lookBusy`).
    busy: std::collections::HashSet<(usize, Bottom, Vec<usize>)>,
    /// The rules entered and not left (`calledRuleStack`).
    called: Vec<bool>,
    /// Whether precedence predicates are walked through (`seeThruPreds`).
    see_through: bool,
    /// Whether the end of the start rule adds `EOF` (`addEOF`).
    add_eof: bool,
}

impl Lookahead<'_> {
    fn look(&mut self, s: usize) {
        if !self.busy.insert((s, self.bottom, self.stack.clone())) {
            return;
        }
        let atn = self.atn;
        let state = &atn.states[s];
        if state.kind == Kind::RuleStop {
            if self.stack.is_empty() {
                match self.bottom {
                    Bottom::Null => {
                        self.out |= bit(EPSILON);
                        return;
                    }
                    Bottom::Empty if self.add_eof => {
                        self.out |= bit(t::EOF);
                        return;
                    }
                    // The global follow: the stop state's return edges, below.
                    Bottom::Empty => {}
                }
            } else {
                let was = self.called[state.rule];
                self.called[state.rule] = false;
                let ret = self.stack.pop().expect("not empty");
                self.look(ret);
                self.stack.push(ret);
                self.called[state.rule] = was;
                return;
            }
        }
        for tr in &state.out {
            match tr.edge {
                Edge::Rule { rule, follow, .. } => {
                    if self.called[rule] {
                        continue;
                    }
                    self.stack.push(follow);
                    self.called[rule] = true;
                    self.look(tr.target);
                    self.called[rule] = false;
                    self.stack.pop();
                }
                Edge::Precedence(_) if !self.see_through => self.out |= bit(HIT_PRED),
                Edge::Precedence(_) | Edge::Epsilon { .. } | Edge::Action => self.look(tr.target),
                Edge::Atom(a) => self.out |= bit(a),
                Edge::Set(set) => self.out |= set,
            }
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Bottom {
    Null,
    Empty,
}

#[cfg(test)]
mod tests;
