import { describe, expect, it } from 'vitest';
import { apiObjectVersioner, jsonCodec, type KubeObject } from '@kapi/apimachinery';
import { defaultAttrs, type AttrFunc } from '@kapi/storage';
import { DecodedPool } from './compact.ts';
import { defaultKeyFunc } from './util.ts';
import { WatchCache, type WatchCacheEvent } from './watch-cache.ts';

/** jsonCodec, counting its calls. */
function countingCodec() {
  const calls = { encode: 0, decode: 0 };
  return {
    calls,
    codec: {
      encode: (obj: unknown) => (calls.encode++, jsonCodec.encode(obj)),
      decode: (data: Uint8Array) => (calls.decode++, jsonCodec.decode(data)),
    },
  };
}

interface CacheOptions {
  codec?: { encode(obj: unknown): Uint8Array; decode(data: Uint8Array): KubeObject };
  prefix?: string;
  getAttrs?: AttrFunc;
  indexedFields?: string[];
}

function compactCache(pool: DecodedPool, options: CacheOptions = {}) {
  const counting = countingCodec();
  const calls = counting.calls;
  const codec = options.codec ?? counting.codec;
  const events: WatchCacheEvent[] = [];
  const cache = new WatchCache({
    keyFunc: defaultKeyFunc(options.prefix ?? '/pods'),
    getAttrs: options.getAttrs ?? defaultAttrs,
    indexedFields: options.indexedFields ?? [],
    versioner: apiObjectVersioner,
    eventFreshDurationMs: 75_000,
    lowerBoundCapacity: 10,
    upperBoundCapacity: 10,
    now: () => 0,
    freeze: true,
    compact: { codec, pool },
    onEvent: (ev) => events.push(ev),
  });
  return { cache, calls, events, get: (name: string) => cache.store.get(`/pods/ns/${name}`)!.object };
}

const pod = (name: string, rv: number, labels?: Record<string, string>): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'ns', resourceVersion: String(rv), ...(labels ? { labels } : {}) },
  spec: { nodeName: `node-${name}` },
});

