//! Set and map lists (`x-kubernetes-list-type: set` / `map`) in rules: order-insensitive `==`,
//! union and merge with `+`, as the apiserver's values of them behave.

use super::{obj, run, spec};

/// Properties: sets `a`, `b` of strings, an atomic list `l`, a map list `m` keyed by `k` (and `w`).
const PROPS: &str = "{a: {type: array, maxItems: 10, x-kubernetes-list-type: set, items: {type: string, maxLength: 16}}, b: {type: array, maxItems: 10, x-kubernetes-list-type: set, items: {type: string, maxLength: 16}}, l: {type: array, maxItems: 10, items: {type: string, maxLength: 16}}, m: {type: array, maxItems: 10, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [k], items: {type: object, required: [k], properties: {k: {type: string, maxLength: 16}, v: {type: integer}}}}, w: {type: array, maxItems: 10, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [k], items: {type: object, required: [k], properties: {k: {type: string, maxLength: 16}, v: {type: integer}}}}}";

/// The messages of `rules` (each `{rule: r, message: r}`) on spec `data`.
fn failing(rules: &[&str], data: &str) -> Vec<String> {
    failing_with(PROPS, rules, data)
}

/// [`failing`] with the properties `props`.
fn failing_with(props: &str, rules: &[&str], data: &str) -> Vec<String> {
    let rules: Vec<String> = rules
        .iter()
        .map(|r| format!("{{rule: \"{r}\", message: \"{r}\"}}"))
        .collect();
    let s = spec(props, &format!("[{}]", rules.join(", ")));
    run(&s, &obj(data))
        .into_iter()
        .map(|m| m.trim_start_matches("spec: Invalid value: ").to_string())
        .collect()
}

#[test]
fn sets_compare_without_order() {
    let rules = [
        "self.a == self.b",
        "self.a == ['q', 'p']",
        "!(self.a != self.b)",
        "self.a != ['p', 'r']",
        "self.a != ['p']",
    ];
    assert!(failing(&rules, "{a: [p, q], b: [q, p]}").is_empty());
    assert_eq!(
        failing(&rules[..3], "{a: [p, q], b: [p, r]}"),
        ["!(self.a != self.b)", "self.a == self.b"]
    );
}

#[test]
fn set_equality_is_the_apiservers_one_sided_check() {
    // Sizes equal and every right element in the left set: duplicates on the right pass.
    assert!(failing(&["self.a == ['p', 'p']"], "{a: [p, q]}").is_empty());
    assert_eq!(
        failing(&["self.a == ['p', 'q', 'q']"], "{a: [p, q]}"),
        ["self.a == ['p', 'q', 'q']"]
    );
    // A literal on the left compares in order, as any CEL list.
    assert_eq!(
        failing(&["['q', 'p'] == self.a"], "{a: [p, q]}"),
        ["['q', 'p'] == self.a"]
    );
}

#[test]
fn atomic_lists_keep_their_order() {
    assert_eq!(
        failing(
            &["self.l == ['q', 'p']", "self.l == ['p', 'q']"],
            "{l: [p, q]}"
        ),
        ["self.l == ['q', 'p']"]
    );
}

#[test]
fn set_plus_is_a_union_in_order() {
    let rules = [
        "(self.a + ['q', 'r', 'r']).map(e, e) == ['p', 'q', 'r']",
        "(self.a + self.b).map(e, e) == ['p', 'q', 'r']",
        "(self.l + ['q']).map(e, e) == ['p', 'q', 'q']",
        "self.a + ['r'] == ['r', 'q', 'p']",
    ];
    assert!(failing(&rules, "{a: [p, q], b: [r, p], l: [p, q]}").is_empty());
}

