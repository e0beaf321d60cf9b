//! Where an expression node is in its source, for compile errors, found again from the tree
//! and the text. cel-go places an operator's error at its
//! operator token and a call's at its `(`. The source is an in-order writing of the tree,
//! so the node's token is the n-th token of its kind, n being the number of nodes before it
//! (in order) that write a token of that kind.

use crate::cel::ast::LiteralValue;
use crate::cel::ast::{CallExpr, ComprehensionExpr, EntryExpr, Expr, IdedExpr};

/// The byte offset of the token of node `id` (an operator or a call) in `src`. A node a
/// macro's expansion made (`_?_:_` in `exists_one`'s step) is at the macro's `(`, as cel-go's
/// parser gives its expansion the position of the call.
pub fn locate(root: &IdedExpr, src: &str, id: u64) -> Option<usize> {
    let mut anchors = Vec::new();
    walk(root, &mut anchors);
    let expanded = expanded_by(root, id);
    let id = expanded.unwrap_or(id);
    // `existsOne(` and `exists_one(` expand alike (a comprehension's anchor is `exists_one(`).
    let norm = |k: &str| match k {
        "existsOne(" => "exists_one(".to_string(),
        k => k.to_string(),
    };
    let anchors: Vec<(String, u64)> = anchors.into_iter().map(|(k, i)| (norm(&k), i)).collect();
    let at = anchors
        .iter()
        .position(|(k, i)| *i == id && (expanded.is_none() || k.ends_with('(')))?;
    let kind = &anchors[at].0;
    let n = anchors[..at].iter().filter(|(k, _)| k == kind).count();
    let tokens: Vec<(String, usize)> = tokens(src)
        .into_iter()
        .map(|(k, o)| (norm(&k), o))
        .collect();
    // A name before `(` is a call's or a macro's (`f(`), not an identifier node's.
    let call_name = |i: usize| {
        let (k, _) = &tokens[i];
        let name = k.strip_prefix("id:");
        let next = tokens.get(i + 1).map(|(k, _)| k.strip_suffix('('));
        name.is_some() && next.flatten() == name
    };
    let mut same = (0..tokens.len()).filter(|&i| tokens[i].0 == *kind && !call_name(i));
    same.nth(n).map(|i| tokens[i].1)
}

/// The macro comprehension whose expansion made node `id` (not one written in the call), or
/// that is `id`.
fn expanded_by(e: &IdedExpr, id: u64) -> Option<u64> {
    if let Expr::Comprehension(c) = &e.expr {
        if let Some((_, written)) = macro_of(c) {
            if e.id == id {
                return Some(id);
            }
            if let Some(found) = written.iter().find_map(|w| expanded_by(w, id)) {
                return Some(found);
            }
            if let Some(found) = expanded_by(&c.iter_range, id) {
                return Some(found);
            }
            let generated = [&c.accu_init, &c.loop_cond, &c.loop_step, &c.result];
            let in_written = written.iter().any(|w| contains(w, id));
            if !in_written && generated.iter().any(|g| contains(g, id)) {
                return Some(e.id);
            }
            return None;
        }
    }
    children(e).into_iter().find_map(|x| expanded_by(x, id))
}

/// Whether node `id` is `e` or below it.
fn contains(e: &IdedExpr, id: u64) -> bool {
    e.id == id || children(e).into_iter().any(|x| contains(x, id))
}

