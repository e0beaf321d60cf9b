//! The apiserver's own cost expectations as tables of our own: apiextensions-apiserver's
//! `TestCostEstimation` (a schema generated without and with size limits, a rule, the exact
//! cost cel-go estimates for each), `TestCostInfo` (cardinalities) and
//! `TestPerCRDEstimatedCost` (the per-schema total and its largest contributors).

use super::budget::{exceeds, Cardinality, Total, PER_EXPRESSION_LIMIT};
use super::*;
use crate::cel::decl::decl_of;
use crate::cel::rule::parse;
use crate::schema::convert::convert;
use crate::schema::Structural;
use crate::test_support::json_of;

fn structural(yaml: &str) -> Structural {
    convert(&json_of(yaml), "openAPIV3Schema").unwrap()
}

/// The estimated cost of `rule` on `schema` (YAML, not a resource root).
fn cost(schema: &str, rule: &str) -> u64 {
    let decl = decl_of(&structural(schema), false).expect("a CEL type");
    max_cost(&parse(rule).unwrap(), &decl, false, &Default::default())
}

/// `, <key>: <n>` when there is a limit.
fn lim(key: &str, n: Option<i64>) -> String {
    n.map_or(String::new(), |n| format!(", {key}: {n}"))
}

/// A scalar schema: a type, a string format, or int-or-string.
fn scalar(t: &str) -> String {
    match t {
        "duration" | "date" | "date-time" => format!("{{type: string, format: {t}}}"),
        "int-or-string" => "{x-kubernetes-int-or-string: true}".into(),
        "object" => "{type: object, required: [required], properties: {required: {type: string}, optional: {type: string}}}".into(),
        "numbers" => "{type: array, items: {type: number}}".into(),
        "number-map" => "{type: object, additionalProperties: {type: number}}".into(),
        t => format!("{{type: {t}}}"),
    }
}

/// The schema `generator:argument` with limit `n` (upstream's `gen…WithRule` helpers).
fn schema(spec: &str, n: Option<i64>) -> String {
    let (kind, arg) = spec.split_once(':').unwrap_or((spec, ""));
    let (items, props, len) = (
        lim("maxItems", n),
        lim("maxProperties", n),
        lim("maxLength", n),
    );
    match kind {
        "array" => format!("{{type: array, items: {}{items}}}", scalar(arg)),
        "map" => format!("{{type: object, additionalProperties: {}{props}}}", scalar(arg)),
        "string" => format!("{{type: string{len}}}"),
        "bytes" => format!("{{type: string, format: byte{len}}}"),
        "enum" => format!("{{type: string, enum: [A, B, C, LongValue]{len}}}"),
        "int-or-string" => format!("{{x-kubernetes-int-or-string: true{len}}}"),
        "string-map" => format!("{{type: object, additionalProperties: {{type: string{len}}}{props}}}"),
        "string-list" => format!("{{type: array, items: {{type: string{len}}}{items}}}"),
        "nested" => {
            let all = arg == "all";
            let inner = if all { props.as_str() } else { "" };
            let obj = format!("{{type: object, required: [required]{inner}, properties: {{required: {{type: string}}, optional: {{type: string}}}}}}");
            let outer = if all { items.as_str() } else { "" };
            format!("{{type: array, items: {{type: object, additionalProperties: {obj}{props}}}{outer}}}")
        }
        "replace" => format!("{{type: object, properties: {{str: {{type: string{len}}}, before: {{type: string, maxLength: 2}}, after: {{type: string, maxLength: 4}}}}}}"),
        "split" => format!("{{type: object, properties: {{str: {{type: string{len}}}, separator: {{type: string{len}}}}}}}"),
        _ => panic!("no generator {kind}"),
    }
}

