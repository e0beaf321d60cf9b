//! The apiserver's `ip_test.go` and `cidr_test.go` cases (v0.36.0) and today's library tests,
//! called through the library's table.

use super::super::testing::{assert_res, call, err, s};
use super::{Cidr, Ip};
use crate::cel::val::{Error, Ext, Res, Val};

fn ip(v: &str) -> Val {
    call("ip", &[s(v)]).unwrap_or_else(|e| panic!("ip({v:?}): {e}"))
}

fn cidr(v: &str) -> Val {
    call("cidr", &[s(v)]).unwrap_or_else(|e| panic!("cidr({v:?}): {e}"))
}

fn string_of(v: &Val) -> String {
    match v {
        Val::Ext(e) => e.to_cel_string().expect("a string form"),
        other => panic!("not a library value: {other:?}"),
    }
}

#[test]
fn parse_and_errors() {
    let table: &[(&str, &str, Res)] = &[
        ("ip", "192.168.0.1", Ok(Val::ext(Ip("192.168.0.1".parse().unwrap())))),
        ("ip", "2001:db8::68", Ok(Val::ext(Ip("2001:db8::68".parse().unwrap())))),
        ("ip", "192.168.0.1.0", err("IP Address \"192.168.0.1.0\" parse error during conversion from string: ParseAddr(\"192.168.0.1.0\"): IPv4 address too long")),
        ("ip", "2001:db8:::68", err("IP Address \"2001:db8:::68\" parse error during conversion from string: ParseAddr(\"2001:db8:::68\"): each colon-separated field must have at least one digit (at \":68\")")),
        ("ip", "1.2.3", err("IP Address \"1.2.3\" parse error during conversion from string: ParseAddr(\"1.2.3\"): IPv4 address too short")),
        ("ip", "fe80::1%eth0", err("IP address \"fe80::1%eth0\" with zone value is not allowed")),
        ("ip", "::ffff:1.2.3.4", err("IPv4-mapped IPv6 address \"::ffff:1.2.3.4\" is not allowed")),
        ("isIP", "192.168.0.1", Ok(Val::Bool(true))),
        ("isIP", "192.168.0.1.0", Ok(Val::Bool(false))),
        ("isIP", "2001:db8::68", Ok(Val::Bool(true))),
        ("isIP", "2001:db8:::68", Ok(Val::Bool(false))),
        ("isIP", "fe80::1%eth0", Ok(Val::Bool(false))),
        ("isIP", "::ffff:1.2.3.4", Ok(Val::Bool(false))),
        ("ip.isCanonical", "127.0.0.1", Ok(Val::Bool(true))),
        ("ip.isCanonical", "127.0.0.1.0", err("IP Address \"127.0.0.1.0\" parse error during conversion from string: ParseAddr(\"127.0.0.1.0\"): IPv4 address too long")),
        ("ip.isCanonical", "2001:db8::68", Ok(Val::Bool(true))),
        ("ip.isCanonical", "2001:DB8::68", Ok(Val::Bool(false))),
        ("ip.isCanonical", "2001:db8::1", Ok(Val::Bool(true))),
        ("ip.isCanonical", "2001:DB8::1", Ok(Val::Bool(false))),
        ("ip.isCanonical", "2001:db8:0:0:0:0:0:1", Ok(Val::Bool(false))),
        ("ip.isCanonical", "2001:db8:::68", err("IP Address \"2001:db8:::68\" parse error during conversion from string: ParseAddr(\"2001:db8:::68\"): each colon-separated field must have at least one digit (at \":68\")")),
        ("cidr", "192.168.0.0/24", Ok(Val::ext(Cidr("192.168.0.0".parse().unwrap(), 24)))),
        ("cidr", "2001:db8::/32", Ok(Val::ext(Cidr("2001:db8::".parse().unwrap(), 32)))),
        ("cidr", "192.168.0.0/", err("network address parse error during conversion from string: network address parse error during conversion from string: netip.ParsePrefix(\"192.168.0.0/\"): bad bits after slash: \"\"")),
        ("cidr", "2001:db8::/", err("network address parse error during conversion from string: network address parse error during conversion from string: netip.ParsePrefix(\"2001:db8::/\"): bad bits after slash: \"\"")),
        ("cidr", "10.0.0.0/33", err("network address parse error during conversion from string: network address parse error during conversion from string: netip.ParsePrefix(\"10.0.0.0/33\"): prefix length out of range")),
        ("cidr", "::ffff:1.2.3.4/120", err("network address parse error during conversion from string: IPv4-mapped IPv6 address \"::ffff:1.2.3.4/120\" is not allowed")),
        ("isCIDR", "192.168.0.0/24", Ok(Val::Bool(true))),
        ("isCIDR", "192.168.0.0/", Ok(Val::Bool(false))),
        ("isCIDR", "192.168.0.0", Ok(Val::Bool(false))),
        ("isCIDR", "::ffff:1.2.3.4/120", Ok(Val::Bool(false))),
    ];
    for (f, arg, want) in table {
        assert_res(&format!("{f}({arg:?})"), call(f, &[s(arg)]), want.clone());
    }
}

