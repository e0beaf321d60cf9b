//! Collecting schemas for a run ([`SchemaSet`], the one builder every front door uses): the CRDs
//! among the items (v1 and v1beta1, they win over files), then the config's schema paths;
//! conflicts become warnings and each non-structural CRD one error result naming it and every
//! violation. Each version's checks are compiled as it is loaded, before the schema is slimmed
//! for processing.

use super::crd_update::{refused_warning, tag, OldCrd};
use super::ProcessError;
use crate::cel::preexisting::Preexisting;
use crate::config::{Config, Validation};
use crate::crd::check as crdcheck;
use crate::crd::load::{load_crd, load_crd_with};
use crate::engine;
use crate::field::FieldError;
use crate::results::{KrmResult, Severity};
use crate::schema::registry::{Entry, Lookup, Registry};
use crate::schema::structural::Sharing;
use crate::schema::{map_schemas, VersionSchema};
use crate::sources::{load_file, schema_files};
use crate::validation::{Compiled, Compiler, Validator};
use crate::yaml::json::to_json;
use crate::yaml::{Mapping, Node};
use serde_json::Value;
use std::borrow::Cow;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use crate::engine::Checks;

/// A CRD among the items as [`SchemaSet::load_item_crds`] gives it: its versions (or the error
/// that stops the run) and the results about it.
pub(crate) type LoadedCrd = (Result<Vec<Entry<Checks>>, ProcessError>, Vec<KrmResult>);

/// The schemas of a run, each version with its checks.
pub type Schemas = Registry<Checks>;

/// What one thread of a run compiles CRD versions with: the checks' compiler (`None` when
/// validation is off) and the table that makes equal schema subtrees one node, both kept for
/// the run, so that the CRDs it loads share their patterns and subtrees.
pub(crate) struct VersionCompiler {
    checks: Option<Compiler>,
    sharing: Sharing,
}

/// The compiler of a run's thread.
fn compiler_for(config: &Config) -> VersionCompiler {
    VersionCompiler {
        checks: (config.validation != Validation::Ignore).then(Compiler::new),
        sharing: Sharing::default(),
    }
}

/// Whether an item is a CustomResourceDefinition ([`crate::crd::load::is_crd_type`]).
pub fn is_crd(item: &Node) -> bool {
    let s = |k: &str| item.get(k).and_then(Node::scalar_str).unwrap_or("");
    crate::crd::load::is_crd_type(s("apiVersion"), s("kind"))
}

/// Builds the registry of `items` and the config's schema files; pushes conflict warnings and
/// non-structural errors onto `results`.
pub fn collect_schemas(
    items: &[Node],
    labels: &[String],
    config: &Config,
    results: &mut Vec<KrmResult>,
) -> Result<Schemas, ProcessError> {
    collect_schemas_after(items, labels, config, None, results)
}

/// [`collect_schemas`] with the previous revision: a CRD it holds is checked as an update.
pub(crate) fn collect_schemas_after(
    items: &[Node],
    labels: &[String],
    config: &Config,
    previous: Option<&super::Previous>,
    results: &mut Vec<KrmResult>,
) -> Result<Schemas, ProcessError> {
    let mut set = SchemaSet::new(config);
    let crds = items
        .iter()
        .zip(labels)
        .filter(|(item, _)| is_crd(item))
        .map(|(item, label)| {
            let old = OldCrd(previous.and_then(|p| p.crd_of(item)));
            (item, label.as_str(), old)
        })
        .collect();
    for (loaded, mut about) in set.load_item_crds(crds) {
        results.append(&mut about);
        set.add(loaded?, true, results);
    }
    for path in &config.schemas {
        set.add_path(path, &HashSet::new(), results)?;
    }
    Ok(set.into_registry())
}

