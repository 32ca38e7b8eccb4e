// A Store with an asynchronous conversion (a CRD converting through a webhook): objects are stored
// in one version and served in another, every path converts, watches keep revision order while
// conversions take their time, and a failed conversion fails the call — or ends the watch with an
// InternalError — without touching anything else.
import { describe, expect, it } from 'vitest';
import { everythingLabels, jsonCodec, parseFieldSelector, type KubeObject, type WatchEvent } from '@kapi/apimachinery';
import { createStore, type ObjectConversion, type SelectionPredicate } from '../src/index.ts';
import { createMemoryKv } from '../src/testing/index.ts';

type Spec = Record<string, unknown>;
const specOf = (obj: KubeObject) => (obj.spec ?? {}) as Spec;

/** Served as v1 (`spec.hostPort: "h:p"`), stored as v2 (`spec.host`, `spec.port`); counts calls, may fail or stall. */
function hostPortConversion() {
  const state = { calls: 0, fail: undefined as Error | undefined, delays: [] as number[] };
  const wait = async () => {
    state.calls++;
    const ms = state.delays.shift() ?? 0;
    await new Promise((r) => setTimeout(r, ms));
    if (state.fail) throw state.fail;
  };
  const conversion: ObjectConversion = {
    async fromStorage(obj) {
      await wait();
      const { host, port, ...rest } = specOf(obj);
      return { ...obj, apiVersion: 'example.com/v1', spec: { ...rest, hostPort: `${String(host)}:${String(port)}` } };
    },
    async toStorage(obj) {
      await wait();
      const { hostPort, ...rest } = specOf(obj);
      const [host, port] = String(hostPort).split(':');
      return { ...obj, apiVersion: 'example.com/v2', spec: { ...rest, host, port: Number(port) } };
    },
  };
  return { state, conversion };
}

const thing = (name: string, hostPort: string): KubeObject => ({ apiVersion: 'example.com/v1', kind: 'Thing', metadata: { name, namespace: 'ns' }, spec: { hostPort } });
const stored = (kv: ReturnType<typeof createMemoryKv>, key: string) => kv.range(`/registry${key}`).then((r) => JSON.parse(new TextDecoder().decode(r.kvs[0]!.value)) as KubeObject);

function setup() {
  const kv = createMemoryKv({ progressNotifyIntervalMs: 50 });
  const { state, conversion } = hostPortConversion();
  const store = createStore(kv, { codec: jsonCodec, pathPrefix: '/registry', conversion });
  return { kv, state, store };
}

async function collect(events: AsyncIterable<WatchEvent>, n: number): Promise<WatchEvent[]> {
  const out: WatchEvent[] = [];
  for await (const ev of events) {
    if (ev.type === 'BOOKMARK') continue;
    out.push(ev);
    if (out.length >= n) break;
  }
  return out;
}

