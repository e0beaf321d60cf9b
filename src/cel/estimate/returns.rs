//! What the functions and operators of the 1.36 environment return, as far as the estimate
//! follows types (see [`super::ty`]).

use super::ty::{elem, is_list, join, list, value};
use crate::cel::types::Ty;

/// The type of `name` called on `target` (member calls) with arguments of types `args`.
pub fn call_type(name: &str, target: Option<&Ty>, args: &[Ty]) -> Ty {
    if let Some(t) = fixed(name) {
        return t;
    }
    let first = args.first().cloned().unwrap_or(Ty::Unknown);
    match name {
        "_[_]" => value(&first),
        "_?_:_" => match args {
            [_, a, b] => join(a, b),
            _ => Ty::Unknown,
        },
        "_+_" | "_-_" | "_*_" | "_/_" | "_%_" => arithmetic(name, args),
        "-_" | "dyn" | "optional.of" | "optional.ofNonZeroValue" => match name {
            "dyn" => Ty::Dyn,
            "-_" => first,
            _ => Ty::Optional(Box::new(first)),
        },
        "_[?_]" => Ty::Optional(Box::new(value(&first))),
        "type" => Ty::Type(Box::new(first)),
        "min" | "max" | "sum" => target.map_or(Ty::Unknown, elem),
        "slice" | "reverse" | "distinct" | "sort" | "@sortByAssociatedKeys" | "or" => {
            target.cloned().unwrap_or(Ty::Unknown)
        }
        "flatten" => match target {
            Some(Ty::List(e)) if is_list(e) => (**e).clone(),
            _ => list(Ty::Unknown),
        },
        "value" => match target {
            Some(Ty::Optional(t)) => (**t).clone(),
            _ => Ty::Unknown,
        },
        "orValue" => match target {
            Some(Ty::Optional(t)) => join(t, &first),
            _ => first,
        },
        "cel.@mapInsert" => first,
        _ if name.starts_with("format.") => Ty::Opaque("kubernetes.NamedFormat"),
        _ => Ty::Unknown,
    }
}

/// Functions whose result type does not depend on their arguments.
fn fixed(name: &str) -> Option<Ty> {
    let t = match name {
        "_==_"
        | "_!=_"
        | "_<_"
        | "_<=_"
        | "_>_"
        | "_>=_"
        | "!_"
        | "_&&_"
        | "_||_"
        | "@in"
        | "@not_strictly_false"
        | "matches"
        | "startsWith"
        | "endsWith"
        | "contains"
        | "isSorted"
        | "hasValue"
        | "isQuantity"
        | "isSemver"
        | "isURL"
        | "isIP"
        | "isCIDR"
        | "ip.isCanonical"
        | "isUnspecified"
        | "isLoopback"
        | "isLinkLocalMulticast"
        | "isLinkLocalUnicast"
        | "isGlobalUnicast"
        | "isInteger"
        | "isGreaterThan"
        | "isLessThan"
        | "sets.contains"
        | "sets.equivalent"
        | "sets.intersects"
        | "containsIP"
        | "containsCIDR"
        | "bool" => Ty::Bool,
        "size" | "int" | "indexOf" | "lastIndexOf" | "getHours" | "getMinutes" | "getSeconds"
        | "getMilliseconds" | "getDate" | "getDayOfMonth" | "getDayOfWeek" | "getDayOfYear"
        | "getFullYear" | "getMonth" | "sign" | "asInteger" | "compareTo" | "major" | "minor"
        | "patch" | "prefixLength" | "family" => Ty::Int,
        "uint" => Ty::Uint,
        "double" | "asApproximateFloat" => Ty::Double,
        "string" | "lowerAscii" | "upperAscii" | "trim" | "replace" | "substring" | "charAt"
        | "format" | "join" | "find" | "strings.quote" | "getScheme" | "getHost"
        | "getHostname" | "getPort" | "getEscapedPath" => Ty::Str,
        "bytes" => Ty::Bytes,
        "duration" => Ty::Duration,
        "timestamp" => Ty::Timestamp,
        "split" | "findAll" => list(Ty::Str),
        "getQuery" => Ty::Map(Box::new(Ty::Str), Box::new(list(Ty::Str))),
        "url" => Ty::Opaque("kubernetes.URL"),
        "ip" => Ty::Opaque("net.IP"),
        "cidr" | "masked" => Ty::Opaque("net.CIDR"),
        "quantity" | "add" | "sub" => Ty::Opaque("kubernetes.Quantity"),
        "semver" => Ty::Opaque("kubernetes.Semver"),
        "format.named" => Ty::Optional(Box::new(Ty::Opaque("kubernetes.NamedFormat"))),
        "validate" => Ty::Optional(Box::new(list(Ty::Str))),
        "lists.range" => list(Ty::Int),
        "optional.none" => Ty::Optional(Box::new(Ty::Unknown)),
        _ => return None,
    };
    Some(t)
}

/// `+ - * / %`: numbers keep their type, `+` joins text and lists, time arithmetic.
fn arithmetic(name: &str, args: &[Ty]) -> Ty {
    let [a, b] = args else {
        return Ty::Unknown;
    };
    match (name, a, b) {
        ("_-_", Ty::Timestamp, Ty::Timestamp) => Ty::Duration,
        (_, Ty::Timestamp, _) | (_, _, Ty::Timestamp) => Ty::Timestamp,
        ("_+_", Ty::List(x), Ty::List(y)) => list(join(x, y)),
        (_, Ty::Dyn, Ty::Dyn) => Ty::Dyn,
        (_, Ty::Dyn | Ty::Unknown, t) | (_, t, Ty::Dyn | Ty::Unknown) => t.clone(),
        _ => a.clone(),
    }
}
