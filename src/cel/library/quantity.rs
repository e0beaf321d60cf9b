//! The Kubernetes quantity library (apiserver `pkg/cel/library/quantity.go`) on a port of
//! apimachinery's `resource.Quantity`: `ParseQuantity` with its errors (`quantities must
//! match the regular expression …`, `unable to parse numeric part of quantity`, `unable to
//! parse quantity's suffix`) and its two forms of an amount: the fast `int64Amount` (value ×
//! 10^scale) where the digits fit, else an exact decimal (`inf.Dec`, rounded up to nano units,
//! binary-suffixed amounts capped at 2⁶³-1). `isInteger`/`asInteger` are `AsInt64`, which only
//! the fast form with a scale ≥ 0 passes (`1.0`, `1.5Ki` and `1Ei` are not integers); `add`/`sub`
//! stay fast while they fit, as `Quantity.Add` does; comparisons are exact. `sign(q)` is a
//! global function only.
//!
//! `isGreaterThan`, `isLessThan` and `compareTo` serve quantities and semvers (the semver
//! library's, [`super::semver::compare`]): they are registered here, and the receiver's type
//! picks the library.

use super::Bind::Overloads;
use super::{compare_to, is_greater_than, is_less_than, no_overload, Bindings};
use crate::cel::val::{Error, Ext, Res, Val};
use std::any::Any;
use std::cmp::Ordering;

/// Each overload behind its type guard (`cel.UnaryBinding` and the like).
pub(super) const BINDINGS: Bindings = &[
    (Overloads(&["string_to_quantity"]), quantity),
    (Overloads(&["is_quantity_string"]), is_quantity),
    (Overloads(&["quantity_is_integer"]), is_integer),
    (Overloads(&["quantity_get_int"]), as_integer),
    (Overloads(&["quantity_get_float"]), as_approximate_float),
    (Overloads(&["quantity_sign"]), sign),
    (Overloads(&["quantity_add", "quantity_add_int"]), add),
    (Overloads(&["quantity_sub", "quantity_sub_int"]), sub),
    (
        Overloads(&["quantity_is_greater_than"]),
        is_greater_than::<Quantity>,
    ),
    (
        Overloads(&["quantity_is_less_than"]),
        is_less_than::<Quantity>,
    ),
    (Overloads(&["quantity_compare_to"]), compare_to::<Quantity>),
];

const FORMAT_WRONG: &str =
    "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
const NUMERIC: &str = "unable to parse numeric part of quantity";
const SUFFIX: &str = "unable to parse quantity's suffix";

/// An amount as apimachinery keeps it.
#[derive(Debug, Clone)]
enum Amount {
    /// `int64Amount`: `value × 10^scale`.
    Int { value: i64, scale: i32 },
    /// `inf.Dec`: `±digits × 10^-scale`; `digits` in base 10, most significant first, without
    /// leading zeros (empty for zero).
    Dec {
        neg: bool,
        digits: Vec<u8>,
        scale: i32,
    },
}

/// A `kubernetes.Quantity` (apiserver `cel.Quantity`).
#[derive(Debug, Clone)]
pub struct Quantity {
    amount: Amount,
    /// Whether it is a result of `add` or `sub`, which the library returns as a pointer
    /// (`&cel.Quantity`) where `quantity()` returns a value: `Quantity.Equal` takes only a
    /// value as its argument, so `x == q.add(y)` is `no such overload` in the apiserver
    /// ([`Quantity::cel_equal`]).
    pointer: bool,
}

impl Quantity {
    fn new(amount: Amount) -> Quantity {
        Quantity {
            amount,
            pointer: false,
        }
    }
}

/// The most digits an exact amount may grow to (a suffix's exponent rounded to nano units, or
/// two scales aligned by `add`/`sub`). The apiserver builds the number whatever its size (an
/// exponent may reach 2³¹: minutes of work and a gigabyte for one value); here a value stops
/// at 100,000 digits (a tenth of a millisecond an operation, so a rule over a long list cannot
/// hold a run up). Beyond, a quantity is refused and the smaller operand of `add`/`sub`
/// dropped.
const MAX_DIGITS: usize = 100_000;

