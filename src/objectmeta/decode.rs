//! Whether a `metadata` value decodes into `metav1.ObjectMeta`, and if not, the error the
//! apiserver gives for it: its JSON decoder (case-sensitive, unknown fields ignored) reads the
//! metadata as re-encoded from the request (object keys sorted), keeps the first type mismatch it
//! meets and goes on, but stops at once when a timestamp does not parse. Messages are Go's:
//! `json: cannot unmarshal number into Go struct field ObjectMeta.labels of type string`,
//! `parsing time "a" as "2006-01-02T15:04:05Z07:00": cannot parse "a" as "2006"`.

use super::time;
use crate::field::go_json;
use crate::yaml::json::to_json;
use crate::yaml::keys::is_merge_key;
use crate::yaml::scalar::{resolve, Resolved};
use crate::yaml::Node;
use serde_json::{Map, Value};

/// Why a metadata value cannot be decoded: Go's error text, and the offending field's path
/// relative to the metadata (`labels.a`, `ownerReferences[0].controller`; empty for the whole).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError {
    pub message: String,
    pub path: String,
}

/// The Go type a JSON value is decoded into.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ty {
    /// A string kind, with its Go type name (`string`, `types.UID`, ...).
    Str(&'static str),
    Int64,
    Bool,
    /// `metav1.Time` (its own decoder: a string in RFC 3339, or null).
    Time,
    StrMap,
    StrList,
    /// A slice of structs, with the slice's and the struct's Go type names.
    Structs(&'static str, Struct),
    Struct(Struct),
    /// `fieldsV1`: any JSON value.
    Any,
}

/// The structs of ObjectMeta.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Struct {
    ObjectMeta,
    OwnerReference,
    ManagedFieldsEntry,
}

impl Struct {
    fn name(self) -> &'static str {
        match self {
            Struct::ObjectMeta => "ObjectMeta",
            Struct::OwnerReference => "OwnerReference",
            Struct::ManagedFieldsEntry => "ManagedFieldsEntry",
        }
    }

    fn field(self, key: &str) -> Option<Ty> {
        Some(match (self, key) {
            (Struct::ObjectMeta, "name" | "generateName" | "namespace" | "selfLink")
            | (Struct::ObjectMeta, "resourceVersion") => Ty::Str("string"),
            (Struct::ObjectMeta, "uid") => Ty::Str("types.UID"),
            (Struct::ObjectMeta, "generation" | "deletionGracePeriodSeconds") => Ty::Int64,
            (Struct::ObjectMeta, "creationTimestamp" | "deletionTimestamp") => Ty::Time,
            (Struct::ObjectMeta, "labels" | "annotations") => Ty::StrMap,
            (Struct::ObjectMeta, "finalizers") => Ty::StrList,
            (Struct::ObjectMeta, "ownerReferences") => {
                Ty::Structs("[]v1.OwnerReference", Struct::OwnerReference)
            }
            (Struct::ObjectMeta, "managedFields") => {
                Ty::Structs("[]v1.ManagedFieldsEntry", Struct::ManagedFieldsEntry)
            }
            (Struct::OwnerReference, "apiVersion" | "kind" | "name") => Ty::Str("string"),
            (Struct::OwnerReference, "uid") => Ty::Str("types.UID"),
            (Struct::OwnerReference, "controller" | "blockOwnerDeletion") => Ty::Bool,
            (Struct::ManagedFieldsEntry, "manager" | "apiVersion" | "fieldsType")
            | (Struct::ManagedFieldsEntry, "subresource") => Ty::Str("string"),
            (Struct::ManagedFieldsEntry, "operation") => Ty::Str("v1.ManagedFieldsOperationType"),
            (Struct::ManagedFieldsEntry, "time") => Ty::Time,
            (Struct::ManagedFieldsEntry, "fieldsV1") => Ty::Any,
            _ => return None,
        })
    }
}

