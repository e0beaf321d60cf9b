//! Property names as CEL sees them (the apiserver's `cel.Escape`): reserved words become
//! `__word__`; `__`, `.`, `-` and `/` become `__underscores__`, `__dot__`, `__dash__` and
//! `__slash__`; a name with any other character, or starting with a digit, cannot be reached
//! from CEL at all.

/// CEL's reserved words (`namespace` is the one Kubernetes schemas meet most).
pub(in crate::cel) const RESERVED: &[&str] = &[
    "true",
    "false",
    "null",
    "in",
    "as",
    "break",
    "const",
    "continue",
    "else",
    "for",
    "function",
    "if",
    "import",
    "let",
    "loop",
    "package",
    "namespace",
    "return",
    "var",
    "void",
    "while",
];

/// The CEL field name of property `name`, or `None` when CEL cannot name it.
pub fn escape(name: &str) -> Option<String> {
    let first = name.bytes().next()?;
    if first.is_ascii_digit() {
        return None;
    }
    if RESERVED.contains(&name) {
        return Some(format!("__{name}__"));
    }
    let mut out = String::with_capacity(name.len());
    let mut chars = name.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '_' if chars.peek() == Some(&'_') => {
                chars.next();
                out.push_str("__underscores__");
            }
            '.' => out.push_str("__dot__"),
            '-' => out.push_str("__dash__"),
            '/' => out.push_str("__slash__"),
            c if c.is_ascii_alphanumeric() || c == '_' => out.push(c),
            _ => return None,
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn escapes_like_the_apiserver() {
        let cases: &[(&str, Option<&str>)] = &[
            ("spec", Some("spec")),
            ("namespace", Some("__namespace__")),
            ("in", Some("__in__")),
            ("foo-bar", Some("foo__dash__bar")),
            ("a.b", Some("a__dot__b")),
            ("x/y", Some("x__slash__y")),
            ("my__field", Some("my__underscores__field")),
            ("a___b", Some("a__underscores___b")),
            ("_x", Some("_x")),
            ("a_b", Some("a_b")),
            ("1abc", None),
            ("", None),
            ("a b", None),
            ("a:b", None),
            ("héllo", None),
            (
                "kubernetes.io/name",
                Some("kubernetes__dot__io__slash__name"),
            ),
        ];
        for (name, want) in cases {
            assert_eq!(escape(name).as_deref(), *want, "{name}");
        }
    }
}
