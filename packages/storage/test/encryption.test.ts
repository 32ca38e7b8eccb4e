// Encryption at rest through the Store: what is in the KV, key rotation (stale values rewritten by
// the next update), removing encryption, and values that cannot be read.
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jsonCodec, newInternalError as statusInternalError, type KubeObject, type WatchEvent } from '@kapi/apimachinery';
import { createStore, isInternalError, type KV, type StorageInterface } from '../src/index.ts';
import { parseEncryptionConfiguration } from '../src/transformer/config.ts';
import { createMemoryKv } from '../src/testing/index.ts';

const keyA = randomBytes(32).toString('base64');
const keyB = randomBytes(32).toString('base64');
const secrets = { group: '', resource: 'secrets' };
const str = (b: Uint8Array) => new TextDecoder().decode(b);

/** The transformer for secrets of a configuration with these providers (YAML flow list items). */
function transformer(...providers: string[]) {
  return parseEncryptionConfiguration(`apiVersion: apiserver.config.k8s.io/v1
kind: EncryptionConfiguration
resources:
  - resources: [secrets]
    providers:
${providers.map((p) => `      - ${p}`).join('\n')}
`).transformerForResource(secrets);
}
const aesgcm = (...keys: [string, string][]) => `aesgcm: {keys: [${keys.map(([name, secret]) => `{name: ${name}, secret: '${secret}'}`).join(', ')}]}`;

const secret = (name: string, password: string): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Secret',
  metadata: { name, namespace: 'default' },
  data: { password: Buffer.from(password).toString('base64') },
});

