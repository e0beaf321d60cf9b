//! The function's configuration (`functionConfig`), loaded in four steps as kyaml's framework
//! does: check (which kind of object is it?), parse (read the raw fields, rejecting unknown keys
//! and values of the wrong type), default (prune and default on, `Warn`, validation `Error`),
//! validate (values in
//! range, schema paths resolved against a base folder).
//!
//! Two forms are accepted: the function's own kind
//! (`fn.crd-schema-fn.dev/v1alpha1` `CRDSchemaFn`, settings under `spec`) and a `v1` `ConfigMap`
//! whose `data` holds the same keys as strings (what `kpt fn eval ... -- prune=false` sends).
//! A missing or null functionConfig means all defaults.

use crate::versions::{Behaviours, KubeVersion};
use crate::yaml::json::{kind_name as json_kind, to_json};
use crate::yaml::Node;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The function's own config kind.
pub const API_VERSION: &str = "fn.crd-schema-fn.dev/v1alpha1";
pub const KIND: &str = "CRDSchemaFn";

/// The keys both config forms accept (under `spec` or `data`).
pub const KEYS: [&str; 9] = [
    "prune",
    "default",
    "fieldValidation",
    "validation",
    "schemas",
    "skipKinds",
    "previous",
    "jobs",
    "kubernetesVersion",
];

/// How each pruned field is reported (the apiserver's `fieldValidation` levels).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldValidation {
    /// No result.
    Ignore,
    /// A warning result.
    Warn,
    /// An error result (the function exits 1, still writing the whole list).
    Strict,
}

/// How the causes of a create request's refusal (the apiserver's 422) are reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Validation {
    /// Not checked.
    Ignore,
    /// A warning result per cause.
    Warn,
    /// An error result per cause (the function exits 1, still writing the whole list).
    Error,
}

/// A kind left untouched: `Kind` (any group) or `group/Kind`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SkipKind {
    pub group: Option<String>,
    pub kind: String,
}

impl SkipKind {
    /// Whether an object of this group (`""` for the core group) and kind is skipped.
    pub fn matches(&self, group: &str, kind: &str) -> bool {
        self.kind == kind && self.group.as_deref().is_none_or(|g| g == group)
    }
}

/// The checked configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub prune: bool,
    pub default: bool,
    pub field_validation: FieldValidation,
    pub validation: Validation,
    /// Extra schema sources, resolved against the base folder.
    pub schemas: Vec<PathBuf>,
    pub skip_kinds: Vec<SkipKind>,
    /// The objects (and CRDs) as the cluster holds them now (files or folders): an input
    /// object that matches one of them is judged as an update of it.
    pub previous: Vec<PathBuf>,
    /// How many threads a run uses (`None`: as many as the machine has, see [`Config::threads`]).
    /// `--jobs` and [`crate::jobs::JOBS_ENV`] win over the config's `jobs:`.
    pub jobs: Option<usize>,
    /// The Kubernetes version whose apiserver answers (`None`: the default, 1.36). The
    /// command line's `--kubernetes-version` and [`crate::versions::VERSION_ENV`] win over the
    /// config's `kubernetesVersion:`.
    pub kubernetes_version: Option<KubeVersion>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            prune: true,
            default: true,
            field_validation: FieldValidation::Warn,
            validation: Validation::Error,
            schemas: Vec::new(),
            skip_kinds: Vec::new(),
            previous: Vec::new(),
            jobs: None,
            kubernetes_version: None,
        }
    }
}

impl Config {
    /// The threads a run uses: [`Config::jobs`], else as many as the machine has.
    pub fn threads(&self) -> usize {
        self.jobs.unwrap_or_else(crate::jobs::available).max(1)
    }

    /// Sets [`Config::jobs`] from the command line's `--jobs` (`flag`), else from
    /// [`crate::jobs::JOBS_ENV`], else keeps the config's `jobs:`.
    pub fn with_jobs(mut self, flag: Option<usize>) -> Result<Self, ConfigError> {
        let env = crate::jobs::from_env().map_err(|e| ConfigError::Environment(e.to_string()))?;
        self.jobs = flag.or(env).or(self.jobs);
        Ok(self)
    }

