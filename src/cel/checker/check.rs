//! Compile-time checks as cel-go's type checker makes them: what would make kube-apiserver 1.36
//! refuse a rule. Variables other than `self`, `oldSelf` and macro variables; functions the 1.36
//! environment does not declare; calls no overload takes ([`crate::cel::overloads`]); fields an
//! object's schema does not declare (`undefined field`); selections on what has no fields;
//! comprehension ranges that are not lists or maps; literals that are not homogeneous. `oldSelf`
//! use is recorded (transition rules).
//!
//! Types ([`crate::cel::types`]) are followed through selections, indexing, macro variables,
//! literals and every call. As cel-go's checker, it goes on after a type error and reports
//! them all; what cel-go's AST validators find is reported only without one.

use crate::cel::ast::{macro_of, Ast, SourceInfo};
use crate::cel::ast::{ComprehensionExpr, EntryExpr, Expr, IdedExpr, LiteralValue, StructExpr};
use crate::cel::decl::{Decl, Kind};
use crate::cel::issues::{Issue, Issues};
use crate::cel::mapping::Mapping;
use crate::cel::overloads;
use crate::cel::types::{self, Ty};
use crate::cel::val::Val;
use crate::versions::CelEnv;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

mod calls;

use calls::Literal;

/// The type an expression must have: a rule's is bool, a `messageExpression`'s string.
#[derive(Clone, Copy, Debug)]
pub enum Want {
    Bool,
    String,
    /// Any type (the cost tests' expressions).
    #[cfg(test)]
    Any,
}

/// Why an expression does not compile, as the apiserver's `compileRule` and
/// `compileMessageExpression` give it (an `apiservercel.Error`'s detail).
#[derive(Debug)]
pub enum CompileError {
    /// cel-go's issues, the parser's or the type checker's; displayed as `Issues.String()`
    /// writes them: each `ERROR: <input>:1:6: undefined field 'x'` with the source line and a
    /// caret.
    Issues(Issues),
    /// The expression has another type than `Want` (checked after it compiled).
    Type(Want),
}

impl std::fmt::Display for CompileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CompileError::Issues(issues) => issues.fmt(f),
            CompileError::Type(Want::Bool) => f.write_str("cel expression must evaluate to a bool"),
            CompileError::Type(Want::String) => {
                f.write_str("messageExpression must evaluate to a string")
            }
            #[cfg(test)]
            CompileError::Type(Want::Any) => unreachable!("any type fits"),
        }
    }
}

/// What the check learnt about a rule.
#[derive(Debug, Default)]
pub struct Checked {
    pub uses_old_self: bool,
    /// Reads (selections, indexing, variables) of `byte` and `duration` strings, whose
    /// conversion may have failed (see [`crate::cel::value::Invalid`]).
    pub strfmt: HashSet<u64>,
    /// Every node's type (by expression id), which the cost estimate reads.
    pub types: HashMap<u64, Ty>,
    /// The calls only one overload takes, with its id (`add_string`), as cel-go's checker
    /// records them: the runtime cost of some depends on it ([`crate::cel::interp`]).
    pub overloads: HashMap<u64, &'static str>,
    /// The member-style calls that name a global function of a qualified name
    /// (`sets.contains(…)`, `format.dns1123Label()`), with that name.
    pub globals: HashMap<u64, String>,
    /// The environment the rule was checked in, whose overloads a call the checker did not
    /// resolve to one dispatches over at run time.
    pub env: CelEnv,
}

struct Checker<'a> {
    src: &'a str,
    /// The version-gated declarations the environment has ([`crate::versions`]).
    env: CelEnv,
    /// Where each node is.
    info: &'a SourceInfo,
    this: Arc<Decl>,
    /// `optionalOldSelf`: `oldSelf` is an optional of `self`'s type.
    optional_old_self: bool,
    scopes: Vec<(String, Ty)>,
    uses_old_self: bool,
    strfmt: HashSet<u64>,
    types: HashMap<u64, Ty>,
    overloads: HashMap<u64, &'static str>,
    globals: HashMap<u64, String>,
    /// The type variables and what they are bound to.
    vars: Mapping,
    /// The list and map literals, for cel-go's homogeneous-literal validator.
    literals: Vec<Literal>,
    /// How many `format` calls enclose the expression being checked: their list and map
    /// literals may mix types (cel-go's homogeneous-literal validator exempts them).
    in_format: u32,
    /// The type errors found so far (cel-go's checker goes on after each, the node typed as
    /// an error, which no later check reports again: `Ty::Dyn` here).
    errors: Vec<Issue>,
    /// What cel-go's AST validators (literal arguments, `format` clauses, homogeneous
    /// literals) find: reported only when there is no type error, as cel-go runs them only on
    /// an expression that type-checked.
    invalid: Vec<Issue>,
}

