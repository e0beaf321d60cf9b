//! Table tests per family of checks: each case edits a valid CRD and lists the apiserver's
//! messages for a create of it (facts from kube-apiserver 1.36's answers in
//! `../shared/crd-validation` and apiextensions-apiserver's validation tests).

use super::{validate_create, validate_update, with_stand_ins};
use serde_json::{json, Value};

fn base() -> Value {
    json!({
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "CustomResourceDefinition",
        "metadata": {"name": "widgets.example.com"},
        "spec": {
            "group": "example.com",
            "scope": "Namespaced",
            "names": {"plural": "widgets", "singular": "widget", "kind": "Widget", "listKind": "WidgetList"},
            "versions": [{
                "name": "v1", "served": true, "storage": true,
                "schema": {"openAPIV3Schema": {"type": "object", "properties": {
                    "spec": {"type": "object", "properties": {
                        "size": {"type": "integer"},
                        "color": {"type": "string"},
                        "tags": {"type": "object", "additionalProperties": {"type": "string"}}
                    }},
                    "status": {"type": "object", "properties": {"replicas": {"type": "integer"}}}
                }}}
            }]
        }
    })
}

/// A CRD with two versions whose schemas differ (so nothing moves to the top level).
fn two_versions() -> Value {
    let mut c = base();
    let mut v2 = c["spec"]["versions"][0].clone();
    v2["name"] = json!("v2");
    v2["storage"] = json!(false);
    v2["schema"]["openAPIV3Schema"]["properties"]["spec"]["properties"]["extra"] =
        json!({"type": "string"});
    c["spec"]["versions"].as_array_mut().unwrap().push(v2);
    c
}

type Edit = fn(&mut Value);

fn check(cases: &[(&str, Edit, &[&str])]) {
    for (name, edit, want) in cases {
        let mut crd = base();
        edit(&mut crd);
        let got: Vec<String> = validate_create(&crd)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(got, *want, "case {name}");
    }
}

const DNS1035: &str = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
const SUBDOMAIN: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

#[test]
fn a_valid_crd_is_accepted() {
    assert!(validate_create(&base()).is_empty());
    assert!(validate_create(&two_versions()).is_empty());
}

#[test]
fn names() {
    let cases: &[(&str, Edit, &[&str])] = &[
        ("name not plural.group", |c| c["metadata"]["name"] = json!("widget.example.com"), &[
            "metadata.name: Invalid value: \"widget.example.com\": must be spec.names.plural+\".\"+spec.group",
        ]),
        ("upper-case plural", |c| c["spec"]["names"]["plural"] = json!("Widgets"), &[
            "metadata.name: Invalid value: \"widgets.example.com\": must be spec.names.plural+\".\"+spec.group",
            // the DNS-1035 message is checked below
        ]),
        ("group without a dot", |c| {
            c["spec"]["group"] = json!("serving");
            c["metadata"]["name"] = json!("widgets.serving");
        }, &["spec.group: Invalid value: \"serving\": should be a domain with at least one dot"]),
        ("scope unsupported", |c| c["spec"]["scope"] = json!("Global"), &[
            "spec.scope: Unsupported value: \"Global\": supported values: \"Cluster\", \"Namespaced\"",
        ]),
        ("scope missing", |c| { c["spec"].as_object_mut().unwrap().remove("scope"); }, &["spec.scope: Required value"]),
        ("kind equals listKind", |c| c["spec"]["names"]["listKind"] = json!("Widget"), &[
            "spec.names.listKind: Invalid value: \"Widget\": kind and listKind may not be the same",
        ]),
        ("no kind (singular and listKind defaulted from it)", |c| {
            let n = c["spec"]["names"].as_object_mut().unwrap();
            n.remove("kind");
            n.remove("singular");
            n.remove("listKind");
        }, &[
            "spec.names.singular: Required value",
            "spec.names.kind: Required value",
            "spec.names.listKind: Required value",
        ]),
    ];
    // the plural case also gets the DNS-1035 error: checked whole here
    let mut crd = base();
    crd["spec"]["names"]["plural"] = json!("Widgets");
    let got: Vec<String> = validate_create(&crd)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        got[1],
        format!("spec.names.plural: Invalid value: \"Widgets\": {DNS1035}")
    );
    let mut cases = cases.to_vec();
    cases.remove(1);
    check(&cases);
    let mut crd = base();
    crd["spec"]["group"] = json!("Example.com");
    crd["metadata"]["name"] = json!("widgets.Example.com");
    let got: Vec<String> = validate_create(&crd)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        got,
        [
            format!("metadata.name: Invalid value: \"widgets.Example.com\": {SUBDOMAIN}"),
            format!("spec.group: Invalid value: \"Example.com\": {SUBDOMAIN}"),
        ]
    );
}

