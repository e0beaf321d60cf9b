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
//! A value's kind travels with it: the object's lists and maps carry their schema type
//! ([`List::origin`], [`Map::origin`]), and so do the lists `+` builds on one of them, as the
//! apiserver reads them back with the schema. The interpreter ([`crate::cel::interp`]) runs `==`,
//! `!=`, `+` and `in` with [`apply`] first, and as the library's plain functions when it
//! has no answer. Set elements and map-list keys are told apart as Go map keys (see
//! [`crate::cel::gokeys`]).

use crate::cel::decl::{Decl, Kind, ListType};
use crate::cel::gokeys::{key_of, of_data, of_value, Held, MapKey, Native, Panic};
use crate::cel::val::{Error, Key, List, Map, Res, Val as Value};
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

/// The type of the value under key `k` of an object or map of type `d`.
fn field<'d>(d: &'d Decl, k: &Key) -> Option<&'d Arc<Decl>> {
    match (&d.kind, k) {
        (Kind::Map(elem), _) => Some(elem),
        (Kind::Object(_), Key::String(name)) => d.field(name).map(|f| &f.decl),
        _ => None,
    }
}

/// The schema type of a list or map of the object.
fn origin(v: &Value) -> Option<&Arc<Decl>> {
    match v {
        Value::List(l) => l.origin.as_ref(),
        Value::Map(m) => m.origin.as_ref(),
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

/// `op` on the evaluated operands `l` and `r`; `None` when the operator is the plain one on
/// these operands (no list or map on the side that decides).
pub fn apply(op: ListOp, l: &Value, r: &Value) -> Option<Res> {
    let composite = |v: &Value| matches!(v, Value::List(_) | Value::Map(_));
    match op {
        ListOp::Eq | ListOp::Ne if composite(l) => Some(equality(l, r, matches!(op, ListOp::Ne))),
        ListOp::Add => match (l, origin(l)) {
            (Value::List(list), Some(d)) => Some(add(list, r, d)),
            _ => None,
        },
        ListOp::In => match (r, origin(r)) {
            (Value::List(list), Some(d)) => match &d.kind {
                Kind::List(..) => Some(contains_items(list.items(), l)),
                _ => None,
            },
            (Value::List(list), None) if composite(l) => Some(contains(list.items(), l)),
            _ => None,
        },
        _ => None,
    }
}

/// The result of cel-go's `Equal`: true, false, or an error value.
enum Equal {
    Yes,
    No,
    Error(Error),
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
fn equality(l: &Value, r: &Value, negate: bool) -> Res {
    let eq = equal_go(l, r)?;
    match (eq, negate) {
        (Equal::Yes, ne) => Ok(Value::Bool(!ne)),
        (Equal::No, ne) => Ok(Value::Bool(ne)),
        // `!=` is true for anything but a true equality.
        (Equal::Error(_), true) => Ok(Value::Bool(true)),
        (Equal::Error(e), false) => Err(e),
    }
}

/// cel-go's `types.Equal`: `null` equals only `null`, otherwise `l.Equal(r)`.
fn equal_go(l: &Value, r: &Value) -> Result<Equal, Panic> {
    match (l, r) {
        (Value::Null, _) | (_, Value::Null) => Ok(Equal::from(l.equal(r) == Ok(true))),
        _ => equal(l, r),
    }
}

/// `l.Equal(r)`: the apiserver's for the object's lists and maps, cel-go's for the others.
fn equal(l: &Value, r: &Value) -> Result<Equal, Panic> {
    let mismatch = || Ok(Equal::Error(Error::NoSuchOverload));
    match (l, r, origin(l)) {
        (Value::List(a), Value::List(b), Some(d)) => {
            if a.items().len() != b.items().len() {
                return Ok(Equal::No);
            }
            match &d.kind {
                Kind::List(elem, ListType::Set) => {
                    let keys = set_keys(a.items(), a.held().as_deref(), elem)?;
                    equal_sets(&keys, b.items())
                }
                Kind::List(_, ListType::Map(keys)) => equal_map_lists(a.items(), b.items(), keys),
                Kind::List(_, ListType::Atomic) => {
                    let pairs = a.items().iter().zip(b.items().iter()).map(Some);
                    equal_items(pairs, true)
                }
                _ => mismatch(),
            }
        }
        (Value::Map(m), Value::Map(other), Some(d)) => match &d.kind {
            Kind::Object(_) => equal_objects(m, other, d),
            _ => equal_entries(m, other, true),
        },
        (Value::List(_) | Value::Map(_), _, Some(_)) => mismatch(),
        // cel-go's lists and maps: only a false item decides.
        (Value::List(a), Value::List(b), None) => {
            if a.items().len() != b.items().len() {
                return Ok(Equal::No);
            }
            equal_items(a.items().iter().zip(b.items().iter()).map(Some), false)
        }
        (Value::Map(m), Value::Map(other), None) => equal_entries(m, other, false),
        (Value::List(_) | Value::Map(_), _, None) => Ok(Equal::No),
        // Scalars and library values: `Val::equal`, whose error (a library type's answer for
        // another type) stays an error here, as in cel-go.
        _ => Ok(match l.equal(r) {
            Ok(b) => Equal::from(b),
            Err(e) => Equal::Error(e),
        }),
    }
}

/// Maps compared entry by entry, `m`'s keys in order (Go's map order, which decides between
/// a false and an error in the apiserver, is random; here it is the same on every run).
fn equal_entries(m: &Map, other: &Map, object: bool) -> Result<Equal, Panic> {
    if m.entries().len() != other.entries().len() {
        return Ok(Equal::No);
    }
    let pairs = m
        .entries()
        .iter()
        .map(|(k, x)| other.entries().get(k).map(|y| (x, y)));
    equal_items(pairs, object)
}

/// An object of the object compared as the apiserver's `unstructuredMap.Equal` compares it:
/// of the same size counting every member of its JSON (null ones, those CEL cannot name,
/// unknown fields), then member by member, `m`'s in name order (Go's map order, random in the
/// apiserver): a declared property present on one side only is unequal, present on both is
/// compared as a value; a member without a CEL name (an unknown field, or a property CEL
/// cannot name, which the apiserver converts by its schema) is compared as JSON with the
/// other's member of that name, if it has one (Go's `equality.Semantic.DeepEqual`: `1` and
/// `1.0` differ). Against a map that is not the object's, such a member is `no such overload`.
fn equal_objects(m: &Map, other: &Map, d: &Decl) -> Result<Equal, Panic> {
    let size = |x: &Map| {
        x.json()
            .map_or_else(|| x.entries().len(), |j| j.members().len())
    };
    if size(m) != size(other) {
        return Ok(Equal::No);
    }
    let Some(json) = m.json() else {
        // Built from CEL values (`+` on a list of objects): declared properties only.
        return equal_entries(m, other, true);
    };
    for (name, x) in json.members() {
        match d.property(name) {
            Some(f) => {
                let key = Key::str(f.cel());
                match (m.get_key(&key), other.get_key(&key)) {
                    (None, None) => {}
                    (Some(a), Some(b)) => match equal(&a, &b)? {
                        Equal::Yes => {}
                        not => return Ok(not),
                    },
                    _ => return Ok(Equal::No),
                }
            }
            None => match other.json() {
                Some(o) => {
                    if o.member(name).is_some_and(|y| y != x) {
                        return Ok(Equal::No);
                    }
                }
                None if other.origin.is_some() => {}
                None => return Ok(Equal::Error(Error::NoSuchOverload)),
            },
        }
    }
    Ok(Equal::Yes)
}

/// Paired items (`None`: an item without a pair, which is unequal) compared in order. Of the
/// object's values (`object`), the first that is not equal decides, a false or an error; of
/// cel-go's, only a false one does (`Equal` of an item is `types.Equal`, `null` included).
fn equal_items<'a>(
    pairs: impl Iterator<Item = Option<(&'a Value, &'a Value)>>,
    object: bool,
) -> Result<Equal, Panic> {
    for pair in pairs {
        let Some((x, y)) = pair else {
            return Ok(Equal::No);
        };
        let eq = match object {
            true => equal(x, y)?,
            false => equal_go(x, y)?,
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
fn equal_map_lists(items: &[Value], other: &[Value], keys: &[String]) -> Result<Equal, Panic> {
    let by_key: HashMap<MapKey, &Value> = items.iter().map(|x| (key_of(x, keys), x)).collect();
    let pairs = other.iter().map(|y| {
        let x = by_key.get(&key_of(y, keys))?;
        Some((*x, y))
    });
    equal_items(pairs, true)
}

/// `v` as the apiserver reads a plain value back as an item of type `d` (added to a list of
/// the object by `+`): a copy whose lists and maps carry their types, an int where a double
/// is declared a double.
fn adopt(v: &Value, d: &Arc<Decl>) -> Value {
    match (&d.kind, v) {
        (Kind::Double, Value::Int(i)) => Value::Double(*i as f64),
        (Kind::List(elem, _), Value::List(l)) => Value::List(List::typed(
            l.items().iter().map(|x| adopt(x, elem)).collect(),
            Some(d.clone()),
            None,
        )),
        // A map of the object stays its JSON (`unstructuredMapList.Add` keeps the raw map),
        // read with the list's item type.
        (Kind::Map(_) | Kind::Object(_), Value::Map(m)) if m.json().is_some() => {
            let json = m.json().expect("tested").retyped(d.clone());
            Value::Map(Map::of_json(json))
        }
        (Kind::Map(_) | Kind::Object(_), Value::Map(m)) => {
            let entries: BTreeMap<Key, Value> = m
                .entries()
                .iter()
                .map(|(k, x)| {
                    let x = match field(d, k) {
                        Some(f) => adopt(x, f),
                        None => x.clone(),
                    };
                    (k.clone(), x)
                })
                .collect();
            Value::Map(Map::typed(entries, Some(d.clone())))
        }
        _ => v.clone(),
    }
}

/// `l + r` with `l` a list of the object of type `d`: a union for a set, a merge for a map
/// list, else a concatenation; what it adds is read as items of `d`, and the result is a
/// list of type `d` again.
fn add(l: &List, r: &Value, d: &Arc<Decl>) -> Res {
    let (Value::List(other), Kind::List(elem, ty)) = (r, &d.kind) else {
        return Err(Error::NoSuchOverload);
    };
    let mut out: Vec<Value> = l.items().to_vec();
    let mut held = None;
    match ty {
        ListType::Set => {
            let mut keys = set_keys(l.items(), l.held().as_deref(), elem)?;
            let mut set: std::collections::HashSet<Native> = keys.iter().cloned().collect();
            for y in other.items().iter() {
                let k = of_value(y)?;
                if set.insert(k.clone()) {
                    keys.push(k);
                    out.push(adopt(y, elem));
                }
            }
            held = Some(keys.into_iter().map(Held::Key).collect());
        }
        ListType::Map(keys) => {
            let at: HashMap<MapKey, usize> = l
                .items()
                .iter()
                .enumerate()
                .map(|(i, x)| (key_of(x, keys), i))
                .collect();
            for y in other.items().iter() {
                let y2 = adopt(y, elem);
                match at.get(&key_of(y, keys)) {
                    Some(&i) => out[i] = y2,
                    None => out.push(y2),
                }
            }
        }
        ListType::Atomic => {
            for y in other.items().iter() {
                out.push(adopt(y, elem));
            }
        }
    }
    Ok(Value::List(List::typed(out, Some(d.clone()), held)))
}

/// `x in items`, a list of the object: each item's `Equal` (the apiserver's `Contains`);
/// true if one is, else the first error, else false.
fn contains_items(items: &[Value], x: &Value) -> Res {
    let mut first_err = None;
    for item in items.iter() {
        match equal(item, x)? {
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
fn contains(items: &[Value], x: &Value) -> Res {
    for item in items.iter() {
        if let Equal::Yes = equal(x, item)? {
            return Ok(Value::Bool(true));
        }
    }
    Ok(Value::Bool(false))
}
