//! cel-go v0.26.1 test tables ported as facts: `ext/comprehensions_test.go` (two-variable
//! comprehensions) and the CEL-observable cases of `common/types/string_test.go`,
//! `int_test.go`, `double_test.go`, `bytes_test.go`, `bool_test.go` and `timestamp_test.go`.
//! Rows are named after the upstream test, `/<index>` for the n-th assertion of a test function
//! (or of its table), `/<name>` for a named table row.
//!
//! How a row runs here: its expression is the only rule (with a `message`) of an empty `spec`,
//! compiled as a CRD's and run on one object. A row holds (`Holds`: the rule passes), fails at
//! run time with an error containing the given text (`Error`), or is refused by the CRD's
//! compile with an error containing the text (`Refused`: the checker, the apiserver's AST
//! validators, or cel-go's program creation, whose `OptOptimize` evaluates a type conversion of
//! a constant, `maybeOptimizeConstUnary`). A Go assertion on a value becomes a boolean rule:
//! `Compare` as `<`, `>` or `<=`/`>=`, `Equal` as `==`, a Go-level type mismatch (`Int(1).Add
//! (String("1"))`) as the same operation on `dyn` operands (which the checker lets through, so
//! the run-time dispatch answers), an erroring value inside a comparison.
//!
//! Adapted rows (kept beside the upstream row, which keeps the apiserver's refusal):
//! - `cel.bind` is not in the Kubernetes environment (`ext.Bindings` is not added): the rows
//!   using it are refused; an ` (inlined)` row substitutes the bound expression for the name.
//! - Mixed list literals are refused (`cel.ValidateHomogeneousAggregateLiterals`): `[0, 0u]`
//!   also runs as `[dyn(0), dyn(0u)]` (` (dyn)`).
//! - A failing conversion of a literal is refused at program creation; a ` (run)` row reaches
//!   the conversion at run time through `[<literal>][0]` (an index is not a constant).
//!
//! `TestTwoVarComprehensionsCost` is checked apart ([`COSTS`]): the value (true), the run-time
//! cost (cel-go's tracker, no `OptOptimize`, as `testEvalWithCost` plans it) and, for literal
//! rows, the estimated maximum (our estimator gives the maximum only, so upstream's minimum is
//! not compared). A variable `m` is read as `self` (the same unit of cost).
//!
//! Counts (upstream: Go assertions, a `ConvertToNative*` test function counted once; ported:
//! rows of the tables, adapted rows apart):
//! - `comprehensions_test.go`: 93 upstream (`TestTwoVarComprehensions` 35, `…Cost` 16,
//!   `…StaticErrors` 22, `…RuntimeErrors` 2, `…Version` 1, `…Unparse` 6, `…ResidualAST` 11);
//!   59 ported in [`COMPREHENSIONS`] (+9 adapted) and 14 cost rows in [`COSTS`] (39 checks).
//! - `string_test.go`: 41 upstream, 31 ported. `int_test.go`: 77, 65 (+4). `double_test.go`:
//!   58, 45 (+4). `bytes_test.go`: 20, 11 (+1). `bool_test.go`: 24, 14 (+1).
//!   `timestamp_test.go` (without the accessors): 32, 18 (+1).
//!
//! Left out:
//! - Not observable from CEL: the `ConvertToNative*` tests (string 7, int 10,
//!   double 8, bytes 7, bool 6, timestamp 2), `IsZeroValue` (string 2, int 2, double 4,
//!   bytes 2, bool 2, timestamp 2), `TestIsBool` (2), the conversions to `map` that no CEL
//!   function makes (string 1, double 1), `TestTwoVarComprehensionsVersion` (1), `…Unparse`
//!   (6, unparsing) and `…ResidualAST` (11, partial evaluation).
//! - Timestamps CEL cannot build (Unix seconds outside years 1–9999), 5:
//!   `TestTimestampOperators` `IntMaxAddOneSecond`, `MaxIntAddOneViaNanos`,
//!   `MinIntSubOneViaNanosOverflow`, `MinTimestampMinusOne`,
//!   `MinTimestampMinusOneViaNanosScaleOverflow`.
//! - Already ported as expressions in `library.rs` (`TIME`), 5: `TestTimestampOperators`
//!   `DateAddOneHourMinusOneMilli`, `DateAddOneHourOneNano`, `MaxTimestampAddOneSecond`,
//!   `SecondsWithNanosNegative`, `DateMinusDateDurationOverflow`; and the accessor tests
//!   `TestTimestampGet*` (9 functions, 23 assertions), ported elsewhere.
//! - `TestTwoVarComprehensionsCost`, 2: `all map(int,int) variable` (a CRD map has string
//!   keys) and `transformMap local bind` (`cel.bind`; its value is checked inlined in the main
//!   table); and the estimates of the variable rows (upstream's size hints for map keys and
//!   values have no CRD counterpart).
//!
//! Rows the apiserver refuses too are kept, as `Refused`: the `cel.bind` rows (7), the string
//! `reverse` rows (2, `ext.Strings` version 2), a mixed list (1), failing conversions of
//! constants (8, at program creation; 3 more by the timestamp and duration literal
//! validators).

use crate::test_support::json_of;

use super::rows::{agrees, Want};
use Want::*;

/// (name, rule, expected).
type Row = (&'static str, &'static str, Want);

const NSO: &str = "no such overload";
const BIND: &str = "undeclared reference to 'bind'";
const REVERSE: &str = "found no matching overload for 'reverse' applied to 'string.()'";
/// The run-time errors of overflow (`integer overflow` is also in `unsigned integer overflow`).
const INT_OVERFLOW: &str = "\"object\": integer overflow evaluating";
const UINT_OVERFLOW: &str = "unsigned integer overflow";
const INT_OVERFLOW_AT_PLAN: &str = "program instantiation failed: integer overflow";
const UINT_OVERFLOW_AT_PLAN: &str = "program instantiation failed: unsigned integer overflow";
const NSO_AT_PLAN: &str = "program instantiation failed: no such overload";
const NAN: &str = "NaN values cannot be ordered";

