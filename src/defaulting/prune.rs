//! Default values pruned once, when a CRD version's schema is loaded, as the apiserver does
//! (`PruneDefaults`) for every version that prunes: each `default:` is placed at its path in an
//! otherwise empty object, that object goes through the ObjectMeta coercion (with malformed
//! fields dropped) and pruning with the root schema, and what is left at the path becomes the
//! default. So fields a default holds that an object could not keep (an unknown field in an
//! embedded resource's `metadata`, say) never reach an object.

use crate::objectmeta;
use crate::pruning;
use crate::schema::{Structural, StructuralOrBool};
use crate::yaml::json::{from_json, to_json};
use crate::yaml::{Mapping, Node, Sequence};
use serde_json::Value;

/// How a schema node is reached from its parent: a property's name borrowed from the schema
/// while it is walked, owned where a default found there is kept.
#[derive(Clone, Debug)]
enum Step<K> {
    Property(K),
    /// `additionalProperties` (the key `*` in the surrounding object).
    Additional,
    Items,
}

/// Prunes every default of `root` (a resource's root schema) in place.
pub fn prune_defaults(root: &mut Structural) {
    let mut found = Vec::new();
    collect(root, root, &mut Vec::new(), &mut found);
    for (steps, pruned) in found {
        if let Some(s) = at_mut(root, &steps) {
            s.generic.default = pruned.map(Box::new);
        }
    }
}

/// Finds the defaults below `s` (reached by `steps`) that pruning changes, with their new value
/// (`None` when nothing of it is left).
fn collect<'s>(
    root: &Structural,
    s: &'s Structural,
    steps: &mut Vec<Step<&'s str>>,
    out: &mut Vec<(Vec<Step<String>>, Option<Value>)>,
) {
    if let Some(def) = s.generic.default.as_deref().filter(|d| !d.is_null()) {
        if let Some(pruned) = prune_one(root, def, steps) {
            if pruned.as_ref() != Some(def) {
                out.push((steps.iter().map(Step::owned).collect(), pruned));
            }
        }
    }
    if let Some(StructuralOrBool::Schema(a)) = s.additional_properties.as_ref() {
        steps.push(Step::Additional);
        collect(root, a, steps, out);
        steps.pop();
    }
    if let Some(items) = s.items.as_deref() {
        steps.push(Step::Items);
        collect(root, items, steps, out);
        steps.pop();
    }
    for (k, p) in s.properties.iter() {
        steps.push(Step::Property(k.as_str()));
        collect(root, p, steps, out);
        steps.pop();
    }
}

/// The default `def` at `steps`, pruned; `None` (outer) when the apiserver could not build the
/// surrounding object (the default is then left as it is).
fn prune_one(root: &Structural, def: &Value, steps: &[Step<&str>]) -> Option<Option<Value>> {
    let mut obj = from_json(def);
    for step in steps.iter().rev() {
        obj = match step {
            Step::Property(k) => single(k, obj),
            Step::Additional => single("*", obj),
            Step::Items => Node::Seq(Sequence {
                items: vec![obj],
                ..Sequence::default()
            }),
        };
    }
    if !matches!(obj, Node::Map(_)) {
        return None;
    }
    objectmeta::coerce_resource(&mut obj, root);
    pruning::prune(&mut obj, root);
    let mut x = &obj;
    for step in steps {
        let next = match (step, x) {
            (Step::Property(k), Node::Map(_)) => x.get(k),
            (Step::Additional, Node::Map(_)) => x.get("*"),
            (Step::Items, Node::Seq(s)) => s.items.first(),
            _ => return None,
        };
        match next {
            Some(n) => x = n,
            None => return Some(None),
        }
    }
    to_json(x).ok().map(Some)
}

impl Step<&str> {
    fn owned(&self) -> Step<String> {
        match *self {
            Step::Property(k) => Step::Property(k.to_string()),
            Step::Additional => Step::Additional,
            Step::Items => Step::Items,
        }
    }
}

fn single(key: &str, value: Node) -> Node {
    let mut m = Mapping::default();
    m.insert(key, value);
    Node::Map(m)
}

/// The schema node at `steps` below `s`.
fn at_mut<'s>(s: &'s mut Structural, steps: &[Step<String>]) -> Option<&'s mut Structural> {
    let Some((first, rest)) = steps.split_first() else {
        return Some(s);
    };
    let next = match first {
        Step::Property(k) => s.properties.get_mut(k.as_str())?,
        Step::Additional => match s.additional_properties.as_mut()? {
            StructuralOrBool::Schema(a) => &mut **a,
            StructuralOrBool::Bool(_) => return None,
        },
        Step::Items => s.items.as_deref_mut()?,
    };
    at_mut(next, rest)
}
