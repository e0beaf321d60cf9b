//! Windows: the items of a long list given unread are read and processed a window at a time, in
//! the order of their apiVersion and kind (on the run's threads), their answers taken in item
//! order.
//!
//! Why: an object meets its kind's structures (the schema's nodes and property tables, the
//! validator's side, the compiled rules) cold when the object before it was of another kind,
//! and most of a long list's processing time is then spent waiting on memory. A list that
//! changes kind at every object (the bench's 100k list, `benches/REPORT.md`, issue 44) took a
//! fifth longer than the same list grouped by kind. Items of one kind one after the other meet
//! the structures the last one warmed.
//!
//! The order is a guess read from each item's text ([`type_of`]), made without reading the item:
//! a wrong guess only orders the work otherwise, never changes an answer, as each item's
//! answer is the same in any order (the same answers the threads give, taken in item order).
//! What a window holds is its items' answers (their output text and results), not their trees:
//! an item is read where it is processed. A list already in runs of a kind (kustomize sorts
//! its output by kind) gains nothing from a long window: its windows end early ([`grouped`]).
//! A CRD ends a window before it ([`is_crd`]): it changes the schemas of the items after it.

use crate::results::Log;
use memchr::memmem::Finder;
use std::hash::{Hash, Hasher};
use std::ops::Range;
use std::sync::LazyLock;

/// The most input bytes a window's items take ([`super::Pending`]'s span lengths); how many
/// items it takes is [`items`]'s.
pub(super) const WINDOW_BYTES: usize = 8 << 20;

/// The fewest items a window takes: [`PROBE`], as many as tell whether the kinds come in
/// runs. At 1,024, the least a window took before, a 10 MB stream at two threads held more in
/// its windows than its budget: the bench's 10,000-object update stream, created, peaked at
/// 32.0–33.1 MB (median 32.5 of ten) against 30.7–32.0 MB (31.6) at 256, with the bench's
/// lists as fast and as large.
const LEAST_ITEMS: usize = PROBE;
const MOST_ITEMS: usize = 16 << 10;

/// How many items a window holds before it tells whether the items' kinds interleave: where
/// each kind comes in runs of at least [`RUN`] items (a list sorted by kind, as kustomize
/// writes one), the window ends there, as it gains nothing (a kustomize-sorted 100k list
/// took 5% longer in windows of 10,000 items, their memory cold, as long in windows of 256).
const PROBE: usize = 256;
const RUN: usize = 4;

/// Whether a window of `items` items, whose guessed kind changed `changes` times from one item
/// to the next, ends as the items come in runs of a kind (see [`PROBE`]).
pub(super) fn grouped(items: usize, changes: usize) -> bool {
    items >= PROBE && changes * RUN <= items
}

/// What a window may add to the run's peak memory: a quarter of the input (the goal is at
/// most 2.5 times it in all), within 256 KB and 16 MB.
fn budget(input: usize) -> usize {
    (input / 4).clamp(256 << 10, 16 << 20)
}

/// What a window holds for each item besides its answer's [`Held`] bytes: the item waiting,
/// its answer on its way to be taken, their places in the window's order (about 1.2 KB).
const ITEM_BYTES: usize = 1200;

/// How many items a window takes in a run over `input` bytes on `threads` threads: as many as
/// [`budget`] holds, each with its [`ITEM_BYTES`] and the bytes its answer keeps, at the rate
/// of the last window (`held` bytes kept for `items` items; a kilobyte an item for the first),
/// within [`LEAST_ITEMS`] and [`MOST_ITEMS`]. The results of a list whose objects are all
/// refused take about four times what the rest of an answer does. Two threads or more take a
/// quarter of that: they hold two windows' answers at once (the last one's taken while the
/// next is processed), and the 10k list's peak grew by about 3 MB for each thousand items of
/// a window, against 1 MB on one thread.
pub(super) fn items(input: usize, threads: usize, last: Option<(usize, usize)>) -> usize {
    let (items, held) = last.unwrap_or((1, 1 << 10));
    let per_item = ITEM_BYTES + held / items.max(1);
    let share = if threads > 1 { 4 } else { 1 };
    (budget(input / share) / per_item).clamp(LEAST_ITEMS, MOST_ITEMS)
}

/// Where a window's answers keep their output text and results until they are taken in item
/// order: two buffers per thread, kept from one window to the next. An answer's own text and
/// log are moved to its thread's as it is made and freed at once, so that the next item reuses
/// their memory: a window of answers each holding its own (each with its slack) took about
/// three times its input, allocated afresh for every window.
#[derive(Default)]
pub(super) struct Held {
    /// Which thread's buffers these are: its place among the run's ([`text`], [`results`]).
    id: usize,
    text: String,
    results: Vec<u8>,
}

