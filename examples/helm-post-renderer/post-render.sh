#!/bin/sh
# Helm 3's --post-renderer for this chart: the rendered manifests arrive on stdin, the stored
# shape leaves on stdout. It runs the repository's Helm wrapper (helm-plugin/post-render.sh, also
# the Helm 4 plugin's command) with this chart's config; `exec`, so that the wrapper's parent is
# helm and its messages (pruned fields, the causes of a refusal) reach Helm's stderr.
here=$(dirname "$0")
exec "$here/../../helm-plugin/post-render.sh" "$here/chart/crd-schema-fn.yaml"
