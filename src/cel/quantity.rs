//! The Kubernetes quantity library (`k8s.io/apiserver/pkg/cel/library/quantity.go`) on a port
//! of apimachinery's `resource.ParseQuantity`: its errors (`quantities must match the regular
//! expression …`, `unable to parse numeric part of quantity`, `unable to parse quantity's
//! suffix`), values rounded up to nano units and capped at 2⁶³-1, and the library's
//! `cannot convert value to integer`. 1.36 has no `sign()` (the checker refuses it).

use kube_cel::cel::extractors::This;
use kube_cel::cel::objects::Opaque;
use kube_cel::cel::{Context, ExecutionError, ResolveResult, Value};
use std::cmp::Ordering;
use std::sync::Arc;

const FORMAT_WRONG: &str =
    "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
const NUMERIC: &str = "unable to parse numeric part of quantity";
const SUFFIX: &str = "unable to parse quantity's suffix";

/// The largest quantity, in nano units.
const MAX_NANOS: i128 = (i64::MAX as i128) * 1_000_000_000;

/// A `kubernetes.Quantity`: `value × 10^scale` (as apimachinery keeps a parsed amount, which
/// `asApproximateFloat` reads), always a whole number of nano units.
#[derive(Debug, Clone)]
pub struct Quantity {
    value: i128,
    scale: i32,
}

impl Quantity {
    /// The amount in nano units.
    fn nanos(&self) -> i128 {
        self.value * 10i128.pow((self.scale + 9) as u32)
    }

    fn as_i64(&self) -> Option<i64> {
        let n = self.nanos();
        if n % 1_000_000_000 != 0 {
            return None;
        }
        i64::try_from(n / 1_000_000_000).ok()
    }

    fn from_nanos(n: i128) -> Quantity {
        Quantity {
            value: n,
            scale: -9,
        }
    }
}

impl PartialEq for Quantity {
    fn eq(&self, other: &Self) -> bool {
        self.nanos() == other.nanos()
    }
}

impl Eq for Quantity {}

impl Opaque for Quantity {
    fn runtime_type_name(&self) -> &str {
        "kubernetes.Quantity"
    }
}

/// apimachinery's `parseQuantityString`: sign, integer digits (leading zeros dropped),
/// fraction digits, suffix.
fn split(s: &str) -> Result<(bool, &str, &str, &str), &'static str> {
    let b = s.as_bytes();
    let mut pos = 0;
    let mut positive = true;
    match b.first() {
        Some(b'-') => {
            positive = false;
            pos = 1;
        }
        Some(b'+') => pos = 1,
        _ => {}
    }
    while pos < b.len() && b[pos] == b'0' {
        pos += 1;
    }
    if pos >= b.len() {
        return Ok((positive, "0", "", ""));
    }
    let start = pos;
    while pos < b.len() && b[pos].is_ascii_digit() {
        pos += 1;
    }
    let num = if pos == start { "0" } else { &s[start..pos] };
    let mut denom = "";
    if pos < b.len() && b[pos] == b'.' {
        pos += 1;
        let d = pos;
        while pos < b.len() && b[pos].is_ascii_digit() {
            pos += 1;
        }
        denom = &s[d..pos];
    }
    let suffix_start = pos;
    while pos < b.len() && b"eEinumkKMGTP".contains(&b[pos]) {
        pos += 1;
    }
    if pos < b.len() && (b[pos] == b'-' || b[pos] == b'+') {
        pos += 1;
    }
    while pos < b.len() && b[pos].is_ascii_digit() {
        pos += 1;
    }
    if pos < b.len() {
        return Err(FORMAT_WRONG);
    }
    Ok((positive, num, denom, &s[suffix_start..]))
}

/// A suffix's base (10 or 2) and exponent.
fn suffix(s: &str) -> Option<(u32, i32)> {
    Some(match s {
        "" => (10, 0),
        "n" => (10, -9),
        "u" => (10, -6),
        "m" => (10, -3),
        "k" => (10, 3),
        "M" => (10, 6),
        "G" => (10, 9),
        "T" => (10, 12),
        "P" => (10, 15),
        "E" => (10, 18),
        "Ki" => (2, 10),
        "Mi" => (2, 20),
        "Gi" => (2, 30),
        "Ti" => (2, 40),
        "Pi" => (2, 50),
        "Ei" => (2, 60),
        _ => {
            let rest = s.strip_prefix(['e', 'E'])?;
            let e: i64 = rest.parse().ok()?;
            (10, i32::try_from(e).ok()?)
        }
    })
}

