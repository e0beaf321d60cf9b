//! What `check` and `fix` found, as findings: one per warning or error result, per field that
//! changes, per file that does not parse or cannot be edited in place, each with its kind
//! ([`Rule`]), its level and where it is in the file (`line:column`, see
//! [`crate::yaml::edit::locate`]): a pruned field or a refused value at its key, an added
//! default at the key of the mapping it goes into, an object-level finding at its document's
//! first node (a List item: the item's). Every output format ([`super::formats`]) renders the
//! same findings, in the same order: the file's own, then each resource's results and changes,
//! in the order of the files and of their resources.

use super::apply::{FileRun, What};
use super::files::At;
use super::Mode;
use crate::results::{KrmResult, ResourceRef, Severity};
use crate::yaml::edit::locate::{Locator, Place};

/// The kind of a finding; its id is stable (SARIF rule ids, GitLab check names, JSON `rule`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rule {
    /// A field the schema does not specify: the apiserver drops it.
    PrunedField,
    /// A `default:` of the schema the apiserver adds.
    DefaultAdded,
    /// A value the apiserver stores otherwise (metadata normalized).
    ValueChanged,
    /// A cause of the apiserver's refusal of the object (create).
    Refused,
    /// A cause of the apiserver's refusal of an update (against the previous revision).
    UpdateRefused,
    /// A CRD the apiserver refuses (not structural, rules that do not compile), or whose
    /// objects are left unchanged because of it.
    CrdRefused,
    /// The object's version is not defined or not served by its CRD: left unchanged.
    VersionUnavailable,
    /// What a CRD change does to an object that exists (`--base`): a field pruned, a default
    /// added, an error refused or ratcheted on its next update, a version gone.
    CrdChange,
    /// Schema sources that conflict (the same kind and version from two places).
    SchemaConflict,
    /// A file that is not YAML (or not UTF-8).
    ParseError,
    /// A file `fix` cannot edit in place.
    NotEditable,
}

impl Rule {
    /// Every rule, in the order of [`Rule::id`]'s table (SARIF's `rules` array).
    pub const ALL: [Rule; 11] = [
        Rule::PrunedField,
        Rule::DefaultAdded,
        Rule::ValueChanged,
        Rule::Refused,
        Rule::UpdateRefused,
        Rule::CrdRefused,
        Rule::VersionUnavailable,
        Rule::SchemaConflict,
        Rule::ParseError,
        Rule::NotEditable,
        Rule::CrdChange,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Rule::PrunedField => "pruned-field",
            Rule::DefaultAdded => "default-added",
            Rule::ValueChanged => "value-changed",
            Rule::Refused => "refused",
            Rule::UpdateRefused => "update-refused",
            Rule::CrdRefused => "crd-refused",
            Rule::VersionUnavailable => "version-unavailable",
            Rule::CrdChange => "crd-change",
            Rule::SchemaConflict => "schema-conflict",
            Rule::ParseError => "parse-error",
            Rule::NotEditable => "not-editable",
        }
    }

    /// One line on what the rule finds.
    pub fn description(self) -> &'static str {
        match self {
            Rule::PrunedField => "A field the CRD's schema does not specify: the apiserver drops it without an error (or refuses it with fieldValidation: Strict)",
            Rule::DefaultAdded => "A default of the CRD's schema the apiserver adds to the stored object",
            Rule::ValueChanged => "A value the apiserver stores otherwise than written",
            Rule::Refused => "A reason the apiserver refuses to create the object (422)",
            Rule::UpdateRefused => "A reason the apiserver refuses the object as an update of its previous revision",
            Rule::CrdRefused => "A CustomResourceDefinition the apiserver refuses; its objects are left unchanged",
            Rule::VersionUnavailable => "The object's version is not defined or not served by its CRD; left unchanged",
            Rule::CrdChange => "What a CustomResourceDefinition change does to an object that exists, on its next update: a field pruned, a default added, an error that refuses it or that ratcheting lets pass, a version no longer served",
            Rule::SchemaConflict => "Two schema sources define the same kind and version",
            Rule::ParseError => "A file that cannot be read as YAML",
            Rule::NotEditable => "A file `crd-schema-fn fix` cannot edit in place",
        }
    }
}

/// How much a finding matters (SARIF's levels; a change is a note, it makes `check` fail).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    Error,
    Warning,
    Note,
}

impl Level {
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Error => "error",
            Level::Warning => "warning",
            Level::Note => "note",
        }
    }
}

/// One finding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub rule: Rule,
    pub level: Level,
    /// Where in its file (`None`: a finding about no file).
    pub place: Option<Place>,
    /// The resource it is about (index into its file's `resources`).
    pub resource: Option<usize>,
    /// The field path (`spec.targets[0].mode`).
    pub field: Option<String>,
    /// What it says, without file, resource and field.
    pub message: String,
    /// A line the text format prints after it, at its resource's place (kubectl's
    /// `The Widget "w" is invalid: 2 errors`).
    pub note: Option<String>,
}

/// What a file's findings are about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileReport {
    /// The path as given (without a leading `./`); `None` for findings about no file.
    pub name: Option<String>,
    /// Its resources, with the place of each.
    pub resources: Vec<(ResourceRef, Place)>,
    pub findings: Vec<Finding>,
}

impl FileReport {
    /// `Kind ns/name (apiVersion)` of a finding's resource, if it has one.
    pub fn resource_of(&self, f: &Finding) -> Option<&ResourceRef> {
        f.resource.map(|i| &self.resources[i].0)
    }

