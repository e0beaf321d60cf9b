//! Rewrites a checked rule so that the cel crate evaluates it with cel-go's semantics where
//! they differ: `&&` and `||` absorb an error when the other side decides (`false && error`
//! is false, in either order), and `all`/`exists` carry an error across iterations instead
//! of stopping at it (`[error, false].all(…)` is false), `exists_one` too. They become calls
//! of our functions (see [`super::funcs`]): `@and`, `@or`, `@all`, `@exists`, `@exists_one`.
//! Optional selection (`x.?f`, and `.g` after it) becomes `@optsel`, which gives an empty
//! optional for a missing field (the cel crate fails). The two-variable quantifiers of 1.36
//! (`all(i, v, p)`, `exists(…)`, `existsOne(…)`), which the cel crate does not parse as
//! macros, become `@all2`, `@exists2`, `@existsOne2` (and `transformList`, `transformMap`,
//! `transformMapEntry` become `@transformList`…); `optMap`/`optFlatMap` become
//! `@optMap`/`@optFlatMap`. `==`, `!=`, `+` and `in` on set and map lists become
//! `@lists_eq`, `@lists_ne`, `@lists_add`, `@lists_in` (see [`super::lists`]).

use super::decl::Decl;
use super::lists::intern;
use kube_cel::cel::common::ast::{
    CallExpr, ComprehensionExpr, EntryExpr, Expr, IdedExpr, LiteralValue,
};
use std::collections::HashMap;
use std::sync::Arc;

/// The name the macros give their accumulator.
const ACCU: &str = "@result";

/// Rewrites `e` in place; `lists` are the calls that work on set or map lists (see
/// [`super::check::Checked::lists`]).
pub fn rewrite(e: &mut IdedExpr, lists: &HashMap<u64, Arc<Decl>>) {
    let id = e.id;
    match &mut e.expr {
        Expr::Call(c) => {
            if let Some(t) = c.target.as_deref_mut() {
                rewrite(t, lists);
            }
            c.args.iter_mut().for_each(|a| rewrite(a, lists));
            match c.func_name.as_str() {
                "_&&_" => c.func_name = "@and".into(),
                "_||_" => c.func_name = "@or".into(),
                "_?._" => c.func_name = "@optsel".into(),
                _ => {}
            }
            if let Some(d) = lists.get(&id) {
                list_operator(c, d);
            }
            if let Some(call) = two_variable(c).or_else(|| opt_map(c)) {
                *c = call;
            }
        }
        Expr::Select(s) => {
            rewrite(&mut s.operand, lists);
            if !s.test && is_optional(&s.operand) {
                let operand = std::mem::take(&mut *s.operand);
                e.expr = Expr::Call(CallExpr {
                    func_name: "@optsel".into(),
                    target: None,
                    args: vec![operand, string_literal(&s.field)],
                });
            }
        }
        Expr::List(l) => l.elements.iter_mut().for_each(|x| rewrite(x, lists)),
        Expr::Map(m) => {
            for entry in &mut m.entries {
                if let EntryExpr::MapEntry(me) = &mut entry.expr {
                    rewrite(&mut me.key, lists);
                    rewrite(&mut me.value, lists);
                }
            }
        }
        Expr::Comprehension(c) => {
            rewrite(&mut c.iter_range, lists);
            rewrite(&mut c.accu_init, lists);
            rewrite(&mut c.loop_cond, lists);
            rewrite(&mut c.loop_step, lists);
            rewrite(&mut c.result, lists);
            if let Some(call) = quantifier(c) {
                e.expr = Expr::Call(call);
            }
        }
        _ => {}
    }
}

/// `==`, `!=`, `+` and `in` on set or map lists as calls of [`super::lists`]' functions, with
/// the type of the operand that decides as an extra argument.
fn list_operator(c: &mut CallExpr, d: &Arc<Decl>) {
    let name = match c.func_name.as_str() {
        "_==_" => "@lists_eq",
        "_!=_" => "@lists_ne",
        "_+_" => "@lists_add",
        "@in" => "@lists_in",
        _ => return,
    };
    c.func_name = name.into();
    c.args.push(IdedExpr {
        id: 0,
        expr: Expr::Literal(LiteralValue::Int(intern(d).into())),
    });
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

/// `r.all(i, v, p)` (and `exists`, `existsOne`) as `@all2(r, 'i', 'v', p)`.
fn two_variable(c: &mut CallExpr) -> Option<CallExpr> {
    let (name, with_filter) = match c.func_name.as_str() {
        "all" => ("@all2", false),
        "exists" => ("@exists2", false),
        "existsOne" => ("@existsOne2", false),
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
