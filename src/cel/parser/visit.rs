//! cel-go's visitor (`parser/parser.go`, v0.26; v0.22.0's where Kubernetes 1.32 differs): the
//! parse tree ([`super::antlr::tree`]) into an expression, with the errors the visit reports —
//! reserved words used as names, bad literals, a macro's bad arguments, backtick-quoted names
//! (which the apiserver does not turn on), and its own nesting limit. Expression ids and
//! their places are kept as its `parserHelper` keeps them; macros expand as its `Make*`
//! functions expand them, with the macros the apiserver's parser has.
//!
//! The expression is `super::ast`'s, which the checker, the estimator and the interpreter read.

use super::antlr::atn::{
    AND, CALC, CALC_OPS, ESCAPE_IDENT, EXPR, EXPR_LIST, FIELD_INIT, LIST_INIT, LITERAL, MAP_INIT,
    MEMBER, OPT_EXPR, OR, PRIMARY, RELATION, RELATION_OPS, START, UNARY,
};
use super::antlr::lexer as t;
use super::antlr::tree::{Node, Tok, Tree};
use super::ast::{MacroCall, SourceInfo};
use super::unescape::unescape;
use crate::cel::ast::{
    CallExpr, ComprehensionExpr, EntryExpr, Expr, IdedEntryExpr, IdedExpr, ListExpr, LiteralValue,
    MapEntryExpr, MapExpr, SelectExpr, StructExpr, StructFieldExpr,
};

/// cel-go's `AccumulatorName`.
pub(in crate::cel) const ACCUMULATOR: &str = "__result__";

/// cel-go's `HiddenAccumulatorName`: what its macros name their accumulator (from v0.23).
pub(in crate::cel) const HIDDEN_ACCUMULATOR: &str = "@result";

/// What the visit gives: the expression, and the errors it reported (each at a byte offset,
/// or at no place).
pub(in crate::cel) struct Visited {
    pub expr: IdedExpr,
    pub info: SourceInfo,
    pub errors: Vec<(Option<usize>, String)>,
}

/// What the version in force changes in a visit.
#[derive(Clone, Copy)]
pub(in crate::cel) struct Options {
    /// Its nesting limit (`MaxRecursionDepth`).
    pub limit: u32,
    /// The grammar of cel-go v0.23 on (`escapeIdent`, `Ident` and `GlobalCall` apart).
    pub escaped_names: bool,
    /// Macros' accumulator named [`HIDDEN_ACCUMULATOR`] (v0.23 on), else [`ACCUMULATOR`].
    pub hidden_accumulator: bool,
    /// See [`unescape`].
    pub valid_rune_escapes: bool,
}

/// The visit of `tree`, after `syntax_errors` syntax errors were reported (an unknown parse
/// element is reported only when nothing else was).
pub(in crate::cel) fn visit(tree: &Tree, syntax_errors: usize, o: Options) -> Visited {
    let mut v = Visitor {
        tree,
        o,
        next_id: 1,
        info: SourceInfo::default(),
        errors: Vec::new(),
        syntax_errors,
        depth: 0,
    };
    let expr = match v.visit(Some(&tree.root)) {
        Ok(e) => e,
        Err(Overflow) => {
            // cel-go's `recursionError`, recovered by `parse` as an internal error.
            v.errors
                .push((None, "max recursion depth exceeded".to_string()));
            IdedExpr {
                id: 0,
                expr: Expr::Unspecified,
            }
        }
    };
    Visited {
        expr,
        info: v.info,
        errors: v.errors,
    }
}

/// The visitor's nesting limit passed (cel-go's `recursionError` panic).
struct Overflow;

type Visit = Result<IdedExpr, Overflow>;