/// Where an answer's bytes are kept: the [`Held`] of the thread that made it, and where in its
/// buffer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct At {
    held: usize,
    range: Range<usize>,
}

/// The buffers of `threads` threads, each knowing its place.
pub(super) fn held(threads: usize) -> Vec<Held> {
    (0..threads.max(1))
        .map(|id| Held {
            id,
            ..Held::default()
        })
        .collect()
}

impl Held {
    /// Empties both buffers, keeping their room (a new window).
    pub(super) fn clear(&mut self) {
        self.text.clear();
        self.results.clear();
    }

    /// Keeps `text`: where it is.
    pub(super) fn keep_text(&mut self, text: &str) -> At {
        let start = self.text.len();
        self.text.push_str(text);
        self.at(start..self.text.len())
    }

    /// Keeps the results of `log`: where their bytes are (see [`Log::encode_into`]).
    pub(super) fn keep_results(&mut self, log: &Log) -> At {
        let start = self.results.len();
        log.encode_into(&mut self.results);
        self.at(start..self.results.len())
    }

    fn at(&self, range: Range<usize>) -> At {
        At {
            held: self.id,
            range,
        }
    }

    /// The bytes kept.
    pub(super) fn len(&self) -> usize {
        self.text.len() + self.results.len()
    }
}

/// The text kept `at` among the threads' buffers.
pub(super) fn text<'h>(held: &'h [Held], at: &At) -> &'h str {
    &held[at.held].text[at.range.clone()]
}

/// The results kept `at` among the threads' buffers.
pub(super) fn results<'h>(held: &'h [Held], at: &At) -> &'h [u8] {
    &held[at.held].results[at.range.clone()]
}

/// How far into an item's text [`type_of`] looks: a manifest writes its apiVersion and kind
/// first.
const LOOK: usize = 4 << 10;

/// The apiVersion and kind an item's text (JSON or YAML) seems to give: the first value of each
/// key found in its first [`LOOK`] bytes, written `"key": "value"` or `key: value`. A guess,
/// to order the work: the key may be a nested one, or absent (`None`).
pub(super) fn type_of(text: &str) -> Guess<'_> {
    let head = match text.get(..LOOK.min(text.len())) {
        Some(head) => head,
        // (Cut inside a character: the whole text, rather than a smaller guess.)
        None => text,
    };
    json_head(head).unwrap_or_else(|| searched(head))
}

/// [`type_of`]'s guess of `head`, each key searched for.
fn searched(head: &str) -> Guess<'_> {
    static API_VERSION: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new("apiVersion"));
    static KIND: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new("kind"));
    (value_of(head, &API_VERSION), value_of(head, &KIND))
}

/// [`type_of`]'s guess of a `head` that starts as a JSON writer writes a manifest,
/// `{"apiVersion":"…","kind":"…"`, read without a search: the guess [`value_of`] makes of it
/// (the first key of each name, as the apiVersion's value holds no `kind`); `None` for any
/// other head.
fn json_head(head: &str) -> Option<Guess<'_>> {
    const API_VERSION: &[u8] = br#"{"apiVersion":""#;
    const KIND: &[u8] = br#","kind":""#;
    let b = head.as_bytes();
    if !b.starts_with(API_VERSION) {
        return None;
    }
    let at = API_VERSION.len();
    let api_version = &b[at..];
    let len = value_len(api_version);
    let rest = &api_version[len..];
    let kind_at = at + len + 1;
    let fits = rest.first() == Some(&b'"') && b.get(kind_at..)?.starts_with(KIND);
    if !fits || memchr::memmem::find(&api_version[..len], b"kind").is_some() {
        return None;
    }
    let kind = kind_at + KIND.len();
    let kind_len = value_len(&b[kind..]);
    // (Every end is ASCII: the values are whole characters.)
    Some((head.get(at..at + len), head.get(kind..kind + kind_len)))
}

/// How long the value that starts `b` is to [`value_of`]: to a quote, a comma, a brace, white
/// space or `#`, else to the end.
fn value_len(b: &[u8]) -> usize {
    const ENDS: [bool; 256] = {
        let mut ends = [false; 256];
        let stops = b" \t\r\n\"',}#";
        let mut i = 0;
        while i < stops.len() {
            ends[stops[i] as usize] = true;
            i += 1;
        }
        ends
    };
    b.iter().position(|&b| ENDS[b as usize]).unwrap_or(b.len())
}

/// A number for an item's guessed type, to order a window's items by: items of one guess get
/// one number (two guesses that share one only come in one run).
pub(super) fn key((api_version, kind): Guess<'_>) -> u64 {
    let mut h = crate::fxhash::Fx::default();
    (api_version, kind).hash(&mut h);
    h.finish()
}

/// An item's apiVersion and kind as [`type_of`] guesses them.
pub(super) type Guess<'t> = (Option<&'t str>, Option<&'t str>);

