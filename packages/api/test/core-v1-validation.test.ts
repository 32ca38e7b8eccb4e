// Validation of the core/v1 kinds: the field paths and messages kube-apiserver returns, written
// from k8s.io/kubernetes pkg/apis/core/validation/validation.go and events.go (v1.33) and
// k8s.io/apimachinery pkg/util/validation (v0.33.13). Each case starts from a valid, defaulted
// object and breaks one thing.
import { describe, expect, it } from 'vitest';
import { fieldErrorString, type FieldError } from '@kapi/apimachinery';
import {
  endpointsKind,
  eventKind,
  nodeKind,
  podKind,
  serviceAccountKind,
  serviceKind,
  validatePodTemplateSpec,
  type Endpoints,
  type Event,
  type Node,
  type Pod,
  type Service,
} from '../src/core/v1/index.ts';
import { FieldPath } from '@kapi/apimachinery';

const messages = (errs: readonly FieldError[]) => errs.map(fieldErrorString);

function validPod(): Pod {
  const pod: Pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      containers: [{ name: 'app', image: 'nginx:1.25', ports: [{ name: 'http', containerPort: 80 }] }],
      volumes: [{ name: 'data', emptyDir: {} }],
    },
  };
  podKind.defaults(pod);
  return pod;
}

const dns1123Label =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const dns1123Subdomain =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

type Case = [string, (pod: Pod) => void, string[]];
const c0 = (pod: Pod) => pod.spec!.containers![0]!;

