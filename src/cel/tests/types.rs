//! Type checking of the standard operators, conversions and string functions: what the
//! apiserver refuses at compile time (cel-go's messages and positions), and what it accepts.

use super::{refused, spec};

const PROPS: &str = "{replicas: {type: integer}, name: {type: string, maxLength: 16}, ratio: {type: number}, flag: {type: boolean}, counts: {type: array, maxItems: 10, items: {type: integer}}, labels: {type: object, maxProperties: 10, additionalProperties: {type: string, maxLength: 16}}, ios: {x-kubernetes-int-or-string: true}, d: {type: string, format: duration}, t: {type: string, format: date-time}, o: {type: object, properties: {x: {type: string, maxLength: 16}}}}";

/// The compile error detail of `rule` on spec (`None` when it compiles).
fn error_of(rule: &str) -> Option<String> {
    let rules = format!("[{{rule: {}}}]", serde_json::to_string(rule).unwrap());
    let errs = refused(&spec(PROPS, &rules));
    errs.first().map(|e| {
        let at = e.find("compilation failed: ").expect("a compile error");
        e[at + "compilation failed: ".len()..].to_string()
    })
}

/// cel-go's text: the message at 1-based column `col`, the source and a caret.
fn at(rule: &str, col: usize, msg: &str) -> Option<String> {
    Some(format!(
        "ERROR: <input>:1:{col}: found no matching overload for {msg}\n | {rule}\n | {}^",
        ".".repeat(col - 1)
    ))
}

#[test]
fn mismatched_operands_are_refused_at_the_operator() {
    let cases = [
        (
            "self.replicas + 'x' == 1",
            15,
            "'_+_' applied to '(int, string)'",
        ),
        ("self.name > 5", 11, "'_>_' applied to '(string, int)'"),
        (
            "self.replicas + 1 == self.replicas + 'x'",
            36,
            "'_+_' applied to '(int, string)'",
        ),
        (
            "self.ratio * 2 > 1.0",
            12,
            "'_*_' applied to '(double, int)'",
        ),
        (
            "self.ratio % 2.0 > 1.0",
            12,
            "'_%_' applied to '(double, double)'",
        ),
        (
            "self.name in self.counts",
            11,
            "'@in' applied to '(string, list(int))'",
        ),
        (
            "(self.flag ? 1 : 'a') == 1",
            12,
            "'_?_:_' applied to '(bool, int, string)'",
        ),
        ("-self.name == ''", 1, "'-_' applied to '(string)'"),
        ("!self.replicas", 1, "'!_' applied to '(int)'"),
        (
            "self.t + self.t > self.t",
            8,
            "'_+_' applied to '(timestamp, timestamp)'",
        ),
        (
            "self.labels[1] == 'a'",
            12,
            "'_[_]' applied to '(map(string, string), int)'",
        ),
        (
            "self.counts['a'] == 1",
            12,
            "'_[_]' applied to '(list(int), string)'",
        ),
        (
            "self.counts == ['a']",
            13,
            "'_==_' applied to '(list(int), list(string))'",
        ),
        ("self.name == 1u", 11, "'_==_' applied to '(string, uint)'"),
        (
            "self.d == self.t",
            8,
            "'_==_' applied to '(duration, timestamp)'",
        ),
        // The operator is found past strings, comments and macro expansions.
        (
            "self.name + '+' + 1 == 'a'",
            17,
            "'_+_' applied to '(string, int)'",
        ),
        (
            "self.counts.map(c, c + 'x').size() > 0",
            22,
            "'_+_' applied to '(int, string)'",
        ),
        (
            "self.counts.exists(c, c == 'x') // c == 'x'",
            25,
            "'_==_' applied to '(int, string)'",
        ),
        (
            "self.counts.filter(c, c > 1).all(c, c in ['a'])",
            39,
            "'@in' applied to '(int, list(string))'",
        ),
    ];
    for (rule, col, msg) in cases {
        assert_eq!(error_of(rule), at(rule, col, msg), "{rule}");
    }
}

