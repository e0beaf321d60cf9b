//! The Kubernetes semver library (`k8s.io/apiserver/pkg/cel/library/semverlib.go`, version 1)
//! on a port of blang/semver v4's `Parse` with its error texts (`No Major.Minor.Patch elements
//! found`, `Invalid character(s) found in major number "v1"`, `strconv.ParseUint: parsing
//! "99999999999999999999": value out of range`), and the library's normalization for
//! `semver(s, true)`. `isGreaterThan`, `isLessThan` and `compareTo` are shared with quantities
//! ([`super::quantity`]).

use crate::go::strconv::quote;
use kube_cel::cel::extractors::This;
use kube_cel::cel::objects::Opaque;
use kube_cel::cel::{Context, ExecutionError, FunctionContext, ResolveResult, Value};
use std::cmp::Ordering;
use std::sync::Arc;

/// A pre-release identifier: numeric or alphanumeric.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Pre {
    Num(u64),
    Str(String),
}

/// A `kubernetes.Semver` value (build metadata is kept but never compared).
#[derive(Debug, Clone)]
pub struct Semver {
    major: u64,
    minor: u64,
    patch: u64,
    pre: Vec<Pre>,
}

impl PartialEq for Semver {
    fn eq(&self, other: &Self) -> bool {
        self.compare(other) == Ordering::Equal
    }
}

impl Eq for Semver {}

impl Opaque for Semver {
    fn runtime_type_name(&self) -> &str {
        "kubernetes.Semver"
    }
}

impl Semver {
    /// blang/semver's `Version.Compare`.
    fn compare(&self, o: &Semver) -> Ordering {
        let c = (self.major, self.minor, self.patch).cmp(&(o.major, o.minor, o.patch));
        if c != Ordering::Equal {
            return c;
        }
        match (self.pre.is_empty(), o.pre.is_empty()) {
            (true, true) => return Ordering::Equal,
            (true, false) => return Ordering::Greater,
            (false, true) => return Ordering::Less,
            _ => {}
        }
        for (a, b) in self.pre.iter().zip(&o.pre) {
            let c = match (a, b) {
                (Pre::Num(x), Pre::Num(y)) => x.cmp(y),
                (Pre::Num(_), Pre::Str(_)) => Ordering::Less,
                (Pre::Str(_), Pre::Num(_)) => Ordering::Greater,
                (Pre::Str(x), Pre::Str(y)) => x.cmp(y),
            };
            if c != Ordering::Equal {
                return c;
            }
        }
        self.pre.len().cmp(&o.pre.len())
    }
}

fn only(s: &str, f: impl Fn(char) -> bool) -> bool {
    s.chars().all(f)
}

fn numeric(c: char) -> bool {
    c.is_ascii_digit()
}

fn alphanumeric(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-'
}

fn leading_zero(s: &str) -> bool {
    s.len() > 1 && s.starts_with('0')
}

/// Go's `strconv.ParseUint(s, 10, 64)` on digits only.
fn parse_uint(s: &str) -> Result<u64, String> {
    if s.is_empty() {
        return Err(format!(
            "strconv.ParseUint: parsing {}: invalid syntax",
            quote(s)
        ));
    }
    s.parse::<u64>().map_err(|_| {
        format!(
            "strconv.ParseUint: parsing {}: value out of range",
            quote(s)
        )
    })
}

fn number(s: &str, what: &str) -> Result<u64, String> {
    let q = quote(s);
    if !only(s, numeric) {
        return Err(format!("Invalid character(s) found in {what} number {q}"));
    }
    if leading_zero(s) {
        let cap = format!("{}{}", what[..1].to_uppercase(), &what[1..]);
        return Err(format!("{cap} number must not contain leading zeroes {q}"));
    }
    parse_uint(s)
}

/// blang/semver v4's `Parse`.
pub fn parse(s: &str) -> Result<Semver, String> {
    if s.is_empty() {
        return Err("Version string empty".into());
    }
    let parts: Vec<&str> = s.splitn(3, '.').collect();
    if parts.len() != 3 {
        return Err("No Major.Minor.Patch elements found".into());
    }
    let major = number(parts[0], "major")?;
    let minor = number(parts[1], "minor")?;
    let mut patch = parts[2];
    let mut build: Vec<&str> = Vec::new();
    if let Some(i) = patch.find('+') {
        build = patch[i + 1..].split('.').collect();
        patch = &patch[..i];
    }
    let mut pre_parts: Vec<&str> = Vec::new();
    if let Some(i) = patch.find('-') {
        pre_parts = patch[i + 1..].split('.').collect();
        patch = &patch[..i];
    }
    let patch = number(patch, "patch")?;
    let mut pre = Vec::with_capacity(pre_parts.len());
    for p in pre_parts {
        let q = quote(p);
        if p.is_empty() {
            return Err("Prerelease is empty".into());
        }
        if only(p, numeric) {
            if leading_zero(p) {
                return Err(format!(
                    "Numeric PreRelease version must not contain leading zeroes {q}"
                ));
            }
            pre.push(Pre::Num(parse_uint(p)?));
        } else if only(p, alphanumeric) {
            pre.push(Pre::Str(p.to_string()));
        } else {
            return Err(format!("Invalid character(s) found in prerelease {q}"));
        }
    }
    for b in build {
        if b.is_empty() {
            return Err("Build meta data is empty".into());
        }
        if !only(b, alphanumeric) {
            let q = quote(b);
            return Err(format!("Invalid character(s) found in build meta data {q}"));
        }
    }
    Ok(Semver {
        major,
        minor,
        patch,
        pre,
    })
}

