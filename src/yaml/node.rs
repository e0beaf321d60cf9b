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
/// written, and its tag if it had one (`!!str`, `!!int`, a local `!foo`...), in `!!suffix` or full form
/// (with its anchor and its text as read, in [`Props`]).
/// Equality compares what it holds, not [`Props::source`].
#[derive(Clone, Debug)]
pub struct Scalar {
    pub value: String,
    pub style: ScalarStyle,
    /// Read from a document kubectl decodes as JSON. Go's JSON decoder keeps a number written
    /// with a fraction or an exponent (`2.0`, `1e3`) or beyond int64 as a float64, even when
    /// integral; a YAML number reaches the apiserver through sigs.k8s.io/yaml's JSON round trip,
    /// which writes an integral float as an integer.
    pub json: bool,
    /// Its tag, anchor and text as read.
    pub props: Props,
}

/// A node's rarer properties, in one box that most nodes do not have (a node takes 48 bytes
/// instead of 72, a map's entry 96 instead of 144: a tree is two thirds of the memory to
/// allocate, walk and free):
/// - its tag (`!!str`, `!foo`), in `!!suffix` or full form;
/// - its anchor or the alias it was read from ([`Anchor`]);
/// - a scalar's text as read (see [`Props::source`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Props(Option<Box<PropsInner>>);

#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct PropsInner {
    tag: Option<Box<str>>,
    source: Option<Box<str>>,
    anchor: Option<Anchor>,
}

impl Props {
    /// No tag, no anchor, no text as read.
    pub const NONE: Props = Props(None);

    /// These properties (none of them: no box).
    pub fn new(tag: Option<Box<str>>, source: Option<Box<str>>, anchor: Option<Anchor>) -> Props {
        let inner = PropsInner {
            tag,
            source,
            anchor,
        };
        match inner == PropsInner::default() {
            true => Props::NONE,
            false => Props(Some(Box::new(inner))),
        }
    }

    /// Just a tag.
    pub fn tagged(tag: Option<Box<str>>) -> Props {
        Props::new(tag, None, None)
    }

    pub fn tag(&self) -> Option<&str> {
        self.0.as_ref()?.tag.as_deref()
    }

    /// A scalar's text as read (quotes included, tag excluded), kept where the emitter would
    /// write its value in its style differently: a quoted scalar with escapes (`"caf\u00e9"`)
    /// or that single quotes hold only as written (a tab), a plain scalar over several lines
    /// outside a flow collection, a quoted one over several lines; for a block scalar, its
    /// header line (`|+`, `>-2`, `| # note`) where it holds the same value under the emitter's
    /// lines, and for a folded one without an indentation indicator its header and its lines
    /// (moved to column 0), which fold their own way. The emitter writes it as it was (a folded
    /// scalar's lines at its own column); a new or changed scalar has none, nor has a flow or
    /// quoted one whose text breaks a line at a lone `\r` (written anew from its value).
    pub fn source(&self) -> Option<&str> {
        self.0.as_ref()?.source.as_deref()
    }

    /// See [`Anchor`].
    pub fn anchor(&self) -> Option<&Anchor> {
        self.0.as_ref()?.anchor.as_ref()
    }

    pub fn set_tag(&mut self, tag: Option<Box<str>>) {
        self.edit(|p| p.tag = tag);
    }

    pub fn set_source(&mut self, source: Option<Box<str>>) {
        self.edit(|p| p.source = source);
    }

    pub fn set_anchor(&mut self, anchor: Option<Anchor>) {
        self.edit(|p| p.anchor = anchor);
    }

    /// Changes the properties, holding no box when none is left.
    fn edit(&mut self, f: impl FnOnce(&mut PropsInner)) {
        match &mut self.0 {
            Some(inner) => {
                f(inner);
                if **inner == PropsInner::default() {
                    self.0 = None;
                }
            }
            None => {
                let mut inner = PropsInner::default();
                f(&mut inner);
                *self = Props::new(inner.tag, inner.source, inner.anchor);
            }
        }
    }
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
            && self.tag() == other.tag()
            && self.json == other.json
    }
}

impl Eq for Scalar {}

/// Where a collection read from a one-line JSON item is in that item's text, from its opening
/// bracket to after its closing one, while the collection still holds exactly what that text
/// holds: the JSON writer copies such a collection's text instead of writing it (see
/// [`crate::yaml::json::write_plain_json_copying`]). Only the JSON item reader sets one
/// (for a collection starting within the item's first 4 GiB and at most 64 KiB long), and
/// whatever changes a collection forgets its span and the spans of the collections around it
/// ([`Node::forget_span`], [`Node::forget_spans`]). A copy of a node keeps it, for it holds the
/// same text: one put into another item's tree forgets its spans first. Six bytes (a node stays 48 bytes): the start's two halves and the length, 0 for
/// none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Span([u16; 3]);

impl Span {
    /// No span.
    pub const NONE: Span = Span([0; 3]);

    /// The span from `start`, `len` bytes long; [`Span::NONE`] where it does not fit.
    pub fn new(start: usize, len: usize) -> Span {
        match (u32::try_from(start), u16::try_from(len)) {
            (Ok(start), Ok(len)) if len > 0 => Span([start as u16, (start >> 16) as u16, len]),
            _ => Span::NONE,
        }
    }

