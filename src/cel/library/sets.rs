//! cel-go's sets extension (`ext/sets.go`): `sets.contains`, `sets.equivalent`,
//! `sets.intersects` over lists, their elements compared by cel-go equality ([`Val::equals`]:
//! `1`, `1u` and `1.0` are one element, `[1]` and `[1.0]` too).
//!
//! cel-go asks the list for `Contains` (an element of the other list equal to one of its
//! own); the apiserver's lists of an object answer it with the object's element first and
//! pass an equality's error on, which plain values cannot give (calls are strict).

use super::Bind::Overloads;
use super::{no_overload, Bindings};
use crate::cel::val::{Res, Val};

/// Each overload behind its type guard (`cel.UnaryBinding` and the like).
pub(super) const BINDINGS: Bindings = &[
    (Overloads(&["list_sets_contains_list"]), contains),
    (Overloads(&["list_sets_equivalent_list"]), equivalent),
    (Overloads(&["list_sets_intersects_list"]), intersects),
];

/// The two lists of a call.
fn lists(args: &[Val]) -> Option<(&[Val], &[Val])> {
    match args {
        [Val::List(a), Val::List(b)] => Some((a.items(), b.items())),
        _ => None,
    }
}

/// cel-go's `Lister.Contains`: some element of `list` equals `x`.
fn has(list: &[Val], x: &Val) -> bool {
    list.iter().any(|e| x.equals(e))
}

/// Every element of `sub` is in `list` (cel-go `setsContains`).
fn contains_all(list: &[Val], sub: &[Val]) -> bool {
    sub.iter().all(|x| has(list, x))
}

/// `sets.contains(list, sublist)` (cel-go `setsContains`).
fn contains(args: &[Val]) -> Res {
    let Some((a, b)) = lists(args) else {
        return no_overload();
    };
    Ok(Val::Bool(contains_all(a, b)))
}

/// `sets.equivalent(a, b)` (cel-go `setsEquivalent`): each contains the other.
fn equivalent(args: &[Val]) -> Res {
    let Some((a, b)) = lists(args) else {
        return no_overload();
    };
    Ok(Val::Bool(contains_all(a, b) && contains_all(b, a)))
}

/// `sets.intersects(a, b)` (cel-go `setsIntersects`): an element of `a` is in `b`.
fn intersects(args: &[Val]) -> Res {
    let Some((a, b)) = lists(args) else {
        return no_overload();
    };
    Ok(Val::Bool(a.iter().any(|x| has(b, x))))
}

#[cfg(test)]
#[path = "sets/tests.rs"]
mod tests;
