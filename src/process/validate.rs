//! The create validation of one processed object, as results: one per cause of the apiserver's
//! 422 (its message exactly, the field path, the resource and its file), and on stderr after the
//! causes a kubectl-like line for the refused object (`The Widget "w" is invalid: 2 errors`).

use super::schemas::Checks;
use crate::config::Validation;
use crate::results::{KrmResult, Severity};
use crate::yaml::Node;

/// Validates `item` (pruned and defaulted) with its version's checks; pushes the results.
pub(super) fn create(
    item: &Node,
    checks: &Checks,
    level: Validation,
    results: &mut Vec<KrmResult>,
) {
    let Some(severity) = severity(level) else {
        return;
    };
    let Some(validator) = &checks.validator else {
        return;
    };
    let errs = validator.validate(item, |o| checks.cel_errors(o));
    push(item, errs, severity, false, results);
}

/// The update validation of `item` against `old` (the stored old object, read back through
/// the item's version); pushes the results, each tagged `operation: update`.
pub(super) fn update(
    item: &Node,
    old: &Node,
    checks: &Checks,
    level: Validation,
    results: &mut Vec<KrmResult>,
) {
    let Some(severity) = severity(level) else {
        return;
    };
    let Some(validator) = &checks.validator else {
        return;
    };
    let errs = validator.validate_update(item, old, |o, old| checks.cel_update_errors(o, old));
    push(item, errs, severity, true, results);
}

/// The severity of validation results at `level` (none: validation is off).
pub(super) fn severity(level: Validation) -> Option<Severity> {
    match level {
        Validation::Ignore => None,
        Validation::Warn => Some(Severity::Warning),
        Validation::Error => Some(Severity::Error),
    }
}

fn push(
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
    format!(
        "The {kind} {} is invalid: {count} {errors}",
        crate::field::go_quote(&name)
    )
}