#[test]
fn versions_and_stored_versions() {
    let cases: &[(&str, Edit, &[&str])] = &[
        ("no storage version", |c| c["spec"]["versions"][0]["storage"] = json!(false), &[
            "spec.versions: Invalid value: [{\"Name\":\"v1\",\"Served\":true,\"Storage\":false,\"Deprecated\":false,\"DeprecationWarning\":null,\"Schema\":null,\"Subresources\":null,\"AdditionalPrinterColumns\":null,\"SelectableFields\":null}]: must have exactly one version marked as storage version",
            "status.storedVersions: Invalid value: null: must have at least one stored version",
        ]),
        ("bad version name", |c| c["spec"]["versions"][0]["name"] = json!("v1.0"), &[]),
        ("deprecation warning on a current version", |c| c["spec"]["versions"][0]["deprecationWarning"] = json!("old"), &[
            "spec.versions[0].deprecationWarning: Invalid value: \"old\": can only be set for deprecated versions",
        ]),
        ("non-printable deprecation warning", |c| {
            c["spec"]["versions"][0]["deprecated"] = json!(true);
            c["spec"]["versions"][0]["deprecationWarning"] = json!("v1 is deprecated\nuse v2");
        }, &[
            "spec.versions[0].deprecationWarning: Invalid value: \"v1 is deprecated\\nuse v2\": must only contain printable UTF-8 characters; non-printable character found at index 16",
        ]),
        ("missing schema", |c| { c["spec"]["versions"][0].as_object_mut().unwrap().remove("schema"); }, &[
            "spec.versions[0].schema.openAPIV3Schema: Required value",
        ]),
        ("preserveUnknownFields", |c| c["spec"]["preserveUnknownFields"] = json!(true), &[
            "spec.preserveUnknownFields: Invalid value: true: cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead",
        ]),
    ];
    let mut cases = cases.to_vec();
    let (_, _, _) = cases.remove(1);
    check(&cases);
    let mut crd = base();
    crd["spec"]["versions"][0]["name"] = json!("v1.0");
    let got: Vec<String> = validate_create(&crd)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        got,
        [
            format!("spec.versions[0].name: Invalid value: \"v1.0\": {DNS1035}"),
            format!("spec.version: Invalid value: \"v1.0\": {DNS1035}"),
        ]
    );
    // two storage versions: the second is not the stored one
    let mut crd = two_versions();
    crd["spec"]["versions"][1]["storage"] = json!(true);
    let got: Vec<String> = validate_create(&crd)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(got.len(), 2, "{got:?}");
    assert!(got[0].starts_with("spec.versions: Invalid value: [{\"Name\":\"v1\",\"Served\":true,\"Storage\":true,\"Deprecated\":false,\"DeprecationWarning\":null,\"Schema\":{\"OpenAPIV3Schema\":{\"ID\":\"\",\"Schema\":\"\",\"Ref\":null,\"Description\":\"\",\"Type\":\"object\""), "{}", got[0]);
    assert!(got[0].ends_with("must have exactly one version marked as storage version"));
    assert_eq!(
        got[1],
        "status.storedVersions: Invalid value: [\"v1\"]: must have the storage version v2"
    );
    // duplicate names
    let mut crd = base();
    let dup = crd["spec"]["versions"][0].clone();
    crd["spec"]["versions"].as_array_mut().unwrap().push(dup);
    crd["spec"]["versions"][1]["storage"] = json!(false);
    let got: Vec<String> = validate_create(&crd)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(got, ["spec.versions: Invalid value: [{\"Name\":\"v1\",\"Served\":true,\"Storage\":true,\"Deprecated\":false,\"DeprecationWarning\":null,\"Schema\":null,\"Subresources\":null,\"AdditionalPrinterColumns\":null,\"SelectableFields\":null},{\"Name\":\"v1\",\"Served\":true,\"Storage\":false,\"Deprecated\":false,\"DeprecationWarning\":null,\"Schema\":null,\"Subresources\":null,\"AdditionalPrinterColumns\":null,\"SelectableFields\":null}]: must contain unique version names"]);
}

