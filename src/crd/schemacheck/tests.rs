//! Table tests: one case per rule with the apiserver's exact, sorted error text; then every
//! structural example of the structural-schemas KEP (as today's apiserver judges them).

use super::tests_support::{errors, expand, schema, R};
use super::*;

fn run(cases: &[(&str, &str, &[&str])]) {
    let mut failed = Vec::new();
    for (name, yaml, want) in cases {
        let got = errors(yaml);
        if got != expand(want) {
            failed.push(format!(
                "{name}:\n  want {:#?}\n  got  {got:#?}",
                expand(want)
            ));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn types_items_and_root() {
    run(&[
        ("structural", "type: object\nproperties: {a: {type: string}, b: {type: array, items: {type: integer}}}", &[]),
        ("root without type", "properties: {a: {type: string}}", &["R.type: Required value: must not be empty at the root"]),
        ("field without type", "type: object\nproperties: {a: {description: x}}", &["R.properties[a].type: Required value: must not be empty for specified object fields"]),
        ("item without type", "type: object\nproperties: {a: {type: array, items: {minLength: 1}}}", &["R.properties[a].items.type: Required value: must not be empty for specified array items"]),
        ("array without items", "type: object\nproperties: {a: {type: array}}", &["R.properties[a].items: Required value: must be specified"]),
        ("additionalProperties schema without type", "type: object\nproperties: {m: {type: object, additionalProperties: {}}}", &["R.properties[m].additionalProperties.type: Required value: must not be empty for specified object fields"]),
        ("additionalProperties at the root", "type: object\nadditionalProperties: {type: string}", &["R.additionalProperties: Forbidden: must not be used at the root"]),
        ("root not an object", "type: string", &["R.type: Invalid value: \"string\": must be object at the root"]),
        ("preserve-unknown-fields needs no type", "type: object\nproperties: {a: {x-kubernetes-preserve-unknown-fields: true}}", &[]),
        ("int-or-string needs no type", "type: object\nproperties: {a: {x-kubernetes-int-or-string: true}}", &[]),
        ("unknown type", "type: object\nproperties: {a: {type: foo}}", &["R.properties[a].type: Unsupported value: \"foo\": supported values: \"array\", \"boolean\", \"integer\", \"number\", \"object\", \"string\""]),
        ("type null", "type: object\nproperties: {a: {type: \"null\"}}", &[
            "R.properties[a].type: Forbidden: type cannot be set to null, use nullable as an alternative",
            "R.properties[a].type: Unsupported value: \"null\": supported values: \"array\", \"boolean\", \"integer\", \"number\", \"object\", \"string\"",
        ]),
        ("nullable root", "type: object\nnullable: true", &["R.nullable: Forbidden: nullable cannot be true at the root"]),
        ("uniqueItems", "type: object\nproperties: {a: {type: array, uniqueItems: true, items: {type: string}}}", &["R.properties[a].uniqueItems: Forbidden: uniqueItems cannot be set to true since the runtime complexity becomes quadratic"]),
        ("properties and additionalProperties", "type: object\nproperties: {m: {type: object, properties: {a: {type: string}}, additionalProperties: {type: string}}}", &["R.properties[m].additionalProperties: Forbidden: additionalProperties and properties are mutual exclusive"]),
        ("properties and additionalProperties false", "type: object\nproperties: {m: {type: object, properties: {a: {type: string}}, additionalProperties: false}}", &["R.properties[m].additionalProperties: Forbidden: additionalProperties and properties are mutual exclusive"]),
        ("properties and additionalProperties true", "type: object\nproperties: {m: {type: object, properties: {a: {type: string}}, additionalProperties: true}}", &[]),
    ]);
}

#[test]
fn junctors() {
    run(&[
        ("value validations only", "type: object\nproperties: {a: {type: string, anyOf: [{pattern: a}, {maxLength: 3}], not: {enum: [x]}}}", &[]),
        ("everything forbidden in junctors", "type: object\nproperties:\n  a:\n    type: object\n    allOf:\n    - type: string\n      additionalProperties: true\n      default: x\n      title: t\n      description: d\n      nullable: true\n      externalDocs: {url: u}\n      x-kubernetes-preserve-unknown-fields: true\n      x-kubernetes-embedded-resource: true\n      x-kubernetes-int-or-string: true\n      x-kubernetes-list-map-keys: [k]\n      x-kubernetes-list-type: map\n      x-kubernetes-map-type: atomic\n      x-kubernetes-validations: [{rule: 'true'}]\n", &[
            "R.properties[a].allOf[0].type: Forbidden: must be empty to be structural",
            "R.properties[a].allOf[0].additionalProperties: Forbidden: must be undefined to be structural",
            "R.properties[a].allOf[0].default: Forbidden: must be undefined to be structural",
            "R.properties[a].allOf[0].title: Forbidden: must be empty to be structural",
            "R.properties[a].allOf[0].description: Forbidden: must be empty to be structural",
            "R.properties[a].allOf[0].nullable: Forbidden: must be false to be structural",
            "R.properties[a].allOf[0].x-kubernetes-preserve-unknown-fields: Forbidden: must be false to be structural",
            "R.properties[a].allOf[0].x-kubernetes-embedded-resource: Forbidden: must be false to be structural",
            "R.properties[a].allOf[0].x-kubernetes-int-or-string: Forbidden: must be false to be structural",
            "R.properties[a].allOf[0].x-kubernetes-list-map-keys: Forbidden: must be empty to be structural",
            "R.properties[a].allOf[0].x-kubernetes-list-type: Forbidden: must be undefined to be structural",
            "R.properties[a].allOf[0].x-kubernetes-map-type: Forbidden: must be undefined to be structural",
            "R.properties[a].allOf[0].x-kubernetes-validations: Forbidden: must be empty to be structural",
        ]),
        ("nested in items, properties, not, oneOf", "type: object\nproperties:\n  a:\n    type: object\n    oneOf: [{properties: {b: {items: {type: string}}}}]\n    not: {anyOf: [{title: t}]}\n", &[
            "R.properties[a].not.anyOf[0].title: Forbidden: must be empty to be structural",
            "R.properties[a].oneOf[0].properties[b].items.type: Forbidden: must be empty to be structural",
        ]),
        ("int-or-string anyOf pattern", "type: object\nproperties: {p: {x-kubernetes-int-or-string: true, anyOf: [{type: integer}, {type: string}]}}", &[]),
        ("int-or-string allOf pattern", "type: object\nproperties: {p: {x-kubernetes-int-or-string: true, allOf: [{anyOf: [{type: integer}, {type: string}]}, {pattern: abc}]}}", &[]),
        ("int-or-string pattern in the wrong order", "type: object\nproperties: {p: {x-kubernetes-int-or-string: true, anyOf: [{type: string}, {type: integer}]}}", &[
            "R.properties[p].anyOf[0].type: Forbidden: must be empty to be structural",
            "R.properties[p].anyOf[1].type: Forbidden: must be empty to be structural",
        ]),
        ("int-or-string allOf pattern only first", "type: object\nproperties: {p: {x-kubernetes-int-or-string: true, allOf: [{pattern: a}, {anyOf: [{type: integer}, {type: string}]}]}}", &[
            "R.properties[p].allOf[1].anyOf[0].type: Forbidden: must be empty to be structural",
            "R.properties[p].allOf[1].anyOf[1].type: Forbidden: must be empty to be structural",
        ]),
        ("int-or-string with preserve-unknown-fields", "type: object\nproperties: {p: {x-kubernetes-int-or-string: true, x-kubernetes-preserve-unknown-fields: true}}", &["R.properties[p].x-kubernetes-preserve-unknown-fields: Invalid value: true: must be false if x-kubernetes-int-or-string is true"]),
        ("int-or-string embedded", "type: object\nproperties: {p: {type: object, x-kubernetes-int-or-string: true, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}}", &[
            "R.properties[p].x-kubernetes-embedded-resource: Invalid value: true: must be false if x-kubernetes-int-or-string is true",
            "R.properties[p].x-kubernetes-preserve-unknown-fields: Invalid value: true: must be false if x-kubernetes-int-or-string is true",
        ]),
    ]);
}

#[test]
fn patterns_must_be_go_regular_expressions() {
    run(&[
        ("valid pattern", "type: object\nproperties: {a: {type: string, pattern: '^[a-z]+$'}}", &[]),
        ("unclosed group", "type: object\nproperties: {a: {type: string, pattern: '^(a'}}", &["R.properties[a].pattern: Invalid value: \"^(a\": must be a valid regular expression, but isn't: error parsing regexp: missing closing ): `^(a`"]),
        ("lookahead in a junctor", "type: object\nproperties: {a: {type: string, anyOf: [{pattern: '(?=x)'}]}}", &["R.properties[a].anyOf[0].pattern: Invalid value: \"(?=x)\": must be a valid regular expression, but isn't: error parsing regexp: invalid or unsupported Perl syntax: `(?=`"]),
    ]);
}

#[test]
fn embedded_resources_and_metadata() {
    run(&[
        ("embedded ok", "type: object\nproperties: {e: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}}", &[]),
        ("embedded without type", "type: object\nproperties: {e: {x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}}", &["R.properties[e].type: Required value: must be object if x-kubernetes-embedded-resource is true"]),
        ("embedded as string", "type: object\nproperties: {e: {type: string, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}}", &["R.properties[e].type: Invalid value: \"string\": must be object if x-kubernetes-embedded-resource is true"]),
        ("embedded without properties", "type: object\nproperties: {e: {type: object, x-kubernetes-embedded-resource: true}}", &["R.properties[e].properties: Required value: must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields"]),
        ("embedded with additionalProperties", "type: object\nproperties: {e: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true, additionalProperties: {type: string}}}", &["R.properties[e].additionalProperties: Forbidden: must not be used if x-kubernetes-embedded-resource is set"]),
        ("embedded kind must be a string", "type: object\nproperties: {e: {type: object, x-kubernetes-embedded-resource: true, properties: {kind: {type: integer}, apiVersion: {type: string}}}}", &["R.properties[e].properties[kind].type: Invalid value: \"integer\": must be string"]),
        ("embedded inside resource meta", "type: object\nproperties: {e: {type: object, x-kubernetes-embedded-resource: true, properties: {metadata: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}}}}", &["R.properties[e].properties[metadata].x-kubernetes-embedded-resource: Forbidden: must not be used inside of resource meta"]),
        ("root apiVersion must be a string", "type: object\nproperties: {apiVersion: {type: object}}", &["R.properties[apiVersion].type: Invalid value: \"object\": must be string"]),
        ("root metadata name and generateName", "type: object\nproperties: {metadata: {type: object, properties: {name: {type: string, maxLength: 63}, generateName: {type: string}}}}", &[]),
        ("root metadata labels", "type: object\nproperties: {metadata: {type: object, properties: {labels: {type: object}}}}", &["R.properties[metadata]: Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified"]),
        ("root metadata description", "type: object\nproperties: {metadata: {type: object, description: d}}", &["R.properties[metadata]: Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified"]),
        ("root metadata as string", "type: object\nproperties: {metadata: {type: string}}", &["R.properties[metadata].type: Invalid value: \"string\": must be object"]),
        ("nested metadata is free", "type: object\nproperties: {spec: {type: object, properties: {metadata: {type: string}}}}", &[]),
        ("embedded metadata may restrict more", "type: object\nproperties: {e: {type: object, x-kubernetes-embedded-resource: true, properties: {metadata: {type: object, properties: {labels: {type: object, additionalProperties: {type: string}}}}}}}", &[]),
        ("metadata in a junctor", "type: object\nanyOf: [{properties: {metadata: {required: [name]}}}]", &["R.anyOf[0].properties[metadata]: Forbidden: must not be specified in a nested context", "R.properties[metadata]: Required value: because it is defined in spec.validation.openAPIV3Schema.anyOf[0].properties[metadata]"]),
    ]);
}

#[test]
fn unsupported_keywords_are_reported_alone() {
    run(&[
        ("preserve-unknown-fields false", "type: object\nproperties: {a: {type: object, x-kubernetes-preserve-unknown-fields: false}}", &["R.properties[a].x-kubernetes-preserve-unknown-fields: Invalid value: false: must be true or undefined"]),
        ("$ref hides structural errors", "type: object\nproperties: {a: {$ref: '#/definitions/x'}, b: {}}", &["R.properties[a].$ref: Forbidden: $ref is not supported"]),
        ("items list", "type: object\nproperties: {a: {type: array, items: [{type: string}]}}", &["R.properties[a].items: Forbidden: items must be a schema object and not an array"]),
        ("$schema has only the conversion error", "type: object\n$schema: http://json-schema.org/draft-04/schema#", &["R: Invalid value: \"\": OpenAPIV3Schema 'schema' is not supported"]),
        // crd-validation item 308: a rule's fieldPath is checked against its own node, which
        // converts even when the whole schema does not; a node that does not convert counts valid.
        ("fieldPath beside an unsupported keyword", "type: object\nproperties: {spec: {type: object, id: x}, status: {type: object, properties: {a: {type: string}}, x-kubernetes-validations: [{rule: 'true', fieldPath: .nope}, {rule: 'true', fieldPath: .a}]}}", &[
            "R.properties[spec].id: Forbidden: id is not supported",
            "R.properties[status].x-kubernetes-validations[0].fieldPath: Invalid value: \".nope\": must be a valid path",
        ]),
        ("fieldPath on a node that does not convert", "type: object\nproperties: {spec: {type: object, id: x, x-kubernetes-validations: [{rule: 'true', fieldPath: .nope}]}}", &["R.properties[spec].id: Forbidden: id is not supported"]),
    ]);
    let (model, _) = check_schema(&schema("type: object\nid: x"), R).unwrap();
    assert!(model.is_none());
}

#[test]
fn defaults() {
    run(&[
        ("pruned default", "type: object\nproperties: {spec: {type: object, default: {a: 1}, properties: {a: {type: integer}}}}", &[]),
        ("default with unknown fields", "type: object\nproperties: {spec: {type: object, default: {a: 1, b: x}, properties: {a: {type: integer}}}}", &["R.properties[spec].default: Invalid value: {\"a\":1,\"b\":\"x\"}: must not have unknown fields"]),
        ("default inside preserve-unknown-fields", "type: object\nproperties: {spec: {type: object, x-kubernetes-preserve-unknown-fields: true, default: {a: 1, b: {c: 2}}, properties: {b: {type: object}}}}", &["R.properties[spec].default: Invalid value: {\"a\":1,\"b\":{\"c\":2}}: must not have unknown fields"]),
        ("default of an embedded resource keeps meta", "type: object\nproperties: {e: {type: object, x-kubernetes-embedded-resource: true, properties: {spec: {type: string}}, default: {apiVersion: v1, kind: ConfigMap, metadata: {name: x}, spec: s}}}", &[]),
        ("default of the wrong type", "type: object\nproperties: {num: {type: integer, default: x}}", &["R.properties[num].default: Invalid value: \"string\":  in body must be of type integer: \"string\""]),
        ("nested field of the wrong type", "type: object\nproperties: {spec: {type: object, default: {num: [1]}, properties: {num: {type: integer}}}}", &["R.properties[spec].default.num: Invalid value: \"array\": num in body must be of type integer: \"array\""]),
        ("default not in enum", "type: object\nproperties: {s: {type: string, enum: [a, b], default: c}}", &["R.properties[s].default: Unsupported value: \"c\": supported values: \"a\", \"b\""]),
        ("default missing a required field", "type: object\nproperties: {spec: {type: object, required: [a], default: {}, properties: {a: {type: string}}}}", &["R.properties[spec].default.a: Required value"]),
        ("default null is no default", "type: object\nproperties: {num: {type: integer, default: null}}", &[]),
        ("default in top-level metadata", "type: object\nproperties: {metadata: {type: object, default: {name: x}}}", &["R.properties[metadata].default: Forbidden: must not be set in top-level metadata"]),
        ("default in top-level metadata name", "type: object\nproperties: {metadata: {type: object, properties: {name: {type: string, default: x}}}}", &["R.properties[metadata].properties[name].default: Forbidden: must not be set in top-level metadata"]),
        ("default in top-level apiVersion and kind", "type: object\nproperties: {apiVersion: {type: string, default: v1}, kind: {type: string, default: K}}", &[
            "R.properties[apiVersion].default: Forbidden: must not be set in top-level apiVersion",
            "R.properties[kind].default: Forbidden: must not be set in top-level kind",
        ]),
        ("default in embedded metadata additionalProperties", "type: object\nproperties: {e: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true, properties: {metadata: {type: object, properties: {labels: {type: object, additionalProperties: {type: string, default: x}}}}}}}", &["R.properties[e].properties[metadata].properties[labels].additionalProperties.default: Forbidden: must not be set inside additionalProperties applying to object metadata"]),
        ("defaults not checked when not structural", "type: object\nproperties: {spec: {type: object, default: {a: 1, b: 2}, properties: {a: {}}}}", &["R.properties[spec].properties[a].type: Required value: must not be empty for specified object fields"]),
    ]);
}

#[test]
fn rules_are_compiled_unless_the_schema_is_not_structural_or_a_default_is_bad() {
    // crd-validation items 146 and 267: a bad default (or a structural error) means no CEL
    // context at all; an OpenAPI schema error (type null) leaves the other nodes' rules compiled.
    let model = |yaml: &str| check_schema(&schema(yaml), R).unwrap().0.unwrap();
    let bad_default = model("type: object\nproperties: {a: {type: string, default: 1}}");
    assert!(!rules_compiled(&bad_default, R));
    let not_structural = model("type: object\nproperties: {a: {}}");
    assert!(!rules_compiled(&not_structural, R));
    let type_null = model("type: object\nproperties: {a: {type: 'null'}, b: {type: string}}");
    assert!(rules_compiled(&type_null, R));
}

/// Rows of apiextensions-apiserver v0.36 `pkg/apis/apiextensions/validation/validation_test.go`
/// `TestValidateCustomResourceDefinition` "embedded metadata defaults" (`ValidateDefaults` in
/// `pkg/apiserver/schema/defaulting/validation.go`): a default of an embedded resource is coerced
/// and validated as a resource; one inside its metadata or TypeMeta is placed in the resource
/// around it and must result in valid metadata.
#[test]
fn upstream_embedded_metadata_defaults() {
    let embedded = |props: &str, default: &str| {
        format!("type: object\nproperties:\n  e:\n    type: object\n    x-kubernetes-embedded-resource: true\n    properties: {props}\n{default}")
    };
    let meta_default = |meta_props: &str| {
        embedded(&format!("{{apiVersion: {{type: string}}, kind: {{type: string}}, metadata: {{type: object, properties: {meta_props}}}}}"), "")
    };
    let dns = "may have mixed case, but should otherwise match: a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
    let kind_in_object = embedded("{kind: {type: string, default: '%'}}", "");
    let want_kind = format!("R.properties[e].properties[kind].default: Invalid value: \"%\": must result in valid metadata: kind: Invalid value: \"%\": {dns}");
    let object_kind = embedded(
        "{something: {type: string}}",
        "    default: {apiVersion: v1, kind: '%'}",
    );
    let want_object_kind = format!("R.properties[e].default.kind: Invalid value: \"%\": {dns}");
    run(&[
        ("in-object default of a bad kind", &kind_in_object, &[&want_kind]),
        ("in-object default of a bad name", &meta_default("{name: {type: string, default: '%'}}"), &["R.properties[e].properties[metadata].properties[name].default: Invalid value: \"%\": must result in valid metadata: metadata.name: Invalid value: \"%\": may not contain '%'"]),
        ("in-object default of a wrongly typed name", &meta_default("{name: {type: string, default: 42}}"), &["R.properties[e].properties[metadata].properties[name].default: Invalid value: 42: must result in valid metadata: metadata: Invalid value: {\"name\":42}: json: cannot unmarshal number into Go struct field ObjectMeta.name of type string"]),
        ("in-object default of a wrongly typed apiVersion", &embedded("{apiVersion: {type: string, default: 42}}", ""), &["R.properties[e].properties[apiVersion].default: Invalid value: 42: must result in valid metadata: apiVersion: Invalid value: 42: must be a string"]),
        ("in-object default of a valid name", &meta_default("{name: {type: string, default: foo}}"), &[]),
        ("object default with a bad kind", &object_kind, &[&want_object_kind]),
        ("object default without type meta", &embedded("{something: {type: string}}", "    default: {metadata: {name: foo}}"), &["R.properties[e].default.apiVersion: Required value", "R.properties[e].default.kind: Required value"]),
        ("object default with a wrongly typed name", &embedded("{something: {type: string}}", "    default: {apiVersion: v1, kind: Pod, metadata: {name: 42}}"), &["R.properties[e].default.metadata: Invalid value: {\"name\":42}: json: cannot unmarshal number into Go struct field ObjectMeta.name of type string"]),
        // Coerce rewrote the metadata before the pruning error was printed.
        ("object default with unknown fields", &embedded("{something: {type: string}}", "    default: {apiVersion: v1, kind: Pod, metadata: {name: foo, unknown: 42}, unknown: 42}"), &["R.properties[e].default: Invalid value: {\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"foo\"},\"unknown\":42}: must not have unknown fields"]),
    ]);
}
