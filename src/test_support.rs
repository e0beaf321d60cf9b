//! Helpers for the table tests of the algorithm modules (pruning, defaulting, objectmeta,
//! engine): documents and structural schemas written in YAML.

use crate::schema::{Structural, StructuralOrBool};
use crate::yaml::{self, json::to_json, Node};
use serde_json::Value;

/// One YAML document.
pub fn doc(text: &str) -> Node {
    yaml::parse_stream(text).unwrap().remove(0)
}

/// A structural schema written in YAML (only what pruning and defaulting read; junctors
/// and value validations are ignored, as they are by these algorithms).
pub fn schema(text: &str) -> Structural {
    structural(&to_json(&doc(text)).unwrap())
}

fn structural(v: &Value) -> Structural {
    let mut s = Structural::default();
    let flag = |k: &str| v[k].as_bool().unwrap_or(false);
    s.generic.type_ = v["type"].as_str().unwrap_or_default().to_string().into();
    s.generic.nullable = flag("nullable");
    s.generic.default = v.get("default").cloned().map(Box::new);
    s.extensions.x_preserve_unknown_fields = flag("x-kubernetes-preserve-unknown-fields");
    s.extensions.x_embedded_resource = flag("x-kubernetes-embedded-resource");
    if let Some(props) = v["properties"].as_object() {
        for (k, p) in props {
            s.properties.insert(k.clone(), structural(p));
        }
    }
    if v.get("items").is_some() {
        s.items = Some(Box::new(structural(&v["items"])));
    }
    s.additional_properties = match v.get("additionalProperties") {
        Some(Value::Bool(b)) => Some(Box::new(StructuralOrBool::Bool(*b))),
        Some(a) => Some(Box::new(StructuralOrBool::Schema(structural(a)))),
        None => None,
    };
    s
}

/// The JSON value of a node (what kubectl reads).
pub fn json(n: &Node) -> Value {
    to_json(n).unwrap()
}

/// The JSON value of a YAML text.
pub fn json_of(text: &str) -> Value {
    json(&doc(text))
}
