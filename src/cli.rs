//! Command-line flags (clap), parsed separately from the checked configuration, as ripgrep does,
//! and [`run`]: one whole run from stdin text to stdout text, stderr text and exit code, with no
//! I/O (`main` reads and writes), so the output is built in memory and written once.

use crate::config::{self, Config, ConfigError};
use crate::process::{self, ProcessError, Report};
use crate::resourcelist::pieces::Stdout;
use crate::resourcelist::{self, InputError};
use crate::results::{has_error, Log};
use crate::yaml::{parse_stream, Node, YamlError};
use clap::Parser;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub mod repo;
mod stream;

/// Gives custom resources, offline, exactly the shape kube-apiserver would store: prunes unknown
/// fields and applies OpenAPI defaults from CRD schemas.
///
/// Reads a KRM ResourceList (or a plain YAML stream, or a `kind: List`) on stdin and writes the
/// same form on stdout. Exit codes: 0 ok, 1 error results (the whole output is still written),
/// 2 bad input or config (nothing on stdout).
///
/// For manifests kept in a repository: `crd-schema-fn check PATH...` and `crd-schema-fn fix
/// PATH...` (see `crd-schema-fn check --help`).
#[derive(Debug, Clone, PartialEq, Eq, Parser)]
#[command(name = "crd-schema-fn", version)]
pub struct Flags {
    /// A function config file (CRDSchemaFn or ConfigMap): kustomize's legacy exec plugin form.
    /// stdin is then a YAML stream and relative schema paths resolve against this file's folder.
    #[arg(value_name = "CONFIG_FILE")]
    pub config_file: Option<PathBuf>,

    /// Print a unified diff of each changed resource on stderr.
    #[arg(long)]
    pub diff: bool,

    /// The objects and CRDs as the cluster holds them now (a file or folder: YAML streams,
    /// ResourceLists, `kind: List`; repeatable): an input object with the same group, kind,
    /// namespace and name is judged as an update of it.
    #[arg(long, value_name = "PATH")]
    pub previous: Vec<PathBuf>,

    /// How many threads to use (default: as many as the machine has; also
    /// CRD_SCHEMA_FN_JOBS, or the config's `jobs:`). The output is the same at any count;
    /// 1 runs everything on one thread.
    #[arg(long, short = 'j', value_name = "N", value_parser = crate::jobs::parse)]
    pub jobs: Option<usize>,

    /// Answer as kube-apiserver of this Kubernetes version does: 1.32 to 1.36 (default 1.36;
    /// `1.34`, `v1.34` or `1.34.2`, the patch ignored; also
    /// CRD_SCHEMA_FN_KUBERNETES_VERSION, or the config's `kubernetesVersion:`).
    #[arg(long, value_name = "VERSION", value_parser = crate::versions::KubeVersion::parse)]
    pub kubernetes_version: Option<crate::versions::KubeVersion>,
}

/// The legacy plugin's config file, as read by `main`.
#[derive(Debug, Clone)]
pub struct ConfigFile {
    pub path: PathBuf,
    pub text: String,
    /// The folder relative `schemas:` paths resolve against: the kustomization's folder when
    /// kustomize says which (`KUSTOMIZE_PLUGIN_CONFIG_ROOT`: it hands the plugin a copy of the
    /// config in a temporary folder), else the config file's folder.
    pub base_dir: PathBuf,
}

impl ConfigFile {
    /// A config file read from `path`, with `plugin_config_root` the value of
    /// `KUSTOMIZE_PLUGIN_CONFIG_ROOT` if set.
    pub fn new(path: PathBuf, text: String, plugin_config_root: Option<PathBuf>) -> Self {
        let base_dir = plugin_config_root
            .filter(|root| !root.as_os_str().is_empty())
            .unwrap_or_else(|| path.parent().unwrap_or(Path::new("")).to_path_buf());
        ConfigFile {
            path,
            text,
            base_dir,
        }
    }
}

/// What a run produced. `stdout` (pieces written in order, see [`Stdout::write_to`], so a long
/// output is never copied into one string) is empty on exit 2.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Execution {
    pub stdout: Stdout,
    pub stderr: String,
    /// The rest of stderr, after `stderr`, not rendered yet ([`run_for_writing`]; [`run`]
    /// renders it into `stderr`).
    pub stderr_rest: Option<StderrRest>,
    pub code: i32,
}