/// The Go type name printed for `ty`.
fn type_name(ty: Ty) -> &'static str {
    match ty {
        Ty::Str(name) => name,
        Ty::Int64 => "int64",
        Ty::Bool => "bool",
        Ty::Time => "v1.Time",
        Ty::StrMap => "map[string]string",
        Ty::StrList => "[]string",
        Ty::Structs(name, _) => name,
        Ty::Struct(Struct::ObjectMeta) => "v1.ObjectMeta",
        Ty::Struct(Struct::OwnerReference) => "v1.OwnerReference",
        Ty::Struct(Struct::ManagedFieldsEntry) => "v1.ManagedFieldsEntry",
        Ty::Any => "v1.FieldsV1",
    }
}

/// Where the decoder is: the innermost struct and the struct fields walked (Go's error
/// context), and our own path for the result.
#[derive(Clone)]
struct At {
    strukt: Option<Struct>,
    fields: Vec<String>,
    path: String,
}

impl At {
    /// Go's `UnmarshalTypeError` text for a `what` value (`number`, `object`, …) at this place.
    fn type_error(&self, what: &str, ty: Ty) -> DecodeError {
        let target = match self.strukt {
            Some(s) => format!("Go struct field {}.{}", s.name(), self.fields.join(".")),
            None => "Go value".to_string(),
        };
        DecodeError {
            message: format!(
                "json: cannot unmarshal {what} into {target} of type {}",
                type_name(ty)
            ),
            path: self.path.clone(),
        }
    }

    fn field(&self, strukt: Struct, key: &str) -> At {
        let mut fields = self.fields.clone();
        fields.push(key.to_string());
        At {
            strukt: Some(strukt),
            fields,
            path: join(&self.path, key),
        }
    }

