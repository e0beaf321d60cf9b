//! Parsing a rule, with its errors as cel-go's parser (v0.26, under the apiserver's options)
//! reports and displays them.
//! - The syntax errors are its parser's own: the grammar's ATN walked as antlr4-go walks it,
//!   with its error recovery and cel-go's limits (`super::antlr`). Where one of those limits
//!   stops the parse, nothing else is reported, as cel-go then never visits the tree.
//! - The tree is the `cel` crate's, parsed from the same grammar. What cel-go's visitor
//!   reports besides syntax errors is found in it and in the rule's tokens: reserved words
//!   used as identifiers (`reserved identifier: var`, which may still be field names:
//!   `a.package`, `Msg{var: 1}`); a macro's iteration variable named `__result__`
//!   (`iteration variable overwrites accumulator variable`), and `map`/`filter` wording a bad
//!   one `argument is not an identifier` where `all`/`exists`/`exists_one` say `argument must
//!   be a simple name`; a string's escapes; the visitor's nesting limit (`super::depth`).
//! - Every error is reported, ordered by line and column.

use super::depth::{self, Depth};
use crate::cel::issues::{Issue, Issues};
use ::cel::common::ast::IdedExpr;
use ::cel::parser::Parser;

/// Whether cel-go refuses `name` as an identifier (its `reservedIds`; `true`, `false`, `null`
/// and `in` are the lexer's keywords, never identifiers).
fn reserved(name: &str) -> bool {
    crate::cel::escape::RESERVED.contains(&name)
        && !matches!(name, "true" | "false" | "null" | "in")
}

/// cel-go's `AccumulatorName`.
const ACCUMULATOR: &str = "__result__";

/// cel-go's `HiddenAccumulatorName`: what its macros name their accumulator (from v0.23).
pub(in crate::cel) const HIDDEN_ACCUMULATOR: &str = "@result";

/// Whether `name` is an accumulator's (cel-go's `AccumulatorName` or
/// `HiddenAccumulatorName`).
pub(in crate::cel) fn is_accumulator(name: &str) -> bool {
    name == HIDDEN_ACCUMULATOR || name == ACCUMULATOR
}

/// The macros' accumulator given its traditional name, `__result__`, as cel-go's parser
/// named it before v0.23 ([`crate::versions::Change::HiddenAccumulator`]): the crate names it
/// [`HIDDEN_ACCUMULATOR`], which no rule can write, so every identifier of that name is an
/// accumulator's.
fn traditional_accumulator(e: &mut IdedExpr) {
    use ::cel::common::ast::Expr;
    match &mut e.expr {
        Expr::Ident(name) if name == HIDDEN_ACCUMULATOR => *name = ACCUMULATOR.into(),
        Expr::Comprehension(c) if c.accu_var == HIDDEN_ACCUMULATOR => {
            c.accu_var = ACCUMULATOR.into();
        }
        _ => {}
    }
    for child in super::locate::children_mut(e) {
        traditional_accumulator(child);
    }
}

/// The most code points cel-go parses (`parser.ExpressionSizeCodePointLimit`'s default).
const SIZE_LIMIT: usize = 100_000;

/// The most parses a thread keeps (see [`parse`]); past it, it starts again.
const KEPT_PARSES: usize = 4096;

/// Parses a CEL expression with the syntax 1.36 accepts (optionals included); its errors as
/// cel-go displays them.
///
/// A run compiles one expression many times: a CRD's versions repeat their rules, and so do
/// projects' CRDs (the bench's 10k list holds 1,293 rules and message expressions, 301 of them
/// distinct). Parsing is most of what compiling a rule costs, so each thread keeps what it
/// parsed, by the expression's text.
pub fn parse(src: &str) -> Result<IdedExpr, Issues> {
    use std::cell::RefCell;
    use std::collections::HashMap;
    type Parsed = Result<IdedExpr, Issues>;
    type Kept = ([bool; 4], HashMap<Box<str>, Parsed>);
    thread_local! {
        // The parses, and the version behaviours they were made under (those a parse depends
        // on: [`crate::versions::Change::ValidRuneEscapes`],
        // [`crate::versions::Change::VerbatimErrorTexts`],
        // [`crate::versions::Change::EscapedNames`] and
        // [`crate::versions::Change::HiddenAccumulator`]).
        static PARSED: RefCell<Kept> = RefCell::new(([true; 4], HashMap::new()));
    }
    let b = crate::versions::current();
    let made_under = [
        b.valid_rune_escapes,
        b.verbatim_error_texts,
        b.escaped_names,
        b.hidden_accumulator,
    ];
    let hit = PARSED.with_borrow(|(made, kept)| {
        (*made == made_under)
            .then(|| kept.get(src).cloned())
            .flatten()
    });
    if let Some(hit) = hit {
        return hit;
    }
    let parsed = parse_anew(src);
    PARSED.with_borrow_mut(|(made, kept)| {
        if kept.len() >= KEPT_PARSES || *made != made_under {
            kept.clear();
            *made = made_under;
        }
        kept.insert(src.into(), parsed.clone());
    });
    parsed
}

