//! Table tests of in-place edits: each case is a text, what happens to its documents (as the
//! engine would do it: entries removed, appended, nulls replaced), and the exact text expected.

use super::*;
use crate::yaml::{parse_stream, Mapping, Node, Scalar};

fn plain(s: &str) -> Node {
    Node::Scalar(Scalar::plain(s))
}

/// The map at `path` (keys) in document `doc`.
fn map<'a>(docs: &'a mut [Node], doc: usize, path: &[&str]) -> &'a mut Mapping {
    let mut n = &mut docs[doc];
    for key in path {
        n = match key.parse::<usize>() {
            Ok(i) => &mut n.as_seq_mut().unwrap().items[i],
            Err(_) => n.as_map_mut().unwrap().get_mut(key).unwrap(),
        };
    }
    n.as_map_mut().unwrap()
}

fn parsed_map(text: &str) -> Node {
    parse_stream(text).unwrap().remove(0)
}

fn edit(text: &str, json: bool, change: impl Fn(&mut Vec<Node>)) -> Result<String, EditError> {
    let before = parse_stream(text).unwrap();
    let mut after = before.clone();
    change(&mut after);
    rewrite(text, &before, &after, json)
}

fn check(name: &str, text: &str, want: &str, change: impl Fn(&mut Vec<Node>)) {
    let got = edit(text, false, change).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(got, want, "{name}:\n--- got\n{got}\n--- want\n{want}");
}

const COMMENTED: &str = "# head comment
apiVersion: example.com/v1 # line comment
kind: Widget
metadata:
  name: w1
spec:
  # about the typo
  colour: red  # a typo
  size: 3

  # foot comment of spec
status: {}
";

#[test]
fn removed_entry_loses_its_lines_only() {
    let want = COMMENTED.replace("  colour: red  # a typo\n", "");
    check("remove", COMMENTED, &want, |d| {
        map(d, 0, &["spec"]).remove("colour");
    });
}

#[test]
fn appended_entries_follow_the_last_entry_at_its_column() {
    let want = COMMENTED.replace(
        "  size: 3\n",
        "  size: 3\n  mode: 'on'\n  limits:\n    cpu: 1\n",
    );
    check("append", COMMENTED, &want, |d| {
        let spec = map(d, 0, &["spec"]);
        spec.insert("mode", Node::string("on"));
        spec.insert("limits", parsed_map("cpu: 1\n"));
    });
}

#[test]
fn nested_appends_at_one_place_go_inner_first() {
    let text = "spec:\n  retention:\n    keepLast: 7\nother: 1\n";
    let want = "spec:\n  retention:\n    keepLast: 7\n    mode: all\n  suspend: false\nother: 1\n";
    check("nested", text, want, |d| {
        map(d, 0, &["spec", "retention"]).insert("mode", plain("all"));
        map(d, 0, &["spec"]).insert("suspend", plain("false"));
    });
}

#[test]
fn compact_items_keep_their_dash() {
    let text = "targets:\n- volume: data\n  colour: x\n- colour: y  # gone\n  volume: logs\n- colour: z\n  # about volume\n  volume: tmp\n";
    let want = "targets:\n- volume: data\n  mode: Snapshot\n- volume: logs\n-\n  # about volume\n  volume: tmp\n";
    check("compact", text, want, |d| {
        map(d, 0, &["targets", "0"]).remove("colour");
        map(d, 0, &["targets", "0"]).insert("mode", plain("Snapshot"));
        map(d, 0, &["targets", "1"]).remove("colour");
        map(d, 0, &["targets", "2"]).remove("colour");
    });
}

#[test]
fn one_line_flow_maps_stay_one_line() {
    let text = "data: {a: 1, b: 2, c: 3}  # flow\nlist: [x, y]\n";
    check(
        "middle",
        text,
        "data: {a: 1, c: 3}  # flow\nlist: [x, y]\n",
        |d| {
            map(d, 0, &["data"]).remove("b");
        },
    );
    check(
        "last",
        text,
        "data: {a: 1, b: 2, d: 'yes'}  # flow\nlist: [x, y]\n",
        |d| {
            let m = map(d, 0, &["data"]);
            m.remove("c");
            m.insert("d", Node::string("yes"));
        },
    );
    check(
        "first two",
        text,
        "data: {c: 3}  # flow\nlist: [x, y]\n",
        |d| {
            let m = map(d, 0, &["data"]);
            m.remove("a");
            m.remove("b");
        },
    );
    check("all", text, "data: {}  # flow\nlist: [x, y]\n", |d| {
        map(d, 0, &["data"]).entries.clear();
    });
}

