//! Running the compiled rules on an object (the apiserver's `Validator.Validate` on create):
//! each node's rules with `self` bound to its value, then its properties, items and map
//! values. Transition rules do not run (there is no old object) unless `optionalOldSelf`,
//! where `oldSelf` is an empty optional. Failures, runtime errors and the cost budget become
//! the apiserver's field errors.
//!
//! The first node with rules on the way down copies its value into a [`Json`] tree once (and
//! the first whose rules read `oldSelf`, its old value); the nodes with rules below it take
//! their parts of the same trees, and their `self` and `oldSelf` convert only what the rules
//! read (see [`crate::cel::value`]).

use crate::cel::compile::{Node, Slot};
use crate::cel::cost::Budget;
use crate::cel::equal::{correlated_index, equal};
use crate::cel::errors::{runtime_error, RunError};
use crate::cel::rule::{Reason, Rule};
use crate::cel::val::Val;
use crate::cel::value::{to_val, Json};
use crate::cel::Input;
use crate::field::{BadValue, ErrorType, FieldError, Path};
use crate::go::strconv::quote;
use serde_json::Value;

/// Runs every rule of `root` on `obj`, within `budget`.
pub fn validate<V: Input>(root: &Node, obj: &V, budget: Budget) -> Vec<FieldError> {
    validate_update(root, obj, None, budget)
}

/// [`validate`] of an update whose old object is `old` (`None`: a create).
pub fn validate_update<V: Input>(
    root: &Node,
    obj: &V,
    old: Option<&V>,
    mut budget: Budget,
) -> Vec<FieldError> {
    let mut out = Vec::new();
    walk(
        root,
        obj,
        old,
        false,
        &Path::Root(""),
        &mut budget,
        &mut out,
        Trees::default(),
    );
    out
}

/// A value's and its old value's parts of the [`Json`] copies a node with rules above it made
/// (`None` where none did), so that nested nodes with rules do not copy them again.
#[derive(Clone, Default)]
struct Trees {
    new: Option<Json>,
    old: Option<Json>,
}

impl Trees {
    /// The trees' parts under the member `k` (of the value and of the old value).
    fn member(&self, k: &str) -> Trees {
        Trees {
            new: self.new.as_ref().and_then(|j| j.member(k)).cloned(),
            old: self.old.as_ref().and_then(|j| j.member(k)).cloned(),
        }
    }
}

/// Returns false when evaluation must stop (the budget ran out). `old` is the value's correlated
/// old value; where there is none (an item of a set or atomic list, a field the old object
/// lacks), `parent_unchanged` says whether the nearest ancestor that has one equals it: CEL
/// ratcheting (`ratchetingOptions.shouldRatchetError`) then keeps its errors from being reported.
#[allow(clippy::too_many_arguments)]
fn walk<V: Input>(
    n: &Node,
    v: &V,
    old: Option<&V>,
    parent_unchanged: bool,
    path: &Path<'_>,
    budget: &mut Budget,
    out: &mut Vec<FieldError>,
    mut trees: Trees,
) -> bool {
    if v.is_null() {
        return true;
    }
    let old = old.filter(|o| !o.is_null());
    if old.is_none() {
        trees.old = None;
    }
    let unchanged = old.map_or(parent_unchanged, |o| equal(&n.shape, v, o));
    if !n.rules.is_empty() && !run_rules(n, v, old, &mut trees, unchanged, path, budget, out) {
        return false;
    }
    if let Some(items) = v.items() {
        if let Some(it) = n.items.as_deref() {
            let old_items = old.and_then(V::items);
            for (i, x) in items.iter().enumerate() {
                let at = n
                    .map_keys
                    .as_deref()
                    .zip(old_items)
                    .and_then(|(keys, o)| correlated_index(keys, x, o));
                let o = at.and_then(|at| old_items?.get(at));
                let item = |j: &Option<Json>, at: Option<usize>| j.as_ref()?.item(at?).cloned();
                let sub = Trees {
                    new: item(&trees.new, Some(i)),
                    old: item(&trees.old, at),
                };
                if !walk(it, x, o, unchanged, &path.index(i), budget, out, sub) {
                    return false;
                }
            }
        }
    } else if v.object_len().is_some() {
        let old_map = old.filter(|o| o.object_len().is_some());
        if let Some(ap) = n.additional.as_deref() {
            for (k, x) in v.members() {
                let o = old_map.and_then(|om| om.member(k));
                let sub = trees.member(k);
                if !walk(ap, x, o, unchanged, &path.key(k), budget, out, sub) {
                    return false;
                }
            }
        }
        for (k, x) in v.members() {
            if let Some((_, p)) = n.props.iter().find(|(name, _)| **name == *k) {
                let o = old_map.and_then(|om| om.member(k));
                // The root's apiVersion and kind are never ratcheted: both revisions are
                // converted to the same ones, so their change is not seen.
                let type_meta = path.is_empty() && matches!(k, "apiVersion" | "kind");
                let (o, parent) = match type_meta {
                    true => (None, false),
                    false => (o, unchanged),
                };
                let sub = trees.member(k);
                if !walk(p, x, o, parent, &path.child(k), budget, out, sub) {
                    return false;
                }
            }
        }
    }
    true
}

