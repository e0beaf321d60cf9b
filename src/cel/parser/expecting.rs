//! What cel-go's ANTLR runtime (antlr4-go v4.13) says a failed match expected, where the
//! `cel` crate's runtime says otherwise.
//!
//! The two runtimes differ in `DefaultErrorStrategy.Sync`. Where the next token fits no loop
//! or block but the rule may end, the crate's (as ANTLR's Java runtime) remembers that state,
//! and a later failed match reports the tokens expected *there*. Go's `Sync` remembers
//! nothing, so a failed match (`RecoverInline`: no token deleted, none inserted) reports the
//! one token that match wanted (`NewInputMisMatchException`, at the parser's own state). After
//! `f(a b c)` cel-go expects `')'`, the crate every operator, `','` and `')'`; after
//! `(a) b c` cel-go expects `<EOF>`, the crate what could have followed `a` inside the
//! parentheses.
//!
//! Such a report is the only one whose set holds every binary operator (a loop's or a
//! block's holds the tokens that start or continue it, never `==` with `&&`). The token the
//! match wanted is found by asking the crate's parser again ([`wanted`]): the rule up to the
//! failed token, that token, and a candidate. The match deletes the token as extraneous when
//! the candidate is what it wanted, and that report is worded at the match's own state, in
//! both runtimes. The parser is asked again within a budget of bytes for the rule (see
//! `syntax::parse_lexed`); past it, the operators are taken out of the crate's set, which is
//! cel-go's answer where the set held one other token and the state was not left.

/// The crate's parser asked about another text: its errors, each at its byte offset; `None`
/// once the rule's budget for asking is spent.
pub(super) type Reparse<'a> = &'a dyn Fn(&str) -> Option<Vec<(usize, String)>>;

/// The tokens that continue a complete expression: binary operators, selection, indexing and
/// the conditional.
const CONTINUATIONS: [&str; 17] = [
    "'=='", "'!='", "'in'", "'<'", "'<='", "'>='", "'>'", "'&&'", "'||'", "'['", "'.'", "'-'",
    "'?'", "'+'", "'*'", "'/'", "'%'",
];

/// The tokens a failed match after an expression can want: the end of the rule, the closing
/// `)` of a call or parentheses, the `]` of an index, the `:` of a conditional or a map entry,
/// and the `}` of a map after its error recovery.
const CANDIDATES: [&str; 5] = ["", ")", "]", ":", "}"];

/// The crate's message `msg` for an error at byte `at` of `text` (the rule as the lexer reads
/// it) as cel-go's runtime words it; `reparse` gives the crate's errors for another text, by
/// byte offset (`None` once the rule's budget for that is spent).
pub(super) fn as_cel_go(text: &str, at: usize, msg: &str, reparse: Reparse) -> String {
    let Some((head, items)) = expected_set(msg) else {
        return msg.into();
    };
    // Inside a conditional's first branch `?` cannot follow (`:` does).
    let after_a_match = CONTINUATIONS
        .iter()
        .filter(|c| **c != "'?'")
        .all(|c| items.contains(c));
    if !after_a_match {
        return msg.into();
    }
    if let Some(token) = wanted(text, at, msg, reparse) {
        return format!("{head} expecting {token}");
    }
    // Not found (no candidate, more than one, or past the budget for asking): the tokens that
    // continue an expression taken out of the set.
    let rest: Vec<&str> = items
        .into_iter()
        .filter(|i| !CONTINUATIONS.contains(i))
        .collect();
    expecting(head, &rest).unwrap_or_else(|| msg.into())
}

/// The head and the tokens of a report `… expecting {a, b}`: a set of more than one token, as
/// ANTLR writes it in braces.
pub(super) fn expected_set(msg: &str) -> Option<(&str, Vec<&str>)> {
    let (head, set) = msg.split_once(" expecting {")?;
    Some((head, set.strip_suffix('}')?.split(", ").collect()))
}

/// `head` and the tokens it expects, written as ANTLR writes an expected set: one token as it
/// is, more in braces; `None` for no token.
pub(super) fn expecting(head: &str, tokens: &[&str]) -> Option<String> {
    match tokens {
        [] => None,
        [one] => Some(format!("{head} expecting {one}")),
        many => Some(format!("{head} expecting {{{}}}", many.join(", "))),
    }
}

/// The one token the failed match at byte `at` wanted (see the module doc): the input is the
/// token `msg` names, or `}` for the end of the text (which no expression takes either).
fn wanted(text: &str, at: usize, msg: &str, reparse: Reparse) -> Option<String> {
    // The token as the message quotes it (ANTLR's `escapeWSAndQuote`).
    let quoted = msg
        .strip_prefix("Syntax error: mismatched input '")?
        .rsplit_once("' expecting ")?
        .0;
    let rest = text.get(at..)?;
    // At the end of the text, the input goes on a line of its own: a literal the lexer
    // refused may run to the end of the line.
    let (sep, input) = match quoted {
        "<EOF>" if rest.trim().is_empty() => ("\n", "}".to_string()),
        _ if rest.starts_with(quoted) => ("", quoted.to_string()),
        _ => {
            let read = quoted
                .replace("\\n", "\n")
                .replace("\\r", "\r")
                .replace("\\t", "\t");
            ("", rest.starts_with(&read).then_some(read)?)
        }
    };
    let prefix = format!("{}{sep}", &text[..at]);
    let mut found = None;
    for candidate in CANDIDATES {
        let deleted = reparse(&format!("{prefix}{input} {candidate}"))?
            .into_iter()
            .find_map(|(i, m)| {
                let rest = m.strip_prefix("Syntax error: extraneous input ")?;
                let (_, expected) = rest.split_once(" expecting ")?;
                (i == prefix.len()).then(|| expected.to_string())
            });
        if let Some(expected) = deleted {
            if found.is_some() {
                return None;
            }
            found = Some(expected);
        }
    }
    found
}
