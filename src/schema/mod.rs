//! Schemas, the lowest layer above the leaves (`field`, `yaml`, `go`): the structural model,
//! conversion from OpenAPI v3 JSON, a version's [`VersionSchema`], and the registry that maps an
//! object's apiVersion/kind to the schema of its version. Loading CRDs and OpenAPI documents and
//! checking their schemas is the CRD layer's (`src/crd/`), above `validation` and `cel`;
//! nothing here names `crd`, `validation` or `cel`.

pub mod convert;
pub mod registry;
pub mod structural;

pub use structural::{
    is_meta_field, Extensions, Generic, NestedValueValidation, Structural, StructuralOrBool,
    ValueValidation,
};

use crate::field::FieldError;
use std::sync::Arc;

/// `a == b` for JSON values (a map's key order does not count), without a hash lookup while
/// both maps hold their keys in the same order, as a CRD's versions usually do.
pub(crate) fn same_json(a: &serde_json::Value, b: &serde_json::Value) -> bool {
    use serde_json::Value;
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => same_map(x, y),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(v, w)| same_json(v, w))
        }
        _ => a == b,
    }
}

/// Both absent, or both present and `same` (as `==` on two options).
pub(crate) fn same_opt<T: ?Sized>(a: Option<&T>, b: Option<&T>, same: fn(&T, &T) -> bool) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => same(a, b),
        (a, b) => a.is_none() && b.is_none(),
    }
}

/// [`same_json`] of two JSON objects.
pub(crate) fn same_map(
    x: &serde_json::Map<String, serde_json::Value>,
    y: &serde_json::Map<String, serde_json::Value>,
) -> bool {
    if std::ptr::eq(x, y) {
        return true;
    }
    if x.len() != y.len() {
        return false;
    }
    for ((ka, va), (kb, vb)) in x.iter().zip(y) {
        if ka != kb {
            // Another key order: the order-free comparison.
            return x
                .iter()
                .all(|(k, v)| y.get(k).is_some_and(|w| same_json(v, w)));
        }
        if !same_json(va, vb) {
            return false;
        }
    }
    true
}

/// Everything needed to process objects of one group/version/kind: built once, shared by all
/// objects of that version.
#[derive(Clone, Debug)]
pub struct VersionSchema {
    /// The CRD's `metadata.name` (or, for OpenAPI documents, the definition name).
    pub crd_name: String,
    pub group: String,
    pub version: String,
    pub kind: String,
    pub served: bool,
    /// The structural schema; `None` when the version has no schema (objects pass unchanged).
    pub schema: Option<Arc<Structural>>,
    /// The apiserver's structural errors for this version's schema, sorted as their texts;
    /// non-empty means non-structural: its objects are left untouched and an error is reported.
    /// (A refused CRD writes all its causes here: its schemas' errors, the CRD's own and its
    /// CEL rules'; each [`FieldError`]'s text is the apiserver's, rendered where results are
    /// written.)
    pub structural_errors: Vec<FieldError>,
    /// Whether the apiserver prunes objects of this version (false for v1beta1 CRDs without
    /// `preserveUnknownFields: false`).
    pub prune: bool,
    /// Where the schema came from (a file path, or "items" for CRDs in the ResourceList).
    pub source: String,
    /// Whether objects of this kind live in a namespace (`spec.scope: Namespaced`; OpenAPI
    /// documents do not say, and count as namespaced).
    pub namespaced: bool,
    /// The version's subresources (`status`, `scale`), which a create request depends on.
    pub subresources: Subresources,
}

/// A CRD version's subresources.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Subresources {
    /// `status`: a create request drops the object's `status`.
    pub status: bool,
    pub scale: Option<Scale>,
}

/// The scale subresource's paths (`.spec.replicas` style), checked on create.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scale {
    pub spec_replicas_path: String,
    pub status_replicas_path: String,
    pub label_selector_path: Option<String>,
}

/// A schema that cannot be loaded (malformed CRD or document), naming where and which field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{source_name}: {field}: {message}")]
pub struct SchemaError {
    /// The document or file it came from (e.g. `item 3 (CustomResourceDefinition widgets.example.com)`).
    pub source_name: String,
    /// The field path inside it (e.g. `spec.versions[0].schema.openAPIV3Schema.properties`).
    pub field: String,
    pub message: String,
}

/// Calls `f` once on each distinct schema of `versions` (versions that share one schema still
/// share it afterwards), with whether any of them prunes.
pub fn map_schemas(versions: &mut [VersionSchema], mut f: impl FnMut(&mut Structural, bool)) {
    let mut taken: Vec<Option<Arc<Structural>>> =
        versions.iter_mut().map(|v| v.schema.take()).collect();
    for i in 0..taken.len() {
        let Some(first) = taken[i].take() else {
            continue;
        };
        let mut holders = vec![i];
        for (j, other) in taken.iter_mut().enumerate().skip(i + 1) {
            if other.as_ref().is_some_and(|o| Arc::ptr_eq(o, &first)) {
                *other = None;
                holders.push(j);
            }
        }
        let mut owned = Arc::unwrap_or_clone(first);
        f(&mut owned, holders.iter().any(|&j| versions[j].prune));
        let shared = Arc::new(owned);
        for j in holders {
            versions[j].schema = Some(shared.clone());
        }
    }
}

#[cfg(test)]
mod tests;
