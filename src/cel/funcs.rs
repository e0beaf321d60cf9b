//! Functions that replace or complete the cel crate's and kube-cel's where their behaviour
//! differs from the apiserver's: `duration()` with Go's syntax, `size()` that passes its
//! argument's error on (the cel crate reports a missing argument), and cel-go's error-absorbing
//! logic for the calls [`super::rewrite`] puts in place of `&&`, `||`, `all`, `exists` and
//! `exists_one`, optional selection, two-variable quantifiers, `type()` and `dyn()`; `matches()`
//! with its patterns compiled once; and the URL library with Go's URL parsing
//! ([`super::urls`]).

use super::gotime::parse_go_duration;
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
    ctx.add_function("@and", and);
    ctx.add_function("@or", or);
    ctx.add_function("@all", all);
    ctx.add_function("@exists", exists);
    ctx.add_function("@exists_one", exists_one);
    ctx.add_function("@all2", all);
    ctx.add_function("@exists2", exists);
    ctx.add_function("@existsOne2", exists_one);
    ctx.add_function("@optsel", opt_select);
    ctx.add_function("@transformList", |f: &FunctionContext| {
        transform(f, Shape::List)
    });
    ctx.add_function("@transformMap", |f: &FunctionContext| {
        transform(f, Shape::Map)
    });
    ctx.add_function("@transformMapEntry", |f: &FunctionContext| {
        transform(f, Shape::Entry)
    });
    ctx.add_function("@optMap", |ftx: &FunctionContext| opt_map(ftx, false));
    ctx.add_function("@optFlatMap", |ftx: &FunctionContext| opt_map(ftx, true));
    ctx.add_function("@sortBy", sort_by);
    ctx.add_function("@opt_eq", |a: Value, b: Value| optional_eq(&a, &b));
    ctx.add_function("@opt_ne", |a: Value, b: Value| !optional_eq(&a, &b));
    ctx.add_function("optional.unwrap", |l: Arc<Vec<Value>>| unwrap_all(&l));
    ctx.add_function("unwrapOpt", |This(l): This<Arc<Vec<Value>>>| unwrap_all(&l));
    super::urls::register(ctx);
    super::lists::register(ctx);
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

