//! Would kube-apiserver 1.36 accept this CustomResourceDefinition? The checks of a create
//! request (`ValidateCustomResourceDefinition` after the strategy's `PrepareForCreate`) that
//! are not about the inside of a schema: metadata and its name, group, scope, names, versions
//! and the storage version, `status.storedVersions`, printer columns, subresources, selectable
//! fields, conversion and its webhook, `preserveUnknownFields`, the API-approval annotation, a
//! missing schema, list and map types, the root of a schema with the status subresource. The
//! schema's structural, default and CEL checks are [`super::schemacheck`]'s, made by the loader
//! ([`super::load`]) and `process::rules`; [`validate_create`] gives the rest, with the
//! apiserver's messages.
//!
//! The apiserver validates the internal form of the CRD: a field that is the same in every
//! version (schema, subresources, printer columns, selectable fields) moves to the top level
//! (`spec.validation`, `spec.subresources`, ...), so messages name it there. `Spec::of`
//! builds that view. Values that are Go structs are printed as `json.Marshal` prints them
//! (`gostruct`).
//!
//! [`validate_update`] is the update request (`ValidateCustomResourceDefinitionUpdate` after
//! `PrepareForUpdate`): the same checks, then what must not change, with the old CRD's
//! stored versions.

mod cabundle;
mod checks;
mod gosharp;
mod gostruct;
mod lists;
mod update;

pub use update::validate_update;

use crate::field::FieldError;
use crate::schema::{same_json, same_map, same_opt};
use serde_json::{Map, Value};

/// One entry of the internal `spec.versions`: per-version fields are `None` when they moved to
/// the top level.
#[derive(Clone, Debug)]
pub(crate) struct Version<'a> {
    pub name: &'a str,
    pub served: bool,
    pub storage: bool,
    pub deprecated: bool,
    pub deprecation_warning: Option<&'a str>,
    /// The version's `schema` (a `CustomResourceValidation`).
    pub schema: Option<&'a Map<String, Value>>,
    pub subresources: Option<&'a Value>,
    pub columns: Option<&'a Value>,
    pub selectable: Option<&'a Value>,
}

/// The internal form of a v1 CRD's spec, as the apiserver validates it.
#[derive(Clone, Debug)]
pub(crate) struct Spec<'a> {
    pub group: &'a str,
    pub names: Option<&'a Map<String, Value>>,
    pub scope: &'a str,
    pub versions: Vec<Version<'a>>,
    /// `spec.versions` is absent (Go's nil slice; `versions: []` is an empty one).
    pub versions_nil: bool,
    /// `spec.validation`: the schema every version shares.
    pub validation: Option<&'a Map<String, Value>>,
    pub subresources: Option<&'a Value>,
    pub columns: Option<&'a Value>,
    pub selectable: Option<&'a Value>,
    pub conversion: Option<&'a Map<String, Value>>,
    pub preserve_unknown_fields: bool,
}

fn text<'a>(m: &'a Map<String, Value>, k: &str) -> &'a str {
    m.get(k).and_then(Value::as_str).unwrap_or("")
}

fn flag(m: &Map<String, Value>, k: &str) -> bool {
    m.get(k).and_then(Value::as_bool).unwrap_or(false)
}

/// A field as Go decodes it: absent, `null` and an empty list are all nil for the semantic
/// equality the conversion uses.
fn present(v: Option<&Value>) -> Option<&Value> {
    match v {
        None | Some(Value::Null) => None,
        Some(Value::Array(a)) if a.is_empty() => None,
        other => other,
    }
}

impl<'a> Spec<'a> {
    /// The internal view of `spec` (of a v1 CRD).
    pub fn of(spec: &'a Map<String, Value>) -> Spec<'a> {
        let empty: &[Value] = &[];
        let list = spec
            .get("versions")
            .and_then(Value::as_array)
            .map_or(empty, Vec::as_slice);
        let mut versions: Vec<Version<'a>> = list
            .iter()
            .map(|v| {
                let m = v.as_object();
                let get = |k: &str| m.and_then(|m| present(m.get(k)));
                Version {
                    name: m.map_or("", |m| text(m, "name")),
                    served: m.is_some_and(|m| flag(m, "served")),
                    storage: m.is_some_and(|m| flag(m, "storage")),
                    deprecated: m.is_some_and(|m| flag(m, "deprecated")),
                    deprecation_warning: get("deprecationWarning").and_then(Value::as_str),
                    schema: get("schema").and_then(Value::as_object),
                    subresources: get("subresources").filter(|v| v.is_object()),
                    columns: get("additionalPrinterColumns"),
                    selectable: get("selectableFields"),
                }
            })
            .collect();
        let mut out = Spec {
            group: text(spec, "group"),
            names: spec.get("names").and_then(Value::as_object),
            scope: text(spec, "scope"),
            versions: Vec::new(),
            versions_nil: !matches!(spec.get("versions"), Some(Value::Array(_))),
            validation: None,
            subresources: None,
            columns: None,
            selectable: None,
            conversion: spec.get("conversion").and_then(Value::as_object),
            preserve_unknown_fields: flag(spec, "preserveUnknownFields"),
        };
        if let Some(first) = versions.first().cloned() {
            let same = |f: fn(&Version<'a>) -> Option<&'a Value>| {
                versions
                    .iter()
                    .all(|v| same_opt(f(v), f(&first), same_json))
            };
            let schemas_same = versions
                .iter()
                .all(|v| same_opt(v.schema, first.schema, same_map));
            let subs_same = same(|v| v.subresources);
            let cols_same = same(|v| v.columns);
            let sel_same = same(|v| v.selectable);
            if schemas_same {
                out.validation = first.schema;
            }
            if subs_same {
                out.subresources = first.subresources;
            }
            if cols_same {
                out.columns = first.columns;
            }
            if sel_same {
                out.selectable = first.selectable;
            }
            for v in &mut versions {
                if schemas_same {
                    v.schema = None;
                }
                if subs_same {
                    v.subresources = None;
                }
                if cols_same {
                    v.columns = None;
                }
                if sel_same {
                    v.selectable = None;
                }
            }
        }
        out.versions = versions;
        out
    }

    /// The internal `spec.version`: the first version's name.
    pub fn version(&self) -> &'a str {
        self.versions.first().map_or("", |v| v.name)
    }

    /// The subresources that apply to version `i` (`getSubresourcesForVersion`).
    pub fn subresources_of(&self, i: usize) -> Option<&'a Value> {
        if self.versions.iter().any(|v| v.subresources.is_some()) {
            self.versions[i].subresources
        } else {
            self.subresources
        }
    }

