//! cel-go's standard operators and functions (`common/stdlib/standard.go` over the
//! `common/types` values): `!`, negation, arithmetic with cel-go's overflow checks
//! (`common/types/int.go`, `uint.go`, `double.go`, `overflow.go`), `+` of strings, bytes,
//! lists and times, ordering ([`Val::compare`]) and equality ([`Val::equals`]), `in`,
//! indexing as cel-go's attribute qualifiers index (`interpreter/attributes.go`), `size`,
//! `type` and `dyn`.
//!
//! Arithmetic takes two operands of one numeric type (`1 + 1u` is `no such overload`), as
//! cel-go's does; comparisons and equality cross numeric types.

use super::super::val::{Error, Key, List, Res, Val};
use super::Trait::*;
use super::{no_overload, time, Bind::Singleton, Bindings};
use crate::field::go_float;
use std::cmp::Ordering;

/// The standard operators and functions, each bound as cel-go's standard library binds it: one
/// implementation for all its overloads (`decls.SingletonUnaryBinding` and the like), with the
/// trait it asks of its first operand (`traits.AdderType`…).
pub(super) const BINDINGS: Bindings = &[
    (Singleton("!_", Any), not),
    (Singleton("-_", Negater), negate),
    (Singleton("_+_", Adder), add),
    (Singleton("_-_", Subtractor), sub),
    (Singleton("_*_", Multiplier), mul),
    (Singleton("_/_", Divider), div),
    (Singleton("_%_", Modder), rem),
    (Singleton("_<_", Comparer), less),
    (Singleton("_<=_", Comparer), less_equals),
    (Singleton("_>_", Comparer), greater),
    (Singleton("_>=_", Comparer), greater_equals),
    (Singleton("_==_", Any), equals),
    (Singleton("_!=_", Any), not_equals),
    (Singleton("@in", Any), contains),
    (Singleton("_[_]", Any), index),
    (Singleton("size", Sizer), size),
    (Singleton("dyn", Any), dyn_),
    (Singleton("type", Any), type_of),
];

fn int_overflow() -> Error {
    Error::text("integer overflow")
}

fn uint_overflow() -> Error {
    Error::text("unsigned integer overflow")
}

fn division_by_zero() -> Error {
    Error::text("division by zero")
}

fn modulus_by_zero() -> Error {
    Error::text("modulus by zero")
}

/// `!b`: cel-go's `Bool.Negate`.
fn not(args: &[Val]) -> Res {
    match args {
        [Val::Bool(b)] => Ok(Val::Bool(!b)),
        _ => no_overload(),
    }
}

/// `-x`: cel-go's `Int.Negate` (`negateInt64Checked`), `Double.Negate` and, for a duration
/// reached through `dyn`, `Duration.Negate`. Uints do not negate.
fn negate(args: &[Val]) -> Res {
    match args {
        [Val::Int(i)] => i.checked_neg().map(Val::Int).ok_or_else(int_overflow),
        [Val::Double(d)] => Ok(Val::Double(-d)),
        [Val::Duration(d)] => time::negate(d),
        _ => no_overload(),
    }
}

/// `a + b`: cel-go's `Int.Add`, `Uint.Add`, `Double.Add`, `String.Add`, `Bytes.Add`,
/// `baseList.Add` (a new list of the rule's) and the times' (`Timestamp.Add`,
/// `Duration.Add`).
pub(super) fn add(args: &[Val]) -> Res {
    let [a, b] = args else {
        return no_overload();
    };
    match (a, b) {
        (Val::Int(x), Val::Int(y)) => x.checked_add(*y).map(Val::Int).ok_or_else(int_overflow),
        (Val::Uint(x), Val::Uint(y)) => x.checked_add(*y).map(Val::Uint).ok_or_else(uint_overflow),
        (Val::Double(x), Val::Double(y)) => Ok(Val::Double(x + y)),
        (Val::String(x), Val::String(y)) => Ok(Val::String(format!("{x}{y}").into())),
        (Val::Bytes(x), Val::Bytes(y)) => Ok(Val::Bytes([&x[..], &y[..]].concat().into())),
        (Val::List(x), Val::List(y)) => {
            let mut items = Vec::with_capacity(x.items().len() + y.items().len());
            items.extend(x.items().iter().cloned());
            items.extend(y.items().iter().cloned());
            Ok(Val::List(List::new(items)))
        }
        _ => time::add(a, b).unwrap_or_else(no_overload),
    }
}