    /// Its byte range in the item's text.
    pub fn range(self) -> Option<std::ops::Range<usize>> {
        let [lo, hi, len] = self.0;
        let start = (usize::from(hi) << 16) | usize::from(lo);
        (len > 0).then(|| start..start + usize::from(len))
    }
}

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
    /// Its tag and anchor.
    pub props: Props,
    /// Where its text is in its item's input, while it holds what it was read from there.
    pub span: Span,
}

impl PartialEq for Mapping {
    fn eq(&self, other: &Self) -> bool {
        self.entries == other.entries
            && self.flow == other.flow
            && self.one_line == other.one_line
            && self.tag() == other.tag()
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
    /// Its tag and anchor.
    pub props: Props,
    /// Where its text is in its item's input (see [`Mapping::span`]).
    pub span: Span,
}

impl PartialEq for Sequence {
    fn eq(&self, other: &Self) -> bool {
        self.items == other.items
            && self.flow == other.flow
            && self.one_line == other.one_line
            && self.tag() == other.tag()
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
            json: false,
            props: Props::NONE,
        }
    }

    pub fn tag(&self) -> Option<&str> {
        self.props.tag()
    }

    /// See [`Props::source`].
    pub fn source(&self) -> Option<&str> {
        self.props.source()
    }
}

impl Sequence {
    pub fn tag(&self) -> Option<&str> {
        self.props.tag()
    }
}

impl Mapping {
    pub fn tag(&self) -> Option<&str> {
        self.props.tag()
    }

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
            json: false,
            props: Props::NONE,
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
    /// Its [`Span`], for a collection that has one.
    pub fn span(&self) -> Option<std::ops::Range<usize>> {
        match self {
            Node::Scalar(_) => None,
            Node::Seq(s) => s.span.range(),
            Node::Map(m) => m.span.range(),
        }
    }

    /// Forgets its own [`Span`] (it changed): the caller forgets those of the collections
    /// around it.
    pub fn forget_span(&mut self) {
        match self {
            Node::Scalar(_) => {}
            Node::Seq(s) => s.span = Span::NONE,
            Node::Map(m) => m.span = Span::NONE,
        }
    }

    /// Forgets its own [`Span`] and those of every collection below it.
    pub fn forget_spans(&mut self) {
        match self {
            Node::Scalar(_) => {}
            Node::Seq(s) => {
                s.span = Span::NONE;
                s.items.iter_mut().for_each(Node::forget_spans);
            }
            Node::Map(m) => {
                m.span = Span::NONE;
                m.entries.iter_mut().for_each(|(k, v)| {
                    k.forget_spans();
                    v.forget_spans();
                });
            }
        }
    }

    /// Its anchor or alias name (see [`Anchor`]).
    pub fn anchor(&self) -> Option<&Anchor> {
        match self {
            Node::Scalar(s) => s.props.anchor(),
            Node::Seq(s) => s.props.anchor(),
            Node::Map(m) => m.props.anchor(),
        }
    }

    /// Equality of content: same scalars (text, style, tag), same key order, same tags,
    /// ignoring only how collections were laid out (`flow`, `one_line`: the emitter writes a
    /// one-line flow collection in block style when its content cannot be written in flow) and
    /// whether a scalar was read from a JSON document (where its text was read).
    pub fn content_eq(&self, other: &Node) -> bool {
        match (self, other) {
            (Node::Scalar(a), Node::Scalar(b)) => {
                a.value == b.value && a.style == b.style && a.tag() == b.tag()
            }
            (Node::Seq(a), Node::Seq(b)) => {
                a.tag() == b.tag()
                    && a.items.len() == b.items.len()
                    && a.items.iter().zip(&b.items).all(|(x, y)| x.content_eq(y))
            }
            (Node::Map(a), Node::Map(b)) => {
                a.tag() == b.tag()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_is_small_and_its_properties_boxed_only_when_held() {
        // 48 bytes on 64-bit targets (72 with the properties held in the node).
        let size = std::mem::size_of::<Node>();
        assert!(size <= 48, "{size}");
        let mut p = Props::NONE;
        p.set_tag(Some("!!str".into()));
        p.set_anchor(Some(Anchor::Named("a".into())));
        p.set_source(Some("'a'".into()));
        assert_eq!(
            (p.tag(), p.anchor(), p.source()),
            (Some("!!str"), Some(&Anchor::Named("a".into())), Some("'a'"))
        );
        p.set_tag(None);
        p.set_anchor(None);
        assert!(p.0.is_some());
        p.set_source(None);
        assert_eq!(p, Props::NONE);
        assert!(p.0.is_none());
        // Setting nothing on nothing makes no box.
        p.set_anchor(None);
        assert!(p.0.is_none());
        assert_eq!(Props::new(None, None, None), Props::NONE);
        assert!(Props::new(None, None, None).0.is_none());
        assert_eq!(Props::tagged(Some("!x".into())).tag(), Some("!x"));
    }

    #[test]
    fn equality_reads_the_tag_not_the_anchor_or_the_text_as_read() {
        let mut a = Scalar::plain("1");
        let mut b = Scalar::plain("1");
        a.props.set_source(Some("1".into()));
        b.props.set_anchor(Some(Anchor::Named("x".into())));
        assert_eq!(a, b);
        b.props.set_tag(Some("!!str".into()));
        assert_ne!(a, b);
        let (ma, mut mb) = (Mapping::default(), Mapping::default());
        assert_eq!(ma, mb);
        mb.props.set_tag(Some("!!map".into()));
        assert_ne!(ma, mb);
        assert!(!Node::Map(ma).content_eq(&Node::Map(mb)));
    }
}