#[test]
fn calls_are_refused_at_their_parenthesis() {
    let cases = [
        ("size(self.replicas) > 0", 5, "'size' applied to '(int)'"),
        ("self.replicas.size() > 0", 19, "'size' applied to 'int.()'"),
        (
            "self.replicas.startsWith('a')",
            25,
            "'startsWith' applied to 'int.(string)'",
        ),
        (
            "self.name.contains(1)",
            19,
            "'contains' applied to 'string.(int)'",
        ),
        ("int(true) > 0", 4, "'int' applied to '(bool)'"),
        (
            "double(self.d) > 0.0",
            7,
            "'double' applied to '(duration)'",
        ),
        (
            "self.name.matches('a') && self.name.matches(1)",
            44,
            "'matches' applied to 'string.(int)'",
        ),
    ];
    for (rule, col, msg) in cases {
        assert_eq!(error_of(rule), at(rule, col, msg), "{rule}");
    }
}

#[test]
fn well_typed_and_dynamic_rules_are_accepted() {
    let ok = [
        "self.replicas + 1 > 2 && self.replicas > 1.5 && self.ratio < 2 && 1u < self.replicas",
        "self.ios + 1 > 0 || self.ios == 'a' || self.ios.startsWith('x')",
        "dyn(self.name) + 1 == 2",
        "self.d + self.t > self.t && self.t - self.t == self.d && self.d + self.d > self.d",
        "self.counts == [] && self.counts + [1] == [1] && self.labels == {} && 'a' in self.labels",
        "self.o == null || self.o.x.size() > 0 && size(self.counts) >= 0 && size(self.labels) > 0",
        "int(self.name) > 0 && string(self.replicas) != '' && double(self.replicas) > 0.5 && int(self.t) > 0 && string(self.d) != ''",
        "self.counts.map(c, c + 1).exists(c, c > 1) && self.counts.all(c, c % 2 == 0)",
        "(self.flag ? self.replicas : 2) > 1 && (self.flag ? 'a' : self.name).startsWith('a')",
        "self.name.split(',').size() > 1 && self.name.lowerAscii() + 'x' != ''",
        "type(self.replicas) == int && self.counts[0] + 1 == 2 && self.labels['a'] + 'b' == 'ab'",
        "[1, 2].size() == 2 && {'a': 1}['a'] == 1 && [dyn(1), dyn('a')].size() == 2 && [[], [1]].size() == 2",
        "[self.o, self.o].size() == 2 && [[1], []].size() == 2 && {'a': [], 'b': ['x']}.size() == 2 && 'x%sy'.format([[1, 'a']]) != ''",
        "self.replicas == dyn(1.0) && duration('1s') > duration('0s') && timestamp(1) < self.t",
        // `duration(int)` is declared (`int64_to_duration`), though it never evaluates.
        "duration(self.replicas) > self.d || duration(dyn(self.replicas)) == duration('0s')",
    ];
    for rule in ok {
        assert_eq!(error_of(rule), None, "{rule}");
    }
}

#[test]
fn message_expressions_are_checked_too() {
    let s = spec(
        PROPS,
        "[{rule: 'true', messageExpression: \"'x' + self.replicas\"}]",
    );
    let errs = refused(&s);
    assert_eq!(errs.len(), 1);
    assert!(
        errs[0].ends_with("messageExpression compilation failed: ERROR: <input>:1:5: found no matching overload for '_+_' applied to '(string, int)'\n | 'x' + self.replicas\n | ....^"),
        "{errs:?}"
    );
}

/// cel-go's text of another error: `msg` at 1-based column `col`.
fn other_at(rule: &str, col: usize, msg: &str) -> Option<String> {
    Some(format!(
        "ERROR: <input>:1:{col}: {msg}\n | {rule}\n | {}^",
        ".".repeat(col - 1)
    ))
}

