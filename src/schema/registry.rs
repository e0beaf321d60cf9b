//! The schema registry: maps an object's `apiVersion`/`kind` to the [`VersionSchema`] of that
//! group/version/kind, in O(1) (two hash lookups keyed by borrowed `&str`, no allocation).
//!
//! Precedence when one group/version/kind comes from two sources: a CRD among the items wins
//! over any file source; otherwise the first one added wins. Every conflict yields a warning that
//! names both sources. Precedence is decided per group/version/kind: a CRD among the items that
//! defines only `v1` of a kind overrides a file's `v1` and leaves that file's `v2` in place.
//!
//! A kind of one of Kubernetes' built-in API groups ([`is_builtin_group`]) is never added: the
//! apiserver serves those objects itself, so a CRD's schema for one is reported and ignored.

use super::VersionSchema;
use crate::fxhash::SeededHashMap as HashMap;
use std::ops::Deref;

/// A registered version: its schema and what the caller attached to it (`T`: for processing,
/// the version's compiled checks). It reads as the [`VersionSchema`] it holds.
#[derive(Clone, Debug)]
pub struct Entry<T = ()> {
    pub vs: VersionSchema,
    pub attached: T,
}

impl<T> Deref for Entry<T> {
    type Target = VersionSchema;

    fn deref(&self) -> &VersionSchema {
        &self.vs
    }
}

/// Kubernetes' built-in API groups (as of v1.36, plus the aggregated metrics APIs).
const BUILTIN_GROUPS: &[&str] = &[
    "",
    "admission.k8s.io",
    "admissionregistration.k8s.io",
    "apidiscovery.k8s.io",
    "apiextensions.k8s.io",
    "apiregistration.k8s.io",
    "apps",
    "authentication.k8s.io",
    "authorization.k8s.io",
    "autoscaling",
    "batch",
    "certificates.k8s.io",
    "coordination.k8s.io",
    "custom.metrics.k8s.io",
    "discovery.k8s.io",
    "events.k8s.io",
    "extensions",
    "external.metrics.k8s.io",
    "flowcontrol.apiserver.k8s.io",
    "imagepolicy.k8s.io",
    "internal.apiserver.k8s.io",
    "metrics.k8s.io",
    "networking.k8s.io",
    "node.k8s.io",
    "policy",
    "rbac.authorization.k8s.io",
    "resource.k8s.io",
    "scheduling.k8s.io",
    "storage.k8s.io",
    "storagemigration.k8s.io",
];

/// Whether `group` is one of Kubernetes' built-in API groups, which the apiserver serves with its
/// own Go types: a request under a group/version its own API serves never reaches a CRD's
/// handler (genericapiserver's `director` hands every path under a registered web service's root
/// to go-restful), so a CRD's schema for a kind there is never used.
pub fn is_builtin_group(group: &str) -> bool {
    BUILTIN_GROUPS.contains(&group)
}

