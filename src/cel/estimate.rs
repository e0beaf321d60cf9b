//! The static cost estimate of rules, as kube-apiserver 1.36 computes it when a CRD is
//! created (cel-go's `checker.Cost` with the Kubernetes estimator), and the limits it refuses
//! CRDs by: a rule's estimated cost times how many times its node may occur must stay within
//! 10 million, a `messageExpression`'s cost too, and all of a schema's together within 100
//! million.
//!
//! The estimate walks the parsed rule ([`walk`]) with the schema's types and size bounds
//! ([`sizes()`]: `maxLength`, `maxItems`, `maxProperties`, else what fits in a 3 MiB request),
//! costing each call as cel-go and the Kubernetes libraries do ([`calls`], [`k8s`]).
//! Types are the checker's ([`super::types`], see [`ty`]): the walk follows each node's type
//! itself and takes the checker's ([`super::check`]) where that is not `dyn`. A call on a
//! `dyn` operand is costed over every overload that takes it, as cel-go's checker keeps them
//! all, and a `dyn` value without a schema path or a computed size has no size bound, as in
//! cel-go.

pub(super) mod budget;
mod calls;
mod invoke;
mod k8s;
mod macros;
mod range;
mod returns;
mod sizes;
mod ty;
mod walk;

pub use budget::{Cardinality, Total};
pub use sizes::{sizes, UNBOUNDED_STRING};

use super::decl::Decl;
use super::types::Ty;
use crate::cel::ast::IdedExpr;
use std::collections::HashMap;
use std::sync::Arc;

/// The estimated most a rule (or `messageExpression`) `expr` costs on a node of type `this`;
/// `optional_old_self`: `oldSelf` is an optional (`optionalOldSelf: true`).
pub fn max_cost(
    expr: &IdedExpr,
    this: &Arc<Decl>,
    optional_old_self: bool,
    types: &HashMap<u64, Ty>,
) -> u64 {
    let mut w = walk::Walker::new(this);
    w.optional_old_self = optional_old_self;
    w.checked = Some(types);
    w.expr(expr).cost.max
}

#[cfg(test)]
mod library_tests;
#[cfg(test)]
mod refusals;
#[cfg(test)]
mod tests;
