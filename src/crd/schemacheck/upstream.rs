//! Upstream k8s.io/apiextensions-apiserver v0.36.3 tables ported as facts:
//! `pkg/apiserver/schema/validation_test.go` (`TestValidateStructuralMetadataInvariants`,
//! `TestValidateStructuralCompleteness`, `TestValidateNestedValueValidationComplete`) and
//! `pkg/apiserver/validation/formats_test.go` (`TestRegistryFormats`).
//!
//! How a row runs: upstream builds Go `Structural` values (some filled by a fuzzer) and calls
//! one internal check; here each row is the YAML schema that converts to that value, checked as
//! the apiserver checks a CRD version's schema ([`check_schema`] at `R`), and the row asserts
//! that an error of the upstream check is, or is not, among the errors (the full check also
//! reports unrelated errors, e.g. a missing `type`, which upstream's single function does not).
//! - Metadata invariants: the schema under test is root `properties.metadata`; the errors
//!   looked at are the metadata ones (`must be object`, `must not specify anything other than
//!   name and generateName`). The fuzzed rows become one concrete non-zero value per field of
//!   Go's `Structural` (and of its `Generic`, `Extensions`, `ValueValidation`).
//! - Completeness: the upstream error text must be contained in one of ours.
//! - Nested value validations: each forbidden keyword inside `allOf[0]` of a string field.
//!
//! Left out: rows only reachable with `ValidationOptions` the apiserver never sets for a CRD
//! (`ValidateStructural` sets all three to false): completeness's "allowed properties
//! valuevalidation, additional properties structure" (`AllowValidationPropertiesWith
//! AdditionalProperties: true`), and the nested rows with `AllowNestedXValidations` or
//! `AllowNestedAdditionalProperties` true. The completeness row "disallowed additionalproperties
//! valuevalidation, properties structure" sets `AllowNestedAdditionalProperties: true`, which
//! does not bear on the completeness error it expects; it runs with the apiserver's options.
//! `TestSupportedFormats` drives the Go version-set helper with made-up formats (`A`..`E`): no
//! data of ours. The metadata rows fed Go's `metav1.ObjectMeta` field names (`Name`,
//! `GenerateName`, ...) as property names, so upstream expects every one forbidden (they are not
//! the JSON names); both those and the JSON names (only `name`, `generateName` allowed, the
//! invariant's meaning) are rows.
//!
//! `TestValidateStructuralCompleteness`'s row "disallowed additionalproperties valuevalidation,
//! properties structure" is left out: its error comes only with `AllowNestedAdditionalProperties`,
//! which the apiserver's `ValidateStructural` leaves off.
//!
//! Every ported row answers as upstream's table. Three had differed and were fixed with this
//! port: `externalDocs`/`example` on the root metadata (forbidden from 1.36), `externalDocs` in a
//! junctor (allowed), and the completeness check (`because it is defined in …`, not made at all).

use super::tests_support::{errors, R};

fn indent(yaml: &str, by: usize) -> String {
    let pad = " ".repeat(by);
    yaml.lines()
        .map(|l| format!("{pad}{l}\n"))
        .collect::<String>()
}

/// The errors of a root object whose `metadata` schema is `md` (YAML mapping body).
fn metadata_errors(md: &str) -> Vec<String> {
    let yaml = format!("type: object\nproperties:\n  metadata:\n{}", indent(md, 4));
    errors(&yaml)
        .into_iter()
        .filter(|e| {
            e.contains("must be object")
                || e.contains("must not specify anything other than name and generateName")
        })
        .collect()
}

