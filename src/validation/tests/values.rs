//! Types, formats, enums, patterns, lengths, ranges, multipleOf, counts, required, nullable,
//! additionalProperties: one case per rule, with kube-openapi's quirks.

use super::run_spec_cases;

fn obj(props: &str) -> String {
    format!("{{type: object, properties: {props}}}")
}

#[test]
fn types() {
    let a = |t: &str| obj(&format!("{{a: {t}}}"));
    run_spec_cases(&[
        ("string given an integer", &a("{type: string}"), "{a: 5}", &["spec.a: Invalid value: \"integer\": spec.a in body must be of type string: \"integer\""]),
        ("integer given a string", &a("{type: integer}"), "{a: x}", &["spec.a: Invalid value: \"string\": spec.a in body must be of type integer: \"string\""]),
        ("integer given a float", &a("{type: integer}"), "{a: 1.5}", &[
            "<nil>: Invalid value: \"\": Checked value must be of type integer (default format) in spec.a",
            "spec.a: Invalid value: \"number\": spec.a in body must be of type integer: \"number\"",
        ]),
        ("integer given a float within 1e-9 of an integer", &a("{type: integer}"), "{a: 100.0000000001}", &["<nil>: Invalid value: \"\": Checked value must be of type integer (default format) in spec.a"]),
        ("number given an integer", &a("{type: number}"), "{a: 3}", &[]),
        ("int32 out of range", &a("{type: integer, format: int32}"), "{a: 1099511627776}", &["<nil>: Invalid value: \"\": Checked value must be of type integer with format int32 in spec.a"]),
        ("int32 given a string", &a("{type: integer, format: int32}"), "{a: x}", &["spec.a: Invalid value: \"string\": spec.a in body must be of type integer: \"string\""]),
        ("int32 given a boolean: the format is named", &a("{type: integer, format: int32}"), "{a: true}", &["spec.a: Invalid value: \"\": spec.a in body must be of type int32: \"\""]),
        ("float out of range", &a("{type: number, format: float}"), "{a: 1e39}", &["<nil>: Invalid value: \"\": Checked value must be of type number with format float in spec.a"]),
        ("int-or-string given a boolean", &a("{x-kubernetes-int-or-string: true}"), "{a: true}", &["spec.a: Invalid value: \"boolean\": spec.a in body must be of type integer,string: \"boolean\""]),
        ("int-or-string given a float", &a("{x-kubernetes-int-or-string: true}"), "{a: 1.5}", &["spec.a: Invalid value: \"number\": spec.a in body must be of type integer,string: \"number\""]),
        ("object given a list", &a("{type: object}"), "{a: [1]}", &["spec.a: Invalid value: \"array\": spec.a in body must be of type object: \"array\""]),
        ("array given a map", &a("{type: array, items: {type: string}}"), "{a: {}}", &["spec.a: Invalid value: \"object\": spec.a in body must be of type array: \"object\""]),
        ("null where not nullable", &a("{type: string}"), "{a: null}", &["spec.a: Invalid value: \"null\": spec.a in body must be of type string: \"null\""]),
        ("null where nullable", &a("{type: string, nullable: true}"), "{a: null}", &[]),
        ("map values", &a("{type: object, additionalProperties: {type: string}}"), "{a: {k: 1}}", &["spec.a.k: Invalid value: \"integer\": spec.a.k in body must be of type string: \"integer\""]),
        ("additionalProperties false", &a("{type: object, additionalProperties: false}"), "{a: {x: 1}}", &["spec.a: Invalid value: \"x\": spec.a.x in body is a forbidden property"]),
    ]);
}

