import { describe, expect, it } from 'vitest';
import { isPatchError } from '../errors.ts';
import { patchMetaFromOpenApiV2, patchMetaFromOpenApiV3 } from './meta.ts';
import { applyStrategicMergePatch } from './patch.ts';

// Shaped as kube-apiserver publishes OpenAPI v3: references wrapped in allOf, with default: {}.
const v3 = {
  components: {
    schemas: {
      Thing: {
        type: 'object',
        properties: {
          items: { type: 'array', items: { allOf: [{ $ref: '#/components/schemas/Item' }], default: {} }, 'x-kubernetes-patch-merge-key': 'name', 'x-kubernetes-patch-strategy': 'merge,retainKeys' },
          spec: { allOf: [{ $ref: '#/components/schemas/Spec' }], default: {}, 'x-kubernetes-patch-strategy': 'retainKeys' },
          byName: { type: 'object', additionalProperties: { allOf: [{ $ref: '#/components/schemas/Spec' }] } },
          raw: { allOf: [{ $ref: '#/components/schemas/Raw' }] },
          broken: { $ref: '#/components/schemas/Missing' },
          badStrategy: { type: 'array', items: { type: 'string' }, 'x-kubernetes-patch-strategy': 7 },
        },
      },
      Item: { type: 'object', properties: { name: { type: 'string' } } },
      Spec: { type: 'object', properties: { list: { type: 'array', items: { type: 'string' }, 'x-kubernetes-patch-strategy': 'merge' } } },
      Raw: { type: 'object' },
    },
  },
};

describe('patchMetaFromOpenApiV3', () => {
  const meta = patchMetaFromOpenApiV3(v3, 'Thing');

  it('reads strategies and merge keys from the field, then follows allOf and $ref', () => {
    const items = meta.lookupSlice('items');
    expect(items.patchStrategies).toEqual(['merge', 'retainKeys']);
    expect(items.patchMergeKey).toBe('name');
    expect(() => items.meta.lookupStruct('nope')).toThrow('unable to find api field "nope"');
    const spec = meta.lookupStruct('spec');
    expect(spec.patchStrategies).toEqual(['retainKeys']);
    expect(spec.meta.lookupSlice('list').patchStrategies).toEqual(['merge']);
  });

  it('looks the values of a map up like fields (additionalProperties)', () => {
    const value = meta.lookupStruct('byName').meta.lookupStruct('anyKey');
    expect(value.patchStrategies).toEqual([]);
    expect(value.meta.lookupSlice('list').patchStrategies).toEqual(['merge']);
    const merged = applyStrategicMergePatch({ byName: { a: { list: ['x'] } } }, { byName: { a: { list: ['y'] } } }, meta);
    // A new item goes before the live ones the patch does not name, as upstream orders merged lists.
    expect(merged).toEqual({ byName: { a: { list: ['y', 'x'] } } });
  });

  it('accepts any member, without metadata, under a schema that declares nothing', () => {
    const raw = meta.lookupStruct('raw').meta;
    expect(raw.lookupStruct('whatever').patchStrategies).toEqual([]);
    expect(applyStrategicMergePatch({ raw: { a: { b: 1 } } }, { raw: { a: { c: [1] } } }, meta)).toEqual({ raw: { a: { b: 1, c: [1] } } });
  });

  it('fails clearly on unknown fields, unresolvable references and malformed extensions', () => {
    for (const [fn, message] of [
      [() => meta.lookupStruct('unknown'), 'unable to find api field "unknown"'],
      [() => meta.lookupStruct('broken'), 'unable to resolve #/components/schemas/Missing in OpenAPI V3'],
      [() => meta.lookupSlice('badStrategy'), 'expected a string, but received a number'],
    ] as const) {
      let caught: unknown;
      try {
        fn();
      } catch (err) {
        caught = err;
      }
      expect(isPatchError(caught) && caught.kind).toBe('Unknown');
      expect((caught as Error).message).toBe(message);
    }
    expect(() => patchMetaFromOpenApiV3(v3, 'Nope')).toThrow(TypeError);
    expect(() => patchMetaFromOpenApiV3({}, 'Thing')).toThrow(TypeError);
  });
});

describe('patchMetaFromOpenApiV2', () => {
  const v2 = {
    swagger: '2.0',
    definitions: {
      Thing: { properties: { ptr: { $ref: '#/definitions/Item', 'x-kubernetes-patch-merge-key': 'name', 'x-kubernetes-patch-strategy': 'merge' } } },
      Item: { properties: { name: { type: 'string' } } },
    },
  };

  it('reads extensions beside a $ref, and resolves #/definitions/ references', () => {
    const meta = patchMetaFromOpenApiV2(v2, 'Thing');
    const ptr = meta.lookupSlice('ptr');
    expect([ptr.patchStrategies, ptr.patchMergeKey]).toEqual([['merge'], 'name']);
    expect(() => ptr.meta.lookupStruct('other')).toThrow('unable to find api field "other"');
  });
});