/// A streamed run's stderr after its first lines: its items' lines, written from their results
/// as stderr is written (the 100k list's are 33 MB of text), then the lines after them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StderrRest {
    pub items: Arc<Log>,
    pub after: String,
    /// On how many threads the items' lines are made ([`Log::write_stderr`]).
    pub threads: usize,
}

impl Execution {
    /// The same, with all of stderr in `stderr`.
    pub fn with_stderr_rendered(mut self) -> Self {
        if self.stderr_rest.is_some() {
            let mut all = Vec::new();
            self.write_stderr(&mut all).expect("writing to memory");
            self.stderr = String::from_utf8(all).expect("UTF-8 lines");
            self.stderr_rest = None;
        }
        self
    }

    /// Writes all of stderr.
    pub fn write_stderr(&self, w: &mut dyn Write) -> io::Result<()> {
        w.write_all(self.stderr.as_bytes())?;
        if let Some(rest) = &self.stderr_rest {
            rest.items.write_stderr(rest.threads, w)?;
            w.write_all(rest.after.as_bytes())?;
        }
        Ok(())
    }
}

/// Why a run stopped before writing anything (exit 2).
#[derive(Debug, thiserror::Error)]
pub enum FatalError {
    #[error("{0}")]
    Input(#[from] InputError),
    #[error("{0}")]
    Config(#[from] ConfigError),
    #[error("config file {path}: malformed YAML: {source}")]
    ConfigFile { path: String, source: YamlError },
    #[error("{0}")]
    Process(#[from] ProcessError),
}

/// One run: reads `stdin`, loads the config (from `config_file` in legacy plugin mode, with
/// schema paths relative to that file's folder; else the ResourceList's functionConfig, with paths
/// relative to the working directory), processes, writes.
///
/// Input that kubectl reads as JSON is answered in JSON (see [`resourcelist::json`]).
pub fn run(flags: &Flags, stdin: &str, config_file: Option<&ConfigFile>) -> Execution {
    run_for_writing(flags, stdin, config_file).with_stderr_rendered()
}

/// [`run`], with the rest of stderr left to be written ([`Execution::write_stderr`]): its lines
/// are not all held at once.
pub fn run_for_writing(flags: &Flags, stdin: &str, config_file: Option<&ConfigFile>) -> Execution {
    match try_run(flags, stdin, config_file, false) {
        Ok(e) => e,
        Err(err) => Execution {
            stdout: Stdout::default(),
            stderr: format!("crd-schema-fn: error: {err}\n"),
            stderr_rest: None,
            code: 2,
        },
    }
}

/// The run's answer, in JSON when the input is JSON (and every document has a JSON form).
/// Without `check`, a JSON list's elements may first be found unchecked (see
/// [`resourcelist::json::json_reading`]): when they do not all read so, the run starts again
/// from the text's checked reading.
fn try_run(
    flags: &Flags,
    stdin: &str,
    config_file: Option<&ConfigFile>,
    check: bool,
) -> Result<Execution, FatalError> {
    let (json, items) = match resourcelist::json::json_reading(stdin, check) {
        Some((layout, items)) => (Some(layout), items),
        None => (None, None),
    };
    // A stream the reader refuses (as kubectl does) is not streamed: the whole-input run reads
    // it again and reports the refusal.
    match stream::run(flags, stdin, config_file, json, items) {
        Ok(Some(done)) => done.map(|(e, _)| e),
        Ok(None) => whole(flags, stdin, config_file, json),
        Err(stream::Unchecked) => try_run(flags, stdin, config_file, true),
    }
}

/// The whole-input run: every item read into memory, then processed, then written (in JSON
/// when `json`, from the trees as the streamed run writes it).
fn whole(
    flags: &Flags,
    stdin: &str,
    config_file: Option<&ConfigFile>,
    json: Option<resourcelist::json::Layout>,
) -> Result<Execution, FatalError> {
    let mut input = resourcelist::read(stdin)?;
    let mut config = load_config(input.function_config.as_ref(), config_file)?
        .with_jobs(flags.jobs)?
        .with_kubernetes_version(flags.kubernetes_version)?;
    config.previous.extend(flags.previous.iter().cloned());
    let _run = crate::versions::enter(config.behaviours());
    let report = process::process(&mut input.items, &input.labels, &config, flags.diff)?;
    let stdout = match json {
        None => resourcelist::write(input, &report.results),
        Some(layout) => resourcelist::write_json(input, &report.results, layout),
    };
    Ok(execution(&report, Stdout::of(stdout)))
}

/// The run's outcome from its report and output: warnings and errors (then diffs) on stderr,
/// exit 1 when any result is an error.
fn execution(report: &Report, stdout: Stdout) -> Execution {
    let mut stderr = String::new();
    for r in &report.results {
        r.push_stderr(&mut stderr);
    }
    for d in &report.diffs {
        stderr.push_str(d);
    }
    let code = if has_error(&report.results) { 1 } else { 0 };
    Execution {
        stdout,
        stderr,
        stderr_rest: None,
        code,
    }
}

/// The config file's first non-null document (legacy mode, paths relative to
/// [`ConfigFile::base_dir`]), else the ResourceList's functionConfig (paths relative to the working
/// directory, kept relative so messages show them as the user wrote them).
fn load_config(
    function_config: Option<&Node>,
    file: Option<&ConfigFile>,
) -> Result<Config, FatalError> {
    let Some(file) = file else {
        return Ok(config::load(function_config, Path::new(""))?);
    };
    let docs = parse_stream(&file.text).map_err(|source| FatalError::ConfigFile {
        path: file.path.display().to_string(),
        source,
    })?;
    Ok(config::load(
        docs.iter().find(|d| !d.is_null()),
        &file.base_dir,
    )?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_definition_is_valid() {
        Flags::command().debug_assert();
    }

    #[test]
    fn schema_paths_resolve_against_kustomize_plugin_config_root() {
        let tmp = PathBuf::from("/tmp/kust-plugin-config-1");
        let f = ConfigFile::new(tmp.clone(), String::new(), Some("/src/overlay".into()));
        assert_eq!(f.base_dir, PathBuf::from("/src/overlay"));
        let f = ConfigFile::new(tmp.clone(), String::new(), Some(PathBuf::new()));
        assert_eq!(f.base_dir, PathBuf::from("/tmp"));
        let f = ConfigFile::new("cfg/fn.yaml".into(), String::new(), None);
        assert_eq!(f.base_dir, PathBuf::from("cfg"));
    }

    #[test]
    fn parses_config_file_and_diff() {
        let f = Flags::try_parse_from(["crd-schema-fn", "cfg.yaml", "--diff"]).unwrap();
        assert_eq!(f.config_file, Some(PathBuf::from("cfg.yaml")));
        assert!(f.diff);
        let f = Flags::try_parse_from(["crd-schema-fn"]).unwrap();
        assert_eq!(
            f,
            Flags {
                config_file: None,
                diff: false,
                previous: Vec::new(),
                jobs: None,
                kubernetes_version: None,
            }
        );
        assert!(Flags::try_parse_from(["crd-schema-fn", "--bogus"]).is_err());
    }

    #[test]
    fn parses_the_kubernetes_version_and_refuses_one_outside_the_range() {
        for (arg, minor) in [("1.34", 34), ("v1.34", 34), ("1.34.2", 34), ("1.32", 32)] {
            let f = Flags::try_parse_from(["crd-schema-fn", "--kubernetes-version", arg]).unwrap();
            assert_eq!(
                f.kubernetes_version.map(|v| v.minor()),
                Some(minor),
                "{arg}"
            );
        }
        for bad in ["1.31", "1.37", "latest"] {
            let err =
                Flags::try_parse_from(["crd-schema-fn", "--kubernetes-version", bad]).unwrap_err();
            assert_eq!(err.exit_code(), 2, "{bad}");
            assert!(
                err.to_string()
                    .contains("the supported versions are 1.32 to 1.36"),
                "{bad}: {err}"
            );
        }
    }

    #[test]
    fn parses_jobs_and_refuses_what_is_not_a_thread_count() {
        let f = Flags::try_parse_from(["crd-schema-fn", "--jobs", "3"]).unwrap();
        assert_eq!(f.jobs, Some(3));
        let f = Flags::try_parse_from(["crd-schema-fn", "-j1"]).unwrap();
        assert_eq!(f.jobs, Some(1));
        for bad in ["0", "x", "-1", ""] {
            let arg = format!("--jobs={bad}");
            let err = Flags::try_parse_from(["crd-schema-fn", arg.as_str()]).unwrap_err();
            assert_eq!(err.exit_code(), 2, "{bad}");
            assert!(
                err.to_string()
                    .contains("expected a whole number of threads, 1 or more"),
                "{bad}: {err}"
            );
        }
    }
}
