//! Processing items one at a time, as they are read, with the same results as [`super::process`]
//! on the whole list: each item is checked, loaded as a schema when it is a CRD, processed, written
//! to the output text and dropped before the next one is read.
//!
//! Schemas are known before an item is processed only partly: the config's schema files are
//! loaded first, CRDs among the items as they come. So:
//! - an item with no schema yet for its group/kind is written unchanged and remembered; at the
//!   end, if a later CRD among the items defined it, it is read back from the output text,
//!   processed and written again in place;
//! - an item processed with a schema that a later CRD among the items could change (the CRD wins
//!   over files, and adds versions) makes the streamed answer unusable: [`Streamer::finish`] then
//!   ends with [`Finish::Preload`]: every CRD among the items, loaded in order (the rest of the
//!   items are only read for their CRDs), for a second pass that knows them all from the start
//!   ([`Streamer::preloaded`]), as the whole-input run does. Any item or CRD that would stop the
//!   whole-input run (bad item, malformed CRD) ends with [`Finish::GiveUp`]: the whole-input run
//!   reports it.
//!
//! Results come out in the whole-input order: CRD errors and conflicts of the items, then of the
//! files, then the items' results in item order, then the summary.

use super::crd_update::OldCrd;
use super::schemas::{identity, identity_of_json, is_crd, lookup, LoadedCrd, SchemaSet, Schemas};
use super::{api_version_kind, ProcessError, Report};
use super::{impact, process_item_with, ItemContext, Previous, UpdateContext};
use crate::config::Config;
use crate::engine::Checks;
use crate::fxhash::{Seeded, SeededHashMap};
use crate::resourcelist::pieces::{read_document, read_item};
use crate::resourcelist::{check_document, check_object, InputError};
use crate::results::{KrmResult, Log, Summary};
use crate::schema::registry::Entry;
use crate::schema::registry::{split_api_version, Lookup};
use crate::yaml::parse::ahead;
use crate::yaml::Node;
pub use output::{Format, Output};
use std::ops::Range;

mod output;
mod window;
use std::collections::{HashMap, HashSet};

/// How an item is written to the output text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// One item of the root `items:` sequence.
    SeqItem,
    /// One document of a stream (`first`: no `---` before it).
    Document { first: bool },
}

/// An item written unchanged because no schema was known for its group/kind when it was read.
struct Deferred {
    index: usize,
    placement: Placement,
    /// Its output segment.
    segment: usize,
    /// Where its results go among the items' results.
    results_at: usize,
    /// Its apiVersion and kind, as an index into [`Streamer::types`] (a long list has many
    /// items of few types).
    type_id: usize,
}

/// Group → the kinds some item was processed (or warned about) with: looked up for every
/// item, with the seeded hasher for keys from the input ([`crate::fxhash::Seeded`]).
type Resolved = SeededHashMap<String, HashSet<String, Seeded>>;

/// The state of one streamed run.
pub struct Streamer<'c> {
    config: &'c Config,
    /// The text being read (unchanged items are kept as spans of it).
    input: &'c str,
    out: Output,
    want_diff: bool,
    /// The config's schema files (looked up after the items' CRDs).
    files: Schemas,
    /// The same, per path in config order, replayed at the end for the whole-input warnings.
    file_versions: Vec<Vec<Entry<Checks>>>,
    /// Each path's non-structural errors.
    file_results: Vec<Vec<KrmResult>>,
    /// The CRDs among the items read so far (the files' versions are added at the end).
    items: SchemaSet,
    crd_results: Vec<KrmResult>,
    /// The previous revision (`--previous`, `previous:`), read whole before the first item.
    previous: Option<Previous>,
    /// The CRDs among the items that change a CRD of the previous revision, kept for the report
    /// of what their change does to the previous objects (after the files' results, as the whole-input run
    /// orders it).
    crds: Vec<Node>,
    /// The items' results, kept compact as they come, in item order: written as the output's
    /// `results` entries (in a ResourceList) and as stderr lines when those are written.
    results: Log,
    diffs: Vec<(usize, String)>,
    summary: Summary,
    /// Group → kinds that some item was processed (or warned about) with.
    resolved: Resolved,
    deferred: Vec<Deferred>,
    /// The apiVersion/kind pairs of the deferred items, and their index.
    types: Vec<(String, String)>,
    type_ids: HashMap<(String, String), usize>,
    /// What stops the run (the first invalid item; else the first unreadable CRD among the
    /// items, as the whole-input run checks every item before it loads any CRD).
    fatal: Option<Fatal>,
    /// The CRDs among the items were all loaded before the first item (a second pass).
    preloaded: bool,
    /// The threads of the run, and the items read but not processed yet (see [`Self::flush`]),
    /// with the length of their spans of the input.
    threads: usize,
    pending: Vec<Pending>,
    pending_bytes: usize,
    /// A CRD came for a group/kind that items were already processed with: only CRDs are
    /// loaded from then on, for a second pass.
    late: bool,
    /// An item given unread did not read on its own (see [`Finish::Unreadable`]).
    unreadable: bool,
    /// The last batch read the usual way held a CRD: the next one is too (see
    /// [`Self::fused`]).
    crds_last: bool,
    /// The answers of the last window read and processed in one step, taken in item order
    /// while the threads work on the next window (see [`Self::fused`]); [`Self::drain`] takes
    /// them before anything else is done.
    held: Option<Vec<Answer>>,
    /// Where the answers of a window keep their text and results: each thread's buffers (see
    /// [`window::Held`]).
    window: Vec<window::Held>,
    /// Two threads or more: the buffers the next window's answers go to, while the last
    /// window's answers are taken from [`Self::window`] (see [`Self::fused`]).
    window_next: Vec<window::Held>,
    /// How many items the next window takes (see [`window::items`]).
    window_items: usize,
    /// How many times the guessed kind changes from one item of the window to the next, and
    /// the last item's (see [`window::grouped`]).
    window_changes: usize,
    window_last: u64,
    /// The items waiting are CRDs given unread (as their text tells, see [`window::is_crd`]):
    /// a batch of them, not a window.
    pending_crd: bool,
}

/// An item of a batch read and processed in one step ([`Streamer::fused`]), to be taken in
/// item order: its placement, its index and what it became.
type Answer = (Placement, usize, Fused);

/// What taking an item's answer in item order changes in a run ([`Streamer::write`],
/// [`Streamer::type_id`], [`Streamer::resolve`]): the fields of the [`Streamer`] it writes,
/// borrowed apart from those the threads read, so that a batch's answers are taken while the
/// next batch is processed.
struct Sink<'s> {
    input: &'s str,
    out: &'s mut Output,
    results: &'s mut Log,
    diffs: &'s mut Vec<(usize, String)>,
    summary: &'s mut Summary,
    deferred: &'s mut Vec<Deferred>,
    types: &'s mut Vec<(String, String)>,
    type_ids: &'s mut HashMap<(String, String), usize>,
    resolved: &'s mut Resolved,
    fatal: &'s mut Option<Fatal>,
    /// Where the answers of a window keep their text and results.
    window: &'s [window::Held],
}

