import { describe, expect, it } from 'vitest';
import { inSerializationOrder, listItemSource, orderListItem, orderObject, type KubeObject } from './meta.ts';

const text = (o: unknown) => JSON.stringify(o);

describe('kube field order of stored objects and list items', () => {
  it('inSerializationOrder returns an object already in order as it is, and orders any other as orderObject does, type meta kept', () => {
    const ordered: KubeObject = { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'a', namespace: 'n', resourceVersion: '3' }, data: { k: 'v' } };
    expect(inSerializationOrder(ordered)).toBe(ordered);
    const cases: KubeObject[] = [
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: {} },
      { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'a', resourceVersion: '3', namespace: 'n' }, data: {} },
      { kind: 'ConfigMap', data: {}, metadata: { name: 'a' } },
      { metadata: { resourceVersion: '3', name: 'a', x: 1 } as KubeObject['metadata'], data: { k: 'v' } },
      { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'a', uid: undefined }, data: {}, immutable: undefined } as KubeObject,
    ];
    for (const obj of cases) {
      const out = inSerializationOrder(obj);
      expect(out).not.toBe(obj);
      const typeMeta = obj.kind !== undefined ? { kind: obj.kind, apiVersion: obj.apiVersion! } : null;
      const expected = typeMeta && obj.apiVersion !== undefined ? orderObject(obj, typeMeta) : { ...(obj.kind !== undefined ? { kind: obj.kind } : {}), ...orderObject(obj, null) };
      expect(text(out)).toBe(text(expected));
      expect(inSerializationOrder(out)).toBe(out);
    }
  });

  it('orderListItem of a frozen ordered object lends it its metadata, of anything else copies; both remember a frozen source', () => {
    const meta = Object.freeze({ name: 'a', namespace: 'n', resourceVersion: '3' });
    const stored = Object.freeze({ kind: 'ConfigMap', apiVersion: 'v1', metadata: meta, data: Object.freeze({ k: 'v' }) }) as KubeObject;
    const item = orderListItem(stored);
    expect(text(item)).toBe(text(orderObject(stored, null)));
    expect(item.metadata).toBe(meta);
    expect((item as Record<PropertyKey, unknown>)[listItemSource]).toBe(stored);
    expect(Object.keys(item)).toEqual(['metadata', 'data']);

    const unordered = Object.freeze({ data: { k: 'v' }, kind: 'ConfigMap', metadata: Object.freeze({ resourceVersion: '3', name: 'a' }) }) as KubeObject;
    const copied = orderListItem(unordered);
    expect(text(copied)).toBe(text(orderObject(unordered, null)));
    expect(copied.metadata).not.toBe(unordered.metadata);
    expect((copied as Record<PropertyKey, unknown>)[listItemSource]).toBe(unordered);

    const loose: KubeObject = { metadata: { name: 'a' } };
    expect((orderListItem(loose) as Record<PropertyKey, unknown>)[listItemSource]).toBeUndefined();
  });
});
