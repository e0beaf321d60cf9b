//! URLs as the apiserver's `url()`/`isURL()` read them: Go's `url.ParseRequestURI` (an
//! absolute URI or an absolute path), with Go's error texts (`parse "x": invalid URI for
//! request`). kube-cel parses with the WHATWG rules of the url crate, which accept and refuse
//! other strings.

use crate::go::strconv::quote;

/// The parts of a parsed URL the CEL accessors read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoUrl {
    pub scheme: String,
    pub host: String,
    pub path: String,
    /// The path as written, when it is not the one Go's `escape` would write (`setPath`).
    pub raw_path: String,
    pub raw_query: String,
}

/// Go's `*url.Error`: the operation, the URL it was given and why it failed; its text is Go's
/// `parse "<url>": <reason>`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{op} {}: {err}", quote(.url))]
pub struct Error {
    /// Go's `Op` (`parse`).
    pub op: &'static str,
    /// Go's `URL`: the text that was parsed.
    pub url: String,
    /// Go's `Err`.
    pub err: Reason,
}

/// The `Err` of a [`Error`]: Go's `errors.New` texts, its `EscapeError` and its
/// `InvalidHostError`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Reason {
    #[error("net/url: invalid control character in URL")]
    ControlCharacter,
    #[error("empty url")]
    Empty,
    #[error("invalid URI for request")]
    InvalidUri,
    #[error("missing protocol scheme")]
    MissingScheme,
    #[error("net/url: invalid userinfo")]
    InvalidUserinfo,
    #[error("missing ']' in host")]
    MissingBracket,
    /// The `:port` after a host, as written.
    #[error("invalid port {} after host", quote(.0))]
    InvalidPort(String),
    /// Go's `EscapeError`: the bad escape, as written (up to three characters).
    #[error("invalid URL escape {}", quote(.0))]
    Escape(String),
    /// Go's `InvalidHostError`: the character a host may not have.
    #[error("invalid character {} in host name", quote(.0))]
    InvalidHost(String),
}

/// Go's `url.ParseRequestURI`; the error is Go's `*url.Error` (`parse "<raw>": <reason>`).
pub fn parse_request_uri(raw: &str) -> Result<GoUrl, Error> {
    parse(raw).map_err(|err| Error {
        op: "parse",
        url: raw.to_string(),
        err,
    })
}

fn parse(raw: &str) -> Result<GoUrl, Reason> {
    if raw.bytes().any(|b| b < 0x20 || b == 0x7f) {
        return Err(Reason::ControlCharacter);
    }
    if raw.is_empty() {
        return Err(Reason::Empty);
    }
    let mut url = GoUrl::default();
    if raw == "*" {
        url.path = "*".into();
        return Ok(url);
    }
    let (scheme, rest) = scheme(raw)?;
    url.scheme = scheme.to_ascii_lowercase();
    let rest = match rest.strip_suffix('?') {
        Some(r) if rest.matches('?').count() == 1 => r,
        _ => match rest.split_once('?') {
            Some((r, q)) => {
                url.raw_query = q.to_string();
                r
            }
            None => rest,
        },
    };
    if !rest.starts_with('/') {
        if !url.scheme.is_empty() {
            return Ok(url);
        }
        return Err(Reason::InvalidUri);
    }
    let mut path = rest;
    if !url.scheme.is_empty() && rest.starts_with("//") {
        let authority = &rest[2..];
        let (auth, p) = match authority.find('/') {
            Some(i) => authority.split_at(i),
            None => (authority, ""),
        };
        url.host = parse_authority(auth)?;
        path = p;
    }
    url.path = unescape(path, false)?;
    if escape_path(&url.path) != path {
        url.raw_path = path.to_string();
    }
    Ok(url)
}

/// Go's `getScheme`: letters, then letters, digits, `+`, `-`, `.` up to a `:`.
fn scheme(raw: &str) -> Result<(&str, &str), Reason> {
    for (i, c) in raw.bytes().enumerate() {
        match c {
            b'a'..=b'z' | b'A'..=b'Z' => {}
            b'0'..=b'9' | b'+' | b'-' | b'.' if i > 0 => {}
            b':' if i == 0 => return Err(Reason::MissingScheme),
            b':' => return Ok((&raw[..i], &raw[i + 1..])),
            _ => return Ok(("", raw)),
        }
    }
    Ok(("", raw))
}

fn parse_authority(authority: &str) -> Result<String, Reason> {
    let (userinfo, host) = match authority.rfind('@') {
        Some(i) => (Some(&authority[..i]), &authority[i + 1..]),
        None => (None, authority),
    };
    let host = parse_host(host)?;
    if let Some(u) = userinfo {
        let ok = u
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || b"-._:~!$&'()*+,;=%@".contains(&c));
        if !ok {
            return Err(Reason::InvalidUserinfo);
        }
        unescape(u, false)?;
    }
    Ok(host)
}

fn parse_host(host: &str) -> Result<String, Reason> {
    let port_from = if host.starts_with('[') {
        let i = host.rfind(']').ok_or(Reason::MissingBracket)?;
        Some(i + 1)
    } else {
        host.rfind(':')
    };
    if let Some(i) = port_from {
        let colon_port = &host[i..];
        let valid = colon_port.is_empty()
            || (colon_port.starts_with(':') && colon_port[1..].bytes().all(|b| b.is_ascii_digit()));
        if !valid {
            return Err(Reason::InvalidPort(colon_port.to_string()));
        }
    }
    unescape(host, true)
}

