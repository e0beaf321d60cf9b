//! The visitor's trees against cel-go's parser table: each row's expression parsed, written as
//! cel-go's `debug.ToAdornedDebugString` writes it with the test's `kindAndIDAdorner` (each
//! node's id and kind), and compared as cel-go's test compares it, all whitespace removed. The
//! ids are cel-go's: the visitor makes them in the order cel-go's parser does.

use super::super::ast::{EntryExpr, Expr, IdedExpr, LiteralValue};
use crate::cel::syntax::parse;

mod table;

/// `debug.ToAdornedDebugString(e, &kindAndIDAdorner{})`, without its line breaks and indents.
fn debug(e: &IdedExpr, out: &mut String) {
    match &e.expr {
        Expr::Literal(l) => out.push_str(&literal(l)),
        Expr::Ident(name) => out.push_str(name),
        Expr::Select(s) => {
            debug(&s.operand, out);
            out.push('.');
            out.push_str(&s.field);
            if s.test {
                out.push_str("~test-only~");
            }
        }
        Expr::Call(c) => {
            if let Some(t) = &c.target {
                debug(t, out);
                out.push('.');
            }
            out.push_str(&c.func_name);
            out.push('(');
            for (i, a) in c.args.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                debug(a, out);
            }
            out.push(')');
        }
        Expr::List(l) => {
            out.push('[');
            for (i, x) in l.elements.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                debug(x, out);
            }
            out.push(']');
        }
        Expr::Map(m) => {
            out.push('{');
            entries(&m.entries, out);
            out.push('}');
        }
        Expr::Struct(s) => {
            out.push_str(&s.type_name);
            out.push('{');
            entries(&s.entries, out);
            out.push('}');
        }
        Expr::Comprehension(c) => {
            out.push_str("__comprehension__(//Variable");
            out.push_str(&c.iter_var);
            out.push(',');
            if let Some(v2) = &c.iter_var2 {
                out.push_str(v2);
                out.push(',');
            }
            out.push_str("//Target");
            debug(&c.iter_range, out);
            out.push_str(",//Accumulator");
            out.push_str(&c.accu_var);
            out.push_str(",//Init");
            debug(&c.accu_init, out);
            out.push_str(",//LoopCondition");
            debug(&c.loop_cond, out);
            out.push_str(",//LoopStep");
            debug(&c.loop_step, out);
            out.push_str(",//Result");
            debug(&c.result, out);
            out.push(')');
        }
        Expr::Unspecified => {}
    }
    let kind = match &e.expr {
        Expr::Call(_) => "*expr.Expr_CallExpr",
        Expr::Comprehension(_) => "*expr.Expr_ComprehensionExpr",
        Expr::Ident(_) => "*expr.Expr_IdentExpr",
        Expr::Literal(LiteralValue::Boolean(_)) => "*expr.Constant_BoolValue",
        Expr::Literal(LiteralValue::Bytes(_)) => "*expr.Constant_BytesValue",
        Expr::Literal(LiteralValue::Double(_)) => "*expr.Constant_DoubleValue",
        Expr::Literal(LiteralValue::Int(_)) => "*expr.Constant_Int64Value",
        Expr::Literal(LiteralValue::Null) => "*expr.Constant_NullValue",
        Expr::Literal(LiteralValue::String(_)) => "*expr.Constant_StringValue",
        Expr::Literal(LiteralValue::UInt(_)) => "*expr.Constant_Uint64Value",
        Expr::List(_) => "*expr.Expr_ListExpr",
        Expr::Map(_) | Expr::Struct(_) => "*expr.Expr_StructExpr",
        Expr::Select(_) => "*expr.Expr_SelectExpr",
        Expr::Unspecified => "",
    };
    out.push_str(&format!("^#{}:{kind}#", e.id));
}

fn entries(entries: &[super::super::ast::IdedEntryExpr], out: &mut String) {
    for (i, entry) in entries.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        match &entry.expr {
            EntryExpr::MapEntry(m) => {
                if m.optional {
                    out.push('?');
                }
                debug(&m.key, out);
                out.push(':');
                debug(&m.value, out);
            }
            EntryExpr::StructField(f) => {
                if f.optional {
                    out.push('?');
                }
                out.push_str(&f.field);
                out.push(':');
                debug(&f.value, out);
            }
        }
        out.push_str(&format!("^#{}:*expr.Expr_CreateStruct_Entry#", entry.id));
    }
}

/// `formatLiteral`.
fn literal(l: &LiteralValue) -> String {
    use crate::go::strconv::{format_float, quote};
    match l {
        LiteralValue::Boolean(b) => b.to_string(),
        LiteralValue::Bytes(b) => {
            // `strconv.Quote(string(v))`: an invalid byte as `\xNN`.
            let mut s = String::from("b\"");
            for chunk in b.utf8_chunks() {
                let q = quote(chunk.valid());
                s.push_str(&q[1..q.len() - 1]);
                for x in chunk.invalid() {
                    s.push_str(&format!("\\x{x:02x}"));
                }
            }
            s.push('"');
            s
        }
        LiteralValue::Double(d) => format_float(*d, 64),
        LiteralValue::Int(i) => i.to_string(),
        LiteralValue::String(s) => quote(s),
        LiteralValue::UInt(u) => format!("{u}u"),
        LiteralValue::Null => "null".into(),
    }
}

fn squeezed(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

#[test]
fn trees_and_ids_are_cel_gos() {
    let mut wrong = Vec::new();
    for (src, want) in table::ROWS {
        let got = match parse(src) {
            Ok(ast) => {
                let mut out = String::new();
                debug(&ast, &mut out);
                out
            }
            Err(e) => e.to_string(),
        };
        if squeezed(&got) != squeezed(want) {
            wrong.push(format!("{src}\n got  {got}\n want {}", squeezed(want)));
        }
    }
    assert_eq!(table::ROWS.len(), 101);
    assert!(
        wrong.is_empty(),
        "{} of {} rows:\n{}",
        wrong.len(),
        table::ROWS.len(),
        wrong.join("\n")
    );
}
