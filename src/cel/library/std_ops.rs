//! cel-go's standard operators (`common/types/int.go`, `uint.go`, `double.go`, `string.go`,
//! `bytes.go`, `list.go`, `map.go` and the standard library's overloads): arithmetic with
//! cel-go's overflow checks and texts, comparisons across int, uint and double, equality,
//! membership, indexing and `size`. Times are [`super::time`]'s.

use super::super::val::{Error, List, Res, Val};
use super::{no_overload, Func};
use crate::field::go_float;
use std::cmp::Ordering;

pub(super) const FUNCS: &[(&str, Func)] = &[
    ("!_", not),
    ("-_", negate),
    ("_+_", add),
    ("_-_", sub),
    ("_*_", mul),
    ("_/_", div),
    ("_%_", rem),
    ("_<_", |a| compare(a, |o| o == Ordering::Less)),
    ("_<=_", |a| compare(a, |o| o != Ordering::Greater)),
    ("_>_", |a| compare(a, |o| o == Ordering::Greater)),
    ("_>=_", |a| compare(a, |o| o != Ordering::Less)),
    ("_==_", |a| equal(a, false)),
    ("_!=_", |a| equal(a, true)),
    ("@in", contains),
    ("_[_]", index),
    ("size", size),
];

fn int_overflow() -> Error {
    Error::text("integer overflow")
}

fn uint_overflow() -> Error {
    Error::text("unsigned integer overflow")
}

/// `!b` (`logical_not`).
fn not(args: &[Val]) -> Res {
    match args {
        [Val::Bool(b)] => Ok(Val::Bool(!b)),
        _ => no_overload(),
    }
}

/// `-x` (`negate_int64`, `negate_double`): `-(-2⁶³)` overflows.
fn negate(args: &[Val]) -> Res {
    match args {
        [Val::Int(i)] => i.checked_neg().map(Val::Int).ok_or_else(int_overflow),
        [Val::Double(d)] => Ok(Val::Double(-d)),
        _ => no_overload(),
    }
}

/// `a + b`: numbers of one type, strings, bytes, lists (a new list), times.
fn add(args: &[Val]) -> Res {
    let [a, b] = args else {
        return no_overload();
    };
    if let Some(r) = super::time::add(a, b) {
        return r;
    }
    match (a, b) {
        (Val::Int(x), Val::Int(y)) => x.checked_add(*y).map(Val::Int).ok_or_else(int_overflow),
        (Val::Uint(x), Val::Uint(y)) => x.checked_add(*y).map(Val::Uint).ok_or_else(uint_overflow),
        (Val::Double(x), Val::Double(y)) => Ok(Val::Double(x + y)),
        (Val::String(x), Val::String(y)) => Ok(Val::String(format!("{x}{y}").into())),
        (Val::Bytes(x), Val::Bytes(y)) => Ok(Val::Bytes([&x[..], &y[..]].concat().into())),
        (Val::List(x), Val::List(y)) => {
            let mut items = Vec::with_capacity(x.items.len() + y.items.len());
            items.extend(x.items.iter().cloned());
            items.extend(y.items.iter().cloned());
            Ok(Val::List(List::new(items)))
        }
        _ => no_overload(),
    }
}

/// `a - b`: numbers of one type (a uint below zero overflows), times.
fn sub(args: &[Val]) -> Res {
    let [a, b] = args else {
        return no_overload();
    };
    if let Some(r) = super::time::sub(a, b) {
        return r;
    }
    match (a, b) {
        (Val::Int(x), Val::Int(y)) => x.checked_sub(*y).map(Val::Int).ok_or_else(int_overflow),
        (Val::Uint(x), Val::Uint(y)) => x.checked_sub(*y).map(Val::Uint).ok_or_else(uint_overflow),
        (Val::Double(x), Val::Double(y)) => Ok(Val::Double(x - y)),
        _ => no_overload(),
    }
}

/// `a * b`.
fn mul(args: &[Val]) -> Res {
    match args {
        [Val::Int(x), Val::Int(y)] => x.checked_mul(*y).map(Val::Int).ok_or_else(int_overflow),
        [Val::Uint(x), Val::Uint(y)] => x.checked_mul(*y).map(Val::Uint).ok_or_else(uint_overflow),
        [Val::Double(x), Val::Double(y)] => Ok(Val::Double(x * y)),
        _ => no_overload(),
    }
}

