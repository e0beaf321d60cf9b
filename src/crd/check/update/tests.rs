//! CRD updates, one rule per row: an old CRD (as the cluster holds it), an edit that makes the
//! new one, and the apiserver's messages for the update (facts from kube-apiserver 1.36's
//! answers in `../shared/updates/cases` 14 and 15 and apiextensions-apiserver's
//! `TestValidateCustomResourceDefinitionUpdate`).

use super::validate_update;
use serde_json::{json, Value};

/// A valid CRD with versions v1 (storage) and v2.
fn old() -> Value {
    json!({
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "CustomResourceDefinition",
        "metadata": {"name": "gadgets.update.test"},
        "spec": {
            "group": "update.test",
            "scope": "Namespaced",
            "names": {"plural": "gadgets", "singular": "gadget", "kind": "Gadget", "listKind": "GadgetList"},
            "versions": [
                {"name": "v1", "served": true, "storage": true,
                 "schema": {"openAPIV3Schema": {"type": "object", "properties": {"spec": {"type": "object"}}}}},
                {"name": "v2", "served": true, "storage": false,
                 "schema": {"openAPIV3Schema": {"type": "object", "properties": {"spec": {"type": "object"}}}}}
            ]
        }
    })
}

type Edit = fn(&mut Value);

fn versions(c: &mut Value) -> &mut Vec<Value> {
    c["spec"]["versions"].as_array_mut().unwrap()
}

fn stored_missing(i: usize, v: &str) -> String {
    format!("status.storedVersions[{i}]: Invalid value: \"{v}\": missing from spec.versions; {v} was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in {v} and removes {v} from status.storedVersions")
}

/// Each row: name, edit of the old CRD, edit that makes the new one from the old, messages.
#[test]
fn update_rules() {
    let none: Edit = |_| {};
    let cases: Vec<(&str, Edit, Edit, Vec<String>)> = vec![
        ("unchanged", none, none, vec![]),
        // names and scope: what may change, what may not
        (
            "singular and listKind may change",
            none,
            |c| {
                c["spec"]["names"]["singular"] = json!("gizmo");
                c["spec"]["names"]["listKind"] = json!("GizmoList");
                c["spec"]["names"]["shortNames"] = json!(["gz"]);
            },
            vec![],
        ),
        (
            "scope, kind, group and plural are immutable",
            none,
            |c| {
                c["spec"]["scope"] = json!("Cluster");
                c["spec"]["names"]["kind"] = json!("Gizmo");
                c["spec"]["group"] = json!("abc.test");
                c["spec"]["names"]["plural"] = json!("gizmos");
            },
            vec![
                "spec.scope: Invalid value: \"Cluster\": field is immutable".into(),
                "spec.names.kind: Invalid value: \"Gizmo\": field is immutable".into(),
                "spec.group: Invalid value: \"abc.test\": field is immutable".into(),
                "spec.names.plural: Invalid value: \"gizmos\": field is immutable".into(),
            ],
        ),
        (
            "the create's name rule is not run again",
            none,
            |c| c["spec"]["group"] = json!("other.update.test"),
            vec!["spec.group: Invalid value: \"other.update.test\": field is immutable".into()],
        ),
        // stored versions
        (
            "a version that was never stored may go",
            none,
            |c| {
                versions(c).remove(1);
            },
            vec![],
        ),
        (
            "the old storage version is stored (no status)",
            none,
            |c| {
                versions(c).remove(0);
                c["spec"]["versions"][0]["storage"] = json!(true);
            },
            vec![stored_missing(0, "v1")],
        ),
        (
            "status.storedVersions count, in their order",
            |c| c["status"] = json!({"storedVersions": ["v1", "v2"]}),
            |c| {
                versions(c).remove(1);
            },
            vec![stored_missing(1, "v2")],
        ),
        (
            "a new storage version joins the stored ones",
            none,
            |c| {
                c["spec"]["versions"][0]["storage"] = json!(false);
                c["spec"]["versions"][1]["storage"] = json!(true);
            },
            vec![],
        ),
        (
            "a version renamed: the stored one is missing",
            none,
            |c| c["spec"]["versions"][0]["name"] = json!("v1beta1"),
            vec![stored_missing(0, "v1")],
        ),
        // ratcheting: rules the old CRD already broke stay off
        (
            "preserveUnknownFields: true may not be switched on",
            none,
            |c| c["spec"]["preserveUnknownFields"] = json!(true),
            vec!["spec.preserveUnknownFields: Invalid value: true: cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead".into()],
        ),
        (
            "preserveUnknownFields: true may stay",
            |c| c["spec"]["preserveUnknownFields"] = json!(true),
            none,
            vec![],
        ),
        (
            "a schema is required when every old version had one",
            none,
            |c| {
                c["spec"]["versions"][1]
                    .as_object_mut()
                    .unwrap()
                    .remove("schema");
            },
            vec!["spec.versions[1].schema.openAPIV3Schema: Required value".into()],
        ),
        (
            "not when an old version had none",
            |c| {
                c["spec"]["versions"][1]
                    .as_object_mut()
                    .unwrap()
                    .remove("schema");
            },
            |c| {
                c["spec"]["versions"][0]
                    .as_object_mut()
                    .unwrap()
                    .remove("schema");
            },
            vec![],
        ),
        // the checks a create has are run too
        (
            "no storage version",
            none,
            |c| c["spec"]["versions"][0]["storage"] = json!(false),
            vec![String::from("spec.versions: Invalid value: [{\"Name\":\"v1\",\"Served\":true,\"Storage\":false,\"Deprecated\":false,\"DeprecationWarning\":null,\"Schema\":null,\"Subresources\":null,\"AdditionalPrinterColumns\":null,\"SelectableFields\":null},{\"Name\":\"v2\",\"Served\":true,\"Storage\":false,\"Deprecated\":false,\"DeprecationWarning\":null,\"Schema\":null,\"Subresources\":null,\"AdditionalPrinterColumns\":null,\"SelectableFields\":null}]: must have exactly one version marked as storage version")],
        ),
    ];
    for (name, old_edit, new_edit, want) in cases {
        let mut before = old();
        old_edit(&mut before);
        let mut after = before.clone();
        new_edit(&mut after);
        let got: Vec<String> = validate_update(&before, &after)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(got, want, "case {name}");
    }
}

#[test]
fn only_v1_crds_are_updates() {
    let mut legacy = old();
    legacy["apiVersion"] = json!("apiextensions.k8s.io/v1beta1");
    let mut moved = old();
    moved["spec"]["group"] = json!("abc.test");
    assert!(validate_update(&legacy, &moved).is_empty());
    assert!(validate_update(&moved, &legacy).is_empty());
}