#[test]
fn selections_ranges_and_logical_operands() {
    let cases = [
        ("self.o.y == 'a'", 7, "undefined field 'y'"),
        ("self.name.x == 'a'", 10, "type 'string' does not support field selection"),
        ("self.counts.x == 1", 12, "type 'list(int)' does not support field selection"),
        (
            "self.replicas.all(x, x > 0)",
            5,
            "expression of type 'int' cannot be range of a comprehension (must be list, map, or dynamic)",
        ),
        ("self.flag && self.replicas", 18, "expected type 'bool' but found 'int'"),
        ("self.flag || 1", 14, "expected type 'bool' but found 'int'"),
        ("self.name + 'a' || self.flag", 11, "expected type 'bool' but found 'string'"),
    ];
    for (rule, col, msg) in cases {
        assert_eq!(error_of(rule), other_at(rule, col, msg), "{rule}");
    }
    let ok = "self.labels.a == 'x' && self.o.x == 'y' && self.ios.x == 1 && {'a': 1}.a == 1";
    assert_eq!(error_of(ok), None);
    // Each operand that is no bool is an error of its own (cel-go's `resolveOverload` checks
    // every argument of a logical operator before it gives up), a selection at its `.`.
    let rule = "self.replicas && self.name";
    let both = [
        other_at(rule, 5, "expected type 'bool' but found 'int'").unwrap(),
        other_at(rule, 22, "expected type 'bool' but found 'string'").unwrap(),
    ];
    assert_eq!(error_of(rule), Some(both.join("\n")));
}

/// A type variable (`[]`'s elements, a macro's variable over them) is bound for the whole
/// rule the first time it meets a type, as cel-go's checker binds it: a later use that needs
/// another type is refused, where each use typed apart would pass.
#[test]
fn type_variables_are_bound_for_the_whole_rule() {
    let col = |rule: &str, token: &str| rule.find(token).unwrap() + 1;
    let cases = [
        // `x > 1` binds `x` to int (`_>_`'s first overload that takes `(T, int)`).
        (
            "[].all(x, x > 1 && x + 'a' == 'b')",
            " + 'a'",
            "found no matching overload for '_+_' applied to '(int, string)'",
        ),
        (
            "{}.all(k, k > 0 && k.startsWith('a'))",
            "('a')",
            "found no matching overload for 'startsWith' applied to 'int.(string)'",
        ),
        // `map`'s result is a list of its body's type, bound in the body.
        (
            "[].map(x, x + 1).all(y, y + 'a' == 'b')",
            " + 'a'",
            "found no matching overload for '_+_' applied to '(int, string)'",
        ),
        // Operands are checked before their operator: `x > 1` binds `x` to int first.
        (
            "[].all(x, x && x > 1)",
            "x &&",
            "expected type 'bool' but found 'int'",
        ),
    ];
    for (rule, token, msg) in cases {
        let c = col(rule, token) + usize::from(token.starts_with(' '));
        assert_eq!(error_of(rule), other_at(rule, c, msg), "{rule}");
    }
    let ok = [
        // Two literals, two variables.
        "[].all(x, x > 1) && [].all(y, y + 'a' == 'b')",
        // A selection makes the variable `dyn`, which then goes anywhere.
        "[].all(x, x.f == 1 && x + 1 == 2 && x + 'a' == 'b')",
        "[[], [1]].size() == 2 && [optional.none(), optional.of(1)].size() == 2",
    ];
    for rule in ok {
        assert_eq!(error_of(rule), None, "{rule}");
    }
}

