//! The cost of one call, as cel-go's estimator computes it: the overload estimators of the
//! list and set extensions first, then the Kubernetes libraries' estimator (by function name,
//! see [`super::k8s`]), then cel-go's own size-dependent overloads (string traversal,
//! regexes, concatenation, comparisons, `in` a list), else one unit; the arguments' costs
//! are added to all but `&&`, `||` and `?:`, which add theirs their own way.

use super::k8s;
use super::range::{Range, LIST_CREATE, REGEX_LENGTH, STRING_TRAVERSAL};
use super::ty::{is_list, is_text};
use super::walk::{Entry, Info};
use crate::cel::types::Ty;

/// The overloads whose cost is not one unit (cel-go's overload IDs, grouped).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ov {
    Other,
    Equals,
    /// `< <= > >=` on strings or bytes.
    CompareText,
    AddText,
    AddList,
    InList,
    InMap,
    IndexList,
    IndexMap,
    MatchesString,
    ContainsString,
    StartsOrEndsWith,
    StringToBytes,
    BytesToString,
    Quote,
    StringFormat,
    Logical,
    Conditional,
    ContainsIpString,
    ContainsCidrString,
    ListSlice,
    ListFlatten,
    ListsRange,
    ListReverse,
    ListDistinct,
    /// `sort()`, true when the elements are strings or bytes.
    ListSort(bool),
    /// `sortBy`'s sort, true when the keys are strings or bytes.
    ListSortBy(bool),
    /// `sets.*`, with its cost factor.
    Sets(u8),
}

/// A call's estimate: its cost (arguments included), the size of its result when known, and
/// the entry sizes of a list or map result.
pub struct CallEst {
    pub cost: Range,
    pub size: Option<Range>,
    pub entry: Option<Entry>,
}

impl CallEst {
    pub fn new(cost: Range) -> CallEst {
        CallEst {
            cost,
            size: None,
            entry: None,
        }
    }

    pub fn sized(cost: Range, size: Range) -> CallEst {
        CallEst {
            cost,
            size: Some(size),
            entry: None,
        }
    }
}