/// Checks `expr` (parsed from `src`) with `self` of type `this`. The error's issues are in
/// the order of their places in the source.
#[cfg(test)]
pub fn check(
    expr: &Ast,
    src: &str,
    this: &Arc<Decl>,
    optional_old_self: bool,
    want: Want,
) -> Result<Checked, CompileError> {
    let env = crate::versions::current().cel_new;
    check_in(expr, src, this, optional_old_self, want, env)
}

/// [`check`] in the environment `env` (new or stored expressions, see
/// [`crate::cel::preexisting`]).
pub fn check_in(
    expr: &Ast,
    src: &str,
    this: &Arc<Decl>,
    optional_old_self: bool,
    want: Want,
    env: CelEnv,
) -> Result<Checked, CompileError> {
    types::with_self(this, || {
        let mut c = Checker {
            src,
            env,
            info: &expr.info,
            this: this.clone(),
            optional_old_self,
            scopes: Vec::new(),
            uses_old_self: false,
            strfmt: HashSet::new(),
            types: HashMap::new(),
            overloads: HashMap::new(),
            globals: HashMap::new(),
            vars: Mapping::default(),
            literals: Vec::new(),
            in_format: 0,
            errors: Vec::new(),
            invalid: Vec::new(),
        };
        // The two-variable macros' variables are cel-go's parser's to check (its macro
        // expander): their errors are the parse's, and nothing is type-checked.
        if env.two_var_comprehensions {
            let mut found = Vec::new();
            c.macro_variables(expr, &mut found);
            if !found.is_empty() {
                return Err(CompileError::Issues(Issues::reported(src, found)));
            }
        }
        let ty = c
            .walk(expr)
            .map_err(|issue| CompileError::Issues(Issues::new(src, vec![issue])))?;
        // The final types: every variable substituted, unbound ones `dyn`.
        let ty = c.vars.substitute(&ty, true);
        for t in c.types.values_mut() {
            *t = c.vars.substitute(t, true);
        }
        if c.errors.is_empty() {
            c.validate_literals();
        }
        for found in [&mut c.errors, &mut c.invalid] {
            if !found.is_empty() {
                let found = std::mem::take(found);
                // cel-go's checker keeps the first 100 it reports (`common.Errors`).
                return Err(CompileError::Issues(Issues::reported(src, found)));
            }
        }
        let fits = match (&want, &ty) {
            #[cfg(test)]
            (Want::Any, _) => true,
            (_, Ty::Dyn) => true,
            (_, Ty::Node(d)) => d.kind == Kind::IntOrString,
            (Want::Bool, t) => matches!(t, Ty::Bool),
            (Want::String, t) => matches!(t, Ty::Str),
        };
        if !fits {
            return Err(CompileError::Type(want));
        }
        Ok(Checked {
            uses_old_self: c.uses_old_self,
            strfmt: c.strfmt,
            types: c.types,
            overloads: c.overloads,
            globals: c.globals,
            env: c.env,
        })
    })
}

