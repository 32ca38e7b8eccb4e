// Protobuf and JSON codecs over the core/v1 kinds: the wire form of a small message computed by
// hand from generated.proto (gogo writes non-pointer fields even when zero), a fully populated Pod
// built by hand, and property tests over random objects of every kind (the approach of
// codec-properties.test.ts, over the descriptors derived from the declarations).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkObject,
  decodeBody,
  decodeEnvelope,
  decodeMessage,
  encodeEnvelope,
  encodeMessage,
  protoMessageOf,
  type ProtoField,
  type ProtoMessage,
} from '@kapi/apimachinery';
import { defOf, structFields, unwrap } from '@kapi/apimachinery';
import type { z } from 'zod';
import {
  Container,
  ContainerPort,
  ContainerStatus,
  Pod,
  PodSecurityContext,
  PodSpec,
  PodStatus,
  PodTemplateSpec,
  Probe,
  SecurityContext,
  Volume,
  coreV1Kinds,
  embeddingOf,
} from '../src/core/v1/index.ts';
import type { KindDefinition } from '../src/kind.ts';

const fieldsOf = (m: ProtoMessage) => (typeof m.fields === 'function' ? m.fields() : m.fields);

const probe = (handler: Record<string, unknown>) => ({
  ...handler,
  initialDelaySeconds: 5,
  timeoutSeconds: 2,
  periodSeconds: 7,
  successThreshold: 1,
  failureThreshold: 4,
  terminationGracePeriodSeconds: 9,
});
const securityContext = {
  capabilities: { add: ['NET_ADMIN'], drop: ['ALL'] },
  privileged: false,
  seLinuxOptions: { user: 'u', role: 'r', type: 't', level: 's0' },
  windowsOptions: { gmsaCredentialSpecName: 'gmsa', gmsaCredentialSpec: 'spec', runAsUserName: 'ContainerUser', hostProcess: false },
  runAsUser: 1000,
  runAsGroup: 3000,
  runAsNonRoot: true,
  readOnlyRootFilesystem: true,
  allowPrivilegeEscalation: false,
  procMount: 'Default',
  seccompProfile: { type: 'Localhost', localhostProfile: 'profiles/audit.json' },
  appArmorProfile: { type: 'Localhost', localhostProfile: 'k8s-apparmor' },
};
const container = (name: string) => ({
  name,
  image: 'registry.example/app:1.2',
  command: ['/bin/app'],
  args: ['--port', '8080'],
  workingDir: '/work',
  ports: [{ name: 'http', hostPort: 8080, containerPort: 8080, protocol: 'TCP', hostIP: '10.0.0.1' }],
  envFrom: [{ prefix: 'CFG_', configMapRef: { name: 'cm', optional: true } }, { secretRef: { name: 'sec', optional: false } }],
  env: [
    { name: 'PLAIN', value: 'v' },
    { name: 'FIELD', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } },
    { name: 'RES', valueFrom: { resourceFieldRef: { containerName: name, resource: 'limits.cpu', divisor: '1m' } } },
    { name: 'CMK', valueFrom: { configMapKeyRef: { name: 'cm', key: 'k', optional: true } } },
    { name: 'SK', valueFrom: { secretKeyRef: { name: 'sec', key: 'k', optional: false } } },
  ],
  resources: { limits: { cpu: '500m', memory: '128Mi' }, requests: { cpu: '250m', memory: '64Mi' }, claims: [{ name: 'gpu', request: 'one' }] },
  resizePolicy: [{ resourceName: 'cpu', restartPolicy: 'NotRequired' }],
  volumeMounts: [
    { name: 'data', readOnly: true, recursiveReadOnly: 'Enabled', mountPath: '/data', subPath: 'sub', mountPropagation: 'HostToContainer' },
    { name: 'conf', mountPath: '/conf', subPathExpr: '$(POD)' },
  ],
  volumeDevices: [{ name: 'block', devicePath: '/dev/xvda' }],
  livenessProbe: probe({ httpGet: { path: '/healthz', port: 'http', host: 'localhost', scheme: 'HTTPS', httpHeaders: [{ name: 'X-Probe', value: '1' }] } }),
  readinessProbe: probe({ tcpSocket: { port: 8080, host: 'localhost' } }),
  startupProbe: probe({ grpc: { port: 9090, service: 'health' } }),
  lifecycle: { postStart: { exec: { command: ['/bin/start'] } }, preStop: { sleep: { seconds: 5 } }, stopSignal: 'SIGTERM' },
  terminationMessagePath: '/dev/termination-log',
  terminationMessagePolicy: 'FallbackToLogsOnError',
  imagePullPolicy: 'IfNotPresent',
  securityContext,
  stdin: true,
  stdinOnce: true,
  tty: true,
});
const selector = { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['front'] }] };
const nodeTerm = {
  matchExpressions: [{ key: 'zone', operator: 'In', values: ['a', 'b'] }],
  matchFields: [{ key: 'metadata.name', operator: 'NotIn', values: ['n1'] }],
};
const podTerm = {
  labelSelector: selector,
  namespaces: ['ns1'],
  topologyKey: 'kubernetes.io/hostname',
  namespaceSelector: { matchLabels: { team: 'a' } },
  matchLabelKeys: ['pod-template-hash'],
  mismatchLabelKeys: ['other'],
};
const containerStatus = (name: string) => ({
  name,
  state: { terminated: { exitCode: 2, signal: 15, reason: 'Error', message: 'boom', startedAt: '2024-01-02T03:04:05Z', finishedAt: '2024-01-02T03:05:05Z', containerID: 'containerd://abc' } },
  lastState: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off' } },
  ready: true,
  restartCount: 3,
  image: 'registry.example/app:1.2',
  imageID: 'registry.example/app@sha256:0123',
  containerID: 'containerd://abc',
  started: true,
  allocatedResources: { cpu: '250m' },
  resources: { limits: { cpu: '500m' }, requests: { cpu: '250m' } },
  volumeMounts: [{ name: 'data', mountPath: '/data', readOnly: true, recursiveReadOnly: 'Enabled' }],
  user: { linux: { uid: 1000, gid: 3000, supplementalGroups: [4000] } },
  allocatedResourcesStatus: [{ name: 'claim:gpu/one', resources: [{ resourceID: 'gpu-0', health: 'Healthy' }] }],
  stopSignal: 'SIGTERM',
});

