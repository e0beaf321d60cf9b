//! cel-go's parser as antlr4-go runs it, for its syntax errors: the lexer (`lexer`), the
//! grammar's ATN (`atn`), adaptive prediction over it (`predict`, with its prediction
//! contexts, `context`), and the parse with antlr4-go's error strategy and cel-go's limits
//! (`parse`). Each part names the ANTLR function it mirrors.

pub(in crate::cel) mod atn;
mod context;
pub(in crate::cel) mod lexer;
mod parse;
mod predict;
pub(in crate::cel) mod tree;

pub(in crate::cel) use parse::parse;