#[test]
fn subresources_and_columns() {
    let cases: &[(&str, Edit, &[&str])] = &[
        ("scale without specReplicasPath", |c| c["spec"]["versions"][0]["subresources"] = json!({"scale": {"statusReplicasPath": ".status.replicas"}}), &[
            "spec.subresources.scale.specReplicasPath: Required value",
        ]),
        ("scale paths", |c| c["spec"]["versions"][0]["subresources"] = json!({"scale": {"specReplicasPath": ".replicas", "statusReplicasPath": "status.replicas", "labelSelectorPath": ".metadata.labels"}}), &[
            "spec.subresources.scale.specReplicasPath: Invalid value: \".replicas\": should be a json path under .spec",
            "spec.subresources.scale.statusReplicasPath: Invalid value: \"status.replicas\": must be a simple json path starting with .",
            "spec.subresources.scale.labelSelectorPath: Invalid value: \".metadata.labels\": should be a json path under either .spec or .status",
        ]),
        ("status root must be a plain object", |c| {
            c["spec"]["versions"][0]["subresources"] = json!({"status": {}});
            c["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["type"] = json!("string");
        }, &[
            "spec.validation.openAPIV3Schema.type: Invalid value: \"string\": only \"object\" is allowed as the type at the root of the schema if the status subresource is enabled",
        ]),
        ("columns", |c| c["spec"]["versions"][0]["additionalPrinterColumns"] = json!([
            {"name": "Ready", "type": "float", "jsonPath": "{.status.ready}"},
            {"type": "string", "format": "uuid"},
        ]), &[
            "spec.additionalPrinterColumns[0].type: Invalid value: \"float\": must be one of boolean,date,integer,number,string",
            "spec.additionalPrinterColumns[0].JSONPath: Invalid value: \"{.status.ready}\": must be a simple json path starting with .",
            "spec.additionalPrinterColumns[1].name: Required value",
            "spec.additionalPrinterColumns[1].format: Invalid value: \"uuid\": must be one of byte,date,date-time,double,float,int32,int64,password",
            "spec.additionalPrinterColumns[1].JSONPath: Required value",
        ]),
    ];
    check(cases);
    // per version when the versions differ
    let mut crd = two_versions();
    crd["spec"]["versions"][1]["additionalPrinterColumns"] =
        json!([{"name": "A", "jsonPath": ".spec.a"}]);
    let got: Vec<String> = validate_create(&crd)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(got, ["spec.versions[1].additionalPrinterColumns[0].type: Required value: must be one of boolean,date,integer,number,string"]);
}

#[test]
fn selectable_fields() {
    let cases: &[(&str, Edit, &[&str])] = &[
        ("good ones", |c| c["spec"]["versions"][0]["selectableFields"] = json!([{"jsonPath": ".spec.color"}, {"jsonPath": ".spec.size"}]), &[]),
        ("bad ones", |c| c["spec"]["versions"][0]["selectableFields"] = json!([
            {"jsonPath": ".spec.nope"}, {"jsonPath": ".spec.tags"}, {"jsonPath": ".spec.color"}, {"jsonPath": ".spec.color"}, {"jsonPath": ""}, {"jsonPath": "spec.color"},
            {"jsonPath": ".spec.color[0]"}, {"jsonPath": ".spec."},
        ]), &[
            "spec.selectableFields[0].jsonPath: Invalid value: \".spec.nope\": is an invalid path: does not refer to a valid field",
            "spec.selectableFields[1].jsonPath: Invalid value: \".spec.tags\": must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed.",
            "spec.selectableFields[3].jsonPath: Duplicate value: \".spec.color\"",
            "spec.selectableFields[4].jsonPath: Required value",
            "spec.selectableFields[5].jsonPath: Invalid value: \"spec.color\": is an invalid path: expected [ or . but got: spec",
            "spec.selectableFields[6].jsonPath: Invalid value: \".spec.color[0]\": is an invalid path: array notation is not allowed",
            "spec.selectableFields[7].jsonPath: Invalid value: \".spec.\": is an invalid path: unexpected end of JSON path",
        ]),
    ];
    check(cases);
    let mut crd = base();
    let many: Vec<Value> = (0..9)
        .map(|i| json!({"jsonPath": format!(".spec.tags.k{i}")}))
        .collect();
    crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"]["properties"]
        ["tags"] = json!({"type": "object", "additionalProperties": {"type": "string"}});
    crd["spec"]["versions"][0]["selectableFields"] = Value::Array(many);
    let got: Vec<String> = validate_create(&crd)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        got,
        ["spec.selectableFields: Too many: 9: must have at most 8 items"]
    );
    // identical schemas, selectableFields in one version only
    let mut crd = base();
    let mut v2 = crd["spec"]["versions"][0].clone();
    v2["name"] = json!("v2");
    v2["storage"] = json!(false);
    v2["selectableFields"] = json!([{"jsonPath": ".spec.color"}]);
    crd["spec"]["versions"].as_array_mut().unwrap().push(v2);
    let got: Vec<String> = validate_create(&crd)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(got, ["spec.versions[1].selectableFields: Invalid value: \"\": may only be set when `version.schema.openAPIV3Schema` is not included"]);
    // identical selectableFields, schemas differ
    let mut crd = two_versions();
    for i in 0..2 {
        crd["spec"]["versions"][i]["selectableFields"] = json!([{"jsonPath": ".spec.color"}]);
    }
    let got: Vec<String> = validate_create(&crd)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(got, ["spec.selectableFields: Invalid value: \"\": may only be set when validations.schema is included"]);
}

