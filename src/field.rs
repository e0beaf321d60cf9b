//! The shared vocabulary of every walk over objects and schemas: field paths, and errors
//! formatted exactly like apimachinery's `field.Error` (`path: Required value: detail`,
//! `path: Forbidden: detail`, `path: Invalid value: <v>: detail`), with Go's `%q`, `%v`, `%#v`
//! and `json.Marshal` renderings of the offending value.
//!
//! Paths are borrowed linked lists ([`Path`], like serde_yaml's): extending one while walking
//! costs nothing; it is rendered (`spec.a[0].b`, `spec.m[key]`) only when something is recorded.

use crate::go::strconv::quote;
use serde_json::Value;
use std::fmt::{self, Display, Write};

/// A field path (`field.Path`): a root string extended by `.child`, `[key]` and `[index]`, built
/// on the stack while walking and rendered only for an error.
#[derive(Clone, Copy, Debug)]
pub enum Path<'a> {
    Root(&'a str),
    Child(&'a Path<'a>, &'a str),
    Key(&'a Path<'a>, &'a str),
    Index(&'a Path<'a>, usize),
}

impl<'a> Path<'a> {
    /// `path.name` (or `name` at an empty root).
    pub fn child(&'a self, name: &'a str) -> Path<'a> {
        Path::Child(self, name)
    }

    /// `path[key]`.
    pub fn key(&'a self, k: &'a str) -> Path<'a> {
        Path::Key(self, k)
    }

    /// `path[i]`.
    pub fn index(&'a self, i: usize) -> Path<'a> {
        Path::Index(self, i)
    }

    /// Whether this is the empty root (a walk's starting point).
    pub fn is_empty(&self) -> bool {
        matches!(self, Path::Root(""))
    }

    /// The path's text (what `to_string` gives), written into one allocation of its length:
    /// pruning and defaulting keep the text of every field they drop or set, often a dozen
    /// levels deep, and formatting it part by part grew the string at each part.
    pub fn render(&self) -> String {
        let mut out = String::with_capacity(self.text_len());
        self.push_to(&mut out);
        out
    }

    /// The length of the path's text.
    fn text_len(&self) -> usize {
        match self {
            Path::Root(r) => r.len(),
            Path::Child(p, name) if p.is_empty() => name.len(),
            Path::Child(p, name) => p.text_len() + 1 + name.len(),
            Path::Key(p, k) => p.text_len() + 2 + k.len(),
            Path::Index(p, i) => p.text_len() + 2 + decimal_len(*i),
        }
    }

    /// Appends the path's text to `out`.
    fn push_to(&self, out: &mut String) {
        match self {
            Path::Root(r) => out.push_str(r),
            Path::Child(p, name) if p.is_empty() => out.push_str(name),
            Path::Child(p, name) => {
                p.push_to(out);
                out.push('.');
                out.push_str(name);
            }
            Path::Key(p, k) => {
                p.push_to(out);
                out.push('[');
                out.push_str(k);
                out.push(']');
            }
            Path::Index(p, i) => {
                p.push_to(out);
                push_index(out, *i);
            }
        }
    }
}

/// Appends `[i]` (its digits written directly: an index is rendered for every item of a long
/// list).
fn push_index(out: &mut String, i: usize) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = i;
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    out.push('[');
    out.extend(digits[at..].iter().map(|&d| char::from(d)));
    out.push(']');
}

/// How many decimal digits `i` has.
fn decimal_len(i: usize) -> usize {
    i.checked_ilog10().map_or(1, |d| d as usize + 1)
}

impl Display for Path<'_> {
    // Each level writes its parts itself (no format string to interpret at every level: a
    // schema path is often a dozen levels deep).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Path::Root(r) => f.write_str(r),
            Path::Child(p, name) if p.is_empty() => f.write_str(name),
            Path::Child(p, name) => {
                p.fmt(f)?;
                f.write_str(".")?;
                f.write_str(name)
            }
            Path::Key(p, k) => {
                p.fmt(f)?;
                f.write_str("[")?;
                f.write_str(k)?;
                f.write_str("]")
            }
            Path::Index(p, i) => {
                p.fmt(f)?;
                write!(f, "[{i}]")
            }
        }
    }
}

