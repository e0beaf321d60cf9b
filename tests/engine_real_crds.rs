//! The engine on real CRDs of the corpus (gateway-api, cert-manager, prometheus-operator,
//! cluster-api). Each expected output was written by hand from the CRD's schema: which fields it
//! specifies (pruning), where it has `default:` values, which subtrees preserve unknown fields.

use crd_schema_fn::engine::{self, Options};
use crd_schema_fn::schema::{crd::load_crd, VersionSchema};
use crd_schema_fn::yaml::{self, json::to_json, Node};
use std::path::Path;

struct Case {
    name: &'static str,
    crd: &'static str,
    input: &'static str,
    expected: &'static str,
    pruned: &'static [&'static str],
    defaulted: &'static [&'static str],
}

fn load_version(crd_file: &str, api_version: &str) -> VersionSchema {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus/crds")
        .join(crd_file);
    let text = std::fs::read_to_string(&path).unwrap();
    let crd = to_json(&yaml::parse_stream(&text).unwrap()[0]).unwrap();
    let version = api_version.rsplit('/').next().unwrap();
    let vs = load_crd(&crd, crd_file)
        .unwrap()
        .into_iter()
        .find(|v| v.version == version)
        .unwrap();
    assert!(
        vs.structural_errors.is_empty(),
        "{crd_file}: {:?}",
        vs.structural_errors
    );
    vs
}

fn doc(text: &str) -> Node {
    yaml::parse_stream(text).unwrap().remove(0)
}

fn run(c: &Case) -> Node {
    let mut obj = doc(c.input);
    let api_version = obj
        .get("apiVersion")
        .and_then(Node::as_str)
        .unwrap()
        .to_string();
    let vs = load_version(c.crd, &api_version);
    let out = engine::apply(&mut obj, &vs, &Options::default());
    assert_eq!(
        to_json(&obj).unwrap(),
        to_json(&doc(c.expected)).unwrap(),
        "{}",
        c.name
    );
    assert_eq!(out.pruned, c.pruned, "{}: pruned", c.name);
    assert_eq!(out.defaulted, c.defaulted, "{}: defaulted", c.name);
    obj
}

const HTTPROUTE: Case = Case {
    name: "gateway-api HTTPRoute v1: parentRef/backendRef/match/header/filter defaults",
    crd: "gateway-api/gateway.networking.k8s.io_httproutes.yaml",
    input: r#"
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata:
  name: web
  creationTimestamp: null
spec:
  parentRefs:
  - name: gw
  hostnames: ["example.com"]
  rules:
  - backendRefs:
    - name: web
      port: 80
      colour: red
  - matches:
    - headers:
      - name: x-env
        value: canary
    filters:
    - type: RequestRedirect
      requestRedirect:
        scheme: https
"#,
    expected: r#"
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata:
  name: web
spec:
  parentRefs:
  - {name: gw, group: gateway.networking.k8s.io, kind: Gateway}
  hostnames: ["example.com"]
  rules:
  - backendRefs:
    - {name: web, port: 80, group: "", kind: Service, weight: 1}
    matches:
    - path: {type: PathPrefix, value: /}
  - matches:
    - headers:
      - {name: x-env, value: canary, type: Exact}
      path: {type: PathPrefix, value: /}
    filters:
    - type: RequestRedirect
      requestRedirect: {scheme: https, statusCode: 302}
"#,
    pruned: &["spec.rules[0].backendRefs[0].colour"],
    defaulted: &[
        "spec.parentRefs[0].group",
        "spec.parentRefs[0].kind",
        "spec.rules[0].matches",
        "spec.rules[0].backendRefs[0].group",
        "spec.rules[0].backendRefs[0].kind",
        "spec.rules[0].backendRefs[0].weight",
        "spec.rules[1].matches[0].path",
        "spec.rules[1].matches[0].headers[0].type",
        "spec.rules[1].filters[0].requestRedirect.statusCode",
    ],
};

