//! Set and map lists (`x-kubernetes-list-type: set` and `map`) as the apiserver's CEL values
//! of them behave (`UnstructuredToVal`): a set list's `==` ignores order (each element of the
//! right side must be in the left one, sizes equal), a map list's `==` matches entries by
//! their key fields, and `+` is a union (a set's) or a merge (a map list's: an entry of the
//! right side replaces the left one with the same keys, in place). The left operand decides,
//! as cel-go's `lhs.Equal(rhs)` does, and each value compares as what it is: the object's
//! lists and maps as the apiserver's unstructured values of their schema (errors returned,
//! set and map lists by their semantics), the lists and maps a rule builds as cel-go's
//! (`[self.set, self.atomic] == …` compares its first item as a set, its second in order).
//!
//! A value's kind travels with it: [`Origins`] knows the object's lists and maps by the
//! address of their items (the values a rule passes along, selects, puts in a literal or
//! picks in a conditional are the same), with their schema types, and the lists `+` builds on
//! one of them, as the apiserver reads them back with the schema. [`super::check`] marks the
//! `==`, `!=`, `+` and `in` calls whose operands may hold such values; the interpreter
//! ([`super::interp`]) runs them with [`apply`], or as plain calls when they do not. Set
//! elements and map-list keys are told apart as Go map keys (see [`super::gokeys`]).

use super::decl::{Decl, Kind, ListType};
use super::gokeys::{key_of, of_data, of_json, of_value, Held, MapKey, Native, Panic};
use super::types::Ty;
use kube_cel::cel::objects::{Key, Map};
use kube_cel::cel::{ExecutionError, ResolveResult, Value};
use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::Arc;

/// Whether values of type `d` compare differently from plain CEL values: `d` is, or holds, a
/// set or map list.
pub fn has_list_semantics(d: &Decl) -> bool {
    match &d.kind {
        Kind::List(_, ListType::Set | ListType::Map(_)) => true,
        Kind::List(elem, ListType::Atomic) | Kind::Map(elem) => has_list_semantics(elem),
        Kind::Object(fields) => fields.iter().any(|f| has_list_semantics(&f.decl)),
        _ => false,
    }
}

/// Whether operator `name` (`==`, `!=`, `+`, `in`) on operands of types `args` may meet a
/// set or map list, so that it runs with [`apply`]. A schema node's type says; a list, a map
/// or `dyn` may hold one (a conditional's, a literal's items) when `wide`: the rule's
/// variables hold set or map lists somewhere.
pub fn list_semantics(name: &str, args: &[Ty], wide: bool) -> bool {
    let open = |t: &Ty| wide && (t.is_dyn() || matches!(t, Ty::List(_) | Ty::Map(..) | Ty::Var(_)));
    match (name, args) {
        ("_==_" | "_!=_", [l, _]) => match l {
            Ty::Node(d) => has_list_semantics(d),
            l => open(l),
        },
        ("_+_", [Ty::Node(d), _]) => matches!(d.kind, Kind::List(..)) && has_list_semantics(d),
        ("_+_", [l @ Ty::List(_), _]) => open(l),
        ("@in", [_, list]) => match list {
            Ty::Node(d) => matches!(&d.kind, Kind::List(elem, _) if has_list_semantics(elem)),
            l => open(l) && !matches!(l, Ty::Map(..)),
        },
        _ => false,
    }
}

/// What the checker's type of an operand says of its value, for when the value's own kind
/// is not known ([`Origins`]): the value passed through a function that copies it
/// (`dyn(self.set)`, `optional.of(self.set).value()`), or was built of such values.
#[derive(Debug, Clone, Default)]
pub enum Hint {
    /// A value of a schema node.
    Node(Arc<Decl>),
    /// A list or map built in the rule, of values hinted so.
    Of(Box<Hint>),
    #[default]
    None,
}

impl Hint {
    /// The hint of a value of type `t`.
    pub fn of(t: &Ty) -> Hint {
        match t {
            Ty::Node(d) => Hint::Node(d.clone()),
            Ty::List(e) | Ty::Map(_, e) => match Hint::of(e) {
                Hint::None => Hint::None,
                h => Hint::Of(Box::new(h)),
            },
            _ => Hint::None,
        }
    }
}