/// How many items per thread wait before a batch is processed ([`Streamer::flush`]); a batch
/// also ends at [`BATCH_BYTES`] of input (its trees are held until it is written: about 19
/// times the text for the corpus CRDs; at 2 MB, two threads' batches of CRDs made the 10k
/// list's peak, 211 MB against 177 MB at 512 KB, at the same speed; at 512 KB they still made
/// the peak of a small update run, 28–29 MB against 26.4–27.3 MB at 128 KB for the bench's
/// 1,000 updates, with the 10k and 100k lists as fast).
const BATCH_ITEMS: usize = 32;
const BATCH_BYTES: usize = 128 << 10;

/// [`BATCH_BYTES`] for a batch of CRDs given unread ([`Streamer::unread_item`]) where each is
/// loaded on the thread that reads it, which keeps only what the load needs: such a batch holds
/// no trees. A CRD's load takes from microseconds to tens of milliseconds, and batches of four
/// CRDs (128 KB) left one thread waiting on the largest: the 10k list as JSON took 0.40 s at two
/// threads where it took 0.47 s, with the same peak. At 2 MB a batch still held one of Argo's
/// 1.2 MB workflow CRDs (40–70 ms each to load) beside too little for the other thread: four
/// such waits of 10–15 ms in the 10k list; at 8 MB (the batch's 64 items end it first on the
/// corpus) the threads' use in its CRD phase rose from 0.86–0.89 to 0.88–0.91, with the same
/// peak.
const CRD_BATCH_BYTES: usize = 8 << 20;

/// An item read and not yet processed.
struct Pending {
    node: Node,
    index: usize,
    placement: Placement,
    span: Option<Range<usize>>,
    /// `span` is a JSON list element read straight (see [`output::kept`]).
    straight: bool,
    /// It is a CustomResourceDefinition.
    crd: bool,
    /// Not read yet: its lines in the input (see [`Streamer::unread_item`]), and the number
    /// of the type its text seems to give (see [`window::key`]).
    unread: Option<ahead::Item>,
    kind: u64,
    /// Done on the threads as it was read (a CRD: loaded, and its text made for keeping it).
    /// (Boxed: most items are no CRD, and a window holds thousands of them.)
    loaded: Option<Box<LoadedCrd>>,
    kept: Option<output::Kept>,
}

impl Pending {
    /// What messages call it (see [`label`]).
    fn label(&self) -> String {
        label(self.placement, self.index)
    }
}

/// About how many bytes of text `node` was read from, for an item with no span (an item of a
/// one-line JSON list, a JSON document): its scalars and a few bytes of syntax for each node.
/// A batch's size counts it as input, so that a JSON list's CRDs end batches as a YAML list's do.
fn text_size(node: &Node) -> usize {
    match node {
        Node::Scalar(s) => s.value.len() + 3,
        Node::Seq(s) => 2 + s.items.iter().map(text_size).sum::<usize>(),
        Node::Map(m) => {
            let entries = m.entries.iter();
            2 + entries
                .map(|(k, v)| text_size(k) + text_size(v))
                .sum::<usize>()
        }
    }
}

/// An element of a one-line JSON list (read straight) that is a CRD, with its JSON value as the
/// reader's trees would give it ([`crate::yaml::json::value_as_read`]), its text, and whether
/// that is the writer's text for it; `None` for any other (read as before).
fn json_crd(input: &str, item: &ahead::Item) -> Option<(serde_json::Value, Range<usize>, bool)> {
    let span = item.json_text().filter(|_| item.read_straight())?;
    let text = input.get(span.clone())?;
    // The needle's searcher, made once (making it costs more than most searches).
    static KIND: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
        std::sync::LazyLock::new(|| {
            memchr::memmem::Finder::new(b"\"kind\":\"CustomResourceDefinition\"")
        });
    KIND.find(text.as_bytes())?;
    // Not read yet (see `ahead::Item::unchecked`): a value made is one Go's scanner reads
    // straight (nested within serde_json's 128 levels, far within Go's limit in its list), if
    // it holds no NEL, LS or PS (see `json_as_read`).
    if item.unchecked() && crate::yaml::read::gojson::has_yaml_break(text.as_bytes()) {
        return None;
    }
    let (json, written) = crate::yaml::json::value_as_read(text)?;
    let s = |k: &str| json.get(k).and_then(serde_json::Value::as_str);
    crate::crd::load::is_crd_type(s("apiVersion")?, s("kind")?).then_some((json, span, written))
}

/// What processing an item of the run needs besides its schema: the run's `config`, whether a
/// diff is wanted, and the `previous` revision when updates are judged, with the schemas of
/// the items (`registry`) and of the schema `files` its objects are judged against.
fn item_context<'a>(
    config: &'a Config,
    want_diff: bool,
    previous: Option<&'a Previous>,
    registry: &'a Schemas,
    files: &'a Schemas,
) -> ItemContext<'a> {
    let update = previous.map(|previous| UpdateContext {
        previous,
        registry,
        files: Some(files),
    });
    ItemContext {
        config,
        want_diff,
        update,
    }
}

/// An item given unread, read on its own (`None` where it does not read so), with the span the
/// output copies it from: a JSON element's text is copied where the writer writes it byte for
/// byte (see `output::kept`); in YAML it is never the writer's.
fn read_unread(
    input: &str,
    item: &ahead::Item,
    format: Format,
) -> Option<(Node, Option<Range<usize>>)> {
    let (node, span) = ahead::item(input, item)?;
    let span = match format {
        Format::Json(_) => span.or_else(|| item.json_text()),
        Format::Yaml => span,
    };
    Some((node, span))
}

/// The checks every item is given where it is placed: a list's item ([`check_object`]) or a
/// stream's document ([`check_document`]). What the message calls the item ([`label`]) is
/// made only for one refused, not for every item.
fn check_placed(node: &Node, placement: Placement, index: usize) -> Result<(), InputError> {
    let checked = match placement {
        Placement::SeqItem => check_object(node, ""),
        Placement::Document { .. } => check_document(node, ""),
    };
    checked.map_err(|e| match e {
        InputError::Invalid { field, message, .. } => InputError::Invalid {
            doc: label(placement, index),
            field,
            message,
        },
        other => other,
    })
}

/// What messages call item `index`: `items[3]` in a list, `document 3` in a stream.
fn label(placement: Placement, index: usize) -> String {
    match placement {
        Placement::SeqItem => crate::field::index("items", index),
        Placement::Document { .. } => format!("document {index}"),
    }
}

