//! A rule's `fieldPath` (the apiserver's `ValidFieldPath`): a JSON path of `.name` and
//! `['name']` steps from the rule's node, each naming a declared property (or any key of a
//! map), normalized to a field path (`a.b`, `m[key]`).

use crate::field::Path;
use crate::go::strconv::quote;
use crate::schema::Structural;

/// The normalized path, or `None` when `json_path` is not valid for `schema`.
pub fn valid_field_path(json_path: &str, schema: &Structural) -> Option<String> {
    let tokens = tokenize(json_path)?;
    let mut out = String::new();
    let mut node = schema;
    let mut it = tokens.into_iter();
    while let Some(tok) = it.next() {
        let name = match tok.as_str() {
            "[" => {
                let quoted = it.next()?;
                let inner = quoted.strip_prefix('\'')?.strip_suffix('\'')?;
                let name = unescape_single_quote(inner)?;
                (it.next()? == "]").then_some(name)?
            }
            "." => it.next()?,
            _ => return None,
        };
        node = step(node, &name, &mut out)?;
    }
    Some(out)
}

/// One step: a declared property (`.name`), or a key of a map (`[name]`).
fn step<'a>(node: &'a Structural, name: &str, out: &mut String) -> Option<&'a Structural> {
    if !node.properties.is_empty() {
        if !out.is_empty() {
            out.push('.');
        }
        out.push_str(name);
        return node.properties.get(name);
    }
    let additional = node.additional()?;
    out.push('[');
    out.push_str(name);
    out.push(']');
    additional
}

/// Splits on `.`, `[` and `]`, keeping a single-quoted token whole.
fn tokenize(s: &str) -> Option<Vec<String>> {
    let mut tokens = Vec::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\'' {
            let mut j = i + 1;
            while j < b.len() && !(b[j] == b'\'' && b[j - 1] != b'\\') {
                j += 1;
            }
            if j >= b.len() {
                tokens.push(s[i..].to_string());
                break;
            }
            tokens.push(s[i..=j].to_string());
            i = j + 1;
        } else if matches!(b[i], b'.' | b'[' | b']') {
            tokens.push(s[i..=i].to_string());
            i += 1;
        } else {
            let j = s[i..].find(['.', '[', ']']).map_or(b.len(), |k| i + k);
            tokens.push(s[i..j].to_string());
            i = j;
        }
    }
    Some(tokens)
}

fn unescape_single_quote(s: &str) -> Option<String> {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        out.push(match chars.next()? {
            'a' => '\u{7}',
            'b' => '\u{8}',
            'f' => '\u{c}',
            'n' => '\n',
            'r' => '\r',
            't' => '\t',
            'v' => '\u{b}',
            '\'' => '\'',
            '\\' => '\\',
            _ => return None,
        });
    }
    Some(out)
}

/// The `x-kubernetes-validations[i].fieldPath: must be a valid path` errors of `s` (at `path`)
/// and the nodes below it.
pub(in crate::cel) fn invalid_paths(
    s: &Structural,
    path: &str,
    out: &mut Vec<crate::cel::RuleError>,
) {
    walk_paths(s, &Path::Root(path), out);
}

/// [`invalid_paths`] at `path` (written only for an error).
fn walk_paths(s: &Structural, path: &Path<'_>, out: &mut Vec<crate::cel::RuleError>) {
    if let Some(rules) = s.extensions.x_validations().and_then(|v| v.as_array()) {
        for (i, r) in rules.iter().enumerate() {
            let fp = r.get("fieldPath").and_then(|v| v.as_str()).unwrap_or("");
            if !fp.trim().is_empty() && valid_field_path(fp, s).is_none() {
                let at = format!("{path}.x-kubernetes-validations[{i}].fieldPath");
                out.push(crate::cel::RuleError::of_schema(invalid_path(at, fp)));
            }
        }
    }
    let properties = path.child("properties");
    for (name, p) in s.properties.iter() {
        walk_paths(p, &properties.key(name), out);
    }
    if let Some(items) = s.items.as_deref() {
        walk_paths(items, &path.child("items"), out);
    }
    if let Some(crate::schema::StructuralOrBool::Schema(a)) = s.additional_properties.as_ref() {
        walk_paths(a, &path.child("additionalProperties"), out);
    }
}

/// The same errors for a schema the apiserver could not make structural as a whole (an
/// unsupported keyword such as `id` somewhere in it): it checks a rule's `fieldPath` against
/// the structural form of the rule's own node, and counts the path valid when that node cannot
/// be made structural either. `schema` is the raw JSON schema found at `path`.
pub fn invalid_paths_raw(
    schema: &serde_json::Value,
    path: &str,
    out: &mut Vec<crate::field::FieldError>,
) {
    let Some(m) = schema.as_object() else {
        return;
    };
    let rules = m.get("x-kubernetes-validations").and_then(|v| v.as_array());
    let with_paths = rules
        .into_iter()
        .flatten()
        .enumerate()
        .filter_map(|(i, r)| {
            let fp = r.get("fieldPath").and_then(|v| v.as_str())?;
            (!fp.trim().is_empty()).then_some((i, fp))
        });
    let mut node: Option<Option<Structural>> = None;
    for (i, fp) in with_paths {
        let node = node.get_or_insert_with(|| crate::schema::convert::convert(schema, path).ok());
        if node
            .as_ref()
            .is_some_and(|s| valid_field_path(fp, s).is_none())
        {
            let at = format!("{path}.x-kubernetes-validations[{i}].fieldPath");
            out.push(invalid_path(at, fp));
        }
    }
    if let Some(props) = m.get("properties").and_then(|v| v.as_object()) {
        for (name, p) in props {
            let at = crate::field::key(&format!("{path}.properties"), name);
            invalid_paths_raw(p, &at, out);
        }
    }
    if let Some(items) = m.get("items").filter(|v| v.is_object()) {
        invalid_paths_raw(items, &format!("{path}.items"), out);
    }
    if let Some(a) = m.get("additionalProperties").filter(|v| v.is_object()) {
        invalid_paths_raw(a, &format!("{path}.additionalProperties"), out);
    }
}

/// The error for a rule's `fieldPath` `fp` (at `at`) that names no field of its node.
pub fn invalid_path(at: String, fp: &str) -> crate::field::FieldError {
    crate::field::FieldError::invalid(
        at,
        &quote(fp),
        crate::versions::current()
            .wording("must be a valid path", "fieldPath must be a valid path"),
    )
}
