//! The walk of cel-go's cost estimator over a parsed rule: each node's cost range, its type
//! (as far as [`super::ty`] follows it), the schema path it reads (`self.spec.items.@items`)
//! from which the schema gives its size, sizes computed from the expression (literals,
//! concatenations, call results) and the entry sizes of built lists and maps. Comprehensions
//! cost their range times the cost of one step; local variables carry their range's path.

use super::calls::size;
use super::range::{Range, LIST_CREATE, MAP_CREATE, STRUCT_CREATE};
use super::ty::{self, list, view};
use crate::cel::ast::{
    ComprehensionExpr, EntryExpr, Expr, IdedExpr, ListExpr, LiteralValue, MapExpr,
};
use crate::cel::decl::{Decl, Kind};
use crate::cel::syntax::is_accumulator;
use crate::cel::types::{self, Ty};
use std::collections::HashMap;
use std::sync::Arc;

/// The sizes of the entries of a built list or map.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub list: bool,
    pub key: Range,
    pub val: Range,
}

impl Entry {
    /// Both entries' range, when both are known.
    pub fn union(a: Option<Entry>, b: Option<Entry>) -> Option<Entry> {
        let (a, b) = (a?, b?);
        Some(Entry {
            list: a.list,
            key: a.key.union(b.key),
            val: a.val.union(b.val),
        })
    }
}

/// What the estimate knows of one node.
pub struct Info {
    pub cost: Range,
    pub ty: Ty,
    /// The schema path it reads, starting with a variable (empty: none).
    pub path: Vec<String>,
    /// Its size (characters, bytes, items, entries), when known.
    pub size: Option<Range>,
    pub entry: Option<Entry>,
    /// The value of an integer literal.
    pub int_literal: Option<i64>,
    /// The schema size of its elements (`path.@items`), unless it is an accumulator.
    pub items_size: Option<Range>,
}

struct Var {
    name: String,
    path: Vec<String>,
    size: Option<Range>,
    entry: Option<Entry>,
    ty: Ty,
}

/// Where the estimator finds the sizes the expression does not give.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Sizer {
    /// The schema, along the node's path (the apiserver's).
    Schema,
    /// Strings and bytes up to 12, whatever their path (the library cost tests' estimator).
    #[cfg(test)]
    Text12,
    /// Bytes up to 12, nothing else (cel-go's own cost tests' estimator).
    #[cfg(test)]
    Bytes12,
}

/// The estimator for rules on one schema node.
pub struct Walker<'a> {
    root: &'a Arc<Decl>,
    vars: Vec<Var>,
    /// Where sizes the expression does not give come from.
    sizer: Sizer,
    /// `oldSelf` is an optional of `self`'s type (`optionalOldSelf: true`).
    pub optional_old_self: bool,
    /// The checker's type of every node, which stands for the walk's own where it is not `dyn`
    /// ([`ty::from_checked`]).
    pub checked: Option<&'a HashMap<u64, Ty>>,
    /// cel-go v0.23's sizes: comprehension variables carry the path and sizes of what they
    /// are bound to, built lists and maps their entry sizes, `dyn(x)` the size of `x`
    /// ([`crate::versions::Change::CostsV023`]).
    pub(super) sized_locals: bool,
}

impl<'a> Walker<'a> {
    /// An estimator where `self` (and `oldSelf`) are of type `root`.
    pub fn new(root: &'a Arc<Decl>) -> Self {
        Walker {
            root,
            vars: Vec::new(),
            sizer: Sizer::Schema,
            optional_old_self: false,
            checked: None,
            sized_locals: crate::versions::current().costs_v023,
        }
    }

    /// An estimator with other sizes (tests).
    #[cfg(test)]
    pub fn with_sizer(root: &'a Arc<Decl>, sizer: Sizer) -> Self {
        Walker {
            sizer,
            ..Walker::new(root)
        }
    }

