#!/usr/bin/env bash
# Checks the Gateway API CEL example: `crd-schema-fn crd-schema-fn.yaml < input.yaml` gives the
# apiserver's CEL rule errors for the two broken HTTPRoutes (exit 1, the output still written).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/../../scripts/example-lib.sh"
cd "$HERE"
# The config names ../gateway-api/crds/, outside its own folder: allowed explicitly (a config's
# paths must otherwise stay inside its folder, as kustomize's default load restrictor wants).
export CRD_SCHEMA_FN_LOAD_RESTRICTOR=LoadRestrictionsNone

run_case routes 1 expected.yaml expected.stderr -- "$FN" crd-schema-fn.yaml <input.yaml

finish gateway-api-cel
