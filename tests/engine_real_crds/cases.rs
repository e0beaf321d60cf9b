//! The real-CRD cases: inputs and the outputs written by hand from each CRD's schema.

/// One case: the CRD file (under `shared/corpus/crds`), an input object, the expected object and
/// the expected pruned/defaulted paths.
pub struct Case {
    pub name: &'static str,
    pub crd: &'static str,
    pub input: &'static str,
    pub expected: &'static str,
    pub pruned: &'static [&'static str],
    pub defaulted: &'static [&'static str],
}

pub const HTTPROUTE: Case = Case {
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

pub const CLUSTERISSUER: Case = Case {
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

pub const SERVICEMONITOR: Case = Case {
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

pub const CLUSTER: Case = Case {
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

pub const KCP: Case = Case {
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