/// `pattern` compiled with Go's syntax ([`crate::goregex`]), or Go's error text.
fn with_regex<T>(pattern: &str, f: impl FnOnce(&regex::Regex) -> T) -> Result<T, String> {
    PATTERNS.with(|cache| {
        let mut cache = cache.borrow_mut();
        if !cache.contains_key(pattern) {
            if cache.len() >= MATCHES_CACHE {
                cache.clear();
            }
            let compiled = crate::goregex::compile(pattern).map_err(|e| e.to_string());
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
        Value::String(s) => match parse_go_duration(s) {
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

/// Both operands of a logical operator, the right one evaluated only when the left one does
/// not decide (`decides` is false for `&&`, true for `||`).
fn logical(ftx: &FunctionContext, decides: bool) -> ResolveResult {
    let [l, r] = ftx.args else {
        return Err(ExecutionError::NoSuchOverload);
    };
    let left = Value::resolve(l, ftx.ptx);
    if matches!(left, Ok(Value::Bool(b)) if b == decides) {
        return Ok(Value::Bool(decides));
    }
    let right = Value::resolve(r, ftx.ptx);
    match (left, right) {
        (_, Ok(Value::Bool(b))) if b == decides => Ok(Value::Bool(decides)),
        (Ok(Value::Bool(_)), Ok(Value::Bool(_))) => Ok(Value::Bool(!decides)),
        (Err(e), _) | (_, Err(e)) => Err(e),
        _ => Err(ExecutionError::NoSuchOverload),
    }
}

fn and(ftx: &FunctionContext) -> ResolveResult {
    logical(ftx, false)
}

fn or(ftx: &FunctionContext) -> ResolveResult {
    logical(ftx, true)
}

/// The elements a macro iterates: a list's (index, item), a map's (key, value).
fn elements(v: Value) -> Result<Vec<(Value, Value)>, ExecutionError> {
    match v {
        Value::List(l) => Ok(l
            .iter()
            .enumerate()
            .map(|(i, x)| (Value::Int(i as i64), x.clone()))
            .collect()),
        // In key order: the apiserver's is Go's map order, different on every run.
        Value::Map(m) => {
            let mut entries: Vec<(&Key, &Value)> = m.map.iter().collect();
            entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
            Ok(entries
                .into_iter()
                .map(|(k, x)| (Value::from(k), x.clone()))
                .collect())
        }
        _ => Err(ExecutionError::NoSuchOverload),
    }
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

/// What a `transform*` macro builds.
enum Shape {
    List,
    Map,
    Entry,
}

/// `r.transformList(a, b, [filter,] e)`, `transformMap` (keys of `r` to `e`) and
/// `transformMapEntry` (`e` is a one-entry map, merged; a repeated key is an error).
fn transform(ftx: &FunctionContext, shape: Shape) -> ResolveResult {
    let (range, a, b, filter, body) = match ftx.args {
        [r, a, b, body] => (r, a, b, None, body),
        [r, a, b, f, body] => (r, a, b, Some(f), body),
        _ => return Err(ExecutionError::NoSuchOverload),
    };
    let (a, b) = (name_of(a)?, name_of(b)?);
    let mut list = Vec::new();
    let mut map: HashMap<Key, Value> = HashMap::new();
    for (k, x) in elements(Value::resolve(range, ftx.ptx)?)? {
        let mut scope = ftx.ptx.new_inner_scope();
        scope.add_variable_from_value(a, k.clone());
        scope.add_variable_from_value(b, x);
        if let Some(f) = filter {
            match Value::resolve(f, &scope)? {
                Value::Bool(true) => {}
                Value::Bool(false) => continue,
                _ => return Err(ExecutionError::NoSuchOverload),
            }
        }
        let v = Value::resolve(body, &scope)?;
        match shape {
            Shape::List => list.push(v),
            Shape::Map => {
                let key = match k {
                    Value::String(s) => Key::String(s),
                    Value::Int(i) => Key::Int(i),
                    Value::UInt(u) => Key::Uint(u),
                    Value::Bool(b) => Key::Bool(b),
                    _ => return Err(ExecutionError::NoSuchOverload),
                };
                map.insert(key, v);
            }
            Shape::Entry => {
                let Value::Map(entry) = v else {
                    return Err(ExecutionError::NoSuchOverload);
                };
                for (ek, ev) in entry.map.iter() {
                    if map.insert(ek.clone(), ev.clone()).is_some() {
                        return Err(key_exists(ek));
                    }
                }
            }
        }
    }
    Ok(match shape {
        Shape::List => Value::List(Arc::new(list)),
        _ => Value::Map(kube_cel::cel::objects::Map { map: Arc::new(map) }),
    })
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

/// `o.optMap(x, e)`: empty when `o` is, else `optional.of(e)` with `x` bound to its value
/// (`flat`: `e` is itself the optional result).
fn opt_map(ftx: &FunctionContext, flat: bool) -> ResolveResult {
    let [opt, var, body] = ftx.args else {
        return Err(ExecutionError::NoSuchOverload);
    };
    let v = Value::resolve(opt, ftx.ptx)?;
    let Some(opt) = as_optional(&v) else {
        return Err(ExecutionError::NoSuchOverload);
    };
    let Some(inner) = opt.value().cloned() else {
        return Ok(v);
    };
    let mut scope = ftx.ptx.new_inner_scope();
    scope.add_variable_from_value(name_of(var)?, inner);
    let r = Value::resolve(body, &scope)?;
    if flat {
        return Ok(r);
    }
    Ok(Value::Opaque(Arc::new(OptionalValue::of(r))))
}

/// `l.sortBy(x, key)`: the list stably sorted by each element's key (cel-go's
/// `@sortByAssociatedKeys`); keys of different or unordered types are `no such overload`.
fn sort_by(ftx: &FunctionContext) -> ResolveResult {
    let [list, var, key] = ftx.args else {
        return Err(ExecutionError::NoSuchOverload);
    };
    // cel-go's expansion folds an error range into a list (a recovered panic).
    let items = match Value::resolve(list, ftx.ptx) {
        Ok(Value::List(items)) => items,
        Ok(_) => return Err(ExecutionError::NoSuchOverload),
        Err(_) => {
            let text = "internal error: interface conversion: *types.Err is not traits.Lister: missing method Add";
            return Err(ExecutionError::function_error("@text", text));
        }
    };
    let var = name_of(var)?;
    let mut keys = Vec::with_capacity(items.len());
    for x in items.iter() {
        let mut scope = ftx.ptx.new_inner_scope();
        scope.add_variable_from_value(var, x.clone());
        keys.push(Value::resolve(key, &scope)?);
    }
    sort_by_keys(&items, keys)
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
    keyed.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap_or(std::cmp::Ordering::Equal));
    Ok(Value::List(Arc::new(
        keyed.into_iter().map(|(_, x)| x).collect(),
    )))
}

/// Evaluates the predicate of `@all`/`@exists`/`@exists_one` for each element, calling `each`
/// with its result until it returns false.
fn quantify(
    ftx: &FunctionContext,
    mut each: impl FnMut(Result<bool, ExecutionError>) -> bool,
) -> Result<(), ExecutionError> {
    let (range, first, second, pred) = match ftx.args {
        [range, var, pred] => (range, None, name_of(var)?, pred),
        [range, a, b, pred] => (range, Some(name_of(a)?), name_of(b)?, pred),
        _ => return Err(ExecutionError::NoSuchOverload),
    };
    let range = Value::resolve(range, ftx.ptx)?;
    let list = matches!(range, Value::List(_));
    for (k, x) in elements(range)? {
        let mut scope = ftx.ptx.new_inner_scope();
        match first {
            Some(a) => {
                scope.add_variable_from_value(a, k);
                scope.add_variable_from_value(second, x);
            }
            // One variable: a list's items, a map's keys.
            None if list => scope.add_variable_from_value(second, x),
            None => scope.add_variable_from_value(second, k),
        }
        let r = match Value::resolve(pred, &scope) {
            Ok(Value::Bool(b)) => Ok(b),
            Ok(_) => Err(ExecutionError::NoSuchOverload),
            Err(e) => Err(e),
        };
        if !each(r) {
            break;
        }
    }
    Ok(())
}

/// `all`: false as soon as one is false; else the first error; else true.
fn all(ftx: &FunctionContext) -> ResolveResult {
    quantifier(ftx, false)
}

/// `exists`: true as soon as one is true; else the first error; else false.
fn exists(ftx: &FunctionContext) -> ResolveResult {
    quantifier(ftx, true)
}

fn quantifier(ftx: &FunctionContext, decides: bool) -> ResolveResult {
    let mut first_err = None;
    let mut decided = false;
    quantify(ftx, |r| match r {
        Ok(b) if b == decides => {
            decided = true;
            false
        }
        Ok(_) => true,
        Err(e) => {
            first_err.get_or_insert(e);
            true
        }
    })?;
    match (decided, first_err) {
        (true, _) => Ok(Value::Bool(decides)),
        (false, Some(e)) => Err(e),
        (false, None) => Ok(Value::Bool(!decides)),
    }
}

/// `exists_one`: exactly one true; the first error stops it.
fn exists_one(ftx: &FunctionContext) -> ResolveResult {
    let mut count = 0;
    let mut err = None;
    quantify(ftx, |r| match r {
        Ok(b) => {
            count += usize::from(b);
            true
        }
        Err(e) => {
            err = Some(e);
            false
        }
    })?;
    match err {
        Some(e) => Err(e),
        None => Ok(Value::Bool(count == 1)),
    }
}
