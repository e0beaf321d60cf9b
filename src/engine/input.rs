//! The validation's view of an object ([`Data`]) as the CEL rules read it ([`Input`]): the
//! rules of a create run on the view OpenAPI validation read, with no `serde_json::Value` made
//! of the whole object first; a node with rules copies its part into the rules' [`Json`] tree.
//! An update's rules run on `serde_json::Value`s, whose objects find a member by hashing (the
//! walk looks up each member of the new object in the old one).

use crate::cel::{Input, Json};
use crate::validation::Data;
use serde_json::Value;
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

    /// Collections and strings compared in place; other values as [`Data::to_value`] writes
    /// them (no allocation: a float that is not finite is JSON's `null`).
    fn same(&self, other: &Self) -> bool {
        match (self, other) {
            (Data::Array(a), Data::Array(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same(y))
            }
            (Data::Object(a), Data::Object(b)) => {
                a.len() == b.len() && a.iter().all(|(k, x)| b.get(k).is_some_and(|y| x.same(y)))
            }
            (Data::Str(a), Data::Str(b)) => a == b,
            (a, b) if scalar(a) && scalar(b) => Data::to_value(a) == Data::to_value(b),
            _ => false,
        }
    }

    fn to_json(&self) -> Json {
        match self {
            Data::Str(s) => Json::String(Arc::from(&**s)),
            Data::Array(items) => Json::Array(items.iter().map(Input::to_json).collect()),
            Data::Object(o) => Json::object(o.iter().map(|(k, x)| (k, x.to_json()))),
            // No allocation: a number, a boolean or null.
            scalar => Json::of(&Data::to_value(scalar)),
        }
    }

    fn to_value(&self) -> Value {
        Data::to_value(self)
    }
}

/// Whether `d` is null, a boolean or a number (its JSON holds no allocation).
fn scalar(d: &Data<'_>) -> bool {
    !matches!(d, Data::Str(_) | Data::Array(_) | Data::Object(_))
}

#[cfg(test)]
mod tests;
