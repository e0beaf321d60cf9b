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
use crate::yaml::json::{from_json_str, to_json, write_plain_json};
use crate::yaml::Node;
use serde_json::Value;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

/// The previous objects, by identity, and the schemas of the previous CRDs.
///
/// Only the objects that match an input object are ever processed, so each is kept compact
/// ([`Kept`]: its JSON text) and read back when it is needed; a previous file is read one
/// document at a time where it can be ([`Previous::load`]).
#[derive(Debug)]
pub struct Previous {
    /// (group, kind, name) → (namespace as written, index in `kept`).
    objects: HashMap<(String, String, String), Vec<(String, usize)>>,
    /// Every previous object (CRDs too), in the order read.
    kept: Vec<Kept>,
    /// CRD name → index in `kept`.
    crds: HashMap<String, usize>,
    /// The schemas of the previous CRDs, each version with its checks.
    schemas: SchemaSet,
}

/// One previous object as kept: its group and kind, and its content as compact JSON text
/// (LZ4-compressed: most previous objects are never read again, and the rest once), or as its
/// tree where JSON would not give back the same object (tags, keys that are not plain strings,
/// repeated keys, values JSON cannot hold).
#[derive(Debug)]
pub struct Kept {
    group: Box<str>,
    kind: Box<str>,
    crd: bool,
    body: Body,
    /// A CRD the apiserver stored: its versions as loaded and compiled, which an identical CRD
    /// of the input shares instead of compiling them again ([`Kept::compiled_as`]).
    compiled: Option<Vec<Entry<Checks>>>,
}

#[derive(Debug)]
enum Body {
    /// The compact JSON text, compressed ([`packed`]).
    Json(Box<[u8]>),
    Tree(Box<Node>),
}

/// `text` compressed (LZ4 block, its length in front).
fn packed(text: &[u8]) -> Box<[u8]> {
    lz4_flex::compress_prepend_size(text).into_boxed_slice()
}

/// The text [`packed`] compressed.
fn unpacked(bytes: &[u8]) -> String {
    let raw = lz4_flex::decompress_size_prepended(bytes).expect("packed by this run");
    String::from_utf8(raw).expect("packed from a str")
}

impl Kept {
    fn new(node: Node, crd: bool) -> Kept {
        let (api_version, kind) = api_version_kind(&node);
        let mut text = Vec::new();
        let body = match write_plain_json(&node, &mut text) {
            true => Body::Json(packed(&text)),
            false => Body::Tree(Box::new(node)),
        };
        Kept {
            group: group_of(&api_version).into(),
            kind: kind.into(),
            crd,
            body,
            compiled: None,
        }
    }

