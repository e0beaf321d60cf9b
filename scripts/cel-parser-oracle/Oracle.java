import org.antlr.v4.runtime.*;
import org.antlr.v4.runtime.atn.*;
import org.antlr.v4.runtime.misc.*;
import org.antlr.v4.runtime.tree.*;
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.*;

// Syntax errors of cel-go v0.26's parser: the Java runtime running the parser generated from
// cel-go's grammar, with the parts of antlr4-go v4.13 and cel-go that differ written over it.
public class Oracle {
    static final int RECOVERY_LIMIT = 30;
    static final int LOOKAHEAD_LIMIT = 256;
    static final int REPORT_LIMIT = 100;
    static final int RECURSION_LIMIT = 250;

    static class Stop extends RuntimeException {
        Stop() { super(null, null, false, false); }
    }

    static class Err {
        int line, col; String msg; int seq;
        Err(int line, int col, String msg, int seq) { this.line = line; this.col = col; this.msg = msg; this.seq = seq; }
    }

    static class Run {
        List<Err> errs = new ArrayList<>();
        int reports = 0;
        int seq = 0;
        void internal(String msg) { errs.add(new Err(-1, -1, msg, seq++)); }
    }

    // cel-go's SyntaxError: the reservedIdentifier rewrite, at most 100 reports.
    static class Listener extends BaseErrorListener {
        Run run;
        Listener(Run run) { this.run = run; }
        @Override
        public void syntaxError(Recognizer<?, ?> r, Object sym, int line, int col, String msg, RecognitionException e) {
            if (msg.contains("no viable alternative")) {
                msg = msg.replaceAll("no viable alternative at input '.(true|false|null)'", "mismatched input '$1' expecting IDENTIFIER");
            }
            if (run.reports < REPORT_LIMIT) {
                run.reports++;
                run.errs.add(new Err(line, col, "Syntax error: " + msg, run.seq++));
            } else {
                run.errs.add(new Err(line, col, "Syntax error: More than " + REPORT_LIMIT + " syntax errors", run.seq++));
                throw new Stop();
            }
        }
    }

    // antlr4-go's Sync (no remembered state) and cel-go's recoveryLimitErrorStrategy.
    static class Strategy extends DefaultErrorStrategy {
        Run run;
        int attempts = 0;
        int consumes = -1; // counting only within a recovery
        Strategy(Run run) { this.run = run; }

        void onConsume() {
            if (consumes < 0) return;
            if (consumes >= LOOKAHEAD_LIMIT) {
                run.internal("error recovery token lookahead limit exceeded: " + LOOKAHEAD_LIMIT);
                throw new Stop();
            }
            consumes++;
        }

        void checkAttempts(Parser p) {
            if (attempts == RECOVERY_LIMIT) {
                attempts++;
                p.notifyErrorListeners(p.getCurrentToken(), "error recovery attempt limit exceeded: " + RECOVERY_LIMIT, null);
                throw new Stop();
            }
            attempts++;
        }

        @Override
        public void recover(Parser p, RecognitionException e) {
            checkAttempts(p);
            consumes = 0;
            try {
                if (lastErrorIndex == p.getInputStream().index() && lastErrorStates != null && lastErrorStates.contains(p.getState())) {
                    p.consume();
                }
                lastErrorIndex = p.getInputStream().index();
                if (lastErrorStates == null) lastErrorStates = new IntervalSet();
                lastErrorStates.add(p.getState());
                IntervalSet follow = getErrorRecoverySet(p);
                consumeUntil(p, follow);
            } finally {
                consumes = -1;
            }
        }

        @Override
        public Token recoverInline(Parser p) throws RecognitionException {
            checkAttempts(p);
            consumes = 0;
            try {
                Token matched = singleTokenDeletion(p);
                if (matched != null) {
                    p.consume();
                    return matched;
                }
                if (singleTokenInsertion(p)) {
                    return getMissingSymbol(p);
                }
                throw new org.antlr.v4.runtime.InputMismatchException(p);
            } finally {
                consumes = -1;
            }
        }

