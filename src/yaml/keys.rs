//! Map keys as kubectl reads them: the JSON key a YAML 1.1 reader makes of each mapping key,
//! and YAML merge keys (`<<: *base`) resolved as go-yaml v2 resolves them.

use super::scalar::{resolve, Resolved};
use super::{Mapping, Node, ScalarStyle};
use std::borrow::Cow;

/// The JSON object key a YAML 1.1 reader makes of a mapping key (`on` → `true`, `1` → `1`).
pub fn key_text(key: &Node) -> Option<Cow<'_, str>> {
    let Node::Scalar(s) = key else {
        return None;
    };
    Some(match resolve(s) {
        Resolved::Str | Resolved::BigInt(_) => Cow::Borrowed(s.value.as_str()),
        Resolved::Bool(b) => Cow::Borrowed(if b { "true" } else { "false" }),
        Resolved::Null => Cow::Borrowed("null"),
        Resolved::Int(i) => Cow::Owned(i.to_string()),
        Resolved::Float(_) => Cow::Owned(float_key(key)?),
    })
}

/// The JSON key of a float key, as the YAML layer writes it (Go's formatting).
fn float_key(key: &Node) -> Option<String> {
    let map = Node::Map(Mapping {
        entries: vec![(key.clone(), Node::string(""))],
        ..Mapping::default()
    });
    let json = super::json::to_json(&map).ok()?;
    json.as_object()?.keys().next().cloned()
}

/// Makes map keys what the apiserver stores: YAML merge keys (`<<: *base`) are resolved the way
/// kubectl reads them (go-yaml v2: entries apply in order, a later key wins; of a list of maps,
/// the first wins), and keys that YAML 1.1 reads as no string (`8080`, `on`) become the string
/// JSON has for them (`'8080'`, `'true'`), so every reader of the output sees string keys.
pub fn normalize_keys(node: &mut Node) {
    match node {
        Node::Map(m) => {
            if m.entries.iter().any(|(k, _)| is_merge_key(k)) {
                for (k, v) in std::mem::take(&mut m.entries) {
                    if is_merge_key(&k) && merge_into(m, v.clone()) {
                        continue;
                    }
                    upsert(m, k, v);
                }
            }
            for (k, v) in m.entries.iter_mut() {
                stringify_key(k);
                if !matches!(v, Node::Scalar(_)) {
                    normalize_keys(v);
                }
            }
        }
        Node::Seq(s) => s.items.iter_mut().for_each(normalize_keys),
        Node::Scalar(_) => {}
    }
}

/// Drops, in every mapping of `node`, each entry whose JSON key a later entry repeats: kubectl
/// reads a repeated key's last value (go-yaml v2 decodes the later value over the earlier one,
/// and so does Go's JSON decoder), so what an earlier one holds is never read, and pruning,
/// defaulting, the checks and their results must not read it either. The last entry stays
/// where it is. After [`normalize_keys`] (keys compare as the JSON keys it makes them); the
/// tree is no longer the one read (the edit planner pairs its positions with the tree read).
pub fn drop_shadowed(node: &mut Node) {
    drop_shadowed_in(node);
}

/// [`drop_shadowed`]; returns whether it dropped any entry, the collections it changed having
/// forgotten their spans (see [`crate::yaml::Span`]).
fn drop_shadowed_in(node: &mut Node) -> bool {
    let changed = match node {
        Node::Map(m) => {
            let mut changed = drop_shadowed_entries(m);
            for (_, v) in m.entries.iter_mut() {
                if !matches!(v, Node::Scalar(_)) {
                    changed |= drop_shadowed_in(v);
                }
            }
            changed
        }
        Node::Seq(s) => s
            .items
            .iter_mut()
            .fold(false, |changed, v| drop_shadowed_in(v) | changed),
        Node::Scalar(_) => false,
    };
    if changed {
        node.forget_span();
    }
    changed
}

