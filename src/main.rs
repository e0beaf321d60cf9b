//! The `crd-schema-fn` binary: reads stdin (and the legacy plugin's config file), runs
//! [`crd_schema_fn::cli::run`], writes stdout (the run's pieces, at the end), stderr, and exits with its code.
//! `crd-schema-fn check|fix PATH...` runs [`crd_schema_fn::repo::run`] instead.
//! A closed stdout (broken pipe) counts as success.

use anyhow::Context;
use clap::Parser;
use crd_schema_fn::cli::repo::{is_repo_command, RepoCli};
use crd_schema_fn::cli::{run, ConfigFile, Flags};
use crd_schema_fn::repo;
use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    if is_repo_command(&args) {
        return repo_main(&RepoCli::parse_from(args));
    }
    let flags = Flags::parse_from(args);
    match real_main(&flags) {
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

/// `check` / `fix`: the report on stdout, fatal errors on stderr (exit 2).
fn repo_main(cli: &RepoCli) -> ExitCode {
    match repo::run(&cli.options()) {
        Ok(outcome) => {
            let written = io::stdout().lock().write_all(outcome.stdout.as_bytes());
            match written {
                Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
                    eprintln!("crd-schema-fn: error: writing stdout: {e}");
                    ExitCode::from(2)
                }
                _ => ExitCode::from(u8::try_from(outcome.code).unwrap_or(2)),
            }
        }
        Err(err) => {
            eprintln!("crd-schema-fn: error: {err}");
            ExitCode::from(2)
        }
    }
}
