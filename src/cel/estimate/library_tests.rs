//! Expressions on literals and their exact estimated `[min, max]` cost ranges: the Kubernetes
//! libraries' (k8s.io/apiserver `pkg/cel/library` cost tests, where strings and bytes of
//! unknown size are taken as up to 12 long) and cel-go's own (`checker` cost tests, where only
//! bytes are).

use super::walk::{Sizer, Walker};
use crate::cel::decl::decl_of;
use crate::cel::rule::parse;
use crate::schema::convert::convert;
use crate::test_support::json_of;

/// `expression | min | max`.
const CASES: &str = r#"
[1, 2, 3, 4, 5].sum() | 15 | 15
[uint(1), uint(2), uint(3), uint(4), uint(5)].sum() | 20 | 20
[1.0, 2.0, 3.0, 4.0, 5.0].sum() | 15 | 15
[duration('1s'), duration('2s'), duration('3s'), duration('4s'), duration('5s')].sum() | 20 | 20
[1, 2, 3, 4, 5].isSorted() | 15 | 15
[uint(1), uint(2), uint(3), uint(4), uint(5)].max() | 20 | 20
[false, true, false, true, false].min() | 15 | 15
['012345678901', '012345678901', '012345678901', '012345678901', '012345678901'].isSorted() | 15 | 25
['012345678901', '012345678901', '012345678901', '012345678901', '012345678901'].max() | 15 | 25
[bytes('012345678901'), bytes('012345678901'), bytes('012345678901'), bytes('012345678901'), bytes('012345678901')].min() | 25 | 35
[timestamp('2011-01-01T00:00:00.000+01:00'), timestamp('2011-01-02T00:00:00.000+01:00'), timestamp('2011-01-03T00:00:00.000+01:00'), timestamp('2011-01-04T00:00:00.000+01:00'), timestamp('2011-01-05T00:00:00.000+01:00')].isSorted() | 20 | 20
[1, 2, 3, 4, 5].indexOf(3) | 15 | 15
[uint(1), uint(2), uint(3), uint(4), uint(5)].lastIndexOf(uint(3)) | 21 | 21
['012345678901', '012345678901', '012345678901', '012345678901', '012345678901'].indexOf('x') | 15 | 25
[bytes('012345678901'), bytes('012345678901'), bytes('012345678901'), bytes('012345678901'), bytes('012345678901')].lastIndexOf(bytes('x')) | 26 | 36
[duration('1s'), duration('2s'), duration('3s'), duration('4s'), duration('5s')].indexOf(duration('3s')) | 21 | 21
'01234567890123456789012345678901234567890123456789'.indexOf('123') | 5 | 5
'01234567890123456789012345678901234567890123456789'.lastIndexOf('123') | 5 | 5
url('https:://kubernetes.io/').getScheme() | 4 | 4
url('https:://kubernetes.io/').getQuery() | 4 | 4
url('https:://kubernetes.io/') == url('https:://kubernetes.io/') | 7 | 9
url('https:://kubernetes.io/') == url('http://x.b') | 5 | 5
ip('192.168.0.1') | 2 | 2
ip('2001:db8:3333:4444:5555:6666:7777:8888') | 4 | 4
ip('192.168.0.1').family() | 3 | 3
ip('2001:db8:3333:4444:5555:6666:7777:8888').isGlobalUnicast() | 5 | 5
ip('192.168.0.1') == ip('192.168.0.1') | 5 | 5
ip.isCanonical('192.168.0.1') | 3 | 3
ip.isCanonical('2001:db8:3333:4444:5555:6666:7777:8888') | 8 | 8
cidr('192.168.0.0/16') | 2 | 2
cidr('192.168.0.0/16').ip() | 3 | 3
cidr('2001:db8::/32').masked() | 3 | 3
cidr('2001:db8::/32') == cidr('2001:db8::/32') | 5 | 5
cidr('192.168.0.0/16').containsCIDR(cidr('192.0.0.0/30')) | 7 | 11
cidr('192.168.0.0/16').containsCIDR('192.168.0.0/16') | 7 | 11
cidr('192.168.0.0/16').containsIP(ip('192.0.0.1')) | 4 | 7
cidr('192.168.0.0/16').containsIP('192.169.0.1') | 5 | 8
cidr('2001:db8::/32').containsIP(ip('2001:db8:3333:4444:5555:6666:7777:8888')) | 7 | 10
cidr('2001:db8::/32').containsIP('2001:db8::1') | 5 | 8
'ABCDEFGHIJ abcdefghij'.lowerAscii() | 3 | 3
'ABCDEFGHIJ abcdefghij'.lowerAscii() == 'abcdefghij ABCDEFGHIJ'.lowerAscii() | 7 | 9
'ABCDEFGHIJ abcdefghij'.upperAscii() == 'abcdefghij ABCDEFGHIJ'.upperAscii() | 7 | 9
strings.quote('ABCDEFGHIJ abcdefghij') | 3 | 3
strings.quote('ABCDEFGHIJ abcdefghij') == strings.quote('ABCDEFGHIJ abcdefghij') | 7 | 11
'abc 123 def 123'.replace('123', '456') | 3 | 3
'abc 123 def 123'.replace('', 'x') | 3 | 3
'abc 123 def 123'.replace('123', '456', 1) | 3 | 3
'abc 123 def 123'.split(' ') | 3 | 3
'abc 123 def 123'.split(' ', 1) | 3 | 3
'abc 123 def 123'.substring(5) | 2 | 2
'abc 123 def 123'.substring(5, 8) | 2 | 2
'  abc 123 def 123  '.trim() | 2 | 2
['aa', 'bb', 'cc', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].join(' ') | 11 | 23
['aa', 'bb', 'cc', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].join() | 10 | 22
'abc 123 def 123'.find('123') | 2 | 2
'abc 123 def 123'.findAll('123', 1) | 2 | 2
quantity("12Mi") | 1 | 1
isQuantity("20M") | 1 | 1
quantity("200M") == quantity("200M") | 3 | 3
quantity("200M") == quantity("0.2G") && quantity("0.2G") == quantity("200M") | 3 | 6
quantity("2M") == quantity("0.002G") && quantity("2000k") == quantity("2M") && quantity("0.002G") == quantity("2000k") | 3 | 9
quantity("50M").isLessThan(quantity("50Mi")) | 3 | 3
quantity("200M").compareTo(quantity("0.2G")) > 0 | 4 | 4
quantity("50k").add(quantity("20")) == quantity("50.02k") | 5 | 5
quantity("50k").sub(20) == quantity("49980") | 4 | 4
quantity("50k").add(20).sub(quantity("100k")).asInteger() > 0 | 6 | 6
quantity("50k").add(20).sub(quantity("100k")).sub(-50000).asInteger() > 0 | 7 | 7
quantity("50").isInteger() | 2 | 2
quantity("50.703k").asApproximateFloat() > 0.0 | 3 | 3
format.named("dns1123subdomain") | 1 | 1
format.named("dns1123Label").value().validate("my-name") | 34 | 34
format.named("dns1123Label").value() == format.named("dns1123Label").value() | 5 | 11
sets.contains([], []) | 21 | 21
sets.contains([1], [1, 1]) | 23 | 23
sets.contains([1, 2, 3, 4], [2, 3]) | 29 | 29
sets.contains([[1], [2, 3]], [[2, 3.0]]) | 53 | 53
!sets.contains([1], [1, 2]) | 24 | 24
sets.equivalent([1], [1]) | 23 | 23
sets.equivalent([1, 2, 3], [3u, 2.0, 1]) | 39 | 39
sets.equivalent([[1.0], [2, 3]], [[1], [2, 3.0]]) | 69 | 69
!sets.equivalent([1, 2], [2u, 2, 2.0]) | 34 | 34
sets.intersects([1], [1]) | 22 | 22
sets.intersects([1, 2], [2u, 2, 2.0]) | 27 | 27
sets.intersects([[1], [2, 3]], [[1, 2], [2, 3.0]]) | 65 | 65
semver("1.0.0") | 1 | 1
semver("1234.56789012345.67890123456789") | 4 | 4
isSemver("1234.56789012345.67890123456789") | 4 | 4
semver("1.2.3").major() | 2 | 2
semver("1.0.0").isLessThan(semver("1.1.0")) | 3 | 3
semver("1.0.0").compareTo(semver("1.2.3")) | 3 | 3
{'a': 1, 'b': 2}.all(k, v, v > 0) | 37 | 41
{'a': 1, 'b': 2}.exists(k, v, v > 0) | 39 | 43
{'a': 1, 'b': 2}.existsOne(k, v, v > 0) | 38 | 40
{'a': 1, 'b': 2}.transformMap(k, v, v + 1) | 71 | 71
{'a': 1, 'b': 2}.transformMap(k, v, v < 5, v + 1) | 67 | 75
{'a': 1, 'b': 2}.transformMapEntry(k, v, {k: v + 1}) | 131 | 131
{'a': 1, 'b': 2}.transformMapEntry(k, v, v < 5, {k: v + 1}) | 67 | 135
[1, 2].all(i, v, v > 0) | 17 | 21
[1, 2].exists(i, v, v > 0) | 19 | 23
[1, 2].existsOne(i, v, v > 0) | 18 | 20
[1, 2].transformList(i, v, v + 1) | 49 | 49
[1, 2].transformList(i, v, v < 5, v + 1) | 27 | 53
"#;