const CLUSTERISSUER: Case = Case {
    name: "cert-manager ClusterIssuer v1: ACME defaults, webhook config preserved, typos pruned",
    crd: "cert-manager/cert-manager.io_clusterissuers.yaml",
    input: r#"
apiVersion: cert-manager.io/v1
kind: ClusterIssuer
metadata:
  name: letsencrypt
  annotations: {}
spec:
  acme:
    server: https://acme-v02.api.letsencrypt.org/directory
    email: ops@example.com
    privateKeySecretRef:
      name: letsencrypt-account
    solvers:
    - http01:
        gatewayHTTPRoute:
          parentRefs:
          - name: gw
            namespace: infra
          labels: {team: web}
    - dns01:
        webhook:
          groupName: acme.example.com
          solverName: example
          config:
            apiKey: {secretRef: s}
            nested: {deep: [1, 2]}
      selector:
        dnsZones: [example.com]
        matchLabels: {use: dns}
      legacyField: true
  ca: {secretName: ca, colour: blue}
"#,
    expected: r#"
apiVersion: cert-manager.io/v1
kind: ClusterIssuer
metadata:
  name: letsencrypt
spec:
  acme:
    server: https://acme-v02.api.letsencrypt.org/directory
    email: ops@example.com
    privateKeySecretRef:
      name: letsencrypt-account
    solvers:
    - http01:
        gatewayHTTPRoute:
          parentRefs:
          - {name: gw, namespace: infra, group: gateway.networking.k8s.io, kind: Gateway}
          labels: {team: web}
    - dns01:
        webhook:
          groupName: acme.example.com
          solverName: example
          config:
            apiKey: {secretRef: s}
            nested: {deep: [1, 2]}
      selector:
        dnsZones: [example.com]
        matchLabels: {use: dns}
    renewalInformationSource: ARI
  ca: {secretName: ca}
"#,
    pruned: &["spec.acme.solvers[1].legacyField", "spec.ca.colour"],
    defaulted: &[
        "spec.acme.renewalInformationSource",
        "spec.acme.solvers[0].http01.gatewayHTTPRoute.parentRefs[0].group",
        "spec.acme.solvers[0].http01.gatewayHTTPRoute.parentRefs[0].kind",
    ],
};

const SERVICEMONITOR: Case = Case {
    name: "prometheus-operator ServiceMonitor v1: secret ref names and relabel actions",
    crd: "prometheus-operator/monitoring.coreos.com_servicemonitors.yaml",
    input: r#"
apiVersion: monitoring.coreos.com/v1
kind: ServiceMonitor
metadata:
  name: app
  namespace: monitoring
  labels: {release: prom}
spec:
  selector:
    matchLabels: {app: web}
  namespaceSelector:
    matchNames: [prod]
  endpoints:
  - port: metrics
    interval: 30s
    bearerTokenSecret:
      key: token
    relabelings:
    - sourceLabels: [__meta_kubernetes_pod_name]
      targetLabel: pod
    - action: drop
      regex: debug
    metricRelabelings:
    - regex: go_.*
      action: ""
    tlsConfig:
      ca:
        secret: {key: ca.crt}
      serverName: web.prod.svc
    scrapeTimeout: 10s
    honorLables: true
  sampleLimit: 1000
"#,
    expected: r#"
apiVersion: monitoring.coreos.com/v1
kind: ServiceMonitor
metadata:
  name: app
  namespace: monitoring
  labels: {release: prom}
spec:
  selector:
    matchLabels: {app: web}
  namespaceSelector:
    matchNames: [prod]
  endpoints:
  - port: metrics
    interval: 30s
    bearerTokenSecret: {key: token, name: ""}
    relabelings:
    - {sourceLabels: [__meta_kubernetes_pod_name], targetLabel: pod, action: replace}
    - {action: drop, regex: debug}
    metricRelabelings:
    - {regex: go_.*, action: ""}
    tlsConfig:
      ca:
        secret: {key: ca.crt, name: ""}
      serverName: web.prod.svc
    scrapeTimeout: 10s
  sampleLimit: 1000
"#,
    pruned: &["spec.endpoints[0].honorLables"],
    defaulted: &[
        "spec.endpoints[0].bearerTokenSecret.name",
        "spec.endpoints[0].relabelings[0].action",
        "spec.endpoints[0].tlsConfig.ca.secret.name",
    ],
};

const CLUSTER: Case = Case {
    name: "cluster-api Cluster v1beta2: topology variable values preserve unknown fields",
    crd: "cluster-api/cluster.x-k8s.io_clusters.yaml",
    input: r#"
apiVersion: cluster.x-k8s.io/v1beta2
kind: Cluster
metadata:
  name: prod
  namespace: default
  labels: {}
spec:
  clusterNetwork:
    pods:
      cidrBlocks: ["192.168.0.0/16"]
    serviceDomain: cluster.local
    dnsDomain: example.internal
  topology:
    classRef:
      name: quick-start
    version: v1.31.0
    controlPlane:
      replicas: 3
      metadata:
        labels: {tier: cp}
    variables:
    - name: imageRepository
      value: registry.example.com
    - name: nodeConfig
      value:
        kubelet: {maxPods: 110}
        extra: [a, b]
      description: not a field
"#,
    expected: r#"
apiVersion: cluster.x-k8s.io/v1beta2
kind: Cluster
metadata:
  name: prod
  namespace: default
spec:
  clusterNetwork:
    pods:
      cidrBlocks: ["192.168.0.0/16"]
    serviceDomain: cluster.local
  topology:
    classRef:
      name: quick-start
    version: v1.31.0
    controlPlane:
      replicas: 3
      metadata:
        labels: {tier: cp}
    variables:
    - name: imageRepository
      value: registry.example.com
    - name: nodeConfig
      value:
        kubelet: {maxPods: 110}
        extra: [a, b]
"#,
    pruned: &[
        "spec.clusterNetwork.dnsDomain",
        "spec.topology.variables[1].description",
    ],
    defaulted: &[],
};

