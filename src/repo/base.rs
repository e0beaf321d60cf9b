//! `--base REV`: the previous revision of the files named is the same paths at git revision
//! REV, read through git (run with arguments, never through a shell). Objects are matched by
//! identity across files, so a moved or split file still matches.

use super::RepoError;
use crate::config::Config;
use crate::process::previous::read_items;
use crate::process::Previous;
use std::path::PathBuf;
use std::process::Command;

/// Runs git with `args`; its stdout, or an error naming what failed.
fn git(args: &[&str], what: &str) -> Result<Vec<u8>, RepoError> {
    let out = Command::new("git")
        .args(args)
        .output()
        .map_err(|e| RepoError::Base(format!("{what}: cannot run git: {e}")))?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        let err = err.trim();
        return Err(RepoError::Base(if err.is_empty() {
            what.to_string()
        } else {
            format!("{what}: {err}")
        }));
    }
    Ok(out.stdout)
}

/// The previous revision: the objects of `paths` (files and folders, their `*.yaml`, `*.yml`
/// and `*.json` files) at `rev`.
pub(super) fn previous(
    rev: &str,
    paths: &[PathBuf],
    config: &Config,
) -> Result<Previous, RepoError> {
    if rev.is_empty() || rev.starts_with('-') {
        return Err(RepoError::Base(format!(
            "--base {rev:?}: refused: a revision may not be empty or start with '-'"
        )));
    }
    let what = format!("--base {rev:?}: unknown revision or not a git repository");
    let commit = format!("{rev}^{{commit}}");
    let id = git(
        &[
            "rev-parse",
            "--verify",
            "--quiet",
            "--end-of-options",
            &commit,
        ],
        &what,
    )?;
    let id = String::from_utf8_lossy(&id).trim().to_string();
    let mut args = vec!["ls-tree", "-r", "-z", "--name-only", id.as_str(), "--"];
    let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    args.extend(names.iter().map(String::as_str));
    let listed = git(&args, &format!("--base {rev:?}: listing the files"))?;
    let mut files: Vec<String> = listed
        .split(|b| *b == 0)
        .filter(|f| !f.is_empty())
        .map(|f| String::from_utf8_lossy(f).into_owned())
        .filter(|f| {
            let lower = f.to_ascii_lowercase();
            let hidden = f
                .split('/')
                .any(|c| c.starts_with('.') && c != "." && c != "..");
            !hidden
                && [".yaml", ".yml", ".json"]
                    .iter()
                    .any(|e| lower.ends_with(e))
        })
        .collect();
    files.sort();
    files.dedup();
    let mut items = Vec::new();
    for f in files {
        let spec = format!("{id}:./{f}");
        let bytes = git(
            &["cat-file", "blob", &spec],
            &format!("--base {rev:?}: reading {f}"),
        )?;
        let text = String::from_utf8(bytes)
            .map_err(|_| RepoError::Base(format!("{rev}:{f}: not UTF-8")))?;
        // A file that does not parse at the base revision holds no previous object.
        if let Ok(read) = read_items(&text, &format!("{rev}:{f}")) {
            items.extend(read);
        }
    }
    Ok(Previous::from_items(items, config)?)
}