#[allow(clippy::too_many_arguments)]
fn run_rules<V: Input>(
    n: &Node,
    v: &V,
    old: Option<&V>,
    trees: &mut Trees,
    unchanged: bool,
    path: &Path<'_>,
    budget: &mut Budget,
    out: &mut Vec<FieldError>,
) -> bool {
    let Some(decl) = n.decl.as_ref() else {
        return true;
    };
    let type_name = decl.type_name;
    let invalid = |detail: String| {
        FieldError::new(
            ErrorType::Invalid,
            path.to_string(),
            BadValue::Json(Value::String(type_name.to_string())),
            &detail,
        )
    };
    if budget.exhausted() {
        out.push(invalid("validation failed due to running out of cost budget, no further validation rules will be run".into()));
        return false;
    }
    let this = to_val(trees.new.get_or_insert_with(|| v.to_json()), decl);
    // The old value is copied only for rules that read it.
    let reads_old = n
        .rules
        .iter()
        .any(|slot| matches!(slot, Slot::Ready(r) if r.uses_old_self || r.optional_old_self));
    let old_cel = match old {
        Some(o) if reads_old => Some(to_val(trees.old.get_or_insert_with(|| o.to_json()), decl)),
        _ => None,
    };
    // CEL ratcheting: a value equal to its old one (or, without one, an unchanged nearest
    // ancestor that has one) keeps the errors of rules without oldSelf from being reported.
    for slot in &n.rules {
        let rule = match slot {
            Slot::Ready(rule) => rule,
            Slot::Uncompiled(detail) => {
                out.push(invalid(format!("rule compile error: {detail}")));
                continue;
            }
        };
        if rule.uses_old_self && !rule.optional_old_self && old.is_none() {
            continue;
        }
        let old_self = if rule.optional_old_self {
            Some(match &old_cel {
                Some(o) => Val::some(o.clone()),
                None => Val::none(),
            })
        } else {
            old_cel.clone().filter(|_| rule.uses_old_self)
        };
        // (On the stack: a rule's variables are one or two.)
        let (with_old, alone);
        let vars: &[(&'static str, Val)] = match old_self {
            Some(o) => {
                with_old = [("self", this.clone()), ("oldSelf", o)];
                &with_old
            }
            None => {
                alone = [("self", this.clone())];
                &alone
            }
        };
        match budget.run(&rule.expr, vars) {
            Ok(Val::Bool(true)) => {}
            Ok(_) => match failure(rule, vars, v, n, path, budget) {
                Ok(_) if unchanged && !rule.uses_old_self => {}
                Ok(e) => out.push(e),
                Err(stop) => {
                    out.push(*stop);
                    return false;
                }
            },
            Err(RunError::CallLimit) => {
                let d = format!("'operation cancelled: actual cost limit exceeded': no further validation rules will be run due to call cost exceeds limit for rule: {}", rule.error_string());
                out.push(invalid(d));
                return false;
            }
            Err(RunError::Budget) => {
                out.push(invalid("validation failed due to running out of cost budget, no further validation rules will be run".into()));
                return false;
            }
            Err(RunError::Eval(e)) => out.push(invalid(runtime_error(&e, rule.error_string()))),
        }
    }
    true
}

/// The field error of a rule that evaluated to false; `Err` when its `messageExpression` ran
/// out of cost (evaluation stops there).
fn failure<V: Input>(
    rule: &Rule,
    vars: &[(&'static str, Val)],
    v: &V,
    n: &Node,
    path: &Path<'_>,
    budget: &mut Budget,
) -> Result<FieldError, Box<FieldError>> {
    let mut field = path.to_string();
    if !rule.field_path.is_empty() {
        field = crate::field::child(&field, &rule.field_path);
    }
    let message = match &rule.message_expr {
        Some(e) => message_expression(e, &rule.message_expr_text, vars, budget),
        None => Ok(None),
    };
    let message = message.map_err(|stop| {
        let value = BadValue::Json(Value::String(n.type_name().to_string()));
        Box::new(FieldError::new(
            ErrorType::Invalid,
            field.clone(),
            value,
            &stop.to_string(),
        ))
    })?;
    let detail = message.unwrap_or_else(|| match rule.message.as_str() {
        "" => format!("failed rule: {}", rule.error_string()),
        m => m.to_string(),
    });
    let value = match n.type_name() {
        // Up to 1.34 the bad value is the schema type's name (see `crate::versions`).
        t if !crate::versions::current().failed_rule_value => {
            BadValue::Json(Value::String(t.to_string()))
        }
        "object" | "array" => BadValue::Omit,
        _ => BadValue::Json(v.to_value()),
    };
    Ok(match rule.reason {
        Reason::Invalid => FieldError::new(ErrorType::Invalid, field, value, &detail),
        Reason::Forbidden => FieldError::new(ErrorType::Forbidden, field, BadValue::Omit, &detail),
        Reason::Required => FieldError::new(ErrorType::Required, field, BadValue::Omit, &detail),
        Reason::Duplicate => FieldError::new(ErrorType::Duplicate, field, value, ""),
    })
}

/// Why a `messageExpression` stops evaluation: the apiserver's detail for it.
#[derive(Debug, thiserror::Error)]
enum MessageStop {
    /// A call went past its cost limit: the expression's source.
    #[error("no further validation rules will be run due to call cost exceeds limit for messageExpression: {}", quote(.0))]
    CallLimit(String),
    #[error("messageExpression evaluation failed due to running out of cost budget, no further validation rules will be run")]
    Budget,
}

/// A `messageExpression`'s message; `None` (use `message`) when it fails, is not a string, is
/// empty, has line breaks or is longer than 5000 bytes; `Err` (the error that stops
/// evaluation) when it runs out of cost.
fn message_expression(
    e: &crate::cel::interp::Program,
    src: &str,
    vars: &[(&'static str, Val)],
    budget: &mut Budget,
) -> Result<Option<String>, MessageStop> {
    let s = match budget.run(e, vars) {
        Ok(Val::String(s)) => s,
        Ok(_) | Err(RunError::Eval(_)) => return Ok(None),
        Err(RunError::CallLimit) => return Err(MessageStop::CallLimit(src.to_string())),
        Err(RunError::Budget) => return Err(MessageStop::Budget),
    };
    let t = s.trim();
    Ok((!t.is_empty() && t.len() <= 5000 && !t.contains('\n')).then(|| t.to_string()))
}
