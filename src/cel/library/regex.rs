//! Regular expressions in Go's syntax ([`crate::go::regexp`]): the standard `matches` (global
//! and member) and the Kubernetes regex library's `find` and `findAll`. A pattern is compiled
//! once per thread and kept in a bounded cache, since rules match the same few patterns against
//! every object. A bad pattern fails with Go's `error parsing regexp: …` (`matches`) or the
//! Kubernetes library's `Illegal regex: …` (`find`, `findAll`).

use super::Bind::{Overloads, Singleton};
use super::{no_overload, Bindings, Trait};
use crate::cel::val::{Error, Res, Val};
use crate::go::regexp::GoRegexError;
use std::collections::HashMap;

/// The standard library's `matches`, a singleton for its global and member forms, and the
/// Kubernetes regex library's overloads behind their type guards.
pub(super) const BINDINGS: Bindings = &[
    (Singleton("matches", Trait::Matcher), matches),
    (Overloads(&["string_find_string"]), find),
    (
        Overloads(&["string_find_all_string", "string_find_all_string_int"]),
        find_all,
    ),
];

thread_local! {
    /// Patterns compiled so far (or Go's error). Bounded: emptied when it grows past
    /// [`CACHE_SIZE`] (a pattern can come from the data).
    static PATTERNS: std::cell::RefCell<HashMap<String, Result<regex::Regex, GoRegexError>>> =
        std::cell::RefCell::default();
}

const CACHE_SIZE: usize = 1024;

/// `f` over `pattern` compiled with Go's syntax, or Go's error.
fn with_regex<T>(pattern: &str, f: impl FnOnce(&regex::Regex) -> T) -> Result<T, GoRegexError> {
    PATTERNS.with(|cache| {
        let mut cache = cache.borrow_mut();
        if !cache.contains_key(pattern) {
            if cache.len() >= CACHE_SIZE {
                cache.clear();
            }
            let compiled = crate::go::regexp::compile(pattern);
            cache.insert(pattern.to_string(), compiled);
        }
        match &cache[pattern] {
            Ok(re) => Ok(f(re)),
            Err(err) => Err(err.clone()),
        }
    })
}

/// Go's error compiling `pattern` (through the thread's cache, where a rule's run finds it
/// again): the regex library's `FindRegexOptimization` compiles a constant pattern when the
/// program is created.
pub fn compile_error(pattern: &str) -> Option<Error> {
    with_regex(pattern, |_| ())
        .err()
        .map(|e| Error::text(e.to_string()))
}

/// `matches(s, re)` and `s.matches(re)` (cel-go's `matchesString`: Go's `regexp.MatchString`).
fn matches(args: &[Val]) -> Res {
    let [Val::String(s), Val::String(pattern)] = args else {
        return no_overload();
    };
    with_regex(pattern, |re| Val::Bool(re.is_match(s))).map_err(|e| Error::text(e.to_string()))
}

fn illegal(e: GoRegexError) -> Error {
    Error::text(format!("Illegal regex: {e}"))
}

/// `s.find(re)` (the Kubernetes regex library's `find`: Go's `FindString`, the first match or
/// the empty string).
fn find(args: &[Val]) -> Res {
    let [Val::String(s), Val::String(pattern)] = args else {
        return no_overload();
    };
    with_regex(pattern, |re| {
        Val::str(re.find(s).map_or("", |m| m.as_str()))
    })
    .map_err(illegal)
}

/// `s.findAll(re[, n])` (the Kubernetes regex library's `findAll`: Go's `FindAllString`, at
/// most `n` matches when `n` is not negative).
fn find_all(args: &[Val]) -> Res {
    let (s, pattern, limit) = match args {
        [Val::String(s), Val::String(p)] => (s, p, -1),
        [Val::String(s), Val::String(p), Val::Int(n)] => (s, p, *n),
        _ => return no_overload(),
    };
    with_regex(pattern, |re| {
        let all = re.find_iter(s).map(|m| Val::str(m.as_str()));
        Val::list(match usize::try_from(limit) {
            Ok(n) => all.take(n).collect(),
            Err(_) => all.collect(),
        })
    })
    .map_err(illegal)
}

#[cfg(test)]
#[path = "regex/tests.rs"]
mod tests;