/// What an expression id is made for (cel-go's `parserHelper.id` takes any of these).
#[derive(Clone, Copy)]
enum At<'n> {
    /// A context: at the token it starts at.
    Ctx(&'n Node),
    /// A token.
    Tok(Tok<'n>),
    /// A byte offset (`common.Location`, an `OffsetRange`).
    Offset(Option<usize>),
    /// A token the match did not return (`nil`): no id (-1).
    Nil,
}

/// An id cel-go gives an expression made where a token was missing (`id(nil)`: -1).
const NO_ID: u64 = u64::MAX;

struct Visitor<'t, 'a> {
    tree: &'t Tree<'a>,
    o: Options,
    next_id: u64,
    info: SourceInfo,
    errors: Vec<(Option<usize>, String)>,
    syntax_errors: usize,
    depth: u32,
}

/// A macro's refusal of its arguments: the message, at the id of the argument refused.
struct MacroError {
    at: u64,
    msg: &'static str,
}

impl<'t, 'a> Visitor<'t, 'a> {
    // ---- cel-go's parserHelper ----

    /// `id`: a new id at the place of `at`.
    fn id(&mut self, at: At) -> u64 {
        let offset = match at {
            At::Ctx(n) => Some(self.tree.start(n).at),
            At::Tok(tok) => Some(tok.at),
            At::Offset(o) => o,
            At::Nil => return NO_ID,
        };
        let id = self.next_id;
        let i = usize::try_from(id).expect("a small id");
        let offsets = &mut self.info.offsets;
        if offsets.len() <= i {
            offsets.resize(i + 1, None);
        }
        offsets[i] = offset;
        self.next_id += 1;
        id
    }

    /// `deleteID`.
    fn delete_id(&mut self, id: u64) {
        if let Some(o) = usize::try_from(id)
            .ok()
            .and_then(|i| self.info.offsets.get_mut(i))
        {
            *o = None;
        }
        if id == self.next_id - 1 {
            self.next_id -= 1;
        }
    }

    /// `getLocation`: where id `id` is.
    fn location(&self, id: u64) -> Option<usize> {
        self.info.offset(id)
    }

    fn expr(&mut self, at: At, expr: Expr) -> IdedExpr {
        IdedExpr {
            id: self.id(at),
            expr,
        }
    }

    /// `reportError`: the error at `at`'s place, and the unspecified expression made there.
    fn error(&mut self, at: At, msg: impl Into<String>) -> IdedExpr {
        let e = self.expr(at, Expr::Unspecified);
        self.errors.push((self.location(e.id), msg.into()));
        e
    }

    fn call(id: u64, func: &str, target: Option<IdedExpr>, args: Vec<IdedExpr>) -> IdedExpr {
        IdedExpr {
            id,
            expr: Expr::Call(CallExpr {
                func_name: func.into(),
                target: target.map(Box::new),
                args,
            }),
        }
    }

    // ---- the visit ----

    /// `Visit`: the context, looked through (`unnest`), by its type.
    fn visit(&mut self, n: Option<&'t Node>) -> Visit {
        let Some(n) = unnest(self.tree, n) else {
            return Ok(self.unknown("<<nil>>"));
        };
        // The contexts counted toward the nesting limit (`checkAndIncrementRecursionDepth`).
        let counted = match (n.rule, n.alt) {
            (EXPR | RELATION | CALC, _) => true,
            (MEMBER, alt) => alt > 1,
            _ => false,
        };
        if counted {
            self.depth += 1;
            if self.depth > self.o.limit {
                return Err(Overflow);
            }
        }
        let out = self.visit_node(n);
        if counted {
            self.depth -= 1;
        }
        out
    }

    fn visit_node(&mut self, n: &'t Node) -> Visit {
        match (n.rule, n.alt) {
            (START, _) => self.visit(n.rule(EXPR, 0)),
            (EXPR, _) => self.conditional(n),
            (OR, _) => self.logic(n, t::LOGICAL_OR, "_||_", AND),
            (AND, _) => self.logic(n, t::LOGICAL_AND, "_&&_", RELATION),
            (RELATION | CALC, _) => self.binary(n),
            // `VisitUnary`: the rule's own context (its alternative's prediction failed).
            (UNARY, 0) => Ok(self.expr(
                At::Ctx(n),
                Expr::Literal(LiteralValue::String("<<error>>".into())),
            )),
            (UNARY, 2) => self.unary(n, t::EXCLAM, "!_"),
            (UNARY, 3) => self.unary(n, t::MINUS, "-_"),
            (MEMBER, 2) => self.select(n),
            (MEMBER, 3) => self.member_call(n),
            (MEMBER, 4) => self.index(n),
            (PRIMARY, alt) => match primary(self.o.escaped_names, alt) {
                Some(Primary::Ident) => self.ident(n),
                Some(Primary::GlobalCall) => self.global_call(n),
                Some(Primary::IdentOrGlobalCall) => match self.tree.label(n, &[t::LPAREN]) {
                    Some(_) => self.global_call(n),
                    None => self.ident(n),
                },
                Some(Primary::List) => self.list(n),
                Some(Primary::Map) => self.map(n),
                Some(Primary::Message) => self.message(n),
                // `unnest` looks through parentheses and literals.
                Some(Primary::Nested | Primary::Literal) | None => {
                    Ok(self.unknown("<<*gen.PrimaryContext>>"))
                }
            },
            (LITERAL, alt @ 1..=8) => Ok(self.literal(n, alt)),
            (rule, _) => {
                let name = super::antlr::atn::RULE_NAMES[rule];
                let (first, rest) = name.split_at(1);
                let first = first.to_ascii_uppercase();
                Ok(self.unknown(&format!("<<*gen.{first}{rest}Context>>")))
            }
        }
    }

    /// A parse element the visitor has no case for: reported only when nothing else was.
    fn unknown(&mut self, txt: &str) -> IdedExpr {
        if self.syntax_errors + self.errors.len() == 0 {
            let msg = format!("unknown parse element encountered: {txt}");
            return self.error(At::Offset(None), msg);
        }
        self.expr(At::Offset(None), Expr::Unspecified)
    }

    /// `VisitExpr`: `e ? e1 : e2`.
    fn conditional(&mut self, n: &'t Node) -> Visit {
        let result = self.visit(n.rule(OR, 0))?;
        let Some(op) = self.tree.label(n, &[t::QUESTIONMARK]) else {
            return Ok(result);
        };
        let op = self.id(At::Tok(op));
        let if_true = self.visit(n.rule(OR, 1))?;
        let if_false = self.visit(n.rule(EXPR, 0))?;
        Ok(self.global_call_or_macro(op, "_?_:_", vec![result, if_true, if_false]))
    }

    /// `VisitConditionalOr` and `VisitConditionalAnd`: the terms joined into a balanced tree
    /// (`newBalancingLogicManager`).
    fn logic(&mut self, n: &'t Node, op_kind: i32, func: &str, term: usize) -> Visit {
        let mut terms = vec![self.visit(n.rule(term, 0))?];
        let mut ops = Vec::new();
        let rest: Vec<&Node> = n.rules(term).skip(1).collect();
        for (i, op) in self.tree.matched(n, &[op_kind]).into_iter().enumerate() {
            let Some(&next) = rest.get(i) else {
                let wanted = match op_kind {
                    t::LOGICAL_OR => "unexpected character, wanted '||'",
                    _ => "unexpected character, wanted '&&'",
                };
                return Ok(self.error(At::Ctx(n), wanted));
            };
            terms.push(self.visit(Some(next))?);
            ops.push(self.id(At::Tok(op)));
        }
        if terms.len() == 1 {
            return Ok(terms.pop().expect("one term"));
        }
        let mut terms: Vec<Option<IdedExpr>> = terms.into_iter().map(Some).collect();
        Ok(balanced(func, &mut terms, &ops, 0, ops.len() - 1))
    }

    /// `VisitRelation` and `VisitCalc`: `lhs op rhs`.
    fn binary(&mut self, n: &'t Node) -> Visit {
        let op = self.tree.label(n, binary_ops(n.rule));
        let func = op.and_then(|op| operator(op.text));
        let (Some(op), Some(func)) = (op, func) else {
            return Ok(self.error(At::Ctx(n), "operator not found"));
        };
        let lhs = self.visit(n.rule(n.rule, 0))?;
        let op = self.id(At::Tok(op));
        let rhs = self.visit(n.rule(n.rule, 1))?;
        Ok(self.global_call_or_macro(op, func, vec![lhs, rhs]))
    }

    /// `VisitLogicalNot` and `VisitNegate`: an even number of operators cancel out.
    fn unary(&mut self, n: &'t Node, kind: i32, func: &str) -> Visit {
        let ops = self.tree.matched(n, &[kind]);
        if ops.len().is_multiple_of(2) {
            return self.visit(n.rule(MEMBER, 0));
        }
        let op = self.id(At::Tok(ops[0]));
        let target = self.visit(n.rule(MEMBER, 0))?;
        Ok(self.global_call_or_macro(op, func, vec![target]))
    }

    /// The `id=escapeIdent` of a selection or a field (`IDENTIFIER` in v0.22's grammar).
    fn name_of(&self, n: &'t Node) -> Option<Name<'t>> {
        match self.o.escaped_names {
            true => n.rule(ESCAPE_IDENT, 0).map(Name::Ctx),
            false => self.tree.label(n, &[t::IDENTIFIER]).map(Name::Tok),
        }
    }

    /// `normalizeIdent`: the name, or its error (the apiserver not turning on the escape
    /// syntax).
    fn normalize(&self, name: Option<Name<'t>>) -> Result<String, &'static str> {
        match name {
            Some(Name::Tok(tok)) => Ok(tok.text.into()),
            Some(Name::Ctx(c)) if c.alt == 1 => Ok(self
                .tree
                .label(c, &[t::IDENTIFIER])
                .map_or("", |t| t.text)
                .into()),
            Some(Name::Ctx(c)) if c.alt == 2 => Err("unsupported syntax: '`'"),
            _ => Err("unsupported ident kind"),
        }
    }

    /// `VisitSelect`: `operand.name`, `operand.?name`.
    fn select(&mut self, n: &'t Node) -> Visit {
        let operand = self.visit(n.rule(MEMBER, 0))?;
        let name = self.name_of(n);
        let op = self.tree.label(n, &[t::DOT]);
        let (Some(name), Some(op)) = (name, op) else {
            return Ok(self.expr(At::Ctx(n), Expr::Unspecified));
        };
        let field = match self.normalize(Some(name)) {
            Ok(field) => field,
            Err(msg) => {
                self.error(name.at(), msg);
                String::new()
            }
        };
        if self.tree.label(n, &[t::QUESTIONMARK]).is_some() {
            let lit = LiteralValue::String(field);
            let field = self.expr(name.at(), Expr::Literal(lit));
            let id = self.id(At::Tok(op));
            return Ok(Self::call(id, "_?._", None, vec![operand, field]));
        }
        let id = self.id(At::Tok(op));
        Ok(IdedExpr {
            id,
            expr: Expr::Select(SelectExpr {
                operand: Box::new(operand),
                field,
                test: false,
            }),
        })
    }

    /// `VisitMemberCall`: `operand.name(args)`, or a macro.
    fn member_call(&mut self, n: &'t Node) -> Visit {
        let operand = self.visit(n.rule(MEMBER, 0))?;
        let Some(name) = self.tree.label(n, &[t::IDENTIFIER]) else {
            return Ok(self.expr(At::Ctx(n), Expr::Unspecified));
        };
        let open = self.tree.label(n, &[t::LPAREN]);
        let op = self.id(open.map_or(At::Nil, At::Tok));
        let args = self.expr_list(n.rule(EXPR_LIST, 0))?;
        Ok(self.call_or_macro(op, name.text, Some(operand), args))
    }

    /// `VisitIndex`: `target[index]`, `target[?index]`.
    fn index(&mut self, n: &'t Node) -> Visit {
        let target = self.visit(n.rule(MEMBER, 0))?;
        let Some(op) = self.tree.label(n, &[t::LBRACKET]) else {
            return Ok(self.expr(At::Ctx(n), Expr::Unspecified));
        };
        let op = self.id(At::Tok(op));
        let index = self.visit(n.rule(EXPR, 0))?;
        let func = match self.tree.label(n, &[t::QUESTIONMARK]) {
            Some(_) => "_[?_]",
            None => "_[_]",
        };
        Ok(self.global_call_or_macro(op, func, vec![target, index]))
    }

    /// `VisitIdent` (and v0.22's `VisitIdentOrGlobalCall` without parentheses).
    fn ident(&mut self, n: &'t Node) -> Visit {
        let Some((name, id)) = self.name(n) else {
            return Ok(self.expr(At::Ctx(n), Expr::Unspecified));
        };
        Ok(match name {
            Ok(name) => self.expr(At::Tok(id), Expr::Ident(name)),
            Err(word) => self.error(At::Ctx(n), word.to_string()),
        })
    }

    /// `VisitGlobalCall`: `name(args)`, or a macro.
    fn global_call(&mut self, n: &'t Node) -> Visit {
        let Some((name, _)) = self.name(n) else {
            return Ok(self.expr(At::Ctx(n), Expr::Unspecified));
        };
        let name = match name {
            Ok(name) => name,
            Err(word) => return Ok(self.error(At::Ctx(n), word.to_string())),
        };
        let open = self.tree.label(n, &[t::LPAREN]);
        let op = self.id(open.map_or(At::Nil, At::Tok));
        let args = self.expr_list(n.rule(EXPR_LIST, 0))?;
        Ok(self.call_or_macro(op, &name, None, args))
    }

    /// The name of an `Ident` or a `GlobalCall` (`.` first if it has a leading dot), with
    /// its `id` token, or (`Err`) the reserved word it is; `None` without one.
    fn name(&self, n: &'t Node) -> Option<(Result<String, Reserved<'t>>, Tok<'t>)> {
        let id = self.tree.label(n, &[t::IDENTIFIER])?;
        if crate::cel::escape::RESERVED.contains(&id.text) {
            return Some((Err(Reserved(id.text)), id));
        }
        let dot = match self.tree.label(n, &[t::DOT]) {
            Some(_) => ".",
            None => "",
        };
        Some((Ok(format!("{dot}{}", id.text)), id))
    }

    /// `visitExprList`.
    fn expr_list(&mut self, n: Option<&'t Node>) -> Result<Vec<IdedExpr>, Overflow> {
        let Some(n) = n else {
            return Ok(Vec::new());
        };
        n.rules(EXPR).map(|e| self.visit(Some(e))).collect()
    }

    /// `VisitCreateList`: `[a, ?b]`.
    fn list(&mut self, n: &'t Node) -> Visit {
        let op = self.tree.label(n, &[t::LBRACKET]);
        let id = self.id(op.map_or(At::Nil, At::Tok));
        let mut elements = Vec::new();
        let mut optional_indices = Vec::new();
        if let Some(init) = n.rule(LIST_INIT, 0) {
            for (i, e) in init.rules(OPT_EXPR).enumerate() {
                elements.push(self.visit(e.rule(EXPR, 0))?);
                if self.tree.label(e, &[t::QUESTIONMARK]).is_some() {
                    optional_indices.push(i);
                }
            }
        }
        Ok(IdedExpr {
            id,
            expr: Expr::List(ListExpr {
                elements,
                optional_indices,
            }),
        })
    }

    /// `VisitCreateStruct` and `VisitMapInitializerList`: `{k: v, ?k2: v2}`.
    fn map(&mut self, n: &'t Node) -> Visit {
        let op = self.tree.label(n, &[t::LBRACE]);
        let id = self.id(op.map_or(At::Nil, At::Tok));
        let mut entries = Vec::new();
        if let Some(init) = n.rule(MAP_INIT, 0) {
            let keys: Vec<&Node> = init.rules(OPT_EXPR).collect();
            let values: Vec<&Node> = init.rules(EXPR).collect();
            if !keys.is_empty() {
                for (i, col) in self.tree.matched(init, &[t::COLON]).into_iter().enumerate() {
                    let col = self.id(At::Tok(col));
                    let (Some(&k), Some(&v)) = (keys.get(i), values.get(i)) else {
                        // The result of a syntax error reported elsewhere.
                        entries.clear();
                        break;
                    };
                    let optional = self.tree.label(k, &[t::QUESTIONMARK]).is_some();
                    let key = self.visit(k.rule(EXPR, 0))?;
                    let value = self.visit(Some(v))?;
                    entries.push(IdedEntryExpr {
                        id: col,
                        expr: EntryExpr::MapEntry(MapEntryExpr {
                            key,
                            value,
                            optional,
                        }),
                    });
                }
            }
        }
        Ok(IdedExpr {
            id,
            expr: Expr::Map(MapExpr { entries }),
        })
    }

    /// `VisitCreateMessage` and `VisitIFieldInitializerList`: `.a.B{f: v, ?g: w}`.
    fn message(&mut self, n: &'t Node) -> Visit {
        let tokens = self.tree.matched(n, &[t::DOT, t::IDENTIFIER]);
        let leading_dot = tokens.first().is_some_and(|t| t.kind == t::DOT);
        let ids: Vec<&str> = tokens
            .iter()
            .filter(|t| t.kind == t::IDENTIFIER)
            .map(|t| t.text)
            .collect();
        let mut type_name = ids.join(".");
        if leading_dot {
            type_name.insert(0, '.');
        }
        let op = self.tree.label(n, &[t::LBRACE]);
        let id = self.id(op.map_or(At::Nil, At::Tok));
        let entries = match n.rule(FIELD_INIT, 0) {
            Some(init) => self.fields(init)?,
            None => Vec::new(),
        };
        Ok(IdedExpr {
            id,
            expr: Expr::Struct(StructExpr { type_name, entries }),
        })
    }

    /// `VisitIFieldInitializerList`.
    fn fields(&mut self, n: &'t Node) -> Result<Vec<IdedEntryExpr>, Overflow> {
        use super::antlr::atn::OPT_FIELD;
        let cols = self.tree.matched(n, &[t::COLON]);
        let values: Vec<&Node> = n.rules(EXPR).collect();
        let mut out = Vec::new();
        for (i, f) in n.rules(OPT_FIELD).enumerate() {
            let (Some(&col), Some(&value)) = (cols.get(i), values.get(i)) else {
                // The result of a syntax error reported elsewhere.
                return Ok(Vec::new());
            };
            let init = self.id(At::Tok(col));
            let optional = self.tree.label(f, &[t::QUESTIONMARK]).is_some();
            let field = match self.o.escaped_names {
                true => match self.normalize(f.rule(ESCAPE_IDENT, 0).map(Name::Ctx)) {
                    Ok(field) => field,
                    Err(msg) => {
                        self.error(At::Ctx(n), msg);
                        continue;
                    }
                },
                // v0.22: the field's `IDENTIFIER()`, without which nothing is kept.
                false => match self.tree.terminal_of(f, t::IDENTIFIER) {
                    Some(id) => id.text.into(),
                    None => return Ok(Vec::new()),
                },
            };
            let value = self.visit(Some(value))?;
            out.push(IdedEntryExpr {
                id: init,
                expr: EntryExpr::StructField(StructFieldExpr {
                    field,
                    value,
                    optional,
                }),
            });
        }
        Ok(out)
    }

    /// `VisitInt` … `VisitNull`.
    fn literal(&mut self, n: &'t Node, alt: usize) -> IdedExpr {
        let kinds: &[i32] = match alt {
            1 => &[t::NUM_INT],
            2 => &[t::NUM_UINT],
            3 => &[t::NUM_FLOAT],
            4 => &[t::STRING],
            5 => &[t::BYTES],
            _ => &[],
        };
        let text = self.tree.label(n, kinds).map_or("", |t| t.text);
        let sign = match self.tree.label(n, &[t::MINUS]) {
            Some(_) => "-",
            None => "",
        };
        let value = match alt {
            1 => {
                let (digits, radix) = match text.strip_prefix("0x") {
                    Some(hex) => (hex, 16),
                    None => (text, 10),
                };
                // Go's `strconv.ParseInt`.
                match i64::from_str_radix(&format!("{sign}{digits}"), radix) {
                    Ok(i) => LiteralValue::Int(i),
                    _ => return self.error(At::Ctx(n), "invalid int literal"),
                }
            }
            2 => {
                let text = &text[..text.len().saturating_sub(1)];
                let (digits, radix) = match text.strip_prefix("0x") {
                    Some(hex) => (hex, 16),
                    None => (text, 10),
                };
                match u64::from_str_radix(digits, radix) {
                    Ok(u) => LiteralValue::UInt(u),
                    _ => return self.error(At::Ctx(n), "invalid uint literal"),
                }
            }
            3 => {
                // Go's `strconv.ParseFloat`: out of range (past the largest double) refused.
                match format!("{sign}{text}").parse::<f64>() {
                    Ok(f) if f.is_finite() && !text.is_empty() => LiteralValue::Double(f),
                    _ => return self.error(At::Ctx(n), "invalid double literal"),
                }
            }
            4 | 5 => {
                let bytes = alt == 5;
                // A bytes literal's text without its `b`.
                let quoted = match bytes {
                    true => text.get(1..).unwrap_or(""),
                    false => text,
                };
                let value = match unescape(quoted, bytes, self.o.valid_rune_escapes) {
                    Ok(v) => v,
                    Err(msg) => {
                        self.error(At::Ctx(n), msg);
                        quoted.as_bytes().to_vec()
                    }
                };
                match bytes {
                    true => LiteralValue::Bytes(value),
                    false => LiteralValue::String(
                        String::from_utf8(value).expect("a string's escapes are code points"),
                    ),
                }
            }
            6 => LiteralValue::Boolean(true),
            7 => LiteralValue::Boolean(false),
            _ => LiteralValue::Null,
        };
        self.expr(At::Ctx(n), Expr::Literal(value))
    }

    // ---- macros ----

    /// `globalCallOrMacro`.
    fn global_call_or_macro(&mut self, id: u64, func: &str, args: Vec<IdedExpr>) -> IdedExpr {
        self.call_or_macro(id, func, None, args)
    }

    /// `globalCallOrMacro` and `receiverCallOrMacro`: the macro's expansion, its error, or
    /// the call.
    fn call_or_macro(
        &mut self,
        id: u64,
        func: &str,
        target: Option<IdedExpr>,
        args: Vec<IdedExpr>,
    ) -> IdedExpr {
        let Some(kind) = macro_kind(func, target.is_some(), args.len()) else {
            return Self::call(id, func, target, args);
        };
        let var = match target {
            Some(_) => args.first().and_then(|v| self.location(v.id)),
            None => None,
        };
        match self.expand(id, kind, target, args) {
            Ok(e) => {
                if matches!(e.expr, Expr::Comprehension(_)) {
                    let function = func.to_string();
                    self.info.macros.push((e.id, MacroCall { function, var }));
                }
                self.delete_id(id);
                e
            }
            Err(MacroError { at, msg }) => {
                let at = self.location(at);
                self.delete_id(id);
                self.error(At::Offset(at), msg)
            }
        }
    }

    /// A new id at the macro call's place (`exprHelper.nextMacroID`).
    fn macro_expr(&mut self, call: u64, expr: Expr) -> IdedExpr {
        IdedExpr {
            id: self.macro_id(call),
            expr,
        }
    }

    /// A new id at the macro call `call`'s place.
    fn macro_id(&mut self, call: u64) -> u64 {
        let at = self.location(call);
        self.id(At::Offset(at))
    }

    /// The macro's accumulator, by the name of the version in force (`NewAccuIdent`).
    fn accu(&mut self, call: u64) -> IdedExpr {
        let name = self.accu_name();
        self.macro_expr(call, Expr::Ident(name.into()))
    }

    fn accu_name(&self) -> &'static str {
        match self.o.hidden_accumulator {
            true => HIDDEN_ACCUMULATOR,
            false => ACCUMULATOR,
        }
    }

    fn macro_call(&mut self, call: u64, func: &str, args: Vec<IdedExpr>) -> IdedExpr {
        let id = self.macro_id(call);
        Self::call(id, func, None, args)
    }

    fn macro_literal(&mut self, call: u64, v: LiteralValue) -> IdedExpr {
        self.macro_expr(call, Expr::Literal(v))
    }

    fn macro_list(&mut self, call: u64, elements: Vec<IdedExpr>) -> IdedExpr {
        self.macro_expr(call, Expr::List(ListExpr::new(elements)))
    }

    /// The expansion of macro `kind` called as `id` (`MakeHas`, `makeQuantifier`, `MakeMap`,
    /// `MakeFilter`), its ids made in the order Go evaluates its calls.
    fn expand(
        &mut self,
        id: u64,
        kind: Macro,
        target: Option<IdedExpr>,
        mut args: Vec<IdedExpr>,
    ) -> Result<IdedExpr, MacroError> {
        if kind == Macro::Has {
            let arg = args.pop().expect("one argument");
            return match arg.expr {
                Expr::Select(mut s) => {
                    s.test = true;
                    Ok(self.macro_expr(id, Expr::Select(s)))
                }
                _ => Err(MacroError {
                    at: arg.id,
                    msg: "invalid argument to has() macro",
                }),
            };
        }
        let range = target.expect("a receiver macro");
        let first = &args[0];
        let var = match &first.expr {
            Expr::Ident(v) => v.clone(),
            _ => {
                let msg = match kind {
                    Macro::Map | Macro::Filter => "argument is not an identifier",
                    _ => "argument must be a simple name",
                };
                return Err(MacroError { at: first.id, msg });
            }
        };
        // From v0.23 (v0.22.0, Kubernetes 1.32's, has no such check: the variable hides the
        // accumulator).
        if self.o.hidden_accumulator && (var == ACCUMULATOR || var == HIDDEN_ACCUMULATOR) {
            return Err(MacroError {
                at: first.id,
                msg: "iteration variable overwrites accumulator variable",
            });
        }
        let t = |b: bool| LiteralValue::Boolean(b);
        let (init, cond, step, result) = match kind {
            Macro::All | Macro::Exists => {
                let all = kind == Macro::All;
                let init = self.macro_literal(id, t(all));
                let cond = match all {
                    true => {
                        let a = self.accu(id);
                        self.macro_call(id, "@not_strictly_false", vec![a])
                    }
                    false => {
                        let a = self.accu(id);
                        let not = self.macro_call(id, "!_", vec![a]);
                        self.macro_call(id, "@not_strictly_false", vec![not])
                    }
                };
                let a = self.accu(id);
                let pred = args.pop().expect("two arguments");
                let op = if all { "_&&_" } else { "_||_" };
                let step = self.macro_call(id, op, vec![a, pred]);
                let result = self.accu(id);
                (init, cond, step, result)
            }
            Macro::ExistsOne => {
                let init = self.macro_literal(id, LiteralValue::Int(0));
                let cond = self.macro_literal(id, t(true));
                let pred = args.pop().expect("two arguments");
                let a = self.accu(id);
                let one = self.macro_literal(id, LiteralValue::Int(1));
                let inc = self.macro_call(id, "_+_", vec![a, one]);
                let a = self.accu(id);
                let step = self.macro_call(id, "_?_:_", vec![pred, inc, a]);
                let a = self.accu(id);
                let one = self.macro_literal(id, LiteralValue::Int(1));
                let result = self.macro_call(id, "_==_", vec![a, one]);
                (init, cond, step, result)
            }
            Macro::Map | Macro::Filter => {
                let init = self.macro_list(id, Vec::new());
                let cond = self.macro_literal(id, t(true));
                let (filter, appended) = match kind {
                    Macro::Filter => {
                        let filter = args.pop().expect("two arguments");
                        (Some(filter), args.pop().expect("the variable"))
                    }
                    _ => {
                        // `map(v, f)` or `map(v, filter, f)`.
                        let f = args.pop().expect("a function");
                        let filter = match args.len() {
                            2 => args.pop(),
                            _ => None,
                        };
                        (filter, f)
                    }
                };
                let a = self.accu(id);
                let list = self.macro_list(id, vec![appended]);
                let mut step = self.macro_call(id, "_+_", vec![a, list]);
                if let Some(filter) = filter {
                    let a = self.accu(id);
                    step = self.macro_call(id, "_?_:_", vec![filter, step, a]);
                }
                let result = self.accu(id);
                (init, cond, step, result)
            }
            Macro::Has => unreachable!("expanded above"),
        };
        let accu_var = self.accu_name().to_string();
        Ok(self.macro_expr(
            id,
            Expr::Comprehension(Box::new(ComprehensionExpr {
                iter_range: range,
                iter_var: var,
                iter_var2: None,
                accu_var,
                accu_init: init,
                loop_cond: cond,
                loop_step: step,
                result,
            })),
        ))
    }
}

/// A reserved word used as a name (cel-go's `reservedIds`).
struct Reserved<'t>(&'t str);

impl std::fmt::Display for Reserved<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "reserved identifier: {}", self.0)
    }
}

