//! The streamed run: the input is read one item at a time (items of a ResourceList or List, or
//! documents of a stream), each processed, written and dropped, so memory holds the input text,
//! the output text and the schemas, not a tree of every item. It gives the same output, results
//! and exit code as the whole-input run, or `None` when it cannot be sure to (then the caller
//! runs the whole-input path, which also reports every error).

use super::{execution, load_config, ConfigFile, Execution, FatalError, Flags, StderrRest};
use crate::process::stream::{Fatal, Finish, Format, Placement, Preload, StreamReport, Streamer};
use crate::process::Report;
use crate::resourcelist::json::Layout;
use crate::resourcelist::pieces::Stdout;
use crate::resourcelist::stream::{
    prescan_function_config, prescan_json_function_config, shell_form, write_json_shell,
    write_shell, Results,
};
use crate::resourcelist::{envelope_form, Form};
use crate::results::Log;
use crate::yaml::parse::{ahead, Documents, ItemsSeen};
use crate::yaml::read::gojson::RootItems;
use crate::yaml::Node;
use std::ops::Range;
use std::sync::Arc;

/// How many items ahead of the one the streamer takes [`Run::read_ahead`] asks memory for
/// the start of (a few items' taking is about a miss's time).
const PREFETCH_AHEAD: usize = 8;

/// Runs streamed (an `Err` is what stops the run: an invalid item or an unreadable CRD among
/// the items, found with the whole input read without a syntax error); `None` when the
/// whole-input path must run instead.
///
/// The function config is needed before the first item, but kustomize and kpt send
/// `functionConfig` after `items`: without a config file, a column-0 `functionConfig:` is
/// pre-scanned (in JSON, the root object's `"functionConfig"`) and used, and the run stands
/// only if the real root's functionConfig turns out to be that same node. When it is not (a
/// flow or indented root), the input is streamed a second time with the real one; and when a
/// CRD among the items comes after items its kinds were processed with, once more with every
/// CRD of the items known from the start. At most three passes: a multiple of the time, never
/// the whole tree in memory.
///
/// With `json` (the input is JSON), the output is written as JSON as it is made; the answer
/// says whether it was (when an item has no JSON form, the pass runs again writing YAML).
/// `items`: where Go's scanner found the JSON list's elements, when it did (dropped once the
/// list is split).
///
/// Where they were found unchecked ([`RootItems::unchecked`]), the first pass reads each
/// element only where it is JSON that reads straight, and so stands when it reads them all
/// (then the text is what the scanner reads). When it does not, the text is checked then:
/// read as it was found, the pass stands (its elements read as a checked pass reads them), or
/// is made again where an element did not read; read otherwise, the answer is [`Unchecked`].
pub(super) fn run(
    flags: &Flags,
    stdin: &str,
    config_file: Option<&ConfigFile>,
    json: Option<Layout>,
    items: Option<RootItems>,
) -> Result<Streamed, Unchecked> {
    let text = stdin.strip_prefix('\u{feff}').unwrap_or(stdin);
    // A JSON list's parts, found once: the first pass reads its items from them, and its
    // functionConfig is the one of their shell (no guess, no scan of the whole text for it).
    let mut split = json.and_then(|_| json_parts(text, items.as_ref()));
    let mut unchecked = items.filter(|i| i.unchecked);
    if unchecked.is_some() && split.is_none() {
        return Err(Unchecked);
    }
    let mut guess = match (config_file, json, &split) {
        (None, None, _) => prescan_function_config(text),
        (None, Some(_), Some((_, shell))) => shell_form(shell)
            .and_then(|form| function_config(shell, form))
            .cloned(),
        (None, Some(_), None) => prescan_json_function_config(text),
        (Some(_), _, _) => None,
    };
    let mut preload = None;
    let mut ahead = true;
    let mut format = json.map_or(Format::Yaml, Format::Json);
    let mut passes = 0;
    while passes < 3 {
        passes += 1;
        let outcome = attempt(
            flags,
            stdin,
            config_file,
            guess.clone(),
            preload.take(),
            ahead,
            format,
            split.take(),
        );
        if let Some(found) = unchecked.take() {
            if !matches!(outcome, Some(Attempt::Done(_))) {
                let checked = crate::resourcelist::json::json_reading(stdin, true);
                let same = |items: &RootItems| {
                    (items.open, items.close, &items.elements)
                        == (found.open, found.close, &found.elements)
                };
                let Some((_, Some(items))) =
                    checked.filter(|(l, i)| Some(*l) == json && i.as_ref().is_some_and(same))
                else {
                    return Err(Unchecked);
                };
                // The next pass reads its elements where the scanner found them.
                split = json_parts(text, Some(&items));
                if let Some(Attempt::OnePass(p)) = outcome {
                    // The same pass again, its elements read as checked.
                    (preload, passes) = (p, passes - 1);
                    continue;
                }
            }
        }
        let Some(outcome) = outcome else {
            return Ok(None);
        };
        match outcome {
            Attempt::Done(done) => return Ok(Some(Ok((done, format != Format::Yaml)))),
            Attempt::Fatal(e) => return Ok(Some(Err(e))),
            Attempt::Config(real) => guess = real,
            Attempt::Preload(p) => preload = Some(p),
            Attempt::OnePass(p) => {
                // Not a pass of its own: the same one again, reading in one pass.
                (ahead, preload, passes) = (false, p, passes - 1);
            }
            Attempt::Yaml => (format, passes) = (Format::Yaml, passes - 1),
        }
    }
    Ok(None)
}