/// A document of a stream given unread ([`Streamer::unread_document`]) that read as an empty
/// one: left out, as the stream's reader leaves it out before [`Streamer::item`].
fn empty_document(placement: Placement, node: &Node) -> bool {
    matches!(placement, Placement::Document { .. }) && node.is_null()
}

/// Whether an item (`crd`: a CRD) coming after `batch` ends it first: the items waiting are
/// looked up before a CRD after them changes the schemas.
fn ends_batch(batch: &[Pending], crd: bool) -> bool {
    crd && batch.iter().any(|p| !p.crd)
}

/// An item processed with what the lookup of its apiVersion and kind `found`: its answer, to be
/// written in item order, with the parts of its text that its span of `input` holds already
/// worked out ([`output::copies`]) on this thread.
fn answer(
    mut p: Pending,
    api_version: &str,
    found: Lookup<'_, Checks>,
    cx: ItemContext<'_>,
    format: Format,
    input: &str,
) -> Done {
    let (mut report, mut summary) = (Report::default(), Summary::default());
    process_item_with(
        &mut p.node,
        api_version,
        found,
        cx,
        &mut report,
        &mut summary,
    );
    // A JSON element read straight is copied from its text where it holds what it was read
    // as, once the processing dropped the keys it repeats (`summary.processed`: see
    // `write_plain_json_copying`).
    let source = match (format, p.placement, &p.span) {
        (
            Format::Json(crate::resourcelist::json::Layout::Compact),
            Placement::SeqItem,
            Some(span),
        ) if p.straight && summary.processed > 0 => input.get(span.clone()),
        _ => None,
    };
    let text = output::text(&p.node, p.placement, format, source);
    Done::Processed {
        index: p.index,
        placement: p.placement,
        copies: output::copies(text.as_deref(), p.span.as_ref(), input),
        text: text.map(Text::Own),
        span: p.span,
        results: Results::Own(Box::new(Log::of(&report.results))),
        diffs: report.diffs,
        summary,
    }
}

/// What becomes of a pending item ([`Streamer::decide`]).
enum Step {
    /// Not written (the run stops, or only CRDs are read from now on).
    Drop,
    /// Written unchanged (a kind the config skips).
    Keep(Pending),
    /// Written unchanged, and processed at the end if a later CRD defines its kind (the index
    /// of its apiVersion and kind in [`Streamer::types`]).
    Defer(Pending, usize),
    /// Processed with the schema of its apiVersion and kind.
    Process(Pending, String, String),
}

/// A pending item's answer, to be written in item order.
enum Done {
    /// Not written.
    Dropped,
    /// Written unchanged; `defer`: the item's index and its type's (see [`Step::Defer`]).
    Kept {
        kept: output::Kept,
        placement: Placement,
        defer: Option<(usize, usize)>,
    },
    Processed {
        index: usize,
        placement: Placement,
        /// Its output text (`None`: it has no JSON form).
        text: Option<Text>,
        /// Where it was read from in the input (see [`output::Output::push_processed`]).
        span: Option<Range<usize>>,
        /// The start and end of `text` copied from `span` ([`output::copies`]).
        copies: Option<(usize, usize)>,
        results: Results,
        diffs: Vec<String>,
        summary: Summary,
    },
}

/// A processed item's output text: its own, or where its window keeps it (see
/// [`window::Held`]): only what lies between the start and end its span holds, where it has
/// `copies` (see [`output::Output::push_between`]).
enum Text {
    Own(String),
    Held(window::At),
}

/// A processed item's results: its own, or where its window keeps them, and whether one is an
/// error.
enum Results {
    /// (Boxed: a window holds thousands of answers, theirs kept apart, see [`hold`].)
    Own(Box<Log>),
    Held {
        at: window::At,
        error: bool,
    },
}

/// `f`, its text and results moved to `held` (see [`window::Held`]).
fn hold(held: &mut window::Held, f: Fused) -> Fused {
    let Fused::Processed(mut processed) = f else {
        return f;
    };
    let done = &mut processed.0;
    if let Done::Processed {
        text,
        results,
        span,
        copies,
        ..
    } = done
    {
        if let Some(Text::Own(own)) = text {
            let kept = match (&span, *copies) {
                (Some(_), Some((head, tail))) => &own[head..own.len() - tail],
                _ => own.as_str(),
            };
            *text = Some(Text::Held(held.keep_text(kept)));
        }
        if let Results::Own(log) = results {
            let error = log.has_error();
            *results = Results::Held {
                at: held.keep_results(log),
                error,
            };
        }
    }
    Fused::Processed(processed)
}

/// One piece of a batch's work on the threads: an item's (a [`Step`], or an item given unread
/// in [`Streamer::fused`]), or a block of the output's text to pack (see
/// [`crate::packed::Blocks::take_waiting`]). As large as a step: the batch's steps are moved into
/// it, not boxed.
#[allow(clippy::large_enum_variant)]
enum Work<'a, T> {
    Item(T),
    Pack(usize, &'a [u8]),
}

/// What [`Work`] gave: an item's answer ([`Done`], or [`Fused`]) or a packed block. As large
/// as an answer, which is not boxed either.
#[allow(clippy::large_enum_variant)]
enum Did<A> {
    Item(A),
    Packed(usize, Box<[u8]>),
}

/// What an item given unread became, read and processed on one thread ([`Streamer::fused`]).
/// Its larger answers are boxed: a window's answers are moved through vectors of thousands
/// (see [`crate::jobs::map_sorted`]), each allocated afresh, whose memory the allocator gives
/// back between windows and faults in again (224 bytes an answer unboxed, 40 boxed: the 100k
/// list as JSON at two threads faulted in 44,000 pages, 30,000 with its answers boxed and the
/// window's vector kept, see [`Streamer::fused`]).
enum Fused {
    /// Its batch is read the usual way: the item is a CRD, or it does not read on its own.
    Abort,
    /// An empty document of a stream: left out, as the stream's reader leaves it out.
    Empty,
    /// It fails the checks every item is given ([`check_placed`]): the run stops there.
    Refused(Box<InputError>),
    /// Its kind is one the config skips: written unchanged.
    Skipped(output::Kept),
    /// No schema for its apiVersion and kind yet: written unchanged (see [`Step::Defer`]):
    /// what it is kept as, its apiVersion and its kind.
    NotFound(Box<(output::Kept, String, String)>),
    /// Processed with the schema of its apiVersion and kind: its answer, its apiVersion and
    /// its kind.
    Processed(Box<(Done, String, String)>),
}

/// The CRDs among the items, loaded in item order with their results (for a second pass).
pub struct Preload {
    items: SchemaSet,
    crd_results: Vec<KrmResult>,
}

/// What stops a run: exit 2, nothing on stdout.
#[derive(Debug)]
pub enum Fatal {
    Input(InputError),
    Process(ProcessError),
}

