//! ANTLR's adaptive prediction (`ParserATNSimulator.adaptivePredict`, ALL(*)), as antlr4-go
//! runs it for cel-go's parser in its default mode (SLL first, full-context LL where SLL
//! finds a conflict): the ATN configurations reached token by token, their closures over
//! epsilon edges and rule calls and returns, the precedence predicates of the left-recursive
//! rules, and where prediction fails, the alternative that finished the decision's rule or a
//! `NoViableAltException` at the token no configuration could take. Its DFA cache is left
//! out: a state it would find again is computed again, to the same answer.

use super::atn::{Edge, Kind};
use super::context::{Ctx, EMPTY_RETURN};
use super::lexer::EOF;
use super::parse::{Fail, Parser};
use crate::fxhash::FxHashMap as HashMap;

type HashSet<T> = std::collections::HashSet<T, std::hash::BuildHasherDefault<crate::fxhash::Fx>>;

/// A set of alternatives (`BitSet`), bit `alt`.
type Alts = u64;

fn min_alt(alts: Alts) -> usize {
    alts.trailing_zeros() as usize
}

/// A semantic context (`SemanticContext`): every predicate of the CEL grammar is a
/// precedence predicate, so a conjunction is its least precedence and a disjunction its
/// greatest (`SemanticContext.AND`/`OR` reduce them so); `None` is `SemanticContext.NONE`.
type Sem = Option<u32>;

fn sem_and(a: Sem, b: Sem) -> Sem {
    match (a, b) {
        (None, x) | (x, None) => x,
        (Some(x), Some(y)) => Some(x.min(y)),
    }
}

fn sem_or(a: Sem, b: Sem) -> Sem {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.max(y)),
        _ => None,
    }
}

/// An ATN configuration (`ATNConfig`). Equal as ANTLR's are: all but `reaches`.
#[derive(Clone, Debug)]
struct Config {
    state: usize,
    alt: usize,
    ctx: Ctx,
    sem: Sem,
    /// `reachesIntoOuterContext` (its depth).
    reaches: u32,
    /// `isPrecedenceFilterSuppressed()`.
    suppressed: bool,
}

impl PartialEq for Config {
    fn eq(&self, o: &Config) -> bool {
        self.state == o.state
            && self.alt == o.alt
            && self.ctx == o.ctx
            && self.sem == o.sem
            && self.suppressed == o.suppressed
    }
}
impl Eq for Config {}
impl std::hash::Hash for Config {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        (self.state, self.alt, &self.ctx, self.sem, self.suppressed).hash(h);
    }
}

impl Config {
    fn to(&self, state: usize) -> Config {
        Config {
            state,
            ..self.clone()
        }
    }
}

/// `ATNConfigSet`: configurations in insertion order, one per (state, alternative,
/// semantic context), their contexts merged.
#[derive(Clone, Debug, Default)]
struct Configs {
    list: Vec<Config>,
    index: HashMap<(usize, usize, Sem), usize>,
    full: bool,
    has_sem: bool,
    unique_alt: usize,
    conflicting: Alts,
}

impl Configs {
    fn new(full: bool) -> Configs {
        Configs {
            full,
            ..Configs::default()
        }
    }

    fn add(&mut self, c: Config) {
        if c.sem.is_some() {
            self.has_sem = true;
        }
        match self.index.get(&(c.state, c.alt, c.sem)) {
            None => {
                self.index.insert((c.state, c.alt, c.sem), self.list.len());
                self.list.push(c);
            }
            Some(&i) => {
                let e = &mut self.list[i];
                e.ctx = Ctx::merge(&e.ctx, &c.ctx, !self.full);
                e.reaches = e.reaches.max(c.reaches);
                e.suppressed |= c.suppressed;
            }
        }
    }
}

/// A DFA state of the prediction (`DFAState`).
struct DState {
    configs: Configs,
    accept: bool,
    prediction: usize,
    requires_full: bool,
    /// `(predicate, alternative)` pairs (`predicates`).
    predicates: Option<Vec<(Sem, usize)>>,
}

/// The most DFA states a thread keeps for one grammar; past it, they are made again.
const DFA_STATES: usize = 10_000;

