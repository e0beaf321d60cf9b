//! A CRD version's schema compiled once for validation. What processing keeps of the schema
//! (types, properties, items, additionalProperties, nullable, int-or-string, embedded
//! resources) is read from the slimmed structural schema the run holds anyway; what only
//! validation reads is compiled here into a sparse [`Side`] tree beside it — value validations
//! with their patterns compiled, formats as the apiserver keeps them, list types, junctor
//! branches — present only along the paths to nodes that have some. It is built from the full
//! schema, before processing strips it.

use crate::field::Path;
use crate::fxhash::SeededHashMap as HashMap;
use crate::go::regexp;
use crate::go::strfmt::Format;
use crate::schema::{NestedValueValidation, Structural, ValueValidation};
use regex::Regex;
use serde_json::Value;
use std::sync::{Arc, OnceLock};

mod share;

/// `type` as the validator sees it: none, one type, or int-or-string (`[integer, string]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TyRef<'a> {
    None,
    One(&'a str),
    IntOrString,
}

impl<'a> TyRef<'a> {
    pub fn of(type_: &'a str, int_or_string: bool) -> Self {
        match (int_or_string, type_) {
            (true, _) => TyRef::IntOrString,
            (false, "") => TyRef::None,
            (false, t) => TyRef::One(t),
        }
    }

    pub fn contains(self, t: &str) -> bool {
        match self {
            TyRef::None => false,
            TyRef::One(x) => short_eq(x, t),
            TyRef::IntOrString => short_eq(t, "integer") || short_eq(t, "string"),
        }
    }

    /// The type when there is exactly one (kube-openapi's `len(Type) == 1`).
    pub fn single(self) -> Option<&'a str> {
        match self {
            TyRef::One(x) => Some(x),
            _ => None,
        }
    }

    /// `strings.Join(Type, ",")`.
    pub fn joined(self) -> &'a str {
        match self {
            TyRef::None => "",
            TyRef::One(x) => x,
            TyRef::IntOrString => "integer,string",
        }
    }
}

/// `a == b` for the short names of types, compared in line: `==` on strings is a call to
/// `memcmp`, which the type validator paid on every value it checks.
#[inline(always)]
fn short_eq(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| x == y)
}

/// `x-kubernetes-list-type` of an array.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum ListType {
    Set,
    Map(Box<[String]>),
}

/// A `pattern`: its text, and the regexp (or Go's error for it) compiled the first time a value
/// is matched, once for every schema of the run that has the same pattern (a run holds every
/// CRD's schemas; most of their patterns never meet a value).
#[derive(Debug)]
pub(super) struct Pattern {
    pub text: Box<str>,
    re: OnceLock<Result<Regex, regexp::GoRegexError>>,
}

impl Pattern {
    pub fn regex(&self) -> &Result<Regex, regexp::GoRegexError> {
        self.re.get_or_init(|| regexp::compile(&self.text))
    }
}

/// The value validations of one node.
#[derive(Debug, Default)]
pub(super) struct Checks {
    /// `format` after the apiserver strips the ones it does not support for the type ("" then).
    pub format: Box<str>,
    /// The string format the registry checks, if any.
    pub string_format: Option<Format>,
    pub list_type: Option<Box<ListType>>,
    pub max_length: Option<i64>,
    pub min_length: Option<i64>,
    pub pattern: Option<Arc<Pattern>>,
    pub enum_: Box<[Value]>,
    pub required: Box<[String]>,
    pub rare: Option<Box<Rare>>,
}

/// The less common value validations.
#[derive(Debug, Default)]
pub(super) struct Rare {
    pub maximum: Option<f64>,
    pub exclusive_maximum: bool,
    pub minimum: Option<f64>,
    pub exclusive_minimum: bool,
    pub multiple_of: Option<f64>,
    pub max_items: Option<i64>,
    pub min_items: Option<i64>,
    pub unique_items: bool,
    pub max_properties: Option<i64>,
    pub min_properties: Option<i64>,
    pub all_of: Box<[Branch]>,
    pub any_of: Box<[Branch]>,
    pub one_of: Box<[Branch]>,
    pub not: Option<Box<Branch>>,
}

impl Checks {
    pub fn rare(&self) -> Option<&Rare> {
        self.rare.as_deref()
    }
}

/// A junctor branch (allOf/anyOf/oneOf/not): value validations over the same value, with the
/// types the int-or-string pattern allows.
#[derive(Debug)]
pub(super) struct Branch {
    pub type_: Box<str>,
    pub int_or_string: bool,
    pub nullable: bool,
    pub checks: Option<Box<Checks>>,
    /// Sorted by name.
    pub properties: Box<[(Box<str>, Branch)]>,
    pub items: Option<Box<Branch>>,
}

