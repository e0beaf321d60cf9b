//! kube-apiserver's tables of rule messages (`TestMessageExpression`) and of rule reasons and
//! field paths (`TestReasonAndFldPath`), apiextensions-apiserver v0.36.3,
//! `pkg/apiserver/schema/cel/validation_test.go`, ported as facts.
//!
//! `TestMessageExpression`: a node `{str: string}` with the rule `false` and the row's
//! `message` and `messageExpression`, the object `{str: "a string"}`, run within the row's
//! runtime budget and per-call limit; exactly one error, whose text contains the expected one.
//! Here the node is the `spec` of a resource root, compiled as a CRD create compiles it (the
//! CRD must be accepted) and its object validated with the budget and per-call limit set by
//! [`super::Compiled`]'s test hook (`validate_with_limits`): through the apiserver both are
//! fixed (`RuntimeCELCostBudget` per object, `PerCallLimit`), so the rows that lower them are
//! reached only by that hook. Left out of every row: the log lines upstream expects
//! (`expectedLogErr`, klog output when a message expression fails and the fallback message is
//! used: we write no log; the fallback itself is checked) and the budget left after validation
//! (`expectedRemainingBudget`: our validation does not return it).
//!
//! One row cannot happen through the apiserver: `default rule message used if
//! messageExpression does not eval to string` (`messageExpression: true`). Upstream's validator
//! is built without the CRD's validation; a CRD create holding that rule is refused
//! (`messageExpression must evaluate to a string`), so no object reaches it. That row checks
//! the refusal instead (`refused`).
//!
//! `TestReasonAndFldPath`: a resource root whose rules (with `reason` and `fieldPath`) fail on
//! the row's object; the errors' types and fields, as a multiset (upstream clears the details
//! and values). Here the root schema is a CRD's `openAPIV3Schema` and the object is the row's
//! with the `apiVersion`, `kind` and `metadata` a resource has; upstream's fields start at
//! `root.`, ours at the resource root. Every row is ported.

use super::compiled;
use crate::cel::cost::{PER_CALL_LIMIT, RUNTIME_BUDGET};
use crate::test_support::json_of;
use serde_json::json;

/// One row of `TestMessageExpression`.
struct MessageRow {
    name: &'static str,
    /// The runtime cost budget (`costBudget`).
    budget: u64,
    /// The per-call limit (`perCallLimit`; upstream's 0 is `PerCallLimit`).
    per_call: u64,
    message: &'static str,
    message_expression: &'static str,
    /// A text the one error must contain (`expectedValidationErr`).
    want: &'static str,
    /// Non-empty for a row the apiserver cannot reach: the CRD create is refused, with an error
    /// containing this (the row's expectation is then not checked).
    refused: &'static str,
}

/// One row of `TestReasonAndFldPath`: the resource root's schema, the object, and the errors'
/// types (as [`crate::field::ErrorType`]'s names) and fields (upstream's, from `root`).
struct ReasonRow {
    name: &'static str,
    schema: &'static str,
    obj: &'static str,
    errors: &'static [(&'static str, &'static str)],
}

/// How `row` differs from upstream's expectation, if it does.
fn message_mismatch(row: &MessageRow) -> Option<String> {
    let mut rule = json!({"rule": "false", "messageExpression": row.message_expression});
    if !row.message.is_empty() {
        rule["message"] = json!(row.message);
    }
    let schema = json!({"type": "object", "properties": {"spec": {
        "type": "object",
        "properties": {"str": {"type": "string"}},
        "x-kubernetes-validations": [rule],
    }}});
    let obj = json!({"apiVersion": "v1", "kind": "K", "metadata": {"name": "obj"},
        "spec": {"str": "a string"}});
    let c = compiled(&schema.to_string());
    if !row.refused.is_empty() {
        let texts = c.texts();
        let ok = texts.len() == 1 && texts[0].contains(row.refused);
        return (!ok).then(|| {
            format!(
                "[{}] want the CRD refused with {:?}, got {texts:?}",
                row.name, row.refused
            )
        });
    }
    if !c.errors.is_empty() {
        return Some(format!("[{}] CRD refused: {:?}", row.name, c.texts()));
    }
    let errs: Vec<String> = c
        .validate_with_limits(&obj, row.budget, row.per_call)
        .iter()
        .map(ToString::to_string)
        .collect();
    let ok = errs.len() == 1 && errs[0].contains(row.want);
    (!ok).then(|| {
        format!(
            "[{}] want one error with {:?}, got {errs:?}",
            row.name, row.want
        )
    })
}

