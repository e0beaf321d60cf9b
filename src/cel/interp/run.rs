//! Evaluation: the steps run with cel-go's semantics for control flow and macros, the cost
//! counted as each step is observed.

use super::super::decl::Decl;
use super::super::lists::{apply, Origins};
use super::plan::{is_attribute, is_const, slot};
use super::price::{Fast, Price};
use super::{Fold, Quant, QuantKind, SetKey, Shape, Step, Transform, LIST, MAP, V};
use kube_cel::cel::common::ast::{Expr, IdedExpr};
use kube_cel::cel::objects::{Key, OptionalValue};
use kube_cel::cel::{Context, ExecutionError, Value as Cel};
use std::sync::Arc;

/// Evaluates `root` in `ctx` against the cost `limit`: its value (`Err` when the limit stopped
/// it) and the cost reached.
pub(super) fn run(
    root: &Step,
    schema: Option<&Arc<Decl>>,
    ctx: &Context<'_>,
    vars: &[(&'static str, Cel)],
    data: super::Data<'_>,
    limit: u64,
) -> (Result<V, super::Stop>, u64) {
    let mut r = Run {
        ctx,
        data,
        scopes: vars.iter().map(|(n, v)| (*n, Ok(v.clone()))).collect(),
        cost: 0,
        limit,
        over: false,
        schema,
        origins: None,
    };
    let v = r.eval(root);
    let out = if r.over {
        Err(super::Stop::Limit)
    } else {
        Ok(v)
    };
    (out, r.cost)
}

struct Run<'c, 'p> {
    ctx: &'c Context<'c>,
    /// The JSON values of `self` and `oldSelf`.
    data: super::Data<'c>,
    /// Macro variables, innermost last.
    scopes: Vec<(&'p str, V)>,
    cost: u64,
    limit: u64,
    over: bool,
    /// `self`'s type, when the program has [`Step::Lists`].
    schema: Option<&'p Arc<Decl>>,
    /// The object's lists and maps, known when a [`Step::Lists`] first runs.
    origins: Option<Origins>,
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

impl<'p> Run<'_, 'p> {
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

    /// A call on evaluated operands: its plain answer, else the cel crate's.
    fn plain(&self, fast: Fast, shallow: &IdedExpr, vals: &[V]) -> V {
        match fast.answer(vals) {
            Some(v) => Ok(v),
            None => self.delegate(shallow, vals),
        }
    }

    /// A strict call: its operands evaluated in turn, then `f` of them, charged at `price`.
    fn call(&mut self, args: &'p [Step], price: &Price, f: impl FnOnce(&mut Self, &[V]) -> V) -> V {
        let vals: Vec<V> = args.iter().map(|a| self.eval(a)).collect();
        if self.over {
            return Self::halted();
        }
        let out = f(self, &vals);
        let units = price.of(&vals, &out);
        self.charge(units);
        out
    }

    /// The object's lists and maps: those of `self` and `oldSelf`, and those built on them.
    fn origins(&mut self) -> &mut Origins {
        let (scopes, schema, data) = (&self.scopes, self.schema, self.data);
        self.origins.get_or_insert_with(|| {
            let mut o = Origins::default();
            if let Some(d) = schema {
                for (name, v) in scopes {
                    let v = match (*name, v) {
                        ("self" | "oldSelf", Ok(v)) => v,
                        _ => continue,
                    };
                    let json = data.iter().find(|(n, _)| n == name).map(|(_, j)| *j);
                    match super::super::funcs::as_optional(v) {
                        Some(opt) => opt.value().into_iter().for_each(|v| o.add(v, json, d)),
                        None => o.add(v, json, d),
                    }
                }
            }
            o
        })
    }

    /// `v`, a list or map the rule built, known as such to [`Step::Lists`] (in a
    /// program that has them).
    fn built(&mut self, v: V) -> V {
        if let (Some(_), Ok(x)) = (self.schema, &v) {
            self.origins().built(x);
        }
        v
    }

    fn var(&self, name: &str) -> Option<&V> {
        self.scopes
            .iter()
            .rev()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v)
    }

    fn eval(&mut self, s: &'p Step) -> V {
        if self.over {
            return Self::halted();
        }
        match s {
            Step::Const(v) => self.built(v.clone()),
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
            } => self.call(args, price, |run, vals| run.plain(*fast, shallow, vals)),
            Step::Lists {
                op,
                hints,
                args,
                price,
                fast,
                shallow,
            } => self.call(args, price, |run, vals| {
                match apply(*op, vals, run.origins(), hints) {
                    Some(v) => v,
                    None => run.plain(*fast, shallow, vals),
                }
            }),
            Step::SetIn { lhs, set, shallow } => match self.eval(lhs) {
                Ok(Cel::Float(f)) if f.is_nan() => Ok(Cel::Bool(false)),
                Ok(v) => match SetKey::of(&v) {
                    Some(k) => Ok(Cel::Bool(set.contains(&k))),
                    None => self.delegate(shallow, &[Ok(v)]),
                },
                Err(e) => Err(e),
            },
            Step::List { elems, optional } => {
                let mut out = Vec::with_capacity(elems.len());
                let mut err = None;
                for (i, a) in elems.iter().enumerate() {
                    match self.eval(a) {
                        // `[?x]`: the optional's value, if any.
                        Ok(v) if optional.contains(&i) => {
                            match super::super::funcs::as_optional(&v) {
                                Some(o) => out.extend(o.value().cloned()),
                                None => out.push(v),
                            }
                        }
                        Ok(v) => out.push(v),
                        Err(e) => {
                            err.get_or_insert(e);
                        }
                    }
                }
                self.charge(LIST);
                match err {
                    Some(e) => Err(e),
                    None => self.built(Ok(Cel::List(Arc::new(out)))),
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
                    match super::super::funcs::as_optional(v) {
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
                self.built(Ok(Cel::Map(kube_cel::cel::objects::Map {
                    map: Arc::new(map),
                })))
            }
            Step::Fold(f) => self.fold(f),
            Step::Quant(q) => self.quant(q),
            Step::Transform(t) => {
                let v = self.transform(t);
                self.built(v)
            }
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
                    Ok(v) => match super::super::funcs::as_optional(v) {
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
                self.scopes.push((var.as_str(), Ok(inner)));
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
                let Some(full) = super::super::funcs::as_optional(&o) else {
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
            Step::StrFmt(inner) => super::super::time::strfmt(self.eval(inner)?),
            Step::Lister(inner) => self
                .eval(inner)
                .map_err(|_| super::super::time::lister_error()),
        }
    }

    /// A branch of `?:`: cel-go's conditional attribute resolves an attribute branch without
    /// observing it, so the branch's variable (or relative attribute) costs nothing there.
    fn branch(&mut self, s: &'p Step) -> V {
        let v = self.eval(s);
        if is_attribute(s) && !matches!(s, Step::Cond(..)) && !self.over {
            self.cost -= 1;
        }
        v
    }

    fn logic(&mut self, l: &'p Step, r: &'p Step, decides: bool) -> V {
        let left = self.eval(l);
        if matches!(left, Ok(Cel::Bool(b)) if b == decides) {
            return left;
        }
        let right = self.eval(r);
        logical([left, right], decides)
    }

    /// A comprehension as cel-go's `evalFold` runs it.
    fn fold(&mut self, f: &'p Fold) -> V {
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
        self.scopes.push((f.accu.as_str(), init));
        for x in items {
            if self.over {
                break;
            }
            self.scopes.push((f.iter.as_str(), Ok(x)));
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
    fn bind(&mut self, first: Option<&'p String>, second: &'p str, k: Cel, x: Cel, list: bool) {
        match first {
            Some(a) => {
                self.scopes.push((a.as_str(), Ok(k)));
                self.scopes.push((second, Ok(x)));
            }
            None if list => self.scopes.push((second, Ok(x))),
            None => self.scopes.push((second, Ok(k))),
        }
    }

    /// `all`, `exists`, `exists_one` (and their two-variable forms) as cel-go expands them.
    fn quant(&mut self, q: &'p Quant) -> V {
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
    fn transform(&mut self, t: &'p Transform) -> V {
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
                                    // In key order (as `elements` ranges over a map): which
                                    // duplicate is named follows Go's random map order in
                                    // cel-go; here it is the same on every run.
                                    let mut entries: Vec<(&Key, &Cel)> = entry.map.iter().collect();
                                    entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
                                    for (ek, ev) in entries {
                                        if map.insert(ek.clone(), ev.clone()).is_some() {
                                            err = Some(super::super::funcs::key_exists(ek));
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
    fn sort_by(&mut self, list: &'p Step, var: &'p str, key: &'p Step) -> V {
        let items = match self.eval(list) {
            Ok(Cel::List(items)) => items,
            Ok(_) => return Err(no_overload()),
            Err(_) => return Err(super::super::time::lister_error()),
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
            self.scopes.push((var, Ok(x.clone())));
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
            return Err(super::super::time::lister_error());
        }
        let keys_v: V = Ok(Cel::List(Arc::new(keys.clone())));
        let out = super::super::funcs::sort_by_keys(&items, keys);
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
