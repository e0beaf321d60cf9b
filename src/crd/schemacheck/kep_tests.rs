//! Every structural example of `shared/seeds/structural-schemas-kep.md`, judged as today's
//! apiserver judges it (where the KEP predates a rule, today's message is asserted and noted).

use super::tests_support::{errors, expand, schema, R};
use super::*;

/// `x` placed as property `x` of a `type: object` root.
fn as_property(x: &str) -> String {
    let indented: Vec<String> = x.lines().map(|l| format!("    {l}")).collect();
    format!("type: object\nproperties:\n  x:\n{}\n", indented.join("\n"))
}

#[test]
fn the_example_to_avoid() {
    let yaml = "properties:\n  foo:\n    type: string\n  bar:\n    minimum: 42\nanyOf:\n- properties:\n    foo:\n      pattern: abc\n    bar:\n      type: string\n- properties:\n    bar:\n      type: integer\n      minimum: 1\n      maximum: 0\n";
    assert_eq!(
        errors(yaml),
        expand(&[
            "R.type: Required value: must not be empty at the root",
            "R.properties[bar].type: Required value: must not be empty for specified object fields",
            "R.anyOf[0].properties[bar].type: Forbidden: must be empty to be structural",
            "R.anyOf[1].properties[bar].type: Forbidden: must be empty to be structural",
        ])
    );
}

#[test]
fn metadata_examples() {
    let most = "type: object\nproperties:\n  metadata:\n    type: object\n    properties:\n      name: {type: string}\n      generateName: {type: string}\n";
    assert_eq!(errors(most), expand(&[]));
    let nested = "type: object\nanyOf:\n- properties:\n    metadata: {}\n";
    assert_eq!(
        errors(nested),
        expand(&[
            "R.anyOf[0].properties[metadata]: Forbidden: must not be specified in a nested context",
            // validateStructuralCompleteness: the junctor restricts a property the structure lacks.
            "R.properties[metadata]: Required value: because it is defined in spec.validation.openAPIV3Schema.anyOf[0].properties[metadata]",
        ])
    );
    // The KEP allowed metadata below an embedded resource inside anyOf; today both the extension
    // and the nested metadata are forbidden in junctors.
    let embedded = "type: object\nproperties:\n  embedded:\n    type: object\n    x-kubernetes-embedded-resource: true\n    x-kubernetes-preserve-unknown-fields: true\nanyOf:\n- properties:\n    embedded:\n      x-kubernetes-embedded-resource: true\n      properties:\n        metadata: {}\n";
    assert_eq!(
        errors(embedded),
        expand(&[
            "R.anyOf[0].properties[embedded].properties[metadata]: Forbidden: must not be specified in a nested context",
            "R.anyOf[0].properties[embedded].x-kubernetes-embedded-resource: Forbidden: must be false to be structural",
            "R.properties[embedded].properties[metadata]: Required value: because it is defined in spec.validation.openAPIV3Schema.anyOf[0].properties[embedded].properties[metadata]",
        ])
    );
    // As written in the KEP (`anyOf:` holding a map) the schema is malformed.
    let as_written = "type: object\nanyOf:\n  properties:\n    metadata: {}\n";
    let e = check_schema(&schema(as_written), R).unwrap_err();
    assert_eq!(
        (e.field.as_str(), e.message.as_str()),
        (
            format!("{R}.anyOf").as_str(),
            "must be a list, not a mapping"
        )
    );
}