    /// The estimator's size of a node reading `path`, of type `ty`.
    #[cfg_attr(not(test), allow(unused_variables))]
    pub(super) fn estimate_size(&self, path: &[String], ty: &Ty) -> Option<Range> {
        match self.sizer {
            Sizer::Schema => self.path_size(path),
            #[cfg(test)]
            Sizer::Text12 => ty::is_text(ty).then_some(Range { min: 0, max: 12 }),
            #[cfg(test)]
            Sizer::Bytes12 => matches!(ty, Ty::Bytes).then_some(Range { min: 0, max: 12 }),
        }
    }

    pub fn expr(&mut self, e: &IdedExpr) -> Info {
        let mut info = self.expr_of(e);
        let Some(ty) = self
            .checked
            .and_then(|m| m.get(&e.id))
            .and_then(ty::from_checked)
        else {
            return info;
        };
        if !matches!(info.ty, Ty::Unknown) {
            info.ty = ty;
            return info;
        }
        // Where this walk lost track (a function's result it does not model): sized as
        // cel-go sizes it.
        let size = info
            .size
            .filter(|_| info.entry.is_some() || ty::is_scalar(&ty));
        self.finish(info.cost, ty, info.path, size, info.entry)
    }

    fn expr_of(&mut self, e: &IdedExpr) -> Info {
        match &e.expr {
            Expr::Literal(l) => self.literal(l),
            Expr::Ident(name) => self.ident(name),
            Expr::Select(s) if s.test => {
                let operand = self.expr(&s.operand);
                self.finish(operand.cost, Ty::Bool, Vec::new(), None, None)
            }
            // A qualified type name (`net.IP`): an identifier for cel-go's checker, which
            // rewrites the selection to one before the estimate (`costIdent`: 1).
            Expr::Select(_) if types::named_by_selection(e).is_some() => {
                let (name, t) = types::named_by_selection(e).expect("a type name");
                let ty = Ty::Type(Box::new(t));
                self.finish(Range::fixed(1), ty, vec![name], None, None)
            }
            Expr::Select(s) => {
                let operand = self.expr(&s.operand);
                let unit = u64::from(ty::selects_at_cost(&operand.ty));
                let mut path = operand.path;
                path.push(s.field.clone());
                let ty = ty::field(&operand.ty, &s.field);
                self.finish(operand.cost.add(Range::fixed(unit)), ty, path, None, None)
            }
            Expr::Call(c) => self.call(c),
            Expr::List(l) => self.list(l),
            Expr::Map(m) => self.map(m),
            Expr::Struct(s) => {
                let mut cost = Range::fixed(STRUCT_CREATE);
                for entry in &s.entries {
                    if let EntryExpr::StructField(f) = &entry.expr {
                        cost = cost.add(self.expr(&f.value).cost);
                    }
                }
                self.finish(cost, Ty::Unknown, Vec::new(), None, None)
            }
            Expr::Comprehension(c) => self.comprehension(c),
            Expr::Unspecified => self.finish(Range::ZERO, Ty::Unknown, Vec::new(), None, None),
        }
    }

    /// Completes a node of type `ty` (viewed: a schema list or map is a list or map): its size
    /// is the computed one, else the schema's along its path, else 1 for scalars.
    pub fn finish(
        &self,
        cost: Range,
        ty: Ty,
        path: Vec<String>,
        computed: Option<Range>,
        entry: Option<Entry>,
    ) -> Info {
        let ty = view(ty);
        // cel-go v0.22 sized no entries.
        let entry = entry.filter(|_| self.sized_locals);
        let size = computed
            .or_else(|| self.estimate_size(&path, &ty))
            .or_else(|| ty::is_scalar(&ty).then_some(Range::fixed(1)));
        let accumulated = path.first().is_some_and(|p| is_accumulator(p));
        let items_size = match (&ty, accumulated || path.is_empty()) {
            (Ty::List(e) | Ty::Map(e, _), _) if self.sizer != Sizer::Schema => {
                self.estimate_size(&[], e)
            }
            (Ty::List(_) | Ty::Map(..), false) => {
                let mut items = path.clone();
                items.push("@items".into());
                self.path_size(&items)
            }
            _ => None,
        };
        Info {
            cost,
            ty,
            path,
            size,
            entry,
            int_literal: None,
            items_size,
        }
    }

