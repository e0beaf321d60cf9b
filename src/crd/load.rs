//! CustomResourceDefinition manifests (`apiextensions.k8s.io/v1` and `v1beta1`, as JSON values) →
//! one [`VersionSchema`] per version, as the apiserver sees them: v1beta1's `spec.version` and
//! top-level `spec.validation`, `preserveUnknownFields` defaulting to true in v1beta1 (no pruning
//! unless it is `false`), and structural errors under the apiserver's paths —
//! `spec.validation.openAPIV3Schema` when every version has the same schema (the apiserver's
//! internal form hoists identical v1 schemas there), `spec.versions[i].schema.openAPIV3Schema`
//! when they differ.

mod facts;

use super::schemacheck::check_schema_with;
use crate::field::FieldError;
use crate::schema::{same_json, same_opt};
use crate::schema::{SchemaError, Structural, Subresources, VersionSchema};
use crate::yaml::json::kind_name as json_kind;
use serde_json::{Map, Value};
use std::sync::Arc;

const V1: &str = "apiextensions.k8s.io/v1";
const V1BETA1: &str = "apiextensions.k8s.io/v1beta1";
const TOP_LEVEL: &str = "spec.validation.openAPIV3Schema";

/// One entry of `spec.versions` (or v1beta1's implied one).
struct Version<'a> {
    name: String,
    served: bool,
    schema: Option<&'a Value>,
    subresources: Subresources,
}

/// A schema converted and checked once, shared by the versions that use it.
type Checked = (Option<Arc<Structural>>, Vec<FieldError>);

/// A malformed field of the CRD: its path (from the map it was read in, see
/// [`Malformed::under`]) and what is wrong with it.
#[derive(Debug)]
struct Malformed {
    field: String,
    message: String,
}

impl Malformed {
    fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        Malformed {
            field: field.into(),
            message: message.into(),
        }
    }

    /// The field as a path from the map's own field `parent`.
    fn under(self, parent: &str) -> Self {
        Malformed {
            field: format!("{parent}.{}", self.field),
            ..self
        }
    }

    /// The error of a CRD read from `source`.
    fn in_source(self, source: &str) -> SchemaError {
        SchemaError {
            source_name: source.to_string(),
            field: self.field,
            message: self.message,
        }
    }
}

/// The identifying fields of a CRD.
struct Head<'a> {
    crd_name: String,
    group: String,
    kind: String,
    v1beta1: bool,
    spec: &'a Map<String, Value>,
}

/// Whether `apiVersion`/`kind` name a CustomResourceDefinition, the one rule every reader of
/// manifests uses (items, schema files, the previous revision, the kube library). The
/// apiserver's scheme knows the kind in `apiextensions.k8s.io` at `v1` (served) and `v1beta1`
/// (still decoded, as older manifests are written); any other version of the group is no kind
/// the apiserver knows, so such a document is no CRD.
pub fn is_crd_type(api_version: &str, kind: &str) -> bool {
    matches!(api_version, V1 | V1BETA1) && kind == "CustomResourceDefinition"
}

/// [`is_crd_type`] of a JSON value's `apiVersion` and `kind`.
pub fn is_crd_value(v: &Value) -> bool {
    let s = |k: &str| v.get(k).and_then(Value::as_str).unwrap_or("");
    is_crd_type(s("apiVersion"), s("kind"))
}

/// Whether a schema file's document means to be a CRD: the kind in `apiextensions.k8s.io` at
/// any version. [`load_crd`] refuses the versions that are not [`is_crd_type`], naming them,
/// so such a file is an error rather than skipped.
pub fn claims_crd(v: &Value) -> bool {
    let s = |k: &str| v.get(k).and_then(Value::as_str).unwrap_or("");
    s("kind") == "CustomResourceDefinition" && s("apiVersion").starts_with("apiextensions.k8s.io/")
}

