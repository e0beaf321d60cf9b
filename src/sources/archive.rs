//! Helm chart archives (`.tgz`, as `helm package` and `helm dependency update` write them),
//! read in memory as Helm's loader reads one (`archive.LoadArchiveFiles`, then
//! `loader.LoadFiles` and `Chart.CRDObjects`):
//! - every regular file's name loses its first component (the chart's folder); a name that is
//!   absolute, leaves the chart (`..`), is the chart itself, or names a drive is refused, as is a
//!   `Chart.yaml` outside the chart's folder, and an archive without files;
//! - Helm's limits: 5 MiB per file (`MaxDecompressedFileSize`) and 100 MiB for the archive
//!   (`MaxDecompressedChartSize`); here the 100 MiB also count the archives inside it, so a
//!   nested archive cannot multiply them;
//! - the CRDs are the chart's `crds/` files with a `.yaml`, `.yml` or `.json` name (any case),
//!   in the archive's order, then each subchart's in `charts/`: a `<name>.tgz` file (an archive
//!   again) or a `<name>/` folder, names starting with `.` or `_` skipped, `.prov` files ignored;
//!   by name (Helm's own order of subcharts is Go's map order, which changes run to run).
//!
//! A UTF-8 byte-order mark is taken off each file, as Helm does.

use flate2::read::GzDecoder;
use std::collections::BTreeMap;
use std::io::Read;

/// Helm's `MaxDecompressedChartSize`: the most an archive holds decompressed (with the
/// archives inside it).
pub const MAX_CHART_BYTES: u64 = 100 << 20;

/// Helm's `MaxDecompressedFileSize`: the largest file in an archive.
pub const MAX_FILE_BYTES: u64 = 5 << 20;

/// A CRD file of a chart archive: where it is (`<archive name>!/<name in the archive>`, each
/// archive inside another named the same way) and its bytes.
#[derive(Debug, PartialEq, Eq)]
pub struct CrdFile {
    pub name: String,
    pub data: Vec<u8>,
}

/// Why an archive is refused: the archive (named as [`CrdFile::name`] names files) and why.
#[derive(Debug, PartialEq, Eq)]
pub struct ArchiveError {
    pub archive: String,
    pub message: String,
}

/// The CRD files of the chart archive `bytes` (named `name` in messages), in Helm's order.
pub fn crd_files(name: &str, bytes: &[u8]) -> Result<Vec<CrdFile>, ArchiveError> {
    let mut budget = MAX_CHART_BYTES;
    let mut out = Vec::new();
    archive_crds(name, bytes, &mut budget, &mut out)?;
    Ok(out)
}

/// A file of a chart: its name inside the chart, the name to show, its bytes.
struct File {
    name: String,
    shown: String,
    data: Vec<u8>,
}

fn archive_crds(
    name: &str,
    bytes: &[u8],
    budget: &mut u64,
    out: &mut Vec<CrdFile>,
) -> Result<(), ArchiveError> {
    let files = unpack(bytes, budget).map_err(|e| ArchiveError {
        archive: name.to_string(),
        message: e.to_string(),
    })?;
    let files = files
        .into_iter()
        .map(|f| File {
            shown: format!("{name}!/{}", f.shown),
            ..f
        })
        .collect();
    chart_crds(name, files, budget, out)
}

/// `Chart.CRDObjects` over a chart's files (as `loader.LoadFiles` sorts them).
fn chart_crds(
    chart: &str,
    files: Vec<File>,
    budget: &mut u64,
    out: &mut Vec<CrdFile>,
) -> Result<(), ArchiveError> {
    let mut subcharts: BTreeMap<String, Vec<File>> = BTreeMap::new();
    for f in files {
        if let Some(rest) = f.name.strip_prefix("charts/") {
            if f.name.ends_with(".prov") {
                continue;
            }
            let sub = rest.split('/').next().unwrap_or(rest).to_string();
            subcharts.entry(sub).or_default().push(File {
                name: rest.to_string(),
                ..f
            });
        } else if f.name.starts_with("crds/") && has_manifest_extension(&f.name) {
            out.push(CrdFile {
                name: f.shown,
                data: f.data,
            });
        }
    }
    for (sub, files) in subcharts {
        if sub.starts_with(['.', '_']) {
            continue;
        }
        if sub.ends_with(".tgz") {
            let refuse = |message| ArchiveError {
                archive: chart.to_string(),
                message,
            };
            let [file] = <[File; 1]>::try_from(files).map_err(|files| {
                refuse(format!(
                    "subchart {sub}: expected one file {sub}, got {}",
                    files.len()
                ))
            })?;
            if file.name != sub {
                return Err(refuse(format!(
                    "subchart {sub}: expected the file {sub}, got {}",
                    file.name
                )));
            }
            archive_crds(&file.shown, &file.data, budget, out)?;
        } else {
            let inner = files
                .into_iter()
                .filter_map(|f| {
                    let (_, rest) = f.name.split_once('/')?;
                    Some(File {
                        name: rest.to_string(),
                        ..f
                    })
                })
                .collect();
            chart_crds(chart, inner, budget, out)?;
        }
    }
    Ok(())
}

/// Go's `filepath.Ext` of the name is `.yaml`, `.yml` or `.json`, in any case (Helm's
/// `hasManifestExtension`).
fn has_manifest_extension(name: &str) -> bool {
    let base = name.rsplit('/').next().unwrap_or(name);
    base.rsplit_once('.').is_some_and(|(_, ext)| {
        ["yaml", "yml", "json"]
            .iter()
            .any(|e| ext.eq_ignore_ascii_case(e))
    })
}

