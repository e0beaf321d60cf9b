//! `$ref` resolution by inlining: every local reference (`#/definitions/...`,
//! `#/components/schemas/...`, any JSON pointer into the same document) is replaced by a copy of
//! its target, with the referring schema's sibling keywords (`description`, `default`, ...)
//! laid over it. OpenAPI v3's wrapped form `allOf: [{$ref: ...}]` is unwrapped the same way.
//! Cycles are errors naming the chain of references; so are dangling and external references.
//!
//! Only schema positions are followed (properties, items, additionalProperties, junctors...):
//! `default`, `enum`, `example` and vendor extensions are copied verbatim.
//!
//! `metadata` is treated as the apiserver treats a CRD's (ObjectMeta rules apply to it anyway):
//! - of the root: `{type: object}`, keeping only the `name`/`generateName` properties of an
//!   inline schema (a CRD may restrict nothing else); a reference (the apiserver publishes every
//!   CRD's metadata as a reference to ObjectMeta) is not followed;
//! - of an `x-kubernetes-embedded-resource`: `{type: object}` when it is a reference, else kept.

use crate::schema::SchemaError;
use serde_json::{Map, Value};

/// Where a schema sits, for the treatment of its `metadata` property.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Meta {
    Root,
    Embedded,
    Other,
}

/// Resolves references against one document.
pub(super) struct Resolver<'a> {
    doc: &'a Value,
    source: &'a str,
    /// The references being expanded, outermost first (a reference met again is a cycle).
    stack: Vec<String>,
    /// Schemas produced so far for the current root (see [`MAX_SCHEMAS`]).
    produced: usize,
}

/// The most schemas one root may inline into (the largest corpus CRD has about 12,000):
/// references shared at every level of a deep tree multiply (each level doubling the output is
/// enough to exhaust memory), so a document that would expand past this is an error, not a hang.
pub(super) const MAX_SCHEMAS: usize = 200_000;

impl<'a> Resolver<'a> {
    pub(super) fn new(doc: &'a Value, source: &'a str) -> Self {
        Resolver {
            doc,
            source,
            stack: Vec::new(),
            produced: 0,
        }
    }

    /// The fully inlined copy of a resource's root schema, found at `pointer` (`#/...`);
    /// `path` names it in errors.
    pub(super) fn resolve_root(
        &mut self,
        schema: &'a Value,
        pointer: &str,
        path: &str,
    ) -> Result<Value, SchemaError> {
        self.stack.clear();
        self.stack.push(pointer.to_string());
        self.produced = 0;
        let out = self.resolve(schema, path, Meta::Root);
        self.stack.clear();
        out
    }

    /// Resolves one schema; `meta`: how its `metadata` property is treated. Every value of the
    /// output is copied once, from the document.
    fn resolve(&mut self, node: &'a Value, path: &str, meta: Meta) -> Result<Value, SchemaError> {
        if !node.is_object() {
            return Ok(node.clone());
        }
        self.produced += 1;
        if self.produced > MAX_SCHEMAS {
            let message = format!("inlining $refs makes more than {MAX_SCHEMAS} schemas");
            return Err(self.error(path, message));
        }
        let depth = self.stack.len();
        let entries = self.merged_entries(node, path)?;
        let embedded = entries
            .iter()
            .any(|(k, v)| *k == "x-kubernetes-embedded-resource" && **v == Value::Bool(true));
        let meta = if meta == Meta::Other && embedded {
            Meta::Embedded
        } else {
            meta
        };
        let mut out = Map::new();
        for (key, child) in entries {
            let value = self.resolve_keyword(key, child, &format!("{path}.{key}"), meta)?;
            out.insert(key.clone(), value);
        }
        self.stack.truncate(depth);
        Ok(Value::Object(out))
    }

    /// One keyword's value: schemas are resolved, anything else (`default`, `enum`,
    /// extensions...) copied verbatim.
    fn resolve_keyword(
        &mut self,
        key: &str,
        child: &'a Value,
        path: &str,
        meta: Meta,
    ) -> Result<Value, SchemaError> {
        match (key, child) {
            ("properties", Value::Object(props)) => self.resolve_properties(props, path, meta),
            ("patternProperties", Value::Object(props)) => {
                self.resolve_properties(props, path, Meta::Other)
            }
            ("items" | "allOf" | "anyOf" | "oneOf", Value::Array(list)) => {
                self.resolve_each(list, path)
            }
            ("items" | "additionalProperties" | "additionalItems" | "not", _) => {
                self.resolve(child, path, Meta::Other)
            }
            _ => Ok(child.clone()),
        }
    }

    fn resolve_properties(
        &mut self,
        props: &'a Map<String, Value>,
        path: &str,
        meta: Meta,
    ) -> Result<Value, SchemaError> {
        let mut out = Map::new();
        for (name, child) in props {
            let child_path = format!("{path}[{name}]");
            let value = match meta {
                Meta::Root | Meta::Embedded if name == "metadata" && is_ref(child) => {
                    serde_json::json!({"type": "object"})
                }
                Meta::Root if name == "metadata" => self.root_metadata(child, &child_path)?,
                _ => self.resolve(child, &child_path, Meta::Other)?,
            };
            out.insert(name.clone(), value);
        }
        Ok(Value::Object(out))
    }

