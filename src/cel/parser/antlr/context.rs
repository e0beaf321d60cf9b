//! ANTLR's prediction contexts (`PredictionContext`): the stacks of return states an ATN
//! configuration carries, held as a graph whose equal stacks merge (`merge`,
//! `mergeSingletons`, `mergeRoot`, `mergeArrays`). Where two configurations of one state and
//! alternative meet, their contexts merge, and what the prediction finds in conflict depends
//! on the merged graph, so it is built as ANTLR builds it.

use std::rc::Rc;

/// `PredictionContext.EMPTY_RETURN_STATE`.
pub(super) const EMPTY_RETURN: usize = usize::MAX;

/// A context: its (return state, parent) entries sorted by return state; `EMPTY` is the
/// one entry ([`EMPTY_RETURN`], none). One entry is ANTLR's `SingletonPredictionContext`,
/// more its `ArrayPredictionContext`, an entry [`EMPTY_RETURN`] (last) its `$`.
#[derive(Clone, Debug)]
pub(super) struct Ctx(Rc<Node>);

/// A context's entries and their hash, computed once (as ANTLR caches a context's).
#[derive(Debug)]
struct Node {
    hash: u64,
    entries: Box<[(usize, Option<Ctx>)]>,
}

impl PartialEq for Ctx {
    fn eq(&self, o: &Ctx) -> bool {
        Rc::ptr_eq(&self.0, &o.0) || (self.0.hash == o.0.hash && self.0.entries == o.0.entries)
    }
}
impl Eq for Ctx {}

impl std::hash::Hash for Ctx {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        h.write_u64(self.0.hash);
    }
}

impl From<Vec<(usize, Option<Ctx>)>> for Ctx {
    fn from(entries: Vec<(usize, Option<Ctx>)>) -> Ctx {
        // FNV-1a over the return states and the parents' hashes.
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        let mut mix = |x: u64| {
            hash ^= x;
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        };
        for (r, p) in &entries {
            mix(*r as u64);
            mix(p.as_ref().map_or(0, |p| p.0.hash));
        }
        Ctx(Rc::new(Node {
            hash,
            entries: entries.into_boxed_slice(),
        }))
    }
}

impl Ctx {
    /// `PredictionContext.EMPTY`.
    pub(super) fn empty() -> Ctx {
        thread_local! {
            static EMPTY: Ctx = Ctx::from(vec![(EMPTY_RETURN, None)]);
        }
        EMPTY.with(Clone::clone)
    }

    /// `SingletonPredictionContext.create(parent, returnState)`.
    pub(super) fn push(parent: &Ctx, ret: usize) -> Ctx {
        Ctx::from(vec![(ret, Some(parent.clone()))])
    }

    /// The stack `returns` (outermost first) on `EMPTY`.
    pub(super) fn of(returns: &[usize]) -> Ctx {
        returns.iter().fold(Ctx::empty(), |c, &r| Ctx::push(&c, r))
    }

    /// `isEmpty()`: `EMPTY` itself.
    pub(super) fn is_empty(&self) -> bool {
        self.0.entries.len() == 1 && self.0.entries[0].0 == EMPTY_RETURN
    }

    /// `hasEmptyPath()`.
    pub(super) fn has_empty_path(&self) -> bool {
        self.0.entries.last().is_some_and(|e| e.0 == EMPTY_RETURN)
    }

    /// The entries: return states and their parents.
    pub(super) fn entries(&self) -> &[(usize, Option<Ctx>)] {
        &self.0.entries
    }

    fn singleton(&self) -> bool {
        self.0.entries.len() == 1
    }

    /// `PredictionContext.merge(a, b, rootIsWildcard, …)`.
    pub(super) fn merge(a: &Ctx, b: &Ctx, wildcard: bool) -> Ctx {
        if a == b {
            return a.clone();
        }
        if a.singleton() && b.singleton() {
            return merge_singletons(a, b, wildcard);
        }
        if wildcard {
            if a.is_empty() {
                return a.clone();
            }
            if b.is_empty() {
                return b.clone();
            }
        }
        merge_arrays(a, b, wildcard)
    }
}

/// The merge of two parents, either `None` (under `$`).
fn merge_parents(a: &Option<Ctx>, b: &Option<Ctx>, wildcard: bool) -> Option<Ctx> {
    match (a, b) {
        (Some(a), Some(b)) => Some(Ctx::merge(a, b, wildcard)),
        _ => None,
    }
}

fn merge_root(a: &Ctx, b: &Ctx, wildcard: bool) -> Option<Ctx> {
    if wildcard {
        if a.is_empty() || b.is_empty() {
            return Some(Ctx::empty());
        }
    } else {
        match (a.is_empty(), b.is_empty()) {
            (true, true) => return Some(Ctx::empty()),
            (true, false) => {
                let e = &b.0.entries[0];
                return Some(Ctx::from(vec![e.clone(), (EMPTY_RETURN, None)]));
            }
            (false, true) => {
                let e = &a.0.entries[0];
                return Some(Ctx::from(vec![e.clone(), (EMPTY_RETURN, None)]));
            }
            (false, false) => {}
        }
    }
    None
}

fn merge_singletons(a: &Ctx, b: &Ctx, wildcard: bool) -> Ctx {
    if let Some(m) = merge_root(a, b, wildcard) {
        return m;
    }
    let (ra, pa) = &a.0.entries[0];
    let (rb, pb) = &b.0.entries[0];
    if ra == rb {
        let parent = merge_parents(pa, pb, wildcard);
        if parent == *pa {
            return a.clone();
        }
        if parent == *pb {
            return b.clone();
        }
        return Ctx::from(vec![(*ra, parent)]);
    }
    let (first, second) = match ra < rb {
        true => ((*ra, pa), (*rb, pb)),
        false => ((*rb, pb), (*ra, pa)),
    };
    if pa.is_some() && pa == pb {
        return Ctx::from(vec![(first.0, pa.clone()), (second.0, pa.clone())]);
    }
    Ctx::from(vec![
        (first.0, first.1.clone()),
        (second.0, second.1.clone()),
    ])
}

fn merge_arrays(a: &Ctx, b: &Ctx, wildcard: bool) -> Ctx {
    let (x, y) = (&a.0.entries, &b.0.entries);
    let (mut i, mut j) = (0, 0);
    let mut merged: Vec<(usize, Option<Ctx>)> = Vec::with_capacity(x.len() + y.len());
    while i < x.len() && j < y.len() {
        let ((ra, pa), (rb, pb)) = (&x[i], &y[j]);
        if ra == rb {
            let both_empty = *ra == EMPTY_RETURN && pa.is_none() && pb.is_none();
            let same = pa.is_some() && pa == pb;
            let parent = match both_empty || same {
                true => pa.clone(),
                false => merge_parents(pa, pb, wildcard),
            };
            merged.push((*ra, parent));
            i += 1;
            j += 1;
        } else if ra < rb {
            merged.push((*ra, pa.clone()));
            i += 1;
        } else {
            merged.push((*rb, pb.clone()));
            j += 1;
        }
    }
    merged.extend(x[i..].iter().cloned());
    merged.extend(y[j..].iter().cloned());
    if merged.len() == 1 {
        return Ctx::from(merged);
    }
    let m = Ctx::from(merged);
    if m == *a {
        return a.clone();
    }
    if m == *b {
        return b.clone();
    }
    m
}
