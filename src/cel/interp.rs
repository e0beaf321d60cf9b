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
//! Control flow (short-circuits, macros, optionals' `or`) is evaluated here; every other step
//! is handed to the cel crate's interpreter with its operands already evaluated, bound to
//! variables of a scope (`@0`, `@1`…), so the functions behave as registered in `super`.
//! Errors are values, as in cel-go: a macro's accumulator may hold one. When the count goes
//! past the limit, evaluation stops ([`Stop::Limit`]) with the cost reached.

use super::check::Checked;
use kube_cel::cel::common::ast::{
    CallExpr, EntryExpr, Expr, IdedEntryExpr, IdedExpr, LiteralValue, MapEntryExpr, MapExpr,
    SelectExpr,
};
use kube_cel::cel::objects::{Key, OptionalValue};
use kube_cel::cel::{Context, ExecutionError, Value as Cel};
use std::sync::Arc;

type V = Result<Cel, ExecutionError>;

/// `common.StringTraversalCostFactor`.
const TRAVERSAL: f64 = 0.1;
/// `common.RegexStringLengthCostFactor`.
const REGEX: f64 = 0.25;
/// `common.ListCreateBaseCost`.
const LIST: u64 = 10;
/// `common.MapCreateBaseCost`.
const MAP: u64 = 30;

/// The names operands are bound to when a step is handed to the cel crate.
const SLOTS: [&str; 6] = ["@0", "@1", "@2", "@3", "@4", "@5"];

/// A planned rule or message expression.
#[derive(Debug)]
pub struct Program {
    root: Step,
}

/// What one evaluation cost, and its value unless the limit stopped it.
pub enum Stop {
    Limit,
}

#[derive(Debug)]
enum Step {
    /// A literal, or what `OptOptimize` folds into one: free.
    Const(V),
    /// A variable: `self`, `oldSelf` or a macro's.
    Ident(IdedExpr),
    /// `x.f` (`test`: `has(x.f)`); `rel`: `x` is not an attribute (a call, a literal…), which
    /// cel-go wraps in a relative attribute of one more unit.
    Select {
        operand: Box<Step>,
        key: Key,
        test: bool,
        /// The selection's own cost: the qualifier's unit (none for a free presence test),
        /// and the relative attribute's.
        units: u64,
        shallow: IdedExpr,
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
        shallow: IdedExpr,
    },
    And(Box<Step>, Box<Step>),
    Or(Box<Step>, Box<Step>),
    Cond(Box<Step>, Box<Step>, Box<Step>),
    /// A strict call: the receiver (if any) and arguments, then the call at its price.
    Call {
        args: Vec<Step>,
        price: Price,
        fast: Fast,
        shallow: IdedExpr,
    },
    /// `v in [literals]`: cel-go's set lookup, free beside `v`.
    SetIn {
        lhs: Box<Step>,
        shallow: IdedExpr,
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
        shallow: IdedExpr,
    },
    /// A comprehension as the cel crate's parser expands `map` and `filter`.
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
    /// A read of a `byte`/`duration` string ([`super::value::Invalid`]).
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

/// The calls answered here for the operands whose answer is plain (two numbers of one type,
/// two strings, a list's size…), without handing them to the cel crate (which copies a map or
/// list operand into its own values): for anything else they are handed over as every call.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Fast {
    No,
    Size,
    /// `==` (`false`) or `!=` (`true`).
    Equals(bool),
    /// `<`, `<=`, `>`, `>=`: the orderings that make it true.
    Compare(bool, bool, bool),
}

impl Fast {
    fn of(name: &str, args: usize) -> Fast {
        match (name, args) {
            ("size", 1) => Fast::Size,
            ("_==_", 2) => Fast::Equals(false),
            ("_!=_", 2) => Fast::Equals(true),
            ("_<_", 2) => Fast::Compare(true, false, false),
            ("_<=_", 2) => Fast::Compare(true, true, false),
            ("_>_", 2) => Fast::Compare(false, false, true),
            ("_>=_", 2) => Fast::Compare(false, true, true),
            _ => Fast::No,
        }
    }

    /// The answer, when the operands are plain.
    fn answer(self, args: &[V]) -> Option<Cel> {
        use std::cmp::Ordering;
        match (self, args) {
            (Fast::Size, [Ok(v)]) => match v {
                Cel::String(s) => Some(Cel::Int(s.chars().count() as i64)),
                Cel::Bytes(b) => Some(Cel::Int(b.len() as i64)),
                Cel::List(l) => Some(Cel::Int(l.len() as i64)),
                Cel::Map(m) => Some(Cel::Int(m.map.len() as i64)),
                _ => None,
            },
            (Fast::Equals(negate), [Ok(a), Ok(b)]) => {
                let eq = match (a, b) {
                    (Cel::Int(x), Cel::Int(y)) => x == y,
                    (Cel::UInt(x), Cel::UInt(y)) => x == y,
                    (Cel::Float(x), Cel::Float(y)) => x == y,
                    (Cel::String(x), Cel::String(y)) => x == y,
                    (Cel::Bool(x), Cel::Bool(y)) => x == y,
                    _ => return None,
                };
                Some(Cel::Bool(eq != negate))
            }
            (Fast::Compare(lt, eq, gt), [Ok(a), Ok(b)]) => {
                let o = match (a, b) {
                    (Cel::Int(x), Cel::Int(y)) => x.cmp(y),
                    (Cel::UInt(x), Cel::UInt(y)) => x.cmp(y),
                    (Cel::String(x), Cel::String(y)) => x.cmp(y),
                    (Cel::Float(x), Cel::Float(y)) => x.partial_cmp(y)?,
                    _ => return None,
                };
                Some(Cel::Bool(match o {
                    Ordering::Less => lt,
                    Ordering::Equal => eq,
                    Ordering::Greater => gt,
                }))
            }
            _ => None,
        }
    }
}

