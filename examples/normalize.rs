//! The engine as a library (cargo feature `kube`): normalizes custom resources against their
//! CRD, as `kube_core::DynamicObject`s, and prints them in the shape the apiserver stores;
//! the function's results (pruned fields, unserved versions) go to stderr, one line each.
//!
//! ```sh
//! cargo run --features kube --example normalize [-- CRD_FILE OBJECTS_FILE]
//! ```
//!
//! Without arguments it reads the Backup CRD and objects of `examples/kustomize-container`;
//! `examples/normalize.expected.yaml` and `.stderr` are its output (checked in CI). Exits 1
//! when a result is an error.

use crd_schema_fn::kube::{Schemas, Severity};
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use kube_core::DynamicObject;
use serde::Deserialize;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn main() -> Result<ExitCode, Box<dyn std::error::Error>> {
    let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/kustomize-container");
    let mut args = std::env::args_os().skip(1).map(PathBuf::from);
    let crd_file = args
        .next()
        .unwrap_or_else(|| here.join("crds/backup-crd.yaml"));
    let objects_file = args.next().unwrap_or_else(|| here.join("backups.yaml"));

    let crd: CustomResourceDefinition = serde_yaml::from_str(&std::fs::read_to_string(crd_file)?)?;
    let schemas = Schemas::from_crds([&crd])?;
    let mut failed = false;
    for result in schemas.results() {
        eprintln!("{}", result.stderr_line());
        failed |= result.severity == Severity::Error;
    }

    let objects = std::fs::read_to_string(objects_file)?;
    for document in serde_yaml::Deserializer::from_str(&objects) {
        let mut obj = DynamicObject::deserialize(document)?;
        let report = schemas.normalize(&mut obj)?;
        for result in &report.results {
            eprintln!("{}", result.stderr_line());
        }
        failed |= report.has_errors();
        print!("---\n{}", serde_yaml::to_string(&obj)?);
    }
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
