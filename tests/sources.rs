//! Schema sources from disk (`sources::load_path`): the real CRD directories of the corpus
//! (checked against what kube-apiserver v1.36 made of them, `shared/conformance`), hand-written
//! swagger 2.0 and OpenAPI v3 documents with `$ref` chains, a `$ref` cycle, a dangling `$ref`,
//! CRD directories with unrelated files, and the error messages for bad files.

use crate::support::{ground, shared};

use crd_schema_fn::schema::registry::{Lookup, Registry};
use crd_schema_fn::schema::{SchemaError, Structural, StructuralOrBool, VersionSchema};
use crd_schema_fn::sources::load_path;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

mod published;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/schemas")
        .join(name)
}

fn load_err(path: &Path) -> SchemaError {
    match load_path(path) {
        Ok(v) => panic!(
            "{}: expected an error, loaded {} schemas",
            path.display(),
            v.len()
        ),
        Err(e) => e,
    }
}

/// `s.properties[a].properties[b]...`
fn prop<'a>(s: &'a Structural, path: &[&str]) -> &'a Structural {
    path.iter().fold(s, |s, p| {
        s.properties
            .get(p)
            .unwrap_or_else(|| panic!("no property {p} in {path:?}"))
    })
}

fn schema(vs: &VersionSchema) -> &Structural {
    vs.schema.as_deref().expect("has a schema")
}

fn gvks(v: &[VersionSchema]) -> Vec<String> {
    v.iter()
        .map(|s| format!("{}/{} {} ({})", s.group, s.version, s.kind, s.crd_name))
        .collect()
}

/// One CRD version as (name, version, served, hasSchema, prune, structural errors).
type VersionSummary = (String, String, bool, bool, bool, Vec<String>);

/// One conformance file's CRD files and CRD versions.
fn conformance_versions(project: &str) -> (Vec<String>, Vec<VersionSummary>) {
    let path = shared().join("conformance").join(format!("{project}.json"));
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let files = doc["crdFiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap().to_string());
    let versions = doc["crdVersions"].as_array().unwrap().iter().map(|v| {
        let errors = v["structuralErrors"].as_array().unwrap();
        (
            v["name"].as_str().unwrap().to_string(),
            v["version"].as_str().unwrap().to_string(),
            v["served"].as_bool().unwrap(),
            v["hasSchema"].as_bool().unwrap(),
            !v["preserveUnknownFields"].as_bool().unwrap(),
            errors
                .iter()
                .map(|e| e.as_str().unwrap().to_string())
                .collect(),
        )
    });
    (files.collect(), versions.collect())
}

fn summary(v: &[VersionSchema]) -> Vec<VersionSummary> {
    v.iter()
        .map(|s| {
            let has_schema = s.schema.is_some();
            (
                s.crd_name.clone(),
                s.version.clone(),
                s.served,
                has_schema,
                s.prune,
                s.structural_errors
                    .iter()
                    .map(ToString::to_string)
                    .collect(),
            )
        })
        .collect()
}

/// Every corpus project: its CRD files, loaded one by one, give exactly the CRD versions the
/// apiserver saw, in order; where the conformance run used the whole directory, so does
/// `load_path` on the directory.
#[test]
fn corpus_crd_directories_match_conformance() {
    if !ground::present("corpus_crd_directories_match_conformance") {
        return;
    }
    let mut projects: Vec<_> = std::fs::read_dir(shared().join("conformance"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().to_string())
        .collect();
    projects.sort();
    assert!(projects.len() >= 30, "{projects:?}");
    for project in &projects {
        let (files, want) = conformance_versions(project);
        let mut got = Vec::new();
        for file in &files {
            got.extend(
                load_path(&shared().join(file)).unwrap_or_else(|e| panic!("{project}: {e}")),
            );
        }
        assert_eq!(summary(&got), want, "{project}");
        for vs in &got {
            assert!(
                files.iter().any(|f| vs.source.ends_with(f.as_str())),
                "{}",
                vs.source
            );
        }
        let dir = shared().join("corpus/crds").join(project);
        if std::fs::read_dir(&dir).unwrap().count() == files.len() {
            let whole = load_path(&dir).unwrap_or_else(|e| panic!("{project}: {e}"));
            assert_eq!(summary(&whole), want, "{project} (directory)");
        }
    }
}

/// Corpus directories that have no conformance file still load (velero-design-poc is left
/// out: its CRDs.yaml continues a quoted scalar at its key's indentation, which our YAML
/// reader rejects).
#[test]
fn corpus_directories_without_conformance_load() {
    if !ground::present("corpus_directories_without_conformance_load") {
        return;
    }
    for (project, want) in [
        ("gateway-api-experimental", 22),
        ("argo-workflows-minimal", 8),
        // INVALID_duplicateVersions: the version listed twice comes back twice (the registry
        // then warns that it is defined twice)
        ("olm-testdata", 2),
    ] {
        let got = load_path(&shared().join("corpus/crds").join(project)).unwrap();
        assert_eq!(got.len(), want, "{project}: {:?}", gvks(&got));
    }
}

/// The corpus's deliberately invalid CRD (type `strign`) loads, with the apiserver's error
/// recorded on its version (the function reports it as an error result).
#[test]
fn a_deliberately_invalid_crd_carries_its_errors() {
    if !ground::present("a_deliberately_invalid_crd_carries_its_errors") {
        return;
    }
    let file = shared().join("corpus/crds/kubectl-validate-testcases/INVALID_error_crd_typo.yaml");
    let got = load_path(&file).unwrap();
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].source, file.display().to_string());
    let errors = &got[0].structural_errors;
    assert!(
        errors
            .iter()
            .any(|e| e.to_string().contains("Unsupported value: \"strign\"")),
        "{errors:?}"
    );
}