/// [`parse`] without the kept parses.
fn parse_anew(src: &str) -> Result<IdedExpr, Issues> {
    parse_within(src, depth::LIMIT)
}

/// [`parse_anew`] with cel-go's `MaxRecursionDepth` at `limit` (its parser tests use 32).
pub(in crate::cel) fn parse_within(src: &str, limit: u32) -> Result<IdedExpr, Issues> {
    // cel-go's `ExpressionSizeCodePointLimit` (its default, which the apiserver keeps): a
    // longer expression is not parsed.
    let size = src.chars().count();
    if size > SIZE_LIMIT {
        let msg =
            format!("expression code point size exceeds limit: size: {size}, limit {SIZE_LIMIT}");
        return Err(Issues::reported(src, vec![Issue::nowhere(msg)]));
    }
    // Before cel-go v0.23 a backtick outside a literal is no token: the lexer refuses it and
    // goes on with the next character, as if it were a space (no token spans it either way).
    let b = crate::versions::current();
    let refused = match b.escaped_names {
        true => Vec::new(),
        false => depth::unlexed_backticks(src),
    };
    let spaced;
    let text = match refused.is_empty() {
        true => src,
        false => {
            let mut b = src.as_bytes().to_vec();
            for &at in &refused {
                b[at] = b' ';
            }
            spaced = String::from_utf8(b).expect("an ASCII byte replaced by another");
            spaced.as_str()
        }
    };
    parse_lexed(src, text, limit, b)
}

/// [`parse_within`] of `src`, whose tree the crate's parser reads from `text` (`src` with
/// the backticks the lexer refuses, at `refused`, blanked), under the run's behaviours `b`.
///
/// The syntax errors are cel-go's parser's own (`super::antlr`); where it stops early (one
/// of its limits), as cel-go the tree is not visited. Otherwise the crate's tree is what
/// cel-go's visitor reads, and what that visit reports besides syntax errors is added.
fn parse_lexed(
    src: &str,
    text: &str,
    limit: u32,
    b: crate::versions::Behaviours,
) -> Result<IdedExpr, Issues> {
    let (syntax, stopped) = super::antlr::syntax_errors(src, b.escaped_names, limit);
    let mut issues: Vec<Issue> = syntax
        .into_iter()
        .map(|(at, msg)| {
            // Before cel-go v0.23 a syntax error's text was read as a format string.
            let msg = match msg.starts_with("Syntax error: ") {
                true => crate::cel::library::error_text(msg),
                false => msg,
            };
            match at {
                Some(at) => Issue::at(src, at, msg),
                None => Issue::nowhere(msg),
            }
        })
        .collect();
    if stopped {
        return Err(Issues::reported(src, issues));
    }
    // The crate's own listener counts only `expr`'s nesting, and stops once more than its
    // maximum plus one are open: at `limit - 1` it stops where cel-go's would for `expr`, so
    // never before cel-go's, which did not stop.
    let crate_limit = u16::try_from(limit.saturating_sub(1)).unwrap_or(u16::MAX - 1);
    let mut parsed = Parser::new()
        .enable_optional_syntax(true)
        .max_recursion_depth(crate_limit)
        .parse(&super::literals::for_the_crate(text));
    if let Ok(e) = &mut parsed {
        super::literals::as_cel_go(text, e);
    }
    let tokens = lex(text);
    if let Err(errs) = &parsed {
        for e in &errs.errors {
            let syntax =
                e.msg.starts_with("Syntax error: ") || e.msg.contains("Recursion limit of");
            if syntax || internal(&e.msg) {
                continue;
            }
            let at = offset(text, e.pos);
            issues.push(Issue::at(src, at, reworded(&tokens, at, &e.msg)));
        }
    }
    for (at, msg) in token_checks(&tokens, b.hidden_accumulator) {
        issues.push(Issue::at(src, at, msg));
    }
    for at in depth::escaped_names(text) {
        issues.push(Issue::at(src, at, "unsupported syntax: '`'"));
    }
    if let Depth::Visitor { at } = depth::check(text, limit) {
        // The visit reported what it met before the node it stopped at.
        issues.retain(|i| i.before(at));
        issues.push(Issue::nowhere(depth::VISITOR_MESSAGE));
        return Err(Issues::reported(src, issues));
    }
    if issues.is_empty() {
        let unexplained = || vec![Issue::at(src, 0, "Syntax error: syntax error")];
        let mut parsed = parsed.map_err(|_| Issues::new(src, unexplained()))?;
        if !b.hidden_accumulator {
            traditional_accumulator(&mut parsed);
        }
        return Ok(parsed);
    }
    Err(Issues::reported(src, issues))
}