/// `a - b`: cel-go's `Int.Subtract`, `Uint.Subtract`, `Double.Subtract` and the times'.
pub(super) fn sub(args: &[Val]) -> Res {
    let [a, b] = args else {
        return no_overload();
    };
    match (a, b) {
        (Val::Int(x), Val::Int(y)) => x.checked_sub(*y).map(Val::Int).ok_or_else(int_overflow),
        (Val::Uint(x), Val::Uint(y)) => x.checked_sub(*y).map(Val::Uint).ok_or_else(uint_overflow),
        (Val::Double(x), Val::Double(y)) => Ok(Val::Double(x - y)),
        _ => time::sub(a, b).unwrap_or_else(no_overload),
    }
}

/// `a * b`: cel-go's `Int.Multiply`, `Uint.Multiply`, `Double.Multiply`.
fn mul(args: &[Val]) -> Res {
    match args {
        [Val::Int(x), Val::Int(y)] => x.checked_mul(*y).map(Val::Int).ok_or_else(int_overflow),
        [Val::Uint(x), Val::Uint(y)] => x.checked_mul(*y).map(Val::Uint).ok_or_else(uint_overflow),
        [Val::Double(x), Val::Double(y)] => Ok(Val::Double(x * y)),
        _ => no_overload(),
    }
}

/// `a / b`: cel-go's `Int.Divide` (`divideInt64Checked`: `division by zero`, and
/// `integer overflow` for the least int divided by -1), `Uint.Divide`, `Double.Divide` (IEEE:
/// never an error).
fn div(args: &[Val]) -> Res {
    match args {
        [Val::Int(_), Val::Int(0)] | [Val::Uint(_), Val::Uint(0)] => Err(division_by_zero()),
        [Val::Int(x), Val::Int(y)] => x.checked_div(*y).map(Val::Int).ok_or_else(int_overflow),
        [Val::Uint(x), Val::Uint(y)] => Ok(Val::Uint(x / y)),
        [Val::Double(x), Val::Double(y)] => Ok(Val::Double(x / y)),
        _ => no_overload(),
    }
}

/// `a % b`: cel-go's `Int.Modulo` (`moduloInt64Checked`: `modulus by zero`, and
/// `integer overflow` for the least int modulo -1) and `Uint.Modulo`; doubles have none.
fn rem(args: &[Val]) -> Res {
    match args {
        [Val::Int(_), Val::Int(0)] | [Val::Uint(_), Val::Uint(0)] => Err(modulus_by_zero()),
        [Val::Int(x), Val::Int(y)] => x.checked_rem(*y).map(Val::Int).ok_or_else(int_overflow),
        [Val::Uint(x), Val::Uint(y)] => Ok(Val::Uint(x % y)),
        _ => no_overload(),
    }
}

/// The order of two operands (cel-go's `Compare`), `no such overload` when they have none;
/// a NaN on either side is cel-go's `NaN values cannot be ordered`.
fn order(args: &[Val], holds: fn(Ordering) -> bool) -> Res {
    let [a, b] = args else {
        return no_overload();
    };
    let nan = |v: &Val| matches!(v, Val::Double(d) if d.is_nan());
    let numeric = |v: &Val| matches!(v, Val::Int(_) | Val::Uint(_) | Val::Double(_));
    if numeric(a) && numeric(b) && (nan(a) || nan(b)) {
        return Err(Error::text("NaN values cannot be ordered"));
    }
    match a.compare(b) {
        Some(o) => Ok(Val::Bool(holds(o))),
        None => no_overload(),
    }
}

/// `a < b`: cel-go's `Compare` of the standard library's `_<_`.
fn less(args: &[Val]) -> Res {
    order(args, Ordering::is_lt)
}

/// `a <= b`.
fn less_equals(args: &[Val]) -> Res {
    order(args, Ordering::is_le)
}

/// `a > b`.
fn greater(args: &[Val]) -> Res {
    order(args, Ordering::is_gt)
}

/// `a >= b`.
fn greater_equals(args: &[Val]) -> Res {
    order(args, Ordering::is_ge)
}

/// `a == b` (cel-go's `evalEq`, `types.Equal`): values of different types are not equal; a
/// library type's value answers `no such overload` for a value of another type.
fn equals(args: &[Val]) -> Res {
    match args {
        [a, b] => a.equal(b).map(Val::Bool),
        _ => no_overload(),
    }
}

/// `a != b` (cel-go's `evalNe`): true for anything but a true equality, an error included.
fn not_equals(args: &[Val]) -> Res {
    match args {
        [a, b] => Ok(Val::Bool(a.equal(b) != Ok(true))),
        _ => no_overload(),
    }
}