/// `TestValidateStructuralMetadataInvariants`: (metadata schema, upstream expects errors).
fn metadata_rows() -> Vec<(String, bool)> {
    let mut rows = Vec::new();
    for t in ["object", "array", "number", "integer", "boolean", "string"] {
        rows.push((format!("type: {t}"), t != "object"));
    }
    // Go field names of metav1.ObjectMeta, as upstream uses them.
    for p in [
        "Name",
        "GenerateName",
        "Namespace",
        "SelfLink",
        "UID",
        "ResourceVersion",
        "Generation",
        "CreationTimestamp",
        "DeletionTimestamp",
        "DeletionGracePeriodSeconds",
        "Labels",
        "Annotations",
        "OwnerReferences",
        "Finalizers",
        "ManagedFields",
    ] {
        rows.push((format!("type: object\nproperties:\n  {p}: {{}}"), true));
    }
    // The JSON names.
    for p in [
        "name",
        "generateName",
        "namespace",
        "selfLink",
        "uid",
        "resourceVersion",
        "generation",
        "creationTimestamp",
        "deletionTimestamp",
        "deletionGracePeriodSeconds",
        "labels",
        "annotations",
        "ownerReferences",
        "finalizers",
        "managedFields",
    ] {
        let allowed = p == "name" || p == "generateName";
        rows.push((
            format!("type: object\nproperties:\n  {p}: {{type: string}}"),
            !allowed,
        ));
    }
    // Every field of Structural set (type object, properties name and generateName kept).
    let base =
        "type: object\nproperties:\n  name: {type: string}\n  generateName: {type: string}\n";
    let fields: &[(&str, bool)] = &[
        ("", false),
        ("items: {type: string}", true),
        ("additionalProperties: {type: string}", true),
        ("description: d", true),
        ("title: t", true),
        ("nullable: true", true),
        ("externalDocs: {url: u}", true),
        ("example: {name: x}", true),
        ("x-kubernetes-preserve-unknown-fields: true", true),
        ("x-kubernetes-embedded-resource: true", true),
        ("x-kubernetes-int-or-string: true", true),
        ("x-kubernetes-list-map-keys: [name]", true),
        ("x-kubernetes-list-type: atomic", true),
        ("x-kubernetes-map-type: atomic", true),
        ("x-kubernetes-validations: [{rule: 'true'}]", true),
        ("format: f", true),
        ("maximum: 1", true),
        ("minimum: 1", true),
        ("maxLength: 1", true),
        ("minLength: 1", true),
        ("pattern: a", true),
        ("maxItems: 1", true),
        ("minItems: 1", true),
        ("multipleOf: 1", true),
        ("enum: [{}]", true),
        ("maxProperties: 1", true),
        ("minProperties: 1", true),
        ("required: [name]", true),
        ("allOf: [{required: [name]}]", true),
        ("anyOf: [{required: [name]}]", true),
        ("oneOf: [{required: [name]}]", true),
        ("not: {required: [name]}", true),
    ];
    for (f, invalid) in fields {
        rows.push((format!("{base}{f}"), *invalid));
    }
    rows
}

#[test]
fn validate_structural_metadata_invariants() {
    for (md, want) in metadata_rows() {
        let got = metadata_errors(&md);
        assert_eq!(!got.is_empty(), want, "metadata {md:?}: {got:?}");
    }
}

/// `TestValidateStructuralCompleteness`: (name, schema, error contained; "" for none).
const COMPLETENESS: &[(&str, &str, &str)] = &[
    (
        "disallowed properties valuevalidation, additional properties structure",
        "additionalProperties:\n  type: object\n  properties:\n    bar: {type: string}\nallOf:\n- properties:\n    foo: {minLength: 2}\n",
        "properties[foo]: Required value: because it is defined in allOf[0].properties[foo]",
    ),
    (
        "allowed property in valuevalidation, and in structure",
        "properties:\n  foo: {type: string}\nallOf:\n- properties:\n    foo: {minLength: 2}\n",
        "",
    ),
    (
        "disallowed property in valuevalidation, and in structure",
        "properties:\n  foo: {type: string}\nallOf:\n- properties:\n    notfoo: {minLength: 2}\n",
        "properties[notfoo]: Required value: because it is defined in allOf[0].properties[notfoo]",
    ),
    (
        "allowed items in valuevalidation, and in structure",
        "type: array\nitems: {type: string}\nallOf:\n- items: {minLength: 2}\n",
        "",
    ),
    (
        "disallowed items in valuevalidation, and not in structure",
        "type: object\nproperties:\n  foo: {type: string}\nallOf:\n- items: {minLength: 2}\n",
        "items: Required value: because it is defined in allOf[0].items",
    ),
];

