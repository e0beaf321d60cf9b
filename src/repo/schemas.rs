//! The schemas of a `check`/`fix` run, collected as the function collects them: the CRDs among
//! the files read (as CRDs among the items: they win), then the config's and `--schemas`
//! sources, leaving out files that are also read as manifests (their CRDs are already in).

use super::files::{label, resource, resources, SourceFile};
use crate::config::Config;
use crate::process::{is_crd, OldCrd, Previous, ProcessError, SchemaSet, Schemas};
use crate::results::KrmResult;
use std::collections::HashSet;

/// The registry; results about a CRD read from a file go to `per_file[file index]`, the
/// others (conflicts, schema files) to `general`. A CRD that `previous` (`--base`) holds is
/// checked as an update of it.
pub(super) fn registry(
    files: &[SourceFile],
    config: &Config,
    previous: Option<&Previous>,
    per_file: &mut [Vec<KrmResult>],
    general: &mut Vec<KrmResult>,
) -> Result<Schemas, ProcessError> {
    let mut set = SchemaSet::new(config);
    let mut crds = Vec::new();
    for (f, file) in files.iter().enumerate() {
        let Ok(docs) = &file.docs else { continue };
        for at in resources(docs) {
            let item = resource(docs, at);
            if is_crd(item) {
                let old = OldCrd(previous.and_then(|p| p.crd_of(item)));
                crds.push((f, item, label(&file.name, docs.len(), at), old));
            }
        }
    }
    // Loaded on the run's threads, added in file order.
    let of_file: Vec<usize> = crds.iter().map(|(f, ..)| *f).collect();
    let loads = crds
        .iter()
        .map(|(_, item, label, old)| (*item, label.as_str(), *old))
        .collect();
    for (f, (loaded, mut about)) in of_file.into_iter().zip(set.load_item_crds(loads)) {
        per_file[f].append(&mut about);
        set.add(loaded?, true, general);
    }
    let read: HashSet<_> = files
        .iter()
        .filter_map(|f| std::fs::canonicalize(&f.path).ok())
        .collect();
    for path in &config.schemas {
        set.add_path(path, &read, general)?;
    }
    Ok(set.into_registry())
}
