//! The `check` and `fix` subcommands' command line, and the rule that tells them from the
//! legacy plugin form `crd-schema-fn CONFIG_FILE`: the first argument `check` or `fix` is the
//! subcommand unless a file of that name exists in the working directory, which is then read as
//! the config file, as it always was (`./check` never names the subcommand).

use crate::repo::{Format, Mode, Options};
use clap::{Args, Parser, Subcommand};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// Checks or fixes manifests kept in a repository: every custom resource in the files named is
/// given the shape kube-apiserver would store (unknown fields pruned, defaults applied), with the
/// CRDs among the files (plus --schemas) as schemas.
#[derive(Debug, Clone, PartialEq, Eq, Parser)]
#[command(name = "crd-schema-fn", version)]
pub struct RepoCli {
    #[command(subcommand)]
    pub command: RepoCommand,
}

#[derive(Debug, Clone, PartialEq, Eq, Subcommand)]
pub enum RepoCommand {
    /// Checks that every resource is in the shape the apiserver stores; changes nothing.
    ///
    /// Names file, resource and field of each change it would make (a field pruned, a default
    /// added, metadata normalized) and each warning and error.
    ///
    /// Exit codes: 0 nothing would change and no error; 1 a resource would change, a file does
    /// not parse, or an error result (a refused object, a non-structural CRD,
    /// fieldValidation: Strict); 2 bad arguments, config, path or schema.
    Check(RepoArgs),
    /// Rewrites the files whose resources change, in place.
    ///
    /// Comments, key order, quoting, layout and line breaks stay: the added defaults and removed
    /// fields are the only differences; files that do not change are not written. Reports what it
    /// changed.
    ///
    /// Exit codes: 0 done, no error; 1 a file could not be edited in place (left unchanged),
    /// a file does not parse, or an error result; 2 bad arguments, config, path or schema.
    Fix(RepoArgs),
}

#[derive(Debug, Clone, PartialEq, Eq, Args)]
pub struct RepoArgs {
    /// Files, and folders (their *.yaml, *.yml and *.json files, recursively; hidden entries
    /// skipped).
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// More schema sources, like the config's `schemas:` (CRD files or folders, swagger 2.0,
    /// OpenAPI v3), relative to the working directory. Repeatable.
    #[arg(long, value_name = "PATH")]
    pub schemas: Vec<PathBuf>,

    /// A config file (CRDSchemaFn or ConfigMap, as for the function): prune, default,
    /// fieldValidation, schemas (relative to its folder), skipKinds.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,

    /// Print the unified diff of each file that changes (check: would change).
    #[arg(long)]
    pub diff: bool,

    /// How to write the findings: text (FILE:LINE:COL: LEVEL: MESSAGE lines), json, sarif
    /// (SARIF 2.1.0), github (workflow commands), gitlab (code quality report) or junit (JUnit
    /// XML). With all but text, stdout holds only the report; diffs and the summary go to stderr.
    #[arg(long, value_enum, default_value_t = Format::Text, value_name = "FORMAT")]
    pub format: Format,
    /// A git revision (a pull request's base, e.g. origin/main): the same paths there are what
    /// the cluster holds now, and each resource matching one of its objects (same group, kind,
    /// namespace and name, in any file) is judged as an update of it.
    #[arg(long, value_name = "REV", allow_hyphen_values = true)]
    pub base: Option<String>,

    /// How many threads to use (default: as many as the machine has; also
    /// CRD_SCHEMA_FN_JOBS, or the config's `jobs:`). The report is the same at any count.
    #[arg(long, short = 'j', value_name = "N", value_parser = crate::jobs::parse)]
    pub jobs: Option<usize>,

    /// Answer as kube-apiserver of this Kubernetes version does: 1.32 to 1.36 (default 1.36;
    /// `1.34`, `v1.34` or `1.34.2`, the patch ignored; also
    /// CRD_SCHEMA_FN_KUBERNETES_VERSION, or the config's `kubernetesVersion:`).
    #[arg(long, value_name = "VERSION", value_parser = crate::versions::KubeVersion::parse)]
    pub kubernetes_version: Option<crate::versions::KubeVersion>,
}

