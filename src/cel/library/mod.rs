//! The functions of kube-apiserver 1.36's CEL environment over our own values
//! ([`super::val`]), one file per cel-go or Kubernetes library, each overload written once.
//!
//! A library binds its functions as cel-go's declarations do (`decls.FunctionDecl.Bindings`,
//! [`Bind`]): the standard operators, `size`, `matches`, `dyn`, `type` and the list library's
//! `sort` with one implementation for all their overloads (a singleton, which tells its
//! operands' types apart itself, as cel-go's does through their traits); every other function
//! with an implementation per overload id (the ids of [`super::overloads`]), behind the
//! overload's runtime type guard unless the function turns guards off. When a rule is
//! planned, a call is bound ([`bind`]) as cel-go's planner binds it: to the overload the
//! checker resolved, when it resolved one; otherwise to the function's dynamic dispatch, which
//! calls the first overload, in declaration order, whose signature takes the operands
//! (`no such overload`, [`Error::NoSuchOverload`], when none does). What a call costs is
//! [`super::interp`]'s.
//!
//! Each overload belongs to one file: a function several libraries declare (`indexOf` for
//! lists and strings, `compareTo` for quantities and semvers, `string` for the standard
//! conversions and IPs) has each library's overloads in that library's file.

use super::overloads::{self, Overload};
use super::val::{Error, Res, Val};
use crate::fxhash::FxHashMap;
use crate::versions::CelEnv;
use std::sync::OnceLock;

mod conv;
mod format;
mod formatting;
mod ip;
mod lists;
mod optional;
mod quantity;
mod regex;
mod semver;
mod sets;
mod std_ops;
mod strings;
#[cfg(test)]
mod testing;
mod time;
#[cfg(test)]
mod upstream_tests;
mod urls;

pub use conv::timestamp_literal_ok;
pub use format::{max_regex_size, FORMATS};
pub use formatting::{check_format, type_only};
pub use lists::lister_error;
pub use regex::compile_error;
pub use std_ops::index_of;

/// An implementation: its receiver (if a member call) and arguments, evaluated.
pub type Func = fn(&[Val]) -> Res;

/// What an implementation is bound to.
#[derive(Clone, Copy, Debug)]
pub(super) enum Bind {
    /// Every overload of the function of this name, its operands unchecked but for the first
    /// one's trait (`decls.SingletonUnaryBinding` and the like).
    Singleton(&'static str, Trait),
    /// These overloads, each called only on operands its signature takes at run time
    /// (`decls.UnaryBinding` and the like, behind the overload's type guard).
    Overloads(&'static [&'static str]),
    /// These overloads of a function whose type guards are off (`decls.DisableTypeGuards`):
    /// the implementation checks its operands, and dynamic dispatch picks the first overload
    /// of the operands' count.
    Unguarded(&'static [&'static str]),
}

/// The trait a singleton's first operand must have (cel-go's `traits` mask of its type, which
/// `evalUnary`, `evalBinary` and `evalVarArgs` check before calling): else the call is `no
/// such overload: <function>`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Trait {
    Any,
    Adder,
    Comparer,
    Divider,
    Lister,
    Matcher,
    Modder,
    Multiplier,
    Negater,
    Sizer,
    Subtractor,
}

impl Trait {
    /// Whether `v`'s type has the trait (cel-go's `common/types` values and the apiserver's
    /// object wrappers, whose lists and maps are lists and maps).
    fn of(self, v: &Val) -> bool {
        use Val::*;
        match self {
            Trait::Any => true,
            Trait::Adder => matches!(
                v,
                Int(_)
                    | Uint(_)
                    | Double(_)
                    | String(_)
                    | Bytes(_)
                    | Duration(_)
                    | Timestamp(_)
                    | List(_)
            ),
            Trait::Comparer => matches!(
                v,
                Int(_)
                    | Uint(_)
                    | Double(_)
                    | String(_)
                    | Bytes(_)
                    | Bool(_)
                    | Duration(_)
                    | Timestamp(_)
            ),
            Trait::Divider | Trait::Multiplier => matches!(v, Int(_) | Uint(_) | Double(_)),
            Trait::Lister => matches!(v, List(_)),
            Trait::Matcher => matches!(v, String(_)),
            Trait::Modder => matches!(v, Int(_) | Uint(_)),
            Trait::Negater => matches!(v, Int(_) | Double(_) | Duration(_) | Bool(_)),
            Trait::Sizer => matches!(v, String(_) | Bytes(_) | List(_) | Map(_)),
            Trait::Subtractor => {
                matches!(v, Int(_) | Uint(_) | Double(_) | Duration(_) | Timestamp(_))
            }
        }
    }
}

/// A library's bindings.
pub(super) type Bindings = &'static [(Bind, Func)];

/// Every library's bindings.
const LIBRARIES: &[Bindings] = &[
    std_ops::BINDINGS,
    conv::BINDINGS,
    time::BINDINGS,
    strings::BINDINGS,
    regex::BINDINGS,
    formatting::BINDINGS,
    lists::BINDINGS,
    sets::BINDINGS,
    optional::BINDINGS,
    urls::BINDINGS,
    ip::BINDINGS,
    semver::BINDINGS,
    quantity::BINDINGS,
    format::BINDINGS,
];

