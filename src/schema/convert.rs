//! OpenAPI v3 schema JSON (a CRD's `openAPIV3Schema`, read as kubectl reads the YAML) → the
//! structural model, like the apiserver's `NewStructural`. Everything a structural schema forbids
//! inside junctors (allOf/anyOf/oneOf/not) is recorded so the check can report it. Keywords the
//! apiserver does not support (`$ref`, `id`, `patternProperties`, items as a list, ...) are
//! reported by [`convert`] as errors and by [`convert_detailed`] as apiserver messages.
//!
//! Each schema object is read in one pass over its keys; field paths are rendered only for errors.

mod keywords;

use super::structural::Props;
use super::structural::{NestedValueValidation, Structural, StructuralOrBool};
use super::SchemaError;
use crate::field::{FieldError, Path};
use crate::yaml::json::kind_name as json_kind;
use serde_json::{Map, Value};

/// The result of [`convert_detailed`]: the model plus what the apiserver would reject.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Converted {
    pub structural: Structural,
    /// The apiserver's schema-validation messages for unsupported keywords (e.g.
    /// `<path>.$ref: Forbidden: $ref is not supported`).
    pub unsupported: Vec<FieldError>,
    /// Set when `NewStructural` itself would fail: the field that caused it and its message
    /// (e.g. `OpenAPIV3Schema '$ref' is not supported`).
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
    let structural = conv.node(schema, &Path::Root(path))?;
    Ok(Converted {
        structural,
        unsupported: conv.unsupported,
        init_error: conv.init_error,
    })
}

#[derive(Default)]
struct Converter {
    unsupported: Vec<FieldError>,
    init_error: Option<(String, String)>,
}

fn malformed(path: &Path<'_>, message: impl Into<String>) -> SchemaError {
    SchemaError {
        source_name: String::new(),
        field: path.to_string(),
        message: message.into(),
    }
}

/// A schema must be a JSON object; `null` reads as an empty schema (as Go decodes it).
fn schema_map<'a>(
    v: &'a Value,
    path: &Path<'_>,
) -> Result<Option<&'a Map<String, Value>>, SchemaError> {
    match v {
        Value::Object(m) => Ok(Some(m)),
        Value::Null => Ok(None),
        other => Err(malformed(
            path,
            format!("must be a schema object, not {}", json_kind(other)),
        )),
    }
}

impl Converter {
    /// Records the first reason `NewStructural` would fail.
    fn reject(&mut self, at: &Path<'_>, message: String) {
        if self.init_error.is_none() {
            self.init_error = Some((at.to_string(), message));
        }
    }

    fn node(&mut self, v: &Value, path: &Path<'_>) -> Result<Structural, SchemaError> {
        let Some(m) = schema_map(v, path)? else {
            return Ok(Structural::default());
        };
        let parts = self.parts(m, path)?;
        let additional_properties = match parts.additional {
            None => None,
            Some(Value::Bool(b)) => Some(StructuralOrBool::Bool(*b)),
            Some(ap) => {
                let p = path.child("additionalProperties");
                Some(StructuralOrBool::Schema(self.node(ap, &p)?.into()))
            }
        };
        let items = match parts.items {
            Some(item) => Some(self.node(item, &path.child("items"))?.into()),
            None => None,
        };
        let mut properties = Props::new();
        if let Some(props) = parts.properties {
            let pp = path.child("properties");
            for (k, sub) in props {
                properties.insert(k.clone(), self.node(sub, &pp.key(k))?);
            }
            properties.shrink_to_fit();
        }
        let vv = parts.value_validation;
        let mut s = Structural {
            items,
            properties,
            additional_properties,
            generic: parts.generic,
            extensions: parts.extensions,
            value_validation: (!vv.is_unset()).then(|| Box::new(vv)),
            embedded_below: false,
            defaults_below: false,
        };
        s.derive();
        Ok(s)
    }

    fn nested(&mut self, v: &Value, path: &Path<'_>) -> Result<NestedValueValidation, SchemaError> {
        let Some(m) = schema_map(v, path)? else {
            return Ok(NestedValueValidation::default());
        };
        let parts = self.parts(m, path)?;
        if let Some(ap @ Value::Object(_)) = parts.additional {
            self.nested(ap, &path.child("additionalProperties"))?;
        }
        let items = match parts.items {
            Some(item) => Some(Box::new(self.nested(item, &path.child("items"))?)),
            None => None,
        };
        let mut properties = Props::new();
        if let Some(props) = parts.properties {
            let pp = path.child("properties");
            for (k, sub) in props {
                properties.insert(k.clone(), self.nested(sub, &pp.key(k))?);
            }
            properties.shrink_to_fit();
        }
        Ok(NestedValueValidation {
            value_validation: parts.value_validation,
            items,
            properties,
            forbidden_generic: parts.generic,
            forbidden_extensions: parts.extensions,
            forbidden_additional_properties: parts.additional.is_some(),
        })
    }

    /// allOf/anyOf/oneOf: a list of nested schemas.
    fn junctor(
        &mut self,
        v: &Value,
        path: &Path<'_>,
    ) -> Result<Vec<NestedValueValidation>, SchemaError> {
        let Value::Array(list) = v else {
            return Err(malformed(
                path,
                format!("must be a list, not {}", json_kind(v)),
            ));
        };
        list.iter()
            .enumerate()
            .map(|(i, s)| self.nested(s, &path.index(i)))
            .collect()
    }
}

#[cfg(test)]
mod tests;
