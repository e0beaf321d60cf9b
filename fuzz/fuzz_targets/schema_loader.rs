//! Fuzz target `schema_loader`: the property `schema_loader` of `fuzz/properties.rs`.
#![no_main]

#[path = "../properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::schema_loader(data));
