//! kube-apiserver's cost stability tables for CRD validation rules (apiextensions-apiserver
//! v0.36.3, `pkg/apiserver/schema/cel/celcoststability_test.go`), ported as facts:
//! `TestCelCostStability` (a schema, an object and rules, each with the runtime cost the
//! validator takes from the object's budget) and `TestCelEstimatedCostStability` (a schema and
//! rules, each with the cost cel-go estimates when the rule is compiled).
//!
//! How a row runs here:
//! - Runtime: the expression is the only rule of the row's schema, compiled as a CRD's
//!   resource root (upstream's validator is built with `isResourceRoot` set), and the object is
//!   the whole resource. The CRD must not refuse the rule but for its estimated cost (upstream's
//!   validator does not check it: without `maxItems`/`maxLength` some rules would be refused),
//!   the object must pass it, and its cost is the smallest runtime budget
//!   ([`Compiled::validate_with_limits`], per-call limit as the apiserver's) with which it
//!   still passes: what the budget lost, as upstream measures it. A rule with a line break gets
//!   the `message` a CRD requires for it (the validator does not ask for one).
//! - Estimated: the expression is parsed, type-checked against the row's schema as a node that
//!   is not a resource root (upstream's `schemaChecker` declares it so) and estimated as a
//!   rule is at CRD creation ([`max_cost`] with the checker's types): upstream's `MaxCost`.
//!
//! Upstream's `listSets` runtime row has a third value, a set of the integers 0 to 999; it is
//! built in [`object`] rather than written out. Upstream's objects are Go values given to the
//! validator; here they are JSON (a `float64` whole number is written `10.0`).
//!
//! Every row and expression of both tables is ported (41 rows and 329 expressions of the
//! runtime table, 39 rows and 301 expressions of the estimated one); none is left out, and
//! every one answers as upstream's table.

use super::compiled;
use crate::cel::cost::{PER_CALL_LIMIT, RUNTIME_BUDGET};
use crate::cel::Compiled;
use crate::schema::convert::convert;
use crate::test_support::is_cost_refusal;
use crate::test_support::json_of;
use serde_json::{json, Value};

/// A row of `TestCelCostStability`: the schema the rules are on (the resource root), the
/// object, and each expression with its runtime cost.
struct Runtime {
    name: &'static str,
    schema: &'static str,
    obj: &'static str,
    costs: &'static [(&'static str, u64)],
}

/// A row of `TestCelEstimatedCostStability`: the schema the rules are on, and each expression
/// with its estimated cost.
struct Estimated {
    name: &'static str,
    schema: &'static str,
    costs: &'static [(&'static str, u64)],
}

/// The object of `row` (JSON), with the `listSets` row's large set added.
fn object(row: &Runtime) -> Value {
    let mut obj = json_of(row.obj);
    if row.name == "listSets" {
        obj["val3"] = json!((0..1000).collect::<Vec<u64>>());
    }
    obj
}