/// apimachinery's `ParseQuantity`.
pub fn parse(s: &str) -> Result<Quantity, &'static str> {
    if s.is_empty() {
        return Err(FORMAT_WRONG);
    }
    let (positive, num, denom, suf) = split(s)?;
    let (base, exp) = suffix(suf).ok_or(SUFFIX)?;
    let digits = format!("{num}{denom}");
    let digits = digits.trim_start_matches('0');
    let sign = if positive { 1 } else { -1 };
    if digits.is_empty() {
        return Ok(Quantity { value: 0, scale: 0 });
    }
    let nanos = if base == 10 {
        // value = digits × 10^e
        let e = i64::from(exp) - denom.len() as i64;
        if digits.len() as i64 + e > 19 {
            MAX_NANOS
        } else if e >= -9 {
            let v: i128 = digits.parse().map_err(|_| NUMERIC)?;
            if v <= i128::from(i64::MAX) {
                // apimachinery's exact amount: `asApproximateFloat` reads it.
                let q = Quantity {
                    value: sign * v,
                    scale: e as i32,
                };
                return Ok(if q.nanos().abs() > MAX_NANOS {
                    Quantity::from_nanos(sign * MAX_NANOS)
                } else {
                    q
                });
            }
            v * 10i128.pow((e + 9) as u32)
        } else {
            // Rounded up to a nano unit.
            let k = (-9 - e) as usize;
            if k >= digits.len() {
                1
            } else {
                let (int, rest) = digits.split_at(digits.len() - k);
                let v: i128 = int.parse().map_err(|_| NUMERIC)?;
                v + i128::from(rest.bytes().any(|c| c != b'0'))
            }
        }
    } else {
        // value = digits × 2^exp / 10^len(denom)
        let v: i128 = match digits.parse() {
            Ok(v) if digits.len() <= 20 => v,
            _ => MAX_NANOS,
        };
        let scaled = v.saturating_mul(1i128 << exp).saturating_mul(1_000_000_000);
        let d = 10i128.checked_pow(denom.len() as u32).unwrap_or(i128::MAX);
        let n = scaled / d + i128::from(scaled % d != 0);
        if denom.is_empty() && v <= i128::from(i64::MAX) {
            let q = Quantity {
                value: sign * (v << exp),
                scale: 0,
            };
            if q.nanos().abs() <= MAX_NANOS {
                return Ok(q);
            }
        }
        n
    };
    Ok(Quantity::from_nanos(sign * nanos.min(MAX_NANOS)))
}

fn as_quantity(v: &Value) -> Option<&Quantity> {
    match v {
        Value::Opaque(o) => o.downcast_ref::<Quantity>(),
        _ => None,
    }
}

fn this(v: &Value) -> Result<&Quantity, ExecutionError> {
    as_quantity(v).ok_or(ExecutionError::NoSuchOverload)
}

/// `a.compareTo(b)` for quantities (`None` when either is not one).
pub fn compare(a: &Value, b: &Value) -> Option<Ordering> {
    Some(as_quantity(a)?.nanos().cmp(&as_quantity(b)?.nanos()))
}

fn combine(a: Value, b: Value, sub: bool) -> ResolveResult {
    let q = this(&a)?;
    let other = match &b {
        Value::Int(i) => i128::from(*i) * 1_000_000_000,
        v => this(v)?.nanos(),
    };
    let n = if sub {
        q.nanos() - other
    } else {
        q.nanos() + other
    };
    Ok(Value::Opaque(Arc::new(Quantity::from_nanos(n))))
}

/// Registers the library over kube-cel's.
pub fn register(ctx: &mut Context<'_>) {
    ctx.add_function("quantity", |s: Arc<String>| -> ResolveResult {
        let q = parse(&s).map_err(|e| ExecutionError::function_error("@text", e))?;
        Ok(Value::Opaque(Arc::new(q)))
    });
    ctx.add_function("isQuantity", |s: Arc<String>| parse(&s).is_ok());
    ctx.add_function("isInteger", |This(v): This<Value>| -> ResolveResult {
        Ok(Value::Bool(this(&v)?.as_i64().is_some()))
    });
    ctx.add_function("asInteger", |This(v): This<Value>| -> ResolveResult {
        match this(&v)?.as_i64() {
            Some(i) => Ok(Value::Int(i)),
            None => Err(ExecutionError::function_error(
                "@text",
                "cannot convert value to integer",
            )),
        }
    });
    ctx.add_function(
        "asApproximateFloat",
        |This(v): This<Value>| -> ResolveResult {
            let q = this(&v)?;
            let base = q.value as f64;
            Ok(Value::Float(match q.scale {
                0 => base,
                s => base * 10f64.powf(f64::from(s)),
            }))
        },
    );
    ctx.add_function("add", |This(a): This<Value>, b: Value| combine(a, b, false));
    ctx.add_function("sub", |This(a): This<Value>, b: Value| combine(a, b, true));
}
