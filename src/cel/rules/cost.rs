//! The apiserver's runtime cost limits: each rule (or message expression) evaluates within the
//! per-call limit, counted as cel-go counts it ([`crate::cel::interp`]); what it cost is taken from
//! the object's runtime budget, which stops validation when a rule costs more than is left.

use crate::cel::errors::RunError;
use crate::cel::interp::{Program, Stop};
use crate::cel::val::Val;

/// `celconfig.PerCallLimit`.
pub const PER_CALL_LIMIT: u64 = 1_000_000;
/// `celconfig.RuntimeCELCostBudget`: per object.
pub const RUNTIME_BUDGET: u64 = 10_000_000;

/// What is left of an object's runtime budget.
pub struct Budget {
    left: u64,
    per_call: u64,
}

impl Budget {
    pub fn new() -> Self {
        Budget::with_limits(RUNTIME_BUDGET, PER_CALL_LIMIT)
    }

    pub fn with_limits(total: u64, per_call: u64) -> Self {
        Budget {
            left: total,
            per_call,
        }
    }

    pub fn exhausted(&self) -> bool {
        self.left == 0
    }

    /// Evaluates `p` with `vars` bound and charges its cost. As the apiserver
    /// does, the cost reached is checked against what is left of the budget first, then the
    /// per-call limit.
    pub fn run(&mut self, p: &Program, vars: &[(&'static str, Val)]) -> Result<Val, RunError> {
        let (out, cost) = p.run(vars, self.per_call);
        if cost > self.left {
            self.left = 0;
            return Err(RunError::Budget);
        }
        self.left -= cost;
        match out {
            Err(Stop::Limit) => Err(RunError::CallLimit),
            Ok(v) => v.map_err(RunError::Eval),
        }
    }
}
