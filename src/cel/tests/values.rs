//! kube-apiserver's tables on the CEL values of custom resource data and on rule field paths,
//! apiextensions-apiserver v0.36.3, `pkg/apiserver/schema/cel/`: `TestEquality`,
//! `TestLister`, `TestMapper` (`values_test.go`), `TestMapList` (`maplist_test.go`),
//! `TestValidateFieldPath`, `TestCELMaxRecursionDepth` and `TestCELValidationLimit`
//! (`validation_test.go`), ported as facts.
//!
//! How a row runs here: upstream checks Go values (`UnstructuredToVal`) directly; here each
//! check is a rule on the `spec` of a resource whose properties carry the row's schemas, the
//! object holding the row's data, and the rule must hold (or fail) as upstream's call answers:
//! - `TestEquality`: `self.a == dyn(self.b)` and `self.b == dyn(self.a)` (the two schema
//!   values; `dyn` as the checker names each property's object type by its path, so two
//!   properties of one schema are of different types), and `self.a == dyn(<rhs literal>)`,
//!   `self.b == dyn(<lhs literal>)` for the comparison of a schema value with a native one
//!   (a map literal's values wrapped in `dyn`, the environment asking for homogeneous
//!   literals). cel-go's `==` calls the left value's `Equal`, as upstream does.
//! - `TestLister`: `size()`, `self.a[i]`, the iteration order (`self.a.map(x, x)`), `in`
//!   with the element held by a property of the item schema (`dyn(self.e) in self.a`), and
//!   `self.a + dyn(self.b)` (its order, by `map`).
//!   Each check prints its two answers (`--nocapture`).
//! - `TestMapper`: `size`, field/key access, iteration (`all`/`map` over the keys), `in`
//!   and `has`; an object is reached through `dyn(...)` where only a map is declared.
//! - `TestMapList`: the query is the new item of an update, the list items the old list, and
//!   the correlated old item is read by a transition rule on the items (`oldSelf.v1`).
//! - `TestValidateFieldPath`: `valid_field_path` on the row's schema: valid or not, and the
//!   normalized path where upstream gives one.
//! - `TestCELMaxRecursionDepth`: the rule on a CRD (refused or failing with the text).
//! - `TestCELValidationLimit`: the rule run with a total budget of 0 and a per-call limit 0.
//!
//! Left out, as the apiserver cannot be made to show them:
//! - `TestEquality`'s native comparison of a map list: a CEL map literal is not the Go
//!   `map[string]interface{}` upstream builds (its keys are CEL values), so a rule cannot give
//!   the map list that native value.
//! - `TestMapper`'s `Contains` of a missing field by `has()`: the checker refuses an
//!   undeclared field (the `in` check on `dyn(self.o)` stands for it).
//! - `TestMapList`'s `default list type`, `non list type`, `non-map list type` and `no keys`:
//!   a transition rule on items of a list with no map keys is refused by the CRD (and type
//!   `map` or a map list without keys is no valid schema); `single key ignoring non-map query`
//!   and `single key ignoring unkeyable query`: the new item would have to break the schema
//!   (an integer item, an object key), which validation rejects before any rule.
//! - `TestValidateFieldPath`'s error texts: the apiserver only tells a valid path from an
//!   invalid one (`pathValid`), so the detail of `ValidFieldPath`'s error is never shown.
//! - `TestCELValidationContextCancellation`: no request context here.

use super::expressions::answer;
use crate::cel::rules::fieldpath::valid_field_path;
use crate::schema::convert::convert;
use serde_json::{json, Value};

/// One ported check: its name, whether it answers as upstream, and what each side says.
struct Check {
    name: String,
    same: bool,
    upstream: String,
    ours: String,
}

