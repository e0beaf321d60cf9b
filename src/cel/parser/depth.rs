//! cel-go's two nesting limits of a parse, counted over the rule's tokens as cel-go counts
//! them over its parse tree (`parser/parser.go`, v0.26, the default `MaxRecursionDepth` of
//! 250 the apiserver keeps):
//! - the ANTLR parse listener (`recursionListener.EnterEveryRule`): how many invocations of
//!   one grammar rule are open at once, each rule counted on its own; a left-recursive rule's
//!   loop (`a == b == c`, `a.b.c`) stays one invocation, its right operand (`relation[2]`,
//!   `calc[2]`) is another. Past the limit the parse stops: `expression recursion limit
//!   exceeded: 250`, with the errors reported before it.
//! - the AST visitor (`parser.Visit`, `checkAndIncrementRecursionDepth`): how many
//!   conditionals, relations, arithmetic operations, selections, member calls and indexes
//!   enclose one another once parentheses and operator-less rules are looked through
//!   (`unnest`); `&&`, `||`, `!`, unary `-`, global calls and literals are not counted. Past
//!   the limit the visit stops: `max recursion depth exceeded`, with the errors the visit
//!   reported before the node it stopped at.
//!
//! Both errors are cel-go's internal errors, at no place (`<input>:-1:0`). The parse counts
//! the first itself (`super::antlr`); this walk finds the second, stopping where the first
//! would (the tests of both limits' rows run here too). The walk follows
//! the CEL grammar (`parser/gen/CEL.g4`). Where the tokens break it, it goes on only as
//! ANTLR's commonest repairs do (a character the lexer refuses skipped, one extraneous token
//! deleted), and says so otherwise: the parse's own errors then stand.

use crate::cel::locate::number_len;

/// cel-go's default `MaxRecursionDepth` (`parser.NewParser`), which the apiserver keeps.
pub const LIMIT: u32 = 250;

/// What the limits say of a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Depth {
    /// Well-formed, within both limits.
    Within,
    /// The parse listener's limit was passed at the token starting at byte `at`, the tokens
    /// before it well-formed or mended as ANTLR mends them (see [`Walk::expect`]).
    Listener { at: usize },
    /// Well-formed, and the visitor's limit was passed at the node starting at byte `at`.
    Visitor { at: usize },
    /// The tokens break the grammar before the listener's limit was passed (or anywhere,
    /// for the visitor's, which is not counted over a mended tree).
    Malformed,
}

/// cel-go's message when the visitor's limit is passed.
pub const VISITOR_MESSAGE: &str = "max recursion depth exceeded";

/// Both limits of `src`, each at `limit`.
pub fn check(src: &str, limit: u32) -> Depth {
    let (tokens, refused) = lex(src, true);
    let mut walk = Walk {
        tokens: &tokens,
        mended: !refused.is_empty(),
        at: 0,
        open: [0; RULES],
        limit,
        nodes: Vec::new(),
    };
    let root = match walk.start() {
        Ok(root) => root,
        Err(Stop::Listener) => {
            let at = walk.tokens.get(walk.at).map_or(src.len(), |(_, o)| *o);
            return Depth::Listener { at };
        }
        Err(Stop::Malformed) => return Depth::Malformed,
    };
    if walk.mended {
        return Depth::Malformed;
    }
    match walk.visitor_stop(root) {
        Some(at) => Depth::Visitor { at },
        None => Depth::Within,
    }
}

/// A token of the CEL lexer, as far as the grammar's shape needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    /// `NUM_INT`, `NUM_UINT`, `NUM_FLOAT` (a literal a `-` may sign).
    Num,
    /// A string, bytes, `true`, `false` or `null`.
    Lit,
    Ident,
    /// `in`, a relation.
    In,
    /// `==`, `!=`, `<=`, `>=`, `&&` or `||`.
    Two([u8; 2]),
    /// Any other operator or punctuation: one ASCII character.
    One(u8),
    /// A backtick-quoted name (`ESC_IDENTIFIER`).
    Escaped,
}

