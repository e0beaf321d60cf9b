//! Schema sources on disk: a file, or a directory searched recursively (`*.yaml`, `*.yml`,
//! `*.json`, in sorted path order; hidden entries skipped), or a Helm chart.
//!
//! A directory that holds a `Chart.yaml` is a Helm chart, read as Helm reads the CRDs it
//! installs: the files of its `crds/` folder (recursively, sorted), then each subchart's, in the
//! order of their names: every folder in `charts/` is read the same way (its `crds/`, then its
//! own `charts/`), however deeply nested. Templates and values are not read. A chart's `charts/`
//! folder named alone is read as its subcharts (so `schemas: [crds/, charts/]` reads the same
//! files as `.`). A packaged subchart (`charts/<name>.tgz`, as `helm dependency update` writes
//! it) is read in its place, as is a chart archive named alone: see [`archive`]. (A
//! `charts/*.tar.gz`, which Helm does not read as a subchart, is listed by
//! [`packaged_subcharts`], to be reported.)
//!
//! A file may hold CustomResourceDefinitions (multi-document YAML, `kind: List` or
//! `CustomResourceDefinitionList` of CRDs, or JSON), a swagger 2.0 document or an OpenAPI v3
//! document (YAML or JSON); see [`crate::crd::openapi`]. YAML is read the 1.1 way, as kubectl
//! reads it. Other documents (kustomization.yaml, namespaces...) are ignored; a file named
//! explicitly that holds no schema at all is an error, as is any file that does not parse.
//! Errors name the file, the document index and the field.

pub mod archive;

use crate::crd::{load as crd, openapi};
use crate::schema::{SchemaError, VersionSchema};
use crate::yaml::{self, parse::Documents, Node};
use serde_json::Value;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Loads every schema in a file or directory, in a deterministic order.
pub fn load_path(path: &Path) -> Result<Vec<VersionSchema>, SchemaError> {
    load_path_except(path, &HashSet::new())
}

/// [`load_path`], leaving out the files whose canonical path is in `except` (`check`/`fix`
/// read those files as manifests, CRDs included).
pub fn load_path_except(
    path: &Path,
    except: &HashSet<PathBuf>,
) -> Result<Vec<VersionSchema>, SchemaError> {
    let mut out = Vec::new();
    for (file, explicit) in schema_files(path, except)? {
        out.extend(load_file(&file, explicit)?);
    }
    Ok(out)
}

/// The files [`load_path_except`] loads, in its order, each with whether it was named
/// explicitly (a file that must hold a schema) rather than found in a folder.
pub fn schema_files(
    path: &Path,
    except: &HashSet<PathBuf>,
) -> Result<Vec<(PathBuf, bool)>, SchemaError> {
    let skipped = |p: &Path| std::fs::canonicalize(p).is_ok_and(|c| except.contains(&c));
    let meta = std::fs::metadata(path).map_err(|e| io_error(path, &e))?;
    if !meta.is_dir() {
        return Ok(match skipped(path) {
            true => Vec::new(),
            false => vec![(path.to_path_buf(), true)],
        });
    }
    let mut files = Vec::new();
    if is_chart(path) {
        collect_chart(path, &mut files, &mut Vec::new(), &mut HashSet::new())?;
    } else if is_subcharts(path) {
        collect_subcharts(path, &mut files, &mut Vec::new(), &mut HashSet::new())?;
    } else {
        collect_files(path, &mut files, &mut HashSet::new())?;
        files.sort();
    }
    files.retain(|f| !skipped(f));
    Ok(files.into_iter().map(|f| (f, false)).collect())
}

/// The file that makes a folder a Helm chart.
pub const CHART_FILE: &str = "Chart.yaml";

/// Whether `path` is a folder that holds a `Chart.yaml` (read as a Helm chart).
pub fn is_chart(path: &Path) -> bool {
    path.join(CHART_FILE).is_file()
}

