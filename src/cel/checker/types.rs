//! The CEL types [`crate::cel::check`] follows, as cel-go's checker names them. A schema object is
//! cel-go's object type, which the apiserver names after the rule's `self` (`selfType<N>` and
//! the path of CEL field names, `.@idx` for a list's items, `.@elem` for a map's values);
//! `<N>` is the nanosecond of the clock when the apiserver compiled the rule, which nobody can
//! know, so it is `0` here. The overloads calls resolve to are in [`crate::cel::overloads`]. The
//! cost estimate ([`crate::cel::estimate`]) works on these types too.

use crate::cel::ast::{Expr, IdedExpr};
use crate::cel::decl::{Decl, Kind};
use std::cell::RefCell;
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
    /// A type denotation (`int` is `type(int)`, `type(x)` the type of `x`'s type).
    Type(Box<Ty>),
    /// A library's value type (`kubernetes.Quantity`, `net.IP`…).
    Opaque(&'static str),
    /// `optional_type(T)`.
    Optional(Box<Ty>),
    /// Something the check does not type: anything goes.
    Dyn,
    /// A type variable (the elements of `[]` and `{}`, an overload's type parameter), bound
    /// for the whole rule by [`crate::cel::mapping::Mapping`]; `dyn` when printed unbound.
    Var(u32),
    /// A type the cost estimate does not follow ([`crate::cel::estimate`]'s walk lost track and no
    /// checked type stands in): unlike `dyn`, it gives way to any type it is joined with. The
    /// checker never makes one.
    Unknown,
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
            Ty::Type(t) => format!("type({})", t.name()),
            Ty::Opaque(name) => name.into(),
            Ty::Optional(e) => format!("optional_type({})", e.name()),
            Ty::Node(d) => object_name(&d),
            // A free type variable, as cel-go names its checker's (`newTypeVar`).
            Ty::Var(n) => format!("_var{n}"),
            Ty::Dyn | Ty::Unknown => "dyn".into(),
        }
    }

    /// Whether `null` may stand for a value of this type (cel-go's legacy nullable types:
    /// objects, library types, optionals, durations and timestamps).
    pub fn nullable(&self) -> bool {
        matches!(
            self.view(),
            Ty::Null
                | Ty::Node(_)
                | Ty::Opaque(_)
                | Ty::Optional(_)
                | Ty::Duration
                | Ty::Timestamp
                | Ty::Var(_)
        )
    }

    /// Whether it is `dyn`, an unbound type parameter or not followed (takes any value).
    pub fn is_dyn(&self) -> bool {
        matches!(self, Ty::Dyn | Ty::Var(_) | Ty::Unknown)
    }

    /// Whether both are the same type (cel-go's `IsExactType`).
    pub fn exact_eq(&self, other: &Ty) -> bool {
        match (self.view(), other.view()) {
            (Ty::Var(a), Ty::Var(b)) => a == b,
            (Ty::Node(a), Ty::Node(b)) => Arc::ptr_eq(&a, &b),
            (Ty::List(a), Ty::List(b))
            | (Ty::Optional(a), Ty::Optional(b))
            | (Ty::Type(a), Ty::Type(b)) => a.exact_eq(&b),
            (Ty::Map(k1, v1), Ty::Map(k2, v2)) => k1.exact_eq(&k2) && v1.exact_eq(&v2),
            (Ty::Opaque(a), Ty::Opaque(b)) => a == b,
            (a, b) => std::mem::discriminant(&a) == std::mem::discriminant(&b),
        }
    }
}

/// The type identifier `name` denotes, as the checker resolves it in every version: the
/// standard library's type variables (`int`, `list`, `google.protobuf.Duration`…: cel-go's
/// `stdlib.Types()`, named by `TypeName()`, so `duration` and `timestamp` are none), and the
/// types registered with the environment's type provider, which cel-go's `LookupIdent` finds
/// through `FindIdent` (`optional_type`, from `cel.OptionalTypes`; `net.IP` and `net.CIDR`,
/// from the IP and CIDR libraries' `cel.Types`, which in 1.32 also declare them as variables of
/// the same type). The Kubernetes object types (`kubernetes.Quantity`, `kubernetes.URL`,
/// `kubernetes.Semver`, `kubernetes.NamedFormat`) are registered nowhere: no rule names them.
pub fn denoted(name: &str) -> Option<Ty> {
    Some(match name {
        "int" => Ty::Int,
        "uint" => Ty::Uint,
        "double" => Ty::Double,
        "string" => Ty::Str,
        "bytes" => Ty::Bytes,
        "bool" => Ty::Bool,
        "google.protobuf.Duration" => Ty::Duration,
        "google.protobuf.Timestamp" => Ty::Timestamp,
        "null_type" => Ty::Null,
        "list" => Ty::List(Box::new(Ty::Dyn)),
        "map" => Ty::Map(Box::new(Ty::Dyn), Box::new(Ty::Dyn)),
        "optional_type" => Ty::Optional(Box::new(Ty::Dyn)),
        "type" => Ty::Type(Box::new(Ty::Dyn)),
        "net.IP" => Ty::Opaque("net.IP"),
        "net.CIDR" => Ty::Opaque("net.CIDR"),
        _ => return None,
    })
}

