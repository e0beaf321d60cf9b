#!/usr/bin/env bash
# Runs ../shared/tools/conformance.py on the release binary and fails on any difference from
# what kube-apiserver stores: every corpus resource must be identical.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/crd-schema-fn}
out=$(python3 ../shared/tools/conformance.py "$bin" || true)
printf '%s\n' "$out"
last=$(printf '%s\n' "$out" | tail -n 1)
total=$(find ../shared/conformance -name '*.json' -exec python3 -c 'import json,sys; print(sum(len(json.load(open(f))["resources"]) for f in sys.argv[1:]))' {} +)
if [ "$last" != "identical: $total/$total" ] || [ "$(printf '%s\n' "$out" | wc -l)" != 1 ]; then
  echo "conformance: differences from kube-apiserver (see above)" >&2
  exit 1
fi
echo "conformance: every resource identical to what kube-apiserver stores"
