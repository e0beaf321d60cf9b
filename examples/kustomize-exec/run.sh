#!/usr/bin/env bash
# Checks the kustomize KRM exec function: feeds the binary resourcelist.yaml, the exact
# ResourceList `kustomize build --enable-alpha-plugins --enable-exec .` sends for this folder
# (kubectl's built-in kustomize has no --enable-exec, so it cannot run the real thing here), in
# this folder as kustomize would, and compares the ResourceList it writes back.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/../../scripts/example-lib.sh"
cd "$HERE"

run_case resourcelist 0 expected.yaml expected.stderr -- "$FN" <resourcelist.yaml

finish kustomize-exec