    /// The finding's whole message: resource, field (unless the message starts with it), text.
    pub fn full_message(&self, f: &Finding) -> String {
        let mut line = String::new();
        if let Some(r) = self.resource_of(f) {
            line.push_str(&format!("{r}: "));
        }
        if let Some(field) = &f.field {
            let starts_with_field = f
                .message
                .strip_prefix(field.as_str())
                .is_some_and(|rest| rest.starts_with(": "));
            if !starts_with_field {
                line.push_str(&format!("{field}: "));
            }
        }
        line.push_str(&f.message);
        line
    }
}

pub(super) const START: Place = Place { line: 1, column: 1 };

/// The findings about no file (schema conflicts, schema files).
pub(super) fn general(results: &[KrmResult]) -> FileReport {
    let findings = results
        .iter()
        .filter_map(|r| {
            let rule = match r.severity {
                _ if is_impact(r) => Rule::CrdChange,
                Severity::Error => Rule::CrdRefused,
                _ => Rule::SchemaConflict,
            };
            from_result(r, rule, None, None)
        })
        .collect();
    FileReport {
        name: None,
        resources: Vec::new(),
        findings,
    }
}

/// The findings of one file after the run.
pub(super) fn of_file(run: &FileRun, mode: Mode) -> FileReport {
    let text = &run.file.text;
    let docs = run.file.docs.as_deref().unwrap_or(&[]);
    let locator = Locator::new(text, docs);
    let at = |at: At, field: Option<&str>| -> Place {
        let Some(l) = &locator else { return START };
        let mut path = at.item.map(|i| format!("items[{i}]")).unwrap_or_default();
        if let Some(f) = field.filter(|f| !f.is_empty()) {
            if !path.is_empty() {
                path.push('.');
            }
            path.push_str(f);
        }
        l.field(at.doc, &docs[at.doc], &path)
    };
    let resources: Vec<(ResourceRef, Place)> = run
        .resources
        .iter()
        .map(|r| (r.reference.clone(), at(r.at, None)))
        .collect();
    let mut findings = Vec::new();
    if let Err(e) = &run.file.docs {
        findings.push(Finding {
            rule: Rule::ParseError,
            level: Level::Error,
            place: Some(run.file.error_place.unwrap_or(START)),
            resource: None,
            field: None,
            message: e.to_string(),
            note: None,
        });
    }
    for r in &run.results {
        // A result about a CRD of the file: at that CRD.
        let index = r
            .resource_ref
            .as_ref()
            .and_then(|rr| run.resources.iter().position(|x| &x.reference == rr));
        let place = index.map_or(START, |i| at(run.resources[i].at, r.field.as_deref()));
        let rule = file_rule(r);
        findings.extend(from_result(r, rule, Some(place), index));
    }
    for (i, res) in run.resources.iter().enumerate() {
        for r in &res.results {
            let place = at(res.at, r.field.as_deref());
            findings.extend(from_result(r, resource_rule(r), Some(place), Some(i)));
        }
        for c in &res.changes {
            let (rule, message) = match &c.what {
                What::Removed => (Rule::PrunedField, "removed".to_string()),
                What::Added(v) => (Rule::DefaultAdded, format!("added: {v}")),
                What::Changed(a, b) => (Rule::ValueChanged, format!("changed: {a} -> {b}")),
            };
            findings.push(Finding {
                rule,
                level: Level::Note,
                place: Some(at(res.at, Some(&c.field))),
                resource: Some(i),
                field: Some(c.field.clone()),
                message,
                note: None,
            });
        }
    }
    if let Some(Err(e)) = &run.edited {
        let (level, message) = match mode {
            Mode::Check => (
                Level::Warning,
                format!("`crd-schema-fn fix` cannot edit this file in place: {e}"),
            ),
            Mode::Fix => (
                Level::Error,
                format!("cannot edit this file in place, left unchanged: {e}"),
            ),
        };
        findings.push(Finding {
            rule: Rule::NotEditable,
            level,
            place: Some(START),
            resource: None,
            field: None,
            message,
            note: None,
        });
    }
    FileReport {
        name: Some(run.file.name.clone()),
        resources,
        findings,
    }
}

/// Whether a result is about the impact of a CRD change.
fn is_impact(r: &KrmResult) -> bool {
    r.tags
        .iter()
        .any(|(k, _)| *k == crate::process::impact::TAG)
}

/// A warning or error result as a finding (info results are none, but for a CRD change's
/// impact: a note).
fn from_result(
    r: &KrmResult,
    rule: Rule,
    place: Option<Place>,
    resource: Option<usize>,
) -> Option<Finding> {
    let level = match r.severity {
        Severity::Error => Level::Error,
        Severity::Warning => Level::Warning,
        Severity::Info if is_impact(r) => Level::Note,
        Severity::Info => return None,
    };
    Some(Finding {
        rule,
        level,
        place,
        resource,
        field: r.field.clone(),
        message: r.message.clone(),
        note: r.stderr_note.clone(),
    })
}

/// The kind of a result about a CRD of a file.
fn file_rule(_: &KrmResult) -> Rule {
    Rule::CrdRefused
}

/// The kind of a result about a resource.
fn resource_rule(r: &KrmResult) -> Rule {
    let m = r.message.as_str();
    if is_impact(r) {
        Rule::CrdChange
    } else if r.field.is_some() && m.starts_with("unknown field ") {
        Rule::PrunedField
    } else if m.starts_with("CustomResourceDefinition ") && m.ends_with("; left unchanged") {
        Rule::CrdRefused
    } else if m.starts_with("version ") && m.ends_with("; left unchanged") {
        Rule::VersionUnavailable
    } else if r
        .tags
        .iter()
        .any(|(k, v)| *k == "operation" && v == "update")
    {
        Rule::UpdateRefused
    } else {
        Rule::Refused
    }
}
