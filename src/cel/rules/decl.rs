//! The CEL type of each schema node (the apiserver's `SchemaDeclType`), our own model: objects
//! with their CEL-nameable properties, maps from `additionalProperties`, lists with their list
//! type, the string formats that become durations, timestamps and bytes, int-or-string as a
//! dynamic value. Built once per CRD version; values are converted along it (see
//! [`crate::cel::value`]) and rules are checked against it (see [`crate::cel::check`]).

use crate::cel::escape::escape;
use crate::fxhash::SeededHashMap as HashMap;
use crate::schema::{Structural, StructuralOrBool};
use std::sync::Arc;

/// A schema node as CEL sees it.
#[derive(Debug, PartialEq)]
pub struct Decl {
    pub kind: Kind,
    /// `nullable: true`: a null reads as absent (in an object) or as `null`.
    pub nullable: bool,
    /// The schema's `type` ("" for int-or-string), shown as the value of runtime errors.
    pub type_name: &'static str,
    /// What the static cost estimate knows of the node's size (see [`crate::cel::estimate`]).
    pub size: Sizes,
}

/// The apiserver's `MaxElements` and `MinSerializedSize` of a node's CEL type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Sizes {
    /// The most characters, bytes, items or properties a value may have (0 for scalars and
    /// objects).
    pub max_elements: u64,
    /// The fewest bytes the value takes in JSON.
    pub min_size: u64,
}

/// The CEL shape of a node.
#[derive(Debug, PartialEq)]
pub enum Kind {
    /// An object: only its CEL-nameable properties that have a CEL type are visible.
    Object(Vec<Field>),
    /// A map from `additionalProperties` (string keys, kept unescaped).
    Map(Arc<Decl>),
    List(Arc<Decl>, ListType),
    String,
    Bytes,
    Duration,
    /// `format: date` (`true`) or `date-time` (`false`).
    Timestamp(bool),
    Int,
    Double,
    Bool,
    /// `x-kubernetes-int-or-string`: an int or a string, known only at run time.
    IntOrString,
}

/// One visible property of an object.
#[derive(Debug, PartialEq)]
pub struct Field {
    /// The JSON name.
    pub name: Box<str>,
    /// The CEL name ([`escape`]d) where it is not the JSON name (most names are their own).
    escaped: Option<Box<str>>,
    pub decl: Arc<Decl>,
}

impl Field {
    /// The field of JSON name `name`, CEL name `cel`.
    fn new(name: &str, cel: String, decl: Arc<Decl>) -> Self {
        Field {
            escaped: (cel != name).then(|| cel.into()),
            name: name.into(),
            decl,
        }
    }

    /// The CEL name ([`escape`]d).
    pub fn cel(&self) -> &str {
        self.escaped.as_deref().unwrap_or(&self.name)
    }
}

