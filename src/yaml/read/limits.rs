//! kubectl's limits on a YAML document, so that no input makes the reader (or anything that
//! walks its trees) run away in time, memory or stack.
//!
//! kubectl reads YAML with go-yaml v2 (through sigs.k8s.io/yaml) and JSON with Go's
//! encoding/json; both refuse what is refused here, with the same words:
//! - **Depth.** At most [`MAX_DEPTH`] collections nested in one another (go-yaml: at most
//!   10,000 flow levels and 10,000 block indentation levels; encoding/json: at most 10,000
//!   nesting levels, which every YAML document passes through in kubectl). Counted over the
//!   tree as it is built, aliases expanded: `exceeded max depth of 10000`.
//! - **Aliases.** go-yaml counts every node it decodes (`decoded`, aliases expanded, so a node
//!   reached through an alias counts each time) and the nodes decoded inside an alias expansion
//!   (`aliased`). Once more than 100 nodes came from aliases and more than 1,000 were decoded,
//!   the share that came from aliases may not exceed [`allowed_alias_ratio`]: 99% up to 400,000
//!   decoded nodes, falling linearly to 10% at 4,000,000 and staying there:
//!   `document contains excessive aliasing`. The counts are kept per document, in document order,
//!   and an alias is checked before it is expanded (its cost is known from its anchor), so a
//!   bomb is refused before any of it is built.

/// The deepest nesting of collections a document may have.
pub const MAX_DEPTH: usize = 10_000;

/// The message for a document nested deeper than [`MAX_DEPTH`] (go-yaml's and kubectl's).
pub const DEPTH_MESSAGE: &str = "exceeded max depth of 10000";

/// The message for a document refused by the alias rule (go-yaml's and kubectl's).
pub const ALIAS_MESSAGE: &str = "document contains excessive aliasing";

const RATIO_RANGE_LOW: usize = 400_000;
const RATIO_RANGE_HIGH: usize = 4_000_000;

/// The share of decoded nodes that may come from alias expansion, for a document of `decoded`
/// nodes so far.
pub fn allowed_alias_ratio(decoded: usize) -> f64 {
    if decoded <= RATIO_RANGE_LOW {
        0.99
    } else if decoded >= RATIO_RANGE_HIGH {
        0.10
    } else {
        let range = (RATIO_RANGE_HIGH - RATIO_RANGE_LOW) as f64;
        0.99 - 0.89 * ((decoded - RATIO_RANGE_LOW) as f64 / range)
    }
}

/// The decode counts of one document (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Budget {
    /// Nodes decoded so far, aliases expanded (the document node counts, as in go-yaml).
    pub decoded: usize,
    /// Of those, nodes decoded inside an alias expansion.
    pub aliased: usize,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            decoded: 1,
            aliased: 0,
        }
    }
}

impl Budget {
    /// One node of the document itself (a scalar, or the start of a collection).
    pub fn node(&mut self) {
        self.decoded += 1;
    }

    /// An alias to a node whose decoding costs `cost` nodes: the alias node and its expansion
    /// are counted, then checked (the ratio only grows while an expansion is decoded, and the
    /// allowed ratio only falls, so checking at its end is checking at every node of it).
    pub fn alias(&mut self, cost: usize) -> Result<(), &'static str> {
        self.decoded = self.decoded.saturating_add(cost).saturating_add(1);
        self.aliased = self.aliased.saturating_add(cost);
        if self.aliased > 100
            && self.decoded > 1000
            && self.aliased as f64 / self.decoded as f64 > allowed_alias_ratio(self.decoded)
        {
            return Err(ALIAS_MESSAGE);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratio_falls_from_99_to_10_percent_over_the_range() {
        assert_eq!(allowed_alias_ratio(1_000), 0.99);
        assert_eq!(allowed_alias_ratio(400_000), 0.99);
        assert!((allowed_alias_ratio(2_200_000) - 0.545).abs() < 1e-9);
        assert_eq!(allowed_alias_ratio(4_000_000), 0.10);
        assert_eq!(allowed_alias_ratio(usize::MAX), 0.10);
    }

    #[test]
    fn small_documents_and_few_aliases_pass() {
        // 100 aliased nodes are never too many, whatever the ratio.
        let mut b = Budget::default();
        assert_eq!(b.alias(99), Ok(()));
        // Nor is anything in a document of at most 1,000 decoded nodes.
        let mut b = Budget::default();
        assert_eq!(b.alias(990), Ok(()));
        assert_eq!((b.decoded, b.aliased), (992, 990));
    }

    #[test]
    fn aliasing_beyond_the_ratio_is_refused() {
        let mut b = Budget::default();
        for _ in 0..10 {
            b.node();
        }
        // 1,000 aliased of 1,012 decoded: 98.8%.
        assert_eq!(b.alias(1_000), Ok(()));
        // 1,300 of 1,313: 99.01%.
        assert_eq!(b.alias(300), Err(ALIAS_MESSAGE));
    }
}
