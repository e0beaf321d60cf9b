//! The lossless YAML tree: every scalar keeps its text, its style and its tag, every map keeps its
//! key order. Pruning and defaulting edit this tree in place, so whatever they do not touch is
//! written back exactly as it was read (as a YAML 1.1 reader such as kubectl sees it).

/// How a scalar was (or is to be) written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScalarStyle {
    Plain,
    SingleQuoted,
    DoubleQuoted,
    Literal,
    Folded,
}

/// A scalar: its content (after unescaping/folding, i.e. the string a parser reports), how it was
/// written, and its tag if it had one (`!!str`, `!!int`, a local `!foo`...), in `!!suffix` or full form.
/// Equality compares what it holds, not [`Scalar::source`].
#[derive(Clone, Debug)]
pub struct Scalar {
    pub value: String,
    pub style: ScalarStyle,
    pub tag: Option<Box<str>>,
    /// Its text as read (quotes included, tag excluded), kept where the emitter would write
    /// `value` in `style` differently: a quoted scalar with escapes (`"caf\u00e9"`) or that
    /// single quotes hold only as written (a tab), a plain scalar over several lines outside a
    /// flow collection, a quoted one over several lines; for a block scalar, its header line
    /// (`|+`, `>-2`, `| # note`) where it holds the same value under the emitter's lines, and for
    /// a folded one without an indentation indicator its header and its lines (moved to column
    /// 0), which fold their own way. The emitter writes it as it was (a folded scalar's lines
    /// at its own column); a new or changed scalar has none, nor has a flow or quoted one
    /// whose text breaks a line at a lone `\r` (written anew from its value).
    pub source: Option<Box<str>>,
    /// Read from a document kubectl decodes as JSON. Go's JSON decoder keeps a number written
    /// with a fraction or an exponent (`2.0`, `1e3`) or beyond int64 as a float64, even when
    /// integral; a YAML number reaches the apiserver through sigs.k8s.io/yaml's JSON round trip,
    /// which writes an integral float as an integer.
    pub json: bool,
    /// Its anchor (`&name`), or the alias it was read from (`*name`): see [`Anchor`].
    pub anchor: Option<Box<Anchor>>,
}

/// How a node was named in its document: with an anchor (`&name`, which later aliases refer
/// to), or as the copy an alias (`*name`) stands for. The emitter writes an alias again where
/// the copy still holds what the anchored node it wrote last under that name holds, the anchor
/// where it writes the node; a new or changed node is written out. Equality ignores it: it
/// changes how a node is written, not what it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Anchor {
    Named(Box<str>),
    AliasOf(Box<str>),
}

impl PartialEq for Scalar {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
            && self.style == other.style
            && self.tag == other.tag
            && self.json == other.json
    }
}

impl Eq for Scalar {}

/// A mapping: entries in document order. Keys are nodes (Kubernetes only uses string keys, but
/// the YAML layer round-trips any key).
#[derive(Clone, Debug, Default)]
pub struct Mapping {
    pub entries: Vec<(Node, Node)>,
    /// Written in flow style (`{a: 1}`) in the source.
    pub flow: bool,
    /// A non-empty flow collection written on one line in the source, not inside another flow
    /// collection: the emitter writes it in flow style again when all its content can be.
    pub one_line: bool,
    pub tag: Option<String>,
    /// See [`Anchor`].
    pub anchor: Option<Box<Anchor>>,
}

impl PartialEq for Mapping {
    fn eq(&self, other: &Self) -> bool {
        self.entries == other.entries
            && self.flow == other.flow
            && self.one_line == other.one_line
            && self.tag == other.tag
    }
}

/// A sequence, items in order.
#[derive(Clone, Debug, Default)]
pub struct Sequence {
    pub items: Vec<Node>,
    /// Written in flow style (`[a, b]`) in the source.
    pub flow: bool,
    /// Written in flow style on one line in the source (see [`Mapping::one_line`]).
    pub one_line: bool,
    pub tag: Option<String>,
    /// See [`Anchor`].
    pub anchor: Option<Box<Anchor>>,
}

impl PartialEq for Sequence {
    fn eq(&self, other: &Self) -> bool {
        self.items == other.items
            && self.flow == other.flow
            && self.one_line == other.one_line
            && self.tag == other.tag
    }
}

/// One YAML node.
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    Scalar(Scalar),
    Seq(Sequence),
    Map(Mapping),
}

impl Scalar {
    /// A plain scalar with this text (the caller knows it reads back as intended).
    pub fn plain(value: impl Into<String>) -> Self {
        Scalar {
            value: value.into(),
            style: ScalarStyle::Plain,
            tag: None,
            json: false,
            source: None,
            anchor: None,
        }
    }
}

