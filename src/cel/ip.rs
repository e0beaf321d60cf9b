//! The Kubernetes IP and CIDR libraries (`k8s.io/apiserver/pkg/cel/library/ip.go`,
//! `cidr.go`) with Go's `netip` parsing ([`crate::go::netip`]) and the libraries' error texts: in
//! place of kube-cel's, whose parsing and messages are Rust's.
//!
//! - `ip(s)`: `IP Address "s" parse error during conversion from string: ParseAddr("s"): …`,
//!   `IP address "s" with zone value is not allowed`, `IPv4-mapped IPv6 address "s" is not
//!   allowed`;
//! - `cidr(s)`: the prefix error wrapped twice in `network address parse error during
//!   conversion from string: ` (the library and its `parseCIDR` both add it), an IPv4-mapped
//!   address once;
//! - `containsIP(s)` with a bad address is `no such overload` (the library passes the error
//!   on only as its receiver), `containsCIDR(s)` with a bad prefix is the prefix's error.

use crate::go::netip::{self, parse_addr, parse_prefix};
use crate::go::strconv::quote;
use kube_cel::cel::extractors::This;
use kube_cel::cel::objects::Opaque;
use kube_cel::cel::{Context, ExecutionError, FunctionContext, ResolveResult, Value};
use std::net::IpAddr;
use std::sync::Arc;

/// An `net.IP` value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ip(pub IpAddr);

impl Opaque for Ip {
    fn runtime_type_name(&self) -> &str {
        "net.IP"
    }
}

/// A `net.CIDR` value: the address as written and the prefix length.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cidr(pub IpAddr, pub u8);

impl Opaque for Cidr {
    fn runtime_type_name(&self) -> &str {
        "net.CIDR"
    }
}

/// Registers the libraries over kube-cel's.
pub fn register(ctx: &mut Context<'_>) {
    ctx.add_function("ip", ip);
    ctx.add_function("isIP", |s: Arc<String>| parse_ip(&s).is_ok());
    ctx.add_function("ip.isCanonical", |s: Arc<String>| -> ResolveResult {
        let a = parse_ip(&s).map_err(text)?;
        Ok(Value::Bool(netip::addr_string(&a) == *s))
    });
    ctx.add_function("family", |This(v): This<Value>| -> ResolveResult {
        let a = as_ip(&v)?;
        Ok(Value::Int(if a.is_ipv4() { 4 } else { 6 }))
    });
    ctx.add_function("isUnspecified", predicate(netip::is_unspecified));
    ctx.add_function("isLoopback", predicate(netip::is_loopback));
    ctx.add_function(
        "isLinkLocalMulticast",
        predicate(netip::is_link_local_multicast),
    );
    ctx.add_function(
        "isLinkLocalUnicast",
        predicate(netip::is_link_local_unicast),
    );
    ctx.add_function("isGlobalUnicast", predicate(netip::is_global_unicast));
    ctx.add_function("cidr", |s: Arc<String>| -> ResolveResult {
        let (a, bits) = parse_cidr(&s).map_err(text)?;
        Ok(Value::Opaque(Arc::new(Cidr(a, bits))))
    });
    ctx.add_function("isCIDR", |s: Arc<String>| parse_cidr(&s).is_ok());
    ctx.add_function("containsIP", contains_ip);
    ctx.add_function("containsCIDR", contains_cidr);
    ctx.add_function("prefixLength", |This(v): This<Value>| -> ResolveResult {
        let (_, bits) = as_cidr(&v)?;
        Ok(Value::Int(i64::from(bits)))
    });
    ctx.add_function("masked", |This(v): This<Value>| -> ResolveResult {
        let (a, bits) = as_cidr(&v)?;
        Ok(Value::Opaque(Arc::new(Cidr(netip::masked(&a, bits), bits))))
    });
}

