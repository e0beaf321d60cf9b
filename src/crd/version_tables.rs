//! What the apiserver's own test tables say differently from one Kubernetes version to the
//! next, ported as facts: each case a version range, an input (a rule and an object, an update,
//! a rule's estimated cost, an object under a schema, a CRD update) and what that version's
//! upstream table expects, with its source (tag and test row). A case marked *derived* is not a
//! row of the version's table but what the change that added or changed the row implies for the
//! versions before it (the source names the code read).
//!
//! Compared, at apiextensions-apiserver v0.32.13, v0.33.13, v0.34.10, v0.35.7 and v0.36.3
//! (Kubernetes 1.32 to 1.36), and k8s.io/apiserver at the same tags:
//! - `pkg/apiserver/schema/cel/validation_test.go`: `'%e'` without narrow no-break spaces
//!   (1.33); the `ext lists version 3` row (1.34, the stored-expression environment); the
//!   value, not the schema type, as a failed rule's bad value in `TestValidationExpressionsAtSchemaLevels`
//!   and `TestRatcheting` (1.35); 1.36 only drops loop-variable copies.
//! - `compilation_test.go`: the `IntOrString type with quantity rule` row of `TestCostEstimation`
//!   (1.34), added with k8s.io/apiserver's `SchemaDeclType` bounding an int-or-string by its
//!   `maxLength` (`pkg/cel/common/schemas.go`, 1.34); otherwise environment refactors.
//! - `celcoststability_test.go`: `'%e'` (1.33); the estimated cost of `optMap` 17 → 18 (1.33,
//!   cel-go v0.23); rows added for 1.33's optional cases and 1.34's lists with no earlier
//!   expectation to compare; 1.36 only drops loop-variable copies.
//! - `pkg/apiserver/validation/validation_test.go`: failed rules' values (1.35); the
//!   `k8sShortName`/`k8sLongName` rows at compatibility version 1.34 (formats versioned in
//!   `formats.go`: a binary checks the formats of its compatibility version, its minor − 1);
//!   1.36's kube-openapi checking numeric formats and integer ranges (`Checked value must be of
//!   type integer (default format)`, the `numeric formats` rows).
//! - `pkg/apiserver/validation/ratcheting_test.go`: 1.36's `TestNumericFormatRatcheting` (an
//!   update, the int32 range ratcheted); otherwise a helper refactor.
//! - `pkg/apis/apiextensions/validation/validation_test.go`: the storedVersions message (1.33,
//!   already a row of `crate::versions`); bad values as JSON and reworded causes (1.34, rows of
//!   `crate::versions`; `status.storedVersions: Invalid value: []` cannot be reached through a
//!   create or update, which set the stored versions); too many unchanged selectable fields
//!   allowed on update (1.35, `findTooManySelectableFieldsAllowed`).
//! - `pkg/apiserver/schema/defaulting`, `pruning`: no change at all. `listtype`: a helper
//!   refactor (1.34). `objectmeta`: the tests only change fuzzing helpers; its code drops
//!   `must not be empty` from a missing embedded `apiVersion`/`kind` (1.34, derived case) and
//!   moves the path-segment check to another package with the same messages (1.36).
//! - `pkg/apiserver/schema/validation_test.go`: 1.36 lets `example` and `externalDocs` through
//!   the structural schema (for the published OpenAPI; no check changes).
//! - k8s.io/apiserver `pkg/cel/library/*_test.go`: semver's `normalize` argument (1.33, the
//!   library enters the environment in 1.33: `crate::versions`); `cost.go`'s guards on the
//!   target (1.34) follow cel-go v0.26 passing no target to a global function, cel-go v0.22
//!   and v0.23 always passed one: the same estimates. `pkg/cel/environment/base.go`: semver
//!   (1.33), lists version 3 (1.34), in `crate::versions`.
//!
//! The harness places an upstream schema under `spec` of a resource root where upstream's is
//! the validated node itself, so the paths of the expected texts start with `spec.`.
//!
//! Every case is answered as upstream at every version it names. The differences found (the
//! estimated cost of `optMap` 17 at 1.32, an int-or-string's `maxLength` bounding its size
//! from 1.34, kube-openapi's numeric checks from 1.36, `k8s-short-name`/`k8s-long-name` from
//! 1.35, selectable fields ratcheted from 1.35) are rows of [`crate::versions::ROWS`].

use crate::cel::preexisting::Preexisting;
use crate::cel::{estimated_cost, Compiled};
use crate::schema::convert::convert;
use crate::schema::Subresources;
use crate::test_support::is_cost_refusal;
use crate::test_support::json_of;
use crate::test_support::{version_schema, LISTS_V3};
use crate::validation::{Compiler, Validator};
use crate::versions::{enter, Behaviours, KubeVersion};
use serde_json::{json, Value};
use std::ops::RangeInclusive;