/// The crate's report of a parse tree its error recovery left without a part.
fn internal(msg: &str) -> bool {
    (msg.starts_with("Incomplete") || msg.starts_with("No `")) && msg.ends_with('!')
}

/// The byte offset of the parser's `(line, column)`, both counted from 1, the column in
/// characters.
fn offset(src: &str, (line, col): (isize, isize)) -> usize {
    let start: usize = src
        .split_inclusive('\n')
        .take((line.max(1) - 1) as usize)
        .map(str::len)
        .sum();
    let rest = &src[start.min(src.len())..];
    start
        + rest
            .char_indices()
            .nth((col.max(1) - 1) as usize)
            .map_or(rest.len(), |(i, _)| i)
}

/// The crate's visitor's message for an error at byte `at` in cel-go's words (`tokens`: the
/// rule's).
fn reworded(tokens: &[Token], at: usize, msg: &str) -> String {
    if msg.starts_with("invalid string literal: InvalidUnicode") {
        // Before cel-go v0.23 only a code point past U+10FFFF (a surrogate is U+FFFD there,
        // see `literals::for_the_crate`).
        return match crate::versions::current().valid_rune_escapes {
            true => "invalid unicode code point".into(),
            false => "unable to unescape string".into(),
        };
    }
    if msg == "argument must be a simple name" {
        // The error is at the argument's own position (a selection's `.`): the call is the
        // first `(` before it at the same depth, with no `,` between.
        let i = tokens
            .iter()
            .position(|t| t.start >= at)
            .unwrap_or(tokens.len());
        let mut depth = 0usize;
        for j in (0..i).rev() {
            match tokens[j].kind {
                Kind::Punct(')' | ']' | '}') => depth += 1,
                Kind::Punct('(' | '[' | '{') if depth > 0 => depth -= 1,
                Kind::Punct('(') => {
                    if let Some((name, _)) = macro_of_first_arg(tokens, j + 1) {
                        return non_ident_error(name).into();
                    }
                    break;
                }
                Kind::Punct(',' | '[' | '{') if depth == 0 => break,
                _ => {}
            }
        }
    }
    msg.into()
}

/// What a macro says of a first argument that is not a name.
fn non_ident_error(name: &str) -> &'static str {
    match name {
        "map" | "filter" => "argument is not an identifier",
        _ => "argument must be a simple name",
    }
}

