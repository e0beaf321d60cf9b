//! Fuzz target `cel`: the property `cel` of `fuzz/properties.rs` (CEL rules drawn from the
//! bytes over a fixed schema, and objects of that schema, through the function).
#![no_main]

#[path = "../properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::cel(data));
