//! kube-apiserver's table of rule expressions on custom resource values
//! (`TestValidationExpressions`, apiextensions-apiserver v0.36.3,
//! `pkg/apiserver/schema/cel/validation_test.go`), ported as facts: each row's schema and
//! object (JSON), the expressions that must hold on it, and those that must fail with an error
//! containing the given text.
//!
//! How a row runs here: each expression is the only rule of the row's schema, which is the
//! `spec` of a resource root (or the root itself for a `root` row, with the object as the whole
//! resource); the CRD's errors (a rule that does not compile or cannot be planned) and the
//! object's messages are what the expression gives. What upstream's validator does not check
//! of a CRD is kept out of the way: the estimated cost refusals (the upstream schemas set no
//! `maxItems`/`maxLength`, so some rules would be refused for their cost) are not counted, a
//! rule with line breaks gets the `message` a CRD needs for it, and as a refused rule's text
//! lacks the validator's `compile error: ` lead, that lead of an expected text is dropped when
//! the rule is refused.
//!
//! Rows not ported:
//! - `transition rules`, the four `skipped transition rule for nil old …` rows and
//!   `authorizer is not supported for CRD Validation Rules`: they have an old object (updates;
//!   the skipped ones also assert a zero cost, `expectSkipped`).
//! - The four `cost for extended lib calculated correctly: …` rows: they assert an exact
//!   runtime cost (`expectedCost`), which `runtime_cost.rs` covers.

use super::compiled;
use crate::test_support::{is_cost_refusal, json_of, LISTS_V3};
use serde_json::json;

/// One row of the upstream table: the schema of the node the rules are on, the object at it,
/// the expressions that hold, and the expressions that fail with the text given.
struct Row {
    name: &'static str,
    /// The rules are on the resource root and `obj` is the whole resource.
    root: bool,
    schema: &'static str,
    obj: &'static str,
    valid: &'static [&'static str],
    errors: &'static [(&'static str, &'static str)],
}

/// What `rule` gives on `row`'s object: whether the CRD refused it, and the texts (the CRD's
/// errors if refused, else the object's messages); the flag tells whether a cost refusal was
/// left out.
fn outcome(row: &Row, rule: &str) -> (bool, Vec<String>, bool) {
    let mut schema = json_of(row.schema);
    let mut r = json!({ "rule": rule });
    if rule.contains('\n') {
        // A CRD must give a rule with line breaks a message.
        r["message"] = json!("failed");
    }
    schema["x-kubernetes-validations"] = json!([r]);
    answer(schema, json_of(row.obj), row.root)
}

/// What `obj` gives under `schema` (the resource root when `root`, else its `spec`, `obj`
/// being the spec): whether the CRD refused the schema, and the texts (the CRD's errors if
/// refused, else the object's messages); the flag tells whether a cost refusal was left out.
pub(super) fn answer(
    mut schema: serde_json::Value,
    mut obj: serde_json::Value,
    root: bool,
) -> (bool, Vec<String>, bool) {
    if !root {
        schema = json!({"type": "object", "properties": {"spec": schema}});
        obj = json!({"apiVersion": "v1", "kind": "K", "metadata": {"name": "obj"}, "spec": obj});
    }
    let c = compiled(&schema.to_string());
    let all = c.texts();
    let refused: Vec<String> = all
        .iter()
        .filter(|t| !is_cost_refusal(t))
        .cloned()
        .collect();
    let cost = refused.len() < all.len();
    if !refused.is_empty() {
        return (true, refused, cost);
    }
    let msgs = c.validate(&obj).iter().map(|e| e.to_string()).collect();
    (false, msgs, cost)
}

/// How `rule` differs from upstream's expectation on `row` (`want` empty: it must hold), if
/// it does, and whether a cost refusal was left out.
fn check(row: &Row, rule: &str, want: &str) -> (Option<String>, bool) {
    let (refused, texts, cost) = outcome(row, rule);
    (mismatch(row.name, rule, want, refused, &texts), cost)
}

fn mismatch(name: &str, rule: &str, want: &str, refused: bool, texts: &[String]) -> Option<String> {
    if want.is_empty() {
        return (!texts.is_empty()).then(|| format!("[{name}] {rule:?} must hold, got {texts:?}"));
    }
    let want = match want.strip_prefix("compile error: ") {
        Some(w) if refused => w,
        _ => want,
    };
    let ok = !texts.is_empty() && texts.iter().all(|t| t.contains(want));
    (!ok).then(|| format!("[{name}] {rule:?} must fail with {want:?}, got {texts:?}"))
}

fn row(name: &str) -> &'static Row {
    ROWS.iter().find(|r| r.name == name).unwrap()
}

#[test]
fn upstream_validation_expressions() {
    let (mut cases, mut cost) = (0, 0);
    let mut wrong = Vec::new();
    for row in ROWS {
        let valid = row.valid.iter().map(|r| (*r, ""));
        for (rule, want) in valid.chain(row.errors.iter().copied()) {
            let (m, c) = check(row, rule, want);
            cases += 1;
            cost += usize::from(c);
            wrong.extend(m);
        }
        // An expression that holds is run (not skipped): its negation fails.
        for rule in row.valid {
            let negated = format!("!({rule})");
            let (_, texts, _) = outcome(row, &negated);
            let message = match negated.contains('\n') {
                true => "failed".to_string(),
                false => format!("failed rule: {negated}"),
            };
            if texts.len() != 1 || !texts[0].ends_with(&format!("Invalid value: {message}")) {
                wrong.push(format!(
                    "[{}] {negated:?} must be false, got {texts:?}",
                    row.name
                ));
            }
        }
    }
    eprintln!(
        "{cases} expressions in {} rows ({cost} with a cost refusal left out)",
        ROWS.len()
    );
    for w in &wrong {
        eprintln!("{w}");
    }
    assert!(wrong.is_empty(), "{} of {cases} differ", wrong.len());
}

/// The cases where our answer differs from upstream's (each still differs, so that a fix is
/// noticed and the case moved back).
#[test]
fn the_different_cases_still_differ() {
    let mut same = Vec::new();
    for (name, rule, want) in DIFFERENT {
        if check(row(name), rule, want).0.is_none() {
            same.push(format!("[{name}] {rule:?}"));
        }
    }
    assert!(same.is_empty(), "now as upstream: {same:?}");
}

/// Upstream's cases we answer otherwise: (row, expression, expected error text or "" for an
/// expression that must hold).
const DIFFERENT: &[(&str, &str, &str)] = &[
    // We answer: no error (true): a value that does not fit its schema is read as plain JSON.
    (
        "invalid data",
        "has(self.o)",
        "invalid data, expected a map for the provided schema with type=object",
    ),
    // We answer: no error (true).
    (
        "invalid data",
        "has(self.m)",
        "invalid data, expected a map for the provided schema with type=object",
    ),
    // We answer: no error (true).
    (
        "invalid data",
        "has(self.l)",
        "invalid data, expected an array for the provided schema with type=array",
    ),
    // We answer: no error (true).
    (
        "invalid data",
        "has(self.s)",
        "invalid data, expected an array for the provided schema with type=array",
    ),
    // We answer: no error (true).
    (
        "invalid data",
        "has(self.lm)",
        "invalid data, expected an array for the provided schema with type=array",
    ),
    // We answer: no error (true).
    (
        "invalid data",
        "has(self.intorstring)",
        "invalid data, expected XIntOrString value to be either a string or integer",
    ),
    // We answer: no error: the null item reads as null, the rule is false (`failed rule: …`).
    (
        "invalid data",
        "self.nullable[0] == 'x'",
        "invalid data, got null for schema with nullable=false",
    ),
];

