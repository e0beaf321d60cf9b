//! Runtime errors as the apiserver reports them: the cel crate's errors rendered with cel-go's
//! texts (`no such key: x`, `type conversion error from 'string' to 'int'`, `no such
//! overload`), then wrapped as `validation.go` wraps them.

use kube_cel::cel::ExecutionError;

/// Why a rule gave no value.
#[derive(Debug)]
pub enum RunError {
    /// Its cost went past the per-call limit.
    CallLimit,
    /// The object's runtime budget ran out.
    Budget,
    Eval(ExecutionError),
}

/// The detail of a runtime error of the rule named `rule` (`ruleErrorString`).
pub fn runtime_error(e: &ExecutionError, rule: &str) -> String {
    let text = cel_go_text(e);
    if text.starts_with("no such overload") {
        return format!("'{text}': call arguments did not match a supported operator, function or macro signature for rule: {rule}");
    }
    format!("{text} evaluating rule: {rule}")
}

/// cel-go's text for the error.
pub fn cel_go_text(e: &ExecutionError) -> String {
    match e {
        ExecutionError::NoSuchKey(k) => format!("no such key: {k}"),
        ExecutionError::FunctionError { function, message } => function_text(function, message),
        ExecutionError::DivisionByZero(_) => "division by zero".into(),
        ExecutionError::RemainderByZero(_) => "modulus by zero".into(),
        ExecutionError::Overflow(_, kube_cel::cel::Value::UInt(_), _) => {
            "unsigned integer overflow".into()
        }
        ExecutionError::Overflow(..) => "integer overflow".into(),
        ExecutionError::IndexOutOfBounds(i) => {
            format!("index out of bounds: {}", cel_value_text(i))
        }
        ExecutionError::UndeclaredReference(name) => format!("no such attribute(s): {name}"),
        _ => "no such overload".into(),
    }
}

fn function_text(function: &str, message: &str) -> String {
    match function {
        // Our own functions' errors carry cel-go's text (the conversions, `src/cel/conv.rs`).
        "@conversion" | "@text" => message.to_string(),
        // The cel crate's, when its functions are handed what no overload takes.
        _ if message.contains("overload") || message.contains("expected") => {
            "no such overload".into()
        }
        _ => message.to_string(),
    }
}

fn cel_value_text(v: &kube_cel::cel::Value) -> String {
    match v {
        kube_cel::cel::Value::Int(i) => i.to_string(),
        kube_cel::cel::Value::UInt(i) => i.to_string(),
        other => format!("{other:?}"),
    }
}
