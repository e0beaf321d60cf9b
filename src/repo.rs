//! `crd-schema-fn check` and `crd-schema-fn fix`: the function's front door for manifests kept
//! in a repository (Argo CD's rendered-manifests pattern, Flux).
//!
//! Both read the files named (folders: their `*.yaml`, `*.yml`, `*.json`, recursively, see
//! `walk`), take the CRDs among them as schemas (plus `--schemas` and the config's
//! `schemas:`), and put every resource through exactly what the function does to an item
//! ([`crate::process`]): the same engine, the same results. `check` changes nothing and fails
//! (exit 1) when any resource would change or any result is an error; `fix` rewrites the files
//! that change — editing them in place ([`crate::yaml::edit`]), so that comments, styles and
//! layout stay and the added defaults and removed fields are the only differences — and fails
//! only on error results or on a file it cannot edit. Exit 2: unusable command line, config,
//! path or schema (nothing is written).

mod apply;
mod base;
mod files;
pub mod findings;
pub mod formats;
mod impact;
mod report;
mod schemas;
#[cfg(test)]
mod tests;
mod walk;

use crate::config::{self, Config, ConfigError};
use crate::process::{ProcessError, UpdateContext};
use crate::yaml::parse_stream;
use apply::FileRun;
pub use formats::Format;
use report::Totals;
use std::path::{Path, PathBuf};

/// Which command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Check,
    Fix,
}

/// A `check` or `fix` command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub mode: Mode,
    /// Files and folders to read.
    pub paths: Vec<PathBuf>,
    /// More schema sources (like the config's `schemas:`, relative to the working directory).
    pub schemas: Vec<PathBuf>,
    /// A config file (CRDSchemaFn or ConfigMap; its `schemas:` relative to its folder).
    pub config: Option<PathBuf>,
    /// Print each changing file's unified diff.
    pub diff: bool,
    /// How findings are written (text, or a format for CI tools).
    pub format: Format,
    /// A git revision: the same paths there are the previous revision, and each resource that
    /// matches one of its objects is judged as an update of it.
    pub base: Option<String>,
    /// How many threads (`--jobs`; `None`: the environment's, the config's, else the machine's).
    pub jobs: Option<usize>,
    /// The Kubernetes version to answer as (`--kubernetes-version`; `None`: the environment's,
    /// the config's, else 1.36).
    pub kubernetes_version: Option<crate::versions::KubeVersion>,
}

/// What a command printed and its exit code (0 or 1). In the text format everything is on
/// stdout; in the other formats stdout holds only the report, and the diffs and the summary
/// line go to stderr.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

/// Why a command could not run (exit 2).
#[derive(Debug, thiserror::Error)]
pub enum RepoError {
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("config file {path}: {message}")]
    ConfigFile { path: String, message: String },
    #[error("config file {path}: {source}")]
    Config { path: String, source: ConfigError },
    #[error("{0}")]
    Schema(#[from] ProcessError),
    #[error("{0}")]
    Base(String),
    /// An environment variable that cannot be used.
    #[error("{0}")]
    Environment(ConfigError),
}

impl RepoError {
    pub(crate) fn io(path: &Path, source: std::io::Error) -> Self {
        RepoError::Io {
            path: path.display().to_string(),
            source,
        }
    }
}