/// The errors cel-go finds in the tokens after parsing: reserved identifiers, and macros'
/// iteration variables that are reserved words or (`hidden_accumulator`: from cel-go v0.23)
/// the accumulator's traditional name.
fn token_checks(tokens: &[Token], hidden_accumulator: bool) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    // Which open brackets are a message literal's (`Name{`), whose field names are no
    // identifiers.
    let mut braces: Vec<bool> = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        let prev = |k: usize| i.checked_sub(k).map(|j| &tokens[j].kind);
        match &t.kind {
            Kind::Punct(c @ ('{' | '(' | '[')) => {
                braces.push(*c == '{' && matches!(prev(1), Some(Kind::Ident(_))));
            }
            Kind::Punct('}' | ')' | ']') => {
                braces.pop();
            }
            Kind::Ident(name) => {
                let selected = matches!(prev(1), Some(Kind::Punct('.')))
                    || (matches!(prev(1), Some(Kind::Punct('?')))
                        && matches!(prev(2), Some(Kind::Punct('.'))));
                let field = braces.last() == Some(&true)
                    && matches!(prev(1), Some(Kind::Punct('{' | ',')))
                    && matches!(tokens.get(i + 1).map(|t| &t.kind), Some(Kind::Punct(':')));
                let reserved = reserved(name) && !selected && !field;
                if reserved {
                    out.push((t.start, format!("reserved identifier: {name}")));
                }
                if let Some((mac, true)) = macro_of_first_arg(tokens, i) {
                    if reserved {
                        out.push((t.start, non_ident_error(mac).into()));
                    } else if name == ACCUMULATOR && hidden_accumulator {
                        let msg = "iteration variable overwrites accumulator variable";
                        out.push((t.start, msg.into()));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// When token `i` starts the first argument of a macro call (`x.all(v, …)`), the macro's name
/// and whether the token is the whole argument.
fn macro_of_first_arg(tokens: &[Token], i: usize) -> Option<(&str, bool)> {
    let kind = |j: usize| tokens.get(j).map(|t| &t.kind);
    if i < 3 || kind(i - 1) != Some(&Kind::Punct('(')) || kind(i - 3) != Some(&Kind::Punct('.')) {
        return None;
    }
    let Some(Kind::Ident(name)) = kind(i - 2) else {
        return None;
    };
    // The arguments: commas at the call's own depth, up to its `)`.
    let (mut depth, mut args, mut first_ends) = (0usize, 1usize, None);
    for (j, t) in tokens.iter().enumerate().skip(i) {
        match t.kind {
            Kind::Punct('(' | '[' | '{') => depth += 1,
            Kind::Punct(')' | ']' | '}') if depth > 0 => depth -= 1,
            Kind::Punct(')') => break,
            Kind::Punct(',') if depth == 0 => {
                first_ends.get_or_insert(j);
                args += 1;
            }
            _ => {}
        }
    }
    let fits = match name.as_str() {
        "all" | "exists" | "exists_one" | "existsOne" | "filter" => args == 2,
        "map" => args == 2 || args == 3,
        _ => false,
    };
    fits.then_some((name.as_str(), first_ends == Some(i + 1)))
}

#[derive(Debug, PartialEq)]
enum Kind {
    Ident(String),
    Punct(char),
    /// A literal or an operator of more than one character.
    Other,
}

#[derive(Debug)]
struct Token {
    kind: Kind,
    start: usize,
}

/// The rule's tokens, as far as the checks above need them (from [`crate::cel::locate::tokens`]):
/// names, single-character punctuation, and anything else (a literal, an operator) as one
/// token.
fn lex(src: &str) -> Vec<Token> {
    crate::cel::locate::tokens(src)
        .into_iter()
        // A call's `f(` marker: its `(` comes as a token of its own.
        .filter(|(kind, _)| kind.len() == 1 || !kind.ends_with('('))
        .map(|(kind, start)| {
            let kind = match kind.strip_prefix("id:") {
                Some(name) => Kind::Ident(name.to_string()),
                None => match kind.as_str() {
                    "(" | ")" | "{" | "}" | "[" | "]" | "," | "." | ":" | "?" => {
                        Kind::Punct(kind.chars().next().unwrap_or(' '))
                    }
                    _ => Kind::Other,
                },
            };
            Token { kind, start }
        })
        .collect()
}

#[cfg(test)]
mod kept_tests {
    use super::{parse, parse_anew};

    #[test]
    fn a_kept_parse_is_the_expressions_own() {
        let texts = [
            "self.a + 1 > 2",
            "self.a - 1 > 2",
            "self.a +",
            "self.a + 1 > 2",
        ];
        for text in texts.iter().chain(texts.iter()) {
            assert_eq!(parse(text), parse_anew(text), "{text}");
        }
    }
}