/// Loads the CRD `crd` (from `source`, used in errors): one [`VersionSchema`] per version, in
/// `spec.versions` order. A malformed CRD or schema is an error naming the field.
pub fn load_crd(crd: &Value, source: &str) -> Result<Vec<VersionSchema>, SchemaError> {
    load_crd_with(crd, source, true)
}

/// Whether an update of a CRD whose old `spec` is `old_spec` to the CRD `new` must have
/// structural schemas (`requireStructuralSchema` for the old CRD, then what the new one turns on:
/// pruning, defaults or any Kubernetes extension).
pub fn structural_required(old_spec: &Value, new: &Value) -> bool {
    let schemas = |spec: &Value| -> Vec<Value> {
        let list = spec.get("versions").and_then(Value::as_array);
        list.into_iter()
            .flatten()
            .filter_map(|v| v.pointer("/schema/openAPIV3Schema"))
            .filter(|s| s.is_object())
            .cloned()
            .collect()
    };
    let old_non_structural = schemas(old_spec)
        .iter()
        .any(super::schemacheck::is_non_structural);
    let spec = new.get("spec").unwrap_or(&Value::Null);
    let pruning = spec.get("preserveUnknownFields").and_then(Value::as_bool) != Some(true);
    let new_schemas = schemas(spec);
    !old_non_structural
        || pruning
        || new_schemas.iter().any(schema_has_default)
        || new_schemas.iter().any(has_kubernetes_extensions)
}

/// `schemaHasKubernetesExtensions`: any node with an `x-kubernetes-*` extension that needs a
/// structural schema.
fn has_kubernetes_extensions(s: &Value) -> bool {
    let Some(m) = s.as_object() else {
        return false;
    };
    let set = |k: &str| m.get(k).is_some_and(|v| !v.is_null());
    let non_empty = |k: &str| {
        m.get(k)
            .and_then(Value::as_array)
            .is_some_and(|a| !a.is_empty())
    };
    m.get("x-kubernetes-embedded-resource") == Some(&Value::Bool(true))
        || m.get("x-kubernetes-int-or-string") == Some(&Value::Bool(true))
        || set("x-kubernetes-preserve-unknown-fields")
        || set("x-kubernetes-list-type")
        || non_empty("x-kubernetes-list-map-keys")
        || non_empty("x-kubernetes-validations")
        // Every nested schema (properties' values, items, allOf…; a default or enum value
        // holding such a key too, which no real schema has).
        || m.values().any(|v| match v {
            Value::Array(list) => list.iter().any(has_kubernetes_extensions),
            other => has_kubernetes_extensions(other),
        })
}

/// [`load_crd`], the schemas' structural checks made only when `structural` (see
/// [`structural_required`]).
pub fn load_crd_with(
    crd: &Value,
    source: &str,
    structural: bool,
) -> Result<Vec<VersionSchema>, SchemaError> {
    let err = |e: Malformed| e.in_source(source);
    let head = head(crd).map_err(err)?;
    let (spec, v1beta1) = (head.spec, head.v1beta1);
    let versions = versions(spec, v1beta1).map_err(err)?;
    let pruf = opt_bool(spec, "preserveUnknownFields").map_err(|e| err(e.under("spec")))?;
    // v1beta1 defaults preserveUnknownFields to true: no pruning unless it is false.
    let prune = match v1beta1 {
        true => pruf == Some(false),
        false => pruf != Some(true),
    };
    let top = match v1beta1 {
        true => schema_at(spec, "validation").map_err(|e| err(e.under("spec")))?,
        false => None,
    };
    let checked = check_versions(&versions, top, !v1beta1, structural).map_err(|mut e| {
        e.source_name = source.to_string();
        e
    })?;
    let defaults_error = (v1beta1 && !prune && has_default(top, &versions)).then(|| {
        let detail = "must be false in order to use defaults in the schema";
        FieldError::invalid("spec.preserveUnknownFields", "true", detail)
    });
    Ok(versions
        .into_iter()
        .zip(checked)
        .map(|(v, (schema, mut structural_errors))| {
            structural_errors.extend(defaults_error.clone());
            VersionSchema {
                crd_name: head.crd_name.clone(),
                group: head.group.clone(),
                version: v.name,
                kind: head.kind.clone(),
                served: v.served,
                schema,
                structural_errors,
                prune,
                source: source.to_string(),
                namespaced: facts::namespaced(spec),
                subresources: v.subresources,
            }
        })
        .collect())
}

