//! Set and map lists (`x-kubernetes-list-type: set` and `map`) as the apiserver's CEL values
//! of them behave (`UnstructuredToVal`): a set list's `==` ignores order (each element of the
//! right side must be in the left one, sizes equal), a map list's `==` matches entries by
//! their key fields, and `+` is a union (a set's) or a merge (a map list's: an entry of the
//! right side replaces the left one with the same keys, in place). Objects, maps and atomic
//! lists compare field by field, item by item, so that set and map lists inside them keep
//! those semantics; the left operand decides, as cel-go's `lhs.Equal(rhs)` does.
//!
//! [`super::check`] records the `==`, `!=`, `+` and `in` whose left operand (the list for
//! `in`) has such a list in its schema type, with that type; the interpreter
//! ([`super::interp`]) runs them with [`apply`] and the type. Set elements and map-list keys
//! are told apart as Go map keys (see [`super::gokeys`]).

use super::decl::{Decl, Kind, ListType, Sizes};
use super::gokeys::{MapKey, Native, Natives, Panic};
use super::types::Ty;
use kube_cel::cel::objects::{Key, Map};
use kube_cel::cel::{ExecutionError, ResolveResult, Value};
use std::collections::HashMap;
use std::sync::Arc;

/// Whether values of type `d` compare differently from plain CEL values: `d` is, or holds, a
/// set or map list.
fn has_list_semantics(d: &Decl) -> bool {
    match &d.kind {
        Kind::List(_, ListType::Set | ListType::Map(_)) => true,
        Kind::List(elem, ListType::Atomic) | Kind::Map(elem) => has_list_semantics(elem),
        Kind::Object(fields) => fields.iter().any(|f| has_list_semantics(&f.decl)),
        _ => false,
    }
}

/// Whether `+` on a value of type `d` is a union or a merge.
fn is_set_or_map_list(d: &Decl) -> bool {
    matches!(&d.kind, Kind::List(_, ListType::Set | ListType::Map(_)))
}

/// The type that gives operator `name` (`==`, `!=`, `+`, `in`) on operands of types `args`
/// set or map list semantics, if any. The operands' types are those of their values: a list
/// or map built of schema values (`[self.set]`, `l.map(x, x.set)`) holds them as they are,
/// and `dyn(x)` is `x`.
pub fn list_semantics(name: &str, args: &[Ty]) -> Option<Arc<Decl>> {
    match (name, args) {
        ("_==_" | "_!=_", [l, _]) => schema_of(l).filter(|d| has_list_semantics(d)),
        ("_+_", [Ty::Node(d), _]) if is_set_or_map_list(d) => Some(d.clone()),
        ("@in", [_, list]) => match &schema_of(list)?.kind {
            Kind::List(elem, _) if has_list_semantics(elem) => Some(elem.clone()),
            _ => None,
        },
        _ => None,
    }
}