const podCases: Case[] = [
  ['valid', () => {}, []],
  ['no containers', (p) => (p.spec!.containers = []), ['spec.containers: Required value']],
  ['container name missing', (p) => delete c0(p).name, ['spec.containers[0].name: Required value']],
  ['container name not a DNS label', (p) => (c0(p).name = 'My_App'), [`spec.containers[0].name: Invalid value: "My_App": ${dns1123Label}`]],
  [
    'duplicate container names',
    (p) => p.spec!.containers!.push({ ...structuredClone(c0(p)), ports: [] }),
    ['spec.containers[1].name: Duplicate value: "app"'],
  ],
  ['image missing', (p) => delete c0(p).image, ['spec.containers[0].image: Required value']],
  ['image with spaces', (p) => (c0(p).image = ' nginx '), ['spec.containers[0].image: Invalid value: " nginx ": must not have leading or trailing whitespace']],
  ['container port out of range', (p) => (c0(p).ports![0]!.containerPort = 70000), ['spec.containers[0].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive']],
  ['container port missing', (p) => delete c0(p).ports![0]!.containerPort, ['spec.containers[0].ports[0].containerPort: Required value']],
  ['host port out of range', (p) => (c0(p).ports![0]!.hostPort = -1), ['spec.containers[0].ports[0].hostPort: Invalid value: -1: must be between 1 and 65535, inclusive']],
  [
    'duplicate port names',
    (p) => c0(p).ports!.push({ name: 'http', containerPort: 81, protocol: 'TCP' }),
    ['spec.containers[0].ports[1].name: Duplicate value: "http"'],
  ],
  [
    'bad port name',
    (p) => (c0(p).ports![0]!.name = 'HTTP--port-too-long'),
    [
      'spec.containers[0].ports[0].name: Invalid value: "HTTP--port-too-long": must be no more than 15 characters',
      'spec.containers[0].ports[0].name: Invalid value: "HTTP--port-too-long": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)',
      'spec.containers[0].ports[0].name: Invalid value: "HTTP--port-too-long": must not contain consecutive hyphens',
    ],
  ],
  [
    'unsupported protocol',
    (p) => (c0(p).ports![0]!.protocol = 'ICMP'),
    ['spec.containers[0].ports[0].protocol: Unsupported value: "ICMP": supported values: "SCTP", "TCP", "UDP"'],
  ],
  [
    'conflicting host ports',
    (p) => {
      c0(p).ports = [
        { containerPort: 80, hostPort: 8080, protocol: 'TCP' },
        { containerPort: 81, hostPort: 8080, protocol: 'TCP' },
      ];
    },
    ['spec.containers[0].ports[1].hostPort: Duplicate value: "TCP//8080"'],
  ],
  ['env name missing', (p) => (c0(p).env = [{ value: 'x' }]), ['spec.containers[0].env[0].name: Required value']],
  [
    'env name with =',
    (p) => (c0(p).env = [{ name: 'A=B' }]),
    [`spec.containers[0].env[0].name: Invalid value: "A=B": a valid environment variable name must consist only of printable ASCII characters other than '='`],
  ],
  [
    'env value and valueFrom',
    (p) => (c0(p).env = [{ name: 'A', value: 'x', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } }]),
    ['spec.containers[0].env[0].valueFrom: Invalid value: "": may not be specified when `value` is not empty'],
  ],
  [
    'env valueFrom without a source',
    (p) => (c0(p).env = [{ name: 'A', valueFrom: {} }]),
    ['spec.containers[0].env[0].valueFrom: Invalid value: "": must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`'],
  ],
  [
    'env fieldRef to an unsupported field',
    (p) => (c0(p).env = [{ name: 'A', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'spec.schedulerName' } } }]),
    [
      'spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: Unsupported value: "spec.schedulerName": supported values: "metadata.name", "metadata.namespace", "metadata.uid", "spec.nodeName", "spec.serviceAccountName", "status.hostIP", "status.hostIPs", "status.podIP", "status.podIPs"',
    ],
  ],
  ['image pull policy', (p) => (c0(p).imagePullPolicy = 'Sometimes'), ['spec.containers[0].imagePullPolicy: Unsupported value: "Sometimes": supported values: "Always", "IfNotPresent", "Never"']],
  ['volume mount of an unknown volume', (p) => (c0(p).volumeMounts = [{ name: 'nope', mountPath: '/x' }]), ['spec.containers[0].volumeMounts[0].name: Not found: "nope"']],
  ['volume mount path missing', (p) => (c0(p).volumeMounts = [{ name: 'data' }]), ['spec.containers[0].volumeMounts[0].mountPath: Required value']],
  ['volume name missing', (p) => (p.spec!.volumes = [{ emptyDir: {} }]), ['spec.volumes[0].name: Required value']],
  ['volume without a source', (p) => (p.spec!.volumes = [{ name: 'v' }]), ['spec.volumes[0]: Required value: must specify a volume type']],
  [
    'volume with two sources',
    (p) => (p.spec!.volumes = [{ name: 'v', emptyDir: {}, hostPath: { path: '/x' } }]),
    ['spec.volumes[0].hostPath: Forbidden: may not specify more than 1 volume type'],
  ],
  ['duplicate volume names', (p) => p.spec!.volumes!.push({ name: 'data', emptyDir: {} }), ['spec.volumes[1].name: Duplicate value: "data"']],
  ['secret volume without a name', (p) => (p.spec!.volumes = [{ name: 'v', secret: { defaultMode: 420 } }]), ['spec.volumes[0].secret.secretName: Required value']],
  [
    'liveness probe without a handler',
    (p) => (c0(p).livenessProbe = { timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 }),
    ['spec.containers[0].livenessProbe: Required value: must specify a handler type'],
  ],
  [
    'liveness probe with successThreshold 2',
    (p) => (c0(p).livenessProbe = { tcpSocket: { port: 80 }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 2, failureThreshold: 3 }),
    ['spec.containers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1'],
  ],
  [
    'probe with two handlers',
    (p) => (c0(p).readinessProbe = { exec: { command: ['true'] }, tcpSocket: { port: 80 }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 }),
    ['spec.containers[0].readinessProbe.tcpSocket: Forbidden: may not specify more than 1 handler type'],
  ],
  [
    'negative probe period',
    (p) => (c0(p).readinessProbe = { tcpSocket: { port: 80 }, timeoutSeconds: 1, periodSeconds: -1, successThreshold: 1, failureThreshold: 3 }),
    ['spec.containers[0].readinessProbe.periodSeconds: Invalid value: -1: must be greater than or equal to 0'],
  ],
  [
    'probe port out of range',
    (p) => (c0(p).readinessProbe = { httpGet: { path: '/', port: 0, scheme: 'HTTP' }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 }),
    ['spec.containers[0].readinessProbe.httpGet.port: Invalid value: 0: must be between 1 and 65535, inclusive'],
  ],
  [
    'probe on an init container',
    (p) => (p.spec!.initContainers = [{ ...structuredClone(c0(p)), name: 'init', ports: [], livenessProbe: { tcpSocket: { port: 80 } } }]),
    ['spec.initContainers[0].livenessProbe: Forbidden: may not be set for init containers without restartPolicy=Always'],
  ],
  ['init container named like a container', (p) => (p.spec!.initContainers = [{ ...structuredClone(c0(p)), ports: [] }]), ['spec.initContainers[0].name: Duplicate value: "app"']],
  ['restartPolicy on a container', (p) => (c0(p).restartPolicy = 'Always'), ['spec.containers[0].restartPolicy: Forbidden: may not be set for non-init containers']],
  ['pod restart policy', (p) => (p.spec!.restartPolicy = 'Sometimes'), ['spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"']],
  [
    'dns policy',
    (p) => (p.spec!.dnsPolicy = 'Cluster'),
    ['spec.dnsPolicy: Unsupported value: "Cluster": supported values: "ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"'],
  ],
  ['dns policy None without config', (p) => (p.spec!.dnsPolicy = 'None'), ['spec.dnsConfig: Required value: must provide `dnsConfig` when `dnsPolicy` is None']],
  ['grace period missing', (p) => delete p.spec!.terminationGracePeriodSeconds, ['spec.terminationGracePeriodSeconds: Required value']],
  ['active deadline 0', (p) => (p.spec!.activeDeadlineSeconds = 0), ['spec.activeDeadlineSeconds: Invalid value: 0: must be between 1 and 2147483647, inclusive']],
  ['node name', (p) => (p.spec!.nodeName = 'Node_1'), [`spec.nodeName: Invalid value: "Node_1": ${dns1123Subdomain}`]],
  ['hostname', (p) => (p.spec!.hostname = 'a.b'), ['spec.hostname: Invalid value: "a.b": must not contain dots']],
  ['subdomain', (p) => (p.spec!.subdomain = 'Web'), [`spec.subdomain: Invalid value: "Web": ${dns1123Label}`]],
  [
    'toleration with empty key and Equal',
    (p) => (p.spec!.tolerations = [{ operator: 'Equal', value: 'x' }]),
    ['spec.tolerations[0].operator: Invalid value: "Equal": operator must be Exists when `key` is empty, which means "match all values and all keys"'],
  ],
  [
    'toleration seconds without NoExecute',
    (p) => (p.spec!.tolerations = [{ key: 'k', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 5 }]),
    ["spec.tolerations[0].effect: Invalid value: \"NoSchedule\": effect must be 'NoExecute' when `tolerationSeconds` is set"],
  ],
  ['ephemeral containers on create', (p) => (p.spec!.ephemeralContainers = [{ name: 'debug', image: 'busybox', imagePullPolicy: 'Always', terminationMessagePolicy: 'File' }]), ['spec.ephemeralContainers: Forbidden: cannot be set on create']],
  [
    'host network with a different host port',
    (p) => {
      p.spec!.hostNetwork = true;
      c0(p).ports = [{ containerPort: 80, hostPort: 81, protocol: 'TCP' }];
    },
    ['spec.containers[0].ports[0].hostPort: Invalid value: 81: must match `containerPort` when `hostNetwork` is true'],
  ],
  ['pod name', (p) => (p.metadata!.name = 'Web'), [`metadata.name: Invalid value: "Web": ${dns1123Subdomain}`]],
  ['namespace missing', (p) => delete p.metadata!.namespace, ['metadata.namespace: Required value']],
];