    /// Whether any subresources (top-level or per version) enable status.
    pub fn any_status(&self) -> bool {
        std::iter::once(self.subresources)
            .chain(self.versions.iter().map(|v| v.subresources))
            .any(has_status)
    }
}

/// Whether subresources enable `status`.
pub(crate) fn has_status(sub: Option<&Value>) -> bool {
    sub.and_then(|s| s.get("status"))
        .is_some_and(Value::is_object)
}

/// The causes of a create request's 422 that the loader does not give (see the module doc),
/// in the apiserver's order. Empty for a CRD it accepts, and for anything but a v1 CRD (v1beta1
/// CRDs are read for their schemas only; kube-apiserver 1.36 no longer serves that version).
pub fn validate_create(crd: &Value) -> Vec<FieldError> {
    let Some(root) = crd.as_object() else {
        return Vec::new();
    };
    if root.get("apiVersion").and_then(Value::as_str) != Some("apiextensions.k8s.io/v1") {
        return Vec::new();
    }
    let empty = Map::new();
    let spec_map = root
        .get("spec")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    if !versions_decode(spec_map) {
        return Vec::new();
    }
    let spec = Spec::of(spec_map);
    let meta = root.get("metadata").unwrap_or(&Value::Null);
    let stored = stored_on_create(&spec);
    checks::all(meta, &spec, &stored, &checks::Opts::default(), None)
}

/// Whether `spec.versions` decodes into the apiserver's list (absent, null or a list): any
/// other value is a 400 before validation, which the loader reports as malformed.
pub(crate) fn versions_decode(spec: &Map<String, Value>) -> bool {
    matches!(
        spec.get("versions"),
        None | Some(Value::Null | Value::Array(_))
    )
}

/// Whether a cause is one that the tools installing a CRD usually settle (a conversion
/// webhook's service name and namespace, filled in when the operator is deployed): the
/// apiserver refuses the manifest as written, but it is reported as a warning and the CRD is
/// loaded.
pub fn settled_at_install(e: &FieldError) -> bool {
    matches!(
        e.field.as_str(),
        "spec.conversion.webhookClientConfig.service.name"
            | "spec.conversion.webhookClientConfig.service.namespace"
    ) && e.type_ == crate::field::ErrorType::Required
}

/// `status.storedVersions` after `PrepareForCreate`: the storage version, if any.
fn stored_on_create(spec: &Spec<'_>) -> Vec<String> {
    spec.versions
        .iter()
        .find(|v| v.storage)
        .map(|v| vec![v.name.to_string()])
        .unwrap_or_default()
}

/// A copy of `crd` with stand-ins for the names the loader needs (metadata.name, spec.group,
/// spec.names.kind, version names), so that the schemas of a CRD refused for its names are
/// still checked.
pub fn with_stand_ins(crd: &Value) -> Value {
    let mut out = crd.clone();
    let Some(root) = out.as_object_mut() else {
        return out;
    };
    let fill = |m: &mut Map<String, Value>, k: &str, v: &str| {
        if m.get(k).and_then(Value::as_str).is_none_or(str::is_empty) {
            m.insert(k.to_string(), Value::String(v.to_string()));
        }
    };
    let meta = root
        .entry("metadata")
        .or_insert_with(|| Value::Object(Map::new()));
    if let Some(m) = meta.as_object_mut() {
        fill(m, "name", "stand-in");
    }
    let spec = root
        .entry("spec")
        .or_insert_with(|| Value::Object(Map::new()));
    let Some(spec) = spec.as_object_mut() else {
        return out;
    };
    fill(spec, "group", "stand-in.invalid");
    let names = spec
        .entry("names")
        .or_insert_with(|| Value::Object(Map::new()));
    if let Some(n) = names.as_object_mut() {
        fill(n, "kind", "StandIn");
    }
    if let Some(Value::Array(versions)) = spec.get_mut("versions") {
        for (i, v) in versions.iter_mut().enumerate() {
            if let Some(v) = v.as_object_mut() {
                fill(v, "name", &format!("stand-in-{i}"));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;
