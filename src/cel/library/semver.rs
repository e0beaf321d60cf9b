//! The Kubernetes semver library, version 1 (apiserver `pkg/cel/library/semverlib.go`):
//! `kubernetes.Semver` values parsed by a port of blang/semver v4's `Parse` with its error
//! texts (`No Major.Minor.Patch elements found`, `Invalid character(s) found in major number
//! "v1"`, `strconv.ParseUint: parsing "99999999999999999999": value out of range`), and the
//! library's normalization for `semver(s, true)`. `isGreaterThan`, `isLessThan` and
//! `compareTo` are shared with quantities and registered by [`super::quantity`], which calls
//! [`compare`].

use super::Bind::Overloads;
use super::{compare_to, is_greater_than, is_less_than, no_overload, Bindings};
use crate::cel::val::{Error, Ext, Res, Val};
use crate::go::strconv::{quote, NumError, NumErrorKind};
use std::any::Any;
use std::cmp::Ordering;

/// Each overload behind its type guard (the comparisons after the quantity library's, which
/// the apiserver adds first).
pub(super) const BINDINGS: Bindings = &[
    (
        Overloads(&["string_to_semver", "string_bool_to_semver"]),
        semver,
    ),
    (
        Overloads(&["is_semver_string", "is_semver_string_bool"]),
        is_semver,
    ),
    (
        Overloads(&["semver_is_greater_than"]),
        is_greater_than::<Semver>,
    ),
    (Overloads(&["semver_is_less_than"]), is_less_than::<Semver>),
    (Overloads(&["semver_compare_to"]), compare_to::<Semver>),
    (Overloads(&["semver_major"]), major),
    (Overloads(&["semver_minor"]), minor),
    (Overloads(&["semver_patch"]), patch),
];

/// A pre-release identifier: numeric or alphanumeric.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Pre {
    Num(u64),
    Str(String),
}

/// A `kubernetes.Semver` value (apiserver `cel.Semver`); build metadata is checked by the
/// parser but never compared, so it is not kept.
#[derive(Debug, Clone)]
pub struct Semver {
    major: u64,
    minor: u64,
    patch: u64,
    pre: Vec<Pre>,
}

impl Semver {
    /// blang/semver's `Version.Compare`: major, minor, patch, then a version without a
    /// pre-release above one with, then the pre-release identifiers in turn (numbers below
    /// words), the longer list above.
    pub fn compare(&self, o: &Semver) -> Ordering {
        let c = (self.major, self.minor, self.patch).cmp(&(o.major, o.minor, o.patch));
        if c != Ordering::Equal {
            return c;
        }
        match (self.pre.is_empty(), o.pre.is_empty()) {
            (true, true) => return Ordering::Equal,
            (true, false) => return Ordering::Greater,
            (false, true) => return Ordering::Less,
            _ => {}
        }
        for (a, b) in self.pre.iter().zip(&o.pre) {
            let c = match (a, b) {
                (Pre::Num(x), Pre::Num(y)) => x.cmp(y),
                (Pre::Num(_), Pre::Str(_)) => Ordering::Less,
                (Pre::Str(_), Pre::Num(_)) => Ordering::Greater,
                (Pre::Str(x), Pre::Str(y)) => x.cmp(y),
            };
            if c != Ordering::Equal {
                return c;
            }
        }
        self.pre.len().cmp(&o.pre.len())
    }
}

impl Ext for Semver {
    fn type_name(&self) -> &str {
        "kubernetes.Semver"
    }