/// A streamed run's answer: the run's (and whether it is written as JSON), the error that stops
/// it, or none (the whole-input run answers).
pub(super) type Streamed = Option<Result<(Execution, bool), FatalError>>;

/// A JSON list's elements found unchecked did not all read so, and the text checked reads
/// otherwise than they were found: the run must start again from its checked reading.
pub(super) struct Unchecked;

/// What one streamed pass gave.
enum Attempt {
    Done(Execution),
    /// The pass used another functionConfig than the input's: this one.
    Config(Option<Node>),
    /// A CRD among the items came too late: the CRDs, for the next pass.
    Preload(Box<Preload>),
    /// What stops the run (exit 2).
    Fatal(FatalError),
    /// The items read ahead (see [`crate::yaml::parse::ahead`]) did not all read on their
    /// own: the same pass (with its CRDs, if it had them), the document read in one pass.
    OnePass(Option<Box<Preload>>),
    /// Written as JSON, something had no JSON form: the same pass again, writing YAML.
    Yaml,
}

/// A JSON text's parts ([`ahead::split_json_with`], `known`: its elements where Go's scanner
/// found them) and its shell.
fn json_parts(text: &str, known: Option<&RootItems>) -> Option<(ahead::Split, Node)> {
    let split = ahead::split_json_with(text, known)?;
    let shell = ahead::shell_json(text, &split)?;
    Some((split, shell))
}

/// The functionConfig a streamed pass finds in `shell` (the first document without its items),
/// of that `form`.
fn function_config(shell: &Node, form: Form) -> Option<&Node> {
    match form {
        Form::ResourceList => shell.get("functionConfig"),
        _ => None,
    }
}

