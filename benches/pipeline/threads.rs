//! Threads (issue 23): the same list at `--jobs 1` and `--jobs 2` against the single-threaded
//! serde_yaml floor measured in the same run, and `check` over a repository of generated
//! manifest files at 1 and 2 threads.
//!
//! Run: `cargo bench --bench pipeline -- --threads 10000,100000` (`--repo-files N`: the
//! repository's size, default 10,000; `--bin PATH`: another binary).

use crate::gen::Corpus;
use crate::measure::{run, Run};
use std::path::Path;

/// The rows for each size, then the repository `check`.
pub fn measure(sizes: &[usize], repo_files: usize, binary: &Path, corpus: &Corpus, data: &Path) {
    println!("## Threads (best of 3; 2 runs at 100k)\n");
    println!("Each list (every corpus CRD and N custom resources, validation and CEL on) at");
    println!("`--jobs 1` and `--jobs 2`, and the serde_yaml floor (one thread) in the same run.\n");
    println!("| custom resources | input MB | floor s | jobs 1: s | CPU s | RSS MB | / floor | jobs 2: s | CPU s | RSS MB | / floor | 2 vs 1 |");
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for &n in sizes {
        let path = data.join(format!("list-{n}.yaml"));
        if !path.exists() {
            std::fs::write(&path, corpus.resource_list(n)).expect("write list");
        }
        let mb = std::fs::metadata(&path).map_or(0, |m| m.len()) as f64 / 1e6;
        let tries = if n >= 100_000 { 2 } else { 3 };
        let me = std::env::current_exe().expect("current exe");
        let floor = run(
            &me,
            &["--floor", path.to_str().unwrap()],
            Path::new("/dev/null"),
            tries,
        );
        let one = run(binary, &["--jobs", "1"], &path, tries);
        let two = run(binary, &["--jobs", "2"], &path, tries);
        let cells = |r: &Run| {
            format!(
                "{:.2} | {:.2} | {:.0} | {:.2}×",
                r.secs,
                r.cpu,
                r.rss_mb,
                r.secs / floor.secs
            )
        };
        println!(
            "| {n} | {mb:.1} | {:.2} | {} | {} | {:.2}× |",
            floor.secs,
            cells(&one),
            cells(&two),
            one.secs / two.secs
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