    /// Sets [`Config::kubernetes_version`] from the command line's `--kubernetes-version`
    /// (`flag`), else from [`crate::versions::VERSION_ENV`], else keeps the config's
    /// `kubernetesVersion:`.
    pub fn with_kubernetes_version(
        mut self,
        flag: Option<KubeVersion>,
    ) -> Result<Self, ConfigError> {
        let env =
            crate::versions::from_env().map_err(|e| ConfigError::Environment(e.to_string()))?;
        self.kubernetes_version = flag.or(env).or(self.kubernetes_version);
        Ok(self)
    }

    /// What the run's Kubernetes version does (resolved once per run).
    pub fn behaviours(&self) -> Behaviours {
        Behaviours::of(self.kubernetes_version.unwrap_or_default())
    }

    /// Whether objects of this apiVersion and kind are to be left untouched.
    pub fn skips(&self, api_version: &str, kind: &str) -> bool {
        let group = api_version.rsplit_once('/').map_or("", |(g, _)| g);
        self.skip_kinds.iter().any(|s| s.matches(group, kind))
    }
}

/// A config that cannot be used: names the key and says what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error("functionConfig: unsupported kind {kind:?} (apiVersion {api_version:?}); expected {API_VERSION} {KIND} or v1 ConfigMap")]
    UnsupportedKind { api_version: String, kind: String },
    #[error("functionConfig: expected a mapping, found {found}")]
    NotAMap { found: String },
    #[error("functionConfig: {key}: unknown field (known: {known})")]
    UnknownKey { key: String, known: String },
    #[error("functionConfig: {key}: {message}")]
    BadValue { key: String, message: String },
    /// An environment variable with a value that cannot be used (the message names it).
    #[error("{0}")]
    Environment(String),
}

/// Which form a config object has (step 1: check).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    Own,
    ConfigMap,
}

/// The fields as written, before defaults (step 2: parse).
#[derive(Debug, Default)]
struct Raw {
    /// `spec` or `data`, for messages.
    section: &'static str,
    prune: Option<bool>,
    default: Option<bool>,
    field_validation: Option<String>,
    validation: Option<String>,
    schemas: Vec<String>,
    skip_kinds: Vec<String>,
    previous: Vec<String>,
    jobs: Option<usize>,
    kubernetes_version: Option<KubeVersion>,
}

/// The environment variable that lifts the restriction on the paths a config names, as
/// kustomize's `--load-restrictor LoadRestrictionsNone` does (the container image sets it:
/// there only the folders the user mounted exist).
pub const LOAD_RESTRICTOR_ENV: &str = "CRD_SCHEMA_FN_LOAD_RESTRICTOR";

/// Where the paths a config names (`schemas:`, `previous:`) may lead, as kustomize's load
/// restrictor: a config comes with the pull request that changes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoadRestrictor {
    /// `LoadRestrictionsRootOnly` (the default): relative paths that resolve, symbolic links
    /// followed, inside the base folder (and every file of a folder they name too).
    RootOnly,
    /// `LoadRestrictionsNone`: any path.
    None,
}

impl LoadRestrictor {
    /// [`LoadRestrictor::None`] when [`LOAD_RESTRICTOR_ENV`] is `LoadRestrictionsNone`.
    pub fn from_env() -> Self {
        match std::env::var(LOAD_RESTRICTOR_ENV).as_deref() {
            Ok("LoadRestrictionsNone") => LoadRestrictor::None,
            _ => LoadRestrictor::RootOnly,
        }
    }
}

/// Loads a config object (`None` or null: all defaults). Relative schema paths are resolved
/// against `base_dir` (the config file's folder in legacy plugin mode, else the working
/// directory), and restricted to it unless [`LOAD_RESTRICTOR_ENV`] says otherwise.
pub fn load(node: Option<&Node>, base_dir: &Path) -> Result<Config, ConfigError> {
    load_with(node, base_dir, LoadRestrictor::from_env())
}

/// [`load`] with the given path restriction.
pub fn load_with(
    node: Option<&Node>,
    base_dir: &Path,
    restrictor: LoadRestrictor,
) -> Result<Config, ConfigError> {
    let node = match node {
        None => return Ok(Config::default()),
        Some(n) if n.is_null() => return Ok(Config::default()),
        Some(n) => n,
    };
    let value = to_json(node).map_err(|e| ConfigError::BadValue {
        key: "functionConfig".into(),
        message: e.message,
    })?;
    load_value_with(&value, base_dir, restrictor)
}

