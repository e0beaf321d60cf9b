//! List functions: the Kubernetes lists library (apiserver `pkg/cel/library/lists.go`:
//! `isSorted`, `sum`, `min`, `max`), cel-go's `ext.Lists` version 3 (`ext/lists.go`: `slice`,
//! `flatten`, `sort`, `@sortByAssociatedKeys` (what `sortBy` expands to), `lists.range`,
//! `reverse`, `distinct`) and the optional library's `first` and `last`.
//!
//! The Kubernetes functions are declared once per element type (`list(int)`, `list(string)`…)
//! and cel-go picks the overload at run time by the list's first element (its type guard looks
//! no further), so a list whose first element is not of those types is `no such overload`;
//! later elements are compared as cel-go's `Compare` does, an incomparable pair (`1` and
//! `'a'`) counting as "not ordered that way" rather than an error.
//!
//! `sort()` and `@sortByAssociatedKeys` order the elements with Go's `sort.Slice` (pattern
//! defeating quicksort, [`go_sort_slice`]): like the apiserver's, the order of equal keys is
//! Go's (insertion order up to 12 elements, not beyond), and a NaN key sorts where Go leaves
//! it.
//!
//! What the interpreter must add: the receiver of `distinct()` and `sort()` (and the keys of
//! `sortBy`) failing is the apiserver's recovered panic ([`lister_error`]).

use super::Bind::{Overloads, Singleton, Unguarded};
use super::{no_overload, Bindings, Trait};
use crate::cel::val::{Error, List, Res, Val};
use std::cmp::Ordering;

/// The Kubernetes lists library's overloads (`isSorted`, `sum`, `min`, `max`, and `indexOf`
/// and `lastIndexOf` of a list, which come before the strings'), `ext.Lists` version 3's and
/// the optional library's `first` and `last`, each behind its type guard, but `flatten`, whose
/// guards are off, and `sort` and `@sortByAssociatedKeys`, singletons (cel-go's
/// `SingletonUnaryBinding` with the lister trait).
pub(super) const BINDINGS: Bindings = &[
    (Overloads(&["list_slice"]), slice),
    (
        Overloads(&[
            "list_int_min_int",
            "list_uint_min_uint",
            "list_double_min_double",
            "list_bool_min_bool",
            "list_duration_min_duration",
            "list_timestamp_min_timestamp",
            "list_string_min_string",
            "list_bytes_min_bytes",
        ]),
        min,
    ),
    (
        Overloads(&[
            "list_int_max_int",
            "list_uint_max_uint",
            "list_double_max_double",
            "list_bool_max_bool",
            "list_duration_max_duration",
            "list_timestamp_max_timestamp",
            "list_string_max_string",
            "list_bytes_max_bytes",
        ]),
        max,
    ),
    (Overloads(&["list_int_sum_int"]), sum_int),
    (Overloads(&["list_uint_sum_uint"]), sum_uint),
    (Overloads(&["list_double_sum_double"]), sum_double),
    (Overloads(&["list_duration_sum_duration"]), sum_duration),
    (
        Overloads(&[
            "list_int_is_sorted_bool",
            "list_uint_is_sorted_bool",
            "list_double_is_sorted_bool",
            "list_bool_is_sorted_bool",
            "list_duration_is_sorted_bool",
            "list_timestamp_is_sorted_bool",
            "list_string_is_sorted_bool",
            "list_bytes_is_sorted_bool",
        ]),
        is_sorted,
    ),
    (Overloads(&["list_a_index_of_int"]), index_of_fn),
    (Overloads(&["list_a_last_index_of_int"]), last_index_of_fn),
    (Overloads(&["list_distinct"]), distinct),
    (Overloads(&["list_first"]), first),
    (Overloads(&["list_last"]), last),
    (Unguarded(&["list_flatten", "list_flatten_int"]), flatten),
    (Overloads(&["list_reverse"]), reverse),
    (Singleton("sort", Trait::Lister), sort),
    (
        Singleton("@sortByAssociatedKeys", Trait::Lister),
        sort_by_associated_keys,
    ),
    (Overloads(&["lists_range"]), range),
];

