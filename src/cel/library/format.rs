//! (to be written)

use super::Func;

pub(super) const FUNCS: &[(&str, Func)] = &[];
pub const FORMATS: &[&str] = &[];
pub fn max_regex_size(_: &crate::cel::val::Val) -> Option<usize> { None }
