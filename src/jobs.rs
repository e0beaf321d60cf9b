//! Threads: how many a run uses (`--jobs N`, [`JOBS_ENV`], the config's `jobs:`, else as many as
//! the machine has) and [`map_ordered`], the one way work is spread over them: independent items
//! are processed on the calling thread and the threads of a pool kept for the process (rayon's,
//! started at the first parallel step), and their answers collected by index, so the output,
//! results and stderr are byte-identical to a single-threaded run whatever the thread count.
//! With one thread (or one item) no pool is used: the items are processed in order on the
//! calling thread, as before threads existed.
//!
//! Every thread gets the [`STACK`] the main worker has: the trees are walked by recursive
//! functions, and a document may nest 10,000 levels (kubectl's limit). The stack is reserved,
//! not used: only the pages a deep document reaches are ever touched.

use std::collections::HashMap;
use std::ffi::OsString;
use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex, OnceLock};

/// The stack of every thread that processes input (see the module doc).
pub const STACK: usize = 256 << 20;

/// The environment variable that sets the thread count (as `--jobs` does; the flag wins).
pub const JOBS_ENV: &str = "CRD_SCHEMA_FN_JOBS";

/// What a thread count must be, for messages.
const EXPECTED: &str = "expected a whole number of threads, 1 or more";

/// The machine's thread count (`std::thread::available_parallelism`, 1 when unknown).
pub fn available() -> usize {
    std::thread::available_parallelism().map_or(1, NonZeroUsize::get)
}

/// Why a text is no thread count (`expected a whole number of threads, 1 or more, found "x"`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JobsError {
    #[error("{EXPECTED}, found 0")]
    Zero,
    /// The text as written.
    #[error("{expected}, found {0:?}", expected = EXPECTED)]
    NotANumber(String),
    /// An environment value that is not UTF-8.
    #[error("{expected}, found {0:?}", expected = EXPECTED)]
    NotUnicode(OsString),
}

/// A [`JobsError`] in [`JOBS_ENV`] (`CRD_SCHEMA_FN_JOBS: expected …`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}: {err}", JOBS_ENV)]
pub struct EnvError {
    pub err: JobsError,
}

/// A thread count as written on the command line or in the environment: a whole number, 1 or
/// more.
pub fn parse(s: &str) -> Result<usize, JobsError> {
    match s.trim().parse::<usize>() {
        Ok(0) => Err(JobsError::Zero),
        Ok(n) => Ok(n),
        Err(_) => Err(JobsError::NotANumber(s.to_string())),
    }
}

/// The thread count [`JOBS_ENV`] sets (`None` when unset or empty), or why it cannot be used.
pub fn from_env() -> Result<Option<usize>, EnvError> {
    let err = match std::env::var(JOBS_ENV) {
        Err(std::env::VarError::NotPresent) => return Ok(None),
        Err(std::env::VarError::NotUnicode(v)) => JobsError::NotUnicode(v),
        Ok(v) if v.trim().is_empty() => return Ok(None),
        Ok(v) => match parse(&v) {
            Ok(n) => return Ok(Some(n)),
            Err(e) => e,
        },
    };
    Err(EnvError { err })
}

/// The pool of `threads` threads (made once per size and kept for the process: a streamed run
/// spreads hundreds of short steps over the same threads); `None` when they cannot start.
fn pool(threads: usize) -> Option<Arc<rayon::ThreadPool>> {
    static POOLS: OnceLock<Mutex<HashMap<usize, Arc<rayon::ThreadPool>>>> = OnceLock::new();
    let mut pools = POOLS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some(pool) = pools.get(&threads) {
        return Some(Arc::clone(pool));
    }
    let built = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(STACK)
        .thread_name(|_| "crd-schema-fn".into())
        .build()
        .ok()?;
    Some(Arc::clone(pools.entry(threads).or_insert(Arc::new(built))))
}

/// Drops `value` on a thread of the run's pool (`threads`: the run's), where it has one, so
/// that the calling thread goes on at once: a streamed run's schemas and compiled checks
/// (thousands of small allocations) are freed while its output is written. With one thread
/// it is dropped here.
pub fn drop_aside<T: Send + 'static>(threads: usize, value: T) {
    match (threads > 1).then(|| pool(threads - 1)).flatten() {
        Some(pool) => pool.spawn(move || drop(value)),
        None => drop(value),
    }
}

