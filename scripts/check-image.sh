#!/usr/bin/env bash
# CI check of the container image, built and run for real, offline:
# 1. podman and runc (installed from Debian's packages when missing), configured by
#    scripts/podman-env.sh (this project's containers.conf and storage.conf under target/podman/,
#    and a `docker` command backed by podman first on PATH for kustomize and kpt);
# 2. the image, built by scripts/build-image.sh from scripts/build-static.sh's binary;
# 3. the image run as kustomize and kpt run it: `--user nobody --network none`, and then
#    examples/kustomize-container (real `kubectl kustomize --enable-alpha-plugins`) and
#    examples/kpt (real `kpt fn eval --image`) with CRD_SCHEMA_FN_IMAGE set, compared with their
#    expected files.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-podman.sh
source scripts/podman-env.sh
echo "podman $(podman version --format '{{.Client.Version}}'); storage: $CONTAINERS_STORAGE_CONF"

IMAGE=$(scripts/build-image.sh | tail -n 1)
podman image inspect --format 'image {{.Id}}: user {{.Config.User}}, entrypoint {{.Config.Entrypoint}}, {{.Size}} bytes' "$IMAGE"

# The way kustomize and kpt start it; the standalone example's stream must come back as expected.
out=$(mktemp)
trap 'rm -f "$out"' EXIT
docker run --rm -i --network none --user nobody --security-opt=no-new-privileges "$IMAGE" \
  <examples/standalone/input.yaml >"$out" 2>/dev/null
diff -u examples/standalone/expected.yaml "$out"
echo "docker run --user nobody --network none: ok"

export CRD_SCHEMA_FN_IMAGE=$IMAGE
export CRD_SCHEMA_FN=${CRD_SCHEMA_FN:-$(scripts/build-static.sh 2>/dev/null | tail -n 1)}
bash examples/kustomize-container/run.sh
bash examples/kpt/run.sh
