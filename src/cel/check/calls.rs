//! The types of operator and function calls and their errors (see [`super::Checker`]):
//! cel-go's `found no matching overload`, non-bool operands of `&&` and `||`, comprehension
//! ranges, each placed at the node's token as cel-go places it.

use super::super::locate::locate;
use super::super::overloads::{self, assignable};
use super::super::types::{signature, Ty};
use super::{issue_at, Checker};
use kube_cel::cel::common::ast::IdedExpr;

impl Checker<'_> {
    /// An operator's type; when no overload takes the operands, cel-go's `found no matching
    /// overload`.
    pub(super) fn operator(&mut self, id: u64, name: &str, args: &[Ty]) -> Result<Ty, String> {
        if matches!(name, "_&&_" | "_||_") {
            return Ok(Ty::Bool);
        }
        match self.resolve(id, name, false, args) {
            // A schema list plus a list keeps the left one's schema type (a set stays a set).
            Some(Ty::List(_)) if name == "_+_" && matches!(args[0], Ty::Node(_)) => {
                Ok(args[0].clone())
            }
            Some(t) => Ok(t),
            None => Err(self.no_overload(id, name, args, false)),
        }
    }

    /// A member function's type (`args` start with the receiver's).
    pub(super) fn member(&mut self, id: u64, name: &str, args: &[Ty]) -> Result<Ty, String> {
        if !overloads::declared_any(name) {
            let msg = format!("undeclared reference to '{name}' (in container '')");
            return Err(self.at_node(id, name, &msg));
        }
        match self.resolve(id, name, true, args) {
            Some(t) => Ok(t),
            None => Err(self.no_overload(id, name, args, true)),
        }
    }

    /// A global function's type (`name` as declared: `sets.contains`).
    pub(super) fn global(&mut self, id: u64, name: &str, args: &[Ty]) -> Result<Ty, String> {
        match self.resolve(id, name, false, args) {
            Some(t) => Ok(t),
            None => Err(self.no_overload(id, name, args, false)),
        }
    }

    /// The call's type; records its overload when only one takes the arguments.
    fn resolve(&mut self, id: u64, name: &str, member: bool, args: &[Ty]) -> Option<Ty> {
        let (t, only) = overloads::resolve_with(name, member, args)?;
        if let Some(sig) = only {
            self.overloads.insert(id, sig);
        }
        Some(t)
    }

    /// cel-go's `found no matching overload` for call `id`, at its operator or `(`.
    pub(super) fn no_overload(&self, id: u64, name: &str, args: &[Ty], member: bool) -> String {
        let msg = format!(
            "found no matching overload for '{name}' applied to '{}'",
            signature(args, member)
        );
        self.at_node(id, name.trim_matches(['_', '@', '!', '-']), &msg)
    }

    /// The operands of `&&` and `||` must be bools.
    pub(super) fn logical(
        &self,
        name: &str,
        args: &[IdedExpr],
        arg_types: &[Ty],
    ) -> Result<(), String> {
        for (a, t) in args.iter().zip(arg_types) {
            if !assignable(t, &Ty::Bool) {
                let msg = format!("expected type 'bool' but found '{}'", t.name());
                return Err(self.at_node(a.id, name.trim_matches('_'), &msg));
            }
        }
        Ok(())
    }

    /// A comprehension's range must be a list or a map.
    pub(super) fn range(&self, e: &IdedExpr, t: &Ty) -> Result<(), String> {
        match t.view() {
            Ty::List(_) | Ty::Map(..) | Ty::Dyn | Ty::Free => Ok(()),
            t => {
                let msg = format!("expression of type '{}' cannot be range of a comprehension (must be list, map, or dynamic)", t.name());
                Err(self.at_node(e.id, "", &msg))
            }
        }
    }

    /// `msg` at node `id`'s token, or at the first occurrence of `token`.
    pub(super) fn at_node(&self, id: u64, token: &str, msg: &str) -> String {
        match locate(self.root, self.src, id) {
            Some(offset) => issue_at(self.src, offset, msg),
            None => self.issue(token, msg),
        }
    }

    /// cel-go's homogeneous-literal validator on element `e` of type `t` of a literal whose
    /// first element's type is `first` (set here for the first): a type not exactly the first
    /// one's is `expected type 'int' but found 'string'` at `e`, kept apart (see
    /// `Checker::invalid`). Literals inside a `format` call are exempt. Whether it matched.
    pub(super) fn homogeneous(&mut self, first: &mut Option<Ty>, e: &IdedExpr, t: &Ty) -> bool {
        match first {
            None => {
                *first = Some(t.clone());
                true
            }
            Some(f) if f.equivalent(t) => {
                // `[[], [1]]`: the first's free element type is the second's.
                if f.has_free() && !t.has_free() {
                    *f = t.clone();
                }
                true
            }
            Some(f) => {
                if self.in_format == 0 {
                    let msg = format!("expected type '{}' but found '{}'", f.name(), t.name());
                    let issue = self.at_node(e.id, "", &msg);
                    self.invalid.push(issue);
                }
                false
            }
        }
    }
}