#[test]
fn swagger2_document_with_ref_chains() {
    let path = fixture("widget-swagger.json");
    let got = load_path(&path).unwrap();
    // WidgetList (a list kind), Deployment and CustomResourceDefinition (built-in groups; the
    // latter's schema is recursive) and DeleteOptions (meta) are skipped.
    assert_eq!(
        gvks(&got),
        ["example.com/v1 Widget (com.example.v1.Widget)"]
    );
    let w = &got[0];
    assert_eq!(w.source, path.display().to_string());
    assert!(w.served && w.prune);
    assert!(w.structural_errors.is_empty(), "{:?}", w.structural_errors);
    let root = schema(w);
    assert_eq!(root.generic.type_, "object");
    assert!(!root.extensions.x_preserve_unknown_fields);
    // metadata was a reference to ObjectMeta: a plain object, as in a CRD.
    let meta = prop(root, &["metadata"]);
    assert_eq!(meta.generic.type_, "object");
    assert!(meta.properties.is_empty());
    let spec = prop(root, &["spec"]);
    assert_eq!(
        &*spec.generic.description,
        "WidgetSpec defines the desired state of Widget"
    );
    assert_eq!(
        prop(spec, &["size"]).generic.default.as_deref(),
        Some(&json!(1))
    );
    assert_eq!(
        prop(spec, &["color"]).generic.default.as_deref(),
        Some(&json!("blue"))
    );
    let port = spec.properties["ports"]
        .items
        .as_deref()
        .expect("ports.items");
    assert_eq!(
        prop(port, &["protocol"]).generic.default.as_deref(),
        Some(&json!("TCP"))
    );
    assert_eq!(port.generic.type_, "object");
    match spec.properties["labels"].additional_properties.as_ref() {
        Some(StructuralOrBool::Schema(s)) => assert_eq!(s.generic.type_, "string"),
        other => panic!("labels.additionalProperties: {other:?}"),
    }
    // swagger 2.0 publishing dropped the type of a nullable field: it keeps any value.
    let nick = prop(spec, &["nickname"]);
    assert!(nick.generic.nullable && nick.extensions.x_preserve_unknown_fields);
    assert!(prop(spec, &["config"]).extensions.x_preserve_unknown_fields);
}

#[test]
fn openapi_v3_yaml_document_with_allof_refs() {
    let path = fixture("gadget-v3.yaml");
    let got = load_path(&path).unwrap();
    assert_eq!(
        gvks(&got),
        ["example.com/v1 Gadget (com.example.v1.Gadget)"]
    );
    let g = &got[0];
    assert!(g.structural_errors.is_empty(), "{:?}", g.structural_errors);
    let root = schema(g);
    assert!(prop(root, &["metadata"]).properties.is_empty());
    let spec = prop(root, &["spec"]);
    assert_eq!(spec.generic.default.as_deref(), Some(&json!({})));
    assert_eq!(spec.generic.type_, "object");
    assert_eq!(
        prop(spec, &["replicas"]).generic.default.as_deref(),
        Some(&json!(2))
    );
    // YAML read as kubectl reads it: quoted 'on' is a string, plain off is false.
    assert_eq!(
        prop(spec, &["mode"]).generic.default.as_deref(),
        Some(&json!("on"))
    );
    assert_eq!(
        prop(spec, &["paused"]).generic.default.as_deref(),
        Some(&json!(false))
    );
    let template = prop(spec, &["template"]);
    assert!(template.extensions.x_embedded_resource);
    assert_eq!(template.generic.description.as_ref(), "an embedded object");
    assert!(prop(template, &["metadata"]).properties.is_empty());
    assert!(
        prop(template, &["spec"])
            .extensions
            .x_preserve_unknown_fields
    );
    assert!(prop(root, &["status", "phase"]).generic.nullable);
}

#[test]
fn ref_cycle_is_an_error_naming_the_cycle() {
    let path = fixture("cycle-swagger.yaml");
    let err = load_err(&path);
    assert_eq!(err.source_name, format!("{} (document 0)", path.display()));
    assert_eq!(
        err.field,
        "definitions[com.example.v1.Tree].properties[spec].properties[children].items"
    );
    assert_eq!(
        err.message,
        "$ref cycle: #/definitions/com.example.v1.TreeNode -> #/definitions/com.example.v1.TreeNode"
    );
}

