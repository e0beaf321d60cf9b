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
}

impl<'a> Resolver<'a> {
    pub(super) fn new(doc: &'a Value, source: &'a str) -> Self {
        Resolver {
            doc,
            source,
            stack: Vec::new(),
        }
    }

    /// The fully inlined copy of a resource's root schema, found at `pointer` (`#/...`);
    /// `path` names it in errors.
    pub(super) fn resolve_root(
        &mut self,
        schema: &Value,
        pointer: &str,
        path: &str,
    ) -> Result<Value, SchemaError> {
        self.stack.clear();
        self.stack.push(pointer.to_string());
        let out = self.resolve(schema, path, Meta::Root);
        self.stack.clear();
        out
    }

    /// Resolves one schema; `meta`: how its `metadata` property is treated.
    fn resolve(&mut self, node: &Value, path: &str, meta: Meta) -> Result<Value, SchemaError> {
        if !node.is_object() {
            return Ok(node.clone());
        }
        let depth = self.stack.len();
        let mut map = self.follow_refs(node, path)?;
        let meta = match meta {
            Meta::Other
                if map.get("x-kubernetes-embedded-resource") == Some(&Value::Bool(true)) =>
            {
                Meta::Embedded
            }
            m => m,
        };
        for (key, child) in map.iter_mut() {
            let child_path = format!("{path}.{key}");
            match key.as_str() {
                "properties" | "patternProperties" => {
                    let meta = if key == "properties" {
                        meta
                    } else {
                        Meta::Other
                    };
                    self.resolve_properties(child, &child_path, meta)?
                }
                "items" if child.is_array() => self.resolve_each(child, &child_path)?,
                "items" | "additionalProperties" | "additionalItems" | "not" => {
                    *child = self.resolve(child, &child_path, Meta::Other)?
                }
                "allOf" | "anyOf" | "oneOf" => self.resolve_each(child, &child_path)?,
                _ => {}
            }
        }
        self.stack.truncate(depth);
        Ok(Value::Object(map))
    }

    fn resolve_properties(
        &mut self,
        props: &mut Value,
        path: &str,
        meta: Meta,
    ) -> Result<(), SchemaError> {
        let Value::Object(props) = props else {
            return Ok(());
        };
        for (name, child) in props.iter_mut() {
            let child_path = format!("{path}[{name}]");
            *child = match meta {
                Meta::Root | Meta::Embedded if name == "metadata" && is_ref(child) => {
                    serde_json::json!({"type": "object"})
                }
                Meta::Root if name == "metadata" => self.root_metadata(child, &child_path)?,
                _ => self.resolve(child, &child_path, Meta::Other)?,
            };
        }
        Ok(())
    }

    /// An inline root `metadata`: `{type: object}` with its `name`/`generateName` properties.
    fn root_metadata(&mut self, node: &Value, path: &str) -> Result<Value, SchemaError> {
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

    fn resolve_each(&mut self, list: &mut Value, path: &str) -> Result<(), SchemaError> {
        if let Value::Array(items) = list {
            for (i, item) in items.iter_mut().enumerate() {
                *item = self.resolve(item, &format!("{path}[{i}]"), Meta::Other)?;
            }
        }
        Ok(())
    }

    /// Follows the chain of references at the top of `node`, pushing each onto the stack;
    /// returns the merged map (target keys, then the referrer's siblings over them).
    fn follow_refs(&mut self, node: &Value, path: &str) -> Result<Map<String, Value>, SchemaError> {
        let mut current = node.as_object().cloned().unwrap_or_default();
        while let Some(reference) = take_ref(&mut current) {
            let reference = reference.map_err(|m| self.error(path, m))?;
            if let Some(start) = self.stack.iter().position(|r| *r == reference) {
                let mut chain = self.stack[start..].to_vec();
                chain.push(reference);
                return Err(self.error(path, format!("$ref cycle: {}", chain.join(" -> "))));
            }
            let target = self.target(&reference, path)?;
            self.stack.push(reference);
            let mut merged = target;
            merged.extend(current);
            current = merged;
        }
        Ok(current)
    }

    /// The map a local reference points to.
    fn target(&self, reference: &str, path: &str) -> Result<Map<String, Value>, SchemaError> {
        let Some(pointer) = reference.strip_prefix('#') else {
            return Err(self.error(
                path,
                format!("$ref \"{reference}\" is not supported: only references inside the document (\"#/...\") are"),
            ));
        };
        match lookup_pointer(self.doc, pointer) {
            Some(Value::Object(map)) => Ok(map.clone()),
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

/// Removes the top reference from `map` (see [`is_ref`]) and returns it; `Some(Err)` when the
/// `$ref` is not a string.
fn take_ref(map: &mut Map<String, Value>) -> Option<Result<String, String>> {
    let value = match map.remove("$ref") {
        Some(v) => v,
        None => {
            let v = wrapped_ref(map)?.clone();
            map.remove("allOf");
            v
        }
    };
    Some(match value {
        Value::String(s) => Ok(s),
        _ => Err("$ref must be a string".to_string()),
    })
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