#[test]
fn json_members_are_edited_as_json() {
    let text = "{\n  \"kind\": \"Widget\",\n  \"spec\": {\n    \"colour\": \"red\",\n    \"size\": 3\n  }\n}\n";
    let want = "{\n  \"kind\": \"Widget\",\n  \"spec\": {\n    \"size\": 3,\n    \"limits\": {\n      \"cpu\": 1\n    }\n  }\n}\n";
    let got = edit(text, true, |d| {
        let spec = map(d, 0, &["spec"]);
        spec.remove("colour");
        spec.insert("limits", parsed_map("cpu: 1\n"));
    })
    .unwrap();
    assert_eq!(got, want);
}

#[test]
fn crlf_and_a_missing_final_line_break_are_kept() {
    let text = "spec:\r\n  colour: red\r\n  size: 3";
    check(
        "crlf",
        text,
        "spec:\r\n  size: 3\r\n  mode: on-demand",
        |d| {
            let spec = map(d, 0, &["spec"]);
            spec.remove("colour");
            spec.insert("mode", plain("on-demand"));
        },
    );
    check("last line", "a: 1\nb: 2", "a: 1", |d| {
        map(d, 0, &[]).remove("b");
    });
    let text = "spec:\n  a: 1\n  env:\n    x: 1\n  res:\n  - n: 1\n    p: 2";
    check("last two", text, "spec:\n  a: 1\n  mode: P", |d| {
        let m = map(d, 0, &["spec"]);
        m.remove("env");
        m.remove("res");
        m.insert("mode", plain("P"));
    });
}

#[test]
fn nulls_and_empty_maps_are_replaced_where_they_stand() {
    let text = "spec:\n  retention: ~  # none yet\n  policy:\n  name: null\n  extra: {}\nnext: 1\n";
    let want = "spec:\n  retention:  # none yet\n    keepLast: 7\n  policy: Keep\n  name: x\n  extra:\n    a: 1\nnext: 1\n";
    check("nulls", text, want, |d| {
        let spec = map(d, 0, &["spec"]);
        spec.insert("retention", parsed_map("keepLast: 7\n"));
        spec.insert("policy", plain("Keep"));
        spec.insert("name", plain("x"));
        spec.insert("extra", parsed_map("a: 1\n"));
    });
    let items = "items:\n- ~\n-\n- {}\n";
    let want = "items:\n- a: 1\n  b: 2\n- c\n- d: 1\n";
    check("items", items, want, |d| {
        let seq = d[0].as_map_mut().unwrap().get_mut("items").unwrap();
        let items = &mut seq.as_seq_mut().unwrap().items;
        items[0] = parsed_map("a: 1\nb: 2\n");
        items[1] = plain("c");
        items[2] = parsed_map("{d: 1}\n");
    });
}

#[test]
fn other_documents_and_markers_stay() {
    let text = "# first\na: 1\n---\n# second\nb: 2\nc: 3\n...\n---\nd: [1]\n";
    let want = "# first\na: 1\n---\n# second\nb: 2\n...\n---\nd: [1]\n";
    check("multi", text, want, |d| {
        map(d, 1, &[]).remove("c");
    });
    let unchanged = edit(text, false, |_| {}).unwrap();
    assert_eq!(unchanged, text);
}

#[test]
fn block_scalars_keep_their_lines() {
    let text = "a:\n  s: |\n    one\n\n  k: |+\n    two\n\n# foot\nb: 1\n";
    let want = "a:\n  s: |\n    one\n\n  k: |+\n    two\n\n  num: 1\n# foot\nb: 1\n";
    check("block", text, want, |d| {
        map(d, 0, &["a"]).insert("num", plain("1"));
    });
    let want = "a:\n\n  k: |+\n    two\n\n# foot\nb: 1\n";
    check("remove block", text, want, |d| {
        map(d, 0, &["a"]).remove("s");
    });
}

#[test]
fn non_ascii_text_is_located_by_bytes() {
    let text = "é: ü\nspec: {ä: 1, ö: 2}  # ß\n";
    check(
        "utf8",
        text,
        "é: ü\nspec: {ä: 1, ö: 2, x: ñ}  # ß\n",
        |d| {
            map(d, 0, &["spec"]).insert("x", Node::string("ñ"));
        },
    );
}

#[test]
fn changes_inside_aliases_and_merges_are_refused() {
    let text = "base: &b {x: 1}\nuse: *b\n";
    let err = edit(text, false, |d| {
        map(d, 0, &["use"]).insert("y", plain("2"));
    })
    .unwrap_err();
    assert_eq!(err, EditError::Alias);
    let merged = "base: &b {x: 1}\nuse:\n  <<: *b\n  z: 3\n";
    let err = edit(merged, false, |d| {
        let m = map(d, 0, &["use"]);
        m.remove("<<");
        m.insert("x", plain("1"));
        m.insert("y", plain("2"));
    })
    .unwrap_err();
    assert_eq!(err, EditError::Unaligned);
}

