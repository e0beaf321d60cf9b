//! cel-go's parser error cases at v0.22.0 (`parser/parser_test.go`, the cel-go kube-apiserver
//! 1.32 uses), ported as facts: every row with an `E:` field, the expression and the errors
//! cel-go v0.22 displays for it, compared as cel-go's test compares them (all whitespace
//! removed), parsed at Kubernetes 1.32. All 60 `E:` rows but 16 are here (44), in the Go
//! file's order; the 16 are left out as `parse_errors.rs` (v0.26.0) leaves them out:
//!
//! - the two rows with their own `Opts` (`x{?.`, with error recovery limits of 10, and
//!   `'3# < 10" '& tru ^^`, with an error reporting limit of 2);
//! - the rows whose text comes from the test parser's own defaults rather than the
//!   apiserver's: optional syntax off (`a.?b && a[?b]`, `[?a, ?b]`,
//!   `Msg{?field: value} && {?'key': value}`: "unsupported syntax '?'"), an error recovery
//!   limit of 4 (`a ? b ((?))`), an error recovery token lookahead limit of 4 (the row of
//!   invalid UTF-8 and quotes);
//! - the nine rows of its recursion depth of 32 ("expression recursion limit exceeded: 32",
//!   "max recursion depth exceeded"), whose v0.26 counterparts are ported with the limits
//!   (`parser/depth/tests.rs`).
//!
//! Of the 44, 41 read byte for byte, whitespace aside, as a row of `parse_errors.rs`; they
//! are kept here so that this table is v0.22's whole. The other three (`func{{a}}`,
//! `msg{:a}`, `x{.`) differ from v0.26's only in that the expected-token sets have no
//! `ESC_IDENTIFIER`: v0.22's grammar has no backtick-quoted identifiers. v0.22 has none of
//! v0.26's `__result__` rows ("iteration variable overwrites accumulator variable").

use crate::cel::rule::parse;
use crate::versions::{enter, Behaviours, KubeVersion};

