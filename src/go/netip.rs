//! Go's `net/netip` address and prefix parsing (`netip.ParseAddr`, `netip.ParsePrefix`), with
//! Go's error texts word for word (`ParseAddr("1.2.3"): IPv4 address too short`,
//! `netip.ParsePrefix("10.0.0.0/33"): prefix length out of range`), and the few `Addr` and
//! `Prefix` methods the Kubernetes CEL IP and CIDR libraries use. Parsed addresses are std's
//! [`IpAddr`] (an IPv6 address may carry a zone, which std's type does not keep: [`Addr`]).

use crate::go::strconv::quote;
use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// A parsed address: std's address and the IPv6 zone (`fe80::1%eth0`), if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Addr {
    pub ip: IpAddr,
    pub zone: String,
}

/// Go's `parseAddrError`: the input, what is wrong with it and the text it was found at (may
/// be empty); its text is Go's (`ParseAddr("1.2.3"): IPv4 address too short`,
/// `ParseAddr("1..2.3"): IPv4 field must have at least one digit (at ".2.3")`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AddrError {
    pub input: String,
    pub msg: &'static str,
    pub at: String,
}

impl fmt::Display for AddrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ParseAddr({}): {}", quote(&self.input), self.msg)?;
        if !self.at.is_empty() {
            write!(f, " (at {})", quote(&self.at))?;
        }
        Ok(())
    }
}

impl std::error::Error for AddrError {}

fn addr_error(input: &str, msg: &'static str, at: &str) -> AddrError {
    AddrError {
        input: input.to_string(),
        msg,
        at: at.to_string(),
    }
}

/// `netip.ParsePrefix`'s error: the input and why it is no prefix; its text is Go's
/// (`netip.ParsePrefix("10.0.0.0/33"): prefix length out of range`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("netip.ParsePrefix({}): {reason}", quote(.input))]
pub struct PrefixError {
    pub input: String,
    pub reason: PrefixReason,
}

/// Why `netip.ParsePrefix` refuses its input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PrefixReason {
    #[error("no '/'")]
    NoSlash,
    /// The address before the slash is none ([`parse_addr`]'s error).
    #[error("{0}")]
    Addr(AddrError),
    #[error("IPv6 zones cannot be present in a prefix")]
    Zone,
    /// The text after the slash, as written.
    #[error("bad bits after slash: {}", quote(.0))]
    BadBits(String),
    #[error("prefix length out of range")]
    OutOfRange,
}

/// `netip.ParseAddr(s)`; the error is Go's `parseAddrError`.
pub fn parse_addr(s: &str) -> Result<Addr, AddrError> {
    for c in s.bytes() {
        match c {
            b'.' => {
                let mut f = [0u8; 4];
                parse_v4_fields(s, 0, s.len(), &mut f)?;
                return Ok(Addr {
                    ip: IpAddr::V4(Ipv4Addr::from(f)),
                    zone: String::new(),
                });
            }
            b':' => return parse_v6(s),
            b'%' => return Err(addr_error(s, "missing IPv6 address", "")),
            _ => {}
        }
    }
    Err(addr_error(s, "unable to parse IP", ""))
}

/// The four fields of the IPv4 address `input[off..end]` (Go's `parseIPv4Fields`).
fn parse_v4_fields(
    input: &str,
    off: usize,
    end: usize,
    fields: &mut [u8],
) -> Result<(), AddrError> {
    let s = &input.as_bytes()[off..end];
    let (mut val, mut pos, mut digits) = (0u32, 0usize, 0);
    for (i, &c) in s.iter().enumerate() {
        if c.is_ascii_digit() {
            if digits == 1 && val == 0 {
                return Err(addr_error(
                    input,
                    "IPv4 field has octet with leading zero",
                    "",
                ));
            }
            val = val * 10 + u32::from(c - b'0');
            digits += 1;
            if val > 255 {
                return Err(addr_error(input, "IPv4 field has value >255", ""));
            }
        } else if c == b'.' {
            if i == 0 || i == s.len() - 1 || s[i - 1] == b'.' {
                let at = &input[off + i..end];
                return Err(addr_error(
                    input,
                    "IPv4 field must have at least one digit",
                    at,
                ));
            }
            if pos == 3 {
                return Err(addr_error(input, "IPv4 address too long", ""));
            }
            fields[pos] = val as u8;
            pos += 1;
            val = 0;
            digits = 0;
        } else {
            let at = lossy_tail(input, off + i, end);
            return Err(addr_error(input, "unexpected character", &at));
        }
    }
    if pos < 3 {
        return Err(addr_error(input, "IPv4 address too short", ""));
    }
    fields[3] = val as u8;
    Ok(())
}

