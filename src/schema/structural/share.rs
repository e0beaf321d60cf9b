//! Sharing the equal subtrees of a schema ([`Sharing`]), once what processing never reads is
//! stripped out of it: a CRD's versions repeat most of their schema, and a schema repeats its
//! own parts (a Pod template's containers, init containers and ephemeral containers; hundreds
//! of `type: string` leaves), and CRDs repeat each other's (ObjectMeta, a container, resource
//! requirements). The corpus's 410 CRDs have 143,855 schema nodes, of which 18,581 differ
//! within their CRD and 5,908 across all CRDs: a run (each of its threads) holds those.

use super::{Shared, Structural, StructuralOrBool};
use crate::intern::{self, Interner};

/// Makes the equal subtrees below the roots it is given (the distinct schemas of the CRDs a
/// thread of the run loads) one node each. Two nodes are equal when every keyword they hold is
/// (a default's keys in the same order: it is written in that order) and their sub-schemas are
/// the same nodes, which they are once shared, as the walk goes bottom-up: a node is found by
/// `encode`'s bytes ([`Interner`]). A node with value validations or the rare extensions is
/// kept as it is (a stripped schema has none); the roots stay where they are. The nodes seen
/// are held until it is dropped (the run's end: its schemas are held as long).
#[derive(Default)]
pub struct Sharing(Interner<Shared<Structural>>);

impl Sharing {
    /// Shares the subtrees below `root` with each other and with those seen before.
    pub fn share_below(&mut self, root: &mut Structural) {
        if let Some(items) = &mut root.items {
            self.slot(items);
        }
        for p in root.properties.shared_mut() {
            self.slot(p);
        }
        if let Some(StructuralOrBool::Schema(a)) = &mut root.additional_properties {
            self.slot(a);
        }
    }

    /// Shares the subtree of `s`: its sub-schemas first, then the node itself, with the
    /// first equal node seen. A node held elsewhere already is left as it is.
    fn slot(&mut self, s: &mut Shared<Structural>) {
        let Some(node) = Shared::get_unique(s) else {
            return;
        };
        self.share_below(node);
        if node.value_validation.is_some() || node.extensions.rare.is_some() {
            return;
        }
        match self.0.first_equal(node, encode) {
            Some(first) => *s = first,
            None => self.0.keep(s.clone()),
        }
    }
}

