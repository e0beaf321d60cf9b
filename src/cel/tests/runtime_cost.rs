//! Runtime cost as cel-go's tracker counts it ([`super::super::interp`]), on the upstream
//! tables ported as facts: cel-go v0.26.0 `interpreter/runtimecost_test.go` (expression, the
//! variables' values, the cost) and the Kubernetes libraries' `pkg/cel/library/cost_test.go`
//! at v0.36.3 (`runtime_cost_k8s_table.rs`). Both run programs without `OptOptimize` (a list
//! literal costs 10 there, none in the apiserver) and, but for the cases that say otherwise,
//! with presence tests costing a unit; they are planned so here.
//!
//! cel-go's cases declare variables (`input`, `arg1`…); here a rule has `self` only. A case
//! with one variable reads it as `self` (the same unit); one with several reads each as a
//! field of `self`, one unit more per read, added to the expected cost where noted (`+n`).

use super::super::check::{check, Want};
use super::super::decl::decl_of;
use super::super::interp::{Program, Stop};
use super::super::rule::parse;
use super::super::value::to_cel;
use crate::schema::convert::convert;
use crate::test_support::json_of;

/// The cost of `expr` with `self` of `schema` (YAML) holding `value` (YAML); `limit`: cel-go's
/// `CostTrackerLimit`; `Err` (the cost reached) when the limit stopped it or it failed.
fn cost_with(
    expr: &str,
    schema: &str,
    value: &str,
    presence_cost: bool,
    limit: u64,
) -> Result<u64, u64> {
    let s = convert(&json_of(schema), "openAPIV3Schema").expect("a schema");
    let decl = decl_of(&s, true).expect("a CEL type");
    let e = parse(expr).unwrap_or_else(|err| panic!("{expr}: {err}"));
    let checked = match check(&e, expr, &decl, false, Want::Any) {
        Ok(c) => c,
        // Not in the CRD environment (a mixed list literal).
        Err(err) => {
            eprintln!("{err}");
            return Err(0);
        }
    };
    let program = Program::plan_with(&e, &checked, false, presence_cost).expect("a program");
    let json = json_of(value);
    let vars = [("self", to_cel(&json, &decl))];
    match program.run(&vars, limit) {
        (Ok(Ok(_)), cost) => Ok(cost),
        (Ok(Err(err)), cost) => {
            eprintln!("{expr}: {err:?}");
            Err(cost)
        }
        (Err(Stop::Limit), cost) => Err(cost),
    }
}

pub(super) fn cost(expr: &str, schema: &str, value: &str) -> u64 {
    cost_with(expr, schema, value, true, u64::MAX).unwrap_or(u64::MAX)
}

const NONE: &str = "{type: object}";
const INTS: &str = "{type: array, items: {type: integer}}";
const STRINGS: &str = "{type: array, items: {type: string}}";
const STRING: &str = "{type: string}";
const STRING_MAP: &str = "{type: object, additionalProperties: {type: string}}";

fn long(n: usize) -> String {
    (0..n).map(|i| char::from(b'a' + (i % 26) as u8)).collect()
}

/// A conversion costs one (cel-go's `costCall` default): `duration(int)` too, which fails
/// (cel-go's tracker counts the read and the call before the error).
#[test]
fn conversions_cost_one() {
    let int = "{type: integer}";
    assert_eq!(cost("duration(string(self) + 's')", int, "5"), 4);
    assert_eq!(
        cost_with("duration(self)", int, "5", true, u64::MAX),
        Err(2)
    );
    assert_eq!(cost("timestamp(self)", int, "5"), 2);
}