/// The library's `normalizeAndParse` (`semver(s, true)`): no `v`, no leading zeros, missing
/// minor and patch as 0.
pub fn normalize_and_parse(s: &str) -> Result<Semver, String> {
    let s = s.strip_prefix('v').unwrap_or(s);
    let mut parts: Vec<String> = s.splitn(3, '.').map(str::to_string).collect();
    for p in parts.iter_mut() {
        if p.len() > 1 {
            let mut t = p.trim_start_matches('0').to_string();
            if t.is_empty() || !t.starts_with(|c: char| c.is_ascii_digit()) {
                t.insert(0, '0');
            }
            *p = t;
        }
    }
    if parts.len() < 3 {
        if parts.last().is_some_and(|p| p.contains(['+', '-'])) {
            return Err("short version cannot contain PreRelease/Build meta data".into());
        }
        while parts.len() < 3 {
            parts.push("0".into());
        }
    }
    parse(&parts.join("."))
}

fn text(msg: String) -> ExecutionError {
    ExecutionError::function_error("@text", msg)
}

fn parse_with(ftx: &FunctionContext) -> Result<Result<Semver, String>, ExecutionError> {
    let (s, normalize) = match ftx.args.len() {
        1 => (Value::resolve(&ftx.args[0], ftx.ptx)?, false),
        2 => {
            let s = Value::resolve(&ftx.args[0], ftx.ptx)?;
            match Value::resolve(&ftx.args[1], ftx.ptx)? {
                Value::Bool(b) => (s, b),
                _ => return Err(ExecutionError::NoSuchOverload),
            }
        }
        _ => return Err(ExecutionError::NoSuchOverload),
    };
    let Value::String(s) = s else {
        return Err(ExecutionError::NoSuchOverload);
    };
    Ok(match normalize {
        true => normalize_and_parse(&s),
        false => parse(&s),
    })
}

fn as_semver(v: &Value) -> Option<&Semver> {
    match v {
        Value::Opaque(o) => o.downcast_ref::<Semver>(),
        _ => None,
    }
}

fn field(v: Value, f: fn(&Semver) -> u64) -> ResolveResult {
    let s = as_semver(&v).ok_or(ExecutionError::NoSuchOverload)?;
    Ok(Value::Int(f(s) as i64))
}

fn compare(this: Value, other: Value, which: usize) -> ResolveResult {
    if let Some(a) = as_semver(&this) {
        let b = as_semver(&other).ok_or(ExecutionError::NoSuchOverload)?;
        let c = a.compare(b);
        return Ok(match which {
            0 => Value::Bool(c == Ordering::Greater),
            1 => Value::Bool(c == Ordering::Less),
            _ => Value::Int(c as i64),
        });
    }
    let c = super::quantity::compare(&this, &other).ok_or(ExecutionError::NoSuchOverload)?;
    Ok(match which {
        0 => Value::Bool(c == Ordering::Greater),
        1 => Value::Bool(c == Ordering::Less),
        _ => Value::Int(c as i64),
    })
}

/// Registers the library over kube-cel's.
pub fn register(ctx: &mut Context<'_>) {
    ctx.add_function("semver", |ftx: &FunctionContext| -> ResolveResult {
        let v = parse_with(ftx)?.map_err(text)?;
        Ok(Value::Opaque(Arc::new(v)))
    });
    ctx.add_function("isSemver", |ftx: &FunctionContext| -> ResolveResult {
        Ok(Value::Bool(parse_with(ftx)?.is_ok()))
    });
    ctx.add_function("major", |This(v): This<Value>| field(v, |s| s.major));
    ctx.add_function("minor", |This(v): This<Value>| field(v, |s| s.minor));
    ctx.add_function("patch", |This(v): This<Value>| field(v, |s| s.patch));
    ctx.add_function("isGreaterThan", |This(a): This<Value>, b: Value| {
        compare(a, b, 0)
    });
    ctx.add_function("isLessThan", |This(a): This<Value>, b: Value| {
        compare(a, b, 1)
    });
    ctx.add_function("compareTo", |This(a): This<Value>, b: Value| {
        compare(a, b, 2)
    });
}