/// How `row` differs from upstream's expectation, if it does.
fn reason_mismatch(row: &ReasonRow) -> Option<String> {
    let c = compiled(row.schema);
    if !c.errors.is_empty() {
        return Some(format!("[{}] CRD refused: {:?}", row.name, c.texts()));
    }
    let mut obj = json_of(row.obj);
    obj["apiVersion"] = json!("v1");
    obj["kind"] = json!("K");
    obj["metadata"] = json!({"name": "obj"});
    let mut got: Vec<(String, String)> = c
        .validate(&obj)
        .iter()
        .map(|e| (format!("{:?}", e.type_), e.field.clone()))
        .collect();
    let mut want: Vec<(String, String)> = row
        .errors
        .iter()
        .map(|(t, f)| {
            (
                t.to_string(),
                f.strip_prefix("root.").unwrap_or(f).to_string(),
            )
        })
        .collect();
    got.sort();
    want.sort();
    (got != want).then(|| format!("[{}] want {want:?}, got {got:?}", row.name))
}

/// Every row of `rows` answers as upstream's table (`mismatch`: how one differs).
fn all_as_upstream<R>(rows: &[R], mismatch: fn(&R) -> Option<String>) {
    let wrong: Vec<String> = rows.iter().filter_map(mismatch).collect();
    eprintln!("{} rows", rows.len());
    for w in &wrong {
        eprintln!("{w}");
    }
    assert!(
        wrong.is_empty(),
        "{} of {} rows differ",
        wrong.len(),
        rows.len()
    );
}

#[test]
fn upstream_message_expression() {
    all_as_upstream(MESSAGE_ROWS, message_mismatch);
}

#[test]
fn upstream_reason_and_field_path() {
    all_as_upstream(REASON_ROWS, reason_mismatch);
}

/// A string literal of 5121 `a`s (one over the message length limit, 5120), quotes included.
const LONG_LITERAL: [u8; 5123] = {
    let mut b = [b'a'; 5123];
    b[0] = b'"';
    b[5122] = b'"';
    b
};

const LONG: &str = match std::str::from_utf8(&LONG_LITERAL) {
    Ok(s) => s,
    Err(_) => panic!("not UTF-8"),
};

const MESSAGE_ROWS: &[MessageRow] = &[
    MessageRow {
        name: "no cost error expected",
        budget: 300,
        per_call: PER_CALL_LIMIT,
        message: "",
        message_expression: r#""static string""#,
        want: "static string",
        refused: "",
    },
    MessageRow {
        name: "messageExpression takes precedence over message",
        budget: RUNTIME_BUDGET,
        per_call: PER_CALL_LIMIT,
        message: "invisible",
        message_expression: r#""this is messageExpression""#,
        want: "this is messageExpression",
        refused: "",
    },
    MessageRow {
        name: "default rule message used if messageExpression does not eval to string",
        budget: RUNTIME_BUDGET,
        per_call: PER_CALL_LIMIT,
        message: "",
        message_expression: "true",
        want: "failed rule",
        refused: ".x-kubernetes-validations[0].messageExpression: Invalid value: {\"Rule\":\"false\",\"Message\":\"\",\"MessageExpression\":\"true\",\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":null}: messageExpression must evaluate to a string",
    },
    MessageRow {
        name: "limit exceeded",
        budget: 1,
        per_call: PER_CALL_LIMIT,
        message: "",
        message_expression: r#""string 1" + "string 2" + "string 3""#,
        want: "messageExpression evaluation failed due to running out of cost budget",
        refused: "",
    },
    MessageRow {
        name: "messageExpression budget (str concat)",
        budget: 50,
        per_call: PER_CALL_LIMIT,
        message: "",
        message_expression: r#""str1 " + self.str"#,
        want: "str1 a string",
        refused: "",
    },
    MessageRow {
        name: "runtime cost preserved if messageExpression fails during evaluation",
        budget: 50,
        per_call: PER_CALL_LIMIT,
        message: "message not messageExpression",
        message_expression: r#""str1 " + ["a", "b", "c", "d"][4]"#,
        want: "message not messageExpression",
        refused: "",
    },
    MessageRow {
        name: "runtime cost preserved if messageExpression fails during evaluation (no message set)",
        budget: 50,
        per_call: PER_CALL_LIMIT,
        message: "",
        message_expression: r#""str1 " + ["a", "b", "c", "d"][4]"#,
        want: "failed rule",
        refused: "",
    },
    MessageRow {
        name: "per-call limit exceeded during messageExpression execution",
        budget: RUNTIME_BUDGET,
        per_call: 1,
        message: "",
        message_expression: r#""string 1" + "string 2" + "string 3""#,
        want: "call cost exceeds limit for messageExpression",
        refused: "",
    },
    MessageRow {
        name: "messageExpression is not allowed to generate a string with newlines",
        budget: RUNTIME_BUDGET,
        per_call: PER_CALL_LIMIT,
        message: "message not messageExpression",
        message_expression: r#""str with \na newline""#,
        want: "message not messageExpression",
        refused: "",
    },
    MessageRow {
        name: "messageExpression is not allowed to generate messages >5000 characters",
        budget: RUNTIME_BUDGET,
        per_call: PER_CALL_LIMIT,
        message: "message not messageExpression",
        message_expression: LONG,
        want: "message not messageExpression",
        refused: "",
    },
    MessageRow {
        name: "messageExpression is not allowed to generate an empty string",
        budget: RUNTIME_BUDGET,
        per_call: PER_CALL_LIMIT,
        message: "message not messageExpression",
        message_expression: r#"string("")"#,
        want: "message not messageExpression",
        refused: "",
    },
    MessageRow {
        name: "messageExpression is not allowed to generate a string with only spaces",
        budget: RUNTIME_BUDGET,
        per_call: PER_CALL_LIMIT,
        message: "message not messageExpression",
        message_expression: r#"string("     ")"#,
        want: "message not messageExpression",
        refused: "",
    },
];

