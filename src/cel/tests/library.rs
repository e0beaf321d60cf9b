//! Upstream test tables, ported as facts (expression, expected value or error): cel-go's
//! `ext/strings_test.go` (the index, substring and format cases of version 2), the Kubernetes
//! libraries' `pkg/cel/library` tests for semver, quantity, IP/CIDR and format, and Go's
//! `netip` parse errors through `ip()`/`cidr()`. Each expression must evaluate to true, or
//! fail at run time with the given text.

use super::{compiled, obj};
use serde_json::json;

/// Runs each expression as a rule on an empty `spec`; the messages of those that fail.
fn outcomes(exprs: &[&str]) -> Vec<(String, String)> {
    let rules: Vec<serde_json::Value> = exprs
        .iter()
        .map(|e| json!({"rule": e, "message": e}))
        .collect();
    let schema = json!({"type": "object", "properties": {"spec": {"type": "object",
        "x-kubernetes-validations": rules}}});
    let c = compiled(&schema.to_string());
    assert!(c.errors.is_empty(), "CRD errors: {:?}", c.errors);
    let errs = c.validate(&crate::test_support::json_of(&obj("{}")));
    let mut out = Vec::new();
    for e in errs {
        let m = e.to_string();
        let m = m.trim_start_matches("spec: Invalid value: ");
        let m = m.trim_start_matches("\"object\": ");
        // The apiserver words `no such overload…` as a signature mismatch.
        let no_overload = m
            .strip_prefix('\'')
            .and_then(|r| r.split_once("': call arguments did not match a supported operator, function or macro signature for rule: "))
            .map(|(err, rule)| (rule, err));
        match no_overload.or_else(|| m.rsplit_once(" evaluating rule: ").map(|(e, r)| (r, e))) {
            Some((rule, err)) => out.push((rule.to_string(), err.to_string())),
            None => out.push(("?".into(), m.to_string())),
        }
    }
    out
}

fn check(table: &[(&str, &str)]) -> usize {
    let exprs: Vec<&str> = table.iter().map(|(e, _)| *e).collect();
    let got = outcomes(&exprs);
    let want: Vec<(String, String)> = table
        .iter()
        .filter(|(_, err)| !err.is_empty())
        .map(|(e, err)| (e.to_string(), err.to_string()))
        .collect();
    assert_eq!(got, want);
    table.len()
}