    /// An inline root `metadata`: `{type: object}` with its `name`/`generateName` properties.
    fn root_metadata(&mut self, node: &'a Value, path: &str) -> Result<Value, SchemaError> {
        let mut props = Map::new();
        for name in ["name", "generateName"] {
            if let Some(schema) = node.get("properties").and_then(|p| p.get(name)) {
                let at = format!("{path}.properties[{name}]");
                props.insert(name.to_string(), self.resolve(schema, &at, Meta::Other)?);
            }
        }
        let mut out = serde_json::json!({"type": "object"});
        if !props.is_empty() {
            out["properties"] = Value::Object(props);
        }
        Ok(out)
    }

    fn resolve_each(&mut self, list: &'a [Value], path: &str) -> Result<Value, SchemaError> {
        let mut out = Vec::with_capacity(list.len());
        for (i, item) in list.iter().enumerate() {
            out.push(self.resolve(item, &format!("{path}[{i}]"), Meta::Other)?);
        }
        Ok(Value::Array(out))
    }

    /// The keywords of `node` with its chain of top references followed (each pushed onto the
    /// stack): the innermost target's keywords first, each referrer's siblings laid over them.
    fn merged_entries(
        &mut self,
        node: &'a Value,
        path: &str,
    ) -> Result<Vec<(&'a String, &'a Value)>, SchemaError> {
        let mut layers = Vec::new();
        let mut current = node.as_object().expect("resolve checked it is a map");
        loop {
            let followed = top_ref(current);
            layers.push((current, followed.map(|(key, _)| key)));
            let Some((_, reference)) = followed else {
                break;
            };
            let reference = reference
                .as_str()
                .ok_or_else(|| self.error(path, "$ref must be a string"))?;
            if let Some(start) = self.stack.iter().position(|r| r == reference) {
                let mut chain = self.stack[start..].to_vec();
                chain.push(reference.to_string());
                return Err(self.error(path, format!("$ref cycle: {}", chain.join(" -> "))));
            }
            current = self.target(reference, path)?;
            self.stack.push(reference.to_string());
        }
        let mut entries: Vec<(&'a String, &'a Value)> = Vec::new();
        for (layer, followed) in layers.iter().rev() {
            for (key, value) in layer.iter() {
                if Some(key.as_str()) == *followed {
                    continue;
                }
                match entries.iter_mut().find(|(k, _)| *k == key) {
                    Some(entry) => entry.1 = value,
                    None => entries.push((key, value)),
                }
            }
        }
        Ok(entries)
    }

    /// The map a local reference points to.
    fn target(&self, reference: &str, path: &str) -> Result<&'a Map<String, Value>, SchemaError> {
        let Some(pointer) = reference.strip_prefix('#') else {
            return Err(self.error(
                path,
                format!("$ref \"{reference}\" is not supported: only references inside the document (\"#/...\") are"),
            ));
        };
        match lookup_pointer(self.doc, pointer) {
            Some(Value::Object(map)) => Ok(map),
            Some(_) => Err(self.error(
                path,
                format!("$ref \"{reference}\" does not point to a schema"),
            )),
            None => Err(self.error(
                path,
                format!("$ref \"{reference}\" points to nothing in this document"),
            )),
        }
    }

    fn error(&self, field: &str, message: impl Into<String>) -> SchemaError {
        SchemaError {
            source_name: self.source.to_string(),
            field: field.to_string(),
            message: message.into(),
        }
    }
}

/// Whether a schema is a reference at its top: `$ref`, or an `allOf` with a `$ref` in one of
/// its branches (OpenAPI v3's way to give a reference siblings).
fn is_ref(node: &Value) -> bool {
    let Some(map) = node.as_object() else {
        return false;
    };
    let in_all_of = map
        .get("allOf")
        .and_then(Value::as_array)
        .is_some_and(|branches| branches.iter().any(|b| b.get("$ref").is_some()));
    map.contains_key("$ref") || in_all_of
}

/// The `$ref` value of `allOf: [{$ref: ...}]`.
fn wrapped_ref(map: &Map<String, Value>) -> Option<&Value> {
    match map.get("allOf")?.as_array()?.as_slice() {
        [Value::Object(only)] if only.len() == 1 => only.get("$ref"),
        _ => None,
    }
}

/// The reference at the top of a schema map and the keyword holding it: `$ref`, else a
/// one-element `allOf` holding only a `$ref`.
fn top_ref(map: &Map<String, Value>) -> Option<(&'static str, &Value)> {
    if let Some(reference) = map.get("$ref") {
        return Some(("$ref", reference));
    }
    wrapped_ref(map).map(|reference| ("allOf", reference))
}

/// Follows a JSON pointer (`/a/b~1c`, RFC 6901) from the document root; `""` is the root.
pub(super) fn lookup_pointer<'v>(doc: &'v Value, pointer: &str) -> Option<&'v Value> {
    if pointer.is_empty() {
        return Some(doc);
    }
    let rest = pointer.strip_prefix('/')?;
    rest.split('/').try_fold(doc, |node, token| {
        let token = token.replace("~1", "/").replace("~0", "~");
        match node {
            Value::Object(map) => map.get(&token),
            Value::Array(items) => items.get(token.parse::<usize>().ok()?),
            _ => None,
        }
    })
}

/// Escapes a name for use as one JSON pointer token.
pub(super) fn escape_token(name: &str) -> String {
    name.replace('~', "~0").replace('/', "~1")
}