describe('Pod validation on create', () => {
  it.each(podCases)('%s', (_name, mutate, expected) => {
    const pod = validPod();
    mutate(pod);
    expect(messages(podKind.validate(pod))).toEqual(expected);
  });
});

describe('Pod validation on update', () => {
  const storedPod = () => {
    const pod = validPod();
    pod.metadata!.resourceVersion = '7';
    return pod;
  };

  it('images may change', () => {
    const old = storedPod();
    const pod = structuredClone(old);
    c0(pod).image = 'nginx:1.26';
    expect(messages(podKind.validateUpdate(pod, old))).toEqual([]);
  });

  it('containers may not be added', () => {
    const old = storedPod();
    const pod = structuredClone(old);
    pod.spec!.containers!.push({ ...structuredClone(c0(pod)), name: 'second', ports: [] });
    expect(messages(podKind.validateUpdate(pod, old))).toEqual(['spec.containers: Forbidden: pod updates may not add or remove containers']);
  });

  it('other spec fields may not change', () => {
    const old = storedPod();
    const pod = structuredClone(old);
    pod.spec!.restartPolicy = 'Never';
    const [err, ...rest] = podKind.validateUpdate(pod, old);
    expect(rest).toEqual([]);
    expect(err?.field).toBe('spec');
    expect(err?.type).toBe('FieldValueForbidden');
    expect(err?.detail.split('\n')[0]).toBe(
      'pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)',
    );
  });

  it('activeDeadlineSeconds may only decrease', () => {
    const old = storedPod();
    old.spec!.activeDeadlineSeconds = 10;
    const pod = structuredClone(old);
    pod.spec!.activeDeadlineSeconds = 20;
    expect(messages(podKind.validateUpdate(pod, old))).toEqual(['spec.activeDeadlineSeconds: Invalid value: 20: must be less than or equal to previous value']);
  });
});