describe('compact watch cache objects', () => {
  it('holds listed objects as bytes; the first read decodes for itself, the second keeps the object decoded', () => {
    const { cache, calls, get } = compactCache(new DecodedPool(10));
    cache.replace([pod('a', 1), pod('b', 2)], 2);
    expect(calls).toEqual({ encode: 2, decode: 0 });
    const first = get('a');
    expect(first).toEqual(pod('a', 1));
    expect(Object.isFrozen(first) && Object.isFrozen(first.metadata)).toBe(true);
    const second = get('a');
    expect(second).toEqual(pod('a', 1));
    expect(second).not.toBe(first);
    expect(get('a')).toBe(second);
    expect(calls).toEqual({ encode: 2, decode: 2 });
    // Attributes were taken when listed: selecting reads no bytes.
    expect(cache.store.get('/pods/ns/b')!.attrs).toEqual({ labels: {}, fields: { 'metadata.name': 'b', 'metadata.namespace': 'ns' } });
    expect(calls.decode).toBe(2);
  });

  it('keeps a written object decoded until the pool needs room, then holds it as bytes', () => {
    const pool = new DecodedPool(2);
    const { cache, calls, events, get } = compactCache(pool);
    cache.replace([], 1);
    cache.processEvent('ADDED', pod('a', 2));
    cache.processEvent('ADDED', pod('b', 3));
    expect(get('a')).toBe(events[0]!.object);
    expect(calls).toEqual({ encode: 0, decode: 0 });
    // A third written object takes the place of the first one whose mark the hand finds cleared.
    cache.processEvent('ADDED', pod('c', 4));
    expect(pool.size).toBe(2);
    expect(calls.encode).toBe(1);
    const a = get('a');
    expect(a).toEqual(events[0]!.object);
    expect(a).not.toBe(events[0]!.object);
    expect(calls.decode).toBe(1);
  });

  it('gives the previous object of an event from the bytes without keeping it decoded', () => {
    const { cache, calls, events, get } = compactCache(new DecodedPool(10));
    cache.replace([pod('a', 1, { v: '1' })], 1);
    cache.processEvent('MODIFIED', pod('a', 2, { v: '2' }));
    expect(events[0]!.prevObject).toEqual(pod('a', 1, { v: '1' }));
    expect(events[0]!.prevAttrs?.labels).toEqual({ v: '1' });
    expect(calls.decode).toBe(1);
    expect(get('a')).toBe(events[0]!.object);
  });

  it('never encodes an object the store replaced or deleted before the pool let it go', () => {
    const pool = new DecodedPool(2);
    const { cache, calls } = compactCache(pool);
    cache.replace([], 1);
    cache.processEvent('ADDED', pod('a', 2));
    cache.processEvent('MODIFIED', pod('a', 3));
    cache.processEvent('DELETED', pod('a', 4));
    cache.processEvent('ADDED', pod('b', 5));
    cache.processEvent('ADDED', pod('c', 6));
    expect(calls.encode).toBe(0);
    expect(cache.store.list().map((e) => e.object.metadata?.name)).toEqual(['b', 'c']);
  });

  it('lets objects read since the hand passed stay decoded (CLOCK), and a scan of every object push out none of them', () => {
    const pool = new DecodedPool(2);
    const { cache, calls, get } = compactCache(pool);
    cache.replace(['a', 'b', 'c', 'd', 'e'].map((n, i) => pod(n, i + 1)), 5);
    get('a');
    const a = get('a');
    get('b');
    const b = get('b');
    expect(pool.size).toBe(2);
    // A scan reads every object once: nothing it reads once is kept, so a and b stay.
    const decodes = calls.decode;
    expect(cache.store.list().map((e) => e.object.metadata?.name)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(calls.decode).toBe(decodes + 3);
    expect(get('a')).toBe(a);
    expect(get('b')).toBe(b);
    // c read twice goes in; the hand clears a's and b's marks, comes back round and takes a's place.
    get('c');
    const c = get('c');
    expect(get('c')).toBe(c);
    expect(get('b')).toBe(b);
    expect(get('a')).not.toBe(a);
  });

  it('reads the objects of a read that visits more than the pool holds each for itself, never keeping them', () => {
    const pool = new DecodedPool(2);
    const { cache, calls, get } = compactCache(pool);
    cache.replace(['a', 'b', 'c'].map((n, i) => pod(n, i + 1)), 3);
    const scan = cache.readerFor('/pods/', undefined, 0);
    for (let i = 0; i < 3; i++) expect(cache.store.list().map((e) => scan(e).metadata?.name)).toEqual(['a', 'b', 'c']);
    expect(calls.decode).toBe(9);
    expect(pool.size).toBe(0);
    // A page within the pool's size reads as any small read does: the second read keeps it.
    const page = cache.readerFor('/pods/', undefined, 2);
    page(cache.store.get('/pods/ns/a')!);
    const kept = page(cache.store.get('/pods/ns/a')!);
    expect(get('a')).toBe(kept);
    expect(pool.size).toBe(1);
  });

  it('keeps every object as bytes with a pool of size 0, and still serves it', () => {
    const { cache, calls, get } = compactCache(new DecodedPool(0));
    cache.replace([], 1);
    cache.processEvent('ADDED', pod('a', 2));
    expect(calls.encode).toBe(1);
    expect(get('a')).toEqual(pod('a', 2));
    expect(get('a')).toEqual(pod('a', 2));
  });
});

describe('compact watch cache objects its codec cannot write', () => {
  it('keeps them decoded and serves them', () => {
    const codec = {
      encode: (obj: unknown) => {
        if ((obj as KubeObject).metadata?.name === 'odd') throw new Error('cannot encode');
        return jsonCodec.encode(obj);
      },
      decode: (data: Uint8Array) => jsonCodec.decode(data),
    };
    const { cache } = compactCache(new DecodedPool(1), { codec });
    cache.replace([pod('odd', 1), pod('b', 2)], 2);
    cache.processEvent('ADDED', pod('odd-2', 3));
    cache.processEvent('MODIFIED', { ...pod('odd', 4) });
    // The pool's one place goes to c; odd (written) could not become bytes and stays decoded.
    cache.processEvent('ADDED', pod('c', 5));
    expect(cache.store.list().map((e) => [e.object.metadata?.name, e.object.metadata?.resourceVersion])).toEqual([
      ['b', '2'],
      ['c', '5'],
      ['odd', '4'],
      ['odd-2', '3'],
    ]);
  });
});

describe('compact watch cache attributes', () => {
  it('gives the fields getAttrs made, whether kept or rebuilt from the key', () => {
    const { cache } = compactCache(new DecodedPool(0));
    const custom = (o: KubeObject) => ({ labels: o.metadata?.labels ?? {}, fields: { 'metadata.name': o.metadata?.name ?? '', 'spec.nodeName': 'n1' } });
    cache.replace([pod('a', 1, { app: 'web' })], 1);
    expect(cache.store.get('/pods/ns/a')!.attrs).toEqual({ labels: { app: 'web' }, fields: { 'metadata.name': 'a', 'metadata.namespace': 'ns' } });
    const { cache: other } = compactCache(new DecodedPool(0), { codec: jsonCodec, getAttrs: custom, indexedFields: ['spec.nodeName'] });
    other.replace([pod('a', 1)], 1);
    expect(other.store.get('/pods/ns/a')!.attrs!.fields).toEqual({ 'metadata.name': 'a', 'spec.nodeName': 'n1' });
    expect(other.store.byIndex('spec.nodeName', 'n1')!.map((e) => e.key)).toEqual(['/pods/ns/a']);
    // Cluster-scoped: the name alone.
    const { cache: nodes } = compactCache(new DecodedPool(0), { prefix: '/nodes' });
    nodes.replace([{ metadata: { name: 'n1', resourceVersion: '1' } }], 1);
    expect(nodes.store.get('/nodes/n1')!.attrs).toEqual({ labels: {}, fields: { 'metadata.name': 'n1' } });
  });
});