/// cel-go ext/strings_test.go (version 2 cases).
const STRINGS: &[(&str, &str)] = &[
    ("'tacocat'.charAt(3) == 'o'", ""),
    ("'tacocat'.charAt(7) == ''", ""),
    (
        "'©αT'.charAt(0) == '©' && '©αT'.charAt(1) == 'α' && '©αT'.charAt(2) == 'T'",
        "",
    ),
    ("'tacocat'.indexOf('') == 0", ""),
    ("'tacocat'.indexOf('ac') == 1", ""),
    ("'tacocat'.indexOf('none') == -1", ""),
    ("'tacocat'.indexOf('', 3) == 3", ""),
    ("'tacocat'.indexOf('a', 3) == 5", ""),
    ("'tacocat'.indexOf('at', 3) == 5", ""),
    ("'ta©o©αT'.indexOf('©') == 2", ""),
    ("'ta©o©αT'.indexOf('©', 3) == 4", ""),
    ("'ta©o©αT'.indexOf('©αT', 3) == 4", ""),
    ("'ta©o©αT'.indexOf('©α', 5) == -1", ""),
    ("'ijk'.indexOf('k') == 2", ""),
    ("'hello wello'.indexOf('hello wello') == 0", ""),
    ("'hello wello'.indexOf('ello', 6) == 7", ""),
    ("'hello wello'.indexOf('elbo room!!') == -1", ""),
    ("'hello wello'.indexOf('elbo room!!!') == -1", ""),
    ("''.lastIndexOf('@@') == -1", ""),
    ("'tacocat'.lastIndexOf('') == 7", ""),
    ("'tacocat'.lastIndexOf('at') == 5", ""),
    ("'tacocat'.lastIndexOf('none') == -1", ""),
    ("'tacocat'.lastIndexOf('', 3) == 3", ""),
    ("'tacocat'.lastIndexOf('a', 3) == 1", ""),
    ("'ta©o©αT'.lastIndexOf('©') == 4", ""),
    ("'ta©o©αT'.lastIndexOf('©', 3) == 2", ""),
    ("'ta©o©αT'.lastIndexOf('©α', 4) == 4", ""),
    ("'hello wello'.lastIndexOf('ello', 6) == 1", ""),
    ("'hello wello'.lastIndexOf('low') == -1", ""),
    ("'hello wello'.lastIndexOf('elbo room!!') == -1", ""),
    ("'hello wello'.lastIndexOf('elbo room!!!') == -1", ""),
    ("'hello wello'.lastIndexOf('hello wello') == 0", ""),
    ("'bananananana'.lastIndexOf('nana', 7) == 6", ""),
    ("\"tacocat\".substring(4) == \"cat\"", ""),
    ("\"tacocat\".substring(7) == \"\"", ""),
    ("\"tacocat\".substring(0, 4) == \"taco\"", ""),
    ("\"tacocat\".substring(4, 4) == \"\"", ""),
    ("'ta©o©αT'.substring(2, 6) == \"©o©α\"", ""),
    ("'ta©o©αT'.substring(7, 7) == \"\"", ""),
    ("'tacocat'.charAt(30) == ''", "index out of range: 30"),
    ("'tacocat'.indexOf('a', 30) == -1", ""),
    (
        "'tacocat'.lastIndexOf('a', -1) == -1",
        "index out of range: -1",
    ),
    ("'tacocat'.lastIndexOf('a', 30) == -1", ""),
    (
        "\"tacocat\".substring(40) == \"cat\"",
        "index out of range: 40",
    ),
    (
        "\"tacocat\".substring(-1) == \"cat\"",
        "index out of range: -1",
    ),
    (
        "\"tacocat\".substring(1, 50) == \"cat\"",
        "index out of range: 50",
    ),
    (
        "\"tacocat\".substring(49, 50) == \"cat\"",
        "index out of range: 49",
    ),
    (
        "\"tacocat\".substring(4, 3) == \"\"",
        "invalid substring range. start: 4, end: 3",
    ),
];

/// cel-go ext/strings_test.go format cases (version 2 formatting, en_US). Its error cases run
/// with the compile-time check skipped; in the apiserver that check refuses a literal format
/// string or argument that fails (`types.rs`), so here they are reached through `dyn`.
const FORMAT: &[(&str, &str)] = &[
    ("'%s %s'.format(['hello', 'world']) == 'hello world'", ""),
    ("'%d'.format([42]) == '42'", ""),
    ("'%x'.format([30]) == '1e'", ""),
    ("'%X'.format([30]) == '1E'", ""),
    ("'%o'.format([11]) == '13'", ""),
    ("'%b'.format([5]) == '101'", ""),
    ("'%b'.format([true]) == '1'", ""),
    (
        "'%x'.format(['Hello world!']) == '48656c6c6f20776f726c6421'",
        "",
    ),
    ("'%.3f'.format([1.2345]) == '1.234'", ""),
    ("'%f'.format([2.5]) == '2.500000'", ""),
    ("'%.2f'.format([1234567.891]) == '1,234,567.89'", ""),
    ("'%s'.format([[1, 2, 3]]) == '[1, 2, 3]'", ""),
    ("'%s'.format([['a', 'b']]) == '[\"a\", \"b\"]'", ""),
    (
        "'%s'.format([{'b': 2, 'a': 1}]) == '{\"a\":1, \"b\":2}'",
        "",
    ),
    ("'%s'.format([[1.5]]) == '[1.500000]'", ""),
    ("'%s'.format([2.0]) == '2'", ""),
    ("'%s'.format([1e21]) == '1e+21'", ""),
    // Go's strconv.FormatFloat and %.6f spell the specials NaN, +Inf, -Inf; a list quotes them.
    ("'%s'.format([1.0/0.0]) == '+Inf'", ""),
    (
        "'%s'.format([[-1.0/0.0, 0.0/0.0]]) == '[\"-Inf\", \"NaN\"]'",
        "",
    ),
    (
        "string(1.0/0.0) == '+Inf' && string(-1.0/0.0) == '-Inf'",
        "",
    ),
    (
        "string(0.0/0.0) == 'NaN' && string(1.5e-7) == '1.5e-07'",
        "",
    ),
    ("'%s'.format([null]) == 'null'", ""),
    ("'%s'.format([duration('1h')]) == '3600s'", ""),
    (
        "'%s'.format([timestamp('2024-03-01T12:00:00.5Z')]) == '2024-03-01T12:00:00.5Z'",
        "",
    ),
    (
        "'%s'.format([[duration('1s')]]) == '[duration(\"1s\")]'",
        "",
    ),
    ("'%%'.format([]) == '%'", ""),
    (
        "'%d'.format([dyn('a')]) == ''",
        "error during formatting: decimal clause can only be used on integers, was given string",
    ),
    (
        "'%f'.format([dyn(1)]) == ''",
        "error during formatting: fixed-point clause can only be used on doubles, was given int",
    ),
    ("dyn('%s %s').format(['a']) == ''", "index 1 out of range"),
    (
        "dyn('%z').format([1]) == ''",
        "could not parse formatting clause: unrecognized formatting clause \"z\"",
    ),
];

