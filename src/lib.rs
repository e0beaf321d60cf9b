//! crd-schema-fn: gives custom resources, offline, exactly the shape kube-apiserver would store.
//!
//! Data flows one way: [`resourcelist`] reads → [`schema`] loads and checks schemas →
//! [`pruning`] → [`defaulting`] (with [`objectmeta`]) → [`results`] reports → [`resourcelist`] writes.

pub mod cli;
pub mod config;
pub mod defaulting;
pub mod diff;
pub mod engine;
pub mod objectmeta;
pub mod process;
pub mod pruning;
pub mod resourcelist;
pub mod results;
pub mod schema;
pub mod sources;
pub mod yaml;