/// A selection's or a field's name: the `escapeIdent` context, or (v0.22) the token.
#[derive(Clone, Copy)]
enum Name<'t> {
    Ctx(&'t Node),
    Tok(Tok<'t>),
}

impl<'t> Name<'t> {
    fn at(self) -> At<'t> {
        match self {
            Name::Ctx(n) => At::Ctx(n),
            Name::Tok(t) => At::Tok(t),
        }
    }
}

/// The kind of `primary` alternative `alt` (numbered by the grammar in force).
fn primary(escaped_names: bool, alt: usize) -> Option<Primary> {
    let kinds: &[Primary] = match escaped_names {
        true => &[
            Primary::Ident,
            Primary::GlobalCall,
            Primary::Nested,
            Primary::List,
            Primary::Map,
            Primary::Message,
            Primary::Literal,
        ],
        false => &[
            Primary::IdentOrGlobalCall,
            Primary::Nested,
            Primary::List,
            Primary::Map,
            Primary::Message,
            Primary::Literal,
        ],
    };
    alt.checked_sub(1).and_then(|i| kinds.get(i)).copied()
}

#[derive(Clone, Copy)]
enum Primary {
    Ident,
    GlobalCall,
    /// v0.22's `Ident` and `GlobalCall` in one.
    IdentOrGlobalCall,
    Nested,
    List,
    Map,
    Message,
    Literal,
}

