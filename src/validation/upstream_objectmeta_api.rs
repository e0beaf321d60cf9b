//! apimachinery's ObjectMeta validation tables (`k8s.io/apimachinery`, tag v0.36.3,
//! `pkg/api/validation/objectmeta_test.go`), ported as facts: each row's metadata and the
//! errors upstream expects, for the rows that apply to a custom resource as kube-apiserver
//! validates it.
//!
//! What the apiserver calls for a custom resource (apiserver `pkg/registry/rest`,
//! apiextensions-apiserver `pkg/registry/customresource`): on create, `ValidateObjectMetaAccessor`
//! with `NameIsDNSSubdomain` (the strategy's validator), then again with path-segment names when
//! that passed (`rest.BeforeCreate`); on update, after `rest.BeforeUpdate` has set the new
//! object's generation, and (when the old one has them) its creationTimestamp and
//! deletionTimestamp, to the old object's, and its deletionGracePeriodSeconds when the new one
//! has none: `ValidateObjectMetaAccessor` (path-segment names) and
//! `ValidateObjectMetaAccessorUpdate` (`validateCommonFields`), then
//! `ValidateObjectMetaAccessorUpdate` again (the strategy's `ValidateUpdate`).
//!
//! How a row runs here (objects `apiVersion: g.io/v1, kind: K` with the row's metadata, under
//! the schema `{type: object}`; upstream's path `field` is `metadata`, the errors are compared
//! rendered, in order):
//! - `TestValidateObjectMetaCustomName` (`ValidateObjectMeta` with a custom name function):
//!   [`super::objectmeta::validate`], our `ValidateObjectMetaAccessor`, with that function as
//!   the name rule, not namespaced, path `field` — it is the function the CR path calls, with
//!   its name rule as a parameter.
//! - Create rows (`validateObjectMetaAccessorWithOptsCommon`, `ValidateObjectMeta`,
//!   `ValidateAnnotations`): [`super::Validator::validate_value`] of the object, namespaced when
//!   the row passes `true` (the rows all name the object `test`: no name error; a row calling
//!   `ValidateAnnotations` alone runs as the annotations of such an object).
//! - Update rows (`ValidateObjectMetaUpdate(new, old)`): [`super::Validator::validate_update`] of
//!   the new object over the old one, cluster-scoped (no row has a namespace); as the apiserver
//!   gives `ValidateObjectMetaAccessorUpdate`'s errors twice, the row's errors are expected
//!   twice.
//!
//! Messages: where upstream checks a count or a substring, the row holds the full error the Go
//! function returns for it (`objectmeta.go`; `field.Error` rendering, json.Marshal of
//! `OwnerReference` with `controller` omitted only when nil; `%#v` of a `[]string`).
//! `TestValidateObjectMetaNamespaces`'s second case uses a random 64-character namespace of
//! letters and digits: a fixed one (mixed case) stands for it. `TestValidateFinalizersUpdate`'s
//! old and new objects have `DeletionTimestamp: &metav1.Time{}`, which a CR's JSON cannot hold
//! (a zero time encodes as `null`, read back as none): a real time stands for it (the object is
//! being deleted). `TestValidateObjectMetaUpdatePreventsDeletionFieldMutation` also checks that
//! validation leaves the new object as it was: not ported (ours takes the objects read-only).
//!
//! Ported: 45 rows of 57, in 9 of the file's 11 tests. Left out (12 rows):
//! - `TestValidateObjectMetaWithOptsName` (5 rows): `ValidateObjectMetaWithOpts` is never
//!   called for a custom resource (no counterpart here).
//! - Rows whose input `rest.BeforeUpdate` rewrites before validating, so that the apiserver
//!   never sees what the row tests (7 rows): `TestValidateObjectMetaUpdateIgnoresCreationTimestamp`
//!   (3: the creationTimestamp is the old object's whenever that has one, and a stored object
//!   always has one), `TestObjectMetaGenerationUpdate` `invalid generation change - decremented`
//!   (the generation is the old object's), and in
//!   `TestValidateObjectMetaUpdatePreventsDeletionFieldMutation` `invalid clear
//!   deletionTimestamp`, `invalid change deletionTimestamp` (the old object's is kept) and
//!   `invalid clear deletionGracePeriodSeconds` (the old one's is put back).
//!
//! Every ported row answers as upstream, except those listed in [`DIFFERENT`] (4: updates of
//! an old object being deleted, which an update here never starts from).