/// The bindings by function name (singletons) and by overload id (with whether the overload
/// is guarded); the keys are the libraries' own, so a fast hash serves.
struct Registry {
    singletons: FxHashMap<&'static str, (Func, Trait)>,
    overloads: FxHashMap<&'static str, (Func, bool)>,
}

fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let mut r = Registry {
            singletons: FxHashMap::default(),
            overloads: FxHashMap::default(),
        };
        for (bind, func) in LIBRARIES.iter().flat_map(|l| l.iter()) {
            match *bind {
                Bind::Singleton(name, t) => {
                    r.singletons.insert(name, (*func, t));
                }
                Bind::Overloads(ids) | Bind::Unguarded(ids) => {
                    let guarded = matches!(bind, Bind::Overloads(_));
                    for id in ids {
                        r.overloads.insert(id, (*func, guarded));
                    }
                }
            }
        }
        r
    })
}

/// A call bound to its implementation (cel-go's planned `evalUnary`, `evalBinary`,
/// `evalVarArgs` with the `functions.Overload` it found).
#[derive(Clone, Debug)]
pub enum Call {
    /// An overload without type guards: called as it is.
    Direct(Func),
    /// A function's singleton, called when its first operand has the trait.
    Singleton(&'static str, Trait, Func),
    /// One overload behind its type guard.
    Guarded(&'static Overload, Func),
    /// The function's dynamic dispatch over its overloads (with whether each is guarded).
    Dispatch(Box<[(&'static Overload, Func, bool)]>),
}

impl Call {
    /// The call's value on `args` (none of them an error: calls are strict).
    pub fn call(&self, args: &[Val]) -> Res {
        match self {
            Call::Direct(f) => f(args),
            Call::Singleton(name, t, f) => match args.first().is_none_or(|a| t.of(a)) {
                true => f(args),
                false => Err(no_such_function(name)),
            },
            Call::Guarded(o, f) if o.accepts(args) => f(args),
            Call::Guarded(o, _) => Err(no_such_signature(o.name(), args)),
            Call::Dispatch(overloads) => {
                match overloads.iter().find(|(o, _, guarded)| match guarded {
                    true => o.accepts(args),
                    false => o.arity() == args.len(),
                }) {
                    Some((_, f, _)) => f(args),
                    None => Err(no_such_signature(overloads[0].0.name(), args)),
                }
            }
        }
    }
}

/// The interpreter's `no such overload: <function>`: a singleton's first operand lacks the
/// trait it asks for.
fn no_such_function(name: &str) -> Error {
    Error::text(format!("no such overload: {name}"))
}

/// cel-go's `MaybeNoSuchOverload`: no overload's type guard takes `args`
/// (`no such overload: <function>(<operands' type names>)`).
fn no_such_signature(name: &str, args: &[Val]) -> Error {
    let types: Vec<&str> = args.iter().map(Val::type_name).collect();
    Error::text(format!("no such overload: {name}({})", types.join(", ")))
}

/// The call of function `name` in the environment `env`, the checker having resolved it to
/// the overload `id` (when only one overload took its operands), as cel-go's planner finds it
/// (`planCall`: the overload by id, else the function by name); `None` when the environment
/// has no implementation of it.
pub fn bind(name: &str, id: Option<&str>, env: &CelEnv) -> Option<Call> {
    let r = registry();
    if let Some((key, &(f, t))) = r.singletons.get_key_value(name) {
        return Some(Call::Singleton(key, t, f));
    }
    let bound = |o: &'static Overload| {
        let (f, guarded) = r.overloads.get(o.id())?;
        Some((o, *f, *guarded))
    };
    let one = |(o, f, guarded): (&'static Overload, Func, bool)| match guarded {
        true => Call::Guarded(o, f),
        false => Call::Direct(f),
    };
    let declared = || overloads::of(name).iter().filter(|o| o.in_env(env));
    if let Some(o) = id.and_then(|id| declared().find(|o| o.id() == id)) {
        if let Some(b) = bound(o) {
            return Some(one(b));
        }
    }
    let all: Vec<_> = declared().filter_map(bound).collect();
    match all.len() {
        0 => None,
        // A function of one overload is that overload, by its name too.
        1 => Some(one(all[0])),
        _ => Some(Call::Dispatch(all.into())),
    }
}

/// The singleton implementation of function `name` (the operators the interpreter calls
/// itself: `_[_]`, `@sortByAssociatedKeys`).
pub fn singleton(name: &str) -> Option<Func> {
    registry().singletons.get(name).map(|&(f, _)| f)
}

/// The call of function `name` by its name (as a call the checker did not resolve to one
/// overload: the function's dynamic dispatch) on `args`, in 1.36's environment; the dispatch's
/// own `no such overload` (no guard or trait takes the operands) as [`Error::NoSuchOverload`]
/// (the libraries' tables test what each function answers; how the dispatch words it,
/// `src/cel/tests/library.rs`).
#[cfg(test)]
pub fn call_by_name(name: &str, args: &[Val]) -> Res {
    let call = bind(name, None, &CelEnv::ALL);
    let dispatch = [no_such_signature(name, args), no_such_function(name)];
    match call
        .unwrap_or_else(|| panic!("{name} has no implementation"))
        .call(args)
    {
        Err(e) if dispatch.contains(&e) => no_overload(),
        r => r,
    }
}

/// A library type whose values are ordered: the Kubernetes quantity and semver libraries'
/// `isGreaterThan`, `isLessThan` and `compareTo`, each library's overloads on its own type.
pub(super) trait Ordered: super::val::Ext + Sized {
    /// The order of `self` and `other` (`Quantity.Cmp`, blang/semver's `Compare`).
    fn order(&self, other: &Self) -> std::cmp::Ordering;
}

/// The order of the receiver and the argument, two `T`s; `no such overload` for anything else.
pub(super) fn ordering<T: Ordered>(args: &[Val]) -> Result<std::cmp::Ordering, Error> {
    match args {
        [a, b] => match (a.as_ext::<T>(), b.as_ext::<T>()) {
            (Some(x), Some(y)) => Ok(x.order(y)),
            _ => Err(Error::NoSuchOverload),
        },
        _ => Err(Error::NoSuchOverload),
    }
}

/// `x.isGreaterThan(y)` of two `T`s (`quantityIsGreaterThan`, `semverIsGreaterThan`).
pub(super) fn is_greater_than<T: Ordered>(args: &[Val]) -> Res {
    Ok(Val::Bool(ordering::<T>(args)?.is_gt()))
}

/// `x.isLessThan(y)` of two `T`s (`quantityIsLessThan`, `semverIsLessThan`).
pub(super) fn is_less_than<T: Ordered>(args: &[Val]) -> Res {
    Ok(Val::Bool(ordering::<T>(args)?.is_lt()))
}

/// `x.compareTo(y)` of two `T`s (`quantityCompareTo`, `semverCompareTo`): -1, 0 or 1.
pub(super) fn compare_to<T: Ordered>(args: &[Val]) -> Res {
    Ok(Val::Int(ordering::<T>(args)? as i64))
}

/// `no such overload`, for the arguments no overload takes.
pub fn no_overload() -> Res {
    Err(Error::NoSuchOverload)
}

/// An error's text as the version's cel-go shows it: before v0.23, read as a format string
/// with no operands (`types.NewErr(err.Error())`; see
/// [`crate::versions::Change::VerbatimErrorTexts`]).
pub fn error_text(text: String) -> String {
    match crate::versions::current().verbatim_error_texts {
        true => text,
        false => crate::go::fmt::sprintf_no_operands(&text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every binding names a function or overloads the table declares, once; every declared
    /// overload has an implementation through its function's singleton or its own binding, but
    /// those of the functions the interpreter plans itself and the authorizer library's (whose
    /// receiver no CRD rule can have).
    #[test]
    fn every_overload_is_bound_once() {
        let mut seen = std::collections::HashSet::new();
        for (bind, _) in LIBRARIES.iter().flat_map(|l| l.iter()) {
            match bind {
                Bind::Singleton(name, _) => {
                    assert!(!overloads::of(name).is_empty(), "{name} is not declared");
                    assert!(seen.insert(*name), "{name} is bound twice");
                }
                Bind::Overloads(ids) | Bind::Unguarded(ids) => {
                    for id in *ids {
                        assert!(overloads::is_id(id), "{id} is no overload's id");
                        assert!(seen.insert(*id), "{id} is bound twice");
                    }
                }
            }
        }
        // cel-go's planner plans `?:`, `[?]` and the comprehensions' `@not_strictly_false` and
        // `cel.@mapInsert` itself, and the optional library decorates `or` and `orValue`.
        let planned = [
            "_?_:_",
            "_[?_]",
            "@not_strictly_false",
            "cel.@mapInsert",
            "or",
            "orValue",
        ];
        for (name, os) in overloads::all() {
            for o in os {
                let authz = o.id().starts_with("authorizer_")
                    || ["pathcheck_", "groupcheck_", "resourcecheck_", "decision_"]
                        .iter()
                        .any(|p| o.id().starts_with(p));
                let unbound = authz || planned.contains(&name);
                let bound = seen.contains(name) || seen.contains(o.id());
                assert!(bound != unbound, "{name}: {} (bound: {bound})", o.id());
            }
        }
    }

    /// A singleton's functions are not also bound by overload: cel-go refuses that
    /// (`singleton function incompatible with specialized overloads`).
    #[test]
    fn singletons_have_no_overload_bindings() {
        for (bind, _) in LIBRARIES.iter().flat_map(|l| l.iter()) {
            if let Bind::Singleton(name, _) = bind {
                for o in overloads::of(name) {
                    assert!(
                        !registry().overloads.contains_key(o.id()),
                        "{name} is a singleton, but {} is bound too",
                        o.id()
                    );
                }
            }
        }
    }
}
