#!/usr/bin/env bash
# Checks the kustomize KRM container function.
# Always: feeds the binary resourcelist.yaml, the exact ResourceList `kustomize build
# --enable-alpha-plugins .` sends to the container for this folder, and compares the
# ResourceList it writes back.
# With CRD_SCHEMA_FN_IMAGE set to an image built by scripts/build-image.sh (and a `docker`
# command that can run it, e.g. podman through scripts/podman-env.sh), also for real: `kubectl
# kustomize --enable-alpha-plugins` on this folder, and on mounted-schemas/ with ./crds
# mounted into the container. scripts/check-image.sh does all of that; CI runs it.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/../../scripts/example-lib.sh"
cd "$HERE"

run_case resourcelist 0 expected.yaml expected.stderr -- "$FN" <resourcelist.yaml

IMAGE=${CRD_SCHEMA_FN_IMAGE:-}
if [[ -z $IMAGE ]]; then
  echo "SKIPPED: real kubectl kustomize runs of the image (CRD_SCHEMA_FN_IMAGE not set; bash scripts/check-image.sh builds the image and runs them)"
  finish kustomize-container
  exit 0
fi
for tool in kubectl docker; do
  if ! command -v "$tool" >/dev/null; then
    skip_or_fail "$tool"
    finish kustomize-container
    exit 0
  fi
done

# A copy of the folder whose function configs name the image under test.
cp -r "$HERE" "$WORK/run"
for config in "$WORK/run/crd-schema-fn.yaml" "$WORK/run/mounted-schemas/crd-schema-fn.yaml"; do
  sed -i "s|image: ghcr.io/crd-schema-fn/crd-schema-fn:v0.1.0$|image: $IMAGE|" "$config"
  grep -q "image: $IMAGE\$" "$config" || { echo "FAIL: no image line in $config" >&2; exit 1; }
done
echo "image $IMAGE"
run_case "kubectl kustomize" 0 expected-kustomize.yaml expected.stderr \
  -- kubectl kustomize --enable-alpha-plugins "$WORK/run"
run_case "kubectl kustomize mounted-schemas" 0 mounted-schemas/expected.yaml mounted-schemas/expected.stderr \
  -- kubectl kustomize --enable-alpha-plugins --mount "type=bind,src=$WORK/run/crds,dst=/crds" \
  "$WORK/run/mounted-schemas"

finish kustomize-container
