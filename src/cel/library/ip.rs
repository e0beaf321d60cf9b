//! The Kubernetes IP and CIDR libraries (apiserver `pkg/cel/library/ip.go` and `cidr.go`):
//! `net.IP` and `net.CIDR` values parsed as Go's `netip` parses them ([`crate::go::netip`]),
//! with the libraries' error texts:
//!
//! - `ip(s)`: `IP Address "s" parse error during conversion from string: ParseAddr("s"): …`,
//!   `IP address "s" with zone value is not allowed`, `IPv4-mapped IPv6 address "s" is not
//!   allowed`;
//! - `cidr(s)`: the prefix error wrapped twice in `network address parse error during
//!   conversion from string: ` (the library's `parseCIDR` and `stringToCIDR` both add it), an
//!   IPv4-mapped address once;
//! - `containsIP(s)` with a bad address is `no such overload` (the library passes the parse
//!   error on only as its receiver), `containsCIDR(s)` with a bad prefix is the prefix's error.
//!
//! `string(ip)` and `string(cidr)` are [`Ext::to_cel_string`]; equality is the values' (`IP`:
//! the address; `CIDR`: the address as written and the prefix length).

use super::Bind::Overloads;
use super::{no_overload, Bindings};
use crate::cel::val::{Error, Ext, Res, Val};
use crate::go::netip::{self, parse_addr, parse_prefix};
use crate::go::strconv::quote;
use std::any::Any;
use std::net::IpAddr;

/// The IP and CIDR libraries' overloads, each behind its type guard (`string(ip)` and
/// `string(cidr)` among the standard conversions' overloads, `cidr.ip()` beside the global
/// `ip(string)`).
pub(super) const BINDINGS: Bindings = &[
    (Overloads(&["string_to_ip"]), ip),
    (Overloads(&["cidr_ip"]), cidr_ip),
    (Overloads(&["ip_to_string", "cidr_to_string"]), to_string),
    (Overloads(&["is_ip"]), is_ip),
    (Overloads(&["ip_is_canonical"]), is_canonical),
    (Overloads(&["ip_family"]), family),
    (Overloads(&["ip_is_unspecified"]), is_unspecified),
    (Overloads(&["ip_is_loopback"]), is_loopback),
    (
        Overloads(&["ip_is_link_local_multicast"]),
        is_link_local_multicast,
    ),
    (
        Overloads(&["ip_is_link_local_unicast"]),
        is_link_local_unicast,
    ),
    (Overloads(&["ip_is_global_unicast"]), is_global_unicast),
    (Overloads(&["string_to_cidr"]), cidr),
    (Overloads(&["is_cidr"]), is_cidr),
    (
        Overloads(&["cidr_contains_ip_string", "cidr_contains_ip_ip"]),
        contains_ip,
    ),
    (
        Overloads(&["cidr_contains_cidr_string", "cidr_contains_cidr"]),
        contains_cidr,
    ),
    (Overloads(&["cidr_prefix_length"]), prefix_length),
    (Overloads(&["cidr_masked"]), masked),
];

/// A `net.IP` value (apiserver `cel.IP`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ip(pub IpAddr);

/// A `net.CIDR` value (apiserver `cel.CIDR`): the address as written and the prefix length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cidr(pub IpAddr, pub u8);

impl Ext for Ip {
    fn type_name(&self) -> &str {
        "net.IP"
    }

    /// `IP.Equal`: the same address.
    fn equal(&self, other: &Val) -> Result<bool, Error> {
        other
            .as_ext::<Ip>()
            .map(|o| o == self)
            .ok_or(Error::NoSuchOverload)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    /// `IP.Size()`: the address length in bytes (4 or 16).
    fn size(&self) -> Option<u64> {
        Some(if self.0.is_ipv4() { 4 } else { 16 })
    }

    /// `IP.ConvertToType(StringType)`: Go's `Addr.String()`.
    fn to_cel_string(&self) -> Option<String> {
        Some(netip::addr_string(&self.0))
    }
}

impl Ext for Cidr {
    fn type_name(&self) -> &str {
        "net.CIDR"
    }

