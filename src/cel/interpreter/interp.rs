//! The interpreter: a rule planned once ([`Program::plan`]) as cel-go's planner plans it for
//! the apiserver (`OptOptimize`: literal lists and maps of literals and conversions of a
//! literal folded into constants, `x in [literals]` a set lookup), then evaluated with
//! cel-go's runtime cost counted step by step as its cost tracker counts it
//! (`interpreter/runtimecost.go`, with the Kubernetes libraries' `CallCost` and the list and
//! set libraries' trackers): one unit per variable, field selection and index, none for a
//! constant, `&&`, `||` or `?:`, a call's cost by its overload and its arguments' actual sizes,
//! 10 for building a list and 30 a map; `has()` free (`PresenceTestHasCost(false)`). The
//! macros run as cel-go expands them (`all`: `@not_strictly_false(r)` before each element,
//! `r && p` after it), so their costs and their errors are cel-go's.
//!
//! Control flow (short-circuits, macros, optionals' `or`, `x.?f`) is evaluated here, and the
//! list operators on the object's set and map lists ([`crate::cel::lists`], each value carrying
//! its schema type); every other call is bound once, when the rule is planned, as cel-go's
//! planner binds it ([`crate::cel::library::bind`]: the function's singleton, the overload the
//! checker resolved behind its type guard, or the function's dynamic dispatch), and given its
//! operands evaluated.
//! Errors are values, as in cel-go: a macro's accumulator may hold one. When the count goes
//! past the limit, evaluation stops ([`Stop::Limit`]) with the cost reached.

mod plan;
mod price;
mod run;

use crate::cel::ast::IdedExpr;
use crate::cel::check::Checked;
use crate::cel::library::Call;
use crate::cel::lists::ListOp;
use crate::cel::val::{Error, Key, Val};
use plan::{plan, Planner};
use price::Price;
use std::collections::HashSet;
use std::sync::Arc;

type V = Result<Val, Error>;

/// `common.ListCreateBaseCost`.
const LIST: u64 = 10;
/// `common.MapCreateBaseCost`.
const MAP: u64 = 30;

/// A planned rule or message expression.
#[derive(Debug)]
pub struct Program {
    root: Step,
}

/// Why an evaluation stopped before its end: its cost went past the limit.
pub enum Stop {
    Limit,
}

#[derive(Debug)]
enum Step {
    /// A literal, or what `OptOptimize` folds into one: free.
    Const(V),
    /// A variable: `self`, `oldSelf`, a macro's, or a type's name.
    Ident(String),
    /// `x.f` (`test`: `has(x.f)`).
    Select {
        operand: Box<Step>,
        key: Key,
        test: bool,
        /// The selection's own cost: the qualifier's unit (none for a free presence test),
        /// and the relative attribute's.
        units: u64,
    },
    /// `x[i]`, `x[?i]`, `x.?f`: a qualifier of an attribute, `extra` units for the index
    /// beyond its own cost (one for a constant or a computed index, none for an attribute).
    Qualify {
        operand: Box<Step>,
        index: Box<Step>,
        rel: bool,
        extra: u64,
        /// `x[?i]` or `x.?f`: an optional.
        optional: bool,
    },
    And(Box<Step>, Box<Step>),
    Or(Box<Step>, Box<Step>),
    Cond(Box<Step>, Box<Step>, Box<Step>),
    /// A strict call: the receiver (if any) and arguments, then the function at its price.
    /// `==`, `!=`, `+` and `in` (`op`) run the object's set and map lists' semantics first
    /// ([`crate::cel::lists`]); the function is bound as cel-go's planner binds it
    /// ([`crate::cel::library::bind`]).
    Call {
        args: Vec<Step>,
        price: Price,
        call: Call,
        op: Option<ListOp>,
    },
    /// `v in [literals]`: cel-go's set lookup, free beside `v`, built once; a value no key
    /// stands for (not a scalar) is looked up in the list (`list`).
    SetIn {
        lhs: Box<Step>,
        set: HashSet<SetKey>,
        list: Val,
    },
    /// A list literal (`optional`: the indices of its `?x` elements).
    List {
        elems: Vec<Step>,
        optional: Vec<usize>,
    },
    /// A map literal: keys and values in turn (`optional`: the indices of its `?k: v`
    /// entries).
    Map {
        parts: Vec<Step>,
        optional: Vec<usize>,
    },
    /// A comprehension as the parser expands `map` and `filter`.
    Fold(Box<Fold>),
    Quant(Box<Quant>),
    Transform(Box<Transform>),
    OptMap {
        /// What the expansion's empty list costs (none when `OptOptimize` folds it).
        literal: u64,
        flat: bool,
        opt: Box<Step>,
        var: String,
        uses_var: bool,
        body: Box<Step>,
    },
    OptOr {
        value: bool,
        opt: Box<Step>,
        alt: Box<Step>,
    },
    SortBy {
        list: Box<Step>,
        var: String,
        key: Box<Step>,
        /// What the expansion's two empty lists cost (none when `OptOptimize` folds them).
        literals: u64,
    },
    /// A read of a `byte`/`duration` string ([`crate::cel::value::Invalid`]).
    StrFmt(Box<Step>),
    /// The receiver of `distinct()`/`sort()`.
    Lister(Box<Step>),
}