/// A call's runtime cost (`CostTracker.costCall`: the list and set trackers by overload, the
/// Kubernetes `CallCost` by function name, then cel-go's defaults by overload).
#[derive(Debug, Clone, Copy)]
enum Price {
    One,
    /// `ceil(size(a0) * factor)`.
    Scan(f64),
    /// `ceil(min(size(a0), size(a1)) * 0.1)`.
    MinScan,
    /// `==`: a unit on a Kubernetes type, else [`Price::MinScan`].
    Equals,
    SumScan,
    /// `size(a1)`.
    InList,
    /// `ceil((1 + size(a0)) * 0.1) * ceil(size(a1) * 0.25)`.
    Regex,
    Contains,
    /// The Kubernetes libraries' `traversalCost(a0)`.
    Traversal,
    /// `ceil(size(result) * 0.2)`.
    JoinResult,
    Ip,
    ContainsIp(bool),
    ContainsCidr(bool),
    Validate,
    /// `1 + 10 + size(result)`.
    ListOut,
    Flatten,
    /// `1 + 10 + size(a_i)² * (2, or 2.1 for strings and bytes)`.
    SelfCompare(usize),
    /// `1 + size(a0) * size(a1) * factor`.
    Sets(f64),
}

impl Program {
    /// Plans `e` (rewritten by [`super::rewrite`]) with what the check learnt of it.
    pub fn plan(e: &IdedExpr, checked: &Checked) -> Program {
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
    ) -> Program {
        let planner = Planner {
            checked,
            optimize,
            presence_cost,
        };
        Program {
            root: plan(e, &planner),
        }
    }

    /// Evaluates the program in `ctx` (which binds `self` and `oldSelf`), counting its cost
    /// against `limit`: the value (or error) and the cost; `Err` with the cost reached when
    /// it went past the limit.
    pub fn run(&self, ctx: &Context<'_>, limit: u64) -> (Result<V, Stop>, u64) {
        let mut r = Run {
            ctx,
            scopes: Vec::new(),
            cost: 0,
            limit,
            over: false,
        };
        let v = r.eval(&self.root);
        let out = if r.over { Err(Stop::Limit) } else { Ok(v) };
        (out, r.cost)
    }
}

/// What planning reads: the check's findings and cel-go's program options.
struct Planner<'a> {
    checked: &'a Checked,
    optimize: bool,
    presence_cost: bool,
}

fn ident(name: &str) -> IdedExpr {
    IdedExpr {
        id: 0,
        expr: Expr::Ident(name.to_string()),
    }
}

fn string_name(e: &IdedExpr) -> String {
    match &e.expr {
        Expr::Literal(LiteralValue::String(s)) => s.inner().to_string(),
        _ => String::new(),
    }
}

/// Whether cel-go plans `e` as an attribute (a variable, or a selection or index of one).
fn is_attribute(s: &Step) -> bool {
    matches!(
        s,
        Step::Ident(_) | Step::Select { test: false, .. } | Step::Qualify { .. } | Step::Cond(..)
    ) || matches!(s, Step::StrFmt(inner) if is_attribute(inner))
}

fn is_const(s: &Step) -> bool {
    matches!(s, Step::Const(_))
}

/// The conversions cel-go folds when their argument is a constant
/// (`overloads.IsTypeConversionFunction`).
const CONVERSIONS: &[&str] = &[
    "bool",
    "bytes",
    "double",
    "duration",
    "dyn",
    "int",
    "string",
    "timestamp",
    "type",
    "uint",
];

fn plan(e: &IdedExpr, pl: &Planner) -> Step {
    match &e.expr {
        Expr::Literal(_) => Step::Const(super::library::with_root(|ctx| Cel::resolve(e, ctx))),
        Expr::Ident(_) => Step::Ident(e.clone()),
        Expr::Select(s) => {
            let operand = plan(&s.operand, pl);
            Step::Select {
                units: u64::from(!is_attribute(&operand)) + u64::from(!s.test || pl.presence_cost),
                operand: Box::new(operand),
                key: Key::String(Arc::new(s.field.clone())),
                test: s.test,
                shallow: IdedExpr {
                    id: e.id,
                    expr: Expr::Select(SelectExpr {
                        operand: Box::new(ident(SLOTS[0])),
                        field: s.field.clone(),
                        test: s.test,
                    }),
                },
            }
        }
        Expr::Call(c) => plan_call(e.id, c, pl),
        Expr::List(l) => {
            let elems: Vec<Step> = l.elements.iter().map(|x| plan(x, pl)).collect();
            let shallow = IdedExpr {
                id: e.id,
                expr: Expr::List(kube_cel::cel::common::ast::ListExpr {
                    elements: (0..elems.len()).map(|i| ident(&slot(i))).collect(),
                    optional_indices: l.optional_indices.clone(),
                }),
            };
            if pl.optimize && elems.iter().all(is_const) {
                return Step::Const(fold(&shallow, &elems));
            }
            Step::List {
                elems,
                optional: l.optional_indices.clone(),
            }
        }
        Expr::Map(m) => {
            let mut parts = Vec::new();
            let mut entries = Vec::new();
            let mut optional = Vec::new();
            for entry in &m.entries {
                let EntryExpr::MapEntry(me) = &entry.expr else {
                    return Step::Const(Err(ExecutionError::function_error(
                        "struct",
                        "message types are not supported",
                    )));
                };
                let (k, v) = (parts.len(), parts.len() + 1);
                if me.optional {
                    optional.push(k / 2);
                }
                parts.push(plan(&me.key, pl));
                parts.push(plan(&me.value, pl));
                entries.push(IdedEntryExpr {
                    id: entry.id,
                    expr: EntryExpr::MapEntry(MapEntryExpr {
                        key: ident(&slot(k)),
                        value: ident(&slot(v)),
                        optional: me.optional,
                    }),
                });
            }
            let shallow = IdedExpr {
                id: e.id,
                expr: Expr::Map(MapExpr { entries }),
            };
            if pl.optimize && parts.iter().all(is_const) {
                return Step::Const(fold(&shallow, &parts));
            }
            Step::Map {
                parts,
                optional,
                shallow,
            }
        }
        Expr::Comprehension(c) => Step::Fold(Box::new(Fold {
            range: plan(&c.iter_range, pl),
            iter: c.iter_var.clone(),
            accu: c.accu_var.clone(),
            init: plan(&c.accu_init, pl),
            cond: plan(&c.loop_cond, pl),
            step: plan(&c.loop_step, pl),
            result: plan(&c.result, pl),
        })),
        Expr::Struct(_) | Expr::Unspecified => Step::Const(Err(ExecutionError::function_error(
            "struct",
            "message types are not supported",
        ))),
    }
}

