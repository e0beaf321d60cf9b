//! The parse tree antlr4-go builds (`BuildParseTrees`): a context per rule invocation, with
//! the alternative its generated code chose (the labelled context it made, `NewSelectContext`
//! and the like) and its children in order — the contexts of the rules it called, the tokens
//! it matched, and the error nodes error recovery added (a token it skipped, or the token it
//! conjured for a missing one). cel-go's visitor (`super::super::visit`) reads it through the
//! accessors the generated contexts have: a label's token or context (`GetOp`, `GetE`), a
//! label's list (`GetOps`), a rule's children (`Member()`, `Calc(i)`), a token type's
//! terminal nodes (`IDENTIFIER()`).

use super::lexer::{Token, EOF};

/// A `ParserRuleContext`.
#[derive(Debug)]
pub(in crate::cel) struct Node {
    /// The rule's index (`atn::RULE_NAMES`).
    pub rule: usize,
    /// The outer alternative whose labelled context the generated code made (`unary`'s
    /// `LogicalNot` is 2, `member`'s `Select` 2), or 0 where it made none (the rule's own
    /// context, as when the alternative's prediction failed).
    pub alt: usize,
    /// The token the context starts at (`GetStart()`: the next token when the rule was
    /// entered), its position among the default channel's tokens.
    pub start: usize,
    pub children: Vec<Child>,
}

/// A child of a context.
#[derive(Debug)]
pub(in crate::cel) enum Child {
    Rule(Node),
    /// A token matched (`AddTokenNode`), its position among the default channel's tokens.
    Token(usize),
    /// A token consumed while recovering from an error (`AddErrorNode`).
    Skipped(usize),
    /// The token single-token insertion conjured (`GetMissingSymbol`, an error node that is
    /// also what the match returned): its type, and where it is placed (the next token's
    /// place, or the one before at the end).
    Missing {
        kind: i32,
        at: usize,
    },
}

/// A token as the visitor reads it: its type, text and byte offset.
#[derive(Clone, Copy, Debug)]
pub(in crate::cel) struct Tok<'a> {
    pub kind: i32,
    pub text: &'a str,
    pub at: usize,
}

/// The tree of a parse, with the default channel's tokens its nodes point to.
pub(in crate::cel) struct Tree<'a> {
    pub root: Node,
    pub src: &'a str,
    pub tokens: Vec<Token>,
    /// The grammar of cel-go v0.23 on (see `super::atn::cel`).
    pub escaped_names: bool,
}

/// The text of the token single-token insertion conjures for type `kind`
/// (`GetMissingSymbol`): `<missing EOF>`, `<missing '('>` for a type with a literal name, and
/// `<missing undefined>` for the others (`IDENTIFIER`…), as antlr4-go words it.
fn missing_text(kind: i32) -> &'static str {
    const TEXTS: [&str; 28] = [
        "<missing '=='>",
        "<missing '!='>",
        "<missing 'in'>",
        "<missing '<'>",
        "<missing '<='>",
        "<missing '>='>",
        "<missing '>'>",
        "<missing '&&'>",
        "<missing '||'>",
        "<missing '['>",
        "<missing ']'>",
        "<missing '{'>",
        "<missing '}'>",
        "<missing '('>",
        "<missing ')'>",
        "<missing '.'>",
        "<missing ','>",
        "<missing '-'>",
        "<missing '!'>",
        "<missing '?'>",
        "<missing ':'>",
        "<missing '+'>",
        "<missing '*'>",
        "<missing '/'>",
        "<missing '%'>",
        "<missing 'true'>",
        "<missing 'false'>",
        "<missing 'null'>",
    ];
    match kind {
        EOF => "<missing EOF>",
        k => usize::try_from(k - 1)
            .ok()
            .and_then(|i| TEXTS.get(i))
            .copied()
            .unwrap_or("<missing undefined>"),
    }
}

impl<'a> Tree<'a> {
    /// The default channel's token `p`.
    pub fn token(&self, p: usize) -> Tok<'a> {
        let t = &self.tokens[p.min(self.tokens.len() - 1)];
        let text = match t.kind {
            EOF => "<EOF>",
            _ => &self.src[t.start..t.end],
        };
        Tok {
            kind: t.kind,
            text,
            at: t.start,
        }
    }

    /// A terminal child as a token (`None` for a context).
    pub fn terminal(&self, c: &Child) -> Option<Tok<'a>> {
        match *c {
            Child::Rule(_) => None,
            Child::Token(p) | Child::Skipped(p) => Some(self.token(p)),
            Child::Missing { kind, at } => Some(Tok {
                kind,
                text: missing_text(kind),
                at,
            }),
        }
    }

    /// The tokens a match returned, of the types in `kinds`, in order: what the labels on
    /// those tokens hold (`op=…`, `ops+=…`). Tokens skipped in recovery are not matches.
    pub fn matched(&self, n: &Node, kinds: &[i32]) -> Vec<Tok<'a>> {
        self.matches(n, kinds).collect()
    }

    fn matches<'n>(&'n self, n: &'n Node, kinds: &'n [i32]) -> impl Iterator<Item = Tok<'a>> + 'n {
        n.children
            .iter()
            .filter(|c| !matches!(c, Child::Skipped(_) | Child::Rule(_)))
            .filter_map(|c| self.terminal(c))
            .filter(|t| kinds.contains(&t.kind))
    }

    /// The first match of a type in `kinds` (a single token label).
    pub fn label(&self, n: &Node, kinds: &[i32]) -> Option<Tok<'a>> {
        self.matches(n, kinds).next()
    }

    /// The terminal node of type `kind` (`GetToken(ttype, 0)`, error nodes included).
    pub fn terminal_of(&self, n: &Node, kind: i32) -> Option<Tok<'a>> {
        n.children
            .iter()
            .filter_map(|c| self.terminal(c))
            .find(|t| t.kind == kind)
    }

    /// The token a context starts at.
    pub fn start(&self, n: &Node) -> Tok<'a> {
        self.token(n.start)
    }
}

impl Node {
    /// The contexts of `rule` among the children (`AllCalc()`, a label's list).
    pub fn rules(&self, rule: usize) -> impl Iterator<Item = &Node> {
        self.children.iter().filter_map(move |c| match c {
            Child::Rule(n) if n.rule == rule => Some(n),
            _ => None,
        })
    }

    /// The `i`-th child context of `rule` (`Calc(i)`; a label on the `i`-th call of it).
    pub fn rule(&self, rule: usize, i: usize) -> Option<&Node> {
        self.rules(rule).nth(i)
    }
}