#[test]
fn map_lists_compare_by_keys() {
    // Two fields are two object types for cel-go (`selfType<N>.m.@idx`, `….w.@idx`): one
    // side is `dyn` for the rule to compile.
    let rules = ["self.m == dyn(self.w)"];
    assert!(failing(
        &rules,
        "{m: [{k: a, v: 1}, {k: b, v: 2}], w: [{k: b, v: 2}, {k: a, v: 1}]}"
    )
    .is_empty());
    assert_eq!(
        failing(
            &rules,
            "{m: [{k: a, v: 1}, {k: b, v: 2}], w: [{k: b, v: 3}, {k: a, v: 1}]}"
        ),
        rules
    );
    assert_eq!(
        failing(
            &rules,
            "{m: [{k: a, v: 1}, {k: b}], w: [{k: b, v: 2}, {k: a, v: 1}]}"
        ),
        rules
    );
}

#[test]
fn map_list_plus_merges_by_keys() {
    let rules = [
        "(self.m + dyn(self.w)).map(e, e.k) == ['a', 'b', 'c'] && (self.m + dyn(self.w)).map(e, e.v) == [1, 3, 4]",
        "(self.w + dyn(self.m)).map(e, e.k) == ['b', 'c', 'a'] && (self.w + dyn(self.m)).map(e, e.v) == [2, 4, 1]",
        "size(self.m + self.m) == 2",
    ];
    assert!(failing(
        &rules,
        "{m: [{k: a, v: 1}, {k: b, v: 2}], w: [{k: b, v: 3}, {k: c, v: 4}]}"
    )
    .is_empty());
}

#[test]
fn in_size_index_and_macros_are_plain() {
    let rules = [
        "'q' in self.a && !('r' in self.a)",
        "size(self.a) == 2 && self.a.size() == 2",
        "self.a[0] == 'p' && self.a[1] == 'q'",
        "self.a.all(e, e != 'r') && self.a.exists(e, e == 'q') && self.a.exists_one(e, e == 'p')",
        "self.a.map(e, e + '!') == ['p!', 'q!'] && self.a.filter(e, e == 'q') == ['q']",
        "self.m[1].k == 'b' && self.m.exists(e, e.v == 2)",
    ];
    assert!(failing(&rules, "{a: [p, q], m: [{k: a, v: 1}, {k: b, v: 2}]}").is_empty());
}

#[test]
fn nested_sets_compare_without_order() {
    let props = "{o: {type: object, properties: {tags: {type: array, maxItems: 10, x-kubernetes-list-type: set, items: {type: string, maxLength: 16}}, c: {type: integer}}}, p: {type: object, properties: {tags: {type: array, maxItems: 10, x-kubernetes-list-type: set, items: {type: string, maxLength: 16}}, c: {type: integer}}}, ls: {type: array, maxItems: 10, items: {type: array, maxItems: 10, x-kubernetes-list-type: set, items: {type: string, maxLength: 16}}}, ms: {type: object, maxProperties: 10, additionalProperties: {type: array, maxItems: 10, x-kubernetes-list-type: set, items: {type: string, maxLength: 16}}}}";
    let rules = "[{rule: 'self.o == dyn(self.p)', message: objects}, {rule: 'self.ls == [[\"b\", \"a\"], [\"c\"]]', message: lists}, {rule: '[\"a\", \"b\"] in self.ls', message: in}, {rule: 'self.ms == {\"k\": [\"b\", \"a\"]}', message: maps}, {rule: 'self.ls.exists(s, s == [\"c\"])', message: var}]";
    let s = spec(props, rules);
    let same =
        "{o: {tags: [a, b], c: 1}, p: {tags: [b, a], c: 1}, ls: [[a, b], [c]], ms: {k: [a, b]}}";
    assert!(run(&s, &obj(same)).is_empty());
    let differ =
        "{o: {tags: [a, b], c: 1}, p: {tags: [b, c], c: 1}, ls: [[a, c], [d]], ms: {k: [a, c]}}";
    assert_eq!(
        run(&s, &obj(differ)),
        [
            "spec: Invalid value: in",
            "spec: Invalid value: lists",
            "spec: Invalid value: maps",
            "spec: Invalid value: objects",
            "spec: Invalid value: var",
        ]
    );
}

