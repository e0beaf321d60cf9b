//! The integration tests, built as one test binary: each file beside this one is a module (its
//! own doc says what it covers), so a release build links one binary rather than one per file.
//! One file's tests: `cargo test --release --test integration cli::`.
//!
//! The tests that compare with the shared ground truth (`../shared`) say `SKIPPED` and pass when
//! it is absent; `.ci/run` requires it.

mod support;

#[path = "../fuzz/properties.rs"]
mod properties;

mod cel_generated;
mod cel_library;
mod cli;
mod conformance;
mod corpus_forms;
mod crd_versions;
mod engine_real_crds;
mod examples;
mod fuzz_regressions;
mod golden;
mod helm;
mod jobs;
mod layers;
mod limits;
mod mutations;
mod paths;
mod repo;
mod repo_corpus;
mod sources;
mod upstream_cases;
mod yaml_fidelity;
mod yaml_kubectl;
mod yaml_suite;
