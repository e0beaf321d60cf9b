//! Planning: a rule's expression as cel-go's planner turns it into steps for the apiserver
//! (`OptOptimize` folds, set lookups, attributes), each call priced ([`super::price`]).

use super::super::check::Checked;
use super::super::lists::ListOp;
use super::price::{price, Fast};
use super::{Fold, Quant, QuantKind, SetKey, Shape, Step, Transform, LIST, MAP, SLOTS, V};
use kube_cel::cel::common::ast::{
    CallExpr, ComprehensionExpr, EntryExpr, Expr, IdedEntryExpr, IdedExpr, LiteralValue,
    MapEntryExpr, MapExpr, SelectExpr,
};
use kube_cel::cel::objects::Key;
use kube_cel::cel::{ExecutionError, Value as Cel};
use std::sync::Arc;

pub(super) struct Planner<'a> {
    pub(super) checked: &'a Checked,
    pub(super) optimize: bool,
    pub(super) presence_cost: bool,
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
pub(super) fn is_attribute(s: &Step) -> bool {
    matches!(
        s,
        Step::Ident(_) | Step::Select { test: false, .. } | Step::Qualify { .. } | Step::Cond(..)
    ) || matches!(s, Step::StrFmt(inner) if is_attribute(inner))
}

pub(super) fn is_const(s: &Step) -> bool {
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

/// The name the parser gives a macro's accumulator.
const ACCU: &str = "@result";

/// Plans `e`. A read of a `byte`, `duration`, `date` or `date-time` string is wrapped in [`Step::StrFmt`], which
/// fails with the conversion's error when the string did not convert
/// ([`super::super::value::Invalid`]).
pub(super) fn plan(e: &IdedExpr, pl: &Planner) -> Step {
    let step = plan_node(e, pl);
    match pl.checked.strfmt.contains(&e.id) {
        true => Step::StrFmt(Box::new(step)),
        false => step,
    }
}

fn plan_node(e: &IdedExpr, pl: &Planner) -> Step {
    if let Some(call) = match &e.expr {
        Expr::Comprehension(c) => quantifier(c),
        _ => None,
    } {
        return plan_call(e.id, &call, pl);
    }
    match &e.expr {
        // `.g` after an optional selection (`x.?f.g`) is one too.
        Expr::Select(s) if !s.test && is_optional(&s.operand) => {
            let call = CallExpr {
                func_name: "_?._".into(),
                target: None,
                args: vec![(*s.operand).clone(), string_literal(&s.field)],
            };
            plan_call(e.id, &call, pl)
        }
        Expr::Literal(_) => {
            Step::Const(super::super::library::with_root(|ctx| Cel::resolve(e, ctx)))
        }
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
pub(super) fn slot(i: usize) -> String {
    SLOTS
        .get(i)
        .map_or_else(|| format!("@{i}"), |s| s.to_string())
}

/// Evaluates a step of constant operands once, as `OptOptimize` does when planning.
pub(super) fn fold(shallow: &IdedExpr, parts: &[Step]) -> V {
    super::super::library::with_root(|root| {
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
    if let Some(qualified) = pl.checked.globals.get(&id) {
        if c.target.is_some() {
            let global = CallExpr {
                func_name: qualified.clone(),
                target: None,
                args: c.args.clone(),
            };
            return plan_call(id, &global, pl);
        }
    }
    if let Some(call) = two_variable(c).or_else(|| opt_map(c)) {
        return plan_call(id, &call, pl);
    }
    let arg = |i: usize| plan(&c.args[i], pl);
    let boxed = |i: usize| Box::new(plan(&c.args[i], pl));
    let name = planned_name(id, c, pl.checked);
    match (name, c.args.len(), c.target.is_some()) {
        ("@and", 2, false) => return Step::And(boxed(0), boxed(1)),
        ("@or", 2, false) => return Step::Or(boxed(0), boxed(1)),
        ("_?_:_", 3, false) => return Step::Cond(boxed(0), boxed(1), boxed(2)),
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
        // The receiver of `distinct()` and `sort()`: the apiserver's cost tracker of those
        // calls asserts that it is a list, so an error there is the recovered panic's text.
        let lister = matches!(name, "distinct" | "sort") && c.args.is_empty();
        args.push(match lister {
            true => Step::Lister(Box::new(plan(t, pl))),
            false => plan(t, pl),
        });
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
            func_name: name.to_string(),
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
        "@in" if pl.optimize && sig.is_some_and(|s| s.starts_with("@in g A list")) => {
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
                    let set = l.iter().flat_map(SetKey::of_literal).collect();
                    let rhs = args.pop().expect("a list");
                    let lhs = args.pop().expect("a value");
                    let Step::Const(Ok(list)) = rhs else {
                        unreachable!()
                    };
                    return Step::SetIn {
                        lhs: Box::new(lhs),
                        set,
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
    let fast = Fast::of(name, args.len(), sig);
    if let (Some(hints), Some(op)) = (pl.checked.lists.get(&id), ListOp::of(name)) {
        return Step::Lists {
            op,
            hints: hints.clone(),
            args,
            price: price(name, sig),
            fast,
            shallow,
        };
    }
    Step::Call {
        fast,
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

/// The name call `c` is planned and evaluated under, where the check gave it cel-go's
/// semantics that the cel crate's function of its name lacks: `&&` and `||` and the
/// optionals' `or`/`orValue` evaluated by [`Step::And`], [`Step::Or`], [`Step::OptOr`]
/// (`false && error` is false, in either order; the argument only when the optional is
/// empty); `x.?f` (`@optsel`: an empty optional for a missing field); `+` and `-` that may
/// work on timestamps or durations (`@add`/`@sub`: cel-go's overflow checks and texts,
/// [`super::super::time`]); `==` and `!=` on optionals (`@opt_eq`/`@opt_ne`: equal when both
/// are empty or hold equal values).
fn planned_name<'c>(id: u64, c: &'c CallExpr, checked: &Checked) -> &'c str {
    match (c.func_name.as_str(), c.target.is_some(), c.args.len()) {
        ("_&&_", false, 2) => "@and",
        ("_||_", false, 2) => "@or",
        ("_?._", false, 2) => "@optsel",
        ("_+_", ..) if checked.time_arith.contains(&id) && !checked.lists.contains_key(&id) => {
            "@add"
        }
        ("_-_", ..) if checked.time_arith.contains(&id) => "@sub",
        ("_==_", ..) if checked.optional_eq.contains(&id) => "@opt_eq",
        ("_!=_", ..) if checked.optional_eq.contains(&id) => "@opt_ne",
        ("or", true, 1) => "@opt_or",
        ("orValue", true, 1) => "@opt_orValue",
        (name, ..) => name,
    }
}

/// Whether `e` gives an optional through field selection (`x.?f`, `x.?f.g`).
fn is_optional(e: &IdedExpr) -> bool {
    match &e.expr {
        Expr::Call(c) => c.func_name == "_?._",
        Expr::Select(s) => !s.test && is_optional(&s.operand),
        _ => false,
    }
}

fn string_literal(s: &str) -> IdedExpr {
    IdedExpr {
        id: 0,
        expr: Expr::Literal(LiteralValue::String(s.into())),
    }
}

/// `r.all(i, v, p)` (and `exists`, `existsOne` and its alias `exists_one`, which the cel
/// crate does not parse as macros) as `@all2(r, 'i', 'v', p)`; `transformList`,
/// `transformMap`, `transformMapEntry` (with or without their filter) as
/// `@transformList(r, 'i', 'v', [f,] e)`.
fn two_variable(c: &CallExpr) -> Option<CallExpr> {
    let (name, with_filter) = match c.func_name.as_str() {
        "all" => ("@all2", false),
        "exists" => ("@exists2", false),
        "existsOne" | "exists_one" => ("@existsOne2", false),
        "transformList" => ("@transformList", true),
        "transformMap" => ("@transformMap", true),
        "transformMapEntry" => ("@transformMapEntry", true),
        _ => return None,
    };
    let n = c.args.len();
    let range = c.target.as_deref()?;
    if !(n == 3 || (with_filter && n == 4)) {
        return None;
    }
    let (Expr::Ident(a), Expr::Ident(b)) = (&c.args[0].expr, &c.args[1].expr) else {
        return None;
    };
    let mut args = vec![range.clone(), string_literal(a), string_literal(b)];
    args.extend(c.args[2..].iter().cloned());
    Some(CallExpr {
        func_name: name.into(),
        target: None,
        args,
    })
}

/// `o.optMap(x, e)` and `o.optFlatMap(x, e)` (macros of 1.36's optionals) as
/// `@optMap(o, 'x', e)` and `@optFlatMap(o, 'x', e)`; the lists library's `l.sortBy(x, k)` as
/// `@sortBy(l, 'x', k)`.
fn opt_map(c: &CallExpr) -> Option<CallExpr> {
    let name = match c.func_name.as_str() {
        "optMap" => "@optMap",
        "optFlatMap" => "@optFlatMap",
        "sortBy" => "@sortBy",
        _ => return None,
    };
    let ([var, body], Some(target)) = (c.args.as_slice(), c.target.as_deref()) else {
        return None;
    };
    let Expr::Ident(var) = &var.expr else {
        return None;
    };
    Some(CallExpr {
        func_name: name.into(),
        target: None,
        args: vec![target.clone(), string_literal(var), body.clone()],
    })
}

/// `@result + 1` (`exists_one`'s step; `filter` appends a list instead).
fn is_increment(e: &IdedExpr) -> bool {
    match &e.expr {
        Expr::Call(c) if c.func_name == "_+_" => {
            matches!(
                c.args.get(1).map(|a| &a.expr),
                Some(Expr::Literal(LiteralValue::Int(_)))
            )
        }
        _ => false,
    }
}

/// `all`, `exists` and `exists_one` (one variable), as the parser expands them, as a call
/// `@all(range, 'var', predicate)`: evaluated as cel-go expands them, an error carried
/// across iterations instead of stopping at it (`[error, false].all(…)` is false).
fn quantifier(c: &ComprehensionExpr) -> Option<CallExpr> {
    if c.accu_var != ACCU || c.iter_var2.is_some() {
        return None;
    }
    let Expr::Call(step) = &c.loop_step.expr else {
        return None;
    };
    let is_accu = |e: &IdedExpr| matches!(&e.expr, Expr::Ident(n) if n == ACCU);
    let (name, pred) = match (step.func_name.as_str(), step.args.as_slice()) {
        ("_&&_", [a, p]) if is_accu(a) => ("@all", p),
        ("_||_", [a, p]) if is_accu(a) => ("@exists", p),
        ("_?_:_", [p, inc, a]) if is_accu(a) && is_increment(inc) => ("@exists_one", p),
        _ => return None,
    };
    Some(CallExpr {
        func_name: name.into(),
        target: None,
        args: vec![
            c.iter_range.clone(),
            string_literal(&c.iter_var),
            pred.clone(),
        ],
    })
}