#[test]
fn formats() {
    let a = |t: &str| obj(&format!("{{a: {t}}}"));
    let dt = a("{type: string, format: date-time}");
    run_spec_cases(&[
        ("date-time", &dt, "{a: '2021-02-28T10:00:00.5+01:00'}", &[]),
        ("date-time on a leap day", &dt, "{a: '2020-02-29T00:00:00Z'}", &[]),
        ("date-time, no such day", &dt, "{a: '2021-02-29T00:00:00Z'}", &["spec.a: Invalid value: \"2021-02-29T00:00:00Z\": spec.a in body must be of type date-time: \"2021-02-29T00:00:00Z\""]),
        ("date-time given an integer", &dt, "{a: 5}", &["spec.a: Invalid value: \"int64\": spec.a in body must be of type date-time: \"int64\""]),
        ("a list passes a string format's type check", &dt, "{a: [1]}", &[]),
        ("byte", &a("{type: string, format: byte}"), "{a: abc}", &["spec.a: Invalid value: \"abc\": spec.a in body must be of type byte: \"abc\""]),
        ("byte ok", &a("{type: string, format: byte}"), "{a: YWJj}", &[]),
        ("duration, Go syntax", &a("{type: string, format: duration}"), "{a: 1h5m0.5s}", &[]),
        ("duration, loose", &a("{type: string, format: duration}"), "{a: 5 minutes}", &[]),
        ("duration, bad", &a("{type: string, format: duration}"), "{a: soon}", &["spec.a: Invalid value: \"soon\": spec.a in body must be of type duration: \"soon\""]),
        ("uuid", &a("{type: string, format: uuid}"), "{a: 123e4567-e89b-12d3-a456-42661417400}", &["spec.a: Invalid value: \"123e4567-e89b-12d3-a456-42661417400\": spec.a in body must be of type uuid: \"123e4567-e89b-12d3-a456-42661417400\""]),
        ("ipv4 allows leading zeros", &a("{type: string, format: ipv4}"), "{a: 010.1.1.1}", &[]),
        ("cidr", &a("{type: string, format: cidr}"), "{a: 10.0.0.0/33}", &["spec.a: Invalid value: \"10.0.0.0/33\": spec.a in body must be of type cidr: \"10.0.0.0/33\""]),
        ("int32 format on a string is dropped", &a("{type: string, format: int32}"), "{a: abc}", &[]),
        ("unknown format is dropped", &a("{type: string, format: foo}"), "{a: abc}", &[]),
        ("k8s-short-name", &a("{type: string, format: k8s-short-name}"), "{a: Abc}", &["spec.a: Invalid value: \"Abc\": spec.a in body must be of type k8s-short-name: \"Abc\""]),
    ]);
}

#[test]
fn enums_and_patterns() {
    let a = |t: &str| obj(&format!("{{a: {t}}}"));
    run_spec_cases(&[
        ("enum", &a("{type: string, enum: [small, large]}"), "{a: medium}", &["spec.a: Unsupported value: \"medium\": supported values: \"small\", \"large\""]),
        ("integer enum", &a("{type: integer, enum: [1, 2]}"), "{a: 3}", &["spec.a: Unsupported value: 3: supported values: \"1\", \"2\""]),
        ("integer enum ok", &a("{type: integer, enum: [1, 2]}"), "{a: 2}", &[]),
        ("enum given a map", &a("{type: string, enum: [x]}"), "{a: {}}", &[
            "spec.a: Invalid value: \"object\": spec.a in body must be of type string: \"object\"",
            "spec.a: Unsupported value: {}: supported values: \"x\"",
        ]),
        ("an int64 converts to the string of its code point", &a("{type: string, enum: [A]}"), "{a: 65}", &["spec.a: Invalid value: \"integer\": spec.a in body must be of type string: \"integer\""]),
        ("enum given null", &a("{type: string, nullable: true, enum: [x]}"), "{a: null}", &["spec.a: Unsupported value: null: supported values: \"x\""]),
        ("pattern", &a("{type: string, pattern: '^[a-z]+$'}"), "{a: Not_Lower}", &["spec.a: Invalid value: \"Not_Lower\": spec.a in body should match '^[a-z]+$'"]),
        ("pattern with Go's ASCII \\d", &a("{type: string, pattern: '^\\d+$'}"), "{a: \"\u{661}\"}", &["spec.a: Invalid value: \"\u{661}\": spec.a in body should match '^\\d+$'"]),
        ("pattern (?i)", &a("{type: string, pattern: '^(?i)abc$'}"), "{a: ABC}", &[]),
    ]);
}