/// `a / b`: `division by zero` for integers; `-2⁶³ / -1` overflows; doubles as IEEE.
fn div(args: &[Val]) -> Res {
    let by_zero = || Err(Error::text("division by zero"));
    match args {
        [Val::Int(_), Val::Int(0)] | [Val::Uint(_), Val::Uint(0)] => by_zero(),
        [Val::Int(x), Val::Int(y)] => x.checked_div(*y).map(Val::Int).ok_or_else(int_overflow),
        [Val::Uint(x), Val::Uint(y)] => Ok(Val::Uint(x / y)),
        [Val::Double(x), Val::Double(y)] => Ok(Val::Double(x / y)),
        _ => no_overload(),
    }
}

/// `a % b`: `modulus by zero`; `-2⁶³ % -1` overflows (cel-go's `modulo64Checked`).
fn rem(args: &[Val]) -> Res {
    let by_zero = || Err(Error::text("modulus by zero"));
    match args {
        [Val::Int(_), Val::Int(0)] | [Val::Uint(_), Val::Uint(0)] => by_zero(),
        [Val::Int(x), Val::Int(y)] => x.checked_rem(*y).map(Val::Int).ok_or_else(int_overflow),
        [Val::Uint(x), Val::Uint(y)] => Ok(Val::Uint(x % y)),
        _ => no_overload(),
    }
}

/// `<`, `<=`, `>`, `>=` (`Compare`): a NaN is `NaN values cannot be ordered`, values of types
/// that do not order with each other `no such overload`.
fn compare(args: &[Val], holds: fn(Ordering) -> bool) -> Res {
    let [a, b] = args else {
        return no_overload();
    };
    let number = |v: &Val| matches!(v, Val::Int(_) | Val::Uint(_) | Val::Double(_));
    let nan = |v: &Val| matches!(v, Val::Double(d) if d.is_nan());
    if number(a) && number(b) && (nan(a) || nan(b)) {
        return Err(Error::text("NaN values cannot be ordered"));
    }
    match a.compare(b) {
        Some(o) => Ok(Val::Bool(holds(o))),
        None => no_overload(),
    }
}

/// `a == b` and `a != b` (`types.Equal`): a library value's error for a value of another
/// type; for `!=`, anything but a true equality is true.
fn equal(args: &[Val], negate: bool) -> Res {
    let [a, b] = args else {
        return no_overload();
    };
    match (a.equal(b), negate) {
        (Ok(eq), _) => Ok(Val::Bool(eq != negate)),
        (Err(_), true) => Ok(Val::Bool(true)),
        (Err(e), false) => Err(e),
    }
}

/// `x in list` (by cel-go equality: an error is not a match) and `k in map` (its keys, a
/// double finding the int key of its value).
fn contains(args: &[Val]) -> Res {
    match args {
        [x, Val::List(l)] => Ok(Val::Bool(l.items.iter().any(|y| x.equals(y)))),
        [k, Val::Map(m)] => Ok(Val::Bool(m.get(k).is_some())),
        _ => no_overload(),
    }
}

/// cel-go's `IndexOrError`: a list index from an int, a lossless uint or double.
pub fn list_index(i: &Val) -> Result<i64, Error> {
    match i {
        Val::Int(n) => Ok(*n),
        Val::Uint(u) => i64::try_from(*u)
            .map_err(|_| Error::text(format!("unsupported index value {u} in list"))),
        Val::Double(d) => {
            let whole =
                d.fract() == 0.0 && *d >= -9.223372036854776e18 && *d < 9.223372036854776e18;
            match whole {
                true => Ok(*d as i64),
                false => Err(Error::text(format!(
                    "unsupported index value {} in list",
                    go_float(*d)
                ))),
            }
        }
        other => Err(Error::text(format!(
            "unsupported index type '{}' in list",
            other.type_name()
        ))),
    }
}

/// `x[i]` as cel-go's attribute qualifier reads it (`refQualify`): a list's item
/// (`index out of bounds: i`), a map's entry (`no such key: k`).
fn index(args: &[Val]) -> Res {
    match args {
        [Val::List(l), i] => {
            let n = list_index(i)?;
            match usize::try_from(n).ok().and_then(|n| l.items.get(n)) {
                Some(x) => Ok(x.clone()),
                None => Err(Error::text(format!(
                    "index out of bounds: {}",
                    index_text(i)
                ))),
            }
        }
        [Val::Map(m), k] => match m.get(k) {
            Some(x) => Ok(x.clone()),
            None => match super::super::val::Key::of(k) {
                Some(key) => Err(Error::NoSuchKey(key)),
                None => Err(Error::text(format!("no such key: {}", index_text(k)))),
            },
        },
        [_, k] => match super::super::val::Key::of(k) {
            Some(key) => Err(Error::NoSuchKey(key)),
            None => no_overload(),
        },
        _ => no_overload(),
    }
}