/// `path.name` (or `name` at an empty root), like `field.Path.Child`.
pub fn child(path: &str, name: &str) -> String {
    Path::Root(path).child(name).to_string()
}

/// `path[key]`, like `field.Path.Key`.
pub fn key(path: &str, k: &str) -> String {
    format!("{path}[{k}]")
}

/// `path[i]`, like `field.Path.Index`.
pub fn index(path: &str, i: usize) -> String {
    let mut out = String::with_capacity(path.len() + 2 + decimal_len(i));
    out.push_str(path);
    push_index(&mut out, i);
    out
}

/// Whether the rendered path `path` is `node` or lies below it (`node.child…`), as the
/// apiserver's schema paths nest: a node's children are always reached through a `.`.
pub fn at_or_below(path: &str, node: &str) -> bool {
    path.strip_prefix(node)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('.'))
}

fn with_detail(mut s: String, detail: &str) -> String {
    if !detail.is_empty() {
        s.push_str(": ");
        s.push_str(detail);
    }
    s
}

/// The address Go's `%#v` prints for a set pointer inside a struct: the apiserver's changes
/// from run to run, so any stands in.
pub const GO_POINTER: &str = "0xc000100000";

/// A bad value (a decoded JSON value held in an `interface{}`) as the run's apiserver writes it
/// in a field error: strings with `%q`, numbers and bools with `%v`; the rest as JSON, or up to
/// 1.33 with Go's `%#v` and nil as the string `"null"` (see [`crate::versions`]).
pub fn go_bad_value(v: &Value) -> String {
    match v {
        Value::String(s) => quote(s),
        Value::Bool(_) | Value::Number(_) => go_value(v),
        _ if crate::versions::current().json_bad_values => go_json(v),
        Value::Null => quote("null"),
        _ => go_sharp_v(v),
    }
}

/// A bad value that is a Go `[]string` (`None`: a nil slice) as the run's apiserver writes it:
/// JSON (`["v1"]`, `null`), or up to 1.33 `%#v` (`[]string{"v1"}`, `[]string(nil)`).
pub fn go_bad_strings(items: Option<&[String]>) -> String {
    match (items, crate::versions::current().json_bad_values) {
        (None, true) => "null".into(),
        (None, false) => "[]string(nil)".into(),
        (Some(items), true) => {
            let list = items.iter().map(|s| Value::String(s.clone())).collect();
            go_json(&Value::Array(list))
        }
        (Some(items), false) => go_string_slice(items),
    }
}

/// A bad value that is a Go `*string` (`None`: nil) as the run's apiserver writes it: the
/// string quoted, nil as `null`, or up to 1.33 as the string `"null"`.
pub fn go_bad_string_ptr(s: Option<&str>) -> String {
    match (s, crate::versions::current().json_bad_values) {
        (Some(s), _) => quote(s),
        (None, true) => "null".into(),
        (None, false) => quote("null"),
    }
}

/// The value part of a `field.Invalid` error for a JSON value, as `ErrorBody` renders it:
/// strings with `%q`, numbers and bools plainly, null as `null`, maps and lists with `%#v`.
pub fn go_value(v: &Value) -> String {
    match v {
        Value::Null => "null".to_string(),
        Value::String(s) => quote(s),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => go_number(n),
        _ => go_sharp_v(v),
    }
}

/// Go's `%#v` of a JSON value decoded by apimachinery (`map[string]interface {}`, `[]interface {}`,
/// int64 for integral numbers, float64 otherwise). Map keys are sorted, as Go prints them.
pub fn go_sharp_v(v: &Value) -> String {
    let mut out = String::new();
    sharp_v_into(v, true, &mut out);
    out
}