/// `e in c`: cel-go's `baseList.Contains` (an element equal to `e`) and `baseMap.Contains`
/// (a key `Find` finds: `1.0` finds the key `1`).
fn contains(args: &[Val]) -> Res {
    match args {
        [e, Val::List(l)] => Ok(Val::Bool(l.items().iter().any(|x| e.equals(x)))),
        [k, Val::Map(m)] => Ok(Val::Bool(m.get(k).is_some())),
        _ => no_overload(),
    }
}

/// `c[i]`: cel-go's `refQualify`: a list by an int, a uint or a whole double
/// (`types.IndexOrError`; `index out of bounds: i` past its ends), a map by key (`no such
/// key: k`), anything else `no such key: i`. On an optional the index is optional: absent when
/// the optional is none or the index is not there (cel-go's `applyQualifiers`).
pub(super) fn index(args: &[Val]) -> Res {
    match args {
        [Val::Optional(None), _] => Ok(Val::none()),
        [Val::Optional(Some(v)), i] => Ok(match index_of(v, i)? {
            Some(x) => Val::some(x),
            None => Val::none(),
        }),
        [c, i] => index_of(c, i)?.ok_or_else(|| missing(c, i)),
        _ => no_overload(),
    }
}

/// The value at `i` in `c`; `None` when it is not there.
pub fn index_of(c: &Val, i: &Val) -> Result<Option<Val>, Error> {
    Ok(match c {
        Val::List(l) => {
            let at = list_index(i)?;
            usize::try_from(at).ok().and_then(|at| l.get(at))
        }
        Val::Map(m) => m.get(i),
        _ => None,
    })
}

/// cel-go's `IndexOrError`: an int, a uint within int64, or a double with an int64's value.
pub fn list_index(i: &Val) -> Result<i64, Error> {
    match i {
        Val::Int(i) => Ok(*i),
        Val::Uint(u) => i64::try_from(*u)
            .map_err(|_| Error::text(format!("unsupported index value {u} in list"))),
        Val::Double(d) => double_to_int_lossless(*d).ok_or_else(|| {
            Error::text(format!("unsupported index value {} in list", go_float(*d)))
        }),
        other => Err(Error::text(format!(
            "unsupported index type '{}' in list",
            other.type_name()
        ))),
    }
}

/// cel-go's `doubleToInt64Lossless`.
fn double_to_int_lossless(d: f64) -> Option<i64> {
    let i = super::conv::double_to_int(d).ok()?;
    (i as f64 == d).then_some(i)
}

/// The error for an index not in `c` (cel-go's `missingIndex` and `missingKey`).
fn missing(c: &Val, i: &Val) -> Error {
    if let Val::List(_) = c {
        return Error::text(format!("index out of bounds: {}", go_text(i)));
    }
    match Key::of(i) {
        Some(k) => Error::NoSuchKey(k),
        None => Error::text(format!("no such key: {}", go_text(i))),
    }
}

/// Go's `%v` of an index (the numbers and strings an index is).
fn go_text(v: &Val) -> String {
    match v {
        Val::Double(d) => go_float(*d),
        Val::Int(i) => i.to_string(),
        Val::Uint(u) => u.to_string(),
        Val::String(s) => s.to_string(),
        Val::Bool(b) => b.to_string(),
        other => super::conv::to_string(other).unwrap_or_else(|_| other.type_name().to_string()),
    }
}

/// `size(x)` and `x.size()`: cel-go's `String.Size` (code points), `Bytes.Size`,
/// `baseList.Size`, `baseMap.Size`.
pub(super) fn size(args: &[Val]) -> Res {
    let n = match args {
        [Val::String(s)] => s.chars().count(),
        [Val::Bytes(b)] => b.len(),
        [Val::List(l)] => l.len(),
        [Val::Map(m)] => m.len(),
        _ => return no_overload(),
    };
    Ok(Val::Int(n as i64))
}

/// `dyn(x)`: the value itself.
fn dyn_(args: &[Val]) -> Res {
    match args {
        [v] => Ok(v.clone()),
        _ => no_overload(),
    }
}

/// `type(x)`: cel-go's `convertToType(TypeType)`, the value's type.
fn type_of(args: &[Val]) -> Res {
    match args {
        [v] => Ok(Val::type_of(v.type_name())),
        _ => no_overload(),
    }
}

#[cfg(test)]
#[path = "std_ops/tests.rs"]
mod tests;