/// `input[from..end]`, which may start inside a multi-byte character (Go quotes the bytes).
fn lossy_tail(input: &str, from: usize, end: usize) -> String {
    String::from_utf8_lossy(&input.as_bytes()[from..end]).into_owned()
}

/// Go's `parseIPv6`.
fn parse_v6(input: &str) -> Result<Addr, AddrError> {
    let (mut s, zone) = match input.find('%') {
        Some(i) => {
            let zone = &input[i + 1..];
            if zone.is_empty() {
                return Err(addr_error(input, "zone must be a non-empty string", ""));
            }
            (&input.as_bytes()[..i], zone)
        }
        None => (input.as_bytes(), ""),
    };
    let tail = |s: &[u8]| String::from_utf8_lossy(s).into_owned();
    let mut ip = [0u8; 16];
    let mut ellipsis: Option<usize> = None;
    if s.len() >= 2 && s[0] == b':' && s[1] == b':' {
        ellipsis = Some(0);
        s = &s[2..];
        if s.is_empty() {
            return Ok(Addr {
                ip: IpAddr::V6(Ipv6Addr::UNSPECIFIED),
                zone: zone.to_string(),
            });
        }
    }
    let mut i = 0;
    while i < 16 {
        let mut off = 0;
        let mut acc: u32 = 0;
        while off < s.len() {
            let c = s[off];
            let d = match c {
                b'0'..=b'9' => c - b'0',
                b'a'..=b'f' => c - b'a' + 10,
                b'A'..=b'F' => c - b'A' + 10,
                _ => break,
            };
            acc = (acc << 4) + u32::from(d);
            if off > 3 {
                let msg = "each group must have 4 or less digits";
                return Err(addr_error(input, msg, &tail(s)));
            }
            if acc > 0xffff {
                return Err(addr_error(input, "IPv6 field has value >=2^16", &tail(s)));
            }
            off += 1;
        }
        if off == 0 {
            let msg = "each colon-separated field must have at least one digit";
            return Err(addr_error(input, msg, &tail(s)));
        }
        if off < s.len() && s[off] == b'.' {
            if ellipsis.is_none() && i != 12 {
                let msg = "embedded IPv4 address must replace the final 2 fields of the address";
                return Err(addr_error(input, msg, &tail(s)));
            }
            if i + 4 > 16 {
                let msg = "too many hex fields to fit an embedded IPv4 at the end of the address";
                return Err(addr_error(input, msg, &tail(s)));
            }
            let end = input.len() - if zone.is_empty() { 0 } else { zone.len() + 1 };
            parse_v4_fields(input, end - s.len(), end, &mut ip[i..i + 4])?;
            s = &[];
            i += 4;
            break;
        }
        ip[i] = (acc >> 8) as u8;
        ip[i + 1] = acc as u8;
        i += 2;
        s = &s[off..];
        if s.is_empty() {
            break;
        }
        if s[0] != b':' {
            return Err(addr_error(
                input,
                "unexpected character, want colon",
                &tail(s),
            ));
        } else if s.len() == 1 {
            let msg = "colon must be followed by more characters";
            return Err(addr_error(input, msg, &tail(s)));
        }
        s = &s[1..];
        if s[0] == b':' {
            if ellipsis.is_some() {
                return Err(addr_error(input, "multiple :: in address", &tail(s)));
            }
            ellipsis = Some(i);
            s = &s[1..];
            if s.is_empty() {
                break;
            }
        }
    }
    if !s.is_empty() {
        return Err(addr_error(
            input,
            "trailing garbage after address",
            &tail(s),
        ));
    }
    if i < 16 {
        let Some(e) = ellipsis else {
            return Err(addr_error(input, "address string too short", ""));
        };
        let n = 16 - i;
        for j in (e..i).rev() {
            ip[j + n] = ip[j];
        }
        ip[e..e + n].iter_mut().for_each(|b| *b = 0);
    } else if ellipsis.is_some() {
        let msg = "the :: must expand to at least one field of zeros";
        return Err(addr_error(input, msg, &tail(s)));
    }
    Ok(Addr {
        ip: IpAddr::V6(Ipv6Addr::from(ip)),
        zone: zone.to_string(),
    })
}