/// The tokens of `src` (each with its byte offset), and where a character or literal the
/// lexer refuses starts: skipped as ANTLR's lexer skips it after its `token recognition
/// error` (see [`literal`]). `escaped_names`: whether the
/// grammar has `ESC_IDENTIFIER` (cel-go v0.23 on; before, a backtick is refused).
fn lex(src: &str, escaped_names: bool) -> (Vec<(Tok, usize)>, Vec<usize>) {
    let mut refused = Vec::new();
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let start = i;
        let tok = if matches!(c, b' ' | b'\t' | b'\n' | b'\r' | b'\x0c') {
            i += 1;
            continue;
        } else if b[i..].starts_with(b"//") {
            i = memchr::memchr(b'\n', &b[i..]).map_or(b.len(), |p| i + p);
            continue;
        } else if let Some(scan) = literal(b, i) {
            match scan {
                Lit::Token(end) => {
                    i = end;
                    Tok::Lit
                }
                Lit::Prefix(end) => {
                    i = end;
                    // `""` (before a third quote), else the name before the quote.
                    match b[end - 1] {
                        b'"' | b'\'' => Tok::Lit,
                        _ => Tok::Ident,
                    }
                }
                Lit::Refused(resume) => {
                    refused.push(i);
                    i = resume;
                    continue;
                }
            }
        } else if c.is_ascii_digit() || (c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit))
        {
            i += number_len(&b[i..]);
            Tok::Num
        } else if c == b'_' || c.is_ascii_alphabetic() {
            let len = b[i..]
                .iter()
                .position(|&x| !(x == b'_' || x.is_ascii_alphanumeric()))
                .unwrap_or(b.len() - i);
            i += len;
            match &src[start..i] {
                "true" | "false" | "null" => Tok::Lit,
                "in" => Tok::In,
                _ => Tok::Ident,
            }
        } else if let Some(two @ (b"==" | b"!=" | b"<=" | b">=" | b"&&" | b"||")) = b.get(i..i + 2)
        {
            i += 2;
            Tok::Two([two[0], two[1]])
        } else if b"()[]{},.:?+-*/%!<>".contains(&c) {
            i += 1;
            Tok::One(c)
        } else if let Some(len) = escaped_len(&b[i..]).filter(|_| escaped_names) {
            i += len;
            Tok::Escaped
        } else {
            // A character no token starts with is refused alone; one a token starts with
            // (`&`, `|`, `=`, a backtick before a name) with what it read up to the character
            // it failed at, that one included (ANTLR's lexer consumes it to recover).
            refused.push(i);
            let fail = match c {
                b'&' | b'|' | b'=' => Some(i + 1),
                b'`' if escaped_names => {
                    Some(i + 1 + b[i + 1..].iter().take_while(|&&x| name_byte(x)).count())
                }
                _ => None,
            };
            i = match fail {
                Some(f) if f < b.len() => f + char_len(b, f),
                Some(_) => b.len(),
                None => i + char_len(b, i),
            };
            continue;
        };
        out.push((tok, start));
    }
    (out, refused)
}

/// Where the lexer of cel-go v0.22 (Kubernetes 1.32), whose grammar has no `ESC_IDENTIFIER`,
/// refuses a backtick (`token recognition error at: '`'`, the character skipped), in the
/// tokens the crate's lexer reads alike. See [`crate::versions::Change::EscapedNames`].
pub fn unlexed_backticks(src: &str) -> Vec<usize> {
    if !src.contains('`') {
        return Vec::new();
    }
    let (_, refused) = lex(src, false);
    refused
        .into_iter()
        .filter(|&at| src.as_bytes()[at] == b'`')
        .collect()
}

/// Whether a backtick-quoted name may hold `x` (`LETTER | DIGIT | '_' | '.' | '-' | '/' | ' '`).
fn name_byte(x: u8) -> bool {
    x.is_ascii_alphanumeric() || b"_.-/ ".contains(&x)
}

/// The length of a backtick-quoted name at the start of `b` (`ESC_IDENTIFIER: '`' (LETTER |
/// DIGIT | '_' | '.' | '-' | '/' | ' ')+ '`'`).
fn escaped_len(b: &[u8]) -> Option<usize> {
    let inner = b.get(1..)?;
    let len = inner.iter().take_while(|&&x| name_byte(x)).count();
    (b[0] == b'`' && len > 0 && inner.get(len) == Some(&b'`')).then_some(len + 2)
}