fn digits_of(mut n: u128) -> Vec<u8> {
    let mut out = Vec::new();
    while n > 0 {
        out.push((n % 10) as u8);
        n /= 10;
    }
    out.reverse();
    out
}

fn trim(mut d: Vec<u8>) -> Vec<u8> {
    let lead = d.iter().take_while(|&&x| x == 0).count();
    d.drain(..lead);
    d
}

impl Amount {
    /// `(neg, digits, scale)`: the amount as an exact decimal.
    fn dec(&self) -> (bool, Vec<u8>, i32) {
        match self {
            Amount::Int { value, scale } => (
                *value < 0,
                digits_of(u128::from(value.unsigned_abs())),
                scale.saturating_neg(),
            ),
            Amount::Dec { neg, digits, scale } => {
                (*neg && !digits.is_empty(), digits.clone(), *scale)
            }
        }
    }

    /// `AsInt64`: only the fast form, at a scale ≥ 0 and within int64.
    fn as_i64(&self) -> Option<i64> {
        match *self {
            Amount::Int { value, scale: 0 } => Some(value),
            // Zero at any scale (Go multiplies it by ten `scale` times).
            Amount::Int { value: 0, scale } if scale > 0 => Some(0),
            Amount::Int { value, scale } if scale > 0 => {
                let mut v = value;
                for _ in 0..scale {
                    v = v.checked_mul(10)?;
                }
                Some(v)
            }
            _ => None,
        }
    }
}

/// Compares magnitudes `a × 10^pa` and `b × 10^pb` (digits without leading zeros).
fn cmp_mag(a: &[u8], pa: usize, b: &[u8], pb: usize) -> Ordering {
    if a.is_empty() || b.is_empty() {
        return (!a.is_empty()).cmp(&!b.is_empty());
    }
    let (la, lb) = (a.len() + pa, b.len() + pb);
    if la != lb {
        return la.cmp(&lb);
    }
    // Past both digit strings only padding zeros are left.
    for i in 0..a.len().max(b.len()) {
        let x = a.get(i).copied().unwrap_or(0);
        let y = b.get(i).copied().unwrap_or(0);
        if x != y {
            return x.cmp(&y);
        }
    }
    Ordering::Equal
}

/// The zeros a magnitude at scale `si` takes to reach scale `s` (`s ≥ si`; any two `i32`
/// scales, without overflow).
fn pad(s: i32, si: i32) -> usize {
    (i64::from(s) - i64::from(si)) as usize
}

/// Exact comparison (`Quantity.Cmp`).
fn cmp_amounts(a: &Amount, b: &Amount) -> Ordering {
    let (na, da, sa) = a.dec();
    let (nb, db, sb) = b.dec();
    let s = sa.max(sb);
    let mag = cmp_mag(&da, pad(s, sa), &db, pad(s, sb));
    match (na, nb) {
        (false, false) => mag,
        (true, true) => mag.reverse(),
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
    }
}

fn add_mag(a: &[u8], b: &[u8]) -> Vec<u8> {
    let (mut out, mut carry) = (Vec::with_capacity(a.len().max(b.len()) + 1), 0u8);
    let (mut i, mut j) = (a.len(), b.len());
    while i > 0 || j > 0 || carry > 0 {
        let x = if i > 0 {
            i -= 1;
            a[i]
        } else {
            0
        };
        let y = if j > 0 {
            j -= 1;
            b[j]
        } else {
            0
        };
        let t = x + y + carry;
        out.push(t % 10);
        carry = t / 10;
    }
    out.reverse();
    trim(out)
}

/// `a - b` for magnitudes with `a ≥ b`.
fn sub_mag(a: &[u8], b: &[u8]) -> Vec<u8> {
    let (mut out, mut borrow) = (Vec::with_capacity(a.len()), 0i8);
    let mut j = b.len();
    for i in (0..a.len()).rev() {
        let y = if j > 0 {
            j -= 1;
            b[j] as i8
        } else {
            0
        };
        let mut t = a[i] as i8 - y - borrow;
        borrow = i8::from(t < 0);
        if t < 0 {
            t += 10;
        }
        out.push(t as u8);
    }
    out.reverse();
    trim(out)
}

