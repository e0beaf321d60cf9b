//! CEL ratcheting on updates (`ratchetingOptions` in apiextensions-apiserver
//! `pkg/apiserver/schema/cel/validation.go`), as rows of v0.36's `TestRatcheting` there and of
//! `test/integration/ratcheting_test.go`: a rule without `oldSelf` that fails on a value equal
//! to its correlated old value is not reported; a value with no correlated old value (an item
//! of a set or atomic list) is ratcheted with its nearest correlatable ancestor; the root's
//! `apiVersion` and `kind` never are; rules that use `oldSelf` are not ratcheted.

use super::super::Compiled;
use crate::schema::convert::convert;
use crate::test_support::json_of;

fn update(schema: &str, old: &str, new: &str) -> Vec<String> {
    let s = convert(&json_of(schema), "openAPIV3Schema").unwrap();
    let c = Compiled::new(&s, "openAPIV3Schema");
    assert!(c.errors.is_empty(), "CRD errors: {:?}", c.errors);
    let mut out: Vec<String> = c
        .validate_update(&json_of(new), &json_of(old))
        .iter()
        .map(ToString::to_string)
        .collect();
    out.sort();
    out
}

fn root(props: &str) -> String {
    format!("type: object\nproperties:\n  apiVersion: {{type: string}}\n  kind: {{type: string}}\n  spec:\n    type: object\n    properties: {props}\n")
}

fn obj(spec: &str) -> String {
    format!("apiVersion: v1\nkind: K\nspec: {spec}\n")
}

#[test]
fn upstream_cel_ratcheting_rows() {
    let set = root(
        "{value: {type: array, x-kubernetes-list-type: set, items: {type: number, x-kubernetes-validations: [{rule: 'int(self) % 2 == 1', message: gotta be odd}]}}}",
    );
    let atomic = root(
        "{atomicArray: {type: array, items: {type: object, properties: {bar: {type: string, x-kubernetes-validations: [{rule: 'self == \"baz\"', message: gotta be baz}]}}}}}",
    );
    let map = root(
        "{m: {type: array, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [k], items: {type: object, required: [k], properties: {k: {type: string}, v: {type: integer, x-kubernetes-validations: [{rule: 'self < 10', message: too big}]}}}}}",
    );
    let transition = root(
        "{value: {type: string, x-kubernetes-validations: [{rule: 'self == oldSelf', message: immutable}, {rule: 'self.size() < 3', message: too long}]}}",
    );
    let rows: Vec<(&str, &String, String, String, Vec<&str>)> = vec![
        // normal CEL expression that's a descendent of a set whose parent is unchanged
        (
            "set item, list unchanged",
            &set,
            obj("{value: [1, 2]}"),
            obj("{value: [1, 2]}"),
            vec![],
        ),
        (
            "set item, list changed",
            &set,
            obj("{value: [1, 2]}"),
            obj("{value: [1, 2, 3]}"),
            vec!["spec.value[1]: Invalid value: 2: gotta be odd"],
        ),
        // normal CEL expression that's a descendent of an atomic array whose parent is unchanged
        (
            "atomic item, list unchanged",
            &atomic,
            obj("{atomicArray: [{bar: bar}]}"),
            obj("{atomicArray: [{bar: bar}]}"),
            vec![],
        ),
        (
            "atomic item, sibling changed",
            &atomic,
            obj("{atomicArray: [{bar: bar}, {bar: baz}]}"),
            obj("{atomicArray: [{bar: bar}, {bar: baz, x: 1}]}"),
            vec!["spec.atomicArray[0].bar: Invalid value: \"bar\": gotta be baz"],
        ),
        // map-list items correlate by key, whatever their order
        (
            "map item, reordered",
            &map,
            obj("{m: [{k: a, v: 11}, {k: b, v: 1}]}"),
            obj("{m: [{k: b, v: 1}, {k: a, v: 11}]}"),
            vec![],
        ),
        (
            "map item, changed",
            &map,
            obj("{m: [{k: a, v: 11}]}"),
            obj("{m: [{k: a, v: 12}]}"),
            vec!["spec.m[0].v: Invalid value: 12: too big"],
        ),
        (
            "map item, new key",
            &map,
            obj("{m: [{k: a, v: 11}]}"),
            obj("{m: [{k: c, v: 11}]}"),
            vec!["spec.m[0].v: Invalid value: 11: too big"],
        ),
        // a transition rule is never ratcheted; the other rule on the same value is
        (
            "transition rule",
            &transition,
            obj("{value: abcd}"),
            obj("{value: abcd}"),
            vec![],
        ),
        (
            "transition rule, changed",
            &transition,
            obj("{value: abcd}"),
            obj("{value: abcde}"),
            vec![
                "spec.value: Invalid value: \"abcde\": immutable",
                "spec.value: Invalid value: \"abcde\": too long",
            ],
        ),
    ];
    for (name, schema, old, new, want) in rows {
        assert_eq!(update(schema, &old, &new), want, "{name}");
    }
}