fn sharp_v_into(v: &Value, top: bool, out: &mut String) {
    match v {
        Value::Null if top => out.push_str("interface {}(nil)"),
        Value::Null => out.push_str("interface {}(nil)"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(&go_number(n)),
        Value::String(s) => out.push_str(&quote(s)),
        Value::Array(items) => {
            out.push_str("[]interface {}{");
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                sharp_v_into(item, false, out);
            }
            out.push('}');
        }
        Value::Object(map) => {
            out.push_str("map[string]interface {}{");
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            for (i, k) in keys.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(&quote(k));
                out.push(':');
                sharp_v_into(&map[k.as_str()], false, out);
            }
            out.push('}');
        }
    }
}

/// Go's `%v` of a JSON value as apimachinery decodes it: strings bare, `<nil>`, `[a b]`,
/// `map[k:v]` with sorted keys, numbers as [`go_value`] prints them.
pub fn go_plain_v(v: &Value) -> String {
    match v {
        Value::Null => "<nil>".to_string(),
        Value::String(s) => s.clone(),
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(go_plain_v).collect();
            format!("[{}]", parts.join(" "))
        }
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            let parts: Vec<String> = keys
                .iter()
                .map(|k| format!("{k}:{}", go_plain_v(&map[k.as_str()])))
                .collect();
            format!("map[{}]", parts.join(" "))
        }
        other => go_value(other),
    }
}

/// Go's `%T` of a JSON value as apimachinery decodes it (`int64`, `[]interface {}`, ...).
pub fn go_type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "<nil>",
        Value::Bool(_) => "bool",
        Value::Number(n) if n.as_i64().is_some() => "int64",
        Value::Number(_) => "float64",
        Value::String(_) => "string",
        Value::Array(_) => "[]interface {}",
        Value::Object(_) => "map[string]interface {}",
    }
}

/// `[]string{"a", "b"}` (Go's `%#v` of a string slice).
pub fn go_string_slice(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|s| quote(s)).collect();
    format!("[]string{{{}}}", quoted.join(", "))
}

/// A number as the apiserver decoded it prints with `%v`: an integer that fits int64 as one,
/// any other number as a float64.
fn go_number(n: &serde_json::Number) -> String {
    match n.as_i64() {
        Some(i) => i.to_string(),
        None => go_float(n.as_f64().unwrap_or(0.0)),
    }
}

/// Go's `%v` for a float64: `strconv.FormatFloat(f, 'g', -1, 64)`
/// ([`crate::go::strconv::format_float`]; `NaN`, `+Inf`, `-Inf` for the specials).
pub fn go_float(f: f64) -> String {
    crate::go::strconv::format_float(f, 64)
}

/// Go's `json.Marshal` of a JSON value as the apiserver decoded it: object keys sorted, HTML
/// characters and U+2028/U+2029 escaped, integers that fit int64 as such and other numbers as
/// float64 (`1e+21`, `1e-7`).
pub fn go_json(v: &Value) -> String {
    let mut out = String::new();
    json_into(v, &mut out);
    out
}

fn json_into(v: &Value, out: &mut String) {
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => match n.as_i64() {
            Some(i) => out.push_str(&i.to_string()),
            None => out.push_str(&go_json_float(n.as_f64().unwrap_or(0.0))),
        },
        Value::String(s) => json_string_into(s, out),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                json_into(item, out);
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            for (i, k) in keys.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                json_string_into(k, out);
                out.push(':');
                json_into(&map[k.as_str()], out);
            }
            out.push('}');
        }
    }
}

/// A JSON string as Go's encoder writes it (with its HTML-safe escapes).
fn json_string_into(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A float64 as Go's JSON encoder writes it: plain decimal, or exponent form (`1e+21`,
/// `1e-7`) below 1e-6 and from 1e21.
fn go_json_float(f: f64) -> String {
    let abs = f.abs();
    if abs != 0.0 && !(1e-6..1e21).contains(&abs) {
        let s = format!("{f:e}");
        let (mantissa, exp) = s.split_once('e').unwrap_or((&s, "0"));
        let exp: i32 = exp.parse().unwrap_or(0);
        let sign = if exp < 0 { '-' } else { '+' };
        return format!("{mantissa}e{sign}{}", exp.abs());
    }
    format!("{f}")
}

/// apimachinery's `field.ErrorType`, with the text `ErrorBody` writes for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorType {
    NotFound,
    Required,
    Duplicate,
    Invalid,
    NotSupported,
    Forbidden,
    TooLong,
    TooMany,
    TooFew,
    Internal,
    /// `FieldValueTypeInvalid`: written as "Invalid value" too.
    TypeInvalid,
    TooShort,
}

