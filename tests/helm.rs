//! Helm as a host: the Helm 4 post-renderer plugin in `helm-plugin/` (its `plugin.yaml`, and its
//! command run the way Helm 4 runs a `postrenderer/v1` plugin and Helm 3 a `--post-renderer`),
//! and a chart's CRDs, its dependencies' included, read through `schemas:`.
//!
//! No helm binary is needed. A post-renderer is run as Helm runs it: a child of a process
//! standing for helm (a shell whose own stderr is a file), the rendered stream on stdin, the
//! `--post-renderer-args` after the command, its stdout kept and its stderr captured apart
//! (Helm 3 prints that only when the command fails, Helm 4 never). Every run is in a new session
//! (`setsid`), without a controlling terminal, so no test depends on where it is started from.
//! `examples/helm-post-renderer/run.sh` runs the same recipes on the example chart.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn plugin_dir() -> PathBuf {
    root().join("helm-plugin")
}

fn umbrella() -> PathBuf {
    root().join("tests/fixtures/helm/umbrella")
}

fn rendered() -> String {
    std::fs::read_to_string(root().join("tests/fixtures/helm/umbrella-rendered.yaml")).unwrap()
}

/// A fresh scratch folder for one test, with `bin/crd-schema-fn` linked to the binary under test.
fn scratch(test: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("crd-schema-fn-helm-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("bin")).unwrap();
    std::os::unix::fs::symlink(
        env!("CARGO_BIN_EXE_crd-schema-fn"),
        dir.join("bin/crd-schema-fn"),
    )
    .unwrap();
    dir
}

/// What a post-renderer run left: its exit code and stdout, what reached Helm's stderr and the
/// command's own stderr (which Helm captures).
#[derive(Debug)]
struct Run {
    code: i32,
    stdout: String,
    helm_stderr: String,
    own_stderr: String,
}

/// Where the process standing for helm has its stderr.
#[derive(Clone, Copy, PartialEq)]
enum HelmStderr {
    /// A file (a terminal or a CI log, for a real helm).
    Open,
    /// Closed: the post-renderer finds no Helm stderr to write to.
    Closed,
}

/// Runs `command` as Helm runs a post-renderer (see the module doc), with `dir/bin` first on
/// PATH and `env` set.
fn as_helm(
    dir: &Path,
    command: &[&str],
    stdin: &str,
    env: &[(&str, &str)],
    helm: HelmStderr,
) -> Run {
    let helm_err = dir.join("helm-stderr");
    let own_err = dir.join("own-stderr");
    std::fs::write(&helm_err, "").unwrap();
    // The command is not the shell's last, so the shell forks it and stays its parent.
    let script = match helm {
        HelmStderr::Open => r#"exec 2>"$1"; shift 2; "$@" 2>"$OWN_ERR"; rc=$?; exit $rc"#,
        HelmStderr::Closed => r#"exec 2>&-; shift 2; "$@" 2>"$OWN_ERR"; rc=$?; exit $rc"#,
    };
    let path = format!(
        "{}:{}",
        dir.join("bin").display(),
        std::env::var("PATH").unwrap()
    );
    let mut child = Command::new("setsid")
        .args(["bash", "-c", script, "helm"])
        .arg(&helm_err)
        .arg("-")
        .args(command)
        .env("PATH", path)
        .env("OWN_ERR", &own_err)
        .env_remove("CRD_SCHEMA_FN_LOG")
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("setsid and bash run");
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_string();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let _ = input.write_all(stdin.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    Run {
        code: out.status.code().expect("exited"),
        stdout: String::from_utf8(out.stdout).unwrap(),
        helm_stderr: std::fs::read_to_string(&helm_err).unwrap(),
        own_stderr: std::fs::read_to_string(&own_err).unwrap_or_default(),
    }
}

/// The plugin's command as Helm 4 runs it (`--post-renderer crd-schema-fn --post-renderer-args
/// CONFIG`), and the same file as Helm 3's `--post-renderer` (with `--post-renderer-args`).
fn hosts() -> Vec<(&'static str, Vec<(&'static str, String)>)> {
    let plugin = plugin_dir().display().to_string();
    vec![
        (
            "helm 4",
            vec![
                ("HELM_PLUGIN_NAME", "crd-schema-fn".into()),
                ("HELM_PLUGIN_DIR", plugin),
            ],
        ),
        ("helm 3", vec![]),
    ]
}

fn command() -> String {
    plugin_dir().join("post-render.sh").display().to_string()
}

fn config() -> String {
    umbrella().join("crd-schema-fn.yaml").display().to_string()
}

/// What the umbrella chart's rendering becomes: each kind, from the chart's `crds/`, its
/// subchart's and its subchart's subchart's, defaulted and pruned.
const UMBRELLA_OUT: &str = "\
apiVersion: backup.example.com/v1
kind: BackupSchedule
metadata:
  name: rel-backup
spec:
  cron: '@daily'
---
apiVersion: db.example.com/v1
kind: Database
metadata:
  name: rel-db
spec:
  size: small
---
apiVersion: example.com/v1
kind: Order
metadata:
  name: rel-orders
spec:
  engine: mysql
";

const UMBRELLA_WARNINGS: &str = "\
crd-schema-fn: warning: BackupSchedule rel-backup (backup.example.com/v1): spec.retain: unknown field \"spec.retain\"
crd-schema-fn: warning: Database rel-db (db.example.com/v1): spec.sise: unknown field \"spec.sise\"
";

#[test]
fn plugin_yaml_is_a_helm_4_post_renderer_plugin() {
    let text = std::fs::read_to_string(plugin_dir().join("plugin.yaml")).unwrap();
    let got: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    // Exactly the fields Helm 4 needs (without `version` it ignores the plugin, without
    // `runtimeConfig` it finds no command), the version the crate's.
    let want: serde_yaml::Value = serde_yaml::from_str(&format!(
        "apiVersion: v1
name: crd-schema-fn
type: postrenderer/v1
runtime: subprocess
version: {}
runtimeConfig:
  platformCommand:
  - command: ${{HELM_PLUGIN_DIR}}/post-render.sh
",
        env!("CARGO_PKG_VERSION")
    ))
    .unwrap();
    assert_eq!(got, want);
    // Helm 4 expands ${HELM_PLUGIN_DIR} to the installed folder and runs the file directly.
    use std::os::unix::fs::PermissionsExt;
    let meta = std::fs::metadata(plugin_dir().join("post-render.sh")).unwrap();
    assert!(meta.is_file() && meta.permissions().mode() & 0o111 == 0o111);
}

#[test]
fn warnings_reach_helms_stderr_and_the_objects_stdout() {
    let dir = scratch("warnings");
    for (host, env) in hosts() {
        let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let run = as_helm(
            &dir,
            &[&command(), &config()],
            &rendered(),
            &env,
            HelmStderr::Open,
        );
        assert_eq!(run.code, 0, "{host}: {run:?}");
        assert_eq!(run.stdout, UMBRELLA_OUT, "{host}");
        assert_eq!(run.helm_stderr, UMBRELLA_WARNINGS, "{host}");
        assert_eq!(run.own_stderr, "", "{host}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_refusal_fails_with_its_causes_on_helms_stderr() {
    let dir = scratch("refusal");
    let input = rendered().replace("engine: mysql", "engine: 5");
    for (host, env) in hosts() {
        let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let run = as_helm(
            &dir,
            &[&command(), &config()],
            &input,
            &env,
            HelmStderr::Open,
        );
        assert_eq!(run.code, 1, "{host}: {run:?}");
        assert_eq!(
            run.helm_stderr,
            format!(
                "{UMBRELLA_WARNINGS}\
crd-schema-fn: error: Order rel-orders (example.com/v1): spec.engine: Invalid value: \"integer\": spec.engine in body must be of type string: \"integer\"
crd-schema-fn: error: Order rel-orders (example.com/v1): The Order \"rel-orders\" is invalid: 1 error
"
            ),
            "{host}"
        );
        // What Helm 3 prints in its error (Helm 4 prints only that the plugin failed).
        assert_eq!(
            run.own_stderr, "crd-schema-fn: exit status 1: its messages are above\n",
            "{host}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_log_file_takes_the_messages_when_named() {
    let dir = scratch("log");
    let log = dir.join("results.log");
    let log_str = log.display().to_string();
    let env = [("CRD_SCHEMA_FN_LOG", log_str.as_str())];
    let run = as_helm(
        &dir,
        &[&command(), &config()],
        &rendered(),
        &env,
        HelmStderr::Open,
    );
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (0, UMBRELLA_OUT),
        "{run:?}"
    );
    assert_eq!(
        (run.helm_stderr.as_str(), run.own_stderr.as_str()),
        ("", "")
    );
    assert_eq!(std::fs::read_to_string(&log).unwrap(), UMBRELLA_WARNINGS);
    // Appended: a second run (a refusal) adds its messages, and says where they are.
    let input = rendered().replace("engine: mysql", "engine: 5");
    let run = as_helm(
        &dir,
        &[&command(), &config()],
        &input,
        &env,
        HelmStderr::Open,
    );
    assert_eq!(run.code, 1, "{run:?}");
    assert_eq!(
        run.own_stderr,
        format!("crd-schema-fn: exit status 1: its messages are in {log_str}\n")
    );
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(
        text.starts_with(&format!("{UMBRELLA_WARNINGS}{UMBRELLA_WARNINGS}")),
        "{text}"
    );
    assert!(
        text.contains("spec.engine: Invalid value: \"integer\""),
        "{text}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn with_nowhere_to_show_them_messages_fail_the_render() {
    let dir = scratch("nowhere");
    // No Helm stderr, no terminal: the warnings go to the command's stderr (which Helm 3 prints
    // on a failure) and the run fails, rather than a pruned field going unseen.
    let run = as_helm(
        &dir,
        &[&command(), &config()],
        &rendered(),
        &[],
        HelmStderr::Closed,
    );
    assert_eq!(run.code, 1, "{run:?}");
    assert_eq!(
        run.own_stderr,
        format!(
            "{UMBRELLA_WARNINGS}crd-schema-fn: failing: the messages above could not be shown (no \
             Helm stderr in /proc, no terminal); set CRD_SCHEMA_FN_LOG to a file to keep them there\n"
        )
    );
    // A log file that cannot be written is no place either.
    let env = [("CRD_SCHEMA_FN_LOG", "/nonexistent/dir/results.log")];
    let run = as_helm(
        &dir,
        &[&command(), &config()],
        &rendered(),
        &env,
        HelmStderr::Open,
    );
    assert_eq!(run.code, 1, "{run:?}");
    assert_eq!(run.helm_stderr, "");
    assert!(
        run.own_stderr.starts_with(UMBRELLA_WARNINGS)
            && run
                .own_stderr
                .contains("/nonexistent/dir/results.log not writable"),
        "{}",
        run.own_stderr
    );
    // Without any message there is nothing to show: exit 0 anywhere.
    let clean = rendered()
        .replace("  retain: 7\n", "  cron: '@daily'\n")
        .replace("  sise: large\n", "  size: small\n");
    let run = as_helm(
        &dir,
        &[&command(), &config()],
        &clean,
        &[],
        HelmStderr::Closed,
    );
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (0, UMBRELLA_OUT),
        "{run:?}"
    );
    assert_eq!(
        (run.helm_stderr.as_str(), run.own_stderr.as_str()),
        ("", "")
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_missing_binary_is_a_failure_with_its_message() {
    let dir = scratch("missing");
    let env = [("CRD_SCHEMA_FN_BIN", "/nonexistent/crd-schema-fn")];
    let run = as_helm(
        &dir,
        &[&command(), &config()],
        &rendered(),
        &env,
        HelmStderr::Open,
    );
    assert_eq!(run.code, 127, "{run:?}");
    assert!(
        run.helm_stderr.contains("/nonexistent/crd-schema-fn"),
        "{run:?}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Runs the binary on `stdin` with the given arguments: (stdout, stderr, exit code).
fn run_fn(args: &[&str], stdin: &str) -> (String, String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_crd-schema-fn"))
        .args(args)
        .env_remove("CRD_SCHEMA_FN_LOAD_RESTRICTOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(stdin.as_bytes())
            .unwrap();
    }
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap(),
    )
}

/// Copies a folder tree (files and folders only).
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

#[test]
fn a_chart_names_its_crds_and_its_subcharts() {
    // `schemas: [.]` beside Chart.yaml: crds/, charts/db/crds/, charts/db/charts/backup/crds/
    // (in a folder of its own); the templates, which are not YAML before rendering, unread.
    let (out, err, code) = run_fn(&[&config()], &rendered());
    assert_eq!(
        (out.as_str(), err.as_str(), code),
        (UMBRELLA_OUT, UMBRELLA_WARNINGS, 0)
    );
}

/// Packs the chart folder `dir` into `<dir>-<version>.tgz` beside it with the system's tar and
/// gzip (as `helm package` lays one out: the chart's folder at the top), and removes the folder.
fn package(dir: &Path, version: &str) {
    let name = dir.file_name().unwrap().to_str().unwrap();
    let parent = dir.parent().unwrap();
    let status = std::process::Command::new("tar")
        .arg("-czf")
        .arg(parent.join(format!("{name}-{version}.tgz")))
        .arg("-C")
        .arg(parent)
        .arg(name)
        .status()
        .unwrap();
    assert!(status.success());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn packaged_subcharts_are_read_as_helm_reads_them() {
    // `helm dependency update` leaves charts/<name>-<version>.tgz: the same CRDs, in the same
    // order, from archives (backup's inside db's).
    let dir = scratch("packaged");
    let chart = dir.join("chart");
    copy_tree(&umbrella(), &chart);
    package(&chart.join("charts/db/charts/backup"), "0.1.0");
    package(&chart.join("charts/db"), "1.0.0");
    let cfg = chart.join("crd-schema-fn.yaml").display().to_string();
    let (out, err, code) = run_fn(&[&cfg], &rendered());
    assert_eq!(
        (out.as_str(), err.as_str(), code),
        (UMBRELLA_OUT, UMBRELLA_WARNINGS, 0)
    );
    // A chart archive named alone (as `helm pull` leaves one) is read as a chart.
    std::fs::write(
        &cfg,
        "apiVersion: fn.crd-schema-fn.dev/v1alpha1\nkind: CRDSchemaFn\nmetadata:\n  name: x\n\
         spec:\n  schemas:\n  - crds\n  - charts/db-1.0.0.tgz\n",
    )
    .unwrap();
    let (out, err, code) = run_fn(&[&cfg], &rendered());
    assert_eq!(
        (out.as_str(), err.as_str(), code),
        (UMBRELLA_OUT, UMBRELLA_WARNINGS, 0)
    );
    std::fs::write(&cfg, "apiVersion: fn.crd-schema-fn.dev/v1alpha1\nkind: CRDSchemaFn\nmetadata:\n  name: x\nspec:\n  schemas:\n  - .\n").unwrap();
    // A .tar.gz is no subchart to Helm: named in a warning, its CRDs unread.
    std::fs::rename(
        chart.join("charts/db-1.0.0.tgz"),
        chart.join("charts/db-1.0.0.tar.gz"),
    )
    .unwrap();
    let (_, err, code) = run_fn(&[&cfg], &rendered());
    assert_eq!(code, 0);
    assert!(
        err.starts_with(&format!(
            "crd-schema-fn: warning: {}/.: {}/./charts/db-1.0.0.tar.gz is not read as a subchart: \
             Helm reads only a .tgz there (and refuses the chart); its CRDs, if it has any, give \
             no schema\n",
            chart.display(),
            chart.display()
        )),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_broken_packaged_subchart_is_an_error_naming_it() {
    let dir = scratch("broken-package");
    let chart = dir.join("chart");
    copy_tree(&umbrella(), &chart);
    std::fs::write(chart.join("charts/cache-1.0.0.tgz"), "not a chart archive").unwrap();
    let cfg = chart.join("crd-schema-fn.yaml").display().to_string();
    let (out, err, code) = run_fn(&[&cfg], &rendered());
    assert_eq!(
        (out.as_str(), err, code),
        (
            "",
            format!(
                "crd-schema-fn: error: {}/./charts/cache-1.0.0.tgz: cannot read the chart \
                 archive: not a gzip file\n",
                chart.display()
            ),
            2
        )
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_subchart_may_not_lead_outside_the_config_folder() {
    let dir = scratch("escape");
    let chart = dir.join("chart");
    copy_tree(&umbrella(), &chart);
    // A subchart that is a link to a chart outside: its CRDs would be read from there.
    copy_tree(&umbrella().join("charts/db"), &dir.join("outside"));
    std::os::unix::fs::symlink("../../outside", chart.join("charts/linked")).unwrap();
    let cfg = chart.join("crd-schema-fn.yaml").display().to_string();
    let (out, err, code) = run_fn(&[&cfg], &rendered());
    assert_eq!((out.as_str(), code), ("", 2), "{err}");
    let real = std::fs::canonicalize(&dir).unwrap();
    assert!(
        err.contains(&format!(
            "spec.schemas[0]: path \".\" resolves to {}/outside/crds/database.yaml, outside the \
             config's folder",
            real.display()
        )),
        "{err}"
    );
    // A link inside the chart is followed.
    std::fs::remove_file(chart.join("charts/linked")).unwrap();
    std::fs::rename(dir.join("outside"), chart.join("vendored")).unwrap();
    std::fs::remove_dir_all(chart.join("charts/db")).unwrap();
    std::os::unix::fs::symlink("../vendored", chart.join("charts/db")).unwrap();
    let (out, err, code) = run_fn(&[&cfg], &rendered());
    assert_eq!(
        (out.as_str(), err.as_str(), code),
        (UMBRELLA_OUT, UMBRELLA_WARNINGS, 0)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn helm_4s_filename_annotation_is_kept() {
    // Helm 4 marks each object with the file it came from before the post-renderer runs and
    // splits the output by it afterwards: it must come back as it went in.
    let dir = scratch("annotation");
    let annotate = |text: &str| {
        text.replace(
            "  name: rel-orders\n",
            "  name: rel-orders\n  annotations:\n    postrenderer.helm.sh/postrender-filename: shop/templates/order.yaml\n",
        )
    };
    let plugin = plugin_dir().display().to_string();
    let env = [
        ("HELM_PLUGIN_NAME", "crd-schema-fn"),
        ("HELM_PLUGIN_DIR", plugin.as_str()),
    ];
    let run = as_helm(
        &dir,
        &[&command(), &config()],
        &annotate(&rendered()),
        &env,
        HelmStderr::Open,
    );
    assert_eq!((run.code, run.stdout), (0, annotate(UMBRELLA_OUT)));
    assert_eq!(run.helm_stderr, UMBRELLA_WARNINGS);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_readmes_name_the_plugin_as_plugin_yaml_does() {
    let text = std::fs::read_to_string(plugin_dir().join("plugin.yaml")).unwrap();
    let plugin: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    let name = plugin["name"].as_str().unwrap();
    let recipe = format!("--post-renderer {name} --post-renderer-args ./chart/crd-schema-fn.yaml");
    for readme in [
        "README.md",
        "helm-plugin/README.md",
        "examples/helm-post-renderer/README.md",
    ] {
        let text = std::fs::read_to_string(root().join(readme)).unwrap();
        assert!(text.contains(&recipe), "{readme} does not show `{recipe}`");
    }
}

#[test]
fn without_helms_stderr_the_terminal_takes_the_messages() {
    // A terminal made by util-linux's `script` (a pseudo-terminal that becomes the controlling
    // terminal of what it runs); the process standing for helm has no stderr.
    if Command::new("script").arg("--version").output().is_err() {
        println!("SKIPPED without_helms_stderr_the_terminal_takes_the_messages: no `script`");
        return;
    }
    let dir = scratch("tty");
    std::fs::write(dir.join("rendered.yaml"), rendered()).unwrap();
    let inner = format!(
        "exec 2>&-; PATH={bin}:$PATH {cmd} {cfg} <{d}/rendered.yaml >{d}/stdout 2>{d}/own; rc=$?; exit $rc",
        bin = dir.join("bin").display(),
        cmd = command(),
        cfg = config(),
        d = dir.display()
    );
    let out = Command::new("script")
        .args(["-qec", &format!("bash -c '{inner}'"), "/dev/null"])
        .env_remove("CRD_SCHEMA_FN_LOG")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let terminal = String::from_utf8_lossy(&out.stdout).replace("\r\n", "\n");
    assert_eq!(out.status.code(), Some(0), "{terminal}");
    assert_eq!(terminal, UMBRELLA_WARNINGS);
    assert_eq!(
        std::fs::read_to_string(dir.join("stdout")).unwrap(),
        UMBRELLA_OUT
    );
    assert_eq!(std::fs::read_to_string(dir.join("own")).unwrap(), "");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_charts_folder_is_read_as_subcharts() {
    // `schemas: [crds/, charts/]` beside Chart.yaml: the same schemas as `.`; a charts/ folder
    // elsewhere (not in a chart) is a plain folder, its templates read and refused.
    let dir = scratch("charts-folder");
    let chart = dir.join("chart");
    copy_tree(&umbrella(), &chart);
    let config = "apiVersion: fn.crd-schema-fn.dev/v1alpha1\nkind: CRDSchemaFn\nmetadata:\n  \
                  name: crd-schema-fn\nspec:\n  schemas: [crds/, charts/]\n";
    std::fs::write(chart.join("crd-schema-fn.yaml"), config).unwrap();
    let cfg = chart.join("crd-schema-fn.yaml").display().to_string();
    let (out, err, code) = run_fn(&[&cfg], &rendered());
    assert_eq!(
        (out.as_str(), err.as_str(), code),
        (UMBRELLA_OUT, UMBRELLA_WARNINGS, 0)
    );
    std::fs::remove_file(chart.join("Chart.yaml")).unwrap();
    let (out, err, code) = run_fn(&[&cfg], &rendered());
    assert_eq!((out.as_str(), code), ("", 2), "{err}");
    assert!(err.contains("charts/db/templates/database.yaml"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