/// A rule on the root's `kind` fails on the unchanged value too: both revisions reach the
/// apiserver converted to the same kind, so its change could not be seen.
#[test]
fn type_meta_of_the_root_is_never_ratcheted() {
    let schema = "type: object\nproperties:\n  kind: {type: string, x-kubernetes-validations: [{rule: 'self == \"Other\"', message: wrong kind}]}\n  spec: {type: object, properties: {a: {type: string, x-kubernetes-validations: [{rule: 'self == \"x\"', message: not x}]}}}\n";
    let o = "apiVersion: v1\nkind: K\nspec: {a: y}\n";
    assert_eq!(
        update(schema, o, o),
        ["kind: Invalid value: \"K\": wrong kind"]
    );
}

/// Rows of v0.36's `TestValidationExpressions` ("authorizer is not supported for CRD
/// Validation") and `TestOptionalOldSelfIsOptionalType` ("forbid direct usage of optional
/// string"): CRD errors as the apiserver's compilation gives them.
#[test]
fn upstream_rules_that_do_not_compile() {
    let refused = |rule: &str| {
        let schema = format!("type: object\nproperties:\n  spec:\n    type: object\n    properties: {{value: {{type: string, x-kubernetes-validations: [{rule}]}}}}\n");
        let s = convert(&json_of(&schema), "R").unwrap();
        Compiled::new(&s, "R").texts()
    };
    // The authz library is declared; only `authorizer` is not, so cel-go reports it alone.
    let got = refused("{rule: \"authorizer.path('/healthz').check('get').allowed()\"}");
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].ends_with("compilation failed: ERROR: <input>:1:1: undeclared reference to 'authorizer' (in container '')\n | authorizer.path('/healthz').check('get').allowed()\n | ^"), "{got:?}");
    // A rule that does not compile does not use oldSelf as far as the apiserver can tell.
    let got = refused("{rule: 'oldSelf == \"foo\"', optionalOldSelf: true}");
    assert_eq!(got.len(), 2, "{got:?}");
    assert!(
        got[1].contains(
            "found no matching overload for '_==_' applied to '(optional_type(string), string)'"
        ),
        "{got:?}"
    );
    assert_eq!(got[0], "R.properties[spec].properties[value].x-kubernetes-validations[0].optionalOldSelf: Invalid value: true: may not be set if oldSelf is not used in rule");
}

/// `format: date-time` and `date` values reach a rule as kube-openapi's strfmt reads them: the
/// object's format validation lowercases `t` and `z`, but `strfmt.ParseDateTime` (Go's
/// `time.Parse` with its layouts) does not, so the rule sees the conversion's error value.
#[test]
fn date_times_reach_rules_as_strfmt_parses_them() {
    let schema = "type: object\nproperties:\n  spec:\n    type: object\n    properties:\n      d: {type: string, format: date-time, x-kubernetes-validations: [{rule: 'self > timestamp(\"2000-01-01T00:00:00Z\")'}]}\n      day: {type: string, format: date, x-kubernetes-validations: [{rule: 'self > timestamp(\"2000-01-01T00:00:00Z\")'}]}\n";
    let s = convert(&json_of(schema), "R").unwrap();
    let c = Compiled::new(&s, "R");
    let run = |spec: &str| -> Vec<String> {
        let obj = json_of(&format!("apiVersion: v1\nkind: K\nspec: {spec}\n"));
        c.validate(&obj).iter().map(ToString::to_string).collect()
    };
    assert_eq!(
        run("{d: '2020-01-01T00:00:00Z', day: '2020-01-01'}"),
        Vec::<String>::new()
    );
    // No zone: strfmt's last layout reads it in UTC.
    assert_eq!(run("{d: '2020-01-01T00:00:00.5'}"), Vec::<String>::new());
    assert_eq!(
        run("{d: '2020-01-01t00:00:00z'}"),
        ["spec.d: Invalid value: \"string\": Invalid date-time formatted string 2020-01-01t00:00:00z: parsing time \"2020-01-01t00:00:00z\" as \"2006-01-02T15:04:05\": cannot parse \"t00:00:00z\" as \"T\" evaluating rule: self > timestamp(\"2000-01-01T00:00:00Z\")"]
    );
    assert_eq!(
        run("{d: '2020-01-01T00:00:00z'}"),
        ["spec.d: Invalid value: \"string\": Invalid date-time formatted string 2020-01-01T00:00:00z: parsing time \"2020-01-01T00:00:00z\": extra text: \"z\" evaluating rule: self > timestamp(\"2000-01-01T00:00:00Z\")"]
    );
    assert_eq!(
        run("{day: '2020-1-01'}"),
        ["spec.day: Invalid value: \"string\": Invalid date formatted string 2020-1-01: parsing time \"2020-1-01\" as \"2006-01-02\": cannot parse \"1-01\" as \"01\" evaluating rule: self > timestamp(\"2000-01-01T00:00:00Z\")"]
    );
}

