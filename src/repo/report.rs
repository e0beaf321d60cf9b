//! What `check` and `fix` print: per file, the function's warnings and errors and one line per
//! field that changes (`FILE: Kind ns/name (apiVersion): spec.mode: added: "Snapshot"`), then
//! with `--diff` the file's unified diff, and a summary line last.

use super::apply::{FileRun, What};
use super::Mode;
use crate::results::{KrmResult, Severity};

/// Counts over a run, for the summary and the exit code.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Totals {
    pub files: usize,
    /// Files with a resource that changes.
    pub changed: usize,
    /// Of those, files that cannot be edited in place.
    pub uneditable: usize,
    pub resources: usize,
    /// Resources with a usable schema.
    pub processed: usize,
    pub removed: usize,
    pub added: usize,
    pub replaced: usize,
    /// Error results and unreadable files.
    pub errors: usize,
}

impl Totals {
    pub(super) fn add(&mut self, run: &FileRun) {
        self.files += 1;
        self.changed += usize::from(run.changes());
        self.uneditable += usize::from(matches!(run.edited, Some(Err(_))));
        self.errors += usize::from(run.file.docs.is_err()) + count_errors(&run.results);
        for r in &run.resources {
            self.resources += 1;
            self.processed += usize::from(r.processed);
            self.errors += count_errors(&r.results);
            for c in &r.changes {
                match c.what {
                    What::Removed => self.removed += 1,
                    What::Added(_) => self.added += 1,
                    What::Changed(..) => self.replaced += 1,
                }
            }
        }
    }
}

pub(super) fn count_errors(results: &[KrmResult]) -> usize {
    results
        .iter()
        .filter(|r| r.severity == Severity::Error)
        .count()
}

/// A warning or error result as one line after `place` (info results give none).
fn result_line(place: &str, r: &KrmResult, out: &mut String) {
    if r.severity == Severity::Info {
        return;
    }
    // A result may have a note on a line of its own (a refused object's summary): each line
    // names the place.
    for line in r.stderr_line().lines() {
        let line = line.strip_prefix("crd-schema-fn: ").unwrap_or(line);
        if place.is_empty() {
            out.push_str(&format!("crd-schema-fn: {line}\n"));
        } else {
            out.push_str(&format!("{place}: {line}\n"));
        }
    }
}

/// Results about no file in particular (schema conflicts, schema files).
pub(super) fn general_lines(results: &[KrmResult], out: &mut String) {
    for r in results {
        result_line("", r, out);
    }
}

/// Everything about one file.
pub(super) fn file_lines(run: &FileRun, mode: Mode, diff: bool, out: &mut String) {
    let name = &run.file.name;
    if let Err(e) = &run.file.docs {
        out.push_str(&format!("{name}: error: {e}\n"));
    }
    for r in &run.results {
        result_line(name, r, out);
    }
    for res in &run.resources {
        for r in &res.results {
            result_line(&res.label, r, out);
        }
        for c in &res.changes {
            let what = match &c.what {
                What::Removed => "removed".to_string(),
                What::Added(v) => format!("added: {v}"),
                What::Changed(a, b) => format!("changed: {a} -> {b}"),
            };
            out.push_str(&format!(
                "{}: {}: {}: {what}\n",
                res.label, res.reference, c.field
            ));
        }
    }
    match &run.edited {
        Some(Err(e)) if mode == Mode::Check => out.push_str(&format!(
            "{name}: warning: `crd-schema-fn fix` cannot edit this file in place: {e}\n"
        )),
        Some(Err(e)) => out.push_str(&format!(
            "{name}: error: cannot edit this file in place, left unchanged: {e}\n"
        )),
        Some(Ok(new)) if diff => {
            out.push_str(&crate::diff::unified(name, &run.file.text, new));
        }
        _ => {}
    }
}

/// The last line.
pub(super) fn summary(mode: Mode, t: &Totals) -> String {
    let verb = match mode {
        Mode::Check => "check",
        Mode::Fix => "fix",
    };
    let mut line = format!(
        "crd-schema-fn {verb}: {}, {} ({} with a schema)",
        plural(t.files, "file"),
        plural(t.resources, "resource"),
        t.processed
    );
    let fields = format!(
        "{} removed, {} added, {} changed",
        plural(t.removed, "field"),
        t.added,
        t.replaced
    );
    match (mode, t.changed) {
        (Mode::Check, 0) => line.push_str(": nothing would change"),
        (Mode::Fix, 0) => line.push_str(": nothing to change"),
        (Mode::Check, n) => line.push_str(&format!(
            ": {} would change ({fields}); `crd-schema-fn fix` changes {}",
            plural(n, "file"),
            if n == 1 { "it" } else { "them" }
        )),
        (Mode::Fix, n) => line.push_str(&format!(
            ": {} changed ({fields})",
            plural(n - t.uneditable, "file")
        )),
    }
    if mode == Mode::Fix && t.uneditable > 0 {
        line.push_str(&format!(
            ", {} left unchanged (cannot be edited in place)",
            plural(t.uneditable, "file")
        ));
    }
    if t.errors > 0 {
        line.push_str(&format!("; {}", plural(t.errors, "error")));
    }
    line.push('\n');
    line
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}
