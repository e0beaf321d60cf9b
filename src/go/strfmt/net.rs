//! The network formats: `ipv4` and `cidr` (k8s.io/utils' sloppy parsers, leading zeros allowed),
//! `ipv6` (Go's `net.ParseIP`), `mac` (`net.ParseMAC`), `uri` (`url.ParseRequestURI`), `email`
//! (`net/mail.ParseAddress`, without RFC 2047 words and groups) and `hostname` (strfmt's pattern).

use regex::Regex;
use std::sync::OnceLock;

/// `ParseIPSloppy(s) != nil` and `s` has a dot (a v4 address, or a v6 one ending in one).
pub(super) fn is_ipv4(s: &str) -> bool {
    s.contains('.') && parse_ip_sloppy(s)
}

/// `net.ParseIP(s) != nil` and `s` has a colon.
pub(super) fn is_ipv6(s: &str) -> bool {
    s.contains(':') && ipv6(s, false)
}

/// `ParseCIDRSloppy`: `ip/bits`, bits in range for the address family.
pub(super) fn is_cidr(s: &str) -> bool {
    let Some((addr, mask)) = s.split_once('/') else {
        return false;
    };
    let bits = if ipv4(addr, true) {
        32
    } else if ipv6(addr, true) {
        128
    } else {
        return false;
    };
    let significant = mask.trim_start_matches('0');
    !mask.is_empty()
        && mask.bytes().all(|b| b.is_ascii_digit())
        && significant.len() <= 8
        && (significant.is_empty() || significant.parse::<u32>().is_ok_and(|n| n <= bits))
}

/// The old `net.ParseIP` k8s keeps: the first `.` or `:` decides the family.
fn parse_ip_sloppy(s: &str) -> bool {
    match s.find(['.', ':']).map(|i| s.as_bytes()[i]) {
        Some(b'.') => ipv4(s, true),
        Some(_) => ipv6(s, true),
        None => false,
    }
}

/// Four decimal fields up to 255; `sloppy` allows leading zeros (else Go's netip rules).
fn ipv4(s: &str, sloppy: bool) -> bool {
    let fields: Vec<&str> = s.split('.').collect();
    fields.len() == 4
        && fields.iter().all(|f| {
            !f.is_empty()
                && f.bytes().all(|b| b.is_ascii_digit())
                && (sloppy || f.len() == 1 || !f.starts_with('0'))
                && f.trim_start_matches('0').len() <= 3
                && f.parse::<u32>().is_ok_and(|n| n <= 255)
        })
}

/// Up to eight hex groups with at most one `::` (standing for at least one group) and an
/// optional trailing IPv4 address; `sloppy`: groups of any length (value up to 0xFFFF).
fn ipv6(s: &str, sloppy: bool) -> bool {
    let (head, tail) = match s.split_once("::") {
        Some((h, t)) => (h, Some(t)),
        None => (s, None),
    };
    if tail.is_some_and(|t| t.contains("::")) {
        return false;
    }
    let groups = |part: &str, last: bool| -> Option<usize> {
        if part.is_empty() {
            return Some(0);
        }
        let items: Vec<&str> = part.split(':').collect();
        let mut n = 0;
        for (i, g) in items.iter().enumerate() {
            if last && i == items.len() - 1 && g.contains('.') {
                n += ipv4(g, sloppy).then_some(2)?;
                continue;
            }
            let ok = !g.is_empty()
                && (sloppy || g.len() <= 4)
                && g.bytes().all(|b| b.is_ascii_hexdigit())
                && u32::from_str_radix(g.trim_start_matches('0'), 16)
                    .map_or(g.trim_start_matches('0').is_empty(), |v| v <= 0xFFFF);
            n += ok.then_some(1)?;
        }
        Some(n)
    };
    match tail {
        None => groups(head, true) == Some(8),
        Some(t) => match (groups(head, false), groups(t, true)) {
            (Some(a), Some(b)) => a + b < 8,
            _ => false,
        },
    }
}

/// `net.ParseMAC`: 6, 8 or 20 octets as `xx:xx:...`, `xx-xx-...` or `xxxx.xxxx....`.
pub(super) fn is_mac(s: &str) -> bool {
    let b = s.as_bytes();
    let hex2 = |p: &[u8]| p.len() == 2 && p.iter().all(u8::is_ascii_hexdigit);
    if b.len() < 14 {
        return false;
    }
    if b[2] == b':' || b[2] == b'-' {
        let n = (b.len() + 1) / 3;
        return (b.len() + 1).is_multiple_of(3)
            && matches!(n, 6 | 8 | 20)
            && b.split(|c| *c == b[2]).all(hex2);
    }
    if b[4] == b'.' {
        let n = 2 * (b.len() + 1) / 5;
        return (b.len() + 1).is_multiple_of(5)
            && matches!(n, 6 | 8 | 20)
            && b.split(|c| *c == b'.')
                .all(|g| g.len() == 4 && hex2(&g[..2]) && hex2(&g[2..]));
    }
    false
}

/// strfmt's `IsURI`: Go's `url.ParseRequestURI(s)` succeeds ([`crate::go::url`]).
pub(super) fn is_request_uri(s: &str) -> bool {
    crate::go::url::parse_request_uri(s).is_ok()
}

