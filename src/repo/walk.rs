//! Which files `check` and `fix` read: each file named, whatever its extension, and below each
//! folder named the `*.yaml`, `*.yml` and `*.json` files (case-insensitive), in sorted order,
//! hidden entries (`.git`, `.github`, ...) skipped, symbolic links followed without looping.
//! A file reached twice is read once.

use super::RepoError;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// The files to read, in the order named (a folder's files sorted by path).
pub(super) fn files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, RepoError> {
    let mut out = Vec::new();
    let mut seen_files = HashSet::new();
    let mut seen_dirs = HashSet::new();
    for path in paths {
        let meta = std::fs::metadata(path).map_err(|e| RepoError::io(path, e))?;
        let found = if meta.is_dir() {
            folder_files(path, &mut seen_dirs)?
        } else {
            vec![path.clone()]
        };
        for file in found {
            let real = std::fs::canonicalize(&file).map_err(|e| RepoError::io(&file, e))?;
            if seen_files.insert(real) {
                out.push(file);
            }
        }
    }
    Ok(out)
}

/// The manifest files below `dir`, sorted (an explicit stack: no recursion).
fn folder_files(dir: &Path, seen: &mut HashSet<PathBuf>) -> Result<Vec<PathBuf>, RepoError> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let real = std::fs::canonicalize(&dir).map_err(|e| RepoError::io(&dir, e))?;
        if !seen.insert(real) {
            continue;
        }
        let entries = std::fs::read_dir(&dir).map_err(|e| RepoError::io(&dir, e))?;
        for entry in entries {
            let entry = entry.map_err(|e| RepoError::io(&dir, e))?;
            if entry.file_name().to_string_lossy().starts_with('.') {
                continue;
            }
            let path = entry.path();
            let meta = std::fs::metadata(&path).map_err(|e| RepoError::io(&path, e))?;
            if meta.is_dir() {
                pending.push(path);
            } else if is_manifest(&path) {
                files.push(path);
            }
        }
    }
    files.sort();
    Ok(files)
}

fn is_manifest(path: &Path) -> bool {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    matches!(ext.as_deref(), Some("yaml" | "yml" | "json"))
}

/// Whether the file is JSON (new content in it is written as JSON).
pub(super) fn is_json(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folders_give_sorted_manifests_without_hidden_entries_and_files_once() {
        let dir = std::env::temp_dir().join(format!("crd-schema-fn-walk-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for f in [
            "b/z.yaml",
            "b/a.YML",
            "a.json",
            "notes.txt",
            ".git/x.yaml",
            "b/.hidden.yaml",
        ] {
            let p = dir.join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, "").unwrap();
        }
        let got = files(&[dir.join("b/z.yaml"), dir.clone(), dir.join("notes.txt")]).unwrap();
        let rel: Vec<_> = got
            .iter()
            .map(|p| p.strip_prefix(&dir).unwrap().to_string_lossy().to_string())
            .collect();
        assert_eq!(rel, ["b/z.yaml", "a.json", "b/a.YML", "notes.txt"]);
        let missing = files(&[dir.join("nope")]).unwrap_err();
        assert!(missing
            .to_string()
            .starts_with(&format!("{}: ", dir.join("nope").display())));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