thread_local! {
    /// The DFA of each decision, per grammar (v0.22's, v0.23's on): ANTLR's cache of SLL
    /// prediction (`decisionToDFA`), kept by each thread across parses. A state is found
    /// again only when every one of its configurations is (its depth into the outer context
    /// included), so what it answers is what computing it again answers.
    static DFAS: std::cell::RefCell<[Vec<Dfa>; 2]> = Default::default();
}

/// Forgets this thread's DFAs (for tests).
#[cfg(test)]
pub(super) fn forget_dfas() {
    DFAS.with(|c| *c.borrow_mut() = Default::default());
}

/// How many DFA states this thread keeps (for tests).
#[cfg(test)]
pub(super) fn dfa_states() -> usize {
    DFAS.with(|c| c.borrow().iter().flatten().map(Dfa::len).sum())
}

/// One decision's DFA: its start states (by the parser's precedence, for a left-recursive
/// rule's loop), its states and their edges (`None`: `ERROR`).
#[derive(Default)]
struct Dfa {
    starts: HashMap<u32, usize>,
    states: Vec<DState>,
    index: HashMap<Vec<ConfigKey>, usize>,
    edges: HashMap<(usize, i32), Option<usize>>,
}

/// A configuration as a DFA state's identity: all of it.
#[derive(Clone, PartialEq, Eq, Hash)]
struct ConfigKey(usize, usize, Ctx, Sem, u32, bool);

impl Dfa {
    fn len(&self) -> usize {
        self.states.len()
    }

    /// `addDFAState`: the state, or the equal one already there.
    fn add(&mut self, s: DState) -> usize {
        let key: Vec<ConfigKey> = s
            .configs
            .list
            .iter()
            .map(|c| {
                ConfigKey(
                    c.state,
                    c.alt,
                    c.ctx.clone(),
                    c.sem,
                    c.reaches,
                    c.suppressed,
                )
            })
            .collect();
        if let Some(&i) = self.index.get(&key) {
            return i;
        }
        self.states.push(s);
        self.index.insert(key, self.states.len() - 1);
        self.states.len() - 1
    }
}

/// One closure (`closure`): the decision, the set it adds to, the configurations it went
/// through (`closureBusy`), whether it is full-context, and whether `EOF` is crossed as an
/// epsilon edge (in a reach on `EOF`).
struct Closure<'c> {
    d: &'c Decision,
    configs: &'c mut Configs,
    busy: HashSet<Config>,
    full: bool,
    eof_eps: bool,
}

/// What a prediction knows of its decision.
struct Decision {
    state: usize,
    /// A left-recursive rule's loop (`isPrecedenceDfa`), and that rule.
    precedence_rule: Option<usize>,
}

fn unique_alt(configs: &Configs) -> usize {
    let mut alt = 0;
    for c in &configs.list {
        if alt == 0 {
            alt = c.alt;
        } else if c.alt != alt {
            return 0;
        }
    }
    alt
}

/// `PredictionMode.getConflictingAltSubsets`: the alternatives of each (state, context).
fn conflicting_alt_subsets(configs: &Configs) -> Vec<Alts> {
    let mut map: HashMap<(usize, &Ctx), Alts> = HashMap::default();
    let mut order = Vec::new();
    for c in &configs.list {
        let e = map.entry((c.state, &c.ctx)).or_insert_with(|| {
            order.push((c.state, &c.ctx));
            0
        });
        *e |= 1 << c.alt;
    }
    order.iter().map(|k| map[k]).collect()
}

/// `PredictionMode.hasStateAssociatedWithOneAlt`.
fn state_with_one_alt(configs: &Configs) -> bool {
    let mut map: HashMap<usize, Alts> = HashMap::default();
    for c in &configs.list {
        *map.entry(c.state).or_default() |= 1 << c.alt;
    }
    map.values().any(|a| a.count_ones() == 1)
}

/// `PredictionMode.getSingleViableAlt` (0: none).
fn single_viable_alt(subsets: &[Alts]) -> usize {
    let mut viable: Alts = 0;
    for &a in subsets {
        viable |= 1 << min_alt(a);
        if viable.count_ones() > 1 {
            return 0;
        }
    }
    min_alt(viable)
}