/** A Pod with every field of PodSpec, Container, PodStatus and ContainerStatus set (and most below them). */
const fullPod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'full', namespace: 'default', labels: { app: 'web' }, annotations: { note: 'x' }, uid: '1234', resourceVersion: '7', generation: 2, creationTimestamp: '2024-01-02T03:04:05Z' },
  spec: {
    volumes: [
      { name: 'data', persistentVolumeClaim: { claimName: 'pvc', readOnly: true } },
      { name: 'conf', configMap: { name: 'cm', items: [{ key: 'k', path: 'p', mode: 0o600 }], defaultMode: 0o644, optional: true } },
      { name: 'sec', secret: { secretName: 'sec', items: [{ key: 'k', path: 'p' }], defaultMode: 0o400, optional: false } },
      { name: 'scratch', emptyDir: { medium: 'Memory', sizeLimit: '1Gi' } },
      { name: 'host', hostPath: { path: '/var/log', type: 'Directory' } },
      { name: 'down', downwardAPI: { items: [{ path: 'labels', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.labels' }, mode: 0o444 }], defaultMode: 0o644 } },
      {
        name: 'proj',
        projected: {
          sources: [
            { secret: { name: 'sec', items: [{ key: 'a', path: 'a' }], optional: true } },
            { configMap: { name: 'cm', optional: true } },
            { downwardAPI: { items: [{ path: 'name', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } }] } },
            { serviceAccountToken: { audience: 'api', expirationSeconds: 3600, path: 'token' } },
            { clusterTrustBundle: { signerName: 'example.com/signer', labelSelector: selector, optional: true, path: 'ca.pem' } },
          ],
          defaultMode: 0o644,
        },
      },
      { name: 'nfs', nfs: { server: 'nfs.example', path: '/exports', readOnly: true } },
      { name: 'csi', csi: { driver: 'csi.example', readOnly: true, fsType: 'ext4', volumeAttributes: { a: 'b' }, nodePublishSecretRef: { name: 'csi-sec' } } },
      {
        name: 'eph',
        ephemeral: {
          volumeClaimTemplate: {
            metadata: { labels: { a: 'b' } },
            spec: {
              accessModes: ['ReadWriteOnce'],
              selector,
              resources: { limits: { storage: '2Gi' }, requests: { storage: '1Gi' } },
              volumeName: 'pv',
              storageClassName: 'fast',
              volumeMode: 'Filesystem',
              dataSource: { apiGroup: 'snapshot.storage.k8s.io', kind: 'VolumeSnapshot', name: 'snap' },
              dataSourceRef: { apiGroup: 'snapshot.storage.k8s.io', kind: 'VolumeSnapshot', name: 'snap', namespace: 'other' },
              volumeAttributesClassName: 'gold',
            },
          },
        },
      },
      { name: 'img', image: { reference: 'registry.example/data:1', pullPolicy: 'IfNotPresent' } },
      { name: 'block', persistentVolumeClaim: { claimName: 'block-pvc' } },
    ],
    initContainers: [{ ...container('init'), restartPolicy: 'Always' }],
    containers: [container('app')],
    ephemeralContainers: [{ ...container('debug'), targetContainerName: 'app' }],
    restartPolicy: 'Always',
    terminationGracePeriodSeconds: 30,
    activeDeadlineSeconds: 600,
    dnsPolicy: 'None',
    nodeSelector: { disk: 'ssd' },
    serviceAccountName: 'runner',
    serviceAccount: 'runner',
    automountServiceAccountToken: false,
    nodeName: 'node-1',
    hostNetwork: true,
    hostPID: true,
    hostIPC: true,
    shareProcessNamespace: false,
    securityContext: {
      seLinuxOptions: { level: 's0:c1' },
      windowsOptions: { runAsUserName: 'User' },
      runAsUser: 1000,
      runAsGroup: 3000,
      runAsNonRoot: true,
      supplementalGroups: [4000, 5000],
      supplementalGroupsPolicy: 'Strict',
      fsGroup: 2000,
      sysctls: [{ name: 'net.core.somaxconn', value: '1024' }],
      fsGroupChangePolicy: 'OnRootMismatch',
      seccompProfile: { type: 'RuntimeDefault' },
      appArmorProfile: { type: 'RuntimeDefault' },
      seLinuxChangePolicy: 'MountOption',
    },
    imagePullSecrets: [{ name: 'pull' }],
    hostname: 'web-0',
    subdomain: 'web',
    affinity: {
      nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [nodeTerm] }, preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 10, preference: nodeTerm }] },
      podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [podTerm], preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 20, podAffinityTerm: podTerm }] },
      podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [podTerm], preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 30, podAffinityTerm: podTerm }] },
    },
    schedulerName: 'my-scheduler',
    tolerations: [{ key: 'k', operator: 'Equal', value: 'v', effect: 'NoExecute', tolerationSeconds: 60 }],
    hostAliases: [{ ip: '10.1.2.3', hostnames: ['db.local'] }],
    priorityClassName: 'high',
    priority: 1000,
    dnsConfig: { nameservers: ['1.1.1.1'], searches: ['svc.local'], options: [{ name: 'ndots', value: '2' }] },
    readinessGates: [{ conditionType: 'example.com/ready' }],
    runtimeClassName: 'gvisor',
    enableServiceLinks: false,
    preemptionPolicy: 'Never',
    overhead: { cpu: '100m' },
    topologySpreadConstraints: [
      {
        maxSkew: 1,
        topologyKey: 'zone',
        whenUnsatisfiable: 'DoNotSchedule',
        labelSelector: selector,
        minDomains: 2,
        nodeAffinityPolicy: 'Honor',
        nodeTaintsPolicy: 'Ignore',
        matchLabelKeys: ['pod-template-hash'],
      },
    ],
    setHostnameAsFQDN: true,
    os: { name: 'linux' },
    hostUsers: false,
    schedulingGates: [{ name: 'example.com/gate' }],
    resourceClaims: [{ name: 'gpu', resourceClaimTemplateName: 'gpu-template' }],
    resources: { limits: { cpu: '2' }, requests: { cpu: '1' } },
  },
  status: {
    observedGeneration: 2,
    phase: 'Running',
    conditions: [{ type: 'Ready', observedGeneration: 2, status: 'True', lastProbeTime: '2024-01-02T03:04:05Z', lastTransitionTime: '2024-01-02T03:04:06Z', reason: 'Ok', message: 'fine' }],
    message: 'running',
    reason: 'Started',
    nominatedNodeName: 'node-2',
    hostIP: '10.0.0.1',
    hostIPs: [{ ip: '10.0.0.1' }],
    podIP: '10.244.0.5',
    podIPs: [{ ip: '10.244.0.5' }, { ip: 'fd00::5' }],
    startTime: '2024-01-02T03:04:05Z',
    initContainerStatuses: [containerStatus('init')],
    containerStatuses: [containerStatus('app')],
    qosClass: 'Burstable',
    ephemeralContainerStatuses: [containerStatus('debug')],
    resize: 'InProgress',
    resourceClaimStatuses: [{ name: 'gpu', resourceClaimName: 'full-gpu' }],
  },
};