/// The macros of the apiserver's parser.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Macro {
    Has,
    All,
    Exists,
    ExistsOne,
    Map,
    Filter,
}

/// The macro a call is (cel-go's macros by name, receiver style and argument count).
fn macro_kind(func: &str, receiver: bool, args: usize) -> Option<Macro> {
    Some(match (func, receiver, args) {
        ("has", false, 1) => Macro::Has,
        ("all", true, 2) => Macro::All,
        ("exists", true, 2) => Macro::Exists,
        ("exists_one" | "existsOne", true, 2) => Macro::ExistsOne,
        ("map", true, 2 | 3) => Macro::Map,
        ("filter", true, 2) => Macro::Filter,
        _ => return None,
    })
}

/// The operator tokens of `relation` (`op=('<'|…|'in')`) or `calc`.
fn binary_ops(rule: usize) -> &'static [i32] {
    match rule {
        RELATION => &RELATION_OPS,
        _ => &CALC_OPS,
    }
}

/// cel-go's `operators.Find`: a binary operator's function by its text.
fn operator(text: &str) -> Option<&'static str> {
    Some(match text {
        "+" => "_+_",
        "/" => "_/_",
        "==" => "_==_",
        ">" => "_>_",
        ">=" => "_>=_",
        "in" => "@in",
        "<" => "_<_",
        "<=" => "_<=_",
        "%" => "_%_",
        "*" => "_*_",
        "!=" => "_!=_",
        "-" => "_-_",
        _ => return None,
    })
}