#[test]
fn conversion() {
    let cases: &[(&str, Edit, &[&str])] = &[
        ("webhook without config", |c| c["spec"]["conversion"] = json!({"strategy": "Webhook"}), &[
            "spec.conversion.webhookClientConfig: Required value: required when strategy is set to Webhook",
            "spec.conversion.conversionReviewVersions: Required value",
        ]),
        ("unknown strategy", |c| c["spec"]["conversion"] = json!({"strategy": "webhook"}), &[
            "spec.conversion.strategy: Unsupported value: \"webhook\": supported values: \"None\", \"Webhook\"",
        ]),
        ("None with webhook settings", |c| c["spec"]["conversion"] = json!({"strategy": "None", "webhook": {"clientConfig": {"url": "https://x"}, "conversionReviewVersions": ["v1"]}}), &[
            "spec.conversion.webhookClientConfig: Forbidden: should not be set when strategy is not set to Webhook",
            "spec.conversion.conversionReviewVersions: Forbidden: should not be set when strategy is not set to Webhook",
        ]),
        ("url", |c| c["spec"]["conversion"] = json!({"strategy": "Webhook", "webhook": {"clientConfig": {"url": "http://h/p?x=1#frag"}, "conversionReviewVersions": ["v2"]}}), &[
            "spec.conversion.webhookClientConfig.url: Invalid value: \"http\": 'https' is the only allowed URL scheme; desired format: https://host[/path]",
            "spec.conversion.webhookClientConfig.url: Invalid value: \"frag\": fragments are not permitted in the URL",
            "spec.conversion.webhookClientConfig.url: Invalid value: \"x=1\": query parameters are not permitted in the URL",
            "spec.conversion.conversionReviewVersions: Invalid value: [\"v2\"]: must include at least one of v1, v1beta1",
        ]),
        ("url and service", |c| c["spec"]["conversion"] = json!({"strategy": "Webhook", "webhook": {"clientConfig": {"url": "https://h", "service": {"name": "s", "namespace": "n"}}, "conversionReviewVersions": ["v1"]}}), &[
            "spec.conversion.webhookClientConfig: Required value: exactly one of url or service is required",
        ]),
        ("webhook with preserveUnknownFields", |c| {
            c["spec"]["preserveUnknownFields"] = json!(true);
            c["spec"]["conversion"] = json!({"strategy": "Webhook", "webhook": {"clientConfig": {"service": {"name": "s", "namespace": "n", "path": "/Convert"}}, "conversionReviewVersions": ["v1"]}});
        }, &[
            "spec.conversion.strategy: Invalid value: \"Webhook\": must be None if spec.preserveUnknownFields is true",
            "spec.conversion.webhookClientConfig.service.path: Invalid value: \"/Convert\": segment[0]: a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
            "spec.preserveUnknownFields: Invalid value: true: cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead",
        ]),
    ];
    check(cases);
}

