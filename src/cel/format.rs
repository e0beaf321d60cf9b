//! The Kubernetes format library (`k8s.io/apiserver/pkg/cel/library/format.go`):
//! `format.named(name)` (an optional format, empty for an unknown name), the constant formats
//! (`format.dns1123Label()`…), and `f.validate(s)`: an empty optional when `s` is valid, else
//! an optional list of apimachinery's (or strfmt's) error texts.

use crate::go::strfmt::Format as StrFmt;
use crate::names;
use kube_cel::cel::extractors::This;
use kube_cel::cel::objects::{Opaque, OptionalValue};
use kube_cel::cel::{Context, ExecutionError, ResolveResult, Value};
use std::sync::Arc;

/// A `kubernetes.NamedFormat` value: the library's name of the format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedFormat(&'static str);

impl Opaque for NamedFormat {
    fn runtime_type_name(&self) -> &str {
        "kubernetes.NamedFormat"
    }
}

/// The library's formats, by the name `format.named` takes (and `format.<name>()` gives).
pub const FORMATS: &[&str] = &[
    "dns1123Label",
    "dns1123Subdomain",
    "dns1035Label",
    "qualifiedName",
    "dns1123LabelPrefix",
    "dns1123SubdomainPrefix",
    "dns1035LabelPrefix",
    "labelValue",
    "uri",
    "uuid",
    "byte",
    "date",
    "datetime",
];

/// The `MaxRegexSize` the library gives format `v`, by which `validate` is charged (the
/// lengths of the patterns it stands for: kube-openapi's `strfmt` ones for `uuid`, `date` and
/// `datetime`); `None` when `v` is not a format.
pub fn max_regex_size(v: &Value) -> Option<u64> {
    let Value::Opaque(o) = v else {
        return None;
    };
    let NamedFormat(name) = o.downcast_ref::<NamedFormat>()?;
    Some(match *name {
        "dns1123Label" | "dns1035Label" | "dns1123LabelPrefix" | "dns1035LabelPrefix" => 30,
        "dns1123Subdomain" | "qualifiedName" | "dns1123SubdomainPrefix" => 60,
        "labelValue" => 40,
        "uri" => 1103,
        "uuid" => 70,
        "byte" => 84,
        _ => 71,
    })
}

/// Registers the library over kube-cel's.
pub fn register(ctx: &mut Context<'_>) {
    ctx.add_function("format.named", |name: Arc<String>| -> ResolveResult {
        let opt = match FORMATS.iter().find(|f| **f == name.as_str()) {
            Some(f) => OptionalValue::of(Value::Opaque(Arc::new(NamedFormat(f)))),
            None => OptionalValue::none(),
        };
        Ok(Value::Opaque(Arc::new(opt)))
    });
    for f in FORMATS {
        let name: &'static str = f;
        ctx.add_function(&format!("format.{f}"), move || -> ResolveResult {
            Ok(Value::Opaque(Arc::new(NamedFormat(name))))
        });
    }
    ctx.add_function("validate", validate);
}

fn validate(This(f): This<Value>, s: Arc<String>) -> ResolveResult {
    let Value::Opaque(o) = &f else {
        return Err(ExecutionError::NoSuchOverload);
    };
    let Some(NamedFormat(name)) = o.downcast_ref::<NamedFormat>() else {
        return Err(ExecutionError::NoSuchOverload);
    };
    let errs = errors(name, &s);
    let opt = if errs.is_empty() {
        OptionalValue::none()
    } else {
        let list = errs.into_iter().map(|e| Value::String(Arc::new(e)));
        OptionalValue::of(Value::List(Arc::new(list.collect())))
    };
    Ok(Value::Opaque(Arc::new(opt)))
}

/// apimachinery's `maskTrailingDash`: a prefix may end in a dash.
fn mask_trailing_dash(s: &str) -> String {
    if s.len() > 1 && s.ends_with('-') {
        format!("{}a", &s[..s.len() - 2])
    } else {
        s.to_string()
    }
}

/// Why `s` is not in format `name` (empty: it is).
pub fn errors(name: &str, s: &str) -> Vec<String> {
    let strfmt = |f: StrFmt, msg: &str| match f.validates(s) {
        true => Vec::new(),
        false => vec![msg.to_string()],
    };
    match name {
        "dns1123Label" => names::dns1123_label(s),
        "dns1123Subdomain" => names::dns1123_subdomain(s),
        "dns1035Label" => names::dns1035_label(s),
        "qualifiedName" => names::qualified_name(s),
        "dns1123LabelPrefix" => names::dns1123_label(&mask_trailing_dash(s)),
        "dns1123SubdomainPrefix" => names::name_is_dns_subdomain(s, true),
        "dns1035LabelPrefix" => names::dns1035_label(&mask_trailing_dash(s)),
        "labelValue" => names::label_value(s),
        "uri" => match crate::go::url::parse_request_uri(s) {
            Ok(_) => Vec::new(),
            Err(e) => vec![e],
        },
        "uuid" => strfmt(StrFmt::Uuid, "does not match the UUID format"),
        "byte" => strfmt(StrFmt::Byte, "invalid base64"),
        "date" => strfmt(StrFmt::Date, "invalid date"),
        "datetime" => strfmt(StrFmt::DateTime, "invalid datetime"),
        _ => Vec::new(),
    }
}
