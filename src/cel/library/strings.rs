//! The string functions of kube-apiserver 1.36's environment: the standard `contains`,
//! `startsWith` and `endsWith`, and cel-go's strings extension (`ext/strings.go`) as 1.36
//! configures it (version 2: no `reverse`), whose indexes count code points and whose errors are
//! cel-go's texts (`index out of range: 3`, `invalid substring range. start: 3, end: 1`).
//! `indexOf` and `lastIndexOf` also take a list (the Kubernetes lists library), by cel-go's
//! equality of its elements with the item.

use super::Bind::{Overloads, Unguarded};
use super::{no_overload, Bindings};
use crate::cel::val::{Error, Res, Val};

/// `ext.Strings` version 2's overloads behind their type guards, and the standard library's
/// `contains`, `startsWith` and `endsWith`, whose guards are off (`decls.DisableTypeGuards`: the
/// implementations check their operands).
pub(super) const BINDINGS: Bindings = &[
    (Unguarded(&["contains_string"]), contains),
    (Unguarded(&["starts_with_string"]), starts_with),
    (Unguarded(&["ends_with_string"]), ends_with),
    (Overloads(&["string_char_at_int"]), char_at),
    (
        Overloads(&["string_index_of_string", "string_index_of_string_int"]),
        index_of,
    ),
    (
        Overloads(&[
            "string_last_index_of_string",
            "string_last_index_of_string_int",
        ]),
        last_index_of,
    ),
    (Overloads(&["list_join", "list_join_string"]), join),
    (Overloads(&["string_lower_ascii"]), lower_ascii),
    (Overloads(&["string_upper_ascii"]), upper_ascii),
    (
        Overloads(&[
            "string_replace_string_string",
            "string_replace_string_string_int",
        ]),
        replace,
    ),
    (
        Overloads(&["string_split_string", "string_split_string_int"]),
        split,
    ),
    (
        Overloads(&["string_substring_int", "string_substring_int_int"]),
        substring,
    ),
    (Overloads(&["string_trim"]), trim),
    (Overloads(&["strings_quote"]), quote),
];

fn string(s: impl Into<std::sync::Arc<str>>) -> Res {
    Ok(Val::String(s.into()))
}

/// cel-go's `index out of range: <i>`.
fn out_of_range(i: i64) -> Error {
    Error::text(format!("index out of range: {i}"))
}

/// `s.contains(sub)` (cel-go's `stringContains`, Go's `strings.Contains`).
fn contains(args: &[Val]) -> Res {
    match args {
        [Val::String(s), Val::String(sub)] => Ok(Val::Bool(s.contains(&**sub))),
        _ => no_overload(),
    }
}

/// `s.startsWith(prefix)` (cel-go's `stringStartsWith`).
fn starts_with(args: &[Val]) -> Res {
    match args {
        [Val::String(s), Val::String(p)] => Ok(Val::Bool(s.starts_with(&**p))),
        _ => no_overload(),
    }
}

/// `s.endsWith(suffix)` (cel-go's `stringEndsWith`).
fn ends_with(args: &[Val]) -> Res {
    match args {
        [Val::String(s), Val::String(p)] => Ok(Val::Bool(s.ends_with(&**p))),
        _ => no_overload(),
    }
}

/// `s.charAt(i)` (cel-go's `charAt`): the code point at `i`, the empty string at the end.
fn char_at(args: &[Val]) -> Res {
    let [Val::String(s), Val::Int(i)] = args else {
        return no_overload();
    };
    let i = *i;
    let count = s.chars().count();
    let Ok(at) = usize::try_from(i) else {
        return Err(out_of_range(i));
    };
    if at > count {
        return Err(out_of_range(i));
    }
    string(s.chars().nth(at).map(String::from).unwrap_or_default())
}

/// `s.indexOf(sub[, offset])` (cel-go's `indexOf`, `indexOfOffset`) and `list.indexOf(x)`
/// (the Kubernetes lists library's `indexOf`).
fn index_of(args: &[Val]) -> Res {
    match args {
        [Val::String(s), Val::String(sub)] => index_from(s, sub, 0),
        [Val::String(s), Val::String(sub), Val::Int(off)] => index_from(s, sub, *off),
        _ => no_overload(),
    }
}