    /// The versions of this previous CRD as loaded and compiled, when the CRD `new` (as JSON)
    /// loads to the same versions: the same `apiVersion`, `kind`, name and `spec` (what
    /// loading and compiling read) as `old`, this CRD's JSON ([`Self::json`], read once by the
    /// caller). `None` for a CRD the apiserver refused.
    pub(crate) fn compiled_as(&self, old: &Value, new: &Value) -> Option<Vec<Entry<Checks>>> {
        fn at<'v>(v: &'v Value, path: &[&str]) -> Option<&'v Value> {
            path.iter().try_fold(v, |v, k| v.get(k))
        }
        let compiled = self.compiled.as_ref()?;
        let fields: [&[&str]; 4] = [&["apiVersion"], &["kind"], &["metadata", "name"], &["spec"]];
        let same = fields.iter().all(|p| at(old, p) == at(new, p));
        same.then(|| compiled.clone())
    }

    /// The object's tree (from its JSON: strings, numbers, booleans and nulls as JSON has them).
    pub fn node(&self) -> Node {
        match &self.body {
            Body::Json(bytes) => from_json_str(&unpacked(bytes)).expect("kept JSON"),
            Body::Tree(n) => (**n).clone(),
        }
    }

    /// The object as JSON (`None` when JSON cannot hold it).
    pub fn json(&self) -> Option<Value> {
        match &self.body {
            Body::Json(bytes) => serde_json::from_str(&unpacked(bytes)).ok(),
            Body::Tree(n) => to_json(n).ok(),
        }
    }

    /// Its `spec` as JSON.
    pub fn spec_json(&self) -> Option<Value> {
        match &self.body {
            Body::Json(_) => self.json()?.get_mut("spec").map(Value::take),
            Body::Tree(n) => n.get("spec").and_then(|s| to_json(s).ok()),
        }
    }
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
        let mut prev = Previous::empty(config);
        let mut ignored = Vec::new();
        for path in paths {
            for file in files_of(path)? {
                let text = crate::sources::read_text(&file)?;
                let source = file.display().to_string();
                if !prev.add_stream(&text, &source, &mut ignored)? {
                    for (item, label) in read_items(&text, &source)? {
                        prev.add(item, &label, &mut ignored)?;
                    }
                }
            }
        }
        Ok(prev)
    }

    /// The previous revision made of `items` (each with the label that names it in messages).
    pub fn from_items(
        items: impl IntoIterator<Item = (Node, String)>,
        config: &Config,
    ) -> Result<Previous, ProcessError> {
        let mut prev = Previous::empty(config);
        let mut ignored = Vec::new();
        for (item, label) in items {
            prev.add(item, &label, &mut ignored)?;
        }
        Ok(prev)
    }

    fn empty(config: &Config) -> Previous {
        Previous {
            objects: HashMap::new(),
            kept: Vec::new(),
            crds: HashMap::new(),
            schemas: SchemaSet::new(config),
        }
    }

    /// Adds the objects of `text`, a plain stream of several documents, one document at a time
    /// (what [`read_items`] gives, without every document's tree at once); `false`, with
    /// nothing added, when [`read_items`] must read it: a single document (a ResourceList or
    /// `kind: List` is one), a document that is not an object, or a stream the reader refuses
    /// (see [`resourcelist::read`]).
    fn add_stream(
        &mut self,
        text: &str,
        source: &str,
        ignored: &mut Vec<crate::results::KrmResult>,
    ) -> Result<bool, ProcessError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        // Each document is made compact as it is read (CRDs are loaded when all are read).
        let mut pending = Vec::new();
        for (i, doc) in crate::yaml::parse::Documents::new(text).enumerate() {
            let Ok(doc) = doc else { return Ok(false) };
            if doc.is_null() {
                continue;
            }
            let label = format!("{source} (document {i})");
            if resourcelist::check_object(&doc, &label).is_err() {
                return Ok(false);
            }
            pending.push(match is_crd(&doc) {
                true => Pending::Crd(Kept::new(doc, true), label),
                false => Pending::Object(Identity::of(&doc), Kept::new(doc, false)),
            });
        }
        if pending.len() < 2 {
            return Ok(false);
        }
        for p in pending {
            match p {
                Pending::Crd(kept, label) => self.add(kept.node(), &label, ignored)?,
                Pending::Object(id, kept) => self.push(id, kept),
            }
        }
        Ok(true)
    }

    fn add(
        &mut self,
        item: Node,
        label: &str,
        ignored: &mut Vec<crate::results::KrmResult>,
    ) -> Result<(), ProcessError> {
        let crd = is_crd(&item);
        let mut compiled = None;
        if crd {
            let before = ignored.len();
            let entries = self
                .schemas
                .load_item_crd(&item, label, OldCrd::default(), ignored)?;
            // A CRD the apiserver refuses was never stored: a CRD of the input is a create.
            let refused = ignored[before..]
                .iter()
                .any(|r| r.severity == crate::results::Severity::Error);
            if !refused {
                self.crds.insert(
                    text(&item, &["metadata", "name"]).to_string(),
                    self.kept.len(),
                );
                compiled = Some(entries.clone());
            }
            self.schemas.add(entries, true, ignored);
        }
        let id = Identity::of(&item);
        let mut kept = Kept::new(item, crd);
        kept.compiled = compiled;
        self.push(id, kept);
        Ok(())
    }

    fn push(&mut self, id: Option<Identity>, kept: Kept) {
        if let Some(Identity { key, namespace }) = id {
            let at = (namespace, self.kept.len());
            self.objects.entry(key).or_default().push(at);
        }
        self.kept.push(kept);
    }

    /// How many previous objects there are.
    pub fn len(&self) -> usize {
        self.kept.len()
    }

    pub fn is_empty(&self) -> bool {
        self.kept.is_empty()
    }

    /// The previous CRD named `name`, when the previous objects hold one (one the apiserver
    /// stored).
    pub fn crd(&self, name: &str) -> Option<&Kept> {
        self.crds.get(name).map(|&i| &self.kept[i])
    }

    /// The previous objects (not CRDs) of API group `group` and kind `kind`, in the order read.
    pub(crate) fn objects_of<'a>(
        &'a self,
        group: &'a str,
        kind: &'a str,
    ) -> impl Iterator<Item = Node> + 'a {
        self.kept
            .iter()
            .filter(move |k| !k.crd && &*k.kind == kind && &*k.group == group)
            .map(Kept::node)
    }

    /// What the previous CRDs define for `api_version` and `kind`.
    pub(crate) fn lookup(&self, api_version: &str, kind: &str) -> Lookup<'_, Checks> {
        self.schemas.registry().lookup(api_version, kind)
    }

    /// The previous CRD of the same name as the CRD `item` (one the apiserver stored).
    pub fn crd_of(&self, item: &Node) -> Option<&Kept> {
        self.crd(text(item, &["metadata", "name"]))
    }

    /// The previous object `item` is an update of: same group, kind, name and namespace (an
    /// absent one is `default` for a namespaced kind; a cluster-scoped kind has none). An
    /// object with only `generateName` matches nothing.
    pub fn find(&self, item: &Node, namespaced: bool) -> Option<Node> {
        let Identity { key, namespace } = Identity::of(item)?;
        let scoped = |ns: &str| match (namespaced, ns) {
            (false, _) => String::new(),
            (true, "") => "default".to_string(),
            (true, ns) => ns.to_string(),
        };
        let want = scoped(&namespace);
        self.objects
            .get(&key)?
            .iter()
            .find(|(ns, _)| scoped(ns) == want)
            .map(|&(_, i)| self.kept[i].node())
    }
}

