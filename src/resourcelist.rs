//! Reading the function's input and writing its output, in the three forms it accepts: a KRM
//! `ResourceList` (any apiVersion, YAML or JSON; answered with a `config.kubernetes.io/v1`
//! ResourceList), a `kind: List`, and a plain multi-document stream (each answered in its own form).
//!
//! Items are kept as the lossless trees the YAML layer read, so whatever processing does not
//! touch is written back as it came. The envelope (the ResourceList or List document) is kept
//! too: unknown top-level keys, `functionConfig` and earlier `results` survive.

pub mod json;
pub mod pieces;
pub mod stream;

use crate::results::KrmResult;
use crate::yaml::{emit_document, emit_stream, parse_stream, Mapping, Node, Sequence, YamlError};

/// The apiVersion of the ResourceList written back.
pub const RESOURCE_LIST_API_VERSION: &str = "config.kubernetes.io/v1";

/// How the input came, and so how the output goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    ResourceList,
    List,
    Stream,
}

/// The parsed input.
#[derive(Debug)]
pub struct Input {
    pub form: Form,
    pub items: Vec<Node>,
    /// Where each item came from, for messages: `items[2]` or `document 2`.
    pub labels: Vec<String>,
    /// A ResourceList's `functionConfig` (None when absent).
    pub function_config: Option<Node>,
    /// The ResourceList or List document (its items are in `items`).
    envelope: Option<Node>,
}

/// Input the function cannot work on; nothing is written to stdout.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    #[error("malformed YAML or JSON: {0}")]
    Yaml(#[from] YamlError),
    #[error("{doc}: {field}: {message}")]
    Invalid {
        doc: String,
        field: String,
        message: String,
    },
}

impl InputError {
    fn invalid(doc: impl Into<String>, field: &str, message: impl Into<String>) -> Self {
        InputError::Invalid {
            doc: doc.into(),
            field: field.to_string(),
            message: message.into(),
        }
    }
}

/// Reads the input: a single ResourceList or List document, else a stream of objects. Null
/// (empty) documents of a stream are skipped.
pub fn read(text: &str) -> Result<Input, InputError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let docs: Vec<(usize, Node)> = parse_stream(text)?
        .into_iter()
        .enumerate()
        .filter(|(_, d)| !d.is_null())
        .collect();
    if docs.len() == 1 {
        if let Some(form) = envelope_form(&docs[0].1) {
            let (index, doc) = docs.into_iter().next().expect("one document");
            return read_envelope(doc, form, index);
        }
    }
    let mut input = Input {
        form: Form::Stream,
        items: Vec::with_capacity(docs.len()),
        labels: Vec::with_capacity(docs.len()),
        function_config: None,
        envelope: None,
    };
    for (i, doc) in docs {
        let label = format!("document {i}");
        check_document(&doc, &label)?;
        input.items.push(doc);
        input.labels.push(label);
    }
    Ok(input)
}

/// The form a stream's only document asks for: a ResourceList, a List with `items`, or `None`
/// (an object of a one-document stream).
pub fn envelope_form(doc: &Node) -> Option<Form> {
    match doc.get("kind").and_then(Node::scalar_str) {
        Some("ResourceList") => Some(Form::ResourceList),
        Some("List") if doc.get("items").is_some() => Some(Form::List),
        _ => None,
    }
}

/// Takes the items (and functionConfig) out of a ResourceList or List document.
fn read_envelope(mut doc: Node, form: Form, index: usize) -> Result<Input, InputError> {
    let what = match form {
        Form::ResourceList => "ResourceList",
        _ => "List",
    };
    let doc_label = format!("document {index} ({what})");
    let map = doc
        .as_map_mut()
        .ok_or_else(|| InputError::invalid(&doc_label, "", "expected a mapping"))?;
    let items = match map.get_mut("items") {
        None => Vec::new(),
        Some(n) if n.is_null() => Vec::new(),
        Some(Node::Seq(s)) => std::mem::take(&mut s.items),
        Some(other) => {
            return Err(InputError::invalid(
                doc_label,
                "items",
                format!("expected a list, found {}", node_kind(other)),
            ))
        }
    };
    if let Some(r) = map.get("results") {
        if !r.is_null() && r.as_seq().is_none() {
            let found = node_kind(r);
            return Err(InputError::invalid(
                doc_label,
                "results",
                format!("expected a list, found {found}"),
            ));
        }
    }
    let function_config = match form {
        Form::ResourceList => map.get("functionConfig").cloned(),
        _ => None,
    };
    let labels: Vec<String> = (0..items.len())
        .map(|i| crate::field::index("items", i))
        .collect();
    for (item, label) in items.iter().zip(&labels) {
        check_object(item, label)?;
    }
    Ok(Input {
        form,
        items,
        labels,
        function_config,
        envelope: Some(doc),
    })
}

