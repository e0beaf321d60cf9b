//! What kube-apiserver 1.36's CEL environment offers CRD rules, and the runtime context built
//! from the cel crate's standard functions and kube-cel's Kubernetes libraries.
//!
//! kube-cel registers more than 1.36 has (the math and encoders extensions, string
//! `reverse()`, `%v` in `format()`…). Rather than unregister them, [`super::check`] refuses
//! every call this module does not list, as the apiserver's type checker would.

use kube_cel::cel::Context;
use kube_cel::KubeCelExt;

/// Functions called without a receiver (`size(x)`, `url(s)`, `sets.contains(a, b)`).
const GLOBAL: &[&str] = &[
    "size",
    "int",
    "uint",
    "double",
    "string",
    "bytes",
    "bool",
    "duration",
    "timestamp",
    "dyn",
    "type",
    "matches",
    "url",
    "isURL",
    "quantity",
    "isQuantity",
    "ip",
    "isIP",
    "ip.isCanonical",
    "cidr",
    "isCIDR",
    "semver",
    "isSemver",
    "optional.of",
    "optional.none",
    "optional.ofNonZeroValue",
    "sets.contains",
    "sets.equivalent",
    "sets.intersects",
    "lists.range",
    "strings.quote",
    "format.named",
    "format.dns1123Label",
    "format.dns1123LabelPrefix",
    "format.dns1123Subdomain",
    "format.dns1123SubdomainPrefix",
    "format.dns1035Label",
    "format.dns1035LabelPrefix",
    "format.qualifiedName",
    "format.labelValue",
    "format.uri",
    "format.uuid",
    "format.byte",
    "format.date",
    "format.datetime",
];

/// Functions called on a receiver (`s.startsWith(p)`, `l.isSorted()`).
const MEMBER: &[&str] = &[
    // standard
    "contains",
    "startsWith",
    "endsWith",
    "matches",
    "size",
    "getDate",
    "getDayOfMonth",
    "getDayOfWeek",
    "getDayOfYear",
    "getFullYear",
    "getHours",
    "getMilliseconds",
    "getMinutes",
    "getMonth",
    "getSeconds",
    // ext.Strings v2
    "charAt",
    "indexOf",
    "lastIndexOf",
    "lowerAscii",
    "upperAscii",
    "replace",
    "split",
    "substring",
    "trim",
    "join",
    "format",
    // Kubernetes lists, ext.Lists v3 (reverse only on lists: see check)
    "isSorted",
    "sum",
    "min",
    "max",
    "slice",
    "flatten",
    "distinct",
    "reverse",
    "sort",
    "first",
    "last",
    // regex, URLs
    "find",
    "findAll",
    "getScheme",
    "getHost",
    "getHostname",
    "getPort",
    "getEscapedPath",
    "getQuery",
    // quantity, semver
    "sign",
    "isGreaterThan",
    "isLessThan",
    "compareTo",
    "add",
    "sub",
    "isInteger",
    "asInteger",
    "asApproximateFloat",
    "major",
    "minor",
    "patch",
    // IP and CIDR
    "family",
    "isUnspecified",
    "isLoopback",
    "isLinkLocalMulticast",
    "isLinkLocalUnicast",
    "isGlobalUnicast",
    "ip",
    "containsIP",
    "containsCIDR",
    "masked",
    "prefixLength",
    "string",
    // format library, optionals
    "validate",
    "hasValue",
    "value",
    "or",
    "orValue",
];

/// Whether 1.36 declares global function `name`.
pub fn has_global(name: &str) -> bool {
    GLOBAL.contains(&name)
}

/// Whether 1.36 declares member function `name` (on some receiver type).
pub fn has_member(name: &str) -> bool {
    MEMBER.contains(&name)
}

/// The root context every rule runs in: the cel crate's standard functions, kube-cel's
/// libraries, and our Go-compatible replacements (see [`super::funcs`]).
pub fn root_context() -> Context<'static> {
    let mut ctx = Context::default().with_all();
    super::funcs::register(&mut ctx);
    ctx
}