/// Where a list or map comes from: the object (or `+` on one of its lists), with its schema
/// type, or the rule, which built it.
#[derive(Clone, Copy)]
enum Origin<'a> {
    Object(&'a Arc<Decl>),
    Built(&'a Hint),
}

/// The object's lists and maps (and those `+` built on them) by the address of their items,
/// with their schema types, and the lists and maps the rule built (without); each kept
/// alive while it is known, so that no other value takes its address.
#[derive(Default)]
pub struct Origins {
    known: HashMap<usize, Known>,
}

struct Known {
    decl: Option<Arc<Decl>>,
    /// A set list's elements as the apiserver holds them, when known: as decoded from the
    /// object's JSON, or as `+` added them (a CEL value's `Value()`).
    held: Option<Arc<[Held]>>,
    _alive: Value,
}

/// The address that stands for a list or a map.
fn address(v: &Value) -> Option<usize> {
    match v {
        Value::List(items) => Some(Arc::as_ptr(items) as usize),
        Value::Map(m) => Some(Arc::as_ptr(&m.map) as usize),
        _ => None,
    }
}

impl Origins {
    /// Records `v`, a value of the object at a node of type `d` read from `json`, and every
    /// list and map in it.
    pub fn add(&mut self, v: &Value, json: Option<&serde_json::Value>, d: &Arc<Decl>) {
        use serde_json::Value as J;
        match (&d.kind, v) {
            (Kind::List(elem, ty), Value::List(items)) => {
                let json = match json {
                    Some(J::Array(a)) if a.len() == items.len() => Some(a),
                    _ => None,
                };
                let held = match (ty, json) {
                    (ListType::Set, Some(a)) => Some(a.iter().map(of_json).collect()),
                    _ => None,
                };
                self.insert(v, Some(d), held);
                for (i, x) in items.iter().enumerate() {
                    self.add(x, json.map(|a| &a[i]), elem);
                }
            }
            (Kind::Map(elem), Value::Map(m)) => {
                self.insert(v, Some(d), None);
                for (k, x) in m.map.iter() {
                    let j = match (json, k) {
                        (Some(J::Object(o)), Key::String(k)) => o.get(k.as_str()),
                        _ => None,
                    };
                    self.add(x, j, elem);
                }
            }
            (Kind::Object(_), Value::Map(m)) => {
                self.insert(v, Some(d), None);
                for (k, x) in m.map.iter() {
                    let Key::String(name) = k else { continue };
                    if let Some(f) = d.field(name.as_str()) {
                        let j = match json {
                            Some(J::Object(o)) => o.get(&*f.name),
                            _ => None,
                        };
                        self.add(x, j, &f.decl);
                    }
                }
            }
            _ => {}
        }
    }

    /// Records `v`, if a list or map, as built in the rule.
    pub fn built(&mut self, v: &Value) {
        if let Some(a) = address(v) {
            self.known.entry(a).or_insert_with(|| Known {
                decl: None,
                held: None,
                _alive: v.clone(),
            });
        }
    }

    fn insert(&mut self, v: &Value, d: Option<&Arc<Decl>>, held: Option<Arc<[Held]>>) {
        if let Some(a) = address(v) {
            let known = Known {
                decl: d.cloned(),
                held,
                _alive: v.clone(),
            };
            self.known.insert(a, known);
        }
    }

    /// What set list `v`'s elements are as the apiserver holds them, if known.
    fn held(&self, v: &Value) -> Option<Arc<[Held]>> {
        self.known.get(&address(v)?)?.held.clone()
    }

    /// What list or map `v` is: as recorded, else as `hint` says.
    fn kind<'a>(&'a self, v: &Value, hint: &'a Hint) -> Origin<'a> {
        match address(v).and_then(|a| self.known.get(&a)) {
            Some(Known { decl: Some(d), .. }) => Origin::Object(d),
            Some(Known { decl: None, .. }) => Origin::Built(hint),
            None => match hint {
                Hint::Node(d) => Origin::Object(d),
                h => Origin::Built(h),
            },
        }
    }

    /// `v` as the apiserver reads a plain value back as an item of type `d` (added to a
    /// list of the object by `+`): a copy whose lists and maps are known, an int where a
    /// double is declared a double.
    fn adopt(&mut self, v: &Value, d: &Arc<Decl>) -> Value {
        let out = match (&d.kind, v) {
            (Kind::Double, Value::Int(i)) => return Value::Float(*i as f64),
            (Kind::List(elem, _), Value::List(items)) => Value::List(Arc::new(
                items.iter().map(|x| self.adopt(x, elem)).collect(),
            )),
            (Kind::Map(_) | Kind::Object(_), Value::Map(m)) => {
                let map: HashMap<Key, Value> = m
                    .map
                    .iter()
                    .map(|(k, x)| {
                        let x = match field(d, k) {
                            Some(f) => self.adopt(x, f),
                            None => x.clone(),
                        };
                        (k.clone(), x)
                    })
                    .collect();
                Value::Map(Map { map: Arc::new(map) })
            }
            _ => return v.clone(),
        };
        self.insert(&out, Some(d), None);
        out
    }
}

/// The type of the value under key `k` of an object or map of type `d`.
fn field<'d>(d: &'d Decl, k: &Key) -> Option<&'d Arc<Decl>> {
    match (&d.kind, k) {
        (Kind::Map(elem), _) => Some(elem),
        (Kind::Object(_), Key::String(name)) => d.field(name.as_str()).map(|f| &f.decl),
        _ => None,
    }
}