/// `mail.ParseAddress(s)` gives an address: `local@domain`, possibly with a display name
/// (`Name <local@domain>`) or a trailing comment.
pub(super) fn is_email(s: &str) -> bool {
    let mut p = Mail { s };
    p.address() && p.skip_cfws() && p.s.is_empty()
}

struct Mail<'a> {
    s: &'a str,
}

impl Mail<'_> {
    fn skip_space(&mut self) {
        self.s = self.s.trim_start_matches([' ', '\t']);
    }

    fn consume(&mut self, c: char) -> bool {
        match self.s.strip_prefix(c) {
            Some(rest) => {
                self.s = rest;
                true
            }
            None => false,
        }
    }

    fn address(&mut self) -> bool {
        self.skip_space();
        if self.s.is_empty() {
            return false;
        }
        let orig = self.s;
        if self.addr_spec() {
            self.skip_space();
            if self.s.starts_with('(') {
                self.consume('(');
                return self.skip_comment();
            }
            return true;
        }
        self.s = orig;
        if !self.s.starts_with('<') && !self.phrase() {
            return false;
        }
        self.skip_space();
        self.consume('<') && self.addr_spec() && self.consume('>')
    }

    fn addr_spec(&mut self) -> bool {
        self.skip_space();
        let local = if self.s.starts_with('"') {
            self.quoted_string().is_some_and(|q| !q.is_empty())
        } else {
            self.atom(false)
        };
        if !local || !self.consume('@') {
            return false;
        }
        self.skip_space();
        if self.s.starts_with('[') {
            return self.domain_literal();
        }
        self.atom(false)
    }

    /// A dot-atom (`permissive`: dots anywhere).
    fn atom(&mut self, permissive: bool) -> bool {
        let end = self.s.find(|c: char| !atext(c)).unwrap_or(self.s.len());
        let atom = &self.s[..end];
        self.s = &self.s[end..];
        !atom.is_empty()
            && (permissive
                || !(atom.starts_with('.') || atom.ends_with('.') || atom.contains("..")))
    }

    /// A quoted string's content (`None` when malformed).
    fn quoted_string(&mut self) -> Option<String> {
        let mut out = String::new();
        let mut escaped = false;
        for (i, c) in self.s.char_indices().skip(1) {
            match c {
                c if escaped && (vchar(c) || c == ' ' || c == '\t') => {
                    out.push(c);
                    escaped = false;
                }
                _ if escaped => return None,
                '"' => {
                    self.s = &self.s[i + 1..];
                    return Some(out);
                }
                '\\' => escaped = true,
                c if vchar(c) || c == ' ' || c == '\t' => out.push(c),
                _ => return None,
            }
        }
        None
    }

    fn domain_literal(&mut self) -> bool {
        self.consume('[');
        let Some(end) = self.s.find(']') else {
            return false;
        };
        let text = &self.s[..end];
        self.s = &self.s[end + 1..];
        text.chars()
            .all(|c| vchar(c) && !matches!(c, '[' | ']' | '\\'))
            && (ipv4(text, false) || ipv6(text, false))
    }

    fn phrase(&mut self) -> bool {
        let mut words = 0;
        loop {
            if words > 0 && !self.skip_cfws() {
                return false;
            }
            self.skip_space();
            let before = self.s;
            let ok = match self.s.chars().next() {
                None => break,
                Some('"') => self.quoted_string().is_some(),
                Some(_) => self.atom(true),
            };
            if !ok {
                self.s = before;
                break;
            }
            words += 1;
        }
        words > 0
    }

    fn skip_cfws(&mut self) -> bool {
        self.skip_space();
        while self.consume('(') {
            if !self.skip_comment() {
                return false;
            }
            self.skip_space();
        }
        true
    }

    /// After `(`: skips to the matching `)`.
    fn skip_comment(&mut self) -> bool {
        let mut depth = 1;
        let mut chars = self.s.char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '\\' => {
                    chars.next();
                }
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                self.s = &self.s[i + 1..];
                return true;
            }
        }
        false
    }
}

fn vchar(c: char) -> bool {
    ('!'..='~').contains(&c) || !c.is_ascii()
}

fn atext(c: char) -> bool {
    c == '.' || (vchar(c) && !"()<>[]:;@\\,\"".contains(c))
}

/// strfmt's `IsHostname`: its RFC 1034 pattern, at most 255 bytes, labels at most 63.
pub(super) fn is_hostname(s: &str) -> bool {
    const PATTERN: &str = r"^([a-zA-Z0-9\p{S}\p{L}]((-?[a-zA-Z0-9\p{S}\p{L}]{0,62})?)|([a-zA-Z0-9\p{S}\p{L}](([a-zA-Z0-9-\p{S}\p{L}]{0,61}[a-zA-Z0-9\p{S}\p{L}])?)(\.)){1,}([a-zA-Z\p{L}]){2,63})$";
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| crate::go::regexp::compile(PATTERN).expect("fixed pattern"));
    re.is_match(s) && s.len() <= 255 && s.split('.').all(|p| p.len() <= 63)
}