/// `ext/comprehensions_test.go`: `TestTwoVarComprehensions` (each true),
/// `TestTwoVarComprehensionsStaticErrors`, `TestTwoVarComprehensionsRuntimeErrors`.
const COMPREHENSIONS: &[Row] = &[
    ("TestTwoVarComprehensions/0", "[1, 2, 3, 4].all(i, v, i < 5 && v > 0)", Holds),
    ("TestTwoVarComprehensions/1", "[1, 2, 3, 4].all(i, v, i < v)", Holds),
    ("TestTwoVarComprehensions/2", "[1, 2, 3, 4].all(i, v, i > v) == false", Holds),
    (
        "TestTwoVarComprehensions/3",
        "cel.bind(listA, [1, 2, 3, 4], cel.bind(listB, [1, 2, 3, 4, 5], listA.all(i, v, listB[?i].hasValue() && listB[i] == v)))",
        Refused(BIND),
    ),
    (
        "TestTwoVarComprehensions/3 (inlined)",
        "[1, 2, 3, 4].all(i, v, [1, 2, 3, 4, 5][?i].hasValue() && [1, 2, 3, 4, 5][i] == v)",
        Holds,
    ),
    (
        "TestTwoVarComprehensions/4",
        "cel.bind(listA, [1, 2, 3, 4, 5, 6], cel.bind(listB, [1, 2, 3, 4, 5], listA.all(i, v, listB[?i].hasValue() && listB[i] == v))) == false",
        Refused(BIND),
    ),
    (
        "TestTwoVarComprehensions/4 (inlined)",
        "[1, 2, 3, 4, 5, 6].all(i, v, [1, 2, 3, 4, 5][?i].hasValue() && [1, 2, 3, 4, 5][i] == v) == false",
        Holds,
    ),
    (
        "TestTwoVarComprehensions/5",
        "cel.bind(l, ['hello', 'world', 'hello!', 'worlds'], l.exists(i, v, v.startsWith('hello') && l[?(i+1)].optMap(next, next.endsWith('world')).orValue(false)))",
        Refused(BIND),
    ),
    (
        "TestTwoVarComprehensions/5 (inlined)",
        "['hello', 'world', 'hello!', 'worlds'].exists(i, v, v.startsWith('hello') && ['hello', 'world', 'hello!', 'worlds'][?(i+1)].optMap(next, next.endsWith('world')).orValue(false))",
        Holds,
    ),
    (
        "TestTwoVarComprehensions/6",
        "cel.bind(l, ['hello', 'world', 'hello!', 'worlds'], l.existsOne(i, v, v.startsWith('hello') && l[?(i+1)].optMap(next, next.endsWith('world')).orValue(false)))",
        Refused(BIND),
    ),
    (
        "TestTwoVarComprehensions/6 (inlined)",
        "['hello', 'world', 'hello!', 'worlds'].existsOne(i, v, v.startsWith('hello') && ['hello', 'world', 'hello!', 'worlds'][?(i+1)].optMap(next, next.endsWith('world')).orValue(false))",
        Holds,
    ),
    (
        "TestTwoVarComprehensions/7",
        r#"cel.bind(l, ['hello', 'goodbye', 'hello!', 'goodbye'], l.exists_one(i, v, v.startsWith('hello') && l[?(i+1)].optMap(next, next == "goodbye").orValue(false))) == false"#,
        Refused(BIND),
    ),
    (
        "TestTwoVarComprehensions/7 (inlined)",
        r#"['hello', 'goodbye', 'hello!', 'goodbye'].exists_one(i, v, v.startsWith('hello') && ['hello', 'goodbye', 'hello!', 'goodbye'][?(i+1)].optMap(next, next == "goodbye").orValue(false)) == false"#,
        Holds,
    ),
    (
        "TestTwoVarComprehensions/8",
        r#"['Hello', 'world'].transformList(i, v, "[%d]%s".format([i, v.lowerAscii()])) == ["[0]hello", "[1]world"]"#,
        Holds,
    ),
    (
        "TestTwoVarComprehensions/9",
        r#"['hello', 'world'].transformList(i, v, v.startsWith('greeting'), "[%d]%s".format([i, v])) == []"#,
        Holds,
    ),
    (
        "TestTwoVarComprehensions/10",
        "[1, 2, 3].transformList(indexVar, valueVar, (indexVar * valueVar) + valueVar) == [1, 4, 9]",
        Holds,
    ),
    (
        "TestTwoVarComprehensions/11",
        "[1, 2, 3].transformList(indexVar, valueVar, indexVar % 2 == 0, (indexVar * valueVar) + valueVar) == [1, 9]",
        Holds,
    ),
    (
        "TestTwoVarComprehensions/12",
        "['Hello', 'world'].transformMap(i, v, [v.lowerAscii()]) == {0: ['hello'], 1: ['world']}",
        Holds,
    ),
    (
        "TestTwoVarComprehensions/13",
        "// round-tripping example\n['world', 'Hello'].transformMap(i, v, [v.lowerAscii()])\n  .transformList(k, v, v) // extract the list back form the map\n  .flatten()\n  .sort() == ['hello', 'world']",
        Holds,
    ),
    (
        "TestTwoVarComprehensions/14",
        "[1, 2, 3].transformMap(indexVar, valueVar, (indexVar * valueVar) + valueVar) == {0: 1, 1: 4, 2: 9}",
        Holds,
    ),
    (
        "TestTwoVarComprehensions/15",
        "[1, 2, 3].transformMap(indexVar, valueVar, indexVar % 2 == 0, (indexVar * valueVar) + valueVar) == {0: 1, 2: 9}",
        Holds,
    ),
    (
        "TestTwoVarComprehensions/16",
        r#""key1:value1 key2:value2 key3:value3".split(" ").transformMapEntry(i, v, cel.bind(entry, v.split(":"), entry.size() == 2 ? {entry[0]: entry[1]} : {})) == {'key1': 'value1', 'key2': 'value2', 'key3': 'value3'}"#,
        Refused(BIND),
    ),
    (
        "TestTwoVarComprehensions/16 (inlined)",
        r#""key1:value1 key2:value2 key3:value3".split(" ").transformMapEntry(i, v, v.split(":").size() == 2 ? {v.split(":")[0]: v.split(":")[1]} : {}) == {'key1': 'value1', 'key2': 'value2', 'key3': 'value3'}"#,
        Holds,
    ),
    (
        "TestTwoVarComprehensions/17",
        r#""key1:value1:extra key2:value2 key3".split(" ").transformMapEntry(i, v, cel.bind(entry, v.split(":"), {?entry[0]: entry[?1]})) == {'key1': 'value1', 'key2': 'value2'}"#,
        Refused(BIND),
    ),
    (
        "TestTwoVarComprehensions/17 (inlined)",
        r#""key1:value1:extra key2:value2 key3".split(" ").transformMapEntry(i, v, {?v.split(":")[0]: v.split(":")[?1]}) == {'key1': 'value1', 'key2': 'value2'}"#,
        Holds,
    ),
    (
        "TestTwoVarComprehensions/18",
        "{'hello': 'world', 'hello!': 'world'}.all(k, v, k.startsWith('hello') && v == 'world')",
        Holds,
    ),
    (
        "TestTwoVarComprehensions/19",
        "{'hello': 'world', 'hello!': 'worlds'}.all(k, v, k.startsWith('hello') && v.endsWith('world')) == false",
        Holds,
    ),
    (
        "TestTwoVarComprehensions/20",
        "{'hello': 'world', 'hello!': 'worlds'}.exists(k, v, k.startsWith('hello') && v.endsWith('world'))",
        Holds,
    ),
    (
        "TestTwoVarComprehensions/21",
        "{'hello': 'world', 'hello!': 'worlds'}.existsOne(k, v, k.startsWith('hello') && v.endsWith('world'))",
        Holds,
    ),
    (
        "TestTwoVarComprehensions/22",
        "{'hello': 'world', 'hello!': 'worlds'}.exists_one(k, v, k.startsWith('hello') && v.endsWith('world'))",
        Holds,
    ),
    (
        "TestTwoVarComprehensions/23",
        "{'hello': 'world', 'hello!': 'wow, world'}.exists_one(k, v, k.startsWith('hello') && v.endsWith('world')) == false",
        Holds,
    ),
    (
        "TestTwoVarComprehensions/24",
        r#"{'Hello': 'world'}.transformList(k, v, "%s=%s".format([k.lowerAscii(), v])) == ["hello=world"]"#,
        Holds,
    ),
    (
        "TestTwoVarComprehensions/25",
        r#"dyn({'Hello': 'world'}).transformList(k, v, "%s=%s".format([k.lowerAscii(), v])) == ["hello=world"]"#,
        Holds,
    ),
    (
        "TestTwoVarComprehensions/26",
        r#"{'hello': 'world'}.transformList(k, v, k.startsWith('greeting'), "%s=%s".format([k, v])) == []"#,
        Holds,
    ),
    (
        "TestTwoVarComprehensions/27",
        "{'greeting': 'hello', 'farewell': 'goodbye'}.transformList(k, _, k).sort() == ['farewell', 'greeting']",
        Holds,
    ),
    (
        "TestTwoVarComprehensions/28",
        "{'greeting': 'hello', 'farewell': 'goodbye'}.transformList(_, v, v).sort() == ['goodbye', 'hello']",
        Holds,
    ),
    (
        "TestTwoVarComprehensions/29",
        r#"{'hello': 'world', 'goodbye': 'cruel world'}.transformMap(k, v, "%s, %s!".format([k, v])) == {'hello': 'hello, world!', 'goodbye': 'goodbye, cruel world!'}"#,
        Holds,
    ),
    (
        "TestTwoVarComprehensions/30",
        r#"dyn({'hello': 'world', 'goodbye': 'cruel world'}).transformMap(k, v, "%s, %s!".format([k, v])) == {'hello': 'hello, world!', 'goodbye': 'goodbye, cruel world!'}"#,
        Holds,
    ),
    (
        "TestTwoVarComprehensions/31",
        r#"{'hello': 'world', 'goodbye': 'cruel world'}.transformMap(k, v, v.startsWith('world'), "%s, %s!".format([k, v])) == {'hello': 'hello, world!'}"#,
        Holds,
    ),
    // Strings version 2 in the apiserver: no `reverse` on strings.
    (
        "TestTwoVarComprehensions/32",
        "{'hello': 'world', 'greetings': 'tacocat'}.transformMapEntry(k, v, {k.reverse(): v.reverse()}) == {'olleh': 'dlrow', 'sgniteerg': 'tacocat'}",
        Refused(REVERSE),
    ),
    (
        "TestTwoVarComprehensions/33",
        "{'hello': 'world', 'greetings': 'tacocat'}.transformMapEntry(k, v, v.reverse() == v, {k.reverse(): v.reverse()}) == {'sgniteerg': 'tacocat'}",
        Refused(REVERSE),
    ),
    (
        "TestTwoVarComprehensions/34",
        "{'hello': 'world', 'greetings': 'tacocat'}.transformMapEntry(k, v, {}) == {}",
        Holds,
    ),
    (
        "TestTwoVarComprehensionsCost/transformMap local bind (inlined)",
        r#"{"hello": "hello"}.transformMap(k, v, v + "world") == {"hello": "helloworld"}"#,
        Holds,
    ),
    (
        "TestTwoVarComprehensionsStaticErrors/0",
        "[].all(i, i, i < i)",
        Refused("duplicate variable name: i"),
    ),
    (
        "TestTwoVarComprehensionsStaticErrors/1",
        "[].all(__result__, i, __result__ < i)",
        Refused("iteration variable overwrites accumulator variable"),
    ),
    (
        "TestTwoVarComprehensionsStaticErrors/2",
        "[].all(j, __result__, __result__ < j)",
        Refused("iteration variable overwrites accumulator variable"),
    ),
    (
        "TestTwoVarComprehensionsStaticErrors/3",
        "[].all(i.j, k, i.j < k)",
        Refused("argument must be a simple name"),
    ),
    (
        "TestTwoVarComprehensionsStaticErrors/4",
        "[].all(j, i.k, j < i.k)",
        Refused("argument must be a simple name"),
    ),
    (
        "TestTwoVarComprehensionsStaticErrors/5",
        "1.all(j, k, j < k)",
        Refused("cannot be range"),
    ),
    (
        "TestTwoVarComprehensionsStaticErrors/6",
        "[].exists(i.j, k, i.j < k)",
        Refused("argument must be a simple name"),
    ),
    (
        "TestTwoVarComprehensionsStaticErrors/7",
        "[].exists(j, i.k, j < i.k)",
        Refused("argument must be a simple name"),
    ),
    (
        "TestTwoVarComprehensionsStaticErrors/8",
        "''.exists(j, k, j < k)",
        Refused("cannot be range"),
    ),
    (
        "TestTwoVarComprehensionsStaticErrors/9",
        "[].exists_one(i.j, k, i.j < k)",
        Refused("argument must be a simple name"),
    ),
    (
        "TestTwoVarComprehensionsStaticErrors/10",
        "[].existsOne(j, i.k, j < i.k)",
        Refused("argument must be a simple name"),
    ),
    (
        "TestTwoVarComprehensionsStaticErrors/11",
        "[].exists_one(i.j, k, i.j < k)",
        Refused("argument must be a simple name"),
    ),
    (
        "TestTwoVarComprehensionsStaticErrors/12",
        "''.existsOne(j, k, j < k)",
        Refused("cannot be range"),
    ),
    (
        "TestTwoVarComprehensionsStaticErrors/13",
        "[].transformList(i.j, k, i.j + k)",
        Refused("argument must be a simple name"),
    ),
    (
        "TestTwoVarComprehensionsStaticErrors/14",
        "[].transformList(j, i.k, j + i.k)",
        Refused("argument must be a simple name"),
    ),
    (
        "TestTwoVarComprehensionsStaticErrors/15",
        "{}.transformMap(i.j, k, i.j + k)",
        Refused("argument must be a simple name"),
    ),
    (
        "TestTwoVarComprehensionsStaticErrors/16",
        "{}.transformMap(j, i.k, j + i.k)",
        Refused("argument must be a simple name"),
    ),
    (
        "TestTwoVarComprehensionsStaticErrors/17",
        "{}.transformMapEntry(j, i.k, {j: i.k})",
        Refused("argument must be a simple name"),
    ),
    (
        "TestTwoVarComprehensionsStaticErrors/18",
        "{}.transformMapEntry(i.j, k, {k: i.j})",
        Refused("argument must be a simple name"),
    ),
    (
        "TestTwoVarComprehensionsStaticErrors/19",
        "{}.transformMapEntry(j, k, 'bad filter', {k: j})",
        Refused("no matching overload"),
    ),
    (
        "TestTwoVarComprehensionsStaticErrors/20",
        "[1, 2].transformList(i, v, v % 2 == 0 ? [v] : v)",
        Refused("no matching overload"),
    ),
    (
        "TestTwoVarComprehensionsStaticErrors/21",
        "{'hello': 'world', 'greetings': 'tacocat'}.transformMapEntry(k, v, []) == {}",
        Refused("no matching overload"),
    ),
    (
        "TestTwoVarComprehensionsRuntimeErrors/0",
        "[1, 1].transformMapEntry(i, v, {v: i}).size() > 0",
        Error("insert failed: key 1 already exists"),
    ),
    (
        "TestTwoVarComprehensionsRuntimeErrors/1",
        "[0, 0u].transformMapEntry(i, v, {v: i}).size() > 0",
        Refused("expected type 'int' but found 'uint'"),
    ),
    (
        "TestTwoVarComprehensionsRuntimeErrors/1 (dyn)",
        "[dyn(0), dyn(0u)].transformMapEntry(i, v, {v: i}).size() > 0",
        Error("insert failed: key 0 already exists"),
    ),
];

