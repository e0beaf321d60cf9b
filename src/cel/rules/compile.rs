//! Compiling a CRD version's rules once: a tree of validators along the schema (the
//! apiserver's `NewValidator`), holding only the nodes that have rules or lead to some, and the
//! CRD errors of every rule that does not compile or whose estimated cost is over the
//! apiserver's limits (see [`crate::cel::estimate`]).

use crate::cel::decl::{
    decl_in, field_of, has_decl, is_list, is_map, Decl, FieldType, Kind, Leaves,
};
use crate::cel::estimate::{Cardinality, Total};
use crate::cel::rule::{self, Rule};
use crate::cel::RuleError;
use crate::field::{self, Path};
use crate::schema::{Structural, StructuralOrBool};
use std::sync::Arc;

/// A rule of a node as the validator holds it.
#[derive(Debug)]
pub enum Slot {
    Ready(Box<Rule>),
    /// A rule that does not compile, with the error's detail: the validator of a CRD holding it
    /// reports it on every value (`rule compile error: <detail>`; the apiserver's
    /// `validateExpressions`). Only a CRD update refused for its rules alone is used so.
    Uncompiled(Box<str>),
}

/// The validator of one schema node.
#[derive(Debug)]
pub struct Node {
    pub rules: Vec<Slot>,
    /// The node's CEL type, kept where it has rules (`self`'s type).
    pub decl: Option<Arc<Decl>>,
    pub props: Vec<(Box<str>, Node)>,
    pub items: Option<Box<Node>>,
    /// The keys of a map list (`x-kubernetes-list-type: map`) with `items`: by them its items
    /// correlate with the old object's on an update.
    pub map_keys: Option<Box<[String]>>,
    pub additional: Option<Box<Node>>,
    /// The schema below the node as CEL ratcheting compares a value with its old one.
    pub shape: crate::cel::equal::Shape,
}

impl Node {
    /// The schema `type` of a node with rules (as runtime errors show it).
    pub fn type_name(&self) -> &'static str {
        self.decl.as_deref().map_or("", |d| d.type_name)
    }
}

/// Where the walk is, in the CRD.
#[derive(Clone)]
struct At<'a> {
    /// The schema path (`spec.validation.openAPIV3Schema.properties[spec]`), written out only
    /// at a node with rules.
    path: Path<'a>,
    /// The first ancestor under which old and new values cannot be correlated.
    uncorrelatable: Option<&'a Path<'a>>,
    /// How many times the node may occur.
    cardinality: Cardinality,
}

/// What compiling gathers besides the validators.
struct Out<'a> {
    errors: Vec<RuleError>,
    /// Whether an error is other than a rule's compilation failing.
    other_errors: bool,
    cost: Total,
    /// The fields of the schema's own errors (structural, value validation): the apiserver
    /// compiles no rule of a node with such an error at it or below it, nor counts its cost.
    schema_errors: &'a [&'a str],
    /// The old CRD's expressions (on an update).
    preexisting: &'a crate::cel::preexisting::Preexisting,
    /// The scalar types built so far.
    leaves: Leaves,
}

impl Out<'_> {
    /// Whether a schema error lies at the node at `path` or below it.
    fn skipped(&self, path: &str) -> bool {
        self.schema_errors
            .iter()
            .any(|f| field::at_or_below(f, path))
    }
}

/// A node's CEL type as the walk reaches it. Types are built only where rules need them (a
/// node with rules, and everything below it): a run holds every CRD's compiled rules, and
/// most schema nodes have no rule above them.
enum Ty {
    /// Built: the parent's type gives it.
    Built(Arc<Decl>),
    /// The node has a CEL type of its own ([`has_decl`]), not built yet; `root` as in
    /// [`decl_of`].
    Own { root: bool },
}

/// What [`compile_with_costs`] returns.
pub struct Built {
    /// The validator tree (`None` when there is no rule).
    pub root: Option<Node>,
    /// The CRD errors (in the walk's order: [`crate::cel::Compiled`] sorts them with the
    /// `fieldPath` ones).
    pub errors: Vec<RuleError>,
    /// The largest estimated cost of a rule or message expression.
    pub largest: u64,
    /// Whether every error comes from rules that do not compile.
    pub only_uncompiled: bool,
}

/// Compiles the rules of `schema` (at `path` in its CRD).
pub fn compile_with_costs(
    schema: &Structural,
    path: &str,
    schema_errors: &[&str],
    preexisting: &crate::cel::preexisting::Preexisting,
) -> Built {
    if !has_rules(schema) || !has_decl(schema) {
        return Built {
            root: None,
            errors: Vec::new(),
            largest: 0,
            only_uncompiled: true,
        };
    }
    let mut out = Out {
        errors: Vec::new(),
        other_errors: false,
        cost: Total::default(),
        schema_errors,
        preexisting,
        leaves: Leaves::default(),
    };
    let at = At {
        path: Path::Root(path),
        uncorrelatable: None,
        cardinality: Cardinality::ROOT,
    };
    let root = node(schema, Ty::Own { root: true }, &at, &mut out);
    let largest = out.cost.max();
    let mut errors = out.errors;
    let before = errors.len();
    errors.extend(out.cost.into_errors(path));
    let only_uncompiled = !out.other_errors && errors.len() == before;
    Built {
        root,
        errors,
        largest,
        only_uncompiled,
    }
}

