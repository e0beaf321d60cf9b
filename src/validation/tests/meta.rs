//! ObjectMeta, embedded resources, list types, subresources, the CEL seam and the order of the
//! checks (PrepareForCreate first, the generic name check last).

use super::{messages_for, root, validator, version};
use crate::field::FieldError;
use crate::schema::{Scale, Subresources};
use crate::test_support::doc;

fn check(vs: &crate::schema::VersionSchema, object: &str, want: &[&str]) {
    let mut want: Vec<String> = want.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(messages_for(vs, object), want, "{object}");
}

const SUBDOMAIN: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

#[test]
fn object_meta() {
    let vs = version(&root("{type: object}"), true, Subresources::default());
    let obj = |meta: &str| format!("{{apiVersion: g.io/v1, kind: K, metadata: {meta}}}");
    check(
        &vs,
        &obj("{}"),
        &["metadata.name: Required value: name or generateName is required"],
    );
    check(
        &vs,
        &obj("{name: Not_OK}"),
        &[&format!(
            "metadata.name: Invalid value: \"Not_OK\": {SUBDOMAIN}"
        )],
    );
    // A generateName gets a generated name; its trailing dash is masked for the check.
    check(&vs, &obj("{generateName: web-}"), &[]);
    check(
        &vs,
        &obj("{generateName: Web-}"),
        &[
            &format!("metadata.generateName: Invalid value: \"Web-\": {SUBDOMAIN}"),
            &format!("metadata.name: Invalid value: \"Web-xxxxx\": {SUBDOMAIN}"),
        ],
    );
    check(&vs, &obj("{name: w1, namespace: My_NS}"), &["metadata.namespace: Invalid value: \"My_NS\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"]);
    check(&vs, &obj("{name: w1, labels: {a/b/c: x, ok: -bad}}"), &[
        "metadata.labels: Invalid value: \"-bad\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
        "metadata.labels: Invalid value: \"a/b/c\": a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    ]);
    check(&vs, &obj("{name: w1, annotations: {Example.COM/Key: v, _x: y}}"), &["metadata.annotations: Invalid value: \"_x\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"]);
    check(&vs, &obj("{name: w1, ownerReferences: [{apiVersion: v1, kind: Event, name: e}]}"), &[
        "metadata.ownerReferences.uid: Invalid value: \"\": must not be empty",
        "metadata.ownerReferences: Invalid value: {\"apiVersion\":\"v1\",\"kind\":\"Event\",\"name\":\"e\",\"uid\":\"\"}: /v1, Kind=Event is disallowed from being an owner",
    ]);
    check(&vs, &obj("{name: w1, finalizers: [orphan, foregroundDeletion]}"), &["metadata.finalizers: Invalid value: [\"orphan\",\"foregroundDeletion\"]: finalizer orphan and foregroundDeletion cannot be both set"]);
    // Cluster-scoped: a namespace is dropped, not refused.
    let cluster = version(&root("{type: object}"), false, Subresources::default());
    check(&cluster, &obj("{name: w1, namespace: x}"), &[]);
}

#[test]
fn embedded_resources() {
    let spec = "{type: object, properties: {t: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}}}";
    let vs = version(&root(spec), true, Subresources::default());
    let obj = |t: &str| {
        format!("{{apiVersion: g.io/v1, kind: K, metadata: {{name: w1}}, spec: {{t: {t}}}}}")
    };
    check(
        &vs,
        &obj("{}"),
        &[
            "spec.t.apiVersion: Required value",
            "spec.t.kind: Required value",
        ],
    );
    check(&vs, &obj("{apiVersion: a/b/c, kind: My_Kind, metadata: {name: a/b, namespace: NS}}"), &[
        "spec.t.apiVersion: Invalid value: \"a/b/c\": unexpected GroupVersion string: a/b/c",
        "spec.t.kind: Invalid value: \"My_Kind\": may have mixed case, but should otherwise match: a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')",
        "spec.t.metadata.name: Invalid value: \"a/b\": may not contain '/'",
        "spec.t.metadata.namespace: Invalid value: \"NS\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
    ]);
    check(&vs, &obj("{apiVersion: v1, kind: Pod, metadata: {}}"), &[]);
}

#[test]
fn list_types() {
    let spec = "{type: object, properties: {s: {type: array, x-kubernetes-list-type: set, items: {type: string}}, m: {type: array, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [name], items: {type: object, properties: {name: {type: string}, p: {type: integer}}}}, mm: {type: array, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [port, protocol], items: {type: object, properties: {port: {type: integer}, protocol: {type: string}}}}, nm: {type: array, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [port, protocol], items: {type: object, properties: {port: {type: number}, protocol: {type: string}}}}}}";
    let vs = version(&root(spec), true, Subresources::default());
    let obj =
        |s: &str| format!("{{apiVersion: g.io/v1, kind: K, metadata: {{name: w1}}, spec: {s}}}");
    check(
        &vs,
        &obj("{s: [a, b, a, a]}"),
        &["spec.s[2]: Duplicate value: \"a\""],
    );
    check(
        &vs,
        &obj("{m: [{name: x}, {name: x, p: 1}, {p: 2}, {p: 3}]}"),
        &[
            "spec.m[1]: Duplicate value: {\"name\":\"x\"}",
            "spec.m[3]: Duplicate value: {}",
        ],
    );
    check(
        &vs,
        &obj("{mm: [{port: 80, protocol: TCP}, {port: 80, protocol: TCP}]}"),
        &["spec.mm[1]: Duplicate value: {\"port\":80,\"protocol\":\"TCP\"}"],
    );
    // Several keys are compared by their JSON, where `80` and a JSON document's `80.0` (a
    // float to the apiserver) are one number.
    check(
        &vs,
        r#"{"apiVersion": "g.io/v1", "kind": "K", "metadata": {"name": "w1"}, "spec": {"nm": [{"port": 80, "protocol": "TCP"}, {"port": 80.0, "protocol": "TCP"}]}}"#,
        &["spec.nm[1]: Duplicate value: {\"port\":80,\"protocol\":\"TCP\"}"],
    );
    check(&vs, &obj("{m: [{name: x}, [1]]}"), &[
        "spec.m[1]: Invalid value: \"array\": spec.m[1] in body must be of type object: \"array\"",
        "spec.m[1]: Invalid value: [1]: must be an object for an array of list-type map",
    ]);
}

#[test]
fn subresources() {
    let spec = "{type: object, properties: {replicas: {type: integer}}}";
    let root_schema = "{type: object, properties: {spec: {type: object, x-kubernetes-preserve-unknown-fields: true}, status: {type: object, required: [phase], properties: {phase: {type: string}}}}}";
    let scale = Scale {
        spec_replicas_path: ".spec.replicas".into(),
        status_replicas_path: ".status.replicas".into(),
        label_selector_path: Some(".status.selector".into()),
    };
    let subs = Subresources {
        status: true,
        scale: Some(scale),
    };
    let vs = version(root_schema, true, subs);
    let obj = |s: &str| {
        format!("{{apiVersion: g.io/v1, kind: K, metadata: {{name: w1}}, spec: {s}, status: {{}}}}")
    };
    // The status is dropped before validation: its required field is not checked.
    check(&vs, &obj("{replicas: 1}"), &[]);
    check(&vs, &obj("{replicas: 1099511627776}"), &[".spec.replicas: Invalid value: 1099511627776: should be less than or equal to 2147483647"]);
    check(
        &vs,
        &obj("{replicas: -1}"),
        &[".spec.replicas: Invalid value: -1: should be a non-negative integer"],
    );
    check(&vs, &obj("{replicas: [1]}"), &[".spec.replicas: Invalid value: 0: .spec.replicas accessor error: [1] is of the type []interface {}, expected int64"]);
    let _ = spec;
    // Without the status subresource, the status is validated.
    let vs = version(root_schema, true, Subresources::default());
    check(&vs, &obj("{}"), &["status.phase: Required value"]);
}

#[test]
fn cel_runs_only_without_blocking_errors() {
    let spec = "{type: object, properties: {a: {type: string, maxLength: 2}, b: {type: integer, minimum: 1}}, x-kubernetes-validations: [{rule: 'true'}]}";
    let vs = version(&root(spec), true, Subresources::default());
    let v = validator(&vs);
    assert!(v.has_rules());
    let obj = |s: &str| {
        doc(&format!(
            "{{apiVersion: g.io/v1, kind: K, metadata: {{name: w1}}, spec: {s}}}"
        ))
    };
    let cel_error = || {
        vec![FieldError::new(
            crate::field::ErrorType::Invalid,
            "spec",
            crate::field::BadValue::Omit,
            "rule failed",
        )]
    };
    // A non-blocking error (minimum): CEL runs.
    let got: Vec<String> = v
        .validate(&obj("{b: 0}"), |_| cel_error())
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        got,
        [
            "spec.b: Invalid value: 0: spec.b in body should be greater than or equal to 1",
            "spec: Invalid value: rule failed"
        ]
    );
    // A blocking error (Too long): CEL does not run; the apiserver says so.
    let got: Vec<String> = v
        .validate(&obj("{a: abc}"), |_| panic!("CEL must not run"))
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(got, [
        "spec.a: Too long: may not be more than 2 bytes",
        "<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation",
    ]);
    // Without rules there is no such message.
    let plain = version(
        &root("{type: object, properties: {a: {type: string, maxLength: 2}}}"),
        true,
        Subresources::default(),
    );
    let v = validator(&plain);
    assert!(!v.has_rules());
    assert_eq!(
        v.validate(&obj("{a: abc}"), |_| panic!("no rules")).len(),
        1
    );
}
