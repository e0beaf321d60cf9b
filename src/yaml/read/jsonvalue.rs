//! encoding/json's reading of a JSON value that the YAML reader cannot read as encoding/json does
//! (an escape the YAML grammar does not know, `"\/"`, or a surrogate's `\u`; a NEL, LS or PS in a
//! string, which the YAML grammar folds as a line break): the value's tree, built as the value is
//! read, with no tree of JSON values in between. Every node spans the whole value (the YAML
//! reader's marks do not exist for it); strings are double-quoted scalars, numbers plain scalars
//! written as serde_json writes the number it read, an object's repeated key keeps its first place
//! and its last value (as encoding/json's `map[string]interface{}` ends up, in the order of first
//! appearance).
//!
//! With a sink, the items of the root's `items` array go to it one at a time as they are read,
//! so a long list is never held whole (see [`crate::yaml::parse::Documents::next_split`]).

use super::compose::ItemSink;
use super::{Kind, RNode, Span, Style};
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use std::fmt;

/// Why a value was not read.
#[derive(Debug, PartialEq, Eq)]
pub enum Stop {
    /// encoding/json's grammar (as serde_json reads it) refuses the text.
    Syntax,
    /// The sink refused an item it was given.
    Refused,
}

/// Reads `text` (one JSON value, white space around it allowed) into its tree, every node
/// spanning `span`; with `sink`, the items of the root's `items` array go to it instead of the
/// tree (where that array stays empty). `end` is the byte offset the array's end is told at.
pub fn read(
    text: &str,
    span: Span,
    sink: Option<&mut dyn ItemSink>,
    end: usize,
) -> Result<RNode, Stop> {
    let mut de = serde_json::Deserializer::from_str(text);
    let mut hand = sink.map(|sink| Hand {
        sink,
        end,
        refused: false,
    });
    let role = match &mut hand {
        Some(hand) => Role::Root(hand),
        None => Role::Plain,
    };
    let root = Reader { span, role }
        .deserialize(&mut de)
        .and_then(|root| de.end().map(|()| root));
    match root {
        Ok(root) => Ok(root),
        Err(_) if hand.is_some_and(|h| h.refused) => Err(Stop::Refused),
        Err(_) => Err(Stop::Syntax),
    }
}

/// The sink the root's items go to.
struct Hand<'s> {
    sink: &'s mut dyn ItemSink,
    /// Where the array's end is told to be.
    end: usize,
    /// The sink refused an item.
    refused: bool,
}

/// What the value being read is.
enum Role<'h, 's> {
    Plain,
    /// The root: its `items` go to the sink.
    Root(&'h mut Hand<'s>),
    /// The root's `items`: an array's items go to the sink.
    Items(&'h mut Hand<'s>),
}

/// Reads one value into its node.
struct Reader<'h, 's> {
    span: Span,
    role: Role<'h, 's>,
}

impl Reader<'_, '_> {
    fn plain(span: Span) -> Self {
        Reader {
            span,
            role: Role::Plain,
        }
    }

    fn node(&self, kind: Kind) -> RNode {
        RNode::bare(self.span, kind)
    }

    fn scalar(&self, value: String, style: Style) -> RNode {
        self.node(Kind::Scalar {
            implicit: style == Style::Plain,
            value,
            style,
            json: true,
            source: None,
        })
    }

    fn number(&self, n: serde_json::Number) -> RNode {
        self.scalar(n.to_string(), Style::Plain)
    }
}

impl<'de> DeserializeSeed<'de> for Reader<'_, '_> {
    type Value = RNode;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<RNode, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Reader<'_, '_> {
    type Value = RNode;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E: de::Error>(self, b: bool) -> Result<RNode, E> {
        Ok(self.scalar(b.to_string(), Style::Plain))
    }

    fn visit_i64<E: de::Error>(self, n: i64) -> Result<RNode, E> {
        Ok(self.number(n.into()))
    }

    fn visit_u64<E: de::Error>(self, n: u64) -> Result<RNode, E> {
        Ok(self.number(n.into()))
    }

    fn visit_f64<E: de::Error>(self, n: f64) -> Result<RNode, E> {
        // JSON's grammar has no NaN or infinity: every number it reads is finite.
        Ok(match serde_json::Number::from_f64(n) {
            Some(n) => self.number(n),
            None => self.scalar("null".into(), Style::Plain),
        })
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<RNode, E> {
        Ok(self.scalar(s.to_owned(), Style::Double))
    }

    fn visit_string<E: de::Error>(self, s: String) -> Result<RNode, E> {
        Ok(self.scalar(s, Style::Double))
    }

    fn visit_unit<E: de::Error>(self) -> Result<RNode, E> {
        Ok(self.scalar("null".into(), Style::Plain))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<RNode, A::Error> {
        let span = self.span;
        let mut items = Vec::new();
        match self.role {
            Role::Items(hand) => {
                hand.sink.opened(false, true, false);
                while let Some(item) = seq.next_element_seed(Reader::plain(span))? {
                    if hand.sink.item(item).is_err() {
                        hand.refused = true;
                        return Err(de::Error::custom("the sink refused an item"));
                    }
                }
                hand.sink.end(hand.end);
            }
            _ => {
                while let Some(item) = seq.next_element_seed(Reader::plain(span))? {
                    items.push(item);
                }
            }
        }
        Ok(RNode::bare(span, Kind::Seq { items, flow: true }))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RNode, A::Error> {
        let span = self.span;
        let mut hand = match self.role {
            Role::Root(hand) => Some(hand),
            _ => None,
        };
        let mut entries = Entries::default();
        while let Some(key) = map.next_key::<String>()? {
            let role = match hand.as_deref_mut() {
                Some(hand) if key == "items" => Role::Items(hand),
                _ => Role::Plain,
            };
            let value = map.next_value_seed(Reader { span, role })?;
            entries.insert(Reader::plain(span).scalar(key, Style::Double), value);
        }
        Ok(RNode::bare(span, entries.kind()))
    }
}

/// An object's entries as a map of JSON keys holds them: a repeated key keeps its first place
/// and takes the last value.
#[derive(Default)]
struct Entries {
    entries: Vec<(RNode, RNode)>,
    places: std::collections::HashMap<String, usize>,
}

impl Entries {
    fn insert(&mut self, key: RNode, value: RNode) {
        let Kind::Scalar { value: name, .. } = &key.kind else {
            unreachable!("a JSON key is a string")
        };
        match self.places.get(name) {
            Some(&i) => self.entries[i].1 = value,
            None => {
                self.places.insert(name.clone(), self.entries.len());
                self.entries.push((key, value));
            }
        }
    }

    fn kind(self) -> Kind {
        Kind::Map {
            entries: self.entries,
            flow: true,
        }
    }
}

#[cfg(test)]
mod tests;
