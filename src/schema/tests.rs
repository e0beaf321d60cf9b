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

#[test]
fn value_validation_is_unset_exactly_where_it_equals_the_default() {
    use super::structural::{NestedValueValidation, ValueValidation};
    let unset = ValueValidation::default();
    assert!(unset.is_unset());
    let d = ValueValidation::default;
    let nested = NestedValueValidation::default;
    // Each field set on its own, to a value that is not its default.
    let set = [
        ValueValidation {
            format: "date".into(),
            ..d()
        },
        ValueValidation {
            maximum: Some(0.0),
            ..d()
        },
        ValueValidation {
            exclusive_maximum: true,
            ..d()
        },
        ValueValidation {
            minimum: Some(0.0),
            ..d()
        },
        ValueValidation {
            exclusive_minimum: true,
            ..d()
        },
        ValueValidation {
            max_length: Some(0),
            ..d()
        },
        ValueValidation {
            min_length: Some(0),
            ..d()
        },
        ValueValidation {
            pattern: "a".into(),
            ..d()
        },
        ValueValidation {
            max_items: Some(0),
            ..d()
        },
        ValueValidation {
            min_items: Some(0),
            ..d()
        },
        ValueValidation {
            unique_items: true,
            ..d()
        },
        ValueValidation {
            multiple_of: Some(2.0),
            ..d()
        },
        ValueValidation {
            enum_: vec![json!(null)],
            ..d()
        },
        ValueValidation {
            max_properties: Some(0),
            ..d()
        },
        ValueValidation {
            min_properties: Some(0),
            ..d()
        },
        ValueValidation {
            required: vec![String::new()],
            ..d()
        },
        ValueValidation {
            all_of: vec![nested()],
            ..d()
        },
        ValueValidation {
            one_of: vec![nested()],
            ..d()
        },
        ValueValidation {
            any_of: vec![nested()],
            ..d()
        },
        ValueValidation {
            not: Some(Box::new(nested())),
            ..d()
        },
    ];
    for vv in set {
        assert_ne!(vv, unset);
        assert!(!vv.is_unset(), "{vv:?}");
    }
}
