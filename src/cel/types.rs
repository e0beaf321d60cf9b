//! The CEL types [`super::check`] follows, and cel-go's overloads of the standard operators,
//! conversions and string functions over them (with the apiserver's options: cross-type
//! numeric comparisons). A call is refused only when every argument's type is fully known
//! and no overload fits; anything dynamic (int-or-string, `dyn`, objects, results of
//! functions the check does not type) is accepted.

use super::decl::{Decl, Kind};
use std::sync::Arc;

/// A type as far as the check follows it.
#[derive(Clone, Debug)]
pub enum Ty {
    /// A schema node that is an object, a list or a map (see [`Ty::view`]).
    Node(Arc<Decl>),
    Int,
    Uint,
    Double,
    Str,
    Bool,
    Bytes,
    Null,
    Duration,
    Timestamp,
    List(Box<Ty>),
    Map(Box<Ty>, Box<Ty>),
    /// A type denotation (`int`, `string`…).
    Type,
    /// A library's value type (`kubernetes.Quantity`, `net.IP`…): only its own member
    /// functions apply; otherwise not followed (operators and conversions take it).
    Opaque(&'static str),
    /// Something the check does not type: anything goes.
    Dyn,
}

impl Ty {
    /// The type of a schema node.
    pub fn of(d: &Arc<Decl>) -> Ty {
        match d.kind {
            Kind::String => Ty::Str,
            Kind::Bool => Ty::Bool,
            Kind::Int => Ty::Int,
            Kind::Double => Ty::Double,
            Kind::Bytes => Ty::Bytes,
            Kind::Duration => Ty::Duration,
            Kind::Timestamp(_) => Ty::Timestamp,
            Kind::IntOrString => Ty::Dyn,
            _ => Ty::Node(d.clone()),
        }
    }

    /// A schema list or map as its CEL list or map type; objects stay nodes.
    pub fn view(&self) -> Ty {
        match self {
            Ty::Node(d) => match &d.kind {
                Kind::List(elem, _) => Ty::List(Box::new(Ty::of(elem))),
                Kind::Map(elem) => Ty::Map(Box::new(Ty::Str), Box::new(Ty::of(elem))),
                _ => self.clone(),
            },
            _ => self.clone(),
        }
    }

    /// Whether the type is known down to its element types (no `dyn`, no object).
    pub fn known(&self) -> bool {
        match self.view() {
            Ty::Node(_) | Ty::Dyn | Ty::Type | Ty::Opaque(_) => false,
            Ty::List(e) => e.known(),
            Ty::Map(k, v) => k.known() && v.known(),
            _ => true,
        }
    }

    /// cel-go's name of the type (`FormatCELType`).
    pub fn name(&self) -> String {
        match self.view() {
            Ty::Int => "int".into(),
            Ty::Uint => "uint".into(),
            Ty::Double => "double".into(),
            Ty::Str => "string".into(),
            Ty::Bool => "bool".into(),
            Ty::Bytes => "bytes".into(),
            Ty::Null => "null".into(),
            Ty::Duration => "duration".into(),
            Ty::Timestamp => "timestamp".into(),
            Ty::List(e) => format!("list({})", e.name()),
            Ty::Map(k, v) => format!("map({}, {})", k.name(), v.name()),
            Ty::Type => "type".into(),
            Ty::Opaque(name) => name.into(),
            Ty::Node(_) | Ty::Dyn => "dyn".into(),
        }
    }

    /// The element type of a list literal (or a map literal's keys or values) so far, `prev`,
    /// joined with the next element's, `next`: `Err` when both are known and differ (the
    /// apiserver's literals are homogeneous); dynamic when either is not known.
    pub fn join(prev: Option<Ty>, next: &Ty) -> Result<Ty, Ty> {
        match prev {
            None => Ok(next.clone()),
            Some(p) if !p.known() || !next.known() => Ok(Ty::Dyn),
            Some(p) if unify(&p, next) => Ok(p),
            Some(p) => Err(p),
        }
    }

