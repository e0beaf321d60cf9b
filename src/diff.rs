//! `--diff`: a unified diff of one resource before and after the function changed it, for stderr.

use similar::TextDiff;

/// The unified diff (3 lines of context) from `before` to `after`, with `a/LABEL` and `b/LABEL`
/// headers; empty when the texts are equal.
pub fn unified(label: &str, before: &str, after: &str) -> String {
    if before == after {
        return String::new();
    }
    TextDiff::from_lines(before, after)
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{label}"), &format!("b/{label}"))
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_removed_and_added_lines_with_headers() {
        let before = "kind: Widget\nspec:\n  colour: red\n  size: 3\n";
        let after = "kind: Widget\nspec:\n  size: 3\n  color: blue\n";
        let d = unified("example.com/v1/Widget/demo/w1", before, after);
        assert_eq!(
            d,
            "--- a/example.com/v1/Widget/demo/w1\n+++ b/example.com/v1/Widget/demo/w1\n@@ -1,4 +1,4 @@\n kind: Widget\n spec:\n-  colour: red\n   size: 3\n+  color: blue\n"
        );
    }

    #[test]
    fn equal_texts_give_nothing() {
        assert_eq!(unified("x", "a: 1\n", "a: 1\n"), "");
    }
}