/// Where a backtick-quoted name is selected (`a.`b``, `a.?`b``) or names a message literal's
/// field (`M{`b`: 1}`): cel-go's parser reads it there (`escapeIdent`), and refuses it
/// (`normalizeIdent`: `unsupported syntax: '`'`, at the backtick), the apiserver not turning
/// the escape syntax on. Elsewhere such a name is a syntax error of the crate's, as of
/// cel-go's.
pub fn escaped_names(src: &str) -> Vec<usize> {
    if !src.contains('`') {
        return Vec::new();
    }
    let (tokens, _) = lex(src, true);
    let mut out = Vec::new();
    // Whether each open bracket is a message literal's `{` (a name or literal before it).
    let mut braces: Vec<bool> = Vec::new();
    for (k, &(t, at)) in tokens.iter().enumerate() {
        let before = |n: usize| k.checked_sub(n).map(|j| tokens[j].0);
        match t {
            Tok::Escaped => {
                let dot = Some(Tok::One(b'.'));
                let selected =
                    before(1) == dot || (before(1) == Some(Tok::One(b'?')) && before(2) == dot);
                let field = braces.last() == Some(&true)
                    && matches!(before(1), Some(Tok::One(b'{' | b',')))
                    && tokens.get(k + 1).map(|t| t.0) == Some(Tok::One(b':'));
                if selected || field {
                    out.push(at);
                }
            }
            Tok::One(b'{') => braces.push(matches!(
                before(1),
                Some(Tok::Ident | Tok::In | Tok::Lit | Tok::Num | Tok::Escaped)
            )),
            Tok::One(b'(' | b'[') => braces.push(false),
            Tok::One(b'}' | b')' | b']') => {
                braces.pop();
            }
            _ => {}
        }
    }
    out
}

/// How ANTLR's lexer reads a string or bytes literal (`STRING`, `BYTES`) at a byte offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Lit {
    /// A whole literal, ending here.
    Token(usize),
    /// The literal fails, and the lexer takes the longest token it had read on the way (its
    /// last accepting state): a name (`r`, `b`, `br` before the quote) or an empty string
    /// (`""` before a third quote), ending here.
    Prefix(usize),
    /// The literal fails with nothing read on the way (`token recognition error`): the lexer
    /// goes on after the character it failed at (at the end of the text, nowhere).
    Refused(usize),
}

/// How the lexer reads the literal starting at `i` (`None`: no literal starts there): the
/// grammar's `STRING` (`'…'`, `"…"`, their triple-quoted forms, each raw with an `r`) and
/// `BYTES` (a `b` before a `STRING`), read as ANTLR's lexer reads them, the longest match,
/// falling back to the last token it could end on.
fn literal(b: &[u8], i: usize) -> Option<Lit> {
    let mut j = i;
    let mut raw = false;
    // The name a prefix is, if the literal fails: its end.
    let mut name = None;
    if matches!(b.get(j), Some(b'b' | b'B')) {
        j += 1;
        name = Some(j);
    }
    if matches!(b.get(j), Some(b'r' | b'R')) {
        j += 1;
        raw = true;
        name = Some(j);
    }
    let q = *b.get(j)?;
    if q != b'"' && q != b'\'' {
        return None;
    }
    let fail = |at: Option<usize>, accepted: Option<usize>| match accepted {
        Some(end) => Lit::Prefix(end),
        // The failing character is consumed; at the end of the text, nothing is.
        None => Lit::Refused(at.map_or(b.len(), |f| f + char_len(b, f))),
    };
    // An empty literal is whole at `j + 2`: the longest read so far when a triple-quoted one
    // fails.
    if b.get(j + 1) == Some(&q) {
        if b.get(j + 2) != Some(&q) {
            return Some(Lit::Token(j + 2));
        }
        let mut k = j + 3;
        loop {
            if k >= b.len() {
                return Some(fail(None, Some(j + 2)));
            }
            if b[k..].starts_with(&[q, q, q]) {
                return Some(Lit::Token(k + 3));
            }
            if b[k] == b'\\' && !raw {
                match escape(b, k) {
                    Ok(end) => k = end,
                    Err(_) => return Some(fail(None, Some(j + 2))),
                }
            } else {
                k += 1;
            }
        }
    }
    let mut k = j + 1;
    loop {
        let Some(&c) = b.get(k) else {
            return Some(fail(None, name));
        };
        if c == q {
            return Some(Lit::Token(k + 1));
        }
        if c == b'\n' || c == b'\r' {
            return Some(fail(Some(k), name));
        }
        if c == b'\\' && !raw {
            match escape(b, k) {
                Ok(end) => k = end,
                Err(at) => return Some(fail(at, name)),
            }
        } else {
            k += 1;
        }
    }
}