/// [`drop_shadowed`] for the entries of `m` alone, its keys as [`normalize_keys`] leaves them
/// (JSON's strings; kubectl refuses a null key); returns whether it dropped any.
fn drop_shadowed_entries(m: &mut Mapping) -> bool {
    if !maybe_repeated(m) {
        return false;
    }
    let keys: Vec<Option<String>> = m
        .entries
        .iter()
        .map(|(k, _)| key_text(k).map(Cow::into_owned))
        .collect();
    let mut i = 0;
    m.entries.retain(|_| {
        let key = &keys[i];
        i += 1;
        key.is_none() || !keys[i..].contains(key)
    });
    m.entries.len() < keys.len()
}

/// Whether two keys of `m` may be one JSON key: two of the same text. A look at the texts
/// alone (most maps have no repeated key), before [`key_text`]'s.
fn maybe_repeated(m: &Mapping) -> bool {
    fn text((k, _): &(Node, Node)) -> Option<&str> {
        match k {
            Node::Scalar(s) => Some(s.value.as_str()),
            _ => None,
        }
    }
    let e = &m.entries;
    if e.len() <= 32 {
        (1..e.len()).any(|j| text(&e[j]).is_some_and(|b| e[..j].iter().any(|x| text(x) == Some(b))))
    } else {
        let mut texts: Vec<&str> = e.iter().filter_map(text).collect();
        texts.sort_unstable();
        texts.windows(2).any(|w| w[0] == w[1])
    }
}

/// Whether `node` is the root of a document kubectl decodes as JSON, as the reader marks its
/// scalars ([`crate::yaml::Scalar::json`]): its first key is such a double-quoted string. Every
/// key of such a document is one (JSON has no other), so [`normalize_keys`] has nothing to
/// do there.
pub fn json_decoded(node: &Node) -> bool {
    let Node::Map(m) = node else {
        return false;
    };
    matches!(m.entries.first(), Some((Node::Scalar(k), _))
        if k.json && k.style == ScalarStyle::DoubleQuoted && k.tag().is_none())
}

/// A bool/int/float key becomes its JSON string (null keys are left as they are).
fn stringify_key(k: &mut Node) {
    let Node::Scalar(s) = k else { return };
    if matches!(resolve(s), Resolved::Str | Resolved::Null) {
        return;
    }
    if let Some(text) = key_text(k).map(Cow::into_owned) {
        *k = Node::string(&text);
    }
}

/// Whether a key is YAML's merge key `<<` (plain, or tagged `!!merge`).
pub fn is_merge_key(k: &Node) -> bool {
    matches!(k, Node::Scalar(s) if s.value.as_bytes() == b"<<" && match s.tag() {
        Some(t) => t == "!!merge" || t == "tag:yaml.org,2002:merge",
        None => s.style == ScalarStyle::Plain,
    })
}

/// Merges a map (or a list of maps) into `m`; false when `v` is neither.
fn merge_into(m: &mut Mapping, mut v: Node) -> bool {
    normalize_keys(&mut v);
    match v {
        Node::Map(src) => src.entries.into_iter().for_each(|(k, x)| upsert(m, k, x)),
        Node::Seq(s) if s.items.iter().all(|i| matches!(i, Node::Map(_))) => {
            s.items.into_iter().rev().for_each(|i| {
                merge_into(m, i);
            });
        }
        _ => return false,
    }
    true
}