describe('pod templates', () => {
  it('labels are checked at <path>.labels and ephemeral containers are forbidden', () => {
    const pod = validPod();
    const errs = validatePodTemplateSpec(
      { metadata: { labels: { 'a b': 'x' } }, spec: { ...pod.spec, ephemeralContainers: [{ name: 'd', image: 'i', imagePullPolicy: 'Always', terminationMessagePolicy: 'File' }] } },
      FieldPath.of('spec', 'template'),
    );
    expect(errs.map((e) => e.field)).toEqual(['spec.template.labels', 'spec.template.spec.ephemeralContainers']);
  });

  it('host ports left 0 are allowed with host network in a template', () => {
    const pod = validPod();
    pod.spec!.hostNetwork = true;
    expect(validatePodTemplateSpec({ spec: pod.spec }, FieldPath.of('spec', 'template'))).toEqual([]);
  });
});

function validService(): Service {
  const svc: Service = { metadata: { name: 'web', namespace: 'default' }, spec: { selector: { app: 'web' }, ports: [{ port: 80 }] } };
  serviceKind.defaults(svc);
  return svc;
}

describe('Service validation', () => {
  it.each<[string, (s: Service) => void, string[]]>([
    ['valid', () => {}, []],
    ['no ports', (s) => (s.spec!.ports = []), ['spec.ports: Required value']],
    ['name is an RFC 1035 label', (s) => (s.metadata!.name = '1web'), [
      `metadata.name: Invalid value: "1web": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')`,
    ]],
    ['port out of range', (s) => (s.spec!.ports![0]!.port = 0), ['spec.ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive']],
    [
      'two ports need names',
      (s) => s.spec!.ports!.push({ port: 81, protocol: 'TCP', targetPort: 81 }),
      ['spec.ports[0].name: Required value', 'spec.ports[1].name: Required value'],
    ],
    ['node port on ClusterIP', (s) => (s.spec!.ports![0]!.nodePort = 30000), ["spec.ports[0].nodePort: Forbidden: may not be used when `type` is 'ClusterIP'"]],
    ['unsupported type', (s) => (s.spec!.type = 'Internal'), [
      'spec.type: Unsupported value: "Internal": supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort"',
    ]],
    ['bad target port name', (s) => (s.spec!.ports![0]!.targetPort = 'Web_Port'), [
      'spec.ports[0].targetPort: Invalid value: "Web_Port": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)',
    ]],
  ])('%s', (_name, mutate, expected) => {
    const svc = validService();
    mutate(svc);
    expect(messages(serviceKind.validate(svc))).toEqual(expected);
  });
});

describe('the other kinds', () => {
  it('ServiceAccount: metadata rules', () => {
    expect(messages(serviceAccountKind.validate({ metadata: { name: 'Bad', namespace: 'default' } }))).toEqual([`metadata.name: Invalid value: "Bad": ${dns1123Subdomain}`]);
  });

  it('Node: cluster-scoped, taints reported under metadata', () => {
    const node: Node = { metadata: { name: 'n1', namespace: 'x' }, spec: { taints: [{ key: 'k', effect: 'Sometimes' }] } };
    expect(messages(nodeKind.validate(node))).toEqual([
      'metadata.namespace: Forbidden: not allowed on this type',
      'metadata.taints[0].effect: Unsupported value: "Sometimes": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"',
    ]);
  });

  it('Endpoints: addresses required, loopback forbidden', () => {
    const ep: Endpoints = { metadata: { name: 'e', namespace: 'default' }, subsets: [{ ports: [{ port: 80, protocol: 'TCP' }] }, { addresses: [{ ip: '127.0.0.1' }] }] };
    expect(messages(endpointsKind.validate(ep))).toEqual([
      'subsets[0]: Required value: must specify `addresses` or `notReadyAddresses`',
      'subsets[1].addresses[0].ip: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)',
    ]);
  });

  it('Event: the namespace of the event and of its object agree', () => {
    const ev: Event = { metadata: { name: 'e.1', namespace: 'default' }, involvedObject: { kind: 'Pod', namespace: 'other', name: 'p' } };
    expect(messages(eventKind.validate(ev))).toEqual(['involvedObject.namespace: Invalid value: "other": does not match event.namespace']);
    expect(messages(eventKind.validate({ ...ev, involvedObject: { kind: 'Pod', namespace: 'default', name: 'p' } }))).toEqual([]);
  });

  it('Event with eventTime: reporting fields required', () => {
    const ev: Event = { metadata: { name: 'e.1', namespace: 'default' }, involvedObject: { namespace: 'default' }, eventTime: '2024-01-02T03:04:05.000000Z', reason: 'R' };
    expect(messages(eventKind.validate(ev))).toEqual([
      'reportingController: Required value',
      `reportingController: Invalid value: "": name part must be non-empty`,
      `reportingController: Invalid value: "": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
      'reportingInstance: Required value',
      'action: Required value',
    ]);
  });
});
