//! THROWAWAY: dumps the lexer's answers in LexDump's format.
use super::*;

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

fn unhex(h: &str) -> Vec<u8> {
    (0..h.len() / 2)
        .map(|i| u8::from_str_radix(&h[2 * i..2 * i + 2], 16).unwrap())
        .collect()
}

#[test]
#[ignore]
fn dump() {
    let inp = std::env::var("LEX_IN").unwrap();
    let out = std::env::var("LEX_OUT").unwrap();
    let esc = std::env::var("LEX_NOESC").is_err();
    let mut o = String::new();
    for line in std::fs::read_to_string(inp).unwrap().lines() {
        let src = String::from_utf8(unhex(line.trim())).unwrap();
        let (toks, errs) = lex(&src, esc);
        for t in &toks {
            o += &format!("{},{},{},{} ", t.kind, t.start, t.end, u8::from(t.hidden));
        }
        o += "#";
        for e in &errs {
            o += &format!(" {},{},{}", e.at, e.before, hex(e.text.as_bytes()));
        }
        o += "\n";
    }
    std::fs::write(out, o).unwrap();
}