    fn is_numeric(&self) -> bool {
        matches!(self, Ty::Int | Ty::Uint | Ty::Double)
    }
}

/// Whether values of types `a` and `b` can meet in one type parameter (`==`, list `+`,
/// ternary branches, `in`): the same type, or either side dynamic, or `null` with a type
/// that takes it.
pub fn unify(a: &Ty, b: &Ty) -> bool {
    match (a.view(), b.view()) {
        (Ty::Dyn | Ty::Node(_), _) | (_, Ty::Dyn | Ty::Node(_)) => true,
        (Ty::Null, t) | (t, Ty::Null) => {
            matches!(t, Ty::Null | Ty::Duration | Ty::Timestamp)
        }
        (Ty::List(x), Ty::List(y)) => unify(&x, &y),
        (Ty::Map(k1, v1), Ty::Map(k2, v2)) => unify(&k1, &k2) && unify(&v1, &v2),
        (x, y) => std::mem::discriminant(&x) == std::mem::discriminant(&y),
    }
}

/// The result of operator `name` (`_+_`, `_<_`, `@in`…) on `args`; `None` when all are known
/// and no overload fits.
pub fn operator(name: &str, args: &[Ty]) -> Option<Ty> {
    let views: Vec<Ty> = args.iter().map(Ty::view).collect();
    let all_known = args.iter().all(Ty::known);
    let found = match (name, views.as_slice()) {
        // A list plus a list keeps the left one's schema type (a set stays a set).
        ("_+_", [Ty::List(_), Ty::List(_)]) if matches!(args[0], Ty::Node(_)) => {
            arithmetic(name, &views[0], &views[1]).map(|_| args[0].clone())
        }
        ("_+_" | "_-_" | "_*_" | "_/_" | "_%_", [l, r]) => arithmetic(name, l, r),
        ("-_", [Ty::Int]) => Some(Ty::Int),
        ("-_", [Ty::Double]) => Some(Ty::Double),
        ("!_", [Ty::Bool]) => Some(Ty::Bool),
        ("_<_" | "_<=_" | "_>_" | "_>=_", [l, r]) => comparable(l, r).then_some(Ty::Bool),
        ("_==_" | "_!=_", [l, r]) => unify(l, r).then_some(Ty::Bool),
        ("@in", [x, Ty::List(e)]) => unify(x, e).then_some(Ty::Bool),
        ("@in", [x, Ty::Map(k, _)]) => unify(x, k).then_some(Ty::Bool),
        ("_[_]", [Ty::List(e), Ty::Int]) => Some((**e).clone()),
        ("_[_]", [Ty::Map(k, v), i]) if unify(k, i) => Some((**v).clone()),
        ("_?_:_", [Ty::Bool, a, b]) if unify(a, b) => Some(if a.known() {
            args[1].clone()
        } else {
            args[2].clone()
        }),
        _ => None,
    };
    match found {
        Some(t) => Some(t),
        None if all_known => None,
        None => Some(fallback(name)),
    }
}

/// The result of an operator whose arguments are not all known.
fn fallback(name: &str) -> Ty {
    match name {
        "_<_" | "_<=_" | "_>_" | "_>=_" | "_==_" | "_!=_" | "@in" | "!_" => Ty::Bool,
        _ => Ty::Dyn,
    }
}

fn arithmetic(name: &str, l: &Ty, r: &Ty) -> Option<Ty> {
    use Ty::*;
    match (name, l, r) {
        ("_%_", Int, Int) | ("_%_", Uint, Uint) => Some(l.clone()),
        ("_%_", ..) => None,
        (_, Int, Int) | (_, Uint, Uint) | (_, Double, Double) => Some(l.clone()),
        ("_+_", Str, Str) | ("_+_", Bytes, Bytes) => Some(l.clone()),
        ("_+_", List(a), List(b)) if unify(a, b) => {
            Some(if a.known() { l.clone() } else { r.clone() })
        }
        ("_+_", Timestamp, Duration) | ("_+_", Duration, Timestamp) => Some(Timestamp),
        ("_+_" | "_-_", Duration, Duration) => Some(Duration),
        ("_-_", Timestamp, Timestamp) => Some(Duration),
        ("_-_", Timestamp, Duration) => Some(Timestamp),
        _ => None,
    }
}

/// `<` and the like: the same ordered type, or two numbers (cross-type comparisons are on).
fn comparable(l: &Ty, r: &Ty) -> bool {
    use Ty::*;
    match (l, r) {
        _ if l.is_numeric() && r.is_numeric() => true,
        (Bool, Bool) | (Str, Str) | (Bytes, Bytes) => true,
        (Timestamp, Timestamp) | (Duration, Duration) => true,
        _ => false,
    }
}

/// The result of a conversion or standard function `name` called with `args` (the receiver
/// first when `member`): `Some(None)` when it does not type this call, `None` when all the
/// arguments are known and no overload fits.
pub fn function(name: &str, member: bool, args: &[Ty]) -> Option<Option<Ty>> {
    use Ty::*;
    let views: Vec<Ty> = args.iter().map(Ty::view).collect();
    let found = match (name, member, views.as_slice()) {
        ("size", _, [Str | Bytes | List(_) | Map(..)]) => Some(Int),
        ("size", ..) => None,
        ("int", false, [Int | Uint | Double | Str | Timestamp | Duration]) => Some(Int),
        ("uint", false, [Int | Uint | Double | Str]) => Some(Uint),
        ("double", false, [Int | Uint | Double | Str]) => Some(Double),
        ("string", false, [Int | Uint | Double | Str | Bool | Bytes | Timestamp | Duration]) => {
            Some(Str)
        }
        ("bytes", false, [Bytes | Str]) => Some(Bytes),
        ("bool", false, [Bool | Str]) => Some(Bool),
        ("duration", false, [Duration | Str | Int]) => Some(Duration),
        ("timestamp", false, [Timestamp | Str | Int]) => Some(Timestamp),
        (
            "int" | "uint" | "double" | "string" | "bytes" | "bool" | "duration" | "timestamp",
            false,
            [_],
        ) => None,
        ("contains" | "startsWith" | "endsWith" | "matches", true, [Str, Str]) => Some(Bool),
        ("matches", false, [Str, Str]) => Some(Bool),
        ("contains" | "startsWith" | "endsWith" | "matches", _, [_, _]) => None,
        _ => return Some(None),
    };
    match found {
        Some(t) => Some(Some(t)),
        None if args.iter().all(Ty::known) => None,
        None => Some(Some(function_fallback(name))),
    }
}

fn function_fallback(name: &str) -> Ty {
    match name {
        "size" | "int" => Ty::Int,
        "uint" => Ty::Uint,
        "double" => Ty::Double,
        "string" => Ty::Str,
        "bytes" => Ty::Bytes,
        "contains" | "startsWith" | "endsWith" | "matches" | "bool" => Ty::Bool,
        _ => Ty::Dyn,
    }
}

/// cel-go's signature in `found no matching overload for 'f' applied to '…'`:
/// `(int, string)`, or `string.(int)` for a member call.
pub fn signature(args: &[Ty], member: bool) -> String {
    let names: Vec<String> = args.iter().map(Ty::name).collect();
    match (member, names.split_first()) {
        (true, Some((recv, rest))) => format!("{recv}.({})", rest.join(", ")),
        _ => format!("({})", names.join(", ")),
    }
}

/// The value type a library's constructor returns (`quantity(s)`, `ip(s)`…).
pub fn library_type(global: &str) -> Option<Ty> {
    Some(Ty::Opaque(match global {
        "quantity" => "kubernetes.Quantity",
        "semver" => "kubernetes.Semver",
        "url" => "kubernetes.URL",
        "ip" => "net.IP",
        "cidr" => "net.CIDR",
        _ => return None,
    }))
}

/// Whether member function `name` may apply to `args` (the receiver first): a library type's
/// own functions on it, the lists library's list-only functions on a list (or an untyped
/// receiver). 1.36's quantities have no `sign()`.
pub fn member_applies(name: &str, args: &[Ty]) -> bool {
    let Some(recv) = args.first().map(Ty::view) else {
        return true;
    };
    let own: &[&str] = match recv {
        Ty::Opaque("kubernetes.Quantity") => &[
            "isInteger",
            "asInteger",
            "asApproximateFloat",
            "add",
            "sub",
            "isGreaterThan",
            "isLessThan",
            "compareTo",
        ],
        Ty::Opaque("kubernetes.Semver") => &[
            "major",
            "minor",
            "patch",
            "isGreaterThan",
            "isLessThan",
            "compareTo",
        ],
        Ty::Opaque("net.IP") => &[
            "family",
            "isUnspecified",
            "isLoopback",
            "isLinkLocalMulticast",
            "isLinkLocalUnicast",
            "isGlobalUnicast",
        ],
        Ty::Opaque("net.CIDR") => &["containsIP", "containsCIDR", "ip", "masked", "prefixLength"],
        Ty::Opaque("kubernetes.URL") => &[
            "getScheme",
            "getHost",
            "getHostname",
            "getPort",
            "getEscapedPath",
            "getQuery",
        ],
        Ty::Str | Ty::Int | Ty::Uint | Ty::Double | Ty::Bool | Ty::Bytes => {
            return !matches!(
                name,
                "isSorted"
                    | "sum"
                    | "min"
                    | "max"
                    | "slice"
                    | "flatten"
                    | "distinct"
                    | "sort"
                    | "first"
                    | "last"
            );
        }
        _ => return true,
    };
    own.contains(&name)
}