/// Go's `unescape` for a host (`true`) or a path: `%XX` decoded, a bad escape or (in a host) a
/// character a host may not have is an error.
fn unescape(s: &str, host: bool) -> Result<String, Reason> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' => {
                let hex = |c: u8| (c as char).to_digit(16);
                let (h, l) = match (b.get(i + 1), b.get(i + 2)) {
                    (Some(&h), Some(&l)) if hex(h).is_some() && hex(l).is_some() => (h, l),
                    _ => {
                        let bad: String = s[i..].chars().take(3).collect();
                        return Err(Reason::Escape(bad));
                    }
                };
                out.push((hex(h).unwrap_or(0) * 16 + hex(l).unwrap_or(0)) as u8);
                i += 3;
            }
            c if host && c < 0x80 && !host_char(c) => {
                return Err(Reason::InvalidHost((c as char).to_string()));
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

fn host_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b"-_.~!$&'()*+,;=:[]<>\"".contains(&c)
}

/// Go's `shouldEscape(c, encodePath)`: everything but unreserved characters and the reserved
/// ones a path keeps (all but `?`).
fn should_escape_in_path(c: u8) -> bool {
    !(c.is_ascii_alphanumeric() || b"-_.~$&+,/:;=@".contains(&c))
}

/// Go's `escape(s, encodePath)`: each byte that must be escaped as `%XX` (upper-case hex).
fn escape_path(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for &c in s.as_bytes() {
        if should_escape_in_path(c) {
            out.push_str(&format!("%{c:02X}"));
        } else {
            out.push(c as char);
        }
    }
    out
}

/// Go's `validEncoded(s, encodePath)`: only characters a path may hold as they are (the
/// sub-delimiters, `[`, `]` and `%` besides what needs no escape).
fn valid_encoded_path(s: &str) -> bool {
    s.bytes()
        .all(|c| b"!$&'()*+,;=:@[]%".contains(&c) || !should_escape_in_path(c))
}

impl GoUrl {
    /// Go's `URL.EscapedPath()`: the path as written when that is a valid encoding of it, else
    /// the path escaped (`*` as it is).
    pub fn escaped_path(&self) -> String {
        if !self.raw_path.is_empty()
            && valid_encoded_path(&self.raw_path)
            && unescape(&self.raw_path, false).is_ok_and(|p| p == self.path)
        {
            return self.raw_path.clone();
        }
        if self.path == "*" {
            return "*".to_string();
        }
        escape_path(&self.path)
    }

    /// `Hostname()`: the host without its port and IPv6 brackets.
    pub fn hostname(&self) -> &str {
        let (h, _) = self.split_host_port();
        h.strip_prefix('[')
            .and_then(|x| x.strip_suffix(']'))
            .unwrap_or(h)
    }

    /// `Port()`: the digits after the host's last colon, or "".
    pub fn port(&self) -> &str {
        self.split_host_port().1
    }

    fn split_host_port(&self) -> (&str, &str) {
        let h = self.host.as_str();
        let colon = match h.rfind(']') {
            Some(i) => h[i..].find(':').map(|j| i + j),
            None => h.rfind(':'),
        };
        match colon {
            Some(i) if h[i + 1..].bytes().all(|b| b.is_ascii_digit()) => (&h[..i], &h[i + 1..]),
            _ => (h, ""),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_like_go() {
        let err = |s: &str| parse_request_uri(s).unwrap_err().to_string();
        assert_eq!(err("sgv8ad"), "parse \"sgv8ad\": invalid URI for request");
        assert_eq!(err(""), "parse \"\": empty url");
        assert_eq!(err(":x"), "parse \":x\": missing protocol scheme");
        assert_eq!(err("a://%@"), "parse \"a://%@\": invalid URL escape \"%\"");
        assert_eq!(
            err("a://%zz@h"),
            "parse \"a://%zz@h\": invalid URL escape \"%zz\""
        );
        assert_eq!(
            err("http://a b/"),
            "parse \"http://a b/\": invalid character \" \" in host name"
        );
        assert_eq!(
            err("http://h:x/"),
            "parse \"http://h:x/\": invalid port \":x\" after host"
        );
        assert_eq!(err("/a%zz"), "parse \"/a%zz\": invalid URL escape \"%zz\"");
        let u = parse_request_uri("HTTPS://user@example.com:8443/p/a?x=1").unwrap();
        assert_eq!(
            (u.scheme.as_str(), u.host.as_str()),
            ("https", "example.com:8443")
        );
        assert_eq!(
            (u.hostname(), u.port(), u.path.as_str()),
            ("example.com", "8443", "/p/a")
        );
        assert_eq!(u.raw_query, "x=1");
        let u = parse_request_uri("http://[::1]:80/").unwrap();
        assert_eq!((u.hostname(), u.port()), ("::1", "80"));
        assert!(parse_request_uri("/just/a/path").is_ok());
        assert!(parse_request_uri("localhost:8080").is_ok());
        assert!(parse_request_uri("mailto:someone").is_ok());
    }

    /// `URL.EscapedPath()` (Go's net/url): the path as written when it is a valid encoding of
    /// the decoded path, else the decoded path escaped.
    #[test]
    fn escaped_path_as_go_writes_it() {
        let cases = [
            ("https://x/v1%20x", "/v1%20x"),
            ("https://x/a b", "/a%20b"),
            ("https://x/%7Efoo", "/%7Efoo"),
            ("https://x/p%2Fq", "/p%2Fq"),
            ("https://x/a/b", "/a/b"),
            ("https://x/\u{e4}", "/%C3%A4"),
            ("https://x/a%2fb%3F", "/a%2fb%3F"),
            ("https://x/a\"b", "/a%22b"),
            ("https://x", ""),
            ("*", "*"),
            ("/a;b,c=d@e:f", "/a;b,c=d@e:f"),
        ];
        for (raw, want) in cases {
            let u = parse_request_uri(raw).unwrap();
            assert_eq!(u.escaped_path(), want, "{raw}");
        }
    }
}
