//! What differs by Kubernetes version in CEL rules ([`crate::versions`]): the declarations a
//! new rule may use (the compatibility version's environment), the bad value of a failed rule,
//! `%e` in `format()`, `lastIndexOf` on an empty string, backtick names, the macros'
//! accumulator, and rules printed with Go's `%#v` in CRD errors.

use super::{compiled, obj, spec};
use crate::test_support::json_of;
use crate::versions::{enter, Behaviours, KubeVersion};

fn at(minor: u8) -> crate::versions::Entered {
    enter(Behaviours::of(KubeVersion::of_minor(minor).unwrap()))
}

/// Per rule: the first version whose apiserver accepts it in a new CRD (the library enters
/// the environment one version before: the compatibility version is the binary's − 1).
#[test]
fn a_new_rule_may_use_what_the_compatibility_version_declares() {
    let cases = [
        ("self.nums.slice(0, 1).size() == 1", 35),
        ("self.nums.sort() == self.nums", 35),
        ("lists.range(2).size() == 2", 35),
        ("self.nums.sortBy(x, -x).size() > 0", 35),
        ("self.nums.distinct().size() > 0", 35),
        ("isSemver(self.ver)", 34),
        ("semver(self.ver).major() == 1", 34),
        ("self.tags.transformMap(k, v, v + '!').size() < 3", 33),
        ("self.nums.all(i, v, v > i)", 33),
        ("self.nums.last().hasValue()", 33),
        ("self.nums.first().hasValue()", 33),
        // The optional library's version 2 (cel-go v0.23) brought these too.
        ("optional.unwrap([optional.of(1)]) == [1]", 33),
        (
            "[optional.none(), optional.of(self.nums[0])].unwrapOpt().size() == 1",
            33,
        ),
        // cel-go v0.23's standard macro `existsOne` (v0.22: `exists_one` only).
        ("self.nums.existsOne(x, x > 1)", 33),
        ("self.nums.exists_one(x, x > 1)", 32),
        // `duration(int)`: declared by every cel-go the apiserver uses.
        ("duration(self.nums[0]) > duration('1s')", 32),
        ("self.nums.exists(x, x > 1)", 32),
        ("self.ver.matches('^v')", 32),
        // `net.IP`, `net.CIDR`: variables of the IP and CIDR libraries in 1.32, registered
        // types (`cel.Types`) in every version.
        (
            "type(ip(self.ver)) == net.IP && type(cidr(self.ver)) != net.IP && net.CIDR != net.IP",
            32,
        ),
    ];
    let props = "{nums: {type: array, maxItems: 10, items: {type: integer}}, ver: {type: string, maxLength: 10}, tags: {type: object, maxProperties: 10, additionalProperties: {type: string, maxLength: 10}}}";
    for (rule, since) in cases {
        let schema = spec(
            props,
            &format!("[{{rule: {}}}]", serde_json::to_string(rule).unwrap()),
        );
        for minor in 32..=36u8 {
            let _v = at(minor);
            let errors = compiled(&schema).errors;
            assert_eq!(
                errors.is_empty(),
                minor >= since,
                "1.{minor}: {rule}: {errors:?}"
            );
        }
    }
}

#[test]
fn undeclared_functions_and_macros_are_named_as_cel_go_names_them() {
    let props = "{nums: {type: array, items: {type: integer}}, tags: {type: object, additionalProperties: {type: string}}}";
    let schema = spec(props, "[{rule: 'self.nums.slice(0, 1).size() == 1'}]");
    let _v = at(34);
    assert_eq!(
        compiled(&schema).texts(),
        ["openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule: Invalid value: {\"Rule\":\"self.nums.slice(0, 1).size() == 1\",\"Message\":\"\",\"MessageExpression\":\"\",\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":null}: compilation failed: ERROR: <input>:1:16: undeclared reference to 'slice' (in container '')\n | self.nums.slice(0, 1).size() == 1\n | ...............^"]
    );
    drop(_v);
    let schema = spec(
        props,
        "[{rule: \"self.tags.transformMap(k, v, v + '!').size() < 3\"}]",
    );
    let _v = at(32);
    assert_eq!(
        compiled(&schema).texts(),
        ["openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule: Invalid value: apiextensions.ValidationRule{Rule:\"self.tags.transformMap(k, v, v + '!').size() < 3\", Message:\"\", MessageExpression:\"\", Reason:(*apiextensions.FieldValueErrorReason)(nil), FieldPath:\"\", OptionalOldSelf:(*bool)(nil)}: compilation failed: ERROR: <input>:1:23: undeclared reference to 'transformMap' (in container '')\n | self.tags.transformMap(k, v, v + '!').size() < 3\n | ......................^\nERROR: <input>:1:24: undeclared reference to 'k' (in container '')\n | self.tags.transformMap(k, v, v + '!').size() < 3\n | .......................^\nERROR: <input>:1:27: undeclared reference to 'v' (in container '')\n | self.tags.transformMap(k, v, v + '!').size() < 3\n | ..........................^\nERROR: <input>:1:30: undeclared reference to 'v' (in container '')\n | self.tags.transformMap(k, v, v + '!').size() < 3\n | .............................^"]
    );
}

