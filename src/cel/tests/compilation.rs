//! kube-apiserver's table of rule compilations (`TestCelCompilation`, apiextensions-apiserver
//! v0.36.3, `pkg/apiserver/schema/cel/compilation_test.go`), ported as facts: each row's
//! schema node with its rules (JSON) and, per rule, what compiling it gives: no error (and,
//! where upstream asserts it, whether the rule uses `oldSelf`), an error of the rule whose
//! detail contains a text, or an error of its `messageExpression` whose detail contains a text.
//!
//! How a row runs here: the row's schema is the `spec` of a resource root, compiled as a CRD
//! create compiles it (the environment for new expressions, at 1.36's compatibility version).
//! Upstream calls `Compile` on the node; here its result is read from the CRD's errors: rule
//! `i`'s error is a CRD error at `…x-kubernetes-validations[i].rule: Invalid value: …` whose
//! text contains the expected detail, its message expression's at
//! `…x-kubernetes-validations[i].messageExpression: Invalid value: …`; no error means no CRD
//! error at `…[i].rule` (the estimated cost refusals are not counted: upstream's schemas set
//! no `maxItems`/`maxLength`, and `Compile` does not refuse for cost). Whether a rule uses
//! `oldSelf` (`UsesOldSelf`) is read from the compiled rule in the validator tree.
//!
//! Rows not ported (their setup cannot happen through the apiserver):
//! - `whitespace-only rule`: upstream asserts that `Compile` gives neither error nor program
//!   for a rule of blanks. The CRD validation refuses such a rule first (`rule is not
//!   specified`, a schema error of the node), and then compiles none of the node's rules.
//! - `unmodified expression may use CEL environment features planned to be added in future
//!   releases`: it extends the environment with a test library (`fakeFunction`, introduced at
//!   1.999) and compiles with the stored-expressions loader; no apiserver environment declares
//!   that function.

use super::compiled;
use crate::cel::compile::{Node, Slot};
use crate::test_support::is_cost_refusal;
use crate::test_support::json_of;
use serde_json::json;

