//! The tokens of [`FlowReader`] around its nodes: anchors, tags, names, blanks and comments.

use super::scalars::blank_or_flow_indicator;
use super::{Fail, FlowReader};
use crate::yaml::parse::format_tag;
use crate::yaml::parse::tree::{is_tag_char, is_uri_char};
use saphyr_parser::Tag;
use std::borrow::Cow;

impl<'t> FlowReader<'t, '_> {
    /// Anchor and tag before a node, in either order: the tag as written back, the new id.
    pub(super) fn properties(&mut self) -> Result<(Option<String>, usize), Fail> {
        let (mut tag, mut anchor) = (None, 0);
        loop {
            match self.peek() {
                Some(b'&') if anchor == 0 => {
                    self.pos += 1;
                    let name = self.name();
                    if name.is_empty() {
                        return Err("an empty anchor name");
                    }
                    anchor = self.next_id;
                    self.next_id += 1;
                    self.anchors.insert(name, anchor);
                }
                Some(b'!') if tag.is_none() => tag = Some(self.tag()?),
                _ => return Ok((tag, anchor)),
            }
            self.blanks()?;
        }
    }

    /// An anchor or alias name: up to a blank or a flow indicator.
    pub(super) fn name(&mut self) -> &'t str {
        let start = self.pos;
        while let Some(c) = self.peek() {
            if blank_or_flow_indicator(c) {
                break;
            }
            self.pos += 1;
        }
        &self.text[start..self.pos]
    }

    /// `!`, `!suffix`, `!!suffix` or `!<uri>`, as the tree keeps tags. Only what saphyr-parser
    /// reads the same way is taken: its URI and tag characters, and `%`-escapes of ASCII
    /// characters (see [`crate::yaml::parse::NON_ASCII_TAG`]).
    fn tag(&mut self) -> Result<String, Fail> {
        self.pos += 1;
        let (handle, suffix) = if self.peek() == Some(b'<') {
            self.pos += 1;
            let end = self.text[self.pos..]
                .find('>')
                .ok_or("an unterminated verbatim tag")?;
            let uri = &self.text[self.pos..self.pos + end];
            if !uri.chars().all(is_uri_char) {
                return Err("a verbatim tag with a character outside URIs");
            }
            self.pos += end + 1;
            if !self.peek().is_none_or(blank_or_flow_indicator) {
                return Err("a verbatim tag not followed by a blank");
            }
            ("", uri)
        } else if self.peek() == Some(b'!') {
            self.pos += 1;
            match self.name() {
                "" => return Err("an empty secondary tag"),
                s => ("tag:yaml.org,2002:", s),
            }
        } else {
            match self.name() {
                "" => ("", "!"),
                s if s.contains('!') => return Err("a named tag handle"),
                s => ("!", s),
            }
        };
        if !handle.is_empty() && !suffix.chars().all(is_tag_char) {
            return Err("a tag with a character outside tags");
        }
        let tag = Tag {
            handle: handle.to_string(),
            suffix: percent_decoded(suffix)?,
        };
        Ok(format_tag(Cow::Owned(tag)))
    }

    /// Skips blanks, line breaks and comments.
    pub(super) fn blanks(&mut self) -> Result<(), Fail> {
        let mut after_blank = true;
        while let Some(c) = self.peek() {
            match c {
                b' ' | b'\t' => after_blank = true,
                // A carriage return alone is a line break too.
                b'\r' if self.peek_at(1) != Some(b'\n') => {
                    self.line += 1;
                    after_blank = true;
                }
                b'\r' => after_blank = true,
                b'\n' => {
                    self.line += 1;
                    after_blank = true;
                }
                b'#' if after_blank => {
                    let rest = &self.text[self.pos..];
                    self.pos += rest.find('\n').unwrap_or(rest.len());
                    continue;
                }
                _ => return Ok(()),
            }
            self.pos += 1;
        }
        Ok(())
    }
}

/// A tag's text with its `%XX` escapes decoded, as the YAML parser reads tags.
fn percent_decoded(s: &str) -> Result<String, Fail> {
    if !s.contains('%') {
        return Ok(s.to_string());
    }
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = s.get(i + 1..i + 3).ok_or("a short escape in a tag")?;
            out.push(u8::from_str_radix(hex, 16).map_err(|_| "an invalid escape in a tag")?);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    if !out.is_ascii() {
        return Err("an escape in a tag that is not ASCII");
    }
    String::from_utf8(out).map_err(|_| "an escape in a tag that is not UTF-8")
}