/// A reader that fails once more than `left` bytes came through it.
struct Budget<'a, R> {
    inner: R,
    left: &'a mut u64,
}

impl<R: Read> Read for Budget<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        match self.left.checked_sub(n as u64) {
            Some(left) => {
                *self.left = left;
                Ok(n)
            }
            None => Err(std::io::Error::other(UnpackError::TooLarge.to_string())),
        }
    }
}

/// Why `archive.LoadArchiveFiles` refuses an archive: Helm's texts.
#[derive(Debug, thiserror::Error)]
enum UnpackError {
    #[error("cannot read the chart archive: not a gzip file")]
    NotGzip,
    #[error("cannot read the chart archive: {0}")]
    Read(std::io::Error),
    /// More than [`MAX_CHART_BYTES`] decompressed ([`Budget`]).
    #[error(
        "decompressed chart is larger than the maximum size {}",
        MAX_CHART_BYTES
    )]
    TooLarge,
    #[error("chart illegally contains absolute paths")]
    AbsolutePath,
    /// A file at the archive's top, not in the chart's folder: its name in the archive.
    #[error(
        "chart illegally contains content outside the base directory: {}",
        crate::go::strconv::quote(.0)
    )]
    OutsideBase(String),
    #[error("chart illegally references parent directory")]
    ParentDirectory,
    #[error("chart contains illegally named files")]
    IllegalName,
    #[error("chart yaml not in base directory")]
    ChartYamlNotInBase,
    /// A file past [`MAX_FILE_BYTES`]: its name in the archive.
    #[error(
        "decompressed chart file {} is larger than the maximum file size {}",
        crate::go::strconv::quote(.0),
        MAX_FILE_BYTES
    )]
    FileTooLarge(String),
    #[error("no files in chart archive")]
    NoFiles,
}

/// `archive.LoadArchiveFiles`: the regular files of the archive, each shown by its name in the
/// archive.
fn unpack(bytes: &[u8], budget: &mut u64) -> Result<Vec<File>, UnpackError> {
    // The reader's error when the budget ran out (as its text: the tar reader passes it on).
    let why = |e: std::io::Error| match e.get_ref().map(|e| e.to_string()) {
        Some(own) if own == UnpackError::TooLarge.to_string() => UnpackError::TooLarge,
        _ => UnpackError::Read(e),
    };
    if !bytes.starts_with(&[0x1f, 0x8b]) {
        return Err(UnpackError::NotGzip);
    }
    let gz = Budget {
        inner: GzDecoder::new(bytes),
        left: budget,
    };
    let mut archive = tar::Archive::new(gz);
    let mut files = Vec::new();
    for entry in archive.entries().map_err(why)? {
        let mut entry = entry.map_err(why)?;
        let full = String::from_utf8_lossy(&entry.path_bytes()).into_owned();
        let kind = entry.header().entry_type();
        // Go's reader takes an old-style regular entry whose name ends in `/` as a folder.
        let folder = kind.as_byte() == 0 && full.ends_with('/');
        if folder || !matches!(kind, tar::EntryType::Regular | tar::EntryType::Continuous) {
            continue;
        }
        let delimiter = if full.contains('\\') { '\\' } else { '/' };
        let mut parts = full.split(delimiter);
        let first = parts.next().unwrap_or_default();
        let inner = clean(&parts.collect::<Vec<_>>().join("/"));
        if inner.starts_with('/') {
            return Err(UnpackError::AbsolutePath);
        }
        if inner == "." {
            return Err(UnpackError::OutsideBase(full));
        }
        if inner.starts_with("..") {
            return Err(UnpackError::ParentDirectory);
        }
        let b = inner.as_bytes();
        if b.len() >= 3 && b[0].is_ascii_alphabetic() && b[1] == b':' && b[2] == b'/' {
            return Err(UnpackError::IllegalName);
        }
        if first == "Chart.yaml" {
            return Err(UnpackError::ChartYamlNotInBase);
        }
        let size = entry.header().size().map_err(why)?;
        if size > MAX_FILE_BYTES {
            return Err(UnpackError::FileTooLarge(full));
        }
        let mut data = Vec::with_capacity(size as usize);
        entry.read_to_end(&mut data).map_err(why)?;
        if let Some(rest) = data.strip_prefix(b"\xef\xbb\xbf") {
            data = rest.to_vec();
        }
        files.push(File {
            name: inner,
            shown: full,
            data,
        });
    }
    if files.is_empty() {
        return Err(UnpackError::NoFiles);
    }
    Ok(files)
}

/// Go's `path.Clean`: `.` and empty elements dropped, `..` taking the element before it (or
/// kept at the start of a relative path), `/` kept at the start; `.` for nothing.
fn clean(p: &str) -> String {
    let rooted = p.starts_with('/');
    let mut out: Vec<&str> = Vec::new();
    for part in p.split('/') {
        match part {
            "" | "." => {}
            ".." => match out.last() {
                Some(&last) if last != ".." => {
                    out.pop();
                }
                _ if rooted => {}
                _ => out.push(".."),
            },
            part => out.push(part),
        }
    }
    let joined = out.join("/");
    match (rooted, joined.is_empty()) {
        (true, _) => format!("/{joined}"),
        (false, true) => ".".into(),
        (false, false) => joined,
    }
}

#[cfg(test)]
mod tests;