/// `f` applied to every item, answers in item order, on up to `jobs` threads (the calling
/// thread is one of them). See [`map_ordered_with`].
pub fn map_ordered<T, R, F>(jobs: usize, items: Vec<T>, f: F) -> Vec<R>
where
    T: Send,
    R: Send,
    F: Fn(T) -> R + Sync,
{
    let mut states = vec![(); jobs.max(1)];
    map_ordered_with(&mut states, items, |(), t| f(t))
}

/// [`map_ordered_with`], the items handed out in the order of their `key` (items of one key in
/// item order), answers in item order: heaviest first (`Reverse` of their length, say), so
/// that no thread is left with a long item while the others wait at the end; or items of a
/// kind one after the other, each meeting the structures the last one warmed (taken from both
/// ends of that order, see [`Hand`]). The calling thread first runs `before` while the other
/// threads start on the items (then it works on them too): work of its own that overlaps
/// theirs (`|| ()` for none).
pub fn map_sorted<S, T, R, F, K>(
    states: &mut [S],
    items: Vec<T>,
    key: impl Fn(&T) -> K,
    hand: Hand,
    before: impl FnOnce(),
    f: F,
) -> Vec<R>
where
    S: Send,
    T: Send,
    R: Send,
    F: Fn(&mut S, T) -> R + Sync,
    K: Ord,
{
    let mut order: Vec<(usize, T)> = items.into_iter().enumerate().collect();
    order.sort_by_cached_key(|(i, t)| (key(t), *i));
    let len = order.len();
    let done = map_unordered_after(states, order, hand, before, |s, (i, t)| (i, f(s, t)));
    in_item_order(len, done.into_iter().flatten().map(|(_, answer)| answer))
}

/// How [`map_sorted`] hands its items out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hand {
    /// Every thread takes the next item in the sorted order (heaviest first: the last ones
    /// taken are the lightest).
    InOrder,
    /// Half the threads take from the front of the order, half from its back: with items of a
    /// kind one after the other, two threads work on different kinds until they meet. Items
    /// of one kind share their compiled checks, whose reference counts (a CEL value's schema
    /// type, its strings) two threads on the same kind would write turn about, each write
    /// taking the cache line from the other core.
    BothEnds,
}

/// The `len` answers `done` (each with its item's index, in any order), in item order.
fn in_item_order<R>(len: usize, done: impl IntoIterator<Item = (usize, R)>) -> Vec<R> {
    let mut slots: Vec<Option<R>> = Vec::new();
    slots.resize_with(len, || None);
    for (i, r) in done {
        slots[i] = Some(r);
    }
    slots
        .into_iter()
        .map(|r| r.expect("every item is answered"))
        .collect()
}

/// `f` applied to every item with a worker's own state (one thread per state, at most one per
/// item; the calling thread works with the first state), answers in item order. The items are
/// handed out one at a time, in order, to whichever thread is free, so a slow item does not
/// hold up the others. A panic on any thread is a panic of the caller.
pub fn map_ordered_with<S, T, R, F>(states: &mut [S], items: Vec<T>, f: F) -> Vec<R>
where
    S: Send,
    T: Send,
    R: Send,
    F: Fn(&mut S, T) -> R + Sync,
{
    map_ordered_after(states, items, || (), f)
}

/// [`map_ordered_with`], the calling thread running `before` before it takes items (the other
/// threads start on them at once).
fn map_ordered_after<S, T, R, F>(
    states: &mut [S],
    items: Vec<T>,
    before: impl FnOnce(),
    f: F,
) -> Vec<R>
where
    S: Send,
    T: Send,
    R: Send,
    F: Fn(&mut S, T) -> R + Sync,
{
    let len = items.len();
    in_item_order(
        len,
        map_unordered_after(states, items, Hand::InOrder, before, f)
            .into_iter()
            .flatten(),
    )
}

