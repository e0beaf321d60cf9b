//! The validation's view read as the rules read a `serde_json::Value` of the same object.

use super::*;
use serde_json::json;

fn values() -> Vec<Value> {
    vec![
        json!(null),
        json!(true),
        json!(false),
        json!(0),
        json!(-3),
        json!(1),
        json!(1.0),
        json!(-0.0),
        json!(2.5),
        json!(""),
        json!("a"),
        json!([]),
        json!([1, "a", null]),
        json!([1.0, "a", null]),
        json!({}),
        json!({"a": 1, "b": [true]}),
        json!({"b": [true], "a": 1}),
        json!({"b": [true], "a": 1.0}),
        json!({"a": 1}),
        json!({"a": {"x": [1, {"y": null}]}, "z": "s"}),
        json!({"z": "s", "a": {"x": [1, {"y": null}]}}),
    ]
}

#[test]
fn the_view_copies_and_compares_as_its_json_does() {
    let values = values();
    for a in &values {
        let da = Data::of_value(a);
        assert_eq!(da.to_json(), Json::of(a), "{a}");
        assert_eq!(Input::to_value(&da), *a, "{a}");
        assert_eq!(da.object_len(), a.object_len(), "{a}");
        assert_eq!(da.items().map(<[_]>::len), a.items().map(<[_]>::len), "{a}");
        let keys: Vec<&str> = da.members().map(|(k, _)| k).collect();
        let want: Vec<&str> = a.members().map(|(k, _)| k).collect();
        assert_eq!(keys, want, "{a}");
        for b in &values {
            let db = Data::of_value(b);
            assert_eq!(da.same(&db), a == b, "{a} and {b}");
        }
    }
}

#[test]
fn a_float_that_is_not_finite_is_null_as_its_json_is() {
    let inf = Data::Float(f64::INFINITY);
    assert_eq!(Input::to_value(&inf), Value::Null);
    assert_eq!(inf.to_json(), Json::Null);
    assert!(inf.same(&Data::Null));
    assert!(Data::Null.same(&Data::Float(f64::NAN)));
    assert!(!inf.same(&Data::Float(1.0)));
}