/// `common/types/string_test.go`.
const STRING: &[Row] = &[
    (
        "TestStringAdd/0",
        "'hello' + ' world' == 'hello world'",
        Holds,
    ),
    (
        "TestStringAdd/1",
        "dyn('goodbye') + dyn(1) == dyn('goodbye1')",
        Error(NSO),
    ),
    ("TestStringCompare/0", "'a' < 'bbbb'", Holds),
    ("TestStringCompare/1", "'a' <= 'a' && 'a' >= 'a'", Holds),
    ("TestStringCompare/2", "'c' > 'bbbb'", Holds),
    ("TestStringCompare/3", "dyn('a') < dyn(true)", Error(NSO)),
    ("TestStringConvertToType/0", "int('-1') == -1", Holds),
    ("TestStringConvertToType/1", "bool('false') == false", Holds),
    ("TestStringConvertToType/2", "uint('1') == 1u", Holds),
    (
        "TestStringConvertToType/3",
        "timestamp('2017-01-01T00:00:00Z') == timestamp(1483228800)",
        Holds,
    ),
    (
        "TestStringConvertToType/4",
        "duration('1h5s') == duration('3605s')",
        Holds,
    ),
    ("TestStringConvertToType/5", "double('2.5') == 2.5", Holds),
    (
        "TestStringConvertToType/6",
        "bytes('hello') == b'hello'",
        Holds,
    ),
    (
        "TestStringConvertToType/7",
        "type('goodbye') == string",
        Holds,
    ),
    (
        "TestStringConvertToType/8",
        "string('goodbye') == 'goodbye'",
        Holds,
    ),
    ("TestStringEqual/0", "'hello' == 'hello'", Holds),
    ("TestStringEqual/1", "!('hello' == 'hell')", Holds),
    ("TestStringEqual/2", "!(dyn('c') == dyn(99))", Holds),
    (
        "TestStringMatch/0",
        "'hello 1 world'.matches('^hello')",
        Holds,
    ),
    (
        "TestStringMatch/1",
        r"'hello 1 world'.matches('\\d world$')",
        Holds,
    ),
    (
        "TestStringMatch/2",
        "!'hello 1 world'.matches('ello 1 worlds')",
        Holds,
    ),
    (
        "TestStringMatch/3",
        "dyn('hello 1 world').matches(dyn(1))",
        Error(NSO),
    ),
    ("TestStringContains/0", "'goodbye'.contains('db')", Holds),
    (
        "TestStringContains/1",
        "!'goodbye'.contains('ggood')",
        Holds,
    ),
    ("TestStringEndsWith/0", "'goodbye'.endsWith('bye')", Holds),
    ("TestStringEndsWith/1", "!'goodbye'.endsWith('good')", Holds),
    (
        "TestStringStartsWith/0",
        "'goodbye'.startsWith('good')",
        Holds,
    ),
    (
        "TestStringStartsWith/1",
        "!'goodbye'.startsWith('db')",
        Holds,
    ),
    ("TestStringSize/0", "''.size() == 0", Holds),
    ("TestStringSize/1", "'hello world'.size() == 11", Holds),
    (
        "TestStringSize/2",
        r"'\u65e5\u672c\u8a9e'.size() == 3",
        Holds,
    ),
];

