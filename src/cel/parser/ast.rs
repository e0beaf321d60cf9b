//! A parsed expression (cel-go's `common/ast`): each node with its id, the kinds of cel-go's
//! `ast.ExprKind`. Macros are already expanded (`super::visit`), into comprehensions.

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
