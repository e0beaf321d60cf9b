//! cel-go's optional types library (`cel/library.go`, `optionalLib`): `optional.none()`,
//! `optional.of(x)`, `optional.ofNonZeroValue(x)`, `o.value()`, `o.hasValue()`,
//! `optional.unwrap(l)` and `l.unwrapOpt()`. (`first`/`last`, also the optional library's, are
//! with the lists in [`super::lists`].) `o.or(p)` and `o.orValue(x)` are the interpreter's
//! (cel-go's `evalOptionalOr` and `evalOptionalOrValue`, which evaluate the alternative only
//! when the receiver is empty).

use super::Bind::Overloads;
use super::{no_overload, Bindings};
use crate::cel::val::{Error, Res, Val};

/// Each overload behind its type guard. `or` and `orValue` have no binding: cel-go's
/// optional library decorates their calls to evaluate the argument only when needed, which
/// the interpreter plans itself.
pub(super) const BINDINGS: Bindings = &[
    (Overloads(&["optional_none"]), none),
    (Overloads(&["optional_of"]), of),
    (Overloads(&["optional_ofNonZeroValue"]), of_non_zero_value),
    (Overloads(&["optional_value"]), value),
    (Overloads(&["optional_hasValue"]), has_value),
    (
        Overloads(&["optional_unwrap", "optional_unwrapOpt"]),
        unwrap,
    ),
];

/// `optional.none()` (`optional_none`).
fn none(args: &[Val]) -> Res {
    match args {
        [] => Ok(Val::none()),
        _ => no_overload(),
    }
}

/// `optional.of(x)` (`optional_of`).
fn of(args: &[Val]) -> Res {
    match args {
        [v] => Ok(Val::some(v.clone())),
        _ => no_overload(),
    }
}

/// `optional.ofNonZeroValue(x)` (`optional_ofNonZeroValue`): empty for a zero value.
fn of_non_zero_value(args: &[Val]) -> Res {
    match args {
        [v] if is_zero(v) => Ok(Val::none()),
        [v] => Ok(Val::some(v.clone())),
        _ => no_overload(),
    }
}

/// Seconds from the Unix epoch to Go's zero time, 0001-01-01T00:00:00Z.
const GO_ZERO_TIME: i64 = -62_135_596_800;

/// cel-go's `traits.Zeroer`'s `IsZeroValue`: `null`, `false`, `0`, `0u`, `0.0` (and `-0.0`),
/// `''`, `b''`, `duration('0s')`, Go's zero time, and the empty lists and maps a rule builds.
/// The apiserver's values of an object's lists and maps (`unstructuredList`,
/// `unstructuredMap`) have no `IsZeroValue`: an empty one is a value. Optionals, types and
/// the libraries' values neither.
fn is_zero(v: &Val) -> bool {
    match v {
        Val::Null => true,
        Val::Bool(b) => !b,
        Val::Int(i) => *i == 0,
        Val::Uint(u) => *u == 0,
        Val::Double(d) => *d == 0.0,
        Val::String(s) => s.is_empty(),
        Val::Bytes(b) => b.is_empty(),
        Val::Duration(d) => d.is_zero(),
        Val::Timestamp(t) => t.timestamp() == GO_ZERO_TIME && t.timestamp_subsec_nanos() == 0,
        Val::List(l) => l.origin.is_none() && l.is_empty(),
        Val::Map(m) => m.origin.is_none() && m.is_empty(),
        Val::Type(_) | Val::Optional(_) | Val::Ext(_) => false,
    }
}

/// `o.value()` (`optional_value`): the value, or `optional.none() dereference`.
fn value(args: &[Val]) -> Res {
    match args {
        [Val::Optional(Some(v))] => Ok(Val::clone(v)),
        [Val::Optional(None)] => Err(Error::text("optional.none() dereference")),
        _ => no_overload(),
    }
}

/// `o.hasValue()` (`optional_hasValue`).
fn has_value(args: &[Val]) -> Res {
    match args {
        [Val::Optional(o)] => Ok(Val::Bool(o.is_some())),
        _ => no_overload(),
    }
}

/// `optional.unwrap(l)` and `l.unwrapOpt()` (cel-go `optUnwrap`): the values of the list's
/// full optionals. The overload's type guard takes a list whose first element is an optional
/// (`no such overload` else); a later element that is not is `value <v> is not optional`.
fn unwrap(args: &[Val]) -> Res {
    let [Val::List(l)] = args else {
        return no_overload();
    };
    if l.items()
        .first()
        .is_some_and(|v| !matches!(v, Val::Optional(_)))
    {
        return no_overload();
    }
    let mut out = Vec::with_capacity(l.items().len());
    for v in l.items().iter() {
        match v {
            Val::Optional(Some(x)) => out.push(Val::clone(x)),
            Val::Optional(None) => {}
            v => return Err(Error::text(format!("value {} is not optional", go_v(v)))),
        }
    }
    Ok(Val::list(out))
}

/// Go's `%v` of a cel-go value, for the scalars and lists (others by their type name).
fn go_v(v: &Val) -> String {
    match v {
        Val::Null => "NULL_VALUE".into(),
        Val::Bool(b) => b.to_string(),
        Val::Int(i) => i.to_string(),
        Val::Uint(u) => u.to_string(),
        Val::Double(d) => crate::go::strconv::format_float(*d, 64),
        Val::String(s) => s.to_string(),
        Val::List(l) => {
            let items: Vec<String> = l.items().iter().map(go_v).collect();
            format!("[{}]", items.join(", "))
        }
        v => v.type_name().to_string(),
    }
}

#[cfg(test)]
#[path = "optional/tests.rs"]
mod tests;