/// Up to 1.34 a failed rule's bad value is its node's schema type.
#[test]
fn the_bad_value_of_a_failed_rule_per_version() {
    let schema = spec(
        "{name: {type: string, x-kubernetes-validations: [{rule: 'self == \"a\"', message: mm}]}}",
        "[{rule: 'self.name == \"b\"', message: nn}]",
    );
    let o = json_of(&obj("{name: x}"));
    for (minor, want) in [
        (
            34,
            [
                "spec.name: Invalid value: \"string\": mm",
                "spec: Invalid value: \"object\": nn",
            ],
        ),
        (
            35,
            [
                "spec.name: Invalid value: \"x\": mm",
                "spec: Invalid value: nn",
            ],
        ),
    ] {
        let _v = at(minor);
        let mut got: Vec<String> = compiled(&schema)
            .validate(&o)
            .iter()
            .map(ToString::to_string)
            .collect();
        got.sort();
        assert_eq!(got, want, "1.{minor}");
    }
}

/// golang.org/x/text up to 1.32's: narrow no-break spaces around `×`.
#[test]
fn percent_e_per_version() {
    let schema = spec(
        "{num: {type: number}}",
        "[{rule: 'self.num < 1.0', messageExpression: \"'%e'.format([self.num])\"}]",
    );
    let o = json_of(&obj("{num: 1.5}"));
    for (minor, want) in [
        (
            32,
            "spec: Invalid value: \"object\": 1.500000\u{202f}×\u{202f}10⁰⁰",
        ),
        (33, "spec: Invalid value: \"object\": 1.500000×10⁰⁰"),
        (36, "spec: Invalid value: 1.500000×10⁰⁰"),
    ] {
        let _v = at(minor);
        let c = compiled(&schema);
        assert!(c.errors.is_empty(), "{:?}", c.errors);
        let got: Vec<String> = c.validate(&o).iter().map(ToString::to_string).collect();
        assert_eq!(got, [want], "1.{minor}");
    }
}

#[test]
fn last_index_of_on_an_empty_string_per_version() {
    // cel-go v0.26 (1.34) finds no longer substring without a search; before, the search began
    // at the empty receiver's last character, -1.
    let schema = spec(
        "{s: {type: string, maxLength: 8}}",
        "[{rule: \"self.s.lastIndexOf('@@') == -1\"}]",
    );
    let o = json_of(&obj("{s: ''}"));
    let failed = "spec: Invalid value: \"object\": index out of range: -1 evaluating rule: self.s.lastIndexOf('@@') == -1";
    for (minor, want) in [
        (32, vec![failed]),
        (33, vec![failed]),
        (34, vec![]),
        (36, vec![]),
    ] {
        let _v = at(minor);
        let c = compiled(&schema);
        assert!(c.errors.is_empty(), "{:?}", c.errors);
        let got: Vec<String> = c.validate(&o).iter().map(ToString::to_string).collect();
        assert_eq!(got, want, "1.{minor}");
    }
}

