// Behaviour of k8s.io/apimachinery/pkg/apis/meta/v1/types.go (v1.33): the object model every kind shares.
import { z } from 'zod';
import { field, struct, types } from './schema/declare.ts';

/** apiVersion and kind; both may be absent on a request body (the URL supplies them). */
export const TypeMeta = z.looseObject({
  apiVersion: z.string().optional(),
  kind: z.string().optional(),
});
export type TypeMeta = z.infer<typeof TypeMeta>;

const metaV1 = (name: string, description: string) => ({
  id: `io.k8s.apimachinery.pkg.apis.meta.v1.${name}`,
  protoName: `k8s.io.apimachinery.pkg.apis.meta.v1.${name}`,
  description,
});

/** A reference to an owning object (garbage collection). */
export const OwnerReference = struct({ ...metaV1('OwnerReference', 'A reference to an object that owns this one; owned objects are garbage-collected with their owner.'), mapType: 'atomic' }, {
  apiVersion: field(5, types.string(), { description: 'API version of the owner.', required: true }),
  kind: field(1, types.string(), { description: 'Kind of the owner.', required: true }),
  name: field(3, types.string(), { description: 'Name of the owner.', required: true }),
  uid: field(4, types.string(), { description: 'UID of the owner.', required: true }),
  controller: field(6, types.bool(), { description: 'True when the owner is the managing controller.', pointer: true }),
  blockOwnerDeletion: field(7, types.bool(), {
    description: 'True when the owner cannot be deleted from the key-value store until this reference is removed (foreground deletion).',
    pointer: true,
  }),
});
export type OwnerReference = z.infer<typeof OwnerReference>;

/** One manager's set of owned fields (server-side apply). */
export const ManagedFieldsEntry = struct(metaV1('ManagedFieldsEntry', 'The fields a workflow (a manager) owns, and the operation that made it own them.'), {
  manager: field(1, types.string(), { description: 'The name of the workflow managing these fields.' }),
  // Any string decodes; validation accepts only Apply and Update.
  operation: field(2, types.string(), { description: 'The operation that made this entry: Apply or Update.' }),
  apiVersion: field(3, types.string(), { description: 'The version of the resource the field set applies to.' }),
  time: field(4, types.time(), { description: 'When the entry was last changed.', pointer: true }),
  fieldsType: field(6, types.string(), { description: 'The format of the fields; only FieldsV1.' }),
  fieldsV1: field(7, types.fieldsV1(), { description: 'The set of fields, as a trie of field names.', pointer: true }),
  subresource: field(8, types.string(), { description: 'The subresource through which the fields were written, if any.' }),
});
export type ManagedFieldsEntry = z.infer<typeof ManagedFieldsEntry>;

/** Metadata every persisted object carries. Server-owned fields are set by the registry, never trusted from clients. */
export const ObjectMeta = struct(metaV1('ObjectMeta', 'Metadata that all persisted resources must have.'), {
  name: field(1, types.string(), { description: 'Unique name within a namespace (or the cluster for cluster-scoped kinds). Cannot be updated.' }),
  generateName: field(2, types.string(), { description: 'A prefix the server completes into a unique name when name is empty.' }),
  namespace: field(3, types.string(), { description: 'The namespace the object lives in; empty for cluster-scoped kinds.' }),
  selfLink: field(4, types.string(), { description: 'Deprecated; never set.' }),
  uid: field(5, types.string(), { description: 'Unique in time and space; set by the server on create. Read-only.' }),
  resourceVersion: field(6, types.string(), { description: 'Opaque version of the object, for optimistic concurrency and watches. Read-only.' }),
  generation: field(7, types.int64(), { description: 'Sequence number of a specific generation of the desired state. Read-only.' }),
  creationTimestamp: field(8, types.time(), { description: 'When the object was created, in RFC 3339 UTC. Read-only.' }),
  deletionTimestamp: field(9, types.time(), { description: 'When the object will be deleted; set by the server when deletion is requested. Read-only.', pointer: true }),
  deletionGracePeriodSeconds: field(10, types.int64(), { description: 'Seconds allowed for graceful termination before removal. Read-only.', pointer: true }),
  labels: field(11, types.map(types.string()), { description: 'String keys and values used to organize and select objects.' }),
  annotations: field(12, types.map(types.string()), { description: 'Arbitrary non-identifying metadata.' }),
  ownerReferences: field(13, types.list(OwnerReference), {
    description: 'The objects this object depends on.',
    patchStrategy: 'merge',
    patchMergeKey: 'uid',
    listType: 'map',
    listMapKeys: ['uid'],
  }),
  finalizers: field(14, types.list(types.string()), {
    description: 'Conditions that must be cleared before the object is removed.',
    patchStrategy: 'merge',
    listType: 'set',
  }),
  managedFields: field(17, types.list(ManagedFieldsEntry), { description: 'The fields each manager owns (server-side apply).', listType: 'atomic' }),
});
export type ObjectMeta = z.infer<typeof ObjectMeta>;

