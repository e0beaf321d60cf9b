//! The Kubernetes libraries' call estimates (the apiserver's `library.CostEstimator`), by
//! function name: string functions by the length they traverse, list functions by their
//! length times the cost of comparing elements, regexes, IP/CIDR parsing, quantities,
//! semvers, formats, URL accessors, and the O(1) equality of the library types.

use super::calls::{size, CallEst, Ov};
use super::range::{Range, REGEX_LENGTH, STRING_TRAVERSAL};
use super::ty::{is_text, same};
use super::walk::Info;
use crate::cel::types::Ty;

/// `MaxNameFormatRegexSize`.
const MAX_NAME_FORMAT_REGEX: f64 = 128.0;
/// `MaxFormatSize`.
const MAX_FORMAT: u64 = 64;

/// The functions of a nominal cost: IP and CIDR accessors, quantity and semver arithmetic and
/// comparisons, URL accessors, `format.named`.
const NOMINAL: &[&str] = &[
    "masked",
    "prefixLength",
    "family",
    "isUnspecified",
    "isLoopback",
    "isLinkLocalMulticast",
    "isLinkLocalUnicast",
    "isGlobalUnicast",
    "format.named",
    "sign",
    "asInteger",
    "isInteger",
    "asApproximateFloat",
    "isGreaterThan",
    "isLessThan",
    "compareTo",
    "add",
    "sub",
    "major",
    "minor",
    "patch",
    "getScheme",
    "getHostname",
    "getHost",
    "getPort",
    "getEscapedPath",
    "getQuery",
];

/// The estimate for `name`, without the arguments' costs; `None` where the library has none.
pub fn call_cost(name: &str, ov: Ov, target: Option<&Info>, args: &[Info]) -> Option<CallEst> {
    let one = || Some(CallEst::new(Range::fixed(1)));
    let first = args.first();
    let traverse = |i: &Info| size(i).factor(STRING_TRAVERSAL);
    match name {
        "isSorted" | "sum" | "max" | "min" | "indexOf" | "lastIndexOf" => {
            target.map(|t| CallEst::new(list_scan(t)))
        }
        "url" | "jsonpatch.escapeKey" if args.len() == 1 => {
            first.map(|a| CallEst::sized(traverse(a), size(a)))
        }
        "lowerAscii" | "upperAscii" | "substring" | "trim" => {
            target.map(|t| CallEst::sized(traverse(t), size(t)))
        }
        "replace" if args.len() >= 2 => target.map(|t| replace(t, &args[0], &args[1])),
        "split" => target.map(|t| split(t, args.get(1))),
        "join" => target.map(|t| join(t, first)),
        "find" | "findAll" => target.zip(first).map(|(t, re)| {
            let text = size(t).add(Range::fixed(1)).factor(STRING_TRAVERSAL);
            let regex = size(re).factor(REGEX_LENGTH);
            let out = Range {
                min: 0,
                max: size(t).max,
            };
            CallEst::sized(text.mul(regex), out)
        }),
        "cidr" | "isIP" | "isCIDR" | "quantity" | "isQuantity" | "semver" | "isSemver" => {
            first.map(|a| CallEst::new(traverse(a)))
        }
        "ip" if ov == Ov::Other && target.is_some() => one(),
        "ip" => first.map(|a| CallEst::new(traverse(a))),
        "ip.isCanonical" => first.map(|a| CallEst::new(size(a).factor(2.0 * STRING_TRAVERSAL))),
        "containsIP" | "containsCIDR" if first.is_some() => {
            Some(CallEst::new(contains_ip(name == "containsCIDR", ov, first)))
        }
        "validate" => first.map(|a| {
            let cost = traverse(a).factor(MAX_NAME_FORMAT_REGEX * REGEX_LENGTH);
            CallEst::new(cost)
        }),
        _ if NOMINAL.contains(&name) => one(),
        "_==_" => equality(args),
        _ => None,
    }
}

/// `isSorted`, `sum`, `min`, `max`, `indexOf`, `lastIndexOf`: a unit per element, plus the
/// traversal of string elements; on a string, its traversal.
fn list_scan(t: &Info) -> Range {
    match element(t) {
        Some((ty, elem)) => {
            let mut per = Range::fixed(1);
            if is_text(&ty) {
                per = per.add(elem.factor(STRING_TRAVERSAL));
            }
            size(t).mul(per)
        }
        None => size(t).factor(STRING_TRAVERSAL),
    }
}

