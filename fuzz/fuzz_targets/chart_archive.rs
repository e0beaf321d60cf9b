//! Fuzz target `chart_archive`: the property `chart_archive` of `fuzz/properties.rs`.
#![no_main]

#[path = "../properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::chart_archive(data));