/// pkg/cel/library semver, quantity, IP/CIDR and format tests.
const KUBERNETES: &[(&str, &str)] = &[
    ("semver('1.2.3').major() == 1", ""),
    ("semver('1.2.3').isGreaterThan(semver('1.2.2'))", ""),
    ("semver('1.2.3-alpha').isLessThan(semver('1.2.3'))", ""),
    ("semver('1.2.3-alpha.1').compareTo(semver('1.2.3-alpha.beta')) == -1", ""),
    ("semver('1.2.3+build') == semver('1.2.3')", ""),
    ("semver('v1.2', true) == semver('1.2.0')", ""),
    ("semver('01.2.3', true) == semver('1.2.3')", ""),
    ("!isSemver('1.2')", ""),
    ("semver('1.2') == semver('1.2.0')", "No Major.Minor.Patch elements found"),
    ("semver('v1.2.3') == semver('1.2.3')", "Invalid character(s) found in major number \"v1\""),
    ("semver('01.2.3') == semver('1.2.3')", "Major number must not contain leading zeroes \"01\""),
    ("semver('1.2.3-') == semver('1.2.3')", "Prerelease is empty"),
    ("quantity('1Ki') == quantity('1024')", ""),
    ("quantity('1.5').isGreaterThan(quantity('1'))", ""),
    ("quantity('500m').add(quantity('500m')) == quantity('1')", ""),
    ("quantity('10').sub(3) == quantity('7')", ""),
    ("quantity('1k').asInteger() == 1000", ""),
    ("!quantity('1.5').isInteger()", ""),
    ("quantity('1.5').asApproximateFloat() == 1.5", ""),
    ("isQuantity('1e3') && !isQuantity('1Gb')", ""),
    ("quantity('1.5').asInteger() == 1", "cannot convert value to integer"),
    (
        "quantity('abc') == quantity('1')",
        "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
    ),
    ("quantity('1iK') == quantity('1')", "unable to parse quantity's suffix"),
    ("ip('10.0.0.1').family() == 4", ""),
    ("ip('::1').isLoopback()", ""),
    ("ip('fe80::1').isLinkLocalUnicast()", ""),
    ("ip('224.0.0.1').isLinkLocalMulticast()", ""),
    ("ip('192.168.0.1').isGlobalUnicast()", ""),
    ("ip.isCanonical('2001:db8::1') && !ip.isCanonical('2001:DB8::1')", ""),
    ("cidr('10.0.0.0/8').containsIP('10.1.2.3')", ""),
    ("cidr('10.0.0.0/8').containsCIDR('10.1.0.0/16')", ""),
    ("!cidr('10.1.0.0/16').containsCIDR('10.0.0.0/8')", ""),
    ("string(cidr('10.1.2.3/8').masked()) == '10.0.0.0/8'", ""),
    ("cidr('10.0.0.0/8').prefixLength() == 8", ""),
    ("string(cidr('2001:db8::1/32').ip()) == '2001:db8::1'", ""),
    (
        "ip('1.2.3') == ip('1.2.3.4')",
        "IP Address \"1.2.3\" parse error during conversion from string: ParseAddr(\"1.2.3\"): IPv4 address too short",
    ),
    ("ip('fe80::1%eth0') == ip('::1')", "IP address \"fe80::1%eth0\" with zone value is not allowed"),
    ("ip('::ffff:1.2.3.4') == ip('::1')", "IPv4-mapped IPv6 address \"::ffff:1.2.3.4\" is not allowed"),
    (
        "cidr('10.0.0.0/33') == cidr('10.0.0.0/8')",
        "network address parse error during conversion from string: network address parse error during conversion from string: netip.ParsePrefix(\"10.0.0.0/33\"): prefix length out of range",
    ),
    ("format.named('dns1123Label').hasValue() && !format.named('x').hasValue()", ""),
    ("!format.dns1123Label().validate('my-name').hasValue()", ""),
    ("format.uuid().validate('x').value() == ['does not match the UUID format']", ""),
    ("format.byte().validate('a').value() == ['invalid base64']", ""),
    ("format.date().validate('2024-13-01').value() == ['invalid date']", ""),
    ("format.named('x').value().validate('a').hasValue()", "optional.none() dereference"),
];