/// The name of operand slot `i` (beyond the fixed ones for long literals).
fn slot(i: usize) -> String {
    SLOTS
        .get(i)
        .map_or_else(|| format!("@{i}"), |s| s.to_string())
}

/// Evaluates a step of constant operands once, as `OptOptimize` does when planning.
fn fold(shallow: &IdedExpr, parts: &[Step]) -> V {
    super::library::with_root(|root| {
        let mut scope = root.new_inner_scope();
        for (i, p) in parts.iter().enumerate() {
            match p {
                Step::Const(Ok(v)) => scope.add_variable_from_value(slot(i), v.clone()),
                Step::Const(Err(e)) => return Err(e.clone()),
                _ => unreachable!("folding a step with a non-constant operand"),
            }
        }
        Cel::resolve(shallow, &scope)
    })
}

fn plan_call(id: u64, c: &CallExpr, pl: &Planner) -> Step {
    // `sets.contains(…)`: a global function of a qualified name, as the checker resolved it.
    if let Some(Expr::Ident(prefix)) = c.target.as_deref().map(|t| &t.expr) {
        let qualified = format!("{prefix}.{}", c.func_name);
        if super::overloads::declared(&qualified, false) {
            let global = CallExpr {
                func_name: qualified,
                target: None,
                args: c.args.clone(),
            };
            return plan_call(id, &global, pl);
        }
    }
    let arg = |i: usize| plan(&c.args[i], pl);
    let boxed = |i: usize| Box::new(plan(&c.args[i], pl));
    let name = c.func_name.as_str();
    match (name, c.args.len(), c.target.is_some()) {
        ("@and", 2, false) => return Step::And(boxed(0), boxed(1)),
        ("@or", 2, false) => return Step::Or(boxed(0), boxed(1)),
        ("_?_:_", 3, false) => return Step::Cond(boxed(0), boxed(1), boxed(2)),
        ("@strfmt", 1, false) => return Step::StrFmt(boxed(0)),
        ("@lister", 1, false) => return Step::Lister(boxed(0)),
        ("@all" | "@exists" | "@exists_one", 3, false)
        | ("@all2" | "@exists2" | "@existsOne2", 4, false) => {
            let kind = match name {
                "@all" | "@all2" => QuantKind::All,
                "@exists" | "@exists2" => QuantKind::Exists,
                _ => QuantKind::ExistsOne,
            };
            let two = c.args.len() == 4;
            return Step::Quant(Box::new(Quant {
                kind,
                range: arg(0),
                first: two.then(|| string_name(&c.args[1])),
                second: string_name(&c.args[c.args.len() - 2]),
                pred: arg(c.args.len() - 1),
            }));
        }
        ("@transformList" | "@transformMap" | "@transformMapEntry", 4 | 5, false) => {
            let shape = match name {
                "@transformList" => Shape::List,
                "@transformMap" => Shape::Map,
                _ => Shape::Entry,
            };
            let init = match (pl.optimize, shape) {
                (true, _) => 0,
                (false, Shape::List) => LIST,
                (false, _) => MAP,
            };
            return Step::Transform(Box::new(Transform {
                init,
                shape,
                range: arg(0),
                a: string_name(&c.args[1]),
                b: string_name(&c.args[2]),
                filter: (c.args.len() == 5).then(|| arg(3)),
                body: arg(c.args.len() - 1),
            }));
        }
        ("@optMap" | "@optFlatMap", 3, false) => {
            let var = string_name(&c.args[1]);
            return Step::OptMap {
                literal: if pl.optimize { 0 } else { LIST },
                flat: name == "@optFlatMap",
                opt: boxed(0),
                uses_var: mentions(&c.args[2], &var),
                var,
                body: boxed(2),
            };
        }
        ("@sortBy", 3, false) => {
            return Step::SortBy {
                list: boxed(0),
                var: string_name(&c.args[1]),
                key: boxed(2),
                literals: if pl.optimize { 0 } else { 2 * LIST },
            }
        }
        ("@opt_or" | "@opt_orValue", 1, true) => {
            let target = c.target.as_deref().expect("a receiver");
            return Step::OptOr {
                value: name == "@opt_orValue",
                opt: Box::new(plan(target, pl)),
                alt: boxed(0),
            };
        }
        _ => {}
    }
    let mut args: Vec<Step> = Vec::with_capacity(c.args.len() + 1);
    if let Some(t) = c.target.as_deref() {
        args.push(plan(t, pl));
    }
    args.extend(c.args.iter().map(|a| plan(a, pl)));
    let mut n = 0;
    let mut next = || {
        n += 1;
        Box::new(ident(&slot(n - 1)))
    };
    let target = c.target.as_ref().map(|_| next());
    // Literals stay in place: some functions read them from the expression (the field of
    // an optional selection, the type a set operator is given).
    let shallow_args: Vec<IdedExpr> = c
        .args
        .iter()
        .map(|a| {
            let slot = next();
            match &a.expr {
                Expr::Literal(_) => a.clone(),
                _ => *slot,
            }
        })
        .collect();
    let shallow = IdedExpr {
        id,
        expr: Expr::Call(CallExpr {
            func_name: c.func_name.clone(),
            target,
            args: shallow_args,
        }),
    };
    let sig = pl.checked.overloads.get(&id).copied();
    match name {
        "_[_]" | "_[?_]" | "@optsel" if args.len() == 2 => {
            let index = args.pop().expect("an index");
            let operand = args.pop().expect("an operand");
            let extra = match &index {
                _ if name == "@optsel" => 1,
                Step::Const(_) => 1,
                i if is_attribute(i) => 0,
                _ => 1,
            };
            return Step::Qualify {
                optional: name != "_[_]",
                rel: !is_attribute(&operand),
                operand: Box::new(operand),
                index: Box::new(index),
                extra,
                shallow,
            };
        }
        "@in" | "@lists_in"
            if pl.optimize && sig.is_some_and(|s| s.starts_with("@in g A list")) =>
        {
            if let Some(Step::Const(Ok(Cel::List(l)))) = args.get(1) {
                let primitive = |v: &Cel| {
                    matches!(
                        v,
                        Cel::Int(_) | Cel::UInt(_) | Cel::Float(_) | Cel::String(_) | Cel::Bool(_)
                    )
                };
                if l.is_empty() {
                    return Step::Const(Ok(Cel::Bool(false)));
                }
                if l.iter().all(primitive) {
                    let rhs = args.pop().expect("a list");
                    let lhs = args.pop().expect("a value");
                    let Step::Const(Ok(list)) = rhs else {
                        unreachable!()
                    };
                    return Step::SetIn {
                        lhs: Box::new(lhs),
                        shallow: with_const(shallow, list),
                    };
                }
            }
        }
        _ => {}
    }
    if pl.optimize && CONVERSIONS.contains(&name) && args.len() == 1 && is_const(&args[0]) {
        let v = fold(&shallow, &args);
        if v.is_ok() {
            return Step::Const(v);
        }
    }
    Step::Call {
        fast: Fast::of(name, args.len()),
        args,
        price: price(name, sig),
        shallow,
    }
}

