// Behaviour of k8s.io/kubernetes pkg/registry/apps/deployment/storage/storage.go ScaleREST and
// scaleUpdatedObjectInfo (the replicaset and statefulset ones are the same) (v1.33): the `scale`
// subresource reads and writes a workload's replicas through an autoscaling/v1 Scale.
import { scaleKind, type KindDefinition } from '@kapi/api';
import {
  metaOf,
  newBadRequest,
  newConflict,
  newInvalid,
  newMethodNotSupported,
  newNotFound,
  type KubeObject,
} from '@kapi/apimachinery';
import type { GenericStore } from './generic-store.ts';
import { ageColumn, column, labelSelectorString, type LabelSelectorJson } from './printers/format.ts';
import { objectMetaNameDescription } from '@kapi/apimachinery';
import { age, type TableConvertor } from './table-convertor.ts';
import { apiVersionOf, groupResourceOf } from './resource.ts';
import { createScaleHandler } from '@kapi/patch/managedfields';

/**
 * A subresource's store, with the kind of its bodies when that differs from the resource's, and
 * then the Table printer of that kind.
 */
export type Subresource = GenericStore & { readonly definition?: KindDefinition; readonly table?: TableConvertor };

/** kube's printScale: Name, Desired, Available, Age. */
export const scalePrinter: TableConvertor = {
  columns: [
    column('Name', 'string', objectMetaNameDescription),
    column('Desired', 'integer', 'replicas is the desired number of instances for the scaled object.'),
    column('Available', 'integer', 'replicas is the actual number of observed instances of the scaled object.'),
    ageColumn,
  ],
  cells: (obj, now) => {
    const s = obj as Workload;
    return [obj.metadata?.name ?? '', s.spec?.replicas ?? 0, s.status?.replicas ?? 0, age(obj, now)];
  },
  emptyRowsAsArray: true,
};

interface Workload extends KubeObject {
  spec?: { replicas?: number; selector?: LabelSelectorJson | null };
  status?: { replicas?: number };
}

/** scaleFromDeployment (and its siblings): the Scale view of a workload. */
export function scaleOf(obj: Workload): KubeObject {
  const m = obj.metadata ?? {};
  const selector = labelSelectorString(obj.spec?.selector ?? undefined);
  if (selector === undefined) throw newBadRequest('invalid label selector');
  const meta: Record<string, unknown> = { name: m.name, namespace: m.namespace, uid: m.uid, resourceVersion: m.resourceVersion };
  if (m.creationTimestamp) meta.creationTimestamp = m.creationTimestamp;
  return {
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata: meta,
    spec: { replicas: obj.spec?.replicas ?? 0 },
    status: { replicas: obj.status?.replicas ?? 0, selector },
  };
}

/** The `scale` subresource of a workload whose store is `parent`. */
export function createScaleSubresource(parent: GenericStore): Subresource {
  const gr = groupResourceOf(parent.info);
  const apiVersion = apiVersionOf(parent.info);
  // Where each version of the workload keeps its replicas (kube's replicasPathIn<Kind>).
  const replicasPaths = new Map([[apiVersion, [{ fieldName: 'spec' }, { fieldName: 'replicas' }]]]);
  const scaleGR = { group: gr.group, resource: `${gr.resource}/scale` };
  const unsupported = (verb: string) => () => Promise.reject(newMethodNotSupported(scaleGR, verb));
  return {
    info: parent.info,
    strategy: parent.strategy,
    verbs: ['get', 'patch', 'update'],
    definition: scaleKind as KindDefinition,
    table: scalePrinter,

    async get(ctx, name, options) {
      let obj: KubeObject;
      try {
        obj = await parent.get(ctx, name, options);
      } catch (err) {
        // kube answers any failure to read the owner as the subresource not being found.
        if ((err as { status?: { code?: number } }).status?.code === 404) throw newNotFound(scaleGR, name);
        throw err;
      }
      return scaleOf(obj);
    },

    async update(ctx, name, objInfo, options) {
      const result = await parent.update(
        ctx,
        name,
        async (old) => {
          if (old === undefined) throw newNotFound(gr, name);
          const workload = structuredClone(old) as Workload;
          // Ownership of spec.replicas shows on the Scale as ownership of its spec.replicas.
          const managedFields = createScaleHandler(workload.metadata?.managedFields, apiVersion, replicasPaths);
          const oldScale = scaleOf(workload);
          const scaleEntries = managedFields.toSubresource();
          if (scaleEntries.length > 0) metaOf(oldScale).managedFields = scaleEntries;
          const scale = await objInfo(oldScale);
          if (scale === undefined || scale === null) throw newBadRequest('nil update passed to Scale');
          const meta = metaOf(scale);
          // The handler's checks of a PUT body (checkName, EnsureObjectNamespaceMatchesRequestNamespace).
          if ((meta.name ?? '') !== name) {
            throw newBadRequest(`the name of the object (${meta.name ?? ''}) does not match the name on the URL (${name})`);
          }
          const ns = ctx.namespace ?? '';
          if ((meta.namespace ?? '') === '') meta.namespace = ns;
          else if (meta.namespace !== ns) throw newBadRequest('the namespace of the provided object does not match the namespace sent on the request');
          scaleKind.defaults(scale as never);
          const errs = scaleKind.validate(scale as never);
          if (errs.length > 0) throw newInvalid({ group: 'autoscaling', kind: 'Scale' }, name, errs);
          const wm = metaOf(workload);
          if (meta.uid && meta.uid !== wm.uid) {
            throw newConflict(scaleGR, name, `Precondition failed: UID in precondition: ${meta.uid}, UID in object meta: ${wm.uid ?? ''}`);
          }
          workload.spec = { ...(workload.spec ?? {}), replicas: (scale.spec as { replicas?: number } | undefined)?.replicas ?? 0 };
          // A resourceVersion on the Scale is a precondition on the owner; none means unconditional.
          if (meta.resourceVersion) wm.resourceVersion = meta.resourceVersion;
          else delete wm.resourceVersion;
          const parentEntries = managedFields.toParent(meta.managedFields);
          if (parentEntries.length > 0) wm.managedFields = parentEntries;
          else delete wm.managedFields;
          return workload;
        },
        options,
      );
      return { object: scaleOf(result.object), created: false };
    },

    create: unsupported('create'),
    list: unsupported('list'),
    delete: unsupported('delete'),
    watch: unsupported('watch'),
  };
}
