//! The previous revision (`--previous`, `previous:`): the objects and CRDs as the cluster holds
//! them now. An input custom resource whose API group, kind, namespace and name match one of
//! them is judged as an UPDATE of it: the old object is what the cluster stored on its create
//! (processed under the previous CRD when the previous objects hold one, else the input's),
//! read back through the input's CRD (apiVersion set, pruned and defaulted on read). An old
//! object whose own create the apiserver would refuse was never stored: the new one is a create.

use super::crd_update::OldCrd;
use super::schemas::lookup;
use super::schemas::{Checks, SchemaSet, Schemas};
use super::{api_version_kind, is_crd, ProcessError};
use crate::config::Config;
use crate::engine::{self, Options, Request};
use crate::resourcelist;
use crate::schema::registry::{split_api_version, Entry, Lookup};
use crate::schema::SchemaError;
use crate::sources::files_of;
use crate::yaml::Node;
use std::collections::HashMap;
use std::path::PathBuf;

/// The previous objects, by identity, and the schemas of the previous CRDs.
#[derive(Debug)]
pub struct Previous {
    /// (group, kind, name) → (namespace as written, index in `nodes`).
    objects: HashMap<(String, String, String), Vec<(String, usize)>>,
    nodes: Vec<Node>,
    /// CRD name → index in `nodes`.
    crds: HashMap<String, usize>,
    /// The schemas of the previous CRDs, each version with its checks.
    schemas: SchemaSet,
}

/// What processing needs to judge an update: the previous revision and the run's schemas
/// (`files`: a streamed run's schema files, looked up after the items' CRDs of `registry`).
#[derive(Clone, Copy)]
pub struct UpdateContext<'a> {
    pub previous: &'a Previous,
    pub registry: &'a Schemas,
    pub files: Option<&'a Schemas>,
}

/// The scalar text at `path` in `n` (empty when absent).
pub(super) fn text<'a>(n: &'a Node, path: &[&str]) -> &'a str {
    let mut at = n;
    for k in path {
        match at.get(k) {
            Some(x) => at = x,
            None => return "",
        }
    }
    at.scalar_str().unwrap_or("")
}

/// The group of `api_version` (empty for the core group).
pub(super) fn group_of(api_version: &str) -> &str {
    split_api_version(api_version).map_or("", |(g, _)| g)
}

impl Previous {
    /// Reads every path (a file, or a folder's `*.yaml`, `*.yml`, `*.json` files; each a YAML
    /// or JSON stream, ResourceList or `kind: List`).
    pub fn load(paths: &[PathBuf], config: &Config) -> Result<Previous, ProcessError> {
        let mut items = Vec::new();
        for path in paths {
            for file in files_of(path)? {
                let text = crate::sources::read_text(&file)?;
                items.extend(read_items(&text, &file.display().to_string())?);
            }
        }
        Previous::from_items(items, config)
    }

    /// The previous revision made of `items` (each with the label that names it in messages).
    pub fn from_items(
        items: impl IntoIterator<Item = (Node, String)>,
        config: &Config,
    ) -> Result<Previous, ProcessError> {
        let mut prev = Previous {
            objects: HashMap::new(),
            nodes: Vec::new(),
            crds: HashMap::new(),
            schemas: SchemaSet::new(config),
        };
        let mut ignored = Vec::new();
        for (item, label) in items {
            prev.add(item, &label, &mut ignored)?;
        }
        Ok(prev)
    }

    fn add(
        &mut self,
        item: Node,
        label: &str,
        ignored: &mut Vec<crate::results::KrmResult>,
    ) -> Result<(), ProcessError> {
        let index = self.nodes.len();
        if is_crd(&item) {
            let before = ignored.len();
            self.schemas
                .add_item_crd(&item, label, OldCrd::default(), ignored)?;
            // A CRD the apiserver refuses was never stored: a CRD of the input is a create.
            let refused = ignored[before..]
                .iter()
                .any(|r| r.severity == crate::results::Severity::Error);
            if !refused {
                self.crds
                    .insert(text(&item, &["metadata", "name"]).to_string(), index);
            }
        }
        let (api_version, kind) = api_version_kind(&item);
        let name = text(&item, &["metadata", "name"]);
        if !name.is_empty() {
            let key = (group_of(&api_version).to_string(), kind, name.to_string());
            let ns = text(&item, &["metadata", "namespace"]).to_string();
            self.objects.entry(key).or_default().push((ns, index));
        }
        self.nodes.push(item);
        Ok(())
    }

