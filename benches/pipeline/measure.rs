//! The measurements of the pipeline benchmark, printed as Markdown.

use crate::gen::Corpus;
use crd_schema_fn::crd::load as crd;
use crd_schema_fn::schema::VersionSchema;
use crd_schema_fn::validation::{Compiler, Validator};
use crd_schema_fn::{engine, yaml};
use std::collections::HashMap;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// One process run: wall time, CPU time (user + system) and peak resident set size.
#[derive(Clone, Copy)]
pub struct Run {
    pub secs: f64,
    pub cpu: f64,
    pub rss_mb: f64,
}

pub fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|c| {
            c.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_default();
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    format!("machine: {cpu}, {cores} cores; release profile (lto, codegen-units=1)")
}

/// The codec floor, run as its own process: a bare serde_yaml `Value` parse + emit.
pub fn floor_roundtrip(path: &Path) {
    let text = std::fs::read_to_string(path).expect("read list");
    let value: serde_yaml::Value = serde_yaml::from_str(&text).expect("parse");
    let out = serde_yaml::to_string(&value).expect("emit");
    use std::io::Write;
    std::io::stdout().write_all(out.as_bytes()).expect("write");
}

/// Runs `program args < input > /dev/null` under GNU time; best wall time of `tries`.
pub fn run(program: &Path, args: &[&str], input: &Path, tries: usize) -> Run {
    let mut best = Run {
        secs: f64::MAX,
        cpu: f64::MAX,
        rss_mb: 0.0,
    };
    for _ in 0..tries {
        let stats = std::env::temp_dir().join("crd-schema-fn-bench.time");
        let start = Instant::now();
        let status = Command::new("/usr/bin/time")
            .args(["-f", "%M %U %S", "-o"])
            .arg(&stats)
            .arg(program)
            .args(args)
            .stdin(std::fs::File::open(input).expect("open list"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("run /usr/bin/time");
        let secs = start.elapsed().as_secs_f64();
        let fields: Vec<f64> = std::fs::read_to_string(&stats)
            .ok()
            .and_then(|s| s.lines().last().map(str::to_string))
            .map(|l| {
                l.split_whitespace()
                    .filter_map(|f| f.parse().ok())
                    .collect()
            })
            .unwrap_or_default();
        let (kb, cpu) = match fields[..] {
            [kb, user, sys] => (kb, user + sys),
            _ => (0.0, 0.0),
        };
        assert!(
            status.code().is_some_and(|c| c <= 1),
            "{program:?} failed: {status}"
        );
        if secs < best.secs {
            best = Run {
                secs,
                cpu: best.cpu,
                // GNU time reports KiB; the input sizes are in MB (10^6 bytes), so is this.
                rss_mb: kb * 1024.0 / 1e6,
            };
        }
        best.cpu = best.cpu.min(cpu);
    }
    best
}

pub fn end_to_end_header() {
    println!("## End to end (best of 3; 2 runs at 100k)\n");
    println!(
        "Wall times, and CPU times (user + system, best of the runs) which the machine's other"
    );
    println!("load disturbs less. Each list runs with validation on (the default, CEL rules");
    println!("included) and off (`validation: Ignore`); so does the same list with its CRDs' CEL");
    println!("rules taken out (\"no CEL\": the create validation without CEL, against its own run");
    println!("without validation). \"adds\" compares the CPU times of on and off.\n");
    println!("| custom resources | input MB | crd-schema-fn s | CPU s | peak RSS MB | RSS / input | without validation: CPU s | RSS MB | validation adds (CPU) | no CEL: CPU s | RSS MB | no CEL off: CPU s | no CEL adds | serde_yaml floor s | time / floor |");
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
}

/// The lists of one size: with validation on and off, and the same without CEL rules.
pub struct Lists<'a> {
    pub on: &'a Path,
    pub off: &'a Path,
    pub no_cel: &'a Path,
    pub no_cel_off: &'a Path,
}

pub fn end_to_end(lists: &Lists<'_>, n: usize) -> Run {
    let mb = std::fs::metadata(lists.on).map_or(0, |m| m.len()) as f64 / 1e6;
    let tries = if n >= 100_000 { 2 } else { 3 };
    let bin = Path::new(env!("CARGO_BIN_EXE_crd-schema-fn"));
    let ours = run(bin, &[], lists.on, tries);
    let off = run(bin, &[], lists.off, tries);
    let plain = run(bin, &[], lists.no_cel, tries);
    let plain_off = run(bin, &[], lists.no_cel_off, tries);
    let me = std::env::current_exe().expect("current exe");
    let floor = run(
        &me,
        &["--floor", lists.on.to_str().unwrap()],
        Path::new("/dev/null"),
        tries,
    );
    println!(
        "| {n} | {mb:.1} | {:.2} | {:.2} | {:.0} | {:.2}× | {:.2} | {:.0} | {:+.0}% | {:.2} | {:.0} | {:.2} | {:+.0}% | {:.2} | {:.2}× |",
        ours.secs,
        ours.cpu,
        ours.rss_mb,
        ours.rss_mb / mb,
        off.cpu,
        off.rss_mb,
        (ours.cpu / off.cpu - 1.0) * 100.0,
        plain.cpu,
        plain.rss_mb,
        plain_off.cpu,
        (plain.cpu / plain_off.cpu - 1.0) * 100.0,
        floor.secs,
        ours.secs / floor.secs
    );
    ours
}

pub fn linearity(per_size: &[(usize, Run)]) {
    for w in per_size.windows(2) {
        let ((a, ra), (b, rb)) = (w[0], w[1]);
        println!(
            "\nscaling {a} → {b}: {:.2}× the time for {}× the resources",
            rb.secs / ra.secs,
            b / a
        );
    }
    println!();
}

fn best_of<T>(tries: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut last = None;
    for _ in 0..tries {
        let start = Instant::now();
        let out = f();
        best = best.min(start.elapsed());
        last = Some(out);
    }
    (best, last.expect("tries > 0"))
}

/// Loads every CRD document with the crate (parse, convert, structural check).
fn load_all(corpus: &Corpus) -> Vec<VersionSchema> {
    let mut out = Vec::new();
    for doc in &corpus.crd_docs {
        for node in yaml::parse_stream(doc).expect("parse CRD") {
            let json = yaml::json::to_json(&node).expect("CRD to JSON");
            out.extend(crd::load_crd(&json, "bench").unwrap_or_default());
        }
    }
    out
}

pub fn schema_loading(corpus: &Corpus) {
    let (bare, _) = best_of(3, || {
        for doc in &corpus.crd_docs {
            let _: serde_yaml::Value = serde_yaml::from_str(doc).expect("serde_yaml parse");
        }
    });
    let (ours, versions) = best_of(3, || load_all(corpus));
    let (compile, validators) = best_of(3, || {
        let mut compiler = Compiler::new();
        versions
            .iter()
            .filter(|vs| vs.structural_errors.is_empty())
            .filter_map(|vs| Validator::new(vs, compiler.compile(vs.schema.as_deref()?)))
            .count()
    });
    println!("## Schema loading\n");
    println!("| what | seconds |\n|---|---:|");
    println!(
        "| bare serde_yaml parse of every CRD document | {:.3} |",
        bare.as_secs_f64()
    );
    println!(
        "| crd-schema-fn: parse + convert + structural check ({} versions) | {:.3} ({:.2}× the bare parse) |\n",
        versions.len(),
        ours.as_secs_f64(),
        ours.as_secs_f64() / bare.as_secs_f64()
    );
    println!(
        "| validation compiled for {validators} versions (patterns, formats, enums) | {:.3} |\n",
        compile.as_secs_f64()
    );
}

/// Prune + default over `n` generated objects, YAML excluded.
pub fn per_object(corpus: &Corpus, n: usize) {
    let mut by_gvk: HashMap<(String, String, String), VersionSchema> = HashMap::new();
    for vs in load_all(corpus) {
        if vs.schema.is_some() && vs.structural_errors.is_empty() {
            by_gvk.insert((vs.group.clone(), vs.version.clone(), vs.kind.clone()), vs);
        }
    }
    let text = corpus.resource_list(n);
    let list = yaml::parse_stream(&text).expect("parse list").remove(0);
    let items: Vec<_> = list
        .get("items")
        .and_then(|i| i.as_seq())
        .expect("items")
        .items
        .clone();
    let mut work: Vec<(yaml::Node, &VersionSchema)> = Vec::new();
    for item in items {
        let api = item
            .get("apiVersion")
            .and_then(|v| v.as_str())
            .unwrap_or("");
        let kind = item
            .get("kind")
            .and_then(|v| v.as_str())
            .unwrap_or("")
            .to_string();
        let (group, version) = api.rsplit_once('/').unwrap_or(("", api));
        if let Some(vs) = by_gvk.get(&(group.to_string(), version.to_string(), kind)) {
            work.push((item, vs));
        }
    }
    let opts = engine::Options::default();
    let count = work.len();
    let mut batches: Vec<_> = (0..3).map(|_| work.clone()).collect();
    let (best, _) = best_of(3, || {
        let mut batch = batches.pop().expect("one batch per try");
        for (node, vs) in &mut batch {
            engine::apply(node, vs, &opts);
        }
    });
    println!("## Prune + default alone\n");
    println!(
        "{count} objects: {:.1} ms in all, {:.2} µs per object (YAML excluded)\n",
        best.as_secs_f64() * 1e3,
        best.as_secs_f64() * 1e6 / count as f64
    );
    validation_per_object(batches_done(work));
}

/// The processed objects, for the validation measurement.
fn batches_done(mut work: Vec<(yaml::Node, &VersionSchema)>) -> Vec<(yaml::Node, &VersionSchema)> {
    let opts = engine::Options::default();
    for (node, vs) in &mut work {
        engine::apply(node, vs, &opts);
    }
    work
}

/// Validation of processed objects (YAML parsing excluded).
fn validation_per_object(work: Vec<(yaml::Node, &VersionSchema)>) {
    let mut compiler = Compiler::new();
    let mut validators: HashMap<*const VersionSchema, Validator> = HashMap::new();
    for (_, vs) in &work {
        let key: *const VersionSchema = *vs;
        if let std::collections::hash_map::Entry::Vacant(slot) = validators.entry(key) {
            if let Some(s) = vs.schema.as_deref() {
                let compiled = compiler.compile(s);
                slot.insert(Validator::new(vs, compiled).expect("has a schema"));
            }
        }
    }
    let (best, errors) = best_of(3, || {
        let mut errors = 0;
        for (node, vs) in &work {
            let key: *const VersionSchema = *vs;
            errors += validators[&key].validate(node, |_| Vec::new()).len();
        }
        errors
    });
    println!("## Validation alone\n");
    println!(
        "{} objects ({errors} errors): {:.1} ms in all, {:.2} µs per object (YAML excluded)",
        work.len(),
        best.as_secs_f64() * 1e3,
        best.as_secs_f64() * 1e6 / work.len() as f64
    );
}
