#!/usr/bin/env bash
# Checks the Gateway API example: `crd-schema-fn crd-schema-fn.yaml < input.yaml` (schemas from
# the real standard-channel CRDs in crds/) must print expected.yaml.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/../../scripts/example-lib.sh"
cd "$HERE"

run_case routes 0 expected.yaml expected.stderr -- "$FN" crd-schema-fn.yaml <input.yaml

finish gateway-api
