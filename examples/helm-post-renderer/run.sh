#!/usr/bin/env bash
# Checks the Helm post-renderer recipes on a stored rendering of chart/ (`helm template rel chart
# --set tier=gold`; no helm binary is needed), running each command the way Helm runs a
# post-renderer: as a child of a process (standing for helm) whose own stderr is a file, with
# the command's stderr captured apart (Helm 3 prints it only when the command fails, Helm 4
# never). Helm 3's post-render.sh and the Helm 4 plugin's command (helm-plugin/post-render.sh
# with the --post-renderer-args after it), with the binary on PATH, print the stream with the
# chart's CRD schemas applied (defaults added, the unknown `tier` pruned) and exit 0, the
# warning on Helm's stderr; with an engine the schema refuses, they exit 1 with the causes on
# Helm's stderr. When a helm binary is installed (Helm 3 or 4), the same recipes run through it.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/../../scripts/example-lib.sh"
cd "$HERE"

mkdir -p "$WORK/bin"
ln -s "$FN" "$WORK/bin/crd-schema-fn"
export PATH="$WORK/bin:$PATH"
PLUGIN=$REPO_ROOT/helm-plugin

# as_helm LABEL WANT_EXIT EXPECTED_STDOUT EXPECTED_HELM_STDERR EXPECTED_OWN_STDERR -- COMMAND...
# Runs COMMAND (stdin is the caller's) as a post-renderer of a process whose stderr is a file;
# checks the exit code, stdout, that process's stderr and the command's own stderr.
as_helm() {
  local label=$1 want=$2 out=$3 helm_err=$4 own_err=$5
  shift 6
  local rc=0
  # Not the subshell's last command, so that bash forks it (the subshell is its parent).
  (
    exec 2>"$WORK/helm-stderr"
    "$@" >"$WORK/stdout" 2>"$WORK/own-stderr"
    rc=$?
    exit $rc
  ) || rc=$?
  echo "case $label: exit $rc"
  if [[ $rc != "$want" ]]; then
    echo "FAIL: $label exited $rc, want $want" >&2
    cat "$WORK/helm-stderr" "$WORK/own-stderr" >&2
    FAILURES=$((FAILURES + 1))
  fi
  compare_file "$label stdout" "$out" "$WORK/stdout"
  compare_file "$label helm's stderr" "$helm_err" "$WORK/helm-stderr"
  compare_file "$label own stderr" "$own_err" "$WORK/own-stderr"
}

sed 's/engine: postgres/engine: postgress/' rendered.yaml >"$WORK/refused.yaml"
: >"$WORK/empty"

# Helm 3: --post-renderer ./post-render.sh
as_helm helm3 0 expected.yaml expected.stderr "$WORK/empty" -- ./post-render.sh <rendered.yaml
as_helm helm3-refused 1 expected-refused.yaml expected-refused.stderr expected-refused.own-stderr \
  -- ./post-render.sh <"$WORK/refused.yaml"
# Helm 4: --post-renderer crd-schema-fn --post-renderer-args chart/crd-schema-fn.yaml, the
# plugin's command with HELM_PLUGIN_DIR set and the arguments after it.
as_helm helm4 0 expected.yaml expected.stderr "$WORK/empty" \
  -- env HELM_PLUGIN_NAME=crd-schema-fn HELM_PLUGIN_DIR="$PLUGIN" "$PLUGIN/post-render.sh" \
  chart/crd-schema-fn.yaml <rendered.yaml
as_helm helm4-refused 1 expected-refused.yaml expected-refused.stderr expected-refused.own-stderr \
  -- env HELM_PLUGIN_NAME=crd-schema-fn HELM_PLUGIN_DIR="$PLUGIN" "$PLUGIN/post-render.sh" \
  chart/crd-schema-fn.yaml <"$WORK/refused.yaml"

# The objects of a rendering, without Helm's framing: Helm 4 writes `---` and `# Source:` lines
# and blank lines where Helm 3 does not.
objects() {
  grep -v -e '^---$' -e '^# Source: ' -e '^[[:space:]]*$' "$1" >"$2" || true
}

# helm_recipe FLAGS...: with a real helm, the chart rendered through the post-renderer FLAGS
# name gives the expected objects and the warning on helm's stderr; with an engine the schema
# refuses, helm fails with the cause on its stderr.
helm_recipe() {
  local rc=0
  objects expected.yaml "$WORK/want.yaml"
  helm template rel chart --set tier=gold "$@" >"$WORK/helm.yaml" 2>"$WORK/helm.err" || rc=$?
  objects "$WORK/helm.yaml" "$WORK/got.yaml"
  compare_file "helm template $* (objects)" "$WORK/want.yaml" "$WORK/got.yaml"
  if [[ $rc != 0 ]] || ! grep -qxF -f expected.stderr "$WORK/helm.err"; then
    echo "FAIL: helm template $*: exit $rc, want 0 and the warning on stderr:" >&2
    cat "$WORK/helm.err" >&2
    FAILURES=$((FAILURES + 1))
  fi
  rc=0
  helm template rel chart --set tier=gold --set engine=postgress "$@" \
    >/dev/null 2>"$WORK/helm.err" || rc=$?
  if [[ $rc == 0 ]] || ! grep -qF 'spec.engine: Unsupported value: "postgress"' "$WORK/helm.err"; then
    echo "FAIL: helm template $* (refused): exit $rc, want non-zero and the cause on stderr:" >&2
    cat "$WORK/helm.err" >&2
    FAILURES=$((FAILURES + 1))
  fi
  echo "helm recipe $*: checked"
}

# A real helm, when there is one, renders the chart to the stored stream's objects and runs the
# recipes for its version. Its settings, plugins and cache are kept in $WORK.
if command -v helm >/dev/null; then
  export HELM_CONFIG_HOME=$WORK/helm/config HELM_DATA_HOME=$WORK/helm/data \
    HELM_CACHE_HOME=$WORK/helm/cache HELM_PLUGINS=$WORK/helm/plugins
  version=$(helm version --template '{{.Version}}')
  echo "helm $version"
  objects rendered.yaml "$WORK/want.yaml"
  helm template rel chart --set tier=gold >"$WORK/helm.yaml"
  objects "$WORK/helm.yaml" "$WORK/got.yaml"
  compare_file "helm template (objects)" "$WORK/want.yaml" "$WORK/got.yaml"
  case $version in
  v3.*)
    helm_recipe --post-renderer ./post-render.sh
    helm_recipe --post-renderer "$PLUGIN/post-render.sh" --post-renderer-args chart/crd-schema-fn.yaml
    ;;
  *)
    helm plugin install "$PLUGIN" >/dev/null
    helm_recipe --post-renderer crd-schema-fn --post-renderer-args chart/crd-schema-fn.yaml
    ;;
  esac
fi

finish helm-post-renderer
