//! cel-go's compile issues (its `common.Errors`), the parser's and the type checker's: each a
//! message at a place in the expression, rendered only where a text is wanted, as
//! `Errors.ToDisplayString` writes them.

use std::fmt::{self, Write};

/// The most issues cel-go keeps of a parse (`maxErrorsToReport`); the rest are only counted.
const REPORTED: usize = 100;

/// One issue: `message` at byte `offset` of the expression, or at no place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Issue {
    /// On a character boundary, at most the expression's length: offsets in this order are
    /// in the order of their lines and columns. `None` is cel-go's `NoLocation` (line -1,
    /// column -1), displayed before every placed issue.
    offset: Option<usize>,
    message: String,
}

impl Issue {
    /// `message` at byte `offset` of `src` (within the character there, at most at its end).
    pub fn at(src: &str, offset: usize, message: impl Into<String>) -> Issue {
        let mut offset = offset.min(src.len());
        while !src.is_char_boundary(offset) {
            offset -= 1;
        }
        Issue {
            offset: Some(offset),
            message: message.into(),
        }
    }

    /// `message` at no place (cel-go's `NoLocation`, where its parser reports its internal
    /// errors).
    pub fn nowhere(message: impl Into<String>) -> Issue {
        Issue {
            offset: None,
            message: message.into(),
        }
    }

    /// `ERROR: <input>:L:C: msg` with the source line and a caret under the issue's place, as
    /// cel-go's `Error.ToDisplayString` writes it: the column in characters, tabs shown as
    /// spaces, a wide dot (and caret) for each character of more than one byte, no snippet for
    /// a line over 16,384 bytes.
    fn write(&self, src: &str, out: &mut String) {
        let Some(offset) = self.offset else {
            // Line -1 has no snippet.
            let _ = write!(out, "ERROR: <input>:-1:0: {}", self.message);
            return;
        };
        let before = &src[..offset];
        let line_no = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let col = before[line_start..].chars().count();
        let line = src[line_start..].split('\n').next().unwrap_or("");
        let _ = write!(
            out,
            "ERROR: <input>:{line_no}:{}: {}",
            col + 1,
            self.message
        );
        if line.len() <= 16_384 {
            let wide = |c: char| c.len_utf8() > 1;
            out.push_str("\n | ");
            out.push_str(&line.replace('\t', " "));
            out.push_str("\n | ");
            let mut chars = line.chars();
            for c in chars.by_ref().take(col) {
                out.push(if wide(c) { '\u{ff0e}' } else { '.' });
            }
            out.push(if chars.next().is_some_and(wide) {
                '\u{ff3e}'
            } else {
                '^'
            });
        }
    }
}

/// The issues of one expression, in the order cel-go displays them: by line, then column,
/// those at one place as they were found. Its [`Display`](fmt::Display) is cel-go's text,
/// one issue a line (each with its source line and caret).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Issues {
    /// The expression.
    src: String,
    list: Vec<Issue>,
    /// How many were found past the reported ones.
    truncated: usize,
}

impl Issues {
    /// All of `found`, issues about `src`.
    pub fn new(src: &str, mut found: Vec<Issue>) -> Issues {
        found.sort_by_key(|i| i.offset);
        Issues {
            src: src.to_string(),
            list: found,
            truncated: 0,
        }
    }

    /// The first 100 of `found` (the order they were found in), the rest counted, as cel-go's
    /// `common.Errors` keeps a parse's or a check's (`maxErrorsToReport`).
    pub fn reported(src: &str, mut found: Vec<Issue>) -> Issues {
        let truncated = found.len().saturating_sub(REPORTED);
        found.truncate(REPORTED);
        Issues {
            truncated,
            ..Issues::new(src, found)
        }
    }

    /// The issues, in display order.
    #[cfg(test)]
    pub fn list(&self) -> &[Issue] {
        &self.list
    }
}

impl fmt::Display for Issues {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        for (i, issue) in self.list.iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            issue.write(&self.src, &mut out);
        }
        if self.truncated > 0 {
            let _ = write!(out, "\n{} more errors were truncated", self.truncated);
        }
        f.write_str(&out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn displayed_by_place_then_as_found() {
        let src = "a +\n\tb.é + c";
        let found = vec![
            Issue::at(src, 9, "third"),
            Issue::at(src, 2, "first"),
            // Inside `é`: at its start, after the issue found before it there.
            Issue::at(src, 8, "second"),
            Issue::at(src, 7, "also second"),
        ];
        let issues = Issues::new(src, found);
        let messages: Vec<&str> = issues.list().iter().map(|i| i.message.as_str()).collect();
        assert_eq!(messages, ["first", "second", "also second", "third"]);
        assert_eq!(
            issues.to_string(),
            "ERROR: <input>:1:3: first\n | a +\n | ..^\n\
             ERROR: <input>:2:4: second\n |  b.é + c\n | ...＾\n\
             ERROR: <input>:2:4: also second\n |  b.é + c\n | ...＾\n\
             ERROR: <input>:2:5: third\n |  b.é + c\n | ...．^"
        );
    }

    #[test]
    fn an_issue_at_no_place_comes_first_without_a_snippet() {
        let src = "a +\nb";
        let found = vec![
            Issue::at(src, 2, "placed"),
            Issue::nowhere("max recursion depth exceeded"),
        ];
        assert_eq!(
            Issues::new(src, found).to_string(),
            "ERROR: <input>:-1:0: max recursion depth exceeded\n\
             ERROR: <input>:1:3: placed\n | a +\n | ..^"
        );
    }

    #[test]
    fn a_parse_reports_the_first_hundred() {
        let src = "x".repeat(150);
        let found = (0..150).rev().map(|i| Issue::at(&src, i, "e")).collect();
        let issues = Issues::reported(&src, found);
        assert_eq!(issues.list().len(), 100);
        assert_eq!(issues.list()[0].offset, Some(50));
        assert!(issues
            .to_string()
            .ends_with("\n50 more errors were truncated"));
        assert_eq!(Issues::new("", Vec::new()).to_string(), "");
    }
}
