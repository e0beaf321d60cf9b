//! CRDs the apiserver refuses for their rules' estimated cost, from apiextensions-apiserver's
//! `TestValidateCustomResourceDefinitionValidation` (the cost cases: which fields get which
//! errors) and kubernetes/kubernetes#124234 (the apiserver's full messages for a
//! `messageExpression` that concatenates `string(int)`), and the ones it accepts.

use crate::cel::Compiled;
use crate::schema::convert::convert;
use crate::test_support::json_of;

const ROOT: &str = "spec.validation.openAPIV3Schema";

/// The CRD errors of a root schema with `props`.
fn errors(props: &str) -> Vec<String> {
    let yaml = format!("{{type: object, properties: {props}}}");
    let s = convert(&json_of(&yaml), "openAPIV3Schema").unwrap();
    Compiled::new(&s, ROOT).texts()
}

/// `<path>: Forbidden: <what> exceeds budget by factor of <factor> (…)`.
fn over(path: &str, what: &str, factor: &str) -> String {
    format!("{ROOT}{path}: Forbidden: {what} exceeds budget by factor of {factor} (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)")
}

fn contributed(path: &str) -> String {
    format!("{ROOT}{path}: Forbidden: contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema")
}

const RULE: &str = "estimated rule cost";
const MESSAGE: &str = "estimated messageExpression cost";
const TOTAL: &str =
    "x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema";

/// A list of maps of objects with a required `key` of type `key`, and a rule comparing every
/// key with itself; `limits` on the list, the maps.
fn double_nested(list: &str, map: &str, key: &str) -> String {
    format!("{{value: {{type: array{list}, items: {{type: object{map}, additionalProperties: {{type: object, required: [key], properties: {{key: {key}}}}}}}, x-kubernetes-validations: [{{rule: 'self.all(x, x.all(y, x[y].key == x[y].key))'}}]}}}}")
}

#[test]
fn double_nested_rules_need_limits() {
    let rule = ".properties[value].x-kubernetes-validations[0].rule";
    let want = |factor: &str, total: &str| {
        let mut v = vec![
            over(rule, RULE, factor),
            contributed(rule),
            over("", TOTAL, total),
        ];
        v.sort();
        v
    };
    let unlimited = double_nested("", "", "{type: string}");
    assert_eq!(errors(&unlimited), want("more than 100x", "more than 100x"));
    let one = double_nested("", "", "{type: string, maxLength: 10}");
    assert_eq!(errors(&one), want("more than 100x", "more than 100x"));
    let three = double_nested(
        ", maxItems: 10",
        ", maxProperties: 10",
        "{type: string, maxLength: 10}",
    );
    assert_eq!(errors(&three), Vec::<String>::new());
    let outermost = double_nested(", maxItems: 4", "", "{type: number}");
    assert_eq!(errors(&outermost), Vec::<String>::new());
    assert!(
        errors("{value: {type: integer, x-kubernetes-validations: [{rule: 'self < 1024'}]}}")
            .is_empty()
    );
}

#[test]
fn schema_total_over_its_limit_names_its_largest_rules() {
    let contains = "x-kubernetes-validations: [{rule: \"self.contains('keyword')\"}]";
    let props = format!("{{list: {{type: array, maxItems: 100000, items: {{type: string, maxLength: 5000, {contains}}}}}, map: {{type: object, maxProperties: 1000, additionalProperties: {{type: string, maxLength: 5000, {contains}}}}}, field: {{type: integer, x-kubernetes-validations: [{{rule: 'self > 50 && self < 100'}}]}}}}");
    let list = ".properties[list].items.x-kubernetes-validations[0].rule";
    let map = ".properties[map].additionalProperties.x-kubernetes-validations[0].rule";
    let mut want = vec![
        // 2001 (20000 bytes scanned for a 7-byte word) times 100000 items.
        over(list, RULE, "20.0x"),
        contributed(list),
        // 2001 times 1000 properties: under the rule limit, over 1% of the schema's.
        contributed(map),
        over("", TOTAL, "2.0x"),
    ];
    want.sort();
    assert_eq!(errors(&props), want);
}

#[test]
fn message_expressions_have_their_own_limit() {
    let list = |msg: &str| {
        format!("{{f: {{type: array, items: {{type: string}}, x-kubernetes-validations: [{{rule: 'true', messageExpression: '{msg}'}}]}}}}")
    };
    let msg = ".properties[f].x-kubernetes-validations[0].messageExpression";
    let eight =
        list("self[0] + self[1] + self[2] + self[3] + self[4] + self[5] + self[6] + self[7]");
    assert_eq!(errors(&eight), [over(msg, MESSAGE, "1.101006x")]);
    let strings = list("string(self[0]) + string(self[1]) + string(self[2])");
    let mut want = vec![
        over(msg, MESSAGE, "more than 100x"),
        contributed(msg),
        over("", TOTAL, "more than 100x"),
    ];
    want.sort();
    assert_eq!(errors(&strings), want);
    let lower = "{f: {type: array, maxItems: 5, items: {type: string, maxLength: 5}, x-kubernetes-validations: [{rule: 'self.all(x, self.exists_one(y, x.lowerAscii() == y.lowerAscii()))'}]}}";
    assert!(errors(lower).is_empty());
}

/// kubernetes/kubernetes#124234: `string(int)` has no size bound, so concatenating it costs
/// more than any budget.
#[test]
fn concatenating_string_of_an_int_is_refused() {
    let props = "{spec: {type: object, properties: {config: {type: object, x-kubernetes-validations: [{messageExpression: \"'invalid attempts: ' + string(self.attempts)\", rule: 'self.attempts >= 0'}], properties: {attempts: {type: integer, maximum: 2147483647, minimum: -2147483648}}}}}}";
    let msg = ".properties[spec].properties[config].x-kubernetes-validations[0].messageExpression";
    let mut want = vec![
        over(msg, MESSAGE, "more than 100x"),
        contributed(msg),
        over("", TOTAL, "more than 100x"),
    ];
    want.sort();
    assert_eq!(errors(props), want);
}