/// `netip.ParsePrefix(s)`: the address (with its zone, always empty: zones are refused) and
/// the prefix length.
pub fn parse_prefix(s: &str) -> Result<(IpAddr, u8), PrefixError> {
    let err = |reason| PrefixError {
        input: s.to_string(),
        reason,
    };
    let Some(i) = s.rfind('/') else {
        return Err(err(PrefixReason::NoSlash));
    };
    let addr = parse_addr(&s[..i]).map_err(|e| err(PrefixReason::Addr(e)))?;
    if addr.ip.is_ipv6() && !addr.zone.is_empty() {
        return Err(err(PrefixReason::Zone));
    }
    let bits = &s[i + 1..];
    let bad = || err(PrefixReason::BadBits(bits.to_string()));
    let b = bits.as_bytes();
    if b.len() > 1 && !(b'1'..=b'9').contains(&b[0]) {
        return Err(bad());
    }
    // strconv.Atoi: an optional sign, then digits.
    let digits = bits.strip_prefix(['+', '-']).unwrap_or(bits);
    if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return Err(bad());
    }
    let n: i64 = match bits.parse::<i64>() {
        Ok(n) => n,
        Err(_) => return Err(bad()),
    };
    let max = if addr.ip.is_ipv6() { 128 } else { 32 };
    if !(0..=max).contains(&n) {
        return Err(err(PrefixReason::OutOfRange));
    }
    Ok((addr.ip, n as u8))
}

/// Go's `Addr.String()`: dotted IPv4, RFC 5952 IPv6 (an IPv4-mapped one as `::ffff:a.b.c.d`).
pub fn addr_string(ip: &IpAddr) -> String {
    ip.to_string()
}

/// The address with every bit past the first `bits` cleared (`Prefix.Masked`).
pub fn masked(ip: &IpAddr, bits: u8) -> IpAddr {
    match ip {
        IpAddr::V4(a) => {
            let m = if bits == 0 {
                0
            } else {
                u32::MAX << (32 - u32::from(bits))
            };
            IpAddr::V4(Ipv4Addr::from(u32::from(*a) & m))
        }
        IpAddr::V6(a) => {
            let m = if bits == 0 {
                0
            } else {
                u128::MAX << (128 - u32::from(bits))
            };
            IpAddr::V6(Ipv6Addr::from(u128::from(*a) & m))
        }
    }
}

/// Whether `ip` is in the prefix `net`/`bits` (`Prefix.Contains`: same family).
pub fn contains(net: &IpAddr, bits: u8, ip: &IpAddr) -> bool {
    net.is_ipv4() == ip.is_ipv4() && masked(ip, bits) == masked(net, bits)
}

/// `Addr.IsLoopback`.
pub fn is_loopback(ip: &IpAddr) -> bool {
    match ip {
        IpAddr::V4(a) => a.octets()[0] == 127,
        IpAddr::V6(a) => *a == Ipv6Addr::LOCALHOST,
    }
}

/// `Addr.IsMulticast`.
fn is_multicast(ip: &IpAddr) -> bool {
    match ip {
        IpAddr::V4(a) => a.octets()[0] & 0xf0 == 0xe0,
        IpAddr::V6(a) => a.octets()[0] == 0xff,
    }
}

/// `Addr.IsLinkLocalUnicast`.
pub fn is_link_local_unicast(ip: &IpAddr) -> bool {
    match ip {
        IpAddr::V4(a) => a.octets()[0] == 169 && a.octets()[1] == 254,
        IpAddr::V6(a) => a.segments()[0] & 0xffc0 == 0xfe80,
    }
}

/// `Addr.IsLinkLocalMulticast`.
pub fn is_link_local_multicast(ip: &IpAddr) -> bool {
    match ip {
        IpAddr::V4(a) => a.octets()[..3] == [224, 0, 0],
        IpAddr::V6(a) => a.segments()[0] & 0xff0f == 0xff02,
    }
}

/// `Addr.IsUnspecified`.
pub fn is_unspecified(ip: &IpAddr) -> bool {
    ip.is_unspecified()
}

/// `Addr.IsGlobalUnicast` (private IPv4 and ULA IPv6 addresses count, as in Go).
pub fn is_global_unicast(ip: &IpAddr) -> bool {
    if let IpAddr::V4(a) = ip {
        if a.is_unspecified() || a.is_broadcast() {
            return false;
        }
    }
    !ip.is_unspecified() && !is_loopback(ip) && !is_multicast(ip) && !is_link_local_unicast(ip)
}