/// 1.32's cel-go (v0.22) has no `existsOne(x, p)` macro: the call is of an undeclared member
/// function, its arguments checked where it is (a variable bound outside it is known).
#[test]
fn exists_one_is_a_call_of_an_undeclared_function_in_1_32() {
    let props = "{nums: {type: array, maxItems: 10, items: {type: integer}}}";
    let rule = "self.nums.existsOne(n, n > 1) || self.nums.all(x, self.nums.existsOne(x, x == 1))";
    let schema = spec(
        props,
        &format!("[{{rule: {}}}]", serde_json::to_string(rule).unwrap()),
    );
    let _v = at(32);
    let texts = compiled(&schema).texts();
    assert_eq!(texts.len(), 1, "{texts:?}");
    let (_, detail) = texts[0].split_once("compilation failed: ").unwrap();
    let caret = |col: usize| format!(" | {rule}\n | {}^", ".".repeat(col - 1));
    let undeclared = |col: usize, name: &str| {
        format!(
            "ERROR: <input>:1:{col}: undeclared reference to '{name}' (in container '')\n{}",
            caret(col)
        )
    };
    let want = [
        undeclared(20, "existsOne"),
        undeclared(21, "n"),
        undeclared(24, "n"),
        undeclared(70, "existsOne"),
    ]
    .join("\n");
    assert_eq!(detail, want);
    drop(_v);
    // From 1.33 it is the macro.
    let _v = at(33);
    assert!(compiled(&schema).texts().is_empty());
}

/// `net.IP` and `net.CIDR` evaluate alike in every version (1.32's variables and the types
/// registered from 1.33 are the same type values), `%s` writing their names.
#[test]
fn ip_and_cidr_type_names_evaluate_in_every_version() {
    let rule = "type(ip('1.2.3.4')) == net.IP && type(cidr('10.0.0.0/8')) == net.CIDR && !(net.IP == net.CIDR) && '%s'.format([net.IP]) == 'net.IP'";
    let schema = spec(
        "{x: {type: string}}",
        &format!("[{{rule: {}}}]", serde_json::to_string(rule).unwrap()),
    );
    for minor in 32..=36u8 {
        let _v = at(minor);
        assert!(compiled(&schema).errors.is_empty(), "1.{minor}");
        let errs = super::run(&schema, &obj("{x: a}"));
        assert!(errs.is_empty(), "1.{minor}: {errs:?}");
    }
}

/// cel-go v0.23's costs (1.33): the estimate sizes an optional of a scalar (v0.22: no size, the
/// comparison's cost unbounded), an index into a built list by its entries (v0.22: `@items`
/// read from the rule's node, here an object's 0), `dyn(x)` as `x` (v0.22: no size), and
/// `cel.bind`'s and `optMap`'s variable as what it is bound to.
#[test]
fn costs_per_cel_go_version() {
    let node = crate::test_support::schema(
        "type: object\nproperties:\n  l: {type: array, maxItems: 10, items: {type: integer}}\n  i: {type: integer}\n  s: {type: string, maxLength: 10}\n",
    );
    let cost = |minor: u8, rule: &str| {
        let _v = at(minor);
        crate::cel::estimated_cost(&node, rule).unwrap()
    };
    for (rule, v022, v023) in [
        ("self.?i == optional.of(1)", 1_844_674_407_370_955_267, 4),
        (
            "optional.of(1) == optional.of(2)",
            1_844_674_407_370_955_266,
            3,
        ),
        ("['hello','hi'][0] != ['hello','bye'][1]", 22, 23),
        ("(self.i > 0 ? ['aaaa'] : ['b'])[0] == self.s", 16, 17),
        (
            "optional.of('a').optMap(v, v == 'value').hasValue()",
            17,
            18,
        ),
    ] {
        assert_eq!(cost(32, rule), v022, "1.32 {rule}");
        assert_eq!(cost(33, rule), v023, "1.33 {rule}");
        assert_eq!(cost(36, rule), v023, "1.36 {rule}");
    }
    // `dyn(self.l)` has no size in v0.22: its comprehension's cost is unbounded.
    let rule = "dyn(self.l).all(x, true)";
    assert_eq!(cost(32, rule), u64::MAX);
    assert!(cost(33, rule) < u64::MAX && cost(33, rule) == cost(36, rule));
}

