//! What the unit tests share: documents and structural schemas written in YAML (the table tests
//! of the algorithm modules: pruning, defaulting, objectmeta, engine), and the Widget CRD that
//! the tests of processing load ([`WIDGET_CRD_HEAD`], [`widget_crd!`]), and the step of the
//! generator the property tests draw from ([`xorshift`]).

use crate::schema::{Structural, StructuralOrBool, Subresources, VersionSchema};
use crate::yaml::{self, json::to_json, Node};
use serde_json::Value;
use std::sync::Arc;

/// The version `g.io/v1` of the kind `K` (`ks.g.io`), served and pruned, with `schema` as its
/// root.
pub fn version_schema(
    schema: Structural,
    namespaced: bool,
    subresources: Subresources,
) -> VersionSchema {
    VersionSchema {
        crd_name: "ks.g.io".into(),
        group: "g.io".into(),
        version: "v1".into(),
        kind: "K".into(),
        served: true,
        schema: Some(Arc::new(schema)),
        structural_errors: Vec::new(),
        prune: true,
        source: "test".into(),
        namespaced,
        subresources,
    }
}

/// Whether a CRD error is a refusal for a rule's estimated cost (the upstream tables' schemas
/// set no `maxItems`/`maxLength`, and their validators do not refuse for cost).
pub fn is_cost_refusal(text: &str) -> bool {
    text.contains("exceeds budget by factor of")
        || text.contains("contributed to estimated rule cost total")
}

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
        s.items = Some(structural(&v["items"]).into());
    }
    s.additional_properties = match v.get("additionalProperties") {
        Some(Value::Bool(b)) => Some(StructuralOrBool::Bool(*b)),
        Some(a) => Some(StructuralOrBool::Schema(structural(a).into())),
        None => None,
    };
    s.derive();
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

/// The head of the Widget CRD (`widgets.example.com`: group `example.com`, kind `Widget`,
/// namespaced, `apiextensions.k8s.io/v1`), up to its `versions:` key.
pub const WIDGET_CRD_HEAD: &str = widget_crd!(@head);

/// The Widget CRD ([`WIDGET_CRD_HEAD`]) with version v1, served and stored, whose schema is an
/// object with a `spec` object of the properties given, one YAML line each (written at the
/// properties' indentation, 14 spaces, with a final line break); `, unserved v0` adds version
/// v0, neither served nor stored, schema `{type: object}`. A `&'static str`, so that a test can
/// keep it as a `const`.
macro_rules! widget_crd {
    (@head) => {
        concat!(
            "apiVersion: apiextensions.k8s.io/v1\n",
            "kind: CustomResourceDefinition\n",
            "metadata: {name: widgets.example.com}\n",
            "spec:\n",
            "  group: example.com\n",
            "  names: {kind: Widget, plural: widgets}\n",
            "  scope: Namespaced\n",
        )
    };
    ([$($property:literal),* $(,)?] $(, unserved $v0:ident)?) => {
        concat!(
            $crate::test_support::widget_crd!(@head),
            "  versions:\n",
            "  - name: v1\n",
            "    served: true\n",
            "    storage: true\n",
            "    schema:\n",
            "      openAPIV3Schema:\n",
            "        type: object\n",
            "        properties:\n",
            "          spec:\n",
            "            type: object\n",
            "            properties:\n",
            $("              ", $property, "\n",)*
            $($crate::test_support::widget_crd!(@$v0),)?
        )
    };
    (@v0) => {
        concat!(
            "  - name: v0\n",
            "    served: false\n",
            "    storage: false\n",
            "    schema:\n",
            "      openAPIV3Schema: {type: object}\n",
        )
    };
}
pub(crate) use widget_crd;

/// The expressions that hold in the row `ext lists version 3` of kube-apiserver's
/// `TestValidationExpressions` (v0.34.10, v0.35.7, v0.36.3), on `val1` and `val2` both `[1, 2, 3]`:
/// the CEL expression table's row and the versions' table use them.
pub const LISTS_V3: &[&str] = &[
    "lists.range(4) == [0,1,2,3]",
    "lists.range(0) == []",
    "[5,1,2,3].reverse() == [3,2,1,5]",
    "[].reverse() == []",
    "[1].reverse() == [1]",
    "['are', 'you', 'as', 'bored', 'as', 'I', 'am'].reverse() == ['am', 'I', 'as', 'bored', 'as', 'you', 'are']",
    "[false, true, true].reverse().reverse() == [false, true, true]",
    "[1,2,3,4].slice(0, 4) == [1,2,3,4]",
    "[1,2,3,4].slice(0, 0) == []",
    "[1,2,3,4].slice(1, 1) == []",
    "[1,2,3,4].slice(4, 4) == []",
    "[1,2,3,4].slice(1, 3) == [2, 3]",
    "dyn([]).flatten() == []",
    "dyn([1,2,3,4]).flatten() == [1,2,3,4]",
    "[].sort() == []",
    "[1].sort() == [1]",
    "[4, 3, 2, 1].sort() == [1, 2, 3, 4]",
    "[\"d\", \"a\", \"b\", \"c\"].sort() == [\"a\", \"b\", \"c\", \"d\"]",
    "[].sortBy(e, e) == []",
    "[\"a\"].sortBy(e, e) == [\"a\"]",
    "[-3, 1, -5, -2, 4].sortBy(e, -(e * e)) == [-5, 4, -3, -2, 1]",
    "[-3, 1, -5, -2, 4].map(e, e * 2).sortBy(e, -(e * e)) == [-10, 8, -6, -4, 2]",
    "lists.range(3).sortBy(e, -e) == [2, 1, 0]",
    "[\"a\", \"c\", \"b\", \"first\"].sortBy(e, e == \"first\" ? \"\" : e) == [\"first\", \"a\", \"b\", \"c\"]",
    "[{'name': 'foo'}, {'name': 'bar'}, {'name': 'baz'}].sortBy(e, e.name) == [{'name': 'bar'}, {'name': 'baz'}, {'name': 'foo'}]",
    "[].distinct() == []",
    "[1].distinct() == [1]",
    "[-2, 5, -2, 1, 1, 5, -2, 1].distinct() == [-2, 5, 1]",
    "['c', 'a', 'a', 'b', 'a', 'b', 'c', 'c'].distinct() == ['c', 'a', 'b']",
    "[[1], [1], [2]].distinct() == [[1], [2]]",
    "[{'name': 'a'}, {'name': 'b'}, {'name': 'a'}].distinct() == [{'name': 'a'}, {'name': 'b'}]",
    "[[1],[2],[3,4]].flatten() == [1,2,3,4]",
];

/// The next number of a small deterministic generator (xorshift64) whose state is `seed`: the
/// property tests' source of inputs, the same sequence on every run.
pub fn xorshift(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}
