//! CRD creates and updates as the loader sees them: a CRD of the input that the previous
//! objects also hold (and that the apiserver would have stored: its own create is accepted) is
//! an UPDATE of it, checked with `crdcheck::validate_update`
//! (`ValidateCustomResourceDefinitionUpdate` after the strategy's `PrepareForUpdate`: the old
//! CRD established, its stored versions kept, immutable names, the create-only name rule not
//! run again); every other CRD is a create (`crdcheck::validate_create`). The schema checks
//! (structural, defaults, CEL) are the loader's in both cases.
//!
//! The causes of an update's refusal are tagged `operation: update` (as the causes of an
//! object update's), and the warning that follows says the cluster keeps the previous CRD.

use super::previous::Kept;
use super::schemas::Checks;
use crate::cel::preexisting::Preexisting;
use crate::crd::check as crdcheck;
use crate::field::FieldError;
use crate::results::KrmResult;
use crate::schema::registry::Entry;
use serde_json::Value;

/// The previous revision of a CRD, as the loader is given it (`None`: a create).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct OldCrd<'a>(pub Option<&'a Kept>);

/// What loading a CRD takes from its previous revision.
pub(crate) struct Judged {
    /// The causes of the 422 the CRD gets besides its schemas' (see the module doc), in the
    /// apiserver's order.
    pub causes: Vec<FieldError>,
    /// Whether it is an update (the old CRD is v1; a v1beta1 one is read for its schemas only,
    /// as on create).
    pub update: bool,
    /// The old CRD's compiled versions when the new one loads to the same ones
    /// ([`Kept::compiled_as`]).
    pub shared: Option<Vec<Entry<Checks>>>,
    /// The versions whose schema the update leaves as it was (`findVersionsWithUnchangedSchemas`).
    pub unchanged: Vec<String>,
    /// Whether the schemas must be structural ([`crate::crd::load::structural_required`]).
    pub structural: bool,
    /// The old CRD's CEL expressions (compiled with the environment for stored expressions).
    pub preexisting: Preexisting,
}

impl OldCrd<'_> {
    /// What loading the CRD `new` takes from the old CRD, whose JSON is read once here.
    pub fn judge(&self, new: &Value) -> Judged {
        let old = self.0.and_then(Kept::json);
        let shared = self
            .0
            .zip(old.as_ref())
            .and_then(|(kept, json)| kept.compiled_as(json, new));
        let v1 = |c: &&Value| {
            c.get("apiVersion").and_then(Value::as_str) == Some("apiextensions.k8s.io/v1")
        };
        match old.as_ref().filter(v1) {
            Some(old) => {
                let unchanged = unchanged_schemas(old, new);
                let structural = crate::crd::load::structural_required(
                    old.get("spec").unwrap_or(&Value::Null),
                    new,
                );
                Judged {
                    causes: crdcheck::validate_update(old, new),
                    update: true,
                    shared,
                    unchanged,
                    structural,
                    preexisting: Preexisting::of_crd(old),
                }
            }
            None => Judged {
                causes: crdcheck::validate_create(new),
                update: false,
                shared,
                unchanged: Vec::new(),
                structural: true,
                preexisting: Preexisting::default(),
            },
        }
    }
}

/// The versions of the CRD `new` whose schema is the one the same version has in `old` (both
/// v1, so each version carries its own schema; none on both sides counts as the same).
fn unchanged_schemas(old: &Value, new: &Value) -> Vec<String> {
    let versions = |c: &Value| -> Vec<(String, Option<Value>)> {
        let list = c.pointer("/spec/versions").and_then(Value::as_array);
        list.into_iter()
            .flatten()
            .map(|v| {
                let name = v
                    .get("name")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_string();
                let schema = v
                    .pointer("/schema/openAPIV3Schema")
                    .filter(|s| !s.is_null());
                (name, schema.cloned())
            })
            .collect()
    };
    let before = versions(old);
    versions(new)
        .into_iter()
        .filter(|(name, schema)| before.iter().any(|(n, s)| n == name && s == schema))
        .map(|(name, _)| name)
        .collect()
}

/// `r` tagged `operation: update` when the CRD is an update.
pub(crate) fn tag(mut r: KrmResult, update: bool) -> KrmResult {
    if update {
        r.tags.push(("operation", "update".to_string()));
    }
    r
}

/// The warning after the causes of a CRD's refusal.
/// `uncompiled`: an update refused only because rules do not compile, whose objects are
/// validated under it as sent.
pub(crate) fn refused_warning(name: &str, count: usize, update: bool, uncompiled: bool) -> String {
    let causes = format!("{count} cause{}", if count == 1 { "" } else { "s" });
    match update {
        true if uncompiled => format!("the update of CustomResourceDefinition {name} is refused by the apiserver ({causes}): rules do not compile; the cluster keeps the previous one, and its objects are validated under it as sent (each rule that does not compile is an error on them)"),
        true => format!("the update of CustomResourceDefinition {name} is refused by the apiserver ({causes}); the cluster keeps the previous one, and its objects are left unchanged"),
        false => format!("CustomResourceDefinition {name} is refused by the apiserver ({causes}); its objects are left unchanged"),
    }
}

#[cfg(test)]
#[path = "crd_update/tests.rs"]
mod tests;