/// [`load`] on a JSON value (as read the YAML 1.1 way).
pub fn load_value(value: &Value, base_dir: &Path) -> Result<Config, ConfigError> {
    load_value_with(value, base_dir, LoadRestrictor::from_env())
}

/// [`load_with`] on a JSON value.
pub fn load_value_with(
    value: &Value,
    base_dir: &Path,
    restrictor: LoadRestrictor,
) -> Result<Config, ConfigError> {
    let form = check(value)?;
    let raw = parse(value, form)?;
    validate(raw, base_dir, restrictor)
}

/// Step 1: which kind of config object this is.
fn check(value: &Value) -> Result<Form, ConfigError> {
    let map = value.as_object().ok_or_else(|| ConfigError::NotAMap {
        found: json_kind(value).into(),
    })?;
    let field = |k: &str| map.get(k).and_then(Value::as_str).unwrap_or("").to_string();
    let (api_version, kind) = (field("apiVersion"), field("kind"));
    match (api_version.as_str(), kind.as_str()) {
        (API_VERSION, KIND) => Ok(Form::Own),
        ("v1", "ConfigMap") => Ok(Form::ConfigMap),
        _ => Err(ConfigError::UnsupportedKind { api_version, kind }),
    }
}

/// Step 2: reads the settings map (`spec` or `data`), rejecting unknown keys and wrong types.
fn parse(value: &Value, form: Form) -> Result<Raw, ConfigError> {
    let (section, allowed_top): (&str, &[&str]) = match form {
        Form::Own => ("spec", &["apiVersion", "kind", "metadata", "spec"]),
        Form::ConfigMap => (
            "data",
            &[
                "apiVersion",
                "kind",
                "metadata",
                "data",
                "binaryData",
                "immutable",
            ],
        ),
    };
    let map = value.as_object().expect("checked in step 1");
    if let Some(k) = map.keys().find(|k| !allowed_top.contains(&k.as_str())) {
        return Err(ConfigError::UnknownKey {
            key: k.clone(),
            known: allowed_top.join(", "),
        });
    }
    let settings = match map.get(section) {
        None | Some(Value::Null) => {
            return Ok(Raw {
                section,
                ..Raw::default()
            })
        }
        Some(Value::Object(m)) => m,
        Some(other) => {
            return Err(bad(
                section,
                format!("expected a mapping, found {}", json_kind(other)),
            ))
        }
    };
    let mut raw = Raw {
        section,
        ..Raw::default()
    };
    for (k, v) in settings {
        let key = format!("{section}.{k}");
        parse_entry(&mut raw, k, v, &key, form)?;
    }
    Ok(raw)
}

/// Reads one setting into `raw`.
fn parse_entry(
    raw: &mut Raw,
    name: &str,
    v: &Value,
    key: &str,
    form: Form,
) -> Result<(), ConfigError> {
    match name {
        "prune" => raw.prune = Some(parse_bool(v, key)?),
        "default" => raw.default = Some(parse_bool(v, key)?),
        "fieldValidation" => raw.field_validation = Some(parse_string(v, key)?),
        "validation" => raw.validation = Some(parse_string(v, key)?),
        "schemas" => raw.schemas = parse_list(v, key, form)?,
        "skipKinds" => raw.skip_kinds = parse_list(v, key, form)?,
        "previous" => raw.previous = parse_list(v, key, form)?,
        "jobs" => raw.jobs = parse_jobs(v, key)?,
        "kubernetesVersion" => raw.kubernetes_version = parse_kubernetes_version(v, key)?,
        _ => {
            return Err(ConfigError::UnknownKey {
                key: key.to_string(),
                known: KEYS.join(", "),
            })
        }
    }
    Ok(())
}

