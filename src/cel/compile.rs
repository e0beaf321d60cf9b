//! Compiling a CRD version's rules once: a tree of validators along the schema (the
//! apiserver's `NewValidator`), holding only the nodes that have rules or lead to some, and the
//! CRD errors of every rule that does not compile or whose estimated cost is over the
//! apiserver's limits (see [`super::estimate`]).

use super::decl::{decl_of, Decl};
use super::estimate::{Cardinality, Total};
use super::rule::{self, Rule};
use crate::field;
use crate::schema::{Structural, StructuralOrBool};
use std::sync::Arc;

/// The validator of one schema node.
#[derive(Debug)]
pub struct Node {
    pub rules: Vec<Rule>,
    pub decl: Arc<Decl>,
    pub props: Vec<(Box<str>, Node)>,
    pub items: Option<Box<Node>>,
    pub additional: Option<Box<Node>>,
}

/// Where the walk is, in the CRD.
#[derive(Clone)]
struct At<'a> {
    /// The schema path (`spec.validation.openAPIV3Schema.properties[spec]`).
    path: String,
    /// The first ancestor under which old and new values cannot be correlated.
    uncorrelatable: Option<&'a str>,
    /// How many times the node may occur.
    cardinality: Cardinality,
}

/// What compiling gathers besides the validators.
struct Out {
    errors: Vec<String>,
    cost: Total,
}

/// Compiles the rules of `schema` (at `path` in its CRD). Returns the validator tree (`None`
/// when there is no rule), the CRD errors, sorted, and the largest estimated cost of a rule or
/// message expression.
pub fn compile_with_costs(schema: &Structural, path: &str) -> (Option<Node>, Vec<String>, u64) {
    if !has_rules(schema) {
        return (None, Vec::new(), 0);
    }
    let mut out = Out {
        errors: Vec::new(),
        cost: Total::default(),
    };
    let at = At {
        path: path.to_string(),
        uncorrelatable: None,
        cardinality: Cardinality::ROOT,
    };
    let root = decl_of(schema, true).and_then(|d| node(schema, d, &at, &mut out));
    let largest = out.cost.max();
    let mut errors = out.errors;
    errors.extend(out.cost.into_errors(path));
    errors.sort();
    (root, errors, largest)
}

fn node(s: &Structural, decl: Arc<Decl>, at: &At<'_>, out: &mut Out) -> Option<Node> {
    let rules = rules(s, &decl, at, out);
    let props = properties(s, &decl, at, out);
    let items = s.items.as_deref().and_then(|items| {
        let elem = match &decl.kind {
            super::decl::Kind::List(elem, _) => elem.clone(),
            _ => return None,
        };
        let list_map = s.extensions.x_list_type.as_deref() == Some("map");
        let sub = At {
            path: format!("{}.items", at.path),
            uncorrelatable: at
                .uncorrelatable
                .or((!list_map).then_some(at.path.as_str())),
            cardinality: at.cardinality.child(s),
        };
        node(items, elem, &sub, out).map(Box::new)
    });
    let additional = match (s.additional_properties.as_deref(), &decl.kind) {
        (Some(StructuralOrBool::Schema(a)), super::decl::Kind::Map(elem)) => {
            let sub = At {
                path: format!("{}.additionalProperties", at.path),
                uncorrelatable: at.uncorrelatable,
                cardinality: at.cardinality.child(s),
            };
            node(a, elem.clone(), &sub, out).map(Box::new)
        }
        _ => None,
    };
    let empty = rules.is_empty() && props.is_empty() && items.is_none() && additional.is_none();
    (!empty).then_some(Node {
        rules,
        decl,
        props,
        items,
        additional,
    })
}

fn rules(s: &Structural, decl: &Arc<Decl>, at: &At<'_>, sink: &mut Out) -> Vec<Rule> {
    let Some(list) = s
        .extensions
        .x_validations
        .as_deref()
        .and_then(|v| v.as_array())
    else {
        return Vec::new();
    };
    let mut out = Vec::with_capacity(list.len());
    for (i, v) in list.iter().enumerate() {
        let (compiled, costs) = rule::compile(v, i, s, decl, &at.path, at.uncorrelatable);
        let path = format!("{}.x-kubernetes-validations[{i}]", at.path);
        sink.cost.rule(
            format!("{path}.rule"),
            at.cardinality.times(costs.rule, decl),
        );
        if let Some(m) = costs.message {
            sink.cost.message(format!("{path}.messageExpression"), m);
        }
        match compiled {
            Ok(r) => out.push(r),
            Err(e) => sink.errors.extend(e),
        }
    }
    out
}

fn properties(
    s: &Structural,
    decl: &Arc<Decl>,
    at: &At<'_>,
    sink: &mut Out,
) -> Vec<(Box<str>, Node)> {
    let mut out = Vec::new();
    for (name, p) in s.properties.iter() {
        if !has_rules(p) {
            continue;
        }
        let Some(d) = prop_decl(decl, name, p) else {
            continue;
        };
        let sub = At {
            path: field::key(&format!("{}.properties", at.path), name),
            uncorrelatable: at.uncorrelatable,
            cardinality: at.cardinality.child(s),
        };
        if let Some(n) = node(p, d, &sub, sink) {
            out.push((name.as_str().into(), n));
        }
    }
    out
}

/// A property's CEL type: the parent's field when CEL can name it, else its own.
fn prop_decl(parent: &Decl, name: &str, p: &Structural) -> Option<Arc<Decl>> {
    match super::escape::escape(name) {
        Some(_) => parent.property(name).map(|f| f.decl.clone()),
        None => decl_of(p, p.extensions.x_embedded_resource),
    }
}

/// Whether `s` or any node below it has rules.
pub fn has_rules(s: &Structural) -> bool {
    s.extensions.x_validations.is_some()
        || s.items.as_deref().is_some_and(has_rules)
        || s.properties.values().any(has_rules)
        || matches!(s.additional_properties.as_deref(), Some(StructuralOrBool::Schema(a)) if has_rules(a))
}
