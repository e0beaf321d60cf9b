//! Calls, as the estimate walks them: the macros cel-go's parser expands that ours leaves as
//! calls (see [`super::macros`]), qualified function names (`sets.contains`), `dyn()`, and
//! every other call costed over the overloads it may resolve to.

use super::calls::{function_cost, overloads, Ov};
use super::macros;
use super::range::Range;
use super::returns::call_type;
use super::ty::is_scalar;
use super::walk::{Info, Walker};
use crate::cel::ast::CallExpr;
use crate::cel::types::Ty;

impl Walker<'_> {
    pub(super) fn call(&mut self, c: &CallExpr) -> Info {
        if let Some(info) = macros::expand(self, c) {
            return info;
        }
        let name = self.function_name(c);
        let target = match (&name, c.target.as_deref()) {
            (Some(_), _) | (None, None) => None,
            (None, Some(t)) => Some(self.expr(t)),
        };
        let name = name.unwrap_or_else(|| c.func_name.clone());
        let args: Vec<Info> = c.args.iter().map(|a| self.expr(a)).collect();
        if name == "dyn" && args.len() == 1 {
            // cel-go v0.23's `maybeUnwrapDynCall`: the operand's sizes (v0.22: none).
            let a = &args[0];
            let cost = a.cost.add(Range::fixed(1));
            let size = a.size.filter(|_| self.sized_locals);
            return self.finish(cost, Ty::Dyn, Vec::new(), size, a.entry);
        }
        let arg_types: Vec<Ty> = args.iter().map(|a| a.ty.clone()).collect();
        let ty = call_type(&name, target.as_ref().map(|t| &t.ty), &arg_types);
        self.overloaded(&name, target, args, ty)
    }

    /// Costs a call over every overload it may resolve to (cel-go keeps the widest range).
    fn overloaded(&self, name: &str, target: Option<Info>, args: Vec<Info>, ty: Ty) -> Info {
        let arg_types: Vec<Ty> = args.iter().map(|a| a.ty.clone()).collect();
        let mut cost = Range {
            min: u64::MAX,
            max: 0,
        };
        let (mut result, mut entry, mut path) = (None::<Range>, None, Vec::new());
        for ov in overloads(name, target.as_ref().map(|t| &t.ty), &arg_types) {
            let est = function_cost(name, ov, target.as_ref(), &args);
            cost = cost.union(est.cost);
            entry = est.entry.or(entry);
            if let Some(s) = est.size {
                result = Some(result.map_or(s, |r| r.union(s)));
            }
            if let (Ov::IndexList | Ov::IndexMap, Some(a)) = (ov, args.first()) {
                result = a.entry.map(|e| e.val);
                path = a.path.clone();
                path.push(
                    if ov == Ov::IndexList {
                        "@items"
                    } else {
                        "@values"
                    }
                    .into(),
                );
            }
            if result.is_none() {
                let scalar = || is_scalar(&ty).then_some(Range::fixed(1));
                result = self.estimate_size(&path, &ty).or_else(scalar);
            }
        }
        let cost = cost.add(target.map_or(Range::ZERO, |t| t.cost));
        self.finish(cost, ty, path, result, entry)
    }

    /// `a.b.f(…)` is the function `a.b.f` when `a` is no variable (`sets.contains`,
    /// `format.named`, `optional.none`…).
    fn function_name(&self, c: &CallExpr) -> Option<String> {
        let target = c.target.as_deref()?;
        crate::cel::check::qualified_name(target, &c.func_name, |id| self.is_bound(id))
    }
}
