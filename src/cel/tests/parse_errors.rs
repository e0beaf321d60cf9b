//! cel-go's parser error cases (`parser/parser_test.go` at v0.26.0, the version kube-apiserver
//! 1.36 uses), ported as facts: the expression and the errors cel-go displays for it, compared
//! as cel-go's test compares them (all whitespace removed). Left out: the cases that need the
//! test's own parser options (an error recovery limit of 4, optional syntax off, backtick
//! identifiers on); the apiserver parses with cel-go's defaults and optional syntax on. The
//! cases of its recursion depth of 32 are ported with the limits (`parser/syntax/tests.rs`).

use crate::cel::rule::parse;

pub(super) const CASES: &[(&str, &str)] = &[
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
        r#"has(m)"#,
        r#"ERROR: <input>:1:5: invalid argument to has() macro
             | has(m)
             | ....^"#,
    ),
    (
        r#"[].existsOne(__result__, __result__)"#,
        r#"ERROR: <input>:1:14: iteration variable overwrites accumulator variable
             | [].existsOne(__result__, __result__)
             | .............^"#,
    ),
    (
        r#"m.map(__result__, __result__)"#,
        r#"ERROR: <input>:1:7: iteration variable overwrites accumulator variable
             | m.map(__result__, __result__)
             | ......^"#,
    ),
    (
        r#"m.filter(__result__, false)"#,
        r#"ERROR: <input>:1:10: iteration variable overwrites accumulator variable
             | m.filter(__result__, false)
             | .........^"#,
    ),
    (
        r#"m.filter(a.b, false)"#,
        r#"ERROR: <input>:1:11: argument is not an identifier
             | m.filter(a.b, false)
             | ..........^"#,
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
        r#"ERROR: <input>:1:6: Syntax error: extraneous input '{' expecting {'}', ',', '?', IDENTIFIER, ESC_IDENTIFIER}
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
        r#"ERROR: <input>:1:5: Syntax error: extraneous input ':' expecting {'}', ',', '?', IDENTIFIER, ESC_IDENTIFIER}
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
		ERROR: <input>:1:3: Syntax error: mismatched input '.' expecting {'}', ',', '?', IDENTIFIER, ESC_IDENTIFIER}
		 | x{.
		 | ..^"#,
    ),
    (
        r#"'\udead' == '\ufffd'"#,
        r#"
		ERROR: <input>:1:1: invalid unicode code point
         | '\udead' == '\ufffd'
         | ^"#,
    ),
];

/// The rows whose expression parses to other errors than the row's (compared, as cel-go's
/// test compares them, with all whitespace removed), each with what it gave.
pub(super) fn differences<'a>(
    rows: impl IntoIterator<Item = &'a (&'a str, &'a str)>,
) -> Vec<String> {
    let strip = |s: &str| {
        s.chars()
            .filter(|c| !matches!(c, ' ' | '\n' | '\t' | '\r'))
            .collect::<String>()
    };
    let mut wrong = Vec::new();
    for (src, want) in rows {
        let got = match parse(src) {
            Ok(_) => "(parsed)".to_string(),
            Err(e) => e.to_string(),
        };
        if strip(&got) != strip(want) {
            wrong.push(format!("{src:?}\n  got:  {got}\n  want: {want}"));
        }
    }
    wrong
}

#[test]
fn parse_errors_read_as_cel_gos() {
    let wrong = differences(CASES);
    assert!(
        wrong.is_empty(),
        "{} of {} differ:\n{}",
        wrong.len(),
        CASES.len(),
        wrong.join("\n")
    );
}

#[test]
fn reserved_words_stay_field_names_and_quoted_text() {
    // cel-go refuses a reserved word only where it is an identifier: after `.` or `.?`, as a
    // message field, or inside a literal it is not one.
    for src in [
        "self.package == 'var'",
        "has(self.namespace) && self.?var.orValue(1) == 1",
        "Msg{var: 1, if: 2}",
        "self.l.all(x, x.for > 0) // var",
        "r'let' + b\"while\" + '''as\nbreak'''",
    ] {
        assert!(parse(src).is_ok(), "{src}: {:?}", parse(src).err());
    }
    // Each identifier use is an error of its own.
    let e = parse("var + self.x + var").unwrap_err().to_string();
    assert_eq!(e.matches("reserved identifier: var").count(), 2, "{e}");
}