#[test]
fn self_of_a_scalar_node_is_typed() {
    let s = "type: object\nproperties:\n  spec:\n    type: object\n    properties:\n      n: {type: integer, x-kubernetes-validations: [{rule: \"self + 'a' == 'b'\"}]}\n      s: {type: string, x-kubernetes-validations: [{rule: 'self.x == 1'}, {rule: 'self.reverse() == self'}, {rule: 'self.startsWith(\"a\") && self + \"b\" != \"\"'}]}\n";
    let errs = refused(s);
    let details: Vec<&str> = errs
        .iter()
        .map(|e| &e[e.find("ERROR").expect("compile error")..])
        .collect();
    assert_eq!(
        details,
        [
            "ERROR: <input>:1:6: found no matching overload for '_+_' applied to '(int, string)'\n | self + 'a' == 'b'\n | .....^",
            "ERROR: <input>:1:5: type 'string' does not support field selection\n | self.x == 1\n | ....^",
            "ERROR: <input>:1:13: found no matching overload for 'reverse' applied to 'string.()'\n | self.reverse() == self\n | ............^",
        ]
    );
}

#[test]
fn an_undeclared_member_function_is_an_undeclared_reference() {
    let rule = "self.counts.foo() == 1";
    assert_eq!(
        error_of(rule),
        other_at(rule, 16, "undeclared reference to 'foo' (in container '')")
    );
}

#[test]
fn an_undeclared_global_function_is_placed_at_its_parenthesis() {
    let rule = "self.flag || nope(1)";
    assert_eq!(
        error_of(rule),
        other_at(rule, 18, "undeclared reference to 'nope' (in container '')")
    );
}

/// An identifier is placed at its own name, not at a call of a function of the same name
/// written before it (the name before a `(` is the call's).
#[test]
fn an_undeclared_identifier_is_placed_at_itself_after_a_call_of_its_name() {
    let cases = [
        ("size(self.name) == size", 20, "size"),
        ("self.name.size() > 0 && size", 25, "size"),
        ("matches (self.name, 'a') || matches", 29, "matches"),
    ];
    for (rule, col, name) in cases {
        let msg = format!("undeclared reference to '{name}' (in container '')");
        assert_eq!(error_of(rule), other_at(rule, col, &msg), "{rule}");
    }
}

#[test]
fn literals_are_homogeneous() {
    let cases = [
        (
            "[1, 'a'].size() == 2",
            5,
            "expected type 'int' but found 'string'",
        ),
        (
            "[self.name, self.replicas].size() == 2",
            17,
            "expected type 'string' but found 'int'",
        ),
        (
            "{'a': 1, 'b': 2.0}.size() == 2",
            15,
            "expected type 'int' but found 'double'",
        ),
        (
            "{'a': 1, 2: 2}.size() == 2",
            10,
            "expected type 'string' but found 'int'",
        ),
        (
            "[[1], ['a']].size() == 2",
            7,
            "expected type 'list(int)' but found 'list(string)'",
        ),
        // Exactly the first element's type (cel-go's `IsEquivalentType`): `dyn` is a type
        // of its own there, and so is `null`.
        (
            "[1, dyn('a')].size() == 2",
            8,
            "expected type 'int' but found 'dyn'",
        ),
        (
            "[self.ios, 1].size() == 2",
            12,
            "expected type 'dyn' but found 'int'",
        ),
        (
            "[duration('1s'), null].size() == 2",
            18,
            "expected type 'duration' but found 'null'",
        ),
        (
            "[self.o, self].size() == 2",
            10,
            "expected type 'selfType0.o' but found 'selfType0'",
        ),
        (
            "[int, string].size() == 2",
            7,
            "expected type 'type(int)' but found 'type(string)'",
        ),
    ];
    for (rule, col, msg) in cases {
        assert_eq!(error_of(rule), other_at(rule, col, msg), "{rule}");
    }
    // A map's every key and value not of the first entry's types, in source order.
    let rule = "{'a': 1, 2: 'b', 'c': 3}.size() == 3";
    let at = |col: usize, msg: &str| {
        format!(
            "ERROR: <input>:1:{col}: {msg}\n | {rule}\n | {}^",
            ".".repeat(col - 1)
        )
    };
    assert_eq!(
        error_of(rule),
        Some(format!(
            "{}\n{}",
            at(10, "expected type 'string' but found 'int'"),
            at(13, "expected type 'int' but found 'string'")
        ))
    );
}