    /// How many previous objects there are.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The previous CRD named `name`, when the previous objects hold one.
    pub fn crd(&self, name: &str) -> Option<&Node> {
        self.crds.get(name).map(|&i| &self.nodes[i])
    }

    /// Every previous object (CRDs too), in the order read.
    pub(crate) fn objects(&self) -> &[Node] {
        &self.nodes
    }

    /// What the previous CRDs define for `api_version` and `kind`.
    pub(crate) fn lookup(&self, api_version: &str, kind: &str) -> Lookup<'_, Checks> {
        self.schemas.registry().lookup(api_version, kind)
    }

    /// The previous CRD of the same name as the CRD `item` (one the apiserver stored).
    pub fn crd_of(&self, item: &Node) -> Option<&Node> {
        self.crd(text(item, &["metadata", "name"]))
    }

    /// The previous object `item` is an update of: same group, kind, name and namespace (an
    /// absent one is `default` for a namespaced kind; a cluster-scoped kind has none). An
    /// object with only `generateName` matches nothing.
    pub fn find(&self, item: &Node, namespaced: bool) -> Option<&Node> {
        let (api_version, kind) = api_version_kind(item);
        let name = text(item, &["metadata", "name"]);
        if name.is_empty() {
            return None;
        }
        let key = (group_of(&api_version).to_string(), kind, name.to_string());
        let scoped = |ns: &str| match (namespaced, ns) {
            (false, _) => String::new(),
            (true, "") => "default".to_string(),
            (true, ns) => ns.to_string(),
        };
        let want = scoped(text(item, &["metadata", "namespace"]));
        self.objects
            .get(&key)?
            .iter()
            .find(|(ns, _)| scoped(ns) == want)
            .map(|&(_, i)| &self.nodes[i])
    }
}

/// The objects of one file's text (a YAML or JSON stream, ResourceList or `kind: List`), each
/// labelled `source (document N)` or `source (items[N])`.
pub fn read_items(text: &str, source: &str) -> Result<Vec<(Node, String)>, ProcessError> {
    let input = resourcelist::read(text).map_err(|e| SchemaError {
        source_name: source.to_string(),
        field: String::new(),
        message: e.to_string(),
    })?;
    Ok(input
        .items
        .into_iter()
        .zip(input.labels)
        .map(|(item, label)| (item, format!("{source} ({label})")))
        .collect())
}

impl UpdateContext<'_> {
    /// The old object of an update of `item` (whose version is `vs`) as the apiserver reads
    /// it back, or `None` when `item` is a create: no previous object matches, its version is
    /// unknown, or the apiserver would have refused its create.
    pub fn stored(&self, item: &Node, vs: &Entry<Checks>, config: &Config) -> Option<Node> {
        let old = self.previous.find(item, vs.namespaced)?;
        let (old_api_version, kind) = api_version_kind(old);
        let old_vs = match self
            .previous
            .schemas
            .registry()
            .lookup(&old_api_version, &kind)
        {
            Lookup::Found(e) => e,
            Lookup::NotFound => match lookup(self.registry, self.files, &old_api_version, &kind) {
                Lookup::Found(e) => e,
                _ => return None,
            },
            _ => return None,
        };
        if old_vs.schema.is_none() || !old_vs.structural_errors.is_empty() {
            return None;
        }
        let mut stored = old.clone();
        let opts = Options {
            prune: config.prune && old_vs.prune,
            default: config.default,
        };
        let created = engine::run(&mut stored, old_vs, Request::Create, &opts, true);
        if created.refused.is_some() || !created.errors.is_empty() {
            return None;
        }
        if let Some(m) = stored.as_map_mut() {
            if old_vs.subresources.status {
                m.remove("status");
            }
            let api_version = text(item, &["apiVersion"]);
            m.insert("apiVersion", Node::string(api_version));
        }
        let opts = Options {
            prune: config.prune && vs.prune,
            default: config.default,
        };
        engine::apply(&mut stored, vs, &opts);
        Some(stored)
    }
}

#[cfg(test)]
#[path = "previous/tests.rs"]
mod tests;
