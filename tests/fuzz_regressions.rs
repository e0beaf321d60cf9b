//! Every input the fuzzers (`fuzz/`) found a failure with, kept under
//! `tests/fuzz-regressions/<target>/` and checked with the same property as its target
//! (`fuzz/properties.rs`, included here), so that a fixed failure stays fixed.

use crate::properties;

use std::path::Path;

fn each_input(target: &str, property: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz-regressions")
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no input under {}", dir.display());
    for f in files {
        let data = std::fs::read(&f).unwrap();
        let name = f.display().to_string();
        // The binary's stack (the properties walk trees recursively, as the binary does).
        let run = std::thread::Builder::new()
            .stack_size(256 << 20)
            .spawn(move || property(&data))
            .unwrap()
            .join();
        assert!(run.is_ok(), "{name}");
    }
}

#[test]
fn yaml_roundtrip_regressions() {
    each_input("yaml_roundtrip", properties::yaml_roundtrip);
}

#[test]
fn function_regressions() {
    each_input("function", properties::function);
}

#[test]
fn schema_loader_regressions() {
    each_input("schema_loader", properties::schema_loader);
}

#[test]
fn reader_regressions() {
    each_input("reader", properties::reader);
}