/// apiVersion, kind, metadata.name, spec.group and spec.names.kind.
fn head(crd: &Value) -> Result<Head<'_>, Malformed> {
    let root = crd
        .as_object()
        .ok_or_else(|| Malformed::new("", format!("must be a map, not {}", json_kind(crd))))?;
    let api_version = req_str(root, "apiVersion")?;
    if api_version != V1 && api_version != V1BETA1 {
        let m = format!("must be {V1} or {V1BETA1}, not {api_version:?}");
        return Err(Malformed::new("apiVersion", m));
    }
    let kind = req_str(root, "kind")?;
    if kind != "CustomResourceDefinition" {
        let m = format!("must be CustomResourceDefinition, not {kind:?}");
        return Err(Malformed::new("kind", m));
    }
    let metadata = req_map(root, "metadata")?;
    let crd_name = req_str(metadata, "name").map_err(|e| e.under("metadata"))?;
    let spec = req_map(root, "spec")?;
    let names = req_map(spec, "names").map_err(|e| e.under("spec"))?;
    Ok(Head {
        crd_name,
        group: req_str(spec, "group").map_err(|e| e.under("spec"))?,
        kind: req_str(names, "kind").map_err(|e| e.under("spec.names"))?,
        v1beta1: api_version == V1BETA1,
        spec,
    })
}

/// Converts and checks each version's schema under the apiserver's path: the top-level one
/// (v1beta1 `spec.validation`, or v1 schemas identical in every version) is checked once.
fn check_versions(
    versions: &[Version<'_>],
    top: Option<&Value>,
    hoist: bool,
    structural: bool,
) -> Result<Vec<Checked>, SchemaError> {
    let identical = hoist
        && versions
            .windows(2)
            .all(|w| same_opt(w[0].schema, w[1].schema, same_json));
    let shared = match (top, identical, versions.first().and_then(|v| v.schema)) {
        (Some(s), _, _) | (None, true, Some(s)) => Some(check(s, TOP_LEVEL, structural)?),
        _ => None,
    };
    let mut out = Vec::with_capacity(versions.len());
    for (i, v) in versions.iter().enumerate() {
        out.push(match (v.schema, &shared) {
            (Some(s), _) if !identical => {
                let path = format!("spec.versions[{i}].schema.openAPIV3Schema");
                check(s, &path, structural)?
            }
            (_, Some(shared)) => shared.clone(),
            _ => (None, Vec::new()),
        });
    }
    Ok(out)
}

fn check(schema: &Value, path: &str, required: bool) -> Result<Checked, SchemaError> {
    let (structural, errs) = check_schema_with(schema, path, required)?;
    Ok((structural.map(Arc::new), errs))
}

/// The versions, with v1beta1's `spec.version` implying the list when `spec.versions` is empty.
fn versions(spec: &Map<String, Value>, v1beta1: bool) -> Result<Vec<Version<'_>>, Malformed> {
    let list = match spec.get("versions") {
        None | Some(Value::Null) => &[][..],
        Some(Value::Array(list)) => list.as_slice(),
        Some(other) => {
            let m = format!("must be a list, not {}", json_kind(other));
            return Err(Malformed::new("spec.versions", m));
        }
    };
    if list.is_empty() {
        let single = match spec.get("version") {
            Some(Value::String(s)) if v1beta1 && !s.is_empty() => s.clone(),
            _ => {
                return Err(Malformed::new(
                    "spec.versions",
                    "must have at least one version",
                ))
            }
        };
        return Ok(vec![Version {
            name: single,
            served: true,
            schema: None,
            subresources: facts::subresources(spec, None),
        }]);
    }
    list.iter()
        .enumerate()
        .map(|(i, v)| {
            let at = format!("spec.versions[{i}]");
            let m = v.as_object().ok_or_else(|| {
                Malformed::new(at.clone(), format!("must be a map, not {}", json_kind(v)))
            })?;
            let name = req_str(m, "name").map_err(|e| e.under(&at))?;
            let served = opt_bool(m, "served").map_err(|e| e.under(&at))?;
            let schema = schema_at(m, "schema").map_err(|e| e.under(&at))?;
            Ok(Version {
                name,
                served: served.unwrap_or(false),
                schema,
                subresources: facts::subresources(spec, Some(m)),
            })
        })
        .collect()
}