/// The nodes right below `e`.
pub(in crate::cel) fn children(e: &IdedExpr) -> Vec<&IdedExpr> {
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

/// Appends the tokens `e` writes that matter (kind, node id), in source order.
fn walk(e: &IdedExpr, out: &mut Vec<(String, u64)>) {
    match &e.expr {
        Expr::Ident(name) => out.push((format!("id:{name}"), e.id)),
        Expr::Literal(LiteralValue::Int(i)) if *i < 0 => negative(e.id, out),
        Expr::Literal(LiteralValue::Double(d)) if *d < 0.0 => negative(e.id, out),
        Expr::Literal(LiteralValue::Boolean(b)) => out.push((format!("id:{b}"), e.id)),
        Expr::Literal(LiteralValue::Null) => out.push(("id:null".into(), e.id)),
        Expr::Literal(_) => out.push(("lit".into(), e.id)),
        Expr::Struct(m) => {
            // `.a.b.Name{f: v, ?g: w}`: the message at its `{`, a field at its `:`.
            let name = match m.type_name.strip_prefix('.') {
                Some(rest) => {
                    out.push((".".into(), 0));
                    rest
                }
                None => m.type_name.as_str(),
            };
            for (i, part) in name.split('.').enumerate() {
                if i > 0 {
                    out.push((".".into(), 0));
                }
                out.push((format!("id:{part}"), 0));
            }
            out.push(("{".into(), e.id));
            for entry in &m.entries {
                if let EntryExpr::StructField(f) = &entry.expr {
                    if f.optional {
                        out.push(("?".into(), 0));
                    }
                    out.push((format!("id:{}", f.field), 0));
                    out.push((":".into(), entry.id));
                    walk(&f.value, out);
                }
            }
        }
        Expr::Unspecified => {}
        Expr::Select(s) => {
            if s.test {
                out.push(("has(".into(), e.id));
            }
            walk(&s.operand, out);
            out.push((".".into(), e.id));
        }
        Expr::Call(c) => call(c, e.id, out),
        Expr::List(l) => {
            out.push(("[".into(), e.id));
            l.elements.iter().for_each(|x| walk(x, out));
        }
        Expr::Map(m) => {
            out.push(("{".into(), e.id));
            for entry in &m.entries {
                if let EntryExpr::MapEntry(me) = &entry.expr {
                    walk(&me.key, out);
                    out.push((":".into(), e.id));
                    walk(&me.value, out);
                }
            }
        }
        Expr::Comprehension(c) => comprehension(c, e.id, out),
    }
}

/// A negative number literal: `-` and the number.
fn negative(id: u64, out: &mut Vec<(String, u64)>) {
    out.push(("-".into(), id));
    out.push(("lit".into(), 0));
}

fn call(c: &CallExpr, id: u64, out: &mut Vec<(String, u64)>) {
    let push = |k: &str, out: &mut Vec<(String, u64)>| out.push((k.to_string(), id));
    // Tokens that do not locate the call.
    let other = |k: &str, out: &mut Vec<(String, u64)>| out.push((k.to_string(), 0));
    match (c.func_name.as_str(), c.args.as_slice(), c.target.as_deref()) {
        ("_?._", [operand, _], None) => {
            walk(operand, out);
            push(".", out);
            other("?", out);
        }
        ("_[_]" | "_[?_]", [l, i], None) => {
            walk(l, out);
            push("[", out);
            if c.func_name == "_[?_]" {
                other("?", out);
            }
            walk(i, out);
        }
        ("_?_:_", [cond, a, b], None) => {
            walk(cond, out);
            push("?", out);
            walk(a, out);
            other(":", out);
            walk(b, out);
        }
        ("!_" | "-_", [x], None) => {
            push(&c.func_name[..1], out);
            walk(x, out);
        }
        (name, [first, rest @ ..], None) if operator_token(name).is_some() => {
            walk(first, out);
            for x in rest {
                push(operator_token(name).unwrap_or_default(), out);
                walk(x, out);
            }
        }
        (name, args, target) => {
            if let Some(t) = target {
                walk(t, out);
                other(".", out);
            }
            push(&format!("{name}("), out);
            args.iter().for_each(|x| walk(x, out));
        }
    }
}

/// The token of a binary operator.
fn operator_token(name: &str) -> Option<&'static str> {
    Some(match name {
        "_+_" => "+",
        "_-_" => "-",
        "_*_" => "*",
        "_/_" => "/",
        "_%_" => "%",
        "_==_" => "==",
        "_!=_" => "!=",
        "_<_" => "<",
        "_<=_" => "<=",
        "_>_" => ">",
        "_>=_" => ">=",
        "_&&_" => "&&",
        "_||_" => "||",
        "@in" => "in",
        _ => return None,
    })
}

/// A macro (`r.all(x, p)`, `r.map(x, f)`…): the range, the macro's name and variable, then
/// the expressions written in the call.
fn comprehension(c: &ComprehensionExpr, id: u64, out: &mut Vec<(String, u64)>) {
    walk(&c.iter_range, out);
    let Some((name, written)) = macro_of(c) else {
        return;
    };
    out.push((".".into(), id));
    out.push((format!("{name}("), id));
    out.push((format!("id:{}", c.iter_var), id));
    written.into_iter().for_each(|x| walk(x, out));
}

