// A registry serves resources added while it runs (a custom resource's versions) and stops serving
// them, over the same storage factory as the built-in ones; their objects outlive unserve.
import { describe, expect, it } from 'vitest';
import { configMapKind, defineKind, type KindDefinition } from '@kapi/api';
import { jsonCodec, type KubeObject } from '@kapi/apimachinery';
import { createStore } from '@kapi/storage';
import { createMemoryKv } from '@kapi/storage/testing';
import { createBuiltinRegistry } from '../src/index.ts';

/** A kind of a group no built-in kind has, standing in for a custom resource. */
const widgets = defineKind<KubeObject>({
  group: 'example.com',
  version: 'v1',
  kind: 'Widget',
  resource: 'widgets',
  singular: 'widget',
  namespaced: true,
  schema: configMapKind.schema as unknown as KindDefinition['schema'],
  proto: configMapKind.proto,
  validate: () => [],
}) as KindDefinition;

describe('serve and unserve', () => {
  it('serves a new resource over the storage factory, and keeps its objects when it stops serving it', async () => {
    const kv = createMemoryKv();
    const registry = createBuiltinRegistry(() => createStore(kv, { codec: jsonCodec, pathPrefix: '/registry' }));
    const before = registry.generation;
    const count = registry.resources.length;
    expect(registry.lookup('example.com', 'v1', 'widgets')).toBeUndefined();

    const entry = registry.serve({ definition: widgets, keyPrefix: '/example.com/widgets' });
    expect(registry.lookup('example.com', 'v1', 'widgets')).toBe(entry);
    expect(registry.resources).toHaveLength(count + 1);
    expect(registry.generation).toBeGreaterThan(before);
    await entry.store.create({ namespace: 'default' }, { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w1' }, data: { color: 'blue' } });
    expect((await kv.range('/registry/example.com/widgets/default/w1')).kvs).toHaveLength(1);

    const served = registry.generation;
    expect(await registry.unserve('example.com', 'v1', 'widgets')).toBe(true);
    expect(registry.lookup('example.com', 'v1', 'widgets')).toBeUndefined();
    expect(registry.resources).toHaveLength(count);
    expect(registry.generation).toBeGreaterThan(served);
    expect(await registry.unserve('example.com', 'v1', 'widgets')).toBe(false);

    // Served again: the object stored before is there.
    const again = registry.serve({ definition: widgets, keyPrefix: '/example.com/widgets' });
    expect((await again.store.get({ namespace: 'default' }, 'w1')).data).toEqual({ color: 'blue' });
  });

  it('replaces a served resource of the same group, version and plural', () => {
    const registry = createBuiltinRegistry(() => createStore(createMemoryKv(), { codec: jsonCodec, pathPrefix: '/registry' }));
    const first = registry.serve({ definition: widgets });
    const second = registry.serve({ definition: { ...widgets, shortNames: ['wd'] } });
    expect(registry.lookup('example.com', 'v1', 'widgets')).toBe(second);
    expect(registry.resources.filter((e) => e.info.group === 'example.com')).toEqual([second]);
    expect(second).not.toBe(first);
  });
});
