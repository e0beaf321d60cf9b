//! CEL rules when schemas are collected: each CRD version's `x-kubernetes-validations` are
//! compiled once, before the schema is slimmed, under the path the apiserver names them by. A
//! rule that does not compile, or whose estimated cost is over the apiserver's limits, makes
//! the apiserver refuse the CRD: one error result on the CRD, and each of its objects is left
//! unchanged with a warning.

use super::schemas::Checks;
use crate::cel::preexisting::Preexisting;
use crate::cel::Compiled;
use crate::schema::registry::Entry;
use crate::schema::VersionSchema;
use std::sync::Arc;

/// The compiled rules of each version (`None` without rules or a usable schema); versions that
/// share a schema share them. `unchanged`: the versions a CRD update leaves with the same schema,
/// whose expressions are not held to the per-expression cost limit (a schema every version
/// shares counts as the first version's, `spec.version`).
pub(super) fn compile(
    versions: &[VersionSchema],
    (unchanged, preexisting): (&[String], &Preexisting),
) -> Vec<Option<Arc<Compiled>>> {
    let mut out: Vec<Option<Arc<Compiled>>> = Vec::with_capacity(versions.len());
    for (i, vs) in versions.iter().enumerate() {
        let Some(schema) = vs.schema.as_ref().filter(|s| crate::cel::has_rules(s)) else {
            out.push(None);
            continue;
        };
        if !vs.structural_errors.is_empty() {
            // Not structural or a bad default: no rule is compiled (each fieldPath is still
            // checked). Other schema errors keep only the rules at and above them uncompiled.
            let path = schema_path(versions, i);
            let rules = match crate::crd::schemacheck::rules_compiled(schema, &path) {
                true => {
                    let fields: Vec<&str> = vs
                        .structural_errors
                        .iter()
                        .filter_map(|e| e.named_field())
                        .collect();
                    Compiled::beside_schema_errors(schema, &path, &fields)
                }
                false => Compiled::field_paths_only(schema, &path),
            };
            out.push((!rules.errors.is_empty()).then(|| Arc::new(rules)));
            continue;
        }
        let shared = (0..i).find(|&j| same_schema(&versions[j], vs) && out[j].is_some());
        let rules = match shared {
            Some(j) => out[j].clone(),
            None => {
                let path = schema_path(versions, i);
                let named = match path.starts_with("spec.validation.") {
                    true => versions
                        .iter()
                        .find(|v| v.crd_name == vs.crd_name)
                        .unwrap_or(vs),
                    false => vs,
                };
                let compiled = Compiled::on_update(schema, &path, preexisting);
                Some(Arc::new(match unchanged.contains(&named.version) {
                    true => compiled.without_per_expression_cost(),
                    false => compiled,
                }))
            }
        };
        out.push(rules);
    }
    out
}

/// Where the apiserver names version `i`'s schema: `spec.validation.openAPIV3Schema` when all
/// versions of its CRD share one schema, else `spec.versions[n].schema.openAPIV3Schema`.
fn schema_path(versions: &[VersionSchema], i: usize) -> String {
    let name = &versions[i].crd_name;
    let own: Vec<&VersionSchema> = versions.iter().filter(|v| &v.crd_name == name).collect();
    if own.windows(2).all(|w| same_schema(w[0], w[1])) {
        return "spec.validation.openAPIV3Schema".to_string();
    }
    let n = versions[..i].iter().filter(|v| &v.crd_name == name).count();
    format!("spec.versions[{n}].schema.openAPIV3Schema")
}

fn same_schema(a: &VersionSchema, b: &VersionSchema) -> bool {
    match (&a.schema, &b.schema) {
        (Some(x), Some(y)) => Arc::ptr_eq(x, y),
        _ => false,
    }
}

/// For each CRD among `entries`: the error message when the apiserver refuses it for its rules.
pub(super) fn refused_messages(entries: &[Entry<Checks>]) -> Vec<String> {
    let mut names: Vec<&str> = Vec::new();
    for e in entries {
        if !names.contains(&e.crd_name.as_str()) {
            names.push(&e.crd_name);
        }
    }
    let mut out = Vec::new();
    for name in names {
        let own = entries.iter().filter(|e| e.crd_name == name);
        let errors = super::schemas::distinct_texts(
            own.flat_map(|e| e.attached.rules.iter().flat_map(|r| r.errors.iter())),
        );
        if !errors.is_empty() {
            out.push(format!(
                "CustomResourceDefinition {name} is refused by the apiserver (x-kubernetes-validations); its objects are left unchanged: {}",
                errors.join("; ")
            ));
        }
    }
    out
}

/// Whether the apiserver refuses the CRD of `e` for its rules (the cluster keeps the old CRD,
/// also where the objects are validated under it as sent).
pub(super) fn refused(e: &Entry<Checks>) -> bool {
    e.attached
        .rules
        .as_ref()
        .is_some_and(|r| !r.errors.is_empty())
}

/// The warning for an object whose CRD the apiserver refuses for its rules.
pub(super) fn refused_warning(e: &Entry<Checks>) -> Option<String> {
    let refused = !e.attached.uncompiled_rules_reported && refused(e);
    refused.then(|| {
        format!(
            "CustomResourceDefinition {} is refused by the apiserver (its x-kubernetes-validations rules do not compile or cost too much); left unchanged",
            e.crd_name
        )
    })
}
