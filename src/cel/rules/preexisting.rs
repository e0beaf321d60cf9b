//! The expressions an updated CRD already held (apiextensions `findPreexistingExpressions`): a
//! rule or `messageExpression` whose exact text is in any schema of the old CRD is compiled
//! with the environment for stored expressions (every library the binary has), any other with
//! the one for new expressions (the compatibility version's, see [`crate::versions`]).

use crate::versions::CelEnv;
use serde_json::Value;
use std::collections::HashSet;

/// The rules and message expressions of the old CRD (empty on a create).
#[derive(Clone, Debug, Default)]
pub struct Preexisting {
    rules: HashSet<String>,
    messages: HashSet<String>,
}

impl Preexisting {
    /// Those of the CRD `old` (v1 JSON): every version's schema and `spec.validation`'s.
    pub fn of_crd(old: &Value) -> Self {
        let mut out = Preexisting::default();
        let spec = old.get("spec");
        let top = spec.and_then(|s| s.pointer("/validation/openAPIV3Schema"));
        let versions = spec
            .and_then(|s| s.get("versions"))
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|v| v.pointer("/schema/openAPIV3Schema"));
        for schema in top.into_iter().chain(versions) {
            out.walk(schema);
        }
        out
    }

    /// `SchemaHas`'s walk: the node's rules, then every schema it nests.
    fn walk(&mut self, s: &Value) {
        let Some(m) = s.as_object() else {
            return;
        };
        for v in m
            .get("x-kubernetes-validations")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if let Some(rule) = v.get("rule").and_then(Value::as_str) {
                self.rules.insert(rule.to_string());
            }
            match v.get("messageExpression").and_then(Value::as_str) {
                Some(e) if !e.is_empty() => {
                    self.messages.insert(e.to_string());
                }
                _ => {}
            }
        }
        for key in [
            "properties",
            "patternProperties",
            "definitions",
            "dependencies",
        ] {
            if let Some(children) = m.get(key).and_then(Value::as_object) {
                children.values().for_each(|c| self.walk(c));
            }
        }
        for key in ["items", "additionalProperties", "additionalItems", "not"] {
            match m.get(key) {
                Some(Value::Array(list)) => list.iter().for_each(|c| self.walk(c)),
                Some(c) => self.walk(c),
                None => {}
            }
        }
        for key in ["allOf", "anyOf", "oneOf"] {
            if let Some(list) = m.get(key).and_then(Value::as_array) {
                list.iter().for_each(|c| self.walk(c));
            }
        }
    }

    /// The environment a rule with this text is compiled in.
    pub fn rule_env(&self, text: &str) -> CelEnv {
        env(self.rules.contains(text))
    }

    /// The environment a `messageExpression` with this text is compiled in.
    pub fn message_env(&self, text: &str) -> CelEnv {
        env(self.messages.contains(text))
    }
}

fn env(stored: bool) -> CelEnv {
    let b = crate::versions::current();
    match stored {
        true => b.cel_stored,
        false => b.cel_new,
    }
}

#[cfg(test)]
#[path = "preexisting/tests.rs"]
mod tests;
