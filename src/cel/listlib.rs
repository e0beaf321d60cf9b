//! The Kubernetes lists library and cel-go's lists extension where kube-cel's differ: their
//! error texts (`cannot slice(4, 2), start index must be less than or equal to end index`,
//! `min called on empty list`) and cel-go's comparisons.

use kube_cel::cel::extractors::This;
use kube_cel::cel::{Context, ExecutionError, ResolveResult, Value};
use std::cmp::Ordering;
use std::sync::Arc;

/// Registers the functions over kube-cel's.
pub fn register(ctx: &mut Context<'_>) {
    ctx.add_function("slice", slice);
    ctx.add_function("min", |This(v): This<Value>| {
        extreme(v, "min", Ordering::Greater)
    });
    ctx.add_function("max", |This(v): This<Value>| {
        extreme(v, "max", Ordering::Less)
    });
    ctx.add_function("sum", sum);
    ctx.add_function("isSorted", is_sorted);
}

/// cel-go's ordering of two values (`traits.Comparer`): numbers across their types, strings,
/// bytes, bools, durations and timestamps; `None` for values that do not compare.
pub fn compare(a: &Value, b: &Value) -> Option<Ordering> {
    match (a, b) {
        (Value::Bytes(x), Value::Bytes(y)) => Some(x.cmp(y)),
        (Value::Int(x), Value::UInt(y)) => Some(i128::from(*x).cmp(&i128::from(*y))),
        (Value::UInt(x), Value::Int(y)) => Some(i128::from(*x).cmp(&i128::from(*y))),
        (Value::Int(x), Value::Float(y)) => (*x as f64).partial_cmp(y),
        (Value::Float(x), Value::Int(y)) => x.partial_cmp(&(*y as f64)),
        (Value::UInt(x), Value::Float(y)) => (*x as f64).partial_cmp(y),
        (Value::Float(x), Value::UInt(y)) => x.partial_cmp(&(*y as f64)),
        (Value::Int(_), Value::Int(_))
        | (Value::UInt(_), Value::UInt(_))
        | (Value::Float(_), Value::Float(_))
        | (Value::String(_), Value::String(_))
        | (Value::Bool(_), Value::Bool(_))
        | (Value::Duration(_), Value::Duration(_))
        | (Value::Timestamp(_), Value::Timestamp(_)) => a.partial_cmp(b),
        _ => None,
    }
}

/// `l.isSorted()`: each element not greater than the next.
fn is_sorted(This(l): This<Arc<Vec<Value>>>) -> ResolveResult {
    for w in l.windows(2) {
        match compare(&w[0], &w[1]) {
            Some(Ordering::Greater) => return Ok(Value::Bool(false)),
            Some(_) => {}
            None => return Err(ExecutionError::NoSuchOverload),
        }
    }
    Ok(Value::Bool(true))
}

/// `l.sum()` of ints, uints, doubles or durations, with cel-go's overflow errors (`0` for an
/// empty list).
fn sum(This(l): This<Arc<Vec<Value>>>) -> ResolveResult {
    let overflow = |unsigned: bool| {
        text(
            if unsigned {
                "unsigned integer overflow"
            } else {
                "integer overflow"
            }
            .into(),
        )
    };
    let mut acc = match l.first() {
        None => return Ok(Value::Int(0)),
        Some(v) => v.clone(),
    };
    for x in l.iter().skip(1) {
        acc = match (&acc, x) {
            (Value::Int(a), Value::Int(b)) => {
                Value::Int(a.checked_add(*b).ok_or_else(|| overflow(false))?)
            }
            (Value::UInt(a), Value::UInt(b)) => {
                Value::UInt(a.checked_add(*b).ok_or_else(|| overflow(true))?)
            }
            (Value::Float(a), Value::Float(b)) => Value::Float(a + b),
            (Value::Duration(a), Value::Duration(b)) => {
                Value::Duration(a.checked_add(b).ok_or_else(|| overflow(false))?)
            }
            _ => return Err(ExecutionError::NoSuchOverload),
        };
    }
    Ok(acc)
}

fn text(msg: String) -> ExecutionError {
    ExecutionError::function_error("@text", msg)
}

fn slice(This(l): This<Arc<Vec<Value>>>, start: i64, end: i64) -> ResolveResult {
    if start < 0 || end < 0 {
        return Err(text(format!(
            "cannot slice({start}, {end}), negative indexes not supported"
        )));
    }
    if start > end {
        return Err(text(format!(
            "cannot slice({start}, {end}), start index must be less than or equal to end index"
        )));
    }
    if (l.len() as i64) < end {
        return Err(text(format!(
            "cannot slice({start}, {end}), list is length {}",
            l.len()
        )));
    }
    Ok(Value::List(Arc::new(
        l[start as usize..end as usize].to_vec(),
    )))
}

/// `min()`/`max()`: the first element that no later one beats (`prefer` is how the current
/// result compares with an element that replaces it).
fn extreme(v: Value, name: &str, prefer: Ordering) -> ResolveResult {
    let Value::List(l) = v else {
        return Err(ExecutionError::NoSuchOverload);
    };
    let mut best: Option<&Value> = None;
    for x in l.iter() {
        best = match best {
            None => Some(x),
            Some(b) => match compare(b, x) {
                Some(o) if o == prefer => Some(x),
                Some(_) => Some(b),
                None => return Err(ExecutionError::NoSuchOverload),
            },
        };
    }
    match best {
        Some(b) => Ok(b.clone()),
        None => Err(text(format!("{name} called on empty list"))),
    }
}

/// The first (or last) index of `item` in `l`, or -1.
pub fn index_of(l: &[Value], item: &Value, last: bool) -> i64 {
    let pos = if last {
        l.iter().rposition(|x| x == item)
    } else {
        l.iter().position(|x| x == item)
    };
    pos.map_or(-1, |i| i as i64)
}
