//! Fuzz target `reader`: the property `reader` of `fuzz/properties.rs`.
#![no_main]

#[path = "../properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::reader(data));
