//! Threads (issue 23): the same list at `--jobs 1` and `--jobs 2` against the single-threaded
//! serde_yaml floor measured in the same run, as YAML and as one-line JSON, the same for a list
//! whose custom resources are all refused (issue 44), and `check` over a repository of
//! generated manifest files at 1 and 2 threads.
//!
//! Run: `cargo bench --bench pipeline -- --threads 10000,100000` (`--repo-files N`: the
//! repository's size, default 10,000; `--bin PATH`: another binary).

use crate::gen::Corpus;
use crate::measure::{run, Run};
use std::path::Path;

/// One list of the table, in one form.
struct Row {
    name: String,
    form: &'static str,
    path: std::path::PathBuf,
    /// The YAML form's floor (the same list), measured on that row.
    yaml: bool,
}

/// The rows for each size (the list as YAML and as one-line JSON), the same for a list whose
/// custom resources are all refused (the smallest size), then the repository `check`.
pub fn measure(sizes: &[usize], repo_files: usize, binary: &Path, corpus: &Corpus, data: &Path) {
    println!("## Threads (best of 3; 2 runs at 100k)\n");
    println!("Each list (every corpus CRD and N custom resources, validation and CEL on) at");
    println!(
        "`--jobs 1` and `--jobs 2`, and the serde_yaml floor of its YAML form (one thread) in"
    );
    println!("the same run; its JSON form (the same list on one line, as kubectl reads the YAML)");
    println!("is set against the YAML form's floor and its own YAML time. `refused`: every custom");
    println!("resource has a name and a label value the apiserver refuses.\n");
    let mut rows = Vec::new();
    let refused = sizes.iter().copied().min();
    let lists = sizes
        .iter()
        .map(|&n| (format!("list-{n}"), n, false))
        .chain(refused.map(|n| (format!("refused-{n}"), n, true)));
    for (name, n, refused) in lists {
        let yaml = data.join(format!("{name}.yaml"));
        if !yaml.exists() {
            let list = match refused {
                false => corpus.resource_list(n),
                true => corpus.refused_list(n),
            };
            std::fs::write(&yaml, list).expect("write list");
        }
        let json = data.join(format!("{name}.line.json"));
        if !json.exists() {
            let text = std::fs::read_to_string(&yaml).expect("read list");
            std::fs::write(&json, crate::gen::json_line(&text)).expect("write JSON list");
        }
        rows.push(Row {
            name: name.clone(),
            form: "YAML",
            path: yaml,
            yaml: true,
        });
        rows.push(Row {
            name,
            form: "JSON",
            path: json,
            yaml: false,
        });
    }
    println!("| list | form | input MB | floor s | jobs 1: s | CPU s | RSS MB | RSS / input | / floor | jobs 2: s | CPU s | RSS MB | RSS / input | / floor | JSON / YAML, jobs 1 |");
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let me = std::env::current_exe().expect("current exe");
    let (mut floor, mut yaml_secs) = (f64::NAN, f64::NAN);
    for row in rows {
        let path = &row.path;
        let mb = std::fs::metadata(path).map_or(0, |m| m.len()) as f64 / 1e6;
        let tries = if mb >= 100.0 { 2 } else { 3 };
        if row.yaml {
            floor = run(
                &me,
                &["--floor", path.to_str().unwrap()],
                Path::new("/dev/null"),
                tries,
            )
            .secs;
        }
        let one = run(binary, &["--jobs", "1"], path, tries);
        let two = run(binary, &["--jobs", "2"], path, tries);
        let cells = |r: &Run| {
            format!(
                "{:.2} | {:.2} | {:.0} | {:.2}× | {:.2}×",
                r.secs,
                r.cpu,
                r.rss_mb,
                r.rss_mb / mb,
                r.secs / floor
            )
        };
        let versus = match row.yaml {
            true => {
                yaml_secs = one.secs;
                "".to_string()
            }
            false => format!("{:.2}×", one.secs / yaml_secs),
        };
        let floor_cell = match row.yaml {
            true => format!("{floor:.2}"),
            false => "(YAML's)".to_string(),
        };
        println!(
            "| {} | {} | {mb:.1} | {floor_cell} | {} | {} | {versus} |",
            row.name,
            row.form,
            cells(&one),
            cells(&two),
        );
    }
    println!();
    repository(repo_files, binary, corpus, data);
}

/// `check` over a repository of `files` manifest files (each one custom resource derived from
/// the corpus samples) with the corpus CRDs in a folder beside them.
fn repository(files: usize, binary: &Path, corpus: &Corpus, data: &Path) {
    let repo = data.join(format!("repo-{files}"));
    if !repo.join("done").exists() {
        let _ = std::fs::remove_dir_all(&repo);
        std::fs::create_dir_all(repo.join("crds")).expect("create repo/crds");
        std::fs::create_dir_all(repo.join("manifests")).expect("create repo/manifests");
        for (i, doc) in corpus.crd_docs.iter().enumerate() {
            std::fs::write(repo.join(format!("crds/crd-{i:04}.yaml")), doc).expect("write crd");
        }
        for (i, doc) in corpus.resources(files).iter().enumerate() {
            let path = repo.join(format!("manifests/m-{i:05}.yaml"));
            std::fs::write(path, doc).expect("write manifest");
        }
        std::fs::write(repo.join("done"), "").expect("write done");
    }
    let bytes: u64 = std::fs::read_dir(repo.join("manifests"))
        .expect("read manifests")
        .map(|e| e.map_or(0, |e| e.metadata().map_or(0, |m| m.len())))
        .sum();
    let (crds, manifests) = (repo.join("crds"), repo.join("manifests"));
    let args = |jobs: &'static str| {
        vec![
            "check".to_string(),
            "--jobs".into(),
            jobs.into(),
            manifests.display().to_string(),
            "--schemas".into(),
            crds.display().to_string(),
        ]
    };
    println!("## Repository check (best of 3)\n");
    println!(
        "`crd-schema-fn check manifests/ --schemas crds/`: {files} files ({:.1} MB), one custom",
        bytes as f64 / 1e6
    );
    println!("resource each, and the corpus CRDs as schema files.\n");
    println!("| threads | wall s | CPU s | peak RSS MB | files/s |");
    println!("|---:|---:|---:|---:|---:|");
    for jobs in ["1", "2"] {
        let a = args(jobs);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        let r = run(binary, &a, Path::new("/dev/null"), 3);
        println!(
            "| {jobs} | {:.2} | {:.2} | {:.0} | {:.0} |",
            r.secs,
            r.cpu,
            r.rss_mb,
            files as f64 / r.secs
        );
    }
    println!();
}
