//! The Kubernetes URL library (apiserver `pkg/cel/library/urls.go`): `url(s)`, `isURL(s)` and
//! a URL's `getScheme()`, `getHost()`, `getHostname()`, `getPort()`, `getEscapedPath()`,
//! `getQuery()`, over Go's URL parsing ([`crate::go::url`]).
//!
//! A string is a URL when Go's `url.ParseRequestURI` takes it (`URL parse error during
//! conversion from string: parse "<s>": <reason>` else); its parts are then those of Go's
//! `url.Parse`, as the library parses it a second time: the fragment (after `#`) is not part
//! of the path or the query, and a `//host/path` without a scheme has a host.

use super::Bind::Overloads;
use super::{no_overload, Bindings};
use crate::cel::val::{Error, Ext, Key, Map, Res, Val};
use crate::go::url::{self, parse_request_uri, GoUrl};
use std::any::Any;
use std::collections::BTreeMap;

/// Each overload behind its type guard (`cel.UnaryBinding` and the like).
pub(super) const BINDINGS: Bindings = &[
    (Overloads(&["string_to_url"]), url),
    (Overloads(&["is_url_string"]), is_url),
    (Overloads(&["url_get_scheme"]), get_scheme),
    (Overloads(&["url_get_host"]), get_host),
    (Overloads(&["url_get_hostname"]), get_hostname),
    (Overloads(&["url_get_port"]), get_port),
    (Overloads(&["url_get_escaped_path"]), get_escaped_path),
    (Overloads(&["url_get_query"]), get_query),
];

/// A `kubernetes.URL` value (apiserver `cel.URL`): the parts Go's `url.Parse` gives.
#[derive(Debug, Clone)]
pub struct Url {
    pub url: GoUrl,
    pub fragment: String,
}

impl Url {
    /// Go's `URL.String()` of the parts a rule can tell apart.
    fn key(&self) -> (&str, &str, String, &str, &str) {
        let u = &self.url;
        (
            &u.scheme,
            &u.host,
            u.escaped_path(),
            &u.raw_query,
            &self.fragment,
        )
    }
}

impl Ext for Url {
    fn type_name(&self) -> &str {
        "kubernetes.URL"
    }