    /// `CIDR.Equal`: the same address (unmasked) and prefix length.
    fn equal(&self, other: &Val) -> Result<bool, Error> {
        other
            .as_ext::<Cidr>()
            .map(|o| o == self)
            .ok_or(Error::NoSuchOverload)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    /// `CIDR.Size()`: the prefix length in bytes, rounded up (the runtime cost of
    /// `containsIP` and `containsCIDR` reads it).
    fn size(&self) -> Option<u64> {
        Some(u64::from(self.1).div_ceil(8))
    }

    /// `CIDR.ConvertToType(StringType)`: Go's `Prefix.String()`.
    fn to_cel_string(&self) -> Option<String> {
        Some(format!("{}/{}", netip::addr_string(&self.0), self.1))
    }
}

/// Why a string is no `net.IP` (the library's `parseIPAddr`, wrapped by `stringToIP`): the
/// library's texts, which become the CEL error.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IpError {
    /// Go's `netip.ParseAddr` refuses the string.
    #[error("IP Address {} parse error during conversion from string: {err}", quote(.input))]
    Parse {
        input: String,
        err: netip::AddrError,
    },
    #[error("IP address {} with zone value is not allowed", quote(.0))]
    Zone(String),
    #[error("IPv4-mapped IPv6 address {} is not allowed", quote(.0))]
    Mapped(String),
}

/// Why a string is no `net.CIDR` (the library's `parseCIDR`, wrapped by `stringToCIDR`): the
/// library's texts, which become the CEL error.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CidrError {
    /// Go's `netip.ParsePrefix` refuses the string (both functions add their prefix).
    #[error(
        "network address parse error during conversion from string: network address parse error during conversion from string: {0}"
    )]
    Parse(netip::PrefixError),
    #[error(
        "network address parse error during conversion from string: IPv4-mapped IPv6 address {} is not allowed",
        quote(.0)
    )]
    Mapped(String),
}

impl From<IpError> for Error {
    fn from(e: IpError) -> Error {
        Error::text(e.to_string())
    }
}

impl From<CidrError> for Error {
    fn from(e: CidrError) -> Error {
        Error::text(e.to_string())
    }
}

/// The library's `parseIPAddr`: Go's `netip.ParseAddr`, no zone, no IPv4-mapped IPv6 address.
pub fn parse_ip(s: &str) -> Result<IpAddr, IpError> {
    let a = parse_addr(s).map_err(|err| IpError::Parse {
        input: s.to_string(),
        err,
    })?;
    if !a.zone.is_empty() {
        return Err(IpError::Zone(s.to_string()));
    }
    if netip::is_4in6(&a.ip) {
        return Err(IpError::Mapped(s.to_string()));
    }
    Ok(a.ip)
}

/// The prefix of `cidr(s)`, or its error (the library's `parseCIDR`, wrapped by
/// `stringToCIDR`).
pub fn parse_cidr(s: &str) -> Result<Cidr, CidrError> {
    let (a, bits) = parse_prefix(s).map_err(CidrError::Parse)?;
    if netip::is_4in6(&a) {
        return Err(CidrError::Mapped(s.to_string()));
    }
    Ok(Cidr(a, bits))
}

/// The one argument of a unary function.
fn one(args: &[Val]) -> Option<&Val> {
    match args {
        [v] => Some(v),
        _ => None,
    }
}

/// The string argument of a global function taking one.
fn string_arg(args: &[Val]) -> Option<&str> {
    match one(args)? {
        Val::String(s) => Some(s),
        _ => None,
    }
}

/// The receiver of an IP method.
fn ip_arg(args: &[Val]) -> Option<IpAddr> {
    one(args)?.as_ext::<Ip>().map(|ip| ip.0)
}

/// The receiver of a CIDR method.
fn cidr_arg(args: &[Val]) -> Option<Cidr> {
    one(args)?.as_ext::<Cidr>().copied()
}

/// `ip(string)` (`stringToIP`).
fn ip(args: &[Val]) -> Res {
    match one(args) {
        Some(Val::String(s)) => parse_ip(s).map(|a| Val::ext(Ip(a))).map_err(Error::from),
        _ => no_overload(),
    }
}

/// `cidr.ip()` (`cidrToIP`: the prefix's address as written).
fn cidr_ip(args: &[Val]) -> Res {
    match one(args).and_then(|v| v.as_ext::<Cidr>()) {
        Some(c) => Ok(Val::ext(Ip(c.0))),
        None => no_overload(),
    }
}

/// `string(ip)` and `string(cidr)` (`ipToString`, `cidrToString`).
fn to_string(args: &[Val]) -> Res {
    match one(args) {
        Some(Val::Ext(e)) => e
            .to_cel_string()
            .map(|s| Val::str(&s))
            .ok_or(Error::NoSuchOverload),
        _ => no_overload(),
    }
}

/// `isIP(string)` (`isIP`).
fn is_ip(args: &[Val]) -> Res {
    match string_arg(args) {
        Some(s) => Ok(Val::Bool(parse_ip(s).is_ok())),
        None => no_overload(),
    }
}

/// `ip.isCanonical(string)` (`ipIsCanonical`): whether Go writes the address back as given;
/// an address that does not parse is the parse error.
fn is_canonical(args: &[Val]) -> Res {
    let Some(s) = string_arg(args) else {
        return no_overload();
    };
    let a = parse_ip(s)?;
    Ok(Val::Bool(netip::addr_string(&a) == s))
}