/// Library functions take only their declared argument types (cel-go's overload resolution
/// over every function of the 1.36 environment), and a schema object is an object type of
/// its own, named from `self` (`selfType<N>.o`; the apiserver's `<N>` is a clock reading).
#[test]
fn library_calls_and_objects_are_typed() {
    let cases = [
        (
            "quantity(self.name).isLessThan(1)",
            31,
            "'isLessThan' applied to 'kubernetes.Quantity.(int)'",
        ),
        (
            "self.name.charAt('a') == 'x'",
            17,
            "'charAt' applied to 'string.(string)'",
        ),
        (
            "self.counts.sum() + self.name == 1",
            19,
            "'_+_' applied to '(int, string)'",
        ),
        (
            "self.name.split(',').join(1) == ''",
            26,
            "'join' applied to 'list(string).(int)'",
        ),
        (
            "sets.contains(self.counts, ['a'])",
            14,
            "'sets.contains' applied to '(list(int), list(string))'",
        ),
        (
            "url(self.replicas).getHost() == ''",
            4,
            "'url' applied to '(int)'",
        ),
        (
            "ip(self.name).family() == 'a'",
            24,
            "'_==_' applied to '(int, string)'",
        ),
        (
            "self.o + 1 == 2",
            8,
            "'_+_' applied to '(selfType0.o, int)'",
        ),
        ("size(self.o) > 0", 5, "'size' applied to '(selfType0.o)'"),
        (
            "self.o == self",
            8,
            "'_==_' applied to '(selfType0.o, selfType0)'",
        ),
        (
            "quantity('1').sign() == 1",
            19,
            "'sign' applied to 'kubernetes.Quantity.()'",
        ),
        (
            "self.counts.isSorted() && self.name.isSorted()",
            45,
            "'isSorted' applied to 'string.()'",
        ),
        (
            "optional.of(1).value() + 'a' == ''",
            24,
            "'_+_' applied to '(int, string)'",
        ),
        (
            "self.counts.transformList(i, v, v + 1)[0] == 'a'",
            43,
            "'_==_' applied to '(int, string)'",
        ),
        (
            "self.?o.x.orValue(1) == 1",
            18,
            "'orValue' applied to 'optional_type(string).(int)'",
        ),
        (
            "self.replicas + oldSelf.name > 0",
            15,
            "'_+_' applied to '(int, string)'",
        ),
        ("int + 1 == 2", 5, "'_+_' applied to '(type(int), int)'"),
    ];
    for (rule, col, msg) in cases {
        assert_eq!(error_of(rule), at(rule, col, msg), "{rule}");
    }
    let others = [
        (
            "self.o.all(x, true)",
            5,
            "expression of type 'selfType0.o' cannot be range of a comprehension (must be list, map, or dynamic)",
        ),
        ("self.o && true", 5, "expected type 'bool' but found 'selfType0.o'"),
        (
            "[?self.name] == []",
            7,
            "expected type 'optional_type(string)' but found 'string'",
        ),
    ];
    for (rule, col, msg) in others {
        assert_eq!(error_of(rule), other_at(rule, col, msg), "{rule}");
    }
    let ok = [
        "sign(quantity('1')) == 1 && quantity('1').add(1).isInteger() && self.counts.sum() > 0 && self.counts.max() < 5 && self.counts.indexOf(1) >= 0",
        "self.o == null || self.o == dyn(self) || [self.o].size() == 1 || self.o.x.charAt(0) == 'a'",
        "optional.none().orValue(1) == 1 && self.?o.orValue(self.o).x == 'a' && self.?o.x.orValue('') == ''",
        "self.counts.transformList(i, v, v + 1)[0] == 1 && self.labels.transformMap(k, v, v + 'x')['a'] == 'ax'",
        "optional.of(self.replicas).optMap(r, r + 1).value() == 2 && self.counts.first().orValue(0) == 0",
        "self.name.find('a') == 'a' && self.name.findAll('a', 2).size() == 1 && format.dns1123Label().validate(self.name).hasValue()",
        "ip(self.name).family() == 4 && cidr(self.name).containsIP(ip('1.2.3.4')) && cidr(self.name).containsIP('1.2.3.4') && string(ip(self.name)) == ''",
        "semver(self.name, true).major() == 1 && isSemver(self.name, true) && url(self.name).getQuery()['a'][0] == ''",
        "self.replicas >= oldSelf.replicas && self.o == oldSelf.o",
        "optional.unwrap([optional.of(1)]) == [1] && [optional.none()].unwrapOpt().size() == 0",
        "type(self.replicas) == int && type(self.name) != int && type(self.counts) == list && type(self.labels) == map && type(int) == type",
    ];
    for rule in ok {
        assert_eq!(error_of(rule), None, "{rule}");
    }
    // With `optionalOldSelf`, `oldSelf` is an optional of `self`'s type.
    let s = spec(
        PROPS,
        "[{rule: 'oldSelf.replicas > 1', optionalOldSelf: true}, {rule: 'oldSelf.replicas.orValue(0) > 1', optionalOldSelf: true}]",
    );
    // The rule that does not compile is also refused for its optionalOldSelf: the apiserver
    // sees no use of oldSelf in a rule that did not compile.
    let errs = refused(&s);
    assert_eq!(errs.len(), 2, "{errs:?}");
    assert!(
        errs[0].ends_with(
            "optionalOldSelf: Invalid value: true: may not be set if oldSelf is not used in rule"
        ),
        "{errs:?}"
    );
    assert!(
        errs[1].ends_with("found no matching overload for '_>_' applied to '(optional_type(int), int)'\n | oldSelf.replicas > 1\n | .................^"),
        "{errs:?}"
    );
}

