//! The nesting limits against cel-go's parser tests (`parser/parser_test.go` at v0.26.0, run
//! with `MaxRecursionDepth(32)`), ported as facts: every expression of its table that parses
//! with the apiserver's options parses at 32, and every case of a limit displays cel-go's
//! errors (compared, as cel-go's test compares them, with all whitespace removed). Then the
//! apiserver's own case (`TestCELMaxRecursionDepth`, at 250), and the parser's other
//! limits.

use super::{parse, parse_within};

/// The table's expressions that parse, with the options the apiserver uses (the rows with
/// options of their own left out).
const PARSED: &[&str] = &[
    r#""A""#,
    r#"true"#,
    r#"false"#,
    r#"0"#,
    r#"42"#,
    r#"0xF"#,
    r#"0u"#,
    r#"23u"#,
    r#"24u"#,
    r#"0xFu"#,
    r#"-1"#,
    r#"4--4"#,
    r#"4--4.1"#,
    r#"b"abc""#,
    r#"23.39"#,
    r#"!a"#,
    r#"null"#,
    r#"a"#,
    r#"a?b:c"#,
    r#"a || b"#,
    r#"a || b || c || d || e || f "#,
    r#"a && b"#,
    r#"a && b && c && d && e && f && g"#,
    r#"a && b && c && d || e && f && g && h"#,
    r#"a + b"#,
    r#"a - b"#,
    r#"a * b"#,
    r#"a / b"#,
    r#"a % b"#,
    r#"a in b"#,
    r#"a == b"#,
    r#"a != b"#,
    r#"a > b"#,
    r#"a >= b"#,
    r#"a < b"#,
    r#"a <= b"#,
    r#"a.b"#,
    r#"a.b.c"#,
    r#"a[b]"#,
    r#"foo{ }"#,
    r#"foo{ a:b }"#,
    r#"foo{ a:b, c:d }"#,
    r#"{}"#,
    r#"{a:b, c:d}"#,
    r#"[]"#,
    r#"[a]"#,
    r#"[a, b, c]"#,
    r#"(a)"#,
    r#"((a))"#,
    r#"a()"#,
    r#"a(b)"#,
    r#"a(b, c)"#,
    r#"a.b()"#,
    r#"a.b(c)"#,
    r#"has(m.f)"#,
    r#"m.exists(v, f)"#,
    r#"m.all(v, f)"#,
    r#"m.existsOne(v, f)"#,
    r#"m.map(v, f)"#,
    r#"m.map(v, p, f)"#,
    r#"m.filter(v, p)"#,
    r#"x * 2"#,
    r#"x * 2u"#,
    r#"x * 2.0"#,
    r#""\u2764""#,
    r#""❤""#,
    r#"! false"#,
    r#"-a"#,
    r#"a.b(5)"#,
    r#"a[3]"#,
    r#"SomeMessage{foo: 5, bar: "xyz"}"#,
    r#"[3, 4, 5]"#,
    r#"[3, 4, 5,]"#,
    r#"{foo: 5, bar: "xyz"}"#,
    r#"{foo: 5, bar: "xyz", }"#,
    r#"a > 5 && a < 10"#,
    r#"a < 5 || a > 10"#,
    r#"[] + [1,2,3,] + [4]"#,
    r#"{1:2u, 2:3u}"#,
    r#"TestAllTypes{single_int32: 1, single_int64: 2}"#,
    r#"size(x) == x.size()"#,
    r#""\"""#,
    r#"[1,3,4][0]"#,
    r#"x["a"].single_int32 == 23"#,
    r#"x.single_nested_message != null"#,
    r#"false && !true || false ? 2 : 3"#,
    r#"b"abc" + B"def""#,
    r#"1 + 2 * 3 - 1 / 2 == 6 % 1"#,
    r#""abc" + "def""#,
    r#""\xC3\XBF""#,
    r#""\303\277""#,
    r#""hi\u263A \u263Athere""#,
    r#""\U000003A8\?""#,
    r#""\a\b\f\n\r\t\v'\"\\\? Legal escapes""#,
    r#""😁" in ["😁", "😑", "😦"]"#,
    r#"x.filter(y, y.filter(z, z > 0))"#,
    r#"has(a.b).filter(c, c)"#,
    r#"x.filter(y, y.exists(z, has(z.a)) && y.exists(z, has(z.b)))"#,
    r#"(has(a.b) || has(c.d)).string()"#,
    r#"has(a.b).asList().exists(c, c)"#,
    r#"[has(a.b), has(c.d)].exists(e, e)"#,
];