    fn elem(&self, path: String) -> At {
        At {
            path,
            ..self.clone()
        }
    }
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

/// The decoder's state: the first type mismatch, kept while decoding goes on.
#[derive(Default)]
struct Decoder {
    saved: Option<DecodeError>,
}

impl Decoder {
    fn save(&mut self, e: DecodeError) {
        self.saved.get_or_insert(e);
    }
}

/// The error decoding `meta` (the JSON a request carries as `metadata`) into ObjectMeta gives.
pub fn decode_error(meta: &Value) -> Option<DecodeError> {
    let at = At {
        strukt: None,
        fields: Vec::new(),
        path: String::new(),
    };
    let mut d = Decoder::default();
    match value(&mut d, meta, Ty::Struct(Struct::ObjectMeta), &at) {
        Err(hard) => Some(hard),
        Ok(()) => d.saved,
    }
}

/// [`decode_error`] of a `metadata` read from YAML, with the JSON it decoded (the value a
/// refusal shows); `None` too when the tree has no JSON. The JSON is made only when
/// [`decodes_plainly`] cannot tell from the tree.
pub fn node_decode_error(meta: &Node) -> Option<(Value, DecodeError)> {
    if decodes_plainly(meta) {
        return None;
    }
    let json = to_json(meta).ok()?;
    let e = decode_error(&json)?;
    Some((json, e))
}

/// Whether `meta`, read from YAML, certainly decodes into ObjectMeta (then [`decode_error`] of
/// its JSON finds nothing): every field ObjectMeta has holds a value of the field's type, read
/// from the tree without making the JSON. `false` when it may not decode, or when only the JSON
/// tells (a tagged scalar, a float for an integer, a key that is no plain string): the JSON is
/// then decoded. The common case, a well-formed object's metadata, costs a walk.
fn decodes_plainly(meta: &Node) -> bool {
    fits(meta, Ty::Struct(Struct::ObjectMeta))
}

/// [`decodes_plainly`] for a value of type `ty`: what [`value`] accepts without an error, for
/// the JSON `to_json` makes of `v`.
fn fits(v: &Node, ty: Ty) -> bool {
    match (v, ty) {
        (_, Ty::Any) => true,
        (Node::Scalar(s), _) => {
            s.tag().is_none()
                && match (resolve(s), ty) {
                    (Resolved::Null, _)
                    | (Resolved::Str, Ty::Str(_))
                    | (Resolved::Bool(_), Ty::Bool)
                    | (Resolved::Int(_), Ty::Int64) => true,
                    (Resolved::Str, Ty::Time) => time::parse_go(&s.value).is_ok(),
                    _ => false,
                }
        }
        (Node::Map(m), Ty::StrMap | Ty::Struct(_)) => m.entries.iter().all(|(k, x)| {
            let key = match k {
                Node::Scalar(s) if s.tag().is_none() && !is_merge_key(k) => {
                    (resolve(s) == Resolved::Str).then_some(s.value.as_str())
                }
                _ => None,
            };
            match (key, ty) {
                (None, _) => false,
                (Some(_), Ty::StrMap) => fits(x, Ty::Str("string")),
                (Some(key), Ty::Struct(st)) => st.field(key).is_none_or(|fty| fits(x, fty)),
                _ => false,
            }
        }),
        (Node::Seq(seq), Ty::StrList) => seq.items.iter().all(|x| fits(x, Ty::Str("string"))),
        (Node::Seq(seq), Ty::Structs(_, st)) => seq.items.iter().all(|x| fits(x, Ty::Struct(st))),
        _ => false,
    }
}

/// Decodes `v` into `ty`; `Err` for an error that stops decoding (a timestamp's).
fn value(d: &mut Decoder, v: &Value, ty: Ty, at: &At) -> Result<(), DecodeError> {
    if v.is_null() {
        return Ok(());
    }
    match (ty, v) {
        (Ty::Any, _) => {}
        (Ty::Time, _) => time_value(v, at)?,
        (Ty::Str(_), Value::String(_)) | (Ty::Bool, Value::Bool(_)) => {}
        (Ty::Int64, Value::Number(n)) if n.is_i64() => {}
        (Ty::Int64, Value::Number(_)) => {
            d.save(at.type_error(&format!("number {}", go_json(v)), ty))
        }
        (Ty::StrMap, Value::Object(m)) => {
            for (k, x) in sorted(m) {
                value(d, x, Ty::Str("string"), &at.elem(join(&at.path, k)))?;
            }
        }
        (Ty::StrList, Value::Array(items)) => {
            for (i, x) in items.iter().enumerate() {
                let path = format!("{}[{i}]", at.path);
                value(d, x, Ty::Str("string"), &at.elem(path))?;
            }
        }
        (Ty::Structs(_, s), Value::Array(items)) => {
            for (i, x) in items.iter().enumerate() {
                let path = format!("{}[{i}]", at.path);
                value(d, x, Ty::Struct(s), &at.elem(path))?;
            }
        }
        (Ty::Struct(s), Value::Object(m)) => {
            for (k, x) in sorted(m) {
                if let Some(fty) = s.field(k) {
                    value(d, x, fty, &at.field(s, k))?;
                }
            }
        }
        _ => d.save(at.type_error(kind(v), ty)),
    }
    Ok(())
}

/// `metav1.Time`'s decoder: the JSON must be a string (else Go's error for decoding it into a
/// string, with the field's context), parsed as RFC 3339 (else Go's parse error, as it is).
fn time_value(v: &Value, at: &At) -> Result<(), DecodeError> {
    let Value::String(s) = v else {
        return Err(at.type_error(kind(v), Ty::Str("string")));
    };
    time::parse_go(s).map(|_| ()).map_err(|e| DecodeError {
        message: e.to_string(),
        path: at.path.clone(),
    })
}

/// A map's entries in key order (Go writes a map's keys sorted).
fn sorted(m: &Map<String, Value>) -> Vec<(&String, &Value)> {
    let mut entries: Vec<_> = m.iter().collect();
    entries.sort_by(|a, b| a.0.cmp(b.0));
    entries
}

/// The word Go's decoder uses for the kind of a JSON value.
fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "bool",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Every metadata below: [`decodes_plainly`] says so only of one that decodes, and says so
    /// of the well-formed ones (the others are left to the JSON's decoding).
    #[test]
    fn decodes_plainly_only_what_decodes() {
        let cases = [
            ("name: a\nnamespace: b\nlabels: {app: web, 'x': \"y\"}", true),
            ("generation: 3\nfinalizers: [a, b]\nuid: '7'", true),
            ("creationTimestamp: 2024-01-02T03:04:05Z\nannotations: {a: ''}", true),
            ("creationTimestamp: null\ndeletionGracePeriodSeconds: ~", true),
            ("ownerReferences: [{name: a, controller: true, uid: x}]", true),
            ("managedFields: [{manager: m, fieldsV1: {f:spec: {}}, time: '2024-01-02T03:04:05Z'}]", true),
            ("unknown: [1, {a: 2}]\nName: 1", true),
            ("labels: {a: 1}", false),
            ("labels: {a: yes}", false),
            ("generation: 1.0", false),
            ("generation: '1'", false),
            ("name: !!str 1", false),
            ("creationTimestamp: yesterday", false),
            ("ownerReferences: [{controller: 'true'}]", false),
            ("finalizers: a", false),
            ("labels: [a]", false),
            ("1: a", false),
        ];
        for (text, plain) in cases {
            let node = crate::yaml::parse_stream(text).unwrap().remove(0);
            assert_eq!(decodes_plainly(&node), plain, "{text}");
            if plain {
                let json = crate::yaml::json::to_json(&node).unwrap();
                assert_eq!(decode_error(&json), None, "{text}");
            }
        }
    }

