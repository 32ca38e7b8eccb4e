// Encode/decode throughput of the codecs on the same object, side by side. The limit is V8's own
// JSON.parse / JSON.stringify on the same document.
import { configMapKind, podKind, type KindDefinition } from '@kapi/api';
import { decodeBody, decodeEnvelope, decodeMessage, encodeEnvelope, encodeMessage, type KubeObject } from '@kapi/apimachinery';

export interface CodecRow {
  what: string;
  opsPerSec: number;
  mbPerSec: number;
  limitName: string;
  limitOpsPerSec: number;
}

/** Calls fn repeatedly for about `ms` milliseconds; returns calls per second. */
function rate(fn: () => unknown, ms = 400): number {
  for (let i = 0; i < 5; i++) fn();
  let n = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let i = 0; i < 10; i++) fn();
    n += 10;
    now = performance.now();
  }
  return (n * 1000) / (now - start);
}

export function configMapWithKeys(keys: number): KubeObject {
  const data: Record<string, string> = {};
  for (let i = 0; i < keys; i++) data[`key-${i.toString().padStart(4, '0')}`] = `value ${i} `.repeat(8);
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'big', namespace: 'default', labels: { app: 'bench' } }, data };
}

/** A Pod with `n` containers, each with ports, env, resources and probes, as kube stores them. */
export function podWithContainers(n: number): KubeObject {
  const containers = Array.from({ length: n }, (_, i) => ({
    name: `c${i}`,
    image: `registry.example.com/team/app-${i}:1.2.${i}`,
    args: ['--port=8080', `--id=${i}`],
    ports: [{ name: 'http', containerPort: 8080 + i, protocol: 'TCP' }],
    env: [
      { name: 'MODE', value: 'production' },
      { name: 'POD_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } },
    ],
    resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { cpu: '500m', memory: '256Mi' } },
    readinessProbe: { httpGet: { path: '/ready', port: 8080 + i, scheme: 'HTTP' }, periodSeconds: 10, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 3 },
    terminationMessagePath: '/dev/termination-log',
    terminationMessagePolicy: 'File',
    imagePullPolicy: 'IfNotPresent',
  }));
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'big-pod', namespace: 'default', labels: { app: 'bench' } },
    spec: { containers, restartPolicy: 'Always', dnsPolicy: 'ClusterFirst', schedulerName: 'default-scheduler', terminationGracePeriodSeconds: 30 },
  };
}

export interface Codec {
  name: string;
  encode(obj: KubeObject): Uint8Array | string;
  decode(data: Uint8Array | string): unknown;
}

/** Throughput of each codec on a 1,000-key ConfigMap and on a 50-container Pod. */
export function benchCodecs(extra: Codec[] = []): CodecRow[] {
  return [
    ...benchObject('1,000-key ConfigMap', configMapKind as KindDefinition, configMapWithKeys(1000), extra),
    ...benchObject('50-container Pod', podKind as KindDefinition, podWithContainers(50), extra),
  ];
}

function benchObject(label: string, kindDef: KindDefinition, obj: KubeObject, extra: Codec[]): CodecRow[] {
  const jsonText = JSON.stringify(obj);
  const jsonBytes = new TextEncoder().encode(jsonText);
  const { apiVersion, kind, ...rest } = obj;
  const protoBytes = encodeEnvelope(String(apiVersion), String(kind), encodeMessage(kindDef.proto, rest as Record<string, unknown>));
  const mb = (bytes: number, ops: number) => (bytes * ops) / (1024 * 1024);
  const parseLimit = rate(() => JSON.parse(jsonText));
  const stringifyLimit = rate(() => JSON.stringify(obj));
  const rows: CodecRow[] = [];
  const add = (what: string, bytes: number, ops: number, limitName: string, limit: number) =>
    rows.push({ what: `${label}: ${what}`, opsPerSec: ops, mbPerSec: mb(bytes, ops), limitName, limitOpsPerSec: limit });

  add('JSON decode (request body, fieldValidation=Ignore)', jsonBytes.length, rate(() => decodeBody(kindDef, 'application/json', jsonBytes, { fieldValidation: 'Ignore' })), 'JSON.parse', parseLimit);
  add('JSON decode (fieldValidation=Strict)', jsonBytes.length, rate(() => decodeBody(kindDef, 'application/json', jsonBytes, { fieldValidation: 'Strict' })), 'JSON.parse', parseLimit);
  add('JSON encode', jsonBytes.length, rate(() => new TextEncoder().encode(JSON.stringify(obj))), 'JSON.stringify', stringifyLimit);
  add('protobuf decode', protoBytes.length, rate(() => decodeMessage(kindDef.proto, decodeEnvelope(protoBytes).raw)), 'JSON.parse', parseLimit);
  add('protobuf encode', protoBytes.length, rate(() => encodeEnvelope(String(apiVersion), String(kind), encodeMessage(kindDef.proto, rest as Record<string, unknown>))), 'JSON.stringify', stringifyLimit);
  for (const codec of extra) {
    const encoded = codec.encode(obj);
    const size = typeof encoded === 'string' ? Buffer.byteLength(encoded) : encoded.length;
    add(`${codec.name} decode`, size, rate(() => codec.decode(encoded)), 'JSON.parse', parseLimit);
    add(`${codec.name} encode`, size, rate(() => codec.encode(obj)), 'JSON.stringify', stringifyLimit);
  }
  return rows;
}