/// `s.lastIndexOf(sub[, offset])` (cel-go's `lastIndexOf`, `lastIndexOfOffset`) and
/// `list.lastIndexOf(x)` (the Kubernetes lists library's `lastIndexOf`).
fn last_index_of(args: &[Val]) -> Res {
    match args {
        [Val::String(s), Val::String(sub)] => {
            let count = s.chars().count() as i64;
            if sub.is_empty() {
                return Ok(Val::Int(count));
            }
            // cel-go compares the lengths in bytes here (from v0.26; before, the search
            // started at the last character, and on an empty receiver failed).
            if s.len() < sub.len() && crate::versions::current().last_index_of_empty {
                return Ok(Val::Int(-1));
            }
            last_index_from(s, sub, count - 1)
        }
        [Val::String(s), Val::String(sub), Val::Int(off)] => last_index_from(s, sub, *off),
        _ => no_overload(),
    }
}

/// What `indexOfOffset` and `lastIndexOfOffset` begin alike with: an empty `sub` is found at
/// `offset`, whatever it is; a negative offset fails; one past the end (or a `sub` longer than
/// `s`) finds nothing. Else the runes of `s` and `sub`, and the offset, to search.
fn search_start(s: &str, sub: &str, offset: i64) -> Result<(Vec<char>, Vec<char>, usize), Res> {
    if sub.is_empty() {
        return Err(Ok(Val::Int(offset)));
    }
    if offset < 0 {
        return Err(Err(out_of_range(offset)));
    }
    let runes: Vec<char> = s.chars().collect();
    let subr: Vec<char> = sub.chars().collect();
    let off = offset as usize;
    if off >= runes.len() || subr.len() > runes.len() {
        return Err(Ok(Val::Int(-1)));
    }
    Ok((runes, subr, off))
}

/// cel-go's `indexOfOffset`: the first match starting at or after `offset`.
fn index_from(s: &str, sub: &str, offset: i64) -> Res {
    let (runes, subr, off) = match search_start(s, sub, offset) {
        Ok(start) => start,
        Err(answer) => return answer,
    };
    let found = (off..=runes.len() - subr.len()).find(|&i| runes[i..].starts_with(&subr));
    Ok(Val::Int(found.map_or(-1, |i| i as i64)))
}

/// cel-go's `lastIndexOfOffset`: the last match starting at or before `offset`.
fn last_index_from(s: &str, sub: &str, offset: i64) -> Res {
    let (runes, subr, off) = match search_start(s, sub, offset) {
        Ok(start) => start,
        Err(answer) => return answer,
    };
    let from = off.min(runes.len() - subr.len());
    let found = (0..=from).rev().find(|&i| runes[i..].starts_with(&subr));
    Ok(Val::Int(found.map_or(-1, |i| i as i64)))
}

/// `list.join([sep])` (cel-go's `joinValSeparator`): an element that is not a string fails
/// with `join: invalid input: <element>`.
fn join(args: &[Val]) -> Res {
    let (list, sep) = match args {
        [Val::List(l)] => (l, ""),
        [Val::List(l), Val::String(sep)] => (l, &**sep),
        _ => return no_overload(),
    };
    let mut out = String::new();
    for (i, v) in list.items().iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        match v {
            Val::String(s) => out.push_str(s),
            other => {
                return Err(Error::text(format!(
                    "join: invalid input: {}",
                    go_value_text(other)
                )))
            }
        }
    }
    string(out)
}

/// Go's `%v` of a cel-go value (what `join`'s error prints) for the numbers, bools, null (an
/// int32 kind without a `String` method: `0`) and bytes (`[104 105]`); other values, whose Go
/// texts are their Go structures', by their type name.
fn go_value_text(v: &Val) -> String {
    match v {
        Val::Int(i) => i.to_string(),
        Val::Uint(u) => u.to_string(),
        Val::Double(d) => crate::field::go_float(*d),
        Val::Bool(b) => b.to_string(),
        Val::Null => "0".to_string(),
        Val::Bytes(b) => {
            let parts: Vec<String> = b.iter().map(u8::to_string).collect();
            format!("[{}]", parts.join(" "))
        }
        other => other.type_name().to_string(),
    }
}

/// `s.lowerAscii()` (cel-go's `lowerASCII`): only ASCII letters change.
fn lower_ascii(args: &[Val]) -> Res {
    match args {
        [Val::String(s)] => string(s.to_ascii_lowercase()),
        _ => no_overload(),
    }
}

