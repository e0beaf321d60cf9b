//! The structural schema model (the apiserver's `schema.Structural`): plain structs, built once
//! per CRD version by [`super::convert`] and shared read-only by every object of that version.
//! A sub-schema is a [`Shared`] node, so that the equal subtrees of a CRD's schemas, once
//! stripped for processing, can be one node ([`Sharing`]).

use serde_json::Value;
use std::borrow::Cow;
mod props;
mod share;
mod shared;

pub use props::Props;
pub use share::Sharing;
pub use shared::Shared;

/// A structural schema node.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Structural {
    pub items: Option<Shared<Structural>>,
    pub properties: Props<Structural>,
    /// `additionalProperties`: a schema, or a bool. `None` when absent.
    pub additional_properties: Option<StructuralOrBool>,
    pub generic: Generic,
    pub extensions: Extensions,
    /// Value validations and junctors (allOf/anyOf/oneOf/not), kept for the structural check
    /// and later validation.
    pub value_validation: Option<Box<ValueValidation>>,
    /// Derived: whether this node or one below it is an embedded resource
    /// (`x-kubernetes-embedded-resource`), so that the walks that look for them skip a subtree
    /// without any. Set where a node is built ([`Structural::derive`]).
    pub embedded_below: bool,
    /// Derived: whether this node or one below it has a `default` (set as
    /// [`Structural::embedded_below`] is), so that defaulting skips a subtree without any.
    pub defaults_below: bool,
}

impl Structural {
    /// Sets what is derived from the node and its children (already derived):
    /// [`Structural::embedded_below`] and [`Structural::defaults_below`].
    pub fn derive(&mut self) {
        let below = |f: fn(&Structural) -> bool| {
            self.items.as_deref().is_some_and(f)
                || self.properties.values().any(f)
                || self.additional().flatten().is_some_and(f)
        };
        let embedded_below = self.extensions.x_embedded_resource || below(|c| c.embedded_below);
        let defaults_below = self.generic.default.is_some() || below(|c| c.defaults_below);
        self.embedded_below = embedded_below;
        self.defaults_below = defaults_below;
    }

    /// The schema of a map's values not named in `properties`: `Some(None)` for
    /// `additionalProperties: true/false` (no schema), `None` when absent.
    pub fn additional(&self) -> Option<Option<&Structural>> {
        match self.additional_properties.as_ref()? {
            StructuralOrBool::Bool(_) => Some(None),
            StructuralOrBool::Schema(a) => Some(Some(&**a)),
        }
    }

    /// The schema of field `key` of an object of this schema (a property, else
    /// additionalProperties).
    pub fn field_schema(&self, key: &str) -> Option<&Structural> {
        match self.properties.get(key) {
            Some(p) => Some(p),
            None => self.additional().flatten(),
        }
    }

    /// Drops what processing objects (pruning, nulls, defaulting, ObjectMeta) never reads, once
    /// the structural check has run: `description`, `title`, value validations and junctors,
    /// `x-kubernetes-validations` and the list/map type extensions. A run holds every schema
    /// it loaded, and these are most of a CRD schema's memory. Kept: types, properties, items,
    /// additionalProperties, defaults, nullable, preserve-unknown-fields, embedded-resource and
    /// int-or-string.
    pub fn strip_for_processing(&mut self) {
        self.generic.description = Box::default();
        self.generic.title = Box::default();
        self.value_validation = None;
        self.extensions.rare = None;
        if let Some(items) = &mut self.items {
            items.strip_for_processing();
        }
        for p in self.properties.values_mut() {
            p.strip_for_processing();
        }
        if let Some(StructuralOrBool::Schema(s)) = &mut self.additional_properties {
            s.strip_for_processing();
        }
    }
}

/// The TypeMeta/ObjectMeta fields kept at a resource root and in embedded resources.
pub fn is_meta_field(key: &str) -> bool {
    matches!(key, "apiVersion" | "kind" | "metadata")
}

/// `additionalProperties`: `true`/`false`, or a schema.
#[derive(Clone, Debug, PartialEq)]
pub enum StructuralOrBool {
    Bool(bool),
    Schema(Shared<Structural>),
}

/// The generic (non-validation) keywords.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Generic {
    pub description: Box<str>,
    /// `type` ("" when not given); the usual names are not allocated (see [`type_name`]).
    pub type_: TypeName,
    pub title: Box<str>,
    /// `default`, as a YAML 1.1 reader reads it. `None` when absent; `Some(Value::Null)` for
    /// `default: null`. Boxed: every schema node carries this struct, few have a default.
    pub default: Option<Box<Value>>,
    pub nullable: bool,
    /// `externalDocs` or `example` set (not null). A structural schema keeps them from
    /// Kubernetes 1.36 (`Generic.ExternalDocs`, `Generic.Example`); before, it dropped them, and
    /// this stays false. Only the root metadata's invariant reads it.
    pub documented: bool,
}

