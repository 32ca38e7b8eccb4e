// CustomResourceDefinitions served by the built-in registry (k8s.io/apiextensions-apiserver
// pkg/registry/customresourcedefinition, v1.33): create and read back through the registry, the
// strategy's status and generation, the /status subresource, the key kube stores them under.
import { beforeEach, describe, expect, it } from 'vitest';
import { isInvalid, jsonCodec, parseFieldSelector, statusFromError, type KubeObject } from '@kapi/apimachinery';
import { createStore, type KV } from '@kapi/storage';
import { createMemoryKv } from '@kapi/storage/testing';
import { createBuiltinRegistry, type Registry, type ResourceEntry } from '../src/index.ts';

let kv: KV;
let registry: Registry;
let crds: ResourceEntry;

beforeEach(() => {
  kv = createMemoryKv();
  registry = createBuiltinRegistry(() => createStore(kv, { codec: jsonCodec, pathPrefix: '/registry' }));
  crds = registry.lookup('apiextensions.k8s.io', 'v1', 'customresourcedefinitions')!;
});

async function failure(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

const widgets = (): KubeObject => ({
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.example.com' },
  spec: {
    group: 'example.com',
    names: { plural: 'widgets', kind: 'Widget', shortNames: ['wd'] },
    scope: 'Namespaced',
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: { spec: { type: 'object', properties: { size: { type: 'integer', default: 1 }, tags: { type: 'array', items: { type: 'string' } } } } },
          },
        },
        subresources: { status: {} },
      },
    ],
  },
  // A client may not set status: the strategy replaces it.
  status: { storedVersions: ['v0'], conditions: [{ type: 'Established', status: 'True' }] },
});

