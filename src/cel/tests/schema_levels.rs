//! kube-apiserver's table of rules at the levels of a schema
//! (`TestValidationExpressionsAtSchemaLevels`, apiextensions-apiserver v0.36.3,
//! `pkg/apiserver/schema/cel/validation_test.go`), ported as facts: each row's schema with its
//! rules (JSON), the object (JSON), and the texts the errors must contain.
//!
//! How a row runs here: the row's schema is the `spec` of a resource root and the object is
//! that resource's `spec`. The errors are the CRD's (a rule that does not compile) if it has
//! any, else the object's messages; as upstream checks them, every error must contain one of
//! the expected texts not yet matched, and every expected text must be matched (a row with no
//! expected text gives no error). Upstream's paths start at `root`, ours at `spec`. The
//! estimated cost refusals are not counted (the upstream schemas set no `maxItems`/
//! `maxLength`, and upstream's validator does not check a CRD's cost).
//!
//! Every row of the table is a create (none has an old object), so all are ported.

use super::expressions::answer;
use crate::test_support::json_of;

/// One row of the upstream table: the schema (the node under the resource root), the object
/// at it, and the texts the errors must contain.
struct Row {
    name: &'static str,
    schema: &'static str,
    obj: &'static str,
    errors: &'static [&'static str],
}

/// The errors `row` gives: the CRD's (cost refusals left out) if any, else the object's
/// messages.
fn outcome(row: &Row) -> Vec<String> {
    answer(json_of(row.schema), json_of(row.obj), false).1
}

/// How `row`'s errors differ from `want` (upstream's expected texts), if they do.
fn mismatch(row: &Row, want: &[&str]) -> Option<String> {
    let texts = outcome(row);
    let mut unmatched: Vec<String> = want
        .iter()
        .map(|w| match w.strip_prefix("root") {
            Some(rest) if rest.starts_with(['.', '[']) => format!("spec{rest}"),
            _ => w.to_string(),
        })
        .collect();
    let mut extra = Vec::new();
    for t in &texts {
        match unmatched.iter().position(|w| t.contains(w.as_str())) {
            Some(i) => {
                unmatched.remove(i);
            }
            None => extra.push(t.clone()),
        }
    }
    (!unmatched.is_empty() || !extra.is_empty()).then(|| {
        format!(
            "[{}] missing {unmatched:?}, unexpected {extra:?} (all: {texts:?})",
            row.name
        )
    })
}

fn row(name: &str) -> &'static Row {
    ROWS.iter().find(|r| r.name == name).unwrap()
}

#[test]
fn upstream_validation_expressions_at_schema_levels() {
    let mut wrong = Vec::new();
    for row in ROWS {
        let differs = DIFFERENT.iter().any(|(n, _)| *n == row.name);
        if !differs {
            wrong.extend(mismatch(row, row.errors));
        }
    }
    eprintln!("{} rows ({} different)", ROWS.len(), DIFFERENT.len());
    for w in &wrong {
        eprintln!("{w}");
    }
    assert!(
        wrong.is_empty(),
        "{} of {} rows differ",
        wrong.len(),
        ROWS.len()
    );
}

/// The rows where our answer differs from upstream's (each still differs, so that a fix is
/// noticed and the row moved back).
#[test]
fn the_different_rows_still_differ() {
    let mut same = Vec::new();
    for (name, _) in DIFFERENT {
        let r = row(name);
        if mismatch(r, r.errors).is_none() {
            same.push(name.to_string());
        }
    }
    assert!(same.is_empty(), "now as upstream: {same:?}");
}

/// Upstream's rows we answer otherwise: (row, what we answer). All hold rules inside
/// `allOf`, which upstream's table runs by driving the validator directly. Through the
/// apiserver no object reaches them: a CRD holding them is not structural
/// (`allOf[0].x-kubernetes-validations: Forbidden: must be empty to be structural`, its
/// `AllowNestedXValidations` off), and it is refused so here too.
const DIFFERENT: &[(&str, &str)] = &[
    // We answer: no error (the rules inside `allOf` are not run).
    ("allOf rule", "no error"),
    // We answer: no error (the rules inside `allOf` are not run).
    ("allOf.items", "no error"),
    // We answer: no error (the rules inside `allOf` are not run).
    ("allOf.additionalProperties", "no error"),
    // We answer: no error (the rules inside `allOf` are not run).
    ("allOf.properties", "no error"),
    // We answer: no error (the rules inside `allOf` are not run).
    ("allOf.items.allOf", "no error"),
    // We answer: no error (the rules inside `allOf` are not run).
    (
        "properties.allOf.additionalProperties.allOf.properties",
        "no error",
    ),
];