#[test]
fn ip_methods() {
    let table: &[(&str, &str, Val)] = &[
        ("192.168.0.1", "family", Val::Int(4)),
        ("10.0.0.1", "family", Val::Int(4)),
        ("2001:db8::68", "family", Val::Int(6)),
        ("0.0.0.0", "isUnspecified", Val::Bool(true)),
        ("127.0.0.1", "isUnspecified", Val::Bool(false)),
        ("::", "isUnspecified", Val::Bool(true)),
        ("::1", "isUnspecified", Val::Bool(false)),
        ("127.0.0.1", "isLoopback", Val::Bool(true)),
        ("1.2.3.4", "isLoopback", Val::Bool(false)),
        ("::1", "isLoopback", Val::Bool(true)),
        ("2001:db8::abcd", "isLoopback", Val::Bool(false)),
        ("224.0.0.1", "isLinkLocalMulticast", Val::Bool(true)),
        ("224.0.1.1", "isLinkLocalMulticast", Val::Bool(false)),
        ("ff02::1", "isLinkLocalMulticast", Val::Bool(true)),
        ("fd00::1", "isLinkLocalMulticast", Val::Bool(false)),
        ("169.254.169.254", "isLinkLocalUnicast", Val::Bool(true)),
        ("192.168.0.1", "isLinkLocalUnicast", Val::Bool(false)),
        ("fe80::1", "isLinkLocalUnicast", Val::Bool(true)),
        ("fd80::1", "isLinkLocalUnicast", Val::Bool(false)),
        ("192.168.0.1", "isGlobalUnicast", Val::Bool(true)),
        ("255.255.255.255", "isGlobalUnicast", Val::Bool(false)),
        ("2001:db8::abcd", "isGlobalUnicast", Val::Bool(true)),
        ("ff00::1", "isGlobalUnicast", Val::Bool(false)),
    ];
    for (addr, f, want) in table {
        assert_res(
            &format!("ip({addr:?}).{f}()"),
            call(f, &[ip(addr)]),
            Ok(want.clone()),
        );
    }
}