/// `logicManager.balancedTree`: the terms `lo..=hi + 1` joined by the operators `lo..=hi`,
/// the middle operator at the root.
fn balanced(
    func: &str,
    terms: &mut [Option<IdedExpr>],
    ops: &[u64],
    lo: usize,
    hi: usize,
) -> IdedExpr {
    let mid = (lo + hi).div_ceil(2);
    let left = match mid == lo {
        true => terms[mid].take().expect("each term once"),
        false => balanced(func, terms, ops, lo, mid - 1),
    };
    let right = match mid == hi {
        true => terms[mid + 1].take().expect("each term once"),
        false => balanced(func, terms, ops, mid + 1, hi),
    };
    IdedExpr {
        id: ops[mid],
        expr: Expr::Call(CallExpr {
            func_name: func.into(),
            target: None,
            args: vec![left, right],
        }),
    }
}

/// cel-go's `unnest`: down the left of the tree to the first context that is more than its
/// first child (an operator met, a member other than a primary, a primary other than
/// parentheses or a literal).
fn unnest<'t>(tree: &Tree, mut n: Option<&'t Node>) -> Option<&'t Node> {
    while let Some(c) = n {
        n = match c.rule {
            EXPR if tree.label(c, &[t::QUESTIONMARK]).is_some() => return Some(c),
            EXPR => c.rule(OR, 0),
            OR if !tree.matched(c, &[t::LOGICAL_OR]).is_empty() => return Some(c),
            OR => c.rule(AND, 0),
            AND if !tree.matched(c, &[t::LOGICAL_AND]).is_empty() => return Some(c),
            AND => c.rule(RELATION, 0),
            RELATION | CALC if tree.label(c, binary_ops(c.rule)).is_some() => return Some(c),
            RELATION => c.rule(CALC, 0),
            CALC => c.rule(UNARY, 0),
            UNARY if c.alt == 1 => c.rule(MEMBER, 0),
            MEMBER if c.alt == 1 => c.rule(PRIMARY, 0),
            PRIMARY => match primary(tree.escaped_names, c.alt) {
                Some(Primary::Nested) => c.rule(EXPR, 0),
                Some(Primary::Literal) => c.rule(LITERAL, 0),
                _ => return Some(c),
            },
            _ => return Some(c),
        };
    }
    None
}

#[cfg(test)]
mod tests;