/// Steps 3 and 4: defaults for what is missing, then checks and path resolution.
fn validate(raw: Raw, base_dir: &Path, restrictor: LoadRestrictor) -> Result<Config, ConfigError> {
    let defaults = Config::default();
    let field_validation = match raw.field_validation.as_deref() {
        None => defaults.field_validation,
        Some(s) => parse_field_validation(s, &format!("{}.fieldValidation", raw.section))?,
    };
    let validation = match raw.validation.as_deref() {
        None => defaults.validation,
        Some(s) => parse_validation(s, &format!("{}.validation", raw.section))?,
    };
    let paths = |list: &[String], name: &str, read: Lister| -> Result<Vec<PathBuf>, ConfigError> {
        list.iter()
            .enumerate()
            .map(|(i, p)| {
                let key = format!("{}.{name}[{i}]", raw.section);
                resolve(p, base_dir, &key, restrictor, read)
            })
            .collect()
    };
    let schemas = paths(&raw.schemas, "schemas", schema_files_of)?;
    let previous = paths(&raw.previous, "previous", crate::sources::files_of)?;
    let skip_kinds = raw
        .skip_kinds
        .iter()
        .enumerate()
        .map(|(i, s)| parse_skip_kind(s, &format!("{}.skipKinds[{i}]", raw.section)))
        .collect::<Result<_, _>>()?;
    Ok(Config {
        prune: raw.prune.unwrap_or(defaults.prune),
        default: raw.default.unwrap_or(defaults.default),
        field_validation,
        validation,
        schemas,
        skip_kinds,
        previous,
        jobs: raw.jobs,
        kubernetes_version: raw.kubernetes_version,
    })
}

/// The files a path of the config leads to when it is read (each is checked against the
/// restrictor).
type Lister = fn(&Path) -> Result<Vec<PathBuf>, crate::schema::SchemaError>;

/// The files a `schemas:` entry is read from (a Helm chart's CRDs, for a chart).
fn schema_files_of(path: &Path) -> Result<Vec<PathBuf>, crate::schema::SchemaError> {
    let files = crate::sources::schema_files(path, &std::collections::HashSet::new())?;
    Ok(files.into_iter().map(|(f, _)| f).collect())
}

/// A path the config names, joined to `base_dir` and checked against `restrictor`: it, and
/// every file `read` lists for it, must resolve inside the base folder.
fn resolve(
    p: &str,
    base_dir: &Path,
    key: &str,
    restrictor: LoadRestrictor,
    read: Lister,
) -> Result<PathBuf, ConfigError> {
    let joined = base_dir.join(p);
    if restrictor == LoadRestrictor::None {
        return Ok(joined);
    }
    let allow = format!("set {LOAD_RESTRICTOR_ENV}=LoadRestrictionsNone to allow it");
    if Path::new(p).is_absolute() {
        return Err(bad(
            key,
            format!(
                "path {p:?} is absolute: a config may only name paths inside its folder ({allow})"
            ),
        ));
    }
    let base = if base_dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        base_dir
    };
    let root = std::fs::canonicalize(base).unwrap_or_else(|_| base.to_path_buf());
    let outside = |real: &Path| {
        bad(
            key,
            format!(
                "path {p:?} resolves to {}, outside the config's folder {} ({allow})",
                real.display(),
                root.display()
            ),
        )
    };
    let Ok(real) = std::fs::canonicalize(&joined) else {
        // A path that does not resolve is reported when it is read; it may not climb out.
        let mut depth = 0i32;
        for c in Path::new(p).components() {
            match c {
                std::path::Component::ParentDir => depth -= 1,
                std::path::Component::Normal(_) => depth += 1,
                _ => {}
            }
            if depth < 0 {
                return Err(outside(&joined));
            }
        }
        return Ok(joined);
    };
    if !real.starts_with(&root) {
        return Err(outside(&real));
    }
    if real.is_dir() {
        for f in read(&joined).map_err(|e| bad(key, e.to_string()))? {
            let f_real = std::fs::canonicalize(&f).unwrap_or(f);
            if !f_real.starts_with(&root) {
                return Err(outside(&f_real));
            }
        }
    }
    Ok(joined)
}

fn parse_validation(s: &str, key: &str) -> Result<Validation, ConfigError> {
    match s.to_ascii_lowercase().as_str() {
        "ignore" => Ok(Validation::Ignore),
        "warn" => Ok(Validation::Warn),
        "error" => Ok(Validation::Error),
        _ => Err(bad(
            key,
            format!("unsupported value {s:?}: expected Error, Warn or Ignore"),
        )),
    }
}

