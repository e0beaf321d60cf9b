//! The update mode of the pipeline benchmark (issue 18): the same N objects run as creates and
//! as updates against a previous revision.
//!
//! The input is a plain YAML stream: the corpus CRDs (up to 100 kB each) that the samples use (plus a generated
//! `Widget` CRD with transition rules and ratcheting cases), then N objects: three of every four
//! derived from the corpus samples (as the create lists derive them), the fourth a `Widget`. The
//! previous revision is the same stream with changes: a label on every object, the first string
//! of `spec` on every third sample-derived object (some of those hit the corpus CRDs' own
//! transition rules, others their patterns), and on the widgets an immutable field on one in
//! eight, a generation that goes down on one in twelve, a map-list item's value on one in
//! sixteen. The widgets' size, replicas and limits are invalid under the CRD and unchanged: a
//! create refuses them, an update ratchets them.
//!
//! Each run is the binary with the new stream on stdin, with and without `--previous OLD`,
//! streamed (the default) and whole-input (a `...` document end at the end of the stream makes
//! the binary read the whole input, as kubectl reads it). Instructions (callgrind, optional)
//! give the per-object costs: (I(N) − I(0)) / N, where the run at 0 holds the same CRDs (and
//! the previous revision the same CRDs) and no objects.

use crate::gen::{self, Corpus};
use crate::measure::{self, Run};
use serde_yaml::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The generated CRD with transition rules (`self == oldSelf`, an `optionalOldSelf` rule) and
/// the checks that ratcheting drops on unchanged values (enum, maximum, a CEL rule without
/// `oldSelf`, a map-list item's maxLength).
const WIDGET_CRD: &str = r#"apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.bench.crd-schema-fn.dev
spec:
  group: bench.crd-schema-fn.dev
  names:
    kind: Widget
    listKind: WidgetList
    plural: widgets
    singular: widget
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    subresources:
      status: {}
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              storageClass:
                type: string
                x-kubernetes-validations:
                - rule: self == oldSelf
                  message: storageClass is immutable
              selector:
                type: object
                x-kubernetes-map-type: atomic
                additionalProperties:
                  type: string
                x-kubernetes-validations:
                - rule: self == oldSelf
                  message: selector is immutable
              size:
                type: string
                enum: [small, medium, large]
              replicas:
                type: integer
                maximum: 10
              revision:
                type: string
              generation:
                type: integer
                x-kubernetes-validations:
                - rule: "!oldSelf.hasValue() || self >= oldSelf.value()"
                  optionalOldSelf: true
                  message: generation may not decrease
              limits:
                type: object
                properties:
                  min:
                    type: integer
                  max:
                    type: integer
                x-kubernetes-validations:
                - rule: self.max >= self.min
                  message: max must be at least min
              tags:
                type: array
                x-kubernetes-list-type: map
                x-kubernetes-list-map-keys: [name]
                items:
                  type: object
                  required: [name]
                  properties:
                    name:
                      type: string
                    value:
                      type: string
                      maxLength: 5
          status:
            type: object
            properties:
              phase:
                type: string
"#;

/// The largest CRD document taken: the objects, not the CRDs, should make most of the input
/// (the create lists hold every corpus CRD, 48.6 MB; the largest CRDs are a fixed cost that
/// callgrind would spend most of its time on).
const CRD_MAX_BYTES: usize = 100_000;

/// The CRDs and samples of the update lists.
pub struct UpdateSet {
    crd_docs: Vec<String>,
    samples: Vec<Value>,
}

impl UpdateSet {
    /// The corpus CRDs (of at most [`CRD_MAX_BYTES`]) whose kinds have samples, those samples,
    /// and the widget CRD.
    pub fn new(corpus: &Corpus) -> UpdateSet {
        let kinds: BTreeSet<(String, String)> = corpus.samples.iter().map(group_kind).collect();
        let mut kept = BTreeSet::new();
        let mut crd_docs: Vec<String> = Vec::new();
        for doc in &corpus.crd_docs {
            let Ok(v) = serde_yaml::from_str::<Value>(doc) else {
                continue;
            };
            let group = v["spec"]["group"].as_str().unwrap_or("").to_string();
            let kind = v["spec"]["names"]["kind"]
                .as_str()
                .unwrap_or("")
                .to_string();
            let key = (group, kind);
            if doc.len() <= CRD_MAX_BYTES && kinds.contains(&key) {
                crd_docs.push(doc.clone());
                kept.insert(key);
            }
        }
        crd_docs.push(WIDGET_CRD.to_string());
        let samples = corpus
            .samples
            .iter()
            .filter(|s| kept.contains(&group_kind(s)))
            .cloned()
            .collect();
        UpdateSet { crd_docs, samples }
    }