/// Whether an item's guessed type is a CustomResourceDefinition's (see [`type_of`]).
pub(super) fn is_crd((api_version, kind): Guess<'_>) -> bool {
    kind == Some("CustomResourceDefinition")
        && api_version.is_some_and(|v| v.starts_with("apiextensions.k8s.io/"))
}

/// The value of the first `key` in `text` written as a key: after a quote, white space, `-`,
/// `{` or `,` (or at the start), then an optional closing quote, spaces, `:`, spaces and an
/// optional opening quote; the value runs to a quote, a comma, a brace, white space or `#`.
fn value_of<'t>(text: &'t str, key: &Finder<'_>) -> Option<&'t str> {
    let bytes = text.as_bytes();
    for at in key.find_iter(bytes) {
        let before = at.checked_sub(1).map(|i| bytes[i]);
        if !matches!(
            before,
            None | Some(b'"' | b' ' | b'\t' | b'\n' | b'\r' | b'-' | b'{' | b',')
        ) {
            continue;
        }
        let mut i = at + key.needle().len();
        if before == Some(b'"') {
            if bytes.get(i) != Some(&b'"') {
                continue;
            }
            i += 1;
        }
        i += spaces(&bytes[i..]);
        if bytes.get(i) != Some(&b':') {
            continue;
        }
        i += 1;
        i += spaces(&bytes[i..]);
        if matches!(bytes.get(i), Some(b'"' | b'\'')) {
            i += 1;
        }
        let len = value_len(&bytes[i..]);
        // (Every end is ASCII: the value is whole characters.)
        return text.get(i..i + len);
    }
    None
}

