//! Go's behaviour, written once: one submodule per Go package (and kube-openapi's `strfmt`,
//! which the apiserver's format checks are); each function mirrors one Go function that the
//! apiserver's answers depend on, and names it.

pub mod fmt;
pub mod netip;
pub mod regexp;
pub mod strconv;
pub mod strfmt;
pub mod time;
pub mod url;
