//! The engine for [kube-rs](https://kube.rs) users (cargo feature `kube`): schemas from
//! k8s-openapi's [`CustomResourceDefinition`], and the function's processing of one object,
//! applied to [`kube_core::DynamicObject`]s, typed custom resources or [`serde_json::Value`]s,
//! with the results the function reports for it.
//!
//! An operator that compares its desired object with the live one sees a difference the
//! apiserver made: the fields it defaulted and the ones it pruned. [`Schemas::normalize`]
//! gives the desired object the shape the apiserver stores, offline:
//!
//! ```
//! use crd_schema_fn::kube::{Schemas, Severity};
//! use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
//! use kube_core::DynamicObject;
//! use serde_json::json;
//!
//! let crd: CustomResourceDefinition = serde_json::from_value(json!({
//!     "apiVersion": "apiextensions.k8s.io/v1",
//!     "kind": "CustomResourceDefinition",
//!     "metadata": {"name": "widgets.example.com"},
//!     "spec": {
//!         "group": "example.com",
//!         "names": {"kind": "Widget", "plural": "widgets"},
//!         "scope": "Namespaced",
//!         "versions": [{
//!             "name": "v1", "served": true, "storage": true,
//!             "schema": {"openAPIV3Schema": {"type": "object", "properties": {
//!                 "spec": {"type": "object", "properties": {
//!                     "mode": {"type": "string", "default": "on"}
//!                 }}
//!             }}}
//!         }]
//!     }
//! }))?;
//! let schemas = Schemas::from_crds([&crd])?;
//!
//! let mut widget: DynamicObject = serde_json::from_value(json!({
//!     "apiVersion": "example.com/v1",
//!     "kind": "Widget",
//!     "metadata": {"name": "w", "namespace": "demo"},
//!     "spec": {"colour": "red"}
//! }))?;
//! let report = schemas.normalize(&mut widget)?;
//! assert_eq!(widget.data["spec"], json!({"mode": "on"}));
//! assert!(report.applied);
//! assert_eq!((report.pruned, report.defaulted), (1, 1));
//! assert_eq!(report.results[0].severity, Severity::Warning);
//! assert_eq!(report.results[0].message, r#"unknown field "spec.colour""#);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The stages are the function's, for one object and in its order: pruning and defaulting
//! (see [`crate::engine`]), then the apiserver's create validation (see
//! [`crate::validation`]), whose causes come in the same [`Report::results`].

use crate::process::{self, collect_schemas, ProcessError};
use crate::results::Summary;
use crate::yaml::json::{from_json, to_json};
use crate::yaml::{Node, YamlError};
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use serde::{de::DeserializeOwned, Serialize};
use serde_json::Value;

pub use crate::config::{Config, FieldValidation, SkipKind};
pub use crate::results::{FileRef, KrmResult, ResourceRef, Severity};
pub use crate::versions::KubeVersion;

/// What can go wrong building schemas or normalizing an object.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A CRD (or a schema file of [`Config::schemas`]) the engine cannot load: malformed, or a
    /// malformed schema; the message names the CRD (`crds[i]`) and the field.
    #[error(transparent)]
    Schema(#[from] ProcessError),
    /// A value given as a CRD is not an `apiextensions.k8s.io` CustomResourceDefinition.
    #[error("crds[{index}]: not an apiextensions.k8s.io/v1 or v1beta1 CustomResourceDefinition")]
    NotACrd {
        /// Its position in the list given.
        index: usize,
    },
    /// The object has no string `apiVersion` or `kind` (a `DynamicObject` without `types`).
    #[error("object has no {field}: its schema cannot be looked up")]
    MissingTypeMeta {
        /// `apiVersion` or `kind`.
        field: &'static str,
    },
    /// A value that does not convert to or from JSON (serde), e.g. a typed object whose
    /// normalized form no longer fits its type.
    #[error("{what}: {source}")]
    Serde {
        /// What was being converted.
        what: &'static str,
        /// serde_json's error.
        #[source]
        source: serde_json::Error,
    },
    /// The normalized object does not convert back to JSON (not expected from JSON input).
    #[error("normalized object: {0}")]
    Convert(#[from] YamlError),
}

/// What normalizing one object did, and the results the function reports for it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Report {
    /// The function's results for this object, in its order: errors for fields the apiserver
    /// cannot decode, one result per pruned field at [`Config::field_validation`]
    /// (`unknown field "spec.x"`), a warning when the CRD does not define or serve the
    /// object's version. No summary result.
    pub results: Vec<KrmResult>,
    /// Whether the object went through the engine. `false` leaves the object unchanged: its
    /// kind has no schema or is skipped ([`Config::skip_kinds`]), its version is not defined or
    /// not served (a warning in `results`), or its CRD is not structural (an error in
    /// [`Schemas::results`]). An object the apiserver refuses outright (metadata that does not
    /// decode) goes through but comes back unchanged, with an error in `results`.
    pub applied: bool,
    /// How many fields were pruned.
    pub pruned: usize,
    /// How many defaults were applied.
    pub defaulted: usize,
}

