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
    // Each field set on its own, to a value that is not its default.
    let sets: [fn(&mut ValueValidation); 20] = [
        |v| v.format = "date".into(),
        |v| v.maximum = Some(0.0),
        |v| v.exclusive_maximum = true,
        |v| v.minimum = Some(0.0),
        |v| v.exclusive_minimum = true,
        |v| v.max_length = Some(0),
        |v| v.min_length = Some(0),
        |v| v.pattern = "a".into(),
        |v| v.max_items = Some(0),
        |v| v.min_items = Some(0),
        |v| v.unique_items = true,
        |v| v.multiple_of = Some(2.0),
        |v| v.enum_ = vec![json!(null)],
        |v| v.max_properties = Some(0),
        |v| v.min_properties = Some(0),
        |v| v.required = vec![String::new()],
        |v| v.all_of = vec![NestedValueValidation::default()],
        |v| v.one_of = vec![NestedValueValidation::default()],
        |v| v.any_of = vec![NestedValueValidation::default()],
        |v| v.not = Some(Box::new(NestedValueValidation::default())),
    ];
    for set in sets {
        let mut vv = ValueValidation::default();
        set(&mut vv);
        assert_ne!(vv, unset);
        assert!(!vv.is_unset(), "{vv:?}");
    }
}