    /// The schema's size bound along `path` (its first element, the variable, is skipped: every
    /// path is read from the rule's node).
    pub fn path_size(&self, path: &[String]) -> Option<Range> {
        if path.is_empty() {
            return None;
        }
        // `None`: a map's key, a string without elements or fields.
        let mut at: Option<&Arc<Decl>> = Some(self.root);
        for seg in &path[1..] {
            let d = at?;
            at = match (seg.as_str(), &d.kind) {
                ("@items" | "@values", Kind::List(e, _) | Kind::Map(e)) => Some(e),
                ("@items" | "@values", _) => return None,
                ("@keys", Kind::Map(_)) => None,
                ("@keys", _) => return None,
                (name, _) => Some(&d.field(name)?.decl),
            };
        }
        let max = at.map_or(0, |d| d.size.max_elements);
        Some(Range { min: 0, max })
    }

    fn literal(&self, l: &LiteralValue) -> Info {
        let (ty, n) = match l {
            LiteralValue::String(s) => (Ty::Str, s.chars().count() as u64),
            LiteralValue::Bytes(b) => (Ty::Bytes, b.len() as u64),
            LiteralValue::Boolean(_) => (Ty::Bool, 1),
            LiteralValue::Int(_) => (Ty::Int, 1),
            LiteralValue::UInt(_) => (Ty::Uint, 1),
            LiteralValue::Double(_) => (Ty::Double, 1),
            LiteralValue::Null => (Ty::Null, 1),
        };
        let mut info = self.finish(Range::ZERO, ty, Vec::new(), Some(Range::fixed(n)), None);
        if let LiteralValue::Int(i) = l {
            info.int_literal = Some(*i);
        }
        info
    }

    fn ident(&self, name: &str) -> Info {
        let one = Range::fixed(1);
        if let Some(v) = self.vars.iter().rev().find(|v| v.name == name) {
            let mut info = self.finish(one, v.ty.clone(), v.path.clone(), None, v.entry);
            if info.size.is_none() {
                info.size = v.size;
            }
            return info;
        }
        let ty = match name {
            "oldSelf" if self.optional_old_self => Ty::Optional(Box::new(Ty::of(self.root))),
            "self" | "oldSelf" => Ty::of(self.root),
            _ => types::denoted(name).map_or(Ty::Unknown, |t| Ty::Type(Box::new(t))),
        };
        self.finish(one, ty, vec![name.to_string()], None, None)
    }

    fn list(&mut self, l: &ListExpr) -> Info {
        let mut cost = Range::fixed(LIST_CREATE);
        let mut item = Range {
            min: if l.elements.is_empty() { 0 } else { u64::MAX },
            max: 0,
        };
        let mut ty = Ty::Unknown;
        for x in &l.elements {
            let i = self.expr(x);
            cost = cost.add(i.cost);
            item = item.union(size(&i));
            ty = ty::join(&ty, &i.ty);
        }
        let entry = Entry {
            list: true,
            key: Range::fixed(1),
            val: item,
        };
        let n = Range::fixed(l.elements.len() as u64);
        self.finish(cost, list(ty), Vec::new(), Some(n), Some(entry))
    }

    fn map(&mut self, m: &MapExpr) -> Info {
        let mut cost = Range::fixed(MAP_CREATE);
        let start = if m.entries.is_empty() { 0 } else { u64::MAX };
        let mut key = Range { min: start, max: 0 };
        let mut val = key;
        let (mut kt, mut vt) = (Ty::Unknown, Ty::Unknown);
        for entry in &m.entries {
            if let EntryExpr::MapEntry(me) = &entry.expr {
                let (k, v) = (self.expr(&me.key), self.expr(&me.value));
                cost = cost.add(k.cost).add(v.cost);
                key = key.union(size(&k));
                val = val.union(size(&v));
                kt = ty::join(&kt, &k.ty);
                vt = ty::join(&vt, &v.ty);
            }
        }
        let entry = Entry {
            list: false,
            key,
            val,
        };
        let n = Range::fixed(m.entries.len() as u64);
        let ty = Ty::Map(Box::new(kt), Box::new(vt));
        self.finish(cost, ty, Vec::new(), Some(n), Some(entry))
    }