/// An operator on a set or map list (or on a value holding one).
#[derive(Debug, Clone, Copy)]
pub enum ListOp {
    Eq,
    Ne,
    Add,
    In,
}

impl ListOp {
    /// The operator call `name` names, if one of these.
    pub fn of(name: &str) -> Option<ListOp> {
        Some(match name {
            "_==_" => ListOp::Eq,
            "_!=_" => ListOp::Ne,
            "_+_" => ListOp::Add,
            "@in" => ListOp::In,
            _ => return None,
        })
    }
}

/// `op` on the evaluated operands `vals` (both evaluated, as cel-go does: the left one's
/// error first), the object's values known to `o`, `hints` the operands' types; `None` when
/// the operator is the plain one on these operands.
pub fn apply(
    op: ListOp,
    vals: &[Result<Value, ExecutionError>],
    o: &mut Origins,
    hints: &[Hint; 2],
) -> Option<ResolveResult> {
    let (l, r) = match vals {
        [Ok(l), Ok(r)] => (l, r),
        [Err(e), _] | [_, Err(e)] => return Some(Err(e.clone())),
        _ => return Some(Err(ExecutionError::NoSuchOverload)),
    };
    let composite = |v: &Value| matches!(v, Value::List(_) | Value::Map(_));
    match op {
        ListOp::Eq | ListOp::Ne if composite(l) => {
            Some(equality(l, r, o, &hints[0], matches!(op, ListOp::Ne)))
        }
        ListOp::Add => match (l, o.kind(l, &hints[0])) {
            (Value::List(items), Origin::Object(d)) => {
                let d = d.clone();
                Some(add(l, items, r, &d, o))
            }
            _ => None,
        },
        ListOp::In => match (r, o.kind(r, &hints[1])) {
            (Value::List(items), Origin::Object(d)) => match &d.kind {
                Kind::List(elem, _) => Some(contains_items(items, l, o, elem)),
                _ => None,
            },
            (Value::List(items), _) if composite(l) => Some(contains(items, l, o, &hints[0])),
            _ => None,
        },
        _ => None,
    }
}

/// The result of cel-go's `Equal`: true, false, or an error value.
enum Equal {
    Yes,
    No,
    Error(ExecutionError),
}

impl From<bool> for Equal {
    fn from(b: bool) -> Self {
        if b {
            Equal::Yes
        } else {
            Equal::No
        }
    }
}

/// `l == r` (`!=` when `negate`).
fn equality(l: &Value, r: &Value, o: &Origins, hint: &Hint, negate: bool) -> ResolveResult {
    let eq = equal_go(l, r, o, hint)?;
    match (eq, negate) {
        (Equal::Yes, ne) => Ok(Value::Bool(!ne)),
        (Equal::No, ne) => Ok(Value::Bool(ne)),
        // `!=` is true for anything but a true equality.
        (Equal::Error(_), true) => Ok(Value::Bool(true)),
        (Equal::Error(e), false) => Err(e),
    }
}

/// cel-go's `types.Equal`: `null` equals only `null`, otherwise `l.Equal(r)`.
fn equal_go(l: &Value, r: &Value, o: &Origins, hint: &Hint) -> Result<Equal, Panic> {
    match (l, r) {
        (Value::Null, _) | (_, Value::Null) => Ok(Equal::from(l == r)),
        _ => equal(l, r, o, hint),
    }
}