/// A schema's `type`.
pub type TypeName = Cow<'static, str>;

/// `t` as a [`TypeName`]: the seven names OpenAPI defines (and "") are static strings, so the
/// hundreds of thousands of schema nodes a run holds allocate nothing for their type.
pub fn type_name(t: String) -> TypeName {
    const KNOWN: [&str; 8] = [
        "", "object", "array", "string", "integer", "number", "boolean", "null",
    ];
    match KNOWN.iter().find(|k| **k == t) {
        Some(k) => Cow::Borrowed(k),
        None => Cow::Owned(t),
    }
}

/// The Kubernetes vendor extensions.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Extensions {
    pub x_preserve_unknown_fields: bool,
    pub x_embedded_resource: bool,
    pub x_int_or_string: bool,
    /// The rarely set ones, boxed: every schema node carries this struct. Read them with the
    /// methods below.
    pub rare: Option<Box<RareExtensions>>,
}

/// The list/map type extensions and the CEL rules of a node.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RareExtensions {
    pub x_list_map_keys: Box<[String]>,
    pub x_list_type: Option<Box<str>>,
    pub x_map_type: Option<Box<str>>,
    /// `x-kubernetes-validations` (CEL rules), kept verbatim.
    pub x_validations: Option<Value>,
}

impl Extensions {
    pub fn x_list_map_keys(&self) -> &[String] {
        self.rare.as_deref().map_or(&[], |r| &r.x_list_map_keys)
    }

    pub fn x_list_type(&self) -> Option<&str> {
        self.rare.as_deref().and_then(|r| r.x_list_type.as_deref())
    }

    pub fn x_map_type(&self) -> Option<&str> {
        self.rare.as_deref().and_then(|r| r.x_map_type.as_deref())
    }

    pub fn x_validations(&self) -> Option<&Value> {
        self.rare.as_deref().and_then(|r| r.x_validations.as_ref())
    }

    /// The rare extensions, to set one.
    pub fn rare_mut(&mut self) -> &mut RareExtensions {
        self.rare.get_or_insert_with(Box::default)
    }
}

/// Value validations, with junctors whose branches may only carry value validations.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ValueValidation {
    pub format: String,
    pub maximum: Option<f64>,
    pub exclusive_maximum: bool,
    pub minimum: Option<f64>,
    pub exclusive_minimum: bool,
    pub max_length: Option<i64>,
    pub min_length: Option<i64>,
    pub pattern: String,
    pub max_items: Option<i64>,
    pub min_items: Option<i64>,
    pub unique_items: bool,
    pub multiple_of: Option<f64>,
    pub enum_: Vec<Value>,
    pub max_properties: Option<i64>,
    pub min_properties: Option<i64>,
    pub required: Vec<String>,
    pub all_of: Vec<NestedValueValidation>,
    pub one_of: Vec<NestedValueValidation>,
    pub any_of: Vec<NestedValueValidation>,
    pub not: Option<Box<NestedValueValidation>>,
}

impl ValueValidation {
    /// Whether no value validation is set (equal to the default, without making one: the
    /// conversion asks it of every schema node).
    pub fn is_unset(&self) -> bool {
        let ValueValidation {
            format,
            maximum,
            exclusive_maximum,
            minimum,
            exclusive_minimum,
            max_length,
            min_length,
            pattern,
            max_items,
            min_items,
            unique_items,
            multiple_of,
            enum_,
            max_properties,
            min_properties,
            required,
            all_of,
            one_of,
            any_of,
            not,
        } = self;
        format.is_empty()
            && maximum.is_none()
            && !exclusive_maximum
            && minimum.is_none()
            && !exclusive_minimum
            && max_length.is_none()
            && min_length.is_none()
            && pattern.is_empty()
            && max_items.is_none()
            && min_items.is_none()
            && !unique_items
            && multiple_of.is_none()
            && enum_.is_empty()
            && max_properties.is_none()
            && min_properties.is_none()
            && required.is_empty()
            && all_of.is_empty()
            && one_of.is_empty()
            && any_of.is_empty()
            && not.is_none()
    }
}

/// A schema inside a junctor: value validations plus the structure it restricts. Everything a
/// structural schema forbids there is recorded so the check can report it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NestedValueValidation {
    pub value_validation: ValueValidation,
    pub items: Option<Box<NestedValueValidation>>,
    pub properties: Props<NestedValueValidation>,
    /// Forbidden in junctors (reported by the structural check).
    pub forbidden_generic: Generic,
    pub forbidden_extensions: Extensions,
    /// `additionalProperties` inside a junctor (forbidden; kept to report it).
    pub forbidden_additional_properties: bool,
}
