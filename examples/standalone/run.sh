#!/usr/bin/env bash
# Checks the standalone pipe: `crd-schema-fn < input.yaml` must print expected.yaml.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/../../scripts/example-lib.sh"
cd "$HERE"

# The plain pipe: defaults applied, the typo pruned with a warning on stderr.
run_case pipe 0 expected.yaml expected.stderr -- "$FN" <input.yaml
# --diff: the same output, plus a unified diff of each changed resource on stderr.
run_case diff 0 expected.yaml expected-diff.stderr -- "$FN" --diff <input.yaml
# A config file makes unknown fields errors: the stream is still written, exit code 1.
run_case strict 1 expected.yaml expected-strict.stderr -- "$FN" strict.yaml <input.yaml

finish standalone
