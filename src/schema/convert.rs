//! OpenAPI v3 schema JSON (a CRD's `openAPIV3Schema`, read as kubectl reads the YAML) → the
//! structural model, like the apiserver's `NewStructural`. Everything a structural schema forbids
//! inside junctors (allOf/anyOf/oneOf/not) is recorded so the check can report it. Keywords the
//! apiserver does not support (`$ref`, `id`, `patternProperties`, items as a list, ...) are
//! reported by [`convert`] as errors and by [`convert_detailed`] as apiserver messages.

use super::structural::{
    Extensions, Generic, NestedValueValidation, Structural, StructuralOrBool, ValueValidation,
};
use super::validation::field;
use super::SchemaError;
use serde_json::{Map, Value};

/// The result of [`convert_detailed`]: the model plus what the apiserver would reject.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Converted {
    pub structural: Structural,
    /// The apiserver's schema-validation messages for unsupported keywords (e.g.
    /// `<path>.$ref: Forbidden: $ref is not supported`).
    pub unsupported: Vec<String>,
    /// Set when `NewStructural` itself would fail: its message (e.g.
    /// `OpenAPIV3Schema '$ref' is not supported`) and the field that caused it.
    pub init_error: Option<(String, String)>,
}

/// Converts `schema` (found at `path`, e.g. `spec.versions[0].schema.openAPIV3Schema`).
/// Malformed input (a keyword of the wrong JSON type) and keywords the apiserver cannot convert
/// are errors naming the field. `SchemaError::source_name` is left empty for the caller to fill.
pub fn convert(schema: &Value, path: &str) -> Result<Structural, SchemaError> {
    let c = convert_detailed(schema, path)?;
    match c.init_error {
        Some((field, message)) => Err(SchemaError {
            source_name: String::new(),
            field,
            message,
        }),
        None => Ok(c.structural),
    }
}

/// Like [`convert`], but unsupported keywords are skipped and reported in the result instead.
/// Only malformed input is an error.
pub fn convert_detailed(schema: &Value, path: &str) -> Result<Converted, SchemaError> {
    let mut conv = Converter::default();
    let structural = conv.node(schema, path)?;
    Ok(Converted {
        structural,
        unsupported: conv.unsupported,
        init_error: conv.init_error,
    })
}

#[derive(Default)]
struct Converter {
    unsupported: Vec<String>,
    init_error: Option<(String, String)>,
}

fn malformed(path: &str, message: impl Into<String>) -> SchemaError {
    SchemaError {
        source_name: String::new(),
        field: path.to_string(),
        message: message.into(),
    }
}

/// A schema must be a JSON object; `null` reads as an empty schema (as Go decodes it).
fn schema_map<'a>(v: &'a Value, path: &str) -> Result<Option<&'a Map<String, Value>>, SchemaError> {
    match v {
        Value::Object(m) => Ok(Some(m)),
        Value::Null => Ok(None),
        other => Err(malformed(
            path,
            format!("must be a schema object, not {}", json_kind(other)),
        )),
    }
}

pub(crate) fn json_kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "a map",
    }
}

/// A present, non-null keyword.
fn get<'a>(m: &'a Map<String, Value>, k: &str) -> Option<&'a Value> {
    m.get(k).filter(|v| !v.is_null())
}

fn string(m: &Map<String, Value>, k: &str, path: &str) -> Result<String, SchemaError> {
    match get(m, k) {
        None => Ok(String::new()),
        Some(Value::String(s)) => Ok(s.clone()),
        Some(other) => Err(malformed(
            &field::child(path, k),
            format!("must be a string, not {}", json_kind(other)),
        )),
    }
}

fn opt_string(m: &Map<String, Value>, k: &str, path: &str) -> Result<Option<String>, SchemaError> {
    get(m, k).map(|_| string(m, k, path)).transpose()
}