fn node(s: &Structural, ty: Ty, at: &At<'_>, out: &mut Out<'_>) -> Option<Node> {
    let (decl, root) = match ty {
        Ty::Built(d) => (Some(d), false),
        Ty::Own { root } if s.extensions.x_validations().is_some() => {
            (decl_in(s, root, &mut out.leaves), root)
        }
        Ty::Own { root } => (None, root),
    };
    let rules = match &decl {
        Some(d) => rules(s, d, at, out),
        None => Vec::new(),
    };
    let props = properties(s, decl.as_deref(), root, at, out);
    let items = s.items.as_deref().and_then(|items| {
        let ty = match decl.as_deref().map(|d| &d.kind) {
            Some(Kind::List(elem, _)) => Ty::Built(elem.clone()),
            Some(_) => return None,
            None if is_list(s) => Ty::Own {
                root: items.extensions.x_embedded_resource,
            },
            None => return None,
        };
        let list_map = s.extensions.x_list_type() == Some("map");
        let sub = At {
            path: at.path.child("items"),
            uncorrelatable: at.uncorrelatable.or((!list_map).then_some(&at.path)),
            cardinality: at.cardinality.child(s),
        };
        node(items, ty, &sub, out).map(Box::new)
    });
    let additional = match s.additional_properties.as_ref() {
        Some(StructuralOrBool::Schema(a)) => {
            let ty = match decl.as_deref().map(|d| &d.kind) {
                Some(Kind::Map(elem)) => Some(Ty::Built(elem.clone())),
                Some(_) => None,
                None => is_map(s).then_some(Ty::Own {
                    root: a.extensions.x_embedded_resource,
                }),
            };
            let sub = At {
                path: at.path.child("additionalProperties"),
                uncorrelatable: at.uncorrelatable,
                cardinality: at.cardinality.child(s),
            };
            ty.and_then(|ty| node(a, ty, &sub, out)).map(Box::new)
        }
        _ => None,
    };
    let empty = rules.is_empty() && props.is_empty() && items.is_none() && additional.is_none();
    let map_keys = (items.is_some() && s.extensions.x_list_type() == Some("map"))
        .then(|| s.extensions.x_list_map_keys().into());
    (!empty).then(|| Node {
        shape: crate::cel::equal::shape(s, root),
        map_keys,
        decl: decl.filter(|_| !rules.is_empty()),
        rules,
        props,
        items,
        additional,
    })
}

fn rules(s: &Structural, decl: &Arc<Decl>, at: &At<'_>, sink: &mut Out<'_>) -> Vec<Slot> {
    let Some(list) = s.extensions.x_validations().and_then(|v| v.as_array()) else {
        return Vec::new();
    };
    let path = at.path.to_string();
    if sink.skipped(&path) {
        return Vec::new();
    }
    let uncorrelatable = at.uncorrelatable.map(ToString::to_string);
    let mut out = Vec::with_capacity(list.len());
    for (i, v) in list.iter().enumerate() {
        let (compiled, costs) = rule::compile(
            v,
            i,
            s,
            decl,
            &path,
            uncorrelatable.as_deref(),
            sink.preexisting,
        );
        let cost = at.cardinality.times(costs.rule, decl);
        sink.cost.rule(&path, i, cost);
        if let Some(m) = costs.message {
            sink.cost.message(&path, i, m);
        }
        match compiled {
            Ok(r) => out.push(Slot::Ready(Box::new(r))),
            Err(rule::Failed {
                errors,
                detail: Some(d),
            }) => {
                sink.errors.extend(errors);
                out.push(Slot::Uncompiled(d));
            }
            Err(rule::Failed { errors, .. }) => {
                sink.other_errors = true;
                sink.errors.extend(errors);
            }
        }
    }
    out
}

fn properties(
    s: &Structural,
    decl: Option<&Decl>,
    root: bool,
    at: &At<'_>,
    sink: &mut Out<'_>,
) -> Vec<(Box<str>, Node)> {
    let mut out = Vec::new();
    let properties = at.path.child("properties");
    for (name, p) in s.properties.iter() {
        if !has_rules(p) {
            continue;
        }
        let ty = match decl {
            Some(d) => prop_decl(d, name, p, &mut sink.leaves).map(Ty::Built),
            None => field_of(s, root, name, p).map(|f| match f {
                FieldType::Built(d) => Ty::Built(d),
                FieldType::Own => Ty::Own {
                    root: p.extensions.x_embedded_resource,
                },
            }),
        };
        let Some(ty) = ty else {
            continue;
        };
        // `MapIsCorrelatable`: a map type other than granular or atomic (one a later release
        // may add) does not correlate its properties.
        let correlatable = matches!(
            s.extensions.x_map_type(),
            None | Some("granular" | "atomic")
        );
        let sub = At {
            path: properties.key(name),
            uncorrelatable: at.uncorrelatable.or((!correlatable).then_some(&at.path)),
            cardinality: at.cardinality.child(s),
        };
        if let Some(n) = node(p, ty, &sub, sink) {
            out.push((name.as_str().into(), n));
        }
    }
    out
}

/// A property's CEL type: the parent's field when CEL can name it, else its own.
fn prop_decl(parent: &Decl, name: &str, p: &Structural, leaves: &mut Leaves) -> Option<Arc<Decl>> {
    match crate::cel::escape::escape(name) {
        Some(_) => parent.property(name).map(|f| f.decl.clone()),
        None => decl_in(p, p.extensions.x_embedded_resource, leaves),
    }
}

/// Whether `s` or any node below it has rules.
pub fn has_rules(s: &Structural) -> bool {
    s.extensions.x_validations().is_some()
        || s.items.as_deref().is_some_and(has_rules)
        || s.properties.values().any(has_rules)
        || matches!(s.additional_properties.as_ref(), Some(StructuralOrBool::Schema(a)) if has_rules(a))
}
