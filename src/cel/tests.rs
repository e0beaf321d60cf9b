//! Table tests, one per feature: a schema with rules (YAML, converted as a CRD's), an object,
//! and the apiserver's messages for it (or the CRD errors of a rule it refuses).

use super::Compiled;
use crate::schema::convert::convert;
use crate::test_support::json_of;

/// The messages of `obj` against `schema`'s rules (the schema is a resource root).
fn run(schema: &str, obj: &str) -> Vec<String> {
    let c = compiled(schema);
    assert!(c.errors.is_empty(), "CRD errors: {:?}", c.errors);
    let mut out: Vec<String> = c
        .validate(&json_of(obj))
        .iter()
        .map(|e| e.to_string())
        .collect();
    out.sort();
    out
}

fn compiled(schema: &str) -> Compiled {
    let s = convert(&json_of(schema), "openAPIV3Schema").unwrap();
    Compiled::new(&s, "openAPIV3Schema")
}

/// The CRD errors of `schema`'s rules.
fn refused(schema: &str) -> Vec<String> {
    compiled(schema).texts()
}

/// A root schema with `spec` holding `props`, and `rules` on spec.
fn spec(props: &str, rules: &str) -> String {
    format!(
        "type: object\nproperties:\n  spec:\n    type: object\n    properties: {props}\n    x-kubernetes-validations: {rules}\n"
    )
}

const META: &str = "apiVersion: v1\nkind: K\nmetadata: {name: obj}\n";

fn obj(spec: &str) -> String {
    format!("{META}spec: {spec}\n")
}

#[test]
fn failing_rules_give_message_or_rule() {
    let s = spec(
        "{a: {type: integer}, b: {type: string}}",
        "[{rule: 'self.a > 1', message: ' a too small '}, {rule: 'self.b == \"x\"'}]",
    );
    assert_eq!(
        run(&s, &obj("{a: 1, b: y}")),
        [
            "spec: Invalid value: a too small",
            "spec: Invalid value: failed rule: self.b == \"x\"",
        ]
    );
    assert!(run(&s, &obj("{a: 2, b: x}")).is_empty());
}

#[test]
fn scalar_nodes_show_their_value() {
    let s = "type: object\nproperties:\n  spec:\n    type: object\n    properties:\n      num: {type: integer, x-kubernetes-validations: [{rule: 'self < 10', message: too big}]}\n      s: {type: string, x-kubernetes-validations: [{rule: 'self.startsWith(\"a\")', message: bad}]}\n";
    assert_eq!(
        run(s, &obj("{num: 12, s: b}")),
        [
            "spec.num: Invalid value: 12: too big",
            "spec.s: Invalid value: \"b\": bad"
        ]
    );
}

#[test]
fn escaped_property_names() {
    let s = spec(
        "{foo-bar: {type: string}, namespace: {type: string}, a.b: {type: string}, x/y: {type: string}, my__f: {type: string}, 1st: {type: string}}",
        "[{rule: 'self.foo__dash__bar == self.__namespace__ && self.a__dot__b == self.x__slash__y && self.my__underscores__f == \"m\"', message: differ}]",
    );
    assert!(run(
        &s,
        &obj("{foo-bar: a, namespace: a, a.b: c, x/y: c, my__f: m, 1st: z}")
    )
    .is_empty());
    assert_eq!(
        run(
            &s,
            &obj("{foo-bar: a, namespace: b, a.b: c, x/y: c, my__f: m}")
        ),
        ["spec: Invalid value: differ"]
    );
}

#[test]
fn libraries_of_the_1_36_environment() {
    let rules = [
        "self.s.lowerAscii() == 'abc' && self.s.split('B').size() == 2 && 'x%sy'.format(['-']) == 'x-y'",
        "self.s.indexOf('B') == 1 && self.s.substring(1) == 'Bc' && self.s.charAt(0) == 'a'",
        "self.l.isSorted() && self.l.sum() == 6 && self.l.max() == 3 && self.l.indexOf(2) == 1",
        "sets.contains(self.l, [1, 2]) && sets.intersects(self.l, [3, 9])",
        "self.s.find('[A-Z]') == 'B' && self.s.findAll('[a-z]').size() == 2 && self.s.matches('^a')",
        "url('https://h:8080/p?q=1').getHost() == 'h:8080' && isURL('/a') && !isURL('a')",
        "isIP('10.0.0.1') && ip('10.0.0.1').family() == 4 && cidr('10.0.0.0/8').containsIP(ip('10.1.2.3'))",
        "quantity('1Gi').isGreaterThan(quantity('500Mi')) && isQuantity('1k')",
        "semver('1.2.3').isLessThan(semver('1.10.0')) && isSemver('1.0.0')",
        "!format.dns1123Label().validate('ok-name').hasValue() && format.dns1123Label().validate('No').hasValue()",
        "optional.of(1).hasValue() && !optional.none().hasValue() && optional.none().orValue(5) == 5",
        "self.l.exists_one(x, x == 2) && self.l.exists(x, x > 2) && self.l.filter(x, x > 1).size() == 2 && self.l.map(x, x * 2)[2] == 6",
        "duration('1h30m') > duration('90s') && timestamp('2024-01-01T00:00:00Z') < timestamp('2025-01-01T00:00:00Z')",
        "type(self.s) == string && type(self.l) == list && dyn(self.l).size() == 3",
        "self.l.slice(1, 3) == [2, 3] && self.l.reverse() == [3, 2, 1] && lists.range(3) == [0, 1, 2]",
        "sign(quantity('-1')) == -1 && sign(quantity('0')) == 0 && self.l.first() == optional.of(1) && self.l.last().value() == 3",
        "optional.unwrap([optional.of(1), optional.none()]) == [1] && [optional.none(), optional.of(2)].unwrapOpt() == [2]",
        "optional.of(1) == optional.of(1) && optional.of(1) != optional.none() && optional.of(1) != optional.of(2) && self.l.first() != optional.of(2)",
        "self.l.existsOne(i, v, v == 2) && self.l.exists_one(i, v, i == 0) && !self.l.exists_one(i, v, v > 1)",
    ];
    for rule in rules {
        let s = spec(
            "{s: {type: string, maxLength: 16}, l: {type: array, maxItems: 16, items: {type: integer}}}",
            &format!("[{{rule: {:?}, message: failed}}]", rule),
        );
        assert!(run(&s, &obj("{s: aBc, l: [1, 2, 3]}")).is_empty(), "{rule}");
    }
}

