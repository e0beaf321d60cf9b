//! The impact of a CRD change in `check --base`/`fix --base` ([`crate::process::impact`]): its
//! results are about previous objects; each goes to the resource of the files read that is the
//! same object (so the finding is at its file:line:column), the others stay about no file.

use super::apply::FileRun;
use super::files::{resource, resources, SourceFile};
use crate::config::Config;
use crate::process::impact::{report, same_object};
use crate::process::{Previous, Schemas};
use crate::results::KrmResult;

/// The impact of the CRDs of the files read on the previous objects.
pub(super) fn of(
    files: &[SourceFile],
    previous: &Previous,
    registry: &Schemas,
    config: &Config,
) -> Vec<KrmResult> {
    let crds = files
        .iter()
        .filter_map(|f| f.docs.as_ref().ok())
        .flat_map(|docs| {
            resources(docs)
                .into_iter()
                .map(move |at| resource(docs, at))
        });
    report(crds, previous, registry, config)
}

/// Moves the results of `impact` about a resource of `run` to that resource.
pub(super) fn place(run: &mut FileRun, impact: &mut Vec<KrmResult>) {
    for res in &mut run.resources {
        let (mine, rest): (Vec<_>, Vec<_>) = std::mem::take(impact).into_iter().partition(|r| {
            r.resource_ref
                .as_ref()
                .is_some_and(|rr| same_object(rr, &res.reference))
        });
        res.results.extend(mine);
        *impact = rest;
    }
}