/// `shallow` (an `in` call) with the list of literals `v` written back in place of its second
/// operand's slot: only the value tested is bound when the step runs.
fn with_const(shallow: IdedExpr, v: Cel) -> IdedExpr {
    let IdedExpr { id, expr } = shallow;
    let Expr::Call(mut c) = expr else {
        unreachable!()
    };
    c.args[1] = literal_list(&v);
    IdedExpr {
        id,
        expr: Expr::Call(c),
    }
}

fn literal_list(v: &Cel) -> IdedExpr {
    let lit = |x: &Cel| {
        let l = match x {
            Cel::Int(i) => LiteralValue::Int((*i).into()),
            Cel::UInt(u) => LiteralValue::UInt((*u).into()),
            Cel::Float(f) => LiteralValue::Double((*f).into()),
            Cel::String(s) => LiteralValue::String(s.as_str().into()),
            Cel::Bool(b) => LiteralValue::Boolean((*b).into()),
            _ => LiteralValue::Null,
        };
        IdedExpr {
            id: 0,
            expr: Expr::Literal(l),
        }
    };
    let elements = match v {
        Cel::List(l) => l.iter().map(lit).collect(),
        _ => Vec::new(),
    };
    IdedExpr {
        id: 0,
        expr: Expr::List(kube_cel::cel::common::ast::ListExpr {
            elements,
            optional_indices: Vec::new(),
        }),
    }
}

/// Whether `e` reads variable `name`.
fn mentions(e: &IdedExpr, name: &str) -> bool {
    match &e.expr {
        Expr::Ident(n) => n == name,
        Expr::Select(s) => mentions(&s.operand, name),
        Expr::Call(c) => {
            c.target.as_deref().is_some_and(|t| mentions(t, name))
                || c.args.iter().any(|a| mentions(a, name))
        }
        Expr::List(l) => l.elements.iter().any(|x| mentions(x, name)),
        Expr::Map(m) => m.entries.iter().any(|en| match &en.expr {
            EntryExpr::MapEntry(me) => mentions(&me.key, name) || mentions(&me.value, name),
            EntryExpr::StructField(f) => mentions(&f.value, name),
        }),
        Expr::Comprehension(c) => {
            mentions(&c.iter_range, name)
                || mentions(&c.accu_init, name)
                || mentions(&c.loop_cond, name)
                || mentions(&c.loop_step, name)
                || mentions(&c.result, name)
        }
        _ => false,
    }
}

/// A call's price from its function and, when the checker found only one, its overload.
fn price(name: &str, sig: Option<&'static str>) -> Price {
    let sig = sig.unwrap_or("");
    let params = |p: &str| sig.split(" -> ").next().is_some_and(|s| s.ends_with(p));
    // The list and set libraries' trackers (by overload).
    if sig.starts_with("slice m list")
        || sig.starts_with("lists.range ")
        || sig.starts_with("reverse m list")
    {
        return Price::ListOut;
    }
    if sig.starts_with("flatten m ") {
        return Price::Flatten;
    }
    if sig.starts_with("distinct m ") || sig.starts_with("sort m ") {
        return Price::SelfCompare(0);
    }
    if sig.starts_with("@sortByAssociatedKeys m ") {
        return Price::SelfCompare(1);
    }
    if sig.starts_with("sets.contains ") || sig.starts_with("sets.intersects ") {
        return Price::Sets(1.0);
    }
    if sig.starts_with("sets.equivalent ") {
        return Price::Sets(2.0);
    }
    // The Kubernetes libraries' `CallCost` (by function).
    match name {
        "isSorted" | "sum" | "max" | "min" | "indexOf" | "lastIndexOf" => return Price::Traversal,
        "url"
        | "lowerAscii"
        | "upperAscii"
        | "substring"
        | "trim"
        | "jsonpatch.escapeKey"
        | "cidr"
        | "isIP"
        | "isCIDR"
        | "quantity"
        | "isQuantity"
        | "semver"
        | "isSemver" => return Price::Scan(TRAVERSAL),
        "replace" | "split" | "ip.isCanonical" => return Price::Scan(2.0 * TRAVERSAL),
        "join" => return Price::JoinResult,
        "find" | "findAll" => return Price::Regex,
        "ip" => return Price::Ip,
        "containsIP" => return Price::ContainsIp(params("string")),
        "containsCIDR" => return Price::ContainsCidr(params("string")),
        "validate" => return Price::Validate,
        "_==_" | "@lists_eq" | "@opt_eq" => return Price::Equals,
        _ => {}
    }
    // cel-go's defaults (by overload).
    let fname = sig.split(' ').next().unwrap_or("");
    match fname {
        "startsWith" | "endsWith" | "strings.quote" => Price::Scan(TRAVERSAL),
        "bytes" if params("string") => Price::Scan(TRAVERSAL),
        "string" if params("bytes") => Price::Scan(TRAVERSAL),
        "format" if sig.starts_with("format m string") => Price::Scan(TRAVERSAL),
        "@in" if sig.starts_with("@in g A list") => Price::InList,
        "_!=_" => Price::MinScan,
        "_<_" | "_<=_" | "_>_" | "_>=_" if params("string string") || params("bytes bytes") => {
            Price::MinScan
        }
        "_+_" if params("string string") || params("bytes bytes") => Price::SumScan,
        "matches" if sig.starts_with("matches m") => Price::Regex,
        "contains" if sig.starts_with("contains m string") => Price::Contains,
        _ => Price::One,
    }
}

