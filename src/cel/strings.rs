//! cel-go's strings extension (version 2, as 1.36 declares it) where kube-cel's differs: the
//! index functions count code points and fail with cel-go's texts (`index out of range: 3`,
//! `invalid substring range. start: 3, end: 1`). `indexOf` and `lastIndexOf` on lists are the
//! Kubernetes lists library's.

use super::listlib;
use kube_cel::cel::extractors::{Arguments, This};
use kube_cel::cel::{Context, ExecutionError, ResolveResult, Value};
use std::sync::Arc;

/// Registers the functions over kube-cel's.
pub fn register(ctx: &mut Context<'_>) {
    ctx.add_function(
        "charAt",
        |This(s): This<Arc<String>>, i: i64| -> ResolveResult {
            let runes: Vec<char> = s.chars().collect();
            if i < 0 || i as usize > runes.len() {
                return Err(out_of_range(i));
            }
            let c = runes
                .get(i as usize)
                .map(|c| c.to_string())
                .unwrap_or_default();
            Ok(Value::String(Arc::new(c)))
        },
    );
    ctx.add_function("substring", substring);
    ctx.add_function(
        "indexOf",
        |This(v): This<Value>, Arguments(args): Arguments| index_of(v, &args, false),
    );
    ctx.add_function(
        "lastIndexOf",
        |This(v): This<Value>, Arguments(args): Arguments| index_of(v, &args, true),
    );
    ctx.add_function("split", split);
}

/// `split(sep)` and `split(sep, n)`: Go's `strings.Split` and `strings.SplitN`, where an empty
/// separator splits into the characters (`'abc'.split('')` is `['a', 'b', 'c']`).
fn split(This(s): This<Arc<String>>, Arguments(args): Arguments) -> ResolveResult {
    let (sep, n) = match args.as_slice() {
        [Value::String(sep)] => (sep.as_str(), -1),
        [Value::String(sep), Value::Int(n)] => (sep.as_str(), *n),
        _ => return Err(ExecutionError::NoSuchOverload),
    };
    let parts = go_split_n(&s, sep, n);
    let list = parts
        .into_iter()
        .map(|p| Value::String(Arc::new(p.to_string())))
        .collect();
    Ok(Value::List(Arc::new(list)))
}

/// Go's `strings.SplitN(s, sep, n)`: no parts for `n == 0`, all of them for `n < 0`, at most
/// `n` (the last one the rest) otherwise; an empty `sep` splits after each character.
fn go_split_n<'s>(s: &'s str, sep: &str, n: i64) -> Vec<&'s str> {
    if n == 0 {
        return Vec::new();
    }
    if !sep.is_empty() {
        return match usize::try_from(n) {
            Ok(n) => s.splitn(n, sep).collect(),
            Err(_) => s.split(sep).collect(),
        };
    }
    // `explode`: one part per character, the last one the rest.
    let chars = s.chars().count();
    let n = usize::try_from(n).map_or(chars, |n| n.min(chars));
    let mut out = Vec::with_capacity(n);
    let mut rest = s;
    for _ in 1..n {
        let len = rest.chars().next().map_or(0, char::len_utf8);
        out.push(&rest[..len]);
        rest = &rest[len..];
    }
    if n > 0 {
        out.push(rest);
    }
    out
}

fn out_of_range(i: i64) -> ExecutionError {
    ExecutionError::function_error("@text", format!("index out of range: {i}"))
}

fn substring(This(s): This<Arc<String>>, Arguments(args): Arguments) -> ResolveResult {
    let runes: Vec<char> = s.chars().collect();
    let l = runes.len() as i64;
    let (start, end) = match args.as_slice() {
        [Value::Int(start)] => {
            if *start < 0 || *start > l {
                return Err(out_of_range(*start));
            }
            (*start, l)
        }
        [Value::Int(start), Value::Int(end)] => {
            if start > end {
                let msg = format!("invalid substring range. start: {start}, end: {end}");
                return Err(ExecutionError::function_error("@text", msg));
            }
            if *start < 0 || *start > l {
                return Err(out_of_range(*start));
            }
            if *end < 0 || *end > l {
                return Err(out_of_range(*end));
            }
            (*start, *end)
        }
        _ => return Err(ExecutionError::NoSuchOverload),
    };
    let out: String = runes[start as usize..end as usize].iter().collect();
    Ok(Value::String(Arc::new(out)))
}

fn index_of(this: Value, args: &[Value], last: bool) -> ResolveResult {
    let s = match (&this, args) {
        (Value::List(l), [item]) => return Ok(Value::Int(listlib::index_of(l, item, last))),
        (Value::String(s), _) => s,
        _ => return Err(ExecutionError::NoSuchOverload),
    };
    let runes: Vec<char> = s.chars().collect();
    let n = runes.len() as i64;
    let (sub, offset) = match args {
        [Value::String(sub)] if last => {
            if sub.is_empty() {
                return Ok(Value::Int(n));
            }
            if s.len() < sub.len() {
                return Ok(Value::Int(-1));
            }
            (sub, n - 1)
        }
        [Value::String(sub)] => (sub, 0),
        [Value::String(sub), Value::Int(off)] => (sub, *off),
        _ => return Err(ExecutionError::NoSuchOverload),
    };
    if offset < 0 {
        return Err(out_of_range(offset));
    }
    if sub.is_empty() {
        return Ok(Value::Int(offset.min(n)));
    }
    let subr: Vec<char> = sub.chars().collect();
    if offset >= n {
        return Ok(Value::Int(-1));
    }
    let m = subr.len() as i64;
    let at = |i: i64| runes[i as usize..].starts_with(&subr);
    let found = if last {
        let from = offset.min(n - m);
        (0..=from).rev().find(|&i| at(i))
    } else {
        (offset..=n - m).find(|&i| at(i))
    };
    Ok(Value::Int(found.unwrap_or(-1)))
}

#[cfg(test)]
mod split_tests {
    use super::go_split_n;

    /// Go's `splittests` (strings_test.go) with `Split` as `SplitN(s, sep, -1)`.
    #[test]
    fn split_n_as_go_splits() {
        let cases: &[(&str, &str, i64, &[&str])] = &[
            ("", "", -1, &[]),
            ("abcd", "", 2, &["a", "bcd"]),
            ("abcd", "", 4, &["a", "b", "c", "d"]),
            ("abcd", "", -1, &["a", "b", "c", "d"]),
            ("abcd", "", 0, &[]),
            (
                "\u{263a}\u{263b}\u{2639}",
                "",
                -1,
                &["\u{263a}", "\u{263b}", "\u{2639}"],
            ),
            ("1 2 3 4", " ", 3, &["1", "2", "3 4"]),
            ("1 2", " ", 3, &["1", "2"]),
            ("abcd", "a", 0, &[]),
            ("abcd", "a", -1, &["", "bcd"]),
            ("abcd", "z", -1, &["abcd"]),
            ("1,2,3,", ",", -1, &["1", "2", "3", ""]),
            ("", ",", -1, &[""]),
            ("", "T", -1, &[""]),
        ];
        for (s, sep, n, want) in cases {
            assert_eq!(go_split_n(s, sep, *n), *want, "{s:?} {sep:?} {n}");
        }
    }
}