fn spaces(bytes: &[u8]) -> usize {
    bytes.iter().take_while(|&&b| b == b' ').count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_type_is_read_from_json_and_yaml_items() {
        let cases: &[(&str, Guess)] = &[
            (
                r#"{"apiVersion":"argoproj.io/v1alpha1","kind":"Workflow","metadata":{}}"#,
                (Some("argoproj.io/v1alpha1"), Some("Workflow")),
            ),
            (
                "{\n  \"kind\" : \"Rollout\",\n  \"apiVersion\": \"argoproj.io/v1alpha1\"\n}",
                (Some("argoproj.io/v1alpha1"), Some("Rollout")),
            ),
            (
                "- apiVersion: example.io/v1\n  kind: Example # a comment\n  metadata:\n    name: x\n",
                (Some("example.io/v1"), Some("Example")),
            ),
            (
                "apiVersion: 'example.io/v1'\nkind: \"Quoted\"\n",
                (Some("example.io/v1"), Some("Quoted")),
            ),
            // Keys that only end in the name, and a value named so, are passed over.
            (
                "- subkind: A\n  note: kind\n  xapiVersion: b\n  kind: Real\n",
                (None, Some("Real")),
            ),
            ("{\"metadata\":{\"name\":\"x\"}}", (None, None)),
            ("- kind:\n", (None, Some(""))),
            ("", (None, None)),
        ];
        for (text, want) in cases {
            assert_eq!(type_of(text), *want, "{text:?}");
        }
    }

    /// A head that starts as a JSON writer writes a manifest is read without a search, to the
    /// guess the search makes: on heads that start so, some with a `kind` in the apiVersion or
    /// values cut short, and every one-byte change of them.
    #[test]
    fn a_json_head_read_without_a_search_is_guessed_as_searched() {
        let seeds = [
            r#"{"apiVersion":"argoproj.io/v1alpha1","kind":"Workflow","metadata":{}}"#,
            r#"{"apiVersion":"a-kind:x","kind":"Foo"}"#,
            r#"{"apiVersion":"v1","kind":"","x":1}"#,
            r#"{"apiVersion":"","kind":"K"}"#,
            r#"{"apiVersion":"v1","kind":"K"#,
            r#"{"apiVersion":"v1","kinds":"K","kind":"L"}"#,
            r#"{"apiVersion":"v1""#,
        ];
        let (mut fast, mut changed) = (0, 0);
        for seed in seeds {
            let b = seed.as_bytes();
            let mut texts: Vec<Vec<u8>> = (0..=b.len()).map(|n| b[..n].to_vec()).collect();
            for at in 0..b.len() {
                for c in b" \t\n\"',:{}#kK-" {
                    let mut t = b.to_vec();
                    t[at] = *c;
                    texts.push(t);
                }
            }
            for text in texts {
                let text = String::from_utf8(text).unwrap();
                changed += 1;
                if let Some(guess) = json_head(&text) {
                    assert_eq!(guess, searched(&text), "{text:?}");
                    fast += 1;
                }
            }
        }
        assert!(fast > 500 && changed > 2 * fast, "{fast} {changed}");
        assert_eq!(json_head(seeds[1]), None);
    }

    #[test]
    fn only_the_head_of_a_long_item_is_looked_at() {
        let late = format!("{{\"spec\":\"{}\",\"kind\":\"Late\"}}", "x".repeat(LOOK));
        assert_eq!(type_of(&late), (None, None));
        let early = format!("{{\"kind\":\"Early\",\"spec\":\"{}\"}}", "é".repeat(LOOK));
        assert_eq!(type_of(&early), (None, Some("Early")));
    }

    #[test]
    fn a_window_takes_as_many_items_as_it_may_hold() {
        let mb = 1 << 20;
        // The first window of a 40 MB input: 10 MB at 2.2 KB an item.
        assert_eq!(items(40 * mb, 1, None), 10 * mb / (ITEM_BYTES + 1024));
        // Two threads or more: a quarter.
        assert_eq!(items(40 * mb, 2, None), 10 * mb / 4 / (ITEM_BYTES + 1024));
        // A 10 MB input at two threads: 640 KB, under 1,024 items.
        assert_eq!(items(10 * mb, 2, None), 10 * mb / 16 / (ITEM_BYTES + 1024));
        assert!(items(10 * mb, 2, None) < 1024);
        // The least budget, 256 KB, still takes the least items.
        assert_eq!(items(mb, 2, None), LEAST_ITEMS);
        assert_eq!(items(400 * mb, 2, None), 16 * mb / (ITEM_BYTES + 1024));
        // After one whose answers kept 2 MB for 1,000 items.
        assert_eq!(
            items(40 * mb, 1, Some((1000, 2_000_000))),
            10 * mb / (ITEM_BYTES + 2000)
        );
        // The budget is at most 16 MB, the count within its bounds.
        assert_eq!(items(usize::MAX, 1, Some((1000, 0))), 16 * mb / ITEM_BYTES);
        assert_eq!(
            items(usize::MAX, 1, Some((1000, 1_000_000))),
            16 * mb / (ITEM_BYTES + 1000)
        );
        assert_eq!(items(0, 1, Some((1000, 0))), LEAST_ITEMS);
        assert_eq!(items(40 * mb, 1, Some((10, 100 * mb))), LEAST_ITEMS);
        assert_eq!(items(40 * mb, 1, Some((0, 0))), 10 * mb / ITEM_BYTES);
    }

    #[test]
    fn a_window_keeps_texts_and_results_where_it_says() {
        use crate::results::{KrmResult, Severity};
        let mut all = held(2);
        let log = Log::of(&[KrmResult::new(Severity::Warning, "a note")]);
        let a = all[0].keep_text("first");
        let r = all[0].keep_results(&log);
        let b = all[0].keep_text("second");
        // Another thread's buffers: the same places, told apart.
        let c = all[1].keep_text("other");
        assert_eq!(a.range, c.range);
        assert_eq!(
            (text(&all, &a), text(&all, &b), text(&all, &c)),
            ("first", "second", "other")
        );
        let mut again = Log::default();
        again.append_encoded(results(&all, &r), log.has_error());
        assert_eq!(again, log);
        assert_eq!(all[0].len(), "firstsecond".len() + all[0].results.len());
        all[0].clear();
        assert_eq!(all[0].len(), 0);
        assert_eq!(
            all[0].keep_text("next"),
            At {
                held: 0,
                range: 0..4
            }
        );
        assert_eq!(all[1].len(), "other".len());
        assert_eq!(held(0).len(), 1);
    }

    #[test]
    fn a_window_of_items_in_runs_of_a_kind_ends_at_its_probe() {
        // A kind-sorted list: a change now and then.
        assert!(grouped(PROBE, 3));
        assert!(grouped(PROBE, PROBE / RUN));
        // A list that changes kind every item or two.
        assert!(!grouped(PROBE, PROBE / RUN + 1));
        assert!(!grouped(PROBE, PROBE - 1));
        // Not before the probe.
        assert!(!grouped(PROBE - 1, 0));
        // A long window of runs ends too (its changes counted from its start).
        assert!(grouped(4 * PROBE, PROBE));
    }

    #[test]
    fn a_crd_is_told_by_its_kind_and_group() {
        let crd = r#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition"}"#;
        let looks_like_crd = |text| is_crd(type_of(text));
        assert!(looks_like_crd(crd));
        assert!(looks_like_crd(
            "- apiVersion: apiextensions.k8s.io/v1beta1\n  kind: CustomResourceDefinition\n"
        ));
        assert!(!looks_like_crd(
            "- apiVersion: example.io/v1\n  kind: CustomResourceDefinition\n"
        ));
        assert!(!looks_like_crd(
            "- apiVersion: apiextensions.k8s.io/v1\n  kind: Other\n"
        ));
    }
}