#[test]
fn an_edit_that_would_read_back_wrong_is_refused() {
    // The anchored map changes, so the alias copy would change too.
    let text = "a: &x {p: 1}\nb: *x\n";
    let err = edit(text, false, |d| {
        map(d, 0, &["a"]).insert("q", plain("2"));
    })
    .unwrap_err();
    assert!(
        matches!(err, EditError::Verify { document: 0, .. }),
        "{err:?}"
    );
}

#[test]
fn under_indented_flow_content_is_edited() {
    // Flow content at or left of its key's column: kubectl reads it (YAML 1.2 does not), and
    // so does the reader the edits are placed with.
    let text = "a:\n  b: [1,\n  2]\n  c: 1\n  d: {x: 1,\n  y: 2}\n";
    let out = edit(text, false, |d| {
        map(d, 0, &["a"]).remove("c");
    })
    .unwrap();
    assert_eq!(out, "a:\n  b: [1,\n  2]\n  d: {x: 1,\n  y: 2}\n");
    let out = edit(text, false, |d| {
        map(d, 0, &["a", "d"]).remove("y");
    })
    .unwrap();
    assert_eq!(out, "a:\n  b: [1,\n  2]\n  c: 1\n  d: {x: 1}\n");
}

#[test]
fn emptied_maps_and_resized_lists_are_rewritten_whole() {
    let text = "items:\n- colour: x   # gone\n- keep: 1\nlist:\n- a\n- b  # second\nnext: 1\n";
    let want = "items:\n- {}\n- keep: 1\nlist:\n- a\nnext: 1\n";
    check("rewritten", text, want, |d| {
        let root = d[0].as_map_mut().unwrap();
        root.get_mut("items").unwrap().as_seq_mut().unwrap().items[0] = parsed_map("{}\n");
        root.get_mut("list")
            .unwrap()
            .as_seq_mut()
            .unwrap()
            .items
            .pop();
    });
}

/// `locate`: where each field path lies, as `line:column`.
#[test]
fn fields_are_located_at_their_keys() {
    let text = "# comment\n\
                apiVersion: v1\n\
                kind: X\n\
                metadata:\n  \
                  labels: {app.kubernetes.io/name: db, \"é\": 1, ü: 2}\n\
                spec:\n  \
                  targets:\n  \
                  - volume: data\n  \
                  -   volume: logs\n      \
                      mode: Copy\n  \
                  list: &a [1, 2]\n  \
                  copy: *a\n  \
                  s.dotted: 1\n\
                ---\n\
                - plain\n\
                - {a: 1}\n";
    let docs = parse_stream(text).unwrap();
    let loc = locate::Locator::new(text, &docs).unwrap();
    let at = |doc: usize, path: &str| {
        let p = loc.field(doc, &docs[doc], path);
        (p.line, p.column)
    };
    let cases: &[(usize, &str, (usize, usize))] = &[
        // The document's first node, past the comment.
        (0, "", (2, 1)),
        (0, "kind", (3, 1)),
        // A key holding dots, in a flow map; columns count characters.
        (0, "metadata.labels[app.kubernetes.io/name]", (5, 12)),
        (0, "metadata.labels.é", (5, 40)),
        (0, "metadata.labels[ü]", (5, 48)),
        // A field that is not there: the key of the mapping it would go into.
        (0, "spec.retention", (6, 1)),
        (0, "spec.retention.keepLast", (6, 1)),
        (0, "metadata.labels.tier", (5, 3)),
        // Items: at their first node; a field missing from an item: the item.
        (0, "spec.targets[0].mode", (8, 5)),
        (0, "spec.targets[1]", (9, 7)),
        (0, "spec.targets[1].mode", (10, 7)),
        (0, "spec.targets[5].mode", (7, 3)),
        (0, "spec.list[1]", (11, 16)),
        // An alias is one node: a field inside it is at the key that holds the alias.
        (0, "spec.copy[1]", (12, 3)),
        // The longest key wins: `s.dotted` is one key.
        (0, "spec.s.dotted", (13, 3)),
        (1, "", (15, 3)),
        (1, "[1].a", (16, 4)),
        (1, "[1].b", (16, 3)),
    ];
    for (doc, path, want) in cases {
        assert_eq!(at(*doc, path), *want, "document {doc}, {path:?}");
    }
}

#[test]
fn under_indented_flow_content_has_places() {
    // A closing bracket at its key's column: kubectl reads it, YAML 1.2 does not.
    let text = "spec:\n  list: [a,\n  b\n  ]\n  next: 1\n";
    let docs = parse_stream(text).unwrap();
    let loc = locate::Locator::new(text, &docs).unwrap();
    let at = |path: &str| loc.field(0, &docs[0], path);
    assert_eq!(at("spec.list[1]"), locate::Place { line: 3, column: 3 });
    assert_eq!(at("spec.next"), locate::Place { line: 5, column: 3 });
    let text = "a: 1\n";
    assert!(
        locate::Locator::new(text, &[]).is_none(),
        "documents must pair"
    );
}
