//! The crate's layering, checked on its source: leaves (`field`, `yaml`, `go`, `names`,
//! `versions`, ...) < `schema` (the structural model) < `objectmeta` < {`validation`, `cel`} <
//! `crd` (the CRD layer: loading and checking CRDs) < `process`, `engine` and the rest. A module
//! of a lower layer names no module of a higher one, nor `validation` and `cel` each other: no
//! module cycle. Every `crate::X` of a file counts (code, `use` lists and doc links alike), and
//! so does a `super::` path that climbs to the crate root.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The modules every layer may name.
const LEAVES: &[&str] = &[
    "field",
    "fxhash",
    "go",
    "intern",
    "jobs",
    "names",
    "packed",
    "test_support",
    "versions",
    "yaml",
];

/// Each ruled module and the other top-level modules it may name (besides [`LEAVES`], unless it
/// is a leaf itself).
const RULES: &[(&str, bool, &[&str])] = &[
    // Go's behaviour: the lowest of all, written on nothing of the crate's.
    ("go", false, &[]),
    ("names", false, &["versions"]),
    ("schema", true, &[]),
    ("objectmeta", true, &["schema"]),
    ("pruning", true, &["schema", "objectmeta"]),
    ("defaulting", true, &["schema", "objectmeta", "pruning"]),
    ("validation", true, &["schema", "objectmeta"]),
    ("cel", true, &["schema"]),
    ("crd", true, &["schema", "objectmeta", "validation", "cel"]),
];

/// Lines allowed to break a rule, each with why: none.
const EXCEPTIONS: &[(&str, &str)] = &[];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The module path of a file under `src/` (`["schema", "convert"]` for
/// `src/schema/convert.rs`, `["schema"]` for `src/schema/mod.rs`).
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" && stem != "lib" && stem != "main" {
        parts.push(stem.to_string());
    }
    parts
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The identifiers a path continues with after `at` (one, or each of a `{a, b::c}` group's).
fn named_after(text: &str) -> Vec<String> {
    if let Some(group) = text.strip_prefix('{') {
        let mut depth = 0;
        let mut names = Vec::new();
        let mut start = true;
        for (i, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => break,
                '}' => depth -= 1,
                ',' if depth == 0 => start = true,
                c if start && is_ident(c) => {
                    let end = group[i..]
                        .find(|c| !is_ident(c))
                        .map_or(group.len(), |n| i + n);
                    names.push(group[i..end].to_string());
                    start = false;
                }
                c if !c.is_whitespace() => start = false,
                _ => {}
            }
        }
        return names;
    }
    let end = text.find(|c| !is_ident(c)).unwrap_or(text.len());
    vec![text[..end].to_string()]
}

/// The top-level modules a line names: `crate::X`, and `super::…::X` climbing to the root from
/// a file at `depth`.
fn top_level_names(line: &str, depth: usize) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let bytes = line.as_bytes();
    for (i, _) in line.match_indices("crate::") {
        if i > 0 && is_ident(bytes[i - 1] as char) {
            continue; // `my_crate::`, `crd_schema_fn::` in an example
        }
        out.extend(named_after(&line[i + "crate::".len()..]));
    }
    let mut i = 0;
    while let Some(n) = line[i..].find("super::") {
        let start = i + n;
        if start > 0 && is_ident(bytes[start - 1] as char) {
            i = start + 1;
            continue;
        }
        let mut rest = &line[start..];
        let mut climbs = 0;
        while let Some(r) = rest.strip_prefix("super::") {
            climbs += 1;
            rest = r;
        }
        if climbs >= depth {
            out.extend(named_after(rest));
        }
        i = start + climbs * "super::".len();
    }
    out
}

#[test]
fn no_module_names_a_higher_layer() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let src = root.join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut violations = Vec::new();
    let mut ruled = 0;
    for file in &files {
        let rel = file.strip_prefix(&src).unwrap();
        let module = module_of(rel);
        let Some(top) = module.first() else { continue };
        let Some(&(_, leaves, allowed)) = RULES.iter().find(|r| r.0 == top) else {
            continue;
        };
        ruled += 1;
        let shown = format!("src/{}", rel.display());
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            if EXCEPTIONS.contains(&(shown.as_str(), line.trim())) {
                continue;
            }
            for name in top_level_names(line, module.len()) {
                let ok = name == *top
                    || allowed.contains(&name.as_str())
                    || (leaves && LEAVES.contains(&name.as_str()));
                if !ok {
                    violations.push(format!(
                        "{shown}:{}: {top} names {name}: {}",
                        n + 1,
                        line.trim()
                    ));
                }
            }
        }
    }
    assert!(
        ruled > 100,
        "only {ruled} files ruled: is src/ where it was?"
    );
    assert!(
        violations.is_empty(),
        "a module names a higher layer (see tests/layers.rs):\n{}",
        violations.join("\n")
    );
}

#[test]
fn the_checker_sees_what_it_must() {
    let names = |line, depth| top_level_names(line, depth).into_iter().collect::<Vec<_>>();
    assert_eq!(names("use crate::validation::names;", 2), ["validation"]);
    assert_eq!(
        names("use crate::{cel, schema::Structural};", 2),
        ["cel", "schema"]
    );
    assert_eq!(names("/// see [`crate::crd::load`]", 1), ["crd"]);
    assert_eq!(names("use super::validation::check;", 1), ["validation"]);
    assert!(names("use super::validation::check;", 2).is_empty());
    assert_eq!(names("super::super::cel::has_rules(s)", 2), ["cel"]);
    assert!(names("use crd_schema_fn::crd::load;", 1).is_empty());
    assert_eq!(module_of(Path::new("schema/mod.rs")), ["schema"]);
    assert_eq!(
        module_of(Path::new("cel/estimate/tests.rs")),
        ["cel", "estimate", "tests"]
    );
}
