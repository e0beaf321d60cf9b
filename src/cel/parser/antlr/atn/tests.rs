use super::*;

/// The decisions of cel-go's generated parser that call `adaptivePredict` (every other one
/// tests the next token): the left-recursive rules' loops, `-`'s loop and `unary`, which a
/// negative literal makes ambiguous, `primary` and `literal`, and the lists whose last item
/// may have a trailing comma.
#[test]
fn the_tool_s_ll1_decisions() {
    let atn = cel(true);
    assert_eq!(atn.decisions.len(), 36);
    let adaptive: Vec<usize> = (0..36).filter(|&d| atn.ll1[d].is_none()).collect();
    assert_eq!(adaptive, [3, 4, 5, 7, 8, 12, 13, 25, 27, 28, 30, 35]);
    let old = cel(false);
    assert_eq!(old.decisions.len(), 35);
}

#[test]
fn expected_tokens() {
    let atn = cel(true);
    // After `f(a`: a call's arguments go on or end.
    let s = atn.decisions[26];
    assert_eq!(
        members(atn.expected(s, &[])).collect::<Vec<_>>(),
        [t::EOF, t::COMMA]
    );
    // The start rule expects its end.
    let start = atn.states[atn.rule_start[START]].out[0].target;
    let eof = match atn.states[start].out[0].edge {
        Edge::Rule { follow, .. } => follow,
        e => panic!("{e:?}"),
    };
    assert_eq!(atn.next_tokens(eof), bit(t::EOF));
}

/// The network in the form of `scripts/cel-parser-oracle`'s ATN dump, for comparing with
/// the tool's (`CEL_ATN_DUMP=path`): a maintainer's check, run by hand.
#[test]
#[ignore]
fn dump() {
    let Ok(path) = std::env::var("CEL_ATN_DUMP") else {
        return;
    };
    let atn = cel(std::env::var("CEL_ATN_V022").is_err());
    let mut out = String::new();
    for (i, s) in atn.states.iter().enumerate() {
        out.push_str(&format!("{i} {:?} r{}", s.kind, s.rule));
        if let Some(d) = s.decision {
            out.push_str(&format!(" d{d}"));
        }
        if s.precedence_decision {
            out.push_str(" prec");
        }
        out.push_str(" :");
        for t in &s.out {
            let e = match t.edge {
                Edge::Rule {
                    rule,
                    precedence,
                    follow,
                } => format!("rule({rule},p{precedence},f{follow})"),
                Edge::Precedence(p) => format!("prec({p})"),
                Edge::Epsilon { outermost: Some(r) } => format!("eps(opr{r})"),
                Edge::Epsilon { outermost: None } => "eps".into(),
                Edge::Action => "act".into(),
                Edge::Atom(a) => format!("atom({a})"),
                Edge::Set(set) => format!("set({:?})", members(set).collect::<Vec<_>>()),
            };
            out.push_str(&format!(" {e}->{}", t.target));
        }
        out.push('\n');
    }
    std::fs::write(path, out).unwrap();
}
