#!/bin/sh
# helm --post-renderer: the rendered manifests arrive on stdin, the stored shape leaves on
# stdout; warnings (pruned fields) go to stderr, and an object the apiserver would refuse fails
# the install or upgrade before anything reaches the cluster.
exec crd-schema-fn "$(dirname "$0")/chart/crd-schema-fn.yaml"
