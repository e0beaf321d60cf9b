#!/usr/bin/env bash
# Checks the refused-resource example: `crd-schema-fn < input.yaml` prints expected.yaml (every
# resource pruned and defaulted, the refused ones too), reports each cause of the apiserver's 422
# on stderr and exits 1; with `validation: Warn` the same causes are warnings and it exits 0.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/../../scripts/example-lib.sh"
cd "$HERE"

run_case errors 1 expected.yaml expected.stderr -- "$FN" <input.yaml
run_case warn 0 expected.yaml expected-warn.stderr -- "$FN" warn.yaml <input.yaml

finish refused-resource
