# syntax=docker/dockerfile:1
# crd-schema-fn as a KRM container function (kustomize `container:`, kpt `image:`).
#
#   docker build -t ghcr.io/crd-schema-fn/crd-schema-fn:v0.1.0 .
#   kustomize build --enable-alpha-plugins .          # with a `container:` transformer
#   kpt fn eval pkg --image ghcr.io/crd-schema-fn/crd-schema-fn:v0.1.0 -- fieldValidation=Warn
#
# Two ways to get the binary into the same runtime stage (the last one):
# - BINARY_STAGE=build (the default): the `build` stage compiles it with scripts/build-static.sh
#   in a Rust image.
# - BINARY_STAGE=prebuilt: the `prebuilt` stage takes the binary scripts/build-static.sh already
#   built on the host, from the build context named `static-binary` (a folder holding
#   `crd-schema-fn`). scripts/build-image.sh does this with podman, offline; CI tests that image.
# Only the stages the runtime stage needs are built, so each way uses only its own.
#
# The runtime stage is `scratch` plus /etc/passwd and /etc/group defining nobody (65534):
# kustomize and kpt start function containers with `--user nobody`, which docker and podman
# resolve through the image's /etc/passwd.

ARG BINARY_STAGE=build

FROM rust:1.95-slim-bookworm AS build
WORKDIR /src
COPY . .
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    bin="$(scripts/build-static.sh | tail -n 1)" \
    && install -D -m 0755 "$bin" /out/crd-schema-fn

FROM scratch AS prebuilt
COPY --from=static-binary crd-schema-fn /out/crd-schema-fn

FROM ${BINARY_STAGE} AS binary

FROM scratch AS runtime
COPY image/etc/passwd image/etc/group /etc/
COPY --from=binary /out/crd-schema-fn /crd-schema-fn
USER 65534:65534
# Inside kustomize's and kpt's sandbox only the folders the user mounted exist: the paths a
# config names (`schemas: [/crds]`) are not restricted to the config's folder.
ENV CRD_SCHEMA_FN_LOAD_RESTRICTOR=LoadRestrictionsNone
ENTRYPOINT ["/crd-schema-fn"]
LABEL org.opencontainers.image.title="crd-schema-fn" \
      org.opencontainers.image.description="KRM function: prunes unknown fields and applies OpenAPI defaults to custom resources, offline, exactly as kube-apiserver stores them" \
      org.opencontainers.image.source="https://github.com/crd-schema-fn/crd-schema-fn" \
      org.opencontainers.image.url="https://github.com/crd-schema-fn/crd-schema-fn/tree/main/functions/crd-schema-fn" \
      org.opencontainers.image.documentation="https://github.com/crd-schema-fn/crd-schema-fn#readme" \
      org.opencontainers.image.licenses="Apache-2.0" \
      org.opencontainers.image.version="0.1.0" \
      org.opencontainers.image.base.name="scratch"
