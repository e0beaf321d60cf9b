//! Fuzz target `flow_reader`: the property `flow_reader` of `fuzz/properties.rs`.
#![no_main]

#[path = "../properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::flow_reader(data));