fn parse_field_validation(s: &str, key: &str) -> Result<FieldValidation, ConfigError> {
    match s.to_ascii_lowercase().as_str() {
        "ignore" => Ok(FieldValidation::Ignore),
        "warn" => Ok(FieldValidation::Warn),
        "strict" => Ok(FieldValidation::Strict),
        _ => Err(bad(
            key,
            format!("unsupported value {s:?}: expected Ignore, Warn or Strict"),
        )),
    }
}

fn parse_skip_kind(s: &str, key: &str) -> Result<SkipKind, ConfigError> {
    let invalid = || {
        bad(
            key,
            format!("invalid entry {s:?}: expected Kind or group/Kind"),
        )
    };
    let (group, kind) = match s.rsplit_once('/') {
        Some((g, k)) if !g.is_empty() && !g.contains('/') => (Some(g.to_string()), k),
        Some(_) => return Err(invalid()),
        None => (None, s),
    };
    if kind.is_empty() || kind.contains(char::is_whitespace) {
        return Err(invalid());
    }
    Ok(SkipKind {
        group,
        kind: kind.to_string(),
    })
}

/// A boolean: a YAML boolean, or (as ConfigMap data carries it) a string Go's
/// `strconv.ParseBool` accepts.
fn parse_bool(v: &Value, key: &str) -> Result<bool, ConfigError> {
    match v {
        Value::Bool(b) => Ok(*b),
        Value::String(s) => match s.as_str() {
            "1" | "t" | "T" | "true" | "TRUE" | "True" => Ok(true),
            "0" | "f" | "F" | "false" | "FALSE" | "False" => Ok(false),
            _ => Err(bad(key, format!("expected true or false, found {s:?}"))),
        },
        other => Err(bad(
            key,
            format!("expected true or false, found {}", json_kind(other)),
        )),
    }
}

/// A thread count: a whole number, 1 or more (a string in a ConfigMap); null is the default.
fn parse_jobs(v: &Value, key: &str) -> Result<Option<usize>, ConfigError> {
    let parsed = match v {
        Value::Null => return Ok(None),
        // -1 and 1.5 are refused by the same parse, with the number as written.
        Value::Number(n) => crate::jobs::parse(&n.to_string()),
        Value::String(s) => crate::jobs::parse(s),
        other => {
            return Err(bad(
                key,
                format!(
                    "expected a whole number of threads, 1 or more, found {}",
                    json_kind(other)
                ),
            ))
        }
    };
    parsed.map(Some).map_err(|e| bad(key, e.to_string()))
}

/// A Kubernetes version (`1.34`, `v1.34`, `1.34.2`; a number such as 1.34 as YAML reads it
/// unquoted too); null is the default.
fn parse_kubernetes_version(v: &Value, key: &str) -> Result<Option<KubeVersion>, ConfigError> {
    let text = match v {
        Value::Null => return Ok(None),
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        other => {
            return Err(bad(
                key,
                format!(
                    "expected a Kubernetes version such as \"1.34\", found {}",
                    json_kind(other)
                ),
            ))
        }
    };
    KubeVersion::parse(&text)
        .map(Some)
        .map_err(|e| bad(key, e.to_string()))
}

fn parse_string(v: &Value, key: &str) -> Result<String, ConfigError> {
    v.as_str()
        .map(str::to_string)
        .ok_or_else(|| bad(key, format!("expected a string, found {}", json_kind(v))))
}

/// A list of strings: a YAML list in the own kind, a comma-separated string in a ConfigMap.
fn parse_list(v: &Value, key: &str, form: Form) -> Result<Vec<String>, ConfigError> {
    match (v, form) {
        (Value::Null, _) => Ok(Vec::new()),
        (Value::String(s), Form::ConfigMap) => Ok(s
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(str::to_string)
            .collect()),
        (Value::Array(items), Form::Own) => items
            .iter()
            .enumerate()
            .map(|(i, item)| parse_string(item, &format!("{key}[{i}]")))
            .collect(),
        (other, Form::Own) => Err(bad(
            key,
            format!("expected a list of strings, found {}", json_kind(other)),
        )),
        (other, Form::ConfigMap) => Err(bad(
            key,
            format!(
                "expected a comma-separated string, found {}",
                json_kind(other)
            ),
        )),
    }
}

fn bad(key: &str, message: String) -> ConfigError {
    ConfigError::BadValue {
        key: key.to_string(),
        message,
    }
}

#[cfg(test)]
mod tests;