/// cel-go `interpreter/runtimecost_test.go`, `TestRuntimeCost`.
#[test]
fn cel_go_runtime_costs() {
    let s500 = long(500);
    let both = format!("{{input: {s500}, arg1: {s500}}}");
    let two_strings = "{type: object, properties: {input: {type: string}, arg1: {type: string}}}";
    let bools = "{type: object, properties: {a: {type: boolean}, b: {type: boolean}, \
                 c: {type: boolean}, d: {type: boolean}}}";
    let nested = "{type: object, properties: {testAttr: {type: object, properties: \
                  {nestedAttr: {type: string}}}}}";
    let all_map = "{type: object, additionalProperties: {type: object, properties: \
                   {single_int32: {type: integer}}}}";
    let map_of_maps = "{type: object, additionalProperties: {type: object, \
                       additionalProperties: {type: string}}}";
    let cases: Vec<(&str, &str, String, u64)> = vec![
        (r#""Hello World!""#, NONE, "{}".into(), 0),
        ("self", INTS, "[1, 2]".into(), 1),
        ("self['key']", STRING_MAP, "{key: v}".into(), 2),
        ("self[0]", STRINGS, "[v]".into(), 2),
        (
            "self.single_int32",
            "{type: object, properties: {single_int32: {type: integer}}}",
            "{single_int32: 1}".into(),
            2,
        ),
        ("self['ke' + 'y']", STRING_MAP, "{key: v}".into(), 3),
        ("self[3-3]", STRINGS, "[v]".into(), 3),
        ("has(self.testAttr.nestedAttr)", nested, "{testAttr: {nestedAttr: v}}".into(), 3),
        ("[1, 2, 3]", NONE, "{}".into(), 10),
        (r#"{"a": 1, "b": 2, "c": 3}"#, NONE, "{}".into(), 30),
        ("self.all(x, true)", INTS, "[]".into(), 2),
        ("[1, 2, 3].all(x, true)", NONE, "{}".into(), 20),
        ("self.matches('[0-9]')", STRING, s500.clone(), 103),
        ("'123'.matches('[0-9]')", NONE, "{}".into(), 2),
        ("false || false", NONE, "{}".into(), 0),
        ("true || false", NONE, "{}".into(), 0),
        // +4: a, b, c, d read as fields.
        ("self.a || self.b || self.c || self.d", bools, "{a: false, b: false, c: false, d: false}".into(), 4 + 4),
        ("true && false", NONE, "{}".into(), 0),
        ("false && true", NONE, "{}".into(), 0),
        ("self.a && self.b && self.c && self.d", bools, "{a: true, b: true, c: true, d: true}".into(), 4 + 4),
        ("1 < 2", NONE, "{}".into(), 1),
        ("1 <= 2", NONE, "{}".into(), 1),
        ("1 == 2", NONE, "{}".into(), 1),
        ("2 > 1", NONE, "{}".into(), 1),
        ("2 >= 1", NONE, "{}".into(), 1),
        ("2 in [1, 2, 3]", NONE, "{}".into(), 13),
        ("1 + 1", NONE, "{}".into(), 1),
        ("1 - 1", NONE, "{}".into(), 1),
        ("1 / 1", NONE, "{}".into(), 1),
        ("1 * 1", NONE, "{}".into(), 1),
        ("1 % 1", NONE, "{}".into(), 1),
        ("true ? 1 : 2", NONE, "{}".into(), 0),
        (r#"size("123")"#, NONE, "{}".into(), 1),
        ("'12345678901234567890' == '123456789012345678901234567890'", NONE, "{}".into(), 2),
        ("bytes(self)", STRING, s500.clone(), 51),
        ("string(1)", NONE, "{}".into(), 1),
        // +2: input and arg1 read as fields.
        ("self.input.contains(self.arg1)", two_strings, both.clone(), 2502 + 2),
        ("self.matches('\\\\d+a\\\\d+b')", STRING, s500.clone(), 103),
        ("self.input.startsWith(self.arg1)", two_strings, format!("{{input: idc, arg1: {s500}}}"), 3 + 2),
        ("self.input.endsWith(self.arg1)", two_strings, format!("{{input: idc, arg1: {s500}}}"), 3 + 2),
        ("self.size()", STRING, "'500'".into(), 2),
        ("size(self)", STRING, "'500'".into(), 2),
        // +3: x, input1, input2 read as fields.
        (
            "(self.x > 2 ? self.input1 : self.input2).all(y, true)",
            "{type: object, properties: {x: {type: integer}, input1: {type: array, items: {type: integer}}, input2: {type: array, items: {type: integer}}}}",
            "{x: 1, input1: [1], input2: [2]}".into(),
            6 + 2,
        ),
        ("true ? false : 1 > 3", NONE, "{}".into(), 0),
        ("false ? false : 1 > 3", NONE, "{}".into(), 1),
        ("self.all(k, self[k].single_int32 > 3)", all_map, "{val: {single_int32: 0}}".into(), 9),
        ("self.all(k, self[k].all(x, true))", map_of_maps, "{}".into(), 2),
        ("self.all(k, k.contains(k))", map_of_maps, "{}".into(), 2),
        ("self.all(k, self[k].all(k, true) && k.contains(k))", map_of_maps, "{}".into(), 2),
        // +2: list1 and list2 read as fields.
        (
            "(self.list1 + self.list2).all(x, true)",
            "{type: object, properties: {list1: {type: array, items: {type: integer}}, list2: {type: array, items: {type: integer}}}}",
            "{list1: [], list2: []}".into(),
            4 + 2,
        ),
        (
            r#""abcdefg".contains(self.str1 + self.str2)"#,
            "{type: object, properties: {str1: {type: string}, str2: {type: string}}}",
            "{str1: val1, str2: val2222222}".into(),
            6 + 2,
        ),
        ("(1 > 2 ? 5 : 3) > 1", NONE, "{}".into(), 2),
        ("(1 > 2 || 2 > 1) == true", NONE, "{}".into(), 3),
        ("[{'k1': 1}, {'k2': 2}].all(x, true)", NONE, "{}".into(), 77),
        ("[1,2,3,4,5].filter(x, x % 2 == 0)", NONE, "{}".into(), 62),
        ("[1,2,3,4,5].map(x, x)", NONE, "{}".into(), 86),
        ("[1,2,3,4,5].map(x, x).filter(x, x % 2 == 0)", NONE, "{}".into(), 138),
        ("[1,2,3,4,5].map(x, x).exists(x, x == 5) == true", NONE, "{}".into(), 118),
        ("[1,2,3,4,5].map(x, x).map(x, x)", NONE, "{}".into(), 162),
        ("[1,2,3,4,5].map(x, [x, x]).filter(z, z.size() == 2)", NONE, "{}".into(), 232),
        ("[1,2,3,4,5].map(x, [x, x]).all(y, y.all(y, y == 1))", NONE, "{}".into(), 171),
        ("[1,2,3,4,5].map(x, x).map(x, x) + [1]", NONE, "{}".into(), 173),
        ("[1,2,3].all(i, i in [1,2,3].map(j, j + j))", NONE, "{}".into(), 86),
    ];
    let mut wrong = Vec::new();
    for (expr, schema, value, want) in &cases {
        let got = cost(expr, schema, value);
        if got != *want {
            wrong.push(format!("{expr}: {got}, want {want}"));
        }
    }
    // `has()` without a cost (the apiserver's setting) and with one.
    let has = [
        (
            "has(self.testAttr.nestedAttr)",
            nested,
            "{testAttr: {nestedAttr: v}}",
            false,
            2,
        ),
        (
            "has(self.single_int32)",
            "{type: object, properties: {single_int32: {type: integer}}}",
            "{}",
            false,
            1,
        ),
        (
            "has(self.single_int32)",
            "{type: object, properties: {single_int32: {type: integer}}}",
            "{}",
            true,
            2,
        ),
    ];
    for (expr, schema, value, presence, want) in has {
        let got = cost_with(expr, schema, value, presence, u64::MAX).expect("no limit");
        if got != want {
            wrong.push(format!(
                "{expr} (presence cost {presence}): {got}, want {want}"
            ));
        }
    }
    // `string(input)` of 500 bytes: 51.
    let bytes = "{type: string, format: byte}";
    let b64 = format!("{}YWE=", "YWFh".repeat(166));
    let got = cost("string(self)", bytes, &b64);
    if got != 51 {
        wrong.push(format!("string(500 bytes): {got}, want 51"));
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    // The limit: 6 is reached, 5 is exceeded.
    let concat = r#""abcdefg".contains(self.str1 + self.str2)"#;
    let strs = "{type: object, properties: {str1: {type: string}, str2: {type: string}}}";
    let v = "{str1: val1, str2: val2222222}";
    assert_eq!(cost_with(concat, strs, v, true, 8), Ok(8));
    assert!(cost_with(concat, strs, v, true, 7).is_err());
}

/// kubernetes/apiserver `pkg/cel/library/cost_test.go`: every `expectRuntimeCost`. Its
/// environment lacks `HomogeneousAggregateLiterals`: the cases with mixed list literals
/// (`[1.0, 1]`) do not compile in a CRD's and are counted apart.
#[test]
fn kubernetes_library_runtime_costs() {
    let table = super::runtime_cost_k8s_table::K8S_RUNTIME_COSTS;
    let mut wrong = Vec::new();
    let mut mixed = 0;
    for (test, expr, want) in table {
        match cost_with(expr, NONE, "{}", true, u64::MAX) {
            Err(0) => mixed += 1,
            Ok(got) if got == *want => {}
            got => wrong.push(format!("{test}: {expr}: {got:?}, want {want}")),
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {}: {wrong:#?}",
        wrong.len(),
        table.len()
    );
    assert_eq!((table.len(), mixed), (206, 19));
}

/// A type name is a constant (cel-go's planner: `planCheckedIdent` of a type's type), which the
/// tracker counts nothing for: `int`, `optional_type` and `net.IP` alike; a variable is a unit.
#[test]
fn type_names_cost_nothing() {
    let int = "{type: integer}";
    let cases = [
        ("type(1) == int", NONE, 2),
        ("int == int", NONE, 1),
        ("type(self) == int", int, 3),
        ("type(ip('1.2.3.4')) == net.IP", NONE, 3),
        ("type(cidr('10.0.0.0/8')) == net.CIDR", NONE, 3),
        ("net.IP == net.CIDR", NONE, 1),
        ("net.IP != .net.IP", NONE, 1),
        ("type(duration('1s')) == google.protobuf.Duration", NONE, 3),
        ("type(optional.of(1)) == optional_type", NONE, 3),
    ];
    for (expr, schema, want) in cases {
        let value = if schema == int { "1" } else { "{}" };
        assert_eq!(cost(expr, schema, value), want, "{expr}");
    }
}
