//! What `check` and `fix` print in the text format: per file, its findings (the function's
//! warnings and errors and one line per field that changes,
//! `FILE:LINE:COL: note: Kind ns/name (apiVersion): spec.mode: added: "Snapshot"`), then with
//! `--diff` the file's unified diff, and a summary line last; and the counts behind the summary
//! and the exit code.

use super::apply::{FileRun, What};
use super::findings::{FileReport, Finding};
use super::Mode;
use crate::results::{KrmResult, Severity};
use crate::yaml::edit::locate::Place;

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

/// The text format: each finding as a line `FILE:LINE:COLUMN: LEVEL: MESSAGE` (GNU style, which
/// editors and terminals link to the place; a finding about no file starts `crd-schema-fn:`),
/// then kubectl's line for a refused object, at the object's place.
pub(super) fn text_lines(report: &FileReport, out: &mut String) {
    for f in &report.findings {
        out.push_str(&finding_line(report, f));
        out.push('\n');
        if let Some(note) = &f.note {
            let place = f.resource.map(|i| report.resources[i].1).or(f.place);
            let about = report
                .resource_of(f)
                .map(|r| format!("{r}: "))
                .unwrap_or_default();
            out.push_str(&format!(
                "{}: {}: {about}{note}\n",
                where_(report, place),
                f.level.as_str()
            ));
        }
    }
}

/// One finding's line (without a newline).
pub(super) fn finding_line(report: &FileReport, f: &Finding) -> String {
    format!(
        "{}: {}: {}",
        where_(report, f.place),
        f.level.as_str(),
        report.full_message(f)
    )
}

/// `FILE:LINE:COLUMN`, `FILE` without a place, `crd-schema-fn` without a file.
fn where_(report: &FileReport, place: Option<Place>) -> String {
    match (&report.name, place) {
        (Some(name), Some(p)) => format!("{name}:{}:{}", p.line, p.column),
        (Some(name), None) => name.clone(),
        (None, _) => "crd-schema-fn".to_string(),
    }
}

/// `--diff`: the unified diff of a file that changes.
pub(super) fn diff_text(run: &FileRun) -> String {
    match &run.edited {
        Some(Ok(new)) => crate::diff::unified(&run.file.name, &run.file.text, new),
        _ => String::new(),
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