/// What validation reads of one structural node and below, beyond the structural schema. Equal
/// subtrees are one node, for every schema a [`Compiler`] compiles (see [`share::Sides`]).
#[derive(Debug, Default)]
pub(super) struct Side {
    pub checks: Option<Box<Checks>>,
    /// The properties with something at or below them, by position in the structural node's
    /// properties (ascending).
    pub properties: Box<[(u32, Arc<Side>)]>,
    pub items: Option<Arc<Side>>,
    pub additional: Option<Arc<Side>>,
    /// Whether a list type is at or below this node.
    pub lists_below: bool,
}

impl Side {
    /// Calls `f` on each value of object `m` that has a side (a property with something at or
    /// below it, or an additional property when the side has one), with its schema, side and
    /// path: the walk of the side-tree checks through an object.
    pub fn each_child<'d>(
        &self,
        s: &Structural,
        m: &super::data::Obj<'d>,
        path: &Path<'_>,
        mut f: impl FnMut(&Structural, &Side, &super::data::Data<'d>, &Path<'_>),
    ) {
        for (i, child) in self.properties.iter() {
            let Some((name, p)) = s.properties.entry_at(*i as usize) else {
                continue;
            };
            if let Some(v) = m.get(name) {
                f(p, child, v, &path.child(name));
            }
        }
        if let (Some(Some(a)), Some(child)) = (s.additional(), self.additional.as_deref()) {
            for (k, v) in m.iter().filter(|(k, _)| !s.properties.contains_key(k)) {
                f(a, child, v, &path.key(k));
            }
        }
    }

    /// The side of the property at position `i`.
    pub fn property(&self, i: usize) -> Option<&Side> {
        let i = u32::try_from(i).ok()?;
        self.properties
            .binary_search_by_key(&i, |(j, _)| *j)
            .ok()
            .map(|k| &*self.properties[k].1)
    }
}

/// One version's compiled schema: the side tree and whether CEL rules exist.
#[derive(Clone, Debug)]
pub struct Compiled {
    pub(super) side: Arc<Side>,
    pub(super) has_rules: bool,
}

/// Compiles schemas, sharing patterns and equal side subtrees between all the schemas of a run.
#[derive(Default)]
pub struct Compiler {
    patterns: HashMap<Box<str>, Arc<Pattern>>,
    sides: share::Sides,
}

impl Compiler {
    pub fn new() -> Self {
        Self::default()
    }

    /// Compiles a full structural schema (before processing strips it).
    pub fn compile(&mut self, s: &Structural) -> Compiled {
        Compiled {
            side: self.side(s).unwrap_or_default(),
            has_rules: has_rules(s),
        }
    }

    /// The side of `s`; `None` when nothing at or below it needs one.
    fn side(&mut self, s: &Structural) -> Option<Arc<Side>> {
        let checks = self.checks(
            s.value_validation.as_deref(),
            TyRef::of(&s.generic.type_, s.extensions.x_int_or_string),
            list_type(s),
        );
        let properties: Box<[(u32, Arc<Side>)]> = s
            .properties
            .values()
            .enumerate()
            .filter_map(|(i, p)| Some((i as u32, self.side(p)?)))
            .collect();
        let items = s.items.as_deref().and_then(|i| self.side(i));
        let additional = s.additional().flatten().and_then(|a| self.side(a));
        let children = || {
            properties
                .iter()
                .map(|(_, c)| &**c)
                .chain(items.as_deref())
                .chain(additional.as_deref())
        };
        let lists_below = checks.as_ref().is_some_and(|c| c.list_type.is_some())
            || children().any(|c| c.lists_below);
        let side = Side {
            checks,
            properties,
            items,
            additional,
            lists_below,
        };
        let empty = side.checks.is_none()
            && side.properties.is_empty()
            && side.items.is_none()
            && side.additional.is_none()
            // The way to an embedded resource (`Structural::embedded_below`) is walked.
            && !s.embedded_below;
        (!empty).then(|| self.sides.share(side))
    }

    fn branch(&mut self, n: &NestedValueValidation) -> Branch {
        let g = &n.forbidden_generic;
        let int_or_string = n.forbidden_extensions.x_int_or_string;
        let ty = TyRef::of(&g.type_, int_or_string);
        Branch {
            type_: (*g.type_).into(),
            int_or_string,
            nullable: g.nullable,
            checks: self.checks(Some(&n.value_validation), ty, None),
            properties: n
                .properties
                .iter()
                .map(|(k, p)| (k.as_str().into(), self.branch(p)))
                .collect(),
            items: n.items.as_deref().map(|i| Box::new(self.branch(i))),
        }
    }

