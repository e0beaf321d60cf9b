//! The two kinds of schema node the walk validates a value against: a structural node with its
//! [`Side`] (what the version's schema says at that point), and a junctor [`Branch`].

use crate::schema::{Structural, StructuralOrBool};
use crate::validation::compile::{Branch, Checks, ListType, Side, TyRef};

/// `additionalProperties` as the object validator reads it.
pub(crate) enum Extra<S> {
    /// Absent, or `true`: other keys are not checked.
    None,
    /// `false`: other keys are forbidden.
    Forbidden,
    /// A schema for the other keys.
    Schema(S),
}

/// A schema node, as the validators read it.
pub(crate) trait Schema<'a>: Copy {
    fn ty(self) -> TyRef<'a>;
    fn nullable(self) -> bool;
    fn checks(self) -> Option<&'a Checks>;
    fn property(self, key: &str) -> Option<Self>;
    fn additional(self) -> Extra<Self>;
    fn items(self) -> Option<Self>;

    /// The keys of a map list (`x-kubernetes-list-type: map`), by which its items correlate
    /// with the old object's on an update.
    fn map_keys(self) -> Option<&'a [String]> {
        None
    }

    /// The format the type and number validators see ("" when none).
    fn format(self) -> &'a str {
        self.checks().map_or("", |c| &c.format)
    }
}

/// A node of the version's structural schema and its side.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node<'a> {
    pub s: &'a Structural,
    pub side: Option<&'a Side>,
}

impl<'a> Schema<'a> for Node<'a> {
    fn ty(self) -> TyRef<'a> {
        TyRef::of(&self.s.generic.type_, self.s.extensions.x_int_or_string)
    }

    fn nullable(self) -> bool {
        self.s.generic.nullable
    }

    fn checks(self) -> Option<&'a Checks> {
        self.side?.checks.as_deref()
    }

    fn property(self, key: &str) -> Option<Self> {
        let (i, s) = self.s.properties.get_indexed(key)?;
        let side = self.side.and_then(|d| d.property(i));
        Some(Node { s, side })
    }

    fn additional(self) -> Extra<Self> {
        match self.s.additional_properties.as_ref() {
            None | Some(StructuralOrBool::Bool(true)) => Extra::None,
            Some(StructuralOrBool::Bool(false)) => Extra::Forbidden,
            Some(StructuralOrBool::Schema(s)) => Extra::Schema(Node {
                s,
                side: self.side.and_then(|d| d.additional.as_deref()),
            }),
        }
    }

    fn items(self) -> Option<Self> {
        Some(Node {
            s: self.s.items.as_deref()?,
            side: self.side.and_then(|d| d.items.as_deref()),
        })
    }

    fn map_keys(self) -> Option<&'a [String]> {
        match self.checks()?.list_type.as_deref()? {
            ListType::Map(keys) => Some(&keys[..]),
            ListType::Set => None,
        }
    }
}

impl<'a> Schema<'a> for &'a Branch {
    fn ty(self) -> TyRef<'a> {
        TyRef::of(&self.type_, self.int_or_string)
    }

    fn nullable(self) -> bool {
        self.nullable
    }

    fn checks(self) -> Option<&'a Checks> {
        self.checks.as_deref()
    }

    fn property(self, key: &str) -> Option<Self> {
        let i = self
            .properties
            .binary_search_by(|(k, _)| (**k).cmp(key))
            .ok()?;
        Some(&self.properties[i].1)
    }

    fn additional(self) -> Extra<Self> {
        Extra::None
    }

    fn items(self) -> Option<Self> {
        self.items.as_deref()
    }
}