/// `inf.Dec` addition: exact, at the larger scale.
fn dec_add(a: &Amount, b: &Amount, negate_b: bool) -> Amount {
    let (na, mut da, sa) = a.dec();
    let (nb, mut db, sb) = b.dec();
    let nb = nb != negate_b && !db.is_empty();
    let s = sa.max(sb);
    let (pa, pb) = (pad(s, sa), pad(s, sb));
    let too_long = |d: &[u8], p: usize| !d.is_empty() && d.len().saturating_add(p) > MAX_DIGITS;
    if too_long(&da, pa) || too_long(&db, pb) {
        // Past the bound the smaller operand is dropped: the result is the larger one.
        return match cmp_mag(&da, pa, &db, pb) {
            Ordering::Less => Amount::Dec {
                neg: nb,
                digits: db,
                scale: sb,
            },
            _ => a.clone(),
        };
    }
    for (d, p) in [(&mut da, pa), (&mut db, pb)] {
        if !d.is_empty() && p > 0 {
            d.resize(d.len() + p, 0);
        }
    }
    let (neg, digits) = if na == nb {
        (na, add_mag(&da, &db))
    } else {
        match cmp_mag(&da, 0, &db, 0) {
            Ordering::Less => (nb, sub_mag(&db, &da)),
            _ => (na, sub_mag(&da, &db)),
        }
    };
    Amount::Dec {
        neg: neg && !digits.is_empty(),
        digits,
        scale: s,
    }
}

/// `int64Amount.Add`: `None` when it does not fit (the caller goes exact). The scales'
/// difference is Go's `int32` one, wrapping: past `int32`'s range it is negative, and
/// `positiveScaleInt64` scales by nothing (`1e2147483647` plus `1n` is `2n`, as the apiserver
/// answers).
fn int_add(a: (i64, i32), b: (i64, i32)) -> Option<Amount> {
    let ((av, asc), (bv, bsc)) = (a, b);
    if bv == 0 {
        return Some(Amount::Int {
            value: av,
            scale: asc,
        });
    }
    if av == 0 {
        return Some(Amount::Int {
            value: bv,
            scale: bsc,
        });
    }
    let up = |v: i64, by: i32| -> Option<i64> {
        let mut v = v;
        for _ in 0..by {
            v = v.checked_mul(10)?;
        }
        Some(v)
    };
    let (value, scale) = match asc.cmp(&bsc) {
        Ordering::Equal => (av.checked_add(bv)?, asc),
        Ordering::Greater => (up(av, asc.wrapping_sub(bsc))?.checked_add(bv)?, bsc),
        Ordering::Less => (av.checked_add(up(bv, bsc.wrapping_sub(asc))?)?, asc),
    };
    Some(Amount::Int { value, scale })
}

impl Ext for Quantity {
    fn type_name(&self) -> &str {
        "kubernetes.Quantity"
    }

    /// `Quantity.Equal`: the amounts' `Quantity.Cmp` is 0 (`1Ki` equals `1024`). Where the
    /// apiserver errs ([`Quantity::cel_equal`]), false.
    /// `Quantity.Equal`: the amounts' `Quantity.Cmp` is 0 (`1Ki` equals `1024`); `no such
    /// overload` when the right operand is not a quantity held as a value (any other type, or
    /// a result of `add` or `sub`, which the library returns as a pointer).
    fn equal(&self, other: &Val) -> Result<bool, Error> {
        match other.as_ext::<Quantity>() {
            Some(o) if !o.pointer => Ok(cmp_amounts(&self.amount, &o.amount) == Ordering::Equal),
            _ => Err(Error::NoSuchOverload),
        }
    }

    fn as_any(&self) -> &dyn Any {
        self
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
            // `strconv.ParseInt(…, 10, 64)`, then `int32(…)`: wrapped, as Go converts.
            let e: i64 = rest.parse().ok()?;
            (10, e as i32)
        }
    })
}

