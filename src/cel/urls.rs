//! The Kubernetes URL library (`url()`, `isURL()`, `getScheme()`, `getHost()`,
//! `getHostname()`, `getPort()`, `getEscapedPath()`, `getQuery()`) over Go's URL parsing
//! ([`crate::go::url`]), in place of kube-cel's.

use crate::go::url::{parse_request_uri, GoUrl};
use kube_cel::cel::extractors::This;
use kube_cel::cel::objects::{Key, Map, Opaque};
use kube_cel::cel::{Context, ExecutionError, ResolveResult, Value};
use std::collections::HashMap;
use std::sync::Arc;

/// Registers the URL functions over kube-cel's.
pub fn register(ctx: &mut Context<'_>) {
    ctx.add_function("url", url);
    ctx.add_function("isURL", is_url);
    ctx.add_function("getScheme", |This(u): This<Value>| {
        url_part(&u, |u| u.scheme.clone())
    });
    ctx.add_function("getHost", |This(u): This<Value>| {
        url_part(&u, |u| u.host.clone())
    });
    ctx.add_function("getHostname", |This(u): This<Value>| {
        url_part(&u, |u| u.hostname().to_string())
    });
    ctx.add_function("getPort", |This(u): This<Value>| {
        url_part(&u, |u| u.port().to_string())
    });
    ctx.add_function("getEscapedPath", |This(u): This<Value>| {
        url_part(&u, GoUrl::escaped_path)
    });
    ctx.add_function("getQuery", get_query);
}

/// A URL value (`kubernetes.URL`).
#[derive(Debug, PartialEq, Eq)]
struct UrlVal(GoUrl);

impl Opaque for UrlVal {
    fn runtime_type_name(&self) -> &str {
        "kubernetes.URL"
    }
}

fn url(s: Arc<String>) -> ResolveResult {
    match parse_request_uri(&s) {
        Ok(u) => Ok(Value::Opaque(Arc::new(UrlVal(u)))),
        Err(e) => Err(ExecutionError::function_error(
            "@text",
            format!("URL parse error during conversion from string: {e}"),
        )),
    }
}

fn is_url(s: Arc<String>) -> ResolveResult {
    Ok(Value::Bool(parse_request_uri(&s).is_ok()))
}

fn as_url(v: &Value) -> Result<&GoUrl, ExecutionError> {
    match v {
        Value::Opaque(o) => o
            .downcast_ref::<UrlVal>()
            .map(|u| &u.0)
            .ok_or(ExecutionError::NoSuchOverload),
        _ => Err(ExecutionError::NoSuchOverload),
    }
}

fn url_part(v: &Value, part: impl Fn(&GoUrl) -> String) -> ResolveResult {
    Ok(Value::String(Arc::new(part(as_url(v)?))))
}

/// `getQuery()`: each key with its values, as Go's `url.Query()` decodes the query.
fn get_query(This(v): This<Value>) -> ResolveResult {
    let u = as_url(&v)?;
    let mut out: HashMap<String, Vec<Value>> = HashMap::new();
    for pair in u
        .raw_query
        .split('&')
        .filter(|p| !p.is_empty() && !p.contains(';'))
    {
        let (k, val) = pair.split_once('=').unwrap_or((pair, ""));
        let (Some(k), Some(val)) = (query_unescape(k), query_unescape(val)) else {
            continue;
        };
        out.entry(k).or_default().push(Value::String(Arc::new(val)));
    }
    let map: HashMap<Key, Value> = out
        .into_iter()
        .map(|(k, vs)| (Key::from(k), Value::List(Arc::new(vs))))
        .collect();
    Ok(Value::Map(Map { map: Arc::new(map) }))
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
                let h = (*b.get(i + 1)? as char).to_digit(16)?;
                let l = (*b.get(i + 2)? as char).to_digit(16)?;
                out.push((h * 16 + l) as u8);
                i += 2;
            }
            c => out.push(c),
        }
        i += 1;
    }
    Some(String::from_utf8_lossy(&out).into_owned())
}
