//! (to be written)

use super::Func;

pub(super) const FUNCS: &[(&str, Func)] = &[];
