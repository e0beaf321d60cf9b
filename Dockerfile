# syntax=docker/dockerfile:1
# crd-schema-fn as a KRM container function (kustomize `container:`, kpt `image:`).
#
#   docker build -t ghcr.io/crd-schema-fn/crd-schema-fn:v0.1.0 .
#   kustomize build --enable-alpha-plugins .          # with a `container:` transformer
#   kpt fn eval pkg --image ghcr.io/crd-schema-fn/crd-schema-fn:v0.1.0 -- fieldValidation=Warn
#
# The build stage runs scripts/build-static.sh, the same command CI runs and checks
# (statically linked, works with an empty environment as uid 65534).

FROM rust:1.95-slim-bookworm AS build
WORKDIR /src
COPY . .
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    bin="$(scripts/build-static.sh | tail -n 1)" \
    && install -D -m 0755 "$bin" /out/crd-schema-fn

FROM scratch
COPY --from=build /out/crd-schema-fn /crd-schema-fn
USER 65534:65534
ENTRYPOINT ["/crd-schema-fn"]
LABEL org.opencontainers.image.title="crd-schema-fn" \
      org.opencontainers.image.description="KRM function: prunes unknown fields and applies OpenAPI defaults to custom resources, offline, exactly as kube-apiserver stores them" \
      org.opencontainers.image.source="https://github.com/crd-schema-fn/crd-schema-fn" \
      org.opencontainers.image.url="https://github.com/crd-schema-fn/crd-schema-fn/tree/main/functions/crd-schema-fn" \
      org.opencontainers.image.documentation="https://github.com/crd-schema-fn/crd-schema-fn#readme" \
      org.opencontainers.image.licenses="Apache-2.0" \
      org.opencontainers.image.version="0.1.0" \
      org.opencontainers.image.base.name="scratch"
