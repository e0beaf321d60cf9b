//! The KRM `results` list: what the function reports, as kyaml's `framework.Result` writes it
//! (`message`, `severity`, `resourceRef`, `field.path`, `file`), plus the one-line form written
//! to stderr for warnings and errors (kustomize does not show results).

use crate::resourcelist::json::{write_element, JsonRecord, Layout, ELEMENT_INDENT};
use crate::yaml::{Fields, Mapping, Node, Record, Scalar};
use std::fmt;

mod log;
pub use log::{Entries, Log};

/// A result's severity (KRM: `error`, `warning`, `info`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Error,
    Warning,
    Info,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }
}

/// The resource a result is about.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ResourceRef {
    pub api_version: String,
    pub kind: String,
    pub name: String,
    pub namespace: String,
}

impl ResourceRef {
    /// Reads apiVersion, kind, metadata.name and metadata.namespace of an object (missing → "").
    pub fn of(obj: &Node) -> Self {
        let s = field_text;
        let meta = obj.get("metadata");
        ResourceRef {
            api_version: s(obj.get("apiVersion")),
            kind: s(obj.get("kind")),
            name: s(meta.and_then(|m| m.get("name"))),
            namespace: s(meta.and_then(|m| m.get("namespace"))),
        }
    }
}

/// What kubectl decodes a string field of an object's TypeMeta or ObjectMeta into: a string's
/// text; for null, or a field not there, an empty string; another scalar (an object kubectl
/// refuses to decode) by the JSON text of its value, so that it reads the same whether the
/// object came as YAML (`yes`) or as JSON (`true`); a collection as nothing.
pub(crate) fn field_text(n: Option<&Node>) -> String {
    match n {
        Some(n) if n.is_null() => String::new(),
        Some(n) => match n.as_str() {
            Some(text) => text.to_string(),
            None => crate::yaml::keys::key_text(n).map_or_else(String::new, |t| t.into_owned()),
        },
        None => String::new(),
    }
}

impl fmt::Display for ResourceRef {
    /// `Widget demo/w1 (example.com/v1)`, or `Widget w1 (...)` without a namespace.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

impl ResourceRef {
    /// Writes what [`fmt::Display`] writes to `out`, piece by piece (also straight into a
    /// stderr line's buffer).
    fn write_to(&self, out: &mut impl fmt::Write) -> fmt::Result {
        out.write_str(&self.kind)?;
        out.write_char(' ')?;
        if !self.namespace.is_empty() {
            out.write_str(&self.namespace)?;
            out.write_char('/')?;
        }
        out.write_str(&self.name)?;
        out.write_str(" (")?;
        out.write_str(&self.api_version)?;
        out.write_char(')')
    }
}

/// The file an item came from (kpt's `config.kubernetes.io/path` and `index` annotations).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileRef {
    pub path: String,
    pub index: Option<i64>,
}

impl FileRef {
    /// The file annotations of an object, if it has a path annotation.
    pub fn of(obj: &Node) -> Option<Self> {
        let ann = obj.get("metadata")?.get("annotations")?;
        let get = |k: &str| ann.get(k).and_then(Node::scalar_str);
        let path = get("config.kubernetes.io/path")
            .or_else(|| get("internal.config.kubernetes.io/path"))?;
        let index = get("config.kubernetes.io/index")
            .or_else(|| get("internal.config.kubernetes.io/index"))
            .and_then(|i| i.parse().ok());
        Some(FileRef {
            path: path.to_string(),
            index,
        })
    }
}

/// One KRM result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KrmResult {
    pub message: String,
    pub severity: Severity,
    pub resource_ref: Option<ResourceRef>,
    /// The field path (`spec.a[0].b`).
    pub field: Option<String>,
    pub file: Option<FileRef>,
    /// A line written to stderr after this result's own (not part of the `results` list).
    pub stderr_note: Option<String>,
    /// The result's `tags` (KRM's string map): `operation: update` on the causes of an update's
    /// refusal.
    pub tags: Vec<(&'static str, String)>,
}

impl KrmResult {
    /// A result with only a message.
    pub fn new(severity: Severity, message: impl Into<String>) -> Self {
        KrmResult {
            message: message.into(),
            severity,
            resource_ref: None,
            field: None,
            file: None,
            stderr_note: None,
            tags: Vec::new(),
        }
    }

    /// A result about an object (reference and file taken from it).
    pub fn about(severity: Severity, message: impl Into<String>, obj: &Node) -> Self {
        KrmResult {
            resource_ref: Some(ResourceRef::of(obj)),
            file: FileRef::of(obj),
            ..KrmResult::new(severity, message)
        }
    }

    pub fn with_field(mut self, path: impl Into<String>) -> Self {
        self.field = Some(path.into());
        self
    }

    /// The result as a node of the `results` list.
    pub fn to_node(&self) -> Node {
        let mut m = Mapping::default();
        m.insert("message", Node::string(&self.message));
        m.insert("severity", Node::string(self.severity.as_str()));
        if let Some(r) = &self.resource_ref {
            let mut rm = Mapping::default();
            rm.insert("apiVersion", Node::string(&r.api_version));
            rm.insert("kind", Node::string(&r.kind));
            rm.insert("name", Node::string(&r.name));
            if !r.namespace.is_empty() {
                rm.insert("namespace", Node::string(&r.namespace));
            }
            m.insert("resourceRef", Node::Map(rm));
        }
        if let Some(path) = &self.field {
            let mut fm = Mapping::default();
            fm.insert("path", Node::string(path));
            m.insert("field", Node::Map(fm));
        }
        if let Some(file) = &self.file {
            let mut fm = Mapping::default();
            fm.insert("path", Node::string(&file.path));
            if let Some(i) = file.index {
                fm.insert("index", Node::Scalar(Scalar::plain(i.to_string())));
            }
            m.insert("file", Node::Map(fm));
        }
        if !self.tags.is_empty() {
            let mut tm = Mapping::default();
            for (k, v) in &self.tags {
                tm.insert(k, Node::string(v));
            }
            m.insert("tags", Node::Map(tm));
        }
        Node::Map(m)
    }

