//! The CRD layer, above [`crate::schema`], [`crate::validation`] and [`crate::cel`] (as
//! upstream's `apis/apiextensions/validation` sits above `apiserver/schema`): what the apiserver
//! checks of a CustomResourceDefinition itself, and the loaders that give each version its
//! [`VersionSchema`](crate::schema::VersionSchema) with those checks' findings.
//! - [`load`]: CRD manifests (v1 and v1beta1) → one `VersionSchema` per version, each schema
//!   converted and checked under the apiserver's path;
//! - [`openapi`]: OpenAPI documents (swagger 2.0, OpenAPI v3) → the `VersionSchema`s of their
//!   custom resource definitions, checked as a CRD's schema;
//! - [`schemacheck`]: the checks of one version's schema (structural, API rules, defaults);
//! - [`check`]: the rest of a CRD create or update request's validation (metadata, names,
//!   versions, subresources, conversion, ...).

pub mod check;
pub mod load;
pub mod openapi;
pub mod schemacheck;
#[cfg(test)]
mod version_tables;
