//! A CRD version's schema compiled once for validation: the tree kube-openapi's validator
//! walks (types, formats as the apiserver keeps them, value validations with their patterns
//! compiled, junctor branches), plus what the list-type and embedded-resource checks read.
//! Built from the structural schema before processing strips its value validations.

use super::formats::Format;
use crate::goregex;
use crate::schema::structural::Props;
use crate::schema::{NestedValueValidation, Structural, StructuralOrBool, ValueValidation};
use regex::Regex;
use serde_json::Value;
use std::collections::HashMap;

/// `type` as the validator sees it: one type, none, or int-or-string (`[integer, string]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Ty {
    None,
    One(Box<str>),
    IntOrString,
}

impl Ty {
    pub fn contains(&self, t: &str) -> bool {
        match self {
            Ty::None => false,
            Ty::One(x) => &**x == t,
            Ty::IntOrString => t == "integer" || t == "string",
        }
    }

    /// The type when there is exactly one (kube-openapi's `len(Type) == 1`).
    pub fn single(&self) -> Option<&str> {
        match self {
            Ty::One(x) => Some(x),
            _ => None,
        }
    }

    /// `strings.Join(Type, ",")`.
    pub fn joined(&self) -> &str {
        match self {
            Ty::None => "",
            Ty::One(x) => x,
            Ty::IntOrString => "integer,string",
        }
    }

    fn of(type_: &str, int_or_string: bool) -> Ty {
        match (int_or_string, type_) {
            (true, _) => Ty::IntOrString,
            (false, "") => Ty::None,
            (false, t) => Ty::One(t.into()),
        }
    }
}

/// `additionalProperties`.
#[derive(Debug)]
pub(super) enum Additional {
    Allows(bool),
    Schema(Node),
}

/// `x-kubernetes-list-type` of an array.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum ListType {
    Set,
    Map(Box<[String]>),
}

/// A compiled `pattern`: its text and the regexp (or Go's error for it).
#[derive(Debug)]
pub(super) struct Pattern {
    pub text: Box<str>,
    pub re: Result<Regex, String>,
}

/// The value validations of one node (boxed: most nodes have none).
#[derive(Debug, Default)]
pub(super) struct Checks {
    pub maximum: Option<f64>,
    pub exclusive_maximum: bool,
    pub minimum: Option<f64>,
    pub exclusive_minimum: bool,
    pub multiple_of: Option<f64>,
    pub max_length: Option<i64>,
    pub min_length: Option<i64>,
    pub pattern: Option<Pattern>,
    pub max_items: Option<i64>,
    pub min_items: Option<i64>,
    pub unique_items: bool,
    pub enum_: Vec<Value>,
    pub max_properties: Option<i64>,
    pub min_properties: Option<i64>,
    pub required: Vec<String>,
    pub all_of: Vec<Node>,
    pub any_of: Vec<Node>,
    pub one_of: Vec<Node>,
    pub not: Option<Box<Node>>,
}

/// One schema node.
#[derive(Debug)]
pub(super) struct Node {
    pub ty: Ty,
    pub nullable: bool,
    /// `format` after the apiserver strips the ones it does not support for the type ("" then).
    pub format: Box<str>,
    /// The string format the registry checks, if any.
    pub string_format: Option<Format>,
    pub checks: Option<Box<Checks>>,
    pub properties: Props<Node>,
    pub additional: Option<Box<Additional>>,
    pub items: Option<Box<Node>>,
    pub embedded: bool,
    pub list_type: Option<Box<ListType>>,
}

/// Compiles schemas, sharing compiled patterns between all the schemas of a run.
#[derive(Default)]
pub struct Compiler {
    patterns: HashMap<Box<str>, Result<Regex, String>>,
}

impl Compiler {
    pub fn new() -> Self {
        Self::default()
    }