#[test]
fn api_approval() {
    let protected = |c: &mut Value| {
        c["spec"]["group"] = json!("widgets.k8s.io");
        c["metadata"]["name"] = json!("widgets.widgets.k8s.io");
    };
    let cases: &[(&str, Edit, &[&str])] = &[
        ("missing", |c| {
            c["spec"]["group"] = json!("widgets.k8s.io");
            c["metadata"]["name"] = json!("widgets.widgets.k8s.io");
        }, &["metadata.annotations[api-approved.kubernetes.io]: Required value: protected groups must have approval annotation \"api-approved.kubernetes.io\", see https://github.com/kubernetes/enhancements/pull/1111"]),
    ];
    check(cases);
    for (value, ok) in [
        ("https://github.com/kubernetes/enhancements/pull/1111", true),
        ("unapproved, testing", true),
        ("yes", false),
    ] {
        let mut crd = base();
        protected(&mut crd);
        crd["metadata"]["annotations"] = json!({"api-approved.kubernetes.io": value});
        let got: Vec<String> = validate_create(&crd)
            .iter()
            .map(ToString::to_string)
            .collect();
        match ok {
            true => assert!(got.is_empty(), "{value}: {got:?}"),
            false => assert_eq!(got, [format!("metadata.annotations[api-approved.kubernetes.io]: Invalid value: \"{value}\": protected groups must have approval annotation \"api-approved.kubernetes.io\" with either a URL or a reason starting with \"unapproved\", see https://github.com/kubernetes/enhancements/pull/1111")]),
        }
    }
}

#[test]
fn list_and_map_types() {
    let at = "spec.validation.openAPIV3Schema.properties[spec].properties";
    let cases: &[(&str, Edit, &[&str])] = &[
        (
            "list type on a string",
            |c| {
                c["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"]
                    ["properties"]["color"]["x-kubernetes-list-type"] = json!("map")
            },
            &[],
        ),
        (
            "unknown map type",
            |c| {
                c["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"]
                    ["properties"]["tags"]["x-kubernetes-map-type"] = json!("Atomic")
            },
            &[],
        ),
        (
            "map list keys",
            |c| {
                c["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"]
                    ["properties"]["ports"] = json!({
                    "type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name", "nope"],
                    "items": {"type": "object", "properties": {"name": {"type": "string"}}}
                })
            },
            &[],
        ),
        (
            "set of granular objects",
            |c| {
                c["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"]
                    ["properties"]["refs"] = json!({
                    "type": "array", "x-kubernetes-list-type": "set", "items": {"type": "object"}
                })
            },
            &[],
        ),
    ];
    let want: [Vec<String>; 4] = [
        vec![
            format!("{at}[color].type: Invalid value: \"string\": must be array if x-kubernetes-list-type is specified"),
            format!("{at}[color].x-kubernetes-list-map-keys: Required value: must not be empty if x-kubernetes-list-type is map"),
            format!("{at}[color].items: Required value: must have a schema if x-kubernetes-list-type is map"),
        ],
        vec![format!("{at}[tags].x-kubernetes-map-type: Unsupported value: \"Atomic\": supported values: \"atomic\", \"granular\"")],
        vec![
            format!("{at}[ports].x-kubernetes-list-map-keys: Invalid value: [\"name\",\"nope\"]: entries must all be names of item properties"),
            format!("{at}[ports].items.properties[name].default: Required value: this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property"),
        ],
        vec![format!("{at}[refs].items.x-kubernetes-map-type: Invalid value: null: must be atomic as item of a list with x-kubernetes-list-type=set")],
    ];
    for ((name, edit, _), want) in cases.iter().zip(want) {
        let mut crd = base();
        edit(&mut crd);
        let got: Vec<String> = validate_create(&crd)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(got, want, "case {name}");
    }
}

#[test]
fn values_print_as_json_with_html_escapes() {
    let mut crd = base();
    crd["spec"]["versions"][0]["storage"] = json!(false);
    crd["spec"]["versions"][0]["deprecated"] = json!(true);
    crd["spec"]["versions"][0]["deprecationWarning"] = json!("use <v2> & co");
    let got: Vec<String> = validate_create(&crd)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(
        got[0].contains("\"DeprecationWarning\":\"use \\u003cv2\\u003e \\u0026 co\""),
        "{}",
        got[0]
    );
}