fn boolean(m: &Map<String, Value>, k: &str, path: &str) -> Result<Option<bool>, SchemaError> {
    match get(m, k) {
        None => Ok(None),
        Some(Value::Bool(b)) => Ok(Some(*b)),
        Some(other) => Err(malformed(
            &field::child(path, k),
            format!("must be a boolean, not {}", json_kind(other)),
        )),
    }
}

fn number(m: &Map<String, Value>, k: &str, path: &str) -> Result<Option<f64>, SchemaError> {
    match get(m, k) {
        None => Ok(None),
        Some(Value::Number(n)) => Ok(n.as_f64()),
        Some(other) => Err(malformed(
            &field::child(path, k),
            format!("must be a number, not {}", json_kind(other)),
        )),
    }
}

fn integer(m: &Map<String, Value>, k: &str, path: &str) -> Result<Option<i64>, SchemaError> {
    match get(m, k) {
        None => Ok(None),
        Some(Value::Number(n)) if n.as_i64().is_some() => Ok(n.as_i64()),
        Some(other) => Err(malformed(
            &field::child(path, k),
            format!("must be an integer, not {}", json_kind(other)),
        )),
    }
}

fn strings(m: &Map<String, Value>, k: &str, path: &str) -> Result<Vec<String>, SchemaError> {
    let p = field::child(path, k);
    match get(m, k) {
        None => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, v)| match v {
                Value::String(s) => Ok(s.clone()),
                other => Err(malformed(
                    &field::index(&p, i),
                    format!("must be a string, not {}", json_kind(other)),
                )),
            })
            .collect(),
        Some(other) => Err(malformed(
            &p,
            format!("must be a list of strings, not {}", json_kind(other)),
        )),
    }
}

fn list<'a>(m: &'a Map<String, Value>, k: &str, path: &str) -> Result<&'a [Value], SchemaError> {
    match get(m, k) {
        None => Ok(&[]),
        Some(Value::Array(items)) => Ok(items),
        Some(other) => Err(malformed(
            &field::child(path, k),
            format!("must be a list, not {}", json_kind(other)),
        )),
    }
}

fn map<'a>(
    m: &'a Map<String, Value>,
    k: &str,
    path: &str,
) -> Result<Option<&'a Map<String, Value>>, SchemaError> {
    match get(m, k) {
        None => Ok(None),
        Some(Value::Object(o)) => Ok(Some(o)),
        Some(other) => Err(malformed(
            &field::child(path, k),
            format!("must be a map, not {}", json_kind(other)),
        )),
    }
}

/// Keywords `NewStructural` rejects, with the schema validation's detail for each.
const UNSUPPORTED: [(&str, &str); 6] = [
    ("id", "id is not supported"),
    ("$ref", "$ref is not supported"),
    ("additionalItems", "additionalItems is not supported"),
    ("patternProperties", "patternProperties is not supported"),
    ("definitions", "definitions is not supported"),
    ("dependencies", "dependencies is not supported"),
];

fn is_set(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::String(s) => !s.is_empty(),
        Value::Object(o) => !o.is_empty(),
        _ => true,
    }
}

impl Converter {
    fn reject(&mut self, at: &str, message: String) {
        if self.init_error.is_none() {
            self.init_error = Some((at.to_string(), message));
        }
    }

    fn check_unsupported(&mut self, m: &Map<String, Value>, path: &str) {
        for (k, detail) in UNSUPPORTED {
            let Some(v) = get(m, k) else { continue };
            let p = field::child(path, k);
            // `$ref` and `dependencies` are reported whenever present, the rest when non-empty.
            if is_set(v) || k == "$ref" || k == "dependencies" {
                self.unsupported.push(field::forbidden(&p, detail));
            }
            if is_set(v) {
                self.reject(&p, format!("OpenAPIV3Schema '{k}' is not supported"));
            }
        }
        if get(m, "$schema").is_some_and(is_set) {
            let p = field::child(path, "$schema");
            self.reject(&p, "OpenAPIV3Schema 'schema' is not supported".to_string());
        }
    }