/// The error of `distinct()` and `sort()` (and `sortBy`'s keys) when their receiver is an
/// error: the apiserver's cost tracker asserts the receiver is a list, and the recovered panic
/// is the rule's error.
pub fn lister_error() -> Error {
    Error::text(
        "internal error: interface conversion: *types.Err is not traits.Lister: missing method Add",
    )
}

/// Whether `v` has cel-go's `Compare` (`traits.Comparer`).
fn is_comparer(v: &Val) -> bool {
    matches!(
        v,
        Val::Int(_)
            | Val::Uint(_)
            | Val::Double(_)
            | Val::Bool(_)
            | Val::String(_)
            | Val::Bytes(_)
            | Val::Duration(_)
            | Val::Timestamp(_)
    )
}

/// The list of a one-argument member call (the receiver).
fn receiver(args: &[Val]) -> Option<&List> {
    match args {
        [Val::List(l)] => Some(l),
        _ => None,
    }
}

/// cel-go's `%v` of a runtime type (`*types.Type`'s `String()`), for `flatten`'s errors.
fn go_type(v: &Val) -> String {
    match v {
        Val::List(_) => "list(dyn)".into(),
        Val::Map(_) => "map(dyn, dyn)".into(),
        v => v.type_name().to_string(),
    }
}

/// `l.slice(start, end)` (cel-go `ext/lists.go` `slice`).
fn slice(args: &[Val]) -> Res {
    let [Val::List(l), Val::Int(start), Val::Int(end)] = args else {
        return no_overload();
    };
    let (start, end) = (*start, *end);
    if start < 0 || end < 0 {
        return Err(Error::text(format!(
            "cannot slice({start}, {end}), negative indexes not supported"
        )));
    }
    if start > end {
        return Err(Error::text(format!(
            "cannot slice({start}, {end}), start index must be less than or equal to end index"
        )));
    }
    let len = l.items().len();
    if (len as u64) < end as u64 {
        return Err(Error::text(format!(
            "cannot slice({start}, {end}), list is length {len}"
        )));
    }
    Ok(Val::list(l.items()[start as usize..end as usize].to_vec()))
}

/// `l.min()` (apiserver `library/lists.go` `min`).
fn min(args: &[Val]) -> Res {
    extreme(args, "min", Ordering::Greater)
}

/// `l.max()` (apiserver `library/lists.go` `max`).
fn max(args: &[Val]) -> Res {
    extreme(args, "max", Ordering::Less)
}

/// The apiserver's `cmp`: the first element that no later one beats (`prefer` is how the
/// current result compares with an element that replaces it); an empty list is
/// `<name> called on empty list`.
fn extreme(args: &[Val], name: &str, prefer: Ordering) -> Res {
    let Some(l) = receiver(args) else {
        return no_overload();
    };
    let mut best: Option<&Val> = None;
    for x in l.items().iter() {
        if !is_comparer(x) {
            return no_overload();
        }
        best = match best {
            Some(b) if b.compare(x) != Some(prefer) => Some(b),
            _ => Some(x),
        };
    }
    match best {
        Some(b) => Ok(b.clone()),
        None => Err(Error::text(format!("{name} called on empty list"))),
    }
}

/// `l.isSorted()` (apiserver `library/lists.go` `isSorted`): no element greater than the
/// next.
fn is_sorted(args: &[Val]) -> Res {
    let Some(l) = receiver(args) else {
        return no_overload();
    };
    let mut prev: Option<&Val> = None;
    for x in l.items().iter() {
        if !is_comparer(x) {
            return no_overload();
        }
        if prev.is_some_and(|p| p.compare(x) == Some(Ordering::Greater)) {
            return Ok(Val::Bool(false));
        }
        prev = Some(x);
    }
    Ok(Val::Bool(true))
}

/// `l.sum()` (apiserver `library/lists.go` `sum(init)`): each overload starts from the zero of
/// its type (`zeroValuesOfSummableTypes`: `0`, `0u`, `0.0`, `duration('0s')`, which is what an
/// empty list sums to) and adds each element as cel-go's `Add` adds them (`integer overflow`,
/// `unsigned integer overflow`). The overload is the one the checker chose or, for a list of
/// `dyn`, the one whose guard takes the first element.
fn sum_from(args: &[Val], zero: Val) -> Res {
    let Some(l) = receiver(args) else {
        return no_overload();
    };
    let mut acc = zero;
    for x in l.items().iter() {
        acc = add(acc, x)?;
    }
    Ok(acc)
}

