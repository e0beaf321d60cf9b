//! What a call costs at run time (cel-go's `CostTracker.costCall`), and the zero an empty
//! list sums to: each stated once, keyed as upstream keys it, by the overload id the checker
//! recorded for the call ([`crate::cel::overloads`]) or, for the Kubernetes libraries'
//! `CallCost`, by the function's name.

use super::{LIST, V};
use crate::cel::val::Val;

/// `common.StringTraversalCostFactor`.
const TRAVERSAL: f64 = 0.1;
/// `common.RegexStringLengthCostFactor`.
const REGEX: f64 = 0.25;

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
    /// `ip()`: one for the `cidr_ip` overload (`cidr.ip()` reads a field), else a string
    /// traversal of its argument.
    Ip(bool),
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

/// The list and set libraries' cost trackers, by overload id (`ext.Lists` version 3's
/// `interpreter.OverloadCostTracker`s: `trackListOutputSize`, `trackListFlatten`,
/// `trackListDistinct`, and `trackListSort`/`trackListSortBy` for each of `comparableTypes`;
/// `ext.Sets`' `trackSetsCost`): `costCall` asks them first.
pub(super) const TRACKERS: &[(&str, Price)] = &[
    ("list_slice", Price::ListOut),
    ("list_flatten", Price::Flatten),
    ("list_flatten_int", Price::Flatten),
    ("lists_range", Price::ListOut),
    ("list_reverse", Price::ListOut),
    ("list_distinct", Price::SelfCompare(0)),
    ("list_int_sort", Price::SelfCompare(0)),
    ("list_uint_sort", Price::SelfCompare(0)),
    ("list_double_sort", Price::SelfCompare(0)),
    ("list_bool_sort", Price::SelfCompare(0)),
    ("list_google.protobuf.Duration_sort", Price::SelfCompare(0)),
    ("list_google.protobuf.Timestamp_sort", Price::SelfCompare(0)),
    ("list_string_sort", Price::SelfCompare(0)),
    ("list_bytes_sort", Price::SelfCompare(0)),
    ("list_int_sortByAssociatedKeys", Price::SelfCompare(1)),
    ("list_uint_sortByAssociatedKeys", Price::SelfCompare(1)),
    ("list_double_sortByAssociatedKeys", Price::SelfCompare(1)),
    ("list_bool_sortByAssociatedKeys", Price::SelfCompare(1)),
    (
        "list_google.protobuf.Duration_sortByAssociatedKeys",
        Price::SelfCompare(1),
    ),
    (
        "list_google.protobuf.Timestamp_sortByAssociatedKeys",
        Price::SelfCompare(1),
    ),
    ("list_string_sortByAssociatedKeys", Price::SelfCompare(1)),
    ("list_bytes_sortByAssociatedKeys", Price::SelfCompare(1)),
    ("list_sets_contains_list", Price::Sets(1.0)),
    ("list_sets_intersects_list", Price::Sets(1.0)),
    ("list_sets_equivalent_list", Price::Sets(2.0)),
];

/// `overloads.InList`: `x in list`, which `OptOptimize` also plans as a set lookup when the
/// list is a literal of literals (`decOptimize`'s `maybeOptimizeSetMembership`, see
/// [`super::plan`]).
pub(super) const IN_LIST: &str = "in_list";

/// The overloads the Kubernetes `CallCost` prices apart from the rest of their function:
/// `containsIP` and `containsCIDR` on a string, which is parsed first.
pub(super) const CIDR_CONTAINS_IP_STRING: &str = "cidr_contains_ip_string";
pub(super) const CIDR_CONTAINS_CIDR_STRING: &str = "cidr_contains_cidr_string";
/// `ip()` of a CIDR, which the Kubernetes `CallCost` prices as one.
pub(super) const CIDR_IP: &str = "cidr_ip";

/// cel-go's own costs (`costCall`'s switch on `call.OverloadID()`), by overload id, asked
/// after the trackers and the Kubernetes `CallCost`: every other overload costs one.
/// `overloads.Equals` is there too, but the Kubernetes `CallCost` has every `_==_`
/// ([`Price::Equals`]).
pub(super) const DEFAULTS: &[(&str, Price)] = &[
    ("starts_with_string", Price::Scan(TRAVERSAL)),
    ("ends_with_string", Price::Scan(TRAVERSAL)),
    ("string_to_bytes", Price::Scan(TRAVERSAL)),
    ("bytes_to_string", Price::Scan(TRAVERSAL)),
    ("strings_quote", Price::Scan(TRAVERSAL)),
    ("string_format", Price::Scan(TRAVERSAL)),
    (IN_LIST, Price::InList),
    ("less_string", Price::MinScan),
    ("greater_string", Price::MinScan),
    ("less_equals_string", Price::MinScan),
    ("greater_equals_string", Price::MinScan),
    ("less_bytes", Price::MinScan),
    ("greater_bytes", Price::MinScan),
    ("less_equals_bytes", Price::MinScan),
    ("greater_equals_bytes", Price::MinScan),
    ("not_equals", Price::MinScan),
    ("add_string", Price::SumScan),
    ("add_bytes", Price::SumScan),
    ("matches_string", Price::Regex),
    ("contains_string", Price::Contains),
];

/// The price of `table`'s entry for overload `id`, if it has one.
fn keyed(table: &[(&str, Price)], id: Option<&str>) -> Option<Price> {
    let id = id?;
    table.iter().find(|(o, _)| *o == id).map(|&(_, p)| p)
}