    fn node(&mut self, v: &Value, path: &str) -> Result<Structural, SchemaError> {
        let Some(m) = schema_map(v, path)? else {
            return Ok(Structural::default());
        };
        self.check_unsupported(m, path);
        let vv = self.value_validation(m, path)?;
        let generic = generic(m, path)?;
        let extensions = self.extensions(m, path)?;
        let additional_properties = match get(m, "additionalProperties") {
            None => None,
            Some(Value::Bool(b)) => Some(Box::new(StructuralOrBool::Bool(*b))),
            Some(ap @ Value::Object(_)) => {
                let p = field::child(path, "additionalProperties");
                Some(Box::new(StructuralOrBool::Schema(self.node(ap, &p)?)))
            }
            Some(other) => {
                return Err(malformed(
                    &field::child(path, "additionalProperties"),
                    format!("must be a boolean or a schema, not {}", json_kind(other)),
                ))
            }
        };
        let items = match self.items(m, path)? {
            Some(item) => Some(Box::new(self.node(item, &field::child(path, "items"))?)),
            None => None,
        };
        let mut properties = std::collections::BTreeMap::new();
        if let Some(props) = map(m, "properties", path)? {
            let pp = field::child(path, "properties");
            for (k, sub) in props {
                properties.insert(k.clone(), self.node(sub, &field::key(&pp, k))?);
            }
        }
        Ok(Structural {
            items,
            properties,
            additional_properties,
            generic,
            extensions,
            value_validation: (vv != ValueValidation::default()).then(|| Box::new(vv)),
        })
    }