/// The library's `parseIPAddr`.
pub fn parse_ip(s: &str) -> Result<IpAddr, String> {
    let a = parse_addr(s).map_err(|e| {
        format!(
            "IP Address {} parse error during conversion from string: {e}",
            quote(s)
        )
    })?;
    if !a.zone.is_empty() {
        return Err(format!(
            "IP address {} with zone value is not allowed",
            quote(s)
        ));
    }
    if netip::is_4in6(&a.ip) {
        return Err(format!(
            "IPv4-mapped IPv6 address {} is not allowed",
            quote(s)
        ));
    }
    Ok(a.ip)
}

/// `cidr(s)`'s error (the library's `parseCIDR` wrapped by `stringToCIDR`).
pub fn parse_cidr(s: &str) -> Result<(IpAddr, u8), String> {
    const WRAP: &str = "network address parse error during conversion from string: ";
    let (a, bits) = parse_prefix(s).map_err(|e| format!("{WRAP}{WRAP}{e}"))?;
    if netip::is_4in6(&a) {
        return Err(format!(
            "{WRAP}IPv4-mapped IPv6 address {} is not allowed",
            quote(s)
        ));
    }
    Ok((a, bits))
}

fn text(msg: String) -> ExecutionError {
    ExecutionError::function_error("@text", msg)
}

/// `ip(s)` (a string) or `cidr.ip()` (the prefix's address).
fn ip(ftx: &FunctionContext) -> ResolveResult {
    let v = match (&ftx.this, ftx.args.first()) {
        (Some(this), _) => this.clone(),
        (None, Some(arg)) => Value::resolve(arg, ftx.ptx)?,
        _ => return Err(ExecutionError::NoSuchOverload),
    };
    match &v {
        Value::String(s) => Ok(Value::Opaque(Arc::new(Ip(parse_ip(s).map_err(text)?)))),
        _ => {
            let (a, _) = as_cidr(&v)?;
            Ok(Value::Opaque(Arc::new(Ip(a))))
        }
    }
}

fn predicate(f: fn(&IpAddr) -> bool) -> impl Fn(This<Value>) -> ResolveResult {
    move |This(v): This<Value>| Ok(Value::Bool(f(&as_ip(&v)?)))
}

pub fn as_ip(v: &Value) -> Result<IpAddr, ExecutionError> {
    match v {
        Value::Opaque(o) => match o.downcast_ref::<Ip>() {
            Some(ip) => Ok(ip.0),
            None => Err(ExecutionError::NoSuchOverload),
        },
        _ => Err(ExecutionError::NoSuchOverload),
    }
}

pub fn as_cidr(v: &Value) -> Result<(IpAddr, u8), ExecutionError> {
    match v {
        Value::Opaque(o) => match o.downcast_ref::<Cidr>() {
            Some(c) => Ok((c.0, c.1)),
            None => Err(ExecutionError::NoSuchOverload),
        },
        _ => Err(ExecutionError::NoSuchOverload),
    }
}

fn contains_ip(This(v): This<Value>, arg: Value) -> ResolveResult {
    let (net, bits) = as_cidr(&v)?;
    let a = match &arg {
        Value::String(s) => parse_ip(s).map_err(|_| ExecutionError::NoSuchOverload)?,
        other => as_ip(other)?,
    };
    Ok(Value::Bool(netip::contains(&net, bits, &a)))
}

fn contains_cidr(This(v): This<Value>, arg: Value) -> ResolveResult {
    let (net, bits) = as_cidr(&v)?;
    let (other, other_bits) = match &arg {
        Value::String(s) => parse_cidr(s).map_err(text)?,
        other => as_cidr(other)?,
    };
    // `Overlaps` and a prefix no longer than the other's.
    let min = bits.min(other_bits);
    let overlaps =
        net.is_ipv4() == other.is_ipv4() && netip::masked(&net, min) == netip::masked(&other, min);
    Ok(Value::Bool(overlaps && bits <= other_bits))
}

/// `string(ip)` and `string(cidr)`; `None` for other values.
pub fn to_string(v: &Value) -> Option<String> {
    let Value::Opaque(o) = v else {
        return None;
    };
    if let Some(ip) = o.downcast_ref::<Ip>() {
        return Some(netip::addr_string(&ip.0));
    }
    o.downcast_ref::<Cidr>()
        .map(|c| format!("{}/{}", netip::addr_string(&c.0), c.1))
}
