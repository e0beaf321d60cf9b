//! Functions that replace or complete the cel crate's and kube-cel's where their behaviour
//! differs from the apiserver's: `duration()` with Go's syntax, `size()` that passes its
//! argument's error on (the cel crate reports a missing argument), optional selection
//! (`@optsel`), `type()` and `dyn()`, optionals' equality and `unwrap`; `matches()` with its
//! patterns compiled once; and the URL library with Go's URL parsing ([`super::urls`]).
//! `&&`, `||` and the macros are evaluated by [`super::interp`] itself.

use kube_cel::cel::common::ast::{Expr, LiteralValue};
use kube_cel::cel::extractors::This;
use kube_cel::cel::objects::Key;
use kube_cel::cel::objects::{Opaque, OptionalValue};
use kube_cel::cel::{Context, ExecutionError, FunctionContext, ResolveResult, Value};
use std::collections::HashMap;
use std::sync::Arc;

/// Registers the replacements over the cel crate's and kube-cel's functions.
pub fn register(ctx: &mut Context<'_>) {
    ctx.add_function("duration", duration);
    ctx.add_function("size", size);
    ctx.add_function("matches", matches);
    ctx.add_function("find", find);
    ctx.add_function("findAll", find_all);
    ctx.add_function("@optsel", opt_select);
    ctx.add_function("@opt_eq", |a: Value, b: Value| optional_eq(&a, &b));
    ctx.add_function("@opt_ne", |a: Value, b: Value| !optional_eq(&a, &b));
    ctx.add_function("optional.unwrap", |l: Arc<Vec<Value>>| unwrap_all(&l));
    ctx.add_function("unwrapOpt", |This(l): This<Arc<Vec<Value>>>| unwrap_all(&l));
    super::urls::register(ctx);
    super::ip::register(ctx);
    super::conv::register(ctx);
    super::strings::register(ctx);
    super::listlib::register(ctx);
    super::format::register(ctx);
    super::semver::register(ctx);
    super::quantity::register(ctx);
    super::formatting::register(ctx);
    super::time::register(ctx);
    ctx.add_function("type", type_of);
    ctx.add_function("dyn", |v: Value| -> ResolveResult { Ok(v) });
    for name in TYPE_NAMES {
        ctx.add_variable_from_value(*name, Value::Opaque(Arc::new(TypeVal(name))));
    }
}

thread_local! {
    /// Patterns compiled so far (or Go's error text), so that a rule compiles its pattern once
    /// per run, not once per object. Bounded: emptied when it grows past [`MATCHES_CACHE`] (a
    /// pattern can come from the data).
    static PATTERNS: std::cell::RefCell<HashMap<String, Result<regex::Regex, String>>> =
        std::cell::RefCell::default();
}

const MATCHES_CACHE: usize = 1024;

/// `pattern` compiled with Go's syntax ([`crate::go::regexp`]), or Go's error text.
fn with_regex<T>(pattern: &str, f: impl FnOnce(&regex::Regex) -> T) -> Result<T, String> {
    PATTERNS.with(|cache| {
        let mut cache = cache.borrow_mut();
        if !cache.contains_key(pattern) {
            if cache.len() >= MATCHES_CACHE {
                cache.clear();
            }
            let compiled = crate::go::regexp::compile(pattern).map_err(|e| e.to_string());
            cache.insert(pattern.to_string(), compiled);
        }
        match &cache[pattern] {
            Ok(re) => Ok(f(re)),
            Err(err) => Err(err.clone()),
        }
    })
}

/// `matches()` with Go's regexp syntax; a bad pattern is Go's `error parsing regexp: …`.
fn matches(This(this): This<Arc<String>>, pattern: Arc<String>) -> Result<bool, ExecutionError> {
    with_regex(&pattern, |re| re.is_match(&this))
        .map_err(|e| ExecutionError::function_error("@text", e))
}

fn illegal(e: String) -> ExecutionError {
    ExecutionError::function_error("@text", format!("Illegal regex: {e}"))
}

/// The regex library's `find` (the first match, or the empty string).
fn find(This(this): This<Arc<String>>, pattern: Arc<String>) -> ResolveResult {
    let found = with_regex(&pattern, |re| {
        re.find(&this)
            .map(|m| m.as_str().to_string())
            .unwrap_or_default()
    })
    .map_err(illegal)?;
    Ok(Value::String(Arc::new(found)))
}