    fn err(meta: Value) -> Option<(String, String)> {
        decode_error(&meta).map(|e| (e.path, e.message))
    }

    #[test]
    fn decodes_like_go() {
        let cases: &[(Value, Option<(&str, &str)>)] = &[
            (json!({"name": "a", "labels": {"x": "y"}, "unknown": 1, "Name": 2}), None),
            (json!({"name": null, "labels": {"x": null}, "creationTimestamp": null}), None),
            (
                json!({"labels": {"b": 42, "a": true}}),
                Some(("labels.a", "json: cannot unmarshal bool into Go struct field ObjectMeta.labels of type string")),
            ),
            (
                json!({"annotations": 42}),
                Some(("annotations", "json: cannot unmarshal number into Go struct field ObjectMeta.annotations of type map[string]string")),
            ),
            (
                json!({"namespace": ["abc"], "labels": {"foo": 42}}),
                Some(("labels.foo", "json: cannot unmarshal number into Go struct field ObjectMeta.labels of type string")),
            ),
            (
                json!({"generation": 1.5}),
                Some(("generation", "json: cannot unmarshal number 1.5 into Go struct field ObjectMeta.generation of type int64")),
            ),
            (
                json!({"uid": 7}),
                Some(("uid", "json: cannot unmarshal number into Go struct field ObjectMeta.uid of type types.UID")),
            ),
            (
                json!({"finalizers": ["a", 1]}),
                Some(("finalizers[1]", "json: cannot unmarshal number into Go struct field ObjectMeta.finalizers of type string")),
            ),
            (
                json!({"ownerReferences": [{"name": "x", "controller": "yes"}]}),
                Some(("ownerReferences[0].controller", "json: cannot unmarshal string into Go struct field OwnerReference.ownerReferences.controller of type bool")),
            ),
            (
                json!({"ownerReferences": ["x"]}),
                Some(("ownerReferences[0]", "json: cannot unmarshal string into Go struct field ObjectMeta.ownerReferences of type v1.OwnerReference")),
            ),
            (
                json!({"managedFields": [{"operation": 1, "fieldsV1": [1, {"a": 2}]}]}),
                Some(("managedFields[0].operation", "json: cannot unmarshal number into Go struct field ManagedFieldsEntry.managedFields.operation of type v1.ManagedFieldsOperationType")),
            ),
            (
                json!("x"),
                Some(("", "json: cannot unmarshal string into Go value of type v1.ObjectMeta")),
            ),
            (
                json!({"creationTimestamp": 5}),
                Some(("creationTimestamp", "json: cannot unmarshal number into Go struct field ObjectMeta.creationTimestamp of type string")),
            ),
            // A timestamp error stops decoding and wins over a type mismatch met before it.
            (
                json!({"annotations": 1, "creationTimestamp": "a"}),
                Some(("creationTimestamp", "parsing time \"a\" as \"2006-01-02T15:04:05Z07:00\": cannot parse \"a\" as \"2006\"")),
            ),
        ];
        for (meta, want) in cases {
            let want = want.map(|(p, m)| (p.to_string(), m.to_string()));
            assert_eq!(err(meta.clone()), want, "{meta}");
        }
    }
}