/// Sets entry `k` of `m` (same JSON key) in place, else appends it.
fn upsert(m: &mut Mapping, k: Node, v: Node) {
    let text = key_text(&k).map(Cow::into_owned);
    match m
        .entries
        .iter_mut()
        .find(|(x, _)| key_text(x).map(Cow::into_owned) == text)
    {
        Some(slot) => slot.1 = v,
        None => m.entries.push((k, v)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::parse_stream;

    /// A document kubectl decodes as JSON is known by its root's first key, and its keys are
    /// left as they are by the normalisation that [`json_decoded`] lets the engine skip, keys
    /// that YAML reads as numbers, booleans, null or a merge key included (a repeated one too:
    /// [`drop_shadowed`] is another step); a YAML document is never taken for one, even
    /// written in flow style with quoted keys.
    #[test]
    fn a_json_document_is_known_and_its_keys_need_nothing() {
        for text in [
            r#"{"a": 1}"#,
            r#"{"8080": "x", "true": {"null": [{"<<": {"1.5": 2}}]}, "on": null}"#,
            r#"{"<<": {"a": "b"}, "a": "c", "a": "d"}"#,
            "{\n  \"apiVersion\": \"v1\",\n  \"kind\": \"K\",\n  \"spec\": {\"y\": [1, {\"0x1\": 2}]}\n}",
        ] {
            let docs = parse_stream(text).unwrap();
            assert!(json_decoded(&docs[0]), "{text}");
            let mut normalized = docs[0].clone();
            normalize_keys(&mut normalized);
            assert_eq!(normalized, docs[0], "{text}");
        }
        for text in [
            "a: 1",
            "\"a\": 1",
            r#"{"a": 1, 8080: 2}"#,
            r#"{"a": 1, <<: {"b": 2}}"#,
            "- {\"a\": 1}",
            "\"a\"",
        ] {
            let docs = parse_stream(text).unwrap();
            assert!(!json_decoded(&docs[0]), "{text}");
        }
    }

    /// Of a repeated key, only the last entry stays, where it was (the value kubectl reads),
    /// in every mapping at any depth, in YAML and in JSON: keys of one JSON key repeat each
    /// other whatever their spelling (`on` and `'true'`, `8080` and `'8080'`); a map without a
    /// repeated key is left as it is.
    #[test]
    fn a_repeated_key_keeps_its_last_entry() {
        for (text, want) in [
            ("a: 1\nb: 2\na: 3", "b: 2\na: 3"),
            (
                "a: {x: 1}\nb: [{c: 1, c: 2}]\na: {y: 2}",
                "b: [{c: 2}]\na: {y: 2}",
            ),
            (
                "on: 1\n'true': 2\n8080: 3\n'8080': 4",
                "'true': 2\n'8080': 4",
            ),
            ("a: 1\nb: 2", "a: 1\nb: 2"),
            (
                r#"{"a": {"x": 1, "x": null}, "a": {"y": 2}, "b": [{"c": 1, "c": 2}]}"#,
                r#"{"a": {"y": 2}, "b": [{"c": 2}]}"#,
            ),
        ] {
            let mut doc = parse_stream(text).unwrap().remove(0);
            let mut want = parse_stream(want).unwrap().remove(0);
            let json = json_decoded(&doc);
            if !json {
                normalize_keys(&mut doc);
                normalize_keys(&mut want);
            }
            drop_shadowed(&mut doc);
            assert_eq!(doc, want, "{text}");
        }
    }

    /// A mapping's key, repeated, is read, changed and removed as kubectl reads it: `get` and
    /// `get_mut` reach its last entry, `insert` replaces that one, and `remove` takes every
    /// entry of it (an earlier one would be read in its place).
    #[test]
    fn a_repeated_key_is_read_at_its_last_entry() {
        let doc = parse_stream("a: 1\nb: 2\na: 3\n").unwrap().remove(0);
        let Node::Map(mut m) = doc else {
            panic!("a map")
        };
        assert_eq!(m.get("a").and_then(Node::scalar_str), Some("3"));
        *m.get_mut("a").unwrap() = Node::string("4");
        m.insert("a", Node::string("5"));
        let texts = |m: &Mapping| -> Vec<String> {
            m.entries
                .iter()
                .map(|(k, v)| format!("{}={}", k.scalar_str().unwrap(), v.scalar_str().unwrap()))
                .collect()
        };
        assert_eq!(texts(&m), ["a=1", "b=2", "a=5"]);
        assert_eq!(m.remove("a").as_ref().and_then(Node::scalar_str), Some("5"));
        assert_eq!(texts(&m), ["b=2"]);
        assert!(m.get("a").is_none() && m.remove("a").is_none());
    }
}
