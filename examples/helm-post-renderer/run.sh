#!/usr/bin/env bash
# Checks the Helm post-renderer recipe on a stored rendering of chart/ (`helm template rel chart
# --set tier=gold`; no helm binary is needed): post-render.sh, with the binary on PATH, prints
# the stream with the chart's CRD schemas applied (defaults added, the unknown `tier` pruned
# with a warning) and exits 0; with an engine the schema refuses, it exits 1 naming the cause.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/../../scripts/example-lib.sh"
cd "$HERE"

mkdir -p "$WORK/bin"
ln -s "$FN" "$WORK/bin/crd-schema-fn"
run_case rendered 0 expected.yaml expected.stderr -- env PATH="$WORK/bin:$PATH" ./post-render.sh <rendered.yaml
sed 's/engine: postgres/engine: postgress/' rendered.yaml >"$WORK/refused.yaml"
run_case refused 1 expected-refused.yaml expected-refused.stderr -- env PATH="$WORK/bin:$PATH" ./post-render.sh <"$WORK/refused.yaml"

# A real helm, when there is one, renders the chart to exactly the stored stream.
if command -v helm >/dev/null; then
  helm template rel chart --set tier=gold >"$WORK/helm.yaml"
  compare_file "helm template" rendered.yaml "$WORK/helm.yaml"
fi

finish helm-post-renderer