/// cel-go's `interpreter_test.go` (timestamp_methods, at 1970-01-01T02:05:06.001Z) and
/// `common/types` timestamp, duration and uint operator tests (overflow texts), the time zone
/// forms of `timeZone` (IANA names, `[+-]hh:mm` of any size), and the optional library's
/// short-circuiting `orValue`.
const TIME: &[(&str, &str)] = &[
    ("timestamp('1970-01-01T02:05:06.001Z').getFullYear() == 1970 && timestamp('1970-01-01T02:05:06.001Z').getMonth() == 0 && timestamp('1970-01-01T02:05:06.001Z').getDayOfYear() == 0 && timestamp('1970-01-01T02:05:06.001Z').getDayOfMonth() == 0 && timestamp('1970-01-01T02:05:06.001Z').getDate() == 1 && timestamp('1970-01-01T02:05:06.001Z').getDayOfWeek() == 4 && timestamp('1970-01-01T02:05:06.001Z').getHours() == 2 && timestamp('1970-01-01T02:05:06.001Z').getMinutes() == 5 && timestamp('1970-01-01T02:05:06.001Z').getSeconds() == 6 && timestamp('1970-01-01T02:05:06.001Z').getMilliseconds() == 1", ""),
    ("timestamp('1970-01-01T02:05:06.001Z').getFullYear('-07:30') == 1969 && timestamp('1970-01-01T02:05:06.001Z').getDayOfYear('-07:30') == 364 && timestamp('1970-01-01T02:05:06.001Z').getMonth('-07:30') == 11 && timestamp('1970-01-01T02:05:06.001Z').getDayOfMonth('-07:30') == 30 && timestamp('1970-01-01T02:05:06.001Z').getDate('-07:30') == 31 && timestamp('1970-01-01T02:05:06.001Z').getDayOfWeek('-07:30') == 3 && timestamp('1970-01-01T02:05:06.001Z').getHours('-07:30') == 18 && timestamp('1970-01-01T02:05:06.001Z').getMinutes('-07:30') == 35 && timestamp('1970-01-01T02:05:06.001Z').getSeconds('-07:30') == 6 && timestamp('1970-01-01T02:05:06.001Z').getMilliseconds('-07:30') == 1", ""),
    ("timestamp('1970-01-01T02:05:06.001Z').getFullYear('23:15') == 1970 && timestamp('1970-01-01T02:05:06.001Z').getDayOfYear('23:15') == 1 && timestamp('1970-01-01T02:05:06.001Z').getMonth('23:15') == 0 && timestamp('1970-01-01T02:05:06.001Z').getDayOfMonth('23:15') == 1 && timestamp('1970-01-01T02:05:06.001Z').getDate('23:15') == 2 && timestamp('1970-01-01T02:05:06.001Z').getDayOfWeek('23:15') == 5 && timestamp('1970-01-01T02:05:06.001Z').getHours('23:15') == 1 && timestamp('1970-01-01T02:05:06.001Z').getMinutes('23:15') == 20", ""),
    ("timestamp('2024-03-03T23:30:00-05:00').getDayOfMonth() == 2 && timestamp('2024-03-03T23:30:00-05:00').getDayOfMonth('') == 3 && timestamp('2024-03-03T23:30:00-05:00').getDate('25:00') == 5", ""),
    ("timestamp('2024-06-15T12:00:00Z').getHours('America/New_York') == 8 && timestamp('2024-01-15T12:00:00Z').getHours('America/New_York') == 7 && timestamp('2024-06-15T12:00:00Z').getMinutes('Asia/Kolkata') == 30", ""),
    ("timestamp('2024-06-15T12:00:00Z').getHours('utc') == 12", "unknown time zone utc"),
    ("timestamp('2024-06-15T12:00:00Z').getHours('Invalid/Zone') == 12", "unknown time zone Invalid/Zone"),
    ("timestamp('2024-06-15T12:00:00Z').getHours('x:00') == 12", "strconv.Atoi: parsing \"x\": invalid syntax"),
    ("timestamp('1970-01-01T00:58:26Z') + duration('3599.999s') == timestamp('1970-01-01T01:58:25.999Z')", ""),
    ("timestamp('1970-01-01T00:58:26Z') + duration('3600.000000001s') == timestamp('1970-01-01T01:58:26.000000001Z')", ""),
    ("timestamp('1970-01-01T00:00:01.000000001Z') + duration('-0.999999999s') == timestamp('1970-01-01T00:00:00.000000002Z')", ""),
    ("timestamp('9999-12-31T23:59:59Z') + duration('1s') > timestamp('2024-01-01T00:00:00Z')", "timestamp overflow"),
    ("timestamp('0001-01-01T00:00:00Z') - duration('1ns') < timestamp('2024-01-01T00:00:00Z')", "timestamp overflow"),
    ("timestamp('9999-12-31T23:59:59Z') - timestamp('0001-01-01T00:00:00Z') > duration('0s')", "integer overflow"),
    ("duration('2562047h47m16.854775807s') + duration('1ns') > duration('0s')", "integer overflow"),
    ("duration('2562047h47m16.854775807s') + duration('1s') > duration('0s')", "integer overflow"),
    ("duration('-2562047h47m16.854775808s') + duration('-1s') < duration('0s')", "integer overflow"),
    ("duration('2562047h47m16.854775807s') - duration('-1ns') > duration('0s')", "integer overflow"),
    ("duration('-2562047h47m16.854775808s') - duration('1ns') < duration('0s')", "integer overflow"),
    ("duration('1h') + duration('1h') == duration('2h') && duration('1h') - duration('1h') == duration('0s')", ""),
    ("duration('25h').getHours() == 25 && duration('1.5s').getMilliseconds() == 1500", ""),
    ("18446744073709551615u + 1u > 0u", "unsigned integer overflow"),
    ("0u - 1u > 0u", "unsigned integer overflow"),
    ("optional.of(1).orValue(1 / 0) == 1", ""),
    ("optional.none().orValue(1 / 0) == 1", "division by zero"),
    // The quantity library's examples (apiserver `library/quantity.go`) and apimachinery's two
    // forms of an amount: only the fast form at a scale >= 0 is an integer.
    ("!quantity('1.0').isInteger() && !quantity('1Ei').isInteger() && quantity('1Ki').asInteger() == 1024 && quantity('50k').asInteger() == 50000", ""),
    ("quantity('1.5Ki').asInteger() == 1536", "cannot convert value to integer"),
    ("quantity('8Ei').isLessThan(quantity('9223372036854775808'))", ""),
    ("quantity('9999999999999999999999999999999999999G').isGreaterThan(quantity('8Ei')) && !quantity('9999999999999999999999999999999999999G').isInteger()", ""),
    ("quantity('50k').add(quantity('20k')) == quantity('70k') && quantity('50k').add(20) == quantity('50020') && quantity('50k').sub(20000).asApproximateFloat() == 30000.0", ""),
];

