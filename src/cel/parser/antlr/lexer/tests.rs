//! The lexer against ANTLR's own: every row is the answer of the Java `CELLexer` generated from
//! cel-go v0.26.0's grammar (ANTLR 4.7.2's runtime, whose lexer simulator antlr4-go's follows),
//! its code point offsets turned into byte offsets and its error texts written as antlr4-go
//! writes them (line breaks and tabs unescaped). The rows without backtick-quoted names are
//! the answers of a lexer generated from the same grammar less `ESC_IDENTIFIER`.

use super::*;

/// Input, its tokens (`TYPE start..end`, hidden ones in brackets, `EOF` last), and its errors
/// (offset, text, index of the token fetched when it is reported).
type Row = (
    &'static str,
    &'static str,
    &'static [(usize, &'static str, usize)],
);

/// The lexer of cel-go v0.23 on (`ESC_IDENTIFIER` in the grammar).
const ESCAPED_NAMES: &[Row] = &[
    // Operators, punctuation and keywords (the rule listed first takes a tie).
    ("", "EOF 0..0", &[]),
    ("a == b", "IDENTIFIER 0..1 [WHITESPACE 1..2] EQUALS 2..4 [WHITESPACE 4..5] IDENTIFIER 5..6 EOF 6..6", &[]),
    ("x in y && !z || w != 1", "IDENTIFIER 0..1 [WHITESPACE 1..2] IN 2..4 [WHITESPACE 4..5] IDENTIFIER 5..6 [WHITESPACE 6..7] LOGICAL_AND 7..9 [WHITESPACE 9..10] EXCLAM 10..11 IDENTIFIER 11..12 [WHITESPACE 12..13] LOGICAL_OR 13..15 [WHITESPACE 15..16] IDENTIFIER 16..17 [WHITESPACE 17..18] NOT_EQUALS 18..20 [WHITESPACE 20..21] NUM_INT 21..22 EOF 22..22", &[]),
    ("a<=b>=c<d>e", "IDENTIFIER 0..1 LESS_EQUALS 1..3 IDENTIFIER 3..4 GREATER_EQUALS 4..6 IDENTIFIER 6..7 LESS 7..8 IDENTIFIER 8..9 GREATER 9..10 IDENTIFIER 10..11 EOF 11..11", &[]),
    ("[1,2]{}(),.?:+-*/%", "LBRACKET 0..1 NUM_INT 1..2 COMMA 2..3 NUM_INT 3..4 RPRACKET 4..5 LBRACE 5..6 RBRACE 6..7 LPAREN 7..8 RPAREN 8..9 COMMA 9..10 DOT 10..11 QUESTIONMARK 11..12 COLON 12..13 PLUS 13..14 MINUS 14..15 STAR 15..16 SLASH 16..17 PERCENT 17..18 EOF 18..18", &[]),
    ("true false null trueish in_ inx", "CEL_TRUE 0..4 [WHITESPACE 4..5] CEL_FALSE 5..10 [WHITESPACE 10..11] NUL 11..15 [WHITESPACE 15..16] IDENTIFIER 16..23 [WHITESPACE 23..24] IDENTIFIER 24..27 [WHITESPACE 27..28] IDENTIFIER 28..31 EOF 31..31", &[]),
    // Numbers: the longest text some rule accepts, the rest read again.
    ("0x", "NUM_INT 0..1 IDENTIFIER 1..2 EOF 2..2", &[]),
    ("0xFu 0x1U", "NUM_UINT 0..4 [WHITESPACE 4..5] NUM_UINT 5..9 EOF 9..9", &[]),
    ("0X1", "NUM_INT 0..1 IDENTIFIER 1..3 EOF 3..3", &[]),
    ("0xg", "NUM_INT 0..1 IDENTIFIER 1..3 EOF 3..3", &[]),
    ("1e", "NUM_INT 0..1 IDENTIFIER 1..2 EOF 2..2", &[]),
    ("1e+", "NUM_INT 0..1 IDENTIFIER 1..2 PLUS 2..3 EOF 3..3", &[]),
    ("1e-5 2E3", "NUM_FLOAT 0..4 [WHITESPACE 4..5] NUM_FLOAT 5..8 EOF 8..8", &[]),
    ("1.", "NUM_INT 0..1 DOT 1..2 EOF 2..2", &[]),
    ("1.5e", "NUM_FLOAT 0..3 IDENTIFIER 3..4 EOF 4..4", &[]),
    ("1.5E-3 3.0", "NUM_FLOAT 0..6 [WHITESPACE 6..7] NUM_FLOAT 7..10 EOF 10..10", &[]),
    (".5 .5e2", "NUM_FLOAT 0..2 [WHITESPACE 2..3] NUM_FLOAT 3..7 EOF 7..7", &[]),
    (".e", "DOT 0..1 IDENTIFIER 1..2 EOF 2..2", &[]),
    ("1..2", "NUM_INT 0..1 DOT 1..2 NUM_FLOAT 2..4 EOF 4..4", &[]),
    ("1u 12U", "NUM_UINT 0..2 [WHITESPACE 2..3] NUM_UINT 3..6 EOF 6..6", &[]),
    ("1.5u", "NUM_FLOAT 0..3 IDENTIFIER 3..4 EOF 4..4", &[]),
    // String and bytes literals: a prefix or an empty literal accepted on the way to one that fails;
    // a triple-quoted literal ends at the first three quotes.
    ("r\"", "IDENTIFIER 0..1 EOF 2..2", &[(1, "\"", 1)]),
    ("b'", "IDENTIFIER 0..1 EOF 2..2", &[(1, "'", 1)]),
    ("br\"\"\"", "BYTES 0..4 EOF 5..5", &[(4, "\"", 1)]),
    ("\"\"\"", "STRING 0..2 EOF 3..3", &[(2, "\"", 1)]),
    ("'''abc", "STRING 0..2 EOF 6..6", &[(2, "'abc", 1)]),
    ("\"\"\"a\"\"b\"\"\"", "STRING 0..10 EOF 10..10", &[]),
    ("\"\"\"a\"\"\"\"", "STRING 0..7 EOF 8..8", &[(7, "\"", 1)]),
    ("'''x\n'''y", "STRING 0..8 IDENTIFIER 8..9 EOF 9..9", &[]),
    // Escape sequences: refused through the character the sequence fails at.
    ("\"\\x4\"", "EOF 5..5", &[(0, "\"\\x4\"", 0)]),
    ("\"\\u12\"", "EOF 6..6", &[(0, "\"\\u12\"", 0)]),
    ("\"\\U\"", "EOF 4..4", &[(0, "\"\\U\"", 0)]),
    ("\"\\0\"", "EOF 4..4", &[(0, "\"\\0\"", 0)]),
    ("\"\\8\"", "EOF 4..4", &[(0, "\"\\8", 0), (3, "\"", 0)]),
    ("\"\\377\" \"\\400\"", "STRING 0..6 [WHITESPACE 6..7] NUM_INT 10..12 EOF 13..13", &[(7, "\"\\4", 2), (12, "\"", 3)]),
    ("\"\\uABCD\\U0010FFFF\\a\\`\\?\"", "STRING 0..24 EOF 24..24", &[]),
    // Unterminated literals, line breaks, raw literals, bytes.
    ("\"abc", "EOF 4..4", &[(0, "\"abc", 0)]),
    ("'abc\n'", "EOF 6..6", &[(0, "'abc\n", 0), (5, "'", 0)]),
    ("\"a\rb\"", "IDENTIFIER 3..4 EOF 5..5", &[(0, "\"a\r", 0), (4, "\"", 1)]),
    ("r\"\\\" R'\\d'", "STRING 0..4 [WHITESPACE 4..5] STRING 5..10 EOF 10..10", &[]),
    ("b\"\\xff\" B'abc'", "BYTES 0..7 [WHITESPACE 7..8] BYTES 8..14 EOF 14..14", &[]),
    ("bR\"x\" rb\"x\"", "BYTES 0..5 [WHITESPACE 5..6] IDENTIFIER 6..8 STRING 8..11 EOF 11..11", &[]),
    ("b\"\"\"\\q\"\"\"", "BYTES 0..3 STRING 6..8 EOF 9..9", &[(3, "\"\\q", 1), (8, "\"", 2)]),
    // Backtick-quoted names.
    ("a.`b c`", "IDENTIFIER 0..1 DOT 1..2 ESC_IDENTIFIER 2..7 EOF 7..7", &[]),
    ("`a", "EOF 2..2", &[(0, "`a", 0)]),
    ("`", "EOF 1..1", &[(0, "`", 0)]),
    ("``", "EOF 2..2", &[(0, "``", 0)]),
    ("`a-b/c.d`", "ESC_IDENTIFIER 0..9 EOF 9..9", &[]),
    ("`é`", "EOF 4..4", &[(0, "`é", 0), (3, "`", 0)]),
    ("`a`b`", "ESC_IDENTIFIER 0..3 IDENTIFIER 3..4 EOF 5..5", &[(4, "`", 2)]),
    // Comments.
    ("a // c\nb", "IDENTIFIER 0..1 [WHITESPACE 1..2] [COMMENT 2..6] [WHITESPACE 6..7] IDENTIFIER 7..8 EOF 8..8", &[]),
    ("a //c", "IDENTIFIER 0..1 [WHITESPACE 1..2] [COMMENT 2..5] EOF 5..5", &[]),
    ("/ /", "SLASH 0..1 [WHITESPACE 1..2] SLASH 2..3 EOF 3..3", &[]),
    ("//\r\n1", "[COMMENT 0..3] [WHITESPACE 3..4] NUM_INT 4..5 EOF 5..5", &[]),
    // Characters that start a token only with the next one, taken with it when refused.
    ("&", "EOF 1..1", &[(0, "&", 0)]),
    ("|", "EOF 1..1", &[(0, "|", 0)]),
    ("=", "EOF 1..1", &[(0, "=", 0)]),
    ("&x", "EOF 2..2", &[(0, "&x", 0)]),
    ("a = b", "IDENTIFIER 0..1 [WHITESPACE 1..2] IDENTIFIER 4..5 EOF 5..5", &[(2, "= ", 2)]),
    ("a & b", "IDENTIFIER 0..1 [WHITESPACE 1..2] IDENTIFIER 4..5 EOF 5..5", &[(2, "& ", 2)]),
    ("|é", "EOF 3..3", &[(0, "|é", 0)]),
    // Non-ASCII characters (one character each), characters no token starts with, whitespace.
    ("é", "EOF 2..2", &[(0, "é", 0)]),
    ("a😀b", "IDENTIFIER 0..1 IDENTIFIER 5..6 EOF 6..6", &[(1, "😀", 1)]),
    ("\"é\" \"\\é\"", "STRING 0..4 [WHITESPACE 4..5] EOF 10..10", &[(5, "\"\\é", 2), (9, "\"", 2)]),
    ("#$@", "EOF 3..3", &[(0, "#", 0), (1, "$", 0), (2, "@", 0)]),
    ("\t\r\n\u{c}", "[WHITESPACE 0..4] EOF 4..4", &[]),
    ("\\", "EOF 1..1", &[(0, "\\", 0)]),
    ("r\"\"\"a\\\"\"\"", "STRING 0..9 EOF 9..9", &[]),
];

