//! crd-schema-fn: gives custom resources, offline, exactly the shape kube-apiserver would store,
//! and its answer to a create request of them.
//!
//! Data flows one way: [`resourcelist`] reads → [`crd`] loads and checks CRDs into [`schema`]'s
//! model → [`pruning`] → [`defaulting`] (with [`objectmeta`]) → [`validation`] → [`results`]
//! reports → [`resourcelist`] writes.
//!
//! With the cargo feature `kube`, the module `kube` offers the same processing to kube-rs users:
//! schemas from k8s-openapi's `CustomResourceDefinition`, objects as `kube_core::DynamicObject`,
//! typed resources or `serde_json::Value`.
//!
//! The engine on its own: load a CRD, then prune and default one object with its schema.
//!
//! ```
//! use crd_schema_fn::{crd::load as crd, engine, yaml};
//!
//! let crd = yaml::parse_stream(
//!     "apiVersion: apiextensions.k8s.io/v1
//! kind: CustomResourceDefinition
//! metadata: {name: widgets.example.com}
//! spec:
//!   group: example.com
//!   names: {kind: Widget, plural: widgets}
//!   scope: Namespaced
//!   versions:
//!   - name: v1
//!     served: true
//!     storage: true
//!     schema:
//!       openAPIV3Schema:
//!         type: object
//!         properties:
//!           spec:
//!             type: object
//!             properties:
//!               mode: {type: string, default: 'on'}
//! ",
//! )
//! .unwrap()
//! .remove(0);
//! let mut versions = crd::load_crd(&yaml::json::to_json(&crd).unwrap(), "example").unwrap();
//! engine::prepare(&mut versions); // the defaults pruned, as the apiserver does on load
//!
//! let mut obj = yaml::parse_stream(
//!     "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {colour: red}\n",
//! )
//! .unwrap()
//! .remove(0);
//! let outcome = engine::apply(&mut obj, &versions[0], &engine::Options::default());
//! assert_eq!(outcome.pruned, ["spec.colour"]);
//! assert_eq!(outcome.defaulted, ["spec.mode"]);
//!
//! let mut out = String::new();
//! yaml::emit_document(&obj, &mut out);
//! assert_eq!(
//!     out,
//!     "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {mode: 'on'}\n"
//! );
//! ```

pub mod allocator;
pub mod cel;
pub mod cli;
pub mod config;
pub mod crd;
pub mod defaulting;
pub mod diff;
pub mod engine;
pub mod field;
pub mod fxhash;
pub mod go;
pub mod intern;
pub mod jobs;
#[cfg(feature = "kube")]
pub mod kube;
pub mod names;
#[cfg(test)]
mod names_upstream;
pub mod objectmeta;
pub mod packed;
pub mod process;
pub mod pruning;
pub mod repo;
pub mod resourcelist;
pub mod results;
pub mod schema;
pub mod sources;
pub mod stdin;
pub mod validation;
pub mod versions;
pub mod yaml;

#[cfg(test)]
pub(crate) mod test_support;