/// Whether the IPv6 address is an IPv4-mapped one (`::ffff:a.b.c.d`, `Addr.Is4In6`).
pub fn is_4in6(ip: &IpAddr) -> bool {
    matches!(ip, IpAddr::V6(a) if a.to_ipv4_mapped().is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Go's own `netip` test inputs and error texts.
    #[test]
    fn parse_addr_errors_are_gos() {
        let cases = [
            ("", "ParseAddr(\"\"): unable to parse IP"),
            ("abc", "ParseAddr(\"abc\"): unable to parse IP"),
            ("1.2.3", "ParseAddr(\"1.2.3\"): IPv4 address too short"),
            ("1.2.3.4.5", "ParseAddr(\"1.2.3.4.5\"): IPv4 address too long"),
            ("010.0.0.1", "ParseAddr(\"010.0.0.1\"): IPv4 field has octet with leading zero"),
            ("192.168.1.256", "ParseAddr(\"192.168.1.256\"): IPv4 field has value >255"),
            ("0x7f.0.0.1", "ParseAddr(\"0x7f.0.0.1\"): unexpected character (at \"x7f.0.0.1\")"),
            ("1.2.3.4 ", "ParseAddr(\"1.2.3.4 \"): unexpected character (at \" \")"),
            ("1..2.3", "ParseAddr(\"1..2.3\"): IPv4 field must have at least one digit (at \".2.3\")"),
            ("::1/128", "ParseAddr(\"::1/128\"): unexpected character, want colon (at \"/128\")"),
            ("[::1]", "ParseAddr(\"[::1]\"): each colon-separated field must have at least one digit (at \"[::1]\")"),
            ("%eth0", "ParseAddr(\"%eth0\"): missing IPv6 address"),
            ("fe80::1%", "ParseAddr(\"fe80::1%\"): zone must be a non-empty string"),
            ("1:2:3:4:5:6:7", "ParseAddr(\"1:2:3:4:5:6:7\"): address string too short"),
            ("1::2::3", "ParseAddr(\"1::2::3\"): multiple :: in address (at \":3\")"),
            ("12345::", "ParseAddr(\"12345::\"): each group must have 4 or less digits (at \"12345::\")"),
        ];
        for (s, want) in cases {
            assert_eq!(parse_addr(s).unwrap_err().to_string(), want, "{s}");
        }
        let a = parse_addr("fe80::1%eth0").unwrap();
        assert_eq!(
            (a.ip.to_string(), a.zone.as_str()),
            ("fe80::1".into(), "eth0")
        );
        assert_eq!(
            parse_addr("::ffff:1.2.3.4").unwrap().ip.to_string(),
            "::ffff:1.2.3.4"
        );
        assert_eq!(
            parse_addr("2001:DB8::1").unwrap().ip.to_string(),
            "2001:db8::1"
        );
    }

    #[test]
    fn parse_prefix_errors_are_gos() {
        let cases = [
            ("10.0.0.0", "netip.ParsePrefix(\"10.0.0.0\"): no '/'"),
            ("10.0.0.0/33", "netip.ParsePrefix(\"10.0.0.0/33\"): prefix length out of range"),
            ("10.0.0.0/08", "netip.ParsePrefix(\"10.0.0.0/08\"): bad bits after slash: \"08\""),
            ("10.0.0.0/-1", "netip.ParsePrefix(\"10.0.0.0/-1\"): bad bits after slash: \"-1\""),
            ("10.0.0.0/", "netip.ParsePrefix(\"10.0.0.0/\"): bad bits after slash: \"\""),
            ("fe80::1%eth0/64", "netip.ParsePrefix(\"fe80::1%eth0/64\"): IPv6 zones cannot be present in a prefix"),
            ("010.0.0.0/8", "netip.ParsePrefix(\"010.0.0.0/8\"): ParseAddr(\"010.0.0.0\"): IPv4 field has octet with leading zero"),
        ];
        for (s, want) in cases {
            assert_eq!(parse_prefix(s).unwrap_err().to_string(), want, "{s}");
        }
        assert_eq!(parse_prefix("10.1.2.3/8").unwrap().1, 8);
        let (ip, bits) = parse_prefix("10.1.2.3/8").unwrap();
        assert_eq!(masked(&ip, bits).to_string(), "10.0.0.0");
    }
}
