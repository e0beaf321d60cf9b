//! Updates, one semantic point per row: the previous revision (OLD: the CRD and objects as
//! the cluster holds them) and the input (NEW), and the error messages each NEW object gets
//! (the apiserver's, as `name: message`, sorted).

use super::super::{process_update, Report};
use super::*;
use crate::results::Severity;
use crate::yaml::parse_stream;
use std::collections::HashSet;
use std::sync::Arc;

/// The CRD, with the enum of `spec.color` and the maxLength of `spec.tags` items as given
/// (an OLD and a NEW revision of it differ there).
fn crd(colors: &str, tag_max: u32) -> String {
    format!(
        r#"apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {{name: things.update.test}}
spec:
  group: update.test
  names: {{kind: Thing, plural: things}}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    subresources: {{status: {{}}}}
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              id:
                type: string
                x-kubernetes-validations: [{{rule: self == oldSelf, message: id is immutable}}]
              tier:
                type: integer
                x-kubernetes-validations:
                - rule: 'oldSelf.hasValue() ? self >= oldSelf.value() : self == 1'
                  optionalOldSelf: true
                  message: tier starts at 1 and may only go up
              color: {{type: string, enum: [{colors}]}}
              class:
                type: string
                default: basic
                x-kubernetes-validations: [{{rule: self == oldSelf, message: class is immutable}}]
              range:
                type: object
                properties: {{min: {{type: integer}}, max: {{type: integer}}}}
                x-kubernetes-validations: [{{rule: self.min <= self.max, message: min must not exceed max}}]
              ports:
                type: array
                x-kubernetes-list-type: map
                x-kubernetes-list-map-keys: [name]
                items:
                  type: object
                  required: [name]
                  properties: {{name: {{type: string}}, number: {{type: integer}}}}
                  x-kubernetes-validations: [{{rule: self.number == oldSelf.number, message: "a port's number is immutable"}}]
              tags:
                type: array
                x-kubernetes-list-type: set
                items: {{type: string, maxLength: {tag_max}}}
          status:
            type: object
            properties: {{phase: {{type: string, enum: [Pending, Done]}}}}
"#
    )
}

fn thing(name: &str, meta: &str, spec: &str) -> String {
    format!("---\napiVersion: update.test/v1\nkind: Thing\nmetadata: {{name: {name}{meta}}}\nspec: {spec}\n")
}

/// Runs NEW against OLD; the error messages of each object, `name: message`, sorted.
fn run(old: &str, new: &str) -> (Vec<String>, Report) {
    let config = Config::default();
    let old_items = parse_stream(old).unwrap();
    let labelled = old_items
        .into_iter()
        .enumerate()
        .map(|(i, n)| (n, format!("old {i}")));
    let previous = Previous::from_items(labelled, &config).unwrap();
    let mut items = parse_stream(new).unwrap();
    let labels: Vec<String> = (0..items.len()).map(|i| format!("items[{i}]")).collect();
    let report = process_update(&mut items, &labels, &config, false, Some(&previous)).unwrap();
    let mut got: Vec<String> = report
        .results
        .iter()
        .filter(|r| r.severity == Severity::Error)
        .map(|r| {
            let name = r.resource_ref.as_ref().map_or("", |r| r.name.as_str());
            format!("{name}: {}", r.message)
        })
        .collect();
    got.sort();
    (got, report)
}

const NOT_CHECKED: &str = "<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation";