impl Mapping {
    /// The value of the entry whose key is the scalar `key`; where the key is repeated, the
    /// last one's: the value kubectl reads (go-yaml v2 decodes a repeated key's later value
    /// over the earlier one, and Go's JSON decoder does the same).
    pub fn get(&self, key: &str) -> Option<&Node> {
        self.entries
            .iter()
            .rev()
            .find(|(k, _)| k.scalar_str() == Some(key))
            .map(|(_, v)| v)
    }

    /// Mutable access to the value [`Self::get`] reads.
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Node> {
        self.entries
            .iter_mut()
            .rev()
            .find(|(k, _)| k.scalar_str() == Some(key))
            .map(|(_, v)| v)
    }

    /// Removes every entry with scalar key `key` (an earlier one of a repeated key would
    /// otherwise be read in its place), returning the value [`Self::get`] read.
    pub fn remove(&mut self, key: &str) -> Option<Node> {
        let i = self
            .entries
            .iter()
            .rposition(|(k, _)| k.scalar_str() == Some(key))?;
        let value = self.entries.remove(i).1;
        self.entries.retain(|(k, _)| k.scalar_str() != Some(key));
        Some(value)
    }

    /// Sets `key` to `value`: replaces the value [`Self::get`] reads when the key exists, else
    /// appends.
    pub fn insert(&mut self, key: &str, value: Node) {
        match self.get_mut(key) {
            Some(v) => *v = value,
            None => self.entries.push((Node::string(key), value)),
        }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

impl Node {
    /// An empty block mapping.
    pub fn empty_map() -> Self {
        Node::Map(Mapping::default())
    }

    /// A new string scalar, styled so that YAML 1.1 and YAML 1.2 readers both read this same
    /// string back (see [`super::scalar::string_style`]).
    pub fn string(s: &str) -> Self {
        Node::Scalar(Scalar {
            value: s.to_string(),
            style: super::scalar::string_style(s),
            tag: None,
            anchor: None,
            json: false,
            source: None,
        })
    }

    /// The raw scalar text, whatever it resolves to (key lookups use this).
    pub fn scalar_str(&self) -> Option<&str> {
        match self {
            Node::Scalar(s) => Some(&s.value),
            _ => None,
        }
    }

    /// The scalar text when the scalar reads as a string under YAML 1.1 (quoted, block,
    /// `!!str`-tagged, or a plain scalar that is not null/bool/int/float).
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Node::Scalar(s) if super::scalar::is_string(s) => Some(&s.value),
            _ => None,
        }
    }

    pub fn as_map(&self) -> Option<&Mapping> {
        match self {
            Node::Map(m) => Some(m),
            _ => None,
        }
    }

    pub fn as_map_mut(&mut self) -> Option<&mut Mapping> {
        match self {
            Node::Map(m) => Some(m),
            _ => None,
        }
    }

    pub fn as_seq(&self) -> Option<&Sequence> {
        match self {
            Node::Seq(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_seq_mut(&mut self) -> Option<&mut Sequence> {
        match self {
            Node::Seq(s) => Some(s),
            _ => None,
        }
    }

    /// Whether this node reads as null under YAML 1.1 (`~`, `null`, `Null`, `NULL`, empty plain,
    /// or tagged `!!null`).
    pub fn is_null(&self) -> bool {
        match self {
            Node::Scalar(s) => super::scalar::is_null(s),
            _ => false,
        }
    }

    /// `self[key]` for a mapping node.
    pub fn get(&self, key: &str) -> Option<&Node> {
        self.as_map()?.get(key)
    }
}

impl Node {
    /// Its anchor or alias name (see [`Anchor`]).
    pub fn anchor(&self) -> Option<&Anchor> {
        match self {
            Node::Scalar(s) => s.anchor.as_deref(),
            Node::Seq(s) => s.anchor.as_deref(),
            Node::Map(m) => m.anchor.as_deref(),
        }
    }

    /// Equality of content: same scalars (text, style, tag), same key order, same tags,
    /// ignoring only how collections were laid out (`flow`, `one_line`: the emitter writes a
    /// one-line flow collection in block style when its content cannot be written in flow) and
    /// whether a scalar was read from a JSON document (where its text was read).
    pub fn content_eq(&self, other: &Node) -> bool {
        match (self, other) {
            (Node::Scalar(a), Node::Scalar(b)) => {
                a.value == b.value && a.style == b.style && a.tag == b.tag
            }
            (Node::Seq(a), Node::Seq(b)) => {
                a.tag == b.tag
                    && a.items.len() == b.items.len()
                    && a.items.iter().zip(&b.items).all(|(x, y)| x.content_eq(y))
            }
            (Node::Map(a), Node::Map(b)) => {
                a.tag == b.tag
                    && a.entries.len() == b.entries.len()
                    && a.entries
                        .iter()
                        .zip(&b.entries)
                        .all(|((k1, v1), (k2, v2))| k1.content_eq(k2) && v1.content_eq(v2))
            }
            _ => false,
        }
    }
}
