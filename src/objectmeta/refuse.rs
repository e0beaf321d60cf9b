//! Metadata a create request cannot carry: the apiserver decodes the root `metadata` into
//! ObjectMeta, and the TypeMeta/ObjectMeta of every embedded resource the schema reaches, and
//! refuses the request (400, nothing stored) at the first one that does not decode. Checked
//! before the object is changed, so a refused object is left as it came.

use super::decode::node_decode_error;
use crate::field::{BadValue, ErrorType, FieldError, Path};
use crate::schema::Structural;
use crate::yaml::json::to_json;
use crate::yaml::Node;

/// Why the apiserver refuses the object: its error text, and the offending field's path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub path: String,
    pub message: String,
}

/// The refusal of root object `obj` with schema `s` (if any). `prunes_nulls`: whether null
/// pruning runs before the embedded resources are decoded (it drops a non-nullable null
/// `apiVersion` that the schema specifies, which then cannot fail).
pub fn refusal(obj: &Node, s: Option<&Structural>, prunes_nulls: bool) -> Option<Refusal> {
    if let Some((_, e)) = obj.get("metadata").and_then(node_decode_error) {
        return Some(Refusal {
            path: join("metadata", &e.path),
            message: e.message,
        });
    }
    walk(obj, s?, prunes_nulls, &Path::Root(""))
}

fn join(base: &str, rel: &str) -> String {
    if rel.is_empty() {
        base.to_string()
    } else {
        format!("{base}.{rel}")
    }
}

/// The first embedded resource below `x` (schema `s`) that does not decode, in document order.
fn walk(x: &Node, s: &Structural, prunes_nulls: bool, path: &Path) -> Option<Refusal> {
    if !s.embedded_below {
        return None;
    }
    match x {
        Node::Map(m) => m.entries.iter().find_map(|(k, v)| {
            let key = k.scalar_str()?;
            if s.extensions.x_embedded_resource {
                if let Some(r) = embedded_field(key, v, s, prunes_nulls, path) {
                    return Some(r);
                }
            }
            match s.properties.get(key) {
                Some(p) => walk(v, p, prunes_nulls, &path.child(key)),
                None => walk(v, s.additional()??, prunes_nulls, &path.key(key)),
            }
        }),
        Node::Seq(seq) => {
            let items = s.items.as_deref()?;
            seq.items
                .iter()
                .enumerate()
                .find_map(|(i, v)| walk(v, items, prunes_nulls, &path.index(i)))
        }
        Node::Scalar(_) => None,
    }
}

/// `apiVersion` and `kind` must be strings, `metadata` must decode as ObjectMeta.
fn embedded_field(
    key: &str,
    v: &Node,
    s: &Structural,
    prunes_nulls: bool,
    path: &Path,
) -> Option<Refusal> {
    let at = path.child(key);
    let invalid = |value, detail: &str| {
        let e = FieldError::new(ErrorType::Invalid, at.to_string(), value, detail);
        e.to_string()
    };
    match key {
        "apiVersion" | "kind" if v.as_str().is_none() => {
            let no_default =
                |c: &Structural| c.generic.default.as_ref().is_none_or(|d| d.is_null());
            let dropped = s.field_schema(key).is_some_and(|c| {
                prunes_nulls && v.is_null() && !c.generic.nullable && no_default(c)
            });
            if dropped {
                return None;
            }
            Some(Refusal {
                path: at.to_string(),
                message: invalid(BadValue::Json(to_json(v).ok()?), "must be a string"),
            })
        }
        "metadata" => {
            let (meta, e) = node_decode_error(v)?;
            Some(Refusal {
                path: join(&at.to_string(), &e.path),
                message: invalid(BadValue::Json(meta), &e.message),
            })
        }
        _ => None,
    }
}
