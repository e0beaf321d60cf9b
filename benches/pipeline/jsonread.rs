//! The JSON read alone (issue 44): each file's text split into its values by Go's scanner and
//! read into the reader's trees, once straight ([`crd_schema_fn::yaml::read::jsontree`], the
//! reader's own choice) and once with every value left to the YAML reader, against a bare
//! `serde_json::Value` parse of the same text; and a list's items read as the pipeline reads
//! them, into its trees ([`Node`]): straight, and as the reader's trees then converted. Best of
//! 3 each, in MB/s of input.

use crd_schema_fn::yaml::read::compose::{self, ItemSink};
use crd_schema_fn::yaml::read::{decode, split, to_node_in, RNode};
use crd_schema_fn::yaml::Node;
use std::time::Instant;

/// Takes a list's items as the pipeline does: straight into its trees (`nodes`), or as the
/// reader's trees, checked and converted.
struct Items {
    nodes: bool,
    taken: usize,
}

impl ItemSink for Items {
    fn opened(&mut self, _anchored: bool, _flow: bool, _spanned: bool) {}

    fn item(&mut self, item: RNode) -> Result<(), decode::DecodeError> {
        if !decode::plainly_fine_unnamed(&item) {
            decode::check(&item)?;
        }
        std::hint::black_box(to_node_in(item, true));
        self.taken += 1;
        Ok(())
    }

    fn end(&mut self, _at: usize) {}

    fn takes_nodes(&self) -> bool {
        self.nodes
    }

    fn item_node(&mut self, item: Node, _start: usize) {
        std::hint::black_box(item);
        self.taken += 1;
    }
}

/// Reads every value of `text`, a list's items handed to an [`Items`] sink; the items taken.
fn read_items(text: &str, nodes: bool) -> usize {
    let mut sink = Items { nodes, taken: 0 };
    for (index, chunk) in split::Chunks::new(text).enumerate() {
        let chunk = chunk.expect("a JSON stream");
        let doc = compose::document_split(text, &chunk, index, Some(&mut sink));
        std::hint::black_box(doc.expect("a readable value"));
    }
    sink.taken
}

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
    println!("| file | MB | values read straight | split only MB/s | straight MB/s | YAML reader MB/s | serde_json Value MB/s | items | items straight into trees MB/s | items as reader trees, converted MB/s |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
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
        let items = read_items(&text, true);
        let into_trees = best(|| {
            read_items(&text, true);
        });
        let converted = best(|| {
            read_items(&text, false);
        });
        let name = std::path::Path::new(file)
            .file_name()
            .map_or(file.clone(), |n| n.to_string_lossy().into_owned());
        println!(
            "| {name} | {mb:.1} | {straight}/{values} | {:.0} | {:.0} | {:.0} | {:.0} | {items} | {:.0} | {:.0} |",
            mb / split_only,
            mb / fast,
            mb / yaml,
            mb / serde,
            mb / into_trees,
            mb / converted
        );
    }
}
