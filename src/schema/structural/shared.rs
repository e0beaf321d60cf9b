//! [`Shared`]: a sub-schema held by reference count, so that equal subtrees of a schema are one
//! allocation (see [`super::Sharing`]). It reads and writes like the `Box` it
//! replaces: writing through a node that is shared writes to a copy of it (`Arc::make_mut`),
//! so a schema is still a value.

use std::fmt;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

/// A sub-schema, shared with the equal subtrees of its schema once they are shared.
#[derive(Default)]
pub struct Shared<T>(Arc<T>);

impl<T> Shared<T> {
    pub fn new(value: T) -> Self {
        Shared(Arc::new(value))
    }

    /// Whether `a` and `b` are the same allocation.
    pub fn ptr_eq(a: &Self, b: &Self) -> bool {
        Arc::ptr_eq(&a.0, &b.0)
    }

    /// The node, when nothing else holds it (a subtree not shared yet).
    pub(super) fn get_unique(this: &mut Self) -> Option<&mut T> {
        Arc::get_mut(&mut this.0)
    }
}

impl<T: Clone> Shared<T> {
    /// The value, copied when it is shared.
    pub fn into_inner(self) -> T {
        Arc::unwrap_or_clone(self.0)
    }
}

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Shared(Arc::clone(&self.0))
    }
}

impl<T> Deref for Shared<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Clone> DerefMut for Shared<T> {
    /// Copies the node first when it is shared.
    fn deref_mut(&mut self) -> &mut T {
        Arc::make_mut(&mut self.0)
    }
}

impl<T: fmt::Debug> fmt::Debug for Shared<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<T: PartialEq> PartialEq for Shared<T> {
    fn eq(&self, other: &Self) -> bool {
        Shared::ptr_eq(self, other) || *self.0 == *other.0
    }
}

impl<T> From<T> for Shared<T> {
    fn from(value: T) -> Self {
        Shared::new(value)
    }
}