/// The hint of the items of a built list or map hinted `h`.
fn inner(h: &Hint) -> &Hint {
    match h {
        Hint::Of(e) => e,
        _ => &Hint::None,
    }
}

/// `l.Equal(r)`: the apiserver's for the object's lists and maps, cel-go's for the others.
fn equal(l: &Value, r: &Value, o: &Origins, hint: &Hint) -> Result<Equal, Panic> {
    let mismatch = || Ok(Equal::Error(ExecutionError::NoSuchOverload));
    match (l, r, o.kind(l, hint)) {
        (Value::List(items), Value::List(other), Origin::Object(d)) => {
            if items.len() != other.len() {
                return Ok(Equal::No);
            }
            match &d.kind {
                Kind::List(elem, ListType::Set) => {
                    let keys = set_keys(items, o.held(l).as_deref(), elem)?;
                    equal_sets(&keys, other)
                }
                Kind::List(elem, ListType::Map(keys)) => {
                    equal_map_lists(items, other, elem, keys, o)
                }
                Kind::List(elem, ListType::Atomic) => {
                    let h = Hint::Node(elem.clone());
                    let pairs = items
                        .iter()
                        .zip(other.iter())
                        .map(|(x, y)| Some((x, y, Cow::Borrowed(&h))));
                    equal_items(pairs, o, true)
                }
                _ => mismatch(),
            }
        }
        (Value::Map(m), Value::Map(other), Origin::Object(d)) => {
            let hint =
                |k: &Key| Cow::Owned(field(d, k).map_or(Hint::None, |f| Hint::Node(f.clone())));
            equal_entries(m, other, hint, o, true)
        }
        (Value::List(_) | Value::Map(_), _, Origin::Object(_)) => mismatch(),
        // cel-go's lists and maps: only a false item decides.
        (Value::List(items), Value::List(other), Origin::Built(h)) => {
            if items.len() != other.len() {
                return Ok(Equal::No);
            }
            let pairs = items
                .iter()
                .zip(other.iter())
                .map(|(x, y)| Some((x, y, Cow::Borrowed(inner(h)))));
            equal_items(pairs, o, false)
        }
        (Value::Map(m), Value::Map(other), Origin::Built(h)) => {
            equal_entries(m, other, |_| Cow::Borrowed(inner(h)), o, false)
        }
        (Value::List(_) | Value::Map(_), _, Origin::Built(_)) => Ok(Equal::No),
        _ => Ok(Equal::from(l == r)),
    }
}

/// Maps compared entry by entry, `m`'s keys in sorted order (the value of `k` hinted `hint(k)`).
fn equal_entries<'h>(
    m: &Map,
    other: &Map,
    hint: impl Fn(&Key) -> Cow<'h, Hint>,
    o: &Origins,
    object: bool,
) -> Result<Equal, Panic> {
    if m.map.len() != other.map.len() {
        return Ok(Equal::No);
    }
    let pairs = sorted_keys(m)
        .into_iter()
        .map(|k| other.map.get(k).map(|ov| (&m.map[k], ov, hint(k))));
    equal_items(pairs, o, object)
}