/// The table's cases of a limit: the expression and the errors cel-go displays.
const LIMITED: &[(&str, &str)] = &[
    (
        r#"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[
			[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[['too many']]]]]]]]]]]]]]]]]]]]]]]]]]]]
			]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"#,
        r#"ERROR: <input>:-1:0: expression recursion limit exceeded: 32"#,
    ),
    (
        r#"-[-1--1--1--1---1--1--1--0--1--1--1--1--0--2--1--1--0--1--1--1--1--0--1--1--1
		--3-[-1--1--1--1---1--1--1--0--1--1--1--1--0--3--1--1--0--1--1--1--1--0--1--1--1
		--3-[-1--1--1--1---1--1--1--0-/1--1--1--1--0--2--1--1--0--1--1--1--1--0--1--1--1
		--3-[-1--1--1--1---1--1--1--0--1--1--1--1--0--2--1--1--0--1--1--1--1--0--1--1--1
		--3-[-1--1--1--1---1--1--1--0--1--1--1--1--0--2--1--1--0--1--1--1--1--0--1--1--1
		--3-[-1--1--1--1---1--1--1--0--1--1--1--1--0--2--1--1--0--1--1--1--1--0--1--1--1
		--3-[-1--1--1--1---1--1--1--0--1--1--1--1--0--3--1--1--0--1--1--1--1--0--1--1--1
		--3-[-1--1--1--1---1--1--1--0-/1--1--1--1--0--2--1--1--0--1--1--1--1--0--1--1--1
		--3-[-1--1--1--1---1-1--1--1--1--0--2--1--1--0--1--1--1--1--0--1--1--1--3-[-1--1
		--1--1---1--1--1--0--1--1--1--1--0--2--1--1--0--1--1--1--1--0--1--1--1--3-[-1--1
		--1--1---1--1-À1--0--1--1--1--1--0--2--1--1--0--1--1--1--1--0--1--1--1--3-[-1--1
		--1--1---1--1--1--0--1--1--1--1--0--2--1--1--0--1--1--1--1--0--1--1--1--3-[-1--1
		--1--1---1--1--1--0--1--1--1--1--0--3--1--1--0--1--1--1--1--0--1--1--1--3-[-1--1
		--1--1---1--1--1--0-/1--1--1--1--0--2--1--1--0--1--1--1--1--0--1--1--1--3-[-1--1
		--1--1---1--1--1--0--1--1--1--1--0--2--1--1--0--1--1--1--1--0--1--1--1--3-[-1--1
		--1--1---1--1--1--0--1--1--1--1--0--2--1--1--0--1--1--1--1--0--1--1--1--3-[-1--1
		--1--1---1--1--1--0--1--1--1--1--0--2--1--1--0--1--1--1--1--0--1--1--1--3-[-1--1
		--1--1---1--1--1--0--1--1--1--1--0--3--1--1--0--1--1--1
		--1--0--1--1--1--3-[-1--1--1--1---1--1--1--0-/1--1--1--1--0--2--1--1--0--1--1--1
		--1--0--1--1--1--3-[-1--1--1--1---1--1--1--0--1--1--1--1--0--2--1--1--0--1--1--1
		--1--0--1--1--1--3-[-1--1--1--1---1--1--1--0--1--1--1--1--0--2--1--1--0--1--1--1
		--1--0--1--1--1--3-[-1--1--1--1---1--1--1--0--1--1--1--1--0--2--1--1--0--1--1--1
		--1--0--1--1--1--3-[-1--1--1--1---1--1--1--0--1--1--1--1--0--3--1--1--0--1--1--1
		--1--0--1--1--1--3-[-1--1--1--1---1--1--1--0-/1--1--1--1--0--2--1--1--0--1--1--1
		--1--0--1--1--1--3-[-1--1--1--1---1--1--1--0--1--1--1--1--0--1--1--1--3-[-1--1--1
		--1---1--1--1--0--1--1--1--1--0--2--1--1--0--1--1--1--1--0--1--1--1--3-[-1--1--1
		--1---1--1--1--0--1--1--1--1--0--2--1--1--0--1--1--1--1--0--1--1--1--3-[-1--1--1
		--1---1--1--1--0--1--1--1--1--0--2--1--1--0--1--1--1--1--0--1--1--1--3-[-1--1--1
		--1---1--1--1--0--1--1--1--1--0--3--1--1--0--1--1--1--1--0--1--1--1--3-[-1--1--1
		--1---1--1--1--0-/1--1--1--1--0--2--1--1--0--1--1--1--1--0--1--1--1--3-[-1--1--1
		--1---1--1--1--0--1--1--1--1--0--2--1--1--0--1--1--1--1--0--1--1--1--3-[-1--1--1
		--1---1--1--1--0--1--1--1--1--0--2--1--1--0--1--1--1--1--0--1--1--1--3-[-1--1--1
		--1---1--1--1--0--1--1--1--1--0--2--1--1--0--1--1--1--1--0--1--1--1--3-[-1--1--1
		--1---1--1--1--0--1--1--1--1--0--3--1--1--0--1"#,
        r#"ERROR: <input>:-1:0: expression recursion limit exceeded: 32
        ERROR: <input>:3:33: Syntax error: extraneous input '/' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}
        |   --3-[-1--1--1--1---1--1--1--0-/1--1--1--1--0--2--1--1--0--1--1--1--1--0--1--1--1
        | ................................^
        ERROR: <input>:8:33: Syntax error: extraneous input '/' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}
        |   --3-[-1--1--1--1---1--1--1--0-/1--1--1--1--0--2--1--1--0--1--1--1--1--0--1--1--1
        | ................................^
        ERROR: <input>:11:17: Syntax error: token recognition error at: 'À'
        |   --1--1---1--1-À1--0--1--1--1--1--0--2--1--1--0--1--1--1--1--0--1--1--1--3-[-1--1
        | ................＾
        ERROR: <input>:14:23: Syntax error: extraneous input '/' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}
        |   --1--1---1--1--1--0-/1--1--1--1--0--2--1--1--0--1--1--1--1--0--1--1--1--3-[-1--1
        | ......................^"#,
    ),
    (
        r#"y!=y!=y!=y!=y!=y!=y!=y!=y!=-y!=-y!=-y!=-y-y!=-y!=-y!=-y-y!=-y!=-y!=-y-y!=-y
		!=-y!=-y-y!=-y!=-y!=-y-y!=-y!=-y!=-y-y!=-y!=-y!=-y-y!=-y!=-y!=-y-y!=-y!=-y!=-y-y
		!=-y!=-y!=-y-y!=-y!=-y!=-y-y!=-y!=-y!=-y-y!=-y!=-y!=-y-y!=-y!=-y!=-y-y!=-y!=-y
		!=-y-y!=-y!=-y!=-y-y!=-y!=-y!=-y-y!=-y!=-y!=-y-y!=-y!=-y!=-y-y!=-y!=-y!=-y-y!=-y
		!=-y!=-y-y!=-y!=-y!=-y-y!=-y!=-y!=-y-y!=-y!=-y!=-y-y!=-y!=-y!=-y-y!=-y!=-y!=-y-y
		!=-y!=-y!=-y-y!=-y!=-y!=-y-y!=-y!=-y!=-y-y!=-y"#,
        r#"ERROR: <input>:-1:0: max recursion depth exceeded"#,
    ),
    (
        r#"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[['not fine']]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"#,
        r#"ERROR: <input>:-1:0: expression recursion limit exceeded: 32"#,
    ),
    (
        r#"1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10
		+ 11 + 12 + 13 + 14 + 15 + 16 + 17 + 18 + 19 + 20
		+ 21 + 22 + 23 + 24 + 25 + 26 + 27 + 28 + 29 + 30
		+ 31 + 32 + 33 + 34"#,
        r#"ERROR: <input>:-1:0: max recursion depth exceeded"#,
    ),
    (
        r#"a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.A.B.C.D.E.F.G.H"#,
        r#"ERROR: <input>:-1:0: max recursion depth exceeded"#,
    ),
    (
        r#"a[1][2][3][4][5][6][7][8][9][10][11][12][13][14][15][16][17][18][19][20]
		     [21][22][23][24][25][26][27][28][29][30][31][32][33]"#,
        r#"ERROR: <input>:-1:0: max recursion depth exceeded"#,
    ),
    (
        r#"a < 1 < 2 < 3 < 4 < 5 < 6 < 7 < 8 < 9 < 10 < 11
		      < 12 < 13 < 14 < 15 < 16 < 17 < 18 < 19 < 20 < 21
			  < 22 < 23 < 24 < 25 < 26 < 27 < 28 < 29 < 30 < 31
			  < 32 < 33"#,
        r#"ERROR: <input>:-1:0: max recursion depth exceeded"#,
    ),
    (
        r#"a[1][2][3][4][5][6][7][8][9][10][11][12][13][14][15][16][17][18][19][20] !=
		a[1][2][3][4][5][6][7][8][9][10][11][12][13][14][15][16][17][18][19][20] !=
		a[1][2][3][4][5][6][7][8][9][10][11][12][13][14][15][16][17][18][19][20] !=
		a[1][2][3][4][5][6][7][8][9][10][11][12][13][14][15][16][17][18][19][20] !=
		a[1][2][3][4][5][6][7][8][9][10][11][12][13][14][15][16][17][18][19][20] !=
		a[1][2][3][4][5][6][7][8][9][10][11][12][13][14][15][16][17][18][19][20] !=
		a[1][2][3][4][5][6][7][8][9][10][11][12][13][14][15][16][17][18][19][20] !=
		a[1][2][3][4][5][6][7][8][9][10][11][12][13][14][15][16][17][18][19][20] !=
		a[1][2][3][4][5][6][7][8][9][10][11][12][13][14][15][16][17][18][19][20] !=
		a[1][2][3][4][5][6][7][8][9][10][11][12][13][14][15][16][17][18][19][20] !=
		a[1][2][3][4][5][6][7][8][9][10][11][12][13][14][15][16][17][18][19][20] !=
		a[1][2][3][4][5][6][7][8][9][10][11][12][13][14][15][16][17][18][19][20] !=
		a[1][2][3][4][5][6][7][8][9][10][11][12][13][14][15][16][17][18][19][20] !=
		a[1][2][3][4][5][6][7][8][9][10][11][12][13][14][15][16][17][18][19][20]"#,
        r#"ERROR: <input>:-1:0: max recursion depth exceeded"#,
    ),
];

fn squeezed(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

#[test]
fn the_tables_parsed_expressions_are_within_both_limits() {
    on_run_stack(|| {
        for src in PARSED {
            assert!(parse_within(src, 32).is_ok(), "{src}");
        }
    });
}

#[test]
fn the_tables_limits_are_reported_as_cel_go_reports_them() {
    on_run_stack(|| {
        for (src, want) in LIMITED {
            let got = match parse_within(src, 32) {
                Ok(_) => String::new(),
                Err(issues) => issues.to_string(),
            };
            assert_eq!(squeezed(&got), squeezed(want), "{src}\n{got}");
        }
    });
}

/// Runs `f` on a thread with the run's stack (`main.rs`): a test thread's is too small for
/// the crate's parse of 250 nested expressions in a debug build.
fn on_run_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(crate::jobs::STACK)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn the_apiservers_case() {
    // `TestCELMaxRecursionDepth`: 249 relations hold, 250 are refused.
    on_run_stack(|| {
        let rule = |n: usize| format!("{}self.val1", "self.val1 == ".repeat(n));
        assert!(parse(&rule(249)).is_ok());
        let refused = parse(&rule(250)).unwrap_err().to_string();
        assert_eq!(refused, "ERROR: <input>:-1:0: max recursion depth exceeded");
    });
}

#[test]
fn each_rule_is_counted_on_its_own() {
    on_run_stack(|| {
        // Parentheses are looked through by the visitor, not by the listener: the 251st
        // `expr` open is one too many.
        let nested = |n: usize| format!("{}self.a{}", "(".repeat(n), ")".repeat(n));
        assert!(parse(&nested(249)).is_ok());
        assert_eq!(
            parse(&nested(250)).unwrap_err().to_string(),
            "ERROR: <input>:-1:0: expression recursion limit exceeded: 250"
        );
        // A relation's right operand is a second `relation` open in the same `expr`: 125
        // levels open 250 relations, 126 open 252.
        let right = |n: usize| format!("{}a{}", "a == (".repeat(n), ")".repeat(n));
        assert!(parse(&right(124)).is_ok());
        assert_eq!(
            parse(&right(126)).unwrap_err().to_string(),
            "ERROR: <input>:-1:0: expression recursion limit exceeded: 250"
        );
        // A left-recursive loop stays one invocation: 300 selections open one `member`, and
        // pass the visitor's limit instead.
        let chain = format!("a{}", ".b".repeat(300));
        assert_eq!(
            parse(&chain).unwrap_err().to_string(),
            "ERROR: <input>:-1:0: max recursion depth exceeded"
        );
    });
}

#[test]
fn the_visit_keeps_what_it_reported_before_it_stopped() {
    on_run_stack(|| {
        // `var` is reserved: reported when its name is visited, before the deep right side.
        let rule = format!("var == [a{}]", ".b".repeat(260));
        let got = parse(&rule).unwrap_err().to_string();
        assert_eq!(
            got,
            "ERROR: <input>:-1:0: max recursion depth exceeded\n\
             ERROR: <input>:1:1: reserved identifier: var\n | "
                .to_string()
                + &rule
                + "\n | ^"
        );
    });
}

#[test]
fn literals_and_trailing_commas_parse() {
    assert!(parse(".5 + 1e3 + 0x1fu + 2u + 'a' + b'b' + r'''c''' == 1").is_ok());
    assert!(parse("[1,] + [?a,] == {1: 2,}.f(M{a: 1,}, .g(1))").is_ok());
    // The lexer's hex prefix is `0x` only: `0X1` is `0` and a name.
    let got = parse("0X1").unwrap_err().to_string();
    assert!(
        got.contains("Syntax error: extraneous input 'X1' expecting <EOF>"),
        "{got}"
    );
}

#[test]
fn an_expression_of_more_than_100000_code_points_is_not_parsed() {
    // cel-go's `ExpressionSizeCodePointLimit` default: counted in code points, not bytes.
    let within = format!("'{}' == ''", "é".repeat(99_990));
    assert_eq!(within.chars().count(), 99_998);
    assert!(parse(&within).is_ok());
    let over = format!("'{}' == ''", "é".repeat(99_993));
    assert_eq!(
        parse(&over).unwrap_err().to_string(),
        "ERROR: <input>:-1:0: expression code point size exceeds limit: size: 100001, limit 100000"
    );
}

#[test]
fn a_backtick_name_is_refused_where_cel_go_reads_one() {
    // cel-go's grammar reads `ESC_IDENTIFIER` where a field is named; its parser refuses it
    // there, the apiserver not turning the escape syntax on.
    let refused = |rule: &str, col: usize| {
        format!(
            "ERROR: <input>:1:{col}: unsupported syntax: '`'\n | {rule}\n | {}^",
            ".".repeat(col - 1)
        )
    };
    for (rule, col) in [
        ("self.`a-b` == 'x'", 6),
        ("self.?`a b` == 'x'", 7),
        ("M{`a`: 1} == 1", 3),
        ("self.a.`b.c` == 1", 8),
    ] {
        assert_eq!(
            parse(rule).unwrap_err().to_string(),
            refused(rule, col),
            "{rule}"
        );
    }
    // Not as a call's name: the selection is read, and what follows it is a syntax error.
    let call = parse("self.`a`(1)").unwrap_err().to_string();
    assert_eq!(
        call,
        "ERROR: <input>:1:6: unsupported syntax: '`'\n | self.`a`(1)\n | .....^\n\
         ERROR: <input>:1:9: Syntax error: mismatched input '(' expecting <EOF>\n | self.`a`(1)\n | ........^"
    );
    // In a string, or where no field is named, it is no such name.
    assert!(parse("self.a == '`b`'").is_ok());
    let elsewhere = parse("`a` == 1").unwrap_err().to_string();
    assert!(elsewhere.starts_with("ERROR: <input>:1:1: Syntax error: mismatched input '`a`'"));
}
