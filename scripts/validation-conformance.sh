#!/usr/bin/env bash
# Checks the release binary's create validation, CEL rules included, against kube-apiserver's
# answers; every comparison must be all identical:
# - ../shared/tools/conformance.py --validation: every corpus sample's error results are the
#   apiserver's 422 causes;
# - ../shared/tools/generated.py on ../shared/generated (with and without the CRDs' CEL rules)
#   and on ../shared/generated-valid (objects that pass OpenAPI validation, so the rules run):
#   3,000 objects each, shape and validation.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/crd-schema-fn}
status=0

out=$(python3 ../shared/tools/conformance.py --validation "$bin" || true)
printf '%s\n' "$out"
last=$(printf '%s\n' "$out" | tail -n 1)
read -r same total < <(printf '%s\n' "$last" | sed -n 's/^validation identical: \([0-9]*\)\/\([0-9]*\)$/\1 \2/p')
if [ -z "${same:-}" ] || [ "$same" != "$total" ]; then
  echo "validation conformance: differences from kube-apiserver (see above)" >&2
  status=1
fi

want=$(printf 'generated identical: 3000/3000\ngenerated validation identical: 3000/3000')
for args in "" "--no-cel" "--set generated-valid"; do
  # shellcheck disable=SC2086
  gen=$(python3 ../shared/tools/generated.py "$bin" $args || true)
  printf 'generated.py %s\n%s\n' "$args" "$gen"
  if [ "$(printf '%s\n' "$gen" | tail -n 2)" != "$want" ]; then
    echo "generated objects ($args): differences from kube-apiserver (see above)" >&2
    status=1
  fi
done
[ "$status" = 0 ] && echo "validation: identical to kube-apiserver's answers"
exit "$status"
