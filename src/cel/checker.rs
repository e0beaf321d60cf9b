//! Type checking (cel-go's `checker` package): [`check`] types a parsed rule against the
//! environment's declarations, over the types of [`types`] and their type parameters' bindings
//! ([`mapping`]); the functions and their overloads the environment declares, by version, and
//! cel-go's overload resolution are [`overloads`].

pub(super) mod check;
pub(super) mod mapping;
pub(super) mod overloads;
pub(super) mod types;