/// Where the `exists_one` comprehension `id` was written as `existsOne(x, p)` (the parser
/// expands both spellings alike): the offsets of its `(` and of its variable. `None` when it
/// was written `exists_one`.
pub fn written_exists_one_camel(root: &IdedExpr, src: &str, id: u64) -> Option<(usize, usize)> {
    let spelled = |k: &str| k == "exists_one(" || k == "existsOne(";
    let mut anchors = Vec::new();
    walk(root, &mut anchors);
    // Every such token in the source is a call or a macro, anchored in the same order.
    let n = anchors
        .iter()
        .filter(|(k, _)| spelled(k))
        .position(|(_, i)| *i == id)?;
    let tokens = tokens(src);
    let at = tokens
        .iter()
        .enumerate()
        .filter(|(_, (k, _))| spelled(k))
        .nth(n)?
        .0;
    let (kind, paren) = &tokens[at];
    if kind != "existsOne(" {
        return None;
    }
    let var = tokens[at + 1..]
        .iter()
        .find(|(k, _)| k.starts_with("id:"))?
        .1;
    Some((*paren, var))
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

/// The tokens of `src` that [`walk`] knows (kind, byte offset): identifiers (`id:x`), `f(`
/// at a call's parenthesis, operators and punctuation; strings and comments skipped.
pub(in crate::cel) fn tokens(src: &str) -> Vec<(String, usize)> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if b[i..].starts_with(b"//") {
            i += b[i..]
                .iter()
                .position(|&x| x == b'\n')
                .unwrap_or(b.len() - i);
        } else if let Some(end) = string_end(b, i) {
            out.push(("lit".into(), i));
            i = end;
        } else if c.is_ascii_digit() {
            out.push(("lit".into(), i));
            i += number_len(&b[i..]);
        } else if c == b'_' || c.is_ascii_alphabetic() {
            let len = b[i..]
                .iter()
                .position(|&x| !(x == b'_' || x.is_ascii_alphanumeric()))
                .unwrap_or(b.len() - i);
            let name = &src[i..i + len];
            let kind = if name == "in" {
                "in".into()
            } else {
                format!("id:{name}")
            };
            out.push((kind, i));
            let next = i
                + len
                + b[i + len..]
                    .iter()
                    .take_while(|x| x.is_ascii_whitespace())
                    .count();
            if b.get(next) == Some(&b'(') {
                out.push((format!("{name}("), next));
            }
            i += len;
        } else if c == b'`' {
            i += 1 + b[i + 1..]
                .iter()
                .position(|&x| x == b'`')
                .map_or(b.len() - i - 1, |p| p + 1);
        } else {
            let two = src.get(i..i + 2).unwrap_or("");
            let len = match two {
                "==" | "!=" | "<=" | ">=" | "&&" | "||" => 2,
                // One character, of however many bytes.
                _ => src[i..].chars().next().map_or(1, char::len_utf8),
            };
            out.push((src[i..i + len].to_string(), i));
            i += len;
        }
    }
    out
}

/// The end of a string or bytes literal starting at `i` (`'…'`, `"…"`, triple-quoted, with
/// `r`/`b` prefixes).
pub(in crate::cel) fn string_end(b: &[u8], i: usize) -> Option<usize> {
    let mut j = i;
    let mut raw = false;
    while j < b.len() && j - i < 2 && matches!(b[j], b'r' | b'R' | b'b' | b'B') {
        raw |= matches!(b[j], b'r' | b'R');
        j += 1;
    }
    let q = *b.get(j)?;
    if q != b'\'' && q != b'"' {
        return None;
    }
    let triple = b[j..].starts_with(&[q, q, q]);
    let close: &[u8] = if triple { &b[j..j + 3] } else { &b[j..j + 1] };
    j += close.len();
    while j < b.len() {
        if b[j..].starts_with(close) {
            return Some(j + close.len());
        }
        j += if b[j] == b'\\' && !raw { 2 } else { 1 };
    }
    Some(b.len())
}

/// The length of the number at the start of `b` (`DIGIT+ ('.' DIGIT+)? EXPONENT? 'u'?`,
/// `'.' DIGIT+ EXPONENT?`, `0x` (lowercase only) hex digits with an optional `u`).
pub(in crate::cel) fn number_len(b: &[u8]) -> usize {
    let digits = |from: usize| b[from..].iter().take_while(|x| x.is_ascii_digit()).count();
    if b.starts_with(b"0x") && b.get(2).is_some_and(u8::is_ascii_hexdigit) {
        let n = 2 + b[2..].iter().take_while(|x| x.is_ascii_hexdigit()).count();
        return n + usize::from(matches!(b.get(n), Some(b'u' | b'U')));
    }
    let mut n = digits(0);
    let whole = n;
    if b.get(n) == Some(&b'.') && b.get(n + 1).is_some_and(u8::is_ascii_digit) {
        n += 1 + digits(n + 1);
    }
    if matches!(b.get(n), Some(b'e' | b'E')) {
        let sign = usize::from(matches!(b.get(n + 1), Some(b'+' | b'-')));
        let exp = digits(n + 1 + sign);
        if exp > 0 {
            n += 1 + sign + exp;
        }
    }
    if n == whole && matches!(b.get(n), Some(b'u' | b'U')) {
        n += 1;
    }
    n
}
