//! The URL library's documented examples (apiserver `library/urls.go`) and Go's parse
//! errors, called by name.

use super::super::testing::call;
use crate::cel::val::{Error, Key, Val};

fn url(s: &str) -> Val {
    call("url", &[Val::str(s)]).unwrap_or_else(|e| panic!("url({s:?}): {e}"))
}

fn get(s: &str, getter: &str) -> String {
    match call(getter, &[url(s)]) {
        Ok(Val::String(v)) => v.to_string(),
        other => panic!("url({s:?}).{getter}(): {other:?}"),
    }
}

#[test]
fn documented_parts() {
    let cases = [
        ("/path", "getScheme", ""),
        ("https://example.com/", "getScheme", "https"),
        ("https://example.com:80/", "getHost", "example.com:80"),
        ("https://example.com/", "getHost", "example.com"),
        ("https://[::1]:80/", "getHost", "[::1]:80"),
        ("https://[::1]/", "getHost", "[::1]"),
        ("/path", "getHost", ""),
        ("https://example.com:80/", "getHostname", "example.com"),
        ("https://127.0.0.1:80/", "getHostname", "127.0.0.1"),
        ("https://[::1]:80/", "getHostname", "::1"),
        ("/path", "getHostname", ""),
        ("https://example.com:80/", "getPort", "80"),
        ("https://example.com/", "getPort", ""),
        ("/path", "getPort", ""),
        ("https://example.com/path", "getEscapedPath", "/path"),
        (
            "https://example.com/path with spaces/",
            "getEscapedPath",
            "/path%20with%20spaces/",
        ),
        ("https://example.com", "getEscapedPath", ""),
        // The library parses again with Go's `url.Parse`: the fragment is its own.
        (
            "https://user:pass@example.com:80/path#frag",
            "getEscapedPath",
            "/path",
        ),
        (
            "https://user:pass@example.com:80/path#frag",
            "getHost",
            "example.com:80",
        ),
        // ... and a schemeless `//host` is an authority.
        ("//example.com:8080/p", "getHost", "example.com:8080"),
        ("//example.com:8080/p", "getEscapedPath", "/p"),
        ("///p", "getEscapedPath", "///p"),
        ("https:://kubernetes.io/", "getScheme", "https"),
    ];
    for (s, getter, want) in cases {
        assert_eq!(get(s, getter), want, "url({s:?}).{getter}()");
    }
}

fn query(s: &str) -> Vec<(String, Vec<String>)> {
    let Ok(Val::Map(m)) = call("getQuery", &[url(s)]) else {
        panic!("getQuery of {s:?}");
    };
    m.entries()
        .iter()
        .map(|(k, v)| {
            let Key::String(k) = k else {
                panic!("a string key")
            };
            let Val::List(l) = v else { panic!("a list") };
            let vs = l.items().iter().map(|x| match x {
                Val::String(s) => s.to_string(),
                other => panic!("{other:?}"),
            });
            (k.to_string(), vs.collect())
        })
        .collect()
}

#[test]
fn documented_queries() {
    let kv = |k: &str, vs: &[&str]| (k.to_string(), vs.iter().map(|v| v.to_string()).collect());
    assert_eq!(
        query("https://example.com/path?k1=a&k2=b&k2=c"),
        vec![kv("k1", &["a"]), kv("k2", &["b", "c"])]
    );
    assert_eq!(
        query("https://example.com/path?key with spaces=value with spaces"),
        vec![kv("key with spaces", &["value with spaces"])]
    );
    assert_eq!(query("https://example.com/path?"), vec![]);
    assert_eq!(query("https://example.com/path"), vec![]);
    assert_eq!(
        query("https://example.com/?a=1;b=2&c=%41+b&d=%zz&e"),
        vec![kv("c", &["A b"]), kv("e", &[""])]
    );
    assert_eq!(
        query("https://example.com/path?query=val#fragment"),
        vec![kv("query", &["val"])]
    );
}

#[test]
fn parse_errors_and_is_url() {
    let cases = [
        (
            "https://a:b:c/",
            "parse \"https://a:b:c/\": invalid port \":c\" after host",
        ),
        (
            "../relative-path",
            "parse \"../relative-path\": invalid URI for request",
        ),
        ("", "parse \"\": empty url"),
        ("/a#%zz", "parse \"/a#%zz\": invalid URL escape \"%zz\""),
        ("/a#x%4", "parse \"/a#x%4\": invalid URL escape \"%4\""),
        // Go's `url.Parse` reads the authority `ParseRequestURI` took as a path.
        (
            "//a b/c",
            "parse \"//a b/c\": invalid character \" \" in host name",
        ),
    ];
    for (s, e) in cases {
        let want = format!("URL parse error during conversion from string: {e}");
        assert_eq!(
            call("url", &[Val::str(s)]).unwrap_err(),
            Error::text(want),
            "{s:?}"
        );
    }
    for (s, ok) in [
        (
            "https://user:pass@example.com:80/path?query=val#fragment",
            true,
        ),
        ("/absolute-path", true),
        ("https://a:b:c/", false),
        ("../relative-path", false),
    ] {
        assert!(
            matches!(call("isURL", &[Val::str(s)]), Ok(Val::Bool(b)) if b == ok),
            "{s:?}"
        );
    }
    assert_eq!(
        call("getHost", &[Val::str("x")]).unwrap_err(),
        Error::NoSuchOverload
    );
    assert_eq!(
        call("url", &[Val::Int(1)]).unwrap_err(),
        Error::NoSuchOverload
    );
}

#[test]
fn urls_equal_by_their_string() {
    let a = url("https://example.com/a%20b?x=1");
    assert!(a.equals(&url("https://example.com/a b?x=1")));
    assert!(!a.equals(&url("https://example.com/a%20b?x=2")));
    assert!(!url("/a#x").equals(&url("/a#y")));
    assert_eq!(a.type_name(), "kubernetes.URL");
}
