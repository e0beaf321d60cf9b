//! allOf, anyOf, oneOf, not, and kube-openapi's choice of the failing branch it reports (the one
//! with the most passed checks, the first among equals).

use super::run_spec_cases;

const AB: &str = "a: {type: string}, b: {type: integer}";

fn with(junctor: &str) -> String {
    format!("{{type: object, properties: {{{AB}}}, {junctor}}}")
}

#[test]
fn junctors() {
    run_spec_cases(&[
        ("anyOf: none valid, the first failing branch", &with("anyOf: [{required: [a]}, {required: [b]}]"), "{}", &[
            "<nil>: Invalid value: \"\": \"spec\" must validate at least one schema (anyOf)",
            "spec.a: Required value",
        ]),
        ("anyOf: one valid", &with("anyOf: [{required: [a]}, {required: [b]}]"), "{b: 1}", &[]),
        ("anyOf: the branch with the most passed checks", &with("anyOf: [{properties: {a: {maxLength: 0}}}, {properties: {a: {pattern: '^y$'}, b: {minimum: 5}}}]"), "{a: x, b: 1}", &[
            "<nil>: Invalid value: \"\": \"spec\" must validate at least one schema (anyOf)",
            "spec.a: Invalid value: \"x\": spec.a in body should match '^y$'",
            "spec.b: Invalid value: 1: spec.b in body should be greater than or equal to 5",
        ]),
        ("oneOf: two valid", &with("oneOf: [{required: [a]}, {required: [b]}]"), "{a: x, b: 1}", &["<nil>: Invalid value: \"\": \"spec\" must validate one and only one schema (oneOf). Found 2 valid alternatives"]),
        ("oneOf: none valid", &with("oneOf: [{required: [a]}, {required: [b]}]"), "{}", &[
            "<nil>: Invalid value: \"\": \"spec\" must validate one and only one schema (oneOf). Found none valid",
            "spec.a: Required value",
        ]),
        ("oneOf: exactly one", &with("oneOf: [{required: [a]}, {required: [b]}]"), "{a: x}", &[]),
        ("allOf: one fails", &with("allOf: [{required: [a]}, {required: [b]}]"), "{a: x}", &[
            "<nil>: Invalid value: \"\": \"spec\" must validate all the schemas (allOf)",
            "spec.b: Required value",
        ]),
        ("allOf: none validated", &with("allOf: [{required: [a]}, {required: [b]}]"), "{}", &[
            "<nil>: Invalid value: \"\": \"spec\" must validate all the schemas (allOf). None validated",
            "spec.a: Required value",
            "spec.b: Required value",
        ]),
        ("allOf: the same error once", &with("allOf: [{required: [a]}, {required: [a]}]"), "{}", &[
            "<nil>: Invalid value: \"\": \"spec\" must validate all the schemas (allOf). None validated",
            "spec.a: Required value",
        ]),
        ("not", &with("not: {required: [a]}"), "{a: x}", &["<nil>: Invalid value: \"\": \"spec\" must not validate the schema (not)"]),
        ("not passes", &with("not: {required: [a]}"), "{}", &[]),
    ]);
}

#[test]
fn int_or_string_pattern() {
    let s = "{type: object, properties: {a: {x-kubernetes-int-or-string: true, anyOf: [{type: integer}, {type: string}], pattern: '^\\d+%$'}}}";
    run_spec_cases(&[
        ("integer", s, "{a: 5}", &[]),
        ("string matching", s, "{a: 50%}", &[]),
        ("string not matching", s, "{a: abc}", &["spec.a: Invalid value: \"abc\": spec.a in body should match '^\\d+%$'"]),
        ("boolean", s, "{a: true}", &[
            "<nil>: Invalid value: \"\": \"spec.a\" must validate at least one schema (anyOf)",
            "spec.a: Invalid value: \"boolean\": spec.a in body must be of type integer,string: \"boolean\"",
            "spec.a: Invalid value: \"boolean\": spec.a in body must be of type integer: \"boolean\"",
        ]),
    ]);
}
