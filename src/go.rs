//! Go's behaviour, written once: each function mirrors one function of Go's standard library
//! that the apiserver's answers depend on, and names it. (Still elsewhere, to be moved here:
//! `gonet`, `goregex`, the time and URL readers under `cel`.)

pub mod strconv;
pub mod time;
