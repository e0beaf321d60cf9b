//! Runtime errors as the apiserver reports them: cel-go's error values ([`Error`], which
//! carry cel-go's texts) wrapped as `validation.go` wraps them.

use super::val::Error;

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
    match e {
        Error::NoSuchOverload => format!("'{e}': call arguments did not match a supported operator, function or macro signature for rule: {rule}"),
        _ => format!("{e} evaluating rule: {rule}"),
    }
}