/// The element type of a list (a map's key type) and its size, looked up along the list's
/// path (`@items`) when it has one that is not the accumulator's.
fn element(t: &Info) -> Option<(Ty, Range)> {
    let ty = match &t.ty {
        Ty::List(e) | Ty::Map(e, _) => (**e).clone(),
        _ => return None,
    };
    Some((ty, t.items_size.unwrap_or(Range::UNKNOWN)))
}

fn replace(t: &Info, from: &Info, with: &Info) -> CallEst {
    let (sz, from, with) = (size(t), size(from), size(with));
    let (count_max, kept_max) = replaced(sz.max, from.min, with.max <= from.min);
    let (count_min, kept_min) = replaced(sz.min, from.max, from.max <= with.min);
    let count = Range {
        min: count_min,
        max: count_max,
    };
    let kept = Range {
        min: kept_min,
        max: kept_max,
    };
    let out = count.mul(with).add(kept);
    CallEst::sized(sz.factor(2.0 * STRING_TRAVERSAL), out)
}

/// One bound of `replace`: how many replacements a string of `sz` characters takes of a
/// pattern of `from` characters, and how many of its characters are kept as they are
/// (`keeps`: the replacement is no longer than the pattern, so the string cannot grow).
fn replaced(sz: u64, from: u64, keeps: bool) -> (u64, u64) {
    if from == 0 {
        (sz.saturating_add(1), sz)
    } else if keeps {
        (0, sz)
    } else {
        ((sz as f64 / from as f64).ceil() as u64, 0)
    }
}

fn split(t: &Info, limit: Option<&Info>) -> CallEst {
    let sz = size(t);
    let max = limit
        .and_then(|l| l.int_literal)
        .map_or(sz.max, |n| n as u64);
    CallEst::sized(sz.factor(2.0 * STRING_TRAVERSAL), Range { min: 0, max })
}

fn join(t: &Info, sep: Option<&Info>) -> CallEst {
    let n = size(t);
    let mut out = element(t).map_or(Range::ZERO, |(_, elem)| n.mul(elem));
    if let Some(sep) = sep {
        let seps = Range {
            min: n.min.saturating_sub(1),
            max: n.max.saturating_sub(1),
        };
        out = out.add(size(sep).mul(seps));
    }
    CallEst::sized(out.factor(STRING_TRAVERSAL), out)
}

/// `containsIP`/`containsCIDR`: comparing 4 or 16 bytes, masking for CIDRs, parsing a string
/// argument.
fn contains_ip(cidr: bool, ov: Ov, arg: Option<&Info>) -> Range {
    let bytes = Range { min: 4, max: 16 };
    let mut cost = bytes.add(bytes).factor(STRING_TRAVERSAL);
    if cidr {
        cost = cost
            .add(bytes.factor(STRING_TRAVERSAL))
            .add(Range::fixed(1));
    }
    if matches!(ov, Ov::ContainsIpString | Ov::ContainsCidrString) {
        cost = cost.add(arg.map_or(Range::UNKNOWN, size).factor(STRING_TRAVERSAL));
    }
    cost
}

/// Equality of two values of the same library type.
fn equality(args: &[Info]) -> Option<CallEst> {
    let [l, r] = args else {
        return None;
    };
    let Ty::Opaque(name) = &l.ty else {
        return None;
    };
    if !same(&l.ty, &r.ty) {
        return None;
    }
    let cost = match *name {
        "net.IP" | "net.CIDR" | "kubernetes.Quantity" | "kubernetes.Semver" => Range::fixed(1),
        "kubernetes.NamedFormat" => Range {
            min: 1,
            max: MAX_FORMAT,
        }
        .factor(STRING_TRAVERSAL),
        "kubernetes.URL" => {
            let max = r.size.map_or(1, |s| s.max);
            Range { min: 1, max }.factor(STRING_TRAVERSAL)
        }
        _ => return None,
    };
    Some(CallEst::new(cost))
}
