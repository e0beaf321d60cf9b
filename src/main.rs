//! The `crd-schema-fn` binary: reads stdin (and the legacy plugin's config file), runs
//! [`crd_schema_fn::cli::run`], writes stdout (the run's pieces, at the end), stderr, and exits with its code.
//! A closed stdout (broken pipe) counts as success.
//!
//! Everything runs on one thread with a [`STACK`]-byte (256 MiB) stack: the trees are walked by recursive
//! functions, and the reader lets a document nest up to 10,000 levels (kubectl's limit), which
//! the default 8 MiB main-thread stack cannot always take. The stack is reserved, not used:
//! only the pages a deep document reaches are ever touched.

use anyhow::Context;
use clap::Parser;
use crd_schema_fn::cli::{run, ConfigFile, Flags};
use std::io::{self, Read, Write};
use std::process::ExitCode;

/// The stack of the thread that does the work (see the module doc).
const STACK: usize = 256 << 20;

fn main() -> ExitCode {
    let flags = Flags::parse();
    let worker = std::thread::Builder::new()
        .name("crd-schema-fn".into())
        .stack_size(STACK)
        .spawn(move || real_main(&flags));
    let outcome = match worker {
        Ok(handle) => handle
            .join()
            .unwrap_or_else(|_| Err(anyhow::anyhow!("internal error (a panic, reported above)"))),
        Err(e) => Err(anyhow::Error::new(e).context("starting the worker thread")),
    };
    match outcome {
        Ok(code) => ExitCode::from(code),
        Err(err) => {
            eprintln!("crd-schema-fn: error: {err:#}");
            ExitCode::from(2)
        }
    }
}

fn real_main(flags: &Flags) -> anyhow::Result<u8> {
    let config_file = match &flags.config_file {
        Some(path) => Some(ConfigFile::new(
            path.clone(),
            std::fs::read_to_string(path)
                .with_context(|| format!("reading config file {}", path.display()))?,
            std::env::var_os("KUSTOMIZE_PLUGIN_CONFIG_ROOT").map(Into::into),
        )),
        None => None,
    };
    let mut stdin = String::new();
    io::stdin()
        .read_to_string(&mut stdin)
        .context("reading stdin")?;
    let exec = run(flags, &stdin, config_file.as_ref());
    io::stderr().write_all(exec.stderr.as_bytes()).ok();
    let mut out = io::stdout().lock();
    let written = {
        let mut buffered = io::BufWriter::with_capacity(1 << 20, &mut out);
        exec.stdout
            .write_to(&stdin, &mut buffered)
            .and_then(|()| buffered.flush())
    };
    match written {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(0),
        r => r.context("writing stdout")?,
    }
    Ok(u8::try_from(exec.code).unwrap_or(2))
}