impl ErrorType {
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorType::NotFound => "Not found",
            ErrorType::Required => "Required value",
            ErrorType::Duplicate => "Duplicate value",
            ErrorType::Invalid | ErrorType::TypeInvalid => "Invalid value",
            ErrorType::NotSupported => "Unsupported value",
            ErrorType::Forbidden => "Forbidden",
            ErrorType::TooLong => "Too long",
            ErrorType::TooMany => "Too many",
            ErrorType::TooFew => "Too few",
            ErrorType::Internal => "Internal error",
            ErrorType::TooShort => "Too short",
        }
    }

    /// The types whose message never shows the value.
    fn omits_value(self) -> bool {
        matches!(
            self,
            ErrorType::Required
                | ErrorType::Forbidden
                | ErrorType::TooLong
                | ErrorType::TooShort
                | ErrorType::Internal
        )
    }
}

/// The offending value of a [`FieldError`], as `ErrorBody` renders it.
#[derive(Clone, Debug, PartialEq)]
pub enum BadValue {
    /// No value shown (`field.OmitValueType`).
    Omit,
    /// A JSON value: strings with `%q`, numbers and bools with `%v`, anything else (null, maps,
    /// lists) as `json.Marshal` writes it.
    Json(Value),
    /// A value already rendered.
    Text(String),
}

impl BadValue {
    fn render(&self) -> Option<String> {
        match self {
            BadValue::Omit => None,
            BadValue::Text(t) => Some(t.clone()),
            BadValue::Json(v) => Some(go_bad_value(v)),
        }
    }
}

/// One `field.Error`: its [`Display`] is the apiserver's text, byte for byte. `field` is the
/// rendered path; empty is written `<nil>`, as Go prints a nil `*field.Path`.
#[derive(Clone, Debug, PartialEq)]
pub struct FieldError {
    pub type_: ErrorType,
    pub field: String,
    pub value: BadValue,
    pub detail: String,
}

impl FieldError {
    pub fn new(type_: ErrorType, field: impl Into<String>, value: BadValue, detail: &str) -> Self {
        FieldError {
            type_,
            field: field.into(),
            value,
            detail: detail.to_string(),
        }
    }

    /// `field.Required`: `path: Required value[: detail]`.
    pub fn required(path: impl Display, detail: &str) -> Self {
        Self::new(
            ErrorType::Required,
            path.to_string(),
            BadValue::Omit,
            detail,
        )
    }

    /// `field.Forbidden`: `path: Forbidden[: detail]`.
    pub fn forbidden(path: impl Display, detail: &str) -> Self {
        Self::new(
            ErrorType::Forbidden,
            path.to_string(),
            BadValue::Omit,
            detail,
        )
    }

    /// `field.Invalid`: `path: Invalid value: <value>[: detail]`; `value` is already rendered
    /// (see [`quote`], [`go_sharp_v`]).
    pub fn invalid(path: impl Display, value: &str, detail: &str) -> Self {
        let value = BadValue::Text(value.to_string());
        Self::new(ErrorType::Invalid, path.to_string(), value, detail)
    }

    /// `field.NotSupported`: `path: Unsupported value: <value>: supported values: "a", "b"`;
    /// `value` is already rendered.
    pub fn not_supported(path: impl Display, value: &str, supported: &[&str]) -> Self {
        let list: Vec<String> = supported.iter().map(|s| quote(s)).collect();
        let detail = format!("supported values: {}", list.join(", "));
        let value = BadValue::Text(value.to_string());
        Self::new(ErrorType::NotSupported, path.to_string(), value, &detail)
    }

