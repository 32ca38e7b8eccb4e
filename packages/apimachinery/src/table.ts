// Behaviour of k8s.io/apimachinery/pkg/apis/meta/v1/types.go Table (v1.33): server-side printing.
import type { ListMeta, ObjectMeta } from './meta.ts';

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

export interface PartialObjectMetadata {
  kind: 'PartialObjectMetadata';
  apiVersion: string;
  metadata: ObjectMeta;
}

export type IncludeObjectPolicy = 'None' | 'Metadata' | 'Object';

/** ObjectMeta's documentation of `name`, used as a column description. */
export const objectMetaNameDescription =
  'Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names';

/** ObjectMeta's documentation of `creationTimestamp`, used as a column description. */
export const objectMetaCreationTimestampDescription =
  'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata';