/// Why a streamed run has no answer of its own.
pub enum Finish {
    /// The input cannot be processed (the whole-input run would stop with the same error:
    /// reading the whole input went through without a syntax error).
    Fatal(Fatal),
    /// Run again, knowing every CRD among the items from the start.
    Preload(Box<Preload>),
    /// Let the whole-input run answer (and report what stops it).
    GiveUp,
    /// An item given unread did not read on its own: run the pass again reading the input in
    /// one pass (with the CRDs it was given, if it was a second pass).
    Unreadable(Option<Box<Preload>>),
    /// An item written as JSON had no JSON form: run again writing YAML (the output is then
    /// YAML, as [`crate::resourcelist::write_json`] leaves it).
    NoJson,
}

impl<'c> Streamer<'c> {
    /// Loads the config's schema files; `None` when one cannot be loaded (the whole-input run
    /// reports it). The items and their results are written in `format`.
    pub fn new(
        config: &'c Config,
        input: &'c str,
        want_diff: bool,
        format: Format,
    ) -> Option<Self> {
        let mut files = Schemas::default();
        let mut file_versions = Vec::new();
        let mut file_results = Vec::new();
        let mut items = SchemaSet::new(config);
        let previous = match config.previous.is_empty() {
            true => None,
            false => Some(Previous::load(&config.previous, config).ok()?),
        };
        for path in &config.schemas {
            let mut errors = Vec::new();
            let versions = items.load_path(path, &HashSet::new(), &mut errors).ok()?;
            files.add_entries(versions.clone(), false);
            file_versions.push(versions);
            file_results.push(errors);
        }
        let mut out = Output::new(format);
        if config.threads() > 1 {
            out.defer_packing();
        }
        Some(Streamer {
            config,
            input,
            out,
            want_diff,
            files,
            file_versions,
            file_results,
            items,
            crd_results: Vec::new(),
            previous,
            crds: Vec::new(),
            // The same for the results (at 100k objects, 27 MB): grown by copies, the old and
            // the new buffer were held at once near the end.
            results: Log::default(),
            diffs: Vec::new(),
            summary: Summary::default(),
            resolved: Resolved::default(),
            deferred: Vec::new(),
            fatal: None,
            types: Vec::new(),
            type_ids: HashMap::new(),
            preloaded: false,
            late: false,
            threads: config.threads(),
            pending: Vec::new(),
            pending_bytes: 0,
            unreadable: false,
            crds_last: false,
            held: None,
            window: window::held(config.threads()),
            window_next: window::held(config.threads()),
            window_items: window::items(input.len(), config.threads(), None),
            window_changes: 0,
            window_last: 0,
            pending_crd: false,
        })
    }

    /// A second pass: the CRDs among the items are those of `preload`, known before any item.
    pub fn preloaded(
        config: &'c Config,
        input: &'c str,
        want_diff: bool,
        format: Format,
        preload: Preload,
    ) -> Option<Self> {
        let mut s = Streamer::new(config, input, want_diff, format)?;
        s.items = preload.items;
        s.crd_results = preload.crd_results;
        s.preloaded = true;
        Some(s)
    }

    /// Takes item `index` (`label` names it in messages; `span`: where it is in the input, for
    /// a split item), processes it and appends it to the output. With more than one thread the
    /// item waits in a batch (`Self::flush`) that is processed on the threads; the answer is
    /// the same.
    pub fn item(
        &mut self,
        node: Node,
        index: usize,
        placement: Placement,
        span: Option<Range<usize>>,
    ) {
        let crd = is_crd(&node);
        // (A window of items given unread is processed before an item read; one thread
        // processes each item read alone.)
        let window = self.pending.last().is_some_and(|p| p.unread.is_some());
        if ends_batch(&self.pending, crd)
            || window
            || (self.threads <= 1 && !self.pending.is_empty())
        {
            self.flush();
        }
        self.pending_bytes += span
            .as_ref()
            .map_or_else(|| text_size(&node), ExactSizeIterator::len);
        self.pending.push(Pending {
            node,
            index,
            placement,
            span,
            straight: false,
            crd,
            unread: None,
            kind: 0,
            loaded: None,
            kept: None,
        });
        self.flush_if_full();
    }

    /// Takes item `index` as [`Self::item`] does, not read yet: its lines of the input, found
    /// by [`ahead::split`]. It is read on the run's threads with the rest of its batch; when it
    /// does not read on its own, the run ends with [`Finish::Unreadable`].
    pub fn unread_item(&mut self, item: ahead::Item, index: usize) {
        self.unread(item, index, Placement::SeqItem);
    }

    /// Takes document `index` of a plain stream (not the first) as [`Self::item`] does, not
    /// read yet: found ahead by its separator lines ([`ahead::Item::document`]), read on the
    /// run's threads with the rest of its batch. An empty one is then left out, as the
    /// stream's reader leaves it out; one that does not read ends the run with
    /// [`Finish::Unreadable`].
    pub fn unread_document(&mut self, item: ahead::Item, index: usize) {
        self.unread(item, index, Placement::Document { first: false });
    }

    fn unread(&mut self, item: ahead::Item, index: usize, placement: Placement) {
        if self.unreadable {
            return;
        }
        // A CRD ends the window before it (it changes the schemas of the items after it; a
        // window that holds one is read again the usual way); the CRDs that come one after the
        // other wait in a batch of their own, as items read do (one thread: each alone), which
        // the first other item ends. Nor does a window follow an item read.
        let guess = window::type_of(&self.input[item.lines.clone()]);
        let crd = window::is_crd(guess);
        let after_read = self.pending.last().is_some_and(|p| p.unread.is_none());
        if !self.pending.is_empty() && (crd != self.pending_crd || after_read) {
            self.flush();
        }
        self.pending_crd = crd;
        // (How often the kinds change in the window, see `window::grouped`.)
        let kind = window::key(guess);
        if !self.pending.is_empty() && kind != self.window_last {
            self.window_changes += 1;
        }
        self.window_last = kind;
        self.pending_bytes += item.lines.len();
        self.pending.push(Pending {
            node: Node::Scalar(crate::yaml::Scalar::plain("")),
            index,
            placement,
            span: None,
            straight: false,
            crd: false,
            unread: Some(item),
            kind,
            loaded: None,
            kept: None,
        });
        self.flush_if_full();
    }