/// `common/types/int_test.go`.
const INT: &[Row] = &[
    ("TestIntAdd/0", "4 + -3 == 1", Holds),
    ("TestIntAdd/1", "dyn(-1) + dyn('-1') == dyn(0)", Error(NSO)),
    (
        "TestIntAdd/2",
        "9223372036854775807 + 1 > 0",
        Error(INT_OVERFLOW),
    ),
    (
        "TestIntAdd/3",
        "-9223372036854775808 + -1 < 0",
        Error(INT_OVERFLOW),
    ),
    (
        "TestIntAdd/4",
        "9223372036854775806 + 1 == 9223372036854775807",
        Holds,
    ),
    (
        "TestIntAdd/5",
        "-9223372036854775807 + -1 == -9223372036854775808",
        Holds,
    ),
    ("TestIntCompare/0", "42 <= 42 && 42 >= 42", Holds),
    ("TestIntCompare/1", "42 <= 42u && 42 >= 42u", Holds),
    ("TestIntCompare/2", "42 <= 42.0 && 42 >= 42.0", Holds),
    ("TestIntCompare/3", "-1300 < 204", Holds),
    ("TestIntCompare/4", "-1300 < 204u", Holds),
    ("TestIntCompare/5", "204 < 204.1", Holds),
    ("TestIntCompare/6", "1300 < 9223372036854775808u", Holds),
    ("TestIntCompare/7", "204 < 205u", Holds),
    (
        "TestIntCompare/8",
        "204 < 9223372036854775807.0 + 1025.0",
        Holds,
    ),
    ("TestIntCompare/9", "204 < 0.0 / 0.0", Error(NAN)),
    ("TestIntCompare/10", "204 > -1300", Holds),
    ("TestIntCompare/11", "204 > 10u", Holds),
    ("TestIntCompare/12", "204 > 203.9", Holds),
    (
        "TestIntCompare/13",
        "204 > -9223372036854775808.0 - 1025.0",
        Holds,
    ),
    ("TestIntCompare/14", "dyn(1) < dyn('1')", Error(NSO)),
    ("TestIntConvertToType/IntToType", "type(4) == int", Holds),
    ("TestIntConvertToType/IntToInt", "int(4) == 4", Holds),
    ("TestIntConvertToType/IntToUint", "uint(4) == 4u", Holds),
    (
        "TestIntConvertToType/IntToUintOverflow",
        "uint(-1) == 1u",
        Refused(UINT_OVERFLOW_AT_PLAN),
    ),
    (
        "TestIntConvertToType/IntToUintOverflow (run)",
        "uint([-1][0]) == 1u",
        Error(UINT_OVERFLOW),
    ),
    (
        "TestIntConvertToType/IntToDouble",
        "double(4) == 4.0",
        Holds,
    ),
    (
        "TestIntConvertToType/IntToString",
        "string(-4) == '-4'",
        Holds,
    ),
    (
        "TestIntConvertToType/IntToTimestamp",
        "timestamp(946684800) == timestamp('2000-01-01T00:00:00Z')",
        Holds,
    ),
    (
        "TestIntConvertToType/IntToTimestampPosOverflow",
        "timestamp(253402300800) > timestamp(0)",
        Refused("invalid timestamp argument"),
    ),
    (
        "TestIntConvertToType/IntToTimestampPosOverflow (run)",
        "timestamp([253402300800][0]) > timestamp(0)",
        Error("timestamp overflow"),
    ),
    (
        "TestIntConvertToType/IntToTimestampMinOverflow",
        "timestamp(-62135596801) < timestamp(0)",
        Refused("invalid timestamp argument"),
    ),
    (
        "TestIntConvertToType/IntToTimestampMinOverflow (run)",
        "timestamp([-62135596801][0]) < timestamp(0)",
        Error("timestamp overflow"),
    ),
    (
        "TestIntConvertToType/IntToUnsupportedType",
        "duration(4) == duration('4s')",
        Refused("invalid duration argument"),
    ),
    (
        "TestIntConvertToType/IntToUnsupportedType (run)",
        "duration([4][0]) == duration('4s')",
        Error("type conversion error from 'int' to 'google.protobuf.Duration'"),
    ),
    ("TestIntDivide/0", "3 / 2 == 1", Holds),
    ("TestIntDivide/1", "0 / 0 == 0", Error("division by zero")),
    (
        "TestIntDivide/2",
        "dyn(1) / dyn(-1.0) == dyn(-1)",
        Error(NSO),
    ),
    (
        "TestIntDivide/3",
        "-9223372036854775808 / -1 > 0",
        Error(INT_OVERFLOW),
    ),
    ("TestIntEqual/0", "-10 == -10", Holds),
    ("TestIntEqual/1", "!(-10 == 10)", Holds),
    ("TestIntEqual/2", "dyn(10) == 10u", Holds),
    ("TestIntEqual/3", "!(dyn(9) == 10u)", Holds),
    ("TestIntEqual/4", "dyn(10) == 10.0", Holds),
    ("TestIntEqual/5", "!(dyn(10) == -10.5)", Holds),
    ("TestIntEqual/6", "!(dyn(10) == 0.0 / 0.0)", Holds),
    ("TestIntEqual/7", "!(dyn(1) == '1')", Holds),
    ("TestIntModulo/0", "21 % 2 == 1", Holds),
    ("TestIntModulo/1", "21 % 0 == 0", Error("modulus by zero")),
    ("TestIntModulo/2", "dyn(21) % dyn(0u) == dyn(0)", Error(NSO)),
    (
        "TestIntModulo/3",
        "-9223372036854775808 % -1 == 0",
        Error(INT_OVERFLOW),
    ),
    ("TestIntMultiply/0", "2 * -2 == -4", Holds),
    (
        "TestIntMultiply/1",
        "dyn(1) * dyn(-4.0) == dyn(-4)",
        Error(NSO),
    ),
    (
        "TestIntMultiply/2",
        "4611686018427387903 * 3 > 0",
        Error(INT_OVERFLOW),
    ),
    (
        "TestIntMultiply/3",
        "-4611686018427387904 * 3 < 0",
        Error(INT_OVERFLOW),
    ),
    (
        "TestIntMultiply/4",
        "4611686018427387903 * 2 == 9223372036854775806",
        Holds,
    ),
    (
        "TestIntMultiply/5",
        "-4611686018427387904 * 2 == -9223372036854775808",
        Holds,
    ),
    (
        "TestIntMultiply/6",
        "4611686018427387903 * -2 == -9223372036854775806",
        Holds,
    ),
    (
        "TestIntMultiply/7",
        "-4611686018427387903 * -2 == 9223372036854775806",
        Holds,
    ),
    (
        "TestIntMultiply/8",
        "-9223372036854775808 * -1 > 0",
        Error(INT_OVERFLOW),
    ),
    ("TestIntNegate/0", "-(1) == -1", Holds),
    (
        "TestIntNegate/1",
        "-(-9223372036854775808) > 0",
        Error(INT_OVERFLOW),
    ),
    (
        "TestIntNegate/2",
        "-(9223372036854775807) == -9223372036854775807",
        Holds,
    ),
    ("TestIntSubtract/0", "4 - -3 == 7", Holds),
    (
        "TestIntSubtract/1",
        "dyn(1) - dyn(1u) == dyn(0)",
        Error(NSO),
    ),
    (
        "TestIntSubtract/2",
        "9223372036854775807 - -1 > 0",
        Error(INT_OVERFLOW),
    ),
    (
        "TestIntSubtract/3",
        "-9223372036854775808 - 1 < 0",
        Error(INT_OVERFLOW),
    ),
    (
        "TestIntSubtract/4",
        "9223372036854775806 - -1 == 9223372036854775807",
        Holds,
    ),
    (
        "TestIntSubtract/5",
        "-9223372036854775807 - 1 == -9223372036854775808",
        Holds,
    ),
];

