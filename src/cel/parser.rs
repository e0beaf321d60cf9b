//! Parsing (cel-go's `parser` and `common` packages): a rule's text into the `cel` crate's AST
//! with its errors as cel-go reports and displays them ([`syntax`]), the issues of a rule with
//! their places ([`issues`]), cel-go's nesting limits (`depth`), where cel-go places an error in
//! the text ([`locate`]), and the string literals the crate reads otherwise than cel-go read
//! again (`literals`).

mod antlr;
mod depth;
pub(super) mod issues;
mod literals;
pub(super) mod locate;
pub(super) mod syntax;
