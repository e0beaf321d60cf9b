#!/usr/bin/env bash
# CI check of the container build without a docker engine: runs the Dockerfile's build
# command (scripts/build-static.sh), then checks the binary is statically linked and works
# with an empty environment as the image's user (nobody, 65534) on the standalone example.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(scripts/build-static.sh | tail -n 1)
echo "built $BIN"

# Statically linked: no program interpreter and no shared-library dependencies.
if readelf -l "$BIN" | grep -q 'INTERP'; then
  echo "FAIL: $BIN has a program interpreter (dynamically linked)" >&2
  exit 1
fi
if readelf -d "$BIN" | grep -q 'NEEDED'; then
  echo "FAIL: $BIN needs shared libraries:" >&2
  readelf -d "$BIN" | grep NEEDED >&2
  exit 1
fi
if command -v file >/dev/null; then file "$BIN"; fi
ldd "$BIN" 2>&1 | sed 's/^/ldd: /' || true

# Run it the way the image does: empty environment, uid/gid 65534, from a folder it can read.
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
install -m 0755 "$BIN" "$DIR/crd-schema-fn"
chmod 0755 "$DIR"
AS_NOBODY=()
if [[ $(id -u) == 0 ]]; then
  AS_NOBODY=("$(command -v setpriv)" --reuid=65534 --regid=65534 --clear-groups --)
else
  echo "note: not root, so running as $(id -un) instead of 65534"
fi
EXAMPLE=$PWD/examples/standalone
rc=0
(cd / && env -i "${AS_NOBODY[@]}" "$DIR/crd-schema-fn" <"$EXAMPLE/input.yaml" >"$DIR/out.yaml" 2>"$DIR/err.txt") || rc=$?
if [[ $rc != 0 ]]; then
  echo "FAIL: the static binary exited $rc with an empty environment as 65534:" >&2
  cat "$DIR/err.txt" >&2
  exit 1
fi
if ! diff -u "$EXAMPLE/expected.yaml" "$DIR/out.yaml"; then
  echo "FAIL: the static binary's output differs from examples/standalone/expected.yaml" >&2
  exit 1
fi
echo "static binary: ok (statically linked; ran with env -i as uid/gid 65534)"
