//! A leaf module (it names only `versions`), shared by `validation`, `cel` and `crd`:
//! apimachinery's name checks with their exact messages: DNS-1123 subdomains and labels, DNS-1035
//! labels (`must be no more than N characters`), label keys and values (`... N bytes`, as the
//! newer `content` package words it), and path segments.

fn lower_alnum(c: u8) -> bool {
    c.is_ascii_lowercase() || c.is_ascii_digit()
}

/// `^[a-z0-9]([-a-z0-9]*[a-z0-9])?$` (or `[a-z]` first for DNS-1035).
fn is_label(s: &str, letter_first: bool) -> bool {
    let b = s.as_bytes();
    let first_ok = |c: u8| match letter_first {
        true => c.is_ascii_lowercase(),
        false => lower_alnum(c),
    };
    !b.is_empty()
        && first_ok(b[0])
        && lower_alnum(b[b.len() - 1])
        && b.iter().all(|c| lower_alnum(*c) || *c == b'-')
}

fn is_subdomain(s: &str) -> bool {
    s.split('.').all(|l| is_label(l, false))
}

fn regex_error(msg: &str, re: &str, examples: &[&str]) -> String {
    // `msg (e.g. 'a',  or 'b', regex used for validation is 're')`, written piece by piece (a
    // refused list has one for each bad name).
    let mut out = String::with_capacity(msg.len() + re.len() + 64);
    out.push_str(msg);
    out.push_str(" (e.g. ");
    for (i, e) in examples.iter().enumerate() {
        if i > 0 {
            out.push_str(" or ");
        }
        out.push('\'');
        out.push_str(e);
        out.push_str("', ");
    }
    out.push_str("regex used for validation is '");
    out.push_str(re);
    out.push_str("')");
    out
}

const LABEL_FMT: &str = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
const SUBDOMAIN_FMT: &str = "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*";
const SUBDOMAIN_MSG: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";

/// `IsDNS1123Subdomain`; `unit` is `characters` (util/validation) or `bytes` (content).
fn dns1123_subdomain_in(value: &str, unit: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > 253 {
        errs.push(format!("must be no more than 253 {unit}"));
    }
    if !is_subdomain(value) {
        errs.push(regex_error(SUBDOMAIN_MSG, SUBDOMAIN_FMT, &["example.com"]));
    }
    errs
}

/// util/validation's `IsDNS1123Subdomain`.
pub fn dns1123_subdomain(value: &str) -> Vec<String> {
    dns1123_subdomain_in(value, "characters")
}

/// util/validation's `IsDNS1123Label`.
pub fn dns1123_label(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > 63 {
        errs.push("must be no more than 63 characters".to_string());
    }
    if !is_label(value, false) {
        errs.push(match is_subdomain(value) {
            true => "must not contain dots".to_string(),
            false => regex_error(
                "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character",
                LABEL_FMT,
                &["my-name", "123-abc"],
            ),
        });
    }
    errs
}

/// util/validation's `IsDNS1035Label`.
pub fn dns1035_label(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > 63 {
        errs.push("must be no more than 63 characters".to_string());
    }
    if !is_label(value, true) {
        errs.push(regex_error(
            "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character",
            "[a-z]([-a-z0-9]*[a-z0-9])?",
            &["my-name", "abc-123"],
        ));
    }
    errs
}

/// `NameIsDNSSubdomain(name, prefix)`: a prefix has its trailing dash masked first.
pub fn name_is_dns_subdomain(name: &str, prefix: bool) -> Vec<String> {
    if prefix && name.len() > 1 && name.ends_with('-') {
        // Go cuts bytes (`name[:len(name)-2] + "a"`), possibly inside a character: its bytes
        // left are no subdomain's, and stand here as as many `_` (same length, no match).
        let cut = name.len() - 2;
        let whole = (0..=cut)
            .rev()
            .find(|&i| name.is_char_boundary(i))
            .unwrap_or(0);
        let masked = format!("{}{}a", &name[..whole], "_".repeat(cut - whole));
        return dns1123_subdomain(&masked);
    }
    dns1123_subdomain(name)
}

