//! The pipeline benchmark (issue 5): generates ResourceLists from `../shared/corpus` (every corpus
//! CRD plus N custom resources derived from the corpus samples, each with unknown fields to prune)
//! and measures, for each N:
//! - end-to-end wall time and peak RSS of the `crd-schema-fn` binary, with its create validation
//!   on (the default) and off (`validation: Ignore`, the same list with a functionConfig), and
//!   the same two for the list whose CRDs have their CEL rules (`x-kubernetes-validations`)
//!   taken out: the create validation without CEL,
//! - the codec floor: the same list through a bare serde_yaml `Value` parse + emit, as a process,
//! - schema loading alone (all corpus CRDs converted and checked) against a bare serde_yaml parse,
//! - per-object prune + default time, and validation time, YAML excluded.
//!
//! `-- --updates 1000,10000` runs the update mode instead (see `updates.rs`; `--callgrind` adds
//! instruction counts per object, `--bin PATH` measures another build).
//!
//! `-- --json-read FILE...` measures the JSON read alone (see `jsonread.rs`).
//!
//! Run: `cargo bench --bench pipeline` (sizes: `-- --sizes 1000,10000,100000`). Lists are
//! generated once into `target/bench-data/`. Results go to stdout as a Markdown report.

mod gen;
mod jsonread;
mod measure;
mod shapes;
mod threads;
mod updates;

use std::path::PathBuf;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(i) = args.iter().position(|a| a == "--floor") {
        measure::floor_roundtrip(&PathBuf::from(&args[i + 1]));
        return;
    }
    if let Some(i) = args.iter().position(|a| a == "--json-read") {
        // `cargo bench` adds `--bench` after the bench's own arguments.
        let files: Vec<String> = args[i + 1..]
            .iter()
            .filter(|a| !a.starts_with("--"))
            .cloned()
            .collect();
        jsonread::measure(&files);
        return;
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    if let Some(i) = args.iter().position(|a| a == "--shapes") {
        let sizes: Vec<usize> = args[i + 1]
            .split(',')
            .map(|s| s.parse().expect("--shapes takes numbers"))
            .collect();
        let binary = match args.iter().position(|a| a == "--bin") {
            Some(j) => PathBuf::from(&args[j + 1]),
            None => PathBuf::from(env!("CARGO_BIN_EXE_crd-schema-fn")),
        };
        let dir = root.join("target/bench-data/shapes");
        std::fs::create_dir_all(&dir).expect("create target/bench-data/shapes");
        shapes::measure(&sizes, &binary, &dir);
        return;
    }
    if let Some(i) = args.iter().position(|a| a == "--threads") {
        threads_main(&root, &args, &args[i + 1]);
        return;
    }
    if let Some(i) = args.iter().position(|a| a == "--updates") {
        let sizes: Vec<usize> = args[i + 1]
            .split(',')
            .map(|s| s.parse().expect("--updates takes numbers"))
            .collect();
        let binary = match args.iter().position(|a| a == "--bin") {
            Some(j) => PathBuf::from(&args[j + 1]),
            None => PathBuf::from(env!("CARGO_BIN_EXE_crd-schema-fn")),
        };
        let callgrind = args.iter().any(|a| a == "--callgrind");
        let dir = root.join("target/bench-data/updates");
        std::fs::create_dir_all(&dir).expect("create target/bench-data/updates");
        let set = updates::UpdateSet::new(&gen::Corpus::load(&root.join("../shared")));
        println!("{}\n", measure::machine());
        updates::measure(&set, &dir, &sizes, &binary, callgrind);
        return;
    }
    let sizes: Vec<usize> = match args.iter().position(|a| a == "--sizes") {
        Some(i) => args[i + 1]
            .split(',')
            .map(|s| s.parse().expect("--sizes takes numbers"))
            .collect(),
        None => vec![1_000, 10_000, 100_000],
    };
    let shared = root.join("../shared");
    let data = root.join("target/bench-data");
    std::fs::create_dir_all(&data).expect("create target/bench-data");
    let corpus = gen::Corpus::load(&shared);
    let plain = corpus.without_rules();
    println!("# crd-schema-fn pipeline benchmark\n");
    println!("{}\n", measure::machine());
    println!(
        "corpus: {} CRD documents ({:.1} MB), {} sample custom resources\n",
        corpus.crd_docs.len(),
        corpus.crd_bytes() as f64 / 1e6,
        corpus.samples.len()
    );
    measure::schema_loading(&corpus);
    measure::end_to_end_header();
    let mut per_size = Vec::new();
    for &n in &sizes {
        let path = data.join(format!("list-{n}.yaml"));
        let ignore = data.join(format!("list-{n}-ignore.yaml"));
        let no_rules = data.join(format!("list-{n}-no-rules.yaml"));
        let no_rules_ignore = data.join(format!("list-{n}-no-rules-ignore.yaml"));
        if !path.exists() || !ignore.exists() {
            let list = corpus.resource_list(n);
            std::fs::write(&ignore, format!("{list}{}", gen::IGNORE_VALIDATION))
                .expect("write list");
            std::fs::write(&path, list).expect("write list");
        }
        if !no_rules.exists() || !no_rules_ignore.exists() {
            let list = plain.resource_list(n);
            std::fs::write(
                &no_rules_ignore,
                format!("{list}{}", gen::IGNORE_VALIDATION),
            )
            .expect("write list");
            std::fs::write(&no_rules, list).expect("write list");
        }
        let lists = measure::Lists {
            on: &path,
            off: &ignore,
            no_cel: &no_rules,
            no_cel_off: &no_rules_ignore,
        };
        per_size.push((n, measure::end_to_end(&lists, n)));
    }
    measure::linearity(&per_size);
    measure::per_object(&corpus, *sizes.iter().min().unwrap_or(&1000));
}

/// `--threads SIZES [--repo-files N] [--bin PATH]`: see [`threads`].
fn threads_main(root: &std::path::Path, args: &[String], sizes: &str) {
    let sizes: Vec<usize> = sizes
        .split(',')
        .map(|s| s.parse().expect("--threads takes numbers"))
        .collect();
    let value = |name: &str| args.iter().position(|a| a == name).map(|j| &args[j + 1]);
    let binary = value("--bin").map_or_else(
        || PathBuf::from(env!("CARGO_BIN_EXE_crd-schema-fn")),
        PathBuf::from,
    );
    let files = value("--repo-files").map_or(10_000, |n| n.parse().expect("--repo-files N"));
    let data = root.join("target/bench-data");
    std::fs::create_dir_all(&data).expect("create target/bench-data");
    let corpus = gen::Corpus::load(&root.join("../shared"));
    println!("# crd-schema-fn threads benchmark\n");
    println!("{}\n", measure::machine());
    threads::measure(&sizes, files, &binary, &corpus, &data);
}