/// `schema | rule | cost without limits | limit | cost with it`; a cost of 0 without limits:
/// upstream only asserts that the limit is exceeded. The cost of `has` (0, unchecked upstream)
/// is 1 here: the presence test is free, reading `self` costs 1.
const CASES: &str = r#"
array:number | self.all(x, true) | 4718591 | 10 | 32
array:string | self.all(x, true) | 3145727 | 20 | 62
array:boolean | self.all(x, true) | 1887437 | 5 | 17
array:numbers | self.all(x, true) | 3145727 | 100 | 302
array:object | self.all(x, true) | 555128 | 50 | 152
map:number | self.all(x, true) | 1348169 | 10 | 32
map:number | has(self.x) | 1 | 100 | 1
map:string | self.all(x, true) | 1179647 | 3 | 11
map:boolean | self.all(x, true) | 943718 | 100 | 302
string | self.contains('test') | 314574 | 10 | 5
string | self.startsWith('test') | 2 | 15 | 2
string | self.endsWith('test') | 2 | 30 | 2
string | size(self + "hello") > size("hello") | 314578 | 4 | 7
array:number | self[1] == 0.0 | 2 | 5000 | 2
array:string | self[1] == self[1] | 314577 | 8 | 314577
array:number | self.all(x, self.all(y, true)) | 0 | 10 | 352
array:number | self.all(x, self.all(y, self.all(z, true))) | 0 | 10 | 3552
string | self.matches("x") | 314574 | 50 | 22
string | "".matches("(((((((((())))))))))[0-9]") | 7 | 10 | 7
string | self.matches("") | 1 | 100 | 1
string-map | self.all(x, x.contains(self[x])) | 2752507 | 10 | 72
array:number | self[3] == 0.0 | 2 | 0 | 2
map:number | self["x"] == 0.0 | 2 | 0 | 2
string | self == "x" | 2 | 0 | 1
bytes | self == b"x" | 2 | 0 | 1
array:number | self.all(x, x == 0.0) | 6291454 | 6291456 | 25165826
nested:all | self.all(x, x["y"].required == "z") | 7340027 | 10 | 72
nested:one | self.all(x, x["y"].required == "z") | 7340027 | 10 | 7340027
array:int-or-string | self.all(x, true) | 4718591 | 10 | 32
array:int-or-string | self[0] == 5 | 3 | 10 | 3
array:boolean | self[0] == false | 2 | 25 | 2
array:object | self[0] == null | 2 | 422 | 2
array:numbers | self[0][0] == -1.0 | 3 | 51 | 3
array:number-map | self.all(x, x.y == 25.2) | 6291452 | 12 | 74
array:number-map | self[0].x > 2.0 | 4 | 3000 | 4
array:duration | self.all(x, true) | 2359295 | 5 | 17
array:duration | self[0].getHours() == 2 | 4 | 525 | 4
array:date | self.all(x, true) | 725936 | 15 | 47
array:date | self[2].getDayOfMonth() == 13 | 4 | 42 | 4
array:date-time | self.all(x, true) | 428963 | 25 | 77
array:date-time | self[2].getMinutes() == 45 | 4 | 99 | 4
map:int-or-string | self.all(x, true) | 1348169 | 15 | 47
map:object | self.all(x, true) | 428963 | 20 | 62
map:object | has(self.x) | 1 | 9001 | 1
map:number-map | self.all(x, true) | 1179647 | 10 | 32
map:numbers | self.all(x, true) | 1179647 | 25 | 77
map:duration | self.all(x, true) | 1048577 | 5 | 17
map:date | self.all(x, true) | 524288 | 10 | 32
map:date-time | self.all(x, true) | 349526 | 25 | 77
string | self.find('[0-9]+') == '' | 629147 | 10 | 11
string-list | self.join(' ') == 'aa bb' | 329853068905 | 10 | 43
string-list | self.isSorted() == true | 329854432052 | 10 | 52
replace | self.str.replace(self.before, self.after) == 'does not matter' | 629154 | 4 | 12
split | self.str.split(self.separator) == [] | 629160 | 10 | 22
string | self.lowerAscii() == 'lower!' | 314575 | 10 | 6
map:integer | oldSelf.size() == self.size() | 5 | 10 | 5
map:date-time | self["a"] == self["b"] | 8 | 7 | 8
map:duration | self["c"] == self["d"] | 8 | 42 | 8
enum | self.contains('A') | 2 | 1000 | 401
int-or-string | isQuantity(self) | 314574 | 20 | 9
"#;