/// The whole-input registry's answer, from the items' CRDs (`items`, which win) and the schema
/// files (`files`, when a streamed run keeps them apart; else `items` holds both).
pub(crate) fn lookup<'a>(
    items: &'a Schemas,
    files: Option<&'a Schemas>,
    api_version: &str,
    kind: &str,
) -> Lookup<'a, Checks> {
    let Some(files) = files else {
        return items.lookup(api_version, kind);
    };
    match items.lookup(api_version, kind) {
        Lookup::NotFound => files.lookup(api_version, kind),
        Lookup::VersionNotFound { crd_name } => match files.lookup(api_version, kind) {
            hit @ (Lookup::Found(_) | Lookup::NotServed(_)) => hit,
            _ => Lookup::VersionNotFound { crd_name },
        },
        hit => hit,
    }
}

/// The one builder of a run's schemas, used by every front door (the whole input, the
/// streamed input, the repository mode, the kube library, the previous revision). The rule:
/// the CRDs among the items come first and win, then the schema files (each conflict a
/// warning). Every version is compiled from its whole schema (OpenAPI checks, CEL rules) and
/// only then slimmed for processing: loading and `prepare` are one step here, so no caller
/// can compile a slimmed schema.
pub struct SchemaSet {
    registry: Schemas,
    /// Compiles the checks and shares the schemas' equal subtrees; kept for every CRD the set
    /// loads on the calling thread.
    compiler: VersionCompiler,
    /// One more compiler per extra thread of the run (see [`Self::load_item_crds`]).
    extra: Vec<VersionCompiler>,
}

impl std::fmt::Debug for SchemaSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SchemaSet")
            .field("registry", &self.registry)
            .finish_non_exhaustive()
    }
}

impl SchemaSet {
    /// An empty set for a run with `config`.
    pub fn new(config: &Config) -> Self {
        let threads = config.threads();
        SchemaSet {
            registry: Schemas::default(),
            compiler: compiler_for(config),
            extra: (1..threads).map(|_| compiler_for(config)).collect(),
        }
    }

    /// One compiler per thread of the run (the first for the calling thread).
    fn compilers(&mut self) -> Vec<&mut VersionCompiler> {
        std::iter::once(&mut self.compiler)
            .chain(self.extra.iter_mut())
            .collect()
    }

    /// [`Self::load_item_crd`] for several CRDs among the items, on the run's threads: each
    /// one's loaded versions (or the error that stops the run) and its results, in the order
    /// given, exactly as loading them one after the other gives them.
    pub(crate) fn load_item_crds(
        &mut self,
        crds: Vec<(&Node, &str, OldCrd<'_>)>,
    ) -> Vec<LoadedCrd> {
        crate::jobs::map_ordered_with(&mut self.loaders(), crds, |loader, (item, label, old)| {
            loader.load(item, label, old)
        })
    }

    /// `f` on every item on the run's threads, heaviest first (see
    /// [`crate::jobs::map_sorted`]), each thread with a [`CrdLoader`] of its own.
    pub(crate) fn map_with_loaders<T, R, F, W>(&mut self, items: Vec<T>, weight: W, f: F) -> Vec<R>
    where
        T: Send,
        R: Send,
        F: Fn(&mut CrdLoader<'_>, T) -> R + Sync,
        W: Fn(&T) -> usize,
    {
        let heaviest = |t: &T| std::cmp::Reverse(weight(t));
        crate::jobs::map_sorted(
            &mut self.loaders(),
            items,
            heaviest,
            crate::jobs::Hand::InOrder,
            || (),
            f,
        )
    }

    /// One [`CrdLoader`] per thread of the run, with its compiler.
    fn loaders(&mut self) -> Vec<CrdLoader<'_>> {
        self.compilers().into_iter().map(CrdLoader).collect()
    }

    /// Loads a CRD among the items, checked as the apiserver checks its create, or its update
    /// of `old` when the previous revision holds it (results about it go to `results`, see
    /// [`load_item_crd`]), without adding it yet (see [`Self::add`]).
    pub(crate) fn load_item_crd(
        &mut self,
        item: &Node,
        label: &str,
        old: OldCrd<'_>,
        results: &mut Vec<KrmResult>,
    ) -> Result<Vec<Entry<Checks>>, ProcessError> {
        load_item_crd(
            CrdTree::Read(Cow::Borrowed(item)),
            item,
            label,
            old,
            &mut self.compiler,
            results,
        )
    }

    /// Loads a schema file or folder of the config (leaving out the files in `except`, read
    /// as items instead), without adding it yet; its non-structural errors go to `results`.
    pub fn load_path(
        &mut self,
        path: &Path,
        except: &HashSet<PathBuf>,
        results: &mut Vec<KrmResult>,
    ) -> Result<Vec<Entry<Checks>>, ProcessError> {
        load_file_except(path, except, &mut self.compilers(), results)
    }

    /// Adds loaded versions (`from_items`: they win over the files); pushes the conflict
    /// warnings.
    pub fn add(
        &mut self,
        entries: Vec<Entry<Checks>>,
        from_items: bool,
        results: &mut Vec<KrmResult>,
    ) {
        add(&mut self.registry, entries, from_items, results);
    }

    /// [`Self::load_path`] then [`Self::add`].
    pub fn add_path(
        &mut self,
        path: &Path,
        except: &HashSet<PathBuf>,
        results: &mut Vec<KrmResult>,
    ) -> Result<(), ProcessError> {
        let entries = self.load_path(path, except, results)?;
        self.add(entries, false, results);
        Ok(())
    }

    /// The schemas so far.
    pub fn registry(&self) -> &Schemas {
        &self.registry
    }

    pub fn into_registry(self) -> Schemas {
        self.registry
    }
}

/// What loads CRDs among the items on one thread (see [`SchemaSet::map_with_loaders`]).
pub(crate) struct CrdLoader<'c>(&'c mut VersionCompiler);