    fn flush_if_full(&mut self) {
        let items = self.pending.len();
        // Items given unread (no CRD among them) wait in a window (see `window`) while they
        // would be read and processed in one step.
        let window = !self.pending_crd
            && self.pending.last().is_some_and(|p| p.unread.is_some())
            && self.fused_may_run();
        let full = match (window, self.threads) {
            (true, _) => {
                window::grouped(items, self.window_changes)
                    || items >= self.window_items
                    || self.pending_bytes >= window::WINDOW_BYTES
            }
            // One thread: any other item goes at once, as before threads.
            (false, 0 | 1) => true,
            // A batch ends at its size, holding at least two items per thread: one long item
            // alone would leave the other threads idle.
            (false, threads) => {
                // (A CRD's tree is kept where it is not loaded as it is read, or where the
                // previous revision's report reads it.)
                let light = self.pending_crd
                    && self.previous.is_none()
                    && !self.preloaded
                    && self.fatal.is_none();
                let bytes = match light {
                    true => CRD_BATCH_BYTES,
                    false => BATCH_BYTES,
                };
                items >= threads * BATCH_ITEMS
                    || (self.pending_bytes >= bytes && items >= 2 * threads)
            }
        };
        if full {
            self.flush();
        }
    }

    /// Whether a batch of items given unread would be read and processed in one step (see
    /// [`Self::fused`]), as far as the run's state tells.
    fn fused_may_run(&self) -> bool {
        !self.crds_last && self.fatal.is_none() && !self.late && !self.unreadable
    }

    /// Processes the items waiting, as [`Self::item`] would one after the other. Items given
    /// unread with no CRD among them are read and processed in one step ([`Self::fused`]);
    /// otherwise they are first read on the run's threads (a CRD among them loaded and its
    /// text made in the same step), then processed as read items in runs that end before each
    /// CRD that follows other items (where [`Self::item`] would have ended the batch): see
    /// [`Self::process`].
    fn flush(&mut self) {
        let pending = std::mem::take(&mut self.pending);
        self.pending_bytes = 0;
        self.window_changes = 0;
        let crds = std::mem::take(&mut self.pending_crd);
        if pending.iter().all(|p| p.unread.is_none()) {
            self.drain();
            return self.process(pending);
        }
        // (CRDs given unread are read the usual way: `fused` would give up at the first.)
        let pending = match crds {
            true => pending,
            false => match self.fused(pending) {
                Ok(()) => return,
                Err(pending) => pending,
            },
        };
        self.drain();
        // A window that was not read and processed in one step is read a batch at a time (not
        // all of its trees at once).
        let batch = self.threads.max(1) * BATCH_ITEMS;
        if pending.len() > batch {
            let mut rest = pending.into_iter().peekable();
            while rest.peek().is_some() && !self.unreadable {
                let part: Vec<Pending> = rest.by_ref().take(batch).collect();
                self.read_and_process(part);
            }
            return;
        }
        self.read_and_process(pending);
    }

    /// Reads the items of `pending` given unread (on the run's threads), then processes them
    /// all (see [`Self::flush`]).
    fn read_and_process(&mut self, pending: Vec<Pending>) {
        // Each item read on the threads; a CRD also loaded there and its text made (it is
        // kept unchanged unless the run stops), so a batch of CRDs needs the threads once.
        let loading = self.fatal.is_none() && !self.preloaded;
        let (input, previous, format) = (self.input, self.previous.as_ref(), self.out.format());
        let weight = |p: &Pending| p.unread.as_ref().map_or(0, |u| u.lines.len());
        let read = self
            .items
            .map_with_loaders(pending, weight, |loader, mut p| {
                let Some(item) = p.unread.take() else {
                    return Some(p);
                };
                // A CRD element of a one-line JSON list whose text the writer writes as it is:
                // loaded from its JSON value, read without the reader's trees.
                let json_crd = match (format, previous) {
                    (Format::Json(crate::resourcelist::json::Layout::Compact), None) if loading => {
                        json_crd(input, &item)
                    }
                    _ => None,
                };
                if let Some((json, span, written)) = json_crd {
                    p.crd = true;
                    p.node = identity_of_json(&json);
                    p.span = Some(span.clone());
                    p.straight = true;
                    // Its text with Go's `\u` escapes is not the writer's: the value's is.
                    p.kept = Some(match written {
                        true => output::kept_as_read(span),
                        false => {
                            let text = crate::yaml::json::compact::written(&input[span.clone()]);
                            output::kept_text(text)
                        }
                    });
                    let loaded = loader.load_json(json, &p.node, &p.label(), OldCrd(None));
                    p.loaded = Some(Box::new(loaded));
                    return Some(p);
                }
                let (node, span) = read_unread(input, &item, format)?;
                p.crd = is_crd(&node);
                p.node = node;
                p.span = span;
                p.straight = item.read_straight();
                if p.crd {
                    let span = p.span.clone();
                    p.kept = Some(output::kept(
                        &p.node,
                        p.placement,
                        span,
                        input,
                        format,
                        p.straight,
                    ));
                    match previous {
                        // What is left to do with the item in item order reads only what
                        // `identity` keeps: the tree goes to the load, which drops it once
                        // the CRD's JSON is made. (A CRD is never processed as an object: its
                        // group is built-in, which the registry never holds a schema for.)
                        None if loading => {
                            let head = identity(&p.node);
                            let whole = std::mem::replace(&mut p.node, head);
                            let loaded =
                                loader.load_owned(whole, &p.node, &p.label(), OldCrd(None));
                            p.loaded = Some(Box::new(loaded));
                        }
                        // The previous revision's report reads the whole CRD.
                        Some(pr) if loading => {
                            let old = pr.crd_of(&p.node);
                            let loaded = loader.load(&p.node, &p.label(), OldCrd(old));
                            p.loaded = Some(Box::new(loaded));
                        }
                        _ => {}
                    }
                }
                Some(p)
            });
        let Some(mut read) = read.into_iter().collect::<Option<Vec<_>>>() else {
            self.unreadable = true;
            return;
        };
        read.retain(|p| !empty_document(p.placement, &p.node));
        self.crds_last = read.iter().any(|p| p.crd);
        // As `item` would have flushed them.
        let mut batch: Vec<Pending> = Vec::new();
        for p in read {
            if ends_batch(&batch, p.crd) {
                self.process(std::mem::take(&mut batch));
            }
            batch.push(p);
        }
        self.process(batch);
    }