    pub fn sample_count(&self) -> usize {
        self.samples.len()
    }

    pub fn crd_count(&self) -> usize {
        self.crd_docs.len()
    }

    /// The stream of the new revision (`old`: false) or of the previous one, with `n` objects.
    pub fn stream(&self, n: usize, old: bool) -> String {
        let mut out = String::new();
        for doc in &self.crd_docs {
            out.push_str("---\n");
            out.push_str(doc);
        }
        for i in 0..n {
            let obj = match i % 4 {
                3 => widget(i, old),
                _ => {
                    let mut v = gen::derive(&self.samples[(i - i / 4) % self.samples.len()], i);
                    revise(&mut v, i, old);
                    v
                }
            };
            out.push_str("---\n");
            out.push_str(&serde_yaml::to_string(&obj).expect("object to YAML"));
        }
        out
    }
}

fn group_kind(v: &Value) -> (String, String) {
    let api = v["apiVersion"].as_str().unwrap_or("");
    let group = api.rsplit_once('/').map_or("", |(g, _)| g);
    (
        group.to_string(),
        v["kind"].as_str().unwrap_or("").to_string(),
    )
}

/// The label every object carries (`new` or `old`), and in the previous revision of every
/// third object the first string of `spec` changed.
fn revise(v: &mut Value, i: usize, old: bool) {
    let Value::Mapping(m) = v else { return };
    if let Some(Value::Mapping(meta)) = m.get_mut("metadata") {
        let labels = meta
            .entry("labels".into())
            .or_insert_with(|| Value::Mapping(Default::default()));
        if let Value::Mapping(labels) = labels {
            let rev = if old { "old" } else { "new" };
            labels.insert("bench.crd-schema-fn.dev/revision".into(), rev.into());
        }
    }
    if old && i.is_multiple_of(3) {
        if let Some(spec) = m.get_mut("spec") {
            first_string(spec);
        }
    }
}

/// Appends `-old` to the first string found depth-first in `v`; whether one was found.
fn first_string(v: &mut Value) -> bool {
    match v {
        Value::String(s) => {
            s.push_str("-old");
            true
        }
        Value::Mapping(m) => m.values_mut().any(first_string),
        Value::Sequence(s) => s.iter_mut().any(first_string),
        _ => false,
    }
}

/// Widget `i` of the new revision or of the previous one.
fn widget(i: usize, old: bool) -> Value {
    let storage = if old && i % 8 == 7 { "slow" } else { "fast" };
    let generation = match (old, i % 12) {
        (false, _) => 3,
        (true, 11) => 5,
        (true, _) => 2,
    };
    let tag = if old && i % 16 == 15 {
        "short"
    } else {
        "toolong"
    };
    let revision = if old { "r1" } else { "r2" };
    let text = format!(
        "apiVersion: bench.crd-schema-fn.dev/v1
kind: Widget
metadata:
  name: widget-{i}
  namespace: bench
  labels:
    app: widget
spec:
  storageClass: {storage}
  selector:
    app: widget
    tier: t{tier}
  size: huge
  replicas: 20
  revision: {revision}
  generation: {generation}
  limits:
    min: 5
    max: 1
  tags:
  - name: a
    value: {tag}
  - name: b
    value: ok
status:
  phase: Ready
",
        tier = i % 3
    );
    serde_yaml::from_str(&text).expect("widget YAML")
}

/// The four streams of one size: new and previous, with `n` objects and with none.
struct Files {
    new: PathBuf,
    old: PathBuf,
    new_whole: PathBuf,
}

fn files(set: &UpdateSet, dir: &Path, n: usize) -> Files {
    let new = dir.join(format!("update-{n}-new.yaml"));
    let old = dir.join(format!("update-{n}-old.yaml"));
    let new_whole = dir.join(format!("update-{n}-new-whole.yaml"));
    if !new.exists() || !old.exists() || !new_whole.exists() {
        let text = set.stream(n, false);
        std::fs::write(&new_whole, format!("{text}...\n")).expect("write stream");
        std::fs::write(&new, text).expect("write stream");
        std::fs::write(&old, set.stream(n, true)).expect("write stream");
    }
    Files {
        new,
        old,
        new_whole,
    }
}

