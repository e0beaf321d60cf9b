//! The size bounds of schema nodes, as the apiserver derives them for its cost estimate
//! (`SchemaDeclType`): a string's `maxLength` (times 4: bytes of runes), a list's `maxItems`, a
//! map's `maxProperties`, else how many of the smallest possible values fit in the largest
//! request (3 MiB); and each node's smallest JSON form, from which those counts follow.

use crate::cel::decl::{decl_of, Kind, Sizes};
use crate::schema::Structural;

/// `celconfig.MaxRequestSizeBytes`.
pub const MAX_REQUEST_SIZE: u64 = 3 * 1024 * 1024;

/// A string without `maxLength`: the whole request but its quotes.
pub const UNBOUNDED_STRING: Sizes = Sizes {
    max_elements: MAX_REQUEST_SIZE - 2,
    min_size: 2,
};

/// RFC 3339 date-times and durations, quotes included.
const MAX_DATETIME_OR_DURATION: u64 = 32;
/// `"YYYY-MM-DD"`.
const DATE_SIZE: u64 = 12;
/// `"0"`.
const MIN_DURATION_SIZE: u64 = 3;
/// `"YYYY-MM-DDTHH:MM:SSZ"`.
const MIN_DATETIME_SIZE: u64 = 21;

/// The sizes of node `s` whose CEL shape is `kind`.
pub fn sizes(s: &Structural, kind: &Kind) -> Sizes {
    let v = s.value_validation.as_deref();
    let max_len = v.and_then(|v| v.max_length).map(non_negative);
    let (max_elements, min_size) = match kind {
        Kind::IntOrString => {
            let bounded = max_len.filter(|_| crate::versions::current().int_or_string_max_length);
            (bounded.map_or(MAX_REQUEST_SIZE - 2, |n| n * 4), 1)
        }
        Kind::String => (string_max(s, max_len), 2),
        Kind::Bytes => (max_len.unwrap_or(MAX_REQUEST_SIZE - 2), 2),
        Kind::Duration => (MAX_DATETIME_OR_DURATION, MIN_DURATION_SIZE),
        Kind::Timestamp(true) => (DATE_SIZE, DATE_SIZE),
        Kind::Timestamp(false) => (MAX_DATETIME_OR_DURATION, MIN_DATETIME_SIZE),
        Kind::Bool => (0, 4),
        Kind::Int | Kind::Double => (0, 1),
        Kind::List(elem, _) => {
            let max = v.and_then(|v| v.max_items).map(non_negative);
            let per_request = (MAX_REQUEST_SIZE - 2) / (elem.size.min_size + 1);
            (max.unwrap_or(per_request), 2)
        }
        Kind::Map(elem) => {
            let max = v.and_then(|v| v.max_properties).map(non_negative);
            let per_request = (MAX_REQUEST_SIZE - 2) / (elem.size.min_size + 6);
            (max.unwrap_or(per_request), 2)
        }
        Kind::Object(_) => (0, object_min_size(s, kind)),
    };
    Sizes {
        max_elements,
        min_size,
    }
}

fn non_negative(n: i64) -> u64 {
    n.max(0) as u64
}

/// A string's bound: `maxLength` runes of up to 4 bytes, else its longest `enum` value, else
/// the request.
fn string_max(s: &Structural, max_len: Option<u64>) -> u64 {
    if let Some(n) = max_len {
        return n * 4;
    }
    let values = s.value_validation.as_deref().map_or(&[][..], |v| &v.enum_);
    if values.is_empty() {
        return MAX_REQUEST_SIZE - 2;
    }
    let longest = values.iter().filter_map(|v| v.as_str()).map(str::len).max();
    longest.unwrap_or(0) as u64
}

/// `{}` plus, for each required property without a default, its name, quotes, colon, comma and
/// smallest value.
fn object_min_size(s: &Structural, kind: &Kind) -> u64 {
    let Kind::Object(fields) = kind else {
        return 2;
    };
    let required = s
        .value_validation
        .as_deref()
        .map_or(&[][..], |v| &v.required);
    let mut size = 2;
    for (name, p) in s.properties.iter() {
        let defaulted = p.generic.default.as_ref().is_some_and(|d| !d.is_null());
        if !required.iter().any(|r| r == name) || defaulted {
            continue;
        }
        let own = fields.iter().find(|f| &*f.name == name.as_str());
        let min = match own {
            Some(f) => Some(f.decl.size.min_size),
            None => decl_of(p, p.extensions.x_embedded_resource).map(|d| d.size.min_size),
        };
        if let Some(min) = min {
            size += name.len() as u64 + min + 4;
        }
    }
    size
}