describe('encryption at rest', () => {
  let kv: KV;
  const storeWith = (t: ReturnType<typeof transformer> | undefined): StorageInterface =>
    createStore(kv, { codec: jsonCodec, pathPrefix: '/registry', ...(t ? { transformer: t } : {}) });
  const raw = async (name: string) => (await kv.range(`/registry/secrets/default/${name}`)).kvs[0]!;

  beforeEach(() => {
    kv = createMemoryKv();
  });
  afterEach(async () => {
    await kv.close();
  });

  it('the KV holds the prefixed ciphertext; the Store returns the object', async () => {
    const store = storeWith(transformer(aesgcm(['key1', keyA])));
    const created = await store.create('/secrets/default/s1', secret('s1', 'hunter2'));
    const stored = await raw('s1');
    expect(str(stored.value.subarray(0, 23))).toBe('k8s:enc:aesgcm:v1:key1:');
    expect(str(stored.value)).not.toContain(Buffer.from('hunter2').toString('base64'));
    expect(str(stored.value)).not.toContain('"Secret"');
    expect(await store.get('/secrets/default/s1')).toEqual(created);
    const list = await store.getList('/secrets/', { recursive: true });
    expect(list.items).toEqual([created]);
  });

  it('watch events, deletes included, carry the decrypted object', async () => {
    const store = storeWith(transformer(aesgcm(['key1', keyA])));
    const created = await store.create('/secrets/default/s1', secret('s1', 'a'));
    const w = await store.watch('/secrets/', { recursive: true, resourceVersion: created.metadata!.resourceVersion! });
    const it = w[Symbol.asyncIterator]();
    const updated = await store.guaranteedUpdate('/secrets/default/s1', { tryUpdate: (o) => ({ ...o, data: { password: 'Yg==' } }) });
    const deleted = await store.delete('/secrets/default/s1');
    const events: WatchEvent[] = [(await it.next()).value as WatchEvent, (await it.next()).value as WatchEvent];
    w.stop();
    expect(events).toEqual([
      { type: 'MODIFIED', object: updated },
      { type: 'DELETED', object: deleted },
    ]);
    expect(deleted.data).toEqual({ password: 'Yg==' });
  });

  it('rotation: after [B, A] a value written with A still reads, and the next update rewrites it with B even when nothing changed', async () => {
    const before = storeWith(transformer(aesgcm(['keyA', keyA])));
    const created = await before.create('/secrets/default/s1', secret('s1', 'hunter2'));
    const after = storeWith(transformer(aesgcm(['keyB', keyB], ['keyA', keyA])));
    expect(await after.get('/secrets/default/s1')).toEqual(created);

    // No change, but the value was stale: written again with the first key.
    const rewritten = await after.guaranteedUpdate('/secrets/default/s1', { tryUpdate: (obj) => obj });
    expect(Number(rewritten.metadata!.resourceVersion)).toBeGreaterThan(Number(created.metadata!.resourceVersion));
    expect({ ...rewritten, metadata: { ...rewritten.metadata, resourceVersion: '' } }).toEqual({ ...created, metadata: { ...created.metadata, resourceVersion: '' } });
    expect(str((await raw('s1')).value.subarray(0, 23))).toBe('k8s:enc:aesgcm:v1:keyB:');

    // Now current: an update without change writes nothing.
    const again = await after.guaranteedUpdate('/secrets/default/s1', { tryUpdate: (obj) => obj });
    expect(again.metadata!.resourceVersion).toBe(rewritten.metadata!.resourceVersion);

    // A server that dropped key A can still read the value.
    const onlyB = storeWith(transformer(aesgcm(['keyB', keyB])));
    expect((await onlyB.get('/secrets/default/s1'))!.data).toEqual(created.data);
  });

  it('a cached suggestion does not hide a stale value: the update still rewrites it', async () => {
    const created = await storeWith(transformer(aesgcm(['keyA', keyA]))).create('/secrets/default/s1', secret('s1', 'x'));
    const after = storeWith(transformer(aesgcm(['keyB', keyB], ['keyA', keyA])));
    const out = await after.guaranteedUpdate('/secrets/default/s1', { tryUpdate: (obj) => obj, cachedExistingObject: created });
    expect(Number(out.metadata!.resourceVersion)).toBeGreaterThan(Number(created.metadata!.resourceVersion));
    expect(str((await raw('s1')).value.subarray(0, 23))).toBe('k8s:enc:aesgcm:v1:keyB:');
  });

  it('removing encryption: identity first reads the encrypted value and rewrites it in plain', async () => {
    await storeWith(transformer(aesgcm(['keyA', keyA]))).create('/secrets/default/s1', secret('s1', 'x'));
    const decrypting = storeWith(transformer('identity: {}', aesgcm(['keyA', keyA])));
    await decrypting.guaranteedUpdate('/secrets/default/s1', { tryUpdate: (obj) => obj });
    expect(JSON.parse(str((await raw('s1')).value)).kind).toBe('Secret');
  });

  it('values that cannot be read are InternalErrors with kube’s messages (500 from the API)', async () => {
    await storeWith(transformer(aesgcm(['keyA', keyA]))).create('/secrets/default/s1', secret('s1', 'x'));
    const cases: [StorageInterface, string][] = [
      [storeWith(transformer(aesgcm(['keyB', keyB]))), 'no matching key was found for the provided AES transformer'],
      [storeWith(transformer(aesgcm(['keyA', keyB]))), 'cipher: message authentication failed'],
      [storeWith(undefined), 'identity transformer tried to read encrypted data'],
    ];
    for (const [store, message] of cases) {
      const err = await store.get('/secrets/default/s1').catch((e: unknown) => e);
      expect(isInternalError(err), message).toBe(true);
      expect((err as Error).message).toBe(message);
      expect(statusInternalError(err).status).toMatchObject({ code: 500, reason: 'InternalError', message: `Internal error occurred: ${message}` });
      const listErr = await store.getList('/secrets/', { recursive: true }).catch((e: unknown) => e);
      expect(isInternalError(listErr)).toBe(true);
      expect((listErr as Error).message).toBe(`unable to transform key "/registry/secrets/default/s1": ${message}`);
    }
    // Plain data under a configuration without identity: no provider's prefix matches.
    await storeWith(undefined).create('/secrets/default/plain', secret('plain', 'x'));
    const err = await storeWith(transformer(aesgcm(['keyA', keyA]))).get('/secrets/default/plain').catch((e: unknown) => e);
    expect((err as Error).message).toBe('no matching prefix found');
  });

  it('a ciphertext copied to another key does not decrypt (the key is authenticated)', async () => {
    const store = storeWith(transformer(aesgcm(['key1', keyA])));
    await store.create('/secrets/default/s1', secret('s1', 'x'));
    await kv.create('/registry/secrets/default/copy', (await raw('s1')).value);
    const err = await store.get('/secrets/default/copy').catch((e: unknown) => e);
    expect(isInternalError(err)).toBe(true);
    expect((err as Error).message).toBe('cipher: message authentication failed');
  });
});
