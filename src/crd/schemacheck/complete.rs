//! The structural schema's completeness (`validateStructuralCompleteness`, part of
//! `ValidateStructural`): every value validation inside a junctor must restrict a node that
//! the structural part of the schema defines. A junctor's `properties[k]` needs the node's own
//! `properties[k]`, its `items` the node's `items`; each missing one is `Required value:
//! because it is defined in <the junctor's path>`. The apiserver runs it with its options off:
//! a property defined only by `additionalProperties` does not count, and `additionalProperties`
//! inside a junctor is not followed (it is forbidden there anyway).

use crate::field::{FieldError, Path};
use crate::schema::{NestedValueValidation, Structural, ValueValidation};

/// The completeness errors of `s` at `path`.
pub(super) fn validate(s: &Structural, path: &Path<'_>, errs: &mut Vec<FieldError>) {
    if let Some(v) = s.value_validation.as_deref() {
        junctors(v, s, path, path, errs);
    }
}

/// The junctors of `v`, restricting the node `s` (at `at`; `v` is at `v_at`).
fn junctors(
    v: &ValueValidation,
    s: &Structural,
    at: &Path<'_>,
    v_at: &Path<'_>,
    errs: &mut Vec<FieldError>,
) {
    if let Some(not) = v.not.as_deref() {
        nested(not, Some(s), at, &v_at.child("not"), errs);
    }
    for (name, list) in [
        ("allOf", &v.all_of),
        ("anyOf", &v.any_of),
        ("oneOf", &v.one_of),
    ] {
        let junctor = v_at.child(name);
        for (i, n) in list.iter().enumerate() {
            nested(n, Some(s), at, &junctor.index(i), errs);
        }
    }
}

/// A junctor's branch `v` (at `v_at`), restricting `s` (at `at`), if the structure has it.
fn nested(
    v: &NestedValueValidation,
    s: Option<&Structural>,
    at: &Path<'_>,
    v_at: &Path<'_>,
    errs: &mut Vec<FieldError>,
) {
    let Some(s) = s else {
        let detail = format!("because it is defined in {v_at}");
        errs.push(FieldError::required(at, &detail));
        return;
    };
    junctors(&v.value_validation, s, at, v_at, errs);
    if let Some(items) = v.items.as_deref() {
        nested(
            items,
            s.items.as_deref(),
            &at.child("items"),
            &v_at.child("items"),
            errs,
        );
    }
    let (props, v_props) = (at.child("properties"), v_at.child("properties"));
    for (k, field) in v.properties.iter() {
        nested(
            field,
            s.properties.get(k),
            &props.key(k),
            &v_props.key(k),
            errs,
        );
    }
}