describe('a Store with an asynchronous conversion', () => {
  it('stores the storage version and serves the other on create, get, list and update', async () => {
    const { kv, store } = setup();
    const created = await store.create('/things/ns/a', thing('a', 'h:1'));
    expect(created).toMatchObject({ apiVersion: 'example.com/v1', spec: { hostPort: 'h:1' }, metadata: { name: 'a' } });
    expect(created.metadata?.resourceVersion).toMatch(/^\d+$/);
    expect(await stored(kv, '/things/ns/a')).toEqual({ apiVersion: 'example.com/v2', kind: 'Thing', metadata: { name: 'a', namespace: 'ns' }, spec: { host: 'h', port: 1 } });
    expect(await store.get('/things/ns/a')).toEqual(created);
    await store.create('/things/ns/b', thing('b', 'g:2'));
    // The predicate sees the served version (a field of v1 only).
    const byHostPort: SelectionPredicate = {
      label: everythingLabels,
      field: parseFieldSelector('spec.hostPort=g:2'),
      getAttrs: (o) => ({ labels: {}, fields: { 'spec.hostPort': String(specOf(o).hostPort) } }),
    };
    const list = await store.getList('/things/ns', { recursive: true, predicate: byHostPort });
    expect(list.items.map((o) => o.metadata?.name)).toEqual(['b']);
    const updated = await store.guaranteedUpdate('/things/ns/a', {
      tryUpdate: (cur) => {
        expect(cur.apiVersion).toBe('example.com/v1');
        return { ...cur, spec: { hostPort: 'h:9' } };
      },
    });
    expect(updated.spec).toEqual({ hostPort: 'h:9' });
    expect((await stored(kv, '/things/ns/a')).spec).toEqual({ host: 'h', port: 9 });
  });

  it('writes nothing when the converted bytes are unchanged, also from a cached object', async () => {
    const { store } = setup();
    const created = await store.create('/things/ns/a', thing('a', 'h:1'));
    const same = await store.guaranteedUpdate('/things/ns/a', { cachedExistingObject: created, tryUpdate: (cur) => cur });
    expect(same.metadata?.resourceVersion).toBe(created.metadata?.resourceVersion);
    const deleted = await store.delete('/things/ns/a', { cachedExistingObject: created });
    expect(deleted.spec).toEqual({ hostPort: 'h:1' });
  });

  it('delivers watch events converted and in revision order, however long each conversion takes', async () => {
    const { state, store } = setup();
    const created = await store.create('/things/ns/a', thing('a', 'h:0'));
    const w = await store.watch('/things/ns', { recursive: true, resourceVersion: created.metadata!.resourceVersion!, progressNotify: true });
    // The first event's conversion is the slowest.
    state.delays = [0, 0, 40, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    for (let i = 1; i <= 4; i++) await store.guaranteedUpdate('/things/ns/a', { tryUpdate: (cur) => ({ ...cur, spec: { hostPort: `h:${i}` } }) });
    await store.delete('/things/ns/a');
    const events = await collect(w, 5);
    w.stop();
    expect(events.map((e) => [e.type, specOf(e.object as KubeObject).hostPort])).toEqual([
      ['MODIFIED', 'h:1'],
      ['MODIFIED', 'h:2'],
      ['MODIFIED', 'h:3'],
      ['MODIFIED', 'h:4'],
      ['DELETED', 'h:4'],
    ]);
    const rvs = events.map((e) => Number((e.object as KubeObject).metadata?.resourceVersion));
    expect([...rvs].sort((a, b) => a - b)).toEqual(rvs);
  });

  it('fails a call whose conversion fails with that error, and ends a watch with an InternalError', async () => {
    const { kv, state, store } = setup();
    const created = await store.create('/things/ns/a', thing('a', 'h:1'));
    const w = await store.watch('/things/ns', { recursive: true, resourceVersion: created.metadata!.resourceVersion! });
    const boom = new Error('conversion webhook for example.com/v2, Kind=Thing failed: boom');
    state.fail = boom;
    await expect(store.get('/things/ns/a')).rejects.toBe(boom);
    await expect(store.getList('/things/ns', { recursive: true })).rejects.toBe(boom);
    await expect(store.create('/things/ns/b', thing('b', 'h:2'))).rejects.toBe(boom);
    await expect(store.guaranteedUpdate('/things/ns/a', { tryUpdate: (cur) => cur })).rejects.toBe(boom);
    await expect(store.delete('/things/ns/a')).rejects.toBe(boom);
    // A write that needs no conversion on the way in (a raw KV create) reaches the watch, whose conversion fails.
    const raw = { apiVersion: 'example.com/v2', kind: 'Thing', metadata: { name: 'c', namespace: 'ns' }, spec: { host: 'c', port: 3 } };
    await kv.create('/registry/things/ns/c', new TextEncoder().encode(JSON.stringify(raw)));
    const events: WatchEvent[] = [];
    for await (const ev of w) events.push(ev);
    expect(events.at(-1)).toEqual({
      type: 'ERROR',
      object: {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: `Internal error occurred: ${boom.message}`,
        reason: 'InternalError',
        details: { causes: [{ message: boom.message }] },
        code: 500,
      },
    });
    // Nothing else broke: the store serves again once conversions succeed.
    state.fail = undefined;
    expect((await store.get('/things/ns/c'))?.spec).toEqual({ hostPort: 'c:3' });
    expect((await store.get('/things/ns/a'))?.spec).toEqual({ hostPort: 'h:1' });
  });
});