#[test]
fn a_set_against_a_non_list() {
    let rules =
        "[{rule: 'self.a != dyn(1)', message: ne}, {rule: 'self.a == dyn(1)', message: eq}]";
    let s = spec(PROPS, rules);
    assert_eq!(
        run(&s, &obj("{a: [p]}")),
        ["spec: Invalid value: \"object\": 'no such overload': call arguments did not match a supported operator, function or macro signature for rule: eq"]
    );
}

#[test]
fn a_set_of_objects_cannot_be_hashed() {
    let props = "{os: {type: array, maxItems: 10, x-kubernetes-list-type: set, items: {type: object, x-kubernetes-map-type: atomic, properties: {x: {type: string, maxLength: 16}}}}}";
    let s = spec(props, "[{rule: 'self.os == self.os', message: m}]");
    assert_eq!(
        run(&s, &obj("{os: [{x: a}]}")),
        ["spec: Invalid value: \"object\": internal error: runtime error: hash of unhashable type map[string]interface {} evaluating rule: m"]
    );
    // Sizes differ: the set is never built.
    let s = spec(props, "[{rule: 'self.os != []', message: m}]");
    assert!(run(&s, &obj("{os: [{x: a}]}")).is_empty());
}

/// A list or map built of schema values holds them as they are (the apiserver's values keep
/// their list type), and `dyn(x)` is `x`: sets in them still compare without order.
#[test]
fn sets_inside_built_lists_and_through_dyn() {
    let rules = [
        "[self.a] == [['q', 'p']]",
        "{'k': self.a} == {'k': ['q', 'p']}",
        "dyn(self.a) == ['q', 'p']",
        "self.a in [['q', 'p']]",
        "self.m.map(e, self.a) == [['q', 'p'], ['p', 'q']]",
        "[self.a, self.a] == [['q', 'p'], ['p', 'q']]",
    ];
    assert!(failing(&rules, "{a: [p, q], l: [p, q], m: [{k: x}, {k: y}]}").is_empty());
    let mut want = rules[..4].to_vec();
    want.sort();
    assert_eq!(failing(&rules[..4], "{a: [p, r], l: [p, q], m: []}"), want);
}

#[test]
fn a_whole_number_in_a_set_is_an_int64_that_no_double_equals() {
    // kube-apiserver 1.36 keys a set by its elements as decoded from JSON: `1` (and YAML's
    // `1.0`, which reaches it as JSON `1`) is an int64, `2.5` a float64; the other side's
    // elements are CEL doubles, whose Go values are float64.
    let props =
        "{nums: {type: array, maxItems: 10, x-kubernetes-list-type: set, items: {type: number}}}";
    let failing = |rules: &[&str], data: &str| failing_with(props, rules, data);
    let rules = [
        "self.nums == [1.0, 2.5]",
        "self.nums == self.nums",
        "(self.nums + [1.0]).size() == 3",
        "1.0 in self.nums",
    ];
    for data in ["{nums: [1, 2.5]}", "{nums: [1.0, 2.5]}"] {
        assert_eq!(
            failing(&rules, data),
            ["self.nums == [1.0, 2.5]", "self.nums == self.nums"],
            "{data}"
        );
    }
    // Fractions are float64 on both sides.
    let rules = [
        "self.nums == [1.5, 2.5]",
        "self.nums == self.nums",
        "(self.nums + [1.5]).size() == 2",
    ];
    assert!(failing(&rules, "{nums: [2.5, 1.5]}").is_empty());
}

