//! Evaluation: the steps run with cel-go's semantics for control flow and macros, the cost
//! counted as each step is observed.

use super::plan::{is_attribute, is_const};
use super::price::Price;
use super::{Fold, Quant, QuantKind, SetKey, Shape, Step, Transform, LIST, MAP, V};
use crate::cel::library::{index_of, lister_error};
use crate::cel::lists::apply;
use crate::cel::val::{Error, Key, Map, Val};
use std::collections::BTreeMap;

/// Evaluates `root` with `vars` bound against the cost `limit`: its value (`Err` when the
/// limit stopped it) and the cost reached.
pub(super) fn run(
    root: &Step,
    vars: &[(&'static str, Val)],
    limit: u64,
) -> (Result<V, super::Stop>, u64) {
    let mut r = Run {
        scopes: vars.iter().map(|(n, v)| (*n, Ok(v.clone()))).collect(),
        cost: 0,
        limit,
        over: false,
    };
    let v = r.eval(root);
    let out = if r.over {
        Err(super::Stop::Limit)
    } else {
        Ok(v)
    };
    (out, r.cost)
}

/// A call's evaluated operands: an array of one or two, else a vector.
trait Operands: AsRef<[V]> {
    type Values: AsRef<[Val]>;

    /// The operands' values (none is an error).
    fn values(self) -> Self::Values;
}

impl<const N: usize> Operands for [V; N] {
    type Values = [Val; N];

    fn values(self) -> [Val; N] {
        self.map(|v| v.expect("no error"))
    }
}

impl Operands for Vec<V> {
    type Values = Vec<Val>;

    fn values(self) -> Vec<Val> {
        self.into_iter().map(|v| v.expect("no error")).collect()
    }
}

struct Run<'p> {
    /// Variables, innermost last.
    scopes: Vec<(&'p str, V)>,
    cost: u64,
    limit: u64,
    over: bool,
}

fn no_overload() -> Error {
    Error::NoSuchOverload
}

/// The type names a rule can compare `type(x)` with.
const TYPE_NAMES: &[&str] = &[
    "int",
    "uint",
    "double",
    "bool",
    "string",
    "bytes",
    "list",
    "map",
    "null_type",
    "type",
];

/// The elements a macro iterates: a list's (index, item), a map's (key, value) in key order
/// (the apiserver's is Go's map order, different on every run).
fn elements(v: &Val) -> Option<Vec<(Val, Val)>> {
    match v {
        Val::List(l) => Some(
            l.items()
                .iter()
                .enumerate()
                .map(|(i, x)| (Val::Int(i as i64), x.clone()))
                .collect(),
        ),
        Val::Map(m) => Some(
            m.entries()
                .iter()
                .map(|(k, x)| (Val::from(k), x.clone()))
                .collect(),
        ),
        _ => None,
    }
}

/// cel-go's `&&` (`decides` false) and `||` (true) over evaluated terms: the deciding value
/// if any term has it, else the first error (a non-bool is `no such overload`).
fn logical(terms: [V; 2], decides: bool) -> V {
    let mut err = None;
    for t in terms {
        match t {
            Ok(Val::Bool(b)) if b == decides => return Ok(Val::Bool(decides)),
            Ok(Val::Bool(_)) => {}
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
        None => Ok(Val::Bool(!decides)),
    }
}

/// `cel.@mapInsert`'s error for a key inserted twice.
fn key_exists(k: &Key) -> Error {
    Error::text(format!("insert failed: key {k} already exists"))
}

/// `x[?i]` and `x.?f`: an optional of the list's item or the map's entry, empty when there
/// is none (`x` itself may be an optional: an empty one gives an empty one). As cel-go's
/// `refQualify` tests presence: of what is neither a map nor a list (`null`, a number), an
/// empty one.
fn optional_index(v: Val, i: &Val) -> V {
    let v = match &v {
        Val::Optional(None) => return Ok(Val::none()),
        Val::Optional(Some(inner)) => inner,
        v => v,
    };
    Ok(index_of(v, i)?.map_or_else(Val::none, Val::some))
}

impl<'p> Run<'p> {
    fn charge(&mut self, units: u64) {
        self.cost = self.cost.saturating_add(units);
        if self.cost > self.limit {
            self.over = true;
        }
    }

    fn halted() -> V {
        Err(Error::text("operation cancelled"))
    }

    /// A strict call: its operands evaluated in turn, then `f` of them, charged at `price`.
    /// Most calls have one or two operands: those are held on the stack.
    fn call(&mut self, args: &'p [Step], price: &Price, f: impl FnOnce(&[Val]) -> V) -> V {
        match args {
            [a] => {
                let vals = [self.eval(a)];
                self.apply(vals, price, f)
            }
            [a, b] => {
                let vals = [self.eval(a), self.eval(b)];
                self.apply(vals, price, f)
            }
            _ => {
                let vals: Vec<V> = args.iter().map(|a| self.eval(a)).collect();
                self.apply(vals, price, f)
            }
        }
    }

    /// [`Self::call`] of its evaluated operands: the first error, else `f` of their values
    /// (moved out of their results, not copied), charged at `price`.
    fn apply<O: Operands>(&mut self, vals: O, price: &Price, f: impl FnOnce(&[Val]) -> V) -> V {
        if self.over {
            return Self::halted();
        }
        if let Some(e) = vals.as_ref().iter().find_map(|v| v.as_ref().err()) {
            let out = Err(e.clone());
            self.charge(price.of(vals.as_ref(), &out));
            return out;
        }
        let vals = vals.values();
        let out = f(vals.as_ref());
        self.charge(price.of(vals.as_ref(), &out));
        out
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
            Step::Const(v) => v.clone(),
            Step::Ident(name) => {
                self.charge(1);
                match self.var(name) {
                    Some(v) => v.clone(),
                    None if TYPE_NAMES.contains(&name.as_str()) => Ok(Val::type_of(name)),
                    None => Err(Error::text(format!("no such attribute(s): {name}"))),
                }
            }
            Step::Select {
                operand,
                key,
                test,
                units,
            } => {
                let v = self.eval(operand);
                self.charge(*units);
                match (v?, test) {
                    (Val::Map(m), true) => Ok(Val::Bool(m.contains_key(key))),
                    (Val::Map(m), false) => match m.get_key(key) {
                        Some(x) => Ok(x),
                        None => Err(Error::NoSuchKey(key.clone())),
                    },
                    // cel-go's `refQualify`: a list is indexed by the name, which is no
                    // index (`unsupported index type 'string' in list`), presence test or not;
                    // what has no fields has none.
                    (Val::List(_), _) => {
                        Err(Error::text("unsupported index type 'string' in list"))
                    }
                    (_, true) => Ok(Val::Bool(false)),
                    (_, false) => Err(Error::NoSuchKey(key.clone())),
                }
            }
            Step::Qualify {
                operand,
                index,
                rel,
                extra,
                optional,
            } => {
                let v = self.eval(operand);
                let i = self.eval(index);
                if !optional {
                    self.charge(u64::from(*rel) + extra);
                    return index_value(&v?, &i?);
                }
                self.charge(u64::from(*rel));
                let found = optional_index(v?, &i?);
                // cel-go's `evalWatchConstQual.QualifyIfPresent` (and `evalWatchAttrQual`'s)
                // observes the qualifier only when what it names is present: an absent
                // `x.?f` or `x[?k]` (or one on an empty optional) costs nothing for it.
                if let Ok(Val::Optional(Some(_))) = &found {
                    self.charge(*extra);
                }
                found
            }
            Step::And(l, r) => self.logic(l, r, false),
            Step::Or(l, r) => self.logic(l, r, true),
            Step::Cond(c, t, f) => match self.eval(c) {
                Ok(Val::Bool(true)) => self.branch(t),
                Ok(Val::Bool(false)) => self.branch(f),
                Ok(_) => Err(no_overload()),
                Err(e) => Err(e),
            },
            Step::Call {
                args,
                price,
                call,
                op,
            } => self.call(args, price, |vals| {
                if let (Some(op), [l, r]) = (op, vals) {
                    if let Some(v) = apply(*op, l, r) {
                        return v;
                    }
                }
                call.call(vals)
            }),
            Step::SetIn { lhs, set, list } => match self.eval(lhs) {
                Ok(Val::Double(f)) if f.is_nan() => Ok(Val::Bool(false)),
                Ok(v) => match SetKey::of(&v) {
                    Some(k) => Ok(Val::Bool(set.contains(&k))),
                    None => match list {
                        Val::List(l) => Ok(Val::Bool(l.items().iter().any(|x| v.equals(x)))),
                        _ => Err(no_overload()),
                    },
                },
                Err(e) => Err(e),
            },
            Step::List { elems, optional } => {
                let mut out = Vec::with_capacity(elems.len());
                let mut err = None;
                for (i, a) in elems.iter().enumerate() {
                    match self.eval(a) {
                        // `[?x]`: the optional's value, if any.
                        Ok(Val::Optional(o)) if optional.contains(&i) => {
                            out.extend(o.map(|x| (*x).clone()));
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
                    None => Ok(Val::list(out)),
                }
            }
            Step::Map { parts, optional } => {
                let vals: Vec<V> = parts.iter().map(|a| self.eval(a)).collect();
                self.charge(MAP);
                let mut map = BTreeMap::new();
                for (i, kv) in vals.chunks(2).enumerate() {
                    let [k, v] = kv else { unreachable!() };
                    let (k, v) = match (k, v) {
                        (Err(e), _) | (_, Err(e)) => return Err(e.clone()),
                        (Ok(k), Ok(v)) => (k, v),
                    };
                    let Some(key) = Key::of(k) else {
                        return Err(no_overload());
                    };
                    // `?k: v`: the optional's value, if any.
                    match v {
                        Val::Optional(o) if optional.contains(&i) => {
                            if let Some(inner) = o {
                                map.insert(key, (**inner).clone());
                            }
                        }
                        _ => {
                            map.insert(key, v.clone());
                        }
                    }
                }
                Ok(Val::Map(Map::new(map)))
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
                let inner = match o? {
                    Val::Optional(inner) => inner,
                    _ => return Err(no_overload()),
                };
                let Some(inner) = inner else {
                    self.charge(1);
                    return Ok(Val::none());
                };
                self.charge(*literal);
                if *uses_var {
                    // The bound value, `o.value()`, is evaluated when first read.
                    let _ = self.eval(opt);
                    self.charge(1);
                }
                self.scopes.push((var.as_str(), Ok((*inner).clone())));
                let r = self.eval(body);
                self.scopes.pop();
                if *flat {
                    return r;
                }
                self.charge(1);
                r.map(Val::some)
            }
            Step::OptOr { value, opt, alt } => match self.eval(opt)? {
                Val::Optional(Some(v)) if *value => Ok((*v).clone()),
                o @ Val::Optional(Some(_)) => Ok(o),
                Val::Optional(None) => self.eval(alt),
                // cel-go's `evalOptionalOr`: a receiver that is not an optional (through `dyn`)
                // is the result as it is.
                v => Ok(v),
            },
            Step::SortBy {
                list,
                var,
                key,
                literals,
            } => {
                self.charge(*literals);
                self.sort_by(list, var, key)
            }
            Step::StrFmt(inner) => crate::cel::value::strfmt(self.eval(inner)?),
            Step::Lister(inner) => self.eval(inner).map_err(|_| lister_error()),
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
        if matches!(left, Ok(Val::Bool(b)) if b == decides) {
            return left;
        }
        let right = self.eval(r);
        logical([left, right], decides)
    }

    /// A comprehension as cel-go's `evalFold` runs it.
    fn fold(&mut self, f: &'p Fold) -> V {
        let range = self.eval(&f.range)?;
        let items: Vec<Val> = match &range {
            Val::List(l) => l.items().to_vec(),
            Val::Map(_) => elements(&range)
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
            if matches!(cond, Ok(Val::Bool(false))) {
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
    fn bind(&mut self, first: Option<&'p String>, second: &'p str, k: Val, x: Val, list: bool) {
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
        let list = matches!(range, Val::List(_));
        let Some(elems) = elements(&range) else {
            return Err(no_overload());
        };
        let mut accu: V = Ok(match q.kind {
            QuantKind::All => Val::Bool(true),
            QuantKind::Exists => Val::Bool(false),
            QuantKind::ExistsOne => Val::Int(0),
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
                    if matches!(accu, Ok(Val::Bool(false))) {
                        break;
                    }
                }
                QuantKind::Exists => {
                    self.charge(3);
                    if matches!(accu, Ok(Val::Bool(true))) {
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
                    if matches!(accu, Ok(Val::Bool(b)) if b == decides) {
                        accu
                    } else {
                        let p = self.eval(&q.pred);
                        logical([accu, p], decides)
                    }
                }
                // `p ? r + 1 : r`.
                QuantKind::ExistsOne => match self.eval(&q.pred) {
                    Ok(Val::Bool(true)) => {
                        self.charge(2);
                        match accu {
                            Ok(Val::Int(n)) => Ok(Val::Int(n + 1)),
                            other => other,
                        }
                    }
                    // An attribute branch of `?:` is free (see `branch`).
                    Ok(Val::Bool(false)) => accu,
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
                accu.map(|n| Val::Bool(matches!(n, Val::Int(1))))
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
        let mut list: Vec<Val> = Vec::new();
        let mut map: BTreeMap<Key, Val> = BTreeMap::new();
        let mut err: Option<Error> = None;
        let mark = self.scopes.len();
        for (k, x) in elems {
            if self.over {
                break;
            }
            self.bind(Some(&t.a), &t.b, k.clone(), x, true);
            let keep = match &t.filter {
                None => Ok(true),
                Some(f) => match self.eval(f) {
                    Ok(Val::Bool(b)) => Ok(b),
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
                                (Ok(v), None) => match Key::of(&k) {
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
                                (Ok(Val::Map(entry)), None) => {
                                    // In key order (as `elements` ranges over a map): which
                                    // duplicate is named follows Go's random map order in
                                    // cel-go; here it is the same on every run.
                                    // A key is there when a key of the same number is
                                    // (`mutableMap.Insert` finds it as `Find` does: `0u`
                                    // finds `0`).
                                    for (ek, ev) in entry.entries().iter() {
                                        let there = map.contains_key(ek)
                                            || ek
                                                .other_number()
                                                .is_some_and(|k| map.contains_key(&k));
                                        if there {
                                            err = Some(key_exists(ek));
                                            break;
                                        }
                                        map.insert(ek.clone(), ev.clone());
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
            Shape::List => Val::list(list),
            _ => Val::Map(Map::new(map)),
        })
    }

    /// `l.sortBy(x, key)`: cel-go binds the list, maps it to its keys, then
    /// `@sortByAssociatedKeys`.
    fn sort_by(&mut self, list: &'p Step, var: &'p str, key: &'p Step) -> V {
        let items = match self.eval(list) {
            Ok(Val::List(l)) => l,
            Ok(_) => return Err(no_overload()),
            Err(_) => return Err(lister_error()),
        };
        // The bound list read twice, the map's range and result.
        self.charge(1 + 1 + 1);
        let key_const = is_const(key);
        let mut keys = Vec::with_capacity(items.items().len());
        let mut err = None;
        for x in items.items().iter() {
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
            return Err(lister_error());
        }
        let args = [Val::List(items), Val::list(keys)];
        let sort = crate::cel::library::singleton("@sortByAssociatedKeys").expect("declared");
        let out = sort(&args);
        let units = Price::SelfCompare(1).of(&args, &out);
        self.charge(units);
        out
    }
}

/// `x[i]`: the library's index operator.
fn index_value(v: &Val, i: &Val) -> V {
    let index = crate::cel::library::singleton("_[_]").expect("declared");
    index(&[v.clone(), i.clone()])
}
