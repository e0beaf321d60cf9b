//! Syntax errors as cel-go v0.26's parser reports them, where ANTLR's error recovery shows:
//! a failed match after an expression expects the one token it wanted; a recovery that
//! consumes more than 256 tokens stops with cel-go's lookahead limit, and a parse with more
//! than 30 recoveries with its attempt limit; a failed prediction at a character and `true`,
//! `false` or `null` is rewritten, `in` is not.
//!
//! Go is not on this machine. The answers were given by ANTLR's Java runtime (4.7.2, Debian's)
//! running the parser ANTLR generates from cel-go v0.26.0's `CEL.g4`, with the parts of
//! antlr4-go and cel-go that differ from Java's written over it (`scripts/cel-parser-oracle/`):
//! antlr4-go's `DefaultErrorStrategy.Sync`, which remembers no state, and its text of a failed
//! prediction, which reads the stream only to the offending token; cel-go's
//! `recoveryLimitErrorStrategy` (30 recovery attempts, 256 tokens consumed by one recovery);
//! its `SyntaxError` (the `reservedIdentifier` rewrite, at most 100 errors); its recursion
//! listener. Against it, on 2026-12-01, the parser of `crate::cel::parser::antlr` gave the
//! same errors for 3,000 ground-truth rules with one to three tokens changed, 2,000 strings of
//! 60 to 200 random tokens and 2,000 changed rules repeated 5 to 40 times, under v0.26's
//! grammar and under v0.22's (Kubernetes 1.32).
//!
//! Cases are the runtime's answers, the lines compared as cel-go's tests compare them (all
//! whitespace removed), only the `ERROR:` lines (no snippet).

use crate::cel::rule::parse;

