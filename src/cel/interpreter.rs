//! Values and evaluation (cel-go's `common/types` and `interpreter` packages): the values
//! rules compute with ([`val`]), an object's value wrapping its JSON as the apiserver's
//! `UnstructuredToVal` does ([`value`]), the object's set and map lists' semantics ([`lists`],
//! on Go's map-key identity, [`gokeys`]) and CEL ratcheting's comparison ([`equal`]); the
//! planner and cost-counting interpreter ([`interp`]).

pub(super) mod equal;
pub(super) mod gokeys;
pub(super) mod input;
pub(super) mod interp;
pub(super) mod lists;
pub(crate) mod val;
pub(super) mod value;
