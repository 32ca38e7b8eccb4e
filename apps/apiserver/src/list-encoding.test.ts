import { describe, expect, it } from 'vitest';
import { orderListItem, type KubeObject } from '@kapi/apimachinery';
import { encodeJson, encodeListJson } from './responses.ts';

const stored = (name: string): KubeObject =>
  Object.freeze({ apiVersion: 'v1', kind: 'ConfigMap', data: { k: 'a<b>&c\u2028' }, metadata: Object.freeze({ resourceVersion: '7', name, namespace: 'default' }) }) as KubeObject;

describe('lists encoded from their items\' cached encodings', () => {
  it('writes the bytes encodeJson writes, Go escapes included, and reuses an item\'s encoding', () => {
    const objects = [stored('a'), stored('b')];
    const list = () => ({ kind: 'ConfigMapList', apiVersion: 'v1', metadata: { resourceVersion: '9' }, items: objects.map((o) => orderListItem(o)) });
    const first = list();
    expect(encodeListJson(first)).toBe(encodeJson(first));
    // A second list of the same stored objects (new item objects) reads the cached encodings.
    const second = list();
    expect(encodeListJson(second)).toBe(encodeJson(second));
    expect(JSON.parse(encodeListJson(second)).items[0]).toEqual({ metadata: { name: 'a', namespace: 'default', resourceVersion: '7' }, data: { k: 'a<b>&c\u2028' } });
  });

  it('falls back to encoding the whole list when an item was not made from a stored object, or items is not last', () => {
    const mixed = { kind: 'List', apiVersion: 'v1', metadata: {}, items: [orderListItem(stored('a')), { metadata: { name: 'loose' } }] };
    expect(encodeListJson(mixed)).toBe(encodeJson(mixed));
    const reordered = { items: [orderListItem(stored('a'))], kind: 'List', apiVersion: 'v1' };
    expect(encodeListJson(reordered)).toBe(encodeJson(reordered));
    const empty = { kind: 'List', apiVersion: 'v1', metadata: {}, items: [] };
    expect(encodeListJson(empty)).toBe(encodeJson(empty));
  });
});