/// `common/types/double_test.go`.
const DOUBLE: &[Row] = &[
    ("TestDoubleAdd/0", "4.0 + -3.5 == 0.5", Holds),
    (
        "TestDoubleAdd/1",
        "dyn(-1.0) + dyn('-1') == dyn(0.0)",
        Error(NSO),
    ),
    ("TestDoubleCompare/0", "42.0 <= 42.0 && 42.0 >= 42.0", Holds),
    ("TestDoubleCompare/1", "42.0 <= 42u && 42.0 >= 42u", Holds),
    ("TestDoubleCompare/2", "42.0 <= 42 && 42.0 >= 42", Holds),
    ("TestDoubleCompare/3", "-1300.0 < 204.0", Holds),
    ("TestDoubleCompare/4", "-1300.0 < 204u", Holds),
    ("TestDoubleCompare/5", "203.9 < 204", Holds),
    (
        "TestDoubleCompare/6",
        "1300.0 < 9223372036854775808u",
        Holds,
    ),
    ("TestDoubleCompare/7", "204.0 < 205u", Holds),
    (
        "TestDoubleCompare/8",
        "204.0 < 9223372036854775807.0 + 1025.0",
        Holds,
    ),
    ("TestDoubleCompare/9", "204.0 < 0.0 / 0.0", Error(NAN)),
    ("TestDoubleCompare/10", "0.0 / 0.0 < 204.0", Error(NAN)),
    ("TestDoubleCompare/11", "204.0 > -1300.0", Holds),
    ("TestDoubleCompare/12", "204.0 > 10u", Holds),
    ("TestDoubleCompare/13", "204.1 > 204", Holds),
    ("TestDoubleCompare/14", "dyn(1.0) < dyn('1')", Error(NSO)),
    (
        "TestDoubleConvertToType/DoubleToDouble",
        "double(-4.2) == -4.2",
        Holds,
    ),
    (
        "TestDoubleConvertToType/DoubleToType",
        "type(-4.2) == double",
        Holds,
    ),
    (
        "TestDoubleConvertToType/DoubleToInt",
        "int(4.2) == 4",
        Holds,
    ),
    (
        "TestDoubleConvertToType/DoubleToIntNaN",
        "int(0.0 / 0.0) == 0",
        Error(INT_OVERFLOW),
    ),
    (
        "TestDoubleConvertToType/DoubleToIntPosInf",
        "int(1.0 / 0.0) == 0",
        Error(INT_OVERFLOW),
    ),
    (
        "TestDoubleConvertToType/DoubleToIntPosOverflow",
        "int(9223372036854775807.0) > 0",
        Refused(INT_OVERFLOW_AT_PLAN),
    ),
    (
        "TestDoubleConvertToType/DoubleToIntPosOverflow (run)",
        "int([9223372036854775807.0][0]) > 0",
        Error(INT_OVERFLOW),
    ),
    (
        "TestDoubleConvertToType/DoubleToIntNegOverflow",
        "int(-9223372036854775808.0) < 0",
        Refused(INT_OVERFLOW_AT_PLAN),
    ),
    (
        "TestDoubleConvertToType/DoubleToIntNegOverflow (run)",
        "int([-9223372036854775808.0][0]) < 0",
        Error(INT_OVERFLOW),
    ),
    (
        "TestDoubleConvertToType/DoubleToUint",
        "uint(4.7) == 4u",
        Holds,
    ),
    (
        "TestDoubleConvertToType/DoubleToUintNaN",
        "uint(0.0 / 0.0) == 0u",
        Error(UINT_OVERFLOW),
    ),
    (
        "TestDoubleConvertToType/DoubleToUintPosInf",
        "uint(1.0 / 0.0) == 0u",
        Error(UINT_OVERFLOW),
    ),
    (
        "TestDoubleConvertToType/DoubleToUintPosOverflow",
        "uint(18446744073709551615.0) > 0u",
        Refused(UINT_OVERFLOW_AT_PLAN),
    ),
    (
        "TestDoubleConvertToType/DoubleToUintPosOverflow (run)",
        "uint([18446744073709551615.0][0]) > 0u",
        Error(UINT_OVERFLOW),
    ),
    (
        "TestDoubleConvertToType/DoubleToUintNegOverflow",
        "uint(-0.1) == 0u",
        Refused(UINT_OVERFLOW_AT_PLAN),
    ),
    (
        "TestDoubleConvertToType/DoubleToUintNegOverflow (run)",
        "uint([-0.1][0]) == 0u",
        Error(UINT_OVERFLOW),
    ),
    (
        "TestDoubleConvertToType/DoubleToString",
        "string(4.5) == '4.5'",
        Holds,
    ),
    ("TestDoubleDivide/0", "3.0 / 1.5 == 2.0", Holds),
    ("TestDoubleDivide/1", "1.1 / 0.0 == 1.0 / 0.0", Holds),
    (
        "TestDoubleDivide/2",
        "dyn(1.1) / dyn(-1) == dyn(-1.1)",
        Error(NSO),
    ),
    ("TestDoubleEqual/0", "-10.0 == -10.0", Holds),
    ("TestDoubleEqual/1", "!(-10.0 == 10.0)", Holds),
    ("TestDoubleEqual/2", "dyn(10.0) == 10u", Holds),
    ("TestDoubleEqual/3", "!(dyn(9.0) == 10u)", Holds),
    ("TestDoubleEqual/4", "dyn(10.0) == 10", Holds),
    ("TestDoubleEqual/5", "!(dyn(10.0) == -15)", Holds),
    ("TestDoubleEqual/6", "!(dyn(0.0 / 0.0) == 10)", Holds),
    ("TestDoubleMultiply/0", "1.1 * -1.2 == -1.32", Holds),
    (
        "TestDoubleMultiply/1",
        "dyn(1.1) * dyn(-1) == dyn(-1.1)",
        Error(NSO),
    ),
    ("TestDoubleNegate/0", "-(1.1) == -1.1", Holds),
    ("TestDoubleSubtract/0", "4.0 - -3.5 == 7.5", Holds),
    (
        "TestDoubleSubtract/1",
        "dyn(1.1) - dyn(-1) == dyn(2.1)",
        Error(NSO),
    ),
];

