//! The types the cost estimate works with: the checker's type of each node, as this model
//! writes it (see `walk::from_checked`), enough to pick the overloads whose cost depends on
//! sizes (string, bytes and list `+`, string comparisons, `in` a list), to know which
//! selections cost a unit (on objects and maps), which values have a fixed size (scalars) and
//! what a comprehension iterates. Where the checker says `dyn` (or no checker ran: the ported
//! library cost tables, some of whose expressions a CRD's environment refuses), the walk's
//! own reading of the expression stands; `Unknown` is where that loses track too: any
//! overload may be called on it, and its size is unknown (unless computed), as in cel-go.

use crate::cel::decl::{Decl, Kind};
use std::sync::Arc;

#[derive(Clone, Debug)]
pub enum Ty {
    Bool,
    Int,
    Uint,
    Double,
    Str,
    Bytes,
    Duration,
    Timestamp,
    Null,
    Type,
    List(Box<Ty>),
    Map(Box<Ty>, Box<Ty>),
    /// A schema object (a struct for cel-go).
    Object(Arc<Decl>),
    /// A Kubernetes library type, by the checker's name (`kubernetes.Quantity`, `net.IP`…).
    Opaque(&'static str),
    Optional(Box<Ty>),
    /// cel-go's `dyn` (int-or-string, mixed literals).
    Dyn,
    /// Not followed here.
    Unknown,
}

impl Ty {
    /// The type of a schema node.
    pub fn of(d: &Arc<Decl>) -> Ty {
        match &d.kind {
            Kind::Object(_) => Ty::Object(d.clone()),
            Kind::Map(elem) => Ty::Map(Box::new(Ty::Str), Box::new(Ty::of(elem))),
            Kind::List(elem, _) => Ty::List(Box::new(Ty::of(elem))),
            Kind::String => Ty::Str,
            Kind::Bytes => Ty::Bytes,
            Kind::Duration => Ty::Duration,
            Kind::Timestamp(_) => Ty::Timestamp,
            Kind::Int => Ty::Int,
            Kind::Double => Ty::Double,
            Kind::Bool => Ty::Bool,
            Kind::IntOrString => Ty::Dyn,
        }
    }

    pub fn list(t: Ty) -> Ty {
        Ty::List(Box::new(t))
    }

    /// Whether a selection on it costs a unit (maps and structs).
    pub fn selects_at_cost(&self) -> bool {
        matches!(self, Ty::Map(..) | Ty::Object(_))
    }

    /// Whether its size is fixed (1): cel-go's scalars.
    pub fn is_scalar(&self) -> bool {
        match self {
            Ty::Bool | Ty::Double | Ty::Duration | Ty::Int | Ty::Timestamp | Ty::Uint => true,
            Ty::Optional(t) => t.is_scalar(),
            _ => false,
        }
    }

    pub fn is_list(&self) -> bool {
        matches!(self, Ty::List(_))
    }

    /// `dyn`, or not followed (what the checker types `dyn`: [`Ty::Unknown`]).
    pub fn is_dyn(&self) -> bool {
        matches!(self, Ty::Dyn | Ty::Unknown)
    }

    /// String or bytes (the sized comparisons and concatenations).
    pub fn is_text(&self) -> bool {
        matches!(self, Ty::Str | Ty::Bytes)
    }

    /// A list's element (or a map's key); dyn for dyn.
    pub fn elem(&self) -> Ty {
        match self {
            Ty::List(e) => (**e).clone(),
            Ty::Map(k, _) => (**k).clone(),
            Ty::Dyn => Ty::Dyn,
            _ => Ty::Unknown,
        }
    }

    /// What indexing gives: a list's element, a map's value.
    pub fn value(&self) -> Ty {
        match self {
            Ty::List(e) | Ty::Map(_, e) => (**e).clone(),
            Ty::Dyn => Ty::Dyn,
            _ => Ty::Unknown,
        }
    }

    /// The type of field `name` selected on it.
    pub fn field(&self, name: &str) -> Ty {
        match self {
            Ty::Object(d) => d.field(name).map_or(Ty::Unknown, |f| Ty::of(&f.decl)),
            Ty::Map(_, v) => (**v).clone(),
            Ty::Dyn => Ty::Dyn,
            Ty::Optional(t) => Ty::Optional(Box::new(t.field(name))),
            _ => Ty::Unknown,
        }
    }

    /// The type two branches (or list elements) share: the known one when one is unknown.
    pub fn join(a: &Ty, b: &Ty) -> Ty {
        match (a, b) {
            (Ty::Unknown, t) | (t, Ty::Unknown) => t.clone(),
            (Ty::List(x), Ty::List(y)) => Ty::list(Ty::join(x, y)),
            (x, y) if x.same(y) => x.clone(),
            _ => Ty::Dyn,
        }
    }

    /// Type equality as far as it is followed.
    pub fn same(&self, o: &Ty) -> bool {
        match (self, o) {
            (Ty::List(a), Ty::List(b)) | (Ty::Optional(a), Ty::Optional(b)) => a.same(b),
            (Ty::Map(a, b), Ty::Map(c, d)) => a.same(c) && b.same(d),
            (Ty::Object(a), Ty::Object(b)) => Arc::ptr_eq(a, b),
            (Ty::Opaque(a), Ty::Opaque(b)) => a == b,
            _ => std::mem::discriminant(self) == std::mem::discriminant(o),
        }
    }
}
