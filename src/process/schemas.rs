//! Collecting schemas for a run: the CRDs among the items (v1 and v1beta1, they win over files),
//! then the config's schema paths; conflicts become warnings and each non-structural CRD one
//! error result naming it and every violation.

use super::ProcessError;
use crate::config::Config;
use crate::engine;
use crate::results::{KrmResult, Severity};
use crate::schema::crd::load_crd;
use crate::schema::registry::Registry;
use crate::schema::{map_schemas, VersionSchema};
use crate::sources::load_path_except;
use crate::yaml::json::to_json;
use crate::yaml::Node;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Whether an item is a CustomResourceDefinition (apiextensions.k8s.io, v1 or v1beta1).
pub fn is_crd(item: &Node) -> bool {
    let s = |k: &str| item.get(k).and_then(Node::scalar_str);
    matches!(
        s("apiVersion"),
        Some("apiextensions.k8s.io/v1" | "apiextensions.k8s.io/v1beta1")
    ) && s("kind") == Some("CustomResourceDefinition")
}

/// Builds the registry; pushes conflict warnings and non-structural errors onto `results`.
pub fn collect_schemas(
    items: &[Node],
    labels: &[String],
    config: &Config,
    results: &mut Vec<KrmResult>,
) -> Result<Registry, ProcessError> {
    let mut registry = Registry::new();
    for (item, label) in items.iter().zip(labels) {
        if !is_crd(item) {
            continue;
        }
        let versions = load_item_crd(item, label, results)?;
        add(&mut registry, versions, true, results);
    }
    for path in &config.schemas {
        let versions = load_file(path, results)?;
        add(&mut registry, versions, false, results);
    }
    Ok(registry)
}

/// Loads a CRD among the items (`label` names the item); pushes its non-structural error.
pub(crate) fn load_item_crd(
    item: &Node,
    label: &str,
    results: &mut Vec<KrmResult>,
) -> Result<Vec<VersionSchema>, ProcessError> {
    let name = item
        .get("metadata")
        .and_then(|m| m.get("name"))
        .and_then(Node::scalar_str)
        .unwrap_or("");
    let source = format!("{label} (CustomResourceDefinition {name})");
    let json = to_json(item).map_err(|e| ProcessError::Unreadable {
        label: source.clone(),
        source: e,
    })?;
    let mut versions = load_crd(&json, &source)?;
    slim(&mut versions);
    if let Some(msg) = non_structural_message(&versions) {
        results.push(KrmResult::about(Severity::Error, msg, item));
    }
    Ok(versions)
}

/// Loads a schema file or directory of the config; pushes one error per non-structural CRD.
pub(super) fn load_file(
    path: &Path,
    results: &mut Vec<KrmResult>,
) -> Result<Vec<VersionSchema>, ProcessError> {
    load_file_except(path, &HashSet::new(), results)
}

/// [`load_file`] leaving out the files in `except` (canonical paths read as items instead).
pub(crate) fn load_file_except(
    path: &Path,
    except: &HashSet<PathBuf>,
    results: &mut Vec<KrmResult>,
) -> Result<Vec<VersionSchema>, ProcessError> {
    let mut versions = load_path_except(path, except)?;
    slim(&mut versions);
    for msg in non_structural_by_crd(&versions) {
        results.push(KrmResult::new(
            Severity::Error,
            format!("{}: {msg}", path.display()),
        ));
    }
    Ok(versions)
}

/// Adds to the registry; pushes its conflict warnings.
pub(crate) fn add(
    registry: &mut Registry,
    versions: Vec<VersionSchema>,
    from_items: bool,
    results: &mut Vec<KrmResult>,
) {
    for w in registry.add(versions, from_items) {
        results.push(KrmResult::new(Severity::Warning, w));
    }
}

/// For one CRD's versions: the error message when any version is non-structural.
fn non_structural_message<'a>(
    versions: impl IntoIterator<Item = &'a VersionSchema>,
) -> Option<String> {
    let mut errors: Vec<&str> = Vec::new();
    let mut name = None;
    for vs in versions {
        name.get_or_insert(vs.crd_name.as_str());
        for e in &vs.structural_errors {
            if !errors.contains(&e.as_str()) {
                errors.push(e);
            }
        }
    }
    let name = name?;
    (!errors.is_empty()).then(|| {
        format!(
            "CustomResourceDefinition {name} is not structural (the apiserver rejects it); its objects are left unchanged: {}",
            errors.join("; ")
        )
    })
}

/// [`non_structural_message`] for a file source that may hold several CRDs.
fn non_structural_by_crd(versions: &[VersionSchema]) -> Vec<String> {
    let mut names: Vec<&str> = Vec::new();
    for vs in versions {
        if !names.contains(&vs.crd_name.as_str()) {
            names.push(&vs.crd_name);
        }
    }
    names
        .into_iter()
        .filter_map(|n| non_structural_message(versions.iter().filter(|v| v.crd_name == n)))
        .collect()
}

/// Readies the versions for processing: defaults pruned ([`engine::prepare`]), then what
/// processing never reads stripped out of each distinct schema (see
/// [`crate::schema::Structural::strip_for_processing`]).
fn slim(versions: &mut [VersionSchema]) {
    engine::prepare(versions);
    map_schemas(versions, |s, _| s.strip_for_processing());
}
