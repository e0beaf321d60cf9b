//! What a create request of a custom resource depends on besides the schema: the CRD's scope and
//! each version's subresources (v1: per version; v1beta1: `spec.subresources` for every version
//! unless a version has its own). Malformed values count as absent: only the schema is checked.

use crate::schema::{Scale, Subresources};
use serde_json::{Map, Value};

/// Whether `spec.scope` makes objects namespaced (anything but `Cluster`, as v1beta1 defaults
/// an empty scope to `Namespaced`).
pub(super) fn namespaced(spec: &Map<String, Value>) -> bool {
    spec.get("scope").and_then(Value::as_str) != Some("Cluster")
}

/// The subresources of one version (`version`: its `spec.versions[]` entry, if any).
pub(super) fn subresources(
    spec: &Map<String, Value>,
    version: Option<&Map<String, Value>>,
) -> Subresources {
    let own = version.and_then(|v| v.get("subresources"));
    let Some(Value::Object(sub)) = own.or_else(|| spec.get("subresources")) else {
        return Subresources::default();
    };
    Subresources {
        status: matches!(sub.get("status"), Some(Value::Object(_))),
        scale: sub.get("scale").and_then(Value::as_object).map(scale),
    }
}

fn scale(m: &Map<String, Value>) -> Scale {
    let text = |k: &str| m.get(k).and_then(Value::as_str).map(str::to_string);
    Scale {
        spec_replicas_path: text("specReplicasPath").unwrap_or_default(),
        status_replicas_path: text("statusReplicasPath").unwrap_or_default(),
        label_selector_path: text("labelSelectorPath"),
    }
}