fn sum_int(args: &[Val]) -> Res {
    sum_from(args, Val::Int(0))
}

fn sum_uint(args: &[Val]) -> Res {
    sum_from(args, Val::Uint(0))
}

fn sum_double(args: &[Val]) -> Res {
    sum_from(args, Val::Double(0.0))
}

fn sum_duration(args: &[Val]) -> Res {
    sum_from(args, Val::Duration(chrono::Duration::zero()))
}

/// cel-go's `Add` of a sum so far and the next element (`traits.Adder`).
fn add(acc: Val, x: &Val) -> Res {
    let int_overflow = || Error::text("integer overflow");
    Ok(match (&acc, x) {
        (Val::Int(a), Val::Int(b)) => Val::Int(a.checked_add(*b).ok_or_else(int_overflow)?),
        (Val::Uint(a), Val::Uint(b)) => Val::Uint(
            a.checked_add(*b)
                .ok_or_else(|| Error::text("unsigned integer overflow"))?,
        ),
        (Val::Double(a), Val::Double(b)) => Val::Double(a + b),
        (Val::Duration(a), Val::Duration(b)) => {
            let (a, b) = (a.num_nanoseconds(), b.num_nanoseconds());
            let ns = a.zip(b).and_then(|(a, b)| a.checked_add(b));
            Val::Duration(chrono::Duration::nanoseconds(ns.ok_or_else(int_overflow)?))
        }
        // A duration plus a timestamp is a timestamp, which the standard `_+_` adds.
        (Val::Duration(_) | Val::Timestamp(_), Val::Duration(_) | Val::Timestamp(_)) => {
            return super::std_ops::add(&[acc, x.clone()]);
        }
        _ => return no_overload(),
    })
}

/// `l.indexOf(x)` (apiserver `library/lists.go` `indexOf`).
fn index_of_fn(args: &[Val]) -> Res {
    match args {
        [Val::List(l), item] => Ok(Val::Int(index_of(l.items(), item, false))),
        _ => no_overload(),
    }
}

/// `l.lastIndexOf(x)` (apiserver `library/lists.go` `lastIndexOf`).
fn last_index_of_fn(args: &[Val]) -> Res {
    match args {
        [Val::List(l), item] => Ok(Val::Int(index_of(l.items(), item, true))),
        _ => no_overload(),
    }
}

/// The first (or last) index of an element equal to `item` by cel-go equality (the list's
/// element on the left), or -1.
fn index_of(items: &[Val], item: &Val, last: bool) -> i64 {
    let found = |x: &Val| x.equals(item);
    let pos = match last {
        false => items.iter().position(found),
        true => items.iter().rposition(found),
    };
    pos.map_or(-1, |i| i as i64)
}

/// `l.distinct()` (cel-go `distinctList`): each element not equal to an earlier one, by cel-go
/// equality. An empty list is the receiver itself.
fn distinct(args: &[Val]) -> Res {
    let Some(l) = receiver(args) else {
        return no_overload();
    };
    if l.items().is_empty() {
        return Ok(args[0].clone());
    }
    let mut out: Vec<Val> = Vec::with_capacity(l.items().len());
    for x in l.items().iter() {
        if !out.iter().any(|seen| x.equals(seen)) {
            out.push(x.clone());
        }
    }
    Ok(Val::list(out))
}

/// `l.first()` (cel-go optional library, `list_first`): an optional of the first element.
fn first(args: &[Val]) -> Res {
    let Some(l) = receiver(args) else {
        return no_overload();
    };
    Ok(l.items().first().cloned().map_or_else(Val::none, Val::some))
}

/// `l.last()` (cel-go optional library, `list_last`): an optional of the last element.
fn last(args: &[Val]) -> Res {
    let Some(l) = receiver(args) else {
        return no_overload();
    };
    Ok(l.items().last().cloned().map_or_else(Val::none, Val::some))
}