const CASES: &[(&str, &str)] = &[
    (
        r#"0xFFFFFFFFFFFFFFFFF"#,
        r#"ERROR: <input>:1:1: invalid int literal
		| 0xFFFFFFFFFFFFFFFFF
		| ^"#,
    ),
    (
        r#"0xFFFFFFFFFFFFFFFFFu"#,
        r#"ERROR: <input>:1:1: invalid uint literal
		| 0xFFFFFFFFFFFFFFFFFu
		| ^"#,
    ),
    (
        r#"1.99e90000009"#,
        r#"ERROR: <input>:1:1: invalid double literal
		| 1.99e90000009
		| ^"#,
    ),
    (
        r#"*@a | b"#,
        r#"ERROR: <input>:1:1: Syntax error: extraneous input '*' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}
		| *@a | b
		| ^
		ERROR: <input>:1:2: Syntax error: token recognition error at: '@'
		| *@a | b
		| .^
		ERROR: <input>:1:5: Syntax error: token recognition error at: '| '
		| *@a | b
		| ....^
		ERROR: <input>:1:7: Syntax error: extraneous input 'b' expecting <EOF>
		| *@a | b
		| ......^"#,
    ),
    (
        r#"a | b"#,
        r#"ERROR: <input>:1:3: Syntax error: token recognition error at: '| '
		| a | b
		| ..^
		ERROR: <input>:1:5: Syntax error: extraneous input 'b' expecting <EOF>
		| a | b
		| ....^"#,
    ),
    (
        r#"{"#,
        r#"ERROR: <input>:1:2: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '}', '(', '.', ',', '-', '!', '?', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}
		 | {
		 | .^"#,
    ),
    (
        r#"TestAllTypes(){}"#,
        r#"ERROR: <input>:1:15: Syntax error: mismatched input '{' expecting <EOF>
		| TestAllTypes(){}
		| ..............^"#,
    ),
    (
        r#"TestAllTypes{}()"#,
        r#"ERROR: <input>:1:15: Syntax error: mismatched input '(' expecting <EOF>
		| TestAllTypes{}()
		| ..............^"#,
    ),
    (
        r#"1 + $"#,
        r#"ERROR: <input>:1:5: Syntax error: token recognition error at: '$'
		| 1 + $
		| ....^
		ERROR: <input>:1:6: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}
		| 1 + $
		| .....^"#,
    ),
    (
        r#"1 + 2
3 +"#,
        r#"ERROR: <input>:2:1: Syntax error: mismatched input '3' expecting <EOF>
		| 3 +
		| ^"#,
    ),
    (
        r#"1.all(2, 3)"#,
        r#"ERROR: <input>:1:7: argument must be a simple name
		| 1.all(2, 3)
		| ......^"#,
    ),
    (
        r#"1 + +"#,
        r#"ERROR: <input>:1:5: Syntax error: mismatched input '+' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}
		| 1 + +
		| ....^
		ERROR: <input>:1:6: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}
		| 1 + +
		| .....^"#,
    ),
    (
        r#"{"a": 1}."a""#,
        r#"ERROR: <input>:1:10: Syntax error: no viable alternative at input '."a"'
		| {"a": 1}."a"
		| .........^"#,
    ),
    (
        r#""\xFh""#,
        r#"ERROR: <input>:1:1: Syntax error: token recognition error at: '"\xFh'
		| "\xFh"
		| ^
		ERROR: <input>:1:6: Syntax error: token recognition error at: '"'
		| "\xFh"
		| .....^
		ERROR: <input>:1:7: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}
		| "\xFh"
		| ......^"#,
    ),
    (
        r#""\a\b\f\n\r\t\v\'\"\\\? Illegal escape \>""#,
        r#"ERROR: <input>:1:1: Syntax error: token recognition error at: '"\a\b\f\n\r\t\v\'\"\\\? Illegal escape \>'
		| "\a\b\f\n\r\t\v\'\"\\\? Illegal escape \>"
		| ^
		ERROR: <input>:1:42: Syntax error: token recognition error at: '"'
		| "\a\b\f\n\r\t\v\'\"\\\? Illegal escape \>"
		| .........................................^
		ERROR: <input>:1:43: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}
		| "\a\b\f\n\r\t\v\'\"\\\? Illegal escape \>"
		| ..........................................^"#,
    ),
    (
        r#"      '😁' in ['😁', '😑', '😦']
			&& in.😁"#,
        r#"ERROR: <input>:2:7: Syntax error: extraneous input 'in' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}
		|    && in.😁
		| ......^
	    ERROR: <input>:2:10: Syntax error: token recognition error at: '😁'
		|    && in.😁
		| .........＾
		ERROR: <input>:2:11: Syntax error: no viable alternative at input '.'
		|    && in.😁
		| .........．^"#,
    ),
    (
        r#"as"#,
        r#"ERROR: <input>:1:1: reserved identifier: as
		| as
		| ^"#,
    ),
    (
        r#"break"#,
        r#"ERROR: <input>:1:1: reserved identifier: break
		| break
		| ^"#,
    ),
    (
        r#"const"#,
        r#"ERROR: <input>:1:1: reserved identifier: const
		| const
		| ^"#,
    ),
    (
        r#"continue"#,
        r#"ERROR: <input>:1:1: reserved identifier: continue
		| continue
		| ^"#,
    ),
    (
        r#"else"#,
        r#"ERROR: <input>:1:1: reserved identifier: else
		| else
		| ^"#,
    ),
    (
        r#"for"#,
        r#"ERROR: <input>:1:1: reserved identifier: for
		| for
		| ^"#,
    ),
    (
        r#"function"#,
        r#"ERROR: <input>:1:1: reserved identifier: function
		| function
		| ^"#,
    ),
    (
        r#"if"#,
        r#"ERROR: <input>:1:1: reserved identifier: if
		| if
		| ^"#,
    ),
    (
        r#"import"#,
        r#"ERROR: <input>:1:1: reserved identifier: import
		| import
		| ^"#,
    ),
    (
        r#"in"#,
        r#"ERROR: <input>:1:1: Syntax error: mismatched input 'in' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}
		| in
		| ^
        ERROR: <input>:1:3: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}
		| in
		| ..^"#,
    ),
    (
        r#"let"#,
        r#"ERROR: <input>:1:1: reserved identifier: let
		| let
		| ^"#,
    ),
    (
        r#"loop"#,
        r#"ERROR: <input>:1:1: reserved identifier: loop
		| loop
		| ^"#,
    ),
    (
        r#"package"#,
        r#"ERROR: <input>:1:1: reserved identifier: package
		| package
		| ^"#,
    ),
    (
        r#"namespace"#,
        r#"ERROR: <input>:1:1: reserved identifier: namespace
		| namespace
		| ^"#,
    ),
    (
        r#"return"#,
        r#"ERROR: <input>:1:1: reserved identifier: return
		| return
		| ^"#,
    ),
    (
        r#"var"#,
        r#"ERROR: <input>:1:1: reserved identifier: var
		| var
		| ^"#,
    ),
    (
        r#"void"#,
        r#"ERROR: <input>:1:1: reserved identifier: void
		| void
		| ^"#,
    ),
    (
        r#"while"#,
        r#"ERROR: <input>:1:1: reserved identifier: while
		| while
		| ^"#,
    ),
    (
        r#"[1, 2, 3].map(var, var * var)"#,
        r#"ERROR: <input>:1:15: reserved identifier: var
		| [1, 2, 3].map(var, var * var)
		| ..............^
		ERROR: <input>:1:15: argument is not an identifier
		| [1, 2, 3].map(var, var * var)
		| ..............^
		ERROR: <input>:1:20: reserved identifier: var
		| [1, 2, 3].map(var, var * var)
		| ...................^
		ERROR: <input>:1:26: reserved identifier: var
		| [1, 2, 3].map(var, var * var)
		| .........................^"#,
    ),
    (
        r#"func{{a}}"#,
        r#"ERROR: <input>:1:6: Syntax error: extraneous input '{' expecting {'}', ',', '?', IDENTIFIER}
		| func{{a}}
		| .....^
	    ERROR: <input>:1:8: Syntax error: mismatched input '}' expecting ':'
		| func{{a}}
		| .......^
	    ERROR: <input>:1:9: Syntax error: extraneous input '}' expecting <EOF>
		| func{{a}}
		| ........^"#,
    ),
    (
        r#"msg{:a}"#,
        r#"ERROR: <input>:1:5: Syntax error: extraneous input ':' expecting {'}', ',', '?', IDENTIFIER}
		| msg{:a}
		| ....^
	    ERROR: <input>:1:7: Syntax error: mismatched input '}' expecting ':'
		| msg{:a}
		| ......^"#,
    ),
    (
        r#"{a}"#,
        r#"ERROR: <input>:1:3: Syntax error: mismatched input '}' expecting ':'
		| {a}
		| ..^"#,
    ),
    (
        r#"{:a}"#,
        r#"ERROR: <input>:1:2: Syntax error: extraneous input ':' expecting {'[', '{', '}', '(', '.', ',', '-', '!', '?', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}
		| {:a}
		| .^
	    ERROR: <input>:1:4: Syntax error: mismatched input '}' expecting ':'
		| {:a}
		| ...^"#,
    ),
    (
        r#"ind[a{b}]"#,
        r#"ERROR: <input>:1:8: Syntax error: mismatched input '}' expecting ':'
		| ind[a{b}]
		| .......^"#,
    ),
    (
        r#"--"#,
        r#"ERROR: <input>:1:3: Syntax error: no viable alternative at input '-'
		| --
		| ..^
	    ERROR: <input>:1:3: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}
		| --
		| ..^"#,
    ),
    (
        r#"?"#,
        r#"ERROR: <input>:1:1: Syntax error: mismatched input '?' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}
		| ?
		| ^
	    ERROR: <input>:1:2: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}
		| ?
		| .^"#,
    ),
    (
        r#"self.true == 1"#,
        r#"ERROR: <input>:1:6: Syntax error: mismatched input 'true' expecting IDENTIFIER
		| self.true == 1
		| .....^"#,
    ),
    (
        r#"x{."#,
        r#"
		ERROR: <input>:1:3: Syntax error: mismatched input '.' expecting {'}', ',', '?', IDENTIFIER}
		 | x{.
		 | ..^"#,
    ),
];

#[test]
fn parse_errors_read_as_cel_go_v0_22s_at_1_32() {
    let _v = enter(Behaviours::of(KubeVersion::of_minor(32).unwrap()));
    let strip = |s: &str| {
        s.chars()
            .filter(|c| !matches!(c, ' ' | '\n' | '\t' | '\r'))
            .collect::<String>()
    };
    let mut wrong = Vec::new();
    for (src, want) in CASES {
        let got = match parse(src) {
            Ok(_) => "(parsed)".to_string(),
            Err(e) => e.to_string(),
        };
        if strip(&got) != strip(want) {
            wrong.push(format!("{src:?}\n  got:  {got}\n  want: {want}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} differ at 1.32:\n{}",
        wrong.len(),
        CASES.len(),
        wrong.join("\n")
    );
}
