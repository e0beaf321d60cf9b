//! cel-go's type variables and their substitutions (`checker/mapping.go`, and `isAssignable`,
//! `mostGeneral`, `substitute` of `checker/types.go`): the element type of `[]` and `{}`, and
//! each type parameter of an overload a call is tried against, is a fresh variable; a variable
//! is bound for the whole rule the first time it meets a type, so `[].all(x, x > 1 && x + 'a'
//! == 'b')` is refused as cel-go refuses it (`x` is an `int` once `x > 1` is checked). At the
//! end of the check every type is substituted, unbound variables becoming `dyn`.

use crate::cel::types::Ty;
use std::collections::HashMap;

/// The substitutions found so far, and the next fresh variable.
#[derive(Debug, Default)]
pub struct Mapping {
    subs: HashMap<u32, Ty>,
    next: u32,
}

impl Mapping {
    /// A type variable not used before (cel-go's `newTypeVar`).
    pub fn fresh(&mut self) -> Ty {
        self.next += 1;
        Ty::Var(self.next - 1)
    }

    /// Counts `n` variables made and not used here: those cel-go's checker makes for calls
    /// of a macro's expansion that is checked here as one call.
    pub fn skip(&mut self, n: u32) {
        self.next += n;
    }

    /// `t` with every bound variable replaced by its type; an unbound one stays, or is `dyn`
    /// with `to_dyn` (the final types).
    pub fn substitute(&self, t: &Ty, to_dyn: bool) -> Ty {
        substitute(&self.subs, t, to_dyn)
    }

    /// Whether a value of type `t1` may stand where `t2` is wanted, binding variables as it
    /// goes: the bindings are kept only when it may (cel-go's `checker.isAssignable`).
    pub fn assignable(&mut self, t1: &Ty, t2: &Ty) -> bool {
        self.assignable_list(std::slice::from_ref(t1), std::slice::from_ref(t2))
    }

    /// [`Self::assignable`] for each pair of two lists of the same length. cel-go tries on a
    /// copy of the bindings; here the bindings made are undone when it fails, so that a rule of
    /// many calls is not checked in quadratic time.
    pub fn assignable_list(&mut self, l1: &[Ty], l2: &[Ty]) -> bool {
        let mut m = Trail {
            subs: &mut self.subs,
            undo: Vec::new(),
        };
        let ok = l1.len() == l2.len() && l1.iter().zip(l2).all(|(a, b)| assign(&mut m, a, b));
        if !ok {
            for (n, before) in m.undo.into_iter().rev() {
                match before {
                    Some(t) => m.subs.insert(n, t),
                    None => m.subs.remove(&n),
                };
            }
        }
        ok
    }
}

/// The bindings, with what each change replaced (to undo them).
struct Trail<'a> {
    subs: &'a mut HashMap<u32, Ty>,
    undo: Vec<(u32, Option<Ty>)>,
}

impl Trail<'_> {
    fn get(&self, n: &u32) -> Option<&Ty> {
        self.subs.get(n)
    }

    fn insert(&mut self, n: u32, t: Ty) {
        let before = self.subs.insert(n, t);
        self.undo.push((n, before));
    }
}

fn substitute(m: &HashMap<u32, Ty>, t: &Ty, to_dyn: bool) -> Ty {
    let sub = |t: &Ty| Box::new(substitute(m, t, to_dyn));
    match t {
        Ty::Var(n) => match m.get(n) {
            Some(s) => substitute(m, s, to_dyn),
            None if to_dyn => Ty::Dyn,
            None => t.clone(),
        },
        Ty::List(e) => Ty::List(sub(e)),
        Ty::Optional(e) => Ty::Optional(sub(e)),
        Ty::Type(e) => Ty::Type(sub(e)),
        Ty::Map(k, v) => Ty::Map(sub(k), sub(v)),
        _ => t.clone(),
    }
}

/// cel-go's `internalIsAssignable`: a variable on either side is bound (or checked against
/// what it is bound to); `dyn` goes anywhere; `null` only where [`Ty::nullable`]; lists, maps
/// and optionals by their parameters; any type of a type for any other; else the same type.
fn assign(m: &mut Trail, t1: &Ty, t2: &Ty) -> bool {
    if let Ty::Var(_) = t2 {
        match valid_substitution(m, t1, t2) {
            (true, _) => return true,
            (false, true) => return false,
            (false, false) => {}
        }
    }
    if let Ty::Var(_) = t1 {
        return valid_substitution(m, t2, t1).0;
    }
    match (t1.view(), t2.view()) {
        (Ty::Dyn, _) | (_, Ty::Dyn) => true,
        (Ty::Null, t) | (t, Ty::Null) => t.nullable(),
        (Ty::List(x), Ty::List(y)) | (Ty::Optional(x), Ty::Optional(y)) => assign(m, &x, &y),
        (Ty::Map(k1, v1), Ty::Map(k2, v2)) => assign(m, &k1, &k2) && assign(m, &v1, &v2),
        (Ty::Type(_), Ty::Type(_)) => true,
        (x, y) => x.exact_eq(&y),
    }
}

/// cel-go's `isValidTypeSubstitution` of `t1` for variable `t2`: whether it is valid, and
/// whether `t2` was bound already.
fn valid_substitution(m: &mut Trail, t1: &Ty, t2: &Ty) -> (bool, bool) {
    let Ty::Var(n) = t2 else {
        return (false, false);
    };
    if t1.exact_eq(t2) {
        return (true, true);
    }
    if let Some(sub) = m.get(n).cloned() {
        if t1.exact_eq(&sub) {
            return (true, true);
        }
        if assign(m, t1, &sub) {
            let general = most_general(t1, &sub);
            if not_referenced_in(m, t2, &general) {
                m.insert(*n, general);
            }
            return (true, true);
        }
        return (false, true);
    }
    if not_referenced_in(m, t2, t1) {
        m.insert(*n, t1.clone());
        return (true, false);
    }
    (false, false)
}

/// Whether variable `t` does not occur in `within` (with its bindings followed).
fn not_referenced_in(m: &Trail, t: &Ty, within: &Ty) -> bool {
    if t.exact_eq(within) {
        return false;
    }
    match within {
        Ty::Var(n) => m.get(n).is_none_or(|s| not_referenced_in(m, t, s)),
        Ty::List(e) | Ty::Optional(e) | Ty::Type(e) => not_referenced_in(m, t, e),
        Ty::Map(k, v) => not_referenced_in(m, t, k) && not_referenced_in(m, t, v),
        _ => true,
    }
}

/// The less specific of two types one of which is assignable to the other (cel-go's
/// `mostGeneral`).
pub fn most_general(a: &Ty, b: &Ty) -> Ty {
    if less_specific(a, b) {
        a.clone()
    } else {
        b.clone()
    }
}

/// cel-go's `isEqualOrLessSpecific`.
fn less_specific(a: &Ty, b: &Ty) -> bool {
    match (a.view(), b.view()) {
        (Ty::Dyn | Ty::Var(_), _) => true,
        (_, Ty::Dyn | Ty::Var(_)) => false,
        (Ty::List(x), Ty::List(y)) | (Ty::Optional(x), Ty::Optional(y)) => less_specific(&x, &y),
        (Ty::Map(k1, v1), Ty::Map(k2, v2)) => less_specific(&k1, &k2) && less_specific(&v1, &v2),
        (Ty::Type(_), Ty::Type(_)) => true,
        (x, y) => x.exact_eq(&y),
    }
}
