//! Processing the items: schemas are collected first (CRDs among the items, then the config's
//! schema files), then every item whose apiVersion/kind has a served, structural schema goes
//! through [`engine::run`] (every stage, and the apiserver's validation of the create or update). Every
//! other item is left exactly as it was read (its tree is not rebuilt), so it is written back
//! value-identical with key order, styles and annotations kept.

mod crd_update;
pub mod impact;
pub mod previous;
mod rules;
mod schemas;
pub mod stream;
mod validate;

use crate::config::{Config, FieldValidation};
use crate::diff;
use crate::engine::{self, Options, Request};
use crate::results::{KrmResult, Severity, Summary};
use crate::schema::registry::{Entry, Lookup};
use crate::schema::SchemaError;
use crate::yaml::{emit_document, Node, YamlError};

pub(crate) use crd_update::OldCrd;
pub use previous::{Previous, UpdateContext};
pub(crate) use schemas::is_crd;
pub use schemas::{collect_schemas, Checks, SchemaSet, Schemas};

/// What processing reports: results (pruned fields, warnings, errors, the summary last) and, when
/// asked for, one unified diff per changed resource.
#[derive(Debug, Default)]
pub struct Report {
    pub results: Vec<KrmResult>,
    pub diffs: Vec<String>,
}

/// A schema that cannot be used at all (exit 2, nothing on stdout).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProcessError {
    #[error("{}", schema_message(.0))]
    Schema(#[from] SchemaError),
    #[error("{label}: {source}")]
    Unreadable {
        label: String,
        #[source]
        source: YamlError,
    },
}

/// A schema error as `source: field: message`, without an empty field.
fn schema_message(e: &SchemaError) -> String {
    if e.field.is_empty() {
        format!("{}: {}", e.source_name, e.message)
    } else {
        e.to_string()
    }
}

/// Processes `items` in place (`labels[i]` names item i in messages).
pub fn process(
    items: &mut [Node],
    labels: &[String],
    config: &Config,
    want_diff: bool,
) -> Result<Report, ProcessError> {
    let _version = crate::versions::enter(config.behaviours());
    let previous = match config.previous.is_empty() {
        true => None,
        false => Some(Previous::load(&config.previous, config)?),
    };
    process_update(items, labels, config, want_diff, previous.as_ref())
}

/// [`process`] with the previous revision given (`None`: every item is a create).
pub fn process_update(
    items: &mut [Node],
    labels: &[String],
    config: &Config,
    want_diff: bool,
    previous: Option<&Previous>,
) -> Result<Report, ProcessError> {
    let _version = crate::versions::enter(config.behaviours());
    let mut report = Report::default();
    let registry =
        schemas::collect_schemas_after(items, labels, config, previous, &mut report.results)?;
    if let Some(previous) = previous {
        let impact = impact::report(items.iter(), previous, &registry, config);
        report.results.extend(impact);
    }
    let update = previous.map(|previous| UpdateContext {
        previous,
        registry: &registry,
        files: None,
    });
    let mut summary = Summary::default();
    // Each item on its own (on the run's threads), the results joined in item order.
    let done = crate::jobs::map_ordered(config.threads(), items.iter_mut().collect(), |item| {
        let (api_version, kind) = api_version_kind(item);
        if config.skips(&api_version, &kind) {
            return None;
        }
        let lookup = registry.lookup(&api_version, &kind);
        let (mut one, mut counts) = (Report::default(), Summary::default());
        let cx = ItemContext {
            config,
            want_diff,
            update,
        };
        process_item_with(item, &api_version, lookup, cx, &mut one, &mut counts);
        Some((one, counts))
    });
    for (one, counts) in done.into_iter().flatten() {
        report.results.extend(one.results);
        report.diffs.extend(one.diffs);
        summary.add(counts);
    }
    report.results.push(summary.to_result());
    Ok(report)
}

/// Processes one (not skipped) item with what the registry knows about its apiVersion/kind:
/// a warning for an unknown or unserved version, the engine for a usable schema.
#[cfg_attr(not(feature = "kube"), allow(dead_code))]
pub(crate) fn process_item(
    item: &mut Node,
    api_version: &str,
    lookup: Lookup<'_, Checks>,
    config: &Config,
    want_diff: bool,
    report: &mut Report,
    summary: &mut Summary,
) {
    let cx = ItemContext {
        config,
        want_diff,
        update: None,
    };
    process_item_with(item, api_version, lookup, cx, report, summary);
}

/// What processing an item needs besides the item and what its schema lookup found: the
/// run's config, whether a diff is wanted, and the previous revision when updates are judged.
#[derive(Clone, Copy)]
pub(crate) struct ItemContext<'a> {
    pub config: &'a Config,
    pub want_diff: bool,
    /// `None`: every item is a create.
    pub update: Option<UpdateContext<'a>>,
}