/// `common/types/bytes_test.go`.
const BYTES: &[Row] = &[
    (
        "TestBytesAdd/0",
        "b'hello' + b'world' == b'helloworld'",
        Holds,
    ),
    (
        "TestBytesAdd/1",
        "dyn(b'hello') + dyn('world') == dyn(b'helloworld')",
        Error(NSO),
    ),
    ("TestBytesCompare/0", "b'1234' < b'2345'", Holds),
    ("TestBytesCompare/1", "b'2345' > b'1234'", Holds),
    (
        "TestBytesCompare/2",
        "b'2345' <= b'2345' && b'2345' >= b'2345'",
        Holds,
    ),
    ("TestBytesCompare/3", "dyn(b'1') < dyn('1')", Error(NSO)),
    (
        "TestBytesConvertToType/0",
        "bytes(b'hello world') == b'hello world'",
        Holds,
    ),
    (
        "TestBytesConvertToType/1",
        "string(b'hello world') == 'hello world'",
        Holds,
    ),
    (
        "TestBytesConvertToType/2",
        "type(b'hello world') == bytes",
        Holds,
    ),
    (
        "TestBytesConvertToType/3",
        "int(dyn(b'hello')) == 0",
        Refused(NSO_AT_PLAN),
    ),
    (
        "TestBytesConvertToType/3 (run)",
        "int([dyn(b'hello')][0]) == 0",
        Error(NSO),
    ),
    ("TestBytesSize/0", "b'1234567890'.size() == 10", Holds),
];

