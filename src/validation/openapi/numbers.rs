//! kube-openapi's number validator: the value must fit the schema's integer or float format
//! (`Checked value must be of type integer with format int32 in spec.x`), then multipleOf,
//! maximum and minimum, compared as int64 when the value and the bound allow it, else as float64.

use super::errors::{OErr, OPath};
use super::scalars::is_json_integer;
use super::Res;
use crate::field::go_float;
use crate::validation::compile::{Checks, TyRef};
use crate::validation::data::Num;
use serde_json::Value;

/// The number validator (its match count is always 1).
pub(super) fn validate(ty: TyRef<'_>, c: Option<&Checks>, val: Num, path: &OPath<'_>) -> Res {
    let mut r = Res {
        errs: Vec::new(),
        mc: 1,
    };
    let (type_name, format) = numeric_type(ty, c.map_or("", |c| &c.format));
    let range = |v: Num, prefix: &str| range_error(v, type_name, format, prefix, path);
    r.errs.extend(range(val, "Checked"));
    let Some(c) = c.and_then(Checks::rare) else {
        return r;
    };
    let mut bound = |b: Option<f64>, prefix: &str, check: &dyn Fn(Num, f64) -> Option<OErr>| {
        let Some(b) = b else { return };
        match range(Num::Float(b), prefix) {
            // The bound does not fit the type: compared as float64.
            Some(e) => {
                r.errs.push(e);
                r.errs.extend(check(Num::Float(val.as_f64()), b));
            }
            None => r.errs.extend(check(val, b)),
        }
    };
    bound(c.multiple_of, "MultipleOf", &|v, f| multiple_of(v, f, path));
    bound(c.maximum, "Maximum boundary", &|v, m| {
        maximum(v, m, c.exclusive_maximum, path)
    });
    bound(c.minimum, "Minimum boundary", &|v, m| {
        minimum(v, m, c.exclusive_minimum, path)
    });
    r
}

/// The type and format the range check uses: only for exactly one numeric type, and only the
/// formats of that type.
/// (Before 1.36 the validator was given neither: [`crate::versions::Change::NumericRanges`].)
fn numeric_type(ty: TyRef<'_>, format: &str) -> (&'static str, &'static str) {
    if !crate::versions::current().numeric_ranges {
        return ("", "");
    }
    match (ty.single(), format) {
        (Some("integer"), "int32") => ("integer", "int32"),
        (Some("integer"), "int64") => ("integer", "int64"),
        (Some("integer"), _) => ("integer", ""),
        (Some("number"), "float") => ("number", "float"),
        (Some("number"), "double") => ("number", "double"),
        (Some("number"), _) => ("number", ""),
        _ => ("", ""),
    }
}

/// `IsValueValidAgainstRange`: the value's decimal text must parse as the type's format.
fn range_error(
    v: Num,
    type_name: &str,
    format: &str,
    prefix: &str,
    path: &OPath<'_>,
) -> Option<OErr> {
    let fits = match v {
        // An int64's text parses as an int64, and as a float32 within its range; as an int32
        // when it is one.
        Num::Int(i) => type_name != "integer" || format != "int32" || i32::try_from(i).is_ok(),
        Num::Float(f) => {
            let text = format!("{f}");
            match (type_name, format) {
                ("integer", "int32") => text.parse::<i32>().is_ok(),
                ("integer", _) => text.parse::<i64>().is_ok(),
                (_, "float") => text
                    .parse::<f64>()
                    .is_ok_and(|f| !(f as f32).is_infinite() || f.is_infinite()),
                _ => true,
            }
        }
    };
    if fits {
        return None;
    }
    Some(OErr::Plain(match format {
        "" => format!("{prefix} value must be of type {type_name} (default format) in {path}"),
        f => format!("{prefix} value must be of type {type_name} with format {f} in {path}"),
    }))
}

fn invalid(path: &OPath<'_>, value: Value, message: String) -> OErr {
    OErr::Invalid {
        name: path.to_string(),
        value,
        message,
    }
}

/// A bound as Go prints it: as an int64 when compared as one, else with `%v` of a float64.
fn bound_text(v: Num, b: f64) -> String {
    match v {
        Num::Int(_) => (b as i64).to_string(),
        Num::Float(_) => go_float(b),
    }
}

fn multiple_of(v: Num, factor: f64, path: &OPath<'_>) -> Option<OErr> {
    let (positive, multiple) = match v {
        Num::Int(i) => {
            let f = factor as i64;
            (f > 0, f > 0 && i.wrapping_div(f).wrapping_mul(f) == i)
        }
        Num::Float(x) => {
            let mult = if factor < 1.0 {
                1.0 / factor * x
            } else {
                x / factor
            };
            (factor > 0.0, factor > 0.0 && is_json_integer(mult))
        }
    };
    let text = bound_text(v, factor);
    if !positive {
        let value = match v {
            Num::Int(_) => Value::from(factor as i64),
            Num::Float(_) => Num::Float(factor).to_value(),
        };
        let message = format!("factor MultipleOf declared for {path} must be positive: {text}");
        return Some(invalid(path, value, message));
    }
    (!multiple).then(|| {
        let message = format!("{path} in body should be a multiple of {text}");
        invalid(path, v.to_value(), message)
    })
}

fn maximum(v: Num, max: f64, exclusive: bool, path: &OPath<'_>) -> Option<OErr> {
    let over = match v {
        Num::Int(i) => i > max as i64 || (exclusive && i == max as i64),
        Num::Float(x) => x > max || (exclusive && x == max),
    };
    let text = bound_text(v, max);
    over.then(|| {
        let message = match exclusive {
            true => format!("{path} in body should be less than {text}"),
            false => format!("{path} in body should be less than or equal to {text}"),
        };
        invalid(path, v.to_value(), message)
    })
}

fn minimum(v: Num, min: f64, exclusive: bool, path: &OPath<'_>) -> Option<OErr> {
    let under = match v {
        Num::Int(i) => i < min as i64 || (exclusive && i == min as i64),
        Num::Float(x) => x < min || (exclusive && x == min),
    };
    let text = bound_text(v, min);
    under.then(|| {
        let message = match exclusive {
            true => format!("{path} in body should be greater than {text}"),
            false => format!("{path} in body should be greater than or equal to {text}"),
        };
        invalid(path, v.to_value(), message)
    })
}