#[test]
fn lengths_ranges_counts_required() {
    let a = |t: &str| obj(&format!("{{a: {t}}}"));
    let list = |extra: &str| {
        a(&format!(
            "{{type: array, items: {{type: string}}, {extra}}}"
        ))
    };
    run_spec_cases(&[
        ("maxLength", &a("{type: string, maxLength: 3}"), "{a: abcd}", &["spec.a: Too long: may not be more than 3 bytes"]),
        ("maxLength 1", &a("{type: string, maxLength: 1}"), "{a: ab}", &["spec.a: Too long: may not be more than 1 byte"]),
        ("maxLength counts characters", &a("{type: string, maxLength: 3}"), "{a: äöü}", &[]),
        ("minLength", &a("{type: string, minLength: 2}"), "{a: a}", &["spec.a: Invalid value: \"a\": spec.a in body should be at least 2 chars long"]),
        ("only the first string failure", &a("{type: string, maxLength: 1, pattern: '^x$'}"), "{a: yy}", &["spec.a: Too long: may not be more than 1 byte"]),
        ("minimum", &a("{type: integer, minimum: 1}"), "{a: 0}", &["spec.a: Invalid value: 0: spec.a in body should be greater than or equal to 1"]),
        ("exclusiveMinimum", &a("{type: integer, minimum: 1, exclusiveMinimum: true}"), "{a: 1}", &["spec.a: Invalid value: 1: spec.a in body should be greater than 1"]),
        ("maximum", &a("{type: integer, maximum: 10}"), "{a: 11}", &["spec.a: Invalid value: 11: spec.a in body should be less than or equal to 10"]),
        ("exclusiveMaximum", &a("{type: number, maximum: 10, exclusiveMaximum: true}"), "{a: 10}", &["spec.a: Invalid value: 10: spec.a in body should be less than 10"]),
        ("float maximum printed with %v", &a("{type: number, maximum: 1000000}"), "{a: 2000000.5}", &["spec.a: Invalid value: 2.0000005e+06: spec.a in body should be less than or equal to 1e+06"]),
        ("bound not an integer", &a("{type: integer, maximum: 1.5}"), "{a: 1}", &["<nil>: Invalid value: \"\": Maximum boundary value must be of type integer (default format) in spec.a"]),
        ("int32 out of range and over the maximum", &a("{type: integer, format: int32, maximum: 10}"), "{a: 4294967296}", &[
            "<nil>: Invalid value: \"\": Checked value must be of type integer with format int32 in spec.a",
            "spec.a: Invalid value: 4294967296: spec.a in body should be less than or equal to 10",
        ]),
        ("multipleOf", &a("{type: integer, multipleOf: 5}"), "{a: 7}", &["spec.a: Invalid value: 7: spec.a in body should be a multiple of 5"]),
        ("float multipleOf", &a("{type: number, multipleOf: 0.5}"), "{a: 0.75}", &["spec.a: Invalid value: 0.75: spec.a in body should be a multiple of 0.5"]),
        ("minItems", &list("minItems: 1"), "{a: []}", &["spec.a: Invalid value: 0: spec.a in body should have at least 1 items"]),
        ("maxItems 1", &list("maxItems: 1"), "{a: [p, q, r]}", &["spec.a: Too many: 3: must have at most 1 item"]),
        ("maxItems 2", &list("maxItems: 2"), "{a: [p, q, r]}", &["spec.a: Too many: 3: must have at most 2 items"]),
        ("uniqueItems", &list("uniqueItems: true"), "{a: [x, x]}", &["spec.a: Invalid value: \"\": spec.a in body shouldn't contain duplicates"]),
        ("minProperties", &a("{type: object, additionalProperties: {type: string}, minProperties: 1}"), "{a: {}}", &["spec.a: Invalid value: 0: spec.a in body should have at least 1 properties"]),
        ("maxProperties", &a("{type: object, additionalProperties: {type: string}, maxProperties: 1}"), "{a: {x: a, y: b}}", &["spec.a: Too many: 2: must have at most 1 item"]),
        ("required", "{type: object, required: [owner], properties: {owner: {type: string}}}", "{}", &["spec.owner: Required value"]),
        ("required in list items", &a("{type: array, items: {type: object, required: [name], properties: {name: {type: string}}}}"), "{a: [{}]}", &["spec.a[0].name: Required value"]),
        ("a present null is present", "{type: object, required: [o], properties: {o: {type: string, nullable: true}}}", "{o: null}", &[]),
    ]);
}
