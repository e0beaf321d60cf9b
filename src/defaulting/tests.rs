//! Table tests for defaulting and null pruning.