/// One streamed pass with `guess` as the functionConfig and the CRDs of `preload` (see [`run`]);
/// `ahead`: with more than one thread, a ResourceList's items may be found by their lines and
/// read on the threads ([`crate::yaml::parse::ahead`]); the output is written in `format`.
/// `split`: a JSON text's parts and its shell, already found (see [`Run::read_ahead`]).
#[allow(clippy::too_many_arguments)]
fn attempt(
    flags: &Flags,
    stdin: &str,
    config_file: Option<&ConfigFile>,
    guess: Option<Node>,
    preload: Option<Box<Preload>>,
    ahead: bool,
    format: Format,
    split: Option<(ahead::Split, Node)>,
) -> Option<Attempt> {
    let text = stdin.strip_prefix('\u{feff}').unwrap_or(stdin);
    let mut config = load_config(guess.as_ref(), config_file)
        .ok()?
        .with_jobs(flags.jobs)
        .ok()?
        .with_kubernetes_version(flags.kubernetes_version)
        .ok()?;
    config.previous.extend(flags.previous.iter().cloned());
    let _run = crate::versions::enter(config.behaviours());
    let streamer = match preload {
        Some(p) => Streamer::preloaded(&config, text, flags.diff, format, *p)?,
        None => Streamer::new(&config, text, flags.diff, format)?,
    };
    let json = matches!(format, Format::Json(_));
    let ahead = ahead && (config.threads() > 1 || json);
    let mut run = Run {
        streamer,
        docs: Documents::new(text),
        ahead,
        index: 0,
        bom: stdin.len() - text.len(),
        text,
    };
    let read_ahead = ahead.then(|| run.read_ahead(text, json, split)).flatten();
    let (shell, seen) = match read_ahead {
        Some(first) => first,
        None => run.first_document()?,
    };
    let form = shell_form(&shell).filter(|_| seen.sequences <= 1 && !seen.anchored);
    let Some(form) = form else {
        if seen.sequences > 0 || guess.is_some() || envelope_form(&shell).is_some() {
            return None;
        }
        return run.stream(shell);
    };
    let real = function_config(&shell, form);
    let same = match (&guess, real) {
        (None, None) => true,
        (Some(a), Some(b)) => a.content_eq(b),
        _ => false,
    };
    if config_file.is_none() && !same {
        return Some(Attempt::Config(real.cloned()));
    }
    run.list(shell, form)
}

/// A streamed run in progress.
struct Run<'a> {
    streamer: Streamer<'a>,
    docs: Documents<'a>,
    /// A ResourceList's items, or a stream's documents after the first, may be found ahead and
    /// read on the threads.
    ahead: bool,
    /// Index of the next document.
    index: usize,
    /// Length of a byte order mark before the text (input spans count from stdin's start).
    bom: usize,
    /// The text read (stdin without its byte order mark).
    text: &'a str,
}

