use super::*;

/// The errors as cel-go displays their places (`<input>:line:column`), sorted as the
/// oracle of `scripts/cel-parser-oracle` prints them.
pub(in crate::cel) fn display(src: &str, errs: &[Reported]) -> Vec<String> {
    let mut rows: Vec<(i64, i64, usize, String)> = errs
        .iter()
        .enumerate()
        .map(|(seq, (at, msg))| match at {
            None => (-1, -1, seq, msg.clone()),
            Some(at) => {
                let before = &src[..*at];
                let line = 1 + before.matches('\n').count() as i64;
                let col = before.rsplit('\n').next().unwrap_or("").chars().count() as i64;
                (line, col, seq, msg.clone())
            }
        })
        .collect();
    rows.sort();
    rows.into_iter()
        .map(|(line, col, _, msg)| match line {
            -1 => format!("ERROR: <input>:-1:0: {msg}"),
            _ => format!("ERROR: <input>:{line}:{}: {msg}", col + 1),
        })
        .collect()
}

/// Compares with the oracle's answers: `CEL_ORACLE_IN` (hex lines) and `CEL_ORACLE_OUT`
/// (its output). A maintainer's check, run by hand.
#[test]
#[ignore]
fn against_the_oracle() {
    let (Ok(input), Ok(output)) = (
        std::env::var("CEL_ORACLE_IN"),
        std::env::var("CEL_ORACLE_OUT"),
    ) else {
        return;
    };
    let input = std::fs::read_to_string(input).unwrap();
    let output = std::fs::read_to_string(output).unwrap();
    let answers: Vec<&str> = output.split("%%\n").collect();
    let (mut same, mut differ) = (0, 0);
    let mut ours = String::new();
    for (i, line) in input.lines().enumerate() {
        let bytes: Vec<u8> = (0..line.len() / 2)
            .map(|k| u8::from_str_radix(&line[2 * k..2 * k + 2], 16).unwrap())
            .collect();
        let src = String::from_utf8(bytes).unwrap();
        let escaped_names = std::env::var("CEL_ORACLE_V022").is_err();
        let (errs, _) = syntax_errors(&src, escaped_names, 250);
        let got = display(&src, &errs).join("\n");
        let want = answers[i].trim_end_matches('\n');
        ours.push_str(&got);
        ours.push_str(if got.is_empty() { "%%\n" } else { "\n%%\n" });
        if got == want {
            same += 1;
        } else {
            differ += 1;
            if differ <= 15 {
                println!("--- {i}: {src:?}\nwant:\n{want}\ngot:\n{got}");
            }
        }
    }
    if let Ok(path) = std::env::var("CEL_ORACLE_OURS") {
        std::fs::write(path, ours).unwrap();
    }
    println!("same {same}, differ {differ}");
    assert_eq!(differ, 0);
}

/// The time of parsing each rule of `CEL_PARSE_BENCH` (hex lines), for profiling.
#[test]
#[ignore]
fn parse_time() {
    let Ok(path) = std::env::var("CEL_PARSE_BENCH") else {
        return;
    };
    let rules: Vec<String> = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| {
            let b: Vec<u8> = (0..l.len() / 2)
                .map(|k| u8::from_str_radix(&l[2 * k..2 * k + 2], 16).unwrap())
                .collect();
            String::from_utf8(b).unwrap()
        })
        .collect();
    let t = std::time::Instant::now();
    let mut n = 0;
    for r in &rules {
        n += syntax_errors(r, true, 250).0.len();
    }
    println!(
        "{} rules, {n} errors, {:?}, {} DFA states",
        rules.len(),
        t.elapsed(),
        super::super::predict::dfa_states()
    );
}

/// The DFAs a thread keeps answer as fresh ones: 3,000 strings of random CEL tokens and
/// characters (refused ones, broken literals, deep brackets), each parsed after the others
/// filled the DFAs and again with them forgotten, under both grammars; no parse panics.
#[test]
fn kept_dfas_answer_as_fresh_ones() {
    const PIECES: [&str; 40] = [
        "a",
        "b.c",
        "f(",
        ")",
        "(",
        "[",
        "]",
        "{",
        "}",
        ",",
        ":",
        "?",
        ".",
        ".?",
        "[?",
        "-",
        "!",
        "+",
        "*",
        "==",
        "<",
        "in",
        "&&",
        "||",
        "1",
        "1u",
        "1.5",
        "-1",
        "'s'",
        "b'x'",
        "\"\\q\"",
        "'open",
        "`a-b`",
        "@",
        "#",
        "true",
        "null",
        "x.all(y, y > 0)",
        "m{f: 1}",
        " ",
    ];
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |n: usize| (crate::test_support::xorshift(&mut seed) % n as u64) as usize;
    let rules: Vec<String> = (0..3000)
        .map(|_| {
            let len = 1 + next(60);
            (0..len).map(|_| PIECES[next(PIECES.len())]).collect()
        })
        .collect();
    for escaped_names in [true, false] {
        let warm: Vec<_> = rules
            .iter()
            .map(|r| syntax_errors(r, escaped_names, 250))
            .collect();
        for (r, want) in rules.iter().zip(&warm) {
            super::super::predict::forget_dfas();
            assert_eq!(&syntax_errors(r, escaped_names, 250), want, "{r:?}");
        }
    }
}