/// Each list compares as what it is wherever the rule takes it, as the apiserver's values
/// carry their kind: in a literal beside plain values or another node's (`a` a set, `l` in
/// order), in the branch a conditional picks (a set on one side, a plain list on the other),
/// after `+` (a set's union is a set). A literal's `in` is its needle's `Equal`, as cel-go's
/// lists do; a list of the object's, its items'. A map list keys only the object's maps.
#[test]
fn each_list_compares_as_what_it_is() {
    let rules = [
        "[self.a, self.l] == [['q', 'p'], ['p', 'q']]",
        "!([self.a, self.l] == [['q', 'p'], ['q', 'p']])",
        "[self.l, self.a][1] == ['q', 'p'] && !([self.l, self.a][0] == ['q', 'p'])",
        "(size(self.l) > 5 ? self.a : ['p', 'q']) == ['p', 'q']",
        "!((size(self.l) > 5 ? self.a : ['p', 'q']) == ['q', 'p'])",
        "(size(self.l) < 5 ? self.a : ['p', 'q']) == ['q', 'p']",
        "!((size(self.l) < 5 ? self.l : self.a) == ['q', 'p'])",
        "!(['q', 'p'] in [self.a]) && ['p', 'q'] in [self.a] && self.a in [['q', 'p']]",
        "self.a + ['r'] == ['r', 'q', 'p'] && [self.a + ['r']][0] == ['r', 'p', 'q']",
        "{'x': self.a, 'y': self.l} == {'x': ['q', 'p'], 'y': ['p', 'q']}",
        "!({'x': self.a, 'y': self.l} == {'x': ['q', 'p'], 'y': ['q', 'p']})",
        // A map list finds another list's items by their keys, which only a map of the
        // object's JSON has (`toMapKey`): it never equals a list of maps a rule wrote, in any
        // order; that list, on the left, compares item by item in order.
        "!(dyn(self.m) == dyn([{'k': 'x'}, {'k': 'z'}]))",
        "!([dyn(self.m), dyn(self.l)] == [dyn([{'k': 'z'}, {'k': 'x'}]), dyn(['p', 'q'])])",
        "dyn([{'k': 'x'}, {'k': 'z'}]) == dyn(self.m) && !(dyn([{'k': 'z'}, {'k': 'x'}]) == dyn(self.m))",
        "size(dyn(self.m) + [{'k': 'x'}]) == 3 && size(self.m + self.m) == 2",
    ];
    let data = "{a: [p, q], l: [p, q], m: [{k: x}, {k: z}]}";
    assert_eq!(failing(&rules, data), Vec::<String>::new());
}

/// What `+` adds to a list of the object is read back with its items' schema, as the
/// apiserver reads it: a list added to a list of sets is a set.
#[test]
fn what_plus_adds_to_a_list_of_sets_is_a_set() {
    let props = "{ls: {type: array, maxItems: 4, items: {type: array, maxItems: 4, x-kubernetes-list-type: set, items: {type: string, maxLength: 8}}}}";
    let rules = [
        "(self.ls + [['b', 'a']])[1] == ['a', 'b']",
        "self.ls[0] == ['d', 'c'] && [self.ls[0]][0] == ['d', 'c']",
        "!(([['b', 'a']] + self.ls)[0] == ['a', 'b'])",
        "['a', 'b'] in self.ls + [['b', 'a']]",
    ];
    assert_eq!(
        failing_with(props, &rules, "{ls: [[c, d]]}"),
        Vec::<String>::new()
    );
}

