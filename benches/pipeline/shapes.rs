//! Input shapes (issue 11): the same N ConfigMaps in every form the function reads — a plain
//! YAML stream, a ResourceList in YAML with and without a functionConfig, JSON on one line (as
//! `jq -c` writes it) and pretty, with and without a functionConfig, and kustomize's legacy
//! plugin form (a config file argument and a stream) — each run end to end for wall time and
//! peak RSS, to show time linear in the input and memory within 3x of it on every path.
//!
//! Run: `cargo bench --bench pipeline -- --shapes 10000,100000,300000` (`--bin PATH` measures
//! another build of the binary, e.g. an older commit's, on the same files).

use crate::measure::{run, Run};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// One ConfigMap, as a JSON value.
fn config_map(i: usize) -> Value {
    json!({
        "apiVersion": "v1",
        "kind": "ConfigMap",
        "metadata": {"name": format!("cm-{i}"), "namespace": "bench", "labels": {"app": "bench", "index": format!("{i}")}},
        "data": {"key": format!("value {i}"), "mode": "0644", "enabled": "true", "text": "lorem ipsum dolor sit amet"}
    })
}

const FUNCTION_CONFIG: &str = r#"{"apiVersion":"fn.crd-schema-fn.dev/v1alpha1","kind":"CRDSchemaFn","metadata":{"name":"f"},"spec":{"fieldValidation":"Warn"}}"#;

/// The shapes: name, file name, contents, extra arguments.
fn shapes(n: usize, dir: &Path) -> Vec<(&'static str, PathBuf, Vec<String>)> {
    let items: Vec<Value> = (0..n).map(config_map).collect();
    let yaml_items: Vec<String> = items.iter().map(to_yaml).collect();
    let config: Value = serde_json::from_str(FUNCTION_CONFIG).expect("config");
    let list = |with_config: bool| {
        let mut v = json!({"apiVersion": "config.kubernetes.io/v1", "kind": "ResourceList", "items": items});
        if with_config {
            v["functionConfig"] = config.clone();
        }
        v
    };
    let block_list = |with_config: bool| {
        let mut s =
            String::from("apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n");
        for y in &yaml_items {
            for (i, line) in y.lines().enumerate() {
                s.push_str(if i == 0 { "- " } else { "  " });
                s.push_str(line);
                s.push('\n');
            }
        }
        if with_config {
            s.push_str("functionConfig:\n");
            for line in to_yaml(&config).lines() {
                s.push_str("  ");
                s.push_str(line);
                s.push('\n');
            }
        }
        s
    };
    let stream = yaml_items.join("---\n");
    let config_file = dir.join("fn-config.yaml");
    std::fs::write(&config_file, to_yaml(&config)).expect("write config");
    let files: Vec<(&'static str, String, String, Vec<String>)> = vec![
        ("YAML stream", "stream.yaml".into(), stream.clone(), vec![]),
        (
            "ResourceList YAML",
            "list.yaml".into(),
            block_list(false),
            vec![],
        ),
        (
            "ResourceList YAML + functionConfig",
            "list-config.yaml".into(),
            block_list(true),
            vec![],
        ),
        (
            "JSON one line",
            "list-c.json".into(),
            list(false).to_string(),
            vec![],
        ),
        (
            "JSON one line + functionConfig",
            "list-c-config.json".into(),
            list(true).to_string(),
            vec![],
        ),
        (
            "JSON pretty",
            "list-pretty.json".into(),
            serde_json::to_string_pretty(&list(false)).expect("json"),
            vec![],
        ),
        (
            "JSON pretty + functionConfig",
            "list-pretty-config.json".into(),
            serde_json::to_string_pretty(&list(true)).expect("json"),
            vec![],
        ),
        (
            "legacy plugin (CONFIG_FILE + stream)",
            "stream.yaml".into(),
            stream,
            vec![config_file.display().to_string()],
        ),
    ];
    files
        .into_iter()
        .map(|(name, file, text, args)| {
            let path = dir.join(format!("{n}-{file}"));
            if !path.exists() {
                std::fs::write(&path, text).expect("write shape");
            }
            (name, path, args)
        })
        .collect()
}

/// A value as block YAML (serde_yaml's layout; the function reads it as any other).
fn to_yaml(v: &Value) -> String {
    serde_yaml::to_string(v).expect("yaml")
}

/// Measures every shape at every size with `binary`, printed as a Markdown table.
pub fn measure(sizes: &[usize], binary: &Path, dir: &Path) {
    println!("## Input shapes ({})\n", binary.display());
    println!(
        "| shape | items | input MB | s | CPU s | peak RSS MB | RSS / input | s per 10k items |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for &n in sizes {
        for (name, path, args) in shapes(n, dir) {
            let mb = std::fs::metadata(&path).map_or(0, |m| m.len()) as f64 / 1e6;
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let Run { secs, cpu, rss_mb } = run(binary, &args, &path, 1);
            println!(
                "| {name} | {n} | {mb:.1} | {secs:.2} | {cpu:.2} | {rss_mb:.0} | {:.2}× | {:.3} |",
                rss_mb / mb,
                secs / n as f64 * 1e4
            );
        }
    }
    println!();
}