/** `value` without the fields Go embeds (json inline), found through the declarations. */
function withoutEmbedded(schema: z.ZodType, value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const inner = unwrap(schema);
  const d = defOf(inner);
  if (Array.isArray(value)) return d.type === 'array' ? value.map((v) => withoutEmbedded(d.element!, v)) : value;
  if (d.type === 'record') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutEmbedded(d.valueType!, v)]));
  if (d.type !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const f of structFields(inner)) {
    if (!(f.name in value) || embeddingOf(f.type)) continue;
    out[f.name] = withoutEmbedded(f.type, (value as Record<string, unknown>)[f.name]);
  }
  return out;
}

/** Whether the derived protobuf messages nest embedded structs (a field marked `inline`). */
const embeddingInProtobuf = fieldsOf(protoMessageOf(Volume)).some((f) => 'inline' in f && f.inline === true);

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('core/v1 protobuf wire form', () => {
  it('ContainerStatus: zero values of fields without omitempty survive decoding, as Go prints them', () => {
    const status = { name: 'app', state: {}, lastState: {}, ready: false, restartCount: 0, image: 'nginx', imageID: '' };
    const decoded = decodeMessage(protoMessageOf(ContainerStatus), encodeMessage(protoMessageOf(ContainerStatus), status));
    expect(decoded).toMatchObject({ name: 'app', ready: false, restartCount: 0, image: 'nginx', imageID: '' });
    // Fields with omitempty still drop their zero values (containerID, started is a pointer and absent).
    expect(decoded).not.toHaveProperty('containerID');
    expect(decoded).not.toHaveProperty('started');
  });

  it('ContainerPort: containerPort is kept at 0 when read, hostPort (omitempty) is not', () => {
    const decoded = decodeMessage(protoMessageOf(ContainerPort), encodeMessage(protoMessageOf(ContainerPort), { containerPort: 0 }));
    expect(decoded).toEqual({ containerPort: 0 });
  });

  it('ContainerPort: fields in number order, zero non-pointer fields written', () => {
    const bytes = encodeMessage(protoMessageOf(ContainerPort), { containerPort: 80, protocol: 'TCP' });
    // 1 name "" · 2 hostPort 0 · 3 containerPort 80 · 4 protocol "TCP" · 5 hostIP ""
    expect(hex(bytes)).toBe(['0a00', '1000', '1850', '2203', Buffer.from('TCP').toString('hex'), '2a00'].join(''));
  });

  it('Pod: metadata 1, spec 2, status 3', () => {
    const nos = fieldsOf(protoMessageOf(Pod)).map((f) => [f.name, f.no]);
    expect(nos).toEqual([
      ['metadata', 1],
      ['spec', 2],
      ['status', 3],
    ]);
  });

  it('PodSpec: field numbers of generated.proto', () => {
    const spec = fieldsOf(fieldsOf(protoMessageOf(PodTemplateSpec)).find((f) => f.name === 'spec')!.type as ProtoMessage);
    const byName = Object.fromEntries(spec.map((f) => [f.name, f.no]));
    expect(byName).toMatchObject({
      volumes: 1,
      containers: 2,
      restartPolicy: 3,
      terminationGracePeriodSeconds: 4,
      activeDeadlineSeconds: 5,
      dnsPolicy: 6,
      nodeSelector: 7,
      serviceAccountName: 8,
      nodeName: 10,
      hostNetwork: 11,
      initContainers: 20,
      ephemeralContainers: 34,
      os: 36,
      schedulingGates: 38,
      resourceClaims: 39,
      resources: 40,
    });
  });
});

