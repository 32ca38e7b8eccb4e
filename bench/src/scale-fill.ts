// The scale section's fill: ConfigMaps written straight through the storage layer (the Store over
// the SQLite KV that `kapi serve` opens), as a server would have stored them, without HTTP.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { builtinKinds, storageCodecOf } from '@kapi/api';
import type { KubeObject } from '@kapi/apimachinery';
import { createStore } from '@kapi/storage';
import { createSqliteKv } from '@kapi/storage-sqlite';

const configMapKind = builtinKinds.find((k) => k.group === '' && k.version === 'v1' && k.kind === 'ConfigMap')!;

/** A 1 KiB ConfigMap as a create through the API stores it (uid, creationTimestamp, managedFields). */
export function storedConfigMap(ns: string, name: string, at: string): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: {
      name,
      namespace: ns,
      uid: randomUUID(),
      creationTimestamp: at,
      managedFields: [{ manager: 'node', operation: 'Update', apiVersion: 'v1', time: at, fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { '.': {}, 'f:payload': {} } } }],
    },
    data: { payload: 'x'.repeat(900) },
  };
}

/**
 * Adds `count` ConfigMaps named `<prefix>-<i>` (i from `from`) to namespace `ns` of the SQLite data
 * dir `dataDir` (kapi serve's `--data-dir`, not in use by a server): `inFlight` creates at a time,
 * which the KV commits in shared transactions. Returns the time it took (ms).
 */
export async function fillSqlite(dataDir: string, ns: string, prefix: string, from: number, count: number, inFlight = 2000): Promise<number> {
  mkdirSync(dataDir, { recursive: true });
  const started = performance.now();
  const kv = createSqliteKv({ path: join(dataDir, 'kapi.db') });
  const store = createStore(kv, { codec: storageCodecOf(configMapKind), pathPrefix: '/registry' });
  const at = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  let next = from;
  const end = from + count;
  const worker = async () => {
    while (next < end) {
      const i = next++;
      await store.create(`/configmaps/${ns}/${prefix}-${i}`, storedConfigMap(ns, `${prefix}-${i}`, at));
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(inFlight, count) }, worker));
  } finally {
    await store.close();
    await kv.close();
  }
  return performance.now() - started;
}
