//! Repetitions in Go's syntax: `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}` (each with a lazy `?`),
//! Go's refusal of stacked operators (`a**`) and its limit of 1000 on counted repetitions, also
//! on the product of nested ones.

use super::GoRegexError;
use super::{
    error, Translator, INVALID_REPEAT_OP, INVALID_REPEAT_SIZE, MAX_REPEAT, MISSING_REPEAT_ARG,
};

impl<'a> Translator<'a> {
    /// A repetition operator of `len` bytes at the start of `before`; `counted` for `{n,m}`.
    pub(super) fn repeat(
        &mut self,
        before: &'a str,
        len: usize,
        counted: Option<(u64, Option<u64>)>,
    ) -> Result<(), GoRegexError> {
        let mut after = &before[len..];
        let lazy = after.starts_with('?');
        if lazy {
            after = &after[1..];
        }
        if let Some(last) = self.last_repeat {
            return Err(error(INVALID_REPEAT_OP, &last[..last.len() - after.len()]));
        }
        let op = &before[..before.len() - after.len()];
        let Some(mut atom) = self.frame().last else {
            return Err(error(MISSING_REPEAT_ARG, op));
        };
        if let Some((min, max)) = counted {
            let m = match max {
                Some(m) => m,
                None => min,
            };
            if max != Some(0) {
                atom.need = if m > 0 {
                    m * atom.need.max(1)
                } else {
                    atom.need
                };
            } else {
                atom.need = 0;
            }
            if (min >= 2 || max.is_some_and(|m| m >= 2)) && atom.need > MAX_REPEAT {
                return Err(error(INVALID_REPEAT_SIZE, op));
            }
        }
        if atom.assertion {
            self.out.insert_str(atom.start, "(?:");
            self.out.push(')');
            atom.assertion = false;
        }
        self.out.push_str(op);
        self.frame().last = Some(atom);
        self.rest = after;
        Ok(())
    }
}

/// Go's `parseRepeat`: `{min}`, `{min,}`, `{min,max}` at the start of `s` → (min, max, rest);
/// `None` when `s` does not have that form (the `{` is then a literal). A number too big gives -1.
pub(super) fn parse_repeat(s: &str) -> Option<(i64, Option<i64>, &str)> {
    let s = s.strip_prefix('{')?;
    let (min, s) = parse_int(s)?;
    let (max, s) = match s.strip_prefix(',') {
        None => (Some(min), s),
        Some(s) if s.starts_with('}') => (None, s),
        Some(s) => {
            let (max, s) = parse_int(s)?;
            (Some(max), s)
        }
    };
    let rest = s.strip_prefix('}')?;
    let min = if max == Some(-1) { -1 } else { min };
    Some((min, max, rest))
}

/// Go's `parseInt`: decimal digits without a leading zero; -1 when at least 1e8.
fn parse_int(s: &str) -> Option<(i64, &str)> {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || (digits >= 2 && s.starts_with('0')) {
        return None;
    }
    let mut n: i64 = 0;
    for b in s[..digits].bytes() {
        if n >= 100_000_000 {
            n = -1;
            break;
        }
        n = n * 10 + i64::from(b - b'0');
    }
    Some((n, &s[digits..]))
}