/// What the registry knows about an `apiVersion`/`kind`.
#[derive(Debug)]
pub enum Lookup<'a, T = ()> {
    /// No schema for this group/kind at all (native kinds, unknown custom resources).
    NotFound,
    /// The group/kind is known but not this version; `crd_name` names the CRD (or definition).
    VersionNotFound { crd_name: &'a str },
    /// The version exists but is not served (`served: false`).
    NotServed(&'a Entry<T>),
    /// The version exists and is served.
    Found(&'a Entry<T>),
}

impl<T> Clone for Lookup<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Lookup<'_, T> {}

/// One group/version/kind's winning schema and where it came from.
#[derive(Debug)]
struct Slot<T> {
    entry: Entry<T>,
    from_items: bool,
}

/// All versions known for one group/kind.
#[derive(Debug)]
struct KindEntry<T> {
    /// The CRD (or definition) reported by [`Lookup::VersionNotFound`]: the first one added,
    /// replaced when a CRD among the items arrives.
    crd_name: String,
    crd_name_from_items: bool,
    versions: HashMap<String, Slot<T>>,
}

/// Schemas by group → kind → version, each with an attachment of type `T`.
#[derive(Debug)]
pub struct Registry<T = ()> {
    groups: HashMap<String, HashMap<String, KindEntry<T>>>,
    len: usize,
}

impl<T> Default for Registry<T> {
    fn default() -> Self {
        Registry {
            groups: HashMap::default(),
            len: 0,
        }
    }
}

impl Registry {
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds schemas (`from_items`: they come from CRDs among the ResourceList's items). Returns
    /// one warning per group/version/kind that was already present, naming both sources.
    pub fn add(&mut self, versions: Vec<VersionSchema>, from_items: bool) -> Vec<String> {
        let entries = versions.into_iter().map(|vs| Entry { vs, attached: () });
        self.add_entries(entries, from_items)
    }
}

impl<T> Registry<T> {
    /// [`Registry::add`] for versions with their attachments.
    pub fn add_entries(
        &mut self,
        entries: impl IntoIterator<Item = Entry<T>>,
        from_items: bool,
    ) -> Vec<String> {
        let mut warnings = Vec::new();
        for e in entries {
            if let Some(w) = self.add_one(e, from_items) {
                warnings.push(w);
            }
        }
        warnings
    }

    fn add_one(&mut self, e: Entry<T>, from_items: bool) -> Option<String> {
        let vs = &e.vs;
        if is_builtin_group(&vs.group) {
            return Some(builtin_warning(vs));
        }
        let kinds = self.groups.entry(vs.group.clone()).or_default();
        let entry = kinds.entry(vs.kind.clone()).or_insert_with(|| KindEntry {
            crd_name: vs.crd_name.clone(),
            crd_name_from_items: from_items,
            versions: HashMap::default(),
        });
        if from_items && !entry.crd_name_from_items {
            entry.crd_name = vs.crd_name.clone();
            entry.crd_name_from_items = true;
        }
        let new = Slot {
            entry: e,
            from_items,
        };
        match entry.versions.get_mut(&new.entry.version) {
            None => {
                entry.versions.insert(new.entry.version.clone(), new);
                self.len += 1;
                None
            }
            Some(old) if from_items && !old.from_items => {
                let warning = conflict_warning(&new, old);
                *old = new;
                Some(warning)
            }
            Some(old) => Some(conflict_warning(old, &new)),
        }
    }

    /// The schema for an object's `apiVersion` (`group/version`, or `version` for the core
    /// group) and `kind`.
    pub fn lookup(&self, api_version: &str, kind: &str) -> Lookup<'_, T> {
        let Some((group, version)) = split_api_version(api_version) else {
            return Lookup::NotFound;
        };
        let Some(entry) = self.groups.get(group).and_then(|kinds| kinds.get(kind)) else {
            return Lookup::NotFound;
        };
        match entry.versions.get(version) {
            None => Lookup::VersionNotFound {
                crd_name: &entry.crd_name,
            },
            Some(slot) if slot.entry.served => Lookup::Found(&slot.entry),
            Some(slot) => Lookup::NotServed(&slot.entry),
        }
    }

    /// How many group/version/kinds are registered.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Every registered schema (the winners), in no particular order.
    pub fn schemas(&self) -> impl Iterator<Item = &VersionSchema> {
        self.groups
            .values()
            .flat_map(|kinds| kinds.values())
            .flat_map(|entry| entry.versions.values())
            .map(|slot| &slot.entry.vs)
    }
}

/// Splits `group/version` (or a core `version`) into its parts; `None` when malformed.
pub fn split_api_version(api_version: &str) -> Option<(&str, &str)> {
    let (group, version) = match api_version.split_once('/') {
        Some((g, v)) if !g.is_empty() => (g, v),
        Some(_) => return None,
        None => ("", api_version),
    };
    if version.is_empty() || version.contains('/') {
        return None;
    }
    Some((group, version))
}

/// The warning for a version of a kind in a built-in API group, which is not added.
fn builtin_warning(vs: &VersionSchema) -> String {
    format!(
        "{}/{}, Kind={} is in the built-in API group {:?}, which the apiserver serves with its own \
         types: ignoring {} from {} (its objects are left unchanged)",
        vs.group, vs.version, vs.kind, vs.group, vs.crd_name, vs.source
    )
}

/// `example.com/v1, Kind=Widget is defined twice: using ... from ..., ignoring ... from ... (why)`.
fn conflict_warning<T>(kept: &Slot<T>, dropped: &Slot<T>) -> String {
    let why = if kept.from_items && !dropped.from_items {
        "the CRD among the items wins"
    } else {
        "the first source wins"
    };
    let k = &kept.entry.vs;
    let d = &dropped.entry.vs;
    let gv = if k.group.is_empty() {
        k.version.clone()
    } else {
        format!("{}/{}", k.group, k.version)
    };
    format!(
        "{gv}, Kind={} is defined twice: using {} from {}, ignoring {} from {} ({why})",
        k.kind, k.crd_name, k.source, d.crd_name, d.source
    )
}

#[cfg(test)]
mod tests;
