//! Applies one version's schema to one object, in the apiserver's order:
//! prune unknown fields → ObjectMeta coercion → drop non-nullable nulls without default → default.

use crate::schema::VersionSchema;
use crate::yaml::Node;

/// Which stages run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub prune: bool,
    pub default: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            prune: true,
            default: true,
        }
    }
}

/// What was done to one object: field paths in `spec.a[0].b` style, in document order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    pub pruned: Vec<String>,
    pub defaulted: Vec<String>,
}

/// Applies `vs` to `obj` in place (a root custom resource object). The caller has checked that
/// `vs` has a schema and no structural errors.
pub fn apply(obj: &mut Node, vs: &VersionSchema, opts: &Options) -> Outcome {
    let _ = (obj, vs, opts);
    todo!("engine::apply")
}