/// cel-go's `actualSize`: the size of strings (in characters), bytes, lists and maps (and of
/// an optional's value), one for anything else.
fn size(v: &V) -> u64 {
    match v {
        Ok(Cel::String(s)) => s.chars().count() as u64,
        Ok(Cel::Bytes(b)) => b.len() as u64,
        Ok(Cel::List(l)) => l.len() as u64,
        Ok(Cel::Map(m)) => m.map.len() as u64,
        Ok(v) => match super::funcs::as_optional(v).and_then(|o| o.value()) {
            Some(inner) => size(&Ok(inner.clone())),
            None => 1,
        },
        Err(_) => 1,
    }
}

/// The Kubernetes libraries' `traversalCost`.
fn traversal(v: &Cel) -> u64 {
    match v {
        Cel::String(s) => (s.len() as f64 * TRAVERSAL) as u64,
        Cel::Bytes(b) => (b.len() as f64 * TRAVERSAL) as u64,
        Cel::List(l) => l.iter().map(traversal).sum(),
        Cel::Map(m) => m
            .map
            .iter()
            .map(|(k, x)| traversal(&Cel::from(k)) + traversal(x))
            .sum(),
        _ => 1,
    }
}

fn ceil(x: f64) -> u64 {
    x.ceil() as u64
}

/// Whether `v` is one of the Kubernetes libraries' types (not an optional).
fn kubernetes_type(v: &V) -> bool {
    matches!(v, Ok(Cel::Opaque(_)))
        && v.as_ref()
            .is_ok_and(|v| super::funcs::as_optional(v).is_none())
}

impl Price {
    fn of(self, args: &[V], result: &V) -> u64 {
        let a = |i: usize| args.get(i).map_or(1, size);
        match self {
            Price::One => 1,
            Price::Scan(f) => ceil(a(0) as f64 * f),
            Price::Equals if kubernetes_type(args.first().unwrap_or(&Ok(Cel::Null))) => 1,
            Price::MinScan | Price::Equals => ceil(a(0).min(a(1)) as f64 * TRAVERSAL),
            Price::SumScan => ceil((a(0) + a(1)) as f64 * TRAVERSAL),
            Price::InList => a(1),
            Price::Regex => ceil((1 + a(0)) as f64 * TRAVERSAL) * ceil(a(1) as f64 * REGEX),
            Price::Contains => ceil(a(0) as f64 * TRAVERSAL) * ceil(a(1) as f64 * TRAVERSAL),
            Price::Traversal => match args.first() {
                Some(Ok(v)) => traversal(v),
                _ => 1,
            },
            Price::JoinResult => ceil(size(result) as f64 * 2.0 * TRAVERSAL),
            Price::Ip => match args.first() {
                Some(v) if kubernetes_type(v) => 1,
                _ => ceil(a(0) as f64 * TRAVERSAL),
            },
            Price::ContainsIp(string) => {
                ceil(2.0 * a(0) as f64 * TRAVERSAL)
                    + if string {
                        ceil(a(1) as f64 * TRAVERSAL)
                    } else {
                        0
                    }
            }
            Price::ContainsCidr(string) => {
                ceil(2.0 * a(0) as f64 * TRAVERSAL)
                    + ceil(a(0) as f64 * TRAVERSAL)
                    + 1
                    + if string {
                        ceil(a(1) as f64 * TRAVERSAL)
                    } else {
                        0
                    }
            }
            Price::Validate => match args.first().and_then(|f| f.as_ref().ok()) {
                Some(f) => match super::format::max_regex_size(f) {
                    Some(re) => ceil((1 + a(1)) as f64 * TRAVERSAL) * ceil(re as f64 * REGEX),
                    None => 1,
                },
                None => 1,
            },
            Price::ListOut => 1 + LIST + size(result),
            Price::Flatten => {
                let depth = match args.get(1) {
                    Some(Ok(Cel::Int(d))) => *d as f64,
                    _ => 1.0,
                };
                (a(0) as f64 * depth) as u64 + 1 + LIST
            }
            Price::SelfCompare(i) => {
                let n = a(i);
                let mut factor = 2.0;
                if let Some(Ok(Cel::List(l))) = args.get(i) {
                    if matches!(l.first(), Some(Cel::String(_) | Cel::Bytes(_))) {
                        factor += TRAVERSAL;
                    }
                }
                ((n * n) as f64 * factor) as u64 + 1 + LIST
            }
            Price::Sets(f) => 1 + ((a(0) * a(1)) as f64 * f) as u64,
        }
    }
}

struct Run<'c> {
    ctx: &'c Context<'c>,
    /// Macro variables, innermost last.
    scopes: Vec<(String, V)>,
    cost: u64,
    limit: u64,
    over: bool,
}

fn no_overload() -> ExecutionError {
    ExecutionError::NoSuchOverload
}

