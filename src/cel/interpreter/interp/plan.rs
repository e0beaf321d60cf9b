//! Planning: a rule's expression as cel-go's planner turns it into steps for the apiserver
//! (`OptOptimize` folds, set lookups, attributes), each call priced ([`super::price`]) and
//! bound to its library function.

use super::price::{price, IN_LIST};
use super::{Fold, Quant, QuantKind, SetKey, Shape, Step, Transform, LIST, MAP, V};
use crate::cel::ast::{CallExpr, ComprehensionExpr, EntryExpr, Expr, IdedExpr, LiteralValue};
use crate::cel::check::Checked;
use crate::cel::library::{bind, Call};
use crate::cel::lists::ListOp;
use crate::cel::val::{Error, Key, Val};

pub(super) struct Planner<'a> {
    pub(super) checked: &'a Checked,
    pub(super) optimize: bool,
    pub(super) presence_cost: bool,
    /// The first error cel-go's program creation fails with (its decorators': a conversion
    /// of a constant that fails, a constant pattern of `find` or `findAll` that does not
    /// compile), in the order the planner builds the steps (operands before their call).
    pub(super) failed: std::cell::RefCell<Option<Error>>,
}

impl Planner<'_> {
    fn fail(&self, e: Error) {
        self.failed.borrow_mut().get_or_insert(e);
    }
}

fn string_name(e: &IdedExpr) -> String {
    match &e.expr {
        Expr::Literal(LiteralValue::String(s)) => s.clone(),
        _ => String::new(),
    }
}

/// The type `e` names, which cel-go's planner makes a constant (`planCheckedIdent`: a checked
/// identifier of a type's type is the value the type provider's `FindIdent` gives for its
/// name), costing nothing at run time: a type identifier (`int`), also one bound to a variable
/// whose type is a type (cel-go's plan looks up the name, not the variable), and a qualified
/// one (`net.IP`), which the checker resolved before the selection.
fn type_name(e: &IdedExpr, pl: &Planner) -> Option<String> {
    use crate::cel::types::{self, Ty};
    match &e.expr {
        Expr::Ident(name) => {
            let is_type = matches!(pl.checked.types.get(&e.id), Some(Ty::Type(_)));
            (is_type && types::denoted(name).is_some()).then(|| name.clone())
        }
        Expr::Select(_) => types::named_by_selection(e).map(|(name, _)| name),
        _ => None,
    }
}