/// The overloads `name` may resolve to, given its operands' types. Where an operand is
/// dynamic ([`Ty::is_dyn`]: `dyn` or not followed) cel-go's checker keeps every overload that
/// takes it, and the estimate covers them all.
pub fn overloads(name: &str, target: Option<&Ty>, args: &[Ty]) -> Vec<Ov> {
    let any = |f: fn(&Ty) -> bool| args.iter().any(f);
    // What the lists library's functions take: a list, or a `dyn` receiver.
    let list_like = |t: &Ty| is_list(t) || t.is_dyn();
    let both_dyn = args.len() == 2 && args.iter().all(Ty::is_dyn);
    let first_dyn = args.first().is_some_and(Ty::is_dyn);
    let ov = match (name, target) {
        ("_==_" | "_!=_", _) => Ov::Equals,
        ("_<_" | "_<=_" | "_>_" | "_>=_", _) if any(is_text) || both_dyn => Ov::CompareText,
        ("_+_", _) if any(is_text) => Ov::AddText,
        ("_+_", _) if any(is_list) => Ov::AddList,
        ("_+_", _) if both_dyn => return vec![Ov::Other, Ov::AddText, Ov::AddList],
        ("@in", _) => match args.get(1) {
            Some(Ty::List(_)) => Ov::InList,
            Some(t) if t.is_dyn() => return vec![Ov::InList, Ov::InMap],
            _ => Ov::InMap,
        },
        ("_[_]", _) => match args.first() {
            Some(Ty::List(_)) => Ov::IndexList,
            Some(Ty::Map(..)) => Ov::IndexMap,
            Some(t) if t.is_dyn() => return vec![Ov::IndexList, Ov::IndexMap],
            _ => Ov::Other,
        },
        ("matches", Some(_)) => Ov::MatchesString,
        ("contains", Some(_)) => Ov::ContainsString,
        ("startsWith" | "endsWith", Some(_)) => Ov::StartsOrEndsWith,
        ("bytes", None) if matches!(args.first(), Some(Ty::Str)) => Ov::StringToBytes,
        ("bytes", None) if first_dyn => return vec![Ov::Other, Ov::StringToBytes],
        ("string", None) if matches!(args.first(), Some(Ty::Bytes)) => Ov::BytesToString,
        ("string", None) if first_dyn => return vec![Ov::Other, Ov::BytesToString],
        ("strings.quote", None) => Ov::Quote,
        ("format", Some(t)) if matches!(t, Ty::Str) || t.is_dyn() => Ov::StringFormat,
        ("_&&_" | "_||_", _) => Ov::Logical,
        ("_?_:_", _) => Ov::Conditional,
        ("containsIP", Some(_)) if matches!(args.first(), Some(Ty::Str)) => Ov::ContainsIpString,
        ("containsIP", Some(_)) if first_dyn => return vec![Ov::Other, Ov::ContainsIpString],
        ("containsCIDR", Some(_)) if matches!(args.first(), Some(Ty::Str)) => {
            Ov::ContainsCidrString
        }
        ("containsCIDR", Some(_)) if first_dyn => return vec![Ov::Other, Ov::ContainsCidrString],
        ("slice", Some(t)) if list_like(t) => Ov::ListSlice,
        ("flatten", Some(t)) if list_like(t) => Ov::ListFlatten,
        ("lists.range", None) => Ov::ListsRange,
        ("reverse", Some(t)) if list_like(t) => Ov::ListReverse,
        ("distinct", Some(t)) if list_like(t) => Ov::ListDistinct,
        // `sort` is declared for each ordered element type: a `dyn` one takes them all, the
        // strings' among them.
        ("sort", Some(Ty::List(e))) => Ov::ListSort(is_text(e) || e.is_dyn()),
        ("sort", Some(t)) if t.is_dyn() => Ov::ListSort(true),
        ("@sortByAssociatedKeys", Some(Ty::List(_))) => match args.first() {
            Some(Ty::List(k)) => Ov::ListSortBy(is_text(k) || k.is_dyn()),
            _ => Ov::Other,
        },
        ("sets.contains" | "sets.intersects", None) => Ov::Sets(1),
        ("sets.equivalent", None) => Ov::Sets(2),
        _ => Ov::Other,
    };
    vec![ov]
}

/// The estimate of calling `name` (overload `ov`) on `target` with `args`.
pub fn function_cost(name: &str, ov: Ov, target: Option<&Info>, args: &[Info]) -> CallEst {
    let arg_sum = args.iter().fold(Range::ZERO, |s, a| s.add(a.cost));
    if let Some(mut est) = extension(ov, target, args) {
        est.cost = est.cost.add(arg_sum);
        return est;
    }
    if let Some(mut est) = k8s::call_cost(name, ov, target, args) {
        est.cost = est.cost.add(arg_sum);
        return est;
    }
    if let Some(est) = builtin(ov, target, args, arg_sum) {
        return est;
    }
    CallEst::new(Range::fixed(1).add(arg_sum))
}

/// What the estimator reads as a node's size: its own, else anything.
pub fn size(i: &Info) -> Range {
    i.size.unwrap_or(Range::UNKNOWN)
}

/// An integer literal argument (negative ones as 0), else `default`.
fn int_arg(i: &Info, default: u64) -> u64 {
    i.int_literal.map_or(default, |n| n.max(0) as u64)
}

