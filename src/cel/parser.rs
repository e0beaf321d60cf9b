//! Parsing (cel-go's `parser` and `common` packages): a rule's text into an expression and
//! where each of its nodes is ([`ast`]), with its errors as cel-go reports and displays them
//! ([`syntax`]): cel-go's parser as antlr4-go runs it (`antlr`), then its visitor (`visit`,
//! with `unescape`); the issues of a rule with their places ([`issues`]).

mod antlr;
pub(super) mod ast;
pub(super) mod issues;
pub(super) mod syntax;
mod unescape;
mod visit;
