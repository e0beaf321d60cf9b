//! The schemas of a `check`/`fix` run, collected as the function collects them: the CRDs among
//! the files read (as CRDs among the items: they win), then the config's and `--schemas`
//! sources, leaving out files that are also read as manifests (their CRDs are already in).

use super::files::{label, resource, resources, SourceFile};
use crate::config::Config;
use crate::process::{
    add_schemas, compiler_for, is_crd, load_file_except, load_item_crd_after, OldCrd, Previous,
    ProcessError, Schemas,
};
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
    let mut registry = Schemas::default();
    let mut compiler = compiler_for(config);
    for (f, file) in files.iter().enumerate() {
        let Ok(docs) = &file.docs else { continue };
        for at in resources(docs) {
            let item = resource(docs, at);
            if !is_crd(item) {
                continue;
            }
            let label = label(&file.name, docs.len(), at);
            let old = OldCrd(previous.and_then(|p| p.crd_of(item)));
            let versions =
                load_item_crd_after(item, &label, old, compiler.as_mut(), &mut per_file[f])?;
            add_schemas(&mut registry, versions, true, general);
        }
    }
    let read: HashSet<_> = files
        .iter()
        .filter_map(|f| std::fs::canonicalize(&f.path).ok())
        .collect();
    for path in &config.schemas {
        let versions = load_file_except(path, &read, compiler.as_mut(), general)?;
        add_schemas(&mut registry, versions, false, general);
    }
    Ok(registry)
}
