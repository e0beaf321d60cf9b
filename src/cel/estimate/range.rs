//! cel-go's `CostEstimate` and `SizeEstimate`: a `[min, max]` range whose arithmetic saturates
//! at `u64::MAX` instead of overflowing.

/// A cost or size range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    pub min: u64,
    pub max: u64,
}

/// `StringTraversalCostFactor`: a tenth of a unit per character.
pub const STRING_TRAVERSAL: f64 = 0.1;
/// `RegexStringLengthCostFactor`.
pub const REGEX_LENGTH: f64 = 0.25;
/// `ListCreateBaseCost`.
pub const LIST_CREATE: u64 = 10;
/// `MapCreateBaseCost`.
pub const MAP_CREATE: u64 = 30;
/// `StructCreateBaseCost`.
pub const STRUCT_CREATE: u64 = 40;

impl Range {
    /// Any size at all.
    pub const UNKNOWN: Range = Range {
        min: 0,
        max: u64::MAX,
    };
    pub const ZERO: Range = Range { min: 0, max: 0 };

    pub const fn fixed(n: u64) -> Range {
        Range { min: n, max: n }
    }

    pub fn add(self, o: Range) -> Range {
        Range {
            min: self.min.saturating_add(o.min),
            max: self.max.saturating_add(o.max),
        }
    }

    pub fn mul(self, o: Range) -> Range {
        Range {
            min: self.min.saturating_mul(o.min),
            max: self.max.saturating_mul(o.max),
        }
    }

    /// Both ends times `f`, rounded up (`MultiplyByCostFactor`).
    pub fn factor(self, f: f64) -> Range {
        Range {
            min: by_factor(self.min, f),
            max: by_factor(self.max, f),
        }
    }

    /// The range covering both.
    pub fn union(self, o: Range) -> Range {
        Range {
            min: self.min.min(o.min),
            max: self.max.max(o.max),
        }
    }
}

fn by_factor(x: u64, f: f64) -> u64 {
    let xf = x as f64;
    if xf > 0.0 && f > 0.0 && xf > u64::MAX as f64 / f {
        return u64::MAX;
    }
    let ceil = (xf * f).ceil();
    if ceil >= 18_446_744_073_709_551_616.0 {
        return u64::MAX;
    }
    ceil as u64
}