const NO_OVERLOAD: &str = "found no matching overload for '_==_' applied to '(int, string)";

const ROWS: &[Row] = &[
    Row {
        name: "invalid rule under array items",
        schema: r#"{"type": "object", "properties": {"f": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "integer", "x-kubernetes-validations": [{"rule": "self == 'abc'"}]}}}}"#,
        obj: r#"{"f": [1]}"#,
        errors: &[NO_OVERLOAD],
    },
    Row {
        name: "invalid rule under array items, parent has rule",
        schema: r#"{"type": "object", "properties": {"f": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "integer", "x-kubernetes-validations": [{"rule": "self == 'abc'"}]}, "x-kubernetes-validations": [{"rule": "1 == 1"}]}}}"#,
        obj: r#"{"f": [1]}"#,
        errors: &[NO_OVERLOAD],
    },
    Row {
        name: "invalid rule under additionalProperties",
        schema: r#"{"type": "object", "properties": {"f": {"type": "object", "additionalProperties": {"type": "integer", "x-kubernetes-validations": [{"rule": "self == 'abc'"}]}}}}"#,
        obj: r#"{"f": {"k": 1}}"#,
        errors: &[NO_OVERLOAD],
    },
    Row {
        name: "invalid rule under additionalProperties, parent has rule",
        schema: r#"{"type": "object", "properties": {"f": {"type": "object", "additionalProperties": {"type": "integer", "x-kubernetes-validations": [{"rule": "self == 'abc'"}]}, "x-kubernetes-validations": [{"rule": "1 == 1"}]}}}"#,
        obj: r#"{"f": {"k": 1}}"#,
        errors: &[NO_OVERLOAD],
    },
    Row {
        name: "invalid rule under unescaped field name",
        schema: r#"{"type": "object", "properties": {"f": {"type": "object", "properties": {"m": {"type": "integer"}}, "x-kubernetes-validations": [{"rule": "self.m == 'abc'"}]}}}"#,
        obj: r#"{"f": {"m": 1}}"#,
        errors: &[NO_OVERLOAD],
    },
    Row {
        name: "invalid rule under unescaped field name, parent has rule",
        schema: r#"{"type": "object", "properties": {"f": {"type": "object", "properties": {"m": {"type": "integer"}}, "x-kubernetes-validations": [{"rule": "self.m == 'abc'"}]}}, "x-kubernetes-validations": [{"rule": "1 == 1"}]}"#,
        obj: r#"{"f": {"m": 1}}"#,
        errors: &[NO_OVERLOAD],
    },
    Row {
        name: "invalid rule under escaped field name",
        schema: r#"{"type": "object", "properties": {"f/2": {"type": "object", "properties": {"m": {"type": "integer"}}, "x-kubernetes-validations": [{"rule": "self.m == 'abc'"}]}}}"#,
        obj: r#"{"f/2": {"m": 1}}"#,
        errors: &[NO_OVERLOAD],
    },
    Row {
        name: "invalid rule under escaped field name, parent has rule",
        schema: r#"{"type": "object", "properties": {"f/2": {"type": "object", "properties": {"m": {"type": "integer"}}, "x-kubernetes-validations": [{"rule": "self.m == 'abc'"}]}}, "x-kubernetes-validations": [{"rule": "1 == 1"}]}"#,
        obj: r#"{"f/2": {"m": 1}}"#,
        errors: &[NO_OVERLOAD],
    },
    Row {
        name: "failing rule under escaped field name",
        schema: r#"{"type": "object", "properties": {"f/2": {"type": "object", "properties": {"m": {"type": "integer"}}, "x-kubernetes-validations": [{"rule": "self.m == 2"}]}}}"#,
        obj: r#"{"f/2": {"m": 1}}"#,
        errors: &["Invalid value: failed rule: self.m == 2"],
    },
    Row {
        name: "invalid rule under unescapable field name",
        schema: r#"{"type": "object", "properties": {"a@b": {"type": "object", "properties": {"m": {"type": "integer"}}, "x-kubernetes-validations": [{"rule": "self.m == 'abc'"}]}}}"#,
        obj: r#"{"a@b": {"m": 1}}"#,
        errors: &[NO_OVERLOAD],
    },
    Row {
        name: "invalid rule under unescapable field name, parent has rule",
        schema: r#"{"type": "object", "properties": {"f@2": {"type": "object", "properties": {"m": {"type": "integer"}}, "x-kubernetes-validations": [{"rule": "self.m == 'abc'"}]}}, "x-kubernetes-validations": [{"rule": "1 == 1"}]}"#,
        obj: r#"{"f@2": {"m": 1}}"#,
        errors: &[NO_OVERLOAD],
    },
    Row {
        name: "failing rule under unescapable field name",
        schema: r#"{"type": "object", "properties": {"a@b": {"type": "object", "properties": {"m": {"type": "integer"}}, "x-kubernetes-validations": [{"rule": "self.m == 2"}]}}}"#,
        obj: r#"{"a@b": {"m": 1}}"#,
        errors: &["Invalid value: failed rule: self.m == 2"],
    },
    Row {
        name: "matchExpressions - 'values' must be specified when 'operator' is 'In' or 'NotIn'",
        schema: r#"{"type": "object", "properties": {"matchExpressions": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "object", "properties": {"key": {"type": "string"}, "operator": {"type": "string"}, "values": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "string"}}}}}}, "x-kubernetes-validations": [{"rule": "self.matchExpressions.all(rule, (rule.operator != \"In\" && rule.operator != \"NotIn\") || ((has(rule.values) && size(rule.values) > 0)))"}]}"#,
        obj: r#"{"matchExpressions": [{"key": "tier", "operator": "In", "values": []}]}"#,
        errors: &["failed rule"],
    },
    Row {
        name: "matchExpressions - 'values' may not be specified when 'operator' is 'Exists' or 'DoesNotExist'",
        schema: r#"{"type": "object", "properties": {"matchExpressions": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "object", "properties": {"key": {"type": "string"}, "operator": {"type": "string"}, "values": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "string"}}}}}}, "x-kubernetes-validations": [{"rule": "self.matchExpressions.all(rule, (rule.operator != \"Exists\" && rule.operator != \"DoesNotExist\") || ((!has(rule.values) || size(rule.values) == 0)))"}]}"#,
        obj: r#"{"matchExpressions": [{"key": "tier", "operator": "Exists", "values": ["somevalue"]}]}"#,
        errors: &["failed rule"],
    },
    Row {
        name: "matchExpressions - invalid selector operator",
        schema: r#"{"type": "object", "properties": {"matchExpressions": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "object", "properties": {"key": {"type": "string"}, "operator": {"type": "string"}, "values": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "string"}}}}}}, "x-kubernetes-validations": [{"rule": "self.matchExpressions.all(rule, rule.operator == \"In\" || rule.operator == \"NotIn\" || rule.operator == \"DoesNotExist\")"}]}"#,
        obj: r#"{"matchExpressions": [{"key": "tier", "operator": "badop", "values": []}]}"#,
        errors: &["failed rule"],
    },
    Row {
        name: "matchExpressions - invalid label value",
        schema: r#"{"type": "object", "properties": {"matchExpressions": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "object", "properties": {"key": {"type": "string"}, "operator": {"type": "string"}, "values": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "string"}}}}}}, "x-kubernetes-validations": [{"rule": "self.matchExpressions.all(rule, size(rule.key) <= 63 && rule.key.matches(\"^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$\"))"}]}"#,
        obj: r#"{"matchExpressions": [{"key": "badkey!", "operator": "Exists", "values": []}]}"#,
        errors: &["failed rule"],
    },
    Row {
        name: "allOf rule",
        schema: r#"{"type": "object", "properties": {"key": {"type": "string"}, "key2": {"type": "string"}}, "allOf": [{"x-kubernetes-validations": [{"rule": "self.key == 'value' && self.key2 == 'value2'", "message": "key must be 'value' and key2 must be 'value2'"}]}, {"x-kubernetes-validations": [{"rule": "self.key != self.key2", "message": "key must not be equal to key2"}]}]}"#,
        obj: r#"{"key": "value", "key2": "value"}"#,
        errors: &[
            "key must be 'value' and key2 must be 'value2'",
            "key must not be equal to key2",
        ],
    },
    Row {
        name: "anyOf rule ignored",
        schema: r#"{"type": "object", "properties": {"key": {"type": "string"}, "key2": {"type": "string"}}, "x-kubernetes-validations": [{"rule": "true"}], "anyOf": [{"x-kubernetes-validations": [{"rule": "self.key == 'value' && self.key2 == 'value2'", "message": "key must be 'value' and key2 must be 'value2'"}]}, {"x-kubernetes-validations": [{"rule": "self.key != self.key2", "message": "key must not be equal to key2"}]}]}"#,
        obj: r#"{"key": "value", "key2": "value"}"#,
        errors: &[],
    },
    Row {
        name: "oneOf rule ignored",
        schema: r#"{"type": "object", "properties": {"key": {"type": "string"}, "key2": {"type": "string"}}, "x-kubernetes-validations": [{"rule": "true"}], "oneOf": [{"x-kubernetes-validations": [{"rule": "self.key == 'value' && self.key2 == 'value2'", "message": "key must be 'value' and key2 must be 'value2'"}]}, {"x-kubernetes-validations": [{"rule": "self.key != self.key2", "message": "key must not be equal to key2"}]}]}"#,
        obj: r#"{"key": "value", "key2": "value"}"#,
        errors: &[],
    },
    Row {
        name: "not rule ignored",
        schema: r#"{"type": "object", "properties": {"key": {"type": "string"}, "key2": {"type": "string"}}, "x-kubernetes-validations": [{"rule": "true"}], "not": {"x-kubernetes-validations": [{"rule": "self.key == 'value' && self.key2 == 'value2'", "message": "key must be 'value' and key2 must be 'value2'"}]}}"#,
        obj: r#"{"key": "value", "key2": "value"}"#,
        errors: &[],
    },
    Row {
        name: "allOf.items",
        schema: r#"{"type": "object", "properties": {"myList": {"type": "array", "items": {"type": "string"}, "allOf": [{"items": {"x-kubernetes-validations": [{"rule": "self.size() == 5", "message": "len must be 5"}]}}, {"items": {"x-kubernetes-validations": [{"rule": "self == \"value2\" || self != \"value\"", "message": "must be value2 or not value"}]}}]}}}"#,
        obj: r#"{"myList": ["value", "value2"]}"#,
        errors: &["must be value2 or not value", "len must be 5"],
    },
    Row {
        name: "allOf.additionalProperties",
        schema: r#"{"type": "object", "properties": {"myProperty": {"type": "object", "additionalProperties": {"type": "string"}, "allOf": [{"additionalProperties": {"x-kubernetes-validations": [{"rule": "self == \"value2\" || self != \"value\"", "message": "must be value2 or not value"}, {"rule": "self.size() == 5", "message": "len must be 5"}]}}]}}}"#,
        obj: r#"{"myProperty": {"key": "value", "key2": "value2"}}"#,
        errors: &[
            r#"root.myProperty[key]: Invalid value: "value": must be value2 or not value"#,
            r#"root.myProperty[key2]: Invalid value: "value2": len must be 5"#,
        ],
    },
    Row {
        name: "allOf.properties",
        schema: r#"{"type": "object", "properties": {"key": {"type": "string"}, "key2": {"type": "string"}}, "allOf": [{"properties": {"key": {"x-kubernetes-validations": [{"rule": "self == \"value2\" || self != \"value\"", "message": "must be value2 or not value"}]}, "key2": {"x-kubernetes-validations": [{"rule": "self.size() == 5", "message": "len must be 5"}]}}}]}"#,
        obj: r#"{"key": "value", "key2": "value2"}"#,
        errors: &[
            r#"root.key: Invalid value: "value": must be value2 or not value"#,
            r#"root.key2: Invalid value: "value2": len must be 5"#,
        ],
    },
    Row {
        name: "allOf.items.allOf",
        schema: r#"{"type": "object", "properties": {"myList": {"type": "array", "items": {"type": "string"}, "allOf": [{"items": {"allOf": [{"x-kubernetes-validations": [{"rule": "self.size() == 5", "message": "len must be 5"}]}]}}, {"items": {"allOf": [{"x-kubernetes-validations": [{"rule": "self == \"value2\" || self != \"value\"", "message": "must be value2 or not value"}]}]}}]}}}"#,
        obj: r#"{"myList": ["value", "value2"]}"#,
        errors: &["must be value2 or not value", "len must be 5"],
    },
    Row {
        name: "properties.allOf.additionalProperties.allOf.properties",
        schema: r#"{"type": "object", "properties": {"myProperty": {"type": "object", "additionalProperties": {"type": "object", "properties": {"key": {"type": "string"}, "key2": {"type": "string"}}}}}, "allOf": [{"properties": {"myProperty": {"additionalProperties": {"allOf": [{"properties": {"key": {"x-kubernetes-validations": [{"rule": "self == \"value2\" || self != \"value\"", "message": "must be value2 or not value"}]}, "key2": {"x-kubernetes-validations": [{"rule": "self.size() == 5", "message": "len must be 5"}]}}}]}}}}]}"#,
        obj: r#"{"myProperty": {"randomKey": {"key": "value", "key2": "value2"}}}"#,
        errors: &["must be value2 or not value", "len must be 5"],
    },
];