/// The runtime size of an optional is its value's from cel-go v0.23 (`actualSize`); 1 before.
#[test]
fn an_optional_compared_costs_its_size_from_1_33() {
    let value = format!("'{}'", "a".repeat(100));
    let cost = |minor: u8| {
        let _v = at(minor);
        super::runtime_cost::cost(
            "optional.of(self) == optional.of(self)",
            "{type: string}",
            &value,
        )
    };
    // Two variables and two calls, and the comparison: ceil(1 × 0.1) in v0.22, ceil(100 × 0.1) after.
    assert_eq!([cost(32), cost(33), cost(36)], [5, 14, 14]);
}

/// cel-go v0.23 (1.33) refuses a `\u` or `\U` escape of no valid code point; v0.22 made a
/// surrogate U+FFFD and refused a code point past U+10FFFF otherwise.
#[test]
fn unicode_escapes_per_version() {
    let rules = |rule: &str| {
        spec(
            "{}",
            &format!("[{{rule: {}}}]", serde_json::to_string(rule).unwrap()),
        )
    };
    let refused = |minor: u8, rule: &str| {
        let _v = at(minor);
        compiled(&rules(rule)).texts()
    };
    let surrogate = r"'\uD800' == '\uFFFD' && '\U0000DFFF' == '\uFFFD'";
    assert_eq!(refused(32, surrogate), Vec::<String>::new());
    for minor in [33, 36] {
        let texts = refused(minor, surrogate);
        assert!(
            texts.len() == 1 && texts[0].contains("ERROR: <input>:1:1: invalid unicode code point"),
            "{texts:?}"
        );
    }
    let past = r"'\U00110000' == ''";
    let text = |minor| refused(minor, past).join("\n");
    assert!(
        text(32).contains("ERROR: <input>:1:1: unable to unescape string"),
        "{}",
        text(32)
    );
    assert!(
        text(33).contains("ERROR: <input>:1:1: invalid unicode code point"),
        "{}",
        text(33)
    );
}

/// The rules' texts at `minor`: the CRD's errors when the rules do not compile, else the
/// errors of `value`.
fn answers(minor: u8, props: &str, rules: &[&str], value: &str) -> Vec<String> {
    let _v = at(minor);
    let rules: Vec<String> = rules
        .iter()
        .map(|r| format!("{{rule: {}}}", serde_json::to_string(r).unwrap()))
        .collect();
    let c = compiled(&spec(props, &format!("[{}]", rules.join(", "))));
    if !c.errors.is_empty() {
        return c.texts();
    }
    let o = json_of(&obj(value));
    c.validate(&o).iter().map(ToString::to_string).collect()
}

/// Before cel-go v0.23 (1.32) a syntax error's, a time zone error's and a `format()` error's
/// text went through Go's `Sprintf` as its format: each `%` a verb with no operand.
#[test]
fn a_percent_in_an_error_text_per_version() {
    let texts = |minor: u8, props: &str, rule: &str, value: &str| {
        answers(minor, props, &[rule], value).join("\n")
    };
    let s = "{s: {type: string, maxLength: 8}}";
    for (rule, value, old, new) in [
        (
            "self.s == 1 %% 2",
            "{s: a}",
            "Syntax error: extraneous input '%!'(MISSING) expecting",
            "Syntax error: extraneous input '%' expecting",
        ),
        (
            "timestamp('2024-01-01T00:00:00Z').getHours(self.s) == 0",
            "{s: '%d'}",
            "unknown time zone %!d(MISSING) evaluating rule",
            "unknown time zone %d evaluating rule",
        ),
        (
            "self.s.format([1]) == ''",
            "{s: '%.2%'}",
            "unrecognized formatting clause \"%!\"(MISSING)",
            "unrecognized formatting clause \"%\"",
        ),
    ] {
        let at32 = texts(32, s, rule, value);
        assert!(at32.contains(old), "1.32 {rule}: {at32}");
        for minor in [33, 36] {
            let t = texts(minor, s, rule, value);
            assert!(t.contains(new), "1.{minor} {rule}: {t}");
        }
    }
}

