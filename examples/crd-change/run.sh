#!/usr/bin/env bash
# "Is my CRD change safe?": a throwaway git repository gets base/ (the Widget CRD and two
# Widgets, as the cluster holds them) as its first commit, then the pull request's CRD
# (change/crd.yaml) in the working tree. `check --base HEAD` reports, per Widget that exists,
# what the new CRD does to it on its next update: `note` pruned, `mode` defaulted, `green` and
# the new size rule ratcheted (the Widgets keep working while those values stay; a create of
# them is refused). The function does the same with `--previous`. Then a CRD change the
# apiserver refuses (refused/crd.yaml: scope changed, the stored version removed): each cause at
# its file:line:column, and the Widgets are left alone.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/../../scripts/example-lib.sh"
REPO="$WORK/repo"
mkdir -p "$REPO/manifests"
cp "$HERE"/base/*.yaml "$REPO/manifests/"
git -C "$REPO" init -q
git -C "$REPO" -c user.name=example -c user.email=example@example.com add -A
git -C "$REPO" -c user.name=example -c user.email=example@example.com commit -qm base
cp "$HERE"/change/crd.yaml "$REPO/manifests/crd.yaml"
cd "$REPO"

run_case check 1 "$HERE/expected-check.txt" - -- "$FN" check --base HEAD manifests
run_case check-json 1 "$HERE/expected-check.json" - -- "$FN" check --base HEAD --format json manifests
# The function: the previous revision's objects with --previous, the new CRD as the input.
run_case function 0 "$HERE/expected-function.yaml" "$HERE/expected-function.stderr" -- \
  "$FN" --previous "$HERE/base" <"$HERE/change/resource-list.yaml"
cp "$HERE"/refused/crd.yaml "$REPO/manifests/crd.yaml"
run_case refused 1 "$HERE/expected-refused.txt" - -- "$FN" check --base HEAD manifests

finish crd-change
