//! The scale subresource's checks on create: the replicas paths must hold an int64 between 0 and
//! 2147483647 when present, the label selector path a string (errors name the path as the CRD
//! writes it, `.spec.replicas`, with apimachinery's `accessor error` messages).

use super::data::Data;
use crate::field::{go_plain_v, go_type_name, BadValue, ErrorType, FieldError};
use crate::schema::Scale;
use serde_json::Value;

/// apimachinery's `accessor error` of the `unstructured.Nested…` helpers: the path to a value
/// of the wrong type, the value as Go's `%v` and `%T` print it, and the type wanted
/// (`.spec.replicas accessor error: x is of the type string, expected int64`).
#[derive(Debug, thiserror::Error)]
#[error("{path} accessor error: {value} is of the type {type_name}, expected {expected}")]
struct AccessorError {
    path: String,
    value: String,
    type_name: &'static str,
    expected: &'static str,
}

impl AccessorError {
    fn new(path: String, v: &Value, expected: &'static str) -> AccessorError {
        AccessorError {
            path,
            value: go_plain_v(v),
            type_name: go_type_name(v),
            expected,
        }
    }
}

/// `unstructured.NestedFieldNoCopy`: the value at `.a.b` (`Ok(None)` when absent).
fn nested<'a, 'b>(obj: &'a Data<'b>, path: &str) -> Result<Option<&'a Data<'b>>, AccessorError> {
    let fields: Vec<&str> = path.strip_prefix('.').unwrap_or(path).split('.').collect();
    let mut val = obj;
    for (i, f) in fields.iter().enumerate() {
        match val {
            Data::Null => return Ok(None),
            Data::Object(m) => match m.get(f) {
                Some(v) => val = v,
                None => return Ok(None),
            },
            other => {
                let at = format!(".{}", fields[..=i].join("."));
                let expected = "map[string]interface{}";
                return Err(AccessorError::new(at, &other.to_value(), expected));
            }
        }
    }
    Ok(Some(val))
}

fn jsonpath(path: &str) -> String {
    format!(".{}", path.strip_prefix('.').unwrap_or(path))
}

/// `unstructured.NestedInt64` at `path`, then the range checks.
fn replicas(obj: &Data<'_>, path: &str, errs: &mut Vec<FieldError>) {
    let invalid = |value: i64, detail: &str| {
        FieldError::new(
            ErrorType::Invalid,
            path,
            BadValue::Json(Value::from(value)),
            detail,
        )
    };
    let n = match nested(obj, path) {
        Err(e) => return errs.push(invalid(0, &e.to_string())),
        Ok(None) => return,
        Ok(Some(v)) => match v.as_i64() {
            Some(n) => n,
            None => {
                let e = AccessorError::new(jsonpath(path), &v.to_value(), "int64");
                return errs.push(invalid(0, &e.to_string()));
            }
        },
    };
    if n < 0 {
        errs.push(invalid(n, "should be a non-negative integer"));
    } else if n > i64::from(i32::MAX) {
        errs.push(invalid(n, "should be less than or equal to 2147483647"));
    }
}

/// The spec and status checks of the scale subresource.
pub(super) fn validate(obj: &Data<'_>, scale: &Scale, errs: &mut Vec<FieldError>) {
    replicas(obj, &scale.spec_replicas_path, errs);
    replicas(obj, &scale.status_replicas_path, errs);
    if let Some(path) = &scale.label_selector_path {
        let err = match nested(obj, path) {
            Err(e) => Some(e),
            Ok(Some(v)) if v.as_str().is_none() => {
                Some(AccessorError::new(jsonpath(path), &v.to_value(), "string"))
            }
            _ => None,
        };
        if let Some(e) = err {
            let v = BadValue::Json(Value::String(String::new()));
            let e = e.to_string();
            errs.push(FieldError::new(ErrorType::Invalid, path.as_str(), v, &e));
        }
    }
}