/// The CEL types of scalar nodes built so far, by everything they hold, to hand out one of them
/// again: a schema has hundreds of `type: string` leaves, and a scalar type has no identity
/// (unlike an object's, which is named by its path: [`crate::cel::types`]), so equal ones can
/// be one value.
#[derive(Default)]
pub struct Leaves(HashMap<(u8, bool, &'static str, Sizes), Arc<Decl>>);

impl Leaves {
    fn get(
        &mut self,
        kind: Kind,
        nullable: bool,
        type_name: &'static str,
        size: Sizes,
    ) -> Arc<Decl> {
        let tag = match kind {
            Kind::String => 0,
            Kind::Bytes => 1,
            Kind::Duration => 2,
            Kind::Timestamp(date) => 3 + u8::from(date),
            Kind::Int => 5,
            Kind::Double => 6,
            Kind::Bool => 7,
            Kind::IntOrString => 8,
            Kind::Object(_) | Kind::Map(_) | Kind::List(..) => {
                return simple(kind, nullable, type_name, size);
            }
        };
        let key = (tag, nullable, type_name, size);
        Arc::clone(
            self.0
                .entry(key)
                .or_insert_with(|| simple(kind, nullable, type_name, size)),
        )
    }
}

/// `x-kubernetes-list-type`.
#[derive(Debug, PartialEq, Eq)]
pub enum ListType {
    Atomic,
    Set,
    /// A map list and its (JSON) key names.
    Map(Vec<String>),
}

impl Decl {
    /// The field named `cel` (an escaped name) of an object; a reserved word names its
    /// escaped field too (`self.metadata.namespace` is `__namespace__`), as the apiserver's
    /// type provider finds it from environment version 1.31 (`SetRecognizeKeywordAsFieldName`)
    /// and its object values do at run time (`cel.Unescape` keeps a plain word).
    pub fn field(&self, cel: &str) -> Option<&Field> {
        let Kind::Object(fields) = &self.kind else {
            return None;
        };
        let named = |n: &str| fields.iter().find(|f| f.cel() == n);
        named(cel).or_else(|| match super::escape::RESERVED.contains(&cel) {
            true => named(&escape(cel)?),
            false => None,
        })
    }

    /// The field for JSON property `name` of an object.
    pub fn property(&self, name: &str) -> Option<&Field> {
        match &self.kind {
            Kind::Object(fields) => fields.iter().find(|f| &*f.name == name),
            _ => None,
        }
    }
}

/// The CEL type of `s`; `root` for a resource root or an embedded resource, whose apiVersion,
/// kind and metadata (only `name` and `generateName`) CEL always sees. `None` where the
/// apiserver has no CEL type (no `type` and not int-or-string, an array without items).
pub fn decl_of(s: &Structural, root: bool) -> Option<Arc<Decl>> {
    decl_in(s, root, &mut Leaves::default())
}

/// [`decl_of`], its scalar types taken from `leaves` where an equal one was built before.
pub fn decl_in(s: &Structural, root: bool, leaves: &mut Leaves) -> Option<Arc<Decl>> {
    let nullable = s.generic.nullable;
    if s.extensions.x_int_or_string {
        let size = crate::cel::estimate::sizes(s, &Kind::IntOrString);
        return Some(leaves.get(Kind::IntOrString, nullable, "", size));
    }
    let (kind, type_name) = match &*s.generic.type_ {
        "array" => {
            let items = s.items.as_deref()?;
            let elem = decl_in(items, items.extensions.x_embedded_resource, leaves)?;
            (Kind::List(elem, list_type(s)), "array")
        }
        "object" => (object_kind(s, root, leaves)?, "object"),
        "string" => (string_kind(s), "string"),
        "boolean" => (Kind::Bool, "boolean"),
        "number" => (Kind::Double, "number"),
        "integer" => (Kind::Int, "integer"),
        _ => return None,
    };
    let type_name = if root { "object" } else { type_name };
    let size = crate::cel::estimate::sizes(s, &kind);
    Some(leaves.get(kind, nullable, type_name, size))
}

/// Whether `s` has a CEL type ([`decl_of`] gives `Some`), found without building it.
pub fn has_decl(s: &Structural) -> bool {
    if s.extensions.x_int_or_string {
        return true;
    }
    match &*s.generic.type_ {
        "array" => s.items.as_deref().is_some_and(has_decl),
        "object" => match s.additional_properties.as_ref() {
            Some(StructuralOrBool::Schema(a)) => has_decl(a),
            _ => true,
        },
        "string" | "boolean" | "number" | "integer" => true,
        _ => false,
    }
}

/// How the CEL type of property `name` (schema `p`) of an object `s` (a resource root or
/// embedded resource when `root`) is found, as the property's rules are compiled, without
/// building `s`'s type: `None` when it has none. A name CEL can write is typed as the field
/// of `s`'s type (the TypeMeta/ObjectMeta fields the apiserver substitutes at a root, or `p`'s
/// own type when `s` is an object that shows it); any other name, by `p`'s own type.
pub fn field_of(s: &Structural, root: bool, name: &str, p: &Structural) -> Option<FieldType> {
    if escape(name).is_none() {
        return has_decl(p).then_some(FieldType::Own);
    }
    let is_object = !s.extensions.x_int_or_string && &*s.generic.type_ == "object";
    if !is_object || is_map(s) {
        return None;
    }
    let meta = matches!(name, "apiVersion" | "kind" | "metadata");
    if meta && root && !has_type_and_object_meta(s) {
        let field = type_and_object_meta()
            .into_iter()
            .find(|f| &*f.name == name)?;
        return Some(FieldType::Built(field.decl));
    }
    has_decl(p).then_some(FieldType::Own)
}

/// Whether a typed node's CEL type is a list ([`Kind::List`]).
pub fn is_list(s: &Structural) -> bool {
    !s.extensions.x_int_or_string && &*s.generic.type_ == "array"
}

/// Whether a typed node's CEL type is a map ([`Kind::Map`]): an object with an
/// `additionalProperties` schema.
pub fn is_map(s: &Structural) -> bool {
    !s.extensions.x_int_or_string
        && &*s.generic.type_ == "object"
        && matches!(
            s.additional_properties.as_ref(),
            Some(StructuralOrBool::Schema(_))
        )
}

/// See [`field_of`].
pub enum FieldType {
    /// The field's type is given.
    Built(Arc<Decl>),
    /// The field's type is that of its own schema.
    Own,
}

fn simple(kind: Kind, nullable: bool, type_name: &'static str, size: Sizes) -> Arc<Decl> {
    Arc::new(Decl {
        kind,
        nullable,
        type_name,
        size,
    })
}

fn list_type(s: &Structural) -> ListType {
    match s.extensions.x_list_type() {
        Some("set") => ListType::Set,
        Some("map") => ListType::Map(s.extensions.x_list_map_keys().to_vec()),
        _ => ListType::Atomic,
    }
}

fn string_kind(s: &Structural) -> Kind {
    let format = s
        .value_validation
        .as_ref()
        .map_or("", |v| v.format.as_str());
    match format {
        "byte" => Kind::Bytes,
        "duration" => Kind::Duration,
        "date" => Kind::Timestamp(true),
        "date-time" => Kind::Timestamp(false),
        _ => Kind::String,
    }
}

fn object_kind(s: &Structural, root: bool, leaves: &mut Leaves) -> Option<Kind> {
    if let Some(StructuralOrBool::Schema(a)) = s.additional_properties.as_ref() {
        return decl_in(a, a.extensions.x_embedded_resource, leaves).map(Kind::Map);
    }
    let add_meta = root && !has_type_and_object_meta(s);
    let mut fields: Vec<Field> = Vec::new();
    for (name, p) in s.properties.iter() {
        if add_meta && matches!(name.as_str(), "apiVersion" | "kind" | "metadata") {
            continue;
        }
        let Some(cel) = escape(name) else {
            continue;
        };
        let Some(decl) = decl_in(p, p.extensions.x_embedded_resource, leaves) else {
            continue;
        };
        fields.push(Field::new(name, cel, decl));
    }
    if add_meta {
        fields.extend(type_and_object_meta());
    }
    Some(Kind::Object(fields))
}

/// Whether the schema already declares apiVersion and kind as strings and metadata with string
/// name and generateName (then the apiserver keeps it as it is).
fn has_type_and_object_meta(s: &Structural) -> bool {
    let is = |p: Option<&Structural>, t: &str| p.is_some_and(|p| p.generic.type_ == t);
    let meta = s.properties.get("metadata");
    is(s.properties.get("kind"), "string")
        && is(s.properties.get("apiVersion"), "string")
        && is(meta, "object")
        && is(meta.and_then(|m| m.properties.get("name")), "string")
        && is(
            meta.and_then(|m| m.properties.get("generateName")),
            "string",
        )
}

/// What CEL sees of TypeMeta and ObjectMeta at a resource root: apiVersion, kind, and
/// metadata with only name and generateName.
fn type_and_object_meta() -> Vec<Field> {
    let string = || {
        simple(
            Kind::String,
            false,
            "string",
            crate::cel::estimate::UNBOUNDED_STRING,
        )
    };
    let field = |name: &str, decl| Field::new(name, name.to_string(), decl);
    let meta = Kind::Object(vec![
        field("name", string()),
        field("generateName", string()),
    ]);
    let meta_size = Sizes {
        max_elements: 0,
        min_size: 2,
    };
    vec![
        field("apiVersion", string()),
        field("kind", string()),
        field("metadata", simple(meta, false, "object", meta_size)),
    ]
}

#[cfg(test)]
mod tests {
    use super::{decl_of, Decl};
    use crate::schema::convert::convert;
    use crate::test_support::json_of;
    use std::sync::Arc;

    fn field<'a>(d: &'a Decl, path: &[&str]) -> &'a Arc<Decl> {
        let (first, rest) = path.split_first().unwrap();
        let f = &d.property(first).unwrap().decl;
        match rest.is_empty() {
            true => f,
            false => field(f, rest),
        }
    }

    /// Equal scalar types are one value; objects, lists and maps stay one per node, however
    /// equal (an object type is named by its path); a scalar of another size, format or
    /// nullability is another value. A name CEL escapes keeps its JSON name beside it.
    #[test]
    fn equal_scalars_are_one_value_and_nodes_stay_apart() {
        let s = convert(
            &json_of(
                r#"{type: object, properties: {
                    a: {type: object, properties: {s: {type: string}, l: {type: array, items: {type: string}}}},
                    b: {type: object, properties: {s: {type: string}, l: {type: array, items: {type: string}}}},
                    c: {type: string, maxLength: 3},
                    d: {type: string, nullable: true},
                    e: {type: string, format: date},
                    namespace: {type: string}}}"#,
            ),
            "openAPIV3Schema",
        )
        .unwrap();
        let d = decl_of(&s, false).unwrap();
        let same = |x: &[&str], y: &[&str]| Arc::ptr_eq(field(&d, x), field(&d, y));
        assert!(same(&["a", "s"], &["b", "s"]));
        assert!(same(&["a", "s"], &["namespace"]));
        assert!(!same(&["a"], &["b"]));
        assert!(!same(&["a", "l"], &["b", "l"]));
        for other in ["c", "d", "e"] {
            assert!(!same(&["a", "s"], &[other]), "{other}");
        }
        assert_eq!(d.field("__namespace__").unwrap().name.as_ref(), "namespace");
        assert_eq!(d.property("namespace").unwrap().cel(), "__namespace__");
        assert_eq!(d.property("c").unwrap().cel(), "c");
    }

    /// A field is found by its CEL name: escaped ones, a reserved word by its plain name too,
    /// the TypeMeta and ObjectMeta fields a root adds after its own; nothing else is found. (A
    /// scan of the fields: a binary search over an index of their CEL names was slower on the
    /// bench's rules, 16.2M + 8.7M of `memcmp` against 10.2M for the scan, which compares a
    /// name's bytes only at its length.)
    #[test]
    fn fields_found_by_their_cel_names() {
        let s = convert(
            &json_of(
                r#"{type: object, properties: {
                    zeta: {type: string}, alpha: {type: string}, a-b: {type: string},
                    x.y: {type: string}, namespace: {type: string}, if: {type: string},
                    m__n: {type: string}, spec: {type: object, properties: {q: {type: integer}}},
                    b1: {type: integer}, b10: {type: integer}, b2: {type: integer}}}"#,
            ),
            "openAPIV3Schema",
        )
        .unwrap();
        let d = decl_of(&s, true).unwrap();
        let super::Kind::Object(fields) = &d.kind else {
            panic!("an object")
        };
        assert_eq!(fields.len(), 14);
        for f in fields.iter() {
            assert!(std::ptr::eq(d.field(f.cel()).unwrap(), f), "{}", f.cel());
        }
        let json = |cel: &str| d.field(cel).map(|f| f.name.to_string());
        assert_eq!(json("a__dash__b").as_deref(), Some("a-b"));
        assert_eq!(json("x__dot__y").as_deref(), Some("x.y"));
        assert_eq!(json("m__underscores__n").as_deref(), Some("m__n"));
        assert_eq!(json("namespace").as_deref(), Some("namespace"));
        assert_eq!(json("if").as_deref(), Some("if"));
        assert_eq!(json("metadata").as_deref(), Some("metadata"));
        for absent in ["a-b", "x.y", "m__n", "b3", "", "zz", "q"] {
            assert_eq!(json(absent), None, "{absent}");
        }
    }
}