    /// Processes `pending`, a window of items (or a stream's documents) given unread (see
    /// [`window`]), as [`Self::flush`] would when no CRD is among them, each read and processed
    /// on the same thread in one step: its tree is walked where it was made, and the threads
    /// wait once a window instead of twice. The items go to the threads in the order of their
    /// kinds; each answer's text and results are kept in its thread's [`window::Held`]. What
    /// the window's items change in the run (the first refused item stopping it, the kinds
    /// processed and those without a schema) is taken in item order, as [`Self::decide`]
    /// takes it ([`Sink::take_fused`]): on one thread at once; on more, while the threads
    /// process the next window (or by [`Self::drain`], before any other step), so that this
    /// thread's own work between two windows does not leave the others waiting. `Err(pending)`,
    /// untouched (the last window's answers may still wait: the caller drains them first),
    /// where a CRD is among the items (it changes the schemas of the items after it: every
    /// answer made is dropped), where an item does not read on its own, and where the run has
    /// stopped or reads only CRDs; and without trying, after a batch that held a CRD (CRDs
    /// come together), and for one item on one thread.
    fn fused(&mut self, pending: Vec<Pending>) -> Result<(), Vec<Pending>> {
        let eligible = (self.threads > 1 || pending.len() > 1)
            && self.fused_may_run()
            && pending.iter().all(|p| p.unread.is_some());
        if !eligible {
            return Err(pending);
        }
        let (config, input, threads) = (self.config, self.input, self.threads);
        let format = self.out.format();
        // The blocks to pack are moved out of the output, which the last batch's answers are
        // written to meanwhile.
        let waiting = self.out.take_waiting();
        let (held, want_diff) = (self.held.take(), self.want_diff);
        // The window's buffers, emptied (their room kept). One thread: the last window's
        // answers were taken; more: they are taken from the other buffers meanwhile.
        let mut states = match threads {
            0 | 1 => std::mem::take(&mut self.window),
            _ => std::mem::take(&mut self.window_next),
        };
        states.iter_mut().for_each(window::Held::clear);
        let (mut sink, items, files, previous) = self.split();
        let registry = items.registry();
        let cx = item_context(config, want_diff, previous, registry, files);
        // Once an item is found a CRD, the rest of the batch is not worth reading.
        let abort = std::sync::atomic::AtomicBool::new(false);
        let stop = || {
            abort.store(true, std::sync::atomic::Ordering::Relaxed);
            Fused::Abort
        };
        let one = |p: &Pending| {
            let Some(item) = p.unread.as_ref() else {
                return stop();
            };
            if abort.load(std::sync::atomic::Ordering::Relaxed) {
                return Fused::Abort;
            }
            let Some((node, span)) = read_unread(input, item, format) else {
                return stop();
            };
            if is_crd(&node) {
                return stop();
            }
            if empty_document(p.placement, &node) {
                return Fused::Empty;
            }
            if let Err(e) = check_placed(&node, p.placement, p.index) {
                return Fused::Refused(Box::new(e));
            }
            let kept = |node: &Node, span| {
                output::kept(node, p.placement, span, input, format, item.read_straight())
            };
            let (api_version, kind) = api_version_kind(&node);
            if config.skips(&api_version, &kind) {
                return Fused::Skipped(kept(&node, span));
            }
            let found = lookup(registry, Some(files), &api_version, &kind);
            if let Lookup::NotFound = found {
                return Fused::NotFound(Box::new((kept(&node, span), api_version, kind)));
            }
            let read = Pending {
                node,
                index: p.index,
                placement: p.placement,
                span,
                straight: item.read_straight(),
                crd: false,
                unread: None,
                kind: 0,
                loaded: None,
                kept: None,
            };
            let done = answer(read, &api_version, found, cx, format, input);
            Fused::Processed(Box::new((done, api_version, kind)))
        };
        let work = waiting.iter().map(|(i, bytes)| Work::Pack(*i, &bytes[..]));
        let work = work.chain(pending.iter().map(Work::Item)).collect();
        // This thread first takes the last batch's answers in item order, while the others
        // start on this batch: nothing this batch's processing reads is changed by them (a
        // batch here has no CRD; one that the last batch's first refused item makes
        // worthless is dropped when its answers are taken).
        let take_held = || {
            if let Some(answers) = held {
                sink.take_fused(answers);
            }
        };
        let run = |held: &mut window::Held, w: Work<'_, &Pending>| match w {
            Work::Pack(i, bytes) => Did::Packed(i, crate::packed::pack(bytes)),
            Work::Item(p) => Did::Item(hold(held, one(p))),
        };
        // The items of a kind one after the other (blocks to pack first).
        let kind = |w: &Work<'_, &Pending>| match w {
            Work::Pack(..) => None,
            Work::Item(p) => Some(p.kind),
        };
        let did = crate::jobs::map_sorted(
            &mut states,
            work,
            kind,
            crate::jobs::Hand::BothEnds,
            take_held,
            run,
        );
        let kept = states.iter().map(window::Held::len).sum();
        match threads {
            0 | 1 => self.window = states,
            _ => self.window_next = std::mem::replace(&mut self.window, states),
        }
        self.window_items = window::items(self.input.len(), threads, Some((pending.len(), kept)));
        // (The items' answers come in item order, after the blocks.)
        let mut answers: Vec<Answer> = Vec::with_capacity(pending.len());
        let mut items = pending.iter();
        for d in did {
            match d {
                Did::Packed(i, packed) => self.out.set_packed(i, packed),
                Did::Item(f) => {
                    let p = items.next().expect("an answer for each item");
                    answers.push((p.placement, p.index, f));
                }
            }
        }
        if answers.iter().any(|(_, _, f)| matches!(f, Fused::Abort)) {
            return Err(pending);
        }
        self.held = Some(answers);
        // The window's vector, emptied, takes the next window's items: its memory is not
        // given back and faulted in again for each window.
        let mut spent = pending;
        spent.clear();
        if self.pending.is_empty() {
            self.pending = spent;
        }
        // (One thread: no next window to take them beside.)
        if threads <= 1 {
            self.drain();
        }
        Ok(())
    }

    /// Processes `pending`, items read: the CRDs among them (which come before the other items)
    /// are loaded on the run's threads (unless they were as they were read), then the items
    /// are checked, looked up and placed in order, then the ones with a schema are processed
    /// (and their text and results made) on the threads, then everything is written in item
    /// order.
    fn process(&mut self, pending: Vec<Pending>) {
        let loading = self.fatal.is_none() && !self.preloaded;
        let to_load: Vec<(&Pending, String)> = (pending.iter())
            .filter(|p| loading && p.crd && p.loaded.is_none())
            .map(|p| (p, p.label()))
            .collect();
        let loads = (to_load.iter())
            .map(|(p, label)| {
                let old = self.previous.as_ref().and_then(|pr| pr.crd_of(&p.node));
                (&p.node, label.as_str(), OldCrd(old))
            })
            .collect();
        let mut loaded = self.items.load_item_crds(loads).into_iter();
        let mut steps = Vec::with_capacity(pending.len());
        for mut p in pending {
            let load = if p.crd && loading {
                p.loaded.take().map(|l| *l).or_else(|| loaded.next())
            } else {
                None
            };
            steps.push(self.decide(p, load));
        }
        // Only the text of items kept unchanged left to make: no thread needed.
        let light = |s: &Step| match s {
            Step::Drop => true,
            Step::Keep(p) | Step::Defer(p, _) => p.kept.is_some(),
            Step::Process(..) => false,
        };
        let threads = if steps.iter().all(light) {
            1
        } else {
            self.threads
        };
        let config = self.config;
        let format = self.out.format();
        let (registry, files, input) = (self.items.registry(), &self.files, self.input);
        let previous = self.previous.as_ref();
        let cx = item_context(config, self.want_diff, previous, registry, files);
        // The spool's blocks sealed since the last batch are packed beside its items (see
        // `Blocks::defer_packing`), first, so that no thread waits on the packing at the end.
        let waiting = match threads {
            1 => Vec::new(),
            _ => self.out.take_waiting(),
        };
        let work = waiting.iter().map(|(i, bytes)| Work::Pack(*i, &bytes[..]));
        let work = work.chain(steps.into_iter().map(Work::Item)).collect();
        let run = |step: Step| {
            let kept = |p: Pending| {
                let made = p.kept;
                made.unwrap_or_else(|| {
                    output::kept(&p.node, p.placement, p.span, input, format, p.straight)
                })
            };
            let Step::Process(p, api_version, kind) = step else {
                return match step {
                    Step::Keep(p) => Done::Kept {
                        placement: p.placement,
                        kept: kept(p),
                        defer: None,
                    },
                    Step::Defer(p, type_id) => Done::Kept {
                        placement: p.placement,
                        defer: Some((p.index, type_id)),
                        kept: kept(p),
                    },
                    _ => Done::Dropped,
                };
            };
            let found = lookup(registry, Some(files), &api_version, &kind);
            answer(p, &api_version, found, cx, format, input)
        };
        let done = crate::jobs::map_ordered(threads, work, |w| match w {
            Work::Pack(i, bytes) => Did::Packed(i, crate::packed::pack(bytes)),
            Work::Item(step) => Did::Item(run(step)),
        });
        for d in done {
            match d {
                Did::Packed(i, packed) => self.out.set_packed(i, packed),
                Did::Item(d) => self.write(d),
            }
        }
    }

    /// What becomes of a pending item, decided in item order (`load`: the item is a CRD,
    /// loaded; see [`Self::flush`]).
    fn decide(&mut self, p: Pending, load: Option<LoadedCrd>) -> Step {
        if !matches!(self.fatal, Some(Fatal::Input(_))) {
            if let Err(e) = check_placed(&p.node, p.placement, p.index) {
                self.fatal = Some(Fatal::Input(e));
            }
        }
        if self.fatal.is_some() {
            return Step::Drop;
        }
        if let Some((versions, mut about)) = load {
            self.crd_results.append(&mut about);
            match versions {
                Ok(versions) => self.add_crd(versions),
                Err(e) => {
                    self.fatal = Some(Fatal::Process(e));
                    return Step::Drop;
                }
            }
        }
        if let Some(previous) = &self.previous {
            if p.crd && impact::changed(&p.node, previous) {
                self.crds.push(p.node.clone());
            }
        }
        if self.late {
            return Step::Drop;
        }
        let (api_version, kind) = api_version_kind(&p.node);
        if self.config.skips(&api_version, &kind) {
            return Step::Keep(p);
        }
        let found = lookup(
            self.items.registry(),
            Some(&self.files),
            &api_version,
            &kind,
        );
        if let Lookup::NotFound = found {
            return Step::Defer(p, self.type_id(api_version, kind));
        }
        self.resolve(&api_version, kind.clone());
        Step::Process(p, api_version, kind)
    }

    /// The index in [`Self::types`] of an apiVersion and kind with no schema yet (added at the
    /// end when new).
    fn type_id(&mut self, api_version: String, kind: String) -> usize {
        self.sink().type_id(api_version, kind)
    }

    /// Notes that items of this apiVersion's group and `kind` were processed (see
    /// [`Self::add_crd`]).
    fn resolve(&mut self, api_version: &str, kind: String) {
        self.sink().resolve(api_version, kind);
    }

    /// Writes a pending item's answer (in item order).
    fn write(&mut self, done: Done) {
        self.sink().write(done);
    }

    /// What taking answers in item order writes ([`Sink`]).
    fn sink(&mut self) -> Sink<'_> {
        self.split().0
    }

    /// [`Self::sink`], and beside it what processing items reads: the CRDs among the items,
    /// the schema files and the previous revision.
    fn split(&mut self) -> (Sink<'_>, &SchemaSet, &Schemas, Option<&Previous>) {
        let sink = Sink {
            input: self.input,
            out: &mut self.out,
            results: &mut self.results,
            diffs: &mut self.diffs,
            summary: &mut self.summary,
            deferred: &mut self.deferred,
            types: &mut self.types,
            type_ids: &mut self.type_ids,
            resolved: &mut self.resolved,
            fatal: &mut self.fatal,
            window: &self.window,
        };
        (sink, &self.items, &self.files, self.previous.as_ref())
    }

    /// Takes the answers of the last batch read and processed in one step, if they wait (see
    /// [`Self::fused`]).
    fn drain(&mut self) {
        if let Some(answers) = self.held.take() {
            self.sink().take_fused(answers);
        }
    }

    /// Adds a loaded CRD among the items to the registry. A CRD for a group/kind that items
    /// were already processed with makes the run a first pass (see [`Finish::Preload`]).
    fn add_crd(&mut self, versions: Vec<Entry<Checks>>) {
        let seen = |vs: &Entry<Checks>| {
            self.resolved
                .get(&vs.group)
                .is_some_and(|kinds| kinds.contains(&vs.kind))
        };
        if versions.iter().any(seen) {
            self.late = true;
        }
        self.items.add(versions, true, &mut self.crd_results);
    }

    /// How many threads the run has.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Processes the deferred items whose CRD came later (rewriting `out` around them) and
    /// gives the report in the whole-input order; `None` when the streamed run cannot stand.
    pub fn finish(mut self) -> Result<(StreamReport, Output), Finish> {
        self.flush();
        self.drain();
        if self.unreadable {
            let preloaded = self.preloaded;
            return Err(Finish::Unreadable(preloaded.then(|| self.into_preload())));
        }
        if let Some(fatal) = self.fatal {
            return Err(Finish::Fatal(fatal));
        }
        // Written as JSON, an item is not read back (its tree would not be the one read from
        // the input): a deferred item whose CRD came later makes a second pass too.
        if self.late || (self.out.format() != Format::Yaml && self.deferred_found()) {
            return Err(Finish::Preload(self.into_preload()));
        }
        self.redo_deferred().ok_or(Finish::GiveUp)?;
        if self.out.no_json() {
            return Err(Finish::NoJson);
        }
        let mut head = std::mem::take(&mut self.crd_results);
        for (mut errors, versions) in self.file_results.into_iter().zip(self.file_versions) {
            // Each path's non-structural errors, then its conflicts, as the whole-input run.
            head.append(&mut errors);
            self.items.add(versions, false, &mut head);
        }
        if let Some(previous) = &self.previous {
            // What the changed CRDs do to the previous objects, where the whole-input run says it.
            let registry = self.items.registry();
            head.extend(impact::report(&self.crds, previous, registry, self.config));
        }
        self.diffs.sort_by_key(|(i, _)| *i);
        let report = StreamReport {
            head,
            items: self.results,
            summary: self.summary.to_result(),
            diffs: self.diffs.into_iter().map(|(_, d)| d).collect(),
        };
        // What only processing needed is freed on another thread while the output is made.
        let spent = (
            self.items,
            self.files,
            self.crds,
            self.previous,
            self.resolved,
        );
        crate::jobs::drop_aside(self.threads, spent);
        Ok((report, self.out))
    }

    /// The CRDs among the items, loaded, for another pass.
    fn into_preload(self) -> Box<Preload> {
        Box::new(Preload {
            items: self.items,
            crd_results: self.crd_results,
        })
    }

    /// Whether a deferred item now has a schema.
    fn deferred_found(&self) -> bool {
        let registry = self.items.registry();
        self.deferred.iter().any(|d| {
            let (api_version, kind) = &self.types[d.type_id];
            let found = lookup(registry, Some(&self.files), api_version, kind);
            !matches!(found, Lookup::NotFound)
        })
    }

    /// Reads back, processes and rewrites each deferred item that now has a schema; its
    /// results go where they belong in item order (YAML only: see [`Self::finish`]).
    fn redo_deferred(&mut self) -> Option<()> {
        let mut late = Vec::new();
        let deferred = std::mem::take(&mut self.deferred);
        for d in &deferred {
            let (api_version, kind) = &self.types[d.type_id];
            let found = lookup(self.items.registry(), Some(&self.files), api_version, kind);
            if matches!(found, Lookup::NotFound) {
                continue;
            }
            let mut node = read_back(&self.out.text_of(d.segment, self.input), d.placement)?;
            let mut report = Report::default();
            let previous = self.previous.as_ref();
            let (registry, files) = (self.items.registry(), &self.files);
            let cx = item_context(self.config, self.want_diff, previous, registry, files);
            process_item_with(
                &mut node,
                api_version,
                found,
                cx,
                &mut report,
                &mut self.summary,
            );
            self.out.replace(d.segment, &node, d.placement);
            late.push((d.results_at, Log::of(&report.results)));
            self.diffs
                .extend(report.diffs.into_iter().map(|x| (d.index, x)));
        }
        if !late.is_empty() {
            self.results = self.results.insert(&late);
        }
        Some(())
    }
}