/// Multiplies a magnitude by `2^exp`.
fn shift_mag(mut d: Vec<u8>, exp: i32) -> Vec<u8> {
    for _ in 0..exp {
        d = add_mag(&d, &d);
    }
    d
}

/// apimachinery's `ParseQuantity`.
pub fn parse(s: &str) -> Result<Quantity, &'static str> {
    if s.is_empty() {
        return Err(FORMAT_WRONG);
    }
    let (positive, num, denom, suf) = split(s)?;
    let (base, exp) = suffix(suf).ok_or(SUFFIX)?;
    let (mut scale, mantissa, precision): (i32, i64, i32) = if base == 10 {
        (exp, 1, 18 - (num.len() + denom.len()) as i32)
    } else if exp >= 0 && denom.is_empty() {
        let p = 15 - num.len() as i32 - (exp as f32 * 3.0 / 10.0) as i32 - 1;
        (0, 1i64 << exp, p)
    } else {
        (0, 1, -1)
    };
    if precision >= 0 {
        scale -= denom.len() as i32;
        if scale >= -9 {
            let value: i64 = format!("{num}{denom}").parse().map_err(|_| NUMERIC)?;
            if let Some(r) = value.checked_mul(mantissa) {
                let value = if positive { r } else { -r };
                return Ok(Quantity::new(Amount::Int { value, scale }));
            }
        }
    }
    // The exact form: the digits at the scale of the fraction, the suffix applied.
    let mut digits = trim(format!("{num}{denom}").bytes().map(|c| c - b'0').collect());
    let mut scale = denom.len() as i32;
    if base == 10 {
        scale = scale.saturating_sub(exp);
    } else {
        digits = shift_mag(digits, exp);
    }
    if !digits.is_empty() {
        // Rounded up (away from zero) to nano units.
        if scale > 9 {
            let cut = (scale - 9) as usize;
            let (keep, rest) = digits.split_at(digits.len().saturating_sub(cut));
            let up = rest.iter().any(|&x| x != 0);
            digits = trim(keep.to_vec());
            if up {
                digits = add_mag(&digits, &[1]);
            }
        } else if scale < 9 {
            let pad = (9 - scale) as usize;
            if digits.len() + pad > MAX_DIGITS {
                return Err(NUMERIC);
            }
            digits.resize(digits.len() + pad, 0);
        }
        scale = 9;
    }
    if base == 2 {
        let max = digits_of(i64::MAX as u128);
        if cmp_mag(&digits, 0, &max, 9) == Ordering::Greater {
            digits = max;
            scale = 0;
        }
    }
    Ok(Quantity::new(Amount::Dec {
        neg: !positive && !digits.is_empty(),
        digits,
        scale,
    }))
}

/// Go's `math.Pow10`: exact powers below 10^32, products (or quotients) of two table values
/// beyond.
fn pow10(n: i32) -> f64 {
    let big = |k: i32| {
        format!("1e{}", 32 * k)
            .parse::<f64>()
            .unwrap_or(f64::INFINITY)
    };
    let small = |k: i32| format!("1e{k}").parse::<f64>().unwrap_or(1.0);
    match n {
        0..=308 => big(n / 32) * small(n % 32),
        -323..=-1 => {
            let m = -n;
            format!("1e-{}", 32 * (m / 32))
                .parse::<f64>()
                .unwrap_or(0.0)
                / small(m % 32)
        }
        n if n > 0 => f64::INFINITY,
        _ => 0.0,
    }
}

/// `AsApproximateFloat64`: the unscaled value as a float times `Pow10` of the exponent.
fn approximate(a: &Amount) -> f64 {
    let (base, exponent) = match a {
        Amount::Int { value, scale } => (*value as f64, *scale),
        Amount::Dec { neg, digits, scale } => {
            let text: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
            let m = if text.is_empty() {
                0.0
            } else {
                text.parse::<f64>().unwrap_or(f64::INFINITY)
            };
            (if *neg { -m } else { m }, scale.saturating_neg())
        }
    };
    if exponent == 0 {
        base
    } else {
        base * pow10(exponent)
    }
}