    /// A fold: its range, initial value and result once, and each step and condition once per
    /// element of the range.
    pub fn comprehension(&mut self, c: &ComprehensionExpr) -> Info {
        let range = self.expr(&c.iter_range);
        let init = self.expr(&c.accu_init);
        let mark = self.vars.len();
        self.push_bound(&c.accu_var, &init);
        self.push_iteration(c, &range);
        let cond = self.expr(&c.loop_cond);
        let step = self.expr(&c.loop_step);
        self.vars.truncate(mark + 1);
        let result = self.expr(&c.result);
        self.vars.truncate(mark);
        let count = size(&range);
        let cost = range
            .cost
            .add(init.cost)
            .add(result.cost)
            .add(count.mul(step.cost.add(cond.cost)));
        if !self.sized_locals {
            // cel-go v0.22: every comprehension's size is its range's.
            let ty = match &c.accu_init.expr {
                Expr::List(_) | Expr::Map(_) => ty::join(&init.ty, &step.ty),
                _ => result.ty,
            };
            return self.finish(cost, ty, Vec::new(), Some(count), None);
        }
        match &c.accu_init.expr {
            Expr::Literal(_) => self.finish(cost, result.ty, Vec::new(), init.size, None),
            Expr::List(_) | Expr::Map(_) => {
                let ty = ty::join(&init.ty, &step.ty);
                let entry = step.entry;
                self.finish(cost, ty, Vec::new(), Some(count), entry)
            }
            _ => self.finish(cost, result.ty, Vec::new(), None, None),
        }
    }

    fn push(&mut self, name: &str, path: Vec<String>, size: Option<Range>, ty: Ty) {
        self.vars.push(Var {
            name: name.to_string(),
            path,
            size,
            entry: None,
            ty,
        });
    }

    /// Binds an accumulator `name` to `value`: its path, size and entry sizes; before cel-go
    /// v0.23, none of them, and a path of its own name unless it is `__result__`.
    fn push_bound(&mut self, name: &str, value: &Info) {
        let var = match self.sized_locals {
            true => Var {
                name: name.to_string(),
                path: value.path.clone(),
                size: value.size,
                entry: value.entry,
                ty: value.ty.clone(),
            },
            false => Var {
                name: name.to_string(),
                path: match is_accumulator(name) {
                    true => Vec::new(),
                    false => vec![name.to_string()],
                },
                size: None,
                entry: None,
                ty: value.ty.clone(),
            },
        };
        self.vars.push(var);
    }

    /// Binds the iteration variables: an element (list) or key (map), or with two variables
    /// an index and element, or a key and value (sized by a built range's entries from cel-go
    /// v0.23).
    fn push_iteration(&mut self, c: &ComprehensionExpr, range: &Info) {
        let list = range.entry.map_or(ty::is_list(&range.ty), |e| e.list);
        let entry = range.entry.filter(|_| self.sized_locals);
        let (key, val) = (entry.map(|e| e.key), entry.map(|e| e.val));
        let sub = |s: &str| {
            let mut p = range.path.clone();
            p.push(s.to_string());
            p
        };
        match &c.iter_var2 {
            None if list => self.push(&c.iter_var, sub("@items"), val, ty::elem(&range.ty)),
            None => self.push(&c.iter_var, sub("@keys"), key, ty::elem(&range.ty)),
            Some(v2) => {
                let (k_path, v_path, k_ty) = match list {
                    true => ("@indices", "@items", Ty::Int),
                    false => ("@keys", "@values", ty::elem(&range.ty)),
                };
                self.push(&c.iter_var, sub(k_path), key, k_ty);
                self.push(v2, sub(v_path), val, ty::value(&range.ty));
            }
        }
    }

    /// Whether `name` is a local variable.
    pub(super) fn is_bound(&self, name: &str) -> bool {
        self.vars.iter().any(|v| v.name == name)
    }

    /// Binds `name` to `value` for `body` (cel-go's `cel.bind`, which `optMap` expands to).
    pub fn bind(&mut self, name: &str, value: &Info, body: &IdedExpr) -> Info {
        self.push_bound(name, value);
        let info = self.expr(body);
        self.vars.pop();
        info
    }
}
