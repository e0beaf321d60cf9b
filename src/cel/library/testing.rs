//! What the library's table tests share: calling a function by name, and comparing answers.

use super::call_by_name;
use crate::cel::val::{Error, Res, Val};

/// Calls the function named `name` with `args` (receiver first), through its dynamic dispatch.
pub fn call(name: &str, args: &[Val]) -> Res {
    call_by_name(name, args)
}

pub fn s(v: &str) -> Val {
    Val::str(v)
}

/// An error of cel-go's text `t`.
pub fn err(t: &str) -> Res {
    Err(Error::text(t))
}

/// `got` is `want`: values equal (cel-go's equality) and of the same type, or the same error.
pub fn assert_res(what: &str, got: Res, want: Res) {
    match (&got, &want) {
        (Ok(g), Ok(w)) => assert!(
            g.equals(w) && g.type_name() == w.type_name(),
            "{what}: got {g:?}, want {w:?}"
        ),
        _ => assert_eq!(got.map(|_| ()), want.map(|_| ()), "{what}"),
    }
}