/// A set's elements are keyed as the apiserver holds them: as it decodes the object's JSON
/// (an integer literal an `int64`, `1.0` a `float64`; YAML's `1.0` reaches it as JSON `1`),
/// and what `+` adds as its CEL value's Go value (`1.0` a `float64`, `dyn(1)` an `int64`),
/// though every element reads back as a double.
#[test]
fn set_elements_are_keyed_as_the_apiserver_holds_them() {
    let props =
        "{nums: {type: array, maxItems: 4, x-kubernetes-list-type: set, items: {type: number}}}";
    let rules = |rules: &[&str]| {
        let rules: Vec<String> = rules
            .iter()
            .map(|r| format!("{{rule: \"{r}\", message: \"{r}\"}}"))
            .collect();
        super::compiled(&spec(props, &format!("[{}]", rules.join(", "))))
    };
    let failing = |c: &super::Compiled, nums: &str| -> Vec<String> {
        let text = format!(
            r#"{{"apiVersion": "v1", "kind": "K", "metadata": {{"name": "obj"}}, "spec": {{"nums": {nums}}}}}"#
        );
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        c.validate(&json).iter().map(|e| e.to_string()).collect()
    };
    // JSON `1.0`: a float64.
    let c = rules(&[
        "self.nums == [1.0]",
        "!(self.nums == [dyn(1)])",
        "self.nums[0] == 1.0",
    ]);
    assert!(c.errors.is_empty(), "{:?}", c.errors);
    assert_eq!(failing(&c, "[1.0]"), Vec::<String>::new());
    // JSON `1` (and YAML `1.0`): an int64.
    let c = rules(&["!(self.nums == [1.0])", "self.nums == [dyn(1)]"]);
    assert_eq!(failing(&c, "[1]"), Vec::<String>::new());
    assert_eq!(
        run(
            &c_spec(props, "!(self.nums == [1.0])"),
            &obj("{nums: [1.0]}")
        ),
        Vec::<String>::new()
    );
    // Added by `+`: the value's own.
    let c = rules(&[
        "self.nums + [1.0] == [dyn(2), dyn(1.0)]",
        "!(self.nums + [1.0] == [2.0, 1.0])",
        "self.nums + [dyn(3)] == [dyn(2), dyn(3)] && (self.nums + [dyn(3)])[1] == 3.0",
        "!(self.nums + [dyn(3)] == [dyn(2), dyn(3.0)])",
    ]);
    assert!(c.errors.is_empty(), "{:?}", c.errors);
    assert_eq!(failing(&c, "[2]"), Vec::<String>::new());
}

/// A spec with properties `props` and the one rule `rule`.
fn c_spec(props: &str, rule: &str) -> String {
    spec(
        props,
        &format!("[{{rule: \"{rule}\", message: \"{rule}\"}}]"),
    )
}

/// Where Go's map order decides between a false and a panic (comparing two maps, one entry
/// of which holds a set of objects), the keys are taken in order: the same answer every run.
#[test]
fn comparing_maps_takes_their_keys_in_order() {
    let props = "{os: {type: array, maxItems: 10, x-kubernetes-list-type: set, items: {type: object, x-kubernetes-map-type: atomic, properties: {x: {type: string, maxLength: 16}}}}}";
    let rule = "{'a': dyn(self.os), 'b': dyn([1])} == {'a': dyn([{'x': 'a'}]), 'b': dyn([2])}";
    let s = spec(props, &format!("[{{rule: \"{rule}\", message: m}}]"));
    for _ in 0..3 {
        assert_eq!(
            run(&s, &obj("{os: [{x: a}]}")),
            ["spec: Invalid value: \"object\": internal error: runtime error: hash of unhashable type map[string]interface {} evaluating rule: m"]
        );
    }
}

/// A list a macro or a library function builds from a set is a plain list, as cel-go builds
/// it (`filter`, `map`, `slice`, `sort`, `reverse` compare in order); an optional holds the set
/// itself.
#[test]
fn what_functions_build_from_a_set_is_a_plain_list() {
    let plain = [
        "self.a.filter(x, true) == ['q', 'p']",
        "self.a.map(x, x) == ['q', 'p']",
        "self.a.slice(0, 2) == ['q', 'p']",
        "self.a.sort() == ['q', 'p']",
        "self.m.filter(x, true) == self.m.reverse()",
    ];
    let mut want = plain.to_vec();
    want.sort();
    let data = "{a: [p, q], l: [p, q], m: [{k: x}, {k: z}]}";
    assert_eq!(failing(&plain, data), want);
    assert!(failing(&["optional.of(self.a).value() == ['q', 'p']"], data).is_empty());
}
