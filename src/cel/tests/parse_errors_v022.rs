//! cel-go's parser error cases at v0.22.0 (`parser/parser_test.go`, the cel-go kube-apiserver
//! 1.32 uses), ported as facts and parsed at Kubernetes 1.32. v0.22's table is v0.26's
//! (`parse_errors.rs`, the same rows left out for the same reasons) less six rows v0.26 added
//! ([`NOT_IN_V0_22`]), and three of its rows read otherwise ([`READ_OTHERWISE`]): their
//! expected-token sets have no `ESC_IDENTIFIER`, v0.22's grammar having no backtick-quoted
//! names. Every other row's text is byte for byte v0.26's, whitespace aside.

use super::parse_errors::{differences, CASES};
use crate::versions::{enter, Behaviours, KubeVersion};

/// The rows of v0.26's table that v0.22's does not have: `__result__` as a macro's variable,
/// which v0.22 allows ([`crate::versions::Change::HiddenAccumulator`]), and rows v0.26 added.
const NOT_IN_V0_22: &[&str] = &[
    "has(m)",
    "[].existsOne(__result__, __result__)",
    "m.map(__result__, __result__)",
    "m.filter(__result__, false)",
    "m.filter(a.b, false)",
    r"'\udead' == '\ufffd'",
];

/// The rows v0.22 displays otherwise, with its text.
const READ_OTHERWISE: &[(&str, &str)] = &[
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
    let rows: Vec<(&str, &str)> = CASES
        .iter()
        .filter(|(src, _)| !NOT_IN_V0_22.contains(src))
        .map(
            |&(src, want)| match READ_OTHERWISE.iter().find(|(s, _)| *s == src) {
                Some(&(_, v022)) => (src, v022),
                None => (src, want),
            },
        )
        .collect();
    assert_eq!(
        rows.len(),
        44,
        "v0.22's table has 44 rows the apiserver's options apply to"
    );
    let wrong = differences(&rows);
    assert!(
        wrong.is_empty(),
        "{} of {} differ at 1.32:\n{}",
        wrong.len(),
        rows.len(),
        wrong.join("\n")
    );
}