/// cel-go's: macros, operators, literal lists and maps, their entry sizes through
/// comprehensions, `type()`, the list extension.
const CEL_GO_CASES: &str = r#"
"Hello World!" | 0 | 0
[1, 2, 3] | 10 | 10
{"a": 1, "b": 2, "c": 3} | 30 | 30
[1, 2, 3].all(x, true) | 20 | 20
'123'.matches('[0-9]') | 2 | 2
true || false | 0 | 0
true && false | 0 | 0
1 < 2 | 1 | 1
2 >= 1 | 1 | 1
1 == 2 | 1 | 1
2 in [1, 2, 3] | 13 | 13
1 + 1 | 1 | 1
1 % 1 | 1 | 1
true ? 1 : 2 | 0 | 0
size("123") | 1 | 1
size(b"123") | 1 | 1
string(1) | 1 | 1
((5 != 6) == (1 == 2)) == ((3 <= 4) == (9 != 9)) | 7 | 7
[1,2,3,4,5].filter(x, x % 2 == 0) | 41 | 101
[1,2,3,4,5].map(x, x) | 86 | 86
[1,2,3,4,5].map(x, x).filter(x, x % 2 == 0) | 117 | 177
[1,2,3,4,5].map(x, x).exists(x, x == 5) == true | 108 | 118
[1,2,3,4,5].map(x, x).map(x, x) | 162 | 162
[1,2,3,4,5].map(x, x)[4] | 87 | 87
[[1,2],[1,2],[1,2],[1,2],[1,2]][4] | 61 | 61
{'a': [1,2], 'b': [1,2], 'c': [1,2], 'd': [1,2], 'e': [1,2]}.b | 81 | 81
[[1, 1], [2, 2], [3, 3], [4, 4], [5, 5]].all(y, y.all(y, y == 1)) | 76 | 136
[1,2,3,4,5].map(x, [x, x]).all(y, y.all(y, y == 1)) | 157 | 217
["a", "ab", "abc", "abcd", "abcde"].map(x, [x, x]).all(y, y.all(y, y.startsWith('a'))) | 157 | 217
[1,2,3,4,5].map(x, x).map(x, x) + [1] | 173 | 173
[1,2,3].all(i, i in [1,2,3].map(j, j + j)) | 20 | 230
dyn([1,2,3]).all(i, i in dyn([1,2,3]).map(j, j + j)) | 21 | 234
{'hello': 'hi'}['hello'] != {'hello': 'bye'}['hello'] | 63 | 63
['hello', 'hi'][0] != ['hello', 'bye'][1] | 23 | 23
type(1) | 1 | 1
type(1) == int | 3 | 1844674407370955266
lists.range(4) == [0, 1, 2, 3] | 26 | 26
lists.range(4 / 2) == [0, 1] | 18446744073709551615 | 18446744073709551615
[[1, 2], 3].flatten(1) == [1, 2, 3] | 44 | 44
[[1, 2], 3].flatten(2) == [1, 2, 3] | 46 | 46
[[1, 2], 3].flatten(3) == [1, 2, 3] | 48 | 48
[[1], 2, 3].flatten() == [1, 2, 3] | 45 | 45
[1, 2, 3].distinct() == [1, 2, 3] | 50 | 50
[1, 2, 3].slice(1, 3) == [2, 3] | 34 | 34
[3, 2, 1].reverse() == [1, 2, 3] | 35 | 35
[2, 3, 1].sort() == [1, 2, 3] | 50 | 50
[{'x':4}, {'x':3}].sortBy(m, m['x']) == [{'x':3}, {'x':4}] | 211 | 211
"#;