/// Writes to `b` what makes a node (without value validations or rare extensions) equal to
/// another: its keywords, and its sub-schemas by address. Each part is tagged or
/// length-prefixed, so two nodes write the same bytes exactly when they are equal.
fn encode(n: &Structural, b: &mut Vec<u8>) {
    intern::text(b, &n.generic.type_);
    intern::text(b, &n.generic.description);
    intern::text(b, &n.generic.title);
    let e = &n.extensions;
    b.extend_from_slice(&[
        u8::from(n.generic.nullable),
        u8::from(n.generic.documented),
        u8::from(e.x_preserve_unknown_fields),
        u8::from(e.x_embedded_resource),
        u8::from(e.x_int_or_string),
    ]);
    match n.generic.default.as_deref() {
        Some(d) => intern::json(b, d),
        None => b.push(0xff),
    }
    intern::option(b, n.items.as_deref(), intern::addr);
    intern::count(b, n.properties.len());
    for (k, v) in n.properties.shared() {
        intern::text(b, k);
        intern::addr(b, &**v);
    }
    match &n.additional_properties {
        None => b.push(0),
        Some(StructuralOrBool::Bool(x)) => b.push(1 + u8::from(*x)),
        Some(StructuralOrBool::Schema(a)) => {
            b.push(3);
            intern::addr(b, &**a);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Sharing;
    use crate::schema::{Structural, StructuralOrBool};
    use crate::test_support::schema;

    /// The sub-schema at `path` (property names; `[]` for items, `*` for additionalProperties).
    fn at<'a>(s: &'a Structural, path: &[&str]) -> &'a super::Shared<Structural> {
        let (first, rest) = path.split_first().unwrap();
        let child = match *first {
            "[]" => s.items.as_ref().unwrap(),
            "*" => match s.additional_properties.as_ref().unwrap() {
                StructuralOrBool::Schema(a) => a,
                StructuralOrBool::Bool(_) => panic!("no schema"),
            },
            k => s.properties.shared().find(|(n, _)| *n == k).unwrap().1,
        };
        match rest.is_empty() {
            true => child,
            false => at(child, rest),
        }
    }

    fn same(a: &super::Shared<Structural>, b: &super::Shared<Structural>) -> bool {
        super::Shared::ptr_eq(a, b)
    }

    const PODLIKE: &str = "
type: object
properties:
  containers:
    type: array
    items: {type: object, properties: {name: {type: string}, args: {type: array, items: {type: string}}}}
  initContainers:
    type: array
    items: {type: object, properties: {name: {type: string}, args: {type: array, items: {type: string}}}}
  labels: {type: object, additionalProperties: {type: string}}
  replicas: {type: integer, default: 1}
  scale: {type: integer, default: 1}
  a: {type: object, default: {x: 1, y: 2}}
  b: {type: object, default: {y: 2, x: 1}}
  c: {type: object, default: {x: 1, y: 2}}
";

    /// [`PODLIKE`], with `scale`'s default the JSON number `1.0` (YAML reads `1.0` as 1).
    fn podlike() -> Structural {
        let mut s = schema(PODLIKE);
        let scale = s.properties.get_mut("scale").unwrap();
        scale.generic.default = Some(Box::new(serde_json::json!(1.0)));
        s
    }

    #[test]
    fn equal_subtrees_become_one_node_within_and_across_roots() {
        let mut v1 = podlike();
        let mut v2 = podlike();
        let mut sharing = Sharing::default();
        sharing.share_below(&mut v1);
        sharing.share_below(&mut v2);
        drop(sharing);
        // Within one root: equal subtrees, and every `type: string` leaf.
        assert!(same(at(&v1, &["containers"]), at(&v1, &["initContainers"])));
        let leaf = at(&v1, &["containers", "[]", "name"]);
        assert!(same(leaf, at(&v1, &["containers", "[]", "args", "[]"])));
        assert!(same(leaf, at(&v1, &["labels", "*"])));
        // Across roots: the second version's nodes are the first's.
        assert!(same(at(&v1, &["labels"]), at(&v2, &["labels"])));
        // Defaults differ by their number's form and by their keys' order.
        assert!(!same(at(&v1, &["replicas"]), at(&v1, &["scale"])));
        assert!(!same(at(&v1, &["a"]), at(&v1, &["b"])));
        assert!(same(at(&v1, &["a"]), at(&v1, &["c"])));
        // The schema reads as it did.
        assert_eq!(v1, podlike());
        assert_eq!(v2, podlike());
    }

    #[test]
    fn a_shared_node_written_to_is_copied_first() {
        let mut s = schema(PODLIKE);
        Sharing::default().share_below(&mut s);
        s.properties.get_mut("containers").unwrap().generic.nullable = true;
        assert!(s.properties["containers"].generic.nullable);
        assert!(!s.properties["initContainers"].generic.nullable);
        assert!(!same(at(&s, &["containers", "[]"]), &{
            let fresh = schema(PODLIKE);
            at(&fresh, &["containers", "[]"]).clone()
        }));
        assert!(same(
            at(&s, &["containers", "[]"]),
            at(&s, &["initContainers", "[]"])
        ));
    }

    #[test]
    fn a_node_with_value_validations_or_rules_is_kept_apart() {
        let mut s = schema(PODLIKE);
        s.properties.get_mut("replicas").unwrap().value_validation = Some(Box::default());
        s.properties
            .insert("copy".into(), schema("{type: integer, default: 1}"));
        s.properties
            .get_mut("initContainers")
            .unwrap()
            .extensions
            .rare_mut()
            .x_list_type = Some("atomic".into());
        Sharing::default().share_below(&mut s);
        assert!(!same(at(&s, &["replicas"]), at(&s, &["copy"])));
        assert!(!same(at(&s, &["containers"]), at(&s, &["initContainers"])));
        // Below them, sharing goes on.
        assert!(same(
            at(&s, &["containers", "[]"]),
            at(&s, &["initContainers", "[]"])
        ));
    }
}
