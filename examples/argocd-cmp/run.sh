#!/usr/bin/env bash
# Checks the Argo CD plugin: runs the generate command from plugin.yaml, as the sidecar would,
# in app/ (with `kubectl kustomize` standing in for `kustomize build`), and compares the
# manifests it prints with expected.yaml.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/../../scripts/example-lib.sh"
cd "$HERE"
# The app's config names ../../gateway-api/crds/, outside its folder: allowed explicitly (set it
# in the sidecar's environment the same way; otherwise a config's paths stay inside its folder).
export CRD_SCHEMA_FN_LOAD_RESTRICTOR=LoadRestrictionsNone

if ! command -v kubectl >/dev/null; then
  skip_or_fail kubectl
  finish argocd-cmp
  exit 0
fi
# The sidecar's tools: crd-schema-fn, and kustomize (here kubectl's built-in one).
mkdir -p "$WORK/bin"
ln -s "$FN" "$WORK/bin/crd-schema-fn"
cat >"$WORK/bin/kustomize" <<'SHIM'
#!/usr/bin/env bash
[[ $1 == build ]] || { echo "kustomize shim: only 'build' is supported" >&2; exit 2; }
shift
exec kubectl kustomize "$@"
SHIM
chmod +x "$WORK/bin/kustomize"

# The generate script is the first entry of spec.generate.args in plugin.yaml.
sed -n '/^    args:$/,/^  # /p' plugin.yaml | sed -e '1,2d' -e '/^  # /d' -e 's/^      //' >"$WORK/generate.sh"
grep -q 'crd-schema-fn crd-schema-fn.yaml' "$WORK/generate.sh" || {
  echo "FAIL: could not extract the generate script from plugin.yaml" >&2
  exit 1
}
cd app
PATH=$WORK/bin:$PATH run_case "plugin generate" 0 ../expected.yaml ../expected.stderr -- bash "$WORK/generate.sh"

finish argocd-cmp