/// `common/types/bool_test.go`.
const BOOL: &[Row] = &[
    ("TestBoolCompare/0", "false < true", Holds),
    ("TestBoolCompare/1", "true > false", Holds),
    ("TestBoolCompare/2", "true <= true && true >= true", Holds),
    (
        "TestBoolCompare/3",
        "false <= false && false >= false",
        Holds,
    ),
    ("TestBoolCompare/4", "dyn(true) < dyn(0u)", Error(NSO)),
    ("TestBoolConvertToType/0", "string(true) == 'true'", Holds),
    ("TestBoolConvertToType/1", "bool(true) == true", Holds),
    ("TestBoolConvertToType/2", "type(true) == bool", Holds),
    (
        "TestBoolConvertToType/3",
        "timestamp(dyn(true)) > timestamp(0)",
        Refused(NSO_AT_PLAN),
    ),
    (
        "TestBoolConvertToType/3 (run)",
        "timestamp([dyn(true)][0]) > timestamp(0)",
        Error(NSO),
    ),
    ("TestBoolEqual/0", "true == true", Holds),
    ("TestBoolEqual/1", "!(false == true)", Holds),
    ("TestBoolEqual/2", "!(dyn(0.0) == false)", Holds),
    ("TestBoolNegate/0", "!true == false", Holds),
    ("TestBoolNegate/1", "!false == true", Holds),
];

/// `common/types/timestamp_test.go` (`time.Unix(n, 0)` as `timestamp(n)`).
const TIMESTAMP: &[Row] = &[
    (
        "TestTimestampConvertToType/0",
        "type(timestamp('1970-01-01T02:07:34.000000321Z')) == google.protobuf.Timestamp",
        Holds,
    ),
    (
        "TestTimestampConvertToType/1",
        "int(timestamp('1970-01-01T02:07:34.000000321Z')) == 7654",
        Holds,
    ),
    (
        "TestTimestampConvertToType/2",
        "string(timestamp('1970-01-01T02:07:34.000000321Z')) == '1970-01-01T02:07:34.000000321Z'",
        Holds,
    ),
    (
        "TestTimestampConvertToType/3",
        "timestamp(timestamp('1970-01-01T02:07:34.000000321Z')) == timestamp('1970-01-01T02:07:34.000000321Z')",
        Holds,
    ),
    (
        "TestTimestampConvertToType/4",
        "duration(dyn(timestamp('1970-01-01T02:07:34.000000321Z'))) == duration('0s')",
        Refused(NSO_AT_PLAN),
    ),
    (
        "TestTimestampConvertToType/4 (run)",
        "duration([dyn(timestamp('1970-01-01T02:07:34.000000321Z'))][0]) == duration('0s')",
        Error(NSO),
    ),
    (
        "TestTimestampOperators/SecondsWithNanosPositive",
        "timestamp(1) + duration('0.999999999s') + duration('0.999999999s') == timestamp('1970-01-01T00:00:02.999999998Z')",
        Holds,
    ),
    (
        "TestTimestampOperators/DateAddDateError",
        "dyn(timestamp(1)) + dyn(timestamp(1)) == dyn(timestamp(2))",
        Error(NSO),
    ),
    (
        "TestTimestampOperators/DateCompareEqual",
        "timestamp(1) <= timestamp(1) && timestamp(1) >= timestamp(1)",
        Holds,
    ),
    (
        "TestTimestampOperators/DateCompareBefore",
        "timestamp(1) < timestamp(200)",
        Holds,
    ),
    (
        "TestTimestampOperators/DateCompareAfter",
        "timestamp(1000) > timestamp(200)",
        Holds,
    ),
    (
        "TestTimestampOperators/DateCompareError",
        "dyn(timestamp(1000)) < dyn(duration('1000ns'))",
        Error(NSO),
    ),
    (
        "TestTimestampOperators/TimeSubOneSecond",
        "timestamp(100) - timestamp(1) == duration('99s')",
        Holds,
    ),
    (
        "TestTimestampOperators/DateSubOneHour",
        "timestamp(3506) - duration('1h') == timestamp(-94)",
        Holds,
    ),
    (
        "TestTimestampOperators/MinTimestampSubOneSecond",
        "timestamp(-62135596800) - duration('1s') < timestamp(0)",
        Error("timestamp overflow"),
    ),
    (
        "TestTimestampOperators/MinTimestampSubMinusOneViaNanos",
        "timestamp('0001-01-01T00:00:00.000000002Z') - duration('-0.999999999s') == timestamp('0001-01-01T00:00:01.000000001Z')",
        Holds,
    ),
    (
        "TestTimestampOperators/TimeWithNanosPositive",
        "timestamp('1970-01-01T00:00:02.000000001Z') - timestamp('1970-01-01T00:00:00.999999999Z') == duration('1.000000002s')",
        Holds,
    ),
    (
        "TestTimestampOperators/TimeWithNanosNegative",
        "timestamp('1970-01-01T00:00:01.000000001Z') - timestamp('1970-01-01T00:00:02.999999999Z') == duration('-1.999999998s')",
        Holds,
    ),
    (
        "TestTimestampOperators/DateSubMinDuration",
        "timestamp(1) - duration('-2562047h47m16.854775808s') > timestamp(0)",
        Error(INT_OVERFLOW),
    ),
];

/// `TestTwoVarComprehensionsCost`: (name, expression, schema of `self` (the row's `m`), its
/// value, upstream's estimated `[min, max]` for rows without a variable, the run-time cost).
type CostRow = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    Option<(u64, u64)>,
    u64,
);