/// A document read whole ahead of the others.
enum Pending {
    /// A CRD, made compact too: loaded once every document was read (the loader reads a CRD
    /// as JSON, and its results are not reported).
    Crd(Kept, String),
    /// Any other object, made compact.
    Object(Option<Identity>, Kept),
}

/// What an object is matched by: (group, kind, name) and its namespace as written.
struct Identity {
    key: (String, String, String),
    namespace: String,
}

impl Identity {
    /// `None` without a name (`generateName` only).
    fn of(item: &Node) -> Option<Identity> {
        let (api_version, kind) = api_version_kind(item);
        let name = text(item, &["metadata", "name"]);
        if name.is_empty() {
            return None;
        }
        Some(Identity {
            key: (group_of(&api_version).to_string(), kind, name.to_string()),
            namespace: text(item, &["metadata", "namespace"]).to_string(),
        })
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
        let mut stored = self.previous.find(item, vs.namespaced)?;
        let (old_api_version, kind) = api_version_kind(&stored);
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
        let opts = Options {
            prune: config.prune && old_vs.prune,
            default: config.default,
        };
        let created = engine::run(&mut stored, old_vs, Request::Create, &opts, true);
        if created.refused.is_some() || !created.errors.is_empty() {
            return None;
        }
        let mut status_dropped = false;
        if let Some(m) = stored.as_map_mut() {
            if old_vs.subresources.status {
                status_dropped = m.remove("status").is_some();
            }
            let api_version = text(item, &["apiVersion"]);
            m.insert("apiVersion", Node::string(api_version));
        }
        // Read back through the new version's schema; when it is the very schema the object
        // was just pruned and defaulted with (an unchanged CRD shares its compiled versions),
        // and nothing was taken out since, that would change nothing.
        let same_schema = match (&old_vs.schema, &vs.schema) {
            (Some(old), Some(new)) => Arc::ptr_eq(old, new) && old_vs.prune == vs.prune,
            _ => false,
        };
        if !same_schema || status_dropped {
            let opts = Options {
                prune: config.prune && vs.prune,
                default: config.default,
            };
            engine::apply(&mut stored, vs, &opts);
        }
        Some(stored)
    }
}

#[cfg(test)]
#[path = "previous/tests.rs"]
mod tests;