/// The runtime cost of `rule` on `row`'s object, or why there is none (the CRD refuses the
/// rule, or the object does not pass it).
fn runtime_cost(row: &Runtime, rule: &str) -> Result<u64, String> {
    let mut schema = json_of(row.schema);
    let mut r = json!({ "rule": rule });
    if rule.contains('\n') {
        r["message"] = json!("failed");
    }
    schema["x-kubernetes-validations"] = json!([r]);
    let c = compiled(&schema.to_string());
    let refused: Vec<String> = c
        .texts()
        .into_iter()
        .filter(|t| !is_cost_refusal(t))
        .collect();
    if !refused.is_empty() {
        return Err(format!("refused: {refused:?}"));
    }
    if !c.has_rules() {
        return Err("no rule compiled".into());
    }
    let obj = object(row);
    let errors = |total: u64| -> Vec<String> {
        let errs = Compiled::validate_with_limits(&c, &obj, total, PER_CALL_LIMIT);
        errs.iter().map(ToString::to_string).collect()
    };
    let full = errors(RUNTIME_BUDGET);
    if !full.is_empty() {
        return Err(format!("messages: {full:?}"));
    }
    // The smallest budget the rule passes within: `lo` fails (or is 0), `hi` passes.
    let (mut lo, mut hi) = (0, RUNTIME_BUDGET);
    if errors(0).is_empty() {
        return Ok(0);
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if errors(mid).is_empty() {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Ok(hi)
}

/// The estimated cost of `rule` on `schema` (not a resource root), or why there is none.
fn estimated_cost(schema: &str, rule: &str) -> Result<u64, String> {
    let s = convert(&json_of(schema), "openAPIV3Schema").map_err(|e| format!("{e:?}"))?;
    crate::cel::estimated_cost(&s, rule)
}

#[test]
fn upstream_cel_cost_stability() {
    let (mut cases, mut wrong) = (0, Vec::new());
    for row in RUNTIME {
        for &(rule, want) in row.costs {
            cases += 1;
            let got = runtime_cost(row, rule);
            if got != Ok(want) {
                wrong.push(format!(
                    "[{}] {rule:?}: upstream {want}, ours {got:?}",
                    row.name
                ));
            }
        }
    }
    eprintln!("{cases} runtime costs in {} rows", RUNTIME.len());
    for w in &wrong {
        eprintln!("{w}");
    }
    assert!(wrong.is_empty(), "{} of {cases} differ", wrong.len());
}

#[test]
fn upstream_cel_estimated_cost_stability() {
    let (mut cases, mut wrong) = (0, Vec::new());
    for row in ESTIMATED {
        for &(rule, want) in row.costs {
            cases += 1;
            let got = estimated_cost(row.schema, rule);
            if got != Ok(want) {
                wrong.push(format!(
                    "[{}] {rule:?}: upstream {want}, ours {got:?}",
                    row.name
                ));
            }
        }
    }
    eprintln!("{cases} estimated costs in {} rows", ESTIMATED.len());
    for w in &wrong {
        eprintln!("{w}");
    }
    assert!(wrong.is_empty(), "{} of {cases} differ", wrong.len());
}

// The rows' schemas (JSON), shared by the two tables where upstream's are the same.
const INTEGERS: &str = r#"{"type": "object", "properties": {"val1": {"type": "integer"}, "val2": {"type": "integer"}, "val3": {"type": "integer", "format": "int32"}, "val4": {"type": "integer", "format": "int32"}, "val5": {"type": "integer", "format": "int64"}, "val6": {"type": "integer", "format": "int64"}}}"#;
const NUMBERS: &str = r#"{"type": "object", "properties": {"val1": {"type": "number"}, "val2": {"type": "number"}, "val3": {"type": "number", "format": "float"}, "val4": {"type": "number", "format": "float"}, "val5": {"type": "number", "format": "double"}, "val6": {"type": "number", "format": "double"}, "val7": {"type": "number", "format": "double"}}}"#;
const NUMERIC_COMPARISONS: &str = r#"{"type": "object", "properties": {"val1": {"type": "integer"}, "val2": {"type": "number"}, "val3": {"type": "number", "format": "float"}, "val4": {"type": "number", "format": "double"}, "val5": {"type": "number"}, "val6": {"type": "number", "format": "float"}, "val7": {"type": "number", "format": "double"}}}"#;
const TWO_STRINGS: &str =
    r#"{"type": "object", "properties": {"val1": {"type": "string"}, "val2": {"type": "string"}}}"#;
const BYTES: &str = r#"{"type": "object", "properties": {"val1": {"type": "string", "format": "byte"}, "val2": {"type": "string", "format": "byte"}}}"#;
const BOOLEANS: &str = r#"{"type": "object", "properties": {"val1": {"type": "boolean"}, "val2": {"type": "boolean"}, "val3": {"type": "boolean"}, "val4": {"type": "boolean"}}}"#;
const DURATIONS: &str = r#"{"type": "object", "properties": {"val1": {"type": "string", "format": "duration"}, "val2": {"type": "string", "format": "duration"}}}"#;
const DATES: &str = r#"{"type": "object", "properties": {"val1": {"type": "string", "format": "date"}, "val2": {"type": "string", "format": "date"}}}"#;
const DATE_TIMES: &str = r#"{"type": "object", "properties": {"val1": {"type": "string", "format": "date-time"}, "val2": {"type": "string", "format": "date-time"}}}"#;
const ENUMS: &str = r#"{"type": "object", "properties": {"enumStr": {"type": "string", "enum": ["Pending", "Available", "Bound", "Released", "Failed"]}}}"#;
const CONVERSIONS: &str = r#"{"type": "object", "properties": {"val1": {"type": "integer"}, "val2": {"type": "number"}, "val3": {"type": "number"}, "val4": {"type": "number"}, "val5": {"type": "boolean"}, "val6": {"type": "string"}, "val7": {"type": "string", "format": "byte"}, "val8": {"type": "string"}, "val9": {"type": "string", "format": "duration"}, "val10": {"type": "string"}, "val11": {"type": "string", "format": "date-time"}, "val12": {"type": "string"}, "val13": {"type": "string", "format": "date"}}}"#;
const TWO_INT_LISTS: &str = r#"{"type": "object", "properties": {"val1": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "integer"}}, "val2": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "integer"}}}}"#;
const LIST_SETS: &str = r#"{"type": "object", "properties": {"val1": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "string"}}, "val2": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "string"}}, "val3": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "integer"}}}}"#;
const LIST_MAPS: &str = r#"{"type": "object", "properties": {"objs": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k"], "items": {"type": "object", "properties": {"k": {"type": "string"}, "v": {"type": "string"}}}}}}}"#;
const MAPS: &str = r#"{"type": "object", "properties": {"val1": {"type": "object", "additionalProperties": {"type": "string"}}, "val2": {"type": "object", "additionalProperties": {"type": "string"}}}}"#;
const OBJECTS: &str = r#"{"type": "object", "properties": {"objs": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "object", "properties": {"f1": {"type": "string"}, "f2": {"type": "string"}}}}}}"#;
const OBJECT_ACCESS: &str = r#"{"type": "object", "properties": {"a": {"type": "object", "properties": {"b": {"type": "integer"}, "c": {"type": "integer"}, "d": {"type": "integer", "nullable": true}}}, "a1": {"type": "object", "properties": {"b1": {"type": "object", "properties": {"c1": {"type": "integer"}}}, "d2": {"type": "object", "properties": {"e2": {"type": "integer"}}}}}}}"#;
const MAP_ACCESS: &str = r#"{"type": "object", "properties": {"val": {"type": "object", "additionalProperties": {"type": "integer"}}}}"#;
const LIST_MAP_ACCESS: &str = r#"{"type": "object", "properties": {"listMap": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k"], "items": {"type": "object", "properties": {"k": {"type": "string"}, "v": {"type": "string"}, "v2": {"type": "string"}}}}}}"#;
const LIST_ACCESS: &str = r#"{"type": "object", "properties": {"array": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "integer"}}}}"#;
const LIST_SET_ACCESS: &str = r#"{"type": "object", "properties": {"set": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "integer"}}}}"#;
const TYPEMETA_SPECIFIED: &str = r#"{"type": "object", "properties": {"kind": {"type": "string"}, "apiVersion": {"type": "string"}, "metadata": {"type": "object", "properties": {"name": {"type": "string"}, "generateName": {"type": "string"}}}}}"#;
const TYPEMETA_NOT_SPECIFIED: &str = r#"{"type": "object", "properties": {"spec": {"type": "object", "properties": {"field1": {"type": "string"}}}}}"#;
const EMBEDDED: &str = r#"{"type": "object", "properties": {"embedded": {"type": "object", "x-kubernetes-embedded-resource": true}}}"#;
const EMBEDDED_WITH_PROPERTIES: &str = r#"{"type": "object", "properties": {"embedded": {"type": "object", "x-kubernetes-embedded-resource": true, "properties": {"kind": {"type": "string"}, "apiVersion": {"type": "string"}, "metadata": {"type": "object", "properties": {"name": {"type": "string"}, "generateName": {"type": "string"}}}, "spec": {"type": "object", "properties": {"field1": {"type": "string"}}}}}}}"#;
const EMBEDDED_PRESERVING: &str = r#"{"type": "object", "properties": {"embedded": {"type": "object", "x-kubernetes-preserve-unknown-fields": true, "x-kubernetes-embedded-resource": true}}}"#;
const INT_OR_STRING: &str =
    r#"{"type": "object", "properties": {"something": {"x-kubernetes-int-or-string": true}}}"#;
const NULLABLE_INT_OR_STRING: &str = r#"{"type": "object", "properties": {"something": {"x-kubernetes-int-or-string": true, "nullable": true}}}"#;
const PERCENT: &str = r#"{"type": "object", "properties": {"min": {"x-kubernetes-int-or-string": true}, "current": {"type": "integer"}, "available": {"type": "integer"}}}"#;
const PRESERVE_UNKNOWN: &str = r#"{"type": "object", "properties": {"withUnknown": {"type": "object", "x-kubernetes-preserve-unknown-fields": true}, "withUnknownList": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "object", "x-kubernetes-preserve-unknown-fields": true}}, "withUnknownFieldList": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "object", "properties": {"fieldOfUnknownType": {"x-kubernetes-preserve-unknown-fields": true}}}}, "anyvalList": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"x-kubernetes-preserve-unknown-fields": true}}, "anyvalMap": {"type": "object", "additionalProperties": {"x-kubernetes-preserve-unknown-fields": true}}, "anyvalField1": {"x-kubernetes-preserve-unknown-fields": true}, "anyvalField2": {"x-kubernetes-preserve-unknown-fields": true}}}"#;
const KNOWN_AND_UNKNOWN: &str = r#"{"type": "object", "properties": {"withUnknown": {"type": "object", "x-kubernetes-preserve-unknown-fields": true, "properties": {"known": {"type": "integer"}}}, "withUnknownList": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "object", "x-kubernetes-preserve-unknown-fields": true, "properties": {"known": {"type": "integer"}}}}}}"#;
const FIELD_NULLABILITY: &str = r#"{"type": "object", "properties": {"unsetPlainStr": {"type": "string"}, "unsetDefaultedStr": {"type": "string", "default": "default value"}, "unsetNullableStr": {"type": "string", "nullable": true}, "setPlainStr": {"type": "string"}, "setDefaultedStr": {"type": "string", "default": "default value"}, "setNullableStr": {"type": "string", "nullable": true}, "setToNullNullableStr": {"type": "string", "nullable": true}}}"#;
const NULLS_IN_CONTAINERS: &str = r#"{"type": "object", "properties": {"m": {"type": "object", "additionalProperties": {"type": "string", "nullable": true}}, "l": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "string", "nullable": true}}, "s": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "string", "nullable": true}}}}"#;
const OBJECT_TYPES: &str = r#"{"type": "object", "properties": {"nestedInMap": {"type": "object", "additionalProperties": {"type": "object", "properties": {"inMapField": {"type": "integer"}}}}, "nestedInList": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "object", "properties": {"inListField": {"type": "integer"}}}}}}"#;
const LIST_MAP_ODD_KEYS: &str = r#"{"type": "object", "properties": {"objs": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k!", "k."], "items": {"type": "object", "properties": {"k!": {"type": "string"}, "k.": {"type": "string"}}}}}}}"#;
const COMPOSITION: &str = r#"{"type": "object", "properties": {"obj": {"type": "object", "properties": {"field": {"type": "string"}}}, "mapOfMap": {"type": "object", "additionalProperties": {"type": "object", "additionalProperties": {"type": "string"}}}, "mapOfObj": {"type": "object", "additionalProperties": {"type": "object", "properties": {"field2": {"type": "string"}}}}, "mapOfListMap": {"type": "object", "additionalProperties": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k"], "items": {"type": "object", "properties": {"k": {"type": "string"}, "v": {"type": "string"}}}}}, "mapOfList": {"type": "object", "additionalProperties": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "string"}}}, "listMapOfObj": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k2"], "items": {"type": "object", "properties": {"k2": {"type": "string"}, "v2": {"type": "string"}}}}, "listOfMap": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "object", "additionalProperties": {"type": "string"}}}, "listOfObj": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "object", "properties": {"field3": {"type": "string"}}}}, "listOfListMap": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k3"], "items": {"type": "object", "properties": {"k3": {"type": "string"}, "v3": {"type": "string"}}}}}}}"#;
const OPTIONALS: &str = r#"{"type": "object", "properties": {"obj": {"type": "object", "properties": {"field": {"type": "string"}, "absentField": {"type": "string"}}}, "m": {"type": "object", "additionalProperties": {"type": "string"}}, "l": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "string"}}}}"#;
const TWO_STRING_SETS: &str = r#"{"type": "object", "properties": {"val1": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "string"}}, "val2": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "string"}}}}"#;
const COMPOSITION_WITH_LIMITS: &str = r#"{"type": "object", "properties": {"obj": {"type": "object", "properties": {"field": {"type": "string"}}}, "mapOfMap": {"type": "object", "additionalProperties": {"type": "object", "additionalProperties": {"type": "string"}, "maxProperties": 10}, "maxProperties": 10}, "mapOfObj": {"type": "object", "additionalProperties": {"type": "object", "properties": {"field2": {"type": "string"}}}}, "mapOfListMap": {"type": "object", "additionalProperties": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k"], "items": {"type": "object", "properties": {"k": {"type": "string"}, "v": {"type": "string"}}}, "maxItems": 10}, "maxProperties": 10}, "mapOfList": {"type": "object", "additionalProperties": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "string"}, "maxItems": 10}, "maxProperties": 10}, "listMapOfObj": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k2"], "items": {"type": "object", "properties": {"k2": {"type": "string"}, "v2": {"type": "string"}}}, "maxItems": 10}, "listOfMap": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "object", "additionalProperties": {"type": "string"}, "maxProperties": 10}, "maxItems": 10}, "listOfObj": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "object", "properties": {"field3": {"type": "string"}}}}, "listOfListMap": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k"], "items": {"type": "object", "properties": {"k3": {"type": "string"}, "v3": {"type": "string"}}}, "maxItems": 10}, "maxItems": 10}}}"#;

const RUNTIME: &[Runtime] = &[
    Runtime {
        name: "integers",
        schema: INTEGERS,
        obj: r#"{"val1": 9223372036854775807, "val2": 9223372036854775807, "val3": 2147483647, "val4": 2147483647, "val5": 9223372036854775807, "val6": 9223372036854775807}"#,
        costs: &[
            ("self.val1 == 9223372036854775807 && 9223372036854775807 == self.val1 && self.val1 == self.val2", 11),
            ("self.val1 == self.val6", 5),
            ("type(self.val1) == int", 4),
            ("self.val3 + 1 == 2147483647 + 1", 5),
        ],
    },
    Runtime {
        name: "numbers",
        schema: NUMBERS,
        obj: r#"{"val1": 1.7976931348623157e+308, "val2": 1.7976931348623157e+308, "val3": 3.4028234663852886e+38, "val4": 3.4028234663852886e+38, "val5": 1.7976931348623157e+308, "val6": 1.7976931348623157e+308, "val7": 1}"#,
        costs: &[
            ("self.val1 == 179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368.000000 && 179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368.000000 == self.val1 && self.val1 == self.val2", 11),
            ("self.val1 == self.val6", 5),
            ("type(self.val1) == double", 4),
            ("type(self.val7) == double", 4),
            ("self.val7 == 1.0", 3),
        ],
    },
    Runtime {
        name: "numeric comparisons",
        schema: NUMERIC_COMPARISONS,
        obj: r#"{"val1": 5, "val2": 10.0, "val3": 10.0, "val4": 10.0, "val5": 10, "val6": 10, "val7": 10}"#,
        costs: &[
            ("double(self.val1) < self.val4", 6),
            ("self.val1 < int(self.val4)", 6),
            ("double(self.val1) < self.val5", 6),
            ("self.val1 < int(self.val5)", 6),
            ("double(self.val1) < self.val6", 6),
            ("self.val1 < int(self.val6)", 6),
            ("double(5) < 10.0", 1),
            ("5 < int(10.0)", 1),
            ("double(self.val1) < 10.0", 4),
        ],
    },
    Runtime {
        name: "unicode strings",
        schema: TWO_STRINGS,
        obj: r#"{"val1": "Rook takes 👑", "val2": "Rook takes 👑"}"#,
        costs: &[
            ("self.val1 == 'Rook takes 👑' && 'Rook takes 👑' == self.val1 && self.val1 == self.val2", 14),
            ("self.val1.startsWith('Rook')", 4),
            ("!self.val1.startsWith('knight')", 5),
            ("self.val1.matches('^[^0-9]*$')", 8),
            ("!self.val1.matches('^[0-9]*$')", 7),
            ("type(self.val1) == string", 4),
            ("size(self.val1) == 12", 4),
            ("self.val1.charAt(3) == 'k'", 4),
            ("self.val1.indexOf('o') == 1", 4),
            ("self.val1.indexOf('o', 2) == 2", 4),
            ("self.val1.replace(' ', 'x') == 'Rookxtakesx👑'", 7),
            ("self.val1.replace(' ', 'x', 1) == 'Rookxtakes 👑'", 7),
            ("self.val1.split(' ') == ['Rook', 'takes', '👑']", 6),
            ("self.val1.split(' ', 2) == ['Rook', 'takes 👑']", 6),
            ("self.val1.substring(5) == 'takes 👑'", 5),
            ("self.val1.substring(0, 4) == 'Rook'", 5),
            ("self.val1.substring(4, 10).trim() == 'takes'", 6),
            ("self.val1.upperAscii() == 'ROOK TAKES 👑'", 6),
            ("self.val1.lowerAscii() == 'rook takes 👑'", 6),
            ("self.val1.lowerAscii() == self.val1.lowerAscii()", 10),
            ("'%d %s %f %s %s'.format([1, 'abc', 1.0, duration('1m'), timestamp('2000-01-01T00:00:00.000Z')]) == '1 abc 1.000000 60s 2000-01-01T00:00:00Z'", 6),
            ("'%e'.format([3.14]) == '3.140000×10⁰⁰'", 3),
            ("'%o %o %o'.format([7, 8, 9]) == '7 10 11'", 2),
            ("'%b %b %b'.format([7, 8, 9]) == '111 1000 1001'", 3),
        ],
    },
    Runtime {
        name: "escaped strings",
        schema: TWO_STRINGS,
        obj: r#"{"val1": "l1\nl2", "val2": "l1\nl2"}"#,
        costs: &[
            (r#"self.val1 == 'l1\nl2' && 'l1\nl2' == self.val1 && self.val1 == self.val2"#, 11),
            ("self.val1 == '''l1\nl2'''", 3),
        ],
    },
    Runtime {
        name: "bytes",
        schema: BYTES,
        obj: r#"{"val1": "QUI=", "val2": "QUI="}"#,
        costs: &[
            ("self.val1 == self.val2", 5),
            ("self.val1 == b'AB'", 3),
            ("type(self.val1) == bytes", 4),
            ("size(self.val1) == 2", 4),
        ],
    },
    Runtime {
        name: "booleans",
        schema: BOOLEANS,
        obj: r#"{"val1": true, "val2": true, "val3": false, "val4": false}"#,
        costs: &[
            ("self.val1 == true && true == self.val1 && self.val1 == self.val2", 11),
            ("self.val1 != self.val4", 5),
            ("type(self.val1) == bool", 4),
        ],
    },
    Runtime {
        name: "duration format",
        schema: DURATIONS,
        obj: r#"{"val1": "1h2m3s4ms", "val2": "1h2m3s4ms"}"#,
        costs: &[
            ("self.val1 == duration('1h2m3s4ms') && duration('1h2m3s4ms') == self.val1 && self.val1 == self.val2", 11),
            ("self.val1 == duration('1h2m') + duration('3s4ms')", 4),
            ("self.val1.getHours() == 1", 4),
            ("type(self.val1) == google.protobuf.Duration", 4),
        ],
    },
    Runtime {
        name: "date format",
        schema: DATES,
        obj: r#"{"val1": "1997-07-16", "val2": "1997-07-16"}"#,
        costs: &[
            ("self.val1 == timestamp('1997-07-16T00:00:00.000Z') && timestamp('1997-07-16T00:00:00.000Z') == self.val1 && self.val1 == self.val2", 11),
            ("self.val1.getDate() == 16", 4),
            ("type(self.val1) == google.protobuf.Timestamp", 4),
        ],
    },
    Runtime {
        name: "date-time format",
        schema: DATE_TIMES,
        obj: r#"{"val1": "2011-08-18T19:03:37.010000000+01:00", "val2": "2011-08-18T19:03:37.010000000+01:00"}"#,
        costs: &[
            ("self.val1 == timestamp('2011-08-18T19:03:37.010+01:00') && timestamp('2011-08-18T19:03:37.010+01:00') == self.val1 && self.val1 == self.val2", 11),
            ("self.val1 == timestamp('2011-08-18T00:00:00.000+01:00') + duration('19h3m37s10ms')", 4),
            ("self.val1.getDate('01:00') == 18", 4),
            ("type(self.val1) == google.protobuf.Timestamp", 4),
        ],
    },
    Runtime {
        name: "enums",
        schema: ENUMS,
        obj: r#"{"enumStr": "Pending"}"#,
        costs: &[
            ("self.enumStr == 'Pending'", 3),
            ("self.enumStr in ['Pending', 'Available']", 2),
        ],
    },
    Runtime {
        name: "conversions",
        schema: CONVERSIONS,
        obj: r#"{"val1": 10, "val2": 10.0, "val3": 10.49, "val4": 10.5, "val5": true, "val6": "10", "val7": "MTA=", "val8": "3723.004s", "val9": "1h2m3s4ms", "val10": "2011-08-18T19:03:37.01+01:00", "val11": "2011-08-18T19:03:37.01+01:00", "val12": "2011-08-18T00:00:00Z", "val13": "2011-08-18"}"#,
        costs: &[
            ("int(self.val2) == self.val1", 6),
            ("double(self.val1) == self.val2", 6),
            ("bytes(self.val6) == self.val7", 6),
            ("string(self.val1) == self.val6", 6),
            ("string(self.val4) == '10.5'", 4),
            ("string(self.val7) == self.val6", 6),
            ("duration(self.val8) == self.val9", 6),
            ("timestamp(self.val10) == self.val11", 6),
            ("string(self.val11) == self.val10", 8),
            ("timestamp(self.val12) == self.val13", 6),
            ("string(self.val13) == self.val12", 7),
        ],
    },
    Runtime {
        name: "lists",
        schema: TWO_INT_LISTS,
        obj: r#"{"val1": [1, 2, 3], "val2": [1, 2, 3]}"#,
        costs: &[
            ("self.val1 == [1, 2, 3] && [1, 2, 3] == self.val1 && self.val1 == self.val2", 11),
            ("1 in self.val1", 5),
            ("self.val2[0] in self.val1", 8),
            ("!(0 in self.val1)", 6),
            ("self.val1 + self.val2 == [1, 2, 3, 1, 2, 3]", 6),
            ("self.val1 + [4, 5] == [1, 2, 3, 4, 5]", 4),
            ("has(self.val1)", 1),
            ("has(self.val1) && has(self.val2)", 2),
        ],
    },
    Runtime {
        name: "listSets",
        schema: LIST_SETS,
        obj: r#"{"val1": ["a", "b", "c"], "val2": ["a", "c", "b"]}"#,
        costs: &[
            ("self.val1 == ['c', 'b', 'a']", 3),
            ("self.val1 == self.val2", 5),
            ("'a' in self.val1", 5),
            ("self.val2[0] in self.val1", 8),
            ("!('x' in self.val1)", 6),
            ("self.val1 + self.val2 == ['a', 'b', 'c']", 6),
            ("self.val1 + ['c', 'd'] == ['a', 'b', 'c', 'd']", 4),
            ("sets.contains(self.val1, ['a'])", 6),
            ("sets.equivalent(self.val1, ['a', 'b', 'c'])", 21),
            ("sets.intersects(self.val1, ['a'])", 6),
            ("sets.contains(self.val3, [1])", 1003),
            ("!sets.equivalent(self.val3, [1, 2, 3])", 6004),
            ("sets.intersects(self.val3, [1])", 1003),
        ],
    },
    Runtime {
        name: "listMaps",
        schema: LIST_MAPS,
        obj: r#"{"objs": [[{"k": "a", "v": "1"}, {"k": "b", "v": "2"}], [{"k": "b", "v": "2"}, {"k": "a", "v": "1"}], [{"k": "b", "v": "3"}, {"k": "a", "v": "1"}], [{"k": "c", "v": "4"}]]}"#,
        costs: &[
            ("self.objs[0] == self.objs[1]", 7),
            ("self.objs[0] + self.objs[2] == self.objs[2]", 11),
            ("self.objs[2] + self.objs[0] == self.objs[0]", 11),
            ("self.objs[0] == [self.objs[0][0], self.objs[0][1]]", 22),
            ("self.objs[0] == [self.objs[0][1], self.objs[0][0]]", 22),
            ("self.objs[2] + [self.objs[0][0], self.objs[0][1]] == self.objs[0]", 26),
            ("size(self.objs[0] + [self.objs[3][0]]) == 3", 20),
        ],
    },
    Runtime {
        name: "maps",
        schema: MAPS,
        obj: r#"{"val1": {"k1": "a", "k2": "b"}, "val2": {"k2": "b", "k1": "a"}}"#,
        costs: &[
            ("self.val1 == self.val2", 5),
            ("'k1' in self.val1", 3),
            ("!('k3' in self.val1)", 4),
            ("self.val1 == {'k1': 'a', 'k2': 'b'}", 3),
        ],
    },
    Runtime {
        name: "objects",
        schema: OBJECTS,
        obj: r#"{"objs": [{"f1": "a", "f2": "b"}, {"f1": "a", "f2": "b"}]}"#,
        costs: &[
            ("self.objs[0] == self.objs[1]", 7),
        ],
    },
    Runtime {
        name: "object access",
        schema: OBJECT_ACCESS,
        obj: r#"{"a": {"b": 1, "d": null}, "a1": {"b1": {"c1": 4}}, "a3": {}}"#,
        costs: &[
            ("has(self.a.b)", 2),
            ("has(self.a1.b1.c1)", 3),
            ("!(has(self.a1.d2) && has(self.a1.d2.e2))", 3),
            ("!has(self.a1.d2)", 3),
        ],
    },
    Runtime {
        name: "map access",
        schema: MAP_ACCESS,
        obj: r#"{"val": {"b": 1, "d": 2}}"#,
        costs: &[
            ("!('a' in self.val)", 4),
            ("'b' in self.val", 3),
            ("!('c' in self.val)", 4),
            ("'d' in self.val", 3),
            ("!has(self.val.a)", 3),
            ("has(self.val.b)", 2),
            ("!has(self.val.c)", 3),
            ("has(self.val.d)", 2),
            ("self.val.all(k, self.val[k] > 0)", 17),
            ("!self.val.exists(k, self.val[k] == 3)", 20),
            ("self.val.exists_one(k, self.val[k] == 2)", 14),
            ("!self.val.exists_one(k, self.val[k] > 0)", 17),
            ("size(self.val) == 2", 4),
            ("size(self.val.filter(k, self.val[k] > 1)) == 1", 26),
            ("self.val.all(k, v, v > 0)", 13),
            ("!self.val.exists(k, v, v == 3)", 16),
            ("self.val.existsOne(k, v, v == 2)", 10),
            ("self.val.transformMap(k, v, v > 1, v + 1).size() == 1", 14),
            ("self.val.transformMap(k, v, v + 1).size() == 2", 15),
            ("self.val.transformMapEntry(k, v, v > 1, {k + '2': v + 1}).size() == 1", 45),
            ("self.val.transformMapEntry(k, v, {k + '2': v + 1}).size() == 2", 77),
        ],
    },
    Runtime {
        name: "listMap access",
        schema: LIST_MAP_ACCESS,
        obj: r#"{"listMap": [{"k": "a1", "v": "b1"}, {"k": "a2", "v": "b2"}, {"k": "a3", "v": "b3", "v2": "z"}]}"#,
        costs: &[
            ("has(self.listMap[0].v)", 3),
            ("self.listMap.all(m, m.k.startsWith('a'))", 21),
            ("self.listMap.all(m, !has(m.v2) || m.v2 == 'z')", 21),
            ("self.listMap.exists(m, m.k.endsWith('1'))", 13),
            ("self.listMap.exists_one(m, m.k == 'a3')", 15),
            ("!self.listMap.all(m, m.k.endsWith('1'))", 18),
            ("!self.listMap.exists(m, m.v == 'x')", 25),
            ("!self.listMap.exists_one(m, m.k.startsWith('a'))", 20),
            ("size(self.listMap.filter(m, m.k == 'a1')) == 1", 27),
            ("self.listMap.exists(m, m.k == 'a1' && m.v == 'b1')", 16),
            ("self.listMap.map(m, m.v).exists(v, v == 'b1')", 55),
            ("self.listMap.exists(m, has(m.v2) && m.v2 == 'z')", 21),
            ("!self.listMap.all(m, has(m.v2) && m.v2 != 'z')", 10),
            ("self.listMap.exists_one(m, has(m.v2) && m.v2 == 'z')", 12),
            ("self.listMap.filter(m, has(m.v2) && m.v2 == 'z').size() == 1", 24),
            ("self.listMap.map(m, has(m.v2) && m.v2 == 'z', m.v2).size() == 1", 25),
            ("self.listMap.filter(m, has(m.v2) && m.v2 == 'z').map(m, m.v2).size() == 1", 39),
            ("self.listMap.exists(m, m.v2 == 'z')", 24),
            ("!self.listMap.all(m, m.v2 != 'z')", 22),
            ("!self.listMap.all(i, m, has(m.v2) && m.v2 != 'z')", 10),
            ("self.listMap.exists(i, m, has(m.v2) && m.v2 == 'z')", 21),
            ("self.listMap.existsOne(i, m, has(m.v2) && m.v2 == 'z')", 12),
            ("self.listMap.transformList(i, m, has(m.v2) && m.v2 == 'z', m.v2).size() == 1", 25),
            ("self.listMap.transformList(i, m, m.v).size() == 3", 47),
        ],
    },
    Runtime {
        name: "list access",
        schema: LIST_ACCESS,
        obj: r#"{"array": [1, 1, 2, 2, 3, 3, 4, 5]}"#,
        costs: &[
            ("2 in self.array", 10),
            ("self.array.all(e, e > 0)", 43),
            ("self.array.exists(e, e > 2)", 36),
            ("self.array.exists_one(e, e > 4)", 22),
            ("!self.array.all(e, e < 2)", 21),
            ("!self.array.exists(e, e < 0)", 52),
            ("!self.array.exists_one(e, e == 2)", 25),
            ("self.array.all(e, e < 100)", 43),
            ("size(self.array.filter(e, e%2 == 0)) == 3", 68),
            ("self.array.map(e, e * 20).filter(e, e > 50).exists(e, e == 60)", 194),
            ("size(self.array) == 8", 4),
            ("self.array.all(i, e, e > 0)", 43),
            ("self.array.exists(i, e, e > 2)", 36),
            ("self.array.existsOne(i, e, e > 4)", 22),
            ("self.array.transformList(i, e, e > 2, e * 2).size() > 0", 77),
            ("self.array.transformList(i, e, e * 2).size() > 0", 117),
        ],
    },
    Runtime {
        name: "listSet access",
        schema: LIST_SET_ACCESS,
        obj: r#"{"set": [1, 2, 3, 4, 5]}"#,
        costs: &[
            ("3 in self.set", 7),
            ("self.set.all(e, e > 0)", 28),
            ("self.set.exists(e, e > 3)", 30),
            ("self.set.exists_one(e, e == 3)", 16),
            ("!self.set.all(e, e < 3)", 21),
            ("!self.set.exists(e, e < 0)", 34),
            ("!self.set.exists_one(e, e > 3)", 19),
            ("self.set.all(e, e < 10)", 28),
            ("size(self.set.filter(e, e%2 == 0)) == 2", 46),
            ("self.set.map(e, e * 20).filter(e, e > 50).exists_one(e, e == 60)", 133),
            ("size(self.set) == 5", 4),
        ],
    },
    Runtime {
        name: "typemeta and objectmeta access specified",
        schema: TYPEMETA_SPECIFIED,
        obj: r#"{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "foo", "generateName": "pickItForMe", "namespace": "xyz"}}"#,
        costs: &[
            ("self.kind == 'Pod'", 3),
            ("self.apiVersion == 'v1'", 3),
            ("self.metadata.name == 'foo'", 4),
            ("self.metadata.generateName == 'pickItForMe'", 5),
        ],
    },
    Runtime {
        name: "typemeta and objectmeta access not specified",
        schema: TYPEMETA_NOT_SPECIFIED,
        obj: r#"{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "foo", "generateName": "pickItForMe", "namespace": "xyz"}, "spec": {"field1": "a"}}"#,
        costs: &[
            ("self.kind == 'Pod'", 3),
            ("self.apiVersion == 'v1'", 3),
            ("self.metadata.name == 'foo'", 4),
            ("self.metadata.generateName == 'pickItForMe'", 5),
            ("self.spec.field1 == 'a'", 4),
        ],
    },
    Runtime {
        name: "embedded object",
        schema: EMBEDDED,
        obj: r#"{"embedded": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "foo", "generateName": "pickItForMe", "namespace": "xyz"}, "spec": {"field1": "a"}}}"#,
        costs: &[
            ("self.embedded.kind == 'Pod'", 4),
            ("self.embedded.apiVersion == 'v1'", 4),
            ("self.embedded.metadata.name == 'foo'", 5),
            ("self.embedded.metadata.generateName == 'pickItForMe'", 6),
        ],
    },
    Runtime {
        name: "embedded object with properties",
        schema: EMBEDDED_WITH_PROPERTIES,
        obj: r#"{"embedded": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "foo", "generateName": "pickItForMe", "namespace": "xyz"}, "spec": {"field1": "a"}}}"#,
        costs: &[
            ("self.embedded.kind == 'Pod'", 4),
            ("self.embedded.apiVersion == 'v1'", 4),
            ("self.embedded.metadata.name == 'foo'", 5),
            ("self.embedded.metadata.generateName == 'pickItForMe'", 6),
            ("self.embedded.spec.field1 == 'a'", 5),
        ],
    },
    Runtime {
        name: "embedded object with preserve unknown",
        schema: EMBEDDED_PRESERVING,
        obj: r#"{"embedded": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "foo", "generateName": "pickItForMe", "namespace": "xyz"}, "spec": {"field1": "a"}}}"#,
        costs: &[
            ("self.embedded.kind == 'Pod'", 4),
            ("self.embedded.apiVersion == 'v1'", 4),
            ("self.embedded.metadata.name == 'foo'", 5),
            ("self.embedded.metadata.generateName == 'pickItForMe'", 6),
            ("has(self.embedded)", 1),
        ],
    },
    Runtime {
        name: "string in intOrString",
        schema: INT_OR_STRING,
        obj: r#"{"something": "25%"}"#,
        costs: &[
            ("type(self.something) == int ? self.something == 1 : self.something == '25%'", 7),
            ("type(self.something) == string && self.something == '25%'", 7),
            ("self.something == '25%'", 3),
            ("self.something != 1", 3),
            ("self.something == 1 || self.something == '25%'", 6),
            ("self.something == '25%' || self.something == 1", 3),
            ("self.something != ['anything']", 3),
        ],
    },
    Runtime {
        name: "int in intOrString",
        schema: INT_OR_STRING,
        obj: r#"{"something": 1}"#,
        costs: &[
            ("type(self.something) == int ? self.something == 1 : self.something == '25%'", 7),
            ("type(self.something) == int && self.something == 1", 7),
            ("self.something == 1", 3),
            ("self.something != 'some string'", 3),
            ("self.something == 1 || self.something == '25%'", 3),
            ("self.something == '25%' || self.something == 1", 6),
            ("self.something != ['anything']", 3),
        ],
    },
    Runtime {
        name: "null in intOrString",
        schema: NULLABLE_INT_OR_STRING,
        obj: r#"{"something": null}"#,
        costs: &[
            ("!has(self.something)", 2),
        ],
    },
    Runtime {
        name: "percent comparison using intOrString",
        schema: PERCENT,
        obj: r#"{"min": "50%", "current": 5, "available": 10}"#,
        costs: &[
            (r#"type(self.min) == string && self.min.matches(r'(\d+(\.\d+)?%)')"#, 10),
            ("type(self.min) == int ? self.current <= self.min : double(self.current) / double(self.available) >= double(self.min.replace('%', '')) / 100.0", 17),
        ],
    },
    Runtime {
        name: "preserve unknown fields",
        schema: PRESERVE_UNKNOWN,
        obj: r#"{"withUnknown": {"field1": "a", "field2": "b"}, "withUnknownList": [{"field1": "a", "field2": "b"}, {"field1": "x", "field2": "y"}, {"field1": "x", "field2": "y"}, {}, {}], "withUnknownFieldList": [{"fieldOfUnknownType": "a"}, {"fieldOfUnknownType": 1}, {"fieldOfUnknownType": 1}], "anyvalList": ["a", 2], "anyvalMap": {"k": "1"}, "anyvalField1": 1, "anyvalField2": "a"}"#,
        costs: &[
            ("has(self.withUnknown)", 1),
            ("self.withUnknownList.size() == 5", 4),
            ("self.withUnknownList[0] != self.withUnknownList[1]", 7),
            ("self.withUnknownList[1] == self.withUnknownList[2]", 7),
            ("self.withUnknownList[3] == self.withUnknownList[4]", 6),
            ("self.withUnknownFieldList[0] != self.withUnknownFieldList[1]", 7),
            ("self.withUnknownFieldList[1] == self.withUnknownFieldList[2]", 7),
        ],
    },
    Runtime {
        name: "known and unknown fields",
        schema: KNOWN_AND_UNKNOWN,
        obj: r#"{"withUnknown": {"known": 1, "unknown": "a"}, "withUnknownList": [{"known": 1, "unknown": "a"}, {"known": 1, "unknown": "b"}, {"known": 1, "unknown": "b"}, {"known": 1}, {"known": 1}, {"known": 2}]}"#,
        costs: &[
            ("self.withUnknown.known == 1", 4),
            ("self.withUnknownList[1] == self.withUnknownList[2]", 7),
            ("self.withUnknownList[0] != self.withUnknownList[1]", 7),
            ("self.withUnknownList[0] != self.withUnknownList[3]", 7),
            ("self.withUnknownList[0] != self.withUnknownList[5]", 7),
            ("self.withUnknownList[3] == self.withUnknownList[4]", 7),
            ("self.withUnknownList[4] != self.withUnknownList[5]", 7),
        ],
    },
    Runtime {
        name: "field nullability",
        schema: FIELD_NULLABILITY,
        obj: r#"{"setPlainStr": "v1", "setDefaultedStr": "v2", "setNullableStr": "v3", "setToNullNullableStr": null, "unsetDefaultedStr": "default value"}"#,
        costs: &[
            ("!has(self.unsetPlainStr)", 2),
            ("has(self.unsetDefaultedStr) && self.unsetDefaultedStr == 'default value'", 5),
            ("!has(self.unsetNullableStr)", 2),
            ("has(self.setPlainStr) && self.setPlainStr == 'v1'", 4),
            ("has(self.setDefaultedStr) && self.setDefaultedStr == 'v2'", 4),
            ("has(self.setNullableStr) && self.setNullableStr == 'v3'", 4),
            ("type(self.setNullableStr) != null_type", 4),
            ("!has(self.setToNullNullableStr)", 2),
        ],
    },
    Runtime {
        name: "null values in container types",
        schema: NULLS_IN_CONTAINERS,
        obj: r#"{"m": {"a": null, "b": "not-nil"}, "l": [null, "not-nil"], "s": [null, "not-nil"]}"#,
        costs: &[
            ("self.m.size() == 2", 4),
            ("'a' in self.m", 3),
            ("type(self.m['a']) == null_type", 5),
        ],
    },
    Runtime {
        name: "object types are not accessible",
        schema: OBJECT_TYPES,
        obj: r#"{"nestedInMap": {"k1": {"inMapField": 1}, "k2": {"inMapField": 2}}, "nestedInList": [{"inListField": 1}, {"inListField": 2}]}"#,
        costs: &[
            ("type(self) == type(self)", 5),
            ("type(self.nestedInMap['k1']) == type(self.nestedInMap['k2'])", 9),
        ],
    },
    Runtime {
        name: "listMaps with unsupported identity characters in property names",
        schema: LIST_MAP_ODD_KEYS,
        obj: r#"{"objs": [[{"k!": "a", "k.": "1"}, {"k!": "b", "k.": "2"}], [{"k!": "b", "k.": "2"}, {"k!": "a", "k.": "1"}], [{"k!": "b", "k.": "2"}, {"k!": "c", "k.": "1"}], [{"k!": "b", "k.": "2"}, {"k!": "a", "k.": "3"}]]}"#,
        costs: &[
            ("self.objs[0] == self.objs[1]", 7),
            ("self.objs[0][0].k__dot__ == '1'", 6),
        ],
    },
    Runtime {
        name: "container type composition",
        schema: COMPOSITION,
        obj: r#"{"obj": {"field": "a"}, "mapOfMap": {"x": {"y": "b"}}, "mapOfObj": {"k": {"field2": "c"}}, "mapOfListMap": {"o": [{"k": "1", "v": "d"}]}, "mapOfList": {"l": ["e"]}, "listMapOfObj": [{"k2": "2", "v2": "f"}], "listOfMap": [{"z": "g"}], "listOfObj": [{"field3": "h"}], "listOfListMap": [[{"k3": "3", "v3": "i"}]]}"#,
        costs: &[
            ("self.obj.field == 'a'", 4),
            ("self.mapOfMap['x']['y'] == 'b'", 5),
            ("self.mapOfObj['k'].field2 == 'c'", 5),
            ("self.mapOfListMap['o'].exists(e, e.k == '1' && e.v == 'd')", 14),
            ("self.mapOfList['l'][0] == 'e'", 5),
            ("self.listMapOfObj.exists(e, e.k2 == '2' && e.v2 == 'f')", 13),
            ("self.listOfMap[0]['z'] == 'g'", 5),
            ("self.listOfObj[0].field3 == 'h'", 5),
            ("self.listOfListMap[0].exists(e, e.k3 == '3' && e.v3 == 'i')", 14),
            ("self.mapOfMap.map(k, k).map(k, k).size() == 1", 32),
            ("self.mapOfListMap.map(k, k).map(k, k).size() == 1", 32),
            ("self.mapOfList.map(k, k).map(k, k).size() == 1", 32),
            ("self.listOfMap.map(e, e).map(e, e).size() == 1", 32),
            ("self.listOfListMap.map(e, e).map(e, e).size() == 1", 32),
            ("self.mapOfMap.map(k, self.mapOfMap[k].map(m, m)).size() == 1", 34),
            ("self.mapOfListMap.map(k, self.mapOfListMap[k].map(m, m)).size() == 1", 34),
            ("self.mapOfList.map(k, self.mapOfList[k].map(l, l)).size() == 1", 34),
            ("self.listOfMap.map(e, e.map(m, m)).size() == 1", 32),
            ("self.listOfListMap.map(e, e.map(e, e)).size() == 1", 32),
        ],
    },
    Runtime {
        name: "optionals",
        schema: OPTIONALS,
        obj: r#"{"obj": {"field": "a"}, "m": {"k": "v"}, "l": ["a"]}"#,
        costs: &[
            ("optional.of('a') != optional.of('b')", 3),
            ("optional.of('a') != optional.none()", 3),
            ("optional.of('a').hasValue()", 2),
            ("optional.of('a').or(optional.of('a')).hasValue()", 2),
            ("optional.none().or(optional.of('a')).hasValue()", 3),
            ("optional.of('a').optMap(v, v == 'value').hasValue()", 8),
            ("self.obj.?field == optional.of('a')", 5),
            ("self.obj.?absentField == optional.none()", 4),
            ("self.obj.?field.orValue('v') == 'a'", 4),
            ("self.m[?'k'] == optional.of('v')", 5),
            ("self.l[?0] == optional.of('a')", 5),
            ("optional.ofNonZeroValue(1).hasValue()", 2),
        ],
    },
    Runtime {
        name: "quantity",
        schema: TWO_STRINGS,
        obj: r#"{"val1": "20", "val2": "200M"}"#,
        costs: &[
            ("isQuantity(self.val1)", 3),
            ("isQuantity(self.val2)", 3),
            (r#"isQuantity("200M")"#, 1),
            (r#"isQuantity("20Mi")"#, 1),
            (r#"quantity("200M") == quantity("0.2G") && quantity("0.2G") == quantity("200M")"#, 6),
            (r#"quantity("2M") == quantity("0.002G") && quantity("2000k") == quantity("2M") && quantity("0.002G") == quantity("2000k")"#, 9),
            ("quantity(self.val1).isLessThan(quantity(self.val2))", 7),
            (r#"quantity("50M").isLessThan(quantity("100M"))"#, 3),
            (r#"quantity("50Mi").isGreaterThan(quantity("50M"))"#, 3),
            (r#"quantity("200M").compareTo(quantity("0.2G")) == 0"#, 4),
            (r#"quantity("50k").add(quantity("20")) == quantity("50.02k")"#, 5),
            (r#"quantity("50k").sub(20) == quantity("49980")"#, 4),
            (r#"quantity("50").isInteger()"#, 2),
            ("quantity(self.val1).isInteger()", 4),
        ],
    },
    Runtime {
        name: "ext lists version 3",
        schema: TWO_INT_LISTS,
        obj: r#"{"val1": [1, 2, 3], "val2": [1, 2, 3]}"#,
        costs: &[
            ("lists.range(4) == [0,1,2,3]", 16),
            ("lists.range(0) == []", 11),
            ("[5,1,2,3].reverse() == [3,2,1,5]", 16),
            ("[].reverse() == []", 11),
            ("[1].reverse() == [1]", 13),
            ("['are', 'you', 'as', 'bored', 'as', 'I', 'am'].reverse() == ['am', 'I', 'as', 'bored', 'as', 'you', 'are']", 19),
            ("[false, true, true].reverse().reverse() == [false, true, true]", 29),
            ("[1,2,3,4].slice(0, 4) == [1,2,3,4]", 16),
            ("[1,2,3,4].slice(0, 0) == []", 11),
            ("[1,2,3,4].slice(1, 1) == []", 11),
            ("[1,2,3,4].slice(4, 4) == []", 11),
            ("[1,2,3,4].slice(1, 3) == [2, 3]", 14),
            ("dyn([]).flatten() == []", 11),
            ("dyn([1,2,3,4]).flatten() == [1,2,3,4]", 16),
            ("[].sort() == []", 11),
            ("[1].sort() == [1]", 14),
            ("[4, 3, 2, 1].sort() == [1, 2, 3, 4]", 44),
            (r#"["d", "a", "b", "c"].sort() == ["a", "b", "c", "d"]"#, 45),
            ("[].sortBy(e, e) == []", 14),
            (r#"["a"].sortBy(e, e) == ["a"]"#, 30),
            ("[-3, 1, -5, -2, 4].sortBy(e, -(e * e)) == [-5, 4, -3, -2, 1]", 145),
            ("[-3, 1, -5, -2, 4].map(e, e * 2).sortBy(e, -(e * e)) == [-10, 8, -6, -4, 2]", 216),
            ("lists.range(3).sortBy(e, -e) == [2, 1, 0]", 89),
            (r#"["a", "c", "b", "first"].sortBy(e, e == "first" ? "" : e) == ["first", "a", "b", "c"]"#, 104),
            ("[{'name': 'foo'}, {'name': 'bar'}, {'name': 'baz'}].sortBy(e, e.name) == [{'name': 'bar'}, {'name': 'baz'}, {'name': 'foo'}]", 75),
            ("[].distinct() == []", 11),
            ("[1].distinct() == [1]", 14),
            ("[-2, 5, -2, 1, 1, 5, -2, 1].distinct() == [-2, 5, 1]", 140),
            ("['c', 'a', 'a', 'b', 'a', 'b', 'c', 'c'].distinct() == ['c', 'a', 'b']", 146),
            ("[[1], [1], [2]].distinct() == [[1], [2]]", 30),
            ("[{'name': 'a'}, {'name': 'b'}, {'name': 'a'}].distinct() == [{'name': 'a'}, {'name': 'b'}]", 30),
        ],
    },
];

const ESTIMATED: &[Estimated] = &[
    Estimated {
        name: "integers",
        schema: INTEGERS,
        costs: &[
            ("self.val1 == 9223372036854775807 && 9223372036854775807 == self.val1 && self.val1 == self.val2", 8),
            ("self.val1 == self.val6", 4),
            ("type(self.val1) == int", 4),
            ("self.val3 + 1 == 2147483647 + 1", 5),
        ],
    },
    Estimated {
        name: "numbers",
        schema: NUMBERS,
        costs: &[
            ("self.val1 == 179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368.000000 && 179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368.000000 == self.val1 && self.val1 == self.val2", 8),
            ("self.val1 == self.val6", 4),
            ("type(self.val1) == double", 4),
            ("type(self.val7) == double", 4),
            ("self.val7 == 1.0", 2),
        ],
    },
    Estimated {
        name: "numeric comparisons",
        schema: NUMERIC_COMPARISONS,
        costs: &[
            ("double(self.val1) < self.val4", 6),
            ("self.val1 < int(self.val4)", 6),
            ("double(self.val1) < self.val5", 6),
            ("self.val1 < int(self.val5)", 6),
            ("double(self.val1) < self.val6", 6),
            ("self.val1 < int(self.val6)", 6),
            ("double(5) < 10.0", 2),
            ("5 < int(10.0)", 2),
            ("double(self.val1) < 10.0", 4),
        ],
    },
    Estimated {
        name: "unicode strings",
        schema: TWO_STRINGS,
        costs: &[
            ("self.val1 == 'Rook takes 👑' && 'Rook takes 👑' == self.val1 && self.val1 == self.val2", 314585),
            ("self.val1.startsWith('Rook')", 3),
            ("!self.val1.startsWith('knight')", 4),
            ("self.val1.matches('^[^0-9]*$')", 943721),
            ("!self.val1.matches('^[0-9]*$')", 629149),
            ("type(self.val1) == string", 4),
            ("size(self.val1) == 12", 4),
            ("self.val1.charAt(3) == 'k'", 4),
            ("self.val1.indexOf('o') == 1", 314576),
            ("self.val1.indexOf('o', 2) == 2", 314576),
            ("self.val1.replace(' ', 'x') == 'Rookxtakesx👑'", 629150),
            ("self.val1.replace(' ', 'x', 1) == 'Rookxtakes 👑'", 629150),
            ("self.val1.split(' ') == ['Rook', 'takes', '👑']", 629159),
            ("self.val1.split(' ', 2) == ['Rook', 'takes 👑']", 629159),
            ("self.val1.substring(5) == 'takes 👑'", 314576),
            ("self.val1.substring(0, 4) == 'Rook'", 314576),
            ("self.val1.substring(4, 10).trim() == 'takes'", 629149),
            ("self.val1.upperAscii() == 'ROOK TAKES 👑'", 314577),
            ("self.val1.lowerAscii() == 'rook takes 👑'", 314577),
            ("self.val1.lowerAscii() == self.val1.lowerAscii()", 943723),
        ],
    },
    Estimated {
        name: "escaped strings",
        schema: TWO_STRINGS,
        costs: &[
            (r#"self.val1 == 'l1\nl2' && 'l1\nl2' == self.val1 && self.val1 == self.val2"#, 314583),
            ("self.val1 == '''l1\nl2'''", 3),
        ],
    },
    Estimated {
        name: "bytes",
        schema: BYTES,
        costs: &[
            ("self.val1 == self.val2", 314577),
            ("self.val1 == b'AB'", 3),
            ("type(self.val1) == bytes", 4),
            ("size(self.val1) == 2", 4),
        ],
    },
    Estimated {
        name: "booleans",
        schema: BOOLEANS,
        costs: &[
            ("self.val1 == true && true == self.val1 && self.val1 == self.val2", 8),
            ("self.val1 != self.val4", 4),
            ("type(self.val1) == bool", 4),
        ],
    },
    Estimated {
        name: "duration format",
        schema: DURATIONS,
        costs: &[
            ("self.val1 == duration('1h2m3s4ms') && duration('1h2m3s4ms') == self.val1 && self.val1 == self.val2", 16),
            ("self.val1 == duration('1h2m') + duration('3s4ms')", 6),
            ("self.val1.getHours() == 1", 4),
            ("type(self.val1) == google.protobuf.Duration", 4),
        ],
    },
    Estimated {
        name: "date format",
        schema: DATES,
        costs: &[
            ("self.val1 == timestamp('1997-07-16T00:00:00.000Z') && timestamp('1997-07-16T00:00:00.000Z') == self.val1 && self.val1 == self.val2", 14),
            ("self.val1.getDate() == 16", 4),
            ("type(self.val1) == google.protobuf.Timestamp", 4),
        ],
    },
    Estimated {
        name: "date-time format",
        schema: DATE_TIMES,
        costs: &[
            ("self.val1 == timestamp('2011-08-18T19:03:37.010+01:00') && timestamp('2011-08-18T19:03:37.010+01:00') == self.val1 && self.val1 == self.val2", 16),
            ("self.val1 == timestamp('2011-08-18T00:00:00.000+01:00') + duration('19h3m37s10ms')", 6),
            ("self.val1.getDate('01:00') == 18", 4),
            ("type(self.val1) == google.protobuf.Timestamp", 4),
        ],
    },
    Estimated {
        name: "enums",
        schema: ENUMS,
        costs: &[
            ("self.enumStr == 'Pending'", 3),
            ("self.enumStr in ['Pending', 'Available']", 14),
        ],
    },
    Estimated {
        name: "conversions",
        schema: CONVERSIONS,
        costs: &[
            ("int(self.val2) == self.val1", 5),
            ("double(self.val1) == self.val2", 5),
            ("bytes(self.val6) == self.val7", 629150),
            ("string(self.val1) == self.val6", 314578),
            ("string(self.val4) == '10.5'", 4),
            ("string(self.val7) == self.val6", 629150),
            ("duration(self.val8) == self.val9", 6),
            ("timestamp(self.val10) == self.val11", 6),
            ("string(self.val11) == self.val10", 314578),
            ("timestamp(self.val12) == self.val13", 6),
            ("string(self.val13) == self.val12", 314578),
        ],
    },
    Estimated {
        name: "lists",
        schema: TWO_INT_LISTS,
        costs: &[
            ("self.val1 == [1, 2, 3] && [1, 2, 3] == self.val1 && self.val1 == self.val2", 157317),
            ("1 in self.val1", 1572865),
            ("self.val2[0] in self.val1", 1572868),
            ("!(0 in self.val1)", 1572866),
            ("self.val1 + self.val2 == [1, 2, 3, 1, 2, 3]", 16),
            ("self.val1 + [4, 5] == [1, 2, 3, 4, 5]", 24),
            ("has(self.val1)", 1),
            ("has(self.val1) && has(self.val2)", 2),
            ("!has(self.val1)", 2),
            ("self.val1.all(k, size(self.val1) > 0)", 11010044),
            ("self.val1.exists_one(k, self.val1 == [2])", 23592949),
            ("!self.val1.exists_one(k, size(self.val1) > 0)", 9437183),
            ("size(self.val1) == 2", 4),
            ("size(self.val1.filter(k, size(self.val1) > 1)) == 1", 26738686),
        ],
    },
    Estimated {
        name: "listSets",
        schema: TWO_STRING_SETS,
        costs: &[
            ("self.val1 == ['c', 'b', 'a']", 13),
            ("self.val1 == self.val2", 104862),
            ("'a' in self.val1", 1048577),
            ("self.val2[0] in self.val1", 1048580),
            ("!('x' in self.val1)", 1048578),
            ("self.val1 + self.val2 == ['a', 'b', 'c']", 16),
            ("self.val1 + ['c', 'd'] == ['a', 'b', 'c', 'd']", 24),
            ("has(self.val1)", 1),
            ("has(self.val1) && has(self.val2)", 2),
            ("!has(self.val1)", 2),
            ("self.val1.all(k, size(self.val1) > 0)", 7340028),
            ("self.val1.exists_one(k, self.val1 == ['a'])", 15728629),
            ("!self.val1.exists_one(k, size(self.val1) > 0)", 6291455),
            ("size(self.val1) == 2", 4),
            ("size(self.val1.filter(k, size(self.val1) > 1)) == 1", 17825790),
        ],
    },
    Estimated {
        name: "listMaps",
        schema: LIST_MAPS,
        costs: &[
            ("self.objs[0] == self.objs[1]", 104864),
            ("self.objs[0] + self.objs[2] == self.objs[2]", 104868),
            ("self.objs[2] + self.objs[0] == self.objs[0]", 104868),
            ("self.objs[0] == [self.objs[0][0], self.objs[0][1]]", 22),
            ("self.objs[0] == [self.objs[0][1], self.objs[0][0]]", 22),
            ("self.objs[2] + [self.objs[0][0], self.objs[0][1]] == self.objs[0]", 104883),
            ("size(self.objs[0] + [self.objs[3][0]]) == 3", 20),
            ("has(self.objs)", 1),
            ("has(self.objs) && has(self.objs)", 2),
            ("!has(self.objs)", 2),
            ("self.objs[0].all(k, size(self.objs[0]) > 0)", 8388604),
            ("self.objs[0].exists_one(k, size(self.objs[0]) > 0)", 7340030),
            ("!self.objs[0].exists_one(k, size(self.objs[0]) > 0)", 7340031),
            ("size(self.objs[0]) == 2", 5),
            ("size(self.objs[0].filter(k, size(self.objs[0]) > 1)) == 1", 18874366),
        ],
    },
    Estimated {
        name: "maps",
        schema: MAPS,
        costs: &[
            ("self.val1 == self.val2", 39326),
            ("'k1' in self.val1", 3),
            ("!('k3' in self.val1)", 4),
            ("self.val1 == {'k1': 'a', 'k2': 'b'}", 33),
            ("has(self.val1)", 1),
            ("has(self.val1) && has(self.val2)", 2),
            ("!has(self.val1)", 2),
            ("self.val1.all(k, size(self.val1) > 0)", 2752508),
            ("self.val1.exists_one(k, size(self.val1) > 0)", 2359294),
            ("!self.val1.exists_one(k, size(self.val1) > 0)", 2359295),
            ("size(self.val1) == 2", 4),
            ("size(self.val1.filter(k, size(self.val1) > 1)) == 1", 6684670),
        ],
    },
    Estimated {
        name: "objects",
        schema: OBJECTS,
        costs: &[
            ("self.objs[0] == self.objs[1]", 6),
        ],
    },
    Estimated {
        name: "object access",
        schema: OBJECT_ACCESS,
        costs: &[
            ("has(self.a.b)", 2),
            ("has(self.a1.b1.c1)", 3),
            ("!(has(self.a1.d2) && has(self.a1.d2.e2))", 6),
            ("!has(self.a1.d2)", 3),
            ("has(self.a)", 1),
            ("has(self.a) && has(self.a1)", 2),
            ("!has(self.a)", 2),
        ],
    },
    Estimated {
        name: "map access",
        schema: MAP_ACCESS,
        costs: &[
            ("!('a' in self.val)", 4),
            ("'b' in self.val", 3),
            ("!('c' in self.val)", 4),
            ("'d' in self.val", 3),
            ("!has(self.val.a)", 3),
            ("has(self.val.b)", 2),
            ("!has(self.val.c)", 3),
            ("has(self.val.d)", 2),
            ("self.val.all(k, self.val[k] > 0)", 3595115),
            ("self.val.exists_one(k, self.val[k] == 2)", 2696338),
            ("!self.val.exists_one(k, self.val[k] > 0)", 3145728),
            ("size(self.val) == 2", 4),
            ("size(self.val.filter(k, self.val[k] > 1)) == 1", 8089017),
        ],
    },
    Estimated {
        name: "listMap access",
        schema: LIST_MAP_ACCESS,
        costs: &[
            ("has(self.listMap[0].v)", 3),
            ("self.listMap.all(m, m.k.startsWith('a'))", 6291453),
            ("self.listMap.all(m, !has(m.v2) || m.v2 == 'z')", 8388603),
            ("self.listMap.exists(m, m.k.endsWith('1'))", 7340028),
            ("self.listMap.exists_one(m, m.k == 'a3')", 5242879),
            ("!self.listMap.all(m, m.k.endsWith('1'))", 6291454),
            ("!self.listMap.exists(m, m.v == 'x')", 7340029),
            ("!self.listMap.exists_one(m, m.k.startsWith('a'))", 5242880),
            ("size(self.listMap.filter(m, m.k == 'a1')) == 1", 16777215),
            ("self.listMap.exists(m, m.k == 'a1' && m.v == 'b1')", 10485753),
            ("self.listMap.map(m, m.v).exists(v, v == 'b1')", 19922939),
            ("self.listMap.exists(m, has(m.v2) && m.v2 == 'z')", 8388603),
            ("!self.listMap.all(m, has(m.v2) && m.v2 != 'z')", 7340029),
            ("self.listMap.exists_one(m, has(m.v2) && m.v2 == 'z')", 6291454),
            ("self.listMap.filter(m, has(m.v2) && m.v2 == 'z').size() == 1", 17825790),
            ("self.listMap.map(m, has(m.v2) && m.v2 == 'z', m.v2).size() == 1", 18874365),
            ("self.listMap.filter(m, has(m.v2) && m.v2 == 'z').map(m, m.v2).size() == 1", 32505851),
            ("self.listMap.exists(m, m.v2 == 'z')", 7340028),
            ("!self.listMap.all(m, m.v2 != 'z')", 6291454),
        ],
    },
    Estimated {
        name: "list access",
        schema: LIST_ACCESS,
        costs: &[
            ("2 in self.array", 1572865),
            ("self.array.all(e, e > 0)", 7864318),
            ("self.array.exists(e, e > 2)", 9437181),
            ("self.array.exists_one(e, e > 4)", 6291456),
            ("!self.array.all(e, e < 2)", 7864319),
            ("!self.array.exists(e, e < 0)", 9437182),
            ("!self.array.exists_one(e, e == 2)", 4718594),
            ("self.array.all(e, e < 100)", 7864318),
            ("size(self.array.filter(e, e%2 == 0)) == 3", 25165823),
            ("self.array.map(e, e * 20).filter(e, e > 50).exists(e, e == 60)", 53477367),
            ("size(self.array) == 8", 4),
        ],
    },
    Estimated {
        name: "listSet access",
        schema: LIST_SET_ACCESS,
        costs: &[
            ("3 in self.set", 1572865),
            ("self.set.all(e, e > 0)", 7864318),
            ("self.set.exists(e, e > 3)", 9437181),
            ("self.set.exists_one(e, e == 3)", 4718593),
            ("!self.set.all(e, e < 3)", 7864319),
            ("!self.set.exists(e, e < 0)", 9437182),
            ("!self.set.exists_one(e, e > 3)", 6291457),
            ("self.set.all(e, e < 10)", 7864318),
            ("size(self.set.filter(e, e%2 == 0)) == 2", 25165823),
            ("self.set.map(e, e * 20).filter(e, e > 50).exists_one(e, e == 60)", 50331642),
            ("size(self.set) == 5", 4),
        ],
    },
    Estimated {
        name: "typemeta and objectmeta access specified",
        schema: TYPEMETA_SPECIFIED,
        costs: &[
            ("self.kind == 'Pod'", 3),
            ("self.apiVersion == 'v1'", 3),
            ("self.metadata.name == 'foo'", 4),
            ("self.metadata.generateName == 'pickItForMe'", 5),
        ],
    },
    Estimated {
        name: "embedded object",
        schema: EMBEDDED,
        costs: &[
            ("self.embedded.kind == 'Pod'", 4),
            ("self.embedded.apiVersion == 'v1'", 4),
            ("self.embedded.metadata.name == 'foo'", 5),
            ("self.embedded.metadata.generateName == 'pickItForMe'", 6),
        ],
    },
    Estimated {
        name: "embedded object with properties",
        schema: EMBEDDED_WITH_PROPERTIES,
        costs: &[
            ("self.embedded.kind == 'Pod'", 4),
            ("self.embedded.apiVersion == 'v1'", 4),
            ("self.embedded.metadata.name == 'foo'", 5),
            ("self.embedded.metadata.generateName == 'pickItForMe'", 6),
            ("self.embedded.spec.field1 == 'a'", 5),
        ],
    },
    Estimated {
        name: "embedded object with preserve unknown",
        schema: EMBEDDED_PRESERVING,
        costs: &[
            ("self.embedded.kind == 'Pod'", 4),
            ("self.embedded.apiVersion == 'v1'", 4),
            ("self.embedded.metadata.name == 'foo'", 5),
            ("self.embedded.metadata.generateName == 'pickItForMe'", 6),
            ("has(self.embedded)", 1),
        ],
    },
    Estimated {
        name: "string in intOrString",
        schema: INT_OR_STRING,
        costs: &[
            ("type(self.something) == int ? self.something == 1 : self.something == '25%'", 7),
            ("type(self.something) == string && self.something == '25%'", 7),
            ("self.something == '25%'", 3),
            ("self.something != 1", 3),
            ("self.something == 1 || self.something == '25%'", 6),
            ("self.something == '25%' || self.something == 1", 6),
            ("self.something != ['anything']", 13),
        ],
    },
    Estimated {
        name: "int in intOrString",
        schema: INT_OR_STRING,
        costs: &[
            ("type(self.something) == int ? self.something == 1 : self.something == '25%'", 7),
            ("type(self.something) == int && self.something == 1", 7),
            ("self.something == 1", 3),
            ("self.something != 'some string'", 4),
            ("self.something == 1 || self.something == '25%'", 6),
            ("self.something == '25%' || self.something == 1", 6),
            ("self.something != ['anything']", 13),
        ],
    },
    Estimated {
        name: "null in intOrString",
        schema: NULLABLE_INT_OR_STRING,
        costs: &[
            ("!has(self.something)", 2),
        ],
    },
    Estimated {
        name: "percent comparison using intOrString",
        schema: PERCENT,
        costs: &[
            (r#"type(self.min) == string && self.min.matches(r'(\d+(\.\d+)?%)')"#, 1258298),
            ("type(self.min) == int ? self.current <= self.min : double(self.current) / double(self.available) >= double(self.min.replace('%', '')) / 100.0", 629162),
        ],
    },
    Estimated {
        name: "preserve unknown fields",
        schema: PRESERVE_UNKNOWN,
        costs: &[
            ("has(self.withUnknown)", 1),
            ("self.withUnknownList.size() == 5", 4),
            ("self.withUnknownList[0] != self.withUnknownList[1]", 6),
            ("self.withUnknownList[1] == self.withUnknownList[2]", 6),
            ("self.withUnknownList[3] == self.withUnknownList[4]", 6),
            ("self.withUnknownFieldList[0] != self.withUnknownFieldList[1]", 6),
            ("self.withUnknownFieldList[1] == self.withUnknownFieldList[2]", 6),
        ],
    },
    Estimated {
        name: "known and unknown fields",
        schema: KNOWN_AND_UNKNOWN,
        costs: &[
            ("self.withUnknown.known == 1", 3),
            ("self.withUnknownList[1] == self.withUnknownList[2]", 6),
            ("self.withUnknownList[0] != self.withUnknownList[1]", 6),
            ("self.withUnknownList[0] != self.withUnknownList[3]", 6),
            ("self.withUnknownList[0] != self.withUnknownList[5]", 6),
            ("self.withUnknownList[3] == self.withUnknownList[4]", 6),
            ("self.withUnknownList[4] != self.withUnknownList[5]", 6),
        ],
    },
    Estimated {
        name: "field nullability",
        schema: FIELD_NULLABILITY,
        costs: &[
            ("!has(self.unsetPlainStr)", 2),
            ("has(self.unsetDefaultedStr) && self.unsetDefaultedStr == 'default value'", 5),
            ("!has(self.unsetNullableStr)", 2),
            ("has(self.setPlainStr) && self.setPlainStr == 'v1'", 4),
            ("has(self.setDefaultedStr) && self.setDefaultedStr == 'v2'", 4),
            ("has(self.setNullableStr) && self.setNullableStr == 'v3'", 4),
            ("type(self.setNullableStr) != null_type", 4),
            ("!has(self.setToNullNullableStr)", 2),
        ],
    },
    Estimated {
        name: "null values in container types",
        schema: NULLS_IN_CONTAINERS,
        costs: &[
            ("self.m.size() == 2", 4),
            ("'a' in self.m", 3),
            ("type(self.m['a']) == null_type", 5),
        ],
    },
    Estimated {
        name: "object types are not accessible",
        schema: OBJECT_TYPES,
        costs: &[
            ("type(self) == type(self)", 1844674407370955268),
            ("type(self.nestedInMap['k1']) == type(self.nestedInMap['k2'])", 1844674407370955272),
        ],
    },
    Estimated {
        name: "listMaps with unsupported identity characters in property names",
        schema: LIST_MAP_ODD_KEYS,
        costs: &[
            ("self.objs[0] == self.objs[1]", 104864),
            ("self.objs[0][0].k__dot__ == '1'", 6),
        ],
    },
    Estimated {
        name: "container type composition",
        schema: COMPOSITION_WITH_LIMITS,
        costs: &[
            ("self.obj.field == 'a'", 4),
            ("self.mapOfMap['x']['y'] == 'b'", 5),
            ("self.mapOfObj['k'].field2 == 'c'", 5),
            ("self.mapOfListMap['o'].exists(e, e.k == '1' && e.v == 'd')", 104),
            ("self.mapOfList['l'][0] == 'e'", 5),
            ("self.listMapOfObj.exists(e, e.k2 == '2' && e.v2 == 'f')", 103),
            ("self.listOfMap[0]['z'] == 'g'", 5),
            ("self.listOfObj[0].field3 == 'h'", 5),
            ("self.listOfListMap[0].exists(e, e.k3 == '3' && e.v3 == 'i')", 104),
            ("self.mapOfMap.map(k, k).map(k, k).size() == 1", 286),
            ("self.mapOfListMap.map(k, k).map(k, k).size() == 1", 286),
            ("self.mapOfList.map(k, k).map(k, k).size() == 1", 286),
            ("self.listOfMap.map(e, e).map(e, e).size() == 1", 286),
            ("self.listOfListMap.map(e, e).map(e, e).size() == 1", 286),
            ("self.mapOfMap.map(k, self.mapOfMap[k].map(m, m)).size() == 1", 1585),
            ("self.mapOfListMap.map(k, self.mapOfListMap[k].map(m, m)).size() == 1", 1585),
            ("self.mapOfList.map(k, self.mapOfList[k].map(l, l)).size() == 1", 1585),
            ("self.listOfMap.map(e, e.map(m, m)).size() == 1", 1555),
            ("self.listOfListMap.map(e, e.map(e, e)).size() == 1", 1555),
        ],
    },
    Estimated {
        name: "optionals",
        schema: OPTIONALS,
        costs: &[
            ("optional.of('a') != optional.of('b')", 1844674407370955266),
            ("optional.of('a') != optional.none()", 1844674407370955266),
            ("optional.of('a').hasValue()", 2),
            ("optional.of('a').or(optional.of('a')).hasValue()", 4),
            ("optional.none().or(optional.of('a')).hasValue()", 4),
            ("optional.of('a').optMap(v, v == 'value').hasValue()", 18),
            ("self.obj.?field == optional.of('a')", 1844674407370955268),
            ("self.obj.?absentField == optional.none()", 1844674407370955268),
            ("self.obj.?field.orValue('v') == 'a'", 5),
            ("self.m[?'k'] == optional.of('v')", 1844674407370955268),
            ("self.l[?0] == optional.of('a')", 1844674407370955268),
            ("optional.ofNonZeroValue(1).hasValue()", 2),
            ("optional.of([1, 2, 3, 4, 5]).optMap(v, v.size()).hasValue()", 38),
            ("optional.of('abcdefgabcdefg').optMap(v, v.size()).hasValue()", 18),
            ("self.l[?0].optMap(v, v == 'a').hasValue()", 22),
        ],
    },
    Estimated {
        name: "quantity",
        schema: TWO_STRINGS,
        costs: &[
            ("isQuantity(self.val1)", 314575),
            ("isQuantity(self.val2)", 314575),
            (r#"isQuantity("200M")"#, 1),
            (r#"isQuantity("20Mi")"#, 1),
            (r#"quantity("200M") == quantity("0.2G") && quantity("0.2G") == quantity("200M")"#, 6),
            (r#"quantity("2M") == quantity("0.002G") && quantity("2000k") == quantity("2M") && quantity("0.002G") == quantity("2000k")"#, 9),
            ("quantity(self.val1).isLessThan(quantity(self.val2))", 629151),
            (r#"quantity("50M").isLessThan(quantity("100M"))"#, 3),
            (r#"quantity("50Mi").isGreaterThan(quantity("50M"))"#, 3),
            (r#"quantity("200M").compareTo(quantity("0.2G")) == 0"#, 4),
            (r#"quantity("50k").add(quantity("20")) == quantity("50.02k")"#, 5),
            (r#"quantity("50k").sub(20) == quantity("49980")"#, 4),
            (r#"quantity("50").isInteger()"#, 2),
            ("quantity(self.val1).isInteger()", 314576),
        ],
    },
];
