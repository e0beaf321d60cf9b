//! A CRD's rules as the apiextensions apiserver compiles and runs them (its `schema/cel`
//! package, over the apiserver's `pkg/cel`): the CEL type of each schema node ([`decl`], with
//! property names escaped as [`escape`] does), each rule compiled with its CRD errors
//! ([`rule`]; an update's old expressions, [`preexisting`]) along the schema ([`compile`]),
//! `fieldPath` checked ([`fieldpath`]), and the rules run on an object ([`eval`]) within the
//! runtime cost limits ([`cost`]), their errors worded as the apiserver words them
//! ([`errors`]).

pub(super) mod compile;
pub(super) mod cost;
pub(super) mod decl;
pub(super) mod errors;
pub(super) mod escape;
pub(super) mod eval;
pub(crate) mod fieldpath;
pub mod preexisting;
pub(super) mod rule;
