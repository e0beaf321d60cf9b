//! cel-go's type-checker table, ported as facts: the expressions of `testCases` in cel-go
//! v0.26.1 `checker/checker_test.go` (135 rows) and the error text cel-go expects for each (or
//! none), run as CRD rules here.
//!
//! How a row is run: the expression is the `rule` of a validation on `spec` (properties
//! [`PROPS`]). A row with an error must be refused with `compilation failed: <text>` where the
//! text equals cel-go's once all whitespace is removed on both sides (as cel-go's `test.Compare`
//! does). A row without an error must not be refused with a compile error. No wrapper is put
//! around the expression: the apiserver reports the compile (parse and check) issues before it
//! looks at the result type, so a non-bool expression keeps its own errors and columns, and a
//! non-bool expression that type-checks is refused only with `cel expression must evaluate to a
//! bool` (or, in principle, a cost error), which counts as "type-checks" here.
//!
//! Ported (71 rows): 54 rows needing only the standard environment (rows `1 + 2`, `[1] + [2]`,
//! `size([] + [1])` declare idents upstream that they do not use; the four cross-type comparison
//! rows set `CrossTypeNumericComparisons(true)`, which is the test's default and the
//! apiserver's); 4 rows needing only the optional syntax, which the Kubernetes environment
//! enables; 13 rows with idents of types a schema can declare, rewritten as properties of `self`
//! (`is` string, `ii` integer, `iz` boolean, `id` number, `ib` string of format byte, `x` list
//! of integers, `lists` and `t` (upstream `a` of type param `T`) int-or-string, i.e. dyn, `args`
//! map of dyn, `values` list of maps of strings, `a` map of strings); none of them expects an
//! error, so no expected column moves. The upstream expression is in a comment above each.
//!
//! Left out (64 rows):
//! - 42 need proto message types (TestAllTypes, Struct, Any, wrappers...) or a container.
//! - 9 need custom functions (`fg_s`, `fi_s_s`, `myfun`, `size` of a message, `base64.encode`,
//!   `set`).
//! - 9 need idents of types no schema declares: `iu` (uint), `ix` (null), optional-typed `a`/`b`
//!   (6 rows), `NotAMessage` (wrapper(int)).
//! - 1 (`x.all(y, y == true)`, `x` bool) expects an error and an ident: `self.` would move its
//!   columns.
//! - 1 sets `CrossTypeNumericComparisons(false)`, which the apiserver never does.
//! - 2 repeat a ported expression: the second `id` row, and the variadic-AST parse of
//!   `1 >= 1.0 && ...` (the parser option changes the AST shape, not the answer).
//!
//! Rows answered otherwise are listed in [`DIFFERENT`] (each still checked to differ): five,
//! all because the Kubernetes environment sets `cel.HomogeneousAggregateLiterals()` (cel-go's
//! test environment does not), whose validator's texts we give ([`HOMOGENEOUS`]).
//!
//! The Kubernetes environment declares more functions than cel-go's standard one, but no ported
//! row's answer depends on one being undeclared (`foo`, `x`, `Msg`, `fun`, `undef` are not
//! declared there either).

use super::{refused, spec};

const PROPS: &str = "{is: {type: string, maxLength: 16}, ii: {type: integer}, iz: {type: boolean}, id: {type: number}, ib: {type: string, format: byte, maxLength: 16}, x: {type: array, maxItems: 10, items: {type: integer}}, lists: {x-kubernetes-int-or-string: true}, t: {x-kubernetes-int-or-string: true}, args: {type: object, maxProperties: 10, additionalProperties: {x-kubernetes-int-or-string: true}}, values: {type: array, maxItems: 10, items: {type: object, maxProperties: 10, additionalProperties: {type: string, maxLength: 16}}}, a: {type: object, maxProperties: 10, additionalProperties: {type: string, maxLength: 16}}}";

