//! The `crd-schema-fn` binary: reads stdin (and the legacy plugin's config file), runs
//! [`crd_schema_fn::cli::run_for_writing`], writes stderr and stdout (the run's pieces, at the end), and exits with its code.
//! `crd-schema-fn check|fix PATH...` runs [`crd_schema_fn::repo::run`] instead.
//! A closed stdout (broken pipe) counts as success.
//!
//! The work starts on one thread (and spreads to `--jobs` threads, see [`crd_schema_fn::jobs`]) with a [`STACK`]-byte (256 MiB) stack: the trees are walked by recursive
//! functions, and the reader lets a document nest up to 10,000 levels (kubectl's limit), which
//! the default 8 MiB main-thread stack cannot always take. The stack is reserved, not used:
//! only the pages a deep document reaches are ever touched.

use anyhow::Context;
use clap::Parser;
use crd_schema_fn::cli::repo::{is_repo_command, RepoCli};
use crd_schema_fn::cli::{run_for_writing, ConfigFile, Flags};
use crd_schema_fn::repo;
use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

/// mimalloc behind a cache of the small blocks freed last: see [`crd_schema_fn::allocator`].
#[global_allocator]
static ALLOCATOR: crd_schema_fn::allocator::Allocator = crd_schema_fn::allocator::Allocator;

/// The stack of the thread that does the work (see the module doc; the other threads get the same).
const STACK: usize = crd_schema_fn::jobs::STACK;

/// mimalloc's `mi_option_purge_delay`: its index in `mi_option_t` (the same in mimalloc 2 and 3;
/// `libmimalloc-sys` does not name it).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

fn main() -> ExitCode {
    // Memory freed goes back to the system after 10 ms (mimalloc 2's delay) instead of mimalloc
    // 3's 1 s: a run frees each item's trees as it goes, and pages it no longer uses then stop
    // counting in its peak RSS (the bench's 10k list: 155 MB instead of 167 MB at one thread,
    // 161 MB instead of 179 MB at two, for about 0.25 s more system time; benches/REPORT.md).
    // `MIMALLOC_PURGE_DELAY` in the environment wins.
    // SAFETY: sets the default of an option that exists in the mimalloc built in; mimalloc
    // reads it when it first purges.
    unsafe { libmimalloc_sys::mi_option_set_default(MI_OPTION_PURGE_DELAY, 10) };
    let args: Vec<OsString> = std::env::args_os().collect();
    let worker = std::thread::Builder::new()
        .name("crd-schema-fn".into())
        .stack_size(STACK)
        .spawn(move || dispatch(args));
    let failed = |what: String| {
        eprintln!("crd-schema-fn: error: {what}");
        ExitCode::from(2)
    };
    match worker {
        Ok(handle) => handle
            .join()
            .unwrap_or_else(|_| failed("internal error (a panic, reported above)".into())),
        Err(e) => failed(format!("starting the worker thread: {e}")),
    }
}

/// The function, or `check` / `fix`.
fn dispatch(args: Vec<OsString>) -> ExitCode {
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
    // The threads the command line or the environment give, as a config without `jobs:`
    // takes them (a config read later may name fewer: the check of the input's UTF-8 is done
    // by then; an environment's bad count is reported by the run).
    let threads = crd_schema_fn::config::Config::default()
        .with_jobs(flags.jobs)
        .map_or_else(
            |_| flags.jobs.unwrap_or_else(crd_schema_fn::jobs::available),
            |c| c.threads(),
        );
    let stdin = crd_schema_fn::stdin::read(threads).context("reading stdin")?;
    let exec = run_for_writing(flags, &stdin, config_file.as_ref());
    {
        let mut err = io::BufWriter::with_capacity(1 << 16, io::stderr().lock());
        exec.write_stderr(&mut err).and_then(|()| err.flush()).ok();
    }
    let mut out = stdout_writer();
    let written = {
        // 64 kB: a pipe's buffer, well inside the L2 (a 1 MB buffer, the L2's size, had its
        // copies miss it: a quarter of the 100k JSON list's L2 write misses), and no larger
        // than the output's packed blocks, which are then written without a copy. The items'
        // pieces pass it by in vectored writes of up to 1 MB (`Stdout::write_to`); the results
        // and small texts fill it.
        let mut buffered = io::BufWriter::with_capacity(1 << 16, &mut out);
        exec.stdout
            .write_to(&stdin, &mut buffered)
            .and_then(|()| buffered.flush())
    };
    let code = match written {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        r => {
            r.context("writing stdout")?;
            u8::try_from(exec.code).unwrap_or(2)
        }
    };
    // Everything is written: the process ends here, its memory given back whole by the exit
    // rather than freed a tree at a time (the bench's 100k list: 10-15 ms of frees, unmapping
    // and the allocator's thread teardown after the last byte written).
    std::process::exit(i32::from(code))
}

/// Where the answer is written: the standard output's descriptor itself (`io::Stdout` is
/// line-buffered, and searches each megabyte written for its last line break: 40 M
/// instructions for the bench's 10k list as JSON, 34 MB written), else `io::Stdout`.
#[cfg(unix)]
fn stdout_writer() -> Box<dyn Write> {
    use std::os::fd::AsFd;
    match io::stdout().as_fd().try_clone_to_owned() {
        Ok(fd) => Box::new(std::fs::File::from(fd)),
        Err(_) => Box::new(io::stdout().lock()),
    }
}

#[cfg(not(unix))]
fn stdout_writer() -> Box<dyn Write> {
    Box::new(io::stdout().lock())
}

/// `check` / `fix`: the report on stdout, fatal errors on stderr (exit 2).
fn repo_main(cli: &RepoCli) -> ExitCode {
    match repo::run(&cli.options()) {
        Ok(outcome) => {
            let written = io::stdout().lock().write_all(outcome.stdout.as_bytes());
            let _ = io::stderr().lock().write_all(outcome.stderr.as_bytes());
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
