//! The Kubernetes format library (apiserver `pkg/cel/library/format.go`): `format.named(name)`
//! (an optional format, empty for an unknown name), the constant formats
//! (`format.dns1123Label()`…), and `f.validate(s)`: an empty optional when `s` is in the
//! format, else an optional list of apimachinery's (or strfmt's) error texts.

use super::Bind::Overloads;
use super::{no_overload, Bindings};
use crate::cel::val::{Error, Ext, Res, Val};
use crate::go::strfmt::Format as StrFmt;
use crate::names;
use std::any::Any;

/// A `kubernetes.NamedFormat` value (apiserver `cel.Format`), by the library's name of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NamedFormat(pub &'static str);

impl Ext for NamedFormat {
    fn type_name(&self) -> &str {
        "kubernetes.NamedFormat"
    }

    /// `Format.Equal`: the same format.
    /// `Format.Equal`: `no such overload` for a value of another type.
    fn equal(&self, other: &Val) -> Result<bool, Error> {
        match other.as_ext::<NamedFormat>() {
            Some(o) => Ok(o == self),
            None => Err(Error::NoSuchOverload),
        }
    }

    fn as_any(&self) -> &dyn Any {
        self
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

/// `format.<name>()` for each of [`FORMATS`] (a function of no arguments giving the format).
macro_rules! constants {
    ($($name:ident),* $(,)?) => {
        $(
            #[allow(non_snake_case)]
            fn $name(args: &[Val]) -> Res {
                constant(args, stringify!($name))
            }
        )*
        /// Each overload behind its type guard; a constant format's overload is named as its
        /// function (`format.dns1123Label`).
        pub(super) const BINDINGS: Bindings = &[
            (Overloads(&["format-named"]), named),
            (Overloads(&["format-validate"]), validate),
            $((Overloads(&[concat!("format.", stringify!($name))]), $name),)*
        ];
    };
}

constants!(
    dns1123Label,
    dns1123Subdomain,
    dns1035Label,
    qualifiedName,
    dns1123LabelPrefix,
    dns1123SubdomainPrefix,
    dns1035LabelPrefix,
    labelValue,
    uri,
    uuid,
    byte,
    date,
    datetime,
);

/// The format named `name` (one of [`FORMATS`]).
fn known(name: &str) -> Option<NamedFormat> {
    FORMATS.iter().find(|f| **f == name).map(|f| NamedFormat(f))
}

/// `format.<name>()`: the constant format.
fn constant(args: &[Val], name: &str) -> Res {
    match (args, known(name)) {
        ([], Some(f)) => Ok(Val::ext(f)),
        _ => no_overload(),
    }
}

/// `format.named(name)` (the library's `format-named`): an optional of the format, empty for
/// a name the library does not know.
fn named(args: &[Val]) -> Res {
    let [Val::String(name)] = args else {
        return no_overload();
    };
    Ok(known(name).map_or_else(Val::none, |f| Val::some(Val::ext(f))))
}

/// `f.validate(s)` (the library's `formatValidate`): empty when `s` is in format `f`, else an
/// optional of the reasons it is not.
fn validate(args: &[Val]) -> Res {
    let [f, Val::String(s)] = args else {
        return no_overload();
    };
    let Some(NamedFormat(name)) = f.as_ext::<NamedFormat>() else {
        return no_overload();
    };
    let errs = errors(name, s);
    if errs.is_empty() {
        return Ok(Val::none());
    }
    Ok(Val::some(Val::list(
        errs.iter().map(|e| Val::str(e)).collect(),
    )))
}

/// The `MaxRegexSize` the library gives format `v`, by which `validate` is charged (the
/// lengths of the patterns it stands for: kube-openapi's `strfmt` ones for `uuid`, `date` and
/// `datetime`); `None` when `v` is not a format.
pub fn max_regex_size(v: &Val) -> Option<u64> {
    let NamedFormat(name) = v.as_ext::<NamedFormat>()?;
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

/// apimachinery's `maskTrailingDash`: a prefix may end in a dash (`ab-` is read as `aa`, the
/// last two bytes replaced). Go cuts bytes; a character cut in two leaves bytes no name may
/// hold, written here as as many `_`.
fn mask_trailing_dash(s: &str) -> String {
    if s.len() > 1 && s.ends_with('-') {
        let cut = s.len() - 2;
        let start = (0..=cut)
            .rev()
            .find(|i| s.is_char_boundary(*i))
            .unwrap_or(0);
        format!("{}{}a", &s[..start], "_".repeat(cut - start))
    } else {
        s.to_string()
    }
}

/// Why `s` is not in format `name` (empty: it is): apimachinery's validation messages, Go's
/// URL parse error, strfmt's fixed texts.
fn errors(name: &str, s: &str) -> Vec<String> {
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
        "dns1123SubdomainPrefix" => names::dns1123_subdomain(&mask_trailing_dash(s)),
        "dns1035LabelPrefix" => names::dns1035_label(&mask_trailing_dash(s)),
        "labelValue" => names::label_value(s),
        "uri" => match crate::go::url::parse_request_uri(s) {
            Ok(_) => Vec::new(),
            Err(e) => vec![e.to_string()],
        },
        "uuid" => strfmt(StrFmt::Uuid, "does not match the UUID format"),
        "byte" => strfmt(StrFmt::Byte, "invalid base64"),
        "date" => strfmt(StrFmt::Date, "invalid date"),
        "datetime" => strfmt(StrFmt::DateTime, "invalid datetime"),
        _ => Vec::new(),
    }
}

#[cfg(test)]
#[path = "format/tests.rs"]
mod tests;