impl CrdLoader<'_> {
    /// [`SchemaSet::load_item_crd`], its results with it.
    pub(crate) fn load(&mut self, item: &Node, label: &str, old: OldCrd<'_>) -> LoadedCrd {
        self.load_from(CrdTree::Read(Cow::Borrowed(item)), item, label, old)
    }

    /// [`Self::load`] of a tree handed over, dropped as soon as the CRD's JSON is made;
    /// `named` is its [`identity`], what the results name of it.
    pub(crate) fn load_owned(
        &mut self,
        item: Node,
        named: &Node,
        label: &str,
        old: OldCrd<'_>,
    ) -> LoadedCrd {
        self.load_from(CrdTree::Read(Cow::Owned(item)), named, label, old)
    }

    /// [`Self::load`] of a CRD whose JSON value is made already (see
    /// [`crate::yaml::json::json_as_read`]); `named` is its [`identity`].
    pub(crate) fn load_json(
        &mut self,
        json: Value,
        named: &Node,
        label: &str,
        old: OldCrd<'_>,
    ) -> LoadedCrd {
        self.load_from(CrdTree::Json(json), named, label, old)
    }

    fn load_from(
        &mut self,
        item: CrdTree<'_>,
        named: &Node,
        label: &str,
        old: OldCrd<'_>,
    ) -> LoadedCrd {
        let mut results = Vec::new();
        let loaded = load_item_crd(item, named, label, old, self.0, &mut results);
        (loaded, results)
    }
}

/// A CRD as its load gets it: the reader's tree, or its JSON value made already.
enum CrdTree<'a> {
    Read(Cow<'a, Node>),
    Json(Value),
}

/// The [`identity`] of a CRD known by its JSON value: its `apiVersion`, `kind` and `metadata`
/// as new nodes (what the results name of it reads their strings only).
pub(crate) fn identity_of_json(json: &Value) -> Node {
    let entries = ["apiVersion", "kind", "metadata"]
        .into_iter()
        .filter_map(|k| Some((Node::string(k), crate::yaml::json::from_json(json.get(k)?))))
        .collect();
    Node::Map(Mapping {
        entries,
        ..Mapping::default()
    })
}