describe('a fully populated Pod built by hand', () => {
  const message = protoMessageOf(Pod);

  it.each([
    ['PodSpec', PodSpec, fullPod.spec],
    ['Container', Container, fullPod.spec.initContainers[0]],
    ['Probe', Probe, { ...fullPod.spec.containers[0]!.livenessProbe, ...fullPod.spec.containers[0]!.readinessProbe, ...fullPod.spec.containers[0]!.startupProbe }],
    ['SecurityContext', SecurityContext, fullPod.spec.containers[0]!.securityContext],
    ['PodSecurityContext', PodSecurityContext, fullPod.spec.securityContext],
    ['PodStatus', PodStatus, fullPod.status],
    ['ContainerStatus', ContainerStatus, fullPod.status.containerStatuses[0]],
  ] as const)('sets every field of %s', (_name, schema, value) => {
    const missing = structFields(schema)
      .map((f) => f.name)
      .filter((n) => !(n in (value as object)) && !(n === 'exec' && _name === 'Probe'));
    expect(missing).toEqual([]);
  });

  it('decode(encode(pod)) = pod', () => {
    const { apiVersion, kind, ...pod } = structuredClone(fullPod);
    const bytes = encodeEnvelope(apiVersion, kind, encodeMessage(message, pod));
    const env = decodeEnvelope(bytes);
    expect([env.apiVersion, env.kind]).toEqual(['v1', 'Pod']);
    // Until the declaration language can say that a field is Go-embedded (src/core/v1/embed.ts),
    // the embedded fields are JSON-only and a protobuf round trip drops them.
    expect(decodeMessage(message, env.raw)).toEqual(embeddingInProtobuf ? pod : withoutEmbedded(Pod, pod));
  });

  if (!embeddingInProtobuf) {
    it.todo('volume sources, probe handlers, ephemeral containers and key selector names in protobuf (needs embedding in @kapi/apimachinery)');
  }

  it('the zod schema accepts it strictly, with no unknown fields', () => {
    const warnings: string[] = [];
    checkObject(coreV1Kinds.find((k) => k.kind === 'Pod')!, structuredClone(fullPod), { fieldValidation: 'Strict', warnings });
    expect(warnings).toEqual([]);
  });

  it('JSON: decode(encode(pod)) = pod', () => {
    const body = new TextEncoder().encode(JSON.stringify(fullPod));
    expect(decodeBody(coreV1Kinds.find((k) => k.kind === 'Pod')!, 'application/json', body, { fieldValidation: 'Strict' })).toEqual(fullPod);
  });
});

