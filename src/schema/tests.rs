use super::same_json;
use serde_json::json;

#[test]
fn same_json_is_json_equality_whatever_the_key_order() {
    let cases = [
        (
            json!({"a": 1, "b": [1, {"c": "x"}]}),
            json!({"a": 1, "b": [1, {"c": "x"}]}),
            true,
        ),
        (
            json!({"a": 1, "b": {"c": 1, "d": 2}}),
            json!({"b": {"d": 2, "c": 1}, "a": 1}),
            true,
        ),
        (json!({"a": 1, "b": 2}), json!({"a": 1, "c": 2}), false),
        (json!({"a": 1, "b": 2}), json!({"b": 2, "c": 1}), false),
        (json!({"a": 1}), json!({"a": 1, "b": 2}), false),
        (json!({"a": [1, 2]}), json!({"a": [2, 1]}), false),
        (json!({"a": {"x": 1}}), json!({"a": {"x": 2}}), false),
        // As serde_json compares numbers: an integer is not the float of it.
        (json!({"a": 1}), json!({"a": 1.0}), false),
        (json!(null), json!(null), true),
    ];
    for (a, b, want) in cases {
        assert_eq!(same_json(&a, &b), want, "{a} vs {b}");
        assert_eq!(same_json(&b, &a), want, "{b} vs {a}");
        assert_eq!(a == b, want, "serde_json's own answer for {a} vs {b}");
    }
}
