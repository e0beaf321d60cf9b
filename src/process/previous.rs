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
use crate::yaml::read::{self, Kind, RNode};
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
    /// The compact JSON text, compressed ([`packed_json`]).
    Json(Box<[u8]>),
    /// The compact JSON text, at `start..start + len` in a block of several objects' texts
    /// ([`Blocks`]).
    InBlock {
        block: Arc<[u8]>,
        start: u32,
        len: u32,
    },
    Tree(Box<Node>),
}

/// The compact JSON texts of a stream's objects, one after the other, compressed a block of
/// about [`Blocks::SIZE`] at a time (one object is a few hundred bytes to a few kB, too few to
/// compress alone: the compressor's table alone is 8 kB). An object is read back by unpacking
/// its block; each thread keeps the block it unpacked last ([`with_block`]), and objects are
/// mostly read in the order they were written.
#[derive(Default)]
struct Blocks {
    /// The texts not yet in a block.
    open: Vec<u8>,
    sealed: Vec<Arc<[u8]>>,
}

/// Where [`Blocks::write`] put an object's text: block, start and length.
#[derive(Clone, Copy)]
struct Place(usize, u32, u32);

impl Blocks {
    const SIZE: usize = 32 * 1024;

    /// Appends the text `write` writes; `None`, with nothing appended, when `write` says JSON
    /// would not give the object back.
    fn write(&mut self, write: impl FnOnce(&mut Vec<u8>) -> bool) -> Option<Place> {
        let start = self.open.len();
        if !write(&mut self.open) {
            self.open.truncate(start);
            return None;
        }
        let size = |n: usize| u32::try_from(n).expect("a block under 4 GB");
        let place = Place(
            self.sealed.len(),
            size(start),
            size(self.open.len() - start),
        );
        if self.open.len() >= Self::SIZE {
            self.seal();
        }
        Some(place)
    }

    /// Compresses the open texts into a block.
    fn seal(&mut self) {
        if !self.open.is_empty() {
            let block = crate::packed::pack(&self.open);
            self.sealed.push(block.into());
            self.open.clear();
        }
    }

    /// The body of the object at `place`, once every block is sealed.
    fn body(&self, Place(block, start, len): Place) -> Body {
        Body::InBlock {
            block: Arc::clone(&self.sealed[block]),
            start,
            len,
        }
    }
}

/// A block and its text.
type Unpacked = (Arc<[u8]>, Vec<u8>);

thread_local! {
    /// The block this thread unpacked last.
    static UNPACKED: std::cell::RefCell<Option<Unpacked>> = const { std::cell::RefCell::new(None) };
}

/// `read` of the text at `start..start + len` in `block` (unpacked unless it was the last).
fn with_block<R>(block: &Arc<[u8]>, start: u32, len: u32, read: impl FnOnce(&str) -> R) -> R {
    UNPACKED.with_borrow_mut(|last| {
        let text = match last {
            Some((b, text)) if Arc::ptr_eq(b, block) => text,
            _ => {
                let mut text = last.take().map(|(_, t)| t).unwrap_or_default();
                crate::packed::unpack_into(block, &mut text);
                &mut last.insert((Arc::clone(block), text)).1
            }
        };
        let (start, end) = (start as usize, start as usize + len as usize);
        read(std::str::from_utf8(&text[start..end]).expect("written from a str"))
    })
}

/// Buffers kept from one object to the next (each thread its own): the JSON text being
/// written, or read back.
#[derive(Default)]
struct Room {
    json: Vec<u8>,
    text: Vec<u8>,
}

thread_local! {
    static ROOM: std::cell::RefCell<Room> = std::cell::RefCell::default();
}

/// The compact JSON text that `write` writes, compressed ([`crate::packed::pack`]); `None`
/// when `write` says JSON would not give the object back.
fn packed_json(write: impl FnOnce(&mut Vec<u8>) -> bool) -> Option<Box<[u8]>> {
    ROOM.with_borrow_mut(|Room { json, .. }| {
        json.clear();
        write(json).then(|| crate::packed::pack(json))
    })
}

/// `read` of the text [`packed_json`] compressed.
fn with_unpacked<R>(bytes: &[u8], read: impl FnOnce(&str) -> R) -> R {
    ROOM.with_borrow_mut(|room| {
        crate::packed::unpack_into(bytes, &mut room.text);
        read(std::str::from_utf8(&room.text).expect("packed from a str"))
    })
}

impl Kept {
    fn new(node: Node, crd: bool) -> Kept {
        let (api_version, kind) = api_version_kind(&node);
        let body = match packed_json(|out| write_plain_json(&node, out)) {
            Some(packed) => Body::Json(packed),
            None => Body::Tree(Box::new(node)),
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
            Body::Json(bytes) => with_unpacked(bytes, from_json_str).expect("kept JSON"),
            Body::InBlock { block, start, len } => {
                with_block(block, *start, *len, from_json_str).expect("kept JSON")
            }
            Body::Tree(n) => (**n).clone(),
        }
    }

    /// The object as JSON (`None` when JSON cannot hold it).
    pub fn json(&self) -> Option<Value> {
        match &self.body {
            Body::Json(bytes) => with_unpacked(bytes, |t| serde_json::from_str(t)).ok(),
            Body::InBlock { block, start, len } => {
                with_block(block, *start, *len, |t| serde_json::from_str(t)).ok()
            }
            Body::Tree(n) => to_json(n).ok(),
        }
    }

    /// Its `spec` as JSON.
    pub fn spec_json(&self) -> Option<Value> {
        match &self.body {
            Body::Json(_) | Body::InBlock { .. } => self.json()?.get_mut("spec").map(Value::take),
            Body::Tree(n) => n.get("spec").and_then(|s| to_json(s).ok()),
        }
    }
}

