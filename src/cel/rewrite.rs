//! Rewrites a checked rule so that the cel crate evaluates it with cel-go's semantics where
//! they differ: `&&` and `||` absorb an error when the other side decides (`false && error`
//! is false, in either order), and `all`/`exists` carry an error across iterations instead
//! of stopping at it (`[error, false].all(…)` is false), `exists_one` too. They become calls
//! `@and`, `@or`, `@all`, `@exists`, `@exists_one`, which [`super::interp`] evaluates as
//! cel-go expands them (as it does every macro and the other `@` calls without a function of
//! [`super::funcs`] behind them).
//! Optional selection (`x.?f`, and `.g` after it) becomes `@optsel`, which gives an empty
//! optional for a missing field (the cel crate fails). The two-variable quantifiers of 1.36
//! (`all(i, v, p)`, `exists(…)`, `existsOne(…)`), which the cel crate does not parse as
//! macros, become `@all2`, `@exists2`, `@existsOne2` (and `transformList`, `transformMap`,
//! `transformMapEntry` become `@transformList`…); `optMap`/`optFlatMap` become
//! `@optMap`/`@optFlatMap`. (`==`, `!=`, `+` and `in` on set and map lists are planned by
//! the interpreter from the check's record, see [`super::lists`].) `+` and `-`
//! that may work on timestamps or durations become `@add`/`@sub` (cel-go's overflow checks and
//! texts, [`super::time`]); `==` and `!=` on optionals become `@opt_eq`/`@opt_ne` (equal when
//! both are empty or hold equal values, as cel-go's optionals); an optional's
//! `or`/`orValue` become `@opt_or`/`@opt_orValue`, which evaluate their argument only when
//! the optional is empty, as cel-go's planner does. Reads of `byte`
//! and `duration` strings are wrapped in `@strfmt`, which fails with the conversion's error
//! when the string did not convert ([`super::value::Invalid`]). The receiver of `distinct()`
//! and `sort()` is wrapped in `@lister`: the apiserver's cost tracker of those calls asserts
//! that it is a list, so an error there becomes the recovered panic's text.

use super::check::Checked;
use kube_cel::cel::common::ast::{
    CallExpr, ComprehensionExpr, EntryExpr, Expr, IdedExpr, LiteralValue,
};

/// The name the macros give their accumulator.
const ACCU: &str = "@result";

/// Rewrites `e` in place with what the check learnt about it ([`Checked`]).
pub fn rewrite(e: &mut IdedExpr, checked: &Checked) {
    rewrite_expr(e, checked);
    if checked.strfmt.contains(&e.id) {
        let inner = std::mem::take(e);
        e.id = inner.id;
        e.expr = Expr::Call(CallExpr {
            func_name: "@strfmt".into(),
            target: None,
            args: vec![inner],
        });
    }
}

fn rewrite_expr(e: &mut IdedExpr, checked: &Checked) {
    let id = e.id;
    match &mut e.expr {
        Expr::Call(c) => {
            if let Some(t) = c.target.as_deref_mut() {
                rewrite(t, checked);
            }
            c.args.iter_mut().for_each(|a| rewrite(a, checked));
            match c.func_name.as_str() {
                "_&&_" => c.func_name = "@and".into(),
                "_||_" => c.func_name = "@or".into(),
                "_?._" => c.func_name = "@optsel".into(),
                "_+_" if checked.time_arith.contains(&id) && !checked.lists.contains_key(&id) => {
                    c.func_name = "@add".into();
                }
                "_-_" if checked.time_arith.contains(&id) => c.func_name = "@sub".into(),
                "_==_" if checked.optional_eq.contains(&id) => c.func_name = "@opt_eq".into(),
                "_!=_" if checked.optional_eq.contains(&id) => c.func_name = "@opt_ne".into(),
                "or" | "orValue" if c.target.is_some() && c.args.len() == 1 => {
                    c.func_name = format!("@opt_{}", c.func_name);
                }
                _ => {}
            }
            if matches!(c.func_name.as_str(), "distinct" | "sort") && c.args.is_empty() {
                if let Some(t) = c.target.as_deref_mut() {
                    let inner = std::mem::take(t);
                    t.id = inner.id;
                    t.expr = Expr::Call(CallExpr {
                        func_name: "@lister".into(),
                        target: None,
                        args: vec![inner],
                    });
                }
            }
            if let Some(call) = two_variable(c).or_else(|| opt_map(c)) {
                *c = call;
            }
        }
        Expr::Select(s) => {
            rewrite(&mut s.operand, checked);
            if !s.test && is_optional(&s.operand) {
                let operand = std::mem::take(&mut *s.operand);
                e.expr = Expr::Call(CallExpr {
                    func_name: "@optsel".into(),
                    target: None,
                    args: vec![operand, string_literal(&s.field)],
                });
            }
        }
        Expr::List(l) => l.elements.iter_mut().for_each(|x| rewrite(x, checked)),
        Expr::Map(m) => {
            for entry in &mut m.entries {
                if let EntryExpr::MapEntry(me) = &mut entry.expr {
                    rewrite(&mut me.key, checked);
                    rewrite(&mut me.value, checked);
                }
            }
        }
        Expr::Comprehension(c) => {
            rewrite(&mut c.iter_range, checked);
            rewrite(&mut c.accu_init, checked);
            rewrite(&mut c.loop_cond, checked);
            rewrite(&mut c.loop_step, checked);
            rewrite(&mut c.result, checked);
            if let Some(call) = quantifier(c) {
                e.expr = Expr::Call(call);
            }
        }
        _ => {}
    }
}