impl Run<'_> {
    /// The first non-null document, the items of its root `items:` sequence processed.
    fn first_document(&mut self) -> Option<(Node, ItemsSeen)> {
        loop {
            let mut n = 0;
            let streamer = &mut self.streamer;
            let mut on_item = |item: Node, span: Option<Range<usize>>| {
                streamer.item(item, n, Placement::SeqItem, span);
                n += 1;
            };
            let (doc, seen) = self.docs.next_split(&mut on_item)?.ok()?;
            if !(doc.is_null() && seen.sequences == 0) {
                return Some((doc, seen));
            }
            self.index += 1;
        }
    }

    /// The first document, as [`Self::first_document`] gives it, its items found by their
    /// lines (`json`: the input is read as JSON, by their brackets) and given to the streamer
    /// unread (see [`crate::yaml::parse::ahead`]), when the text has that shape and the rest
    /// of the document reads; then nothing is left to read. `ready`: a JSON text's parts and
    /// shell, found before the pass.
    fn read_ahead(
        &mut self,
        text: &str,
        json: bool,
        ready: Option<(ahead::Split, Node)>,
    ) -> Option<(Node, ItemsSeen)> {
        let (split, shell) = match (json, ready) {
            (true, Some(ready)) => ready,
            (false, _) => {
                let split = ahead::split(text)?;
                let shell = ahead::shell(text, &split)?;
                (split, shell)
            }
            (true, None) => json_parts(text, None)?,
        };
        let mut items = split.items.into_iter();
        let mut n = 0;
        while let Some(item) = items.next() {
            // The streamer reads the start of each item as it takes it (its apiVersion and
            // kind, see `window::type_of`), on this thread alone: the start of one a few
            // places on is asked of memory meanwhile.
            if let Some(next) = items.as_slice().get(PREFETCH_AHEAD) {
                ahead::prefetch(text, next);
            }
            self.streamer.unread_item(item, n);
            n += 1;
        }
        self.docs = Documents::new("");
        let seen = ItemsSeen {
            sequences: 1,
            anchored: false,
        };
        Some((shell, seen))
    }

    /// A plain stream: `first` is its first document (and item), the rest follow, each with
    /// its span of the input (the first one has none: it was read splitting `items`).
    fn stream(mut self, first: Node) -> Option<Attempt> {
        let mut doc = Some((first, None));
        let mut is_first = true;
        loop {
            if let Some((doc, span)) = doc.take().filter(|(d, _)| !d.is_null()) {
                let placement = Placement::Document { first: is_first };
                self.streamer.item(doc, self.index, placement, span);
                if is_first {
                    self.documents_ahead();
                }
                is_first = false;
            }
            self.index += 1;
            match self.docs.next_spanned() {
                None => break,
                Some(next) => doc = Some(next.ok()?),
            }
        }
        let threads = self.streamer.threads();
        let (mut report, out) = match self.streamer.finish() {
            Ok(done) => done,
            Err(finish) => return again(finish),
        };
        let (text, pieces) = out.into_pieces(self.text, self.bom);
        let stdout = Stdout {
            text,
            pieces,
            threads,
        };
        let items = Arc::new(std::mem::take(&mut report.items));
        let done = streamed_execution(report, items, stdout);
        Some(Attempt::Done(done))
    }

    /// With more than one thread, the documents after the first (non-empty) one, found ahead
    /// by their separator lines and given to the streamer unread, to be read on the threads
    /// ([`Documents::ahead`]); then nothing is left to read. Where one does not read alone,
    /// the pass is made again reading the stream one document after the other
    /// ([`Finish::Unreadable`]).
    fn documents_ahead(&mut self) {
        if !(self.ahead && self.streamer.threads() > 1) {
            return;
        }
        let Some(rest) = self.docs.ahead() else {
            return;
        };
        for (index, chunk) in rest {
            let item = ahead::Item::document(index, &chunk);
            self.streamer.unread_document(item, index);
        }
        self.docs = Documents::new("");
    }

    /// A ResourceList or List (the only non-null document) around its streamed items.
    fn list(self, shell: Node, form: Form) -> Option<Attempt> {
        for doc in self.docs {
            if !doc.ok()?.is_null() {
                return None;
            }
        }
        let threads = self.streamer.threads();
        let (mut report, out) = match self.streamer.finish() {
            Ok(done) => done,
            Err(finish) => return again(finish),
        };
        let format = out.format();
        // One log for the output's `results` and for the stderr lines.
        let log = Arc::new(std::mem::take(&mut report.items));
        let results = Results {
            head: &report.head,
            items: Arc::clone(&log),
            tail: std::slice::from_ref(&report.summary),
        };
        let items = out.into_pieces(self.text, self.bom);
        let mut stdout = match format {
            Format::Yaml => write_shell(shell, form, items, results),
            Format::Json(layout) => match write_json_shell(shell, form, items, results, layout) {
                Some(stdout) => stdout,
                None => return Some(Attempt::Yaml),
            },
        };
        stdout.threads = threads;
        Some(Attempt::Done(streamed_execution(report, log, stdout)))
    }
}

/// After a pass without an answer: the next pass, the error that stops the run, or none (the
/// whole-input run).
fn again(finish: Finish) -> Option<Attempt> {
    match finish {
        Finish::Preload(p) => Some(Attempt::Preload(p)),
        Finish::Fatal(Fatal::Input(e)) => Some(Attempt::Fatal(e.into())),
        Finish::Fatal(Fatal::Process(e)) => Some(Attempt::Fatal(e.into())),
        Finish::GiveUp => None,
        Finish::Unreadable(preload) => Some(Attempt::OnePass(preload)),
        Finish::NoJson => Some(Attempt::Yaml),
    }
}

/// The run's outcome, as [`super::execution`] gives it for the whole-input run: the head's
/// lines, then the items' (`items`: written from their results as stderr is written, tens of
/// megabytes for a long list), then the diffs.
fn streamed_execution(report: StreamReport, items: Arc<Log>, stdout: Stdout) -> Execution {
    let head = Report {
        results: report.head,
        diffs: Vec::new(),
    };
    let threads = stdout.threads;
    let mut done = execution(&head, stdout);
    if items.has_error() {
        done.code = 1;
    }
    done.stderr_rest = Some(StderrRest {
        items,
        after: report.diffs.concat(),
        threads,
    });
    done
}

#[cfg(test)]
mod tests;