/// The list and set extensions' estimators.
fn extension(ov: Ov, target: Option<&Info>, args: &[Info]) -> Option<CallEst> {
    let list = |factor: f64, n: Range| {
        let cost = n.factor(factor).add(Range::fixed(1 + LIST_CREATE));
        CallEst::sized(cost, n)
    };
    let t = target.map(size);
    match (ov, t, args) {
        (Ov::ListSlice, Some(t), [start, end]) => {
            let n = int_arg(end, t.max).wrapping_sub(int_arg(start, 0));
            Some(list(1.0, Range::fixed(n)))
        }
        (Ov::ListsRange, None, [n]) => Some(list(1.0, Range::fixed(int_arg(n, u64::MAX)))),
        (Ov::ListReverse, Some(t), []) => Some(list(1.0, t)),
        (Ov::ListFlatten, Some(t), []) => Some(list(1.0, t)),
        (Ov::ListFlatten, Some(t), [depth]) => Some(list(int_arg(depth, u64::MAX) as f64, t)),
        (Ov::ListDistinct, Some(t), []) => Some(list(2.0, t.mul(t))),
        (Ov::ListSort(text), Some(t), []) => {
            let factor = if text { 2.0 + STRING_TRAVERSAL } else { 2.0 };
            Some(list(factor, t.mul(t)))
        }
        (Ov::ListSortBy(text), Some(_), [keys]) => {
            let factor = if text { 2.0 + STRING_TRAVERSAL } else { 2.0 };
            let n = size(keys);
            Some(list(factor, n.mul(n)))
        }
        (Ov::Sets(factor), None, [a, b]) => {
            let cost = size(a).mul(size(b)).factor(f64::from(factor));
            Some(CallEst::new(cost.add(Range::fixed(1))))
        }
        _ => None,
    }
}

/// The size of `bytes(s)` (up to 4 bytes a character), `string(b)`, `strings.quote(s)` (every
/// character escaped, and quotes) for an argument of size `n`.
fn converted(ov: Ov, n: Range) -> Range {
    match ov {
        Ov::StringToBytes => Range {
            min: n.min,
            max: n.max.saturating_mul(4),
        },
        Ov::BytesToString => Range {
            min: n.min / 4,
            max: n.max,
        },
        _ => Range {
            min: n.min.saturating_add(2),
            max: n.max.saturating_mul(2).saturating_add(2),
        },
    }
}

/// cel-go's size-dependent overloads.
fn builtin(ov: Ov, target: Option<&Info>, args: &[Info], arg_sum: Range) -> Option<CallEst> {
    let traverse = |i: &Info| size(i).factor(STRING_TRAVERSAL);
    let est = match (ov, target, args) {
        (Ov::StringFormat, Some(t), _) => CallEst::new(traverse(t).add(arg_sum)),
        (Ov::StringToBytes | Ov::BytesToString | Ov::Quote, _, [a]) => {
            CallEst::sized(traverse(a).add(arg_sum), converted(ov, size(a)))
        }
        (Ov::StartsOrEndsWith, _, [a]) => CallEst::new(traverse(a).add(arg_sum)),
        (Ov::InList, _, [_, list]) => CallEst::new(size(list).factor(1.0).add(arg_sum)),
        (Ov::MatchesString, Some(t), [re]) => {
            let text = size(t).add(Range::fixed(1)).factor(STRING_TRAVERSAL);
            let regex = size(re).factor(REGEX_LENGTH);
            CallEst::new(text.mul(regex).add(arg_sum))
        }
        (Ov::ContainsString, Some(t), [sub]) => {
            CallEst::new(traverse(t).mul(traverse(sub)).add(arg_sum))
        }
        (Ov::Logical, _, [l, r]) => CallEst::new(Range {
            min: l.cost.min,
            max: l.cost.add(r.cost).max,
        }),
        (Ov::Conditional, _, [c, a, b]) => CallEst {
            cost: c.cost.add(a.cost.union(b.cost)),
            size: Some(size(a).union(size(b))),
            entry: Entry::union(a.entry, b.entry),
        },
        (Ov::AddText | Ov::AddList, _, [a, b]) => {
            let out = size(a).add(size(b));
            let cost = match ov {
                Ov::AddList => Range::fixed(1),
                _ => out.factor(STRING_TRAVERSAL),
            };
            CallEst {
                cost: cost.add(arg_sum),
                size: Some(out),
                entry: Entry::union(a.entry, b.entry),
            }
        }
        (Ov::Equals | Ov::CompareText, _, [a, b]) => {
            let smallest = size(a).max.min(size(b).max);
            let r = Range {
                min: u64::from(smallest > 0),
                max: smallest,
            };
            CallEst::new(r.factor(STRING_TRAVERSAL).add(arg_sum))
        }
        _ => return None,
    };
    Some(est)
}