/// The lexer of cel-go up to v0.22: a backtick starts no token.
const NO_ESCAPED_NAMES: &[Row] = &[
    (
        "a.`b`",
        "IDENTIFIER 0..1 DOT 1..2 IDENTIFIER 3..4 EOF 5..5",
        &[(2, "`", 2), (4, "`", 3)],
    ),
    ("`", "EOF 1..1", &[(0, "`", 0)]),
    ("\"`\"", "STRING 0..3 EOF 3..3", &[]),
];

fn render(tokens: &[Token]) -> String {
    let one = |t: &Token| {
        let name = match t.kind {
            EOF => "EOF",
            k => SYMBOLIC_NAMES[k as usize - 1],
        };
        let text = format!("{name} {}..{}", t.start, t.end);
        if t.hidden {
            format!("[{text}]")
        } else {
            text
        }
    };
    tokens.iter().map(one).collect::<Vec<_>>().join(" ")
}

fn check(rows: &[Row], escaped_names: bool) {
    for &(src, tokens, errors) in rows {
        let (got, got_errors) = lex(src, escaped_names);
        assert_eq!(render(&got), tokens, "tokens of {src:?}");
        let got_errors: Vec<_> = got_errors
            .iter()
            .map(|e| (e.at, e.text.as_str(), e.before))
            .collect();
        assert_eq!(got_errors, errors, "errors of {src:?}");
    }
}

