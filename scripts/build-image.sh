#!/usr/bin/env bash
# Builds the container image with podman, offline, into the machine's podman storage (the one
# CONTAINERS_CONF / CONTAINERS_STORAGE_CONF name when set; scripts/podman-env.sh sets them for
# this project). Prints the image reference as its last line.
#
# The binary is the one scripts/build-static.sh builds on the host; the image is the
# Dockerfile's runtime stage with BINARY_STAGE=prebuilt (the same stage `docker build .`
# ends with), so nothing is pulled: the runtime stage is `scratch`.
#
#   IMAGE=ref    the reference to tag (default ghcr.io/crd-schema-fn/crd-schema-fn:v<version>)
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
IMAGE=${IMAGE:-ghcr.io/crd-schema-fn/crd-schema-fn:v$version}
bin=$(scripts/build-static.sh | tail -n 1)
# The build context `static-binary`: a folder holding only the binary.
ctx=$PWD/target/image/static-binary
rm -rf "$ctx"
install -D -m 0755 "$bin" "$ctx/crd-schema-fn"
podman build --pull=never --target runtime \
  --build-arg BINARY_STAGE=prebuilt \
  --build-context "static-binary=$ctx" \
  --tag "$IMAGE" . >&2
echo "$IMAGE"