/// [`map_ordered_after`]'s answers each with its item's index, in no order (each thread's
/// apart): what a caller that puts them in another order takes (one copy of the answers
/// fewer).
fn map_unordered_after<S, T, R, F>(
    states: &mut [S],
    items: Vec<T>,
    hand: Hand,
    before: impl FnOnce(),
    f: F,
) -> Vec<Vec<(usize, R)>>
where
    S: Send,
    T: Send,
    R: Send,
    F: Fn(&mut S, T) -> R + Sync,
{
    let threads = states.len().min(items.len());
    if threads <= 1 {
        before();
        let Some(state) = states.first_mut() else {
            assert!(items.is_empty(), "items without a worker state");
            return Vec::new();
        };
        return vec![items.into_iter().map(|t| f(state, t)).enumerate().collect()];
    }
    let queue = Mutex::new(items.into_iter().enumerate());
    let next = |back: bool| {
        let mut queue = queue.lock().unwrap_or_else(|e| e.into_inner());
        match back {
            true => queue.next_back(),
            false => queue.next(),
        }
    };
    // Every thread answers as the run's Kubernetes version (see `crate::versions`).
    let behaviours = crate::versions::current();
    let work = |state: &mut S, back: bool| {
        let _run = crate::versions::enter(behaviours);
        let mut done = Vec::new();
        while let Some((i, t)) = next(back) {
            done.push((i, f(state, t)));
        }
        done
    };
    let (first_state, rest) = states[..threads]
        .split_first_mut()
        .expect("two states or more");
    let parts = Mutex::new(Vec::with_capacity(threads));
    // The other states' work on the pool's threads, this one's here; a panic on any of them
    // is the caller's once all have ended. Without the pool, this thread drains the queue.
    let Some(pool) = pool(threads - 1) else {
        before();
        return vec![work(first_state, false)];
    };
    pool.in_place_scope(|scope| {
        for (k, state) in rest.iter_mut().enumerate() {
            let (work, parts) = (&work, &parts);
            // (The calling thread is thread 0: thread k + 1 takes from the back when odd.)
            let back = hand == Hand::BothEnds && k % 2 == 0;
            scope.spawn(move |_| {
                let part = work(state, back);
                parts.lock().unwrap_or_else(|e| e.into_inner()).push(part);
            });
        }
        before();
        let part = work(first_state, false);
        parts.lock().unwrap_or_else(|e| e.into_inner()).push(part);
    });
    parts.into_inner().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_thread_counts() {
        assert_eq!(parse("1"), Ok(1));
        assert_eq!(parse(" 4 "), Ok(4));
        let text = |s: &str| parse(s).map_err(|e| e.to_string());
        assert_eq!(
            text("0"),
            Err("expected a whole number of threads, 1 or more, found 0".into())
        );
        assert_eq!(
            text("two"),
            Err("expected a whole number of threads, 1 or more, found \"two\"".into())
        );
        assert!(parse("-1").is_err());
        assert!(parse("").is_err());
        assert!(available() >= 1);
    }

    #[test]
    fn answers_come_in_item_order_at_any_thread_count() {
        let items: Vec<usize> = (0..200).collect();
        let want: Vec<String> = items.iter().map(|i| format!("<{i}>")).collect();
        for jobs in [1, 2, 3, 8, 500] {
            let got = map_ordered(jobs, items.clone(), |i| {
                if i % 7 == 0 {
                    std::thread::yield_now();
                }
                format!("<{i}>")
            });
            assert_eq!(got, want, "jobs {jobs}");
        }
        assert!(map_ordered(4, Vec::<u8>::new(), |x| x).is_empty());
    }

    #[test]
    fn each_worker_keeps_its_own_state() {
        let mut states = vec![0usize; 3];
        let got = map_ordered_with(&mut states, (1..=100).collect(), |seen, x: usize| {
            *seen += 1;
            x * 2
        });
        assert_eq!(got, (1..=100).map(|x| x * 2).collect::<Vec<_>>());
        assert_eq!(states.iter().sum::<usize>(), 100);
    }

    #[test]
    fn one_thread_runs_on_the_caller_in_order() {
        let caller = std::thread::current().id();
        let mut order = Vec::new();
        let mut states = vec![&mut order];
        map_ordered_with(&mut states, (0..5).collect(), |o, i: i32| {
            assert_eq!(std::thread::current().id(), caller);
            o.push(i);
        });
        assert_eq!(order, [0, 1, 2, 3, 4]);
    }

    #[test]
    fn one_thread_takes_the_items_in_the_order_of_their_keys() {
        let seen = std::sync::Mutex::new(Vec::new());
        let items = vec!["b1", "a1", "c1", "a2", "b2"];
        let got = map_sorted(
            &mut [()],
            items.clone(),
            |s| s.as_bytes()[0],
            Hand::InOrder,
            || (),
            |(), s| {
                seen.lock().unwrap().push(s);
                s.len()
            },
        );
        assert_eq!(*seen.lock().unwrap(), ["a1", "a2", "b1", "b2", "c1"]);
        assert_eq!(got, vec![2; 5]);
        // Heaviest first: the longest, then the rest in item order.
        seen.lock().unwrap().clear();
        let items = vec!["x", "yyy", "z", "ww"];
        let key = |s: &&str| std::cmp::Reverse(s.len());
        let got = map_sorted(
            &mut [()],
            items,
            key,
            Hand::InOrder,
            || (),
            |(), s| {
                seen.lock().unwrap().push(s);
                s
            },
        );
        assert_eq!(*seen.lock().unwrap(), ["yyy", "ww", "x", "z"]);
        assert_eq!(got, ["x", "yyy", "z", "ww"]);
    }

    #[test]
    fn the_callers_own_work_runs_once_on_it_beside_the_items() {
        let caller = std::thread::current().id();
        let items: Vec<usize> = (0..100).collect();
        for threads in [1, 2, 3] {
            let mut states = vec![(); threads];
            let mut ran = 0;
            let got = map_sorted(
                &mut states,
                items.clone(),
                |&i| std::cmp::Reverse(i % 10),
                Hand::BothEnds,
                || {
                    assert_eq!(std::thread::current().id(), caller);
                    ran += 1;
                },
                |(), i| i * 3,
            );
            assert_eq!(ran, 1, "threads {threads}");
            assert_eq!(got, items.iter().map(|i| i * 3).collect::<Vec<_>>());
        }
        // Also with no item to work on.
        let mut ran = false;
        let none = map_sorted(
            &mut [(), ()],
            Vec::<u8>::new(),
            |_| 0,
            Hand::BothEnds,
            || ran = true,
            |(), x| x,
        );
        assert!(ran && none.is_empty());
    }

    /// Taken from both ends, two threads meet: the first takes the front of the order, the
    /// second its back, and every item is answered once, in item order.
    #[test]
    fn both_ends_hand_the_front_to_one_thread_and_the_back_to_the_other() {
        let items: Vec<usize> = (0..400).collect();
        for threads in [1, 2, 3, 4] {
            let mut states: Vec<Vec<usize>> = vec![Vec::new(); threads];
            let got = map_sorted(
                &mut states,
                items.clone(),
                |&i| i / 100,
                Hand::BothEnds,
                || (),
                |seen, i| {
                    seen.push(i);
                    i + 1
                },
            );
            assert_eq!(got, items.iter().map(|i| i + 1).collect::<Vec<_>>());
            let mut all: Vec<usize> = states.concat();
            all.sort_unstable();
            assert_eq!(all, items, "threads {threads}");
            if threads >= 2 {
                // Each thread's items in the order it took them: the caller's rise from the
                // front, the second thread's fall from the back.
                assert!(
                    states[0].windows(2).all(|w| w[0] < w[1]),
                    "threads {threads}"
                );
                assert!(
                    states[1].windows(2).all(|w| w[0] > w[1]),
                    "threads {threads}"
                );
                assert!(states[1].first().is_none_or(|&i| i > 200));
            }
        }
    }

    /// A value dropped aside is dropped on the pool at two threads, here at one.
    #[test]
    fn a_value_dropped_aside_is_dropped() {
        struct Tell(std::sync::mpsc::Sender<std::thread::ThreadId>);
        impl Drop for Tell {
            fn drop(&mut self) {
                let _ = self.0.send(std::thread::current().id());
            }
        }
        let here = std::thread::current().id();
        for threads in [1, 2] {
            let (tx, rx) = std::sync::mpsc::channel();
            drop_aside(threads, Tell(tx));
            let on = rx
                .recv_timeout(std::time::Duration::from_secs(10))
                .expect("dropped");
            assert_eq!(on == here, threads == 1, "threads {threads}");
        }
    }
}