/// The type names a rule may write (cel-go's `LookupIdent`): the standard library's type
/// variables, named by `TypeName()` (`google.protobuf.Duration`, not `duration`), and the types
/// registered with the type provider: `optional_type` and the IP and CIDR libraries' `net.IP`
/// and `net.CIDR` (`cel.Types`; in 1.32 also `cel.Variable`s of the same type). A qualified
/// name is looked up before its selection is checked, even when its first part is a variable.
/// The Kubernetes object types are registered nowhere.
#[test]
fn type_names_are_those_cel_go_looks_up() {
    let ok = [
        "type(ip(self.name)) == net.IP && type(cidr(self.name)) == net.CIDR",
        "net.IP != net.CIDR && type(net.IP) == type && .net.IP == net.IP",
        "type(self.d) == google.protobuf.Duration && type(self.t) == google.protobuf.Timestamp",
        "type(optional.of(1)) == optional_type",
        "self.counts.all(net, net.IP == net.IP)",
        "[net.IP, net.IP].size() == 2 && '%s'.format([net.CIDR]) == 'net.CIDR'",
    ];
    for rule in ok {
        assert_eq!(error_of(rule), None, "{rule}");
    }
    let undeclared = [
        ("type(self.d) == duration", 17, "duration"),
        ("type(duration('1s')) == duration", 25, "duration"),
        ("type(self.t) == timestamp", 17, "timestamp"),
        (
            "type(quantity('1')) == kubernetes.Quantity",
            24,
            "kubernetes",
        ),
        (
            "type(url('https://a.b')) == kubernetes.URL",
            29,
            "kubernetes",
        ),
        (
            "type(semver('1.0.0')) == kubernetes.Semver",
            26,
            "kubernetes",
        ),
        (
            "type(format.named('uuid').value()) == kubernetes.NamedFormat",
            39,
            "kubernetes",
        ),
        ("net == net.IP", 1, "net"),
        ("has(net.IP)", 5, "net"),
    ];
    for (rule, col, name) in undeclared {
        let msg = format!("undeclared reference to '{name}' (in container '')");
        assert_eq!(error_of(rule), other_at(rule, col, &msg), "{rule}");
    }
    let others = [
        (
            "net.IP.x == 1",
            7,
            "type 'type(net.IP)' does not support field selection",
        ),
        (
            "string(type(ip('1.2.3.4'))) == '1.2.3.4'",
            7,
            "found no matching overload for 'string' applied to '(type(net.IP))'",
        ),
        (
            "net.CIDR + 1 == 2",
            10,
            "found no matching overload for '_+_' applied to '(type(net.CIDR), int)'",
        ),
        (
            "net.IP in [net.CIDR, net.IP]",
            25,
            "expected type 'type(net.CIDR)' but found 'type(net.IP)'",
        ),
    ];
    for (rule, col, msg) in others {
        assert_eq!(error_of(rule), other_at(rule, col, msg), "{rule}");
    }
}