/// Whether `e` gives an optional through field selection (`x.?f`, `x.?f.g`).
fn is_optional(e: &IdedExpr) -> bool {
    matches!(&e.expr, Expr::Call(c) if c.func_name == "@optsel")
}

fn string_literal(s: &str) -> IdedExpr {
    IdedExpr {
        id: 0,
        expr: Expr::Literal(LiteralValue::String(s.into())),
    }
}

/// `r.all(i, v, p)` (and `exists`, `existsOne` and its alias `exists_one`) as
/// `@all2(r, 'i', 'v', p)`.
fn two_variable(c: &mut CallExpr) -> Option<CallExpr> {
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
    if c.target.is_none() || !(n == 3 || (with_filter && n == 4)) {
        return None;
    }
    let (Expr::Ident(a), Expr::Ident(b)) = (&c.args[0].expr, &c.args[1].expr) else {
        return None;
    };
    let (a, b) = (string_literal(a), string_literal(b));
    let range = *c.target.take()?;
    let mut args = vec![range, a, b];
    args.extend(c.args.drain(2..));
    Some(CallExpr {
        func_name: name.into(),
        target: None,
        args,
    })
}

/// `o.optMap(x, e)` and `o.optFlatMap(x, e)` (macros of 1.36's optionals) as
/// `@optMap(o, 'x', e)` and `@optFlatMap(o, 'x', e)`; the lists library's `l.sortBy(x, k)` as
/// `@sortBy(l, 'x', k)`.
fn opt_map(c: &mut CallExpr) -> Option<CallExpr> {
    let name = match c.func_name.as_str() {
        "optMap" => "@optMap",
        "optFlatMap" => "@optFlatMap",
        "sortBy" => "@sortBy",
        _ => return None,
    };
    let ([var, _], Some(_)) = (c.args.as_slice(), c.target.as_deref()) else {
        return None;
    };
    let Expr::Ident(var) = &var.expr else {
        return None;
    };
    let var = string_literal(var);
    let body = c.args.pop()?;
    let opt = *c.target.take()?;
    Some(CallExpr {
        func_name: name.into(),
        target: None,
        args: vec![opt, var, body],
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

/// `all`, `exists` and `exists_one` (one variable) as a call `@name(range, 'var', predicate)`.
fn quantifier(c: &mut ComprehensionExpr) -> Option<CallExpr> {
    if c.accu_var != ACCU || c.iter_var2.is_some() {
        return None;
    }
    let Expr::Call(step) = &c.loop_step.expr else {
        return None;
    };
    let is_accu = |e: &IdedExpr| matches!(&e.expr, Expr::Ident(n) if n == ACCU);
    let (name, pred) = match (step.func_name.as_str(), step.args.as_slice()) {
        ("@and", [a, p]) if is_accu(a) => ("@all", p.clone()),
        ("@or", [a, p]) if is_accu(a) => ("@exists", p.clone()),
        ("_?_:_", [p, inc, a]) if is_accu(a) && is_increment(inc) => ("@exists_one", p.clone()),
        _ => return None,
    };
    let var = string_literal(&c.iter_var);
    let range = std::mem::take(&mut c.iter_range);
    Some(CallExpr {
        func_name: name.into(),
        target: None,
        args: vec![range, var, pred],
    })
}