#[test]
fn what_1_36_lacks_is_refused() {
    let cases = [
        (
            "math.greatest(1, 2) == 2",
            "undeclared reference to 'math' (in container '')",
        ),
        (
            "self.s.reverse() == 'x'",
            "found no matching overload for 'reverse' applied to 'string.()'",
        ),
        (
            "base64.encode(b'a') == 'YQ=='",
            "undeclared reference to 'encode'",
        ),
        ("self.nope == 1", "undefined field 'nope'"),
        (
            "other == 1",
            "undeclared reference to 'other' (in container '')",
        ),
        ("self.s", "cel expression must evaluate to a bool"),
        ("cel.bind(x, 1, x == 1)", "undeclared reference to 'bind'"),
    ];
    for (rule, want) in cases {
        let s = spec("{s: {type: string}}", &format!("[{{rule: {rule:?}}}]"));
        let errs = refused(&s);
        assert_eq!(errs.len(), 1, "{rule}: {errs:?}");
        assert!(errs[0].starts_with("openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule: Invalid value: {\"Rule\":"), "{}", errs[0]);
        assert!(errs[0].contains(want), "{rule}: {}", errs[0]);
    }
    let s = spec("{s: {type: string}}", "[{rule: 'self.nope == 1'}]");
    assert_eq!(
        refused(&s)[0],
        "openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule: Invalid value: {\"Rule\":\"self.nope == 1\",\"Message\":\"\",\"MessageExpression\":\"\",\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":null}: compilation failed: ERROR: <input>:1:5: undefined field 'nope'\n | self.nope == 1\n | ....^"
    );
}

#[test]
fn rule_fields_are_checked_like_the_apiserver() {
    let cases = [
        ("{rule: ' '}", ".rule: Required value: rule is not specified"),
        ("{rule: 'true', message: ' '}", ".message: Invalid value: \" \": must be non-empty if specified"),
        ("{rule: 'true', message: \"a\\nb\"}", ".message: Invalid value: \"a\\nb\": must not contain line breaks"),
        ("{rule: \"true &&\\ntrue\"}", ".message: Required value: message must be specified if rule contains line breaks"),
        ("{rule: 'true', reason: Bad}", ".reason: Unsupported value: \"Bad\": supported values: \"FieldValueDuplicate\", \"FieldValueForbidden\", \"FieldValueInvalid\", \"FieldValueRequired\""),
        ("{rule: 'true', fieldPath: .nope}", ".fieldPath: Invalid value: \".nope\": must be a valid path"),
        ("{rule: 'true', optionalOldSelf: true}", ".optionalOldSelf: Invalid value: true: may not be set if oldSelf is not used in rule"),
        ("{rule: 'true', messageExpression: 'self.nope'}", ".messageExpression: Invalid value: {\"Rule\":"),
        ("{rule: 'true', messageExpression: '1 + 2'}", ".messageExpression: Invalid value: {\"Rule\":\"true\",\"Message\":\"\",\"MessageExpression\":\"1 + 2\",\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":null}: messageExpression must evaluate to a string"),
        ("{rule: '1 + 2'}", ".rule: Invalid value: {\"Rule\":\"1 + 2\",\"Message\":\"\",\"MessageExpression\":\"\",\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":null}: cel expression must evaluate to a bool"),
    ];
    for (rule, want) in cases {
        let s = spec("{s: {type: string}}", &format!("[{rule}]"));
        let errs = refused(&s);
        let prefix = "openAPIV3Schema.properties[spec].x-kubernetes-validations[0]";
        assert!(
            errs.iter()
                .any(|e| e.starts_with(&format!("{prefix}{want}"))),
            "{rule}: {errs:?}"
        );
    }
}

