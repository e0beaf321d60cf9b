//! The types of operator and function calls and their errors (see [`super::Checker`]):
//! cel-go's `found no matching overload`, non-bool operands of `&&` and `||`, comprehension
//! ranges, each placed at the node's token as cel-go places it.

use super::Checker;
use crate::cel::ast::IdedExpr;
use crate::cel::issues::Issue;
use crate::cel::mapping::most_general;
use crate::cel::overloads;
use crate::cel::types::{signature, Ty};

impl Checker<'_> {
    /// An operator's type; when no overload takes the operands, cel-go's `found no matching
    /// overload`.
    pub(super) fn operator(&mut self, id: u64, name: &str, args: &[Ty]) -> Result<Ty, Issue> {
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
    pub(super) fn member(&mut self, id: u64, name: &str, args: &[Ty]) -> Result<Ty, Issue> {
        if !overloads::declared_any(name, &self.env) {
            let msg = format!("undeclared reference to '{name}' (in container '')");
            return Err(self.at_node(id, &msg));
        }
        match self.resolve(id, name, true, args) {
            Some(t) => Ok(t),
            None => Err(self.no_overload(id, name, args, true)),
        }
    }

    /// A global function's type (`name` as declared: `sets.contains`).
    pub(super) fn global(&mut self, id: u64, name: &str, args: &[Ty]) -> Result<Ty, Issue> {
        match self.resolve(id, name, false, args) {
            Some(t) => Ok(t),
            None => Err(self.no_overload(id, name, args, false)),
        }
    }

    /// The call's type; records its overload's id when only one takes the arguments.
    fn resolve(&mut self, id: u64, name: &str, member: bool, args: &[Ty]) -> Option<Ty> {
        let (t, only) = overloads::resolve_with(name, member, args, &mut self.vars, &self.env)?;
        if let Some(overload) = only {
            self.overloads.insert(id, overload);
        }
        Some(t)
    }

    /// cel-go's `found no matching overload` for call `id`, at its operator or `(`.
    pub(super) fn no_overload(&self, id: u64, name: &str, args: &[Ty], member: bool) -> Issue {
        // The operands' types with their variables bound, an unbound one as `dyn`
        // (`resolveOverload` substitutes them so before it reports).
        let args: Vec<Ty> = args.iter().map(|t| self.vars.substitute(t, true)).collect();
        let msg = format!(
            "found no matching overload for '{name}' applied to '{}'",
            signature(&args, member)
        );
        self.at_node(id, &msg)
    }

    /// The operands of `&&` and `||` must be bools: each one that is not is an error of its
    /// own (cel-go's `resolveOverload` for the logical operators).
    pub(super) fn logical(&mut self, args: &[IdedExpr], arg_types: &[Ty]) -> Result<(), Issue> {
        let mut refused = Vec::new();
        for (a, t) in args.iter().zip(arg_types) {
            if !self.vars.assignable(t, &Ty::Bool) {
                let t = self.vars.substitute(t, true);
                let msg = format!("expected type 'bool' but found '{}'", t.name());
                refused.push(self.at_node(a.id, &msg));
            }
        }
        match refused.pop() {
            None => Ok(()),
            Some(last) => {
                self.errors.extend(refused);
                Err(last)
            }
        }
    }

    /// A comprehension's range must be a list or a map; a type variable is then `dyn`.
    pub(super) fn range(&mut self, e: &IdedExpr, t: &Ty) -> Result<(), Issue> {
        match t.view() {
            Ty::Var(_) => {
                self.vars.assignable(&Ty::Dyn, t);
                Ok(())
            }
            Ty::List(_) | Ty::Map(..) | Ty::Dyn => Ok(()),
            t => {
                let msg = format!("expression of type '{}' cannot be range of a comprehension (must be list, map, or dynamic)", t.name());
                Err(self.at_node(e.id, &msg))
            }
        }
    }

    /// `msg` where node `id` is (cel-go's checker reports at `location(e)`).
    pub(super) fn at_node(&self, id: u64, msg: &str) -> Issue {
        match self.info.offset(id) {
            Some(offset) => Issue::at(self.src, offset, msg),
            None => Issue::nowhere(msg),
        }
    }

    /// The element (or key, or value) type of a literal after element `t`, given `prev`
    /// before it (cel-go's `joinTypes`): the more general of the two when one is assignable
    /// to the other (binding variables), else `dyn`.
    pub(super) fn join(&mut self, prev: Option<Ty>, t: &Ty) -> Ty {
        match prev {
            None => t.clone(),
            Some(p) if self.vars.assignable(&p, t) => most_general(&p, t),
            Some(_) => Ty::Dyn,
        }
    }

    /// cel-go's homogeneous-literal validator, run on the final types: in each list literal,
    /// the first element whose type is not exactly the first one's is `expected type 'int'
    /// but found 'string'` at it; in each map literal, every such key and value. Literals
    /// inside a `format` call are exempt. Kept apart (see `Checker::invalid`).
    pub(super) fn validate_literals(&mut self) {
        let ty = |c: &Self, id: u64, optional: bool| {
            let t = c.types.get(&id).cloned().unwrap_or(Ty::Dyn);
            match (optional, t) {
                (true, Ty::Optional(v)) => *v,
                (_, t) => t,
            }
        };
        for literal in std::mem::take(&mut self.literals) {
            let mut issues = Vec::new();
            match literal {
                Literal::List(elems) => {
                    let mut first = None;
                    for (id, optional) in elems {
                        let t = ty(self, id, optional);
                        let Some(f) = &first else {
                            first = Some(t);
                            continue;
                        };
                        if !f.exact_eq(&t) {
                            issues.push((id, f.name(), t.name()));
                            break;
                        }
                    }
                }
                Literal::Map(entries) => {
                    let mut first: Option<(Ty, Ty)> = None;
                    for (k, v, optional) in entries {
                        let (kt, vt) = (ty(self, k, false), ty(self, v, optional));
                        let Some((fk, fv)) = &first else {
                            first = Some((kt, vt));
                            continue;
                        };
                        if !fk.exact_eq(&kt) {
                            issues.push((k, fk.name(), kt.name()));
                        }
                        if !fv.exact_eq(&vt) {
                            issues.push((v, fv.name(), vt.name()));
                        }
                    }
                }
            }
            for (id, want, found) in issues {
                let msg = format!("expected type '{want}' but found '{found}'");
                let issue = self.at_node(id, &msg);
                self.invalid.push(issue);
            }
        }
    }
}

/// A list or map literal outside `format` calls, for [`Checker::validate_literals`].
pub(super) enum Literal {
    /// Each element, and whether it is optional (`[?x]`).
    List(Vec<(u64, bool)>),
    /// Each key and value, and whether the entry is optional (`{?k: v}`).
    Map(Vec<(u64, u64, bool)>),
}
