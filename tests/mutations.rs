//! Broken real input never crashes and never leaves a torn output: every golden input
//! (`testdata/`) and a sample of the shared corpus, cut at random points and with random bytes
//! changed, run through the binary's library entry (a panic fails the test) and, for a sample,
//! through the binary itself. Exit 2 writes nothing; exit 0 or 1 writes output that reads back.
//! The mutations are pseudo-random from a fixed seed, so a failure reproduces.

use crd_schema_fn::cli::{run, Flags};
use crd_schema_fn::yaml::parse_stream;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// xorshift64*: a fixed, dependency-free sequence.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Bytes that matter to YAML, and a few that do not.
const FLIPS: &[u8] = b":-[]{}&*!|>'\"#,? \n\t%@`\\0aZ~";

fn inputs() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<PathBuf> = Vec::new();
    for case in std::fs::read_dir(root.join("testdata")).unwrap() {
        let dir = case.unwrap().path();
        files.extend(
            ["input.yaml", "input.json"]
                .iter()
                .map(|f| dir.join(f))
                .filter(|p| p.exists()),
        );
    }
    let corpus = root.join("../shared/corpus/resources");
    if let Ok(entries) = std::fs::read_dir(&corpus) {
        let mut sample: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        sample.sort();
        files.extend(
            sample
                .into_iter()
                .filter(|p| p.metadata().is_ok_and(|m| m.is_file() && m.len() < 20_000))
                .step_by(15)
                .take(60),
        );
    }
    files.sort();
    files
        .into_iter()
        .filter_map(|p| Some((p.display().to_string(), std::fs::read_to_string(&p).ok()?)))
        .collect()
}

/// `text` cut at a random byte, or with one to four random bytes replaced (kept valid UTF-8:
/// only ASCII bytes are replaced).
fn mutate(text: &str, rng: &mut Rng) -> String {
    let mut bytes = text.as_bytes().to_vec();
    if rng.below(3) == 0 {
        let mut at = rng.below(bytes.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        bytes.truncate(at);
    } else {
        for _ in 0..=rng.below(4) {
            let at = rng.below(bytes.len());
            if bytes.get(at).is_some_and(u8::is_ascii) {
                bytes[at] = FLIPS[rng.below(FLIPS.len())];
            }
        }
    }
    String::from_utf8(bytes).expect("ASCII replaced by ASCII")
}

/// The output contract for one run.
fn check(name: &str, code: i32, stdout: &str, stderr: &str) {
    match code {
        2 => assert_eq!(stdout, "", "{name}: exit 2 wrote to stdout"),
        0 | 1 => {
            if let Err(e) = parse_stream(stdout) {
                panic!("{name}: exit {code} wrote output that does not read back: {e}\n{stdout}");
            }
        }
        _ => panic!("{name}: exit code {code}: {stderr}"),
    }
}

fn on_big_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn truncated_and_flipped_inputs_keep_the_output_contract() {
    on_big_stack(|| {
        let flags = Flags {
            config_file: None,
            diff: false,
            previous: Vec::new(),
            jobs: None,
            kubernetes_version: None,
        };
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let inputs = inputs();
        assert!(inputs.len() > 40, "only {} inputs", inputs.len());
        for (name, text) in &inputs {
            for round in 0..25 {
                let input = mutate(text, &mut rng);
                let exec = run(&flags, &input, None);
                let mut out = Vec::new();
                let written = exec.stdout.write_to(&input, &mut out);
                let label = format!("{name} (mutation {round})");
                assert!(written.is_ok(), "{label}: {written:?}");
                let stdout = String::from_utf8(out).expect("UTF-8 output");
                check(&label, exec.code, &stdout, &exec.stderr);
            }
        }
    });
}

#[test]
fn the_binary_keeps_the_contract_on_broken_input() {
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    for (name, text) in inputs().iter().step_by(4) {
        for round in 0..3 {
            let input = mutate(text, &mut rng);
            let mut child = Command::new(env!("CARGO_BIN_EXE_crd-schema-fn"))
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            child.stdin.take().unwrap().write_all(input.as_bytes()).ok();
            let out = child.wait_with_output().unwrap();
            let stdout = String::from_utf8(out.stdout).expect("UTF-8 output");
            let stderr = String::from_utf8_lossy(&out.stderr);
            let code = out.status.code().unwrap_or(-1);
            check(&format!("{name} (binary, {round})"), code, &stdout, &stderr);
        }
    }
}