/// A type error at a node a macro's expansion made (the `?:` of `exists_one`, `filter` and
/// `map` with a filter) is at the macro's `(`, where cel-go's parser puts the expansion, in
/// either spelling (`existsOne`, `exists_one`); the accumulator has the type of its initial
/// value (cel-go's `checkComprehension`).
#[test]
fn errors_of_a_macros_expansion_are_at_its_parenthesis() {
    let ternary =
        |args: &str| format!("found no matching overload for '_?_:_' applied to '({args})'");
    let cases = [
        ("self.counts.existsOne(x, x)", 22, ternary("int, int, int")),
        ("self.counts.exists_one(x, x)", 23, ternary("int, int, int")),
        (
            "self.counts.existsOne(x, x > 0) || self.counts.existsOne(x, 'a')",
            57,
            ternary("string, int, int"),
        ),
        (
            "self.counts.all(y, self.counts.existsOne(x, y))",
            41,
            ternary("int, int, int"),
        ),
        (
            "self.counts.filter(x, x).size() == 0",
            19,
            ternary("int, list(int), list(int)"),
        ),
        (
            "self.counts.map(x, x, x + 1).size() == 0",
            16,
            ternary("int, list(int), list(int)"),
        ),
    ];
    for (rule, col, msg) in cases {
        assert_eq!(error_of(rule), other_at(rule, col, &msg), "{rule}");
    }
}

/// The predicate of a two-variable `all` and `exists` is an operand of the `&&` or `||` of
/// cel-go's expansion (`ext/comprehensions.go`): a bool, else refused where it stands; that of
/// `existsOne`, and a transform's filter, the condition of the expansion's `?:`, refused at
/// the macro's `(` with the accumulator's types.
#[test]
fn two_variable_predicates_and_filters_are_bools() {
    let others = [
        (
            "self.labels.all(k, v, v)",
            23,
            "expected type 'bool' but found 'string'",
        ),
        (
            "self.labels.exists(k, v, 1)",
            26,
            "expected type 'bool' but found 'int'",
        ),
    ];
    for (rule, col, msg) in others {
        assert_eq!(error_of(rule), other_at(rule, col, msg), "{rule}");
    }
    let ternary =
        |args: &str| format!("found no matching overload for '_?_:_' applied to '({args})'");
    let cases = [
        (
            "self.labels.existsOne(k, v, v)",
            22,
            ternary("string, int, int"),
        ),
        (
            "self.counts.transformList(i, v, v, i).size() == 0",
            26,
            ternary("int, list(int), list(int)"),
        ),
        (
            "self.labels.transformMap(k, v, v, 1).size() == 0",
            25,
            ternary("string, map(string, int), map(string, int)"),
        ),
    ];
    for (rule, col, msg) in cases {
        assert_eq!(error_of(rule), other_at(rule, col, &msg), "{rule}");
    }
    for ok in [
        "self.labels.all(k, v, v == 'a')",
        "self.labels.exists(k, v, dyn(v))",
        "self.counts.existsOne(i, v, v > 1)",
        "self.counts.transformList(i, v, v > 1, i).size() == 0",
        "self.labels.transformMapEntry(k, v, k != 'a', {v: k}).size() == 0",
    ] {
        assert_eq!(error_of(ok), None, "{ok}");
    }
}

