//! What a CRD change does to the objects that exist: with the previous revision (`--previous`,
//! `previous:`, `check --base`) holding a CRD and objects of it, and the input a changed
//! revision of that CRD that the apiserver accepts, each previous object is taken as the
//! cluster stored it (pruned and defaulted under the old CRD; an object whose create the old
//! CRD refuses was never stored) and read back through the new CRD, then judged as its next
//! update would be if it changed nothing (a controller's read-modify-write, a re-apply):
//!
//! - a field the new CRD prunes (gone from reads at once, from storage on the next write):
//!   a warning;
//! - a default the new CRD adds (or a value it reads otherwise): an info;
//! - a cause of the 422 of that unchanged update (nothing ratchets it): a warning;
//! - a cause of a create's 422 that ratcheting drops from the unchanged update (the object
//!   keeps working until the value changes; a create of it, e.g. in a new cluster, is refused):
//!   an info;
//! - a version of the object that the new CRD no longer defines or serves: a warning.
//!
//! Each is one result about the previous object (its resourceRef, `field.path`), its message
//! naming the field and the new CRD, tagged `crd-change: pruned|defaulted|changed|refused|
//! ratcheted|version`. A CRD whose update the apiserver refuses changes nothing (the cluster
//! keeps the old one): no result.

use super::previous::{group_of, text, Previous};
use super::schemas::{is_crd, Checks, Schemas};
use super::{api_version_kind, rules};
use crate::config::{Config, Validation};
use crate::engine::{self, Options};
use crate::field;
use crate::results::{KrmResult, ResourceRef, Severity};
use crate::schema::registry::{Entry, Lookup};
use crate::yaml::json::to_json;
use crate::yaml::Node;
use serde_json::Value;

/// The key of the tag every impact result carries (its value says which kind of change).
pub const TAG: &str = "crd-change";

/// The impact of each changed CRD among `crds` (the input's) on the previous objects of it,
/// in the order of the CRDs and of the previous objects.
pub fn report<'a>(
    crds: impl IntoIterator<Item = &'a Node>,
    previous: &Previous,
    registry: &Schemas,
    config: &Config,
) -> Vec<KrmResult> {
    let mut out = Vec::new();
    for crd in crds.into_iter().filter(|c| is_crd(c)) {
        if !changed(crd, previous) {
            continue;
        }
        let group = text(crd, &["spec", "group"]);
        let kind = text(crd, &["spec", "names", "kind"]);
        let name = text(crd, &["metadata", "name"]);
        if refused(crd, group, kind, registry) {
            continue;
        }
        for obj in previous.objects_of(group, kind) {
            let (api_version, _) = api_version_kind(&obj);
            object(
                &obj,
                &api_version,
                name,
                previous,
                registry,
                config,
                &mut out,
            );
        }
    }
    out
}

/// Whether the previous revision holds the CRD `crd` with another `spec` (the only CRDs
/// [`report`] looks at).
pub(crate) fn changed(crd: &Node, previous: &Previous) -> bool {
    previous
        .crd_of(crd)
        .is_some_and(|old| old.spec_json() != crd.get("spec").and_then(|s| to_json(s).ok()))
}

/// Whether the apiserver refuses the CRD `crd` (its versions are registered refused, or not at
/// all): the cluster keeps the old one.
fn refused(crd: &Node, group: &str, kind: &str, registry: &Schemas) -> bool {
    let versions = crd
        .get("spec")
        .and_then(|s| s.get("versions"))
        .and_then(Node::as_seq)
        .map(|s| s.items.as_slice())
        .unwrap_or(&[]);
    let mut known = false;
    for v in versions {
        let name = v.get("name").and_then(Node::scalar_str).unwrap_or("");
        match registry.lookup(&format!("{group}/{name}"), kind) {
            Lookup::Found(e) | Lookup::NotServed(e) => {
                if !e.structural_errors.is_empty() || rules::refused(e) {
                    return true;
                }
                known = true;
            }
            _ => {}
        }
    }
    !known
}

/// A result about `obj` tagged with what kind of change it is.
fn about(severity: Severity, msg: String, obj: &Node, what: &str, at: &str) -> KrmResult {
    let mut r = KrmResult::about(severity, msg, obj);
    if !at.is_empty() {
        r = r.with_field(at);
    }
    r.tags.push((TAG, what.to_string()));
    r
}

