//! Parsing a rule, with its errors as cel-go's parser (v0.26, under the apiserver's options;
//! v0.22 at Kubernetes 1.32) reports and displays them: the grammar's ATN walked as
//! antlr4-go walks it, with its error recovery and cel-go's limits (`super::antlr`), then
//! cel-go's visitor over the parse tree (`super::visit`). Where one of the parser's limits
//! stops the parse, nothing else is reported, as cel-go then never visits the tree. Every
//! error is reported, ordered by line and column.

use super::visit::{self, Options};
use crate::cel::ast::Ast;
use crate::cel::issues::{Issue, Issues};

pub(in crate::cel) use super::visit::HIDDEN_ACCUMULATOR;

/// cel-go's default `MaxRecursionDepth` (`parser.NewParser`), which the apiserver keeps: the
/// most invocations of one grammar rule open at once, and the visitor's nesting limit.
pub const LIMIT: u32 = 250;

/// Whether `name` is an accumulator's (cel-go's `AccumulatorName` or
/// `HiddenAccumulatorName`).
pub(in crate::cel) fn is_accumulator(name: &str) -> bool {
    name == HIDDEN_ACCUMULATOR || name == visit::ACCUMULATOR
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
pub fn parse(src: &str) -> Result<Ast, Issues> {
    use std::cell::RefCell;
    use std::collections::HashMap;
    type Parsed = Result<Ast, Issues>;
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
fn parse_anew(src: &str) -> Result<Ast, Issues> {
    parse_within(src, LIMIT)
}

/// [`parse_anew`] with cel-go's `MaxRecursionDepth` at `limit` (its parser tests use 32).
pub(in crate::cel) fn parse_within(src: &str, limit: u32) -> Result<Ast, Issues> {
    // cel-go's `ExpressionSizeCodePointLimit` (its default, which the apiserver keeps): a
    // longer expression is not parsed.
    let size = src.chars().count();
    if size > SIZE_LIMIT {
        let msg =
            format!("expression code point size exceeds limit: size: {size}, limit {SIZE_LIMIT}");
        return Err(Issues::reported(src, vec![Issue::nowhere(msg)]));
    }
    let b = crate::versions::current();
    let (syntax, tree) = super::antlr::parse(src, b.escaped_names, limit);
    let syntax_errors = syntax.len();
    let mut issues: Vec<Issue> = syntax
        .into_iter()
        .map(|(at, msg)| {
            // Before cel-go v0.23 a syntax error's text was read as a format string.
            let msg = match msg.starts_with("Syntax error: ") {
                true => crate::cel::library::error_text(msg),
                false => msg,
            };
            issue(src, at, msg)
        })
        .collect();
    let Some(tree) = tree else {
        return Err(Issues::reported(src, issues));
    };
    let options = Options {
        limit,
        escaped_names: b.escaped_names,
        hidden_accumulator: b.hidden_accumulator,
        valid_rune_escapes: b.valid_rune_escapes,
    };
    let visited = visit::visit(&tree, syntax_errors, options);
    issues.extend(
        visited
            .errors
            .into_iter()
            .map(|(at, msg)| issue(src, at, msg)),
    );
    match issues.is_empty() {
        true => Ok(Ast {
            expr: visited.expr,
            info: std::sync::Arc::new(visited.info),
        }),
        false => Err(Issues::reported(src, issues)),
    }
}

/// An issue at byte `at` of `src`, or at no place.
fn issue(src: &str, at: Option<usize>, msg: String) -> Issue {
    match at {
        Some(at) => Issue::at(src, at, msg),
        None => Issue::nowhere(msg),
    }
}

#[cfg(test)]
mod tests;

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