    /// `items` as one schema; a list of schemas is unsupported (recorded, then ignored).
    fn items<'a>(
        &mut self,
        m: &'a Map<String, Value>,
        path: &str,
    ) -> Result<Option<&'a Value>, SchemaError> {
        let p = field::child(path, "items");
        match get(m, "items") {
            None => Ok(None),
            Some(v @ Value::Object(_)) => Ok(Some(v)),
            Some(Value::Array(list)) => {
                for (i, item) in list.iter().enumerate() {
                    schema_map(item, &field::index(&p, i))?;
                }
                let detail = "items must be a schema object and not an array";
                self.unsupported.push(field::forbidden(&p, detail));
                let msg = "OpenAPIV3Schema 'items' must be a schema, but is an array";
                self.reject(&p, msg.to_string());
                Ok(None)
            }
            Some(other) => Err(malformed(
                &p,
                format!(
                    "must be a schema or a list of schemas, not {}",
                    json_kind(other)
                ),
            )),
        }
    }

    fn nested(&mut self, v: &Value, path: &str) -> Result<NestedValueValidation, SchemaError> {
        let Some(m) = schema_map(v, path)? else {
            return Ok(NestedValueValidation::default());
        };
        self.check_unsupported(m, path);
        let value_validation = self.value_validation(m, path)?;
        let forbidden_generic = generic(m, path)?;
        let forbidden_extensions = self.extensions(m, path)?;
        let forbidden_additional_properties = match get(m, "additionalProperties") {
            None => false,
            Some(Value::Bool(_)) => true,
            Some(ap @ Value::Object(_)) => {
                self.nested(ap, &field::child(path, "additionalProperties"))?;
                true
            }
            Some(other) => {
                return Err(malformed(
                    &field::child(path, "additionalProperties"),
                    format!("must be a boolean or a schema, not {}", json_kind(other)),
                ))
            }
        };
        let items = match self.items(m, path)? {
            Some(item) => Some(Box::new(self.nested(item, &field::child(path, "items"))?)),
            None => None,
        };
        let mut properties = std::collections::BTreeMap::new();
        if let Some(props) = map(m, "properties", path)? {
            let pp = field::child(path, "properties");
            for (k, sub) in props {
                properties.insert(k.clone(), self.nested(sub, &field::key(&pp, k))?);
            }
        }
        Ok(NestedValueValidation {
            value_validation,
            items,
            properties,
            forbidden_generic,
            forbidden_extensions,
            forbidden_additional_properties,
            forbidden_external_docs: get(m, "externalDocs").is_some(),
        })
    }

    fn value_validation(
        &mut self,
        m: &Map<String, Value>,
        path: &str,
    ) -> Result<ValueValidation, SchemaError> {
        let mut vv = ValueValidation {
            format: string(m, "format", path)?,
            maximum: number(m, "maximum", path)?,
            exclusive_maximum: boolean(m, "exclusiveMaximum", path)?.unwrap_or(false),
            minimum: number(m, "minimum", path)?,
            exclusive_minimum: boolean(m, "exclusiveMinimum", path)?.unwrap_or(false),
            max_length: integer(m, "maxLength", path)?,
            min_length: integer(m, "minLength", path)?,
            pattern: string(m, "pattern", path)?,
            max_items: integer(m, "maxItems", path)?,
            min_items: integer(m, "minItems", path)?,
            unique_items: boolean(m, "uniqueItems", path)?.unwrap_or(false),
            multiple_of: number(m, "multipleOf", path)?,
            enum_: list(m, "enum", path)?.to_vec(),
            max_properties: integer(m, "maxProperties", path)?,
            min_properties: integer(m, "minProperties", path)?,
            required: strings(m, "required", path)?,
            ..ValueValidation::default()
        };
        if let Some(not) = get(m, "not") {
            vv.not = Some(Box::new(self.nested(not, &field::child(path, "not"))?));
        }
        vv.all_of = self.junctor(m, "allOf", path)?;
        vv.any_of = self.junctor(m, "anyOf", path)?;
        vv.one_of = self.junctor(m, "oneOf", path)?;
        Ok(vv)
    }

    fn junctor(
        &mut self,
        m: &Map<String, Value>,
        k: &str,
        path: &str,
    ) -> Result<Vec<NestedValueValidation>, SchemaError> {
        let p = field::child(path, k);
        list(m, k, path)?
            .iter()
            .enumerate()
            .map(|(i, s)| self.nested(s, &field::index(&p, i)))
            .collect()
    }

    fn extensions(
        &mut self,
        m: &Map<String, Value>,
        path: &str,
    ) -> Result<Extensions, SchemaError> {
        let pruf = boolean(m, "x-kubernetes-preserve-unknown-fields", path)?;
        if pruf == Some(false) {
            let p = field::child(path, "x-kubernetes-preserve-unknown-fields");
            self.unsupported
                .push(field::invalid(&p, "false", "must be true or undefined"));
            let msg =
                "internal error: 'x-kubernetes-preserve-unknown-fields' must be true or undefined";
            self.reject(&p, msg.to_string());
        }
        let validations = get(m, "x-kubernetes-validations");
        if let Some(v) = validations {
            if !v.is_array() {
                return Err(malformed(
                    &field::child(path, "x-kubernetes-validations"),
                    format!("must be a list, not {}", json_kind(v)),
                ));
            }
        }
        Ok(Extensions {
            x_preserve_unknown_fields: pruf == Some(true),
            x_embedded_resource: boolean(m, "x-kubernetes-embedded-resource", path)?
                .unwrap_or(false),
            x_int_or_string: boolean(m, "x-kubernetes-int-or-string", path)?.unwrap_or(false),
            x_list_map_keys: strings(m, "x-kubernetes-list-map-keys", path)?,
            x_list_type: opt_string(m, "x-kubernetes-list-type", path)?,
            x_map_type: opt_string(m, "x-kubernetes-map-type", path)?,
            x_validations: validations.cloned(),
        })
    }
}

fn generic(m: &Map<String, Value>, path: &str) -> Result<Generic, SchemaError> {
    Ok(Generic {
        description: string(m, "description", path)?,
        type_: string(m, "type", path)?,
        title: string(m, "title", path)?,
        default: m.get("default").cloned(),
        nullable: boolean(m, "nullable", path)?.unwrap_or(false),
    })
}

#[cfg(test)]
mod tests;