/// Paired items (`None`: an item without a pair, which is unequal) compared in order. Of the
/// object's values (`object`), the first that is not equal decides, a false or an error; of
/// cel-go's, only a false one does (`Equal` of an item is `types.Equal`, `null` included).
fn equal_items<'a, 'h>(
    pairs: impl Iterator<Item = Option<(&'a Value, &'a Value, Cow<'h, Hint>)>>,
    o: &Origins,
    object: bool,
) -> Result<Equal, Panic> {
    for pair in pairs {
        let Some((x, y, h)) = pair else {
            return Ok(Equal::No);
        };
        let eq = match object {
            true => equal(x, y, o, &h)?,
            false => equal_go(x, y, o, &h)?,
        };
        match eq {
            Equal::Yes => {}
            Equal::Error(_) if !object => {}
            not => return Ok(not),
        }
    }
    Ok(Equal::Yes)
}

/// The keys of a set list's elements `items` of type `elem` as the apiserver holds them:
/// `held` when known, else read from the values (the apiserver's set as built on its
/// elements, in order: the first that cannot be hashed panics).
fn set_keys(items: &[Value], held: Option<&[Held]>, elem: &Decl) -> Result<Vec<Native>, Panic> {
    match held {
        Some(h) => h.iter().map(Held::key).collect(),
        None => items.iter().map(|x| of_data(x, elem)).collect(),
    }
}

/// A map's keys in order. Go's map order, which decides between a false and an error (or an
/// unhashable set element's panic) in the apiserver, is random; here it is the same on every
/// run.
fn sorted_keys(m: &Map) -> Vec<&Key> {
    let mut keys: Vec<&Key> = m.map.keys().collect();
    keys.sort_unstable();
    keys
}

/// Sets of the same size: every element of `other` is one of `keys`.
fn equal_sets(keys: &[Native], other: &[Value]) -> Result<Equal, Panic> {
    let set: std::collections::HashSet<&Native> = keys.iter().collect();
    for x in other {
        if !set.contains(&of_value(x)?) {
            return Ok(Equal::No);
        }
    }
    Ok(Equal::Yes)
}

/// Map lists of the same size: every entry of `other` has an entry of `items` with the same
/// keys (the last one when several do), and they are equal.
fn equal_map_lists(
    items: &[Value],
    other: &[Value],
    elem: &Arc<Decl>,
    keys: &[String],
    o: &Origins,
) -> Result<Equal, Panic> {
    let by_key: HashMap<MapKey, &Value> =
        items.iter().map(|x| (key_of(x, elem, keys), x)).collect();
    let h = Hint::Node(elem.clone());
    let pairs = other.iter().map(|y| {
        let x = by_key.get(&key_of(y, elem, keys))?;
        Some((*x, y, Cow::Borrowed(&h)))
    });
    equal_items(pairs, o, true)
}

/// `l + r` with `l` (its `items`) a list of the object of type `d`: a union for a set, a
/// merge for a map list, else a concatenation; what it adds is read as items of `d`, and the
/// result is a list of type `d` again.
fn add(l: &Value, items: &[Value], r: &Value, d: &Arc<Decl>, o: &mut Origins) -> ResolveResult {
    let (Value::List(other), Kind::List(elem, ty)) = (r, &d.kind) else {
        return Err(ExecutionError::NoSuchOverload);
    };
    let mut out: Vec<Value> = items.to_vec();
    match ty {
        ListType::Set => {
            let mut keys = set_keys(items, o.held(l).as_deref(), elem)?;
            let mut set: std::collections::HashSet<Native> = keys.iter().cloned().collect();
            for y in other.iter() {
                let k = of_value(y)?;
                if set.insert(k.clone()) {
                    keys.push(k);
                    out.push(o.adopt(y, elem));
                }
            }
            let out = Value::List(Arc::new(out));
            let held = keys.into_iter().map(Held::Key).collect();
            o.insert(&out, Some(d), Some(held));
            return Ok(out);
        }
        ListType::Map(keys) => {
            let at: HashMap<MapKey, usize> = items
                .iter()
                .enumerate()
                .map(|(i, x)| (key_of(x, elem, keys), i))
                .collect();
            for y in other.iter() {
                let y2 = o.adopt(y, elem);
                match at.get(&key_of(y, elem, keys)) {
                    Some(&i) => out[i] = y2,
                    None => out.push(y2),
                }
            }
        }
        ListType::Atomic => {
            for y in other.iter() {
                out.push(o.adopt(y, elem));
            }
        }
    }
    let out = Value::List(Arc::new(out));
    o.insert(&out, Some(d), None);
    Ok(out)
}

/// `x in items`, a list of the object with items of type `elem`: each item's `Equal` (the
/// apiserver's `Contains`); true if one is, else the first error, else false.
fn contains_items(items: &[Value], x: &Value, o: &Origins, elem: &Arc<Decl>) -> ResolveResult {
    let h = Hint::Node(elem.clone());
    let mut first_err = None;
    for item in items.iter() {
        match equal(item, x, o, &h)? {
            Equal::Yes => return Ok(Value::Bool(true)),
            Equal::No => {}
            Equal::Error(e) => {
                first_err.get_or_insert(e);
            }
        }
    }
    match first_err {
        Some(e) => Err(e),
        None => Ok(Value::Bool(false)),
    }
}

/// `x in items`, a list built in the rule: `x`'s `Equal` with each item (cel-go's
/// `Contains`, where an error is not a match).
fn contains(items: &[Value], x: &Value, o: &Origins, hint: &Hint) -> ResolveResult {
    for item in items.iter() {
        if let Equal::Yes = equal(x, item, o, hint)? {
            return Ok(Value::Bool(true));
        }
    }
    Ok(Value::Bool(false))
}
