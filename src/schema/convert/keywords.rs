//! One pass over the keywords of a schema object: generic keywords, extensions and value
//! validations are read into [`Parts`]; sub-schemas are handed back to the caller (junctors are
//! converted here); unsupported keywords are recorded; unknown keywords are ignored, as Go's
//! decoder ignores them.

use super::{malformed, Converter};
use crate::field::{FieldError, Path};
use crate::schema::structural::{type_name, Extensions, Generic, ValueValidation};
use crate::schema::SchemaError;
use crate::yaml::json::kind_name as json_kind;
use serde_json::{Map, Value};

/// One schema object, its sub-schemas not yet converted.
#[derive(Default)]
pub(super) struct Parts<'a> {
    pub generic: Generic,
    pub extensions: Extensions,
    pub value_validation: ValueValidation,
    pub items: Option<&'a Value>,
    pub properties: Option<&'a Map<String, Value>>,
    /// `additionalProperties`: a boolean or a schema object.
    pub additional: Option<&'a Value>,
}

fn string(v: &Value, at: &Path<'_>) -> Result<String, SchemaError> {
    match v {
        Value::String(s) => Ok(s.clone()),
        other => Err(malformed(
            at,
            format!("must be a string, not {}", json_kind(other)),
        )),
    }
}

fn boolean(v: &Value, at: &Path<'_>) -> Result<bool, SchemaError> {
    match v {
        Value::Bool(b) => Ok(*b),
        other => Err(malformed(
            at,
            format!("must be a boolean, not {}", json_kind(other)),
        )),
    }
}

fn number(v: &Value, at: &Path<'_>) -> Result<Option<f64>, SchemaError> {
    match v {
        Value::Number(n) => Ok(n.as_f64()),
        other => Err(malformed(
            at,
            format!("must be a number, not {}", json_kind(other)),
        )),
    }
}

fn integer(v: &Value, at: &Path<'_>) -> Result<Option<i64>, SchemaError> {
    match v {
        Value::Number(n) if n.is_i64() => Ok(n.as_i64()),
        other => Err(malformed(
            at,
            format!("must be an integer, not {}", json_kind(other)),
        )),
    }
}

fn strings(v: &Value, at: &Path<'_>) -> Result<Vec<String>, SchemaError> {
    let Value::Array(items) = v else {
        let m = format!("must be a list of strings, not {}", json_kind(v));
        return Err(malformed(at, m));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, item)| string(item, &at.index(i)))
        .collect()
}

fn map<'a>(v: &'a Value, at: &Path<'_>) -> Result<&'a Map<String, Value>, SchemaError> {
    match v {
        Value::Object(m) => Ok(m),
        other => Err(malformed(
            at,
            format!("must be a map, not {}", json_kind(other)),
        )),
    }
}

fn is_set(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::String(s) => !s.is_empty(),
        Value::Object(o) => !o.is_empty(),
        _ => true,
    }
}