/** Metadata of a list: its resourceVersion and paging state. */
export const ListMeta = z.looseObject({
  selfLink: z.string().optional(),
  resourceVersion: z.string().optional(),
  continue: z.string().optional(),
  remainingItemCount: z.number().int().optional(),
});
export type ListMeta = z.infer<typeof ListMeta>;

/** Any object with TypeMeta and ObjectMeta. The in-memory form of every stored object is plain JSON data. */
export interface KubeObject {
  apiVersion?: string | undefined;
  kind?: string | undefined;
  metadata?: ObjectMeta | undefined;
  [field: string]: unknown;
}

/** A list of objects: `items` plus ListMeta. */
export interface KubeList<T extends KubeObject = KubeObject> {
  apiVersion?: string | undefined;
  kind?: string | undefined;
  metadata: ListMeta;
  items: T[];
}

export const StatusCause = z.object({
  reason: z.string().optional(),
  message: z.string().optional(),
  field: z.string().optional(),
});
export type StatusCause = z.infer<typeof StatusCause>;

export const StatusDetails = z.object({
  name: z.string().optional(),
  group: z.string().optional(),
  kind: z.string().optional(),
  uid: z.string().optional(),
  causes: z.array(StatusCause).optional(),
  retryAfterSeconds: z.number().int().optional(),
});
export type StatusDetails = z.infer<typeof StatusDetails>;

/** The body of every API error (and of some successful deletes). Field order is kube's. */
export const Status = z.object({
  kind: z.literal('Status'),
  apiVersion: z.literal('v1'),
  metadata: ListMeta,
  status: z.enum(['Success', 'Failure']).optional(),
  message: z.string().optional(),
  reason: z.string().optional(),
  details: StatusDetails.optional(),
  code: z.number().int().optional(),
});
export type Status = z.infer<typeof Status>;

/** Preconditions a write must satisfy against the stored object. */
export interface Preconditions {
  uid?: string;
  resourceVersion?: string;
}

/** Reads `metadata` of an object, creating it when absent. */
export function metaOf(obj: KubeObject): ObjectMeta {
  if (obj.metadata === undefined || obj.metadata === null || typeof obj.metadata !== 'object') {
    obj.metadata = {};
  }
  return obj.metadata;
}

const objectMetaOrder = [
  'name',
  'generateName',
  'namespace',
  'selfLink',
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'labels',
  'annotations',
  'ownerReferences',
  'finalizers',
  'managedFields',
] as const;

/** ObjectMeta with its keys in kube's field order (unknown keys last). */
export function orderObjectMeta(meta: ObjectMeta): ObjectMeta {
  const out: Record<string, unknown> = {};
  for (const k of objectMetaOrder) if (meta[k] !== undefined) out[k] = meta[k];
  for (const [k, v] of Object.entries(meta)) if (!(k in out) && v !== undefined) out[k] = v;
  return out as ObjectMeta;
}

/**
 * The object as kube serialises it: kind, apiVersion, metadata (in ObjectMeta's order), then the
 * remaining fields. Pass `typeMeta` to set kind and apiVersion, or `null` to leave them out (items
 * of typed lists carry none).
 */
export function orderObject<T extends KubeObject>(obj: T, typeMeta: { apiVersion: string; kind: string } | null): T {
  const out: Record<string, unknown> = {};
  if (typeMeta) {
    out.kind = typeMeta.kind;
    out.apiVersion = typeMeta.apiVersion;
  }
  out.metadata = orderObjectMeta(obj.metadata ?? {});
  for (const [k, v] of Object.entries(obj)) {
    if (k === 'kind' || k === 'apiVersion' || k === 'metadata' || v === undefined) continue;
    out[k] = v;
  }
  return out as T;
}