/// The part of a document's tree that says what it is: for a mapping, its `apiVersion`,
/// `kind` and `metadata` entries (what [`Node::get`] finds of them, found the same there);
/// any other node whole.
fn head_of(root: &RNode) -> Node {
    let Kind::Map { entries, flow } = &root.kind else {
        return read::to_node(root.clone());
    };
    let entries = entries.iter().filter(|(k, _)| {
        matches!(&k.kind, Kind::Scalar { value, .. }
            if matches!(value.as_str(), "apiVersion" | "kind" | "metadata"))
    });
    read::to_node(RNode::named(
        root.span,
        None,
        None,
        root.tag().map(Into::into),
        Kind::Map {
            entries: entries.cloned().collect(),
            flow: *flow,
        },
    ))
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
                match read_stream(&text, &source) {
                    Some(stream) => {
                        // The text is no longer needed when its CRDs are compiled.
                        drop(text);
                        prev.add_stream(stream, &mut ignored)?;
                    }
                    None => {
                        for (item, label) in read_items(&text, &source)? {
                            prev.add(item, &label, &mut ignored)?;
                        }
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

    /// Adds the objects of a stream [`read_stream`] read.
    fn add_stream(
        &mut self,
        Stream { pending, blocks }: Stream,
        ignored: &mut Vec<crate::results::KrmResult>,
    ) -> Result<(), ProcessError> {
        for p in pending {
            match p {
                Pending::Crd(kept, label) => self.add(kept.node(), &label, ignored)?,
                Pending::Object(id, group, kind, body) => {
                    let body = match body {
                        Ok(place) => blocks.body(place),
                        Err(tree) => Body::Tree(tree),
                    };
                    let kept = Kept {
                        group,
                        kind,
                        crd: false,
                        body,
                        compiled: None,
                    };
                    self.push(id, kept)
                }
            }
        }
        Ok(())
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
            // The cluster holds this CRD: a CRD of the input of the same name is an update of
            // it, even where a create of it would be refused today (a CRD stored long ago may
            // hold what v1 no longer accepts; the update is validated with options derived from
            // it). Its compiled versions are shared only when it is accepted as it is.
            let refused = ignored[before..]
                .iter()
                .any(|r| r.severity == crate::results::Severity::Error);
            // One without the names every CRD is stored with (no versions, group or kind to
            // load) was never stored at all.
            let name = text(&item, &["metadata", "name"]);
            if !name.is_empty() && !entries.is_empty() {
                self.crds.insert(name.to_string(), self.kept.len());
            }
            if !refused {
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

/// The objects of `text`, a plain stream of several documents, read one document at a time
/// (what [`read_items`] gives, without every document's tree at once) into what owns none of
/// the text; `None` when [`read_items`] must read it: a single document (a ResourceList or
/// `kind: List` is one), a document that is not an object, or a stream the reader refuses (see
/// [`resourcelist::read`]).
fn read_stream(text: &str, source: &str) -> Option<Stream> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // Each document is made compact as it is read (CRDs are loaded when all are read).
    // An object's JSON is written from the tree as read; only its head (apiVersion, kind
    // and metadata) is made a [`Node`], to be checked and matched. A document whose JSON
    // is written needs no other check of its meaning ([`write_plain_json`]); the reader
    // leaves the check of the others to this loop.
    let mut pending = Vec::new();
    let mut blocks = Blocks::default();
    for (i, doc) in read::Reader::new(text).unchecked().enumerate() {
        let Ok(doc) = doc else { return None };
        let Some(root) = doc.root else { continue };
        let head = head_of(&root);
        if head.is_null() {
            if read::decode::check(&root).is_err() {
                return None;
            }
            continue;
        }
        let label = format!("{source} (document {i})");
        if resourcelist::check_object(&head, &label).is_err() {
            return None;
        }
        pending.push(match is_crd(&head) {
            true => match read::decode::check(&root) {
                Ok(()) => Pending::Crd(Kept::new(read::to_node(root), true), label),
                Err(_) => return None,
            },
            false => match written(root, &mut blocks) {
                Some(body) => {
                    let (api_version, kind) = api_version_kind(&head);
                    let group = group_of(&api_version).into();
                    Pending::Object(Identity::of(&head), group, kind.into(), body)
                }
                None => return None,
            },
        });
    }
    if pending.len() < 2 {
        return None;
    }
    blocks.seal();
    Some(Stream { pending, blocks })
}

/// A stream's objects as [`read_stream`] reads them.
struct Stream {
    pending: Vec<Pending>,
    blocks: Blocks,
}

/// A document read whole ahead of the others.
enum Pending {
    /// A CRD, made compact too: loaded once every document was read (the loader reads a CRD
    /// as JSON, and its results are not reported).
    Crd(Kept, String),
    /// Any other object: its identity, group and kind, and its text's place in the stream's
    /// [`Blocks`] (or its tree, see [`written`]).
    Object(
        Option<Identity>,
        Box<str>,
        Box<str>,
        Result<Place, Box<Node>>,
    ),
}

/// An object's tree as read (its meaning not checked) written into `blocks`, or as a tree
/// where JSON would not give it back; `None` when kubectl's reader refuses it (that check).
fn written(root: RNode, blocks: &mut Blocks) -> Option<Result<Place, Box<Node>>> {
    match blocks.write(|out| write_plain_json(&root, out)) {
        Some(place) => Some(Ok(place)),
        None => {
            read::decode::check(&root).ok()?;
            Some(Err(Box::new(read::to_node(root))))
        }
    }
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
        let created = engine::run(&mut stored, old_vs, Request::Stored, &opts, true);
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