#[test]
fn stand_ins_fill_only_what_is_missing() {
    let mut crd = base();
    crd["spec"]["names"]["kind"] = json!("");
    crd["spec"]["group"] = json!("");
    let filled = with_stand_ins(&crd);
    assert_eq!(filled["spec"]["names"]["kind"], "StandIn");
    assert_eq!(filled["spec"]["group"], "stand-in.invalid");
    assert_eq!(filled["metadata"]["name"], "widgets.example.com");
}

fn update(old: &Value, edit: Edit) -> Vec<String> {
    let mut new = old.clone();
    edit(&mut new);
    validate_update(old, &new)
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn update_rules() {
    let old = two_versions();
    // case 14: a stored version removed
    let mut stored = old.clone();
    stored["status"] = json!({"storedVersions": ["v2", "v1"]});
    assert_eq!(update(&stored, |c| { c["spec"]["versions"].as_array_mut().unwrap().remove(1); }), [
        "status.storedVersions[0]: Invalid value: \"v2\": missing from spec.versions; v2 was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in v2 and removes v2 from status.storedVersions",
    ]);
    // without status the old storage version is the stored one: removing v2 is fine
    assert!(update(&old, |c| {
        c["spec"]["versions"].as_array_mut().unwrap().remove(1);
    })
    .is_empty());
    // case 15: scope and kind (the old CRD is established), group
    assert_eq!(
        update(&old, |c| {
            c["spec"]["scope"] = json!("Cluster");
            c["spec"]["names"]["kind"] = json!("Light");
            c["spec"]["names"]["listKind"] = json!("LightList");
        }),
        [
            "spec.scope: Invalid value: \"Cluster\": field is immutable",
            "spec.names.kind: Invalid value: \"Light\": field is immutable",
        ]
    );
    // the name rule is not run again on update
    assert_eq!(
        update(&old, |c| c["spec"]["group"] = json!("other.example.com")),
        ["spec.group: Invalid value: \"other.example.com\": field is immutable",]
    );
    // a new storage version is added to storedVersions
    assert!(update(&old, |c| {
        c["spec"]["versions"][0]["storage"] = json!(false);
        c["spec"]["versions"][1]["storage"] = json!(true);
    })
    .is_empty());
    // ratcheting: preserveUnknownFields, approval and non-atomic sets stay as they were
    let mut legacy = old.clone();
    legacy["spec"]["preserveUnknownFields"] = json!(true);
    legacy["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"]
        ["properties"]["refs"] = json!({
        "type": "array", "x-kubernetes-list-type": "set", "items": {"type": "object"}
    });
    assert!(update(&legacy, |c| c["spec"]["versions"][0]["served"] =
        json!(false))
    .is_empty());
    // but a CRD that had none gets them refused
    assert_eq!(update(&old, |c| c["spec"]["preserveUnknownFields"] = json!(true)), [
        "spec.preserveUnknownFields: Invalid value: true: cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead",
    ]);
}

/// A CRD without versions is validated as the apiserver validates it (no version is the
/// storage version, none is stored): `versions: []` is Go's empty slice, no `versions` a nil
/// one; an update to no versions keeps the stored one, which must stay listed.
#[test]
fn a_crd_without_versions() {
    let shown = |crd: &Value| -> Vec<String> {
        validate_create(crd)
            .iter()
            .map(ToString::to_string)
            .collect()
    };
    let mut crd = base();
    crd["spec"]["versions"] = json!([]);
    assert_eq!(
        shown(&crd),
        [
            "spec.versions: Invalid value: []: must have exactly one version marked as storage version",
            "status.storedVersions: Invalid value: null: must have at least one stored version",
        ]
    );
    crd["spec"].as_object_mut().unwrap().remove("versions");
    assert_eq!(
        shown(&crd)[0],
        "spec.versions: Invalid value: null: must have exactly one version marked as storage version"
    );
    let got: Vec<String> = super::validate_update(&base(), &crd)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(got.len(), 2, "{got:#?}");
    assert_eq!(
        got[0],
        "spec.versions: Invalid value: null: must have exactly one version marked as storage version"
    );
    assert!(
        got[1].starts_with(
            "status.storedVersions[0]: Invalid value: \"v1\": missing from spec.versions"
        ),
        "{}",
        got[1]
    );
}