/// `NameIsDNSLabel(name, false)` (namespaces).
pub fn namespace_name(name: &str) -> Vec<String> {
    dns1123_label(name)
}

/// The path-segment rules of names (`may not be '.'`, `may not contain '/'`); a prefix may be
/// `.` or `..`.
pub fn path_segment(name: &str, prefix: bool) -> Vec<String> {
    if !prefix {
        if let Some(bad) = [".", ".."].into_iter().find(|b| *b == name) {
            return vec![format!("may not be '{bad}'")];
        }
    }
    ["/", "%"]
        .into_iter()
        .filter(|c| name.contains(c))
        .map(|c| format!("may not contain '{c}'"))
        .collect()
}

const KEY_FMT: &str = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
const KEY_MSG: &str = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";

fn is_key_name(s: &str) -> bool {
    let b = s.as_bytes();
    let ext = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.');
    !b.is_empty()
        && b[0].is_ascii_alphanumeric()
        && b[b.len() - 1].is_ascii_alphanumeric()
        && b.iter().all(|c| ext(*c))
}

/// `IsQualifiedName` (label keys, annotation keys, finalizers): `[prefix/]name`.
pub fn qualified_name(value: &str) -> Vec<String> {
    let examples = ["MyName", "my.name", "123-abc"];
    let mut errs = Vec::new();
    let name = match value.split_once('/') {
        None => value,
        Some((_, rest)) if rest.contains('/') => {
            return vec![format!(
                "a valid label key {} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
                regex_error(KEY_MSG, KEY_FMT, &examples)
            )]
        }
        Some((prefix, name)) => {
            if prefix.is_empty() {
                errs.push("prefix part must be non-empty".to_string());
            } else {
                let msgs = dns1123_subdomain_in(prefix, "bytes");
                errs.extend(msgs.into_iter().map(|m| format!("prefix part {m}")));
            }
            name
        }
    };
    if name.is_empty() {
        errs.push("name part must be non-empty".to_string());
    } else if name.len() > 63 {
        errs.push("name part must be no more than 63 bytes".to_string());
    }
    if !is_key_name(name) {
        errs.push(format!(
            "name part {}",
            regex_error(KEY_MSG, KEY_FMT, &examples)
        ));
    }
    errs
}

/// `IsValidLabelValue`.
pub fn label_value(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > 63 {
        // `characters` up to 1.34 (see `crate::versions`).
        let unit = match crate::versions::current().label_value_bytes {
            true => "bytes",
            false => "characters",
        };
        errs.push(format!("must be no more than 63 {unit}"));
    }
    if !value.is_empty() && !is_key_name(value) {
        errs.push(regex_error(
            "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
            &format!("({KEY_FMT})?"),
            &["MyValue", "my_value", "12345"],
        ));
    }
    errs
}

#[cfg(test)]
mod tests {
    use crate::names::name_is_dns_subdomain;

    /// apimachinery's `maskTrailingDash` on bytes: a prefix ending in `-` is checked with its
    /// last two bytes replaced by `a`, even inside a character (no panic, no subdomain).
    #[test]
    fn a_prefix_masks_its_trailing_dash_by_bytes() {
        assert!(name_is_dns_subdomain("abc-", true).is_empty());
        assert!(name_is_dns_subdomain("a-", true).is_empty());
        assert_eq!(name_is_dns_subdomain("abc-", false).len(), 1);
        let errs = name_is_dns_subdomain("é-", true);
        assert_eq!(errs.len(), 1);
        assert!(
            errs[0].starts_with("a lowercase RFC 1123 subdomain"),
            "{errs:?}"
        );
        assert_eq!(name_is_dns_subdomain("aé-", true), errs);
    }
}
