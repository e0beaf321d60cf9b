//! Go's accepted syntax, its meaning where the `regex` crate differs, and its error messages.

use super::{check, compile};

fn matches(pattern: &str, text: &str) -> bool {
    compile(pattern)
        .unwrap_or_else(|e| panic!("{pattern}: {e}"))
        .is_match(text)
}

#[test]
fn go_meaning_is_kept() {
    let cases: &[(&str, &str, bool)] = &[
        (r"^\d+$", "123", true),
        (r"^\d+$", "١٢٣", false), // Go's \d is ASCII
        (r"^\w+$", "héllo", false),
        (r"^\s$", "\u{b}", false), // Go's \s has no \v
        (r"^\s$", "\u{a0}", false),
        (r"^[\s]$", "\t", true),
        (r"^[^\d]$", "a", true),
        (r"^[\D]$", "5", false),
        (r"\bfoo\b", "a foo b", true),
        (r"\bfoo\b", "éfooé", true), // ASCII word boundary
        (r"^a{,3}$", "a{,3}", true), // not a repetition: literal
        (r"^x{2}$", "xx", true),
        (r"^[[a]$", "[", true), // [ inside a class is a literal
        (r"^[a&&b]$", "&", true),
        (r"^[a-]$", "-", true),
        (r"^[]a]$", "]", true),
        (r"^\<\>$", "<>", true),
        (r"^\101\x42\x{43}$", "ABC", true),
        (r"^\Qa.b\E.$", "a.bc", true),
        (r"^\Qa.b\E.$", "axbc", false),
        (r"(?i)^abc$", "ABC", true),
        (r"(?i:a)b", "Ab", true),
        (r"(?ii)a", "A", true),
        (r"^(?P<n>a)(?<m>b)$", "ab", true),
        (r"^[[:alpha:]]+$", "abc", true),
        (r"^[[:^digit:]]$", "a", true),
        (r"^\pL\p{Greek}$", "aα", true),
        (r"^\P{L}$", "1", true),
        (r"^\p{^L}$", "1", true),
        (r"^a\.b$", "a.b", true),
        (r"^\_\%\@$", "_%@", true),
        (r"^(?s).$", "\n", true),
        (r"^.$", "\n", false),
        (r"(?m)^b$", "a\nb", true),
        (r"^$", "", true),
        (r"a$", "a\n", false),
        (r"^*a", "a", true),
        (r"^(?:)*$", "", true),
        (r"^(?)a$", "a", true),
    ];
    for (p, text, want) in cases {
        assert_eq!(matches(p, text), *want, "{p} on {text:?}");
    }
}

#[test]
fn go_errors_word_for_word() {
    let cases: &[(&str, &str)] = &[
        ("(a", "error parsing regexp: missing closing ): `(a`"),
        ("a)", "error parsing regexp: unexpected ): `a)`"),
        ("[a", "error parsing regexp: missing closing ]: `[a`"),
        ("x[a-", "error parsing regexp: missing closing ]: `[a-`"),
        (
            "[z-a]",
            "error parsing regexp: invalid character class range: `z-a`",
        ),
        (
            r"\y",
            "error parsing regexp: invalid escape sequence: `\\y`",
        ),
        (
            r"a\",
            "error parsing regexp: trailing backslash at end of expression: ``",
        ),
        (
            r"\1",
            "error parsing regexp: invalid escape sequence: `\\1`",
        ),
        (
            r"\C",
            "error parsing regexp: invalid escape sequence: `\\C`",
        ),
        (
            r"[\b]",
            "error parsing regexp: invalid escape sequence: `\\b`",
        ),
        (
            r"\xZ1",
            "error parsing regexp: invalid escape sequence: `\\xZ1`",
        ),
        (
            r"\x{}",
            "error parsing regexp: invalid escape sequence: `\\x{}`",
        ),
        (
            "*a",
            "error parsing regexp: missing argument to repetition operator: `*`",
        ),
        (
            "a|+",
            "error parsing regexp: missing argument to repetition operator: `+`",
        ),
        (
            "(?i)*",
            "error parsing regexp: missing argument to repetition operator: `*`",
        ),
        (
            "a**",
            "error parsing regexp: invalid nested repetition operator: `**`",
        ),
        (
            "a*?+",
            "error parsing regexp: invalid nested repetition operator: `*?+`",
        ),
        (
            "a{2}{3}",
            "error parsing regexp: invalid nested repetition operator: `{2}{3}`",
        ),
        (
            "a{1001}",
            "error parsing regexp: invalid repeat count: `{1001}`",
        ),
        (
            "a{3,2}",
            "error parsing regexp: invalid repeat count: `{3,2}`",
        ),
        (
            "(a{500}){3}",
            "error parsing regexp: invalid repeat count: `{3}`",
        ),
        (
            "(?=a)",
            "error parsing regexp: invalid or unsupported Perl syntax: `(?=`",
        ),
        (
            "(?x)a",
            "error parsing regexp: invalid or unsupported Perl syntax: `(?x`",
        ),
        (
            "(?i",
            "error parsing regexp: invalid or unsupported Perl syntax: `(?i`",
        ),
        (
            "(?i-)",
            "error parsing regexp: invalid or unsupported Perl syntax: `(?i-)`",
        ),
        (
            "(?P<n!>a)",
            "error parsing regexp: invalid named capture: `(?P<n!>`",
        ),
        (
            "(?P<n",
            "error parsing regexp: invalid named capture: `(?P<n`",
        ),
        (
            "[[:foo:]]",
            "error parsing regexp: invalid character class range: `[:foo:]`",
        ),
        (
            r"\p{Foo}",
            "error parsing regexp: invalid character class range: `\\p{Foo}`",
        ),
        (
            r"\pX",
            "error parsing regexp: invalid character class range: `\\pX`",
        ),
    ];
    for (p, want) in cases {
        let got = check(p).map(|_| ()).unwrap_err().to_string();
        assert_eq!(&got, want, "{p}");
    }
}

#[test]
fn accepts_real_crd_patterns() {
    for p in [
        r"^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$",
        r"^((?i)sun|mon|tues|wednes|thurs|fri|satur)day(?:\s*-\s*((?i)sun|mon|tues|wednes|thurs|fri|satur)day)?$",
        r"^([0-9]+(\.[0-9]+)?(ms|s|m|h))+$",
        r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$",
        r"^(([+-]{1}(\d*\.?\d+))|(\+{1}\d*\.?\d+%)|(^(-\d*\.?\d+)%))$",
        r"^[-a-zA-Z0-9_{}.]+$",
    ] {
        assert!(compile(p).is_ok(), "{p}");
    }
}
