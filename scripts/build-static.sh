#!/usr/bin/env bash
# Builds the statically linked release binary: the ONE build command, used by the Dockerfile's
# build stage and by CI (scripts/check-static.sh). Prints the binary's path as its last line.
#
# glibc's static libc (libc6-dev, present in the rust:*-slim images and on Debian hosts)
# linked with `-C target-feature=+crt-static`; --target keeps the flag off build scripts and
# proc macros. TARGET defaults to the host triple (x86_64-unknown-linux-gnu or
# aarch64-unknown-linux-gnu), so the same Dockerfile builds on either architecture.
set -euo pipefail
cd "$(dirname "$0")/.."
TARGET=${TARGET:-$(rustc -vV | sed -n 's/^host: //p')}
RUSTFLAGS="${RUSTFLAGS:-} -C target-feature=+crt-static" \
  cargo build --release --locked --target "$TARGET" --bin crd-schema-fn >&2
echo "target/$TARGET/release/crd-schema-fn"
