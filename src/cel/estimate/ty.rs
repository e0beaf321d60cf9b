//! The types the cost estimate works with are the checker's ([`Ty`]), as cel-go's estimator
//! reads the checked AST's (`checker/cost.go`): enough to pick the overloads whose cost depends
//! on sizes (string, bytes and list `+`, string comparisons, `in` a list), to know which
//! selections cost a unit (on objects and maps), which values have a fixed size (scalars) and
//! what a comprehension iterates. The walk follows each node's type itself and takes the
//! checker's where it has one ([`from_checked`]).
//!
//! Where the checker says `dyn` (or no checker ran: the ported library cost tables, some of
//! whose expressions a CRD's environment refuses), the walk's own reading of the expression
//! stands. [`Ty::Unknown`] is where that loses track too: any overload may be called on it,
//! and its size is unknown (unless computed), as for cel-go's `dyn`; but unlike `dyn` it gives
//! way to the other type where two meet ([`join`]: `[[], [1]]` is a list of `list(int)`), and
//! a node the walk lost track of is sized again once the checker's type stands in (see
//! `Walker::expr`). It is a variant of the one type rather than `None` of an `Option<Ty>`
//! because it occurs inside other types too (`[]` is a `list(Unknown)`, `optional.none()` an
//! `optional_type(Unknown)`).
//!
//! A schema list or map is the checker's [`Ty::Node`]; the estimate matches its CEL type
//! ([`Ty::view`]): each node's type is viewed when the walk completes it, and these functions
//! view the types they look into.

use crate::cel::decl::Kind;
use crate::cel::types::Ty;
use std::borrow::Cow;
use std::sync::Arc;

/// The library types the estimate follows (not authz's, which no CRD rule can build but
/// through `dyn`).
const LIBRARY: &[&str] = &[
    "kubernetes.Quantity",
    "kubernetes.URL",
    "kubernetes.Semver",
    "kubernetes.NamedFormat",
    "net.IP",
    "net.CIDR",
];

/// `t`, a schema list or map as its CEL list or map type.
pub fn view(t: Ty) -> Ty {
    match t {
        Ty::Node(_) => t.view(),
        t => t,
    }
}

/// [`view`] of a borrowed type (borrowed unless it is a schema node).
fn viewed(t: &Ty) -> Cow<'_, Ty> {
    match t {
        Ty::Node(_) => Cow::Owned(t.view()),
        t => Cow::Borrowed(t),
    }
}

/// The checker's type of a node as the estimate takes it: `None` where it is `dyn` (the walk's
/// own type stands) or holds a library type not followed. The checker's final types have no
/// variables ([`crate::cel::check::check_in`] substitutes them), so `dyn` within a list, map or
/// optional is cel-go's.
pub fn from_checked(t: &Ty) -> Option<Ty> {
    fn followed(t: &Ty) -> bool {
        match t {
            Ty::List(e) | Ty::Optional(e) => followed(e),
            Ty::Map(k, v) => followed(k) && followed(v),
            Ty::Opaque(name) => LIBRARY.contains(name),
            _ => true,
        }
    }
    (!t.is_dyn() && followed(t)).then(|| view(t.clone()))
}

/// `list(t)`.
pub fn list(t: Ty) -> Ty {
    Ty::List(Box::new(t))
}

/// Whether a selection on it costs a unit (maps and structs, in cel-go's `costSelect`).
pub fn selects_at_cost(t: &Ty) -> bool {
    matches!(*viewed(t), Ty::Map(..) | Ty::Node(_))
}

/// Whether its size is fixed (1): cel-go's `isScalar`; an optional of a scalar from cel-go
/// v0.23 ([`crate::versions::Change::CostsV023`]).
pub fn is_scalar(t: &Ty) -> bool {
    match t {
        Ty::Bool | Ty::Double | Ty::Duration | Ty::Int | Ty::Timestamp | Ty::Uint => true,
        Ty::Optional(t) => crate::versions::current().costs_v023 && is_scalar(t),
        _ => false,
    }
}

pub fn is_list(t: &Ty) -> bool {
    match t {
        Ty::List(_) => true,
        Ty::Node(d) => matches!(d.kind, Kind::List(..)),
        _ => false,
    }
}

/// String or bytes (the sized comparisons and concatenations).
pub fn is_text(t: &Ty) -> bool {
    matches!(t, Ty::Str | Ty::Bytes)
}

/// A list's element (or a map's key); dyn for dyn.
pub fn elem(t: &Ty) -> Ty {
    match &*viewed(t) {
        Ty::List(e) | Ty::Map(e, _) => (**e).clone(),
        Ty::Dyn => Ty::Dyn,
        _ => Ty::Unknown,
    }
}

/// What indexing gives: a list's element, a map's value.
pub fn value(t: &Ty) -> Ty {
    match &*viewed(t) {
        Ty::List(e) | Ty::Map(_, e) => (**e).clone(),
        Ty::Dyn => Ty::Dyn,
        _ => Ty::Unknown,
    }
}

/// The type of field `name` selected on it.
pub fn field(t: &Ty, name: &str) -> Ty {
    match &*viewed(t) {
        Ty::Node(d) => d.field(name).map_or(Ty::Unknown, |f| Ty::of(&f.decl)),
        Ty::Map(_, v) => (**v).clone(),
        Ty::Dyn => Ty::Dyn,
        Ty::Optional(t) => Ty::Optional(Box::new(field(t, name))),
        _ => Ty::Unknown,
    }
}

/// The type two branches (or list elements) share: the known one when one is unknown.
pub fn join(a: &Ty, b: &Ty) -> Ty {
    match (a, b) {
        (Ty::Unknown, t) | (t, Ty::Unknown) => t.clone(),
        _ => match (&*viewed(a), &*viewed(b)) {
            (Ty::List(x), Ty::List(y)) => list(join(x, y)),
            _ if same(a, b) => a.clone(),
            _ => Ty::Dyn,
        },
    }
}

/// Type equality as far as the estimate tells types apart: not a type denotation's parameter.
pub fn same(a: &Ty, b: &Ty) -> bool {
    match (&*viewed(a), &*viewed(b)) {
        (Ty::List(a), Ty::List(b)) | (Ty::Optional(a), Ty::Optional(b)) => same(a, b),
        (Ty::Map(a, b), Ty::Map(c, d)) => same(a, c) && same(b, d),
        (Ty::Node(a), Ty::Node(b)) => Arc::ptr_eq(a, b),
        (Ty::Opaque(a), Ty::Opaque(b)) => a == b,
        (a, b) => std::mem::discriminant(a) == std::mem::discriminant(b),
    }
}
