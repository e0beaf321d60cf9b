use super::Preexisting;
use crate::test_support::json_of;

#[test]
fn every_schema_of_the_old_crd_is_searched() {
    let old = json_of(
        "spec:
  versions:
  - name: v1
    schema:
      openAPIV3Schema:
        type: object
        x-kubernetes-validations: [{rule: root}]
        properties:
          a:
            type: array
            items: {type: object, x-kubernetes-validations: [{rule: item, messageExpression: msg}]}
          m: {type: object, additionalProperties: {type: string, x-kubernetes-validations: [{rule: value}]}}
          d: {type: string, default: {x-kubernetes-validations: [{rule: not-a-schema}]}}
  - name: v2
    schema:
      openAPIV3Schema: {type: object, allOf: [{x-kubernetes-validations: [{rule: junctor}]}]}
",
    );
    let p = Preexisting::of_crd(&old);
    for r in ["root", "item", "value", "junctor"] {
        assert!(p.rules.contains(r), "{r}");
    }
    assert!(!p.rules.contains("not-a-schema"));
    assert!(p.messages.contains("msg"));
    assert_eq!(p.messages.len(), 1);
}