/// `ip.family()` (`family`): 4 or 6.
fn family(args: &[Val]) -> Res {
    match ip_arg(args) {
        Some(a) => Ok(Val::Int(if a.is_ipv4() { 4 } else { 6 })),
        None => no_overload(),
    }
}

/// An IP predicate of Go's `netip.Addr`.
fn predicate(args: &[Val], f: fn(&IpAddr) -> bool) -> Res {
    match ip_arg(args) {
        Some(a) => Ok(Val::Bool(f(&a))),
        None => no_overload(),
    }
}

/// `ip.isUnspecified()` (`isUnspecified`).
fn is_unspecified(args: &[Val]) -> Res {
    predicate(args, netip::is_unspecified)
}

/// `ip.isLoopback()` (`isLoopback`).
fn is_loopback(args: &[Val]) -> Res {
    predicate(args, netip::is_loopback)
}

/// `ip.isLinkLocalMulticast()` (`isLinkLocalMulticast`).
fn is_link_local_multicast(args: &[Val]) -> Res {
    predicate(args, netip::is_link_local_multicast)
}

/// `ip.isLinkLocalUnicast()` (`isLinkLocalUnicast`).
fn is_link_local_unicast(args: &[Val]) -> Res {
    predicate(args, netip::is_link_local_unicast)
}

/// `ip.isGlobalUnicast()` (`isGlobalUnicast`).
fn is_global_unicast(args: &[Val]) -> Res {
    predicate(args, netip::is_global_unicast)
}

/// `cidr(string)` (`stringToCIDR`).
fn cidr(args: &[Val]) -> Res {
    match string_arg(args) {
        Some(s) => parse_cidr(s).map(Val::ext).map_err(Error::from),
        None => no_overload(),
    }
}

/// `isCIDR(string)` (`isCIDR`).
fn is_cidr(args: &[Val]) -> Res {
    match string_arg(args) {
        Some(s) => Ok(Val::Bool(parse_cidr(s).is_ok())),
        None => no_overload(),
    }
}

/// `cidr.containsIP(ip)` and `cidr.containsIP(string)` (`cidrContainsIP`,
/// `cidrContainsIPString`): whether the prefix holds the address; a string that is no address
/// is `no such overload`, as the library answers it.
fn contains_ip(args: &[Val]) -> Res {
    let [net, other] = args else {
        return no_overload();
    };
    let Some(net) = net.as_ext::<Cidr>() else {
        return no_overload();
    };
    let a = match other {
        Val::String(s) => match parse_ip(s) {
            Ok(a) => a,
            Err(_) => return no_overload(),
        },
        v => match v.as_ext::<Ip>() {
            Some(ip) => ip.0,
            None => return no_overload(),
        },
    };
    Ok(Val::Bool(netip::contains(&net.0, net.1, &a)))
}

/// `cidr.containsCIDR(cidr)` and `cidr.containsCIDR(string)` (`cidrContainsCIDR`,
/// `cidrContainsCIDRString`): the prefixes overlap and the receiver's is no longer than the
/// other's; a string that is no prefix is its parse error.
fn contains_cidr(args: &[Val]) -> Res {
    let [net, other] = args else {
        return no_overload();
    };
    let Some(&Cidr(net, bits)) = net.as_ext::<Cidr>() else {
        return no_overload();
    };
    let Cidr(other, other_bits) = match other {
        Val::String(s) => parse_cidr(s)?,
        v => match v.as_ext::<Cidr>() {
            Some(c) => *c,
            None => return no_overload(),
        },
    };
    // `Prefix.Overlaps`: the same family, and equal under the shorter of the two masks.
    let min = bits.min(other_bits);
    let overlaps =
        net.is_ipv4() == other.is_ipv4() && netip::masked(&net, min) == netip::masked(&other, min);
    Ok(Val::Bool(overlaps && bits <= other_bits))
}

/// `cidr.prefixLength()` (`prefixLength`).
fn prefix_length(args: &[Val]) -> Res {
    match cidr_arg(args) {
        Some(c) => Ok(Val::Int(i64::from(c.1))),
        None => no_overload(),
    }
}

/// `cidr.masked()` (`masked`): the address with the bits past the prefix cleared.
fn masked(args: &[Val]) -> Res {
    match cidr_arg(args) {
        Some(Cidr(a, bits)) => Ok(Val::ext(Cidr(netip::masked(&a, bits), bits))),
        None => no_overload(),
    }
}

#[cfg(test)]
#[path = "ip/tests.rs"]
mod tests;