// --- Property tests -------------------------------------------------------------------------

// Values are non-empty / non-zero so that the omitempty rules of the JSON form do not apply.
const text = fc.string({ minLength: 1, maxLength: 12 });
const key = fc.stringMatching(/^[a-z0-9]([-a-z0-9.]{0,10}[a-z0-9])?$/);
const seconds = fc.integer({ min: 1, max: 4102444800 });
const rfc3339 = (s: number) => new Date(s * 1000).toISOString().replace('.000Z', 'Z');

function scalar(type: string): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return text;
    case 'bytes':
      return fc.uint8Array({ minLength: 1, maxLength: 16 }).map((b) => Buffer.from(b).toString('base64'));
    case 'bool':
      return fc.constant(true);
    case 'int32':
      return fc.integer({ min: 1, max: 2 ** 31 - 1 });
    case 'int64':
      return fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });
    case 'time':
      return seconds.map(rfc3339);
    case 'microTime':
      return fc.tuple(seconds, fc.integer({ min: 0, max: 999999 })).map(([s, us]) => `${rfc3339(s).slice(0, 19)}.${String(us).padStart(6, '0')}Z`);
    case 'quantity':
      return fc.constantFrom('1', '500m', '2Gi', '100Mi', '0.5');
    case 'intOrString':
      return fc.oneof(fc.integer({ min: 1, max: 65535 }), fc.stringMatching(/^[a-z][a-z0-9-]{0,13}[a-z0-9]$/));
    case 'fieldsV1':
      return fc.constant({ 'f:data': {} });
    default:
      throw new Error(`no arbitrary for ${type}`);
  }
}

