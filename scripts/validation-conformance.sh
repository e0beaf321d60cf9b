#!/usr/bin/env bash
# Checks the release binary's create validation against kube-apiserver's answers:
# - ../shared/tools/conformance.py --validation: every corpus sample's error results must be the
#   apiserver's 422 causes. Until CEL rules are evaluated (crate::cel), the samples whose causes
#   are CEL messages (listed below) are the only ones allowed to differ;
# - ../shared/tools/generated.py --no-cel: 3,000 generated objects, shape and validation, all
#   identical.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/crd-schema-fn}

# Samples whose expected causes are CEL rule messages (x-kubernetes-validations).
cel_pending=(
  "crossplane: corpus/resources/crossplane/e2e-apiextensions_environment_default_setup_composition.yaml#0"
  "crossplane: corpus/resources/crossplane/e2e-apiextensions_mrd_validation_mrd-invalid.yaml#0"
  "external-snapshotter: corpus/resources/external-snapshotter/cel-tests_volumesnapshot_vs-source-multiple.yaml#0"
  "external-snapshotter: corpus/resources/external-snapshotter/examples_kubernetes_invalid-snapshot-v1.yaml#0"
  "kubectl-validate-testcases: corpus/resources/kubectl-validate-testcases/error_cel_basic.yaml#0"
  "kubectl-validate-testcases: corpus/resources/kubectl-validate-testcases/error_cel_basic_multiple.yaml#0"
)

out=$(python3 ../shared/tools/conformance.py --validation "$bin" || true)
printf '%s\n' "$out"
total=$(find ../shared/conformance -name '*.json' -exec python3 -c 'import json,sys; print(sum(sum(1 for r in json.load(open(f))["resources"] if not r.get("apiserverError")) for f in sys.argv[1:]))' {} +)
want="validation identical: $((total - ${#cel_pending[@]}))/$total"
status=0
if [ "$(printf '%s\n' "$out" | tail -n 1)" != "$want" ]; then
  echo "validation conformance: want '$want'" >&2
  status=1
fi
while IFS= read -r line; do
  case "$line" in "validation identical:"*) continue ;; esac
  known=0
  for sample in "${cel_pending[@]}"; do
    [[ $line == "$sample: "* ]] && known=1
  done
  if [ "$known" = 0 ]; then
    echo "validation conformance: unexpected difference: $line" >&2
    status=1
  fi
done <<<"$out"

gen=$(python3 ../shared/tools/generated.py "$bin" --no-cel || true)
printf '%s\n' "$gen"
if [ "$(printf '%s\n' "$gen" | tail -n 2)" != "$(printf 'generated identical: 3000/3000\ngenerated validation identical: 3000/3000')" ]; then
  echo "generated objects: differences from kube-apiserver (see above)" >&2
  status=1
fi
[ "$status" = 0 ] && echo "validation: identical to kube-apiserver's answers (CEL rules pending: ${#cel_pending[@]} samples)"
exit "$status"
