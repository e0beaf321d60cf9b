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
            Some(b) => match b.partial_cmp(x) {
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
