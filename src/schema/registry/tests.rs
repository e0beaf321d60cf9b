//! Unit tests for the registry: lookup by apiVersion/kind and precedence between sources.

use super::*;
use crate::schema::Structural;
use std::sync::Arc;

fn vs(crd: &str, group: &str, version: &str, kind: &str, source: &str) -> VersionSchema {
    VersionSchema {
        crd_name: crd.to_string(),
        group: group.to_string(),
        version: version.to_string(),
        kind: kind.to_string(),
        served: true,
        schema: Some(Arc::new(Structural::default())),
        structural_errors: Vec::new(),
        prune: true,
        source: source.to_string(),
        namespaced: true,
        subresources: Default::default(),
    }
}

fn found_source<'a>(reg: &'a Registry, api_version: &str, kind: &str) -> &'a str {
    match reg.lookup(api_version, kind) {
        Lookup::Found(v) => &v.source,
        other => panic!("{api_version} {kind}: expected Found, got {other:?}"),
    }
}

#[test]
fn splits_api_versions() {
    let cases = [
        ("example.com/v1", Some(("example.com", "v1"))),
        ("v1", Some(("", "v1"))),
        ("apps/v1", Some(("apps", "v1"))),
        ("/v1", None),
        ("example.com/", None),
        ("", None),
        ("a/b/c", None),
    ];
    for (input, want) in cases {
        assert_eq!(split_api_version(input), want, "{input}");
    }
}

#[test]
fn looks_up_group_version_kind() {
    let mut reg = Registry::new();
    let mut beta = vs(
        "widgets.example.com",
        "example.com",
        "v1beta1",
        "Widget",
        "a.yaml",
    );
    beta.served = false;
    let w = reg.add(
        vec![
            vs(
                "widgets.example.com",
                "example.com",
                "v1",
                "Widget",
                "a.yaml",
            ),
            beta,
        ],
        false,
    );
    assert!(w.is_empty(), "{w:?}");
    assert_eq!(reg.len(), 2);
    assert_eq!(found_source(&reg, "example.com/v1", "Widget"), "a.yaml");
    assert!(
        matches!(reg.lookup("example.com/v1beta1", "Widget"), Lookup::NotServed(v) if v.version == "v1beta1")
    );
    assert!(matches!(
        reg.lookup("example.com/v2", "Widget"),
        Lookup::VersionNotFound {
            crd_name: "widgets.example.com"
        }
    ));
    assert!(matches!(
        reg.lookup("example.com/v1", "Gadget"),
        Lookup::NotFound
    ));
    assert!(matches!(
        reg.lookup("other.com/v1", "Widget"),
        Lookup::NotFound
    ));
    assert!(matches!(reg.lookup("v1", "Widget"), Lookup::NotFound));
    assert!(matches!(
        reg.lookup("example.com/v1/x", "Widget"),
        Lookup::NotFound
    ));
    // kinds are case-sensitive, as in the apiserver
    assert!(matches!(
        reg.lookup("example.com/v1", "widget"),
        Lookup::NotFound
    ));
}

#[test]
fn items_win_over_files_whatever_the_order() {
    for items_first in [false, true] {
        let mut reg = Registry::new();
        let file = vec![vs(
            "widgets.example.com",
            "example.com",
            "v1",
            "Widget",
            "crds/widgets.yaml",
        )];
        let items = vec![vs(
            "widgets.example.com",
            "example.com",
            "v1",
            "Widget",
            "items",
        )];
        let warnings = if items_first {
            let mut w = reg.add(items, true);
            w.extend(reg.add(file, false));
            w
        } else {
            let mut w = reg.add(file, false);
            w.extend(reg.add(items, true));
            w
        };
        assert_eq!(found_source(&reg, "example.com/v1", "Widget"), "items");
        assert_eq!(reg.len(), 1);
        assert_eq!(
            warnings,
            ["example.com/v1, Kind=Widget is defined twice: using widgets.example.com from items, \
              ignoring widgets.example.com from crds/widgets.yaml (the CRD among the items wins)"]
        );
    }
}

#[test]
fn first_file_source_wins() {
    let mut reg = Registry::new();
    let mut w = reg.add(
        vec![vs(
            "widgets.example.com",
            "example.com",
            "v1",
            "Widget",
            "a.yaml",
        )],
        false,
    );
    w.extend(reg.add(
        vec![vs(
            "com.example.v1.Widget",
            "example.com",
            "v1",
            "Widget",
            "openapi.json",
        )],
        false,
    ));
    assert_eq!(found_source(&reg, "example.com/v1", "Widget"), "a.yaml");
    assert_eq!(
        w,
        [
            "example.com/v1, Kind=Widget is defined twice: using widgets.example.com from a.yaml, \
          ignoring com.example.v1.Widget from openapi.json (the first source wins)"
        ]
    );
}