        // antlr4-go's GetTextFromInterval reads the stream to the offending token only
        // (Java's getText fills it, so the lexer's later refusals would be reported first).
        @Override
        protected void reportNoViableAlternative(Parser p, NoViableAltException e) {
            TokenStream tokens = p.getInputStream();
            String input;
            if (e.getStartToken().getType() == Token.EOF) {
                input = "<EOF>";
            } else {
                StringBuilder b = new StringBuilder();
                for (int i = e.getStartToken().getTokenIndex(); i <= e.getOffendingToken().getTokenIndex(); i++) {
                    Token t = tokens.get(i);
                    if (t.getType() == Token.EOF) break;
                    b.append(t.getText());
                }
                input = b.toString();
            }
            p.notifyErrorListeners(e.getOffendingToken(), "no viable alternative at input " + escapeWSAndQuote(input), e);
        }

        @Override
        public void sync(Parser p) throws RecognitionException {
            if (inErrorRecoveryMode(p)) return;
            ATNState s = p.getInterpreter().atn.states.get(p.getState());
            int la = p.getInputStream().LA(1);
            IntervalSet next = p.getATN().nextTokens(s);
            if (next.contains(Token.EPSILON) || next.contains(la)) return;
            switch (s.getStateType()) {
                case ATNState.BLOCK_START:
                case ATNState.STAR_BLOCK_START:
                case ATNState.PLUS_BLOCK_START:
                case ATNState.STAR_LOOP_ENTRY:
                    if (singleTokenDeletion(p) != null) return;
                    throw new org.antlr.v4.runtime.InputMismatchException(p);
                case ATNState.PLUS_LOOP_BACK:
                case ATNState.STAR_LOOP_BACK:
                    reportUnwantedToken(p);
                    IntervalSet expecting = p.getExpectedTokens();
                    IntervalSet what = expecting.or(getErrorRecoverySet(p));
                    consumeUntil(p, what);
                    break;
                default:
                    break;
            }
        }
    }

    static class OParser extends CELParser {
        Strategy strategy;
        OParser(TokenStream in) { super(in); }
        @Override
        public Token consume() {
            if (strategy != null) strategy.onConsume();
            return super.consume();
        }
    }

    // cel-go's recursionListener: at most 250 invocations of one rule open at once.
    static class Depth implements ParseTreeListener {
        Map<Integer, Integer> depth = new HashMap<>();
        Run run;
        Depth(Run run) { this.run = run; }
        public void visitTerminal(TerminalNode n) {}
        public void visitErrorNode(ErrorNode n) {}
        public void enterEveryRule(ParserRuleContext ctx) {
            int d = depth.merge(ctx.getRuleIndex(), 1, Integer::sum);
            if (d > RECURSION_LIMIT) {
                run.internal("expression recursion limit exceeded: " + RECURSION_LIMIT);
                throw new Stop();
            }
        }
        public void exitEveryRule(ParserRuleContext ctx) {
            depth.computeIfPresent(ctx.getRuleIndex(), (k, v) -> v > 0 ? v - 1 : v);
        }
    }

    static List<Err> parse(String src) {
        Run run = new Run();
        Listener listener = new Listener(run);
        CELLexer lexer = new CELLexer(CharStreams.fromString(src));
        lexer.removeErrorListeners();
        lexer.addErrorListener(listener);
        OParser p = new OParser(new CommonTokenStream(lexer));
        p.removeErrorListeners();
        p.addErrorListener(listener);
        p.addParseListener(new Depth(run));
        Strategy st = new Strategy(run);
        p.strategy = st;
        p.setErrorHandler(st);
        try {
            p.start();
        } catch (Stop s) {
            // cel-go's parse stops; what was reported stays.
        }
        List<Err> errs = new ArrayList<>(run.errs);
        errs.sort((a, b) -> a.line != b.line ? Integer.compare(a.line, b.line) : a.col != b.col ? Integer.compare(a.col, b.col) : Integer.compare(a.seq, b.seq));
        return errs;
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, "UTF-8");
        String line;
        while ((line = in.readLine()) != null) {
            byte[] bytes = new byte[line.length() / 2];
            for (int i = 0; i < bytes.length; i++) bytes[i] = (byte) Integer.parseInt(line.substring(2 * i, 2 * i + 2), 16);
            String src = new String(bytes, StandardCharsets.UTF_8);
            for (Err e : parse(src)) {
                if (e.line < 0) out.println("ERROR: <input>:-1:0: " + e.msg);
                else out.println("ERROR: <input>:" + e.line + ":" + (e.col + 1) + ": " + e.msg);
            }
            out.println("%%");
        }
    }
}