use super::objectmeta;
use super::tests::{root, validator, version};
use super::Validator;
use crate::schema::Subresources;
use crate::yaml::json::from_json;
use serde_json::{json, Value};

/// How a row runs.
enum Run {
    /// `objectmeta::validate` of the metadata, not namespaced, with the custom name rule.
    CustomName(Value),
    /// A create of an object with this metadata.
    Create { namespaced: bool, meta: Value },
    /// An update: the new object's metadata, the old one's (cluster-scoped).
    Update { new: Value, old: Value },
}

struct Row {
    test: &'static str,
    name: String,
    run: Run,
    /// The errors of the Go function the row calls (for an update, of one call), rendered.
    want: Vec<String>,
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// `TestValidateObjectMetaCustomName`'s name function.
fn test_or_wrong(s: &str, _prefix: bool) -> Vec<String> {
    match s {
        "test" => Vec::new(),
        _ => vec!["wrong value".to_string()],
    }
}

fn validator_of(namespaced: bool) -> Validator {
    validator(&version(
        &root("{type: object}"),
        namespaced,
        Subresources::default(),
    ))
}

fn object(meta: &Value) -> Value {
    json!({"apiVersion": "g.io/v1", "kind": "K", "metadata": meta})
}

/// Our errors for a row, rendered, and the errors upstream's answer means for it.
fn answer(r: &Row) -> (Vec<String>, Vec<String>) {
    let render = |errs: Vec<crate::field::FieldError>| -> Vec<String> {
        errs.iter().map(ToString::to_string).collect()
    };
    match &r.run {
        Run::CustomName(meta) => {
            let mut errs = Vec::new();
            if let super::data::Data::Object(m) = super::data::Data::of_value(meta) {
                objectmeta::validate(&m, false, test_or_wrong, "field", &mut errs);
            }
            (render(errs), r.want.clone())
        }
        Run::Create { namespaced, meta } => {
            let errs = validator_of(*namespaced).validate_value(&object(meta), |_| Vec::new());
            (render(errs), r.want.clone())
        }
        Run::Update { new, old } => {
            let (new, old) = (from_json(&object(new)), from_json(&object(old)));
            let errs = validator_of(false).validate_update(&new, &old, |_, _| Vec::new());
            let twice = r.want.iter().chain(&r.want).cloned().collect();
            (render(errs), twice)
        }
    }
}

fn custom(test: &'static str, name: &str, meta: Value, want: &[&str]) -> Row {
    Row {
        test,
        name: name.to_string(),
        run: Run::CustomName(meta),
        want: strings(want),
    }
}

fn create(test: &'static str, name: &str, namespaced: bool, meta: Value, want: &[&str]) -> Row {
    create_owned(test, name, namespaced, meta, strings(want))
}

fn create_owned(
    test: &'static str,
    name: &str,
    namespaced: bool,
    meta: Value,
    want: Vec<String>,
) -> Row {
    Row {
        test,
        name: name.to_string(),
        run: Run::Create { namespaced, meta },
        want,
    }
}

fn update(test: &'static str, name: &str, new: Value, old: Value, want: &[&str]) -> Row {
    Row {
        test,
        name: name.to_string(),
        run: Run::Update { new, old },
        want: strings(want),
    }
}

const CUSTOM: &str = "TestValidateObjectMetaCustomName";
const NAMESPACES: &str = "TestValidateObjectMetaNamespaces";
const OWNERS: &str = "TestValidateObjectMetaOwnerReferences";
const FINALIZERS_UPDATE: &str = "TestValidateFinalizersUpdate";
const CONFLICTING: &str = "TestValidateFinalizersPreventConflictingFinalizers";
const DELETION: &str = "TestValidateObjectMetaUpdatePreventsDeletionFieldMutation";
const GENERATION: &str = "TestObjectMetaGenerationUpdate";
const TRAILING_DASH: &str = "TestValidateObjectMetaTrimsTrailingDash";
const ANNOTATIONS: &str = "TestValidateAnnotations";

const LABEL_RE: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const NAME_PART_RE: &str = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const KEY_SLASHES: &str = "a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')";

/// `TotalAnnotationSizeLimitB`.
const LIMIT: usize = 256 * 1024;
/// Unix 1000 (the deletion rows' `now`; `later` is only in rows left out).
const NOW: &str = "1970-01-01T00:16:40Z";

fn custom_name_rows() -> Vec<Row> {
    let meta =
        |name: &str, generate_name: &str| json!({"name": name, "generateName": generate_name});
    let bad_name = r#"field.name: Invalid value: "invalid": wrong value"#;
    let bad_generate_name = r#"field.generateName: Invalid value: "invalid": wrong value"#;
    vec![
        custom(
            CUSTOM,
            "valid name, empty generateName",
            meta("test", ""),
            &[],
        ),
        custom(
            CUSTOM,
            "valid name and generateName",
            meta("test", "test"),
            &[],
        ),
        custom(
            CUSTOM,
            "invalid name, empty generateName",
            meta("invalid", ""),
            &[bad_name],
        ),
        custom(
            CUSTOM,
            "invalid name, valid generateName",
            meta("invalid", "test"),
            &[bad_name],
        ),
        custom(
            CUSTOM,
            "invalid name, invalid generateName",
            meta("invalid", "invalid"),
            &[bad_generate_name, bad_name],
        ),
    ]
}

fn namespace_rows() -> Vec<Row> {
    // Stands for upstream's 64 random letters and digits.
    let long = format!("{}X", "Ab1".repeat(21));
    vec![
        create(
            NAMESPACES,
            "foo.bar",
            true,
            json!({"name": "test", "namespace": "foo.bar"}),
            &[r#"metadata.namespace: Invalid value: "foo.bar": must not contain dots"#],
        ),
        create_owned(
            NAMESPACES,
            "64 random letters and digits",
            true,
            json!({"name": "test", "namespace": long}),
            vec![
                format!(
                    "metadata.namespace: Invalid value: \"{long}\": must be no more than 63 characters"
                ),
                format!("metadata.namespace: Invalid value: \"{long}\": {LABEL_RE}"),
            ],
        ),
    ]
}

fn owner_reference_rows() -> Vec<Row> {
    let meta = |refs: Value| json!({"name": "test", "namespace": "test", "ownerReferences": refs});
    let cr = |kind: &str, uid: &str, controller: Option<bool>| {
        let mut r = json!({"apiVersion": "customresourceVersion", "kind": kind, "name": "name", "uid": uid});
        if let Some(c) = controller {
            r["controller"] = json!(c);
        }
        r
    };
    let k = "customresourceKind";
    vec![
        create(
            OWNERS,
            "simple success - third party extension.",
            true,
            meta(json!([cr(k, "1", None)])),
            &[],
        ),
        create(
            OWNERS,
            "simple failures - event shouldn't be set as an owner",
            true,
            meta(json!([{"apiVersion": "v1", "kind": "Event", "name": "name", "uid": "1"}])),
            &[
                r#"metadata.ownerReferences: Invalid value: {"apiVersion":"v1","kind":"Event","name":"name","uid":"1"}: /v1, Kind=Event is disallowed from being an owner"#,
            ],
        ),
        create(
            OWNERS,
            "simple controller ref success - one reference with Controller set",
            true,
            meta(json!([
                cr(k, "1", Some(false)),
                cr(k, "2", Some(true)),
                cr(k, "3", Some(false)),
                cr(k, "4", None)
            ])),
            &[],
        ),
        create(
            OWNERS,
            "simple controller ref failure - two references with Controller set",
            true,
            meta(json!([
                cr("customresourceKind1", "1", Some(false)),
                cr("customresourceKind2", "2", Some(true)),
                cr("customresourceKind3", "3", Some(true)),
                cr("customresourceKind4", "4", None)
            ])),
            &[concat!(
                r#"metadata.ownerReferences: Invalid value: ["#,
                r#"{"apiVersion":"customresourceVersion","kind":"customresourceKind1","name":"name","uid":"1","controller":false},"#,
                r#"{"apiVersion":"customresourceVersion","kind":"customresourceKind2","name":"name","uid":"2","controller":true},"#,
                r#"{"apiVersion":"customresourceVersion","kind":"customresourceKind3","name":"name","uid":"3","controller":true},"#,
                r#"{"apiVersion":"customresourceVersion","kind":"customresourceKind4","name":"name","uid":"4"}]: "#,
                r#"Only one reference can have Controller set to true. Found "true" in references for customresourceKind2/name and customresourceKind3/name"#
            )],
        ),
    ]
}

fn finalizer_update_rows() -> Vec<Row> {
    let deleted = |f: &[&str]| json!({"name": "test", "resourceVersion": "1", "deletionTimestamp": NOW, "finalizers": f});
    let live = |f: &[&str]| json!({"name": "test", "resourceVersion": "1", "finalizers": f});
    vec![
        update(
            FINALIZERS_UPDATE,
            "invalid adding finalizers",
            deleted(&["x/a", "y/b"]),
            deleted(&["x/a"]),
            &[
                r#"metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"y/b"}"#,
            ],
        ),
        update(
            FINALIZERS_UPDATE,
            "invalid changing finalizers",
            deleted(&["x/b"]),
            deleted(&["x/a"]),
            &[
                r#"metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"x/b"}"#,
            ],
        ),
        update(
            FINALIZERS_UPDATE,
            "valid removing finalizers",
            deleted(&["x/a"]),
            deleted(&["x/a", "y/b"]),
            &[],
        ),
        update(
            FINALIZERS_UPDATE,
            "valid adding finalizers for objects not being deleted",
            live(&["x/a", "y/b"]),
            live(&["x/a"]),
            &[],
        ),
    ]
}

fn conflicting_finalizer_rows() -> Vec<Row> {
    vec![create(
        CONFLICTING,
        "conflicting finalizers",
        false,
        json!({"name": "test", "resourceVersion": "1", "finalizers": ["orphan", "foregroundDeletion"]}),
        &[
            r#"metadata.finalizers: Invalid value: ["orphan","foregroundDeletion"]: finalizer orphan and foregroundDeletion cannot be both set"#,
        ],
    )]
}

fn deletion_field_rows() -> Vec<Row> {
    let meta = |dt: Option<&str>, grace: Option<i64>| {
        let mut m = json!({"name": "test", "resourceVersion": "1"});
        if let Some(t) = dt {
            m["deletionTimestamp"] = json!(t);
        }
        if let Some(g) = grace {
            m["deletionGracePeriodSeconds"] = json!(g);
        }
        m
    };
    vec![
        update(
            DELETION,
            "valid without deletion fields",
            meta(None, None),
            meta(None, None),
            &[],
        ),
        update(
            DELETION,
            "valid with deletion fields",
            meta(Some(NOW), Some(30)),
            meta(Some(NOW), Some(30)),
            &[],
        ),
        update(
            DELETION,
            "invalid set deletionTimestamp",
            meta(Some(NOW), None),
            meta(None, None),
            &[
                r#"metadata.deletionTimestamp: Invalid value: "1970-01-01T00:16:40Z": field is immutable"#,
            ],
        ),
        update(
            DELETION,
            "invalid set deletionGracePeriodSeconds",
            meta(None, Some(30)),
            meta(None, None),
            &["metadata.deletionGracePeriodSeconds: Invalid value: 30: field is immutable"],
        ),
        update(
            DELETION,
            "invalid change deletionGracePeriodSeconds",
            meta(None, Some(40)),
            meta(None, Some(30)),
            &["metadata.deletionGracePeriodSeconds: Invalid value: 40: field is immutable"],
        ),
    ]
}

fn generation_rows() -> Vec<Row> {
    let meta = |g: i64| json!({"name": "test", "resourceVersion": "1", "generation": g});
    vec![
        update(
            GENERATION,
            "valid generation change - incremented by one",
            meta(2),
            meta(1),
            &[],
        ),
        update(
            GENERATION,
            "valid generation field - not updated",
            meta(5),
            meta(5),
            &[],
        ),
    ]
}

fn trailing_dash_rows() -> Vec<Row> {
    vec![create(
        TRAILING_DASH,
        "generateName foo-",
        false,
        json!({"name": "test", "generateName": "foo-"}),
        &[],
    )]
}

fn annotation_rows() -> Vec<Row> {
    let meta = |a: Value| json!({"name": "test", "annotations": a});
    let mut rows = Vec::new();
    for (i, key) in [
        "simple",
        "now-with-dashes",
        "1-starts-with-num",
        "1234",
        "simple/simple",
        "now-with-dashes/simple",
        "now-with-dashes/now-with-dashes",
        "now.with.dots/simple",
        "now-with.dashes-and.dots/simple",
        "1-num.2-num/3-num",
        "1234/5678",
        "1.2.3.4/5678",
        "UpperCase123",
    ]
    .iter()
    .enumerate()
    {
        let name = format!("success {i}: {key}");
        rows.push(create(
            ANNOTATIONS,
            &name,
            false,
            meta(json!({*key: "bar"})),
            &[],
        ));
    }
    rows.push(create(
        ANNOTATIONS,
        "success 13: a: b x (limit - 1)",
        false,
        meta(json!({"a": "b".repeat(LIMIT - 1)})),
        &[],
    ));
    rows.push(create(
        ANNOTATIONS,
        "success 14: a, c: (limit/2 - 1) each",
        false,
        meta(json!({"a": "b".repeat(LIMIT / 2 - 1), "c": "d".repeat(LIMIT / 2 - 1)})),
        &[],
    ));
    let key_error = |i: usize, key: &str, detail: &str| {
        let shown = match key.len() > 40 {
            true => format!("{:?}x{}", &key[..1], key.len()),
            false => key.to_string(),
        };
        create_owned(
            ANNOTATIONS,
            &format!("name error {i}: {shown}"),
            false,
            meta(json!({key: "bar"})),
            vec![format!(
                "metadata.annotations: Invalid value: \"{key}\": {detail}"
            )],
        )
    };
    rows.push(key_error(0, "nospecialchars^=@", NAME_PART_RE));
    rows.push(key_error(1, "cantendwithadash-", NAME_PART_RE));
    rows.push(key_error(2, "only/one/slash", KEY_SLASHES));
    rows.push(key_error(
        3,
        &"a".repeat(254),
        "name part must be no more than 63 bytes",
    ));
    let too_long = ["metadata.annotations: Too long: may not be more than 262144 bytes"];
    rows.push(create(
        ANNOTATIONS,
        "total size 0: a: b x limit",
        false,
        meta(json!({"a": "b".repeat(LIMIT)})),
        &too_long,
    ));
    rows.push(create(
        ANNOTATIONS,
        "total size 1: a, c: limit/2 each",
        false,
        meta(json!({"a": "b".repeat(LIMIT / 2), "c": "d".repeat(LIMIT / 2)})),
        &too_long,
    ));
    rows
}

fn rows() -> Vec<Row> {
    let mut all = custom_name_rows();
    all.extend(namespace_rows());
    all.extend(owner_reference_rows());
    all.extend(finalizer_update_rows());
    all.extend(conflicting_finalizer_rows());
    all.extend(deletion_field_rows());
    all.extend(generation_rows());
    all.extend(trailing_dash_rows());
    all.extend(annotation_rows());
    all
}

/// The rows that answer otherwise than upstream: (test, row name). All four start from an old
/// object being deleted, which an update here never does: the old object the apiserver holds
/// was stored by its create, and `BeforeCreate` cleared its deletion fields, as ours does (the
/// new object's deletion fields are then a change: `field is immutable`).
const DIFFERENT: &[(&str, &str)] = &[
    // Upstream: `metadata.finalizers: Forbidden: no new finalizers can be added if the object
    // is being deleted, found new finalizers []string{"y/b"}` (twice).
    (FINALIZERS_UPDATE, "invalid adding finalizers"),
    // Upstream: the same, `[]string{"x/b"}`.
    (FINALIZERS_UPDATE, "invalid changing finalizers"),
    // Upstream: no error (old and new have the same deletionTimestamp).
    (FINALIZERS_UPDATE, "valid removing finalizers"),
    // Upstream: no error (the same deletion fields).
    (DELETION, "valid with deletion fields"),
];

fn listed(r: &Row) -> bool {
    DIFFERENT.contains(&(r.test, r.name.as_str()))
}

#[test]
fn rows_answer_as_upstream() {
    let mut failed = Vec::new();
    for r in rows() {
        let (got, want) = answer(&r);
        let shown = |v: &[String]| -> Vec<String> {
            v.iter()
                .map(|s| match s.len() > 400 {
                    true => format!("{}…", s.chars().take(400).collect::<String>()),
                    false => s.clone(),
                })
                .collect()
        };
        println!(
            "{} / {}:\n  want {:?}\n  got  {:?}{}",
            r.test,
            r.name,
            shown(&want),
            shown(&got),
            if listed(&r) { " (DIFFERENT)" } else { "" }
        );
        if got != want && !listed(&r) {
            failed.push(format!(
                "{} / {}:\n  want {want:?}\n  got  {got:?}",
                r.test, r.name
            ));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// The row counts the module documentation gives.
#[test]
fn row_count() {
    assert_eq!(rows().len(), 45);
}

/// Each entry of `DIFFERENT` names a row that still answers otherwise than upstream.
#[test]
fn different_rows_still_differ() {
    let rows = rows();
    for (test, name) in DIFFERENT {
        let r = rows
            .iter()
            .find(|r| r.test == *test && r.name == *name)
            .expect("a row");
        let (got, want) = answer(r);
        assert_ne!(got, want, "{test} / {name} now answers as upstream");
    }
}
