//! What a call costs at run time (cel-go's `CostTracker.costCall`), and the zero an empty
//! list sums to.

use super::super::val::Val;
use super::{LIST, V};

/// `common.StringTraversalCostFactor`.
const TRAVERSAL: f64 = 0.1;
/// `common.RegexStringLengthCostFactor`.
const REGEX: f64 = 0.25;

/// The zero a summable type's `sum()` starts from: the Kubernetes lists library has an
/// overload per type, which the checker resolved (`0` when it could not tell which).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Zero {
    Int,
    Uint,
    Double,
    Duration,
}

impl Zero {
    /// The zero of `sum()`'s overload `sig`.
    pub(super) fn of(sig: Option<&str>) -> Zero {
        match sig {
            Some("sum m list(uint) -> uint") => Zero::Uint,
            Some("sum m list(double) -> double") => Zero::Double,
            Some("sum m list(duration) -> duration") => Zero::Duration,
            _ => Zero::Int,
        }
    }

    pub(super) fn value(self) -> Val {
        match self {
            Zero::Int => Val::Int(0),
            Zero::Uint => Val::Uint(0),
            Zero::Double => Val::Double(0.0),
            Zero::Duration => Val::Duration(chrono::Duration::zero()),
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
        "_==_" => return Price::Equals,
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
        Ok(v) => size_of(v),
        Err(_) => 1,
    }
}

fn size_of(v: &Val) -> u64 {
    match v {
        Val::String(s) => s.chars().count() as u64,
        Val::Bytes(b) => b.len() as u64,
        Val::List(l) => l.items.len() as u64,
        Val::Map(m) => m.entries.len() as u64,
        Val::Optional(Some(inner)) => size_of(inner),
        Val::Ext(e) => e.size().unwrap_or(1),
        _ => 1,
    }
}

/// The Kubernetes libraries' `traversalCost`.
fn traversal(v: &Val) -> u64 {
    match v {
        Val::String(s) => (s.len() as f64 * TRAVERSAL) as u64,
        Val::Bytes(b) => (b.len() as f64 * TRAVERSAL) as u64,
        Val::List(l) => l.items.iter().map(traversal).sum(),
        Val::Map(m) => m
            .entries
            .iter()
            .map(|(k, x)| traversal(&Val::from(k)) + traversal(x))
            .sum(),
        _ => 1,
    }
}

fn ceil(x: f64) -> u64 {
    x.ceil() as u64
}

/// Whether `v` is one of the Kubernetes libraries' types.
fn kubernetes_type(v: &V) -> bool {
    matches!(v, Ok(Val::Ext(_)))
}

impl Price {
    pub(super) fn of(self, args: &[V], result: &V) -> u64 {
        let a = |i: usize| args.get(i).map_or(1, size);
        match self {
            Price::One => 1,
            Price::Scan(f) => ceil(a(0) as f64 * f),
            Price::Equals if args.first().is_some_and(kubernetes_type) => 1,
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
                Some(f) => match super::super::library::max_regex_size(f) {
                    Some(re) => ceil((1 + a(1)) as f64 * TRAVERSAL) * ceil(re as f64 * REGEX),
                    None => 1,
                },
                None => 1,
            },
            Price::ListOut => 1 + LIST + size(result),
            Price::Flatten => {
                let depth = match args.get(1) {
                    Some(Ok(Val::Int(d))) => *d as f64,
                    _ => 1.0,
                };
                (a(0) as f64 * depth) as u64 + 1 + LIST
            }
            Price::SelfCompare(i) => {
                let n = a(i);
                let mut factor = 2.0;
                if let Some(Ok(Val::List(l))) = args.get(i) {
                    if matches!(l.items.first(), Some(Val::String(_) | Val::Bytes(_))) {
                        factor += TRAVERSAL;
                    }
                }
                ((n * n) as f64 * factor) as u64 + 1 + LIST
            }
            Price::Sets(f) => 1 + ((a(0) * a(1)) as f64 * f) as u64,
        }
    }
}
