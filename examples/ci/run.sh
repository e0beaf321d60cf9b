#!/usr/bin/env bash
# Checks the CI example: in repo/ (a CRD and two manifests, one with a refused value and an
# unknown field), each command the GitHub workflow, the GitLab job and the pre-commit hook run
# prints exactly the expected report and exits 1; the workflow files hold those very commands.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/../../scripts/example-lib.sh"
cd "$HERE/repo"

for format in text json sarif github gitlab junit; do
  run_case "$format" 1 "../expected/$format.out" "../expected/$format.err" -- "$FN" check --format "$format" .
done
# pre-commit passes the changed files, and the CRDs with --schemas.
run_case pre-commit 1 ../expected/pre-commit.out - -- "$FN" check --schemas crds/ apps/orders.yaml

# The CI files run the commands checked above.
for want in "crd-schema-fn check --format github ." "crd-schema-fn check --format sarif . > crd-schema-fn.sarif" \
  "sarif_file: crd-schema-fn.sarif"; do
  grep -qF -- "$want" ../github-workflow.yml || { echo "FAIL: github-workflow.yml lacks: $want" >&2; FAILURES=$((FAILURES + 1)); }
done
for want in "crd-schema-fn check --format gitlab . > gl-code-quality-report.json" \
  "crd-schema-fn check --format junit . > crd-schema-fn-junit.xml" \
  "codequality: gl-code-quality-report.json" "junit: crd-schema-fn-junit.xml"; do
  grep -qF -- "$want" ../gitlab-ci.yml || { echo "FAIL: gitlab-ci.yml lacks: $want" >&2; FAILURES=$((FAILURES + 1)); }
done
grep -qF -- "args: [--schemas, crds/]" ../pre-commit-config.yaml || { echo "FAIL: pre-commit-config.yaml lacks --schemas" >&2; FAILURES=$((FAILURES + 1)); }

# The README shows the text format's output as it is.
sed -n '/^\$ cd repo && crd-schema-fn check \.$/,/^```$/p' ../README.md | sed '1d;$d' >"$WORK/readme.txt"
cat ../expected/text.out ../expected/text.err >"$WORK/text.txt"
if ! diff -u --label "README.md's example" --label "check ." "$WORK/readme.txt" "$WORK/text.txt"; then
  echo "FAIL: README.md's console example is stale" >&2
  FAILURES=$((FAILURES + 1))
fi

finish ci