/// The elements a macro iterates: a list's (index, item), a map's (key, value) in key order
/// (the apiserver's is Go's map order, different on every run).
fn elements(v: &Cel) -> Option<Vec<(Cel, Cel)>> {
    match v {
        Cel::List(l) => Some(
            l.iter()
                .enumerate()
                .map(|(i, x)| (Cel::Int(i as i64), x.clone()))
                .collect(),
        ),
        Cel::Map(m) => {
            let mut entries: Vec<(&Key, &Cel)> = m.map.iter().collect();
            entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
            Some(
                entries
                    .into_iter()
                    .map(|(k, x)| (Cel::from(k), x.clone()))
                    .collect(),
            )
        }
        _ => None,
    }
}

/// cel-go's `&&` (`decides` false) and `||` (true) over evaluated terms: the deciding value
/// if any term has it, else the first error (a non-bool is `no such overload`).
fn logical(terms: [V; 2], decides: bool) -> V {
    let mut err = None;
    for t in terms {
        match t {
            Ok(Cel::Bool(b)) if b == decides => return Ok(Cel::Bool(decides)),
            Ok(Cel::Bool(_)) => {}
            Ok(_) => {
                err.get_or_insert_with(no_overload);
            }
            Err(e) => {
                err.get_or_insert(e);
            }
        }
    }
    match err {
        Some(e) => Err(e),
        None => Ok(Cel::Bool(!decides)),
    }
}