    pub(super) fn node(&mut self, s: &Structural) -> Node {
        let ty = Ty::of(&s.generic.type_, s.extensions.x_int_or_string);
        let vv = s.value_validation.as_deref();
        let (format, string_format) = strip_format(&ty, vv.map_or("", |v| &v.format));
        let additional = s.additional_properties.as_deref().map(|a| {
            Box::new(match a {
                StructuralOrBool::Bool(b) => Additional::Allows(*b),
                StructuralOrBool::Schema(sub) => Additional::Schema(self.node(sub)),
            })
        });
        let x = &s.extensions;
        let list_type = match x.x_list_type.as_deref() {
            Some("set") => Some(Box::new(ListType::Set)),
            Some("map") => Some(Box::new(ListType::Map(x.x_list_map_keys.clone()))),
            _ => None,
        };
        Node {
            ty,
            nullable: s.generic.nullable,
            format,
            string_format,
            checks: vv.and_then(|v| self.checks(v)),
            properties: s
                .properties
                .iter()
                .map(|(k, p)| (k.clone(), self.node(p)))
                .collect(),
            additional,
            items: s.items.as_deref().map(|i| Box::new(self.node(i))),
            embedded: x.x_embedded_resource,
            list_type,
        }
    }

    /// A junctor branch (value validations, with the types the int-or-string pattern allows).
    fn nested(&mut self, n: &NestedValueValidation) -> Node {
        let g = &n.forbidden_generic;
        let ty = Ty::of(&g.type_, n.forbidden_extensions.x_int_or_string);
        let (format, string_format) = strip_format(&ty, &n.value_validation.format);
        Node {
            ty,
            nullable: g.nullable,
            format,
            string_format,
            checks: self.checks(&n.value_validation),
            properties: n
                .properties
                .iter()
                .map(|(k, p)| (k.clone(), self.nested(p)))
                .collect(),
            additional: None,
            items: n.items.as_deref().map(|i| Box::new(self.nested(i))),
            embedded: false,
            list_type: None,
        }
    }

    fn checks(&mut self, v: &ValueValidation) -> Option<Box<Checks>> {
        let nested = |c: &mut Self, list: &[NestedValueValidation]| -> Vec<Node> {
            list.iter().map(|n| c.nested(n)).collect()
        };
        let checks = Checks {
            maximum: v.maximum,
            exclusive_maximum: v.exclusive_maximum,
            minimum: v.minimum,
            exclusive_minimum: v.exclusive_minimum,
            multiple_of: v.multiple_of,
            max_length: v.max_length,
            min_length: v.min_length,
            pattern: (!v.pattern.is_empty()).then(|| self.pattern(&v.pattern)),
            max_items: v.max_items,
            min_items: v.min_items,
            unique_items: v.unique_items,
            enum_: v.enum_.clone(),
            max_properties: v.max_properties,
            min_properties: v.min_properties,
            required: v.required.clone(),
            all_of: nested(self, &v.all_of),
            any_of: nested(self, &v.any_of),
            one_of: nested(self, &v.one_of),
            not: v.not.as_deref().map(|n| Box::new(self.nested(n))),
        };
        let empty = checks.maximum.is_none()
            && checks.minimum.is_none()
            && checks.multiple_of.is_none()
            && checks.max_length.is_none()
            && checks.min_length.is_none()
            && checks.pattern.is_none()
            && checks.max_items.is_none()
            && checks.min_items.is_none()
            && !checks.unique_items
            && checks.enum_.is_empty()
            && checks.max_properties.is_none()
            && checks.min_properties.is_none()
            && checks.required.is_empty()
            && checks.all_of.is_empty()
            && checks.any_of.is_empty()
            && checks.one_of.is_empty()
            && checks.not.is_none();
        (!empty).then(|| Box::new(checks))
    }

    fn pattern(&mut self, text: &str) -> Pattern {
        let re = self
            .patterns
            .entry(text.into())
            .or_insert_with(|| goregex::compile(text).map_err(|e| e.to_string()))
            .clone();
        Pattern {
            text: text.into(),
            re,
        }
    }
}

/// The apiserver's format post-processing: string formats it supports are kept (names compared
/// without dashes), `int32`/`int64` for integers, `float`/`double` for numbers; any other format
/// is dropped. Returns the kept format and, for strings, the registry check.
fn strip_format(ty: &Ty, format: &str) -> (Box<str>, Option<Format>) {
    if format.is_empty() {
        return ("".into(), None);
    }
    let keep = match ty.single().unwrap_or("") {
        "" | "string" => Format::parse(&format.replace('-', "")).map(Some),
        "integer" => matches!(format, "int32" | "int64").then_some(None),
        "number" => matches!(format, "float" | "double").then_some(None),
        _ => None,
    };
    match keep {
        Some(check) => (format.into(), check),
        None => ("".into(), None),
    }
}
