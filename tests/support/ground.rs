//! Whether the shared ground truth is there: `../shared`, the data folder checked out beside the
//! repository (the apiserver's stored shapes and messages, the corpus, the upstream cases, the
//! YAML test suite). A clone of the repository alone has none of it: the tests that compare
//! with it then say, on the terminal and not only in captured output, that they were skipped,
//! and pass; CI (`.ci/run`) refuses to start without it, so there they always run in full.

#![allow(dead_code)] // each test binary uses what it needs

use std::io::Write;
use std::path::{Path, PathBuf};

/// `../shared` beside the repository.
pub fn shared_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared")
}

/// Whether `../shared` is there; when not, tells that `test` is skipped.
pub fn present(test: &str) -> bool {
    if shared_dir().is_dir() {
        return true;
    }
    skipped(
        test,
        "../shared (the shared ground truth) is not beside the repository",
    );
    false
}

/// Tells that `test` is skipped and why, on stderr directly: the test harness captures
/// `eprintln!` of passing tests, not writes to the stderr handle.
pub fn skipped(test: &str, why: &str) {
    let _ = writeln!(std::io::stderr(), "SKIPPED {test}: {why}");
}