impl Run<'_> {
    fn charge(&mut self, units: u64) {
        self.cost = self.cost.saturating_add(units);
        if self.cost > self.limit {
            self.over = true;
        }
    }

    fn halted() -> V {
        Err(ExecutionError::function_error("@cost", "cancelled"))
    }

    /// Hands `shallow` to the cel crate with `vals` bound to its operand slots; the first
    /// error among them is the result (cel-go's strict calls).
    fn delegate(&self, shallow: &IdedExpr, vals: &[V]) -> V {
        let mut scope = self.ctx.new_inner_scope();
        for (i, v) in vals.iter().enumerate() {
            match v {
                Ok(v) => scope.add_variable_from_value(slot(i), v.clone()),
                Err(e) => return Err(e.clone()),
            }
        }
        Cel::resolve(shallow, &scope)
    }

    fn var(&self, name: &str) -> Option<&V> {
        self.scopes
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v)
    }

    fn eval(&mut self, s: &Step) -> V {
        if self.over {
            return Self::halted();
        }
        match s {
            Step::Const(v) => v.clone(),
            Step::Ident(e) => {
                self.charge(1);
                let Expr::Ident(name) = &e.expr else {
                    unreachable!()
                };
                match self.var(name) {
                    Some(v) => v.clone(),
                    None => Cel::resolve(e, self.ctx),
                }
            }
            Step::Select {
                operand,
                key,
                test,
                units,
                shallow,
            } => {
                let v = self.eval(operand);
                self.charge(*units);
                match v {
                    Ok(Cel::Map(m)) => match (test, m.map.get(key)) {
                        (true, found) => Ok(Cel::Bool(found.is_some())),
                        (false, Some(x)) => Ok(x.clone()),
                        (false, None) => self.delegate(shallow, &[Ok(Cel::Map(m))]),
                    },
                    other => self.delegate(shallow, &[other]),
                }
            }
            Step::Qualify {
                operand,
                index,
                rel,
                extra,
                optional,
                shallow,
            } => {
                let v = self.eval(operand);
                let i = self.eval(index);
                self.charge(u64::from(*rel) + extra);
                // A list's item or a map's entry that is there; else the cel crate's answer
                // (and its error).
                let found = match (&v, &i) {
                    (Ok(Cel::List(l)), Ok(Cel::Int(n))) if !*optional => {
                        usize::try_from(*n).ok().and_then(|n| l.get(n))
                    }
                    (Ok(Cel::Map(m)), Ok(k)) if !*optional => key_of(k).and_then(|k| m.map.get(&k)),
                    _ => None,
                };
                match found {
                    Some(x) => Ok(x.clone()),
                    None => self.delegate(shallow, &[v, i]),
                }
            }
            Step::And(l, r) => self.logic(l, r, false),
            Step::Or(l, r) => self.logic(l, r, true),
            Step::Cond(c, t, f) => match self.eval(c) {
                Ok(Cel::Bool(true)) => self.branch(t),
                Ok(Cel::Bool(false)) => self.branch(f),
                Ok(_) => Err(no_overload()),
                Err(e) => Err(e),
            },
            Step::Call {
                args,
                price,
                fast,
                shallow,
            } => {
                let vals: Vec<V> = args.iter().map(|a| self.eval(a)).collect();
                if self.over {
                    return Self::halted();
                }
                let out = match fast.answer(&vals) {
                    Some(v) => Ok(v),
                    None => self.delegate(shallow, &vals),
                };
                let units = price.of(&vals, &out);
                self.charge(units);
                out
            }
            Step::SetIn { lhs, shallow } => {
                let v = self.eval(lhs);
                self.delegate(shallow, &[v])
            }
            Step::List { elems, optional } => {
                let mut out = Vec::with_capacity(elems.len());
                let mut err = None;
                for (i, a) in elems.iter().enumerate() {
                    match self.eval(a) {
                        // `[?x]`: the optional's value, if any.
                        Ok(v) if optional.contains(&i) => match super::funcs::as_optional(&v) {
                            Some(o) => out.extend(o.value().cloned()),
                            None => out.push(v),
                        },
                        Ok(v) => out.push(v),
                        Err(e) => {
                            err.get_or_insert(e);
                        }
                    }
                }
                self.charge(LIST);
                match err {
                    Some(e) => Err(e),
                    None => Ok(Cel::List(Arc::new(out))),
                }
            }
            Step::Map {
                parts,
                optional,
                shallow,
            } => {
                let vals: Vec<V> = parts.iter().map(|a| self.eval(a)).collect();
                self.charge(MAP);
                let mut map = std::collections::HashMap::with_capacity(vals.len() / 2);
                for (i, kv) in vals.chunks(2).enumerate() {
                    let [k, v] = kv else { unreachable!() };
                    let (k, v) = match (k, v) {
                        (Err(e), _) | (_, Err(e)) => return Err(e.clone()),
                        (Ok(k), Ok(v)) => (k, v),
                    };
                    // A key of another type: the cel crate's error.
                    let Some(key) = key_of(k) else {
                        return self.delegate(shallow, &vals);
                    };
                    // `?k: v`: the optional's value, if any.
                    match super::funcs::as_optional(v) {
                        Some(o) if optional.contains(&i) => {
                            if let Some(inner) = o.value() {
                                map.insert(key, inner.clone());
                            }
                        }
                        _ => {
                            map.insert(key, v.clone());
                        }
                    }
                }
                Ok(Cel::Map(kube_cel::cel::objects::Map { map: Arc::new(map) }))
            }
            Step::Fold(f) => self.fold(f),
            Step::Quant(q) => self.quant(q),
            Step::Transform(t) => self.transform(t),
            Step::OptMap {
                literal,
                flat,
                opt,
                var,
                uses_var,
                body,
            } => {
                // `o.hasValue() ? optional.of(bind(var, o.value(), body)) : optional.none()`.
                let o = self.eval(opt);
                self.charge(1);
                let inner = match &o {
                    Ok(v) => match super::funcs::as_optional(v) {
                        Some(opt) => opt.value().cloned(),
                        None => return Err(no_overload()),
                    },
                    Err(e) => return Err(e.clone()),
                };
                let Some(inner) = inner else {
                    self.charge(1);
                    return Ok(Cel::Opaque(Arc::new(OptionalValue::none())));
                };
                self.charge(*literal);
                if *uses_var {
                    // The bound value, `o.value()`, is evaluated when first read.
                    let _ = self.eval(opt);
                    self.charge(1);
                }
                self.scopes.push((var.clone(), Ok(inner)));
                let r = self.eval(body);
                self.scopes.pop();
                if *flat {
                    return r;
                }
                self.charge(1);
                r.map(|v| Cel::Opaque(Arc::new(OptionalValue::of(v))))
            }
            Step::OptOr { value, opt, alt } => {
                let o = self.eval(opt)?;
                let Some(full) = super::funcs::as_optional(&o) else {
                    return Err(no_overload());
                };
                match full.value() {
                    Some(v) if *value => Ok(v.clone()),
                    Some(_) => Ok(o.clone()),
                    None => self.eval(alt),
                }
            }
            Step::SortBy {
                list,
                var,
                key,
                literals,
            } => {
                self.charge(*literals);
                self.sort_by(list, var, key)
            }
            Step::StrFmt(inner) => super::time::strfmt(self.eval(inner)?),
            Step::Lister(inner) => self.eval(inner).map_err(|_| super::time::lister_error()),
        }
    }

    /// A branch of `?:`: cel-go's conditional attribute resolves an attribute branch without
    /// observing it, so the branch's variable (or relative attribute) costs nothing there.
    fn branch(&mut self, s: &Step) -> V {
        let v = self.eval(s);
        if is_attribute(s) && !matches!(s, Step::Cond(..)) && !self.over {
            self.cost -= 1;
        }
        v
    }

    fn logic(&mut self, l: &Step, r: &Step, decides: bool) -> V {
        let left = self.eval(l);
        if matches!(left, Ok(Cel::Bool(b)) if b == decides) {
            return left;
        }
        let right = self.eval(r);
        logical([left, right], decides)
    }

    /// A comprehension as cel-go's `evalFold` runs it.
    fn fold(&mut self, f: &Fold) -> V {
        let range = self.eval(&f.range)?;
        let items: Vec<Cel> = match &range {
            Cel::List(l) => l.iter().cloned().collect(),
            Cel::Map(_) => elements(&range)
                .unwrap_or_default()
                .into_iter()
                .map(|(k, _)| k)
                .collect(),
            _ => return Err(no_overload()),
        };
        let init = self.eval(&f.init);
        let mark = self.scopes.len();
        self.scopes.push((f.accu.clone(), init));
        for x in items {
            if self.over {
                break;
            }
            self.scopes.push((f.iter.clone(), Ok(x)));
            let cond = self.eval(&f.cond);
            if matches!(cond, Ok(Cel::Bool(false))) {
                self.scopes.pop();
                break;
            }
            let next = self.eval(&f.step);
            self.scopes.pop();
            self.scopes[mark].1 = next;
        }
        let r = self.eval(&f.result);
        self.scopes.truncate(mark);
        r
    }

    /// Binds a macro's variables for one element.
    fn bind(&mut self, first: Option<&String>, second: &str, k: Cel, x: Cel, list: bool) {
        match first {
            Some(a) => {
                self.scopes.push((a.clone(), Ok(k)));
                self.scopes.push((second.to_string(), Ok(x)));
            }
            None if list => self.scopes.push((second.to_string(), Ok(x))),
            None => self.scopes.push((second.to_string(), Ok(k))),
        }
    }

    /// `all`, `exists`, `exists_one` (and their two-variable forms) as cel-go expands them.
    fn quant(&mut self, q: &Quant) -> V {
        let range = self.eval(&q.range)?;
        let list = matches!(range, Cel::List(_));
        let Some(elems) = elements(&range) else {
            return Err(no_overload());
        };
        let mut accu: V = Ok(match q.kind {
            QuantKind::All => Cel::Bool(true),
            QuantKind::Exists => Cel::Bool(false),
            QuantKind::ExistsOne => Cel::Int(0),
        });
        let mark = self.scopes.len();
        for (k, x) in elems {
            if self.over {
                break;
            }
            match q.kind {
                // `@not_strictly_false(r)` / `@not_strictly_false(!r)`.
                QuantKind::All => {
                    self.charge(2);
                    if matches!(accu, Ok(Cel::Bool(false))) {
                        break;
                    }
                }
                QuantKind::Exists => {
                    self.charge(3);
                    if matches!(accu, Ok(Cel::Bool(true))) {
                        break;
                    }
                }
                QuantKind::ExistsOne => {}
            }
            self.bind(q.first.as_ref(), &q.second, k, x, list);
            accu = match q.kind {
                // `r && p`, `r || p`.
                QuantKind::All | QuantKind::Exists => {
                    let decides = q.kind == QuantKind::Exists;
                    self.charge(1);
                    if matches!(accu, Ok(Cel::Bool(b)) if b == decides) {
                        accu
                    } else {
                        let p = self.eval(&q.pred);
                        logical([accu, p], decides)
                    }
                }
                // `p ? r + 1 : r`.
                QuantKind::ExistsOne => match self.eval(&q.pred) {
                    Ok(Cel::Bool(true)) => {
                        self.charge(2);
                        match accu {
                            Ok(Cel::Int(n)) => Ok(Cel::Int(n + 1)),
                            other => other,
                        }
                    }
                    // An attribute branch of `?:` is free (see `branch`).
                    Ok(Cel::Bool(false)) => accu,
                    Ok(_) => Err(no_overload()),
                    Err(e) => Err(e),
                },
            };
            self.scopes.truncate(mark);
        }
        match q.kind {
            QuantKind::ExistsOne => {
                // `r == 1`.
                self.charge(2);
                accu.map(|n| Cel::Bool(matches!(n, Cel::Int(1))))
            }
            _ => {
                self.charge(1);
                accu
            }
        }
    }

    /// `transformList`, `transformMap`, `transformMapEntry` as cel-go expands them.
    fn transform(&mut self, t: &Transform) -> V {
        let range = self.eval(&t.range)?;
        let Some(elems) = elements(&range) else {
            return Err(no_overload());
        };
        self.charge(t.init);
        let mut list: Vec<Cel> = Vec::new();
        let mut map: std::collections::HashMap<Key, Cel> = std::collections::HashMap::new();
        let mut err: Option<ExecutionError> = None;
        let mark = self.scopes.len();
        for (k, x) in elems {
            if self.over {
                break;
            }
            self.bind(Some(&t.a), &t.b, k.clone(), x, true);
            let keep = match &t.filter {
                None => Ok(true),
                Some(f) => match self.eval(f) {
                    Ok(Cel::Bool(b)) => Ok(b),
                    Ok(_) => Err(no_overload()),
                    Err(e) => Err(e),
                },
            };
            match keep {
                Err(e) => err = Some(e),
                // `r`, an attribute branch of `?:`: free (see `branch`).
                Ok(false) => {}
                Ok(true) => {
                    let body_const = is_const(&t.body);
                    let v = self.eval(&t.body);
                    match t.shape {
                        // `r + [e]`.
                        Shape::List => {
                            self.charge(1 + 1 + if body_const { 0 } else { LIST });
                            match (v, &err) {
                                (_, Some(_)) => {}
                                (Ok(v), None) => list.push(v),
                                (Err(e), None) => err = Some(e),
                            }
                        }
                        // `cel.@mapInsert(r, k, e)`.
                        Shape::Map => {
                            self.charge(3);
                            match (v, &err) {
                                (_, Some(_)) => {}
                                (Ok(v), None) => match key_of(&k) {
                                    Some(key) => {
                                        map.insert(key, v);
                                    }
                                    None => err = Some(no_overload()),
                                },
                                (Err(e), None) => err = Some(e),
                            }
                        }
                        // `cel.@mapInsert(r, e)`.
                        Shape::Entry => {
                            self.charge(2);
                            match (v, &err) {
                                (_, Some(_)) => {}
                                (Ok(Cel::Map(entry)), None) => {
                                    for (ek, ev) in entry.map.iter() {
                                        if map.insert(ek.clone(), ev.clone()).is_some() {
                                            err = Some(super::funcs::key_exists(ek));
                                            break;
                                        }
                                    }
                                }
                                (Ok(_), None) => err = Some(no_overload()),
                                (Err(e), None) => err = Some(e),
                            }
                        }
                    }
                }
            }
            self.scopes.truncate(mark);
        }
        self.charge(1);
        if let Some(e) = err {
            return Err(e);
        }
        Ok(match t.shape {
            Shape::List => Cel::List(Arc::new(list)),
            _ => Cel::Map(kube_cel::cel::objects::Map { map: Arc::new(map) }),
        })
    }

    /// `l.sortBy(x, key)`: cel-go binds the list, maps it to its keys, then
    /// `@sortByAssociatedKeys`.
    fn sort_by(&mut self, list: &Step, var: &str, key: &Step) -> V {
        let items = match self.eval(list) {
            Ok(Cel::List(items)) => items,
            Ok(_) => return Err(no_overload()),
            Err(_) => return Err(super::time::lister_error()),
        };
        // The bound list read twice, the map's range and result.
        self.charge(1 + 1 + 1);
        let key_const = is_const(key);
        let mut keys = Vec::with_capacity(items.len());
        let mut err = None;
        for x in items.iter() {
            if self.over {
                break;
            }
            self.scopes.push((var.to_string(), Ok(x.clone())));
            let k = self.eval(key);
            self.scopes.pop();
            self.charge(1 + 1 + if key_const { 0 } else { LIST });
            match k {
                Ok(k) if err.is_none() => keys.push(k),
                Ok(_) => {}
                Err(e) => {
                    err.get_or_insert(e);
                }
            }
        }
        if err.is_some() {
            // The tracker of `@sortByAssociatedKeys` asserts its keys are a list: the
            // apiserver's recovered panic.
            return Err(super::time::lister_error());
        }
        let keys_v: V = Ok(Cel::List(Arc::new(keys.clone())));
        let out = super::funcs::sort_by_keys(&items, keys);
        let units = Price::SelfCompare(1).of(&[Ok(Cel::List(items.clone())), keys_v], &out);
        self.charge(units);
        out
    }
}

/// A map key of a value (`transformMap` over a list or map).
fn key_of(k: &Cel) -> Option<Key> {
    match k {
        Cel::String(s) => Some(Key::String(s.clone())),
        Cel::Int(i) => Some(Key::Int(*i)),
        Cel::UInt(u) => Some(Key::Uint(*u)),
        Cel::Bool(b) => Some(Key::Bool(*b)),
        _ => None,
    }
}
