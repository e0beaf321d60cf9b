//! Fuzz target `yaml_roundtrip`: the property `yaml_roundtrip` of `fuzz/properties.rs`.
#![no_main]

#[path = "../properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::yaml_roundtrip(data));