/// Whether `path` is the `charts/` folder of a Helm chart (read as its subcharts).
pub fn is_subcharts(path: &Path) -> bool {
    let real = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    real.file_name().is_some_and(|n| n == "charts")
        && real.parent().is_some_and(is_chart)
        && real.is_dir()
}

/// The archives in a `charts/` folder that Helm does not read as subcharts (`*.tar.gz`; only a
/// `.tgz` is one), at any depth, of the Helm chart at `path` (or chart's `charts/` folder), in
/// the order they are met; empty for any other path. Their CRDs are not read.
pub fn packaged_subcharts(path: &Path) -> Result<Vec<PathBuf>, SchemaError> {
    let mut archives = Vec::new();
    if is_chart(path) {
        collect_chart(path, &mut Vec::new(), &mut archives, &mut HashSet::new())?;
    } else if is_subcharts(path) {
        collect_subcharts(path, &mut Vec::new(), &mut archives, &mut HashSet::new())?;
    }
    Ok(archives)
}

/// Appends the CRD files of the chart at `dir` (its `crds/`, sorted), then its subcharts' (the
/// folders and `.tgz` archives of its `charts/`, by name, recursively; an archive is one file,
/// read by [`load_file`]); the `.tar.gz` files there go to `archives`.
/// `seen`: the folders already walked, so that symbolic links cannot loop.
fn collect_chart(
    dir: &Path,
    files: &mut Vec<PathBuf>,
    archives: &mut Vec<PathBuf>,
    seen: &mut HashSet<PathBuf>,
) -> Result<(), SchemaError> {
    let real = std::fs::canonicalize(dir).map_err(|e| io_error(dir, &e))?;
    if !seen.insert(real) {
        return Ok(());
    }
    let crds = dir.join("crds");
    if crds.is_dir() {
        let mut own = Vec::new();
        collect_files(&crds, &mut own, seen)?;
        own.sort();
        files.extend(own);
    }
    let charts = dir.join("charts");
    if charts.is_dir() {
        collect_subcharts(&charts, files, archives, seen)?;
    }
    Ok(())
}

/// [`collect_chart`] for each subchart in a chart's `charts/` folder, in the order of their
/// names (those starting with `.` or `_` skipped, as Helm skips them); a packaged one is
/// appended as a file, a `.tar.gz` goes to `archives`.
fn collect_subcharts(
    charts: &Path,
    files: &mut Vec<PathBuf>,
    archives: &mut Vec<PathBuf>,
    seen: &mut HashSet<PathBuf>,
) -> Result<(), SchemaError> {
    let mut entries = Vec::new();
    for entry in std::fs::read_dir(charts).map_err(|e| io_error(charts, &e))? {
        let entry = entry.map_err(|e| io_error(charts, &e))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.starts_with(['.', '_']) {
            entries.push((name, entry.path()));
        }
    }
    entries.sort();
    for (name, path) in entries {
        let meta = std::fs::metadata(&path).map_err(|e| io_error(&path, &e))?;
        if meta.is_dir() {
            collect_chart(&path, files, archives, seen)?;
        } else if name.ends_with(".tgz") {
            files.push(path);
        } else if name.ends_with(".tar.gz") {
            archives.push(path);
        }
    }
    Ok(())
}

/// The largest file read as a schema source or previous objects (256 MiB).
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// A file's text: only a regular file (symbolic links followed) is read, never a device or a
/// FIFO, and only up to [`MAX_FILE_BYTES`].
pub fn read_text(path: &Path) -> Result<String, SchemaError> {
    utf8(path, read_bytes(path)?)
}

/// A file's bytes as text (`path` names the file, or a file inside an archive).
fn utf8(path: &Path, bytes: Vec<u8>) -> Result<String, SchemaError> {
    String::from_utf8(bytes).map_err(|_| {
        refuse(
            path,
            "cannot read: stream did not contain valid UTF-8".into(),
        )
    })
}

