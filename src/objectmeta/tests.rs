//! Table tests for the ObjectMeta round trip (root and embedded) and TypeMeta coercion.

use super::{coerce_embedded, coerce_root};
use crate::test_support::{doc, json, json_of, schema};

struct Case {
    name: &'static str,
    input: &'static str,
    expected: &'static str,
    unknown: &'static [&'static str],
    invalid: &'static [&'static str],
}

const ROOT: &[Case] = &[
    Case {
        name: "empty fields ObjectMeta omits are dropped",
        input: "metadata: {name: nm, namespace: '', creationTimestamp: null, labels: {}, annotations: {}, finalizers: [], generation: 0, ownerReferences: []}",
        expected: "metadata: {name: nm}",
        unknown: &[],
        invalid: &[],
    },
    Case {
        name: "unknown fields are dropped and reported, sorted; keys are case-sensitive",
        input: "metadata: {name: nm, zeta: 1, Labels: {a: b}, alpha: {x: 1}}",
        expected: "metadata: {name: nm}",
        unknown: &["metadata.Labels", "metadata.alpha", "metadata.zeta"],
        invalid: &[],
    },
    Case {
        name: "a field of the wrong type is dropped whole",
        input: "metadata: {name: 5, labels: {a: b, version: 1.0}, annotations: {ok: 'yes'}, generation: two, finalizers: [a, 1]}",
        expected: "metadata: {annotations: {ok: 'yes'}}",
        unknown: &[],
        invalid: &["metadata.name", "metadata.labels", "metadata.generation", "metadata.finalizers"],
    },
    Case {
        name: "null values of string maps and lists become empty strings",
        input: "metadata: {labels: {a: null}, finalizers: [null, f]}",
        expected: "metadata: {labels: {a: ''}, finalizers: ['', f]}",
        unknown: &[],
        invalid: &[],
    },
    Case {
        name: "timestamps are written in UTC without fraction; a zero creationTimestamp is removed",
        input: "metadata: {creationTimestamp: '2020-01-01T02:00:00.5+02:00', deletionTimestamp: '2021-06-01T00:00:00Z'}",
        expected: "metadata: {creationTimestamp: '2020-01-01T00:00:00Z', deletionTimestamp: '2021-06-01T00:00:00Z'}",
        unknown: &[],
        invalid: &[],
    },
    Case {
        name: "an unparsable timestamp is dropped",
        input: "metadata: {name: nm, creationTimestamp: yesterday}",
        expected: "metadata: {name: nm}",
        unknown: &[],
        invalid: &["metadata.creationTimestamp"],
    },
    Case {
        name: "zero creationTimestamp removed, pointer fields keep zero values",
        input: "metadata: {creationTimestamp: '0001-01-01T00:00:00Z', deletionGracePeriodSeconds: 0, generation: 3.0}",
        expected: "metadata: {deletionGracePeriodSeconds: 0, generation: 3}",
        unknown: &[],
        invalid: &[],
    },
    Case {
        name: "ownerReferences: four strings always written, unknown fields dropped",
        input: "metadata: {ownerReferences: [{apiVersion: v1, kind: Pod, name: p, controller: true, x: 1}, {name: q, uid: null, blockOwnerDeletion: null}]}",
        expected: "metadata: {ownerReferences: [{apiVersion: v1, kind: Pod, name: p, controller: true, uid: ''}, {name: q, uid: '', apiVersion: '', kind: ''}]}",
        unknown: &["metadata.ownerReferences[0].x"],
        invalid: &[],
    },
    Case {
        name: "managedFields entries: empty fields omitted, fieldsV1 kept",
        input: "metadata: {managedFields: [{manager: m, operation: Apply, subresource: '', fieldsV1: {'f:spec': {}}, time: '2020-01-01T00:00:00Z'}]}",
        expected: "metadata: {managedFields: [{manager: m, operation: Apply, fieldsV1: {'f:spec': {}}, time: '2020-01-01T00:00:00Z'}]}",
        unknown: &[],
        invalid: &[],
    },
    Case {
        name: "metadata null becomes an empty object; no metadata stays absent",
        input: "{metadata: null, spec: {}}",
        expected: "{metadata: {}, spec: {}}",
        unknown: &[],
        invalid: &[],
    },
    Case {
        name: "metadata that is no object is left alone",
        input: "{metadata: [1]}",
        expected: "{metadata: [1]}",
        unknown: &[],
        invalid: &["metadata"],
    },
];

#[test]
fn root_round_trip() {
    for c in ROOT {
        let mut obj = doc(c.input);
        let found = coerce_root(&mut obj);
        assert_eq!(json(&obj), json_of(c.expected), "{}", c.name);
        assert_eq!(found.unknown, c.unknown, "{}", c.name);
        assert_eq!(found.invalid, c.invalid, "{}", c.name);
    }
}

const EMBEDDED_SCHEMA: &str = "type: object\nproperties:\n  spec:\n    type: object\n    properties:\n      template: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}\n      list:\n        type: array\n        items: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}\n      map:\n        type: object\n        additionalProperties: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}";

const EMBEDDED: &[Case] = &[
    Case {
        name: "embedded metadata round trip with field.Path style paths",
        input: "spec: {template: {apiVersion: v1, kind: Pod, metadata: {name: p, labels: {}, x: 1, creationTimestamp: null}}, list: [{metadata: {w: 2}}], map: {k: {metadata: {z: 3}}}}",
        expected: "spec: {template: {apiVersion: v1, kind: Pod, metadata: {name: p}}, list: [{metadata: {}}], map: {k: {metadata: {}}}}",
        unknown: &["spec.list[0].metadata.w", "spec.map[k].metadata.z", "spec.template.metadata.x"],
        invalid: &[],
    },
    Case {
        name: "embedded apiVersion/kind that are not strings are dropped",
        input: "spec: {template: {apiVersion: 1, kind: [Pod], spec: {a: 1}}}",
        expected: "spec: {template: {spec: {a: 1}}}",
        unknown: &[],
        invalid: &["spec.template.apiVersion", "spec.template.kind"],
    },
    Case {
        name: "embedded metadata null becomes {}; a resource without metadata gets none",
        input: "spec: {template: {kind: Pod, metadata: null}, list: [{kind: Pod}]}",
        expected: "spec: {template: {kind: Pod, metadata: {}}, list: [{kind: Pod}]}",
        unknown: &[],
        invalid: &[],
    },
    Case {
        name: "objects the schema does not mark embedded are not touched",
        input: "other: {metadata: {x: 1}}\nspec: {metadata: {creationTimestamp: null}}",
        expected: "other: {metadata: {x: 1}}\nspec: {metadata: {creationTimestamp: null}}",
        unknown: &[],
        invalid: &[],
    },
];

#[test]
fn embedded_coercion() {
    let s = schema(EMBEDDED_SCHEMA);
    for c in EMBEDDED {
        let mut obj = doc(c.input);
        let found = coerce_embedded(&mut obj, &s);
        assert_eq!(json(&obj), json_of(c.expected), "{}", c.name);
        assert_eq!(found.unknown, c.unknown, "{}", c.name);
        assert_eq!(found.invalid, c.invalid, "{}", c.name);
    }
}