/** The canonical form of an empty message: its non-pointer structs, empty in turn. */
function minimalOf(m: ProtoMessage): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fieldsOf(m) as (ProtoField & { inline?: boolean })[]) {
    if (typeof f.type === 'string') {
      // A required scalar (no omitempty) is written and read back as its zero value.
      if (f.always) out[f.name] = f.type === 'bool' ? false : f.type === 'string' || f.type === 'bytes' ? '' : 0;
      continue;
    }
    if (f.pointer || f.repeated || f.map) continue;
    if (f.inline) Object.assign(out, minimalOf(f.type));
    else out[f.name] = minimalOf(f.type);
  }
  return out;
}

/**
 * Random objects of a message in canonical JSON form: non-pointer structs and required scalars are
 * always present; the fields of an embedded (inline) message are the parent's own.
 */
function arbitraryOf(m: ProtoMessage, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const entries: Record<string, fc.Arbitrary<unknown>> = {};
  const required: string[] = [];
  const inlined: fc.Arbitrary<Record<string, unknown>>[] = [];
  for (const f of fieldsOf(m) as (ProtoField & { inline?: boolean })[]) {
    if (f.inline && typeof f.type !== 'string') {
      inlined.push(arbitraryOf(f.type, depth));
      continue;
    }
    if ((typeof f.type !== 'string' && !f.pointer && !f.repeated && !f.map) || f.always) required.push(f.name);
    const value = typeof f.type === 'string' ? scalar(f.type) : depth < 4 ? arbitraryOf(f.type, depth + 1) : fc.constant(minimalOf(f.type));
    entries[f.name] = f.map
      ? fc.dictionary(key, value, { minKeys: 1, maxKeys: 2 })
      : f.repeated
        ? fc.array(value, { minLength: 1, maxLength: 2 })
        : value;
  }
  const own = fc.record(entries, { requiredKeys: required }) as fc.Arbitrary<Record<string, unknown>>;
  return inlined.length === 0 ? own : fc.tuple(own, ...inlined).map((parts) => Object.assign({}, ...parts) as Record<string, unknown>);
}

describe.each(coreV1Kinds.map((k) => [k.kind, k] as const))('%s: random objects', (_name, kind: KindDefinition) => {
  const objects = arbitraryOf(kind.proto).map((o) => ({ apiVersion: 'v1', kind: kind.kind, ...o }));
  const numRuns = kind.kind === 'Pod' ? 40 : 100;

  it('the zod schema accepts every object the descriptor describes, with no unknown fields', () => {
    fc.assert(
      fc.property(objects, (obj) => {
        const warnings: string[] = [];
        checkObject(kind, structuredClone(obj), { fieldValidation: 'Strict', warnings });
        expect(warnings).toEqual([]);
      }),
      { numRuns },
    );
  });

  it('protobuf: decode(encode(x)) = x', () => {
    fc.assert(
      fc.property(objects, ({ apiVersion, kind: k, ...rest }) => {
        const env = decodeEnvelope(encodeEnvelope(apiVersion, k, encodeMessage(kind.proto, rest)));
        expect(decodeMessage(kind.proto, env.raw)).toEqual(rest);
      }),
      { numRuns },
    );
  });

  it('JSON: decode(encode(x)) = x', () => {
    fc.assert(
      fc.property(objects, (obj) => {
        expect(decodeBody(kind, 'application/json', new TextEncoder().encode(JSON.stringify(obj)), { fieldValidation: 'Strict' })).toEqual(obj);
      }),
      { numRuns },
    );
  });
});