/// [`process_item`], judging the item as an update when `cx.update`'s previous objects hold it.
pub(crate) fn process_item_with(
    item: &mut Node,
    api_version: &str,
    lookup: Lookup<'_, Checks>,
    cx: ItemContext<'_>,
    report: &mut Report,
    summary: &mut Summary,
) {
    let ItemContext {
        config,
        want_diff,
        update,
    } = cx;
    let vs = match lookup {
        Lookup::NotFound => return,
        Lookup::VersionNotFound { crd_name } => {
            let version = api_version.rsplit('/').next().unwrap_or("");
            let msg = format!("version {version} is not defined by {crd_name}; left unchanged");
            report
                .results
                .push(KrmResult::about(Severity::Warning, msg, item));
            return;
        }
        Lookup::NotServed(vs) => {
            let msg = format!(
                "version {} of {} is not served; left unchanged",
                vs.version, vs.crd_name
            );
            report
                .results
                .push(KrmResult::about(Severity::Warning, msg, item));
            return;
        }
        Lookup::Found(vs) => vs,
    };
    if !vs.structural_errors.is_empty() {
        let msg = format!(
            "CustomResourceDefinition {} is refused by the apiserver; left unchanged",
            vs.crd_name
        );
        report
            .results
            .push(KrmResult::about(Severity::Warning, msg, item));
        return;
    }
    if vs.schema.is_none() {
        return;
    }
    if let Some(msg) = rules::refused_warning(vs) {
        report
            .results
            .push(KrmResult::about(Severity::Warning, msg, item));
        return;
    }
    let opts = Options {
        prune: config.prune && vs.prune,
        default: config.default,
    };
    let old = update.and_then(|u| u.stored(item, vs, config));
    apply_one(
        item,
        vs,
        old.as_ref(),
        opts,
        config,
        want_diff,
        report,
        summary,
    );
}

/// Runs every stage on one object ([`engine::run`]: a create, or an update of `old`, the stored
/// old object, when given) and records the results (and the diff).
#[allow(clippy::too_many_arguments)]
fn apply_one(
    item: &mut Node,
    vs: &Entry<Checks>,
    old: Option<&Node>,
    opts: Options,
    config: &Config,
    want_diff: bool,
    report: &mut Report,
    summary: &mut Summary,
) {
    let before = want_diff.then(|| emit(item));
    let severity = validate::severity(config.validation);
    let request = match old {
        Some(old) => Request::Update { old },
        None => Request::Create,
    };
    let outcome = engine::run(item, vs, request, &opts, severity.is_some());
    summary.processed += 1;
    summary.pruned += outcome.pruned.len();
    summary.defaulted += outcome.defaulted.len();
    if let Some(r) = &outcome.refused {
        let msg = format!("the apiserver refuses the object: {}", r.message);
        report
            .results
            .push(KrmResult::about(Severity::Error, msg, item).with_field(&r.path));
    }
    let unknown = match config.field_validation {
        FieldValidation::Ignore => None,
        FieldValidation::Warn => Some(Severity::Warning),
        FieldValidation::Strict => Some(Severity::Error),
    };
    if let Some(unknown) = unknown {
        for path in &outcome.pruned {
            let msg = unknown_field(path);
            report
                .results
                .push(KrmResult::about(unknown, msg, item).with_field(path));
        }
    }
    if let Some(severity) = severity {
        let update = old.is_some();
        validate::push(item, outcome.errors, severity, update, &mut report.results);
    }
    if let Some(before) = before {
        let d = diff::unified(&diff_label(item), &before, &emit(item));
        if !d.is_empty() {
            report.diffs.push(d);
        }
    }
}

/// `unknown field "spec.x"`: the path quoted as Rust's `{:?}` quotes it, written directly when
/// it is printable ASCII without a quote or a backslash (every key a schema names; no format
/// string interpreted for each pruned field of a long list).
fn unknown_field(path: &str) -> String {
    const HEAD: &str = "unknown field ";
    let plain = |b: u8| matches!(b, b' '..=b'~') && b != b'"' && b != b'\\';
    if !path.bytes().all(plain) {
        return format!("{HEAD}{path:?}");
    }
    let mut msg = String::with_capacity(HEAD.len() + path.len() + 2);
    msg.push_str(HEAD);
    msg.push('"');
    msg.push_str(path);
    msg.push('"');
    msg
}

fn emit(item: &Node) -> String {
    let mut s = String::new();
    emit_document(item, &mut s);
    s
}

/// `apiVersion/Kind/namespace/name` (namespace left out when empty).
fn diff_label(item: &Node) -> String {
    let r = crate::results::ResourceRef::of(item);
    let mut label = format!("{}/{}/", r.api_version, r.kind);
    if !r.namespace.is_empty() {
        label.push_str(&r.namespace);
        label.push('/');
    }
    label.push_str(&r.name);
    label
}

/// An item's apiVersion and kind (checked non-empty strings when the input was read).
fn api_version_kind(item: &Node) -> (String, String) {
    let s = |k: &str| {
        item.get(k)
            .and_then(Node::scalar_str)
            .unwrap_or("")
            .to_string()
    };
    (s("apiVersion"), s("kind"))
}

#[cfg(test)]
mod tests;