/// What a result about an item names of it (`apiVersion`, `kind`, `metadata`), and all that
/// what is left to do with a loaded CRD reads of its tree.
pub(crate) fn identity(item: &Node) -> Node {
    let Node::Map(map) = item else {
        return item.clone();
    };
    let named =
        |(k, _): &&(Node, Node)| matches!(k.scalar_str(), Some("apiVersion" | "kind" | "metadata"));
    Node::Map(Mapping {
        entries: map.entries.iter().filter(named).cloned().collect(),
        ..Mapping::default()
    })
}

/// Loads a CRD among the items (`label` names the item, `named` is what its results name of
/// it: the item itself, or its [`identity`] when the tree is handed over), checked as the apiserver checks a
/// create of it ([`crdcheck`]), or as an update of `old` when the previous revision holds it
/// ([`super::crd_update`]): each cause of a refusal is one error result on the item (with
/// its field path), followed by one warning; a refused CRD's versions are registered refused
/// (their objects are left unchanged), or not at all when it has no usable group/kind/versions.
fn load_item_crd(
    item: CrdTree<'_>,
    named: &Node,
    label: &str,
    old: OldCrd<'_>,
    compiler: &mut VersionCompiler,
    results: &mut Vec<KrmResult>,
) -> Result<Vec<Entry<Checks>>, ProcessError> {
    let name = crate::results::field_text(named.get("metadata").and_then(|m| m.get("name")));
    let source = format!("{label} (CustomResourceDefinition {name})");
    let json = match item {
        // A tree handed over is not held while the CRD is checked (its JSON is the CRD now):
        // the results name the item by `named`.
        CrdTree::Read(item) => to_json(&item).map_err(|e| ProcessError::Unreadable {
            label: source.clone(),
            source: e,
        })?,
        CrdTree::Json(json) => json,
    };
    let item = named;
    let judged = old.judge(&json);
    let (causes, update, shared, unchanged, judged_preexisting) = (
        judged.causes,
        judged.update,
        judged.shared,
        judged.unchanged,
        judged.preexisting,
    );
    let (settled, found): (Vec<_>, Vec<_>) =
        causes.into_iter().partition(crdcheck::settled_at_install);
    let mut causes = found;
    for e in &settled {
        let msg = format!("{e} (the apiserver refuses the CRD as written; the tools that install it usually fill this in)");
        let r = KrmResult::about(Severity::Warning, msg, item).with_field(e.field.clone());
        results.push(tag(r, update));
    }
    // A CRD the previous revision holds as it is: its versions are shared, not compiled again.
    if let Some(entries) = &shared {
        for vs in entries {
            push_new(&mut causes, vs.structural_errors.iter().cloned());
        }
    }
    let loaded = match shared {
        Some(_) => Ok(Vec::new()),
        None => load_crd_with(&json, &source, judged.structural),
    };
    let (mut entries, usable) = match loaded {
        Ok(versions) => (versions, true),
        // The apiserver names what is missing; its schemas are still checked (with stand-ins
        // for the missing names), the CRD is not loaded.
        Err(_) if !causes.is_empty() => match load_crd(&crdcheck::with_stand_ins(&json), &source) {
            Ok(versions) => (versions, false),
            Err(_) => (Vec::new(), false),
        },
        Err(e) => return Err(e.into()),
    };
    for vs in &entries {
        push_new(&mut causes, vs.structural_errors.iter().cloned());
    }
    // The CRD's JSON (several times its text) is not held while its checks are compiled.
    drop(json);
    let mut prepared = match shared {
        Some(mut shared) => {
            for e in &mut shared {
                e.vs.source.clone_from(&source);
            }
            shared
        }
        None => prepare(
            std::mem::take(&mut entries),
            compiler,
            (&unchanged, &judged_preexisting),
        ),
    };
    let schema_fields: Vec<String> = causes
        .iter()
        .filter_map(|c| c.named_field().map(str::to_string))
        .collect();
    let no_schema_causes = causes.is_empty();
    // `ValidateCustomResourceDefinitionOpenAPISchema` checks a node's rules only where it found
    // no error at the node or below it (any version's, the CRD's own checks included).
    for e in &prepared {
        push_new(
            &mut causes,
            e.attached
                .rules
                .iter()
                .flat_map(|r| r.errors.iter())
                .filter(|e| !e.skipped_beside(&schema_fields))
                .map(|e| e.error.clone()),
        );
    }
    for c in &causes {
        let r = KrmResult::about(Severity::Error, c.to_string(), item);
        let r = match c.named_field() {
            Some(path) => r.with_field(path.to_string()),
            None => r,
        };
        results.push(tag(r, update));
    }
    if causes.is_empty() {
        return Ok(prepared);
    }
    // An update refused only because rules do not compile: its objects are validated under
    // it as sent, those rules reported on them.
    let uncompiled_only = update
        && usable
        && no_schema_causes
        && prepared
            .iter()
            .all(|e| e.attached.rules.as_ref().is_none_or(|r| r.only_uncompiled));
    let msg = refused_warning(&name, causes.len(), update, uncompiled_only);
    results.push(tag(KrmResult::about(Severity::Warning, msg, item), update));
    if !usable {
        return Ok(Vec::new());
    }
    if uncompiled_only {
        for e in &mut prepared {
            e.attached.uncompiled_rules_reported = true;
        }
        return Ok(prepared);
    }
    for e in &mut prepared {
        e.vs.structural_errors.clone_from(&causes);
    }
    Ok(prepared)
}

