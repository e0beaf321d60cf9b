#!/usr/bin/env bash
# Checks the kpt integration. Always: feeds the binary the exact ResourceLists kpt sends
# (resourcelist-*.yaml, recorded from real kpt runs) and compares what it writes back.
# When kpt is installed, also for real: `kpt fn render --allow-exec` on a copy of each package
# (the rendered files must equal expected-rendered/), and `kpt fn eval --exec` with Strict,
# which must fail and leave the package untouched. With CRD_SCHEMA_FN_IMAGE set (an image built
# by scripts/build-image.sh, and a `docker` command that runs it: scripts/podman-env.sh), also
# `kpt fn eval --image` on a copy of the package.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/../../scripts/example-lib.sh"
cd "$HERE"

run_case "render configPath" 0 expected-render-configpath.yaml expected-render-configpath.stderr \
  -- "$FN" <resourcelist-render-configpath.yaml
run_case "render configMap" 0 expected-render-configmap.yaml expected-render-configmap.stderr \
  -- "$FN" <resourcelist-render-configmap.yaml
run_case "eval Strict" 1 expected-eval-strict.yaml expected-eval-strict.stderr \
  -- "$FN" <resourcelist-eval-strict.yaml

if ! command -v kpt >/dev/null || [[ ${SKIP_KPT:-} == 1 ]]; then
  echo "SKIPPED: real kpt runs (kpt not installed or SKIP_KPT=1)"
  finish kpt
  exit 0
fi
echo "kpt $(kpt version 2>/dev/null)"
mkdir -p "$WORK/bin" "$WORK/run"
ln -s "$FN" "$WORK/bin/crd-schema-fn"
for pkg in package package-configmap; do
  cp -r "$pkg" "$WORK/run/$pkg"
  if (cd "$WORK/run" && PATH=$WORK/bin:$PATH kpt fn render "$pkg" --allow-exec) >"$WORK/kpt.log" 2>&1; then
    compare_dir "kpt fn render $pkg" "expected-rendered/$pkg" "$WORK/run/$pkg"
  else
    echo "FAIL: kpt fn render $pkg failed:" >&2
    cat "$WORK/kpt.log" >&2
    FAILURES=$((FAILURES + 1))
  fi
done

cp -r package "$WORK/run/eval"
rc=0
(cd "$WORK/run" && PATH=$WORK/bin:$PATH kpt fn eval eval --exec crd-schema-fn -- fieldValidation=Strict) \
  >"$WORK/kpt.log" 2>&1 || rc=$?
if [[ $rc == 0 ]]; then
  echo "FAIL: kpt fn eval with fieldValidation=Strict succeeded; want a failure" >&2
  FAILURES=$((FAILURES + 1))
elif ! diff -r package "$WORK/run/eval" >/dev/null; then
  echo "FAIL: kpt fn eval failed but changed the package" >&2
  FAILURES=$((FAILURES + 1))
else
  echo "case kpt fn eval Strict: exit $rc, package untouched"
fi

# The container image for real: `kpt fn eval --image` gives the package `kpt fn render` gives
# with the exec function, and kpt's results file lists the function's results.
IMAGE=${CRD_SCHEMA_FN_IMAGE:-}
if [[ -z $IMAGE ]]; then
  echo "SKIPPED: kpt fn eval --image (CRD_SCHEMA_FN_IMAGE not set; bash scripts/check-image.sh builds the image and runs it)"
elif ! command -v docker >/dev/null; then
  skip_or_fail docker
else
  cp -r package "$WORK/run/image"
  if (cd "$WORK/run" && kpt fn eval image --image "$IMAGE" --image-pull-policy never \
    --results-dir "$WORK/results" -- fieldValidation=Warn) >"$WORK/kpt.log" 2>&1; then
    echo "case kpt fn eval --image $IMAGE: exit 0"
    compare_dir "kpt fn eval --image" expected-rendered/package "$WORK/run/image"
    sed "s|^  - image: $IMAGE\$|  - image: IMAGE|" "$WORK/results/results.yaml" >"$WORK/results.yaml"
    compare_file "kpt fn eval --image results" expected-eval-image-results.yaml "$WORK/results.yaml"
  else
    echo "FAIL: kpt fn eval --image $IMAGE failed:" >&2
    cat "$WORK/kpt.log" >&2
    FAILURES=$((FAILURES + 1))
  fi
fi

finish kpt
