#!/usr/bin/env bash
# Runs this project's pre-commit hooks (.pre-commit-hooks.yaml, as it is in the working tree)
# with the real pre-commit (PyPI; installed with pip when missing) on a temporary git repository
# holding a CRD and manifests, offline (the `-system` hooks, with the binary on PATH):
#
#   1. the check hook fails on a manifest that would change, naming file and fields;
#   2. the fix hook rewrites it in place (comments kept) and pre-commit fails the run because
#      the hook modified a file; the fixed file is exactly what is expected;
#   3. then both hooks pass;
#   4. as a git hook: a commit of a manifest that would change is refused (and fixed), the
#      commit of the fixed file goes through; pre-commit passes only the staged files, so the
#      hooks get the CRDs with `args: [--schemas, crds]`.
#
# With CHECK_PRE_COMMIT_RUST=1 it also runs the `language: rust` check hook from this project's
# HEAD commit: pre-commit then builds crd-schema-fn with `cargo install` (crates.io, minutes).
#
# Usage: scripts/check-pre-commit.sh [BINARY]   (default: target/release/crd-schema-fn, built)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/target/release/crd-schema-fn}
if [ $# -eq 0 ]; then
  (cd "$root" && cargo build --release --quiet)
fi
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")

python3 -m pre_commit --version >/dev/null 2>&1 || python3 -m pip install --quiet pre-commit
echo "$(python3 -m pre_commit --version), crd-schema-fn at $bin"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export PRE_COMMIT_HOME=$tmp/cache
export GIT_AUTHOR_NAME=ci GIT_AUTHOR_EMAIL=ci@example.invalid
export GIT_COMMITTER_NAME=ci GIT_COMMITTER_EMAIL=ci@example.invalid
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
mkdir "$tmp/bin"
ln -s "$bin" "$tmp/bin/crd-schema-fn"
export PATH=$tmp/bin:$PATH

fail() { echo "check-pre-commit: FAIL: $*" >&2; exit 1; }
pc() { python3 -m pre_commit "$@"; }

# The hooks repository: the working tree's .pre-commit-hooks.yaml, committed on its own.
hooks=$tmp/hooks
mkdir "$hooks"
cp "$root/.pre-commit-hooks.yaml" "$hooks/"
git -C "$hooks" init -q
git -C "$hooks" add .
git -C "$hooks" commit -qm hooks
rev=$(git -C "$hooks" rev-parse HEAD)

# The manifests repository.
repo=$tmp/repo
mkdir -p "$repo/crds" "$repo/manifests"
cd "$repo"
cp "$root/testdata/repo/check-clean/input/crds/backup.yaml" crds/
cat > manifests/nightly.yaml <<'EOF'
# The nightly backup.
apiVersion: example.com/v1
kind: Backup
metadata:
  name: nightly
  namespace: demo
spec:
  schedule: "0 3 * * *"   # every night
  retension: 30           # a typo: the apiserver drops it
  targets:
  - volume: data
EOF
cat > fixed.txt <<'EOF'
# The nightly backup.
apiVersion: example.com/v1
kind: Backup
metadata:
  name: nightly
  namespace: demo
spec:
  schedule: "0 3 * * *"   # every night
  targets:
  - volume: data
    mode: Snapshot
  retention:
    keepLast: 7
  suspend: false
EOF
cat > .pre-commit-config.yaml <<EOF
repos:
- repo: $hooks
  rev: $rev
  hooks:
  - id: crd-schema-fn-check-system
    args: [--schemas, crds]
  - id: crd-schema-fn-fix-system
    args: [--schemas, crds]
EOF
git init -q
git add .
git commit -q --no-verify -m "manifests"

echo "--- 1. check fails on a manifest that would change"
if out=$(pc run crd-schema-fn-check-system --all-files 2>&1); then
  fail "check passed: $out"
fi
echo "$out"
for want in "manifests/nightly.yaml:9:3: note: Backup demo/nightly (example.com/v1): spec.retension: removed" \
            "spec.targets[0].mode: added: \"Snapshot\"" "1 file would change"; do
  grep -qF -- "$want" <<<"$out" || fail "check output lacks: $want"
done
git diff --quiet || fail "check changed a file"

echo "--- 2. fix rewrites it in place"
if out=$(pc run crd-schema-fn-fix-system --all-files 2>&1); then
  fail "fix passed without modifying: $out"
fi
echo "$out"
grep -qF "files were modified by this hook" <<<"$out" || fail "pre-commit did not see a modified file"
diff -u fixed.txt manifests/nightly.yaml || fail "the fixed file differs from what is expected"
git diff --quiet -- crds || fail "fix changed the CRD"

echo "--- 3. both pass on the fixed files"
git add manifests
pc run --all-files || fail "the hooks fail on fixed files"

echo "--- 4. as a git hook"
git commit -q --no-verify -m "fixed"
pc install >/dev/null
sed 's/name: nightly/name: weekly/; s/0 3 \* \* \*/0 4 * * 0/' manifests/nightly.yaml |
  grep -v '^    mode: Snapshot$' > manifests/weekly.yaml
git add manifests/weekly.yaml
if git commit -q -m "weekly backup" 2>&1; then
  fail "a commit of a manifest that would change went through"
fi
grep -q '^    mode: Snapshot$' manifests/weekly.yaml || fail "the fix hook did not fix the staged file"
git add manifests/weekly.yaml
git commit -q -m "weekly backup" || fail "the commit of the fixed file was refused"
[ "$(git log --oneline | wc -l)" -eq 3 ] || fail "expected 3 commits"

if [ "${CHECK_PRE_COMMIT_RUST:-0}" = 1 ]; then
  echo "--- 5. the language: rust hook, built by pre-commit from $(git -C "$root" rev-parse --short HEAD)"
  cat > .pre-commit-config.yaml <<EOF
repos:
- repo: $root
  rev: $(git -C "$root" rev-parse HEAD)
  hooks:
  - id: crd-schema-fn-check
    args: [--schemas, crds]
EOF
  git add .pre-commit-config.yaml
  PATH=${PATH#"$tmp/bin:"} pc run --all-files || fail "the rust hook fails on fixed files"
fi
echo "check-pre-commit: ok"
