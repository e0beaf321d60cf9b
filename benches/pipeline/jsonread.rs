//! The JSON read alone (issue 44): each file's text split into its values by Go's scanner and
//! read into the reader's trees, once straight ([`crd_schema_fn::yaml::read::jsontree`], the
//! reader's own choice) and once with every value left to the YAML reader, against a bare
//! `serde_json::Value` parse of the same text. Best of 3 each, in MB/s of input.

use crd_schema_fn::yaml::read::{compose, split};
use std::time::Instant;

/// Reads every value of `text` (each in full: no items handed out), straight when `direct`
/// allows; the number of values read straight.
fn read(text: &str, direct: bool) -> usize {
    let mut straight = 0;
    for (index, chunk) in split::Chunks::new(text).enumerate() {
        let chunk = chunk.expect("a JSON stream");
        let chunk = split::Chunk {
            direct: chunk.direct && direct,
            ..chunk
        };
        straight += usize::from(chunk.direct);
        let doc = compose::document(text, &chunk, index).expect("a readable value");
        std::hint::black_box(doc);
    }
    straight
}

fn best(mut f: impl FnMut()) -> f64 {
    (0..3)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

pub fn measure(files: &[String]) {
    println!("| file | MB | values read straight | split only MB/s | straight MB/s | YAML reader MB/s | serde_json Value MB/s |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for file in files {
        let text = std::fs::read_to_string(file).expect("read the file");
        let mb = text.len() as f64 / 1e6;
        let straight = read(&text, true);
        let values = split::Chunks::new(&text).count();
        let split_only = best(|| {
            std::hint::black_box(split::Chunks::new(&text).count());
        });
        let fast = best(|| {
            read(&text, true);
        });
        let yaml = best(|| {
            read(&text, false);
        });
        let serde = best(|| {
            let v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
            std::hint::black_box(v);
        });
        let name = std::path::Path::new(file)
            .file_name()
            .map_or(file.clone(), |n| n.to_string_lossy().into_owned());
        println!(
            "| {name} | {mb:.1} | {straight}/{values} | {:.0} | {:.0} | {:.0} | {:.0} |",
            mb / split_only,
            mb / fast,
            mb / yaml,
            mb / serde
        );
    }
}