#[test]
fn two_items_crds_first_wins() {
    let mut reg = Registry::new();
    let w = reg.add(
        vec![
            vs(
                "widgets.example.com",
                "example.com",
                "v1",
                "Widget",
                "item 0",
            ),
            vs(
                "widgets2.example.com",
                "example.com",
                "v1",
                "Widget",
                "item 3",
            ),
        ],
        true,
    );
    assert_eq!(found_source(&reg, "example.com/v1", "Widget"), "item 0");
    assert_eq!(w.len(), 1);
    assert!(w[0].contains(
        "using widgets.example.com from item 0, ignoring widgets2.example.com from item 3"
    ));
}

#[test]
fn precedence_is_per_version() {
    let mut reg = Registry::new();
    let file = vec![
        vs(
            "widgets.example.com",
            "example.com",
            "v1",
            "Widget",
            "file.yaml",
        ),
        vs(
            "widgets.example.com",
            "example.com",
            "v2",
            "Widget",
            "file.yaml",
        ),
    ];
    reg.add(file, false);
    let mut items_v1 = vs(
        "widgets.example.com",
        "example.com",
        "v1",
        "Widget",
        "items",
    );
    items_v1.served = false;
    let w = reg.add(vec![items_v1], true);
    assert_eq!(w.len(), 1);
    assert!(
        matches!(reg.lookup("example.com/v1", "Widget"), Lookup::NotServed(v) if v.source == "items")
    );
    assert_eq!(found_source(&reg, "example.com/v2", "Widget"), "file.yaml");
    assert_eq!(reg.len(), 2);
    assert_eq!(reg.schemas().count(), 2);
}

#[test]
fn version_not_found_names_the_items_crd() {
    let mut reg = Registry::new();
    reg.add(
        vec![vs("from-file", "example.com", "v1", "Widget", "f.yaml")],
        false,
    );
    reg.add(
        vec![vs("from-items", "example.com", "v2", "Widget", "items")],
        true,
    );
    assert!(matches!(
        reg.lookup("example.com/v3", "Widget"),
        Lookup::VersionNotFound {
            crd_name: "from-items"
        }
    ));
}

#[test]
fn schema_is_shared_not_cloned() {
    let mut reg = Registry::new();
    let v = vs("w", "example.com", "v1", "Widget", "a");
    let arc = v.schema.clone().unwrap();
    reg.add(vec![v], false);
    let Lookup::Found(found) = reg.lookup("example.com/v1", "Widget") else {
        panic!("not found")
    };
    assert!(Arc::ptr_eq(found.schema.as_ref().unwrap(), &arc));
}

/// A kind of a built-in API group is served by the apiserver's own types, whatever a CRD says
/// of it: such a version is not added (a CRD that defines `CustomResourceDefinition` itself,
/// as kubectl-validate's test cases do, would otherwise be looked up for every CRD among the
/// items), and a warning names it. A group that only ends like a built-in one is a CRD's.
#[test]
fn kinds_of_built_in_groups_are_not_added() {
    let mut reg = Registry::new();
    let w = reg.add(
        vec![
            vs(
                "customresourcedefinitions.apiextensions.k8s.io",
                "apiextensions.k8s.io",
                "v1",
                "CustomResourceDefinition",
                "items[0]",
            ),
            vs("deployments.apps", "apps", "v1", "Deployment", "crds.yaml"),
            vs(
                "gateways.gateway.networking.k8s.io",
                "gateway.networking.k8s.io",
                "v1",
                "Gateway",
                "gateway.yaml",
            ),
        ],
        true,
    );
    assert_eq!(
        w,
        [
            "apiextensions.k8s.io/v1, Kind=CustomResourceDefinition is in the built-in API group \
             \"apiextensions.k8s.io\", which the apiserver serves with its own types: ignoring \
             customresourcedefinitions.apiextensions.k8s.io from items[0] (its objects are left \
             unchanged)",
            "apps/v1, Kind=Deployment is in the built-in API group \"apps\", which the apiserver \
             serves with its own types: ignoring deployments.apps from crds.yaml (its objects are \
             left unchanged)",
        ]
    );
    assert_eq!(reg.len(), 1);
    assert!(matches!(
        reg.lookup("apiextensions.k8s.io/v1", "CustomResourceDefinition"),
        Lookup::NotFound
    ));
    assert!(matches!(
        reg.lookup("apps/v1", "Deployment"),
        Lookup::NotFound
    ));
    assert_eq!(
        found_source(&reg, "gateway.networking.k8s.io/v1", "Gateway"),
        "gateway.yaml"
    );
}