    /// The field the error names (none for an error without a path, printed `<nil>`).
    pub fn named_field(&self) -> Option<&str> {
        (!self.field.is_empty()).then_some(self.field.as_str())
    }

    /// The message without the field (`ErrorBody`).
    pub fn body(&self) -> String {
        let mut s = self.type_.as_str().to_string();
        if !self.type_.omits_value() {
            if let Some(v) = self.value.render() {
                s.push_str(": ");
                s.push_str(&v);
            }
        }
        with_detail(s, &self.detail)
    }
}

impl Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let field = if self.field.is_empty() {
            "<nil>"
        } else {
            &self.field
        };
        write!(f, "{field}: {}", self.body())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn renders_as_it_displays() {
        let root = Path::Root("");
        let named = Path::Root("metadata");
        let spec = root.child("spec");
        let list = spec.child("l");
        let item = list.index(0);
        let big = list.index(1234567);
        let key = item.key("a.b");
        let under_key = key.child("x");
        let nine = named.index(9);
        let ten = nine.index(10);
        for p in [
            root,
            named,
            spec,
            list,
            item,
            big,
            key,
            under_key,
            nine,
            ten,
            named.child("name"),
            root.key("k"),
            root.index(0),
        ] {
            assert_eq!(p.render(), p.to_string());
            assert_eq!(p.render().len(), p.text_len());
        }
    }

    /// `path[i]` as Go's `field.Path.Index` renders it, at every digit count.
    #[test]
    fn index_renders_every_digit() {
        for i in [0, 1, 9, 10, 99, 100, 65535, 1 << 40, usize::MAX] {
            assert_eq!(index("items", i), format!("items[{i}]"));
            assert_eq!(index("", i), format!("[{i}]"));
        }
    }

    #[test]
    fn formats_like_field_error() {
        let text = |e: FieldError| e.to_string();
        assert_eq!(
            text(FieldError::required("a.b", "must be specified")),
            "a.b: Required value: must be specified"
        );
        assert_eq!(text(FieldError::required("a", "")), "a: Required value");
        assert_eq!(text(FieldError::forbidden("a", "x")), "a: Forbidden: x");
        assert_eq!(
            text(FieldError::invalid(
                "a.type",
                &quote("string"),
                "must be object"
            )),
            "a.type: Invalid value: \"string\": must be object"
        );
        assert_eq!(
            text(FieldError::not_supported(
                "t",
                &quote("foo"),
                &["array", "boolean"]
            )),
            "t: Unsupported value: \"foo\": supported values: \"array\", \"boolean\""
        );
        assert_eq!(child("", "items"), "items");
        assert_eq!(key(&child("a", "properties"), "x"), "a.properties[x]");
        assert_eq!(index("a.allOf", 2), "a.allOf[2]");
        assert!(at_or_below("a.properties[b]", "a.properties[b]"));
        assert!(at_or_below("a.properties[b].type", "a.properties[b]"));
        assert!(!at_or_below("a.properties[b2]", "a.properties[b]"));
        let root = Path::Root("spec");
        let props = root.child("properties");
        let a = props.key("a");
        let items = a.child("items");
        assert_eq!(items.index(3).to_string(), "spec.properties[a].items[3]");
        assert_eq!(Path::Root("").child("type").to_string(), "type");
        let root = Path::Root("");
        let spec = root.child("spec");
        let list = spec.child("l");
        let (item, map) = (list.index(0), spec.key("k.x"));
        let nested = item.index(2);
        assert_eq!(nested.child("a").to_string(), "spec.l[0][2].a");
        assert_eq!(map.child("metadata").to_string(), "spec[k.x].metadata");
    }

    #[test]
    fn field_errors_render_their_path() {
        let at = Path::Root("a");
        let p = at.child("b");
        let e = FieldError::forbidden(p, "x");
        assert_eq!(e.field, "a.b");
        assert_eq!(e.to_string(), "a.b: Forbidden: x");
        assert_eq!(
            FieldError::required(p, "").to_string(),
            "a.b: Required value"
        );
    }

    #[test]
    fn renders_go_values() {
        assert_eq!(quote("a\"b\\\n"), "\"a\\\"b\\\\\\n\"");
        assert_eq!(
            go_sharp_v(&json!({"unknown": 42, "name": "foo"})),
            "map[string]interface {}{\"name\":\"foo\", \"unknown\":42}"
        );
        assert_eq!(
            go_sharp_v(&json!(["a", 1.5, true, null])),
            "[]interface {}{\"a\", 1.5, true, interface {}(nil)}"
        );
        assert_eq!(go_value(&json!("x")), "\"x\"");
        assert_eq!(go_value(&json!(7)), "7");
        assert_eq!(go_float(1e-7), "1e-07");
        assert_eq!(go_float(2.5e22), "2.5e+22");
        assert_eq!(go_float(1234567.5), "1.2345675e+06");
        assert_eq!(go_float(123456.5), "123456.5");
        assert_eq!(go_float(0.0001), "0.0001");
        assert_eq!(go_float(-0.5), "-0.5");
        assert_eq!(
            go_string_slice(&["a".into(), "b".into()]),
            "[]string{\"a\", \"b\"}"
        );
        assert_eq!(go_value(&json!(9_300_000_000_000_000_000_u64)), "9.3e+18");
        assert_eq!(
            go_plain_v(&json!({"b": [1, "x"], "a": null})),
            "map[a:<nil> b:[1 x]]"
        );
        assert_eq!(go_plain_v(&json!(1.5)), "1.5");
        assert_eq!(go_type_name(&json!([1])), "[]interface {}");
        assert_eq!(go_type_name(&json!({})), "map[string]interface {}");
        assert_eq!(go_type_name(&json!(2.5)), "float64");
    }

    #[test]
    fn renders_go_json() {
        assert_eq!(
            go_json(&json!({"z": [1, 2.5, null], "a": "<&>\u{2028}\n\u{8}\u{1}"})),
            r#"{"a":"\u003c\u0026\u003e\u2028\n\b\u0001","z":[1,2.5,null]}"#
        );
        assert_eq!(go_json(&json!(1e21)), "1e+21");
        assert_eq!(go_json(&json!(1e-7)), "1e-7");
        assert_eq!(go_json(&json!(123456789.5)), "123456789.5");
        assert_eq!(go_json(&json!(0.000001)), "0.000001");
    }

    #[test]
    fn field_errors_read_like_the_apiservers() {
        let e = |t, f: &str, v, d: &str| FieldError::new(t, f, v, d).to_string();
        assert_eq!(
            e(
                ErrorType::Invalid,
                "spec.replicas",
                BadValue::Json(json!(0)),
                "should be >= 1"
            ),
            "spec.replicas: Invalid value: 0: should be >= 1"
        );
        assert_eq!(
            e(
                ErrorType::Duplicate,
                "spec.ports[1]",
                BadValue::Json(json!({"name": "http"})),
                ""
            ),
            r#"spec.ports[1]: Duplicate value: {"name":"http"}"#
        );
        assert_eq!(
            e(
                ErrorType::Required,
                "spec.owner",
                BadValue::Json(json!("")),
                ""
            ),
            "spec.owner: Required value"
        );
        assert_eq!(
            e(
                ErrorType::Invalid,
                "",
                BadValue::Json(Value::Null),
                "some rules were not checked"
            ),
            "<nil>: Invalid value: null: some rules were not checked"
        );
        assert_eq!(
            e(
                ErrorType::TooMany,
                "spec.a",
                BadValue::Omit,
                "must have at most 2 items"
            ),
            "spec.a: Too many: must have at most 2 items"
        );
        assert_eq!(
            e(
                ErrorType::NotSupported,
                "spec.size",
                BadValue::Json(json!("m")),
                "supported values: \"s\""
            ),
            "spec.size: Unsupported value: \"m\": supported values: \"s\""
        );
    }
}
