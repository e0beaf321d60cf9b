//! The harness the ported expression tables share (`interpreter.rs`, `ext_types.rs`): what
//! a row expects in cel-go, what a rule gives here, and whether they agree.

use super::expressions::answer;
use crate::test_support::json_of;
use serde_json::json;

/// What a row gives in cel-go, in the apiserver's environment.
#[derive(Clone, Copy, Debug)]
pub enum Want {
    /// The expression is true.
    Holds,
    /// The expression is false.
    False,
    /// The expression equals this CEL literal.
    Is(&'static str),
    /// A run-time error containing this text.
    Error(&'static str),
    /// The apiserver refuses the rule at compile time with a message containing this text.
    Refused(&'static str),
}
use Want::*;

/// What a rule gives here.
#[derive(Debug)]
pub enum Got {
    Holds,
    Fails,
    Error(String),
    Refused(String),
}

/// The rule a row runs: the expression, negated for an expected `false`, compared with an
/// expected value.
pub fn rule(expr: &str, want: Want) -> String {
    match want {
        False => format!("!({expr})"),
        Is(v) => format!("({expr}) == {v}"),
        Holds | Error(_) | Refused(_) => expr.to_string(),
    }
}

/// What `rule` gives on a `spec` with `props` holding `spec` (the rule's message is given,
/// as a rule of more than one line needs one).
pub fn run(props: &str, spec: &str, rule: &str) -> Got {
    const MESSAGE: &str = "row failed";
    let schema = json!({"type": "object", "properties": json_of(props),
        "x-kubernetes-validations": [{"rule": rule, "message": MESSAGE}]});
    let (refused, texts, _) = answer(schema, json_of(spec), false);
    if refused {
        return Got::Refused(texts.join("\n"));
    }
    match texts.as_slice() {
        [] => Got::Holds,
        // A run-time error names the rule by its message too (`… evaluating rule: <message>`,
        // `… signature for rule: <message>`).
        [t] if t.ends_with(&format!(": {MESSAGE}"))
            && !t.ends_with(&format!("rule: {MESSAGE}")) =>
        {
            Got::Fails
        }
        _ => Got::Error(texts.join("\n")),
    }
}

/// Whether `got` is cel-go's answer `want` (a row's rule holds when cel-go's answer is a
/// value).
pub fn agrees(want: Want, got: &Got) -> bool {
    match (want, got) {
        (Holds | False | Is(_), Got::Holds) => true,
        (Error(w), Got::Error(t)) => t.contains(w),
        (Refused(w), Got::Refused(t)) => t.contains(w),
        _ => false,
    }
}