#[test]
fn cidr_methods() {
    let t = Val::Bool(true);
    let f = Val::Bool(false);
    let table: Vec<(Val, &str, Val, Res)> = vec![
        (cidr("192.168.0.0/24"), "containsIP", ip("192.168.0.1"), Ok(t.clone())),
        (cidr("192.168.0.0/24"), "containsIP", ip("192.168.1.1"), Ok(f.clone())),
        (cidr("192.168.0.0/24"), "containsIP", s("192.168.0.1"), Ok(t.clone())),
        (cidr("192.168.0.0/24"), "containsIP", s("192.168.1.1"), Ok(f.clone())),
        (cidr("10.0.0.0/8"), "containsIP", s("10.1.2.3"), Ok(t.clone())),
        (cidr("10.0.0.0/8"), "containsIP", ip("10.1.2.3"), Ok(t.clone())),
        (cidr("2001:db8::/32"), "containsIP", ip("2001:db8::1"), Ok(t.clone())),
        (cidr("2001:db8::/32"), "containsIP", ip("2001:dc8::1"), Ok(f.clone())),
        (cidr("2001:db8::/32"), "containsIP", s("2001:db8::1"), Ok(t.clone())),
        (cidr("2001:db8::/32"), "containsIP", s("2001:dc8::1"), Ok(f.clone())),
        (cidr("0.0.0.0/0"), "containsIP", ip("::1"), Ok(f.clone())),
        // A bad address string: the library hands the parse error on as no overload.
        (cidr("10.0.0.0/8"), "containsIP", s("10.1.2"), Err(Error::NoSuchOverload)),
        (cidr("10.0.0.0/8"), "containsIP", cidr("10.0.0.0/8"), Err(Error::NoSuchOverload)),
        (cidr("192.168.0.0/24"), "containsCIDR", cidr("192.168.0.0/25"), Ok(t.clone())),
        (cidr("192.168.0.0/24"), "containsCIDR", cidr("192.168.0.1/32"), Ok(t.clone())),
        (cidr("192.168.0.0/24"), "containsCIDR", cidr("192.168.0.0/23"), Ok(f.clone())),
        (cidr("192.168.0.0/24"), "containsCIDR", cidr("192.169.0.1/32"), Ok(f.clone())),
        (cidr("192.168.0.0/24"), "containsCIDR", s("192.168.0.0/25"), Ok(t.clone())),
        (cidr("192.168.0.0/24"), "containsCIDR", s("192.168.0.0/23"), Ok(f.clone())),
        (cidr("10.0.0.0/8"), "containsCIDR", s("10.1.0.0/16"), Ok(t.clone())),
        (cidr("10.1.0.0/16"), "containsCIDR", s("10.0.0.0/8"), Ok(f.clone())),
        (cidr("2001:db8::/32"), "containsCIDR", cidr("2001:db8::/33"), Ok(t.clone())),
        (cidr("2001:db8::/32"), "containsCIDR", cidr("2001:db8::/31"), Ok(f.clone())),
        (cidr("2001:db8::/32"), "containsCIDR", s("2001:db8::/33"), Ok(t.clone())),
        (cidr("2001:db8::/32"), "containsCIDR", s("2001:db8::/31"), Ok(f.clone())),
        (cidr("0.0.0.0/0"), "containsCIDR", cidr("::/0"), Ok(f.clone())),
        (
            cidr("192.168.0.0/16"),
            "containsCIDR",
            s("192.168.0.0/16"),
            Ok(t.clone()),
        ),
        (
            cidr("192.168.0.0/16"),
            "containsCIDR",
            cidr("192.0.0.0/30"),
            Ok(f.clone()),
        ),
        // A bad prefix string is its parse error.
        (cidr("10.0.0.0/8"), "containsCIDR", s("10.0.0.0/33"), err("network address parse error during conversion from string: network address parse error during conversion from string: netip.ParsePrefix(\"10.0.0.0/33\"): prefix length out of range")),
        (cidr("10.0.0.0/8"), "containsCIDR", ip("10.0.0.1"), Err(Error::NoSuchOverload)),
        (ip("10.0.0.1"), "containsCIDR", cidr("10.0.0.0/8"), Err(Error::NoSuchOverload)),
        (ip("10.0.0.1"), "containsIP", ip("10.0.0.1"), Err(Error::NoSuchOverload)),
    ];
    for (net, f, other, want) in table {
        let what = format!("{net:?}.{f}({other:?})");
        assert_res(&what, call(f, &[net, other]), want);
    }
}

#[test]
fn cidr_accessors_and_strings() {
    let str_of = |v: Res| string_of(&v.unwrap());
    assert_eq!(str_of(call("ip", &[cidr("192.168.0.0/24")])), "192.168.0.0");
    assert_eq!(str_of(call("ip", &[cidr("2001:db8::1/32")])), "2001:db8::1");
    assert_eq!(str_of(call("ip", &[cidr("2001:db8::/32")])), "2001:db8::");
    assert_eq!(
        str_of(call("masked", &[cidr("192.168.0.0/24")])),
        "192.168.0.0/24"
    );
    assert_eq!(
        str_of(call("masked", &[cidr("192.168.0.1/24")])),
        "192.168.0.0/24"
    );
    assert_eq!(str_of(call("masked", &[cidr("10.1.2.3/8")])), "10.0.0.0/8");
    assert_eq!(
        str_of(call("masked", &[cidr("2001:db8:1::/32")])),
        "2001:db8::/32"
    );
    assert_eq!(str_of(call("masked", &[cidr("10.1.2.3/0")])), "0.0.0.0/0");
    assert!(call("masked", &[cidr("192.168.0.1/24")])
        .unwrap()
        .equals(&cidr("192.168.0.0/24")));
    assert_res(
        "prefixLength",
        call("prefixLength", &[cidr("192.168.0.0/24")]),
        Ok(Val::Int(24)),
    );
    assert_res(
        "prefixLength",
        call("prefixLength", &[cidr("2001:db8::/32")]),
        Ok(Val::Int(32)),
    );
    assert_eq!(string_of(&ip("192.168.0.1")), "192.168.0.1");
    assert_eq!(string_of(&ip("2001:DB8:0::68")), "2001:db8::68");
    // Go writes an IPv4-compatible IPv6 address in hex (only a 4in6 one dotted).
    assert_eq!(string_of(&ip("::1.2.3.4")), "::102:304");
    assert_res(
        "canonical",
        call("ip.isCanonical", &[s("::102:304")]),
        Ok(Val::Bool(true)),
    );
    assert_eq!(string_of(&cidr("192.168.0.0/24")), "192.168.0.0/24");
    assert_eq!(string_of(&cidr("10.1.2.3/8")), "10.1.2.3/8");
    assert_eq!(ip("192.168.0.1").type_name(), "net.IP");
    assert_eq!(cidr("192.168.0.0/24").type_name(), "net.CIDR");
}

