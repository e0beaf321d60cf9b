//! The validation's view of an object ([`Data`]) as the CEL rules read it ([`Input`]): the
//! rules of a create run on the view OpenAPI validation read, with no `serde_json::Value` made
//! of the whole object first; a node with rules copies its part into the rules' [`Json`] tree.
//! An update's rules run on `serde_json::Value`s, whose objects find a member by hashing (the
//! walk looks up each member of the new object in the old one).

use crate::cel::{Input, Json};
use crate::validation::Data;
use serde_json::{Number, Value};
use std::sync::Arc;

impl<'a> Input for Data<'a> {
    fn is_null(&self) -> bool {
        Data::is_null(self)
    }

    fn items(&self) -> Option<&[Data<'a>]> {
        match self {
            Data::Array(items) => Some(items),
            _ => None,
        }
    }

    fn object_len(&self) -> Option<usize> {
        self.as_object().map(|o| o.len())
    }

    fn members(&self) -> impl Iterator<Item = (&str, &Data<'a>)> {
        self.as_object().into_iter().flat_map(|o| o.iter())
    }

    fn member(&self, k: &str) -> Option<&Data<'a>> {
        self.as_object()?.get(k)
    }

    /// As [`Data::to_value`] gives them: a float that is not finite is JSON's `null`.
    fn same(&self, other: &Self) -> bool {
        match (self, other) {
            (Data::Array(a), Data::Array(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same(y))
            }
            (Data::Object(a), Data::Object(b)) => {
                a.len() == b.len() && a.iter().all(|(k, x)| b.get(k).is_some_and(|y| x.same(y)))
            }
            (Data::Str(a), Data::Str(b)) => a == b,
            (Data::Bool(a), Data::Bool(b)) => a == b,
            (Data::Int(a), Data::Int(b)) => a == b,
            (Data::Float(a), Data::Float(b)) if a.is_finite() && b.is_finite() => a == b,
            (a, b) => null(a) && null(b),
        }
    }

    fn to_json(&self) -> Json {
        match self {
            Data::Null => Json::Null,
            Data::Bool(b) => Json::Bool(*b),
            Data::Int(i) => Json::Number(Number::from(*i)),
            Data::Float(f) => Number::from_f64(*f).map_or(Json::Null, Json::Number),
            Data::Str(s) => Json::String(Arc::from(&**s)),
            Data::Array(items) => Json::Array(items.iter().map(Input::to_json).collect()),
            Data::Object(o) => {
                let mut members: Vec<(Arc<str>, Json)> =
                    o.iter().map(|(k, x)| (Arc::from(k), x.to_json())).collect();
                members.sort_unstable_by(|a, b| a.0.cmp(&b.0));
                Json::Object(members.into())
            }
        }
    }

    fn to_value(&self) -> Value {
        Data::to_value(self)
    }
}

/// Whether `d` is JSON's `null` as [`Data::to_value`] writes it.
fn null(d: &Data<'_>) -> bool {
    match d {
        Data::Null => true,
        Data::Float(f) => !f.is_finite(),
        _ => false,
    }
}

#[cfg(test)]
mod tests;
