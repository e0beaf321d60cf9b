//! What a call costs at run time (cel-go's `CostTracker.costCall`), and the calls answered
//! without the cel crate.

use super::{LIST, V};
use kube_cel::cel::Value as Cel;

/// `common.StringTraversalCostFactor`.
const TRAVERSAL: f64 = 0.1;
/// `common.RegexStringLengthCostFactor`.
const REGEX: f64 = 0.25;

/// The calls answered here for the operands whose answer is plain (two numbers of one type,
/// two strings, a list's size…), without handing them to the cel crate (which copies a map or
/// list operand into its own values): for anything else they are handed over as every call.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Fast {
    No,
    Size,
    /// `==` (`false`) or `!=` (`true`).
    Equals(bool),
    /// `<`, `<=`, `>`, `>=`: the orderings that make it true.
    Compare(bool, bool, bool),
    /// `sum()` of a list of this type: an empty one sums to its zero (the Kubernetes lists
    /// library's overload per type; `0` when the checker could not tell which).
    Sum(Zero),
    /// `dyn(x)`: `x` itself (a list or map keeps what it is; see [`super::super::lists`]).
    Same,
}

/// The zero a summable type's `sum()` starts from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Zero {
    Int,
    Uint,
    Double,
    Duration,
}

impl Fast {
    /// The plain answers of call `name` with `args` operands (`sig`: its only overload).
    pub(super) fn of(name: &str, args: usize, sig: Option<&str>) -> Fast {
        match (name, args) {
            ("size", 1) => Fast::Size,
            ("dyn", 1) => Fast::Same,
            ("sum", 1) => Fast::Sum(match sig {
                Some("sum m list(uint) -> uint") => Zero::Uint,
                Some("sum m list(double) -> double") => Zero::Double,
                Some("sum m list(duration) -> duration") => Zero::Duration,
                _ => Zero::Int,
            }),
            ("_==_", 2) => Fast::Equals(false),
            ("_!=_", 2) => Fast::Equals(true),
            ("_<_", 2) => Fast::Compare(true, false, false),
            ("_<=_", 2) => Fast::Compare(true, true, false),
            ("_>_", 2) => Fast::Compare(false, false, true),
            ("_>=_", 2) => Fast::Compare(false, true, true),
            _ => Fast::No,
        }
    }

    /// The answer, when the operands are plain.
    pub(super) fn answer(self, args: &[V]) -> Option<Cel> {
        use std::cmp::Ordering;
        match (self, args) {
            (Fast::Sum(zero), [Ok(Cel::List(l))]) if l.is_empty() => Some(match zero {
                Zero::Int => Cel::Int(0),
                Zero::Uint => Cel::UInt(0),
                Zero::Double => Cel::Float(0.0),
                Zero::Duration => Cel::Duration(chrono::Duration::zero()),
            }),
            (Fast::Same, [Ok(v)]) => Some(v.clone()),
            (Fast::Size, [Ok(v)]) => match v {
                Cel::String(s) => Some(Cel::Int(s.chars().count() as i64)),
                Cel::Bytes(b) => Some(Cel::Int(b.len() as i64)),
                Cel::List(l) => Some(Cel::Int(l.len() as i64)),
                Cel::Map(m) => Some(Cel::Int(m.map.len() as i64)),
                _ => None,
            },
            (Fast::Equals(negate), [Ok(a), Ok(b)]) => {
                let eq = match (a, b) {
                    (Cel::Int(x), Cel::Int(y)) => x == y,
                    (Cel::UInt(x), Cel::UInt(y)) => x == y,
                    (Cel::Float(x), Cel::Float(y)) => x == y,
                    (Cel::String(x), Cel::String(y)) => x == y,
                    (Cel::Bool(x), Cel::Bool(y)) => x == y,
                    _ => return None,
                };
                Some(Cel::Bool(eq != negate))
            }
            (Fast::Compare(lt, eq, gt), [Ok(a), Ok(b)]) => {
                let o = match (a, b) {
                    (Cel::Int(x), Cel::Int(y)) => x.cmp(y),
                    (Cel::UInt(x), Cel::UInt(y)) => x.cmp(y),
                    (Cel::String(x), Cel::String(y)) => x.cmp(y),
                    (Cel::Float(x), Cel::Float(y)) => x.partial_cmp(y)?,
                    _ => return None,
                };
                Some(Cel::Bool(match o {
                    Ordering::Less => lt,
                    Ordering::Equal => eq,
                    Ordering::Greater => gt,
                }))
            }
            _ => None,
        }
    }
}