const ROWS: &[Row] = &[
    Row {
        name: "integers",
        root: false,
        schema: r#"{"type": "object", "properties": {"val1": {"type": "integer"}, "val2": {"type": "integer"}, "val3": {"type": "integer", "format": "int32"}, "val4": {"type": "integer", "format": "int32"}, "val5": {"type": "integer", "format": "int64"}, "val6": {"type": "integer", "format": "int64"}}}"#,
        obj: r#"{"val1": 9223372036854775807, "val2": 9223372036854775807, "val3": 2147483647, "val4": 2147483647, "val5": 9223372036854775807, "val6": 9223372036854775807}"#,
        valid: &[
            "self.val1 == 9223372036854775807 && 9223372036854775807 == self.val1 && self.val1 == self.val2",
            "self.val3 == 2147483647 && 2147483647 == self.val3 && self.val3 == self.val4",
            "self.val5 == 9223372036854775807 && 9223372036854775807 == self.val5 && self.val5 == self.val6",
            "self.val1 == self.val6",
            "type(self.val1) == int",
            "self.val3 + 1 == 2147483647 + 1",
            "type(self.val3) == int",
            "type(self.val5) == int",
        ],
        errors: &[
            ("self.val1 + 1 == 0", "integer overflow"),
            ("self.val5 + 1 == 0", "integer overflow"),
            ("1 / 0 == 1 / 0", "division by zero"),
        ],
    },
    Row {
        name: "numbers",
        root: false,
        schema: r#"{"type": "object", "properties": {"val1": {"type": "number"}, "val2": {"type": "number"}, "val3": {"type": "number", "format": "float"}, "val4": {"type": "number", "format": "float"}, "val5": {"type": "number", "format": "double"}, "val6": {"type": "number", "format": "double"}, "val7": {"type": "number", "format": "double"}}}"#,
        obj: r#"{"val1": 1.7976931348623157e+308, "val2": 1.7976931348623157e+308, "val3": 3.4028234663852886e+38, "val4": 3.4028234663852886e+38, "val5": 1.7976931348623157e+308, "val6": 1.7976931348623157e+308, "val7": 1}"#,
        valid: &[
            "self.val1 == 179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368.000000 && 179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368.000000 == self.val1 && self.val1 == self.val2",
            "self.val3 == 340282346638528859811704183484516925440.000000 && 340282346638528859811704183484516925440.000000 == self.val3 && self.val3 == self.val4",
            "self.val5 == 179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368.000000 && 179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368.000000 == self.val5 && self.val5 == self.val6",
            "self.val1 == self.val6",
            "type(self.val1) == double",
            "type(self.val3) == double",
            "type(self.val5) == double",
            "type(self.val7) == double",
            "self.val7 == 1.0",
        ],
        errors: &[],
    },
    Row {
        name: "numeric comparisons",
        root: false,
        schema: r#"{"type": "object", "properties": {"val1": {"type": "integer"}, "val2": {"type": "integer"}, "val3": {"type": "integer"}, "val4": {"type": "number"}, "val5": {"type": "number", "format": "float"}, "val6": {"type": "number", "format": "double"}, "val7": {"type": "number"}, "val8": {"type": "number", "format": "float"}, "val9": {"type": "number", "format": "double"}}}"#,
        obj: r#"{"val1": 5, "val2": 10, "val3": 15, "val4": 10.0, "val5": 10.0, "val6": 10.0, "val7": 10, "val8": 10, "val9": 10}"#,
        valid: &[
            "double(self.val1) < self.val4",
            "double(self.val1) <= self.val4",
            "double(self.val2) <= self.val4",
            "double(self.val2) == self.val4",
            "double(self.val2) >= self.val4",
            "double(self.val3) > self.val4",
            "double(self.val3) >= self.val4",
            "self.val1 < int(self.val4)",
            "self.val2 == int(self.val4)",
            "self.val3 > int(self.val4)",
            "double(self.val1) < self.val5",
            "double(self.val2) == self.val5",
            "double(self.val3) > self.val5",
            "self.val1 < int(self.val5)",
            "self.val2 == int(self.val5)",
            "self.val3 > int(self.val5)",
            "double(self.val1) < self.val6",
            "double(self.val2) == self.val6",
            "double(self.val3) > self.val6",
            "self.val1 < int(self.val6)",
            "self.val2 == int(self.val6)",
            "self.val3 > int(self.val6)",
            "double(self.val1) < self.val7",
            "double(self.val2) == self.val7",
            "double(self.val3) > self.val7",
            "self.val1 < int(self.val7)",
            "self.val2 == int(self.val7)",
            "self.val3 > int(self.val7)",
            "double(self.val1) < self.val8",
            "double(self.val2) == self.val8",
            "double(self.val3) > self.val8",
            "self.val1 < int(self.val8)",
            "self.val2 == int(self.val8)",
            "self.val3 > int(self.val8)",
            "double(self.val1) < self.val9",
            "double(self.val2) == self.val9",
            "double(self.val3) > self.val9",
            "self.val1 < int(self.val9)",
            "self.val2 == int(self.val9)",
            "self.val3 > int(self.val9)",
            "double(5) < 10.0",
            "double(10) == 10.0",
            "double(15) > 10.0",
            "5 < int(10.0)",
            "10 == int(10.0)",
            "15 > int(10.0)",
            "double(self.val1) < 10.0",
            "double(self.val2) == 10.0",
            "double(self.val3) > 10.0",
            "self.val1 < self.val4",
            "self.val1 <= self.val4",
            "self.val2 <= self.val4",
            "self.val2 >= self.val4",
            "self.val3 > self.val4",
            "self.val3 >= self.val4",
            "self.val1 < self.val4",
            "self.val3 > self.val4",
            "self.val1 < self.val5",
            "self.val3 > self.val5",
            "self.val1 < self.val5",
            "self.val3 > self.val5",
            "self.val1 < self.val6",
            "self.val3 > self.val6",
            "self.val1 < self.val6",
            "self.val3 > self.val6",
            "self.val1 < self.val7",
            "self.val3 > self.val7",
            "self.val1 < int(self.val7)",
            "self.val3 > int(self.val7)",
            "self.val1 < self.val8",
            "self.val3 > self.val8",
            "self.val1 < self.val8",
            "self.val3 > self.val8",
            "self.val1 < self.val9",
            "self.val3 > self.val9",
            "self.val1 < self.val9",
            "self.val3 > self.val9",
            "5 < 10.0",
            "15 > 10.0",
            "5 < 10.0",
            "15 > 10.0",
            "self.val1 < 10.0",
            "self.val3 > 10.0",
        ],
        errors: &[],
    },
    Row {
        name: "unicode strings",
        root: false,
        schema: r#"{"type": "object", "properties": {"val1": {"type": "string"}, "val2": {"type": "string"}}}"#,
        obj: r#"{"val1": "Rook takes 👑", "val2": "Rook takes 👑"}"#,
        valid: &[
            "self.val1 == 'Rook takes 👑' && 'Rook takes 👑' == self.val1 && self.val1 == self.val2",
            "self.val1.startsWith('Rook')",
            "!self.val1.startsWith('knight')",
            "self.val1.contains('takes')",
            "!self.val1.contains('gives')",
            "self.val1.endsWith('👑')",
            "!self.val1.endsWith('pawn')",
            "self.val1.matches('^[^0-9]*$')",
            "!self.val1.matches('^[0-9]*$')",
            "type(self.val1) == string",
            "size(self.val1) == 12",
            "self.val1.charAt(3) == 'k'",
            "self.val1.indexOf('o') == 1",
            "self.val1.indexOf('o', 2) == 2",
            "self.val1.replace(' ', 'x') == 'Rookxtakesx👑'",
            "self.val1.replace(' ', 'x', 1) == 'Rookxtakes 👑'",
            "self.val1.split(' ') == ['Rook', 'takes', '👑']",
            "self.val1.split(' ', 2) == ['Rook', 'takes 👑']",
            "self.val1.substring(5) == 'takes 👑'",
            "self.val1.substring(0, 4) == 'Rook'",
            "self.val1.substring(4, 10).trim() == 'takes'",
            "self.val1.upperAscii() == 'ROOK TAKES 👑'",
            "self.val1.lowerAscii() == 'rook takes 👑'",
            "'%d %s %f %s %s'.format([1, 'abc', 1.0, duration('1m'), timestamp('2000-01-01T00:00:00.000Z')]) == '1 abc 1.000000 60s 2000-01-01T00:00:00Z'",
            "'%e'.format([3.14]) == '3.140000×10⁰⁰'",
            "'%o %o %o'.format([7, 8, 9]) == '7 10 11'",
            "'%b %b %b'.format([7, 8, 9]) == '111 1000 1001'",
        ],
        errors: &[
            ("self.val1.matches(')')", "compile error: compilation failed: ERROR: <input>:1:19: invalid matches argument"),
        ],
    },
    Row {
        name: "escaped strings",
        root: false,
        schema: r#"{"type": "object", "properties": {"val1": {"type": "string"}, "val2": {"type": "string"}}}"#,
        obj: r#"{"val1": "l1\nl2", "val2": "l1\nl2"}"#,
        valid: &[
            r#"self.val1 == 'l1\nl2' && 'l1\nl2' == self.val1 && self.val1 == self.val2"#,
            "self.val1 == '''l1\nl2'''",
        ],
        errors: &[],
    },
    Row {
        name: "bytes",
        root: false,
        schema: r#"{"type": "object", "properties": {"val1": {"type": "string", "format": "byte"}, "val2": {"type": "string", "format": "byte"}}}"#,
        obj: r#"{"val1": "QUI=", "val2": "QUI="}"#,
        valid: &[
            "self.val1 == self.val2",
            "self.val1 == b'AB'",
            "self.val1 == bytes('AB')",
            r#"self.val1 == b'\x41\x42'"#,
            "type(self.val1) == bytes",
            "size(self.val1) == 2",
        ],
        errors: &[],
    },
    Row {
        name: "booleans",
        root: false,
        schema: r#"{"type": "object", "properties": {"val1": {"type": "boolean"}, "val2": {"type": "boolean"}, "val3": {"type": "boolean"}, "val4": {"type": "boolean"}}}"#,
        obj: r#"{"val1": true, "val2": true, "val3": false, "val4": false}"#,
        valid: &[
            "self.val1 == true && true == self.val1 && self.val1 == self.val2",
            "self.val3 == false && false == self.val3 && self.val3 == self.val4",
            "self.val1 != self.val4",
            "type(self.val1) == bool",
        ],
        errors: &[],
    },
    Row {
        name: "duration format",
        root: false,
        schema: r#"{"type": "object", "properties": {"val1": {"type": "string", "format": "duration"}, "val2": {"type": "string", "format": "duration"}}}"#,
        obj: r#"{"val1": "1h2m3s4ms", "val2": "1h2m3s4ms"}"#,
        valid: &[
            "self.val1 == duration('1h2m3s4ms') && duration('1h2m3s4ms') == self.val1 && self.val1 == self.val2",
            "self.val1 == duration('1h2m') + duration('3s4ms')",
            "self.val1.getHours() == 1",
            "self.val1.getMinutes() == 62",
            "self.val1.getSeconds() == 3723",
            "self.val1.getMilliseconds() == 3723004",
            "type(self.val1) == google.protobuf.Duration",
        ],
        errors: &[
            ("duration('1')", "compilation failed: ERROR: <input>:1:10: invalid duration argument"),
            ("duration('1d')", "compilation failed: ERROR: <input>:1:10: invalid duration argument"),
            ("duration('1us') < duration('1nns')", "compilation failed: ERROR: <input>:1:28: invalid duration argument"),
        ],
    },
    Row {
        name: "date format",
        root: false,
        schema: r#"{"type": "object", "properties": {"val1": {"type": "string", "format": "date"}, "val2": {"type": "string", "format": "date"}}}"#,
        obj: r#"{"val1": "1997-07-16", "val2": "1997-07-16"}"#,
        valid: &[
            "self.val1 == timestamp('1997-07-16T00:00:00.000Z') && timestamp('1997-07-16T00:00:00.000Z') == self.val1 && self.val1 == self.val2",
            "self.val1.getDate() == 16",
            "self.val1.getMonth() == 06",
            "self.val1.getFullYear() == 1997",
            "type(self.val1) == google.protobuf.Timestamp",
        ],
        errors: &[],
    },
    Row {
        name: "date-time format",
        root: false,
        schema: r#"{"type": "object", "properties": {"val1": {"type": "string", "format": "date-time"}, "val2": {"type": "string", "format": "date-time"}}}"#,
        obj: r#"{"val1": "2011-08-18T19:03:37.010000000+01:00", "val2": "2011-08-18T19:03:37.010000000+01:00"}"#,
        valid: &[
            "self.val1 == timestamp('2011-08-18T19:03:37.010+01:00') && timestamp('2011-08-18T19:03:37.010+01:00') == self.val1 && self.val1 == self.val2",
            "self.val1 == timestamp('2011-08-18T00:00:00.000+01:00') + duration('19h3m37s10ms')",
            "self.val1.getDate('01:00') == 18",
            "self.val1.getMonth('01:00') == 7",
            "self.val1.getFullYear('01:00') == 2011",
            "self.val1.getHours('01:00') == 19",
            "self.val1.getMinutes('01:00') == 03",
            "self.val1.getSeconds('01:00') == 37",
            "self.val1.getMilliseconds('01:00') == 10",
            "self.val1.getHours('UTC') == 18",
            "type(self.val1) == google.protobuf.Timestamp",
        ],
        errors: &[
            ("timestamp('1000-00-00T00:00:00Z')", "compilation failed: ERROR: <input>:1:11: invalid timestamp"),
            ("timestamp('1000-01-01T00:00:00ZZ')", "compilation failed: ERROR: <input>:1:11: invalid timestamp"),
            ("timestamp(-62135596801)", "compilation failed: ERROR: <input>:1:11: invalid timestamp"),
        ],
    },
    Row {
        name: "enums",
        root: false,
        schema: r#"{"type": "object", "properties": {"enumStr": {"type": "string", "enum": ["Pending", "Available", "Bound", "Released", "Failed"]}}}"#,
        obj: r#"{"enumStr": "Pending"}"#,
        valid: &[
            "self.enumStr == 'Pending'",
            "self.enumStr in ['Pending', 'Available']",
        ],
        errors: &[],
    },
    Row {
        name: "conversions",
        root: false,
        schema: r#"{"type": "object", "properties": {"val1": {"type": "integer"}, "val2": {"type": "number"}, "val3": {"type": "number"}, "val4": {"type": "number"}, "val5": {"type": "boolean"}, "val6": {"type": "string"}, "val7": {"type": "string", "format": "byte"}, "val8": {"type": "string"}, "val9": {"type": "string", "format": "duration"}, "val10": {"type": "string"}, "val11": {"type": "string", "format": "date-time"}, "val12": {"type": "string"}, "val13": {"type": "string", "format": "date"}}}"#,
        obj: r#"{"val1": 10, "val2": 10.0, "val3": 10.49, "val4": 10.5, "val5": true, "val6": "10", "val7": "MTA=", "val8": "3723.004s", "val9": "1h2m3s4ms", "val10": "2011-08-18T19:03:37.01+01:00", "val11": "2011-08-18T19:03:37.01+01:00", "val12": "2011-08-18T00:00:00Z", "val13": "2011-08-18"}"#,
        valid: &[
            "int(self.val2) == self.val1",
            "int(self.val3) == self.val1",
            "int(self.val4) == self.val1",
            "int(self.val6) == self.val1",
            "double(self.val1) == self.val2",
            "double(self.val6) == self.val2",
            "bytes(self.val6) == self.val7",
            "string(self.val1) == self.val6",
            "string(self.val2) == '10'",
            "string(self.val3) == '10.49'",
            "string(self.val4) == '10.5'",
            "string(self.val5) == 'true'",
            "string(self.val7) == self.val6",
            "duration(self.val8) == self.val9",
            "string(self.val9) == self.val8",
            "timestamp(self.val10) == self.val11",
            "string(self.val11) == self.val10",
            "timestamp(self.val12) == self.val13",
            "string(self.val13) == self.val12",
        ],
        errors: &[],
    },
    Row {
        name: "lists",
        root: false,
        schema: r#"{"type": "object", "properties": {"val1": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "integer"}}, "val2": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "integer"}}}}"#,
        obj: r#"{"val1": [1, 2, 3], "val2": [1, 2, 3]}"#,
        valid: &[
            "self.val1 == [1, 2, 3] && [1, 2, 3] == self.val1 && self.val1 == self.val2",
            "1 in self.val1",
            "self.val2[0] in self.val1",
            "!(0 in self.val1)",
            "self.val1 + self.val2 == [1, 2, 3, 1, 2, 3]",
            "self.val1 + [4, 5] == [1, 2, 3, 4, 5]",
        ],
        errors: &[
            ("[1, 'a', false].filter(x, string(x) == 'a')", "compilation failed: ERROR: <input>:1:5: expected type 'int' but found 'string'"),
        ],
    },
    Row {
        name: "ext lists version 3",
        root: false,
        schema: r#"{"type": "object", "properties": {"val1": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "integer"}}, "val2": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "integer"}}}}"#,
        obj: r#"{"val1": [1, 2, 3], "val2": [1, 2, 3]}"#,
        valid: LISTS_V3,
        errors: &[
            ("[1,2,3,4].slice(3, 0) != [1,2]", "cannot slice(3, 0), start index must be less than or equal to end index"),
            ("[1,2,3,4].slice(0, 10) != [1,2]", "cannot slice(0, 10), list is length 4"),
            ("[1,2,3,4].slice(-5, 10) != [1,2]", "cannot slice(-5, 10), negative indexes not supported"),
            ("[1,2,3,4].slice(-5, -3) != [1,2]", "cannot slice(-5, -3), negative indexes not supported"),
            ("[[1],[2],[3,4]].flatten(-1) == [1,2,3,4]", "level must be non-negative evaluating rule: [[1],[2],[3,4]].flatten(-1) == [1,2,3,4]"),
            (r#"["d", 3, 2, "c"].sort() == ["a", "b", "c", "d"]"#, "expected type 'string' but found 'int'"),
        ],
    },
    Row {
        name: "string lists",
        root: false,
        schema: r#"{"type": "object", "properties": {"val1": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "string"}}}}"#,
        obj: r#"{"val1": ["a", "b", "c"]}"#,
        valid: &[
            "self.val1.join('-') == 'a-b-c'",
            "['a', 'b', 'c'].join('-') == 'a-b-c'",
            "self.val1.join() == 'abc'",
            "['a', 'b', 'c'].join() == 'abc'",
        ],
        errors: &[],
    },
    Row {
        name: "listSets",
        root: false,
        schema: r#"{"type": "object", "properties": {"val1": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "string"}}, "val2": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "string"}}}}"#,
        obj: r#"{"val1": ["a", "b", "c"], "val2": ["a", "c", "b"]}"#,
        valid: &[
            "self.val1 == ['c', 'b', 'a']",
            "self.val1 == self.val2",
            "'a' in self.val1",
            "self.val2[0] in self.val1",
            "!('x' in self.val1)",
            "self.val1 + self.val2 == ['a', 'b', 'c']",
            "self.val1 + ['c', 'd'] == ['a', 'b', 'c', 'd']",
            "self.val1.join('-') == 'a-b-c'",
            "['a', 'b', 'c'].join('-') == 'a-b-c'",
            "self.val1.join() == 'abc'",
            "['a', 'b', 'c'].join() == 'abc'",
            "sets.contains(['a', 'b'], [])",
            "sets.contains(['a', 'b'], ['b'])",
            "!sets.contains(['a', 'b'], ['c'])",
            "sets.equivalent([], [])",
            "sets.equivalent(['c', 'b', 'a'], ['b', 'c', 'a'])",
            "!sets.equivalent(['a', 'b'], ['b', 'c'])",
            "sets.intersects(['a', 'b'], ['b', 'c'])",
            "!sets.intersects([], [])",
            "!sets.intersects(['a', 'b'], [])",
            "!sets.intersects(['a', 'b'], ['c', 'd'])",
            "sets.contains([1, 2], [2])",
            "sets.contains([true, false], [false])",
            "sets.contains([1.25, 1.5], [1.5])",
            "sets.contains([{'a': 1}, {'b': 2}], [{'b': 2}])",
            "sets.contains([[1, 2], [3, 4]], [[3, 4]])",
            "sets.contains([timestamp('2000-01-01T00:00:00.000+01:00'), timestamp('2012-01-01T00:00:00.000+01:00')], [timestamp('2012-01-01T00:00:00.000+01:00')])",
            "sets.contains([duration('1h'), duration('2h')], [duration('2h')])",
            "sets.equivalent([1, 2], [1, 2])",
            "sets.equivalent([true, false], [true, false])",
            "sets.equivalent([1.25, 1.5], [1.25, 1.5])",
            "sets.equivalent([{'a': 1}, {'b': 2}], [{'a': 1}, {'b': 2}])",
            "sets.equivalent([[1, 2], [3, 4]], [[1, 2], [3, 4]])",
            "sets.equivalent([timestamp('2012-01-01T00:00:00.000+01:00')], [timestamp('2012-01-01T00:00:00.000+01:00')])",
            "sets.equivalent([duration('1h'), duration('2h')], [duration('1h'), duration('2h')])",
            "sets.intersects([1, 2], [2])",
            "sets.intersects([true, false], [false])",
            "sets.intersects([1.25, 1.5], [1.5])",
            "sets.intersects([{'a': 1}, {'b': 2}], [{'b': 2}])",
            "sets.intersects([[1, 2], [3, 4]], [[3, 4]])",
            "sets.intersects([timestamp('2000-01-01T00:00:00.000+01:00'), timestamp('2012-01-01T00:00:00.000+01:00')], [timestamp('2012-01-01T00:00:00.000+01:00')])",
            "sets.intersects([duration('1h'), duration('2h')], [duration('2h')])",
        ],
        errors: &[],
    },
    Row {
        name: "listMaps",
        root: false,
        schema: r#"{"type": "object", "properties": {"objs": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k"], "items": {"type": "object", "properties": {"k": {"type": "string"}, "v": {"type": "string"}}}}}}}"#,
        obj: r#"{"objs": [[{"k": "a", "v": "1"}, {"k": "b", "v": "2"}], [{"k": "b", "v": "2"}, {"k": "a", "v": "1"}], [{"k": "b", "v": "3"}, {"k": "a", "v": "1"}], [{"k": "c", "v": "4"}]]}"#,
        valid: &[
            "self.objs[0] == self.objs[1]",
            "self.objs[0] + self.objs[2] == self.objs[2]",
            "self.objs[2] + self.objs[0] == self.objs[0]",
            "self.objs[0] == [self.objs[0][0], self.objs[0][1]]",
            "self.objs[0] == [self.objs[0][1], self.objs[0][0]]",
            "self.objs[2] + [self.objs[0][0], self.objs[0][1]] == self.objs[0]",
            "size(self.objs[0] + [self.objs[3][0]]) == 3",
        ],
        errors: &[
            ("self.objs[0] == {'k': 'a', 'v': '1'}", "no matching overload for '_==_'"),
        ],
    },
    Row {
        name: "maps",
        root: false,
        schema: r#"{"type": "object", "properties": {"val1": {"type": "object", "additionalProperties": {"type": "string"}}, "val2": {"type": "object", "additionalProperties": {"type": "string"}}}}"#,
        obj: r#"{"val1": {"k1": "a", "k2": "b"}, "val2": {"k2": "b", "k1": "a"}}"#,
        valid: &[
            "self.val1 == self.val2",
            "'k1' in self.val1",
            "!('k3' in self.val1)",
            "self.val1 == {'k1': 'a', 'k2': 'b'}",
        ],
        errors: &[
            ("{'k1': 'a', 'k2': 1, 'k2': false}", "expected type 'string' but found 'int'"),
        ],
    },
    Row {
        name: "objects",
        root: false,
        schema: r#"{"type": "object", "properties": {"objs": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "object", "properties": {"f1": {"type": "string"}, "f2": {"type": "string"}}}}}}"#,
        obj: r#"{"objs": [{"f1": "a", "f2": "b"}, {"f1": "a", "f2": "b"}]}"#,
        valid: &[
            "self.objs[0] == self.objs[1]",
        ],
        errors: &[
            ("self.objs[0] == {'f1': 'a', 'f2': 'b'}", "found no matching overload for '_==_'"),
        ],
    },
    Row {
        name: "object access",
        root: false,
        schema: r#"{"type": "object", "properties": {"a": {"type": "object", "properties": {"b": {"type": "integer"}, "c": {"type": "integer"}, "d": {"type": "integer", "nullable": true}}}, "a1": {"type": "object", "properties": {"b1": {"type": "object", "properties": {"c1": {"type": "integer"}}}, "d2": {"type": "object", "properties": {"e2": {"type": "integer"}}}}}}}"#,
        obj: r#"{"a": {"b": 1, "d": null}, "a1": {"b1": {"c1": 4}}, "a3": {}}"#,
        valid: &[
            "has(self.a.b)",
            "!has(self.a.c)",
            "!has(self.a.d)",
            "has(self.a1.b1.c1)",
            "!(has(self.a1.d2) && has(self.a1.d2.e2))",
            "!has(self.a1.d2)",
        ],
        errors: &[
            ("has(self.a.z)", "undefined field 'z'"),
            ("self.a['b'] == 1", "no matching overload for '_[_]'"),
            ("has(self.a1.d2.e2)", "no such key: d2"),
        ],
    },
    Row {
        name: "map access",
        root: false,
        schema: r#"{"type": "object", "properties": {"val": {"type": "object", "additionalProperties": {"type": "integer"}}}}"#,
        obj: r#"{"val": {"b": 1, "d": 2}}"#,
        valid: &[
            "!('a' in self.val)",
            "'b' in self.val",
            "!('c' in self.val)",
            "'d' in self.val",
            "!has(self.val.a)",
            "has(self.val.b)",
            "!has(self.val.c)",
            "has(self.val.d)",
            "self.val.all(k, self.val[k] > 0)",
            "self.val.exists(k, self.val[k] > 1)",
            "self.val.exists_one(k, self.val[k] == 2)",
            "!self.val.exists(k, self.val[k] > 2)",
            "!self.val.exists_one(k, self.val[k] > 0)",
            "size(self.val) == 2",
            "self.val.map(k, self.val[k]).exists(v, v == 1)",
            "size(self.val.filter(k, self.val[k] > 1)) == 1",
            "self.val.all(k, v, v > 0)",
            "self.val.exists(k, v, v == 2)",
            "self.val.existsOne(k, v, v == 2)",
            "self.val.transformMap(k, v, v > 1, v + 1).size() == 1",
            "self.val.transformMap(k, v, v + 1).size() == 2",
            "self.val.transformMapEntry(k, v, v > 1, {k + '2': v + 1}).size() == 1",
            "self.val.transformMapEntry(k, v, {k + '2': v + 1}).size() == 2",
        ],
        errors: &[
            ("self.val['c'] == 1", "no such key: c"),
        ],
    },
    Row {
        name: "listMap access",
        root: false,
        schema: r#"{"type": "object", "properties": {"listMap": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k"], "items": {"type": "object", "properties": {"k": {"type": "string"}, "v": {"type": "string"}, "v2": {"type": "string"}}}}}}"#,
        obj: r#"{"listMap": [{"k": "a1", "v": "b1"}, {"k": "a2", "v": "b2"}, {"k": "a3", "v": "b3", "v2": "z"}]}"#,
        valid: &[
            "has(self.listMap[0].v)",
            "self.listMap.all(m, m.k.startsWith('a'))",
            "self.listMap.all(m, !has(m.v2) || m.v2 == 'z')",
            "self.listMap.exists(m, m.k.endsWith('1'))",
            "self.listMap.exists_one(m, m.k == 'a3')",
            "!self.listMap.all(m, m.k.endsWith('1'))",
            "!self.listMap.exists(m, m.v == 'x')",
            "!self.listMap.exists_one(m, m.k.startsWith('a'))",
            "size(self.listMap.filter(m, m.k == 'a1')) == 1",
            "self.listMap.exists(m, m.k == 'a1' && m.v == 'b1')",
            "self.listMap.map(m, m.v).exists(v, v == 'b1')",
            "self.listMap.exists(m, has(m.v2) && m.v2 == 'z')",
            "!self.listMap.all(m, has(m.v2) && m.v2 != 'z')",
            "self.listMap.exists_one(m, has(m.v2) && m.v2 == 'z')",
            "self.listMap.filter(m, has(m.v2) && m.v2 == 'z').size() == 1",
            "self.listMap.map(m, has(m.v2) && m.v2 == 'z', m.v2).size() == 1",
            "self.listMap.filter(m, has(m.v2) && m.v2 == 'z').map(m, m.v2).size() == 1",
            "self.listMap.exists(m, m.v2 == 'z')",
            "!self.listMap.all(m, m.v2 != 'z')",
            "!self.listMap.all(i, m, has(m.v2) && m.v2 != 'z')",
            "self.listMap.exists(i, m, has(m.v2) && m.v2 == 'z')",
            "self.listMap.existsOne(i, m, has(m.v2) && m.v2 == 'z')",
            "self.listMap.transformList(i, m, has(m.v2) && m.v2 == 'z', m.v2).size() == 1",
            "self.listMap.transformList(i, m, m.v).size() == 3",
        ],
        errors: &[
            ("self.listMap.all(m, m.v2 == 'z')", "no such key: v2"),
            ("self.listMap.exists_one(m, m.v2 == 'z')", "no such key: v2"),
            ("self.listMap.filter(m, m.v2 == 'z').size() == 1", "no such key: v2"),
            ("self.listMap.map(m, m.v2).size() == 1", "no such key: v2"),
            ("self.listMap.map(m, m.v2 == 'z', m.v2).size() == 1", "no such key: v2"),
        ],
    },
    Row {
        name: "list access",
        root: false,
        schema: r#"{"type": "object", "properties": {"array": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "integer"}}}}"#,
        obj: r#"{"array": [1, 1, 2, 2, 3, 3, 4, 5]}"#,
        valid: &[
            "2 in self.array",
            "self.array.all(e, e > 0)",
            "self.array.exists(e, e > 2)",
            "self.array.exists_one(e, e > 4)",
            "!self.array.all(e, e < 2)",
            "!self.array.exists(e, e < 0)",
            "!self.array.exists_one(e, e == 2)",
            "self.array.all(e, e < 100)",
            "size(self.array.filter(e, e%2 == 0)) == 3",
            "self.array.map(e, e * 20).filter(e, e > 50).exists(e, e == 60)",
            "size(self.array) == 8",
            "self.array.all(i, e, e > 0)",
            "self.array.exists(i, e, e > 2)",
            "self.array.existsOne(i, e, e > 4)",
            "self.array.transformList(i, e, e > 2, e * 2).size() > 0",
            "self.array.transformList(i, e, e * 2).size() > 0",
        ],
        errors: &[
            ("self.array[100] == 0", "index out of bounds: 100"),
        ],
    },
    Row {
        name: "listSet access",
        root: false,
        schema: r#"{"type": "object", "properties": {"set": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "integer"}}}}"#,
        obj: r#"{"set": [1, 2, 3, 4, 5]}"#,
        valid: &[
            "3 in self.set",
            "self.set.all(e, e > 0)",
            "self.set.exists(e, e > 3)",
            "self.set.exists_one(e, e == 3)",
            "!self.set.all(e, e < 3)",
            "!self.set.exists(e, e < 0)",
            "!self.set.exists_one(e, e > 3)",
            "self.set.all(e, e < 10)",
            "size(self.set.filter(e, e%2 == 0)) == 2",
            "self.set.map(e, e * 20).filter(e, e > 50).exists_one(e, e == 60)",
            "size(self.set) == 5",
        ],
        errors: &[],
    },
    Row {
        name: "typemeta and objectmeta access specified",
        root: false,
        schema: r#"{"type": "object", "properties": {"kind": {"type": "string"}, "apiVersion": {"type": "string"}, "metadata": {"type": "object", "properties": {"name": {"type": "string"}, "generateName": {"type": "string"}}}}}"#,
        obj: r#"{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "foo", "generateName": "pickItForMe", "namespace": "xyz"}}"#,
        valid: &[
            "self.kind == 'Pod'",
            "self.apiVersion == 'v1'",
            "self.metadata.name == 'foo'",
            "self.metadata.generateName == 'pickItForMe'",
        ],
        errors: &[
            ("has(self.metadata.namespace)", "undefined field 'namespace'"),
        ],
    },
    Row {
        name: "typemeta and objectmeta access not specified",
        root: true,
        schema: r#"{"type": "object", "properties": {"spec": {"type": "object", "properties": {"field1": {"type": "string"}}}}}"#,
        obj: r#"{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "foo", "generateName": "pickItForMe", "namespace": "xyz"}, "spec": {"field1": "a"}}"#,
        valid: &[
            "self.kind == 'Pod'",
            "self.apiVersion == 'v1'",
            "self.metadata.name == 'foo'",
            "self.metadata.generateName == 'pickItForMe'",
            "self.spec.field1 == 'a'",
        ],
        errors: &[
            ("has(self.metadata.namespace)", "undefined field 'namespace'"),
        ],
    },
    Row {
        name: "embedded object",
        root: false,
        schema: r#"{"type": "object", "properties": {"embedded": {"type": "object", "x-kubernetes-embedded-resource": true}}}"#,
        obj: r#"{"embedded": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "foo", "generateName": "pickItForMe", "namespace": "xyz"}, "spec": {"field1": "a"}}}"#,
        valid: &[
            "self.embedded.kind == 'Pod'",
            "self.embedded.apiVersion == 'v1'",
            "self.embedded.metadata.name == 'foo'",
            "self.embedded.metadata.generateName == 'pickItForMe'",
        ],
        errors: &[
            ("has(self.embedded.metadata.namespace)", "undefined field 'namespace'"),
            ("has(self.embedded.spec)", "undefined field 'spec'"),
        ],
    },
    Row {
        name: "embedded object with properties",
        root: false,
        schema: r#"{"type": "object", "properties": {"embedded": {"type": "object", "x-kubernetes-embedded-resource": true, "properties": {"kind": {"type": "string"}, "apiVersion": {"type": "string"}, "metadata": {"type": "object", "properties": {"name": {"type": "string"}, "generateName": {"type": "string"}}}, "spec": {"type": "object", "properties": {"field1": {"type": "string"}}}}}}}"#,
        obj: r#"{"embedded": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "foo", "generateName": "pickItForMe", "namespace": "xyz"}, "spec": {"field1": "a"}}}"#,
        valid: &[
            "self.embedded.kind == 'Pod'",
            "self.embedded.apiVersion == 'v1'",
            "self.embedded.metadata.name == 'foo'",
            "self.embedded.metadata.generateName == 'pickItForMe'",
            "self.embedded.spec.field1 == 'a'",
        ],
        errors: &[
            ("has(self.embedded.metadata.namespace)", "undefined field 'namespace'"),
        ],
    },
    Row {
        name: "embedded object with usage of reserved keywords",
        root: false,
        schema: r#"{"type": "object", "properties": {"embedded": {"type": "object", "x-kubernetes-embedded-resource": true, "properties": {"kind": {"type": "string"}, "apiVersion": {"type": "string"}, "metadata": {"type": "object", "properties": {"name": {"type": "string"}, "generateName": {"type": "string"}, "namespace": {"type": "string"}}}, "spec": {"type": "object", "properties": {"if": {"type": "string"}}}}}}}"#,
        obj: r#"{"embedded": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "foo", "generateName": "pickItForMe", "namespace": "reserved_keyword_namespace"}, "spec": {"if": "reserved_keyword_if"}}}"#,
        valid: &[
            "has(self.embedded.metadata.namespace)",
            "self.embedded.metadata.namespace == 'reserved_keyword_namespace'",
            "has(self.embedded.spec.if)",
            "self.embedded.spec.if == 'reserved_keyword_if'",
        ],
        errors: &[],
    },
    Row {
        name: "embedded object with preserve unknown",
        root: false,
        schema: r#"{"type": "object", "properties": {"embedded": {"type": "object", "x-kubernetes-preserve-unknown-fields": true, "x-kubernetes-embedded-resource": true}}}"#,
        obj: r#"{"embedded": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "foo", "generateName": "pickItForMe", "namespace": "xyz"}, "spec": {"field1": "a"}}}"#,
        valid: &[
            "self.embedded.kind == 'Pod'",
            "self.embedded.apiVersion == 'v1'",
            "self.embedded.metadata.name == 'foo'",
            "self.embedded.metadata.generateName == 'pickItForMe'",
            "has(self.embedded)",
        ],
        errors: &[
            ("has(self.embedded.spec)", "undefined field 'spec'"),
        ],
    },
    Row {
        name: "string in intOrString",
        root: false,
        schema: r#"{"type": "object", "properties": {"something": {"x-kubernetes-int-or-string": true}}}"#,
        obj: r#"{"something": "25%"}"#,
        valid: &[
            "self.something == '25%'",
            "self.something != 1",
            "self.something == 1 || self.something == '25%'",
            "self.something == '25%' || self.something == 1",
            "type(self.something) == string && self.something == '25%'",
            "type(self.something) == int ? self.something == 1 : self.something == '25%'",
            "self.something != ['anything']",
        ],
        errors: &[],
    },
    Row {
        name: "int in intOrString",
        root: false,
        schema: r#"{"type": "object", "properties": {"something": {"x-kubernetes-int-or-string": true}}}"#,
        obj: r#"{"something": 1}"#,
        valid: &[
            "self.something == 1",
            "self.something != 'some string'",
            "self.something == 1 || self.something == '25%'",
            "self.something == '25%' || self.something == 1",
            "type(self.something) == int && self.something == 1",
            "type(self.something) == int ? self.something == 1 : self.something == '25%'",
            "self.something != ['anything']",
        ],
        errors: &[],
    },
    Row {
        name: "null in intOrString",
        root: false,
        schema: r#"{"type": "object", "properties": {"something": {"x-kubernetes-int-or-string": true, "nullable": true}}}"#,
        obj: r#"{"something": null}"#,
        valid: &[
            "!has(self.something)",
        ],
        errors: &[
            ("type(self.something) == int", "no such key"),
        ],
    },
    Row {
        name: "percent comparison using intOrString",
        root: false,
        schema: r#"{"type": "object", "properties": {"min": {"x-kubernetes-int-or-string": true}, "current": {"type": "integer"}, "available": {"type": "integer"}}}"#,
        obj: r#"{"min": "50%", "current": 5, "available": 10}"#,
        valid: &[
            r#"type(self.min) == string && self.min.matches(r'(\d+(\.\d+)?%)')"#,
            "type(self.min) == int ? self.current <= self.min : double(self.current) / double(self.available) >= double(self.min.replace('%', '')) / 100.0",
        ],
        errors: &[],
    },
    Row {
        name: "preserve unknown fields",
        root: false,
        schema: r#"{"type": "object", "properties": {"withUnknown": {"type": "object", "x-kubernetes-preserve-unknown-fields": true}, "withUnknownList": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "object", "x-kubernetes-preserve-unknown-fields": true}}, "withUnknownFieldList": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "object", "properties": {"fieldOfUnknownType": {"x-kubernetes-preserve-unknown-fields": true}}}}, "anyvalList": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"x-kubernetes-preserve-unknown-fields": true}}, "anyvalMap": {"type": "object", "additionalProperties": {"x-kubernetes-preserve-unknown-fields": true}}, "anyvalField1": {"x-kubernetes-preserve-unknown-fields": true}, "anyvalField2": {"x-kubernetes-preserve-unknown-fields": true}}}"#,
        obj: r#"{"withUnknown": {"field1": "a", "field2": "b"}, "withUnknownList": [{"field1": "a", "field2": "b"}, {"field1": "x", "field2": "y"}, {"field1": "x", "field2": "y"}, {}, {}], "withUnknownFieldList": [{"fieldOfUnknownType": "a"}, {"fieldOfUnknownType": 1}, {"fieldOfUnknownType": 1}], "anyvalList": ["a", 2], "anyvalMap": {"k": "1"}, "anyvalField1": 1, "anyvalField2": "a"}"#,
        valid: &[
            "has(self.withUnknown)",
            "self.withUnknownList.size() == 5",
            "self.withUnknownList[1] == self.withUnknownList[2]",
            "self.withUnknownList[3] == self.withUnknownList[4]",
            "self.withUnknownFieldList[1] == self.withUnknownFieldList[2]",
            "self.withUnknownList[0] != self.withUnknownList[1]",
            "self.withUnknownFieldList[0] != self.withUnknownFieldList[1]",
        ],
        errors: &[
            ("has(self.withUnknown.field1)", "undefined field 'field1'"),
            ("has(self.anyvalList)", "undefined field 'anyvalList'"),
            ("has(self.anyvalMap)", "undefined field 'anyvalMap'"),
            ("has(self.anyvalField1)", "undefined field 'anyvalField1'"),
            ("has(self.anyvalField2)", "undefined field 'anyvalField2'"),
        ],
    },
    Row {
        name: "known and unknown fields",
        root: false,
        schema: r#"{"type": "object", "properties": {"withUnknown": {"type": "object", "x-kubernetes-preserve-unknown-fields": true, "properties": {"known": {"type": "integer"}}}, "withUnknownList": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "object", "x-kubernetes-preserve-unknown-fields": true, "properties": {"known": {"type": "integer"}}}}}}"#,
        obj: r#"{"withUnknown": {"known": 1, "unknown": "a"}, "withUnknownList": [{"known": 1, "unknown": "a"}, {"known": 1, "unknown": "b"}, {"known": 1, "unknown": "b"}, {"known": 1}, {"known": 1}, {"known": 2}]}"#,
        valid: &[
            "self.withUnknown.known == 1",
            "self.withUnknownList[1] == self.withUnknownList[2]",
            "self.withUnknownList[0] != self.withUnknownList[5]",
            "self.withUnknownList[3] == self.withUnknownList[4]",
            "self.withUnknownList[4] != self.withUnknownList[5]",
            "self.withUnknownList[0] != self.withUnknownList[1]",
            "self.withUnknownList[0] != self.withUnknownList[1]",
            "self.withUnknownList[0] != self.withUnknownList[3]",
        ],
        errors: &[
            ("has(self.withUnknown.unknown)", "undefined field 'unknown'"),
        ],
    },
    Row {
        name: "field nullability",
        root: false,
        schema: r#"{"type": "object", "properties": {"unsetPlainStr": {"type": "string"}, "unsetDefaultedStr": {"type": "string", "default": "default value"}, "unsetNullableStr": {"type": "string", "nullable": true}, "setPlainStr": {"type": "string"}, "setDefaultedStr": {"type": "string", "default": "default value"}, "setNullableStr": {"type": "string", "nullable": true}, "setToNullNullableStr": {"type": "string", "nullable": true}}}"#,
        obj: r#"{"setPlainStr": "v1", "setDefaultedStr": "v2", "setNullableStr": "v3", "setToNullNullableStr": null, "unsetDefaultedStr": "default value"}"#,
        valid: &[
            "!has(self.unsetPlainStr)",
            "has(self.unsetDefaultedStr) && self.unsetDefaultedStr == 'default value'",
            "!has(self.unsetNullableStr)",
            "has(self.setPlainStr) && self.setPlainStr == 'v1'",
            "has(self.setDefaultedStr) && self.setDefaultedStr == 'v2'",
            "has(self.setNullableStr) && self.setNullableStr == 'v3'",
            "type(self.setNullableStr) != null_type",
            "!has(self.setToNullNullableStr)",
        ],
        errors: &[
            ("self.unsetPlainStr == null", "no matching overload for '_==_' applied to '(string, null)"),
            ("self.unsetDefaultedStr != null", "no matching overload for '_!=_' applied to '(string, null)"),
            ("self.unsetNullableStr == null", "no matching overload for '_==_' applied to '(string, null)"),
            ("self.setPlainStr != null", "no matching overload for '_!=_' applied to '(string, null)"),
            ("self.setDefaultedStr != null", "no matching overload for '_!=_' applied to '(string, null)"),
            ("self.setNullableStr != null", "no matching overload for '_!=_' applied to '(string, null)"),
        ],
    },
    Row {
        name: "null values in container types",
        root: false,
        schema: r#"{"type": "object", "properties": {"m": {"type": "object", "additionalProperties": {"type": "string", "nullable": true}}, "l": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "string", "nullable": true}}, "s": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "string", "nullable": true}}}}"#,
        obj: r#"{"m": {"a": null, "b": "not-nil"}, "l": [null, "not-nil"], "s": [null, "not-nil"]}"#,
        valid: &[
            "self.m.size() == 2",
            "'a' in self.m",
            "type(self.m['a']) == null_type",
            "self.l.size() == 2",
            "type(self.l[0]) == null_type",
            "self.s.size() == 2",
            "type(self.s[0]) == null_type",
        ],
        errors: &[],
    },
    Row {
        name: "escaping",
        root: false,
        schema: r#"{"type": "object", "properties": {"true": {"type": "integer"}, "false": {"type": "integer"}, "null": {"type": "integer"}, "in": {"type": "integer"}, "as": {"type": "integer"}, "break": {"type": "integer"}, "const": {"type": "integer"}, "continue": {"type": "integer"}, "else": {"type": "integer"}, "for": {"type": "integer"}, "function": {"type": "integer"}, "if": {"type": "integer"}, "import": {"type": "integer"}, "let": {"type": "integer"}, "loop": {"type": "integer"}, "package": {"type": "integer"}, "namespace": {"type": "integer"}, "return": {"type": "integer"}, "var": {"type": "integer"}, "void": {"type": "integer"}, "while": {"type": "integer"}, "int": {"type": "integer"}, "uint": {"type": "integer"}, "double": {"type": "integer"}, "bool": {"type": "integer"}, "string": {"type": "integer"}, "bytes": {"type": "integer"}, "list": {"type": "integer"}, "map": {"type": "integer"}, "null_type": {"type": "integer"}, "type": {"type": "integer"}, "self": {"type": "integer"}, "getDate": {"type": "integer"}, "all": {"type": "integer"}, "size": {"type": "string"}, "_true": {"type": "integer"}, "dot.dot": {"type": "integer"}, "dash-dash": {"type": "integer"}, "slash/slash": {"type": "integer"}, "underscore_underscore": {"type": "integer"}, "doubleunderscore__doubleunderscore": {"type": "integer"}}}"#,
        obj: r#"{"true": 1, "false": 2, "null": 3, "in": 4, "as": 5, "break": 6, "const": 7, "continue": 8, "else": 9, "for": 10, "function": 11, "if": 12, "import": 13, "let": 14, "loop": 15, "package": 16, "namespace": 17, "return": 18, "var": 19, "void": 20, "while": 21, "int": 101, "uint": 102, "double": 103, "bool": 104, "string": 105, "bytes": 106, "list": 107, "map": 108, "null_type": 109, "type": 110, "self": 201, "getDate": 202, "all": 203, "size": "204", "_true": 301, "dot.dot": 401, "dash-dash": 402, "slash/slash": 403, "underscore_underscore": 404, "doubleunderscore__doubleunderscore": 405}"#,
        valid: &[
            "self.__true__ == 1",
            "self.__false__ == 2",
            "self.__null__ == 3",
            "self.__in__ == 4",
            "self.__as__ == 5",
            "self.__break__ == 6",
            "self.__const__ == 7",
            "self.__continue__ == 8",
            "self.__else__ == 9",
            "self.__for__ == 10",
            "self.__function__ == 11",
            "self.__if__ == 12",
            "self.__import__ == 13",
            "self.__let__ == 14",
            "self.__loop__ == 15",
            "self.__package__ == 16",
            "self.__namespace__ == 17",
            "self.__return__ == 18",
            "self.__var__ == 19",
            "self.__void__ == 20",
            "self.__while__ == 21",
            "self.__true__ == 1",
            "self.int == 101",
            "self.uint == 102",
            "self.double == 103",
            "self.bool == 104",
            "self.string == 105",
            "self.bytes == 106",
            "self.list == 107",
            "self.map == 108",
            "self.null_type == 109",
            "self.type == 110",
            "self.self == 201",
            "self.getDate == 202",
            "self.all == 203",
            "self.size == '204'",
            "self._true == 301",
            "self.__true__ != 301",
            "self.dot__dot__dot == 401",
            "self.dash__dash__dash == 402",
            "self.slash__slash__slash == 403",
            "self.underscore_underscore == 404",
            "self.doubleunderscore__underscores__doubleunderscore == 405",
        ],
        errors: &[
            ("self.true == 1", "mismatched input 'true' expecting IDENTIFIER"),
            ("self == 201", "found no matching overload for '_==_'"),
            ("self.__illegal__ == 301", "undefined field '__illegal__'"),
        ],
    },
    Row {
        name: "map keys are not escaped",
        root: false,
        schema: r#"{"type": "object", "properties": {"m": {"type": "object", "additionalProperties": {"type": "integer"}}}}"#,
        obj: r#"{"m": {"@": 1, "9": 2, "int": 3, "./-": 4, "👑": 5}}"#,
        valid: &[
            "self.m['@'] == 1",
            "self.m['9'] == 2",
            "self.m['int'] == 3",
            "self.m['./-'] == 4",
            "self.m['👑'] == 5",
        ],
        errors: &[],
    },
    Row {
        name: "object types are not accessible",
        root: false,
        schema: r#"{"type": "object", "properties": {"nestedInMap": {"type": "object", "additionalProperties": {"type": "object", "properties": {"inMapField": {"type": "integer"}}}}, "nestedInList": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "object", "properties": {"inListField": {"type": "integer"}}}}}}"#,
        obj: r#"{"nestedInMap": {"k1": {"inMapField": 1}, "k2": {"inMapField": 2}}, "nestedInList": [{"inListField": 1}, {"inListField": 2}]}"#,
        valid: &[
            "type(self) == type(self)",
            "type(self.nestedInMap['k1']) == type(self.nestedInMap['k2'])",
            "type(self.nestedInList[0]) == type(self.nestedInList[1])",
        ],
        errors: &[
            ("string(type(self.nestedInList[0])).endsWith('.nestedInList.@idx')", "found no matching overload for 'string' applied to '(type"),
        ],
    },
    Row {
        name: "listMaps with unsupported identity characters in property names",
        root: false,
        schema: r#"{"type": "object", "properties": {"objs": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k!", "k."], "items": {"type": "object", "properties": {"k!": {"type": "string"}, "k.": {"type": "string"}}}}}}}"#,
        obj: r#"{"objs": [[{"k!": "a", "k.": "1"}, {"k!": "b", "k.": "2"}], [{"k!": "b", "k.": "2"}, {"k!": "a", "k.": "1"}], [{"k!": "b", "k.": "2"}, {"k!": "c", "k.": "1"}], [{"k!": "b", "k.": "2"}, {"k!": "a", "k.": "3"}]]}"#,
        valid: &[
            "self.objs[0][0].k__dot__ == '1'",
            "self.objs[0] != self.objs[2]",
            "self.objs[0] != self.objs[3]",
            "self.objs[0] == self.objs[1]",
        ],
        errors: &[
            ("self.objs[0][0].k! == '1'", "Syntax error: mismatched input '!' expecting"),
        ],
    },
    Row {
        name: "container type composition",
        root: false,
        schema: r#"{"type": "object", "properties": {"obj": {"type": "object", "properties": {"field": {"type": "string"}}}, "mapOfMap": {"type": "object", "additionalProperties": {"type": "object", "additionalProperties": {"type": "string"}}}, "mapOfObj": {"type": "object", "additionalProperties": {"type": "object", "properties": {"field2": {"type": "string"}}}}, "mapOfListMap": {"type": "object", "additionalProperties": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k"], "items": {"type": "object", "properties": {"k": {"type": "string"}, "v": {"type": "string"}}}}}, "mapOfList": {"type": "object", "additionalProperties": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "string"}}}, "listMapOfObj": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k2"], "items": {"type": "object", "properties": {"k2": {"type": "string"}, "v2": {"type": "string"}}}}, "listOfMap": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "object", "additionalProperties": {"type": "string"}}}, "listOfObj": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "object", "properties": {"field3": {"type": "string"}}}}, "listOfListMap": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k3"], "items": {"type": "object", "properties": {"k3": {"type": "string"}, "v3": {"type": "string"}}}}}}}"#,
        obj: r#"{"obj": {"field": "a"}, "mapOfMap": {"x": {"y": "b"}}, "mapOfObj": {"k": {"field2": "c"}}, "mapOfListMap": {"o": [{"k": "1", "v": "d"}]}, "mapOfList": {"l": ["e"]}, "listMapOfObj": [{"k2": "2", "v2": "f"}], "listOfMap": [{"z": "g"}], "listOfObj": [{"field3": "h"}], "listOfListMap": [[{"k3": "3", "v3": "i"}]]}"#,
        valid: &[
            "self.obj.field == 'a'",
            "self.mapOfMap['x']['y'] == 'b'",
            "self.mapOfObj['k'].field2 == 'c'",
            "self.mapOfListMap['o'].exists(e, e.k == '1' && e.v == 'd')",
            "self.mapOfList['l'][0] == 'e'",
            "self.listMapOfObj.exists(e, e.k2 == '2' && e.v2 == 'f')",
            "self.listOfMap[0]['z'] == 'g'",
            "self.listOfObj[0].field3 == 'h'",
            "self.listOfListMap[0].exists(e, e.k3 == '3' && e.v3 == 'i')",
        ],
        errors: &[],
    },
    Row {
        name: "invalid data",
        root: false,
        schema: r#"{"type": "object", "properties": {"o": {"type": "object", "properties": {"field": {"type": "string"}}}, "m": {"type": "object", "additionalProperties": {"type": "string"}}, "l": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "string"}}, "s": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "string"}}, "lm": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k"], "items": {"type": "object", "properties": {"k": {"type": "string"}, "v": {"type": "string"}}}}, "intorstring": {"x-kubernetes-int-or-string": true}, "nullable": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "string"}}}}"#,
        obj: r#"{"o": [], "m": [], "l": {}, "s": {}, "lm": {}, "intorstring": true, "nullable": [null]}"#,
        valid: &[],
        errors: &[],
    },
    Row {
        name: "stdlib list functions",
        root: false,
        schema: r#"{"type": "object", "properties": {"ints": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "integer"}}, "unsortedInts": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "integer"}}, "emptyInts": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "integer"}}, "doubles": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "number", "format": "double"}}, "unsortedDoubles": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "number", "format": "double"}}, "emptyDoubles": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "number", "format": "double"}}, "intBackedDoubles": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "number", "format": "double"}}, "unsortedIntBackedDDoubles": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "number", "format": "double"}}, "emptyIntBackedDDoubles": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "number", "format": "double"}}, "durations": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "string", "format": "duration"}}, "unsortedDurations": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "string", "format": "duration"}}, "emptyDurations": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "string", "format": "duration"}}, "strings": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "string"}}, "unsortedStrings": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "string"}}, "emptyStrings": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "string"}}, "dates": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "string", "format": "date"}}, "unsortedDates": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "string", "format": "date"}}, "emptyDates": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "string", "format": "date"}}, "objs": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "object", "properties": {"f1": {"type": "string"}, "f2": {"type": "string"}}}}}}"#,
        obj: r#"{"ints": [1, 2, 2, 3], "unsortedInts": [2, 1], "emptyInts": [], "doubles": [1.0, 2.0, 2.0, 3.0], "unsortedDoubles": [2.0, 1.0], "emptyDoubles": [], "intBackedDoubles": [1, 2, 2, 3], "unsortedIntBackedDDoubles": [2, 1], "emptyIntBackedDDoubles": [], "durations": ["1s", "1m", "1m", "1h"], "unsortedDurations": ["1m", "1s"], "emptyDurations": [], "strings": ["a", "b", "b", "c"], "unsortedStrings": ["b", "a"], "emptyStrings": [], "dates": ["2000-01-01", "2000-02-01", "2000-02-01", "2010-01-01"], "unsortedDates": ["2000-02-01", "2000-01-01"], "emptyDates": [], "objs": [{"f1": "a", "f2": "a"}, {"f1": "a", "f2": "b"}, {"f1": "a", "f2": "b"}, {"f1": "a", "f2": "c"}]}"#,
        valid: &[
            "self.ints.sum() == 8",
            "self.ints.min() == 1",
            "self.ints.max() == 3",
            "self.emptyInts.sum() == 0",
            "self.ints.isSorted()",
            "self.emptyInts.isSorted()",
            "self.unsortedInts.isSorted() == false",
            "self.ints.indexOf(2) == 1",
            "self.ints.lastIndexOf(2) == 2",
            "self.ints.indexOf(10) == -1",
            "self.ints.lastIndexOf(10) == -1",
            "self.doubles.sum() == 8.0",
            "self.doubles.min() == 1.0",
            "self.doubles.max() == 3.0",
            "self.emptyDoubles.sum() == 0.0",
            "self.doubles.isSorted()",
            "self.emptyDoubles.isSorted()",
            "self.unsortedDoubles.isSorted() == false",
            "self.doubles.indexOf(2.0) == 1",
            "self.doubles.lastIndexOf(2.0) == 2",
            "self.doubles.indexOf(10.0) == -1",
            "self.doubles.lastIndexOf(10.0) == -1",
            "self.intBackedDoubles.sum() == 8.0",
            "self.intBackedDoubles.min() == 1.0",
            "self.intBackedDoubles.max() == 3.0",
            "self.emptyIntBackedDDoubles.sum() == 0.0",
            "self.intBackedDoubles.isSorted()",
            "self.emptyDoubles.isSorted()",
            "self.unsortedIntBackedDDoubles.isSorted() == false",
            "self.intBackedDoubles.indexOf(2.0) == 1",
            "self.intBackedDoubles.lastIndexOf(2.0) == 2",
            "self.intBackedDoubles.indexOf(10.0) == -1",
            "self.intBackedDoubles.lastIndexOf(10.0) == -1",
            "self.durations.sum() == duration('1h2m1s')",
            "self.durations.min() == duration('1s')",
            "self.durations.max() == duration('1h')",
            "self.emptyDurations.sum() == duration('0')",
            "self.durations.isSorted()",
            "self.emptyDurations.isSorted()",
            "self.unsortedDurations.isSorted() == false",
            "self.durations.indexOf(duration('1m')) == 1",
            "self.durations.lastIndexOf(duration('1m')) == 2",
            "self.durations.indexOf(duration('2m')) == -1",
            "self.durations.lastIndexOf(duration('2m')) == -1",
            "self.strings.min() == 'a'",
            "self.strings.max() == 'c'",
            "self.strings.isSorted()",
            "self.emptyStrings.isSorted()",
            "self.unsortedStrings.isSorted() == false",
            "self.strings.indexOf('b') == 1",
            "self.strings.lastIndexOf('b') == 2",
            "self.strings.indexOf('x') == -1",
            "self.strings.lastIndexOf('x') == -1",
            "self.dates.min() == timestamp('2000-01-01T00:00:00.000Z')",
            "self.dates.max() == timestamp('2010-01-01T00:00:00.000Z')",
            "self.dates.isSorted()",
            "self.emptyDates.isSorted()",
            "self.unsortedDates.isSorted() == false",
            "self.dates.indexOf(timestamp('2000-02-01T00:00:00.000Z')) == 1",
            "self.dates.lastIndexOf(timestamp('2000-02-01T00:00:00.000Z')) == 2",
            "self.dates.indexOf(timestamp('2005-02-01T00:00:00.000Z')) == -1",
            "self.dates.lastIndexOf(timestamp('2005-02-01T00:00:00.000Z')) == -1",
            "[[1], [2]].indexOf([1]) == 0",
            "[{'a': 1}, {'b': 2}].lastIndexOf({'b': 2}) == 1",
            "self.objs.indexOf(self.objs[1]) == 1",
            "self.objs.lastIndexOf(self.objs[1]) == 2",
            "([0] + self.emptyInts).min() == 0",
            "dyn([]).sum() == 0",
            "dyn([1, 2]).sum() == 3",
            "dyn([1.0, 2.0]).sum() == 3.0",
            "[].sum() == 0",
        ],
        errors: &[
            ("self.emptyInts.min() == 1", "min called on empty list"),
            ("self.emptyInts.max() == 3", "max called on empty list"),
            ("self.emptyDoubles.min() == 1.0", "min called on empty list"),
            ("self.emptyDoubles.max() == 3.0", "max called on empty list"),
            ("self.emptyStrings.min() == 'a'", "min called on empty list"),
            ("self.emptyStrings.max() == 'c'", "max called on empty list"),
            ("['a', 'b'].sum() == 'c'", "found no matching overload for 'sum' applied to 'list(string).()"),
            ("[[1], [2]].min() == [1]", "found no matching overload for 'min' applied to 'list(list(int)).()"),
            ("[{'a': 1}, {'b': 2}].max() == {'b': 2}", "found no matching overload for 'max' applied to 'list(map(string, int)).()"),
        ],
    },
    Row {
        name: "stdlib regex functions",
        root: false,
        schema: r#"{"type": "object", "properties": {"str": {"type": "string"}}}"#,
        obj: r#"{"str": "this is a 123 string 456"}"#,
        valid: &[
            "self.str.find('[0-9]+') == '123'",
            "self.str.find('[0-9]+') != '456'",
            "self.str.find('xyz') == ''",
            "self.str.findAll('[0-9]+') == ['123', '456']",
            "self.str.findAll('[0-9]+', 0) == []",
            "self.str.findAll('[0-9]+', 1) == ['123']",
            "self.str.findAll('[0-9]+', 2) == ['123', '456']",
            "self.str.findAll('[0-9]+', 3) == ['123', '456']",
            "self.str.findAll('[0-9]+', -1) == ['123', '456']",
            "self.str.findAll('xyz') == []",
            "self.str.findAll('xyz', 1) == []",
        ],
        errors: &[
            ("self.str.find(')') == ''", "compile error: program instantiation failed: error parsing regexp: unexpected ): `)`"),
            ("self.str.findAll(')') == []", "compile error: program instantiation failed: error parsing regexp: unexpected ): `)`"),
            ("self.str.findAll(')', 1) == []", "compile error: program instantiation failed: error parsing regexp: unexpected ): `)`"),
            ("self.str.matches('x++')", "invalid matches argument"),
        ],
    },
    Row {
        name: "URL parsing",
        root: false,
        schema: r#"{"type": "object", "properties": {"url": {"type": "string"}}}"#,
        obj: r#"{"url": "https://user:pass@kubernetes.io:80/docs/home?k1=a&k2=b&k2=c#anchor"}"#,
        valid: &[
            "url('/path').getScheme() == ''",
            "url('https://example.com/').getScheme() == 'https'",
            "url('https://example.com:80/').getHost() == 'example.com:80'",
            "url('https://example.com/').getHost() == 'example.com'",
            "url('https://[::1]:80/').getHost() == '[::1]:80'",
            "url('https://[::1]/').getHost() == '[::1]'",
            "url('/path').getHost() == ''",
            "url('https://example.com:80/').getHostname() == 'example.com'",
            "url('https://127.0.0.1/').getHostname() == '127.0.0.1'",
            "url('https://[::1]/').getHostname() == '::1'",
            "url('/path').getHostname() == ''",
            "url('https://example.com:80/').getPort() == '80'",
            "url('https://example.com/').getPort() == ''",
            "url('/path').getPort() == ''",
            "url('https://example.com/path').getEscapedPath() == '/path'",
            "url('https://example.com/with space/').getEscapedPath() == '/with%20space/'",
            "url('https://example.com').getEscapedPath() == ''",
            "url('https://example.com/path?k1=a&k2=b&k2=c').getQuery() == { 'k1': ['a'], 'k2': ['b', 'c']}",
            "url('https://example.com/path?key with spaces=value with spaces').getQuery() == { 'key with spaces': ['value with spaces']}",
            "url('https://example.com/path?').getQuery() == {}",
            "url('https://example.com/path').getQuery() == {}",
            "url(self.url).getScheme() == 'https'",
            "url(self.url).getHost() == 'kubernetes.io:80'",
            "url(self.url).getHostname() == 'kubernetes.io'",
            "url(self.url).getPort() == '80'",
            "url(self.url).getEscapedPath() == '/docs/home'",
            "url(self.url).getQuery() == {'k1': ['a'], 'k2': ['b', 'c']}",
            "isURL('https://user:pass@example.com:80/path?query=val#fragment')",
            "isURL('/path') == true",
            "isURL('https://a:b:c/') == false",
            "isURL('../relative-path') == false",
        ],
        errors: &[],
    },
    Row {
        name: "optionals",
        root: false,
        schema: r#"{"type": "object", "properties": {"presentObj": {"type": "object", "properties": {"presentStr": {"type": "string"}}}, "absentObj": {"type": "object", "properties": {"absentStr": {"type": "string"}}}, "m": {"type": "object", "additionalProperties": {"type": "string"}}, "l": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "string"}}}}"#,
        obj: r#"{"presentObj": {"presentStr": "value"}, "m": {"k": "v"}, "l": ["a"]}"#,
        valid: &[
            "self.?presentObj.?presentStr == optional.of('value')",
            "self.presentObj.?presentStr == optional.of('value')",
            "self.presentObj.?presentStr.or(optional.of('nope')) == optional.of('value')",
            "self.presentObj.?presentStr.orValue('') == 'value'",
            "self.presentObj.?presentStr.hasValue() == true",
            "self.presentObj.?presentStr.optMap(v, v == 'value').hasValue()",
            "self.?absentObj.?absentStr == optional.none()",
            "self.?absentObj.?absentStr.or(optional.of('nope')) == optional.of('nope')",
            "self.?absentObj.?absentStr.orValue('nope') == 'nope'",
            "self.?absentObj.?absentStr.hasValue() == false",
            "self.?absentObj.?absentStr.optMap(v, v == 'value').hasValue() == false",
            "self.m[?'k'] == optional.of('v')",
            "self.m[?'k'].or(optional.of('nope')) == optional.of('v')",
            "self.m[?'k'].orValue('') == 'v'",
            "self.m[?'k'].hasValue() == true",
            "self.m[?'k'].optMap(v, v == 'v').hasValue()",
            "self.m[?'x'] == optional.none()",
            "self.m[?'x'].or(optional.of('nope')) == optional.of('nope')",
            "self.m[?'x'].orValue('nope') == 'nope'",
            "self.m[?'x'].hasValue() == false",
            "self.m[?'x'].hasValue() == false",
            "self.l[?0] == optional.of('a')",
            "self.l[?1] == optional.none()",
            "self.l[?0].orValue('') == 'a'",
            "self.l[?0].hasValue() == true",
            "self.l[?0].optMap(v, v == 'a').hasValue()",
            "self.l[?1] == optional.none()",
            "self.l[?1].or(optional.of('nope')) == optional.of('nope')",
            "self.l[?1].orValue('nope') == 'nope'",
            "self.l[?1].hasValue() == false",
            "self.l[?1].hasValue() == false",
            "optional.ofNonZeroValue(1).hasValue()",
            "optional.ofNonZeroValue(uint(1)).hasValue()",
            "optional.ofNonZeroValue(1.1).hasValue()",
            "optional.ofNonZeroValue('a').hasValue()",
            "optional.ofNonZeroValue(true).hasValue()",
            "optional.ofNonZeroValue(['a']).hasValue()",
            "optional.ofNonZeroValue({'k': 'v'}).hasValue()",
            "optional.ofNonZeroValue(timestamp('2011-08-18T00:00:00.000+01:00')).hasValue()",
            "optional.ofNonZeroValue(duration('19h3m37s10ms')).hasValue()",
            "optional.ofNonZeroValue(null) == optional.none()",
            "optional.ofNonZeroValue(0) == optional.none()",
            "optional.ofNonZeroValue(uint(0)) == optional.none()",
            "optional.ofNonZeroValue(0.0) == optional.none()",
            "optional.ofNonZeroValue('') == optional.none()",
            "optional.ofNonZeroValue(false) == optional.none()",
            "optional.ofNonZeroValue([]) == optional.none()",
            "optional.ofNonZeroValue({}) == optional.none()",
            "optional.ofNonZeroValue(timestamp('0001-01-01T00:00:00.000+00:00')) == optional.none()",
            "optional.ofNonZeroValue(duration('0s')) == optional.none()",
            "{?'k': optional.none(), 'k2': 'v2'} == {'k2': 'v2'}",
            "{?'k': optional.of('v'), 'k2': 'v2'} == {'k': 'v', 'k2': 'v2'}",
            "['a', ?optional.none(), 'c'] == ['a', 'c']",
            "['a', ?optional.of('v'), 'c'] == ['a', 'v', 'c']",
        ],
        errors: &[
            ("self.absentObj.?absentStr == optional.none()", "no such key: absentObj"),
        ],
    },
    Row {
        name: "quantity",
        root: false,
        schema: r#"{"type": "object", "properties": {"val1": {"type": "string"}, "val2": {"type": "string"}}}"#,
        obj: r#"{"val1": "20", "val2": "200M"}"#,
        valid: &[
            "isQuantity(self.val1)",
            "isQuantity(self.val2)",
            r#"isQuantity("20Mi")"#,
            r#"quantity(self.val2) == quantity("0.2G") && quantity("0.2G") == quantity("200M")"#,
            r#"quantity("2M") == quantity("0.002G") && quantity("2000k") == quantity("2M") && quantity("0.002G") == quantity("2000k")"#,
            r#"quantity(self.val1).isLessThan(quantity("100M"))"#,
            r#"quantity(self.val2).isGreaterThan(quantity("50M"))"#,
            r#"quantity(self.val2).compareTo(quantity("0.2G")) == 0"#,
            r#"quantity("50k").add(quantity(self.val1)) == quantity("50.02k")"#,
            r#"quantity("50k").sub(quantity(self.val1)) == quantity("49980")"#,
            "quantity(self.val1).isInteger()",
        ],
        errors: &[],
    },
    Row {
        name: "IP and CIDR",
        root: false,
        schema: r#"{"type": "object", "properties": {"val1": {"type": "string"}, "val2": {"type": "string"}}}"#,
        obj: r#"{"val1": "20", "val2": "200M"}"#,
        valid: &[
            r#"isIP("192.168.0.1")"#,
            r#"ip.isCanonical("127.0.0.1")"#,
            r#"ip("192.168.0.1").family() > 0"#,
            r#"ip("0.0.0.0").isUnspecified()"#,
            r#"ip("127.0.0.1").isLoopback()"#,
            r#"ip("224.0.0.1").isLinkLocalMulticast()"#,
            r#"ip("192.168.0.1").isGlobalUnicast()"#,
            r#"type(ip("192.168.0.1")) == net.IP"#,
            r#"cidr("192.168.0.0/24").containsIP(ip("192.168.0.1"))"#,
            r#"cidr("192.168.0.0/24").containsCIDR("192.168.0.0/25")"#,
            r#"cidr("2001:db8::/32").containsCIDR(cidr("2001:db8::/33"))"#,
            r#"type(cidr("2001:db8::/32").ip()) == net.IP"#,
            "cidr('192.168.0.0/24') == cidr('192.168.0.0/24').masked()",
            "cidr('192.168.0.0/16').prefixLength() == 16",
            "cidr('::1/128').ip().family() == 6",
        ],
        errors: &[],
    },
    Row {
        name: "format",
        root: false,
        schema: r#"{"type": "object", "properties": {"val1": {"type": "string"}, "val2": {"type": "string"}}}"#,
        obj: r#"{"val1": "20", "val2": "200M"}"#,
        valid: &[
            r#"format.dns1123Label().validate("my-label-name") == optional.none()"#,
            r#"format.dns1123Subdomain().validate("apiextensions.k8s.io") == optional.none()"#,
            r#"format.qualifiedName().validate("apiextensions.k8s.io/v1beta1") == optional.none()"#,
            r#"format.dns1123LabelPrefix().validate("my-label-prefix-") == optional.none()"#,
            r#"format.dns1123SubdomainPrefix().validate("mysubdomain.prefix.-") == optional.none()"#,
            r#"format.dns1035LabelPrefix().validate("my-label-prefix-") == optional.none()"#,
            r#"format.uri().validate("http://example.com") == optional.none()"#,
            r#"format.uuid().validate("123e4567-e89b-12d3-a456-426614174000") == optional.none()"#,
            r#"format.byte().validate("aGVsbG8=") == optional.none()"#,
            r#"format.date().validate("2021-01-01") == optional.none()"#,
            r#"format.datetime().validate("2021-01-01T00:00:00Z") == optional.none()"#,
            r#"format.named("dns1123Label").value().validate("my-name") == optional.none()"#,
            r#"!format.named("unknown").hasValue()"#,
            r#"format.dns1123Label().validate("contains a space").value()[0] == "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or \'-\', and must start and end with an alphanumeric character (e.g. \'my-name\',  or \'123-abc\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?\')""#,
        ],
        errors: &[],
    },
];