fn refuse(path: &Path, message: String) -> SchemaError {
    SchemaError {
        source_name: path.display().to_string(),
        field: String::new(),
        message,
    }
}

/// [`read_text`]'s bytes.
fn read_bytes(path: &Path) -> Result<Vec<u8>, SchemaError> {
    use std::io::Read;
    let refuse = |message: String| refuse(path, message);
    let meta = std::fs::metadata(path).map_err(|e| io_error(path, &e))?;
    if !meta.is_file() {
        return Err(refuse("cannot read: not a regular file".into()));
    }
    let too_large = || {
        refuse(format!(
            "cannot read: larger than the limit of {MAX_FILE_BYTES} bytes"
        ))
    };
    if meta.len() > MAX_FILE_BYTES {
        return Err(too_large());
    }
    let file = std::fs::File::open(path).map_err(|e| io_error(path, &e))?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| io_error(path, &e))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large());
    }
    Ok(bytes)
}

/// The files a path names: itself, or for a directory the `*.yaml`, `*.yml` and `*.json`
/// files below it (recursively, hidden entries skipped), in sorted order. (A Helm chart is not
/// told apart: [`schema_files`] reads one as a chart.)
pub fn files_of(path: &Path) -> Result<Vec<PathBuf>, SchemaError> {
    let meta = std::fs::metadata(path).map_err(|e| io_error(path, &e))?;
    if !meta.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut files = Vec::new();
    collect_files(path, &mut files, &mut HashSet::new())?;
    files.sort();
    Ok(files)
}

/// Appends the schema-file candidates below `dir` (recursively; `seen`: the directories already
/// walked, so that symbolic links cannot loop).
fn collect_files(
    dir: &Path,
    files: &mut Vec<PathBuf>,
    seen: &mut HashSet<PathBuf>,
) -> Result<(), SchemaError> {
    let real = std::fs::canonicalize(dir).map_err(|e| io_error(dir, &e))?;
    if !seen.insert(real) {
        return Ok(());
    }
    let entries = std::fs::read_dir(dir).map_err(|e| io_error(dir, &e))?;
    for entry in entries {
        let entry = entry.map_err(|e| io_error(dir, &e))?;
        let path = entry.path();
        if entry.file_name().to_string_lossy().starts_with('.') {
            continue;
        }
        let meta = std::fs::metadata(&path).map_err(|e| io_error(&path, &e))?;
        if meta.is_dir() {
            collect_files(&path, files, seen)?;
        } else if has_schema_extension(&path) {
            files.push(path);
        }
    }
    Ok(())
}

fn has_schema_extension(path: &Path) -> bool {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    matches!(ext.as_deref(), Some("yaml" | "yml" | "json"))
}

fn is_json_file(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
}

/// Whether the file is a Helm chart archive (read with [`archive`]).
fn is_chart_archive(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "tgz")
}

/// Loads one file; `explicit`: named by the user (a file without any schema is an error; a
/// chart archive may hold no CRD, as a chart's folder may).
pub fn load_file(path: &Path, explicit: bool) -> Result<Vec<VersionSchema>, SchemaError> {
    let source = path.display().to_string();
    if is_chart_archive(path) {
        let files = archive::crd_files(&source, &read_bytes(path)?).map_err(|e| SchemaError {
            source_name: e.archive,
            field: String::new(),
            message: e.message,
        })?;
        let mut out = Vec::new();
        for file in files {
            let name = Path::new(&file.name);
            let text = utf8(name, file.data)?;
            out.extend(load_text(&file.name, &text, is_json_file(name), false)?);
        }
        return Ok(out);
    }
    let text = read_text(path)?;
    load_text(&source, &text, is_json_file(path), explicit)
}