/// `l.flatten()` and `l.flatten(depth)` (cel-go `list_flatten`, `list_flatten_int`, without
/// type guards): the nested lists' elements in place of the lists, `depth` levels deep (one
/// without it). A negative depth is `level must be non-negative`; a receiver that is not a
/// list is cel-go's `no such overload: <type>.flatten(…)`.
fn flatten(args: &[Val]) -> Res {
    let (list, depth) = match args {
        [Val::List(l)] => (l, 1),
        [Val::List(l), Val::Int(d)] => (l, *d),
        [x] => {
            return Err(Error::text(format!(
                "no such overload: {}.flatten()",
                go_type(x)
            )))
        }
        [x, d] => {
            return Err(Error::text(format!(
                "no such overload: {}.flatten({})",
                go_type(x),
                go_type(d)
            )))
        }
        _ => return no_overload(),
    };
    if depth < 0 {
        return Err(Error::text("level must be non-negative"));
    }
    let mut out = Vec::with_capacity(list.items().len());
    flatten_into(list.items(), depth, &mut out);
    Ok(Val::list(out))
}

/// cel-go's `flatten`: appends `items` to `out`, the lists among them flattened `depth` deep.
fn flatten_into(items: &[Val], depth: i64, out: &mut Vec<Val>) {
    for x in items {
        match x {
            Val::List(l) if depth > 0 => flatten_into(l.items(), depth - 1, out),
            x => out.push(x.clone()),
        }
    }
}

/// `l.reverse()` (cel-go `reverseList`).
fn reverse(args: &[Val]) -> Res {
    let Some(l) = receiver(args) else {
        return no_overload();
    };
    Ok(Val::list(l.items().iter().rev().cloned().collect()))
}

/// `lists.range(n)` (cel-go `genRange`): `[0, 1, …, n-1]`, empty when `n` is not positive.
fn range(args: &[Val]) -> Res {
    let [Val::Int(n)] = args else {
        return no_overload();
    };
    Ok(Val::list((0..*n).map(Val::Int).collect()))
}

/// `l.sort()` (cel-go `sortList`): the list sorted by its own elements.
fn sort(args: &[Val]) -> Res {
    let [v @ Val::List(l)] = args else {
        return no_overload();
    };
    sort_by_keys(v, l.items(), l.items())
}

/// `l.@sortByAssociatedKeys(keys)` (cel-go `sortListByAssociatedKeys`), what `l.sortBy(x, k)`
/// calls with the keys `l.map(x, k)`.
fn sort_by_associated_keys(args: &[Val]) -> Res {
    let [v @ Val::List(l), Val::List(keys)] = args else {
        return no_overload();
    };
    sort_by_keys(v, l.items(), keys.items())
}

/// cel-go's `sortListByAssociatedKeys`: `items` (the list `list`) in the order Go's
/// `sort.Slice` puts their `keys` in. The keys must be comparable and of one type (`list
/// elements must be comparable`, `list elements must have the same type`); an empty list is
/// `list` itself.
fn sort_by_keys(list: &Val, items: &[Val], keys: &[Val]) -> Res {
    if items.len() != keys.len() {
        return Err(Error::text(format!(
            "@sortByAssociatedKeys() expected a list of the same size as the associated keys list, but got {} and {} elements respectively",
            items.len(),
            keys.len()
        )));
    }
    let Some(elem) = keys.first() else {
        return Ok(list.clone());
    };
    if !is_comparer(elem) {
        return Err(Error::text("list elements must be comparable"));
    }
    // Go's sort compares every element at least once when there are two or more; a key of
    // another type than the first fails that comparison.
    if keys.len() > 1 && keys.iter().any(|k| k.type_name() != elem.type_name()) {
        return Err(Error::text("list elements must have the same type"));
    }
    let mut order: Vec<usize> = (0..keys.len()).collect();
    go_sort_slice(&mut order, |a, b| {
        keys[*a].compare(&keys[*b]) == Some(Ordering::Less)
    });
    Ok(Val::list(
        order.into_iter().map(|i| items[i].clone()).collect(),
    ))
}

/// Go's `sort.Slice` (`pdqsort_func` with its limit `bits.Len(n)`): the same comparisons and
/// swaps in the same order, so that equal (or unordered) keys end where Go leaves them.
pub(super) fn go_sort_slice<T>(data: &mut [T], less: impl Fn(&T, &T) -> bool) {
    let n = data.len();
    let limit = (usize::BITS - n.leading_zeros()) as usize;
    let mut s = GoSort { data, less };
    s.pdqsort(0, n, limit);
}