/// cel-go's checker keeps the first 100 errors it reports and counts the rest
/// (`common.Errors.maxErrorsToReport`).
#[test]
fn past_100_type_errors_the_rest_are_counted() {
    let terms: Vec<String> = (0..102)
        .map(|_| "self.replicas + 'x' == 1".to_string())
        .collect();
    let rule = terms.join(" && ");
    let err = error_of(&rule).expect("refused");
    assert_eq!(err.matches("ERROR: <input>:1:").count(), 100, "{err:.300}");
    assert!(
        err.ends_with("\n2 more errors were truncated"),
        "{}",
        &err[err.len() - 200..]
    );
    let last = format!("ERROR: <input>:1:{}:", 99 * 28 + 15);
    assert!(err.contains(&last), "the 100th found is the 100th term's");
}

#[test]
fn message_literals_are_looked_up_as_cel_go_looks_them_up() {
    // cel-go's `checkCreateStruct`: the name must be declared, be a type, and be a message's;
    // a field of a name that is no message is an unexpected failed resolution, and an
    // optional field's value must be an optional.
    let text = |rule: &str, issues: &[(usize, &str)]| {
        let mut out = Vec::new();
        for (col, msg) in issues {
            out.push(format!(
                "ERROR: <input>:1:{col}: {msg}\n | {rule}\n | {}^",
                ".".repeat(col - 1)
            ));
        }
        Some(out.join("\n"))
    };
    let cases: [(&str, &[(usize, &str)]); 7] = [
        ("int{}", &[(4, "'int' is not a message type")]),
        // The standard library's `list` is `list(A)` (`stdTypes`), no well-known message.
        ("list{} == []", &[(5, "'list' is not a message type")]),
        (
            "optional_type{} == 1",
            &[(14, "'optional_type' is not a message type")],
        ),
        (
            "Msg{}",
            &[(4, "undeclared reference to 'Msg' (in container '')")],
        ),
        (
            "a.b.Msg{x: 1}",
            &[(8, "undeclared reference to 'a.b.Msg' (in container '')")],
        ),
        (
            "int{a: 1, ?b: 2} == 1",
            &[
                (4, "'int' is not a message type"),
                (6, "unexpected failed resolution of 'int'"),
                (13, "unexpected failed resolution of 'int'"),
                (15, "expected type 'optional_type(int)' but found 'int'"),
            ],
        ),
        ("[1].all(x, x{})", &[(13, "'int' is not a type")]),
    ];
    for (rule, issues) in cases {
        assert_eq!(error_of(rule), text(rule, issues), "{rule}");
    }
}

#[test]
fn a_literal_format_is_checked_when_the_rule_compiles() {
    // cel-go's `stringFormatValidator` (strings version 2): the syntax and the count of
    // arguments at the call's `(`, a clause's type at its argument, literals included.
    let text = |rule: &str, col: usize, msg: &str| {
        Some(format!(
            "ERROR: <input>:1:{col}: {msg}\n | {rule}\n | {}^",
            ".".repeat(col - 1)
        ))
    };
    let cases = [
        (
            "'%d'.format(['a']) == ''",
            14,
            "error during formatting: decimal clause can only be used on integers, was given string",
        ),
        (
            "'%z'.format([1]) == ''",
            12,
            "could not parse formatting clause: unrecognized formatting clause \"z\"",
        ),
        ("'%s %s'.format(['a']) == ''", 15, "index 1 out of range"),
        (
            "'%s'.format(['a', 'b']) == ''",
            12,
            "too many arguments supplied to string.format (expected 1, got 2)",
        ),
    ];
    for (rule, col, msg) in cases {
        assert_eq!(error_of(rule), text(rule, col, msg), "{rule}");
    }
    // A format string or argument known only at run time is checked then.
    assert_eq!(error_of("dyn('%z').format([1]) == ''"), None);
    assert_eq!(error_of("'%d'.format([dyn('a')]) == ''"), None);
}