/// The impact on one previous object (see the module doc).
fn object(
    obj: &Node,
    api_version: &str,
    crd: &str,
    previous: &Previous,
    registry: &Schemas,
    config: &Config,
    out: &mut Vec<KrmResult>,
) {
    let kind = text(obj, &["kind"]);
    let Lookup::Found(old_vs) = previous.lookup(api_version, kind) else {
        return;
    };
    let Some(stored) = stored(obj, old_vs, config) else {
        return;
    };
    let version = api_version.rsplit('/').next().unwrap_or("");
    let vs = match registry.lookup(api_version, kind) {
        Lookup::Found(vs) => vs,
        Lookup::NotFound => return,
        Lookup::VersionNotFound { .. } => {
            let msg = format!("version {version} is not defined by the new CustomResourceDefinition {crd}: the stored object can no longer be read or written as {api_version}");
            out.push(about(Severity::Warning, msg, obj, "version", ""));
            return;
        }
        Lookup::NotServed(_) => {
            let msg = format!("version {version} is not served by the new CustomResourceDefinition {crd}: the stored object can no longer be read or written as {api_version}");
            out.push(about(Severity::Warning, msg, obj, "version", ""));
            return;
        }
    };
    // A refused CRD is not loaded (the cluster keeps the old one).
    if vs.schema.is_none() || !vs.structural_errors.is_empty() || rules::refused(vs) {
        return;
    }
    let mut read = stored.clone();
    let opts = Options {
        prune: config.prune && vs.prune,
        default: config.default,
    };
    if engine::apply(&mut read, vs, &opts).refused.is_some() {
        return;
    }
    if let (Ok(before), Ok(after)) = (to_json(&stored), to_json(&read)) {
        let mut changes = Vec::new();
        diff(&before, &after, "", &mut changes);
        for (at, change) in changes {
            let (severity, what, msg) = match change {
                Change::Removed => (Severity::Warning, "pruned", format!("{at}: pruned by the new CustomResourceDefinition {crd}: reads of the stored object no longer show it, and its next update drops it from storage")),
                Change::Added(v) => (Severity::Info, "defaulted", format!("{at}: defaulted to {v} by the new CustomResourceDefinition {crd}: reads of the stored object show it, and its next update stores it")),
                Change::Changed(a, b) => (Severity::Info, "changed", format!("{at}: reads as {b} (stored: {a}) under the new CustomResourceDefinition {crd}")),
            };
            out.push(about(severity, msg, obj, what, &at));
        }
    }
    if config.validation != Validation::Ignore {
        errors(obj, &read, vs, crd, out);
    }
}

/// The detail of the error a create adds when CEL rules were skipped for a blocking error.
const NOT_CHECKED: &str = "some validation rules were not checked";

/// The causes of the 422 of an unchanged update of `read` (refused), and those of a create
/// that ratcheting drops from it (ratcheted).
fn errors(obj: &Node, read: &Node, vs: &Entry<Checks>, crd: &str, out: &mut Vec<KrmResult>) {
    let checks = &vs.attached;
    let Some(validator) = &checks.validator else {
        return;
    };
    let create = validator.validate(read, |o| checks.cel_errors(o));
    let update = validator.validate_update(read, read, |o, old| checks.cel_update_errors(o, old));
    let texts: Vec<String> = update.iter().map(ToString::to_string).collect();
    for (e, text) in update.iter().zip(&texts) {
        let msg = format!("{text} (refused under the new CustomResourceDefinition {crd}: the next update of the stored object fails, even one that changes nothing)");
        out.push(about(Severity::Warning, msg, obj, "refused", &e.field));
    }
    let update = texts;
    for e in create {
        let m = e.to_string();
        // Not a cause of its own: the create's note that rules were skipped.
        if update.contains(&m) || (e.field.is_empty() && m.contains(NOT_CHECKED)) {
            continue;
        }
        let msg = format!("{m} (ratcheted under the new CustomResourceDefinition {crd}: an update that leaves this value unchanged is accepted; one that changes it, or a create of the object, is refused)");
        out.push(about(Severity::Info, msg, obj, "ratcheted", &e.field));
    }
}

/// `obj` as the cluster stored it under the old CRD's version `vs` (`None`: its create was
/// refused, so it was never stored). With the status subresource a create resets `status`.
fn stored(obj: &Node, vs: &Entry<Checks>, config: &Config) -> Option<Node> {
    if vs.schema.is_none() || !vs.structural_errors.is_empty() {
        return None;
    }
    let mut stored = obj.clone();
    let opts = Options {
        prune: config.prune && vs.prune,
        default: config.default,
    };
    if engine::apply(&mut stored, vs, &opts).refused.is_some() {
        return None;
    }
    if let Some(v) = &vs.attached.validator {
        if !v
            .validate(&stored, |o| vs.attached.cel_errors(o))
            .is_empty()
        {
            return None;
        }
    }
    if vs.subresources.status {
        if let Some(m) = stored.as_map_mut() {
            m.remove("status");
        }
    }
    Some(stored)
}

/// How a value read through the new CRD differs from the stored one.
#[derive(Debug, PartialEq)]
enum Change {
    Removed,
    /// Added, with the new value as JSON.
    Added(String),
    /// Stored and read values as JSON.
    Changed(String, String),
}

/// The changes from `a` to `b` under `path`, in document order (a list whose length changes is
/// one change).
fn diff(a: &Value, b: &Value, path: &str, out: &mut Vec<(String, Change)>) {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (k, v) in x {
                let at = field::child(path, k);
                match y.get(k) {
                    Some(w) => diff(v, w, &at, out),
                    None => out.push((at, Change::Removed)),
                }
            }
            for (k, w) in y.iter().filter(|(k, _)| !x.contains_key(*k)) {
                out.push((field::child(path, k), Change::Added(w.to_string())));
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (v, w)) in x.iter().zip(y).enumerate() {
                diff(v, w, &field::index(path, i), out);
            }
        }
        (Value::Null, b) if !b.is_null() => {
            out.push((path.to_string(), Change::Added(b.to_string())))
        }
        (a, b) if a != b => out.push((
            path.to_string(),
            Change::Changed(a.to_string(), b.to_string()),
        )),
        _ => {}
    }
}

/// Whether two references name the same object: API group, kind, namespace (absent: `default`)
/// and name; the version may differ.
pub fn same_object(a: &ResourceRef, b: &ResourceRef) -> bool {
    let ns = |n: &str| {
        if n.is_empty() {
            "default".to_string()
        } else {
            n.to_string()
        }
    };
    group_of(&a.api_version) == group_of(&b.api_version)
        && a.kind == b.kind
        && a.name == b.name
        && ns(&a.namespace) == ns(&b.namespace)
}

#[cfg(test)]
#[path = "impact/tests.rs"]
mod tests;
