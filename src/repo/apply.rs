//! Running the function on one file: every resource goes through exactly what the function does
//! to an item ([`crate::process::process_item`]: the same engine, the same results), then what changed is listed
//! field by field and, when anything changed, the file's new text is made by editing the old
//! one in place ([`rewrite`]).

use super::files::{resource, resource_mut, resources, At, SourceFile};
use crate::config::Config;
use crate::field;
use crate::process::Schemas;
use crate::process::{process_item_with, ItemContext, Report, UpdateContext};
use crate::results::{KrmResult, ResourceRef, Summary};
use crate::yaml::edit::diff::{changes, ChangeKind, Step};
use crate::yaml::edit::{rewrite, value_eq, EditError};
use crate::yaml::json::to_json;
use crate::yaml::keys::{drop_shadowed, key_text, normalize_keys};
use crate::yaml::Node;

/// A file after the run.
pub(super) struct FileRun {
    pub file: SourceFile,
    /// Results about the file's CRDs (not structural, ...).
    pub results: Vec<KrmResult>,
    pub resources: Vec<ResourceRun>,
    /// The new text when a resource changes, or why the file cannot be edited in place.
    pub edited: Option<Result<String, EditError>>,
}

impl FileRun {
    pub(super) fn new(file: SourceFile) -> Self {
        FileRun {
            file,
            results: Vec::new(),
            resources: Vec::new(),
            edited: None,
        }
    }

    /// Whether any resource of the file changes.
    pub(super) fn changes(&self) -> bool {
        self.resources.iter().any(|r| !r.changes.is_empty())
    }
}

/// One resource after the run.
pub(super) struct ResourceRun {
    pub reference: ResourceRef,
    /// Its document and List item.
    pub at: At,
    /// The function's results about it.
    pub results: Vec<KrmResult>,
    pub changes: Vec<FieldChange>,
    /// It had a usable schema.
    pub processed: bool,
}

/// One field that changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct FieldChange {
    /// `spec.targets[0].mode`
    pub field: String,
    pub what: What,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum What {
    Removed,
    /// Added (or a null replaced), with the new value as JSON.
    Added(String),
    /// Replaced: old and new value as JSON.
    Changed(String, String),
}

/// Processes the resources of `run`'s file and makes its new text.
/// With `update`, a resource that matches a previous object is judged as an update of it.
pub(super) fn apply(
    run: &mut FileRun,
    registry: &Schemas,
    config: &Config,
    update: Option<UpdateContext<'_>>,
) {
    let Ok(docs) = &run.file.docs else { return };
    let mut after = docs.clone();
    for at in resources(docs) {
        let before = resource(docs, at);
        let node = resource_mut(&mut after, at);
        let (api_version, kind) = (string(node, "apiVersion"), string(node, "kind"));
        let mut report = Report::default();
        let mut summary = Summary::default();
        if !config.skips(&api_version, &kind) {
            let lookup = registry.lookup(&api_version, &kind);
            let cx = ItemContext {
                config,
                want_diff: false,
                update,
            };
            process_item_with(node, &api_version, lookup, cx, &mut report, &mut summary);
        }
        let changes = if value_eq(before, node) {
            Vec::new()
        } else {
            field_changes(before, node)
        };
        run.resources.push(ResourceRun {
            reference: ResourceRef::of(before),
            at,
            results: report.results,
            changes,
            processed: summary.processed > 0,
        });
    }
    if run.changes() {
        run.edited = Some(rewrite(&run.file.text, docs, &after, run.file.json));
    }
}

fn string(node: &Node, key: &str) -> String {
    node.get(key)
        .and_then(Node::scalar_str)
        .unwrap_or("")
        .to_string()
}

/// The fields that differ between a resource as read and as processed.
pub(super) fn field_changes(before: &Node, after: &Node) -> Vec<FieldChange> {
    let mut norm = before.clone();
    normalize_keys(&mut norm);
    // The earlier entries of a repeated key are not fields the processing changed.
    drop_shadowed(&mut norm);
    let mut out = Vec::new();
    for change in changes(&norm, after) {
        let (path, node) = follow(&norm, &change.path);
        match change.kind {
            ChangeKind::Map { removed, added } => {
                let entries = node.as_map().map(|m| m.entries.as_slice()).unwrap_or(&[]);
                for i in removed {
                    let key = key_text(&entries[i].0).unwrap_or_default();
                    out.push(FieldChange {
                        field: field::child(&path, &key),
                        what: What::Removed,
                    });
                }
                for (k, v) in &added {
                    let key = key_text(k).unwrap_or_default();
                    out.push(FieldChange {
                        field: field::child(&path, &key),
                        what: What::Added(json_text(v)),
                    });
                }
            }
            ChangeKind::Replace(new) if node.is_null() => out.push(FieldChange {
                field: path,
                what: What::Added(json_text(&new)),
            }),
            ChangeKind::Replace(new) => out.push(FieldChange {
                field: path,
                what: What::Changed(json_text(node), json_text(&new)),
            }),
        }
    }
    out
}

/// The field path of `steps` from `root` (`spec.a[0].b`) and the node it leads to.
fn follow<'n>(root: &'n Node, steps: &[Step]) -> (String, &'n Node) {
    let mut path = String::new();
    let mut node = root;
    for step in steps {
        match (step, node) {
            (Step::Entry(i), Node::Map(m)) => {
                let (k, v) = &m.entries[*i];
                path = field::child(&path, &key_text(k).unwrap_or_default());
                node = v;
            }
            (Step::Item(i), Node::Seq(s)) => {
                path = field::index(&path, *i);
                node = &s.items[*i];
            }
            _ => break,
        }
    }
    (path, node)
}

/// Longest value shown in a message, in characters.
const MAX_VALUE: usize = 80;

/// A value as one line of JSON, shortened with `...` past [`MAX_VALUE`] characters.
fn json_text(node: &Node) -> String {
    let text = to_json(node)
        .ok()
        .and_then(|v| serde_json::to_string(&v).ok())
        .unwrap_or_else(|| "(a value JSON cannot hold)".to_string());
    match text.char_indices().nth(MAX_VALUE) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text,
    }
}