/// The runtime cost of a call of `name` whose overload the checker recorded as `id`
/// (`CostTracker.costCall`): the list and set trackers by overload, the Kubernetes
/// `CallCost` by function name, then cel-go's own by overload.
pub(super) fn price(name: &str, id: Option<&'static str>) -> Price {
    if let Some(p) = keyed(TRACKERS, id) {
        return p;
    }
    // The Kubernetes libraries' `CallCost` (by function; by overload within `containsIP`
    // and `containsCIDR`).
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
        "ip" => return Price::Ip(id == Some(CIDR_IP)),
        "containsIP" => return Price::ContainsIp(id == Some(CIDR_CONTAINS_IP_STRING)),
        "containsCIDR" => return Price::ContainsCidr(id == Some(CIDR_CONTAINS_CIDR_STRING)),
        "validate" => return Price::Validate,
        "_==_" => return Price::Equals,
        _ => {}
    }
    keyed(DEFAULTS, id).unwrap_or(Price::One)
}

/// cel-go's `actualSize`: the size of strings (in characters), bytes, lists and maps (and of
/// an optional's value, from cel-go v0.23), one for anything else.
fn size<A: Operand>(v: &A) -> u64 {
    v.value().map_or(1, size_of)
}

/// A call's evaluated operand or result, as the price reads it: its value, or an error.
pub(super) trait Operand {
    fn value(&self) -> Option<&Val>;
}

impl Operand for V {
    fn value(&self) -> Option<&Val> {
        self.as_ref().ok()
    }
}

impl Operand for Val {
    fn value(&self) -> Option<&Val> {
        Some(self)
    }
}

fn size_of(v: &Val) -> u64 {
    match v {
        Val::String(s) => s.chars().count() as u64,
        Val::Bytes(b) => b.len() as u64,
        Val::List(l) => l.len() as u64,
        // An object's `unstructuredMap.Size()` counts every member of its JSON (null ones,
        // unknown fields, properties CEL cannot name), as its equality does.
        Val::Map(m) => m.json().map_or(m.len(), |j| j.members().len()) as u64,
        // From cel-go v0.23 (`actualSize`); before, an optional was 1.
        Val::Optional(Some(inner)) if crate::versions::current().costs_v023 => size_of(inner),
        Val::Ext(e) => e.size().unwrap_or(1),
        _ => 1,
    }
}

/// The Kubernetes libraries' `traversalCost`.
fn traversal(v: &Val) -> u64 {
    match v {
        Val::String(s) => (s.len() as f64 * TRAVERSAL) as u64,
        Val::Bytes(b) => (b.len() as f64 * TRAVERSAL) as u64,
        Val::List(l) => l.items().iter().map(traversal).sum(),
        Val::Map(m) => m
            .entries()
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
fn kubernetes_type<A: Operand>(v: &A) -> bool {
    matches!(v.value(), Some(Val::Ext(_)))
}

impl Price {
    /// The price of a call of `args` that gave `result` (the operands as values when none
    /// failed, else as evaluated).
    pub(super) fn of<A: Operand>(self, args: &[A], result: &V) -> u64 {
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
            Price::Traversal => match args.first().and_then(Operand::value) {
                Some(v) => traversal(v),
                _ => 1,
            },
            Price::JoinResult => ceil(size(result) as f64 * 2.0 * TRAVERSAL),
            Price::Ip(true) => 1,
            Price::Ip(false) => ceil(a(0) as f64 * TRAVERSAL),
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
            Price::Validate => match args.first().and_then(Operand::value) {
                Some(f) => match crate::cel::library::max_regex_size(f) {
                    Some(re) => ceil((1 + a(1)) as f64 * TRAVERSAL) * ceil(re as f64 * REGEX),
                    None => 1,
                },
                None => 1,
            },
            Price::ListOut => 1 + LIST + size(result),
            Price::Flatten => {
                let depth = match args.get(1).and_then(Operand::value) {
                    Some(Val::Int(d)) => *d as f64,
                    _ => 1.0,
                };
                (a(0) as f64 * depth) as u64 + 1 + LIST
            }
            Price::SelfCompare(i) => {
                let n = a(i);
                let mut factor = 2.0;
                if let Some(Val::List(l)) = args.get(i).and_then(Operand::value) {
                    if matches!(l.items().first(), Some(Val::String(_) | Val::Bytes(_))) {
                        factor += TRAVERSAL;
                    }
                }
                ((n * n) as f64 * factor) as u64 + 1 + LIST
            }
            Price::Sets(f) => 1 + ((a(0) * a(1)) as f64 * f) as u64,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cel::overloads::is_id;

    /// Every overload id the costs are keyed by is one the checker may record (a misspelt
    /// one would never match, and its call cost one unit).
    #[test]
    fn keyed_ids_are_declared() {
        let ids = TRACKERS.iter().chain(DEFAULTS).map(|&(id, _)| id);
        let ids = ids.chain([
            IN_LIST,
            CIDR_CONTAINS_IP_STRING,
            CIDR_CONTAINS_CIDR_STRING,
            CIDR_IP,
        ]);
        for id in ids {
            assert!(is_id(id), "{id} is no overload's id");
        }
    }

    /// The trackers and cel-go's own costs name each overload once.
    #[test]
    fn keyed_once() {
        let mut ids: Vec<&str> = TRACKERS.iter().chain(DEFAULTS).map(|&(id, _)| id).collect();
        let n = ids.len();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), n);
    }
}
