//! Upstream `k8s.io/apiserver` v0.36.3 `pkg/cel/library` test tables not ported elsewhere, as
//! facts about our CEL environment.
//!
//! At v0.36.3 that directory's tests are `cidr_test.go`, `ip_test.go`, `quantity_test.go`,
//! `semver_test.go`, `format_test.go`, `cost_test.go` (ported beside their libraries and in
//! `crate::cel::tests`) and `library_compatibility_test.go`, ported here. There is no
//! `lists_test.go`, `regex_test.go` or `urls_test.go` in that tree at any commit of the mirror:
//! those libraries' behaviour is exercised upstream through the CRD validation tests of
//! apiextensions-apiserver, and here by `lists/tests.rs`, `regex/tests.rs`, `urls/tests.rs`.
//!
//! - `TestLibraryCompatibility`: every function name upstream assigns to a Kubernetes release
//!   must be declared by our function table ([`crate::cel::checker::overloads::of`] gives it at
//!   least one overload). Left out: `jsonpatch.escapeKey`, whose library (`jsonPatchLib`) the
//!   apiserver adds only to the mutating admission policy environment, never to a CRD's; and
//!   the converse half of the test (no Kubernetes-library function outside the list), since
//!   our table does not record which library declared a cel-go-shared name (`string`,
//!   `indexOf`, `format`) and upstream walks Go declarations, not an environment.
//! - `TestTypeRegistration`: each custom type a library's functions return must be named with
//!   a `kubernetes.` prefix or be one of the legacy `net.IP`, `net.CIDR`. Ported as the type
//!   name of a value each library's constructor makes, called by name through the library's
//!   dispatch. Left out: the authz libraries' types (a CRD rule has no `authorizer` to make
//!   one from) and the Go-side check that `Types()` lists every type a declaration mentions.

use super::testing::{call, s};
use crate::cel::checker::overloads;
use crate::cel::val::Val;

/// `library_compatibility_test.go`, `knownFunctions`, by the release upstream lists them under
/// (names repeated upstream are kept once).
const KNOWN_FUNCTIONS: &[&str] = &[
    // 1.24
    "isSorted",
    "sum",
    "max",
    "min",
    "indexOf",
    "lastIndexOf",
    "find",
    "findAll",
    "url",
    "getScheme",
    "getHost",
    "getHostname",
    "getPort",
    "getEscapedPath",
    "getQuery",
    "isURL",
    // 1.27
    "path",
    "group",
    "serviceAccount",
    "resource",
    "subresource",
    "namespace",
    "name",
    "check",
    "allowed",
    "reason",
    // 1.28
    "errored",
    "error",
    // 1.29
    "add",
    "asApproximateFloat",
    "asInteger",
    "compareTo",
    "isGreaterThan",
    "isInteger",
    "isLessThan",
    "isQuantity",
    "quantity",
    "sign",
    "sub",
    // 1.30
    "ip",
    "family",
    "isUnspecified",
    "isLoopback",
    "isLinkLocalMulticast",
    "isLinkLocalUnicast",
    "isGlobalUnicast",
    "ip.isCanonical",
    "isIP",
    "cidr",
    "containsIP",
    "containsCIDR",
    "masked",
    "prefixLength",
    "isCIDR",
    "string",
    // 1.31
    "fieldSelector",
    "labelSelector",
    "validate",
    "format.named",
    "isSemver",
    "major",
    "minor",
    "patch",
    "semver",
];

#[test]
fn library_compatibility() {
    let missing: Vec<&str> = KNOWN_FUNCTIONS
        .iter()
        .copied()
        .filter(|f| overloads::of(f).is_empty())
        .collect();
    assert!(missing.is_empty(), "not declared: {missing:?}");
}

#[test]
fn type_registration() {
    let made: &[(&str, &str)] = &[
        ("url", "https://example.com/path"),
        ("quantity", "1Gi"),
        ("semver", "1.2.3"),
        ("format.named", "dns1123Label"),
        ("ip", "192.168.0.1"),
        ("cidr", "10.0.0.0/8"),
    ];
    for (f, arg) in made {
        let v = call(f, &[s(arg)]).unwrap_or_else(|e| panic!("{f}({arg:?}): {e}"));
        // `format.named` answers an optional of the format.
        let v = match &v {
            Val::Optional(Some(inner)) => Val::clone(inner),
            _ => v,
        };
        let name = v.type_name();
        assert!(
            name.starts_with("kubernetes.") || name == "net.IP" || name == "net.CIDR",
            "{f}({arg:?}) makes a value of type {name}"
        );
    }
}