/// Calls as cel-go's planner binds them (`decls.FunctionDecl.Bindings`): a call the checker
/// resolved to one overload runs that overload behind its type guard; a call on `dyn` runs the
/// function's dynamic dispatch, the first overload in declaration order whose guard takes the
/// operands (a list's guard looks at its first element only), `no such overload: f(types)` when
/// none does (`MaybeNoSuchOverload`); the optional library's `or` and `orValue` give back a
/// receiver that is not an optional.
const DISPATCH: &[(&str, &str)] = &[
    ("dyn([1.5, 2.5]).sum() == 4.0", ""),
    ("type(dyn([]).sum()) == int", ""),
    ("type([1.5].filter(x, x > 2.0).sum()) == double", ""),
    ("type([duration('1s')].filter(x, x > duration('2s')).sum()) == google.protobuf.Duration", ""),
    ("dyn([1u, 2u]).max() == 2u && dyn(['b', 'a']).isSorted() == false", ""),
    ("[dyn(1), dyn('a')].isSorted()", ""),
    ("dyn([{}]).isSorted()", "no such overload: isSorted(list)"),
    ("dyn([1, 2]).indexOf(2) == 1 && dyn('abc').indexOf('c') == 2", ""),
    ("dyn(quantity('1k')).isGreaterThan(dyn(quantity('1'))) && dyn(semver('1.2.3')).compareTo(dyn(semver('1.2.4'))) == -1", ""),
    ("dyn(cidr('10.0.0.0/8')).ip() == ip('10.0.0.0')", ""),
    ("dyn(1).lowerAscii() == 'a'", "no such overload: lowerAscii(int)"),
    ("dyn(quantity('1')).compareTo(dyn(semver('1.2.3'))) == 0", "no such overload: compareTo(kubernetes.Quantity, kubernetes.Semver)"),
    ("dyn(1).startsWith('a')", "no such overload"),
    ("int(dyn(2.5)) == 2 && string(dyn(b'a')) == 'a' && double(dyn('1.5')) == 1.5", ""),
    ("int(dyn(self == self)) == 1", "no such overload: int(bool)"),
    // A singleton whose first operand lacks the trait it asks for (`traits.SizerType`).
    ("size(dyn(self == self)) == 1", "no such overload: size"),
    ("dyn(dyn(1).or(optional.none())) == 1 && dyn(1).orValue(2) == 1", ""),
];