/// The texts of `errors`, each once, in their order.
pub(super) fn distinct_texts<T: std::fmt::Display>(
    errors: impl IntoIterator<Item = T>,
) -> Vec<String> {
    let mut texts: Vec<String> = Vec::new();
    for e in errors {
        let text = e.to_string();
        if !texts.contains(&text) {
            texts.push(text);
        }
    }
    texts
}

/// Appends the causes of `more` whose text is not among `causes`' yet.
fn push_new(causes: &mut Vec<FieldError>, more: impl IntoIterator<Item = FieldError>) {
    let mut texts: Vec<String> = causes.iter().map(ToString::to_string).collect();
    for c in more {
        let text = c.to_string();
        if !texts.contains(&text) {
            texts.push(text);
            causes.push(c);
        }
    }
}

/// Loads a schema file or directory of the config, leaving out the files in `except`
/// (canonical paths read as items instead); pushes one error per non-structural CRD.
/// The files are read and their schemas compiled on the run's threads (one compiler each),
/// file by file, with the answers and errors of reading them one after the other.
fn load_file_except(
    path: &Path,
    except: &HashSet<PathBuf>,
    compilers: &mut [&mut VersionCompiler],
    results: &mut Vec<KrmResult>,
) -> Result<Vec<Entry<Checks>>, ProcessError> {
    let files = schema_files(path, except)?;
    let by_file = crate::jobs::map_ordered_with(compilers, files, |_, (file, explicit)| {
        load_file(&file, explicit)
    })
    .into_iter()
    .collect::<Result<Vec<_>, _>>()?;
    // One message per CRD, over every file (as the versions of all of them in a row).
    let all: Vec<&VersionSchema> = by_file.iter().flatten().collect();
    let non_structural = non_structural_by_crd(&all);
    let prepared = crate::jobs::map_ordered_with(compilers, by_file, |compiler, versions| {
        prepare(versions, compiler, (&[], &Preexisting::default()))
    });
    let entries: Vec<Entry<Checks>> = prepared.into_iter().flatten().collect();
    for msg in non_structural
        .into_iter()
        .chain(super::rules::refused_messages(&entries))
    {
        results.push(KrmResult::new(
            Severity::Error,
            format!("{}: {msg}", path.display()),
        ));
    }
    for archive in crate::sources::packaged_subcharts(path)? {
        results.push(KrmResult::new(
            Severity::Warning,
            format!(
                "{}: {} is not read as a subchart: Helm reads only a .tgz there (and refuses \
                 the chart); its CRDs, if it has any, give no schema",
                path.display(),
                archive.display()
            ),
        ));
    }
    Ok(entries)
}