/// What is given to the version.
enum Input {
    /// `rule` on `spec` (whose properties are `props`), compiled as a new expression or, when
    /// `stored`, as one the CRD already held; the CRD's errors if it refuses the rule, else the
    /// messages of an object whose spec is `obj`.
    Rule {
        props: &'static str,
        rule: &'static str,
        obj: &'static str,
        stored: bool,
    },
    /// The rules of `root` (a resource root schema) on the update of `old` to `new`.
    Update {
        root: &'static str,
        old: &'static str,
        new: &'static str,
    },
    /// The estimated cost of `rule` on the node `schema` (not a resource root).
    Estimated {
        schema: &'static str,
        rule: &'static str,
    },
    /// A create's messages (OpenAPI, then CEL) for an object whose spec is `obj` under the
    /// spec schema `spec`.
    Object {
        spec: &'static str,
        obj: &'static str,
    },
    /// The CRD update checks of `old` to `new`.
    CrdUpdate { old: Value, new: Value },
}

/// What the version's table expects.
enum Expect {
    /// Exactly these texts (sorted).
    Exactly(Vec<String>),
    /// At least one text, each containing this.
    EachContains(&'static str),
    /// This estimated cost.
    Cost(u64),
}

struct Case {
    source: &'static str,
    minors: RangeInclusive<u8>,
    input: Input,
    expect: Expect,
}

fn exactly(texts: &[&str]) -> Expect {
    let mut v: Vec<String> = texts.iter().map(|s| s.to_string()).collect();
    v.sort();
    Expect::Exactly(v)
}

const NO_ERRORS: &[&str] = &[];

/// Sources of cases.
const INT_OR_STRING_MAX_LENGTH_33: &str =
    "derived: k8s.io/apiserver pkg/cel/common/schemas.go SchemaDeclType v0.33.13 bounds an int-or-string by the request size, not maxLength (the bound came with the compilation_test.go row in v0.34.10)";
const ANY_OF_35: &str =
    "validation/validation_test.go TestValidateCustomResource 'nullable, x-kubernetes-int-or-string and user-provided anyOf' 1.2 (v0.32.13 to v0.35.7)";
const ALL_OF_35: &str =
    "validation/validation_test.go TestValidateCustomResource 'nullable, x-kubernetes-int-or-string and user-provider allOf' 1.2 (v0.32.13 to v0.35.7)";
const INT32_35: &str =
    "derived: validation/formats.go v0.35.7 StripUnsupportedFormatsPostProcessorForVersion drops int32 (not a string format) and kube-openapi 589584f1c912 checks no range; the 'numeric formats invalid' row came in v0.36.3";
const FLOAT_35: &str =
    "derived: validation/formats.go v0.35.7 drops format float of a number; the 'numeric formats invalid' row came in v0.36.3";
const LONG_NAME_34: &str =
    "validation/formats_test.go TestGetUnrecognizedFormats 'unrecognized format with normalization' (k8s-long-name at compatibility 1.33, v0.34.10): binaries up to 1.34 (compatibility 1.33) strip the format (1.32: not in formats.go's list)";
const SHORT_NAME_34: &str =
    "validation/formats_test.go TestGetUnrecognizedFormats 'format introduced in later version' (k8s-short-name, v0.34.10): binaries up to 1.34 (compatibility 1.33) strip the format";
const SELECTABLE_34: &str =
    "derived: apis/apiextensions/validation/validation.go ValidateCustomResourceSelectableFields v0.34.10 has no ratcheting (findTooManySelectableFieldsAllowed came in v0.35.7)";

fn at(minor: u8) -> crate::versions::Entered {
    enter(Behaviours::of(KubeVersion::of_minor(minor).unwrap()))
}

fn spec_root(props: &str, rules: &Value) -> Value {
    json!({
        "type": "object",
        "properties": {
            "spec": {
                "type": "object",
                "properties": json_of(props),
                "x-kubernetes-validations": rules,
            }
        }
    })
}

fn resource(spec: &str) -> Value {
    json!({"apiVersion": "g.io/v1", "kind": "K", "metadata": {"name": "obj"}, "spec": json_of(spec)})
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// The answer of the version entered to `input`, as texts.
fn answer(input: &Input) -> Vec<String> {
    match input {
        Input::Rule {
            props,
            rule,
            obj,
            stored,
        } => {
            let mut r = json!({ "rule": rule });
            if rule.contains('\n') {
                r["message"] = json!("failed");
            }
            let root = spec_root(props, &json!([r]));
            let s = convert(&root, "openAPIV3Schema").unwrap();
            let c = match stored {
                true => {
                    let old =
                        json!({"spec": {"versions": [{"schema": {"openAPIV3Schema": root}}]}});
                    Compiled::on_update(&s, "openAPIV3Schema", &Preexisting::of_crd(&old))
                }
                false => Compiled::new(&s, "openAPIV3Schema"),
            };
            let refused: Vec<String> = c
                .texts()
                .into_iter()
                .filter(|t| !is_cost_refusal(t))
                .collect();
            if !refused.is_empty() {
                return refused;
            }
            let msgs = c.validate(&resource(obj));
            sorted(msgs.iter().map(ToString::to_string).collect())
        }
        Input::Update { root, old, new } => {
            let s = convert(&json_of(root), "openAPIV3Schema").unwrap();
            let c = Compiled::new(&s, "openAPIV3Schema");
            if !c.errors.is_empty() {
                return c.texts();
            }
            let msgs = c.validate_update(&json_of(new), &json_of(old));
            sorted(msgs.iter().map(ToString::to_string).collect())
        }
        Input::Estimated { schema, rule } => {
            let s = convert(&json_of(schema), "openAPIV3Schema").unwrap();
            match estimated_cost(&s, rule) {
                Ok(cost) => vec![cost.to_string()],
                Err(err) => vec![err],
            }
        }
        Input::Object { spec, obj } => {
            let root = json!({"type": "object", "properties": {"spec": json_of(spec)}});
            let schema = convert(&root, "openAPIV3Schema").unwrap();
            let rules = Compiled::new(&schema, "openAPIV3Schema");
            assert!(rules.errors.is_empty(), "{:?}", rules.texts());
            let compiled = Compiler::new().compile(&schema);
            let vs = version_schema(schema, true, Subresources::default());
            let v = Validator::new(&vs, compiled).unwrap();
            let errs = v.validate_value(&resource(obj), |o| rules.validate(o));
            sorted(errs.iter().map(ToString::to_string).collect())
        }
        Input::CrdUpdate { old, new } => sorted(
            crate::crd::check::validate_update(old, new)
                .iter()
                .map(ToString::to_string)
                .collect(),
        ),
    }
}

/// Why `got` is not what `expect` says, if it is not.
fn mismatch(expect: &Expect, got: &[String]) -> Option<String> {
    let ok = match expect {
        Expect::Exactly(want) => got == want.as_slice(),
        Expect::EachContains(s) => !got.is_empty() && got.iter().all(|t| t.contains(s)),
        Expect::Cost(c) => got == [c.to_string()],
    };
    (!ok).then(|| {
        let want = match expect {
            Expect::Exactly(w) => format!("{w:?}"),
            Expect::EachContains(s) => format!("each containing {s:?}"),
            Expect::Cost(c) => format!("cost {c}"),
        };
        format!("want {want}, got {got:?}")
    })
}

const LISTS_PROPS: &str =
    "{val1: {type: array, items: {type: integer}}, val2: {type: array, items: {type: integer}}}";
const LISTS_OBJ: &str = "{val1: [1, 2, 3], val2: [1, 2, 3]}";

const LISTS_V3_ERRORS: &[(&str, &str)] = &[
    (
        "[1,2,3,4].slice(3, 0) != [1,2]",
        "cannot slice(3, 0), start index must be less than or equal to end index",
    ),
    (
        "[1,2,3,4].slice(0, 10) != [1,2]",
        "cannot slice(0, 10), list is length 4",
    ),
    (
        "[1,2,3,4].slice(-5, 10) != [1,2]",
        "cannot slice(-5, 10), negative indexes not supported",
    ),
    (
        "[1,2,3,4].slice(-5, -3) != [1,2]",
        "cannot slice(-5, -3), negative indexes not supported",
    ),
    (
        "[[1],[2],[3,4]].flatten(-1) == [1,2,3,4]",
        "level must be non-negative evaluating rule: [[1],[2],[3,4]].flatten(-1) == [1,2,3,4]",
    ),
    (
        "[\"d\", 3, 2, \"c\"].sort() == [\"a\", \"b\", \"c\", \"d\"]",
        "expected type 'string' but found 'int'",
    ),
];

const OPTIONALS_SCHEMA: &str = "{type: object, properties: {obj: {type: object, properties: {field: {type: string}, absentField: {type: string}}}, m: {type: object, additionalProperties: {type: string}}, l: {type: array, items: {type: string}}}}";

const INT_OR_STRING_ANY_OF: &str = "{type: object, properties: {field: {nullable: true, x-kubernetes-int-or-string: true, anyOf: [{type: integer}, {type: string}]}}}";
const INT_OR_STRING_ALL_OF: &str = "{type: object, properties: {field: {nullable: true, x-kubernetes-int-or-string: true, allOf: [{anyOf: [{type: integer}, {type: string}]}]}}}";
const NUMERIC_FORMATS: &str = "{type: object, properties: {intThirtyTwo: {type: integer, format: int32}, intSixtyFour: {type: integer, format: int64}, floatThreeTwo: {type: number, format: float}, floatSixFour: {type: number, format: double}}}";

const TRANSITION_ROOT: &str = "{type: object, properties: {spec: {type: object, properties: {field: {type: string, x-kubernetes-validations: [{rule: 'self == oldSelf'}]}}}}}";
const LIST_MAP_TRANSITION_ROOT: &str = "{type: object, properties: {spec: {type: object, properties: {field: {type: array, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [k1, k2], items: {type: object, required: [k1, k2], properties: {k1: {type: string}, k2: {type: string}, v1: {type: number, x-kubernetes-validations: [{rule: 'self >= oldSelf'}]}}}}}}}}";
const NEVER_RATCHET_ROOT: &str = "{type: object, properties: {spec: {type: object, properties: {foo: {type: string, x-kubernetes-validations: [{rule: 'oldSelf != \"bar\" && self == \"baz\"', message: gotta be baz}]}}}}}";
const FIELD_PATH_ROOT: &str = "{type: object, properties: {spec: {type: object, x-kubernetes-validations: [{rule: 'self.foo == \"baz\"', message: gotta be baz, fieldPath: .foo}], properties: {bar: {type: string}, foo: {type: string}}}}}";
const TYPEMETA_ROOT: &str = "{type: object, properties: {apiVersion: {type: string, x-kubernetes-validations: [{rule: 'self == \"v1\"'}]}, kind: {type: string, x-kubernetes-validations: [{rule: 'self == \"Pod\"'}]}}}";

/// A v1 CRD of two versions whose schemas differ, the first with `fields` selectable fields
/// on its required string properties `a1`…`a<fields>`.
fn crd_with_selectable(fields: &[&str]) -> Value {
    let props: serde_json::Map<String, Value> = fields
        .iter()
        .map(|f| (f.to_string(), json!({"type": "string"})))
        .collect();
    let selectable: Vec<Value> = fields
        .iter()
        .map(|f| json!({"jsonPath": format!(".{f}")}))
        .collect();
    json!({
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "CustomResourceDefinition",
        "metadata": {"name": "plural.group.com"},
        "spec": {
            "group": "group.com",
            "scope": "Namespaced",
            "names": {"plural": "plural", "singular": "singular", "kind": "Plural", "listKind": "PluralList"},
            "versions": [
                {"name": "version", "served": true, "storage": true,
                 "schema": {"openAPIV3Schema": {"type": "object", "properties": props, "required": fields}},
                 "selectableFields": selectable},
                {"name": "version2", "served": true, "storage": false,
                 "schema": {"openAPIV3Schema": {"type": "object", "properties": {"foo": {"type": "integer"}}}}}
            ]
        },
        "status": {"storedVersions": ["version"]}
    })
}

fn cases() -> Vec<Case> {
    let mut out = vec![
        Case {
            source: "schema/cel/validation_test.go TestValidationExpressions 'string functions': '%e' with narrow no-break spaces (v0.32.13)",
            minors: 32..=32,
            input: Input::Rule {
                props: "{x: {type: string}}",
                rule: "'%e'.format([3.14]) == '3.140000\u{202f}×\u{202f}10⁰⁰'",
                obj: "{x: a}",
                stored: false,
            },
            expect: exactly(NO_ERRORS),
        },
        Case {
            source: "schema/cel/validation_test.go TestValidationExpressions 'string functions': '%e' without spaces (v0.33.13 to v0.36.3)",
            minors: 33..=36,
            input: Input::Rule {
                props: "{x: {type: string}}",
                rule: "'%e'.format([3.14]) == '3.140000×10⁰⁰'",
                obj: "{x: a}",
                stored: false,
            },
            expect: exactly(NO_ERRORS),
        },
        Case {
            source: "schema/cel/celcoststability_test.go TestCelEstimatedCostStability 'optionals' optMap: 17 (v0.32.13)",
            minors: 32..=32,
            input: Input::Estimated {
                schema: OPTIONALS_SCHEMA,
                rule: "optional.of('a').optMap(v, v == 'value').hasValue()",
            },
            expect: Expect::Cost(17),
        },
        Case {
            source: "schema/cel/celcoststability_test.go TestCelEstimatedCostStability 'optionals' optMap: 18 (v0.33.13 to v0.36.3)",
            minors: 33..=36,
            input: Input::Estimated {
                schema: OPTIONALS_SCHEMA,
                rule: "optional.of('a').optMap(v, v == 'value').hasValue()",
            },
            expect: Expect::Cost(18),
        },
        Case {
            source: "schema/cel/compilation_test.go TestCostEstimation 'IntOrString type with quantity rule' calc maxLength (v0.34.10 to v0.36.3; derived for v0.32.13, v0.33.13)",
            minors: 32..=36,
            input: Input::Estimated {
                schema: "{x-kubernetes-int-or-string: true}",
                rule: "isQuantity(self)",
            },
            expect: Expect::Cost(314574),
        },
        Case {
            source: "schema/cel/compilation_test.go TestCostEstimation 'IntOrString type with quantity rule' set maxLength 20 (v0.34.10 to v0.36.3)",
            minors: 34..=36,
            input: Input::Estimated {
                schema: "{x-kubernetes-int-or-string: true, maxLength: 20}",
                rule: "isQuantity(self)",
            },
            expect: Expect::Cost(9),
        },
        Case {
            source: INT_OR_STRING_MAX_LENGTH_33,
            minors: 32..=33,
            input: Input::Estimated {
                schema: "{x-kubernetes-int-or-string: true, maxLength: 20}",
                rule: "isQuantity(self)",
            },
            expect: Expect::Cost(314574),
        },
        Case {
            source: "schema/cel/validation_test.go TestValidationExpressionsAtSchemaLevels 'failing rule under escaped field name' (v0.32.13 to v0.34.10)",
            minors: 32..=34,
            input: Input::Rule {
                props: "{f/2: {type: object, properties: {m: {type: integer}}, x-kubernetes-validations: [{rule: 'self.m == 2'}]}}",
                rule: "true",
                obj: "{f/2: {m: 1}}",
                stored: false,
            },
            expect: Expect::EachContains("Invalid value: \"object\": failed rule: self.m == 2"),
        },
        Case {
            source: "schema/cel/validation_test.go TestValidationExpressionsAtSchemaLevels 'failing rule under escaped field name' (v0.35.7, v0.36.3)",
            minors: 35..=36,
            input: Input::Rule {
                props: "{f/2: {type: object, properties: {m: {type: integer}}, x-kubernetes-validations: [{rule: 'self.m == 2'}]}}",
                rule: "true",
                obj: "{f/2: {m: 1}}",
                stored: false,
            },
            expect: Expect::EachContains("Invalid value: failed rule: self.m == 2"),
        },
        Case {
            source: "validation/validation_test.go TestValidateCustomResource 'validation rule under non-correlatable field' (v0.32.13 to v0.34.10)",
            minors: 32..=34,
            input: Input::Object {
                spec: "{type: object, properties: {field: {type: array, items: {type: object, properties: {x: {type: string, x-kubernetes-validations: [{rule: \"self == 'x'\"}]}}}}}}",
                obj: "{field: [{x: 'y'}]}",
            },
            expect: exactly(&["spec.field[0].x: Invalid value: \"string\": failed rule: self == 'x'"]),
        },
        Case {
            source: "validation/validation_test.go TestValidateCustomResource 'validation rule under non-correlatable field' (v0.35.7, v0.36.3)",
            minors: 35..=36,
            input: Input::Object {
                spec: "{type: object, properties: {field: {type: array, items: {type: object, properties: {x: {type: string, x-kubernetes-validations: [{rule: \"self == 'x'\"}]}}}}}}",
                obj: "{field: [{x: 'y'}]}",
            },
            expect: exactly(&["spec.field[0].x: Invalid value: \"y\": failed rule: self == 'x'"]),
        },
        Case {
            source: "validation/validation_test.go TestValidateCustomResource 'immutability transition rule' (v0.32.13 to v0.34.10)",
            minors: 32..=34,
            input: Input::Update {
                root: TRANSITION_ROOT,
                old: "{spec: {field: x}}",
                new: "{spec: {field: 'y'}}",
            },
            expect: exactly(&["spec.field: Invalid value: \"string\": failed rule: self == oldSelf"]),
        },
        Case {
            source: "validation/validation_test.go TestValidateCustomResource 'immutability transition rule' (v0.35.7, v0.36.3)",
            minors: 35..=36,
            input: Input::Update {
                root: TRANSITION_ROOT,
                old: "{spec: {field: x}}",
                new: "{spec: {field: 'y'}}",
            },
            expect: exactly(&["spec.field: Invalid value: \"y\": failed rule: self == oldSelf"]),
        },
        Case {
            source: "validation/validation_test.go TestValidateCustomResource 'correlatable transition rule' (v0.32.13 to v0.34.10)",
            minors: 32..=34,
            input: Input::Update {
                root: LIST_MAP_TRANSITION_ROOT,
                old: "{spec: {field: [{k1: a, k2: b, v1: 1.0}]}}",
                new: "{spec: {field: [{k1: a, k2: b, v1: 0.9}]}}",
            },
            expect: exactly(&["spec.field[0].v1: Invalid value: \"number\": failed rule: self >= oldSelf"]),
        },
        Case {
            source: "validation/validation_test.go TestValidateCustomResource 'correlatable transition rule' (v0.35.7, v0.36.3)",
            minors: 35..=36,
            input: Input::Update {
                root: LIST_MAP_TRANSITION_ROOT,
                old: "{spec: {field: [{k1: a, k2: b, v1: 1.0}]}}",
                new: "{spec: {field: [{k1: a, k2: b, v1: 0.9}]}}",
            },
            expect: exactly(&["spec.field[0].v1: Invalid value: 0.9: failed rule: self >= oldSelf"]),
        },
        Case {
            source: "schema/cel/validation_test.go TestRatcheting 'transition rules never ratchet for correlatable schemas' (v0.32.13 to v0.34.10)",
            minors: 32..=34,
            input: Input::Update {
                root: NEVER_RATCHET_ROOT,
                old: "{spec: {foo: bar}}",
                new: "{spec: {foo: bar}}",
            },
            expect: exactly(&["spec.foo: Invalid value: \"string\": gotta be baz"]),
        },
        Case {
            source: "schema/cel/validation_test.go TestRatcheting 'transition rules never ratchet for correlatable schemas' (v0.35.7, v0.36.3)",
            minors: 35..=36,
            input: Input::Update {
                root: NEVER_RATCHET_ROOT,
                old: "{spec: {foo: bar}}",
                new: "{spec: {foo: bar}}",
            },
            expect: exactly(&["spec.foo: Invalid value: \"bar\": gotta be baz"]),
        },
        Case {
            source: "schema/cel/validation_test.go TestRatcheting 'changing field path does not change ratcheting logic' (v0.32.13 to v0.34.10)",
            minors: 32..=34,
            input: Input::Update {
                root: FIELD_PATH_ROOT,
                old: "{spec: {foo: bar}}",
                new: "{spec: {foo: bar, bar: invalid}}",
            },
            expect: exactly(&["spec.foo: Invalid value: \"object\": gotta be baz"]),
        },
        Case {
            source: "schema/cel/validation_test.go TestRatcheting 'changing field path does not change ratcheting logic' (v0.35.7, v0.36.3)",
            minors: 35..=36,
            input: Input::Update {
                root: FIELD_PATH_ROOT,
                old: "{spec: {foo: bar}}",
                new: "{spec: {foo: bar, bar: invalid}}",
            },
            expect: exactly(&["spec.foo: Invalid value: gotta be baz"]),
        },
        Case {
            source: "schema/cel/validation_test.go TestRatcheting 'typemeta fields are not ratcheted' (v0.32.13 to v0.34.10)",
            minors: 32..=34,
            input: Input::Update {
                root: TYPEMETA_ROOT,
                old: "{apiVersion: v2, kind: Baz}",
                new: "{apiVersion: v2, kind: Baz}",
            },
            expect: exactly(&[
                "apiVersion: Invalid value: \"string\": failed rule: self == \"v1\"",
                "kind: Invalid value: \"string\": failed rule: self == \"Pod\"",
            ]),
        },
        Case {
            source: "schema/cel/validation_test.go TestRatcheting 'typemeta fields are not ratcheted' (v0.35.7, v0.36.3)",
            minors: 35..=36,
            input: Input::Update {
                root: TYPEMETA_ROOT,
                old: "{apiVersion: v2, kind: Baz}",
                new: "{apiVersion: v2, kind: Baz}",
            },
            expect: exactly(&[
                "apiVersion: Invalid value: \"v2\": failed rule: self == \"v1\"",
                "kind: Invalid value: \"Baz\": failed rule: self == \"Pod\"",
            ]),
        },
        Case {
            source: ANY_OF_35,
            minors: 32..=35,
            input: Input::Object {
                spec: INT_OR_STRING_ANY_OF,
                obj: "{field: 1.2}",
            },
            expect: exactly(&[
                "<nil>: Invalid value: \"\": \"spec.field\" must validate at least one schema (anyOf)",
                "spec.field: Invalid value: \"number\": spec.field in body must be of type integer,string: \"number\"",
                "spec.field: Invalid value: \"number\": spec.field in body must be of type integer: \"number\"",
            ]),
        },
        Case {
            source: "validation/validation_test.go TestValidateCustomResource 'nullable, x-kubernetes-int-or-string and user-provided anyOf' 1.2 (v0.36.3)",
            minors: 36..=36,
            input: Input::Object {
                spec: INT_OR_STRING_ANY_OF,
                obj: "{field: 1.2}",
            },
            expect: exactly(&[
                "<nil>: Invalid value: \"\": \"spec.field\" must validate at least one schema (anyOf)",
                "spec.field: Invalid value: \"number\": spec.field in body must be of type integer,string: \"number\"",
                "spec.field: Invalid value: \"number\": spec.field in body must be of type integer: \"number\"",
                "<nil>: Invalid value: \"\": Checked value must be of type integer (default format) in spec.field",
            ]),
        },
        Case {
            source: ALL_OF_35,
            minors: 32..=35,
            input: Input::Object {
                spec: INT_OR_STRING_ALL_OF,
                obj: "{field: 1.2}",
            },
            expect: exactly(&[
                "<nil>: Invalid value: \"\": \"spec.field\" must validate all the schemas (allOf). None validated",
                "<nil>: Invalid value: \"\": \"spec.field\" must validate at least one schema (anyOf)",
                "spec.field: Invalid value: \"number\": spec.field in body must be of type integer,string: \"number\"",
                "spec.field: Invalid value: \"number\": spec.field in body must be of type integer: \"number\"",
            ]),
        },
        Case {
            source: "validation/validation_test.go TestValidateCustomResource 'nullable, x-kubernetes-int-or-string and user-provider allOf' 1.2 (v0.36.3)",
            minors: 36..=36,
            input: Input::Object {
                spec: INT_OR_STRING_ALL_OF,
                obj: "{field: 1.2}",
            },
            expect: exactly(&[
                "<nil>: Invalid value: \"\": \"spec.field\" must validate all the schemas (allOf). None validated",
                "<nil>: Invalid value: \"\": \"spec.field\" must validate at least one schema (anyOf)",
                "spec.field: Invalid value: \"number\": spec.field in body must be of type integer,string: \"number\"",
                "spec.field: Invalid value: \"number\": spec.field in body must be of type integer: \"number\"",
                "<nil>: Invalid value: \"\": Checked value must be of type integer (default format) in spec.field",
            ]),
        },
        Case {
            source: "validation/validation_test.go TestValidateCustomResource 'numeric formats valid' (v0.36.3)",
            minors: 36..=36,
            input: Input::Object {
                spec: NUMERIC_FORMATS,
                obj: "{intThirtyTwo: 2147483647, intSixtyFour: 9223372036854775807, floatThreeTwo: 3.4028234663852886e+38, floatSixFour: 1.7976931348623157e+308}",
            },
            expect: exactly(NO_ERRORS),
        },
        Case {
            source: "validation/validation_test.go TestValidateCustomResource 'numeric formats valid' minimums (v0.36.3)",
            minors: 36..=36,
            input: Input::Object {
                spec: NUMERIC_FORMATS,
                obj: "{intThirtyTwo: -2147483648, intSixtyFour: -9223372036854775808, floatThreeTwo: -3.4028234663852886e+38, floatSixFour: -1.7976931348623157e+308}",
            },
            expect: exactly(NO_ERRORS),
        },
        Case {
            source: "validation/validation_test.go TestValidateCustomResource 'numeric formats invalid' int32 + 1 (v0.36.3)",
            minors: 36..=36,
            input: Input::Object {
                spec: NUMERIC_FORMATS,
                obj: "{intThirtyTwo: 2147483648}",
            },
            expect: exactly(&["<nil>: Invalid value: \"\": Checked value must be of type integer with format int32 in spec.intThirtyTwo"]),
        },
        Case {
            source: "validation/validation_test.go TestValidateCustomResource 'numeric formats invalid' int32 - 1 (v0.36.3)",
            minors: 36..=36,
            input: Input::Object {
                spec: NUMERIC_FORMATS,
                obj: "{intThirtyTwo: -2147483649}",
            },
            expect: exactly(&["<nil>: Invalid value: \"\": Checked value must be of type integer with format int32 in spec.intThirtyTwo"]),
        },
        Case {
            source: "validation/validation_test.go TestValidateCustomResource 'numeric formats invalid' int64 * 1.1 (v0.36.3)",
            minors: 36..=36,
            input: Input::Object {
                spec: NUMERIC_FORMATS,
                obj: "{intSixtyFour: 1.0145709240540254e+19}",
            },
            expect: exactly(&[
                "spec.intSixtyFour: Invalid value: \"float64\": spec.intSixtyFour in body must be of type int64: \"float64\"",
                "<nil>: Invalid value: \"\": Checked value must be of type integer with format int64 in spec.intSixtyFour",
            ]),
        },
        Case {
            source: "validation/validation_test.go TestValidateCustomResource 'numeric formats invalid' float * 1.1 (v0.36.3)",
            minors: 36..=36,
            input: Input::Object {
                spec: NUMERIC_FORMATS,
                obj: "{floatThreeTwo: 3.7431058130238175e+38}",
            },
            expect: exactly(&["<nil>: Invalid value: \"\": Checked value must be of type number with format float in spec.floatThreeTwo"]),
        },
        Case {
            source: INT32_35,
            minors: 32..=35,
            input: Input::Object {
                spec: NUMERIC_FORMATS,
                obj: "{intThirtyTwo: 2147483648}",
            },
            expect: exactly(NO_ERRORS),
        },
        Case {
            source: FLOAT_35,
            minors: 32..=35,
            input: Input::Object {
                spec: NUMERIC_FORMATS,
                obj: "{floatThreeTwo: 3.7431058130238175e+38}",
            },
            expect: exactly(NO_ERRORS),
        },
        Case {
            source: "validation/validation_test.go TestValidateCustomResource 'k8sShortName' at compatibility version 1.34 (v0.34.10 to v0.36.3; binaries 1.35, 1.36)",
            minors: 35..=36,
            input: Input::Object {
                spec: "{type: object, properties: {fieldX: {type: string, format: k8s-short-name}}}",
                obj: "{fieldX: a-}",
            },
            expect: exactly(&["spec.fieldX: Invalid value: \"a-\": spec.fieldX in body must be of type k8s-short-name: \"a-\""]),
        },
        Case {
            source: "validation/validation_test.go TestValidateCustomResource 'k8sLongName' at compatibility version 1.34 (v0.34.10 to v0.36.3; binaries 1.35, 1.36)",
            minors: 35..=36,
            input: Input::Object {
                spec: "{type: object, properties: {fieldX: {type: string, format: k8s-long-name}}}",
                obj: "{fieldX: a.-}",
            },
            expect: exactly(&["spec.fieldX: Invalid value: \"a.-\": spec.fieldX in body must be of type k8s-long-name: \"a.-\""]),
        },
        Case {
            source: LONG_NAME_34,
            minors: 32..=34,
            input: Input::Object {
                spec: "{type: object, properties: {fieldX: {type: string, format: k8s-long-name}}}",
                obj: "{fieldX: a.-}",
            },
            expect: exactly(NO_ERRORS),
        },
        Case {
            source: SHORT_NAME_34,
            minors: 32..=34,
            input: Input::Object {
                spec: "{type: object, properties: {fieldX: {type: string, format: k8s-short-name}}}",
                obj: "{fieldX: a-}",
            },
            expect: exactly(NO_ERRORS),
        },
        Case {
            source: "derived: schema/objectmeta/validation.go validateEmbeddedResource v0.33.13 (Required 'must not be empty'; no detail from v0.34.10)",
            minors: 32..=33,
            input: Input::Object {
                spec: "{type: object, properties: {e: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}}}",
                obj: "{e: {}}",
            },
            expect: exactly(&[
                "spec.e.apiVersion: Required value: must not be empty",
                "spec.e.kind: Required value: must not be empty",
            ]),
        },
        Case {
            source: "derived: schema/objectmeta/validation.go validateEmbeddedResource v0.34.10 to v0.36.3",
            minors: 34..=36,
            input: Input::Object {
                spec: "{type: object, properties: {e: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}}}",
                obj: "{e: {}}",
            },
            expect: exactly(&["spec.e.apiVersion: Required value", "spec.e.kind: Required value"]),
        },
    ];
    let nine = ["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9"];
    let other = ["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "different"];
    out.push(Case {
        source: "apis/apiextensions/validation/validation_test.go TestValidateCustomResourceDefinitionUpdate 'ratcheting: too many selectableFields are allowed if existing CRD has same selectableFields' (v0.35.7, v0.36.3)",
        minors: 35..=36,
        input: Input::CrdUpdate {
            old: crd_with_selectable(&nine),
            new: crd_with_selectable(&nine),
        },
        expect: exactly(NO_ERRORS),
    });
    out.push(Case {
        source: SELECTABLE_34,
        minors: 32..=34,
        input: Input::CrdUpdate {
            old: crd_with_selectable(&nine),
            new: crd_with_selectable(&nine),
        },
        expect: Expect::EachContains(
            "spec.versions[0].selectableFields: Too many: 9: must have at most 8 item",
        ),
    });
    out.push(Case {
        source: "apis/apiextensions/validation/validation_test.go TestValidateCustomResourceDefinitionUpdate 'ratcheting: too many selectableFields are not allowed if existing CRD has different selectableFields' (v0.35.7, v0.36.3)",
        minors: 35..=36,
        input: Input::CrdUpdate {
            old: crd_with_selectable(&other),
            new: crd_with_selectable(&nine),
        },
        expect: Expect::EachContains("spec.versions[0].selectableFields: Too many: 9: must have at most 8 item"),
    });
    for rule in LISTS_V3 {
        out.push(Case {
            source: "schema/cel/validation_test.go TestValidationExpressions 'ext lists version 3' valid, stored expressions (v0.34.10 to v0.36.3)",
            minors: 34..=36,
            input: Input::Rule {
                props: LISTS_PROPS,
                rule,
                obj: LISTS_OBJ,
                stored: true,
            },
            expect: exactly(NO_ERRORS),
        });
    }
    for (rule, text) in LISTS_V3_ERRORS {
        out.push(Case {
            source: "schema/cel/validation_test.go TestValidationExpressions 'ext lists version 3' errors, stored expressions (v0.34.10 to v0.36.3)",
            minors: 34..=36,
            input: Input::Rule {
                props: LISTS_PROPS,
                rule,
                obj: LISTS_OBJ,
                stored: true,
            },
            expect: Expect::EachContains(text),
        });
    }
    out
}

/// A case's name in messages: its source, and its rule if it has one.
fn label(case: &Case) -> String {
    match &case.input {
        Input::Rule { rule, .. } => format!("{} {rule:?}", case.source),
        _ => case.source.to_string(),
    }
}

#[test]
fn every_version_answers_as_its_upstream_table() {
    let (mut checked, mut wrong) = (0, Vec::new());
    for case in cases() {
        for minor in case.minors.clone() {
            let _v = at(minor);
            checked += 1;
            if let Some(m) = mismatch(&case.expect, &answer(&case.input)) {
                wrong.push(format!("1.{minor} [{}]: {m}", label(&case)));
            }
        }
    }
    eprintln!("{checked} (case, version) pairs checked");
    for w in &wrong {
        eprintln!("{w}");
    }
    assert!(wrong.is_empty(), "{} differ", wrong.len());
}