/// (expression as run, cel-go's error text or "" when cel-go type-checks it).
const ROWS: &[(&str, &str)] = &[
    ("\"A\"", ""),
    ("12", ""),
    ("12u", ""),
    ("true", ""),
    ("false", ""),
    ("12.23", ""),
    ("null", ""),
    ("b\"ABC\"", ""),
    ("[]", ""),
    ("[1]", ""),
    ("[1, \"A\"]", ""),
    ("foo", "ERROR: <input>:1:1: undeclared reference to 'foo' (in container '')\n | foo\n | ^"),
    ("1 + 2", ""),
    ("[1] + [2]", ""),
    ("[] + [1,2,3,] + [4]", ""),
    ("[1, 2u] + []", ""),
    ("{1:2u, 2:3u}", ""),
    ("{\"a\":1, \"b\":2}.a", ""),
    ("{1:2u, 2u:3}", ""),
    ("int(1u) + int(uint(\"1\"))", ""),
    ("false && !true || false ? 2 : 3", ""),
    ("b\"abc\" + b\"def\"", ""),
    ("1.0 + 2.0 * 3.0 - 1.0 / 2.20202 != 66.6", ""),
    ("null == null && null != null", ""),
    ("1 == 1 && 2 != 1", ""),
    ("1 + 2 * 3 - 1 / 2 == 6 % 1", ""),
    ("\"abc\" + \"def\"", ""),
    ("1u + 2u * 3u - 1u / 2u == 6u % 1u", ""),
    ("size([] + [1])", ""),
    ("1 + x", "ERROR: <input>:1:5: undeclared reference to 'x' (in container '')\n | 1 + x\n | ....^"),
    ("list == type([1]) && map == type({1:2u})", ""),
    ("1 in [1, 2, 3]", ""),
    ("1 in dyn([1, 2, 3])", ""),
    ("type(null) == null_type", ""),
    ("type(type) == type", ""),
    ("([[[1]], [[2]], [[3]]][0][0] + [2, 3, {'four': {'five': 'six'}}])[3]", ""),
    ("[1] + [dyn('string')]", ""),
    ("[dyn('string')] + [1]", ""),
    ("[].map(x, [].map(y, x in y && y in x))", "ERROR: <input>:1:33: found no matching overload for '@in' applied to '(list(dyn), dyn)'\n | [].map(x, [].map(y, x in y && y in x))\n | ................................^"),
    ("{}", ""),
    ("int{}", "ERROR: <input>:1:4: 'int' is not a message type\n | int{}\n | ...^"),
    ("Msg{}", "ERROR: <input>:1:4: undeclared reference to 'Msg' (in container '')\n | Msg{}\n | ...^"),
    ("fun()", "ERROR: <input>:1:4: undeclared reference to 'fun' (in container '')\n | fun()\n | ...^"),
    ("'string'.fun()", "ERROR: <input>:1:13: undeclared reference to 'fun' (in container '')\n | 'string'.fun()\n | ............^"),
    ("[].length", "ERROR: <input>:1:3: type 'list(_var0)' does not support field selection\n | [].length\n | ..^"),
    ("1 <= 1.0 && 1u <= 1.0 && 1.0 <= 1 && 1.0 <= 1u && 1 <= 1u && 1u <= 1", ""),
    ("1 < 1.0 && 1u < 1.0 && 1.0 < 1 && 1.0 < 1u && 1 < 1u && 1u < 1", ""),
    ("1 > 1.0 && 1u > 1.0 && 1.0 > 1 && 1.0 > 1u && 1 > 1u && 1u > 1", ""),
    ("1 >= 1.0 && 1u >= 1.0 && 1.0 >= 1 && 1.0 >= 1u && 1 >= 1u && 1u >= 1", ""),
    ("[1].map(x, [x, x]).map(x, [x, x])", ""),
    ("[{}.map(c,c,c)]+[{}.map(c,c,c)]", ""),
    ("undef", "ERROR: <input>:1:1: undeclared reference to 'undef' (in container '')\n | undef\n | ^"),
    ("undef()", "ERROR: <input>:1:6: undeclared reference to 'undef' (in container '')\n | undef()\n | .....^"),
    ("{}.map(c,[c,type(c)])", ""),
    ("{?'key': {'a': 'b'}.?value}", ""),
    ("{?'key': {'a': 'b'}.?value}.key", ""),
    ("{?'key': 'hi'}", "ERROR: <input>:1:10: expected type 'optional_type(string)' but found 'string'\n | {?'key': 'hi'}\n | .........^"),
    ("[?'value']", "ERROR: <input>:1:3: expected type 'optional_type(string)' but found 'string'\n | [?'value']\n | ..^"),
    // upstream: is
    ("self.is", ""),
    // upstream: ii
    ("self.ii", ""),
    // upstream: iz
    ("self.iz", ""),
    // upstream: id
    ("self.id", ""),
    // upstream: ib
    ("self.ib", ""),
    // upstream: 1 + ii
    ("1 + self.ii", ""),
    // upstream: size(x) == x.size()
    ("size(self.x) == self.x.size()", ""),
    // upstream: lists.filter(x, x > 1.5)
    ("self.lists.filter(x, x > 1.5)", ""),
    // upstream: args.user["myextension"].customAttributes.filter(x, x.name == "hobbies")
    ("self.args.user[\"myextension\"].customAttributes.filter(x, x.name == \"hobbies\")", ""),
    // upstream: a.b + 1 == a[0]
    ("self.t.b + 1 == self.t[0]", ""),
    // upstream: values.filter(i, i.content != "").map(i, i.content)
    ("self.values.filter(i, i.content != \"\").map(i, i.content)", ""),
    // upstream: a.?b
    ("self.a.?b", ""),
    // upstream: type(a.?b) == optional_type
    ("type(self.a.?b) == optional_type", ""),
];