/// A call's runtime cost (`CostTracker.costCall`: the list and set trackers by overload, the
/// Kubernetes `CallCost` by function name, then cel-go's defaults by overload).
#[derive(Debug, Clone, Copy)]
pub(super) enum Price {
    One,
    /// `ceil(size(a0) * factor)`.
    Scan(f64),
    /// `ceil(min(size(a0), size(a1)) * 0.1)`.
    MinScan,
    /// `==`: a unit on a Kubernetes type, else [`Price::MinScan`].
    Equals,
    SumScan,
    /// `size(a1)`.
    InList,
    /// `ceil((1 + size(a0)) * 0.1) * ceil(size(a1) * 0.25)`.
    Regex,
    Contains,
    /// The Kubernetes libraries' `traversalCost(a0)`.
    Traversal,
    /// `ceil(size(result) * 0.2)`.
    JoinResult,
    Ip,
    ContainsIp(bool),
    ContainsCidr(bool),
    Validate,
    /// `1 + 10 + size(result)`.
    ListOut,
    Flatten,
    /// `1 + 10 + size(a_i)² * (2, or 2.1 for strings and bytes)`.
    SelfCompare(usize),
    /// `1 + size(a0) * size(a1) * factor`.
    Sets(f64),
}

pub(super) fn price(name: &str, sig: Option<&'static str>) -> Price {
    let sig = sig.unwrap_or("");
    let params = |p: &str| sig.split(" -> ").next().is_some_and(|s| s.ends_with(p));
    // The list and set libraries' trackers (by overload).
    if sig.starts_with("slice m list")
        || sig.starts_with("lists.range ")
        || sig.starts_with("reverse m list")
    {
        return Price::ListOut;
    }
    if sig.starts_with("flatten m ") {
        return Price::Flatten;
    }
    if sig.starts_with("distinct m ") || sig.starts_with("sort m ") {
        return Price::SelfCompare(0);
    }
    if sig.starts_with("@sortByAssociatedKeys m ") {
        return Price::SelfCompare(1);
    }
    if sig.starts_with("sets.contains ") || sig.starts_with("sets.intersects ") {
        return Price::Sets(1.0);
    }
    if sig.starts_with("sets.equivalent ") {
        return Price::Sets(2.0);
    }
    // The Kubernetes libraries' `CallCost` (by function).
    match name {
        "isSorted" | "sum" | "max" | "min" | "indexOf" | "lastIndexOf" => return Price::Traversal,
        "url"
        | "lowerAscii"
        | "upperAscii"
        | "substring"
        | "trim"
        | "jsonpatch.escapeKey"
        | "cidr"
        | "isIP"
        | "isCIDR"
        | "quantity"
        | "isQuantity"
        | "semver"
        | "isSemver" => return Price::Scan(TRAVERSAL),
        "replace" | "split" | "ip.isCanonical" => return Price::Scan(2.0 * TRAVERSAL),
        "join" => return Price::JoinResult,
        "find" | "findAll" => return Price::Regex,
        "ip" => return Price::Ip,
        "containsIP" => return Price::ContainsIp(params("string")),
        "containsCIDR" => return Price::ContainsCidr(params("string")),
        "validate" => return Price::Validate,
        "_==_" | "@opt_eq" => return Price::Equals,
        _ => {}
    }
    // cel-go's defaults (by overload).
    let fname = sig.split(' ').next().unwrap_or("");
    match fname {
        "startsWith" | "endsWith" | "strings.quote" => Price::Scan(TRAVERSAL),
        "bytes" if params("string") => Price::Scan(TRAVERSAL),
        "string" if params("bytes") => Price::Scan(TRAVERSAL),
        "format" if sig.starts_with("format m string") => Price::Scan(TRAVERSAL),
        "@in" if sig.starts_with("@in g A list") => Price::InList,
        "_!=_" => Price::MinScan,
        "_<_" | "_<=_" | "_>_" | "_>=_" if params("string string") || params("bytes bytes") => {
            Price::MinScan
        }
        "_+_" if params("string string") || params("bytes bytes") => Price::SumScan,
        "matches" if sig.starts_with("matches m") => Price::Regex,
        "contains" if sig.starts_with("contains m string") => Price::Contains,
        _ => Price::One,
    }
}

