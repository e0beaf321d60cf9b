//! A parsed expression (cel-go's `common/ast`): each node with its id, the kinds of cel-go's
//! `ast.ExprKind`, and its `SourceInfo` (where each node is). Macros are already expanded
//! (`super::visit`), into comprehensions.

use std::sync::Arc;

/// A parsed expression and where its nodes are (cel-go's `ast.AST`). It reads as its
/// expression.
#[derive(Clone, Debug, PartialEq)]
pub struct Ast {
    pub expr: IdedExpr,
    pub info: Arc<SourceInfo>,
}

impl std::ops::Deref for Ast {
    type Target = IdedExpr;

    fn deref(&self) -> &IdedExpr {
        &self.expr
    }
}

/// cel-go's `SourceInfo`: each id's place (a byte offset; cel-go's parser gives an
/// operator's node its operator token, a call its `(`, a selection its `.`, what a macro's
/// expansion made the macro's `(`), and the receiver macros as they were written.
#[derive(Debug, Default, PartialEq)]
pub struct SourceInfo {
    /// By id; `None` where an id has no place.
    pub(super) offsets: Vec<Option<usize>>,
    /// By the id of the comprehension a macro expanded into.
    pub(super) macros: Vec<(u64, MacroCall)>,
}

/// A receiver macro's call as written (cel-go's `MacroCalls`, of which only this is kept).
#[derive(Debug, PartialEq)]
pub struct MacroCall {
    /// The macro's name as written (`existsOne` and `exists_one` expand alike).
    pub function: String,
    /// Where its variable is.
    pub var: Option<usize>,
}

impl SourceInfo {
    /// Where node `id` is (`GetStartLocation`).
    pub fn offset(&self, id: u64) -> Option<usize> {
        let i = usize::try_from(id).ok()?;
        self.offsets.get(i).copied().flatten()
    }

    /// The call of the macro that comprehension `id` expands.
    pub fn macro_call(&self, id: u64) -> Option<&MacroCall> {
        self.macros.iter().find(|(m, _)| *m == id).map(|(_, c)| c)
    }
}

/// A node and its id (unique in its expression; cel-go's `ast.Expr`'s `ID()`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct IdedExpr {
    pub id: u64,
    pub expr: Expr,
}

/// cel-go's expression kinds.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Expr {
    /// What the parser makes where the text has an error (`NewUnspecifiedExpr`).
    #[default]
    Unspecified,
    /// A function, operator or method call (`_+_`, `size`, `x.startsWith`).
    Call(CallExpr),
    /// A fold, as a macro expands into (`all`, `exists`, `map`…).
    Comprehension(Box<ComprehensionExpr>),
    Ident(String),
    List(ListExpr),
    Literal(LiteralValue),
    Map(MapExpr),
    /// `operand.field`, or (`test`) `has(operand.field)`.
    Select(SelectExpr),
    /// A message literal (`Name{field: value}`).
    Struct(StructExpr),
}

/// A constant.
#[derive(Clone, Debug, PartialEq)]
pub enum LiteralValue {
    Boolean(bool),
    Bytes(Vec<u8>),
    Double(f64),
    Int(i64),
    Null,
    String(String),
    UInt(u64),
}

/// A map's entry or a message literal's field, with its id.
#[derive(Clone, Debug, PartialEq)]
pub struct IdedEntryExpr {
    pub id: u64,
    pub expr: EntryExpr,
}

#[derive(Clone, Debug, PartialEq)]
pub enum EntryExpr {
    StructField(StructFieldExpr),
    MapEntry(MapEntryExpr),
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct CallExpr {
    pub func_name: String,
    /// The receiver of a method call.
    pub target: Option<Box<IdedExpr>>,
    pub args: Vec<IdedExpr>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct SelectExpr {
    pub operand: Box<IdedExpr>,
    pub field: String,
    /// A presence test (`has()`).
    pub test: bool,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct StructExpr {
    pub type_name: String,
    pub entries: Vec<IdedEntryExpr>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct MapExpr {
    pub entries: Vec<IdedEntryExpr>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct ListExpr {
    pub elements: Vec<IdedExpr>,
    /// The positions of the elements written `?e`.
    pub optional_indices: Vec<usize>,
}

impl ListExpr {
    pub fn new(elements: Vec<IdedExpr>) -> Self {
        ListExpr {
            elements,
            optional_indices: Vec::new(),
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct StructFieldExpr {
    pub field: String,
    pub value: IdedExpr,
    /// Written `?field: value`.
    pub optional: bool,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct MapEntryExpr {
    pub key: IdedExpr,
    pub value: IdedExpr,
    /// Written `?key: value`.
    pub optional: bool,
}

/// cel-go's `ComprehensionExpr`: over `iter_range`, the accumulator starts as `accu_init`;
/// while `loop_cond` holds, each element (`iter_var`; with `iter_var2`, index or key and
/// value) gives the accumulator `loop_step`; the result is `result`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ComprehensionExpr {
    pub iter_range: IdedExpr,
    pub iter_var: String,
    pub iter_var2: Option<String>,
    pub accu_var: String,
    pub accu_init: IdedExpr,
    pub loop_cond: IdedExpr,
    pub loop_step: IdedExpr,
    pub result: IdedExpr,
}

/// The nodes right below `e`.
pub fn children(e: &IdedExpr) -> Vec<&IdedExpr> {
    match &e.expr {
        Expr::Select(s) => vec![&s.operand],
        Expr::Call(c) => c.target.as_deref().into_iter().chain(&c.args).collect(),
        Expr::List(l) => l.elements.iter().collect(),
        Expr::Struct(m) => m
            .entries
            .iter()
            .filter_map(|entry| match &entry.expr {
                EntryExpr::StructField(f) => Some(&f.value),
                _ => None,
            })
            .collect(),
        Expr::Map(m) => m
            .entries
            .iter()
            .flat_map(|entry| match &entry.expr {
                EntryExpr::MapEntry(me) => vec![&me.key, &me.value],
                _ => Vec::new(),
            })
            .collect(),
        Expr::Comprehension(c) => vec![
            &c.iter_range,
            &c.accu_init,
            &c.loop_cond,
            &c.loop_step,
            &c.result,
        ],
        _ => Vec::new(),
    }
}

/// The macro a comprehension expands (`all`, `exists`, `exists_one`, `map`, `filter`) and
/// the expressions written in its call after the variable, read back from its step.
pub fn macro_of(c: &ComprehensionExpr) -> Option<(&'static str, Vec<&IdedExpr>)> {
    let Expr::Call(step) = &c.loop_step.expr else {
        return None;
    };
    Some(match (step.func_name.as_str(), step.args.as_slice()) {
        ("_&&_", [_, p]) => ("all", vec![p]),
        ("_||_", [_, p]) => ("exists", vec![p]),
        ("_+_", [_, _]) => ("map", appended(&c.loop_step).into_iter().collect()),
        ("_?_:_", [p, inc, _]) => match appended(inc) {
            Some(f) if matches!(&f.expr, Expr::Ident(v) if *v == c.iter_var) => ("filter", vec![p]),
            Some(f) => ("map", vec![p, f]),
            None => ("exists_one", vec![p]),
        },
        _ => return None,
    })
}

/// `@result + [f]` (a `map`/`filter` step): `f`.
fn appended(e: &IdedExpr) -> Option<&IdedExpr> {
    match &e.expr {
        Expr::Call(add) if add.func_name == "_+_" => match add.args.get(1).map(|a| &a.expr) {
            Some(Expr::List(l)) => l.elements.first(),
            _ => None,
        },
        _ => None,
    }
}