/// Loads the text of a file (`source` names it), JSON or YAML.
fn load_text(
    source: &str,
    text: &str,
    json: bool,
    explicit: bool,
) -> Result<Vec<VersionSchema>, SchemaError> {
    let source = source.to_string();
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut out = Vec::new();
    let mut found = false;
    if json {
        let doc: Value = serde_json::from_str(text).map_err(|e| SchemaError {
            source_name: source.clone(),
            field: format!("line {}, column {}", e.line(), e.column()),
            message: format!("invalid JSON: {e}"),
        })?;
        found = load_document(&doc, &source, None, &mut out)?;
    } else {
        for (index, doc) in Documents::new(text).enumerate() {
            let node = doc.map_err(|e| yaml_error(&source, index, e))?;
            if !is_candidate(&node) {
                continue;
            }
            let doc = yaml::json::to_json(&node).map_err(|e| yaml_error(&source, index, e))?;
            found |= load_document(&doc, &source, Some(index), &mut out)?;
        }
    }
    if explicit && !found {
        return Err(SchemaError {
            source_name: source,
            field: String::new(),
            message: "no CustomResourceDefinition, swagger 2.0 or OpenAPI v3 document in this file"
                .to_string(),
        });
    }
    Ok(out)
}

/// A cheap look at a YAML document before converting it: could it be a schema source?
fn is_candidate(node: &Node) -> bool {
    let Some(map) = node.as_map() else {
        return false;
    };
    if let Some(kind) = map.get("kind") {
        return matches!(
            kind.scalar_str(),
            Some("CustomResourceDefinition" | "CustomResourceDefinitionList" | "List")
        );
    }
    ["swagger", "openapi", "definitions", "components"]
        .iter()
        .any(|k| map.get(k).is_some())
}

/// Loads one document into `out`; returns whether it was a schema source at all.
fn load_document(
    doc: &Value,
    source: &str,
    index: Option<usize>,
    out: &mut Vec<VersionSchema>,
) -> Result<bool, SchemaError> {
    let at = |field: String| match index {
        Some(i) if field.is_empty() => format!("document {i}"),
        Some(i) => format!("document {i}, {field}"),
        None => field,
    };
    if crd::claims_crd(doc) {
        out.extend(crd::load_crd(doc, source).map_err(|e| relocate(e, source, at(String::new())))?);
        return Ok(true);
    }
    if let Some(kind) = openapi::document_kind(doc) {
        out.extend(
            openapi::load_document(doc, kind, source)
                .map_err(|e| relocate(e, source, at(String::new())))?,
        );
        return Ok(true);
    }
    let is_list = matches!(
        doc.get("kind").and_then(Value::as_str),
        Some("List" | "CustomResourceDefinitionList")
    );
    let Some(items) = doc
        .get("items")
        .and_then(Value::as_array)
        .filter(|_| is_list)
    else {
        return Ok(false);
    };
    let mut found = false;
    for (i, item) in items.iter().enumerate() {
        if crd::claims_crd(item) {
            let loaded = crd::load_crd(item, source);
            out.extend(loaded.map_err(|e| relocate(e, source, at(format!("items[{i}]"))))?);
            found = true;
        }
    }
    Ok(found)
}

/// Makes an error from a loader name the file and the document (`where_`), keeping the
/// loader's own naming of the object when it differs from the bare file path.
fn relocate(mut e: SchemaError, source: &str, where_: String) -> SchemaError {
    let mut name = source.to_string();
    if !where_.is_empty() {
        name = format!("{name} ({where_})");
    }
    if !e.source_name.is_empty() && e.source_name != source {
        name = format!("{name}: {}", e.source_name);
    }
    e.source_name = name;
    e
}

fn yaml_error(source: &str, index: usize, e: yaml::YamlError) -> SchemaError {
    SchemaError {
        source_name: source.to_string(),
        field: format!("document {index}, line {}, column {}", e.line, e.column),
        message: format!("invalid YAML: {}", e.message),
    }
}

fn io_error(path: &Path, e: &std::io::Error) -> SchemaError {
    SchemaError {
        source_name: path.display().to_string(),
        field: String::new(),
        message: format!("cannot read: {e}"),
    }
}
