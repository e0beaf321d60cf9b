#!/usr/bin/env bash
# Checks the kustomize KRM container function: feeds the binary resourcelist.yaml, the exact
# ResourceList `kustomize build --enable-alpha-plugins .` sends to the container for this
# folder, and compares the ResourceList it writes back. (No docker engine here: the image's
# entrypoint is this same binary, built by scripts/build-static.sh.)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/../../scripts/example-lib.sh"
cd "$HERE"

run_case resourcelist 0 expected.yaml expected.stderr -- "$FN" <resourcelist.yaml

finish kustomize-container
