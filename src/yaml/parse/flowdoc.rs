//! A stream that is one flow mapping (JSON, as `jq` and `kubectl -o json` write it) is read by
//! the flow reader of [`super::deep`] instead of saphyr-parser. saphyr-parser keeps every token
//! of a flow collection until it knows whether the collection is a mapping key, that is until
//! its end: a JSON ResourceList would sit in memory as tokens (about 35 times its size) before
//! its first item could be handed out. The flow reader hands each item out as it ends.
//!
//! Text that starts with `{` is what kubectl decodes as JSON. Anything the flow reader does not
//! take, or more than blanks and comments after the mapping, is read by saphyr-parser as before.

use super::deep::FlowReader;
use super::spans::OnItem;
use super::tree::{ItemsSeen, Tree};
use super::Documents;
use crate::yaml::{Node, YamlError};

impl Documents<'_> {
    /// The stream's document when the text is one flow mapping (then the stream ends there);
    /// `None` when it is not such a text, or when it is read by saphyr-parser after all. With
    /// `split`, items of the root `items:` go to `on_item`; a failure after some were handed out
    /// is an error, which the caller meets by reading the text again without splitting.
    pub(super) fn flow_document(
        &mut self,
        split: bool,
        on_item: &mut OnItem<'_>,
    ) -> Option<Result<(Node, ItemsSeen), YamlError>> {
        if self.index > 0 || self.strict || self.cuts.is_some() || self.done || self.tried_flow {
            return None;
        }
        self.tried_flow = true;
        let start = self.text.len() - self.text.trim_start_matches([' ', '\t', '\r', '\n']).len();
        if !self.text[start..].starts_with('{') {
            return None;
        }
        if let Err(e) = self.control_before(usize::MAX) {
            self.done = true;
            return Some(Err(e));
        }
        let mut tree = if split {
            Tree::splitting()
        } else {
            Tree::default()
        };
        let read = FlowReader::splitting(self.text, start, on_item).read(&mut tree, None, 0);
        let ok = match read {
            Ok((built, end)) if blank(&self.text[end..]) => Some(built),
            _ => None,
        };
        let Some(built) = ok else {
            if tree.items.sequences == 0 {
                return None;
            }
            self.done = true;
            let message = "not a single flow mapping the flow reader takes";
            return Some(Err(
                self.error(saphyr_parser::Marker::new(start, 1, 0), message)
            ));
        };
        tree.add(built, 0);
        self.done = true;
        self.index = 1;
        let seen = tree.items;
        Some(Ok((tree.into_root(), seen)))
    }
}

/// Only blanks and comments. A lone `\r` ends a line in YAML, as `\n` and `\r\n` do.
fn blank(rest: &str) -> bool {
    rest.split(['\n', '\r']).all(|l| {
        let t = l.trim_start_matches([' ', '\t']);
        t.is_empty() || t.starts_with('#')
    })
}
