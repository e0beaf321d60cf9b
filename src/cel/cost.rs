//! Evaluation cost, in place of cel-go's cost tracking (the cel crate has none): before a rule
//! runs, its cost is computed on the actual data — one unit per variable, field selection and
//! call, strings scanned at a tenth of a unit per byte, every comprehension over the actual
//! list or map it iterates (all iterations counted: no short-circuit). A rule whose cost goes
//! past the apiserver's per-call limit is not run (so nothing can hang); each rule's cost is
//! taken from the per-object runtime budget.

use super::errors::RunError;
use kube_cel::cel::common::ast::{Expr, IdedExpr};
use kube_cel::cel::objects::Key;
use kube_cel::cel::{Context, Value as Cel};

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

    /// Charges `e`'s cost (with `self` bound to `this`), then evaluates it in `ctx`.
    pub fn run(&mut self, e: &IdedExpr, ctx: &Context<'_>, this: &Cel) -> Result<Cel, RunError> {
        let mut est = Estimate {
            vars: vec![("self".to_string(), Some(this.clone()))],
            cost: 0,
            limit: self.per_call,
        };
        est.expr(e);
        if est.cost > self.per_call {
            return Err(RunError::CallLimit);
        }
        if est.cost > self.left {
            self.left = 0;
            return Err(RunError::Budget);
        }
        self.left -= est.cost;
        Cel::resolve(e, ctx).map_err(RunError::Eval)
    }
}

struct Estimate {
    vars: Vec<(String, Option<Cel>)>,
    cost: u64,
    limit: u64,
}

impl Estimate {
    fn over(&self) -> bool {
        self.cost > self.limit
    }

    /// Adds `e`'s cost; returns its value when it is data that can be followed.
    fn expr(&mut self, e: &IdedExpr) -> Option<Cel> {
        if self.over() {
            return None;
        }
        match &e.expr {
            Expr::Ident(name) => {
                self.cost += 1;
                self.var(name)
            }
            Expr::Select(s) => {
                let operand = self.expr(&s.operand);
                self.cost += u64::from(!s.test);
                match operand? {
                    Cel::Map(m) => m.map.get(&Key::from(s.field.as_str())).cloned(),
                    _ => None,
                }
            }
            // Wrappers of a value (format conversion errors, the list assertion): free.
            Expr::Call(c) if matches!(c.func_name.as_str(), "@strfmt" | "@lister") => {
                c.args.first().and_then(|a| self.expr(a))
            }
            Expr::Call(c)
                if c.func_name.starts_with("@all") || c.func_name.starts_with("@exists") =>
            {
                self.quantifier(&c.args);
                None
            }
            Expr::Call(c) => {
                let target = c.target.as_deref().and_then(|t| self.expr(t));
                let mut scanned = target.as_ref().map_or(0, text_len);
                for a in &c.args {
                    let v = self.expr(a);
                    scanned += v.as_ref().map_or(0, text_len);
                }
                self.cost += 1 + scanned.div_ceil(10);
                None
            }
            Expr::List(l) => {
                self.cost += 10;
                l.elements.iter().for_each(|x| drop(self.expr(x)));
                None
            }
            Expr::Map(_) | Expr::Struct(_) => {
                self.cost += 30;
                None
            }
            Expr::Comprehension(c) => {
                self.comprehension(c);
                None
            }
            Expr::Literal(_) | Expr::Unspecified => None,
        }
    }

    fn comprehension(&mut self, c: &kube_cel::cel::common::ast::ComprehensionExpr) {
        let range = self.expr(&c.iter_range);
        self.expr(&c.accu_init);
        let elems: Vec<(Option<Cel>, Option<Cel>)> = match range {
            Some(Cel::List(l)) => l
                .iter()
                .enumerate()
                .map(|(i, x)| (Some(Cel::Int(i as i64)), Some(x.clone())))
                .collect(),
            Some(Cel::Map(m)) => m
                .map
                .iter()
                .map(|(k, x)| (Some(Cel::from(k)), Some(x.clone())))
                .collect(),
            _ => vec![(None, None)],
        };
        let mark = self.vars.len();
        for (first, second) in elems {
            if self.over() {
                break;
            }
            self.vars.truncate(mark);
            let (v1, v2) = match &c.iter_var2 {
                Some(_) => (first, second),
                None => (second.clone().and(first).and(second), None),
            };
            self.vars.push((c.iter_var.clone(), v1));
            if let Some(n2) = &c.iter_var2 {
                self.vars.push((n2.clone(), v2));
            }
            self.vars.push((c.accu_var.clone(), None));
            self.expr(&c.loop_cond);
            self.expr(&c.loop_step);
        }
        self.vars.truncate(mark);
        self.vars.push((c.accu_var.clone(), None));
        self.expr(&c.result);
        self.vars.truncate(mark);
    }

    /// `@all(range, 'x', pred)` and the like (see `rewrite`): the predicate once per element.
    fn quantifier(&mut self, args: &[IdedExpr]) {
        let name = |e: &IdedExpr| match &e.expr {
            Expr::Literal(kube_cel::cel::common::ast::LiteralValue::String(n)) => {
                n.inner().to_string()
            }
            _ => String::new(),
        };
        let (range, first, second, pred) = match args {
            [range, var, pred] => (range, None, name(var), pred),
            [range, a, b, pred] => (range, Some(name(a)), name(b), pred),
            _ => return,
        };
        let (list, elems) = match self.expr(range) {
            Some(Cel::List(l)) => (
                true,
                pairs(
                    l.iter()
                        .cloned()
                        .enumerate()
                        .map(|(i, x)| (Cel::Int(i as i64), x)),
                ),
            ),
            Some(Cel::Map(m)) => (
                false,
                pairs(m.map.iter().map(|(k, x)| (Cel::from(k), x.clone()))),
            ),
            _ => (true, vec![(None, None)]),
        };
        self.cost += 1;
        let mark = self.vars.len();
        for (k, x) in elems {
            if self.over() {
                break;
            }
            match &first {
                Some(a) => {
                    self.vars.push((a.clone(), k));
                    self.vars.push((second.clone(), x));
                }
                None => self.vars.push((second.clone(), if list { x } else { k })),
            }
            self.expr(pred);
            self.vars.truncate(mark);
            self.cost += 1;
        }
    }

    fn var(&self, name: &str) -> Option<Cel> {
        let (_, v) = self.vars.iter().rev().find(|(n, _)| n == name)?;
        v.clone()
    }
}

fn pairs(it: impl Iterator<Item = (Cel, Cel)>) -> Vec<(Option<Cel>, Option<Cel>)> {
    it.map(|(k, x)| (Some(k), Some(x))).collect()
}

/// The bytes a string function scans.
fn text_len(v: &Cel) -> u64 {
    match v {
        Cel::String(s) => s.len() as u64,
        Cel::Bytes(b) => b.len() as u64,
        _ => 0,
    }
}