/// The end of the escape sequence (`ESC_SEQ`) at `k` (its backslash), or where the lexer
/// fails in it (`None`: at the end of the text).
fn escape(b: &[u8], k: usize) -> Result<usize, Option<usize>> {
    let at = |n: usize| b.get(k + n).copied();
    let need = |from: usize, count: usize, ok: fn(u8) -> bool| {
        for n in from..from + count {
            match at(n) {
                Some(c) if ok(c) => {}
                Some(_) => return Err(Some(k + n)),
                None => return Err(None),
            }
        }
        Ok(k + from + count)
    };
    match at(1) {
        None => Err(None),
        Some(
            b'a' | b'b' | b'f' | b'n' | b'r' | b't' | b'v' | b'"' | b'\'' | b'\\' | b'?' | b'`',
        ) => Ok(k + 2),
        Some(b'x' | b'X') => need(2, 2, |c| c.is_ascii_hexdigit()),
        Some(b'u') => need(2, 4, |c| c.is_ascii_hexdigit()),
        Some(b'U') => need(2, 8, |c| c.is_ascii_hexdigit()),
        Some(b'0'..=b'3') => need(2, 2, |c| matches!(c, b'0'..=b'7')),
        Some(_) => Err(Some(k + 1)),
    }
}

/// The length of the character at byte `i`.
fn char_len(b: &[u8], i: usize) -> usize {
    match b[i] {
        0x00..=0x7f => 1,
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        _ => 4,
    }
}

/// The grammar's rules that can enclose themselves, each counted on its own by the listener.
const RULES: usize = 12;
const EXPR: usize = 0;
const OR: usize = 1;
const AND: usize = 2;
const RELATION: usize = 3;
const CALC: usize = 4;
const UNARY: usize = 5;
const MEMBER: usize = 6;
const PRIMARY: usize = 7;
const EXPR_LIST: usize = 8;
const LIST_INIT: usize = 9;
const MAP_INIT: usize = 10;
const FIELD_INIT: usize = 11;
// `optExpr` is open only around an `expr`, which is counted itself.

enum Stop {
    Listener,
    Malformed,
}

/// A node of the tree cel-go's visitor walks: `counted` when visiting it counts towards the
/// limit; `start` is its first token's byte offset.
struct Node {
    counted: bool,
    start: usize,
    kids: Vec<u32>,
}

struct Walk<'t> {
    tokens: &'t [(Tok, usize)],
    /// Whether the walk went on past a broken grammar (a skipped character, a deleted token).
    mended: bool,
    at: usize,
    open: [u32; RULES],
    limit: u32,
    nodes: Vec<Node>,
}

type Step<T> = Result<T, Stop>;