/// Runs a command: reads, processes, reports, and (`fix`) writes the files that change.
pub fn run(opts: &Options) -> Result<Outcome, RepoError> {
    let mut config = load_config(opts.config.as_deref())?
        .with_jobs(opts.jobs)
        .and_then(|c| c.with_kubernetes_version(opts.kubernetes_version))
        .map_err(RepoError::Environment)?;
    config.schemas.extend(opts.schemas.iter().cloned());
    let _run = crate::versions::enter(config.behaviours());
    let previous = match &opts.base {
        Some(rev) => Some(base::previous(rev, &opts.paths, &config)?),
        None => None,
    };
    let threads = config.threads();
    let paths = walk::files(&opts.paths)?;
    // Read and parsed on the run's threads; the first unreadable file in path order stops.
    let sources = crate::jobs::map_ordered(threads, paths.iter().collect(), |p| {
        files::read(p).map_err(|e| RepoError::io(p, e))
    })
    .into_iter()
    .collect::<Result<Vec<_>, _>>()?;
    let mut per_file = vec![Vec::new(); sources.len()];
    let mut general = Vec::new();
    let registry = schemas::registry(
        &sources,
        &config,
        previous.as_ref(),
        &mut per_file,
        &mut general,
    )?;
    let mut impact = match &previous {
        Some(p) => impact::of(&sources, p, &registry, &config),
        None => Vec::new(),
    };
    let update = previous.as_ref().map(|previous| UpdateContext {
        previous,
        registry: &registry,
        files: None,
    });
    let (mut text, mut diffs) = (String::new(), String::new());
    let mut reports = vec![findings::general(&general)];
    report::text_lines(&reports[0], &mut text);
    let mut totals = Totals {
        errors: report::count_errors(&general),
        ..Totals::default()
    };
    // Files processed on the run's threads a few at a time (a chunk's new texts are held
    // until reported), reported and written in path order.
    let mut pending = sources.into_iter().zip(per_file);
    let apply_one = |(file, results): (files::SourceFile, Vec<crate::results::KrmResult>)| {
        let mut run = FileRun::new(file);
        run.results = results;
        apply::apply(&mut run, &registry, &config, update);
        run
    };
    let runs = std::iter::from_fn(|| {
        let chunk: Vec<_> = pending.by_ref().take(threads * 16).collect();
        (!chunk.is_empty()).then(|| crate::jobs::map_ordered(threads, chunk, apply_one))
    });
    for mut run in runs.flatten() {
        impact::place(&mut run, &mut impact);
        if opts.mode == Mode::Fix {
            write_fixed(&run)?;
        }
        let found = findings::of_file(&run, opts.mode);
        report::text_lines(&found, &mut text);
        if opts.diff {
            let diff = report::diff_text(&run);
            match opts.format {
                Format::Text => text.push_str(&diff),
                _ => diffs.push_str(&diff),
            }
        }
        reports.push(found);
        totals.add(&run);
    }
    if !impact.is_empty() {
        // About previous objects that no file read holds.
        reports.push(findings::general(&impact));
        report::text_lines(&reports[reports.len() - 1], &mut text);
    }
    let summary = report::summary(opts.mode, &totals);
    let (stdout, stderr) = match opts.format {
        Format::Text => (text + &summary, String::new()),
        format => (
            formats::render(format, opts.mode, &reports),
            diffs + &summary,
        ),
    };
    let failed = totals.errors > 0
        || match opts.mode {
            Mode::Check => totals.changed > 0,
            Mode::Fix => totals.uneditable > 0,
        };
    Ok(Outcome {
        stdout,
        stderr,
        code: i32::from(failed),
    })
}

/// Writes a file's new text (with its byte order mark, if it had one) when it changes.
fn write_fixed(run: &FileRun) -> Result<(), RepoError> {
    let Some(Ok(text)) = &run.edited else {
        return Ok(());
    };
    if *text == run.file.text {
        return Ok(());
    }
    let bom = if run.file.bom { "\u{feff}" } else { "" };
    std::fs::write(&run.file.path, format!("{bom}{text}"))
        .map_err(|e| RepoError::io(&run.file.path, e))
}

/// The config file's first non-null document (`schemas:` relative to its folder), or all
/// defaults.
fn load_config(path: Option<&Path>) -> Result<Config, RepoError> {
    let Some(path) = path else {
        return Ok(Config::default());
    };
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| RepoError::ConfigFile {
        path: name.clone(),
        message: format!("cannot read: {e}"),
    })?;
    let docs = parse_stream(&text).map_err(|e| RepoError::ConfigFile {
        path: name.clone(),
        message: format!("malformed YAML: {e}"),
    })?;
    let base = path.parent().unwrap_or(Path::new(""));
    config::load(docs.iter().find(|d| !d.is_null()), base)
        .map_err(|source| RepoError::Config { path: name, source })
}
