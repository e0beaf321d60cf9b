//! The object the rules run on, in the form its caller holds it: a `serde_json::Value`, or the
//! validation's view of the object (implemented above both layers, where they meet), read in
//! place until a node with rules copies its part into a [`Json`] tree (see
//! [`crate::cel::rules::eval`]).

use super::value::Json;
use serde_json::Value;

/// A JSON value as the rules' walk reads it.
pub trait Input: Sized {
    fn is_null(&self) -> bool;
    /// An array's items (`None`: not an array).
    fn items(&self) -> Option<&[Self]>;
    /// An object's number of members (`None`: not an object).
    fn object_len(&self) -> Option<usize>;
    /// An object's members in order (none for another value).
    fn members(&self) -> impl Iterator<Item = (&str, &Self)>;
    /// An object's member `k`.
    fn member(&self, k: &str) -> Option<&Self>;
    /// Whether the two are the same JSON (`serde_json::Value`'s `==`: an integer is not the
    /// same as an equal float, an object's members in any order).
    fn same(&self, other: &Self) -> bool;
    /// The copy rules read ([`Json::of`] of [`Self::to_value`]).
    fn to_json(&self) -> Json;
    /// The value as JSON (an error's bad value).
    fn to_value(&self) -> Value;
}

impl Input for Value {
    fn is_null(&self) -> bool {
        Value::is_null(self)
    }

    fn items(&self) -> Option<&[Value]> {
        self.as_array().map(Vec::as_slice)
    }

    fn object_len(&self) -> Option<usize> {
        self.as_object().map(serde_json::Map::len)
    }

    fn members(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.as_object()
            .into_iter()
            .flat_map(|m| m.iter().map(|(k, v)| (k.as_str(), v)))
    }

    fn member(&self, k: &str) -> Option<&Value> {
        self.as_object()?.get(k)
    }

    fn same(&self, other: &Value) -> bool {
        self == other
    }

    fn to_json(&self) -> Json {
        Json::of(self)
    }

    fn to_value(&self) -> Value {
        self.clone()
    }
}
