//! What kube-apiserver 1.36's CEL environment offers CRD rules, and the runtime context built
//! from the cel crate's standard functions and kube-cel's Kubernetes libraries.
//!
//! kube-cel registers more than 1.36 has (the math and encoders extensions, string
//! `reverse()`, `%v` in `format()`…). Rather than unregister them, [`super::check`] refuses
//! every call [`super::overloads`] does not declare, as the apiserver's type checker would.

use kube_cel::cel::Context;
use kube_cel::KubeCelExt;

/// The root context every rule runs in: the cel crate's standard functions, kube-cel's
/// libraries, and our Go-compatible replacements (see [`super::funcs`]).
fn root_context() -> Context<'static> {
    let mut ctx = Context::default().with_all();
    super::super::funcs::register(&mut ctx);
    ctx
}

thread_local! {
    static ROOT: Context<'static> = root_context();
}

/// Runs `f` with this thread's root context (built once).
pub fn with_root<R>(f: impl FnOnce(&Context<'static>) -> R) -> R {
    ROOT.with(f)
}
