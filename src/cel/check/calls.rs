//! The types of operator and function calls and their errors (see [`super::Checker`]):
//! cel-go's `found no matching overload`, non-bool operands of `&&` and `||`, comprehension
//! ranges, each placed at the node's token as cel-go places it.

use super::super::library::has_member;
use super::super::locate::locate;
use super::super::types::{self, signature, Ty};
use super::{issue_at, Checker};
use kube_cel::cel::common::ast::IdedExpr;

impl Checker<'_> {
    /// An operator's type; a definite mismatch is cel-go's `found no matching overload`.
    pub(super) fn operator(&self, id: u64, name: &str, args: &[Ty]) -> Result<Ty, String> {
        match name {
            "_&&_" | "_||_" | "@not_strictly_false" => return Ok(Ty::Bool),
            "_+_" | "_-_" | "_*_" | "_/_" | "_%_" | "-_" | "!_" | "_<_" | "_<=_" | "_>_"
            | "_>=_" | "_==_" | "_!=_" | "@in" | "_[_]" | "_?_:_" => {}
            _ => return Ok(Ty::Dyn),
        }
        match types::operator(name, args) {
            Some(t) => Ok(t),
            None => Err(self.no_overload(id, name, args, false)),
        }
    }

    /// A member function's type (`args` start with the receiver's).
    pub(super) fn member(&mut self, id: u64, name: &str, args: &[Ty]) -> Result<Ty, String> {
        let on_string = matches!(args.first(), Some(Ty::Str));
        if !has_member(name) {
            let msg = format!("undeclared reference to '{name}' (in container '')");
            return Err(self.at_node(id, name, &msg));
        }
        if name == "reverse" && on_string {
            let msg = format!("found no matching overload for '{name}' applied to 'string.()'");
            return Err(self.at_node(id, name, &msg));
        }
        if !types::member_applies(name, args) {
            return Err(self.no_overload(id, name, args, true));
        }
        match types::function(name, true, args) {
            None => return Err(self.no_overload(id, name, args, true)),
            Some(Some(t)) => return Ok(t),
            Some(None) => {}
        }
        Ok(match name {
            "lowerAscii" | "upperAscii" | "trim" | "replace" | "substring" | "charAt"
            | "format" | "join" => Ty::Str,
            "isSorted" | "hasValue" => Ty::Bool,
            _ => Ty::Dyn,
        })
    }

    /// A global function's type.
    pub(super) fn global(&mut self, id: u64, name: &str, args: &[Ty]) -> Result<Ty, String> {
        if let Some(t) = types::library_type(name) {
            return Ok(t);
        }
        match types::function(name, false, args) {
            None => Err(self.no_overload(id, name, args, false)),
            Some(t) => Ok(t.unwrap_or(Ty::Dyn)),
        }
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
            if t.known() && !matches!(t, Ty::Bool) {
                let msg = format!("expected type 'bool' but found '{}'", t.name());
                return Err(self.at_node(a.id, name.trim_matches('_'), &msg));
            }
        }
        Ok(())
    }

    /// A comprehension's range must be a list or a map.
    pub(super) fn range(&self, e: &IdedExpr, t: &Ty) -> Result<(), String> {
        match t.view() {
            Ty::List(_) | Ty::Map(..) => Ok(()),
            t if t.known() => {
                let msg = format!("expression of type '{}' cannot be range of a comprehension (must be list, map, or dynamic)", t.name());
                Err(self.at_node(e.id, "", &msg))
            }
            _ => Ok(()),
        }
    }

    /// `msg` at node `id`'s token, or at the first occurrence of `token`.
    pub(super) fn at_node(&self, id: u64, token: &str, msg: &str) -> String {
        match locate(self.root, self.src, id) {
            Some(offset) => issue_at(self.src, offset, msg),
            None => self.issue(token, msg),
        }
    }

    /// The element type of a literal so far joined with element `e`'s, `t`: cel-go's
    /// `expected type 'int' but found 'string'` at `e` when they differ.
    /// Inside a `format` call mixed types join as `dyn`.
    /// Mixed types are cel-go's homogeneous-literal validator's finding, kept apart (see
    /// `Checker::invalid`); the literal is then dynamic.
    pub(super) fn join(&mut self, prev: Option<Ty>, e: &IdedExpr, t: &Ty) -> Result<Ty, String> {
        if self.in_format > 0 {
            return Ok(Ty::join(prev, t).unwrap_or(Ty::Dyn));
        }
        Ok(Ty::join(prev, t).unwrap_or_else(|p| {
            let msg = format!("expected type '{}' but found '{}'", p.name(), t.name());
            let issue = self.at_node(e.id, "", &msg);
            self.invalid.push(issue);
            Ty::Dyn
        }))
    }
}
