import { describe, expect, it } from 'vitest';
import { builtinKinds } from '@kapi/api';
import { encodeEnvelope, encodeMessage, orderListItem, type KubeObject } from '@kapi/apimachinery';
import { encodeProtobufBody, listProtoOf } from './protobuf-output.ts';
import { encodeJson, encodeListJson } from './responses.ts';

const stored = (name: string): KubeObject =>
  Object.freeze({ apiVersion: 'v1', kind: 'ConfigMap', data: { k: 'a<b>&c\u2028' }, metadata: Object.freeze({ resourceVersion: '7', name, namespace: 'default' }) }) as KubeObject;

describe('lists encoded from their items\' cached encodings', () => {
  it('writes the bytes encodeJson writes, Go escapes included, and reuses an item\'s encoding', () => {
    const objects = [stored('a'), stored('b')];
    const list = () => ({ kind: 'ConfigMapList', apiVersion: 'v1', metadata: { resourceVersion: '9' }, items: objects.map((o) => orderListItem(o)) });
    const first = list();
    expect(encodeListJson(first).toString()).toBe(encodeJson(first));
    // A second list of the same stored objects (new item objects) reads the cached encodings.
    const second = list();
    expect(encodeListJson(second).toString()).toBe(encodeJson(second));
    expect(JSON.parse(encodeListJson(second).toString()).items[0]).toEqual({ metadata: { name: 'a', namespace: 'default', resourceVersion: '7' }, data: { k: 'a<b>&c\u2028' } });
  });

  it('falls back to encoding the whole list when an item was not made from a stored object, or items is not last', () => {
    const mixed = { kind: 'List', apiVersion: 'v1', metadata: {}, items: [orderListItem(stored('a')), { metadata: { name: 'loose' } }] };
    expect(encodeListJson(mixed).toString()).toBe(encodeJson(mixed));
    const reordered = { items: [orderListItem(stored('a'))], kind: 'List', apiVersion: 'v1' };
    expect(encodeListJson(reordered).toString()).toBe(encodeJson(reordered));
    const empty = { kind: 'List', apiVersion: 'v1', metadata: {}, items: [] };
    expect(encodeListJson(empty).toString()).toBe(encodeJson(empty));
  });
});

describe('protobuf lists encoded from their items\' cached encodings', () => {
  const def = builtinKinds.find((k) => k.group === '' && k.version === 'v1' && k.kind === 'ConfigMap')!;
  const whole = (list: KubeObject & { items: KubeObject[] }) =>
    encodeEnvelope('v1', 'ConfigMapList', encodeMessage(listProtoOf(def), { metadata: list.metadata ?? {}, items: list.items.map(({ kind: _k, apiVersion: _a, ...rest }) => rest) }));

  it('writes the bytes the list message encoder writes, for stored, loose and no items, with and without list metadata', () => {
    const big = Object.freeze({ apiVersion: 'v1', kind: 'ConfigMap', data: Object.freeze({ k: 'x'.repeat(300) }), metadata: Object.freeze({ name: 'big', namespace: 'default', resourceVersion: '8' }) }) as KubeObject;
    const lists = [
      { kind: 'ConfigMapList', apiVersion: 'v1', metadata: { resourceVersion: '9', continue: 'abc', remainingItemCount: 3 }, items: [stored('a'), big, stored('b')].map((o) => orderListItem(o)) },
      { kind: 'ConfigMapList', apiVersion: 'v1', metadata: { resourceVersion: '9' }, items: [orderListItem(stored('a')), { metadata: { name: 'loose' }, data: { x: 'y' } }] },
      { kind: 'ConfigMapList', apiVersion: 'v1', metadata: {}, items: [] },
    ];
    for (const list of lists) {
      expect(Buffer.from(encodeProtobufBody(def, list))).toEqual(Buffer.from(whole(list)));
      // Again, from the items' kept encodings.
      expect(Buffer.from(encodeProtobufBody(def, list))).toEqual(Buffer.from(whole(list)));
    }
  });
});