/// What cel-go's program creation refuses after the check (`program instantiation failed:`):
/// a conversion of a constant that fails (`maybeOptimizeConstUnary`) and a constant pattern of
/// `find` or `findAll` that does not compile (the regex library's optimizations). The rule then
/// has no cost and its message expression is not compiled; `oldSelf` counts as used if the
/// rule uses it.
#[test]
fn program_creation_failures_refuse_the_rule() {
    let cases = [
        ("{rule: \"int('x') == 1\"}", vec!["[0].rule: Invalid value: {\"Rule\":\"int('x') == 1\",\"Message\":\"\",\"MessageExpression\":\"\",\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":null}: program instantiation failed: type conversion error from 'string' to 'int'"]),
        ("{rule: \"uint(-1) == 1u || string(b'\\\\xff') == ''\"}", vec!["[0].rule: Invalid value: {\"Rule\":\"uint(-1) == 1u || string(b'\\\\xff') == ''\",\"Message\":\"\",\"MessageExpression\":\"\",\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":null}: program instantiation failed: unsigned integer overflow"]),
        ("{rule: \"self.s.find('[') == ''\"}", vec!["[0].rule: Invalid value: {\"Rule\":\"self.s.find('[') == ''\",\"Message\":\"\",\"MessageExpression\":\"\",\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":null}: program instantiation failed: error parsing regexp: missing closing ]: `[`"]),
        ("{rule: \"self.s.findAll('(', 1) == []\", messageExpression: 'self.nope'}", vec!["[0].rule: Invalid value: {\"Rule\":\"self.s.findAll('(', 1) == []\",\"Message\":\"\",\"MessageExpression\":\"self.nope\",\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":null}: program instantiation failed: error parsing regexp: missing closing ): `(`"]),
        ("{rule: 'int(dyn(true)) == 1'}", vec!["[0].rule: Invalid value: {\"Rule\":\"int(dyn(true)) == 1\",\"Message\":\"\",\"MessageExpression\":\"\",\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":null}: program instantiation failed: no such overload: int(bool)"]),
        ("{rule: 'true', messageExpression: \"string(int('y'))\"}", vec!["[0].messageExpression: Invalid value: {\"Rule\":\"true\",\"Message\":\"\",\"MessageExpression\":\"string(int('y'))\",\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":null}: messageExpression instantiation failed: type conversion error from 'string' to 'int'"]),
        ("{rule: \"int('x') == 1\", optionalOldSelf: true}", vec![
            "[0].optionalOldSelf: Invalid value: true: may not be set if oldSelf is not used in rule",
            "[0].rule: Invalid value: {\"Rule\":\"int('x') == 1\",\"Message\":\"\",\"MessageExpression\":\"\",\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":true}: program instantiation failed: type conversion error from 'string' to 'int'",
        ]),
        ("{rule: \"oldSelf.value() == self || int('x') == 1\", optionalOldSelf: true}", vec!["[0].rule: Invalid value: {\"Rule\":\"oldSelf.value() == self || int('x') == 1\",\"Message\":\"\",\"MessageExpression\":\"\",\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":true}: program instantiation failed: type conversion error from 'string' to 'int'"]),
    ];
    let prefix = "openAPIV3Schema.properties[spec].x-kubernetes-validations";
    for (rule, want) in cases {
        let s = spec("{s: {type: string, maxLength: 8}}", &format!("[{rule}]"));
        let want: Vec<String> = want.iter().map(|w| format!("{prefix}{w}")).collect();
        assert_eq!(refused(&s), want, "{rule}");
    }
}

#[test]
fn old_self_in_an_atomic_list_is_refused() {
    let s = "type: object\nproperties:\n  l:\n    type: array\n    items:\n      type: object\n      properties: {a: {type: string}}\n      x-kubernetes-validations: [{rule: 'self == oldSelf'}]\n";
    assert_eq!(
        refused(s),
        ["openAPIV3Schema.properties[l].items.x-kubernetes-validations[0].rule: Invalid value: \"self == oldSelf\": oldSelf cannot be used on the uncorrelatable portion of the schema within openAPIV3Schema.properties[l]"]
    );
    let map_list = s.replace(
        "    items:",
        "    x-kubernetes-list-type: map\n    x-kubernetes-list-map-keys: [a]\n    items:",
    );
    assert!(refused(&map_list).is_empty());
}

#[test]
fn transition_rules_and_optional_old_self_on_create() {
    let s = spec(
        "{a: {type: string}}",
        "[{rule: 'self == oldSelf', message: immutable}, {rule: '!oldSelf.hasValue()', optionalOldSelf: true, message: never}, {rule: 'oldSelf.hasValue()', optionalOldSelf: true, message: on create}]",
    );
    assert_eq!(run(&s, &obj("{a: x}")), ["spec: Invalid value: on create"]);
}

#[test]
fn message_expression_and_its_fallback() {
    let s = spec(
        "{a: {type: integer}}",
        "[{rule: 'self.a > 5', messageExpression: '\"a is %d\".format([self.a])', message: m1}, {rule: 'self.a > 6', messageExpression: 'string(self.a / 0)', message: m2}, {rule: 'self.a > 7', messageExpression: '\"\"', message: m3}, {rule: 'self.a > 8', messageExpression: '\"x\\ny\"'}]",
    );
    assert_eq!(
        run(&s, &obj("{a: 1}")),
        [
            "spec: Invalid value: a is 1",
            "spec: Invalid value: failed rule: self.a > 8",
            "spec: Invalid value: m2",
            "spec: Invalid value: m3",
        ]
    );
}

#[test]
fn reasons_and_field_paths() {
    let s = "type: object\nproperties:\n  spec:\n    type: object\n    properties:\n      a: {type: string}\n      m: {type: object, additionalProperties: {type: string}}\n    x-kubernetes-validations:\n    - {rule: 'self.a != \"f\"', reason: FieldValueForbidden, message: no f, fieldPath: .a}\n    - {rule: 'self.a != \"r\"', reason: FieldValueRequired, message: need}\n    - {rule: 'self.a != \"d\"', reason: FieldValueDuplicate, message: dup, fieldPath: \"['a']\"}\n    - {rule: 'self.a != \"i\"', reason: FieldValueInvalid, message: inv, fieldPath: \".m['k.x']\"}\n  s:\n    type: string\n    x-kubernetes-validations: [{rule: 'self != \"d\"', reason: FieldValueDuplicate, message: dup}]\n";
    assert_eq!(run(s, &obj("{a: f}")), ["spec.a: Forbidden: no f"]);
    assert_eq!(run(s, &obj("{a: r}")), ["spec: Required value: need"]);
    assert_eq!(run(s, &obj("{a: d}")), ["spec.a: Duplicate value"]);
    assert_eq!(run(s, &obj("{a: i}")), ["spec.m[k.x]: Invalid value: inv"]);
    assert_eq!(
        run(s, &format!("{META}s: d\n")),
        ["s: Duplicate value: \"d\""]
    );
}

#[test]
fn runtime_errors_read_like_the_apiservers() {
    let s = spec(
        "{a: {type: string}, t: {type: string}, u: {type: string}, o: {type: object, properties: {x: {type: string}}}}",
        "[{rule: 'self.o.x == \"1\"', message: m1}, {rule: 'int(self.a) > 0', message: m2}, {rule: 'duration(self.t) > duration(\"1ms\")', message: m3}, {rule: 'url(self.u).getScheme() == \"https\"', message: m4}]",
    );
    assert_eq!(
        run(&s, &obj("{a: x, t: soon, u: host, o: {}}")),
        [
            "spec: Invalid value: \"object\": URL parse error during conversion from string: parse \"host\": invalid URI for request evaluating rule: m4",
            "spec: Invalid value: \"object\": no such key: x evaluating rule: m1",
            "spec: Invalid value: \"object\": type conversion error from 'string' to 'google.protobuf.Duration' evaluating rule: m3",
            "spec: Invalid value: \"object\": type conversion error from 'string' to 'int' evaluating rule: m2",
        ]
    );
}

/// `duration(int)` is declared in every cel-go the apiserver uses (`overloads.IntToDuration`,
/// `convertToType(DurationType)`), and `Int.ConvertToType` has no case for durations: a rule
/// that calls it on an int compiles and fails when it runs, called directly or through `dyn`.
#[test]
fn duration_of_an_int_compiles_and_fails_at_run_time() {
    let s = spec(
        "{i: {type: integer}}",
        "[{rule: 'duration(self.i) > duration(\"1s\")', message: m1}, {rule: 'duration(dyn(self.i)) > duration(\"1s\")', message: m2}]",
    );
    for version in crate::versions::KubeVersion::all() {
        let _v = crate::versions::enter(crate::versions::Behaviours::of(version));
        assert_eq!(
            run(&s, &obj("{i: 5}")),
            [
                "spec: Invalid value: \"object\": type conversion error from 'int' to 'google.protobuf.Duration' evaluating rule: m1",
                "spec: Invalid value: \"object\": type conversion error from 'int' to 'google.protobuf.Duration' evaluating rule: m2",
            ],
            "{version}"
        );
    }
}

#[test]
fn errors_are_absorbed_as_cel_go_does() {
    let s = spec(
        "{l: {type: array, items: {type: string}}, o: {type: object, properties: {x: {type: string}}}}",
        "[{rule: 'self.l.all(v, int(v) > 0)', message: m1}, {rule: 'self.o.x == \"a\" || true', message: m2}, {rule: 'size(self.o.x) > 0 || size(self.o.x) > 1', message: m3}]",
    );
    assert_eq!(
        run(&s, &obj("{l: [zz, '0'], o: {}}")),
        [
            "spec: Invalid value: \"object\": no such key: x evaluating rule: m3",
            "spec: Invalid value: m1",
        ]
    );
}

/// The macros carry errors as cel-go's expansions do: `exists_one` and `filter` keep the last
/// predicate error (`p ? r + 1 : r` gives the predicate's error; `r + 1` keeps the one held),
/// `map` the first (`r + [f]` gives the held error first).
#[test]
fn macros_carry_errors_as_cel_go_expands_them() {
    // The first element fails a conversion, the second divides by zero.
    let p = "(x == 0 ? int(self.s[x]) : 1 / (x - 1))";
    let rules = format!("[{{rule: 'self.l.exists_one(x, {p} > 0)', message: one}}, {{rule: 'self.l.filter(x, {p} > 0).size() == 0', message: filter}}, {{rule: 'self.l.map(x, {p}).size() == 0', message: map}}]");
    let s = spec(
        "{l: {type: array, maxItems: 4, items: {type: integer}}, s: {type: array, maxItems: 4, items: {type: string, maxLength: 4}}}",
        &rules,
    );
    let errs = run(&s, &obj("{l: [0, 1], s: [a, b]}"));
    assert_eq!(errs.len(), 3, "{errs:?}");
    let conversion = "type conversion error from 'string' to 'int'";
    let by = |m: &str| {
        errs.iter()
            .find(|e| e.ends_with(&format!("rule: {m}")))
            .cloned()
    };
    assert!(
        by("one").is_some_and(|e| e.contains("division by zero")),
        "{errs:?}"
    );
    assert!(
        by("filter").is_some_and(|e| e.contains("division by zero")),
        "{errs:?}"
    );
    assert!(
        by("map").is_some_and(|e| e.contains(conversion)),
        "{errs:?}"
    );
}

#[test]
fn unknown_fields_and_nullable_nulls_are_invisible() {
    let s = "type: object\nproperties:\n  spec:\n    type: object\n    x-kubernetes-preserve-unknown-fields: true\n    properties:\n      a: {type: string, nullable: true}\n    x-kubernetes-validations: [{rule: '!has(self.a)', message: visible}]\n";
    assert!(run(s, &obj("{a: null, extra: 1}")).is_empty());
    let unknown = s.replace("!has(self.a)", "has(self.extra)");
    assert!(refused(&unknown)[0].contains("undefined field 'extra'"));
}

#[test]
fn embedded_resources_show_only_type_and_object_meta() {
    let s = "type: object\nproperties:\n  spec:\n    type: object\n    properties:\n      t:\n        type: object\n        x-kubernetes-embedded-resource: true\n        x-kubernetes-preserve-unknown-fields: true\n    x-kubernetes-validations: [{rule: 'self.t.kind == \"Pod\" && self.t.metadata.name == \"p\"', message: m}]\n";
    assert!(run(
        s,
        &obj("{t: {apiVersion: v1, kind: Pod, metadata: {name: p, labels: {a: b}}}}")
    )
    .is_empty());
    let labels = s.replace("self.t.metadata.name", "self.t.metadata.labels.a");
    assert!(
        refused(&labels)[0].contains("undefined field 'labels'"),
        "{:?}",
        refused(&labels)
    );
    let root = "type: object\nx-kubernetes-validations: [{rule: 'self.metadata.name.startsWith(\"a\") && self.kind == \"K\"', message: m}]\nproperties: {spec: {type: object}}\n";
    assert_eq!(run(root, META), ["<nil>: Invalid value: m"]);
}

#[test]
fn formats_become_durations_timestamps_and_bytes() {
    let s = spec(
        "{d: {type: string, format: duration}, t: {type: string, format: date-time}, day: {type: string, format: date}, b: {type: string, format: byte}, num: {type: number}}",
        "[{rule: 'self.d < duration(\"1h\") && self.t > timestamp(\"2024-01-01T00:00:00Z\") && self.day.getFullYear() == 2025 && size(self.b) == 5 && self.num == 2.0', message: m}]",
    );
    assert!(
        run(
            &s,
            &obj("{d: 3d, t: '2024-05-01T10:00:00Z', day: '2025-02-03', b: aGVsbG8=, num: 2}")
        )
        .len()
            == 1
    );
    assert!(run(
        &s,
        &obj("{d: 30m, t: '2024-05-01T10:00:00Z', day: '2025-02-03', b: aGVsbG8=, num: 2}")
    )
    .is_empty());
}

/// kube-openapi reads `byte` with the URL-safe alphabet (validation's check takes the standard
/// one): a `+` or `/` fails when the rule reads the field, with Go's offset; `3 days` is a
/// strfmt duration.
#[test]
fn format_conversion_errors_surface_when_read() {
    let s = spec(
        "{b: {type: string, format: byte}, d: {type: string, format: duration}}",
        "[{rule: 'has(self.b) || self.d > duration(\"1h\")', message: m}, {rule: 'size(self.b) > 0'}]",
    );
    assert_eq!(
        run(&s, &obj("{b: 'a+b/', d: 3 days}")),
        ["spec: Invalid value: \"object\": Invalid byte formatted string a+b/: illegal base64 data at input byte 1 evaluating rule: size(self.b) > 0"]
    );
    assert!(run(&s, &obj("{b: 'a-b_', d: 3 days}")).is_empty());
    assert_eq!(run(&s, &obj("{d: 30m}")).len(), 2);
}

#[test]
fn int_or_string_is_dynamic() {
    let s = spec(
        "{p: {x-kubernetes-int-or-string: true, x-kubernetes-validations: [{rule: 'type(self) == int ? self > 0 : self.endsWith(\"%\")', message: bad}]}}",
        "[{rule: 'true'}]",
    );
    assert!(run(&s, &obj("{p: 3}")).is_empty());
    assert!(run(&s, &obj("{p: '50%'}")).is_empty());
    assert_eq!(
        run(&s, &obj("{p: '5'}")),
        ["spec.p: Invalid value: \"5\": bad"]
    );
}

#[test]
fn list_types_and_maps() {
    let s = spec(
        "{ports: {type: array, maxItems: 100, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [name], items: {type: object, properties: {name: {type: string, maxLength: 63}, port: {type: integer}}, x-kubernetes-validations: [{rule: 'self.port > 0', message: positive}]}}, tags: {type: array, x-kubernetes-list-type: set, items: {type: string}}, labels: {type: object, maxProperties: 100, additionalProperties: {type: string, maxLength: 63}}}",
        "[{rule: 'self.ports.all(p, p.name in self.labels) && self.tags.all(t, t.size() < 4) && self.labels.all(k, self.labels[k] != \"\")', message: m}]",
    );
    assert!(run(
        &s,
        &obj("{ports: [{name: a, port: 1}], tags: [x], labels: {a: v}}")
    )
    .is_empty());
    assert_eq!(
        run(
            &s,
            &obj("{ports: [{name: a, port: 0}, {name: b, port: 2}], tags: [x], labels: {a: v}}")
        ),
        [
            "spec.ports[0]: Invalid value: positive",
            "spec: Invalid value: m"
        ]
    );
}

#[test]
fn call_cost_limit_and_budget_stop_evaluation() {
    let s = spec(
        "{l: {type: array, maxItems: 100, items: {type: integer}}}",
        "[{rule: 'self.l.all(a, self.l.all(b, self.l.all(c, a + b + c >= 0)))', message: m}, {rule: 'false', message: never reached}]",
    );
    let big: Vec<String> = (0..120).map(|i| i.to_string()).collect();
    assert_eq!(
        run(&s, &obj(&format!("{{l: [{}]}}", big.join(", ")))),
        ["spec: Invalid value: \"object\": 'operation cancelled: actual cost limit exceeded': no further validation rules will be run due to call cost exceeds limit for rule: m"]
    );
    let many = spec(
        "{l: {type: array, maxItems: 100, items: {type: object, properties: {v: {type: integer}}, x-kubernetes-validations: [{rule: 'self.v >= 0', message: neg}]}}}",
        "[{rule: 'self.l.all(a, a.v >= 0)', message: m}]",
    );
    let items: Vec<String> = (0..20).map(|i| format!("{{v: {i}}}")).collect();
    let o = json_of(&obj(&format!("{{l: [{}]}}", items.join(", "))));
    let c = compiled(&many);
    // spec's rule costs 123 as cel-go counts it (`self.l`: 2; each of the 20 elements: 2 for
    // `@not_strictly_false(r)`, 1 for `r`, 3 for `a.v >= 0`; the result: 1), each item's 3:
    // of 150, 27 are left for 9 items.
    let msgs: Vec<String> = c
        .validate_with_limits(&o, 150, 1000)
        .iter()
        .map(|e| e.to_string())
        .collect();
    assert_eq!(msgs, ["spec.l[9]: Invalid value: \"object\": validation failed due to running out of cost budget, no further validation rules will be run"]);
    assert_eq!(c.validate_with_limits(&o, 122, 1000).len(), 1);
    assert_eq!(
        c.validate_with_limits(&o, 10_000, 122)[0].to_string(),
        "spec: Invalid value: \"object\": 'operation cancelled: actual cost limit exceeded': no further validation rules will be run due to call cost exceeds limit for rule: m"
    );
    assert!(c.validate_with_limits(&o, 10_000, 123).is_empty());
    assert!(c.validate_with_limits(&o, 10_000, 1000).is_empty());
}

#[test]
fn optionals_and_two_variable_comprehensions() {
    let s = spec(
        "{o: {type: object, properties: {x: {type: string}, p: {type: object, properties: {q: {type: integer}}}}}, l: {type: array, maxItems: 100, items: {type: integer}}, m: {type: object, maxProperties: 100, additionalProperties: {type: integer}}}",
        "[{rule: 'self.?o.?x.orValue(\"d\") == \"d\" && self.?o.p.q.orValue(7) == 7 && !self.?o.hasValue()', message: m1}, {rule: 'self.l.all(i, v, v > i) && self.m.exists(k, v, k == \"a\" && v == 1) && self.l.existsOne(i, v, i == 0)', message: m2}]",
    );
    assert_eq!(
        run(&s, &obj("{o: {}, l: [1, 2], m: {a: 1}}")),
        ["spec: Invalid value: m1"]
    );
    assert!(run(&s, &obj("{l: [1, 2], m: {a: 1}}")).is_empty());
    assert_eq!(
        run(&s, &obj("{l: [0, 2], m: {a: 1}}")),
        ["spec: Invalid value: m2"]
    );
}

#[test]
fn no_rule_is_compiled_at_or_above_a_schema_error() {
    // crd-validation item 267: a schema error elsewhere does not stop a node's rules from being
    // compiled (and costed); one at the node or below it does.
    let s = convert(
        &json_of(&spec("{a: {type: string}}", "[{rule: 'self.nope == 1'}]")),
        "R",
    )
    .unwrap();
    let errors = |fields: &[&str]| Compiled::beside_schema_errors(&s, "R", fields).texts();
    let undefined = "R.properties[spec].x-kubernetes-validations[0].rule: Invalid value";
    let elsewhere = errors(&["R.properties[status].type"]);
    assert!(
        elsewhere.len() == 1 && elsewhere[0].starts_with(undefined),
        "{elsewhere:?}"
    );
    let spec2 = errors(&["R.properties[spec2].type"]);
    assert!(
        spec2.len() == 1 && spec2[0].starts_with(undefined),
        "{spec2:?}"
    );
    assert!(errors(&["R.properties[spec].properties[a].type"]).is_empty());
    assert!(errors(&["R.properties[spec]"]).is_empty());
}

#[test]
fn rule_errors_name_the_node_whose_rules_they_are_of() {
    // The apiserver reports a `fieldPath` error beside any schema error; a rule's other errors
    // only where no schema error lies at its node or below it.
    let rules = "[{rule: 'self.nope == 1'}, {rule: 'true', fieldPath: .b}]";
    let s = convert(&json_of(&spec("{a: {type: string}}", rules)), "R").unwrap();
    let c = Compiled::new(&s, "R");
    let node = "R.properties[spec]";
    let sources: Vec<&super::Source> = c.errors.iter().map(|e| &e.source).collect();
    assert_eq!(
        sources,
        [&super::Source::Rule(node.into()), &super::Source::Schema],
        "{:?}",
        c.texts()
    );
    let [rule, field_path] = &c.errors[..] else {
        unreachable!()
    };
    assert_eq!(
        rule.error.field,
        format!("{node}.x-kubernetes-validations[0].rule")
    );
    assert_eq!(
        field_path.error.field,
        format!("{node}.x-kubernetes-validations[1].fieldPath")
    );
    for (fields, skipped) in [
        (&["R.properties[spec].properties[a].type"][..], true),
        (&["R.properties[spec]"], true),
        (&["R.properties[spec2].type"], false),
        (&["R.properties[status]", "R"], false),
    ] {
        assert_eq!(rule.skipped_beside(fields), skipped, "{fields:?}");
        assert!(!field_path.skipped_beside(fields), "{fields:?}");
    }
}

#[test]
fn only_an_expressions_own_cost_is_lifted_for_an_unchanged_schema() {
    let rule = "[{rule: \"self.l.all(x, self.l.all(y, x == y))\"}]";
    let s = convert(
        &json_of(&spec("{l: {type: array, items: {type: string}}}", rule)),
        "R",
    )
    .unwrap();
    let c = Compiled::new(&s, "R");
    let costly = |c: &Compiled| {
        c.errors
            .iter()
            .filter(|e| matches!(e.source, super::Source::ExpressionCost(_)))
            .count()
    };
    assert_eq!(costly(&c), 1, "{:?}", c.texts());
    let lifted = c.without_per_expression_cost();
    assert_eq!(costly(&lifted), 0, "{:?}", lifted.texts());
}

#[test]
fn a_syntax_error_is_worded_once_as_cel_go_words_it() {
    // crd-validation item 271: the parser already says `Syntax error:`; the prefix is not doubled.
    let s = spec("{s: {type: string}}", "[{rule: 'self.s =='}]");
    assert!(
        refused(&s)[0].ends_with("compilation failed: ERROR: <input>:1:10: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | self.s ==\n | .........^"),
        "{:?}",
        refused(&s)
    );
}

#[test]
fn int_and_double_equality_does_not_type_check() {
    let s = spec("{num: {type: number}}", "[{rule: 'self.num == 1'}]");
    assert!(
        refused(&s)[0].ends_with("compilation failed: ERROR: <input>:1:10: found no matching overload for '_==_' applied to '(double, int)'\n | self.num == 1\n | .........^"),
        "{:?}",
        refused(&s)
    );
    let ok = spec(
        "{num: {type: number}}",
        "[{rule: 'self.num == 1.0 && self.num > 0'}]",
    );
    assert!(run(&ok, &obj("{num: 1}")).is_empty());
}

#[test]
fn a_message_expression_out_of_cost_stops_evaluation() {
    let s = spec(
        "{l: {type: array, items: {type: integer}}}",
        "[{rule: 'false', messageExpression: 'self.l.map(x, string(x)).join(\",\")', message: m}, {rule: 'false', message: never reached}]",
    );
    let items: Vec<String> = (0..50).map(|i| i.to_string()).collect();
    let o = json_of(&obj(&format!("{{l: [{}]}}", items.join(", "))));
    let msgs: Vec<String> = compiled(&s)
        .validate_with_limits(&o, 10_000, 40)
        .iter()
        .map(|e| e.to_string())
        .collect();
    assert_eq!(msgs, ["spec: Invalid value: \"object\": no further validation rules will be run due to call cost exceeds limit for messageExpression: \"self.l.map(x, string(x)).join(\\\",\\\")\""]);
    let msgs: Vec<String> = compiled(&s)
        .validate_with_limits(&o, 10_000, 1000)
        .iter()
        .map(|e| e.to_string())
        .collect();
    assert_eq!(msgs[0], format!("spec: Invalid value: {}", items.join(",")));
}

#[test]
fn opt_map_and_opt_flat_map() {
    let s = spec(
        "{o: {type: object, properties: {x: {type: string}}}}",
        // A string reached through `.?` has no size bound for the cost estimate (as in cel-go):
        // `v + "!"` on it would cost too much; its size() costs one.
        "[{rule: 'self.?o.?x.optMap(v, v.size()).orValue(0) == 1', message: m1}, {rule: 'self.?o.optFlatMap(v, v.?x).hasValue()', message: m2}]",
    );
    assert!(run(&s, &obj("{o: {x: a}}")).is_empty());
    assert_eq!(
        run(&s, &obj("{o: {}}")),
        ["spec: Invalid value: m1", "spec: Invalid value: m2"]
    );
}

#[test]
fn transform_macros_of_1_36() {
    let s = spec(
        "{l: {type: array, maxItems: 100, items: {type: integer}}, m: {type: object, maxProperties: 100, additionalProperties: {type: integer}}}",
        "[{rule: 'self.l.transformList(i, v, v * 2) == [2, 4] && self.l.transformList(i, v, i > 0, v) == [2] && self.m.transformMap(k, v, v + 1)[\"a\"] == 2 && self.l.transformMapEntry(i, v, {string(v): i})[\"2\"] == 1', message: m}]",
    );
    assert!(run(&s, &obj("{l: [1, 2], m: {a: 1}}")).is_empty());
    let dup = spec(
        "{l: {type: array, maxItems: 100, items: {type: integer}}}",
        "[{rule: 'self.l.transformMapEntry(i, v, {\"k\": v}).size() > 0', message: m}]",
    );
    assert_eq!(
        run(&dup, &obj("{l: [1, 2]}")),
        ["spec: Invalid value: \"object\": insert failed: key k already exists evaluating rule: m"]
    );
    // Two keys of the entry already there: cel-go names the one Go's random map order reaches
    // first; here the first in key order, on every run (each map is hashed anew).
    let two = spec(
        "{l: {type: array, maxItems: 100, items: {type: integer}}}",
        "[{rule: 'self.l.transformMapEntry(i, v, {\"q\": v, \"b\": v, \"x\": v}).size() > 0', message: m}]",
    );
    for _ in 0..20 {
        assert_eq!(
            run(&two, &obj("{l: [1, 2]}")),
            ["spec: Invalid value: \"object\": insert failed: key b already exists evaluating rule: m"]
        );
    }
}

#[test]
fn matches_compiles_each_pattern_once_and_reports_a_bad_one() {
    let s = spec(
        "{s: {type: string, maxLength: 64}, p: {type: string, maxLength: 64}}",
        "[{rule: 'self.s.matches(self.p)', message: m}]",
    );
    // The same pattern on two objects (the second answer comes from the cache), and another.
    assert!(run(&s, &obj("{s: abc, p: '^a'}")).is_empty());
    assert_eq!(
        run(&s, &obj("{s: xbc, p: '^a'}")),
        ["spec: Invalid value: m"]
    );
    assert!(run(&s, &obj("{s: xbc, p: 'b'}")).is_empty());
    // Go's regexp syntax and error text.
    assert_eq!(
        run(&s, &obj("{s: abc, p: '(['}")),
        ["spec: Invalid value: \"object\": error parsing regexp: missing closing ]: `[` evaluating rule: m"]
    );
    assert!(run(&s, &obj("{s: a.b, p: '^\\Qa.b\\E$'}")).is_empty());
    assert_eq!(
        run(&s, &obj("{s: '\u{0663}', p: '^\\d$'}")),
        ["spec: Invalid value: m"]
    );
}

mod checker;
mod compilation;
mod cost_stability;
mod expressions;
mod ext_types;
mod interpreter;
mod library;
mod lists;
mod messages;
mod parse_errors;
mod parse_errors_runtime;
mod parse_errors_v022;
mod ratcheting;
mod rows;
mod runtime_cost;
mod runtime_cost_k8s_table;
mod schema_levels;
mod types;
mod values;
mod versions;

#[test]
fn every_type_error_of_a_rule_is_reported_in_source_order() {
    // cel-go's checker goes on after an error (the node typed as an error, which no later
    // check reports again) and displays its issues by line and column.
    let issues = |rule: &str| {
        let s = spec(
            "{s: {type: string}, i: {type: integer}}",
            &format!("[{{rule: {rule:?}}}]"),
        );
        let errs = refused(&s);
        assert_eq!(errs.len(), 1, "{rule}: {errs:?}");
        let (_, d) = errs[0]
            .split_once("compilation failed: ")
            .expect("a compile error");
        d.to_string()
    };
    assert_eq!(
        issues("self.a == self.b"),
        "ERROR: <input>:1:5: undefined field 'a'\n | self.a == self.b\n | ....^\n\
         ERROR: <input>:1:15: undefined field 'b'\n | self.a == self.b\n | ..............^"
    );
    // An error's node is dynamic: nothing above it is reported again.
    assert_eq!(
        issues("self.a.size() > 0 && other"),
        "ERROR: <input>:1:5: undefined field 'a'\n | self.a.size() > 0 && other\n | ....^\n\
         ERROR: <input>:1:22: undeclared reference to 'other' (in container '')\n | self.a.size() > 0 && other\n | .....................^"
    );
    // A qualified name no function has is a member call on an undeclared variable (the
    // apiserver's answer in ../shared/cel-library).
    assert_eq!(
        issues("math.greatest(self.i, 1) > 0"),
        "ERROR: <input>:1:1: undeclared reference to 'math' (in container '')\n | math.greatest(self.i, 1) > 0\n | ^\n\
         ERROR: <input>:1:14: undeclared reference to 'greatest' (in container '')\n | math.greatest(self.i, 1) > 0\n | .............^"
    );
    assert_eq!(
        issues("cel.bind(x, 1, x == 1)"),
        "ERROR: <input>:1:1: undeclared reference to 'cel' (in container '')\n | cel.bind(x, 1, x == 1)\n | ^\n\
         ERROR: <input>:1:9: undeclared reference to 'bind' (in container '')\n | cel.bind(x, 1, x == 1)\n | ........^\n\
         ERROR: <input>:1:10: undeclared reference to 'x' (in container '')\n | cel.bind(x, 1, x == 1)\n | .........^\n\
         ERROR: <input>:1:16: undeclared reference to 'x' (in container '')\n | cel.bind(x, 1, x == 1)\n | ...............^"
    );
    // Each occurrence at its own place.
    assert_eq!(
        issues("other == other"),
        "ERROR: <input>:1:1: undeclared reference to 'other' (in container '')\n | other == other\n | ^\n\
         ERROR: <input>:1:10: undeclared reference to 'other' (in container '')\n | other == other\n | .........^"
    );
    // The validators' findings (literal arguments, mixed literals) only without type errors;
    // a literal's first mismatch only.
    assert_eq!(
        issues("self.s.matches('[') && [1, 'a', 2.0] == []"),
        "ERROR: <input>:1:16: invalid matches argument\n | self.s.matches('[') && [1, 'a', 2.0] == []\n | ...............^\n\
         ERROR: <input>:1:28: expected type 'int' but found 'string'\n | self.s.matches('[') && [1, 'a', 2.0] == []\n | ...........................^"
    );
    // `duration(int)` checks, and the duration literal validator evaluates it: cel-go's
    // `Int.ConvertToType` has no case for durations, so an int literal is refused.
    assert_eq!(
        issues("duration(5) == duration('1s') || duration(-5) == duration(self.i)"),
        "ERROR: <input>:1:10: invalid duration argument\n | duration(5) == duration('1s') || duration(-5) == duration(self.i)\n | .........^\n\
         ERROR: <input>:1:43: invalid duration argument\n | duration(5) == duration('1s') || duration(-5) == duration(self.i)\n | ..........................................^"
    );
    assert_eq!(
        issues("self.s.matches('[') && self.x"),
        "ERROR: <input>:1:28: undefined field 'x'\n | self.s.matches('[') && self.x\n | ...........................^"
    );
}

#[test]
fn a_quantity_is_built_whatever_its_exponent_as_apimachinery_builds_it() {
    // ParseQuantity builds the exact amount of any exponent (here 5,029 digits at nano
    // units), `Add` aligns any two scales, and the exponent is read as an int64 then
    // converted to int32, wrapping (apimachinery v0.36.3, read).
    let rules = [
        "quantity('12345678901234567890e5000').isGreaterThan(quantity('1e5018'))",
        "quantity('1e5000').add(quantity('1')).isGreaterThan(quantity('1e5000'))",
        "quantity('1e5000').sub(quantity('1')).isLessThan(quantity('1e5000'))",
        "quantity('1e4294967296') == quantity('1') && quantity('2e4294967299') == quantity('2k')",
    ];
    for rule in rules {
        let s = spec(
            "{s: {type: string}}",
            &format!("[{{rule: {rule:?}, message: failed}}]"),
        );
        assert!(run(&s, &obj("{s: a}")).is_empty(), "{rule}");
    }
}
/// Values built by the interpreter (literals holding optionals, macros' results) are the
/// values cel-go builds.
#[test]
fn literals_and_macros_hold_values_as_cel_go_does() {
    for rule in [
        "{'a': optional.of(1)}['a'].hasValue()",
        "{'a': optional.of(1)}['a'].value() == 1",
        "[?optional.none(), 1] == [1]",
        "[?optional.of(2), 1] == [2, 1]",
        "{?'a': optional.of(1), ?'b': optional.none()} == {'a': 1}",
        "optional.of([1, 2]).value().size() == 2",
        "optional.of({'k': [1]}).value().k[0] == 1",
        "[optional.of(1)][0].value() == 1",
        "[1, 2].exists_one(x, x / 0 == 1) || true",
        "self.l.map(x, optional.of(x))[0].hasValue()",
        "dyn(self.l)[1] == 2",
        "self.l.sortBy(x, -x) == [3, 2, 1]",
        "optional.of(1).optMap(x, x + 1) == optional.of(2)",
        "optional.none().optMap(x, x + 1) == optional.none()",
        "self.l.transformList(i, v, v * 2) == [2, 4, 6]",
        "self.l.filter(x, x > 5).map(x, double(x)).sum() + 0.5 == 0.5",
        "self.l.filter(x, x > 5).map(x, duration('1s')).sum() + duration('1s') == duration('1s')",
        "self.l.map(x, x == 1 ? duration('1s') : duration('2s')).sum() == duration('5s')",
    ] {
        let s = spec(
            "{s: {type: string, maxLength: 16}, l: {type: array, maxItems: 16, items: {type: integer}}}",
            &format!("[{{rule: {:?}, message: failed}}]", rule),
        );
        let c = compiled(&s);
        assert!(c.errors.is_empty(), "{rule}: {:?}", c.errors);
        assert!(run(&s, &obj("{s: aBc, l: [1, 2, 3]}")).is_empty(), "{rule}");
    }
}

/// `x in [literals]` is cel-go's set lookup (built once when the rule is planned): numbers
/// match across types when they convert without loss, NaN is never in, other values are
/// compared with the list's items.
#[test]
fn membership_in_a_literal_list_is_cel_gos_set() {
    let s = |rule: &str| {
        spec(
            "{i: {type: integer}, d: {type: number}, s: {type: string, maxLength: 16}, l: {type: array, maxItems: 4, items: {type: integer}}}",
            &format!("[{{rule: {:?}, message: failed}}]", rule),
        )
    };
    let holds = [
        "self.i in [1, 2] && dyn(self.i) in [1.0] && dyn(self.i) in [1u] && !(dyn(self.i) in [1.5])",
        "dyn(self.d) in [2] && dyn(self.d) in [2u] && self.d in [2.0] && !(dyn(self.d) in [3])",
        "self.s in ['x', 'ab'] && !(self.s in ['a', 'b'])",
        "!(double('NaN') in [1.0, 2.0]) && -0.0 in [0.0] && 0.0 in [-0.0] && dyn(0) in [-0.0]",
        "9223372036854775807 in [9223372036854775807] && !(dyn(9223372036854775807) in [9223372036854775807.0])",
        "!(dyn(18446744073709551615u) in [18446744073709551615.0]) && true in [true] && !(self.l in [[2], [3]])",
    ];
    for rule in holds {
        let sp = s(rule);
        let c = compiled(&sp);
        assert!(c.errors.is_empty(), "{rule}: {:?}", c.errors);
        assert!(
            run(&sp, &obj("{i: 1, d: 2.0, s: ab, l: [1]}")).is_empty(),
            "{rule}"
        );
    }
}

/// A set list keeps its semantics wherever its type goes: through a conditional whose
/// branches are sets (cel-go binds `?:`'s type parameter to the first), a list literal of one
/// node's values, an optional's value: `[1, 2]` equals `[2, 1]` as the apiserver's set does.
#[test]
fn set_lists_keep_their_semantics_through_conditionals_and_containers() {
    for rule in [
        "(self.s.size() > 0 ? self.set : self.set) == [2, 1]",
        "(self.s.size() > 5 ? self.set : self.other) == [2, 1]",
        "[self.set][0] == [2, 1] && [self.set, self.set][1] == [2, 1]",
        "optional.of(self.set).value() == [2, 1]",
    ] {
        let s = spec(
            "{s: {type: string, maxLength: 16}, set: {type: array, maxItems: 4, x-kubernetes-list-type: set, items: {type: integer}}, other: {type: array, maxItems: 4, x-kubernetes-list-type: set, items: {type: integer}}}",
            &format!("[{{rule: {:?}, message: failed}}]", rule),
        );
        assert!(compiled(&s).errors.is_empty(), "{rule}");
        assert!(
            run(&s, &obj("{s: a, set: [1, 2], other: [1, 2]}")).is_empty(),
            "{rule}"
        );
        assert_eq!(
            run(&s, &obj("{s: a, set: [1, 3], other: [1, 3]}")),
            ["spec: Invalid value: failed"],
            "{rule}"
        );
    }
}