const REASON_ROWS: &[ReasonRow] = &[
    ReasonRow {
        name: "Return error based on input reason",
        schema: r#"{"type": "object", "properties": {
            "f": {"type": "object", "properties": {"m": {"type": "integer"}},
                  "x-kubernetes-validations": [{"rule": "self.m == 2", "reason": "FieldValueForbidden"}]}},
          "x-kubernetes-validations": [{"rule": "1 == 1"}]}"#,
        obj: r#"{"f": {"m": 1}}"#,
        errors: &[("Forbidden", "root.f")],
    },
    ReasonRow {
        name: "Return error default is invalid",
        schema: r#"{"type": "object", "properties": {
            "f": {"type": "object", "properties": {"m": {"type": "integer"}},
                  "x-kubernetes-validations": [{"rule": "self.m == 2"}]}},
          "x-kubernetes-validations": [{"rule": "1 == 1"}]}"#,
        obj: r#"{"f": {"m": 1}}"#,
        errors: &[("Invalid", "root.f")],
    },
    ReasonRow {
        name: "Return error based on input fieldPath",
        schema: r#"{"type": "object", "properties": {
            "f": {"type": "object", "properties": {"m": {"type": "integer"}},
                  "x-kubernetes-validations": [{"rule": "self.m == 2", "fieldPath": ".m", "reason": "FieldValueForbidden"}]}},
          "x-kubernetes-validations": [{"rule": "1 == 1"}]}"#,
        obj: r#"{"f": {"m": 1}}"#,
        errors: &[("Forbidden", "root.f.m")],
    },
    ReasonRow {
        name: "multiple rules with custom reason and field path",
        schema: r#"{"type": "object", "properties": {
            "field1": {"type": "string"},
            "field2": {"type": "string"},
            "field3": {"type": "string"}},
          "x-kubernetes-validations": [
            {"rule": "self.field2 != \"value2\"", "reason": "FieldValueDuplicate", "fieldPath": ".field2"},
            {"rule": "self.field3 != \"value3\"", "reason": "FieldValueRequired", "fieldPath": ".field3"},
            {"rule": "self.field1 != \"value1\"", "reason": "FieldValueForbidden", "fieldPath": ".field1"}]}"#,
        obj: r#"{"field1": "value1", "field2": "value2", "field3": "value3"}"#,
        errors: &[
            ("Duplicate", "root.field2"),
            ("Required", "root.field3"),
            ("Forbidden", "root.field1"),
        ],
    },
];