/// `s.upperAscii()` (cel-go's `upperASCII`).
fn upper_ascii(args: &[Val]) -> Res {
    match args {
        [Val::String(s)] => string(s.to_ascii_uppercase()),
        _ => no_overload(),
    }
}

/// `s.replace(old, new[, n])` (cel-go's `replace`, `replaceN`: Go's `strings.Replace`, all
/// of them for a negative `n`; an empty `old` matches before each character and at the end).
fn replace(args: &[Val]) -> Res {
    let (s, old, new, n) = match args {
        [Val::String(s), Val::String(old), Val::String(new)] => (s, old, new, -1),
        [Val::String(s), Val::String(old), Val::String(new), Val::Int(n)] => (s, old, new, *n),
        _ => return no_overload(),
    };
    match usize::try_from(n) {
        Ok(n) => string(s.replacen(&**old, new, n)),
        Err(_) => string(s.replace(&**old, new)),
    }
}

/// `s.split(sep[, n])` (cel-go's `split`, `splitN`: Go's `strings.SplitN`).
fn split(args: &[Val]) -> Res {
    let (s, sep, n) = match args {
        [Val::String(s), Val::String(sep)] => (s, sep, -1),
        [Val::String(s), Val::String(sep), Val::Int(n)] => (s, sep, *n),
        _ => return no_overload(),
    };
    let parts = go_split_n(s, sep, n).into_iter().map(Val::str).collect();
    Ok(Val::list(parts))
}

/// Go's `strings.SplitN(s, sep, n)`: no parts for `n == 0`, all of them for `n < 0`, at most
/// `n` (the last one the rest) otherwise; an empty `sep` splits after each character.
fn go_split_n<'s>(s: &'s str, sep: &str, n: i64) -> Vec<&'s str> {
    if n == 0 {
        return Vec::new();
    }
    if !sep.is_empty() {
        return match usize::try_from(n) {
            Ok(n) => s.splitn(n, sep).collect(),
            Err(_) => s.split(sep).collect(),
        };
    }
    // Go's `explode`: one part per character, the last one the rest.
    let chars = s.chars().count();
    let n = usize::try_from(n).map_or(chars, |n| n.min(chars));
    let mut out = Vec::with_capacity(n);
    let mut rest = s;
    for _ in 1..n {
        let len = rest.chars().next().map_or(0, char::len_utf8);
        out.push(&rest[..len]);
        rest = &rest[len..];
    }
    if n > 0 {
        out.push(rest);
    }
    out
}

/// `s.substring(start[, end])` (cel-go's `substr`, `substrRange`), in code points.
fn substring(args: &[Val]) -> Res {
    let (s, start, end) = match args {
        [Val::String(s), Val::Int(start)] => (s, *start, None),
        [Val::String(s), Val::Int(start), Val::Int(end)] => (s, *start, Some(*end)),
        _ => return no_overload(),
    };
    let runes: Vec<char> = s.chars().collect();
    let len = runes.len() as i64;
    if let Some(end) = end {
        if start > end {
            return Err(Error::text(format!(
                "invalid substring range. start: {start}, end: {end}"
            )));
        }
    }
    if start < 0 || start > len {
        return Err(out_of_range(start));
    }
    let end = end.unwrap_or(len);
    if end < 0 || end > len {
        return Err(out_of_range(end));
    }
    string(
        runes[start as usize..end as usize]
            .iter()
            .collect::<String>(),
    )
}

/// `s.trim()` (cel-go's `trimSpace`: Go's `strings.TrimSpace`, whose white space, Go's
/// `unicode.IsSpace`, is Unicode's White_Space as Rust's `trim` takes it).
fn trim(args: &[Val]) -> Res {
    match args {
        [Val::String(s)] => string(s.trim()),
        _ => no_overload(),
    }
}

/// `strings.quote(s)` (cel-go's `quote`): in double quotes, with CEL's escapes for `\a \b \f
/// \n \r \t \v`, the backslash and the double quote; every other character as it is.
fn quote(args: &[Val]) -> Res {
    let [Val::String(s)] = args else {
        return no_overload();
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{b}' => out.push_str("\\v"),
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            c => out.push(c),
        }
    }
    out.push('"');
    string(out)
}

#[cfg(test)]
#[path = "strings/tests.rs"]
mod tests;
