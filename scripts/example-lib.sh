#!/usr/bin/env bash
# Helpers sourced by examples/*/run.sh: find the binary under test, run a command, compare its
# stdout, stderr and exit code with the files committed beside the example.
#
#   CRD_SCHEMA_FN=path    the binary to test (default: target/release/crd-schema-fn)
#   UPDATE_EXPECTED=1     rewrite the expected files instead of comparing (then READ the diff)
set -euo pipefail

REPO_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
FN=${CRD_SCHEMA_FN:-$REPO_ROOT/target/release/crd-schema-fn}
if [[ ! -x $FN ]]; then
  echo "crd-schema-fn binary not found at $FN: run 'cargo build --release' or set CRD_SCHEMA_FN" >&2
  exit 1
fi
FN=$(realpath "$FN")
FAILURES=0
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# compare_file LABEL EXPECTED ACTUAL: diff (or, with UPDATE_EXPECTED=1, overwrite EXPECTED).
compare_file() {
  local label=$1 expected=$2 actual=$3
  if [[ ${UPDATE_EXPECTED:-} == 1 ]]; then
    cp "$actual" "$expected"
    echo "  updated $expected"
  elif ! diff -u --label "$expected (expected)" --label "$label (actual)" "$expected" "$actual"; then
    echo "FAIL: $label differs from $expected" >&2
    FAILURES=$((FAILURES + 1))
  fi
}

# compare_dir LABEL EXPECTED_DIR ACTUAL_DIR: the two trees must hold the same files, byte for byte.
compare_dir() {
  local label=$1 expected=$2 actual=$3
  if [[ ${UPDATE_EXPECTED:-} == 1 ]]; then
    rm -rf "$expected"
    mkdir -p "$(dirname "$expected")"
    cp -r "$actual" "$expected"
    echo "  updated $expected/"
  elif ! diff -ru "$expected" "$actual"; then
    echo "FAIL: $label differs from $expected/" >&2
    FAILURES=$((FAILURES + 1))
  fi
}

# run_case LABEL WANT_EXIT EXPECTED_STDOUT EXPECTED_STDERR -- COMMAND...
# Runs COMMAND (stdin is the caller's), then checks its exit code, stdout and stderr.
# EXPECTED_STDERR may be '-' to leave stderr unchecked (it is still shown on failure).
run_case() {
  local label=$1 want=$2 out=$3 err=$4
  shift 5
  local rc=0
  "$@" >"$WORK/stdout" 2>"$WORK/stderr" || rc=$?
  echo "case $label: exit $rc"
  if [[ $rc != "$want" ]]; then
    echo "FAIL: $label exited $rc, want $want; stderr:" >&2
    cat "$WORK/stderr" >&2
    FAILURES=$((FAILURES + 1))
  fi
  compare_file "$label stdout" "$out" "$WORK/stdout"
  if [[ $err != - ]]; then
    compare_file "$label stderr" "$err" "$WORK/stderr"
  fi
}

# skip_or_fail TOOL: a tool this check needs is missing. In CI (CI=true) that is a failure;
# elsewhere the check is skipped with a note.
skip_or_fail() {
  if [[ ${CI:-} == true ]]; then
    echo "FAIL: $1 is required in CI but was not found on PATH" >&2
    FAILURES=$((FAILURES + 1))
  else
    echo "SKIPPED: $1 not found on PATH (this check runs in CI)"
  fi
}

# finish NAME: summary line and exit status.
finish() {
  if [[ $FAILURES -gt 0 ]]; then
    echo "example $1: $FAILURES failure(s)" >&2
    exit 1
  fi
  echo "example $1: ok"
}