/// A document of a plain stream must be a mapping; its apiVersion and kind, when present,
/// non-empty strings. Without them it is read as kubectl reads it and passed through unchanged
/// (no schema names it); a ResourceList's or List's item needs both ([`check_object`]).
pub(crate) fn check_document(node: &Node, label: &str) -> Result<(), InputError> {
    check_fields(node, label, false)
}

/// An item must be a mapping with non-empty string apiVersion and kind.
pub(crate) fn check_object(node: &Node, label: &str) -> Result<(), InputError> {
    check_fields(node, label, true)
}

/// A mapping whose apiVersion and kind are non-empty strings (`required`: present too).
fn check_fields(node: &Node, label: &str, required: bool) -> Result<(), InputError> {
    let map = node.as_map().ok_or_else(|| {
        InputError::invalid(
            label,
            "",
            format!("expected an object (mapping), found {}", node_kind(node)),
        )
    })?;
    for field in ["apiVersion", "kind"] {
        match map.get(field) {
            None if required => {
                return Err(InputError::invalid(
                    label,
                    field,
                    "missing: every item needs apiVersion and kind",
                ))
            }
            None => {}
            Some(v) if v.as_str().is_none_or(str::is_empty) => {
                return Err(InputError::invalid(
                    label,
                    field,
                    format!("expected a non-empty string, found {}", node_kind(v)),
                ))
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// Describes a node's kind for messages.
fn node_kind(n: &Node) -> String {
    match n {
        Node::Map(_) => "a mapping".into(),
        Node::Seq(_) => "a list".into(),
        Node::Scalar(_) if n.is_null() => "null".into(),
        Node::Scalar(s) => format!("the scalar {:?}", s.value),
    }
}

/// Writes the output in the input's form: a ResourceList with `results` (earlier results kept,
/// ours appended), a List, or a stream.
pub fn write(input: Input, results: &[KrmResult]) -> String {
    write_output(assemble(input, results))
}

/// The output's documents as YAML.
fn write_output(output: Output) -> String {
    match output {
        Output::Stream(items) => emit_stream(&items),
        Output::Envelope(doc) => {
            let mut out = String::new();
            emit_document(&doc, &mut out);
            out
        }
    }
}

/// [`write()`] in JSON (`layout`): each document as one JSON value and a line break, every
/// scalar as kubectl reads it (a JSON input's as it came: see [`json`]), the text the streamed
/// run writes ([`stream::write_json_shell`]). YAML, as [`write()`] writes it, when a document has
/// no JSON form (a key that is not a scalar, a float JSON cannot hold).
pub fn write_json(input: Input, results: &[KrmResult], layout: json::Layout) -> String {
    let output = assemble(input, results);
    let docs = match &output {
        Output::Stream(items) => items.as_slice(),
        Output::Envelope(doc) => std::slice::from_ref(doc),
    };
    let mut out = String::new();
    for doc in docs.iter().filter(|d| !d.is_null()) {
        if json::write_node(&mut out, doc, layout, 0).is_none() {
            return write_output(output);
        }
        out.push('\n');
    }
    out
}

/// The output's documents: a stream's items, or the envelope holding them.
enum Output {
    Stream(Vec<Node>),
    Envelope(Node),
}

/// Puts the items (and for a ResourceList, the results) in the input's form.
fn assemble(input: Input, results: &[KrmResult]) -> Output {
    let Input {
        form,
        items,
        envelope,
        ..
    } = input;
    match (form, envelope) {
        (Form::Stream, _) | (_, None) => Output::Stream(items),
        (form, Some(mut doc)) => {
            let map = doc.as_map_mut().expect("checked when read");
            let mut all = prepare_envelope(map, form);
            map.insert(
                "items",
                Node::Seq(Sequence {
                    items,
                    ..Sequence::default()
                }),
            );
            if form == Form::ResourceList {
                all.extend(results.iter().map(KrmResult::to_node));
                map.insert(
                    "results",
                    Node::Seq(Sequence {
                        items: all,
                        ..Sequence::default()
                    }),
                );
            }
            Output::Envelope(doc)
        }
    }
}

/// Readies a ResourceList's or List's root mapping for writing, the same for the whole-input and
/// the streamed writer: block style, the ResourceList apiVersion set, an empty `items` in that
/// key's place (appended when absent) and, for a ResourceList, an empty `results` in its place.
/// Returns the results the input already carried (ours go after them).
fn prepare_envelope(map: &mut Mapping, form: Form) -> Vec<Node> {
    map.flow = false;
    if form == Form::ResourceList {
        map.insert("apiVersion", Node::string(RESOURCE_LIST_API_VERSION));
    }
    map.insert("items", Node::Seq(Sequence::default()));
    let mut earlier = Vec::new();
    if form == Form::ResourceList {
        if let Some(Node::Seq(s)) = map.get_mut("results") {
            earlier = std::mem::take(&mut s.items);
        }
        map.insert("results", Node::Seq(Sequence::default()));
    }
    earlier
}

#[cfg(test)]
mod tests;
