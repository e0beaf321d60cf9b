//! The functions of kube-apiserver 1.36's CEL environment over our own values
//! ([`super::val`]), one file per cel-go or Kubernetes library, each overload written once.
//!
//! A function is looked up by its name (cel-go's function name: `_+_`, `size`,
//! `ip.isCanonical`) when a rule is planned, and called with its receiver (for a member call)
//! and arguments evaluated; it picks the overload by the arguments' runtime types, as cel-go's
//! dynamic dispatch does, and answers `no such overload` ([`Error::NoSuchOverload`]) when
//! none takes them. Which overloads exist for the type checker is [`super::overloads`]'s
//! table; what a call costs is [`super::interp`]'s.
//!
//! Each name belongs to one file: a function that serves several libraries (`_+_` for
//! numbers, strings, lists, durations and timestamps; `indexOf` for strings and lists;
//! `compareTo` for quantities and semvers) is written in one and calls the others' helpers.

use super::val::{Error, Res, Val};
use std::collections::HashMap;
use std::sync::OnceLock;

mod conv;
mod format;
mod formatting;
mod ip;
mod lists;
mod optional;
mod quantity;
mod regex;
mod semver;
mod sets;
mod std_ops;
mod strings;
#[cfg(test)]
mod testing;
mod time;
mod urls;

pub use conv::timestamp_literal_ok;
pub use format::{max_regex_size, FORMATS};
pub use formatting::{check_format, type_only};
pub use lists::lister_error;
pub use std_ops::index_of;

/// A function: its receiver (if a member call) and arguments, evaluated.
pub type Func = fn(&[Val]) -> Res;

/// Every library's functions, by name.
const TABLES: &[&[(&str, Func)]] = &[
    std_ops::FUNCS,
    conv::FUNCS,
    time::FUNCS,
    strings::FUNCS,
    regex::FUNCS,
    formatting::FUNCS,
    lists::FUNCS,
    sets::FUNCS,
    optional::FUNCS,
    urls::FUNCS,
    ip::FUNCS,
    semver::FUNCS,
    quantity::FUNCS,
    format::FUNCS,
];

fn table() -> &'static HashMap<&'static str, Func> {
    static TABLE: OnceLock<HashMap<&'static str, Func>> = OnceLock::new();
    TABLE.get_or_init(|| {
        TABLES
            .iter()
            .flat_map(|t| t.iter())
            .map(|(name, f)| (*name, *f))
            .collect()
    })
}

/// The function named `name`, if the environment has it.
pub fn lookup(name: &str) -> Option<Func> {
    table().get(name).copied()
}

/// `no such overload`, for the arguments no overload takes.
pub fn no_overload() -> Res {
    Err(Error::NoSuchOverload)
}

#[cfg(test)]
mod tests {
    /// One file per name: a name written twice would leave one of the two unreachable.
    #[test]
    fn every_name_belongs_to_one_library() {
        let mut seen = std::collections::HashSet::new();
        for t in super::TABLES {
            for (name, _) in t.iter() {
                assert!(seen.insert(*name), "{name} is registered twice");
            }
        }
    }
}
