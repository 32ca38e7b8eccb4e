// Server-side apply on custom resources, through the type converter built from a CRD version's
// schema as kube builds it (apiextensions-apiserver buildOpenAPIModelsForApply).
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '@kapi/apimachinery';
import { createCustomResourceTypeConverter, customResourceSchemas } from './custom-resource.ts';
import { createFieldManager } from './field-manager.ts';

/** A CRD version's openAPIV3Schema with the extensions server-side apply reads. */
const schema = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      properties: {
        replicas: { type: 'integer' },
        port: { 'x-kubernetes-int-or-string': true },
        selector: { type: 'object', 'x-kubernetes-map-type': 'atomic', additionalProperties: { type: 'string' } },
        listeners: {
          type: 'array',
          'x-kubernetes-list-type': 'map',
          'x-kubernetes-list-map-keys': ['name', 'protocol'],
          items: {
            type: 'object',
            required: ['name'],
            properties: { name: { type: 'string' }, protocol: { type: 'string', default: 'TCP' }, port: { type: 'integer' } },
          },
        },
        tags: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'string' } },
        args: { type: 'array', items: { type: 'string' } },
        config: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
        template: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true },
      },
    },
    status: { type: 'object', properties: { ready: { type: 'boolean' } } },
  },
};

const version = { group: 'example.com', version: 'v1', kind: 'Widget', schema };
const fm = createFieldManager({ typeConverter: createCustomResourceTypeConverter(version), apiVersion: 'example.com/v1', kind: 'Widget' });
const empty: KubeObject = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: {} };
const widget = (spec: Record<string, unknown>, labels?: Record<string, string>): KubeObject => ({
  apiVersion: 'example.com/v1',
  kind: 'Widget',
  metadata: { name: 'w', namespace: 'default', ...(labels ? { labels } : {}) },
  spec,
});
const owned = (obj: KubeObject, manager: string) => obj.metadata?.managedFields?.find((e) => e.manager === manager)?.fieldsV1;
const conflictOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (err) {
    return (err as { status?: { message?: string } }).status?.message ?? String(err);
  }
  throw new Error('expected a conflict');
};

describe('custom resources', () => {
  it('publish the version under kube\'s name, with TypeMeta, ObjectMeta and the GVK', () => {
    const schemas = customResourceSchemas(version)!;
    const def = schemas['com.example.v1.Widget'] as { properties: Record<string, unknown>; 'x-kubernetes-group-version-kind': unknown };
    expect(def['x-kubernetes-group-version-kind']).toEqual([{ group: 'example.com', version: 'v1', kind: 'Widget' }]);
    expect(def.properties.metadata).toEqual({ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' });
    expect(Object.keys(schemas)).toContain('io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta');
    // The embedded resource gains apiVersion, kind and metadata.
    const template = ((def.properties.spec as { properties: Record<string, { properties?: Record<string, unknown> }> }).properties.template)!;
    expect(Object.keys(template.properties ?? {}).sort()).toEqual(['apiVersion', 'kind', 'metadata']);
  });

  it('own what each applier sent: list items by their keys (defaults included), atomic maps and lists whole, sets by value', () => {
    let live = fm.apply(empty, widget({ replicas: 1, selector: { app: 'w' }, listeners: [{ name: 'http', port: 80 }], tags: ['a'], args: ['x'] }), 'a', false);
    live = fm.apply(live, widget({ listeners: [{ name: 'https', port: 443 }], tags: ['b'] }), 'b', false);
    expect(live.spec).toEqual({
      replicas: 1,
      selector: { app: 'w' },
      listeners: [
        { name: 'http', port: 80 },
        { name: 'https', port: 443 },
      ],
      tags: ['a', 'b'],
      args: ['x'],
    });
    expect(owned(live, 'a')).toEqual({
      'f:spec': {
        'f:args': {},
        'f:listeners': { 'k:{"name":"http","protocol":"TCP"}': { '.': {}, 'f:name': {}, 'f:port': {} } },
        'f:replicas': {},
        'f:selector': {},
        'f:tags': { 'v:"a"': {} },
      },
    });
    expect(owned(live, 'b')).toEqual({
      'f:spec': { 'f:listeners': { 'k:{"name":"https","protocol":"TCP"}': { '.': {}, 'f:name': {}, 'f:port': {} } }, 'f:tags': { 'v:"b"': {} } },
    });
  });

  it('conflict on a field another manager set, and prune what an applier stops sending', () => {
    let live = fm.apply(empty, widget({ replicas: 1, port: 'http', args: ['x'] }), 'a', false);
    expect(conflictOf(() => fm.apply(live, widget({ replicas: 2 }), 'b', false))).toBe('Apply failed with 1 conflict: conflict with "a": .spec.replicas');
    live = fm.apply(live, widget({ replicas: 1, port: 8080 }), 'a', false);
    // port is int-or-string; args, no longer sent and owned by nobody else, is gone.
    expect(live.spec).toEqual({ replicas: 1, port: 8080 });
  });

  it('keep unknown fields where the schema preserves them, and treat an embedded resource\'s metadata as ObjectMeta', () => {
    const live = fm.apply(
      empty,
      widget({ config: { anything: { nested: [1, 2] } }, template: { apiVersion: 'v1', kind: 'Pod', metadata: { labels: { app: 'w' } }, spec: { x: 1 } } }),
      'a',
      false,
    );
    expect(live.spec).toEqual({ config: { anything: { nested: [1, 2] } }, template: { apiVersion: 'v1', kind: 'Pod', metadata: { labels: { app: 'w' } }, spec: { x: 1 } } });
    // Under preserve-unknown-fields the types are deduced: deduced maps are owned as members too
    // (`".":{}`, as structured-merge-diff's deduced toset cases have it); ObjectMeta's labels are not.
    expect(owned(live, 'a')).toEqual({
      'f:spec': {
        'f:config': { 'f:anything': { '.': {}, 'f:nested': {} } },
        'f:template': { 'f:apiVersion': {}, 'f:kind': {}, 'f:metadata': { 'f:labels': { 'f:app': {} } }, 'f:spec': { '.': {}, 'f:x': {} } },
      },
    });
  });

  it('refuse fields the schema does not declare, as kube does', () => {
    expect(() => fm.apply(empty, widget({ unknown: 1 }), 'a', false)).toThrow('failed to create typed patch object (default/w; example.com/v1, Kind=Widget): .spec.unknown: field not declared in schema');
  });

  it('deduce the types of a version without a schema', () => {
    const deduced = createFieldManager({
      typeConverter: createCustomResourceTypeConverter({ group: 'example.com', version: 'v1', kind: 'Widget' }),
      apiVersion: 'example.com/v1',
      kind: 'Widget',
    });
    let live = deduced.apply(empty, widget({ a: 1, list: [1, 2] }), 'a', false);
    expect(owned(live, 'a')).toEqual({ 'f:spec': { '.': {}, 'f:a': {}, 'f:list': {} } });
    live = deduced.apply(live, widget({ b: 2 }), 'b', false);
    expect(live.spec).toEqual({ a: 1, list: [1, 2], b: 2 });
  });
});