/// Go's `%v` of an index value.
fn index_text(v: &Val) -> String {
    match v {
        Val::Int(i) => i.to_string(),
        Val::Uint(u) => u.to_string(),
        Val::Double(d) => go_float(*d),
        Val::String(s) => s.to_string(),
        Val::Bool(b) => b.to_string(),
        other => other.type_name().to_string(),
    }
}

/// `size(x)` and `x.size()`: a string's code points, bytes, a list's items, a map's entries.
fn size(args: &[Val]) -> Res {
    let n = match args {
        [Val::String(s)] => s.chars().count(),
        [Val::Bytes(b)] => b.len(),
        [Val::List(l)] => l.items.len(),
        [Val::Map(m)] => m.entries.len(),
        _ => return no_overload(),
    };
    Ok(Val::Int(n as i64))
}

#[cfg(test)]
mod tests {
    use super::super::lookup;
    use super::*;

    fn call(name: &str, args: &[Val]) -> Res {
        lookup(name).expect(name)(args)
    }

    /// cel-go's operator answers at their edges (`int_test.go`, `uint_test.go`).
    #[test]
    fn arithmetic_edges() {
        let (i, u, d) = (Val::Int, Val::Uint, Val::Double);
        assert_eq!(call("_+_", &[i(i64::MAX), i(1)]), Err(int_overflow()));
        assert_eq!(call("_-_", &[u(0), u(1)]), Err(uint_overflow()));
        assert_eq!(call("_*_", &[u(u64::MAX), u(2)]), Err(uint_overflow()));
        assert_eq!(call("_/_", &[i(i64::MIN), i(-1)]), Err(int_overflow()));
        assert_eq!(call("_%_", &[i(i64::MIN), i(-1)]), Err(int_overflow()));
        assert_eq!(
            call("_/_", &[i(1), i(0)]),
            Err(Error::text("division by zero"))
        );
        assert_eq!(
            call("_%_", &[u(1), u(0)]),
            Err(Error::text("modulus by zero"))
        );
        assert_eq!(call("_/_", &[d(1.0), d(0.0)]), Ok(d(f64::INFINITY)));
        assert_eq!(call("-_", &[i(i64::MIN)]), Err(int_overflow()));
        assert_eq!(call("_%_", &[i(-7), i(3)]), Ok(i(-1)));
        assert_eq!(call("_+_", &[i(1), d(1.0)]), Err(Error::NoSuchOverload));
        assert_eq!(
            call("_+_", &[Val::str("a"), Val::str("b")]),
            Ok(Val::str("ab"))
        );
    }

    #[test]
    fn comparisons_and_equality() {
        let (i, u, d) = (Val::Int, Val::Uint, Val::Double);
        assert_eq!(call("_<_", &[i(-1), u(0)]), Ok(Val::Bool(true)));
        assert_eq!(call("_>=_", &[d(2.0), i(2)]), Ok(Val::Bool(true)));
        assert_eq!(
            call("_<_", &[d(f64::NAN), i(1)]),
            Err(Error::text("NaN values cannot be ordered"))
        );
        assert_eq!(
            call("_<_", &[i(1), Val::str("a")]),
            Err(Error::NoSuchOverload)
        );
        assert_eq!(call("_==_", &[i(1), d(1.0)]), Ok(Val::Bool(true)));
        assert_eq!(call("_==_", &[i(1), Val::str("1")]), Ok(Val::Bool(false)));
        assert_eq!(call("_!=_", &[Val::Null, i(1)]), Ok(Val::Bool(true)));
        let l = Val::list(vec![i(1), Val::str("a")]);
        assert_eq!(call("@in", &[d(1.0), l.clone()]), Ok(Val::Bool(true)));
        assert_eq!(call("size", &[Val::str("héllo")]), Ok(i(5)));
    }

    #[test]
    fn indexing_as_cel_go_qualifies() {
        let l = Val::list(vec![Val::Int(7)]);
        assert_eq!(
            call("_[_]", &[l.clone(), Val::Double(0.0)]),
            Ok(Val::Int(7))
        );
        assert_eq!(
            call("_[_]", &[l.clone(), Val::Int(3)]),
            Err(Error::text("index out of bounds: 3"))
        );
        assert_eq!(
            call("_[_]", &[l.clone(), Val::Double(0.5)]),
            Err(Error::text("unsupported index value 0.5 in list"))
        );
        assert_eq!(
            call("_[_]", &[l, Val::str("a")]),
            Err(Error::text("unsupported index type 'string' in list"))
        );
    }
}
