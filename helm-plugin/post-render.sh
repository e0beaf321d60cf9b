#!/bin/sh
# crd-schema-fn as a Helm post-renderer: the command of the Helm 4 plugin (plugin.yaml) and the
# script Helm 3's --post-renderer runs. Helm writes the rendered manifests to stdin and installs
# what comes out on stdout; the arguments (Helm's --post-renderer-args) go to crd-schema-fn: the
# config file that names the schemas. crd-schema-fn's exit status is this script's.
#
# Helm 3 shows a post-renderer's stderr only when it fails, Helm 4 never. So crd-schema-fn's
# messages (pruned fields, the causes of a refusal) are kept and then written where the user
# sees them, the first of:
#   $CRD_SCHEMA_FN_LOG   a file named by the user: appended there, nowhere else;
#   /proc/$PPID/fd/2     Helm's own stderr (Linux; the parent of this script is helm);
#   /dev/tty             the terminal (macOS and other systems without /proc).
# On a failure, stderr (which Helm 3 prints in its error) says where they went. When none of
# these can be written, they go to stderr and the run fails (exit 1) even if crd-schema-fn
# passed: a pruned field must not go unseen. Helm 3 then prints them; with Helm 4, set
# CRD_SCHEMA_FN_LOG.
set -u
fn=${CRD_SCHEMA_FN_BIN:-crd-schema-fn}
diag=$(mktemp "${TMPDIR:-/tmp}/crd-schema-fn-helm.XXXXXX") || exit 1
trap 'rm -f "$diag"' EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM

status=0
"$fn" "$@" 2>"$diag" || status=$?
if [ ! -s "$diag" ]; then
  exit "$status"
fi

# Helm's stderr, when it is not this script's own (Helm 3 and 4 capture that one).
helm_stderr() {
  parent=$(readlink "/proc/$PPID/fd/2" 2>/dev/null) || return 1
  own=$(readlink "/proc/$$/fd/2" 2>/dev/null) || return 1
  [ "$parent" != "$own" ] || return 1
  { cat "$diag" >>"/proc/$PPID/fd/2"; } 2>/dev/null
}

where=
if [ -n "${CRD_SCHEMA_FN_LOG:-}" ]; then
  if { cat "$diag" >>"$CRD_SCHEMA_FN_LOG"; } 2>/dev/null; then
    where="in $CRD_SCHEMA_FN_LOG"
  fi
elif helm_stderr; then
  where="above"
elif { cat "$diag" >/dev/tty; } 2>/dev/null; then
  where="on the terminal"
fi

if [ -n "$where" ]; then
  if [ "$status" -ne 0 ]; then
    echo "crd-schema-fn: exit status $status: its messages are $where" >&2
  fi
  exit "$status"
fi
cat "$diag" >&2
if [ "$status" -eq 0 ]; then
  echo "crd-schema-fn: failing: the messages above could not be shown (no Helm stderr in /proc, no terminal${CRD_SCHEMA_FN_LOG:+, $CRD_SCHEMA_FN_LOG not writable}); set CRD_SCHEMA_FN_LOG to a file to keep them there" >&2
  status=1
fi
exit "$status"
