//! Table tests for the ObjectMeta round trip and embedded coercion.
