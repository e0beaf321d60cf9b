//! The validation of one processed object (a create or an update, run by [`crate::engine::run`]),
//! as results: one per cause of the apiserver's 422 (its message exactly, the field path, the
//! resource and its file; an update's tagged `operation: update`), and on stderr after the
//! causes a kubectl-like line for the refused object (`The Widget "w" is invalid: 2 errors`).

use crate::config::Validation;
use crate::go::strconv::quote;
use crate::results::{KrmResult, Severity};
use crate::yaml::Node;

/// The severity of validation results at `level` (none: validation is off).
pub(super) fn severity(level: Validation) -> Option<Severity> {
    match level {
        Validation::Ignore => None,
        Validation::Warn => Some(Severity::Warning),
        Validation::Error => Some(Severity::Error),
    }
}

/// Pushes the causes `errs` of the refusal of `item` (of an update when `update`).
pub(super) fn push(
    item: &Node,
    errs: Vec<crate::field::FieldError>,
    severity: Severity,
    update: bool,
    results: &mut Vec<KrmResult>,
) {
    let count = errs.len();
    for (i, e) in errs.into_iter().enumerate() {
        let mut r = KrmResult::about(severity, e.to_string(), item);
        if !e.field.is_empty() {
            r = r.with_field(&e.field);
        }
        if update {
            r.tags.push(("operation", "update".to_string()));
        }
        if i + 1 == count {
            r.stderr_note = Some(refusal(item, count));
        }
        results.push(r);
    }
}

/// `The Widget "w" is invalid: 2 errors`, as kubectl introduces a 422.
fn refusal(item: &Node, count: usize) -> String {
    let text = |n: Option<&Node>| n.and_then(Node::scalar_str).unwrap_or("").to_string();
    let meta = item.get("metadata");
    let mut name = text(meta.and_then(|m| m.get("name")));
    if name.is_empty() {
        name = text(meta.and_then(|m| m.get("generateName")));
    }
    let kind = text(item.get("kind"));
    let errors = if count == 1 { "error" } else { "errors" };
    format!("The {kind} {} is invalid: {count} {errors}", quote(&name))
}