impl Converter {
    /// Reads the keywords of `m` (at `path`).
    pub(super) fn parts<'a>(
        &mut self,
        m: &'a Map<String, Value>,
        path: &Path<'_>,
    ) -> Result<Parts<'a>, SchemaError> {
        let mut parts = Parts::default();
        for (k, v) in m {
            if k == "default" {
                // Kept even when null: `Some(Value::Null)` means `default: null`.
                parts.generic.default = Some(Box::new(v.clone()));
            } else if !v.is_null() {
                self.keyword(&mut parts, k, v, &path.child(k))?;
            }
        }
        Ok(parts)
    }

    fn keyword<'a>(
        &mut self,
        p: &mut Parts<'a>,
        k: &str,
        v: &'a Value,
        at: &Path<'_>,
    ) -> Result<(), SchemaError> {
        let vv = &mut p.value_validation;
        match k {
            "type" => p.generic.type_ = type_name(string(v, at)?),
            "description" => p.generic.description = string(v, at)?.into(),
            "title" => p.generic.title = string(v, at)?.into(),
            "nullable" => p.generic.nullable = boolean(v, at)?,
            "properties" => p.properties = Some(map(v, at)?),
            "items" => p.items = self.items(v, at)?,
            "additionalProperties" => p.additional = Some(additional(v, at)?),
            "externalDocs" | "example" => {
                let kept = crate::versions::current().structural_keeps_docs;
                p.generic.documented |= kept && !v.is_null();
            }
            "format" => vv.format = string(v, at)?,
            "pattern" => vv.pattern = string(v, at)?,
            "maximum" => vv.maximum = number(v, at)?,
            "minimum" => vv.minimum = number(v, at)?,
            "multipleOf" => vv.multiple_of = number(v, at)?,
            "exclusiveMaximum" => vv.exclusive_maximum = boolean(v, at)?,
            "exclusiveMinimum" => vv.exclusive_minimum = boolean(v, at)?,
            "uniqueItems" => vv.unique_items = boolean(v, at)?,
            "maxLength" => vv.max_length = integer(v, at)?,
            "minLength" => vv.min_length = integer(v, at)?,
            "maxItems" => vv.max_items = integer(v, at)?,
            "minItems" => vv.min_items = integer(v, at)?,
            "maxProperties" => vv.max_properties = integer(v, at)?,
            "minProperties" => vv.min_properties = integer(v, at)?,
            "required" => vv.required = strings(v, at)?,
            "enum" => match v {
                Value::Array(list) => vv.enum_ = list.clone(),
                other => {
                    return Err(malformed(
                        at,
                        format!("must be a list, not {}", json_kind(other)),
                    ))
                }
            },
            "allOf" => p.value_validation.all_of = self.junctor(v, at)?,
            "anyOf" => p.value_validation.any_of = self.junctor(v, at)?,
            "oneOf" => p.value_validation.one_of = self.junctor(v, at)?,
            "not" => p.value_validation.not = Some(Box::new(self.nested(v, at)?)),
            _ if k.starts_with("x-kubernetes-") => self.extension(&mut p.extensions, k, v, at)?,
            "id" | "$ref" | "$schema" | "additionalItems" | "patternProperties" | "definitions"
            | "dependencies" => self.unsupported_keyword(k, v, at),
            _ => {}
        }
        Ok(())
    }

    fn extension(
        &mut self,
        x: &mut Extensions,
        k: &str,
        v: &Value,
        at: &Path<'_>,
    ) -> Result<(), SchemaError> {
        match k {
            "x-kubernetes-preserve-unknown-fields" => {
                x.x_preserve_unknown_fields = boolean(v, at)?;
                if !x.x_preserve_unknown_fields {
                    let err = FieldError::invalid(at, "false", "must be true or undefined");
                    self.unsupported.push(err);
                    let msg = "internal error: 'x-kubernetes-preserve-unknown-fields' must be true or undefined";
                    self.reject(at, msg.to_string());
                }
            }
            "x-kubernetes-embedded-resource" => x.x_embedded_resource = boolean(v, at)?,
            "x-kubernetes-int-or-string" => x.x_int_or_string = boolean(v, at)?,
            "x-kubernetes-list-map-keys" => x.rare_mut().x_list_map_keys = strings(v, at)?.into(),
            "x-kubernetes-list-type" => x.rare_mut().x_list_type = Some(string(v, at)?.into()),
            "x-kubernetes-map-type" => x.rare_mut().x_map_type = Some(string(v, at)?.into()),
            "x-kubernetes-validations" => match v {
                Value::Array(_) => x.rare_mut().x_validations = Some(v.clone()),
                other => {
                    return Err(malformed(
                        at,
                        format!("must be a list, not {}", json_kind(other)),
                    ))
                }
            },
            _ => {}
        }
        Ok(())
    }

    /// `$ref`, `id`, ...: the schema validation's message, and `NewStructural`'s failure.
    fn unsupported_keyword(&mut self, k: &str, v: &Value, at: &Path<'_>) {
        if k == "$schema" {
            if is_set(v) {
                self.reject(at, "OpenAPIV3Schema 'schema' is not supported".to_string());
            }
            return;
        }
        // `$ref` and `dependencies` are reported whenever present, the others when non-empty.
        if is_set(v) || k == "$ref" || k == "dependencies" {
            let detail = format!("{k} is not supported");
            self.unsupported.push(FieldError::forbidden(at, &detail));
        }
        if is_set(v) {
            self.reject(at, format!("OpenAPIV3Schema '{k}' is not supported"));
        }
    }

    /// `items` as one schema; a list of schemas is unsupported (recorded, then ignored).
    fn items<'a>(&mut self, v: &'a Value, at: &Path<'_>) -> Result<Option<&'a Value>, SchemaError> {
        match v {
            Value::Object(_) => Ok(Some(v)),
            Value::Array(list) => {
                for (i, item) in list.iter().enumerate() {
                    super::schema_map(item, &at.index(i))?;
                }
                let detail = "items must be a schema object and not an array";
                self.unsupported.push(FieldError::forbidden(at, detail));
                let msg = "OpenAPIV3Schema 'items' must be a schema, but is an array";
                self.reject(at, msg.to_string());
                Ok(None)
            }
            other => Err(malformed(
                at,
                format!(
                    "must be a schema or a list of schemas, not {}",
                    json_kind(other)
                ),
            )),
        }
    }
}

fn additional<'a>(v: &'a Value, at: &Path<'_>) -> Result<&'a Value, SchemaError> {
    match v {
        Value::Bool(_) | Value::Object(_) => Ok(v),
        other => Err(malformed(
            at,
            format!("must be a boolean or a schema, not {}", json_kind(other)),
        )),
    }
}
