// Behaviour of k8s.io/apimachinery/pkg/apis/meta/v1/types.go Table (v1.33): server-side printing.
import { z } from 'zod';
import { ListMeta } from './meta.ts';

export interface TableColumnDefinition {
  name: string;
  type: string;
  format: string;
  description: string;
  priority: number;
}

export interface TableRow {
  cells: unknown[];
  conditions?: { type: string; status: string; reason?: string; message?: string }[];
  /** The row's object: PartialObjectMetadata by default (includeObject=Metadata), the object, or null. */
  object: unknown;
}

/** `columnDefinitions` and `rows` are always present; null when absent, as kube writes them. */
export interface Table {
  kind: 'Table';
  apiVersion: string;
  metadata: ListMeta;
  columnDefinitions: TableColumnDefinition[] | null;
  rows: TableRow[] | null;
}

export type IncludeObjectPolicy = 'None' | 'Metadata' | 'Object';

/** ObjectMeta's documentation of `name`, used as a column description. */
export const objectMetaNameDescription =
  'Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names';

/** ObjectMeta's documentation of `creationTimestamp`, used as a column description. */
export const objectMetaCreationTimestampDescription =
  'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata';

/** The Table schema, for checking what the server writes and clients read. */
export const TableSchema = z.object({
  kind: z.literal('Table'),
  apiVersion: z.enum(['meta.k8s.io/v1', 'meta.k8s.io/v1beta1']),
  metadata: ListMeta,
  columnDefinitions: z
    .array(z.object({ name: z.string(), type: z.string(), format: z.string(), description: z.string(), priority: z.number().int() }))
    .nullable(),
  rows: z
    .array(
      z.object({
        cells: z.array(z.unknown()),
        conditions: z.array(z.object({ type: z.string(), status: z.string(), reason: z.string().optional(), message: z.string().optional() })).optional(),
        object: z.unknown(),
      }),
    )
    .nullable(),
});
