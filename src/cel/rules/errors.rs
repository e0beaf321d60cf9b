//! Runtime errors as the apiserver reports them: cel-go's error values ([`Error`], which
//! carry cel-go's texts) wrapped as `validation.go` wraps them.

use crate::cel::val::Error;

/// Why a rule gave no value.
#[derive(Debug)]
pub enum RunError {
    /// Its cost went past the per-call limit.
    CallLimit,
    /// The object's runtime budget ran out.
    Budget,
    Eval(Error),
}

/// The detail of a runtime error of the rule named `rule` (`ruleErrorString`).
pub fn runtime_error(e: &Error, rule: &str) -> String {
    // `validation.go`: any error whose text starts so (cel-go words it several ways).
    match e.to_string().starts_with("no such overload") {
        true => format!("'{e}': call arguments did not match a supported operator, function or macro signature for rule: {rule}"),
        false => format!("{e} evaluating rule: {rule}"),
    }
}