impl Checker<'_> {
    /// `e`'s type; a type error found at it is kept, and `e` is then dynamic.
    fn walk(&mut self, e: &IdedExpr) -> Result<Ty, Issue> {
        let t = match self.walk_expr(e) {
            Ok(t) => self.vars.substitute(&t, false),
            Err(issue) => {
                self.errors.push(issue);
                Ty::Dyn
            }
        };
        let read = match &e.expr {
            Expr::Select(s) => !s.test,
            Expr::Ident(_) => true,
            Expr::Call(c) => c.func_name == "_[_]",
            _ => false,
        };
        if read && matches!(t, Ty::Bytes | Ty::Duration | Ty::Timestamp) {
            self.strfmt.insert(e.id);
        }
        self.types.insert(e.id, t.clone());
        Ok(t)
    }

    fn walk_expr(&mut self, e: &IdedExpr) -> Result<Ty, Issue> {
        match &e.expr {
            Expr::Ident(name) => self.ident(e.id, name),
            Expr::Literal(LiteralValue::String(_)) => Ok(Ty::Str),
            Expr::Literal(LiteralValue::Boolean(_)) => Ok(Ty::Bool),
            Expr::Literal(LiteralValue::Int(_)) => Ok(Ty::Int),
            Expr::Literal(LiteralValue::Double(_)) => Ok(Ty::Double),
            Expr::Literal(LiteralValue::UInt(_)) => Ok(Ty::Uint),
            Expr::Literal(LiteralValue::Bytes(_)) => Ok(Ty::Bytes),
            Expr::Literal(LiteralValue::Null) => Ok(Ty::Null),
            // A qualified type name (`net.IP`) is looked up first, as cel-go's `checkSelect`
            // does, even when its first part is a variable.
            Expr::Select(s) => {
                if let Some((_, t)) = types::named_by_selection(e) {
                    return Ok(Ty::Type(Box::new(t)));
                }
                let operand = self.walk(&s.operand)?;
                let field = self.select(e.id, operand, &s.field)?;
                Ok(if s.test { Ty::Bool } else { field })
            }
            Expr::Call(call) => {
                let format = call.func_name == "format";
                self.in_format += u32::from(format);
                let t = self.call(e.id, &call.func_name, call.target.as_deref(), &call.args);
                self.in_format -= u32::from(format);
                if format && t.is_ok() {
                    self.format_literal(e.id, call.target.as_deref(), &call.args);
                }
                t
            }
            Expr::List(l) => {
                let (mut elem, mut same) = (None, true);
                let mut sites = Vec::with_capacity(l.elements.len());
                for (i, x) in l.elements.iter().enumerate() {
                    let t = self.walk(x)?;
                    // `[?x]`: the optional's value.
                    let optional = l.optional_indices.contains(&i);
                    let t = if optional {
                        self.unwrap_optional(x, t)
                    } else {
                        t
                    };
                    same = same && elem.as_ref().is_none_or(|e| same_values(e, &t));
                    sites.push((x.id, optional));
                    elem = Some(self.join(elem, &t));
                }
                if self.in_format == 0 {
                    self.literals.push(Literal::List(sites));
                }
                // Schema values of different nodes (or with other values) are plain values.
                let elem = match elem {
                    Some(e) if same => e,
                    Some(e) => e.view(),
                    None => self.vars.fresh(),
                };
                Ok(Ty::List(Box::new(elem)))
            }
            Expr::Map(m) => {
                let (mut key, mut value) = (None, None);
                let mut sites = Vec::with_capacity(m.entries.len());
                for entry in &m.entries {
                    if let EntryExpr::MapEntry(me) = &entry.expr {
                        let k = self.walk(&me.key)?;
                        let v = self.walk(&me.value)?;
                        let v = if me.optional {
                            self.unwrap_optional(&me.value, v)
                        } else {
                            v
                        };
                        sites.push((me.key.id, me.value.id, me.optional));
                        key = Some(self.join(key, &k));
                        value = Some(self.join(value, &v));
                    }
                }
                if self.in_format == 0 {
                    self.literals.push(Literal::Map(sites));
                }
                let k = key.unwrap_or_else(|| self.vars.fresh());
                let v = value.unwrap_or_else(|| self.vars.fresh());
                Ok(Ty::Map(Box::new(k), Box::new(v)))
            }
            Expr::Struct(m) => self.create_struct(e.id, m),
            Expr::Unspecified => Ok(Ty::Dyn),
            Expr::Comprehension(c) => {
                if !self.env.exists_one_macro {
                    if let Some(r) = self.exists_one_call(e.id, c) {
                        return r;
                    }
                }
                let range = self.walk(&c.iter_range)?;
                if let Err(issue) = self.range(&c.iter_range, &range) {
                    self.errors.push(issue);
                }
                let (first, second) = element_types(&range, c.iter_var2.is_some());
                // The accumulator has its initial value's type, in a scope of its own; the
                // iteration variables in one inside it, for the condition and the step only
                // (cel-go's `checkComprehension`: a variable of the accumulator's name, which
                // cel-go v0.22 allows, hides it there).
                let accu = self.walk(&c.accu_init)?;
                let mark = self.scopes.len();
                self.scopes.push((c.accu_var.clone(), accu));
                self.scopes.push((c.iter_var.clone(), first.clone()));
                if let Some(v2) = &c.iter_var2 {
                    self.scopes.push((v2.clone(), second));
                }
                self.walk(&c.loop_cond)?;
                self.walk(&c.loop_step)?;
                self.scopes.truncate(mark + 1);
                self.walk(&c.result)?;
                let result = self.macro_result(c, first);
                self.scopes.truncate(mark);
                result
            }
        }
    }

    /// `r.existsOne(x, p)` where cel-go has no such macro (v0.22, Kubernetes 1.32): the call
    /// of an undeclared member function, as cel-go checks it (the target, then the arguments
    /// `x` and `p` in the enclosing scope, then `undeclared reference to 'existsOne'` at its
    /// `(`). `None` when comprehension `id` is not one so written.
    fn exists_one_call(&mut self, id: u64, c: &ComprehensionExpr) -> Option<Result<Ty, Issue>> {
        let Some(("exists_one", written)) = macro_of(c) else {
            return None;
        };
        let call = self
            .info
            .macro_call(id)
            .filter(|c| c.function == "existsOne")?;
        let (paren, var) = (self.info.offset(id)?, call.var?);
        if let Err(issue) = self.walk(&c.iter_range) {
            return Some(Err(issue));
        }
        if self.ident(id, &c.iter_var).is_err() {
            let msg = format!("undeclared reference to '{}' (in container '')", c.iter_var);
            self.errors.push(Issue::at(self.src, var, msg));
        }
        for p in written {
            if let Err(issue) = self.walk(p) {
                return Some(Err(issue));
            }
        }
        let msg = "undeclared reference to 'existsOne' (in container '')";
        Some(Err(Issue::at(self.src, paren, msg)))
    }

    /// The type of a macro's result: a bool, or the list `map` and `filter` build (plain
    /// lists, whatever the range's list type); `first` is the variable's type.
    fn macro_result(&mut self, c: &ComprehensionExpr, first: Ty) -> Result<Ty, Issue> {
        Ok(match macro_of(c) {
            Some(("all" | "exists" | "exists_one", _)) => Ty::Bool,
            Some(("filter", _)) => Ty::List(Box::new(first)),
            Some(("map", written)) => match written.last() {
                // Its type only: the loop's step walked it already, with its issues.
                Some(f) => Ty::List(Box::new(self.type_again(f))),
                None => Ty::Dyn,
            },
            _ => Ty::Dyn,
        })
    }

    /// The type of `e`, walked before (with its bindings since).
    fn type_again(&mut self, e: &IdedExpr) -> Ty {
        match self.types.get(&e.id) {
            Some(t) => self.vars.substitute(t, false),
            None => Ty::Dyn,
        }
    }

    /// Identifier `name` (node `id`, where its error is placed).
    fn ident(&mut self, id: u64, name: &str) -> Result<Ty, Issue> {
        if let Some((_, t)) = self.scopes.iter().rev().find(|(n, _)| n == name) {
            return Ok(t.clone());
        }
        match name {
            "self" => Ok(Ty::of(&self.this)),
            "oldSelf" => {
                self.uses_old_self = true;
                let t = Ty::of(&self.this);
                Ok(match self.optional_old_self {
                    true => Ty::Optional(Box::new(t)),
                    false => t,
                })
            }
            // Type denotations (`int`, `string`…) used with `type()` ([`types::denoted`]).
            _ => match types::denoted(name) {
                Some(t) => Ok(Ty::Type(Box::new(t))),
                None => Err(self.at_node(
                    id,
                    &format!("undeclared reference to '{name}' (in container '')"),
                )),
            },
        }
    }

    /// A message literal `Name{f: v, …}` (`id`, whose errors are at its `{`), as cel-go's
    /// `checkCreateStruct` checks it: its name looked up as an identifier (`undeclared
    /// reference`), which must be a type (`'x' is not a type`) of a message (`'int' is not a
    /// message type`). No schema object can be named (the apiserver names them after its
    /// clock), so only the well-known types (`google.protobuf.Duration`, `list`, `null_type`…)
    /// are messages here; their fields are not checked. Of a name that is no message, every
    /// field value is checked (an optional field's must be an optional), and each field is
    /// `unexpected failed resolution` of the name.
    fn create_struct(&mut self, id: u64, m: &StructExpr) -> Result<Ty, Issue> {
        let name = m.type_name.strip_prefix('.').unwrap_or(&m.type_name);
        let variable = match self.scopes.iter().rev().find(|(n, _)| n == name) {
            Some((_, t)) => Some(t.clone()),
            None if matches!(name, "self" | "oldSelf") => Some(Ty::of(&self.this)),
            None => None,
        };
        let error = match (variable, types::denoted(name)) {
            (Some(t), _) => format!("'{}' is not a type", types::declared_name(&t)),
            (None, None) => {
                let msg = format!("undeclared reference to '{name}' (in container '')");
                return Err(self.at_node(id, &msg));
            }
            (None, Some(t)) if types::is_well_known(&t) => return Ok(t),
            (None, Some(t)) => format!("'{}' is not a message type", types::declared_name(&t)),
        };
        for entry in &m.entries {
            if let EntryExpr::StructField(f) = &entry.expr {
                let t = self.walk(&f.value)?;
                let msg = format!("unexpected failed resolution of '{name}'");
                let issue = self.at_node(entry.id, &msg);
                self.errors.push(issue);
                // An optional field's value must be an optional.
                if f.optional && !matches!(t, Ty::Optional(_)) && !t.is_dyn() {
                    let want = Ty::Optional(Box::new(t.clone()));
                    let msg = format!("expected type '{}' but found '{}'", want.name(), t.name());
                    let issue = self.at_node(f.value.id, &msg);
                    self.errors.push(issue);
                }
            }
        }
        Err(self.at_node(id, &error))
    }

    /// Field `field` of `operand` (selection `id`, whose errors are at its `.`).
    fn select(&mut self, id: u64, operand: Ty, field: &str) -> Result<Ty, Issue> {
        let at = |c: &Self, msg: &str| c.at_node(id, msg);
        match operand.view() {
            Ty::Node(d) => match d.field(field) {
                Some(f) => Ok(Ty::of(&f.decl)),
                None => Err(at(self, &format!("undefined field '{field}'"))),
            },
            Ty::Map(_, v) => Ok(*v),
            // On an optional, the field of its value, as an optional.
            Ty::Optional(t) => Ok(Ty::Optional(Box::new(self.select(id, *t, field)?))),
            // A type variable is `dyn` from then on.
            Ty::Var(_) => {
                self.vars.assignable(&Ty::Dyn, &operand);
                Ok(Ty::Dyn)
            }
            Ty::Dyn | Ty::Opaque(_) => Ok(Ty::Dyn),
            t => {
                let msg = format!("type '{}' does not support field selection", t.name());
                Err(at(self, &msg))
            }
        }
    }

    fn call(
        &mut self,
        id: u64,
        name: &str,
        target: Option<&IdedExpr>,
        args: &[IdedExpr],
    ) -> Result<Ty, Issue> {
        if let Some(r) = self
            .env
            .two_var_comprehensions
            .then(|| self.two_variable_macro(id, name, target, args))
            .flatten()
        {
            return r;
        }
        if let (Some(list), [var, key], "sortBy", true) = (target, args, name, self.env.lists_v3) {
            if let Expr::Ident(var) = &var.expr {
                let range = self.walk(list)?;
                if let Err(issue) = self.range(list, &range) {
                    self.errors.push(issue);
                }
                let (elem, _) = element_types(&range, false);
                let mark = self.scopes.len();
                self.scopes.push((var.clone(), elem));
                let r = self.walk(key);
                self.scopes.truncate(mark);
                r?;
                return Ok(range);
            }
        }
        if let (Some(opt), [var, body], "optMap" | "optFlatMap") = (target, args, name) {
            if let Expr::Ident(var) = &var.expr {
                let t = self.walk(opt)?;
                let value = match t.view() {
                    Ty::Optional(v) => *v,
                    _ => Ty::Dyn,
                };
                let mark = self.scopes.len();
                self.scopes.push((var.clone(), value));
                let r = self.walk(body);
                self.scopes.truncate(mark);
                // `optMap` wraps the body's value; `optFlatMap`'s body is an optional.
                return r.map(|t| match name {
                    "optMap" => Ty::Optional(Box::new(t)),
                    _ => t,
                });
            }
        }
        // `x.?f`: the field as an optional (of the value's field when `x` is an optional).
        if let ("_?._", [operand, field]) = (name, args) {
            if let Expr::Literal(LiteralValue::String(f)) = &field.expr {
                let t = self.walk(operand)?;
                let inner = match t.view() {
                    Ty::Optional(v) => *v,
                    t => t,
                };
                let t = self.select(id, inner, f.as_ref())?;
                return Ok(Ty::Optional(Box::new(t)));
            }
        }
        // `a.b.f(…)` names a global function when one is declared so; else, as in cel-go,
        // it is the member call `f` on `a.b` (`math.greatest(…)`: `math` undeclared, then
        // `greatest`, at the `(`).
        let qualified = target.and_then(|t| self.qualified(t, name));
        if let Some(q) = qualified.filter(|q| overloads::declared(q, false, &self.env)) {
            let mut arg_types = Vec::with_capacity(args.len());
            for a in args {
                arg_types.push(self.walk(a)?);
            }
            let t = self.global(id, &q, &arg_types);
            self.globals.insert(id, q);
            return t;
        }
        let receiver = match target {
            Some(t) => Some(self.walk(t)?),
            None => None,
        };
        self.literal_argument(name, args);
        let mut arg_types = Vec::with_capacity(args.len());
        for a in args {
            arg_types.push(self.walk(a)?);
        }
        if name.starts_with('_')
            || name.starts_with('@')
            || name.starts_with("!_")
            || name.starts_with("-_")
        {
            if matches!(name, "_&&_" | "_||_") {
                self.logical(args, &arg_types)?;
            }
            return self.operator(id, name, &arg_types);
        }
        match receiver {
            Some(r) => {
                arg_types.insert(0, r);
                self.member(id, name, &arg_types)
            }
            None if overloads::declared_any(name, &self.env) => self.global(id, name, &arg_types),
            None => Err(self.at_node(
                id,
                &format!("undeclared reference to '{name}' (in container '')"),
            )),
        }
    }

    /// cel-go's compile-time check of `'<literal>'.format([<list literal>])` (call `id`;
    /// `stringFormatValidator`, which the strings library of version 2 turns on): the format's
    /// syntax, the count of arguments (both at the call), and a clause whose argument's static
    /// type it cannot take (`error during formatting: …` at that argument), a literal's too.
    fn format_literal(&mut self, id: u64, target: Option<&IdedExpr>, args: &[IdedExpr]) {
        let (
            Some(IdedExpr {
                expr: Expr::Literal(LiteralValue::String(f)),
                ..
            }),
            [list],
        ) = (target, args)
        else {
            return;
        };
        let Expr::List(l) = &list.expr else {
            return;
        };
        let mut values = Vec::with_capacity(l.elements.len());
        for (i, x) in l.elements.iter().enumerate() {
            let t = self.type_again(x);
            values.push(
                (!l.optional_indices.contains(&i))
                    .then(|| sample(&t).or_else(|| type_only(&t)))
                    .flatten(),
            );
        }
        if let Err((at, msg)) = crate::cel::library::check_format(f.as_ref(), &values) {
            let node = at.map_or(id, |i| l.elements[i].id);
            let issue = self.at_node(node, &msg);
            self.invalid.push(issue);
        }
    }

    /// cel-go's literal validators (1.36 turns on those for durations, timestamps and
    /// regular expressions): a literal first argument of `duration`, `timestamp` or `matches`
    /// that fails is `invalid <name> argument` at the literal.
    fn literal_argument(&mut self, name: &str, args: &[IdedExpr]) {
        let Some(arg) = args.first() else {
            return;
        };
        let ok = match (name, &arg.expr) {
            ("matches", Expr::Literal(LiteralValue::String(p))) => {
                crate::go::regexp::check(p.as_ref()).is_ok()
            }
            ("duration", Expr::Literal(LiteralValue::String(d))) => {
                crate::go::time::parse_duration(d.as_ref()).is_some()
            }
            // `duration(int)` is declared but never evaluates (see `library::conv`).
            ("duration", Expr::Literal(LiteralValue::Int(_))) => false,
            ("timestamp", Expr::Literal(l)) => timestamp_literal_ok(l),
            _ => return,
        };
        if !ok {
            let issue = self.at_node(arg.id, &format!("invalid {name} argument"));
            self.invalid.push(issue);
        }
    }

    /// The errors cel-go's macro expander gives the variables of each two-variable
    /// comprehension in `e` (`extractIterVars` in `ext/comprehensions.go`): a variable that is
    /// not a simple name, the second named as the first, or either named as the accumulator;
    /// one error a call, at the variable.
    fn macro_variables(&self, e: &IdedExpr, found: &mut Vec<Issue>) {
        if let Expr::Call(call) = &e.expr {
            let n = call.args.len();
            let expanded = call.target.is_some()
                && match call.func_name.as_str() {
                    "all" | "exists" | "existsOne" | "exists_one" => n == 3,
                    "transformList" | "transformMap" | "transformMapEntry" => n == 3 || n == 4,
                    _ => false,
                };
            if expanded {
                if let Some(issue) = self.iteration_variables(&call.args[0], &call.args[1]) {
                    found.push(issue);
                }
            }
        }
        for x in crate::cel::ast::children(e) {
            self.macro_variables(x, found);
        }
    }

    /// cel-go's `extractIterVars` of a two-variable macro's first two arguments.
    fn iteration_variables(&self, a: &IdedExpr, b: &IdedExpr) -> Option<Issue> {
        let name = |x: &IdedExpr| match &x.expr {
            Expr::Ident(n) => Ok(n.clone()),
            _ => Err(self.at_node(x.id, "argument must be a simple name")),
        };
        let (first, second) = match (name(a), name(b)) {
            (Err(issue), _) | (_, Err(issue)) => return Some(issue),
            (Ok(first), Ok(second)) => (first, second),
        };
        if first == second {
            return Some(self.at_node(b.id, &format!("duplicate variable name: {first}")));
        }
        let overwrites = "iteration variable overwrites accumulator variable";
        for (x, n) in [(a, &first), (b, &second)] {
            if crate::cel::syntax::is_accumulator(n) {
                return Some(self.at_node(x.id, overwrites));
            }
        }
        None
    }

    /// 1.36's two-variable comprehensions (`all`, `exists`, `existsOne` with two variables,
    /// `transformList`, `transformMap`, `transformMapEntry`), call `id`. The predicate and the
    /// filter are checked where cel-go's expansion (`ext/comprehensions.go`) puts them: the
    /// operand of `&&` (`all`) or `||` (`exists`), the condition of a `?:` (`existsOne`, a
    /// transform's filter) that the macro's call stands for.
    fn two_variable_macro(
        &mut self,
        id: u64,
        name: &str,
        target: Option<&IdedExpr>,
        args: &[IdedExpr],
    ) -> Option<Result<Ty, Issue>> {
        let quantifier = matches!(name, "all" | "exists" | "existsOne" | "exists_one");
        let transform = matches!(name, "transformList" | "transformMap" | "transformMapEntry");
        let fits = (quantifier && args.len() == 3) || (transform && (3..=4).contains(&args.len()));
        let (Some(range), true) = (target, fits) else {
            return None;
        };
        let (Expr::Ident(a), Expr::Ident(b)) = (&args[0].expr, &args[1].expr) else {
            return None;
        };
        // The accumulator's initial value, checked after the range: a transform's empty list
        // (one type variable) or map (two).
        let init_vars = match name {
            "transformList" => 1,
            "transformMap" | "transformMapEntry" => 2,
            _ => 0,
        };
        let (first, last, filter) = match self.two_variable(range, a, b, &args[2..], init_vars) {
            Ok(types) => types,
            Err(issue) => return Some(Err(issue)),
        };
        // The type variables cel-go's checker makes for the expansion's calls, after its
        // bodies: `existsOne`'s `_+_`, `_?_:_` and `_==_` (one each), a list transform's
        // `_+_` (one), a map transform's `cel.@mapInsert` (two overloads of two), a filter's
        // `_?_:_` (one).
        let filtered = u32::from(args.len() == 4);
        self.vars.skip(match name {
            "existsOne" | "exists_one" => 3,
            "transformList" => 1 + filtered,
            "transformMap" | "transformMapEntry" => 4 + filtered,
            _ => 0,
        });
        // `cel.@mapInsert(accu, t)` takes a map (or what may hold one) as `t`, its overloads
        // `(map(K, V), K, V)` and `(map(K, V), map(K, V))`; the accumulator is the empty map's
        // type, its variables unbound.
        if name == "transformMapEntry" && !matches!(last.view(), Ty::Map(..)) && !last.is_dyn() {
            let accu = Ty::Map(Box::new(Ty::Dyn), Box::new(Ty::Dyn));
            return Some(Err(self.no_overload(
                id,
                "cel.@mapInsert",
                &[accu, last],
                false,
            )));
        }
        let result = match name {
            _ if quantifier => Ty::Bool,
            "transformList" => Ty::List(Box::new(last)),
            "transformMap" => Ty::Map(Box::new(first), Box::new(last)),
            _ => match last.view() {
                Ty::Map(..) => last,
                _ => Ty::Dyn,
            },
        };
        let checked = match name {
            "all" => self.logical(&args[2..], &[filter]),
            "exists" => self.logical(&args[2..], &[filter]),
            // `_?_:_(p, accu + 1, accu)`.
            _ if quantifier => self.condition(id, filter, &[Ty::Int, Ty::Int]),
            // `_?_:_(f, accu + [t], accu)`, `_?_:_(f, cel.@mapInsert(accu, …), accu)`.
            _ if args.len() == 4 => {
                let accu = result.clone();
                self.condition(id, filter, &[accu.clone(), accu])
            }
            _ => Ok(()),
        };
        Some(checked.map(|()| result))
    }

    /// The condition of a `?:` a macro's expansion made (at its call `id`), of type `t`, with
    /// its branches of types `branches`: cel-go's `no matching overload` unless a bool.
    fn condition(&mut self, id: u64, t: Ty, branches: &[Ty]) -> Result<(), Issue> {
        if self.vars.assignable(&t, &Ty::Bool) {
            return Ok(());
        }
        let mut args = vec![self.vars.substitute(&t, true)];
        args.extend(branches.iter().cloned());
        Err(self.no_overload(id, "_?_:_", &args, false))
    }

    /// `range.all(a, b, pred)` and the like: `bodies` checked with `a` and `b` bound. The
    /// first variable's type, the last body's and the first body's (a predicate or filter).
    fn two_variable(
        &mut self,
        range_expr: &IdedExpr,
        a: &str,
        b: &str,
        bodies: &[IdedExpr],
        init_vars: u32,
    ) -> Result<(Ty, Ty, Ty), Issue> {
        let range = self.walk(range_expr)?;
        if let Err(issue) = self.range(range_expr, &range) {
            self.errors.push(issue);
        }
        self.vars.skip(init_vars);
        let (first, second) = element_types(&range, true);
        let mark = self.scopes.len();
        self.scopes.push((a.to_string(), first.clone()));
        self.scopes.push((b.to_string(), second));
        let mut types = Vec::new();
        let mut r = Ok(());
        for e in bodies {
            match self.walk(e) {
                Ok(t) => types.push(t),
                Err(issue) => {
                    r = Err(issue);
                    break;
                }
            }
        }
        self.scopes.truncate(mark);
        r.map(|_| {
            let head = types.first().cloned().unwrap_or(Ty::Dyn);
            (first, types.pop().unwrap_or(Ty::Dyn), head)
        })
    }

    /// The value type of `[?x]` or `{?k: x}`'s `x` of type `t`: an optional's, or cel-go's
    /// `expected type 'optional_type(T)' but found 'T'` at `x`.
    fn unwrap_optional(&mut self, x: &IdedExpr, t: Ty) -> Ty {
        match t.view() {
            Ty::Optional(v) => *v,
            t if t.is_dyn() => Ty::Dyn,
            t => {
                let msg = format!(
                    "expected type 'optional_type({})' but found '{}'",
                    t.name(),
                    t.name()
                );
                let issue = self.at_node(x.id, &msg);
                self.errors.push(issue);
                Ty::Dyn
            }
        }
    }

    /// `a.b.f` as the qualified function name `a.b.f` when `a` is not a variable.
    fn qualified(&self, target: &IdedExpr, name: &str) -> Option<String> {
        qualified_name(target, name, |id| self.scopes.iter().any(|(n, _)| n == id))
    }
}

