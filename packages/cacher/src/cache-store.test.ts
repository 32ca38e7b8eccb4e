import { describe, expect, it } from 'vitest';
import { CacheStore, type StoreElement } from './cache-store.ts';

const el = (key: string, node = ''): StoreElement => ({ key, object: { metadata: { name: key } }, attrs: { labels: {}, fields: { 'spec.nodeName': node } } });

describe('CacheStore', () => {
  it('keeps keys sorted: a prefix is one range, from a start key on', () => {
    const s = new CacheStore([]);
    for (const k of ['/pods/b/x', '/pods/a/y', '/pods/a/x', '/pods/a-2/z', '/pods/c/x']) s.put(el(k));
    expect(s.keys()).toEqual(['/pods/a-2/z', '/pods/a/x', '/pods/a/y', '/pods/b/x', '/pods/c/x']);
    expect(s.listPrefix('/pods/a/').map((e) => e.key)).toEqual(['/pods/a/x', '/pods/a/y']);
    expect(s.listPrefix('/pods/', '/pods/a/y\0').map((e) => e.key)).toEqual(['/pods/b/x', '/pods/c/x']);
    expect(s.listPrefix('/pods/d/')).toEqual([]);
    s.delete('/pods/a/x');
    s.put(el('/pods/b/x', 'changed'));
    expect(s.keys()).toEqual(['/pods/a-2/z', '/pods/a/y', '/pods/b/x', '/pods/c/x']);
    expect(s.get('/pods/b/x')?.attrs?.fields['spec.nodeName']).toBe('changed');
    expect(s.size).toBe(4);
  });

  it('scans a prefix from a start key until told to stop, and counts it without copying, as listPrefix reads it', () => {
    const s = new CacheStore([]);
    for (const k of ['/pods/b/x', '/pods/a/y', '/pods/a/x', '/pods/a-2/z', '/pods/c/x', '/q/a']) s.put(el(k));
    for (const [prefix, from] of [['/pods/', undefined], ['/pods/a/', undefined], ['/pods/', '/pods/a/y\0'], ['/pods/d/', undefined], ['', undefined], ['', '/pods/c']] as const) {
      const all: string[] = [];
      s.scanPrefix(prefix, from, (e) => (all.push(e.key), false));
      expect(all).toEqual(s.listPrefix(prefix, from).map((e) => e.key));
      expect(s.countPrefix(prefix, from)).toBe(all.length);
    }
    const firstTwo: string[] = [];
    s.scanPrefix('/pods/', undefined, (e) => (firstTwo.push(e.key), firstTwo.length === 2));
    expect(firstTwo).toEqual(['/pods/a-2/z', '/pods/a/x']);
  });

  it('indexes fields: updates move keys between values; an unindexed field has no index', () => {
    const s = new CacheStore(['spec.nodeName']);
    s.replace([el('/p/1', 'n1'), el('/p/3', 'n1'), el('/p/2', 'n2')]);
    expect(s.byIndex('spec.nodeName', 'n1')!.map((e) => e.key)).toEqual(['/p/1', '/p/3']);
    s.put(el('/p/1', 'n2'));
    s.delete('/p/3');
    expect(s.byIndex('spec.nodeName', 'n1')).toEqual([]);
    expect(s.byIndex('spec.nodeName', 'n2')!.map((e) => e.key)).toEqual(['/p/1', '/p/2']);
    expect(s.byIndex('metadata.name', 'x')).toBeUndefined();
  });

  it('matches a sorted reference through thousands of puts and deletes (across B-tree node splits and merges)', () => {
    const s = new CacheStore([]);
    const ref = new Set<string>();
    let seed = 1;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let i = 0; i < 5_000; i++) {
      const k = `/cm/ns-${next() % 7}/o-${next() % 900}`;
      if (next() % 3 === 0) {
        s.delete(k);
        ref.delete(k);
      } else {
        s.put(el(k));
        ref.add(k);
      }
    }
    const sorted = [...ref].sort();
    expect(s.size).toBe(sorted.length);
    expect(s.keys()).toEqual(sorted);
    expect(s.list().map((e) => e.key)).toEqual(sorted);
    expect(s.listPrefix('/cm/ns-3/').map((e) => e.key)).toEqual(sorted.filter((k) => k.startsWith('/cm/ns-3/')));
    const from = sorted[Math.trunc(sorted.length / 2)]!;
    expect(s.listPrefix('', from).map((e) => e.key)).toEqual(sorted.filter((k) => k >= from));
    expect(s.listPrefix('', '\uffff')).toEqual([]);
  });
});
