#!/usr/bin/env bash
# Checks the kustomize legacy exec plugin, for real: installs the binary as a plugin in a
# temporary KUSTOMIZE_PLUGIN_HOME and runs `kubectl kustomize --enable-alpha-plugins` on both
# overlays; the output must equal the expected files. Also feeds the binary the exact stream
# and config file that kubectl kustomize sends (legacy-stdin.yaml, legacy-config.yaml), which
# needs no kubectl.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/../../scripts/example-lib.sh"
cd "$HERE"
# schema-file's config names ../resources/backup-crd.yaml, outside the kustomization root:
# allowed explicitly (otherwise a config's paths stay inside that root, as kustomize's own
# default load restrictor wants).
export CRD_SCHEMA_FN_LOAD_RESTRICTOR=LoadRestrictionsNone

# What kustomize sends, without kustomize: a YAML stream on stdin, the config file as argument.
run_case direct 0 expected-legacy-stdout.yaml expected-legacy.stderr -- \
  "$FN" legacy-config.yaml <legacy-stdin.yaml

# The plugin home: <group>/<version>/<lower-case kind>/<Kind>, one path per config form.
PLUGIN_HOME=$WORK/kustomize/plugin
install -D -m 0755 "$FN" "$PLUGIN_HOME/fn.crd-schema-fn.dev/v1alpha1/crdschemafn/CRDSchemaFn"
install -D -m 0755 "$FN" "$PLUGIN_HOME/v1/configmap/ConfigMap"

if command -v kubectl >/dev/null; then
  kubectl version --client 2>/dev/null | sed 's/^/  /' || true
  for overlay in own-kind configmap; do
    KUSTOMIZE_PLUGIN_HOME=$PLUGIN_HOME run_case "kubectl kustomize $overlay" 0 \
      "expected-$overlay.yaml" - -- kubectl kustomize --enable-alpha-plugins "$overlay"
  done
  # A relative schema path resolves against the kustomization folder (the same output: the CRD
  # among the resources wins over the file, and the file must still be found and read).
  KUSTOMIZE_PLUGIN_HOME=$PLUGIN_HOME run_case "kubectl kustomize schema-file" 0 \
    expected-own-kind.yaml - -- kubectl kustomize --enable-alpha-plugins schema-file
else
  skip_or_fail kubectl
fi

finish kustomize-legacy-plugin