/// Rows we answer otherwise than cel-go (cel-go's answer and ours in a comment).
const DIFFERENT: &[&str] = &[
    // The first five are the Kubernetes environment's, not the checker's: it sets
    // `cel.HomogeneousAggregateLiterals()`, whose AST validator (run on the final types) refuses
    // mixed list elements and map keys or values, which cel-go's test environment allows. Our
    // texts are that validator's; see `HOMOGENEOUS`.
    //
    // cel-go: type-checks (list(dyn)). Ours: 1:5 expected type 'int' but found 'string'.
    "[1, \"A\"]",
    // cel-go: type-checks (list(dyn)). Ours: 1:5 expected type 'int' but found 'uint'.
    "[1, 2u] + []",
    // cel-go: type-checks (map(dyn, dyn)). Ours: 1:8 expected type 'int' but found 'uint', and
    // 1:11 expected type 'uint' but found 'int'.
    "{1:2u, 2u:3}",
    // cel-go: type-checks (dyn). Ours: 1:39 expected type 'int' but found
    // 'map(string, map(string, string))'.
    "([[[1]], [[2]], [[3]]][0][0] + [2, 3, {'four': {'five': 'six'}}])[3]",
    // cel-go: type-checks (list(list(dyn))). Ours: 1:17 expected type 'dyn' but found
    // 'type(dyn)'.
    "{}.map(c,[c,type(c)])",
];

/// The DIFFERENT rows due to the homogeneous-literal validator, with its text (cel-go v0.26.1
/// `cel/validator.go`: the first element, key or value type against each later one, compared
/// after substitution, so a free type variable is `dyn`).
const HOMOGENEOUS: &[(&str, &str)] = &[
    (
        "[1, \"A\"]",
        "ERROR: <input>:1:5: expected type 'int' but found 'string'\n | [1, \"A\"]\n | ....^",
    ),
    (
        "[1, 2u] + []",
        "ERROR: <input>:1:5: expected type 'int' but found 'uint'\n | [1, 2u] + []\n | ....^",
    ),
    (
        "{1:2u, 2u:3}",
        "ERROR: <input>:1:8: expected type 'int' but found 'uint'\n | {1:2u, 2u:3}\n | .......^\nERROR: <input>:1:11: expected type 'uint' but found 'int'\n | {1:2u, 2u:3}\n | ..........^",
    ),
    (
        "([[[1]], [[2]], [[3]]][0][0] + [2, 3, {'four': {'five': 'six'}}])[3]",
        "ERROR: <input>:1:39: expected type 'int' but found 'map(string, map(string, string))'\n | ([[[1]], [[2]], [[3]]][0][0] + [2, 3, {'four': {'five': 'six'}}])[3]\n | ......................................^",
    ),
    (
        "{}.map(c,[c,type(c)])",
        "ERROR: <input>:1:17: expected type 'dyn' but found 'type(dyn)'\n | {}.map(c,[c,type(c)])\n | ................^",
    ),
];

/// The compile error detail of `rule` on spec (`None` when it compiles).
fn compile_error(rule: &str) -> Option<String> {
    let rules = format!("[{{rule: {}}}]", serde_json::to_string(rule).unwrap());
    let errs = refused(&spec(PROPS, &rules));
    const AT: &str = "compilation failed: ";
    errs.iter()
        .find_map(|e| e.find(AT).map(|at| e[at + AT.len()..].to_string()))
}

fn squeezed(s: &str) -> String {
    s.chars()
        .filter(|c| !matches!(c, ' ' | '\n' | '\t' | '\r'))
        .collect()
}

/// `Err(ours)` when we answer `rule` otherwise than `want` (cel-go's text, "" for none).
fn answer(rule: &str, want: &str) -> Result<(), String> {
    match (compile_error(rule), want) {
        (None, "") => Ok(()),
        (Some(got), want) if !want.is_empty() && squeezed(&got) == squeezed(want) => Ok(()),
        (got, _) => Err(got.unwrap_or_else(|| "(compiles)".to_string())),
    }
}

#[test]
fn rows_answer_as_cel_go() {
    let mut wrong = Vec::new();
    for (rule, want) in ROWS {
        if DIFFERENT.contains(rule) {
            continue;
        }
        if let Err(got) = answer(rule, want) {
            wrong.push(format!("{rule}\n  cel-go: {want:?}\n  ours:   {got:?}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} rows differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn different_rows_still_differ() {
    for rule in DIFFERENT {
        let (_, want) = ROWS
            .iter()
            .find(|(r, _)| r == rule)
            .unwrap_or_else(|| panic!("not a row: {rule}"));
        assert!(answer(rule, want).is_err(), "now answers as cel-go: {rule}");
    }
}

#[test]
fn rows_are_distinct() {
    for (i, (rule, _)) in ROWS.iter().enumerate() {
        assert!(
            !ROWS[..i].iter().any(|(r, _)| r == rule),
            "repeated: {rule}"
        );
    }
}

#[test]
fn homogeneous_rows_give_the_validator_text() {
    for (rule, want) in HOMOGENEOUS {
        assert!(DIFFERENT.contains(rule), "not a DIFFERENT row: {rule}");
        assert_eq!(answer(rule, want), Ok(()), "{rule}");
    }
}