/// The regex library's `findAll` (at most `n` matches when `n` is not negative).
fn find_all(
    This(this): This<Arc<String>>,
    kube_cel::cel::extractors::Arguments(args): kube_cel::cel::extractors::Arguments,
) -> ResolveResult {
    let (pattern, limit) = match args.as_slice() {
        [Value::String(p)] => (p, -1),
        [Value::String(p), Value::Int(n)] => (p, *n),
        _ => return Err(ExecutionError::NoSuchOverload),
    };
    let found = with_regex(pattern, |re| {
        let all = re
            .find_iter(&this)
            .map(|m| Value::String(Arc::new(m.as_str().to_string())));
        match usize::try_from(limit) {
            Ok(n) => all.take(n).collect::<Vec<_>>(),
            Err(_) => all.collect(),
        }
    })
    .map_err(illegal)?;
    Ok(Value::List(Arc::new(found)))
}

/// The type denotations a rule can compare `type(x)` with.
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

/// A type value (`type(1) == int`).
#[derive(Debug, PartialEq, Eq)]
struct TypeVal(&'static str);

impl Opaque for TypeVal {
    fn runtime_type_name(&self) -> &str {
        "type"
    }
}

/// `type(x)`.
fn type_of(v: Value) -> ResolveResult {
    let name = match &v {
        Value::Int(_) => "int",
        Value::UInt(_) => "uint",
        Value::Float(_) => "double",
        Value::Bool(_) => "bool",
        Value::String(_) => "string",
        Value::Bytes(_) => "bytes",
        Value::List(_) => "list",
        Value::Map(_) => "map",
        Value::Null => "null_type",
        Value::Duration(_) => "google.protobuf.Duration",
        Value::Timestamp(_) => "google.protobuf.Timestamp",
        Value::Opaque(o) if o.runtime_type_name() == "type" => "type",
        _ => return Err(ExecutionError::NoSuchOverload),
    };
    Ok(Value::Opaque(Arc::new(TypeVal(name))))
}

/// `duration(string)`, with Go's syntax (`1h30m`, `1.5s`, `0`); other strings are the
/// apiserver's conversion error.
fn duration(v: Value) -> ResolveResult {
    match &v {
        Value::String(s) => match crate::go::time::parse_duration(s) {
            Some(ns) => Ok(Value::Duration(chrono::Duration::nanoseconds(ns))),
            None => Err(conversion("string", "google.protobuf.Duration")),
        },
        Value::Duration(_) => Ok(v),
        _ => Err(ExecutionError::NoSuchOverload),
    }
}

/// cel-go's `type conversion error from 'A' to 'B'`, carried as a function error that
/// [`super::errors`] renders as it is.
pub fn conversion(from: &str, to: &str) -> ExecutionError {
    ExecutionError::function_error(
        "@conversion",
        format!("type conversion error from '{from}' to '{to}'"),
    )
}

/// `size(x)` and `x.size()`.
fn size(ftx: &FunctionContext) -> ResolveResult {
    let v = match (&ftx.this, ftx.args.first()) {
        (Some(t), _) => t.clone(),
        (None, Some(a)) => Value::resolve(a, ftx.ptx)?,
        (None, None) => return Err(ExecutionError::NoSuchOverload),
    };
    let n = match &v {
        Value::List(l) => l.len(),
        Value::Map(m) => m.map.len(),
        Value::String(s) => s.chars().count(),
        Value::Bytes(b) => b.len(),
        _ => return Err(ExecutionError::NoSuchOverload),
    };
    Ok(Value::Int(n as i64))
}

fn name_of(e: &kube_cel::cel::common::ast::IdedExpr) -> Result<&str, ExecutionError> {
    match &e.expr {
        Expr::Literal(LiteralValue::String(name)) => Ok(name.inner()),
        _ => Err(ExecutionError::NoSuchOverload),
    }
}

/// The optional `v` holds, if it is one.
pub(super) fn as_optional(v: &Value) -> Option<&OptionalValue> {
    match v {
        Value::Opaque(o) => o.downcast_ref::<OptionalValue>(),
        _ => None,
    }
}

/// cel-go's equality with optionals: two empty ones are equal, two full ones when their
/// values are, an optional never equals another value.
fn optional_eq(a: &Value, b: &Value) -> bool {
    match (as_optional(a), as_optional(b)) {
        (Some(x), Some(y)) => match (x.value(), y.value()) {
            (None, None) => true,
            (Some(x), Some(y)) => optional_eq(x, y),
            _ => false,
        },
        (None, None) => a == b,
        _ => false,
    }
}

/// `optional.unwrap(l)` and `l.unwrapOpt()`: the values of the list's full optionals.
fn unwrap_all(l: &[Value]) -> ResolveResult {
    let mut out = Vec::with_capacity(l.len());
    for v in l {
        match as_optional(v) {
            Some(o) => out.extend(o.value().cloned()),
            None => return Err(ExecutionError::NoSuchOverload),
        }
    }
    Ok(Value::List(Arc::new(out)))
}

/// `x.?f`: an optional of field `f` of `x` (itself possibly optional), empty when absent.
fn opt_select(ftx: &FunctionContext) -> ResolveResult {
    let [operand, field] = ftx.args else {
        return Err(ExecutionError::NoSuchOverload);
    };
    let none = || Ok(Value::Opaque(Arc::new(OptionalValue::none())));
    let v = Value::resolve(operand, ftx.ptx)?;
    let v = match (as_optional(&v), &v) {
        (Some(opt), _) => match opt.value() {
            Some(inner) => inner.clone(),
            None => return none(),
        },
        (None, Value::Opaque(_)) => return Err(ExecutionError::NoSuchOverload),
        (None, _) => v,
    };
    let Value::Map(m) = v else {
        return Err(ExecutionError::NoSuchOverload);
    };
    match m.map.get(&Key::from(name_of(field)?)) {
        Some(x) => Ok(Value::Opaque(Arc::new(OptionalValue::of(x.clone())))),
        None => none(),
    }
}

/// `cel.@mapInsert`'s error for a key inserted twice.
pub(super) fn key_exists(k: &Key) -> ExecutionError {
    let text = format!("insert failed: key {} already exists", key_text(k));
    ExecutionError::function_error("@text", text)
}

fn key_text(k: &Key) -> String {
    match Value::from(k) {
        Value::String(s) => s.to_string(),
        Value::Int(i) => i.to_string(),
        Value::UInt(u) => u.to_string(),
        Value::Bool(b) => b.to_string(),
        other => format!("{other:?}"),
    }
}

/// cel-go's `@sortByAssociatedKeys`: `items` stably sorted by their `keys`; keys of different
/// or unordered types are `no such overload`.
pub(super) fn sort_by_keys(items: &[Value], keys: Vec<Value>) -> ResolveResult {
    let mut keyed: Vec<(Value, Value)> = keys.into_iter().zip(items.iter().cloned()).collect();
    let orderable = |v: &Value| {
        matches!(
            v,
            Value::Int(_)
                | Value::UInt(_)
                | Value::Float(_)
                | Value::String(_)
                | Value::Bool(_)
                | Value::Bytes(_)
                | Value::Duration(_)
                | Value::Timestamp(_)
        )
    };
    let same = keyed
        .windows(2)
        .all(|w| std::mem::discriminant(&w[0].0) == std::mem::discriminant(&w[1].0));
    if !same || !keyed.iter().all(|(k, _)| orderable(k)) {
        return Err(ExecutionError::NoSuchOverload);
    }
    keyed.sort_by(|a, b| super::listlib::compare(&a.0, &b.0).unwrap_or(std::cmp::Ordering::Equal));
    Ok(Value::List(Arc::new(
        keyed.into_iter().map(|(_, x)| x).collect(),
    )))
}

#[cfg(test)]
mod tests {
    use super::sort_by_keys;
    use kube_cel::cel::Value;
    use std::sync::Arc;

    #[test]
    fn sort_by_keys_orders_bytes_keys_as_cel_go_compares_them() {
        let items = [Value::Int(1), Value::Int(2), Value::Int(3)];
        let keys = ["b", "c", "a"]
            .iter()
            .map(|k| Value::Bytes(Arc::new(k.as_bytes().to_vec())))
            .collect();
        let sorted = sort_by_keys(&items, keys).expect("sorted");
        let want = [Value::Int(3), Value::Int(1), Value::Int(2)];
        assert_eq!(sorted, Value::List(Arc::new(want.to_vec())));
    }
}