describe('customresourcedefinitions in the built-in registry', () => {
  it('is served cluster-scoped with kube names, a status subresource and the default table', () => {
    expect(crds.info).toMatchObject({
      group: 'apiextensions.k8s.io',
      version: 'v1',
      kind: 'CustomResourceDefinition',
      listKind: 'CustomResourceDefinitionList',
      resource: 'customresourcedefinitions',
      singular: 'customresourcedefinition',
      shortNames: ['crd', 'crds'],
      categories: ['api-extensions'],
      namespaced: false,
      keyPrefix: '/apiextensions.k8s.io/customresourcedefinitions',
    });
    expect(Object.keys(crds.subresources)).toEqual(['status']);
    expect(crds.table.columns.map((c) => [c.name, c.type])).toEqual([
      ['Name', 'string'],
      ['Created At', 'date'],
    ]);
  });

  it('creates a CRD and reads it back: defaults, status.storedVersions, generation 1', async () => {
    const created = await crds.store.create({}, widgets());
    const read = await crds.store.get({}, 'widgets.example.com');
    expect(read).toEqual(created);
    expect(read.metadata).toMatchObject({ name: 'widgets.example.com', generation: 1 });
    expect(read.metadata?.uid).toMatch(/^[0-9a-f-]{36}$/);
    const spec = read.spec as Record<string, unknown>;
    expect(spec.names).toEqual({ plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList', shortNames: ['wd'] });
    expect(spec.conversion).toEqual({ strategy: 'None' });
    expect(read.status).toEqual({ storedVersions: ['v1'] });
    // The schema comes back as it went in, the JSON default included.
    expect((spec.versions as { schema: unknown }[])[0]!.schema).toEqual((widgets().spec as { versions: { schema: unknown }[] }).versions[0]!.schema);
    // Stored where the apiextensions-apiserver keeps it.
    const keys = (await kv.range('/registry/', { end: '/registry0' })).kvs.map((e) => e.key);
    expect(keys).toContain('/registry/apiextensions.k8s.io/customresourcedefinitions/widgets.example.com');
  });

  it('lists with label and field selectors (metadata.name, metadata.namespace)', async () => {
    await crds.store.create({}, widgets());
    await crds.store.create({}, {
      ...widgets(),
      metadata: { name: 'gadgets.example.com', labels: { team: 'a' } },
      spec: { ...(widgets().spec as object), names: { plural: 'gadgets', kind: 'Gadget' } },
    });
    expect((await crds.store.list({})).items.map((i) => i.metadata?.name)).toEqual(['gadgets.example.com', 'widgets.example.com']);
    const byName = await crds.store.list({}, { fieldSelector: parseFieldSelector('metadata.name=widgets.example.com') });
    expect(byName.items.map((i) => i.metadata?.name)).toEqual(['widgets.example.com']);
    expect((await crds.store.list({}, { fieldSelector: parseFieldSelector('metadata.namespace=') })).items).toHaveLength(2);
    expect(crds.store.strategy.selectableFields).toEqual(['metadata.name', 'metadata.namespace']);
  });

  it('rejects an invalid CRD with kube’s Status: 422 and the causes at internal paths', async () => {
    const bad = widgets();
    const spec = bad.spec as { versions: { schema: { openAPIV3Schema: { properties: Record<string, unknown> } } }[] };
    spec.versions[0]!.schema.openAPIV3Schema.properties.loose = {};
    const err = await failure(crds.store.create({}, bad));
    expect(isInvalid(err)).toBe(true);
    const status = statusFromError(err);
    expect(status.code).toBe(422);
    expect(status.message).toBe(
      'CustomResourceDefinition.apiextensions.k8s.io "widgets.example.com" is invalid: spec.validation.openAPIV3Schema.properties[loose].type: Required value: must not be empty for specified object fields',
    );
    expect(status.details?.causes).toEqual([
      {
        reason: 'FieldValueRequired',
        message: 'Required value: must not be empty for specified object fields',
        field: 'spec.validation.openAPIV3Schema.properties[loose].type',
      },
    ]);
  });

  it('an update keeps status, bumps generation on spec changes only, and records a new storage version', async () => {
    await crds.store.create({}, widgets());
    const { object: same } = await crds.store.update({}, 'widgets.example.com', (old) => ({
      ...old!,
      metadata: { ...old!.metadata, labels: { a: 'b' } },
      status: { storedVersions: [] },
    }));
    expect(same.metadata?.generation).toBe(1);
    expect(same.status).toEqual({ storedVersions: ['v1'] });
    const { object: moved } = await crds.store.update({}, 'widgets.example.com', (old) => {
      const spec = structuredClone(old!.spec) as { versions: Record<string, unknown>[] };
      spec.versions[0]!.storage = false;
      spec.versions.push({ ...spec.versions[0]!, name: 'v2', storage: true });
      return { ...old!, spec };
    });
    expect(moved.metadata?.generation).toBe(2);
    expect(moved.status).toEqual({ storedVersions: ['v1', 'v2'] });
  });

  it('group and plural cannot change', async () => {
    await crds.store.create({}, widgets());
    const err = await failure(
      crds.store.update({}, 'widgets.example.com', (old) => ({ ...old!, spec: { ...(old!.spec as object), group: 'example.org' } })),
    );
    expect(statusFromError(err).details?.causes?.map((c) => [c.field, c.message])).toContainEqual(['spec.group', 'Invalid value: "example.org": field is immutable']);
  });

  it('/status writes status only, and validates the accepted names', async () => {
    await crds.store.create({}, widgets());
    const status = crds.subresources.status!;
    const accepted = { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' };
    const { object } = await status.update({}, 'widgets.example.com', (old) => ({
      ...old!,
      spec: { ...(old!.spec as object), scope: 'Cluster' },
      status: { ...(old!.status as object), acceptedNames: accepted, conditions: [{ type: 'Established', status: 'True', lastTransitionTime: '2024-01-01T00:00:00Z' }] },
    }));
    expect((object.spec as { scope: string }).scope).toBe('Namespaced');
    expect(object.status).toMatchObject({ acceptedNames: accepted, storedVersions: ['v1'] });
    expect(object.metadata?.generation).toBe(1);
    const err = await failure(status.update({}, 'widgets.example.com', (old) => ({ ...old!, status: { ...(old!.status as object), acceptedNames: { plural: 'Widgets' } } })));
    expect(statusFromError(err).details?.causes?.map((c) => c.field)).toEqual(['status.acceptedNames.plural']);
  });

  // kube's REST Delete (pkg/registry/customresourcedefinition/etcd.go).
  it('a first delete marks the CRD (deletionTimestamp, cleanup finalizer, Terminating) and keeps it; preconditions and dry run as kube', async () => {
    const made = await crds.store.create({}, widgets());
    const uid = made.metadata!.uid!;
    const wrongUid = statusFromError(await failure(crds.store.delete({}, 'widgets.example.com', { preconditions: { uid: 'other' } })));
    expect([wrongUid.code, wrongUid.message]).toEqual([409, `Operation cannot be fulfilled on customresourcedefinitions.apiextensions.k8s.io "widgets.example.com": Precondition failed: UID in precondition: other, UID in object meta: ${uid}`]);
    const dry = await crds.store.delete({}, 'widgets.example.com', { dryRun: true });
    expect(dry.deleted).toBe(false);
    expect((await crds.store.get({}, 'widgets.example.com')).metadata?.deletionTimestamp).toBeUndefined();
    const first = await crds.store.delete({}, 'widgets.example.com');
    expect(first.deleted).toBe(false);
    const marked = (await crds.store.get({}, 'widgets.example.com')) as KubeObject & { status: { conditions: { type: string; status: string; reason: string; message: string }[] } };
    expect(marked.metadata?.deletionTimestamp).toBeDefined();
    expect(marked.metadata?.finalizers).toEqual(['customresourcecleanup.apiextensions.k8s.io']);
    expect(marked.status.conditions.find((c) => c.type === 'Terminating')).toMatchObject({
      status: 'True',
      reason: 'InstanceDeletionPending',
      message: 'CustomResourceDefinition marked for deletion; CustomResource deletion will begin soon',
    });
    // Removing the finalizer (as the cleanup controller does through /status) deletes it.
    await crds.subresources.status!.update({}, 'widgets.example.com', (old) => ({ ...old!, metadata: { ...old!.metadata, finalizers: [] } }));
    expect(statusFromError(await failure(crds.store.get({}, 'widgets.example.com'))).code).toBe(404);
  });
});

