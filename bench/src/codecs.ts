// Encode/decode throughput of the codecs on the same object, side by side. The limit is V8's own
// JSON.parse / JSON.stringify on the same document.
import { configMapKind } from '@kapi/api';
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

export function benchCodecs(extra: { name: string; encode(obj: KubeObject): Uint8Array | string; decode(data: Uint8Array | string): unknown }[] = []): CodecRow[] {
  const obj = configMapWithKeys(1000);
  const jsonText = JSON.stringify(obj);
  const jsonBytes = new TextEncoder().encode(jsonText);
  const { apiVersion, kind, ...rest } = obj;
  const protoBytes = encodeEnvelope(String(apiVersion), String(kind), encodeMessage(configMapKind.proto, rest as Record<string, unknown>));
  const mb = (bytes: number, ops: number) => (bytes * ops) / (1024 * 1024);
  const parseLimit = rate(() => JSON.parse(jsonText));
  const stringifyLimit = rate(() => JSON.stringify(obj));
  const rows: CodecRow[] = [];
  const add = (what: string, bytes: number, ops: number, limitName: string, limit: number) =>
    rows.push({ what, opsPerSec: ops, mbPerSec: mb(bytes, ops), limitName, limitOpsPerSec: limit });

  add('JSON decode (request body, fieldValidation=Ignore)', jsonBytes.length, rate(() => decodeBody(configMapKind, 'application/json', jsonBytes, { fieldValidation: 'Ignore' })), 'JSON.parse', parseLimit);
  add('JSON decode (fieldValidation=Strict)', jsonBytes.length, rate(() => decodeBody(configMapKind, 'application/json', jsonBytes, { fieldValidation: 'Strict' })), 'JSON.parse', parseLimit);
  add('JSON encode', jsonBytes.length, rate(() => new TextEncoder().encode(JSON.stringify(obj))), 'JSON.stringify', stringifyLimit);
  add('protobuf decode', protoBytes.length, rate(() => decodeMessage(configMapKind.proto, decodeEnvelope(protoBytes).raw)), 'JSON.parse', parseLimit);
  add('protobuf encode', protoBytes.length, rate(() => encodeEnvelope('v1', 'ConfigMap', encodeMessage(configMapKind.proto, rest as Record<string, unknown>))), 'JSON.stringify', stringifyLimit);
  for (const codec of extra) {
    const encoded = codec.encode(obj);
    const size = typeof encoded === 'string' ? Buffer.byteLength(encoded) : encoded.length;
    add(`${codec.name} decode`, size, rate(() => codec.decode(encoded)), 'JSON.parse', parseLimit);
    add(`${codec.name} encode`, size, rate(() => codec.encode(obj)), 'JSON.stringify', stringifyLimit);
  }
  return rows;
}