    /// Appends the result as an item of the `results` list (`- message: ...` at column 0): the
    /// text the emitter writes for [`Self::to_node`], without the tree made.
    pub fn write_yaml_item(&self, out: &mut String) {
        if self.tag_repeated() {
            // A tag set twice keeps its first place and its last value (`Mapping::insert`).
            crate::yaml::emit_seq_item(&self.to_node(), out);
            return;
        }
        self.write_fields(&mut Record::seq_item(out));
    }

    /// Appends the result as an element of the `results` list in JSON, after its separator
    /// (without its comma when `first`; see [`crate::resourcelist::json::write_element`]): the
    /// text written for
    /// [`Self::to_node`], without the tree made.
    pub fn write_json_element(&self, out: &mut Vec<u8>, layout: Layout, first: bool) {
        // The first element's separator is written without its comma.
        let skip = usize::from(first);
        if self.tag_repeated() {
            let mut text = String::new();
            write_element(&mut text, &self.to_node(), layout).expect("a result is JSON");
            out.extend_from_slice(&text.as_bytes()[skip..]);
            return;
        }
        out.extend_from_slice(&layout.element_separator().as_bytes()[skip..]);
        self.write_fields(&mut JsonRecord::new(out, layout, ELEMENT_INDENT));
    }

    /// The result's fields, in [`Self::to_node`]'s order, written by `m`.
    fn write_fields<M: Fields>(&self, m: &mut M) {
        m.string("message", &self.message);
        m.string("severity", self.severity.as_str());
        if let Some(r) = &self.resource_ref {
            let mut rm = m.child("resourceRef");
            rm.string("apiVersion", &r.api_version);
            rm.string("kind", &r.kind);
            rm.string("name", &r.name);
            if !r.namespace.is_empty() {
                rm.string("namespace", &r.namespace);
            }
        }
        if let Some(path) = &self.field {
            m.child("field").string("path", path);
        }
        if let Some(file) = &self.file {
            let mut fm = m.child("file");
            fm.string("path", &file.path);
            if let Some(i) = file.index {
                fm.integer("index", i);
            }
        }
        if !self.tags.is_empty() {
            let mut tm = m.child("tags");
            for (k, v) in &self.tags {
                tm.string(k, v);
            }
        }
    }

    /// Whether a tag is set twice: it keeps its first place and its last value
    /// (`Mapping::insert`), which only the tree writes.
    fn tag_repeated(&self) -> bool {
        self.tags
            .iter()
            .enumerate()
            .any(|(i, (k, _))| self.tags[..i].iter().any(|(j, _)| j == k))
    }

    /// Appends the stderr line and its line break to `out` (none for an `info` result).
    pub fn push_stderr(&self, out: &mut String) {
        if self.severity != Severity::Info {
            self.write_stderr_line(out);
            out.push('\n');
        }
    }

    /// The stderr line: `crd-schema-fn: warning: Widget demo/w1 (example.com/v1): spec.colour: message`
    /// (the field is not repeated when the message starts with it), then the note's line.
    pub fn stderr_line(&self) -> String {
        let mut line = String::new();
        self.write_stderr_line(&mut line);
        line
    }

    /// Appends [`Self::stderr_line`] to `out`, piece by piece (a heavy run writes hundreds of
    /// thousands of them).
    fn write_stderr_line(&self, out: &mut String) {
        let about = |out: &mut String| {
            out.push_str("crd-schema-fn: ");
            out.push_str(self.severity.as_str());
            out.push_str(": ");
            if let Some(r) = &self.resource_ref {
                r.write_to(out).expect("a String takes any text");
                out.push_str(": ");
            }
        };
        about(out);
        if let Some(f) = &self.field {
            let starts_with_field = self
                .message
                .strip_prefix(f.as_str())
                .is_some_and(|rest| rest.starts_with(": "));
            if !starts_with_field {
                out.push_str(f);
                out.push_str(": ");
            }
        }
        out.push_str(&self.message);
        if let Some(note) = &self.stderr_note {
            out.push('\n');
            about(out);
            out.push_str(note);
        }
    }
}

/// Counts for the summary result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub processed: usize,
    pub pruned: usize,
    pub defaulted: usize,
}

impl Summary {
    /// Adds the counts of `other` (a part of the run).
    pub fn add(&mut self, other: Summary) {
        self.processed += other.processed;
        self.pruned += other.pruned;
        self.defaulted += other.defaulted;
    }

    /// `crd-schema-fn: N resources processed, N fields pruned, N defaults applied` (info).
    pub fn to_result(self) -> KrmResult {
        KrmResult::new(
            Severity::Info,
            format!(
                "crd-schema-fn: {} resources processed, {} fields pruned, {} defaults applied",
                self.processed, self.pruned, self.defaulted
            ),
        )
    }
}

/// Whether any result is an error (exit code 1).
pub fn has_error(results: &[KrmResult]) -> bool {
    results.iter().any(|r| r.severity == Severity::Error)
}

#[cfg(test)]
mod tests;