#[test]
fn upstream_cost_estimation_cases_match_exactly() {
    let mut failed = Vec::new();
    let mut n = 0;
    for line in CASES.lines().filter(|l| !l.is_empty()) {
        let f: Vec<&str> = line.split(" | ").collect();
        let [gen, rule, calc, max, set] = f[..] else {
            panic!("bad case {line}");
        };
        let (calc, set): (u64, u64) = (calc.parse().unwrap(), set.parse().unwrap());
        let max = Some(max.parse().unwrap());
        let got = (
            cost(&schema(gen, None), rule),
            cost(&schema(gen, max), rule),
        );
        let calc_ok = got.0 == calc || (calc == 0 && got.0 > PER_EXPRESSION_LIMIT);
        if !calc_ok || got.1 != set {
            failed.push(format!("{gen} {rule}: got {got:?}, want ({calc}, {set})"));
        }
        n += 2;
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
    assert_eq!(n, 120);
}

/// Upstream `TestCostInfo`: the cardinality of a leaf under a chain of schemas.
#[test]
fn cardinality_is_the_product_of_the_ancestors_limits() {
    let object = "{type: object}";
    let array = |n: &str| format!("{{type: array, items: {{type: string}}{n}}}");
    let map = |n: &str| format!("{{type: object, additionalProperties: {{type: string}}{n}}}");
    let max = u64::MAX;
    let cases: Vec<(Vec<String>, Option<u64>)> = vec![
        (vec![object.into()], Some(1)),
        (vec![array(", maxItems: 5")], Some(5)),
        (vec![array("")], None),
        (vec![map(", maxProperties: 10")], Some(10)),
        (vec![map("")], None),
        (
            vec![map(", maxProperties: 5"), array(", maxItems: 5")],
            Some(25),
        ),
        (vec![map(", maxProperties: 5"), array("")], None),
        (vec![array(", maxItems: 3"), object.into()], Some(3)),
        (
            vec![
                array(", maxItems: 2"),
                object.into(),
                map(", maxProperties: 4"),
            ],
            Some(8),
        ),
        (
            vec![
                array(&format!(", maxItems: {}", i64::MAX)),
                array(", maxItems: 100"),
            ],
            Some(max),
        ),
    ];
    for (chain, want) in cases {
        let mut c = Cardinality::ROOT;
        for s in &chain {
            c = c.child(&structural(s));
        }
        assert_eq!(c, Cardinality(want), "{chain:?}");
    }
}

/// Upstream `TestPerCRDEstimatedCost`: the total saturates, and only the 4 largest costs of at
/// least 1% of the limit are named, largest first.
#[test]
fn schema_total_names_its_largest_contributors() {
    let cases: &[(&[u64], &[u64])] = &[
        (&[], &[]),
        (&[1_000_000], &[1_000_000]),
        (&[900_000], &[]),
        (&[5_000_000, 25_000_000], &[25_000_000, 5_000_000]),
        (&[5_000_000, 25_000_000, 900_000], &[25_000_000, 5_000_000]),
        (
            &[16_000_000, 50_000_000, 34_000_000, 50_000_000],
            &[50_000_000, 50_000_000, 34_000_000, 16_000_000],
        ),
        (
            &[
                16_000_000, 50_000_000, 900_000, 34_000_000, 50_000_000, 50_000_001,
            ],
            &[50_000_001, 50_000_000, 50_000_000, 34_000_000],
        ),
        (
            &[u64::MAX / 2, u64::MAX / 2, 1, 10, 100, 1000],
            &[u64::MAX / 2, u64::MAX / 2],
        ),
    ];
    for (costs, largest) in cases {
        let mut t = Total::default();
        for (i, c) in costs.iter().enumerate() {
            t.message("r", i, *c);
        }
        let sum = costs.iter().fold(0u64, |s, c| s.saturating_add(*c));
        assert_eq!(t.total(), sum, "{costs:?}");
        let named: Vec<u64> = t.largest().iter().map(|l| l.1).collect();
        let first = t.largest().first().map(|l| l.0.to_string());
        let at = |i: usize| format!("r.x-kubernetes-validations[{i}].messageExpression");
        let want = costs
            .iter()
            .position(|c| Some(c) == largest.first())
            .map(at);
        assert_eq!(first, want, "{costs:?}");
        assert_eq!(named, *largest, "{costs:?}");
    }
}

#[test]
fn exceeding_factor_is_printed_as_the_apiserver_prints_it() {
    let tail = " (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)";
    for (cost, factor) in [
        (10_000_001, "1.000000x"),
        (14_999_999, "1.500000x"),
        (15_000_000, "1.5x"),
        (52_460_000, "5.2x"),
        (1_000_000_000, "100.0x"),
        (1_000_000_001, "more than 100x"),
    ] {
        let want = format!("estimated rule cost exceeds budget by factor of {factor}{tail}");
        assert_eq!(
            exceeds("estimated rule cost", cost, PER_EXPRESSION_LIMIT),
            want
        );
    }
}

/// With `optionalOldSelf`, `oldSelf.value()` is a string of unknown size, as in cel-go.
#[test]
fn optional_old_self_is_an_optional() {
    let decl = decl_of(&structural("{type: string}"), false).unwrap();
    let rule = parse("oldSelf.hasValue() ? oldSelf.value() == self : true").unwrap();
    assert_eq!(max_cost(&rule, &decl, true, &Default::default()), 314578);
}

/// The estimated cost of `rule` on `decl` with the checker's types, and without them.
fn checked_costs(decl: &std::sync::Arc<crate::cel::decl::Decl>, rule: &str) -> (u64, u64) {
    let e = parse(rule).unwrap();
    let c = crate::cel::check::check(&e, rule, decl, false, crate::cel::check::Want::Bool).unwrap();
    (
        max_cost(&e, decl, false, &c.types),
        max_cost(&e, decl, false, &Default::default()),
    )
}

/// Where this walk does not follow a type (optional selection, `first()`), the checker's type
/// is read: a string reached through `first()` has no schema path, so its size is unknown and
/// a regex over it costs what an unbounded string costs (cel-go's estimate: `first()` has no
/// result size). A `dyn` value without a size is as unbounded, as in cel-go.
#[test]
fn the_checkers_types_fill_what_the_walk_does_not_follow() {
    let schema = "{type: object, properties: {name: {type: string, maxLength: 10}, tags: {type: array, maxItems: 4, items: {type: string, maxLength: 8}}, ios: {type: array, maxItems: 4, items: {x-kubernetes-int-or-string: true, maxLength: 8}}}}";
    let decl = decl_of(&structural(schema), false).unwrap();
    let checked = |rule: &str| checked_costs(&decl, rule);
    let (typed, untyped) = checked("self.tags.first().value().matches('[a-z]+')");
    assert!(typed > PER_EXPRESSION_LIMIT, "{typed}");
    assert!(untyped > PER_EXPRESSION_LIMIT, "{untyped}");
    // A `dyn` value without a size is no different: its size is unknown too.
    let (typed_dyn, _) = checked("self.ios.first().value().matches('[a-z]+')");
    assert_eq!(typed_dyn, typed);
    // Items that keep their sizes through `map` (each a tag, at most 8 characters) keep them
    // through `dyn()` too: a unit more for each of the 4 calls.
    let (mapped, _) = checked("self.tags.map(t, t).all(x, x.matches('[a-z]+'))");
    let (mapped_dyn, _) = checked("self.tags.map(t, dyn(t)).all(x, x.matches('[a-z]+'))");
    assert_eq!(mapped_dyn, mapped + 4);
    // `optional.none()` holds a `dyn` (its type parameter unbound): two of them compare at
    // an unknown size, as cel-go estimates it; an optional of an int is a scalar.
    let (none, _) = checked("optional.none() == optional.none()");
    assert!(none > PER_EXPRESSION_LIMIT, "{none}");
    let (of, _) = checked("optional.of(1) == optional.of(1) && optional.of(1) != optional.none()");
    assert!(of < 10, "{of}");
    // Through the schema path, the bound is the schema's.
    let (typed, untyped) = checked("self.name.matches('[a-z]+')");
    assert_eq!(typed, untyped);
    assert!(typed < 100, "{typed}");
}

/// A call on a `dyn` operand is estimated as cel-go estimates it: the checker keeps every
/// overload that takes the operand, and the estimate covers the dearest. An int-or-string
/// field converted to bytes costs as much as a string of its `maxLength`; a list of `dyn`
/// (or a `dyn` list) sorts at the strings' price.
#[test]
fn a_dyn_operand_costs_its_dearest_overload() {
    let schema = "{type: object, properties: {ios: {x-kubernetes-int-or-string: true, maxLength: 1000}, s: {type: string, maxLength: 1000}, ints: {type: array, maxItems: 100, items: {type: integer}}, strs: {type: array, maxItems: 100, items: {type: string, maxLength: 1}}}}";
    let decl = decl_of(&structural(schema), false).unwrap();
    let est = |rule: &str| checked_costs(&decl, rule).0;
    // The value is bounded by `maxLength` as a string is (4,000 bytes); `bytes(string)` and
    // `string(bytes)` cost 0.1 a byte: 400, and two reads (and `size()`, `>`).
    assert_eq!(est("bytes(self.ios).size() > 0"), 404);
    assert_eq!(
        est("bytes(self.ios).size() > 0"),
        est("bytes(self.s).size() > 0")
    );
    assert_eq!(est("string(self.ios) != ''"), 402);
    assert_eq!(est("string(self.s) != ''"), 3);
    // `dyn(l)` costs one more than `l`; its `sort` is the strings' (factor 2.1, not 2).
    let sorted = |l: &str| est(&format!("{l}.sort().size() > 0"));
    assert_eq!(sorted("dyn(self.ints)"), sorted("self.strs") + 1);
    assert!(sorted("[dyn(1), dyn(2)]") > sorted("[1, 2]"));
}