#[test]
fn library_costs_match_the_apiservers_exactly() {
    assert_eq!(check(CASES, Sizer::Text12), 102);
}

#[test]
fn cel_go_costs_match_exactly() {
    assert_eq!(check(CEL_GO_CASES, Sizer::Bytes12), 47);
}

/// Checks every case of `table`; how many there are.
fn check(table: &str, sizer: Sizer) -> usize {
    let root = convert(&json_of("{type: object}"), "openAPIV3Schema").unwrap();
    let root = decl_of(&root, false).unwrap();
    let mut failed = Vec::new();
    let mut n = 0;
    for line in table.lines().filter(|l| !l.is_empty()) {
        let f: Vec<&str> = line.split(" | ").collect();
        let [expr, min, max] = f[..] else {
            panic!("bad case {line}");
        };
        let want: (u64, u64) = (min.parse().unwrap(), max.parse().unwrap());
        let got = Walker::with_sizer(&root, sizer)
            .expr(&parse(expr).unwrap())
            .cost;
        if (got.min, got.max) != want {
            failed.push(format!("{expr}: got {got:?}, want {want:?}"));
        }
        n += 1;
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
    n
}

/// Type names: a qualified one (`net.IP`) is an identifier once cel-go's checker has resolved
/// it, and `costIdent` prices every identifier at 1, as `int` in `type(1) == int` above.
const TYPE_NAME_CASES: &str = r#"
net.IP | 1 | 1
.net.IP | 1 | 1
google.protobuf.Duration | 1 | 1
net.IP == net.CIDR | 3 | 1844674407370955266
type(1) == net.IP | 3 | 1844674407370955266
"#;

#[test]
fn type_names_cost_as_identifiers() {
    assert_eq!(check(TYPE_NAME_CASES, Sizer::Bytes12), 5);
}
