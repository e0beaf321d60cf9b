#!/usr/bin/env bash
# Installs Debian's podman and runc when either is missing (CI machines start without them).
# Needs root (or sudo) and the Debian package registry.
set -euo pipefail
if command -v podman >/dev/null && command -v runc >/dev/null; then
  echo "podman and runc: present"
  exit 0
fi
SUDO=()
if [[ $(id -u) != 0 ]]; then
  command -v sudo >/dev/null || { echo "install-podman: not root and no sudo" >&2; exit 1; }
  SUDO=(sudo)
fi
"${SUDO[@]}" apt-get update -qq
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc >/dev/null
echo "installed: $(podman --version), $(runc --version | head -n 1)"