#[test]
fn updates_as_the_apiserver_answers_them() {
    let base = crd("red, green, blue", 10);
    let tight = crd("red, green", 5);
    let no_range_rule = base.replace(
        "                x-kubernetes-validations: [{rule: self.min <= self.max, message: min must not exceed max}]\n",
        "",
    );
    assert_ne!(no_range_rule, base);
    // (what is shown, OLD objects, NEW objects, NEW CRD, the errors)
    let cases: Vec<(&str, String, String, &str, Vec<String>)> = vec![
        (
            "self == oldSelf: a changed id is refused, an unchanged one passes",
            thing("a", "", "{id: one}") + &thing("b", "", "{id: two}"),
            thing("a", "", "{id: uno}") + &thing("b", "", "{id: two, color: red}"),
            &base,
            vec![r#"a: spec.id: Invalid value: "uno": id is immutable"#.into()],
        ),
        (
            "a transition rule does not run where the old object lacks the value",
            thing("a", "", "{color: red}"),
            thing("a", "", "{id: new}"),
            &base,
            vec![],
        ),
        (
            "optionalOldSelf: on create oldSelf is none, on update the old value",
            thing("a", "", "{tier: 1}"),
            thing("a", "", "{tier: 0}") + &thing("c", "", "{tier: 2}"),
            &base,
            vec![
                "a: spec.tier: Invalid value: 0: tier starts at 1 and may only go up".into(),
                "c: spec.tier: Invalid value: 2: tier starts at 1 and may only go up".into(),
            ],
        ),
        (
            "ratcheting: an enum value the new CRD dropped passes while unchanged",
            base.clone() + &thing("a", "", "{color: blue}") + &thing("b", "", "{color: blue}"),
            thing("a", "", "{color: blue, tier: 1}")
                + &thing("b", "", "{color: purple}")
                + &thing("c", "", "{color: blue}"),
            &tight,
            vec![
                format!("b: {NOT_CHECKED}"),
                r#"b: spec.color: Unsupported value: "purple": supported values: "red", "green""#
                    .into(),
                format!("c: {NOT_CHECKED}"),
                r#"c: spec.color: Unsupported value: "blue": supported values: "red", "green""#
                    .into(),
            ],
        ),
        (
            "set items do not correlate: an unchanged list is ratcheted whole, a changed one is not",
            base.clone()
                + &thing("a", "", "{tags: [abcdefg]}")
                + &thing("b", "", "{tags: [abcdefg]}"),
            thing("a", "", "{tags: [abcdefg]}") + &thing("b", "", "{tags: [abcdefg, x]}"),
            &tight,
            vec![
                format!("b: {NOT_CHECKED}"),
                "b: spec.tags[0]: Too long: may not be more than 5 bytes".into(),
            ],
        ),
        (
            "map-list items correlate by key: same key compared, a new key has no oldSelf",
            thing("a", "", "{ports: [{name: http, number: 80}, {name: db, number: 5432}]}"),
            thing("a", "", "{ports: [{name: db, number: 5433}, {name: web, number: 8080}]}"),
            &base,
            vec!["a: spec.ports[0]: Invalid value: a port's number is immutable".into()],
        ),
        (
            "CEL ratcheting: a rule without oldSelf failing on an unchanged value is dropped",
            no_range_rule.clone()
                + &thing("a", "", "{range: {min: 5, max: 1}}")
                + &thing("b", "", "{range: {min: 5, max: 1}}"),
            thing("a", "", "{range: {min: 5, max: 1}, tier: 1}")
                + &thing("b", "", "{range: {min: 6, max: 1}}"),
            &base,
            vec!["b: spec.range: Invalid value: min must not exceed max".into()],
        ),
        (
            "an old object whose create is refused was never stored: the new one is a create",
            thing("a", "", "{range: {min: 5, max: 1}, id: p}"),
            thing("a", "", "{range: {min: 5, max: 1}, id: q}"),
            &base,
            vec!["a: spec.range: Invalid value: min must not exceed max".into()],
        ),
        (
            "defaults are applied on read: the stored class is the default",
            thing("a", "", "{}") + &thing("b", "", "{}"),
            thing("a", "", "{class: basic}") + &thing("b", "", "{class: premium}"),
            &base,
            vec![r#"b: spec.class: Invalid value: "premium": class is immutable"#.into()],
        ),
        (
            "matching: an absent namespace is default; another namespace, name or generateName is a create",
            thing("a", "", "{id: one}")
                + &thing("b", ", namespace: ns1", "{id: one}")
                + &thing("c", "", "{id: one}"),
            thing("a", ", namespace: default", "{id: two}")
                + &thing("b", ", namespace: ns2", "{id: two}")
                + &thing("d", "", "{id: two}")
                + "---\napiVersion: update.test/v1\nkind: Thing\nmetadata: {generateName: c}\nspec: {id: two}\n",
            &base,
            vec![r#"a: spec.id: Invalid value: "two": id is immutable"#.into()],
        ),
        (
            "labels: an invalid label is reported three times on update",
            thing("a", "", "{}"),
            thing("a", ", labels: {k: not valid}", "{}"),
            &base,
            vec![format!("a: metadata.labels: Invalid value: \"not valid\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"); 3],
        ),
    ];
    for (what, old, new, new_crd, want) in cases {
        let old = if old.starts_with("apiVersion: apiextensions") {
            old
        } else {
            base.clone() + &old
        };
        let (got, _) = run(&old, &format!("{new_crd}{new}"));
        assert_eq!(got, want, "{what}");
    }
}

#[test]
fn status_comes_from_the_stored_object_with_the_status_subresource() {
    let base = crd("red", 10);
    let old = base.clone() + &thing("a", "", "{}");
    let new = format!(
        "{base}{}status: {{phase: Exploded}}\n",
        thing("a", "", "{}")
    );
    let (got, _) = run(&old, &new);
    assert_eq!(got, Vec::<String>::new());
    // Without a previous object it is a create: status is dropped too (no error either); the
    // subresource-less CRD refuses the value on update.
    let plain = base.replace("    subresources: {status: {}}\n", "");
    let old = plain.clone() + &thing("a", "", "{}");
    let new = format!(
        "{plain}{}status: {{phase: Exploded}}\n",
        thing("a", "", "{}")
    );
    let (got, _) = run(&old, &new);
    assert_eq!(
        got,
        [
            format!("a: {NOT_CHECKED}"),
            r#"a: status.phase: Unsupported value: "Exploded": supported values: "Pending", "Done""#
                .to_string()
        ]
    );
}

#[test]
fn update_results_are_tagged() {
    let base = crd("red", 10);
    let old = base.clone() + &thing("a", "", "{id: one}") + &thing("b", "", "{}");
    let new = base.clone() + &thing("a", "", "{id: two}") + &thing("c", "", "{color: blue}");
    let (_, report) = run(&old, &new);
    let tags: Vec<(String, Vec<(&str, String)>)> = report
        .results
        .iter()
        .filter(|r| r.severity == Severity::Error)
        .map(|r| (r.message.clone(), r.tags.clone()))
        .collect();
    assert_eq!(
        tags,
        [
            (
                r#"spec.id: Invalid value: "two": id is immutable"#.to_string(),
                vec![("operation", "update".to_string())]
            ),
            (
                r#"spec.color: Unsupported value: "blue": supported values: "red""#.to_string(),
                vec![]
            ),
            (NOT_CHECKED.to_string(), vec![]),
        ]
    );
}

#[test]
fn crd_updates_are_detected_and_checked() {
    let base = crd("red", 10);
    let moved = base.replace("group: update.test", "group: other.test");
    let (got, report) = run(&base, &moved);
    assert!(
        got.contains(
            &r#"things.update.test: spec.group: Invalid value: "other.test": field is immutable"#
                .to_string()
        ),
        "{got:?}"
    );
    let r = report
        .results
        .iter()
        .find(|r| r.message.starts_with("spec.group"))
        .unwrap();
    assert_eq!(r.tags, [("operation", "update".to_string())]);
    // The same CRD unchanged: no update error.
    let (got, _) = run(&base, &base);
    assert_eq!(got, Vec::<String>::new());
}

/// Each previous object is kept as JSON text only where JSON gives back the same object;
/// either way it reads back with the JSON the apiserver would have been sent.
#[test]
fn previous_objects_are_kept_as_json_where_it_reads_back_the_same() {
    // (what is shown, the object, kept as JSON)
    let cases = [
        (
            "plain values",
            "a: x\nb: 1\nc: 1.5\nd: [true, null, '2']\ne: {f: g}",
            true,
        ),
        (
            "a YAML 1.1 boolean and an integral float",
            "a: yes\nb: 1.0",
            true,
        ),
        // Its 17 digits are the shortest that read back as its float64, and serde_json's
        // default reading (without `float_roundtrip`) reads 1.9941414234139936: the stored
        // value then differed from an unchanged new one, and validation ratcheting refused it.
        (
            "a float's shortest digits",
            "a: 1.9941414234139934\nb: 1.1129077416068807",
            true,
        ),
        ("a tag", "a: !!str 12", false),
        ("a tag on a collection", "a: !!map {b: c}", false),
        ("a merge key", "a: &x {b: 1}\nc:\n  <<: *x\n  d: 2", false),
        ("a repeated key", "a: 1\nb: 2\na: 3", false),
        ("a key that is no string", "1: a\nb: c", false),
    ];
    for (what, text, json) in cases {
        let node = parse_stream(text).unwrap().remove(0);
        let kept = Kept::new(node.clone(), false);
        assert_eq!(matches!(kept.body, Body::Json(_)), json, "{what}");
        assert_eq!(
            to_json(&kept.node()).ok(),
            to_json(&node).ok(),
            "{what}: the same JSON"
        );
        assert_eq!(kept.json(), to_json(&node).ok(), "{what}");
    }
}

/// A previous file is read one document at a time when it is a plain stream of several
/// objects, and whole otherwise (one document, a ResourceList, a stream the two readers read
/// otherwise); every way gives the answers of the same objects given as items.
#[test]
fn previous_files_give_the_answers_of_their_objects() {
    let config = Config::default();
    let old = crd("red, green, blue", 10)
        + &thing("a", "", "{id: one, color: purple}")
        + &thing("b", ", namespace: ns", "{id: two}");
    let new = crd("red, green", 10)
        + &thing("a", "", "{id: uno, color: purple}")
        + &thing("b", ", namespace: ns", "{id: dos}")
        + &thing("c", "", "{id: three, color: purple}");
    let answers = |previous: &Previous| {
        let mut items = parse_stream(&new).unwrap();
        let labels: Vec<String> = (0..items.len()).map(|i| format!("items[{i}]")).collect();
        let report = process_update(&mut items, &labels, &config, false, Some(previous)).unwrap();
        let got: Vec<String> = report.results.iter().map(|r| r.message.clone()).collect();
        (got, items)
    };
    let (want, want_items) = run_with_items(&old, &config, answers);
    assert!(
        want.iter().any(|m| m.contains("id is immutable")),
        "the case shows updates: {want:?}"
    );
    let dir = std::env::temp_dir().join(format!("crd-schema-fn-previous-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let list = {
        let items: Vec<serde_json::Value> = parse_stream(&old)
            .unwrap()
            .iter()
            .filter(|n| !n.is_null())
            .map(|n| to_json(n).unwrap())
            .collect();
        serde_json::json!({"apiVersion": "v1", "kind": "List", "items": items}).to_string()
    };
    // (what is shown, the file's text)
    let files = [
        ("a plain stream", old.clone()),
        (
            "a stream with a byte order mark and empty documents",
            format!("\u{feff}---\n{old}---\n"),
        ),
        ("a kind: List, read whole", list),
    ];
    for (what, text) in files {
        let path = dir.join("old.yaml");
        std::fs::write(&path, &text).unwrap();
        let previous = Previous::load(std::slice::from_ref(&path), &config).unwrap();
        assert_eq!(previous.len(), 3, "{what}");
        let (got, items) = answers(&previous);
        assert_eq!(got, want, "{what}");
        assert_eq!(items, want_items, "{what}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `f` with the previous revision made of `old`'s documents given as items.
fn run_with_items<T>(old: &str, config: &Config, f: impl Fn(&Previous) -> T) -> T {
    let labelled = parse_stream(old)
        .unwrap()
        .into_iter()
        .filter(|n| !n.is_null())
        .enumerate()
        .map(|(i, n)| (n, format!("old {i}")));
    f(&Previous::from_items(labelled, config).unwrap())
}

/// A CRD of the input that the previous revision holds with the same `apiVersion`, name and
/// `spec` shares the previous CRD's compiled versions (not compiled a second time); any other
/// difference in `spec`, or a previous CRD the apiserver refused, compiles its own.
#[test]
fn an_unchanged_crd_shares_the_compiled_versions_of_the_previous_one() {
    use crate::process::schemas::collect_schemas_after;
    let config = Config::default();
    let base = crd("red", 10);
    let relabelled = base.replace(
        "metadata: {name: things.update.test}",
        "metadata: {name: things.update.test, labels: {a: b}}",
    );
    assert_ne!(relabelled, base);
    let widened = crd("red, blue", 10);
    let refused = base.replace("default: basic", "default: 5");
    assert_ne!(refused, base);
    // (what, previous CRD, input CRD, shared)
    let cases = [
        ("the same CRD", &base, &base, true),
        ("only metadata differs", &base, &relabelled, true),
        ("the spec differs", &base, &widened, false),
        ("the previous CRD was refused", &refused, &refused, false),
    ];
    for (what, old, new, shared) in cases {
        run_with_items(old, &config, |previous| {
            let items = parse_stream(new).unwrap();
            let labels = vec!["items[0]".to_string()];
            let mut results = Vec::new();
            let registry =
                collect_schemas_after(&items, &labels, &config, Some(previous), &mut results)
                    .unwrap();
            let Lookup::Found(now) = registry.lookup("update.test/v1", "Thing") else {
                panic!("{what}: no schema for the input CRD");
            };
            assert_eq!(
                now.source,
                "items[0] (CustomResourceDefinition things.update.test)"
            );
            let was = match previous.lookup("update.test/v1", "Thing") {
                Lookup::Found(e) => e.schema.clone(),
                _ => None,
            };
            let same = match (&now.schema, &was) {
                (Some(a), Some(b)) => Arc::ptr_eq(a, b),
                _ => false,
            };
            assert_eq!(same, shared, "{what}");
            // Shared or not, the input CRD gets the causes it gets loaded on its own (an
            // update's are tagged so); a refused one is refused as an update of the stored
            // previous CRD (refused on create too, yet the one the cluster holds).
            let mut alone = Vec::new();
            let _ = collect_schemas_after(&items, &labels, &config, None, &mut alone);
            let messages = |rs: &[crate::results::KrmResult]| {
                rs.iter()
                    .filter(|r| r.severity == Severity::Error)
                    .map(|r| r.message.clone())
                    .collect::<Vec<_>>()
            };
            assert_eq!(messages(&results), messages(&alone), "{what}");
            if what.contains("refused") {
                let warning = results.iter().find(|r| r.severity == Severity::Warning);
                assert!(
                    warning.is_some_and(|w| w
                        .message
                        .starts_with("the update of CustomResourceDefinition")),
                    "{what}: {results:?}"
                );
            }
            assert_eq!(results.is_empty(), !what.contains("refused"), "{what}");
        });
    }
}

#[test]
fn a_kept_object_is_compressed_and_reads_back_as_it_was() {
    let text = "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  labels: {a: 'yes', b: \"x\"}\nspec:\n  size: 1.5\n  list: [1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3]\n";
    let node = crate::yaml::parse_stream(text).unwrap().remove(0);
    let kept = Kept::new(node.clone(), false);
    let Body::Json(bytes) = &kept.body else {
        panic!("a plain object is kept as JSON")
    };
    let json = to_json(&node).unwrap().to_string();
    assert!(
        bytes.len() < json.len(),
        "{} of {}",
        bytes.len(),
        json.len()
    );
    assert_eq!(with_unpacked(bytes, str::to_string), json);
    assert_eq!(kept.json(), Some(to_json(&node).unwrap()));
    assert_eq!(to_json(&kept.node()).unwrap(), to_json(&node).unwrap());
    assert_eq!(with_unpacked(&crate::packed::pack(b""), str::to_string), "");
}

/// A plain stream's objects are kept in compressed blocks of several objects: every one of
/// them, in blocks read in any order, reads back as the object it was (as JSON); an object
/// JSON would not give back (an integer beyond int64, a quoted `<<` key, a tag) is kept as its
/// tree; a document whose meaning kubectl's reader refuses refuses the file as reading it
/// whole does.
#[test]
fn a_streamed_previous_file_keeps_each_object_as_it_was() {
    let config = Config::default();
    let mut old = String::new();
    for i in 0..400 {
        old += &thing(
            &format!("t{i}"),
            ", labels: {x: 'yes'}",
            &format!("{{i: {i}, s: \"caf\\u00e9 {i}\", f: 1.5, l: [a, null, true]}}"),
        );
    }
    old += &thing("big", "", "{n: 99999999999999999999}");
    old += &thing("merge", "", "{'<<': x}");
    old += &thing("tagged", "", "{s: !!str 12}");
    let dir = std::env::temp_dir().join(format!("crd-schema-fn-blocks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("old.yaml");
    std::fs::write(&path, &old).unwrap();
    let previous = Previous::load(std::slice::from_ref(&path), &config).unwrap();
    let nodes = parse_stream(&old).unwrap();
    assert_eq!(previous.len(), nodes.len());
    let blocks: HashSet<*const u8> = previous
        .kept
        .iter()
        .filter_map(|k| match &k.body {
            Body::InBlock { block, .. } => Some(block.as_ptr()),
            _ => None,
        })
        .collect();
    assert!(blocks.len() > 1, "{} blocks", blocks.len());
    let trees = previous
        .kept
        .iter()
        .filter(|k| matches!(k.body, Body::Tree(_)));
    assert_eq!(trees.count(), 3);
    // Last to first, then first to last: each block is unpacked again on the way.
    let order = (0..nodes.len()).rev().chain(0..nodes.len());
    for i in order {
        let want = to_json(&nodes[i]).unwrap();
        assert_eq!(previous.kept[i].json(), Some(want.clone()), "object {i}");
        assert_eq!(
            to_json(&previous.kept[i].node()).unwrap(),
            want,
            "object {i}"
        );
        let found = previous.find(&nodes[i], true).unwrap();
        assert_eq!(to_json(&found).unwrap(), want, "object {i}");
    }
    // Refused in meaning: the same refusal as the whole file's.
    let refused = old.clone() + &thing("bad", "", "{n: !!int abc}");
    std::fs::write(&path, &refused).unwrap();
    let got = Previous::load(std::slice::from_ref(&path), &config).unwrap_err();
    let whole = read_items(&refused, &path.display().to_string()).unwrap_err();
    assert_eq!(got.to_string(), whole.to_string());
    assert!(got.to_string().contains("!!int"), "{got}");
    std::fs::remove_dir_all(&dir).unwrap();
}