/**
 * On an item of a list made from a stored object (the watch cache's, frozen and shared): that
 * object, so that an encoder may keep one encoding of it for every list it appears in. A symbol
 * key: JSON, YAML and structured clones never see it.
 */
export const listItemSource: unique symbol = Symbol('kapi.listItemSource');

const objectMetaIndex: ReadonlyMap<string, number> = new Map(objectMetaOrder.map((k, i) => [k, i]));

/** True when meta's keys already are in ObjectMeta's order (unknown keys last) and none is undefined. */
function inObjectMetaOrder(meta: ObjectMeta): boolean {
  let last = -1;
  for (const k in meta) {
    if ((meta as Record<string, unknown>)[k] === undefined) return false;
    const i = objectMetaIndex.get(k) ?? objectMetaOrder.length;
    if (i < last) return false;
    last = i;
  }
  return true;
}

/**
 * The object itself when it already is in kube's order (kind, apiVersion, metadata in ObjectMeta's
 * order, then the rest; no undefined fields), else {@link orderObject} of it keeping its type meta.
 * The watch cache stores objects so, and list items made from them then share their metadata.
 */
export function inSerializationOrder<T extends KubeObject>(obj: T): T {
  if (isInSerializationOrder(obj)) return obj;
  const out: Record<string, unknown> = {};
  if (obj.kind !== undefined) out.kind = obj.kind;
  if (obj.apiVersion !== undefined) out.apiVersion = obj.apiVersion;
  if (obj.metadata !== undefined) out.metadata = orderObjectMeta(obj.metadata);
  for (const k in obj) {
    const v = (obj as Record<string, unknown>)[k];
    if (k !== 'kind' && k !== 'apiVersion' && k !== 'metadata' && v !== undefined) out[k] = v;
  }
  return out as T;
}

function isInSerializationOrder(obj: KubeObject): boolean {
  // 0: kind may come, 1: apiVersion may come, 2: metadata may come, 3: the rest.
  let stage = 0;
  for (const k in obj) {
    if ((obj as Record<string, unknown>)[k] === undefined) return false;
    const at = k === 'kind' ? 0 : k === 'apiVersion' ? 1 : k === 'metadata' ? 2 : 3;
    if (at < stage) return false;
    stage = at === 3 ? 3 : at + 1;
  }
  return obj.metadata === undefined || obj.metadata === null || inObjectMetaOrder(obj.metadata);
}

/**
 * {@link orderObject} without type meta, for a list item, remembering the frozen object it was made
 * from. A frozen object whose metadata is already in order (the watch cache's) lends the item its
 * metadata: only the top level is new.
 */
export function orderListItem<T extends KubeObject>(obj: T): T {
  if (!Object.isFrozen(obj)) return orderObject(obj, null);
  const meta = obj.metadata;
  let item: T;
  if (meta !== undefined && meta !== null && Object.isFrozen(meta) && inObjectMetaOrder(meta)) {
    const out: Record<string, unknown> = { metadata: meta };
    for (const k in obj) {
      const v = (obj as Record<string, unknown>)[k];
      if (k !== 'kind' && k !== 'apiVersion' && k !== 'metadata' && v !== undefined) out[k] = v;
    }
    item = out as T;
  } else {
    item = orderObject(obj, null);
  }
  Object.defineProperty(item, listItemSource, { value: obj });
  return item;
}

/** The watch event as it travels (metav1.WatchEvent). */
export const WatchEventSchema = z.object({
  type: z.enum(['ADDED', 'MODIFIED', 'DELETED', 'BOOKMARK', 'ERROR']),
  object: z.record(z.string(), z.unknown()),
});

/** meta.k8s.io PartialObjectMetadata: an object reduced to its metadata. */
export const PartialObjectMetadata = z.object({
  kind: z.literal('PartialObjectMetadata'),
  apiVersion: z.enum(['meta.k8s.io/v1', 'meta.k8s.io/v1beta1']),
  metadata: ObjectMeta,
});

export type PartialObjectMetadata = z.infer<typeof PartialObjectMetadata>;

export const PartialObjectMetadataList = z.object({
  kind: z.literal('PartialObjectMetadataList'),
  apiVersion: z.enum(['meta.k8s.io/v1', 'meta.k8s.io/v1beta1']),
  metadata: ListMeta,
  items: z.array(PartialObjectMetadata.omit({ kind: true, apiVersion: true }).extend({ kind: z.string().optional(), apiVersion: z.string().optional() })),
});