/// Whether `rule` holds on spec `data` whose properties are `props`: `Ok(true)` if it
/// holds, `Ok(false)` if it fails with its message, else the CRD errors or other messages.
fn holds(props: &Value, rule: &str, data: &Value) -> Result<bool, Vec<String>> {
    let schema = json!({
        "type": "object",
        "properties": props,
        "x-kubernetes-validations": [{"rule": rule, "message": "failed"}],
    });
    let (refused, texts, _) = answer(schema, data.clone(), false);
    if refused {
        return Err(texts);
    }
    match texts.as_slice() {
        [] => Ok(true),
        [t] if t.ends_with(": failed") => Ok(false),
        _ => Err(texts),
    }
}

/// The check that `rule` on `data` answers `want` (holds or fails).
fn rule_check(name: &str, props: &Value, rule: &str, data: &Value, want: bool) -> Check {
    let got = holds(props, rule, data);
    Check {
        name: format!("{name}: {rule}"),
        same: got == Ok(want),
        upstream: format!("{want}"),
        ours: format!("{got:?}"),
    }
}

/// A CEL literal of a JSON value.
fn lit(v: &Value) -> String {
    match v {
        Value::Object(m) => {
            let entries: Vec<String> = m
                .iter()
                .map(|(k, v)| format!("{:?}: dyn({})", k, lit(v)))
                .collect();
            format!("{{{}}}", entries.join(", "))
        }
        Value::Array(a) => {
            let items: Vec<String> = a.iter().map(lit).collect();
            format!("[{}]", items.join(", "))
        }
        other => other.to_string(),
    }
}

fn string() -> Value {
    json!({"type": "string"})
}

fn int() -> Value {
    json!({"type": "integer", "format": "int64"})
}

fn map_list_element() -> Value {
    json!({"type": "object", "required": ["key"], "properties": {"key": string(), "val": int()}})
}