/// What a streamed run reports, in the whole-input order: `head` (the CRD errors and conflicts
/// of the items, then of the files), the items' results, then `summary`.
#[derive(Debug)]
pub struct StreamReport {
    pub head: Vec<KrmResult>,
    /// The items' results (see [`Streamer`]'s).
    pub items: Log,
    pub summary: KrmResult,
    /// One unified diff per changed resource, in item order (when asked for).
    pub diffs: Vec<String>,
}

impl Sink<'_> {
    /// See [`Streamer::type_id`].
    fn type_id(&mut self, api_version: String, kind: String) -> usize {
        let next = self.types.len();
        *self
            .type_ids
            .entry((api_version, kind))
            .or_insert_with_key(|k| {
                self.types.push(k.clone());
                next
            })
    }

    /// See [`Streamer::resolve`].
    fn resolve(&mut self, api_version: &str, kind: String) {
        if let Some((group, _)) = split_api_version(api_version) {
            // (Most items are of a group and kind seen before: nothing allocated for them.)
            match self.resolved.get_mut(group) {
                Some(kinds) if kinds.contains(&kind) => {}
                Some(kinds) => {
                    kinds.insert(kind);
                }
                None => {
                    let kinds = std::iter::once(kind).collect();
                    self.resolved.insert(group.to_string(), kinds);
                }
            }
        }
    }

    /// See [`Streamer::write`].
    fn write(&mut self, done: Done) {
        match done {
            Done::Dropped => {}
            Done::Kept {
                kept,
                placement,
                defer,
            } => {
                let results_at = self.results.end();
                let segment = self
                    .out
                    .push_kept(kept, placement, self.input, defer.is_some());
                if let Some((index, type_id)) = defer {
                    self.deferred.push(Deferred {
                        index,
                        placement,
                        segment,
                        results_at,
                        type_id,
                    });
                }
            }
            Done::Processed {
                index,
                placement,
                text,
                span,
                copies,
                results,
                diffs,
                summary,
            } => {
                self.summary.add(summary);
                match results {
                    Results::Own(log) => self.results.append(&log),
                    Results::Held { at, error } => {
                        let results = window::results(self.window, &at);
                        self.results.append_encoded(results, error)
                    }
                }
                self.diffs.extend(diffs.into_iter().map(|d| (index, d)));
                match (text, span, copies) {
                    (Some(Text::Held(at)), Some(span), Some(copies)) => {
                        let middle = window::text(self.window, &at);
                        self.out.push_between(middle, placement, span, copies);
                    }
                    (Some(Text::Held(at)), span, copies) => {
                        let text = Some(window::text(self.window, &at));
                        self.out.push_processed(text, placement, span, copies);
                    }
                    (Some(Text::Own(own)), span, copies) => {
                        self.out.push_processed(Some(&own), placement, span, copies)
                    }
                    (None, span, copies) => self.out.push_processed(None, placement, span, copies),
                }
            }
        }
    }

    /// Takes the answers of a batch read and processed in one step, in item order, as
    /// [`Streamer::decide`] takes items: the first refused item stops the run, the kinds with
    /// no schema get their index, the kinds processed are noted.
    fn take_fused(&mut self, answers: Vec<Answer>) {
        for (placement, index, f) in answers {
            let done = match f {
                Fused::Refused(e) if self.fatal.is_none() => {
                    *self.fatal = Some(Fatal::Input(*e));
                    Done::Dropped
                }
                _ if self.fatal.is_some() => Done::Dropped,
                Fused::Empty => Done::Dropped,
                Fused::Skipped(kept) => Done::Kept {
                    kept,
                    placement,
                    defer: None,
                },
                Fused::NotFound(not_found) => {
                    let (kept, api_version, kind) = *not_found;
                    Done::Kept {
                        kept,
                        placement,
                        defer: Some((index, self.type_id(api_version, kind))),
                    }
                }
                Fused::Processed(processed) => {
                    let (done, api_version, kind) = *processed;
                    self.resolve(&api_version, kind);
                    done
                }
                Fused::Refused(_) | Fused::Abort => unreachable!("taken before"),
            };
            self.write(done);
        }
    }
}

/// Parses an item's output text (YAML) back into its tree.
fn read_back(text: &str, placement: Placement) -> Option<Node> {
    match placement {
        Placement::SeqItem => read_item(text),
        Placement::Document { .. } => read_document(text),
    }
}

#[cfg(test)]
mod tests;