/// What upstream expects of one rule's compilation.
#[derive(Clone, Copy, Debug)]
enum Want {
    /// No error (`noError()`).
    Compiles,
    /// No error, and the rule uses `oldSelf` or not (`transitionRule(…)`).
    CompilesOldSelf(bool),
    /// An error of type invalid whose text contains this (`invalidError(…)`).
    Invalid(&'static str),
    /// A `messageExpression` error of type invalid whose text contains this
    /// (`messageExpressionError(…)`).
    MessageInvalid(&'static str),
}

/// One row of the upstream table: the schema node (with its rules) and, per rule, what
/// compiling it gives.
struct Row {
    name: &'static str,
    schema: &'static str,
    want: &'static [Want],
}

/// Where the rules of the `spec` node are in the CRD's errors.
const RULES: &str = "openAPIV3Schema.properties[spec].x-kubernetes-validations";

/// What the CRD holding `row`'s schema as its `spec` gives: its errors (cost refusals left
/// out) and, for each rule that compiled, whether it uses `oldSelf` (by rule text).
fn outcome(row: &Row) -> (Vec<String>, Vec<(String, bool)>) {
    let schema = json!({"type": "object", "properties": {"spec": json_of(row.schema)}});
    let c = compiled(&schema.to_string());
    let texts = c
        .texts()
        .into_iter()
        .filter(|t| !is_cost_refusal(t))
        .collect();
    let spec: Option<&Node> = c
        .root
        .as_ref()
        .and_then(|r| r.props.iter().find(|(n, _)| &**n == "spec"))
        .map(|(_, n)| n);
    let ready = spec
        .map(|n| {
            n.rules
                .iter()
                .filter_map(|s| match s {
                    Slot::Ready(r) => Some((r.text.clone(), r.uses_old_self)),
                    Slot::Uncompiled(_) => None,
                })
                .collect()
        })
        .unwrap_or_default();
    (texts, ready)
}

/// The rule texts of `row`'s schema, in order.
fn rules(row: &Row) -> Vec<String> {
    json_of(row.schema)["x-kubernetes-validations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["rule"].as_str().unwrap().to_string())
        .collect()
}

/// How rule `i` of `row` differs from upstream's expectation, if it does.
fn mismatch(row: &Row, i: usize) -> Option<String> {
    let (texts, ready) = outcome(row);
    let rule = &rules(row)[i];
    let want = row.want[i];
    let rule_errors: Vec<&String> = texts
        .iter()
        .filter(|t| t.starts_with(&format!("{RULES}[{i}].rule: ")))
        .collect();
    let at = |field: &str, detail: &str| {
        let lead = format!("{RULES}[{i}].{field}: Invalid value: ");
        texts
            .iter()
            .any(|t| t.starts_with(&lead) && t.contains(detail))
    };
    let ok = match want {
        Want::Compiles => rule_errors.is_empty(),
        Want::CompilesOldSelf(old) => {
            rule_errors.is_empty()
                && ready
                    .iter()
                    .any(|(text, uses)| text == rule.trim() && *uses == old)
        }
        Want::Invalid(detail) => at("rule", detail),
        Want::MessageInvalid(detail) => at("messageExpression", detail),
    };
    let uses: Vec<bool> = ready
        .iter()
        .filter(|(t, _)| t == rule.trim())
        .map(|(_, u)| *u)
        .collect();
    (!ok).then(|| {
        format!(
            "[{}] rule {i} {rule:?}: want {want:?}, got {texts:?} (uses oldSelf: {uses:?})",
            row.name
        )
    })
}

#[test]
fn upstream_cel_compilation() {
    let mut wrong = Vec::new();
    let mut cases = 0;
    for row in ROWS {
        assert_eq!(rules(row).len(), row.want.len(), "[{}]", row.name);
        for i in 0..row.want.len() {
            cases += 1;
            wrong.extend(mismatch(row, i));
        }
    }
    eprintln!("{cases} rules in {} rows", ROWS.len());
    for w in &wrong {
        eprintln!("{w}");
    }
    assert!(wrong.is_empty(), "{} of {cases} differ", wrong.len());
}

const ROWS: &[Row] = &[
    Row {
        name: "optional primitive transition rule type checking",
        schema: r#"{"type": "integer", "x-kubernetes-validations": [
            {"rule": "self >= oldSelf.value()", "optionalOldSelf": true},
            {"rule": "self >= oldSelf.orValue(1)", "optionalOldSelf": true},
            {"rule": "oldSelf.hasValue() ? self >= oldSelf.value() : true", "optionalOldSelf": true},
            {"rule": "self >= oldSelf", "optionalOldSelf": true},
            {"rule": "self >= oldSelf.orValue('')", "optionalOldSelf": true}]}"#,
        want: &[
            Want::CompilesOldSelf(true),
            Want::CompilesOldSelf(true),
            Want::CompilesOldSelf(true),
            Want::Invalid("optional"),
            Want::Invalid("orValue"),
        ],
    },
    Row {
        name: "optional complex transition rule type checking",
        schema: r#"{"type": "object", "properties": {
            "i": {"type": "integer"},
            "b": {"type": "boolean"},
            "s": {"type": "string"},
            "a": {"type": "array", "items": {"type": "integer"}},
            "o": {"type": "object", "properties": {
                "i": {"type": "integer"},
                "b": {"type": "boolean"},
                "s": {"type": "string"},
                "a": {"type": "array", "items": {"type": "integer"}},
                "o": {"type": "object"}}}},
          "x-kubernetes-validations": [
            {"rule": "self.i >= oldSelf.i.value()", "optionalOldSelf": true},
            {"rule": "self.s == oldSelf.s.value()", "optionalOldSelf": true},
            {"rule": "self.b == oldSelf.b.value()", "optionalOldSelf": true},
            {"rule": "self.o == oldSelf.o.value()", "optionalOldSelf": true},
            {"rule": "self.o.i >= oldSelf.o.i.value()", "optionalOldSelf": true},
            {"rule": "self.o.s == oldSelf.o.s.value()", "optionalOldSelf": true},
            {"rule": "self.o.b == oldSelf.o.b.value()", "optionalOldSelf": true},
            {"rule": "self.o.o == oldSelf.o.o.value()", "optionalOldSelf": true},
            {"rule": "self.o.i >= oldSelf.o.i.orValue(1)", "optionalOldSelf": true},
            {"rule": "oldSelf.hasValue() ? self.o.i >= oldSelf.o.i.value() : true", "optionalOldSelf": true},
            {"rule": "self.o.i >= oldSelf.o.i", "optionalOldSelf": true},
            {"rule": "self.o.i >= oldSelf.o.s.orValue(0)", "optionalOldSelf": true}]}"#,
        want: &[
            Want::CompilesOldSelf(true),
            Want::CompilesOldSelf(true),
            Want::CompilesOldSelf(true),
            Want::CompilesOldSelf(true),
            Want::CompilesOldSelf(true),
            Want::CompilesOldSelf(true),
            Want::CompilesOldSelf(true),
            Want::CompilesOldSelf(true),
            Want::CompilesOldSelf(true),
            Want::CompilesOldSelf(true),
            Want::Invalid("optional"),
            Want::Invalid("orValue"),
        ],
    },
    Row {
        name: "valid object",
        schema: r#"{"type": "object", "properties": {
            "minReplicas": {"type": "integer"},
            "maxReplicas": {"type": "integer"}},
          "x-kubernetes-validations": [
            {"rule": "self.minReplicas < self.maxReplicas", "message": "minReplicas should be smaller than maxReplicas"}]}"#,
        want: &[Want::Compiles],
    },
    Row {
        name: "valid for string",
        schema: r#"{"type": "string", "x-kubernetes-validations": [
            {"rule": "self.startsWith('s')", "message": "scoped field should start with 's'"}]}"#,
        want: &[Want::Compiles],
    },
    Row {
        name: "valid for byte",
        schema: r#"{"type": "string", "format": "byte", "x-kubernetes-validations": [
            {"rule": "string(self).endsWith('s')", "message": "scoped field should end with 's'"}]}"#,
        want: &[Want::Compiles],
    },
    Row {
        name: "valid for boolean",
        schema: r#"{"type": "boolean", "x-kubernetes-validations": [
            {"rule": "self == true", "message": "scoped field should be true"}]}"#,
        want: &[Want::Compiles],
    },
    Row {
        name: "valid for integer",
        schema: r#"{"type": "integer", "x-kubernetes-validations": [
            {"rule": "self > 0", "message": "scoped field should be greater than 0"}]}"#,
        want: &[Want::Compiles],
    },
    Row {
        name: "valid for number",
        schema: r#"{"type": "number", "x-kubernetes-validations": [
            {"rule": "self > 1.0", "message": "scoped field should be greater than 1.0"}]}"#,
        want: &[Want::Compiles],
    },
    Row {
        name: "valid nested object of object",
        schema: r#"{"type": "object", "properties": {
            "nestedObj": {"type": "object", "properties": {
                "val": {"type": "integer", "format": "int64"}}}},
          "x-kubernetes-validations": [
            {"rule": "self.nestedObj.val == 10", "message": "val should be equal to 10"}]}"#,
        want: &[Want::Compiles],
    },
    Row {
        name: "valid nested object of array",
        schema: r#"{"type": "object", "properties": {
            "nestedObj": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}}},
          "x-kubernetes-validations": [
            {"rule": "size(self.nestedObj[0]) == 10", "message": "size of first element in nestedObj should be equal to 10"}]}"#,
        want: &[Want::Compiles],
    },
    Row {
        name: "valid nested array of array",
        schema: r#"{"type": "array", "items": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}},
          "x-kubernetes-validations": [
            {"rule": "size(self[0][0]) == 10", "message": "size of items under items of scoped field should be equal to 10"}]}"#,
        want: &[Want::Compiles],
    },
    Row {
        name: "valid nested array of object",
        schema: r#"{"type": "array", "items": {"type": "object", "properties": {
            "nestedObj": {"type": "object", "properties": {
                "val": {"type": "integer", "format": "int64"}}}}},
          "x-kubernetes-validations": [
            {"rule": "self[0].nestedObj.val == 10", "message": "val under nestedObj under properties under items should be equal to 10"}]}"#,
        want: &[Want::Compiles],
    },
    Row {
        name: "valid map",
        schema: r#"{"type": "object", "additionalProperties": {"type": "boolean"},
          "x-kubernetes-validations": [
            {"rule": "size(self) > 0", "message": "size of scoped field should be greater than 0"}]}"#,
        want: &[Want::Compiles],
    },
    Row {
        name: "invalid checking for number",
        schema: r#"{"type": "number", "x-kubernetes-validations": [
            {"rule": "size(self) == 10", "message": "size of scoped field should be equal to 10"}]}"#,
        want: &[Want::Invalid("compilation failed")],
    },
    Row {
        name: "compilation failure",
        schema: r#"{"type": "integer", "x-kubernetes-validations": [
            {"rule": "size(self) == 10", "message": "size of scoped field should be equal to 10"}]}"#,
        want: &[Want::Invalid("compilation failed")],
    },
    Row {
        name: "valid for escaping",
        schema: r#"{"type": "object", "properties": {
            "namespace": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}},
            "if": {"type": "integer"},
            "self": {"type": "integer"}},
          "x-kubernetes-validations": [
            {"rule": "size(self.__namespace__[0]) == 10", "message": "size of first element in nestedObj should be equal to 10"},
            {"rule": "self.__if__ == 10"},
            {"rule": "self.self == 10"}]}"#,
        want: &[Want::Compiles, Want::Compiles, Want::Compiles],
    },
    Row {
        name: "invalid for escaping",
        schema: r#"{"type": "object", "properties": {
            "namespace": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}},
            "if": {"type": "integer"},
            "self": {"type": "integer"}},
          "x-kubernetes-validations": [
            {"rule": "size(self.namespace[0]) == 10", "message": "size of first element in nestedObj should be equal to 10"},
            {"rule": "self.if == 10"},
            {"rule": "self == 10"}]}"#,
        want: &[
            Want::Compiles,
            Want::Compiles,
            Want::Invalid("found no matching overload"),
        ],
    },
    Row {
        name: "transition rule identified",
        schema: r#"{"type": "integer", "x-kubernetes-validations": [
            {"rule": "self > 0"},
            {"rule": "self >= oldSelf"}]}"#,
        want: &[Want::CompilesOldSelf(false), Want::CompilesOldSelf(true)],
    },
    Row {
        name: "expression must evaluate to bool",
        schema: r#"{"type": "object", "x-kubernetes-validations": [{"rule": "42"}]}"#,
        want: &[Want::Invalid("must evaluate to a bool")],
    },
    Row {
        name: "messageExpression inclusion",
        schema: r#"{"type": "string", "x-kubernetes-validations": [
            {"rule": "self.startsWith('s')", "messageExpression": "\"scoped field should start with 's'\""}]}"#,
        want: &[Want::Compiles],
    },
    Row {
        name: "messageExpression must evaluate to a string",
        schema: r#"{"type": "integer", "x-kubernetes-validations": [
            {"rule": "self == 5", "messageExpression": "42"}]}"#,
        want: &[Want::MessageInvalid("must evaluate to a string")],
    },
    Row {
        name: "messageExpression syntax error",
        schema: r#"{"type": "number", "x-kubernetes-validations": [
            {"rule": "self < 32.0", "messageExpression": "\"abc"}]}"#,
        want: &[Want::MessageInvalid("messageExpression compilation failed")],
    },
    Row {
        name: "modified expressions may not use CEL environment features planned to be added in future releases",
        schema: r#"{"type": "object", "x-kubernetes-validations": [
            {"rule": "fakeFunction('abc') == 'ABC'"}]}"#,
        want: &[Want::Invalid("undeclared reference to 'fakeFunction'")],
    },
];