const NONE: &str = "{type: object}";

const COSTS: &[CostRow] = &[
    (
        "all list literal",
        "[1, 2, 3, 4].all(i, v, i < 5 && v > 0)",
        NONE,
        "{}",
        Some((23, 39)),
        39,
    ),
    (
        "all map literal - true",
        "{1: 1, 2: 2, 3: 3}.all(i, v, i < 5 && v > 0)",
        NONE,
        "{}",
        Some((40, 52)),
        52,
    ),
    (
        "all map literal - false",
        "!{0: 0}.all(i, v, i < 5 && v > 0)",
        NONE,
        "{}",
        Some((35, 39)),
        39,
    ),
    (
        "all map(string,string) variable",
        "self.all(k, v, k < v)",
        "{type: object, additionalProperties: {type: string}}",
        "{he: hello, go: goodbye}",
        None,
        14,
    ),
    (
        "transformList empty",
        "[].transformList(i, v, v) == []",
        NONE,
        "{}",
        Some((31, 31)),
        31,
    ),
    (
        "transformList single element",
        "[1].transformList(i, v, i) == [0]",
        NONE,
        "{}",
        Some((45, 45)),
        45,
    ),
    (
        "transformList with filter",
        "[3, 2, 1].transformList(i, v, v > i, v) == [3, 2]",
        NONE,
        "{}",
        Some((44, 80)),
        67,
    ),
    (
        "transformMap empty list",
        "[].transformMap(k, v, v + 1) == {}",
        NONE,
        "{}",
        Some((71, 71)),
        71,
    ),
    (
        "transformMap empty map",
        "{}.transformMap(k, v, v + 1) == {}",
        NONE,
        "{}",
        Some((91, 91)),
        91,
    ),
    (
        "transformMap literal scalar map",
        "{1: 2}.transformMap(k, v, v + 1) == {1: 3}",
        NONE,
        "{}",
        Some((97, 97)),
        97,
    ),
    (
        "transformMap filter map",
        "{1: 2, 3: 4, 5: 6}.transformMap(k, v, k % 3 == 0, v + 1) == {3: 5}",
        NONE,
        "{}",
        Some((104, 116)),
        106,
    ),
    (
        "transformMap variable input",
        "self.transformMap(k, v, k.startsWith('legacy') && v.size() == 1, v + [2]) == {'legacy-solo': [1, 2]}",
        "{type: object, additionalProperties: {type: array, items: {type: integer}}}",
        "{legacy-solo: [1], legacy-pair: [3, 2]}",
        None,
        100,
    ),
    (
        "transformMapEntry literal input",
        "{1: 2}.transformMapEntry(k, v, {v: k}) == {2: 1}",
        NONE,
        "{}",
        Some((126, 126)),
        126,
    ),
    (
        "transformMapEntry variable input",
        "self.transformMapEntry(k, v, {v: k}) == self.transformMapEntry(k, v, {v: k})",
        "{type: object, additionalProperties: {type: integer}}",
        "{legacy-solo: 1, legacy-pair: 2}",
        None,
        201,
    ),
];

const TABLES: &[(&str, &[Row])] = &[
    ("ext/comprehensions_test.go", COMPREHENSIONS),
    ("common/types/string_test.go", STRING),
    ("common/types/int_test.go", INT),
    ("common/types/double_test.go", DOUBLE),
    ("common/types/bytes_test.go", BYTES),
    ("common/types/bool_test.go", BOOL),
    ("common/types/timestamp_test.go", TIMESTAMP),
];

/// A cost row's checks: (name, cel-go's answer, ours).
fn cost_checks() -> Vec<(String, String, String)> {
    use super::super::check::{check, Want as Expect};
    use super::super::decl::decl_of;
    use super::super::estimate::max_cost;
    use super::super::interp::Program;
    use super::super::rule::parse;
    use super::super::val::Val;
    use super::super::value::to_cel;
    use crate::schema::convert::convert;

    let mut out = Vec::new();
    for (name, expr, schema, value, est, cost) in COSTS {
        let name = format!("TestTwoVarComprehensionsCost/{name}");
        let s = convert(&json_of(schema), "openAPIV3Schema").expect("a schema");
        let decl = decl_of(&s, true).expect("a CEL type");
        let e = parse(expr).unwrap_or_else(|err| panic!("{expr}: {err}"));
        let checked = match check(&e, expr, &decl, false, Expect::Any) {
            Ok(c) => c,
            Err(err) => {
                out.push((format!("{name} (value)"), "true".into(), format!("{err}")));
                continue;
            }
        };
        if let Some((_, max)) = est {
            let got = max_cost(&e, &decl, false, &checked.types);
            out.push((
                format!("{name} (estimated max)"),
                max.to_string(),
                got.to_string(),
            ));
        }
        let program = match Program::plan_with(&e, &checked, false, true) {
            Ok(p) => p,
            Err(err) => {
                out.push((format!("{name} (value)"), "true".into(), format!("{err:?}")));
                continue;
            }
        };
        let json = json_of(value);
        let vars = [("self", to_cel(&json, &decl))];
        let (res, got) = program.run(&vars, u64::MAX);
        let v = match res {
            Ok(Ok(Val::Bool(true))) => "true".to_string(),
            Ok(other) => format!("{other:?}"),
            Err(_) => "stopped by the cost limit".to_string(),
        };
        out.push((format!("{name} (value)"), "true".into(), v));
        out.push((
            format!("{name} (runtime cost)"),
            cost.to_string(),
            got.to_string(),
        ));
    }
    out
}

#[test]
fn rows_answer_as_cel_go() {
    let mut wrong = Vec::new();
    let mut total = 0;
    for (source, rows) in TABLES {
        eprintln!("{source}: {} rows", rows.len());
        for (name, rule, want) in *rows {
            total += 1;
            let got = super::rows::run("{}", "{}", rule);
            if !agrees(*want, &got) {
                wrong.push(format!("[{name}] {rule:?}: cel-go {want:?}, here {got:?}"));
            }
        }
    }
    eprintln!("{total} rows");
    for w in &wrong {
        eprintln!("{w}");
    }
    assert!(wrong.is_empty(), "{} rows differ", wrong.len());
}

#[test]
fn comprehension_costs_are_cel_gos() {
    let mut wrong = Vec::new();
    let checks = cost_checks();
    for (name, want, got) in &checks {
        if want != got {
            wrong.push(format!("[{name}] cel-go {want}, here {got}"));
        }
    }
    eprintln!("{} cost checks", checks.len());
    for w in &wrong {
        eprintln!("{w}");
    }
    assert!(wrong.is_empty(), "{} cost checks differ", wrong.len());
}