    /// `URL.Equal`: the same `String()`.
    /// `URL.Equal`: `no such overload` for a value of another type.
    fn equal(&self, other: &Val) -> Result<bool, Error> {
        match other.as_ext::<Url>() {
            Some(o) => Ok(o.key() == self.key()),
            None => Err(Error::NoSuchOverload),
        }
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// `url(s)` (apiserver `stringToUrl`).
fn url(args: &[Val]) -> Res {
    let [Val::String(s)] = args else {
        return no_overload();
    };
    let wrap = |e: url::Error| {
        Error::text(format!(
            "URL parse error during conversion from string: {e}"
        ))
    };
    parse_request_uri(s).map_err(wrap)?;
    Ok(Val::ext(go_parse(s).map_err(wrap)?))
}

/// Go's `url.Parse(s)` for a string `url.ParseRequestURI` takes: the fragment cut off (its
/// escapes checked), and a schemeless `//authority` read as one. The error is Go's
/// `*url.Error`, naming the whole string as Go's does.
fn go_parse(s: &str) -> Result<Url, url::Error> {
    let (head, fragment) = match s.split_once('#') {
        Some((h, f)) => (h, Some(f)),
        None => (s, None),
    };
    // Go's errors name the whole string.
    let renamed = |e: url::Error| url::Error {
        url: s.to_string(),
        ..e
    };
    let mut url = parse_request_uri(head).map_err(renamed)?;
    if url.scheme.is_empty() && head.starts_with("//") && !head.starts_with("///") {
        // Not a request: the authority is read as with a scheme.
        let with_scheme = format!("x:{head}");
        url = parse_request_uri(&with_scheme).map_err(renamed)?;
        url.scheme.clear();
    }
    let fragment = match fragment {
        Some(f) => unescape_fragment(f).map_err(|err| url::Error {
            op: "parse",
            url: s.to_string(),
            err,
        })?,
        None => String::new(),
    };
    Ok(Url { url, fragment })
}

/// Go's `unescape(f, encodeFragment)`: `%XX` decoded; a bad escape is `invalid URL escape`.
fn unescape_fragment(f: &str) -> Result<String, url::Reason> {
    let b = f.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let (Some(h), Some(l)) = (hex(b.get(i + 1)), hex(b.get(i + 2))) else {
                let bad = &b[i..(i + 3).min(b.len())];
                let bad = String::from_utf8_lossy(bad);
                return Err(url::Reason::Escape(bad.into_owned()));
            };
            out.push(h * 16 + l);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

fn hex(c: Option<&u8>) -> Option<u8> {
    c.and_then(|c| (*c as char).to_digit(16)).map(|d| d as u8)
}

/// `isURL(s)` (apiserver `isURL`): whether Go's `url.ParseRequestURI` takes `s`.
fn is_url(args: &[Val]) -> Res {
    match args {
        [Val::String(s)] => Ok(Val::Bool(parse_request_uri(s).is_ok())),
        _ => no_overload(),
    }
}

/// The URL a one-argument call is made on.
fn receiver(args: &[Val]) -> Option<&Url> {
    match args {
        [v] => v.as_ext::<Url>(),
        _ => None,
    }
}

fn part(args: &[Val], f: impl Fn(&Url) -> String) -> Res {
    match receiver(args) {
        Some(u) => Ok(Val::str(&f(u))),
        None => no_overload(),
    }
}

/// `u.getScheme()` (apiserver `getScheme`).
fn get_scheme(args: &[Val]) -> Res {
    part(args, |u| u.url.scheme.clone())
}

/// `u.getHost()` (apiserver `getHost`): the host and port as written.
fn get_host(args: &[Val]) -> Res {
    part(args, |u| u.url.host.clone())
}

/// `u.getHostname()` (apiserver `getHostname`): Go's `URL.Hostname()`.
fn get_hostname(args: &[Val]) -> Res {
    part(args, |u| u.url.hostname().to_string())
}

/// `u.getPort()` (apiserver `getPort`): Go's `URL.Port()`.
fn get_port(args: &[Val]) -> Res {
    part(args, |u| u.url.port().to_string())
}

/// `u.getEscapedPath()` (apiserver `getEscapedPath`): Go's `URL.EscapedPath()`.
fn get_escaped_path(args: &[Val]) -> Res {
    part(args, |u| u.url.escaped_path())
}

/// `u.getQuery()` (apiserver `getQuery`): Go's `URL.Query()`, each key with its values in
/// order; pairs with a `;` or a bad escape are left out, as Go's `ParseQuery` leaves them.
fn get_query(args: &[Val]) -> Res {
    let Some(u) = receiver(args) else {
        return no_overload();
    };
    let mut out: BTreeMap<Key, Vec<Val>> = BTreeMap::new();
    for pair in u.url.raw_query.split('&') {
        if pair.is_empty() || pair.contains(';') {
            continue;
        }
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        let (Some(k), Some(v)) = (query_unescape(k), query_unescape(v)) else {
            continue;
        };
        out.entry(Key::String(k.into()))
            .or_default()
            .push(Val::str(&v));
    }
    let entries = out.into_iter().map(|(k, vs)| (k, Val::list(vs))).collect();
    Ok(Val::Map(Map::new(entries)))
}

/// Go's `url.QueryUnescape`: `+` is a space, `%XX` a byte; `None` for a bad escape.
fn query_unescape(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => out.push(b' '),
            b'%' => {
                out.push(hex(b.get(i + 1))? * 16 + hex(b.get(i + 2))?);
                i += 2;
            }
            c => out.push(c),
        }
        i += 1;
    }
    Some(String::from_utf8_lossy(&out).into_owned())
}

#[cfg(test)]
#[path = "urls/tests.rs"]
mod tests;