/// The receiver of a quantity method (its only argument).
fn receiver(args: &[Val]) -> Option<&Amount> {
    match args {
        [v] => v.as_ext::<Quantity>().map(|q| &q.amount),
        _ => None,
    }
}

/// The string argument of `quantity` and `isQuantity`.
fn string_arg(args: &[Val]) -> Option<&str> {
    match args {
        [Val::String(s)] => Some(s),
        _ => None,
    }
}

/// `quantity(string)` (`stringToQuantity`).
fn quantity(args: &[Val]) -> Res {
    match string_arg(args) {
        Some(s) => parse(s).map(Val::ext).map_err(Error::text),
        None => no_overload(),
    }
}

/// `isQuantity(string)` (`isQuantity`).
fn is_quantity(args: &[Val]) -> Res {
    match string_arg(args) {
        Some(s) => Ok(Val::Bool(parse(s).is_ok())),
        None => no_overload(),
    }
}

/// `q.isInteger()` (`quantityCanValue`): whether `AsInt64` succeeds.
fn is_integer(args: &[Val]) -> Res {
    match receiver(args) {
        Some(a) => Ok(Val::Bool(a.as_i64().is_some())),
        None => no_overload(),
    }
}

/// `q.asInteger()` (`quantityGetValue`): `AsInt64`, or `cannot convert value to integer`.
fn as_integer(args: &[Val]) -> Res {
    match receiver(args) {
        Some(a) => match a.as_i64() {
            Some(i) => Ok(Val::Int(i)),
            None => Err(Error::text("cannot convert value to integer")),
        },
        None => no_overload(),
    }
}

/// `q.asApproximateFloat()` (`quantityGetApproximateFloat`).
fn as_approximate_float(args: &[Val]) -> Res {
    match receiver(args) {
        Some(a) => Ok(Val::Double(approximate(a))),
        None => no_overload(),
    }
}

/// `sign(q)` (`quantityGetSign`): -1, 0 or 1.
fn sign(args: &[Val]) -> Res {
    let zero = Amount::Int { value: 0, scale: 0 };
    match receiver(args) {
        Some(a) => Ok(Val::Int(cmp_amounts(a, &zero) as i64)),
        None => no_overload(),
    }
}

/// `Quantity.Add`/`Sub` on a copy of the receiver; an int is `NewQuantity(i,
/// DecimalExponent)`. As `int64Amount.Sub` does, the fast form subtracts by adding the
/// negated value (Go's negation wraps: `-(-2⁶³)` is `-2⁶³`).
fn combine(args: &[Val], sub: bool) -> Res {
    let [q, other] = args else {
        return no_overload();
    };
    let Some(Quantity { amount: q, .. }) = q.as_ext::<Quantity>() else {
        return no_overload();
    };
    let other = match other {
        Val::Int(i) => Amount::Int {
            value: *i,
            scale: 0,
        },
        v => match v.as_ext::<Quantity>() {
            Some(o) => o.amount.clone(),
            None => return no_overload(),
        },
    };
    let fast = match (q, &other) {
        (
            Amount::Int { value, scale },
            Amount::Int {
                value: ov,
                scale: os,
            },
        ) => {
            let ov = if sub { ov.wrapping_neg() } else { *ov };
            int_add((*value, *scale), (ov, *os))
        }
        _ => None,
    };
    let out = fast.unwrap_or_else(|| dec_add(q, &other, sub));
    Ok(Val::ext(Quantity {
        amount: out,
        pointer: true,
    }))
}

/// `q.add(q2)` and `q.add(int)` (`quantityAdd`, `quantityAddInt`).
fn add(args: &[Val]) -> Res {
    combine(args, false)
}

/// `q.sub(q2)` and `q.sub(int)` (`quantitySub`, `quantitySubInt`).
fn sub(args: &[Val]) -> Res {
    combine(args, true)
}

impl super::Ordered for Quantity {
    fn order(&self, other: &Quantity) -> Ordering {
        cmp_amounts(&self.amount, &other.amount)
    }
}

#[cfg(test)]
#[path = "quantity/tests.rs"]
mod tests;
