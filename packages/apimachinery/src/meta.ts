// Behaviour of k8s.io/apimachinery/pkg/apis/meta/v1/types.go (v1.33): the object model every kind shares.
import { z } from 'zod';

/** apiVersion and kind; both may be absent on a request body (the URL supplies them). */
export const TypeMeta = z.looseObject({
  apiVersion: z.string().optional(),
  kind: z.string().optional(),
});
export type TypeMeta = z.infer<typeof TypeMeta>;

/** A reference to an owning object (garbage collection). */
export const OwnerReference = z.looseObject({
  apiVersion: z.string().optional(),
  kind: z.string().optional(),
  name: z.string().optional(),
  uid: z.string().optional(),
  controller: z.boolean().optional(),
  blockOwnerDeletion: z.boolean().optional(),
});
export type OwnerReference = z.infer<typeof OwnerReference>;

/** One manager's set of owned fields (server-side apply). */
export const ManagedFieldsEntry = z.looseObject({
  manager: z.string().optional(),
  // Any string decodes; validation accepts only Apply and Update.
  operation: z.string().optional(),
  apiVersion: z.string().optional(),
  time: z.string().optional(),
  fieldsType: z.string().optional(),
  fieldsV1: z.record(z.string(), z.unknown()).optional(),
  subresource: z.string().optional(),
});
export type ManagedFieldsEntry = z.infer<typeof ManagedFieldsEntry>;

/** Metadata every persisted object carries. Server-owned fields are set by the registry, never trusted from clients. */
export const ObjectMeta = z.looseObject({
  name: z.string().optional(),
  generateName: z.string().optional(),
  namespace: z.string().optional(),
  selfLink: z.string().optional(),
  uid: z.string().optional(),
  resourceVersion: z.string().optional(),
  generation: z.number().int().optional(),
  creationTimestamp: z.string().nullable().optional(),
  deletionTimestamp: z.string().nullable().optional(),
  deletionGracePeriodSeconds: z.number().int().optional(),
  labels: z.record(z.string(), z.string()).optional(),
  annotations: z.record(z.string(), z.string()).optional(),
  ownerReferences: z.array(OwnerReference).optional(),
  finalizers: z.array(z.string()).optional(),
  managedFields: z.array(ManagedFieldsEntry).optional(),
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
