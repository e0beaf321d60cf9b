//! kube-openapi's type, string, format and enum validators, with Go's view of a decoded JSON
//! value: integers that fit int64 are `int64` (format `int64`), other numbers `float64`.

use super::errors::{OErr, OPath};
use super::Res;
use crate::go::strconv::quote;
use crate::go::strfmt::Format;
use crate::validation::compile::{Checks, TyRef};
use crate::validation::data::{Data, Num};
use serde_json::Value;

/// The type validator on a null: fails unless the type is empty, or nullable.
pub(super) fn type_of_null(ty: TyRef<'_>, nullable: bool, path: &OPath<'_>) -> Res {
    if ty.joined().is_empty() || ty.contains("null") || nullable {
        return Res {
            errs: Vec::new(),
            mc: 1,
        };
    }
    let message = format!("{path} in body must be of type {}: \"null\"", ty.joined());
    Res {
        errs: vec![type_invalid(path, "null", message)],
        mc: 0,
    }
}

fn type_invalid(path: &OPath<'_>, value: &str, message: String) -> OErr {
    OErr::TypeInvalid {
        name: path.to_string(),
        value: value.to_string(),
        message,
    }
}

/// The JSON type and format kube-openapi infers for a (non-null) value.
fn schema_info(data: &Data<'_>) -> (&'static str, &'static str) {
    match data {
        Data::Bool(_) => ("boolean", ""),
        Data::Str(_) => ("string", ""),
        Data::Int(_) => ("integer", "int64"),
        Data::Float(_) => ("number", "float64"),
        Data::Array(_) => ("array", ""),
        Data::Object(_) | Data::Null => ("object", ""),
    }
}

/// The type validator (it applies when the node has a type or a format): its error, if any
/// (a pass counts one match).
pub(super) fn types(
    ty: TyRef<'_>,
    format_of_node: &str,
    data: &Data<'_>,
    path: &OPath<'_>,
) -> Option<OErr> {
    let (sch, format) = schema_info(data);
    // An integral float fits an integer type, an integer a number type.
    let fits = ty.contains(sch)
        || match data {
            Data::Float(f) => ty.contains("integer") && is_json_integer(*f),
            Data::Int(_) => ty.contains("number"),
            _ => false,
        };
    let fail = |type_name: &str, value: &str| {
        Some(type_invalid(
            path,
            value,
            format!(
                "{path} in body must be of type {type_name}: {}",
                quote(value)
            ),
        ))
    };
    // Without a format (most nodes), only the type is checked.
    if format_of_node.is_empty() {
        return if fits { None } else { fail(ty.joined(), sch) };
    }
    let text_or_list = matches!(data, Data::Str(_) | Data::Array(_));
    if !(text_or_list || fits || format == format_of_node) {
        return fail(format_of_node, format);
    }
    let numeric = ty.contains("number") || ty.contains("integer");
    if !numeric && text_or_list {
        return None;
    }
    if !fits {
        return fail(ty.joined(), sch);
    }
    None
}

/// swag's `IsFloat64AJSONInteger`: integral within ±(2^53-1), or within 1e-9 relative error of
/// an integer for positive values (Go's float-to-uint64 conversion makes negative ones miss).
pub(crate) fn is_json_integer(f: f64) -> bool {
    const MAX: f64 = 9_007_199_254_740_991.0;
    if !f.is_finite() || !(-MAX..=MAX).contains(&f) {
        return false;
    }
    let as_u64 = |x: f64| {
        if x >= 0.0 {
            x as u64
        } else {
            (x as i64) as u64
        }
    };
    let g = as_u64(f) as f64;
    let diff = (f - g).abs();
    if f == g || f == (f as i64) as f64 {
        return true;
    }
    if f == 0.0 || g == 0.0 || diff < f64::from_bits(1) {
        return false;
    }
    diff / (f.abs() + g.abs()).min(f64::MAX) < 1e-9
}