/// Whether values of types `a` and `b` are the same kind of value: of the same schema node
/// (whose set and map lists compare as such), or plain values of the same type.
fn same_values(a: &Ty, b: &Ty) -> bool {
    match (a, b) {
        (Ty::Node(x), Ty::Node(y)) => Arc::ptr_eq(x, y),
        (Ty::Node(_), _) | (_, Ty::Node(_)) => false,
        (Ty::List(x), Ty::List(y)) => same_values(x, y),
        (Ty::Map(k1, v1), Ty::Map(k2, v2)) => same_values(k1, k2) && same_values(v1, v2),
        _ => a.exact_eq(b),
    }
}

/// Whether `timestamp(<literal>)` converts (cel-go's literal validator runs the conversion).
fn timestamp_literal_ok(l: &LiteralValue) -> bool {
    let v = match l {
        LiteralValue::String(s) => Val::str(s.as_ref()),
        LiteralValue::Int(i) => Val::Int(*i),
        _ => return true,
    };
    crate::cel::library::timestamp_literal_ok(&v)
}

/// A value of static type `t`, for the format check (`None` when `t` is not a plain type).
fn sample(t: &Ty) -> Option<Val> {
    use Val as V;
    Some(match t {
        Ty::Int => V::Int(0),
        Ty::Uint => V::Uint(0),
        Ty::Double => V::Double(0.0),
        Ty::Str => V::str(""),
        Ty::Bool => V::Bool(false),
        Ty::Bytes => V::bytes(b""),
        Ty::Null => V::Null,
        Ty::Duration => V::Duration(chrono::Duration::zero()),
        _ => return None,
    })
}