/// The name a macro binds (the parser's identifier).
fn var_name(e: &IdedExpr) -> Option<String> {
    match &e.expr {
        Expr::Ident(n) => Some(n.clone()),
        _ => None,
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
const ACCU: &str = crate::cel::syntax::HIDDEN_ACCUMULATOR;

/// Plans `e`. A read of a `byte`, `duration`, `date` or `date-time` string is wrapped in
/// [`Step::StrFmt`], which fails with the conversion's error when the string did not convert
/// ([`crate::cel::value::Invalid`]).
pub(super) fn plan(e: &IdedExpr, pl: &Planner) -> Step {
    let step = plan_node(e, pl);
    match pl.checked.strfmt.contains(&e.id) {
        true => Step::StrFmt(Box::new(step)),
        false => step,
    }
}

fn plan_node(e: &IdedExpr, pl: &Planner) -> Step {
    if let Expr::Comprehension(c) = &e.expr {
        if let Some(q) = quantifier(c, pl) {
            return q;
        }
    }
    if let Some(name) = type_name(e, pl) {
        return Step::Const(Ok(Val::type_of(&name)));
    }
    match &e.expr {
        // `.g` after an optional selection (`x.?f.g`) is one too.
        Expr::Select(s) if !s.test && is_optional(&s.operand) => {
            optional_select(plan(&s.operand, pl), &s.field)
        }
        Expr::Literal(l) => Step::Const(literal(l)),
        Expr::Ident(name) => Step::Ident(name.clone()),
        Expr::Select(s) => {
            let operand = plan(&s.operand, pl);
            Step::Select {
                units: u64::from(!is_attribute(&operand)) + u64::from(!s.test || pl.presence_cost),
                operand: Box::new(operand),
                key: Key::str(&s.field),
                test: s.test,
            }
        }
        Expr::Call(c) => plan_call(e.id, c, pl),
        Expr::List(l) => {
            let elems: Vec<Step> = l.elements.iter().map(|x| plan(x, pl)).collect();
            let all_const = elems.iter().all(is_const);
            let step = Step::List {
                elems,
                optional: l.optional_indices.clone(),
            };
            match pl.optimize && all_const {
                true => Step::Const(fold(&step)),
                false => step,
            }
        }
        Expr::Map(m) => {
            let mut parts = Vec::new();
            let mut optional = Vec::new();
            for (i, entry) in m.entries.iter().enumerate() {
                let EntryExpr::MapEntry(me) = &entry.expr else {
                    return Step::Const(Err(unsupported_message()));
                };
                if me.optional {
                    optional.push(i);
                }
                parts.push(plan(&me.key, pl));
                parts.push(plan(&me.value, pl));
            }
            let all_const = parts.iter().all(is_const);
            let step = Step::Map { parts, optional };
            match pl.optimize && all_const {
                true => Step::Const(fold(&step)),
                false => step,
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
        Expr::Struct(_) | Expr::Unspecified => Step::Const(Err(unsupported_message())),
    }
}

/// What a message literal (`Msg{…}`) evaluates to: a CRD rule has no message types.
fn unsupported_message() -> Error {
    Error::text("message types are not supported")
}

/// A literal's value.
fn literal(l: &LiteralValue) -> V {
    Ok(match l {
        LiteralValue::Int(i) => Val::Int(*i),
        LiteralValue::UInt(u) => Val::Uint(*u),
        LiteralValue::Double(d) => Val::Double(*d),
        LiteralValue::String(s) => Val::str(s.as_ref()),
        LiteralValue::Bytes(b) => Val::bytes(b.as_ref()),
        LiteralValue::Boolean(b) => Val::Bool(*b),
        LiteralValue::Null => Val::Null,
    })
}

/// Evaluates a step of constant operands once, as `OptOptimize` does when planning.
fn fold(step: &Step) -> V {
    match super::run::run(step, &[], u64::MAX).0 {
        Ok(v) => v,
        Err(super::Stop::Limit) => unreachable!("a constant costs nothing"),
    }
}

/// `x.?f`: an optional of `x`'s field `f` (empty when absent; `x` itself may be optional).
fn optional_select(operand: Step, field: &str) -> Step {
    Step::Qualify {
        optional: true,
        rel: !is_attribute(&operand),
        operand: Box::new(operand),
        index: Box::new(Step::Const(Ok(Val::str(field)))),
        extra: 1,
    }
}

/// A function the environment declares but has no runtime for here (the authorizer's,
/// which a CRD rule has no value to call on).
fn missing(_: &[Val]) -> V {
    Err(Error::NoSuchOverload)
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
    if let Some(step) = two_variable(c, pl).or_else(|| opt_map(c, pl)) {
        return step;
    }
    let boxed = |i: usize| Box::new(plan(&c.args[i], pl));
    let name = c.func_name.as_str();
    match (name, c.args.len(), c.target.as_deref()) {
        ("_&&_", 2, None) => return Step::And(boxed(0), boxed(1)),
        ("_||_", 2, None) => return Step::Or(boxed(0), boxed(1)),
        ("_?_:_", 3, None) => return Step::Cond(boxed(0), boxed(1), boxed(2)),
        ("_?._", 2, None) => {
            return optional_select(plan(&c.args[0], pl), &string_name(&c.args[1]));
        }
        // The optionals' `or` and `orValue`: the argument only when the optional is empty.
        ("or" | "orValue", 1, Some(target)) => {
            return Step::OptOr {
                value: name == "orValue",
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
    let overload = pl.checked.overloads.get(&id).copied();
    match name {
        "_[_]" | "_[?_]" if args.len() == 2 => {
            let index = args.pop().expect("an index");
            let operand = args.pop().expect("an operand");
            let extra = match &index {
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
            };
        }
        "@in" if pl.optimize && overload == Some(IN_LIST) => {
            if let Some(Step::Const(Ok(Val::List(l)))) = args.get(1) {
                let primitive = |v: &Val| {
                    matches!(
                        v,
                        Val::Int(_) | Val::Uint(_) | Val::Double(_) | Val::String(_) | Val::Bool(_)
                    )
                };
                if l.items().is_empty() {
                    return Step::Const(Ok(Val::Bool(false)));
                }
                if l.items().iter().all(primitive) {
                    let set = l.items().iter().flat_map(SetKey::of_literal).collect();
                    let rhs = args.pop().expect("a list");
                    let lhs = args.pop().expect("a value");
                    let Step::Const(Ok(list)) = rhs else {
                        unreachable!()
                    };
                    return Step::SetIn {
                        lhs: Box::new(lhs),
                        set,
                        list,
                    };
                }
            }
        }
        _ => {}
    }
    // The regex library's `FindRegexOptimization` and `FindAllRegexOptimization`: a constant
    // pattern is compiled when the program is created, which fails with Go's error.
    if pl.optimize && matches!(name, "find" | "findAll") {
        if let Some(Step::Const(Ok(Val::String(pattern)))) = args.get(1) {
            if let Some(e) = crate::cel::library::compile_error(pattern) {
                pl.fail(e);
            }
        }
    }
    let call = bind(name, overload, &pl.checked.env).unwrap_or(Call::Direct(missing));
    let step = Step::Call {
        price: price(name, overload),
        call,
        op: ListOp::of(name),
        args,
    };
    if pl.optimize && CONVERSIONS.contains(&name) {
        if let Step::Call { args, .. } = &step {
            if args.len() == 1 && is_const(&args[0]) {
                // cel-go's `maybeOptimizeConstUnary`: the value, or program creation fails.
                return match fold(&step) {
                    Err(e) => {
                        pl.fail(e);
                        step
                    }
                    v => Step::Const(v),
                };
            }
        }
    }
    step
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

/// Whether `e` reads variable `name` where it is in scope: a comprehension's variables of that
/// name hide it in its condition and step, its accumulator in its result too.
fn reads(e: &IdedExpr, name: &str) -> bool {
    match &e.expr {
        Expr::Comprehension(c) => {
            let hidden = c.accu_var == name;
            let hidden_in_loop =
                hidden || c.iter_var == name || c.iter_var2.as_deref() == Some(name);
            reads(&c.iter_range, name)
                || reads(&c.accu_init, name)
                || (!hidden_in_loop && (reads(&c.loop_cond, name) || reads(&c.loop_step, name)))
                || (!hidden && reads(&c.result, name))
        }
        _ => {
            crate::cel::ast::children(e)
                .into_iter()
                .any(|x| reads(x, name))
                || matches!(&e.expr, Expr::Ident(n) if n == name)
        }
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

/// `r.all(i, v, p)` (and `exists`, `existsOne` and its alias `exists_one`, which the cel
/// crate does not parse as macros), `transformList`, `transformMap`, `transformMapEntry` (with
/// or without their filter): the two-variable comprehensions, as cel-go expands them.
fn two_variable(c: &CallExpr, pl: &Planner) -> Option<Step> {
    let (quant, with_filter) = match c.func_name.as_str() {
        "all" => (Some(QuantKind::All), false),
        "exists" => (Some(QuantKind::Exists), false),
        "existsOne" | "exists_one" => (Some(QuantKind::ExistsOne), false),
        "transformList" | "transformMap" | "transformMapEntry" => (None, true),
        _ => return None,
    };
    let n = c.args.len();
    let range = c.target.as_deref()?;
    if !(n == 3 || (with_filter && n == 4)) {
        return None;
    }
    let (a, b) = (var_name(&c.args[0])?, var_name(&c.args[1])?);
    let range = plan(range, pl);
    let body = plan(&c.args[n - 1], pl);
    if let Some(kind) = quant {
        return Some(Step::Quant(Box::new(Quant {
            kind,
            range,
            first: Some(a),
            second: b,
            pred: body,
        })));
    }
    let shape = match c.func_name.as_str() {
        "transformList" => Shape::List,
        "transformMap" => Shape::Map,
        _ => Shape::Entry,
    };
    let init = match (pl.optimize, shape) {
        (true, _) => 0,
        (false, Shape::List) => LIST,
        (false, _) => MAP,
    };
    Some(Step::Transform(Box::new(Transform {
        init,
        shape,
        range,
        a,
        b,
        filter: (n == 4).then(|| plan(&c.args[2], pl)),
        body,
    })))
}

/// `o.optMap(x, e)` and `o.optFlatMap(x, e)` (macros of 1.36's optionals); the lists
/// library's `l.sortBy(x, k)`.
fn opt_map(c: &CallExpr, pl: &Planner) -> Option<Step> {
    let name = c.func_name.as_str();
    if !matches!(name, "optMap" | "optFlatMap" | "sortBy") {
        return None;
    }
    let ([var, body], Some(target)) = (c.args.as_slice(), c.target.as_deref()) else {
        return None;
    };
    let var = var_name(var)?;
    if name == "sortBy" {
        return Some(Step::SortBy {
            list: Box::new(plan(target, pl)),
            var,
            key: Box::new(plan(body, pl)),
            literals: if pl.optimize { 0 } else { 2 * LIST },
        });
    }
    Some(Step::OptMap {
        literal: if pl.optimize { 0 } else { LIST },
        flat: name == "optFlatMap",
        opt: Box::new(plan(target, pl)),
        uses_var: mentions(body, &var),
        var,
        body: Box::new(plan(body, pl)),
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

/// `all`, `exists` and `exists_one` (one variable), as the parser expands them: evaluated as
/// cel-go expands them, an error carried across iterations instead of stopping at it
/// (`[error, false].all(…)` is false).
fn quantifier(c: &ComprehensionExpr, pl: &Planner) -> Option<Step> {
    if !crate::cel::syntax::is_accumulator(&c.accu_var) || c.iter_var2.is_some() {
        return None;
    }
    let Expr::Call(step) = &c.loop_step.expr else {
        return None;
    };
    let is_accu = |e: &IdedExpr| matches!(&e.expr, Expr::Ident(n) if *n == c.accu_var);
    let (kind, pred) = match (step.func_name.as_str(), step.args.as_slice()) {
        ("_&&_", [a, p]) if is_accu(a) => (QuantKind::All, p),
        ("_||_", [a, p]) if is_accu(a) => (QuantKind::Exists, p),
        ("_?_:_", [p, inc, a]) if is_accu(a) && is_increment(inc) => (QuantKind::ExistsOne, p),
        _ => return None,
    };
    // Before cel-go v0.23 the accumulator was `__result__`, a name a rule could write: then
    // only the fold evaluates it as cel-go does (where a variable of that name hides it).
    if c.accu_var != ACCU && (c.iter_var == c.accu_var || reads(pred, &c.accu_var)) {
        return None;
    }
    Some(Step::Quant(Box::new(Quant {
        kind,
        range: plan(&c.iter_range, pl),
        first: None,
        second: c.iter_var.clone(),
        pred: plan(pred, pl),
    })))
}