/// The string validator: the first failing of maxLength, minLength, pattern.
pub(super) fn string(c: &Checks, s: &str, path: &OPath<'_>) -> Option<OErr> {
    let len = || s.chars().count() as i64;
    if let Some(max) = c.max_length.filter(|m| len() > *m) {
        return Some(OErr::TooLong {
            name: path.to_string(),
            max,
        });
    }
    let invalid = |message: String| OErr::Invalid {
        name: path.to_string(),
        value: Value::String(s.to_string()),
        message,
    };
    if let Some(min) = c.min_length.filter(|m| len() < *m) {
        return Some(invalid(format!(
            "{path} in body should be at least {min} chars long"
        )));
    }
    let p = c.pattern.as_deref()?;
    match p.regex() {
        Ok(re) if re.is_match(s) => None,
        Ok(_) => Some(invalid(format!("{path} in body should match '{}'", p.text))),
        Err(e) => Some(invalid(format!(
            "{path} in body should match '{}, but pattern is invalid: {e}'",
            p.text
        ))),
    }
}

/// The format validator (for a format the registry checks).
pub(super) fn format(f: Format, name: &str, s: &str, path: &OPath<'_>) -> Option<OErr> {
    (!f.validates(s)).then(|| {
        type_invalid(
            path,
            s,
            format!("{path} in body must be of type {name}: {}", quote(s)),
        )
    })
}

/// The enum validator: the value, converted to each allowed value's Go type where Go can
/// convert it, must equal one of them; a null never does.
pub(super) fn enumeration(c: &Checks, data: &Data<'_>, path: &OPath<'_>) -> Option<OErr> {
    let allowed = &c.enum_;
    if allowed.is_empty() || allowed.iter().any(|e| enum_match(data, e)) {
        return None;
    }
    Some(OErr::Enum {
        name: path.to_string(),
        value: data.to_value(),
        allowed: allowed.to_vec(),
    })
}

/// `reflect.ValueOf(data).Convert(typeof(e))` equals `e`, where the conversion exists: numbers
/// convert between int64 and float64 (truncating), an int64 converts to the string of that code
/// point; anything else only compares with its own type.
fn enum_match(data: &Data<'_>, e: &Value) -> bool {
    match (data, e) {
        (Data::Null, _) | (_, Value::Null) => false,
        (Data::Int(a), Value::Number(x)) => match Num::of(x) {
            Num::Int(b) => *a == b,
            Num::Float(b) => *a as f64 == b,
        },
        (Data::Float(a), Value::Number(x)) => match Num::of(x) {
            Num::Int(b) => *a as i64 == b,
            Num::Float(b) => *a == b,
        },
        (Data::Int(i), Value::String(x)) => go_rune_string(*i) == *x,
        _ => equals_value(data, e),
    }
}

/// Go's `string(rune(i))`: the code point, or U+FFFD when it is none.
fn go_rune_string(i: i64) -> String {
    u32::try_from(i)
        .ok()
        .and_then(char::from_u32)
        .unwrap_or('\u{fffd}')
        .to_string()
}

/// `reflect.DeepEqual` of a decoded value and a schema's JSON value (an int64 never equals a
/// float64).
fn equals_value(a: &Data<'_>, b: &Value) -> bool {
    match (a, b) {
        (Data::Null, Value::Null) => true,
        (Data::Bool(x), Value::Bool(y)) => x == y,
        (Data::Int(_) | Data::Float(_), Value::Number(y)) => a.num() == Some(Num::of(y)),
        (Data::Str(x), Value::String(y)) => x == y,
        (Data::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| equals_value(p, q))
        }
        (Data::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| equals_value(v, w)))
        }
        _ => false,
    }
}

/// `reflect.DeepEqual` of two decoded values (an int64 never equals a float64).
pub(crate) fn go_deep_equal(a: &Data<'_>, b: &Data<'_>) -> bool {
    match (a, b) {
        (Data::Null, Data::Null) => true,
        (Data::Bool(x), Data::Bool(y)) => x == y,
        (Data::Int(x), Data::Int(y)) => x == y,
        (Data::Float(x), Data::Float(y)) => x == y,
        (Data::Str(x), Data::Str(y)) => x == y,
        (Data::Array(x), Data::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| go_deep_equal(p, q))
        }
        (Data::Object(x), Data::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| go_deep_equal(v, w)))
        }
        _ => false,
    }
}