    /// `Semver.Equal`: blang/semver's `EQ` (build metadata ignored).
    /// `Semver.Equal`: blang/semver's `EQ`; `no such overload` for a value of another type.
    fn equal(&self, other: &Val) -> Result<bool, Error> {
        other
            .as_ext::<Semver>()
            .map(|o| self.compare(o) == Ordering::Equal)
            .ok_or(Error::NoSuchOverload)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl super::Ordered for Semver {
    fn order(&self, other: &Semver) -> Ordering {
        self.compare(other)
    }
}

fn only(s: &str, f: impl Fn(char) -> bool) -> bool {
    s.chars().all(f)
}

fn numeric(c: char) -> bool {
    c.is_ascii_digit()
}

fn alphanumeric(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-'
}

fn leading_zero(s: &str) -> bool {
    s.len() > 1 && s.starts_with('0')
}

/// Why blang/semver v4's `Parse` (or the library's normalization) refuses a string: their
/// texts, which become the CEL error.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SemverError {
    #[error("Version string empty")]
    Empty,
    #[error("No Major.Minor.Patch elements found")]
    NoElements,
    /// A major, minor or patch number (`what`) with a character other than a digit.
    #[error("Invalid character(s) found in {what} number {}", quote(.text))]
    NumberCharacters { what: &'static str, text: String },
    #[error("{} number must not contain leading zeroes {}", capitalized(.what), quote(.text))]
    NumberLeadingZero { what: &'static str, text: String },
    /// A number past a uint64 (Go's `strconv.ParseUint` error).
    #[error("{0}")]
    Number(NumError),
    #[error("Prerelease is empty")]
    PrereleaseEmpty,
    #[error("Numeric PreRelease version must not contain leading zeroes {}", quote(.0))]
    PrereleaseLeadingZero(String),
    #[error("Invalid character(s) found in prerelease {}", quote(.0))]
    PrereleaseCharacters(String),
    #[error("Build meta data is empty")]
    BuildEmpty,
    #[error("Invalid character(s) found in build meta data {}", quote(.0))]
    BuildCharacters(String),
    /// The library's normalization of a version without its patch (or minor) number.
    #[error("short version cannot contain PreRelease/Build meta data")]
    ShortWithMeta,
}

/// `major` as `Major`.
fn capitalized(what: &str) -> String {
    format!("{}{}", what[..1].to_uppercase(), &what[1..])
}

/// Go's `strconv.ParseUint(s, 10, 64)` on digits only.
fn parse_uint(s: &str) -> Result<u64, NumError> {
    if s.is_empty() {
        return Err(NumError::new("ParseUint", s, NumErrorKind::Syntax));
    }
    s.parse::<u64>()
        .map_err(|_| NumError::new("ParseUint", s, NumErrorKind::Range))
}

/// A major, minor or patch number.
fn number(s: &str, what: &'static str) -> Result<u64, SemverError> {
    let text = s.to_string();
    if !only(s, numeric) {
        return Err(SemverError::NumberCharacters { what, text });
    }
    if leading_zero(s) {
        return Err(SemverError::NumberLeadingZero { what, text });
    }
    parse_uint(s).map_err(SemverError::Number)
}

/// blang/semver v4's `Parse`.
pub fn parse(s: &str) -> Result<Semver, SemverError> {
    if s.is_empty() {
        return Err(SemverError::Empty);
    }
    let parts: Vec<&str> = s.splitn(3, '.').collect();
    if parts.len() != 3 {
        return Err(SemverError::NoElements);
    }
    let major = number(parts[0], "major")?;
    let minor = number(parts[1], "minor")?;
    let mut patch = parts[2];
    let mut build: Vec<&str> = Vec::new();
    if let Some(i) = patch.find('+') {
        build = patch[i + 1..].split('.').collect();
        patch = &patch[..i];
    }
    let mut pre_parts: Vec<&str> = Vec::new();
    if let Some(i) = patch.find('-') {
        pre_parts = patch[i + 1..].split('.').collect();
        patch = &patch[..i];
    }
    let patch = number(patch, "patch")?;
    let mut pre = Vec::with_capacity(pre_parts.len());
    for p in pre_parts {
        if p.is_empty() {
            return Err(SemverError::PrereleaseEmpty);
        }
        if only(p, numeric) {
            if leading_zero(p) {
                return Err(SemverError::PrereleaseLeadingZero(p.to_string()));
            }
            pre.push(Pre::Num(parse_uint(p).map_err(SemverError::Number)?));
        } else if only(p, alphanumeric) {
            pre.push(Pre::Str(p.to_string()));
        } else {
            return Err(SemverError::PrereleaseCharacters(p.to_string()));
        }
    }
    for b in build {
        if b.is_empty() {
            return Err(SemverError::BuildEmpty);
        }
        if !only(b, alphanumeric) {
            return Err(SemverError::BuildCharacters(b.to_string()));
        }
    }
    Ok(Semver {
        major,
        minor,
        patch,
        pre,
    })
}

/// The library's `normalizeAndParse` (`semver(s, true)`): no `v`, no leading zeros, missing
/// minor and patch as 0.
pub fn normalize_and_parse(s: &str) -> Result<Semver, SemverError> {
    let s = s.strip_prefix('v').unwrap_or(s);
    let mut parts: Vec<String> = s.splitn(3, '.').map(str::to_string).collect();
    for p in parts.iter_mut() {
        if p.len() > 1 {
            let mut t = p.trim_start_matches('0').to_string();
            if t.is_empty() || !t.starts_with(|c: char| c.is_ascii_digit()) {
                t.insert(0, '0');
            }
            *p = t;
        }
    }
    if parts.len() < 3 {
        if parts.last().is_some_and(|p| p.contains(['+', '-'])) {
            return Err(SemverError::ShortWithMeta);
        }
        while parts.len() < 3 {
            parts.push("0".into());
        }
    }
    parse(&parts.join("."))
}

/// The string and the normalize flag of `semver(s)`, `semver(s, bool)`, `isSemver(…)`,
/// parsed; `None` for other arguments.
fn parse_args(args: &[Val]) -> Option<Result<Semver, SemverError>> {
    let (s, normalize) = match args {
        [Val::String(s)] => (s, false),
        [Val::String(s), Val::Bool(n)] => (s, *n),
        _ => return None,
    };
    Some(match normalize {
        true => normalize_and_parse(s),
        false => parse(s),
    })
}

/// `semver(string)` and `semver(string, bool)` (`stringToSemver`,
/// `stringToSemverNormalize`).
fn semver(args: &[Val]) -> Res {
    match parse_args(args) {
        Some(r) => r.map(Val::ext).map_err(|e| Error::text(e.to_string())),
        None => no_overload(),
    }
}

/// `isSemver(string)` and `isSemver(string, bool)` (`isSemver`, `isSemverNormalize`).
fn is_semver(args: &[Val]) -> Res {
    match parse_args(args) {
        Some(r) => Ok(Val::Bool(r.is_ok())),
        None => no_overload(),
    }
}

/// A number of the receiver, as Go's `types.Int(uint64)` converts it (wrapped).
fn field(args: &[Val], f: fn(&Semver) -> u64) -> Res {
    match args {
        [v] => match v.as_ext::<Semver>() {
            Some(s) => Ok(Val::Int(f(s) as i64)),
            None => no_overload(),
        },
        _ => no_overload(),
    }
}

/// `semver.major()` (`semverMajor`).
fn major(args: &[Val]) -> Res {
    field(args, |s| s.major)
}

/// `semver.minor()` (`semverMinor`).
fn minor(args: &[Val]) -> Res {
    field(args, |s| s.minor)
}

/// `semver.patch()` (`semverPatch`).
fn patch(args: &[Val]) -> Res {
    field(args, |s| s.patch)
}

#[cfg(test)]
#[path = "semver/tests.rs"]
mod tests;