/// `m[k].openAPIV3Schema`, when present.
fn schema_at<'a>(m: &'a Map<String, Value>, k: &str) -> Result<Option<&'a Value>, Malformed> {
    match m.get(k) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Object(v)) => match v.get("openAPIV3Schema") {
            None | Some(Value::Null) => Ok(None),
            Some(s @ Value::Object(_)) => Ok(Some(s)),
            Some(other) => Err(Malformed::new(
                format!("{k}.openAPIV3Schema"),
                format!("must be a map, not {}", json_kind(other)),
            )),
        },
        Some(other) => Err(Malformed::new(
            k,
            format!("must be a map, not {}", json_kind(other)),
        )),
    }
}

/// `m[k]`, a string that is not empty.
fn req_str(m: &Map<String, Value>, k: &str) -> Result<String, Malformed> {
    let message = match m.get(k) {
        Some(Value::String(s)) if !s.is_empty() => return Ok(s.clone()),
        None | Some(Value::Null) => format!("{k} is required"),
        Some(Value::String(_)) => format!("{k} must not be empty"),
        Some(other) => format!("must be a string, not {}", json_kind(other)),
    };
    Err(Malformed::new(k, message))
}

/// `m[k]`, a map.
fn req_map<'a>(m: &'a Map<String, Value>, k: &str) -> Result<&'a Map<String, Value>, Malformed> {
    let message = match m.get(k) {
        Some(Value::Object(o)) => return Ok(o),
        None | Some(Value::Null) => format!("{k} is required"),
        Some(other) => format!("must be a map, not {}", json_kind(other)),
    };
    Err(Malformed::new(k, message))
}

/// `m[k]`, a bool when set.
fn opt_bool(m: &Map<String, Value>, k: &str) -> Result<Option<bool>, Malformed> {
    match m.get(k) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Bool(b)) => Ok(Some(*b)),
        Some(other) => Err(Malformed::new(
            k,
            format!("must be a boolean, not {}", json_kind(other)),
        )),
    }
}

/// Whether any schema of the CRD sets a (non-null) `default` anywhere.
fn has_default(top: Option<&Value>, versions: &[Version<'_>]) -> bool {
    top.into_iter()
        .chain(versions.iter().filter_map(|v| v.schema))
        .any(schema_has_default)
}

fn schema_has_default(s: &Value) -> bool {
    let Some(m) = s.as_object() else {
        return false;
    };
    let sub = |k: &str| m.get(k).into_iter();
    m.get("default").is_some_and(|d| !d.is_null())
        || ["items", "additionalProperties", "not"]
            .iter()
            .flat_map(|k| sub(k))
            .any(|v| match v {
                Value::Array(list) => list.iter().any(schema_has_default),
                other => schema_has_default(other),
            })
        || ["allOf", "anyOf", "oneOf"]
            .iter()
            .flat_map(|k| sub(k))
            .filter_map(Value::as_array)
            .any(|list| list.iter().any(schema_has_default))
        || sub("properties")
            .filter_map(Value::as_object)
            .any(|props| props.values().any(schema_has_default))
}

#[cfg(test)]
mod tests;