fn mb(p: &Path) -> f64 {
    std::fs::metadata(p).map_or(0, |m| m.len()) as f64 / 1e6
}

/// Instructions of one run under callgrind.
fn instructions(bin: &Path, args: &[&str], input: &Path) -> u64 {
    let out = Command::new("valgrind")
        .args([
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            "--compress-strings=no",
        ])
        .arg(bin)
        .args(args)
        .stdin(std::fs::File::open(input).expect("open stream"))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .expect("run valgrind");
    let err = String::from_utf8_lossy(&out.stderr);
    err.lines()
        .find_map(|l| l.split("Collected : ").nth(1))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no callgrind count in: {err}"))
}

/// Memory (and time) of create and update runs, streamed and whole-input, at each size; with
/// `callgrind`, instructions per object at each size.
pub fn measure(set: &UpdateSet, dir: &Path, sizes: &[usize], bin: &Path, callgrind: bool) {
    println!("## Updates\n");
    println!(
        "{} CRDs (the corpus CRDs of at most 100 kB with samples, and the generated Widget CRD); \
         objects: three in four from their {} corpus samples, one in four a Widget. Input: a plain \
         YAML stream; `--previous` the previous revision's stream. Peak RSS against new + previous \
         input.\n",
        set.crd_count(),
        set.sample_count()
    );
    println!("| objects | mode | new MB | previous MB | create: s | CPU s | peak RSS MB | RSS / new | update: s | CPU s | peak RSS MB | RSS / (new + previous) |");
    println!("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for &n in sizes {
        let f = files(set, dir, n);
        let tries = if n >= 100_000 { 1 } else { 2 };
        let old = f.old.to_str().expect("path");
        for (mode, new) in [("streamed", &f.new), ("whole input", &f.new_whole)] {
            let create = measure::run(bin, &[], new, tries);
            let update = measure::run(bin, &["--previous", old], new, tries);
            let (new_mb, old_mb) = (mb(new), mb(&f.old));
            row(n, mode, new_mb, old_mb, create, update);
        }
    }
    println!();
    if !callgrind {
        return;
    }
    let base = files(set, dir, 0);
    println!("### Instructions per object (callgrind)\n");
    println!("(I(N) − I(0)) / N: the run at 0 objects holds the same CRDs, and so does its previous revision.\n");
    println!("| objects | mode | create: instructions | per object | update: instructions | per object | update / create |");
    println!("|---:|---|---:|---:|---:|---:|---:|");
    let zero_old = base.old.to_str().expect("path").to_string();
    for &n in sizes {
        let f = files(set, dir, n);
        let old = f.old.to_str().expect("path");
        for (mode, new, zero) in [
            ("streamed", &f.new, &base.new),
            ("whole input", &f.new_whole, &base.new_whole),
        ] {
            let c0 = instructions(bin, &[], zero);
            let c = instructions(bin, &[], new);
            let u0 = instructions(bin, &["--previous", &zero_old], zero);
            let u = instructions(bin, &["--previous", old], new);
            let per_c = (c - c0) as f64 / n as f64;
            let per_u = (u - u0) as f64 / n as f64;
            println!(
                "| {n} | {mode} | {:.3} G | {:.0} | {:.3} G | {:.0} | {:.2}× |",
                c as f64 / 1e9,
                per_c,
                u as f64 / 1e9,
                per_u,
                per_u / per_c
            );
        }
    }
    println!();
}

fn row(n: usize, mode: &str, new_mb: f64, old_mb: f64, create: Run, update: Run) {
    println!(
        "| {n} | {mode} | {new_mb:.1} | {old_mb:.1} | {:.2} | {:.2} | {:.0} | {:.2}× | {:.2} | {:.2} | {:.0} | {:.2}× |",
        create.secs,
        create.cpu,
        create.rss_mb,
        create.rss_mb / new_mb,
        update.secs,
        update.cpu,
        update.rss_mb,
        update.rss_mb / (new_mb + old_mb)
    );
}