/// Each rule and the errors it gives, as `ERROR: <input>:line:column: message`.
const CASES: &[(&str, &[&str])] = &[
    (
        r#"(a) b c"#,
        &[r#"ERROR: <input>:1:5: Syntax error: mismatched input 'b' expecting <EOF>"#],
    ),
    (
        r#"f(a b c)"#,
        &[r#"ERROR: <input>:1:5: Syntax error: mismatched input 'b' expecting ')'"#],
    ),
    (
        r#"x ? a b c : d"#,
        &[
            r#"ERROR: <input>:1:7: Syntax error: missing ':' at 'b'"#,
            r#"ERROR: <input>:1:9: Syntax error: mismatched input 'c' expecting <EOF>"#,
        ],
    ),
    (
        r#"(a + b) c d"#,
        &[r#"ERROR: <input>:1:9: Syntax error: mismatched input 'c' expecting <EOF>"#],
    ),
    (
        r#"x[?a b c]"#,
        &[r#"ERROR: <input>:1:6: Syntax error: mismatched input 'b' expecting ']'"#],
    ),
    (
        r#"a ? b ) x"#,
        &[r#"ERROR: <input>:1:7: Syntax error: mismatched input ')' expecting ':'"#],
    ),
    (
        r#"self.in"#,
        &[
            r#"ERROR: <input>:1:6: Syntax error: no viable alternative at input '.in'"#,
            r#"ERROR: <input>:1:8: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}"#,
        ],
    ),
    (
        r#"self.true"#,
        &[r#"ERROR: <input>:1:6: Syntax error: mismatched input 'true' expecting IDENTIFIER"#],
    ),
    (
        r#"a.null"#,
        &[r#"ERROR: <input>:1:3: Syntax error: mismatched input 'null' expecting IDENTIFIER"#],
    ),
    (
        r#"sets.intersects(self.nums1 1 , self.nums2)"#,
        &[r#"ERROR: <input>:1:28: Syntax error: mismatched input '1' expecting ')'"#],
    ),
    (
        r#"self.s1.substring( 1 self.n) != '.'"#,
        &[r#"ERROR: <input>:1:22: Syntax error: mismatched input 'self' expecting ')'"#],
    ),
    (
        r#"self.all(e, self.filter(f! f.key==e.key).size() == 1)"#,
        &[
            r#"ERROR: <input>:1:26: Syntax error: mismatched input '!' expecting ')'"#,
            r#"ERROR: <input>:1:53: Syntax error: extraneous input ')' expecting <EOF>"#,
        ],
    ),
    (
        r#"'R3: time.arith got %s'.format([string(self.at - self.wait1)]{"#,
        &[r#"ERROR: <input>:1:62: Syntax error: mismatched input '{' expecting ')'"#],
    ),
    (
        r#"string(self]flag1) == '1e+21'"#,
        &[r#"ERROR: <input>:1:12: Syntax error: mismatched input ']' expecting ')'"#],
    ),
    (
        r#"size(self) !  != 3"#,
        &[r#"ERROR: <input>:1:12: Syntax error: mismatched input '!' expecting <EOF>"#],
    ),
    (
        r#"'R2: quantity.ops got %s'.format([quantity(self)1isInteger()])"#,
        &[
            r#"ERROR: <input>:1:49: Syntax error: mismatched input '1' expecting {']', ','}"#,
            r#"ERROR: <input>:1:61: Syntax error: mismatched input ']' expecting <EOF>"#,
        ],
    ),
    (
        r#"'R4: lists.min got %s'.in([self.nums.max()])"#,
        &[r#"ERROR: <input>:1:24: Syntax error: no viable alternative at input '.in'"#],
    ),
    (
        r#"self.labels.all(k] v, k.size() > v.size())"#,
        &[
            r#"ERROR: <input>:1:18: Syntax error: mismatched input ']' expecting ')'"#,
            r#"ERROR: <input>:1:42: Syntax error: extraneous input ')' expecting <EOF>"#,
        ],
    ),
    (
        r#"sets.contains( 1 self.nums, self.nums2)"#,
        &[r#"ERROR: <input>:1:18: Syntax error: mismatched input 'self' expecting ')'"#],
    ),
    (
        r#"'R3: ip.predicates got %s'.format([string(ip(self 's' .ip1))])"#,
        &[
            r#"ERROR: <input>:1:51: Syntax error: mismatched input ''s'' expecting ')'"#,
            r#"ERROR: <input>:1:60: Syntax error: extraneous input ')' expecting {']', ','}"#,
        ],
    ),
    (
        r#"'R3: url.get got %s' ? .format([url(self.url1).getHostname()])"#,
        &[r#"ERROR: <input>:1:63: Syntax error: mismatched input '<EOF>' expecting ':'"#],
    ),
    (
        r#"'R1: cidr.accessors got %s'.format([string(cidr(self)a])"#,
        &[r#"ERROR: <input>:1:54: Syntax error: mismatched input 'a' expecting ')'"#],
    ),
    (
        r#"url(self.url1)getScheme() == 'HTTPS'"#,
        &[r#"ERROR: <input>:1:15: Syntax error: mismatched input 'getScheme' expecting <EOF>"#],
    ),
    (
        r#"has(self.sub1.name) && has(self.sub1)port)"#,
        &[r#"ERROR: <input>:1:38: Syntax error: mismatched input 'port' expecting <EOF>"#],
    ),
    (
        r#"url(self.url) ! .getHost) 1u  != ''"#,
        &[r#"ERROR: <input>:1:15: Syntax error: mismatched input '!' expecting <EOF>"#],
    ),
    (
        r#"'R2: lists.isSorted got %s'. [? format(self.names1] " ("#,
        &[
            r#"ERROR: <input>:1:30: Syntax error: no viable alternative at input '. ['"#,
            r#"ERROR: <input>:1:51: Syntax error: mismatched input ']' expecting ')'"#,
            r#"ERROR: <input>:1:53: Syntax error: token recognition error at: '" ('"#,
        ],
    ),
    (
        r#"uint(self == u .5 "#,
        &[r#"ERROR: <input>:1:16: Syntax error: mismatched input '.5' expecting ')'"#],
    ),
    (
        r#"semver(self]ver).!() :  > 2"#,
        &[r#"ERROR: <input>:1:12: Syntax error: mismatched input ']' expecting ')'"#],
    ),
    (
        r#"self.s2.charAt(in.n) a  != true  'é'"#,
        &[
            r#"ERROR: <input>:1:16: Syntax error: extraneous input 'in' expecting {'[', '{', '(', ')', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}"#,
            r#"ERROR: <input>:1:22: Syntax error: mismatched input 'a' expecting <EOF>"#,
        ],
    ),
    (
        r#"double(1.1u `x` ) <= 1.0"#,
        &[r#"ERROR: <input>:1:11: Syntax error: mismatched input 'u' expecting ')'"#],
    ),
    (
        r#"self.all( { x, 1.exists_one(y, x.name  y.name))"#,
        &[
            r#"ERROR: <input>:1:14: Syntax error: mismatched input ',' expecting ':'"#,
            r#"ERROR: <input>:1:16: Syntax error: mismatched input '1' expecting '}'"#,
            r#"ERROR: <input>:1:40: Syntax error: mismatched input 'y' expecting ')'"#,
            r#"ERROR: <input>:1:47: Syntax error: extraneous input ')' expecting <EOF>"#,
        ],
    ),
    (
        r#"double( * .s) !  < 1.0"#,
        &[
            r#"ERROR: <input>:1:9: Syntax error: extraneous input '*' expecting {'[', '{', '(', ')', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}"#,
            r#"ERROR: <input>:1:15: Syntax error: mismatched input '!' expecting <EOF>"#,
        ],
    ),
    (
        r#"'%s|%x'.format([self.port{ self.i])size) == 8"#,
        &[
            r#"ERROR: <input>:1:32: Syntax error: missing ':' at '.'"#,
            r#"ERROR: <input>:1:34: Syntax error: mismatched input ']' expecting {'}', ','}"#,
            r#"ERROR: <input>:1:36: Syntax error: mismatched input 'size' expecting <EOF>"#,
        ],
    ),
    (
        r#"!formatdns1123LabelPrefix(true.validate( ) self.text).hasValue()"#,
        &[
            r#"ERROR: <input>:1:44: Syntax error: mismatched input 'self' expecting ')'"#,
            r#"ERROR: <input>:1:53: Syntax error: mismatched input ')' expecting <EOF>"#,
        ],
    ),
    (
        r#"'R1: arith.int got %s'.format([self `x`  :  * null  2*)"#,
        &[
            r#"ERROR: <input>:1:37: Syntax error: mismatched input '`x`' expecting {']', ','}"#,
            r#"ERROR: <input>:1:53: Syntax error: mismatched input '2' expecting ')'"#,
            r#"ERROR: <input>:1:55: Syntax error: mismatched input ')' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}"#,
        ],
    ),
    (
        r#"'R1: arith.int got %s'.format([self. } n1 / self true .'s']"#,
        &[
            r#"ERROR: <input>:1:38: Syntax error: no viable alternative at input '. }'"#,
            r#"ERROR: <input>:1:50: Syntax error: mismatched input 'true' expecting ')'"#,
        ],
    ),
    (
        r#"self.at1 + self.wait < {('2024-03-01T12:00:00Z' - .5  )"#,
        &[r#"ERROR: <input>:1:56: Syntax error: mismatched input '<EOF>' expecting ':'"#],
    ),
    (
        r#"!format.dns1123SubdomainPrefix(.validate(.text1.hasValue * ()"#,
        &[
            r#"ERROR: <input>:1:61: Syntax error: mismatched input ')' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}"#,
            r#"ERROR: <input>:1:62: Syntax error: mismatched input '<EOF>' expecting ')'"#,
        ],
    ),
    (
        r#"self[nameslastIndexOf('a b'a == -1"#,
        &[
            r#"ERROR: <input>:1:28: Syntax error: mismatched input 'a' expecting ')'"#,
            r#"ERROR: <input>:1:35: Syntax error: missing ']' at '<EOF>'"#,
        ],
    ),
];

/// The `ERROR:` lines of `src`'s parse (none when it parses).
fn error_lines(src: &str) -> Vec<String> {
    match parse(src) {
        Ok(_) => Vec::new(),
        Err(e) => e
            .to_string()
            .lines()
            .filter(|l| l.starts_with("ERROR: "))
            .map(|l| l.split_whitespace().collect())
            .collect(),
    }
}

fn differences<'a>(rows: impl IntoIterator<Item = (String, Vec<&'a str>)>) -> Vec<String> {
    let mut wrong = Vec::new();
    for (src, want) in rows {
        let want: Vec<String> = want
            .iter()
            .map(|l| l.split_whitespace().collect())
            .collect();
        let got = error_lines(&src);
        if got != want {
            wrong.push(format!("{src:?}\n  got:  {got:?}\n  want: {want:?}"));
        }
    }
    wrong
}

#[test]
fn a_failed_match_expects_what_cel_gos_runtime_expects() {
    let wrong = differences(CASES.iter().map(|(s, w)| (s.to_string(), w.to_vec())));
    assert!(
        wrong.is_empty(),
        "{} of {} differ:\n{}",
        wrong.len(),
        CASES.len(),
        wrong.join("\n")
    );
}

#[test]
fn a_recovery_stops_at_cel_gos_lookahead_limit() {
    // `a b c …`: the end fails to match at `b`, and the recovery consumes every token after
    // it; the 257th is refused, and the lexer reads no further (the `#` is never reported).
    let rows = [
        (
            format!("a b{}", " c".repeat(255)),
            vec!["ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"],
        ),
        (
            format!("a b{}", " c".repeat(256)),
            vec![
                "ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256",
                "ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>",
            ],
        ),
        (
            format!("a b{} @ c c c c c c #", " c".repeat(250)),
            vec![
                "ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256",
                "ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>",
                "ERROR: <input>:1:505: Syntax error: token recognition error at: '@'",
            ],
        ),
    ];
    let wrong = differences(rows);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_parse_stops_at_cel_gos_recovery_attempt_limit() {
    // 300 calls each failing to match its `)`: each failure is a recovery in the call's
    // match (`RecoverInline`) and another in its rule (`Recover`); the 31st attempt stops the
    // parse, reported at the token it was made at, and the rest of the rule is never read.
    let src = format!("[{}]", vec!["f(a b c)"; 300].join(", "));
    let want = |l: &str| l.split_whitespace().collect::<String>();
    let mut expected: Vec<String> = (0..15)
        .map(|k| {
            want(&format!(
                "ERROR: <input>:1:{}: Syntax error: mismatched input 'b' expecting ')'",
                6 + 10 * k
            ))
        })
        .collect();
    expected.push(want(
        "ERROR: <input>:1:156: Syntax error: error recovery attempt limit exceeded: 30",
    ));
    assert_eq!(error_lines(&src), expected);
}

/// A recovery that consumes every token to the end counts them as ANTLR's lexer makes them,
/// around what it refuses: a literal it fails in is skipped through the character it failed
/// at (a bad escape, a line break in a single-quoted string, the end), unless it had read a
/// shorter token on the way (`r`, `b`, `br` before the quote, `""` before a third quote),
/// which it takes instead; `&`, `|`, `=` and an unclosed backtick name take the character
/// after them with them. Each construct after `a b` and `n` tokens `c`, then six more: the
/// answers of the runtime (as [`CASES`]) at the count where the limit starts to apply.
const LEXED: &[(&str, usize, &[&str])] = &[
    (
        r#""x\q""#,
        254,
        &[
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:513: Syntax error: token recognition error at: '"x\q'"#,
            r#"ERROR: <input>:1:517: Syntax error: token recognition error at: '" c c c c c c'"#,
        ],
    ),
    (
        r#""x\q""#,
        256,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#"'x\q'"#,
        254,
        &[
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:513: Syntax error: token recognition error at: ''x\q'"#,
            r#"ERROR: <input>:1:517: Syntax error: token recognition error at: '' c c c c c c'"#,
        ],
    ),
    (
        r#"'x\q'"#,
        256,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#""x\x4g""#,
        254,
        &[
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:513: Syntax error: token recognition error at: '"x\x4g'"#,
            r#"ERROR: <input>:1:519: Syntax error: token recognition error at: '" c c c c c c'"#,
        ],
    ),
    (
        r#""x\x4g""#,
        256,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#""\u12z""#,
        254,
        &[
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:513: Syntax error: token recognition error at: '"\u12z'"#,
            r#"ERROR: <input>:1:519: Syntax error: token recognition error at: '" c c c c c c'"#,
        ],
    ),
    (
        r#""\u12z""#,
        256,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#""\U0000000g""#,
        254,
        &[
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:513: Syntax error: token recognition error at: '"\U0000000g'"#,
            r#"ERROR: <input>:1:524: Syntax error: token recognition error at: '" c c c c c c'"#,
        ],
    ),
    (
        r#""\U0000000g""#,
        256,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#""\4""#,
        254,
        &[
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:513: Syntax error: token recognition error at: '"\4'"#,
            r#"ERROR: <input>:1:516: Syntax error: token recognition error at: '" c c c c c c'"#,
        ],
    ),
    (
        r#""\4""#,
        256,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#""\08""#,
        254,
        &[
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:513: Syntax error: token recognition error at: '"\08'"#,
            r#"ERROR: <input>:1:517: Syntax error: token recognition error at: '" c c c c c c'"#,
        ],
    ),
    (
        r#""\08""#,
        256,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#""ab"#,
        254,
        &[
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:513: Syntax error: token recognition error at: '"ab c c c c c c'"#,
        ],
    ),
    (
        r#""ab"#,
        256,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#"'ab"#,
        254,
        &[
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:513: Syntax error: token recognition error at: ''ab c c c c c c'"#,
        ],
    ),
    (
        r#"'ab"#,
        256,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#"r"a\q""#,
        248,
        &[r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#],
    ),
    (
        r#"r"a\q""#,
        252,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#"b"x\q""#,
        254,
        &[
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:514: Syntax error: token recognition error at: '"x\q'"#,
            r#"ERROR: <input>:1:518: Syntax error: token recognition error at: '" c c c c c c'"#,
        ],
    ),
    (
        r#"b"x\q""#,
        256,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#"br"ab"#,
        254,
        &[
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:515: Syntax error: token recognition error at: '"ab c c c c c c'"#,
        ],
    ),
    (
        r#"br"ab"#,
        256,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#""""a\qb""""#,
        252,
        &[
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:511: Syntax error: token recognition error at: '"a\q'"#,
            r#"ERROR: <input>:1:518: Syntax error: token recognition error at: '" c c c c c c'"#,
        ],
    ),
    (
        r#""""a\qb""""#,
        254,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:515: Syntax error: token recognition error at: '"a\q'"#,
        ],
    ),
    (
        r#"'''a\qb'''"#,
        252,
        &[
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:511: Syntax error: token recognition error at: ''a\q'"#,
            r#"ERROR: <input>:1:518: Syntax error: token recognition error at: '' c c c c c c'"#,
        ],
    ),
    (
        r#"'''a\qb'''"#,
        254,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:515: Syntax error: token recognition error at: ''a\q'"#,
        ],
    ),
    (
        r#"r"""ab"#,
        254,
        &[
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:516: Syntax error: token recognition error at: '"ab c c c c c c'"#,
        ],
    ),
    (
        r#"r"""ab"#,
        256,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#""""ab"#,
        254,
        &[
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:515: Syntax error: token recognition error at: '"ab c c c c c c'"#,
        ],
    ),
    (
        r#""""ab"#,
        256,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#"&x"#,
        248,
        &[
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:501: Syntax error: token recognition error at: '&x'"#,
        ],
    ),
    (
        r#"&x"#,
        252,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:509: Syntax error: token recognition error at: '&x'"#,
        ],
    ),
    (
        r#"&&"#,
        248,
        &[r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#],
    ),
    (
        r#"&&"#,
        252,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#"|x"#,
        248,
        &[
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:501: Syntax error: token recognition error at: '|x'"#,
        ],
    ),
    (
        r#"|x"#,
        252,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:509: Syntax error: token recognition error at: '|x'"#,
        ],
    ),
    (
        r#"=x"#,
        248,
        &[
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:501: Syntax error: token recognition error at: '=x'"#,
        ],
    ),
    (
        r#"=x"#,
        252,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:509: Syntax error: token recognition error at: '=x'"#,
        ],
    ),
    (
        r#"=="#,
        248,
        &[r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#],
    ),
    (
        r#"=="#,
        252,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#"`a b`"#,
        248,
        &[r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#],
    ),
    (
        r#"`a b`"#,
        252,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#"`a!b`"#,
        254,
        &[
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:513: Syntax error: token recognition error at: '`a!'"#,
            r#"ERROR: <input>:1:517: Syntax error: token recognition error at: '` c c c c c c'"#,
        ],
    ),
    (
        r#"`a!b`"#,
        256,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#"``"#,
        248,
        &[
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:501: Syntax error: token recognition error at: '``'"#,
        ],
    ),
    (
        r#"``"#,
        252,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:509: Syntax error: token recognition error at: '``'"#,
        ],
    ),
    (
        r#"`ab"#,
        254,
        &[
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:513: Syntax error: token recognition error at: '`ab c c c c c c'"#,
        ],
    ),
    (
        r#"`ab"#,
        256,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#"@"#,
        248,
        &[
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:501: Syntax error: token recognition error at: '@'"#,
        ],
    ),
    (
        r#"@"#,
        252,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:509: Syntax error: token recognition error at: '@'"#,
        ],
    ),
    (
        r#"#"#,
        248,
        &[
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:501: Syntax error: token recognition error at: '#'"#,
        ],
    ),
    (
        r#"#"#,
        252,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:509: Syntax error: token recognition error at: '#'"#,
        ],
    ),
    (
        r#"\"#,
        248,
        &[
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:501: Syntax error: token recognition error at: '\'"#,
        ],
    ),
    (
        r#"\"#,
        252,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:509: Syntax error: token recognition error at: '\'"#,
        ],
    ),
    (
        r#"1e"#,
        252,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#"0x"#,
        252,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#"1."#,
        252,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#".5e"#,
        252,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#""\?\`""#,
        248,
        &[r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#],
    ),
    (
        r#""\?\`""#,
        252,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#"b"""x""""#,
        248,
        &[r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#],
    ),
    (
        r#"b"""x""""#,
        252,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#"B"x""#,
        248,
        &[r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#],
    ),
    (
        r#"B"x""#,
        252,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#"R"x""#,
        248,
        &[r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#],
    ),
    (
        r#"R"x""#,
        252,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#"bR"x""#,
        248,
        &[r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#],
    ),
    (
        r#"bR"x""#,
        252,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#"rb"x""#,
        252,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#""é\q""#,
        254,
        &[
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:513: Syntax error: token recognition error at: '"é\q'"#,
            r#"ERROR: <input>:1:517: Syntax error: token recognition error at: '" c c c c c c'"#,
        ],
    ),
    (
        r#""é\q""#,
        256,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#""é"#,
        254,
        &[
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:513: Syntax error: token recognition error at: '"é c c c c c c'"#,
        ],
    ),
    (
        r#""é"#,
        256,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#"""""#,
        254,
        &[
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
            r#"ERROR: <input>:1:515: Syntax error: token recognition error at: '" c c c c c c'"#,
        ],
    ),
    (
        r#"""""#,
        256,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#"''''"#,
        252,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
    (
        r#""""""#,
        252,
        &[
            r#"ERROR: <input>:-1:0: error recovery token lookahead limit exceeded: 256"#,
            r#"ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>"#,
        ],
    ),
];

#[test]
fn a_recovery_to_the_end_counts_the_tokens_the_lexer_makes() {
    let rows = LEXED.iter().map(|&(construct, n, want)| {
        let src = format!("a b{} {construct} c c c c c c", " c".repeat(n));
        (src, want.to_vec())
    });
    let wrong = differences(rows);
    assert!(
        wrong.is_empty(),
        "{} differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