#[test]
fn lexes_as_antlr_with_escaped_names() {
    check(ESCAPED_NAMES, true);
}

#[test]
fn lexes_as_antlr_without_escaped_names() {
    check(NO_ESCAPED_NAMES, false);
}

/// The named token types are the grammar's numbering, and only whitespace and comments are
/// hidden.
#[test]
fn token_types() {
    let kinds = [
        EQUALS,
        NOT_EQUALS,
        IN,
        LESS,
        LESS_EQUALS,
        GREATER_EQUALS,
        GREATER,
        LOGICAL_AND,
        LOGICAL_OR,
        LBRACKET,
        RPRACKET,
        LBRACE,
        RBRACE,
        LPAREN,
        RPAREN,
        DOT,
        COMMA,
        MINUS,
        EXCLAM,
        QUESTIONMARK,
        COLON,
        PLUS,
        STAR,
        SLASH,
        PERCENT,
        CEL_TRUE,
        CEL_FALSE,
        NUL,
        WHITESPACE,
        COMMENT,
        NUM_FLOAT,
        NUM_INT,
        NUM_UINT,
        STRING,
        BYTES,
        IDENTIFIER,
        ESC_IDENTIFIER,
    ];
    assert_eq!(kinds.to_vec(), (1..=37).collect::<Vec<i32>>());
    let (tokens, _) = lex("a // b\n\t'c'", true);
    let hidden: Vec<_> = tokens.iter().map(|t| (t.kind, t.hidden)).collect();
    assert_eq!(
        hidden,
        [
            (IDENTIFIER, false),
            (WHITESPACE, true),
            (COMMENT, true),
            (WHITESPACE, true),
            (STRING, false),
            (EOF, false)
        ]
    );
}
