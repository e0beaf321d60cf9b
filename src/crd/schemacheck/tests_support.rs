//! Helpers shared by the validation tests: YAML schemas read as kubectl reads them, checked at
//! `spec.validation.openAPIV3Schema` (written `R` in expectations).

use super::*;
use crate::yaml::{json::to_json, parse_stream};

pub(super) const R: &str = "spec.validation.openAPIV3Schema";

pub(super) fn schema(yaml: &str) -> Value {
    let docs = parse_stream(yaml).unwrap();
    to_json(&docs[0]).unwrap()
}

/// The sorted errors of `yaml` checked at `R`.
pub(super) fn errors(yaml: &str) -> Vec<String> {
    let errors = check_schema(&schema(yaml), R).unwrap().1;
    errors.iter().map(ToString::to_string).collect()
}

/// Expectations with `R` expanded, sorted like the apiserver sorts.
pub(super) fn expand(want: &[&str]) -> Vec<String> {
    let mut w: Vec<String> = want.iter().map(|s| s.replacen('R', R, 1)).collect();
    w.sort();
    w
}