impl Parser<'_> {
    fn in_rule_stop(&self, c: &Config) -> bool {
        self.atn.states[c.state].kind == Kind::RuleStop
    }

    /// `adaptivePredict(input, decision, ctx)`: the alternative to take, the input where it
    /// was.
    pub(super) fn adaptive_predict(&mut self, decision: usize) -> Result<usize, Fail> {
        let start = self.stream.index();
        let state = self.atn.decisions[decision];
        let s = &self.atn.states[state];
        let d = Decision {
            state,
            precedence_rule: s.precedence_decision.then_some(s.rule),
        };
        let grammar = usize::from(self.atn.escaped_names);
        let mut dfas = DFAS.with(|c| std::mem::take(&mut c.borrow_mut()[grammar]));
        if dfas.len() != self.atn.decisions.len()
            || dfas.iter().map(Dfa::len).sum::<usize>() > DFA_STATES
        {
            dfas = (0..self.atn.decisions.len())
                .map(|_| Dfa::default())
                .collect();
        }
        let dfa = &mut dfas[decision];
        // A precedence decision's start state is the one of the parser's precedence.
        let precedence = match d.precedence_rule {
            Some(_) => *self.precedence.last().expect("the start's precedence"),
            None => 0,
        };
        let s0 = match dfa.starts.get(&precedence) {
            Some(&s0) => s0,
            None => {
                let mut s0 = self.start_state(&d, &Ctx::empty(), false);
                if d.precedence_rule.is_some() {
                    s0 = self.precedence_filter(s0);
                }
                let s0 = dfa.add(DState {
                    configs: s0,
                    accept: false,
                    prediction: 0,
                    requires_full: false,
                    predicates: None,
                });
                dfa.starts.insert(precedence, s0);
                s0
            }
        };
        let alt = self.exec_atn(&d, dfa, s0, start);
        DFAS.with(|c| c.borrow_mut()[grammar] = dfas);
        self.stream.seek(start);
        alt
    }

    /// `execATN`: SLL prediction, token by token, over the decision's DFA.
    fn exec_atn(
        &mut self,
        d: &Decision,
        dfa: &mut Dfa,
        s0: usize,
        start: usize,
    ) -> Result<usize, Fail> {
        let mut previous = s0;
        let mut t = self.stream_la(1)?;
        loop {
            let next = match dfa.edges.get(&(previous, t)) {
                Some(&next) => next,
                None => {
                    let next = self
                        .target_state(d, &dfa.states[previous], t)
                        .map(|n| dfa.add(n));
                    dfa.edges.insert((previous, t), next);
                    next
                }
            };
            let Some(next) = next else {
                let e = self.no_viable(start);
                self.stream.seek(start);
                let alt = self.finished_decision_rule(&dfa.states[previous].configs);
                if alt != 0 {
                    return Ok(alt);
                }
                return Err(e);
            };
            let next_state = &dfa.states[next];
            if next_state.requires_full {
                if let Some(preds) = &next_state.predicates {
                    let at = self.stream.index();
                    if at != start {
                        self.stream.seek(start);
                    }
                    let alts = self.eval_predictions(preds, true);
                    if alts.count_ones() == 1 {
                        return Ok(min_alt(alts));
                    }
                    if at != start {
                        self.stream.seek(at);
                    }
                }
                let outer = Ctx::of(&self.returns);
                let s0 = self.start_state(d, &outer, true);
                return self.exec_full(d, s0, start);
            }
            if next_state.accept {
                let Some(preds) = &next_state.predicates else {
                    return Ok(next_state.prediction);
                };
                self.stream.seek(start);
                let alts = self.eval_predictions(preds, true);
                if alts == 0 {
                    return Err(self.no_viable(start));
                }
                return Ok(min_alt(alts));
            }
            previous = next;
            if t != EOF {
                self.stream_consume()?;
                t = self.stream_la(1)?;
            }
        }
    }

    /// `computeTargetState` (`None`: the DFA's `ERROR`).
    fn target_state(&self, d: &Decision, previous: &DState, t: i32) -> Option<DState> {
        let reach = self.reach_set(d, &previous.configs, t, false)?;
        let mut next = DState {
            configs: reach,
            accept: false,
            prediction: 0,
            requires_full: false,
            predicates: None,
        };
        let alt = unique_alt(&next.configs);
        if alt != 0 {
            next.accept = true;
            next.configs.unique_alt = alt;
            next.prediction = alt;
        } else if self.sll_conflict_terminates(&next.configs) {
            let conflicting = conflicting_alt_subsets(&next.configs)
                .into_iter()
                .fold(0, |a, s| a | s);
            next.configs.conflicting = conflicting;
            next.requires_full = true;
            next.accept = true;
            next.prediction = min_alt(conflicting);
        }
        if next.accept && next.configs.has_sem {
            // `predicateDFAState`.
            let nalts = self.atn.states[d.state].out.len();
            let collect = match next.configs.unique_alt {
                0 => next.configs.conflicting,
                a => 1 << a,
            };
            match self.preds_for_ambig_alts(collect, &next.configs, nalts) {
                Some(alt_to_pred) => {
                    let pairs = (1..=nalts)
                        .filter(|&i| collect & (1 << i) != 0)
                        .map(|i| (alt_to_pred[i], i))
                        .collect();
                    next.predicates = Some(pairs);
                    next.prediction = 0;
                }
                None => next.prediction = min_alt(collect),
            }
        }
        Some(next)
    }

    /// `getPredsForAmbigAlts` (`None` when no alternative has a predicate).
    fn preds_for_ambig_alts(
        &self,
        ambig: Alts,
        configs: &Configs,
        nalts: usize,
    ) -> Option<Vec<Sem>> {
        let mut alt_to_pred: Vec<Option<Sem>> = vec![None; nalts + 1];
        for c in &configs.list {
            if ambig & (1 << c.alt) != 0 {
                alt_to_pred[c.alt] = Some(match alt_to_pred[c.alt] {
                    None => c.sem,
                    Some(p) => sem_or(p, c.sem),
                });
            }
        }
        let preds: Vec<Sem> = alt_to_pred.into_iter().map(|p| p.flatten()).collect();
        preds[1..].iter().any(Option::is_some).then_some(preds)
    }

    /// `evalSemanticContext(predPredictions, …, complete)`.
    fn eval_predictions(&self, pairs: &[(Sem, usize)], complete: bool) -> Alts {
        let mut alts = 0;
        for &(pred, alt) in pairs {
            if pred.is_none_or(|p| self.precpred(p)) {
                alts |= 1 << alt;
                if !complete {
                    break;
                }
            }
        }
        alts
    }

    /// `hasSLLConflictTerminatingPrediction` in the LL mode.
    fn sll_conflict_terminates(&self, configs: &Configs) -> bool {
        if configs.list.iter().all(|c| self.in_rule_stop(c)) {
            return true;
        }
        let subsets = conflicting_alt_subsets(configs);
        subsets.iter().any(|a| a.count_ones() > 1) && !state_with_one_alt(configs)
    }

    /// `execATNWithFullContext`.
    fn exec_full(&mut self, d: &Decision, s0: Configs, start: usize) -> Result<usize, Fail> {
        let mut previous = s0;
        self.stream.seek(start);
        let mut t = self.stream_la(1)?;
        loop {
            let Some(mut reach) = self.reach_set(d, &previous, t, true) else {
                let e = self.no_viable(start);
                self.stream.seek(start);
                let alt = self.finished_decision_rule(&previous);
                if alt != 0 {
                    return Ok(alt);
                }
                return Err(e);
            };
            let subsets = conflicting_alt_subsets(&reach);
            reach.unique_alt = unique_alt(&reach);
            if reach.unique_alt != 0 {
                return Ok(reach.unique_alt);
            }
            let alt = single_viable_alt(&subsets);
            if alt != 0 {
                return Ok(alt);
            }
            previous = reach;
            if t != EOF {
                self.stream_consume()?;
                t = self.stream_la(1)?;
            }
        }
    }

    /// `computeStartState(p, ctx, fullCtx)`.
    fn start_state(&self, d: &Decision, ctx: &Ctx, full: bool) -> Configs {
        let mut configs = Configs::new(full);
        for (i, tr) in self.atn.states[d.state].out.iter().enumerate() {
            let c = Config {
                state: tr.target,
                alt: i + 1,
                ctx: ctx.clone(),
                sem: None,
                reaches: 0,
                suppressed: false,
            };
            let mut cl = Closure {
                d,
                configs: &mut configs,
                busy: HashSet::default(),
                full,
                eof_eps: false,
            };
            self.closure_checking_stop(&mut cl, c, true, 0);
        }
        configs
    }

    /// `applyPrecedenceFilter`.
    fn precedence_filter(&self, configs: Configs) -> Configs {
        let mut out = Configs::new(configs.full);
        let mut from_alt1: HashMap<usize, Ctx> = HashMap::default();
        for c in configs.list.iter().filter(|c| c.alt == 1) {
            // `evalPrecedence`: a predicate that holds is dropped, one that fails drops the
            // configuration.
            let sem = match c.sem {
                None => None,
                Some(p) if self.precpred(p) => None,
                Some(_) => continue,
            };
            from_alt1.insert(c.state, c.ctx.clone());
            out.add(Config { sem, ..c.clone() });
        }
        for c in configs.list.iter().filter(|c| c.alt != 1) {
            if !c.suppressed && from_alt1.get(&c.state) == Some(&c.ctx) {
                continue;
            }
            out.add(c.clone());
        }
        out
    }

    /// `computeReachSet(closure, t, fullCtx)` (`None`: empty).
    fn reach_set(&self, d: &Decision, closure: &Configs, t: i32, full: bool) -> Option<Configs> {
        let mut intermediate = Configs::new(full);
        let mut skipped: Vec<Config> = Vec::new();
        for c in &closure.list {
            if self.in_rule_stop(c) {
                if full || t == EOF {
                    skipped.push(c.clone());
                }
                continue;
            }
            for tr in &self.atn.states[c.state].out {
                if tr.edge.matches(t) {
                    intermediate.add(c.to(tr.target));
                }
            }
        }
        // One configuration, or one alternative: no closure needed (the prediction ends).
        let from_intermediate = skipped.is_empty()
            && t != EOF
            && (intermediate.list.len() == 1 || unique_alt(&intermediate) != 0);
        let mut reach = match from_intermediate {
            true => intermediate,
            false => {
                let mut r = Configs::new(full);
                let mut cl = Closure {
                    d,
                    configs: &mut r,
                    busy: HashSet::default(),
                    full,
                    eof_eps: t == EOF,
                };
                for c in &intermediate.list {
                    self.closure_checking_stop(&mut cl, c.clone(), false, 0);
                }
                r
            }
        };
        if t == EOF {
            reach = self.remove_all_not_in_rule_stop(reach, from_intermediate);
        }
        if !skipped.is_empty() && (!full || !reach.list.iter().any(|c| self.in_rule_stop(c))) {
            for c in skipped {
                reach.add(c);
            }
        }
        (!reach.list.is_empty()).then_some(reach)
    }

    /// `removeAllConfigsNotInRuleStopState`.
    fn remove_all_not_in_rule_stop(&self, configs: Configs, look_to_end: bool) -> Configs {
        if configs.list.iter().all(|c| self.in_rule_stop(c)) {
            return configs;
        }
        let mut out = Configs::new(configs.full);
        for c in &configs.list {
            if self.in_rule_stop(c) {
                out.add(c.clone());
                continue;
            }
            let s = &self.atn.states[c.state];
            if look_to_end
                && s.epsilon_only()
                && super::atn::has(self.atn.next_tokens(c.state), super::atn::EPSILON)
            {
                out.add(c.to(self.atn.rule_stop[s.rule]));
            }
        }
        out
    }

    /// `closureCheckingStopState`.
    fn closure_checking_stop(&self, cl: &mut Closure, c: Config, collect: bool, depth: i32) {
        if self.in_rule_stop(&c) {
            if !c.ctx.is_empty() {
                for (ret, parent) in c.ctx.entries() {
                    if *ret == EMPTY_RETURN {
                        if cl.full {
                            cl.configs.add(Config {
                                ctx: Ctx::empty(),
                                ..c.clone()
                            });
                        } else {
                            self.closure_(cl, &c, collect, depth);
                        }
                        continue;
                    }
                    let popped = Config {
                        state: *ret,
                        ctx: parent.clone().expect("a return state has a parent"),
                        ..c.clone()
                    };
                    self.closure_checking_stop(cl, popped, collect, depth - 1);
                }
                return;
            } else if cl.full {
                cl.configs.add(c);
                return;
            }
        }
        self.closure_(cl, &c, collect, depth);
    }

    /// `closure_`.
    fn closure_(&self, cl: &mut Closure, c: &Config, collect: bool, depth: i32) {
        let p = &self.atn.states[c.state];
        if !p.epsilon_only() {
            cl.configs.add(c.clone());
        }
        for (i, tr) in p.out.iter().enumerate() {
            if i == 0 && self.can_drop_loop_entry_edge(c) {
                continue;
            }
            let go_on = !matches!(tr.edge, Edge::Action) && collect;
            let Some(mut next) = self.epsilon_target(cl, c, tr, go_on, depth == 0) else {
                continue;
            };
            let mut new_depth = depth;
            if p.kind == Kind::RuleStop {
                if let (Some(rule), Edge::Epsilon { outermost }) = (cl.d.precedence_rule, tr.edge) {
                    if outermost == Some(rule) {
                        next.suppressed = true;
                    }
                }
                next.reaches += 1;
                if !cl.busy.insert(next.clone()) {
                    continue;
                }
                new_depth -= 1;
            } else {
                if !tr.edge.is_epsilon() && !cl.busy.insert(next.clone()) {
                    continue;
                }
                if matches!(tr.edge, Edge::Rule { .. }) && new_depth >= 0 {
                    new_depth += 1;
                }
            }
            self.closure_checking_stop(cl, next, go_on, new_depth);
        }
    }

    /// `getEpsilonTarget`.
    fn epsilon_target(
        &self,
        cl: &Closure,
        c: &Config,
        tr: &super::atn::Transition,
        collect: bool,
        in_context: bool,
    ) -> Option<Config> {
        let (edge, target) = (tr.edge, tr.target);
        match edge {
            Edge::Rule { follow, .. } => Some(Config {
                state: target,
                ctx: Ctx::push(&c.ctx, follow),
                ..c.clone()
            }),
            Edge::Precedence(p) => {
                if collect && in_context {
                    if cl.full {
                        return self.precpred(p).then(|| c.to(target));
                    }
                    return Some(Config {
                        state: target,
                        sem: sem_and(c.sem, Some(p)),
                        ..c.clone()
                    });
                }
                Some(c.to(target))
            }
            Edge::Action | Edge::Epsilon { .. } => Some(c.to(target)),
            Edge::Atom(_) | Edge::Set(_) => (cl.eof_eps && edge.matches(EOF)).then(|| c.to(target)),
        }
    }

    /// `canDropLoopEntryEdgeInLeftRecursiveRule`.
    fn can_drop_loop_entry_edge(&self, c: &Config) -> bool {
        let p = &self.atn.states[c.state];
        if p.kind != Kind::StarLoopEntry
            || !p.precedence_decision
            || c.ctx.is_empty()
            || c.ctx.has_empty_path()
        {
            return false;
        }
        let entries = c.ctx.entries();
        if entries
            .iter()
            .any(|(r, _)| self.atn.states[*r].rule != p.rule)
        {
            return false;
        }
        let block_start = p.out[0].target;
        let block_end = self.atn.states[block_start].partner;
        for (r, _) in entries {
            let ret = &self.atn.states[*r];
            if ret.out.len() != 1 || !ret.out[0].edge.is_epsilon() {
                return false;
            }
            let target = ret.out[0].target;
            if ret.kind == Kind::BlockEnd && target == c.state {
                continue;
            }
            if *r == block_end || target == block_end {
                continue;
            }
            let ts = &self.atn.states[target];
            if ts.kind == Kind::BlockEnd
                && ts.out.len() == 1
                && ts.out[0].edge.is_epsilon()
                && ts.out[0].target == c.state
            {
                continue;
            }
            return false;
        }
        true
    }

    /// `getSynValidOrSemInvalidAltThatFinishedDecisionEntryRule` (0: none).
    fn finished_decision_rule(&self, configs: &Configs) -> usize {
        let valid = |c: &Config| c.sem.is_none_or(|p| self.precpred(p));
        let finished =
            |c: &Config| c.reaches > 0 || (self.in_rule_stop(c) && c.ctx.has_empty_path());
        let pick = |want: bool| {
            configs
                .list
                .iter()
                .filter(|c| valid(c) == want && finished(c))
                .map(|c| c.alt)
                .min()
                .unwrap_or(0)
        };
        match pick(true) {
            0 => pick(false),
            alt => alt,
        }
    }
}
