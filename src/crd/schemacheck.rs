//! The apiserver's checks of a CRD version's schema, with its exact messages, sorted as it sorts
//! them (`field.ErrorList` strings, byte order):
//! - `invariants`: the structural-schema check (`ValidateStructural`), with `complete`, its
//!   check that every value validation in a junctor has a structural counterpart;
//! - `api`: the CRD API validation rules about structure and defaults (valid types, uniqueItems,
//!   nullable root, properties vs additionalProperties, defaults forbidden in top-level
//!   metadata/apiVersion/kind);
//! - `defaults`: default values must survive pruning and match their schema (`ValidateDefaults`),
//!   checked only when the schema is structural, as the apiserver does.

mod api;
mod complete;
mod defaults;
mod invariants;

use crate::field::FieldError;
use crate::schema::convert::convert_detailed;
use crate::schema::{SchemaError, Structural};
use serde_json::Value;

/// All the apiserver's errors for the structural model `s` at `path` (e.g.
/// `spec.validation.openAPIV3Schema`), sorted. Empty means the schema is structural and accepted.
pub fn validate_structural(s: &Structural, path: &str) -> Vec<FieldError> {
    let structural = invariants::validate(s, path);
    let mut errs = api::validate(s, path);
    if structural.is_empty() {
        errs.extend(defaults::validate(s, path));
    }
    errs.extend(structural);
    sort(&mut errs);
    errs
}

/// Sorts errors as the apiserver sorts a `field.ErrorList`'s strings (byte order of the texts).
fn sort(errs: &mut [FieldError]) {
    errs.sort_by_cached_key(ToString::to_string);
}

/// Whether the apiserver compiles the CEL rules of `s` at all: only when the schema is
/// structural and its defaults are valid (errors of the OpenAPI schema validation alone only
/// keep the rules at and above each error from being compiled).
pub fn rules_compiled(s: &Structural, path: &str) -> bool {
    invariants::validate(s, path).is_empty() && defaults::validate(s, path).is_empty()
}

/// Converts and checks one `openAPIV3Schema` as the apiserver does when it loads a CRD: the
/// model (`None` when `NewStructural` would fail on an unsupported keyword) and the sorted errors.
/// Only malformed input is an `Err`.
pub fn check_schema(
    schema: &Value,
    path: &str,
) -> Result<(Option<Structural>, Vec<FieldError>), SchemaError> {
    check_schema_with(schema, path, true)
}

/// Whether a schema is not structural (`schemaIsNonStructural`): `NewStructural` fails on it, or
/// `ValidateStructural` finds errors. Malformed input counts as not structural.
pub fn is_non_structural(schema: &Value) -> bool {
    match convert_detailed(schema, "") {
        Ok(c) => c.init_error.is_some() || !invariants::validate(&c.structural, "").is_empty(),
        Err(_) => true,
    }
}

/// [`check_schema`], the structural checks (`ValidateStructural`, `ValidateDefaults`, a failing
/// `NewStructural`) made only when `structural` (`requireStructuralSchema`: always on create; on
/// an update, off when the old CRD already had a schema that is not structural and the new one
/// keeps `preserveUnknownFields: true` with no defaults and no Kubernetes extensions).
pub fn check_schema_with(
    schema: &Value,
    path: &str,
    structural: bool,
) -> Result<(Option<Structural>, Vec<FieldError>), SchemaError> {
    let converted = convert_detailed(schema, path)?;
    if !structural {
        let mut errs = converted.unsupported;
        errs.extend(api::validate(&converted.structural, path));
        sort(&mut errs);
        let model = converted
            .init_error
            .is_none()
            .then_some(converted.structural);
        return Ok((model, errs));
    }
    let Some((_, init_error)) = converted.init_error else {
        let errs = validate_structural(&converted.structural, path);
        return Ok((Some(converted.structural), errs));
    };
    // NewStructural failed: only the schema validation's errors are reported, and the
    // conversion error itself when there are none.
    let mut errs = converted.unsupported;
    errs.extend(api::validate(&converted.structural, path));
    crate::cel::fieldpath::invalid_paths_raw(schema, path, &mut errs);
    if errs.is_empty() {
        errs.push(FieldError::invalid(path, "\"\"", &init_error));
    }
    sort(&mut errs);
    Ok((None, errs))
}

#[cfg(test)]
mod kep_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_support;
#[cfg(test)]
mod upstream;