#[test]
fn calls_are_bound_as_cel_go_binds_them() {
    assert_eq!(check(DISPATCH), 17);
}

#[test]
fn upstream_tables_pass() {
    let n = check(STRINGS) + check(FORMAT) + check(KUBERNETES) + check(TIME);
    assert_eq!(n, 153);
}

/// The type names of library values: `type(x)` of an IP or a CIDR is the value `net.IP` or
/// `net.CIDR` names (the type the provider's `FindIdent` gives, which cel-go's planner makes a
/// constant), so `==` compares them as types; likewise `optional_type` and the standard
/// library's `google.protobuf.Duration`/`Timestamp`. A qualified name is the type even where
/// its first part is a variable, and a variable whose type is a type is planned as the type
/// its name names (cel-go's `planCheckedIdent` looks up the name).
const TYPE_NAMES: &[(&str, &str)] = &[
    ("type(ip('1.2.3.4')) == net.IP", ""),
    ("type(ip('2001:db8::68')) == net.IP", ""),
    ("type(cidr('10.0.0.0/8')) == net.CIDR", ""),
    ("type(cidr('10.0.0.0/8').ip()) == net.IP", ""),
    ("type(cidr('10.0.0.0/8').masked()) == net.CIDR", ""),
    (
        "type(ip('1.2.3.4')) != net.CIDR && type(cidr('::/0')) != net.IP",
        "",
    ),
    ("!(net.IP == net.CIDR)", ""),
    ("net.IP == .net.IP && type(net.CIDR) == type", ""),
    ("[net.IP] == [net.IP] && [net.CIDR] != [net.IP]", ""),
    (
        "'%s'.format([net.IP]) == 'net.IP' && '%s'.format([type(cidr('::/0'))]) == 'net.CIDR'",
        "",
    ),
    ("[{'IP': 1}].all(net, net.IP == type(ip('1.2.3.4')))", ""),
    ("type(duration('1s')) == google.protobuf.Duration", ""),
    (
        "type(timestamp('2020-01-01T00:00:00Z')) == google.protobuf.Timestamp",
        "",
    ),
    (
        "type(optional.of(1)) == optional_type && type(optional.none()) == optional_type",
        "",
    ),
    ("[string].all(int, int != string)", ""),
];

#[test]
fn type_names_compare_as_types() {
    assert_eq!(check(TYPE_NAMES), 15);
}