/// The state of Go's `pdqsort_func`: the data and its `Less`.
struct GoSort<'a, T, F> {
    data: &'a mut [T],
    less: F,
}

#[derive(Clone, Copy, PartialEq)]
enum Hint {
    Unknown,
    Increasing,
    Decreasing,
}

impl<T, F: Fn(&T, &T) -> bool> GoSort<'_, T, F> {
    fn less(&self, i: usize, j: usize) -> bool {
        (self.less)(&self.data[i], &self.data[j])
    }

    fn swap(&mut self, i: usize, j: usize) {
        self.data.swap(i, j);
    }

    /// `insertionSort_func`.
    fn insertion_sort(&mut self, a: usize, b: usize) {
        for i in a + 1..b {
            let mut j = i;
            while j > a && self.less(j, j - 1) {
                self.swap(j, j - 1);
                j -= 1;
            }
        }
    }

    /// `siftDown_func`.
    fn sift_down(&mut self, lo: usize, hi: usize, first: usize) {
        let mut root = lo;
        loop {
            let mut child = 2 * root + 1;
            if child >= hi {
                return;
            }
            if child + 1 < hi && self.less(first + child, first + child + 1) {
                child += 1;
            }
            if !self.less(first + root, first + child) {
                return;
            }
            self.swap(first + root, first + child);
            root = child;
        }
    }

    /// `heapSort_func`.
    fn heap_sort(&mut self, a: usize, b: usize) {
        let first = a;
        let hi = b - a;
        for i in (0..=(hi - 1) / 2).rev() {
            self.sift_down(i, hi, first);
        }
        for i in (0..hi).rev() {
            self.swap(first, first + i);
            self.sift_down(0, i, first);
        }
    }

    /// `pdqsort_func`: sorts `[a, b)`.
    fn pdqsort(&mut self, mut a: usize, mut b: usize, mut limit: usize) {
        const MAX_INSERTION: usize = 12;
        let mut was_balanced = true;
        let mut was_partitioned = true;
        loop {
            let length = b - a;
            if length <= MAX_INSERTION {
                self.insertion_sort(a, b);
                return;
            }
            if limit == 0 {
                self.heap_sort(a, b);
                return;
            }
            if !was_balanced {
                self.break_patterns(a, b);
                limit -= 1;
            }
            let (mut pivot, mut hint) = self.choose_pivot(a, b);
            if hint == Hint::Decreasing {
                self.reverse_range(a, b);
                pivot = (b - 1) - (pivot - a);
                hint = Hint::Increasing;
            }
            if was_balanced
                && was_partitioned
                && hint == Hint::Increasing
                && self.partial_insertion_sort(a, b)
            {
                return;
            }
            if a > 0 && !self.less(a - 1, pivot) {
                a = self.partition_equal(a, b, pivot);
                continue;
            }
            let (mid, already) = self.partition(a, b, pivot);
            was_partitioned = already;
            let (left, right) = (mid - a, b - mid);
            let threshold = length / 8;
            if left < right {
                was_balanced = left >= threshold;
                self.pdqsort(a, mid, limit);
                a = mid + 1;
            } else {
                was_balanced = right >= threshold;
                self.pdqsort(mid + 1, b, limit);
                b = mid;
            }
        }
    }

    /// `partition_func`.
    fn partition(&mut self, a: usize, b: usize, pivot: usize) -> (usize, bool) {
        self.swap(a, pivot);
        // `i` and `j` as Go's ints: `j` may go one below `a + 1`.
        let (mut i, mut j) = (a as isize + 1, b as isize - 1);
        while i <= j && self.less(i as usize, a) {
            i += 1;
        }
        while i <= j && !self.less(j as usize, a) {
            j -= 1;
        }
        if i > j {
            self.swap(j as usize, a);
            return (j as usize, true);
        }
        self.swap(i as usize, j as usize);
        i += 1;
        j -= 1;
        loop {
            while i <= j && self.less(i as usize, a) {
                i += 1;
            }
            while i <= j && !self.less(j as usize, a) {
                j -= 1;
            }
            if i > j {
                break;
            }
            self.swap(i as usize, j as usize);
            i += 1;
            j -= 1;
        }
        self.swap(j as usize, a);
        (j as usize, false)
    }

    /// `partitionEqual_func`.
    fn partition_equal(&mut self, a: usize, b: usize, pivot: usize) -> usize {
        self.swap(a, pivot);
        let (mut i, mut j) = (a as isize + 1, b as isize - 1);
        loop {
            while i <= j && !self.less(a, i as usize) {
                i += 1;
            }
            while i <= j && self.less(a, j as usize) {
                j -= 1;
            }
            if i > j {
                break;
            }
            self.swap(i as usize, j as usize);
            i += 1;
            j -= 1;
        }
        i as usize
    }

    /// `partialInsertionSort_func`.
    fn partial_insertion_sort(&mut self, a: usize, b: usize) -> bool {
        const MAX_STEPS: usize = 5;
        const SHORTEST_SHIFTING: usize = 50;
        let mut i = a + 1;
        for _ in 0..MAX_STEPS {
            while i < b && !self.less(i, i - 1) {
                i += 1;
            }
            if i == b {
                return true;
            }
            if b - a < SHORTEST_SHIFTING {
                return false;
            }
            self.swap(i, i - 1);
            if i - a >= 2 {
                let mut j = i - 1;
                while j >= 1 {
                    if !self.less(j, j - 1) {
                        break;
                    }
                    self.swap(j, j - 1);
                    j -= 1;
                }
            }
            if b - i >= 2 {
                for j in i + 1..b {
                    if !self.less(j, j - 1) {
                        break;
                    }
                    self.swap(j, j - 1);
                }
            }
        }
        false
    }

    /// `breakPatterns_func`, with Go's `xorshift` seeded by the length.
    fn break_patterns(&mut self, a: usize, b: usize) {
        let length = b - a;
        if length >= 8 {
            let mut random = length as u64;
            let modulus = 1usize << (usize::BITS - length.leading_zeros());
            let mid = a + (length / 4) * 2;
            for idx in mid - 1..=mid + 1 {
                random ^= random << 13;
                random ^= random >> 17;
                random ^= random << 5;
                let mut other = (random as usize) & (modulus - 1);
                if other >= length {
                    other -= length;
                }
                self.swap(idx, a + other);
            }
        }
    }

    /// `choosePivot_func`.
    fn choose_pivot(&mut self, a: usize, b: usize) -> (usize, Hint) {
        const SHORTEST_NINTHER: usize = 50;
        const MAX_SWAPS: usize = 4 * 3;
        let l = b - a;
        let mut swaps = 0;
        let mut i = a + l / 4;
        let mut j = a + l / 4 * 2;
        let mut k = a + l / 4 * 3;
        if l >= 8 {
            if l >= SHORTEST_NINTHER {
                i = self.median(i - 1, i, i + 1, &mut swaps);
                j = self.median(j - 1, j, j + 1, &mut swaps);
                k = self.median(k - 1, k, k + 1, &mut swaps);
            }
            j = self.median(i, j, k, &mut swaps);
        }
        match swaps {
            0 => (j, Hint::Increasing),
            MAX_SWAPS => (j, Hint::Decreasing),
            _ => (j, Hint::Unknown),
        }
    }

    /// `order2_func`.
    fn order2(&self, a: usize, b: usize, swaps: &mut usize) -> (usize, usize) {
        if self.less(b, a) {
            *swaps += 1;
            return (b, a);
        }
        (a, b)
    }

    /// `median_func`.
    fn median(&self, a: usize, b: usize, c: usize, swaps: &mut usize) -> usize {
        let (a, b) = self.order2(a, b, swaps);
        let (b, c) = self.order2(b, c, swaps);
        let _ = c;
        let (_, b) = self.order2(a, b, swaps);
        b
    }

    /// `reverseRange_func`.
    fn reverse_range(&mut self, a: usize, b: usize) {
        let (mut i, mut j) = (a, b - 1);
        while i < j {
            self.swap(i, j);
            i += 1;
            j -= 1;
        }
    }
}

#[cfg(test)]
#[path = "lists/tests.rs"]
mod tests;