/// Adds to the registry; pushes its conflict warnings.
fn add(
    registry: &mut Schemas,
    entries: Vec<Entry<Checks>>,
    from_items: bool,
    results: &mut Vec<KrmResult>,
) {
    for w in registry.add_entries(entries, from_items) {
        results.push(KrmResult::new(Severity::Warning, w));
    }
}

/// Compiles each version's checks (from the whole schema), slims the schemas, then pairs them.
fn prepare(
    mut versions: Vec<VersionSchema>,
    compiler: &mut VersionCompiler,
    update: (&[String], &Preexisting),
) -> Vec<Entry<Checks>> {
    let compiled = compile(&versions, compiler.checks.as_mut());
    let rules = super::rules::compile(&versions, update);
    slim(&mut versions, &mut compiler.sharing);
    versions
        .into_iter()
        .zip(compiled.into_iter().zip(rules))
        .map(|(vs, (compiled, rules))| {
            let validator = compiled.and_then(|c| Validator::new(&vs, c));
            Entry {
                vs,
                attached: Checks {
                    validator,
                    rules,
                    uncompiled_rules_reported: false,
                },
            }
        })
        .collect()
}

/// The compiled schema of each version with a usable one; versions that share a schema share
/// its compiled form.
fn compile(versions: &[VersionSchema], compiler: Option<&mut Compiler>) -> Vec<Option<Compiled>> {
    let Some(compiler) = compiler else {
        return vec![None; versions.len()];
    };
    let mut out: Vec<Option<Compiled>> = Vec::with_capacity(versions.len());
    for vs in versions {
        let usable = vs.structural_errors.is_empty();
        let schema = vs.schema.as_ref().filter(|_| usable);
        let shared = schema.and_then(|s| {
            versions
                .iter()
                .zip(&out)
                .find(|(other, c)| {
                    c.is_some() && other.schema.as_ref().is_some_and(|o| Arc::ptr_eq(o, s))
                })
                .and_then(|(_, c)| c.clone())
        });
        out.push(shared.or_else(|| schema.map(|s| compiler.compile(s))));
    }
    out
}

/// For one CRD's versions: the error message when any version is non-structural.
fn non_structural_message<'a>(
    versions: impl IntoIterator<Item = &'a VersionSchema>,
) -> Option<String> {
    let versions: Vec<&VersionSchema> = versions.into_iter().collect();
    let name = versions.first()?.crd_name.as_str();
    let errors = distinct_texts(versions.iter().flat_map(|vs| &vs.structural_errors));
    (!errors.is_empty()).then(|| {
        format!(
            "CustomResourceDefinition {name} is not structural (the apiserver rejects it); its objects are left unchanged: {}",
            errors.join("; ")
        )
    })
}

/// [`non_structural_message`] for a file source that may hold several CRDs.
fn non_structural_by_crd(versions: &[&VersionSchema]) -> Vec<String> {
    let mut names: Vec<&str> = Vec::new();
    for vs in versions {
        if !names.contains(&vs.crd_name.as_str()) {
            names.push(&vs.crd_name);
        }
    }
    names
        .into_iter()
        .filter_map(|n| {
            non_structural_message(versions.iter().copied().filter(|v| v.crd_name == n))
        })
        .collect()
}

/// Readies the versions for processing: defaults pruned ([`engine::prepare`]), then what
/// processing never reads stripped out of each distinct schema (see
/// [`crate::schema::Structural::strip_for_processing`]), then the equal subtrees of the
/// versions' schemas made one, and one with those of the CRDs loaded before ([`Sharing`]).
fn slim(versions: &mut [VersionSchema], sharing: &mut Sharing) {
    engine::prepare(versions);
    map_schemas(versions, |s, _| {
        s.strip_for_processing();
        sharing.share_below(s);
    });
}