/// cel-go v0.22 (1.32) has no `ESC_IDENTIFIER`: a backtick outside a literal is a character
/// its lexer refuses, and no expected token set names the escaped name (its
/// `parser_test.go` rows are ported in `parse_errors_v022.rs`). From 1.33 the backtick name
/// is read where a field is named, and refused there.
#[test]
fn backtick_names_per_version() {
    let props = "{a-b: {type: integer}}";
    let rule = ["self.`a-b` == 1"];
    let at32 = answers(32, props, &rule, "{a-b: 1}").join("\n");
    let recognition =
        |col| format!("ERROR: <input>:1:{col}: Syntax error: token recognition error at: '`'");
    assert!(
        at32.contains(&recognition(6)) && at32.contains(&recognition(10)),
        "{at32}"
    );
    assert!(!at32.contains("unsupported syntax"), "{at32}");
    for minor in [33, 36] {
        let t = answers(minor, props, &rule, "{a-b: 1}").join("\n");
        assert!(
            t.contains("ERROR: <input>:1:6: unsupported syntax: '`'") && !t.contains("token"),
            "1.{minor}: {t}"
        );
    }
    // A backtick in a string literal is no token of its own in any version.
    for minor in [32, 36] {
        assert_eq!(
            answers(minor, "{}", &["'`a`' != ''"], "{}"),
            Vec::<String>::new()
        );
    }
    let expecting = |minor| answers(minor, "{}", &["self.?"], "{}").join("\n");
    assert!(
        expecting(32).contains("missing IDENTIFIER at '<EOF>'\n"),
        "{}",
        expecting(32)
    );
    assert!(
        expecting(33).contains("mismatched input '<EOF>' expecting {IDENTIFIER, ESC_IDENTIFIER}"),
        "{}",
        expecting(33)
    );
}

/// cel-go v0.22 (1.32) names a macro's accumulator `__result__`, a name a rule may read inside
/// the macro, and that an iteration variable may take (hiding the accumulator in the loop's
/// condition and step). From 1.33 it is `@result`: `__result__` is undeclared, and refused as
/// an iteration variable.
#[test]
fn the_accumulator_per_version() {
    let props = "{l: {type: array, maxItems: 4, items: {type: integer}}}";
    let rules = [
        // `all`: true && (x > 0) ...; the accumulator read in the predicate.
        "self.l.all(x, __result__ && x > 0)",
        // `exists` starts false: `!false` for the first item, then true.
        "self.l.exists(x, !__result__)",
        // `map` accumulates the list built so far.
        "self.l.map(x, __result__.size()) == [0, 1, 2]",
        // `filter` keeps an item while the list kept is empty.
        "self.l.filter(x, __result__.size() == 0) == [self.l[0]]",
    ];
    assert_eq!(
        answers(32, props, &rules, "{l: [1, 2, 3]}"),
        Vec::<String>::new()
    );
    assert_eq!(
        answers(32, props, &rules, "{l: [1, -2, 3, 4]}"),
        [
            "spec: Invalid value: \"object\": failed rule: self.l.all(x, __result__ && x > 0)",
            "spec: Invalid value: \"object\": failed rule: self.l.map(x, __result__.size()) == [0, 1, 2]"
        ]
    );
    for minor in [33, 36] {
        let t = answers(minor, props, &rules, "{l: [1, 2, 3]}");
        assert_eq!(t.len(), 4, "1.{minor}: {t:?}");
        assert!(
            t.iter()
                .all(|e| e.contains("undeclared reference to '__result__' (in container '')")),
            "1.{minor}: {t:?}"
        );
    }
    // An iteration variable named `__result__`: in 1.32 it hides the accumulator in the
    // condition (`@not_strictly_false(int)`) and the step (`int && bool`), as cel-go's
    // checker scopes them.
    let hidden = ["[1].all(__result__, __result__ > 0)"];
    let at32 = answers(32, "{}", &hidden, "{}").join("\n");
    assert!(
        at32.contains("ERROR: <input>:1:8: found no matching overload for '@not_strictly_false' applied to '(int)'")
            && at32.contains("ERROR: <input>:1:8: expected type 'bool' but found 'int'")
            && !at32.contains("overwrites"),
        "{at32}"
    );
    let at33 = answers(33, "{}", &hidden, "{}").join("\n");
    assert!(
        at33.contains("ERROR: <input>:1:9: iteration variable overwrites accumulator variable"),
        "{at33}"
    );
}