/// cel-go's `actualSize`: the size of strings (in characters), bytes, lists and maps (and of
/// an optional's value), one for anything else.
fn size(v: &V) -> u64 {
    match v {
        Ok(Cel::String(s)) => s.chars().count() as u64,
        Ok(Cel::Bytes(b)) => b.len() as u64,
        Ok(Cel::List(l)) => l.len() as u64,
        Ok(Cel::Map(m)) => m.map.len() as u64,
        Ok(v) => match super::super::funcs::as_optional(v).and_then(|o| o.value()) {
            Some(inner) => size(&Ok(inner.clone())),
            None => 1,
        },
        Err(_) => 1,
    }
}

/// The Kubernetes libraries' `traversalCost`.
fn traversal(v: &Cel) -> u64 {
    match v {
        Cel::String(s) => (s.len() as f64 * TRAVERSAL) as u64,
        Cel::Bytes(b) => (b.len() as f64 * TRAVERSAL) as u64,
        Cel::List(l) => l.iter().map(traversal).sum(),
        Cel::Map(m) => m
            .map
            .iter()
            .map(|(k, x)| traversal(&Cel::from(k)) + traversal(x))
            .sum(),
        _ => 1,
    }
}

fn ceil(x: f64) -> u64 {
    x.ceil() as u64
}

/// Whether `v` is one of the Kubernetes libraries' types (not an optional).
fn kubernetes_type(v: &V) -> bool {
    matches!(v, Ok(Cel::Opaque(_)))
        && v.as_ref()
            .is_ok_and(|v| super::super::funcs::as_optional(v).is_none())
}

impl Price {
    pub(super) fn of(self, args: &[V], result: &V) -> u64 {
        let a = |i: usize| args.get(i).map_or(1, size);
        match self {
            Price::One => 1,
            Price::Scan(f) => ceil(a(0) as f64 * f),
            Price::Equals if kubernetes_type(args.first().unwrap_or(&Ok(Cel::Null))) => 1,
            Price::MinScan | Price::Equals => ceil(a(0).min(a(1)) as f64 * TRAVERSAL),
            Price::SumScan => ceil((a(0) + a(1)) as f64 * TRAVERSAL),
            Price::InList => a(1),
            Price::Regex => ceil((1 + a(0)) as f64 * TRAVERSAL) * ceil(a(1) as f64 * REGEX),
            Price::Contains => ceil(a(0) as f64 * TRAVERSAL) * ceil(a(1) as f64 * TRAVERSAL),
            Price::Traversal => match args.first() {
                Some(Ok(v)) => traversal(v),
                _ => 1,
            },
            Price::JoinResult => ceil(size(result) as f64 * 2.0 * TRAVERSAL),
            Price::Ip => match args.first() {
                Some(v) if kubernetes_type(v) => 1,
                _ => ceil(a(0) as f64 * TRAVERSAL),
            },
            Price::ContainsIp(string) => {
                ceil(2.0 * a(0) as f64 * TRAVERSAL)
                    + if string {
                        ceil(a(1) as f64 * TRAVERSAL)
                    } else {
                        0
                    }
            }
            Price::ContainsCidr(string) => {
                ceil(2.0 * a(0) as f64 * TRAVERSAL)
                    + ceil(a(0) as f64 * TRAVERSAL)
                    + 1
                    + if string {
                        ceil(a(1) as f64 * TRAVERSAL)
                    } else {
                        0
                    }
            }
            Price::Validate => match args.first().and_then(|f| f.as_ref().ok()) {
                Some(f) => match super::super::format::max_regex_size(f) {
                    Some(re) => ceil((1 + a(1)) as f64 * TRAVERSAL) * ceil(re as f64 * REGEX),
                    None => 1,
                },
                None => 1,
            },
            Price::ListOut => 1 + LIST + size(result),
            Price::Flatten => {
                let depth = match args.get(1) {
                    Some(Ok(Cel::Int(d))) => *d as f64,
                    _ => 1.0,
                };
                (a(0) as f64 * depth) as u64 + 1 + LIST
            }
            Price::SelfCompare(i) => {
                let n = a(i);
                let mut factor = 2.0;
                if let Some(Ok(Cel::List(l))) = args.get(i) {
                    if matches!(l.first(), Some(Cel::String(_) | Cel::Bytes(_))) {
                        factor += TRAVERSAL;
                    }
                }
                ((n * n) as f64 * factor) as u64 + 1 + LIST
            }
            Price::Sets(f) => 1 + ((a(0) * a(1)) as f64 * f) as u64,
        }
    }
}