/// Whether the command line is `check ...` or `fix ...` (see the module docs).
pub fn is_repo_command(args: &[OsString]) -> bool {
    names_subcommand(args, |p| p.exists())
}

/// [`is_repo_command`] with `exists` telling whether a path exists.
fn names_subcommand(args: &[OsString], exists: impl Fn(&Path) -> bool) -> bool {
    args.get(1)
        .is_some_and(|a| (a == "check" || a == "fix") && !exists(Path::new(a)))
}

impl RepoCli {
    /// The command's options.
    pub fn options(&self) -> Options {
        let (mode, args) = match &self.command {
            RepoCommand::Check(a) => (Mode::Check, a),
            RepoCommand::Fix(a) => (Mode::Fix, a),
        };
        Options {
            mode,
            paths: args.paths.clone(),
            schemas: args.schemas.clone(),
            config: args.config.clone(),
            diff: args.diff,
            format: args.format,
            base: args.base.clone(),
            jobs: args.jobs,
            kubernetes_version: args.kubernetes_version,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_definition_is_valid() {
        RepoCli::command().debug_assert();
    }

    #[test]
    fn parses_both_subcommands() {
        let cli = RepoCli::try_parse_from([
            "crd-schema-fn",
            "fix",
            "a.yaml",
            "dir",
            "--schemas",
            "crds",
            "--schemas",
            "x.json",
            "--config",
            "c.yaml",
            "--diff",
        ])
        .unwrap();
        assert_eq!(
            cli.options(),
            Options {
                mode: Mode::Fix,
                paths: vec!["a.yaml".into(), "dir".into()],
                schemas: vec!["crds".into(), "x.json".into()],
                config: Some("c.yaml".into()),
                diff: true,
                format: Format::Text,
                base: None,
                jobs: None,
                kubernetes_version: None,
            }
        );
        let cli = RepoCli::try_parse_from(["crd-schema-fn", "check", "m", "--jobs", "2"]).unwrap();
        assert_eq!(cli.options().jobs, Some(2));
        let err =
            RepoCli::try_parse_from(["crd-schema-fn", "check", "m", "--jobs", "0"]).unwrap_err();
        assert_eq!(err.exit_code(), 2);
        let cli = RepoCli::try_parse_from(["crd-schema-fn", "check", "m"]).unwrap();
        assert_eq!(cli.options().mode, Mode::Check);
        assert_eq!(cli.options().format, Format::Text);
        for (name, format) in [
            ("text", Format::Text),
            ("json", Format::Json),
            ("sarif", Format::Sarif),
            ("github", Format::Github),
            ("gitlab", Format::Gitlab),
            ("junit", Format::Junit),
        ] {
            let cli =
                RepoCli::try_parse_from(["crd-schema-fn", "check", "m", "--format", name]).unwrap();
            assert_eq!(cli.options().format, format);
        }
        assert!(
            RepoCli::try_parse_from(["crd-schema-fn", "check", "m", "--format", "xml"]).is_err()
        );
        assert!(RepoCli::try_parse_from(["crd-schema-fn", "check"]).is_err());
    }

    #[test]
    fn an_existing_file_named_check_stays_a_config_file() {
        let os = |v: &[&str]| v.iter().map(OsString::from).collect::<Vec<_>>();
        let none = |_: &Path| false;
        assert!(names_subcommand(
            &os(&["crd-schema-fn", "check", "."]),
            none
        ));
        assert!(names_subcommand(&os(&["crd-schema-fn", "fix"]), none));
        assert!(!names_subcommand(
            &os(&["crd-schema-fn", "config.yaml"]),
            none
        ));
        assert!(!names_subcommand(
            &os(&["crd-schema-fn", "--diff", "check"]),
            none
        ));
        assert!(!names_subcommand(&os(&["crd-schema-fn"]), none));
        let check_exists = |p: &Path| p == Path::new("check");
        assert!(!names_subcommand(
            &os(&["crd-schema-fn", "check", "x"]),
            check_exists
        ));
        assert!(names_subcommand(
            &os(&["crd-schema-fn", "fix", "x"]),
            check_exists
        ));
    }
}
