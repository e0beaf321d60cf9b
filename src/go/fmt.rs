//! Go's `fmt` where a text the apiserver shows went through it: `fmt.Sprintf` of a text given
//! as the format with no operands (cel-go before v0.23 made some error values and messages so,
//! `types.NewErr(err.Error())`), which reads each `%` as a verb.

/// Go's `fmt.Sprintf(format)` with no operands (`pp.doPrintf`): `%%` is `%`; a verb, after
/// its flags, width and precision, is `%!c(MISSING)`; a `*` width or precision is
/// `%!(BADWIDTH)` or `%!(BADPREC)`; an argument index `[n]` makes the verb `%!c(BADINDEX)`;
/// a `%` with no verb after it is `%!(NOVERB)`.
pub fn sprintf_no_operands(format: &str) -> String {
    let mut out = String::with_capacity(format.len());
    let mut rest = format;
    while let Some(at) = rest.find('%') {
        out.push_str(&rest[..at]);
        let spec = &rest[at + 1..];
        let mut i = 0;
        let b = spec.as_bytes();
        // Flags.
        while i < b.len() && matches!(b[i], b'#' | b'0' | b'+' | b'-' | b' ') {
            i += 1;
        }
        let mut bad_index = false;
        let mut index = |i: &mut usize| {
            // `[n]`: there is no operand n.
            if b.get(*i) == Some(&b'[') {
                match spec[*i..].find(']') {
                    Some(close) => *i += close + 1,
                    None => *i += 1,
                }
                bad_index = true;
            }
        };
        // A width or precision: digits, or `*`, which takes an operand there is none of.
        let number = |i: &mut usize, out: &mut String, bad: &str| {
            if b.get(*i) == Some(&b'*') {
                *i += 1;
                out.push_str(bad);
            } else {
                *i += b[*i..].iter().take_while(|c| c.is_ascii_digit()).count();
            }
        };
        index(&mut i);
        number(&mut i, &mut out, "%!(BADWIDTH)");
        if b.get(i) == Some(&b'.') {
            i += 1;
            index(&mut i);
            number(&mut i, &mut out, "%!(BADPREC)");
        }
        index(&mut i);
        let Some(verb) = spec[i..].chars().next() else {
            out.push_str("%!(NOVERB)");
            rest = "";
            break;
        };
        match verb {
            '%' => out.push('%'),
            v if bad_index => out.push_str(&format!("%!{v}(BADINDEX)")),
            v => out.push_str(&format!("%!{v}(MISSING)")),
        }
        rest = &spec[i + verb.len_utf8()..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::sprintf_no_operands as f;

    /// Go's own answers (`fmt.Sprintf(s)`).
    #[test]
    fn sprintf_with_no_operands_as_go() {
        assert_eq!(f("no verbs"), "no verbs");
        assert_eq!(f("100%%"), "100%");
        assert_eq!(f("%d"), "%!d(MISSING)");
        assert_eq!(f("a %s b %v"), "a %!s(MISSING) b %!v(MISSING)");
        assert_eq!(f("%5.2f"), "%!f(MISSING)");
        assert_eq!(f("%-08x"), "%!x(MISSING)");
        assert_eq!(f("ends with %"), "ends with %!(NOVERB)");
        assert_eq!(f("'%'"), "'%!'(MISSING)");
        assert_eq!(f("%*d"), "%!(BADWIDTH)%!d(MISSING)");
        assert_eq!(f("%.*d"), "%!(BADPREC)%!d(MISSING)");
        assert_eq!(f("%[1]d"), "%!d(BADINDEX)");
        assert_eq!(f("%é"), "%!é(MISSING)");
        assert_eq!(f("%5%"), "%");
    }
}