/// The name cel-go's `Type.DeclaredTypeName` gives a type: a list, map, optional or type of
/// types by its kind alone (`list`, `map`, `optional_type`, `type`).
pub fn declared_name(t: &Ty) -> String {
    match t {
        Ty::List(_) => "list".into(),
        Ty::Map(..) => "map".into(),
        Ty::Optional(_) => "optional_type".into(),
        Ty::Type(_) => "type".into(),
        t => t.name(),
    }
}

/// Whether cel-go's checker takes type `t`, denoted by a name the environment declares, as
/// a well-known protobuf message (`isWellKnownType`): `null_type`, and the durations and
/// timestamps of `google.protobuf.Duration` and `google.protobuf.Timestamp`. (`list` and `map`
/// denote `list(A)` and `map(A, B)`, of type parameters, which are none.)
pub fn is_well_known(t: &Ty) -> bool {
    matches!(t, Ty::Null | Ty::Duration | Ty::Timestamp)
}

/// The name a chain of selections on an identifier spells (`net.IP`), as cel-go's
/// `containers.ToQualifiedName` reads it (not through a presence test), without the leading
/// `.` of a root-scoped name (`.net.IP`). cel-go's checker looks such a name up before it
/// checks the selection, whatever the identifier is bound to.
pub fn dotted_name(e: &IdedExpr) -> Option<String> {
    match &e.expr {
        Expr::Ident(name) => Some(name.strip_prefix('.').unwrap_or(name).to_string()),
        Expr::Select(s) if !s.test => Some(format!("{}.{}", dotted_name(&s.operand)?, s.field)),
        _ => None,
    }
}

/// The type a selection names (`net.IP`, `google.protobuf.Duration`), if any.
pub fn named_by_selection(e: &IdedExpr) -> Option<(String, Ty)> {
    if !matches!(&e.expr, Expr::Select(s) if !s.test) {
        return None;
    }
    let name = dotted_name(e)?;
    let t = denoted(&name)?;
    Some((name, t))
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

thread_local! {
    /// The `self` type of the rule being checked, from which objects are named.
    static SELF: RefCell<Option<Arc<Decl>>> = const { RefCell::new(None) };
}

/// Runs `f` with `this` as the `self` type objects are named from.
pub fn with_self<R>(this: &Arc<Decl>, f: impl FnOnce() -> R) -> R {
    let before = SELF.with(|s| s.replace(Some(this.clone())));
    let r = f();
    SELF.with(|s| *s.borrow_mut() = before);
    r
}

/// The apiserver's name of object type `d`: `selfType0` and its path from `self`.
fn object_name(d: &Arc<Decl>) -> String {
    let mut path = String::from("selfType0");
    // `path_to` leaves the path as it was when `d` is not below `self`.
    if let Some(root) = SELF.with(|s| s.borrow().clone()) {
        path_to(&root, d, &mut path);
    }
    path
}

/// Appends to `path` the names from `at` down to `target`; false when `target` is not below.
fn path_to(at: &Arc<Decl>, target: &Arc<Decl>, path: &mut String) -> bool {
    if Arc::ptr_eq(at, target) {
        return true;
    }
    let len = path.len();
    let found = match &at.kind {
        Kind::Object(fields) => fields.iter().any(|f| {
            path.truncate(len);
            path.push('.');
            path.push_str(f.cel());
            path_to(&f.decl, target, path)
        }),
        Kind::List(elem, _) => {
            path.push_str(".@idx");
            path_to(elem, target, path)
        }
        Kind::Map(elem) => {
            path.push_str(".@elem");
            path_to(elem, target, path)
        }
        _ => false,
    };
    if !found {
        path.truncate(len);
    }
    found
}