impl Walk<'_> {
    /// The token `k` ahead: `Ok(None)` at the rule's end.
    fn peek_at(&self, k: usize) -> Step<Option<Tok>> {
        Ok(self.tokens.get(self.at + k).map(|&(t, _)| t))
    }

    fn peek(&self) -> Step<Option<Tok>> {
        self.peek_at(0)
    }

    fn is(&self, t: Tok) -> Step<bool> {
        Ok(self.peek()? == Some(t))
    }

    /// The next token's offset (the rule's length at its end).
    fn offset(&self) -> usize {
        self.tokens.get(self.at).map_or(usize::MAX, |(_, o)| *o)
    }

    fn bump(&mut self) {
        self.at += 1;
    }

    /// Matches `t`; one extraneous token before it is deleted, as ANTLR's
    /// `singleTokenDeletion` does (`extraneous input … expecting …`).
    fn expect(&mut self, t: Tok) -> Step<()> {
        if !self.is(t)? && self.peek_at(1)? == Some(t) {
            self.bump();
            self.mended = true;
        }
        if self.is(t)? {
            self.bump();
            Ok(())
        } else {
            Err(Stop::Malformed)
        }
    }

    /// `EnterEveryRule`: one more invocation of `rule` open.
    fn enter(&mut self, rule: usize) -> Step<()> {
        self.open[rule] += 1;
        if self.open[rule] > self.limit {
            return Err(Stop::Listener);
        }
        Ok(())
    }

    /// `ExitEveryRule`.
    fn exit(&mut self, rule: usize) {
        self.open[rule] = self.open[rule].saturating_sub(1);
    }

    fn node(&mut self, counted: bool, start: usize, kids: Vec<u32>) -> u32 {
        self.nodes.push(Node {
            counted,
            start,
            kids,
        });
        (self.nodes.len() - 1) as u32
    }

    fn leaf(&mut self, start: usize) -> u32 {
        self.node(false, start, Vec::new())
    }

    /// `start: expr EOF`.
    fn start(&mut self) -> Step<u32> {
        let root = self.expr()?;
        match self.peek()? {
            None => Ok(root),
            Some(_) => Err(Stop::Malformed),
        }
    }

    /// `expr: conditionalOr ('?' conditionalOr ':' expr)?`; a conditional is counted.
    fn expr(&mut self) -> Step<u32> {
        self.enter(EXPR)?;
        let start = self.offset();
        let mut e = self.or()?;
        if self.is(Tok::One(b'?'))? {
            self.bump();
            let e1 = self.or()?;
            self.expect(Tok::One(b':'))?;
            let e2 = self.expr()?;
            e = self.node(true, start, vec![e, e1, e2]);
        }
        self.exit(EXPR);
        Ok(e)
    }

    /// `conditionalOr` and `conditionalAnd`: their terms, not counted.
    fn or(&mut self) -> Step<u32> {
        self.junction(OR, b"||")
    }

    fn junction(&mut self, rule: usize, op: &[u8; 2]) -> Step<u32> {
        self.enter(rule)?;
        let start = self.offset();
        let first = if rule == OR {
            self.junction(AND, b"&&")?
        } else {
            self.relation(0)?
        };
        let mut terms = vec![first];
        while self.is(Tok::Two(*op))? {
            self.bump();
            terms.push(if rule == OR {
                self.junction(AND, b"&&")?
            } else {
                self.relation(0)?
            });
        }
        self.exit(rule);
        Ok(match terms.len() {
            1 => first,
            _ => self.node(false, start, terms),
        })
    }

    /// `relation: calc | relation op relation`, as ANTLR runs it: `calc`, then while the
    /// precedence allows (`relation[0]` only), an operator and `relation[2]`.
    fn relation(&mut self, precedence: u8) -> Step<u32> {
        self.enter(RELATION)?;
        let start = self.offset();
        let mut left = self.calc(0)?;
        while precedence == 0 && self.relation_op()? {
            self.bump();
            let right = self.relation(2)?;
            left = self.node(true, start, vec![left, right]);
        }
        self.exit(RELATION);
        Ok(left)
    }

    fn relation_op(&self) -> Step<bool> {
        Ok(matches!(
            self.peek()?,
            Some(
                Tok::In
                    | Tok::One(b'<' | b'>')
                    | Tok::Two([b'=', b'='] | [b'!', b'='] | [b'<', b'='] | [b'>', b'='])
            )
        ))
    }

    /// `calc: unary | calc ('*'|'/'|'%') calc | calc ('+'|'-') calc`: `calc[p]` continues
    /// with `*` while `p <= 2` (right operand `calc[3]`), with `+` while `p <= 1` (`calc[2]`).
    fn calc(&mut self, precedence: u8) -> Step<u32> {
        self.enter(CALC)?;
        let start = self.offset();
        let mut left = self.unary()?;
        loop {
            let next = match self.peek()? {
                Some(Tok::One(b'*' | b'/' | b'%')) if precedence <= 2 => 3,
                Some(Tok::One(b'+' | b'-')) if precedence <= 1 => 2,
                _ => break,
            };
            self.bump();
            let right = self.calc(next)?;
            left = self.node(true, start, vec![left, right]);
        }
        self.exit(CALC);
        Ok(left)
    }

    /// `unary: member | '!'+ member | '-'+ member`; the operators are not counted.
    fn unary(&mut self) -> Step<u32> {
        self.enter(UNARY)?;
        if let Some(Tok::One(op @ (b'!' | b'-'))) = self.peek()? {
            // `-1` is a signed literal (the first alternative), `-a` a negation: the shape
            // is the same.
            let signed = op == b'-' && self.peek_at(1)? == Some(Tok::Num);
            if !signed {
                while self.is(Tok::One(op))? {
                    self.bump();
                }
            }
        }
        let m = self.member()?;
        self.exit(UNARY);
        Ok(m)
    }

    /// `member: primary | member '.' '?'? IDENTIFIER | member '.' IDENTIFIER '(' exprList? ')'
    /// | member '[' '?'? expr ']'`: each selection, call and index counted, enclosing what it
    /// is applied to.
    fn member(&mut self) -> Step<u32> {
        self.enter(MEMBER)?;
        let start = self.offset();
        let mut left = self.primary()?;
        loop {
            match self.peek()? {
                Some(Tok::One(b'.')) => {
                    self.bump();
                    let optional = self.is(Tok::One(b'?'))?;
                    if optional {
                        self.bump();
                    }
                    // `escapeIdent`: a backtick name too, except before a call's `(`.
                    let escaped = self.is(Tok::Escaped)?;
                    if escaped {
                        self.bump();
                    } else {
                        self.expect(Tok::Ident)?;
                    }
                    let mut kids = vec![left];
                    if escaped && self.is(Tok::One(b'('))? {
                        return Err(Stop::Malformed);
                    }
                    if !optional && self.is(Tok::One(b'('))? {
                        self.bump();
                        if !self.is(Tok::One(b')'))? {
                            kids.extend(self.expr_list()?);
                        }
                        self.expect(Tok::One(b')'))?;
                    }
                    left = self.node(true, start, kids);
                }
                Some(Tok::One(b'[')) => {
                    self.bump();
                    if self.is(Tok::One(b'?'))? {
                        self.bump();
                    }
                    let index = self.expr()?;
                    self.expect(Tok::One(b']'))?;
                    left = self.node(true, start, vec![left, index]);
                }
                _ => break,
            }
        }
        self.exit(MEMBER);
        Ok(left)
    }

    /// `primary`: a name, a global call, a message, a parenthesized expression (looked
    /// through), a list, a map or a literal; none counted.
    fn primary(&mut self) -> Step<u32> {
        self.enter(PRIMARY)?;
        if !self.starts_primary(0)? && self.starts_primary(1)? {
            // An extraneous token where a primary goes, deleted.
            self.bump();
            self.mended = true;
        }
        let start = self.offset();
        let out = match self.peek()? {
            Some(Tok::One(b'.')) if self.peek_at(1)? == Some(Tok::Ident) => {
                self.bump();
                self.named(start)?
            }
            Some(Tok::Ident) => self.named(start)?,
            Some(Tok::One(b'(')) => {
                self.bump();
                let e = self.expr()?;
                self.expect(Tok::One(b')'))?;
                e
            }
            Some(Tok::One(b'[')) => {
                self.bump();
                let elems = self.entries(b']', LIST_INIT, false)?;
                self.node(false, start, elems)
            }
            Some(Tok::One(b'{')) => {
                self.bump();
                let entries = self.entries(b'}', MAP_INIT, true)?;
                self.node(false, start, entries)
            }
            Some(Tok::Num | Tok::Lit) => {
                self.bump();
                self.leaf(start)
            }
            Some(Tok::One(b'-')) if self.peek_at(1)? == Some(Tok::Num) => {
                self.bump();
                self.bump();
                self.leaf(start)
            }
            _ => return Err(Stop::Malformed),
        };
        self.exit(PRIMARY);
        Ok(out)
    }

    /// Whether the token `k` ahead can start a primary.
    fn starts_primary(&self, k: usize) -> Step<bool> {
        Ok(match self.peek_at(k)? {
            Some(Tok::Ident | Tok::Num | Tok::Lit | Tok::One(b'(' | b'[' | b'{')) => true,
            Some(Tok::One(b'.')) => self.peek_at(k + 1)? == Some(Tok::Ident),
            Some(Tok::One(b'-')) => self.peek_at(k + 1)? == Some(Tok::Num),
            _ => false,
        })
    }

    /// After an optional leading dot, at an identifier: a global call `f(…)`, a message
    /// `a.b.C{…}`, or the name alone.
    fn named(&mut self, start: usize) -> Step<u32> {
        self.bump();
        if self.is(Tok::One(b'('))? {
            self.bump();
            let mut args = Vec::new();
            if !self.is(Tok::One(b')'))? {
                args = self.expr_list()?;
            }
            self.expect(Tok::One(b')'))?;
            return Ok(self.node(false, start, args));
        }
        let mut k = 0;
        while self.peek_at(k)? == Some(Tok::One(b'.')) && self.peek_at(k + 1)? == Some(Tok::Ident) {
            k += 2;
        }
        if self.peek_at(k)? != Some(Tok::One(b'{')) {
            return Ok(self.leaf(start));
        }
        self.at += k + 1;
        let mut values = Vec::new();
        if !self.is(Tok::One(b'}'))? && !self.is(Tok::One(b','))? {
            self.enter(FIELD_INIT)?;
            loop {
                if self.is(Tok::One(b'?'))? {
                    self.bump();
                }
                // `optField`'s `escapeIdent`.
                if self.is(Tok::Escaped)? {
                    self.bump();
                } else {
                    self.expect(Tok::Ident)?;
                }
                self.expect(Tok::One(b':'))?;
                values.push(self.expr()?);
                if !self.more(b'}')? {
                    break;
                }
            }
            self.exit(FIELD_INIT);
        }
        self.close(b'}')?;
        Ok(self.node(false, start, values))
    }

    /// A list's elements (`listInit`) or a map's entries (`mapInitializerList`, `keyed`), up
    /// to and with the closing `close` (a trailing comma allowed).
    fn entries(&mut self, close: u8, rule: usize, keyed: bool) -> Step<Vec<u32>> {
        let mut out = Vec::new();
        if !self.is(Tok::One(close))? && !self.is(Tok::One(b','))? {
            self.enter(rule)?;
            loop {
                if self.is(Tok::One(b'?'))? {
                    self.bump();
                }
                out.push(self.expr()?);
                if keyed {
                    self.expect(Tok::One(b':'))?;
                    out.push(self.expr()?);
                }
                if !self.more(close)? {
                    break;
                }
            }
            self.exit(rule);
        }
        self.close(close)?;
        Ok(out)
    }

    /// After an entry: whether a comma goes on to another (a comma before `close` is the
    /// trailing one, left for [`Walk::close`]).
    fn more(&mut self, close: u8) -> Step<bool> {
        if self.is(Tok::One(b','))? && self.peek_at(1)? != Some(Tok::One(close)) {
            self.bump();
            return Ok(true);
        }
        Ok(false)
    }

    /// An optional trailing comma, then `close`.
    fn close(&mut self, close: u8) -> Step<()> {
        if self.is(Tok::One(b','))? {
            self.bump();
        }
        self.expect(Tok::One(close))
    }

    /// `exprList: expr (',' expr)*`.
    fn expr_list(&mut self) -> Step<Vec<u32>> {
        self.enter(EXPR_LIST)?;
        let mut out = vec![self.expr()?];
        while self.is(Tok::One(b','))? {
            self.bump();
            out.push(self.expr()?);
        }
        self.exit(EXPR_LIST);
        Ok(out)
    }

    /// Where cel-go's visitor stops, walking from `root` in its order (a node, then its
    /// parts left to right): the first counted node more than `limit` counted nodes deep.
    fn visitor_stop(&self, root: u32) -> Option<usize> {
        let mut stack = vec![(root, 0u32)];
        while let Some((id, above)) = stack.pop() {
            let node = &self.nodes[id as usize];
            let depth = above + u32::from(node.counted);
            if depth > self.limit {
                return Some(node.start);
            }
            stack.extend(node.kids.iter().rev().map(|&k| (k, depth)));
        }
        None
    }
}

#[cfg(test)]
mod tests;