fn map_list() -> Value {
    json!({"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["key"], "items": map_list_element()})
}

fn multi_key_map_list() -> Value {
    json!({"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["key1", "key2"],
        "items": {"type": "object", "required": ["key1", "key2"], "properties": {"key1": string(), "key2": string(), "val": int()}}})
}

fn set_list() -> Value {
    json!({"type": "array", "x-kubernetes-list-type": "set", "items": string()})
}

fn atomic_list() -> Value {
    json!({"type": "array", "items": string()})
}

fn object() -> Value {
    json!({"type": "object", "properties": {"field1": string(), "field2": string()}})
}

fn map() -> Value {
    json!({"type": "object", "additionalProperties": string()})
}

fn equality_checks() -> Vec<Check> {
    let ml = |k: &str, v: i64| json!({"key": k, "val": v});
    let mk = |k1: &str, k2: &str, v: i64| json!({"key1": k1, "key2": k2, "val": v});
    let rows: Vec<(&str, Value, Value, Value, bool)> = vec![
        (
            "map lists are equal regardless of order",
            map_list(),
            json!([ml("a", 1), ml("b", 2)]),
            json!([ml("b", 2), ml("a", 1)]),
            true,
        ),
        (
            "map lists are not equal if contents differs",
            map_list(),
            json!([ml("a", 1), ml("b", 2)]),
            json!([ml("a", 1), ml("b", 3)]),
            false,
        ),
        (
            "map lists are not equal if length differs",
            map_list(),
            json!([ml("a", 1), ml("b", 2)]),
            json!([ml("a", 1), ml("b", 2), ml("c", 3)]),
            false,
        ),
        (
            "multi-key map lists are equal regardless of order",
            multi_key_map_list(),
            json!([mk("a1", "a2", 1), mk("b1", "b2", 2)]),
            json!([mk("b1", "b2", 2), mk("a1", "a2", 1)]),
            true,
        ),
        (
            "multi-key map lists with different contents are not equal",
            multi_key_map_list(),
            json!([mk("a1", "a2", 1), mk("b1", "b2", 2)]),
            json!([mk("a1", "a2", 1), mk("b1", "b2", 3)]),
            false,
        ),
        (
            "multi-key map lists with different keys are not equal",
            multi_key_map_list(),
            json!([mk("a1", "a2", 1), mk("b1", "b2", 2)]),
            json!([mk("a1", "a2", 1), mk("c1", "c2", 3)]),
            false,
        ),
        (
            "multi-key map lists with different lengths are not equal",
            multi_key_map_list(),
            json!([mk("a1", "a2", 1)]),
            json!([mk("a1", "a2", 1), mk("b1", "b2", 3)]),
            false,
        ),
        (
            "set lists are equal regardless of order",
            set_list(),
            json!(["a", "b"]),
            json!(["b", "a"]),
            true,
        ),
        (
            "set lists are not equal if contents differ",
            set_list(),
            json!(["a", "b"]),
            json!(["a", "c"]),
            false,
        ),
        (
            "set lists are not equal if lengths differ",
            set_list(),
            json!(["a", "b"]),
            json!(["a", "b", "c"]),
            false,
        ),
        (
            "identical atomic lists are equal",
            atomic_list(),
            json!(["a", "b"]),
            json!(["a", "b"]),
            true,
        ),
        (
            "atomic lists are not equal if order differs",
            atomic_list(),
            json!(["a", "b"]),
            json!(["b", "a"]),
            false,
        ),
        (
            "atomic lists are not equal if contents differ",
            atomic_list(),
            json!(["a", "b"]),
            json!(["a", "c"]),
            false,
        ),
        (
            "atomic lists are not equal if lengths differ",
            atomic_list(),
            json!(["a", "b"]),
            json!(["a", "b", "c"]),
            false,
        ),
        (
            "identical objects are equal",
            object(),
            json!({"field1": "a", "field2": "b"}),
            json!({"field1": "a", "field2": "b"}),
            true,
        ),
        (
            "objects are equal regardless of field order",
            object(),
            json!({"field1": "a", "field2": "b"}),
            json!({"field2": "b", "field1": "a"}),
            true,
        ),
        (
            "objects are not equal if contents differs",
            object(),
            json!({"field1": "a", "field2": "b"}),
            json!({"field1": "a", "field2": "c"}),
            false,
        ),
        (
            "objects are not equal if length differs",
            object(),
            json!({"field1": "a", "field2": "b"}),
            json!({"field1": "a"}),
            false,
        ),
        (
            "identical maps are equal",
            map(),
            json!({"key1": "a", "key2": "b"}),
            json!({"key1": "a", "key2": "b"}),
            true,
        ),
        (
            "maps are equal regardless of field order",
            map(),
            json!({"key1": "a", "key2": "b"}),
            json!({"key2": "b", "key1": "a"}),
            true,
        ),
        (
            "maps are not equal if contents differs",
            map(),
            json!({"key1": "a", "key2": "b"}),
            json!({"key1": "a", "key2": "c"}),
            false,
        ),
        (
            "maps are not equal if length differs",
            map(),
            json!({"key1": "a", "key2": "b"}),
            json!({"key1": "a", "key2": "b", "key3": "c"}),
            false,
        ),
    ];
    let mut out = Vec::new();
    for (name, schema, lhs, rhs, equal) in rows {
        let props = json!({"a": schema, "b": schema});
        let data = json!({"a": lhs, "b": rhs});
        let mut rules = vec![
            "self.a == dyn(self.b)".to_string(),
            "self.b == dyn(self.a)".to_string(),
        ];
        let is_map_list = schema.get("x-kubernetes-list-type") == Some(&json!("map"));
        if !is_map_list {
            rules.push(format!("self.a == dyn({})", lit(&rhs)));
            rules.push(format!("self.b == dyn({})", lit(&lhs)));
        }
        for rule in rules {
            out.push(rule_check(name, &props, &rule, &data, equal));
        }
    }
    out
}

fn lister_checks() -> Vec<Check> {
    let ml = |k: &str, v: i64| json!({"key": k, "val": v});
    // (name, list schema, item schema, list, not contained, addition, sum)
    type Row = (&'static str, Value, Value, Value, Vec<Value>, Value, Value);
    let rows: Vec<Row> = vec![
        (
            "map list",
            map_list(),
            map_list_element(),
            json!([ml("a", 1), ml("b", 2)]),
            vec![ml("a", 2), ml("c", 1)],
            json!([ml("b", 3), ml("c", 4)]),
            json!([ml("a", 1), ml("b", 3), ml("c", 4)]),
        ),
        (
            "set list",
            set_list(),
            string(),
            json!(["a", "b"]),
            vec![json!("c")],
            json!(["b", "c"]),
            json!(["a", "b", "c"]),
        ),
        (
            "atomic list",
            atomic_list(),
            string(),
            json!(["a", "b"]),
            vec![json!("c")],
            json!(["b", "c"]),
            json!(["a", "b", "b", "c"]),
        ),
    ];
    let mut out = Vec::new();
    for (name, schema, item, list, not_contains, addition, added) in rows {
        let props = json!({"a": schema, "b": schema, "e": item});
        let items = list.as_array().unwrap().clone();
        let data = |e: &Value| json!({"a": list, "b": addition, "e": e});
        let first = data(&items[0]);
        out.push(rule_check(
            name,
            &props,
            &format!("self.a.size() == {}", items.len()),
            &first,
            true,
        ));
        for (i, it) in items.iter().enumerate() {
            out.push(rule_check(
                name,
                &props,
                &format!("self.a[{i}] == dyn({})", lit(it)),
                &first,
                true,
            ));
        }
        out.push(rule_check(
            name,
            &props,
            &format!("self.a.map(x, x) == dyn({})", lit(&list)),
            &first,
            true,
        ));
        for it in &items {
            let c = rule_check(name, &props, "dyn(self.e) in self.a", &data(it), true);
            out.push(Check {
                name: format!("{} (e = {it})", c.name),
                ..c
            });
        }
        for it in &not_contains {
            let c = rule_check(name, &props, "!(dyn(self.e) in self.a)", &data(it), true);
            out.push(Check {
                name: format!("{} (e = {it})", c.name),
                ..c
            });
        }
        out.push(rule_check(
            name,
            &props,
            &format!("(self.a + dyn(self.b)).map(x, x) == dyn({})", lit(&added)),
            &first,
            true,
        ));
    }
    out
}

fn mapper_checks() -> Vec<Check> {
    let mut out = Vec::new();
    let props = json!({"o": object()});
    let data = json!({"o": {"field1": "a", "field2": "b"}});
    for rule in [
        "size(dyn(self.o)) == 2",
        "self.o.field1 == 'a' && self.o.field2 == 'b'",
        "dyn(self.o)['field1'] == 'a' && dyn(self.o)['field2'] == 'b'",
        "dyn(self.o).all(k, k in ['field1', 'field2']) && ['field1', 'field2'].all(k, k in dyn(self.o).map(x, x)) && dyn(self.o).map(x, x).size() == 2",
        "'field1' in dyn(self.o) && 'field2' in dyn(self.o)",
        "has(self.o.field1) && has(self.o.field2)",
        "!('field3' in dyn(self.o))",
    ] {
        out.push(rule_check("object", &props, rule, &data, true));
    }
    let props = json!({"m": map()});
    let data = json!({"m": {"key1": "a", "key2": "b"}});
    for rule in [
        "self.m.size() == 2",
        "self.m['key1'] == 'a' && self.m['key2'] == 'b'",
        "self.m.all(k, k in ['key1', 'key2']) && ['key1', 'key2'].all(k, k in self.m.map(x, x)) && self.m.map(x, x).size() == 2",
        "'key1' in self.m && 'key2' in self.m",
        "has(self.m.key1) && has(self.m.key2)",
        "!('key3' in self.m)",
    ] {
        out.push(rule_check("map", &props, rule, &data, true));
    }
    out
}

/// The messages of an update of spec `{l: old}` to `{l: new}`, the list `l` being `list`
/// with `rule` on its items.
fn update(list: &Value, rule: &str, old: &Value, new: &Value) -> Result<Vec<String>, Vec<String>> {
    let mut list = list.clone();
    list["items"]["x-kubernetes-validations"] = json!([{"rule": rule, "message": "failed"}]);
    let schema = json!({"type": "object", "properties": {"spec": {"type": "object", "properties": {"l": list}}}});
    let c = super::compiled(&schema.to_string());
    if !c.errors.is_empty() {
        return Err(c.texts());
    }
    let wrap = |l: &Value| json!({"apiVersion": "v1", "kind": "K", "metadata": {"name": "obj"}, "spec": {"l": l}});
    Ok(c.validate_update(&wrap(new), &wrap(old))
        .iter()
        .map(|e| e.to_string())
        .collect())
}

fn map_list_checks() -> Vec<Check> {
    let s = json!({"type": "string"});
    let single = json!({"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k"],
        "items": {"type": "object", "required": ["k"], "properties": {"k": s, "v1": s}}});
    let multi = json!({"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k1", "k2"],
        "items": {"type": "object", "required": ["k1", "k2"], "properties": {"k1": s, "k2": s, "v1": s}}});
    let defaults = json!({"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["kb", "kf", "ki", "ks"],
        "items": {"type": "object", "properties": {
            "kb": {"type": "boolean", "default": true}, "kf": {"type": "number", "default": 2.0},
            "ki": {"type": "integer", "default": 42}, "ks": {"type": "string", "default": "hello"}, "v1": s}}});
    // (name, list schema, old items, new items, the `v1` each new item's correlated old item holds)
    let rows: Vec<(&str, Value, Value, Value, Vec<&str>)> = vec![
        (
            "single key",
            single.clone(),
            json!([{"k": "a", "v1": "a"}, {"k": "b", "v1": "b"}]),
            json!([{"k": "b", "v1": "B"}]),
            vec!["b"],
        ),
        (
            "ignores item of invalid type",
            single.clone(),
            json!([{"k": "a", "v1": "a"}, 5]),
            json!([{"k": "a", "v1": "A"}]),
            vec!["a"],
        ),
        (
            "keep first entry when duplicated keys are encountered",
            single,
            json!([{"k": "a", "v1": "a"}, {"k": "a", "v1": "b"}]),
            json!([{"k": "a", "v1": "A"}]),
            vec!["a"],
        ),
        (
            "keep first entry when duplicated multi-keys are encountered",
            multi,
            json!([{"k1": "a", "k2": "b", "v1": "a"}, {"k1": "a", "k2": "b", "v1": "b"}, {"k1": "x", "k2": "y", "v1": "z"}]),
            json!([{"k1": "x", "k2": "y"}, {"k1": "a", "k2": "b"}]),
            vec!["z", "a"],
        ),
        (
            "multiple keys with defaults ignores item with nil value for key",
            defaults,
            json!([{"kb": null, "kf": 2.0, "ki": 42, "ks": "hello", "v1": "a"}, {"kb": false, "kf": 2.0, "ki": 42, "ks": "hello", "v1": "b"}]),
            json!([{"kb": false, "kf": 2.0, "ki": 42, "ks": "hello", "v1": "B"}]),
            vec!["b"],
        ),
    ];
    let mut out = Vec::new();
    for (name, list, old, new, want) in rows {
        // The correlated old item is the one wanted: the rule holds on every new item.
        let expected = match want.as_slice() {
            [w] => format!("{w:?}"),
            [w0, w1] => format!("(self.k1 == 'x' ? {w0:?} : {w1:?})"),
            _ => unreachable!(),
        };
        let rule = format!("oldSelf.v1 == {expected}");
        let got = update(&list, &rule, &old, &new);
        out.push(Check {
            name: format!("{name}: {rule}"),
            same: got == Ok(vec![]),
            upstream: "holds".into(),
            ours: format!("{got:?}"),
        });
        // And an old item is correlated at all: a rule no old item satisfies fails on each.
        let rule = "oldSelf.v1 == 'none'";
        let got = update(&list, rule, &old, &new);
        let fails = matches!(&got, Ok(m) if m.len() == want.len());
        out.push(Check {
            name: format!("{name}: {rule}"),
            same: fails,
            upstream: format!("fails on {} item(s)", want.len()),
            ours: format!("{got:?}"),
        });
    }
    out
}

fn field_path_checks() -> Vec<Check> {
    let n = json!({"type": "number"});
    let schema = json!({"type": "object", "properties": {
        "foo": {"type": "object", "additionalProperties": {"type": "object", "properties": {"subAdd": n}}},
        "white space": n,
        "'foo'bar": n,
        "a": {"type": "object", "properties": {
            "foo's": n, "test\u{7}": n, "bb[b": n,
            "bbb": {"type": "object", "properties": {"c": n, "34": n}},
            "bbb.c": {"type": "object", "properties": {"a-b.3'4": n}},
        }},
        "list": {"type": "array", "items": {"type": "object", "properties": {"a": n, "a-b.3'4": n}}},
    }});
    let s = convert(&schema, "openAPIV3Schema").unwrap();
    // (name, fieldPath, Ok(normalized path if upstream checks it) or Err(upstream's error detail))
    type Row = (
        &'static str,
        &'static str,
        Result<Option<&'static str>, &'static str>,
    );
    let rows: Vec<Row> = vec![
        ("Valid .a", ".a", Ok(Some("a"))),
        ("Valid 'foo'bar", "['\\'foo\\'bar']", Ok(Some("'foo'bar"))),
        (
            "Invalid 'foo'bar",
            ".\\'foo\\'bar",
            Err("does not refer to a valid field"),
        ),
        (
            "Invalid with whitespace",
            ". a",
            Err("does not refer to a valid field"),
        ),
        (
            "Valid with whitespace inside field",
            ".white space",
            Ok(None),
        ),
        (
            "Valid with whitespace inside field",
            "['white space']",
            Ok(None),
        ),
        (
            "invalid dot annotation",
            ".a.bb[b",
            Err("does not refer to a valid field"),
        ),
        ("valid with .", ".a['bbb.c']", Ok(Some("a.bbb.c"))),
        (
            "Unclosed ]",
            ".a['bbb.c'",
            Err("unexpected end of JSON path"),
        ),
        (
            "Unexpected end of JSON path",
            ".",
            Err("unexpected end of JSON path"),
        ),
        (
            "Valid map syntax .a.bbb",
            ".a['bbb.c']",
            Ok(Some("a.bbb.c")),
        ),
        ("Valid map key", ".foo.subAdd", Ok(Some("foo[subAdd]"))),
        ("Valid map key", ".foo['subAdd']", Ok(Some("foo[subAdd]"))),
        ("Invalid", ".a.foo's", Ok(None)),
        ("Escaping", ".a['foo\\'s']", Ok(Some("a.foo's"))),
        ("Escaping", ".a['test\\a']", Ok(Some("a.test\u{7}"))),
        (
            "Invalid map key",
            ".a.foo",
            Err("does not refer to a valid field"),
        ),
        (
            "Malformed map key",
            ".a.bbb[0]",
            Err("expected single quoted string but got 0"),
        ),
        ("Valid refer for name has number", ".a.bbb.34", Ok(None)),
        (
            "Map syntax for special field names",
            ".a.bbb['34']",
            Ok(None),
        ),
        ("Valid .list", ".list", Ok(Some("list"))),
        (
            "Invalid list index",
            ".list[0]",
            Err("expected single quoted string but got 0"),
        ),
        (
            "Invalid list reference",
            ".list. a",
            Err("does not refer to a valid field"),
        ),
        (
            "Invalid .list.a",
            ".list['a']",
            Err("does not refer to a valid field"),
        ),
        (
            "Missing leading dot",
            "a",
            Err("expected [ or . but got: a"),
        ),
        (
            "Nonexistent field",
            ".c",
            Err("does not refer to a valid field"),
        ),
        (
            "Duplicate dots",
            ".a..b",
            Err("does not refer to a valid field"),
        ),
        (
            "object of array",
            ".list.a-b.34",
            Err("does not refer to a valid field"),
        ),
    ];
    rows.into_iter()
        .map(|(name, fp, want)| {
            let got = valid_field_path(fp, &s);
            let same = match (&want, &got) {
                (Ok(Some(p)), Some(g)) => p == g,
                (Ok(None), Some(_)) => true,
                (Err(_), None) => true,
                _ => false,
            };
            Check {
                name: format!("{name}: {fp:?}"),
                same,
                upstream: format!("{want:?}"),
                ours: format!("{got:?}"),
            }
        })
        .collect()
}

fn recursion_checks() -> Vec<Check> {
    let props = json!({"val1": {"type": "boolean"}});
    let data = json!({"val1": true});
    let mut out = Vec::new();
    for (depth, want) in [(250, None), (251, Some("max recursion depth exceeded"))] {
        let rule = vec!["self.val1"; depth].join(" == ");
        let schema = json!({"type": "object", "properties": props, "x-kubernetes-validations": [{"rule": rule}]});
        let (refused, texts, _) = answer(schema, data.clone(), false);
        let same = match want {
            None => !refused && texts.is_empty(),
            Some(t) => !texts.is_empty() && texts.iter().all(|m| m.contains(t)),
        };
        out.push(Check {
            name: format!("{depth} operands of =="),
            same,
            upstream: format!("{want:?}"),
            ours: format!("refused {refused}: {texts:?}"),
        });
    }
    out
}

fn limit_checks() -> Vec<Check> {
    use crate::cel::rules::cost::{PER_CALL_LIMIT, RUNTIME_BUDGET};
    let schema = json!({"type": "object", "properties": {"spec": {"type": "object",
        "properties": {"val1": {"type": "integer"}},
        "x-kubernetes-validations": [{"rule": "self.val1 > 0"}]}}});
    let obj = json!({"apiVersion": "v1", "kind": "K", "metadata": {"name": "obj"}, "spec": {"val1": i64::MAX}});
    let c = super::compiled(&schema.to_string());
    let mut out = Vec::new();
    for (name, total, per_call, want) in [
        ("cost budget exceeded", 0, PER_CALL_LIMIT,
            "validation failed due to running out of cost budget, no further validation rules will be run"),
        ("per call limit exceeded", RUNTIME_BUDGET, 0,
            "no further validation rules will be run due to call cost exceeds limit for rule"),
    ] {
        let got: Vec<String> = c.validate_with_limits(&obj, total, per_call).iter().map(|e| e.to_string()).collect();
        out.push(Check {
            name: name.into(),
            same: c.errors.is_empty() && got.len() == 1 && got[0].contains(want),
            upstream: format!("one error containing {want:?}"),
            ours: format!("{got:?}"),
        });
    }
    out
}

/// Asserts every check answers as upstream.
fn assert_same(checks: Vec<Check>) {
    let mut wrong = Vec::new();
    for c in &checks {
        println!(
            "{} | upstream {} | ours {} | {}",
            if c.same { "same" } else { "DIFF" },
            c.upstream,
            c.ours,
            c.name
        );
        if !c.same {
            wrong.push(c.name.clone());
        }
    }
    assert!(wrong.is_empty(), "differ from upstream: {wrong:#?}");
}

#[test]
fn equality() {
    assert_same(equality_checks());
}

#[test]
fn lister() {
    assert_same(lister_checks());
}

#[test]
fn mapper() {
    assert_same(mapper_checks());
}

#[test]
fn map_list_get() {
    assert_same(map_list_checks());
}

#[test]
fn validate_field_path() {
    assert_same(field_path_checks());
}

#[test]
fn cel_max_recursion_depth() {
    // The function runs its work on a thread of this stack (`main.rs`); a test thread's is
    // too small for 250 nested operators in a debug build.
    std::thread::Builder::new()
        .stack_size(crate::jobs::STACK)
        .spawn(|| assert_same(recursion_checks()))
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn cel_validation_limit() {
    assert_same(limit_checks());
}