const KCP: Case = Case {
    name: "cluster-api KubeadmControlPlane v1beta2: env source defaults deep in lists",
    crd: "cluster-api/controlplane.cluster.x-k8s.io_kubeadmcontrolplanes.yaml",
    input: r#"
apiVersion: controlplane.cluster.x-k8s.io/v1beta2
kind: KubeadmControlPlane
metadata:
  name: cp
spec:
  replicas: 3
  version: v1.31.0
  machineTemplate:
    spec:
      infrastructureRef: {apiGroup: infrastructure.cluster.x-k8s.io, kind: DockerMachineTemplate, name: cp}
      nodeDrainTimeout: 10s
  kubeadmConfigSpec:
    clusterConfiguration:
      apiServer:
        extraEnvs:
        - name: HTTP_PROXY
          valueFrom:
            secretKeyRef: {key: proxy}
        - name: PLAIN
          value: "1"
      scheduler:
        extraEnvs:
        - name: F
          valueFrom:
            fileKeyRef: {key: k, path: /etc/f, volumeName: v}
    initConfiguration:
      nodeRegistration: {name: "{{ ds.meta_data.local_hostname }}"}
"#,
    expected: r#"
apiVersion: controlplane.cluster.x-k8s.io/v1beta2
kind: KubeadmControlPlane
metadata:
  name: cp
spec:
  replicas: 3
  version: v1.31.0
  machineTemplate:
    spec:
      infrastructureRef: {apiGroup: infrastructure.cluster.x-k8s.io, kind: DockerMachineTemplate, name: cp}
  kubeadmConfigSpec:
    clusterConfiguration:
      apiServer:
        extraEnvs:
        - name: HTTP_PROXY
          valueFrom:
            secretKeyRef: {key: proxy, name: ""}
        - name: PLAIN
          value: "1"
      scheduler:
        extraEnvs:
        - name: F
          valueFrom:
            fileKeyRef: {key: k, path: /etc/f, volumeName: v, optional: false}
    initConfiguration:
      nodeRegistration: {name: "{{ ds.meta_data.local_hostname }}"}
"#,
    pruned: &["spec.machineTemplate.spec.nodeDrainTimeout"],
    defaulted: &[
        "spec.kubeadmConfigSpec.clusterConfiguration.apiServer.extraEnvs[0].valueFrom.secretKeyRef.name",
        "spec.kubeadmConfigSpec.clusterConfiguration.scheduler.extraEnvs[0].valueFrom.fileKeyRef.optional",
    ],
};

#[test]
fn gateway_api_httproute() {
    run(&HTTPROUTE);
}

#[test]
fn cert_manager_clusterissuer() {
    run(&CLUSTERISSUER);
}

#[test]
fn prometheus_operator_servicemonitor() {
    let obj = run(&SERVICEMONITOR);
    // The new empty-string defaults are quoted, so every YAML reader sees "".
    let ep = &obj
        .get("spec")
        .unwrap()
        .get("endpoints")
        .unwrap()
        .as_seq()
        .unwrap()
        .items[0];
    let Some(Node::Scalar(name)) = ep.get("bearerTokenSecret").and_then(|b| b.get("name")) else {
        panic!("no default name");
    };
    assert_ne!(name.style, yaml::ScalarStyle::Plain);
}

#[test]
fn cluster_api_cluster() {
    run(&CLUSTER);
}

#[test]
fn cluster_api_kubeadmcontrolplane() {
    let obj = run(&KCP);
    // An untouched quoted scalar keeps its quotes ("1" is a string, not the integer 1).
    let env = obj.get("spec").unwrap().get("kubeadmConfigSpec").unwrap();
    let api = env
        .get("clusterConfiguration")
        .unwrap()
        .get("apiServer")
        .unwrap();
    let plain = &api.get("extraEnvs").unwrap().as_seq().unwrap().items[1];
    let Some(Node::Scalar(v)) = plain.get("value") else {
        panic!()
    };
    assert_eq!(
        (v.value.as_str(), v.style),
        ("1", yaml::ScalarStyle::DoubleQuoted)
    );
}
