//! The apiserver's limits on estimated costs (`StaticEstimatedCostLimit`,
//! `StaticEstimatedCRDCostLimit`), how often a node may occur (its ancestors' `maxItems` and
//! `maxProperties`, else how many of it fit in a request), and the CRD errors when a rule, a
//! `messageExpression` or a whole schema goes past them.

use super::sizes::MAX_REQUEST_SIZE;
use crate::cel::decl::Decl;
use crate::cel::{RuleError, Source};
use crate::field::FieldError;
use crate::schema::Structural;

/// The most a rule (times its cardinality) or a `messageExpression` may cost.
pub const PER_EXPRESSION_LIMIT: u64 = 10_000_000;
/// The most all of a schema's rules and message expressions may cost together.
pub const PER_CRD_LIMIT: u64 = 100_000_000;

/// How many times a node may occur in an object: the product of its ancestors' `maxItems` and
/// `maxProperties`, `None` under a list or map without one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cardinality(pub Option<u64>);

impl Cardinality {
    pub const ROOT: Cardinality = Cardinality(Some(1));

    /// The cardinality of the children of `parent`, a node of this cardinality.
    pub fn child(self, parent: &Structural) -> Cardinality {
        let v = parent.value_validation.as_deref();
        let factor = match &*parent.generic.type_ {
            "object" if parent.additional_properties.is_some() => v.and_then(|v| v.max_properties),
            "array" => v.and_then(|v| v.max_items),
            _ => Some(1),
        };
        match (self.0, factor) {
            (Some(n), Some(f)) => Cardinality(Some(n.saturating_mul(f.max(0) as u64))),
            _ => Cardinality(None),
        }
    }

    /// A rule's cost on a node of type `decl`, times how many times the node may occur (when
    /// unbounded: how many of its smallest form fit in a request).
    pub fn times(self, cost: u64, decl: &Decl) -> u64 {
        let n = self
            .0
            .unwrap_or(MAX_REQUEST_SIZE / (decl.size.min_size + 1));
        cost.saturating_mul(n)
    }
}

/// An expression whose cost is recorded: rule `i` of the node at `node`, its `rule` or its
/// `messageExpression` (`field`).
#[derive(Debug)]
pub struct Expression {
    node: Box<str>,
    path: String,
}

impl Expression {
    fn new(node: &str, i: usize, field: &str) -> Self {
        Expression {
            node: node.into(),
            path: format!("{node}.x-kubernetes-validations[{i}].{field}"),
        }
    }
}

/// The costs of a schema's rules, summed, and the (at most 4) largest ones of at least 1% of
/// the CRD limit.
#[derive(Debug, Default)]
pub struct Total {
    total: u64,
    largest: Vec<(Expression, u64)>,
    errors: Vec<RuleError>,
    max_seen: u64,
}

impl Total {
    /// Records the cost of rule `i` of the node at `node`, already multiplied by its
    /// cardinality.
    pub fn rule(&mut self, node: &str, i: usize, cost: u64) {
        self.expression(Expression::new(node, i, "rule"), cost, EXPRESSIONS[0]);
    }

    /// Records the cost of the `messageExpression` of rule `i` of the node at `node`.
    pub fn message(&mut self, node: &str, i: usize, cost: u64) {
        let at = Expression::new(node, i, "messageExpression");
        self.expression(at, cost, EXPRESSIONS[1]);
    }

    fn expression(&mut self, at: Expression, cost: u64, what: &str) {
        if cost > PER_EXPRESSION_LIMIT {
            let msg = exceeds(what, cost, PER_EXPRESSION_LIMIT);
            self.errors.push(RuleError {
                error: FieldError::forbidden(&at.path, &msg),
                source: Source::ExpressionCost(at.node.clone()),
            });
        }
        self.total = self.total.saturating_add(cost);
        self.max_seen = self.max_seen.max(cost);
        if cost < PER_CRD_LIMIT / 100 {
            return;
        }
        self.largest.push((at, cost));
        // Stable, as Go's sort of so few elements is.
        self.largest.sort_by_key(|l| std::cmp::Reverse(l.1));
        self.largest.truncate(4);
    }

    /// The sum of the costs recorded.
    #[cfg(test)]
    pub fn total(&self) -> u64 {
        self.total
    }

    /// The paths and costs of the largest costs that count (at least 1% of the CRD limit),
    /// largest first.
    #[cfg(test)]
    pub fn largest(&self) -> Vec<(&str, u64)> {
        self.largest
            .iter()
            .map(|(e, cost)| (e.path.as_str(), *cost))
            .collect()
    }

    /// The largest single cost recorded (reports).
    pub fn max(&self) -> u64 {
        self.max_seen
    }

    /// The CRD errors, for the schema at `path` (`spec.validation.openAPIV3Schema`).
    pub fn into_errors(mut self, path: &str) -> Vec<RuleError> {
        if self.total > PER_CRD_LIMIT {
            for (e, _) in &self.largest {
                let msg = "contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema";
                let error = FieldError::forbidden(&e.path, msg);
                self.errors.push(RuleError::of_rule(error, &e.node));
            }
            let what =
                "x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema";
            let msg = exceeds(what, self.total, PER_CRD_LIMIT);
            let error = FieldError::forbidden(path, &msg);
            self.errors.push(RuleError::of_schema(error));
        }
        self.errors
    }
}

/// The two kinds of expression whose own cost [`Total`] checks.
const EXPRESSIONS: [&str; 2] = ["estimated rule cost", "estimated messageExpression cost"];

/// `<what> exceeds budget by factor of <f>x (…)`, the factor as the apiserver prints it.
pub fn exceeds(what: &str, cost: u64, limit: u64) -> String {
    let f = cost as f64 / limit as f64;
    let factor = if f > 100.0 {
        "more than 100x".to_string()
    } else if f < 1.5 {
        format!("{f:.6}x")
    } else {
        format!("{f:.1}x")
    };
    format!("{what} exceeds budget by factor of {factor} (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)")
}