#[test]
fn equality_is_the_libraries() {
    assert!(ip("192.168.0.1").equals(&ip("192.168.0.1")));
    assert!(ip("2001:db8::1").equals(&ip("2001:DB8:0::1")));
    assert!(!ip("192.168.0.1").equals(&ip("192.168.0.2")));
    assert!(cidr("2001:db8::/32").equals(&cidr("2001:db8::/32")));
    // A prefix keeps its address as written: `Prefix ==` compares it unmasked.
    assert!(!cidr("10.1.2.3/8").equals(&cidr("10.0.0.0/8")));
    assert!(!cidr("10.0.0.0/8").equals(&cidr("10.0.0.0/9")));
    assert!(!ip("10.0.0.0").equals(&cidr("10.0.0.0/32")));
    assert!(!cidr("10.0.0.0/32").equals(&ip("10.0.0.0")));
    // cel-go's `==` with another type is the left operand's `Equal`: no such overload.
    let ip_of = |v: &Val| *v.as_ext::<Ip>().unwrap();
    let cidr_of = |v: &Val| *v.as_ext::<Cidr>().unwrap();
    let a = ip_of(&ip("10.0.0.1"));
    assert_res(
        "ip ==",
        a.equal(&ip("10.0.0.1")).map(Val::Bool),
        Ok(Val::Bool(true)),
    );
    assert_res(
        "ip ==",
        a.equal(&ip("10.0.0.2")).map(Val::Bool),
        Ok(Val::Bool(false)),
    );
    assert_res(
        "ip ==",
        a.equal(&s("10.0.0.1")).map(Val::Bool),
        Err(Error::NoSuchOverload),
    );
    assert_res(
        "ip ==",
        a.equal(&cidr("10.0.0.1/32")).map(Val::Bool),
        Err(Error::NoSuchOverload),
    );
    let c = cidr_of(&cidr("10.0.0.0/8"));
    assert_res(
        "cidr ==",
        c.equal(&cidr("10.0.0.0/8")).map(Val::Bool),
        Ok(Val::Bool(true)),
    );
    assert_res(
        "cidr ==",
        c.equal(&cidr("10.0.0.1/8")).map(Val::Bool),
        Ok(Val::Bool(false)),
    );
    assert_res(
        "cidr ==",
        c.equal(&ip("10.0.0.0")).map(Val::Bool),
        Err(Error::NoSuchOverload),
    );
}

#[test]
fn wrong_types_are_no_overload() {
    let none = Err(Error::NoSuchOverload);
    for f in ["ip", "isIP", "ip.isCanonical", "cidr", "isCIDR"] {
        assert_res(f, call(f, &[Val::Int(1)]), none.clone());
        assert_res(f, call(f, &[]), none.clone());
    }
    assert_res(
        "isIP(cidr)",
        call("isIP", &[cidr("10.0.0.0/8")]),
        none.clone(),
    );
    assert_res("ip(ip)", call("ip", &[ip("10.0.0.1")]), none.clone());
    for f in [
        "family",
        "isUnspecified",
        "isLoopback",
        "isLinkLocalMulticast",
        "isLinkLocalUnicast",
        "isGlobalUnicast",
    ] {
        assert_res(f, call(f, &[cidr("10.0.0.0/8")]), none.clone());
        assert_res(f, call(f, &[s("10.0.0.1")]), none.clone());
    }
    for f in ["prefixLength", "masked"] {
        assert_res(f, call(f, &[ip("10.0.0.1")]), none.clone());
        assert_res(f, call(f, &[s("10.0.0.0/8")]), none.clone());
    }
    assert_res(
        "containsIP/1",
        call("containsIP", &[cidr("10.0.0.0/8")]),
        none,
    );
}

/// The runtime cost's `actualSize`: IP and CIDR are Sizers.
#[test]
fn sizes() {
    let size = |v: &Val| match v {
        Val::Ext(e) => e.size(),
        _ => None,
    };
    assert_eq!(size(&ip("192.168.0.1")), Some(4));
    assert_eq!(size(&ip("2001:db8::1")), Some(16));
    assert_eq!(size(&cidr("192.168.0.0/16")), Some(2));
    assert_eq!(size(&cidr("192.168.0.0/17")), Some(3));
    assert_eq!(size(&cidr("0.0.0.0/0")), Some(0));
    assert_eq!(size(&cidr("2001:db8::/128")), Some(16));
    assert_eq!(size(&s("x")), None);
}
