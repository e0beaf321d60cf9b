#!/usr/bin/env bash
# `check --base REV`: a pull request judged as the updates the cluster will get. A throwaway git
# repository gets base/ as its first commit, then change/ in the working tree (the pull
# request): the Volume `data` changes its immutable storageClass (refused, as the apiserver
# refuses the update), and `logs` keeps tier bronze, which the changed CRD no longer allows:
# unchanged, so ratcheted (accepted), as the apiserver accepts it. Without --base both are
# creates, and both keep failing on bronze.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/../../scripts/example-lib.sh"
REPO="$WORK/repo"
mkdir -p "$REPO/manifests"
cp "$HERE"/base/*.yaml "$REPO/manifests/"
git -C "$REPO" init -q
git -C "$REPO" -c user.name=example -c user.email=example@example.com add -A
git -C "$REPO" -c user.name=example -c user.email=example@example.com commit -qm base
cp "$HERE"/change/*.yaml "$REPO/manifests/"
cd "$REPO"

run_case update 1 "$HERE/expected-update.txt" - -- "$FN" check --base HEAD manifests
# The same finding for CI tools: GitHub annotations and JSON records (the summary goes to stderr).
run_case update-github 1 "$HERE/expected-update-github.txt" - -- "$FN" check --base HEAD --format github manifests
run_case update-json 1 "$HERE/expected-update.json" - -- "$FN" check --base HEAD --format json manifests
run_case create 1 "$HERE/expected-create.txt" - -- "$FN" check manifests
# A revision git could take for an option is refused; an unknown one names itself.
run_case option 2 "$HERE/expected-empty.txt" "$HERE/expected-option.stderr" -- "$FN" check --base -x manifests
run_case unknown 2 "$HERE/expected-empty.txt" - -- "$FN" check --base no-such-rev manifests

finish update-base
