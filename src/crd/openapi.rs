//! OpenAPI documents as schema sources: swagger 2.0 (`definitions`, the format kustomize's
//! `openapi:` field takes and `kubectl get --raw /openapi/v2` serves) and OpenAPI v3
//! (`components.schemas`, as served at `/openapi/v3/apis/<group>/<version>`).
//!
//! Every definition carrying `x-kubernetes-group-version-kind` becomes one [`VersionSchema`] per
//! listed group/version/kind (served, pruned, `crd_name` = the definition name), after its
//! `$ref`s are inlined (module `refs`) and the apiserver's publishing is undone where it lost
//! information (module `unpublish`); the structural check runs on the result.
//!
//! Skipped, since they are not custom resources:
//! - kinds of Kubernetes' built-in API groups (their objects are handled by Go types, not by
//!   these schemas, and pass through untouched);
//! - `io.k8s.apimachinery.*` definitions (DeleteOptions, WatchEvent, Status...), which list
//!   every group;
//! - list kinds (`<Kind>List` with an `items` array): never stored as objects.

mod refs;
mod unpublish;

use super::schemacheck;
use crate::field::FieldError;
use crate::schema::registry::is_builtin_group;
use crate::schema::{SchemaError, Structural, VersionSchema};
use serde_json::{Map, Value};
use std::sync::Arc;

/// Which OpenAPI flavour a document is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DocumentKind {
    Swagger2,
    OpenApiV3,
}

/// The flavour of an OpenAPI document: `swagger: "2.0"` (or a bare `definitions` map, as in
/// kustomize's examples) or `openapi: 3.x` (or a bare `components.schemas`). `None` for
/// anything else, including Kubernetes objects.
pub fn document_kind(doc: &Value) -> Option<DocumentKind> {
    let map = doc.as_object()?;
    if let Some(v) = map.get("swagger") {
        return version_str(v)
            .starts_with('2')
            .then_some(DocumentKind::Swagger2);
    }
    if let Some(v) = map.get("openapi") {
        return version_str(v)
            .starts_with('3')
            .then_some(DocumentKind::OpenApiV3);
    }
    if map.contains_key("kind") {
        return None;
    }
    if map.get("definitions").is_some_and(Value::is_object) {
        return Some(DocumentKind::Swagger2);
    }
    let schemas = map.get("components").and_then(|c| c.get("schemas"));
    schemas
        .is_some_and(Value::is_object)
        .then_some(DocumentKind::OpenApiV3)
}

fn version_str(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Loads every custom resource definition of an OpenAPI document (see the module docs).
/// `source` (a file path) names the document in errors and in each schema's `source`.
pub fn load_document(
    doc: &Value,
    kind: DocumentKind,
    source: &str,
) -> Result<Vec<VersionSchema>, SchemaError> {
    let (defs, pointer_base, path_base) = match kind {
        DocumentKind::Swagger2 => (doc.get("definitions"), "#/definitions/", "definitions"),
        DocumentKind::OpenApiV3 => (
            doc.get("components").and_then(|c| c.get("schemas")),
            "#/components/schemas/",
            "components.schemas",
        ),
    };
    let defs = match defs {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Object(defs)) => defs,
        Some(_) => return Err(error(source, path_base, "must be a map of schemas")),
    };
    let mut out = Vec::new();
    for (name, def) in defs {
        let path = format!("{path_base}[{name}]");
        let gvks = resource_gvks(name, def, source, &path)?;
        if gvks.is_empty() {
            continue;
        }
        let pointer = format!("{pointer_base}{}", refs::escape_token(name));
        let mut resolved = refs::Resolver::new(doc, source).resolve_root(def, &pointer, &path)?;
        unpublish::undo(&mut resolved, kind == DocumentKind::Swagger2);
        let (structural, errors) = build(&resolved, source, &path)?;
        out.extend(
            gvks.into_iter()
                .map(|(group, version, kind)| VersionSchema {
                    crd_name: name.clone(),
                    group,
                    version,
                    kind,
                    served: true,
                    schema: structural.clone(),
                    structural_errors: errors.clone(),
                    prune: true,
                    source: source.to_string(),
                    namespaced: true,
                    subresources: Default::default(),
                }),
        );
    }
    Ok(out)
}

/// Converts and checks one resolved root schema as the apiserver checks a CRD's: the model
/// (`None` when it cannot be built) and the sorted errors.
fn build(
    schema: &Value,
    source: &str,
    path: &str,
) -> Result<(Option<Arc<Structural>>, Vec<FieldError>), SchemaError> {
    let (structural, errors) = schemacheck::check_schema(schema, path).map_err(|mut e| {
        if e.source_name.is_empty() {
            e.source_name = source.to_string();
        }
        e
    })?;
    Ok((structural.map(Arc::new), errors))
}

type Gvk = (String, String, String);

/// The custom-resource group/version/kinds a definition is the schema of (see module docs).
fn resource_gvks(
    name: &str,
    def: &Value,
    source: &str,
    path: &str,
) -> Result<Vec<Gvk>, SchemaError> {
    let Some(raw) = def.get("x-kubernetes-group-version-kind") else {
        return Ok(Vec::new());
    };
    if name.starts_with("io.k8s.apimachinery.") {
        return Ok(Vec::new());
    }
    let field = format!("{path}.x-kubernetes-group-version-kind");
    let entries = match raw {
        Value::Array(items) => items.iter().collect(),
        single @ Value::Object(_) => vec![single],
        _ => {
            return Err(error(
                source,
                &field,
                "must be a list of {group, version, kind}",
            ))
        }
    };
    let mut out = Vec::new();
    for (i, entry) in entries.into_iter().enumerate() {
        let field = format!("{field}[{i}]");
        let map = entry
            .as_object()
            .ok_or_else(|| error(source, &field, "must be a map"))?;
        let group = string_field(map, "group", false, source, &field)?;
        let version = string_field(map, "version", true, source, &field)?;
        let kind = string_field(map, "kind", true, source, &field)?;
        if !is_builtin_group(&group) && !is_list_kind(&kind, def) {
            out.push((group, version, kind));
        }
    }
    Ok(out)
}

fn string_field(
    map: &Map<String, Value>,
    key: &str,
    required: bool,
    source: &str,
    field: &str,
) -> Result<String, SchemaError> {
    match map.get(key) {
        Some(Value::String(s)) if !s.is_empty() || !required => Ok(s.clone()),
        None if !required => Ok(String::new()),
        Some(Value::String(_)) | None => Err(error(
            source,
            &format!("{field}.{key}"),
            "must be a non-empty string",
        )),
        Some(_) => Err(error(source, &format!("{field}.{key}"), "must be a string")),
    }
}

/// `<Kind>List` definitions whose `items` is an array: list types, never stored as objects.
fn is_list_kind(kind: &str, def: &Value) -> bool {
    let items_type = def.pointer("/properties/items/type");
    kind.ends_with("List") && items_type.and_then(Value::as_str) == Some("array")
}

fn error(source: &str, field: &str, message: &str) -> SchemaError {
    SchemaError {
        source_name: source.to_string(),
        field: field.to_string(),
        message: message.to_string(),
    }
}

#[cfg(test)]
mod tests;
