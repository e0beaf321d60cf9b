#!/usr/bin/env bash
# Sourced (`source scripts/podman-env.sh`): makes podman usable here as root without the
# machine's global configuration, and puts a `docker` command backed by podman first on PATH
# (scripts/podman-as-docker/docker) for kustomize and kpt.
#
# Unless CONTAINERS_CONF / CONTAINERS_STORAGE_CONF are already set, it writes both files into
# $PODMAN_DIR (default target/podman/) and exports them:
# - containers.conf: runtime runc, cgroup manager cgroupfs (no systemd here), no default
#   ulimits (podman's default open-files limit is above these machines' hard limit of 20,000),
#   events to a file (no journald), and podman's temporary state in $PODMAN_DIR.
# - storage.conf: the vfs driver (no overlay mounts needed), with runroot and graphroot in
#   $PODMAN_DIR, so images built here stay in this project's target/ folder.
_podman_repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PODMAN_DIR=${PODMAN_DIR:-$_podman_repo/target/podman}
mkdir -p "$PODMAN_DIR"
PODMAN_DIR=$(cd "$PODMAN_DIR" && pwd)
if [[ -z ${CONTAINERS_CONF:-} ]]; then
  cat >"$PODMAN_DIR/containers.conf" <<CONF
[containers]
default_ulimits = []

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
events_logfile_path = "$PODMAN_DIR/events.log"
tmp_dir = "$PODMAN_DIR/tmp"
CONF
  export CONTAINERS_CONF=$PODMAN_DIR/containers.conf
fi
if [[ -z ${CONTAINERS_STORAGE_CONF:-} ]]; then
  cat >"$PODMAN_DIR/storage.conf" <<CONF
[storage]
driver = "vfs"
runroot = "$PODMAN_DIR/run"
graphroot = "$PODMAN_DIR/storage"
CONF
  export CONTAINERS_STORAGE_CONF=$PODMAN_DIR/storage.conf
fi
export PATH=$_podman_repo/scripts/podman-as-docker:$PATH
unset _podman_repo