#[test]
fn dangling_ref_is_an_error() {
    let path = fixture("dangling-v3.json");
    let err = load_err(&path);
    assert_eq!(err.source_name, path.display().to_string());
    assert_eq!(
        err.field,
        "components.schemas[com.example.v1.Gizmo].properties[spec]"
    );
    assert_eq!(
        err.message,
        "$ref \"#/components/schemas/com.example.v1.GizmoSpec\" points to nothing in this document"
    );
}

#[test]
fn crd_directory_is_walked_recursively_in_order() {
    let dir = fixture("crd-dir");
    let got = load_path(&dir).unwrap();
    assert_eq!(
        gvks(&got),
        [
            "example.com/v1 Gadget (gadgets.example.com)",
            "other.io/v2 Gizmo (gizmos.other.io)",
            "example.org/v1 Thing (things.example.org)",
            "example.com/v1 Widget (widgets.example.com)",
            "example.com/v1alpha1 Widget (widgets.example.com)",
        ]
    );
    let sources: Vec<_> = got.iter().map(|v| v.source.clone()).collect();
    let in_dir = |f: &str| dir.join(f).display().to_string();
    assert_eq!(
        sources,
        [
            in_dir("nested/gadgets.yml"),
            in_dir("nested/gadgets.yml"),
            in_dir("things.json"),
            in_dir("widgets.yaml"),
            in_dir("widgets.yaml"),
        ]
    );
    assert!(!got[4].served);
    // a CRD's plain `default: on` is true, as in the cluster
    let enabled = prop(schema(&got[3]), &["spec", "enabled"]);
    assert_eq!(enabled.generic.default.as_deref(), Some(&json!(true)));
}

#[test]
fn a_named_file_without_schemas_is_an_error() {
    let path = fixture("crd-dir/kustomization.yaml");
    let err = load_err(&path);
    assert_eq!(err.source_name, path.display().to_string());
    assert_eq!(
        err.message,
        "no CustomResourceDefinition, swagger 2.0 or OpenAPI v3 document in this file"
    );
}

#[test]
fn malformed_yaml_names_file_and_document() {
    let dir = fixture("bad-yaml");
    let err = load_err(&dir);
    assert_eq!(err.source_name, dir.join("crds.yaml").display().to_string());
    assert!(err.field.starts_with("document 1, line "), "{err}");
    assert!(err.message.starts_with("invalid YAML: "), "{err}");
}

#[test]
fn malformed_crd_names_file_document_and_field() {
    let dir = fixture("bad-crd");
    let err = load_err(&dir);
    let file = dir.join("crds.yaml").display().to_string();
    assert!(
        err.source_name.starts_with(&format!("{file} (document 1)")),
        "{err}"
    );
    assert!(err.field.contains("openAPIV3Schema"), "{err}");
    assert!(err.field.contains("properties"), "{err}");
}

#[test]
fn missing_path_is_an_error() {
    let path = fixture("no-such-dir");
    let err = load_err(&path);
    assert_eq!(err.source_name, path.display().to_string());
    assert!(err.message.starts_with("cannot read: "), "{err}");
}

/// File sources and CRDs among the items in one registry: the items win, with a warning.
#[test]
fn registry_prefers_items_over_loaded_files() {
    let mut reg = Registry::new();
    let files = load_path(&fixture("crd-dir")).unwrap();
    assert!(reg.add(files, false).is_empty());
    let mut item = load_path(&fixture("widget-swagger.json")).unwrap();
    item[0].source = "items".to_string();
    let warnings = reg.add(item, true);
    assert_eq!(
        warnings,
        [format!(
            "example.com/v1, Kind=Widget is defined twice: using com.example.v1.Widget from items, \
             ignoring widgets.example.com from {} (the CRD among the items wins)",
            fixture("crd-dir/widgets.yaml").display()
        )]
    );
    assert!(
        matches!(reg.lookup("example.com/v1", "Widget"), Lookup::Found(v) if v.source == "items")
    );
    assert!(matches!(
        reg.lookup("example.com/v1alpha1", "Widget"),
        Lookup::NotServed(_)
    ));
    assert!(matches!(
        reg.lookup("other.io/v2", "Gizmo"),
        Lookup::Found(_)
    ));
    assert!(matches!(
        reg.lookup("apps/v1", "Deployment"),
        Lookup::NotFound
    ));
}

/// A symbolic link back up the tree is walked once; a byte-order mark is not an error.
#[cfg(unix)]
#[test]
fn symlink_loops_and_byte_order_marks() {
    let dir = std::env::temp_dir().join(format!("crd-schema-fn-sources-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let crd = std::fs::read_to_string(fixture("crd-dir/things.json")).unwrap();
    std::fs::write(dir.join("sub/things.json"), format!("\u{feff}{crd}")).unwrap();
    std::os::unix::fs::symlink("..", dir.join("sub/loop")).unwrap();
    let got = load_path(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        gvks(&got.unwrap()),
        ["example.org/v1 Thing (things.example.org)"]
    );
}