impl Report {
    /// Whether any result is an error (the function would exit 1).
    pub fn has_errors(&self) -> bool {
        crate::results::has_error(&self.results)
    }
}

/// The schemas of a set of CRDs, with the function's configuration: built once, then used to
/// normalize any number of objects.
#[derive(Debug)]
pub struct Schemas {
    registry: process::Schemas,
    config: Config,
    results: Vec<KrmResult>,
}

impl Schemas {
    /// Schemas of `crds` with the function's default configuration (prune, default, pruned
    /// fields reported as warnings).
    pub fn from_crds<'a>(
        crds: impl IntoIterator<Item = &'a CustomResourceDefinition>,
    ) -> Result<Self, Error> {
        Self::from_crds_with_config(crds, Config::default())
    }

    /// Schemas of `crds` with `config` (the function's configuration: `prune`, `default`,
    /// `field_validation`, `skip_kinds`, `kubernetes_version` (the apiserver version whose
    /// answers are given, 1.36 when `None`), and `schemas`, files loaded as the function loads
    /// them).
    pub fn from_crds_with_config<'a>(
        crds: impl IntoIterator<Item = &'a CustomResourceDefinition>,
        config: Config,
    ) -> Result<Self, Error> {
        let values = crds
            .into_iter()
            .map(serde_json::to_value)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|source| Error::Serde {
                what: "CustomResourceDefinition",
                source,
            })?;
        Self::from_values(&values, config)
    }

    /// Schemas of CRDs given as JSON values, `apiextensions.k8s.io/v1` or `v1beta1` (as read
    /// from manifests).
    pub fn from_values(crds: &[Value], config: Config) -> Result<Self, Error> {
        if let Some(index) = crds.iter().position(|c| !crate::crd::load::is_crd_value(c)) {
            return Err(Error::NotACrd { index });
        }
        // Loaded as the apiserver of `config.kubernetes_version` loads them.
        let _version = crate::versions::enter(config.behaviours());
        let nodes: Vec<Node> = crds.iter().map(from_json).collect();
        let labels: Vec<String> = (0..crds.len()).map(|i| format!("crds[{i}]")).collect();
        let mut results = Vec::new();
        let registry = collect_schemas(&nodes, &labels, &config, &mut results)?;
        Ok(Schemas {
            registry,
            config,
            results,
        })
    }

    /// The function's results about the schemas themselves: an error per CRD that is not
    /// structural (its objects are left unchanged), a warning per group/version/kind defined
    /// twice (the first wins).
    pub fn results(&self) -> &[KrmResult] {
        &self.results
    }

    /// The configuration objects are normalized with.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Normalizes a serializable object in place: a [`kube_core::DynamicObject`], a typed custom
    /// resource (its serialized form carries `apiVersion` and `kind`), or a `serde_json::Value`.
    /// On success the object holds what the apiserver would store, unless [`Report::applied`]
    /// is false or a result is an error ([`Report::has_errors`]).
    pub fn normalize<K: Serialize + DeserializeOwned>(&self, obj: &mut K) -> Result<Report, Error> {
        let mut value = serde_json::to_value(&*obj).map_err(|source| Error::Serde {
            what: "object",
            source,
        })?;
        let report = self.normalize_value(&mut value)?;
        if report.applied {
            *obj = serde_json::from_value(value).map_err(|source| Error::Serde {
                what: "normalized object",
                source,
            })?;
        }
        Ok(report)
    }

    /// Normalizes a JSON object in place (see [`Schemas::normalize`]).
    pub fn normalize_value(&self, obj: &mut Value) -> Result<Report, Error> {
        let api_version = type_field(obj, "apiVersion")?.to_string();
        let kind = type_field(obj, "kind")?;
        if self.config.skips(&api_version, kind) {
            return Ok(Report::default());
        }
        let lookup = self.registry.lookup(&api_version, kind);
        let _version = crate::versions::enter(self.config.behaviours());
        let mut node = from_json(obj);
        let mut out = process::Report::default();
        let mut summary = Summary::default();
        process::process_item(
            &mut node,
            &api_version,
            lookup,
            &self.config,
            false,
            &mut out,
            &mut summary,
        );
        let applied = summary.processed > 0;
        if applied {
            *obj = to_json(&node)?;
        }
        Ok(Report {
            results: out.results,
            applied,
            pruned: summary.pruned,
            defaulted: summary.defaulted,
        })
    }
}

/// A string `apiVersion` or `kind` of an object.
fn type_field<'a>(obj: &'a Value, field: &'static str) -> Result<&'a str, Error> {
    obj.get(field)
        .and_then(Value::as_str)
        .filter(|s| !s.is_empty())
        .ok_or(Error::MissingTypeMeta { field })
}

#[cfg(test)]
mod tests;