/// The schema type of values of type `t`: a schema node's, or an atomic list or a map of
/// them (for lists and maps built in the rule).
fn schema_of(t: &Ty) -> Option<Arc<Decl>> {
    let built = |kind: Kind, type_name: &'static str| {
        Arc::new(Decl {
            kind,
            nullable: false,
            type_name,
            size: Sizes::default(),
        })
    };
    match t {
        Ty::Node(d) => Some(d.clone()),
        Ty::List(e) => Some(built(Kind::List(schema_of(e)?, ListType::Atomic), "array")),
        Ty::Map(_, v) => Some(built(Kind::Map(schema_of(v)?), "object")),
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
/// error first), `d` the type of the operand that decides (the list's items for `in`).
pub fn apply(op: ListOp, vals: &[Result<Value, ExecutionError>], d: &Decl) -> ResolveResult {
    let (l, r) = match vals {
        [Ok(l), Ok(r)] => (l, r),
        [Err(e), _] | [_, Err(e)] => return Err(e.clone()),
        _ => return Err(ExecutionError::NoSuchOverload),
    };
    match op {
        ListOp::Eq => equality(l, r, d, false),
        ListOp::Ne => equality(l, r, d, true),
        ListOp::Add => add(l, r, d),
        ListOp::In => contains(r, l, d),
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

/// `l == r` (`!=` when `negate`) with `l` of type `d`.
fn equality(l: &Value, r: &Value, d: &Decl, negate: bool) -> ResolveResult {
    let eq = match (l, r) {
        (Value::Null, _) | (_, Value::Null) => Equal::from(l == r),
        _ => equal(l, r, d)?,
    };
    match (eq, negate) {
        (Equal::Yes, ne) => Ok(Value::Bool(!ne)),
        (Equal::No, ne) => Ok(Value::Bool(ne)),
        // `!=` is true for anything but a true equality.
        (Equal::Error(_), true) => Ok(Value::Bool(true)),
        (Equal::Error(e), false) => Err(e),
    }
}

/// `l.Equal(r)` for a value `l` of type `d`.
fn equal(l: &Value, r: &Value, d: &Decl) -> Result<Equal, Panic> {
    match (&d.kind, l) {
        (Kind::List(elem, ty), Value::List(items)) => {
            let Value::List(other) = r else {
                return Ok(Equal::Error(ExecutionError::NoSuchOverload));
            };
            if items.len() != other.len() {
                return Ok(Equal::No);
            }
            match ty {
                ListType::Set => equal_sets(items, other, elem),
                ListType::Map(keys) => equal_map_lists(items, other, elem, keys),
                ListType::Atomic => {
                    for (x, y) in items.iter().zip(other.iter()) {
                        match equal(x, y, elem)? {
                            Equal::Yes => {}
                            not => return Ok(not),
                        }
                    }
                    Ok(Equal::Yes)
                }
            }
        }
        (Kind::Object(_) | Kind::Map(_), Value::Map(m)) => {
            let Value::Map(other) = r else {
                return Ok(Equal::Error(ExecutionError::NoSuchOverload));
            };
            equal_maps(m, other, d)
        }
        _ => Ok(Equal::from(l == r)),
    }
}

/// Objects and maps: the same keys, and equal values along their types.
fn equal_maps(m: &Map, other: &Map, d: &Decl) -> Result<Equal, Panic> {
    if m.map.len() != other.map.len() {
        return Ok(Equal::No);
    }
    for (k, v) in m.map.iter() {
        let Some(ov) = other.map.get(k) else {
            return Ok(Equal::No);
        };
        let field = match (&d.kind, k) {
            (Kind::Map(elem), _) => Some(&**elem),
            (_, Key::String(name)) => d.field(name.as_str()).map(|f| &*f.decl),
            _ => None,
        };
        let eq = match field {
            Some(t) if !matches!(v, Value::Null) => equal(v, ov, t)?,
            _ => Equal::from(v == ov),
        };
        if !matches!(eq, Equal::Yes) {
            return Ok(eq);
        }
    }
    Ok(Equal::Yes)
}

/// Sets of the same size: every element of `other` is one of `items`.
fn equal_sets(items: &[Value], other: &[Value], elem: &Decl) -> Result<Equal, Panic> {
    let mut natives = Natives::default();
    let set: HashMap<Native, ()> = items
        .iter()
        .map(|x| Ok((natives.of_data(x, elem)?, ())))
        .collect::<Result<_, Panic>>()?;
    for x in other {
        if !set.contains_key(&natives.of_value(x)?) {
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
    elem: &Decl,
    keys: &[String],
) -> Result<Equal, Panic> {
    let mut natives = Natives::default();
    let by_key: HashMap<MapKey, &Value> = items
        .iter()
        .map(|x| (natives.key_of(x, elem, keys), x))
        .collect();
    for y in other {
        let Some(x) = by_key.get(&natives.key_of(y, elem, keys)) else {
            return Ok(Equal::No);
        };
        match equal(x, y, elem)? {
            Equal::Yes => {}
            not => return Ok(not),
        }
    }
    Ok(Equal::Yes)
}

/// `l + r` with `l` a set or map list of type `d`.
fn add(l: &Value, r: &Value, d: &Decl) -> ResolveResult {
    let (Value::List(items), Value::List(other), Kind::List(elem, ty)) = (l, r, &d.kind) else {
        return Err(ExecutionError::NoSuchOverload);
    };
    let mut out: Vec<Value> = items.to_vec();
    let mut natives = Natives::default();
    match ty {
        ListType::Set => {
            let mut set: HashMap<Native, ()> = HashMap::with_capacity(items.len());
            for x in items.iter() {
                set.insert(natives.of_data(x, elem)?, ());
            }
            for y in other.iter() {
                if set.insert(natives.of_value(y)?, ()).is_none() {
                    out.push(as_element(y, elem));
                }
            }
        }
        ListType::Map(keys) => {
            let at: HashMap<MapKey, usize> = items
                .iter()
                .enumerate()
                .map(|(i, x)| (natives.key_of(x, elem, keys), i))
                .collect();
            for y in other.iter() {
                match at.get(&natives.key_of(y, elem, keys)) {
                    Some(&i) => out[i] = y.clone(),
                    None => out.push(y.clone()),
                }
            }
        }
        ListType::Atomic => out.extend(other.iter().cloned()),
    }
    Ok(Value::List(Arc::new(out)))
}

/// An element added to a set, as the apiserver reads it back with the set's item schema (an
/// int in a set of numbers is a double).
fn as_element(v: &Value, elem: &Decl) -> Value {
    match (v, &elem.kind) {
        (Value::Int(i), Kind::Double) => Value::Float(*i as f64),
        _ => v.clone(),
    }
}

/// `x in list` with `list`'s items of type `elem`: each item's `Equal`.
fn contains(list: &Value, x: &Value, elem: &Decl) -> ResolveResult {
    let Value::List(items) = list else {
        return Err(ExecutionError::NoSuchOverload);
    };
    let mut first_err = None;
    for item in items.iter() {
        match equal(item, x, elem)? {
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
