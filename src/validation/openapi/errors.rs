//! kube-openapi's validation errors, and the apiserver's translation of them into field errors
//! (`kubeOpenAPIResultToFieldErrors`): `Required value`, `Unsupported value` for enums,
//! `Too long`, `Too many`, `Invalid value` with kube-openapi's message as detail, and `<nil>`
//! errors (`Invalid value: ""`) for the messages that carry no field (junctors, number ranges).

use crate::field::{go_json, BadValue, ErrorType, FieldError};
use crate::go::strconv::quote;
use serde_json::Value;
use std::fmt;

/// A kube-openapi path: `spec.a`, `spec.l[0]`, `spec.m.key`; additional properties and required
/// fields are joined with a dot even at the root (`.key`).
#[derive(Clone, Copy, Debug)]
pub(crate) enum OPath<'a> {
    Root,
    Prop(&'a OPath<'a>, &'a str),
    Extra(&'a OPath<'a>, &'a str),
    Index(&'a OPath<'a>, usize),
}

impl fmt::Display for OPath<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OPath::Root => Ok(()),
            OPath::Prop(OPath::Root, name) => f.write_str(name),
            OPath::Prop(p, name) | OPath::Extra(p, name) => write!(f, "{p}.{name}"),
            OPath::Index(p, i) => write!(f, "{p}[{i}]"),
        }
    }
}

/// One kube-openapi error, with what the apiserver's translation reads from it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum OErr {
    /// A message without a field (`errors.New`, `fmt.Errorf`).
    Plain(String),
    Required {
        name: String,
    },
    Enum {
        name: String,
        value: Value,
        allowed: Vec<Value>,
    },
    TooLong {
        name: String,
        max: i64,
    },
    TooMany {
        name: String,
        actual: i64,
        max: i64,
    },
    /// `InvalidTypeCode`: a type or format mismatch.
    TypeInvalid {
        name: String,
        value: String,
        message: String,
    },
    /// Any other code (pattern, lengths, ranges, counts, ...).
    Invalid {
        name: String,
        value: Value,
        message: String,
    },
}

/// The field of an error name: one leading dot trimmed; none (`<nil>`) for `""` and `"."`.
fn field_of(name: &str) -> String {
    match name {
        "" | "." => String::new(),
        n => n.strip_prefix('.').unwrap_or(n).to_string(),
    }
}

fn plural(n: i64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl OErr {
    /// The apiserver's field error for it.
    pub fn to_field_error(&self) -> FieldError {
        match self {
            OErr::Plain(message) => FieldError::new(
                ErrorType::Invalid,
                "",
                BadValue::Json(Value::String(String::new())),
                message,
            ),
            OErr::Required { name } => {
                FieldError::new(ErrorType::Required, field_of(name), BadValue::Omit, "")
            }
            OErr::Enum {
                name,
                value,
                allowed,
            } => {
                let quoted: Vec<String> = allowed
                    .iter()
                    .map(|v| match v {
                        Value::String(s) => quote(s),
                        other => quote(&go_json(other)),
                    })
                    .collect();
                let detail = match quoted.is_empty() {
                    true => String::new(),
                    false => format!("supported values: {}", quoted.join(", ")),
                };
                let value = BadValue::Json(value.clone());
                FieldError::new(ErrorType::NotSupported, field_of(name), value, &detail)
            }
            OErr::TooLong { name, max } => {
                let detail = match *max >= 0 {
                    true => format!("may not be more than {}", plural(*max, "byte", "bytes")),
                    false => "value is too long".to_string(),
                };
                FieldError::new(ErrorType::TooLong, field_of(name), BadValue::Omit, &detail)
            }
            OErr::TooMany { name, actual, max } => {
                let detail = match *max >= 0 {
                    true if crate::versions::current().reworded_causes => {
                        format!("must have at most {}", plural(*max, "item", "items"))
                    }
                    true => format!("must have at most {max} items"),
                    false => "has too many items".to_string(),
                };
                let value = match *actual >= 0 {
                    true => BadValue::Json(Value::from(*actual)),
                    false => BadValue::Omit,
                };
                FieldError::new(ErrorType::TooMany, field_of(name), value, &detail)
            }
            OErr::TypeInvalid {
                name,
                value,
                message,
            } => FieldError::new(
                ErrorType::TypeInvalid,
                field_of(name),
                BadValue::Json(Value::String(value.clone())),
                message,
            ),
            OErr::Invalid {
                name,
                value,
                message,
            } => FieldError::new(
                ErrorType::Invalid,
                field_of(name),
                BadValue::Json(value.clone()),
                message,
            ),
        }
    }
}