/// A stand-in for an argument whose type no `format()` clause takes (`stringFormatChecker`
/// checks the kind of the argument's type: an object, a library type or an optional is none
/// of the kinds it lists), named by `TypeName()`.
fn type_only(t: &Ty) -> Option<Val> {
    let name = match t.view() {
        Ty::Node(d) if matches!(d.kind, Kind::Object(_)) => Ty::Node(d).name(),
        Ty::Opaque(name) => name.to_string(),
        Ty::Optional(_) => "optional_type".to_string(),
        _ => return None,
    };
    Some(crate::cel::library::type_only(name))
}

/// The types of a comprehension's variables over `range`.
fn element_types(range: &Ty, two: bool) -> (Ty, Ty) {
    match range.view() {
        Ty::List(elem) if two => (Ty::Int, *elem),
        Ty::List(elem) => (*elem, Ty::Dyn),
        Ty::Map(key, value) => (*key, *value),
        _ => (Ty::Dyn, Ty::Dyn),
    }
}

/// `a.b.f(…)` as the qualified function name `a.b.f` (`sets.contains`, `format.named`) when
/// `target` is a chain of selections on an identifier that is not a variable: not `self`,
/// `oldSelf`, nor one `is_bound` names (a macro's).
pub(in crate::cel) fn qualified_name(
    target: &IdedExpr,
    name: &str,
    is_bound: impl Fn(&str) -> bool,
) -> Option<String> {
    let mut parts = vec![name.to_string()];
    let mut cur = target;
    loop {
        match &cur.expr {
            Expr::Ident(id) => {
                if id == "self" || id == "oldSelf" || is_bound(id) {
                    return None;
                }
                parts.push(id.clone());
                break;
            }
            Expr::Select(s) if !s.test => {
                parts.push(s.field.clone());
                cur = &s.operand;
            }
            _ => return None,
        }
    }
    parts.reverse();
    Some(parts.join("."))
}
