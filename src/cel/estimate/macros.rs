//! The macros cel-go's parser expands that ours leaves as calls (`crate::cel::syntax`): 1.36's
//! two-variable comprehensions (`all(k, v, p)`, `exists`, `existsOne`, `transformList`,
//! `transformMap`, `transformMapEntry`) become the folds cel-go builds for them;
//! `optMap`/`optFlatMap` are costed as their expansion (`hasValue() ? optional.of(bind(v, value(),
//! body)) : optional.none()`), `sortBy` as its own (`bind(l, list, l.@sortByAssociatedKeys(l.map(v,
//! key)))`).

use super::range::{Range, LIST_CREATE};
use super::walk::{Info, Walker};
use crate::cel::ast::{
    CallExpr, ComprehensionExpr, Expr, IdedExpr, ListExpr, LiteralValue, MapExpr,
};
use crate::cel::types::Ty;

const ACCU: &str = crate::cel::syntax::HIDDEN_ACCUMULATOR;

/// The estimate of `c` when it is one of these macros.
pub fn expand(w: &mut Walker<'_>, c: &CallExpr) -> Option<Info> {
    let target = c.target.as_deref()?;
    let name = c.func_name.as_str();
    if let ("optMap" | "optFlatMap", [var, body]) = (name, c.args.as_slice()) {
        let Expr::Ident(v) = &var.expr else {
            return None;
        };
        return Some(opt_map(w, target, v, body, name == "optFlatMap"));
    }
    if let ("sortBy", [var, key]) = (name, c.args.as_slice()) {
        let Expr::Ident(v) = &var.expr else {
            return None;
        };
        return Some(sort_by(w, target, v, key));
    }
    let (Expr::Ident(a), Expr::Ident(b)) = (&c.args.first()?.expr, &c.args.get(1)?.expr) else {
        return None;
    };
    let rest = &c.args[2..];
    let (init, cond, step, result) = match (name, rest) {
        ("all", [p]) => (
            lit(LiteralValue::Boolean(true)),
            call("@not_strictly_false", vec![accu()]),
            call("_&&_", vec![accu(), p.clone()]),
            accu(),
        ),
        ("exists", [p]) => (
            lit(LiteralValue::Boolean(false)),
            call("@not_strictly_false", vec![call("!_", vec![accu()])]),
            call("_||_", vec![accu(), p.clone()]),
            accu(),
        ),
        ("existsOne", [p]) => {
            let plus = call("_+_", vec![accu(), one()]);
            (
                lit(LiteralValue::Int(0)),
                yes(),
                call("_?_:_", vec![p.clone(), plus, accu()]),
                call("_==_", vec![accu(), one()]),
            )
        }
        ("transformList", [.., f]) if rest.len() <= 2 => {
            let list = expr(Expr::List(ListExpr::new(vec![f.clone()])));
            let step = filtered(rest, call("_+_", vec![accu(), list]));
            let init = expr(Expr::List(ListExpr::new(Vec::new())));
            (init, yes(), step, accu())
        }
        ("transformMap" | "transformMapEntry", [.., f]) if rest.len() <= 2 => {
            let args = match name {
                "transformMap" => vec![accu(), ident(a), f.clone()],
                _ => vec![accu(), f.clone()],
            };
            let step = filtered(rest, call("cel.@mapInsert", args));
            let init = expr(Expr::Map(MapExpr::default()));
            (init, yes(), step, accu())
        }
        _ => return None,
    };
    let fold = ComprehensionExpr {
        iter_range: target.clone(),
        iter_var: a.clone(),
        iter_var2: Some(b.clone()),
        accu_var: ACCU.into(),
        accu_init: init,
        loop_cond: cond,
        loop_step: step,
        result,
    };
    Some(w.comprehension(&fold))
}

/// `optMap` and `optFlatMap`, costed as cel-go expands them.
fn opt_map(w: &mut Walker<'_>, target: &IdedExpr, var: &str, body: &IdedExpr, flat: bool) -> Info {
    let opt = w.expr(target);
    let inner = match &opt.ty {
        Ty::Optional(t) => (**t).clone(),
        _ => Ty::Unknown,
    };
    let one = Range::fixed(1);
    let value = w.finish(opt.cost.add(one), inner, Vec::new(), None, None);
    let has_value = opt.cost.add(one);
    let mapped = w.bind(var, &value, body);
    let bound = Range::fixed(LIST_CREATE).add(value.cost).add(mapped.cost);
    let (some, ty) = match flat {
        true => (bound, mapped.ty),
        false => (bound.add(one), Ty::Optional(Box::new(mapped.ty))),
    };
    let cost = has_value.add(some.union(one));
    w.finish(cost, ty, Vec::new(), None, None)
}

/// `list.sortBy(v, key)`, costed as cel-go expands it: `list` bound to a variable `l` for
/// `l.@sortByAssociatedKeys(l.map(v, key))`.
fn sort_by(w: &mut Walker<'_>, target: &IdedExpr, var: &str, key: &IdedExpr) -> Info {
    const INPUT: &str = "@__sortBy_input__";
    let list = w.expr(target);
    let keys = ComprehensionExpr {
        iter_range: ident(INPUT),
        iter_var: var.into(),
        iter_var2: None,
        accu_var: ACCU.into(),
        accu_init: expr(Expr::List(ListExpr::new(Vec::new()))),
        loop_cond: yes(),
        loop_step: call(
            "_+_",
            vec![accu(), expr(Expr::List(ListExpr::new(vec![key.clone()])))],
        ),
        result: accu(),
    };
    let sort = expr(Expr::Call(CallExpr {
        func_name: "@sortByAssociatedKeys".into(),
        target: Some(Box::new(ident(INPUT))),
        args: vec![expr(Expr::Comprehension(Box::new(keys)))],
    }));
    let sorted = w.bind(INPUT, &list, &sort);
    let cost = Range::fixed(LIST_CREATE).add(list.cost).add(sorted.cost);
    w.finish(cost, sorted.ty, Vec::new(), sorted.size, sorted.entry)
}

/// A transform's step, behind its filter when it has one.
fn filtered(rest: &[IdedExpr], step: IdedExpr) -> IdedExpr {
    match rest {
        [filter, _] => call("_?_:_", vec![filter.clone(), step, accu()]),
        _ => step,
    }
}

fn expr(e: Expr) -> IdedExpr {
    IdedExpr { id: 0, expr: e }
}

fn ident(name: &str) -> IdedExpr {
    expr(Expr::Ident(name.into()))
}

fn accu() -> IdedExpr {
    ident(ACCU)
}

fn lit(l: LiteralValue) -> IdedExpr {
    expr(Expr::Literal(l))
}

fn one() -> IdedExpr {
    lit(LiteralValue::Int(1))
}

fn yes() -> IdedExpr {
    lit(LiteralValue::Boolean(true))
}

fn call(name: &str, args: Vec<IdedExpr>) -> IdedExpr {
    expr(Expr::Call(CallExpr {
        func_name: name.into(),
        target: None,
        args,
    }))
}