#[test]
fn litmus_discriminated_union() {
    // As written, `required: ["path"]` sits inside `properties`: a property that is not a schema.
    let as_written = "type: object\nx-kubernetes-unions:\n- discriminator: type\n  fields:\n    emptyDir: EmptyDir\n    hostPath: HostPath\nproperties:\n  type:\n    type: string\n    enum: [\"EmptyDir\",\"HostPath\"]\n  emptyDir:\n    type: object\n  hostPath:\n    type: object\n    properties:\n      path:\n        type: string\n        pattern: \"/.*\"\n      required: [\"path\"]\n  sharedField:\n    type: string\nrequired:\n- sharedField\n";
    let e = check_schema(&schema(&as_property(as_written)), R).unwrap_err();
    assert_eq!(
        e.field,
        format!("{R}.properties[x].properties[hostPath].properties[required]")
    );
    assert_eq!(e.message, "must be a schema object, not a list");
    let fixed = as_written.replace("      required: [\"path\"]\n", "    required: [\"path\"]\n");
    assert_eq!(errors(&as_property(&fixed)), expand(&[]));
    let published =
        format!("{fixed}oneOf:\n- required: [\"emptyDir\"]\n- required: [\"hostPath\"]\n");
    assert_eq!(errors(&as_property(&published)), expand(&[]));
}

#[test]
fn litmus_value_validation_only_examples() {
    let structural = [
        // 2. IPv4 or IPv6 string
        "type: string\nanyOf:\n- pattern: \"^(?:(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)\\\\.){3}$\"\n- pattern: \"(([0-9a-fA-F]{1,4}:){7,7}[0-9a-fA-F]{1,4})$\"",
        // 3. RawExtension after dropping value validation
        "type: object\nnullable: true\nx-kubernetes-embedded-resource: true\nx-kubernetes-preserve-unknown-fields: true\nproperties:\n  apiVersion:\n    type: string\n  kind:\n    type: string\n  metadata:\n    type: object",
        // 4. embedded JSON
        "type: object\nproperties:\n  json:\n    type: object\n    x-kubernetes-preserve-unknown-fields: true\n    nullable: true",
        // 5. string map
        "type: object\nadditionalProperties:\n  type: integer\n  minimum: 42",
        // 6. IntOrString, both forms, and after dropping value validation
        "x-kubernetes-int-or-string: true\npattern: abc\nanyOf:\n- minimum: 42\n  maximum: 50\n- minimum: 52\n  maximum: 60",
        "x-kubernetes-int-or-string: true\nallOf:\n- anyOf:\n  - type: integer\n  - type: string\n- pattern: abc\n  anyOf:\n  - minimum: 42\n    maximum: 50\n  - minimum: 52\n    maximum: 60",
        "x-kubernetes-int-or-string: true",
        // Unfolding of x-kubernetes-int-or-string and x-kubernetes-embedded-resource
        "x-kubernetes-int-or-string: true\nanyOf:\n- type: integer\n- type: string",
        "type: object\nx-kubernetes-embedded-resource: true\nproperties:\n  apiVersion:\n    type: string\n    pattern: \"^v1$\"\n  kind:\n    type: string\n  metadata:\n    type: object\nrequired:\n- kind\n- apiVersion",
    ];
    for x in structural {
        assert_eq!(errors(&as_property(x)), expand(&[]), "{x}");
    }
}

#[test]
fn litmus_raw_extension_as_specified() {
    // `apiVersion` restricted by a pattern only: it has no type, and embedded apiVersion must be
    // a string.
    let x = "type: object\nnullable: true\nx-kubernetes-embedded-resource: true\nx-kubernetes-preserve-unknown-fields: true\nproperties:\n  apiVersion:\n    pattern: v1";
    assert_eq!(
        errors(&as_property(x)),
        expand(&[
            "R.properties[x].properties[apiVersion].type: Invalid value: \"\": must be string",
            "R.properties[x].properties[apiVersion].type: Required value: must not be empty for specified object fields",
        ])
    );
    let published = "type: object\nx-kubernetes-embedded-resource: true\nx-kubernetes-preserve-unknown-fields: true\nproperties:\n  apiVersion:\n    allOf:\n    - type: string\n      pattern: \"^v\"\n    - pattern: v1\n  kind:\n    type: string\n  metadata:\n    type: object";
    assert_eq!(
        errors(&as_property(published)),
        expand(&[
            "R.properties[x].properties[apiVersion].allOf[0].type: Forbidden: must be empty to be structural",
            "R.properties[x].properties[apiVersion].type: Invalid value: \"\": must be string",
            "R.properties[x].properties[apiVersion].type: Required value: must not be empty for specified object fields",
        ])
    );
}