#[derive(Debug)]
struct Fold {
    range: Step,
    iter: String,
    accu: String,
    init: Step,
    cond: Step,
    step: Step,
    result: Step,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum QuantKind {
    All,
    Exists,
    ExistsOne,
}

#[derive(Debug)]
struct Quant {
    kind: QuantKind,
    range: Step,
    first: Option<String>,
    second: String,
    pred: Step,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Shape {
    List,
    Map,
    Entry,
}

#[derive(Debug)]
struct Transform {
    /// What the expansion's empty list or map literal costs (none when `OptOptimize` folds it).
    init: u64,
    shape: Shape,
    range: Step,
    a: String,
    b: String,
    filter: Option<Step>,
    body: Step,
}

impl Program {
    /// Plans `e`, as parsed, with what the check learnt of it; the error cel-go's program
    /// creation fails with, if it does (`program instantiation failed: <error>`).
    pub fn plan(e: &IdedExpr, checked: &Checked) -> Result<Program, Error> {
        Program::plan_with(e, checked, true, false)
    }

    /// [`Program::plan`] with cel-go's options: `optimize` (`OptOptimize`), and whether a
    /// presence test costs a unit (`PresenceTestHasCost`; the apiserver turns it off, the
    /// Kubernetes libraries' cost tests do not).
    pub fn plan_with(
        e: &IdedExpr,
        checked: &Checked,
        optimize: bool,
        presence_cost: bool,
    ) -> Result<Program, Error> {
        let planner = Planner {
            checked,
            optimize,
            presence_cost,
            failed: Default::default(),
        };
        let root = plan(e, &planner);
        match planner.failed.into_inner() {
            Some(e) => Err(e),
            None => Ok(Program { root }),
        }
    }

    /// Evaluates the program with `vars` (`self`, `oldSelf`) bound, counting its cost
    /// against `limit`: the value (or error) and the cost; `Err` with the cost reached when it
    /// went past the limit.
    pub fn run(&self, vars: &[(&'static str, Val)], limit: u64) -> (Result<V, Stop>, u64) {
        run::run(&self.root, vars, limit)
    }
}

/// A key of cel-go's set of `x in [literals]` (`maybeOptimizeSetMembership`): a number is
/// keyed by its type, and also by each other numeric type it converts to without loss (`1`
/// is also `1u` and `1.0`), so the lookup finds what CEL's heterogeneous equality finds.
#[derive(Debug, PartialEq, Eq, Hash)]
enum SetKey {
    Int(i64),
    Uint(u64),
    /// The bits of the double (`-0.0` as `0.0`; never NaN).
    Double(u64),
    Str(Arc<str>),
    Bool(bool),
}

impl SetKey {
    /// The key of a looked-up value (`None` for what is not a scalar, or NaN).
    fn of(v: &Val) -> Option<SetKey> {
        Some(match v {
            Val::Int(i) => SetKey::Int(*i),
            Val::Uint(u) => SetKey::Uint(*u),
            Val::Double(f) if f.is_nan() => return None,
            Val::Double(f) => SetKey::Double(if *f == 0.0 { 0.0f64 } else { *f }.to_bits()),
            Val::String(s) => SetKey::Str(s.clone()),
            Val::Bool(b) => SetKey::Bool(*b),
            _ => return None,
        })
    }

    /// The keys a literal of the list stands for.
    fn of_literal(v: &Val) -> Vec<SetKey> {
        let mut keys: Vec<SetKey> = SetKey::of(v).into_iter().collect();
        let exact = |f: f64| f.is_finite() && f.fract() == 0.0;
        match v {
            Val::Double(f) if exact(*f) => {
                if *f >= -(2f64.powi(63)) && *f < 2f64.powi(63) {
                    keys.push(SetKey::Int(*f as i64));
                }
                if *f >= 0.0 && *f < 2f64.powi(64) {
                    keys.push(SetKey::Uint(*f as u64));
                }
            }
            Val::Int(i) => {
                if (*i as f64) as i128 == i128::from(*i) && (*i as f64) < 2f64.powi(63) {
                    keys.extend(SetKey::of(&Val::Double(*i as f64)));
                }
                if let Ok(u) = u64::try_from(*i) {
                    keys.push(SetKey::Uint(u));
                }
            }
            Val::Uint(u) => {
                if (*u as f64) < 2f64.powi(64) && (*u as f64) as u128 == u128::from(*u) {
                    keys.extend(SetKey::of(&Val::Double(*u as f64)));
                }
                if let Ok(i) = i64::try_from(*u) {
                    keys.push(SetKey::Int(i));
                }
            }
            _ => {}
        }
        keys
    }
}