/// cel-go's compile-time check of `'<literal>'.format([<list literal>])` (`stringFormatChecker`)
/// refuses an argument by the kind of its type: a schema object, a library type or an optional
/// is taken by no clause, and is named by its type name.
#[test]
fn format_arguments_of_types_no_clause_takes_are_refused() {
    let errors = |rule: &str| {
        let schema = format!("type: object\nproperties:\n  spec:\n    type: object\n    properties: {{obj: {{type: object, properties: {{a: {{type: string}}}}}}, q: {{type: string}}, num: {{type: integer}}}}\n    x-kubernetes-validations: [{{rule: \"{rule}\"}}]\n");
        let s = convert(&json_of(&schema), "R").unwrap();
        Compiled::new(&s, "R").texts()
    };
    let given = |rule: &str| -> String {
        let e = errors(rule);
        assert_eq!(e.len(), 1, "{rule}: {e:?}");
        let at = e[0]
            .find("error during formatting: ")
            .expect("a format error");
        e[0][at..].lines().next().unwrap_or("").to_string()
    };
    let string_clause = "error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given";
    assert_eq!(
        given("'%s'.format([self.obj]) != ''"),
        format!("{string_clause} selfType0.obj")
    );
    assert_eq!(
        given("'%s'.format([quantity(self.q)]) != ''"),
        format!("{string_clause} kubernetes.Quantity")
    );
    assert_eq!(
        given("'%s'.format([self.?q]) != ''"),
        format!("{string_clause} optional_type")
    );
    assert_eq!(given("'%d'.format([self.obj]) != ''"), "error during formatting: decimal clause can only be used on integers, was given selfType0.obj");
    assert_eq!(
        errors("'%s %d'.format([self.q, self.num]) != ''"),
        Vec::<String>::new()
    );
}

/// Whether a value is unchanged is `CachedDeepEqual` (`equal.rs`): a reordered map list is
/// unchanged (its items correlate by key), so a rule on the object holding it is ratcheted;
/// an object with a key that has no schema (kept unknown field) never is.
#[test]
fn unchanged_is_cached_deep_equal() {
    let reordered = root(
        "{o: {type: object, x-kubernetes-validations: [{rule: 'self.m.size() < 2', message: too many}], properties: {m: {type: array, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [k], items: {type: object, required: [k], properties: {k: {type: string}, v: {type: integer}}}}}}}",
    );
    let was = obj("{o: {m: [{k: a, v: 1}, {k: b, v: 2}]}}");
    assert_eq!(
        update(
            &reordered,
            &was,
            &obj("{o: {m: [{k: b, v: 2}, {k: a, v: 1}]}}")
        ),
        Vec::<String>::new()
    );
    assert_eq!(
        update(
            &reordered,
            &was,
            &obj("{o: {m: [{k: b, v: 3}, {k: a, v: 1}]}}")
        ),
        ["spec.o: Invalid value: too many"]
    );
    let open = root(
        "{o: {type: object, x-kubernetes-preserve-unknown-fields: true, x-kubernetes-validations: [{rule: 'has(self.a)', message: needs a}], properties: {a: {type: string}}}}",
    );
    let same = obj("{o: {b: 1}}");
    assert_eq!(
        update(&open, &same, &same),
        ["spec.o: Invalid value: needs a"]
    );
    assert_eq!(
        update(&open, &obj("{o: {}}"), &obj("{o: {}}")),
        Vec::<String>::new()
    );
}

/// An immutability rule on an object that keeps unknown fields sees them change, as the
/// apiserver's object equality (`unstructuredMap.Equal`) compares every member of the JSON:
/// a changed unknown field, one added, or a null property added is a change; the same members
/// in another order are not.
#[test]
fn immutable_objects_compare_their_unknown_fields() {
    let s = root(
        "{config: {type: object, x-kubernetes-preserve-unknown-fields: true, properties: {known: {type: integer}, opt: {type: string, nullable: true}}, x-kubernetes-validations: [{rule: 'self == oldSelf', message: immutable}]}}",
    );
    let refused = vec!["spec.config: Invalid value: immutable".to_string()];
    let cases = [
        (
            "{known: 1, extra: a}",
            "{known: 1, extra: b}",
            refused.clone(),
        ),
        ("{known: 1}", "{known: 1, extra: b}", refused.clone()),
        ("{known: 1}", "{known: 1, opt: null}", refused.clone()),
        (
            "{known: 1, extra: 1}",
            "{known: 1, extra: 1.5}",
            refused.clone(),
        ),
        (
            "{extra: {a: 1, b: 2}, known: 1}",
            "{known: 1, extra: {b: 2, a: 1}}",
            vec![],
        ),
        ("{known: 1, extra: a}", "{known: 2, extra: a}", refused),
    ];
    for (old, new, want) in cases {
        let old = obj(&format!("{{config: {old}}}"));
        let new = obj(&format!("{{config: {new}}}"));
        assert_eq!(update(&s, &old, &new), want, "{old} -> {new}");
    }
}
