#!/bin/sh
# The syntax errors cel-go v0.26's parser gives, for each rule read from stdin (one per line,
# its UTF-8 bytes in hex): its `ERROR:` lines, then `%%`. Not run by CI: a maintainer's check
# of src/cel/parser against cel-go (README.md, "CEL: differences").
#
#   scripts/cel-parser-oracle/run.sh PATH/TO/cel-go/parser/gen/CEL.g4 < rules.hex > answers.txt
#
# Needs Debian's antlr4 package (the ANTLR 4.7.2 tool and Java runtime) and a JDK; the grammar
# comes from a checkout of cel-go at v0.26.0 (not kept here).
set -eu
grammar=$1
here=$(cd "$(dirname "$0")" && pwd)
work=${CEL_ORACLE_WORK:-${TMPDIR:-/tmp}/cel-parser-oracle}
runtime=/usr/share/java/antlr4-runtime.jar
[ -f "$runtime" ] || { echo "needs Debian's antlr4 package (apt-get install antlr4)" >&2; exit 2; }
mkdir -p "$work/classes"
cp "$grammar" "$work/CEL.g4"
(cd "$work" && antlr4 -no-listener -no-visitor CEL.g4)
javac -nowarn -cp "$runtime" -d "$work/classes" "$work"/CEL*.java "$here/Oracle.java"
exec java -cp "$runtime:$work/classes" Oracle