    fn checks(
        &mut self,
        v: Option<&ValueValidation>,
        ty: TyRef<'_>,
        list_type: Option<Box<ListType>>,
    ) -> Option<Box<Checks>> {
        let (format, string_format) = strip_format(ty, v.map_or("", |v| &v.format));
        let Some(v) = v else {
            let set = !format.is_empty() || list_type.is_some();
            return set.then(|| {
                Box::new(Checks {
                    format,
                    string_format,
                    list_type,
                    ..Checks::default()
                })
            });
        };
        let checks = Checks {
            format,
            string_format,
            list_type,
            max_length: v.max_length,
            min_length: v.min_length,
            pattern: (!v.pattern.is_empty()).then(|| self.pattern(&v.pattern)),
            enum_: v.enum_.clone().into(),
            required: v.required.clone().into(),
            rare: self.rare(v),
        };
        let empty = checks.format.is_empty()
            && checks.list_type.is_none()
            && checks.max_length.is_none()
            && checks.min_length.is_none()
            && checks.pattern.is_none()
            && checks.enum_.is_empty()
            && checks.required.is_empty()
            && checks.rare.is_none();
        (!empty).then(|| Box::new(checks))
    }

    fn rare(&mut self, v: &ValueValidation) -> Option<Box<Rare>> {
        let mut branches = |list: &[NestedValueValidation]| -> Box<[Branch]> {
            list.iter().map(|n| self.branch(n)).collect()
        };
        let rare = Rare {
            maximum: v.maximum,
            exclusive_maximum: v.exclusive_maximum,
            minimum: v.minimum,
            exclusive_minimum: v.exclusive_minimum,
            multiple_of: v.multiple_of,
            max_items: v.max_items,
            min_items: v.min_items,
            unique_items: v.unique_items,
            max_properties: v.max_properties,
            min_properties: v.min_properties,
            all_of: branches(&v.all_of),
            any_of: branches(&v.any_of),
            one_of: branches(&v.one_of),
            not: v.not.as_deref().map(|n| Box::new(self.branch(n))),
        };
        let empty = rare.maximum.is_none()
            && rare.minimum.is_none()
            && rare.multiple_of.is_none()
            && rare.max_items.is_none()
            && rare.min_items.is_none()
            && !rare.unique_items
            && rare.max_properties.is_none()
            && rare.min_properties.is_none()
            && rare.all_of.is_empty()
            && rare.any_of.is_empty()
            && rare.one_of.is_empty()
            && rare.not.is_none();
        (!empty).then(|| Box::new(rare))
    }

    fn pattern(&mut self, text: &str) -> Arc<Pattern> {
        let p = self.patterns.entry(text.into()).or_insert_with(|| {
            Arc::new(Pattern {
                text: text.into(),
                re: OnceLock::new(),
            })
        });
        Arc::clone(p)
    }
}

fn list_type(s: &Structural) -> Option<Box<ListType>> {
    let x = &s.extensions;
    match x.x_list_type() {
        Some("set") => Some(Box::new(ListType::Set)),
        Some("map") => Some(Box::new(ListType::Map(x.x_list_map_keys().into()))),
        _ => None,
    }
}

/// The apiserver's format post-processing: string formats it supports are kept (names compared
/// without dashes), `int32`/`int64` for integers, `float`/`double` for numbers; any other format
/// is dropped. Returns the kept format and, for strings, the registry check.
fn strip_format(ty: TyRef<'_>, format: &str) -> (Box<str>, Option<Format>) {
    if format.is_empty() {
        return ("".into(), None);
    }
    let behaviours = crate::versions::current();
    let keep = match ty.single().unwrap_or("") {
        "" | "string" => Format::parse(&format.replace('-', ""))
            .filter(|f| behaviours.k8s_name_formats || !f.is_k8s_name())
            .map(Some),
        // Before 1.36 only string formats were kept (`Change::NumericRanges`).
        "integer" if behaviours.numeric_ranges => {
            matches!(format, "int32" | "int64").then_some(None)
        }
        "number" if behaviours.numeric_ranges => {
            matches!(format, "float" | "double").then_some(None)
        }
        _ => None,
    };
    match keep {
        Some(check) => (format.into(), check),
        None => ("".into(), None),
    }
}

/// Whether any node of the structural tree (not junctors) has `x-kubernetes-validations`.
fn has_rules(s: &Structural) -> bool {
    let own = s
        .extensions
        .x_validations()
        .is_some_and(|v| v.as_array().is_some_and(|a| !a.is_empty()));
    own || s.items.as_deref().is_some_and(has_rules)
        || s.properties.values().any(has_rules)
        || s.additional().flatten().is_some_and(has_rules)
}