/// Whether `errors(yaml)` holds the row's expectation.
fn completeness_holds(yaml: &str, want: &str) -> (bool, Vec<String>) {
    let got = errors(yaml);
    let ok = if want.is_empty() {
        !got.iter()
            .any(|e| e.contains("Required value: because it is defined in"))
    } else {
        // Both paths of the message start at the schema's root.
        let full = format!(
            "{R}.{}",
            want.replace("defined in ", &format!("defined in {R}."))
        );
        got.iter().any(|e| e.contains(&full))
    };
    (ok, got)
}

#[test]
fn validate_structural_completeness() {
    for (name, yaml, want) in COMPLETENESS {
        let (ok, got) = completeness_holds(yaml, want);
        assert!(ok, "{name}: want {want:?} in {got:?}");
    }
}

/// `TestValidateNestedValueValidationComplete`: (keyword set inside `allOf[0]`, the forbidden
/// field upstream reports, or "" where upstream allows it).
const NESTED: &[(&str, &str)] = &[
    ("description: d", "description"),
    ("type: string", "type"),
    ("title: t", "title"),
    ("default: x", "default"),
    ("nullable: true", "nullable"),
    (
        "x-kubernetes-preserve-unknown-fields: true",
        "x-kubernetes-preserve-unknown-fields",
    ),
    (
        "x-kubernetes-embedded-resource: true",
        "x-kubernetes-embedded-resource",
    ),
    (
        "x-kubernetes-int-or-string: true",
        "x-kubernetes-int-or-string",
    ),
    (
        "x-kubernetes-list-map-keys: [k]",
        "x-kubernetes-list-map-keys",
    ),
    ("x-kubernetes-list-type: atomic", "x-kubernetes-list-type"),
    ("x-kubernetes-map-type: atomic", "x-kubernetes-map-type"),
    (
        "x-kubernetes-validations: [{rule: 'true'}]",
        "x-kubernetes-validations",
    ),
    (
        "additionalProperties: {minLength: 1}",
        "additionalProperties",
    ),
    // Skipped by upstream as allowed in nested value validations.
    ("externalDocs: {url: u}", ""),
    ("example: x", ""),
];

fn nested_forbidden(kw: &str) -> Vec<String> {
    let yaml =
        format!("type: object\nproperties:\n  a:\n    type: string\n    allOf:\n    - {kw}\n");
    let at = format!("{R}.properties[a].allOf[0].");
    errors(&yaml)
        .into_iter()
        .filter(|e| e.starts_with(&at) && e.contains("Forbidden: must be"))
        .collect()
}

fn nested_holds(kw: &str, field: &str) -> (bool, Vec<String>) {
    let got = nested_forbidden(kw);
    let ok = if field.is_empty() {
        got.is_empty()
    } else {
        let at = format!("{R}.properties[a].allOf[0].{field}: Forbidden");
        got.iter().any(|e| e.starts_with(&at))
    };
    (ok, got)
}

#[test]
fn validate_nested_value_validation_complete() {
    for (kw, field) in NESTED {
        let (ok, got) = nested_holds(kw, field);
        assert!(ok, "{kw}: upstream forbids {field:?}, ours {got:?}");
    }
}

/// `formats.go`'s `supportedVersionedFormats` (1.0 and 1.34), each of which
/// `TestRegistryFormats` requires in the strfmt registry (a name is looked up lower-cased,
/// without dashes).
const SUPPORTED_FORMATS: &[&str] = &[
    "bsonobjectid",
    "uri",
    "email",
    "hostname",
    "ipv4",
    "ipv6",
    "cidr",
    "mac",
    "uuid",
    "uuid3",
    "uuid4",
    "uuid5",
    "isbn",
    "isbn10",
    "isbn13",
    "creditcard",
    "ssn",
    "hexcolor",
    "rgbcolor",
    "byte",
    "password",
    "date",
    "duration",
    "datetime",
    "k8s-short-name",
    "k8s-long-name",
];

#[test]
fn registry_formats() {
    for f in SUPPORTED_FORMATS {
        let normalized = f.replace('-', "").to_lowercase();
        assert!(
            crate::go::strfmt::Format::parse(&normalized).is_some(),
            "{f} not registered"
        );
    }
}
